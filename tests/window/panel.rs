//! Edit mode's property panel in the real window under a real X server
//! (Xvfb in CI): xdotool clicks the panel's `slide` and then its `near`,
//! as a person would, and each click is one change of the door in the
//! crosshair. The second click only lands if the first stayed with egui:
//! had it reached the game, it would have grabbed the mouse and hidden
//! the panel. Where the words are is found by laying the same panel out
//! headless at the window's size.
//!
//! Nothing waits on the machine's speed: the script tells the clicking
//! thread through marker files when the panel shows and when each change
//! is made, and the thread clicks each word again until told (a click on
//! the word already chosen changes nothing). Its own test binary: one
//! event loop per process.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use mazewalker::app::{PanelUi, ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::{DoorKind, DoorOpens, Level};
use winit::keyboard::KeyCode;

/// The level's name, which the window's title carries: xdotool finds the
/// window by it.
const NAME: &str = "Panel clicks";
/// The window's size: at one pixel a point (Xvfb), egui's screen.
const SIZE: (u32, u32) = (640, 360);
/// How long a step may wait for the other side, at most.
const PATIENCE: Duration = Duration::from_secs(120);

/// Waits until `marker` exists.
fn await_marker(marker: &Path) -> Result<(), String> {
    let started = Instant::now();
    while !marker.exists() {
        if started.elapsed() > PATIENCE {
            return Err(format!("{} never came", marker.display()));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok(())
}

/// Once `shown` exists, clicks each point in turn at window position
/// `(x, y)` until its marker exists: the pointer moves there first, and
/// the button goes down and up after a pause, so that egui sees the
/// pointer over the word before the press.
fn click_on_the_panel(shown: PathBuf, clicks: Vec<((f32, f32), PathBuf)>) -> Result<(), String> {
    let found = common::xdotool(&["search", "--sync", "--name", NAME])?;
    let window = found
        .lines()
        .next()
        .ok_or_else(|| "xdotool found no window".to_owned())?
        .to_owned();
    await_marker(&shown)?;
    for ((x, y), done) in clicks {
        let (x, y) = (format!("{}", x.round()), format!("{}", y.round()));
        let started = Instant::now();
        while !done.exists() {
            if started.elapsed() > PATIENCE {
                return Err(format!("the click at {x}, {y} never made its change"));
            }
            common::xdotool(&["mousemove", "--window", &window, &x, &y])?;
            std::thread::sleep(Duration::from_millis(150));
            common::xdotool(&["click", "1"])?;
            std::thread::sleep(Duration::from_millis(150));
        }
    }
    Ok(())
}

/// Where the words `slide` and `near` are on the panel of `level`'s aimed
/// item, laid out headless at the window's size.
fn word_positions(path: &Path, level: Level) -> [(f32, f32); 2] {
    let mut session = common::session_on(path, level);
    common::tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    let frame = session.frame();
    let view = frame.panel.as_ref().expect("the door's panel shows");
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(SIZE.0 as f32, SIZE.1 as f32),
        )),
        ..Default::default()
    };
    let context = egui::Context::default();
    let mut panel = PanelUi::default();
    panel
        .run(&context, input(), Some(view), None)
        .0
        .drop_without_applying_deltas();
    let (mut output, _) = panel.run(&context, input(), Some(view), None);
    let shapes = std::mem::take(&mut output.shapes);
    output.drop_without_applying_deltas();
    ["slide", "near"].map(|word| {
        let centre = shapes
            .iter()
            .find_map(|clipped| match &clipped.shape {
                egui::Shape::Text(text) if text.galley.text() == word => {
                    Some(text.galley.rect.translate(text.pos.to_vec2()).center())
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("no `{word}` on the panel"));
        (centre.x, centre.y)
    })
}

#[test]
fn clicks_on_the_panel_change_the_door_and_stay_with_the_panel() {
    if !crate::own_process("panel::clicks_on_the_panel_change_the_door_and_stay_with_the_panel") {
        return;
    }
    if !common::display_or_skip("window_panel") {
        return;
    }
    if Command::new("xdotool").arg("version").output().is_err() {
        assert!(
            !common::gpu_required(),
            "MAZEWALKER_REQUIRE_GPU=1 but xdotool is not installed"
        );
        eprintln!("skipped window_panel: no xdotool");
        return;
    }
    // The hall with a door 3 m ahead of the eye: the crosshair aims at it.
    let text = common::HALL.replace("name = \"Hall\"", &format!("name = \"{NAME}\""))
        + "\n[[door]]\na = [3.0, -1.0]\nb = [3.0, 1.0]\n";
    let (path, level) = common::level_file("window_panel", &text);
    let folder = path.parent().expect("a folder").to_owned();
    let [slide, near] = word_positions(&path, level.clone());
    let marker = |name: &str| folder.join(name);
    let write_marker = |name: &str| ScriptStep::WriteFile {
        path: marker(name),
        text: String::new(),
        by_rename: false,
    };

    let mut script = vec![ScriptStep::Ticks(2)];
    script.extend(common::press(Action::ToggleEdit));
    script.extend([
        ScriptStep::Ticks(10),
        write_marker("shown"),
        ScriptStep::AwaitHud("undo 1".to_owned(), PATIENCE),
        write_marker("slid"),
        ScriptStep::AwaitHud("undo 2".to_owned(), PATIENCE),
        write_marker("near"),
        ScriptStep::Key(KeyCode::ControlLeft, true),
        ScriptStep::Key(KeyCode::KeyS, true),
        ScriptStep::Key(KeyCode::KeyS, false),
        ScriptStep::Key(KeyCode::ControlLeft, false),
        ScriptStep::Ticks(2),
        ScriptStep::CaptureHud,
        ScriptStep::Close,
    ]);
    let options = WindowOptions {
        size: SIZE,
        watch: false,
        save_folder: Some(folder.clone()),
        ..WindowOptions::default()
    };
    let clicks = vec![(slide, marker("slid")), (near, marker("near"))];
    let shown = marker("shown");
    let clicker = std::thread::spawn(move || click_on_the_panel(shown, clicks));
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    clicker
        .join()
        .expect("the clicking thread")
        .expect("xdotool clicked");

    let [hud] = &report.huds[..] else {
        panic!("expected one HUD capture, got {:?}", report.huds);
    };
    let said = format!("saved {}", path.display());
    assert!(hud.iter().any(|line| line.contains(&said)), "{hud:?}");
    let saved = Level::load(&path).expect("the saved level loads").level;
    let door = saved.doors.first().expect("the door");
    assert_eq!((door.kind, door.opens), (DoorKind::Slide, DoorOpens::Near));
    assert!(
        hud.iter()
            .any(|line| line.starts_with("EDIT") && line.contains("undo 2")),
        "two clicks, two undo steps: {hud:?}"
    );
}
