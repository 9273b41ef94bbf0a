//! Door leaves: convex boxes that move between ticks, which the immutable
//! [`Collider`](super::Collider) meets without being rebuilt.
//!
//! Each leaf is registered once, in a grid of its own ([`LeafCells`]),
//! under its *swept* bounds: the whole region it can ever occupy. Moving a
//! leaf then only rewrites its four corners, never the grid, and a move of
//! the eye looks only at the leaves whose swept bounds come near its path,
//! so its cost grows with the doors near the eye, not with all the doors.
//! A move asks the leaves' grid once: [`NearLeaves`] holds the leaves
//! filed in the grid cell of its start, and its casts and overlap tests
//! look through those alone.

use glam::{DVec2, Vec2};

use super::grid::Aabb;
use super::leaf_cells::LeafCells;
use super::moving_sat::{MovingContact, moving_contact};
use super::polygon::{ConvexPolygon, PolygonError, signed_distance_to_polygon};
use super::sweep::{SweepHit, sweep_rounded_polygon};

/// A leaf where it stands: a box `thickness` thick around the centreline
/// from one edge to the other, counter-clockwise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Leaf {
    corners: [Vec2; 4],
}

impl Leaf {
    /// A leaf that is nowhere: nothing meets it (a rise door risen above
    /// the walker's head). Its corners lie at infinity, so its box
    /// overlaps no finite box and no point is inside it; it equals itself.
    pub const ABSENT: Self = Self {
        corners: [Vec2::INFINITY; 4],
    };

    /// Whether this is [`ABSENT`](Self::ABSENT) (or any leaf with a
    /// corner that is not finite): one that nothing meets.
    pub fn is_absent(&self) -> bool {
        !self.corners.iter().all(|corner| corner.is_finite())
    }

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

    /// Signed distance from `p` to the leaf: negative inside; infinite
    /// from an absent leaf.
    pub fn signed_distance(&self, p: Vec2) -> f32 {
        if self.is_absent() {
            return f32::INFINITY;
        }
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
    cells: LeafCells,
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
            cells: LeafCells::build(&boxes),
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
            Some(_) if self.leaves[index].is_absent() => MovingContact::Separate,
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
    /// not), past the end, or for an absent leaf.
    pub fn push_out_of(&self, index: usize, p: Vec2, radius: f32) -> Option<Vec2> {
        if self.leaves.get(index)?.is_absent() {
            return None;
        }
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
        let mut indices = Vec::new();
        self.for_each_near(&area, f64::from(reach), |id, _| indices.push(id));
        indices.sort_unstable();
        indices.dedup();
        indices
    }

    /// Calls `visit` with each leaf whose swept box comes within `margin`
    /// of `area` (through the grid's cells) and whose box as it stands
    /// does too, and its shape (a leaf may come more than once).
    fn for_each_near(&self, area: &Aabb, margin: f64, mut visit: impl FnMut(usize, &LeafShape)) {
        let grown = grown_by(area, margin);
        self.cells.for_each_in(&grown, |id| {
            let shape = &self.shapes[id as usize];
            if shape.bounds.overlaps(&grown) {
                visit(id as usize, shape);
            }
        });
    }

    /// Whether no leaf's box, as it stands, comes within `reach` of
    /// `start` (on either axis), as the leaves filed in the start's cell
    /// tell: a move whose casts stay within `reach` of its start then
    /// meets no leaf. False when one cell cannot tell (a reach past the
    /// grid's halo).
    #[inline]
    pub(super) fn none_near(&self, start: DVec2, reach: f64) -> bool {
        self.cells.near(start, reach).is_some_and(|filed| {
            let area = square(start, reach);
            !filed
                .iter()
                .any(|&id| self.shapes[id as usize].bounds.overlaps(&area))
        })
    }

    /// The leaves near a move from `start` whose every cast and overlap
    /// test stays within `reach` of it (on either axis): one look at the
    /// leaves' grid for the whole move, which for a move far from every
    /// leaf is an empty run.
    #[inline]
    pub(super) fn near_move(&self, start: DVec2, reach: f64) -> NearLeaves<'_> {
        match self.cells.near(start, reach) {
            Some(filed) => NearLeaves {
                all: self,
                start,
                one_cell: true,
                any: !filed.is_empty() && {
                    let area = square(start, reach);
                    filed
                        .iter()
                        .any(|&id| self.shapes[id as usize].bounds.overlaps(&area))
                },
                filed,
            },
            // A reach past what one cell lists: the whole set answers.
            None => {
                let area = square(start, reach);
                let mut any = false;
                self.cells.for_each_in(&area, |id| {
                    any |= self.shapes[id as usize].bounds.overlaps(&area);
                });
                NearLeaves {
                    all: self,
                    start,
                    one_cell: false,
                    filed: &[],
                    any,
                }
            }
        }
    }

    /// The earliest entry of the eye moving `start + t · motion` into a leaf
    /// grown by `radius`, with the leaf's index (the lowest on ties).
    fn cast(&self, start: DVec2, motion: DVec2, radius: f64) -> Option<(SweepHit, usize)> {
        let path = Aabb::of_path(start, motion);
        let mut best = None;
        self.for_each_near(&path, radius, |id, shape| {
            keep_earlier_entry(&mut best, id, shape, start, motion, radius);
        });
        best
    }

    /// The deepest overlap of a body of `radius` at `p` with a leaf: the
    /// translation that takes it out, and the leaf's index.
    fn overlap(&self, p: DVec2, radius: f64) -> Option<(DVec2, usize)> {
        let at = Aabb { min: p, max: p };
        let mut deepest = None;
        self.for_each_near(&at, radius, |id, shape| {
            keep_deeper_overlap(&mut deepest, id, shape, p, radius);
        });
        way_out(deepest)
    }
}

/// Keeps in `best` the earlier of it and the entry of the eye moving
/// `start + t · motion` into leaf `id` grown by `radius` (the lower index
/// on a tie).
fn keep_earlier_entry(
    best: &mut Option<(SweepHit, usize)>,
    id: usize,
    shape: &LeafShape,
    start: DVec2,
    motion: DVec2,
    radius: f64,
) {
    let hit = sweep_rounded_polygon(start, motion, &shape.points, &shape.normals, radius);
    if let Some(hit) = hit
        && best.is_none_or(|(b, b_id)| hit.t < b.t || (hit.t == b.t && id < b_id))
    {
        *best = Some((hit, id));
    }
}

/// The square of half-side `reach` around `centre`.
fn square(centre: DVec2, reach: f64) -> Aabb {
    Aabb {
        min: centre - DVec2::splat(reach),
        max: centre + DVec2::splat(reach),
    }
}

/// `area` grown by `margin` on every side.
fn grown_by(area: &Aabb, margin: f64) -> Aabb {
    Aabb {
        min: area.min - DVec2::splat(margin),
        max: area.max + DVec2::splat(margin),
    }
}

/// The translation that takes a body out of the deepest overlap kept by
/// [`keep_deeper_overlap`], and the leaf's index.
fn way_out(deepest: Option<(f64, DVec2, usize)>) -> Option<(DVec2, usize)> {
    deepest.map(|(depth, normal, id)| (normal * depth, id))
}

/// Keeps in `deepest` (depth, outward normal, index) the deeper of it and
/// the overlap of a body of `radius` at `p` with leaf `id` (the lower
/// index on a tie).
fn keep_deeper_overlap(
    deepest: &mut Option<(f64, DVec2, usize)>,
    id: usize,
    shape: &LeafShape,
    p: DVec2,
    radius: f64,
) {
    let (distance, normal) = signed_distance_to_polygon(p, &shape.points, &shape.normals);
    let depth = radius - distance;
    if depth > 0.0 && deepest.is_none_or(|(d, _, d_id)| depth > d || (depth == d && id < d_id)) {
        *deepest = Some((depth, normal, id));
    }
}

/// The leaves near one move ([`DoorLeaves::near_move`]): those filed in
/// the leaves' grid cell of the move's start, which holds every leaf whose
/// box meets the cell grown by the grid's halo. A question inside that box
/// (a slide's casts, the overlap at the start, and most after a push out
/// of a leaf) looks through these alone; one that reaches out of it asks
/// the whole set, so that the answers are the whole set's either way.
pub(super) struct NearLeaves<'a> {
    all: &'a DoorLeaves,
    /// Where the move starts.
    start: DVec2,
    /// Whether `filed` is the list of the start's cell (not when the move
    /// reaches past what one cell lists: every question then asks the
    /// whole set).
    one_cell: bool,
    /// The ids of the leaves filed in the start's cell, ascending: some
    /// may be far from the move.
    filed: &'a [u32],
    /// Whether any leaf's box meets the square around the start that the
    /// move's casts stay in.
    any: bool,
}

impl NearLeaves<'_> {
    /// Whether `filed` holds every leaf whose box meets `area`.
    fn covers(&self, area: &Aabb) -> bool {
        if !self.one_cell {
            return false;
        }
        let covered = self.all.cells.covered_around(self.start);
        area.min.cmpge(covered.min).all() && area.max.cmple(covered.max).all()
    }

    /// The filed leaves whose boxes meet `area`, with their shapes.
    fn listed_in(&self, area: &Aabb) -> impl Iterator<Item = (usize, &LeafShape)> {
        self.filed
            .iter()
            .map(|&id| (id as usize, &self.all.shapes[id as usize]))
            .filter(|(_, shape)| shape.bounds.overlaps(area))
    }

    /// Whether any leaf's box meets the square that the move's casts
    /// stay in.
    pub(super) fn any(&self) -> bool {
        self.any
    }

    /// The earliest entry of the eye moving `start + t · motion` into a
    /// leaf grown by `radius`, with the leaf's index (the lowest on ties).
    pub(super) fn cast(
        &self,
        start: DVec2,
        motion: DVec2,
        radius: f64,
    ) -> Option<(SweepHit, usize)> {
        let reached = grown_by(&Aabb::of_path(start, motion), radius);
        if self.covers(&reached) {
            let mut best = None;
            for (id, shape) in self.listed_in(&reached) {
                keep_earlier_entry(&mut best, id, shape, start, motion, radius);
            }
            best
        } else {
            self.all.cast(start, motion, radius)
        }
    }

    /// The deepest overlap of a body of `radius` at `p` with a leaf: the
    /// translation that takes it out, and the leaf's index.
    pub(super) fn overlap(&self, p: DVec2, radius: f64) -> Option<(DVec2, usize)> {
        let reached = grown_by(&Aabb { min: p, max: p }, radius);
        if self.covers(&reached) {
            let mut deepest = None;
            for (id, shape) in self.listed_in(&reached) {
                keep_deeper_overlap(&mut deepest, id, shape, p, radius);
            }
            way_out(deepest)
        } else {
            self.all.overlap(p, radius)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Leaves 0.8 m long and 0.1 m thick along the x axis, one a metre,
    /// each standing still within its own box.
    fn row_of_leaves(count: usize) -> DoorLeaves {
        let leaves: Vec<Leaf> = (0..count)
            .map(|i| {
                let x = i as f32;
                Leaf::around(Vec2::new(x, 0.0), Vec2::new(x + 0.8, 0.0), 0.1)
            })
            .collect();
        let swept: Vec<(Vec2, Vec2)> = leaves.iter().map(Leaf::bounds).collect();
        DoorLeaves::new(leaves, &swept)
    }

    const RADIUS: f64 = 0.25;

    /// Where the casts start, between leaves 4 and 5, and how far around
    /// it a move's near leaves reach (within the cells' halo): leaves 4
    /// and 5.
    const BESIDE: DVec2 = DVec2::new(4.9, 0.3);
    const REACH: f64 = 0.4;

    /// Casts from beside leaves 4 and 5: inside the near leaves' area (two
    /// of them hitting a leaf), and out of it, to leaves far along the
    /// row.
    fn casts() -> [(DVec2, DVec2); 5] {
        [
            (BESIDE, DVec2::new(0.0, -0.1)),
            (BESIDE, DVec2::new(0.1, -0.1)),
            (BESIDE, DVec2::new(0.05, 0.1)),
            (BESIDE, DVec2::new(8.0, -0.6)),
            (DVec2::new(12.4, 1.0), DVec2::new(0.0, -1.0)),
        ]
    }

    /// The ids of the near leaves that the near leaves' own area meets.
    fn listed(near: &NearLeaves, reach: f64) -> Vec<usize> {
        near.listed_in(&square(near.start, reach))
            .map(|(id, _)| id)
            .collect()
    }

    #[test]
    fn a_moves_near_leaves_answer_as_the_whole_set_inside_their_area_and_out() {
        let all = row_of_leaves(20);
        let near = all.near_move(BESIDE, REACH);
        assert_eq!(listed(&near, REACH), [4, 5]);
        assert!(near.any());
        let mut hits = 0;
        let mut covered = 0;
        for (start, motion) in casts() {
            let answer = all.cast(start, motion, RADIUS);
            hits += usize::from(answer.is_some());
            covered += usize::from(near.covers(&grown_by(&Aabb::of_path(start, motion), RADIUS)));
            assert_eq!(
                near.cast(start, motion, RADIUS),
                answer,
                "{start} by {motion}"
            );
        }
        assert_eq!((hits, covered), (4, 3));
        for p in [
            DVec2::new(5.4, 0.2),
            DVec2::new(4.85, 0.2),
            DVec2::new(9.4, 0.1),
        ] {
            let answer = all.overlap(p, RADIUS);
            assert!(answer.is_some(), "at {p}");
            assert_eq!(near.overlap(p, RADIUS), answer, "at {p}");
        }
    }

    #[test]
    fn a_move_reaching_past_one_cell_asks_the_whole_set() {
        let all = row_of_leaves(20);
        let near = all.near_move(BESIDE, 2.0);
        assert!(near.any() && listed(&near, 2.0).is_empty());
        for (start, motion) in casts() {
            let answer = all.cast(start, motion, RADIUS);
            assert_eq!(
                near.cast(start, motion, RADIUS),
                answer,
                "{start} by {motion}"
            );
        }
    }

    #[test]
    fn none_near_says_whether_a_leafs_box_comes_within_reach() {
        let all = row_of_leaves(20);
        let mut near = 0;
        let mut far = 0;
        for step in 0..400 {
            // Points along and across the row; reaches within the cells'
            // halo (half a cell, a cell being at least a leaf's box).
            let start = DVec2::new(
                f64::from(step % 40) * 0.55 - 1.0,
                f64::from(step / 40) * 0.15 - 0.7,
            );
            let reach = 0.05 + f64::from(step % 6) * 0.06;
            let area = square(start, reach);
            let meets = all.shapes.iter().any(|shape| shape.bounds.overlaps(&area));
            assert_eq!(
                all.none_near(start, reach),
                !meets,
                "{start} within {reach}"
            );
            near += usize::from(meets);
            far += usize::from(!meets);
        }
        assert!(near > 50 && far > 50, "{near} near, {far} far");
        // A reach past what one cell lists: the cell cannot tell.
        assert!(!all.none_near(DVec2::new(5.4, 3.0), 2.0));
    }

    #[test]
    fn a_move_far_from_every_leaf_lists_none() {
        let all = row_of_leaves(20);
        let start = DVec2::new(5.4, 3.0);
        let near = all.near_move(start, 0.3);
        assert!(!near.any());
        assert_eq!(near.cast(start, DVec2::new(0.03, 0.0), RADIUS), None);
    }
}
