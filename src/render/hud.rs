//! Screen text: the HUD (top left) and the help overlay (centred), each on a
//! translucent panel, drawn with the baked bitmap font of [`font`] scaled by
//! whole pixels with the target's height, so it stays crisp and legible at
//! any window size and DPI.

use super::Targets;
use super::font::{self, CELL_HEIGHT, CELL_WIDTH, GLYPH_HEIGHT, GLYPH_WIDTH};
use super::pipeline::{Depth, PipelineSpec, create_pipeline, texture_bindings, texture_entries};

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

/// One group of the help overlay: a heading and its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpGroup {
    /// The heading.
    pub title: String,
    /// The lines under it.
    pub lines: Vec<String>,
}

/// What the text pass draws this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct Overlay<'a> {
    /// HUD lines, top left.
    pub hud: Option<&'a [String]>,
    /// Help groups, centred.
    pub help: Option<&'a [HelpGroup]>,
    /// A crosshair at the centre.
    pub crosshair: bool,
}

const HUD_TEXT: [f32; 4] = [0.95, 0.95, 0.88, 1.0];
const HELP_TEXT: [f32; 4] = [1.0, 0.92, 0.6, 1.0];
const PANEL: [f32; 4] = [0.0, 0.0, 0.0, 0.6];
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

/// The quads (two triangles each, six vertices) of `overlay` on a target of
/// `size` pixels.
pub fn layout(overlay: &Overlay<'_>, (width, height): (u32, u32)) -> Vec<TextVertex> {
    let scale = text_scale(height);
    let mut quads = Quads::default();
    let margin = 4 * scale;
    // Below this row the help may start without covering the HUD.
    let mut free_from = 0;
    if let Some(lines) = overlay.hud {
        quads.panel((margin, margin), lines, scale, HUD_TEXT);
        free_from = margin + panel_size(lines, scale).1 + margin;
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
    let help_lines: Option<Vec<String>> = overlay.help.map(|groups| {
        groups
            .iter()
            .flat_map(|group| {
                std::iter::once(group.title.clone()).chain(group.lines.iter().cloned())
            })
            .collect()
    });
    if let Some(lines) = help_lines.as_deref() {
        // The help keeps the HUD's scale when it fits the target, else the
        // largest smaller one that does (at least 1).
        let fits = |scale: u32| {
            let (panel_width, panel_height) = panel_size(lines, scale);
            panel_width <= width && panel_height + 2 * margin <= height
        };
        let help_scale = (1..=scale).rev().find(|&s| fits(s)).unwrap_or(1);
        let (panel_width, panel_height) = panel_size(lines, help_scale);
        let x = width.saturating_sub(panel_width) / 2;
        let centred = height.saturating_sub(panel_height) / 2;
        // Below the HUD when there is room; over it when there is not.
        let y = if centred.max(free_from) + panel_height <= height {
            centred.max(free_from)
        } else {
            centred
        };
        quads.panel((x, y), lines, help_scale, HELP_TEXT);
    }
    quads.vertices
}

/// Padding around the text of a panel, in font pixels.
const PANEL_PADDING: u32 = 3;

/// The size in screen pixels of a panel holding `lines`.
fn panel_size(lines: &[String], scale: u32) -> (u32, u32) {
    let widest = lines
        .iter()
        .map(|line| font::line_width(line))
        .max()
        .unwrap_or(0);
    let width = widest + 2 * PANEL_PADDING - (CELL_WIDTH - GLYPH_WIDTH);
    let height =
        lines.len() as u32 * CELL_HEIGHT + 2 * PANEL_PADDING - (CELL_HEIGHT - GLYPH_HEIGHT);
    (width * scale, height * scale)
}

#[derive(Debug, Default)]
struct Quads {
    vertices: Vec<TextVertex>,
}

impl Quads {
    /// A panel with its top-left corner at `origin`, then its lines.
    fn panel(&mut self, origin: (u32, u32), lines: &[String], scale: u32, colour: [f32; 4]) {
        if lines.is_empty() {
            return;
        }
        let (width, height) = panel_size(lines, scale);
        self.quad(origin, (width, height), SOLID_CELL, PANEL);
        let padding = PANEL_PADDING * scale;
        for (row, line) in lines.iter().enumerate() {
            let y = origin.1 + padding + row as u32 * CELL_HEIGHT * scale;
            for (column, character) in line.chars().enumerate() {
                if character == ' ' {
                    continue;
                }
                let x = origin.0 + padding + column as u32 * CELL_WIDTH * scale;
                let size = (GLYPH_WIDTH * scale, GLYPH_HEIGHT * scale);
                self.quad((x, y), size, glyph_cell(character), colour);
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
/// of 30 lines by 60 characters fits).
const INITIAL_TEXT_VERTICES: u64 = 6 * 30 * 60;

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
        overlay: &Overlay<'_>,
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

    /// One help group whose title and lines are `text`'s lines.
    fn group(text: &[&str]) -> Vec<HelpGroup> {
        let mut lines = lines(text);
        let title = lines.remove(0);
        vec![HelpGroup { title, lines }]
    }

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
        let overlay = Overlay {
            hud: Some(&hud),
            help: None,
            crosshair: false,
        };
        let vertices = layout(&overlay, (1280, 720));
        // Panel + "x", "1", ".", "0", "0" + "o", "k" (the space is skipped).
        assert_eq!(vertices.len(), 6 * (1 + 5 + 2));
        assert_eq!(vertices[0].colour, PANEL);
        let first_glyph = &vertices[6..12];
        let left = first_glyph
            .iter()
            .map(|v| v.position[0])
            .fold(f32::MAX, f32::min);
        let right = first_glyph
            .iter()
            .map(|v| v.position[0])
            .fold(f32::MIN, f32::max);
        assert_eq!(right - left, (GLYPH_WIDTH * 2) as f32, "scale 2 at 720p");
        // Every glyph lies inside the panel.
        let panel = &vertices[0..6];
        let max_x = panel.iter().map(|v| v.position[0]).fold(f32::MIN, f32::max);
        let max_y = panel.iter().map(|v| v.position[1]).fold(f32::MIN, f32::max);
        assert!(
            vertices
                .iter()
                .all(|v| v.position[0] <= max_x && v.position[1] <= max_y)
        );
    }

    #[test]
    fn help_is_centred() {
        let help = group(&["F1  this help"]);
        let overlay = Overlay {
            hud: None,
            help: Some(&help),
            crosshair: false,
        };
        let vertices = layout(&overlay, (1000, 500));
        let panel = &vertices[0..6];
        let min_x = panel.iter().map(|v| v.position[0]).fold(f32::MAX, f32::min);
        let max_x = panel.iter().map(|v| v.position[0]).fold(f32::MIN, f32::max);
        assert!((min_x + max_x - 1000.0).abs() <= 1.0, "{min_x}..{max_x}");
    }

    #[test]
    fn help_never_covers_the_hud() {
        let hud = lines(&["x 1.00", "y 2.00", "z 3.00", "fps 60"]);
        let help = group(&["line"; 20]);
        let overlay = Overlay {
            hud: Some(&hud),
            help: Some(&help),
            crosshair: false,
        };
        let vertices = layout(&overlay, (480, 270));
        let hud_bottom = vertices[0..6]
            .iter()
            .map(|v| v.position[1])
            .fold(f32::MIN, f32::max);
        let help_panel = 6 * (1 + "x1.00y2.00z3.00fps60".len());
        let help_top = vertices[help_panel..help_panel + 6]
            .iter()
            .map(|v| v.position[1])
            .fold(f32::MAX, f32::min);
        assert!(
            help_top > hud_bottom,
            "help at {help_top}, HUD down to {hud_bottom}"
        );
    }

    /// The panel's (top, bottom) in pixels; the panel is the first quad.
    fn panel_rows(vertices: &[TextVertex]) -> (f32, f32) {
        let rows = vertices[0..6].iter().map(|v| v.position[1]);
        (
            rows.clone().fold(f32::MAX, f32::min),
            rows.fold(f32::MIN, f32::max),
        )
    }

    #[test]
    fn a_help_too_tall_for_the_hud_scale_shrinks_to_fit() {
        let help = group(&["line"; 45]);
        let overlay = Overlay {
            hud: None,
            help: Some(&help),
            crosshair: false,
        };
        // Scale 2 at 540 rows would make the panel about 900 pixels tall.
        let (top, bottom) = panel_rows(&layout(&overlay, (960, 540)));
        assert!(top >= 0.0 && bottom <= 540.0, "help at {top}..{bottom}");
        // With room, the HUD's scale (6 at 2160 rows) stays.
        let short = group(&["line"; 10]);
        let overlay = Overlay {
            help: Some(&short),
            ..overlay
        };
        let (top, bottom) = panel_rows(&layout(&overlay, (1920, 2160)));
        assert!(
            bottom - top > 10.0 * (CELL_HEIGHT * 5) as f32,
            "{top}..{bottom}"
        );
    }

    #[test]
    fn the_crosshair_crosses_the_centre() {
        let overlay = Overlay {
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
        let none = Overlay {
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
