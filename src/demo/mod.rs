//! Demos: walks recorded as one line of input per tick, played back
//! exactly, checking themselves as they go (format: `docs/demo-format.md`).
//!
//! A recording ([`DemoRecorder`]) writes a [`DemoHeader`] (level and its
//! hash, settings, start pose), then each tick's [`TickInput`](crate::walker::TickInput)
//! and, every [`CHECK_INTERVAL`] ticks, a check line with the eye's exact
//! position and heading. Playback ([`play`]) streams the file through a
//! [`DemoReader`] and the same [`Simulation::step`](crate::simulation::Simulation::step);
//! the first check that differs is a [`Desync`]; [`play_tick`] plays one
//! tick at a time for a caller that paces the playback. [`OpenedDemo`] opens a file
//! for `mazewalker play --headless`; a [`TimedemoReport`] holds what a
//! timedemo (every tick rendered, by the program's `app::run_timedemo`)
//! measured.
//!
//! Module map: `error` errors with line numbers, `fields` exact numbers and
//! `key=value` fields, `header` and `settings_line` the header, `tick_line`
//! tick and check lines, `reader` and `writer` the streams, `player` the
//! playback loop, `demo_file` opening a file on its level, `timedemo` and
//! `frame_times` the benchmark's figures.

mod demo_file;
mod error;
mod fields;
mod frame_times;
mod header;
mod player;
mod reader;
mod settings_line;
mod tick_line;
mod timedemo;
mod writer;

pub use demo_file::{DemoFile, OpenedDemo};
pub use error::{DemoError, DemoErrorKind};
pub use frame_times::FrameTimes;
pub use header::DemoHeader;
pub use player::{Desync, Played, TickPlayed, play, play_tick};
pub use reader::{DemoEvent, DemoReader};
pub use tick_line::{Check, MAX_REPEAT};
pub use timedemo::TimedemoReport;
pub use writer::DemoRecorder;

/// The demo format version this program writes and reads (first line
/// `mazewalker-demo 1`).
pub const FORMAT_VERSION: u32 = 1;

/// A recording writes a check line every 120 ticks (one second), and one
/// after the last tick: a desync is found within a second of where it
/// starts, for about 40 bytes a second.
pub const CHECK_INTERVAL: u64 = 120;

/// The longest line a demo may hold, in bytes (its line break excluded):
/// garbage without line breaks is refused instead of read into memory.
pub const MAX_LINE_BYTES: usize = 8192;
