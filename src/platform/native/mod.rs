//! The native program's side of [`platform`](super): threads, the standard
//! library's clock, blocking on futures, `notify`'s file watcher, the
//! command line, `env_logger`, and files on disk.

mod files;
mod watch;

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

use winit::application::ApplicationHandler;
use winit::error::EventLoopError;
use winit::event_loop::EventLoop;
use winit::window::WindowAttributes;

pub use files::*;
pub use std::time::Instant;
pub use watch::FolderWatcher;

/// Whole seconds since 1970 by the system's clock (0 if it is set before).
pub fn unix_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

/// The CPU time the calling thread has run for, where the system tells
/// (Linux's scheduler statistics, in nanoseconds): what a frame cost the
/// main thread itself, which other work on the machine does not inflate.
pub fn thread_cpu_time() -> Option<std::time::Duration> {
    let statistics = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds = statistics.split_whitespace().next()?.parse().ok()?;
    Some(std::time::Duration::from_nanos(nanoseconds))
}

/// Background work may block waiting for the main thread: it has a thread
/// of its own.
pub const WORK_MAY_WAIT: bool = true;

/// Runs `work` on a new thread named `name`; fails when no thread can
/// start (the caller then does the work itself).
pub fn spawn_thread<T: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<JoinHandle<T>> {
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(work)
}

/// Runs one piece of background work off the main thread, on a new thread
/// named `name`; fails when no thread can start.
pub fn spawn_task(name: &str, work: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    spawn_thread(name, work).map(drop)
}

/// Background work has reached a progress report: a thread of its own
/// needs no pause there, so this returns at once.
pub fn between_pieces() {}

/// Runs `future` to its end here and now, and hands its output to `done`.
pub fn run_future<T>(future: impl Future<Output = T> + 'static, done: impl FnOnce(T) + 'static) {
    done(pollster::block_on(future));
}

/// Runs `app` on `event_loop` until it exits, and gives it back.
pub fn run_app<A: ApplicationHandler + 'static>(
    event_loop: EventLoop<()>,
    mut app: A,
) -> Result<Option<A>, EventLoopError> {
    event_loop.run_app(&mut app)?;
    Ok(Some(app))
}

/// The window's attributes as the platform needs them: unchanged.
pub fn window_attributes(attributes: WindowAttributes) -> WindowAttributes {
    attributes
}

/// The wgpu instance a window draws with, from `descriptor`.
pub async fn window_instance(descriptor: wgpu::InstanceDescriptor) -> wgpu::Instance {
    wgpu::Instance::new(descriptor)
}

/// The program's arguments: the command line.
pub fn arguments() -> Vec<OsString> {
    std::env::args_os().collect()
}

/// The folder for temporary files: the system's.
pub fn temporary_folder() -> Option<PathBuf> {
    Some(std::env::temp_dir())
}

/// A file opened for reading by [`open_file`].
pub type OpenFile = std::fs::File;

/// Opens the file at `path` for reading.
pub fn open_file(path: &Path) -> io::Result<OpenFile> {
    std::fs::File::open(path)
}

/// Where the program's output goes (`play --headless`'s lines): stdout.
pub fn program_output() -> io::StdoutLock<'static> {
    io::stdout().lock()
}

/// Warnings and errors, unless `RUST_LOG` says otherwise; egui's renderer
/// only from errors up: it warns at every renderer made for an sRGB target,
/// and the frame's targets are sRGB on purpose (egui has a shader for them).
const LOG_FILTER: &str = "warn,egui_wgpu::renderer=error";

/// Log lines go to stderr, at `RUST_LOG`'s level ([`LOG_FILTER`] by
/// default).
pub fn init_logging() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(LOG_FILTER)).init();
}

/// Prints `line`, the program's output (a position to paste into a level
/// file): on stdout.
pub fn print_line(line: &str) {
    println!("{line}");
}

/// Reports `message`, the error that ended the program, on stderr after
/// `error: `.
pub fn report_error(message: &str) {
    eprintln!("error: {message}");
}

/// An error that ended the window: nothing to do natively, where the
/// window's run returns it and [`report_error`] reports it.
pub fn report_window_error(_message: &str) {}

/// Whether the platform let a grabbed mouse go on its own: never natively,
/// where the window loses the grab only with its focus, which it is told.
pub fn mouse_lock_lost() -> bool {
    false
}

/// The window is about to grab the mouse: nothing to note natively.
pub fn mouse_lock_requested() {}

/// Whether quitting now would lose work being written: nothing to do
/// natively, where a quit during a save waits for it.
pub fn set_leaving_loses_work(_loses: bool) {}

/// Which graphics backend draws and what that leaves out: a log line.
pub fn announce_backend(backend: &str, tier: &str) {
    log::info!("backend: {backend} ({tier})");
}
