//! Screen text laid out as egui shapes: the HUD (top left, on a
//! translucent panel), the help (on an opaque panel, its groups flowed
//! into columns, titles in their own colour) and the crosshair. Sizes are
//! in egui points, and a point grows with the target's height, so the text
//! keeps its share of the view at any window size. The
//! [`TextPass`](super::text_pass::TextPass) draws what is painted here.

use std::sync::Arc;

use egui::{Color32, FontId, Galley, Id, LayerId, Order, Painter, Pos2, Rect, Vec2, pos2, vec2};

use crate::bindings::HelpGroup;

/// What the screen text shows this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct HudText<'a> {
    /// HUD lines, top left.
    pub hud: Option<&'a [String]>,
    /// The help's groups, in reading order: down each column, then across.
    pub help: Option<&'a [HelpGroup]>,
    /// A crosshair at the centre.
    pub crosshair: bool,
}

impl HudText<'_> {
    /// Whether nothing shows.
    pub fn is_empty(&self) -> bool {
        self.hud.is_none_or(<[String]>::is_empty) && self.help.is_none() && !self.crosshair
    }
}

/// The target height, in pixels, at which a point is one pixel.
const POINT_HEIGHT_RATIO: f32 = 720.0;
/// The fewest pixels a point covers, so text on a tiny target stays text.
const MIN_PIXELS_PER_POINT: f32 = 0.5;

/// Pixels per egui point on a target `height` pixels tall: one at 720
/// rows, in proportion above and below.
pub fn pixels_per_point(height: u32) -> f32 {
    (height as f32 / POINT_HEIGHT_RATIO).max(MIN_PIXELS_PER_POINT)
}

/// What egui is told of a target of `size` pixels: its rectangle in points
/// and its pixels per point.
pub fn text_input((width, height): (u32, u32)) -> egui::RawInput {
    let pixels_per_point = pixels_per_point(height);
    let mut input = egui::RawInput {
        screen_rect: Some(Rect::from_min_size(
            Pos2::ZERO,
            vec2(width as f32, height as f32) / pixels_per_point,
        )),
        ..egui::RawInput::default()
    };
    input
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .native_pixels_per_point = Some(pixels_per_point);
    input
}

const HUD_TEXT: Color32 = Color32::from_rgb(249, 249, 242);
/// The HUD's panel lets the scene show through: it stays up while walking.
const HUD_PANEL: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 153);
const HELP_TEXT: Color32 = Color32::from_rgb(245, 245, 239);
/// Help titles stand out from their lines by colour (a warm amber).
const HELP_TITLE: Color32 = Color32::from_rgb(255, 206, 97);
/// The help's panel is opaque: text over a busy scene is hard to read, and
/// nothing behind the help matters while it is open.
const HELP_PANEL: Color32 = Color32::from_rgb(29, 29, 36);
const CROSSHAIR: Color32 = Color32::from_rgba_premultiplied(217, 217, 217, 217);

/// The HUD's text size, in points: a little above egui's body text, to be
/// read at a glance while walking.
const HUD_TEXT_SIZE: f32 = 15.0;
/// The smallest text the help shrinks to where it would not fit whole.
const HELP_MIN_TEXT_SIZE: f32 = 6.0;
/// Space between a panel's edge and the target's, in points.
const MARGIN: f32 = 8.0;
/// Padding around the text of a panel, in points.
const PADDING: f32 = 6.0;
/// The crosshair's arms from the centre, and their thickness, in points.
const CROSSHAIR_ARM: f32 = 12.0;
const CROSSHAIR_THICKNESS: f32 = 2.0;

/// egui's body text size, in points: the help's size wherever it fits.
pub fn body_text_size() -> f32 {
    egui::Style::default()
        .text_styles
        .get(&egui::TextStyle::Body)
        .map_or(HUD_TEXT_SIZE, |font| font.size)
}

/// Paints `overlay` on `context`'s screen: the HUD, the crosshair, then
/// the help.
pub fn paint(context: &egui::Context, overlay: &HudText<'_>) {
    let screen = context.content_rect();
    let layer = LayerId::new(Order::Foreground, Id::unique("screen text"));
    let painter = context.layer_painter(layer).with_clip_rect(screen);
    let hud = overlay
        .hud
        .filter(|lines| !lines.is_empty())
        .map(|lines| paint_hud(&painter, lines));
    if overlay.crosshair {
        paint_crosshair(&painter, screen.center());
    }
    if let Some(groups) = overlay.help {
        paint_help(&painter, groups, screen, hud);
    }
}

/// The HUD's panel in the top-left corner with `lines` on it; returns the
/// panel's rectangle.
fn paint_hud(painter: &Painter, lines: &[String]) -> Rect {
    let font = FontId::monospace(HUD_TEXT_SIZE);
    let galleys: Vec<Arc<Galley>> = lines
        .iter()
        .map(|line| painter.layout_no_wrap(line.clone(), font.clone(), HUD_TEXT))
        .collect();
    let row_height = painter.fonts_mut(|fonts| fonts.row_height(&font));
    let widest = galleys
        .iter()
        .map(|galley| galley.size().x)
        .fold(0.0, f32::max);
    let text_size = vec2(widest, galleys.len() as f32 * row_height);
    let panel = Rect::from_min_size(pos2(MARGIN, MARGIN), text_size + Vec2::splat(2.0 * PADDING));
    painter.rect_filled(panel, 0.0, HUD_PANEL);
    for (row, galley) in galleys.into_iter().enumerate() {
        let at = panel.min + vec2(PADDING, PADDING + row as f32 * row_height);
        painter.galley(at, galley, HUD_TEXT);
    }
    panel
}

/// Two bars crossing at `centre`.
fn paint_crosshair(painter: &Painter, centre: Pos2) {
    let horizontal = vec2(2.0 * CROSSHAIR_ARM, CROSSHAIR_THICKNESS);
    let vertical = vec2(CROSSHAIR_THICKNESS, 2.0 * CROSSHAIR_ARM);
    for size in [horizontal, vertical] {
        painter.rect_filled(Rect::from_center_size(centre, size), 0.0, CROSSHAIR);
    }
}

/// The help's opaque panel with its rows, placed by [`help_origin`] on
/// `screen` and cut to it: the panel to its part inside, the text to the
/// rows wholly inside.
fn paint_help(painter: &Painter, groups: &[HelpGroup], screen: Rect, hud: Option<Rect>) {
    let room = screen.size() - Vec2::splat(2.0 * (MARGIN + PADDING));
    let help = help_layout(painter, groups, room);
    if help.rows.is_empty() {
        return;
    }
    let size = help.size + Vec2::splat(2.0 * PADDING);
    let hud_corner = hud.map(|panel| panel.max + Vec2::splat(MARGIN));
    let origin = help_origin(size, screen, hud_corner);
    let panel = Rect::from_min_size(origin, size).intersect(screen);
    if !panel.is_positive() {
        return;
    }
    painter.rect_filled(panel, 0.0, HELP_PANEL);
    for row in &help.rows {
        let at = origin + Vec2::splat(PADDING) + row.at.to_vec2();
        if panel.contains_rect(Rect::from_min_size(at, row.galley.size())) {
            let colour = if row.title { HELP_TITLE } else { HELP_TEXT };
            painter.galley(at, row.galley.clone(), colour);
        }
    }
}

/// One row of the help laid out: its text, and whether it is a title.
#[derive(Debug, Clone)]
struct HelpRow {
    galley: Arc<Galley>,
    title: bool,
}

/// A help row placed, in points from the top-left corner of the panel's
/// text.
#[derive(Debug, Clone)]
struct PlacedRow {
    galley: Arc<Galley>,
    title: bool,
    at: Pos2,
}

/// The help flowed into columns at one text size.
#[derive(Debug, Clone, Default)]
struct HelpLayout {
    /// Every row, in reading order.
    rows: Vec<PlacedRow>,
    /// How many columns the rows fill.
    columns: usize,
    /// The size of the text, in points (without the panel's padding).
    size: Vec2,
}

/// The help's rows at `text_size` points, group by group (a title, when
/// there is one, first).
fn help_rows(painter: &Painter, groups: &[HelpGroup], text_size: f32) -> Vec<Vec<HelpRow>> {
    let font = FontId::monospace(text_size);
    let row = |text: &str, title: bool| HelpRow {
        galley: painter.layout_no_wrap(
            text.to_owned(),
            font.clone(),
            if title { HELP_TITLE } else { HELP_TEXT },
        ),
        title,
    };
    groups
        .iter()
        .map(|group| {
            let title = (!group.title.is_empty()).then(|| row(&group.title, true));
            let lines = group.lines.iter().map(|line| row(line, false));
            title.into_iter().chain(lines).collect()
        })
        .collect()
}

/// Flows `groups` of rows `row_height` points tall into columns at most
/// `max_height` points tall, left to right: a group that does not fit
/// under the previous one starts a new column (half a row below the
/// previous group when it fits), and only a group taller than a whole
/// column is split (its title stays on top of its first part). A column
/// holds at least one row. Columns stand `row_height` apart.
fn flow(groups: &[Vec<HelpRow>], row_height: f32, max_height: f32) -> HelpLayout {
    let mut columns: Vec<Vec<(&HelpRow, f32)>> = vec![Vec::new()];
    // The top of the next row in the last column.
    let mut y = 0.0;
    for rows in groups.iter().filter(|rows| !rows.is_empty()) {
        let height = rows.len() as f32 * row_height;
        if columns.last().is_some_and(|column| !column.is_empty()) {
            y += row_height / 2.0;
            if y + height > max_height {
                columns.push(Vec::new());
                y = 0.0;
            }
        }
        for row in rows {
            if columns.last().is_some_and(|column| !column.is_empty())
                && y + row_height > max_height
            {
                columns.push(Vec::new());
                y = 0.0;
            }
            if let Some(column) = columns.last_mut() {
                column.push((row, y));
            }
            y += row_height;
        }
    }
    let mut layout = HelpLayout {
        columns: columns.len(),
        ..HelpLayout::default()
    };
    let mut x = 0.0;
    for column in columns {
        let widest = column
            .iter()
            .map(|(row, _)| row.galley.size().x)
            .fold(0.0, f32::max);
        let bottom = column.last().map_or(0.0, |(_, y)| y + row_height);
        layout.size = vec2(x + widest, layout.size.y.max(bottom));
        layout
            .rows
            .extend(column.into_iter().map(|(row, y)| PlacedRow {
                galley: row.galley.clone(),
                title: row.title,
                at: pos2(x, y),
            }));
        x += widest + row_height;
    }
    layout
}

/// The help flowed into `room` points at the largest text size, from
/// egui's body size down to [`HELP_MIN_TEXT_SIZE`], at which all of it
/// fits, in as few columns as that size allows, evened out in height.
/// Where it fits at no size, the smallest size in columns as tall as the
/// room: the caller cuts what falls outside.
fn help_layout(painter: &Painter, groups: &[HelpGroup], room: Vec2) -> HelpLayout {
    let fits = |help: &HelpLayout| help.size.x <= room.x && help.size.y <= room.y;
    let mut text_size = body_text_size();
    loop {
        let rows = help_rows(painter, groups, text_size);
        let row_height = painter.fonts_mut(|fonts| fonts.row_height(&FontId::monospace(text_size)));
        let tallest = flow(&rows, row_height, room.y);
        let smallest = text_size - 1.0 < HELP_MIN_TEXT_SIZE;
        if fits(&tallest) || smallest {
            // The least height, in whole points, that keeps as few columns.
            let (mut low, mut high) = (0, room.y.max(0.0) as u32);
            while low < high {
                let middle = (low + high) / 2;
                if flow(&rows, row_height, middle as f32).columns <= tallest.columns {
                    high = middle;
                } else {
                    low = middle + 1;
                }
            }
            let even = flow(&rows, row_height, high as f32);
            let help = if fits(&even) { even } else { tallest };
            if fits(&help) || smallest {
                return help;
            }
        }
        text_size -= 1.0;
    }
}

/// Where the help panel of `size` points goes on `screen`: centred; moved
/// below, else right of, the HUD (whose panel with its margin ends at
/// `hud_corner`) when it would cover the HUD and the move keeps it inside
/// the margin; over the HUD when neither does.
fn help_origin(size: Vec2, screen: Rect, hud_corner: Option<Pos2>) -> Pos2 {
    let centred = (screen.min + (screen.size() - size).max(Vec2::ZERO) / 2.0).floor();
    let Some(hud) = hud_corner else {
        return centred;
    };
    if centred.x >= hud.x || centred.y >= hud.y {
        return centred;
    }
    let inside = |at: &Pos2| {
        at.x + size.x + MARGIN <= screen.max.x && at.y + size.y + MARGIN <= screen.max.y
    };
    [pos2(centred.x, hud.y), pos2(hud.x, centred.y)]
        .into_iter()
        .find(inside)
        .unwrap_or(centred)
}

#[cfg(test)]
mod tests;
