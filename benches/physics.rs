//! Loose-body benchmarks, side by side in one run:
//! - a walled 40 × 40 m hall with 1,000 awake crates of mixed sizes
//!   jostling, at 120 Hz with 4 sub-steps: a tick of ours against a step of
//!   rapier2d on the same scene (same shapes, masses, friction, bounce,
//!   tick and sub-steps, CCD on, no sleeping in rapier; the crates are
//!   stirred to new velocities every second in both, so that they keep
//!   moving), and the hash of our scene's state after 1,200 ticks;
//! - a 300 × 300 maze with 10,000 crates asleep: a whole tick (the walker's
//!   move through the collider, among the bodies, and the bodies' step)
//!   against the same maze without them.
//!
//! Run: `cargo bench --bench physics` (the figures are in
//! `docs/benchmarks.md`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec2;
use mazewalker::collision::{Collider, MoveOptions, Wall};
use mazewalker::level::maze::maze_walls;
use mazewalker::level::{MAZE_CELL_SIZE, MAZE_WALL_RADIUS, MAZE_WALL_THICKNESS};
use mazewalker::physics::{
    DEFAULT_PUSH_FORCE, FixedScene, LooseBodies, LooseBody, Material, StepInput, StepOptions,
    WalkerCircle,
};
use mazewalker::tick::TICK_SECONDS;
use rapier2d::prelude::{
    ColliderBuilder, PhysicsWorld, RigidBodyBuilder, RigidBodyHandle, Vector as RapierVector,
};

#[path = "support/scenes.rs"]
mod scenes;
use scenes::Rng;

#[path = "support/hall.rs"]
mod hall;
use hall::{
    BOUNCE, CRATES, FRICTION, STIR_SEED, STIR_TICKS, SUB_STEPS, box_outline, hall_crates,
    hall_walls, our_hall, our_tick, stir_velocity,
};

/// Ticks run before the state's hash is printed.
const HASH_TICKS: usize = 1200;

/// rapier's hall: the same walls as capsules, the same crates.
fn rapier_hall() -> (PhysicsWorld, Vec<RigidBodyHandle>) {
    let mut world = PhysicsWorld {
        gravity: RapierVector::ZERO,
        ..PhysicsWorld::default()
    };
    world.integration_parameters.dt = TICK_SECONDS;
    world.integration_parameters.num_solver_iterations = SUB_STEPS as usize;
    for wall in hall_walls() {
        world.insert(
            RigidBodyBuilder::fixed(),
            ColliderBuilder::capsule_from_endpoints(
                RapierVector::new(wall.a.x, wall.a.y),
                RapierVector::new(wall.b.x, wall.b.y),
                wall.radius,
            )
            .friction(FRICTION)
            .restitution(BOUNCE),
        );
    }
    let handles = hall_crates()
        .iter()
        .map(|c| {
            let area = 4.0 * c.half.x * c.half.y;
            let (handle, _) = world.insert(
                RigidBodyBuilder::dynamic()
                    .translation(RapierVector::new(c.centre.x, c.centre.y))
                    .linvel(RapierVector::new(c.velocity.x, c.velocity.y))
                    .can_sleep(false)
                    .ccd_enabled(true),
                ColliderBuilder::cuboid(c.half.x, c.half.y)
                    .density(c.mass / area)
                    .friction(FRICTION)
                    .restitution(BOUNCE),
            );
            handle
        })
        .collect();
    (world, handles)
}

/// rapier's step `t`, stirred the same way.
fn rapier_tick(world: &mut PhysicsWorld, handles: &[RigidBodyHandle], t: usize, rng: &mut Rng) {
    if t.is_multiple_of(STIR_TICKS) {
        for &handle in handles {
            let v = stir_velocity(rng);
            world.bodies[handle].set_linvel(RapierVector::new(v.x, v.y), true);
        }
    }
    world.step();
}

/// Mean cost of a tick over `ticks` ticks from a fresh scene (after a
/// second of warm-up), for the side-by-side summary.
fn mean_tick(mut run: impl FnMut(usize), ticks: usize) -> Duration {
    for t in 1..=STIR_TICKS {
        run(t);
    }
    let start = Instant::now();
    for t in STIR_TICKS + 1..=STIR_TICKS + ticks {
        run(t);
    }
    start.elapsed() / ticks as u32
}

fn hall(c: &mut Criterion) {
    let mut ours = our_hall();
    let mut rng = Rng(STIR_SEED);
    let ours_mean = mean_tick(|t| our_tick(&mut ours, t, &mut rng), HASH_TICKS);
    let (mut theirs, handles) = rapier_hall();
    let mut rng = Rng(STIR_SEED);
    let rapier_mean = mean_tick(
        |t| rapier_tick(&mut theirs, &handles, t, &mut rng),
        HASH_TICKS,
    );
    println!(
        "hall of {CRATES} crates, {} ticks: ours {:.3} ms a tick, rapier2d {:.3} ms a step, ratio {:.2}; \
         our state hash {:#018x} ({} awake)",
        HASH_TICKS,
        ours_mean.as_secs_f64() * 1e3,
        rapier_mean.as_secs_f64() * 1e3,
        ours_mean.as_secs_f64() / rapier_mean.as_secs_f64(),
        ours.state_hash(),
        ours.awake_count(),
    );

    let mut group = c.benchmark_group("hall_1000_crates");
    group.sample_size(20);
    group.bench_function("ours", |b| {
        b.iter_custom(|iters| {
            let mut world = our_hall();
            let mut rng = Rng(STIR_SEED);
            for t in 1..=STIR_TICKS {
                our_tick(&mut world, t, &mut rng);
            }
            let start = Instant::now();
            for t in 0..iters as usize {
                our_tick(&mut world, STIR_TICKS + 1 + t, &mut rng);
            }
            start.elapsed()
        })
    });
    group.bench_function("rapier2d", |b| {
        b.iter_custom(|iters| {
            let (mut world, handles) = rapier_hall();
            let mut rng = Rng(STIR_SEED);
            for t in 1..=STIR_TICKS {
                rapier_tick(&mut world, &handles, t, &mut rng);
            }
            let start = Instant::now();
            for t in 0..iters as usize {
                rapier_tick(&mut world, &handles, STIR_TICKS + 1 + t, &mut rng);
            }
            start.elapsed()
        })
    });
    group.finish();
}

const MAZE_CELLS: u32 = 300;
const RESTING_CRATES: usize = 10_000;
const WALKER_RADIUS: f32 = 0.25;

/// The maze's walls: as the walker meets them (clearance radius) and as
/// bodies meet them (rendered half-thickness).
fn maze() -> (Vec<Wall>, Vec<Wall>) {
    let segments =
        maze_walls(MAZE_CELLS, MAZE_CELLS, 7, MAZE_CELL_SIZE).expect("a valid benchmark maze");
    let with_radius = |radius| {
        segments
            .iter()
            .map(|&[a, b]| Wall { a, b, radius })
            .collect::<Vec<_>>()
    };
    (
        with_radius(MAZE_WALL_RADIUS),
        with_radius(MAZE_WALL_THICKNESS / 2.0),
    )
}

/// 10,000 crates at the centres of distinct random cells (not the first
/// row, where the walker walks), put to sleep.
fn resting_crates(rendered_walls: &[Wall]) -> LooseBodies {
    let mut rng = Rng(11);
    let mut taken = vec![false; (MAZE_CELLS * MAZE_CELLS) as usize];
    let mut bodies = Vec::with_capacity(RESTING_CRATES);
    while bodies.len() < RESTING_CRATES {
        let column = (rng.unit() * MAZE_CELLS as f32) as u32 % MAZE_CELLS;
        let row = 1 + (rng.unit() * (MAZE_CELLS - 1) as f32) as u32 % (MAZE_CELLS - 1);
        let slot = (row * MAZE_CELLS + column) as usize;
        if taken[slot] {
            continue;
        }
        taken[slot] = true;
        let centre = (Vec2::new(column as f32, row as f32) + 0.5) * MAZE_CELL_SIZE;
        let outline = box_outline(centre, Vec2::splat(0.3));
        bodies.push(LooseBody::new(&outline, Material::default()).expect("a valid crate"));
    }
    let mut world = LooseBodies::new(FixedScene::new(rendered_walls, &[]), bodies);
    while world.awake_count() > 0 {
        world.step(&StepInput::default(), &StepOptions::default());
    }
    world
}

/// The walker walking along the maze's first row of cells and back.
struct Walk {
    position: Vec2,
    velocity: Vec2,
}

impl Walk {
    fn new() -> Self {
        Self {
            position: Vec2::splat(0.5 * MAZE_CELL_SIZE),
            velocity: Vec2::new(3.0, 0.0),
        }
    }

    /// The walker's move through the collider, turning back when blocked.
    fn move_through(&mut self, collider: &Collider) -> Vec2 {
        let delta = self.velocity * TICK_SECONDS;
        let outcome = collider
            .move_eye(self.position, delta, &MoveOptions::default())
            .expect("a finite move");
        if outcome.blocked {
            self.velocity = -self.velocity;
        }
        outcome.position
    }
}

fn resting_maze(c: &mut Criterion) {
    let (walker_walls, rendered_walls) = maze();
    let collider = Collider::new(walker_walls, Vec::new(), WALKER_RADIUS);
    let mut with_crates = resting_crates(&rendered_walls);
    let mut empty = LooseBodies::new(FixedScene::new(&rendered_walls, &[]), Vec::new());
    let mut group = c.benchmark_group("maze_300_resting_crates");
    for (name, world) in [
        ("tick_with_10000_crates", &mut with_crates),
        ("tick_without_crates", &mut empty),
    ] {
        let mut walk = Walk::new();
        group.bench_function(name, |b| {
            b.iter(|| {
                let through_walls = walk.move_through(&collider);
                let moved = world.clip_walker_move(
                    walk.position,
                    through_walls - walk.position,
                    WALKER_RADIUS,
                );
                walk.position = moved.position;
                let walker = WalkerCircle {
                    position: walk.position,
                    radius: WALKER_RADIUS,
                    push_velocity: walk.velocity,
                    push_force: DEFAULT_PUSH_FORCE,
                };
                let input = StepInput {
                    doors: &[],
                    walker: Some(walker),
                };
                black_box(world.step(&input, &StepOptions::default()))
            })
        });
    }
    let mut walk = Walk::new();
    group.bench_function("walker_move_only_no_bodies_layer", |b| {
        b.iter(|| {
            walk.position = walk.move_through(&collider);
            black_box(walk.position)
        })
    });
    group.finish();
    println!(
        "maze of {MAZE_CELLS}×{MAZE_CELLS} cells: {} crates, {} awake after the runs",
        with_crates.bodies().len(),
        with_crates.awake_count()
    );
}

criterion_group!(benches, hall, resting_maze);
criterion_main!(benches);
