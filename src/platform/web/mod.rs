//! The web page's side of [`platform`](super): no threads (background work
//! runs on the page's one thread, in pieces between frames: `background`),
//! the browser's clock, futures run as tasks, no file watching, the page's
//! URL in place of a command line, the page's storage in place of a file
//! system (`files`), and the browser's console for log lines, panics and
//! the program's output, and Web Audio for sound (`sound`).

mod background;
mod files;
mod pointer_lock;
mod sound;

pub use background::{between_pieces, spawn_task};
pub use files::*;
pub use pointer_lock::{mouse_lock_lost, mouse_lock_requested};
pub use sound::{HAS_SOUND_SERVER, SoundServer};

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::thread::JoinHandle;

use winit::application::ApplicationHandler;
use winit::error::EventLoopError;
use winit::event_loop::EventLoop;
use winit::window::WindowAttributes;

pub use web_time::Instant;

/// Whole seconds since 1970 by the browser's clock (the standard
/// library's traps in a page).
pub fn unix_seconds() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

/// The page does not tell a thread's CPU time.
pub fn thread_cpu_time() -> Option<std::time::Duration> {
    None
}

/// Background work may not block waiting for the main thread, nor the
/// main thread for it: it runs on the main thread, between frames.
pub const WORK_MAY_WAIT: bool = false;

/// The page has no threads: always fails, and the caller does the work
/// itself.
pub fn spawn_thread<T: Send + 'static>(
    name: &str,
    _work: impl FnOnce() -> T + Send + 'static,
) -> std::io::Result<JoinHandle<T>> {
    Err(std::io::Error::new(
        std::io::ErrorKind::Unsupported,
        format!("the page has no thread for {name}"),
    ))
}

/// Runs `future` as a task on the page's thread, and hands its output to
/// `done` when it ends.
pub fn run_future<T>(future: impl Future<Output = T> + 'static, done: impl FnOnce(T) + 'static) {
    wasm_bindgen_futures::spawn_local(async move { done(future.await) });
}

/// Hands `app` to the browser, which runs it on its events: returns at
/// once, and the app is never given back.
pub fn run_app<A: ApplicationHandler + 'static>(
    event_loop: EventLoop<()>,
    app: A,
) -> Result<Option<A>, EventLoopError> {
    use winit::platform::web::EventLoopExtWebSys as _;
    event_loop.spawn_app(app);
    Ok(None)
}

/// The window's attributes as the page needs them: its canvas appended to
/// the page's body, as large as the page's style makes it (the whole page,
/// following the browser window) rather than the program's window size.
pub fn window_attributes(mut attributes: WindowAttributes) -> WindowAttributes {
    use winit::platform::web::WindowAttributesExtWebSys as _;
    attributes.inner_size = None;
    attributes.with_append(true)
}

/// The wgpu instance a window draws with: WebGPU where the browser offers
/// an adapter, WebGL2 where it does not.
pub async fn window_instance(descriptor: wgpu::InstanceDescriptor) -> wgpu::Instance {
    wgpu::util::new_instance_with_webgpu_detection(descriptor).await
}

/// No file watching in the page: there are no files on disk.
#[derive(Debug)]
pub struct FolderWatcher;

impl FolderWatcher {
    /// Always fails: the page cannot watch files.
    pub fn new() -> anyhow::Result<Self> {
        anyhow::bail!("the page has no files to watch")
    }

    /// Nothing to watch.
    pub fn watch_files(&mut self, _files: &[PathBuf]) {}

    /// Nothing ever changes.
    pub fn changed_paths(&self) -> Vec<PathBuf> {
        Vec::new()
    }
}

/// The program's arguments, read from the page's URL: `?level=maze&w=24&h=24&seed=3`
/// is `--maze 24x24 --seed 3`; `?file=NAME` is `--level NAME` (a level in
/// the page's storage: saved, picked or dropped); `?wad=NAME&map=MAP` is
/// `--wad NAME --map MAP` (a WAD in the page's storage); `record=NAME` is
/// `--record NAME` (the demo goes into the page's storage);
/// `quality=fast|full` is `--quality`; `sound=on|off` is `--sound`;
/// `config=NAME` is `--config NAME` (a settings file, stored, or else
/// fetched by the page first); `?demo=FILE` is `play FILE` (stored, or
/// else fetched by the page first), and with `&headless` it is
/// `play FILE --headless`.
pub fn arguments() -> Vec<OsString> {
    let mut arguments = vec![OsString::from("mazewalker")];
    let Some(query) = page_query() else {
        return arguments;
    };
    let value = |name: &str| query.get(name);
    if let Some(config) = value("config") {
        arguments.push("--config".into());
        arguments.push(config.into());
    }
    if let Some(demo) = value("demo") {
        arguments.push("play".into());
        arguments.push(demo.into());
        if query.has("headless") {
            arguments.push("--headless".into());
        }
        return arguments;
    }
    for (key, flag) in [("wad", "--wad"), ("map", "--map")] {
        if let Some(named) = value(key) {
            arguments.push(flag.into());
            arguments.push(named.into());
        }
    }
    if let Some(file) = value("file") {
        arguments.push("--level".into());
        arguments.push(file.into());
    } else if value("level").as_deref() == Some("maze") {
        let side = |name: &str| value(name).unwrap_or_else(|| "24".to_owned());
        arguments.push("--maze".into());
        arguments.push(format!("{}x{}", side("w"), side("h")).into());
        if let Some(seed) = value("seed") {
            arguments.push("--seed".into());
            arguments.push(seed.into());
        }
    }
    if let Some(record) = value("record") {
        arguments.push("--record".into());
        arguments.push(record.into());
    }
    if let Some(quality) = value("quality") {
        arguments.push("--quality".into());
        arguments.push(quality.into());
    }
    if let Some(sound) = value("sound") {
        arguments.push("--sound".into());
        arguments.push(sound.into());
    }
    arguments
}

/// The folder for temporary files: none, the page has no file system.
pub fn temporary_folder() -> Option<PathBuf> {
    None
}

/// Where the program's output goes (`play --headless`'s lines): the
/// browser's console, a line at a time.
pub fn program_output() -> ConsoleOutput {
    ConsoleOutput::default()
}

/// The program's output on the browser's console: each line once it ends
/// (or at [`flush`](Write::flush)).
#[derive(Debug, Default)]
pub struct ConsoleOutput {
    /// What was written since the last line ended.
    pending: Vec<u8>,
}

impl ConsoleOutput {
    /// Writes `bytes` as one line on the console.
    fn say(bytes: &[u8]) {
        let line = String::from_utf8_lossy(bytes);
        web_sys::console::log_1(&wasm_bindgen::JsValue::from_str(&line));
    }
}

impl Write for ConsoleOutput {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        while let Some(end) = self.pending.iter().position(|&byte| byte == b'\n') {
            Self::say(&self.pending[..end]);
            self.pending.drain(..=end);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            Self::say(&self.pending);
            self.pending.clear();
        }
        Ok(())
    }
}

impl Drop for ConsoleOutput {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// Log lines (the crate's from `info` up, others' from `warn`) and panics
/// go to the browser's console.
pub fn init_logging() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("mazewalker panicked: {info}").into());
    }));
    if log::set_logger(&CONSOLE).is_ok() {
        log::set_max_level(log::LevelFilter::Info);
    }
}

/// The logger writing to the browser's console.
struct ConsoleLogger;

static CONSOLE: ConsoleLogger = ConsoleLogger;

impl log::Log for ConsoleLogger {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Warn || metadata.target().starts_with("mazewalker")
    }

    fn log(&self, record: &log::Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let line = format!("{} {}: {}", record.level(), record.target(), record.args()).into();
        match record.level() {
            log::Level::Error => web_sys::console::error_1(&line),
            log::Level::Warn => web_sys::console::warn_1(&line),
            _ => web_sys::console::log_1(&line),
        }
    }

    fn flush(&self) {}
}

/// Prints `line`, the program's output (a position to paste into a level
/// file): on the browser's console, and on the page, as the `data-said`
/// attribute of its `#printed` element, which the page shows.
pub fn print_line(line: &str) {
    web_sys::console::log_1(&line.into());
    if let Some(printed) =
        page_document().and_then(|document| document.get_element_by_id("printed"))
    {
        let _ = printed.set_attribute("data-said", line);
    }
}

/// Reports `message`, the error that ended the program (a WAD or level
/// that cannot be opened, a bad URL): on the browser's console after
/// `error: `, as natively on stderr, and on the page, as the
/// `data-said` attribute of its `#failed` element, which the page shows,
/// and the body's `data-error` (what web/test reads).
pub fn report_error(message: &str) {
    web_sys::console::error_1(&format!("error: {message}").into());
    if let Some(failed) = page_document().and_then(|document| document.get_element_by_id("failed"))
    {
        let _ = failed.set_attribute("data-said", message);
    }
    if let Some(body) = page_body() {
        let _ = body.set_attribute("data-error", message);
    }
}

/// An error that ended the window: reported as [`report_error`] does,
/// since in the page the window's run returned long before.
pub fn report_window_error(message: &str) {
    report_error(message);
}

/// Tells the page whether closing it now would lose work the program is
/// writing (a save): the body's `data-saving` attribute, present while it
/// does, on which the page asks the person before it closes. The page
/// itself also asks while the browser's storage still writes a file.
pub fn set_leaving_loses_work(loses: bool) {
    let Some(body) = page_body() else {
        return;
    };
    if body.has_attribute("data-saving") == loses {
        return;
    }
    let _ = if loses {
        body.set_attribute("data-saving", "")
    } else {
        body.remove_attribute("data-saving")
    };
}

/// Says on the page which graphics backend draws it and what that leaves
/// out: a console line, and the page's `data-backend` and `data-tier`
/// attributes, which the page's text and its tests read.
pub fn announce_backend(backend: &str, tier: &str) {
    web_sys::console::log_1(&format!("mazewalker backend: {backend} ({tier})").into());
    let Some(body) = page_body() else {
        return;
    };
    let _ = body.set_attribute("data-backend", backend);
    let _ = body.set_attribute("data-tier", tier);
}

/// The page's document; `None` outside a page.
fn page_document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|window| window.document())
}

/// The page's body, where the program leaves what the page and its tests
/// read (`data-backend`, `data-saving`).
fn page_body() -> Option<web_sys::HtmlElement> {
    page_document().and_then(|document| document.body())
}

/// The page's URL query (`?level=maze&w=24`), which stands in for the
/// command line.
fn page_query() -> Option<web_sys::UrlSearchParams> {
    web_sys::window()
        .and_then(|window| window.location().search().ok())
        .and_then(|search| web_sys::UrlSearchParams::new_with_str(&search).ok())
}
