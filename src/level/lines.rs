//! Lines on the plan that act when the walker walks over them or uses
//! them, as Doom's line specials do: teleporters (`[[teleporter]]`) and
//! exits (`[[exit]]`). A line has a front and a back: its front is the
//! right side as one walks from `a` to `b`, as Doom's right side is (our
//! yaw turns clockwise, from +x toward +z, so the right of the way from
//! `a` to `b` is that way turned a quarter clockwise).

use glam::Vec2;

/// A line from `a` to `b` that acts when crossed or used from its front.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TriggerLine {
    /// Where the line starts.
    pub a: Vec2,
    /// Where it ends: the front is on the right of the way from `a` here.
    pub b: Vec2,
}

impl TriggerLine {
    /// How far in front of the line `point` is, as a signed area: above 0
    /// in front, 0 on its extension, below 0 behind. Multiplications and
    /// additions only, so the same on every platform (demos replay it).
    fn front_side(&self, point: Vec2) -> f32 {
        let along = self.b - self.a;
        let to_point = point - self.a;
        along.x * to_point.y - along.y * to_point.x
    }

    /// The fraction of the way from `from` to `to` (in `0..=1`) at which
    /// that way crosses the line from its front, `from` strictly in front
    /// and `to` on or behind it; `None` when it does not cross it, crosses
    /// it from behind, or passes beside its ends.
    pub fn crossing_from_front(&self, from: Vec2, to: Vec2) -> Option<f32> {
        let (before, after) = (self.front_side(from), self.front_side(to));
        if !(before > 0.0 && after <= 0.0) {
            return None;
        }
        let fraction = before / (before - after);
        let crossing = from + (to - from) * fraction;
        let along = self.b - self.a;
        let share = (crossing - self.a).dot(along) / along.length_squared();
        ((0.0..=1.0).contains(&share) && fraction.is_finite()).then_some(fraction)
    }
}

/// A teleporter: walking over its line from the front puts the eye at
/// `to`, facing `yaw_degrees`, its feet on the floor there (Doom's
/// specials 39 and 97).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Teleporter {
    /// The line walked over.
    pub line: TriggerLine,
    /// Where the eye arrives, on the plan.
    pub to: Vec2,
    /// The heading it arrives with, in degrees (0 = +x, 90 = +z).
    pub yaw_degrees: f32,
    /// Whether it sends the walker the first time only (Doom's 39), until
    /// the level starts again. Default: `false`.
    pub once: bool,
}

/// How an exit is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitBy {
    /// The use key, facing the line's front within reach (a switch;
    /// Doom's 11 and 51).
    Use,
    /// Walking over the line from its front (Doom's 52 and 124).
    Walk,
}

impl ExitBy {
    /// Each way by the word the level format writes for it (`by`).
    pub const WORDS: [(&'static str, ExitBy); 2] = [
        (ExitBy::Use.word(), ExitBy::Use),
        (ExitBy::Walk.word(), ExitBy::Walk),
    ];

    /// The word the level format writes for it.
    pub const fn word(self) -> &'static str {
        match self {
            ExitBy::Use => "use",
            ExitBy::Walk => "walk",
        }
    }
}

/// The level's exit: a line used or walked over from its front.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Exit {
    /// The line.
    pub line: TriggerLine,
    /// How it is taken.
    pub by: ExitBy,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line along +x: its front is toward +z, the right of the way.
    const LINE: TriggerLine = TriggerLine {
        a: Vec2::new(0.0, 0.0),
        b: Vec2::new(2.0, 0.0),
    };

    #[test]
    fn a_way_from_the_front_crosses_and_one_from_the_back_does_not() {
        let front = Vec2::new(1.0, 0.5);
        let back = Vec2::new(1.0, -0.5);
        assert_eq!(LINE.crossing_from_front(front, back), Some(0.5));
        assert_eq!(LINE.crossing_from_front(back, front), None);
    }

    #[test]
    fn a_way_that_stops_on_the_line_crosses_and_one_starting_on_it_does_not() {
        let on = Vec2::new(1.0, 0.0);
        assert_eq!(LINE.crossing_from_front(Vec2::new(1.0, 1.0), on), Some(1.0));
        assert_eq!(LINE.crossing_from_front(on, Vec2::new(1.0, -1.0)), None);
    }

    #[test]
    fn a_way_beside_the_line_does_not_cross_it() {
        let (front, back) = (Vec2::new(2.5, 0.5), Vec2::new(2.5, -0.5));
        assert_eq!(LINE.crossing_from_front(front, back), None);
        assert_eq!(
            LINE.crossing_from_front(Vec2::new(-0.1, 1.0), Vec2::new(0.1, -1.0)),
            Some(0.5)
        );
    }

    #[test]
    fn a_still_eye_crosses_nothing() {
        let front = Vec2::new(1.0, 0.5);
        assert_eq!(LINE.crossing_from_front(front, front), None);
    }
}
