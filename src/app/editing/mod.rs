//! Edit mode as a part of the session: E, the tools (the digits), the
//! plotting keys, carrying (X, Ctrl+D, the wheel), the Ctrl chords (undo,
//! redo, save), F5's and quitting's guards against losing unsaved edits,
//! F9, the autosave journal, and the edits made with the mouse on the full
//! map. An edit hands the edited level to the session, which makes it live
//! by the one level-change path. Opening the draft, saving it and
//! restoring the autosave run off the main thread in the window: keys that
//! need the draft meanwhile wait in a queue and are applied in the order
//! typed once it is back. The journal is written off it too. The state is
//! [`EditMode`]; the edits themselves are [`crate::edit`].

mod glyph_warm_up;
mod live_checks;
mod markers;
mod panel;
mod panel_ui;
mod state;

pub use self::panel_ui::{PanelUi, ToolUi, ui_frame};
pub use self::state::{Carried, EditState, Tool};

use std::collections::VecDeque;
use std::path::Path;
use std::sync::Arc;

use glam::Vec2;
use winit::keyboard::KeyCode;

use self::markers::{Aimed, Plotting, aimed, aimed_shape, cursor, marker_lines, shape};
use self::panel::Panel;
use self::state::{EditMode, Work, Worked};
use crate::app::events::{Input, MapEdit, Request};
use crate::app::held_keys::Modifiers;
use crate::app::job::{JobLatch, JobLost};
use crate::app::live_level::{BuiltLevel, SavedLevel};
use crate::app::part::{AimOffer, FrameShare, Part, QuitBy, ReloadVerdict};
use crate::app::world::{LevelCause, World};
use crate::bindings::{Action, Context};
use crate::collision::Collider;
use crate::edit::{Carry, Item, LevelChange, Plotted, PropertyChange, TakenBack};
use crate::level::Level;
use crate::render::LineVertex;
use crate::walker::{TickInput, Toggle};

/// Edit mode's part.
#[derive(Debug)]
pub struct Editing {
    edit: EditMode,
    /// A quit request that was held back because of unsaved edits.
    quit_warning: Option<QuitBy>,
    /// F5 was pressed once with unsaved edits (a second press drops them).
    reload_warned: bool,
    /// Whether edit mode was on after the last tick.
    was_on: bool,
    /// Keys typed while the draft was busy (opening, saving, restoring),
    /// each with where the crosshair stood: applied in order once it is
    /// ready.
    queued: VecDeque<(Typed, Aim)>,
    /// A quit asked for while a save was writing: it goes ahead once the
    /// save went through.
    quit_after_save: bool,
    /// The property panel.
    panel: Panel,
}

/// A key that edits the draft, as typed.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Typed {
    /// One of edit mode's actions (or F9).
    Action(Action),
    /// A Ctrl chord: Ctrl+Z, Ctrl+Y (`redo`), Ctrl+S or Ctrl+D.
    Chord(KeyCode, Modifiers),
}

impl Typed {
    /// Whether it needs the draft (which opens for it): choosing a
    /// tool or the grid, undo and redo do not.
    fn needs_draft(self) -> bool {
        match self {
            Typed::Action(action) => !matches!(
                action,
                Action::ToolWalls
                    | Action::ToolObstacles
                    | Action::ToolLamps
                    | Action::ToolDoors
                    | Action::ToolStart
                    | Action::FinerGrid
                    | Action::CoarserGrid
            ),
            Typed::Chord(key, _) => matches!(key, KeyCode::KeyS | KeyCode::KeyD),
        }
    }

    /// Whether it acts on the item the crosshair aims at: the aim of a key
    /// typed before earlier keys' edits are made may name another item by
    /// then, so such a key is not queued but refused.
    fn acts_on_the_aimed_item(self) -> bool {
        matches!(
            self,
            Typed::Action(Action::DeleteWall | Action::CycleMaterial | Action::Carry)
                | Typed::Chord(KeyCode::KeyD, _)
        )
    }
}

/// Where the crosshair stood when a key was typed, and what was held: a key
/// applied later (queued) is applied as typed.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Aim {
    /// The cursor point.
    cursor: Vec2,
    /// The item aimed at.
    aimed: Option<Item>,
    /// The eye's heading, in degrees.
    heading: f32,
    /// Shift was held.
    backwards: bool,
}

impl Aim {
    /// The aim in `world` now.
    fn of(world: &World) -> Self {
        Self {
            cursor: world.cursor,
            aimed: world.aimed,
            heading: world.simulation.walker.camera.yaw_degrees(),
            backwards: world.modifiers.shift,
        }
    }
}

/// Whether the draft can take a key now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ready {
    /// It is here.
    Now,
    /// Work on it runs: keys wait.
    Busy(Work),
    /// The level cannot be edited (the notice was shown).
    Never,
}

/// What the HUD and notices call a work in progress.
fn doing(work: Work) -> &'static str {
    match work {
        Work::Opening => "the level is still opening for editing",
        Work::Saving => "the level is being saved",
        Work::Restoring => "the autosave is being restored",
    }
}

impl Editing {
    /// Edit mode, off, for `level`, saving beside it or in
    /// `working_directory`, with an autosave offer if there is one.
    pub fn new(level: &Level, working_directory: &Path) -> Self {
        Self {
            edit: EditMode::new(level, working_directory),
            quit_warning: None,
            reload_warned: false,
            was_on: false,
            queued: VecDeque::new(),
            quit_after_save: false,
            panel: Panel::default(),
        }
    }

    /// Whether work on the draft runs now.
    fn is_busy(&self) -> bool {
        self.edit.work().is_some()
    }

    /// Once a frame: takes the draft's finished work, then applies the
    /// keys that waited for it, in order.
    fn poll_work(&mut self, world: &mut World) {
        while let Some(finished) = self.edit.take_finished(false) {
            self.finished(finished, world);
            self.apply_queued(world);
        }
    }

    /// The session ends: work still running (a save that is writing, the
    /// journal being written) is waited for, so that no file is left half
    /// written.
    fn finish_work(&mut self, world: &mut World) {
        if let Some(finished) = self.edit.take_finished(true) {
            self.finished(finished, world);
        }
        if let Some(error) = self.edit.finish_journal() {
            log::error!("{error}");
        }
    }

    /// Headless, the work just started is waited for and what it did is
    /// done at once, as before any work left the main thread; in the
    /// window it is left to [`poll_work`](Self::poll_work).
    fn finish_if_waiting(&mut self, world: &mut World) {
        if !self.edit.in_background()
            && let Some(finished) = self.edit.take_finished(false)
        {
            self.finished(finished, world);
        }
    }

    /// Whether the draft can take a key now: work on it makes keys wait;
    /// with no draft, one starts opening (and headless, opens).
    fn ready(&mut self, world: &mut World) -> Ready {
        if let Some(work) = self.edit.work() {
            return Ready::Busy(work);
        }
        if self.edit.draft().is_some() {
            return Ready::Now;
        }
        self.edit
            .start_opening(Arc::clone(world.live.shared().0), world.time);
        self.finish_if_waiting(world);
        match (self.edit.work(), self.edit.draft()) {
            (Some(work), _) => Ready::Busy(work),
            (None, Some(_)) => Ready::Now,
            (None, None) => Ready::Never,
        }
    }

    /// A key typed: applied now, or queued behind the draft's work
    /// (refused with a notice when it acts on the aimed item).
    fn typed(&mut self, typed: Typed, world: &mut World) {
        let aim = Aim::of(world);
        if self.queued.is_empty() && !self.is_busy() {
            if !typed.needs_draft() {
                return self.apply(typed, aim, world);
            }
            match self.ready(world) {
                Ready::Now => return self.apply(typed, aim, world),
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
    fn apply_queued(&mut self, world: &mut World) {
        while !self.is_busy() {
            let Some((typed, aim)) = self.queued.pop_front() else {
                return;
            };
            if typed.needs_draft() && self.edit.draft().is_none() {
                match self.ready(world) {
                    Ready::Now => {}
                    Ready::Busy(_) => {
                        self.queued.push_front((typed, aim));
                        return;
                    }
                    Ready::Never => continue,
                }
            }
            self.apply(typed, aim, world);
        }
    }

    /// Applies a typed key with the aim it was typed with.
    fn apply(&mut self, typed: Typed, aim: Aim, world: &mut World) {
        match typed {
            Typed::Action(Action::RestoreAutosave) => self.restore_autosave(world),
            Typed::Action(
                action @ (Action::ToolWalls
                | Action::ToolObstacles
                | Action::ToolLamps
                | Action::ToolDoors
                | Action::ToolStart),
            ) => self.pick_tool(action),
            Typed::Action(Action::Carry) => self.carry(aim, world),
            Typed::Action(action) => self.run_edit_action(action, aim, world),
            Typed::Chord(KeyCode::KeyZ, modifiers) => self.history_step(modifiers.shift, world),
            Typed::Chord(KeyCode::KeyY, _) => self.history_step(true, world),
            Typed::Chord(KeyCode::KeyS, _) => self.save_level(world),
            Typed::Chord(KeyCode::KeyD, _) => self.pick_up(true, aim, world),
            Typed::Chord(..) => {}
        }
    }

    /// The draft's work ended: its draft comes back, and what it did
    /// shows.
    fn finished(&mut self, finished: Result<Worked, JobLost>, world: &mut World) {
        match finished {
            Ok(Worked::Opened(Ok(draft))) => {
                self.edit.put_back(draft);
                world.expect_edits();
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
                self.saved(&path, result, world);
            }
            Ok(Worked::Restored { draft, result }) => {
                self.edit.put_back(draft);
                match result {
                    Ok(count) => {
                        self.hand_over(world, World::level_restored);
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

    /// Edit mode as it stands (tool, grid, cursor, aimed and carried item,
    /// undo depth), `None` while it is off or a demo plays: what the EDIT
    /// line and the aim line of the HUD show, as values.
    pub fn state(&self, world: &World) -> Option<EditState> {
        world.edit_mode().then(|| EditState {
            tool: self.edit.tool,
            grid_metres: self.edit.grid.metres(),
            cursor: world.cursor,
            aimed: world.aimed,
            carried: self.edit.carry.as_ref().map(|carry| Carried {
                item: carry.item(),
                copy: carry.is_copy(),
                degrees: carry.degrees(),
            }),
            undo_depth: self.edit.undo_depth(),
            unsaved: self.edit.has_unsaved_edits(),
        })
    }

    /// The crosshair's cursor point (Alt held: not snapped).
    fn crosshair_cursor(&self, world: &World) -> Vec2 {
        cursor(
            &world.simulation.walker.camera,
            world.live.collider(),
            self.edit.grid,
            !world.modifiers.alt,
        )
    }

    /// The last point of the chain being plotted (also during a save).
    fn chain_end(&self) -> Option<Vec2> {
        self.edit.chain_end()
    }

    /// The obstacle outline points plotted so far, in order (also during a
    /// save).
    fn outline(&self) -> &[Vec2] {
        self.edit.outline()
    }

    /// The item the crosshair aims at, with the cursor point at `cursor`
    /// (see [`aimed`]): the aimed item unless the full map has the pointer.
    fn crosshair_aim(&self, world: &World, cursor: Vec2) -> Option<Item> {
        let level = world.live.level();
        let leaves = world.simulation.doors().leaves().leaves();
        aimed(
            &world.simulation.walker.camera,
            world.live.collider(),
            level,
            leaves,
            cursor,
        )
    }

    /// Edit mode's lines in the world at `cursor`: the cursor's cross, the
    /// wall or obstacle outline in progress, the aimed item
    /// ([`World::aimed`]) and the carried one.
    fn markers(&self, world: &World, cursor: Vec2) -> Vec<LineVertex> {
        let aimed = world
            .aimed
            .and_then(|item| aimed_shape(world.live.level(), item));
        let plotting = Plotting {
            cursor,
            chain_end: self.chain_end(),
            outline: self.outline(),
        };
        marker_lines(plotting, aimed, self.carried_shape(cursor))
    }

    /// The carried item's shape where it would be put down with the cursor
    /// point at `cursor`, if one is carried.
    fn carried_shape(&self, cursor: Vec2) -> Option<Aimed> {
        let carry = self.edit.carry.as_ref()?;
        carry.placed(cursor).ok().map(|piece| shape(&piece))
    }

    /// Handles the Ctrl chords (Ctrl+Z undo, Ctrl+Y and Ctrl+Shift+Z redo,
    /// Ctrl+S save, and in edit mode Ctrl+D copy); true when `key` made
    /// one.
    fn chord_now(&mut self, key: KeyCode, repeat: bool, world: &mut World) -> bool {
        let modifiers = world.modifiers;
        if !modifiers.ctrl {
            return false;
        }
        match key {
            KeyCode::KeyZ | KeyCode::KeyY => self.typed(Typed::Chord(key, modifiers), world),
            KeyCode::KeyS if repeat => {}
            KeyCode::KeyS => self.typed(Typed::Chord(key, modifiers), world),
            KeyCode::KeyD if world.edit_mode() => {
                if !repeat {
                    self.typed(Typed::Chord(key, modifiers), world);
                }
            }
            _ => return false,
        }
        true
    }

    /// Carries out edits made with the mouse on the full map, at the
    /// cursor point.
    fn map_edits(&mut self, edits: Vec<MapEdit>, world: &mut World) {
        for edit in edits {
            match edit {
                MapEdit::Plot => self.typed(Typed::Action(Action::PlotPoint), world),
                MapEdit::Delete(index) => self.delete_wall(index, world),
                MapEdit::MoveEnd(from) => self.move_endpoint(from, world),
            }
        }
    }

    /// A reload finished: true when it may go live. The program's own save
    /// is no change; a file changed elsewhere is refused while there are
    /// unsaved edits, and otherwise ends the draft.
    fn accepts_reload(&mut self, built: &BuiltLevel, world: &mut World) -> ReloadVerdict {
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
    fn quit_now(&mut self, by: QuitBy, world: &mut World) -> bool {
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

    /// Takes the live checks' warnings if they are ready, and gives the
    /// world the near misses found with them; with `wait` (simulated time),
    /// waits for them, so that a script sees them at the same tick on any
    /// machine.
    fn poll_checks(&mut self, wait: bool, world: &mut World) {
        if let Some(near_misses) = self.edit.poll_checks(wait) {
            world.near_misses_found(near_misses);
        }
    }

    /// Writes the journal if it is due (once a frame).
    fn autosave(&mut self, world: &mut World) {
        if let Some(error) = self
            .edit
            .write_journal(Some(world.time), &world.working_directory)
        {
            log::error!("{error}");
            world.notice(error);
        }
    }

    /// E: edit mode on or off from the next tick (recorded in demos). The
    /// draft opens on the live level at the first E.
    /// Off the main thread in the window, the draft opens while edit
    /// mode is on already: edit keys wait for it.
    fn toggle(&mut self, world: &mut World) {
        let on = !world.edit_mode();
        if on && self.ready(world) == Ready::Never {
            return;
        }
        world.gatherer.flip(Toggle::Edit);
    }

    /// F5: reloads now; with unsaved edits, only a second press does (and
    /// drops them).
    fn reload_now(&mut self, world: &mut World) {
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
        world.ask_reload();
    }

    /// A digit: the tool Space uses from now on. Leaving a tool ends the
    /// chain, or forgets the outline points or door jamb, being plotted.
    fn pick_tool(&mut self, action: Action) {
        let tool = match action {
            Action::ToolWalls => Tool::Walls,
            Action::ToolObstacles => Tool::Obstacles,
            Action::ToolLamps => Tool::Lamps,
            Action::ToolStart => Tool::Start,
            Action::ToolDoors => Tool::Doors,
            // Only the tool actions are handed here.
            _ => return,
        };
        if tool != self.edit.tool {
            self.edit.end_chain();
            if let Some(draft) = self.edit.draft_mut() {
                draft.clear_outline();
            }
            self.edit.tool = tool;
        }
    }

    /// Runs one of edit mode's plotting actions (Space, Backspace, Enter,
    /// Delete, `N`, `[`, `]`) at the cursor point, with the current tool.
    fn run_edit_action(&mut self, action: Action, aim: Aim, world: &mut World) {
        let Aim {
            cursor: point,
            aimed,
            heading,
            backwards,
        } = aim;
        let tool = self.edit.tool;
        match action {
            Action::FinerGrid => return self.edit.grid.halve(),
            Action::CoarserGrid => return self.edit.grid.double(),
            _ => {}
        }
        match action {
            Action::PlotPoint if self.edit.carry.is_some() => return self.put_down(point, world),
            Action::TakeBack if self.edit.carry.is_some() => return self.put_back(world),
            _ => {}
        }
        let Some(draft) = self.edit.draft_mut() else {
            return;
        };
        let changed = match (action, tool) {
            (Action::PlotPoint, Tool::Walls) => match draft.plot(point) {
                Ok(Plotted::Wall { .. }) => Ok(true),
                Ok(Plotted::Started | Plotted::Same) => Ok(false),
                Err(error) => Err(error),
            },
            (Action::PlotPoint, Tool::Obstacles) => {
                draft.plot_outline(point);
                Ok(false)
            }
            (Action::PlotPoint, Tool::Lamps) => draft.add_light(point).map(|()| true),
            (Action::PlotPoint, Tool::Doors) => draft.plot_jamb(point),
            (Action::PlotPoint, Tool::Start) => draft.set_start(point, heading).map(|()| true),
            (Action::TakeBack, Tool::Obstacles | Tool::Doors) => {
                if draft.take_back_outline().is_none() {
                    world.notice("no point to take back");
                }
                Ok(false)
            }
            (Action::TakeBack, _) => draft
                .take_back()
                .map(|taken| taken == TakenBack::PointAndWall),
            (Action::EndChain, Tool::Obstacles) => draft.close_outline().map(|()| true),
            (Action::EndChain, _) => {
                draft.end_chain();
                Ok(false)
            }
            (Action::DeleteWall, _) => match aimed {
                Some(item) => draft.delete(item).map(|()| true),
                None => {
                    world.notice(
                        "nothing in the crosshair within 20 m, and no lamp within 0.5 m of the cursor",
                    );
                    Ok(false)
                }
            },
            (Action::CycleMaterial, _) => match aimed {
                Some(item @ (Item::Wall(_) | Item::Obstacle(_) | Item::Door(_))) => {
                    draft.cycle_material(item, !backwards).map(|name| {
                        world.notice(format!("{item}: {name}"));
                        true
                    })
                }
                _ => {
                    world.notice(
                        "no wall, obstacle or door in the crosshair to change the material of",
                    );
                    Ok(false)
                }
            },
            _ => Ok(false),
        };
        self.after_edit(changed, world);
    }

    /// The item carried (or copied), if any.
    fn carried(&self) -> Option<Item> {
        self.edit.carry.as_ref().map(Carry::item)
    }

    /// Changes a property of an item (edit mode's panel), as one undo
    /// step; the reason when it is refused. A carried item is carried on
    /// with the change.
    fn set_property(&mut self, change: PropertyChange, world: &mut World) -> Result<(), String> {
        match self.ready(world) {
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
        self.edited(world);
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
    fn carry(&mut self, aim: Aim, world: &mut World) {
        if self.edit.carry.is_some() {
            self.put_down(aim.cursor, world);
        } else {
            self.pick_up(false, aim, world);
        }
    }

    /// X (or with `copy`, Ctrl+D): picks up the aimed item (or a copy of
    /// it) with the cursor point where it is now.
    fn pick_up(&mut self, copy: bool, aim: Aim, world: &mut World) {
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
    fn put_down(&mut self, at: Vec2, world: &mut World) {
        let (Some(carry), Some(draft)) = (self.edit.carry.take(), self.edit.draft_mut()) else {
            return;
        };
        // The live collider's grid finds the walls at the carried wall's
        // ends, while it holds the draft's level (no edit on its way).
        let collider = world.live.collider();
        let in_step = !world.edit_pending() && collider.walls().len() == draft.level().walls.len();
        let walls_at = |point: Vec2| collider.walls_near_segment(point, point, 0.0);
        let walls_near: Option<&dyn Fn(Vec2) -> Vec<usize>> = in_step.then_some(&walls_at);
        match draft.put_down(&carry, at, walls_near) {
            Ok(changed) => self.after_edit(Ok::<_, String>(changed), world),
            Err(error) => {
                world.notice(format!("cannot put {} down here: {error}", carry.item()));
                self.edit.carry = Some(carry);
            }
        }
    }

    /// Backspace while carrying: the carried item stays where it was (a
    /// copy is not made).
    fn put_back(&mut self, world: &mut World) {
        if let Some(carry) = self.edit.carry.take() {
            world.notice(format!("{} put back", carry.item()));
        }
    }

    /// Moves the end point at `from` (and every wall end there) to the
    /// cursor point: a drag on the map.
    fn move_endpoint(&mut self, from: Vec2, world: &mut World) {
        let to = world.cursor;
        if let Some(work) = self.edit.work() {
            world.notice(format!("not moved: {}", doing(work)));
            return;
        }
        let Some(draft) = self.edit.draft_mut() else {
            return;
        };
        let moved = draft.move_endpoint(from, to).map(|count| count > 0);
        self.after_edit(moved, world);
    }

    /// Deletes wall `index`: a right click on the map.
    /// Refused with a notice while work on the draft runs.
    fn delete_wall(&mut self, index: usize, world: &mut World) {
        if let Ready::Busy(work) = self.ready(world) {
            world.notice(format!("not deleted: {}", doing(work)));
            return;
        }
        let Some(draft) = self.edit.draft_mut() else {
            return;
        };
        let deleted = draft.delete(Item::Wall(index)).map(|()| true);
        self.after_edit(deleted, world);
    }

    /// Ctrl+Z (`redo` false) or Ctrl+Y (`redo` true): one step of the
    /// history back or forward.
    fn history_step(&mut self, redo: bool, world: &mut World) {
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
            Ok(true) => self.edited(world),
            Ok(false) => world.notice(nothing),
            Err(error) => world.notice(format!("cannot {word}: {error}")),
        }
    }

    /// After an edit was tried: a change goes live, a refusal shows.
    fn after_edit<E: std::fmt::Display>(&mut self, changed: Result<bool, E>, world: &mut World) {
        match changed {
            Ok(true) => self.edited(world),
            Ok(false) => {}
            Err(error) => world.notice(format!("edit refused: {error}")),
        }
    }

    /// The edited level goes live (the session's level-change path).
    fn edited(&mut self, world: &mut World) {
        self.hand_over(world, World::level_edited);
    }

    /// Hands the draft's level and the changes since the live one to the
    /// world as `cause` (an edit, or the autosave's edits replayed).
    fn hand_over(
        &mut self,
        world: &mut World,
        cause: fn(&mut World, Arc<Level>, Vec<LevelChange>),
    ) {
        if let Some(draft) = self.edit.draft_mut() {
            let changes = draft.take_changes();
            cause(world, Arc::new(draft.level().clone()), changes);
        }
    }

    /// Ctrl+S: saves the edited level (the draft is open: the house or
    /// a maze can be written to a new file) off the main thread.
    fn save_level(&mut self, world: &mut World) {
        let path = self.edit.save_path(&world.working_directory);
        let live = Arc::clone(world.live.shared().0);
        if self.edit.start_saving(path, live, world.time) {
            self.finish_if_waiting(world);
        }
    }

    /// A save ended: written (with the level's new source), the level
    /// follows its file and a quit that waited goes ahead; failed, the
    /// edits are kept, the error shows and Ctrl+S tries again.
    fn saved(&mut self, path: &Path, result: std::io::Result<SavedLevel>, world: &mut World) {
        let quit = std::mem::take(&mut self.quit_after_save);
        match result {
            Ok(saved) => {
                world.level_saved(saved);
                self.edit.saved();
                self.quit_warning = None;
                // The file written: the command line's output.
                println!("saved {}", path.display());
                world.notice(format!("saved {}", path.display()));
                if quit {
                    world.request(Request::Quit);
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
    fn restore_autosave(&mut self, world: &mut World) {
        let Some(offer) = self.edit.take_offer() else {
            world.notice("no autosave to restore");
            return;
        };
        match self.edit.start_restoring(offer.journal, world.time) {
            Ok(()) => self.finish_if_waiting(world),
            Err(_) => world.notice("cannot restore the autosave: the level cannot be edited"),
        }
    }
}

impl Part for Editing {
    fn context(&self, world: &World) -> Option<Context> {
        world.edit_mode().then_some(Context::Editing)
    }

    /// The Ctrl chords (see [`chord_now`](Self::chord_now)).
    fn chord(&mut self, key: KeyCode, repeat: bool, world: &mut World) -> bool {
        self.chord_now(key, repeat, world)
    }

    /// A change from the property panel, made as one undo step; a refusal
    /// shows on the panel. Only in edit mode, where the panel shows.
    fn property(&mut self, change: PropertyChange, world: &mut World) -> bool {
        if !world.edit_mode() {
            return false;
        }
        match self.set_property(change, world) {
            Ok(()) => self.panel.accepted(),
            Err(reason) => self.panel.refused(reason),
        }
        true
    }

    /// The grid the full map snaps its pointer to, in edit mode.
    fn offer_aim(&self, world: &World, offer: &mut AimOffer) {
        if world.edit_mode() {
            offer.grid = Some(self.edit.grid);
        }
    }

    /// In edit mode, the world's cursor point and aimed item: the full
    /// map's pointer if it offers one, else the crosshair's. (A floor ray
    /// and a snap query: not paid while walking.) The panel follows them.
    fn take_aim(&mut self, offer: &AimOffer, world: &mut World) {
        if !world.edit_mode() {
            return;
        }
        let cursor = offer.cursor.unwrap_or_else(|| self.crosshair_cursor(world));
        world.cursor = cursor;
        world.aimed = match offer.aimed {
            Some(on_map) => on_map,
            None => self.crosshair_aim(world, cursor),
        };
        self.panel.follow(self.carried(), world.aimed);
    }

    /// Carries out the edits made with the mouse on the full map, in edit
    /// mode.
    fn take_messages(&mut self, world: &mut World) {
        let edits = std::mem::take(&mut world.map_edits);
        if world.edit_mode() {
            self.map_edits(edits, world);
        }
    }

    /// Takes the draft's finished work, the live checks' warnings and
    /// writes the journal if it is due.
    fn update(&mut self, wait: bool, world: &mut World) {
        self.poll_work(world);
        self.poll_checks(wait, world);
        self.autosave(world);
    }

    /// Not while edit mode's work runs: the draft it opens or saves is of
    /// the live level.
    fn holds_reloads(&self) -> bool {
        self.is_busy()
    }

    /// While a save writes.
    fn writes_files(&self) -> bool {
        self.edit.work() == Some(Work::Saving)
    }

    fn may_reload(&mut self, built: &BuiltLevel, world: &mut World) -> ReloadVerdict {
        self.accepts_reload(built, world)
    }

    fn may_quit(&mut self, by: QuitBy, world: &mut World) -> bool {
        self.quit_now(by, world)
    }

    fn act(&mut self, action: Action, world: &mut World) -> bool {
        match action {
            Action::ToggleEdit => self.toggle(world),
            Action::RestoreAutosave => self.typed(Typed::Action(action), world),
            Action::ReloadLevel => self.reload_now(world),
            Action::PlotPoint
            | Action::TakeBack
            | Action::EndChain
            | Action::DeleteWall
            | Action::CycleMaterial
            | Action::FinerGrid
            | Action::CoarserGrid
            | Action::ToolWalls
            | Action::ToolObstacles
            | Action::ToolLamps
            | Action::ToolDoors
            | Action::ToolStart
            | Action::Carry => {
                if world.edit_mode() {
                    self.typed(Typed::Action(action), world);
                }
            }
            _ => return false,
        }
        true
    }

    /// The wheel turns a carried wall, obstacle or door (not a lamp) by
    /// 15° a notch.
    fn pointer(&mut self, input: Input, world: &mut World) -> bool {
        let active = world.edit_mode();
        match (input, &mut self.edit.carry) {
            (Input::Wheel(notches), Some(carry)) if active && carry.turns() => {
                carry.turn(notches);
                true
            }
            _ => false,
        }
    }

    /// Entering or leaving edit mode ends the chain and puts back what is
    /// carried.
    fn tick(&mut self, _input: Option<&TickInput>, world: &mut World) {
        let on = world.edit_mode();
        if on != self.was_on {
            self.edit.end_chain();
            self.edit.carry = None;
            self.was_on = on;
        }
    }

    /// The panel follows its item through an edit, and forgets it on a
    /// new level. After an edit (the draft's level is the live one): the
    /// live checks are redone and the journal falls due. After a reload the
    /// draft is gone and there is nothing to check; a save changes no
    /// shape.
    fn level_changed(&mut self, _old: &Collider, cause: &LevelCause, world: &mut World) {
        match cause {
            LevelCause::Saved(_) => return,
            LevelCause::Edit(_, edits) | LevelCause::Restore(_, edits) => {
                self.panel.level_edited(edits);
            }
            LevelCause::Reload(_) | LevelCause::Demo(..) => self.panel.forget(),
        }
        if self.edit.draft().is_none() {
            return;
        }
        let (level, collider) = world.live.shared();
        self.edit
            .edited(Arc::clone(level), Arc::clone(collider), world.time);
        self.quit_warning = None;
    }

    /// Edit mode's HUD lines: mode, tool, grid, cursor, undo depth and
    /// `unsaved` (or, while the draft opens, that it is opening) and
    /// what is carried; the live checks; an autosave offer.
    fn hud(&self, world: &World, lines: &mut Vec<String>) {
        if let Some(state) = self.state(world) {
            // Until the draft is open there is no history to count.
            let history = if self.edit.work() == Some(Work::Opening) {
                "opening the level for editing".to_owned()
            } else {
                let unsaved = if state.unsaved { "  unsaved" } else { "" };
                format!("undo {}{unsaved}", state.undo_depth)
            };
            let carrying = state.carried.map_or_else(String::new, carry_text);
            lines.push(format!(
                "EDIT  tool {}  grid {} m  cursor {:.2}, {:.2}  {history}{carrying}",
                state.tool.name(),
                state.grid_metres,
                state.cursor.x,
                state.cursor.y,
            ));
            let outline = self.outline().len();
            if outline > 0 {
                lines.push(format!(
                    "outline {outline} points: Enter makes the obstacle, Backspace takes one back"
                ));
            }
            if let Some(item) = state.aimed {
                lines.push(format!("aim {item}"));
            }
            lines.extend(self.edit.check_lines());
        } else if self.edit.has_unsaved_edits() {
            let depth = self.edit.undo_depth();
            lines.push(format!("undo {depth}  unsaved (Ctrl+S saves)"));
        }
        lines.extend(self.edit.offer_line());
    }

    /// In edit mode: the markers, the crosshair, the cursor and outline
    /// the map shows, and the panel with the mouse released; the progress
    /// bar of the draft's work.
    fn frame<'a>(&'a mut self, world: &'a World, share: &mut FrameShare<'a>) {
        share.progress = share
            .progress
            .take()
            .or_else(|| self.edit.progress(world.time));
        if !world.edit_mode() {
            return;
        }
        let at = world.cursor;
        share.markers = self.markers(world, at);
        share.crosshair = true;
        share.edit_cursor = Some((at, self.chain_end()));
        // The map outlines the carried item where it would go, else the
        // aimed one.
        let outlined = self.carried_shape(at).or_else(|| {
            world
                .aimed
                .and_then(|item| aimed_shape(world.live.level(), item))
        });
        share.outlined = outlined.map_or_else(Vec::new, |shape| shape.plan_outline());
        if !world.mouse_grabbed {
            share.panel = self.panel.view(world.live.level());
        }
    }

    fn work_in_background(&mut self, latch: Option<JobLatch>) {
        self.edit.work_in_background(latch);
    }

    fn finish(&mut self, world: &mut World) -> anyhow::Result<()> {
        self.finish_work(world);
        Ok(())
    }
}

/// What the EDIT line says of a carried item: `  carry wall 12`, `  carry
/// copy of door 0`, with `turned 45 degrees` once the wheel turned it.
fn carry_text(carried: Carried) -> String {
    let copy = if carried.copy { "copy of " } else { "" };
    let turned = if carried.degrees == 0.0 {
        String::new()
    } else {
        format!(" turned {} degrees", carried.degrees)
    };
    format!("  carry {copy}{}{turned}", carried.item)
}
