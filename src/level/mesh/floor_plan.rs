//! The rectangle the floor and ceiling cover: a margin around the
//! level's points, kept as points come and go.

use glam::Vec2;

use super::super::model::Level;
use super::super::running_max::RunningMax;

/// How far the floor and ceiling reach beyond the outermost wall, in metres.
pub(super) const FLOOR_MARGIN: f32 = 1.0;

/// The rectangle the floor covers: `outline` (see [`floor_outline`]) plus
/// a margin.
pub(super) fn plan_around(outline: (Vec2, Vec2)) -> (Vec2, Vec2) {
    (outline.0 - FLOOR_MARGIN, outline.1 + FLOOR_MARGIN)
}

/// The smallest and largest corner of every wall's ends, obstacle's
/// corners, floor's corners and the start.
pub(super) fn floor_outline(level: &Level) -> PointBounds {
    let points = level
        .walls
        .iter()
        .flat_map(|wall| [wall.a, wall.b])
        .chain(
            level
                .obstacles
                .iter()
                .flat_map(|obstacle| obstacle.polygon.points().iter().copied()),
        )
        .chain(
            level
                .floors
                .iter()
                .flat_map(|floor| floor.points.iter().copied()),
        )
        .chain(std::iter::once(level.player.start));
    let mut outline = PointBounds::EMPTY;
    points.for_each(|point| outline.add(point));
    outline
}

/// The smallest and largest corner of a changing set of points, with how
/// many points lie on each edge: taking a point away asks for a pass over
/// all of them only when it was the last on an edge.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct PointBounds {
    /// The largest x and y, and the largest -x and -y.
    largest: [RunningMax; 4],
}

impl PointBounds {
    /// No points: the corners are (+∞, +∞) and (-∞, -∞).
    pub(super) const EMPTY: Self = Self {
        largest: [RunningMax::EMPTY; 4],
    };

    /// The values whose largest each of `largest` keeps, for `point`.
    fn values(point: Vec2) -> [f32; 4] {
        [point.x, point.y, -point.x, -point.y]
    }

    /// Counts `point` in.
    pub(super) fn add(&mut self, point: Vec2) {
        for (largest, value) in self.largest.iter_mut().zip(Self::values(point)) {
            largest.add(value);
        }
    }

    /// Counts `point` out. Returns false when it was the last point on an
    /// edge: the outline must then be worked out anew.
    #[must_use]
    pub(super) fn remove(&mut self, point: Vec2) -> bool {
        let mut known = true;
        for (largest, value) in self.largest.iter_mut().zip(Self::values(point)) {
            known &= largest.remove(value);
        }
        known
    }

    /// The smallest and the largest corner.
    pub(super) fn corners(&self) -> (Vec2, Vec2) {
        let [x, y, minus_x, minus_y] = self.largest.map(|largest| largest.value());
        (Vec2::new(-minus_x, -minus_y), Vec2::new(x, y))
    }
}
