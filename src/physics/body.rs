//! A loose body: its outline, its mass and material, and where it is and
//! how it moves.

use glam::{DVec2, Vec2, Vec4};

use crate::collision::ConvexPolygon;

use super::broad_phase::Bounds;
use super::manifold::Rounded;
use super::rotation::Rotation;

/// Gravity, in m/s²: the floor presses a body down with its weight, so
/// floor friction is a force of μ·m·g.
pub const GRAVITY: f32 = 9.81;

/// What a body is made of: the level format's `mass`, `friction` and
/// `bounce`, with their defaults.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Material {
    /// Mass in kilograms, finite and above zero. Default 20.
    pub mass: f32,
    /// Friction μ in `0..=2`: against the floor (a force of μ·m·g against
    /// sliding and turning) and against other shapes (mixed as
    /// √(μa·μb)). Default 0.5.
    pub friction: f32,
    /// Restitution in `0..=1`, mixed as the larger of the two, applied
    /// only to impacts faster than 1 m/s. Default 0.2.
    pub bounce: f32,
}

impl Default for Material {
    fn default() -> Self {
        Self {
            mass: 20.0,
            friction: 0.5,
            bounce: 0.2,
        }
    }
}

/// Why [`LooseBody::new`] refused a material.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum BodyError {
    /// The mass is not a finite number above zero.
    #[error("mass must be a finite number of kilograms above 0, got {mass}")]
    Mass {
        /// The mass given.
        mass: f32,
    },
    /// The friction is outside `0..=2`.
    #[error("friction must be in 0..=2, got {friction}")]
    Friction {
        /// The friction given.
        friction: f32,
    },
    /// The bounce is outside `0..=1`.
    #[error("bounce must be in 0..=1, got {bounce}")]
    Bounce {
        /// The bounce given.
        bounce: f32,
    },
}

impl Material {
    /// The material if every value is in its range.
    pub fn checked(self) -> Result<Self, BodyError> {
        if !(self.mass.is_finite() && self.mass > 0.0) {
            return Err(BodyError::Mass { mass: self.mass });
        }
        if !(0.0..=2.0).contains(&self.friction) {
            return Err(BodyError::Friction {
                friction: self.friction,
            });
        }
        if !(0.0..=1.0).contains(&self.bounce) {
            return Err(BodyError::Bounce {
                bounce: self.bounce,
            });
        }
        Ok(self)
    }
}

/// Area, centroid and polar moment of area (about the centroid) of a
/// counter-clockwise convex outline, by a fan of triangles from its first
/// vertex, in f64.
fn area_centroid_and_moment(points: &[Vec2]) -> (f64, DVec2, f64) {
    let origin = points[0].as_dvec2();
    let (mut area, mut first_moment, mut second_moment) = (0.0, DVec2::ZERO, 0.0);
    for i in 1..points.len() - 1 {
        let e1 = points[i].as_dvec2() - origin;
        let e2 = points[i + 1].as_dvec2() - origin;
        let doubled = e1.perp_dot(e2);
        area += doubled / 2.0;
        first_moment += (e1 + e2) * (doubled / 6.0);
        let xx = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x;
        let yy = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y;
        second_moment += doubled / 12.0 * (xx + yy);
    }
    let centroid = first_moment / area;
    let about_centroid = second_moment - area * centroid.length_squared();
    (area, origin + centroid, about_centroid)
}

/// A convex body that slides and turns on the floor.
///
/// Its outline is kept relative to its centroid, in its own frame; where
/// it stands is its centroid's position and its [`Rotation`].
#[derive(Debug, Clone)]
pub struct LooseBody {
    outline: Vec<Vec2>,
    normals: Vec<Vec2>,
    /// The largest distance from the centroid to a vertex.
    reach: f32,
    /// The smallest distance from the centroid to an edge.
    inner_reach: f32,
    material: Material,
    inverse_mass: f32,
    inertia: f32,
    inverse_inertia: f32,
    pub(super) position: Vec2,
    pub(super) rotation: Rotation,
    pub(super) linear_velocity: Vec2,
    pub(super) angular_velocity: f32,
    /// The outline where the body stands, kept up to date with its pose.
    world_points: Vec<Vec2>,
    /// The outward edge normals where the body stands.
    world_normals: Vec<Vec2>,
    /// The box of `world_points`.
    world_bounds: Bounds,
}

impl LooseBody {
    /// A body at rest with `outline` as it stands in the level (its
    /// centroid becomes its position, its turn zero) and `material`.
    pub fn new(outline: &ConvexPolygon, material: Material) -> Result<Self, BodyError> {
        let material = material.checked()?;
        let (area, centroid, moment) = area_centroid_and_moment(outline.points());
        let centroid_f32 = centroid.as_vec2();
        let local: Vec<Vec2> = outline
            .points()
            .iter()
            .map(|p| (p.as_dvec2() - centroid).as_vec2())
            .collect();
        let normals: Vec<Vec2> = (0..local.len())
            .map(|i| {
                let edge = local[(i + 1) % local.len()] - local[i];
                Vec2::new(edge.y, -edge.x).normalize_or_zero()
            })
            .collect();
        let reach = local.iter().map(|p| p.length()).fold(0.0, f32::max);
        let inner_reach = local
            .iter()
            .zip(&normals)
            .map(|(p, n)| p.dot(*n))
            .fold(f32::INFINITY, f32::min);
        let inertia = (f64::from(material.mass) * moment / area) as f32;
        let mut body = Self {
            world_points: local.clone(),
            world_normals: normals.clone(),
            outline: local,
            normals,
            reach,
            inner_reach,
            material,
            inverse_mass: 1.0 / material.mass,
            inertia,
            inverse_inertia: 1.0 / inertia,
            position: centroid_f32,
            rotation: Rotation::IDENTITY,
            linear_velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            world_bounds: Bounds::around(centroid_f32, 0.0),
        };
        body.refresh_world();
        Ok(body)
    }

    /// Brings the outline where the body stands up to date with its pose.
    pub(super) fn refresh_world(&mut self) {
        if self.refresh_box() {
            return;
        }
        let (position, rotation) = (self.position, self.rotation);
        let (mut min, mut max) = (Vec2::MAX, Vec2::MIN);
        for (world, &local) in self.world_points.iter_mut().zip(&self.outline) {
            *world = position + rotation.rotate(local);
            (min, max) = (min.min(*world), max.max(*world));
        }
        for (world, &local) in self.world_normals.iter_mut().zip(&self.normals) {
            *world = rotation.rotate(local);
        }
        self.world_bounds = Bounds { min, max };
    }

    /// [`refresh_world`](Self::refresh_world) for an outline of four
    /// corners (every crate), the four side by side, with the same
    /// arithmetic for each; `false` (nothing done) for another outline.
    #[inline]
    fn refresh_box(&mut self) -> bool {
        let (Ok(local), Ok(normals)) = (
            <&[Vec2; 4]>::try_from(self.outline.as_slice()),
            <&[Vec2; 4]>::try_from(self.normals.as_slice()),
        ) else {
            return false;
        };
        let (cos, sin) = self.rotation.cos_sin();
        let (cos, sin) = (Vec4::splat(cos), Vec4::splat(sin));
        let turned = |v: &[Vec2; 4]| {
            let xs = Vec4::new(v[0].x, v[1].x, v[2].x, v[3].x);
            let ys = Vec4::new(v[0].y, v[1].y, v[2].y, v[3].y);
            (cos * xs - sin * ys, sin * xs + cos * ys)
        };
        let (xs, ys) = turned(local);
        let (xs, ys) = (xs + self.position.x, ys + self.position.y);
        let (nxs, nys) = turned(normals);
        let (xs_out, ys_out) = (xs.to_array(), ys.to_array());
        let (nxs, nys) = (nxs.to_array(), nys.to_array());
        for i in 0..4 {
            self.world_points[i] = Vec2::new(xs_out[i], ys_out[i]);
            self.world_normals[i] = Vec2::new(nxs[i], nys[i]);
        }
        self.world_bounds = Bounds {
            min: Vec2::new(xs.min_element(), ys.min_element()),
            max: Vec2::new(xs.max_element(), ys.max_element()),
        };
        true
    }

    /// The box of the outline where the body stands: two bodies whose
    /// boxes are apart are apart by at least the boxes' gap.
    pub(super) fn world_bounds(&self) -> Bounds {
        self.world_bounds
    }

    /// The body where it stands, as the manifold meets it.
    pub(super) fn rounded(&self) -> Rounded<'_> {
        Rounded {
            points: &self.world_points,
            normals: &self.world_normals,
            radius: 0.0,
        }
    }

    /// The same body placed at `position` (its centroid), turned by
    /// `rotation`.
    pub fn placed(mut self, position: Vec2, rotation: Rotation) -> Self {
        self.position = position;
        self.rotation = rotation;
        self.refresh_world();
        self
    }

    /// The same body moving at `linear` m/s and turning at `angular` rad/s.
    pub fn moving(mut self, linear: Vec2, angular: f32) -> Self {
        self.linear_velocity = linear;
        self.angular_velocity = angular;
        self
    }

    /// The outline relative to the centroid, unturned, counter-clockwise.
    pub fn outline(&self) -> &[Vec2] {
        &self.outline
    }

    /// The outline where the body stands, counter-clockwise.
    pub fn world_outline(&self) -> &[Vec2] {
        &self.world_points
    }

    /// The largest distance from the centroid to the outline.
    pub fn reach(&self) -> f32 {
        self.reach
    }

    /// The smallest distance from the centroid to an edge.
    pub(super) fn inner_reach(&self) -> f32 {
        self.inner_reach
    }

    /// The material.
    pub fn material(&self) -> Material {
        self.material
    }

    /// 1 / mass.
    pub(super) fn inverse_mass(&self) -> f32 {
        self.inverse_mass
    }

    /// The moment of inertia about the centroid, of a uniform slab.
    pub fn inertia(&self) -> f32 {
        self.inertia
    }

    /// 1 / moment of inertia.
    pub(super) fn inverse_inertia(&self) -> f32 {
        self.inverse_inertia
    }

    /// Where the centroid is.
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// The turn from the outline as given.
    pub fn rotation(&self) -> Rotation {
        self.rotation
    }

    /// The turn in radians, counter-clockwise in (x, z), in `-π..=π`.
    pub fn angle(&self) -> f32 {
        self.rotation.angle()
    }

    /// The centroid's velocity, m/s.
    pub fn linear_velocity(&self) -> Vec2 {
        self.linear_velocity
    }

    /// The turning rate, rad/s, counter-clockwise in (x, z).
    pub fn angular_velocity(&self) -> f32 {
        self.angular_velocity
    }

    /// The velocity of the body's material at world point `point`.
    #[inline]
    pub fn velocity_at(&self, point: Vec2) -> Vec2 {
        self.linear_velocity + cross_scalar(self.angular_velocity, point - self.position)
    }

    /// Applies `impulse` (N·s) at world point `point`.
    #[inline]
    pub(super) fn apply_impulse(&mut self, impulse: Vec2, point: Vec2) {
        self.linear_velocity += impulse * self.inverse_mass;
        self.angular_velocity += self.inverse_inertia * (point - self.position).perp_dot(impulse);
    }
}

/// ω × r for a turn rate ω about the vertical axis: `r` turned a quarter
/// counter-clockwise, times ω.
#[inline]
pub(super) fn cross_scalar(angular: f32, r: Vec2) -> Vec2 {
    Vec2::new(-angular * r.y, angular * r.x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rectangle(width: f32, depth: f32) -> ConvexPolygon {
        let (x, z) = (width / 2.0, depth / 2.0);
        ConvexPolygon::new(vec![
            Vec2::new(1.0 - x, 2.0 - z),
            Vec2::new(1.0 + x, 2.0 - z),
            Vec2::new(1.0 + x, 2.0 + z),
            Vec2::new(1.0 - x, 2.0 + z),
        ])
        .expect("a rectangle")
    }

    #[test]
    fn a_slab_has_the_textbook_moment_and_its_centroid_as_position() {
        let body = LooseBody::new(&rectangle(1.0, 0.5), Material::default()).expect("valid");
        let expected = 20.0 * (1.0 + 0.25) / 12.0;
        assert!(
            (body.inertia() - expected).abs() < 1e-5,
            "{}",
            body.inertia()
        );
        assert_eq!(body.position(), Vec2::new(1.0, 2.0));
        assert!((body.reach() - 1.25f32.sqrt() / 2.0).abs() < 1e-6);
        assert!((body.inner_reach() - 0.25).abs() < 1e-6);
    }

    #[test]
    fn out_of_range_materials_are_named() {
        let square = rectangle(1.0, 1.0);
        let with = |mass, friction, bounce| {
            LooseBody::new(
                &square,
                Material {
                    mass,
                    friction,
                    bounce,
                },
            )
            .err()
        };
        assert_eq!(with(0.0, 0.5, 0.2), Some(BodyError::Mass { mass: 0.0 }));
        assert_eq!(
            with(1.0, 2.5, 0.2),
            Some(BodyError::Friction { friction: 2.5 })
        );
        assert_eq!(
            with(1.0, 0.5, f32::NAN).map(|e| matches!(e, BodyError::Bounce { .. })),
            Some(true)
        );
        assert_eq!(with(1.0, 2.0, 1.0), None);
    }
}
