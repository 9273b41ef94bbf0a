//! The level's lines that act when walked over or used, in the tick:
//! the eye's centre walking over a teleporter's line from its front puts
//! it at the teleporter's destination, and walking over or using an
//! exit's line from its front takes the exit. A `once` teleporter sends
//! the walker the first time only, then is spent until the level starts
//! again. Edit mode's eye, which flies over the plan, sets none of them
//! off.

use glam::Vec2;

use super::events::Event;
use crate::collision::Collider;
use crate::level::{Exit, ExitBy, Level, Teleporter};
use crate::walker::{Pose, Walker};

/// The level's teleporters and exits, as the tick reads them, and which
/// teleporters are spent (simulation state, which demos replay).
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Lines {
    teleporters: Vec<Teleporter>,
    exits: Vec<Exit>,
    /// Whether each teleporter, by index, is a `once` one taken already.
    spent: Vec<bool>,
}

impl Lines {
    /// The teleporters and exits of `level`, none spent, except that a
    /// teleporter identical to the one at its index in `self` (the level
    /// before a change) stays spent if it was.
    pub(super) fn changed_to(&self, level: &Level) -> Self {
        let spent = (level.teleporters.iter().enumerate())
            .map(|(index, teleporter)| {
                self.teleporters.get(index) == Some(teleporter) && self.spent[index]
            })
            .collect();
        Self {
            teleporters: level.teleporters.clone(),
            exits: level.exits.clone(),
            spent,
        }
    }

    /// **Eye**: the walker's centre moved from `from` to where it stands.
    /// Each exit taken by walking whose line that way crossed from its
    /// front is taken (an [`Exited`](Event::Exited) event); then, if the
    /// way crossed a teleporter's line (not spent) from its front, the
    /// first such line along the way sends the eye to its destination,
    /// its feet on the floor there in `collider` (a
    /// [`Teleported`](Event::Teleported) event), and is spent if it is
    /// `once`.
    pub(super) fn walked_over(
        &mut self,
        walker: &mut Walker,
        from: Vec2,
        collider: &Collider,
        events: &mut Vec<Event>,
    ) {
        if walker.editing {
            return;
        }
        let to = walker.position();
        for (exit, _) in self.exits.iter().enumerate().filter(|(_, exit)| {
            exit.by == ExitBy::Walk && exit.line.crossing_from_front(from, to).is_some()
        }) {
            events.push(Event::Exited { exit });
        }
        let first = self
            .teleporters
            .iter()
            .enumerate()
            .filter(|&(index, _)| !self.spent[index])
            .filter_map(|(index, teleporter)| {
                let fraction = teleporter.line.crossing_from_front(from, to)?;
                Some((index, teleporter, fraction))
            })
            .min_by(|a, b| a.2.total_cmp(&b.2));
        if let Some((teleporter, destination, _)) = first {
            walker.place(Pose {
                position: destination.to,
                yaw: destination.yaw_degrees.to_radians(),
                pitch: walker.camera.pitch,
            });
            walker.land(collider.heights(), collider.body_radius());
            self.spent[teleporter] = destination.once;
            events.push(Event::Teleported {
                teleporter,
                from: to,
                to: destination.to,
            });
        }
    }

    /// **Use**: the nearest exit taken by use whose line the way from
    /// `eye` to `end` (the use key's reach) crosses from its front, with
    /// the fraction of that way at which it does.
    pub(super) fn used_exit(&self, eye: Vec2, end: Vec2) -> Option<(usize, f32)> {
        self.exits
            .iter()
            .enumerate()
            .filter(|(_, exit)| exit.by == ExitBy::Use)
            .filter_map(|(index, exit)| Some((index, exit.line.crossing_from_front(eye, end)?)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}
