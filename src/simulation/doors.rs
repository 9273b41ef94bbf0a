//! The tick's **doors** phase: every door moves, in index order, and a
//! leaf moving into the eye pushes it through the collider, unless the
//! eye passes walls (ghost and edit modes), as Quake moves its pushers
//! before the player.

use crate::collision::Collider;
use crate::doors::Doors;
use crate::walker::Walker;

/// Moves every door one tick (see [`Doors::advance`]) and leaves the
/// eye where the leaves pushed it.
pub(super) fn move_doors(doors: &mut Doors, walker: &mut Walker, collider: &Collider) {
    let pushes = !walker.passes_walls();
    let eye = doors.advance(walker.position(), collider, pushes);
    walker.pushed_to(eye);
}
