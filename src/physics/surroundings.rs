//! What a body moves among besides the other awake bodies: the fixed
//! scene and the grid that finds bodies near a place, borrowed together
//! by the phases that look around.

use super::broad_phase::BodyIndex;
use super::fixed::FixedScene;

/// The walls and fixed obstacles, and every body's place in the grid.
#[derive(Debug, Clone, Copy)]
pub(super) struct Surroundings<'a> {
    /// Walls and fixed obstacles.
    pub fixed: &'a FixedScene,
    /// The bodies' grid.
    pub index: &'a BodyIndex,
}
