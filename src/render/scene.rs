//! The scene pass: a level's mesh, chunk by chunk (each built by
//! [`chunk_mesh`](crate::level::mesh::chunk_mesh) and kept in the level's
//! chunk cache), drawn material by material, skipping the batches culling
//! leaves out. The pipeline lives as long as the window; the buffers belong
//! to one level.

use super::Targets;
use super::light_cache::{ChunkLight, LightBaker};
use super::pipeline::{Depth, PipelineSpec, create_pipeline, texture_bindings, texture_entries};
use super::texture::create_buffer;
use crate::level::mesh::{Batch, BatchKind, MeshVertex, SceneMesh};

/// How the level's faces are assembled: triangles, counter-clockwise
/// seen from the side they look to, the back culled.
pub const FACE_PRIMITIVE: wgpu::PrimitiveState = wgpu::PrimitiveState {
    topology: wgpu::PrimitiveTopology::TriangleList,
    strip_index_format: None,
    front_face: wgpu::FrontFace::Ccw,
    cull_mode: Some(wgpu::Face::Back),
    unclipped_depth: false,
    polygon_mode: wgpu::PolygonMode::Fill,
    conservative: false,
};

/// The shader's view of the world: camera, light and fog, one per frame.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Globals {
    /// World to clip transform, column-major.
    pub view_projection: [[f32; 4]; 4],
    /// The eye (xyz) and the fog distance in metres (w).
    pub eye: [f32; 4],
    /// The direction light travels (xyz, unit) and the ambient fraction (w).
    pub light: [f32; 4],
    /// The fog colour, linear RGB (xyz), and the ceiling height (w).
    pub fog: [f32; 4],
}

/// What drawing any level's mesh needs, made once per window: the
/// pipelines, the material bind group layout and the sampler (set by the
/// quality), and at a quality that caches lamp light, the pipelines that
/// read the cache and what bakes it.
#[derive(Debug)]
pub struct ScenePipeline {
    /// Draws [`Shading::WithoutLamps`].
    without_lamps: ShadingPipelines,
    /// Draws [`Shading::Lit`] without the torch.
    lit: ShadingPipelines,
    /// Draws [`Shading::Lit`] with the torch.
    lit_with_torch: ShadingPipelines,
    /// How a level's materials are bound.
    pub materials: MaterialBinding,
    /// When the quality caches lamp light.
    cached: Option<CachedLight>,
}

/// The scene pipelines that read the light cache, and its baker.
#[derive(Debug)]
struct CachedLight {
    /// Draws [`Shading::Cached`] without the torch.
    lamps: ShadingPipelines,
    /// Draws [`Shading::Cached`] with the torch.
    lamps_and_torch: ShadingPipelines,
    baker: LightBaker,
}

/// One way of shading the level as two pipelines alike but for the
/// shader's `ALPHA_TEST`: one for the see-through walls
/// ([`BatchKind::SeeThrough`]), whose texels less than half opaque are not
/// drawn, and one for every other face, which keeps the early depth test
/// a `discard` would cost on a real GPU.
#[derive(Debug)]
struct ShadingPipelines {
    opaque: wgpu::RenderPipeline,
    see_through: wgpu::RenderPipeline,
}

/// The scene shader's constants for the see-through pipelines.
const SEE_THROUGH_CONSTANTS: [(&str, f64); 1] = [("ALPHA_TEST", 1.0)];

impl ShadingPipelines {
    /// The two pipelines of `spec`, for `targets`.
    fn new(device: &wgpu::Device, targets: &Targets, spec: PipelineSpec<'_>) -> Self {
        let label = format!("{} for see-through walls", spec.label);
        let see_through = PipelineSpec {
            label: &label,
            constants: &SEE_THROUGH_CONSTANTS,
            ..spec.clone()
        };
        Self {
            see_through: create_pipeline(device, targets, see_through),
            opaque: create_pipeline(device, targets, spec),
        }
    }

    /// The pipeline that draws a batch of `kind`.
    fn drawing(&self, kind: BatchKind) -> &wgpu::RenderPipeline {
        match kind {
            BatchKind::SeeThrough => &self.see_through,
            BatchKind::Shapes | BatchKind::FloorAndCeiling | BatchKind::Sky => &self.opaque,
        }
    }
}

/// What a scene pass draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shading {
    /// The level lit by the sun and the ambient, or by the ambient alone in
    /// a level with lamps: for a frame that no lamp and no torch lights.
    WithoutLamps,
    /// The lit level, each pixel working out its own lamp light, and the
    /// torch's when `torch` is on.
    Lit {
        /// The torch is on.
        torch: bool,
    },
    /// The lit level, lamp light taken from each chunk's light cache, with
    /// the torch's light worked out per pixel on top when `torch` is on.
    Cached {
        /// The torch is on.
        torch: bool,
    },
}

/// How a material is bound (group 1): its layout and the one sampler every
/// material uses. Cheap to clone (wgpu handles are reference counted), so a
/// scene can be built on another thread.
#[derive(Debug, Clone)]
pub struct MaterialBinding {
    layout: wgpu::BindGroupLayout,
    sampler: wgpu::Sampler,
}

/// The materials' sampler: repeating, filtered as `quality` asks.
fn material_sampler(device: &wgpu::Device, quality: &super::RenderQuality) -> wgpu::Sampler {
    device.create_sampler(&wgpu::SamplerDescriptor {
        label: Some("material sampler"),
        address_mode_u: wgpu::AddressMode::Repeat,
        address_mode_v: wgpu::AddressMode::Repeat,
        mag_filter: wgpu::FilterMode::Linear,
        min_filter: wgpu::FilterMode::Linear,
        mipmap_filter: if quality.trilinear {
            wgpu::MipmapFilterMode::Linear
        } else {
            wgpu::MipmapFilterMode::Nearest
        },
        anisotropy_clamp: quality.anisotropy.max(1),
        ..Default::default()
    })
}

impl ScenePipeline {
    /// Builds the scene pipelines for `targets` at `quality`; `shader` is
    /// `shaders/scene.wgsl`, and `globals` the buffer bound at group 0's
    /// first binding.
    pub fn new(
        device: &wgpu::Device,
        targets: &Targets,
        (globals_layout, globals): (&wgpu::BindGroupLayout, &wgpu::Buffer),
        shader: &wgpu::ShaderModule,
        quality: &super::RenderQuality,
    ) -> Self {
        let material_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("material"),
            entries: &texture_entries(0),
        });
        let sampler = material_sampler(device, quality);
        let layouts = [Some(globals_layout), Some(&material_layout)];
        let spec = PipelineSpec {
            label: "scene",
            shader,
            entry_points: ("vs_main", "fs_main"),
            bind_group_layouts: &layouts,
            vertex_layout: wgpu::VertexBufferLayout {
                array_stride: size_of::<MeshVertex>() as wgpu::BufferAddress,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &wgpu::vertex_attr_array![
                    0 => Float32x3, 1 => Float32x3, 2 => Float32x2, 3 => Float32x2, 4 => Float32
                ],
            },
            primitive: FACE_PRIMITIVE,
            depth: Depth::Tested,
            blend: None,
            constants: &[],
        };
        let cached = quality.cached_lamp_light.then(|| {
            let baker = LightBaker::new(device, shader, globals_layout, globals);
            let layouts = [
                Some(globals_layout),
                Some(&material_layout),
                Some(baker.layout()),
            ];
            let reading = |label, fragment| {
                let spec = PipelineSpec {
                    bind_group_layouts: &layouts,
                    ..spec.with_fragment(label, fragment)
                };
                ShadingPipelines::new(device, targets, spec)
            };
            CachedLight {
                lamps: reading("scene with cached lamp light", "fs_cached"),
                lamps_and_torch: reading(
                    "scene with cached lamp light and the torch",
                    "fs_cached_torch",
                ),
                baker,
            }
        });
        let lit = ShadingPipelines::new(
            device,
            targets,
            spec.with_fragment("scene with lamps", "fs_lamps"),
        );
        let lit_with_torch = ShadingPipelines::new(
            device,
            targets,
            spec.with_fragment("scene with lamps and the torch", "fs_lamps_torch"),
        );
        let without_lamps = ShadingPipelines::new(device, targets, spec);
        Self {
            without_lamps,
            lit,
            lit_with_torch,
            materials: MaterialBinding {
                layout: material_layout,
                sampler,
            },
            cached,
        }
    }

    /// What bakes the light caches, when this pipeline reads them.
    pub fn light_baker(&self) -> Option<&LightBaker> {
        self.cached.as_ref().map(|cached| &cached.baker)
    }

    /// Draws every batch of every chunk in `chunks` that `shown` lets
    /// through, painted with `materials` (one bind group per level
    /// material), as `shading` says; a chunk without a light cache (or a
    /// pipeline that reads none) is drawn [`Shading::Lit`], with the torch
    /// as the shading has it, where the shading reads a cache. See-through
    /// walls are drawn by the shading's see-through pipeline. Returns how
    /// many were drawn.
    pub fn draw<'a>(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        shading: Shading,
        globals: &wgpu::BindGroup,
        materials: &[wgpu::BindGroup],
        chunks: impl IntoIterator<Item = &'a ChunkBuffers>,
        shown: impl Fn(&Batch) -> bool,
    ) -> usize {
        // The pipeline for a chunk with a light cache, when the shading
        // reads one; every other chunk is drawn by `plain`.
        let (reading, plain) = match (shading, &self.cached) {
            (Shading::WithoutLamps, _) => (None, &self.without_lamps),
            (Shading::Cached { torch: false }, Some(cached)) => (Some(&cached.lamps), &self.lit),
            (Shading::Cached { torch: true }, Some(cached)) => {
                (Some(&cached.lamps_and_torch), &self.lit_with_torch)
            }
            (Shading::Lit { torch: false } | Shading::Cached { torch: false }, _) => {
                (None, &self.lit)
            }
            (Shading::Lit { torch: true } | Shading::Cached { torch: true }, _) => {
                (None, &self.lit_with_torch)
            }
        };
        let mut current = None;
        let mut drawn = 0;
        for chunk in chunks {
            let cache = reading
                .and_then(|pipelines| Some((pipelines, chunk.light.as_ref()?.bind_group()?)));
            let pipelines = cache.map_or(plain, |(pipelines, _)| pipelines);
            let mut bound = false;
            for batch in chunk.batches.iter().filter(|batch| shown(batch)) {
                let Some(material) = materials.get(batch.material.index()) else {
                    continue;
                };
                let pipeline = pipelines.drawing(batch.kind);
                let switched = current != Some(pipeline);
                if switched {
                    pass.set_pipeline(pipeline);
                    pass.set_bind_group(0, globals, &[]);
                    current = Some(pipeline);
                }
                if let Some((_, light)) = cache.filter(|_| switched || !bound) {
                    pass.set_bind_group(2, light, &[]);
                }
                if !bound {
                    pass.set_vertex_buffer(0, chunk.vertices.slice(..));
                    pass.set_index_buffer(chunk.indices.slice(..), wgpu::IndexFormat::Uint32);
                    bound = true;
                }
                pass.set_bind_group(1, material, &[]);
                pass.draw_indexed(batch.indices.clone(), 0, 0..1);
                drawn += 1;
            }
        }
        drawn
    }
}

impl MaterialBinding {
    /// The layout of a material's bind group.
    pub fn layout(&self) -> &wgpu::BindGroupLayout {
        &self.layout
    }

    /// One bind group per material texture in `textures` (in
    /// `Level::materials` order).
    pub fn bind_groups(
        &self,
        device: &wgpu::Device,
        textures: &[(String, wgpu::TextureView)],
    ) -> Vec<wgpu::BindGroup> {
        textures
            .iter()
            .map(|(name, view)| {
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some(name),
                    layout: &self.layout,
                    entries: &texture_bindings(0, view, &self.sampler),
                })
            })
            .collect()
    }
}

/// One chunk's mesh on the GPU (see
/// [`chunk_mesh`](crate::level::mesh::chunk_mesh)), with its light cache
/// in a level with lamps.
#[derive(Debug)]
pub struct ChunkBuffers {
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    batches: Vec<Batch>,
    light: Option<ChunkLight>,
}

impl ChunkBuffers {
    /// Draws its batches that `shown` lets through with the pipeline and
    /// bind groups `pass` has set; returns how many.
    pub fn draw_batches(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        shown: impl Fn(&Batch) -> bool,
    ) -> usize {
        let mut drawn = 0;
        for batch in self.batches.iter().filter(|batch| shown(batch)) {
            if drawn == 0 {
                pass.set_vertex_buffer(0, self.vertices.slice(..));
                pass.set_index_buffer(self.indices.slice(..), wgpu::IndexFormat::Uint32);
            }
            pass.draw_indexed(batch.indices.clone(), 0, 0..1);
            drawn += 1;
        }
        drawn
    }

    /// Uploads `mesh`, checked against the device's buffer size limit, with
    /// a light cache for its faces when `lit` (the level has lamps).
    pub fn new(device: &wgpu::Device, mesh: SceneMesh, lit: bool) -> anyhow::Result<Self> {
        let vertices = create_buffer(
            device,
            "chunk vertices",
            bytemuck::cast_slice(&mesh.vertices),
            wgpu::BufferUsages::VERTEX,
        )?;
        let indices = create_buffer(
            device,
            "chunk indices",
            bytemuck::cast_slice(&mesh.indices),
            wgpu::BufferUsages::INDEX,
        )?;
        // A chunk whose cache cannot be made is drawn without one: each
        // pixel then works out its own lamp light.
        let light = if lit {
            ChunkLight::new(device, &mesh)
                .inspect_err(|error| log::warn!("a chunk's light cache left out: {error:#}"))
                .ok()
                .flatten()
        } else {
            None
        };
        Ok(Self {
            vertices,
            indices,
            batches: mesh.batches,
            light,
        })
    }

    /// Bytes of GPU memory the vertex and index buffers and the light
    /// cache take.
    pub fn buffer_bytes(&self) -> u64 {
        self.vertices.size()
            + self.indices.size()
            + self.light.as_ref().map_or(0, ChunkLight::bytes)
    }

    /// The chunk's light cache, in a level with lamps.
    pub fn light(&self) -> Option<&ChunkLight> {
        self.light.as_ref()
    }
}
