//! Which floor's `light` falls on a face: that of the floor it looks
//! into, found a little in front of the middle of its corners (a floor or
//! a ceiling: the floor under it; a riser: the lower floor; a wall's
//! face or an obstacle's side: the floor before it). Outside every floor
//! the light is whole.

use glam::{DVec2, Vec2, Vec3};

use super::super::model::{Level, LevelFloor};
use crate::collision::outline;

/// How far in front of a face's middle its floor is looked for, in
/// metres: past the edge a riser or a wall's face stands on.
const FACE_PROBE: f32 = 0.01;

/// One floor as [`FloorLights`] looks it up: its outline widened once,
/// the box around it, and its light.
#[derive(Debug)]
struct LitFloor {
    points: Vec<DVec2>,
    low: DVec2,
    high: DVec2,
    light: f32,
}

impl LitFloor {
    fn of(floor: &LevelFloor) -> Self {
        let points: Vec<DVec2> = floor.points.iter().map(|p| p.as_dvec2()).collect();
        let low = points.iter().fold(DVec2::INFINITY, |low, p| low.min(*p));
        let high = points
            .iter()
            .fold(DVec2::NEG_INFINITY, |high, p| high.max(*p));
        Self {
            points,
            low,
            high,
            light: floor.light,
        }
    }

    fn holds(&self, point: DVec2) -> bool {
        point.cmpge(self.low).all()
            && point.cmple(self.high).all()
            && outline::holds(&self.points, point)
    }
}

/// Every floor, innermost first, when any has a light that is not whole:
/// [`LevelFloor::innermost_at`]'s rule with each outline widened once
/// instead of at every face.
#[derive(Debug, Default)]
pub(super) struct FloorLights {
    /// Each floor, smallest area first; empty when every floor's light is
    /// whole, so that a level without `light` costs nothing.
    floors: Vec<LitFloor>,
}

impl FloorLights {
    /// The floors of `level`, when any has a light other than whole.
    pub(super) fn of(level: &Level) -> Self {
        let whole = level
            .floors
            .iter()
            .all(|floor| floor.light == crate::level::defaults::FLOOR_LIGHT);
        if whole {
            return Self::default();
        }
        let mut floors: Vec<LitFloor> = level.floors.iter().map(LitFloor::of).collect();
        floors.sort_by_cached_key(|floor| ordered_area(outline::signed_area(&floor.points).abs()));
        Self { floors }
    }

    /// The light on a face whose corners' middle is `middle`, looking
    /// along `normal`.
    pub(super) fn on_face(&self, middle: Vec3, normal: Vec3) -> f32 {
        if self.floors.is_empty() {
            return crate::level::defaults::FLOOR_LIGHT;
        }
        let front = Vec2::new(middle.x, middle.z) + Vec2::new(normal.x, normal.z) * FACE_PROBE;
        self.at(front)
    }

    /// The light of the innermost floor holding `point`; whole outside
    /// every floor.
    fn at(&self, point: Vec2) -> f32 {
        let point = point.as_dvec2();
        self.floors
            .iter()
            .find(|floor| floor.holds(point))
            .map_or(crate::level::defaults::FLOOR_LIGHT, |floor| floor.light)
    }
}

/// An area (0 or more) as a key that sorts as the area does: the bits of
/// a non-negative float order as the float.
fn ordered_area(area: f64) -> u64 {
    area.max(0.0).to_bits()
}
