//! What moves around the eye in a tick, in a fixed order: the doors, then
//! the eye's move among their leaves and the loose bodies (which stops at
//! the first body in the way), then the bodies, pushed by the eye and
//! knocked by the leaves. The one path for the walker's tick and for
//! `replay`, so that both move the world the same.

use glam::Vec2;

use super::bodies::Bodies;
use crate::collision::{Collider, CollisionError, Leaf, MoveOptions, MoveOutcome};
use crate::doors::Doors;
use crate::level::defaults::DOOR_USE_REACH;
use crate::tick::TICK_SECONDS;

/// The eye's move of one tick among the doors and bodies: where the doors
/// left the eye, and the collider's outcome of its move from there
/// (its position stopped at the first loose body in the way).
#[derive(Debug, Clone, PartialEq)]
pub struct MoveAmong {
    /// Where the eye stood after the doors moved (and maybe pushed it).
    pub start: Vec2,
    /// The move from `start`, or why the collider refused it.
    pub collision: Result<MoveOutcome, CollisionError>,
}

/// One tick of `doors` and `bodies` around an eye at `eye` that asks to
/// move by `desired` through `collider` (which holds no loose obstacle).
/// In ghost and edit modes (`options.ghost`) the doors and bodies neither
/// push nor stop the eye; in edit mode (`editing`) the bodies stand still
/// where the file places them.
pub fn move_among(
    doors: &mut Doors,
    bodies: &mut Bodies,
    collider: &Collider,
    eye: Vec2,
    desired: Vec2,
    options: &MoveOptions,
    editing: bool,
) -> MoveAmong {
    let solid = !options.ghost;
    let leaves_before: Vec<Leaf> = if bodies.is_empty() || editing {
        Vec::new()
    } else {
        doors.leaves().leaves().to_vec()
    };
    let start = doors.advance(eye, collider, solid);
    let mut collision = doors.move_eye(collider, start, desired, options);
    if solid && let Ok(outcome) = &mut collision {
        let made = outcome.position - start;
        outcome.position = bodies
            .clip_walker_move(start, made, collider.body_radius())
            .position;
    }
    if !bodies.is_empty() && !editing {
        let walker = match &collision {
            Ok(outcome) if solid => Some(bodies.walker_circle(
                outcome.position,
                collider.body_radius(),
                desired / TICK_SECONDS,
            )),
            _ => None,
        };
        let blocked = bodies.step(&leaves_before, doors.leaves().leaves(), walker);
        for door in blocked {
            doors.hold_back(door);
        }
    }
    MoveAmong { start, collision }
}

/// The use key pressed at `eye`, looking along `facing` on the floor
/// plan: whichever of a door's leaf and a loose body the view ray meets
/// first within [`DOOR_USE_REACH`] (before any wall) is acted on: the door
/// is used, the body kicked where the ray meets it. With neither, the
/// nearest door within reach is used (see [`Doors::press_use`]).
pub fn press_use(
    doors: &mut Doors,
    bodies: &mut Bodies,
    eye: Vec2,
    facing: Vec2,
    collider: &Collider,
) {
    if let Some(direction) = facing.try_normalize() {
        let end = eye + direction * DOOR_USE_REACH;
        let wall = collider.ray_cast(eye, end).map_or(1.0, |hit| hit.fraction);
        let body = bodies.ray_cast(eye, end).filter(|hit| hit.fraction <= wall);
        let door = doors.crosshair(eye, direction, collider);
        if let Some(hit) = body
            && door.is_none_or(|(fraction, _)| hit.fraction < fraction)
        {
            bodies.kick(hit, direction);
            return;
        }
    }
    doors.press_use(eye, facing, collider);
}
