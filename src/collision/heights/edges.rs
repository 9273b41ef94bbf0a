//! The edges between floors: every outline's edges, split wherever
//! another outline's corner lies on them (so that floors side by side
//! meet along pieces with one floor on each side), each piece once, with
//! the floor found on either side of it.

use std::collections::HashSet;
use std::ops::ControlFlow;

use glam::{DVec2, Vec2};

use super::box_grid::BoxGrid;
use super::grown_box;
use crate::collision::outline::{Outline, cut_at_corners};

/// A corner closer than this to an edge (in metres) lies on it, and splits
/// it.
const ON_EDGE: f64 = 1e-4;

/// How far beside an edge's middle its two sides are looked at, in metres.
const SIDE_PROBE: f64 = 1e-3;

/// Edge pieces shorter than this (in metres) are left out: they separate
/// nothing a body could stand on.
const SHORTEST_PIECE: f64 = 1e-5;

/// Points closer than this (in metres) are one when pieces are matched.
const SAME_POINT: f64 = ON_EDGE;

/// One piece of the boundary between two floors, or between a floor and
/// what lies outside every floor (the ground, or the void).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeightEdge {
    /// First end (x, z).
    pub a: Vec2,
    /// Second end (x, z).
    pub b: Vec2,
    /// The floor on the side `(b − a).perp()` points to (a quarter turn
    /// from a→b towards +z when a→b runs along +x): an index into the
    /// floors as given, or `None` outside every floor.
    pub left: Option<usize>,
    /// The floor on the other side.
    pub right: Option<usize>,
}

/// The pieces of every outline's edges, each once, with the floor on each
/// side as `floor_at` finds it; pieces with the same floor on both sides
/// (none between floors that neither cross nor overlap) are left out.
pub(super) fn height_edges(
    outlines: &[Outline],
    floor_at: impl Fn(DVec2) -> Option<usize>,
) -> Vec<HeightEdge> {
    let corners: Vec<DVec2> = outlines
        .iter()
        .flat_map(|outline| outline.points().iter().copied())
        .collect();
    // Only a corner within `ON_EDGE` of an edge's box can cut it: the
    // corners are filed in a grid, so that an edge looks at those near it
    // rather than at every corner of the level.
    let corner_grid = BoxGrid::new(
        &corners
            .iter()
            .map(|&corner| grown_box(corner, corner, ON_EDGE))
            .collect::<Vec<_>>(),
    );
    let mut near_corners: Vec<DVec2> = Vec::new();
    let mut seen = HashSet::new();
    let mut edges = Vec::new();
    for outline in outlines {
        for (a, b) in outline.edges() {
            near_corners.clear();
            corner_grid.visit_boxes_in(&grown_box(a, b, ON_EDGE), |index| {
                near_corners.push(corners[index as usize]);
                ControlFlow::Continue(())
            });
            for (from, to) in cut_at_corners(a, b, &near_corners, ON_EDGE) {
                if from.distance(to) < SHORTEST_PIECE || !seen.insert(piece_key(from, to)) {
                    continue;
                }
                let middle = (from + to) / 2.0;
                let side = (to - from).perp().normalize() * SIDE_PROBE;
                let left = floor_at(middle + side);
                let right = floor_at(middle - side);
                if left != right {
                    edges.push(HeightEdge {
                        a: from.as_vec2(),
                        b: to.as_vec2(),
                        left,
                        right,
                    });
                }
            }
        }
    }
    edges
}

/// The same key for a piece whichever way it runs: its ends rounded to
/// [`SAME_POINT`], in order.
fn piece_key(a: DVec2, b: DVec2) -> [(i64, i64); 2] {
    let round = |p: DVec2| {
        (
            (p.x / SAME_POINT).round() as i64,
            (p.y / SAME_POINT).round() as i64,
        )
    };
    let (a, b) = (round(a), round(b));
    if a <= b { [a, b] } else { [b, a] }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rectangle(x0: f32, z0: f32, x1: f32, z1: f32) -> Outline {
        Outline::new(&[
            Vec2::new(x0, z0),
            Vec2::new(x1, z0),
            Vec2::new(x1, z1),
            Vec2::new(x0, z1),
        ])
    }

    fn innermost(outlines: &[Outline]) -> impl Fn(DVec2) -> Option<usize> + '_ {
        move |p| {
            (0..outlines.len())
                .filter(|&i| outlines[i].holds(p))
                .min_by(|&i, &j| outlines[i].area().total_cmp(&outlines[j].area()))
        }
    }

    #[test]
    fn a_lone_floor_has_its_four_sides_against_the_outside() {
        let outlines = [rectangle(0.0, 0.0, 2.0, 1.0)];
        let edges = height_edges(&outlines, innermost(&outlines));
        assert_eq!(edges.len(), 4);
        for edge in &edges {
            assert!(edge.left.is_some() != edge.right.is_some(), "{edge:?}");
        }
    }

    #[test]
    fn floors_side_by_side_share_the_piece_they_have_in_common_once() {
        // Two steps: 0..1 and 1..2 along x, the second twice as deep, so
        // the first's right side is only part of the second's left side.
        let outlines = [rectangle(0.0, 0.0, 1.0, 1.0), rectangle(1.0, 0.0, 2.0, 2.0)];
        let edges = height_edges(&outlines, innermost(&outlines));
        let between: Vec<_> = edges
            .iter()
            .filter(|e| e.left.is_some() && e.right.is_some())
            .collect();
        assert_eq!(between.len(), 1, "{edges:?}");
        let shared = between[0];
        assert_eq!(shared.a.x, 1.0);
        assert_eq!(shared.b.x, 1.0);
        assert_eq!((shared.a.y - shared.b.y).abs(), 1.0);
        // The rest of the second step's left side faces the outside.
        let outside = edges
            .iter()
            .filter(|e| e.a.x == 1.0 && e.b.x == 1.0 && (e.left.is_none() || e.right.is_none()))
            .count();
        assert_eq!(outside, 1, "{edges:?}");
        // Four sides of the first, and of the second three and two pieces,
        // one of them the first's.
        assert_eq!(edges.len(), 8, "{edges:?}");
    }

    #[test]
    fn a_long_edge_is_cut_at_the_corners_of_a_floor_standing_on_its_middle() {
        // A stage 2 m wide on the middle of a 10 m long floor's side: the
        // long side is cut where the stage's corners meet it.
        let outlines = [
            rectangle(0.0, 0.0, 10.0, 1.0),
            rectangle(4.0, 1.0, 6.0, 2.0),
        ];
        let edges = height_edges(&outlines, innermost(&outlines));
        let mut along: Vec<(f32, f32)> = edges
            .iter()
            .filter(|e| e.a.y == 1.0 && e.b.y == 1.0)
            .map(|e| (e.a.x.min(e.b.x), e.a.x.max(e.b.x)))
            .collect();
        along.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(along, [(0.0, 4.0), (4.0, 6.0), (6.0, 10.0)], "{edges:?}");
    }

    #[test]
    fn an_island_is_bounded_by_its_parent_not_the_outside() {
        let outlines = [
            rectangle(0.0, 0.0, 10.0, 10.0),
            rectangle(4.0, 4.0, 6.0, 6.0),
        ];
        let edges = height_edges(&outlines, innermost(&outlines));
        let island: Vec<_> = edges
            .iter()
            .filter(|e| e.a.x >= 4.0 && e.a.x <= 6.0 && e.a.y >= 4.0 && e.a.y <= 6.0)
            .collect();
        assert_eq!(island.len(), 4);
        for edge in island {
            let sides = [edge.left, edge.right];
            assert!(
                sides.contains(&Some(0)) && sides.contains(&Some(1)),
                "{edge:?}"
            );
        }
    }
}
