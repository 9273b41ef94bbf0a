//! Level files: loading, errors and warnings, the house, lights, doors and
//! loose obstacles, saving (atomically) and hot reload's rules. One binary,
//! a module per part.

#[path = "../common/mod.rs"]
mod common;

mod alignment;
mod atomic_save;
mod doors;
mod errors;
mod floor_sides;
mod floors;
mod fuzz;
mod house;
mod lifts;
mod lights;
mod loose;
mod reload;
mod repeat_size;
mod save;
mod see_through;
mod sky;
mod undrawn;
mod warnings;
