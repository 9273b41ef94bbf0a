//! What a tick did, as typed events: each phase of
//! [`Simulation::step`](super::Simulation::step) adds its own, and the
//! last phase adds what only the tick's end shows (doors that started or
//! stopped). They are read after the step and cleared at the next one,
//! like Box2D's contact events or Bevy's events. Everything in them comes
//! from the tick's state, never from the clock, so a demo's replay gives
//! the same events tick for tick.

use glam::Vec2;

use super::bodies::{Bodies, BodiesTick};
use crate::doors::{Doors, Motion};
use crate::level::MaterialId;
use crate::physics::Struck;
use crate::walker::Flipped;

/// A switch the walker carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Ghost mode: through walls.
    Ghost,
    /// The reject policy (off: sliding along walls).
    Reject,
    /// Edit mode.
    Edit,
    /// The torch.
    Torch,
}

/// One thing a tick did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Event {
    /// The feet stepped up onto a higher floor.
    SteppedUp {
        /// How far, in metres.
        rise: f32,
    },
    /// The feet left their floor for a lower one: a step down or a ledge.
    Fell,
    /// The feet met a floor after a fall.
    Landed {
        /// Their speed at the landing, m/s.
        speed: f32,
        /// How far they fell, in metres.
        drop: f32,
    },
    /// A switch flipped.
    ModeToggled {
        /// Which.
        mode: Mode,
        /// Its new state.
        on: bool,
    },
    /// A door started moving, or turned back.
    DoorStarted {
        /// The door, by index.
        door: usize,
        /// Toward open (else toward closed).
        opening: bool,
    },
    /// A door stopped, fully open or closed.
    DoorStopped {
        /// The door, by index.
        door: usize,
        /// It stands closed (else open).
        closed: bool,
    },
    /// A door's leaf could not move without squeezing the eye or a loose
    /// body: it stayed where it stood before the tick.
    DoorGaveWay {
        /// The door, by index.
        door: usize,
    },
    /// A lift started moving: down when a switch started it, or up after
    /// its wait.
    LiftStarted {
        /// The lift, by index.
        lift: usize,
        /// Toward its low height (else back up).
        lowering: bool,
    },
    /// A lift stopped: down at its low height, or up at rest.
    LiftStopped {
        /// The lift, by index.
        lift: usize,
        /// It stands down (else at rest).
        down: bool,
    },
    /// A rising lift would have left the walker too little headroom: it
    /// stayed where it stood before the tick and lowers again.
    LiftGaveWay {
        /// The lift, by index.
        lift: usize,
    },
    /// The use key kicked a loose body.
    BodyKicked {
        /// The body, by index among the level's loose obstacles.
        body: usize,
        /// Where the kick met it.
        at: Vec2,
        /// The kick's impulse, N·s.
        impulse: Vec2,
    },
    /// A loose body struck something (see [`crate::physics::Impact`]).
    BodyImpact {
        /// The body, by index among the level's loose obstacles.
        body: usize,
        /// What it struck.
        struck: Struck,
        /// Where.
        at: Vec2,
        /// The most normal impulse a point of the contact carried in a
        /// sub-step, N·s.
        impulse: f32,
        /// The body's material, and what it struck's (none for the eye).
        materials: (MaterialId, Option<MaterialId>),
    },
    /// A loose body that stood still last tick moved.
    BodyStartedSliding {
        /// The body, by index.
        body: usize,
    },
    /// A loose body that moved last tick stands still (or was put back
    /// where the file places it).
    BodyStoppedSliding {
        /// The body, by index.
        body: usize,
    },
    /// The eye walked, clear of walls (not in ghost or edit mode).
    Walked {
        /// How far, in metres.
        distance: f32,
        /// The floor's material under it.
        floor: MaterialId,
        /// Whether the run key was held (footsteps fall farther apart).
        running: bool,
    },
    /// The eye's move was stopped short by the collider.
    EyeBlocked {
        /// Where the eye stands.
        at: Vec2,
    },
    /// The eye walked over a teleporter's line from its front and stands
    /// at its destination.
    Teleported {
        /// The teleporter, by index among the level's.
        teleporter: usize,
        /// Where the eye stood when it crossed the line.
        from: Vec2,
        /// Where it stands now.
        to: Vec2,
    },
    /// The walker took an exit: walked over its line or used it, from its
    /// front.
    Exited {
        /// The exit, by index among the level's.
        exit: usize,
    },
}

/// The switches `flipped`, in the order ghost, reject, edit, torch.
pub(super) fn modes_toggled(flipped: Flipped, events: &mut Vec<Event>) {
    let modes = [
        (Mode::Ghost, flipped.ghost),
        (Mode::Reject, flipped.reject),
        (Mode::Edit, flipped.edit),
        (Mode::Torch, flipped.torch),
    ];
    events.extend(
        modes
            .into_iter()
            .filter_map(|(mode, on)| on.map(|on| Event::ModeToggled { mode, on })),
    );
}

/// **Events**: what the bodies' `tick` did: each impact with the two
/// materials (the body's, and the other body's, the wall's, the fixed
/// obstacle's or the door's; none for the eye), then the bodies that
/// started sliding and those that stopped.
pub(super) fn bodies_moved(
    tick: &BodiesTick,
    (bodies, doors): (&Bodies, &Doors),
    events: &mut Vec<Event>,
) {
    for impact in &tick.impacts {
        let Some(material) = bodies.material(impact.body) else {
            continue;
        };
        let struck_material = match impact.struck {
            Struck::Door(door) => doors.definitions().get(door).map(|door| door.material),
            struck => bodies.struck_material(struck),
        };
        events.push(Event::BodyImpact {
            body: impact.body,
            struck: impact.struck,
            at: impact.point,
            impulse: impact.impulse,
            materials: (material, struck_material),
        });
    }
    let started = tick.started.iter();
    events.extend(started.map(|&body| Event::BodyStartedSliding { body }));
    let stopped = tick.stopped.iter();
    events.extend(stopped.map(|&body| Event::BodyStoppedSliding { body }));
}

/// **Events**: the doors that gave way this tick, then, in door order,
/// each door whose motion differs from `motions` (each door's at the end
/// of the last tick): it started, turned back or stopped. Leaves
/// `motions` as the doors move now.
pub(super) fn doors_changed(doors: &Doors, motions: &mut Vec<Motion>, events: &mut Vec<Event>) {
    events.extend(
        doors
            .gave_way()
            .iter()
            .map(|&door| Event::DoorGaveWay { door }),
    );
    motions.resize(doors.len(), Motion::Still);
    for (door, (state, before)) in doors.states().iter().zip(motions.iter_mut()).enumerate() {
        if state.motion == *before {
            continue;
        }
        events.push(match state.motion {
            Motion::Opening => Event::DoorStarted {
                door,
                opening: true,
            },
            Motion::Closing => Event::DoorStarted {
                door,
                opening: false,
            },
            Motion::Still => Event::DoorStopped {
                door,
                closed: state.is_closed(),
            },
        });
        *before = state.motion;
    }
}
