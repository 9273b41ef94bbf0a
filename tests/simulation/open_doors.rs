//! A rise door that starts open (`open = true`) through the simulation:
//! the walker passes under it, a switch behind it closes it, and then it
//! blocks; a demo of that walk replays bit for bit, on a level hashed
//! apart from the same level with the door closed.

use std::path::Path;
use std::sync::Arc;

use glam::Vec2;
use mazewalker::collision::Collider;
use mazewalker::demo::Played;
use mazewalker::doors::Motion;
use mazewalker::level::Level;
use mazewalker::simulation::Simulation;
use mazewalker::walker::TickInput;

use super::standing::{forward, played, recorded, standing_at};

/// A corridor on the ground along +x, 2 m wide (walls at z = ±1), with a
/// rise door 0.5 m deep across it at x = 3 (`OPEN` as the test writes
/// it) and a walk switch across it at x = 5 that closes the door.
const CORRIDOR: &str = r#"
name = "open door"

[player]
start = [0, 0]

[[wall]]
a = [-1, -1]
b = [9, -1]

[[wall]]
a = [-1, 1]
b = [9, 1]

[[door]]
kind = "rise"
a = [3, -1]
b = [3, 1]
thickness = 0.5
height = 2.5
close_after = 0
OPEN

[[switch]]
a = [5, -1]
b = [5, 1]
by = "walk"
close = [0]
"#;

fn level(open: bool) -> Level {
    let text = CORRIDOR.replace("OPEN", if open { "open = true" } else { "" });
    match Level::from_toml_str(&text, Path::new("open_door.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}"),
    }
}

/// `ticks` ticks moving by `delta` each.
fn walk(simulation: &mut Simulation, collider: &Collider, delta: Vec2, ticks: usize) {
    for _ in 0..ticks {
        simulation.step_by(delta, collider);
    }
}

#[test]
fn an_open_rise_door_lets_the_walker_through_until_a_switch_closes_it() {
    let level = level(true);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(1.0, 0.0));
    let door = |simulation: &Simulation| simulation.doors().states()[0];
    assert_eq!(
        (door(&simulation).opening, door(&simulation).motion),
        (1.0, Motion::Still)
    );
    // East 5 m, under the door and over the switch at x = 5.
    walk(&mut simulation, &collider, Vec2::new(0.05, 0.0), 100);
    let east = simulation.walker.position().x;
    assert!(east > 5.5, "the open door stopped the walker at x = {east}");
    // The switch closed the door behind the walker, and it stays closed.
    walk(&mut simulation, &collider, Vec2::ZERO, 600);
    assert!(simulation.doors().is_closed(0), "{:?}", door(&simulation));
    // West again: the closed door stops the walker at its east face.
    walk(&mut simulation, &collider, Vec2::new(-0.05, 0.0), 100);
    let west = simulation.walker.position().x;
    assert!(
        west > 3.25,
        "the closed door let the walker by to x = {west}"
    );
}

#[test]
fn a_rise_door_without_open_stops_the_walker_at_the_start() {
    let level = level(false);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(1.0, 0.0));
    assert!(simulation.doors().is_closed(0));
    walk(&mut simulation, &collider, Vec2::new(0.05, 0.0), 100);
    let east = simulation.walker.position().x;
    assert!(
        east < 2.75,
        "the closed door let the walker by to x = {east}"
    );
}

/// East under the open door and over the closing switch (the start faces
/// +x), still while the door comes down, then west against it: the
/// demo's text.
fn demo_closing_the_door(level: &Level, collider: &Collider) -> String {
    let inputs = std::iter::repeat_n(forward(1.0), 150)
        .chain(std::iter::repeat_n(TickInput::default(), 300))
        .chain(std::iter::repeat_n(forward(-1.0), 120));
    let at = Vec2::new(1.0, 0.0);
    recorded(level, "open_door.toml", at, collider, inputs, |_| {}).0
}

#[test]
fn a_demo_through_an_open_door_replays_bit_for_bit_on_a_level_hashed_apart() {
    let open = level(true);
    let collider = open.walking_collider(&Arc::new(open.collider()));
    let demo = demo_closing_the_door(&open, &collider);
    assert_eq!(demo, demo_closing_the_door(&open, &collider));
    match played(&open, &collider, &demo) {
        Played::Finished { .. } => {}
        Played::Desync(desync) => panic!("the demo desyncs: {desync}"),
    }
    // The same door closed at the start is another level to a demo.
    assert_ne!(level(false).content_hash(), open.content_hash());
}
