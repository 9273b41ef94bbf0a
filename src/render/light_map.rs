//! The light map (fast quality): the lamps' light on the floor and on the
//! ceiling, and which lamps see each point of the floor plan, drawn into
//! textures by two small passes over the floor plan whenever the lamps in
//! use change (an edit, a reload, a door, other lamps coming into view),
//! not every frame.
//!
//! On a software rasterizer a lit pixel's cost is the lamps it looks at,
//! each a gather of its data and of its shadow texel. With the map a floor
//! or ceiling pixel looks at none (one filtered sample of the map), and a
//! wall or obstacle pixel reads which lamps see it from the map's sight
//! (one texel) and adds those lamps' light with no shadow texel read. The
//! torch moves with the eye and stays per pixel.
//!
//! - **The sight pass** writes, per texel, the lamp slots whose shadow row
//!   lets their light reach its centre past the full-height shapes, and
//!   past the lower ones too on the floor (`fs_light_sight`).
//! - **The light pass** writes, per texel, the light at its centre on the
//!   floor and on the ceiling from the lamps that reach the centres of it
//!   and of its eight neighbours (`fs_light_map`). A filtered sample mixes
//!   texels within one texel of the point, so a lamp whose light stops
//!   anywhere that near adds nothing to it: no light leaks past a wall,
//!   however thin, at the price of shadow edges up to two texels inside
//!   the lit side.
//! - **A wall** looks up the sight texel holding a point in front of it by
//!   the distance from a point to its nearest texel centre plus the shadow
//!   rows' bias, so the wall it belongs to always hides the lamps behind it.

use glam::Vec2;

use crate::level::Light;

/// Texels along each side of the map's textures (must match `MAP_TEXELS`
/// in shaders/scene.wgsl).
pub const MAP_TEXELS: u32 = 1024;

/// The size of a texel the map aims for, in metres: sharp enough for
/// shadow edges at walking distance, small enough that the house's lamps
/// take a few hundred thousand texels. Larger when the lamps' reach spans
/// more than the textures hold.
const TEXEL_METRES: f32 = 0.04;

/// Texels round the lamps' reach, which hold no light: a sample beyond the
/// texels in use is clamped onto them.
const MARGIN_TEXELS: f32 = 2.0;

/// The sight's format: one bit per lamp slot, twice (see the module doc).
const SIGHT_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::R32Uint;

/// The light's format: linear RGB, filterable.
const LIGHT_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba16Float;

/// Where the map lies, as the shader reads it: the world point (x, z) at a
/// texel's corner is `origin + texel / texels_per_metre`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapPlace {
    /// The world point (x, z) at the corner of texel (0, 0).
    pub origin: Vec2,
    /// Texels per metre along x and z.
    pub texels_per_metre: f32,
    /// Texels along each side in use (at most [`MAP_TEXELS`]).
    pub texels: u32,
}

impl MapPlace {
    /// The map over the reach of `lamps`, with a margin; none without lamps.
    pub fn new(lamps: impl IntoIterator<Item = Light>) -> Option<Self> {
        let (min, max) = lamps.into_iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(min, max), lamp| (min.min(lamp.at - lamp.radius), max.max(lamp.at + lamp.radius)),
        );
        let span = (max - min).max_element();
        if !span.is_finite() {
            return None;
        }
        let inside = MAP_TEXELS as f32 - 2.0 * MARGIN_TEXELS;
        let texel = TEXEL_METRES.max(span / inside);
        let texels = (span / texel).ceil().min(inside) + 2.0 * MARGIN_TEXELS;
        Some(Self {
            origin: min - texel * MARGIN_TEXELS,
            texels_per_metre: texel.recip(),
            texels: texels as u32,
        })
    }

    /// The place as the lamps' uniform holds it.
    pub fn uniform(&self) -> [f32; 4] {
        [
            self.origin.x,
            self.origin.y,
            self.texels_per_metre,
            self.texels as f32,
        ]
    }
}

/// What a map was drawn for: the first lamp slot (after the torch's), the
/// lamps in their slots, and the lamps' generation (see `LevelLamps`).
pub type MapKey = (usize, Vec<super::lamps::LampData>, u64);

/// The map's textures, and what they hold.
#[derive(Debug)]
pub struct LightMap {
    /// Whether frames use the map (fast quality); else its textures are a
    /// texel each, bound and never read.
    pub enabled: bool,
    /// The sight, as the scene and the light pass read it.
    pub sight: wgpu::TextureView,
    /// The light on the floor (layer 0) and the ceiling (layer 1).
    pub light: wgpu::TextureView,
    /// Each layer of the light, to draw into.
    layers: [wgpu::TextureView; 2],
    /// Bilinear, clamped to the edge.
    pub sampler: wgpu::Sampler,
    /// What the textures hold (or are to hold once drawn), and where.
    drawn: Option<(MapKey, MapPlace)>,
    /// The textures are to be drawn before the next frame's scene.
    pending: bool,
}

impl LightMap {
    /// Textures for a map, [`MAP_TEXELS`] a side when `enabled`.
    pub fn new(device: &wgpu::Device, enabled: bool) -> Self {
        let side = if enabled { MAP_TEXELS } else { 1 };
        let texture = |label, format, layers| {
            device.create_texture(&wgpu::TextureDescriptor {
                label: Some(label),
                size: wgpu::Extent3d {
                    width: side,
                    height: side,
                    depth_or_array_layers: layers,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format,
                usage: wgpu::TextureUsages::TEXTURE_BINDING
                    | wgpu::TextureUsages::RENDER_ATTACHMENT,
                view_formats: &[],
            })
        };
        let sight = texture("light map sight", SIGHT_FORMAT, 1);
        let light = texture("light map", LIGHT_FORMAT, 2);
        let layer = |index| {
            light.create_view(&wgpu::TextureViewDescriptor {
                dimension: Some(wgpu::TextureViewDimension::D2),
                base_array_layer: index,
                array_layer_count: Some(1),
                ..Default::default()
            })
        };
        Self {
            enabled,
            sight: sight.create_view(&wgpu::TextureViewDescriptor::default()),
            light: light.create_view(&wgpu::TextureViewDescriptor {
                dimension: Some(wgpu::TextureViewDimension::D2Array),
                ..Default::default()
            }),
            layers: [layer(0), layer(1)],
            sampler: device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some("light map"),
                mag_filter: wgpu::FilterMode::Linear,
                min_filter: wgpu::FilterMode::Linear,
                ..Default::default()
            }),
            drawn: None,
            pending: false,
        }
    }

    /// The map for `key`, over the reach of `lamps` (those of its slots):
    /// drawn before the next frame's scene when it differs from the last.
    /// Returns its place.
    pub fn follow(&mut self, key: MapKey, lamps: impl IntoIterator<Item = Light>) -> Option<MapPlace> {
        if let Some((drawn, place)) = &self.drawn
            && *drawn == key
        {
            return Some(*place);
        }
        let place = MapPlace::new(lamps)?;
        self.drawn = Some((key, place));
        self.pending = true;
        Some(place)
    }

    /// The place to draw the map at, if it must be drawn before this
    /// frame's scene; it is then taken as drawn.
    fn take_pending(&mut self) -> Option<MapPlace> {
        let pending = std::mem::take(&mut self.pending);
        pending.then(|| self.drawn.as_ref().map(|(_, place)| *place)).flatten()
    }
}

/// The two passes that draw a [`LightMap`]: their pipelines and bind
/// groups (the frame's globals and lamps, and for the light pass the
/// sight), made once per window at fast quality.
#[derive(Debug)]
pub struct LightMapPasses {
    sight: wgpu::RenderPipeline,
    light: wgpu::RenderPipeline,
    sight_group: wgpu::BindGroup,
    light_group: wgpu::BindGroup,
}

impl LightMapPasses {
    /// The passes of `shader` (shaders/scene.wgsl), binding `sight_group`
    /// and `light_group` (of `sight_layout` and `light_layout`) as group 0.
    pub fn new(
        device: &wgpu::Device,
        shader: &wgpu::ShaderModule,
        (sight_layout, sight_group): (&wgpu::BindGroupLayout, wgpu::BindGroup),
        (light_layout, light_group): (&wgpu::BindGroupLayout, wgpu::BindGroup),
    ) -> Self {
        let pipeline = |label, layout, entry_point, formats: &[Option<wgpu::ColorTargetState>]| {
            let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                label: Some(label),
                bind_group_layouts: &[Some(layout)],
                immediate_size: 0,
            });
            device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(label),
                layout: Some(&layout),
                vertex: wgpu::VertexState {
                    module: shader,
                    entry_point: Some("vs_light_map"),
                    compilation_options: Default::default(),
                    buffers: &[],
                },
                primitive: wgpu::PrimitiveState::default(),
                depth_stencil: None,
                multisample: wgpu::MultisampleState::default(),
                fragment: Some(wgpu::FragmentState {
                    module: shader,
                    entry_point: Some(entry_point),
                    compilation_options: Default::default(),
                    targets: formats,
                }),
                multiview_mask: None,
                cache: None,
            })
        };
        let target = |format| Some(wgpu::ColorTargetState::from(format));
        Self {
            sight: pipeline(
                "light map sight",
                sight_layout,
                "fs_light_sight",
                &[target(SIGHT_FORMAT)],
            ),
            light: pipeline(
                "light map",
                light_layout,
                "fs_light_map",
                &[target(LIGHT_FORMAT), target(LIGHT_FORMAT)],
            ),
            sight_group,
            light_group,
        }
    }

    /// Encodes the passes that draw `map` if it must be drawn before this
    /// frame's scene.
    pub fn draw(&self, encoder: &mut wgpu::CommandEncoder, map: &mut LightMap) {
        let Some(place) = map.take_pending() else {
            return;
        };
        let attachment = |view| {
            Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Load,
                    store: wgpu::StoreOp::Store,
                },
            })
        };
        let passes = [
            (&self.sight, &self.sight_group, vec![attachment(&map.sight)]),
            (
                &self.light,
                &self.light_group,
                map.layers.iter().map(attachment).collect(),
            ),
        ];
        for (pipeline, group, attachments) in passes {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("light map"),
                color_attachments: &attachments,
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            let side = place.texels;
            pass.set_viewport(0.0, 0.0, side as f32, side as f32, 0.0, 1.0);
            pass.set_scissor_rect(0, 0, side, side);
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, group, &[]);
            pass.draw(0..3, 0..1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lamp(x: f32, z: f32, radius: f32) -> Light {
        Light {
            at: Vec2::new(x, z),
            height: 2.5,
            colour: [1.0; 3],
            intensity: 1.0,
            radius,
        }
    }

    #[test]
    fn the_map_covers_every_lamps_reach_with_a_margin_of_dark_texels() {
        assert_eq!(MapPlace::new([]), None);
        let lamps = [lamp(0.0, 0.0, 6.0), lamp(20.0, 3.0, 6.0)];
        let place = MapPlace::new(lamps).expect("a place");
        let texel = place.texels_per_metre.recip();
        assert!((texel - TEXEL_METRES).abs() < 1e-6, "{texel}");
        let far = place.origin + place.texels as f32 * texel;
        for lamp in lamps {
            let (low, high) = (lamp.at - lamp.radius, lamp.at + lamp.radius);
            assert!((low - place.origin).min_element() >= 2.0 * texel - 1e-3);
            assert!((far - high).min_element() >= 2.0 * texel - 1e-3);
        }
        // Lamps spanning more than the textures hold: larger texels.
        let wide = MapPlace::new([lamp(0.0, 0.0, 8.0), lamp(200.0, 0.0, 8.0)]).expect("a place");
        assert_eq!(wide.texels, MAP_TEXELS);
        assert!(wide.texels_per_metre * 216.0 <= MAP_TEXELS as f32 - 4.0 + 1e-3);
    }
}
