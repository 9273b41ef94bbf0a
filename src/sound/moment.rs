//! What the sound layer reads of one tick of the simulation, copied out
//! of it: the tick's events, the eye, the doors' leaves and middles, the
//! lifts' middles, and
//! each loose body's place, speed and material. The window sends it to
//! its sound thread, so the simulation never waits on sound; an offline
//! render makes it and hears it at once. Both hear the same copy, so the
//! window plays what a render writes.

use glam::Vec2;

use super::space::Ear;
use crate::collision::Leaf;
use crate::level::{DoorKind, MaterialId};
use crate::simulation::{Event, Simulation};

/// A loose body as the sound layer sees it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct BodyAt {
    /// Where, in plan.
    pub position: Vec2,
    /// How fast, m/s.
    pub speed: f32,
    /// What it is made of.
    pub material: Option<MaterialId>,
}

/// One tick of the simulation, as heard.
#[derive(Debug, Clone, PartialEq)]
pub struct Moment {
    /// What the tick did.
    pub(super) events: Vec<Event>,
    /// The listener after the tick.
    pub(super) ear: Ear,
    /// The doors' leaves where they stand, by door.
    pub(super) leaves: Vec<Leaf>,
    /// The middle of each door's opening, by door.
    pub(super) door_middles: Vec<Vec2>,
    /// Whether each door rises (Doom's doors, with sounds of their own),
    /// by door.
    pub(super) door_rises: Vec<bool>,
    /// The middle of each lift's floors, by lift.
    pub(super) lift_middles: Vec<Vec2>,
    /// The loose bodies, by index.
    pub(super) bodies: Vec<BodyAt>,
}

impl Moment {
    /// The tick `simulation` just stepped.
    pub fn of(simulation: &Simulation) -> Self {
        let materials = simulation.bodies();
        let bodies = simulation.bodies().live().bodies().iter().enumerate();
        Self {
            events: simulation.events().to_vec(),
            ear: Ear::of(&simulation.walker),
            leaves: simulation.doors().leaves().leaves().to_vec(),
            door_middles: simulation
                .doors()
                .definitions()
                .iter()
                .map(|door| (door.a + door.b) / 2.0)
                .collect(),
            door_rises: simulation
                .doors()
                .definitions()
                .iter()
                .map(|door| door.kind == DoorKind::Rise)
                .collect(),
            lift_middles: simulation.lifts().middles().to_vec(),
            bodies: bodies
                .map(|(index, body)| BodyAt {
                    position: body.position(),
                    speed: body.linear_velocity().length(),
                    material: materials.material(index),
                })
                .collect(),
        }
    }

    /// What the tick did.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The same tick as having done `events` instead: for the benchmark
    /// that keeps every voice busy, which no walk does on demand.
    pub fn with_events(self, events: Vec<Event>) -> Self {
        Self { events, ..self }
    }
}
