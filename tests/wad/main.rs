//! The WAD reader from outside: small WADs written by the tests (a room
//! in both map formats, a Hexen map, every kind of damage), Freedoom's
//! WADs when they are installed, the `maps` command, and the fuzz target's
//! seeds, maps imported as levels, maps opened with `--wad WAD --map
//! MAP`, teleporters and exits, and a lift and a staircase of real maps
//! ridden and climbed.

#[path = "../common/mod.rs"]
mod common;

mod builder;
mod freedoom;
mod grates;
mod import;
mod in_memory;
mod lift_ride;
mod maps_command;
mod seeds;
mod sky;
mod small;
mod stairs;
mod teleport;
mod texture_sizes;
mod wad_flag;
