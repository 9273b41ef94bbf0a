//! The largest of a changing collection of values (the walls' radii, their
//! half thicknesses, the level's points along each axis), kept up to date
//! by each value added or taken away, so that an edit on a million-wall
//! level need not look at every wall: only taking away the last value at
//! the maximum asks for a recount.

/// The largest of some values and a floor, with how many values reach it.
/// Values that are not finite do not count.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunningMax {
    /// What the maximum is at least, values or not.
    floor: f32,
    largest: f32,
    /// How many of the values equal `largest`.
    at_largest: usize,
}

impl RunningMax {
    /// No values, and no floor: the maximum is -∞.
    pub const EMPTY: Self = Self {
        floor: f32::NEG_INFINITY,
        largest: f32::NEG_INFINITY,
        at_largest: 0,
    };

    /// The largest of `values` and `floor`.
    pub fn of(values: impl IntoIterator<Item = f32>, floor: f32) -> Self {
        let mut max = Self {
            floor,
            largest: floor,
            at_largest: 0,
        };
        values.into_iter().for_each(|value| max.add(value));
        max
    }

    /// The maximum.
    pub fn value(&self) -> f32 {
        self.largest
    }

    /// Counts one more value.
    pub fn add(&mut self, value: f32) {
        if !value.is_finite() || value < self.largest {
            return;
        }
        if value > self.largest {
            self.largest = value;
            self.at_largest = 0;
        }
        self.at_largest += 1;
    }

    /// Takes the values that `went` out and those that `came` in. When the
    /// last value at the maximum went, counts the values there are now,
    /// `all()`, again (with the same floor): the only pass over them all.
    pub fn update<I: IntoIterator<Item = f32>>(
        &mut self,
        went: impl IntoIterator<Item = f32>,
        came: impl IntoIterator<Item = f32>,
        all: impl FnOnce() -> I,
    ) {
        let mut known = true;
        for value in went {
            known &= self.remove(value);
        }
        came.into_iter().for_each(|value| self.add(value));
        if !known {
            *self = Self::of(all(), self.floor);
        }
    }

    /// Counts one value fewer. Returns false when it was the last value at
    /// the maximum, above the floor: the maximum is then unknown, and the
    /// caller must count the values again with [`of`](Self::of).
    #[must_use]
    pub fn remove(&mut self, value: f32) -> bool {
        if value != self.largest || self.at_largest == 0 {
            return true;
        }
        self.at_largest -= 1;
        self.at_largest > 0 || self.largest <= self.floor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_maximum_follows_values_added_and_taken_away() {
        let mut max = RunningMax::of([1.0, 3.0, 3.0, f32::NAN, 2.0], 0.5);
        assert_eq!(max.value(), 3.0);
        // One of the two threes goes: still known.
        assert!(max.remove(3.0));
        assert_eq!(max.value(), 3.0);
        assert!(max.remove(2.0) && max.remove(f32::INFINITY));
        // The last three goes: unknown until counted again.
        assert!(!max.remove(3.0));
        assert_eq!(RunningMax::of([1.0], 0.5).value(), 1.0);
        max.add(4.0);
        max.add(f32::INFINITY);
        assert_eq!(max.value(), 4.0);
    }

    #[test]
    fn an_update_counts_all_again_only_when_the_last_maximum_went() {
        let mut max = RunningMax::of([1.0, 3.0, 3.0], 0.0);
        max.update([3.0], [2.0], || -> Vec<f32> { panic!("one three is left") });
        assert_eq!(max, RunningMax::of([1.0, 3.0, 2.0], 0.0));
        max.update([3.0], [], || [1.0, 2.0]);
        assert_eq!(max, RunningMax::of([1.0, 2.0], 0.0));
    }

    #[test]
    fn values_at_the_floor_never_ask_for_a_recount() {
        let mut max = RunningMax::of([0.2, 0.5], 0.5);
        assert_eq!(max.value(), 0.5);
        assert!(max.remove(0.5));
        assert!(max.remove(0.2));
        assert_eq!(max, RunningMax::of([], 0.5));
    }
}
