//! A walk through a door, recorded through the real window (Xvfb in CI)
//! with a press of the use key, plays back headless to exactly where the
//! window left the eye: door motion is part of the simulation. Its own test
//! binary: one event loop per process.

use crate::common;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;

/// A room split by a wall along z = 0 with a doorway from x = -0.6 to 0.6
/// and its door, closed, swinging away from the start (into -z); the start
/// faces the door from 2 m. The sound test opens it too.
pub const LEVEL: &str = "name = \"Door\"\n\
    [player]\nstart = [0.0, 2.0]\nyaw = -90.0\n\n\
    [[wall]]\na = [-4.0, 0.0]\nb = [-0.6, 0.0]\n\n\
    [[wall]]\na = [0.6, 0.0]\nb = [4.0, 0.0]\n\n\
    [[wall]]\na = [-4.0, -4.0]\nb = [4.0, -4.0]\n\n\
    [[wall]]\na = [-4.0, 4.0]\nb = [4.0, 4.0]\n\n\
    [[wall]]\na = [-4.0, -4.0]\nb = [-4.0, 4.0]\n\n\
    [[wall]]\na = [4.0, -4.0]\nb = [4.0, 4.0]\n\n\
    [[door]]\na = [-0.6, 0.0]\nb = [0.6, 0.0]\nswing = -90.0\n";

#[test]
fn a_walk_through_a_door_recorded_in_the_window_plays_back_headless_bit_for_bit() {
    if !crate::own_process(
        "doors::a_walk_through_a_door_recorded_in_the_window_plays_back_headless_bit_for_bit",
    ) {
        return;
    }
    if !common::display_or_skip("window_doors") {
        return;
    }
    let (path, level) = common::level_file("window_doors", LEVEL);
    let demo = path.with_file_name("through.demo");
    let walk = |ticks| {
        [
            ScriptStep::Action(Action::MoveForward, true),
            ScriptStep::Ticks(ticks),
            ScriptStep::Action(Action::MoveForward, false),
        ]
    };
    let mut script = vec![ScriptStep::Ticks(2)];
    // Into the closed door: it stops the eye at its radius.
    script.extend(walk(120));
    script.push(ScriptStep::Checkpoint);
    // Use, then wait while it swings open (about 1.3 s), then walk on
    // through the doorway.
    script.extend([
        ScriptStep::Action(Action::Use, true),
        ScriptStep::Ticks(2),
        ScriptStep::Action(Action::Use, false),
        ScriptStep::Ticks(240),
    ]);
    script.extend(walk(120));
    script.extend([
        ScriptStep::Ticks(4),
        ScriptStep::Checkpoint,
        ScriptStep::Close,
    ]);
    let options = WindowOptions {
        size: (320, 180),
        record: Some(demo.clone()),
        watch: false,
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    let [at_door, through] = report.checkpoints[..] else {
        panic!("two checkpoints, got {:?}", report.checkpoints);
    };
    // Stopped short of the closed door (its half thickness and the body's
    // radius), then through the doorway once it opened.
    assert!(at_door.y > 0.2 && at_door.y < 1.0, "stopped at {at_door}");
    assert!(through.y < -0.5, "went through the doorway: {through}");

    let (x, z) = common::play_headless(&demo);
    assert_eq!((x, z), (through.x, through.y));
    assert_eq!(report.final_position, through);
}
