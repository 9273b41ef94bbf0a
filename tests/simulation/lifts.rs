//! Lifts moved tick by tick through the simulation: a walk switch starts
//! one, its floor lowers to its `low` with the walker riding it, waits,
//! and rises; while it is down its edge to the higher room stops the
//! walker; a rising lift that would squeeze the walker under a low
//! ceiling gives way; a frame draws the lift's floor, and a loose body
//! on it, where the lift holds it; and a demo that rides a lift replays
//! bit for bit.

use std::path::Path;
use std::sync::Arc;

use glam::Vec2;
use mazewalker::app::moving_shapes;
use mazewalker::collision::Collider;
use mazewalker::demo::Played;
use mazewalker::level::Level;
use mazewalker::map::{PlanBounds, Reachable};
use mazewalker::simulation::{Event, LiftPhase, Simulation};
use mazewalker::walker::TickInput;

use super::standing::{forward, played, recorded, standing_at};

/// Three rooms in a row in the void: the west one (x 0 to 10) at 1 m,
/// the lift (x 10 to 14) at 1 m lowering to 0, and the east one (x 14 to
/// 20) at 0 under a ceiling at 2.5 m. A walk switch across the lift at
/// x = 11 starts it.
const LIFT_ROOMS: &str = r#"
name = "lift rooms"

[player]
start = [5, 2]

[environment]
ground = false

[[floor]]
points = [[0, 0], [10, 0], [10, 4], [0, 4]]
height = 1
ceiling = 4

[[floor]]
points = [[10, 0], [14, 0], [14, 4], [10, 4]]
height = 1
ceiling = 4

[[floor]]
points = [[14, 0], [20, 0], [20, 4], [14, 4]]
height = 0
ceiling = 2.5

[[lift]]
floors = [1]
low = 0

[[switch]]
a = [11, 0.5]
b = [11, 3.5]
by = "walk"
lifts = [0]

[[switch]]
a = [16, 0.5]
b = [16, 3.5]
by = "walk"
lifts = [0]
"#;

fn lift_rooms() -> Level {
    match Level::from_toml_str(LIFT_ROOMS, Path::new("lift-rooms.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}"),
    }
}

/// Every event of `ticks` ticks moving by `delta`, with the feet's
/// height and the lift floor's after each tick.
fn walk(
    simulation: &mut Simulation,
    collider: &Collider,
    delta: Vec2,
    ticks: usize,
) -> (Vec<Event>, Vec<(f32, f32)>) {
    let mut events = Vec::new();
    let mut heights = Vec::new();
    for _ in 0..ticks {
        simulation.step_by(delta, collider);
        events.extend(simulation.events().iter().copied());
        heights.push((simulation.walker.feet(), lift_floor(simulation)));
    }
    (events, heights)
}

/// Where the lift's floor stands.
fn lift_floor(simulation: &Simulation) -> f32 {
    simulation
        .lifts()
        .moved_floors()
        .find(|&(floor, _)| floor == 1)
        .map_or(1.0, |(_, height)| height)
}

fn lift_events(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .copied()
        .filter(|event| {
            matches!(
                event,
                Event::LiftStarted { .. } | Event::LiftStopped { .. } | Event::LiftGaveWay { .. }
            )
        })
        .collect()
}

#[test]
fn the_walker_rides_the_lift_down_and_up_and_cannot_step_off_onto_the_high_room() {
    let level = lift_rooms();
    let (mut simulation, collider) = standing_at(&level, Vec2::new(10.5, 2.0));
    assert_eq!(simulation.walker.feet(), 1.0);
    // East over the switch at x = 11, then still while it lowers.
    let (mut events, _) = walk(&mut simulation, &collider, Vec2::new(0.02, 0.0), 30);
    let (still, heights) = walk(&mut simulation, &collider, Vec2::ZERO, 40);
    events.extend(still);
    assert!(
        matches!(
            simulation.lifts().states()[0].phase,
            LiftPhase::Waiting { .. }
        ),
        "{events:?}"
    );
    for (tick, &(feet, floor)) in heights.iter().enumerate() {
        assert_eq!(feet, floor, "tick {tick}: the feet ride the floor");
    }
    assert_eq!(simulation.walker.feet(), 0.0);
    assert!(
        !events.iter().any(|event| matches!(event, Event::Fell)),
        "riding is no fall: {events:?}"
    );
    // West against the edge to the room at 1 m: a metre is more than a
    // step, so the edge stops the walker at its radius.
    walk(&mut simulation, &collider, Vec2::new(-0.02, 0.0), 100);
    let x = simulation.walker.position().x;
    assert!(x >= 10.0 + level.player.radius - 1e-3, "stepped off at {x}");
    // Up again after the wait, the walker on it.
    let (rest, heights) = walk(&mut simulation, &collider, Vec2::ZERO, 420);
    events.extend(rest);
    assert_eq!(simulation.lifts().states()[0].phase, LiftPhase::Rest);
    assert!(heights.iter().all(|&(feet, floor)| feet == floor));
    assert_eq!(simulation.walker.feet(), 1.0);
    assert_eq!(
        lift_events(&events),
        [
            Event::LiftStarted {
                lift: 0,
                lowering: true
            },
            Event::LiftStopped {
                lift: 0,
                down: true
            },
            Event::LiftStarted {
                lift: 0,
                lowering: false
            },
            Event::LiftStopped {
                lift: 0,
                down: false
            },
        ]
    );
}

#[test]
fn a_rising_lift_gives_way_rather_than_squeeze_the_walker_under_a_low_ceiling() {
    let level = lift_rooms();
    let (mut simulation, collider) = standing_at(&level, Vec2::new(16.5, 2.0));
    // West over the switch at x = 16, to the lift's edge: the body
    // circle over it, the centre under the east room's 2.5 m ceiling.
    let (mut events, _) = walk(&mut simulation, &collider, Vec2::new(-0.02, 0.0), 120);
    assert!(simulation.walker.position().x < 14.2);
    let (rest, heights) = walk(&mut simulation, &collider, Vec2::ZERO, 500);
    events.extend(rest);
    let gave_way = lift_events(&events)
        .iter()
        .filter(|event| matches!(event, Event::LiftGaveWay { lift: 0 }))
        .count();
    assert!(gave_way >= 1, "{:?}", lift_events(&events));
    let headroom = level.player.height;
    for (tick, &(feet, floor)) in heights.iter().enumerate() {
        assert!(
            2.5 - floor.max(feet) >= headroom - 1e-4,
            "tick {tick}: squeezed, floor {floor}, feet {feet}"
        );
    }
}

#[test]
fn a_frame_draws_each_lift_floor_from_its_low_up_to_where_the_lift_holds_it() {
    let level = lift_rooms();
    assert_eq!(level.drawn_floor_height(1), Some(0.0), "the fixed mesh's");
    assert_eq!(level.drawn_floor_height(0), Some(1.0));
    let (mut simulation, collider) = standing_at(&level, Vec2::new(10.5, 2.0));
    let eye = simulation.walker.position();
    let tops = |simulation: &Simulation| {
        let shapes = simulation.lifts().shapes_near(1.0, eye, 100.0);
        let bases: Vec<f32> = shapes.iter().filter_map(|shape| shape.base).collect();
        let top = (shapes.iter())
            .filter_map(|shape| Some(shape.base? + shape.height))
            .fold(f32::NEG_INFINITY, f32::max);
        (bases, top)
    };
    let (bases, top) = tops(&simulation);
    assert!(bases.contains(&0.0), "{bases:?}");
    assert_eq!(top, 1.0, "at rest, its own height");
    walk(&mut simulation, &collider, Vec2::new(0.02, 0.0), 30);
    for _ in 0..40 {
        simulation.step_by(Vec2::ZERO, &collider);
        let floor = lift_floor(&simulation);
        let (_, top) = tops(&simulation);
        if floor > 0.0 {
            assert!(
                (top - floor).abs() < 1e-6,
                "drawn at {top}, stands at {floor}"
            );
        } else {
            assert_eq!(top, f32::NEG_INFINITY, "down: the fixed mesh's floor alone");
        }
    }
    assert!(
        simulation
            .lifts()
            .shapes_near(1.0, Vec2::new(500.0, 0.0), 10.0)
            .is_empty(),
        "out of reach"
    );
}

#[test]
fn between_two_ticks_a_frame_draws_the_lift_floor_between_where_they_left_it() {
    let level = lift_rooms();
    let (mut simulation, collider) = standing_at(&level, Vec2::new(10.5, 2.0));
    let eye = simulation.walker.position();
    let top = |simulation: &Simulation, alpha: f32| {
        let shapes = simulation.lifts().shapes_near(alpha, eye, 100.0);
        (shapes.iter())
            .filter_map(|shape| Some(shape.base? + shape.height))
            .fold(f32::NEG_INFINITY, f32::max)
    };
    walk(&mut simulation, &collider, Vec2::new(0.02, 0.0), 30);
    let before = lift_floor(&simulation);
    simulation.step_by(Vec2::ZERO, &collider);
    let after = lift_floor(&simulation);
    assert!(after < before && after > 0.0, "{before} then {after}");
    assert_eq!(top(&simulation, 0.0), before);
    assert_eq!(top(&simulation, 1.0), after);
    let halfway = top(&simulation, 0.5);
    assert!(
        (halfway - (before + after) / 2.0).abs() < 1e-6,
        "{halfway} between {before} and {after}"
    );
}

#[test]
fn a_loose_body_on_the_lift_is_drawn_riding_it() {
    let text = format!(
        "{LIFT_ROOMS}\n[[obstacle]]\npoints = [[12.5, 0.5], [13.5, 0.5], [13.5, 1.5], [12.5, 1.5]]\n\
         height = 0.5\nloose = true\n"
    );
    let level = match Level::from_toml_str(&text, Path::new("lift-rooms.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}"),
    };
    let (mut simulation, collider) = standing_at(&level, Vec2::new(10.5, 2.0));
    let body_base = |simulation: &Simulation| {
        let shapes = moving_shapes(simulation, &level, 1.0);
        let body = (shapes.iter())
            .find(|shape| shape.outline.iter().all(|p| p.x > 12.0 && p.y < 2.0))
            .expect("the body is drawn");
        body.base_in(&level)
    };
    assert_eq!(body_base(&simulation), 1.0, "on the lift at rest");
    walk(&mut simulation, &collider, Vec2::new(0.02, 0.0), 30);
    let (_, heights) = walk(&mut simulation, &collider, Vec2::ZERO, 10);
    let (_, floor) = heights[heights.len() - 1];
    assert!(0.0 < floor && floor < 1.0, "lowering: {floor}");
    assert_eq!(body_base(&simulation), floor, "carried down with it");
    walk(&mut simulation, &collider, Vec2::ZERO, 40);
    assert_eq!(body_base(&simulation), 0.0, "down");
}

#[test]
fn a_lift_is_a_way_up_for_the_reach_the_map_and_check_flood() {
    // From the east room at 0 the west room at 1 m is more than a step
    // up: only the lift, down and then rising, takes the walker there.
    let reaches_the_west_room = |level: &Level| {
        let collider = level.walking_collider(&Arc::new(level.collider()));
        let bounds = PlanBounds {
            min: Vec2::new(-1.0, -1.0),
            max: Vec2::new(21.0, 5.0),
        };
        Reachable::flood(&collider, Vec2::new(16.5, 2.0), bounds, 0.1).reaches(Vec2::new(5.0, 2.0))
    };
    assert!(reaches_the_west_room(&lift_rooms()));
    let fixed = match Level::from_toml_str(
        &LIFT_ROOMS.replace("[[lift]]\nfloors = [1]\nlow = 0\n", ""),
        Path::new("no-lift.toml"),
    ) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}"),
    };
    assert!(fixed.lifts.is_empty());
    assert!(!reaches_the_west_room(&fixed), "a metre's step climbed");
}

/// A ride recorded: east over the switch, then still while the lift
/// lowers; the demo's text.
fn demo_riding_the_lift(level: &Level, collider: &Collider) -> String {
    let inputs =
        std::iter::repeat_n(forward(1.0), 40).chain(std::iter::repeat_n(TickInput::default(), 20));
    let at = Vec2::new(10.5, 2.0);
    let (demo, simulation) = recorded(level, "lift-rooms.toml", at, collider, inputs, |_| {});
    assert!(
        simulation.walker.feet() < 1.0,
        "the recorded walk rode no lift"
    );
    demo
}

#[test]
fn a_demo_that_rides_a_lift_replays_bit_for_bit_and_a_slower_lift_desyncs() {
    let level = lift_rooms();
    let collider = level.walking_collider(&Arc::new(level.collider()));
    let demo = demo_riding_the_lift(&level, &collider);
    match played(&level, &collider, &demo) {
        Played::Finished { .. } => {}
        Played::Desync(desync) => panic!("the demo desyncs: {desync}"),
    }
    let slower = LIFT_ROOMS.replace("low = 0\n", "low = 0\nspeed = 2\n");
    let slower = match Level::from_toml_str(&slower, Path::new("lift-rooms.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}"),
    };
    assert_ne!(slower.content_hash(), level.content_hash());
    let collider = slower.walking_collider(&Arc::new(slower.collider()));
    assert!(
        matches!(played(&slower, &collider, &demo), Played::Desync(_)),
        "a slower lift went unseen"
    );
}
