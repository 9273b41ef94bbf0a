//! The tick's **use** phase: the use key acts on the door or the loose
//! body the eye faces, before anything moves.

use glam::Vec2;

use super::bodies::Bodies;
use super::events::Event;
use crate::collision::Collider;
use crate::doors::Doors;
use crate::level::defaults::DOOR_USE_REACH;

/// The use key pressed at `eye`, looking along `facing` on the floor
/// plan: whichever of a door's leaf and a loose body the view ray meets
/// first within [`DOOR_USE_REACH`] (before any wall) is acted on: the door
/// is used, the body kicked where the ray meets it (a
/// [`BodyKicked`](Event::BodyKicked) event). With neither, the nearest
/// door within reach is used (see [`Doors::press_use`]).
pub(super) fn press_use(
    (doors, bodies): (&mut Doors, &mut Bodies),
    eye: Vec2,
    facing: Vec2,
    collider: &Collider,
    events: &mut Vec<Event>,
) {
    if let Some(direction) = facing.try_normalize() {
        let end = eye + direction * DOOR_USE_REACH;
        let wall = collider.ray_cast(eye, end).map_or(1.0, |hit| hit.fraction);
        let body = bodies.ray_cast(eye, end).filter(|hit| hit.fraction <= wall);
        let door = doors.crosshair(eye, direction, collider);
        if let Some(hit) = body
            && door.is_none_or(|(fraction, _)| hit.fraction < fraction)
        {
            if let Some(impulse) = bodies.kick(hit, direction) {
                events.push(Event::BodyKicked {
                    body: hit.body,
                    at: hit.point,
                    impulse,
                });
            }
            return;
        }
    }
    doors.press_use(eye, facing, collider);
}
