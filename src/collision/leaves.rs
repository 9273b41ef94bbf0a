//! Door leaves: convex boxes that move between ticks, which the immutable
//! [`Collider`](super::Collider) meets without being rebuilt.
//!
//! Each leaf is registered once, in a uniform grid of its own, under its
//! *swept* bounds: the whole region it can ever occupy. Moving a leaf then
//! only rewrites its four corners, never the grid, and a move of the eye
//! looks only at the leaves whose swept bounds come near its path, so its
//! cost grows with the doors near the eye, not with all the doors.

use glam::{DVec2, Vec2};

use super::clearance::signed_distance_to_polygon;
use super::grid::{Aabb, UniformGrid};
use super::moving_sat::{MovingContact, moving_contact};
use super::polygon::{ConvexPolygon, PolygonError};
use super::sweep::{SweepHit, sweep_rounded_polygon};

/// A leaf where it stands: a box `thickness` thick around the centreline
/// from one edge to the other, counter-clockwise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Leaf {
    corners: [Vec2; 4],
}

impl Leaf {
    /// The box around the centreline `from → to`, `thickness` thick (a
    /// NaN or negative thickness counts as zero).
    pub fn around(from: Vec2, to: Vec2, thickness: f32) -> Self {
        let half = if thickness > 0.0 {
            thickness / 2.0
        } else {
            0.0
        };
        let side = (to - from).perp().normalize_or_zero() * half;
        Self {
            corners: [from - side, to - side, to + side, from + side],
        }
    }

    /// The four corners, counter-clockwise (x right, z up).
    pub fn corners(&self) -> [Vec2; 4] {
        self.corners
    }

    /// The leaf as a convex polygon (for drawing and for tests); an error
    /// for a degenerate box (no length or no thickness).
    pub fn polygon(&self) -> Result<ConvexPolygon, PolygonError> {
        ConvexPolygon::new(self.corners.to_vec())
    }

    /// Signed distance from `p` to the leaf: negative inside.
    pub fn signed_distance(&self, p: Vec2) -> f32 {
        signed_distance_to_polygon(p.as_dvec2(), &self.points(), &self.normals()).0 as f32
    }

    /// The corners widened to f64.
    fn points(&self) -> [DVec2; 4] {
        self.corners.map(Vec2::as_dvec2)
    }

    /// Outward unit normal of each edge `i → i+1`, as the collider's rounded
    /// polygons compute them.
    fn normals(&self) -> [DVec2; 4] {
        let points = self.points();
        std::array::from_fn(|i| {
            let edge = points[(i + 1) % 4] - points[i];
            DVec2::new(edge.y, -edge.x).normalize_or_zero()
        })
    }

    /// The smallest box holding the leaf.
    pub fn bounds(&self) -> (Vec2, Vec2) {
        let min = self.corners.iter().copied().reduce(Vec2::min);
        let max = self.corners.iter().copied().reduce(Vec2::max);
        (min.unwrap_or(Vec2::ZERO), max.unwrap_or(Vec2::ZERO))
    }
}

/// A leaf ready for the narrowphase: f64 corners and normals, and bounds.
#[derive(Debug, Clone, Copy, PartialEq)]
struct LeafShape {
    points: [DVec2; 4],
    normals: [DVec2; 4],
    bounds: Aabb,
}

impl LeafShape {
    fn new(leaf: &Leaf) -> Self {
        let (min, max) = leaf.bounds();
        Self {
            points: leaf.points(),
            normals: leaf.normals(),
            bounds: Aabb {
                min: min.as_dvec2(),
                max: max.as_dvec2(),
            },
        }
    }
}

/// Every door's leaf where it stands now, indexed by where each can ever
/// be. Moving a leaf ([`set`](Self::set)) costs the same whatever the
/// number of leaves.
#[derive(Debug, Clone, PartialEq)]
pub struct DoorLeaves {
    leaves: Vec<Leaf>,
    shapes: Vec<LeafShape>,
    /// Leaf ids by swept bounds.
    grid: UniformGrid,
}

impl DoorLeaves {
    /// The leaves as they stand, each with the box `(min, max)` it can ever
    /// occupy (its swept bounds). A leaf later [`set`](Self::set) outside
    /// its swept box is met only where the box is.
    pub fn new(leaves: Vec<Leaf>, swept: &[(Vec2, Vec2)]) -> Self {
        let boxes: Vec<(u32, Aabb)> = (0..)
            .zip(swept)
            .filter_map(|(id, &(min, max))| {
                let (min, max) = (min.as_dvec2(), max.as_dvec2());
                (min.is_finite() && max.is_finite()).then_some((id, Aabb { min, max }))
            })
            .collect();
        Self {
            shapes: leaves.iter().map(LeafShape::new).collect(),
            leaves,
            grid: UniformGrid::build(&boxes),
        }
    }

    /// A set with no leaves.
    pub fn empty() -> Self {
        Self::new(Vec::new(), &[])
    }

    /// How many leaves there are.
    pub fn len(&self) -> usize {
        self.leaves.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.leaves.is_empty()
    }

    /// Leaf `index` where it stands (`None` past the end).
    pub fn leaf(&self, index: usize) -> Option<&Leaf> {
        self.leaves.get(index)
    }

    /// Every leaf where it stands, by index.
    pub fn leaves(&self) -> &[Leaf] {
        &self.leaves
    }

    /// Moves leaf `index` to `leaf` (nothing past the end).
    pub fn set(&mut self, index: usize, leaf: Leaf) {
        if let (Some(slot), Some(shape)) = (self.leaves.get_mut(index), self.shapes.get_mut(index))
        {
            *slot = leaf;
            *shape = LeafShape::new(&leaf);
        }
    }

    /// The moving test of a body of `radius` at `centre`, standing still,
    /// against leaf `index` moving by `leaf_motion` (see
    /// [`circle_against_moving_polygon`](super::circle_against_moving_polygon)).
    pub fn moving_contact(
        &self,
        index: usize,
        centre: Vec2,
        radius: f32,
        leaf_motion: Vec2,
    ) -> MovingContact {
        match self.shapes.get(index) {
            Some(shape) => moving_contact(
                centre.as_dvec2(),
                -leaf_motion.as_dvec2(),
                &shape.points,
                &shape.normals,
                f64::from(radius.max(0.0)),
            ),
            None => MovingContact::Separate,
        }
    }

    /// The minimum translation that takes a body of `radius` at `p` out of
    /// leaf `index`; `None` when they do not overlap (touching counts as
    /// not), or past the end.
    pub fn push_out_of(&self, index: usize, p: Vec2, radius: f32) -> Option<Vec2> {
        let shape = self.shapes.get(index)?;
        let (distance, normal) =
            signed_distance_to_polygon(p.as_dvec2(), &shape.points, &shape.normals);
        let depth = f64::from(radius) - distance;
        (depth > 0.0).then(|| (normal * depth).as_vec2())
    }

    /// The indices of the leaves within `reach` of `point` (their boxes,
    /// found through the grid), each once, in index order: the cost
    /// follows the leaves near the point, not all of them.
    pub fn indices_near(&self, point: Vec2, reach: f32) -> Vec<usize> {
        let at = point.as_dvec2();
        let area = Aabb { min: at, max: at };
        let mut indices: Vec<usize> = self
            .near(&area, f64::from(reach))
            .map(|(id, _)| id)
            .collect();
        indices.sort_unstable();
        indices.dedup();
        indices
    }

    /// The leaves whose swept box comes within `margin` of `area`, with
    /// their shapes (a leaf may come more than once).
    fn near(&self, area: &Aabb, margin: f64) -> impl Iterator<Item = (usize, &LeafShape)> {
        let grown = Aabb {
            min: area.min - DVec2::splat(margin),
            max: area.max + DVec2::splat(margin),
        };
        let cells = if self.shapes.is_empty() || !grown.min.is_finite() || !grown.max.is_finite() {
            None
        } else {
            Some(self.grid.cell_range(grown, 0.0))
        };
        cells
            .into_iter()
            .flat_map(move |[x0, x1, y0, y1]| {
                (y0..=y1).flat_map(move |y| (x0..=x1).flat_map(move |x| self.grid.cell(x, y)))
            })
            .map(|&id| id as usize)
            .filter_map(move |id| {
                let shape = &self.shapes[id];
                let reach = Aabb {
                    min: shape.bounds.min - DVec2::splat(margin),
                    max: shape.bounds.max + DVec2::splat(margin),
                };
                reach.overlaps(area).then_some((id, shape))
            })
    }

    /// The earliest entry of the eye moving `start + t · motion` into a leaf
    /// grown by `radius`, with the leaf's index (the lowest on ties).
    pub(super) fn cast(
        &self,
        start: DVec2,
        motion: DVec2,
        radius: f64,
    ) -> Option<(SweepHit, usize)> {
        let path = Aabb::of_path(start, motion);
        let mut best: Option<(SweepHit, usize)> = None;
        for (id, shape) in self.near(&path, radius) {
            let hit = sweep_rounded_polygon(start, motion, &shape.points, &shape.normals, radius);
            if let Some(hit) = hit
                && best.is_none_or(|(b, b_id)| hit.t < b.t || (hit.t == b.t && id < b_id))
            {
                best = Some((hit, id));
            }
        }
        best
    }

    /// The deepest overlap of a body of `radius` at `p` with a leaf: the
    /// translation that takes it out, and the leaf's index.
    pub(super) fn overlap(&self, p: DVec2, radius: f64) -> Option<(DVec2, usize)> {
        let at = Aabb { min: p, max: p };
        let mut deepest: Option<(f64, DVec2, usize)> = None;
        for (id, shape) in self.near(&at, radius) {
            let (distance, normal) = signed_distance_to_polygon(p, &shape.points, &shape.normals);
            let depth = radius - distance;
            if depth > 0.0
                && deepest.is_none_or(|(d, _, d_id)| depth > d || (depth == d && id < d_id))
            {
                deepest = Some((depth, normal, id));
            }
        }
        deepest.map(|(depth, normal, id)| (normal * depth, id))
    }
}
