//! `mazewalker check` of a big level file with stderr not a terminal: no
//! progress display, the output as for the same level in a small file.

use std::process::{Command, Output};

use mazewalker::app::SHOW_PROGRESS_ABOVE;

use crate::common;

/// `mazewalker check PATH`, with stderr a pipe.
fn check(path: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .args(["check", path.to_str().expect("path")])
        .output()
        .expect("run check")
}

#[test]
fn a_big_file_checked_into_a_pipe_prints_no_progress() {
    let folder = common::scratch_folder("cli_check_big");
    let small = folder.join("hall.toml");
    std::fs::write(&small, common::HALL).expect("write the level");
    // The same level, made big by a comment.
    let line = format!("# {}\n", "x".repeat(1021));
    let lines = usize::try_from(SHOW_PROGRESS_ABOVE).expect("fits") / line.len() + 1;
    let big = folder.join("big.toml");
    std::fs::write(&big, format!("{}{}", common::HALL, line.repeat(lines))).expect("write");
    assert!(std::fs::metadata(&big).expect("size").len() > SHOW_PROGRESS_ABOVE);

    let (small, big) = (check(&small), check(&big));
    assert!(
        big.status.success(),
        "{}",
        String::from_utf8_lossy(&big.stderr)
    );
    assert_eq!(big.stderr, small.stderr, "stderr as for a small file");
    assert_eq!(big.stdout, small.stdout);
}
