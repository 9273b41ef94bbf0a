//! Property test of floors at different heights: random floors (side by
//! side, islands, of random heights and ceilings) in a walled room, and
//! random walks through the simulation. After every tick the feet rose by
//! at most a step; the eye came no closer than its radius to an edge it
//! could not cross from where its feet stood (nor deeper into one it
//! already overlapped); and it kept every wall's radius.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::distance_to_segment;
use mazewalker::level::Level;
use mazewalker::simulation::Simulation;
use proptest::prelude::*;

/// Cells of the room on each side; each is [`CELL`] metres.
const CELLS: u32 = 8;
const CELL: f32 = 1.5;

/// A floor on the room's grid: cells `x0..x1` × `z0..z1`, its height and
/// its ceiling above it.
#[derive(Debug, Clone, Copy)]
struct GridFloor {
    x0: u32,
    z0: u32,
    x1: u32,
    z1: u32,
    height: f32,
    headroom: f32,
}

impl GridFloor {
    fn contains(&self, other: &GridFloor) -> bool {
        self.x0 <= other.x0 && other.x1 <= self.x1 && self.z0 <= other.z0 && other.z1 <= self.z1
    }

    fn apart(&self, other: &GridFloor) -> bool {
        self.x1 <= other.x0 || other.x1 <= self.x0 || self.z1 <= other.z0 || other.z1 <= self.z0
    }
}

fn grid_floor() -> impl Strategy<Value = GridFloor> {
    (
        0..CELLS,
        0..CELLS,
        1..4u32,
        1..4u32,
        -6..12i32,
        prop_oneof![Just(1.2f32), Just(2.0), Just(2.6), Just(3.5)],
    )
        .prop_map(|(x0, z0, w, d, tenths, headroom)| GridFloor {
            x0,
            z0,
            x1: (x0 + w).min(CELLS),
            z1: (z0 + d).min(CELLS),
            height: tenths as f32 / 10.0,
            headroom,
        })
}

/// The floors of `drawn` that the format allows, in order: each either
/// apart from (or beside) every floor kept, or inside one of them and
/// apart from the rest, and never the same as one.
fn valid_floors(drawn: &[GridFloor]) -> Vec<GridFloor> {
    let mut kept: Vec<GridFloor> = Vec::new();
    for floor in drawn {
        let fits = kept.iter().all(|other| {
            let same = other.contains(floor) && floor.contains(other);
            !same && (floor.apart(other) || other.contains(floor) || floor.contains(other))
        });
        // Nested in one and crossing another nested in the same would
        // overlap that one; the check above refuses it, since it is
        // neither apart from nor inside nor around it.
        if fits {
            kept.push(*floor);
        }
    }
    kept
}

fn level_text(floors: &[GridFloor], start: (u32, u32)) -> String {
    let side = CELLS as f32 * CELL;
    let mut text = format!(
        "[player]\nstart = [{:?}, {:?}]\nradius = 0.25\n\n[environment]\nceiling_height = 3.0\n",
        (start.0 as f32 + 0.5) * CELL,
        (start.1 as f32 + 0.5) * CELL
    );
    let corners = [(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)];
    for i in 0..4 {
        let (a, b) = (corners[i], corners[(i + 1) % 4]);
        text += &format!(
            "\n[[wall]]\na = [{:?}, {:?}]\nb = [{:?}, {:?}]\n",
            a.0, a.1, b.0, b.1
        );
    }
    for floor in floors {
        let (x0, z0) = (floor.x0 as f32 * CELL, floor.z0 as f32 * CELL);
        let (x1, z1) = (floor.x1 as f32 * CELL, floor.z1 as f32 * CELL);
        text += &format!(
            "\n[[floor]]\npoints = [[{x0:?}, {z0:?}], [{x1:?}, {z0:?}], [{x1:?}, {z1:?}], [{x0:?}, {z1:?}]]\nheight = {:?}\nceiling = {:?}\n",
            floor.height,
            floor.height + floor.headroom
        );
    }
    text
}

fn walk() -> impl Strategy<Value = Vec<Vec2>> {
    let step = prop_oneof![
        8 => (-0.12f32..0.12, -0.12f32..0.12).prop_map(|(x, z)| Vec2::new(x, z)),
        1 => (0.0f32..6.3, 1.0f32..8.0).prop_map(|(angle, length)| Vec2::from_angle(angle) * length),
    ];
    prop::collection::vec(step, 1..160)
}

proptest! {
    #![proptest_config(property_config(48))]

    #[test]
    fn walks_over_random_floors_keep_the_step_the_edges_and_the_walls(
        drawn in prop::collection::vec(grid_floor(), 1..9),
        start in (0..CELLS, 0..CELLS),
        moves in walk(),
    ) {
        let floors = valid_floors(&drawn);
        let text = level_text(&floors, start);
        // A start under too low a ceiling is refused: draw another.
        let Ok(loaded) = Level::from_toml_str(&text, Path::new("random.toml")) else {
            return Err(TestCaseError::reject("the start has no headroom"));
        };
        let level = loaded.level;
        let collider = level.walking_collider(&Arc::new(level.collider()));
        let radius = level.player.radius;
        let step = level.player.step;
        let heights = collider.heights();
        let mut simulation = Simulation::at_spawn(&level);
        simulation.walker.land(heights, radius);
        let blocking_overlap = |p: Vec2, feet: f32| -> Vec<f32> {
            heights
                .edges()
                .iter()
                .enumerate()
                .map(|(index, edge)| {
                    if heights.crossable(index, feet) {
                        f32::INFINITY
                    } else {
                        distance_to_segment(p, edge.a, edge.b)
                    }
                })
                .collect()
        };
        for (tick, delta) in moves.into_iter().enumerate() {
            let feet_before = simulation.walker.feet();
            let before = simulation.walker.position();
            let distances_before = blocking_overlap(before, feet_before);
            simulation.step_by(delta, &collider);
            let after = simulation.walker.position();
            let feet_after = simulation.walker.feet();
            prop_assert!(
                feet_after - feet_before <= step + 1e-5,
                "tick {tick}: the feet rose from {feet_before} to {feet_after}\n{text}"
            );
            let distances_after = blocking_overlap(after, feet_before);
            for (index, (was, is)) in distances_before.iter().zip(&distances_after).enumerate() {
                prop_assert!(
                    *is >= was.min(radius) - 1e-3,
                    "tick {tick}: {before} -> {after} came {is} m from edge {index} ({:?}), \
                     which feet at {feet_before} may not cross (it was {was} m away)\n{text}",
                    heights.edges()[index]
                );
            }
            for wall in level.walls.iter() {
                let distance = distance_to_segment(after, wall.a, wall.b);
                prop_assert!(
                    distance >= wall.radius - 1e-3,
                    "tick {tick}: {after} is {distance} m from a wall of radius {}\n{text}",
                    wall.radius
                );
            }
        }
    }
}
