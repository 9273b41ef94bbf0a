//! The simulation's events: a scripted walk (switch the torch on, kick a
//! ball into a wall, turn, walk into a closed door, open it, wait for it
//! to close) gives exactly the events expected, tick by tick, and the
//! same events, to the bit, when it runs again and when its demo plays
//! back.

use std::path::Path;
use std::sync::Arc;

use glam::{DVec2, Vec2};
use mazewalker::collision::Collider;
use mazewalker::demo::{DemoHeader, DemoReader, DemoRecorder, play};
use mazewalker::level::{Level, LevelChoice, MaterialId};
use mazewalker::simulation::{Event, Simulation};
use mazewalker::walker::{MoveIntent, TickInput, Toggles};

/// A hall of 10 x 6 m, a partition at x = 6 with a swing door (opening
/// away from the hall, closing a second after it opened), and a 1 kg
/// ball 1.2 m north of the eye. The kick is light enough that the ball
/// comes to rest before it could reach the eye again.
const HALL: &str = concat!(
    include_str!("../levels/ball-in-a-hall.toml"),
    r#"
[[wall]]
a = [6.0, 0.0]
b = [6.0, 2.4]
material = "plaster"

[[wall]]
a = [6.0, 3.6]
b = [6.0, 6.0]
material = "plaster"

[[door]]
a = [6.0, 2.4]
b = [6.0, 3.6]
swing = -90
close_after = 1
"#
);

fn hall() -> Level {
    Level::from_toml_str(HALL, Path::new("events.toml"))
        .expect("the hall loads")
        .level
}

/// The collider the eye walks through: the ball is no wall.
fn walking_collider(level: &Level) -> Arc<Collider> {
    level.walking_collider(&Arc::new(level.collider()))
}

/// The script, one input a tick.
fn script() -> Vec<TickInput> {
    let pressing = |toggles: Toggles| TickInput {
        toggles,
        ..TickInput::default()
    };
    let forward = TickInput {
        held: MoveIntent {
            forward: 1.0,
            ..MoveIntent::default()
        },
        ..TickInput::default()
    };
    // A quarter turn to the right (north to east), in mouse counts.
    let quarter_turn = f64::from(std::f32::consts::FRAC_PI_2 / 0.0022);
    let mut ticks = vec![pressing(Toggles {
        torch: true,
        use_door: true,
        ..Toggles::default()
    })];
    ticks.extend(std::iter::repeat_n(TickInput::default(), 119));
    ticks.push(TickInput {
        mouse: DVec2::new(quarter_turn, 0.0),
        ..TickInput::default()
    });
    ticks.extend(std::iter::repeat_n(forward, 160));
    ticks.push(pressing(Toggles {
        use_door: true,
        ..Toggles::default()
    }));
    ticks.extend(std::iter::repeat_n(TickInput::default(), 480));
    ticks
}

/// Each tick's events (numbered from 1), running `script` from the
/// level's start.
fn events_of_run(level: &Level, collider: &Collider) -> Vec<(usize, Event)> {
    let mut simulation = Simulation::at_spawn(level);
    let mut events = Vec::new();
    for (tick, input) in (1..).zip(script()) {
        simulation.step(&input, collider);
        events.extend(simulation.events().iter().map(|&event| (tick, event)));
    }
    events
}

/// An event in words, without its measures, naming materials.
fn describe(event: &Event, level: &Level) -> String {
    let name = |id: MaterialId| level.materials[id.index()].name.clone();
    let either = |yes: bool, a: &str, b: &str| if yes { a.to_owned() } else { b.to_owned() };
    match *event {
        Event::ModeToggled { mode, on } => format!("{mode:?} {}", either(on, "on", "off")),
        Event::DoorStarted { door, opening } => {
            format!(
                "door {door} starts {}",
                either(opening, "opening", "closing")
            )
        }
        Event::DoorStopped { door, closed } => {
            format!("door {door} stops {}", either(closed, "closed", "open"))
        }
        Event::DoorGaveWay { door } => format!("door {door} gives way"),
        Event::LiftStarted { lift, lowering } => {
            format!("lift {lift} starts {}", either(lowering, "down", "up"))
        }
        Event::LiftStopped { lift, down } => {
            format!("lift {lift} stops {}", either(down, "down", "up"))
        }
        Event::LiftGaveWay { lift } => format!("lift {lift} gives way"),
        Event::BodyKicked { body, .. } => format!("body {body} kicked"),
        Event::BodyImpact {
            body,
            struck,
            materials: (own, other),
            ..
        } => format!(
            "body {body} strikes {struck:?}, {} on {}",
            name(own),
            other.map_or_else(|| "the eye".to_owned(), name)
        ),
        Event::BodyStartedSliding { body } => format!("body {body} starts sliding"),
        Event::BodyStoppedSliding { body } => format!("body {body} stops sliding"),
        Event::Walked { floor, .. } => format!("walks on {}", name(floor)),
        Event::EyeBlocked { .. } => "eye blocked".to_owned(),
        Event::SteppedUp { rise } => format!("steps up {rise:.2} m"),
        Event::Fell => "falls".to_owned(),
        Event::Landed { drop, .. } => format!("lands after {drop:.2} m"),
        Event::Teleported { teleporter, .. } => format!("teleported by {teleporter}"),
        Event::Exited { exit } => format!("takes exit {exit}"),
    }
}

/// `events` in words, a run of the same words on consecutive ticks as
/// one line: `T: words` or `T-U xN: words`.
fn summary(events: &[(usize, Event)], level: &Level) -> Vec<String> {
    let mut runs: Vec<(usize, usize, usize, String)> = Vec::new();
    for (tick, event) in events {
        let words = describe(event, level);
        match runs.last_mut() {
            Some((_, last, count, said)) if *said == words && *last + 1 >= *tick => {
                *last = *tick;
                *count += 1;
            }
            _ => runs.push((*tick, *tick, 1, words)),
        }
    }
    runs.into_iter()
        .map(|(first, last, count, words)| {
            if count == 1 {
                format!("{first}: {words}")
            } else {
                format!("{first}-{last} x{count}: {words}")
            }
        })
        .collect()
}

#[test]
fn a_scripted_walk_gives_exactly_the_expected_events() {
    let level = hall();
    let collider = walking_collider(&level);
    let events = events_of_run(&level, &collider);
    let expected = [
        "1: Torch on",
        "1: body 0 kicked",
        "1: body 0 starts sliding",
        "31: body 0 strikes Wall(0), fabric on brick",
        "122-161 x40: walks on tiles",
        "161: body 0 stops sliding",
        "162-269 x108: walks on tiles",
        // The last step reaches the closed leaf, and the next are stopped.
        "270: eye blocked",
        "270: walks on tiles",
        "271-281 x11: eye blocked",
        "282: door 0 starts opening",
        "432: door 0 stops open",
        // A second later (close_after) it closes again.
        "552: door 0 starts closing",
        "702: door 0 stops closed",
    ];
    assert_eq!(summary(&events, &level), expected);
    // The distances walked add up to the way the eye went.
    let walked: f32 = events
        .iter()
        .filter_map(|(_, event)| match event {
            Event::Walked { distance, .. } => Some(distance),
            _ => None,
        })
        .sum();
    let mut simulation = Simulation::at_spawn(&level);
    let start = simulation.walker.position();
    for input in script() {
        simulation.step(&input, &collider);
    }
    let went = simulation.walker.position() - start;
    assert!(
        (walked - went.length()).abs() < 1e-3,
        "{walked} m against {went}"
    );
    // The kick and the impact say where and how hard.
    let kicked = events.iter().find_map(|(_, event)| match event {
        Event::BodyKicked { at, impulse, .. } => Some((*at, *impulse)),
        _ => None,
    });
    let (at, impulse) = kicked.expect("a kick");
    assert!((at - Vec2::new(2.0, 2.05)).length() < 0.01, "{at}");
    assert!(
        (impulse - Vec2::new(0.0, -6.0)).length() < 1e-3,
        "{impulse}"
    );
    let struck = events.iter().find_map(|(_, event)| match event {
        Event::BodyImpact { at, impulse, .. } => Some((*at, *impulse)),
        _ => None,
    });
    let (at, impulse) = struck.expect("an impact");
    assert!((at.y - 0.1).abs() < 0.05, "at the north wall's face: {at}");
    assert!(impulse > 1.0, "{impulse} N·s");
}

#[test]
fn the_events_are_the_same_when_the_walk_runs_again_and_when_its_demo_plays() {
    let level = hall();
    let collider = walking_collider(&level);
    let events = events_of_run(&level, &collider);
    assert_eq!(events_of_run(&level, &collider), events, "run again");
    let mut simulation = Simulation::at_spawn(&level);
    let header = DemoHeader::for_recording(LevelChoice::DefaultHouse, &level, &simulation.walker);
    let mut recorder = DemoRecorder::new(Vec::new(), &header).expect("header written");
    for input in script() {
        simulation.step(&input, &collider);
        recorder.record(&input, &simulation).expect("tick written");
    }
    let demo = recorder.finish(&simulation).expect("finished");
    let (mut reader, header) = DemoReader::new(&demo[..]).expect("the demo reads");
    let mut played = header.simulation(&level);
    assert_eq!(played.walker.pose(), header.start);
    let mut replayed = Vec::new();
    play(&mut reader, &mut played, &collider, |tick, simulation| {
        let tick = usize::try_from(tick).expect("a small tick count");
        replayed.extend(simulation.events().iter().map(|&event| (tick, event)));
        Ok::<(), mazewalker::demo::DemoError>(())
    })
    .expect("the demo plays");
    assert_eq!(replayed, events, "played back");
}

/// A door whose opening leaf knocks a crate into a corner and would
/// squeeze it there (described in the file; `tests/physics/walker.rs`'s
/// squeezed crate stands in it too).
const DOOR_AND_CRATE: &str = include_str!("../levels/door-and-crate.toml");

#[test]
fn a_door_tells_each_tick_it_gave_way_to_a_crate_and_the_leaf_strikes_it() {
    let level = Level::from_toml_str(DOOR_AND_CRATE, Path::new("door.toml"))
        .expect("valid")
        .level;
    let collider = walking_collider(&level);
    let mut simulation = Simulation::at_spawn(&level);
    let mut input = TickInput {
        toggles: Toggles {
            use_door: true,
            ..Toggles::default()
        },
        ..TickInput::default()
    };
    let (mut held_back, mut told) = (Vec::new(), Vec::new());
    let mut struck_by_the_leaf = false;
    for tick in 1..=600 {
        let before = simulation.doors().states()[0];
        simulation.step(&input, &collider);
        input = TickInput::default();
        let after = simulation.doors().states()[0];
        // Held back: opening again from where it stood before the tick.
        if tick > 1
            && after.motion == mazewalker::doors::Motion::Opening
            && after.opening == before.opening
        {
            held_back.push(tick);
        }
        let events = simulation.events();
        if events.contains(&Event::DoorGaveWay { door: 0 }) {
            told.push(tick);
        }
        struck_by_the_leaf |= events.iter().any(|event| {
            matches!(
                event,
                Event::BodyImpact {
                    struck: mazewalker::physics::Struck::Door(0),
                    ..
                }
            )
        });
    }
    assert!(!told.is_empty(), "the door never gave way");
    assert_eq!(told, held_back);
    assert!(struck_by_the_leaf, "the leaf knocked the crate");
}
