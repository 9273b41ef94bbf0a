//! Frame-rate independence: one demo's inputs, fed to a frame loop at 30,
//! 60, 144 and 240 Hz through the [`TickClock`] and the [`InputGatherer`] as
//! the window feeds them, give bit-identical positions at every tick.
//!
//! The loop samples the held keys once per frame, so a change of keys must
//! fall on a frame boundary at every rate to reach the same tick: the kept
//! demos change their input only every 20 ticks (1/6 s, a whole number of
//! frames at all four rates), and the person here presses 1/1440 s after
//! such a boundary, before the next frame at any rate.

use std::path::Path;

use mazewalker::demo::{DemoEvent, DemoHeader, DemoReader};
use mazewalker::level::LevelChoice;
use mazewalker::simulation::Simulation;
use mazewalker::tick::{TICK_RATE, TickClock};
use mazewalker::walker::{InputGatherer, TickInput};

/// Ticks between input changes in the kept demos.
const BLOCK: usize = 20;

/// Time unit of the simulated person: 1/1440 s, which divides the frame
/// periods of 30, 60, 144 and 240 Hz and the tick.
const UNITS_PER_SECOND: u32 = 1440;

/// Every tick's input of a kept demo, and its header.
fn demo_inputs(name: &str) -> (Vec<TickInput>, DemoHeader) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/demos")
        .join(name);
    let file = std::fs::File::open(&path).expect("the kept demo");
    let (mut reader, header) = DemoReader::new(std::io::BufReader::new(file)).expect("header");
    let mut inputs = Vec::new();
    while let Some(event) = reader.next_event().expect("a valid demo") {
        if let DemoEvent::Tick(input) = event {
            inputs.push(input);
        }
    }
    (inputs, header)
}

/// Positions (bits of x, z, yaw) after every tick of `inputs`, played
/// tick by tick.
fn played_by_tick(
    simulation: &mut Simulation,
    inputs: &[TickInput],
    level: &LevelChoice,
) -> Vec<[u32; 3]> {
    let collider = level.load().expect("level").level.collider();
    inputs
        .iter()
        .map(|input| {
            simulation.step(input, &collider);
            pose_bits(simulation)
        })
        .collect()
}

fn pose_bits(simulation: &Simulation) -> [u32; 3] {
    let pose = simulation.walker.pose();
    [pose.position.x, pose.position.y, pose.yaw].map(f32::to_bits)
}

/// The same inputs as a person at a keyboard: block `b`'s keys pressed (and
/// its mouse moved, its toggles pressed) at 1/6 s × b + 1/1440 s, seen by a
/// frame loop at `frame_rate`.
fn played_by_frames(
    simulation: &mut Simulation,
    inputs: &[TickInput],
    level: &LevelChoice,
    frame_rate: u32,
) -> Vec<[u32; 3]> {
    let collider = level.load().expect("level").level.collider();
    let units_per_frame = UNITS_PER_SECOND / frame_rate;
    let units_per_tick = UNITS_PER_SECOND / TICK_RATE;
    let mut clock = TickClock::new();
    let mut gatherer = InputGatherer::default();
    let mut next_block = 0;
    let mut positions = Vec::new();
    let mut frame = 0u32;
    while positions.len() < inputs.len() {
        frame += 1;
        let now = frame * units_per_frame;
        while next_block * BLOCK < inputs.len()
            && (next_block * BLOCK) as u32 * units_per_tick < now
        {
            let input = inputs[next_block * BLOCK];
            gatherer.hold(input.held);
            gatherer.add_mouse(input.mouse);
            for (pressed, toggle) in [
                (input.toggles.ghost, mazewalker::walker::Toggle::Ghost),
                (input.toggles.policy, mazewalker::walker::Toggle::Policy),
                (input.toggles.edit, mazewalker::walker::Toggle::Edit),
            ] {
                if pressed {
                    gatherer.flip(toggle);
                }
            }
            next_block += 1;
        }
        for _ in 0..clock.advance(1.0 / f64::from(frame_rate)) {
            if positions.len() == inputs.len() {
                break;
            }
            let input = gatherer.next_tick();
            assert_eq!(
                input,
                inputs[positions.len()],
                "{frame_rate} Hz: tick {} got another input",
                positions.len() + 1
            );
            simulation.step(&input, &collider);
            positions.push(pose_bits(simulation));
        }
    }
    positions
}

#[test]
fn one_demo_at_30_60_144_and_240_hz_gives_bit_identical_positions() {
    let (inputs, header) = demo_inputs("house.demo");
    let level_choice = header.level.clone();
    assert!(inputs.len() >= 600);
    for (tick, input) in inputs.iter().enumerate() {
        let first = &inputs[tick - tick % BLOCK];
        let quiet = TickInput {
            held: first.held,
            ..TickInput::default()
        };
        let expected = if tick % BLOCK == 0 { first } else { &quiet };
        assert_eq!(
            input,
            expected,
            "tick {}: the demo must change input only every {BLOCK} ticks",
            tick + 1
        );
    }
    let level = level_choice.load().expect("level").level;
    let reference = played_by_tick(&mut header.simulation(&level), &inputs, &level_choice);
    let moved = reference.first() != reference.last();
    assert!(moved, "the demo walks");
    for frame_rate in [30, 60, 144, 240] {
        let positions = played_by_frames(
            &mut header.simulation(&level),
            &inputs,
            &level_choice,
            frame_rate,
        );
        assert_eq!(positions.len(), reference.len());
        if let Some(tick) = positions.iter().zip(&reference).position(|(a, b)| a != b) {
            panic!("{frame_rate} Hz differs from tick {} on", tick + 1);
        }
    }
}
