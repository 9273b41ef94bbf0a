//! Streaming: a level's chunks are built on demand (mesh from the level,
//! debug lines from the collider, both through the [`ChunkIndex`]) when a
//! frame first needs them, and kept on the GPU in a cache with a byte
//! budget, least recently used first out. Nothing is built up front, so a
//! scene is ready at once whatever the level's size, and GPU memory
//! follows what the eye sees, not what exists.

use std::collections::HashMap;

use super::lines::{LineChunk, chunk_lines};
use super::scene::ChunkBuffers;
use crate::collision::Collider;
use crate::level::Level;
use crate::level::mesh::{ChunkIndex, chunk_mesh};

/// GPU memory the chunk cache may keep beyond what the current frame
/// draws, by default: 128 MB.
pub const DEFAULT_CHUNK_BUDGET: u64 = 128 * 1024 * 1024;

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
    entries: HashMap<(i32, i32), CachedChunk>,
    budget: u64,
    bytes: u64,
    /// Frames begun so far: each entry remembers the last one that used it.
    frame: u64,
}

/// What is built of one chunk; `None` parts are not built yet, or empty
/// (`built` says which).
#[derive(Debug, Default)]
struct CachedChunk {
    mesh: Option<ChunkBuffers>,
    mesh_built: bool,
    lines: Option<LineChunk>,
    lines_built: bool,
    last_used: u64,
}

impl CachedChunk {
    fn bytes(&self) -> u64 {
        self.mesh.as_ref().map_or(0, ChunkBuffers::buffer_bytes)
            + self.lines.as_ref().map_or(0, LineChunk::buffer_bytes)
    }
}

impl ChunkCache {
    /// An empty cache that keeps at most `budget` bytes once a frame is
    /// done (a frame may use more while it draws).
    pub fn new(budget: u64) -> Self {
        Self {
            entries: HashMap::new(),
            budget,
            bytes: 0,
            frame: 0,
        }
    }

    /// Sets the bytes kept once a frame is done.
    pub fn set_budget(&mut self, bytes: u64) {
        self.budget = bytes;
    }

    /// Starts a frame: what it uses from now on counts as recently used.
    pub fn begin_frame(&mut self) {
        self.frame += 1;
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
        let entry = self.entries.entry(chunk).or_default();
        entry.last_used = self.frame;
        let before = entry.bytes();
        match part {
            ChunkPart::Mesh if !entry.mesh_built => {
                entry.mesh_built = true;
                let mesh = chunk_mesh(level, index, chunk);
                if !mesh.indices.is_empty() {
                    entry.mesh = ChunkBuffers::new(device, mesh)
                        .inspect_err(|error| log::error!("chunk {chunk:?} left out: {error:#}"))
                        .ok();
                }
            }
            ChunkPart::Lines if !entry.lines_built => {
                entry.lines_built = true;
                let vertices = index
                    .shapes(chunk)
                    .map(|shapes| chunk_lines(collider, shapes))
                    .unwrap_or_default();
                entry.lines = LineChunk::new(device, &vertices)
                    .inspect_err(|error| log::error!("chunk {chunk:?} lines left out: {error:#}"))
                    .ok()
                    .flatten();
            }
            _ => {}
        }
        self.bytes = self.bytes - before + entry.bytes();
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
        if self.bytes <= self.budget {
            return;
        }
        let mut stale: Vec<(u64, (i32, i32))> = self
            .entries
            .iter()
            .filter(|(_, entry)| entry.last_used < self.frame)
            .map(|(&chunk, entry)| (entry.last_used, chunk))
            .collect();
        stale.sort_unstable();
        for (_, chunk) in stale {
            if self.bytes <= self.budget {
                break;
            }
            if let Some(entry) = self.entries.remove(&chunk) {
                self.bytes -= entry.bytes();
            }
        }
    }

    /// Bytes of GPU memory the cached chunks take.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// How many chunks are cached.
    pub fn chunk_count(&self) -> usize {
        self.entries.len()
    }
}
