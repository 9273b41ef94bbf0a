//! New floors (tools 6 and 7): how high a floor made from an outline
//! stands, and a flight of stairs from the middle of its foot to the middle
//! of its top end, one floor per step. See `docs/editing.md`.

use glam::Vec2;

use super::operation::Edit;

/// How far a floor made from an outline (tool 6) stands above the floor
/// under its first point, in metres.
pub const FLOOR_RAISE: f32 = 0.2;

/// How much higher each step of a flight is than the one before (the
/// first than the floor under its foot), in metres.
pub const STEP_RISE: f32 = 0.17;

/// The depth of a tread that a flight's default number of steps fits, in
/// metres.
pub const TREAD_DEPTH: f32 = 0.28;

/// How wide a flight is, in metres.
pub const FLIGHT_WIDTH: f32 = 1.2;

/// The most steps a flight may have: the wheel stops there.
pub const MAX_STEPS: u32 = 200;

/// A flight of stairs: the middle of its foot and of its top end, and how
/// many steps it has.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flight {
    /// The middle of the foot's edge (x, z).
    pub foot: Vec2,
    /// The middle of the top end's edge (x, z).
    pub top: Vec2,
    /// How many steps, 1 to [`MAX_STEPS`].
    pub steps: u32,
}

impl Flight {
    /// The flight from `foot` to `top` with as many treads of
    /// [`TREAD_DEPTH`] as fit in its length (at least one).
    pub fn fitting(foot: Vec2, top: Vec2) -> Self {
        Self {
            foot,
            top,
            steps: Self::treads_that_fit(foot.distance(top)),
        }
    }

    /// How many treads of [`TREAD_DEPTH`] fit in `length` metres: at least
    /// one, at most [`MAX_STEPS`].
    fn treads_that_fit(length: f32) -> u32 {
        let fit = (length / TREAD_DEPTH).floor();
        if fit.is_finite() {
            // Clamped to 1..=MAX_STEPS before the cast.
            fit.clamp(1.0, MAX_STEPS as f32) as u32
        } else {
            1
        }
    }

    /// It with `notches` more steps (fewer for a negative number), kept
    /// within 1 to [`MAX_STEPS`].
    pub fn with_more_steps(self, notches: i32) -> Self {
        let steps = i64::from(self.steps) + i64::from(notches);
        Self {
            // Clamped to 1..=MAX_STEPS before the cast.
            steps: steps.clamp(1, i64::from(MAX_STEPS)) as u32,
            ..self
        }
    }

    /// The edit that makes the flight on a floor at `base` metres: one
    /// floor per step, all as one step of the undo history. Step `k`
    /// (from 0 at the foot) is a rectangle [`FLIGHT_WIDTH`] wide across the
    /// way up and a `1/steps` share of its length along it, at `base +
    /// (k + 1) ×` [`STEP_RISE`]; neighbouring steps share an edge.
    pub fn edit(&self, base: f32) -> Edit {
        let steps = self.steps.max(1);
        let along = self.top - self.foot;
        let half_width = along.normalize_or_zero().perp() * (FLIGHT_WIDTH / 2.0);
        let at = |share: u32| self.foot + along * (share as f32 / steps as f32);
        let edits = (0..steps)
            .map(|step| {
                let (near, far) = (at(step), at(step + 1));
                Edit::AddFloor {
                    points: vec![
                        near - half_width,
                        far - half_width,
                        far + half_width,
                        near + half_width,
                    ],
                    height: base + (step + 1) as f32 * STEP_RISE,
                }
            })
            .collect();
        Edit::Together { edits }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_many_treads_as_fit_and_the_wheel_keeps_within_bounds() {
        let flight = Flight::fitting(Vec2::ZERO, Vec2::new(3.0, 0.0));
        // 3 m / 0.28 m = 10.7: ten treads.
        assert_eq!(flight.steps, 10);
        assert_eq!(flight.with_more_steps(2).steps, 12);
        assert_eq!(flight.with_more_steps(-20).steps, 1);
        assert_eq!(flight.with_more_steps(i32::MAX).steps, MAX_STEPS);
        // Shorter than a tread: one step.
        assert_eq!(Flight::fitting(Vec2::ZERO, Vec2::new(0.1, 0.0)).steps, 1);
        assert_eq!(Flight::fitting(Vec2::ZERO, Vec2::ZERO).steps, 1);
    }

    #[test]
    fn each_step_is_a_tread_wide_across_and_a_rise_higher_than_the_last() {
        let flight = Flight {
            foot: Vec2::new(1.0, 2.0),
            top: Vec2::new(1.0, 4.0),
            steps: 4,
        };
        let Edit::Together { edits } = flight.edit(0.5) else {
            panic!("edits made together")
        };
        assert_eq!(edits.len(), 4);
        for (step, edit) in edits.iter().enumerate() {
            let Edit::AddFloor { points, height } = edit else {
                panic!("a floor")
            };
            let expected = 0.5 + (step + 1) as f32 * STEP_RISE;
            assert!((height - expected).abs() < 1e-6, "{height}");
            let z = 2.0 + 0.5 * step as f32;
            // Along +z, the perpendicular turned from it is -x.
            let expected = [
                Vec2::new(1.6, z),
                Vec2::new(1.6, z + 0.5),
                Vec2::new(0.4, z + 0.5),
                Vec2::new(0.4, z),
            ];
            assert_eq!(points.len(), 4);
            for (point, expected) in points.iter().zip(expected) {
                assert!(point.abs_diff_eq(expected, 1e-6), "{point} for {expected}");
            }
            // Each step's far edge is the next one's near edge, exactly.
            if let Some(Edit::AddFloor { points: next, .. }) = edits.get(step + 1) {
                assert_eq!((next[0], next[3]), (points[1], points[2]));
            }
        }
    }
}
