//! The tick's **eye** phase: the walker's move through the collider
//! among the doors' leaves where they now stand, stopped at the first
//! loose body in the way (which the bodies' phase then lets it push),
//! then the lines it walked over (a teleporter, an exit), then its feet
//! on the floor under it: a step up, a fall, a landing.

use glam::Vec2;

use super::bodies::Bodies;
use super::events::Event;
use super::lines::Lines;
use crate::collision::Collider;
use crate::doors::Doors;
use crate::level::MaterialId;
use crate::tick::TICK_SECONDS;
use crate::walker::{FootStep, MoveReport, Walker};

/// Moves the eye by `desired` (see [`Walker::move_through`]); tells of
/// the distance walked on `floor` (`running` when the run key was held)
/// and of a move the collider stopped short; takes the `lines` walked
/// over (see [`Lines::walked_over`]).
pub(super) fn move_eye(
    walker: &mut Walker,
    (doors, bodies, lines): (&Doors, &mut Bodies, &mut Lines),
    collider: &Collider,
    desired: Vec2,
    (floor, running): (MaterialId, bool),
    events: &mut Vec<Event>,
) -> MoveReport {
    let radius = collider.body_radius();
    let from = walker.position();
    let report = walker.move_through(collider, doors.leaves(), desired, |from, made| {
        bodies.clip_walker_move(from, made, radius).position
    });
    if let Ok(outcome) = &report.collision {
        if outcome.blocked {
            events.push(Event::EyeBlocked {
                at: outcome.position,
            });
        }
        if !walker.passes_walls() && report.applied != Vec2::ZERO {
            events.push(Event::Walked {
                distance: report.applied.length(),
                floor,
                running,
            });
        }
    }
    lines.walked_over(walker, from, collider, events);
    let step = walker.stand(collider.heights(), radius, TICK_SECONDS);
    events.extend(step.map(|step| match step {
        FootStep::Up { rise } => Event::SteppedUp { rise },
        FootStep::Fell => Event::Fell,
        FootStep::Landed { speed, drop } => Event::Landed { speed, drop },
    }));
    report
}
