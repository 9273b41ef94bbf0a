//! The trail of the walk: where the eye has been, as a polyline that keeps
//! only its most recent stretch.

use std::collections::VecDeque;

use glam::Vec2;

/// How much of the walk the trail keeps, in metres.
pub const TRAIL_LENGTH: f32 = 500.0;

/// The last [`TRAIL_LENGTH`] metres of the walk, oldest point first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Trail {
    points: VecDeque<Vec2>,
    /// Length of the polyline through `points`, in metres.
    length: f32,
}

impl Trail {
    /// Adds where the eye is now. A point equal to the last one, or NaN or
    /// infinite, is ignored. Drops the oldest points while the rest still
    /// spans [`TRAIL_LENGTH`].
    pub fn push(&mut self, point: Vec2) {
        if !point.is_finite() || self.points.back() == Some(&point) {
            return;
        }
        if let Some(&last) = self.points.back() {
            self.length += last.distance(point);
        }
        self.points.push_back(point);
        while let (Some(first), Some(second)) = (self.points.front(), self.points.get(1)) {
            let oldest = first.distance(*second);
            if self.length - oldest < TRAIL_LENGTH {
                break;
            }
            self.length -= oldest;
            self.points.pop_front();
        }
    }

    /// The points, oldest first.
    pub fn points(&self) -> impl ExactSizeIterator<Item = Vec2> + '_ {
        self.points.iter().copied()
    }

    /// The polyline's length in metres.
    pub fn length(&self) -> f32 {
        self.length
    }

    /// Forgets the walk (a new level).
    pub fn clear(&mut self) {
        *self = Self::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_500_metres_and_no_more_than_one_step_beyond() {
        let mut trail = Trail::default();
        for step in 0..=1000 {
            trail.push(Vec2::new(step as f32, 0.0));
        }
        assert!(trail.length() >= TRAIL_LENGTH);
        assert!(trail.length() < TRAIL_LENGTH + 1.0, "{}", trail.length());
        assert_eq!(trail.points().last(), Some(Vec2::new(1000.0, 0.0)));
        assert_eq!(trail.points().next(), Some(Vec2::new(500.0, 0.0)));
    }

    #[test]
    fn repeated_and_non_finite_points_are_ignored() {
        let mut trail = Trail::default();
        trail.push(Vec2::ONE);
        trail.push(Vec2::ONE);
        trail.push(Vec2::NAN);
        assert_eq!(trail.points().len(), 1);
        assert_eq!(trail.length(), 0.0);
    }
}
