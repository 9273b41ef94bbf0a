//! The headless session: everything the program does between a person's
//! input and a picture, without a window or a GPU. It takes the program's
//! own [`Input`] events and time, runs the fixed-tick simulation, and
//! describes the frame to draw ([`SessionFrame`]); the shell (or a test, or
//! a script) feeds it and draws what it describes.
//!
//! Four parts share the [`World`] (the live level, the simulation, the clock,
//! the HUD's notices): demo playback and recording, edit mode, the map and
//! walking. Each is a [`Part`], and the session names none of them but
//! where it makes their list ([`Session::new`]): it offers every input,
//! frame, tick and level change, in that one order, to the parts with the
//! capability for it, asks those that show something for their share of
//! the frame, and lets those that veto veto a reload or a quit. The parts
//! send [`Events`]: the session reads the level's after each input and
//! each frame's update, the shell the requests. Which part sees a key
//! first is decided once, here: the active input contexts
//! ([`Session::contexts`]) pick the action, and the list's order is the
//! order the parts are offered it. A level changes by one path,
//! [`Session::change_level`], which every part hears of through
//! [`Lifecycle::level_changed`](super::part::Lifecycle::level_changed).

use std::cell::OnceCell;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use glam::Vec2;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

use super::WindowOptions;
use super::editing::Editing;
use super::events::{Events, Input, LevelCause, LevelRequest, Request};
use super::frame::{NewScene, SceneChange, SessionFrame, scene_frame};
use super::held_keys::{InputState, Modifiers};
use super::live_level::{BuiltLevel, EyeAfterReload, LiveLevel, ReloadEvent, clear_the_eye};
use super::map::Map;
use super::overlays::{FrameRate, HudMessages, Overlays, hud_lines};
use super::part::{AimOffer, DemoStart, FrameShare, Part, Parts, QuitBy, ReloadVerdict};
use super::playback::Playback;
use super::speaker::Speaker;
use super::walking::Walking;
use super::world::{World, set_view};
use crate::bindings::{Action, Context, HelpGroup};
use crate::collision::Collider;
use crate::edit::EditEvent;
use crate::gamepad::GamepadIntent;
use crate::level::{Level, LevelChoice};
use crate::render::{LevelScene, SceneBuilder};
use crate::simulation::Simulation;
use crate::tick::{TICK_SECONDS, TickClock};
use crate::walker::{InputGatherer, MoveIntent, Walker};

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
    /// The sound, started the first time sound is on. (The first
    /// field: last, it made rustc's check that a session may cross to
    /// the window's thread overflow its recursion limit, in wgpu's types.)
    speaker: Option<Speaker>,
    /// The shell lets sound play: the session is a window's, on a
    /// platform with a sound output.
    plays_sound: bool,
    world: World,
    /// The events the parts send: the session reads the level's, the
    /// shell the requests.
    events: Events,
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
    /// The parts, in the one order they are offered everything.
    parts: Parts,
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
        let mut help = options.settings.bindings.help_groups();
        help.push(HelpGroup {
            title: "gamepad".to_owned(),
            lines: vec![crate::gamepad::GAMEPAD_SUPPORT.to_owned()],
        });
        // The parts in the order they are offered everything, the one
        // place that names them. Edit mode comes before the map, so that
        // the wheel turns a carried item instead of zooming the map, and
        // so that the map draws what edit mode shows of itself.
        let parts = Parts::new(vec![
            Box::new(Playback::default()),
            Box::new(Editing::new(&level, &working_directory)),
            Box::new(Map::new(level.occluding_walls(), options.map_all)),
            Box::new(Walking),
        ]);
        Self {
            parts,
            world: World {
                simulation: Simulation::new(walker, &level),
                live: LiveLevel::new(level, options.watch),
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
                held_pan: Vec2::ZERO,
                demo_playing: false,
                near_misses: OnceCell::new(),
            },
            events: Events::default(),
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
            plays_sound: false,
            speaker: None,
        }
    }

    /// The session is a window's: its sound plays through the sound
    /// server (the page's Web Audio) while sound is on, where the
    /// platform has one.
    pub fn play_sound(&mut self) {
        self.plays_sound = crate::platform::HAS_SOUND_SERVER;
    }

    /// Hands the tick just stepped, and edit mode's steps since the last
    /// one, to the speaker, started the first time, while sound is on
    /// and plays.
    fn hear_tick(&mut self) {
        let edits: Vec<EditEvent> = self.events.edits.read().collect();
        if !self.plays_sound || !self.world.settings.sound.enabled {
            return;
        }
        let world = &self.world;
        let speaker = self.speaker.get_or_insert_with(|| {
            let (level, collider) = world.live.shared_walking();
            Speaker::start(
                Arc::clone(level),
                Arc::clone(collider),
                world.settings.sound,
            )
        });
        for edit in edits {
            speaker.hear_edit(edit, world.live.shared_walking());
        }
        speaker.hear(&world.simulation, world.live.shared_walking());
    }

    /// Starts recording into `path` from the walker's pose now, on the
    /// level loaded from `source`.
    pub fn record(&mut self, path: &std::path::Path, source: LevelChoice) -> anyhow::Result<()> {
        self.start_demo(DemoStart::Record {
            path: path.to_owned(),
            source,
        })
    }

    /// Plays `demo` instead of reading the keyboard and mouse: its level
    /// goes live with the walker where the demo starts, with this session's
    /// view settings.
    pub fn play(&mut self, demo: crate::demo::OpenedDemo) {
        let crate::demo::OpenedDemo {
            header,
            reader,
            level,
            ..
        } = demo;
        let simulation = header.simulation(&level);
        self.change_level(LevelCause::Demo(level, Box::new(simulation)));
        if let Err(error) = self.start_demo(DemoStart::Play(reader)) {
            log::error!("{error:#}");
        }
    }

    /// Offers `start` to the parts until one takes it.
    fn start_demo(&mut self, start: DemoStart) -> anyhow::Result<()> {
        let mut start = Some(start);
        for part in self.parts.lifecycle() {
            part.start_demo(&mut start, &mut self.world)?;
        }
        Ok(())
    }

    /// From now on the main thread goes on while the parts' long work
    /// (edit mode's opening, saving, restoring the autosave and journal,
    /// the map's reach) runs on their workers: the window's way. Without
    /// this call a session waits for that work where it starts, as a
    /// script's simulated time must. `latch` holds the work until a test
    /// releases it.
    /// Reloads run on their worker either way; `latch` holds them too.
    pub fn work_in_background(&mut self, latch: Option<super::JobLatch>) {
        if let Some(latch) = &latch {
            self.world.live.hold_reloads(latch.clone());
        }
        for part in self.parts.lifecycle() {
            part.work_in_background(latch.clone());
        }
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

    /// The settings file's values, which the session owns.
    pub fn settings(&self) -> &crate::config::Config {
        &self.world.settings
    }

    /// The first key bound to `action` (a script presses it).
    pub fn first_key(&self, action: Action) -> Option<KeyCode> {
        self.world.settings.bindings.keys_for(action).next()
    }

    /// The walker.
    pub fn walker(&self) -> &Walker {
        &self.world.simulation.walker
    }

    /// What moves on the tick (the walker, the doors, the loose bodies),
    /// and what the last tick did.
    pub fn simulation(&self) -> &Simulation {
        &self.world.simulation
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
    /// demo's walker does): [`World::edit_mode`].
    pub fn is_editing(&self) -> bool {
        self.world.edit_mode()
    }

    /// The session's part of type `T`, with the world it sees, the cursor
    /// and the aim as the HUD would show them now: for a caller that knows
    /// the part it asks for (a test reading edit mode's state).
    pub fn part<T: Part>(&mut self) -> Option<(&T, &World)> {
        self.refresh_cursor();
        let part = self.parts.find::<T>()?;
        Some((part, &self.world))
    }

    /// The requests made since the last call, in order.
    pub fn take_requests(&mut self) -> Vec<Request> {
        self.events.requests.read().collect()
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

    /// Whether a part is writing the level's files (a save).
    pub fn writes_files(&mut self) -> bool {
        self.parts.vetoes().any(|part| part.writes_files())
    }

    /// Whether the mouse is grabbed for looking.
    pub fn is_mouse_grabbed(&self) -> bool {
        self.world.mouse_grabbed
    }

    /// Shows `text` on the HUD for a few seconds (the shell's errors).
    pub fn notice(&mut self, text: impl Into<String>) {
        self.world.notice(text);
    }

    /// The input contexts active now, in precedence order: those the parts
    /// make active, then always.
    pub fn contexts(&self) -> Vec<Context> {
        let mut contexts: Vec<Context> = self
            .parts
            .all()
            .filter_map(|part| part.context(&self.world))
            .collect();
        contexts.sort_by_key(|context| Context::ORDER.iter().position(|each| each == context));
        contexts.push(Context::Always);
        contexts
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
                    self.events.requests.send(Request::GrabMouse(false));
                }
            }
            Input::CloseRequested => self.quit(QuitBy::Close),
            Input::Pointer(_) | Input::Button { .. } | Input::Wheel(_) => self.pointer(input),
            Input::Property(change) => {
                let (world, events) = (&mut self.world, &mut self.events);
                self.parts
                    .input()
                    .any(|part| part.property(change, world, events));
            }
        }
        self.apply_level_changes();
    }

    /// A request to quit: unless a part vetoes it.
    fn quit(&mut self, by: QuitBy) {
        let world = &mut self.world;
        if self.parts.vetoes().all(|part| part.may_quit(by, world)) {
            self.events.requests.send(Request::Quit);
        }
    }

    /// The pointer, a button or the wheel: offered to the parts in order;
    /// then the parts read the events the others sent them.
    fn pointer(&mut self, input: Input) {
        let (world, events) = (&mut self.world, &mut self.events);
        let handled = self
            .parts
            .input()
            .any(|part| part.pointer(input, world, events));
        self.refresh_cursor();
        for part in self.parts.input() {
            part.read_events(&mut self.world, &mut self.events);
        }
        let click = matches!(
            input,
            Input::Button {
                button: MouseButton::Left,
                pressed: true
            }
        );
        if !handled && click && !self.world.mouse_grabbed {
            self.events.requests.send(Request::GrabMouse(true));
        }
    }

    /// A key: the Ctrl chords, then the action the active contexts bind it
    /// to.
    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool) {
        let contexts = self.contexts();
        let modifiers = self.world.modifiers;
        let bindings = &self.world.settings.bindings;
        let action = self
            .input
            .key(bindings, &contexts, key, pressed, repeat, modifiers);
        if pressed && modifiers.ctrl {
            let (world, events) = (&mut self.world, &mut self.events);
            if self
                .parts
                .input()
                .any(|part| part.chord(key, repeat, world, events))
            {
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
            Action::ToggleFullscreen => self.events.requests.send(Request::ToggleFullscreen),
            Action::Screenshot => self.events.requests.send(Request::Screenshot),
            Action::ToggleSound => {
                let sound = &mut self.world.settings.sound;
                sound.enabled = !sound.enabled;
                let said = if sound.enabled {
                    "sound on"
                } else {
                    "sound off"
                };
                self.world.notice(said);
                let off = !self.world.settings.sound.enabled;
                if let Some(speaker) = self.speaker.as_mut().filter(|_| off) {
                    speaker.hush(self.world.live.shared_walking());
                }
            }
            Action::ReleaseOrQuit => {
                if self.world.mouse_grabbed {
                    self.events.requests.send(Request::GrabMouse(false));
                } else {
                    self.quit(QuitBy::Escape);
                }
            }
            _ => {
                let (world, events) = (&mut self.world, &mut self.events);
                let handled = self
                    .parts
                    .input()
                    .any(|part| part.act(action, world, events));
                if !handled {
                    log::debug!("{action:?} does nothing now");
                }
            }
        }
        self.apply_level_changes();
    }

    /// Reads what the parts asked of the live level during the last input
    /// (or the frame's update): a copy of the collider ahead of the edits
    /// to come or a reload (F5), then the level changes, in the order
    /// sent, each by the one level-change path.
    fn apply_level_changes(&mut self) {
        for request in self.events.level_requests.read() {
            match request {
                LevelRequest::EditsComing => self.world.live.copy_ahead(),
                LevelRequest::Reload => self.world.live.reload_now(),
            }
        }
        let changes: Vec<LevelCause> = self.events.level_changes.read().collect();
        for cause in changes {
            self.change_level(cause);
        }
    }

    /// The one path by which the live level changes, for its typed
    /// `cause`: a reload (a file changed, F5), an edit (an undo or redo
    /// too), a restored autosave, a demo's level or a save. The live
    /// level, the simulation (the walker, its doors and loose bodies),
    /// every part and the renderer hear of it, in that order; a save
    /// changes no shape, so the simulation and the renderer's scene stay
    /// as they are.
    fn change_level(&mut self, cause: LevelCause) {
        let started = crate::platform::Instant::now();
        let (old_level, old_collider, collider_time) = self.make_live(&cause);
        let eye = cause.reshapes().then(|| self.place_walker(&cause));
        for part in self.parts.lifecycle() {
            part.level_changed(&old_collider, &cause, &mut self.world);
        }
        if let Some(speaker) = &mut self.speaker {
            speaker.level_changed(self.world.live.shared_walking());
        }
        let level = Arc::clone(self.world.live.shared().0);
        let scene = match cause {
            LevelCause::Reload(built) => Some(self.reloaded(*built, &level, eye)),
            LevelCause::Edit(_, changes) | LevelCause::Restore(_, changes) => {
                Some(NewScene::Edited(changes))
            }
            LevelCause::Demo(..) => Some(NewScene::Build),
            LevelCause::Saved(_) => None,
        };
        if let Some(scene) = scene {
            let change = SceneChange {
                level,
                collider: Arc::clone(self.world.live.shared().1),
                scene,
            };
            self.scene_change = Some(match self.scene_change.take() {
                Some(pending) => pending.then(change),
                None => change,
            });
        }
        if let Some(built) = collider_time {
            log::info!(
                "edit applied: collider changed in {:.1} ms, every part told (live checks \
                 included) in {:.1} ms",
                built.as_secs_f64() * 1000.0,
                (started.elapsed() - built).as_secs_f64() * 1000.0
            );
        }
        drop((old_level, old_collider));
    }

    /// Makes the level of `cause` the live one; returns the old level and
    /// collider, and for an edit how long changing the live collider in
    /// place took.
    fn make_live(&mut self, cause: &LevelCause) -> (Arc<Level>, Arc<Collider>, Option<Duration>) {
        let live = &mut self.world.live;
        let (old_level, old_collider) = match cause {
            LevelCause::Reload(built) => {
                // An edit's near misses come with its live checks; until
                // then the map keeps the ones it had.
                self.world.near_misses = OnceCell::new();
                live.adopt(Arc::clone(&built.level), Arc::clone(&built.collider))
            }
            LevelCause::Edit(level, changes) | LevelCause::Restore(level, changes) => {
                let started = crate::platform::Instant::now();
                let collider = live.collider_after(changes, level);
                let built = started.elapsed();
                let (old_level, old_collider) = live.edited(Arc::clone(level), collider);
                return (old_level, old_collider, Some(built));
            }
            LevelCause::Demo(level, _) => {
                // A demo opened with the session (the window's start-up)
                // plays on the level already live: its collider stands.
                let (live_level, live_collider) = live.shared();
                let collider = if Arc::ptr_eq(live_level, level) {
                    Arc::clone(live_collider)
                } else {
                    Arc::new(level.collider())
                };
                live.edited(Arc::clone(level), collider)
            }
            LevelCause::Saved(saved) => live.saved(saved),
        };
        (old_level, old_collider, None)
    }

    /// The walker on the changed level: a demo's starts where the demo
    /// does; otherwise doors that did not change keep their state (new
    /// ones start closed; a leaf that now stands on the eye pushes it out
    /// on its next move), loose bodies start again where the changed file
    /// places them, and the eye is moved out of a new wall. Either way it
    /// gets the settings file's view for the level.
    fn place_walker(&mut self, cause: &LevelCause) -> EyeAfterReload {
        let eye = if let LevelCause::Demo(_, simulation) = cause {
            self.world.simulation = Simulation::clone(simulation);
            EyeAfterReload::Clear
        } else {
            self.world.simulation.level_changed(self.world.live.level());
            clear_the_eye(
                &mut self.world.simulation.walker,
                self.world.live.collider(),
            )
        };
        let level = Arc::clone(self.world.live.shared().0);
        set_view(
            &mut self.world.simulation.walker,
            &self.world.settings,
            &level,
        );
        eye
    }

    /// A reload went live: its warnings and what happened to the eye show,
    /// and the scene it built goes to the renderer.
    fn reloaded(
        &mut self,
        built: BuiltLevel,
        level: &Level,
        eye: Option<EyeAfterReload>,
    ) -> NewScene {
        let BuiltLevel {
            warnings,
            scene,
            build_time,
            ..
        } = built;
        for warning in &warnings {
            log::warn!("{warning}");
            self.world.notice(format!("warning: {warning}"));
        }
        self.world.notice(format!("reloaded {}", level.name));
        if let Some(EyeAfterReload::MovedOut(distance)) = eye {
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

    /// The resize's new view size.
    pub fn view_size(&self) -> (u32, u32) {
        self.world.view_size
    }

    /// Runs a frame of `seconds` of wall time: reloads, then the ticks it
    /// covers (a playing demo's at its speed).
    pub fn update(&mut self, seconds: f64) {
        self.world.time += Duration::from_secs_f64(seconds.max(0.0));
        self.start_frame(false);
        let seconds = self.pace(seconds).unwrap_or(seconds);
        let ticks = self.ticks.advance(seconds);
        self.run_ticks(ticks);
    }

    /// Runs exactly `ticks` ticks of simulated time (a script's or a
    /// test's clock): reloads first, as [`update`](Self::update) does. The
    /// live checks of an edit are waited for, as no simulated time passes
    /// while they run.
    pub fn advance_ticks(&mut self, ticks: u32) {
        let seconds = f64::from(TICK_SECONDS) * f64::from(ticks);
        self.world.time += Duration::from_secs_f64(seconds);
        self.start_frame(true);
        let ticks = match self.pace(seconds) {
            Some(seconds) => self.ticks.advance_simulated(seconds),
            None => ticks,
        };
        self.run_ticks(ticks);
    }

    /// What a frame does before its ticks: reloads, the parts' update (an
    /// edit their finished work made goes live), and the held input.
    /// `wait`: the parts wait for work a script must see at once.
    fn start_frame(&mut self, wait: bool) {
        self.frame_rate.frame(self.world.time);
        if let Some(why) = self.speaker.as_ref().and_then(Speaker::silenced) {
            self.world.notice(why);
        }
        self.poll_reload();
        for part in self.parts.ticks() {
            part.update(wait, &mut self.world, &mut self.events);
        }
        self.apply_level_changes();
        self.hold_input();
    }

    /// The simulation seconds `seconds` of session time cover, when a part
    /// sets the pace.
    fn pace(&mut self, seconds: f64) -> Option<f64> {
        self.parts.ticks().find_map(|part| part.pace(seconds))
    }

    /// Hands the held keys and the gamepad's sticks to the tick gatherer,
    /// and the arrow keys' pan to the world.
    fn hold_input(&mut self) {
        let contexts = self.contexts();
        let modifiers = self.world.modifiers;
        let bindings = &self.world.settings.bindings;
        let keys = self.input.intent(bindings, &contexts, modifiers);
        let pan = self.input.pan(bindings, &contexts, modifiers);
        let pad = self.pad;
        // The right stick's rates, as a share of the keyboard's turn speed.
        let turn_speed = self
            .world
            .simulation
            .walker
            .settings
            .turn_speed
            .max(f32::EPSILON);
        self.world.gatherer.hold(MoveIntent {
            forward: keys.forward + pad.forward,
            right: keys.right + pad.right,
            turn: keys.turn + pad.yaw_rate / turn_speed,
            look_up: keys.look_up + pad.pitch_rate / turn_speed,
            run: keys.run || pad.run,
        });
        self.world.held_pan = pan;
    }

    /// Runs `ticks` simulation ticks (and any a part adds), and after each,
    /// every part's tick. A part may drive the simulation through a tick;
    /// otherwise it steps with the held input. Then the speaker plays what
    /// the frame's ticks made heard, where it mixes on this thread.
    fn run_ticks(&mut self, ticks: u32) {
        let extra: u32 = self.parts.ticks().map(|part| part.extra_ticks()).sum();
        for _ in 0..ticks + extra {
            self.ticks_run += 1;
            let world = &mut self.world;
            let driven = self.parts.ticks().any(|part| part.drive_tick(world));
            let input = (!driven).then(|| {
                let input = world.gatherer.next_tick();
                if let Err(error) = world
                    .simulation
                    .step(&input, world.live.walking_collider())
                    .collision
                {
                    log::error!("move refused: {error}");
                }
                input
            });
            for part in self.parts.ticks() {
                part.tick(input.as_ref(), &mut self.world);
            }
            self.hear_tick();
        }
        if let Some(speaker) = &mut self.speaker {
            speaker.play();
        }
    }

    /// Takes a finished reload, if any: the new level goes live (unless a
    /// part vetoes it), or the error shows. Not while a part holds
    /// reloads.
    fn poll_reload(&mut self) {
        if self.parts.vetoes().any(|part| part.holds_reloads()) {
            return;
        }
        let now = self.world.time;
        let Some(event) = self.world.live.poll(self.scene_builder.as_ref(), now) else {
            return;
        };
        let outcome = match event {
            ReloadEvent::Ready(built) => {
                let world = &mut self.world;
                let verdict = self
                    .parts
                    .vetoes()
                    .map(|part| part.may_reload(&built, world))
                    .find(|verdict| *verdict != ReloadVerdict::Go)
                    .unwrap_or(ReloadVerdict::Go);
                match verdict {
                    ReloadVerdict::Go => {
                        let started = crate::platform::Instant::now();
                        self.change_level(LevelCause::Reload(built));
                        ReloadOutcome {
                            swapped: true,
                            error: None,
                            swap_time: Some(started.elapsed()),
                        }
                    }
                    ReloadVerdict::Unchanged => {
                        self.world.live.unchanged();
                        self.refused_reload()
                    }
                    ReloadVerdict::Refused(message) => {
                        self.world.live.refuse(message);
                        self.refused_reload()
                    }
                }
            }
            ReloadEvent::Unchanged => ReloadOutcome {
                swapped: false,
                error: None,
                swap_time: None,
            },
            ReloadEvent::Failed => self.refused_reload(),
        };
        self.reloads.push(outcome);
    }

    /// How a reload that did not go live ended.
    fn refused_reload(&self) -> ReloadOutcome {
        ReloadOutcome {
            swapped: false,
            error: self.world.live.error().map(str::to_owned),
            swap_time: None,
        }
    }

    /// Brings the world's cursor point and aimed item up to date: the
    /// parts offer what they know (the full map the point under the
    /// pointer), and the one that owns them takes the offers.
    fn refresh_cursor(&mut self) {
        let mut offer = AimOffer::default();
        for part in self.parts.input() {
            part.offer_aim(&self.world, &mut offer);
        }
        for part in self.parts.input() {
            part.take_aim(&offer, &mut self.world);
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
        let mut lines = hud_lines(
            &world.simulation.walker,
            !world.live.level().floors.is_empty(),
            self.frame_rate.frames_per_second(),
        );
        let reloading = if world.live.reloading() {
            "  (reloading)"
        } else {
            ""
        };
        lines.push(format!("level {}{reloading}", world.live.level().name));
        for part in self.parts.shows() {
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

    /// The frame to draw now: the world's scene, the HUD (its lines are
    /// made only while it shows), and each part's share, then the reload's
    /// progress bar if no part shows one.
    pub fn frame(&mut self) -> SessionFrame<'_> {
        self.refresh_cursor();
        let hud = self.overlays.hud.then(|| self.current_hud());
        let scene = scene_frame(
            &self.world.simulation,
            self.world.live.level(),
            self.ticks.alpha(),
            self.overlays.debug_lines,
        );
        let world = &self.world;
        let mut share = FrameShare::new(scene.camera);
        for part in self.parts.shows() {
            part.frame(world, &mut share);
        }
        SessionFrame {
            scene,
            hud,
            help: (self.overlays.help && !self.help.is_empty()).then_some(self.help.as_slice()),
            markers: share.markers,
            crosshair: share.crosshair,
            map: share.map,
            panel: share.panel,
            progress: share.progress.or_else(|| world.live.progress(world.time)),
        }
    }

    /// Ends the session: the parts finish (a save still writing is waited
    /// for, a recording is finished); the first error is returned.
    pub fn finish(&mut self) -> anyhow::Result<()> {
        let mut result = Ok(());
        for part in self.parts.lifecycle() {
            let finished = part.finish(&mut self.world, &mut self.events);
            if result.is_ok() {
                result = finished;
            }
        }
        result
    }
}
