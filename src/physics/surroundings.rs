//! What a body moves among besides the other awake bodies: the fixed
//! scene and the bodies' neighbour lists (which also find bodies near a
//! place), borrowed together by the phases that look around.

use super::broad_phase::Neighbours;
use super::fixed::FixedScene;

/// The walls and fixed obstacles, and every body's fat box and
/// neighbours.
#[derive(Debug)]
pub(super) struct Surroundings<'a> {
    /// Walls and fixed obstacles.
    pub fixed: &'a FixedScene,
    /// The bodies' fat boxes and neighbours, filed again as bodies move.
    pub neighbours: &'a mut Neighbours,
}
