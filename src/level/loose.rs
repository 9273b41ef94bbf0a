//! Where a loose obstacle may stand when a level starts: clear of every
//! wall's rendered body, every other obstacle, every closed door leaf and
//! the walker's body at the start. A loose obstacle starting inside one of
//! them could only be shoved out in a direction nobody chose, so the loader
//! refuses such a level, naming both items.

use super::diagnostics::{LooseOverlap, Overlapped};
use super::model::{Level, LevelWall};
use crate::collision::{
    ConvexPolygon, Leaf, circle_polygon_mtv, polygon_polygon_mtv, ray_against_obstacle,
};

/// Every overlap of a loose obstacle in `level`, by obstacle in file
/// order, each obstacle's in the order walls, obstacles, doors, start. Two
/// loose obstacles that overlap are named once, by the first of them.
/// Shapes that only touch do not overlap.
pub fn loose_overlaps(level: &Level) -> impl Iterator<Item = LooseOverlap> + '_ {
    level
        .obstacles
        .iter()
        .enumerate()
        .filter(|(_, obstacle)| obstacle.loose)
        .flat_map(move |(index, obstacle)| {
            overlaps_of(level, index, &obstacle.polygon).map(move |overlapped| LooseOverlap {
                obstacle: index,
                overlapped,
            })
        })
}

/// What the loose obstacle `index`, whose outline is `outline`, overlaps.
fn overlaps_of<'a>(
    level: &'a Level,
    index: usize,
    outline: &'a ConvexPolygon,
) -> impl Iterator<Item = Overlapped> + 'a {
    let walls = level
        .walls
        .iter()
        .enumerate()
        .filter(move |(_, wall)| wall_overlaps(wall, outline))
        .map(|(wall, _)| Overlapped::Wall(wall));
    let obstacles = level
        .obstacles
        .iter()
        .enumerate()
        .filter(move |(other, obstacle)| {
            let named_before = obstacle.loose && *other < index;
            *other != index
                && !named_before
                && polygon_polygon_mtv(outline, &obstacle.polygon).is_some()
        })
        .map(|(other, _)| Overlapped::Obstacle(other));
    let doors = level
        .doors
        .iter()
        .enumerate()
        .filter(move |(_, door)| {
            // The leaf shut: from jamb to jamb, whatever the door's kind.
            Leaf::around(door.a, door.b, door.thickness)
                .polygon()
                .is_ok_and(|leaf| polygon_polygon_mtv(outline, &leaf).is_some())
        })
        .map(|(door, _)| Overlapped::Door(door));
    let player = level.player;
    let start = circle_polygon_mtv(player.start, player.radius, outline)
        .is_some()
        .then_some(Overlapped::Start);
    walls.chain(obstacles).chain(doors).chain(start)
}

/// Whether `outline` overlaps `wall`'s rendered body: the box of its
/// thickness around its centre line, or the bare centre line for a wall
/// without thickness.
fn wall_overlaps(wall: &LevelWall, outline: &ConvexPolygon) -> bool {
    match Leaf::around(wall.a, wall.b, wall.thickness).polygon() {
        Ok(body) => polygon_polygon_mtv(outline, &body).is_some(),
        Err(_) => ray_against_obstacle(wall.a, wall.b, outline).is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn level(text: &str) -> Level {
        Level::from_toml_str(text, Path::new("test.toml"))
            .expect("valid")
            .level
    }

    #[test]
    fn touching_is_not_overlapping_and_a_thin_wall_is_met_by_its_line() {
        // A crate flush with the face of a wall 0.2 m thick, and a wall
        // without thickness that a second crate straddles.
        let mut level = level(
            "[player]\nstart = [0.0, 0.0]\n\
             [[wall]]\na = [0.0, 5.0]\nb = [4.0, 5.0]\nthickness = 0.2\n\
             [[wall]]\na = [10.0, 0.0]\nb = [10.0, 4.0]\nthickness = 0.0\n\
             [[obstacle]]\npoints = [[1.0, 4.9], [2.0, 4.9], [2.0, 4.0], [1.0, 4.0]]\nloose = true\n",
        );
        assert_eq!(loose_overlaps(&level).next(), None);
        let straddling = [[9.5, 1.0], [10.5, 1.0], [10.5, 2.0], [9.5, 2.0]];
        level.obstacles[0].polygon =
            ConvexPolygon::new(straddling.map(glam::Vec2::from_array).to_vec()).expect("a square");
        let overlaps: Vec<_> = loose_overlaps(&level).collect();
        assert_eq!(
            overlaps,
            [LooseOverlap {
                obstacle: 0,
                overlapped: Overlapped::Wall(1)
            }]
        );
        assert_eq!(
            (overlaps[0].item(), overlaps[0].problem()),
            (
                "obstacle 0 (loose)".to_owned(),
                "overlaps wall 1".to_owned()
            )
        );
    }
}
