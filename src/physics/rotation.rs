//! A body's turn as a unit complex number (cosine, sine): turning a point
//! costs four multiplications and integrating a turn needs no sine, only a
//! square root, as in Box2D.

use glam::Vec2;

use crate::portable_math;

/// A turn about the vertical axis, counter-clockwise in the (x, z) plane.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rotation {
    cos: f32,
    sin: f32,
}

impl Rotation {
    /// No turn.
    pub const IDENTITY: Self = Self { cos: 1.0, sin: 0.0 };

    /// The turn by `radians`.
    pub fn from_angle(radians: f32) -> Self {
        Self {
            cos: portable_math::cos(radians),
            sin: portable_math::sin(radians),
        }
    }

    /// The turn of unit vector `(cos, sin)`, as given.
    #[inline]
    pub(crate) fn from_cos_sin(cos: f32, sin: f32) -> Self {
        Self { cos, sin }
    }

    /// The angle in `-π..=π`.
    pub fn angle(self) -> f32 {
        portable_math::atan2(self.sin, self.cos)
    }

    /// The cosine and sine, as stored.
    pub fn cos_sin(self) -> (f32, f32) {
        (self.cos, self.sin)
    }

    /// `v` turned by this rotation.
    #[inline]
    pub fn rotate(self, v: Vec2) -> Vec2 {
        Vec2::new(
            self.cos * v.x - self.sin * v.y,
            self.sin * v.x + self.cos * v.y,
        )
    }

    /// `v` turned back by this rotation.
    #[inline]
    pub fn unrotate(self, v: Vec2) -> Vec2 {
        Vec2::new(
            self.cos * v.x + self.sin * v.y,
            -self.sin * v.x + self.cos * v.y,
        )
    }

    /// The turn `alpha` (0..=1) of the way from this one to `to`, the
    /// short way round (normalised linear blend: for drawing between two
    /// ticks, which turn a body by far less than half a turn).
    pub fn blend(self, to: Self, alpha: f32) -> Self {
        let cos = self.cos + (to.cos - self.cos) * alpha;
        let sin = self.sin + (to.sin - self.sin) * alpha;
        let length = (cos * cos + sin * sin).sqrt();
        if length > f32::EPSILON {
            Self {
                cos: cos / length,
                sin: sin / length,
            }
        } else {
            to
        }
    }

    /// The rotation after turning at `angular_velocity` for `seconds`
    /// (first order, renormalised). No turn leaves the bits unchanged, so a
    /// body at rest never drifts.
    #[inline]
    pub fn integrate(self, angular_velocity: f32, seconds: f32) -> Self {
        if angular_velocity == 0.0 {
            return self;
        }
        let turn = angular_velocity * seconds;
        let cos = self.cos - turn * self.sin;
        let sin = self.sin + turn * self.cos;
        let length = (cos * cos + sin * sin).sqrt();
        Self {
            cos: cos / length,
            sin: sin / length,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_a_quarter_maps_x_to_z_and_back() {
        let quarter = Rotation::from_angle(std::f32::consts::FRAC_PI_2);
        assert!((quarter.rotate(Vec2::X) - Vec2::Y).length() < 1e-6);
        assert!((quarter.unrotate(Vec2::Y) - Vec2::X).length() < 1e-6);
        assert!((quarter.angle() - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
    }

    #[test]
    fn integrating_a_spin_for_a_second_turns_by_its_rate() {
        let mut rotation = Rotation::IDENTITY;
        for _ in 0..480 {
            rotation = rotation.integrate(1.0, 1.0 / 480.0);
        }
        assert!(
            (rotation.angle() - 1.0).abs() < 2e-3,
            "{}",
            rotation.angle()
        );
        assert_eq!(rotation.integrate(0.0, 1.0), rotation);
    }
}
