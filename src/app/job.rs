//! Work whose cost grows with the level, off the main thread: a [`Job`]
//! runs a closure on a worker thread of its own and hands its result back
//! when the session polls it, once a frame, so that the frame goes on
//! meanwhile. The work reports how far it has got through [`Progress`],
//! from its real progress (text written, text parsed, bytes written), and
//! the window shows a bar for work that lasts over [`SHOW_AFTER`]. A
//! [`JobLatch`] lets a test hold the work at each report and release it
//! step by step, with no timing involved.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

/// How long work runs before the window shows its progress bar: shorter
/// work would only flash one.
pub const SHOW_AFTER: Duration = Duration::from_millis(500);

/// Drops `value` on a thread of its own, so that freeing it does not stall
/// a frame: the allocator takes long over a big level's edit document, a
/// million tables. Dropped where it is when no thread can be started.
pub fn drop_off_the_main_thread<T: Send + 'static>(value: T) {
    let spawned = thread::Builder::new()
        .name("dropping".into())
        .spawn(move || drop(value));
    if let Err(error) = spawned {
        log::debug!("dropped on the main thread: {error}");
    }
}

/// What the window's progress bar shows: what is being done and how far it
/// has got.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkProgress {
    /// What is being done, as the bar says it ("Saving level.toml").
    pub what: String,
    /// How far it has got, from 0 to 1.
    pub fraction: f32,
}

/// The worker's end of a job's progress: the work reports how far it has
/// got, and a test's latch may hold it at each report.
#[derive(Debug)]
pub struct Progress {
    fraction: Arc<AtomicU32>,
    latch: Option<JobLatch>,
}

impl Progress {
    /// The work has done `fraction` of itself (0 to 1); with a test's
    /// latch, it waits here until the latch lets it go on.
    pub fn report(&self, fraction: f32) {
        self.fraction
            .store(fraction.clamp(0.0, 1.0).to_bits(), Ordering::Release);
        if let Some(latch) = &self.latch {
            latch.pass();
        }
    }
}

/// Why a job brought no result: its worker stopped (panicked) before it
/// finished.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the worker doing this stopped before it finished")]
pub struct JobLost;

/// Work running on a worker thread, with its result to come.
#[derive(Debug)]
pub struct Job<T> {
    /// What is being done, for the progress bar.
    what: String,
    /// Session time when it started.
    started: Duration,
    /// How far it has got: an `f32`'s bits, written by [`Progress`].
    fraction: Arc<AtomicU32>,
    result: Receiver<T>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a worker thread at session time `now`; `what` says
    /// what it does. With `latch`, the work is held before it starts and
    /// at each report until the latch lets it go on. Should no thread
    /// start, the work runs here and now.
    pub fn start(
        what: impl Into<String>,
        now: Duration,
        latch: Option<JobLatch>,
        work: impl FnOnce(&Progress) -> T + Send + 'static,
    ) -> Self {
        let fraction = Arc::new(AtomicU32::new(0.0_f32.to_bits()));
        let progress = Progress {
            fraction: Arc::clone(&fraction),
            latch,
        };
        let (sender, result) = channel();
        let what = what.into();
        let logged = what.clone();
        let run = move || {
            // The latch hears of the end even if the work panics.
            let _ended = progress.latch.clone().map(Ended);
            let began = Instant::now();
            progress.report(0.0);
            let done = work(&progress);
            // How long the work took from start to end, for whoever
            // measures it (`RUST_LOG=info`).
            log::info!("{logged}: done in {:.3} s", began.elapsed().as_secs_f64());
            // Nobody may be left to take it (the session ended).
            let _ = sender.send(done);
        };
        let run = Arc::new(Mutex::new(Some(run)));
        let on_worker = Arc::clone(&run);
        let spawned = thread::Builder::new()
            .name("background job".into())
            .spawn(move || {
                if let Some(run) = lock(&on_worker).take() {
                    run();
                }
            });
        if let Err(error) = spawned {
            log::warn!("the work runs on the main thread: {error}");
            if let Some(run) = lock(&run).take() {
                run();
            }
        }
        Self {
            what,
            started: now,
            fraction,
            result,
        }
    }

    /// The result, once the work is done; `None` while it runs.
    pub fn poll(&self) -> Option<Result<T, JobLost>> {
        match self.result.try_recv() {
            Ok(done) => Some(Ok(done)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(JobLost)),
        }
    }

    /// Waits for the result.
    pub fn wait(&self) -> Result<T, JobLost> {
        self.result.recv().map_err(|_| JobLost)
    }
}

impl<T> Job<T> {
    /// How far the work has got, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        f32::from_bits(self.fraction.load(Ordering::Acquire))
    }

    /// What the progress bar shows at session time `now`: nothing until
    /// the work has run for [`SHOW_AFTER`].
    pub fn progress(&self, now: Duration) -> Option<WorkProgress> {
        (now.saturating_sub(self.started) > SHOW_AFTER).then(|| WorkProgress {
            what: self.what.clone(),
            fraction: self.fraction(),
        })
    }
}

/// Locks `mutex`, also after a panic elsewhere (what it guards stays
/// whole: every change to it is one assignment).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A test's hold on background work: the work waits before it starts and
/// at each progress report until the test lets it go on, a step at a time
/// ([`release`](Self::release)) or for good ([`open`](Self::open)). One
/// latch holds each job started with it, in turn.
#[derive(Debug, Clone)]
pub struct JobLatch {
    shared: Arc<(Mutex<LatchState>, Condvar)>,
}

#[derive(Debug)]
struct LatchState {
    /// How many reports the work may pass, all jobs together.
    allowed: u64,
    /// How many it has passed.
    passed: u64,
    /// Whether work waits at a report now.
    waiting: bool,
    /// How many jobs have ended.
    ended: u64,
    /// The thread that made the latch, which releases it: work held there
    /// would wait for ever.
    holder: ThreadId,
}

/// Tells the latch that a job ended, when dropped.
struct Ended(JobLatch);

impl Drop for Ended {
    fn drop(&mut self) {
        let (state, changed) = &*self.0.shared;
        let mut state = lock(state);
        state.ended += 1;
        state.waiting = false;
        // Steps the ended job did not use are not left to the next one.
        if state.allowed != u64::MAX {
            state.allowed = state.passed;
        }
        changed.notify_all();
    }
}

impl Default for JobLatch {
    fn default() -> Self {
        Self::new()
    }
}

impl JobLatch {
    /// A latch that holds work until released, made on the thread that
    /// will release it.
    pub fn new() -> Self {
        let state = LatchState {
            allowed: 0,
            passed: 0,
            waiting: false,
            ended: 0,
            holder: thread::current().id(),
        };
        Self {
            shared: Arc::new((Mutex::new(state), Condvar::new())),
        }
    }

    /// Lets the work pass `steps` more reports, then waits until it waits
    /// at the next one or its job has ended. A job must be on its way.
    pub fn release(&self, steps: u64) {
        let (state, changed) = &*self.shared;
        let mut state = lock(state);
        state.allowed = state.allowed.saturating_add(steps);
        let ended = state.ended;
        changed.notify_all();
        while state.ended == ended && !(state.waiting && state.passed == state.allowed) {
            state = changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Lets all work go on without holding it again.
    pub fn open(&self) {
        let (state, changed) = &*self.shared;
        lock(state).allowed = u64::MAX;
        changed.notify_all();
    }

    /// The work reached a report: it waits until the latch lets it pass.
    fn pass(&self) {
        let (state, changed) = &*self.shared;
        let mut state = lock(state);
        assert_ne!(
            state.holder,
            thread::current().id(),
            "work held by a latch runs on the thread that releases the latch"
        );
        while state.passed >= state.allowed {
            state.waiting = true;
            changed.notify_all();
            state = changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
        state.waiting = false;
        state.passed += 1;
        changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tells, as it is dropped, which thread dropped it.
    struct TellsWhereDropped(std::sync::mpsc::Sender<ThreadId>);

    impl Drop for TellsWhereDropped {
        fn drop(&mut self) {
            let _ = self.0.send(thread::current().id());
        }
    }

    #[test]
    fn a_value_given_away_is_dropped_on_another_thread() {
        let (sender, dropped_on) = channel();
        drop_off_the_main_thread(TellsWhereDropped(sender));
        let dropper = dropped_on.recv().expect("dropped");
        assert_ne!(dropper, thread::current().id());
    }

    #[test]
    fn a_latch_holds_the_work_and_releases_it_a_report_at_a_time() {
        let latch = JobLatch::new();
        let job = Job::start(
            "counting",
            Duration::ZERO,
            Some(latch.clone()),
            |progress| {
                progress.report(0.5);
                progress.report(1.0);
                7
            },
        );
        latch.release(0);
        assert_eq!(job.poll(), None);
        assert_eq!(job.fraction(), 0.0);
        latch.release(1);
        assert_eq!(job.fraction(), 0.5);
        assert_eq!(job.poll(), None);
        latch.release(1);
        assert_eq!(job.fraction(), 1.0);
        latch.release(1);
        assert_eq!(job.wait(), Ok(7));
    }

    #[test]
    fn the_bar_shows_only_after_half_a_second() {
        let job = Job::start("waiting", Duration::from_secs(1), None, |_| ());
        assert_eq!(job.progress(Duration::from_millis(1500)), None);
        let shown = job.progress(Duration::from_millis(1501)).expect("shown");
        assert_eq!(shown.what, "waiting");
        assert_eq!(job.wait(), Ok(()));
    }

    #[test]
    fn a_worker_that_panics_brings_no_result_and_no_hang() {
        let job: Job<()> = Job::start("failing", Duration::ZERO, None, |_| {
            panic!("on purpose");
        });
        assert_eq!(job.wait(), Err(JobLost));
    }
}
