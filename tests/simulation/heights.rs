//! Floors at different heights, walked tick by tick through the
//! simulation as `replay` walks them: each scenario against its number
//! (the stairs' rise, the step that stops the walker at its radius, the
//! tunnel too low, the time of a drop, a crate that stays on its floor,
//! ghost mode through every edge).

use std::path::Path;
use std::sync::Arc;

use glam::Vec2;
use mazewalker::collision::Collider;
use mazewalker::demo::Played;
use mazewalker::level::Level;
use mazewalker::simulation::{Event, Simulation};
use mazewalker::walker::GRAVITY;

use super::standing::{forward, played, recorded, standing_at};

const SPLIT_LEVEL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/levels/split-level.toml"
);

fn split_level() -> Level {
    Level::load(Path::new(SPLIT_LEVEL))
        .expect("split-level.toml loads")
        .level
}

/// The feet's height after each of `ticks` ticks moving by `delta`.
fn feet_along(
    simulation: &mut Simulation,
    collider: &Collider,
    delta: Vec2,
    ticks: usize,
) -> Vec<f32> {
    (0..ticks)
        .map(|_| {
            simulation.step_by(delta, collider);
            simulation.walker.feet()
        })
        .collect()
}

#[test]
fn climbing_the_stairs_the_feet_rise_by_each_steps_seventeen_centimetres() {
    let level = split_level();
    let (mut simulation, collider) = standing_at(&level, Vec2::new(2.0, 1.6));
    assert_eq!(simulation.walker.feet(), 0.0);
    let feet = feet_along(&mut simulation, &collider, Vec2::new(0.02, 0.0), 250);
    let mut rises = Vec::new();
    let mut before = 0.0;
    for &height in &feet {
        if height != before {
            rises.push(height - before);
            before = height;
        }
    }
    assert_eq!(rises.len(), 9, "{rises:?}");
    for rise in &rises {
        assert!((rise - 0.17).abs() < 1e-5, "{rises:?}");
    }
    assert!((before - 1.53).abs() < 1e-5, "{before}");
    // The eye eases up: never above the feet plus the eye height, and there
    // at the end.
    let walker = &simulation.walker;
    assert!((walker.camera.position.y - (1.53 + level.player.eye_height)).abs() < 1e-5);
}

/// A room 10 m square with a platform `rise` high from x = 5 on.
fn platform(rise: f32) -> Level {
    let text = format!(
        r#"
[player]
start = [2.0, 5.0]
radius = 0.25

[[wall]]
a = [-1.0, -1.0]
b = [11.0, -1.0]

[[wall]]
a = [11.0, -1.0]
b = [11.0, 11.0]

[[wall]]
a = [11.0, 11.0]
b = [-1.0, 11.0]

[[wall]]
a = [-1.0, 11.0]
b = [-1.0, -1.0]

[[floor]]
points = [[5.0, 0.0], [10.0, 0.0], [10.0, 10.0], [5.0, 10.0]]
height = {rise}

[[obstacle]]
points = [[3.6, 2.0], [4.4, 2.0], [4.4, 2.8], [3.6, 2.8]]
loose = true
"#
    );
    Level::from_toml_str(&text, Path::new("platform.toml"))
        .expect("the platform level loads")
        .level
}

#[test]
fn a_half_metre_step_stops_the_walker_at_its_radius_from_the_edge() {
    let level = platform(0.5);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(2.0, 5.0));
    let feet = feet_along(&mut simulation, &collider, Vec2::new(0.03, 0.0), 200);
    assert!(feet.iter().all(|&f| f == 0.0), "climbed: {feet:?}");
    let x = simulation.walker.position().x;
    let stop = 5.0 - level.player.radius;
    assert!(x <= stop && x > stop - 2e-3, "stopped at {x}, not {stop}");
    // A 0.4 m step is climbed.
    let level = platform(0.4);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(2.0, 5.0));
    let feet = feet_along(&mut simulation, &collider, Vec2::new(0.03, 0.0), 200);
    assert_eq!(feet.last(), Some(&0.4));
}

#[test]
fn the_tunnel_too_low_refuses_the_walker() {
    let level = split_level();
    let (mut simulation, collider) = standing_at(&level, Vec2::new(20.0, 10.5));
    feet_along(&mut simulation, &collider, Vec2::new(0.0, 0.03), 200);
    let z = simulation.walker.position().y;
    let mouth = 12.0 - level.player.radius;
    assert!(
        z <= mouth && z > mouth - 2e-3,
        "stopped at z {z}, not {mouth}"
    );
}

#[test]
fn the_drop_from_the_ledge_falls_one_and_a_half_metres_in_the_time_of_free_fall() {
    let level = split_level();
    let (mut simulation, collider) = standing_at(&level, Vec2::new(9.25, 3.0));
    assert_eq!(simulation.walker.feet(), 1.5);
    let mut fell_at = None;
    let mut landed = None;
    for tick in 1..400 {
        simulation.step_by(Vec2::new(0.0, 0.02), &collider);
        for event in simulation.events() {
            match *event {
                Event::Fell => fell_at = fell_at.or(Some(tick)),
                Event::Landed { drop, .. } => landed = landed.or(Some((tick, drop))),
                _ => {}
            }
        }
        if landed.is_some() {
            break;
        }
    }
    let (fell_at, (landed_at, drop)) = (fell_at.expect("fell"), landed.expect("landed"));
    assert!((drop - 1.5).abs() < 1e-5, "{drop}");
    // The fall starts on the tick the feet leave the ledge, and they land
    // the tick they reach the floor: between one tick less and the ticks
    // counted.
    let took = (landed_at - fell_at + 1) as f32 / 120.0;
    let expected = (2.0 * 1.5 / GRAVITY).sqrt();
    assert!(
        (took - expected).abs() <= 0.05 * expected,
        "{took} s, not {expected} s"
    );
    assert_eq!(simulation.walker.feet(), 0.0);
}

#[test]
fn a_crate_pushed_against_a_step_stays_on_its_floor() {
    let level = platform(0.3);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(2.0, 2.4));
    // Push the crate at x 3.6..4.4 east, into the step at x = 5, for 3 s.
    feet_along(&mut simulation, &collider, Vec2::new(0.02, 0.0), 360);
    let crate_ = &simulation.bodies().live().bodies()[0];
    let east = crate_
        .world_outline()
        .iter()
        .map(|p| p.x)
        .fold(f32::MIN, f32::max);
    assert!(
        east <= 5.0 + 1e-3,
        "the crate reached x {east}, past the step at 5"
    );
    assert!(east > 4.6, "the crate was not pushed: {east}");
}

#[test]
fn ghost_mode_passes_every_edge_and_the_feet_follow_the_floor_under_the_eye() {
    let level = split_level();
    let (mut simulation, collider) = standing_at(&level, Vec2::new(20.0, 10.5));
    simulation.walker.move_options.ghost = true;
    for _ in 0..100 {
        let before = simulation.walker.position();
        simulation.step_by(Vec2::new(0.0, 0.03), &collider);
        let moved = simulation.walker.position() - before;
        assert!((moved - Vec2::new(0.0, 0.03)).length() < 1e-5, "{moved}");
    }
    // Through the tunnel (x 18..23.7, z 12..13.2) and out beyond it.
    assert!(simulation.walker.position().y > 13.2);
    let level_floor = level.floor_height_at(simulation.walker.position());
    assert_eq!(simulation.walker.feet(), level_floor);
}

/// A walk up the split level's stairs, recorded: the demo's text.
fn demo_up_the_stairs(level: &Level, collider: &Collider) -> String {
    // East, up the stairs, from the foot of their middle.
    let inputs = std::iter::repeat_n(forward(1.0), 240);
    recorded(
        level,
        SPLIT_LEVEL,
        Vec2::new(2.0, 1.6),
        collider,
        inputs,
        |_| {},
    )
    .0
}

#[test]
fn a_demo_over_floors_replays_bit_for_bit_and_a_desync_in_height_is_caught() {
    let level = split_level();
    let collider = level.walking_collider(&Arc::new(level.collider()));
    let demo = demo_up_the_stairs(&level, &collider);
    let last_check = demo
        .lines()
        .rfind(|line| line.starts_with("check "))
        .expect("a check line");
    let feet = last_check
        .split_whitespace()
        .find_map(|field| field.strip_prefix("feet="))
        .expect("a feet field");
    assert_ne!(feet, "0", "the walk did not climb: {last_check}");
    assert!(
        matches!(played(&level, &collider, &demo), Played::Finished { .. }),
        "the demo desyncs"
    );
    let moved = demo.replace(
        last_check,
        &last_check.replace(&format!("feet={feet}"), "feet=0.5"),
    );
    match played(&level, &collider, &moved) {
        Played::Desync(desync) => {
            let line = desync.to_string();
            assert!(
                line.ends_with(&format!("; feet recorded 0.5, replayed {feet}")),
                "{line}"
            );
        }
        Played::Finished { .. } => panic!("a wrong height went unseen"),
    }
}

#[test]
fn the_reach_climbs_steps_drops_one_way_and_stays_out_of_the_tunnel() {
    use mazewalker::map::flood_the_level;
    let level = split_level();
    let collider = level.collider();
    let reach = flood_the_level(&collider, level.player.start, 0.1)
        .flatten()
        .expect("the split level floods from its start");
    // Up the stairs to the landing and the ledge beside it.
    assert!(reach.reaches(Vec2::new(7.0, 3.0)), "the landing");
    assert!(reach.reaches(Vec2::new(9.5, 2.5)), "the ledge");
    assert!(reach.reaches(Vec2::new(18.0, 3.0)), "the sunken room");
    assert!(reach.reaches(Vec2::new(5.0, 12.0)), "the stage");
    assert!(reach.reaches(Vec2::new(12.0, 12.0)), "the low room");
    assert!(!reach.reaches(Vec2::new(20.5, 12.6)), "the tunnel");
    // A platform 1 m high with no way up: dropped from, never climbed.
    let level = platform(1.0);
    let collider = level.collider();
    let from_below = flood_the_level(&collider, Vec2::new(2.0, 5.0), 0.1)
        .flatten()
        .expect("floods");
    assert!(!from_below.reaches(Vec2::new(7.0, 5.0)));
    let from_above = flood_the_level(&collider, Vec2::new(7.0, 5.0), 0.1)
        .flatten()
        .expect("floods");
    assert!(from_above.reaches(Vec2::new(2.0, 5.0)));
}
