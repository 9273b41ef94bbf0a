//! The config file's `[mouse]`, `[view]`, `[movement]`, `[render]` and
//! `[sound]` tables: each field with its default and range (`docs/config.md` lists the
//! same), read with unknown keys refused.

use serde::{Deserialize, Deserializer, Serialize};

use super::limits::Limits;
use crate::camera::{self, Camera};
use crate::walker::WalkerSettings;

/// `[mouse]`: how mouse motion turns the view.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MouseSettings {
    /// Degrees turned per raw mouse count, 0.001 to 10. Default 0.126 (the
    /// former built-in 0.0022 rad; Quake's `sensitivity 5.7` with `m_yaw
    /// 0.022`). Any decimal is accepted, so steps are as fine as wanted.
    #[serde(deserialize_with = "sensitivity")]
    pub sensitivity: f32,
    /// Moving the mouse forward looks down instead of up. Default false.
    pub invert_y: bool,
}

impl MouseSettings {
    /// The range of [`MouseSettings::sensitivity`].
    pub const SENSITIVITY: Limits = Limits {
        key: "sensitivity",
        min: 0.001,
        max: 10.0,
    };

    /// [`MouseSettings::sensitivity`] in radians per count.
    pub fn radians_per_count(&self) -> f32 {
        self.sensitivity.to_radians()
    }
}

impl Default for MouseSettings {
    fn default() -> Self {
        Self {
            sensitivity: 0.126,
            invert_y: false,
        }
    }
}

/// `[view]`: the camera's field of view and far plane.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ViewSettings {
    /// Horizontal field of view in degrees, 60 to 120. Default 90
    /// ([`camera::DEFAULT_FOV_DEGREES`]); the vertical one follows from the
    /// window's shape.
    #[serde(deserialize_with = "fov")]
    pub fov: f32,
    /// Far plane in metres, 1 to 100000. Default 500 ([`camera::DEFAULT_FAR`]).
    /// A level whose fog reaches farther gets a farther plane
    /// ([`camera::far_plane`]).
    #[serde(deserialize_with = "far")]
    pub far: f32,
}

impl ViewSettings {
    /// The range of [`ViewSettings::fov`].
    pub const FOV: Limits = Limits {
        key: "fov",
        min: 60.0,
        max: 120.0,
    };

    /// The range of [`ViewSettings::far`].
    pub const FAR: Limits = Limits {
        key: "far",
        min: 1.0,
        max: 100_000.0,
    };

    /// Sets the camera's field of view and its far plane, which reaches at
    /// least past the level's `fog_distance`.
    pub fn apply(&self, camera: &mut Camera, fog_distance: f32) {
        camera.fov_x = self.fov.to_radians();
        camera.far = camera::far_plane(self.far, fog_distance);
    }
}

impl Default for ViewSettings {
    fn default() -> Self {
        Self {
            fov: camera::DEFAULT_FOV_DEGREES,
            far: camera::DEFAULT_FAR,
        }
    }
}

/// `[movement]`: speeds, and Quake's acceleration and friction model.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MovementSettings {
    /// Walking speed in metres per second, 0.1 to 50. Default 3.
    #[serde(deserialize_with = "walk_speed")]
    pub walk_speed: f32,
    /// Running speed (run held) in metres per second, 0.1 to 50. Default 6.
    #[serde(deserialize_with = "run_speed")]
    pub run_speed: f32,
    /// Keyboard turning speed in degrees per second, 1 to 1440. Default 143
    /// (the former built-in 2.5 rad/s).
    #[serde(deserialize_with = "turn_speed")]
    pub turn_speed: f32,
    /// Quake's `sv_accelerate`: how fast the walker reaches the wished speed,
    /// in wished speeds per second, 0 to 100. Default 0: off, speed changes
    /// at once.
    #[serde(deserialize_with = "accelerate")]
    pub accelerate: f32,
    /// Quake's `sv_friction`: the fraction of speed lost per second when no
    /// key is held, 0 to 100. Default 4 (the walker's); used only while
    /// `accelerate` is on.
    #[serde(deserialize_with = "friction")]
    pub friction: f32,
    /// Quake's `sv_stopspeed`: below this speed, in metres per second,
    /// friction acts as if at this speed so the walker comes to a stop, 0 to
    /// 50. Default 1 (the walker's); used only while `accelerate` is on.
    #[serde(deserialize_with = "stop_speed")]
    pub stop_speed: f32,
}

impl MovementSettings {
    /// The range of [`MovementSettings::walk_speed`].
    pub const WALK_SPEED: Limits = Limits {
        key: "walk_speed",
        min: 0.1,
        max: 50.0,
    };
    /// The range of [`MovementSettings::run_speed`].
    pub const RUN_SPEED: Limits = Limits {
        key: "run_speed",
        min: 0.1,
        max: 50.0,
    };
    /// The range of [`MovementSettings::turn_speed`].
    pub const TURN_SPEED: Limits = Limits {
        key: "turn_speed",
        min: 1.0,
        max: 1440.0,
    };
    /// The range of [`MovementSettings::accelerate`].
    pub const ACCELERATE: Limits = Limits {
        key: "accelerate",
        min: 0.0,
        max: 100.0,
    };
    /// The range of [`MovementSettings::friction`].
    pub const FRICTION: Limits = Limits {
        key: "friction",
        min: 0.0,
        max: 100.0,
    };
    /// The range of [`MovementSettings::stop_speed`].
    pub const STOP_SPEED: Limits = Limits {
        key: "stop_speed",
        min: 0.0,
        max: 50.0,
    };
}

impl Default for MovementSettings {
    fn default() -> Self {
        Self {
            walk_speed: 3.0,
            run_speed: 6.0,
            turn_speed: 143.0,
            // Off, and the walker's own values for when it is turned on:
            // one set of defaults for the file and the walker.
            accelerate: WalkerSettings::default().accelerate,
            friction: WalkerSettings::default().friction,
            stop_speed: WalkerSettings::default().stop_speed,
        }
    }
}

/// `[render]`: the same choices as the `--quality` and `--vsync` flags,
/// which win when given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RenderSettings {
    /// Per-pixel quality: `auto`, `full` or `fast`. Default `auto`.
    pub quality: QualityChoice,
    /// Wait for the display's refresh (Fifo) instead of presenting at once.
    /// Default true.
    pub vsync: bool,
    /// A level's lamps light it, with their shadows; off, every level is
    /// lit by the directional light and ambient, as one without lamps.
    /// Default true.
    pub lights: bool,
}

impl Default for RenderSettings {
    fn default() -> Self {
        Self {
            quality: QualityChoice::Auto,
            vsync: true,
            lights: true,
        }
    }
}

/// `[sound]`: whether the walk sounds, how loud, and whether the
/// walker's own feet do (`--sound on|off` and F7 turn it on and off).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SoundSettings {
    /// Sound plays. Default true.
    pub enabled: bool,
    /// The mix's gain, 0 to 1. Default 0.8.
    #[serde(deserialize_with = "volume")]
    pub volume: f32,
    /// Footsteps, steps up and landings sound. Default true.
    pub footsteps: bool,
}

impl SoundSettings {
    /// The range of [`SoundSettings::volume`].
    pub const VOLUME: Limits = Limits {
        key: "volume",
        min: 0.0,
        max: 1.0,
    };
}

impl Default for SoundSettings {
    fn default() -> Self {
        Self {
            enabled: true,
            volume: 0.8,
            footsteps: true,
        }
    }
}

/// What the window spends per pixel: `[render] quality` and `--quality`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum QualityChoice {
    /// Full on a GPU, fast on a software renderer such as llvmpipe.
    #[default]
    Auto,
    /// 4x MSAA, 16x anisotropic filtering, trilinear mipmaps.
    Full,
    /// No MSAA, no anisotropic filtering, bilinear; lamp light baked into
    /// a cache on the level's surfaces.
    Fast,
}

// One reader per ranged field: serde's `deserialize_with` takes a function.

fn sensitivity<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    MouseSettings::SENSITIVITY.read(deserializer)
}

fn fov<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    ViewSettings::FOV.read(deserializer)
}

fn far<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    ViewSettings::FAR.read(deserializer)
}

fn walk_speed<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    MovementSettings::WALK_SPEED.read(deserializer)
}

fn run_speed<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    MovementSettings::RUN_SPEED.read(deserializer)
}

fn turn_speed<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    MovementSettings::TURN_SPEED.read(deserializer)
}

fn accelerate<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    MovementSettings::ACCELERATE.read(deserializer)
}

fn friction<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    MovementSettings::FRICTION.read(deserializer)
}

fn stop_speed<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    MovementSettings::STOP_SPEED.read(deserializer)
}

fn volume<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    SoundSettings::VOLUME.read(deserializer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_within_their_ranges() {
        let checks = [
            (
                MouseSettings::SENSITIVITY,
                MouseSettings::default().sensitivity,
            ),
            (ViewSettings::FOV, ViewSettings::default().fov),
            (ViewSettings::FAR, ViewSettings::default().far),
            (
                MovementSettings::WALK_SPEED,
                MovementSettings::default().walk_speed,
            ),
            (
                MovementSettings::RUN_SPEED,
                MovementSettings::default().run_speed,
            ),
            (
                MovementSettings::TURN_SPEED,
                MovementSettings::default().turn_speed,
            ),
            (
                MovementSettings::ACCELERATE,
                MovementSettings::default().accelerate,
            ),
            (
                MovementSettings::FRICTION,
                MovementSettings::default().friction,
            ),
            (
                MovementSettings::STOP_SPEED,
                MovementSettings::default().stop_speed,
            ),
            (SoundSettings::VOLUME, SoundSettings::default().volume),
        ];
        for (limits, value) in checks {
            assert!(
                (limits.min..=limits.max).contains(&value),
                "{}: {value}",
                limits.key
            );
        }
    }

    #[test]
    fn the_default_sensitivity_is_the_former_built_in_one() {
        let radians = MouseSettings::default().radians_per_count();
        assert!((radians - 0.0022).abs() < 1e-6, "{radians}");
    }
}
