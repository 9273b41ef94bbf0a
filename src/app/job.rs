//! Work whose cost grows with the level, off the main thread: a [`Job`]
//! runs a closure on a worker thread of its own (on the page, which has
//! one thread, between frames, in pieces that end at its progress reports)
//! and hands its result back when the session polls it, once a frame, so
//! that the frame goes on meanwhile. The work reports how far it has got
//! through [`Progress`], from its real progress (text written, text
//! parsed, bytes written), and the window shows a bar for work that lasts
//! over [`SHOW_AFTER`]. A [`JobLatch`] lets a test hold the work at each
//! report and release it step by step, with no timing involved.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::{self, ThreadId};
use std::time::Duration;

use crate::platform::{self, Instant};

/// How long work runs before the window shows its progress bar: shorter
/// work would only flash one.
pub const SHOW_AFTER: Duration = Duration::from_millis(500);

/// Drops `value` on a thread of its own, so that freeing it does not stall
/// a frame: the allocator takes long over a big level's edit document, a
/// million tables. Dropped where it is when no thread can be started.
pub fn drop_off_the_main_thread<T: Send + 'static>(value: T) {
    if let Err(error) = platform::spawn_task("dropping", move || drop(value)) {
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
    /// A test's latch, and the job's number with it.
    latch: Option<(JobLatch, u64)>,
}

impl Progress {
    /// The work has done `fraction` of itself (0 to 1); with a test's
    /// latch, it waits here until the latch lets it go on. On the page,
    /// where the work shares the one thread with the frames, a piece of
    /// it may end here ([`platform::between_pieces`]).
    pub fn report(&self, fraction: f32) {
        self.fraction
            .store(fraction.clamp(0.0, 1.0).to_bits(), Ordering::Release);
        if let Some((latch, number)) = &self.latch {
            latch.pass(*number);
        }
        platform::between_pieces();
    }
}

/// Why a job brought no result: its worker stopped (panicked) before it
/// finished.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the worker doing this stopped before it finished")]
pub struct JobLost;

/// A job's work, sent to its worker.
type Work = Box<dyn FnOnce() + Send>;

/// The work of a job until a worker takes it: shared by the worker and
/// the job, so that the job can do the work itself when it is waited for
/// before it began (on the page, where nothing may block).
#[derive(Clone)]
struct Unbegun(Arc<Mutex<Option<Work>>>);

impl Unbegun {
    /// Does the work here and now unless somebody began it already.
    fn begin_here(&self) {
        let work = lock(&self.0).take();
        if let Some(work) = work {
            work();
        }
    }
}

impl std::fmt::Debug for Unbegun {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let begun = lock(&self.0).is_none();
        formatter
            .debug_struct("Unbegun")
            .field("begun", &begun)
            .finish()
    }
}

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
    unbegun: Unbegun,
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
        let what = what.into();
        let progress = Progress {
            fraction: Arc::clone(&fraction),
            latch: latch.map(|latch| {
                let number = latch.enter(&what);
                (latch, number)
            }),
        };
        let (sender, result) = channel();
        let logged = what.clone();
        let run = move || {
            // The latch hears of the end even if the work panics.
            let ended = progress
                .latch
                .clone()
                .map(|(latch, number)| Ended { latch, number });
            let began = Instant::now();
            progress.report(0.0);
            let done = work(&progress);
            // How long the work took from start to end, for whoever
            // measures it (`RUST_LOG=info`).
            log::info!("{logged}: done in {:.3} s", began.elapsed().as_secs_f64());
            // Whoever takes the result finds the job off the latch's list
            // of jobs on their way.
            if let Some(ended) = &ended {
                ended.work_done();
            }
            // Nobody may be left to take it (the session ended).
            let _ = sender.send(done);
            drop(ended);
        };
        let unbegun = Unbegun(Arc::new(Mutex::new(Some(Box::new(run)))));
        let on_worker = unbegun.clone();
        let spawned = platform::spawn_task(&what, move || on_worker.begin_here());
        if let Err(error) = spawned {
            log::warn!("the work runs on the main thread: {error}");
            unbegun.begin_here();
        }
        Self {
            what,
            started: now,
            fraction,
            result,
            unbegun,
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

    /// Waits for the result. Where the main thread may not wait
    /// ([`platform::WORK_MAY_WAIT`]: the page), work not yet begun is done
    /// here and now, and work already under way, whose pieces run between
    /// frames, is lost to the caller.
    pub fn wait(&self) -> Result<T, JobLost> {
        if platform::WORK_MAY_WAIT {
            return self.result.recv().map_err(|_| JobLost);
        }
        self.unbegun.begin_here();
        self.result.try_recv().map_err(|_| JobLost)
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

/// A test's hold on background work: each job started with the latch
/// waits before it starts and at each progress report until the test lets
/// it go on, a step at a time ([`release`](Self::release), or
/// [`release_job`](Self::release_job) to name one of several jobs) or for
/// good ([`open`](Self::open)). Each job has steps of its own, so that
/// two jobs held together (a save and the journal's write) are released
/// in the order the test chooses, never the one that happens to wake
/// first.
#[derive(Debug, Clone)]
pub struct JobLatch {
    shared: Arc<(Mutex<LatchState>, Condvar)>,
}

#[derive(Debug)]
struct LatchState {
    /// The jobs started with the latch that have not ended, in the order
    /// they started.
    jobs: Vec<HeldJob>,
    /// The number the next job started with the latch gets.
    next_number: u64,
    /// Whether work goes on without being held again.
    open: bool,
    /// The thread that made the latch, which releases it: work held there
    /// would wait for ever.
    holder: ThreadId,
}

/// One job held by a latch.
#[derive(Debug)]
struct HeldJob {
    /// Told apart from the other jobs by this number.
    number: u64,
    /// What it does, as its progress bar says it.
    what: String,
    /// How many reports it may pass.
    allowed: u64,
    /// How many it has passed.
    passed: u64,
    /// Whether it waits at a report now.
    waiting: bool,
    /// Whether its work is done (its result on its way).
    done: bool,
}

impl LatchState {
    fn job(&mut self, number: u64) -> Option<&mut HeldJob> {
        self.jobs.iter_mut().find(|job| job.number == number)
    }
}

/// Tells the latch that a job ended, when dropped.
struct Ended {
    latch: JobLatch,
    number: u64,
}

impl Ended {
    /// The job's work is done: it is no longer on its way.
    fn work_done(&self) {
        if let Some(job) = lock(&self.latch.shared.0).job(self.number) {
            job.done = true;
        }
    }
}

impl Drop for Ended {
    fn drop(&mut self) {
        let (state, changed) = &*self.latch.shared;
        lock(state).jobs.retain(|job| job.number != self.number);
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
            jobs: Vec::new(),
            next_number: 0,
            open: false,
            holder: thread::current().id(),
        };
        Self {
            shared: Arc::new((Mutex::new(state), Condvar::new())),
        }
    }

    /// Lets the one job on its way pass `steps` more reports, then waits
    /// until it waits at the next one or has ended. Panics unless exactly
    /// one job is on its way: with several, [`release_job`](Self::release_job)
    /// says which.
    pub fn release(&self, steps: u64) {
        let number = {
            let state = lock(&self.shared.0);
            let on_its_way: Vec<&HeldJob> = state.jobs.iter().filter(|job| !job.done).collect();
            match on_its_way.as_slice() {
                [job] => job.number,
                jobs => {
                    let names: Vec<&str> = jobs.iter().map(|job| job.what.as_str()).collect();
                    panic!(
                        "release needs one job on its way, not {names:?}: name it with release_job"
                    );
                }
            }
        };
        self.release_number(number, steps);
    }

    /// Lets the job on its way that does `what` (as its progress bar says
    /// it; the first started, if several do) pass `steps` more reports,
    /// then waits until it waits at the next one or has ended. Panics when
    /// no such job is on its way.
    pub fn release_job(&self, what: &str, steps: u64) {
        let number = {
            let state = lock(&self.shared.0);
            let on_its_way = || state.jobs.iter().filter(|job| !job.done);
            let job = on_its_way().find(|job| job.what == what);
            let names: Vec<&str> = on_its_way().map(|job| job.what.as_str()).collect();
            job.unwrap_or_else(|| panic!("no job {what:?} is on its way, only {names:?}"))
                .number
        };
        self.release_number(number, steps);
    }

    /// Lets job `number` pass `steps` more reports, then waits until it
    /// waits at the next one or has ended.
    fn release_number(&self, number: u64, steps: u64) {
        let (state, changed) = &*self.shared;
        let mut state = lock(state);
        if let Some(job) = state.job(number) {
            job.allowed = job.allowed.saturating_add(steps);
        }
        changed.notify_all();
        while let Some(job) = state.job(number)
            && !(job.waiting && job.passed == job.allowed)
        {
            state = changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Lets all work go on without holding it again.
    pub fn open(&self) {
        let (state, changed) = &*self.shared;
        lock(state).open = true;
        changed.notify_all();
    }

    /// A job doing `what` starts with the latch: its number, for its
    /// reports and its end. Called on the thread that starts it, so that
    /// the job is on its way from the moment `Job::start` returns.
    fn enter(&self, what: &str) -> u64 {
        let mut state = lock(&self.shared.0);
        let number = state.next_number;
        state.next_number += 1;
        state.jobs.push(HeldJob {
            number,
            what: what.to_owned(),
            allowed: 0,
            passed: 0,
            waiting: false,
            done: false,
        });
        number
    }

    /// Job `number` reached a report: it waits until the latch lets it
    /// pass.
    fn pass(&self, number: u64) {
        let (state, changed) = &*self.shared;
        let mut state = lock(state);
        assert_ne!(
            state.holder,
            thread::current().id(),
            "work held by a latch runs on the thread that releases the latch"
        );
        loop {
            let open = state.open;
            let Some(job) = state.job(number) else {
                return;
            };
            if open || job.passed < job.allowed {
                job.waiting = false;
                job.passed += 1;
                break;
            }
            job.waiting = true;
            changed.notify_all();
            state = changed.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
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

    /// A job that reports a half, then the whole.
    fn two_step_job(what: &str, latch: &JobLatch, result: u32) -> Job<u32> {
        Job::start(what, Duration::ZERO, Some(latch.clone()), move |progress| {
            progress.report(0.5);
            progress.report(1.0);
            result
        })
    }

    #[test]
    fn two_jobs_held_together_are_released_in_the_order_the_test_names() {
        let latch = JobLatch::new();
        let save = two_step_job("Saving", &latch, 1);
        let journal = two_step_job("Writing the autosave", &latch, 2);
        // Both held at their start; the journal's steps go to the journal
        // alone, to its end, while the save stays where it was.
        latch.release_job("Writing the autosave", 0);
        latch.release_job("Saving", 0);
        for step in [0.5, 1.0] {
            latch.release_job("Writing the autosave", 1);
            assert_eq!(journal.fraction(), step);
            assert_eq!(save.fraction(), 0.0, "a step went to the save");
        }
        latch.release_job("Writing the autosave", 1);
        assert_eq!(journal.wait(), Ok(2));
        assert_eq!(save.poll(), None);
        // One job left on its way: a plain release goes to it.
        latch.release(1);
        assert_eq!(save.fraction(), 0.5);
        latch.release(2);
        assert_eq!(save.wait(), Ok(1));
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
