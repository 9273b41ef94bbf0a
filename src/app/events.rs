//! The program's own input events, which the shell makes from winit's and
//! scripts and tests send, the requests the session makes of the shell, and
//! the messages its parts leave each other in the world.

use glam::{DVec2, Vec2};
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

use super::held_keys::Modifiers;
use crate::edit::PropertyChange;
use crate::gamepad::GamepadIntent;

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
