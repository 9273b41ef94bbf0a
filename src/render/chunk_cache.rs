//! Streaming: a level's chunks are built on demand (mesh from the level,
//! debug lines from the collider, both through the [`ChunkIndex`]) when a
//! frame first needs them, and kept on the GPU in a cache with a byte
//! budget, least recently used first out. Nothing is built up front, so a
//! scene is ready at once whatever the level's size, and GPU memory
//! follows what the eye sees, not what exists. Meshes built ahead of the
//! eye on another thread are taken in with [`ChunkCache::insert_ahead`]
//! while they fit in the budget beside the chunks the last frames used:
//! they may push out chunks not seen for longer, never those.

use std::collections::HashMap;

use super::lines::{LineChunk, chunk_lines};
use super::lru::{ByteLru, Weighed};
use super::scene::ChunkBuffers;
use crate::collision::Collider;
use crate::level::Level;
use crate::level::mesh::{ChunkIndex, chunk_mesh};

/// GPU memory the chunk cache may keep beyond what the current frame
/// draws, by default: 128 MB.
pub const DEFAULT_CHUNK_BUDGET: u64 = 128 * 1024 * 1024;

/// How a scene's chunk meshes came to be built: the main thread's builds
/// are the ones a frame waited for. For tests and the log.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChunkBuildStats {
    /// Meshes built on the main thread because a frame needed them and
    /// they were not cached.
    pub built_in_frame: u64,
    /// Meshes built ahead of the eye by the worker and kept.
    pub built_ahead: u64,
    /// Meshes built ahead but not kept: the main thread had built them
    /// meanwhile, or they did not fit in the budget.
    pub ahead_dropped: u64,
}

/// Which part of a chunk to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChunkPart {
    /// Walls, obstacles, floor and ceiling.
    Mesh,
    /// The collider's debug lines.
    Lines,
}

/// Built chunks on the GPU, by chunk coordinates.
#[derive(Debug)]
pub struct ChunkCache {
    entries: ByteLru<(i32, i32), CachedChunk>,
    stats: ChunkBuildStats,
    /// Chunks whose mesh, built ahead, did not fit, with its bytes: not
    /// worth asking for again until that much room is free (else a chunk
    /// just too big for the room left would be built and dropped frame
    /// after frame).
    refused: HashMap<(i32, i32), u64>,
    /// Whether meshes get a light cache (fast quality, a level with
    /// lamps).
    light_caches: bool,
}

/// The most refused chunks remembered; past it the list starts again (each
/// may then be built and refused once more).
const MAX_REFUSED: usize = 4096;

/// What is built of one chunk; `None` parts are not built yet, or empty
/// (`built` says which).
#[derive(Debug, Default)]
struct CachedChunk {
    mesh: Option<ChunkBuffers>,
    mesh_built: bool,
    lines: Option<LineChunk>,
    lines_built: bool,
}

impl Weighed for CachedChunk {
    fn bytes(&self) -> u64 {
        self.mesh.as_ref().map_or(0, ChunkBuffers::buffer_bytes)
            + self.lines.as_ref().map_or(0, LineChunk::buffer_bytes)
    }
}

impl ChunkCache {
    /// An empty cache that keeps at most `budget` bytes once a frame is
    /// done (a frame may use more while it draws), whose meshes get a
    /// light cache when `light_caches`.
    pub fn new(budget: u64, light_caches: bool) -> Self {
        Self {
            entries: ByteLru::new(budget),
            stats: ChunkBuildStats::default(),
            refused: HashMap::new(),
            light_caches,
        }
    }

    /// Whether the meshes it builds get a light cache.
    pub fn keeps_light_caches(&self) -> bool {
        self.light_caches
    }

    /// Makes the meshes built from now on get a light cache when
    /// `light_caches` (a level that gained its first lamp or lost its
    /// last). When that changes, every chunk is dropped, to be built again
    /// as it is next drawn: what was built has the other kind of mesh.
    pub fn keep_light_caches(&mut self, light_caches: bool) {
        if light_caches != self.light_caches {
            self.entries = ByteLru::new(self.entries.budget());
            self.refused.clear();
            self.light_caches = light_caches;
        }
    }

    /// Sets the bytes kept once a frame is done.
    pub fn set_budget(&mut self, bytes: u64) {
        self.entries.set_budget(bytes);
    }

    /// Starts a frame: what it uses from now on counts as recently used.
    pub fn begin_frame(&mut self) {
        self.entries.begin_frame();
    }

    /// Makes sure `part` of `chunk` is built and uploaded, and marks the
    /// chunk used this frame. A chunk whose buffers the device refuses is
    /// logged and left empty, never a panic.
    pub fn ensure(
        &mut self,
        device: &wgpu::Device,
        source: (&Level, &ChunkIndex, &Collider),
        chunk: (i32, i32),
        part: ChunkPart,
    ) {
        let (level, index, collider) = source;
        let (stats, refused, light) = (&mut self.stats, &mut self.refused, self.light_caches);
        self.entries
            .update(chunk, CachedChunk::default, |entry| match part {
                ChunkPart::Mesh if !entry.mesh_built => {
                    entry.mesh_built = true;
                    entry.mesh = build_mesh(device, level, index, chunk, light);
                    stats.built_in_frame += 1;
                    refused.remove(&chunk);
                }
                ChunkPart::Lines if !entry.lines_built => {
                    entry.lines_built = true;
                    let vertices = chunk_lines(level, collider, index, chunk);
                    entry.lines = LineChunk::new(device, &vertices)
                        .inspect_err(|error| {
                            log::error!("chunk {chunk:?} lines left out: {error:#}")
                        })
                        .ok()
                        .flatten();
                }
                _ => {}
            });
    }

    /// Drops what is built of `chunk`: what it was built from changed.
    pub fn forget(&mut self, chunk: (i32, i32)) {
        self.entries.remove(&chunk);
        self.refused.remove(&chunk);
    }

    /// Takes in meshes built ahead of need on another thread (by
    /// [`build_mesh`]; `None` when empty or refused), each unless the main
    /// thread built it meanwhile or it does not fit in the budget beside
    /// the recent chunks (those the last two frames used, or taken in
    /// since): then it is dropped, and its bytes were never counted. A
    /// chunk taken in counts as used by the last frame begun, so it is
    /// evicted like that frame's chunks, after older ones.
    pub fn insert_ahead(
        &mut self,
        built: impl IntoIterator<Item = ((i32, i32), Option<ChunkBuffers>)>,
    ) {
        let mut recent = self.entries.recent_bytes();
        for (chunk, mesh) in built {
            let bytes = mesh.as_ref().map_or(0, ChunkBuffers::buffer_bytes);
            if self.has_mesh(chunk) {
                self.stats.ahead_dropped += 1;
                continue;
            }
            if recent.saturating_add(bytes) > self.entries.budget() {
                self.stats.ahead_dropped += 1;
                if self.refused.len() >= MAX_REFUSED {
                    self.refused.clear();
                }
                self.refused.insert(chunk, bytes);
                continue;
            }
            self.refused.remove(&chunk);
            self.entries.update(chunk, CachedChunk::default, |entry| {
                entry.mesh = mesh;
                entry.mesh_built = true;
            });
            recent += bytes;
            self.stats.built_ahead += 1;
        }
    }

    /// Whether `chunk`'s mesh is built; if so, it is kept as if the last
    /// frame had used it (it is wanted soon), so that chunks farther from
    /// the eye go first when the cache is full.
    pub fn keep_ahead(&mut self, chunk: (i32, i32)) -> bool {
        self.entries.keep_if(&chunk, |entry| entry.mesh_built)
    }

    /// Whether `chunk`'s mesh is built (and cached, if not empty).
    pub fn has_mesh(&self, chunk: (i32, i32)) -> bool {
        self.entries
            .get(&chunk)
            .is_some_and(|entry| entry.mesh_built)
    }

    /// Bytes free in the budget beside the recent chunks (see
    /// [`insert_ahead`](Self::insert_ahead)).
    pub fn room_bytes(&self) -> u64 {
        self.entries
            .budget()
            .saturating_sub(self.entries.recent_bytes())
    }

    /// How many more chunks of the cached ones' mean size fit in `room`
    /// bytes ([`room_bytes`](Self::room_bytes)): the most worth building
    /// ahead. Unbounded while nothing is cached yet.
    pub fn room_for_chunks(&self, room: u64) -> usize {
        match self.bytes().checked_div(self.entries.len() as u64) {
            Some(mean) if mean > 0 => usize::try_from(room / mean).unwrap_or(usize::MAX),
            _ => usize::MAX,
        }
    }

    /// Whether `chunk` is worth building ahead with `room` bytes free: not
    /// if its mesh was refused before and still would not fit.
    pub fn worth_building_ahead(&self, chunk: (i32, i32), room: u64) -> bool {
        self.refused.get(&chunk).is_none_or(|&bytes| bytes <= room)
    }

    /// The mesh of `chunk`, if built and not empty.
    pub fn mesh(&self, chunk: (i32, i32)) -> Option<&ChunkBuffers> {
        self.entries.get(&chunk)?.mesh.as_ref()
    }

    /// The debug lines of `chunk`, if built and not empty.
    pub fn lines(&self, chunk: (i32, i32)) -> Option<&LineChunk> {
        self.entries.get(&chunk)?.lines.as_ref()
    }

    /// Ends a frame: drops the least recently used chunks that this frame
    /// did not use until the cache is within its budget.
    pub fn end_frame(&mut self) {
        self.entries.end_frame();
    }

    /// Bytes of GPU memory the cached chunks take.
    pub fn bytes(&self) -> u64 {
        self.entries.bytes()
    }

    /// How many chunks are cached.
    pub fn chunk_count(&self) -> usize {
        self.entries.len()
    }

    /// How the meshes cached so far were built.
    pub fn stats(&self) -> ChunkBuildStats {
        self.stats
    }
}

/// Builds and uploads `chunk`'s mesh, with a light cache when
/// `light_cache`; `None` when it is empty, or when the device refuses its
/// buffers (logged, never a panic). Runs on any thread.
pub fn build_mesh(
    device: &wgpu::Device,
    level: &Level,
    index: &ChunkIndex,
    chunk: (i32, i32),
    light_cache: bool,
) -> Option<ChunkBuffers> {
    let mesh = chunk_mesh(level, index, chunk);
    if mesh.indices.is_empty() {
        return None;
    }
    ChunkBuffers::new(device, mesh, light_cache)
        .inspect_err(|error| log::error!("chunk {chunk:?} left out: {error:#}"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::gpu::gpu_or_skip;

    #[test]
    fn meshes_built_ahead_are_counted_once_fit_the_budget_and_are_evictable() {
        let Some(gpu) = gpu_or_skip("meshes_built_ahead_are_counted_once") else {
            return;
        };
        let device = &gpu.device;
        let level = Level::maze(24, 24, 1).expect("maze");
        let index = ChunkIndex::new(&level);
        let collider = level.collider();
        let source = (&level, &index, &collider);
        let mut chunks: Vec<_> = index.all_chunks().collect();
        chunks.sort_unstable();
        let [a, b, c] = [chunks[0], chunks[1], chunks[2]];
        let mut cache = ChunkCache::new(u64::MAX, false);
        cache.begin_frame();
        cache.ensure(device, source, a, ChunkPart::Mesh);
        let a_bytes = cache.bytes();
        assert!(a_bytes > 0);
        let mesh = |chunk| build_mesh(device, &level, &index, chunk, false);
        let size = |chunk| mesh(chunk).map_or(0, |mesh| mesh.buffer_bytes());
        let (b_bytes, c_bytes) = (size(b), size(c));
        assert!(b_bytes > 0 && c_bytes > 0, "chunks with a floor");

        // Built twice, by the main thread and by the worker: counted once.
        cache.insert_ahead([(a, mesh(a)), (b, mesh(b))]);
        assert!(cache.has_mesh(b));
        assert_eq!(cache.bytes(), a_bytes + b_bytes);

        // A cache full of recent chunks takes nothing more in.
        cache.set_budget(a_bytes + b_bytes);
        assert_eq!(cache.room_bytes(), 0);
        assert_eq!(cache.room_for_chunks(cache.room_bytes()), 0);
        cache.set_budget(a_bytes + b_bytes.max(c_bytes));
        assert!(cache.worth_building_ahead(c, cache.room_bytes()));
        cache.insert_ahead([(c, mesh(c))]);
        assert!(!cache.has_mesh(c));
        assert_eq!(cache.bytes(), a_bytes + b_bytes);
        // Refused: not worth building again until its bytes are free.
        assert!(!cache.worth_building_ahead(c, cache.room_bytes()));
        assert!(cache.worth_building_ahead(c, c_bytes));

        // Two frames that draw only `a`: `b` is no longer recent, and `c`
        // fits beside `a`. The next frame's end pushes `b` out, not `c`
        // (newer), nor `a` (drawn).
        for _ in 0..2 {
            cache.end_frame();
            cache.begin_frame();
            cache.ensure(device, source, a, ChunkPart::Mesh);
        }
        cache.end_frame();
        cache.insert_ahead([(c, mesh(c))]);
        assert!(cache.has_mesh(c));
        cache.begin_frame();
        cache.ensure(device, source, a, ChunkPart::Mesh);
        cache.end_frame();
        assert!(cache.has_mesh(a) && !cache.has_mesh(b) && cache.has_mesh(c));
        assert_eq!(cache.bytes(), a_bytes + c_bytes);
        assert!(cache.keep_ahead(c) && !cache.keep_ahead(b));
        let stats = ChunkBuildStats {
            built_in_frame: 1,
            built_ahead: 2,
            ahead_dropped: 2,
        };
        assert_eq!(cache.stats(), stats, "nothing rebuilt");
    }
}
