//! The collider from outside: the scenarios people try, rays, overlaps,
//! visibility and edits against brute-force references and parry2d, and
//! doors whose moving leaves push the eye. One binary, a module per part.

#[path = "../common/mod.rs"]
mod common;

mod collision_support;
mod doors;
mod heights;
mod incremental;
mod moving;
mod overlap;
mod properties;
mod ray;
mod scenarios;
mod visibility;
