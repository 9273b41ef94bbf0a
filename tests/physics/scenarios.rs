//! Scenarios people try with loose bodies.

use glam::Vec2;
use mazewalker::physics::{DEFAULT_KICK_IMPULSE, DoorMotion, FixedScene, LooseBodies};
use mazewalker::tick::TICK_SECONDS;

use crate::scene::{
    Walker, body, crosses, deepest, depth_in_wall, rectangle, regular, room, swing_leaf, tick,
    tick_with_doors, wall,
};

/// The walker's walking speed, m/s.
const WALK: f32 = 3.0;

/// Deeper than this (m) in anything fails every scenario.
const MAX_DEPTH: f32 = 0.01;

#[test]
fn a_push_through_the_centre_moves_a_crate_straight() {
    let crate_body = body(&rectangle(Vec2::ZERO, 1.0, 1.0), 20.0, 0.5, 0.2);
    let mut world = LooseBodies::new(FixedScene::empty(), vec![crate_body]);
    let mut walker = Walker::at(Vec2::new(-1.0, 0.0));
    for _ in 0..240 {
        walker.tick(&mut world, Vec2::new(WALK, 0.0), &[]);
    }
    let pushed = &world.bodies()[0];
    assert!(pushed.position().x > 2.0, "moved to {}", pushed.position());
    assert_eq!(pushed.angle(), 0.0, "it turned");
    assert_eq!(pushed.position().y, 0.0, "it went sideways");
}

#[test]
fn a_push_near_one_end_turns_a_long_crate() {
    let crate_body = body(&rectangle(Vec2::ZERO, 0.4, 2.0), 20.0, 0.5, 0.2);
    let mut world = LooseBodies::new(FixedScene::empty(), vec![crate_body]);
    let mut walker = Walker::at(Vec2::new(-1.0, 0.8));
    for _ in 0..120 {
        walker.tick(&mut world, Vec2::new(WALK, 0.0), &[]);
    }
    let turn = world.bodies()[0].angle().to_degrees().abs();
    assert!(turn > 10.0, "turned only {turn}°");
}

#[test]
fn a_crate_too_heavy_to_push_stays_and_stops_the_walker_at_its_radius() {
    let heavy = body(&rectangle(Vec2::ZERO, 1.0, 1.0), 200.0, 0.5, 0.2);
    let mut world = LooseBodies::new(FixedScene::empty(), vec![heavy]);
    let before = world.bodies()[0].clone();
    let mut walker = Walker::at(Vec2::new(-1.5, 0.0));
    for _ in 0..240 {
        walker.tick(&mut world, Vec2::new(WALK, 0.0), &[]);
    }
    let after = &world.bodies()[0];
    assert_eq!(after.position(), before.position());
    assert_eq!(after.rotation(), before.rotation());
    let gap = -0.5 - walker.position.x;
    assert!(
        (gap - walker.radius).abs() < 1e-3,
        "the walker stopped {gap} m from the face"
    );
}

#[test]
fn ten_crates_in_a_row_along_a_wall_move_as_one() {
    let walls = [wall((-5.0, -0.1), (20.0, -0.1), 0.1)];
    let crates: Vec<_> = (0..10)
        .map(|i| {
            let centre = Vec2::new(0.252 * i as f32, 0.126);
            body(&rectangle(centre, 0.25, 0.25), 5.0, 0.4, 0.2)
        })
        .collect();
    let starts: Vec<Vec2> = crates.iter().map(|c| c.position()).collect();
    let mut world = LooseBodies::new(FixedScene::new(&walls, &[]), crates);
    let mut walker = Walker::at(Vec2::new(-0.5, 0.126));
    for _ in 0..360 {
        walker.tick(&mut world, Vec2::new(1.0, 0.0), &[]);
        let (depth, what) = deepest(&world, &walls, &[], &[]);
        assert!(depth < MAX_DEPTH, "{what}: {depth} m deep");
    }
    let moved: Vec<f32> = world
        .bodies()
        .iter()
        .zip(&starts)
        .map(|(b, s)| b.position().x - s.x)
        .collect();
    let (least, most) = moved
        .iter()
        .fold((f32::MAX, f32::MIN), |(lo, hi), &m| (lo.min(m), hi.max(m)));
    assert!(least > 1.5, "moved {moved:?}");
    assert!(most - least < 0.05, "the row came apart: {moved:?}");
}

#[test]
fn a_crate_pushed_diagonally_into_a_corner_stops_bit_for_bit() {
    let walls = room(Vec2::new(-3.0, -3.0), Vec2::new(3.0, 3.0), 0.1);
    let crate_body = body(&rectangle(Vec2::new(1.0, 1.0), 0.6, 0.6), 10.0, 0.5, 0.2);
    let mut world = LooseBodies::new(FixedScene::new(&walls, &[]), vec![crate_body]);
    let mut walker = Walker::at(Vec2::new(0.3, 0.3));
    let wish = Vec2::new(1.0, 1.0).normalize() * WALK;
    let mut last = Vec::new();
    for t in 0..720 {
        walker.tick(&mut world, wish, &[]);
        let (depth, what) = deepest(&world, &walls, &[], &[]);
        assert!(depth < MAX_DEPTH, "tick {t}: {what}: {depth} m deep");
        if t >= 600 {
            let b = &world.bodies()[0];
            last.push((b.position(), b.rotation()));
        }
    }
    let corner = world.bodies()[0].position();
    assert!(corner.x > 2.0 && corner.y > 2.0, "stopped at {corner}");
    assert!(
        last.windows(2).all(|pair| pair[0] == pair[1]),
        "it still moves: {:?} … {:?}",
        last.first(),
        last.last()
    );
}

/// A door that closes at `rate` (rad/s) from `open` to `closed` and opens
/// again while it is blocked.
struct SwingDoor {
    hinge: Vec2,
    angle: f32,
    rate: f32,
}

#[test]
fn a_closing_swing_door_gives_way_to_a_crate_against_a_wall() {
    // The leaf swings clockwise from +z down to +x, onto a wall along x;
    // a crate stands in the corner that wall makes with another.
    let walls = [
        wall((-0.5, -0.1), (1.2, -0.1), 0.05),
        wall((1.1, -0.1), (1.1, 1.5), 0.05),
    ];
    let crate_body = body(&rectangle(Vec2::new(0.8, 0.16), 0.4, 0.4), 15.0, 0.5, 0.2);
    let mut world = LooseBodies::new(FixedScene::new(&walls, &[]), vec![crate_body]);
    let mut door = SwingDoor {
        hinge: Vec2::ZERO,
        angle: std::f32::consts::FRAC_PI_2,
        rate: -2.0,
    };
    let mut blocked_ticks = 0;
    for t in 0..240 {
        let before = swing_leaf(door.hinge, 1.0, door.angle, 0.05);
        let angle = (door.angle + door.rate * TICK_SECONDS).clamp(0.0, std::f32::consts::FRAC_PI_2);
        let after = swing_leaf(door.hinge, 1.0, angle, 0.05);
        let outcome = tick_with_doors(
            &mut world,
            &[DoorMotion::new(&before, &after, TICK_SECONDS)],
        );
        let leaf = if outcome.blocked_doors.contains(&0) {
            blocked_ticks += 1;
            door.rate = door.rate.abs();
            before
        } else {
            door.angle = angle;
            after
        };
        let (depth, what) = deepest(&world, &walls, &[], &[leaf]);
        assert!(depth < MAX_DEPTH, "tick {t}: {what}: {depth} m deep");
        let centre = world.bodies()[0].position();
        assert!(
            centre.x < 1.1 && centre.y > -0.1,
            "through a wall: {centre}"
        );
    }
    assert!(blocked_ticks > 0, "the door never gave way");
}

#[test]
fn a_slide_door_running_a_crate_into_its_jamb_stops() {
    // The leaf slides along +x toward the jamb, a short wall across its
    // path; the crate sits in the opening.
    let walls = [wall((1.6, -0.6), (1.6, 0.6), 0.05)];
    let crate_body = body(&rectangle(Vec2::new(1.0, 0.0), 0.4, 0.4), 10.0, 0.5, 0.2);
    let mut world = LooseBodies::new(FixedScene::new(&walls, &[]), vec![crate_body]);
    let leaf_at = |x: f32| {
        mazewalker::collision::Leaf::around(Vec2::new(x - 1.0, 0.0), Vec2::new(x, 0.0), 0.3)
    };
    let mut tip = 0.0f32;
    let mut stopped = false;
    for t in 0..240 {
        let before = leaf_at(tip);
        let next = if stopped {
            tip
        } else {
            (tip + 1.5 * TICK_SECONDS).min(1.55)
        };
        let after = leaf_at(next);
        let outcome = tick_with_doors(
            &mut world,
            &[DoorMotion::new(&before, &after, TICK_SECONDS)],
        );
        let leaf = if outcome.blocked_doors.contains(&0) {
            stopped = true;
            before
        } else {
            tip = next;
            after
        };
        let (depth, what) = deepest(&world, &walls, &[], &[leaf]);
        assert!(depth < MAX_DEPTH, "tick {t}: {what}: {depth} m deep");
    }
    assert!(stopped, "the door never stopped");
    assert!(world.bodies()[0].position().x < 1.6, "through the jamb");
}

#[test]
fn a_ball_kicked_at_sixty_metres_a_second_bounces_off_a_thin_wall() {
    let walls = [wall((2.0, -3.0), (2.0, 3.0), 0.02)];
    let ball = body(&regular(Vec2::ZERO, 0.1, 12), 1.0, 0.3, 0.5);
    let mut world = LooseBodies::new(FixedScene::new(&walls, &[]), vec![ball]);
    let centre = world.bodies()[0].position();
    assert!(world.kick(0, centre, Vec2::new(DEFAULT_KICK_IMPULSE, 0.0)));
    assert!((world.bodies()[0].linear_velocity().x - 60.0).abs() < 1e-3);
    let mut bounced = false;
    for t in 0..120 {
        let before = world.bodies()[0].position();
        tick(&mut world);
        let after = world.bodies()[0].position();
        assert!(
            !crosses(before, after, &walls[0]),
            "tick {t}: crossed the wall"
        );
        assert!(after.x < 2.0, "tick {t}: beyond the wall at {after}");
        let depth = depth_in_wall(&world.bodies()[0], &walls[0]);
        assert!(depth < MAX_DEPTH, "tick {t}: {depth} m deep");
        bounced |= world.bodies()[0].linear_velocity().x < -1.0;
    }
    assert!(bounced, "it never bounced");
}

#[test]
fn walking_into_a_light_body_does_not_launch_it() {
    let bounce = 0.2;
    let light = body(&rectangle(Vec2::ZERO, 0.4, 0.4), 1.0, 0.5, bounce);
    let mut world = LooseBodies::new(FixedScene::empty(), vec![light]);
    let mut walker = Walker::at(Vec2::new(-1.0, 0.05));
    let mut fastest = 0.0f32;
    for _ in 0..240 {
        walker.tick(&mut world, Vec2::new(WALK, 0.0), &[]);
        fastest = fastest.max(world.bodies()[0].linear_velocity().length());
    }
    assert!(fastest > 0.5 * WALK, "it was hardly pushed: {fastest} m/s");
    assert!(
        fastest <= WALK * (1.0 + bounce),
        "launched at {fastest} m/s"
    );
}

#[test]
fn a_heap_of_a_hundred_crates_separates_and_sleeps_within_five_seconds() {
    let walls = room(Vec2::new(-4.0, -4.0), Vec2::new(4.0, 4.0), 0.1);
    let mut seed = 7u32;
    let mut unit = || {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (seed >> 8) as f32 / (1u32 << 24) as f32
    };
    let crates: Vec<_> = (0..100)
        .map(|_| {
            let centre = Vec2::new(unit() * 2.0 - 1.0, unit() * 2.0 - 1.0);
            let size = 0.3 + 0.2 * unit();
            body(
                &rectangle(centre, size, size * (0.7 + 0.3 * unit())),
                5.0 + 10.0 * unit(),
                0.5,
                0.2,
            )
        })
        .collect();
    let mut world = LooseBodies::new(FixedScene::new(&walls, &[]), crates);
    let mut ticks = 0;
    while world.awake_count() > 0 {
        tick(&mut world);
        ticks += 1;
        assert!(
            ticks <= 600,
            "{} still awake after 5 s",
            world.awake_count()
        );
    }
    let (depth, what) = deepest(&world, &walls, &[], &[]);
    assert!(depth < MAX_DEPTH, "{what}: {depth} m deep");
    let inside = world
        .bodies()
        .iter()
        .all(|b| b.position().abs().max_element() < 4.0);
    assert!(inside, "a crate left the room");
}
