//! A chunk's rectangle of the floor plan cut into convex pieces that each
//! lie over one floor (or outside every floor), along the edges between
//! floors: the floor tops and ceilings are drawn from them.
//!
//! The rectangle is cut across z into slabs at every edge's end, and each
//! slab into spans between the edges that cross it, left to right; a
//! span lies over the floor on the +x side of the edge to its left. So
//! concave outlines, islands and floors side by side need nothing more
//! than the edges [`Heights`](crate::collision::Heights) already finds,
//! and every piece lies in its chunk's square, where culling looks for it.

use glam::{DVec2, Vec2};

use crate::collision::HeightEdge;
use crate::collision::outline::signed_area;

/// Corners closer than this (in metres) are one.
const SAME_CORNER: f64 = 1e-9;

/// Pieces with less area than this (in square metres) are left out: no
/// pixel would show them.
const SMALLEST_AREA: f64 = 1e-12;

/// A convex piece of the floor plan over one floor.
#[derive(Debug, Clone, PartialEq)]
pub struct FloorPiece {
    /// Its corners (x, z), in order around it.
    pub outline: Vec<Vec2>,
    /// The innermost floor over it (an index into the level's floors), or
    /// `None` outside every floor.
    pub floor: Option<usize>,
}

/// An edge that runs across z, from its lower end to its higher, with
/// the floor on each side of it along x.
#[derive(Debug, Clone, Copy)]
struct Crossing {
    low: DVec2,
    high: DVec2,
    /// The floor on its +x side.
    east: Option<usize>,
    /// The floor on its −x side.
    west: Option<usize>,
}

impl Crossing {
    /// `edge` as it crosses z; `None` for an edge along x (it lies on a
    /// slab's border, and bounds no span).
    fn of(edge: &HeightEdge) -> Option<Self> {
        let (a, b) = (edge.a.as_dvec2(), edge.b.as_dvec2());
        if a.y == b.y {
            return None;
        }
        // `left` lies towards (b − a).perp(), whose x is a.z − b.z.
        let (east, west) = if b.y < a.y {
            (edge.left, edge.right)
        } else {
            (edge.right, edge.left)
        };
        let (low, high) = if a.y < b.y { (a, b) } else { (b, a) };
        Some(Self {
            low,
            high,
            east,
            west,
        })
    }

    /// Its x at `z` (exact at its ends).
    fn x_at(&self, z: f64) -> f64 {
        if z == self.low.y {
            self.low.x
        } else if z == self.high.y {
            self.high.x
        } else {
            self.low.x + (z - self.low.y) / (self.high.y - self.low.y) * (self.high.x - self.low.x)
        }
    }
}

/// The rectangle `min`..`max` cut into convex pieces, each over one floor,
/// along `edges` (any that may cross it; those that do not are ignored).
/// `floor_at` answers for a slab no edge crosses. A rectangle no edge
/// crosses is one piece, its corners in the order
/// `min`, (`max.x`, `min.y`), `max`, (`min.x`, `max.y`).
pub(super) fn floor_pieces(
    min: Vec2,
    max: Vec2,
    edges: &[HeightEdge],
    floor_at: impl Fn(Vec2) -> Option<usize>,
) -> Vec<FloorPiece> {
    let (min, max) = (min.as_dvec2(), max.as_dvec2());
    let crossings: Vec<Crossing> = edges
        .iter()
        .filter_map(Crossing::of)
        .filter(|c| c.high.y > min.y && c.low.y < max.y)
        .collect();
    let mut cuts: Vec<f64> = crossings
        .iter()
        .flat_map(|c| [c.low.y, c.high.y])
        .filter(|&z| z > min.y && z < max.y)
        .chain([min.y, max.y])
        .collect();
    cuts.sort_by(f64::total_cmp);
    cuts.dedup();
    let mut pieces = Vec::new();
    for slab in cuts.windows(2) {
        let (z0, z1) = (slab[0], slab[1]);
        let middle = (z0 + z1) / 2.0;
        let mut across: Vec<(f64, &Crossing)> = crossings
            .iter()
            .filter(|c| c.low.y <= z0 && c.high.y >= z1)
            .map(|c| (c.x_at(middle), c))
            .collect();
        across.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (Some(&(_, first)), Some(&(_, last))) = (across.first(), across.last()) else {
            let centre = DVec2::new((min.x + max.x) / 2.0, middle).as_vec2();
            let outline = span(|_| min.x, |_| max.x, z0, z1, min.x, max.x);
            push_piece(&mut pieces, outline, floor_at(centre));
            continue;
        };
        // The outer spans reach to a border beyond the rectangle and the
        // edge, so that each span is a trapezoid before it is cut.
        let far_west = min.x.min(first.x_at(z0)).min(first.x_at(z1));
        let far_east = max.x.max(last.x_at(z0)).max(last.x_at(z1));
        let outline = span(|_| far_west, |z| first.x_at(z), z0, z1, min.x, max.x);
        push_piece(&mut pieces, outline, first.west);
        for (index, &(_, crossing)) in across.iter().enumerate() {
            let west = |z: f64| crossing.x_at(z);
            let outline = match across.get(index + 1) {
                Some(&(_, next)) => span(west, |z| next.x_at(z), z0, z1, min.x, max.x),
                None => span(west, |_| far_east, z0, z1, min.x, max.x),
            };
            push_piece(&mut pieces, outline, crossing.east);
        }
    }
    pieces
}

/// The span of slab `z0`..`z1` between the borders `west` and `east` (x
/// as a function of z, linear, never east of `east`), cut to `x0`..`x1`:
/// its corners from the west border's at `z0` on.
fn span(
    west: impl Fn(f64) -> f64,
    east: impl Fn(f64) -> f64,
    z0: f64,
    z1: f64,
    x0: f64,
    x1: f64,
) -> Vec<DVec2> {
    let corners = vec![
        DVec2::new(west(z0), z0),
        DVec2::new(east(z0), z0),
        DVec2::new(east(z1), z1),
        DVec2::new(west(z1), z1),
    ];
    let east_of_x0 = clip(corners, |p| p.x - x0);
    clip(east_of_x0, |p| x1 - p.x)
}

/// The convex polygon `points` cut to where `inside` (a signed distance,
/// linear on the plan) is not negative: one pass of Sutherland–Hodgman,
/// which keeps the corners in order, from the first, when nothing is cut.
fn clip(points: Vec<DVec2>, inside: impl Fn(DVec2) -> f64) -> Vec<DVec2> {
    let Some(&last) = points.last() else {
        return points;
    };
    if points.iter().all(|&p| inside(p) >= 0.0) {
        return points;
    }
    let mut kept = Vec::with_capacity(points.len() + 1);
    let mut previous = last;
    for &point in &points {
        let (was, is) = (inside(previous), inside(point));
        if (was < 0.0) != (is < 0.0) {
            let t = was / (was - is);
            kept.push(previous + (point - previous) * t);
        }
        if is >= 0.0 {
            kept.push(point);
        }
        previous = point;
    }
    kept
}

/// Adds the piece with corners `outline` over `floor`, its repeated
/// corners merged, unless it has no area.
fn push_piece(pieces: &mut Vec<FloorPiece>, mut outline: Vec<DVec2>, floor: Option<usize>) {
    outline.dedup_by(|a, b| a.distance(*b) < SAME_CORNER);
    while outline.len() > 1
        && outline
            .first()
            .zip(outline.last())
            .is_some_and(|(first, last)| first.distance(*last) < SAME_CORNER)
    {
        outline.pop();
    }
    if outline.len() < 3 || signed_area(&outline).abs() < SMALLEST_AREA {
        return;
    }
    pieces.push(FloorPiece {
        outline: outline.iter().map(|p| p.as_vec2()).collect(),
        floor,
    });
}
