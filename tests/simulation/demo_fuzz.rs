//! Parser fuzzing: whatever the bytes, reading a demo never panics, and every
//! error names a line that exists (or the one after the last, for a file that
//! stops early).

use crate::common;

use common::property_cases::property_config;
use glam::DVec2;
use mazewalker::demo::{DemoError, DemoHeader, DemoReader, DemoRecorder};
use mazewalker::level::{Level, LevelChoice};
use mazewalker::simulation::Simulation;
use mazewalker::walker::{MoveIntent, TickInput, Toggles};
use proptest::prelude::*;

/// Reads every event of `bytes`; the error, if any.
fn read_all(bytes: &[u8]) -> Result<u64, DemoError> {
    let (mut reader, _) = DemoReader::new(bytes)?;
    while reader.next_event()?.is_some() {}
    Ok(reader.ticks())
}

/// The error of `bytes` names a line in 1..=lines+1 and says so first.
fn assert_error_names_a_line(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Err(error) = read_all(bytes) {
        let lines = bytes.split(|&byte| byte == b'\n').count() as u64;
        prop_assert!(
            (1..=lines + 1).contains(&error.line),
            "line {} of {lines}: {error}",
            error.line
        );
        let message = error.to_string();
        prop_assert!(
            message.starts_with(&format!("line {}: ", error.line)),
            "{message}"
        );
    }
    Ok(())
}

/// A valid recorded demo of a few ticks on the house.
fn valid_demo(inputs: &[TickInput]) -> Vec<u8> {
    let level = Level::default_house();
    let collider = level.collider();
    let mut simulation = Simulation::at_spawn(&level);
    let header = DemoHeader::for_recording(LevelChoice::DefaultHouse, &level, &simulation.walker);
    let mut recorder = DemoRecorder::new(Vec::new(), &header).expect("header");
    for input in inputs {
        simulation.step(input, &collider);
        recorder.record(input, &simulation).expect("tick");
    }
    recorder.finish(&simulation).expect("finish")
}

fn axis() -> impl Strategy<Value = f32> {
    prop_oneof![Just(0.0f32), Just(1.0), Just(-1.0), -1.0f32..=1.0]
}

fn tick_input() -> impl Strategy<Value = TickInput> {
    (
        (axis(), axis(), axis(), axis(), any::<bool>()),
        (-1e4f64..1e4, -1e4f64..1e4),
        (
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |(
                (forward, right, turn, look_up, run),
                (x, y),
                (ghost, policy, edit, torch, use_door),
            )| {
                TickInput {
                    held: MoveIntent {
                        forward,
                        right,
                        turn,
                        look_up,
                        run,
                    },
                    mouse: DVec2::new(x, y),
                    toggles: Toggles {
                        ghost,
                        policy,
                        edit,
                        torch,
                        use_door,
                    },
                }
            },
        )
}

/// Words a demo is made of, to make garbage that gets past the first line.
fn demo_word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("mazewalker-demo 1".to_owned()),
        Just("level house".to_owned()),
        Just("level maze 3 3 1".to_owned()),
        Just("tick-rate 120".to_owned()),
        Just("start 1.2 7.25 0 0".to_owned()),
        Just("settings accelerate=10".to_owned()),
        Just("collision ghost=on".to_owned()),
        Just("level-hash 0123456789abcdef".to_owned()),
        Just("forward=1".to_owned()),
        Just("repeat=3 run".to_owned()),
        Just("mouse=1e308,-4".to_owned()),
        Just("check 0 1.2 7.25 0".to_owned()),
        Just("end".to_owned()),
        Just("# note".to_owned()),
        Just(String::new()),
        "[ -~]{0,24}",
    ]
}

proptest! {
    #![proptest_config(property_config(512))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        assert_error_names_a_line(&bytes)?;
    }

    #[test]
    fn lines_of_demo_words_never_panic(words in proptest::collection::vec(demo_word(), 0..16)) {
        let text = words.join("\n");
        assert_error_names_a_line(text.as_bytes())?;
    }

    #[test]
    fn a_mangled_valid_demo_never_panics(
        inputs in proptest::collection::vec(tick_input(), 1..8),
        cut in any::<prop::sample::Index>(),
        insert in any::<prop::sample::Index>(),
        garbage in "[ -~\n]{0,12}",
    ) {
        let demo = valid_demo(&inputs);
        let mut mangled = demo.clone();
        mangled.truncate(cut.index(demo.len() + 1));
        assert_error_names_a_line(&mangled)?;
        let mut inserted = demo.clone();
        let at = insert.index(demo.len() + 1);
        inserted.splice(at..at, garbage.bytes());
        assert_error_names_a_line(&inserted)?;
    }

    #[test]
    fn recorded_inputs_read_back_exactly(inputs in proptest::collection::vec(tick_input(), 1..8)) {
        let demo = valid_demo(&inputs);
        let (mut reader, _) = DemoReader::new(&demo[..]).expect("a valid header");
        let mut read = Vec::new();
        while let Some(event) = reader.next_event().expect("a valid body") {
            if let mazewalker::demo::DemoEvent::Tick(input) = event {
                read.push(input);
            }
        }
        prop_assert_eq!(read, inputs);
    }
}
