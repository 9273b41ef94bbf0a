//! The program's own input events, which the shell makes from winit's and
//! scripts and tests send; and the typed events the session's parts send
//! ([`Events`]): requests for the shell, changes of the live level and
//! what else they ask of it, for the session, and edits on the full map,
//! for edit mode.

use std::sync::Arc;

use glam::{DVec2, Vec2};
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

use super::event_queue::EventQueue;
use super::held_keys::Modifiers;
use super::live_level::{BuiltLevel, SavedLevel};
use crate::edit::{EditEvent, LevelChange, PropertyChange};
use crate::gamepad::GamepadIntent;
use crate::level::Level;
use crate::simulation::Simulation;

/// Input the shell turns winit's events into, and scripts and tests send.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Input {
    /// A physical key went down (`pressed`) or up; `repeat` for the
    /// keyboard's auto-repeat.
    Key {
        /// The key.
        key: KeyCode,
        /// Down or up.
        pressed: bool,
        /// Not a fresh press: the keyboard's auto-repeat, or a key found
        /// down as the window gains focus. Held, but it fires no action.
        repeat: bool,
    },
    /// The modifier keys held now (winit's `ModifiersChanged`).
    Modifiers(Modifiers),
    /// The pointer moved to this position in the window, in pixels.
    Pointer(Vec2),
    /// A mouse button went down or up.
    Button {
        /// The button.
        button: MouseButton,
        /// Down or up.
        pressed: bool,
    },
    /// The wheel turned by this many notches (positive: away, zoom in).
    Wheel(f32),
    /// Raw mouse motion, in counts (x right, y down).
    MouseMotion(DVec2),
    /// The gamepad as read this frame.
    Gamepad(GamepadIntent),
    /// The drawn view's new size in pixels (0×0 while minimized).
    Resized(u32, u32),
    /// The window lost the keyboard: nothing stays held.
    FocusLost,
    /// The window's close button.
    CloseRequested,
    /// Edit mode's property panel changed a property of its item.
    Property(PropertyChange),
}

/// What the session asks of the shell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Request {
    /// Grab the mouse for looking (true) or release it.
    GrabMouse(bool),
    /// Switch between a window and fullscreen.
    ToggleFullscreen,
    /// Save what the window shows as a PNG.
    Screenshot,
    /// Close the window and end the program.
    Quit,
}

/// An edit made with the mouse on the full map, for edit mode to carry out
/// at the cursor point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MapEdit {
    /// A click: plot a point.
    Plot,
    /// A right click on wall `index`: delete it.
    Delete(usize),
    /// A drag from this wall end point: move it (and every end there).
    MoveEnd(Vec2),
}

/// Why the live level changes: the causes of the session's one
/// level-change path (`Session::change_level`), which every part hears of.
/// A part sends one; the session reads them once the current input (or
/// the frame's update) is handled, and makes each change in order.
#[derive(Debug)]
pub enum LevelCause {
    /// A reload (a file changed, F5) built a new version.
    Reload(Box<BuiltLevel>),
    /// An edit, an undo or a redo: the edited level, and what the edits
    /// changed since the live one, in order.
    Edit(Arc<Level>, Vec<LevelChange>),
    /// The autosave's edits, replayed: the level, and what they changed.
    Restore(Arc<Level>, Vec<LevelChange>),
    /// A demo's level, with the demo's simulation at its start.
    Demo(Arc<Level>, Box<Simulation>),
    /// The level was saved (it follows its file and text from now on): its
    /// shapes are as they were.
    Saved(SavedLevel),
}

impl LevelCause {
    /// The edits that made the level from the live one, for an edit or a
    /// restored autosave: a part may follow them instead of working its
    /// state out anew from the whole level.
    pub fn edits(&self) -> Option<&[LevelChange]> {
        match self {
            LevelCause::Edit(_, changes) | LevelCause::Restore(_, changes) => Some(changes),
            LevelCause::Reload(_) | LevelCause::Demo(..) | LevelCause::Saved(_) => None,
        }
    }

    /// Whether the level's shapes changed (all but a save).
    pub fn reshapes(&self) -> bool {
        !matches!(self, LevelCause::Saved(_))
    }
}

/// What a part asks of the live level besides a change, for the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LevelRequest {
    /// F5: reload now, even if the file is unchanged.
    Reload,
    /// A draft opened on the live level: edits are coming, and the first
    /// changes a copy of the collider made ahead of it.
    EditsComing,
}

/// The events the session's parts send, one queue a kind, each with its
/// one reader. The session reads the level's after each input and each
/// frame's update, in this order: requests of the live level, then its
/// changes.
#[derive(Debug, Default)]
pub struct Events {
    /// Requests for the shell (the session sends them too), read by the
    /// shell (`Session::take_requests`).
    pub requests: EventQueue<Request>,
    /// What the parts ask of the live level besides a change, read by the
    /// session.
    pub level_requests: EventQueue<LevelRequest>,
    /// Changes of the live level, read by the session, which makes each
    /// by its one level-change path.
    pub level_changes: EventQueue<LevelCause>,
    /// Edits made with the mouse on the full map, read by edit mode, which
    /// carries them out at the cursor point.
    pub map_edits: EventQueue<MapEdit>,
    /// Edit mode's steps as heard (an item placed, deleted, a step
    /// undone), read by the session for the sound.
    pub edits: EventQueue<EditEvent>,
}

impl EventQueue<LevelCause> {
    /// Sends the edited `level`, with what its edits changed since the
    /// live level (so that its collider is changed in place rather than
    /// rebuilt). Edits one after another, before the session reads them,
    /// go live as one change.
    pub fn send_edit(&mut self, level: Arc<Level>, changes: Vec<LevelChange>) {
        if let Some(LevelCause::Edit(pending, earlier)) = self.last_unread_mut() {
            *pending = level;
            earlier.extend(changes);
        } else {
            self.send(LevelCause::Edit(level, changes));
        }
    }

    /// Sends the autosave's edits replayed into `level`, with what they
    /// changed.
    pub fn send_restore(&mut self, level: Arc<Level>, changes: Vec<LevelChange>) {
        self.send(LevelCause::Restore(level, changes));
    }

    /// Whether an edit or a restored autosave is on its way to the live
    /// level (sent and not read yet).
    pub fn edit_pending(&self) -> bool {
        self.unread().iter().any(|cause| cause.edits().is_some())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use glam::Vec2;

    use super::{EventQueue, LevelCause};
    use crate::edit::{LevelChange, Start};
    use crate::level::Level;

    /// The start moved to `x`: a change that needs no piece of a level.
    fn start_moved(x: f32) -> LevelChange {
        let start = |x| Start {
            at: Vec2::new(x, 0.0),
            yaw_degrees: 0.0,
        };
        LevelChange::StartMoved {
            from: start(x - 1.0),
            to: start(x),
        }
    }

    #[test]
    fn edits_sent_one_after_another_go_live_as_one_change() {
        let level = Arc::new(Level::maze(1, 1, 0).expect("a maze"));
        let mut changes = EventQueue::default();
        changes.send_edit(Arc::clone(&level), vec![start_moved(1.0)]);
        changes.send_edit(Arc::clone(&level), vec![start_moved(2.0)]);
        assert!(changes.edit_pending());
        changes.send_restore(Arc::clone(&level), vec![start_moved(3.0)]);
        changes.send_edit(Arc::clone(&level), vec![start_moved(4.0)]);
        let read: Vec<LevelCause> = changes.read().collect();
        let edits: Vec<Vec<LevelChange>> = read
            .iter()
            .map(|cause| cause.edits().expect("edits").to_vec())
            .collect();
        assert_eq!(
            edits,
            [
                vec![start_moved(1.0), start_moved(2.0)],
                vec![start_moved(3.0)],
                vec![start_moved(4.0)],
            ]
        );
        assert!(matches!(read[1], LevelCause::Restore(..)));
        assert!(!changes.edit_pending());
    }
}
