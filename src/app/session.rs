//! The headless session: everything the program does between a person's
//! input and a picture, without a window or a GPU. It takes the program's
//! own [`Input`] events and time, runs the fixed-tick simulation, and
//! describes the frame to draw ([`SessionFrame`]); the shell (or a test, or
//! a script) feeds it and draws what it describes.
//!
//! Four parts share the [`World`] (the live level, the walker, the clock,
//! the HUD's notices): demo playback and recording, the map, edit mode and
//! walking. Each is a [`Part`]. Which part sees a key first is decided once,
//! here: the active input contexts ([`Session::contexts`]) pick the action,
//! and [`Session::parts`] lists the parts in the order they are offered it.
//! A level changes by one path, [`Session::change_level`], which every part
//! hears of through [`Part::level_changed`].

use std::cell::OnceCell;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use glam::Vec2;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

use super::WindowOptions;
use super::edit_mode::aimed_shape;
use super::events::{Input, Request};
use super::frame::{NewScene, SceneChange, SessionFrame, scene_frame};
use super::input::{InputState, Modifiers};
use super::live_level::{BuiltLevel, EyeAfterReload, LiveLevel, ReloadEvent, clear_the_eye};
use super::overlays::{FrameRate, HudMessages, Overlays, hud_lines};
use super::panel::Panel;
use super::parts::{EditState, Editing, Map, Part, Playback, Walking};
use super::world::{World, set_view};
use crate::collision::Collider;
use crate::edit::{LevelChange, PropertyChange};
use crate::gamepad::GamepadIntent;
use crate::input::{Action, Bindings, Context, HelpGroup};
use crate::level::{Level, LevelChoice};
use crate::render::{LevelScene, SceneBuilder};
use crate::tick::{TICK_SECONDS, TickClock};
use crate::walker::{Bodies, InputGatherer, MoveIntent, Walker};

/// Why the level changed.
#[derive(Debug)]
enum Cause {
    /// A reload (a file changed, F5) built a new version.
    Reloaded(Box<BuiltLevel>),
    /// An edit, an undo or redo, or a restored autosave (with what it
    /// changed in the live level), or a demo's level (`None`: a level of
    /// its own).
    Edited(Option<Vec<LevelChange>>),
}

/// How a reload ended, for a script's report.
#[derive(Debug, Clone, PartialEq)]
pub struct ReloadOutcome {
    /// A new level was swapped in.
    pub swapped: bool,
    /// The error shown after it, if any.
    pub error: Option<String>,
    /// For a swap: main-thread time spent swapping it in.
    pub swap_time: Option<Duration>,
}

/// The headless session. See the module documentation.
#[derive(Debug)]
pub struct Session {
    world: World,
    bindings: Bindings,
    help: Vec<HelpGroup>,
    input: InputState,
    ticks: TickClock,
    overlays: Overlays,
    frame_rate: FrameRate,
    settings_error: Option<String>,
    /// Simulation ticks run.
    ticks_run: u64,
    /// The gamepad's sticks as last read.
    pad: GamepadIntent,
    /// Builds a new level's scene on the reload thread, once the shell has
    /// a renderer; without one (headless), reloads build no scene.
    scene_builder: Option<SceneBuilder>,
    /// A new level the renderer has not taken yet.
    scene_change: Option<SceneChange>,
    /// Reloads that ended since the last look.
    reloads: Vec<ReloadOutcome>,
    /// Edit mode's property panel.
    panel: Panel,
    playback: Playback,
    map: Map,
    editing: Editing,
    walking: Walking,
}

impl Session {
    /// A session on `level`, as the window opens it.
    pub fn new(level: impl Into<Arc<Level>>, options: &WindowOptions) -> Self {
        let level = level.into();
        let mut walker = Walker::at_spawn(&level);
        walker.move_options = options.move_options;
        walker.settings = options.settings.walker_settings();
        set_view(&mut walker, &options.settings, &level);
        let working_directory = options
            .save_folder
            .clone()
            .unwrap_or_else(|| std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")));
        let bindings = options.settings.bindings.clone();
        let mut help = bindings.help_groups();
        help.push(HelpGroup {
            title: "gamepad".to_owned(),
            lines: vec![crate::gamepad::GAMEPAD_SUPPORT.to_owned()],
        });
        Self {
            editing: Editing::new(&level, &working_directory),
            map: Map::new(level.occluding_walls(), options.map_all),
            playback: Playback::default(),
            walking: Walking,
            world: World {
                live: LiveLevel::new(level, options.watch),
                walker,
                gatherer: InputGatherer::default(),
                messages: HudMessages::default(),
                settings: options.settings.clone(),
                time: Duration::ZERO,
                view_size: options.size,
                mouse_grabbed: false,
                modifiers: Modifiers::default(),
                working_directory,
                cursor: Vec2::ZERO,
                aimed: None,
                near_misses: OnceCell::new(),
                requests: Vec::new(),
                edited: None,
            },
            bindings,
            help,
            input: InputState::default(),
            ticks: TickClock::new(),
            overlays: Overlays::default(),
            frame_rate: FrameRate::default(),
            settings_error: options.settings_error.clone(),
            ticks_run: 0,
            pad: GamepadIntent::default(),
            scene_builder: None,
            scene_change: None,
            reloads: Vec::new(),
            panel: Panel::default(),
        }
    }

    /// Starts recording into `path` from the walker's pose now, on the
    /// level loaded from `source`.
    pub fn record(&mut self, path: &std::path::Path, source: LevelChoice) -> anyhow::Result<()> {
        self.playback.record(path, source, &self.world)
    }

    /// Plays `demo` instead of reading the keyboard and mouse: its level
    /// goes live and the walker starts where the demo does, with this
    /// session's view settings.
    pub fn play(&mut self, demo: crate::demo::Playback) {
        let crate::demo::Playback {
            header,
            reader,
            level,
            ..
        } = demo;
        let collider = Arc::new(level.collider());
        self.change_level(level, collider, Cause::Edited(None));
        let mut walker = header.walker(self.world.live.level());
        set_view(&mut walker, &self.world.settings, self.world.live.level());
        self.world.walker = walker;
        self.playback.play(reader);
    }

    /// From now on the main thread goes on while edit mode's long work
    /// (opening, saving, restoring the autosave, writing the journal) and
    /// the map's reach run on their workers: the window's way. Without
    /// this call a session waits for that work where it starts, as a
    /// script's simulated time must. `latch` holds the work until a test
    /// releases it.
    /// Reloads run on their worker either way; `latch` holds them too.
    pub fn work_in_background(&mut self, latch: Option<super::JobLatch>) {
        if let Some(latch) = &latch {
            self.world.live.hold_reloads(latch.clone());
        }
        self.map.work_in_background(latch.clone());
        self.editing.work_in_background(latch);
    }

    /// The shell has a renderer: reloads build their scenes with `builder`
    /// off the main thread from now on.
    pub fn attach_scene_builder(&mut self, builder: SceneBuilder) {
        self.scene_builder = Some(builder);
    }

    /// The renderer is to draw the live level from its next frame: with
    /// `scene`, built off the main thread (the window's start-up), or one
    /// built then.
    pub fn show_level(&mut self, scene: Option<LevelScene>) {
        let (level, collider) = self.world.live.shared();
        self.scene_change = Some(SceneChange {
            level: Arc::clone(level),
            collider: Arc::clone(collider),
            scene: scene.map_or(NewScene::Build, |scene| NewScene::Built(Box::new(scene))),
        });
    }

    /// Where screenshots and a level without a file are saved: the
    /// working directory at start, unless the options name a folder.
    pub fn save_folder(&self) -> &std::path::Path {
        &self.world.working_directory
    }

    /// The first key bound to `action` (a script presses it).
    pub fn first_key(&self, action: Action) -> Option<KeyCode> {
        self.bindings.keys_for(action).next()
    }

    /// The walker.
    pub fn walker(&self) -> &Walker {
        &self.world.walker
    }

    /// The live level.
    pub fn level(&self) -> &Level {
        self.world.live.level()
    }

    /// The live level and collider, to share with a renderer.
    pub fn shared_level(&self) -> (&Arc<Level>, &Arc<Collider>) {
        self.world.live.shared()
    }

    /// Simulation ticks run so far.
    pub fn ticks_run(&self) -> u64 {
        self.ticks_run
    }

    /// Session time so far.
    pub fn time(&self) -> Duration {
        self.world.time
    }

    /// Whether edit mode is on (never while a demo plays, whatever the
    /// demo's walker does).
    pub fn is_editing(&self) -> bool {
        !self.playback.is_playing() && self.editing.is_active(&self.world)
    }

    /// Edit mode as it stands (tool, grid, cursor, aimed and carried item,
    /// undo depth), with the cursor and the aim as the HUD would show them
    /// now; `None` while it is off or a demo plays.
    pub fn edit_state(&mut self) -> Option<EditState> {
        if self.playback.is_playing() {
            return None;
        }
        self.refresh_cursor();
        self.editing.state(&self.world)
    }

    /// The requests made since the last call, in order.
    pub fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.world.requests)
    }

    /// A new level for the renderer, once.
    pub fn take_scene_change(&mut self) -> Option<SceneChange> {
        self.scene_change.take()
    }

    /// Reloads that ended since the last call.
    pub fn take_reloads(&mut self) -> Vec<ReloadOutcome> {
        std::mem::take(&mut self.reloads)
    }

    /// The shell grabbed (true) or released the mouse.
    pub fn mouse_grabbed(&mut self, grabbed: bool) {
        self.world.mouse_grabbed = grabbed;
    }

    /// Shows `text` on the HUD for a few seconds (the shell's errors).
    pub fn notice(&mut self, text: impl Into<String>) {
        self.world.notice(text);
    }

    /// The input contexts active now, in precedence order.
    pub fn contexts(&self) -> Vec<Context> {
        let mut contexts = Vec::with_capacity(Context::ORDER.len());
        if self.playback.is_playing() {
            contexts.push(Context::Playback);
        }
        if self.map.is_full() {
            contexts.push(Context::FullMap);
        }
        if self.is_editing() {
            contexts.push(Context::Editing);
        }
        contexts.extend([Context::Walking, Context::Always]);
        contexts
    }

    /// The parts, in the order they are offered input (written once), and
    /// the world they share. Edit mode comes before the map, so that the
    /// wheel turns a carried item instead of zooming the map.
    fn parts(&mut self) -> ([&mut dyn Part; 4], &mut World) {
        (
            [
                &mut self.playback,
                &mut self.editing,
                &mut self.map,
                &mut self.walking,
            ],
            &mut self.world,
        )
    }

    /// Takes one input event.
    pub fn handle(&mut self, input: Input) {
        self.refresh_cursor();
        match input {
            Input::Key {
                key,
                pressed,
                repeat,
            } => self.key(key, pressed, repeat),
            Input::Modifiers(modifiers) => self.world.modifiers = modifiers,
            Input::MouseMotion(counts) => {
                if self.world.mouse_grabbed {
                    self.world.gatherer.add_mouse(counts);
                }
            }
            Input::Gamepad(pad) => {
                for (pressed, action) in [
                    (pad.toggle_ghost, Action::ToggleGhost),
                    (pad.toggle_map, Action::CycleMap),
                    (pad.toggle_edit, Action::ToggleEdit),
                ] {
                    if pressed {
                        self.act(action);
                    }
                }
                self.pad = pad;
            }
            Input::Resized(width, height) => self.world.view_size = (width, height),
            Input::FocusLost => {
                self.input.release_all();
                self.world.modifiers = Modifiers::default();
                if self.world.mouse_grabbed {
                    self.world.request(Request::GrabMouse(false));
                }
            }
            Input::CloseRequested => {
                if self
                    .editing
                    .may_quit(super::parts::QuitBy::Close, &mut self.world)
                {
                    self.world.request(Request::Quit);
                }
            }
            Input::Pointer(_) | Input::Button { .. } | Input::Wheel(_) => self.pointer(input),
            Input::Property(change) => self.change_property(change),
        }
        self.apply_edit();
    }

    /// A change from edit mode's property panel, made as one undo step;
    /// a refusal shows on the panel. Only in edit mode, where the panel
    /// shows.
    fn change_property(&mut self, change: PropertyChange) {
        if !self.is_editing() {
            return;
        }
        match self.editing.set_property(change, &mut self.world) {
            Ok(()) => self.panel.accepted(),
            Err(reason) => self.panel.refused(reason),
        }
    }

    /// The pointer, a button or the wheel: offered to the parts in order.
    fn pointer(&mut self, input: Input) {
        let (parts, world) = self.parts();
        let handled = parts.into_iter().any(|part| part.pointer(input, world));
        let edits = self.map.take_edits();
        if self.is_editing() {
            self.refresh_cursor();
            self.editing.map_edits(edits, &mut self.world);
        }
        let click = matches!(
            input,
            Input::Button {
                button: MouseButton::Left,
                pressed: true
            }
        );
        if !handled && click && !self.world.mouse_grabbed {
            self.world.request(Request::GrabMouse(true));
        }
    }

    /// A key: the Ctrl chords, then the action the active contexts bind it
    /// to.
    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool) {
        let contexts = self.contexts();
        let modifiers = self.world.modifiers;
        let action = self
            .input
            .key(&self.bindings, &contexts, key, pressed, repeat, modifiers);
        if pressed && modifiers.ctrl {
            let world = &mut self.world;
            if self.editing.chord(key, repeat, modifiers, world) {
                return;
            }
        }
        if let Some(action) = action {
            self.act(action);
        }
    }

    /// Runs a one-shot action: the session's own (overlays, quitting), or
    /// the first part that takes it.
    pub fn act(&mut self, action: Action) {
        match action {
            Action::ToggleDebugLines => self.overlays.debug_lines = !self.overlays.debug_lines,
            Action::ToggleHud => self.overlays.hud = !self.overlays.hud,
            Action::ToggleHelp => self.overlays.help = !self.overlays.help,
            Action::ToggleFullscreen => self.world.request(Request::ToggleFullscreen),
            Action::Screenshot => self.world.request(Request::Screenshot),
            Action::ReleaseOrQuit => {
                if self.world.mouse_grabbed {
                    self.world.request(Request::GrabMouse(false));
                } else if self
                    .editing
                    .may_quit(super::parts::QuitBy::Escape, &mut self.world)
                {
                    self.world.request(Request::Quit);
                }
            }
            _ => {
                let (parts, world) = self.parts();
                let handled = parts.into_iter().any(|part| part.act(action, world));
                if !handled {
                    log::debug!("{action:?} does nothing now");
                }
            }
        }
        self.apply_edit();
    }

    /// An edit made during the last input goes live.
    fn apply_edit(&mut self) {
        if let Some((level, changes)) = self.world.edited.take() {
            let started = std::time::Instant::now();
            let collider = self.world.live.collider_after(&changes, &level);
            self.panel.level_edited(&changes);
            let built = started.elapsed();
            self.change_level(level, collider, Cause::Edited(Some(changes)));
            log::info!(
                "edit applied: collider changed in {:.1} ms, every part told (live checks \
                 included) in {:.1} ms",
                built.as_secs_f64() * 1000.0,
                (started.elapsed() - built).as_secs_f64() * 1000.0
            );
        }
    }

    /// The one path by which a level changes: a reload, F5, an edit, an
    /// undo, a restored autosave or a demo's level. The live level, the
    /// walker (and its doors), every part and the renderer hear of it, in
    /// that order.
    fn change_level(&mut self, level: Arc<Level>, collider: Arc<Collider>, cause: Cause) {
        let (old_level, old_collider) = match &cause {
            Cause::Reloaded(_) => {
                self.panel.forget();
                self.world.live.adopt(level, collider)
            }
            Cause::Edited(_) => self.world.live.edited(level, collider),
        };
        if matches!(cause, Cause::Reloaded(_)) {
            // An edit's near misses come with its live checks; until then
            // the map keeps the ones it had.
            self.world.near_misses = OnceCell::new();
        }
        // Doors that did not change keep their state; new ones start closed.
        // A leaf that now stands on the eye pushes it out on its next move.
        let doors = &self.world.live.level().doors;
        self.world.walker.doors = self.world.walker.doors.changed_to(doors);
        // Loose bodies start again where the changed file places them.
        self.world.walker.bodies = Bodies::new(self.world.live.level());
        let eye = clear_the_eye(&mut self.world.walker, self.world.live.collider());
        let level = Arc::clone(self.world.live.shared().0);
        set_view(&mut self.world.walker, &self.world.settings, &level);
        let edits = match &cause {
            Cause::Edited(Some(changes)) => Some(changes.as_slice()),
            Cause::Edited(None) | Cause::Reloaded(_) => None,
        };
        let (parts, world) = self.parts();
        for part in parts {
            part.level_changed(&old_collider, edits, world);
        }
        let scene = match cause {
            Cause::Reloaded(built) => {
                let BuiltLevel {
                    warnings,
                    scene,
                    build_time,
                    ..
                } = *built;
                for warning in &warnings {
                    log::warn!("{warning}");
                    self.world.notice(format!("warning: {warning}"));
                }
                self.world.notice(format!("reloaded {}", level.name));
                if let EyeAfterReload::MovedOut(distance) = eye {
                    self.world.notice(format!(
                        "moved {distance:.2} m out of a new wall or obstacle"
                    ));
                }
                log::info!(
                    "reloaded {}: built in {:.1} ms off the main thread",
                    level.name,
                    build_time.as_secs_f64() * 1000.0
                );
                scene.map_or(NewScene::Build, |scene| NewScene::Built(Box::new(scene)))
            }
            Cause::Edited(changes) => changes.map_or(NewScene::Build, NewScene::Edited),
        };
        let change = SceneChange {
            level,
            collider: Arc::clone(self.world.live.shared().1),
            scene,
        };
        self.scene_change = Some(match self.scene_change.take() {
            Some(pending) => pending.then(change),
            None => change,
        });
        drop((old_level, old_collider));
    }

    /// The resize's new view size.
    pub fn view_size(&self) -> (u32, u32) {
        self.world.view_size
    }

    /// Runs a frame of `seconds` of wall time: reloads, then the ticks it
    /// covers (a playing demo's at its speed).
    pub fn update(&mut self, seconds: f64) {
        self.world.time += Duration::from_secs_f64(seconds.max(0.0));
        self.frame_rate.frame(self.world.time);
        self.poll_reload();
        self.poll_work();
        self.hold_input();
        let seconds = self.playback.demo_seconds(seconds);
        let ticks = self.ticks.advance(seconds);
        self.run_ticks(ticks);
        self.editing.poll_checks(false, &mut self.world);
        self.editing.autosave(&mut self.world);
    }

    /// Runs exactly `ticks` ticks of simulated time (a script's or a
    /// test's clock): reloads first, as [`update`](Self::update) does. The
    /// live checks of an edit are waited for, as no simulated time passes
    /// while they run.
    pub fn advance_ticks(&mut self, ticks: u32) {
        self.world.time += Duration::from_secs_f64(f64::from(TICK_SECONDS) * f64::from(ticks));
        self.frame_rate.frame(self.world.time);
        self.poll_reload();
        self.poll_work();
        self.hold_input();
        let ticks = if self.playback.is_playing() {
            let seconds = self
                .playback
                .demo_seconds(f64::from(TICK_SECONDS) * f64::from(ticks));
            self.ticks.advance_simulated(seconds)
        } else {
            ticks
        };
        self.run_ticks(ticks);
        self.editing.poll_checks(true, &mut self.world);
        self.editing.autosave(&mut self.world);
    }

    /// Hands the held keys and the gamepad's sticks to the tick gatherer.
    fn hold_input(&mut self) {
        let contexts = self.contexts();
        let modifiers = self.world.modifiers;
        let keys = self.input.intent(&self.bindings, &contexts, modifiers);
        let pad = self.pad;
        // The right stick's rates, as a share of the keyboard's turn speed.
        let turn_speed = self.world.walker.settings.turn_speed.max(f32::EPSILON);
        self.world.gatherer.hold(MoveIntent {
            forward: keys.forward + pad.forward,
            right: keys.right + pad.right,
            turn: keys.turn + pad.yaw_rate / turn_speed,
            look_up: keys.look_up + pad.pitch_rate / turn_speed,
            run: keys.run || pad.run,
        });
        self.map
            .hold_pan(self.input.pan(&self.bindings, &contexts, modifiers));
    }

    /// Runs `ticks` simulation ticks, and after each, every part's tick.
    fn run_ticks(&mut self, ticks: u32) {
        let ticks = ticks + self.playback.take_step();
        for _ in 0..ticks {
            self.ticks_run += 1;
            if !self.playback.play_tick(&mut self.world) {
                let world = &mut self.world;
                let input = world.gatherer.next_tick();
                if let Err(error) = world
                    .walker
                    .step(&input, world.live.walking_collider())
                    .collision
                {
                    log::error!("move refused: {error}");
                }
                self.playback.record_tick(&input, world);
            }
            let (parts, world) = self.parts();
            for part in parts {
                part.tick(world);
            }
        }
    }

    /// Takes edit mode's finished work, if any, and makes the edits of the
    /// keys that waited for it live; shows the map's reach once it is
    /// worked out.
    fn poll_work(&mut self) {
        self.editing.poll_work(&mut self.world);
        self.apply_edit();
        self.map.poll_reach();
    }

    /// Takes a finished reload, if any: the new level goes live (unless
    /// unsaved edits refuse it), or the error shows. Not while edit mode's
    /// work runs: the session it opens or saves is of the live level.
    fn poll_reload(&mut self) {
        if self.editing.is_busy() {
            return;
        }
        let now = self.world.time;
        let Some(event) = self.world.live.poll(self.scene_builder.as_ref(), now) else {
            return;
        };
        let outcome = match event {
            ReloadEvent::Ready(built) => {
                if self.editing.accepts_reload(&built, &mut self.world) {
                    let started = std::time::Instant::now();
                    let (level, collider) = (Arc::clone(&built.level), Arc::clone(&built.collider));
                    self.change_level(level, collider, Cause::Reloaded(built));
                    ReloadOutcome {
                        swapped: true,
                        error: None,
                        swap_time: Some(started.elapsed()),
                    }
                } else {
                    ReloadOutcome {
                        swapped: false,
                        error: self.world.live.error().map(str::to_owned),
                        swap_time: None,
                    }
                }
            }
            ReloadEvent::Unchanged => ReloadOutcome {
                swapped: false,
                error: None,
                swap_time: None,
            },
            ReloadEvent::Failed => ReloadOutcome {
                swapped: false,
                error: self.world.live.error().map(str::to_owned),
                swap_time: None,
            },
        };
        self.reloads.push(outcome);
    }

    /// Edit mode's cursor point now, `None` outside edit mode: the
    /// pointer's on the full map, else the crosshair's. (A floor ray and a
    /// snap query: not paid while walking.)
    fn edit_cursor(&self) -> Option<Vec2> {
        if !self.is_editing() {
            return None;
        }
        let grid = self.editing.grid();
        let on_map = self.map.cursor(&self.world, grid);
        Some(on_map.unwrap_or_else(|| self.editing.crosshair_cursor(&self.world)))
    }

    /// Brings the world's cursor point and aimed item up to date (on the
    /// full map, the item under the pointer; else the crosshair's), and
    /// the panel to the aimed item; only edit mode reads them.
    fn refresh_cursor(&mut self) {
        if let Some(cursor) = self.edit_cursor() {
            self.world.cursor = cursor;
            self.world.aimed = match self.map.item_under_pointer(&self.world) {
                Some(on_map) => on_map,
                None => self.editing.crosshair_aim(&self.world, cursor),
            };
            self.panel.follow(self.editing.carried(), self.world.aimed);
        }
    }

    /// The HUD's lines: position and switches, the level's name, the parts'
    /// lines, a reload error until it is fixed, and the current notices.
    pub fn hud(&mut self) -> Vec<String> {
        self.refresh_cursor();
        self.current_hud()
    }

    /// The HUD's lines for the cursor point and aimed item as they are.
    fn current_hud(&mut self) -> Vec<String> {
        let world = &self.world;
        let mut lines = hud_lines(&world.walker, self.frame_rate.frames_per_second());
        let reloading = if world.live.reloading() {
            "  (reloading)"
        } else {
            ""
        };
        lines.push(format!("level {}{reloading}", world.live.level().name));
        for part in [
            &self.playback as &dyn Part,
            &self.map,
            &self.editing,
            &self.walking,
        ] {
            part.hud(world, &mut lines);
        }
        if let Some(error) = &self.settings_error {
            let first = error.lines().next().unwrap_or_default();
            lines.push(format!("settings file not used: {first}"));
        }
        if let Some(error) = world.live.error() {
            lines.extend(error.lines().map(str::to_owned));
        }
        let now = self.world.time;
        lines.extend(self.world.messages.current(now).map(str::to_owned));
        lines
    }

    /// The frame to draw now. The HUD's lines are made only while it shows.
    pub fn frame(&mut self) -> SessionFrame<'_> {
        self.refresh_cursor();
        let hud = self.overlays.hud.then(|| self.current_hud());
        let scene = scene_frame(
            &self.world.walker,
            self.world.live.level(),
            self.ticks.alpha(),
            self.overlays.debug_lines,
        );
        let cursor = self.is_editing().then_some(self.world.cursor);
        let markers = cursor.map_or_else(Vec::new, |at| self.editing.markers(&self.world, at));
        // The map outlines the carried item where it would go, else the
        // aimed one.
        let outlined = cursor.and_then(|at| {
            self.editing.carried_shape(at).or_else(|| {
                self.world
                    .aimed
                    .and_then(|item| aimed_shape(self.world.live.level(), item))
            })
        });
        self.map
            .set_aimed(outlined.map_or_else(Vec::new, |shape| shape.plan_outline()));
        let map_cursor = cursor.map(|at| (at, self.map.dragged_end().or(self.editing.chain_end())));
        let map = self.map.frame(&self.world, &scene.camera, map_cursor);
        let panel = if cursor.is_some() && !self.world.mouse_grabbed {
            self.panel.view(self.world.live.level())
        } else {
            None
        };
        SessionFrame {
            scene,
            hud,
            help: (self.overlays.help && !self.help.is_empty()).then_some(self.help.as_slice()),
            markers,
            crosshair: cursor.is_some(),
            map,
            panel,
            progress: self
                .editing
                .progress(self.world.time)
                .or_else(|| self.world.live.progress(self.world.time))
                .or_else(|| self.map.progress(self.world.time)),
        }
    }

    /// Ends the session: a save still writing is waited for, a recording
    /// is finished and its error returned.
    pub fn finish(&mut self) -> anyhow::Result<()> {
        self.editing.finish_work(&mut self.world);
        self.playback.finish(&self.world.walker)
    }
}
