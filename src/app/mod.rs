//! The program as a person uses it: a thin winit shell over a headless
//! session.
//!
//! - [`shell`](Shell): the winit `ApplicationHandler`, the window's surface,
//!   the renderer and presenting. It turns winit's events into the
//!   session's [`Input`] and draws the frame the session describes; it knows
//!   no mode.
//! - [`Session`]: takes input and time (wall time, or a script's simulated
//!   ticks) and produces a [`SessionFrame`], with no window and no GPU. Its
//!   parts, one per mode and each in its own folder (`playback`: demo
//!   playback and recording, `map`, `editing`, `walking`), stand behind the
//!   `part` trait and the capabilities it splits into (input, ticks, what
//!   they show, vetoes, lifecycle), share a [`World`], talk through typed
//!   events and are offered everything in one fixed order; a level changes
//!   by one path that every part hears of.
//! - `script`: scripted sessions on simulated time, for the tests.
//! - `events` the session's input and the typed events its parts send
//!   (requests for the shell, the level's changes, the map's edits), kept
//!   by `event_queue` until their reader reads them; `world` what the
//!   parts share (state only), `frame` what the session hands the shell to
//!   draw.
//! - `live_level` the running level and its reloads (with the pure
//!   [`reload`] rules and the `watch`er), `held_keys` held keys, `overlays` the
//!   HUD, `surface` the window's surface, `screenshot` the offscreen command,
//!   `timedemo` the demo rendered tick by tick, `sound_out` a demo's sound
//!   rendered into a WAV file, `speaker` the window's sound on a thread
//!   of its own, `job` long work on a worker
//!   thread with its progress, `startup` the window's level (or a played
//!   demo's) loaded on a worker while the window opens, `terminal_progress`
//!   `check`'s progress on a terminal, `page_calls` what the web page
//!   asks outside the window (a WAD's maps).
//!
//! `docs/architecture.md` draws the parts and the path of a key press and
//! of a level change.

mod editing;
mod event_queue;
mod events;
mod frame;
mod held_keys;
mod job;
mod live_level;
mod map;
mod overlays;
#[cfg(target_arch = "wasm32")]
mod page_calls;
mod part;
mod playback;
pub mod reload;
mod screenshot;
mod script;
mod session;
mod shell;
mod sound_out;
mod speaker;
mod startup;
mod surface;
mod terminal_progress;
mod timedemo;
mod walking;
mod world;

use std::path::PathBuf;

use anyhow::Context as _;
use winit::event_loop::EventLoop;

use crate::collision::MoveOptions;
use crate::config::Config;
use crate::level::{Level, LevelChoice};
use crate::render::RenderQuality;

pub use crate::platform::DEBOUNCE;
pub use editing::{Carried, EditState, Editing, PanelUi, Tool, ui_frame};
pub use events::{Input, Request};
pub use frame::{
    NewScene, PanelView, SceneChange, SceneFrame, SceneTaken, SessionFrame, moving_shapes,
    scene_frame,
};
pub use held_keys::Modifiers;
pub use job::{JobLatch, SHOW_AFTER, WorkProgress};
pub use overlays::hud_lines;
pub use screenshot::{ScreenshotOptions, screenshot, screenshot_image};
pub use script::{ReloadRecord, ScriptDriver, ScriptReport, ScriptStep, TICKS_PER_FRAME};
pub use session::{ReloadOutcome, Session};
pub use shell::Shell;
pub use sound_out::{SoundOut, play_headless};
pub use speaker::SOUND_TRACE;
pub use startup::{StartWith, Startup, load_level};
pub use terminal_progress::{SHOW_PROGRESS_ABOVE, TerminalProgress};
pub use timedemo::{TimedemoOptions, run_timedemo};
pub use world::{World, set_view};

/// Settings of the interactive window.
#[derive(Debug, Clone, PartialEq)]
pub struct WindowOptions {
    /// Wait for vertical blank (Fifo). Off picks Immediate or Mailbox when the
    /// surface supports one. Default: on.
    pub vsync: bool,
    /// Initial collision switches (slide or reject, ghost). Default: slide,
    /// ghost off.
    pub move_options: MoveOptions,
    /// Initial window size in logical pixels. Default: 1280×720.
    pub size: (u32, u32),
    /// Per-pixel quality; `None` picks it by adapter
    /// ([`RenderQuality::for_device_type`]): full on a GPU, fast on llvmpipe.
    /// Default: `None`.
    pub quality: Option<RenderQuality>,
    /// Watch the level file and its images, and reload on change
    /// (`--no-watch` turns it off). Default: on.
    pub watch: bool,
    /// The settings file's values (bindings, mouse, view, movement,
    /// gamepad). Default: [`Config::default`].
    pub settings: Config,
    /// Why the settings file could not be used, shown on the HUD (its first
    /// line) while the program runs on the defaults. Default: none.
    pub settings_error: Option<String>,
    /// Record the session into this demo file (`--record`). Default: none.
    pub record: Option<PathBuf>,
    /// The map shows every wall, seen or not (`--map-all`). Default: off.
    pub map_all: bool,
    /// A level's lamps light it (`--lights`, `[render] lights`). Default:
    /// on.
    pub lights: bool,
    /// Where screenshots and a level without a file are saved (and such a
    /// level's autosave journal goes). Default: `None`, the working
    /// directory at start.
    pub save_folder: Option<PathBuf>,
}

impl Default for WindowOptions {
    fn default() -> Self {
        Self {
            vsync: true,
            move_options: MoveOptions::default(),
            size: (1280, 720),
            quality: None,
            watch: true,
            settings: Config::default(),
            settings_error: None,
            record: None,
            map_all: false,
            lights: true,
            save_folder: None,
        }
    }
}

/// Opens the window at once on the level `start` names, loaded on a
/// worker meanwhile ([`Startup`]), and runs until the person quits; with
/// [`WindowOptions::record`], the walk is recorded. A level that cannot be
/// loaded closes the window and is the error returned.
pub fn run_window(start: impl Into<StartWith>, options: WindowOptions) -> anyhow::Result<()> {
    let startup = Startup::start(
        start.into(),
        options.clone(),
        None,
        crate::platform::WORK_MAY_WAIT,
    )?;
    run_shell(Shell::loading(startup, options), EventLoop::new())?;
    Ok(())
}

/// Plays the demo `file` in the window, on the demo's level or `level`
/// instead, until the person quits: the demo's header is read here (a
/// demo that cannot be read is the error returned before the window
/// opens), and its level loads on the start-up's worker.
pub fn play_in_window(
    file: &std::path::Path,
    level: Option<LevelChoice>,
    options: WindowOptions,
) -> anyhow::Result<()> {
    let demo = crate::demo::DemoFile::open(file, level)?;
    run_window(StartWith::Demo(Box::new(demo)), options)
}

/// Runs the real window application driven by `script` instead of a person;
/// may be called from a test thread. Returns what happened.
pub fn run_window_scripted(
    level: Level,
    options: WindowOptions,
    script: Vec<ScriptStep>,
) -> anyhow::Result<ScriptReport> {
    let mut builder = EventLoop::builder();
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        use winit::platform::x11::EventLoopBuilderExtX11 as _;
        builder.with_any_thread(true);
    }
    let source = LevelChoice::from(&level.source);
    let mut session = Session::new(level, &options);
    if let Some(path) = &options.record {
        session.record(path, source)?;
    }
    let shell = Shell::new(session, options, Some(ScriptDriver::new(script)));
    run_shell(shell, builder.build())?.context("a scripted shell reports")
}

/// Runs `script` against a session with no window and no GPU: the same
/// steps as [`run_window_scripted`], on the same simulated time.
pub fn run_headless_script(
    level: Level,
    options: &WindowOptions,
    script: Vec<ScriptStep>,
) -> anyhow::Result<ScriptReport> {
    let mut session = Session::new(level, options);
    let mut driver = ScriptDriver::new(script);
    let mut last = crate::platform::Instant::now();
    loop {
        let now = crate::platform::Instant::now();
        driver.before_frame(&mut session, now.duration_since(last));
        last = now;
        // Nothing is drawn; the frame is described all the same.
        drop(session.frame());
        let mut close = false;
        for command in driver.after_frame(&mut session, true) {
            match command {
                script::ScriptCommand::Resize(width, height) => {
                    session.handle(Input::Resized(width, height));
                }
                script::ScriptCommand::Close => close = true,
            }
        }
        session.take_requests();
        if close {
            session.finish()?;
            return Ok(driver.report(&session));
        }
        // A script waiting on wall time (a reload, the watcher) yields.
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Runs `shell` on a new event loop until it exits.
fn run_shell(
    shell: Shell,
    event_loop: Result<EventLoop<()>, winit::error::EventLoopError>,
) -> anyhow::Result<Option<ScriptReport>> {
    let event_loop = event_loop.context("cannot open a window (no display?)")?;
    match crate::platform::run_app(event_loop, shell)? {
        Some(shell) => shell.finish(),
        // The browser runs the shell on: nothing to report here.
        None => Ok(None),
    }
}
