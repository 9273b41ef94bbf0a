//! The winit application: one window, the walker, the renderer, the live
//! level and the authoring tools (ghost mode, HUD, coordinates key, debug
//! lines, help, screenshots, hot reload). Also the headless `screenshot`
//! command, which renders through the same renderer.
//!
//! Module map: `surface` the window and its surface, `input` keyboard and
//! mouse gathered between updates, `overlays` the HUD and its messages,
//! `live_level` the running level and its reloads (with the pure [`reload`]
//! rules and the `watch`er), `script` the scripted-test driver,
//! `screenshot` the offscreen command.

mod demo_mode;
mod edit_mode;
mod editing;
mod input;
mod live_level;
mod map_input;
mod map_state;
mod overlays;
pub mod reload;
mod screenshot;
mod script;
mod surface;
mod watch;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::{DeviceEvent, DeviceId, ElementState, MouseButton, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::PhysicalKey;
use winit::window::{CursorGrabMode, WindowId};

use crate::collision::MoveOptions;
use crate::config::Config;
use crate::demo::{DemoHeader, DemoRecorder};
use crate::gamepad::{GamepadSource, gamepad_intent};
use crate::input::{Action, Bindings};
use crate::level::Level;
use crate::level::LevelChoice;
use crate::render::{self, FrameInput, RenderQuality, Renderer};
use crate::tick::TickClock;
use crate::walker::{InputGatherer, MoveIntent, Toggle, Walker};

use demo_mode::{DemoMode, WindowPlayback};
use edit_mode::EditMode;
use editing::QuitBy;
use input::InputState;
use live_level::{BuiltLevel, EyeAfterReload, LiveLevel, ReloadEvent};
use map_input::Press;
use map_state::MapState;
use overlays::{FrameClock, HudMessages, Overlays};
use script::Script;
use surface::{Acquired, WindowSurface};

pub use overlays::hud_lines;
pub use screenshot::{ScreenshotOptions, screenshot};
pub use script::{ReloadRecord, ScriptReport, ScriptStep};
pub use watch::DEBOUNCE;

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
        }
    }
}

/// Opens the window on `level` (loaded from `source`) and runs until the
/// person quits; with [`WindowOptions::record`], the walk is recorded.
pub fn run_window(level: Level, source: LevelChoice, options: WindowOptions) -> anyhow::Result<()> {
    let event_loop = EventLoop::new().context("cannot open a window (no display?)")?;
    let mut app = App::new(level, options, None);
    app.start_recording(source)?;
    event_loop.run_app(&mut app)?;
    app.into_result().map(|_| ())
}

/// Plays the demo `file` in the window, on the demo's level or `level`
/// instead, until the person quits.
pub fn play_in_window(
    file: &std::path::Path,
    level: Option<LevelChoice>,
    options: WindowOptions,
) -> anyhow::Result<()> {
    let playback = crate::demo::Playback::open(file, level)?;
    for warning in &playback.warnings {
        eprintln!("warning: {warning}");
    }
    let event_loop = EventLoop::new().context("cannot open a window (no display?)")?;
    let mut app = App::new(playback.level, options, None);
    app.walker = playback.header.walker(app.live.level());
    app.demo = DemoMode::Playing(WindowPlayback::new(playback.reader));
    event_loop.run_app(&mut app)?;
    app.into_result().map(|_| ())
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
    let event_loop = builder
        .build()
        .context("cannot open a window (no display?)")?;
    let source = LevelChoice::from(&level.source);
    let mut app = App::new(level, options, Some(Script::new(script)));
    app.start_recording(source)?;
    event_loop.run_app(&mut app)?;
    app.into_result()
}

/// The window's surface and the renderer drawing into it: what exists only
/// while the application is resumed.
#[derive(Debug)]
struct Graphics {
    surface: WindowSurface,
    renderer: Renderer,
}

/// A swapped-in level whose first frame has not been presented yet.
#[derive(Debug, Clone, Copy)]
struct PendingSwap {
    swap_time: Duration,
}

/// The application state winit drives.
struct App {
    live: LiveLevel,
    walker: Walker,
    bindings: Bindings,
    gamepad: GamepadSource,
    /// The help overlay's lines, made once from the bindings.
    help: Vec<String>,
    options: WindowOptions,
    input: InputState,
    /// The fixed simulation tick the walker runs on.
    ticks: TickClock,
    /// Input gathered between ticks.
    gatherer: InputGatherer,
    demo: DemoMode,
    overlays: Overlays,
    messages: HudMessages,
    mouse_grabbed: bool,
    clock: FrameClock,
    frames_rendered: u64,
    /// Simulation ticks run, for the script's report.
    ticks_run: u64,
    /// When the application was created, to report the time to first frame.
    created: Instant,
    graphics: Option<Graphics>,
    pending_swap: Option<PendingSwap>,
    script: Option<Script>,
    error: Option<anyhow::Error>,
    /// Edit mode: the session, the grid, saving and autosaving.
    edit: EditMode,
    /// Where a level without a file is first saved, and relative paths
    /// resolve: the working directory at start.
    working_directory: PathBuf,
    /// A quit request that was held back because of unsaved edits.
    quit_warning: Option<QuitBy>,
    /// F5 was pressed once with unsaved edits (a second press drops them).
    reload_warned: bool,
    /// The map: mode, view, trail, marks, seen walls.
    map: MapState,
    /// Where the mouse pointer is in the window, in pixels.
    pointer: Option<glam::Vec2>,
    /// A left button held on the full map.
    press: Option<Press>,
}

impl App {
    fn new(level: impl Into<Arc<Level>>, options: WindowOptions, script: Option<Script>) -> Self {
        let level = level.into();
        let mut walker = Walker::at_spawn(&level);
        walker.move_options = options.move_options;
        walker.settings = options.settings.walker_settings();
        options
            .settings
            .view
            .apply(&mut walker.camera, level.environment.fog_distance);
        let bindings = options.settings.bindings.clone();
        let help = bindings.help_lines();
        let working_directory = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let edit = EditMode::new(&level, &working_directory);
        let map = MapState::new(level.occluding_walls(), options.map_all);
        Self {
            live: LiveLevel::new(level, options.watch),
            walker,
            bindings,
            gamepad: GamepadSource::new(),
            help,
            options,
            input: InputState::default(),
            ticks: TickClock::new(),
            gatherer: InputGatherer::default(),
            demo: DemoMode::Off,
            overlays: Overlays::default(),
            messages: HudMessages::default(),
            mouse_grabbed: false,
            clock: FrameClock::default(),
            frames_rendered: 0,
            ticks_run: 0,
            created: Instant::now(),
            graphics: None,
            pending_swap: None,
            script,
            error: None,
            edit,
            working_directory,
            quit_warning: None,
            reload_warned: false,
            map,
            pointer: None,
            press: None,
        }
    }

    /// Starts recording into [`WindowOptions::record`], if set, from the
    /// walker's current pose on the level loaded from `source`.
    fn start_recording(&mut self, source: LevelChoice) -> anyhow::Result<()> {
        let Some(path) = &self.options.record else {
            return Ok(());
        };
        let header = DemoHeader::for_recording(source, self.live.level(), &self.walker);
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot create demo {}", path.display()))?;
        let recorder = DemoRecorder::new(std::io::BufWriter::new(file), &header)
            .with_context(|| format!("cannot write demo {}", path.display()))?;
        self.demo = DemoMode::Recording(recorder);
        Ok(())
    }

    fn into_result(mut self) -> anyhow::Result<ScriptReport> {
        if let DemoMode::Recording(recorder) = std::mem::replace(&mut self.demo, DemoMode::Off) {
            let finished = recorder.finish(&self.walker);
            if let (Err(error), Some(path)) = (finished, &self.options.record) {
                self.error.get_or_insert(
                    anyhow::Error::new(error)
                        .context(format!("cannot write demo {}", path.display())),
                );
            }
        }
        if let Some(error) = self.error {
            return Err(error);
        }
        let (checkpoints, reloads, huds) = self
            .script
            .map(|script| (script.checkpoints, script.reloads, script.huds))
            .unwrap_or_default();
        Ok(ScriptReport {
            frames_rendered: self.frames_rendered,
            final_position: self.walker.position(),
            checkpoints,
            reloads,
            huds,
            ticks: self.ticks_run,
            walls: self
                .live
                .level()
                .walls
                .iter()
                .map(|wall| (wall.a, wall.b))
                .collect(),
            level_name: self.live.level().name.clone(),
        })
    }

    /// Stops the application with an error that `run_window` returns.
    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        log::error!("{error:#}");
        self.error.get_or_insert(error);
        event_loop.exit();
    }

    fn create_graphics(&self, event_loop: &ActiveEventLoop) -> anyhow::Result<Graphics> {
        let surface = WindowSurface::open(
            event_loop,
            &window_title(self.live.level()),
            self.options.size,
            self.options.vsync,
        )?;
        let gpu = &surface.gpu;
        let quality = self
            .options
            .quality
            .unwrap_or_else(|| RenderQuality::for_device_type(gpu.adapter.get_info().device_type));
        log::info!("render quality: {quality}");
        // A window created minimized gets real targets at its first resize.
        let (width, height) = surface.size();
        let (level, collider) = self.live.shared();
        let renderer = Renderer::new(
            gpu,
            surface.format(),
            (width.max(1), height.max(1)),
            quality,
            level,
            collider,
        )?;
        Ok(Graphics { surface, renderer })
    }

    fn resize(&mut self, size: PhysicalSize<u32>) {
        let Some(graphics) = self.graphics.as_mut() else {
            return;
        };
        graphics.surface.resize(size);
        let (width, height) = graphics.surface.size();
        graphics
            .renderer
            .resize(&graphics.surface.gpu, width, height);
    }

    fn key(
        &mut self,
        event_loop: &ActiveEventLoop,
        key: winit::keyboard::KeyCode,
        pressed: bool,
        repeat: bool,
    ) {
        if let DemoMode::Playing(playback) = &mut self.demo
            && pressed
            && playback.key(key)
        {
            return;
        }
        if self.map_pan_key(key, pressed) {
            return;
        }
        let action = self.input.key(&self.bindings, key, pressed, repeat);
        if self.chord(key, pressed, repeat) {
            return;
        }
        if let Some(action) = action {
            self.trigger(event_loop, action);
        }
    }

    fn trigger(&mut self, event_loop: &ActiveEventLoop, action: Action) {
        match action {
            // Switches flip on the next tick, so that a demo records them.
            Action::ToggleGhost => self.gatherer.flip(Toggle::Ghost),
            Action::TogglePolicy => self.gatherer.flip(Toggle::Policy),
            Action::PrintPosition => println!("{}", self.walker.position_for_level_file()),
            Action::ToggleDebugLines => self.overlays.debug_lines = !self.overlays.debug_lines,
            Action::ToggleHud => self.overlays.hud = !self.overlays.hud,
            Action::ToggleHelp => self.overlays.help = !self.overlays.help,
            Action::ToggleFullscreen => {
                if let Some(graphics) = &self.graphics {
                    graphics.surface.toggle_fullscreen();
                }
            }
            Action::Screenshot => {
                if let Err(error) = self.save_screenshot() {
                    log::error!("screenshot failed: {error:#}");
                }
            }
            Action::ReloadLevel => self.reload_now(),
            Action::ReleaseOrQuit => {
                if self.mouse_grabbed {
                    self.set_mouse_grab(false);
                } else {
                    self.quit(event_loop, QuitBy::Escape);
                }
            }
            other => {
                if !self.edit_action(other) && !self.map_action(other) {
                    log::debug!("{other:?} is a held action");
                }
            }
        }
    }

    /// F5: reloads now; with unsaved edits, only a second press does (and
    /// drops them).
    fn reload_now(&mut self) {
        if self.edit.has_unsaved_edits() && !self.reload_warned {
            self.reload_warned = true;
            self.notice("unsaved edits: F5 again drops them and reloads the file".to_owned());
            return;
        }
        self.reload_warned = false;
        self.edit.drop_session();
        self.live.reload_now();
    }

    /// Grabs the mouse for looking (Locked, else Confined; cursor hidden) or
    /// releases it.
    fn set_mouse_grab(&mut self, grab: bool) {
        let Some(graphics) = &self.graphics else {
            return;
        };
        let window = &graphics.surface.window;
        if grab {
            let grabbed = window
                .set_cursor_grab(CursorGrabMode::Locked)
                .or_else(|_| window.set_cursor_grab(CursorGrabMode::Confined));
            if let Err(error) = grabbed {
                log::warn!("cannot grab the mouse: {error}");
                return;
            }
            window.set_cursor_visible(false);
        } else {
            if let Err(error) = window.set_cursor_grab(CursorGrabMode::None) {
                log::warn!("cannot release the mouse: {error}");
            }
            window.set_cursor_visible(true);
        }
        self.mouse_grabbed = grab;
    }

    /// The HUD's lines: position and switches, the level's name, a reload
    /// error until it is fixed, and the current notices.
    fn hud(&mut self) -> Vec<String> {
        let mut lines = hud_lines(&self.walker, self.clock.frames_per_second());
        let reloading = if self.live.reloading() {
            "  (reloading)"
        } else {
            ""
        };
        lines.push(format!("level {}{reloading}", self.live.level().name));
        match &self.demo {
            DemoMode::Playing(playback) => lines.push(playback.status()),
            DemoMode::Recording(_) => lines.push("recording".to_owned()),
            DemoMode::Off => {}
        }
        self.edit_hud(&mut lines);
        lines.extend(self.map.hud_line(self.walker.passes_walls()));
        if let Some(error) = &self.options.settings_error {
            let first = error.lines().next().unwrap_or_default();
            lines.push(format!("settings file not used: {first}"));
        }
        if let Some(error) = self.live.error() {
            lines.extend(error.lines().map(str::to_owned));
        }
        if !self.walker.passes_walls()
            && self
                .live
                .collider()
                .deepest_penetration(self.walker.position())
                .is_some()
        {
            lines.push(format!(
                "inside a wall: no free point within {} m; walk out",
                live_level::MAX_PUSH_OUT
            ));
        }
        lines.extend(self.messages.current(Instant::now()).map(str::to_owned));
        lines
    }

    /// Renders the current view (with the HUD, without the help) through
    /// the window's renderer and saves it as `mazewalker-<unix seconds>.png`
    /// in the working directory.
    fn save_screenshot(&mut self) -> anyhow::Result<()> {
        let hud = self.hud();
        let Some(graphics) = self.graphics.as_mut() else {
            return Ok(());
        };
        let frame = FrameInput {
            camera: &self.walker.camera,
            debug_lines: self.overlays.debug_lines,
            hud: self.overlays.hud.then_some(hud.as_slice()),
            help: None,
            markers: &[],
            crosshair: false,
        };
        let image =
            render::offscreen::capture(&graphics.surface.gpu, &mut graphics.renderer, &frame)?;
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_secs());
        let path = PathBuf::from(format!("mazewalker-{seconds}.png"));
        image.save(&path)?;
        println!("saved {}", path.display());
        Ok(())
    }

    /// Takes a finished reload, if any: swaps a new level in (the walker
    /// stays where it is), or shows why not.
    fn poll_reload(&mut self) {
        let Some(graphics) = self.graphics.as_mut() else {
            return;
        };
        let Some(event) = self.live.poll(graphics.renderer.scene_builder()) else {
            return;
        };
        let finished = match event {
            ReloadEvent::Ready(built) if self.edit.session().is_some() => {
                self.reload_while_editing(*built)
            }
            ReloadEvent::Ready(built) => {
                self.swap_in(*built);
                None
            }
            ReloadEvent::Unchanged => Some(None),
            ReloadEvent::Failed => Some(self.live.error().map(str::to_owned)),
        };
        if let (Some(error), Some(script)) = (finished, self.script.as_mut()) {
            script.reload_finished(None, error);
        }
    }

    /// Swaps a reloaded level in (the walker stays where it is, moved out of
    /// a new wall if it must be); the script hears of it once its first
    /// frame is on screen.
    fn swap_in(&mut self, built: BuiltLevel) {
        let Some(graphics) = self.graphics.as_mut() else {
            return;
        };
        let started = Instant::now();
        let BuiltLevel {
            level,
            warnings,
            collider,
            scene,
            build_time,
        } = built;
        graphics.surface.window.set_title(&window_title(&level));
        let old_scene = graphics.renderer.set_level(scene);
        let (old_level, old_collider) = self.live.adopt(level, collider);
        let eye = live_level::clear_the_eye(&mut self.walker, self.live.collider());
        self.map.level_changed(
            &old_collider,
            self.live.collider(),
            self.live.level().occluding_walls(),
            self.walker.position(),
        );
        let fog = self.live.level().environment.fog_distance;
        self.options
            .settings
            .view
            .apply(&mut self.walker.camera, fog);
        drop((old_scene, old_level, old_collider));
        let swap_time = started.elapsed();
        log::info!(
            "reloaded {}: built in {:.1} ms off the main thread, swapped in {:.2} ms",
            self.live.level().name,
            build_time.as_secs_f64() * 1000.0,
            swap_time.as_secs_f64() * 1000.0
        );
        let now = Instant::now();
        for warning in &warnings {
            eprintln!("warning: {warning}");
            self.messages.notice(format!("warning: {warning}"), now);
        }
        self.messages
            .notice(format!("reloaded {}", self.live.level().name), now);
        if let EyeAfterReload::MovedOut(distance) = eye {
            self.messages.notice(
                format!("moved {distance:.2} m out of a new wall or obstacle"),
                now,
            );
        }
        // Reported once its first frame is on screen.
        self.pending_swap = Some(PendingSwap { swap_time });
    }

    /// A reload finished while a level is being edited: the program's own
    /// save is no change; a file changed elsewhere is refused while there
    /// are unsaved edits, and otherwise swapped in, ending the session.
    /// Returns the error to report to a script, as `poll_reload` does.
    fn reload_while_editing(&mut self, built: BuiltLevel) -> Option<Option<String>> {
        let edited_text = self
            .edit
            .session()
            .and_then(|session| session.level().source.file_text());
        if edited_text.is_some() && edited_text == built.level.source.file_text() {
            self.live.unchanged();
            return Some(None);
        }
        if self.edit.has_unsaved_edits() {
            let message = "the level file changed on disk; your unsaved edits are kept: \
                           Ctrl+S writes them over it, F5 twice takes the file"
                .to_owned();
            self.live.refuse(message.clone());
            return Some(Some(message));
        }
        self.edit.drop_session();
        if self.edit.is_active() {
            self.notice("the level file changed on disk: the undo history starts again".to_owned());
        }
        // Swapped in like any reload (the session reopens at the next edit).
        self.swap_in(built);
        None
    }

    fn redraw(&mut self, event_loop: &ActiveEventLoop) {
        let seconds = self.clock.tick();
        if let Some(script) = self.script.as_mut() {
            script.frame(seconds);
        }
        self.poll_reload();
        self.gather_held_input(event_loop);
        let ticks_before = self.ticks_run;
        self.run_ticks(f64::from(seconds));
        if let Some(script) = self.script.as_mut() {
            let ran = self.ticks_run - ticks_before;
            script.ticked(u32::try_from(ran).unwrap_or(u32::MAX));
        }
        self.autosave();
        self.map.follow_walk(
            self.live.collider(),
            &self.walker.camera,
            self.live.level().environment.fog_distance,
            !self.walker.passes_walls(),
        );
        let hud = self.hud();
        let markers = self.edit_markers();
        let Some(graphics) = self.graphics.as_mut() else {
            return;
        };
        let frame = match graphics.surface.acquire() {
            Ok(Acquired::Frame(frame)) => frame,
            Ok(Acquired::Skip) => return,
            Err(error) => {
                self.fail(event_loop, error);
                return;
            }
        };
        let view = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let camera = self.walker.interpolated_camera(self.ticks.alpha());
        let input = FrameInput {
            camera: &camera,
            debug_lines: self.overlays.debug_lines,
            hud: self.overlays.hud.then_some(hud.as_slice()),
            help: (self.overlays.help && !self.help.is_empty()).then_some(self.help.as_slice()),
            markers: &markers,
            crosshair: self.edit.is_active(),
        };
        let eye = glam::Vec2::new(camera.position.x, camera.position.z);
        let cursor = self.edit.is_active().then(|| {
            let chain_end = self
                .edit
                .session()
                .and_then(|session| session.chain().last_point());
            (self.cursor_point(), self.dragged_end().or(chain_end))
        });
        let map = self.map.frame(
            self.live.collider(),
            eye,
            camera.yaw,
            self.walker.passes_walls(),
            cursor,
        );
        let Some(graphics) = self.graphics.as_mut() else {
            return;
        };
        graphics
            .renderer
            .render_with_map(&graphics.surface.gpu, &view, &input, map.as_ref());
        graphics.surface.present(frame);
        if let Some(error) = graphics.surface.gpu.take_device_error() {
            self.fail(
                event_loop,
                anyhow::anyhow!("graphics device error: {error}"),
            );
            return;
        }
        if self.frames_rendered == 0 {
            log::info!(
                "first frame presented {:.0} ms after start",
                self.created.elapsed().as_secs_f64() * 1000.0
            );
        }
        self.frames_rendered += 1;
        if let Some(swap) = self.pending_swap.take()
            && let Some(script) = self.script.as_mut()
        {
            script.reload_finished(Some(swap.swap_time), None);
        }
    }

    /// Hands the held keys and the gamepad's sticks to the tick gatherer.
    fn gather_held_input(&mut self, event_loop: &ActiveEventLoop) {
        let pad = gamepad_intent(self.gamepad.poll(), &self.options.settings.gamepad);
        for (pressed, action) in [
            (pad.toggle_ghost, Action::ToggleGhost),
            (pad.toggle_map, Action::CycleMap),
            (pad.toggle_edit, Action::ToggleEdit),
        ] {
            if pressed {
                self.trigger(event_loop, action);
            }
        }
        let keys = self.input.intent(&self.bindings);
        // The right stick's rates, as a share of the keyboard's turn speed.
        let turn_speed = self.walker.settings.turn_speed.max(f32::EPSILON);
        self.gatherer.hold(MoveIntent {
            forward: keys.forward + pad.forward,
            right: keys.right + pad.right,
            turn: keys.turn + pad.yaw_rate / turn_speed,
            look_up: keys.look_up + pad.pitch_rate / turn_speed,
            run: keys.run || pad.run,
        });
    }

    /// Runs the ticks that `seconds` of frame time cover: from the gathered
    /// input (recorded when recording), or from the demo being played.
    fn run_ticks(&mut self, seconds: f64) {
        let collider = self.live.collider();
        match &mut self.demo {
            DemoMode::Playing(playback) => {
                let ticks = self.ticks.advance(playback.demo_seconds(seconds));
                self.ticks_run += u64::from(ticks);
                playback.play(ticks, &mut self.walker, collider);
            }
            DemoMode::Off | DemoMode::Recording(_) => {
                let due = self.ticks.advance(seconds);
                // A script waiting for ticks gets exactly those: the rest
                // run on the next frame, after its next step.
                let limit = self.script.as_ref().and_then(Script::tick_limit);
                let run = limit.map_or(due, |limit| due.min(limit));
                self.ticks.give_back(due - run);
                for _ in 0..run {
                    self.ticks_run += 1;
                    let input = self.gatherer.next_tick();
                    if let Err(error) = self.walker.step(&input, collider).collision {
                        log::error!("move refused: {error}");
                    }
                    if let DemoMode::Recording(recorder) = &mut self.demo
                        && let Err(error) = recorder.record(&input, &self.walker)
                    {
                        log::error!("recording stopped: {error}");
                        self.messages
                            .notice(format!("recording stopped: {error}"), Instant::now());
                        self.demo = DemoMode::Off;
                    }
                }
            }
        }
    }

    /// Runs the script's next steps, if a script drives this session.
    fn advance_script(&mut self, event_loop: &ActiveEventLoop) {
        let Some(script) = self.script.as_mut() else {
            return;
        };
        let Some(step) = script.next_step() else {
            return;
        };
        match step {
            None | Some(ScriptStep::Close) => event_loop.exit(),
            Some(ScriptStep::Frames(_) | ScriptStep::Ticks(_) | ScriptStep::AwaitReload(_)) => {}
            Some(ScriptStep::Action(action, pressed)) => {
                if action == Action::ReloadLevel && pressed {
                    script.triggered();
                }
                let key = self.bindings.keys_for(action).next();
                if let Some(key) = key {
                    self.key(event_loop, key, pressed, false);
                }
            }
            Some(ScriptStep::Resize(width, height)) => {
                if let Some(graphics) = &self.graphics {
                    let _ = graphics
                        .surface
                        .window
                        .request_inner_size(PhysicalSize::new(width.max(1), height.max(1)));
                }
                self.resize(PhysicalSize::new(width, height));
            }
            Some(ScriptStep::Checkpoint) => script.checkpoints.push(self.walker.position()),
            Some(ScriptStep::Key(key, pressed)) => self.key(event_loop, key, pressed, false),
            Some(ScriptStep::Pointer(x, y)) => self.pointer_moved(glam::Vec2::new(x, y)),
            Some(ScriptStep::Button(button, pressed)) => {
                let state = if pressed {
                    ElementState::Pressed
                } else {
                    ElementState::Released
                };
                self.map_button(button, state);
            }
            Some(ScriptStep::Wheel(notches)) => {
                self.wheel(winit::event::MouseScrollDelta::LineDelta(0.0, notches));
            }
            Some(ScriptStep::CaptureHud) => {
                let hud = self.hud();
                if let Some(script) = self.script.as_mut() {
                    script.huds.push(hud);
                }
            }
            Some(ScriptStep::WriteFile {
                path,
                text,
                by_rename,
            }) => {
                script.triggered();
                if let Err(error) = script::write_file(&path, &text, by_rename) {
                    let error = anyhow::Error::new(error)
                        .context(format!("script cannot write {}", path.display()));
                    self.fail(event_loop, error);
                }
            }
        }
    }
}

/// The window's title for `level`.
fn window_title(level: &Level) -> String {
    format!("mazewalker — {}", level.name)
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.graphics.is_some() {
            return;
        }
        match self.create_graphics(event_loop) {
            Ok(graphics) => {
                graphics.surface.window.request_redraw();
                self.graphics = Some(graphics);
                self.clock = FrameClock::default();
            }
            Err(error) => self.fail(event_loop, error),
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => self.quit(event_loop, QuitBy::Close),
            WindowEvent::Resized(size) => self.resize(size),
            WindowEvent::Focused(false) => {
                self.input.release_all();
                self.set_mouse_grab(false);
            }
            WindowEvent::KeyboardInput { event, .. } => {
                if let PhysicalKey::Code(key) = event.physical_key {
                    let pressed = event.state == ElementState::Pressed;
                    self.key(event_loop, key, pressed, event.repeat);
                }
            }
            WindowEvent::MouseInput { state, button, .. } => {
                let on_map = self.map_button(button, state);
                let click = state == ElementState::Pressed && button == MouseButton::Left;
                if !on_map && click && !self.mouse_grabbed {
                    self.set_mouse_grab(true);
                }
            }
            WindowEvent::CursorMoved { position, .. } => {
                self.pointer_moved(glam::Vec2::new(position.x as f32, position.y as f32));
            }
            WindowEvent::MouseWheel { delta, .. } => self.wheel(delta),
            WindowEvent::RedrawRequested => {
                self.redraw(event_loop);
                self.advance_script(event_loop);
            }
            _ => {}
        }
    }

    fn device_event(&mut self, _event_loop: &ActiveEventLoop, _id: DeviceId, event: DeviceEvent) {
        if let DeviceEvent::MouseMotion { delta: (x, y) } = event
            && self.mouse_grabbed
        {
            self.gatherer.add_mouse(glam::DVec2::new(x, y));
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        event_loop.set_control_flow(ControlFlow::Poll);
        if let Some(graphics) = &self.graphics {
            graphics.surface.window.request_redraw();
        }
    }
}
