//! The headless session: input and time in, a frame description out, in
//! every mode and with every tool. One binary, a module per part.

#[path = "../common/mod.rs"]
mod common;

mod authoring;
mod autosave;
mod background;
mod carry;
mod door_tool;
mod doors;
mod edit_room;
mod exits;
mod lamp_tool;
mod panel;
mod session;
mod startup;
