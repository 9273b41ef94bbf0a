//! Lamp light shared by blocks of pixels
//! ([`RenderQuality::shared_lamp_light`](super::RenderQuality)): before the
//! scene pass, the level is drawn at 1 / [`LAMP_SCALE`] of the resolution
//! with the lamps' light alone and a key for each point, its distance from
//! the eye plus the way its face faces (`fs_lamp_light` in
//! `shaders/scene.wgsl`); the scene pass (`fs_main_shared`) then takes a
//! pixel's lamp light from its block's sample or the one diagonally next to
//! it, whichever key is nearer the pixel's own (facing the same way as the
//! pixel's face, at the nearer distance from the eye), so that a pixel at a
//! silhouette or a crease takes its own face's light.
//!
//! On llvmpipe the lamps' light is most of a lit frame's cost (each lamp
//! that may reach a pixel is looked at for every pixel), so working it out
//! for a quarter of the pixels takes most of that cost away. The pipelines
//! live as long as the window; the targets follow the view's size.

use super::pipeline::{PipelineSpec, cleared_depth, create_pipeline, create_pipeline_into};
use super::texture::{render_target, render_target_for};
use super::{DEPTH_FORMAT, Targets};

/// Pixels a side of the block that shares one lamp light sample. Must
/// match `LAMP_SCALE` in `shaders/scene.wgsl`.
pub const LAMP_SCALE: u32 = 2;

/// The shared lamp light's format: linear light (rgb) beyond 1, and a key
/// (a) that needs a float's full precision: a distance in metres plus
/// thousands for the way the face faces.
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba32Float;

/// The lamp light pass's pipeline and the scene pipeline that reads what
/// it drew (made once per window), and the targets at the view's size.
#[derive(Debug)]
pub struct SharedLampLight {
    /// Draws the lamps' light alone into the shared target.
    light: wgpu::RenderPipeline,
    /// Draws the lit level, lamp light taken from the shared target.
    scene: wgpu::RenderPipeline,
    /// How the shared target is bound for the scene pipeline (group 2).
    layout: wgpu::BindGroupLayout,
    target: SharedTarget,
}

/// The shared lamp light and its depth buffer, for one view size.
#[derive(Debug)]
struct SharedTarget {
    /// The full-resolution view size this target serves.
    size: (u32, u32),
    colour: wgpu::TextureView,
    depth: wgpu::TextureView,
    /// `colour` bound for the scene pipeline.
    bind_group: wgpu::BindGroup,
}

impl SharedLampLight {
    /// Builds both pipelines from `spec` (the scene pipeline's, for group
    /// 0 and 1), the scene's for `targets`, and the shared lamp light for
    /// their size.
    pub fn new(device: &wgpu::Device, targets: &Targets, spec: &PipelineSpec<'_>) -> Self {
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("shared lamp light"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable: false },
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
                count: None,
            }],
        });
        let light = create_pipeline_into(
            device,
            (FORMAT, 1),
            spec.with_fragment("lamp light", "fs_lamp_light"),
        );
        let layouts = [
            spec.bind_group_layouts[0],
            spec.bind_group_layouts[1],
            Some(&layout),
        ];
        let scene = create_pipeline(
            device,
            targets,
            PipelineSpec {
                bind_group_layouts: &layouts,
                ..spec.with_fragment("scene sharing lamp light", "fs_main_shared")
            },
        );
        let target = SharedTarget::new(device, &layout, targets.size);
        Self {
            light,
            scene,
            layout,
            target,
        }
    }

    /// Follows a new view size.
    pub fn resize(&mut self, device: &wgpu::Device, size: (u32, u32)) {
        if size != self.target.size {
            self.target = SharedTarget::new(device, &self.layout, size);
        }
    }

    /// Begins the pass that draws the lamps' light into the shared target
    /// (set its pipeline with [`use_light`](Self::use_light)): cleared to
    /// "nothing drawn", its viewport the view's whole extent at
    /// 1 / [`LAMP_SCALE`], so each sample lies at the centre of its block.
    pub fn begin_pass<'e>(&self, encoder: &'e mut wgpu::CommandEncoder) -> wgpu::RenderPass<'e> {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("lamp light"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &self.target.colour,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    // A key below 0: no sample stands for any pixel.
                    load: wgpu::LoadOp::Clear(wgpu::Color {
                        r: 0.0,
                        g: 0.0,
                        b: 0.0,
                        a: -1.0,
                    }),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: Some(cleared_depth(&self.target.depth)),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        let (width, height) = self.target.size;
        let scale = LAMP_SCALE as f32;
        pass.set_viewport(
            0.0,
            0.0,
            width as f32 / scale,
            height as f32 / scale,
            0.0,
            1.0,
        );
        pass
    }

    /// Sets the pipeline drawing the lamps' light alone (in the pass
    /// [`begin_pass`](Self::begin_pass) began).
    pub fn use_light(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_pipeline(&self.light);
    }

    /// Sets the scene pipeline reading the shared lamp light, and binds it
    /// (group 2).
    pub fn use_scene(&self, pass: &mut wgpu::RenderPass<'_>) {
        pass.set_pipeline(&self.scene);
        pass.set_bind_group(2, &self.target.bind_group, &[]);
    }
}

impl SharedTarget {
    fn new(device: &wgpu::Device, layout: &wgpu::BindGroupLayout, size: (u32, u32)) -> Self {
        let blocks = (size.0.div_ceil(LAMP_SCALE), size.1.div_ceil(LAMP_SCALE));
        // Drawn by the lamp light pass, read by the scene pass.
        let usage = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING;
        let colour = render_target_for(device, "shared lamp light", blocks, FORMAT, 1, usage);
        let depth = render_target(device, "shared lamp light depth", blocks, DEPTH_FORMAT, 1);
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("shared lamp light"),
            layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&colour),
            }],
        });
        Self {
            size,
            colour,
            depth,
            bind_group,
        }
    }
}
