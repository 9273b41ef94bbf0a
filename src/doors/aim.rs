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

/// The first leaf the view ray meets within reach, before any wall or
/// obstacle: how far along the ray of [`DOOR_USE_REACH`] (0 at the eye, 1
/// at its end), and the door's index.
pub(super) fn crosshair_target(
    leaves: &[Leaf],
    eye: Vec2,
    facing: Vec2,
    collider: &Collider,
) -> Option<(f32, usize)> {
    let direction = facing.try_normalize()?;
    let end = eye + direction * DOOR_USE_REACH;
    let blocked_at = collider.ray_cast(eye, end).map_or(1.0, |hit| hit.fraction);
    first_leaf_on_ray(leaves, eye, end).filter(|&(fraction, _)| fraction <= blocked_at)
}

/// The first leaf that the ray from `from` to `to` meets: how far along it
/// (0 at `from`, 1 at `to`) and the leaf's index. On ties the lowest index
/// wins.
pub fn first_leaf_on_ray(leaves: &[Leaf], from: Vec2, to: Vec2) -> Option<(f32, usize)> {
    let mut best: Option<(f32, usize)> = None;
    for (index, leaf) in leaves.iter().enumerate() {
        let Ok(polygon) = leaf.polygon() else {
            continue;
        };
        if let Some(fraction) = ray_against_obstacle(from, to, &polygon)
            && best.is_none_or(|(b, _)| fraction < b)
        {
            best = Some((fraction, index));
        }
    }
    best
}

/// The door whose span (jamb to jamb) is nearest `eye`, within
/// [`DOOR_NEAR_DISTANCE`].
fn nearest_door(doors: &[Door], eye: Vec2) -> Option<usize> {
    let mut best: Option<(f32, usize)> = None;
    for (index, door) in doors.iter().enumerate() {
        let distance = distance_to_segment(eye, door.a, door.b);
        if distance <= DOOR_NEAR_DISTANCE && best.is_none_or(|(b, _)| distance < b) {
            best = Some((distance, index));
        }
    }
    best.map(|(_, index)| index)
}

/// Whether `eye` is near enough to `door` to open a `near` door.
pub fn is_near(door: &Door, eye: Vec2) -> bool {
    distance_to_segment(eye, door.a, door.b) <= DOOR_NEAR_DISTANCE
}
