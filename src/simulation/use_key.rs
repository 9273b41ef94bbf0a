//! The tick's **use** phase: the use key acts on the exit, the door or
//! the loose body the eye faces, before anything moves.

use glam::Vec2;

use super::bodies::Bodies;
use super::events::Event;
use super::lines::Lines;
use crate::collision::Collider;
use crate::doors::Doors;
use crate::level::defaults::DOOR_USE_REACH;

/// How much farther along the view ray than a wall an exit's line may
/// lie and still be used, as a share of the reach: an exit switch is
/// drawn as a wall on the same line, which the ray meets at the same
/// place, give or take rounding.
const SWITCH_ON_ITS_WALL: f32 = 1e-4;

/// The use key pressed at `eye`, looking along `facing` on the floor
/// plan (never in edit mode, `editing`, for an exit): whichever of an
/// exit's line (used from its front), a door's leaf and a loose body the
/// view ray meets first within [`DOOR_USE_REACH`] (before any wall) is
/// acted on: the exit is taken (an [`Exited`](Event::Exited) event), the
/// door is used, the body kicked where the ray meets it (a
/// [`BodyKicked`](Event::BodyKicked) event). With none of them, the
/// nearest door within reach is used (see [`Doors::press_use`]).
pub(super) fn press_use(
    (doors, bodies, lines): (&mut Doors, &mut Bodies, &Lines),
    (eye, editing): (Vec2, bool),
    facing: Vec2,
    collider: &Collider,
    events: &mut Vec<Event>,
) {
    if let Some(direction) = facing.try_normalize() {
        let end = eye + direction * DOOR_USE_REACH;
        let wall = collider.ray_cast(eye, end).map_or(1.0, |hit| hit.fraction);
        let body = bodies.ray_cast(eye, end).filter(|hit| hit.fraction <= wall);
        let door = doors.crosshair(eye, direction, collider);
        let exit = lines
            .used_exit(eye, end)
            .filter(|&(_, fraction)| !editing && fraction <= wall + SWITCH_ON_ITS_WALL);
        if let Some((exit, fraction)) = exit
            && door.is_none_or(|(door, _)| fraction <= door)
            && body.is_none_or(|hit| fraction <= hit.fraction)
        {
            events.push(Event::Exited { exit });
            return;
        }
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
