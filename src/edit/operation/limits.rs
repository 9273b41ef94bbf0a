//! What any point, span and start an edit leaves must be: finite, and a
//! wall or door at least as long as a level may hold.

use glam::Vec2;

use super::{EditError, Start};
use crate::level::checks::MIN_WALL_LENGTH;

/// Whether `point` is finite.
pub(super) fn check_point(point: Vec2) -> Result<(), EditError> {
    if point.is_finite() {
        Ok(())
    } else {
        Err(EditError::NotFinite(point))
    }
}

/// Whether a wall from `a` to `b` may exist: finite ends at least 0.1 mm
/// apart.
pub(super) fn check_segment(a: Vec2, b: Vec2) -> Result<(), EditError> {
    check_point(a)?;
    check_point(b)?;
    if a.distance(b) < MIN_WALL_LENGTH {
        return Err(EditError::TooShort { a, b });
    }
    Ok(())
}

/// Whether a start may be set: a finite place and heading.
pub(super) fn check_start(start: Start) -> Result<(), EditError> {
    check_point(start.at)?;
    if start.yaw_degrees.is_finite() {
        Ok(())
    } else {
        Err(EditError::HeadingNotFinite(start.yaw_degrees))
    }
}
