//! Runs the collision benchmark's moves (`benches/collision.rs`) without
//! criterion, for a profiler: only the scene asked for is built, so that
//! an instruction count under valgrind is not buried under the setup of
//! every other scene.
//!
//! ```sh
//! cargo build --release --example profile_moves
//! valgrind --tool=callgrind --toggle-collect='*profile_moves*run_moves*' \
//!     target/release/examples/profile_moves maze-1425 200000
//! callgrind_annotate --inclusive=yes callgrind.out.<pid> | head -30
//! ```
//!
//! Workloads: `house`, `maze-1425`, `doors-still`, `doors-moving`,
//! `doors-none` (the doors maze without its doors). The second argument
//! is the number of moves (100,000 unless given); each takes the next of
//! the workload's 1,024 queries, as the benchmark does.

use std::hint::black_box;

use anyhow::{Context, bail};
use glam::Vec2;
use mazewalker::collision::{Collider, MoveOptions};
use mazewalker::doors::Doors;

#[path = "../benches/support/scenes.rs"]
mod scenes;
use scenes::{DOOR_SNAPSHOTS, DoorsScene, QUERY_COUNT, doors_scene, house_scene, maze_scene};

/// Where the moves happen: the collider, and the doors (if any) as each
/// move meets them.
enum Workload {
    Plain {
        collider: Collider,
        queries: Vec<(Vec2, Vec2)>,
    },
    AmongDoors {
        collider: Collider,
        /// The doors each move meets, in turn.
        doors: Vec<Doors>,
        queries: Vec<(Vec2, Vec2)>,
    },
}

fn main() -> anyhow::Result<()> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let name = arguments.first().map_or("house", String::as_str);
    let moves: usize = match arguments.get(1) {
        Some(count) => count.parse().context("the number of moves")?,
        None => 100_000,
    };
    let workload = match name {
        "house" | "maze-1425" => {
            let scene = if name == "house" {
                house_scene()
            } else {
                maze_scene(1425)
            };
            Workload::Plain {
                collider: Collider::new(scene.walls, scene.obstacles, scene.body_radius),
                queries: scene.queries,
            }
        }
        "doors-still" | "doors-moving" | "doors-none" => {
            let DoorsScene {
                collider,
                still,
                snapshots,
                queries,
            } = doors_scene();
            match name {
                "doors-still" => Workload::AmongDoors {
                    collider,
                    doors: vec![still],
                    queries,
                },
                "doors-moving" => Workload::AmongDoors {
                    collider,
                    doors: snapshots,
                    queries,
                },
                _ => Workload::Plain { collider, queries },
            }
        }
        other => bail!("unknown workload {other:?}"),
    };
    run_moves(&workload, moves);
    Ok(())
}

/// `count` moves of `workload`, query after query (the function a
/// profiler's count is taken in).
#[inline(never)]
fn run_moves(workload: &Workload, count: usize) {
    match workload {
        Workload::Plain { collider, queries } => plain_moves(collider, queries, count),
        Workload::AmongDoors {
            collider,
            doors,
            queries,
        } => moves_among_doors(collider, doors, queries, count),
    }
}

/// `count` moves through `collider`, each handing its result to
/// `black_box` as the benchmark does. A function of its own, so that the
/// compiler inlines the move here as it does in the benchmark's loop.
#[inline(never)]
fn plain_moves(collider: &Collider, queries: &[(Vec2, Vec2)], count: usize) {
    let options = MoveOptions::default();
    for i in 0..count {
        let (from, delta) = queries[i % QUERY_COUNT];
        black_box(collider.move_eye(from, delta, &options).map(|o| o.position)).ok();
    }
}

/// `count` moves among `doors` (the next of them for each move), as
/// [`plain_moves`] makes them.
#[inline(never)]
fn moves_among_doors(collider: &Collider, doors: &[Doors], queries: &[(Vec2, Vec2)], count: usize) {
    let options = MoveOptions::default();
    for i in 0..count {
        let query = i % QUERY_COUNT;
        let (from, delta) = queries[query];
        let doors = &doors[query % DOOR_SNAPSHOTS.min(doors.len())];
        let moved = doors.move_eye(collider, from, delta, &options);
        black_box(moved.map(|o| o.position)).ok();
    }
}
