//! A walk recorded through the real window (Xvfb in CI) plays back headless
//! to exactly where the window left the eye. Its own test binary: one event
//! loop per process.

use crate::common;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::Level;

#[test]
fn a_walk_recorded_in_the_window_plays_back_headless_to_the_same_place() {
    if !crate::own_process(
        "demo::a_walk_recorded_in_the_window_plays_back_headless_to_the_same_place",
    ) {
        return;
    }
    if !common::display_or_skip("window_demo") {
        return;
    }
    let demo = common::scratch_folder("window_demo").join("walk.demo");
    let script = vec![
        ScriptStep::Ticks(3),
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Action(Action::TurnRight, true),
        ScriptStep::Ticks(40),
        ScriptStep::Action(Action::TurnRight, false),
        ScriptStep::Action(Action::StrafeLeft, true),
        ScriptStep::Action(Action::Run, true),
        ScriptStep::Ticks(60),
        ScriptStep::Action(Action::ToggleGhost, true),
        ScriptStep::Ticks(30),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Action(Action::StrafeLeft, false),
        ScriptStep::Action(Action::Run, false),
        ScriptStep::Ticks(5),
        ScriptStep::Action(Action::PrintPosition, true),
        ScriptStep::Checkpoint,
        ScriptStep::Close,
    ];
    let options = WindowOptions {
        size: (320, 180),
        record: Some(demo.clone()),
        ..WindowOptions::default()
    };
    let report = run_window_scripted(Level::default_house(), options, script)
        .expect("the window session runs");
    let window_end = report.final_position;
    assert!(window_end.length() > 0.5, "the walk moved: {window_end}");

    let (x, z) = common::play_headless(&demo);
    // Bit for bit where the window left the eye when P printed it (the
    // walk stood still for the last frames before P).
    assert_eq!((x, z), (window_end.x, window_end.y));
    assert_eq!(report.checkpoints, [window_end]);
}
