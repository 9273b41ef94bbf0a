//! The lamps and the torch as the scene shader reads them: one lamp's
//! place, falloff and colour, the torch's cone, and the uniform that holds
//! a frame's lamps.

use glam::{Vec2, Vec3};

use super::super::shadow::MAX_LAMPS;
use crate::level::Light;

/// How far the torch reaches, in metres.
const TORCH_REACH: f32 = 12.0;

/// Half the angle of the torch's cone: 30°, a 60° cone along the view.
pub const TORCH_HALF_ANGLE_DEGREES: f32 = 30.0;

/// The torch's colour (a warm white) and its brightness at 1 m.
const TORCH_COLOUR: [f32; 3] = [1.0, 0.95, 0.85];
const TORCH_INTENSITY: f32 = 6.0;

/// The torch's cone fades out over this fraction of the cosine range from
/// its half angle to straight ahead.
const TORCH_SOFT_EDGE: f32 = 0.1;

/// One lamp as the shader reads it.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct LampData {
    /// x, height, z, and 1 / radius² (what the shader's falloff needs).
    pub position: [f32; 4],
    /// Linear RGB colour times the intensity (the light at 1 m); w unused.
    pub colour: [f32; 4],
}

/// The torch as the shader reads it: a lamp at the eye, with a cone.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct TorchData {
    /// Where it is and how it falls off, as a lamp's.
    pub lamp: LampData,
    /// The cone's soft edge as a ramp: `dot(towards the torch, xyz) + w`
    /// is 0 where the cone's light ends and 1 where it is full (see
    /// [`cone_ramp`]).
    pub spot: [f32; 4],
}

/// The lamps' uniform: how many light this frame, whether the level is lit
/// by its lamps (instead of the directional light), the torch and the
/// lamps.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct LampsUniform {
    /// x: lamps in use; y: 1 when lamps light the level, 0 for the
    /// directional light alone; zw: unused.
    pub info: [f32; 4],
    /// The light grid's place: xy its origin (x, z), z its cells per
    /// metre; w unused.
    pub grid: [f32; 4],
    /// The torch (all zero when it is off); only the pipelines that draw
    /// the torch read it.
    pub torch: TorchData,
    /// The lamps in use, in the shadow texture's row order.
    pub lamps: [LampData; MAX_LAMPS],
}

/// The torch as a frame has it: where the eye is and where it looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Torch {
    /// The eye.
    pub eye: Vec3,
    /// The view direction (unit).
    pub direction: Vec3,
}

impl Torch {
    /// The torch as the shader reads it: a lamp at the eye, its cone along
    /// the view. It casts no shadow and has no shadow row: whatever the
    /// eye sees, a light at the eye reaches.
    pub(super) fn data(&self) -> TorchData {
        let lamp = Light {
            at: Vec2::new(self.eye.x, self.eye.z),
            height: self.eye.y,
            colour: TORCH_COLOUR,
            intensity: TORCH_INTENSITY,
            radius: TORCH_REACH,
            base: Some(0.0),
        };
        let cone = TORCH_HALF_ANGLE_DEGREES.to_radians().cos();
        TorchData {
            lamp: lamp_data(&lamp),
            spot: cone_ramp(self.direction, cone),
        }
    }
}

/// `lamp` as the shader reads it.
pub(super) fn lamp_data(lamp: &Light) -> LampData {
    let [r, g, b] = lamp.colour.map(|channel| channel * lamp.intensity);
    LampData {
        position: [lamp.at.x, lamp.height, lamp.at.y, lamp.radius.powi(-2)],
        colour: [r, g, b, 0.0],
    }
}

/// A cone along `axis` with half angle `cos_half_angle` (its cosine) as
/// the shader's ramp: for the unit vector `towards` from a point to the
/// lamp, `dot(towards, xyz) + w` is 0 at the cone's edge and 1 a soft edge
/// ([`TORCH_SOFT_EDGE`] of the way to straight ahead) inside it, so the
/// shader's one multiply-add stands for the cosine's smooth step.
fn cone_ramp(axis: Vec3, cos_half_angle: f32) -> [f32; 4] {
    let inside = cos_half_angle + TORCH_SOFT_EDGE * (1.0 - cos_half_angle);
    let per_cosine = 1.0 / (inside - cos_half_angle).max(1e-6);
    // dot(-towards, axis) is the cosine off the axis at the point.
    let ramp = -axis.normalize_or_zero() * per_cosine;
    [ramp.x, ramp.y, ramp.z, -cos_half_angle * per_cosine]
}
