//! The real window under a real X server (Xvfb in CI): the application walks
//! forward with synthetic input, is minimized to 0×0 and restored, and closes
//! cleanly. Skips with a message when there is no display, and fails instead
//! when `MAZEWALKER_REQUIRE_GPU=1`.

mod common;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::input::Action;
use mazewalker::level::Level;
use mazewalker::walker::Walker;

fn display_available() -> bool {
    std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some()
}

#[test]
fn walks_forward_survives_minimize_and_closes() {
    if !display_available() {
        assert!(
            !common::gpu_required(),
            "MAZEWALKER_REQUIRE_GPU=1 but no DISPLAY: run under xvfb-run"
        );
        eprintln!("skipped: no DISPLAY or WAYLAND_DISPLAY (run under xvfb-run -a)");
        return;
    }
    let level = Level::default_house();
    let start = Walker::at_spawn(&level);
    let script = vec![
        ScriptStep::Frames(3),
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Frames(20),
        ScriptStep::Action(Action::MoveForward, false),
        // Every overlay on, a few frames, then off again.
        ScriptStep::Action(Action::ToggleDebugLines, true),
        ScriptStep::Action(Action::ToggleHelp, true),
        ScriptStep::Frames(3),
        ScriptStep::Action(Action::ToggleDebugLines, true),
        ScriptStep::Action(Action::ToggleHelp, true),
        ScriptStep::Resize(0, 0),
        ScriptStep::Frames(5),
        ScriptStep::Resize(480, 270),
        ScriptStep::Frames(5),
        ScriptStep::Close,
    ];
    let options = WindowOptions {
        size: (480, 270),
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    assert!(
        report.frames_rendered >= 28,
        "rendered {} frames",
        report.frames_rendered
    );
    let walked = report.final_position - start.position();
    let along_heading = walked.dot(start.camera.flat_forward());
    assert!(along_heading > 0.05, "walked {walked:?} from the spawn");
    assert!(walked.length() < 5.0, "walked implausibly far: {walked:?}");
}
