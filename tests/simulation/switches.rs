//! Doom's once-only and closing lines through the simulation: a `once`
//! switch walked over twice opens its door once, a switch that closes a
//! door closes it while it stands open, a `once` teleporter sends the
//! walker once, and a demo that spends a switch replays bit for bit.

use std::path::Path;
use std::sync::Arc;

use glam::Vec2;
use mazewalker::collision::Collider;
use mazewalker::demo::Played;
use mazewalker::doors::Motion;
use mazewalker::level::Level;
use mazewalker::simulation::{Event, Simulation};
use mazewalker::walker::TickInput;

use super::standing::{forward, played, recorded, standing_at};

/// A room on the ground, with two doors well north of the way walked
/// along z = 0: door 0 closes 1 s after it opens, door 1 stays open. The
/// walk switch across the way at x = 2 opens door 0 (`once` as the test
/// writes it); the one at x = 4 opens door 1 and the one at x = 6 closes
/// it.
const LINES: &str = r#"
name = "switches"

[player]
start = [0, 0]

[[door]]
a = [0, 5]
b = [1, 5]
close_after = 1

[[door]]
a = [3, 5]
b = [4, 5]
close_after = 0

[[switch]]
a = [2, -1]
b = [2, 1]
by = "walk"
doors = [0]
ONCE

[[switch]]
a = [4, -1]
b = [4, 1]
by = "walk"
doors = [1]

[[switch]]
a = [6, -1]
b = [6, 1]
by = "walk"
close = [1]
"#;

fn level(once: bool) -> Level {
    let text = LINES.replace("ONCE", if once { "once = true" } else { "" });
    match Level::from_toml_str(&text, Path::new("switches.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}"),
    }
}

/// Each door's motion after every one of `ticks` ticks moving by `delta`.
fn walk(
    simulation: &mut Simulation,
    collider: &Collider,
    delta: Vec2,
    ticks: usize,
) -> Vec<Vec<Motion>> {
    (0..ticks)
        .map(|_| {
            simulation.step_by(delta, collider);
            let states = simulation.doors().states();
            states.iter().map(|state| state.motion).collect()
        })
        .collect()
}

/// How many times door `door` started opening in `motions`.
fn openings(motions: &[Vec<Motion>], door: usize) -> usize {
    let mut before = Motion::Still;
    let mut count = 0;
    for tick in motions {
        if tick[door] == Motion::Opening && before != Motion::Opening {
            count += 1;
        }
        before = tick[door];
    }
    count
}

/// East over the switch at x = 2, still for 5 s (door 0 opens, waits its
/// second and closes), then west back over it and still for 5 s again:
/// how many times door 0 opened.
fn door_0_openings_walking_over_twice(once: bool) -> usize {
    let level = level(once);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(1.5, 0.0));
    let mut motions = walk(&mut simulation, &collider, Vec2::new(0.05, 0.0), 20);
    motions.extend(walk(&mut simulation, &collider, Vec2::ZERO, 600));
    assert!(simulation.doors().is_closed(0), "door 0 never closed again");
    motions.extend(walk(&mut simulation, &collider, Vec2::new(-0.05, 0.0), 20));
    motions.extend(walk(&mut simulation, &collider, Vec2::ZERO, 600));
    openings(&motions, 0)
}

#[test]
fn a_once_switch_walked_over_twice_opens_its_door_once() {
    assert_eq!(door_0_openings_walking_over_twice(false), 2, "every time");
    assert_eq!(door_0_openings_walking_over_twice(true), 1, "once");
}

#[test]
fn a_switch_that_closes_a_door_closes_it_while_it_stands_open() {
    let level = level(false);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(3.5, 0.0));
    // East over x = 4: door 1 opens and stays open.
    walk(&mut simulation, &collider, Vec2::new(0.05, 0.0), 20);
    walk(&mut simulation, &collider, Vec2::ZERO, 600);
    let door_1 = |simulation: &Simulation| simulation.doors().states()[1];
    assert_eq!(
        (door_1(&simulation).opening, door_1(&simulation).motion),
        (1.0, Motion::Still)
    );
    // On east over x = 6: it closes, and stays closed.
    let motions = walk(&mut simulation, &collider, Vec2::new(0.05, 0.0), 60);
    assert!(motions.iter().any(|tick| tick[1] == Motion::Closing));
    walk(&mut simulation, &collider, Vec2::ZERO, 600);
    assert!(simulation.doors().is_closed(1), "{:?}", door_1(&simulation));
}

/// A corridor on the ground with a teleporter across it at x = 2 (front
/// west) that sends the walker back west to x = 1.
const TELEPORTER: &str = r#"
name = "teleporter"

[player]
start = [0, 0]

[[teleporter]]
a = [2, -1]
b = [2, 1]
to = [1, 0]
ONCE
"#;

/// East 5 cm a tick for 100 ticks from x = 1: how many times the
/// teleporter sent the walker back.
fn teleports_walking_east(once: bool) -> usize {
    let text = TELEPORTER.replace("ONCE", if once { "once = true" } else { "" });
    let level = match Level::from_toml_str(&text, Path::new("teleporter.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}"),
    };
    let (mut simulation, collider) = standing_at(&level, Vec2::new(1.0, 0.0));
    (0..100)
        .filter(|_| {
            simulation.step_by(Vec2::new(0.05, 0.0), &collider);
            (simulation.events().iter()).any(|event| matches!(event, Event::Teleported { .. }))
        })
        .count()
}

#[test]
fn a_once_teleporter_sends_the_walker_once() {
    // 5 m east in laps of a metre or so: back every lap, or once and then
    // on east.
    assert!(teleports_walking_east(false) >= 4, "every time");
    assert_eq!(teleports_walking_east(true), 1, "once");
}

/// East over the once switch (the start faces +x) and still while its
/// door opens and closes, then back west over it: the demo's text.
fn demo_spending_the_switch(level: &Level, collider: &Collider) -> String {
    let inputs = std::iter::repeat_n(forward(1.0), 30)
        .chain(std::iter::repeat_n(TickInput::default(), 600))
        .chain(std::iter::repeat_n(forward(-1.0), 60))
        .chain(std::iter::repeat_n(TickInput::default(), 120));
    let at = Vec2::new(1.5, 0.0);
    recorded(level, "switches.toml", at, collider, inputs, |_| {}).0
}

#[test]
fn a_demo_that_spends_a_once_switch_replays_bit_for_bit_on_a_level_hashed_apart() {
    let once = level(true);
    let collider = once.walking_collider(&Arc::new(once.collider()));
    let demo = demo_spending_the_switch(&once, &collider);
    match played(&once, &collider, &demo) {
        Played::Finished { .. } => {}
        Played::Desync(desync) => panic!("the demo desyncs: {desync}"),
    }
    // The same switch working every time is another level to a demo.
    let every_time = level(false);
    assert_ne!(every_time.content_hash(), once.content_hash());
}
