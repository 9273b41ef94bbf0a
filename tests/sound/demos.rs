//! The levels the sound tests walk, and their demos: recorded through
//! the library (with each tick's events), played by the binary into a
//! WAV file.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use mazewalker::demo::{DemoHeader, DemoRecorder};
use mazewalker::level::LevelChoice;
use mazewalker::simulation::{Event, Simulation};
use mazewalker::walker::{MoveIntent, TickInput, Toggles};

use crate::common;
use crate::signal::Wav;

/// A 40 × 6 m hall of wood, the eye at its west end looking east (+x).
pub const HALL: &str = r#"
name = "hall"
wall_material = "brick"
wall_thickness = 0.2

[player]
start = [1.0, 3.0]
yaw = 0.0
radius = 0.25
eye_height = 1.6

[environment]
floor = "wood"

[[wall]]
a = [0.0, 0.0]
b = [40.0, 0.0]

[[wall]]
a = [40.0, 0.0]
b = [40.0, 6.0]

[[wall]]
a = [40.0, 6.0]
b = [0.0, 6.0]

[[wall]]
a = [0.0, 6.0]
b = [0.0, 0.0]
"#;

/// A room with a partition at x = 6.2 and a swing door in it, 1.2 m east
/// of the eye, which looks south (+z): the door is on its left. The door
/// swings away from the eye and stays open.
pub const DOOR_ON_THE_LEFT: &str = r#"
name = "door on the left"
wall_material = "brick"
wall_thickness = 0.2

[player]
start = [5.0, 3.0]
yaw = 90.0
radius = 0.25
eye_height = 1.6

[environment]
floor = "wood"

[[wall]]
a = [0.0, 0.0]
b = [12.0, 0.0]

[[wall]]
a = [12.0, 0.0]
b = [12.0, 6.0]

[[wall]]
a = [12.0, 6.0]
b = [0.0, 6.0]

[[wall]]
a = [0.0, 6.0]
b = [0.0, 0.0]

[[wall]]
a = [6.2, 0.0]
b = [6.2, 2.4]

[[wall]]
a = [6.2, 3.6]
b = [6.2, 6.0]

[[door]]
a = [6.2, 2.4]
b = [6.2, 3.6]
swing = -90
close_after = 0
"#;

/// A wall between the eye and the door of [`DOOR_ON_THE_LEFT`], 0.6 m
/// east of the eye: the use key still reaches the door (the nearest one),
/// and nothing else changes.
pub const WALL_BEFORE_THE_DOOR: &str = r#"
[[wall]]
a = [5.6, 1.5]
b = [5.6, 4.5]
"#;

/// The hall of the events' test: a 1 kg fabric ball 1.2 m north of the
/// eye, which looks north (-z) at it; the kick sends it into the north
/// wall.
pub const BALL: &str = include_str!("../levels/ball-in-a-hall.toml");

/// A 12 × 6 m room with a lift (x 7 to 10, at 2 m, lowering to the
/// ground) ahead of the eye, which looks east (+x) at a switch line 1 m
/// away that starts it.
pub const LIFT_AHEAD: &str = r#"
name = "lift ahead"
wall_material = "brick"
wall_thickness = 0.2

[player]
start = [5.0, 3.0]
yaw = 0.0
radius = 0.25
eye_height = 1.6

[environment]
floor = "wood"

[[wall]]
a = [0.0, 0.0]
b = [12.0, 0.0]

[[wall]]
a = [12.0, 0.0]
b = [12.0, 6.0]

[[wall]]
a = [12.0, 6.0]
b = [0.0, 6.0]

[[wall]]
a = [0.0, 6.0]
b = [0.0, 0.0]

[[floor]]
points = [[7.0, 1.0], [10.0, 1.0], [10.0, 5.0], [7.0, 5.0]]
height = 2.0

[[lift]]
floors = [0]
low = 0.0

[[switch]]
a = [6.0, 2.0]
b = [6.0, 4.0]
lifts = [0]
"#;

/// `ticks` ticks walking forward (running with `run`).
pub fn walking(ticks: usize, run: bool) -> Vec<TickInput> {
    let forward = TickInput {
        held: MoveIntent {
            forward: 1.0,
            run,
            ..MoveIntent::default()
        },
        ..TickInput::default()
    };
    vec![forward; ticks]
}

/// `ticks` ticks of nothing held.
pub fn standing(ticks: usize) -> Vec<TickInput> {
    vec![TickInput::default(); ticks]
}

/// The use key pressed for one tick.
pub fn using() -> TickInput {
    TickInput {
        toggles: Toggles {
            use_door: true,
            ..Toggles::default()
        },
        ..TickInput::default()
    }
}

/// A demo recorded on a level file.
pub struct Recorded {
    /// The demo file.
    pub demo: PathBuf,
    /// Each tick's events, numbered from 1.
    pub events: Vec<(usize, Event)>,
}

/// Records `inputs` on the level `text` (in scratch folder `name`) into
/// a demo there.
pub fn record(name: &str, text: &str, inputs: &[TickInput]) -> Recorded {
    let (path, level) = common::level_file(name, text);
    let collider = level.walking_collider(&Arc::new(level.collider()));
    let mut simulation = Simulation::at_spawn(&level);
    let header =
        DemoHeader::for_recording(LevelChoice::File(path.clone()), &level, &simulation.walker);
    let demo = path.with_file_name("walk.demo");
    let file = std::fs::File::create(&demo).expect("create the demo");
    let mut recorder = DemoRecorder::new(file, &header).expect("header");
    let mut events = Vec::new();
    for (tick, input) in (1..).zip(inputs) {
        simulation.step(input, &collider);
        recorder.record(input, &simulation).expect("tick");
        events.extend(simulation.events().iter().map(|&event| (tick, event)));
    }
    recorder.finish(&simulation).expect("finish");
    Recorded { demo, events }
}

/// The WAV file's bytes that `mazewalker play DEMO --headless
/// --sound-out` writes (with the default settings), written as
/// `file_name` beside the demo.
pub fn sound_bytes(demo: &Path, file_name: &str) -> Vec<u8> {
    let out = demo.with_file_name(file_name);
    let folder = demo.parent().expect("the demo's folder");
    let output = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .arg("--config")
        .arg(folder.join("no-settings.toml"))
        .arg("play")
        .arg(demo)
        .arg("--headless")
        .arg("--sound-out")
        .arg(&out)
        .output()
        .expect("run mazewalker");
    assert!(output.status.success(), "{}", common::stderr(&output));
    std::fs::read(&out).expect("the WAV file")
}

/// The demo's sound, as [`sound_bytes`] writes it, read back.
pub fn sound_of(demo: &Path) -> Wav {
    Wav::parse(&sound_bytes(demo, "sound.wav"))
}
