//! What the floor plan warns about, worded once for `mazewalker check` and
//! the editor's live checks: gaps that miss being passable, and floor that
//! cannot be reached from the start.

use glam::Vec2;

use super::gaps::NearMiss;
use super::reach::{DEFAULT_CELL_SIZE, unreachable_areas};
use crate::collision::Collider;

/// Said instead of the unreachable areas when the level needs more cells
/// than the flood fill may use.
pub const TOO_LARGE_FOR_REACH: &str = "the level is too large to look for unreachable floor";

/// The floor plan's warnings, each a line without a prefix.
#[derive(Debug, Clone, PartialEq)]
pub struct FloorWarnings {
    /// Each near miss, then each unreachable area (largest first).
    pub warnings: Vec<String>,
    /// False when the level was too large to look for unreachable floor
    /// ([`TOO_LARGE_FOR_REACH`]).
    pub reach_checked: bool,
}

/// The warnings of `collider`'s floor plan: its `near_misses` (see
/// [`near_misses`](super::near_misses)), then the floor that cannot be
/// reached from `start` (see [`unreachable_areas`]).
pub fn floor_warnings(collider: &Collider, near_misses: &[NearMiss], start: Vec2) -> FloorWarnings {
    let walls = collider.walls();
    let mut warnings: Vec<String> = near_misses.iter().map(|gap| gap.describe(walls)).collect();
    let areas = unreachable_areas(collider, start, DEFAULT_CELL_SIZE);
    let reach_checked = areas.is_some();
    warnings.extend(areas.unwrap_or_default().iter().map(|area| area.describe()));
    FloorWarnings {
        warnings,
        reach_checked,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::Wall;
    use crate::map::near_misses;

    fn wall(a: (f32, f32), b: (f32, f32)) -> Wall {
        Wall::between(a, b, 0.25)
    }

    #[test]
    fn near_misses_come_first_then_closed_rooms_and_a_huge_level_is_not_flooded() {
        // A closed 2 × 2 m room, and beside it two walls 0.45 m apart: a
        // gap 5 cm short of the 0.5 m the two radii need.
        let walls = vec![
            wall((0.0, 0.0), (2.0, 0.0)),
            wall((2.0, 0.0), (2.0, 2.0)),
            wall((2.0, 2.0), (0.0, 2.0)),
            wall((0.0, 2.0), (0.0, 0.0)),
            wall((5.0, 0.0), (5.0, 2.0)),
            wall((5.45, 0.0), (5.45, 2.0)),
        ];
        let collider = Collider::new(walls, Vec::new(), 0.25);
        let gaps = near_misses(&collider);
        let floor = floor_warnings(&collider, &gaps, Vec2::new(-3.0, 1.0));
        assert!(floor.reach_checked);
        assert_eq!(floor.warnings.len(), 2, "{:?}", floor.warnings);
        assert_eq!(floor.warnings[0], gaps[0].describe(collider.walls()));
        assert!(
            floor.warnings[1].contains("cannot be reached"),
            "{:?}",
            floor.warnings
        );
        // 2 km across: more cells than the flood may use.
        let huge = Collider::new(vec![wall((0.0, 0.0), (2000.0, 2000.0))], Vec::new(), 0.25);
        let floor = floor_warnings(&huge, &[], Vec2::new(-1.0, 0.0));
        assert!(!floor.reach_checked && floor.warnings.is_empty());
    }
}
