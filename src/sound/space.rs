//! Where a sound is heard from: its gain in each ear from its direction
//! and distance from the listener (the eye, facing the view), and whether
//! something stands between them in plan (a wall, a door's leaf, a
//! floor's rim), which muffles it. The rules are in docs/sound.md.

use std::f32::consts::FRAC_PI_4;

use glam::Vec2;

use super::SAMPLE_RATE;
use crate::collision::{Collider, Leaf, ray_against_obstacle};
use crate::level::Level;
use crate::walker::Walker;

/// Nearer than this (metres) a sound is as loud as it gets.
const FULL_DISTANCE: f32 = 1.0;

/// Farther than this (metres) a sound is not heard.
const SILENT_DISTANCE: f32 = 30.0;

/// How much quieter a muffled sound is, in dB.
const MUFFLED_DB: f32 = -12.0;

/// The cut-off of a muffled sound's low-pass filter, Hz.
const MUFFLED_CUTOFF: f32 = 1000.0;

/// How far above the floor under it a sound comes from, in metres.
pub const SOURCE_HEIGHT: f32 = 1.0;

/// Where a sound comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Place {
    /// The listener's own feet: straight ahead, never muffled.
    AtEar,
    /// A point in plan, `height` metres above the level's ground; `door`,
    /// the door whose leaf makes it (that leaf does not muffle it).
    At {
        /// Where, in plan (x, z).
        point: Vec2,
        /// Its height above the level's ground.
        height: f32,
        /// The door it comes from, if any.
        door: Option<usize>,
    },
}

/// The listener: the eye, where it stands and which way its right ear
/// faces.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ear {
    /// Where, in plan (x, z).
    pub at: Vec2,
    /// Its height above the level's ground.
    pub height: f32,
    /// The unit direction of its right ear, in plan.
    pub right: Vec2,
}

impl Ear {
    /// The walker's eye, facing the view.
    pub fn of(walker: &Walker) -> Self {
        Self {
            at: walker.position(),
            height: walker.camera.position.y,
            right: walker.camera.flat_right(),
        }
    }
}

/// What stands between sounds and the ear: the level's walls and fixed
/// obstacles (its walking collider), the doors' leaves where they stand,
/// and the floors' rims.
#[derive(Debug, Clone, Copy)]
pub struct Surroundings<'a> {
    /// The level, for its shapes' heights.
    pub level: &'a Level,
    /// The collider the walker moves through: walls, fixed obstacles and
    /// the floors' edges, no loose body.
    pub collider: &'a Collider,
    /// The doors' leaves, by door.
    pub leaves: &'a [Leaf],
}

impl Surroundings<'_> {
    /// A sound's place at `point`: [`SOURCE_HEIGHT`] above the floor there.
    pub fn place_at(&self, point: Vec2, door: Option<usize>) -> Place {
        let floor = self.collider.heights().span_at(point);
        Place::At {
            point,
            height: floor.map_or(0.0, |span| span.floor) + SOURCE_HEIGHT,
            door,
        }
    }

    /// Whether the straight path in plan from `place` to `ear` crosses a
    /// wall or fixed obstacle taller than both ends, a door's leaf (not
    /// the sound's own), or a floor's rim higher than both ends.
    pub fn muffles(&self, place: &Place, ear: &Ear) -> bool {
        let Place::At {
            point,
            height,
            door,
        } = *place
        else {
            return false;
        };
        let top = height.max(ear.height);
        let taller = |surface| {
            self.level
                .shape_height(surface)
                .is_some_and(|tall| tall > top)
        };
        let leaf_between = self.leaves.iter().enumerate().any(|(index, leaf)| {
            Some(index) != door
                && leaf
                    .polygon()
                    .is_ok_and(|polygon| ray_against_obstacle(point, ear.at, &polygon).is_some())
        });
        leaf_between
            || self
                .collider
                .ray_cast_where(point, ear.at, taller)
                .is_some()
            || self.collider.heights().rim_between(point, ear.at, top)
    }
}

/// How a voice is heard: its gain in each ear and its low-pass filter's
/// coefficient (1: open).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Heard {
    /// The left ear's gain.
    pub left: f32,
    /// The right ear's gain.
    pub right: f32,
    /// The one-pole low-pass coefficient, 0 to 1.
    pub smoothing: f32,
}

impl Heard {
    /// A sound of `loudness` at `place`, for `ear` among `surroundings`.
    pub fn at(place: &Place, loudness: f32, ear: &Ear, surroundings: &Surroundings) -> Self {
        let (distance, pan) = match *place {
            Place::AtEar => (0.0, 0.0),
            Place::At { point, .. } => {
                let way = point - ear.at;
                let distance = way.length();
                let pan = if distance > 1e-3 {
                    (way / distance).dot(ear.right)
                } else {
                    0.0
                };
                (distance, pan)
            }
        };
        let muffled = surroundings.muffles(place, ear);
        let gain = loudness * distance_gain(distance) * if muffled { muffled_gain() } else { 1.0 };
        // Equal power: the pan's angle from full left (0) to full right.
        let angle = (pan.clamp(-1.0, 1.0) + 1.0) * FRAC_PI_4;
        Self {
            left: gain * libm::cosf(angle),
            right: gain * libm::sinf(angle),
            smoothing: if muffled { muffled_smoothing() } else { 1.0 },
        }
    }
}

/// The gain at `distance` metres: inverse distance from
/// [`FULL_DISTANCE`], nothing past [`SILENT_DISTANCE`].
pub fn distance_gain(distance: f32) -> f32 {
    if distance > SILENT_DISTANCE {
        0.0
    } else {
        FULL_DISTANCE / distance.max(FULL_DISTANCE)
    }
}

/// [`MUFFLED_DB`] as a gain.
fn muffled_gain() -> f32 {
    libm::powf(10.0, MUFFLED_DB / 20.0)
}

/// The one-pole low-pass coefficient for [`MUFFLED_CUTOFF`].
fn muffled_smoothing() -> f32 {
    1.0 - libm::expf(-std::f32::consts::TAU * MUFFLED_CUTOFF / SAMPLE_RATE as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sounds_fall_off_as_one_over_distance_from_a_metre_and_stop_past_thirty() {
        assert_eq!(distance_gain(0.2), 1.0);
        assert_eq!(distance_gain(4.0), 0.25);
        assert!(distance_gain(30.0) > 0.0);
        assert_eq!(distance_gain(30.5), 0.0);
        assert!((20.0 * muffled_gain().log10() - MUFFLED_DB).abs() < 1e-4);
    }
}
