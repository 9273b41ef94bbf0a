//! Which door the use key acts on: the one whose leaf the crosshair meets
//! within reach, else the nearest one around the eye.

use glam::Vec2;

use crate::collision::{Collider, Leaf, distance_to_segment, ray_against_obstacle};
use crate::level::Door;
use crate::level::defaults::{DOOR_NEAR_DISTANCE, DOOR_USE_REACH};

/// The door that a use press at `eye`, looking along `facing` on the floor
/// plan, acts on: the first leaf the view ray meets within
/// [`DOOR_USE_REACH`] (before any wall or obstacle), else the door whose
/// span is nearest the eye within [`DOOR_NEAR_DISTANCE`]. On ties the lowest
/// index wins. `None` when there is neither.
pub fn use_target(
    doors: &[Door],
    leaves: &[Leaf],
    eye: Vec2,
    facing: Vec2,
    collider: &Collider,
) -> Option<usize> {
    crosshair_target(leaves, eye, facing, collider)
        .map(|(_, index)| index)
        .or_else(|| nearest_door(doors, eye))
}

/// The use key's ray on the floor plan: from the eye, [`DOOR_USE_REACH`]
/// along the view, and how far along it (0 at the eye, 1 at its end) the
/// first wall or obstacle stops it (1 when none does). Doors and switches
/// are both aimed at along it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UseRay {
    /// Where it starts: the eye.
    pub eye: Vec2,
    /// Where it ends, [`DOOR_USE_REACH`] from the eye.
    pub end: Vec2,
    /// How far along it the first wall or obstacle stands.
    pub blocked_at: f32,
}

impl UseRay {
    /// The ray from `eye` along `facing`; `None` when `facing` has no
    /// direction.
    pub fn cast(eye: Vec2, facing: Vec2, collider: &Collider) -> Option<UseRay> {
        let end = eye + facing.try_normalize()? * DOOR_USE_REACH;
        let blocked_at = collider.ray_cast(eye, end).map_or(1.0, |hit| hit.fraction);
        Some(UseRay {
            eye,
            end,
            blocked_at,
        })
    }
}

/// The nearest of `hits`, each an index and how far away it lies (along
/// a ray, or from a point): that distance and its index, the lowest index
/// winning ties.
pub fn nearest_hit(hits: impl IntoIterator<Item = (usize, f32)>) -> Option<(f32, usize)> {
    let mut best: Option<(f32, usize)> = None;
    for (index, fraction) in hits {
        if best.is_none_or(|(nearest, _)| fraction < nearest) {
            best = Some((fraction, index));
        }
    }
    best
}

/// The first leaf the view ray meets within reach, before any wall or
/// obstacle: how far along the [`UseRay`], and the door's index.
pub(super) fn crosshair_target(
    leaves: &[Leaf],
    eye: Vec2,
    facing: Vec2,
    collider: &Collider,
) -> Option<(f32, usize)> {
    let ray = UseRay::cast(eye, facing, collider)?;
    first_leaf_on_ray(leaves, ray.eye, ray.end).filter(|&(fraction, _)| fraction <= ray.blocked_at)
}

/// The first leaf that the ray from `from` to `to` meets: how far along it
/// (0 at `from`, 1 at `to`) and the leaf's index. On ties the lowest index
/// wins.
pub fn first_leaf_on_ray(leaves: &[Leaf], from: Vec2, to: Vec2) -> Option<(f32, usize)> {
    nearest_hit(leaves.iter().enumerate().filter_map(|(index, leaf)| {
        let polygon = leaf.polygon().ok()?;
        Some((index, ray_against_obstacle(from, to, &polygon)?))
    }))
}

/// The door whose span (jamb to jamb) is nearest `eye`, within
/// [`DOOR_NEAR_DISTANCE`].
fn nearest_door(doors: &[Door], eye: Vec2) -> Option<usize> {
    nearest_hit(doors.iter().enumerate().filter_map(|(index, door)| {
        let distance = distance_to_segment(eye, door.a, door.b);
        (distance <= DOOR_NEAR_DISTANCE).then_some((index, distance))
    }))
    .map(|(_, index)| index)
}

/// Whether `eye` is near enough to `door` to open a `near` door.
pub fn is_near(door: &Door, eye: Vec2) -> bool {
    distance_to_segment(eye, door.a, door.b) <= DOOR_NEAR_DISTANCE
}
