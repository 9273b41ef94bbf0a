//! What differs between the native program and the web page, in one place:
//! the rest of the crate calls these and never asks which platform it runs
//! on.
//!
//! - time: [`Instant`] and [`unix_seconds`] (the browser's clock on the
//!   web, where the standard library's traps);
//! - background work: [`spawn_thread`] (a worker thread natively; none on
//!   the web, where callers do the work themselves) and [`spawn_task`] (a
//!   worker thread natively; on the web a task run between frames, in
//!   pieces that end at the work's progress reports, [`between_pieces`]);
//!   [`WORK_MAY_WAIT`] says whether such work and the main thread may
//!   block waiting for each other;
//! - futures: [`run_future`] (blocking natively, a task on the web);
//! - the window: [`run_app`] (the event loop, returning natively, handed to
//!   the browser on the web), [`window_attributes`] (the page's canvas) and
//!   [`window_instance`] (the wgpu instance: WebGPU where the browser has
//!   it, WebGL2 where not);
//! - files: [`open_file`], [`replace_file`], [`create_file`] and the rest
//!   of `files` (the file system, or on the web the page's storage, kept in
//!   the browser's IndexedDB, and the files the page fetched before the
//!   program started), [`write_new_file`] (a new file, or on the web a
//!   download), [`temporary_folder`] (none on the web) and
//!   [`FolderWatcher`] (no file watching on the web);
//! - output: [`print_line`] and [`program_output`] (stdout, or the
//!   browser's console);
//! - the program's start: [`arguments`] (the command line, or the page's
//!   URL) and [`init_logging`] (stderr, or the browser's console);
//! - sound: [`SoundServer`] (a PulseAudio or PipeWire server's playback
//!   stream on Unix, which the sound thread waits on; on the page Web
//!   Audio, fed each frame on the page's thread; none elsewhere,
//!   [`HAS_SOUND_SERVER`]).

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub use native::*;
#[cfg(target_arch = "wasm32")]
pub use web::*;

// The sound output: a PulseAudio or PipeWire server on Unix, Web Audio on
// the page (`web`), none elsewhere.
#[cfg(not(any(unix, target_arch = "wasm32")))]
#[path = "no_sound_server.rs"]
mod sound_server;
#[cfg(unix)]
mod sound_server;

#[cfg(not(target_arch = "wasm32"))]
pub use sound_server::{HAS_SOUND_SERVER, SoundServer};

/// How long a file must be quiet before the watcher delivers its events:
/// long enough to fold an editor's write-rename-chmod into one event, short
/// enough to keep the reload within 300 ms (Bevy waits 50 ms).
pub const DEBOUNCE: std::time::Duration = std::time::Duration::from_millis(50);

/// The bytes of the file at `path` ([`open_file`], read to its end).
pub fn read_file(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    open_file(path)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The text of the file at `path`: [`read_file`], failing on bytes that
/// are not UTF-8.
pub fn read_text(path: &std::path::Path) -> std::io::Result<String> {
    String::from_utf8(read_file(path)?).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}
