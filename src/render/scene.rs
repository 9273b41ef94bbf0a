//! The scene pass: the level's mesh (built once by [`scene_mesh`]) drawn
//! material by material, chunk by chunk, skipping chunks out of view.

use wgpu::util::DeviceExt as _;

use super::cull::ViewVolume;
use super::pipeline::{Depth, PipelineSpec, create_pipeline, texture_bindings, texture_entries};
use super::texture::upload_with_mipmaps;
use super::{RenderQuality, Targets};
use crate::level::mesh::{Batch, MeshVertex, scene_mesh};
use crate::level::{Level, load_texture_image};

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

/// GPU resources of the level's geometry and materials.
#[derive(Debug)]
pub struct ScenePass {
    pipeline: wgpu::RenderPipeline,
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    batches: Vec<Batch>,
    /// One bind group per level material, indexed like `Level::materials`.
    materials: Vec<wgpu::BindGroup>,
}

impl ScenePass {
    /// Builds the mesh of `level`, uploads it and every material texture
    /// (a missing texture becomes a checkerboard and a logged warning);
    /// `shader` is `shaders/scene.wgsl`.
    pub fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        targets: &Targets,
        globals_layout: &wgpu::BindGroupLayout,
        shader: &wgpu::ShaderModule,
        quality: &RenderQuality,
        level: &Level,
    ) -> Self {
        let mesh = scene_mesh(level);
        let vertices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("scene vertices"),
            contents: bytemuck::cast_slice(&mesh.vertices),
            usage: wgpu::BufferUsages::VERTEX,
        });
        let indices = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("scene indices"),
            contents: bytemuck::cast_slice(&mesh.indices),
            usage: wgpu::BufferUsages::INDEX,
        });
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
        let materials = level
            .materials
            .iter()
            .map(|material| {
                let (image, warning) = load_texture_image(material);
                if let Some(warning) = warning {
                    log::warn!("{warning}");
                }
                let texture = upload_with_mipmaps(device, queue, &material.name, &image);
                let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
                device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some(&material.name),
                    layout: &material_layout,
                    entries: &texture_bindings(0, &view, &sampler),
                })
            })
            .collect();
        let pipeline = create_pipeline(
            device,
            targets,
            PipelineSpec {
                label: "scene",
                shader,
                entry_points: ("vs_main", "fs_main"),
                bind_group_layouts: &[Some(globals_layout), Some(&material_layout)],
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
            },
        );
        Self {
            pipeline,
            vertices,
            indices,
            batches: mesh.batches,
            materials,
        }
    }

    /// How many batches the level's mesh has.
    pub fn batch_count(&self) -> usize {
        self.batches.len()
    }

    /// Draws every batch `view` may see; returns how many were drawn.
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        globals: &wgpu::BindGroup,
        view: &ViewVolume,
    ) -> usize {
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, globals, &[]);
        pass.set_vertex_buffer(0, self.vertices.slice(..));
        pass.set_index_buffer(self.indices.slice(..), wgpu::IndexFormat::Uint32);
        let mut drawn = 0;
        for batch in self
            .batches
            .iter()
            .filter(|batch| view.may_see(&batch.bounds))
        {
            let Some(material) = self.materials.get(batch.material.0) else {
                continue;
            };
            pass.set_bind_group(1, material, &[]);
            pass.draw_indexed(batch.indices.clone(), 0, 0..1);
            drawn += 1;
        }
        drawn
    }
}
