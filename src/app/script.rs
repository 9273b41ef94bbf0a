//! The scripted-test driver: a list of steps that stands in for a person
//! (key presses, frames to wait, window resizes, edits of the level file),
//! and the report of what the real application did.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use glam::Vec2;

use winit::event::MouseButton;
use winit::keyboard::KeyCode;

use crate::input::Action;

/// One step of a scripted session (used by the window tests to drive the
/// real application with synthetic input).
#[derive(Debug, Clone, PartialEq)]
pub enum ScriptStep {
    /// Press (true) or release (false) the key bound to an action.
    Action(Action, bool),
    /// Press (true) or release (false) a physical key, bound or not
    /// (modifiers, the Ctrl chords' letters).
    Key(KeyCode, bool),
    /// Record the HUD's lines in the report.
    CaptureHud,
    /// Move the mouse pointer to this position in the window, in pixels.
    Pointer(f32, f32),
    /// Press (true) or release (false) a mouse button.
    Button(MouseButton, bool),
    /// Turn the mouse wheel by this many notches (positive: away, zoom in).
    Wheel(f32),
    /// Let this many frames render.
    Frames(u32),
    /// Let exactly this many simulation ticks run (120 a second) before the
    /// next step, so a held key moves the walker a known distance at any
    /// frame rate.
    Ticks(u32),
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
    /// Wait until a reload has finished (swapped in, unchanged or failed),
    /// rendering frames, for at most this many frames.
    AwaitReload(u32),
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
    /// Frames actually rendered to the window.
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

/// A script and where it is.
#[derive(Debug)]
pub struct Script {
    steps: VecDeque<ScriptStep>,
    frames_to_wait: u32,
    ticks_to_wait: u32,
    awaiting_reload: bool,
    /// When the latest reload was triggered (a file written, F5 pressed).
    pub last_trigger: Option<Instant>,
    /// The longest frame since then.
    longest_frame: Duration,
    /// Checkpoints so far.
    pub checkpoints: Vec<Vec2>,
    /// Reloads so far.
    pub reloads: Vec<ReloadRecord>,
    /// HUD captures so far.
    pub huds: Vec<Vec<String>>,
}

impl Script {
    /// A script that runs `steps` in order.
    pub fn new(steps: Vec<ScriptStep>) -> Self {
        Self {
            steps: steps.into(),
            frames_to_wait: 0,
            ticks_to_wait: 0,
            awaiting_reload: false,
            last_trigger: None,
            longest_frame: Duration::ZERO,
            checkpoints: Vec::new(),
            reloads: Vec::new(),
            huds: Vec::new(),
        }
    }

    /// The next step to carry out this frame, or `None` while waiting.
    /// `Some(None)` means the script is over.
    pub fn next_step(&mut self) -> Option<Option<ScriptStep>> {
        if self.frames_to_wait > 0 {
            self.frames_to_wait -= 1;
            return None;
        }
        if self.ticks_to_wait > 0 {
            return None;
        }
        if self.awaiting_reload {
            self.awaiting_reload = false;
        }
        let step = self.steps.pop_front();
        match &step {
            Some(ScriptStep::Frames(frames)) => self.frames_to_wait = *frames,
            Some(ScriptStep::Ticks(ticks)) => self.ticks_to_wait = *ticks,
            Some(ScriptStep::AwaitReload(frames)) => {
                self.frames_to_wait = *frames;
                self.awaiting_reload = true;
            }
            _ => {}
        }
        Some(step)
    }

    /// A reload was triggered now.
    pub fn triggered(&mut self) {
        self.last_trigger = Some(Instant::now());
        self.longest_frame = Duration::ZERO;
    }

    /// How many ticks may run before the script's next step, while it
    /// waits for ticks ([`ScriptStep::Ticks`]).
    pub fn tick_limit(&self) -> Option<u32> {
        (self.ticks_to_wait > 0).then_some(self.ticks_to_wait)
    }

    /// `ticks` simulation ticks ran.
    pub fn ticked(&mut self, ticks: u32) {
        self.ticks_to_wait = self.ticks_to_wait.saturating_sub(ticks);
    }

    /// A frame of `seconds` went by.
    pub fn frame(&mut self, seconds: f32) {
        self.longest_frame = self.longest_frame.max(Duration::from_secs_f32(seconds));
    }

    /// A reload finished (`swap_time` is set for a swap): records it and
    /// stops waiting for it.
    pub fn reload_finished(&mut self, swap_time: Option<Duration>, error: Option<String>) {
        let record = ReloadRecord {
            swapped: swap_time.is_some(),
            error,
            latency: swap_time.and(self.last_trigger.map(|trigger| trigger.elapsed())),
            swap_time,
            longest_frame: self.longest_frame,
        };
        self.reloads.push(record);
        if self.awaiting_reload {
            self.awaiting_reload = false;
            self.frames_to_wait = 0;
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
