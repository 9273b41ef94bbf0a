//! Rooms no lamp reaches: in a level that has lamps, the parts of the
//! floor the eye can reach that no lamp lights, by the renderer's own rule
//! ([`Level::lamp_reaches`]). `mazewalker check` and the editor's live checks
//! warn of each one larger than [`MIN_UNLIT_AREA`].

use std::collections::VecDeque;

use glam::{IVec2, Vec2};

use super::reach::{DEFAULT_CELL_SIZE, flood_the_level};
use crate::collision::Collider;
use crate::level::{Level, Light};

/// Unlit reachable floor smaller than this, in square metres, is not
/// reported: a corner behind furniture, a nook.
pub const MIN_UNLIT_AREA: f32 = 4.0;

/// A part of the reachable floor that no lamp lights.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UnlitArea {
    /// A point inside it (the cell nearest its centre), in metres.
    pub at: Vec2,
    /// Its size, in square metres (cells counted).
    pub area: f32,
}

impl UnlitArea {
    /// The warning `check` and the editor show, e.g. "no lamp reaches about
    /// 6.5 m² of floor around (4.50, 12.25)".
    pub fn describe(&self) -> String {
        format!(
            "no lamp reaches about {:.1} m² of floor around ({:.2}, {:.2})",
            self.area, self.at.x, self.at.y
        )
    }
}

/// The unlit parts of `level`'s floor reachable from its start (with its
/// `collider`), larger than [`MIN_UNLIT_AREA`], largest first; none for a
/// level without lamps (it is lit by its directional light). `None` when
/// the level is too large to flood (see `flood_the_level`).
pub fn unlit_areas(level: &Level, collider: &Collider) -> Option<Vec<UnlitArea>> {
    if level.lights.is_empty() {
        return Some(Vec::new());
    }
    let Some(reached) = flood_the_level(collider, level.player.start, DEFAULT_CELL_SIZE)? else {
        return Some(Vec::new());
    };
    let lamps: Vec<Light> = level
        .lights
        .iter()
        .map(|lamp| level.placed_light(lamp))
        .collect();
    let lit = |cell: IVec2| {
        let point = reached.centre(cell);
        lamps
            .iter()
            .any(|lamp| level.lamp_reaches(collider, lamp, point))
    };
    let unlit: std::collections::HashSet<IVec2> =
        reached.cells().filter(|&cell| !lit(cell)).collect();
    let mut seen = std::collections::HashSet::new();
    let mut areas = Vec::new();
    let cell_area = reached.cell_size * reached.cell_size;
    let mut starts: Vec<IVec2> = unlit.iter().copied().collect();
    starts.sort_by_key(|cell| (cell.y, cell.x));
    for start in starts {
        if !seen.insert(start) {
            continue;
        }
        let mut region = vec![start];
        let mut queue = VecDeque::from([start]);
        while let Some(cell) = queue.pop_front() {
            for step in [IVec2::X, IVec2::NEG_X, IVec2::Y, IVec2::NEG_Y] {
                let next = cell + step;
                if unlit.contains(&next) && seen.insert(next) {
                    region.push(next);
                    queue.push_back(next);
                }
            }
        }
        let area = region.len() as f32 * cell_area;
        if area > MIN_UNLIT_AREA {
            areas.push(UnlitArea {
                at: reached.middle(&region),
                area,
            });
        }
    }
    areas.sort_by(|a, b| b.area.total_cmp(&a.area));
    Some(areas)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Light;

    /// Two 4 × 4 m rooms joined by a 1.5 m door, the start in the west one.
    fn two_rooms() -> Level {
        Level::from_toml_str(
            "[player]\nstart = [2.0, 2.0]\n\
             [[wall]]\na = [0.0, 0.0]\nb = [8.0, 0.0]\n\
             [[wall]]\na = [8.0, 0.0]\nb = [8.0, 4.0]\n\
             [[wall]]\na = [8.0, 4.0]\nb = [0.0, 4.0]\n\
             [[wall]]\na = [0.0, 4.0]\nb = [0.0, 0.0]\n\
             [[wall]]\na = [4.0, 0.0]\nb = [4.0, 1.25]\n\
             [[wall]]\na = [4.0, 2.75]\nb = [4.0, 4.0]\n",
            std::path::Path::new("rooms.toml"),
        )
        .expect("valid")
        .level
    }

    /// A lamp at (x, z) whose light reaches 3.5 m: its own room's corners
    /// (2.8 m away), not the far half of the next room.
    fn lamp(x: f32, z: f32) -> Light {
        Light {
            at: Vec2::new(x, z),
            height: 2.5,
            colour: [1.0; 3],
            intensity: 1.0,
            radius: 3.5,
            base: None,
        }
    }

    #[test]
    fn a_room_that_no_lamp_reaches_is_named_and_a_lit_one_is_not() {
        let mut level = two_rooms();
        let collider = level.collider();
        // No lamps: lit by the directional light, nothing to say.
        assert_eq!(unlit_areas(&level, &collider), Some(Vec::new()));
        // A lamp in the west room: its light comes through the door, but
        // the east room's far half is out of its reach.
        level.lights.push(lamp(2.0, 2.0));
        let areas = unlit_areas(&level, &collider).expect("small enough");
        assert_eq!(areas.len(), 1, "{areas:?}");
        let dark = areas[0];
        assert!(dark.at.x > 4.0 && dark.area > MIN_UNLIT_AREA, "{dark:?}");
        assert!(
            dark.describe().starts_with("no lamp reaches about "),
            "{}",
            dark.describe()
        );
        // A lamp in each room: all lit.
        level.lights.push(lamp(6.0, 2.0));
        assert_eq!(unlit_areas(&level, &collider), Some(Vec::new()));
    }
}
