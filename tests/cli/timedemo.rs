//! `mazewalker play FILE --timedemo`: renders every tick offscreen as the
//! window draws it and prints one line of figures on stdout; `--shot`
//! writes the last frame. Needs an adapter (Mesa's llvmpipe will do):
//! skips with a message without one, fails instead when
//! `MAZEWALKER_REQUIRE_GPU=1`.

use crate::common;

use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use mazewalker::app::{ScreenshotOptions, screenshot_image};
use mazewalker::demo::{DemoError, OpenedDemo, Played, play};
use mazewalker::simulation::Simulation;

#[test]
fn a_timedemo_prints_the_one_line_of_figures() {
    if common::gpu_or_skip("a_timedemo_prints_the_one_line_of_figures").is_none() {
        return;
    }
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/demos/house.demo");
    let output = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .args(["play", demo.to_str().expect("path"), "--timedemo"])
        .args(["--size", "160x90", "--quality", "fast"])
        .output()
        .expect("run mazewalker");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    // `N frames in S s: F fps, mean M ms, p99 P ms, peak R MB`, nothing else.
    let line = stdout.strip_suffix('\n').expect("one line");
    assert!(
        !line.contains('\n'),
        "stdout holds only the figures: {stdout:?}"
    );
    let words: Vec<&str> = line.split(' ').collect();
    let [
        frames,
        "frames",
        "in",
        seconds,
        "s:",
        fps,
        "fps,",
        "mean",
        mean,
        "ms,",
        "p99",
        p99,
        "ms,",
        "peak",
        peak,
        "MB",
    ] = words[..]
    else {
        panic!("not the contract's line: {line:?}");
    };
    assert_eq!(frames, "600", "one frame per tick of the demo");
    let number = |text: &str| text.parse::<f64>().expect("a number");
    let (seconds, fps, mean, p99) = (number(seconds), number(fps), number(mean), number(p99));
    assert!(seconds > 0.0 && fps > 0.0 && mean > 0.0, "{line}");
    assert!((fps - 600.0 / seconds).abs() / fps < 0.02, "{line}");
    assert!(p99 >= mean * 0.5, "{line}");
    if cfg!(target_os = "linux") {
        assert!(number(peak) > 0.0, "{line}");
    }
}

/// A walk in the house's bedroom doorway (the view of the
/// `house_bedroom_lamp` golden image): the torch on and the door used on
/// the first tick, then a quarter of a second for the door to swing part
/// of the way.
const DOOR_MID_SWING: &str = "mazewalker-demo 1
level house
tick-rate 120
start 12.2 7.6 1.5707964 -0.2617994
torch use
repeat=30
end
";

/// The timedemo draws what the window would: the last frame of a demo
/// with a door mid-swing and the torch on, written by `--shot`, is the
/// picture `screenshot` renders of the walker after the same ticks, with
/// the HUD when both are asked for it.
#[test]
fn the_timedemo_draws_the_frame_the_screenshot_draws() {
    if common::gpu_or_skip("the_timedemo_draws_the_frame_the_screenshot_draws").is_none() {
        return;
    }
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("timedemo_shot");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("create the test folder");
    let demo = folder.join("door.demo");
    std::fs::write(&demo, DOOR_MID_SWING).expect("write the demo");
    let simulation = walker_after(&demo);
    for hud in [false, true] {
        let shot = folder.join(format!("last-hud-{hud}.png"));
        let size = (320, 180);
        let output = Command::new(env!("CARGO_BIN_EXE_mazewalker"))
            .args(["play", demo.to_str().expect("path"), "--timedemo"])
            .args(["--size", "320x180", "--quality", "full", "--lights", "on"])
            .args(["--shot", shot.to_str().expect("path")])
            .args(hud.then_some("--hud"))
            .output()
            .expect("run mazewalker");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{stderr}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.starts_with("31 frames in "), "{stdout}");
        let options = ScreenshotOptions {
            at: None,
            yaw_degrees: None,
            pitch_degrees: 0.0,
            size,
            debug_lines: false,
            hud,
            map: false,
            lights: true,
        };
        let level = Arc::clone(&OpenedDemo::open(&demo, None).expect("open").level);
        let expected =
            screenshot_image(&level, &simulation, &options).expect("render the screenshot");
        let drawn = image::open(&shot).expect("read the shot").to_rgba8();
        if drawn != expected {
            let path = folder.join(format!("screenshot-hud-{hud}.png"));
            expected.save(&path).expect("write the screenshot");
            panic!(
                "the timedemo's last frame {} differs from the screenshot {}",
                shot.display(),
                path.display()
            );
        }
    }
}

/// The walker at the end of `demo`, which leaves a door mid-swing and the
/// torch on.
fn walker_after(demo: &Path) -> Simulation {
    let mut playback = OpenedDemo::open(demo, None).expect("open the demo");
    let level = Arc::clone(&playback.level);
    let collider = level.walking_collider(&Arc::new(level.collider()));
    let mut simulation = playback.header.simulation(&level);
    let played = play(&mut playback.reader, &mut simulation, &collider, |_, _| {
        Ok::<(), DemoError>(())
    })
    .expect("play the demo");
    assert!(
        matches!(played, Played::Finished { ticks: 31, .. }),
        "{played:?}"
    );
    assert!(simulation.walker.torch, "the torch is on");
    assert!(
        simulation
            .doors()
            .states()
            .iter()
            .any(|door| door.opening > 0.0 && door.opening < 1.0),
        "a door is mid-swing: {:?}",
        simulation.doors().states()
    );
    simulation
}
