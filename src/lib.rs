//! mazewalker: walk a textured 3D house or maze in first person and never pass
//! through a wall.
//!
//! The library holds everything; the `mazewalker` binary only parses the
//! command line. Module map:
//! - [`collision`]: pure 2D geometry, the collider every move goes through.
//! - [`level`]: the level file format, the embedded default house, mazes, and
//!   the conversion of one level into both collision data and render meshes;
//!   saving edited levels without losing a byte of the file.
//! - [`edit`]: the edit model under edit mode: edits, undo, plotting,
//!   snapping, the cursor point and the autosave journal.
//! - [`render`]: wgpu device setup, the scene, debug lines and HUD text.
//! - [`camera`], [`walker`], [`input`], [`app`]: the first-person camera, the
//!   controller that moves it through the collider, key bindings and the winit
//!   application.
//! - [`config`]: the settings file (sensitivity, field of view, speeds,
//!   bindings, gamepad) with its defaults and errors.
//! - [`gamepad`]: sticks and buttons turned into a move intent, and the
//!   gilrs source that reads them (with the default `gamepad` feature).
//! - [`replay`]: the headless walk used by `mazewalker replay`.
//! - [`map`]: the top-down map's transform, geometry, seen walls and reach.
//! - [`demo`]: recorded walks: the format, recording, playback, timedemo.
//! - [`tick`]: the fixed simulation tick and the frame clock that runs it.

pub mod app;
pub mod camera;
pub mod collision;
pub mod config;
pub mod demo;
pub mod edit;
pub mod gamepad;
pub mod input;
pub mod level;
pub mod map;
pub mod render;
pub mod replay;
pub mod tick;
pub mod walker;
