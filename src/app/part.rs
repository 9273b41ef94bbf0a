//! The interface of the session's parts, one per mode, each in its own
//! folder: demo playback and recording (`playback/`), the map (`map/`),
//! edit mode (`editing/`) and walking (`walking/`). Each owns its state and
//! sees the shared [`World`] through the one narrow [`Part`] interface; the
//! session offers input to them in one fixed order (see `Session::parts`).

use super::events::Input;
use super::world::World;
use crate::bindings::Action;
use crate::collision::Collider;
use crate::edit::LevelChange;

/// A mode of the session (Fyrox's interaction modes, Bevy's features): what
/// it does with input, with each tick and with a new level, and what it
/// adds to the HUD. Every method has a default that does nothing, so a part
/// implements only what it cares about.
pub trait Part {
    /// Runs a one-shot `action`; true when this part took it (later parts
    /// are then not offered it).
    fn act(&mut self, _action: Action, _world: &mut World) -> bool {
        false
    }

    /// The pointer moved, a mouse button, or the wheel; true when this part
    /// took it.
    fn pointer(&mut self, _input: Input, _world: &mut World) -> bool {
        false
    }

    /// After each simulation tick.
    fn tick(&mut self, _world: &mut World) {}

    /// The level changed (the world holds the new one; `old` is the
    /// previous collider). `edits` are the changes, in order, that made it
    /// from the old one, when it came from edits: a part may follow them
    /// instead of working its state out anew from the whole level.
    fn level_changed(
        &mut self,
        _old: &Collider,
        _edits: Option<&[LevelChange]>,
        _world: &mut World,
    ) {
    }

    /// Adds this part's lines to the HUD.
    fn hud(&self, _world: &World, _lines: &mut Vec<String>) {}
}
