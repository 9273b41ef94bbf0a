//! A Doom map opened in the real window with `--wad WAD --map MAP`:
//! Freedoom's E1M1, imported in memory, is drawn and walked; a WAD that
//! cannot be imported ends the window as `check` reports it. Skips with a
//! message when there is no display (or no Freedoom), and fails instead
//! when `MAZEWALKER_REQUIRE_GPU=1` (or under CI).

use std::path::{Path, PathBuf};
use std::process::Command;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::LevelChoice;

use crate::common;

/// Freedoom's first WAD, `None` (with a note) where it is not installed;
/// under CI, which installs it, a missing file fails.
fn freedoom1() -> Option<PathBuf> {
    let path = PathBuf::from("/usr/share/games/doom/freedoom1.wad");
    if path.exists() {
        return Some(path);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{} is missing",
        path.display()
    );
    eprintln!(
        "skipped: {} is missing (apt install freedoom)",
        path.display()
    );
    None
}

#[test]
fn freedoom_e1m1_opens_in_the_window_and_walks() {
    if !crate::own_process("wad::freedoom_e1m1_opens_in_the_window_and_walks") {
        return;
    }
    if !common::display_or_skip("window_wad") {
        return;
    }
    let Some(wad) = freedoom1() else {
        return;
    };
    let choice = LevelChoice::Wad {
        wad,
        map: "E1M1".to_owned(),
    };
    let level = choice
        .load()
        .unwrap_or_else(|error| panic!("{error}"))
        .level;
    let start = level.player.start;
    let script = vec![
        ScriptStep::Ticks(3),
        ScriptStep::Checkpoint,
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(60),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Checkpoint,
        ScriptStep::Close,
    ];
    let options = WindowOptions {
        size: (320, 180),
        watch: false,
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    assert_eq!(report.level_name, "E1M1");
    assert!(report.frames_rendered > 0, "{report:?}");
    let [at_start, walked] = report.checkpoints[..] else {
        panic!("expected 2 checkpoints, got {:?}", report.checkpoints);
    };
    assert_eq!(at_start, start);
    assert!(
        walked.distance(start) > 1.0,
        "walked from {start} to {walked}"
    );
}

#[test]
fn a_wad_that_cannot_be_imported_ends_the_window_with_checks_error() {
    if !crate::own_process("wad::a_wad_that_cannot_be_imported_ends_the_window_with_checks_error") {
        return;
    }
    if !common::display_or_skip("window_wad_fails") {
        return;
    }
    let folder = common::scratch_folder("window_wad_fails");
    std::fs::write(folder.join("bad.wad"), b"PWAD\x01\0\0").expect("write the WAD");
    // A WAD of no lump: its directory reads, and holds no map.
    let empty = [
        b"PWAD".as_slice(),
        &0_i32.to_le_bytes(),
        &12_i32.to_le_bytes(),
    ]
    .concat();
    std::fs::write(folder.join("empty.wad"), empty).expect("write the WAD");
    let run = |folder: &Path, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_mazewalker"))
            .args(args)
            .current_dir(folder)
            .output()
            .expect("run mazewalker")
    };
    for wad in ["bad.wad", "empty.wad"] {
        let level = ["--wad", wad, "--map", "E1M1"];
        let window = run(&folder, &[&level[..], &["--size", "320x180"]].concat());
        let check = run(&folder, &[&["check"][..], &level].concat());
        let said = String::from_utf8_lossy(&window.stderr);
        let error = String::from_utf8_lossy(&check.stderr);
        assert!(
            error.starts_with(&format!("error: {wad}: ")) && error.lines().count() == 1,
            "{wad}: {error}"
        );
        assert_eq!(window.status.code(), Some(1), "{wad}: {said}");
        let told = said.lines().filter(|line| *line == error.trim_end());
        assert_eq!(told.count(), 1, "{wad}: {said}");
        assert!(!said.contains("panicked"), "{wad}: {said}");
    }
}
