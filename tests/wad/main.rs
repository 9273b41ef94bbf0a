//! The WAD reader from outside: small WADs written by the tests (a room
//! in both map formats, a Hexen map, every kind of damage), Freedoom's
//! WADs when they are installed, the `maps` command, and the fuzz target's
//! seeds, and maps imported as levels.

mod builder;
mod freedoom;
mod import;
mod maps_command;
mod seeds;
mod small;
