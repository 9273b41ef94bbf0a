//! Scripted sessions: a list of steps that stands in for a person (key
//! presses, ticks to wait, window resizes, edits of the level file), and the
//! report of what the application did. A script runs on simulated time:
//! only [`ScriptStep::Ticks`] advances the simulation, by exactly that many
//! ticks, so the same script gives the same checkpoints bit for bit on an
//! idle machine and on a loaded one. The same [`ScriptDriver`] drives the
//! real window ([`run_window_scripted`](super::run_window_scripted)) and a
//! headless session ([`run_headless_script`](super::run_headless_script)).

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Duration;

use glam::Vec2;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

use super::events::Input;
use super::held_keys::Modifiers;
use super::session::Session;
use crate::bindings::Action;
use crate::platform::Instant;

/// The most ticks one scripted frame runs: two, a 60 Hz frame's worth, so
/// a scripted walk draws frames along the way as a person's would.
pub const TICKS_PER_FRAME: u32 = 2;

/// One step of a scripted session.
#[derive(Debug, Clone, PartialEq)]
pub enum ScriptStep {
    /// Press (true) or release (false) the first key bound to an action.
    Action(Action, bool),
    /// Press (true) or release (false) a physical key, bound or not
    /// (modifiers, the Ctrl chords' letters). Ctrl, Alt and Shift also
    /// change the modifiers, as the window system reports them.
    Key(KeyCode, bool),
    /// Record the HUD's lines in the report.
    CaptureHud,
    /// Move the mouse pointer to this position in the window, in pixels.
    Pointer(f32, f32),
    /// Press (true) or release (false) a mouse button.
    Button(MouseButton, bool),
    /// Turn the mouse wheel by this many notches (positive: away, zoom in).
    Wheel(f32),
    /// Run exactly this many simulation ticks (120 a simulated second)
    /// before the next step, [`TICKS_PER_FRAME`] a frame: a held key acts
    /// for exactly this long.
    Ticks(u32),
    /// Let this much wall-clock time pass with the simulation stopped (for
    /// something outside the program, such as the file watcher, to act).
    Wait(Duration),
    /// Deliver a resize to the given physical size (0×0 is a minimize).
    Resize(u32, u32),
    /// Record the walker's eye position (x, z) in the report.
    Checkpoint,
    /// Write `text` to the file at `path`: in place, or (`by_rename`) into a
    /// temporary file in the same folder renamed over it, as vim and most
    /// IDEs save.
    WriteFile {
        /// The file to write.
        path: PathBuf,
        /// Its new contents.
        text: String,
        /// Save by rename instead of writing in place.
        by_rename: bool,
    },
    /// Wait, with the simulation stopped, until a reload has finished
    /// (swapped in and on screen, unchanged or failed), for at most this
    /// much wall-clock time.
    AwaitReload(Duration),
    /// Wait, with the simulation stopped, until a HUD line contains this
    /// text (something from outside, such as a real key press, got
    /// through), for at most this much wall-clock time.
    AwaitHud(String, Duration),
    /// Close the window.
    Close,
}

/// How one reload ended, as the scripted session saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReloadRecord {
    /// A new level was swapped in.
    pub swapped: bool,
    /// The error on the HUD after it, if any.
    pub error: Option<String>,
    /// For a swap: from the trigger (the latest [`ScriptStep::WriteFile`],
    /// or F5) to the first frame presented with the new level.
    pub latency: Option<Duration>,
    /// For a swap: main-thread time spent swapping it in.
    pub swap_time: Option<Duration>,
    /// The longest frame between the trigger and this record: a reload that
    /// stalls the main thread shows here.
    pub longest_frame: Duration,
}

/// What a scripted session saw.
#[derive(Debug, Clone, PartialEq)]
pub struct ScriptReport {
    /// Frames drawn (presented to the window, or run headless).
    pub frames_rendered: u64,
    /// The walker's final eye position (x, z).
    pub final_position: Vec2,
    /// The eye position (x, z) at each [`ScriptStep::Checkpoint`], in order.
    pub checkpoints: Vec<Vec2>,
    /// Every reload that finished, in order.
    pub reloads: Vec<ReloadRecord>,
    /// The HUD's lines at each [`ScriptStep::CaptureHud`], in order.
    pub huds: Vec<Vec<String>>,
    /// Simulation ticks run (120 a simulated second).
    pub ticks: u64,
    /// The live level's walls at the end, as (a, b).
    pub walls: Vec<(Vec2, Vec2)>,
    /// The live level's name at the end.
    pub level_name: String,
}

/// What a script is waiting for before its next step.
#[derive(Debug, Clone, PartialEq)]
enum Waiting {
    /// Nothing: the next step runs after this frame.
    Nothing,
    /// This many more ticks.
    Ticks(u32),
    /// This wall-clock moment.
    Until(Instant),
    /// A reload, until this wall-clock moment at most.
    Reload(Instant),
    /// A HUD line with this text, until this wall-clock moment at most.
    Hud(String, Instant),
}

/// What the shell must do for a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScriptCommand {
    /// Resize the window (and the view) to this physical size.
    Resize(u32, u32),
    /// Close the window: the script is over.
    Close,
}

/// Runs a script against a session, frame by frame.
#[derive(Debug)]
pub struct ScriptDriver {
    steps: VecDeque<ScriptStep>,
    waiting: Waiting,
    /// The modifier keys the script holds.
    modifiers: Vec<KeyCode>,
    /// When the latest reload was triggered (a file written, F5 pressed).
    last_trigger: Option<Instant>,
    /// The longest frame since then.
    longest_frame: Duration,
    /// Swaps whose first frame has not been presented yet.
    swaps_unseen: Vec<ReloadRecord>,
    frames: u64,
    checkpoints: Vec<Vec2>,
    reloads: Vec<ReloadRecord>,
    huds: Vec<Vec<String>>,
}

impl ScriptDriver {
    /// A driver that runs `steps` in order.
    pub fn new(steps: Vec<ScriptStep>) -> Self {
        Self {
            steps: steps.into(),
            waiting: Waiting::Nothing,
            modifiers: Vec::new(),
            last_trigger: None,
            longest_frame: Duration::ZERO,
            swaps_unseen: Vec::new(),
            frames: 0,
            checkpoints: Vec::new(),
            reloads: Vec::new(),
            huds: Vec::new(),
        }
    }

    /// Before a frame is drawn, `frame_time` of wall time after the last:
    /// runs this frame's share of the ticks waited for (none otherwise) and
    /// takes the reloads that ended.
    pub fn before_frame(&mut self, session: &mut Session, frame_time: Duration) {
        self.longest_frame = self.longest_frame.max(frame_time);
        let ticks = match &mut self.waiting {
            Waiting::Ticks(left) => {
                let now = (*left).min(TICKS_PER_FRAME);
                *left -= now;
                now
            }
            _ => 0,
        };
        session.advance_ticks(ticks);
        for outcome in session.take_reloads() {
            let record = ReloadRecord {
                swapped: outcome.swapped,
                error: outcome.error,
                latency: None,
                swap_time: outcome.swap_time,
                longest_frame: self.longest_frame,
            };
            if record.swapped {
                self.swaps_unseen.push(record);
            } else {
                self.reload_ended(record);
            }
        }
    }

    /// After a frame was drawn (`presented`, or skipped while minimized):
    /// runs the steps due, up to the next wait. Returns what the shell must
    /// do.
    pub fn after_frame(&mut self, session: &mut Session, presented: bool) -> Vec<ScriptCommand> {
        self.frames += u64::from(presented);
        if presented {
            for mut record in std::mem::take(&mut self.swaps_unseen) {
                record.latency = self.last_trigger.map(|trigger| trigger.elapsed());
                self.reload_ended(record);
            }
        }
        let now = Instant::now();
        match &self.waiting {
            Waiting::Ticks(left) if *left > 0 => return Vec::new(),
            Waiting::Until(until) | Waiting::Reload(until) if now < *until => return Vec::new(),
            Waiting::Hud(text, until)
                if now < *until
                    && !session
                        .hud()
                        .iter()
                        .any(|line| line.contains(text.as_str())) =>
            {
                return Vec::new();
            }
            _ => {}
        }
        self.waiting = Waiting::Nothing;
        let mut commands = Vec::new();
        while self.waiting == Waiting::Nothing {
            let Some(step) = self.steps.pop_front() else {
                commands.push(ScriptCommand::Close);
                break;
            };
            if let Some(command) = self.run(step, session) {
                commands.push(command);
                if command == ScriptCommand::Close {
                    break;
                }
            }
        }
        commands
    }

    /// Runs one step.
    fn run(&mut self, step: ScriptStep, session: &mut Session) -> Option<ScriptCommand> {
        match step {
            ScriptStep::Action(action, pressed) => {
                if action == Action::ReloadLevel && pressed {
                    self.triggered();
                }
                if let Some(key) = session.first_key(action) {
                    self.key(session, key, pressed);
                }
            }
            ScriptStep::Key(key, pressed) => self.key(session, key, pressed),
            ScriptStep::CaptureHud => self.huds.push(session.hud()),
            ScriptStep::Pointer(x, y) => session.handle(Input::Pointer(Vec2::new(x, y))),
            ScriptStep::Button(button, pressed) => {
                session.handle(Input::Button { button, pressed });
            }
            ScriptStep::Wheel(notches) => session.handle(Input::Wheel(notches)),
            ScriptStep::Ticks(ticks) => self.waiting = Waiting::Ticks(ticks),
            ScriptStep::Wait(time) => self.waiting = Waiting::Until(Instant::now() + time),
            ScriptStep::AwaitReload(at_most) => {
                self.waiting = Waiting::Reload(Instant::now() + at_most);
            }
            ScriptStep::AwaitHud(text, at_most) => {
                self.waiting = Waiting::Hud(text, Instant::now() + at_most);
            }
            ScriptStep::Resize(width, height) => return Some(ScriptCommand::Resize(width, height)),
            ScriptStep::Checkpoint => self.checkpoints.push(session.walker().position()),
            ScriptStep::WriteFile {
                path,
                text,
                by_rename,
            } => {
                self.triggered();
                if let Err(error) = write_file(&path, &text, by_rename) {
                    log::error!("script cannot write {}: {error}", path.display());
                    return Some(ScriptCommand::Close);
                }
            }
            ScriptStep::Close => return Some(ScriptCommand::Close),
        }
        None
    }

    /// A key, with the modifiers it changes reported as the window system
    /// reports them (before the key itself).
    fn key(&mut self, session: &mut Session, key: KeyCode, pressed: bool) {
        use KeyCode::*;
        if matches!(
            key,
            ControlLeft | ControlRight | AltLeft | AltRight | ShiftLeft | ShiftRight
        ) {
            self.modifiers.retain(|held| *held != key);
            if pressed {
                self.modifiers.push(key);
            }
            let any = |keys: [KeyCode; 2]| keys.iter().any(|key| self.modifiers.contains(key));
            session.handle(Input::Modifiers(Modifiers {
                ctrl: any([ControlLeft, ControlRight]),
                alt: any([AltLeft, AltRight]),
                shift: any([ShiftLeft, ShiftRight]),
            }));
        }
        session.handle(Input::Key {
            key,
            pressed,
            repeat: false,
        });
    }

    /// A reload was triggered now.
    fn triggered(&mut self) {
        self.last_trigger = Some(Instant::now());
        self.longest_frame = Duration::ZERO;
    }

    /// A reload ended: recorded, and no longer waited for.
    fn reload_ended(&mut self, record: ReloadRecord) {
        self.reloads.push(record);
        if matches!(self.waiting, Waiting::Reload(_)) {
            self.waiting = Waiting::Nothing;
        }
    }

    /// The report, at the end of the session.
    pub fn report(self, session: &Session) -> ScriptReport {
        ScriptReport {
            frames_rendered: self.frames,
            final_position: session.walker().position(),
            checkpoints: self.checkpoints,
            reloads: self.reloads,
            huds: self.huds,
            ticks: session.ticks_run(),
            walls: session
                .level()
                .walls
                .iter()
                .map(|wall| (wall.a, wall.b))
                .collect(),
            level_name: session.level().name.clone(),
        }
    }
}

/// Writes `text` to `path` in place or by a rename over it.
pub fn write_file(path: &std::path::Path, text: &str, by_rename: bool) -> std::io::Result<()> {
    if by_rename {
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".swp");
        let temporary = PathBuf::from(temporary);
        std::fs::write(&temporary, text)?;
        std::fs::rename(&temporary, path)
    } else {
        std::fs::write(path, text)
    }
}
