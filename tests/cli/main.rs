//! The `mazewalker` binary from outside: the settings file, and the
//! `check`, `demo`, `replay`, `screenshot` and `play --timedemo` commands. One
//! binary, a module per command.

#[path = "../common/mod.rs"]
mod common;

mod check;
mod config;
mod demo;
mod replay;
mod screenshot;
mod timedemo;
