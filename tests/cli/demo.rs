//! `mazewalker play --headless`: its command-line contract (what it prints,
//! its exit status on a desync, `--maze` over the recorded level, errors
//! naming their line), end to end through the binary, with demos recorded
//! through the library.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use glam::{DVec2, Vec2};
use mazewalker::demo::{DemoHeader, DemoRecorder, OpenedDemo, Played};
use mazewalker::level::{Level, LevelChoice};
use mazewalker::simulation::Simulation;
use mazewalker::tick::TICK_RATE;
use mazewalker::walker::{MoveIntent, Pose, TickInput};

/// A 40 m square room; the walker starts in its west half, looking east.
const ROOM: &str = r#"
name = "room"
wall_radius = 0.3

[player]
start = [-15.0, 0.0]

[[wall]]
a = [-20.0, -20.0]
b = [20.0, -20.0]
[[wall]]
a = [20.0, -20.0]
b = [20.0, 20.0]
[[wall]]
a = [20.0, 20.0]
b = [-20.0, 20.0]
[[wall]]
a = [-20.0, 20.0]
b = [-20.0, -20.0]
"#;

fn play(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .arg("play")
        .args(args)
        .output()
        .expect("run mazewalker")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 stdout")
}

/// Tick `tick`'s input of a 5-second walk: east, drifting right with the
/// mouse, running in the middle second, a strafe now and then.
fn walk_input(tick: u32) -> TickInput {
    TickInput {
        held: MoveIntent {
            forward: 1.0,
            right: if tick % 90 < 15 { 0.5 } else { 0.0 },
            run: (2 * TICK_RATE..3 * TICK_RATE).contains(&tick),
            look_up: if tick % 200 < 20 { -1.0 } else { 0.0 },
            ..MoveIntent::default()
        },
        mouse: DVec2::new(if tick.is_multiple_of(7) { 1.5 } else { 0.0 }, 0.0),
        ..TickInput::default()
    }
}

/// Records the walk of `ticks` ticks on the level from `choice` into `path`;
/// returns the eye after every tick.
fn record(path: &Path, choice: LevelChoice, ticks: u32) -> Vec<Pose> {
    let level = choice.load().expect("a valid level").level;
    let collider = level.collider();
    let mut simulation = Simulation::at_spawn(&level);
    let header = DemoHeader::for_recording(choice, &level, &simulation.walker);
    let file = std::fs::File::create(path).expect("create the demo");
    let mut recorder = DemoRecorder::new(file, &header).expect("header");
    let mut poses = Vec::new();
    for tick in 0..ticks {
        let input = walk_input(tick);
        simulation.step(&input, &collider);
        recorder.record(&input, &simulation).expect("tick");
        poses.push(simulation.walker.pose());
    }
    recorder.finish(&simulation).expect("finish");
    poses
}

fn bits(pose: &Pose) -> [u32; 3] {
    [pose.position.x, pose.position.y, pose.yaw].map(f32::to_bits)
}

#[test]
fn record_then_play_headless_gives_bit_identical_positions_at_every_tick() {
    let dir = common::scratch_folder("demo-identical");
    let demo = dir.join("walk.demo");
    let recorded = record(&demo, LevelChoice::DefaultHouse, 5 * TICK_RATE);
    let output = play(&[demo.to_str().expect("path"), "--headless", "--trace"]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    assert!(
        common::stderr(&output).is_empty(),
        "no warning: {}",
        common::stderr(&output)
    );
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        recorded.len() + 1,
        "one line a tick, then the end"
    );
    for (index, (line, pose)) in lines.iter().zip(&recorded).enumerate() {
        let fields: Vec<&str> = line.split(' ').collect();
        let [tick, x, z, yaw] = fields[..] else {
            panic!("trace line {line:?}");
        };
        assert_eq!(tick.parse::<usize>().ok(), Some(index + 1), "{line}");
        let replayed = Pose {
            position: Vec2::new(x.parse().expect("x"), z.parse().expect("z")),
            yaw: yaw.parse().expect("yaw"),
            pitch: 0.0,
        };
        assert_eq!(bits(&replayed), bits(pose), "tick {}: {line}", index + 1);
    }
    let last = recorded.last().expect("ticks");
    assert_eq!(
        lines.last().copied(),
        Some(format!("{} {} {}", last.position.x, last.position.y, last.yaw).as_str())
    );
    // The walk really went somewhere.
    assert!((last.position - recorded[0].position).length() > 5.0);
}

#[test]
fn a_wall_across_the_route_is_a_desync_at_the_right_tick_and_exit_status_3() {
    let dir = common::scratch_folder("demo-desync");
    let level_path = dir.join("room.toml");
    std::fs::write(&level_path, ROOM).expect("write the level");
    let demo = dir.join("room.demo");
    let ticks = 5 * TICK_RATE;
    let recorded = record(&demo, LevelChoice::File(level_path.clone()), ticks);

    // The author adds a wall across the route, 0.5 m past where the walk
    // was at tick 300.
    let x = recorded[299].position.x + 0.5;
    let edited = format!("{ROOM}\n[[wall]]\na = [{x}, -19.0]\nb = [{x}, 19.0]\n");
    std::fs::write(&level_path, &edited).expect("edit the level");

    // Where the walk now goes differently, found by the library: the first
    // tick whose position differs, reported at the next check line.
    let level = Level::load(&level_path).expect("valid").level;
    let collider = level.collider();
    let mut simulation = Simulation::at_spawn(&level);
    let diverged = (0..ticks)
        .find(|&tick| {
            simulation.step(&walk_input(tick), &collider);
            bits(&simulation.walker.pose()) != bits(&recorded[tick as usize])
        })
        .expect("the wall changes the walk")
        + 1;
    assert!(
        (300..=360).contains(&diverged),
        "diverged at tick {diverged}"
    );
    let check = diverged.div_ceil(120) * 120;
    let mut simulation = Simulation::at_spawn(&level);
    for tick in 0..check {
        simulation.step(&walk_input(tick), &collider);
    }
    let was = recorded[check as usize - 1].position;
    let now = simulation.walker.position();

    let output = play(&[demo.to_str().expect("path"), "--headless"]);
    assert_eq!(output.status.code(), Some(3), "{}", common::stderr(&output));
    assert_eq!(
        stdout(&output),
        format!(
            "desync at tick {check}: recorded {} {}, replayed {} {}\n",
            was.x, was.y, now.x, now.y
        )
    );
    let original = Level::from_toml_str(ROOM, &level_path)
        .expect("valid")
        .level;
    let warning = common::stderr(&output);
    assert!(warning.contains("warning"), "{warning}");
    assert!(
        warning.contains(&format!("{:016x}", original.content_hash())),
        "{warning}"
    );
    assert!(
        warning.contains(&format!("{:016x}", level.content_hash())),
        "{warning}"
    );

    // --level puts the original level back: no desync.
    let original_path = dir.join("original.toml");
    std::fs::write(&original_path, ROOM).expect("write the original");
    let output = play(&[
        demo.to_str().expect("path"),
        "--headless",
        "--level",
        original_path.to_str().expect("path"),
    ]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    assert!(
        common::stderr(&output).is_empty(),
        "same hash: {}",
        common::stderr(&output)
    );
}

#[test]
fn maze_overrides_the_recorded_level_with_a_hash_warning() {
    let dir = common::scratch_folder("demo-override");
    let demo = dir.join("house.demo");
    record(&demo, LevelChoice::DefaultHouse, 60);
    let output = play(&[
        demo.to_str().expect("path"),
        "--headless",
        "--maze",
        "6x6",
        "--seed",
        "2",
    ]);
    let warning = common::stderr(&output);
    assert!(warning.contains("level hash"), "{warning}");
    let maze = Level::maze(6, 6, 2).expect("a maze");
    assert!(
        warning.contains(&format!("{:016x}", maze.content_hash())),
        "{warning}"
    );
}

#[test]
fn bad_demos_fail_with_an_error_naming_their_line() {
    let dir = common::scratch_folder("demo-bad");
    let header = "mazewalker-demo 1\nlevel house\ntick-rate 120\nstart 1.2 7.25 0 0\n";
    for (name, text, line) in [
        ("truncated", format!("{header}forward=1\nforward=1\n"), 7),
        ("version", "mazewalker-demo 9\n".to_owned(), 1),
        ("garbage", format!("{header}\nforward=1 jump\nend\n"), 6),
        ("range", format!("{header}forward=1\nturn=-2\nend\n"), 6),
    ] {
        let demo = dir.join(format!("{name}.demo"));
        std::fs::write(&demo, text).expect("write the demo");
        let output = play(&[demo.to_str().expect("path"), "--headless"]);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{name}: {}",
            common::stderr(&output)
        );
        let error = common::stderr(&output);
        assert!(error.contains(&format!("line {line}: ")), "{name}: {error}");
        assert!(!error.contains("panicked"), "{name}: {error}");
    }
    let missing = play(&[
        dir.join("missing.demo").to_str().expect("path"),
        "--headless",
    ]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        common::stderr(&missing).contains("missing.demo"),
        "{}",
        common::stderr(&missing)
    );
}

/// Every kept demo: Freedoom's E1M1 among them where Freedoom is
/// installed (its doors, lift and floors replay bit for bit too).
#[test]
fn the_kept_demos_play_to_the_end_without_desync() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/demos");
    let freedoom = common::freedoom("freedoom1.wad").map(|_| "freedoom-e1m1.demo");
    let kept = [
        "house.demo",
        "maze-24x24.demo",
        "maze-300x300.demo",
        "maze-1425x1425.demo",
        "split-level.demo",
    ];
    for name in kept.into_iter().chain(freedoom) {
        let playback = OpenedDemo::open(&dir.join(name), None).expect("a valid demo");
        assert!(
            playback.warnings.is_empty(),
            "{name}: {:?}",
            playback.warnings
        );
        let mut out = Vec::new();
        let played = playback.run_headless(false, &mut out).expect("plays");
        assert!(
            matches!(played, Played::Finished { ticks: 600, .. }),
            "{name}: {played:?}"
        );
    }
}

/// A corridor 3 m wide along +x (z in -1.5..1.5) from x = -10 to 10, shut
/// at x = 0 by a Doom door: a block 0.5 m deep rising 3 m at Doom's
/// speed, which waits 1 s open. The walker starts at x = -3, facing it.
const RISE_DOOR_CORRIDOR: &str = r#"
name = "rise door"
wall_radius = 0.1

[player]
start = [-3.0, 0.0]

[[wall]]
a = [-10.0, -1.5]
b = [10.0, -1.5]
[[wall]]
a = [10.0, 1.5]
b = [-10.0, 1.5]
[[wall]]
a = [-10.0, 1.5]
b = [-10.0, -1.5]
[[wall]]
a = [10.0, -1.5]
b = [10.0, 1.5]

[[door]]
kind = "rise"
a = [0.0, -1.4]
b = [0.0, 1.4]
thickness = 0.5
height = 3.0
speed = 2.1875
close_after = 1.0
"#;

#[test]
fn a_walk_through_a_rising_door_replays_bit_for_bit() {
    let dir = common::scratch_folder("demo-rise-door");
    let level_path = dir.join("corridor.toml");
    std::fs::write(&level_path, RISE_DOOR_CORRIDOR).expect("write the level");
    let level = LevelChoice::File(level_path)
        .load()
        .expect("a valid level")
        .level;
    let collider = level.collider();
    let mut simulation = Simulation::at_spawn(&level);
    let choice = LevelChoice::File(dir.join("corridor.toml"));
    let header = DemoHeader::for_recording(choice, &level, &simulation.walker);
    let demo = dir.join("door.demo");
    let file = std::fs::File::create(&demo).expect("create the demo");
    let mut recorder = DemoRecorder::new(file, &header).expect("header");
    let mut recorded = Vec::new();
    // Walk east into the closed door, press use after a second, keep
    // walking: the door holds the walker until its bottom clears the head.
    for tick in 0..5 * TICK_RATE {
        let mut input = TickInput {
            held: MoveIntent {
                forward: 1.0,
                ..MoveIntent::default()
            },
            ..TickInput::default()
        };
        input.toggles.use_door = tick == TICK_RATE;
        simulation.step(&input, &collider);
        recorder.record(&input, &simulation).expect("tick");
        recorded.push(simulation.walker.pose());
    }
    recorder.finish(&simulation).expect("finish");
    let x_at = |tick: u32| recorded[tick as usize - 1].position.x;
    // Held at the door's face (x = -0.25) less the default body radius.
    assert!(
        x_at(TICK_RATE) < -0.25 && x_at(TICK_RATE) > -0.6,
        "{}",
        x_at(TICK_RATE)
    );
    assert!(
        (x_at(TICK_RATE + 60) - x_at(TICK_RATE)).abs() < 1e-4,
        "passed too early"
    );
    assert!(
        x_at(5 * TICK_RATE) > 2.0,
        "never passed: {}",
        x_at(5 * TICK_RATE)
    );

    let output = play(&[demo.to_str().expect("path"), "--headless", "--trace"]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        recorded.len() + 1,
        "one line a tick, then the end"
    );
    for (index, (line, pose)) in lines.iter().zip(&recorded).enumerate() {
        let fields: Vec<&str> = line.split(' ').collect();
        let [_, x, z, yaw] = fields[..] else {
            panic!("trace line {line:?}");
        };
        let replayed = Pose {
            position: Vec2::new(x.parse().expect("x"), z.parse().expect("z")),
            yaw: yaw.parse().expect("yaw"),
            pitch: 0.0,
        };
        assert_eq!(bits(&replayed), bits(pose), "tick {}: {line}", index + 1);
    }
}
