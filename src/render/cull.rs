//! View culling: which chunks of the level can be seen this frame. A chunk
//! is skipped when its box lies wholly outside the view frustum or beyond the
//! fog (where it would be drawn in the fog colour anyway).

use glam::{Mat4, Vec3, Vec4};

use crate::level::mesh::Bounds;

/// The six planes of a view frustum, each `(normal, offset)` with the inside
/// where `normal · p + offset ≥ 0`, plus the eye and the fog distance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewVolume {
    planes: [Vec4; 6],
    eye: Vec3,
    max_distance: f32,
}

impl ViewVolume {
    /// The volume seen through `view_projection` (WebGPU clip space, depth
    /// 0..1) from `eye`, no farther than `max_distance`.
    pub fn new(view_projection: Mat4, eye: Vec3, max_distance: f32) -> Self {
        let m = view_projection.transpose();
        let (row0, row1, row2, row3) = (m.x_axis, m.y_axis, m.z_axis, m.w_axis);
        let planes = [
            row3 + row0, // left
            row3 - row0, // right
            row3 + row1, // bottom
            row3 - row1, // top
            row2,        // near (depth 0)
            row3 - row2, // far (depth 1)
        ];
        Self {
            planes,
            eye,
            max_distance,
        }
    }

    /// False only when no point of `bounds` can be visible.
    pub fn may_see(&self, bounds: &Bounds) -> bool {
        let nearest = self.eye.clamp(bounds.min, bounds.max);
        if nearest.distance(self.eye) > self.max_distance {
            return false;
        }
        self.planes.iter().all(|plane| {
            let normal = plane.truncate();
            // The box corner farthest along the plane's normal.
            let corner = Vec3::select(normal.cmpge(Vec3::ZERO), bounds.max, bounds.min);
            normal.dot(corner) + plane.w >= 0.0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camera::Camera;

    fn cube(centre: Vec3) -> Bounds {
        Bounds {
            min: centre - 0.5,
            max: centre + 0.5,
        }
    }

    fn volume(camera: &Camera, max_distance: f32) -> ViewVolume {
        ViewVolume::new(
            camera.view_projection(16.0 / 9.0),
            camera.position,
            max_distance,
        )
    }

    #[test]
    fn sees_ahead_not_behind_nor_far_to_the_side() {
        // Looking along +x.
        let camera = Camera::new(Vec3::new(0.0, 1.6, 0.0), 0.0);
        let view = volume(&camera, 100.0);
        assert!(view.may_see(&cube(Vec3::new(10.0, 1.6, 0.0))));
        assert!(!view.may_see(&cube(Vec3::new(-10.0, 1.6, 0.0))));
        assert!(!view.may_see(&cube(Vec3::new(2.0, 1.6, 30.0))));
        assert!(!view.may_see(&cube(Vec3::new(2.0, 1.6, -30.0))));
        assert!(!view.may_see(&cube(Vec3::new(5.0, 40.0, 0.0))));
    }

    #[test]
    fn a_box_around_the_eye_is_always_seen() {
        let camera = Camera::new(Vec3::new(0.0, 1.6, 0.0), 137.0);
        let around = Bounds {
            min: Vec3::new(-5.0, 0.0, -5.0),
            max: Vec3::new(5.0, 3.0, 5.0),
        };
        assert!(volume(&camera, 1.0).may_see(&around));
    }

    #[test]
    fn boxes_beyond_the_fog_are_skipped() {
        let camera = Camera::new(Vec3::new(0.0, 1.6, 0.0), 0.0);
        let view = volume(&camera, 20.0);
        assert!(view.may_see(&cube(Vec3::new(19.0, 1.6, 0.0))));
        assert!(!view.may_see(&cube(Vec3::new(21.0, 1.6, 0.0))));
    }

    #[test]
    fn a_box_straddling_a_side_plane_is_seen() {
        let camera = Camera::new(Vec3::ZERO, 0.0);
        let view = volume(&camera, 100.0);
        // Wide box from far left to far right, in front of the eye.
        let wide = Bounds {
            min: Vec3::new(5.0, -0.5, -100.0),
            max: Vec3::new(6.0, 0.5, -50.0),
        };
        assert!(!view.may_see(&wide), "wholly left of the view");
        let straddling = Bounds {
            min: Vec3::new(5.0, -0.5, -100.0),
            max: Vec3::new(6.0, 0.5, 100.0),
        };
        assert!(view.may_see(&straddling));
    }
}
