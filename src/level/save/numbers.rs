//! How the editor writes numbers and points: the shortest decimal that reads
//! back as the same `f32` (`1.25`, `-3.5`, `0.1`, `1e20`), so a saved level
//! loads exactly what was in memory and stays pleasant to read.

use glam::Vec2;

/// `value` as a TOML float: the shortest text that parses back to the same
/// `f32`, always with a `.` or an exponent (`2.0`, not `2`). Only finite
/// values are written; the editor never makes any other.
pub fn number_text(value: f32) -> String {
    format!("{value:?}")
}

/// A point as a level file writes it: `[x, z]`, e.g. `[1.25, -3.5]`.
pub fn point_text(point: Vec2) -> String {
    format!("[{}, {}]", number_text(point.x), number_text(point.y))
}

/// A material's `metres_per_repeat` as a level file writes it: one
/// number when it is the same along and down, else `[along, down]`.
pub fn repeat_size_text(size: Vec2) -> String {
    if size.x == size.y {
        number_text(size.x)
    } else {
        point_text(size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_always_floats() {
        assert_eq!(point_text(Vec2::new(1.25, -3.5)), "[1.25, -3.5]");
        assert_eq!(number_text(2.0), "2.0");
        assert_eq!(number_text(0.1), "0.1");
        assert_eq!(number_text(-0.0), "-0.0");
        assert_eq!(number_text(1e20), "1e20");
        assert_eq!(number_text(1.5e-7), "1.5e-7");
    }
}
