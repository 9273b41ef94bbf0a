//! Teleporters and exits walked tick by tick through the simulation: a
//! teleporter line walked over from its front sends the eye to its
//! destination on a higher floor, from its back it does nothing; an exit
//! is taken by walking over it or by the use key; and a demo that
//! teleports replays bit for bit.

use std::path::Path;
use std::sync::Arc;

use glam::Vec2;
use mazewalker::collision::Collider;
use mazewalker::demo::Played;
use mazewalker::level::Level;
use mazewalker::simulation::{Event, Simulation};

use super::standing::{forward, played, recorded, standing_at};

/// Two rooms in the void, the east one a metre higher. The teleporter's
/// line runs across the west room at x = 5 from south (z = 0.5) to north
/// (z = 3.5): its front, the right of that way, is the west. It sends the
/// walker to the east room, facing +z. A walk-over exit's line crosses
/// the west room at x = 8 (front west), and a switch exit lies on the west
/// room's west edge (front east, into the room).
const TWO_ROOMS: &str = r#"
name = "two rooms"

[player]
start = [3.5, 2.0]

[environment]
ground = false

[[floor]]
points = [[0, 0], [10, 0], [10, 4], [0, 4]]
height = 0

[[floor]]
points = [[20, 0], [30, 0], [30, 4], [20, 4]]
height = 1

[[teleporter]]
a = [5, 0.5]
b = [5, 3.5]
to = [25, 2]
yaw = 90

[[exit]]
a = [8, 0.5]
b = [8, 3.5]
by = "walk"

[[exit]]
a = [0, 4]
b = [0, 0]
by = "use"
"#;

/// Where the teleporter sends the walker.
const DESTINATION: Vec2 = Vec2::new(25.0, 2.0);

fn two_rooms(text: &str) -> Level {
    match Level::from_toml_str(text, Path::new("two-rooms.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}"),
    }
}

/// Every event of `ticks` ticks moving by `delta`, with its tick.
fn walk(
    simulation: &mut Simulation,
    collider: &Collider,
    delta: Vec2,
    ticks: usize,
) -> Vec<(usize, Event)> {
    let mut events = Vec::new();
    for tick in 0..ticks {
        simulation.step_by(delta, collider);
        events.extend(simulation.events().iter().map(|&event| (tick, event)));
    }
    events
}

fn teleports(events: &[(usize, Event)]) -> Vec<(usize, Event)> {
    events
        .iter()
        .copied()
        .filter(|(_, event)| matches!(event, Event::Teleported { .. }))
        .collect()
}

#[test]
fn walking_over_the_line_from_its_front_lands_on_the_destination_facing_its_yaw() {
    let level = two_rooms(TWO_ROOMS);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(4.01, 2.0));
    // East at 5 cm a tick: the centre crosses x = 5 in the 20th tick.
    let events = walk(&mut simulation, &collider, Vec2::new(0.05, 0.0), 20);
    let teleported = teleports(&events);
    assert_eq!(teleported.len(), 1, "{events:?}");
    let (tick, event) = teleported[0];
    assert_eq!(tick, 19);
    match event {
        Event::Teleported { teleporter, to, .. } => {
            assert_eq!(teleporter, 0);
            assert_eq!(to, DESTINATION);
        }
        other => panic!("{other:?}"),
    }
    let walker = &simulation.walker;
    assert_eq!(walker.position(), DESTINATION);
    assert_eq!(walker.feet(), 1.0, "the feet on the east room's floor");
    assert_eq!(
        walker.camera.position.y,
        1.0 + level.player.eye_height,
        "the eye at once at its height over the floor there"
    );
    assert_eq!(walker.camera.yaw, 90f32.to_radians());
    // Nothing to blend from: a frame between two ticks draws the
    // destination, not a streak across the level.
    assert_eq!(
        walker.interpolated_camera(0.5).position,
        walker.camera.position
    );
}

#[test]
fn walking_over_the_line_from_its_back_does_not_teleport() {
    let level = two_rooms(TWO_ROOMS);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(6.0, 2.0));
    let events = walk(&mut simulation, &collider, Vec2::new(-0.05, 0.0), 40);
    assert!(teleports(&events).is_empty(), "{events:?}");
    let position = simulation.walker.position();
    assert!(position.x < 4.1, "walked on west past the line: {position}");
    assert_eq!(simulation.walker.feet(), 0.0);
}

#[test]
fn edit_modes_flying_eye_sets_off_no_teleporter() {
    let level = two_rooms(TWO_ROOMS);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(4.0, 2.0));
    simulation.walker.editing = true;
    let events = walk(&mut simulation, &collider, Vec2::new(0.05, 0.0), 40);
    assert!(teleports(&events).is_empty(), "{events:?}");
    assert!(simulation.walker.position().x > 5.5);
}

#[test]
fn an_exit_is_taken_by_walking_over_it_and_by_the_use_key() {
    let level = two_rooms(TWO_ROOMS);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(7.0, 2.0));
    let events = walk(&mut simulation, &collider, Vec2::new(0.05, 0.0), 40);
    let exits: Vec<Event> = events
        .iter()
        .map(|&(_, event)| event)
        .filter(|event| matches!(event, Event::Exited { .. }))
        .collect();
    assert_eq!(exits, [Event::Exited { exit: 0 }]);

    // The switch on the west edge, faced from 1.5 m in the room; then
    // from outside its reach, nothing.
    let (mut simulation, collider) = standing_at(&level, Vec2::new(1.5, 2.0));
    simulation.press_use(Vec2::new(-1.0, 0.0), &collider);
    assert_eq!(simulation.events(), [Event::Exited { exit: 1 }]);
    let (mut simulation, collider) = standing_at(&level, Vec2::new(2.5, 2.0));
    simulation.press_use(Vec2::new(-1.0, 0.0), &collider);
    assert_eq!(simulation.events(), []);
}

/// A walk east over the teleporter, recorded: the demo's text, and
/// whether the walk teleported.
fn demo_through_the_teleporter(level: &Level, collider: &Collider) -> (String, bool) {
    let mut teleported = false;
    let inputs = std::iter::repeat_n(forward(1.0), 360);
    let at = level.player.start;
    let (demo, _) = recorded(
        level,
        "two-rooms.toml",
        at,
        collider,
        inputs,
        |simulation| {
            teleported |= simulation
                .events()
                .iter()
                .any(|event| matches!(event, Event::Teleported { .. }));
        },
    );
    (demo, teleported)
}

#[test]
fn a_demo_that_teleports_replays_bit_for_bit_and_a_moved_destination_desyncs() {
    let level = two_rooms(TWO_ROOMS);
    let collider = level.walking_collider(&Arc::new(level.collider()));
    let (demo, teleported) = demo_through_the_teleporter(&level, &collider);
    assert!(teleported, "the recorded walk did not teleport");
    match played(&level, &collider, &demo) {
        Played::Finished { pose, .. } => {
            assert!(
                pose.position.x > 20.0,
                "replayed in the east room: {pose:?}"
            );
        }
        Played::Desync(desync) => panic!("the demo desyncs: {desync}"),
    }
    // The same walk on a level whose destination is half a metre off.
    let moved = two_rooms(&TWO_ROOMS.replace("to = [25, 2]", "to = [25.5, 2]"));
    let collider = moved.walking_collider(&Arc::new(moved.collider()));
    assert_ne!(moved.content_hash(), level.content_hash());
    assert!(
        matches!(played(&moved, &collider, &demo), Played::Desync(_)),
        "a moved destination went unseen"
    );
}
