//! Impacts: the contacts of a tick that closed fast and pushed, found
//! after the solve and handed back with the tick's outcome, in the
//! spirit of Box2D v3's contact hit events. Reading them changes nothing
//! the solver keeps.

use glam::Vec2;

use super::contact::{Contact, Partner};
use super::fixed::{FixedScene, FixedSource};

/// The closing speed (m/s) along a contact's normal, at the start of the
/// tick, from which a touch counts as an impact: Box2D's default hit
/// event threshold.
pub const IMPACT_SPEED: f32 = 1.0;

/// What a body struck.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Struck {
    /// Another loose body, by index.
    Body(usize),
    /// A wall, by its index among the walls the fixed scene was made of.
    Wall(usize),
    /// A fixed obstacle, by its index among the obstacles the fixed scene
    /// was made of.
    Obstacle(usize),
    /// A door's leaf, by door index.
    Door(usize),
    /// The walker's circle.
    Walker,
}

/// A body striking something in a tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Impact {
    /// The body, by index.
    pub body: usize,
    /// What it struck.
    pub struck: Struck,
    /// Where: the contact point that closed fastest.
    pub point: Vec2,
    /// The most normal impulse (N·s) a point of the contact carried in a
    /// sub-step.
    pub impulse: f32,
}

/// The impacts among `contacts` (solved, their impulses stored), in the
/// contacts' order: each contact with a point that closed at
/// [`IMPACT_SPEED`] or faster and pushed.
pub(super) fn impacts(contacts: &[Contact], fixed: &FixedScene) -> Vec<Impact> {
    contacts
        .iter()
        .filter_map(|contact| {
            let (point, impulse) = contact.impact(IMPACT_SPEED)?;
            let struck = match contact.partner {
                Partner::Body(other) | Partner::Sleeping(other) => Struck::Body(other as usize),
                Partner::Fixed(id) => match fixed.shape(id).source() {
                    FixedSource::Wall(index) => Struck::Wall(index),
                    FixedSource::Obstacle(index) => Struck::Obstacle(index),
                },
                Partner::Door(door) => Struck::Door(door as usize),
                Partner::Walker { .. } => Struck::Walker,
            };
            Some(Impact {
                body: contact.body as usize,
                struck,
                point,
                impulse,
            })
        })
        .collect()
}
