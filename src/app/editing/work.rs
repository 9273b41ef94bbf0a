//! The queue of edit mode's background work: opening the draft, saving
//! it and restoring the autosave run off the main thread in the window
//! (headless, they are waited for where they start). Keys that need the
//! draft meanwhile wait in the queue, each with the aim it was typed
//! with, and are applied in the order typed once the draft is back; a key
//! that acts on the aimed item is refused instead, as the aim may name
//! another item by then.

use std::sync::Arc;

use winit::keyboard::KeyCode;

use super::Editing;
use super::keys::{Aim, Ready, Typed, doing};
use super::state::Worked;
use crate::app::events::{Events, LevelRequest};
use crate::app::job::JobLost;
use crate::app::world::World;
use crate::bindings::Action;
use crate::walker::Toggle;

impl Editing {
    /// Whether work on the draft runs now.
    pub(super) fn is_busy(&self) -> bool {
        self.edit.work().is_some()
    }

    /// Once a frame: takes the draft's finished work, then applies the
    /// keys that waited for it, in order.
    pub(super) fn poll_work(&mut self, world: &mut World, events: &mut Events) {
        while let Some(finished) = self.edit.take_finished(false) {
            self.finished(finished, world, events);
            self.apply_queued(world, events);
        }
    }

    /// The session ends: work still running (a save that is writing, the
    /// journal being written) is waited for, so that no file is left half
    /// written.
    pub(super) fn finish_work(&mut self, world: &mut World, events: &mut Events) {
        if let Some(finished) = self.edit.take_finished(true) {
            self.finished(finished, world, events);
        }
        if let Some(error) = self.edit.finish_journal() {
            log::error!("{error}");
        }
    }

    /// Headless, the work just started is waited for and what it did is
    /// done at once, as before any work left the main thread; in the
    /// window it is left to [`poll_work`](Self::poll_work).
    pub(super) fn finish_if_waiting(&mut self, world: &mut World, events: &mut Events) {
        if !self.edit.in_background()
            && let Some(finished) = self.edit.take_finished(false)
        {
            self.finished(finished, world, events);
        }
    }

    /// Whether the draft can take a key now: work on it makes keys wait;
    /// with no draft, one starts opening (and headless, opens).
    pub(super) fn ready(&mut self, world: &mut World, events: &mut Events) -> Ready {
        if let Some(work) = self.edit.work() {
            return Ready::Busy(work);
        }
        if self.edit.draft().is_some() {
            return Ready::Now;
        }
        self.edit
            .start_opening(Arc::clone(world.live.shared().0), world.time);
        self.finish_if_waiting(world, events);
        match (self.edit.work(), self.edit.draft()) {
            (Some(work), _) => Ready::Busy(work),
            (None, Some(_)) => Ready::Now,
            (None, None) => Ready::Never,
        }
    }

    /// A key typed: applied now, or queued behind the draft's work
    /// (refused with a notice when it acts on the aimed item).
    pub(super) fn typed(&mut self, typed: Typed, world: &mut World, events: &mut Events) {
        let aim = Aim::of(world);
        if self.queued.is_empty() && !self.is_busy() {
            if !typed.needs_draft() {
                return self.apply(typed, aim, world, events);
            }
            match self.ready(world, events) {
                Ready::Now => return self.apply(typed, aim, world, events),
                Ready::Never => return,
                Ready::Busy(_) => {}
            }
        }
        self.queue(typed, aim, world);
    }

    /// Queues `typed` behind the draft's work, or refuses it with a
    /// notice that says why.
    fn queue(&mut self, typed: Typed, aim: Aim, world: &mut World) {
        if typed.acts_on_the_aimed_item() {
            let why = self.edit.work().map_or("earlier keys wait", doing);
            world.notice(format!("not done: {why}; aim again once it is ready"));
            return;
        }
        self.queued.push_back((typed, aim));
    }

    /// Applies the queued keys in order, until one starts work that the
    /// rest must wait for.
    fn apply_queued(&mut self, world: &mut World, events: &mut Events) {
        while !self.is_busy() {
            let Some((typed, aim)) = self.queued.pop_front() else {
                return;
            };
            if typed.needs_draft() && self.edit.draft().is_none() {
                match self.ready(world, events) {
                    Ready::Now => {}
                    Ready::Busy(_) => {
                        self.queued.push_front((typed, aim));
                        return;
                    }
                    Ready::Never => continue,
                }
            }
            self.apply(typed, aim, world, events);
        }
    }

    /// Applies a typed key with the aim it was typed with.
    fn apply(&mut self, typed: Typed, aim: Aim, world: &mut World, events: &mut Events) {
        match typed {
            Typed::Action(Action::RestoreAutosave) => self.restore_autosave(world, events),
            Typed::Action(
                action @ (Action::ToolWalls
                | Action::ToolObstacles
                | Action::ToolLamps
                | Action::ToolDoors
                | Action::ToolStart
                | Action::ToolFloors
                | Action::ToolStairs),
            ) => self.pick_tool(action),
            Typed::Action(Action::Carry) => self.carry(aim, world, events),
            Typed::Action(action) => self.run_edit_action(action, aim, world, events),
            Typed::Chord(KeyCode::KeyZ, modifiers) => {
                self.history_step(modifiers.shift, world, events)
            }
            Typed::Chord(KeyCode::KeyY, _) => self.history_step(true, world, events),
            Typed::Chord(KeyCode::KeyS, _) => self.save_level(world, events),
            Typed::Chord(KeyCode::KeyD, _) => self.pick_up(true, aim, world),
            Typed::Chord(..) => {}
        }
    }

    /// The draft's work ended: its draft comes back, and what it did
    /// shows.
    fn finished(
        &mut self,
        finished: Result<Worked, JobLost>,
        world: &mut World,
        events: &mut Events,
    ) {
        match finished {
            Ok(Worked::Opened(Ok(draft))) => {
                self.edit.put_back(draft);
                events.level_requests.send(LevelRequest::EditsComing);
            }
            Ok(Worked::Opened(Err(error))) => {
                world.notice(error);
                self.refuse_queued("the level cannot be edited", world);
                // Edit mode goes off, whether it is on or the next tick
                // turns it on.
                if world.edit_mode() != world.gatherer.pending_toggles().edit {
                    world.gatherer.flip(Toggle::Edit);
                }
            }
            Ok(Worked::Saved {
                draft,
                path,
                result,
            }) => {
                self.edit.put_back(draft);
                self.saved(&path, result, world, events);
            }
            Ok(Worked::Restored { draft, result }) => {
                self.edit.put_back(draft);
                match result {
                    Ok(count) => {
                        self.hand_over(events, |events, level, changes| {
                            events.level_changes.send_restore(level, changes);
                        });
                        world.notice(format!("restored {count} unsaved edits"));
                    }
                    Err(error) => world.notice(format!("cannot restore the autosave: {error:#}")),
                }
            }
            Err(error) => {
                let message = format!("{error}: the edit session is lost");
                log::error!("{message}");
                world.notice(message);
                self.refuse_queued("the edit session is lost", world);
                self.quit_after_save = false;
            }
        }
    }

    /// Drops the queued keys with a notice that says `why`.
    fn refuse_queued(&mut self, why: &str, world: &mut World) {
        if !self.queued.is_empty() {
            world.notice(format!("{} keys not applied: {why}", self.queued.len()));
            self.queued.clear();
        }
    }
}
