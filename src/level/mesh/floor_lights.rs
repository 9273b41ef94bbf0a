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

/// The floors whose light is not whole, with every floor that may hold
/// one inside it, innermost first: [`LevelFloor::innermost_at`]'s rule
/// with each outline widened once instead of at every face.
#[derive(Debug, Default)]
pub(super) struct FloorLights {
    /// Each floor's outline, its box and its light, smallest area
    /// first; empty when every floor's light is whole, so that a level
    /// without `light` costs nothing.
    floors: Vec<(Vec<DVec2>, (DVec2, DVec2), f32)>,
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
        let mut floors: Vec<(f64, Vec<DVec2>, (DVec2, DVec2), f32)> = level
            .floors
            .iter()
            .map(|floor: &LevelFloor| {
                let points: Vec<DVec2> = floor.points.iter().map(|p| p.as_dvec2()).collect();
                let area = outline::signed_area(&points).abs();
                let low = points.iter().fold(DVec2::INFINITY, |low, p| low.min(*p));
                let high = points
                    .iter()
                    .fold(DVec2::NEG_INFINITY, |high, p| high.max(*p));
                (area, points, (low, high), floor.light)
            })
            .collect();
        floors.sort_by(|a, b| a.0.total_cmp(&b.0));
        Self {
            floors: floors
                .into_iter()
                .map(|(_, points, bounds, light)| (points, bounds, light))
                .collect(),
        }
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
            .find(|(points, (low, high), _)| {
                point.cmpge(*low).all() && point.cmple(*high).all() && outline::holds(points, point)
            })
            .map_or(crate::level::defaults::FLOOR_LIGHT, |(_, _, light)| *light)
    }
}
