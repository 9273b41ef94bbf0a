//! `mazewalker screenshot`: the command-line contract, end to end through
//! the binary. Needs an adapter (Mesa's llvmpipe will do): skips with a
//! message without one, fails instead when `MAZEWALKER_REQUIRE_GPU=1`.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};

use common::{TOLERANCE, assert_matches_golden, gpu_or_skip};

fn out_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mazewalker-screenshot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn screenshot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .arg("screenshot")
        .args(args)
        .output()
        .expect("run mazewalker")
}

#[test]
fn default_view_is_the_golden_spawn_image() {
    if gpu_or_skip("default_view_is_the_golden_spawn_image").is_none() {
        return;
    }
    let out = out_dir().join("spawn.png");
    let output = screenshot(&["--out", out.to_str().expect("path"), "--size", "480x270"]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    assert!(output.stdout.is_empty(), "stdout is not for logs");
    let image = image::open(&out).expect("a PNG").to_rgba8();
    // The same picture the golden test renders through the library.
    assert_matches_golden("house_spawn", &image, TOLERANCE);
}

#[test]
fn every_flag_of_the_contract_is_accepted_with_negative_numbers() {
    if gpu_or_skip("every_flag_of_the_contract_is_accepted_with_negative_numbers").is_none() {
        return;
    }
    let dir = out_dir();
    let equals = dir.join("equals.png");
    let spaced = dir.join("spaced.png");
    let common_args = [
        "--yaw",
        "-90",
        "--pitch",
        "-10",
        "--size",
        "200x120",
        "--debug-lines",
        "--hud",
    ];
    let first = screenshot(
        &[
            &["--out", equals.to_str().expect("path"), "--at=-3.5,2"][..],
            &common_args,
        ]
        .concat(),
    );
    assert!(first.status.success(), "{}", common::stderr(&first));
    let second = screenshot(
        &[
            &["--out", spaced.to_str().expect("path"), "--at", "-3.5,2"][..],
            &common_args,
        ]
        .concat(),
    );
    assert!(second.status.success(), "{}", common::stderr(&second));
    let a = image::open(&equals).expect("a PNG").to_rgba8();
    let b = image::open(&spaced).expect("a PNG").to_rgba8();
    assert_eq!(a.dimensions(), (200, 120));
    assert_eq!(a, b, "--at=-3.5,2 and --at -3.5,2 must mean the same");

    let maze = dir.join("maze.png");
    let output = screenshot(&[
        "--maze",
        "6x5",
        "--seed",
        "9",
        "--out",
        maze.to_str().expect("path"),
        "--size",
        "64x48",
    ]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    assert_eq!(
        image::open(&maze).expect("a PNG").to_rgba8().dimensions(),
        (64, 48)
    );
}

#[test]
fn bad_input_fails_with_a_message_and_writes_nothing() {
    let dir = out_dir();
    let out = dir.join("never.png");
    let level = dir.join("broken.toml");
    std::fs::write(&level, "[player]\nstart = [0.0, \"zero\"]\n").expect("write level");
    let output = screenshot(&[
        "--level",
        level.to_str().expect("path"),
        "--out",
        out.to_str().expect("path"),
    ]);
    assert!(!output.status.success());
    let message = common::stderr(&output);
    assert!(
        message.contains("broken.toml:2:15") && message.contains("expected a number"),
        "{message}"
    );
    assert!(!out.exists());

    let output = screenshot(&["--out", out.to_str().expect("path"), "--size", "12xtall"]);
    assert!(!output.status.success());
    assert!(
        common::stderr(&output).contains("'12xtall' for '--size"),
        "{}",
        common::stderr(&output)
    );
    let output = screenshot(&["--size", "12x12"]);
    assert!(!output.status.success());
    assert!(
        common::stderr(&output).contains("--out"),
        "{}",
        common::stderr(&output)
    );
    assert!(!out.exists());
}

#[test]
fn a_headless_run_without_a_runtime_folder_is_quiet() {
    if gpu_or_skip("a_headless_run_without_a_runtime_folder_is_quiet").is_none() {
        return;
    }
    let out = out_dir().join("quiet.png");
    let output = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .args(["screenshot", "--size", "64x48", "--out"])
        .arg(&out)
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("WGPU_BACKEND")
        .env_remove("RUST_LOG")
        .output()
        .expect("run mazewalker");
    assert!(output.status.success(), "{}", common::stderr(&output));
    assert_eq!(
        common::stderr(&output),
        "",
        "nothing was wrong, so nothing is said"
    );
}

#[test]
fn a_million_wall_maze_renders_and_a_size_beyond_the_limit_is_refused() {
    if gpu_or_skip("a_million_wall_maze_renders_and_a_size_beyond_the_limit_is_refused").is_none() {
        return;
    }
    let huge = out_dir().join("huge.png");
    let output = screenshot(&[
        "--maze",
        "1425x1425",
        "--size",
        "160x90",
        "--out",
        huge.to_str().expect("path"),
    ]);
    assert!(output.status.success(), "{}", common::stderr(&output));
    assert_eq!(image::open(&huge).expect("a PNG").width(), 160);

    let refused = out_dir().join("refused.png");
    let output = screenshot(&[
        "--maze",
        "5000x5000",
        "--out",
        refused.to_str().expect("path"),
    ]);
    assert!(!output.status.success());
    let message = common::stderr(&output);
    assert!(
        message.contains("5000") && message.contains("4096"),
        "{message}"
    );
    assert!(!message.contains("panicked"), "{message}");
    assert!(!refused.exists());
}

#[test]
fn lamps_from_the_level_file_light_the_screenshot_unless_lights_are_off() {
    if gpu_or_skip("lamps_from_the_level_file_light_the_screenshot").is_none() {
        return;
    }
    let dir = out_dir();
    let room = "name = \"Lamp room\"\n[player]\nstart = [0.0, 0.0]\n\n\
        [[wall]]\na = [-4.0, -4.0]\nb = [4.0, -4.0]\n\n\
        [[wall]]\na = [4.0, -4.0]\nb = [4.0, 4.0]\n\n\
        [[wall]]\na = [4.0, 4.0]\nb = [-4.0, 4.0]\n\n\
        [[wall]]\na = [-4.0, 4.0]\nb = [-4.0, -4.0]\n";
    let plain_file = dir.join("plain.toml");
    std::fs::write(&plain_file, room).expect("write");
    let lamp_file = dir.join("lamp.toml");
    std::fs::write(
        &lamp_file,
        format!("{room}\n[[light]]\nat = [2.0, 0.0]\nintensity = 4.0\n"),
    )
    .expect("write");
    let shot = |level: &PathBuf, name: &str, extra: &[&str]| {
        let out = dir.join(name);
        let mut args = vec![
            "--level",
            level.to_str().expect("path"),
            "--out",
            out.to_str().expect("path"),
            "--size",
            "320x180",
            "--pitch",
            "-30",
        ];
        args.extend(extra);
        let output = screenshot(&args);
        assert!(output.status.success(), "{}", common::stderr(&output));
        image::open(&out).expect("a PNG").to_rgba8()
    };
    let plain = shot(&plain_file, "plain.png", &[]);
    let off = shot(&lamp_file, "off.png", &["--lights", "off"]);
    let on = shot(&lamp_file, "on.png", &["--lights", "on"]);
    assert_eq!(off, plain, "--lights off looks as the level without lamps");
    let (changed, _) = common::compare(&on, &plain, 8);
    assert!(changed > 1000, "the lamp changed only {changed} pixels");
}

/// `--map` alone is the top-down map, as the map's contract has it since
/// before WAD maps (`--top-down` is the same); the house's map golden.
#[test]
fn a_bare_map_flag_renders_the_top_down_map() {
    if gpu_or_skip("a_bare_map_flag_renders_the_top_down_map").is_none() {
        return;
    }
    let dir = out_dir();
    let (bare, named) = (dir.join("bare-map.png"), dir.join("top-down.png"));
    for (out, flag) in [(&bare, "--map"), (&named, "--top-down")] {
        let output = screenshot(&[
            flag,
            "--out",
            out.to_str().expect("path"),
            "--size",
            "320x200",
        ]);
        assert!(
            output.status.success(),
            "{flag}: {}",
            common::stderr(&output)
        );
    }
    let bare = image::open(&bare).expect("a PNG").to_rgba8();
    let named = image::open(&named).expect("a PNG").to_rgba8();
    assert!(bare == named, "--map and --top-down draw the same map");
    let spawn = screenshot(&[
        "--out",
        dir.join("3d.png").to_str().expect("path"),
        "--size",
        "320x200",
    ]);
    assert!(spawn.status.success());
    let view = image::open(dir.join("3d.png")).expect("a PNG").to_rgba8();
    assert!(bare != view, "the map is not the 3D view");
}
