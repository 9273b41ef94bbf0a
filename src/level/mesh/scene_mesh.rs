//! The mesh as it is uploaded: its vertices, its triangles in batches by
//! chunk and material, and a box around each batch.

use std::ops::Range;

use glam::{Vec2, Vec3};

use super::super::light_layout::LightLayout;
use super::super::model::MaterialId;

/// One vertex as the scene shader reads it (`shaders/scene.wgsl`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct MeshVertex {
    /// World position in metres (y up).
    pub position: [f32; 3],
    /// Unit outward normal.
    pub normal: [f32; 3],
    /// Texture coordinates in texture repeats (world metres / repeat size).
    pub uv: [f32; 2],
    /// Where the vertex lies in its chunk's light cache, as a fraction of
    /// the cache's width and height ([`SceneMesh::light`]).
    pub light_uv: [f32; 2],
    /// How much of the light falls on its face: the `light` of the floor
    /// the face looks into, 0..=1 (1 outside every floor).
    pub floor_light: f32,
}

/// An axis-aligned box in world space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Smallest corner.
    pub min: Vec3,
    /// Largest corner.
    pub max: Vec3,
}

impl Bounds {
    /// The empty box: growing it by any point gives that point.
    pub const EMPTY: Self = Self {
        min: Vec3::splat(f32::INFINITY),
        max: Vec3::splat(f32::NEG_INFINITY),
    };

    /// Grows the box to hold `point`.
    pub fn grow(&mut self, point: Vec3) {
        self.min = self.min.min(point);
        self.max = self.max.max(point);
    }
}

/// What a batch holds, for culling and for the way it is drawn: walls and
/// obstacles are drawn only when the eye can see one of their chunk's
/// shapes; floors, ceilings, the faces along the edges between floors,
/// which no wall hides from every angle, and see-through walls, whenever
/// their box is in view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BatchKind {
    /// Walls and obstacles filed under the chunk (see [`wall_chunk`] and
    /// [`obstacle_chunk`]).
    Shapes,
    /// The floors and ceilings over the chunk, and the risers, headers
    /// and walls against the void along the edges between floors in it.
    FloorAndCeiling,
    /// Faces painted with the level's sky (its material is the sky's),
    /// drawn by the sky's shader, culled as floors and ceilings are: where
    /// a floor open to the sky meets a higher closed ceiling, the span
    /// between the two ceilings seen from the open side.
    Sky,
    /// See-through walls (a wall's `see_through`), drawn with their
    /// material's transparency: by pipelines of their own, so that only
    /// they pay for the alpha test.
    SeeThrough,
}

/// A run of triangles of one material within one chunk.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    /// The chunk the triangles are filed under ([`chunk_of`] coordinates).
    pub chunk: (i32, i32),
    /// Whether they are shapes or floor and ceiling.
    pub kind: BatchKind,
    /// What the triangles are painted with.
    pub material: MaterialId,
    /// Box around every vertex of the batch (for view culling).
    pub bounds: Bounds,
    /// The batch's range in [`SceneMesh::indices`].
    pub indices: Range<u32>,
}

/// Every triangle of a level, ready to upload.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SceneMesh {
    /// All vertices.
    pub vertices: Vec<MeshVertex>,
    /// Triangle list indices into `vertices`, counter-clockwise seen from the
    /// side the normal points to.
    pub indices: Vec<u32>,
    /// Contiguous index ranges by chunk and material.
    pub batches: Vec<Batch>,
    /// Where every face keeps its lamp light in the mesh's light cache.
    pub light: LightLayout,
}

/// A point of the floor plan at height `y`.
pub(super) fn flat(point: Vec2, y: f32) -> Vec3 {
    Vec3::new(point.x, y, point.y)
}
