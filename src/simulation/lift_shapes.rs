//! What a frame draws of a lift: each of its floors as a solid from the
//! lift's `low` (where the level's fixed mesh draws that floor:
//! [`Level::drawn_floor_height`]) up to where the lift holds it, its sides
//! painted with the floor's side material and its top with the floor's
//! material. A floor's outline is cut into convex pieces (ear clipping),
//! as a moving shape is a convex prism; the faces between two pieces lie
//! inside the solid, where nothing sees them.

use glam::Vec2;

use crate::collision::outline::signed_area;
use crate::level::mesh::MovingShape;
use crate::level::{Level, MaterialId};

/// How thick the slab painted with the floor's material on top of a
/// lift's solid is, in metres: thin enough that its sides never show.
const TOP_SLAB: f32 = 0.001;

/// One floor of a lift as drawn: its convex pieces and its materials.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct DrawnFloor {
    /// Convex pieces of its outline, each counter-clockwise on the plan.
    pieces: Vec<Vec<Vec2>>,
    /// Its side material: the solid's sides.
    side: MaterialId,
    /// Its material: the solid's top.
    top: MaterialId,
    /// The box around it on the plan.
    min: Vec2,
    max: Vec2,
}

impl DrawnFloor {
    /// Floor `index` of `level` as drawn; `None` past its floors.
    pub(super) fn of(level: &Level, index: usize) -> Option<Self> {
        let floor = level.floors.get(index)?;
        let (min, max) = floor
            .points
            .iter()
            .fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(min, max), &p| {
                (min.min(p), max.max(p))
            });
        Some(Self {
            pieces: convex_pieces(&floor.points),
            side: floor.side_material,
            top: floor.material,
            min,
            max,
        })
    }

    /// Whether any of it lies within `reach` of `eye`.
    pub(super) fn within(&self, eye: Vec2, reach: f32) -> bool {
        let nearest = eye.clamp(self.min, self.max);
        nearest.distance(eye) <= reach
    }

    /// The shapes of its solid from `low` up to `top`: none when the
    /// top is not above `low`.
    pub(super) fn shapes(&self, low: f32, top: f32) -> impl Iterator<Item = MovingShape> + '_ {
        let rise = top - low;
        let slab = TOP_SLAB.min(rise);
        let shape = move |outline: &Vec<Vec2>, material, base, height| MovingShape {
            outline: outline.clone(),
            height,
            material,
            base: Some(base),
            shadow_height: None,
        };
        self.pieces
            .iter()
            .filter(move |_| rise > 0.0)
            .flat_map(move |piece| {
                let sides = (rise > slab).then(|| shape(piece, self.side, low, rise - slab));
                let top = shape(piece, self.top, top - slab, slab);
                sides.into_iter().chain([top])
            })
    }
}

/// `points` (a simple polygon, either winding) as convex pieces, each
/// counter-clockwise on the plan (positive area): itself when convex,
/// else the triangles ear clipping cuts it into. Points on a straight run
/// are dropped first; what ear clipping cannot cut (a polygon that is not
/// simple) is left out.
pub(super) fn convex_pieces(points: &[Vec2]) -> Vec<Vec<Vec2>> {
    let mut outline: Vec<Vec2> = points.to_vec();
    let wide: Vec<_> = outline.iter().map(|p| p.as_dvec2()).collect();
    if signed_area(&wide) < 0.0 {
        outline.reverse();
    }
    let turn = |outline: &[Vec2], i: usize| {
        let n = outline.len();
        let (a, b, c) = (outline[(i + n - 1) % n], outline[i], outline[(i + 1) % n]);
        (b - a).perp_dot(c - b)
    };
    let mut i = 0;
    while outline.len() > 3 && i < outline.len() {
        if turn(&outline, i) == 0.0 {
            outline.remove(i);
        } else {
            i += 1;
        }
    }
    if outline.len() < 3 {
        return Vec::new();
    }
    if (0..outline.len()).all(|i| turn(&outline, i) > 0.0) {
        return vec![outline];
    }
    let mut pieces = Vec::new();
    while outline.len() > 3 {
        let n = outline.len();
        let ear = (0..n).find(|&i| {
            let (a, b, c) = (outline[(i + n - 1) % n], outline[i], outline[(i + 1) % n]);
            turn(&outline, i) > 0.0
                && !outline
                    .iter()
                    .any(|&p| p != a && p != b && p != c && in_triangle(p, (a, b, c)))
        });
        let Some(ear) = ear else {
            return pieces;
        };
        let (a, b, c) = (
            outline[(ear + n - 1) % n],
            outline[ear],
            outline[(ear + 1) % n],
        );
        pieces.push(vec![a, b, c]);
        outline.remove(ear);
    }
    pieces.push(outline);
    pieces
}

/// Whether `p` lies in the counter-clockwise triangle `(a, b, c)` or on
/// its edges.
fn in_triangle(p: Vec2, (a, b, c): (Vec2, Vec2, Vec2)) -> bool {
    (b - a).perp_dot(p - a) >= 0.0
        && (c - b).perp_dot(p - b) >= 0.0
        && (a - c).perp_dot(p - c) >= 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(piece: &[Vec2]) -> f64 {
        signed_area(&piece.iter().map(|p| p.as_dvec2()).collect::<Vec<_>>())
    }

    #[test]
    fn a_convex_outline_is_one_piece_and_an_l_is_cut_into_triangles_of_its_area() {
        let square = [
            Vec2::new(0.0, 0.0),
            Vec2::new(0.0, 2.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(2.0, 0.0),
        ];
        let pieces = convex_pieces(&square);
        assert_eq!(pieces.len(), 1, "{pieces:?}");
        assert_eq!(pieces[0].len(), 4, "the straight run's point dropped");
        assert!(area(&pieces[0]) > 0.0, "counter-clockwise");

        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        let pieces = convex_pieces(&l);
        assert_eq!(pieces.len(), 4, "{pieces:?}");
        assert!(pieces.iter().all(|piece| area(piece) > 0.0));
        let total: f64 = pieces.iter().map(|piece| area(piece)).sum();
        assert!((total - 3.0).abs() < 1e-9, "{total}");
    }
}
