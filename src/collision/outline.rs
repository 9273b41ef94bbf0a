//! Simple polygons in plan, either winding, not necessarily convex: a
//! floor's outline. Whether one holds a point, its area, its edges cut
//! at another's corners; and [`Outline`], one kept with the box and area
//! the floors' queries use to find the innermost holding a point.

use glam::{DVec2, Vec2};

use crate::collision::grid::Aabb;

/// A floor's outline: its points in order (either winding), its box and
/// its area.
#[derive(Debug, Clone)]
pub(crate) struct Outline {
    points: Vec<DVec2>,
    bounds: Aabb,
    area: f64,
}

impl Outline {
    /// The outline through `points` (at least three, finite: the level
    /// checks both).
    pub fn new(points: &[Vec2]) -> Self {
        let points: Vec<DVec2> = points.iter().map(|p| p.as_dvec2()).collect();
        let min = points.iter().fold(DVec2::INFINITY, |m, &p| m.min(p));
        let max = points.iter().fold(DVec2::NEG_INFINITY, |m, &p| m.max(p));
        let area = signed_area(&points).abs();
        Self {
            points,
            bounds: Aabb { min, max },
            area,
        }
    }

    /// Its points, widened to f64.
    pub fn points(&self) -> &[DVec2] {
        &self.points
    }

    /// The area it encloses, in square metres.
    pub fn area(&self) -> f64 {
        self.area
    }

    /// Its edges, each from a point to the next (the last back to the
    /// first).
    pub fn edges(&self) -> impl Iterator<Item = (DVec2, DVec2)> + '_ {
        let n = self.points.len();
        (0..n).map(move |i| (self.points[i], self.points[(i + 1) % n]))
    }

    /// Whether `p` lies inside (by the crossing rule: a point on an edge
    /// may count either way, so the queries never ask exactly there).
    pub fn holds(&self, p: DVec2) -> bool {
        let outside_box = p.x < self.bounds.min.x
            || p.x > self.bounds.max.x
            || p.y < self.bounds.min.y
            || p.y > self.bounds.max.y;
        !outside_box && holds(&self.points, p)
    }
}

/// Whether `p` lies inside the polygon through `points`, by the crossing
/// rule (a point on an edge may count either way). The points are widened
/// to `f64` as they are read, so `f32` outlines need no copy.
pub fn holds<P: Copy + Into<DVec2>>(points: &[P], p: DVec2) -> bool {
    let n = points.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b): (DVec2, DVec2) = (points[i].into(), points[(i + 1) % n].into());
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// The edge `a`→`b` cut at every one of `corners` closer to it than
/// `tolerance` (in metres), in order from `a`; cuts closer together than
/// `tolerance` are one.
pub fn cut_at_corners(
    a: DVec2,
    b: DVec2,
    corners: &[DVec2],
    tolerance: f64,
) -> Vec<(DVec2, DVec2)> {
    let along = b - a;
    let length_squared = along.length_squared();
    let mut cuts: Vec<(f64, DVec2)> = vec![(0.0, a), (1.0, b)];
    if length_squared > 0.0 {
        for &corner in corners {
            let t = (corner - a).dot(along) / length_squared;
            if t > 0.0 && t < 1.0 && (a + along * t).distance(corner) < tolerance {
                cuts.push((t, corner));
            }
        }
    }
    cuts.sort_by(|x, y| x.0.total_cmp(&y.0));
    cuts.dedup_by(|x, y| x.1.distance(y.1) < tolerance);
    cuts.windows(2).map(|pair| (pair[0].1, pair[1].1)).collect()
}

/// The area enclosed by `points` by the shoelace formula: positive when
/// they turn counter-clockwise (x right, z up), negative otherwise.
pub fn signed_area(points: &[DVec2]) -> f64 {
    let n = points.len();
    let twice: f64 = (0..n)
        .map(|i| points[i].perp_dot(points[(i + 1) % n]))
        .sum();
    twice / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(size: f32) -> Outline {
        Outline::new(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(size, 0.0),
            Vec2::new(size, size),
            Vec2::new(0.0, size),
        ])
    }

    #[test]
    fn holds_what_lies_inside_in_either_winding() {
        let square = square(2.0);
        assert!(square.holds(DVec2::new(1.0, 1.0)));
        assert!(!square.holds(DVec2::new(3.0, 1.0)));
        assert!(!square.holds(DVec2::new(-0.1, 1.0)));
        let reversed = Outline::new(&[
            Vec2::new(0.0, 2.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, 0.0),
        ]);
        assert!(reversed.holds(DVec2::new(1.5, 0.5)));
        assert_eq!(reversed.area(), 4.0);
    }

    #[test]
    fn a_concave_outline_leaves_its_notch_out() {
        // An L: the square (0..2)² without (1..2)².
        let l = Outline::new(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ]);
        assert!(l.holds(DVec2::new(0.5, 1.5)));
        assert!(!l.holds(DVec2::new(1.5, 1.5)));
        assert_eq!(l.area(), 3.0);
    }
}
