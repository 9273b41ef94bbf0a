//! Boxes on the floor plan: [`PlanBounds`], and the box around a level's
//! walls and obstacles ([`level_bounds`]) that the fitted map shows and the
//! reach fill covers.

use glam::Vec2;

use crate::collision::Collider;

/// An axis-aligned box on the floor plan (x, z), in metres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanBounds {
    /// Smallest corner.
    pub min: Vec2,
    /// Largest corner.
    pub max: Vec2,
}

impl PlanBounds {
    /// The box around `points`, skipping NaN and infinite ones; `None` when
    /// no finite point is given.
    pub fn around(points: impl IntoIterator<Item = Vec2>) -> Option<Self> {
        points
            .into_iter()
            .filter(|p| p.is_finite())
            .fold(None, |bounds: Option<Self>, p| {
                Some(match bounds {
                    Some(b) => Self {
                        min: b.min.min(p),
                        max: b.max.max(p),
                    },
                    None => Self { min: p, max: p },
                })
            })
    }

    /// Whether the two boxes share any point.
    pub fn overlaps(&self, other: &Self) -> bool {
        self.min.cmple(other.max).all() && other.min.cmple(self.max).all()
    }
}

/// The box the fitted map shows: every finite wall end point and obstacle
/// vertex of `collider` (radii not included); `None` for an empty level.
pub fn level_bounds(collider: &Collider) -> Option<PlanBounds> {
    let walls = collider.walls().iter().flat_map(|w| [w.a, w.b]);
    let obstacles = collider
        .obstacles()
        .iter()
        .flat_map(|o| o.points().to_vec());
    PlanBounds::around(walls.chain(obstacles))
}
