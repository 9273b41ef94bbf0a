//! Helpers shared by the test binaries (each `tests/<area>/main.rs`
//! declares this module once): whether a GPU (or Mesa's llvmpipe) is
//! required, comparing images with reference PNGs, scratch folders, and
//! driving a session by keys.
#![allow(dead_code)] // Each test binary uses a different part of this module.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use image::{Rgba, RgbaImage};
use mazewalker::app::ScriptStep;
use mazewalker::bindings::Action;
use mazewalker::level::Level;
use mazewalker::render::offscreen::OFFSCREEN_FORMAT;
use mazewalker::render::{Gpu, RenderQuality, Renderer};

/// True when `MAZEWALKER_REQUIRE_GPU=1`: render and window tests must run,
/// not skip (CI sets it).
pub fn gpu_required() -> bool {
    std::env::var("MAZEWALKER_REQUIRE_GPU").as_deref() == Ok("1")
}

/// Whether a display is there for a window test; without one the test
/// skips with a message, or fails when `MAZEWALKER_REQUIRE_GPU=1`.
pub fn display_or_skip(test: &str) -> bool {
    let available =
        std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some();
    if !available {
        assert!(
            !gpu_required(),
            "MAZEWALKER_REQUIRE_GPU=1 but no DISPLAY: run under xvfb-run"
        );
        eprintln!("skipped {test}: no DISPLAY or WAYLAND_DISPLAY (run under xvfb-run -a)");
    }
    available
}

/// A 40 × 40 m hall with a comment, the eye at its centre looking along
/// +x: room to build in for the window tests of edit mode.
pub const HALL: &str = "# A hall to build in.\n\
name = \"Hall\"\n\
[player]\n\
start = [0.0, 0.0]\n\
\n\
[[wall]]\na = [-20.0, -20.0]\nb = [20.0, -20.0]\n\
\n\
[[wall]]\na = [20.0, -20.0]\nb = [20.0, 20.0]\n\
\n\
[[wall]]\na = [20.0, 20.0]\nb = [-20.0, 20.0]\n\
\n\
[[wall]]\na = [-20.0, 20.0]\nb = [-20.0, -20.0]\n";

/// A fresh, empty scratch folder `name` under the tests' target folder.
/// Tests of one binary run at once, so each names its own. A folder an
/// earlier run left read-only (to make a save fail) is made writable first,
/// so that it can be removed.
pub fn scratch_folder(name: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    if folder.exists() {
        make_writable(&folder);
        let _ = std::fs::remove_dir_all(&folder);
    }
    std::fs::create_dir_all(&folder).expect("create the test folder");
    folder
}

/// Gives the owner back the right to write in `folder`.
#[cfg(unix)]
pub fn make_writable(folder: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755));
}

/// Gives the owner back the right to write in `folder`.
#[cfg(not(unix))]
pub fn make_writable(_folder: &Path) {}

/// What a finished child process wrote to stderr, as text.
pub fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Writes `text` as `level.toml` in a fresh scratch folder `name` (under
/// the tests' target folder); returns the file's path and its level.
pub fn level_file(name: &str, text: &str) -> (PathBuf, Level) {
    let path = scratch_folder(name).join("level.toml");
    std::fs::write(&path, text).expect("write the level");
    let level = Level::load(&path).expect("a valid level").level;
    (path, level)
}

/// Checkpoints as the hexadecimal bits of their coordinates: two runs of a
/// script print the same line exactly when they agree bit for bit.
pub fn checkpoint_bits(checkpoints: &[glam::Vec2]) -> String {
    checkpoints
        .iter()
        .map(|point| format!("{:08x},{:08x}", point.x.to_bits(), point.y.to_bits()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Presses (`pressed`) or releases `key` in a headless session.
pub fn key(session: &mut mazewalker::app::Session, key: winit::keyboard::KeyCode, pressed: bool) {
    session.handle(mazewalker::app::Input::Key {
        key,
        pressed,
        repeat: false,
    });
}

/// Presses and releases `code` in a headless session.
pub fn tap(session: &mut mazewalker::app::Session, code: winit::keyboard::KeyCode) {
    key(session, code, true);
    key(session, code, false);
}

/// Holds `code` for `ticks` ticks in a headless session.
pub fn hold(session: &mut mazewalker::app::Session, code: winit::keyboard::KeyCode, ticks: u32) {
    key(session, code, true);
    session.advance_ticks(ticks);
    key(session, code, false);
}

/// Ctrl+`code` in a headless session: the modifier state as winit reports
/// it, around the key presses.
pub fn ctrl_tap(session: &mut mazewalker::app::Session, code: winit::keyboard::KeyCode) {
    use mazewalker::app::{Input, Modifiers};
    let held = |ctrl| {
        Input::Modifiers(Modifiers {
            ctrl,
            ..Modifiers::default()
        })
    };
    session.handle(held(true));
    key(session, winit::keyboard::KeyCode::ControlLeft, true);
    tap(session, code);
    key(session, winit::keyboard::KeyCode::ControlLeft, false);
    session.handle(held(false));
}

/// Edit mode's state in `session` (`None` while it is off or a demo plays),
/// read from its part.
pub fn edit_state_if_on(
    session: &mut mazewalker::app::Session,
) -> Option<mazewalker::app::EditState> {
    let (editing, world) = session
        .part::<mazewalker::app::Editing>()
        .expect("the session has edit mode's part");
    editing.state(world)
}

/// Edit mode's state in `session`, which must be in edit mode.
pub fn edit_state(session: &mut mazewalker::app::Session) -> mazewalker::app::EditState {
    edit_state_if_on(session).expect("edit mode is on")
}

/// `item` carried (not a copy), turned `degrees`.
pub fn carrying(item: mazewalker::edit::Item, degrees: f32) -> Option<mazewalker::app::Carried> {
    Some(mazewalker::app::Carried {
        item,
        copy: false,
        degrees,
    })
}

/// The HUD's EDIT line of a headless session in edit mode.
pub fn edit_line(session: &mut mazewalker::app::Session) -> String {
    session
        .hud()
        .into_iter()
        .find(|line| line.starts_with("EDIT"))
        .expect("the EDIT line")
}

/// A headless session on `level` without a file watcher, saving beside
/// `path`.
pub fn session_on(path: &Path, level: Level) -> mazewalker::app::Session {
    let options = mazewalker::app::WindowOptions {
        watch: false,
        size: (320, 180),
        save_folder: path.parent().map(Path::to_owned),
        ..mazewalker::app::WindowOptions::default()
    };
    mazewalker::app::Session::new(level, &options)
}

/// A copy of the house file in a fresh scratch directory named `name`,
/// and its text.
pub fn house_copy(name: &str) -> (PathBuf, String) {
    let directory = scratch_folder(name);
    let house = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/house.toml");
    let text = std::fs::read_to_string(house).expect("readable");
    let path = directory.join("house.toml");
    std::fs::write(&path, &text).expect("writable");
    (path, text)
}

/// A draft of the level file at `path`.
pub fn draft_on(path: &Path) -> mazewalker::edit::LevelDraft {
    mazewalker::edit::LevelDraft::new(Level::load(path).expect("valid").level).expect("editable")
}

/// Plays `demo` headless with the program (`mazewalker play --headless`)
/// and returns where it leaves the eye, as printed: `x z`.
pub fn play_headless(demo: &Path) -> (f32, f32) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mazewalker"))
        .args(["play", "--headless"])
        .arg(demo)
        .output()
        .expect("run mazewalker play");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "play failed: {stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let numbers: Vec<f32> = stdout
        .split_whitespace()
        .map(|field| field.parse().expect("a number"))
        .collect();
    let [x, z, _yaw] = numbers[..] else {
        panic!("expected `x z yaw`, got {stdout:?}");
    };
    (x, z)
}

/// Presses and releases the key bound to `action`, then lets two ticks
/// run (one frame): a switch flips on the tick after its key.
pub fn press(action: Action) -> [ScriptStep; 3] {
    [
        ScriptStep::Action(action, true),
        ScriptStep::Action(action, false),
        ScriptStep::Ticks(2),
    ]
}

/// Ctrl plus `key` as a person presses it, in a script: Ctrl down, the key
/// down and up, Ctrl up.
pub fn ctrl_chord(key: winit::keyboard::KeyCode) -> [ScriptStep; 4] {
    use winit::keyboard::KeyCode;
    [
        ScriptStep::Key(KeyCode::ControlLeft, true),
        ScriptStep::Key(key, true),
        ScriptStep::Key(key, false),
        ScriptStep::Key(KeyCode::ControlLeft, false),
    ]
}

/// One tick's input that presses use (the door the walker faces).
pub fn use_press() -> mazewalker::walker::TickInput {
    mazewalker::walker::TickInput {
        toggles: mazewalker::walker::Toggles {
            use_door: true,
            ..mazewalker::walker::Toggles::default()
        },
        ..mazewalker::walker::TickInput::default()
    }
}

/// Runs xdotool with `arguments` (for at most two minutes); its standard
/// output, or why it failed.
pub fn xdotool(arguments: &[&str]) -> Result<String, String> {
    let output = std::process::Command::new("timeout")
        .arg("120")
        .arg("xdotool")
        .args(arguments)
        .output()
        .map_err(|error| format!("cannot run xdotool: {error}"))?;
    if !output.status.success() {
        return Err(format!(
            "xdotool {arguments:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// A headless device, or `None` (with a message) when there is no adapter
/// and none is required. Panics when one is required and missing.
pub fn gpu_or_skip(test: &str) -> Option<Gpu> {
    match Gpu::headless() {
        Ok(gpu) => Some(gpu),
        Err(error) if !gpu_required() => {
            eprintln!("skipped {test}: {error} (set MAZEWALKER_REQUIRE_GPU=1 to fail instead)");
            None
        }
        Err(error) => panic!("MAZEWALKER_REQUIRE_GPU=1 but {error}"),
    }
}

/// An offscreen renderer of `size` pixels at fast quality for `level`,
/// with the collider made from it.
pub fn fast_renderer(gpu: &Gpu, level: &Arc<Level>, size: (u32, u32)) -> Renderer {
    let collider = Arc::new(level.collider());
    Renderer::new(
        gpu,
        OFFSCREEN_FORMAT,
        size,
        RenderQuality::FAST,
        level,
        &collider,
    )
    .expect("renderer")
}

/// Where the reference images live.
pub fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
}

/// How far an image may stray from its reference.
#[derive(Debug, Clone, Copy)]
pub struct Tolerance {
    /// A pixel is an outlier when a channel differs by more than this.
    pub channel: u8,
    /// The share of outlier pixels allowed (0..1).
    pub outlier_fraction: f64,
}

/// Rasterizers differ in edge coverage and rounding, not in whole regions:
/// a channel may drift by 24 of 255, and 0.5 % of pixels (edges) further.
pub const TOLERANCE: Tolerance = Tolerance {
    channel: 24,
    outlier_fraction: 0.005,
};

/// Pixels of `actual` that differ from `expected` beyond the channel
/// threshold, and the amplified difference image.
pub fn compare(actual: &RgbaImage, expected: &RgbaImage, channel: u8) -> (usize, RgbaImage) {
    let mut outliers = 0;
    let difference = RgbaImage::from_fn(actual.width(), actual.height(), |x, y| {
        let a = actual.get_pixel(x, y);
        let e = expected.get_pixel(x, y);
        let delta: [u8; 3] = std::array::from_fn(|c| a[c].abs_diff(e[c]));
        if delta.iter().any(|&d| d > channel) {
            outliers += 1;
        }
        let [r, g, b] = delta.map(|d| d.saturating_mul(4));
        Rgba([r, g, b, 255])
    });
    (outliers, difference)
}

/// Compares `actual` with `tests/golden/NAME.png`. A missing reference is
/// written (and the test fails when a GPU is required, as in CI, so a
/// reference can never silently be skipped); a mismatch writes
/// `NAME-actual.png` and `NAME-difference.png` beside it and fails.
pub fn assert_matches_golden(name: &str, actual: &RgbaImage, tolerance: Tolerance) {
    let dir = golden_dir();
    let reference = dir.join(format!("{name}.png"));
    if !reference.exists() {
        std::fs::create_dir_all(&dir).expect("create tests/golden");
        actual
            .save(&reference)
            .expect("write the missing reference");
        let message = format!(
            "reference {} was missing: written from this run; look at it and commit it",
            reference.display()
        );
        assert!(!gpu_required(), "{message}");
        eprintln!("{message}");
        return;
    }
    let expected = image::open(&reference)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", reference.display()))
        .to_rgba8();
    assert_eq!(
        actual.dimensions(),
        expected.dimensions(),
        "{name}: size differs from the reference"
    );
    let (outliers, difference) = compare(actual, &expected, tolerance.channel);
    let allowed =
        (tolerance.outlier_fraction * f64::from(actual.width() * actual.height())) as usize;
    if outliers > allowed {
        let actual_path = dir.join(format!("{name}-actual.png"));
        let difference_path = dir.join(format!("{name}-difference.png"));
        actual.save(&actual_path).expect("write the actual image");
        difference
            .save(&difference_path)
            .expect("write the difference image");
        panic!(
            "{name}: {outliers} pixels differ by more than {} (allowed {allowed}); see {} and {}",
            tolerance.channel,
            actual_path.display(),
            difference_path.display()
        );
    }
}

/// The crate's one rule for property tests' case counts and seed.
#[path = "../../src/property_cases.rs"]
pub mod property_cases;

/// Where Debian's `freedoom` package puts its WADs.
const FREEDOOM_FOLDER: &str = "/usr/share/games/doom";

/// The path of Freedoom's `name` (`freedoom1.wad`, `freedoom2.wad`),
/// `None` (with a note) when it is not installed; under CI, a missing
/// file fails the test.
pub fn freedoom(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(FREEDOOM_FOLDER).join(name);
    if path.exists() {
        return Some(path);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{} is missing; CI installs Debian's freedoom package (.ci/run)",
        path.display()
    );
    eprintln!(
        "skipped: {} is missing (apt install freedoom)",
        path.display()
    );
    None
}
