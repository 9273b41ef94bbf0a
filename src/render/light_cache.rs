//! The light cache ([`RenderQuality::cached_lamp_light`](super::RenderQuality),
//! fast quality): the lamps' light on every face of a chunk, baked into a
//! texture of the chunk's (a texel every tenth of a metre; the layout is
//! `src/level/light_layout.rs`), so that a frame takes one filtered sample
//! per pixel instead of looking at every lamp that may reach it.
//!
//! The lamps' light on a face depends on the face's point alone, never on
//! the eye: it changes only when a lamp, a shape or a closed door does,
//! and each of those gives the lamps whose reach meets it a new stamp
//! ([`LevelLamps::stamp`]). A chunk is baked with every lamp whose reach
//! meets it, [`MAX_LAMPS`] at a time, added up, and keeps those lamps'
//! stamps; a chunk drawn whose lamps' stamps differ is baked again before
//! the frame draws it, by the same shader code that lights a pixel
//! (`fs_bake` in `shaders/scene.wgsl`), so the next frame after any change
//! shows the new light, and a change bakes again only the caches of the
//! chunks that the lamps it reached light. Of such a cache, when all that
//! changed since its bake are some directions of its lamps' shadow rows (a
//! door that shut or opened, a body that came to rest or woke), only the
//! texels those directions reach are drawn again
//! ([`super::light_rebake`]), each to the value a whole bake gives it. The
//! torch, which moves with the eye, is never cached.
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

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use glam::Vec2;

use super::lamps::{LampBuffers, LevelLamps};
use super::light_grid::Listing;
use super::light_rebake::{FacePlace, PlanRect, TexelRect, changed_areas};
use super::pipeline::{Depth, PipelineSpec, create_pipeline_into};
use super::shadow::MAX_LAMPS;
use super::texture::{create_buffer, render_target_for};
use crate::level::light_layout::LightPatch;
use crate::level::mesh::SceneMesh;

/// The cache's format: linear light, beyond 1 where lamps are bright.
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba16Float;

/// What one frame did again of the lamps' light (the renderer keeps the
/// last frame's: [`LevelScene::light_work`](super::LevelScene::light_work)),
/// for tests and benchmarks that check that a change remakes only the
/// light it reaches.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LightWork {
    /// The lamps (indices into the level's lights) whose shadow rows the
    /// frame made, in the order made.
    pub rows_made: Vec<usize>,
    /// The chunks whose light caches the frame baked, in the order baked.
    pub caches_baked: Vec<(i32, i32)>,
    /// For each cache of `caches_baked`, in that order, the texels its
    /// bake drew: all of its faces' when baked whole, and after a change
    /// to some of its lamps' shadow rows only those whose light the
    /// change can reach.
    pub texels_baked: Vec<u64>,
    /// The texels of the moving shapes' light cache the frame baked: all
    /// of it after they moved, none while they and their lamps stand.
    pub moving_texels_baked: u64,
}

/// What a light cache was last baked with.
#[derive(Debug)]
struct Baked {
    /// The [`LevelLamps::generation`] it was last found current in.
    generation: u64,
    /// The lamps it was baked with, in the level's order, each with its
    /// [`LevelLamps::stamp`] then.
    lamps: Vec<(usize, u64)>,
}

/// What a bake draws of a cache.
#[derive(Debug)]
enum BakeTexels {
    /// Every face, over a cleared cache.
    Whole,
    /// These faces (by index), each within its rectangle; every other
    /// texel keeps its light.
    Within(Vec<(u32, TexelRect)>),
}

/// One chunk's light cache: the texture, where each face lies in it, and
/// the lamps it was baked with.
#[derive(Debug)]
pub struct ChunkLight {
    /// One [`LightPatch`] per face, drawn as instances by the bake.
    patches: wgpu::Buffer,
    patch_count: u32,
    /// Where each face lies, in the cache and on the floor plan.
    faces: Vec<FacePlace>,
    view: wgpu::TextureView,
    bytes: u64,
    /// The floor-plan rectangle the chunk's mesh covers: the lamps whose
    /// reach meets it light the chunk.
    plan: (Vec2, Vec2),
    /// The cache bound for the scene (group 2), made at its first bake.
    bind_group: OnceLock<wgpu::BindGroup>,
    /// What it was last baked with; `None` before its first bake.
    baked: Mutex<Option<Baked>>,
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
            faces: layout.patches.iter().map(FacePlace::new).collect(),
            bytes: patches.size() + texture_bytes(layout.size),
            patches,
            view,
            plan: (min, max),
            bind_group: OnceLock::new(),
            baked: Mutex::new(None),
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

    /// The texels whose light may have changed since the cache was baked
    /// with the lamps and stamps `baked`, now that the lamps reaching it
    /// have the stamps `now`: those that the directions changed since in
    /// the changed lamps' rows reach. Everything when other lamps reach
    /// it, or when a lamp's changes since are not known.
    fn texels_to_bake(
        &self,
        lamps: &LevelLamps,
        baked: &[(usize, u64)],
        now: &[(usize, u64)],
    ) -> BakeTexels {
        if baked.len() != now.len() {
            return BakeTexels::Whole;
        }
        let mut areas: Vec<PlanRect> = Vec::new();
        for (&(index, then), &(now_index, stamp)) in baked.iter().zip(now) {
            if index != now_index {
                return BakeTexels::Whole;
            }
            if then == stamp {
                continue;
            }
            match (lamps.light(index), lamps.changed_since(index, then)) {
                (Some(lamp), Some(changed)) => areas.extend(changed_areas(lamp, &changed)),
                _ => return BakeTexels::Whole,
            }
        }
        let faces = self.faces.iter().zip(0..);
        BakeTexels::Within(
            faces
                .filter_map(|(face, index)| Some((index, face.texels_within(&areas)?)))
                .collect(),
        )
    }

    /// How many texels a bake of `texels` draws.
    fn texel_count(&self, texels: &BakeTexels) -> u64 {
        let rects: Box<dyn Iterator<Item = TexelRect>> = match texels {
            BakeTexels::Whole => Box::new(self.faces.iter().map(FacePlace::rect)),
            BakeTexels::Within(faces) => Box::new(faces.iter().map(|(_, rect)| *rect)),
        };
        rects.map(|rect| rect.texels()).sum()
    }
}

/// Bakes light caches and binds them for the scene: the bake pipeline,
/// the cache's bind group layout and sampler, made once per window.
#[derive(Debug)]
pub struct LightBaker {
    /// The first pass of a bake: its lamps' light replaces what the
    /// texels held.
    first_pipeline: wgpu::RenderPipeline,
    /// The passes after it: their lamps' light is added.
    pipeline: wgpu::RenderPipeline,
    /// Group 0 of the bake: the scene's globals layout, each bake's lamps.
    globals_layout: wgpu::BindGroupLayout,
    globals: wgpu::Buffer,
    /// Group 2 of the scene pipelines that read a cache.
    layout: wgpu::BindGroupLayout,
    sampler: wgpu::Sampler,
    /// The lamps of recent bake passes, on the GPU.
    passes: Mutex<PassLamps>,
}

/// How many passes' lamps [`PassLamps`] keeps: a few chunks' worth in a
/// level with many lamps (each pass holds a light grid and a shadow row
/// per lamp on the GPU).
const PASSES_KEPT: usize = 32;

/// The lamps' buffers of recent bake passes (their uniform, shadow rows
/// and light grid, bound), by the lamps and the stamps they had: a pass
/// of the same lamps with the same stamps needs the same buffers, so a
/// cache baked again after a change to some of its lamps writes anew only
/// the buffers of the passes with a changed lamp, and the caches of
/// chunks that the same lamps reach share them. A new pass takes the
/// buffers of the pass least recently used once as many are kept as may
/// be, unless a pass of the frame being recorded uses them, and writes
/// only what differs in them.
#[derive(Debug, Default)]
struct PassLamps {
    /// Passes looked up so far: each kept pass remembers the last.
    uses: u64,
    /// [`uses`](Self::uses) when the frame being recorded began: the
    /// passes looked up since are that frame's.
    frame_began: u64,
    kept: HashMap<(Listing, Vec<(usize, u64)>), KeptPass>,
}

/// One pass's lamps on the GPU.
#[derive(Debug)]
struct KeptPass {
    /// The buffers the bind group binds.
    buffers: LampBuffers,
    bind_group: wgpu::BindGroup,
    /// [`PassLamps::uses`] when last looked up.
    last_used: u64,
}

impl PassLamps {
    /// The bake's group 0 (`layout`, with `globals`) for a pass of the
    /// `batch` of `lamps`, made and written when not kept; `None` when
    /// none of them is in use.
    fn bind_group(
        &mut self,
        bake: &BakePasses<'_>,
        (layout, globals): (&wgpu::BindGroupLayout, &wgpu::Buffer),
        lamps: &LevelLamps,
        batch: &[usize],
    ) -> Option<wgpu::BindGroup> {
        let stamps: Vec<(usize, u64)> = batch
            .iter()
            .filter_map(|&index| Some((index, lamps.stamp(index)?)))
            .collect();
        if stamps.is_empty() {
            return None;
        }
        // A bake after a change draws few texels: a grid listing every
        // lamp everywhere costs them little and is made at once.
        let listing = match bake.texels {
            BakeTexels::Whole => Listing::Tight,
            BakeTexels::Within(_) => Listing::EveryLamp,
        };
        let key = (listing, stamps);
        self.uses += 1;
        if let Some(kept) = self.kept.get_mut(&key) {
            kept.last_used = self.uses;
            return Some(kept.bind_group.clone());
        }
        let mut kept = match self.reusable(&key) {
            Some(kept) => kept,
            None => {
                let buffers = LampBuffers::new(bake.device, false);
                let bind_group = buffers.bind_group(bake.device, layout, globals);
                KeptPass {
                    buffers,
                    bind_group,
                    last_used: 0,
                }
            }
        };
        if kept
            .buffers
            .write(bake.queue, lamps, (batch, listing), None, true)
            == 0
        {
            return None;
        }
        kept.last_used = self.uses;
        let bind_group = kept.bind_group.clone();
        self.kept.insert(key, kept);
        Some(bind_group)
    }

    /// Takes out the kept pass whose buffers a new pass of `key` is to
    /// write: one of the same lamps with other stamps (no pass looks it up
    /// again, since a lamp never gets a stamp back), which then needs only
    /// its changed rows written; else the least recently used, once as
    /// many are kept as may be. Never one that a pass of the frame being
    /// recorded uses.
    fn reusable(&mut self, (listing, stamps): &(Listing, Vec<(usize, u64)>)) -> Option<KeptPass> {
        let frame_began = self.frame_began;
        let same_lamps = self
            .kept
            .iter()
            .find(|((kept_listing, kept_stamps), kept)| {
                kept.last_used <= frame_began
                    && kept_listing == listing
                    && kept_stamps.len() == stamps.len()
                    && kept_stamps.iter().zip(stamps).all(|(a, b)| a.0 == b.0)
            });
        let oldest = || {
            (self.kept.len() >= PASSES_KEPT)
                .then(|| self.kept.iter().min_by_key(|(_, kept)| kept.last_used))
                .flatten()
        };
        let key = same_lamps.or_else(oldest).map(|(key, _)| key.clone())?;
        let kept = self.kept.remove(&key)?;
        (kept.last_used <= frame_began).then_some(kept)
    }
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
        let spec = PipelineSpec {
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
            blend: None,
            constants: &[],
        };
        let first_pipeline = create_pipeline_into(device, (FORMAT, 1), spec.clone());
        let pipeline = create_pipeline_into(
            device,
            (FORMAT, 1),
            PipelineSpec {
                blend: Some(wgpu::BlendState {
                    color: add,
                    alpha: add,
                }),
                ..spec
            },
        );
        Self {
            first_pipeline,
            pipeline,
            globals_layout: globals_layout.clone(),
            globals: globals.clone(),
            layout,
            sampler,
            passes: Mutex::default(),
        }
    }

    /// The layout of group 2 for the scene pipelines that read a cache.
    pub fn layout(&self) -> &wgpu::BindGroupLayout {
        &self.layout
    }

    /// Starts recording a frame's bakes: the passes' buffers that the
    /// frame's bakes use are not written again before it is submitted.
    pub fn begin_frame(&self) {
        let mut passes = self.passes.lock().unwrap_or_else(PoisonError::into_inner);
        passes.frame_began = passes.uses;
    }

    /// Makes `light` ready to draw this frame: bound, and baked again (in
    /// passes `encoder` records before the frame's) when the lamps that
    /// reach it are not those it was baked with, with the same stamps;
    /// after a change to some of those lamps' rows, only the texels the
    /// change can reach. Returns how many texels it baked, if any.
    pub fn prepare(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        light: &ChunkLight,
        lamps: &mut LevelLamps,
    ) -> Option<u64> {
        light
            .bind_group
            .get_or_init(|| bind_cache(device, &self.layout, &light.view, &self.sampler));
        let generation = lamps.generation();
        // A cache is only ever baked here, on the frame's thread: a lock
        // poisoned by a panic elsewhere still holds a whole record.
        let mut baked = light.baked.lock().unwrap_or_else(PoisonError::into_inner);
        if baked
            .as_ref()
            .is_some_and(|baked| baked.generation == generation)
        {
            return None;
        }
        let reaching = lamps.reaching(light.plan.0, light.plan.1);
        let stamps: Vec<(usize, u64)> = reaching
            .iter()
            .filter_map(|&index| Some((index, lamps.stamp(index)?)))
            .collect();
        if let Some(baked) = baked.as_mut().filter(|baked| baked.lamps == stamps) {
            baked.generation = generation;
            return None;
        }
        let texels = match baked.as_ref() {
            Some(baked) => light.texels_to_bake(lamps, &baked.lamps, &stamps),
            None => BakeTexels::Whole,
        };
        *baked = Some(Baked {
            generation,
            lamps: stamps,
        });
        let count = light.texel_count(&texels);
        if count == 0 {
            return None;
        }
        lamps.make_rows(&reaching);
        let passes = BakePasses {
            device,
            queue,
            light,
            texels: &texels,
        };
        self.record_bake(encoder, &passes, lamps, &reaching);
        Some(count)
    }

    /// Records the passes of one bake: [`MAX_LAMPS`] of the `reaching`
    /// lamps a pass, the first replacing what the texels drawn held (over
    /// a cleared cache when baked whole), the others adding to it, so
    /// that a texel drawn gets the same light whichever texels are drawn
    /// with it. At least one pass.
    fn record_bake(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        bake: &BakePasses<'_>,
        lamps: &LevelLamps,
        reaching: &[usize],
    ) {
        let batches: Vec<&[usize]> = if reaching.is_empty() {
            vec![&[]]
        } else {
            reaching.chunks(MAX_LAMPS).collect()
        };
        // Passes are only looked up here, on the frame's thread: a lock
        // poisoned by a panic elsewhere still holds whole passes.
        let mut passes = self.passes.lock().unwrap_or_else(PoisonError::into_inner);
        for (pass_index, batch) in batches.into_iter().enumerate() {
            let group = (&self.globals_layout, &self.globals);
            let bind_group = passes.bind_group(bake, group, lamps, batch);
            let clear = pass_index == 0 && matches!(bake.texels, BakeTexels::Whole);
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("light cache bake"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &bake.light.view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: if clear {
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
            let Some(bind_group) = bind_group else {
                continue;
            };
            pass.set_pipeline(if pass_index == 0 {
                &self.first_pipeline
            } else {
                &self.pipeline
            });
            pass.set_bind_group(0, &bind_group, &[]);
            pass.set_vertex_buffer(0, bake.light.patches.slice(..));
            match bake.texels {
                BakeTexels::Whole => pass.draw(0..6, 0..bake.light.patch_count),
                BakeTexels::Within(faces) => {
                    for &(face, rect) in faces {
                        pass.set_scissor_rect(rect.x, rect.y, rect.width, rect.height);
                        pass.draw(0..6, face..face + 1);
                    }
                }
            }
        }
    }
}

/// One bake's device, queue, cache and texels to draw.
struct BakePasses<'a> {
    device: &'a wgpu::Device,
    queue: &'a wgpu::Queue,
    light: &'a ChunkLight,
    texels: &'a BakeTexels,
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
