//! The light cache ([`RenderQuality::cached_lamp_light`](super::RenderQuality),
//! fast quality): the lamps' light on every face of a chunk, baked into a
//! texture of the chunk's (a texel every tenth of a metre; the layout is
//! `src/level/light_layout.rs`), so that a frame takes one filtered sample
//! per pixel instead of looking at every lamp that may reach it.
//!
//! The lamps' light on a face depends on the face's point alone, never on
//! the eye: it changes only when a lamp, a shape or a closed door does,
//! and each of those makes a new generation of shadow rows
//! ([`LevelLamps::generation`]). A chunk drawn with a cache baked for an
//! older generation is baked again before the frame draws it, by the same
//! shader code that lights a pixel (`fs_bake` in `shaders/scene.wgsl`), so
//! the next frame after any change shows the new light. A chunk is baked
//! with every lamp whose reach meets it, [`MAX_LAMPS`] at a time, added
//! up. The torch, which moves with the eye, is never cached.
//!
//! A texel counts a lamp only where its light also reaches a texel all
//! round it (`held_lamp_light`), so that filtering never carries light
//! under a thin wall or a closed door; faces are darker within a texel or
//! so of where a shape stops a lamp's light. A chunk without a cache (its
//! faces did not fit, or the device refused it) is drawn with each pixel
//! working out its own light.
//!
//! Worked out per pixel, each pixel gathers every lamp that reaches it
//! and that lamp's shadow row, which on a software rasterizer is most of
//! a lit frame; the cache pays that only when something changes. What it
//! saves is in docs/benchmarks.md.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use glam::Vec2;

use super::lamps::{LampBuffers, LevelLamps};
use super::pipeline::{Depth, PipelineSpec, create_pipeline_into};
use super::shadow::MAX_LAMPS;
use super::texture::{create_buffer, render_target_for};
use crate::level::light_layout::LightPatch;
use crate::level::mesh::SceneMesh;

/// The cache's format: linear light, beyond 1 where lamps are bright.
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba16Float;

/// A [`ChunkLight::baked_for`] that no generation matches.
const NEVER_BAKED: u64 = u64::MAX;

/// One chunk's light cache: the texture, where each face lies in it, and
/// the generation of shadow rows it was baked with.
#[derive(Debug)]
pub struct ChunkLight {
    /// One [`LightPatch`] per face, drawn as instances by the bake.
    patches: wgpu::Buffer,
    patch_count: u32,
    view: wgpu::TextureView,
    bytes: u64,
    /// The floor-plan rectangle the chunk's mesh covers: the lamps whose
    /// reach meets it light the chunk.
    plan: (Vec2, Vec2),
    /// The cache bound for the scene (group 2), made at its first bake.
    bind_group: OnceLock<wgpu::BindGroup>,
    /// The [`LevelLamps::generation`] it was last baked with.
    baked_for: AtomicU64,
}

impl ChunkLight {
    /// The cache for `mesh`'s faces, not baked yet; `None` for a mesh with
    /// no faces laid out.
    pub fn new(device: &wgpu::Device, mesh: &SceneMesh) -> anyhow::Result<Option<Self>> {
        let layout = &mesh.light;
        if layout.patches.is_empty() || layout.size.0 == 0 || layout.size.1 == 0 {
            return Ok(None);
        }
        let patches = create_buffer(
            device,
            "light cache faces",
            bytemuck::cast_slice(&layout.patches),
            wgpu::BufferUsages::VERTEX,
        )?;
        let usage = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING;
        let view = render_target_for(device, "light cache", layout.size, FORMAT, 1, usage);
        let (min, max) =
            mesh.batches
                .iter()
                .fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(min, max), batch| {
                    let (low, high) = (batch.bounds.min, batch.bounds.max);
                    (
                        min.min(Vec2::new(low.x, low.z)),
                        max.max(Vec2::new(high.x, high.z)),
                    )
                });
        Ok(Some(Self {
            patch_count: layout.patches.len() as u32,
            bytes: patches.size() + texture_bytes(layout.size),
            patches,
            view,
            plan: (min, max),
            bind_group: OnceLock::new(),
            baked_for: AtomicU64::new(NEVER_BAKED),
        }))
    }

    /// Bytes of GPU memory the cache and its faces' list take.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The cache bound for the scene (group 2), once
    /// [`LightBaker::prepare`] has made it ready.
    pub fn bind_group(&self) -> Option<&wgpu::BindGroup> {
        self.bind_group.get()
    }
}

/// Bakes light caches and binds them for the scene: the bake pipeline,
/// the cache's bind group layout and sampler, made once per window.
#[derive(Debug)]
pub struct LightBaker {
    pipeline: wgpu::RenderPipeline,
    /// Group 0 of the bake: the scene's globals layout, each bake's lamps.
    globals_layout: wgpu::BindGroupLayout,
    globals: wgpu::Buffer,
    /// Group 2 of the scene pipelines that read a cache.
    layout: wgpu::BindGroupLayout,
    sampler: wgpu::Sampler,
}

impl LightBaker {
    /// The bake pipeline from `shader` (`shaders/scene.wgsl`), whose group
    /// 0 is `globals_layout` with `globals` bound at 0.
    pub fn new(
        device: &wgpu::Device,
        shader: &wgpu::ShaderModule,
        globals_layout: &wgpu::BindGroupLayout,
        globals: &wgpu::Buffer,
    ) -> Self {
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("light cache"),
            entries: &super::pipeline::texture_entries(0),
        });
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("light cache sampler"),
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            ..Default::default()
        });
        let add = wgpu::BlendComponent {
            src_factor: wgpu::BlendFactor::One,
            dst_factor: wgpu::BlendFactor::One,
            operation: wgpu::BlendOperation::Add,
        };
        let layouts = [Some(globals_layout)];
        let pipeline = create_pipeline_into(
            device,
            (FORMAT, 1),
            PipelineSpec {
                label: "light cache bake",
                shader,
                entry_points: ("vs_bake", "fs_bake"),
                bind_group_layouts: &layouts,
                vertex_layout: wgpu::VertexBufferLayout {
                    array_stride: size_of::<LightPatch>() as wgpu::BufferAddress,
                    step_mode: wgpu::VertexStepMode::Instance,
                    attributes: &wgpu::vertex_attr_array![
                        0 => Float32x4, 1 => Float32x4, 2 => Float32x4, 3 => Float32x4, 4 => Float32x4
                    ],
                },
                primitive: wgpu::PrimitiveState::default(),
                depth: Depth::Absent,
                blend: Some(wgpu::BlendState {
                    color: add,
                    alpha: add,
                }),
            },
        );
        Self {
            pipeline,
            globals_layout: globals_layout.clone(),
            globals: globals.clone(),
            layout,
            sampler,
        }
    }

    /// The layout of group 2 for the scene pipelines that read a cache.
    pub fn layout(&self) -> &wgpu::BindGroupLayout {
        &self.layout
    }

    /// Makes `light` ready to draw this frame: bound, and baked again (in
    /// passes `encoder` records before the frame's) when the shadow rows of
    /// `lamps` changed since its last bake. Returns whether it was baked.
    pub fn prepare(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        light: &ChunkLight,
        lamps: &mut LevelLamps,
    ) -> bool {
        light
            .bind_group
            .get_or_init(|| bind_cache(device, &self.layout, &light.view, &self.sampler));
        let generation = lamps.generation();
        if light.baked_for.load(Ordering::Relaxed) == generation {
            return false;
        }
        let reaching = lamps.reaching(light.plan.0, light.plan.1);
        // At least one pass, which clears the cache; then MAX_LAMPS lamps a
        // pass, added up.
        let batches: Vec<&[usize]> = if reaching.is_empty() {
            vec![&[]]
        } else {
            reaching.chunks(MAX_LAMPS).collect()
        };
        for (pass_index, batch) in batches.into_iter().enumerate() {
            let mut buffers = LampBuffers::new(device);
            let in_use = buffers.write(queue, lamps, batch, None, true);
            let bind_group = buffers.bind_group(device, &self.globals_layout, &self.globals);
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("light cache bake"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &light.view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: if pass_index == 0 {
                            wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT)
                        } else {
                            wgpu::LoadOp::Load
                        },
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            if in_use > 0 {
                pass.set_pipeline(&self.pipeline);
                pass.set_bind_group(0, &bind_group, &[]);
                pass.set_vertex_buffer(0, light.patches.slice(..));
                pass.draw(0..6, 0..light.patch_count);
            }
        }
        light.baked_for.store(generation, Ordering::Relaxed);
        true
    }
}

/// Bytes of a light cache of `size` texels.
fn texture_bytes((width, height): (u32, u32)) -> u64 {
    let texel = FORMAT.block_copy_size(None).unwrap_or(8);
    u64::from(width) * u64::from(height) * u64::from(texel)
}

/// `view` and `sampler` as a light cache bind group of `layout`.
fn bind_cache(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    view: &wgpu::TextureView,
    sampler: &wgpu::Sampler,
) -> wgpu::BindGroup {
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("light cache"),
        layout,
        entries: &super::pipeline::texture_bindings(0, view, sampler),
    })
}
