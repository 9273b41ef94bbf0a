//! Numbered marks on the map, as Doom's automap has them: dropped at the
//! eye, numbered 0 to 9, cleared together.

use glam::Vec2;

/// How many marks there can be (numbered 0 to 9).
pub const MAX_MARKS: usize = 10;

/// The marks dropped so far, in the order of their numbers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    points: Vec<Vec2>,
}

impl Marks {
    /// Drops a mark at `point` and returns its number, or `None` when all
    /// [`MAX_MARKS`] are placed or `point` is NaN or infinite.
    pub fn drop_at(&mut self, point: Vec2) -> Option<usize> {
        if self.points.len() >= MAX_MARKS || !point.is_finite() {
            return None;
        }
        self.points.push(point);
        Some(self.points.len() - 1)
    }

    /// The marks with their numbers.
    pub fn iter(&self) -> impl Iterator<Item = (usize, Vec2)> + '_ {
        self.points.iter().copied().enumerate()
    }

    /// Removes every mark.
    pub fn clear(&mut self) {
        self.points.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_numbered_from_zero_up_to_ten_of_them() {
        let mut marks = Marks::default();
        for number in 0..MAX_MARKS {
            assert_eq!(marks.drop_at(Vec2::splat(number as f32)), Some(number));
        }
        assert_eq!(marks.drop_at(Vec2::ZERO), None);
        assert_eq!(marks.iter().nth(3), Some((3, Vec2::splat(3.0))));
        marks.clear();
        assert_eq!(marks.drop_at(Vec2::ZERO), Some(0));
    }
}
