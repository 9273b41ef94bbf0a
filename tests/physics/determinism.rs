//! A scripted scene replayed bit for bit, as Box2D's "Falling Hinges":
//! 200 bodies in a hall, a walker pushing through them on a fixed path,
//! kicks, and a swing door opening and closing, for 2,000 ticks. The hash
//! of every body's final state must equal the constant below, in debug
//! and in release (`cargo test --release --test physics determinism`).

use glam::Vec2;
use mazewalker::physics::{DoorMotion, FixedScene, LooseBodies, LooseBody};
use mazewalker::portable_math::{cos, sin};
use mazewalker::tick::TICK_SECONDS;

use crate::scene::{
    Walker, body, rectangle, regular, room, swing_leaf, tick, tick_with_doors, wall,
};

/// The hash of the scene's final state. A change to the solver that
/// changes the motion changes it: check the change is meant, then put the
/// new hash (printed by the failure) here.
const FINAL_STATE_HASH: u64 = 0x42ab_c179_818c_5c46;

const TICKS: usize = 2000;

/// The hall's bodies: crates of four sizes and masses in rows, balls
/// between them.
fn bodies() -> Vec<LooseBody> {
    let mut bodies = Vec::new();
    for row in 0..10 {
        for column in 0..15 {
            let centre = Vec2::new(-7.0 + column as f32, -4.5 + row as f32);
            let kind = (row * 15 + column) % 4;
            let size = 0.35 + 0.1 * kind as f32;
            let mass = 5.0 + 10.0 * kind as f32;
            bodies.push(body(
                &rectangle(centre, size, size * 0.8),
                mass,
                0.3 + 0.2 * kind as f32,
                0.1 * kind as f32,
            ));
        }
    }
    for k in 0..50 {
        let centre = Vec2::new(-6.5 + (k % 10) as f32 * 1.4, 5.6 + (k / 10) as f32 * 0.55);
        bodies.push(body(&regular(centre, 0.18, 10), 1.0, 0.2, 0.6));
    }
    bodies
}

/// The walker's wished velocity at tick `t`: round the hall.
fn wish(t: usize) -> Vec2 {
    match (t / 250) % 4 {
        0 => Vec2::new(2.5, 0.3),
        1 => Vec2::new(-0.4, 2.0),
        2 => Vec2::new(-2.5, -0.2),
        _ => Vec2::new(0.5, -2.0),
    }
}

#[test]
fn a_scripted_scene_ends_in_the_same_bits() {
    let mut walls = room(Vec2::new(-10.0, -10.0), Vec2::new(10.0, 10.0), 0.1);
    walls.push(wall((-10.0, 8.0), (-2.0, 8.0), 0.06));
    let mut world = LooseBodies::new(FixedScene::new(&walls, &[]), bodies());
    let mut walker = Walker::at(Vec2::new(-8.5, -7.0));
    let hinge = Vec2::new(-2.0, 8.0);
    let (closed, open) = (0.0f32, std::f32::consts::FRAC_PI_2);
    let mut angle = closed;
    let mut rate = 1.2f32;
    let mut blocked_ticks = 0;
    for t in 0..TICKS {
        if t % 100 == 50 {
            let target = (t * 37) % 200;
            let centre = world.bodies()[target].position();
            let turn = t as f32 * 0.7;
            let direction = Vec2::new(cos(turn), sin(turn));
            world.kick(target, centre + direction.perp() * 0.05, direction * 30.0);
        }
        let next = (angle + rate * TICK_SECONDS).clamp(closed, open);
        let door = DoorMotion::new(
            &swing_leaf(hinge, 1.2, angle, 0.05),
            &swing_leaf(hinge, 1.2, next, 0.05),
            TICK_SECONDS,
        );
        let outcome = walker.tick(&mut world, wish(t), &[door]);
        if outcome.blocked_doors.is_empty() {
            angle = next;
            if angle == open || angle == closed {
                rate = -rate;
            }
        } else {
            blocked_ticks += 1;
            rate = -rate;
        }
    }
    let hash = world.state_hash();
    assert_eq!(
        hash,
        FINAL_STATE_HASH,
        "the final state's hash is {hash:#018x} (awake {}, door blocked {blocked_ticks} ticks)",
        world.awake_count()
    );
}

/// A row of six touching crates, asleep; crate 3 kicked, and the others
/// woken in the same tick either by a zero kick each (`kicked_awake`) or
/// by a door leaf turning just clear of them, which wakes them after
/// crate 3; then a second of ticks. The final state's hash.
fn woken_row(kicked_awake: bool) -> u64 {
    let walls = room(Vec2::new(-4.0, -2.0), Vec2::new(4.0, 2.0), 0.1);
    let crates = (0..6)
        .map(|k| {
            let centre = Vec2::new(-1.5 + 0.5 * k as f32, 0.0);
            body(&rectangle(centre, 0.5, 0.5), 10.0, 0.4, 0.2)
        })
        .collect();
    let mut world = LooseBodies::new(FixedScene::new(&walls, &[]), crates);
    while world.awake_count() > 0 {
        tick(&mut world);
    }
    let hinge = Vec2::new(-1.9, 0.36);
    let door = DoorMotion::new(
        &swing_leaf(hinge, 3.8, 0.0, 0.05),
        &swing_leaf(hinge, 3.8, 1e-3, 0.05),
        TICK_SECONDS,
    );
    // A kick at a corner spins crate 3 into both its neighbours.
    let corner = world.bodies()[3].position() + Vec2::new(0.25, 0.25);
    world.kick(3, corner, Vec2::new(0.0, -60.0));
    if kicked_awake {
        for index in [0, 1, 2, 4, 5] {
            let centre = world.bodies()[index].position();
            world.kick(index, centre, Vec2::ZERO);
        }
    }
    tick_with_doors(&mut world, &[door]);
    for _ in 0..120 {
        tick(&mut world);
    }
    world.state_hash()
}

/// The bodies awake in a tick are solved in index order, whatever order
/// they woke in: crates woken by a passing door after a kicked one move
/// exactly as when all of them woke before the tick.
#[test]
fn the_order_bodies_wake_in_does_not_change_the_motion() {
    assert_eq!(woken_row(false), woken_row(true));
}
