//! The window's start-up: a level that cannot be loaded, named to the
//! program with no subcommand, closes the window it opened and ends the
//! program as the command line reports such a level: the error once on
//! stderr, exit status 1, no panic. A demo played in the window that
//! cannot be opened, or whose level cannot be loaded, ends it as
//! `play --headless` reports that demo.

use std::process::{Command, Output};

use crate::common;

/// The program run with `args` in `folder`.
fn mazewalker<A: AsRef<std::ffi::OsStr>>(folder: &std::path::Path, args: &[A]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .args(args)
        .current_dir(folder)
        .output()
        .expect("run mazewalker")
}

#[test]
fn a_level_that_cannot_be_loaded_ends_the_window_with_the_command_lines_error() {
    if !crate::own_process(
        "startup::a_level_that_cannot_be_loaded_ends_the_window_with_the_command_lines_error",
    ) {
        return;
    }
    if !common::display_or_skip("window_startup") {
        return;
    }
    let folder = common::scratch_folder("window_startup_fails");
    let missing = folder.join("missing.toml");
    let missing = missing.as_os_str();
    let window = mazewalker(
        &folder,
        &[
            "--level".as_ref(),
            missing,
            "--size".as_ref(),
            "320x180".as_ref(),
        ],
    );
    let check = mazewalker(&folder, &["check".as_ref(), missing]);
    assert_ends_with_the_error_of(&window, &check, "the level");
}

#[test]
fn a_demo_that_cannot_be_played_ends_the_window_with_the_headless_error() {
    if !crate::own_process(
        "startup::a_demo_that_cannot_be_played_ends_the_window_with_the_headless_error",
    ) {
        return;
    }
    if !common::display_or_skip("window_startup_demo") {
        return;
    }
    let folder = common::scratch_folder("window_startup_demo_fails");
    let house = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/demos/house.demo");
    let text = std::fs::read_to_string(house).expect("the house demo");
    // A demo on a level file that is not there (its level is loaded on
    // the start-up's worker), and a file that is no demo (its header is
    // read before the window opens).
    let no_level = text.replacen("level house\n", "level file missing.toml\n", 1);
    std::fs::write(folder.join("no-level.demo"), no_level).expect("write the demo");
    std::fs::write(folder.join("no-demo.demo"), "a shopping list\n").expect("write the file");
    for name in ["no-level.demo", "no-demo.demo"] {
        let window = mazewalker(&folder, &["play", name]);
        let headless = mazewalker(&folder, &["play", name, "--headless"]);
        assert_ends_with_the_error_of(&window, &headless, name);
    }
}

/// The window's run ended with status 1 and printed the one `error:` line
/// that `command` (the same input without a window) printed, once and
/// alone on its line (Mesa may add lines of its own), and nothing
/// panicked. `case` names the input in a failure.
fn assert_ends_with_the_error_of(window: &Output, command: &Output, case: &str) {
    let said = String::from_utf8_lossy(&window.stderr);
    let error = String::from_utf8_lossy(&command.stderr);
    assert!(
        error.starts_with("error: ") && error.lines().count() == 1,
        "{case}: {error}"
    );
    assert_eq!(window.status.code(), Some(1), "{case}: {said}");
    let error = error.trim_end();
    let told = said.lines().filter(|line| *line == error);
    assert_eq!(told.count(), 1, "{case}: {said}");
    assert!(!said.contains("panicked"), "{case}: {said}");
}
