//! Never losing edits, through a scripted session on simulated time: an
//! autosave journal left by a crash is offered at start ("F9 restores N
//! unsaved edits"), F9 restores it, and a new edit is journaled within
//! seconds of session time, before any save.

use crate::common;

use glam::Vec2;
use mazewalker::app::{ScriptStep, WindowOptions, run_headless_script};
use mazewalker::bindings::Action;
use mazewalker::edit::{Edit, Journal};
use mazewalker::level::Level;
use mazewalker::level::save::autosave_path;
use winit::keyboard::KeyCode;

#[test]
fn a_crash_journal_is_offered_restored_and_kept_up_to_date() {
    let (path, level) = common::level_file("session_autosave", common::HALL);
    // What a crashed session left: one wall plotted, never saved.
    let crashed = Edit::AddWall {
        a: Vec2::new(2.0, -3.0),
        b: Vec2::new(2.0, 3.0),
    };
    let journal_path = autosave_path(&path);
    Journal::new(common::HALL, vec![crashed.clone()])
        .write(&journal_path)
        .expect("write the journal");

    let mut script = vec![ScriptStep::Ticks(3), ScriptStep::CaptureHud];
    script.extend(common::press(Action::RestoreAutosave));
    script.push(ScriptStep::CaptureHud);
    // Walking (not editing) into the restored, unsaved wall stops at its
    // radius.
    script.extend([
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(120),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Ticks(2),
        ScriptStep::Checkpoint,
    ]);
    // One more wall in edit mode, then 1.5 s of frames: the journal must
    // hold both edits by then, without a save.
    script.extend(common::press(Action::ToggleEdit));
    script.extend(common::press(Action::PlotPoint));
    script.extend([
        ScriptStep::Action(Action::StrafeLeft, true),
        ScriptStep::Ticks(120),
        ScriptStep::Action(Action::StrafeLeft, false),
    ]);
    script.extend(common::press(Action::PlotPoint));
    // Undo and redo by their chords: Ctrl+Z, Ctrl+Y, Ctrl+Z, Ctrl+Shift+Z.
    let chord = |keys: &[KeyCode]| {
        let mut steps: Vec<ScriptStep> = keys.iter().map(|&k| ScriptStep::Key(k, true)).collect();
        steps.extend(keys.iter().rev().map(|&k| ScriptStep::Key(k, false)));
        steps.extend([ScriptStep::Ticks(2), ScriptStep::CaptureHud]);
        steps
    };
    script.extend(chord(&[KeyCode::ControlLeft, KeyCode::KeyZ]));
    script.extend(chord(&[KeyCode::ControlLeft, KeyCode::KeyY]));
    script.extend(chord(&[KeyCode::ControlLeft, KeyCode::KeyZ]));
    script.extend(chord(&[
        KeyCode::ControlLeft,
        KeyCode::ShiftLeft,
        KeyCode::KeyZ,
    ]));
    script.extend([ScriptStep::Ticks(180), ScriptStep::Close]);

    let options = WindowOptions {
        size: (320, 180),
        ..WindowOptions::default()
    };
    let report = run_headless_script(level, &options, script).expect("the session runs");
    let [
        offered,
        restored,
        undone,
        redone,
        undone_again,
        redone_again,
    ] = &report.huds[..]
    else {
        panic!("expected 6 HUD captures, got {:?}", report.huds);
    };
    let depth = |hud: &[String]| {
        hud.iter()
            .find(|line| line.starts_with("EDIT"))
            .and_then(|line| line.split("undo ").nth(1))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|depth| depth.parse::<usize>().ok())
            .unwrap_or_else(|| panic!("no undo depth in {hud:?}"))
    };
    assert_eq!(
        [undone, redone, undone_again, redone_again].map(|hud| depth(hud)),
        [1, 2, 1, 2],
        "Ctrl+Z, Ctrl+Y, Ctrl+Z, Ctrl+Shift+Z"
    );
    assert!(
        offered
            .iter()
            .any(|line| line == "F9 restores 1 unsaved edits"),
        "{offered:?}"
    );
    assert!(
        !restored.iter().any(|line| line.starts_with("F9 restores")),
        "{restored:?}"
    );
    assert!(
        restored
            .iter()
            .any(|line| line.starts_with("undo 1  unsaved")),
        "{restored:?}"
    );
    let [stopped] = report.checkpoints[..] else {
        panic!("expected 1 checkpoint, got {:?}", report.checkpoints);
    };
    let radius = Level::load(&path)
        .expect("valid")
        .level
        .wall_defaults
        .radius;
    assert!(
        (2.0 - radius - 0.011..=2.0 - radius).contains(&stopped.x),
        "stopped at {stopped} before a wall at x = 2 of radius {radius}"
    );
    assert_eq!(report.walls.len(), 6, "{:?}", report.walls);
    assert_eq!(report.walls[4], (Vec2::new(2.0, -3.0), Vec2::new(2.0, 3.0)));

    // The file is untouched; the journal holds both edits, on its text.
    assert_eq!(
        std::fs::read_to_string(&path).expect("the level"),
        common::HALL
    );
    let journal = Journal::read(&journal_path).expect("the journal");
    assert!(journal.applies_to(common::HALL));
    assert_eq!(journal.len(), 2, "{journal:?}");
    assert_eq!(journal.edits()[0], crashed);
    let replayed = journal.replay(common::HALL).expect("the journal replays");
    let replayed = Level::from_toml_str(&replayed, &path).expect("valid").level;
    let walls: Vec<(Vec2, Vec2)> = replayed.walls.iter().map(|w| (w.a, w.b)).collect();
    assert_eq!(walls, report.walls);
}
