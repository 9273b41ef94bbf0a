//! What the floor plan warns about, worded once for `mazewalker check` and
//! the editor's live checks: gaps that miss being passable, floor that
//! cannot be reached from the start, and, in a level with lamps, reachable
//! floor that no lamp lights.

use super::gaps::{NearMiss, near_misses};
use super::reach::{DEFAULT_CELL_SIZE, unreachable_areas};
use super::unlit::unlit_areas;
use crate::collision::Collider;
use crate::level::Level;

/// Said instead of the unreachable areas when the level needs more cells
/// than the flood fill may use.
pub const TOO_LARGE_FOR_REACH: &str = "the level is too large to look for unreachable floor";

/// The floor plan's warnings, each a line without a prefix.
#[derive(Debug, Clone, PartialEq)]
pub struct FloorWarnings {
    /// Each near miss, then each unreachable area, then each unlit area
    /// (largest first).
    pub warnings: Vec<String>,
    /// False when the level was too large to look for unreachable floor
    /// ([`TOO_LARGE_FOR_REACH`]).
    pub reach_checked: bool,
}

/// What `mazewalker check` looks for in a loaded level, in its order:
/// builds the level's collider, finds its near misses, then its
/// [`floor_warnings`]. `stage` is told each step's name as it starts, for
/// a progress line: a big level takes a while.
pub fn check_floor_plan(level: &Level, stage: &mut dyn FnMut(&'static str)) -> FloorWarnings {
    stage("building the collider");
    let collider = level.collider();
    stage("looking for near misses");
    let gaps = near_misses(&collider);
    stage("looking for floor that cannot be reached");
    floor_warnings(level, &collider, &gaps)
}

/// The warnings of `level`'s floor plan (with its `collider`): its
/// `near_misses` (see [`near_misses`](super::near_misses)), then the floor
/// that cannot be reached from its start (see [`unreachable_areas`]), then
/// the reachable floor that no lamp lights (see [`unlit_areas`]).
pub fn floor_warnings(
    level: &Level,
    collider: &Collider,
    near_misses: &[NearMiss],
) -> FloorWarnings {
    let walls = collider.walls();
    let mut warnings: Vec<String> = near_misses.iter().map(|gap| gap.describe(walls)).collect();
    let areas = unreachable_areas(collider, level.player.start, DEFAULT_CELL_SIZE);
    let reach_checked = areas.is_some();
    warnings.extend(areas.unwrap_or_default().iter().map(|area| area.describe()));
    let unlit = unlit_areas(level, collider).unwrap_or_default();
    warnings.extend(unlit.iter().map(|area| area.describe()));
    FloorWarnings {
        warnings,
        reach_checked,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::near_misses;

    /// A wall's two ends, (x, z) each.
    type Ends = ((f32, f32), (f32, f32));

    /// A level of walls of radius 0.25 between the given ends, starting at
    /// `start`.
    fn level(walls: &[Ends], start: (f32, f32)) -> Level {
        let mut text = format!(
            "wall_radius = 0.25\n[player]\nstart = [{:?}, {:?}]\n",
            start.0, start.1
        );
        for ((ax, az), (bx, bz)) in walls {
            text.push_str(&format!(
                "[[wall]]\na = [{ax:?}, {az:?}]\nb = [{bx:?}, {bz:?}]\n"
            ));
        }
        Level::from_toml_str(&text, std::path::Path::new("test.toml"))
            .expect("valid")
            .level
    }

    #[test]
    fn near_misses_come_first_then_closed_rooms_and_a_huge_level_is_not_flooded() {
        // A closed 2 × 2 m room, and beside it two walls 0.45 m apart: a
        // gap 5 cm short of the 0.5 m the two radii need.
        let rooms = level(
            &[
                ((0.0, 0.0), (2.0, 0.0)),
                ((2.0, 0.0), (2.0, 2.0)),
                ((2.0, 2.0), (0.0, 2.0)),
                ((0.0, 2.0), (0.0, 0.0)),
                ((5.0, 0.0), (5.0, 2.0)),
                ((5.45, 0.0), (5.45, 2.0)),
            ],
            (-3.0, 1.0),
        );
        let collider = rooms.collider();
        let gaps = near_misses(&collider);
        let floor = floor_warnings(&rooms, &collider, &gaps);
        assert!(floor.reach_checked);
        assert_eq!(floor.warnings.len(), 2, "{:?}", floor.warnings);
        assert_eq!(floor.warnings[0], gaps[0].describe(collider.walls()));
        assert!(
            floor.warnings[1].contains("cannot be reached"),
            "{:?}",
            floor.warnings
        );
        // 2 km across: more cells than the flood may use.
        let huge = level(&[((0.0, 0.0), (2000.0, 2000.0))], (-1.0, 0.0));
        let floor = floor_warnings(&huge, &huge.collider(), &[]);
        assert!(!floor.reach_checked && floor.warnings.is_empty());
    }

    #[test]
    fn in_a_level_with_lamps_unlit_floor_comes_last() {
        // A 6 × 4 m room with a lamp in one corner and a partition that
        // keeps its light from the far end.
        let mut room = level(
            &[
                ((0.0, 0.0), (6.0, 0.0)),
                ((6.0, 0.0), (6.0, 4.0)),
                ((6.0, 4.0), (0.0, 4.0)),
                ((0.0, 4.0), (0.0, 0.0)),
                ((3.0, 0.0), (3.0, 3.0)),
            ],
            (1.0, 1.0),
        );
        let collider = room.collider();
        assert!(floor_warnings(&room, &collider, &[]).warnings.is_empty());
        room.lights.push(crate::level::Light {
            at: glam::Vec2::new(0.5, 0.5),
            height: 2.5,
            colour: [1.0; 3],
            intensity: 1.0,
            radius: 8.0,
            base: None,
        });
        let floor = floor_warnings(&room, &collider, &[]);
        assert_eq!(floor.warnings.len(), 1, "{:?}", floor.warnings);
        assert!(
            floor.warnings[0].starts_with("no lamp reaches about "),
            "{:?}",
            floor.warnings
        );
    }
}
