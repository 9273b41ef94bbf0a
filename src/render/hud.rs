//! Screen text: the HUD (top left, on a translucent panel) and the help
//! overlay (on an opaque panel, its groups flowed into columns), drawn with
//! the baked bitmap font of [`font`] scaled by whole pixels, so it stays
//! crisp and legible at any window size and DPI.

use super::Targets;
use super::font::{self, CELL_HEIGHT, CELL_WIDTH, GLYPH_HEIGHT, GLYPH_WIDTH};
use super::pipeline::{Depth, PipelineSpec, create_pipeline, texture_bindings, texture_entries};
use crate::bindings::HelpGroup;

/// Atlas cells: 16 columns by 6 rows hold the 95 printable ASCII glyphs and,
/// last, a solid cell for panels.
const ATLAS_COLUMNS: u32 = 16;
const ATLAS_ROWS: u32 = 6;
/// An atlas cell is a glyph with a one-texel empty border (no bleeding).
const ATLAS_CELL_WIDTH: u32 = GLYPH_WIDTH + 2;
const ATLAS_CELL_HEIGHT: u32 = GLYPH_HEIGHT + 2;
const ATLAS_WIDTH: u32 = ATLAS_COLUMNS * ATLAS_CELL_WIDTH;
const ATLAS_HEIGHT: u32 = ATLAS_ROWS * ATLAS_CELL_HEIGHT;
/// Index of the solid cell (after the 95 glyphs).
const SOLID_CELL: u32 = 95;

/// Screen pixels per font pixel for a target `height` pixels tall: about a
/// 1/36 of the height per text line, rounded — 1 below 540 rows, 2 at 720p,
/// 3 at 1080p, 6 at 2160p.
pub fn text_scale(height: u32) -> u32 {
    (height.saturating_add(180) / 360).max(1)
}

/// What the text pass draws this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct HudText<'a> {
    /// HUD lines, top left.
    pub hud: Option<&'a [String]>,
    /// The help's groups, in reading order: down each column, then across.
    pub help: Option<&'a [HelpGroup]>,
    /// A crosshair at the centre.
    pub crosshair: bool,
}

const HUD_TEXT: [f32; 4] = [0.95, 0.95, 0.88, 1.0];
/// The HUD's panel lets the scene show through: it stays up while walking.
const HUD_PANEL: [f32; 4] = [0.0, 0.0, 0.0, 0.6];
const HELP_TEXT: [f32; 4] = [0.92, 0.92, 0.86, 1.0];
/// Help titles stand out from their lines by colour (a warm amber).
const HELP_TITLE: [f32; 4] = [1.0, 0.62, 0.12, 1.0];
/// The help's panel is opaque: small text over a busy scene is hard to
/// read, and nothing behind the help matters while it is open.
const HELP_PANEL: [f32; 4] = [0.012, 0.012, 0.018, 1.0];
const CROSSHAIR: [f32; 4] = [1.0, 1.0, 1.0, 0.85];

/// One corner of a screen quad.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct TextVertex {
    /// Pixels from the top-left corner of the target.
    pub position: [f32; 2],
    /// Atlas coordinates, 0..1.
    pub uv: [f32; 2],
    /// Linear RGBA; alpha multiplies the glyph's coverage.
    pub colour: [f32; 4],
}

/// Space between a panel's edge and the target's, in font pixels.
const MARGIN: u32 = 4;

/// The quads (two triangles each, six vertices) of `overlay` on a target of
/// `size` pixels.
pub fn layout(overlay: &HudText<'_>, (width, height): (u32, u32)) -> Vec<TextVertex> {
    let scale = text_scale(height);
    let mut quads = Quads::default();
    let margin = MARGIN * scale;
    // Right of and below this corner the help may go without covering the
    // HUD.
    let mut hud_corner = None;
    if let Some(lines) = overlay.hud.filter(|lines| !lines.is_empty()) {
        quads.hud((margin, margin), lines, scale);
        let (hud_width, hud_height) = panel_size(lines, scale);
        hud_corner = Some((margin + hud_width + margin, margin + hud_height + margin));
    }
    if overlay.crosshair {
        let (arm, thickness) = (6 * scale, scale.max(2));
        let (centre_x, centre_y) = (width / 2, height / 2);
        let horizontal = (
            centre_x.saturating_sub(arm),
            centre_y.saturating_sub(thickness / 2),
        );
        quads.quad(horizontal, (2 * arm, thickness), SOLID_CELL, CROSSHAIR);
        let vertical = (
            centre_x.saturating_sub(thickness / 2),
            centre_y.saturating_sub(arm),
        );
        quads.quad(vertical, (thickness, 2 * arm), SOLID_CELL, CROSSHAIR);
    }
    if let Some(groups) = overlay.help {
        // Never larger than the HUD's text: a short help would otherwise
        // fill the window with giant letters.
        let (help_scale, help) = help_layout(groups, (width, height), scale);
        if !help.rows.is_empty() {
            let size = (
                (help.width + 2 * PANEL_PADDING) * help_scale,
                (help.height + 2 * PANEL_PADDING) * help_scale,
            );
            let origin = help_origin(size, (width, height), MARGIN * help_scale, hud_corner);
            quads.help(origin, size, &help, help_scale, (width, height));
        }
    }
    quads.vertices
}

/// Padding around the text of a panel, in font pixels.
const PANEL_PADDING: u32 = 3;
/// Space between two columns of the help, in font pixels: three characters.
const COLUMN_GAP: u32 = 3 * CELL_WIDTH;
/// Extra space above a help title that follows another group in the same
/// column, in font pixels: half a line.
const GROUP_GAP: u32 = CELL_HEIGHT / 2;
/// The blank column right of each glyph and the blank row under it, which
/// the last character of a line and the last row of a column do not need.
const TRAILING_SPACE: (u32, u32) = (CELL_WIDTH - GLYPH_WIDTH, CELL_HEIGHT - GLYPH_HEIGHT);

/// The size in screen pixels of a panel holding `lines`.
fn panel_size(lines: &[String], scale: u32) -> (u32, u32) {
    let widest = lines
        .iter()
        .map(|line| font::line_width(line))
        .max()
        .unwrap_or(0);
    let width = widest + 2 * PANEL_PADDING - TRAILING_SPACE.0;
    let height = lines.len() as u32 * CELL_HEIGHT + 2 * PANEL_PADDING - TRAILING_SPACE.1;
    (width * scale, height * scale)
}

/// One row of the help, placed in font pixels from the top-left corner of
/// the panel's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct HelpRow<'a> {
    text: &'a str,
    title: bool,
    x: u32,
    y: u32,
}

/// The help flowed into columns at one scale.
#[derive(Debug, Clone, PartialEq, Eq)]
struct HelpLayout<'a> {
    /// Every row, in reading order.
    rows: Vec<HelpRow<'a>>,
    /// How many columns the rows fill.
    columns: usize,
    /// The size of the text, in font pixels (without the panel's padding).
    width: u32,
    height: u32,
}

/// Flows `groups` into columns at most `max_height` font pixels tall, left
/// to right: a group that does not fit under the previous one starts a new
/// column, and only a group taller than a whole column is split (its title
/// stays on top of its first part). A column holds at least one row, so a
/// row taller than `max_height` makes a column taller than asked.
fn flow(groups: &[HelpGroup], max_height: u32) -> HelpLayout<'_> {
    let mut columns: Vec<Vec<HelpRow<'_>>> = vec![Vec::new()];
    // The top of the next row in the last column.
    let mut y = 0;
    for group in groups {
        let title = (!group.title.is_empty()).then_some((group.title.as_str(), true));
        let lines = group.lines.iter().map(|line| (line.as_str(), false));
        let rows: Vec<(&str, bool)> = title.into_iter().chain(lines).collect();
        if rows.is_empty() {
            continue;
        }
        let height = rows.len() as u32 * CELL_HEIGHT - TRAILING_SPACE.1;
        if columns.last().is_some_and(|column| !column.is_empty()) {
            y += GROUP_GAP;
            if y + height > max_height {
                columns.push(Vec::new());
                y = 0;
            }
        }
        for (text, title) in rows {
            if columns.last().is_some_and(|column| !column.is_empty())
                && y + GLYPH_HEIGHT > max_height
            {
                columns.push(Vec::new());
                y = 0;
            }
            if let Some(column) = columns.last_mut() {
                column.push(HelpRow {
                    text,
                    title,
                    x: 0,
                    y,
                });
            }
            y += CELL_HEIGHT;
        }
    }
    let mut layout = HelpLayout {
        rows: Vec::new(),
        columns: columns.len(),
        width: 0,
        height: 0,
    };
    let mut x = 0;
    for column in columns {
        let widest = column
            .iter()
            .map(|row| font::line_width(row.text))
            .max()
            .unwrap_or(0);
        let bottom = column.last().map_or(0, |row| row.y + GLYPH_HEIGHT);
        layout.height = layout.height.max(bottom);
        layout.width = x + widest.saturating_sub(TRAILING_SPACE.0);
        layout
            .rows
            .extend(column.into_iter().map(|row| HelpRow { x, ..row }));
        x += widest.saturating_sub(TRAILING_SPACE.0) + COLUMN_GAP;
    }
    layout
}

/// The help flowed for a target of `size` pixels at the largest scale up to
/// `max_scale` at which all of it fits inside the margins, in as few
/// columns as that scale allows, evened out in height. Where it fits at no
/// scale, scale 1 in columns as tall as the target allows: the caller cuts
/// what falls outside.
fn help_layout(
    groups: &[HelpGroup],
    (width, height): (u32, u32),
    max_scale: u32,
) -> (u32, HelpLayout<'_>) {
    // The room for the text at `scale`, in font pixels.
    let room = |scale: u32| {
        let inside = |length: u32| {
            (length.saturating_sub(2 * MARGIN * scale) / scale).saturating_sub(2 * PANEL_PADDING)
        };
        (inside(width), inside(height))
    };
    for scale in (1..=max_scale).rev() {
        let (room_width, room_height) = room(scale);
        let tallest = flow(groups, room_height);
        if tallest.height > room_height {
            continue;
        }
        // The least height that keeps as few columns, for even columns.
        let (mut low, mut high) = (0, room_height);
        while low < high {
            let middle = (low + high) / 2;
            if flow(groups, middle).columns <= tallest.columns {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        let fits = |help: &HelpLayout<'_>| help.width <= room_width && help.height <= room_height;
        if let Some(help) = [flow(groups, high), tallest].into_iter().find(fits) {
            return (scale, help);
        }
    }
    (1, flow(groups, room(1).1))
}

/// Where the help panel of `size` pixels goes on a target of `target`
/// pixels: centred; moved below, else right of, the HUD (whose panel with
/// its margins ends at `hud_corner`) when it would cover the HUD and the
/// move keeps it inside the `margin`; over the HUD when neither does.
fn help_origin(
    size: (u32, u32),
    target: (u32, u32),
    margin: u32,
    hud_corner: Option<(u32, u32)>,
) -> (u32, u32) {
    let centred = (
        target.0.saturating_sub(size.0) / 2,
        target.1.saturating_sub(size.1) / 2,
    );
    let Some((hud_right, hud_bottom)) = hud_corner else {
        return centred;
    };
    if centred.0 >= hud_right || centred.1 >= hud_bottom {
        return centred;
    }
    let inside =
        |(x, y): &(u32, u32)| x + size.0 + margin <= target.0 && y + size.1 + margin <= target.1;
    [(centred.0, hud_bottom), (hud_right, centred.1)]
        .into_iter()
        .find(inside)
        .unwrap_or(centred)
}

#[derive(Debug, Default)]
struct Quads {
    vertices: Vec<TextVertex>,
}

impl Quads {
    /// The HUD's panel with its top-left corner at `origin`, then its lines.
    fn hud(&mut self, origin: (u32, u32), lines: &[String], scale: u32) {
        self.quad(origin, panel_size(lines, scale), SOLID_CELL, HUD_PANEL);
        let padding = PANEL_PADDING * scale;
        for (row, line) in lines.iter().enumerate() {
            let y = origin.1 + padding + row as u32 * CELL_HEIGHT * scale;
            self.text((origin.0 + padding, y), line, scale, HUD_TEXT, u32::MAX);
        }
    }

    /// The help's panel of `size` pixels at `origin`, then its rows, all cut
    /// to a target of `target` pixels: the panel to its part inside, the
    /// text to the glyphs wholly inside.
    fn help(
        &mut self,
        origin: (u32, u32),
        size: (u32, u32),
        help: &HelpLayout<'_>,
        scale: u32,
        target: (u32, u32),
    ) {
        let right = (origin.0 + size.0).min(target.0);
        let bottom = (origin.1 + size.1).min(target.1);
        if right <= origin.0 || bottom <= origin.1 {
            return;
        }
        let visible = (right - origin.0, bottom - origin.1);
        self.quad(origin, visible, SOLID_CELL, HELP_PANEL);
        let padding = PANEL_PADDING * scale;
        for row in &help.rows {
            let x = origin.0 + padding + row.x * scale;
            let y = origin.1 + padding + row.y * scale;
            if y + GLYPH_HEIGHT * scale > bottom {
                continue;
            }
            let colour = if row.title { HELP_TITLE } else { HELP_TEXT };
            self.text((x, y), row.text, scale, colour, right);
        }
    }

    /// One line of `text` starting at `origin`, up to the last glyph that
    /// ends at or left of `right`.
    fn text(&mut self, origin: (u32, u32), text: &str, scale: u32, colour: [f32; 4], right: u32) {
        let size = (GLYPH_WIDTH * scale, GLYPH_HEIGHT * scale);
        for (column, character) in text.chars().enumerate() {
            let x = origin.0 + column as u32 * CELL_WIDTH * scale;
            if x.saturating_add(size.0) > right {
                break;
            }
            if character != ' ' {
                self.quad((x, origin.1), size, glyph_cell(character), colour);
            }
        }
    }

    /// A quad of `size` pixels at `origin` showing atlas cell `cell`'s glyph.
    fn quad(&mut self, origin: (u32, u32), size: (u32, u32), cell: u32, colour: [f32; 4]) {
        let (left, top) = (origin.0 as f32, origin.1 as f32);
        let (right, bottom) = (left + size.0 as f32, top + size.1 as f32);
        let column = cell % ATLAS_COLUMNS;
        let row = cell / ATLAS_COLUMNS;
        let u0 = (column * ATLAS_CELL_WIDTH + 1) as f32 / ATLAS_WIDTH as f32;
        let v0 = (row * ATLAS_CELL_HEIGHT + 1) as f32 / ATLAS_HEIGHT as f32;
        let u1 = u0 + GLYPH_WIDTH as f32 / ATLAS_WIDTH as f32;
        let v1 = v0 + GLYPH_HEIGHT as f32 / ATLAS_HEIGHT as f32;
        let corner = |x: f32, y: f32, u: f32, v: f32| TextVertex {
            position: [x, y],
            uv: [u, v],
            colour,
        };
        self.vertices.extend([
            corner(left, top, u0, v0),
            corner(left, bottom, u0, v1),
            corner(right, bottom, u1, v1),
            corner(left, top, u0, v0),
            corner(right, bottom, u1, v1),
            corner(right, top, u1, v0),
        ]);
    }
}

/// The atlas cell of `character` ('?' for anything the font lacks).
fn glyph_cell(character: char) -> u32 {
    match character {
        ' '..='~' => character as u32 - ' ' as u32,
        _ => '?' as u32 - ' ' as u32,
    }
}

/// The atlas: one byte of coverage per texel.
fn atlas_pixels() -> Vec<u8> {
    let mut pixels = vec![0u8; (ATLAS_WIDTH * ATLAS_HEIGHT) as usize];
    let characters = (' '..='~').map(Some).chain(std::iter::once(None));
    for (cell, character) in characters.enumerate() {
        let cell = cell as u32;
        let left = (cell % ATLAS_COLUMNS) * ATLAS_CELL_WIDTH + 1;
        let top = (cell / ATLAS_COLUMNS) * ATLAS_CELL_HEIGHT + 1;
        for y in 0..GLYPH_HEIGHT {
            for x in 0..GLYPH_WIDTH {
                // The cell after the glyphs is solid, for panels.
                let lit = character.is_none_or(|c| font::glyph_pixel(c, x, y));
                if lit {
                    pixels[((top + y) * ATLAS_WIDTH + left + x) as usize] = 255;
                }
            }
        }
    }
    pixels
}

/// The text pass: the atlas, the pipeline and a vertex buffer rewritten
/// each frame with the current text.
#[derive(Debug)]
pub struct TextPass {
    pipeline: wgpu::RenderPipeline,
    bind_group: wgpu::BindGroup,
    screen: wgpu::Buffer,
    vertices: wgpu::Buffer,
    count: u32,
}

/// Vertices the text buffer holds before it must grow (a full help screen
/// of 65 lines by 45 characters fits).
const INITIAL_TEXT_VERTICES: u64 = 6 * 65 * 45;

impl TextPass {
    /// Uploads the font atlas and builds the pipeline.
    pub fn new(device: &wgpu::Device, queue: &wgpu::Queue, targets: &Targets) -> Self {
        let atlas = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("font atlas"),
            size: wgpu::Extent3d {
                width: ATLAS_WIDTH,
                height: ATLAS_HEIGHT,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::R8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        });
        queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &atlas,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            &atlas_pixels(),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(ATLAS_WIDTH),
                rows_per_image: Some(ATLAS_HEIGHT),
            },
            wgpu::Extent3d {
                width: ATLAS_WIDTH,
                height: ATLAS_HEIGHT,
                depth_or_array_layers: 1,
            },
        );
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("font atlas"),
            ..Default::default()
        });
        let screen = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("screen size"),
            size: 16,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let [texture_entry, sampler_entry] = texture_entries(1);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("text"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::VERTEX,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                },
                texture_entry,
                sampler_entry,
            ],
        });
        let atlas_view = atlas.create_view(&wgpu::TextureViewDescriptor::default());
        let [texture_binding, sampler_binding] = texture_bindings(1, &atlas_view, &sampler);
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("text"),
            layout: &layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: screen.as_entire_binding(),
                },
                texture_binding,
                sampler_binding,
            ],
        });
        let shader = device.create_shader_module(wgpu::include_wgsl!("../../shaders/hud.wgsl"));
        let pipeline = create_pipeline(
            device,
            targets,
            PipelineSpec {
                label: "text",
                shader: &shader,
                entry_points: ("vs_main", "fs_main"),
                bind_group_layouts: &[Some(&layout)],
                vertex_layout: wgpu::VertexBufferLayout {
                    array_stride: size_of::<TextVertex>() as wgpu::BufferAddress,
                    step_mode: wgpu::VertexStepMode::Vertex,
                    attributes: &wgpu::vertex_attr_array![0 => Float32x2, 1 => Float32x2, 2 => Float32x4],
                },
                primitive: wgpu::PrimitiveState::default(),
                depth: Depth::Ignored,
                blend: Some(wgpu::BlendState::ALPHA_BLENDING),
            },
        );
        let vertices = text_buffer(device, INITIAL_TEXT_VERTICES);
        Self {
            pipeline,
            bind_group,
            screen,
            vertices,
            count: 0,
        }
    }

    /// Lays out `overlay` for a target of `size` pixels and uploads it
    /// (growing the buffer when the text no longer fits).
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        overlay: &HudText<'_>,
        size: (u32, u32),
    ) {
        let vertices = layout(overlay, size);
        self.count = vertices.len() as u32;
        if vertices.is_empty() {
            return;
        }
        let needed = vertices.len() as u64;
        if needed * size_of::<TextVertex>() as u64 > self.vertices.size() {
            self.vertices = text_buffer(device, needed.next_power_of_two());
        }
        queue.write_buffer(&self.vertices, 0, bytemuck::cast_slice(&vertices));
        let screen = [size.0 as f32, size.1 as f32, 0.0, 0.0];
        queue.write_buffer(&self.screen, 0, bytemuck::cast_slice(&screen));
    }

    /// Draws what [`prepare`](Self::prepare) laid out.
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        if self.count == 0 {
            return;
        }
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.set_vertex_buffer(0, self.vertices.slice(..));
        pass.draw(0..self.count, 0..1);
    }
}

fn text_buffer(device: &wgpu::Device, vertices: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("text vertices"),
        size: vertices * size_of::<TextVertex>() as u64,
        usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|line| line.to_string()).collect()
    }

    #[test]
    fn text_grows_by_whole_pixels_with_the_target_height() {
        assert_eq!(text_scale(0), 1);
        assert_eq!(text_scale(480), 1);
        assert_eq!(text_scale(539), 1);
        assert_eq!(text_scale(540), 2);
        assert_eq!(text_scale(720), 2);
        assert_eq!(text_scale(1080), 3);
        assert_eq!(text_scale(2160), 6);
    }

    #[test]
    fn hud_is_a_panel_then_one_quad_per_visible_character() {
        let hud = lines(&["x 1.00", "ok"]);
        let overlay = HudText {
            hud: Some(&hud),
            help: None,
            crosshair: false,
        };
        let vertices = layout(&overlay, (1280, 720));
        // Panel + "x", "1", ".", "0", "0" + "o", "k" (the space is skipped).
        assert_eq!(vertices.len(), 6 * (1 + 5 + 2));
        assert_eq!(vertices[0].colour, HUD_PANEL);
        let first_glyph = bounds(&vertices[6..12]);
        assert_eq!(
            first_glyph.2 - first_glyph.0,
            (GLYPH_WIDTH * 2) as f32,
            "scale 2 at 720p"
        );
        // Every glyph lies inside the panel.
        let panel = bounds(&vertices[0..6]);
        assert!(
            vertices
                .iter()
                .all(|v| v.position[0] <= panel.2 && v.position[1] <= panel.3)
        );
    }

    /// (left, top, right, bottom) of `vertices`, in pixels.
    fn bounds(vertices: &[TextVertex]) -> (f32, f32, f32, f32) {
        vertices.iter().fold(
            (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
            |(left, top, right, bottom), v| {
                (
                    left.min(v.position[0]),
                    top.min(v.position[1]),
                    right.max(v.position[0]),
                    bottom.max(v.position[1]),
                )
            },
        )
    }

    /// The help as the app will show it: six input contexts of ten lines,
    /// each 45 characters (keys padded to 16, then a description).
    fn realistic_help() -> Vec<HelpGroup> {
        [
            "always", "walking", "editing", "full map", "playback", "mouse",
        ]
        .iter()
        .map(|title| HelpGroup {
            title: title.to_string(),
            lines: (0..10)
                .map(|i| {
                    format!(
                        "{:<16}{:<29}",
                        format!("Ctrl+Key{i}"),
                        "does this thing here"
                    )
                })
                .collect(),
        })
        .collect()
    }

    fn help_only(help: &[HelpGroup]) -> HudText<'_> {
        HudText {
            hud: None,
            help: Some(help),
            crosshair: false,
        }
    }

    /// The number of glyph quads `groups` need: one per visible character.
    fn visible_characters(groups: &[HelpGroup]) -> usize {
        groups
            .iter()
            .flat_map(|group| std::iter::once(&group.title).chain(&group.lines))
            .map(|line| line.chars().filter(|&c| c != ' ').count())
            .sum()
    }

    /// The help's glyph quads, each as (colour, left, top).
    fn help_glyphs(vertices: &[TextVertex]) -> Vec<([f32; 4], f32, f32)> {
        vertices
            .chunks(6)
            .filter(|quad| quad[0].colour == HELP_TEXT || quad[0].colour == HELP_TITLE)
            .map(|quad| {
                let (left, top, _, _) = bounds(quad);
                (quad[0].colour, left, top)
            })
            .collect()
    }

    #[test]
    fn the_help_panel_is_opaque_and_the_hud_panel_is_not() {
        let hud = lines(&["x 1.00"]);
        let help = realistic_help();
        let overlay = HudText {
            hud: Some(&hud),
            ..help_only(&help)
        };
        let vertices = layout(&overlay, (1280, 720));
        let panels: Vec<[f32; 4]> = vertices
            .chunks(6)
            .map(|quad| quad[0].colour)
            .filter(|colour| *colour == HUD_PANEL || *colour == HELP_PANEL)
            .collect();
        assert_eq!(panels, [HUD_PANEL, HELP_PANEL]);
        let (hud_alpha, help_alpha) = (panels[0][3], panels[1][3]);
        assert!(hud_alpha < 1.0, "the HUD's panel is translucent");
        assert_eq!(help_alpha, 1.0, "the help's panel is opaque");
    }

    #[test]
    fn the_whole_help_lies_inside_the_target_at_common_sizes() {
        let help = realistic_help();
        let hud = lines(&[
            "x 15.00  y 1.60  z 7.25",
            "heading 180.0 deg",
            "fps 60  F1 help",
        ]);
        for size in [(960, 540), (1280, 720), (1920, 1080), (3840, 2160)] {
            for hud in [None, Some(hud.as_slice())] {
                let overlay = HudText {
                    hud,
                    ..help_only(&help)
                };
                let vertices = layout(&overlay, size);
                let (left, top, right, bottom) = bounds(&vertices);
                assert!(
                    left >= 0.0 && top >= 0.0 && right <= size.0 as f32 && bottom <= size.1 as f32,
                    "{size:?}: text at {left}..{right} x {top}..{bottom}"
                );
                assert_eq!(
                    help_glyphs(&vertices).len(),
                    visible_characters(&help),
                    "{size:?}: every character drawn"
                );
            }
        }
    }

    #[test]
    fn the_help_takes_the_largest_scale_that_fits() {
        let help = realistic_help();
        let scale_at = |size: (u32, u32)| help_layout(&help, size, text_scale(size.1)).0;
        // 60 lines of 45 cells of 6 x 10 font pixels are 648,000 screen
        // pixels at scale 2, more than the 518,400 of a 960 x 540 window:
        // scale 1 (in two columns) is the largest there is.
        const { assert!(60 * 45 * (CELL_WIDTH * 2) * (CELL_HEIGHT * 2) > 960 * 540) };
        assert_eq!(scale_at((960, 540)), 1);
        assert_eq!(scale_at((1280, 720)), 2);
        assert_eq!(scale_at((1920, 1080)), 3);
        assert_eq!(scale_at((3840, 2160)), 6);
        // The glyphs drawn are that big.
        let vertices = layout(&help_only(&help), (1280, 720));
        let first = bounds(&vertices[6..12]);
        assert_eq!(first.2 - first.0, (GLYPH_WIDTH * 2) as f32);
        // A short help is no larger than the HUD's text.
        let short = [HelpGroup {
            title: "keys".to_owned(),
            lines: lines(&["F1  help"]),
        }];
        assert_eq!(help_layout(&short, (1920, 1080), text_scale(1080)).0, 3);
    }

    #[test]
    fn groups_flow_into_columns_only_when_needed() {
        let help = realistic_help();
        let (_, at_720p) = help_layout(&help, (1280, 720), 2);
        assert_eq!(at_720p.columns, 2);
        let (_, at_540p) = help_layout(&help, (960, 540), 2);
        assert_eq!(at_540p.columns, 2);
        // A group under another in its column keeps apart from it.
        assert!(at_720p.rows[11].title && at_720p.rows[11].x == at_720p.rows[10].x);
        assert!(at_720p.rows[11].y > at_720p.rows[10].y + CELL_HEIGHT);
        // No group is split: each group's rows share its title's column.
        for layout in [&at_720p, &at_540p] {
            for rows in layout.rows.chunks(11) {
                assert!(rows[0].title && rows.iter().all(|row| row.x == rows[0].x));
            }
        }
        // The same groups fit one column in a tall window.
        let (_, tall) = help_layout(&help, (960, 2400), 2);
        assert_eq!(tall.columns, 1);
        // A group taller than the window goes on in the next column.
        let long = [HelpGroup {
            title: "everything".to_owned(),
            lines: vec!["a line".to_owned(); 80],
        }];
        let vertices = layout(&help_only(&long), (960, 540));
        let glyphs = help_glyphs(&vertices);
        assert_eq!(glyphs.len(), visible_characters(&long));
        assert!(bounds(&vertices).3 <= 540.0);
        assert!(
            glyphs
                .iter()
                .filter(|glyph| glyph.1 > glyphs[0].1 + 100.0)
                .count()
                > 0,
            "a second column"
        );
    }

    #[test]
    fn titles_are_drawn_in_their_own_colour_above_their_lines() {
        let help = realistic_help();
        let vertices = layout(&help_only(&help), (1280, 720));
        let glyphs = help_glyphs(&vertices);
        let titles: Vec<_> = glyphs
            .iter()
            .filter(|glyph| glyph.0 == HELP_TITLE)
            .collect();
        let title_characters: usize = help
            .iter()
            .map(|group| group.title.chars().filter(|&c| c != ' ').count())
            .sum();
        assert_eq!(titles.len(), title_characters);
        assert_ne!(HELP_TITLE, HELP_TEXT);
        // "always" heads the first column; its first line is one row lower.
        let first_line = glyphs
            .iter()
            .find(|glyph| glyph.0 == HELP_TEXT)
            .expect("a line");
        assert_eq!(titles[0].1, first_line.1, "same column");
        assert_eq!(first_line.2 - titles[0].2, (CELL_HEIGHT * 2) as f32);
    }

    #[test]
    fn a_help_too_big_for_the_target_is_cut_to_it() {
        let help = realistic_help();
        for size in [(200, 100), (1, 1), (1, 0), (0, 0), (960, 0), (0, 540)] {
            let vertices = layout(&help_only(&help), size);
            if vertices.is_empty() {
                continue;
            }
            let (left, top, right, bottom) = bounds(&vertices);
            assert!(
                left >= 0.0 && top >= 0.0 && right <= size.0 as f32 && bottom <= size.1 as f32,
                "{size:?}: text at {left}..{right} x {top}..{bottom}"
            );
        }
        // 200 x 100 shows the start of the help: the first title.
        let vertices = layout(&help_only(&help), (200, 100));
        let glyphs = help_glyphs(&vertices);
        assert_eq!(glyphs[0].0, HELP_TITLE);
        assert!(!glyphs.is_empty() && glyphs.len() < visible_characters(&help));
    }

    #[test]
    fn help_is_centred() {
        let help = [HelpGroup {
            title: "keys".to_owned(),
            lines: lines(&["F1  this help"]),
        }];
        let vertices = layout(&help_only(&help), (1000, 500));
        let (left, top, right, bottom) = bounds(&vertices[0..6]);
        assert!((left + right - 1000.0).abs() <= 1.0, "{left}..{right}");
        assert!((top + bottom - 500.0).abs() <= 1.0, "{top}..{bottom}");
    }

    #[test]
    fn help_goes_below_or_beside_the_hud_when_there_is_room() {
        let hud = lines(&["x 1.00", "y 2.00", "z 3.00", "fps 60"]);
        // The HUD's panel and the help's, each (left, top, right, bottom).
        let panels = |vertices: &[TextVertex]| {
            let help_panel = vertices
                .chunks(6)
                .find(|quad| quad[0].colour == HELP_PANEL)
                .expect("a help panel");
            (bounds(&vertices[0..6]), bounds(help_panel))
        };
        // Centred, these would cover the HUD; the first fits below it, the
        // second (taller) only beside it.
        let below = [HelpGroup {
            title: "keys".to_owned(),
            lines: vec!["x".repeat(70); 17],
        }];
        let beside = [HelpGroup {
            title: "keys".to_owned(),
            lines: vec!["x".repeat(66); 22],
        }];
        for (help, goes_below) in [(&below[..], true), (&beside[..], false)] {
            let overlay = HudText {
                hud: Some(&hud),
                ..help_only(help)
            };
            let vertices = layout(&overlay, (480, 270));
            let (hud, help_panel) = panels(&vertices);
            if goes_below {
                assert!(help_panel.1 > hud.3, "{hud:?} {help_panel:?}");
            } else {
                assert!(help_panel.0 > hud.2, "{hud:?} {help_panel:?}");
            }
            assert!(help_panel.2 <= 480.0 && help_panel.3 <= 270.0);
            assert_eq!(help_glyphs(&vertices).len(), visible_characters(help));
        }
        // At 720p the whole help fits beside this narrow HUD; beside the
        // app's wider one there is no room, and the help covers the HUD
        // rather than shrink.
        let help = realistic_help();
        let wide_hud = lines(&["x 15.00  y 1.60  z 7.25", "heading 180.0 deg  pitch 0.0"]);
        for (hud, covered) in [(&hud, false), (&wide_hud, true)] {
            let overlay = HudText {
                hud: Some(hud),
                ..help_only(&help)
            };
            let (hud, help_panel) = panels(&layout(&overlay, (1280, 720)));
            let overlap = help_panel.0 < hud.2 && help_panel.1 < hud.3;
            assert_eq!(overlap, covered, "{hud:?} {help_panel:?}");
        }
    }

    #[test]
    fn the_crosshair_crosses_the_centre() {
        let overlay = HudText {
            hud: None,
            help: None,
            crosshair: true,
        };
        let vertices = layout(&overlay, (1280, 720));
        assert_eq!(vertices.len(), 12, "two bars");
        for bar in vertices.chunks(6) {
            let xs = bar.iter().map(|v| v.position[0]);
            let ys = bar.iter().map(|v| v.position[1]);
            let (left, right) = (
                xs.clone().fold(f32::MAX, f32::min),
                xs.fold(f32::MIN, f32::max),
            );
            let (top, bottom) = (
                ys.clone().fold(f32::MAX, f32::min),
                ys.fold(f32::MIN, f32::max),
            );
            assert!(left < 640.0 && right > 640.0 && top < 360.0 && bottom > 360.0);
            assert_eq!(bar[0].colour, CROSSHAIR);
        }
        let none = HudText {
            crosshair: false,
            ..overlay
        };
        assert!(layout(&none, (1280, 720)).is_empty());
    }

    #[test]
    fn atlas_holds_each_glyph_in_its_cell_and_a_solid_cell() {
        let pixels = atlas_pixels();
        let lit = |cell: u32, x: u32, y: u32| {
            let left = (cell % ATLAS_COLUMNS) * ATLAS_CELL_WIDTH + 1;
            let top = (cell / ATLAS_COLUMNS) * ATLAS_CELL_HEIGHT + 1;
            pixels[((top + y) * ATLAS_WIDTH + left + x) as usize] == 255
        };
        for character in ['A', 'g', '0', '~'] {
            for y in 0..GLYPH_HEIGHT {
                for x in 0..GLYPH_WIDTH {
                    assert_eq!(
                        lit(glyph_cell(character), x, y),
                        font::glyph_pixel(character, x, y)
                    );
                }
            }
        }
        assert!((0..GLYPH_HEIGHT).all(|y| (0..GLYPH_WIDTH).all(|x| lit(SOLID_CELL, x, y))));
        assert_eq!(glyph_cell('é'), glyph_cell('?'));
    }
}
