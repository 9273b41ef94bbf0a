//! The sky pass: where a level has a sky (`[environment] sky`), its
//! material's texture drawn as a cylinder around the eye
//! (`shaders/sky.wgsl`), after the level's geometry: first the faces the
//! mesh paints with the sky ([`BatchKind::Sky`], depth tested and written
//! as any face), then one triangle over the whole view at the far plane,
//! tested against the depth, so that only the pixels nothing covers are
//! shaded: it shows where nothing is, as through the open ceiling of a
//! floor with `sky = true`. A level without a sky draws nothing here.
//!
//! [`BatchKind::Sky`]: crate::level::mesh::BatchKind::Sky

use glam::{Mat4, Vec2};

use super::Targets;
use super::pipeline::{Depth, PipelineSpec, create_pipeline, uniform_entry};
use super::scene::ChunkBuffers;
use super::texture::create_buffer;
use crate::camera::Camera;
use crate::level::mesh::{Batch, MeshVertex};

/// One triangle that covers the whole of clip space's square.
const COVERING_TRIANGLE: [Vec2; 3] = [
    Vec2::new(-1.0, -1.0),
    Vec2::new(3.0, -1.0),
    Vec2::new(-1.0, 3.0),
];

/// What the sky shader reads each frame.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
struct SkyGlobals {
    /// Clip space to a direction from the eye, column-major.
    direction_from_clip: [[f32; 4]; 4],
    /// World to clip, column-major.
    view_projection: [[f32; 4]; 4],
}

/// The sky's pipelines, uniform and triangle, made once per window.
#[derive(Debug)]
pub struct SkyPass {
    /// The triangle over the view, behind everything.
    behind: wgpu::RenderPipeline,
    /// The faces painted with the sky.
    faces: wgpu::RenderPipeline,
    globals: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    triangle: wgpu::Buffer,
}

impl SkyPass {
    /// Builds the sky's pipeline for `targets`; the texture is bound as a
    /// material is, through `material_layout` (group 1).
    pub fn new(
        device: &wgpu::Device,
        targets: &Targets,
        material_layout: &wgpu::BindGroupLayout,
    ) -> anyhow::Result<Self> {
        let shader = device.create_shader_module(wgpu::include_wgsl!("../../shaders/sky.wgsl"));
        let globals = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("sky globals"),
            size: size_of::<SkyGlobals>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("sky globals"),
            entries: &[uniform_entry(0, wgpu::ShaderStages::VERTEX_FRAGMENT)],
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("sky globals"),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: globals.as_entire_binding(),
            }],
        });
        let layouts = [Some(&layout), Some(material_layout)];
        let behind = create_pipeline(
            device,
            targets,
            PipelineSpec {
                label: "sky",
                shader: &shader,
                entry_points: ("vs_sky", "fs_sky"),
                bind_group_layouts: &layouts,
                vertex_layout: wgpu::VertexBufferLayout {
                    array_stride: size_of::<Vec2>() as wgpu::BufferAddress,
                    step_mode: wgpu::VertexStepMode::Vertex,
                    attributes: &wgpu::vertex_attr_array![0 => Float32x2],
                },
                primitive: wgpu::PrimitiveState::default(),
                depth: Depth::Behind,
                blend: None,
                constants: &[],
            },
        );
        // The faces are the mesh's: only their position is read, and
        // they are culled as the scene's faces are.
        let faces = create_pipeline(
            device,
            targets,
            PipelineSpec {
                label: "sky faces",
                shader: &shader,
                entry_points: ("vs_sky_face", "fs_sky"),
                bind_group_layouts: &layouts,
                vertex_layout: wgpu::VertexBufferLayout {
                    array_stride: size_of::<MeshVertex>() as wgpu::BufferAddress,
                    step_mode: wgpu::VertexStepMode::Vertex,
                    attributes: &wgpu::vertex_attr_array![0 => Float32x3],
                },
                primitive: super::scene::FACE_PRIMITIVE,
                depth: Depth::Tested,
                blend: None,
                constants: &[],
            },
        );
        let triangle = create_buffer(
            device,
            "sky triangle",
            bytemuck::cast_slice(&COVERING_TRIANGLE),
            wgpu::BufferUsages::VERTEX,
        )?;
        Ok(Self {
            behind,
            faces,
            globals,
            bind_group,
            triangle,
        })
    }

    /// Uploads the view of `camera` in a view of `aspect_ratio`.
    pub fn prepare(&self, queue: &wgpu::Queue, camera: &Camera, aspect_ratio: f32) {
        let view_projection = camera.view_projection(aspect_ratio);
        let turned = view_projection * Mat4::from_translation(camera.position);
        let globals = SkyGlobals {
            direction_from_clip: turned.inverse().to_cols_array_2d(),
            view_projection: view_projection.to_cols_array_2d(),
        };
        queue.write_buffer(&self.globals, 0, bytemuck::bytes_of(&globals));
    }

    /// Draws the sky painted with `texture` (its material's bind group):
    /// the batches of `chunks` that `shown` lets through (the sky's
    /// faces), then the sky behind everything. Returns the batches drawn.
    pub fn draw<'a>(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        texture: &wgpu::BindGroup,
        chunks: impl IntoIterator<Item = &'a ChunkBuffers>,
        shown: impl Fn(&Batch) -> bool,
    ) -> usize {
        pass.set_pipeline(&self.faces);
        pass.set_bind_group(0, &self.bind_group, &[]);
        pass.set_bind_group(1, texture, &[]);
        let drawn = chunks
            .into_iter()
            .map(|chunk| chunk.draw_batches(pass, &shown))
            .sum();
        pass.set_pipeline(&self.behind);
        pass.set_vertex_buffer(0, self.triangle.slice(..));
        pass.draw(0..COVERING_TRIANGLE.len() as u32, 0..1);
        drawn
    }
}
