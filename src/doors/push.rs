//! A moving leaf against the eye: the leaf moves in sub-steps short enough
//! that the moving separating-axis test sees it arrive at the eye from the
//! right side; each touch pushes the eye through the collider like any
//! move (sliding along walls, obstacles and the other leaves, never across
//! a wall); if the eye cannot be pushed clear, the leaf gives way.

use glam::Vec2;

use crate::collision::{Collider, DoorLeaves, Leaf, MoveOptions, MoveOutcome, MovingContact};
use crate::level::Door;

use super::geometry::{edge_travel, leaf_at, motion_near};

/// The most sub-steps one tick of one leaf is cut into.
const MAX_SUB_STEPS: u32 = 256;

/// How far, in metres, the eye is pushed beyond touching the leaf, so that
/// rounding never leaves it overlapping.
const PUSH_SKIN: f32 = 1e-4;

/// How deep, in metres, a pushed eye may still be inside a leaf's grown
/// outline and count as clear of it (rounding of the push through the
/// collider; far below the skin it was pushed beyond).
pub const OVERLAP_TOLERANCE: f32 = 1e-5;

/// The leaf could not move without trapping the eye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocked;

/// Moves leaf `index` of `leaves` (door `door`) from opening `from` to
/// `to`, pushing the eye at `eye` out of its way; `watch` sees each push
/// (where it started, and the collider's outcome). Returns where the eye
/// ends; on [`Blocked`] the leaf is back where it was and the eye has not
/// moved.
pub fn move_leaf(
    door: &Door,
    index: usize,
    (from, to): (f32, f32),
    eye: Vec2,
    collider: &Collider,
    leaves: &mut DoorLeaves,
    watch: &mut impl FnMut(Vec2, &MoveOutcome),
) -> Result<Vec2, Blocked> {
    let Some(&before) = leaves.leaf(index) else {
        return Ok(eye);
    };
    let radius = collider.body_radius();
    // Each sub-step moves the leaf less than half the body's radius plus
    // half its thickness: it cannot get past the eye's centre in one.
    let step_length = ((radius + door.thickness / 2.0) / 2.0).max(1e-3);
    let sub_steps = (edge_travel(door, from, to) / step_length)
        .ceil()
        .clamp(1.0, MAX_SUB_STEPS as f32) as u32;
    let mut position = eye;
    for step in 1..=sub_steps {
        let opening_before = sub_step_opening(from, to, step - 1, sub_steps);
        let opening_after = sub_step_opening(from, to, step, sub_steps);
        let motion = motion_near(door, position, opening_before, opening_after);
        let contact = leaves.moving_contact(index, position, radius, motion);
        leaves.set(index, leaf_at(door, opening_after));
        let push = match contact {
            MovingContact::Separate => Vec2::ZERO,
            MovingContact::WillIntersect { push, .. } | MovingContact::Overlapping { push } => push,
        };
        // The sub-step turns as well as moves: what the straight motion
        // missed is the (small, right-sided) way out of the leaf's new place.
        let mut target = position + push;
        for _ in 0..2 {
            match leaves.push_out_of(index, target, radius + PUSH_SKIN) {
                Some(out) => target += out,
                None => break,
            }
        }
        if target != position
            && let Some(outcome) = pushed(collider, leaves, position, target)
        {
            watch(position, &outcome);
            position = outcome.position;
        }
        if leaves
            .push_out_of(index, position, radius - OVERLAP_TOLERANCE)
            .is_some()
        {
            leaves.set(index, before);
            return Err(Blocked);
        }
    }
    Ok(position)
}

/// Puts leaf `index` of `leaves` to `leaf` where it stands (a rise door's
/// leaf, which moves up and down, not across): it pushes nothing, so if it
/// would come down onto the body of `radius` at `eye` it stays where it
/// was, [`Blocked`].
pub fn lower_onto(
    index: usize,
    leaf: Leaf,
    eye: Vec2,
    radius: f32,
    leaves: &mut DoorLeaves,
) -> Result<(), Blocked> {
    let Some(&before) = leaves.leaf(index) else {
        return Ok(());
    };
    leaves.set(index, leaf);
    if leaves
        .push_out_of(index, eye, radius - OVERLAP_TOLERANCE)
        .is_some()
    {
        leaves.set(index, before);
        return Err(Blocked);
    }
    Ok(())
}

/// The opening after `step` of `count` sub-steps from `from` to `to`
/// (exactly `to` after the last).
fn sub_step_opening(from: f32, to: f32, step: u32, count: u32) -> f32 {
    if step == count {
        to
    } else {
        from + (to - from) * (step as f32 / count as f32)
    }
}

/// The eye at `from` pushed toward `target` through the collider and the
/// leaves; `None` when the collider refuses the move (non-finite numbers).
fn pushed(
    collider: &Collider,
    leaves: &DoorLeaves,
    from: Vec2,
    target: Vec2,
) -> Option<MoveOutcome> {
    let options = MoveOptions {
        push_out_of_obstacles: false,
        ..MoveOptions::default()
    };
    collider
        .move_eye_among(from, target - from, &options, leaves)
        .ok()
}
