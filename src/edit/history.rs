//! Undo and redo without a limit but memory. A new edit clears what could be
//! redone; saving keeps both stacks. The history also knows the edits that
//! lead from the last saved state to the current one, which is what the
//! autosave journal holds.

use super::change::LevelChange;
use super::operation::{AppliedEdit, Edit, EditError};
use crate::level::Level;
use crate::level::save::LevelDocument;

/// The undo and redo stacks of one level being edited.
#[derive(Debug, Default)]
pub struct History {
    /// Applied edits, oldest first, each with its step number.
    done: Vec<(u64, AppliedEdit)>,
    /// Undone edits, the next to redo last.
    undone: Vec<(u64, Edit)>,
    /// The shortest walk of edits from the saved state to the current one:
    /// a step's edit, or its inverse where the walk undid a step made
    /// before the save. Empty exactly when nothing is unsaved.
    since_saved: Vec<(u64, Edit)>,
    /// The number the next new step gets.
    next_step: u64,
    /// What the steps since the last [`take_changes`](Self::take_changes)
    /// changed in the level, in order.
    changes: Vec<LevelChange>,
}

impl History {
    /// An empty history whose current state counts as saved.
    pub fn new() -> Self {
        Self::default()
    }

    /// Applies a new edit to `level` and `document` as one undo step, and
    /// forgets what could be redone. A refused edit changes nothing.
    pub fn apply(
        &mut self,
        edit: Edit,
        level: &mut Level,
        document: &mut LevelDocument,
    ) -> Result<(), EditError> {
        let applied = self.recording(|record| edit.apply_recording(level, document, record))?;
        let step = self.next_step;
        self.next_step += 1;
        self.since_saved.push((step, applied.edit().clone()));
        self.done.push((step, applied));
        self.undone.clear();
        Ok(())
    }

    /// Undoes the last step. `Ok(false)` when there is none. When `level`
    /// and `document` are not as the step left them, nothing changes.
    pub fn undo(
        &mut self,
        level: &mut Level,
        document: &mut LevelDocument,
    ) -> Result<bool, EditError> {
        let Some((step, applied)) = self.done.last() else {
            return Ok(false);
        };
        applied.can_revert(level, document)?;
        let step = *step;
        let inverse = applied.inverse();
        let Some((_, applied)) = self.done.pop() else {
            return Ok(false);
        };
        let edit = self.recording(|record| applied.revert_recording(level, document, record))?;
        self.walk(step, inverse);
        self.undone.push((step, edit));
        Ok(true)
    }

    /// Redoes the last undone step. `Ok(false)` when there is none.
    pub fn redo(
        &mut self,
        level: &mut Level,
        document: &mut LevelDocument,
    ) -> Result<bool, EditError> {
        let Some((step, edit)) = self.undone.pop() else {
            return Ok(false);
        };
        match self.recording(|record| edit.clone().apply_recording(level, document, record)) {
            Ok(applied) => {
                self.walk(step, edit);
                self.done.push((step, applied));
                Ok(true)
            }
            Err(error) => {
                self.undone.push((step, edit));
                Err(error)
            }
        }
    }

    /// Undoes the last step and forgets it, so that it cannot be redone:
    /// Backspace taking back the last wall of a chain.
    pub fn take_back(
        &mut self,
        level: &mut Level,
        document: &mut LevelDocument,
    ) -> Result<bool, EditError> {
        let undone = self.undo(level, document)?;
        if undone {
            self.undone.pop();
        }
        Ok(undone)
    }

    /// What the steps taken since the last call changed in the level, in
    /// order: each applied edit, undo and redo (a take-back too).
    pub fn take_changes(&mut self) -> Vec<LevelChange> {
        std::mem::take(&mut self.changes)
    }

    /// Records the current state as saved. The stacks are kept: undo can
    /// go back past a save.
    pub fn mark_saved(&mut self) {
        self.since_saved.clear();
    }

    /// Whether the current state differs from the saved one (by its steps:
    /// undoing back to the saved state makes it clean again).
    pub fn is_dirty(&self) -> bool {
        !self.since_saved.is_empty()
    }

    /// How many steps can be undone.
    pub fn undo_depth(&self) -> usize {
        self.done.len()
    }

    /// How many steps can be redone.
    pub fn redo_depth(&self) -> usize {
        self.undone.len()
    }

    /// The edits that turn the saved state into the current one, in order:
    /// what the autosave journal holds.
    pub fn unsaved_edits(&self) -> impl ExactSizeIterator<Item = &Edit> {
        self.since_saved.iter().map(|(_, edit)| edit)
    }

    /// Runs `change`, an edit made or undone, giving it a recorder of what
    /// each single edit it makes changes in the level ([`LevelChange::of`],
    /// with the level right before it); what it recorded is kept when it
    /// succeeds, and forgotten when it fails (it changed nothing then).
    fn recording<T>(
        &mut self,
        change: impl FnOnce(&mut dyn FnMut(&Edit, &Level)) -> Result<T, EditError>,
    ) -> Result<T, EditError> {
        let mut recorded = Vec::new();
        let done = change(&mut |edit, level| recorded.extend(LevelChange::of(edit, level)))?;
        self.changes.append(&mut recorded);
        Ok(done)
    }

    /// Extends the walk from the saved state by one step (`edit`, forwards
    /// or backwards), or shortens it when the step retraces the last one.
    fn walk(&mut self, step: u64, edit: Edit) {
        if self
            .since_saved
            .last()
            .is_some_and(|(last, _)| *last == step)
        {
            self.since_saved.pop();
        } else {
            self.since_saved.push((step, edit));
        }
    }
}
