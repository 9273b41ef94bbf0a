//! What differs between the native program and the web page, in one place:
//! the rest of the crate calls these and never asks which platform it runs
//! on.
//!
//! - time: [`Instant`] (the browser's clock on the web, where the standard
//!   library's traps);
//! - background work: [`spawn_thread`] and [`spawn_task`] (a worker thread
//!   natively; none on the web, where callers do the work themselves);
//!   [`WORK_MAY_WAIT`] says whether such work may block waiting for the
//!   main thread;
//! - futures: [`run_future`] (blocking natively, a task on the web);
//! - the window: [`run_app`] (the event loop, returning natively, handed to
//!   the browser on the web), [`window_attributes`] (the page's canvas) and
//!   [`window_instance`] (the wgpu instance: WebGPU where the browser has
//!   it, WebGL2 where not);
//! - files: [`open_file`] (the file system, or the files the page fetched
//!   before the program started), [`temporary_folder`] (none on the web)
//!   and [`FolderWatcher`] (no file watching on the web);
//! - output: [`print_line`] and [`program_output`] (stdout, or the
//!   browser's console);
//! - the program's start: [`arguments`] (the command line, or the page's
//!   URL) and [`init_logging`] (stderr, or the browser's console).

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub use native::*;
#[cfg(target_arch = "wasm32")]
pub use web::*;

/// How long a file must be quiet before the watcher delivers its events:
/// long enough to fold an editor's write-rename-chmod into one event, short
/// enough to keep the reload within 300 ms (Bevy waits 50 ms).
pub const DEBOUNCE: std::time::Duration = std::time::Duration::from_millis(50);
