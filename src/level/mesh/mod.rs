//! Render meshes built from a [`Level`]: walls extruded to their height and
//! thickness, obstacles as prisms, floors and ceilings at their heights
//! with the faces along the edges between them, all with world-space
//! texture coordinates so a long wall shows more repeats, never a stretched
//! texture. Pure data (no GPU): the renderer builds and uploads it chunk by
//! chunk as the eye comes near ([`ChunkIndex`], [`chunk_mesh`]).
//!
//! Triangles are grouped into [`Batch`]es by square chunk of the floor plan
//! ([`CHUNK_SIZE`]) and material, each with its bounding box, so the renderer
//! draws one material at a time and skips chunks outside the view. Big mazes
//! need that; a house is a handful of chunks.
//!
//! Its files, one job each:
//! - `scene_mesh.rs`: the mesh as it is uploaded (vertices, batches,
//!   boxes);
//! - `chunks.rs`: the chunk grid, and which chunk a shape is filed under;
//! - `floor_plan.rs`: the rectangle the floor and ceiling cover;
//! - `floor_pieces.rs`: a chunk's rectangle cut into pieces over one
//!   floor each, along the edges between floors;
//! - `floor_filing.rs`: the floors' edges filed by chunk, and what lies
//!   over each floor;
//! - `edge_faces.rs`: the risers, headers and walls against the void
//!   along an edge between floors;
//! - `chunk_index.rs`: a level's shapes filed by chunk, kept through edits;
//! - `faces.rs`: walls, prisms, floors and ceilings as triangles;
//! - `floor_lights.rs`: which floor's `light` falls on a face;
//! - `builder.rs`: the meshes of a level, a chunk and the moving shapes.

mod builder;
mod chunk_index;
mod chunks;
mod edge_faces;
mod faces;
mod floor_filing;
mod floor_lights;
mod floor_pieces;
mod floor_plan;
mod scene_mesh;
#[cfg(test)]
mod tests;

pub use builder::{MovingShape, chunk_mesh, moving_mesh, scene_mesh};
pub use chunk_index::{ChunkIndex, ChunkShapes, ShapeKind};
pub use chunks::{CHUNK_SIZE, chunk_of, obstacle_chunk, wall_chunk};
pub use floor_pieces::FloorPiece;
pub use scene_mesh::{Batch, BatchKind, Bounds, MeshVertex, SceneMesh};
