//! Which walls and obstacles the eye can see, worked out on the floor plan
//! (Doom's and Wolfenstein 3D's idea, on the collider's uniform grid): the
//! renderer draws only those, and the map marks them as seen.
//!
//! A 1D angular depth buffer splits the view wedge into [`BIN_COUNT`] bins.
//! Grid cells are visited in rings around the eye, and the shapes found are
//! tested nearest first. In each bin a shape reaches, the part of it inside
//! the bin is visible unless it lies beyond the bin's depth or wholly
//! behind the occluders that cover the bin. An occluding wall then covers
//! the bins it crosses from edge to edge, alone; and a bin that two walls
//! enter from opposite edges and that meet inside it (a joint, a corner),
//! together. The walk stops when every bin is closed nearer than the next
//! ring.
//!
//! The answer is conservative: a bin is closed, or part of it hidden, only
//! by walls that truly cover it, and rounding errs towards "visible", so no
//! visible shape is left out (a wall that only touches an occluder from
//! behind, at a joint, counts as hidden). It may include a few hidden ones.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use glam::{DVec2, Vec2};

use super::collider::{Collider, Shape, ShapeGrid};
use super::grid::{Aabb, CellEntry};
use super::outcome::Surface;

/// Number of angle bins across the view wedge. A bin closes only when one
/// wall, or two that meet inside it, cross it whole, so wider bins close
/// later at a distance; narrower ones cost more per wall. With 128 bins
/// across the default 102° view, a 1 m wall closes its bins out to about
/// 70 m.
pub const BIN_COUNT: usize = 128;

/// Closure depths are pushed back by this fraction (and as many metres),
/// so that rounding never lets a closure hide what lies exactly at it.
const CLOSURE_GUARD: f64 = 1e-9;

/// A ray that misses a segment's end by at most this fraction of the
/// segment still counts as touching it when looking for its nearest point.
const END_TOLERANCE: f64 = 1e-9;

/// A point nearer than this to an occluder's line (relative to the line's
/// distance from the eye plus one metre) counts as on it: where a wall
/// meets an occluder at a joint behind it (an L or a T seen from the
/// front), it is hidden, not seen through a crack of no width.
const ON_LINE: f64 = 1e-12;

/// An eye within this many metres of a segment stands on it.
const ON_SEGMENT: f64 = 1e-9;

/// What the eye sees: a wedge on the floor plan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewWedge {
    /// The eye's position (x, z).
    pub eye: Vec2,
    /// The heading in radians, as the camera's yaw: 0 looks along +x, π/2
    /// along +z.
    pub yaw: f32,
    /// Half the horizontal field of view, in radians. Must be positive;
    /// values above π count as π (all round).
    pub half_angle: f32,
    /// How far the eye sees, in metres (the far plane). Must be positive;
    /// may be infinite.
    pub max_distance: f32,
}

/// The walls and obstacles that [`Collider::visible_shapes`] found visible,
/// with the scratch space it reuses from one query to the next (so that a
/// query allocates only while the set grows). It keeps one bit per shape
/// of the last collider it served.
#[derive(Debug, Clone, Default)]
pub struct VisibleSet {
    walls: Vec<usize>,
    obstacles: Vec<usize>,
    buffer: AngularBuffer,
    /// One bit per shape (by the collider's dense index): visited in this
    /// query (a bitset, so that even a million shapes take 128 KB and stay
    /// in cache).
    visited: Vec<u64>,
    /// The dense indices visited in this query, to clear their bits.
    visited_ids: Vec<u32>,
    /// Shapes found but not yet tested, by distance from the eye (as f64
    /// bits), then rank (walls by index, then obstacles: the same order
    /// whatever slots the shapes hold), with their grid ids; nearest
    /// first.
    queue: BinaryHeap<Reverse<(u64, usize, u32)>>,
}

impl VisibleSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Indices into [`Collider::walls`] of the visible walls, ascending.
    pub fn walls(&self) -> &[usize] {
        &self.walls
    }

    /// Indices into [`Collider::obstacles`] of the visible obstacles,
    /// ascending.
    pub fn obstacles(&self) -> &[usize] {
        &self.obstacles
    }

    /// Starts a query over shapes with dense indices below `shape_count`:
    /// empties the set and makes every shape unvisited.
    fn start(&mut self, shape_count: usize) {
        self.walls.clear();
        self.obstacles.clear();
        let words = shape_count.div_ceil(64);
        if self.visited.len() == words {
            for &id in &self.visited_ids {
                self.visited[id as usize / 64] = 0;
            }
        } else {
            self.visited.clear();
            self.visited.resize(words, 0);
        }
        self.visited_ids.clear();
    }

    /// Marks the shape of dense index `id` visited; `false` when it
    /// already was in this query.
    fn first_visit(&mut self, id: usize) -> bool {
        let (word, bit) = (id / 64, 1u64 << (id % 64));
        let fresh = self.visited[word] & bit == 0;
        if fresh {
            self.visited[word] |= bit;
            self.visited_ids.push(id as u32);
        }
        fresh
    }
}

impl Collider {
    /// The walls and obstacles that an eye looking along `view` can see:
    /// those with some part inside the wedge, within its distance, that is
    /// not hidden behind an occluding wall. Writes them to `out` (sorted by
    /// index).
    ///
    /// Walls hide what is behind them only where `occludes[i]` is true (a
    /// wall lower than the ceiling does not); a missing entry counts as not
    /// occluding. Walls count by their centre segment, obstacles by their
    /// polygon, and obstacles never hide anything. Walls with non-finite
    /// geometry are never visible.
    ///
    /// Conservative: every shape that a ray from the eye inside the wedge
    /// reaches before any occluding wall is in the set; a few hidden ones
    /// may be too (see the module's notes). A view with a non-finite eye or
    /// yaw, or a half-angle or distance that is not positive, sees nothing.
    ///
    /// The cost follows what is visible: cells are visited in rings around
    /// the eye until every angle bin is closed, so a view down a maze's
    /// corridor costs the same in a small maze and in a huge one.
    pub fn visible_shapes(&self, view: &ViewWedge, occludes: &[bool], out: &mut VisibleSet) {
        out.start(self.dense_count());
        if self.grid.columns() == 0 || !out.buffer.reset(view) {
            return;
        }
        let eye = out.buffer.eye;
        let Some(cells) = wedge_cells(&self.grid, &out.buffer) else {
            return;
        };
        let centre = self.grid.cell_of(eye);
        let mut ring = 0;
        loop {
            let farthest = out.buffer.farthest();
            let more = visit_ring(centre, ring, cells, &mut |column, row| {
                if self.grid.cell_box(column, row).distance_to(eye) >= farthest {
                    return;
                }
                for entry in self.grid.cell(column, row) {
                    let id = entry.id();
                    if out.first_visit(self.dense_index(id))
                        && let Some(distance) = self.shape_distance(self.filed_shape(entry), eye)
                        && distance < farthest
                    {
                        out.queue
                            .push(Reverse((distance.to_bits(), self.rank(id), id)));
                    }
                }
            });
            // Nothing undiscovered is nearer than this.
            let bound = if more {
                distance_beyond_block(&self.grid, eye, centre, ring, cells)
            } else {
                None
            };
            // Test the shapes found so far that are nearer than that, nearest
            // first, so that occluders close bins before what they hide is
            // tested. (Distances are non-negative, so their bits sort alike.)
            while let Some(&Reverse((bits, rank, id))) = out.queue.peek() {
                let distance = f64::from_bits(bits);
                if bound.is_some_and(|b| distance > b) {
                    break;
                }
                out.queue.pop();
                self.test_shape(id, rank, occludes, out);
            }
            match bound {
                Some(b) if out.buffer.farthest() > b => ring += 1,
                _ => break,
            }
        }
        out.queue.clear();
        out.walls.sort_unstable();
        out.obstacles.sort_unstable();
    }
}

impl Collider {
    /// Distance from the eye to `shape` (0 inside an obstacle); `None` for
    /// a wall with non-finite geometry.
    fn shape_distance(&self, shape: Shape, eye: DVec2) -> Option<f64> {
        match shape {
            Shape::Wall(capsule) => capsule.map(|c| distance_to_segment(eye, c.a(), c.b())),
            Shape::Obstacle(obstacle) => {
                let (points, normals) = (obstacle.points(), obstacle.normals());
                let inside = points
                    .iter()
                    .zip(normals)
                    .all(|(p, n)| (eye - *p).dot(*n) <= 0.0);
                let outline = (0..points.len())
                    .map(|i| distance_to_segment(eye, points[i], points[(i + 1) % points.len()]))
                    .fold(f64::INFINITY, f64::min);
                Some(if inside { 0.0 } else { outline })
            }
        }
    }

    /// Tests the shape filed under `id`, of rank `rank`, against the
    /// buffer (closing bins if it is an occluding wall) and records it in
    /// `out` when visible.
    fn test_shape(&self, id: u32, rank: usize, occludes: &[bool], out: &mut VisibleSet) {
        match (self.shape(id), self.surface_of_rank(rank)) {
            (Shape::Wall(Some(capsule)), Surface::Wall(index)) => {
                let occluder = occludes.get(index).copied().unwrap_or(false);
                if out.buffer.test_segment(capsule.a(), capsule.b(), occluder) {
                    out.walls.push(index);
                }
            }
            (Shape::Obstacle(obstacle), Surface::Obstacle(index))
                if out
                    .buffer
                    .test_polygon(obstacle.points(), obstacle.normals()) =>
            {
                out.obstacles.push(index);
            }
            // A wall with non-finite geometry, or an obstacle not visible.
            _ => {}
        }
    }
}

/// Distance from `p` to segment `a → b`, in f64.
fn distance_to_segment(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let length_squared = ab.length_squared();
    let t = if length_squared > 0.0 {
        ((p - a).dot(ab) / length_squared).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// Inclusive cell range `[x0, x1, y0, y1]` of the grid that the wedge can
/// reach, or `None` when it reaches no cell.
fn wedge_cells(grid: &ShapeGrid, buffer: &AngularBuffer) -> Option<[usize; 4]> {
    let grid_box = Aabb {
        min: grid.cell_box(0, 0).min,
        max: grid.cell_box(grid.columns() - 1, grid.rows() - 1).max,
    };
    let eye = buffer.eye;
    let corners = [
        grid_box.min,
        grid_box.max,
        DVec2::new(grid_box.min.x, grid_box.max.y),
        DVec2::new(grid_box.max.x, grid_box.min.y),
    ];
    let reach_grid = corners.iter().map(|c| c.distance(eye)).fold(0.0, f64::max);
    if grid_box.distance_to(eye) > buffer.max_distance {
        return None;
    }
    let reach = buffer.max_distance.min(reach_grid);
    // The wedge's box: the eye, the ends of its two edges, and the points of
    // its arc on the axes that lie inside it.
    let mut reached = Aabb { min: eye, max: eye };
    let mut include = |p: DVec2| {
        reached.min = reached.min.min(p);
        reached.max = reached.max.max(p);
    };
    include(eye + buffer.directions[0] * reach);
    include(eye + buffer.directions[BIN_COUNT] * reach);
    for axis in [DVec2::X, DVec2::Y, -DVec2::X, -DVec2::Y] {
        if buffer.local_angle(axis).abs() <= buffer.half_angle {
            include(eye + axis * reach);
        }
    }
    reached
        .overlaps(&grid_box)
        .then(|| grid.cell_range(reached, 0.0))
}

/// Visits the cells of ring `ring` around `centre` (those at Chebyshev
/// distance `ring`) that lie in `cells`; `false` when the ring lies wholly
/// outside `cells` and so does every later one.
fn visit_ring(
    centre: (usize, usize),
    ring: usize,
    [x0, x1, y0, y1]: [usize; 4],
    visit: &mut impl FnMut(usize, usize),
) -> bool {
    let (cx, cy) = (centre.0 as i64, centre.1 as i64);
    let k = ring as i64;
    let (x0, x1, y0, y1) = (x0 as i64, x1 as i64, y0 as i64, y1 as i64);
    let (left, right, bottom, top) = (cx - k, cx + k, cy - k, cy + k);
    if left < x0 && right > x1 && bottom < y0 && top > y1 {
        return false;
    }
    let columns = left.max(x0)..=right.min(x1);
    for row in [bottom, top] {
        if (y0..=y1).contains(&row) {
            for column in columns.clone() {
                visit(column as usize, row as usize);
            }
        }
        if k == 0 {
            return true;
        }
    }
    for column in [left, right] {
        if (x0..=x1).contains(&column) {
            for row in (bottom + 1).max(y0)..=(top - 1).min(y1) {
                visit(column as usize, row as usize);
            }
        }
    }
    true
}

/// The least distance from `eye` to any cell of `cells` outside the block of
/// rings `0..=ring` around `centre`; `None` when there is no such cell.
fn distance_beyond_block(
    grid: &ShapeGrid,
    eye: DVec2,
    centre: (usize, usize),
    ring: usize,
    [x0, x1, y0, y1]: [usize; 4],
) -> Option<f64> {
    let low = grid.cell_box(centre.0.saturating_sub(ring), centre.1.saturating_sub(ring));
    let high = grid.cell_box(centre.0 + ring, centre.1 + ring);
    let sides = [
        (centre.0 > x0 + ring, eye.x - low.min.x),
        (centre.0 + ring < x1, high.max.x - eye.x),
        (centre.1 > y0 + ring, eye.y - low.min.y),
        (centre.1 + ring < y1, high.max.y - eye.y),
    ];
    sides
        .iter()
        .filter(|(beyond, _)| *beyond)
        .map(|(_, distance)| distance.max(0.0))
        .reduce(f64::min)
}

/// The angular depth buffer of one view.
#[derive(Debug, Clone, Default)]
struct AngularBuffer {
    eye: DVec2,
    /// Unit heading.
    forward: DVec2,
    half_angle: f64,
    bin_width: f64,
    max_distance: f64,
    /// `BIN_COUNT + 1` unit directions of the bins' edges, relative to the
    /// heading, counter-clockwise from `-half_angle` (kept while the
    /// half-angle does not change).
    local: Vec<DVec2>,
    /// The same edges in the world.
    directions: Vec<DVec2>,
    /// Per bin: everything at or beyond this distance is hidden.
    depth: Vec<f64>,
    /// Per bin: the nearest occluders known to cover all of it, and the
    /// depth beyond which they hide everything.
    covers: Vec<Option<(Cover, f64)>>,
    /// Per bin: the occluding wall that covers most of it from its lower
    /// edge, and the one from its upper edge (two pieces meeting at a joint
    /// or a corner cover the bin together).
    from_lower: Vec<Option<Partial>>,
    from_upper: Vec<Option<Partial>>,
}

/// The line of an occluding wall: points `p` (relative to the eye) with
/// `normal · p > offset` lie behind it, as seen from the eye.
#[derive(Debug, Clone, Copy)]
struct Line {
    normal: DVec2,
    offset: f64,
}

impl Line {
    /// The line through `to_a` along `edge` (relative to the eye), facing
    /// away from the eye.
    fn through(to_a: DVec2, edge: DVec2) -> Self {
        let normal = edge.perp().normalize_or_zero();
        let offset = normal.dot(to_a);
        if offset < 0.0 {
            Self {
                normal: -normal,
                offset: -offset,
            }
        } else {
            Self { normal, offset }
        }
    }

    /// Whether `p` lies behind the line or on it (within rounding): a wall
    /// that meets an occluder at a joint behind it is hidden there.
    fn hides(&self, p: DVec2) -> bool {
        self.normal.dot(p) >= self.offset - ON_LINE * (1.0 + self.offset.abs())
    }
}

/// Occluders that together cross a whole bin.
#[derive(Debug, Clone, Copy)]
enum Cover {
    /// One wall from edge to edge.
    Whole(Line),
    /// Two walls: `lower` covers the bin from its lower edge up to (at
    /// least) the direction `split`, `upper` from there to its upper edge.
    Split {
        lower: Line,
        upper: Line,
        split: DVec2,
    },
}

impl Cover {
    /// Whether the piece `p0 → p1` of a segment, inside the bin, lies wholly
    /// behind the cover.
    fn hides(&self, (p0, p1): (DVec2, DVec2)) -> bool {
        match *self {
            Cover::Whole(line) => line.hides(p0) && line.hides(p1),
            Cover::Split {
                lower,
                upper,
                split,
            } => {
                // Each end against the wall on its side of the split (an
                // exact orientation test on the exact `split`), and, when
                // the part crosses the split, its point there against both.
                let upper_side = |p: DVec2| split.perp_dot(p) >= 0.0;
                let behind = |p: DVec2| {
                    if upper_side(p) {
                        upper.hides(p)
                    } else {
                        lower.hides(p)
                    }
                };
                if !(behind(p0) && behind(p1)) {
                    return false;
                }
                if upper_side(p0) == upper_side(p1) {
                    return true;
                }
                let rate = split.perp_dot(p1 - p0);
                let t = (-split.perp_dot(p0) / rate).clamp(0.0, 1.0);
                let on_split = p0 + (p1 - p0) * t;
                lower.hides(on_split) && upper.hides(on_split)
            }
        }
    }
}

/// An occluding wall that covers a bin from one edge to its end inside it.
#[derive(Debug, Clone, Copy)]
struct Partial {
    /// The wall's end inside the bin, relative to the eye: exact (the
    /// difference of two f32 points in f64), so that orientation tests on
    /// it are exact too.
    end: DVec2,
    line: Line,
    /// Its farthest distance within the bin.
    depth: f64,
}

/// One bin edge against one segment `eye + to_a + s · edge`, `s ∈ [0, 1]`.
#[derive(Debug, Clone, Copy)]
struct EdgeRay {
    /// `direction × to_a` and `direction × edge`: the segment's point `s`
    /// lies counter-clockwise of the ray where `across + s · rate ≥ 0`.
    across: f64,
    rate: f64,
    /// Where the ray (ahead of the eye) crosses the segment: (`s`, distance).
    crossing: Option<(f64, f64)>,
}

/// `q` lies counter-clockwise of (or on the ray through) `p`: exact for the
/// exact relative vectors of wall ends.
fn counter_clockwise(p: DVec2, q: DVec2) -> bool {
    p.perp_dot(q) >= 0.0
}

/// A closure depth pushed back against rounding.
fn guarded(depth: f64) -> f64 {
    depth * (1.0 + CLOSURE_GUARD) + CLOSURE_GUARD
}

impl AngularBuffer {
    /// Sets the buffer up for `view`, every bin open to its distance;
    /// `false` for a view that sees nothing.
    fn reset(&mut self, view: &ViewWedge) -> bool {
        let valid = view.eye.is_finite()
            && view.yaw.is_finite()
            && view.half_angle > 0.0
            && view.max_distance > 0.0;
        if !valid {
            return false;
        }
        let half_angle = f64::from(view.half_angle).min(std::f64::consts::PI);
        if self.local.len() != BIN_COUNT + 1 || self.half_angle != half_angle {
            self.half_angle = half_angle;
            self.bin_width = 2.0 * half_angle / BIN_COUNT as f64;
            self.local = (0..=BIN_COUNT)
                .map(|i| DVec2::from_angle(-half_angle + i as f64 * self.bin_width))
                .collect();
        }
        self.eye = view.eye.as_dvec2();
        self.forward = DVec2::from_angle(f64::from(view.yaw));
        self.max_distance = f64::from(view.max_distance);
        let forward = self.forward;
        self.directions.clear();
        self.directions
            .extend(self.local.iter().map(|&u| forward.rotate(u)));
        self.depth.clear();
        self.depth.resize(BIN_COUNT, self.max_distance);
        for bins in [&mut self.from_lower, &mut self.from_upper] {
            bins.clear();
            bins.resize(BIN_COUNT, None);
        }
        self.covers.clear();
        self.covers.resize(BIN_COUNT, None);
        true
    }

    /// The farthest depth still open in any bin.
    fn farthest(&self) -> f64 {
        self.depth.iter().copied().fold(0.0, f64::max)
    }

    /// Angle of the direction `v` from the heading, in `(-π, π]`,
    /// counter-clockwise positive.
    fn local_angle(&self, v: DVec2) -> f64 {
        self.forward.perp_dot(v).atan2(self.forward.dot(v))
    }

    /// The bin holding `angle` (possibly outside `0..BIN_COUNT`).
    fn bin_of(&self, angle: f64) -> i64 {
        ((angle + self.half_angle) / self.bin_width).floor() as i64
    }

    /// Whether the segment `a → b` is visible in some bin; an occluding
    /// segment then closes the bins it covers.
    fn test_segment(&mut self, a: DVec2, b: DVec2, occludes: bool) -> bool {
        let (to_a, to_b) = (a - self.eye, b - self.eye);
        let edge = b - a;
        let length_squared = edge.length_squared();
        let s_closest = if length_squared > 0.0 {
            (-to_a.dot(edge) / length_squared).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let closest = (to_a + edge * s_closest).length();
        if closest <= ON_SEGMENT {
            // The eye stands on it: it is at the wedge's apex.
            return true;
        }
        let angle_a = self.local_angle(to_a);
        let sweep = to_a.perp_dot(to_b).atan2(to_a.dot(to_b));
        let (low, high) = (angle_a.min(angle_a + sweep), angle_a.max(angle_a + sweep));
        let segment = Segment {
            to_a,
            to_b,
            edge,
            line: Line::through(to_a, edge),
            s_closest,
            closest,
        };
        let mut visible = false;
        let h = self.half_angle;
        for shift in [0.0, std::f64::consts::TAU, -std::f64::consts::TAU] {
            let (from, to) = (low + shift, high + shift);
            if to < -h || from > h {
                continue;
            }
            // One bin of margin on each side against rounding.
            let first = (self.bin_of(from.max(-h)) - 1).max(0) as usize;
            let last = (self.bin_of(to.min(h)) + 1).min(BIN_COUNT as i64 - 1) as usize;
            if first <= last {
                visible |= self.scan(first, last, &segment, occludes);
            }
        }
        visible
    }

    /// [`test_segment`](Self::test_segment) over bins `first..=last`.
    fn scan(&mut self, first: usize, last: usize, segment: &Segment, occludes: bool) -> bool {
        let mut visible = false;
        let mut carried: Option<EdgeRay> = None;
        for bin in first..=last {
            if self.depth[bin] <= segment.closest {
                // Closed nearer than any of it: hidden here, and nothing it
                // could close would be nearer.
                carried = None;
                continue;
            }
            let lower = carried.unwrap_or_else(|| self.edge_ray(bin, segment));
            let upper = self.edge_ray(bin + 1, segment);
            // The part of the segment inside the bin: counter-clockwise of
            // the lower edge, clockwise of the upper one.
            let (mut s0, mut s1) = (0.0_f64, 1.0_f64);
            let inside = constrain(&mut s0, &mut s1, lower.across, lower.rate)
                && constrain(&mut s0, &mut s1, -upper.across, -upper.rate)
                && s0 <= s1 + END_TOLERANCE;
            if inside {
                // Once visible, only an occluder has more to do here.
                if !visible {
                    visible = self.visible_in(bin, segment, s0, s1);
                } else if !occludes {
                    break;
                }
                if occludes {
                    self.close(bin, segment, &lower, &upper, (s0, s1));
                }
            }
            carried = Some(upper);
        }
        visible
    }

    /// Whether the part `s0..=s1` of the segment (inside bin `bin`) is
    /// visible there: nearer than the bin's depth and not behind its cover.
    fn visible_in(&self, bin: usize, segment: &Segment, s0: f64, s1: f64) -> bool {
        // Widened a little against rounding, which only makes it more
        // visible.
        let s0 = (s0 - END_TOLERANCE).max(0.0);
        let s1 = (s1 + END_TOLERANCE).min(1.0);
        let nearest_squared = segment.at(segment.s_closest.clamp(s0, s1)).length_squared();
        if nearest_squared >= self.depth[bin] * self.depth[bin] {
            return false;
        }
        let (p0, p1) = (segment.at(s0), segment.at(s1));
        let covered = self.covers[bin].is_some_and(|(cover, _)| cover.hides((p0, p1)));
        // A wall covering only part of the bin hides what lies wholly on
        // its side of its end and behind it.
        let behind_lower = self.from_lower[bin].is_some_and(|l| {
            counter_clockwise(p0, l.end)
                && counter_clockwise(p1, l.end)
                && l.line.hides(p0)
                && l.line.hides(p1)
        });
        let behind_upper = self.from_upper[bin].is_some_and(|u| {
            counter_clockwise(u.end, p0)
                && counter_clockwise(u.end, p1)
                && u.line.hides(p0)
                && u.line.hides(p1)
        });
        !(covered || behind_lower || behind_upper)
    }

    /// Closes bin `bin` as far as the occluding segment allows: when it
    /// crosses both edges, or together with another wall that covers the
    /// rest of the bin from the other edge.
    fn close(
        &mut self,
        bin: usize,
        segment: &Segment,
        lower: &EdgeRay,
        upper: &EdgeRay,
        (s0, s1): (f64, f64),
    ) {
        match (lower.crossing, upper.crossing) {
            (Some((_, near)), Some((_, far))) => {
                self.add_cover(bin, Cover::Whole(segment.line), near.max(far));
            }
            (Some((s, distance)), None) | (None, Some((s, distance))) => {
                // The end of the segment inside the bin: the other end of
                // its piece there, from the crossing (beyond the bin only
                // by rounding, which makes the cover no wider than it is).
                let end = if (s - s0).abs() <= (s1 - s).abs() {
                    segment.to_b
                } else {
                    segment.to_a
                };
                let partial = Partial {
                    end,
                    line: segment.line,
                    depth: distance.max(end.length()),
                };
                // From the lower edge, a partial reaches farther the more
                // counter-clockwise its end; from the upper edge, the more
                // clockwise.
                let from_lower = lower.crossing.is_some();
                let slot = if from_lower {
                    &mut self.from_lower[bin]
                } else {
                    &mut self.from_upper[bin]
                };
                let reaches_farther = |held: Partial| {
                    if from_lower {
                        !counter_clockwise(partial.end, held.end)
                    } else {
                        !counter_clockwise(held.end, partial.end)
                    }
                };
                if slot.is_none_or(reaches_farther) {
                    *slot = Some(partial);
                }
                // Together they cover the bin when the lower one reaches
                // the upper one's end: an exact test, so that a corner or
                // joint exactly on a line of sight closes the bin and a
                // crack, however thin, never does.
                if let (Some(l), Some(u)) = (self.from_lower[bin], self.from_upper[bin])
                    && counter_clockwise(u.end, l.end)
                {
                    let cover = Cover::Split {
                        lower: l.line,
                        upper: u.line,
                        split: u.end,
                    };
                    self.add_cover(bin, cover, l.depth.max(u.depth));
                }
            }
            (None, None) => {}
        }
    }

    /// Records that `cover` hides everything in bin `bin` beyond `depth`,
    /// keeping the nearer cover.
    fn add_cover(&mut self, bin: usize, cover: Cover, depth: f64) {
        let depth = guarded(depth);
        if self.covers[bin].is_none_or(|(_, held)| depth < held) {
            self.covers[bin] = Some((cover, depth));
        }
        self.depth[bin] = self.depth[bin].min(depth);
    }

    /// Bin edge `index` against `segment`.
    fn edge_ray(&self, index: usize, segment: &Segment) -> EdgeRay {
        let direction = self.directions[index];
        let across = direction.perp_dot(segment.to_a);
        let rate = direction.perp_dot(segment.edge);
        let crossing = (rate != 0.0)
            .then(|| -across / rate)
            .filter(|s| (0.0..=1.0).contains(s))
            .map(|s| (s, (segment.to_a + segment.edge * s).dot(direction)))
            .filter(|(_, distance)| *distance > 0.0);
        EdgeRay {
            across,
            rate,
            crossing,
        }
    }

    /// Whether the convex polygon (`points` counter-clockwise, outward unit
    /// `normals`) is visible: the eye inside it, or any edge visible. It
    /// never closes a bin.
    fn test_polygon(&mut self, points: &[DVec2], normals: &[DVec2]) -> bool {
        let eye = self.eye;
        let inside = points
            .iter()
            .zip(normals)
            .all(|(p, n)| (eye - *p).dot(*n) <= 0.0);
        inside
            || (0..points.len())
                .any(|i| self.test_segment(points[i], points[(i + 1) % points.len()], false))
    }
}

/// A segment relative to the eye: `to_a + s · edge`, `s ∈ [0, 1]`.
#[derive(Debug, Clone, Copy)]
struct Segment {
    to_a: DVec2,
    /// The other end: `to_a + edge`, but computed exactly as `b − eye`.
    to_b: DVec2,
    edge: DVec2,
    /// Its line, facing away from the eye.
    line: Line,
    /// Where it comes nearest to the eye.
    s_closest: f64,
    /// Its distance from the eye.
    closest: f64,
}

impl Segment {
    /// Its point `s` (relative to the eye): exactly its ends at 0 and 1.
    fn at(&self, s: f64) -> DVec2 {
        if s == 1.0 {
            self.to_b
        } else {
            self.to_a + self.edge * s
        }
    }
}

/// Narrows `s0..=s1` to where `across + s · rate ≥ 0`; `false` when that
/// leaves nothing.
fn constrain(s0: &mut f64, s1: &mut f64, across: f64, rate: f64) -> bool {
    if rate > 0.0 {
        *s0 = s0.max(-across / rate);
    } else if rate < 0.0 {
        *s1 = s1.min(-across / rate);
    } else if across < 0.0 {
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};

    use super::*;
    use crate::collision::{ConvexPolygon, Wall};

    fn wall(a: (f32, f32), b: (f32, f32)) -> Wall {
        Wall::between(a, b, 0.1)
    }

    fn view(eye: (f32, f32), yaw: f32) -> ViewWedge {
        ViewWedge {
            eye: Vec2::new(eye.0, eye.1),
            yaw,
            half_angle: FRAC_PI_4,
            max_distance: 100.0,
        }
    }

    fn visible(collider: &Collider, view: &ViewWedge, occludes: &[bool]) -> VisibleSet {
        let mut set = VisibleSet::new();
        collider.visible_shapes(view, occludes, &mut set);
        set
    }

    /// A near wall across the view along +x, a far one behind it, and one
    /// behind the eye.
    fn scene() -> Collider {
        Collider::new(
            vec![
                wall((2.0, -5.0), (2.0, 5.0)),
                wall((6.0, -1.0), (6.0, 1.0)),
                wall((-3.0, -1.0), (-3.0, 1.0)),
            ],
            Vec::new(),
            0.25,
        )
    }

    #[test]
    fn a_wall_hidden_behind_another_is_not_visible() {
        let collider = scene();
        let set = visible(&collider, &view((0.0, 0.0), 0.0), &[true; 3]);
        assert_eq!(set.walls(), [0]);
        // A wall that does not occlude (lower than the ceiling) hides nothing.
        let set = visible(&collider, &view((0.0, 0.0), 0.0), &[false, true, true]);
        assert_eq!(set.walls(), [0, 1]);
        // Nor does a missing flag.
        let set = visible(&collider, &view((0.0, 0.0), 0.0), &[]);
        assert_eq!(set.walls(), [0, 1]);
    }

    #[test]
    fn a_wall_behind_the_eye_is_not_visible_until_the_eye_turns() {
        let collider = scene();
        let occludes = [true; 3];
        assert!(
            !visible(&collider, &view((0.0, 0.0), 0.0), &occludes)
                .walls()
                .contains(&2)
        );
        // Turning a little is not enough; turning round is.
        let side = visible(&collider, &view((0.0, 0.0), FRAC_PI_2), &occludes);
        assert!(!side.walls().contains(&2), "{:?}", side.walls());
        let back = visible(&collider, &view((0.0, 0.0), PI), &occludes);
        assert_eq!(back.walls(), [2]);
        // Looking sideways along +z, the long near wall's end is in view.
        assert!(side.walls().contains(&0));
    }

    #[test]
    fn a_wall_is_visible_through_a_gap_and_beyond_an_end() {
        // Two near walls with a gap between them at z in [-0.2, 0.2].
        let collider = Collider::new(
            vec![
                wall((2.0, -5.0), (2.0, -0.2)),
                wall((2.0, 0.2), (2.0, 5.0)),
                wall((6.0, -1.0), (6.0, 1.0)),
            ],
            Vec::new(),
            0.25,
        );
        let set = visible(&collider, &view((0.0, 0.0), 0.0), &[true; 3]);
        assert_eq!(set.walls(), [0, 1, 2]);
        // Stepping sideways so that the gap no longer lines up hides it.
        let set = visible(&collider, &view((0.0, 3.0), 0.0), &[true; 3]);
        assert_eq!(set.walls(), [1]);
    }

    #[test]
    fn obstacles_are_seen_but_never_hide_anything() {
        let square = |x: f32| {
            ConvexPolygon::new(vec![
                Vec2::new(x, -0.5),
                Vec2::new(x + 1.0, -0.5),
                Vec2::new(x + 1.0, 0.5),
                Vec2::new(x, 0.5),
            ])
            .unwrap()
        };
        let collider = Collider::new(
            vec![wall((8.0, -1.0), (8.0, 1.0)), wall((3.0, -5.0), (3.0, 5.0))],
            vec![square(1.0), square(5.0)],
            0.25,
        );
        // The wall at x = 8 is behind the first obstacle, which hides
        // nothing; the second obstacle is behind the wall at x = 3.
        let set = visible(&collider, &view((0.0, 0.0), 0.0), &[true, false]);
        assert_eq!((set.walls(), set.obstacles()), (&[0, 1][..], &[0, 1][..]));
        let set = visible(&collider, &view((0.0, 0.0), 0.0), &[true, true]);
        assert_eq!((set.walls(), set.obstacles()), (&[1][..], &[0][..]));
        // An eye inside an obstacle sees it, whichever way it looks.
        let set = visible(&collider, &view((1.5, 0.0), PI), &[true, true]);
        assert_eq!(set.obstacles(), [0]);
    }

    #[test]
    fn distance_limits_and_bad_views() {
        let collider = scene();
        let mut near = view((0.0, 0.0), 0.0);
        near.max_distance = 1.5;
        assert!(visible(&collider, &near, &[true; 3]).walls().is_empty());
        let mut everywhere = view((0.0, 0.0), 0.0);
        everywhere.half_angle = 10.0;
        everywhere.max_distance = f32::INFINITY;
        assert_eq!(
            visible(&collider, &everywhere, &[false; 3]).walls(),
            [0, 1, 2]
        );
        for bad in [
            ViewWedge {
                eye: Vec2::NAN,
                ..view((0.0, 0.0), 0.0)
            },
            ViewWedge {
                yaw: f32::INFINITY,
                ..view((0.0, 0.0), 0.0)
            },
            ViewWedge {
                half_angle: 0.0,
                ..view((0.0, 0.0), 0.0)
            },
            ViewWedge {
                max_distance: f32::NAN,
                ..view((0.0, 0.0), 0.0)
            },
        ] {
            assert!(visible(&collider, &bad, &[true; 3]).walls().is_empty());
        }
        // An eye far outside the level, looking at it, sees its near side
        // (at that distance the middle wall, narrower than a bin, may hide
        // the far one without the buffer knowing).
        let mut outside = view((-1000.0, 0.0), 0.0);
        outside.max_distance = 2000.0;
        let far = visible(&collider, &outside, &[true; 3]);
        assert!(
            far.walls().contains(&0) && far.walls().contains(&2),
            "{far:?}"
        );
        outside.max_distance = 900.0;
        assert!(visible(&collider, &outside, &[true; 3]).walls().is_empty());
        // The same set serves many queries (and another collider).
        let mut set = VisibleSet::new();
        for yaw in [0.0, PI, 0.0] {
            collider.visible_shapes(&view((0.0, 0.0), yaw), &[true; 3], &mut set);
        }
        assert_eq!(set.walls(), [0]);
        Collider::new(Vec::new(), Vec::new(), 0.25).visible_shapes(
            &view((0.0, 0.0), 0.0),
            &[],
            &mut set,
        );
        assert!(set.walls().is_empty());
    }
}
