//! Edit mode's live checks, off the main thread. The checks that need the
//! whole level (gaps a little too narrow to pass, floor the player cannot
//! reach) cost milliseconds on a house and seconds on a huge maze, so each
//! edit hands the edited level to a worker thread (on the page, which has
//! no threads, a task run between frames) and the HUD shows the warnings
//! when they are ready. A newer edit supersedes an older one's checks: the
//! worker skips to the newest level waiting, and a result for a level that
//! is no longer the latest is dropped.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use crate::collision::Collider;
use crate::level::Level;
use crate::map::{NearMiss, TOO_LARGE_FOR_REACH, floor_warnings, near_misses};
use crate::platform;

/// How many live-check warnings the HUD lists before "and N more".
const SHOWN_CHECKS: usize = 4;

/// One level to check: its version (the count of requests so far) and the
/// level with its collider.
struct Job {
    version: u64,
    level: Arc<Level>,
    collider: Arc<Collider>,
}

/// The live checks of the level being edited, and the worker that makes
/// them.
#[derive(Debug, Default)]
pub struct LiveChecks {
    /// The warnings of the latest level checked.
    lines: Vec<String>,
    /// The version of the latest level sent to the worker (shared with
    /// its tasks, which skip a level that is no longer the latest).
    latest: Arc<AtomicU64>,
    /// Whether the latest level's warnings have not come back yet.
    pending: bool,
    /// The worker, started by the first request.
    worker: Option<Worker>,
}

/// What the worker found in one level.
struct Checked {
    /// The level's version (see [`Job`]).
    version: u64,
    /// The HUD's lines.
    lines: Vec<String>,
    /// The level's near misses, which the map draws too.
    near_misses: Vec<NearMiss>,
}

/// Where the checks run.
#[derive(Debug)]
enum Worker {
    /// A thread of their own, which takes the newest level waiting in
    /// `jobs`.
    Thread {
        jobs: Sender<Job>,
        results: Receiver<Checked>,
    },
    /// Where no thread can start (the page): a task a level, which skips
    /// a level that is no longer the latest by the time it runs.
    Tasks {
        done: Sender<Checked>,
        results: Receiver<Checked>,
    },
}

impl Worker {
    /// Where the worker's warnings come back.
    fn results(&self) -> &Receiver<Checked> {
        match self {
            Self::Thread { results, .. } | Self::Tasks { results, .. } => results,
        }
    }

    /// Hands `job` to the worker: whether it took it. A task checks it
    /// only if it is still the `latest` when the task runs.
    fn take(&self, job: &Job, latest: &Arc<AtomicU64>) -> bool {
        let shared = || Job {
            version: job.version,
            level: Arc::clone(&job.level),
            collider: Arc::clone(&job.collider),
        };
        match self {
            Self::Thread { jobs, .. } => jobs.send(shared()).is_ok(),
            Self::Tasks { done, .. } => {
                let (job, latest, done) = (shared(), Arc::clone(latest), done.clone());
                platform::spawn_task("live checks", move || {
                    if latest.load(Ordering::Acquire) == job.version {
                        let _ = done.send(check(&job));
                    }
                })
                .is_ok()
            }
        }
    }
}

impl LiveChecks {
    /// Checks `level` (with its `collider`) on the worker; its warnings
    /// replace the current ones when ready. Without a worker (no thread
    /// or task could start) the checks run here, at once.
    pub fn request(&mut self, level: Arc<Level>, collider: Arc<Collider>) {
        let job = Job {
            version: self.latest.fetch_add(1, Ordering::AcqRel) + 1,
            level,
            collider,
        };
        let latest = Arc::clone(&self.latest);
        if self
            .worker()
            .is_some_and(|worker| worker.take(&job, &latest))
        {
            self.pending = true;
            return;
        }
        // The worker is gone: check here rather than show nothing.
        self.worker = None;
        self.lines = check(&job).lines;
        self.pending = false;
    }

    /// Takes the latest level's warnings if the worker has them; with
    /// `wait`, waits for them (a scripted session, whose simulated time
    /// does not pass while the worker runs). Returns the level's near
    /// misses when new warnings came.
    pub fn poll(&mut self, wait: bool) -> Option<Vec<NearMiss>> {
        if !self.pending {
            return None;
        }
        let results = self.worker.as_ref()?.results();
        loop {
            // Where the main thread may not wait (the page), a task is not
            // waited for.
            let checked = if wait && platform::WORK_MAY_WAIT {
                results.recv().ok()
            } else {
                results.try_recv().ok()
            }?;
            if checked.version == self.latest.load(Ordering::Acquire) {
                self.lines = checked.lines;
                self.pending = false;
                return Some(checked.near_misses);
            }
        }
    }

    /// Forgets the warnings (the draft is gone); a result still on
    /// its way is dropped, and a task not yet run does not check.
    pub fn clear(&mut self) {
        self.lines.clear();
        self.latest.fetch_add(1, Ordering::AcqRel);
        self.pending = false;
    }

    /// The HUD's check lines: the first few warnings, then a count of the
    /// rest.
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        let more = self.lines.len().saturating_sub(SHOWN_CHECKS);
        self.lines
            .iter()
            .take(SHOWN_CHECKS)
            .cloned()
            .chain((more > 0).then(|| format!("check: and {more} more")))
    }

    /// The worker, started on first use: a thread, or where none can
    /// start, tasks.
    fn worker(&mut self) -> Option<&Worker> {
        if self.worker.is_none() {
            let (jobs, waiting) = channel::<Job>();
            let (done, results) = channel();
            let on_thread = done.clone();
            let started = platform::spawn_thread("live checks", move || {
                check_until_closed(&waiting, &on_thread);
            });
            self.worker = Some(match started {
                Ok(_) => Worker::Thread { jobs, results },
                Err(error) => {
                    log::debug!("the live checks run as tasks: {error}");
                    Worker::Tasks { done, results }
                }
            });
        }
        self.worker.as_ref()
    }
}

/// The worker thread's loop: takes the newest job waiting, checks it,
/// sends the warnings back; ends when either side is dropped.
fn check_until_closed(waiting: &Receiver<Job>, done: &Sender<Checked>) {
    while let Ok(mut job) = waiting.recv() {
        while let Ok(newer) = waiting.try_recv() {
            job = newer;
        }
        if done.send(check(&job)).is_err() {
            return;
        }
    }
}

/// What the checks find in `job`'s level.
fn check(job: &Job) -> Checked {
    let near_misses = near_misses(&job.collider);
    let lines = live_checks(&job.level, &job.collider, &near_misses);
    Checked {
        version: job.version,
        lines,
        near_misses,
    }
}

/// The editor's live checks on `level`: the loader's warnings on single
/// walls (shorter than 1 cm), and the floor plan's (see [`floor_warnings`]):
/// gaps a little too narrow to pass (the collider's `near_misses`), and
/// floor the player cannot reach from the start.
pub fn live_checks(level: &Level, collider: &Collider, near_misses: &[NearMiss]) -> Vec<String> {
    let floor = floor_warnings(level, collider, near_misses);
    let walls = crate::level::checks::live_warnings(level)
        .into_iter()
        .map(|warning| format!("{}: {}", warning.item, warning.message));
    let too_large = (!floor.reach_checked).then(|| TOO_LARGE_FOR_REACH.to_owned());
    walls
        .chain(floor.warnings)
        .chain(too_large)
        .map(|line| format!("check: {line}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A room of four walls with a gap of `gap` metres in its east wall.
    fn room_with_gap(gap: f32) -> Arc<Level> {
        let text = format!(
            "[player]\nstart = [1.0, 1.0]\nradius = 0.25\n\
             [[wall]]\na = [0.0, 0.0]\nb = [4.0, 0.0]\n\
             [[wall]]\na = [4.0, 0.0]\nb = [4.0, 1.0]\n\
             [[wall]]\na = [4.0, {}]\nb = [4.0, 4.0]\n\
             [[wall]]\na = [4.0, 4.0]\nb = [0.0, 4.0]\n\
             [[wall]]\na = [0.0, 4.0]\nb = [0.0, 0.0]\n",
            1.0 + gap
        );
        let loaded =
            Level::from_toml_str(&text, std::path::Path::new("room.toml")).expect("a valid room");
        Arc::new(loaded.level)
    }

    fn check(checks: &mut LiveChecks, level: &Arc<Level>) {
        checks.request(Arc::clone(level), Arc::new(level.collider()));
    }

    /// The checks made here, on this thread.
    fn checked_here(level: &Level) -> Vec<String> {
        let collider = level.collider();
        live_checks(level, &collider, &near_misses(&collider))
    }

    /// Live checks that run as a task a level, as on the page (here each
    /// task has a thread of its own).
    fn as_tasks() -> LiveChecks {
        let (done, results) = channel();
        LiveChecks {
            worker: Some(Worker::Tasks { done, results }),
            ..LiveChecks::default()
        }
    }

    /// The checks on their own thread, and as tasks.
    fn both_workers() -> [LiveChecks; 2] {
        [LiveChecks::default(), as_tasks()]
    }

    /// The near misses of the warnings that came, polled for until they
    /// come; fails after half a minute (a bound on waiting, never a
    /// measured figure).
    fn warnings_came(checks: &mut LiveChecks) -> Vec<NearMiss> {
        let asked = std::time::Instant::now();
        loop {
            if let Some(near) = checks.poll(false) {
                return near;
            }
            assert!(
                asked.elapsed() < std::time::Duration::from_secs(30),
                "the warnings never came"
            );
            std::thread::yield_now();
        }
    }

    #[test]
    fn the_worker_finds_what_the_checks_find_here() {
        // A gap a little narrower than the walls' clearances (0.3 m each)
        // leave room for.
        let narrow = room_with_gap(0.55);
        let expected = checked_here(&narrow);
        assert!(!expected.is_empty(), "the room should warn");
        for mut checks in both_workers() {
            check(&mut checks, &narrow);
            let near = warnings_came(&mut checks);
            assert_eq!(near, near_misses(&narrow.collider()));
            assert_eq!(near.len(), 1);
            assert_eq!(checks.lines().collect::<Vec<_>>(), expected);
        }
    }

    #[test]
    fn only_the_latest_levels_warnings_show() {
        let narrow = room_with_gap(0.55);
        let closed = room_with_gap(0.0);
        assert_ne!(checked_here(&narrow), checked_here(&closed));
        for mut checks in both_workers() {
            check(&mut checks, &narrow);
            check(&mut checks, &closed);
            warnings_came(&mut checks);
            assert_eq!(checks.lines().collect::<Vec<_>>(), checked_here(&closed));
            assert!(checks.poll(true).is_none(), "nothing more is pending");
        }
    }

    #[test]
    fn cleared_warnings_stay_cleared_when_a_late_result_comes() {
        let narrow = room_with_gap(0.55);
        for mut checks in both_workers() {
            check(&mut checks, &narrow);
            checks.clear();
            assert!(checks.poll(true).is_none());
            assert_eq!(checks.lines().count(), 0);
        }
    }
}
