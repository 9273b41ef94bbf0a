//! The tool UI's glyphs, rasterised ahead of need, a few a frame. egui
//! rasterises a glyph the first time a text needs it, once for each of the
//! four quarter-pixel offsets it is drawn at, and adds it to the font
//! texture. The property panel's first frame would otherwise rasterise a
//! few hundred at once: the longest stretch of the page's own work when
//! edit mode opens (docs/web.md). From its first frame on, the tool UI lays
//! out each printable ASCII character in each font it draws with at each
//! offset, a few each frame, so that the panel finds them in the texture.

use std::ops::RangeInclusive;

use egui::epaint::text::{ByteIndex, LayoutJob, LayoutSection};
use egui::{Color32, FontId, TextFormat, TextStyle};

/// The text styles the tool UI draws with, the most used first: labels,
/// then the numbers, words and the progress bar's percentage (egui draws
/// them as buttons), then window titles.
const STYLES: [TextStyle; 3] = [TextStyle::Body, TextStyle::Button, TextStyle::Heading];

/// The characters warmed up: printable ASCII, which the panel's labels,
/// numbers and words, the progress bar and the usual material names are
/// made of.
const CHARACTERS: RangeInclusive<char> = ' '..='~';

/// The horizontal offsets, in pixels, that egui rasterises a glyph at (its
/// sub-pixel bins); a glyph drawn elsewhere takes the nearest.
const SUBPIXEL_OFFSETS: [f32; 4] = [0.0, 0.25, 0.5, 0.75];

/// How many glyphs one frame lays out: few enough that no frame pays much
/// for them, and all of them done within a hundred frames.
pub const GLYPHS_PER_FRAME: usize = 8;

/// How far the warm-up has got: the next glyph to lay out, counting over
/// every font, offset and character in turn, and whether all are done.
#[derive(Debug, Default)]
pub struct GlyphWarmUp {
    next: usize,
    done: bool,
}

impl GlyphWarmUp {
    /// Lays out the next glyphs, at most [`GLYPHS_PER_FRAME`], in the pass
    /// `context` is running (a layout outside a pass would be lost with
    /// the next pass's start); egui hands the glyphs it rasterised to the
    /// renderer with the pass's textures. Nothing once all are done.
    pub fn step(&mut self, context: &egui::Context) {
        if self.done {
            return;
        }
        let fonts = distinct_fonts(context);
        let characters: Vec<char> = CHARACTERS.collect();
        let per_font = SUBPIXEL_OFFSETS.len() * characters.len();
        let total = fonts.len() * per_font;
        let end = total.min(self.next + GLYPHS_PER_FRAME);
        self.done = end == total;
        if self.next >= end {
            return;
        }
        let pixels_per_point = context.pixels_per_point();
        let mut job = LayoutJob::default();
        for glyph in self.next..end {
            let font = &fonts[glyph / per_font];
            let offset = SUBPIXEL_OFFSETS[glyph % per_font / characters.len()];
            let character = characters[glyph % characters.len()];
            // A line each, so that each glyph starts at the line's
            // indentation: the offset wanted.
            let start = job.text.len();
            job.text.push(character);
            job.text.push('\n');
            job.sections.push(LayoutSection {
                leading_space: offset / pixels_per_point,
                byte_range: ByteIndex(start)..ByteIndex(job.text.len()),
                format: TextFormat::simple(font.clone(), Color32::WHITE),
            });
        }
        context.fonts_mut(|fonts| fonts.layout_job(job));
        self.next = end;
    }

    /// Whether every glyph has been laid out.
    #[cfg(test)]
    pub fn is_done(&self) -> bool {
        self.done
    }
}

/// The fonts of [`STYLES`] in `context`'s style, each once (two styles may
/// share one), in that order.
fn distinct_fonts(context: &egui::Context) -> Vec<FontId> {
    let style = context.global_style();
    let mut fonts: Vec<FontId> = Vec::with_capacity(STYLES.len());
    for font in STYLES.iter().map(|text_style| text_style.resolve(&style)) {
        if !fonts.contains(&font) {
            fonts.push(font);
        }
    }
    fonts
}
