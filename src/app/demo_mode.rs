//! Demos in the window: recording every tick's input (`--record FILE`), or
//! playing a recorded walk (`mazewalker play FILE`) with pause (Space),
//! single steps (`.`) and speed (`+`, `-`).

use std::fs::File;
use std::io::{BufReader, BufWriter};

use winit::keyboard::KeyCode;

use crate::collision::Collider;
use crate::demo::{DemoReader, DemoRecorder, TickPlayed, play_tick};
use crate::walker::Walker;

/// Playback speeds `+` and `-` step through.
const SPEEDS: [f64; 7] = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0];
/// Index of 1× in [`SPEEDS`].
const NORMAL_SPEED: usize = 3;

/// What the window does with demos.
#[derive(Debug)]
pub enum DemoMode {
    /// Neither recording nor playing.
    Off,
    /// Writing each tick to a demo file.
    Recording(DemoRecorder<BufWriter<File>>),
    /// Playing a demo instead of reading the keyboard and mouse.
    Playing(WindowPlayback),
}

/// A demo playing in the window.
#[derive(Debug)]
pub struct WindowPlayback {
    reader: DemoReader<BufReader<File>>,
    paused: bool,
    step_once: bool,
    speed: usize,
    ended: Option<String>,
}

impl WindowPlayback {
    /// Plays the demo `reader` stands in, from its first tick.
    pub fn new(reader: DemoReader<BufReader<File>>) -> Self {
        Self {
            reader,
            paused: false,
            step_once: false,
            speed: NORMAL_SPEED,
            ended: None,
        }
    }

    /// The playback key `key` (Space, `.`, `+`, `-`), if it is one; returns
    /// whether it was.
    pub fn key(&mut self, key: KeyCode) -> bool {
        match key {
            KeyCode::Space => self.paused = !self.paused,
            KeyCode::Period | KeyCode::NumpadDecimal => {
                if self.paused {
                    self.step_once = true;
                }
            }
            KeyCode::Equal | KeyCode::NumpadAdd => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
            }
            KeyCode::Minus | KeyCode::NumpadSubtract => self.speed = self.speed.saturating_sub(1),
            _ => return false,
        }
        true
    }

    /// How much faster than real time the demo plays.
    pub fn speed(&self) -> f64 {
        SPEEDS[self.speed]
    }

    /// Seconds of demo time that `frame_seconds` of real time cover now
    /// (none while paused).
    pub fn demo_seconds(&self, frame_seconds: f64) -> f64 {
        if self.paused {
            0.0
        } else {
            frame_seconds * self.speed()
        }
    }

    /// Plays `ticks` ticks (one more if `.` was pressed while paused) on
    /// `walker`. At the end of the demo, or at a desync, playback stops and
    /// says why (the desync line also goes to stderr).
    pub fn play(&mut self, ticks: u32, walker: &mut Walker, collider: &Collider) {
        let ticks = ticks + u32::from(std::mem::take(&mut self.step_once));
        for _ in 0..ticks {
            if self.ended.is_some() {
                return;
            }
            match play_tick(&mut self.reader, walker, collider) {
                Ok(TickPlayed::Ticked) => {}
                Ok(TickPlayed::Ended) => {
                    let ticks = self.reader.ticks();
                    self.ended = Some(format!("demo finished after {ticks} ticks"));
                }
                Ok(TickPlayed::Desync(desync)) => {
                    eprintln!("{desync}");
                    self.ended = Some(desync.to_string());
                }
                Err(error) => {
                    eprintln!("error: {error}");
                    self.ended = Some(format!("error: {error}"));
                }
            }
        }
    }

    /// The HUD line: tick, speed, paused, or how it ended.
    pub fn status(&self) -> String {
        let state = match (&self.ended, self.paused) {
            (Some(ended), _) => ended.clone(),
            (None, true) => "paused (Space plays, . steps)".to_owned(),
            (None, false) => "playing (Space pauses, + - speed)".to_owned(),
        };
        format!(
            "demo tick {}  x{}  {state}",
            self.reader.ticks(),
            self.speed()
        )
    }
}
