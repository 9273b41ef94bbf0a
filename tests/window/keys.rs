//! Real key presses through the real window: xdotool types into it under a
//! real X server (Xvfb in CI), and the shell must deliver the keys and the
//! modifiers (winit's `ModifiersChanged`) to the session. Tab twice opens
//! the full map; Ctrl+S saves and does not walk backwards. Its own test
//! binary: one event loop per process.

use crate::common;

use std::process::Command;
use std::time::Duration;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};

/// The level's name, which the window's title carries: xdotool finds the
/// window by it.
const NAME: &str = "Real keys";

/// Finds the window, focuses it and types Tab, Tab, Ctrl+S as a person
/// would (through the XTEST extension, so the events are real ones).
fn type_into_the_window() -> Result<(), String> {
    let found = common::xdotool(&["search", "--sync", "--name", NAME])?;
    let window = found
        .lines()
        .next()
        .ok_or_else(|| "xdotool found no window".to_owned())?
        .to_owned();
    common::xdotool(&["windowfocus", "--sync", &window])?;
    common::xdotool(&["key", "--delay", "100", "Tab", "Tab", "ctrl+s"])?;
    Ok(())
}

#[test]
fn real_key_presses_and_modifiers_reach_the_session() {
    if !crate::own_process("keys::real_key_presses_and_modifiers_reach_the_session") {
        return;
    }
    if !common::display_or_skip("window_keys") {
        return;
    }
    if Command::new("xdotool").arg("version").output().is_err() {
        assert!(
            !common::gpu_required(),
            "MAZEWALKER_REQUIRE_GPU=1 but xdotool is not installed"
        );
        eprintln!("skipped window_keys: no xdotool");
        return;
    }
    let text = common::HALL.replace("name = \"Hall\"", &format!("name = \"{NAME}\""));
    let (path, level) = common::level_file("window_keys", &text);
    let folder = path.parent().expect("a folder").to_owned();
    let wait = Duration::from_secs(60);
    let script = vec![
        ScriptStep::Ticks(2),
        ScriptStep::Checkpoint,
        ScriptStep::AwaitHud("map full".to_owned(), wait),
        ScriptStep::CaptureHud,
        ScriptStep::AwaitHud("saved ".to_owned(), wait),
        ScriptStep::Ticks(60),
        ScriptStep::Checkpoint,
        ScriptStep::CaptureHud,
        ScriptStep::Close,
    ];
    let options = WindowOptions {
        size: (320, 180),
        watch: false,
        save_folder: Some(folder),
        ..WindowOptions::default()
    };
    let typist = std::thread::spawn(type_into_the_window);
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    typist
        .join()
        .expect("the typist thread")
        .expect("xdotool typed");

    let [map, saved] = &report.huds[..] else {
        panic!("expected 2 HUD captures, got {:?}", report.huds);
    };
    assert!(
        map.iter().any(|line| line.starts_with("map full")),
        "two real Tabs open the full map: {map:?}"
    );
    let said = format!("saved {}", path.display());
    assert!(saved.contains(&said), "a real Ctrl+S saves: {saved:?}");
    let [before, after] = report.checkpoints[..] else {
        panic!("expected 2 checkpoints, got {:?}", report.checkpoints);
    };
    assert_eq!(before, after, "Ctrl+S walked backwards");
    assert_eq!(
        std::fs::read_to_string(&path).expect("the saved level"),
        text,
        "saving an unedited level writes it back as it was"
    );
}
