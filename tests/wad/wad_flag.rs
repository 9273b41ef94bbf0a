//! `--wad WAD --map MAP` through the built binary: `check`, `replay`,
//! `screenshot` and `play` on Freedoom's E1M1 imported in memory give what
//! they give on the level file `import` writes, and write no file; every
//! wrong use is one `error:` line with exit status 1.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::{common, freedoom};

/// The binary, run in `folder`.
fn mazewalker(folder: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mazewalker"));
    command.current_dir(folder).args(args);
    command
}

/// The output of `command` fed `stdin`.
fn output_with_input(mut command: Command, stdin: &str) -> Output {
    use std::io::Write as _;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start mazewalker");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(stdin.as_bytes()).expect("write stdin");
    drop(input);
    child.wait_with_output().expect("run mazewalker")
}

/// Asserts that `output` succeeded, showing its stderr when not.
fn assert_success(output: &Output, what: &str) {
    assert!(
        output.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Freedoom's E1M1 as `--wad PATH --map E1M1` (with `e1m1` lower-case, as
/// a person may type it), or `None` with a note where it is not installed.
fn e1m1_arguments() -> Option<[String; 4]> {
    let wad = freedoom::path("freedoom1.wad")?;
    Some([
        "--wad".to_owned(),
        wad.to_str().expect("a UTF-8 path").to_owned(),
        "--map".to_owned(),
        "e1m1".to_owned(),
    ])
}

/// A scratch folder `name` with E1M1 imported in it as `e1m1.toml` (and
/// its textures), and an empty folder beside it for the `--wad` runs.
fn imported_e1m1(name: &str, wad: &[String; 4]) -> (PathBuf, PathBuf) {
    let folder = common::scratch_folder(name);
    let output = mazewalker(&folder, &["import", &wad[1], "E1M1", "--out", "e1m1.toml"])
        .output()
        .expect("run import");
    assert_success(&output, "import");
    let empty = folder.join("empty");
    std::fs::create_dir(&empty).expect("create the empty folder");
    (folder.join("e1m1.toml"), empty)
}

/// Asserts that `folder` holds nothing: the command wrote no file there.
fn assert_empty(folder: &Path) {
    let entries: Vec<_> = std::fs::read_dir(folder)
        .expect("read the folder")
        .map(|entry| entry.expect("an entry").file_name())
        .collect();
    assert!(entries.is_empty(), "files written: {entries:?}");
}

#[test]
fn check_of_a_wads_map_prints_what_check_prints_for_the_imported_file() {
    let Some(wad) = e1m1_arguments() else {
        return;
    };
    let (file, empty) = imported_e1m1("wad_flag_check", &wad);
    let from_file = mazewalker(&empty, &["check", file.to_str().expect("path")])
        .output()
        .expect("run check");
    let wad_args: Vec<&str> = wad.iter().map(String::as_str).collect();
    let from_wad = mazewalker(&empty, &[&["check"][..], &wad_args].concat())
        .output()
        .expect("run check");
    assert_success(&from_file, "check FILE");
    assert_success(&from_wad, "check --wad");
    let stdout = String::from_utf8_lossy(&from_wad.stdout);
    assert!(stdout.starts_with("ok: \"E1M1\": 390 walls"), "{stdout}");
    assert_eq!(stdout, String::from_utf8_lossy(&from_file.stdout));
    assert_eq!(
        String::from_utf8_lossy(&from_wad.stderr),
        String::from_utf8_lossy(&from_file.stderr)
    );
    assert_empty(&empty);
}

#[test]
fn replay_on_a_wads_map_walks_as_on_the_imported_file() {
    let Some(wad) = e1m1_arguments() else {
        return;
    };
    let (file, empty) = imported_e1m1("wad_flag_replay", &wad);
    // Two seconds north-east from the start, then a turn south.
    let walk = "wait 10\n".to_owned() + &"0.02 -0.02\n".repeat(240) + &"0 0.02\n".repeat(120);
    let file_args = [
        "replay",
        "--heights",
        "--level",
        file.to_str().expect("path"),
    ];
    let from_file = output_with_input(mazewalker(&empty, &file_args), &walk);
    let wad_args: Vec<&str> = wad.iter().map(String::as_str).collect();
    let replay = ["replay", "--heights"];
    let from_wad = output_with_input(
        mazewalker(&empty, &[&replay[..], &wad_args].concat()),
        &walk,
    );
    assert_success(&from_file, "replay --level");
    assert_success(&from_wad, "replay --wad");
    let positions = String::from_utf8_lossy(&from_wad.stdout);
    assert_eq!(positions.lines().count(), 10 + 240 + 120, "{positions}");
    assert_eq!(positions, String::from_utf8_lossy(&from_file.stdout));
    assert_empty(&empty);
}

#[test]
fn play_on_a_wads_map_plays_as_on_the_imported_file() {
    let Some(wad) = e1m1_arguments() else {
        return;
    };
    let (file, empty) = imported_e1m1("wad_flag_play", &wad);
    let folder = file.parent().expect("the scratch folder");
    // From E1M1's start, ten seconds' walk east (into its walls) and a
    // second to the right.
    let walk = "tick-rate 120\nstart -5 -9.5 0 0\nrepeat=1200 forward=1\nrepeat=120 right=1\nend\n";
    let on_wad = folder.join("wad.demo");
    let wad_line = format!("level wad E1M1 {}", wad[1]);
    std::fs::write(&on_wad, format!("mazewalker-demo 1\n{wad_line}\n{walk}")).expect("write");
    let on_house = folder.join("house.demo");
    std::fs::write(&on_house, format!("mazewalker-demo 1\nlevel house\n{walk}")).expect("write");
    let play = |demo: &Path, level: &[&str]| {
        let args = [
            &["play", demo.to_str().expect("path"), "--headless"][..],
            level,
        ]
        .concat();
        let output = mazewalker(&empty, &args).output().expect("run play");
        assert_success(&output, &format!("{args:?}"));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let wad_args: Vec<&str> = wad.iter().map(String::as_str).collect();
    let recorded = play(&on_wad, &[]);
    let instead = play(&on_house, &wad_args);
    let from_file = play(&on_house, &["--level", file.to_str().expect("path")]);
    assert_eq!(recorded, from_file);
    assert_eq!(instead, from_file);
    assert_ne!(
        from_file,
        play(&on_house, &[]),
        "the house is another level"
    );
    assert_empty(&empty);
}

#[test]
fn screenshot_of_a_wads_map_is_the_imported_files() {
    if common::gpu_or_skip("screenshot_of_a_wads_map_is_the_imported_files").is_none() {
        return;
    }
    let Some(wad) = e1m1_arguments() else {
        return;
    };
    let (file, empty) = imported_e1m1("wad_flag_screenshot", &wad);
    let folder = file.parent().expect("the scratch folder");
    let shoot = |out: &str, level: &[&str]| {
        let out = folder.join(out);
        let shot = [
            "screenshot",
            "--size",
            "320x200",
            "--out",
            out.to_str().expect("path"),
        ];
        let output = mazewalker(&empty, &[&shot[..], level].concat())
            .output()
            .expect("run screenshot");
        assert_success(&output, "screenshot");
        image::open(&out).expect("a PNG").to_rgba8()
    };
    let wad_args: Vec<&str> = wad.iter().map(String::as_str).collect();
    let from_wad = shoot("wad.png", &wad_args);
    let from_file = shoot("file.png", &["--level", file.to_str().expect("path")]);
    assert_eq!(from_wad.dimensions(), (320, 200));
    assert!(from_wad == from_file, "the same view of the same level");
    assert_empty(&empty);
}

/// `args` must fail with exit status 1 and one `error:` line holding
/// each of `named`, and print nothing on stdout.
fn assert_refused(folder: &Path, args: &[&str], named: &[&str]) {
    let output = mazewalker(folder, args)
        .stdin(Stdio::null())
        .output()
        .expect("run mazewalker");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    for name in named {
        assert!(stderr.contains(name), "{args:?} names {name}: {stderr}");
    }
}

#[test]
fn a_wrong_wad_or_map_is_one_error_line_with_exit_status_1() {
    let folder = common::scratch_folder("wad_flag_errors");
    let bad = folder.join("bad.wad");
    std::fs::write(&bad, b"PWAD\x01\0\0").expect("write the WAD");
    let bad = bad.to_str().expect("path");
    let missing = folder.join("missing.wad");
    let missing = missing.to_str().expect("path");
    for command in [
        &["check"][..],
        &["replay"],
        &["screenshot", "--out", "x.png"],
    ] {
        let refused = |rest: &[&str], named: &[&str]| {
            assert_refused(&folder, &[command, rest].concat(), named);
        };
        refused(&["--wad", bad], &[bad, "--map"]);
        refused(&["--map", "E1M1"], &["E1M1", "--wad"]);
        refused(
            &["--wad", bad, "--map", "E1M1", "--maze", "4x4"],
            &[bad, "--maze"],
        );
        refused(&["--wad", bad, "--map", "E1M1"], &[bad, "header"]);
        refused(&["--wad", missing, "--map", "E1M1"], &[missing]);
    }
    assert_refused(
        &folder,
        &["replay", "--wad", bad, "--map", "E1M1", "--level", "a.toml"],
        &[bad, "a.toml"],
    );
    assert_refused(
        &folder,
        &["check", "a.toml", "--wad", bad, "--map", "E1M1"],
        &[bad, "a.toml"],
    );
    // The window refuses a half before it opens (a bad WAD needs it open:
    // the level loads behind its loading screen).
    assert_refused(&folder, &["--map", "E1M1"], &["E1M1", "--wad"]);
    if let Some(freedoom1) = freedoom::path("freedoom1.wad") {
        let freedoom1 = freedoom1.to_str().expect("path");
        assert_refused(
            &folder,
            &["check", "--wad", freedoom1, "--map", "MAP01"],
            &[freedoom1, "MAP01", "no map"],
        );
    }
    assert!(!folder.join("x.png").exists());
}

#[test]
fn help_lists_wad_and_map_wherever_a_level_goes() {
    let folder = common::scratch_folder("wad_flag_help");
    for command in [&[][..], &["screenshot"], &["replay"], &["check"], &["play"]] {
        let output = mazewalker(&folder, &[command, &["--help"]].concat())
            .output()
            .expect("run --help");
        assert_success(&output, "--help");
        let help = String::from_utf8_lossy(&output.stdout);
        assert!(help.contains("--wad <WAD>"), "{command:?}: {help}");
        // `[<MAP>]`: in `screenshot`, `--map` alone is the top-down map.
        assert!(help.contains("--map [<MAP>]"), "{command:?}: {help}");
    }
}

/// The numbers of one `replay --heights` line: `x z FEET EYE`.
fn replay_numbers(line: &str) -> [f32; 4] {
    let numbers: Vec<f32> = line
        .split_whitespace()
        .map(|number| number.parse().expect("a number"))
        .collect();
    numbers.try_into().expect("four numbers")
}

#[test]
fn a_door_on_freedoom_e1m1_opens_by_use_and_the_walker_walks_under_it() {
    let Some(wad) = e1m1_arguments() else {
        return;
    };
    let (file, empty) = imported_e1m1("wad_flag_rise_door", &wad);
    // E1M1's door from (17, -34) to (17, -30), 1 m deep (x 16.5 to 17.5),
    // rising 3.875 m from 1.25 m; the start moved 2.5 m west of it, in the
    // big room, facing it (east).
    let text = std::fs::read_to_string(&file).expect("read the import");
    assert!(
        text.contains("a = [17.0, -34.0]\nb = [17.0, -30.0]\nthickness = 1.0"),
        "the door moved"
    );
    let moved = text.replacen("start = [-5.0, -9.5]", "start = [14.5, -32.0]", 1);
    std::fs::write(&file, moved).expect("write the moved start");
    // A second east (into the closed door), use, 100 ticks' wait (its
    // bottom clears the walker's 1.75 m after 96), then two seconds east.
    let walk = "0.02 0\n".repeat(120) + "use\nwait 100\n" + &"0.02 0\n".repeat(240);
    let args = [
        "replay",
        "--heights",
        "--level",
        file.to_str().expect("path"),
    ];
    let output = output_with_input(mazewalker(&empty, &args), &walk);
    assert_success(&output, "replay");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<[f32; 4]> = stdout.lines().map(replay_numbers).collect();
    assert_eq!(lines.len(), 120 + 100 + 240, "{stdout}");
    // Stopped by the closed door, its body radius (0.5 m) short of it,
    // and held there while it rises; the feet at the room's 1.25 m.
    let [x, _, feet, _] = lines[119];
    assert!((x - 16.0).abs() < 1e-3, "stopped at {x}");
    assert_eq!(feet, 1.25);
    assert!(
        lines[120..220]
            .iter()
            .all(|line| (line[0] - 16.0).abs() < 1e-3)
    );
    // Then under it and through, on the floor beyond at the same height.
    let [x, _, feet, _] = lines[459];
    assert!(x > 18.5, "still held at {x}");
    assert_eq!(feet, 1.25);
}

#[test]
fn a_line_walked_over_on_freedoom_map01_opens_the_door_ahead() {
    let Some(wad) = freedoom::path("freedoom2.wad") else {
        return;
    };
    let folder = common::scratch_folder("wad_flag_walk_switch");
    let wad = wad.to_str().expect("a UTF-8 path");
    let import = ["import", wad, "MAP01", "--out", "map01.toml"];
    assert_success(
        &mazewalker(&folder, &import).output().expect("run import"),
        "import",
    );
    let file = folder.join("map01.toml");
    // MAP01's door 3 (x 19.25 to 19.75, z 17 to 21, from 10.25 m) and the
    // line walked over at x = 18.125 that opens it; the start moved to
    // the ledge west of the line, facing east along z = 19.
    let text = std::fs::read_to_string(&file).expect("read the import");
    let door = "kind = \"rise\"\na = [19.5, 21.0]\nb = [19.5, 17.0]\nthickness = 0.5";
    let line = "a = [18.125, 17.5]\nb = [18.125, 20.5]\nby = \"walk\"\ndoors = [3]";
    assert!(text.contains(door) && text.contains(line), "the map moved");
    let moved = text
        .replacen("start = [-6.0, 5.0]", "start = [16.8, 19.0]", 1)
        .replacen("yaw = -0.0", "yaw = 0.0", 1);
    std::fs::write(&file, moved).expect("write the moved start");
    let walk = "0.02 0\n".repeat(300);
    let args = ["replay", "--heights", "--level", "map01.toml"];
    let output = output_with_input(mazewalker(&folder, &args), &walk);
    assert_success(&output, "replay");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<[f32; 4]> = stdout.lines().map(replay_numbers).collect();
    assert_eq!(lines.len(), 300, "{stdout}");
    // Over the line after 67 ticks: the door starts to rise, and the
    // walker reaches it (its radius short of x = 19.25) before its
    // bottom clears the walker's 1.75 m, 96 ticks later.
    let crossed = lines.iter().position(|line| line[0] > 18.125);
    assert_eq!(crossed, Some(66), "{stdout}");
    assert!(
        lines[100..160]
            .iter()
            .all(|line| (line[0] - 18.75).abs() < 1e-3),
        "{stdout}"
    );
    // Then under it, down the steps beyond: 10.5, 10.25, then 10 m.
    let [x, _, feet, _] = lines[299];
    assert!(x > 21.0, "still held at {x}");
    assert_eq!((lines[0][2], lines[140][2], feet), (10.5, 10.25, 10.0));
}
