//! A key typed in edit mode, with where the crosshair stood: what a key
//! needs (the draft, the aimed item), so that one typed while work on the
//! draft runs waits in the queue (`work.rs`) and is applied as typed.

use glam::Vec2;
use winit::keyboard::KeyCode;

use super::state::Work;
use crate::app::held_keys::Modifiers;
use crate::app::world::World;
use crate::bindings::Action;
use crate::edit::Item;

/// A key that edits the draft, as typed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Typed {
    /// One of edit mode's actions (or F9).
    Action(Action),
    /// A Ctrl chord: Ctrl+Z, Ctrl+Y (`redo`), Ctrl+S or Ctrl+D.
    Chord(KeyCode, Modifiers),
}

impl Typed {
    /// Whether it needs the draft (which opens for it): choosing a
    /// tool or the grid, undo and redo do not.
    pub(super) fn needs_draft(self) -> bool {
        match self {
            Typed::Action(action) => !matches!(
                action,
                Action::ToolWalls
                    | Action::ToolObstacles
                    | Action::ToolLamps
                    | Action::ToolDoors
                    | Action::ToolStart
                    | Action::ToolFloors
                    | Action::ToolStairs
                    | Action::FinerGrid
                    | Action::CoarserGrid
            ),
            Typed::Chord(key, _) => matches!(key, KeyCode::KeyS | KeyCode::KeyD),
        }
    }

    /// Whether it acts on the item the crosshair aims at: the aim of a key
    /// typed before earlier keys' edits are made may name another item by
    /// then, so such a key is not queued but refused.
    pub(super) fn acts_on_the_aimed_item(self) -> bool {
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
pub(super) struct Aim {
    /// The cursor point.
    pub(super) cursor: Vec2,
    /// The item aimed at.
    pub(super) aimed: Option<Item>,
    /// The eye's heading, in degrees.
    pub(super) heading: f32,
    /// Shift was held.
    pub(super) backwards: bool,
}

impl Aim {
    /// The aim in `world` now.
    pub(super) fn of(world: &World) -> Self {
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
pub(super) enum Ready {
    /// It is here.
    Now,
    /// Work on it runs: keys wait.
    Busy(Work),
    /// The level cannot be edited (the notice was shown).
    Never,
}

/// What the HUD and notices call a work in progress.
pub(super) fn doing(work: Work) -> &'static str {
    match work {
        Work::Opening => "the level is still opening for editing",
        Work::Saving => "the level is being saved",
        Work::Restoring => "the autosave is being restored",
    }
}
