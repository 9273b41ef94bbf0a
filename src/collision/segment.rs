//! Point-to-segment distance by projection (the parametric form).
//!
//! `t = clamp((p - a)·(b - a) / |b - a|², 0, 1)`, closest point `a + t (b - a)`.
//! Vertical, horizontal and zero-length segments are ordinary cases: there is
//! no slope, so there is nothing to special-case and no epsilon to add.
//! And where a moving point first meets a segment (`segment_entry`).

use glam::{DVec2, Vec2};

/// The point of segment `a`→`b` closest to `p`.
///
/// A zero-length segment degrades to the point `a`.
pub fn closest_point_on_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    let ab = b - a;
    let length_squared = ab.length_squared();
    if length_squared > 0.0 {
        let t = ((p - a).dot(ab) / length_squared).clamp(0.0, 1.0);
        a + ab * t
    } else {
        a
    }
}

/// [`closest_point_on_segment`] in double precision, as the collider's
/// narrowphase computes it.
#[inline]
pub(crate) fn closest_point_on_segment_f64(p: DVec2, a: DVec2, b: DVec2) -> DVec2 {
    let ab = b - a;
    let length_squared = ab.length_squared();
    if length_squared > 0.0 {
        let t = ((p - a).dot(ab) / length_squared).clamp(0.0, 1.0);
        a + ab * t
    } else {
        a
    }
}

/// Euclidean distance from `p` to segment `a`→`b` (the level loader uses it to
/// warn about a start inside a wall's radius).
pub fn distance_to_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    p.distance(closest_point_on_segment(p, a, b))
}

/// Distance from `p` to segment `a → b` and the unit direction from the
/// segment's closest point to `p` (the left-hand normal, or +x for a
/// zero-length segment, when `p` lies on it).
pub(super) fn distance_and_normal(p: DVec2, a: DVec2, b: DVec2) -> (f64, DVec2) {
    let offset = p - closest_point_on_segment_f64(p, a, b);
    let distance = offset.length();
    let normal = if distance > 0.0 {
        offset / distance
    } else {
        (b - a).perp().try_normalize().unwrap_or(DVec2::X)
    };
    (distance, normal)
}

/// First `t ∈ [0, 1]` at which `start + t · motion` lies on the closed
/// segment `a → b`. Parallel and collinear cases (and zero-length segments
/// on either side) are handled exactly: a collinear overlap is entered at
/// its first point.
pub(crate) fn segment_entry(start: DVec2, motion: DVec2, a: DVec2, b: DVec2) -> Option<f64> {
    let edge = b - a;
    let to_a = a - start;
    let denominator = motion.perp_dot(edge);
    if denominator != 0.0 {
        let t = to_a.perp_dot(edge) / denominator;
        let s = to_a.perp_dot(motion) / denominator;
        return ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&s)).then_some(t);
    }
    // Parallel (or a degenerate side): only a collinear overlap can meet.
    if to_a.perp_dot(motion) != 0.0 || to_a.perp_dot(edge) != 0.0 {
        return None;
    }
    let length_squared = motion.length_squared();
    if length_squared == 0.0 {
        // A point: on the wall when it is the wall's point, or lies on the
        // wall's line (checked above) between its ends.
        if edge == DVec2::ZERO {
            return (start == a).then_some(0.0);
        }
        let along = (start - a).dot(edge);
        return (0.0..=edge.length_squared())
            .contains(&along)
            .then_some(0.0);
    }
    let t_a = to_a.dot(motion) / length_squared;
    let t_b = (b - start).dot(motion) / length_squared;
    let (low, high) = (t_a.min(t_b), t_a.max(t_b));
    (high >= 0.0 && low <= 1.0).then(|| low.max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertical_segment_distance_is_horizontal_offset() {
        let a = Vec2::new(2.0, -1.0);
        let b = Vec2::new(2.0, 5.0);
        assert_eq!(distance_to_segment(Vec2::new(5.0, 3.0), a, b), 3.0);
        assert_eq!(distance_to_segment(Vec2::new(-1.5, 0.0), a, b), 3.5);
        // Beyond the end the distance is to the end point.
        assert_eq!(distance_to_segment(Vec2::new(2.0, 9.0), a, b), 4.0);
    }

    #[test]
    fn horizontal_segment_distance_is_vertical_offset() {
        let a = Vec2::new(-3.0, 1.0);
        let b = Vec2::new(4.0, 1.0);
        assert_eq!(distance_to_segment(Vec2::new(0.0, 4.0), a, b), 3.0);
        assert_eq!(distance_to_segment(Vec2::new(7.0, 5.0), a, b), 5.0);
    }

    #[test]
    fn diagonal_segment_distance_uses_the_perpendicular() {
        let a = Vec2::ZERO;
        let b = Vec2::new(4.0, 4.0);
        let d = distance_to_segment(Vec2::new(0.0, 4.0), a, b);
        assert!((d - 8.0_f32.sqrt()).abs() < 1e-6, "{d}");
        let before_start = distance_to_segment(Vec2::new(-3.0, -4.0), a, b);
        assert!((before_start - 5.0).abs() < 1e-6, "{before_start}");
    }

    #[test]
    fn zero_length_segment_is_a_point() {
        let a = Vec2::new(1.0, 1.0);
        assert_eq!(distance_to_segment(Vec2::new(4.0, 5.0), a, a), 5.0);
        assert_eq!(closest_point_on_segment(Vec2::new(4.0, 5.0), a, a), a);
    }

    #[test]
    fn reversed_segment_gives_the_same_distance() {
        let a = Vec2::new(-2.0, 3.0);
        let b = Vec2::new(5.0, -1.0);
        let p = Vec2::new(0.5, 2.5);
        let forward = distance_to_segment(p, a, b);
        let backward = distance_to_segment(p, b, a);
        assert!((forward - backward).abs() < 1e-6, "{forward} vs {backward}");
    }
}
