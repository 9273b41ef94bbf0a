//! Furnishing a room without leaving the program, through the real window
//! under a real X server (Xvfb in CI), on simulated time: four walls with
//! tool 1 leaving a doorway, a door in it with tool 4, a lamp with tool 3, a
//! table with tool 2, and Ctrl+S. The file read back holds all of it; with
//! edit mode off the eye walks into the table and stops at its body radius.
//! It counts the actions (key presses, Ctrl+S as one) and the simulated
//! seconds: targets at most 30 actions and 40 s. Its own test binary: one
//! event loop per process.

use crate::common;

use glam::Vec2;
use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::{DoorKind, Level};
use winit::keyboard::KeyCode;

/// Ticks to walk one metre at the default 3 m/s.
const ONE_METRE: u32 = 40;

/// Walks with `action`'s key held for `metres`: one action.
fn walk(action: Action, metres: u32) -> [ScriptStep; 3] {
    [
        ScriptStep::Action(action, true),
        ScriptStep::Ticks(metres * ONE_METRE),
        ScriptStep::Action(action, false),
    ]
}

/// Half a metre's walk, for the table's depth.
fn walk_half(action: Action) -> [ScriptStep; 3] {
    [
        ScriptStep::Action(action, true),
        ScriptStep::Ticks(ONE_METRE / 2),
        ScriptStep::Action(action, false),
    ]
}

#[test]
fn a_room_is_furnished_in_the_window_in_few_actions_and_the_table_stops_the_eye() {
    if !crate::own_process(
        "furnish::a_room_is_furnished_in_the_window_in_few_actions_and_the_table_stops_the_eye",
    ) {
        return;
    }
    if !common::display_or_skip("window_furnish") {
        return;
    }
    let (path, level) = common::level_file("window_furnish", common::HALL);
    let original_walls = level.walls.len();

    // The eye starts at (0, 0) looking along +x; "right" is +z. Looking
    // level, the cursor point is where the eye stands.
    let mut script = vec![ScriptStep::Ticks(3)];
    script.extend(common::press(Action::ToggleEdit));
    // Tool 1 (the default): (0,0) → (4,0) → (4,4) → (0,4) → (0,1), and
    // Enter: four walls, a 1 m doorway left in the west side.
    script.extend(common::press(Action::PlotPoint));
    for (side, metres) in [
        (Action::MoveForward, 4),
        (Action::StrafeRight, 4),
        (Action::MoveBackward, 4),
        (Action::StrafeLeft, 3),
    ] {
        script.extend(walk(side, metres));
        script.extend(common::press(Action::PlotPoint));
    }
    script.extend(common::press(Action::EndChain));
    // Tool 4: the hinge jamb where the eye stands (the last wall's end),
    // the other jamb 1 m on: a door across the doorway.
    script.extend(common::press(Action::ToolDoors));
    script.extend(common::press(Action::PlotPoint));
    script.extend(walk(Action::StrafeLeft, 1));
    script.extend(common::press(Action::PlotPoint));
    // Into the room, to (2, 2): tool 3, a lamp there.
    script.extend(walk(Action::MoveForward, 2));
    script.extend(walk(Action::StrafeRight, 2));
    script.extend(common::press(Action::ToolLamps));
    script.extend(common::press(Action::PlotPoint));
    // Tool 2: a table 1 m by 0.5 m, its corners plotted as the eye walks
    // round them, Enter makes it.
    script.extend(common::press(Action::ToolObstacles));
    script.extend(common::press(Action::PlotPoint));
    script.extend(walk(Action::MoveForward, 1));
    script.extend(common::press(Action::PlotPoint));
    script.extend(walk_half(Action::StrafeRight));
    script.extend(common::press(Action::PlotPoint));
    script.extend(walk(Action::MoveBackward, 1));
    script.extend(common::press(Action::PlotPoint));
    script.extend(common::press(Action::EndChain));
    // Ctrl+S: one action of two keys.
    script.extend(common::ctrl_chord(KeyCode::KeyS));
    let presses = script
        .iter()
        .filter(|step| matches!(step, ScriptStep::Action(_, true) | ScriptStep::Key(_, true)))
        .count();
    let actions = presses - 1;
    let furnishing_steps = script.len();

    // Then, not counted: out of the table's corner to (2.5, 1.5), edit
    // mode off, and a walk towards +z into the table's near side (z = 2).
    script.extend([ScriptStep::Ticks(2), ScriptStep::CaptureHud]);
    script.extend(walk(Action::StrafeLeft, 1));
    script.extend(walk_half(Action::MoveForward));
    script.extend(common::press(Action::ToggleEdit));
    script.extend([ScriptStep::Ticks(2), ScriptStep::Checkpoint]);
    script.extend(walk(Action::StrafeRight, 1));
    script.extend([ScriptStep::Ticks(2), ScriptStep::Checkpoint]);
    script.push(ScriptStep::Close);

    let options = WindowOptions {
        size: (320, 180),
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script.clone()).expect("the window runs");
    let furnishing_ticks: u32 = script[..furnishing_steps]
        .iter()
        .map(|step| match step {
            ScriptStep::Ticks(ticks) => *ticks,
            _ => 0,
        })
        .sum();
    let seconds = f64::from(furnishing_ticks) / 120.0;
    eprintln!("furnish a room: {actions} actions, {seconds:.2} s simulated");
    assert!(actions <= 30, "{actions} actions");
    assert!(seconds <= 40.0, "{seconds} s");

    let [after_save] = &report.huds[..] else {
        panic!("expected 1 HUD capture, got {:?}", report.huds);
    };
    let edit = after_save
        .iter()
        .find(|line| line.starts_with("EDIT"))
        .unwrap_or_else(|| panic!("no EDIT line in {after_save:?}"));
    assert!(!edit.contains("unsaved"), "{edit}");

    // The file read back: four new walls leaving a doorway, the door in
    // it, the lamp and the table.
    let saved = Level::load(&path).expect("the saved file loads").level;
    let walls: Vec<(Vec2, Vec2)> = saved
        .walls
        .iter()
        .skip(original_walls)
        .map(|wall| (wall.a, wall.b))
        .collect();
    let corner = |x: f32, z: f32| Vec2::new(x, z);
    assert_eq!(
        walls,
        [
            (corner(0.0, 0.0), corner(4.0, 0.0)),
            (corner(4.0, 0.0), corner(4.0, 4.0)),
            (corner(4.0, 4.0), corner(0.0, 4.0)),
            (corner(0.0, 4.0), corner(0.0, 1.0)),
        ]
    );
    let [door] = &saved.doors[..] else {
        panic!("expected one door, got {:?}", saved.doors);
    };
    assert_eq!((door.a, door.b), (corner(0.0, 1.0), corner(0.0, 0.0)));
    assert_eq!(door.kind, DoorKind::Swing);
    let [lamp] = &saved.lights[..] else {
        panic!("expected one lamp, got {:?}", saved.lights);
    };
    assert_eq!(lamp.at, corner(2.0, 2.0));
    let [table] = &saved.obstacles[..] else {
        panic!("expected one obstacle, got {:?}", saved.obstacles);
    };
    let (min, max) = table
        .polygon
        .points()
        .iter()
        .fold((Vec2::MAX, Vec2::MIN), |(min, max), &p| {
            (min.min(p), max.max(p))
        });
    assert_eq!((min, max), (corner(2.0, 2.0), corner(3.0, 2.5)));

    // Walking into the table's near side stops the eye at its body radius
    // (and the collider's skin).
    let [before, stopped] = report.checkpoints[..] else {
        panic!("expected 2 checkpoints, got {:?}", report.checkpoints);
    };
    eprintln!(
        "checkpoints {}",
        common::checkpoint_bits(&report.checkpoints)
    );
    assert!(
        (2.0..=3.0).contains(&before.x) && before.y < 2.0 - saved.player.radius,
        "not before the table: {before}"
    );
    let gap = min.y - stopped.y;
    assert!(
        (saved.player.radius..=saved.player.radius + 0.011).contains(&gap),
        "stopped {gap} m from the table (radius {}) at {stopped}",
        saved.player.radius
    );
}
