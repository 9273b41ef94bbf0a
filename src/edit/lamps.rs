//! Lamps near the crosshair's ray or near the cursor point, for the aimed
//! item ([`super::aim`]). Both rules work on the floor plan, so a lamp is
//! picked by where it hangs, whatever its height.

use glam::Vec2;

use crate::level::Light;

/// How near, in metres, a lamp's place (its `at`) must be to the
/// crosshair's ray or to the cursor point to be aimed at.
pub const LAMP_PICK_DISTANCE: f32 = 0.5;

/// The lamp in the crosshair: of the lamps whose place lies within
/// [`LAMP_PICK_DISTANCE`] of the ray on the floor plan from `eye` along
/// `direction` for `reach` metres, the first along the ray (the nearer to
/// it on a tie). Walls do not hide lamps. `None` when none is there, or
/// when `direction` has no length.
pub fn lamp_in_crosshair(
    lights: &[Light],
    eye: Vec2,
    direction: Vec2,
    reach: f32,
) -> Option<usize> {
    let direction = direction.try_normalize()?;
    lights
        .iter()
        .enumerate()
        .filter_map(|(index, light)| {
            let along = (light.at - eye).dot(direction).clamp(0.0, reach);
            let off = light.at.distance(eye + direction * along);
            (off <= LAMP_PICK_DISTANCE).then_some((along, off, index))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)))
        .map(|(_, _, index)| index)
}

/// The lamp whose place is nearest `point`, if within
/// [`LAMP_PICK_DISTANCE`] of it.
pub fn lamp_near(lights: &[Light], point: Vec2) -> Option<usize> {
    lights
        .iter()
        .enumerate()
        .map(|(index, light)| (light.at.distance(point), index))
        .filter(|(distance, _)| *distance <= LAMP_PICK_DISTANCE)
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, index)| index)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lamps(places: &[(f32, f32)]) -> Vec<Light> {
        places
            .iter()
            .map(|&(x, z)| Light::with_defaults(Vec2::new(x, z), 2.8))
            .collect()
    }

    #[test]
    fn the_crosshair_takes_the_first_lamp_along_its_ray() {
        // Looking along +x from the origin: lamps 0.4 m off the ray count,
        // 0.6 m off do not, and the nearer along the ray wins.
        let lights = lamps(&[(6.0, 0.4), (3.0, -0.6), (4.0, 0.0), (25.0, 0.0)]);
        let pick = |direction| lamp_in_crosshair(&lights, Vec2::ZERO, direction, 20.0);
        assert_eq!(pick(Vec2::X), Some(2));
        assert_eq!(pick(Vec2::X * 3.0), Some(2), "any length of direction");
        // Beyond the reach, behind the eye, or no direction: nothing.
        assert_eq!(pick(-Vec2::X), None);
        assert_eq!(pick(Vec2::ZERO), None);
        let far = lamps(&[(20.6, 0.0)]);
        assert_eq!(lamp_in_crosshair(&far, Vec2::ZERO, Vec2::X, 20.0), None);
        // A lamp just behind the eye, within the distance, counts.
        let here = lamps(&[(-0.3, 0.1)]);
        assert_eq!(lamp_in_crosshair(&here, Vec2::ZERO, Vec2::X, 20.0), Some(0));
    }

    #[test]
    fn the_lamp_nearest_the_cursor_within_the_distance_is_found() {
        let lights = lamps(&[(0.0, 5.0), (0.3, 5.2), (0.0, 4.6)]);
        let cursor = Vec2::new(0.2, 5.1);
        assert_eq!(lamp_near(&lights, cursor), Some(1));
        assert_eq!(lamp_near(&lights, Vec2::new(5.0, 5.0)), None);
        // Looking along +x from the origin misses them all.
        assert_eq!(lamp_in_crosshair(&lights, Vec2::ZERO, Vec2::X, 20.0), None);
        // Looking along +z meets lamp 2 first.
        assert_eq!(
            lamp_in_crosshair(&lights, Vec2::ZERO, Vec2::Y, 20.0),
            Some(2)
        );
    }
}
