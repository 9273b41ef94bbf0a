//! The chunk grid of the floor plan: which chunk a point, a wall or an
//! obstacle is filed under, and the pieces of a rectangle in each chunk.

use glam::Vec2;

/// Side of one culling chunk of the floor plan, in metres.
pub const CHUNK_SIZE: f32 = 16.0;

/// Chunk coordinates of the chunk holding `point` (the renderer files its
/// debug lines by the same chunks).
pub fn chunk_of(point: Vec2) -> (i32, i32) {
    let cell = (point / CHUNK_SIZE).floor();
    (cell.x as i32, cell.y as i32)
}

/// The chunk a wall from `a` to `b` is filed under: its midpoint's. The
/// mesh, the debug lines and view culling all file walls by this one rule.
pub fn wall_chunk(a: Vec2, b: Vec2) -> (i32, i32) {
    chunk_of((a + b) / 2.0)
}

/// The chunk an obstacle with outline `points` is filed under: its
/// vertices' mean's (chunk (0, 0) for an empty outline). The mesh, the
/// debug lines and view culling all file obstacles by this one rule.
pub fn obstacle_chunk(points: &[Vec2]) -> (i32, i32) {
    let centre = points.iter().copied().sum::<Vec2>() / points.len().max(1) as f32;
    chunk_of(centre)
}

/// The chunks a rectangle overlaps, each with the part of the rectangle
/// inside it.
pub(super) fn chunks_covering(min: Vec2, max: Vec2) -> Vec<((i32, i32), Vec2, Vec2)> {
    let (first, last) = (chunk_of(min), chunk_of(max));
    let mut pieces = Vec::new();
    for cz in first.1..=last.1 {
        for cx in first.0..=last.0 {
            let chunk_min = Vec2::new(cx as f32, cz as f32) * CHUNK_SIZE;
            let piece_min = min.max(chunk_min);
            let piece_max = max.min(chunk_min + CHUNK_SIZE);
            if piece_min.x < piece_max.x && piece_min.y < piece_max.y {
                pieces.push(((cx, cz), piece_min, piece_max));
            }
        }
    }
    pieces
}

/// The part of the floor plan `plan` inside `chunk`, if any.
pub(super) fn floor_piece(plan: (Vec2, Vec2), chunk: (i32, i32)) -> Option<(Vec2, Vec2)> {
    let chunk_min = Vec2::new(chunk.0 as f32, chunk.1 as f32) * CHUNK_SIZE;
    let min = plan.0.max(chunk_min);
    let max = plan.1.min(chunk_min + CHUNK_SIZE);
    (min.x < max.x && min.y < max.y).then_some((min, max))
}
