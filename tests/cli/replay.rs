//! `mazewalker replay`: the command-line contract, end to end through the binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// A level with one wall across x = 2 (radius 0.5) and the start at the origin.
const ONE_WALL: &str = r#"
name = "one wall"

[player]
start = [0.0, 0.0]

[[wall]]
a = [2.0, -10.0]
b = [2.0, 10.0]
radius = 0.5
"#;

fn level_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mazewalker-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write level");
    path
}

fn replay(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .arg("replay")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start mazewalker");
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_owned();
    let writer = std::thread::spawn(move || {
        // The child may exit early on a bad line; a broken pipe is expected then.
        let _ = input.write_all(text.as_bytes());
    });
    let output = child.wait_with_output().expect("wait for mazewalker");
    writer.join().expect("writer thread");
    output
}

fn positions(output: &Output) -> Vec<(f32, f32)> {
    String::from_utf8(output.stdout.clone())
        .expect("UTF-8 stdout")
        .lines()
        .map(|line| {
            let mut numbers = line.split(' ').map(|n| n.parse::<f32>().expect("a number"));
            let x = numbers.next().expect("x");
            let z = numbers.next().expect("z");
            assert!(numbers.next().is_none(), "extra field in {line:?}");
            (x, z)
        })
        .collect()
}

#[test]
fn slides_along_the_wall_and_prints_one_position_per_move() {
    let level = level_file("slide.toml", ONE_WALL);
    let output = replay(
        &["--level", level.to_str().expect("path")],
        "# into the wall at 45 degrees\n\n3 3\n0 1\n",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let walk = positions(&output);
    assert_eq!(walk.len(), 2);
    let (x, z) = walk[0];
    assert!(x <= 1.5 + 1e-5 && x > 1.45, "stopped at x = {x}");
    assert!(z > 2.9, "slid along the wall to z = {z}");
    assert!((walk[1].1 - (z + 1.0)).abs() < 1e-4);
}

#[test]
fn reject_refuses_and_ghost_passes_through() {
    let level = level_file("policies.toml", ONE_WALL);
    let path = level.to_str().expect("path");
    let rejected = positions(&replay(&["--level", path, "--reject"], "3 3\n"));
    assert_eq!(rejected, vec![(0.0, 0.0)]);
    let ghost = positions(&replay(&["--level", path, "--ghost"], "3 3\n"));
    assert_eq!(ghost, vec![(3.0, 3.0)]);
}

#[test]
fn negative_start_works_with_and_without_equals_sign() {
    let level = level_file("from.toml", ONE_WALL);
    let path = level.to_str().expect("path");
    for args in [
        vec!["--level", path, "--from=-3.5,2"],
        vec!["--level", path, "--from", "-3.5,2"],
    ] {
        let output = replay(&args, "0.5 -1\n");
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(positions(&output), vec![(-3.0, 1.0)], "{args:?}");
    }
}

#[test]
fn a_malformed_line_is_an_error_naming_its_number() {
    let level = level_file("malformed.toml", ONE_WALL);
    let output = replay(
        &["--level", level.to_str().expect("path")],
        "0.1 0\n\n0.1 zero\n0.1 0\n",
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("line 3"), "{stderr}");
    assert_eq!(
        positions(&output).len(),
        1,
        "moves before the bad line are still printed"
    );
}

#[test]
fn a_bad_level_fails_like_check() {
    let level = level_file(
        "bad.toml",
        "name = \"bad\"\n[player]\nstart = [0.0, 0.0]\nnope = 1\n",
    );
    let path = level.to_str().expect("path");
    let from_replay = replay(&["--level", path], "");
    let from_check = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .args(["check", path])
        .output()
        .expect("run check");
    assert!(!from_replay.status.success() && !from_check.status.success());
    assert_eq!(from_replay.stderr, from_check.stderr);
    assert!(String::from_utf8_lossy(&from_check.stderr).contains("nope"));
}

#[test]
fn streams_a_long_walk_on_the_default_house() {
    let moves = 100_000;
    let input = "0.01 0.003\n-0.004 0.012\n".repeat(moves / 2);
    let output = replay(&[], &input);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(positions(&output).len(), moves);
}

/// A move of 10 Tm from the house's start, along each axis: the loose
/// bodies' broad phase files the walker's swept circle under grid cells
/// whose index lies past `i32`'s range, and clamps it to the grid instead
/// of overflowing. The eye slides to a stop against the house's walls.
#[test]
fn a_move_far_past_the_house_stops_at_its_walls() {
    for line in ["1e13 0", "-1e13 0", "0 1e13", "0 -1e13"] {
        let output = replay(&[], &format!("{line}\n"));
        assert!(
            output.status.success(),
            "{line}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let walked = positions(&output);
        assert_eq!(walked.len(), 1, "{line}");
        let (x, z) = walked[0];
        assert!(x.abs() < 100.0 && z.abs() < 100.0, "{line}: at {x} {z}");
    }
}

/// A wall across x = 3 with a doorway from z = -0.45 to 0.45, and a swing
/// door in it that opens away from the start (at the origin, facing +x).
const DOORWAY: &str = r#"
[player]
start = [0.0, 0.0]

[[wall]]
a = [3.0, -10.0]
b = [3.0, -0.45]

[[wall]]
a = [3.0, 0.45]
b = [3.0, 10.0]

[[door]]
a = [3.0, -0.45]
b = [3.0, 0.45]
swing = -90
"#;

#[test]
fn use_and_wait_open_a_door_to_walk_through() {
    let path = level_file("doorway.toml", DOORWAY);
    let path = path.to_str().expect("UTF-8 path");
    // 200 ticks of 2.5 cm toward the door: stopped by the closed leaf.
    let walk = "0.025 0\n".repeat(200);
    let closed = positions(&replay(&["--level", path], &walk));
    assert_eq!(closed.len(), 200);
    let (x, _) = closed[199];
    assert!((x - (3.0 - 0.03 - 0.25)).abs() < 1e-3, "stopped at {x}");
    // Use (facing the way it walked), wait a second, walk on: through.
    let input = format!("{walk}use\nwait 120\n{walk}");
    let opened = positions(&replay(&["--level", path], &input));
    assert_eq!(
        opened.len(),
        200 + 120 + 200,
        "one line a move and a waited tick"
    );
    assert!(opened[519].0 > 4.0, "walked through to {:?}", opened[519]);
    // Waiting does not move an eye the door does not touch.
    assert!(opened[200..320].iter().all(|&p| p == closed[199]));
}

#[test]
fn bad_use_and_wait_lines_are_errors_naming_their_number() {
    let path = level_file("doorway_errors.toml", DOORWAY);
    let path = path.to_str().expect("UTF-8 path");
    for (input, line) in [
        ("use\nwait\n", "line 2"),
        ("0 0\nwait many\n", "line 2"),
        ("# c\nuse the door\n", "line 2"),
        ("wait 1 2\n", "line 1"),
    ] {
        let output = replay(&["--level", path], input);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{input:?}");
        assert!(stderr.contains(line), "{input:?}: {stderr}");
    }
}

/// A room 10 m across, the start in its middle, and a loose 1 kg box of
/// 0.5 m 1 m north of the start (toward -z).
const ONE_BOX: &str = r#"
name = "one box"
wall_thickness = 0.2

[player]
start = [5.0, 5.0]
yaw = -90

[[wall]]
a = [0.0, 0.0]
b = [10.0, 0.0]

[[wall]]
a = [10.0, 0.0]
b = [10.0, 10.0]

[[wall]]
a = [10.0, 10.0]
b = [0.0, 10.0]

[[wall]]
a = [0.0, 10.0]
b = [0.0, 0.0]

[[obstacle]]
points = [[4.75, 3.5], [5.25, 3.5], [5.25, 4.0], [4.75, 4.0]]
loose = true
mass = 1
"#;

#[test]
fn bodies_prints_a_line_for_each_body_that_moved_after_its_tick() {
    let path = level_file("one-box.toml", ONE_BOX);
    let level = path.to_str().expect("UTF-8 path");
    // Toward the box without reaching it, then a kick, then a wait while it slides.
    let input = "0 -0.01\nuse\nwait 3\n";
    let quiet = replay(&["--level", level], input);
    assert!(quiet.status.success(), "{quiet:?}");
    assert_eq!(positions(&quiet).len(), 4, "no body lines without --bodies");

    let output = replay(&["--level", level, "--bodies"], input);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8 stdout");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "5 4.99", "the eye's move, then nothing moved");
    let bodies: Vec<Vec<f32>> = lines[1..]
        .iter()
        .filter(|line| line.starts_with("body "))
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 5, "{line}");
            assert_eq!(fields[1], "0", "the first loose obstacle: {line}");
            fields[2..]
                .iter()
                .map(|n| n.parse().expect("a number"))
                .collect()
        })
        .collect();
    assert_eq!(bodies.len(), 3, "one line after each wait tick: {text}");
    assert_eq!(lines.len(), 1 + 3 * 2, "{text}");
    let mut z = 3.75;
    for body in &bodies {
        assert!((body[0] - 5.0).abs() < 1e-3, "kicked straight: {body:?}");
        assert!(body[1] < z, "sliding north: {body:?}");
        assert!(body[2].abs() < 0.5, "hardly turned: {body:?}");
        z = body[1];
    }
}
