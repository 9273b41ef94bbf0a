//! Edit mode as a part of the session: the capabilities it hands the
//! session. It takes input (E, the tools and plotting keys, the Ctrl
//! chords, the wheel turning a carried item, the property panel, the full
//! map's edits) and owns the cursor point and aimed item; each frame it
//! takes its finished work, the live checks and writes the journal; it
//! shows its HUD lines, markers, crosshair and panel; it vetoes reloads
//! and quitting that would lose edits; and it follows the live level.

use std::sync::Arc;

use glam::Vec2;
use winit::keyboard::KeyCode;

use super::Editing;
use super::keys::{Ready, Typed};
use super::markers::{Aimed, Plotting, aimed, aimed_shape, cursor, marker_lines, shape};
use super::state::{Carried, Tool, Work};
use crate::app::events::{Events, Input, LevelCause, MapEdit};
use crate::app::job::JobLatch;
use crate::app::live_level::BuiltLevel;
use crate::app::part::{
    AimOffer, FrameShare, Lifecycle, Part, QuitBy, ReloadVerdict, Shows, TakesInput, Ticks, Vetoes,
};
use crate::app::world::World;
use crate::bindings::{Action, Context};
use crate::collision::Collider;
use crate::edit::{Carry, Item, PropertyChange};
use crate::level::Level;
use crate::render::LineVertex;
use crate::walker::{TickInput, Toggle};

/// Edit mode has every capability: it takes input (and the map's edits),
/// follows frames and ticks, shows itself, vetoes reloads and quitting
/// that would lose edits, and follows the session's life.
impl Part for Editing {
    fn context(&self, world: &World) -> Option<Context> {
        world.edit_mode().then_some(Context::Editing)
    }

    fn input(&mut self) -> Option<&mut dyn TakesInput> {
        Some(self)
    }

    fn ticks(&mut self) -> Option<&mut dyn Ticks> {
        Some(self)
    }

    fn shows(&mut self) -> Option<&mut dyn Shows> {
        Some(self)
    }

    fn vetoes(&mut self) -> Option<&mut dyn Vetoes> {
        Some(self)
    }

    fn lifecycle(&mut self) -> Option<&mut dyn Lifecycle> {
        Some(self)
    }
}

impl TakesInput for Editing {
    fn act(&mut self, action: Action, world: &mut World, events: &mut Events) -> bool {
        match action {
            Action::ToggleEdit => self.toggle(world, events),
            Action::RestoreAutosave => self.typed(Typed::Action(action), world, events),
            Action::ReloadLevel => self.reload_now(world, events),
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
            | Action::ToolFloors
            | Action::ToolStairs
            | Action::Carry => {
                if world.edit_mode() {
                    self.typed(Typed::Action(action), world, events);
                }
            }
            _ => return false,
        }
        true
    }

    /// The Ctrl chords: Ctrl+Z undo, Ctrl+Y and Ctrl+Shift+Z redo, Ctrl+S
    /// save, and in edit mode Ctrl+D copy; true when `key` made one.
    fn chord(
        &mut self,
        key: KeyCode,
        repeat: bool,
        world: &mut World,
        events: &mut Events,
    ) -> bool {
        let modifiers = world.modifiers;
        if !modifiers.ctrl {
            return false;
        }
        match key {
            KeyCode::KeyZ | KeyCode::KeyY => {
                self.typed(Typed::Chord(key, modifiers), world, events)
            }
            KeyCode::KeyS if repeat => {}
            KeyCode::KeyS => self.typed(Typed::Chord(key, modifiers), world, events),
            KeyCode::KeyD if world.edit_mode() => {
                if !repeat {
                    self.typed(Typed::Chord(key, modifiers), world, events);
                }
            }
            _ => return false,
        }
        true
    }

    /// The wheel turns a carried wall, obstacle, door or floor (not a
    /// lamp) by 15° a notch; with the stairs tool, once the flight's foot
    /// is plotted, it sets the flight's number of steps, which a notice
    /// shows.
    fn pointer(&mut self, input: Input, world: &mut World, _events: &mut Events) -> bool {
        let active = world.edit_mode();
        let stairs = self.edit.tool == Tool::Stairs;
        match (input, &mut self.edit.carry) {
            (Input::Wheel(notches), Some(carry)) if active && carry.turns() => {
                carry.turn(notches);
                true
            }
            (Input::Wheel(notches), None) if active && stairs => {
                let cursor = world.cursor;
                let steps = self
                    .edit
                    .draft_mut()
                    .and_then(|draft| draft.turn_flight_steps(notches, cursor));
                match steps {
                    Some(steps) => world.notice(format!("stairs: {steps} steps")),
                    None => world.notice("stairs: Space at the middle of the foot first"),
                }
                true
            }
            _ => false,
        }
    }

    /// A change from the property panel, made as one undo step; a refusal
    /// shows on the panel. Only in edit mode, where the panel shows.
    fn property(&mut self, change: PropertyChange, world: &mut World, events: &mut Events) -> bool {
        if !world.edit_mode() {
            return false;
        }
        match self.set_property(change, world, events) {
            Ok(()) => self.panel.accepted(),
            Err(reason) => self.panel.refused(reason),
        }
        true
    }

    /// Carries out the edits made with the mouse on the full map, in edit
    /// mode.
    fn read_events(&mut self, world: &mut World, events: &mut Events) {
        let edits: Vec<MapEdit> = events.map_edits.read().collect();
        if world.edit_mode() {
            self.map_edits(edits, world, events);
        }
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
}

impl Ticks for Editing {
    /// Takes the draft's finished work, the live checks' warnings and
    /// writes the journal if it is due.
    fn update(&mut self, wait: bool, world: &mut World, events: &mut Events) {
        self.poll_work(world, events);
        self.poll_checks(wait, world);
        self.autosave(world);
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
}

impl Shows for Editing {
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
        let outlined = self.carried_shape(world.live.level(), at).or_else(|| {
            world
                .aimed
                .and_then(|item| aimed_shape(world.live.level(), item))
        });
        share.outlined = outlined.map_or_else(Vec::new, |shape| shape.plan_outline());
        if !world.mouse_grabbed {
            share.panel = self.panel.view(world.live.level());
        }
    }
}

impl Vetoes for Editing {
    /// Not while edit mode's work runs: the draft it opens or saves is of
    /// the live level.
    fn holds_reloads(&self) -> bool {
        self.is_busy()
    }

    fn may_reload(&mut self, built: &BuiltLevel, world: &mut World) -> ReloadVerdict {
        self.accepts_reload(built, world)
    }

    /// While a save writes.
    fn writes_files(&self) -> bool {
        self.edit.work() == Some(Work::Saving)
    }

    fn may_quit(&mut self, by: QuitBy, world: &mut World) -> bool {
        self.quit_now(by, world)
    }
}

impl Lifecycle for Editing {
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

    fn work_in_background(&mut self, latch: Option<JobLatch>) {
        self.edit.work_in_background(latch);
    }

    fn finish(&mut self, world: &mut World, events: &mut Events) -> anyhow::Result<()> {
        self.finish_work(world, events);
        Ok(())
    }
}

impl Editing {
    /// The item carried (or copied), if any.
    fn carried(&self) -> Option<Item> {
        self.edit.carry.as_ref().map(Carry::item)
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
        let carried = self.carried_shape(world.live.level(), cursor);
        marker_lines(plotting, aimed, carried)
    }

    /// The carried item's shape in `level` where it would be put down with
    /// the cursor point at `cursor`, if one is carried.
    fn carried_shape(&self, level: &Level, cursor: Vec2) -> Option<Aimed> {
        let carry = self.edit.carry.as_ref()?;
        carry.placed(cursor).ok().map(|piece| shape(level, &piece))
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

    /// E: edit mode on or off from the next tick (recorded in demos). The
    /// draft opens on the live level at the first E.
    /// Off the main thread in the window, the draft opens while edit
    /// mode is on already: edit keys wait for it.
    fn toggle(&mut self, world: &mut World, events: &mut Events) {
        let on = !world.edit_mode();
        if on && self.ready(world, events) == Ready::Never {
            return;
        }
        world.gatherer.flip(Toggle::Edit);
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
