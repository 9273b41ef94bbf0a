//! Background work on the page, which has one thread: each task waits in a
//! queue until the page's runner (`web/pieces.js`) takes it, outside any
//! event, and runs it in pieces. At each of the work's progress reports
//! ([`between_pieces`]) a task that has run for [`PIECE`] stops until the
//! browser has drawn the next frame, and then goes on where it stopped:
//! the runner enters the module through `WebAssembly.promising`, and the
//! wait is a `WebAssembly.Suspending` import (JavaScript Promise
//! Integration), so the work is written as it is natively, with no state
//! machine of its own. Where the browser lacks those, the runner still
//! runs the queue outside the event that started it, each task whole.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::time::Duration;

use wasm_bindgen::prelude::wasm_bindgen;
use web_time::Instant;

/// How long a task runs before it lets the browser draw a frame, unless
/// the page's `?piece_ms=N` says otherwise (0: at every report, as the
/// page's tests ask). The work stops at its next report after this, so a
/// frame waits on it for a little more than this; the goal is 8 ms.
pub const PIECE: Duration = Duration::from_millis(4);

#[link(wasm_import_module = "./pieces.js")]
unsafe extern "C" {
    /// Tells the page that tasks wait in the queue: its runner calls
    /// [`mazewalker_run_background`] soon, unless it runs now.
    fn work_waiting();
    /// Suspends the running task until the browser has drawn a frame (at
    /// once where the browser cannot suspend WebAssembly).
    fn wait_for_frame();
}

/// A task waiting to run, and its name for the log.
struct Task {
    name: String,
    work: Box<dyn FnOnce()>,
}

/// What the running task's pieces have taken so far.
#[derive(Clone, Copy)]
struct Pieces {
    /// When the piece running now began.
    began: Instant,
    /// How many pieces have run, this one included.
    count: u32,
    /// The longest piece that has ended.
    longest: Duration,
}

thread_local! {
    static QUEUE: RefCell<VecDeque<Task>> = const { RefCell::new(VecDeque::new()) };
    /// The task running now on the runner's stack; `None` while it waits
    /// for a frame, and whenever other code runs (an event, a frame, work
    /// done at once because somebody waits for it).
    static RUNNING: Cell<Option<Pieces>> = const { Cell::new(None) };
    static PIECE_LENGTH: Duration = piece_length();
}

/// [`PIECE`], or the page's `?piece_ms=N`.
fn piece_length() -> Duration {
    super::page_query()
        .and_then(|query| query.get("piece_ms"))
        .and_then(|value| value.parse::<u64>().ok())
        .map_or(PIECE, Duration::from_millis)
}

/// Queues `work`, named `name`, for the page's runner: it runs after the
/// event that queued it, in pieces. Never fails.
pub fn spawn_task(name: &str, work: impl FnOnce() + Send + 'static) -> std::io::Result<()> {
    QUEUE.with_borrow_mut(|queue| {
        queue.push_back(Task {
            name: name.to_owned(),
            work: Box::new(work),
        });
    });
    // SAFETY: a function of web/pieces.js, which takes nothing and
    // returns nothing.
    unsafe { work_waiting() };
    Ok(())
}

/// The work has reached a report: on the runner's stack, once the piece
/// has run for its length, the task waits here until the browser has drawn
/// a frame. Anywhere else, it returns at once.
pub fn between_pieces() {
    let Some(pieces) = RUNNING.get() else {
        return;
    };
    let length = pieces.began.elapsed();
    if length < PIECE_LENGTH.with(|piece| *piece) {
        return;
    }
    RUNNING.set(None);
    // SAFETY: a `WebAssembly.Suspending` function of web/pieces.js, which
    // takes nothing and returns nothing, called on the stack the runner
    // entered through `WebAssembly.promising`.
    unsafe { wait_for_frame() };
    RUNNING.set(Some(Pieces {
        began: Instant::now(),
        count: pieces.count + 1,
        longest: pieces.longest.max(length),
    }));
}

/// The page's runner: runs the queued tasks, one after another, each in
/// pieces, until the queue is empty. Entered only by web/pieces.js,
/// through `WebAssembly.promising`, never while it runs already.
#[wasm_bindgen]
pub fn mazewalker_run_background() {
    while let Some(task) = QUEUE.with_borrow_mut(VecDeque::pop_front) {
        RUNNING.set(Some(Pieces {
            began: Instant::now(),
            count: 1,
            longest: Duration::ZERO,
        }));
        (task.work)();
        if let Some(pieces) = RUNNING.take() {
            let longest = pieces.longest.max(pieces.began.elapsed());
            let plural = if pieces.count == 1 { "" } else { "s" };
            log::info!(
                "{}: ran in {} piece{plural}, the longest {:.1} ms",
                task.name,
                pieces.count,
                longest.as_secs_f64() * 1000.0
            );
        }
    }
}
