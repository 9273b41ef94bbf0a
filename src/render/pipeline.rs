//! What the scene, line and text pipelines have in common: one way to build
//! a render pipeline for the frame's targets, the depth attachment their
//! passes start from, and the texture-plus-sampler bindings two of them
//! use.

use super::{DEPTH_FORMAT, Targets};

/// How a pass meets the depth buffer they all share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// Tested (nearer wins) and written: the scene.
    Tested,
    /// Ignored: overlays drawn over everything (debug lines, text).
    Ignored,
    /// Drawn only where nothing nearer was, at the far plane, and not
    /// written: the sky, drawn after the scene where the scene left the
    /// depth as cleared.
    Behind,
    /// No depth buffer at all: a pass into a texture of its own (the
    /// light cache's bake).
    Absent,
}

/// The parts in which the pipelines differ.
#[derive(Debug, Clone)]
pub struct PipelineSpec<'a> {
    /// Debug label.
    pub label: &'a str,
    /// The WGSL module.
    pub shader: &'a wgpu::ShaderModule,
    /// Vertex and fragment entry points.
    pub entry_points: (&'a str, &'a str),
    /// Bind group layouts, by group index.
    pub bind_group_layouts: &'a [Option<&'a wgpu::BindGroupLayout>],
    /// The one vertex buffer's layout.
    pub vertex_layout: wgpu::VertexBufferLayout<'a>,
    /// Topology and face culling.
    pub primitive: wgpu::PrimitiveState,
    /// Depth test and write.
    pub depth: Depth,
    /// Colour blending (`None` replaces).
    pub blend: Option<wgpu::BlendState>,
    /// The fragment shader's pipeline-overridable constants, by name
    /// (none: each keeps its default).
    pub constants: &'a [(&'a str, f64)],
}

impl<'a> PipelineSpec<'a> {
    /// The same pipeline with another fragment shader, `fragment`, and
    /// `label`: the scene's ways of shading share everything else.
    pub fn with_fragment(&self, label: &'a str, fragment: &'a str) -> Self {
        Self {
            label,
            entry_points: (self.entry_points.0, fragment),
            ..self.clone()
        }
    }
}

/// A pipeline drawing into `targets` (their format and sample count, the
/// shared depth format).
pub fn create_pipeline(
    device: &wgpu::Device,
    targets: &Targets,
    spec: PipelineSpec<'_>,
) -> wgpu::RenderPipeline {
    create_pipeline_into(device, (targets.format, targets.sample_count), spec)
}

/// A pipeline drawing into a colour target of `format` with
/// `sample_count` samples and, unless its depth is [`Depth::Absent`], a
/// depth target of the shared depth format.
pub fn create_pipeline_into(
    device: &wgpu::Device,
    (format, sample_count): (wgpu::TextureFormat, u32),
    spec: PipelineSpec<'_>,
) -> wgpu::RenderPipeline {
    let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(spec.label),
        bind_group_layouts: spec.bind_group_layouts,
        immediate_size: 0,
    });
    let depth_stencil = |(write, compare)| wgpu::DepthStencilState {
        format: DEPTH_FORMAT,
        depth_write_enabled: Some(write),
        depth_compare: Some(compare),
        stencil: Default::default(),
        bias: Default::default(),
    };
    let depth_stencil = match spec.depth {
        Depth::Tested => Some(depth_stencil((true, wgpu::CompareFunction::Less))),
        Depth::Ignored => Some(depth_stencil((false, wgpu::CompareFunction::Always))),
        Depth::Behind => Some(depth_stencil((false, wgpu::CompareFunction::LessEqual))),
        Depth::Absent => None,
    };
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(spec.label),
        layout: Some(&layout),
        vertex: wgpu::VertexState {
            module: spec.shader,
            entry_point: Some(spec.entry_points.0),
            compilation_options: Default::default(),
            buffers: &[Some(spec.vertex_layout)],
        },
        primitive: spec.primitive,
        depth_stencil,
        multisample: wgpu::MultisampleState {
            count: sample_count,
            ..Default::default()
        },
        fragment: Some(wgpu::FragmentState {
            module: spec.shader,
            entry_point: Some(spec.entry_points.1),
            compilation_options: wgpu::PipelineCompilationOptions {
                constants: spec.constants,
                ..Default::default()
            },
            targets: &[Some(wgpu::ColorTargetState {
                format,
                blend: spec.blend,
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// A depth attachment of `view` cleared to the far plane and dropped after
/// the pass (no later pass reads it).
pub fn cleared_depth(view: &wgpu::TextureView) -> wgpu::RenderPassDepthStencilAttachment<'_> {
    wgpu::RenderPassDepthStencilAttachment {
        view,
        depth_ops: Some(wgpu::Operations {
            load: wgpu::LoadOp::Clear(1.0),
            store: wgpu::StoreOp::Discard,
        }),
        stencil_ops: None,
    }
}

/// A bind group layout entry for a uniform buffer at `binding`, read by
/// the shader stages of `visibility`.
pub fn uniform_entry(binding: u32, visibility: wgpu::ShaderStages) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

/// Bind group layout entries for a filterable 2D texture at `binding` and
/// its sampler at `binding + 1`, read by the fragment shader.
pub fn texture_entries(binding: u32) -> [wgpu::BindGroupLayoutEntry; 2] {
    [
        wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::FRAGMENT,
            ty: wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: true },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled: false,
            },
            count: None,
        },
        wgpu::BindGroupLayoutEntry {
            binding: binding + 1,
            visibility: wgpu::ShaderStages::FRAGMENT,
            ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
            count: None,
        },
    ]
}

/// Bind group entries for `view` at `binding` and `sampler` at
/// `binding + 1` (matching [`texture_entries`]).
pub fn texture_bindings<'a>(
    binding: u32,
    view: &'a wgpu::TextureView,
    sampler: &'a wgpu::Sampler,
) -> [wgpu::BindGroupEntry<'a>; 2] {
    [
        wgpu::BindGroupEntry {
            binding,
            resource: wgpu::BindingResource::TextureView(view),
        },
        wgpu::BindGroupEntry {
            binding: binding + 1,
            resource: wgpu::BindingResource::Sampler(sampler),
        },
    ]
}
