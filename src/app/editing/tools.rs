//! What each of edit mode's plotting keys does with each tool (Fyrox's
//! editor modes behind one trait): Space plots at the cursor point,
//! Backspace takes back, Enter ends, each as its tool says
//! ([`ToolKeys`]); Delete and `N` act on the aimed item whatever the tool;
//! `[` and `]` change the grid; with an item carried, Space puts it down
//! and Backspace puts it back. The digits choose the tool.

use super::Editing;
use super::keys::Aim;
use super::state::Tool;
use crate::app::events::Events;
use crate::app::world::World;
use crate::bindings::Action;
use crate::edit::{EditError, Item, LevelDraft, Plotted, TakenBack};

/// What the plotting keys do with one tool, to the draft: each says
/// whether the level changed, or why the edit was refused. Backspace and
/// Enter work on the chain of walls unless the tool plots something else.
trait ToolKeys {
    /// Space: plots at the cursor point.
    fn plot(&self, draft: &mut LevelDraft, aim: Aim) -> Result<bool, EditError>;

    /// Backspace: takes back the chain's last point (and the wall it
    /// made).
    fn take_back(&self, draft: &mut LevelDraft, _world: &mut World) -> Result<bool, EditError> {
        draft
            .take_back()
            .map(|taken| taken == TakenBack::PointAndWall)
    }

    /// Enter: ends the chain.
    fn end(&self, draft: &mut LevelDraft) -> Result<bool, EditError> {
        draft.end_chain();
        Ok(false)
    }
}

/// The walls tool: Space plots the chain's next point, a wall from the
/// last.
struct Walls;

/// The obstacles tool: Space plots an outline point, Backspace takes one
/// back, Enter makes the obstacle of the outline's hull.
struct Obstacles;

/// The lamps tool: Space adds a lamp.
struct Lamps;

/// The doors tool: Space plots the hinge, then the jamb that makes the
/// door; Backspace takes the hinge back.
struct Doors;

/// The start tool: Space moves the start to the cursor point, facing the
/// eye's heading.
struct StartPlace;

/// The floors tool: Space plots an outline point, Backspace takes one
/// back, Enter makes the floor of the outline as plotted.
struct Floors;

/// The stairs tool: Space plots the middle of the flight's foot, then of
/// its top end; Backspace takes one back, Enter makes the flight.
struct Stairs;

/// The keys of `tool`.
fn keys_of(tool: Tool) -> &'static dyn ToolKeys {
    match tool {
        Tool::Walls => &Walls,
        Tool::Obstacles => &Obstacles,
        Tool::Lamps => &Lamps,
        Tool::Doors => &Doors,
        Tool::Start => &StartPlace,
        Tool::Floors => &Floors,
        Tool::Stairs => &Stairs,
    }
}

impl ToolKeys for Walls {
    fn plot(&self, draft: &mut LevelDraft, aim: Aim) -> Result<bool, EditError> {
        match draft.plot(aim.cursor)? {
            Plotted::Wall { .. } => Ok(true),
            Plotted::Started | Plotted::Same => Ok(false),
        }
    }
}

impl ToolKeys for Obstacles {
    fn plot(&self, draft: &mut LevelDraft, aim: Aim) -> Result<bool, EditError> {
        draft.plot_outline(aim.cursor);
        Ok(false)
    }

    fn take_back(&self, draft: &mut LevelDraft, world: &mut World) -> Result<bool, EditError> {
        take_back_outline_point(draft, world)
    }

    fn end(&self, draft: &mut LevelDraft) -> Result<bool, EditError> {
        draft.close_outline().map(|()| true)
    }
}

impl ToolKeys for Lamps {
    fn plot(&self, draft: &mut LevelDraft, aim: Aim) -> Result<bool, EditError> {
        draft.add_light(aim.cursor).map(|()| true)
    }
}

impl ToolKeys for Doors {
    fn plot(&self, draft: &mut LevelDraft, aim: Aim) -> Result<bool, EditError> {
        draft.plot_jamb(aim.cursor)
    }

    fn take_back(&self, draft: &mut LevelDraft, world: &mut World) -> Result<bool, EditError> {
        take_back_outline_point(draft, world)
    }
}

impl ToolKeys for StartPlace {
    fn plot(&self, draft: &mut LevelDraft, aim: Aim) -> Result<bool, EditError> {
        draft.set_start(aim.cursor, aim.heading).map(|()| true)
    }
}

impl ToolKeys for Floors {
    fn plot(&self, draft: &mut LevelDraft, aim: Aim) -> Result<bool, EditError> {
        draft.plot_outline(aim.cursor);
        Ok(false)
    }

    fn take_back(&self, draft: &mut LevelDraft, world: &mut World) -> Result<bool, EditError> {
        take_back_outline_point(draft, world)
    }

    fn end(&self, draft: &mut LevelDraft) -> Result<bool, EditError> {
        draft.close_floor_outline().map(|()| true)
    }
}

impl ToolKeys for Stairs {
    fn plot(&self, draft: &mut LevelDraft, aim: Aim) -> Result<bool, EditError> {
        draft.plot_flight_end(aim.cursor);
        Ok(false)
    }

    fn take_back(&self, draft: &mut LevelDraft, world: &mut World) -> Result<bool, EditError> {
        take_back_outline_point(draft, world)
    }

    fn end(&self, draft: &mut LevelDraft) -> Result<bool, EditError> {
        draft.make_flight().map(|()| true)
    }
}

/// Backspace with a tool that plots outline points (an obstacle's or a
/// floor's, a door's hinge, a flight's ends): the last one back.
fn take_back_outline_point(draft: &mut LevelDraft, world: &mut World) -> Result<bool, EditError> {
    if draft.take_back_outline().is_none() {
        world.notice("no point to take back");
    }
    Ok(false)
}

/// Delete, with any tool: deletes the aimed item.
fn delete_aimed(draft: &mut LevelDraft, aim: Aim, world: &mut World) -> Result<bool, EditError> {
    match aim.aimed {
        Some(item) => draft.delete(item).map(|()| true),
        None => {
            world.notice(
                "nothing in the crosshair within 20 m, and no lamp within 0.5 m of the cursor",
            );
            Ok(false)
        }
    }
}

/// `N` (Shift+N backwards), with any tool: the aimed wall's, obstacle's,
/// door's or floor's next material.
fn cycle_material(draft: &mut LevelDraft, aim: Aim, world: &mut World) -> Result<bool, EditError> {
    match aim.aimed {
        Some(item @ (Item::Wall(_) | Item::Obstacle(_) | Item::Door(_) | Item::Floor(_))) => {
            draft.cycle_material(item, !aim.backwards).map(|name| {
                world.notice(format!("{item}: {name}"));
                true
            })
        }
        _ => {
            world.notice(
                "no wall, obstacle, door or floor in the crosshair to change the material of",
            );
            Ok(false)
        }
    }
}

impl Editing {
    /// A digit: the tool Space uses from now on. Leaving a tool ends the
    /// chain, or forgets the outline points or door jamb, being plotted.
    pub(super) fn pick_tool(&mut self, action: Action) {
        let tool = match action {
            Action::ToolWalls => Tool::Walls,
            Action::ToolObstacles => Tool::Obstacles,
            Action::ToolLamps => Tool::Lamps,
            Action::ToolStart => Tool::Start,
            Action::ToolDoors => Tool::Doors,
            Action::ToolFloors => Tool::Floors,
            Action::ToolStairs => Tool::Stairs,
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
    pub(super) fn run_edit_action(
        &mut self,
        action: Action,
        aim: Aim,
        world: &mut World,
        events: &mut Events,
    ) {
        match action {
            Action::FinerGrid => return self.edit.grid.halve(),
            Action::CoarserGrid => return self.edit.grid.double(),
            Action::PlotPoint if self.edit.carry.is_some() => {
                return self.put_down(aim.cursor, world, events);
            }
            Action::TakeBack if self.edit.carry.is_some() => return self.put_back(world),
            _ => {}
        }
        let tool = keys_of(self.edit.tool);
        let Some(draft) = self.edit.draft_mut() else {
            return;
        };
        let changed = match action {
            Action::PlotPoint => tool.plot(draft, aim),
            Action::TakeBack => tool.take_back(draft, world),
            Action::EndChain => tool.end(draft),
            Action::DeleteWall => delete_aimed(draft, aim, world),
            Action::CycleMaterial => cycle_material(draft, aim, world),
            _ => Ok(false),
        };
        self.after_edit(changed, world, events);
    }
}
