//! The largest of a changing collection of values (the walls' radii, their
//! half thicknesses, the level's points along each axis), kept up to date
//! by each value added or taken away, so that an edit on a million-wall
//! level need not look at every wall: only taking away the last values at
//! the few largest asks for a recount.

/// How many of the largest distinct values a [`RunningMax`] counts: taking
/// away the last value at the maximum asks for a recount only when the
/// next largest ones went too (or were never counted).
const COUNTED: usize = 4;

/// The largest of some values and a floor, with how many values reach each
/// of the few largest distinct values above the floor. Values that are not
/// finite do not count.
///
/// A value put in past the maximum and taken away again (a wall carried
/// out past the level's edge and back) leaves the maximum known: the
/// values below it are still counted.
#[derive(Debug, Clone, Copy)]
pub struct RunningMax {
    /// What the maximum is at least, values or not.
    floor: f32,
    /// The largest distinct values above the floor, largest first, each
    /// with how many values equal it; the first `counted` are in use.
    /// Every value above the floor and at least the last of them is one of
    /// them.
    largest: [(f32, usize); COUNTED],
    counted: usize,
    /// Whether values above the floor may be left uncounted (below the
    /// last of `largest`): when every counted one goes, the maximum is
    /// then unknown rather than the floor.
    uncounted: bool,
}

impl RunningMax {
    /// No values, and no floor: the maximum is -∞.
    pub const EMPTY: Self = Self {
        floor: f32::NEG_INFINITY,
        largest: [(f32::NEG_INFINITY, 0); COUNTED],
        counted: 0,
        uncounted: false,
    };

    /// The largest of `values` and `floor`.
    pub fn of(values: impl IntoIterator<Item = f32>, floor: f32) -> Self {
        let mut max = Self {
            floor,
            ..Self::EMPTY
        };
        values.into_iter().for_each(|value| max.add(value));
        max
    }

    /// The maximum.
    pub fn value(&self) -> f32 {
        match self.counted {
            0 => self.floor,
            _ => self.largest[0].0,
        }
    }

    /// Counts one more value.
    pub fn add(&mut self, value: f32) {
        if !value.is_finite() || value <= self.floor {
            return;
        }
        let counted = &mut self.largest[..self.counted];
        if let Some(at) = counted.iter_mut().find(|(level, _)| *level == value) {
            at.1 += 1;
            return;
        }
        let place = counted
            .iter()
            .take_while(|(level, _)| *level > value)
            .count();
        if place == self.counted && self.uncounted {
            // Below the last counted value, where others are not counted.
            return;
        }
        if self.counted == COUNTED {
            if place == COUNTED {
                self.uncounted = true;
                return;
            }
            // The smallest counted value is no longer counted.
            self.uncounted = true;
            self.counted -= 1;
        }
        self.largest.copy_within(place..self.counted, place + 1);
        self.largest[place] = (value, 1);
        self.counted += 1;
    }

    /// Takes the values that `went` out and those that `came` in. When the
    /// maximum is no longer known, counts the values there are now, `all()`,
    /// again (with the same floor): the only pass over them all.
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

    /// Counts one value fewer. Returns false when the maximum is no longer
    /// known (every counted value went, and values left uncounted may be
    /// above the floor): the caller must then count the values again with
    /// [`of`](Self::of).
    #[must_use]
    pub fn remove(&mut self, value: f32) -> bool {
        let counted = &mut self.largest[..self.counted];
        let Some(place) = counted.iter().position(|(level, _)| *level == value) else {
            // At or below the floor, not finite, or below the counted values.
            return self.counted > 0 || !self.uncounted;
        };
        counted[place].1 -= 1;
        if counted[place].1 == 0 {
            self.largest.copy_within(place + 1..self.counted, place);
            self.counted -= 1;
        }
        self.counted > 0 || !self.uncounted
    }
}

impl PartialEq for RunningMax {
    /// The same floor and the same maximum, whatever was counted below it.
    fn eq(&self, other: &Self) -> bool {
        self.floor == other.floor && self.value() == other.value()
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
        // The last three goes: the one left, counted too, is the maximum.
        assert!(max.remove(3.0));
        assert_eq!(max.value(), 1.0);
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

    #[test]
    fn a_value_past_the_maximum_and_taken_away_again_asks_for_no_recount() {
        let mut max = RunningMax::of([1.0, 3.0, 2.0], 0.0);
        max.add(9.0);
        assert_eq!(max.value(), 9.0);
        assert!(max.remove(9.0), "3 is still counted");
        assert_eq!(max.value(), 3.0);
        assert!(max.remove(3.0) && max.remove(2.0));
        assert_eq!(max.value(), 1.0);
        assert!(max.remove(1.0), "nothing else was above the floor");
        assert_eq!(max.value(), 0.0);
    }

    #[test]
    fn only_the_few_largest_are_counted_and_below_them_a_recount_is_asked_for() {
        let values = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let mut max = RunningMax::of(values, 0.0);
        // 6, 5, 4 and 3 are counted; 2 and 1 are not.
        for value in [6.0, 5.0, 4.0] {
            assert!(max.remove(value));
        }
        assert_eq!(max.value(), 3.0);
        assert!(!max.remove(3.0), "2 was not counted");
        // A value between counted ones is counted in its place.
        let mut max = RunningMax::of([1.0, 5.0, 7.0], 0.0);
        max.add(6.0);
        assert!(max.remove(7.0));
        assert_eq!(max.value(), 6.0);
        assert!(max.remove(6.0));
        assert_eq!(max.value(), 5.0);
    }

    #[test]
    fn random_adds_and_removals_keep_the_maximum_of_a_plain_list() {
        // A fixed pseudo-random walk over values 0 to 11 (some at the
        // floor, 2), recounting when asked, as `update` does.
        let mut state = 12_345_u64;
        let mut next = move |below: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % below
        };
        let floor = 2.0;
        let mut values: Vec<f32> = Vec::new();
        let mut max = RunningMax::of([], floor);
        let mut recounts = 0;
        for _ in 0..20_000 {
            // Few values, often all of them new: the counted ones go often.
            if values.len() < 3 || (values.len() < 10 && next(2) == 0) {
                let value = next(12) as f32;
                values.push(value);
                max.add(value);
            } else {
                let value = values.swap_remove(next(values.len() as u64) as usize);
                if !max.remove(value) {
                    recounts += 1;
                    max = RunningMax::of(values.iter().copied(), floor);
                }
            }
            let expected = values.iter().copied().fold(floor, f32::max);
            assert_eq!(max.value(), expected, "{values:?}");
        }
        assert!(recounts < 2_000, "{recounts} recounts");
    }
}
