//! Pure 2D collision on the XZ plane: no GPU, no window, no I/O.
//!
//! SKELETON — the collision helper replaces the bodies; the names below are the
//! contract the rest of the program uses:
//! - `Wall { a, b, radius }` — a segment the eye may not come closer to than `radius`.
//! - `ConvexPolygon::new(points) -> Result<ConvexPolygon, PolygonError>`, `.points()`.
//! - `Collider::new(walls, obstacles, body_radius)`, `.walls()`, `.obstacles()`,
//!   `.body_radius()`, `.move_eye(from, delta, &MoveOptions) -> Result<MoveOutcome, CollisionError>`.
//! - `MoveOptions { policy: MovePolicy::{Slide, Reject}, ghost: bool, .. }` with `Default` = slide.
//! - `MoveOutcome { position, .. }`.

use glam::Vec2;

/// A wall segment with its collision radius.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wall {
    /// First end point (x, z).
    pub a: Vec2,
    /// Second end point (x, z).
    pub b: Vec2,
    /// The eye may not come closer than this to the segment.
    pub radius: f32,
}

/// A convex polygon, stored counter-clockwise.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvexPolygon {
    points: Vec<Vec2>,
}

/// Why a polygon was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PolygonError {
    /// Placeholder.
    #[error("invalid polygon")]
    Invalid,
}

impl ConvexPolygon {
    /// Validates and stores a convex polygon of any winding.
    pub fn new(points: Vec<Vec2>) -> Result<Self, PolygonError> {
        Ok(Self { points })
    }
    /// Vertices, counter-clockwise.
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }
}

/// What happens to a move that would end too close to a wall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MovePolicy {
    /// Go as far as allowed, then slide along the wall.
    #[default]
    Slide,
    /// Refuse the whole move.
    Reject,
}

/// Options of a move query.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MoveOptions {
    /// Slide (default) or reject.
    pub policy: MovePolicy,
    /// Ghost mode: the move passes unchanged.
    pub ghost: bool,
}

/// The result of a move query.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveOutcome {
    /// Where the eye ends.
    pub position: Vec2,
}

/// Refused input.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CollisionError {
    /// NaN or infinite input.
    #[error("non-finite input")]
    NonFinite,
}

/// Walls and obstacles with a broadphase.
#[derive(Debug, Clone)]
pub struct Collider {
    walls: Vec<Wall>,
    obstacles: Vec<ConvexPolygon>,
    body_radius: f32,
}

impl Collider {
    /// Builds the collider.
    pub fn new(walls: Vec<Wall>, obstacles: Vec<ConvexPolygon>, body_radius: f32) -> Self {
        Self {
            walls,
            obstacles,
            body_radius,
        }
    }
    /// All walls.
    pub fn walls(&self) -> &[Wall] {
        &self.walls
    }
    /// All obstacles.
    pub fn obstacles(&self) -> &[ConvexPolygon] {
        &self.obstacles
    }
    /// The body radius used against obstacles.
    pub fn body_radius(&self) -> f32 {
        self.body_radius
    }
    /// Moves the eye.
    pub fn move_eye(
        &self,
        from: Vec2,
        delta: Vec2,
        _options: &MoveOptions,
    ) -> Result<MoveOutcome, CollisionError> {
        Ok(MoveOutcome {
            position: from + delta,
        })
    }
}
