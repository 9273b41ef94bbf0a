//! The loose-body benchmark's hall, shared by the benchmark
//! (`benches/physics.rs`) and the profiling driver
//! (`examples/profile_hall.rs`), so that a profile runs exactly the ticks
//! the benchmark times: 1,000 awake crates of mixed sizes jostling in a
//! walled 40 × 40 m hall, at 120 Hz with 4 sub-steps, stirred to new
//! velocities every second so that they keep moving.

// Each includer uses only part of what is here.
#![allow(dead_code)]

use std::hint::black_box;

use glam::Vec2;
use mazewalker::collision::{ConvexPolygon, Wall};
use mazewalker::physics::{FixedScene, LooseBodies, LooseBody, Material, StepInput, StepOptions};
use mazewalker::tick::TICK_SECONDS;

use super::scenes::Rng;

pub const CRATES: usize = 1000;
pub const HALF_HALL: f32 = 20.0;
pub const WALL_HALF_THICKNESS: f32 = 0.1;
pub const SUB_STEPS: u32 = 4;
/// Ticks between two stirs of the crates' velocities.
pub const STIR_TICKS: usize = 120;
pub const FRICTION: f32 = 0.0;
pub const BOUNCE: f32 = 0.5;
/// The seed of the stirs' velocities, the same for ours and rapier's.
pub const STIR_SEED: u64 = 5;

/// One crate of the hall: centre, half extents, mass, velocity.
#[derive(Clone, Copy)]
pub struct Crate {
    pub centre: Vec2,
    pub half: Vec2,
    pub mass: f32,
    pub velocity: Vec2,
}

/// The hall's crates on a jittered 32 × 32 grid, of mixed sizes and
/// masses, each moving at 1–4 m/s.
pub fn hall_crates() -> Vec<Crate> {
    let mut rng = Rng(37);
    let spacing = 2.0 * (HALF_HALL - 1.0) / 32.0;
    (0..CRATES)
        .map(|k| {
            let cell = Vec2::new((k % 32) as f32, (k / 32) as f32);
            let jitter = Vec2::new(rng.unit(), rng.unit()) * 0.2;
            let centre = Vec2::splat(-HALF_HALL + 1.0 + spacing / 2.0) + cell * spacing + jitter;
            let half = Vec2::new(0.15 + 0.25 * rng.unit(), 0.15 + 0.25 * rng.unit());
            Crate {
                centre,
                half,
                mass: 2.0 + 38.0 * rng.unit(),
                velocity: stir_velocity(&mut rng),
            }
        })
        .collect()
}

/// A velocity of 1–4 m/s in a random direction.
pub fn stir_velocity(rng: &mut Rng) -> Vec2 {
    let angle = rng.unit() * std::f32::consts::TAU;
    Vec2::new(angle.cos(), angle.sin()) * (1.0 + 3.0 * rng.unit())
}

/// The hall's four walls.
pub fn hall_walls() -> Vec<Wall> {
    let h = HALF_HALL;
    let corners = [
        Vec2::new(-h, -h),
        Vec2::new(h, -h),
        Vec2::new(h, h),
        Vec2::new(-h, h),
    ];
    (0..4)
        .map(|i| Wall {
            a: corners[i],
            b: corners[(i + 1) % 4],
            radius: WALL_HALF_THICKNESS,
        })
        .collect()
}

/// An axis-aligned box of half extents `half` around `centre`.
pub fn box_outline(centre: Vec2, half: Vec2) -> ConvexPolygon {
    ConvexPolygon::new(vec![
        centre - half,
        centre + Vec2::new(half.x, -half.y),
        centre + half,
        centre + Vec2::new(-half.x, half.y),
    ])
    .expect("a box")
}

/// Our hall.
pub fn our_hall() -> LooseBodies {
    let bodies = hall_crates()
        .iter()
        .map(|c| {
            let material = Material {
                mass: c.mass,
                friction: FRICTION,
                bounce: BOUNCE,
            };
            LooseBody::new(&box_outline(c.centre, c.half), material)
                .expect("a valid crate")
                .moving(c.velocity, 0.0)
        })
        .collect();
    LooseBodies::new(FixedScene::new(&hall_walls(), &[]), bodies)
}

/// Our tick `t`: the crates get new velocities every [`STIR_TICKS`].
pub fn our_tick(world: &mut LooseBodies, t: usize, rng: &mut Rng) {
    if t.is_multiple_of(STIR_TICKS) {
        for index in 0..CRATES {
            let body = &world.bodies()[index];
            let change = (stir_velocity(rng) - body.linear_velocity()) * body.material().mass;
            let centre = body.position();
            world.kick(index, centre, change);
        }
    }
    let options = StepOptions {
        seconds: TICK_SECONDS,
        sub_steps: SUB_STEPS,
    };
    black_box(world.step(&StepInput::default(), &options));
}
