//! Wall segments.

use glam::Vec2;

/// A wall: the segment `a`→`b` on the XZ plane and its own collision radius.
/// The eye may never end closer than `radius` to the segment.
///
/// Walls with non-finite coordinates or radius are ignored by the collider; a
/// negative radius counts as zero; a zero-length wall is a disc.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wall {
    /// First end point (x, z).
    pub a: Vec2,
    /// Second end point (x, z).
    pub b: Vec2,
    /// The eye may not come closer than this to the segment, in metres.
    pub radius: f32,
}

impl Wall {
    /// The same segment as a wall that nothing meets: its radius is
    /// negative infinity, which the collider, the loose bodies, the map
    /// and the ray casts all leave out (a non-finite radius), and which,
    /// unlike NaN, compares equal to itself, so that a level's walls and
    /// its collider's still compare as the same.
    pub fn passable(self) -> Self {
        Self {
            radius: f32::NEG_INFINITY,
            ..self
        }
    }
}

#[cfg(test)]
impl Wall {
    /// The wall from `a` to `b` (x, z) of `radius`: the unit tests' short
    /// way to write one.
    pub(crate) fn between(a: (f32, f32), b: (f32, f32), radius: f32) -> Self {
        Self {
            a: Vec2::from(a),
            b: Vec2::from(b),
            radius,
        }
    }
}
