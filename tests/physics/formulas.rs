//! The solver against the formulas of mechanics, each within 5%.

use glam::Vec2;
use mazewalker::physics::{FixedScene, GRAVITY, LooseBodies};

use crate::scene::{body, rectangle, regular, tick, wall};

/// Within `share` of `expected`.
fn close(measured: f32, expected: f32, share: f32) -> bool {
    (measured - expected).abs() <= share * expected.abs()
}

#[test]
fn a_sliding_crate_stops_after_v_squared_over_two_mu_g() {
    let (speed, friction) = (4.0, 0.5);
    let crate_body = body(&rectangle(Vec2::ZERO, 1.0, 1.0), 20.0, friction, 0.2)
        .moving(Vec2::new(speed, 0.0), 0.0);
    let mut world = LooseBodies::new(FixedScene::empty(), vec![crate_body]);
    for _ in 0..240 {
        tick(&mut world);
    }
    let travelled = world.bodies()[0].position().x;
    let expected = speed * speed / (2.0 * friction * GRAVITY);
    assert!(
        close(travelled, expected, 0.05),
        "slid {travelled} m, expected {expected} m"
    );
    assert_eq!(world.bodies()[0].linear_velocity(), Vec2::ZERO);
}

#[test]
fn a_crate_meeting_a_wall_head_on_leaves_at_bounce_times_its_speed() {
    let (speed, bounce) = (5.0, 0.5);
    let walls = [wall((2.0, -3.0), (2.0, 3.0), 0.1)];
    let crate_body = body(&rectangle(Vec2::ZERO, 0.6, 0.6), 10.0, 0.0, bounce)
        .moving(Vec2::new(speed, 0.0), 0.0);
    let mut world = LooseBodies::new(FixedScene::new(&walls, &[]), vec![crate_body]);
    for _ in 0..60 {
        tick(&mut world);
    }
    let after = world.bodies()[0].linear_velocity();
    assert!(
        close(-after.x, bounce * speed, 0.05),
        "left at {after}, expected {}",
        bounce * speed
    );
    assert!(after.y.abs() < 1e-3, "{after}");
}

/// Total momentum of the world's bodies.
fn momentum(world: &LooseBodies) -> Vec2 {
    world
        .bodies()
        .iter()
        .map(|b| b.linear_velocity() * b.material().mass)
        .sum()
}

#[test]
fn two_bodies_without_friction_keep_their_momentum() {
    let light =
        body(&rectangle(Vec2::ZERO, 0.5, 0.5), 2.0, 0.0, 0.3).moving(Vec2::new(4.0, 0.5), 0.0);
    let heavy = body(&regular(Vec2::new(2.0, 0.2), 0.4, 7), 5.0, 0.0, 0.3);
    let mut world = LooseBodies::new(FixedScene::empty(), vec![light, heavy]);
    let before = momentum(&world);
    for _ in 0..90 {
        tick(&mut world);
    }
    let after = momentum(&world);
    assert!(
        world.bodies()[1].linear_velocity().length() > 0.5,
        "no impact: {:?}",
        world.bodies()[1].linear_velocity()
    );
    assert!(
        (after - before).length() <= 0.05 * before.length(),
        "momentum {before} before, {after} after"
    );
}

#[test]
fn equal_masses_with_full_bounce_exchange_velocities() {
    let speed = 3.0;
    let moving =
        body(&rectangle(Vec2::ZERO, 0.5, 0.5), 4.0, 0.0, 1.0).moving(Vec2::new(speed, 0.0), 0.0);
    let resting = body(&rectangle(Vec2::new(1.5, 0.0), 0.5, 0.5), 4.0, 0.0, 1.0);
    let mut world = LooseBodies::new(FixedScene::empty(), vec![moving, resting]);
    for _ in 0..60 {
        tick(&mut world);
    }
    let (first, second) = (
        world.bodies()[0].linear_velocity(),
        world.bodies()[1].linear_velocity(),
    );
    assert!(
        first.length() <= 0.05 * speed,
        "the first still moves at {first}"
    );
    assert!(close(second.x, speed, 0.05), "the second moves at {second}");
}
