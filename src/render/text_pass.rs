//! The screen text's pass: the HUD, help and crosshair painted by [`hud`]
//! on an egui context of the renderer's own (no window needed, so the
//! window, a screenshot, a timedemo and the tests draw alike), tessellated
//! only when what they show changes, and drawn last in the frame's own
//! render pass by a pipeline of ours: a texel of egui's font atlas times
//! the vertex colour, nothing more a pixel, since in a software rasterizer
//! the text's cost is its pixels'.

use std::fmt;
use std::mem::offset_of;
use std::ops::Range;

use egui::epaint::{ImageDelta, Primitive, Vertex};

use super::hud::{self, HudText};
use super::pipeline::{self, Depth, PipelineSpec};
use super::{Gpu, Targets};
use crate::bindings::HelpGroup;

/// What the text's buffers hold: the overlay they were made for, and the
/// target's size.
#[derive(Debug, Clone, PartialEq)]
struct ShownText {
    hud: Option<Vec<String>>,
    help: Option<Vec<HelpGroup>>,
    crosshair: bool,
    size: (u32, u32),
}

impl ShownText {
    fn new(overlay: &HudText<'_>, size: (u32, u32)) -> Self {
        Self {
            hud: overlay.hud.map(<[String]>::to_vec),
            help: overlay.help.map(<[HelpGroup]>::to_vec),
            crosshair: overlay.crosshair,
            size,
        }
    }

    /// Whether these are `overlay`'s text on a target of `size` pixels.
    fn shows(&self, overlay: &HudText<'_>, size: (u32, u32)) -> bool {
        self.hud.as_deref() == overlay.hud
            && self.help.as_deref() == overlay.help
            && self.crosshair == overlay.crosshair
            && self.size == size
    }
}

/// egui's font atlas on the device, and the bind group the pipeline reads
/// it through.
struct Atlas {
    texture: wgpu::Texture,
    bind_group: wgpu::BindGroup,
}

/// One draw of the text's meshes: its indices, and the pixels it may touch.
#[derive(Debug, Clone, PartialEq)]
struct TextDraw {
    indices: Range<u32>,
    base_vertex: i32,
    /// x, y, width, height in pixels, inside the target.
    scissor: [u32; 4],
}

/// egui's context for the screen text, the pipeline that draws its meshes,
/// and the meshes as last uploaded.
pub(super) struct TextPass {
    context: egui::Context,
    pipeline: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    /// The atlas's format: sRGB over an sRGB target, as the shader's vertex
    /// stage for such a target expects.
    atlas_format: wgpu::TextureFormat,
    atlas: Option<Atlas>,
    /// Clip units per point.
    screen: wgpu::Buffer,
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    draws: Vec<TextDraw>,
    shown: Option<ShownText>,
}

impl fmt::Debug for TextPass {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("TextPass")
            .field(
                "atlas",
                &self.atlas.as_ref().map(|atlas| atlas.texture.size()),
            )
            .field("draws", &self.draws)
            .field("shown", &self.shown)
            .finish()
    }
}

/// The vertex buffer's layout: egui's own vertices, as they are.
const VERTEX_ATTRIBUTES: [wgpu::VertexAttribute; 3] = [
    wgpu::VertexAttribute {
        format: wgpu::VertexFormat::Float32x2,
        offset: offset_of!(Vertex, pos) as u64,
        shader_location: 0,
    },
    wgpu::VertexAttribute {
        format: wgpu::VertexFormat::Float32x2,
        offset: offset_of!(Vertex, uv) as u64,
        shader_location: 1,
    },
    wgpu::VertexAttribute {
        format: wgpu::VertexFormat::Unorm8x4,
        offset: offset_of!(Vertex, color) as u64,
        shader_location: 2,
    },
];

impl TextPass {
    /// The pass for the frame's targets: their format and samples.
    pub(super) fn new(device: &wgpu::Device, targets: &Targets) -> Self {
        let [texture_entry, sampler_entry] = pipeline::texture_entries(1);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("text"),
            entries: &[
                pipeline::uniform_entry(0, wgpu::ShaderStages::VERTEX),
                texture_entry,
                sampler_entry,
            ],
        });
        let shader = device.create_shader_module(wgpu::include_wgsl!("../../shaders/text.wgsl"));
        let srgb = targets.format.is_srgb();
        let vertex_entry = if srgb {
            "vs_srgb_target"
        } else {
            "vs_plain_target"
        };
        let pipeline = pipeline::create_pipeline(
            device,
            targets,
            PipelineSpec {
                label: "text",
                shader: &shader,
                entry_points: (vertex_entry, "fs_main"),
                bind_group_layouts: &[Some(&layout)],
                vertex_layout: wgpu::VertexBufferLayout {
                    array_stride: size_of::<Vertex>() as wgpu::BufferAddress,
                    step_mode: wgpu::VertexStepMode::Vertex,
                    attributes: &VERTEX_ATTRIBUTES,
                },
                primitive: wgpu::PrimitiveState::default(),
                depth: Depth::Ignored,
                blend: Some(wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING),
                constants: &[],
            },
        );
        let buffer = |label, size, usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size,
                usage: usage | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        Self {
            context: egui::Context::default(),
            pipeline,
            layout,
            atlas_format: if srgb {
                wgpu::TextureFormat::Rgba8UnormSrgb
            } else {
                wgpu::TextureFormat::Rgba8Unorm
            },
            atlas: None,
            screen: buffer("text screen", 16, wgpu::BufferUsages::UNIFORM),
            vertices: buffer("text vertices", 0, wgpu::BufferUsages::VERTEX),
            indices: buffer("text indices", 0, wgpu::BufferUsages::INDEX),
            draws: Vec::new(),
            shown: None,
        }
    }

    /// Lays out and uploads `overlay` for a target of `size` pixels unless
    /// the buffers hold it already.
    pub(super) fn prepare(&mut self, gpu: &Gpu, overlay: &HudText<'_>, size: (u32, u32)) {
        if self
            .shown
            .as_ref()
            .is_some_and(|shown| shown.shows(overlay, size))
        {
            return;
        }
        self.shown = Some(ShownText::new(overlay, size));
        self.draws.clear();
        if overlay.is_empty() {
            return;
        }
        let mut output = self.context.run_pass(hud::text_input(size), |context| {
            hud::paint(context, overlay)
        });
        // The screen text paints only shapes and glyphs, which sample the
        // font atlas: egui's first texture.
        let font_atlas = egui::TextureId::default();
        for (id, deltas) in &output.textures_delta.set {
            for delta in deltas.iter().filter(|_| *id == font_atlas) {
                self.update_atlas(gpu, delta);
            }
        }
        // Every change is made: egui frees an atlas only when it sends a
        // whole new one, made above.
        output.textures_delta.clear();
        let pixels_per_point = output.pixels_per_point;
        let (mut vertices, mut indices) = (Vec::<Vertex>::new(), Vec::<u32>::new());
        for clipped in self.context.tessellate(output.shapes, pixels_per_point) {
            let Primitive::Mesh(mesh) = clipped.primitive else {
                continue;
            };
            if mesh.texture_id != font_atlas {
                continue;
            }
            let Some(scissor) = scissor(clipped.clip_rect, pixels_per_point, size) else {
                continue;
            };
            let first = indices.len() as u32;
            self.draws.push(TextDraw {
                indices: first..first + mesh.indices.len() as u32,
                base_vertex: vertices.len() as i32,
                scissor,
            });
            vertices.extend_from_slice(&mesh.vertices);
            indices.extend_from_slice(&mesh.indices);
        }
        let scale = [
            2.0 * pixels_per_point / size.0 as f32,
            -2.0 * pixels_per_point / size.1 as f32,
            0.0,
            0.0,
        ];
        gpu.queue
            .write_buffer(&self.screen, 0, bytemuck::cast_slice(&scale));
        write_growing(gpu, &mut self.vertices, bytemuck::cast_slice(&vertices));
        write_growing(gpu, &mut self.indices, bytemuck::cast_slice(&indices));
    }

    /// Makes one change egui asks of its font atlas: the whole atlas anew,
    /// or a patch of it.
    fn update_atlas(&mut self, gpu: &Gpu, delta: &ImageDelta) {
        let egui::ImageData::Color(image) = &delta.image;
        let [width, height] = image.size.map(|side| side as u32);
        if delta.pos.is_none() {
            self.atlas = Some(self.new_atlas(gpu, (width, height), delta.options));
        }
        let Some(atlas) = &self.atlas else {
            log::warn!("a patch of egui's font atlas came before the atlas: left out");
            return;
        };
        let [x, y] = delta.pos.unwrap_or_default().map(|at| at as u32);
        gpu.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &atlas.texture,
                mip_level: 0,
                origin: wgpu::Origin3d { x, y, z: 0 },
                aspect: wgpu::TextureAspect::All,
            },
            bytemuck::cast_slice(&image.pixels),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(4 * width),
                rows_per_image: Some(height),
            },
            wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
    }

    /// An empty atlas of `size` texels, sampled as `options` ask.
    fn new_atlas(&self, gpu: &Gpu, size: (u32, u32), options: egui::TextureOptions) -> Atlas {
        let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("font atlas"),
            size: wgpu::Extent3d {
                width: size.0,
                height: size.1,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: self.atlas_format,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        });
        let filter = |filter| match filter {
            egui::TextureFilter::Nearest => wgpu::FilterMode::Nearest,
            egui::TextureFilter::Linear => wgpu::FilterMode::Linear,
        };
        let sampler = gpu.device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("font atlas"),
            mag_filter: filter(options.magnification),
            min_filter: filter(options.minification),
            ..Default::default()
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let [texture_binding, sampler_binding] = pipeline::texture_bindings(1, &view, &sampler);
        let bind_group = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("text"),
            layout: &self.layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: self.screen.as_entire_binding(),
                },
                texture_binding,
                sampler_binding,
            ],
        });
        Atlas {
            texture,
            bind_group,
        }
    }

    /// Draws the text last prepared into `pass`.
    pub(super) fn draw(&self, pass: &mut wgpu::RenderPass<'_>) {
        let Some(atlas) = self.atlas.as_ref().filter(|_| !self.draws.is_empty()) else {
            return;
        };
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &atlas.bind_group, &[]);
        pass.set_vertex_buffer(0, self.vertices.slice(..));
        pass.set_index_buffer(self.indices.slice(..), wgpu::IndexFormat::Uint32);
        for draw in &self.draws {
            let [x, y, width, height] = draw.scissor;
            pass.set_scissor_rect(x, y, width, height);
            pass.draw_indexed(draw.indices.clone(), draw.base_vertex, 0..1);
        }
    }
}

/// `clip`, in points, as a scissor rectangle in pixels on a target of
/// `size`: rounded outwards and cut to the target; `None` when nothing of
/// it is left.
fn scissor(
    clip: egui::Rect,
    pixels_per_point: f32,
    (width, height): (u32, u32),
) -> Option<[u32; 4]> {
    let pixels = |points: f32, most: u32| (points * pixels_per_point).clamp(0.0, most as f32);
    let (left, top) = (
        pixels(clip.min.x, width).floor(),
        pixels(clip.min.y, height).floor(),
    );
    let (right, bottom) = (
        pixels(clip.max.x, width).ceil(),
        pixels(clip.max.y, height).ceil(),
    );
    (right > left && bottom > top)
        .then(|| [left, top, right - left, bottom - top].map(|side| side as u32))
}

/// Writes `bytes` at the start of `buffer`, first making it anew, twice as
/// large as needed, when they do not fit.
fn write_growing(gpu: &Gpu, buffer: &mut wgpu::Buffer, bytes: &[u8]) {
    let needed = bytes.len() as u64;
    if needed > buffer.size() {
        *buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("text meshes"),
            size: (2 * needed).next_multiple_of(wgpu::COPY_BUFFER_ALIGNMENT),
            usage: buffer.usage(),
            mapped_at_creation: false,
        });
    }
    if !bytes.is_empty() {
        gpu.queue.write_buffer(buffer, 0, bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clip_rectangle_becomes_the_pixels_it_covers_inside_the_target() {
        let clip = |min: (f32, f32), max: (f32, f32)| {
            egui::Rect::from_min_max(egui::pos2(min.0, min.1), egui::pos2(max.0, max.1))
        };
        let size = (640, 360);
        assert_eq!(
            scissor(clip((1.2, 2.7), (10.1, 20.0)), 2.0, size),
            Some([2, 5, 19, 35]),
            "rounded outwards, in pixels"
        );
        assert_eq!(
            scissor(clip((-50.0, -50.0), (1e6, 1e6)), 1.0, size),
            Some([0, 0, 640, 360]),
            "cut to the target"
        );
        assert_eq!(scissor(clip((700.0, 0.0), (800.0, 10.0)), 1.0, size), None);
        assert_eq!(scissor(clip((5.0, 5.0), (5.0, 9.0)), 1.0, size), None);
    }

    #[test]
    fn the_text_is_made_again_only_when_what_it_shows_changes() {
        let hud = vec!["x 1.00".to_owned()];
        let help = vec![HelpGroup {
            title: "keys".to_owned(),
            lines: vec!["F1  help".to_owned()],
        }];
        let overlay = HudText {
            hud: Some(&hud),
            help: Some(&help),
            crosshair: false,
        };
        let shown = ShownText::new(&overlay, (1280, 720));
        assert!(shown.shows(&overlay, (1280, 720)));
        assert!(!shown.shows(&overlay, (1280, 721)), "another size");
        let moved = vec!["x 1.01".to_owned()];
        let changes = [
            HudText {
                hud: Some(&moved),
                ..overlay
            },
            HudText {
                hud: None,
                ..overlay
            },
            HudText {
                help: None,
                ..overlay
            },
            HudText {
                crosshair: true,
                ..overlay
            },
        ];
        for changed in changes {
            assert!(!shown.shows(&changed, (1280, 720)), "{changed:?}");
        }
    }
}
