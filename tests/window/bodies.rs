//! Pushes and a kick recorded through the real window (Xvfb in CI) on the
//! warehouse play back headless bit for bit: the eye and, through the check
//! lines' hash, every loose body.

use crate::common;

use std::path::Path;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::Level;

#[test]
fn pushes_and_a_kick_recorded_in_the_window_play_back_headless_bit_for_bit() {
    if !crate::own_process(
        "bodies::pushes_and_a_kick_recorded_in_the_window_play_back_headless_bit_for_bit",
    ) {
        return;
    }
    if !common::display_or_skip("window_bodies") {
        return;
    }
    let demo = common::scratch_folder("window_bodies").join("push.demo");
    let warehouse = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/warehouse.toml");
    let level = Level::load(&warehouse).expect("the warehouse loads").level;
    // East down the aisle, a turn to the north into the crates, a push,
    // a kick, then standing while the bodies settle.
    let mut script = vec![
        ScriptStep::Ticks(3),
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(132),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Action(Action::TurnLeft, true),
        ScriptStep::Ticks(75),
        ScriptStep::Action(Action::TurnLeft, false),
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(150),
    ];
    script.extend(common::press(Action::Use));
    script.extend([
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Ticks(240),
        ScriptStep::Action(Action::PrintPosition, true),
        ScriptStep::Checkpoint,
        ScriptStep::Close,
    ]);
    let options = WindowOptions {
        size: (320, 180),
        record: Some(demo.clone()),
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    let window_end = report.final_position;

    let text = std::fs::read_to_string(&demo).expect("the demo was written");
    let hashes: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("check "))
        .map(|line| {
            line.split(' ')
                .nth(5)
                .expect("a bodies hash on the warehouse")
        })
        .collect();
    let mut distinct = hashes.clone();
    distinct.dedup();
    assert!(
        distinct.len() > 2,
        "the bodies moved during the walk: {hashes:?}"
    );

    // Playback checks every check line's bodies hash on the way.
    let (x, z) = common::play_headless(&demo);
    assert_eq!((x, z), (window_end.x, window_end.y));
    assert_eq!(report.checkpoints, [window_end]);
}
