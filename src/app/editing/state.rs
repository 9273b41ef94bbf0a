//! Edit mode's state: the [`LevelDraft`] (kept when edit mode is left, so
//! undo and unsaved edits survive), the tool, the grid, where saves and the
//! autosave journal go, the live checks, an autosave offered at start, and
//! the work on the draft that runs off the main thread (opening, saving,
//! restoring; see [`Work`]) and the journal's writes, also off it. The
//! keys' wiring is the editing part (`editing/mod.rs`), what edit mode
//! shows in the world its `markers`; the edits themselves are the pure
//! [`crate::edit`] model. Times are session time.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use glam::Vec2;

use crate::collision::Collider;
use crate::edit::{Carry, GridSize, Item, Journal, JournalError, LevelDraft};
use crate::level::save::{
    autosave_is_newer, autosave_path, next_free_level_path, remove_autosave, write_atomically,
};
use crate::level::{Level, LevelSource};
use crate::map::NearMiss;

use super::live_checks::LiveChecks;
use crate::app::job::{Job, JobLatch, JobLost, Progress, WorkProgress, drop_off_the_main_thread};
use crate::app::live_level::SavedLevel;

/// How long after an edit its journal is written at the latest (a crash
/// loses at most this much; people expect no more than a few seconds).
pub const AUTOSAVE_DELAY: Duration = Duration::from_secs(1);

/// What Space places in edit mode (the digit keys pick it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Tool {
    /// Space plots walls point by point.
    #[default]
    Walls,
    /// Space plots an obstacle's outline points, Enter closes it.
    Obstacles,
    /// Space places a lamp at the cursor point.
    Lamps,
    /// Space marks a door's hinge jamb, and Space again its other jamb.
    Doors,
    /// Space moves the start to the cursor point, facing the eye's way.
    Start,
    /// Space plots a floor's outline points, Enter makes the floor.
    Floors,
    /// Space marks the middle of a flight's foot, then of its top end;
    /// the wheel sets its steps, Enter makes it.
    Stairs,
}

impl Tool {
    /// Its name on the HUD's EDIT line: `tool walls`, `tool obstacles`,
    /// `tool lamps`, `tool doors`, `tool start`, `tool floors`, `tool
    /// stairs`.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Walls => "walls",
            Tool::Obstacles => "obstacles",
            Tool::Lamps => "lamps",
            Tool::Doors => "doors",
            Tool::Start => "start",
            Tool::Floors => "floors",
            Tool::Stairs => "stairs",
        }
    }
}

/// Unsaved edits found in an autosave journal at start, offered to F9.
#[derive(Debug)]
pub struct AutosaveOffer {
    /// The journal's edits.
    pub journal: Journal,
    /// The journal file.
    pub path: PathBuf,
}

/// Edit mode's state. Whether edit mode is on is the walker's
/// [`editing`](crate::walker::Walker::editing) switch alone.
#[derive(Debug)]
pub struct EditMode {
    /// The level being edited, from the first E (or F9) on.
    draft: Option<LevelDraft>,
    /// What Space places (the digit keys).
    pub tool: Tool,
    /// The snapping grid (`[` and `]`).
    pub grid: GridSize,
    /// Where saves and the journal go once known: the level's file, or the
    /// new file a level without one is first saved to.
    save_path: Option<PathBuf>,
    /// When the journal must be written (the first unsaved edit since it
    /// was last written, plus [`AUTOSAVE_DELAY`]).
    journal_due: Option<Duration>,
    /// The live checks' warnings after the latest edit, made off the main
    /// thread.
    checks: LiveChecks,
    /// An autosave offered at start, until F9 takes it or an edit makes it
    /// stale.
    offer: Option<AutosaveOffer>,
    /// The item being carried (`X`, `Ctrl+D`), until it is put down or
    /// back.
    pub carry: Option<Carry>,
    /// Work on the draft off the main thread (opening, saving,
    /// restoring the autosave), while it runs; the draft goes with work
    /// that needs it and comes back with its result.
    work: Option<(Work, Job<Worked>)>,
    /// What the HUD and the markers show of the draft while it is away
    /// with its work.
    away: Option<Away>,
    /// Whether the main thread goes on while work runs (the window), or
    /// waits for it (headless sessions and scripts, whose simulated time
    /// does not pass while it runs); and a test's hold on the work.
    background: Option<Option<JobLatch>>,
    /// The journal being written on its worker, with the error it may
    /// bring back; a journal of many edits and the disk's flush are slow.
    journal_writing: Option<Job<Option<String>>>,
    /// Keeps a journal write from landing after a save removed the journal.
    journal_turn: JournalTurn,
}

/// Orders the journal's writes after the saves that make them stale: a
/// save counts itself before it removes the journal, and a write started
/// before that count moved writes nothing. Both sides take the lock for
/// that, on their workers; the main thread only reads the count.
#[derive(Debug, Clone, Default)]
struct JournalTurn {
    /// How many saves have begun.
    saves: Arc<AtomicU64>,
    /// Held while the journal is written, and while a save counts itself.
    writing: Arc<Mutex<()>>,
}

impl JournalTurn {
    /// The saves begun so far: what a write started now checks against.
    fn saves_begun(&self) -> u64 {
        self.saves.load(Ordering::Acquire)
    }

    /// A save begins: any write started before it that is not already
    /// under way writes nothing. Waits for a write under way to end.
    fn save_begins(&self) {
        let _turn = self.writing.lock().unwrap_or_else(PoisonError::into_inner);
        self.saves.fetch_add(1, Ordering::AcqRel);
    }

    /// Runs `write` unless a save began after `seen` was read; `None`
    /// when it did not run.
    fn write_unless_saved<T>(&self, seen: u64, write: impl FnOnce() -> T) -> Option<T> {
        let _turn = self.writing.lock().unwrap_or_else(PoisonError::into_inner);
        (self.saves.load(Ordering::Acquire) == seen).then(write)
    }
}

/// Edit mode as it stands: the tool, the grid, the cursor, what is aimed
/// at and carried, and the undo depth (see `Editing::state`).
#[derive(Debug, Clone, PartialEq)]
pub struct EditState {
    /// What Space places.
    pub tool: Tool,
    /// The snapping grid's step, in metres.
    pub grid_metres: f32,
    /// The cursor point on the floor plan.
    pub cursor: Vec2,
    /// The item the crosshair (or the map's pointer) aims at.
    pub aimed: Option<Item>,
    /// What is carried.
    pub carried: Option<Carried>,
    /// How many edits Ctrl+Z can take back.
    pub undo_depth: usize,
    /// Whether the level has edits not saved.
    pub unsaved: bool,
}

/// An item being carried (X) or a copy of one (Ctrl+D).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Carried {
    /// The item picked up, or the item copied.
    pub item: Item,
    /// Whether it is a copy: put down, it is added and the item stays.
    pub copy: bool,
    /// How far the wheel turned it, in degrees.
    pub degrees: f32,
}

/// What stays behind of the draft while it is away with its work: what
/// the HUD, the quit guard and the markers show meanwhile.
#[derive(Debug)]
struct Away {
    /// How many steps can be undone.
    undo_depth: usize,
    /// Whether there were unsaved edits.
    dirty: bool,
    /// The last point of the chain of walls being plotted.
    chain_end: Option<Vec2>,
    /// The outline points being plotted.
    outline: Vec<Vec2>,
}

/// Which work on the draft is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// Opening the level for editing.
    Opening,
    /// Saving it (Ctrl+S).
    Saving,
    /// Restoring the autosave's edits (F9).
    Restoring,
}

/// What work on the draft brought back.
#[derive(Debug)]
pub enum Worked {
    /// The draft opened, or why the level cannot be edited.
    Opened(Result<LevelDraft, String>),
    /// The draft saved to `path`, or why not (the edits are kept).
    Saved {
        /// The draft, back from the worker.
        draft: LevelDraft,
        /// The file written.
        path: PathBuf,
        /// The live level as it was saved, following its file, made on
        /// the worker; or why the save failed.
        result: std::io::Result<SavedLevel>,
    },
    /// The autosave's edits restored (how many), or why not.
    Restored {
        /// The draft, back from the worker.
        draft: LevelDraft,
        /// How many edits were restored, or why none were.
        result: Result<usize, JournalError>,
    },
}

impl EditMode {
    /// Edit mode, off, for `level`: with an autosave offer when the level's
    /// journal (see [`save_path_for`]) is newer than the level and was
    /// written for its text.
    pub fn new(level: &Level, working_directory: &Path) -> Self {
        let path = save_path_for(level, working_directory);
        let offer = find_offer(level, &path);
        Self {
            draft: None,
            tool: Tool::default(),
            grid: GridSize::default(),
            save_path: matches!(level.source, LevelSource::File { .. }).then_some(path),
            journal_due: None,
            checks: LiveChecks::default(),
            offer,
            carry: None,
            work: None,
            away: None,
            background: None,
            journal_writing: None,
            journal_turn: JournalTurn::default(),
        }
    }

    /// From now on the main thread goes on while work runs, the work held
    /// by `latch` if given (a test's).
    pub fn work_in_background(&mut self, latch: Option<JobLatch>) {
        self.background = Some(latch);
    }

    /// Whether the main thread goes on while work runs.
    pub fn in_background(&self) -> bool {
        self.background.is_some()
    }

    /// The work running on the draft, if any.
    pub fn work(&self) -> Option<Work> {
        self.work.as_ref().map(|(work, _)| *work)
    }

    /// The progress bar of the work running at session time `now`: the
    /// work on the draft, else the journal's write.
    pub fn progress(&self, now: Duration) -> Option<WorkProgress> {
        let work = self.work.as_ref().map(|(_, job)| job);
        work.and_then(|job| job.progress(now)).or_else(|| {
            self.journal_writing
                .as_ref()
                .and_then(|job| job.progress(now))
        })
    }

    /// Opens the draft on `level` off the main thread (unless one is
    /// open or work runs), at session time `now`.
    pub fn start_opening(&mut self, level: Arc<Level>, now: Duration) {
        if self.draft.is_some() || self.work.is_some() {
            return;
        }
        let job = self.job("Opening the level for editing", now, move |progress| {
            let level = Level::clone(&level);
            let opened = LevelDraft::open_reporting(level, &mut |done| progress.report(done));
            Worked::Opened(opened.map_err(|error| format!("this level cannot be edited: {error}")))
        });
        self.work = Some((Work::Opening, job));
    }

    /// Saves the open draft to `path` off the main thread, at session
    /// time `now`, and makes there a copy of `live` (the live level, whose
    /// edits the draft holds) that follows the file; false when no draft
    /// is here to save.
    pub fn start_saving(&mut self, path: PathBuf, live: Arc<Level>, now: Duration) -> bool {
        let Some(mut draft) = self.send_away() else {
            return false;
        };
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        );
        let turn = self.journal_turn.clone();
        let job = self.job(format!("Saving {name}"), now, move |progress| {
            turn.save_begins();
            let result = draft
                .save_reporting(&path, &mut |done| progress.report(done))
                .map(|()| SavedLevel::following(live, draft.level().source.clone()));
            Worked::Saved {
                draft,
                path,
                result,
            }
        });
        self.work = Some((Work::Saving, job));
        true
    }

    /// Restores `journal`'s edits into the open draft off the main
    /// thread, at session time `now`; gives `journal` back when no draft
    /// is here.
    pub fn start_restoring(&mut self, journal: Journal, now: Duration) -> Result<(), Journal> {
        let Some(mut draft) = self.send_away() else {
            return Err(journal);
        };
        let job = self.job("Restoring the autosave", now, move |progress| {
            let result = draft.restore_reporting(&journal, &mut |done| progress.report(done));
            Worked::Restored { draft, result }
        });
        self.work = Some((Work::Restoring, job));
        Ok(())
    }

    /// The draft, sent away with work: its undo depth, unsaved state
    /// and what is being plotted stay behind for the HUD, the quit guard
    /// and the markers.
    fn send_away(&mut self) -> Option<LevelDraft> {
        if self.work.is_some() {
            return None;
        }
        let draft = self.draft.take()?;
        self.away = Some(Away {
            undo_depth: draft.undo_depth(),
            dirty: draft.is_dirty(),
            chain_end: draft.chain().last_point(),
            outline: draft.outline().points().to_vec(),
        });
        Some(draft)
    }

    /// Starts `work` as a job, held by the test's latch if there is one.
    fn job(
        &self,
        what: impl Into<String>,
        now: Duration,
        work: impl FnOnce(&Progress) -> Worked + Send + 'static,
    ) -> Job<Worked> {
        let latch = self.background.clone().flatten();
        Job::start(what, now, latch, work)
    }

    /// The work's result once it is done: polled in the background, else
    /// (or with `wait`) waited for. A draft that came back is the
    /// caller's to put back ([`put_back`](Self::put_back)).
    pub fn take_finished(&mut self, wait: bool) -> Option<Result<Worked, JobLost>> {
        let (_, job) = self.work.as_ref()?;
        let finished = if self.in_background() && !wait {
            job.poll()?
        } else {
            job.wait()
        };
        self.work = None;
        self.away = None;
        Some(finished)
    }

    /// The draft, back from its work (or just opened).
    pub fn put_back(&mut self, draft: LevelDraft) {
        self.draft = Some(draft);
    }

    /// Ends the chain being plotted, if any (edit mode was left or
    /// entered).
    pub fn end_chain(&mut self) {
        if let Some(draft) = &mut self.draft {
            draft.end_chain();
        }
    }

    /// The draft, if editing has begun.
    pub fn draft(&self) -> Option<&LevelDraft> {
        self.draft.as_ref()
    }

    /// The open draft, if any, to edit.
    pub fn draft_mut(&mut self) -> Option<&mut LevelDraft> {
        self.draft.as_mut()
    }

    /// Forgets the draft (the level was reloaded from its file): the undo
    /// history goes with it, freed on a thread of its own. Edit mode stays
    /// on or off.
    pub fn drop_draft(&mut self) {
        if let Some(draft) = self.draft.take() {
            drop_off_the_main_thread(draft);
        }
        self.journal_due = None;
        self.checks.clear();
        self.carry = None;
    }

    /// Whether there are edits not saved yet.
    pub fn has_unsaved_edits(&self) -> bool {
        match &self.away {
            Some(away) => away.dirty,
            None => self.draft.as_ref().is_some_and(LevelDraft::is_dirty),
        }
    }

    /// How many steps can be undone (the HUD's undo depth), also while the
    /// draft is away with its work.
    pub fn undo_depth(&self) -> usize {
        match &self.away {
            Some(away) => away.undo_depth,
            None => self.draft.as_ref().map_or(0, LevelDraft::undo_depth),
        }
    }

    /// The last point of the chain of walls being plotted, also while the
    /// draft is away with its work.
    pub fn chain_end(&self) -> Option<Vec2> {
        match &self.away {
            Some(away) => away.chain_end,
            None => self.draft.as_ref()?.chain().last_point(),
        }
    }

    /// The outline points being plotted, in order, also while the draft
    /// is away with its work.
    pub fn outline(&self) -> &[Vec2] {
        match &self.away {
            Some(away) => &away.outline,
            None => self
                .draft
                .as_ref()
                .map_or(&[], |draft| draft.outline().points()),
        }
    }

    /// After an edit: the checks of the edited `level` (with its
    /// `collider`) start on their worker, and the journal falls due.
    pub fn edited(&mut self, level: Arc<Level>, collider: Arc<Collider>, now: Duration) {
        self.journal_due.get_or_insert(now + AUTOSAVE_DELAY);
        if let Some(offer) = self.offer.take() {
            // The offer no longer applies to the edited text: keep its file.
            let kept = offer.path.with_extension("autosave.old");
            match crate::platform::rename_file(&offer.path, &kept) {
                Ok(()) => log::warn!(
                    "the autosave that was offered is kept as {}",
                    kept.display()
                ),
                Err(error) => log::warn!("cannot keep the offered autosave: {error}"),
            }
        }
        if self.draft.is_some() {
            self.checks.request(level, collider);
        }
    }

    /// Takes the live checks' warnings if they are ready; with `wait`,
    /// waits for them (simulated time, which the checks must not race).
    /// Returns the edited level's near misses when new warnings came.
    pub fn poll_checks(&mut self, wait: bool) -> Option<Vec<NearMiss>> {
        self.checks.poll(wait)
    }

    /// The live checks' lines for the HUD.
    pub fn check_lines(&self) -> impl Iterator<Item = String> + '_ {
        self.checks.lines()
    }

    /// The file a save writes, chosen once: the level's own, or the first
    /// free `mazewalker-level-N.toml` in `working_directory`.
    pub fn save_path(&mut self, working_directory: &Path) -> PathBuf {
        self.save_path
            .get_or_insert_with(|| {
                self.draft.as_ref().map_or_else(
                    || next_free_level_path(working_directory),
                    |draft| draft.save_path(working_directory),
                )
            })
            .clone()
    }

    /// After a save: the journal is gone and nothing is due.
    pub fn saved(&mut self) {
        self.journal_due = None;
    }

    /// After a failed save, at session time `now`: the journal falls due
    /// as after an edit, as a write that the save overtook wrote nothing.
    pub fn save_failed(&mut self, now: Duration) {
        self.journal_due.get_or_insert(now + AUTOSAVE_DELAY);
    }

    /// Writes the journal of unsaved edits if it is due at `now` (or, with
    /// `now` = `None`, at once: before quitting); removes it when every edit
    /// is saved or undone. The write runs on its worker, one at a time: in
    /// the background its end is taken at a later call, else (and before
    /// quitting) it is waited for. Returns an error message to show.
    pub fn write_journal(
        &mut self,
        now: Option<Duration>,
        working_directory: &Path,
    ) -> Option<String> {
        let quitting = now.is_none();
        let earlier = self.journal_written(quitting);
        if self.journal_writing.is_some() {
            return earlier;
        }
        self.start_journal(now, working_directory);
        let waits = quitting || !self.in_background();
        let later = if waits {
            self.journal_written(true)
        } else {
            None
        };
        earlier.or(later)
    }

    /// The journal's write once it has ended (with `wait`, waited for):
    /// its error, if any.
    fn journal_written(&mut self, wait: bool) -> Option<String> {
        let job = self.journal_writing.as_ref()?;
        let ended = if wait { job.wait() } else { job.poll()? };
        self.journal_writing = None;
        ended.unwrap_or_else(|lost| Some(format!("cannot write the autosave: {lost}")))
    }

    /// Starts writing the journal on its worker if it is due at `now`
    /// (with `None`, at once), unless the draft is away with its work.
    fn start_journal(&mut self, now: Option<Duration>, working_directory: &Path) {
        let Some(due) = self.journal_due else {
            return;
        };
        if self.work.is_some() || now.is_some_and(|now| now < due) {
            return;
        }
        self.journal_due = None;
        let level_path = self.save_path(working_directory);
        let Some(draft) = self.draft.as_ref() else {
            return;
        };
        let journal = draft.is_dirty().then(|| draft.journal());
        let turn = self.journal_turn.clone();
        let seen = turn.saves_begun();
        // Before quitting the write is waited for here: no latch holds it.
        let latch = now.and(self.background.clone().flatten());
        let started = now.unwrap_or_default();
        let job = Job::start("Writing the autosave", started, latch, move |progress| {
            let path = autosave_path(&level_path);
            let text = journal.as_ref().map(Journal::to_text);
            progress.report(0.5);
            let result = turn.write_unless_saved(seen, || match &text {
                Some(text) => write_atomically(&path, text.as_bytes()),
                None => remove_autosave(&level_path),
            });
            progress.report(1.0);
            result?
                .err()
                .map(|error| format!("cannot write the autosave {}: {error}", path.display()))
        });
        self.journal_writing = Some(job);
    }

    /// The session ends: a journal still being written is waited for;
    /// its error, if any.
    pub fn finish_journal(&mut self) -> Option<String> {
        self.journal_written(true)
    }

    /// The autosave offered at start, taken by F9.
    pub fn take_offer(&mut self) -> Option<AutosaveOffer> {
        self.offer.take()
    }

    /// The offer's HUD line, while it stands.
    pub fn offer_line(&self) -> Option<String> {
        self.offer
            .as_ref()
            .map(|offer| format!("F9 restores {} unsaved edits", offer.journal.len()))
    }
}

/// The file `level` is saved to: its own, or the first free
/// `mazewalker-level-N.toml` in `working_directory`.
fn save_path_for(level: &Level, working_directory: &Path) -> PathBuf {
    match &level.source {
        LevelSource::File { path, .. } => path.clone(),
        LevelSource::DefaultHouse | LevelSource::Maze { .. } | LevelSource::Wad { .. } => {
            next_free_level_path(working_directory)
        }
    }
}

/// The journal beside `path`, if it is newer than the level and applies to
/// `level`'s text.
fn find_offer(level: &Level, path: &Path) -> Option<AutosaveOffer> {
    if !autosave_is_newer(path) {
        return None;
    }
    let journal_path = autosave_path(path);
    let journal = Journal::read(&journal_path)
        .inspect_err(|error| log::warn!("{}: {error}", journal_path.display()))
        .ok()?;
    let text = crate::level::save::LevelDocument::text_for_level(level).ok()?;
    (journal.applies_to(&text) && !journal.is_empty()).then_some(AutosaveOffer {
        journal,
        path: journal_path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_journal_write_started_before_a_save_writes_nothing_after_it() {
        let turn = JournalTurn::default();
        let seen = turn.saves_begun();
        assert_eq!(turn.write_unless_saved(seen, || 1), Some(1));
        turn.save_begins();
        assert_eq!(turn.write_unless_saved(seen, || 2), None, "overtaken");
        assert_eq!(turn.write_unless_saved(turn.saves_begun(), || 3), Some(3));
    }
}
