//! Building ahead of the eye: a worker thread that builds the chunks a
//! scene will soon need, nearest first, while the main thread draws.
//! Where no thread can start (the page), tasks build them instead
//! ([`platform::spawn_task`](crate::platform::spawn_task), between frames
//! there), a chunk a piece.
//!
//! The main thread hands the worker a fresh list each frame, which replaces
//! whatever the worker had not started yet: requests that went stale as
//! the eye moved are dropped, and the queue never holds more than one
//! list of at most [`MAX_QUEUED`] chunks. Finished chunks wait in a channel
//! until the main thread takes them, without blocking. Dropping the
//! [`AheadWorker`] closes the queue: the thread finishes the chunk in
//! hand, if any, and exits; the drop waits for that (a few milliseconds),
//! so the thread never outlives the device it uploads to.
//!
//! Generic over what a build makes, so that the queue's rules are tested
//! without a GPU.

use std::collections::{HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::platform;

/// The most chunks the worker is asked for at once; a longer list is cut
/// (it is nearest first, so the far end goes).
pub(super) const MAX_QUEUED: usize = 256;

/// A worker thread building chunks ahead of need, and the main thread's
/// view of it.
#[derive(Debug)]
pub(super) struct AheadWorker<T> {
    shared: Arc<Shared>,
    finished: Receiver<((i32, i32), T)>,
    /// Chunks asked for and not yet taken back: queued, or in the
    /// worker's hands.
    requested: HashSet<(i32, i32)>,
    /// Who builds them.
    builder: Builder<T>,
}

/// What builds a chunk, shared by the worker's thread or its tasks.
type SharedBuild<T> = Arc<Mutex<Box<dyn FnMut((i32, i32)) -> T + Send>>>;

/// Who builds the chunks.
enum Builder<T> {
    /// A thread, joined on drop: it must not be using the device while
    /// the process exits (a detached worker caught mid-upload can crash
    /// the driver's teardown).
    Thread(Option<JoinHandle<()>>),
    /// Where no thread can start: a task at a time, which builds what is
    /// queued until the queue is empty or closed.
    Tasks {
        build: SharedBuild<T>,
        finished: Sender<((i32, i32), T)>,
        /// Whether a task is on its way; it is cleared as the task ends.
        scheduled: Arc<AtomicBool>,
    },
}

impl<T> std::fmt::Debug for Builder<T> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Thread(thread) => formatter.debug_tuple("Thread").field(thread).finish(),
            Self::Tasks { scheduled, .. } => formatter
                .debug_struct("Tasks")
                .field("scheduled", scheduled)
                .finish_non_exhaustive(),
        }
    }
}

/// What the two threads share: the queue and a signal for its changes.
#[derive(Debug)]
struct Shared {
    state: Mutex<Queue>,
    /// Signalled when chunks are queued, when the queue closes, and when
    /// the worker finishes a chunk.
    changed: Condvar,
}

#[derive(Debug)]
struct Queue {
    /// Chunks to build, in order; the worker takes from the front.
    waiting: VecDeque<(i32, i32)>,
    /// The chunk the worker is building, if any.
    building: Option<(i32, i32)>,
    /// False once the main thread has dropped its [`AheadWorker`].
    open: bool,
}

impl Shared {
    /// An empty, open queue.
    fn new() -> Self {
        Self {
            state: Mutex::new(Queue {
                waiting: VecDeque::new(),
                building: None,
                open: true,
            }),
            changed: Condvar::new(),
        }
    }

    /// The queue, even if a thread panicked while holding it: at worst a
    /// request is left half-replaced, which the next frame's request
    /// replaces whole, so the queue stays usable.
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<T: Send + 'static> AheadWorker<T> {
    /// Starts a thread that builds each chunk asked of it with `build`;
    /// where the system refuses a thread, tasks build them.
    pub(super) fn spawn(build: impl FnMut((i32, i32)) -> T + Send + 'static) -> Self {
        let build: SharedBuild<T> = Arc::new(Mutex::new(Box::new(build)));
        let (sender, finished) = mpsc::channel();
        let shared = Arc::new(Shared::new());
        let on_thread = (Arc::clone(&shared), sender.clone(), Arc::clone(&build));
        let thread = platform::spawn_thread("chunks ahead", move || {
            let (shared, sender, build) = on_thread;
            build_queued(&shared, &sender, &build, true);
        });
        let builder = match thread {
            Ok(thread) => Builder::Thread(Some(thread)),
            Err(error) => {
                log::debug!("chunks ahead are built by tasks: {error}");
                Self::tasks(build, sender)
            }
        };
        Self {
            shared,
            finished,
            requested: HashSet::new(),
            builder,
        }
    }

    /// Tasks that build with `build` and send each chunk to `finished`.
    fn tasks(build: SharedBuild<T>, finished: Sender<((i32, i32), T)>) -> Builder<T> {
        Builder::Tasks {
            build,
            finished,
            scheduled: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Asks for `chunks`, in that order, in place of whatever was asked
    /// before and not started yet; chunks already in the worker's hands
    /// are not asked twice, and at most [`MAX_QUEUED`] are queued.
    pub(super) fn request(&mut self, chunks: impl IntoIterator<Item = (i32, i32)>) {
        let mut queue = self.shared.lock();
        let stale = queue.waiting.len();
        for chunk in queue.waiting.drain(..) {
            self.requested.remove(&chunk);
        }
        let fresh = chunks
            .into_iter()
            .filter(|&chunk| self.requested.insert(chunk))
            .take(MAX_QUEUED);
        queue.waiting.extend(fresh);
        // Most frames ask for nothing new: the worker sleeps on.
        if stale > 0 || !queue.waiting.is_empty() {
            self.shared.changed.notify_all();
        }
        let work_waits = !queue.waiting.is_empty();
        drop(queue);
        if work_waits {
            self.schedule_a_task();
        }
    }

    /// With tasks, starts one unless one is on its way. (A task that found
    /// the queue empty just before this frame's request leaves that request
    /// to the next frame's.)
    fn schedule_a_task(&self) {
        let Builder::Tasks {
            build,
            finished,
            scheduled,
        } = &self.builder
        else {
            return;
        };
        if scheduled.swap(true, Ordering::AcqRel) {
            return;
        }
        let task = (
            Arc::clone(&self.shared),
            finished.clone(),
            Arc::clone(build),
            Arc::clone(scheduled),
        );
        let started = platform::spawn_task("chunks ahead", move || {
            let (shared, finished, build, scheduled) = task;
            build_queued(&shared, &finished, &build, false);
            scheduled.store(false, Ordering::Release);
        });
        if let Err(error) = started {
            log::debug!("no task builds chunks ahead: {error}");
            scheduled.store(false, Ordering::Release);
        }
    }

    /// The chunks built since the last call, without waiting.
    pub(super) fn take_finished(&mut self) -> Vec<((i32, i32), T)> {
        let finished: Vec<_> = self.finished.try_iter().collect();
        for (chunk, _) in &finished {
            self.requested.remove(chunk);
        }
        finished
    }

    /// Waits until the worker has built every chunk asked of it, or
    /// `timeout` passes; returns whether it caught up. For tests and
    /// benchmarks that need a known split of the work between threads.
    pub(super) fn wait_until_idle(&self, timeout: Duration) -> bool {
        let queue = self.shared.lock();
        let (queue, _) = self
            .shared
            .changed
            .wait_timeout_while(queue, timeout, |queue| {
                !queue.waiting.is_empty() || queue.building.is_some()
            })
            .unwrap_or_else(PoisonError::into_inner);
        queue.waiting.is_empty() && queue.building.is_none()
    }
}

impl<T> AheadWorker<T> {
    /// Whether the worker has a chunk in its hands.
    pub(super) fn is_building(&self) -> bool {
        self.shared.lock().building.is_some()
    }

    /// Closes the queue without waiting: the thread finishes the chunk in
    /// hand, if any, and ends. For retiring a worker whose chunk in hand
    /// is not worth waiting for; the drop still joins the thread (at once
    /// once [`has_ended`](Self::has_ended)).
    pub(super) fn close(&self) {
        let mut queue = self.shared.lock();
        queue.open = false;
        queue.waiting.clear();
        self.shared.changed.notify_all();
    }

    /// Whether the thread (or the task) has ended, so that dropping the
    /// worker waits for nothing.
    pub(super) fn has_ended(&self) -> bool {
        match &self.builder {
            Builder::Thread(thread) => thread.as_ref().is_none_or(JoinHandle::is_finished),
            Builder::Tasks { scheduled, .. } => !scheduled.load(Ordering::Acquire),
        }
    }
}

impl<T> Drop for AheadWorker<T> {
    fn drop(&mut self) {
        self.close();
        // Waits for the chunk in hand at most (a few milliseconds); a task
        // finds the queue closed and ends by itself.
        if let Builder::Thread(thread) = &mut self.builder
            && let Some(thread) = thread.take()
            && thread.join().is_err()
        {
            log::error!("the chunks-ahead thread panicked");
        }
    }
}

/// `build`, even if a build panicked while holding it (it holds no state
/// of its own between builds that a panic could leave half made).
fn lock<T: ?Sized>(build: &Mutex<T>) -> MutexGuard<'_, T> {
    build.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Builds chunks from the front of the queue and sends them back, a chunk
/// a piece ([`platform::between_pieces`]), until the queue closes or
/// nobody listens any more. When the queue is empty, the thread
/// (`wait_for_more`) waits for the next request; a task ends, and the next
/// request starts another.
fn build_queued<T>(
    shared: &Shared,
    finished: &Sender<((i32, i32), T)>,
    build: &SharedBuild<T>,
    wait_for_more: bool,
) {
    loop {
        let chunk = {
            let mut queue = shared.lock();
            queue.building = None;
            shared.changed.notify_all();
            loop {
                if !queue.open {
                    return;
                }
                if let Some(chunk) = queue.waiting.pop_front() {
                    queue.building = Some(chunk);
                    break chunk;
                }
                if !wait_for_more {
                    return;
                }
                queue = shared
                    .changed
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        let built = lock(build)(chunk);
        if finished.send((chunk, built)).is_err() {
            return;
        }
        platform::between_pieces();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::SyncSender;
    use std::time::Instant;

    const PATIENCE: Duration = Duration::from_secs(30);

    /// A worker whose builds each wait for a ticket from the returned
    /// sender, so a test decides when each build ends; a build returns its
    /// chunk.
    fn gated(start: Start) -> (AheadWorker<(i32, i32)>, SyncSender<()>) {
        let (gate, tickets) = mpsc::sync_channel::<()>(0);
        let worker = start(Box::new(move |chunk| {
            // A closed gate (the test is over) lets every build through.
            let _ = tickets.recv();
            chunk
        }));
        (worker, gate)
    }

    /// A build that returns its chunk.
    type Build = Box<dyn FnMut((i32, i32)) -> (i32, i32) + Send>;

    /// How a test starts its worker.
    type Start = fn(Build) -> AheadWorker<(i32, i32)>;

    /// A worker of tasks, as where no thread starts (the page); here each
    /// task has a thread of its own.
    fn by_tasks(build: Build) -> AheadWorker<(i32, i32)> {
        let (sender, finished) = mpsc::channel();
        AheadWorker {
            shared: Arc::new(Shared::new()),
            finished,
            requested: HashSet::new(),
            builder: AheadWorker::tasks(Arc::new(Mutex::new(build)), sender),
        }
    }

    /// A worker with a thread, and one of tasks.
    const BOTH: [Start; 2] = [AheadWorker::spawn, by_tasks];

    /// Waits until the worker holds a chunk in its hands.
    fn wait_until_building(worker: &AheadWorker<(i32, i32)>) {
        let started = Instant::now();
        while worker.shared.lock().building.is_none() {
            assert!(started.elapsed() < PATIENCE, "the worker never started");
            std::thread::yield_now();
        }
    }

    fn chunks(worker: &mut AheadWorker<(i32, i32)>) -> Vec<(i32, i32)> {
        assert!(
            worker.wait_until_idle(PATIENCE),
            "the worker never caught up"
        );
        worker
            .take_finished()
            .into_iter()
            .map(|(chunk, built)| {
                assert_eq!(chunk, built);
                chunk
            })
            .collect()
    }

    #[test]
    fn builds_what_is_asked_in_order() {
        for start in BOTH {
            let mut worker = start(Box::new(|chunk| chunk));
            worker.request([(0, 0), (2, 1), (1, 0)]);
            assert!(worker.requested.contains(&(2, 1)));
            assert_eq!(chunks(&mut worker), [(0, 0), (2, 1), (1, 0)]);
            assert!(!worker.requested.contains(&(2, 1)), "taken back");
            assert!(worker.take_finished().is_empty());
        }
    }

    #[test]
    fn a_new_request_drops_the_stale_ones_but_not_the_chunk_in_hand() {
        for start in BOTH {
            let (mut worker, gate) = gated(start);
            worker.request([(1, 0), (2, 0), (3, 0)]);
            wait_until_building(&worker);
            worker.request([(4, 0), (1, 0), (5, 0)]);
            assert!(!worker.requested.contains(&(2, 0)), "stale");
            drop(gate);
            // (1, 0) was in hand: built once, not queued again.
            assert_eq!(chunks(&mut worker), [(1, 0), (4, 0), (5, 0)]);
        }
    }

    #[test]
    fn the_queue_is_bounded() {
        for start in BOTH {
            let (mut worker, gate) = gated(start);
            worker.request((0..10_000).map(|x| (x, 0)));
            assert!(worker.requested.len() <= MAX_QUEUED);
            drop(gate);
            assert_eq!(chunks(&mut worker).len(), MAX_QUEUED);
        }
    }

    #[test]
    fn a_closed_worker_ends_after_the_chunk_in_hand_without_being_waited_for() {
        for start in BOTH {
            let (mut worker, gate) = gated(start);
            worker.request([(1, 0), (2, 0)]);
            wait_until_building(&worker);
            assert!(worker.is_building());
            worker.close();
            assert!(!worker.has_ended(), "the chunk in hand is not done");
            drop(gate);
            let started = Instant::now();
            while !worker.has_ended() {
                assert!(started.elapsed() < PATIENCE, "the worker never ended");
                std::thread::yield_now();
            }
            // It built the chunk in hand and nothing queued after the close.
            let built: Vec<(i32, i32)> =
                worker.take_finished().into_iter().map(|(c, _)| c).collect();
            assert_eq!(built, [(1, 0)]);
        }
    }

    #[test]
    fn dropping_the_worker_mid_build_waits_for_the_chunk_in_hand_only_and_ends_the_thread() {
        let token = Arc::new(());
        let held = Arc::clone(&token);
        let (gate, tickets) = mpsc::sync_channel::<()>(0);
        let mut worker = AheadWorker::spawn(move |chunk| {
            let _ = tickets.recv();
            let _ = &held;
            chunk
        });
        worker.request((0..100).map(|x| (x, 0)));
        wait_until_building(&worker);
        // The gate opens a moment after the drop begins: the drop waits
        // for the build in hand, none of the 99 queued, and the thread is
        // gone when it returns.
        let opener = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            drop(gate);
        });
        drop(worker);
        assert_eq!(Arc::strong_count(&token), 1, "the worker thread lives on");
        opener.join().expect("the opener");
    }
}
