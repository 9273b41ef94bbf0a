//! Rendering offscreen, on a GPU or Mesa's llvmpipe: golden images,
//! culling, lamps, the map of floors, what a change remakes of their
//! light, streaming and building ahead, the panel, and one level's GPU
//! data. Skips with a
//! message when there is no adapter, and fails instead when `MAZEWALKER_REQUIRE_GPU=1`.
//! One binary, a module per part.

#[path = "../common/mod.rs"]
mod common;

mod culling;
mod golden;
mod lamps;
mod level_scene;
mod light_work;
mod map_floors;
mod map_golden;
mod panel;
mod prefetch;
mod streaming;
