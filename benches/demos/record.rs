//! Records the demos kept in `benches/demos/` (the timedemo's walks): an
//! autopilot that walks a level for a few seconds (the house, the mazes,
//! the split level and Freedoom's E1M1), turning away from walls and into
//! side passages, running now and then, looking up and down; and
//! `push.demo`, a scripted walk in the house that pushes and kicks its ball.
//!
//! Run: `cargo run --release --example record_demos [-- OUT_DIR]` (default
//! `benches/demos`). The walks are deterministic: the same program writes
//! the same files.
//!
//! The autopilot decides every [`BLOCK`] ticks and holds its keys for the
//! whole block; mouse turns come on a block's first tick. A change of input
//! then always falls on a frame boundary at 30, 60, 144 and 240 Hz, which
//! the frame-rate test (`tests/simulation/demo_frame_rate.rs`) relies on.

use std::f32::consts::FRAC_PI_2;
use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use glam::{DVec2, Vec2};
use mazewalker::collision::{Collider, MoveOptions};
use mazewalker::demo::{DemoHeader, DemoRecorder};
use mazewalker::level::{Level, LevelChoice};
use mazewalker::simulation::Simulation;
use mazewalker::walker::{MoveIntent, TickInput, Toggles, Walker, WalkerSettings};

/// Ticks between the autopilot's decisions: 1/6 s, a whole number of frames
/// at 30, 60, 144 and 240 Hz.
const BLOCK: u32 = 20;

/// Ticks per demo: five seconds at 120 Hz.
const TICKS: u32 = 600;

/// Freedoom's first WAD where Debian's `freedoom` package puts it: the
/// E1M1 demo names it, so the timedemo plays it where it is installed.
const FREEDOOM1: &str = "/usr/share/games/doom/freedoom1.wad";

/// How far ahead (metres) a heading must be clear to walk it.
const LOOK_AHEAD: f32 = 1.2;

fn main() -> anyhow::Result<()> {
    let out_dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("benches/demos"), PathBuf::from);
    // Each walk has its own maze seed and autopilot seed.
    let demos = [
        ("house.demo", LevelChoice::DefaultHouse, 1),
        (
            "maze-24x24.demo",
            LevelChoice::Maze {
                width: 24,
                height: 24,
                seed: 7,
            },
            2,
        ),
        (
            "maze-300x300.demo",
            LevelChoice::Maze {
                width: 300,
                height: 300,
                seed: 42,
            },
            3,
        ),
        (
            "maze-1425x1425.demo",
            LevelChoice::Maze {
                width: 1425,
                height: 1425,
                seed: 42,
            },
            3,
        ),
        (
            "split-level.demo",
            LevelChoice::File(PathBuf::from("assets/levels/split-level.toml")),
            4,
        ),
        (
            "freedoom-e1m1.demo",
            LevelChoice::Wad {
                wad: PathBuf::from(FREEDOOM1),
                map: "E1M1".to_string(),
            },
            5,
        ),
    ];
    for (name, choice, autopilot_seed) in demos {
        let path = out_dir.join(name);
        let end = record(&path, choice, autopilot_seed)?;
        println!("{}: {TICKS} ticks, ends at {end}", path.display());
    }
    let path = out_dir.join("push.demo");
    let inputs = push_inputs();
    let end = record_walk(&path, LevelChoice::DefaultHouse, |tick, _, _| {
        inputs.get(tick as usize).copied()
    })?;
    println!("{}: {} ticks, ends at {end}", path.display(), inputs.len());
    Ok(())
}

/// The push walk in the house: turn from the start to the ball behind it,
/// push it into the hallway's west corner, kick it, then turn back and walk
/// the lit hallway east (the lamps' shadows of a body come and go).
fn push_inputs() -> Vec<TickInput> {
    let per_count = f64::from(WalkerSettings::default().mouse_radians_per_count);
    let turn = |degrees: f64, held: MoveIntent| TickInput {
        held,
        mouse: DVec2::new(degrees.to_radians() / per_count, 0.0),
        ..TickInput::default()
    };
    let forward = MoveIntent {
        forward: 1.0,
        ..MoveIntent::default()
    };
    let hold = |ticks: usize, held: MoveIntent| {
        std::iter::repeat_n(
            TickInput {
                held,
                ..TickInput::default()
            },
            ticks,
        )
    };
    let kick = TickInput {
        toggles: Toggles {
            use_door: true,
            ..Toggles::default()
        },
        ..TickInput::default()
    };
    std::iter::once(turn(149.0, MoveIntent::default()))
        .chain(hold(BLOCK as usize * 5 - 1, forward))
        .chain(std::iter::once(kick))
        .chain(hold(BLOCK as usize * 3 - 1, MoveIntent::default()))
        .chain(std::iter::once(turn(-149.0, forward)))
        .chain(hold(BLOCK as usize * 21 - 1, forward))
        .collect()
}

/// Records a walk on `choice` into `path`, each tick's input from
/// `next_input` (given the tick, the walker and its collider) until it
/// gives none; returns where the walk ends.
fn record_walk(
    path: &Path,
    choice: LevelChoice,
    mut next_input: impl FnMut(u32, &Walker, &Collider) -> Option<TickInput>,
) -> anyhow::Result<Vec2> {
    let level: Level = choice.load()?.level;
    let collider = level.walking_collider(&std::sync::Arc::new(level.collider()));
    let mut simulation = Simulation::at_spawn(&level);
    let header = DemoHeader::for_recording(choice, &level, &simulation.walker);
    let file = File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut recorder = DemoRecorder::new(file, &header)?;
    let mut tick = 0;
    while let Some(input) = next_input(tick, &simulation.walker, &collider) {
        simulation.step(&input, &collider);
        recorder.record(&input, &simulation)?;
        tick += 1;
    }
    recorder.finish(&simulation)?;
    Ok(simulation.walker.position())
}

/// Records one autopilot walk of [`TICKS`] on `choice` into `path`;
/// returns where it ends.
fn record(path: &Path, choice: LevelChoice, autopilot_seed: u64) -> anyhow::Result<Vec2> {
    let mut random = Random(0x9e37_79b9_7f4a_7c15 ^ autopilot_seed);
    let mut block_input = TickInput::default();
    record_walk(path, choice, |tick, walker, collider| {
        if tick >= TICKS {
            return None;
        }
        if tick % BLOCK == 0 {
            let (held, turn) = decide(walker, collider, tick / BLOCK, &mut random);
            let counts = f64::from(turn / walker.settings.mouse_radians_per_count);
            block_input = TickInput {
                held,
                mouse: DVec2::new(counts, 0.0),
                ..TickInput::default()
            };
            return Some(block_input);
        }
        Some(TickInput {
            mouse: DVec2::ZERO,
            ..block_input
        })
    })
}

/// The keys for the next block and the turn (radians) to make first:
/// keep going while the way ahead is clear (mostly), else take a clear side,
/// else turn round.
fn decide(
    walker: &Walker,
    collider: &Collider,
    block: u32,
    random: &mut Random,
) -> (MoveIntent, f32) {
    let yaw = walker.camera.yaw;
    let clear = |turn: f32| {
        let heading = Vec2::from_angle(yaw + turn);
        collider
            .move_eye(
                walker.position(),
                heading * LOOK_AHEAD,
                &MoveOptions::reject(),
            )
            .is_ok_and(|outcome| !outcome.blocked)
    };
    let sides: Vec<f32> = [FRAC_PI_2, -FRAC_PI_2]
        .into_iter()
        .filter(|&turn| clear(turn))
        .collect();
    let turn = if clear(0.0) && (sides.is_empty() || random.below(10) < 7) {
        // A glance to the side now and then.
        (random.below(5) as f32 - 2.0) * 0.05
    } else if let Some(&side) = sides.get(random.below(sides.len().max(1) as u32) as usize) {
        side
    } else {
        std::f32::consts::PI
    };
    let held = MoveIntent {
        forward: 1.0,
        right: 0.0,
        turn: 0.0,
        look_up: match block % 12 {
            3 => 1.0,
            4 => -1.0,
            _ => 0.0,
        },
        run: random.below(4) == 0,
    };
    (held, turn)
}

/// A small deterministic generator (xorshift64), so the walks never change.
struct Random(u64);

impl Random {
    /// A number in 0..bound (0 when bound is 0).
    fn below(&mut self, bound: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        if bound == 0 {
            0
        } else {
            (self.0 % u64::from(bound)) as u32
        }
    }
}
