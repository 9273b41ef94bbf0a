//! Rendering offscreen, on a GPU or Mesa's llvmpipe: golden images,
//! culling, lamps, what a change remakes of their light, streaming and
//! building ahead, the panel, one level's GPU data, and what one edit
//! costs the main thread. Skips with a message when
//! there is no adapter, and fails instead when `MAZEWALKER_REQUIRE_GPU=1`.
//! One binary, a module per part.

#[path = "../common/mod.rs"]
mod common;

mod culling;
mod edit_cost;
mod golden;
mod lamps;
mod level_scene;
mod light_work;
mod map_golden;
mod panel;
mod prefetch;
mod streaming;
