//! Edit mode's live checks, off the main thread. The checks that need the
//! whole level (gaps a little too narrow to pass, floor the player cannot
//! reach) cost milliseconds on a house and seconds on a huge maze, so each
//! edit hands the edited level to a worker thread and the HUD shows the
//! warnings when they are ready. A newer edit supersedes an older one's
//! checks: the worker skips to the newest level waiting, and a result for a
//! level that is no longer the latest is dropped.

use std::sync::Arc;
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
    /// The version of the latest level sent to the worker.
    latest: u64,
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

/// The worker thread's ends of the two channels.
#[derive(Debug)]
struct Worker {
    jobs: Sender<Job>,
    results: Receiver<Checked>,
}

impl LiveChecks {
    /// Checks `level` (with its `collider`) on the worker; its warnings
    /// replace the current ones when ready. Without a worker (the thread
    /// could not start) the checks run here, at once.
    pub fn request(&mut self, level: Arc<Level>, collider: Arc<Collider>) {
        self.latest += 1;
        let job = Job {
            version: self.latest,
            level,
            collider,
        };
        let job = match self.worker() {
            Some(worker) => match worker.jobs.send(job) {
                Ok(()) => {
                    self.pending = true;
                    return;
                }
                Err(refused) => refused.0,
            },
            None => job,
        };
        // The worker is gone: check here rather than show nothing.
        self.worker = None;
        self.lines = live_checks(&job.level, &job.collider, &near_misses(&job.collider));
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
        let worker = self.worker.as_ref()?;
        loop {
            let checked = if wait {
                worker.results.recv().ok()
            } else {
                worker.results.try_recv().ok()
            }?;
            if checked.version == self.latest {
                self.lines = checked.lines;
                self.pending = false;
                return Some(checked.near_misses);
            }
        }
    }

    /// Forgets the warnings (the draft is gone); a result still on
    /// its way is dropped.
    pub fn clear(&mut self) {
        self.lines.clear();
        self.latest += 1;
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

    /// The worker, started on first use; `None` when no thread can start.
    fn worker(&mut self) -> Option<&Worker> {
        if self.worker.is_none() {
            let (jobs, waiting) = channel::<Job>();
            let (done, results) = channel();
            let started =
                platform::spawn_thread("live checks", move || check_until_closed(&waiting, &done));
            match started {
                Ok(_) => self.worker = Some(Worker { jobs, results }),
                Err(error) => log::warn!("the live checks run on the main thread: {error}"),
            }
        }
        self.worker.as_ref()
    }
}

/// The worker's loop: takes the newest job waiting, checks it, sends the
/// warnings back; ends when either side is dropped.
fn check_until_closed(waiting: &Receiver<Job>, done: &Sender<Checked>) {
    while let Ok(mut job) = waiting.recv() {
        while let Ok(newer) = waiting.try_recv() {
            job = newer;
        }
        let near_misses = near_misses(&job.collider);
        let lines = live_checks(&job.level, &job.collider, &near_misses);
        let checked = Checked {
            version: job.version,
            lines,
            near_misses,
        };
        if done.send(checked).is_err() {
            return;
        }
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

    #[test]
    fn the_worker_finds_what_the_checks_find_here() {
        // A gap a little narrower than the walls' clearances (0.3 m each)
        // leave room for.
        let narrow = room_with_gap(0.55);
        let expected = checked_here(&narrow);
        assert!(!expected.is_empty(), "the room should warn");
        let mut checks = LiveChecks::default();
        check(&mut checks, &narrow);
        let near = checks.poll(true).expect("the warnings came");
        assert_eq!(near, near_misses(&narrow.collider()));
        assert_eq!(near.len(), 1);
        assert_eq!(checks.lines().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn only_the_latest_levels_warnings_show() {
        let narrow = room_with_gap(0.55);
        let closed = room_with_gap(0.0);
        assert_ne!(checked_here(&narrow), checked_here(&closed));
        let mut checks = LiveChecks::default();
        check(&mut checks, &narrow);
        check(&mut checks, &closed);
        assert!(checks.poll(true).is_some());
        assert_eq!(checks.lines().collect::<Vec<_>>(), checked_here(&closed));
        assert!(checks.poll(true).is_none(), "nothing more is pending");
    }

    #[test]
    fn cleared_warnings_stay_cleared_when_a_late_result_comes() {
        let narrow = room_with_gap(0.55);
        let mut checks = LiveChecks::default();
        check(&mut checks, &narrow);
        checks.clear();
        assert!(checks.poll(true).is_none());
        assert_eq!(checks.lines().count(), 0);
    }
}
