//! `mazewalker maps WAD` through the built binary: one line per map, and
//! a bad WAD's error with exit status 1.

use std::process::{Command, Output};

use crate::freedoom;

/// `mazewalker maps PATH`.
fn maps(path: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .arg("maps")
        .arg(path)
        .output()
        .expect("run maps")
}

#[test]
fn maps_lists_freedoom2s_32_maps() {
    let Some(path) = freedoom::path("freedoom2.wad") else {
        return;
    };
    let output = maps(&path);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let expected: String = (1..=32).map(|map| format!("MAP{map:02} doom\n")).collect();
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    assert!(output.stderr.is_empty());
}

#[test]
fn maps_of_a_bad_wad_exits_1_with_the_error() {
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("wad_maps_command");
    std::fs::create_dir_all(&folder).expect("create the test folder");
    let bad = folder.join("bad.wad");
    std::fs::write(&bad, b"PWAD\x01\0\0").expect("write the WAD");
    let output = maps(&bad);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "error: {}: header: the file is 7 bytes, shorter than the 12-byte header\n",
            bad.display()
        )
    );
}
