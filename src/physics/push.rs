//! The walker among loose bodies: its move is stopped by the first body in
//! its way, and the tick that follows lets it push that body.
//!
//! The simulation's tick runs in this order: the walker moves through the
//! collider (walls, fixed obstacles, door leaves); [`LooseBodies::clip_walker_move`]
//! stops that move at the first loose body on the path; then the bodies'
//! [`step`](LooseBodies::step) gets the walker as a
//! [`WalkerCircle`](super::WalkerCircle) with the velocity it wished for.
//! A body lighter than the push accelerates toward that pace and moves
//! away, so the next tick's move goes farther: the walker is held to the
//! body's pace. A body too heavy to push does not move, and the walker
//! stays where it stopped, at its radius from the body.

use glam::Vec2;

use crate::collision::{ConvexPolygon, DEFAULT_SKIN, sweep_against_obstacle};

use super::broad_phase::Bounds;
use super::world::LooseBodies;

/// Where the walker's move ends among loose bodies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WalkerMove {
    /// The walker's centre at the end of the move.
    pub position: Vec2,
    /// The body that stopped it, if any.
    pub stopped_by: Option<usize>,
}

impl LooseBodies {
    /// The walker's move from `from` by `delta` (already clipped by the
    /// collider, so every part of it is clear of walls), stopped where its
    /// circle of `radius`, grown by [`DEFAULT_SKIN`], first touches a body.
    /// A start that already touches one may leave it or slide along it
    /// but not go deeper, so a walker pressing against a body it cannot
    /// move stands still to the bit.
    pub fn clip_walker_move(&mut self, from: Vec2, delta: Vec2, radius: f32) -> WalkerMove {
        let free = WalkerMove {
            position: from + delta,
            stopped_by: None,
        };
        if !from.is_finite() || !delta.is_finite() || delta == Vec2::ZERO {
            return free;
        }
        // The tick's scratch list of ids, lent for the query: no allocation.
        let mut found = std::mem::take(&mut self.gathered.found);
        let bounds = Bounds::of_points(&[from, from + delta], radius.max(0.0));
        self.neighbours.near(bounds, &mut found);
        let mut first: Option<(f32, usize)> = None;
        for &id in &found {
            let body = &self.bodies[id as usize];
            if !Bounds::around(body.position(), body.reach()).overlaps(&bounds) {
                continue;
            }
            let Ok(outline) = ConvexPolygon::new(body.world_outline().to_vec()) else {
                continue;
            };
            let grown = radius.max(0.0) + DEFAULT_SKIN;
            if let Some(hit) = sweep_against_obstacle(from, delta, &outline, grown)
                && first.is_none_or(|(t, _)| hit.t < t)
            {
                first = Some((hit.t, id as usize));
            }
        }
        self.gathered.found = found;
        match first {
            None => free,
            Some((t, body)) => WalkerMove {
                position: from + delta * t,
                stopped_by: Some(body),
            },
        }
    }
}
