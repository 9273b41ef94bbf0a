//! The first-person camera: an eye position, a heading (yaw) and a pitch.
//!
//! Axis conventions (shared with the level format, see `docs/level-format.md`):
//! y is up; the walker moves on the XZ plane. Yaw 0° looks along +x and yaw
//! 90° along +z, so on a top-down map drawn with x to the right and z down,
//! a growing yaw turns the walker clockwise, i.e. to the right.

use glam::{Mat4, Vec2, Vec3};

/// Pitch is kept just short of straight up or down so the view matrix never
/// degenerates (forward parallel to up).
pub const MAX_PITCH: f32 = 89.0 * std::f32::consts::PI / 180.0;

/// The horizontal field of view of a new camera, in degrees: the config
/// file's `[view] fov` default. Horizontal, so that a wider window shows more
/// to the sides instead of cutting off the top and bottom.
pub const DEFAULT_FOV_DEGREES: f32 = 90.0;

/// The far plane of a new camera, in metres: the config file's `[view] far`
/// default.
pub const DEFAULT_FAR: f32 = 500.0;

/// How far beyond the fog distance [`far_plane`] puts the far plane, as a
/// fraction of the fog distance. A fixed metre would do in exact arithmetic,
/// but a 32-bit depth of a point just short of kilometres of fog would round
/// to the far plane's 1 and be clipped; a tenth keeps it clear up to
/// [`MAX_FOG_DISTANCE`](crate::level::MAX_FOG_DISTANCE).
pub const FAR_BEYOND_FOG: f32 = 0.1;

/// The far plane for a level: the configured distance, or farther when the
/// level's fog reaches beyond it. Fog hides everything past
/// `fog_distance` from the eye, and every point nearer than that lies nearer
/// than the far plane, so the fog, not the far plane, ends the view.
pub fn far_plane(configured_far: f32, fog_distance: f32) -> f32 {
    configured_far.max(fog_distance * (1.0 + FAR_BEYOND_FOG))
}

/// A perspective camera that looks from `position` along yaw and pitch.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Eye position in metres (y is the eye height).
    pub position: Vec3,
    /// Heading in radians; 0 looks along +x, π/2 along +z.
    pub yaw: f32,
    /// Elevation in radians, positive looks up; clamped to ±[`MAX_PITCH`].
    pub pitch: f32,
    /// Horizontal field of view in radians; the vertical one follows from
    /// the aspect ratio (see [`Camera::vertical_fov`]).
    pub fov_x: f32,
    /// Near clipping plane distance in metres.
    pub near: f32,
    /// Far clipping plane distance in metres.
    pub far: f32,
}

impl Camera {
    /// A camera at `position` with heading `yaw_degrees`, level pitch, a
    /// [`DEFAULT_FOV_DEGREES`] horizontal field of view and the far plane at
    /// [`DEFAULT_FAR`].
    pub fn new(position: Vec3, yaw_degrees: f32) -> Self {
        Self {
            position,
            yaw: yaw_degrees.to_radians(),
            pitch: 0.0,
            fov_x: DEFAULT_FOV_DEGREES.to_radians(),
            near: 0.05,
            far: DEFAULT_FAR,
        }
    }

    /// Sets the pitch, clamped so the camera never looks straight up or down.
    pub fn set_pitch(&mut self, pitch: f32) {
        self.pitch = pitch.clamp(-MAX_PITCH, MAX_PITCH);
    }

    /// Turns by the given yaw and pitch deltas (radians); the yaw stays in
    /// (-π, π] so it never loses precision after long walks.
    pub fn turn(&mut self, delta_yaw: f32, delta_pitch: f32) {
        let yaw = (self.yaw + delta_yaw).rem_euclid(std::f32::consts::TAU);
        self.yaw = if yaw > std::f32::consts::PI {
            yaw - std::f32::consts::TAU
        } else {
            yaw
        };
        self.set_pitch(self.pitch + delta_pitch);
    }

    /// The unit view direction in 3D.
    pub fn forward(&self) -> Vec3 {
        let (sin_yaw, cos_yaw) = self.yaw.sin_cos();
        let (sin_pitch, cos_pitch) = self.pitch.sin_cos();
        Vec3::new(cos_pitch * cos_yaw, sin_pitch, cos_pitch * sin_yaw)
    }

    /// The unit heading on the XZ plane (x, z): where W walks. Part of the
    /// simulation, so its sine and cosine are the portable ones: a demo
    /// walks the same on every platform.
    pub fn flat_forward(&self) -> Vec2 {
        Vec2::new(
            crate::portable_math::cos(self.yaw),
            crate::portable_math::sin(self.yaw),
        )
    }

    /// The unit direction to the walker's right on the XZ plane: where D walks.
    pub fn flat_right(&self) -> Vec2 {
        let forward = self.flat_forward();
        Vec2::new(-forward.y, forward.x)
    }

    /// Heading in degrees in [0, 360), as shown on the HUD and printed by P.
    pub fn yaw_degrees(&self) -> f32 {
        self.yaw.to_degrees().rem_euclid(360.0)
    }

    /// World to view transform (right-handed, y up).
    pub fn view(&self) -> Mat4 {
        glam::camera::rh::view::look_to_mat4(self.position, self.forward(), Vec3::Y)
    }

    /// The vertical field of view in radians for a width / height
    /// `aspect_ratio` (1 when it is not a positive number): the one whose
    /// screen edges meet the horizontal field of view's.
    pub fn vertical_fov(&self, aspect_ratio: f32) -> f32 {
        2.0 * ((self.fov_x / 2.0).tan() / usable_aspect(aspect_ratio)).atan()
    }

    /// View to clip transform for WebGPU's clip space (depth 0..1).
    pub fn projection(&self, aspect_ratio: f32) -> Mat4 {
        let aspect = usable_aspect(aspect_ratio);
        let fov_y = self.vertical_fov(aspect);
        glam::camera::rh::proj::directx::perspective(fov_y, aspect, self.near, self.far)
    }

    /// World to clip transform.
    pub fn view_projection(&self, aspect_ratio: f32) -> Mat4 {
        self.projection(aspect_ratio) * self.view()
    }
}

/// `aspect_ratio` when it is a positive number, else 1 (a window being
/// minimised reports zero height).
fn usable_aspect(aspect_ratio: f32) -> f32 {
    if aspect_ratio.is_finite() && aspect_ratio > 0.0 {
        aspect_ratio
    } else {
        1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaw_zero_looks_along_plus_x_and_right_is_plus_z() {
        let camera = Camera::new(Vec3::ZERO, 0.0);
        assert!((camera.flat_forward() - Vec2::X).length() < 1e-6);
        assert!((camera.flat_right() - Vec2::Y).length() < 1e-6);
    }

    #[test]
    fn yaw_ninety_looks_along_plus_z() {
        let camera = Camera::new(Vec3::ZERO, 90.0);
        assert!((camera.forward() - Vec3::Z).length() < 1e-6);
        assert!((camera.yaw_degrees() - 90.0).abs() < 1e-4);
    }

    #[test]
    fn pitch_is_clamped() {
        let mut camera = Camera::new(Vec3::ZERO, 0.0);
        camera.turn(0.0, 10.0);
        assert_eq!(camera.pitch, MAX_PITCH);
        camera.turn(0.0, -20.0);
        assert_eq!(camera.pitch, -MAX_PITCH);
    }

    #[test]
    fn a_point_ahead_projects_to_the_screen_centre() {
        let camera = Camera::new(Vec3::new(1.0, 1.6, 2.0), 90.0);
        let clip = camera.view_projection(16.0 / 9.0) * glam::Vec4::new(1.0, 1.6, 7.0, 1.0);
        let ndc = clip.truncate() / clip.w;
        assert!(ndc.x.abs() < 1e-5 && ndc.y.abs() < 1e-5);
        assert!(ndc.z > 0.0 && ndc.z < 1.0);
    }

    /// Where a world point lands in normalised device coordinates.
    fn ndc(camera: &Camera, aspect: f32, point: Vec3) -> Vec3 {
        let clip = camera.view_projection(aspect) * point.extend(1.0);
        clip.truncate() / clip.w
    }

    #[test]
    fn the_horizontal_fov_meets_the_screen_edges_at_any_aspect() {
        for (degrees, aspect) in [(90.0_f32, 16.0 / 9.0), (60.0, 1.0), (120.0, 4.0 / 3.0)] {
            let mut camera = Camera::new(Vec3::ZERO, 0.0);
            camera.fov_x = degrees.to_radians();
            // A point on the edge of the horizontal field of view, 10 m away.
            let half = (degrees / 2.0).to_radians();
            let edge = Vec3::new(10.0 * half.cos(), 0.0, 10.0 * half.sin());
            let x = ndc(&camera, aspect, edge).x;
            assert!((x - 1.0).abs() < 1e-4, "{degrees}° at {aspect}: x = {x}");
            // The vertical edge matches the derived vertical field of view.
            let half_y = camera.vertical_fov(aspect) / 2.0;
            let top = Vec3::new(10.0 * half_y.cos(), 10.0 * half_y.sin(), 0.0);
            let y = ndc(&camera, aspect, top).y;
            assert!((y - 1.0).abs() < 1e-4, "{degrees}° at {aspect}: y = {y}");
        }
    }

    #[test]
    fn the_far_plane_covers_the_fog() {
        assert_eq!(far_plane(500.0, 60.0), 500.0);
        assert!(far_plane(500.0, 2000.0) > 2000.0);
        for fog in [60.0_f32, 499.5, 2000.0, crate::level::MAX_FOG_DISTANCE] {
            let mut camera = Camera::new(Vec3::ZERO, 0.0);
            camera.far = far_plane(DEFAULT_FAR, fog);
            // Just short of the fog, ahead and towards a corner of the view:
            // depth below 1, so neither clipped nor lost to the depth test
            // against the cleared 1.
            for direction in [Vec3::X, Vec3::new(1.0, 0.4, 0.7).normalize()] {
                let depth = ndc(&camera, 16.0 / 9.0, direction * fog * 0.999).z;
                assert!(depth > 0.0 && depth < 1.0, "fog {fog}: depth {depth}");
            }
        }
        // The test can fail: a fixed 500 m far plane clips what 2 km of fog shows.
        let camera = Camera::new(Vec3::ZERO, 0.0);
        assert!(ndc(&camera, 1.0, Vec3::new(1999.0, 0.0, 0.0)).z > 1.0);
    }

    #[test]
    fn a_point_to_the_right_lands_right_of_centre() {
        let camera = Camera::new(Vec3::ZERO, 0.0);
        let right = camera.flat_right();
        let point = glam::Vec4::new(5.0 + right.x, 0.0, right.y, 1.0);
        let clip = camera.view_projection(1.0) * point;
        assert!(clip.x / clip.w > 0.0);
    }
}
