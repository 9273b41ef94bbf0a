//! The top-down map on the GPU: the level's map shapes uploaded once per
//! level and filed by chunk (so a big maze draws only what the view shows),
//! the per-frame overlay (eye, trail, marks, grid, reach) uploaded each
//! frame, both drawn through an orthographic camera from a
//! [`MapView`](crate::map::MapView) with alpha blending.

use std::collections::BTreeMap;

use glam::{Vec2, Vec3};

use super::Targets;
use super::lines::{LineBatch, LineVertex};
use super::pipeline::{Depth, PipelineSpec, create_pipeline};
use super::texture::create_buffer;
use crate::collision::Collider;
use crate::level::mesh::{Bounds, chunk_of};
use crate::map::{MapGeometry, MapVertex, MapView, Overlay, PlanBounds, level_shapes};

/// Opacity of the map drawn over the 3D view.
pub const OVERLAY_OPACITY: f32 = 0.6;

/// How the map is drawn this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MapMode {
    /// Translucent, over the 3D view.
    Overlay,
    /// Alone, on a dark background (the 3D view is not drawn).
    Full,
}

/// The map part of a frame: where it looks, how it is drawn, and what
/// moves with the walk.
#[derive(Debug, Clone, Copy)]
pub struct MapFrame<'a> {
    /// The transform (centre and scale).
    pub view: MapView,
    /// Overlay or full map.
    pub mode: MapMode,
    /// The eye, trail, marks, reach and near misses.
    pub overlay: Overlay<'a>,
}

/// The map's uniform: the orthographic transform and the opacity.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
struct MapGlobals {
    view_projection: [[f32; 4]; 4],
    opacity: [f32; 4],
}

/// One level's map shapes on the GPU, filed by chunk.
#[derive(Debug)]
pub struct MapBuffers {
    lines: ChunkedBuffer,
    triangles: ChunkedBuffer,
}

/// A vertex buffer with its chunks' ranges and boxes.
#[derive(Debug)]
struct ChunkedBuffer {
    vertices: wgpu::Buffer,
    batches: Vec<LineBatch>,
    /// For each batch, where its opaque vertices start: before it lie the
    /// translucent ones (outlines), skipped when zoomed out too far to see
    /// them.
    opaque_from: Vec<u32>,
}

impl MapBuffers {
    /// Builds and uploads `collider`'s map shapes, checked against the
    /// device's buffer size limit.
    pub fn new(device: &wgpu::Device, collider: &Collider) -> anyhow::Result<Self> {
        let mut chunks: BTreeMap<(i32, i32), MapGeometry> = BTreeMap::new();
        for mut shape in level_shapes(collider) {
            chunks
                .entry(chunk_of(shape.anchor))
                .or_default()
                .append(&mut shape.geometry);
        }
        let (lines, triangles): (Vec<_>, Vec<_>) = chunks
            .into_values()
            .map(|geometry| (faint_first(geometry.lines), geometry.triangles))
            .unzip();
        Ok(Self {
            lines: ChunkedBuffer::new(device, "map lines", lines)?,
            triangles: ChunkedBuffer::new(device, "map triangles", triangles)?,
        })
    }

    /// Bytes of GPU memory the buffers take.
    pub fn buffer_bytes(&self) -> u64 {
        self.lines.vertices.size() + self.triangles.vertices.size()
    }
}

impl ChunkedBuffer {
    fn new(
        device: &wgpu::Device,
        label: &str,
        chunks: Vec<Vec<MapVertex>>,
    ) -> anyhow::Result<Self> {
        let mut vertices = Vec::new();
        let mut batches = Vec::new();
        let mut opaque_from = Vec::new();
        for chunk in chunks.into_iter().filter(|c| !c.is_empty()) {
            let mut bounds = Bounds::EMPTY;
            let first = vertices.len() as u32;
            let faint = chunk.iter().take_while(|v| v.colour[3] < 1.0).count() as u32;
            for vertex in &chunk {
                bounds.grow(Vec3::new(vertex.position.x, 0.0, vertex.position.y));
                vertices.push(gpu_vertex(vertex));
            }
            batches.push(LineBatch {
                bounds,
                vertices: first..vertices.len() as u32,
            });
            opaque_from.push(first + faint);
        }
        let vertices = create_buffer(
            device,
            label,
            bytemuck::cast_slice(&vertices),
            wgpu::BufferUsages::VERTEX,
        )?;
        Ok(Self {
            vertices,
            batches,
            opaque_from,
        })
    }
}

/// The line list `lines` with its translucent lines (clearance and body
/// outlines) before its opaque ones, so that no outline dims a wall drawn
/// earlier in the same chunk.
fn faint_first(lines: Vec<MapVertex>) -> Vec<MapVertex> {
    let mut pairs: Vec<[MapVertex; 2]> = lines
        .chunks_exact(2)
        .map(|pair| [pair[0], pair[1]])
        .collect();
    pairs.sort_by_key(|pair| pair[0].colour[3] >= 1.0);
    pairs.into_iter().flatten().collect()
}

fn gpu_vertex(vertex: &MapVertex) -> LineVertex {
    LineVertex {
        position: [vertex.position.x, 0.0, vertex.position.y],
        colour: vertex.colour,
    }
}

/// The map's pipelines and uniform, made once per window.
#[derive(Debug)]
pub struct MapPass {
    lines: wgpu::RenderPipeline,
    triangles: wgpu::RenderPipeline,
    globals: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
}

impl MapPass {
    /// Builds the map's pipelines for `targets`.
    pub fn new(device: &wgpu::Device, targets: &Targets) -> Self {
        let shader = device.create_shader_module(wgpu::include_wgsl!("../../shaders/map.wgsl"));
        let globals = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("map globals"),
            size: size_of::<MapGlobals>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("map globals"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("map globals"),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: globals.as_entire_binding(),
            }],
        });
        let pipeline = |label, topology| {
            create_pipeline(
                device,
                targets,
                PipelineSpec {
                    label,
                    shader: &shader,
                    entry_points: ("vs_map", "fs_map"),
                    bind_group_layouts: &[Some(&layout)],
                    vertex_layout: wgpu::VertexBufferLayout {
                        array_stride: size_of::<LineVertex>() as wgpu::BufferAddress,
                        step_mode: wgpu::VertexStepMode::Vertex,
                        attributes: &wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x4],
                    },
                    primitive: wgpu::PrimitiveState {
                        topology,
                        ..Default::default()
                    },
                    depth: Depth::Ignored,
                    blend: Some(wgpu::BlendState::ALPHA_BLENDING),
                },
            )
        };
        Self {
            lines: pipeline("map lines", wgpu::PrimitiveTopology::LineList),
            triangles: pipeline("map triangles", wgpu::PrimitiveTopology::TriangleList),
            globals,
            bind_group,
        }
    }

    /// Uploads the transform for `frame` in a view of `size` pixels and
    /// builds its per-frame overlay buffer (`None` when there is none).
    pub fn prepare(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        frame: &MapFrame<'_>,
        size: (u32, u32),
    ) -> anyhow::Result<PreparedMap> {
        let opacity = match frame.mode {
            MapMode::Overlay => OVERLAY_OPACITY,
            MapMode::Full => 1.0,
        };
        let globals = MapGlobals {
            view_projection: frame.view.clip_from_world(size).to_cols_array_2d(),
            opacity: [opacity, 0.0, 0.0, 0.0],
        };
        queue.write_buffer(&self.globals, 0, bytemuck::bytes_of(&globals));
        let overlay = crate::map::overlay_geometry(&frame.overlay, &frame.view, size);
        let upload =
            |label, vertices: &[MapVertex]| -> anyhow::Result<Option<(wgpu::Buffer, u32)>> {
                if vertices.is_empty() {
                    return Ok(None);
                }
                let data: Vec<LineVertex> = vertices.iter().map(gpu_vertex).collect();
                let buffer = create_buffer(
                    device,
                    label,
                    bytemuck::cast_slice(&data),
                    wgpu::BufferUsages::VERTEX,
                )?;
                Ok(Some((buffer, data.len() as u32)))
            };
        Ok(PreparedMap {
            visible: frame.view.visible(size),
            outlines: frame.view.shows_outlines(),
            level_shapes: frame.overlay.seen_only.is_none(),
            lines: upload("map overlay lines", &overlay.lines)?,
            triangles: upload("map overlay triangles", &overlay.triangles)?,
        })
    }

    /// Draws the level's map shapes that `prepared`'s view shows (unless
    /// the overlay brings the seen ones instead), then the overlay:
    /// triangles first, lines over them.
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        level: &MapBuffers,
        prepared: &PreparedMap,
    ) {
        pass.set_bind_group(0, &self.bind_group, &[]);
        for (pipeline, chunked, extra, skip_faint) in [
            (
                &self.triangles,
                &level.triangles,
                &prepared.triangles,
                false,
            ),
            (
                &self.lines,
                &level.lines,
                &prepared.lines,
                !prepared.outlines,
            ),
        ] {
            pass.set_pipeline(pipeline);
            if prepared.level_shapes && !chunked.batches.is_empty() {
                pass.set_vertex_buffer(0, chunked.vertices.slice(..));
                for (batch, &opaque_from) in chunked.batches.iter().zip(&chunked.opaque_from) {
                    let bounds = PlanBounds {
                        min: Vec2::new(batch.bounds.min.x, batch.bounds.min.z),
                        max: Vec2::new(batch.bounds.max.x, batch.bounds.max.z),
                    };
                    if bounds.overlaps(&prepared.visible) {
                        let start = if skip_faint {
                            opaque_from
                        } else {
                            batch.vertices.start
                        };
                        pass.draw(start..batch.vertices.end, 0..1);
                    }
                }
            }
            if let Some((buffer, count)) = extra {
                pass.set_vertex_buffer(0, buffer.slice(..));
                pass.draw(0..*count, 0..1);
            }
        }
    }
}

/// One frame's map, ready to draw.
#[derive(Debug)]
pub struct PreparedMap {
    visible: PlanBounds,
    /// Draw the level's outlines (zoomed in far enough to see them).
    outlines: bool,
    /// Draw the level's uploaded shapes (all of them); false when the
    /// overlay brings the seen ones.
    level_shapes: bool,
    lines: Option<(wgpu::Buffer, u32)>,
    triangles: Option<(wgpu::Buffer, u32)>,
}
