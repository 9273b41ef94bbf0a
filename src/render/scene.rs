//! The scene pass: a level's mesh, chunk by chunk (each built by
//! [`chunk_mesh`](crate::level::mesh::chunk_mesh) and kept in the level's
//! chunk cache), drawn material by material, skipping the batches culling
//! leaves out. The pipeline lives as long as the window; the buffers belong
//! to one level.

use super::pipeline::{Depth, PipelineSpec, create_pipeline, texture_bindings, texture_entries};
use super::shared_light::SharedLampLight;
use super::texture::create_buffer;
use super::{RenderQuality, Targets};
use crate::level::mesh::{Batch, MeshVertex, SceneMesh};

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
/// quality), and at a quality that shares lamp light, what that takes.
#[derive(Debug)]
pub struct ScenePipeline {
    /// Draws [`Shading::WithoutLamps`].
    without_lamps: wgpu::RenderPipeline,
    /// Draws [`Shading::Lit`].
    lit: wgpu::RenderPipeline,
    /// How a level's materials are bound.
    pub materials: MaterialBinding,
    /// The lamp light pass and the scene pipeline reading it, when the
    /// quality shares lamp light by blocks of pixels.
    shared: Option<SharedLampLight>,
}

/// What a scene pass draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shading {
    /// The level lit by the sun and the ambient, or by the ambient alone in
    /// a level with lamps: for a frame that no lamp (and no torch) lights.
    WithoutLamps,
    /// The lit level, each pixel working out its own lamp light.
    Lit,
    /// The lamps' light alone, into the shared lamp light (in the pass
    /// [`ScenePipeline::begin_lamp_light_pass`] began).
    LampLight,
    /// The lit level, lamp light taken from the shared lamp light.
    LitSharingLampLight,
}

/// How a material is bound (group 1): its layout and the one sampler every
/// material uses. Cheap to clone (wgpu handles are reference counted), so a
/// scene can be built on another thread.
#[derive(Debug, Clone)]
pub struct MaterialBinding {
    layout: wgpu::BindGroupLayout,
    sampler: wgpu::Sampler,
}

impl ScenePipeline {
    /// Builds the scene pipeline for `targets`; `shader` is
    /// `shaders/scene.wgsl`.
    pub fn new(
        device: &wgpu::Device,
        targets: &Targets,
        globals_layout: &wgpu::BindGroupLayout,
        shader: &wgpu::ShaderModule,
        quality: &RenderQuality,
    ) -> Self {
        let material_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("material"),
            entries: &texture_entries(0),
        });
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
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
        });
        let layouts = [Some(globals_layout), Some(&material_layout)];
        let spec = PipelineSpec {
            label: "scene",
            shader,
            entry_points: ("vs_main", "fs_main"),
            bind_group_layouts: &layouts,
            vertex_layout: wgpu::VertexBufferLayout {
                array_stride: size_of::<MeshVertex>() as wgpu::BufferAddress,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &wgpu::vertex_attr_array![0 => Float32x3, 1 => Float32x3, 2 => Float32x2],
            },
            primitive: wgpu::PrimitiveState {
                topology: wgpu::PrimitiveTopology::TriangleList,
                front_face: wgpu::FrontFace::Ccw,
                cull_mode: Some(wgpu::Face::Back),
                ..Default::default()
            },
            depth: Depth::Tested,
            blend: None,
        };
        let shared = quality
            .shared_lamp_light
            .then(|| SharedLampLight::new(device, targets, &spec));
        let lit = create_pipeline(
            device,
            targets,
            spec.with_fragment("scene with lamps", "fs_lamps"),
        );
        let without_lamps = create_pipeline(device, targets, spec);
        Self {
            without_lamps,
            lit,
            materials: MaterialBinding {
                layout: material_layout,
                sampler,
            },
            shared,
        }
    }

    /// Follows a new view size.
    pub fn resize(&mut self, device: &wgpu::Device, size: (u32, u32)) {
        if let Some(shared) = &mut self.shared {
            shared.resize(device, size);
        }
    }

    /// Begins the pass that draws [`Shading::LampLight`], when this
    /// pipeline shares lamp light.
    pub fn begin_lamp_light_pass<'e>(
        &self,
        encoder: &'e mut wgpu::CommandEncoder,
    ) -> Option<wgpu::RenderPass<'e>> {
        self.shared
            .as_ref()
            .map(|shared| shared.begin_pass(encoder))
    }

    /// Draws every batch of every chunk in `chunks` that `shown` lets
    /// through, painted with `materials` (one bind group per level
    /// material), as `shading` says (a pipeline that shares no lamp light
    /// draws [`Shading::Lit`] for either shading that shares it); returns
    /// how many were drawn.
    pub fn draw<'a>(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        shading: Shading,
        globals: &wgpu::BindGroup,
        materials: &[wgpu::BindGroup],
        chunks: impl IntoIterator<Item = &'a ChunkBuffers>,
        shown: impl Fn(&Batch) -> bool,
    ) -> usize {
        match (shading, &self.shared) {
            (Shading::LampLight, Some(shared)) => shared.use_light(pass),
            (Shading::LitSharingLampLight, Some(shared)) => shared.use_scene(pass),
            (Shading::WithoutLamps, _) => pass.set_pipeline(&self.without_lamps),
            _ => pass.set_pipeline(&self.lit),
        }
        pass.set_bind_group(0, globals, &[]);
        let mut drawn = 0;
        for chunk in chunks {
            let mut bound = false;
            for batch in chunk.batches.iter().filter(|batch| shown(batch)) {
                let Some(material) = materials.get(batch.material.0) else {
                    continue;
                };
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
/// [`chunk_mesh`](crate::level::mesh::chunk_mesh)).
#[derive(Debug)]
pub struct ChunkBuffers {
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    batches: Vec<Batch>,
}

impl ChunkBuffers {
    /// Uploads `mesh`, checked against the device's buffer size limit.
    pub fn new(device: &wgpu::Device, mesh: SceneMesh) -> anyhow::Result<Self> {
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
        Ok(Self {
            vertices,
            indices,
            batches: mesh.batches,
        })
    }

    /// Bytes of GPU memory the vertex and index buffers take.
    pub fn buffer_bytes(&self) -> u64 {
        self.vertices.size() + self.indices.size()
    }
}
