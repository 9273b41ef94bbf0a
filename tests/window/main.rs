//! The real window under a real X server (Xvfb in CI), driven by scripts
//! and by xdotool. Skips with a message when there is no display, and fails
//! instead when `MAZEWALKER_REQUIRE_GPU=1`.
//!
//! One binary, a module per part, and each test in a process of its own
//! ([`own_process`]): winit makes one event loop per process.

use std::process::Command;
use std::sync::Mutex;

#[path = "../common/mod.rs"]
mod common;

mod bodies;
mod demo;
mod doors;
mod edit;
mod floors;
mod furnish;
mod huge_maze;
mod keys;
mod lifts;
mod map;
mod panel;
mod reload;
mod sound;
mod startup;
mod wad;
mod walk;

/// Set in the process that runs one window test's body.
const CHILD: &str = "MAZEWALKER_WINDOW_TEST_CHILD";

/// Held while a child process runs: one window at a time, as each would
/// take the keyboard focus that xdotool types into.
static ONE_WINDOW: Mutex<()> = Mutex::new(());

/// Whether the calling test, `test` by its full name in this binary, is to
/// run its body here. In the process `cargo test` started it runs this
/// binary again for that test alone, one window test at a time, shows that
/// process's output, fails when it fails, and says no. winit refuses a
/// second event loop in one process, so every window needs a process of
/// its own.
pub fn own_process(test: &str) -> bool {
    if std::env::var_os(CHILD).is_some() {
        return true;
    }
    let _one_window = ONE_WINDOW
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let output = Command::new(std::env::current_exe().expect("this test binary"))
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("run the test binary again");
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{test} failed in its own process");
    assert!(
        stdout.contains("test result: ok. 1 passed"),
        "{test} is not the name of one test of this binary"
    );
    false
}
