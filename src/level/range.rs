//! The values a number key of the level format may take. Each limit is
//! written once, on the model type it belongs to (`LevelWall::HEIGHT`,
//! `Door::SWING`, ...): the loader refuses a file past it, an edit refuses
//! an item past it, and edit mode's property panel offers what it allows.

use std::ops::RangeInclusive;

/// The finite values a number key may take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ValueRange {
    /// Above 0: heights, sizes, speeds, brightness.
    Positive,
    /// 0 or more: radii, thicknesses, a waiting time.
    NonNegative,
    /// From `low` to `high`, both included.
    Between {
        /// The smallest value allowed.
        low: f32,
        /// The largest value allowed.
        high: f32,
        /// The unit the refusal names after `high` (` degrees`), or `""`.
        unit: &'static str,
    },
}

impl ValueRange {
    /// Whether `value` is finite and in the range.
    pub fn allows(self, value: f32) -> bool {
        value.is_finite()
            && match self {
                ValueRange::Positive => value > 0.0,
                ValueRange::NonNegative => value >= 0.0,
                ValueRange::Between { low, high, .. } => (low..=high).contains(&value),
            }
    }

    /// The values from the smallest to the largest that a control setting
    /// the key may offer. A positive key's control reaches 0, which
    /// [`allows`](Self::allows) refuses: nothing is smallest above 0.
    pub fn offered(self) -> RangeInclusive<f32> {
        match self {
            ValueRange::Positive | ValueRange::NonNegative => 0.0..=f32::MAX,
            ValueRange::Between { low, high, .. } => low..=high,
        }
    }

    /// Why `value` may not be written for `key`, in the loader's words;
    /// `None` when it may.
    pub fn problem(self, key: &str, value: f32) -> Option<String> {
        if self.allows(value) {
            return None;
        }
        Some(if !value.is_finite() {
            format!("`{key}` must be a finite number, not {value}")
        } else {
            match self {
                ValueRange::Positive => format!("`{key}` must be more than 0, not {value}"),
                ValueRange::NonNegative => {
                    format!("negative `{key}` ({value}); it must be 0 or more")
                }
                ValueRange::Between { low, high, unit } => {
                    format!("`{key}` must be between {low} and {high}{unit}, not {value}")
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_range_allows_its_values_and_says_why_not_in_the_loaders_words() {
        assert!(ValueRange::Positive.allows(0.01));
        assert_eq!(
            ValueRange::Positive.problem("height", 0.0).as_deref(),
            Some("`height` must be more than 0, not 0")
        );
        assert!(ValueRange::NonNegative.allows(0.0));
        assert_eq!(
            ValueRange::NonNegative.problem("radius", -0.5).as_deref(),
            Some("negative `radius` (-0.5); it must be 0 or more")
        );
        let swing = ValueRange::Between {
            low: -170.0,
            high: 170.0,
            unit: " degrees",
        };
        assert!(swing.allows(-170.0) && swing.allows(170.0));
        assert_eq!(
            swing.problem("swing", 171.0).as_deref(),
            Some("`swing` must be between -170 and 170 degrees, not 171")
        );
        assert_eq!(swing.problem("swing", 90.0), None);
        for range in [ValueRange::Positive, ValueRange::NonNegative, swing] {
            assert!(!range.allows(f32::NAN) && !range.allows(f32::INFINITY));
            assert_eq!(
                range.problem("speed", f32::INFINITY).as_deref(),
                Some("`speed` must be a finite number, not inf")
            );
            // What a control offers ends at the range's bounds.
            let offered = range.offered();
            assert!(range.allows(*offered.end()), "{range:?}");
        }
        assert_eq!(swing.offered(), -170.0..=170.0);
        assert_eq!(*ValueRange::Positive.offered().start(), 0.0);
    }
}
