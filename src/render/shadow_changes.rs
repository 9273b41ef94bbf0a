//! What changes did to a lamp's shadow row, kept for a while after them:
//! a light cache baked before a change bakes again only the texels whose
//! light the changed directions can reach ([`super::light_rebake`]),
//! instead of the whole cache.

use std::collections::VecDeque;

use super::shadow::{SHADOW_DIRECTIONS, ShadowTexel};

/// Words of the set of a row's directions, one bit a direction.
const WORDS: usize = SHADOW_DIRECTIONS.div_ceil(64) as usize;

/// The changes to one lamp's row that [`RowHistory`] keeps: enough for a
/// cache left out of a few frames (a door swinging changes its lamps'
/// rows only as it shuts or starts to open); a cache baked before the
/// oldest of them is baked whole.
const CHANGES_KEPT: usize = 16;

/// Directions of a lamp's shadow row whose texel changed, and how near the
/// lamp any of them changed: a point nearer than [`near`](Self::near)
/// sees the same light from the lamp as before, whichever way it lies.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangedDirections {
    bits: [u64; WORDS],
    near: f32,
}

impl Default for ChangedDirections {
    fn default() -> Self {
        Self {
            bits: [0; WORDS],
            near: f32::INFINITY,
        }
    }
}

impl ChangedDirections {
    /// Notes that the texel of direction `index` went from `before` to
    /// `after`, when it did. Nearer than its reach and than the start of
    /// a lower shape's shade, before and after, a point is lit the same.
    pub fn note(&mut self, index: u32, before: &ShadowTexel, after: &ShadowTexel) {
        if before == after {
            return;
        }
        self.bits[index as usize / 64] |= 1 << (index % 64);
        let [reach_before, shade_before, ..] = *before;
        let [reach_after, shade_after, ..] = *after;
        self.near = [reach_before, shade_before, reach_after, shade_after]
            .into_iter()
            .fold(self.near, f32::min);
    }

    /// Adds the directions of `other` to these.
    pub fn add(&mut self, other: &Self) {
        for (word, more) in self.bits.iter_mut().zip(other.bits) {
            *word |= more;
        }
        self.near = self.near.min(other.near);
    }

    /// How near the lamp any direction changed (infinite when none did).
    pub fn near(&self) -> f32 {
        self.near
    }

    /// Whether direction `index` changed.
    fn contains(&self, index: u32) -> bool {
        self.bits[index as usize / 64] & (1 << (index % 64)) != 0
    }

    /// The changed directions as runs round the circle, each its first
    /// direction and how many follow it (a run may go on past the last
    /// direction to the first); one run of every direction when all
    /// changed, none when none did.
    pub fn runs(&self) -> Vec<(u32, u32)> {
        let count = SHADOW_DIRECTIONS;
        let Some(gap) = (0..count).find(|&index| !self.contains(index)) else {
            return vec![(0, count)];
        };
        let mut runs: Vec<(u32, u32)> = Vec::new();
        let mut open = false;
        for step in 1..=count {
            let index = (gap + step) % count;
            match (self.contains(index), open, runs.last_mut()) {
                (true, true, Some(run)) => run.1 += 1,
                (true, _, _) => {
                    runs.push((index, 1));
                    open = true;
                }
                (false, _, _) => open = false,
            }
        }
        runs
    }
}

/// The last changes to one lamp's shadow row, each with the lamp's stamp
/// before and after it; forgotten when the row is dropped (an edit makes
/// it anew), since then every direction may have changed.
#[derive(Debug, Clone, Default)]
pub struct RowHistory {
    changes: VecDeque<(u64, u64, ChangedDirections)>,
}

impl RowHistory {
    /// Keeps that the row, stamped `before`, changed by `changed` and is
    /// now stamped `after`.
    pub fn record(&mut self, before: u64, after: u64, changed: ChangedDirections) {
        if self.changes.len() == CHANGES_KEPT {
            self.changes.pop_front();
        }
        self.changes.push_back((before, after, changed));
    }

    /// Forgets every change kept.
    pub fn forget(&mut self) {
        self.changes.clear();
    }

    /// Every direction that changed since the row was stamped `stamp`
    /// (none when `now` is that stamp); `None` when the changes kept do
    /// not reach back to it.
    pub fn since(&self, stamp: u64, now: u64) -> Option<ChangedDirections> {
        let mut changed = ChangedDirections::default();
        let mut after = now;
        for (before, to, change) in self.changes.iter().rev() {
            if after == stamp {
                break;
            }
            if *to != after {
                return None;
            }
            changed.add(change);
            after = *before;
        }
        (after == stamp).then_some(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changed(indices: &[u32]) -> ChangedDirections {
        let mut changed = ChangedDirections::default();
        for &index in indices {
            changed.note(index, &[5.0, 9.0, 8.0, 0.0], &[3.0, 9.0, 8.0, 0.0]);
        }
        changed
    }

    #[test]
    fn runs_go_round_the_circle() {
        let last = SHADOW_DIRECTIONS - 1;
        assert_eq!(changed(&[]).runs(), vec![]);
        assert_eq!(
            changed(&[3, 4, 5, 9, last, 0, 1]).runs(),
            vec![(3, 3), (9, 1), (last, 3)]
        );
        let every: Vec<u32> = (0..SHADOW_DIRECTIONS).collect();
        assert_eq!(changed(&every).runs(), vec![(0, SHADOW_DIRECTIONS)]);
    }

    #[test]
    fn a_texel_that_stayed_the_same_is_no_change() {
        let mut same = ChangedDirections::default();
        same.note(7, &[5.0, 9.0, 8.0, 0.0], &[5.0, 9.0, 8.0, 0.0]);
        assert_eq!(same, ChangedDirections::default());
        assert_eq!(changed(&[7]).near(), 3.0);
    }

    #[test]
    fn the_history_adds_up_the_changes_since_a_stamp_it_still_keeps() {
        let mut history = RowHistory::default();
        history.record(1, 2, changed(&[10]));
        history.record(2, 3, changed(&[20]));
        assert_eq!(history.since(3, 3), Some(ChangedDirections::default()));
        assert_eq!(history.since(2, 3), Some(changed(&[20])));
        assert_eq!(history.since(1, 3), Some(changed(&[10, 20])));
        assert_eq!(history.since(0, 3), None, "older than the changes kept");
        assert_eq!(history.since(2, 4), None, "a change not kept since");
        history.forget();
        assert_eq!(history.since(2, 3), None);
        for stamp in 3..3 + CHANGES_KEPT as u64 {
            history.record(stamp, stamp + 1, changed(&[1]));
        }
        let now = 3 + CHANGES_KEPT as u64;
        assert_eq!(history.since(3, now), Some(changed(&[1])));
        history.record(now, now + 1, changed(&[2]));
        assert_eq!(history.since(3, now + 1), None, "the oldest was let go");
    }
}
