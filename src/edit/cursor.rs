//! The cursor point: where the crosshair's ray meets the floor.

use glam::{Vec2, Vec3};

/// How far the crosshair reaches for the floor, in metres: edit mode's cursor
/// lands within 20 m of the eye.
pub const CURSOR_REACH: f32 = 20.0;

/// Where the ray from `eye` along `forward` meets the floor (y = 0) within
/// `max_distance` metres along the ray ([`CURSOR_REACH`] in edit mode), as
/// (x, z). When it meets no floor there — looking at or above the horizon,
/// a floor farther away, an eye at or below the floor, or a direction that
/// is zero or not finite — the cursor is the eye's own (x, z).
pub fn cursor_point(eye: Vec3, forward: Vec3, max_distance: f32) -> Vec2 {
    let own = Vec2::new(eye.x, eye.z);
    let Some(direction) = forward.try_normalize() else {
        return own;
    };
    if direction.y >= 0.0 {
        return own;
    }
    let distance = -eye.y / direction.y;
    if !(0.0..=max_distance).contains(&distance) {
        return own;
    }
    let hit = eye + direction * distance;
    Vec2::new(hit.x, hit.z)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EYE: Vec3 = Vec3::new(2.0, 1.6, -3.0);

    #[test]
    fn looking_down_meets_the_floor_ahead() {
        // 45° down along +x: the floor is as far ahead as the eye is high.
        let point = cursor_point(EYE, Vec3::new(1.0, -1.0, 0.0), CURSOR_REACH);
        assert!(point.abs_diff_eq(Vec2::new(3.6, -3.0), 1e-6), "{point}");
        // Straight down: under the eye. The length of `forward` does not matter.
        assert_eq!(
            cursor_point(EYE, Vec3::new(0.0, -5.0, 0.0), CURSOR_REACH),
            Vec2::new(2.0, -3.0)
        );
        // Along +z, slightly down: far ahead in z.
        let point = cursor_point(EYE, Vec3::new(0.0, -0.1, 1.0), CURSOR_REACH);
        assert!(point.abs_diff_eq(Vec2::new(2.0, 13.0), 1e-4), "{point}");
    }

    #[test]
    fn at_or_above_the_horizon_the_cursor_is_the_eye() {
        for forward in [Vec3::X, Vec3::new(0.0, 0.3, 1.0), Vec3::Y] {
            assert_eq!(
                cursor_point(EYE, forward, CURSOR_REACH),
                Vec2::new(2.0, -3.0)
            );
        }
    }

    #[test]
    fn a_floor_beyond_reach_is_not_met() {
        // 1.6 m down over 20 m: the ray is about 20.06 m long.
        let forward = Vec3::new(20.0, -1.6, 0.0);
        assert_eq!(
            cursor_point(EYE, forward, CURSOR_REACH),
            Vec2::new(2.0, -3.0)
        );
        let point = cursor_point(EYE, forward, 20.1);
        assert!(point.abs_diff_eq(Vec2::new(22.0, -3.0), 1e-4), "{point}");
    }

    #[test]
    fn degenerate_input_gives_the_eye() {
        let below = Vec3::new(1.0, -0.5, 1.0);
        assert_eq!(
            cursor_point(below, -Vec3::Y, CURSOR_REACH),
            Vec2::new(1.0, 1.0)
        );
        assert_eq!(
            cursor_point(EYE, Vec3::ZERO, CURSOR_REACH),
            Vec2::new(2.0, -3.0)
        );
        let nan = Vec3::new(f32::NAN, -1.0, 0.0);
        assert_eq!(cursor_point(EYE, nan, CURSOR_REACH), Vec2::new(2.0, -3.0));
    }
}
