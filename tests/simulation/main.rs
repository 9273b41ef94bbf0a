//! The simulation's pure parts: demos replayed at any frame rate, the demo
//! reader under fuzzing, the tick's events, the map's reach and seen
//! walls, teleporters and exits, once-only and closing switches, and doors
//! that start open. One binary, a module per part; `standing` places the
//! walker where a test starts it and records and plays its demos.

#[path = "../common/mod.rs"]
mod common;

mod demo_frame_rate;
mod demo_fuzz;
mod events;
mod heights;
mod lifts;
mod map_reach;
mod open_doors;
mod standing;
mod switches;
mod teleporters;
