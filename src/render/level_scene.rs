//! What belongs to one level on the GPU, apart from what lives as long as
//! the window: its mesh, material textures and debug lines. A
//! [`SceneBuilder`] makes a [`LevelScene`] on any thread (wgpu devices are
//! shared between threads), so a large level is built while the old one
//! keeps being drawn, then swapped in with [`Renderer::set_level`](super::Renderer::set_level).
//! A scene builds the chunks near the eye ahead of need on a worker
//! thread of its own, or where none starts, in tasks ([`prefetch`]).

mod edited;
mod prefetch;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use glam::{Mat4, Vec2, Vec3};

use super::Culling;
use super::chunk_cache::{
    ChunkBuildStats, ChunkCache, ChunkPart, DEFAULT_CHUNK_BUDGET, build_mesh,
};
use super::cull::ViewVolume;
use super::lamps::LevelLamps;
use super::light_cache::{ChunkLight, LightWork};
use super::map::{MapTileList, MapTiles};
use super::scene::{ChunkBuffers, MaterialBinding};
use super::sight::SightCuller;
use super::texture_cache::{BrokenTexture, TextureCache};
use crate::collision::Collider;
use crate::level::mesh::{Bounds, CHUNK_SIZE, ChunkIndex, MovingShape, moving_mesh};
use crate::level::{Environment, Level};
use crate::map::{MapDetail, PlanBounds};
use prefetch::AheadWorker;

/// One level on the GPU: what the renderer draws until the next
/// [`Renderer::set_level`](super::Renderer::set_level). Its chunks' meshes
/// and debug lines are built when a frame first needs them and kept in a
/// cache with a byte budget ([`DEFAULT_CHUNK_BUDGET`]), so building a
/// scene costs the same for a house and for a million-wall maze. A worker
/// thread, started when a frame first leaves a chunk near the eye
/// unbuilt, builds the meshes of the chunks around the eye before a frame
/// needs them, while they fit in the budget.
#[derive(Debug)]
pub struct LevelScene {
    /// The level the chunks are built from (shared with the worker).
    pub(super) level: Arc<Level>,
    /// Its walls and obstacles by chunk (shared with the worker).
    pub(super) index: Arc<ChunkIndex>,
    /// The chunks built so far.
    pub(super) cache: ChunkCache,
    /// The worker building chunk meshes ahead of the eye: started on the
    /// first frame that leaves a chunk near the eye unbuilt.
    ahead: Option<AheadWorker<Option<ChunkBuffers>>>,
    /// Workers an edit ended while they built a chunk: closed, and
    /// dropped once their thread has ended (or with the scene, which
    /// then waits for their chunk in hand).
    retiring: Vec<AheadWorker<Option<ChunkBuffers>>>,
    /// One bind group per level material.
    pub(super) materials: Vec<wgpu::BindGroup>,
    /// The level's shapes as the top-down map draws them, tile by tile
    /// when a view of every wall first shows them.
    map: MapTiles,
    /// Which chunks' shapes the eye can see (and the collider the debug
    /// lines are built from).
    pub(super) sight: SightCuller,
    /// Fog distance, ambient, light and ceiling of the level.
    pub(super) environment: Environment,
    /// The level's lamps and their shadows.
    pub(super) lamps: LevelLamps,
    /// What the last frame did again of the lamps' light.
    pub(super) light_work: LightWork,
    /// The renderer reads light caches (see [`SceneBuilder`]).
    cached_light: bool,
    /// The moving shapes (doors' leaves, loose bodies) as last drawn, and
    /// their buffers and light cache: made anew only when they move.
    moving: Option<(Vec<MovingShape>, ChunkBuffers)>,
    /// One line per material shown as a checkerboard.
    pub warnings: Vec<String>,
}

impl LevelScene {
    /// Bytes of GPU memory the level's buffers take now: the cached chunks
    /// and map tiles (textures not counted: they are shared through the
    /// cache).
    pub fn buffer_bytes(&self) -> u64 {
        self.cache.bytes() + self.map.buffer_bytes()
    }

    /// Builds the map tiles a view of every wall shows in `visible`
    /// at `detail`, and starts the map's frame.
    pub(super) fn prepare_map(
        &mut self,
        device: &wgpu::Device,
        visible: PlanBounds,
        detail: MapDetail,
    ) -> MapTileList {
        let source = (&*self.level, &*self.index, self.sight.collider());
        self.map.prepare(device, source, visible, detail)
    }

    /// Makes the buffers of this frame's moving shapes (doors' leaves)
    /// anew if they moved since the last frame (a shape that only starts
    /// or stops casting a shadow is drawn the same); when they cannot be
    /// uploaded they are left out (logged).
    pub(super) fn prepare_moving(&mut self, device: &wgpu::Device, shapes: &[MovingShape]) {
        let drawn_alike = |a: &MovingShape, b: &MovingShape| {
            (&a.outline, a.height, a.material) == (&b.outline, b.height, b.material)
        };
        if shapes.is_empty() {
            self.moving = None;
        } else if self.moving.as_ref().is_none_or(|(drawn, _)| {
            drawn.len() != shapes.len() || !drawn.iter().zip(shapes).all(|(a, b)| drawn_alike(a, b))
        }) {
            let mesh = moving_mesh(&self.level, shapes);
            // Their light is cached as the chunks' is, and baked again
            // each time they move (a cache made here is not baked yet).
            let light_cache = self.cache.keeps_light_caches();
            self.moving = ChunkBuffers::new(device, mesh, light_cache)
                .inspect_err(|error| log::warn!("moving shapes not drawn: {error}"))
                .ok()
                .map(|buffers| (shapes.to_vec(), buffers));
        }
    }

    /// The light cache of the moving shapes' buffers, if any, and the
    /// lamps to bake it by.
    pub(super) fn moving_light(&mut self) -> (Option<&ChunkLight>, &mut LevelLamps) {
        let light = self
            .moving
            .as_ref()
            .and_then(|(_, buffers)| buffers.light());
        (light, &mut self.lamps)
    }

    /// The buffers [`prepare_moving`](Self::prepare_moving) made, if any.
    pub(super) fn moving(&self) -> Option<&ChunkBuffers> {
        self.moving.as_ref().map(|(_, buffers)| buffers)
    }

    /// The map's tiles, for drawing.
    pub(super) fn map_tiles(&self) -> &MapTiles {
        &self.map
    }

    /// Ends the frame of the chunk cache and the map's tiles: each drops
    /// what it no longer needs to keep within its budget.
    pub(super) fn end_frame(&mut self) {
        self.cache.end_frame();
        self.map.end_frame();
    }

    /// Sets the bytes the map's tiles may keep once a frame is done
    /// (default `DEFAULT_MAP_BUDGET`, 64 MB).
    pub fn set_map_budget(&mut self, bytes: u64) {
        self.map.set_budget(bytes);
    }

    /// Bytes of GPU memory the map's cached tiles take now, and how many.
    pub fn map_tiles_cached(&self) -> (u64, usize) {
        (self.map.buffer_bytes(), self.map.tile_count())
    }

    /// Bytes of GPU memory the cached chunks take now.
    pub fn chunk_bytes(&self) -> u64 {
        self.cache.bytes()
    }

    /// What the last frame drawn did again of the lamps' light: the
    /// shadow rows it made and the light caches it baked.
    pub fn light_work(&self) -> &LightWork {
        &self.light_work
    }

    /// How many chunks are built and cached now.
    pub fn cached_chunks(&self) -> usize {
        self.cache.chunk_count()
    }

    /// Sets the bytes the chunk cache may keep once a frame is done
    /// (default [`DEFAULT_CHUNK_BUDGET`]); applies from the next frame.
    pub fn set_chunk_budget(&mut self, bytes: u64) {
        self.cache.set_budget(bytes);
    }

    /// How many mesh batches (material × chunk) the level has, built or
    /// not.
    pub fn batch_count(&self) -> usize {
        self.index.batch_count()
    }

    /// How many chunk meshes were built so far on the main thread, for a
    /// frame that needed them, and ahead of the eye by the worker.
    pub fn chunk_build_stats(&self) -> ChunkBuildStats {
        self.cache.stats()
    }

    /// Waits until the worker has built every chunk asked of it, or
    /// `timeout` passes; returns whether it caught up (true when no worker
    /// runs). The next frame takes those chunks in. For tests and
    /// benchmarks that need a known split of the work between threads;
    /// drawing never waits for the worker.
    pub fn wait_for_chunks_ahead(&self, timeout: Duration) -> bool {
        self.ahead
            .as_ref()
            .is_none_or(|worker| worker.wait_until_idle(timeout))
    }
}

impl Drop for LevelScene {
    fn drop(&mut self) {
        let stats = self.cache.stats();
        log::info!(
            "level {:?}: chunk meshes built {} on the main thread, {} ahead on the worker ({} more built ahead but not kept)",
            self.level.name,
            stats.built_in_frame,
            stats.built_ahead,
            stats.ahead_dropped,
        );
    }
}

/// What [`LevelScene::prepare_chunks`] needs to know of a frame.
#[derive(Debug)]
pub(super) struct ChunkView<'a> {
    /// How much to skip.
    pub culling: Culling,
    /// World to clip transform of the camera.
    pub view_projection: Mat4,
    /// The eye.
    pub eye: Vec3,
    /// The view frustum, out to the fog.
    pub volume: &'a ViewVolume,
    /// Whether debug lines are drawn (their chunks are built too).
    pub debug_lines: bool,
}

/// The chunks one frame draws, all built.
#[derive(Debug, Default)]
pub(super) struct FrameChunks {
    /// Chunks in view: their floor and ceiling are drawn, and their lines.
    pub drawn: Vec<(i32, i32)>,
    /// Of those, the ones whose walls and obstacles are drawn too.
    pub shapes_seen: HashSet<(i32, i32)>,
}

impl LevelScene {
    /// Picks the chunks a frame seen through `view` draws, takes in the
    /// meshes the worker built ahead, builds those still missing, starts
    /// the cache's frame (the renderer ends it after submitting), and asks
    /// the worker for the chunks around the eye that are not built yet.
    pub(super) fn prepare_chunks(
        &mut self,
        device: &wgpu::Device,
        view: &ChunkView<'_>,
    ) -> FrameChunks {
        let in_volume =
            |bounds: &Bounds| view.culling == Culling::Off || view.volume.may_see(bounds);
        let fog_distance = self.environment.fog_distance;
        let seen = match view.culling {
            Culling::FrustumAndSight => {
                self.sight
                    .visible_chunks(view.view_projection, view.eye, fog_distance)
            }
            _ => None,
        };
        let candidates: Vec<(i32, i32)> = if view.culling == Culling::Off {
            self.index.all_chunks().collect()
        } else {
            let eye = Vec2::new(view.eye.x, view.eye.z);
            self.index.chunks_near(eye, fog_distance).collect()
        };
        let mut chunks = FrameChunks::default();
        for chunk in candidates {
            if !self.index.bounds(chunk).is_some_and(|b| in_volume(&b)) {
                continue;
            }
            chunks.drawn.push(chunk);
            if seen.is_none_or(|seen| seen.contains(&chunk)) {
                chunks.shapes_seen.insert(chunk);
            }
        }
        if let Some(worker) = &mut self.ahead {
            self.cache.insert_ahead(worker.take_finished());
        }
        self.retiring.retain(|worker| !worker.has_ended());
        self.cache.begin_frame();
        let source = (&*self.level, &*self.index, self.sight.collider());
        for &chunk in &chunks.drawn {
            self.cache.ensure(device, source, chunk, ChunkPart::Mesh);
            if view.debug_lines {
                self.cache.ensure(device, source, chunk, ChunkPart::Lines);
            }
        }
        // Without culling every chunk is drawn, so none is left to ask for.
        self.request_ahead(device, Vec2::new(view.eye.x, view.eye.z));
        chunks
    }

    /// Builds here the meshes that the first frames seen from `eye` would
    /// otherwise build on the main thread or wait for the worker to build
    /// ahead: the chunks within the fog distance and one chunk, nearest
    /// first, while they fit in the budget. For a scene made off the main
    /// thread (the window's start-up), so that its first frames draw at
    /// once, wherever the view turns.
    pub fn build_around(&mut self, builder: &SceneBuilder, eye: Vec2) {
        let light = self.cache.keeps_light_caches();
        for chunk in self.unbuilt_chunks_near(eye) {
            let mesh = build_mesh(&builder.device, &self.level, &self.index, chunk, light);
            self.cache.insert_ahead([(chunk, mesh)]);
            if !self.cache.has_mesh(chunk) {
                // The budget is full: the rest would be dropped too.
                break;
            }
        }
    }

    /// The chunks within the fog distance and one chunk of `eye` whose
    /// meshes are not built (those built are kept as recent), nearest
    /// first.
    fn unbuilt_chunks_near(&mut self, eye: Vec2) -> Vec<(i32, i32)> {
        let reach = self.environment.fog_distance + CHUNK_SIZE;
        let mut wanted: Vec<(f32, (i32, i32))> = self
            .index
            .chunks_near(eye, reach)
            .filter(|&chunk| !self.cache.keep_ahead(chunk))
            .filter_map(|chunk| Some((distance_on_plan(eye, &self.index.bounds(chunk)?), chunk)))
            .collect();
        wanted.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
        wanted.into_iter().map(|(_, chunk)| chunk).collect()
    }

    /// Asks the worker (started here on first use) for the meshes of the
    /// chunks within the fog distance and one chunk of `eye`, nearest
    /// first, that are not built (those built are kept as recent) and not
    /// refused for want of room that is still missing: as many as fit in
    /// the cache's budget, none when it is full. Replaces the last frame's
    /// request.
    fn request_ahead(&mut self, device: &wgpu::Device, eye: Vec2) {
        let wanted = self.unbuilt_chunks_near(eye);
        if wanted.is_empty() && self.ahead.is_none() {
            return;
        }
        let (level, index) = (&self.level, &self.index);
        let light = self.cache.keeps_light_caches();
        let worker = self.ahead.get_or_insert_with(|| {
            let (device, level, index) = (device.clone(), Arc::clone(level), Arc::clone(index));
            AheadWorker::spawn(move |chunk| build_mesh(&device, &level, &index, chunk, light))
        });
        let room = self.cache.room_bytes();
        let cache = &self.cache;
        let chunks = wanted
            .into_iter()
            .filter(|&chunk| cache.worth_building_ahead(chunk, room))
            .take(cache.room_for_chunks(room));
        worker.request(chunks);
    }
}

/// How far `eye` is from `bounds` on the floor plan (zero inside).
fn distance_on_plan(eye: Vec2, bounds: &Bounds) -> f32 {
    let min = Vec2::new(bounds.min.x, bounds.min.z);
    let max = Vec2::new(bounds.max.x, bounds.max.z);
    eye.distance(eye.clamp(min, max))
}

/// Makes [`LevelScene`]s for one renderer. Cheap to clone and `Send`: hand a
/// clone to a worker thread to build a level off the main thread.
#[derive(Debug, Clone)]
pub struct SceneBuilder {
    device: wgpu::Device,
    queue: wgpu::Queue,
    materials: MaterialBinding,
    textures: Arc<Mutex<TextureCache>>,
    /// The renderer reads light caches (fast quality): the scene of a
    /// level with lamps keeps one per chunk.
    cached_light: bool,
}

impl SceneBuilder {
    pub(super) fn new(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        materials: MaterialBinding,
        cached_light: bool,
    ) -> Self {
        Self {
            device: device.clone(),
            queue: queue.clone(),
            materials,
            textures: Arc::default(),
            cached_light,
        }
    }

    /// Prepares `level` for drawing: uploads its textures (from the cache
    /// when unchanged) and files its shapes by chunk; chunks' meshes and
    /// debug lines, and `collider`'s map shapes, are built when first
    /// drawn. The scene shares `level` and `collider` with the caller (a
    /// huge maze's are large) instead of copying them.
    /// Errors, leaving nothing half-built, when a buffer exceeds the
    /// device's limits or (with
    /// [`BrokenTexture::RefuseUndecodable`]) an image does not decode.
    pub fn build(
        &self,
        level: &Arc<Level>,
        collider: &Arc<Collider>,
        broken_textures: BrokenTexture,
    ) -> anyhow::Result<LevelScene> {
        let mut textures = Vec::with_capacity(level.materials.len());
        let mut warnings = Vec::new();
        {
            // A poisoned lock only means another build panicked mid-way;
            // the cache holds whole entries only, so it is still usable.
            let mut cache = self
                .textures
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for material in &level.materials {
                let texture = cache
                    .texture(&self.device, &self.queue, material, broken_textures)
                    .map_err(anyhow::Error::msg)?;
                warnings.extend(texture.warning);
                textures.push((material.name.clone(), texture.view));
            }
            cache.retain_used();
        }
        for warning in &warnings {
            log::warn!("{warning}");
        }
        Ok(LevelScene {
            level: Arc::clone(level),
            index: Arc::new(ChunkIndex::new(level)),
            cache: ChunkCache::new(
                DEFAULT_CHUNK_BUDGET,
                self.cached_light && !level.lights.is_empty(),
            ),
            cached_light: self.cached_light,
            ahead: None,
            retiring: Vec::new(),
            materials: self.materials.bind_groups(&self.device, &textures),
            map: MapTiles::new(collider),
            sight: SightCuller::new(level, collider),
            environment: level.environment,
            lamps: LevelLamps::new(level, collider),
            light_work: LightWork::default(),
            moving: None,
            warnings,
        })
    }

    /// How many images the texture cache has decoded and uploaded so far
    /// (a reload that changes no image adds none).
    pub fn textures_decoded(&self) -> u64 {
        self.textures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .decoded_count()
    }
}
