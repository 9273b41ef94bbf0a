//! Lamps: which of a level's lamps light a frame, their shadows, and what
//! the scene shader reads of them, the torch among them.
//!
//! Walls and obstacles stand from the floor, so a point is lit by a lamp
//! exactly when the floor-plan segment from the lamp to it crosses no shape
//! at least as tall as the lamp. Each lamp's shadow is kept as one row of a
//! polar depth texture: for each of [`SHADOW_DIRECTIONS`] directions around
//! the lamp, how far its light travels on the floor plan, found by a ray
//! against the collider (whose rays count touching as meeting, so no light
//! passes where wall pieces meet). A row is made the first time its lamp
//! lights a frame and kept for the level's life; a reload makes new rows,
//! an edit drops those of the lamps whose light reaches what it changed
//! ([`LevelLamps::edited`]), and a door or a loose body that starts or
//! stops casting a shadow has the rays that meet it cast again in the rows
//! of the lamps that reach it ([`LevelLamps::set_occluders`]), so light is
//! current the frame after any change and nothing is baked to disk. Each
//! lamp carries a stamp that changes whenever its light may have: a light
//! cache baked with the same stamps is current, so a change far from a
//! lamp bakes nothing of its light again.
//!
//! Its files, one job each:
//! - `level_lamps.rs`: one level's lamps, their shadow rows and stamps,
//!   and which light a frame;
//! - `reach.rs`: which lamps and which rays of theirs a changed shape
//!   reaches;
//! - `uniform.rs`: the lamps and the torch as the shader reads them;
//! - `texel.rs`: a shadow texel packed as the shader reads it;
//! - `buffers.rs`: the GPU side, the uniform, shadow rows and light grid
//!   written where they changed;
//! - `debug_lines.rs`: the lamps drawn as debug lines.

mod buffers;
mod debug_lines;
mod level_lamps;
mod reach;
mod texel;
mod uniform;

pub use buffers::{LampBuffers, shadows_in_storage};
pub use level_lamps::LevelLamps;
pub use uniform::Torch;
