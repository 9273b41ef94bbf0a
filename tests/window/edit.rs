//! Edit mode through the real window under a real X server (Xvfb in CI),
//! with edit mode's keys: E, Space, walk, Space, Enter, Ctrl+S; the saved
//! file holds the new wall where it was plotted, and with edit mode off the
//! eye stops at its radius. Then a closed room of four walls, counting key
//! presses and simulated seconds. Its own test binary: one event loop per
//! process.

use crate::common;

use glam::Vec2;
use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::Level;
use mazewalker::level::save::{autosave_path, backup_path};
use winit::keyboard::KeyCode;

/// Holds `action`'s key for `ticks` ticks.
fn hold(action: Action, ticks: u32) -> [ScriptStep; 3] {
    [
        ScriptStep::Action(action, true),
        ScriptStep::Ticks(ticks),
        ScriptStep::Action(action, false),
    ]
}

/// `point` on the editor's default 0.25 m grid.
fn on_grid(point: Vec2) -> Vec2 {
    (point / 0.25).round() * 0.25
}

#[test]
fn a_wall_plotted_in_the_window_is_saved_and_stops_the_eye() {
    if !crate::own_process("edit::a_wall_plotted_in_the_window_is_saved_and_stops_the_eye") {
        return;
    }
    if !common::display_or_skip("window_edit") {
        return;
    }
    let (path, level) = common::level_file("window_edit", common::HALL);

    let mut script = vec![ScriptStep::Ticks(3)];
    script.extend(common::press(Action::ToggleEdit));
    script.extend([ScriptStep::Ticks(2), ScriptStep::CaptureHud]);
    // The first point, where the eye stands (looking level, the crosshair
    // meets no floor).
    script.push(ScriptStep::Checkpoint);
    script.extend(common::press(Action::PlotPoint));
    // Walk sideways about 3 m (a simulated second), plot the second
    // point: a wall.
    script.extend(hold(Action::StrafeRight, 120));
    script.extend([ScriptStep::Ticks(3), ScriptStep::Checkpoint]);
    script.extend(common::press(Action::PlotPoint));
    script.extend(common::press(Action::EndChain));
    script.extend([ScriptStep::Ticks(2), ScriptStep::CaptureHud]);
    // Esc with unsaved edits only warns: the session goes on.
    script.extend(common::press(Action::ReleaseOrQuit));
    script.extend([ScriptStep::Ticks(2), ScriptStep::CaptureHud]);
    // Ctrl+S saves, and does not walk backwards.
    script.push(ScriptStep::Checkpoint);
    script.extend(common::ctrl_chord(KeyCode::KeyS));
    // Long enough for the watcher to see the save (50 ms debounce), with
    // the simulation stopped: a real wait, not a walk.
    script.extend([
        ScriptStep::Wait(std::time::Duration::from_millis(500)),
        ScriptStep::Checkpoint,
    ]);
    script.push(ScriptStep::CaptureHud);
    // Edit mode off: walk back from the wall's end, to its middle, and run
    // into it.
    script.extend(common::press(Action::ToggleEdit));
    script.extend(hold(Action::MoveBackward, 40));
    script.extend(hold(Action::StrafeLeft, 55));
    script.push(ScriptStep::Action(Action::Run, true));
    script.extend(hold(Action::MoveForward, 120));
    script.push(ScriptStep::Action(Action::Run, false));
    script.extend([ScriptStep::Ticks(2), ScriptStep::Checkpoint]);
    script.push(ScriptStep::Close);

    let options = WindowOptions {
        size: (320, 180),
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    // The exact bits, to compare runs on an idle and a loaded machine.
    eprintln!(
        "checkpoints {}",
        common::checkpoint_bits(&report.checkpoints)
    );
    let [first, second, before_save, after_save, stopped] = report.checkpoints[..] else {
        panic!("expected 5 checkpoints, got {:?}", report.checkpoints);
    };
    let (a, b) = (on_grid(first), on_grid(second));
    eprintln!("plotted {a} → {b}; walked {:.2} m", first.distance(second));
    assert!(
        a.distance(b) >= 1.0,
        "walked too little to plot a wall: {a} → {b}"
    );
    assert_eq!(before_save, after_save, "Ctrl+S moved the eye");

    // The HUD: edit mode, grid, cursor, undo depth and `unsaved`.
    let [entered, plotted, warned, saved] = &report.huds[..] else {
        panic!("expected 4 HUD captures, got {:?}", report.huds);
    };
    let edit_line = |hud: &[String]| {
        hud.iter()
            .find(|line| line.starts_with("EDIT"))
            .cloned()
            .unwrap_or_else(|| panic!("no EDIT line in {hud:?}"))
    };
    let line = edit_line(entered);
    assert!(line.contains("grid 0.25 m") && line.contains("cursor 0.00, 0.00"));
    assert!(
        line.contains("undo 0") && !line.contains("unsaved"),
        "{line}"
    );
    let line = edit_line(plotted);
    assert!(
        line.contains("undo 1") && line.contains("unsaved"),
        "{line}"
    );
    assert!(
        warned.iter().any(|line| line.contains("Esc again quits")),
        "{warned:?}"
    );
    let line = edit_line(saved);
    assert!(
        line.contains("undo 1") && !line.contains("unsaved"),
        "{line}"
    );

    // The file: the original text untouched, one `[[wall]]` appended where
    // the points were plotted; the previous version kept as `.bak`.
    let text = std::fs::read_to_string(&path).expect("the saved file");
    assert!(
        text.starts_with(common::HALL),
        "the original text changed:\n{text}"
    );
    assert_eq!(text.matches("[[wall]]").count(), 5, "{text}");
    assert_eq!(
        std::fs::read_to_string(backup_path(&path)).expect("the backup"),
        common::HALL
    );
    assert!(!autosave_path(&path).exists(), "a save removes the journal");
    let saved_level = Level::load(&path).expect("the saved file loads").level;
    let wall = saved_level.walls.last().expect("the new wall");
    assert_eq!((wall.a, wall.b), (a, b), "{text}");
    // The program's own save is no reload.
    assert!(
        report.reloads.iter().all(|record| !record.swapped),
        "{:?}",
        report.reloads
    );

    // Walking into it with edit mode off stops at its radius (and a skin).
    let direction = (b - a).normalize();
    let along = (stopped - a).dot(direction);
    let across = (stopped - a).perp_dot(direction).abs();
    assert!(
        along > 0.0 && along < a.distance(b),
        "ran past the wall's ends: {stopped}"
    );
    assert!(
        (wall.radius..=wall.radius + 0.011).contains(&across),
        "stopped {across} m from the wall (radius {}) at {stopped}",
        wall.radius
    );
}
