//! mazewalker: walk a textured 3D house or maze in first person and never pass
//! through a wall.
//!
//! The library holds everything but the command line: the `mazewalker`
//! binary parses its arguments, hands over to the library, and prints to
//! stderr the errors and warnings it returns. Module map:
//! - [`collision`]: pure 2D geometry, the collider every move goes through,
//!   and its ray, clearance and visibility queries.
//! - [`level`]: the level file format, the embedded default house, mazes, and
//!   the conversion of one level into both collision data and render meshes;
//!   the wall checks `mazewalker check` and edit mode share; saving edited
//!   levels without losing a byte of the file.
//! - [`edit`]: the edit model under edit mode: edits, undo, plotting,
//!   snapping, the cursor point and the autosave journal.
//! - [`render`]: wgpu device setup and the renderer: the level streamed by
//!   chunk and culled to what the eye sees, debug lines, the map, HUD text,
//!   and offscreen images.
//! - [`doors`]: doors in the simulation: their openings and timers, the
//!   use key's target, and moving leaves that push the eye through the
//!   collider.
//! - [`camera`], [`walker`], [`bindings`]: the first-person camera, the
//!   character controller that moves it through the collider, and the key
//!   bindings.
//! - [`simulation`]: everything that moves on the fixed tick (the walker,
//!   the doors, the loose bodies), stepped in named phases, and the typed
//!   events each tick emits.
//! - [`sound`]: what the simulation's events sound like (synthesised,
//!   placed for the eye, muffled by walls), mixed tick by tick for the
//!   window's output or a demo's WAV file; it listens and never feeds back.
//! - [`app`]: the program around the library: a winit shell (the window, its
//!   surface, presenting), a headless `Session` that takes events and time
//!   and produces a description of the frame, and one part per mode
//!   (walking, editing, the map, demo playback and recording).
//! - [`config`]: the settings file (sensitivity, field of view, speeds,
//!   bindings, gamepad) with its defaults and errors.
//! - [`gamepad`]: sticks and buttons turned into a move intent, and the
//!   gilrs source that reads them (with the default `gamepad` feature).
//! - [`replay`]: the headless walk used by `mazewalker replay`.
//! - [`map`]: the top-down map's pure parts: its transform, the shapes it
//!   draws, seen walls, the trail and marks, reach and near misses.
//! - [`demo`]: recorded walks: the format, recording, playback, timedemo.
//! - [`tick`]: the fixed simulation tick and the frame clock that runs it.
//! - [`physics`]: loose bodies, pure 2D rigid bodies under the walker:
//!   pushed, kicked, knocked by doors, never through a wall.
//! - [`platform`]: what differs between the native program and the web
//!   page (time, background work, the event loop, file watching, the
//!   program's start), so that nothing else asks which one it runs on.
//! - [`portable_math`]: sine, cosine and arc tangent that give the same bits
//!   on every platform, for the simulation.

// Whether the window's loading job (its session, renderer and wgpu's
// resources inside) may cross threads is a deep question for the
// compiler: its depth of nested types passes the default limit of 128.
#![recursion_limit = "256"]

pub mod app;
pub mod bindings;
pub mod camera;
pub mod collision;
pub mod config;
pub mod demo;
pub mod doors;
pub mod edit;
pub mod gamepad;
pub mod level;
pub mod map;
pub mod physics;
pub mod platform;
pub mod portable_math;
#[cfg(test)]
mod property_cases;
pub mod render;
pub mod replay;
pub mod simulation;
pub mod sound;
pub mod tick;
pub mod walker;
