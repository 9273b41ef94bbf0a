//! The WAD reader from outside: small WADs written by the tests (a room
//! in both map formats, a Hexen map, every kind of damage) and the `maps`
//! command.

mod builder;
mod maps_command;
mod small;
