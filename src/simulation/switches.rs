//! The switches: a switch line used (in the **use** phase) or walked over
//! (after the **eye** phase) opens its doors, closes those it closes and
//! starts its lifts, as Doom's switches and walk-over lines work remote
//! doors and lifts. A switch works every time it is worked, or, when it
//! is `once` (Doom's W1 and S1 lines), the first time only: then it is
//! spent, and a spent switch is no switch at all until the level starts
//! again. The doors it moves and the lifts it starts move from the next
//! tick's **doors** and **lifts** phases.

use glam::Vec2;

use super::events::Event;
use super::lifts::Lifts;
use crate::collision::Collider;
use crate::doors::{Doors, UseRay, nearest_hit};
use crate::level::defaults::DOOR_USE_REACH;
use crate::level::{Switch, SwitchBy};

/// The level's switches, and which of them are spent: simulation state,
/// so that a demo replays them bit for bit.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Switches {
    switches: Vec<Switch>,
    /// Whether each switch, by index, is a `once` switch worked already.
    spent: Vec<bool>,
}

impl Switches {
    /// `switches`, none spent, except that a switch identical to the one
    /// at its index in `self` (the level before a change) stays spent if
    /// it was: an edit elsewhere leaves a worked switch worked.
    pub(super) fn changed_to(&self, switches: &[Switch]) -> Self {
        let spent = (switches.iter().enumerate())
            .map(|(index, switch)| self.switches.get(index) == Some(switch) && self.spent[index])
            .collect();
        Self {
            switches: switches.to_vec(),
            spent,
        }
    }

    /// The use switch, not spent, whose line the view ray from `eye` along
    /// `facing` meets first (see [`used`]).
    pub(super) fn used(&self, eye: Vec2, facing: Vec2, collider: &Collider) -> Option<usize> {
        let live = (self.switches.iter().enumerate())
            .filter(|&(index, switch)| switch.by == SwitchBy::Use && !self.spent[index]);
        used(live, eye, facing, collider).map(|(_, index)| index)
    }

    /// The walk switches, not spent, whose line the eye's move from
    /// `from` to `to` crosses, either way, in index order.
    pub(super) fn walked_over(&self, from: Vec2, to: Vec2) -> Vec<usize> {
        (self.switches.iter().enumerate())
            .filter(|&(index, switch)| {
                switch.by == SwitchBy::Walk
                    && !self.spent[index]
                    && crossing(from, to, switch.a, switch.b).is_some()
            })
            .map(|(index, _)| index)
            .collect()
    }

    /// Works switch `index` (see [`work`]), unless it is spent; a `once`
    /// switch is spent by it. Nothing past the end.
    pub(super) fn work(
        &mut self,
        index: usize,
        world: (&mut Doors, &mut Lifts),
        events: &mut Vec<Event>,
    ) {
        let Some(switch) = self.switches.get(index).filter(|_| !self.spent[index]) else {
            return;
        };
        work(switch, world, events);
        self.spent[index] = switch.once;
    }
}

/// How far behind the first wall the view ray meets a switch's line may
/// lie and still be used, in metres: a switch is usually drawn on a
/// wall's face, which the ray meets a wall's radius before its line.
pub const SWITCH_BEHIND_WALL: f32 = 0.15;

/// Of `switches` (each with its index), the one whose line the view ray
/// from `eye` along `facing` meets first within [`DOOR_USE_REACH`], no
/// further than [`SWITCH_BEHIND_WALL`] behind the first wall it meets:
/// how far along the ray (0 at the eye, 1 at its end) and the switch's
/// index. The lowest index wins ties.
fn used<'a>(
    switches: impl Iterator<Item = (usize, &'a Switch)>,
    eye: Vec2,
    facing: Vec2,
    collider: &Collider,
) -> Option<(f32, usize)> {
    let ray = UseRay::cast(eye, facing, collider)?;
    let within = ray.blocked_at + SWITCH_BEHIND_WALL / DOOR_USE_REACH;
    nearest_hit(switches.filter_map(|(index, switch)| {
        let fraction = crossing(ray.eye, ray.end, switch.a, switch.b)?;
        (fraction <= within).then_some((index, fraction))
    }))
}

/// Works `switch`: opens every door it opens, then closes every door it
/// closes (as a door's wait running out closes it), and starts every
/// lift it starts (one past the level's moves or starts nothing),
/// telling `events` of the lifts started.
fn work(switch: &Switch, (doors, lifts): (&mut Doors, &mut Lifts), events: &mut Vec<Event>) {
    for &door in &switch.doors {
        doors.open(door);
    }
    for &door in &switch.close {
        doors.close(door);
    }
    for &lift in &switch.lifts {
        lifts.start(lift, events);
    }
}

/// Where the segment `from → to` crosses the segment `a → b`: how far
/// along `from → to` (0..=1); `None` when they do not meet or run
/// parallel.
fn crossing(from: Vec2, to: Vec2, a: Vec2, b: Vec2) -> Option<f32> {
    let (path, line) = (to - from, b - a);
    let denominator = path.perp_dot(line);
    if denominator == 0.0 || !denominator.is_finite() {
        return None;
    }
    let along_path = (a - from).perp_dot(line) / denominator;
    let along_line = (a - from).perp_dot(path) / denominator;
    ((0.0..=1.0).contains(&along_path) && (0.0..=1.0).contains(&along_line)).then_some(along_path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_crosses_a_line_where_it_meets_it_and_not_beside_it() {
        let (a, b) = (Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0));
        let across = crossing(Vec2::ZERO, Vec2::new(2.0, 0.0), a, b);
        assert_eq!(across, Some(0.5));
        assert_eq!(crossing(Vec2::new(2.0, 0.0), Vec2::ZERO, a, b), Some(0.5));
        assert_eq!(crossing(Vec2::ZERO, Vec2::new(0.9, 0.0), a, b), None);
        assert_eq!(
            crossing(Vec2::new(0.0, 2.0), Vec2::new(2.0, 2.0), a, b),
            None
        );
        assert_eq!(crossing(Vec2::ZERO, Vec2::new(0.0, 1.0), a, b), None);
    }
}
