//! The edits made to the draft besides the plotting keys (`tools.rs`):
//! carrying (X, Ctrl+D, putting down and back), the edits made with the
//! mouse on the full map, undo and redo, the property panel's changes;
//! and handing an edit to the session, which makes it live by the one
//! level-change path.

use std::sync::Arc;

use glam::Vec2;

use super::Editing;
use super::keys::{Aim, Ready, Typed, doing};

use crate::app::events::{Events, MapEdit};
use crate::app::world::World;
use crate::bindings::Action;
use crate::edit::{Carry, EditEvent, Item, LevelChange, PropertyChange};
use crate::level::Level;

impl Editing {
    /// Carries out edits made with the mouse on the full map, at the
    /// cursor point.
    pub(super) fn map_edits(
        &mut self,
        edits: Vec<MapEdit>,
        world: &mut World,
        events: &mut Events,
    ) {
        for edit in edits {
            match edit {
                MapEdit::Plot => self.typed(Typed::Action(Action::PlotPoint), world, events),
                MapEdit::Delete(index) => self.delete_wall(index, world, events),
                MapEdit::MoveEnd(from) => self.move_endpoint(from, world, events),
            }
        }
    }

    /// Changes a property of an item (edit mode's panel), as one undo
    /// step; the reason when it is refused. A carried item is carried on
    /// with the change.
    pub(super) fn set_property(
        &mut self,
        change: PropertyChange,
        world: &mut World,
        events: &mut Events,
    ) -> Result<(), String> {
        match self.ready(world, events) {
            Ready::Now => {}
            Ready::Busy(work) => return Err(format!("not changed: {}", doing(work))),
            Ready::Never => return Err("this level cannot be edited".to_owned()),
        }
        let Some(draft) = self.edit.draft_mut() else {
            return Ok(());
        };
        if !draft
            .set_property(change)
            .map_err(|error| error.to_string())?
        {
            return Ok(());
        }
        self.edited(events, false);
        if let Some(mut carry) = self.edit.carry.take() {
            let retaken = match self.edit.draft() {
                Some(draft) if carry.item() == change.item => carry.retake(draft.level()),
                _ => Ok(()),
            };
            self.edit.carry = Some(carry);
            retaken.map_err(|error| error.to_string())?;
        }
        Ok(())
    }

    /// X: picks up the aimed item, or puts down the one carried.
    pub(super) fn carry(&mut self, aim: Aim, world: &mut World, events: &mut Events) {
        if self.edit.carry.is_some() {
            self.put_down(aim.cursor, world, events);
        } else {
            self.pick_up(false, aim, world);
        }
    }

    /// X (or with `copy`, Ctrl+D): picks up the aimed item (or a copy of
    /// it) with the cursor point where it is now.
    pub(super) fn pick_up(&mut self, copy: bool, aim: Aim, world: &mut World) {
        if let Some(carried) = &self.edit.carry {
            let item = carried.item();
            world.notice(format!("already carrying {item}: X puts it down"));
            return;
        }
        let Some(item) = aim.aimed else {
            world.notice("nothing in the crosshair to carry");
            return;
        };
        let Some(draft) = self.edit.draft() else {
            return;
        };
        let picked = if copy {
            Carry::copy(draft.level(), item, aim.cursor)
        } else {
            Carry::pick_up(draft.level(), item, aim.cursor)
        };
        match picked {
            Ok(carry) => self.edit.carry = Some(carry),
            Err(error) => world.notice(format!("cannot carry {item}: {error}")),
        }
    }

    /// X or Space while carrying: puts the carried item down at the cursor
    /// point `at`, as one undo step. Refused, it is still carried.
    pub(super) fn put_down(&mut self, at: Vec2, world: &mut World, events: &mut Events) {
        let (Some(carry), Some(draft)) = (self.edit.carry.take(), self.edit.draft_mut()) else {
            return;
        };
        // The live collider's grid finds the walls at the carried wall's
        // ends, while it holds the draft's level (no edit on its way).
        let collider = world.live.collider();
        let in_step = !events.level_changes.edit_pending()
            && collider.walls().len() == draft.level().walls.len();
        let walls_at = |point: Vec2| collider.walls_near_segment(point, point, 0.0);
        let walls_near: Option<&dyn Fn(Vec2) -> Vec<usize>> = in_step.then_some(&walls_at);
        match draft.put_down(&carry, at, walls_near) {
            Ok(changed) => self.after_edit(Ok::<_, String>(changed), world, events),
            Err(error) => {
                world.notice(format!("cannot put {} down here: {error}", carry.item()));
                self.edit.carry = Some(carry);
            }
        }
    }

    /// Backspace while carrying: the carried item stays where it was (a
    /// copy is not made).
    pub(super) fn put_back(&mut self, world: &mut World) {
        if let Some(carry) = self.edit.carry.take() {
            world.notice(format!("{} put back", carry.item()));
        }
    }

    /// Moves the end point at `from` (and every wall end there) to the
    /// cursor point: a drag on the map.
    fn move_endpoint(&mut self, from: Vec2, world: &mut World, events: &mut Events) {
        let to = world.cursor;
        if let Some(work) = self.edit.work() {
            world.notice(format!("not moved: {}", doing(work)));
            return;
        }
        let Some(draft) = self.edit.draft_mut() else {
            return;
        };
        let moved = draft.move_endpoint(from, to).map(|count| count > 0);
        self.after_edit(moved, world, events);
    }

    /// Deletes wall `index`: a right click on the map.
    /// Refused with a notice while work on the draft runs.
    fn delete_wall(&mut self, index: usize, world: &mut World, events: &mut Events) {
        if let Ready::Busy(work) = self.ready(world, events) {
            world.notice(format!("not deleted: {}", doing(work)));
            return;
        }
        let Some(draft) = self.edit.draft_mut() else {
            return;
        };
        let deleted = draft.delete(Item::Wall(index)).map(|()| true);
        self.after_edit(deleted, world, events);
    }

    /// Ctrl+Z (`redo` false) or Ctrl+Y (`redo` true): one step of the
    /// history back or forward.
    pub(super) fn history_step(&mut self, redo: bool, world: &mut World, events: &mut Events) {
        let (word, nothing) = if redo {
            ("redo", "nothing to redo")
        } else {
            ("undo", "nothing to undo")
        };
        let stepped = match self.edit.draft_mut() {
            Some(draft) if redo => draft.redo(),
            Some(draft) => draft.undo(),
            None => Ok(false),
        };
        match stepped {
            Ok(true) => self.edited(events, true),
            Ok(false) => world.notice(nothing),
            Err(error) => world.notice(format!("cannot {word}: {error}")),
        }
    }

    /// After an edit was tried: a change goes live, a refusal shows.
    pub(super) fn after_edit<E: std::fmt::Display>(
        &mut self,
        changed: Result<bool, E>,
        world: &mut World,
        events: &mut Events,
    ) {
        match changed {
            Ok(true) => self.edited(events, false),
            Ok(false) => {}
            Err(error) => world.notice(format!("edit refused: {error}")),
        }
    }

    /// The edited level goes live (the session's level-change path), and
    /// the step is heard (an undo or a redo when `undone`).
    fn edited(&mut self, events: &mut Events, undone: bool) {
        self.hand_over(events, |events, level, changes| {
            if let Some(heard) = EditEvent::of_step(&changes, undone) {
                events.edits.send(heard);
            }
            events.level_changes.send_edit(level, changes);
        });
    }

    /// Sends the draft's level and the changes since the live one with
    /// `send` (as an edit, or as the autosave's edits replayed).
    pub(super) fn hand_over(
        &mut self,
        events: &mut Events,
        send: impl FnOnce(&mut Events, Arc<Level>, Vec<LevelChange>),
    ) {
        if let Some(draft) = self.edit.draft_mut() {
            let changes = draft.take_changes();
            send(events, Arc::new(draft.level().clone()), changes);
        }
    }
}
