//! Tools 6 (floors) and 7 (stairs) in the real window, under a real X
//! server (Xvfb in CI), on simulated time: a square floor plotted corner by
//! corner as the eye walks round it, a flight of stairs from its foot to its
//! top with the wheel setting its steps, and Ctrl+S. The file read back
//! holds the floor and one floor per step, each a rise higher than the one
//! before, and `mazewalker check` takes it. Its own test binary: one event
//! loop per process.

use crate::common;

use std::process::Command;

use glam::Vec2;
use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::edit::stairs::{FLOOR_RAISE, STEP_RISE};
use mazewalker::level::Level;
use winit::keyboard::KeyCode;

/// Ticks to walk one metre at the default 3 m/s.
const ONE_METRE: u32 = 40;

/// Walks with `action`'s key held for `metres`.
fn walk(action: Action, metres: u32) -> [ScriptStep; 3] {
    [
        ScriptStep::Action(action, true),
        ScriptStep::Ticks(metres * ONE_METRE),
        ScriptStep::Action(action, false),
    ]
}

#[test]
fn a_floor_and_a_flight_of_stairs_are_made_in_the_window_saved_and_reopened() {
    if !crate::own_process(
        "floors::a_floor_and_a_flight_of_stairs_are_made_in_the_window_saved_and_reopened",
    ) {
        return;
    }
    if !common::display_or_skip("window_floors") {
        return;
    }
    let (path, level) = common::level_file("window_floors", common::HALL);
    assert!(level.floors.is_empty());

    // The eye starts at (0, 0) looking along +x; "right" is +z. Looking
    // level, the cursor point is where the eye stands.
    let mut script = vec![ScriptStep::Ticks(3)];
    script.extend(common::press(Action::ToggleEdit));
    // Tool 6: Space at (1, 0), (2, 0), (2, 1), (1, 1), and Enter: a square
    // floor.
    script.extend(common::press(Action::ToolFloors));
    script.extend(walk(Action::MoveForward, 1));
    script.extend(common::press(Action::PlotPoint));
    for (side, metres) in [
        (Action::MoveForward, 1),
        (Action::StrafeRight, 1),
        (Action::MoveBackward, 1),
    ] {
        script.extend(walk(side, metres));
        script.extend(common::press(Action::PlotPoint));
    }
    script.extend(common::press(Action::EndChain));
    // Tool 7: Space at the foot, (1, 3); Space at the top, (4, 3); the
    // wheel four notches back from the ten treads that fit; Enter.
    script.extend(common::press(Action::ToolStairs));
    script.extend(walk(Action::StrafeRight, 2));
    script.extend(common::press(Action::PlotPoint));
    script.extend(walk(Action::MoveForward, 3));
    script.extend(common::press(Action::PlotPoint));
    script.extend([ScriptStep::Wheel(-4.0), ScriptStep::Ticks(2)]);
    script.push(ScriptStep::CaptureHud);
    script.extend(common::press(Action::EndChain));
    script.extend(common::ctrl_chord(KeyCode::KeyS));
    script.extend([ScriptStep::Ticks(2), ScriptStep::CaptureHud]);
    script.push(ScriptStep::Close);

    let options = WindowOptions {
        size: (320, 180),
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window runs");

    let [wheeled, after_save] = &report.huds[..] else {
        panic!("expected 2 HUD captures, got {:?}", report.huds);
    };
    assert!(
        wheeled.iter().any(|line| line.contains("stairs: 6 steps")),
        "{wheeled:?}"
    );
    let edit = after_save
        .iter()
        .find(|line| line.starts_with("EDIT"))
        .unwrap_or_else(|| panic!("no EDIT line in {after_save:?}"));
    assert!(edit.contains("tool stairs"), "{edit}");
    assert!(
        edit.contains("undo 2") && !edit.contains("unsaved"),
        "{edit}"
    );

    // The file read back: the square, then the flight's six steps.
    let saved = Level::load(&path).expect("the saved file loads").level;
    let text = std::fs::read_to_string(&path).expect("readable");
    assert_eq!(text.matches("\n[[floor]]\n").count(), 7, "{text}");
    let [square, steps @ ..] = &saved.floors[..] else {
        panic!("no floors in {text}");
    };
    let corner = |x: f32, z: f32| Vec2::new(x, z);
    assert_eq!(
        square.points,
        [
            corner(1.0, 0.0),
            corner(2.0, 0.0),
            corner(2.0, 1.0),
            corner(1.0, 1.0)
        ]
    );
    assert_eq!(square.height, FLOOR_RAISE);
    assert_eq!(steps.len(), 6, "{steps:?}");
    for (step, floor) in steps.iter().enumerate() {
        let expected = (step + 1) as f32 * STEP_RISE;
        assert!(
            (floor.height - expected).abs() < 1e-5,
            "step {step} at {} m",
            floor.height
        );
        let (min, max) = floor
            .points
            .iter()
            .fold((Vec2::MAX, Vec2::MIN), |(min, max), &p| {
                (min.min(p), max.max(p))
            });
        let near = 1.0 + step as f32 * 0.5;
        assert!(
            min.abs_diff_eq(corner(near, 2.4), 1e-5)
                && max.abs_diff_eq(corner(near + 0.5, 3.6), 1e-5),
            "step {step} spans {min} to {max}"
        );
    }

    // Reopened by the program: `check` takes the file.
    let check = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .arg("check")
        .arg(&path)
        .output()
        .expect("run mazewalker check");
    assert!(
        check.status.success(),
        "check failed: {}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
}
