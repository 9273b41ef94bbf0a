//! Saving, and the guards against losing unsaved edits: Ctrl+S and what a
//! save that ended does, F9's restore of the autosave, the autosave
//! journal, F5 (twice with unsaved edits), a reload of a file changed
//! elsewhere, and quitting (twice with unsaved edits; after the save, if
//! one is writing).

use std::path::Path;
use std::sync::Arc;

use super::Editing;
use super::keys::doing;
use super::state::Work;
use crate::app::events::{Events, LevelCause, LevelRequest, Request};
use crate::app::live_level::{BuiltLevel, SavedLevel};
use crate::app::part::{QuitBy, ReloadVerdict};
use crate::app::world::World;

impl Editing {
    /// A reload finished: whether it may go live. The program's own save
    /// is no change; a file changed elsewhere is refused while there are
    /// unsaved edits, and otherwise ends the draft.
    pub(super) fn accepts_reload(
        &mut self,
        built: &BuiltLevel,
        world: &mut World,
    ) -> ReloadVerdict {
        let Some(draft) = self.edit.draft() else {
            return ReloadVerdict::Go;
        };
        let edited_text = draft.level().source.file_text();
        if edited_text.is_some() && edited_text == built.level.source.file_text() {
            return ReloadVerdict::Unchanged;
        }
        if self.edit.has_unsaved_edits() {
            let message = "the level file changed on disk; your unsaved edits are kept: \
                           Ctrl+S writes them over it, F5 twice takes the file";
            return ReloadVerdict::Refused(message.to_owned());
        }
        self.edit.drop_draft();
        if world.edit_mode() {
            world.notice("the level file changed on disk: the undo history starts again");
        }
        ReloadVerdict::Go
    }

    /// Whether quitting `by` this request may go ahead: with unsaved edits,
    /// the first request only warns (and writes the journal now).
    /// While a save writes, the quit waits for it (with its progress bar)
    /// and goes ahead once it went through.
    pub(super) fn quit_now(&mut self, by: QuitBy, world: &mut World) -> bool {
        match self.edit.work() {
            Some(Work::Saving) => {
                self.quit_after_save = true;
                world.notice("quitting once the save is written");
                return false;
            }
            Some(Work::Restoring) => {
                world.notice("the autosave is being restored: quit again once it is done");
                return false;
            }
            Some(Work::Opening) | None => {}
        }
        if !self.edit.has_unsaved_edits() || self.quit_warning == Some(by) {
            if let Some(error) = self.edit.write_journal(None, &world.working_directory) {
                log::error!("{error}");
            }
            return true;
        }
        self.quit_warning = Some(by);
        let again = match by {
            QuitBy::Escape => "Esc again",
            QuitBy::Close => "closing again",
        };
        world.notice(format!(
            "unsaved edits: {again} quits without saving (Ctrl+S saves)"
        ));
        false
    }

    /// F5: reloads now; with unsaved edits, only a second press does (and
    /// drops them).
    pub(super) fn reload_now(&mut self, world: &mut World, events: &mut Events) {
        if let Some(work) = self.edit.work() {
            world.notice(format!(
                "not reloaded: {}; F5 again once it is done",
                doing(work)
            ));
            return;
        }
        if self.edit.has_unsaved_edits() && !self.reload_warned {
            self.reload_warned = true;
            world.notice("unsaved edits: F5 again drops them and reloads the file");
            return;
        }
        self.reload_warned = false;
        self.edit.drop_draft();
        events.level_requests.send(LevelRequest::Reload);
    }

    /// Ctrl+S: saves the edited level (the draft is open: the house or
    /// a maze can be written to a new file) off the main thread.
    pub(super) fn save_level(&mut self, world: &mut World, events: &mut Events) {
        let path = self.edit.save_path(&world.working_directory);
        let live = Arc::clone(world.live.shared().0);
        if self.edit.start_saving(path, live, world.time) {
            self.finish_if_waiting(world, events);
        }
    }

    /// A save ended: written (with the level's new source), the level
    /// follows its file and a quit that waited goes ahead; failed, the
    /// edits are kept, the error shows and Ctrl+S tries again.
    pub(super) fn saved(
        &mut self,
        path: &Path,
        result: std::io::Result<SavedLevel>,
        world: &mut World,
        events: &mut Events,
    ) {
        let quit = std::mem::take(&mut self.quit_after_save);
        match result {
            Ok(saved) => {
                events.level_changes.send(LevelCause::Saved(saved));
                self.edit.saved();
                self.quit_warning = None;
                // The file written: the command line's output.
                println!("saved {}", path.display());
                world.notice(format!("saved {}", path.display()));
                if quit {
                    events.requests.send(Request::Quit);
                }
            }
            Err(error) => {
                let message = format!(
                    "cannot save {}: {error}; the edits are kept",
                    path.display()
                );
                log::error!("{message}");
                world.notice(message);
                self.edit.save_failed(world.time);
                if quit {
                    world.notice("not quitting: the save failed");
                }
            }
        }
    }

    /// F9: replays the autosave offered at start (the draft is open),
    /// off the main thread.
    pub(super) fn restore_autosave(&mut self, world: &mut World, events: &mut Events) {
        let Some(offer) = self.edit.take_offer() else {
            world.notice("no autosave to restore");
            return;
        };
        match self.edit.start_restoring(offer.journal, world.time) {
            Ok(()) => self.finish_if_waiting(world, events),
            Err(_) => world.notice("cannot restore the autosave: the level cannot be edited"),
        }
    }

    /// Writes the journal if it is due (once a frame).
    pub(super) fn autosave(&mut self, world: &mut World) {
        if let Some(error) = self
            .edit
            .write_journal(Some(world.time), &world.working_directory)
        {
            log::error!("{error}");
            world.notice(error);
        }
    }
}
