//! The wgpu renderer: the textured level, the collider's debug lines, edit
//! mode's markers and crosshair, the top-down map, and the HUD and help
//! text, drawn by one [`Renderer::render`] (or [`Renderer::render_with_map`])
//! into any texture view — the window's surface, an offscreen screenshot or
//! a test's target.
//!
//! Two lifetimes: the [`Renderer`] holds what lives as long as the window
//! (pipelines, the size-dependent targets, the screen text's egui context,
//! the map pass); a
//! [`LevelScene`] holds what belongs to one level (material textures, the
//! level's chunks and map tiles) and is replaced by [`Renderer::set_level`]
//! when the level changes. A [`SceneBuilder`] makes one on any thread, so a
//! new level is built while the old one is drawn.
//!
//! Nothing of a level is built up front. A frame uploads the camera, the
//! markers and the text; builds the chunks (mesh and debug lines) and map
//! tiles it needs that are not cached yet, taking in those a worker thread
//! built ahead of the eye; and keeps them within a byte budget, least
//! recently used out. So a scene is ready at once and GPU memory follows
//! what the view shows, whatever the level's size. [`Culling`] skips chunks
//! outside the frustum or beyond the fog, and walls and obstacles the eye
//! cannot see.
//!
//! Module map: `gpu` device setup, [`RenderQuality`] (`quality`) MSAA and
//! filtering by adapter, `texture` uploads and targets, `texture_cache`
//! material textures by source and content, `pipeline` what the pipelines
//! share, `scene` the level's mesh pass, `lines` the debug lines and
//! markers, `map` the top-down map, `level_scene` one level's GPU data (with
//! the build-ahead worker), `lamps` the lamps and their shadow rows,
//! `light_grid` which lamps may light each cell, `light_cache` lamp light
//! baked per chunk (fast quality), `chunk_cache` the chunks built on demand, `lru`
//! the byte-budget cache under chunks and map tiles, `cull` view culling,
//! `sight` culling of what walls hide, `sky` the sky behind a level that
//! has one, `hud` the screen text (HUD, help,
//! crosshair) laid out with egui and `text_pass` its meshes drawn in the
//! frame's pass, `ui` the tool UI (egui) over a frame, [`offscreen`]
//! rendering to an image.

mod chunk_cache;
mod cull;
mod gpu;
mod hud;
mod lamps;
mod level_scene;
mod light_cache;
mod light_grid;
mod light_rebake;
mod lines;
mod lru;
mod map;
pub mod offscreen;
mod pipeline;
mod quality;
mod scene;
mod scene_shader;
mod shadow;
mod shadow_changes;
mod sight;
mod sky;
mod text_pass;
mod texture;
mod texture_cache;
mod ui;

use glam::{Mat4, Vec3};

use crate::camera::Camera;
use std::sync::Arc;

use crate::bindings::HelpGroup;
use crate::collision::Collider;
use crate::edit::LevelChange;
use crate::level::Level;
use crate::level::mesh::{Batch, BatchKind, Bounds, MovingShape};

pub use chunk_cache::{ChunkBuildStats, DEFAULT_CHUNK_BUDGET};
pub use gpu::{Gpu, GpuError, PrivateRuntimeDir, surface_config};
pub use level_scene::{LevelScene, SceneBuilder};
pub use light_cache::LightWork;

use lamps::{LampBuffers, Torch};
use level_scene::{ChunkView, FrameChunks};
use light_grid::Listing;
pub use lines::{LineBatch, LineMesh, LineVertex, chunk_lines, collider_lines, moving_lines};
pub use map::{MapFrame, MapMode, OVERLAY_OPACITY};
pub use quality::RenderQuality;
pub use texture_cache::BrokenTexture;
pub use ui::UiFrame;

use cull::ViewVolume;
use hud::HudText;
use lines::{LinePipeline, MarkerLines};
use map::{MapPass, MapTileList};
use scene::{Globals, ScenePipeline, Shading};
use scene_shader::scene_shader;
use sky::SkyPass;
use text_pass::TextPass;
use ui::UiPass;

/// Format of the depth buffer every pipeline shares.
pub const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// Colour of the fog and of the background beyond it (linear RGB): a dim,
/// slightly blue grey, so the far end of a corridor fades rather than cuts.
const FOG_COLOUR: [f32; 3] = [0.018, 0.02, 0.026];

/// What to draw in one frame besides the level itself.
#[derive(Debug, Clone, Copy)]
pub struct FrameInput<'a> {
    /// Where the eye is and where it looks.
    pub camera: &'a Camera,
    /// Draw the collider's debug lines over the scene.
    pub debug_lines: bool,
    /// HUD lines (top left), if shown.
    pub hud: Option<&'a [String]>,
    /// The help overlay's groups (one per input context), if shown.
    pub help: Option<&'a [HelpGroup]>,
    /// Lines in the world drawn over the scene this frame, through walls
    /// (edit mode's cursor marker and the wall in progress); a line list.
    pub markers: &'a [LineVertex],
    /// Draw a crosshair at the centre of the view (edit mode).
    pub crosshair: bool,
    /// The torch carried by the eye is on: a light at the camera, along
    /// its view.
    pub torch: bool,
    /// The shapes that move (doors' leaves), where they stand this frame.
    pub moving: &'a [MovingShape],
}

impl<'a> FrameInput<'a> {
    /// The level alone, seen by `camera`: no debug lines, HUD, help,
    /// markers or crosshair.
    pub fn plain(camera: &'a Camera) -> Self {
        Self {
            camera,
            debug_lines: false,
            hud: None,
            help: None,
            markers: &[],
            crosshair: false,
            torch: false,
            moving: &[],
        }
    }
}

/// How much of the level a frame skips drawing. Every mode draws the same
/// picture; the cheaper ones exist to check that and to measure the gain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Culling {
    /// Draw every batch and every debug line.
    Off,
    /// Skip chunks wholly outside the view frustum or beyond the fog.
    Frustum,
    /// Also skip walls and obstacles in chunks where the eye sees none:
    /// worked out on the floor plan through the collider's grid (the
    /// default).
    #[default]
    FrustumAndSight,
}

/// What a frame drew, for tests and benchmarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameStats {
    /// Mesh batches drawn after culling.
    pub batches_drawn: usize,
    /// Mesh batches the level has.
    pub batches_total: usize,
}

/// What the prepare steps of [`Renderer::render_with_map`] made ready for
/// the frame's one pass.
struct PreparedFrame {
    /// The view frustum, out to the fog.
    volume: ViewVolume,
    /// The chunks drawn (none under the full map).
    chunks: FrameChunks,
    /// How the level is lit.
    shading: Shading,
    /// The map and the level tiles it draws, when it shows.
    map: Option<(map::PreparedMap, MapTileList)>,
    /// Whether the map replaces the 3D view.
    full_map: bool,
    /// Whether the debug lines show.
    debug_lines: bool,
}

/// The render targets' shared description and the size-dependent textures.
#[derive(Debug)]
pub struct Targets {
    /// Format of the view `render` draws into.
    pub format: wgpu::TextureFormat,
    /// MSAA samples of every pipeline.
    pub sample_count: u32,
    /// The views' size in pixels.
    pub size: (u32, u32),
    /// The multisampled colour target, resolved into the view (`None`
    /// without MSAA).
    multisampled: Option<wgpu::TextureView>,
    depth: wgpu::TextureView,
}

impl Targets {
    fn new(
        device: &wgpu::Device,
        format: wgpu::TextureFormat,
        sample_count: u32,
        size: (u32, u32),
    ) -> Self {
        let multisampled = (sample_count > 1).then(|| {
            texture::render_target(device, "multisampled colour", size, format, sample_count)
        });
        let depth = texture::render_target(device, "depth", size, DEPTH_FORMAT, sample_count);
        Self {
            format,
            sample_count,
            size,
            multisampled,
            depth,
        }
    }
}

/// What lives as long as the window (pipelines, the size-dependent targets,
/// the HUD) and the level it currently draws.
#[derive(Debug)]
pub struct Renderer {
    targets: Targets,
    globals: wgpu::Buffer,
    globals_bind_group: wgpu::BindGroup,
    scene: ScenePipeline,
    lines: LinePipeline,
    markers: MarkerLines,
    map: MapPass,
    text: TextPass,
    builder: SceneBuilder,
    level: LevelScene,
    culling: Culling,
    /// The lamps' uniform and shadow texture.
    lamps: LampBuffers,
    /// Whether a level's lamps light it (`--lights`, `[render] lights`);
    /// off, every level is lit as one without lamps.
    lights: bool,
    /// The tool UI's pass.
    ui: UiPass,
    /// The sky drawn behind a level that has one.
    sky: SkyPass,
}

/// Group 0 of the scene, its lines and the light bake: the frame's
/// globals (0), the lamps' uniform (1), their shadow rows (2, where the
/// device has storage buffers: [`lamps::shadows_in_storage`]) and the
/// light grid (3).
fn globals_layout(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    let uniform_entry =
        |binding| pipeline::uniform_entry(binding, wgpu::ShaderStages::VERTEX_FRAGMENT);
    let shadows = wgpu::BindGroupLayoutEntry {
        binding: 2,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only: true },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    };
    let grid = wgpu::BindGroupLayoutEntry {
        binding: 3,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Texture {
            sample_type: wgpu::TextureSampleType::Uint,
            view_dimension: wgpu::TextureViewDimension::D2,
            multisampled: false,
        },
        count: None,
    };
    let mut entries = vec![uniform_entry(0), uniform_entry(1)];
    if lamps::shadows_in_storage(device) {
        entries.push(shadows);
    }
    entries.push(grid);
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("globals"),
        entries: &entries,
    })
}

impl Renderer {
    /// Builds the renderer for views of `format` and `width` × `height`
    /// pixels at `quality`, with `level`'s scene (its mesh, textures and
    /// `collider`'s debug lines; a broken texture shows a checkerboard).
    /// Errors when the size exceeds what the adapter can render, or the
    /// level what its buffers allow.
    pub fn new(
        gpu: &Gpu,
        format: wgpu::TextureFormat,
        (width, height): (u32, u32),
        quality: RenderQuality,
        level: &Arc<Level>,
        collider: &Arc<Collider>,
    ) -> anyhow::Result<Self> {
        let device = &gpu.device;
        check_size(width, height, device.limits().max_texture_dimension_2d)?;
        let sample_count = gpu.sample_count(format, quality.samples);
        let targets = Targets::new(device, format, sample_count, (width, height));
        let globals = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("globals"),
            size: size_of::<Globals>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let globals_layout = globals_layout(device);
        let lamps = LampBuffers::new(device, true);
        let globals_bind_group = lamps.bind_group(device, &globals_layout, &globals);
        let world_shader = scene_shader(device);
        let scene = ScenePipeline::new(
            device,
            &targets,
            (&globals_layout, &globals),
            &world_shader,
            &quality,
        );
        let lines = LinePipeline::new(device, &targets, &globals_layout, &world_shader);
        let map = MapPass::new(device, &targets);
        let text = TextPass::new(device, &targets);
        let sky = SkyPass::new(device, &targets, scene.materials.layout())?;
        let builder = SceneBuilder::new(
            device,
            &gpu.queue,
            scene.materials.clone(),
            scene.light_baker().is_some(),
        );
        let level = builder.build(level, collider, BrokenTexture::Checkerboard)?;
        Ok(Self {
            targets,
            globals,
            globals_bind_group,
            scene,
            lines,
            markers: MarkerLines::new(&gpu.device),
            map,
            text,
            builder,
            level,
            culling: Culling::default(),
            lamps,
            lights: true,
            ui: UiPass::default(),
            sky,
        })
    }

    /// Whether the level's lamps light it (on by default); off, it is lit
    /// by the directional light and ambient, as a level without lamps.
    pub fn set_lights(&mut self, on: bool) {
        self.lights = on;
    }

    /// The builder of scenes for this renderer; clone it to hand it to
    /// another thread.
    pub fn scene_builder(&self) -> &SceneBuilder {
        &self.builder
    }

    /// Draws `level` from the next frame on; returns the scene it replaces.
    pub fn set_level(&mut self, level: LevelScene) -> LevelScene {
        std::mem::replace(&mut self.level, level)
    }

    /// Brings the scene drawn now up to date in place with `level` (and
    /// its `collider`), which `changes` made from the scene's level (see
    /// [`LevelScene::edited`]). Returns false, having changed nothing,
    /// when the scene cannot take them: build a new scene then.
    pub fn edit_level(
        &mut self,
        level: &Arc<Level>,
        collider: &Arc<Collider>,
        changes: &[LevelChange],
    ) -> bool {
        self.level.edited(level, collider, changes)
    }

    /// Sets how much of the level later frames skip drawing (by default
    /// [`Culling::FrustumAndSight`]).
    pub fn set_culling(&mut self, culling: Culling) {
        self.culling = culling;
    }

    /// Sets the bytes the current level's chunk cache may keep once a
    /// frame is done (see [`LevelScene::set_chunk_budget`]; a level set
    /// later brings its own).
    pub fn set_chunk_budget(&mut self, bytes: u64) {
        self.level.set_chunk_budget(bytes);
    }

    /// Sets the bytes the current level's map tiles may keep once a frame
    /// is done (see [`LevelScene::set_map_budget`]; a level set later
    /// brings its own).
    pub fn set_map_budget(&mut self, bytes: u64) {
        self.level.set_map_budget(bytes);
    }

    /// The level being drawn.
    pub fn level(&self) -> &LevelScene {
        &self.level
    }

    /// The size (pixels) of the views this renderer draws into.
    pub fn size(&self) -> (u32, u32) {
        self.targets.size
    }

    /// The format of the views this renderer draws into.
    pub fn format(&self) -> wgpu::TextureFormat {
        self.targets.format
    }

    /// MSAA samples per pixel in use.
    pub fn sample_count(&self) -> u32 {
        self.targets.sample_count
    }

    /// Follows a new view size. A zero-sized (minimized) window is ignored:
    /// nothing is drawn until it has an area again. Sizes beyond the
    /// adapter's limit are clamped.
    pub fn resize(&mut self, gpu: &Gpu, width: u32, height: u32) {
        if width == 0 || height == 0 {
            return;
        }
        let max_side = gpu.device.limits().max_texture_dimension_2d;
        let size = (width.min(max_side), height.min(max_side));
        if size != self.targets.size {
            self.targets = Targets::new(
                &gpu.device,
                self.targets.format,
                self.targets.sample_count,
                size,
            );
        }
    }

    /// Draws one frame into `view`, which must have this renderer's format
    /// and size.
    pub fn render(
        &mut self,
        gpu: &Gpu,
        view: &wgpu::TextureView,
        frame: &FrameInput<'_>,
    ) -> FrameStats {
        self.render_with_map(gpu, view, frame, None)
    }

    /// Draws one frame into `view` like [`render`](Self::render), with the
    /// top-down map over the 3D view ([`MapMode::Overlay`]) or instead of it
    /// ([`MapMode::Full`], on the map's dark background; the HUD and help
    /// still show). A map overlay too large for the device's buffers is
    /// left out (logged), never a panic.
    ///
    /// Each prepare step uploads what the pass reads; the one pass is then
    /// recorded from what they prepared ([`Self::record_pass`]).
    pub fn render_with_map(
        &mut self,
        gpu: &Gpu,
        view: &wgpu::TextureView,
        frame: &FrameInput<'_>,
        map: Option<&MapFrame<'_>>,
    ) -> FrameStats {
        let view_projection = self.prepare_globals(gpu, frame.camera);
        let (width, height) = self.targets.size;
        self.sky
            .prepare(&gpu.queue, frame.camera, width as f32 / height as f32);
        // Whatever lies beyond the fog is drawn in the fog's colour.
        let volume = ViewVolume::new(
            view_projection,
            frame.camera.position,
            self.level.environment.fog_distance,
        );
        let lamps_in_use = self.prepare_lamps(gpu, frame, &volume);
        // The lights switch puts the torch out with the lamps.
        let torch = frame.torch && self.lights;
        self.prepare_markers(gpu, frame);
        let full_map = map.is_some_and(|map| map.mode == MapMode::Full);
        let map = map.and_then(|map| {
            self.map
                .prepare(&gpu.device, &gpu.queue, map, self.targets.size)
                .inspect_err(|error| log::warn!("map left out: {error}"))
                .ok()
        });
        let map_tiles = match &map {
            Some(prepared) if prepared.level_shapes => {
                self.level
                    .prepare_map(&gpu.device, prepared.visible, prepared.detail)
            }
            _ => MapTileList::default(),
        };
        let chunks = if full_map {
            FrameChunks::default()
        } else {
            self.prepare_level(gpu, frame, view_projection, &volume)
        };
        let mut encoder = gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        let text = HudText {
            hud: frame.hud,
            help: frame.help,
            crosshair: frame.crosshair,
        };
        self.text.prepare(gpu, &text, self.targets.size);
        let shading = self.prepare_shading(gpu, &mut encoder, lamps_in_use, torch, &chunks);
        let batches_drawn = self.record_pass(
            &mut encoder,
            view,
            &PreparedFrame {
                volume,
                chunks,
                shading,
                map: map.map(|prepared| (prepared, map_tiles)),
                full_map,
                debug_lines: frame.debug_lines,
            },
        );
        gpu.queue.submit([encoder.finish()]);
        self.level.end_frame();
        FrameStats {
            batches_drawn,
            batches_total: self.level.batch_count(),
        }
    }

    /// Uploads the globals every pipeline reads for a frame seen by
    /// `camera`; returns its world to clip transform.
    fn prepare_globals(&self, gpu: &Gpu, camera: &Camera) -> Mat4 {
        let (width, height) = self.targets.size;
        let view_projection = camera.view_projection(width as f32 / height as f32);
        let environment = self.level.environment;
        let globals = Globals {
            view_projection: view_projection.to_cols_array_2d(),
            eye: camera.position.extend(environment.fog_distance).to_array(),
            light: environment
                .light_direction
                .extend(environment.ambient)
                .to_array(),
            fog: Vec3::from_array(FOG_COLOUR)
                .extend(environment.ceiling_height)
                .to_array(),
        };
        gpu.queue
            .write_buffer(&self.globals, 0, bytemuck::bytes_of(&globals));
        view_projection
    }

    /// Picks the lamps that light the frame (those whose reach `volume` may
    /// see), with the closed doors' leaves and the loose bodies at rest as
    /// occluders, and uploads them with the torch when it is on; returns
    /// how many lamps are in use.
    fn prepare_lamps(&mut self, gpu: &Gpu, frame: &FrameInput<'_>, volume: &ViewVolume) -> usize {
        let camera = frame.camera;
        self.level.lamps.set_occluders(frame.moving);
        let active = if self.lights {
            let ceiling = self.level.environment.ceiling_height;
            self.level.lamps.for_frame(camera.position, |at, radius| {
                volume.may_see(&Bounds {
                    min: Vec3::new(at.x - radius, 0.0, at.y - radius),
                    max: Vec3::new(at.x + radius, ceiling, at.y + radius),
                })
            })
        } else {
            Vec::new()
        };
        let torch = frame.torch.then(|| Torch {
            eye: camera.position,
            direction: camera.forward(),
        });
        self.lamps.write(
            &gpu.queue,
            &self.level.lamps,
            (&active, Listing::Tight),
            torch.as_ref(),
            self.lights,
        )
    }

    /// Uploads the marker lines: edit mode's, with the lamps' and the
    /// moving shapes' debug lines when those are on.
    fn prepare_markers(&mut self, gpu: &Gpu, frame: &FrameInput<'_>) {
        let camera = frame.camera;
        let lamp_lines = (frame.debug_lines && self.lights)
            .then(|| {
                self.level
                    .lamps
                    .debug_lines(camera.position, self.level.environment.fog_distance)
            })
            .filter(|lines| !lines.is_empty());
        let moving_lines = (frame.debug_lines && !frame.moving.is_empty())
            .then(|| moving_lines(frame.moving, self.level.level.player.radius));
        let markers = match (lamp_lines, moving_lines) {
            (None, None) => std::borrow::Cow::Borrowed(frame.markers),
            (lamps, moving) => {
                let mut lines = lamps.unwrap_or_default();
                lines.extend(moving.unwrap_or_default());
                lines.extend_from_slice(frame.markers);
                std::borrow::Cow::Owned(lines)
            }
        };
        self.markers.prepare(&gpu.device, &gpu.queue, &markers);
    }

    /// Uploads the moving shapes and picks, builds and uploads the chunks
    /// the 3D view draws.
    fn prepare_level(
        &mut self,
        gpu: &Gpu,
        frame: &FrameInput<'_>,
        view_projection: Mat4,
        volume: &ViewVolume,
    ) -> FrameChunks {
        self.level.prepare_moving(&gpu.device, frame.moving);
        self.level.prepare_chunks(
            &gpu.device,
            &ChunkView {
                culling: self.culling,
                view_projection,
                eye: frame.camera.position,
                volume,
                debug_lines: frame.debug_lines,
            },
        )
    }

    /// How the level is shaded with `lamps_in_use` lamps (and the torch
    /// when `torch` is on). Where lamp light comes from light caches, the
    /// caches of the `chunks` drawn whose lamps changed since they were
    /// baked are baked again first, in passes recorded into `encoder`.
    /// What the frame did again of the lamps' light is kept as the scene's
    /// [`LightWork`].
    fn prepare_shading(
        &mut self,
        gpu: &Gpu,
        encoder: &mut wgpu::CommandEncoder,
        lamps_in_use: usize,
        torch: bool,
        chunks: &FrameChunks,
    ) -> Shading {
        let scene = &mut self.level;
        let (mut baked, mut texels_baked) = (Vec::new(), Vec::new());
        let mut moving_texels_baked = 0;
        let shading = match (lamps_in_use > 0, self.scene.light_baker()) {
            (false, _) if torch => Shading::Lit { torch },
            (false, _) => Shading::WithoutLamps,
            (true, None) => Shading::Lit { torch },
            (true, Some(baker)) => {
                let started = crate::platform::Instant::now();
                baker.begin_frame();
                for &chunk in &chunks.drawn {
                    let Some(light) = scene.cache.mesh(chunk).and_then(|mesh| mesh.light()) else {
                        continue;
                    };
                    let texels =
                        baker.prepare(&gpu.device, &gpu.queue, encoder, light, &mut scene.lamps);
                    if let Some(texels) = texels {
                        baked.push(chunk);
                        texels_baked.push(texels);
                    }
                }
                if let (Some(light), lamps) = scene.moving_light() {
                    moving_texels_baked = baker
                        .prepare(&gpu.device, &gpu.queue, encoder, light, lamps)
                        .unwrap_or(0);
                }
                if !baked.is_empty() {
                    log::debug!(
                        "light caches of {} chunks to bake: shadow rows made and passes recorded on the main thread in {:.2} ms",
                        baked.len(),
                        started.elapsed().as_secs_f64() * 1000.0
                    );
                }
                Shading::Cached { torch }
            }
        };
        scene.light_work = LightWork {
            rows_made: scene.lamps.take_rows_made(),
            caches_baked: baked,
            texels_baked,
            moving_texels_baked,
        };
        shading
    }

    /// Records the frame's one render pass into `encoder`, drawing into
    /// `view`: the level's chunks and moving shapes, the sky (where the
    /// level has one) where they left the depth as cleared, the debug lines, the
    /// markers, the map and the text, as `frame` prepared them. Returns
    /// the mesh batches drawn.
    fn record_pass(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        view: &wgpu::TextureView,
        frame: &PreparedFrame,
    ) -> usize {
        let scene = &self.level;
        let full_map = frame.full_map;
        // Skip whatever lies beyond the fog.
        let in_volume =
            |bounds: &Bounds| self.culling == Culling::Off || frame.volume.may_see(bounds);
        // Floors, ceilings, sky faces and see-through walls never pop;
        // shapes only where the eye may see them.
        let seen = |batch: &Batch| {
            in_volume(&batch.bounds)
                && (batch.kind != BatchKind::Shapes
                    || frame.chunks.shapes_seen.contains(&batch.chunk))
        };
        let shown = |batch: &Batch| batch.kind != BatchKind::Sky && seen(batch);
        let mut pass = self.begin_pass(encoder, view, full_map);
        let meshes = || {
            frame
                .chunks
                .drawn
                .iter()
                .filter_map(|&c| scene.cache.mesh(c))
        };
        let drawn = if full_map {
            0
        } else {
            // The level's chunks and its moving shapes, as the shading says.
            self.scene.draw(
                &mut pass,
                frame.shading,
                &self.globals_bind_group,
                &scene.materials,
                meshes(),
                shown,
            ) + scene.moving().map_or(0, |moving| {
                // Leaves never pop: only the view volume culls them. Their
                // light cache is baked again each time they move.
                let in_view = |batch: &Batch| in_volume(&batch.bounds);
                self.scene.draw(
                    &mut pass,
                    frame.shading,
                    &self.globals_bind_group,
                    &scene.materials,
                    [moving],
                    in_view,
                )
            })
        };
        // The sky's faces, and the sky where the level left the depth as
        // cleared.
        let sky = scene.environment.sky.filter(|_| !full_map);
        let sky_drawn = sky
            .and_then(|sky| scene.materials.get(sky.index()))
            .map_or(0, |texture| {
                let sky_faces = |batch: &Batch| batch.kind == BatchKind::Sky && seen(batch);
                self.sky.draw(&mut pass, texture, meshes(), sky_faces)
            });
        if frame.debug_lines && !full_map {
            // Lines show through walls: only the view volume culls them.
            let lines = frame
                .chunks
                .drawn
                .iter()
                .filter_map(|&c| scene.cache.lines(c));
            self.lines
                .draw(&mut pass, &self.globals_bind_group, lines, in_volume);
        }
        if !full_map {
            self.lines
                .draw_markers(&mut pass, &self.globals_bind_group, &self.markers);
        }
        if let Some((prepared, map_tiles)) = &frame.map {
            self.map
                .draw(&mut pass, (scene.map_tiles(), map_tiles), prepared);
        }
        self.text.draw(&mut pass);
        drawn + sky_drawn
    }

    /// Begins the frame's pass into `view` (resolved from the multisampled
    /// target when there is one), cleared to the fog's colour, or to the
    /// map's background when the map replaces the 3D view.
    fn begin_pass<'e>(
        &self,
        encoder: &'e mut wgpu::CommandEncoder,
        view: &wgpu::TextureView,
        full_map: bool,
    ) -> wgpu::RenderPass<'e> {
        let [red, green, blue] = if full_map {
            let [r, g, b, _] = crate::map::colours::BACKGROUND;
            [r, g, b]
        } else {
            FOG_COLOUR
        }
        .map(f64::from);
        let (colour_view, resolve_target) = match &self.targets.multisampled {
            Some(multisampled) => (multisampled, Some(view)),
            None => (view, None),
        };
        encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("frame"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: colour_view,
                depth_slice: None,
                resolve_target,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color {
                        r: red,
                        g: green,
                        b: blue,
                        a: 1.0,
                    }),
                    store: if resolve_target.is_some() {
                        wgpu::StoreOp::Discard
                    } else {
                        wgpu::StoreOp::Store
                    },
                },
            })],
            depth_stencil_attachment: Some(pipeline::cleared_depth(&self.targets.depth)),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        })
    }

    /// Draws the tool UI (edit mode's property panel) over the frame that
    /// `view` holds, which must have this renderer's format and size; its
    /// texture changes are made and emptied.
    pub fn draw_ui(&mut self, gpu: &Gpu, view: &wgpu::TextureView, ui: &mut UiFrame) {
        let (format, size) = (self.targets.format, self.targets.size);
        self.ui.draw(gpu, view, format, size, ui);
    }
}

/// Refuses sizes the adapter cannot render (zero, or beyond its limit).
fn check_size(width: u32, height: u32, max_size: u32) -> anyhow::Result<()> {
    if width == 0 || height == 0 || width > max_size || height > max_size {
        anyhow::bail!(
            "cannot render {width}x{height}: each side must be between 1 and {max_size} pixels on this adapter"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_adapter_limit_are_refused_with_the_limit() {
        assert!(check_size(1280, 720, 8192).is_ok());
        assert!(check_size(8192, 1, 8192).is_ok());
        let error = check_size(9000, 720, 8192)
            .expect_err("too wide")
            .to_string();
        assert!(
            error.contains("9000x720") && error.contains("8192"),
            "{error}"
        );
        assert!(check_size(0, 720, 8192).is_err());
    }
}
