//! The range each number setting accepts, checked while the file is read so
//! that a value out of range is reported at its line and column like a typo.

use serde::{Deserialize, Deserializer, de};

/// The inclusive range a number setting accepts, with its key for messages.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// The key as written in the config file, e.g. `fov`.
    pub key: &'static str,
    /// The smallest value accepted.
    pub min: f32,
    /// The largest value accepted.
    pub max: f32,
}

impl Limits {
    /// Reads a number and accepts it when it is finite and within the range;
    /// otherwise the error names the key, the range and the value.
    pub(crate) fn read<'de, D: Deserializer<'de>>(self, deserializer: D) -> Result<f32, D::Error> {
        let value = f32::deserialize(deserializer)?;
        if value.is_finite() && (self.min..=self.max).contains(&value) {
            Ok(value)
        } else {
            Err(de::Error::custom(format!(
                "`{}` must be between {} and {}, not {value}",
                self.key, self.min, self.max
            )))
        }
    }
}
