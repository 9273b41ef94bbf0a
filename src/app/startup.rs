//! The window's start-up: the level the command line names is loaded and
//! made ready on a worker (read, parsed and checked, or generated; its
//! collider, the session's parts, its scene), while the window opens at
//! once and presents frames with the load's progress bar. A big level or
//! maze takes seconds to load; the window answers meanwhile, and Esc or
//! closing it quits. A demo played in the window loads its level the same
//! way, and starts playing when it lands. The commands with no window load
//! where they run.

use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use anyhow::Context as _;
use glam::Vec2;
use winit::keyboard::KeyCode;

use super::WindowOptions;
use super::events::Input;
use super::frame::{SessionFrame, scene_frame};
use super::job::{Job, JobLatch, Progress};
use super::session::Session;
use crate::bindings::Action;
use crate::collision::Collider;
use crate::demo::{DemoFile, OpenedDemo};
use crate::level::{Level, LevelChoice, LoadedLevel};
use crate::render::{BrokenTexture, SceneBuilder};
use crate::simulation::Simulation;

/// What the window shows while the level loads: a level with nothing in
/// it, seen from its start.
const LOADING_LEVEL: &str = "name = \"loading\"\n[player]\nstart = [0.0, 0.0]\n";

/// What the window starts on: a level, or a demo played on its level.
#[derive(Debug)]
pub enum StartWith {
    /// The level named on the command line (recorded with
    /// [`WindowOptions::record`]).
    Level(LevelChoice),
    /// A demo, its header read, played on its level once that is loaded.
    Demo(Box<DemoFile>),
}

impl StartWith {
    /// The level to load.
    fn level(&self) -> &LevelChoice {
        match self {
            StartWith::Level(choice) => choice,
            StartWith::Demo(demo) => demo.level(),
        }
    }
}

impl From<LevelChoice> for StartWith {
    fn from(choice: LevelChoice) -> Self {
        StartWith::Level(choice)
    }
}

/// The level the command line names, loading on its worker, and what the
/// window shows meanwhile.
#[derive(Debug)]
pub struct Startup {
    /// The load: the session on the level, ready to run.
    job: Job<anyhow::Result<Session>>,
    /// Time since the load started, advanced by the frames.
    time: Duration,
    /// The empty level the window draws meanwhile, with its collider.
    shown: (Arc<Level>, Arc<Collider>),
    /// The eye on it.
    simulation: Simulation,
    /// The keys that quit (Esc).
    quit_keys: Vec<KeyCode>,
    /// Hands the worker the renderer's scene builder, once the window
    /// has one, so that the level's scene is built on the worker too.
    scene_builder: Option<Sender<SceneBuilder>>,
}

impl Startup {
    /// Starts loading `start`'s level on a worker, for a session with
    /// `options`.
    /// With `scene`, the worker builds the level's scene too, with the
    /// builder the window hands it ([`attach_scene_builder`](Self::attach_scene_builder)).
    /// `latch` holds the work until a test releases it.
    pub fn start(
        start: StartWith,
        options: WindowOptions,
        latch: Option<JobLatch>,
        scene: bool,
    ) -> anyhow::Result<Self> {
        let shown = Level::from_toml_str(LOADING_LEVEL, Path::new("loading.toml"))
            .map_err(|error| anyhow::anyhow!("{error}"))?
            .level;
        let shown = Arc::new(shown);
        let collider = Arc::new(shown.collider());
        let simulation = Simulation::at_spawn(&shown);
        let quit_keys = options
            .settings
            .bindings
            .keys_for(Action::ReleaseOrQuit)
            .collect();
        let (sender, builder) = scene.then(channel).unzip();
        let job = Job::start(
            what_loads(start.level()),
            Duration::ZERO,
            latch,
            move |progress| load_session(start, &options, builder, progress),
        );
        Ok(Self {
            job,
            time: Duration::ZERO,
            shown: (shown, collider),
            simulation,
            quit_keys,
            scene_builder: sender,
        })
    }

    /// The window's renderer builds scenes with `builder`: the level's is
    /// built with it on the worker.
    pub fn attach_scene_builder(&mut self, builder: SceneBuilder) {
        if let Some(sender) = self.scene_builder.take() {
            // The worker may have ended already (a failed load).
            let _ = sender.send(builder);
        }
    }

    /// The empty level shown while loading, and its collider: what the
    /// window's renderer starts on.
    pub fn shown_level(&self) -> (&Arc<Level>, &Arc<Collider>) {
        (&self.shown.0, &self.shown.1)
    }

    /// A frame of `seconds`: the session on the level once it is loaded,
    /// or why it could not be.
    pub fn update(&mut self, seconds: f64) -> Option<anyhow::Result<Session>> {
        self.time += Duration::from_secs_f64(seconds.max(0.0));
        let landed = self.job.poll()?;
        Some(
            landed
                .context("loading the level")
                .and_then(|loaded| loaded),
        )
    }

    /// Whether `input` quits: the window closed, or Esc.
    pub fn quits(&self, input: &Input) -> bool {
        match input {
            Input::CloseRequested => true,
            Input::Key {
                key,
                pressed: true,
                repeat: false,
            } => self.quit_keys.contains(key),
            _ => false,
        }
    }

    /// The frame to draw now: the empty level, and the load's progress
    /// bar once it has run for [`SHOW_AFTER`](super::SHOW_AFTER).
    pub fn frame(&self) -> SessionFrame<'static> {
        SessionFrame {
            scene: scene_frame(&self.simulation, &self.shown.0, 1.0, false),
            hud: None,
            help: None,
            markers: Vec::new(),
            crosshair: false,
            map: None,
            panel: None,
            progress: self.job.progress(self.time),
        }
    }
}

/// What the progress bar says while `choice` loads.
fn what_loads(choice: &LevelChoice) -> String {
    match choice {
        LevelChoice::DefaultHouse => "Loading the house".to_owned(),
        LevelChoice::File(path) => {
            let name = path.file_name().unwrap_or(path.as_os_str());
            format!("Loading {}", name.to_string_lossy())
        }
        LevelChoice::Maze { .. } => "Building the maze".to_owned(),
        LevelChoice::Wad { map, .. } => format!("Importing {}", map.to_ascii_uppercase()),
    }
}

/// Loads `choice` as every command does: its warnings go to stderr, and a
/// level error is the error's message alone (printed after `error: `).
/// `done` hears how far the load has got, from 0 to 1.
pub fn load_level(choice: &LevelChoice, done: &mut dyn FnMut(f32)) -> anyhow::Result<LoadedLevel> {
    let loaded = choice
        .load_reporting(done)
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    for warning in &loaded.warnings {
        eprintln!("warning: {warning}");
    }
    Ok(loaded)
}

/// The worker's part: `start`'s level loaded and the session made on it
/// ([`start_session`]), and, with a `builder` from the window, the level's
/// scene with the chunks around the start built (the last third of the
/// progress).
fn load_session(
    start: StartWith,
    options: &WindowOptions,
    builder: Option<Receiver<SceneBuilder>>,
    progress: &Progress,
) -> anyhow::Result<Session> {
    let mut session = start_session(start, options, progress)?;
    progress.report(2.0 / 3.0);
    // No builder comes when the window closed first.
    let scene = match builder.map(|builder| builder.recv()) {
        Some(Ok(builder)) => {
            let (level, collider) = session.shared_level();
            let mut scene = builder.build(level, collider, BrokenTexture::Checkerboard)?;
            let eye = session.walker().camera.position;
            scene.build_around(&builder, Vec2::new(eye.x, eye.z));
            Some(scene)
        }
        Some(Err(_)) | None => None,
    };
    session.show_level(scene);
    progress.report(1.0);
    Ok(session)
}

/// `start`'s level loaded (the first third of the progress, by the bytes
/// of a file read or a maze's cells carved) and the session made on it
/// (the second: the collider, the map's walls, the editor's look for an
/// autosave): recording with [`WindowOptions::record`], or playing the
/// demo.
fn start_session(
    start: StartWith,
    options: &WindowOptions,
    progress: &Progress,
) -> anyhow::Result<Session> {
    let mut loading = |done: f32| progress.report(done / 3.0);
    let choice = start.level().clone();
    let (level, demo) = match start {
        StartWith::Level(_) => (Arc::new(load_level(&choice, &mut loading)?.level), None),
        StartWith::Demo(demo) => {
            let demo = (*demo).load_reporting(&mut loading)?;
            (Arc::clone(&demo.level), Some(demo))
        }
    };
    progress.report(1.0 / 3.0);
    let mut session = Session::new(level, options);
    session.work_in_background(None);
    match demo {
        Some(demo) => play(&mut session, demo),
        None => {
            if let Some(path) = &options.record {
                session.record(path, choice)?;
            }
        }
    }
    Ok(session)
}

/// `session` plays `demo`, its warnings shown as notices and logged.
fn play(session: &mut Session, demo: OpenedDemo) {
    let warnings = demo.warnings.clone();
    session.play(demo);
    for warning in warnings {
        log::warn!("{warning}");
        session.notice(format!("warning: {warning}"));
    }
}
