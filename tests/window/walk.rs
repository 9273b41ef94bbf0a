//! The real window under a real X server (Xvfb in CI): the application walks
//! forward with synthetic input, is minimized to 0×0 and restored, and closes
//! cleanly. Skips with a message when there is no display, and fails instead
//! when `MAZEWALKER_REQUIRE_GPU=1`.

use crate::common;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::collision::distance_to_segment;
use mazewalker::level::Level;
use mazewalker::walker::Walker;

#[test]
fn walks_forward_survives_minimize_and_closes() {
    if !crate::own_process("walk::walks_forward_survives_minimize_and_closes") {
        return;
    }
    if !common::display_or_skip("window") {
        return;
    }
    let level = Level::default_house();
    let start = Walker::at_spawn(&level);
    let script = vec![
        ScriptStep::Ticks(3),
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(24),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Checkpoint,
        // Every overlay on, a few frames, then off again.
        ScriptStep::Action(Action::ToggleDebugLines, true),
        ScriptStep::Action(Action::ToggleHelp, true),
        ScriptStep::Ticks(3),
        ScriptStep::Action(Action::ToggleDebugLines, true),
        ScriptStep::Action(Action::ToggleHelp, true),
        ScriptStep::Resize(0, 0),
        ScriptStep::Ticks(5),
        ScriptStep::Resize(480, 270),
        ScriptStep::Ticks(5),
        // Run backwards into the hallway's west end wall (x = 0, radius
        // 0.3) for far longer than it takes to reach it.
        ScriptStep::Action(Action::Run, true),
        ScriptStep::Action(Action::MoveBackward, true),
        ScriptStep::Ticks(300),
        ScriptStep::Checkpoint,
        // Ghost mode: the same walk goes through the wall.
        ScriptStep::Action(Action::ToggleGhost, true),
        ScriptStep::Ticks(100),
        ScriptStep::Action(Action::MoveBackward, false),
        ScriptStep::Action(Action::Run, false),
        ScriptStep::Checkpoint,
        ScriptStep::Close,
    ];
    let options = WindowOptions {
        size: (480, 270),
        ..WindowOptions::default()
    };
    let report =
        run_window_scripted(level.clone(), options, script).expect("the window session runs");
    // Exactly the ticks the script waited for; a frame runs at most two,
    // and the 5 ticks while minimized present nothing.
    assert_eq!(report.ticks, 3 + 24 + 3 + 5 + 5 + 300 + 100);
    assert!(
        report.frames_rendered >= (report.ticks - 5) / 2,
        "rendered {} frames",
        report.frames_rendered
    );
    // The exact bits, to compare runs on an idle and a loaded machine.
    eprintln!(
        "checkpoints {}",
        common::checkpoint_bits(&report.checkpoints)
    );
    let [forward, at_wall, ghost] = report.checkpoints[..] else {
        panic!("expected 3 checkpoints, got {:?}", report.checkpoints);
    };
    let walked = forward - start.position();
    let along_heading = walked.dot(start.camera.flat_forward());
    assert!(along_heading > 0.05, "walked {walked:?} from the spawn");
    assert!(walked.length() < 5.0, "walked implausibly far: {walked:?}");

    // Stopped at the west end wall (x = 0, radius 0.3), not through it, and
    // no closer than its radius to any wall.
    assert!(
        (0.3 - 1e-3..0.35).contains(&at_wall.x),
        "ran backwards to {at_wall:?}"
    );
    assert!((at_wall.y - start.position().y).abs() < 1e-3, "{at_wall:?}");
    for wall in &level.walls {
        let distance = distance_to_segment(at_wall, wall.a, wall.b);
        assert!(distance >= wall.radius - 1e-4, "{distance} from {wall:?}");
    }
    assert!(ghost.x < -0.1, "ghost mode should pass the wall: {ghost:?}");
    assert_eq!(report.final_position, ghost);
}
