//! Convex polygon obstacles: validation, winding and signed distance.

use glam::{DVec2, Vec2};

use super::segment::{closest_point_on_segment, distance_and_normal};

/// A convex polygon on the XZ plane, stored counter-clockwise (x right, z up).
///
/// Built only through [`ConvexPolygon::new`], so every instance is finite,
/// strictly convex and has a non-zero area.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvexPolygon {
    points: Vec<Vec2>,
}

/// Why [`ConvexPolygon::new`] refused a list of points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PolygonError {
    /// A polygon needs at least three vertices.
    #[error("a convex polygon needs at least 3 points, got {count}")]
    TooFewPoints {
        /// How many points were given.
        count: usize,
    },
    /// A coordinate is NaN or infinite.
    #[error("point {index} of the polygon is not finite (NaN or infinity)")]
    NonFinite {
        /// Index of the offending vertex.
        index: usize,
    },
    /// Zero area, a repeated point or three collinear consecutive points.
    #[error("the polygon is degenerate: zero area, a repeated point or collinear points")]
    Degenerate,
    /// The outline turns the wrong way (or winds more than once) at a vertex.
    #[error("the polygon is not convex at point {index}")]
    NotConvex {
        /// Index of the offending vertex (in the order given).
        index: usize,
    },
}

/// Twice the signed area of triangle (o, a, b): positive when it turns left.
fn cross_at(o: Vec2, a: Vec2, b: Vec2) -> f32 {
    (a - o).perp_dot(b - o)
}

impl ConvexPolygon {
    /// Validates a convex polygon given in either winding and stores it
    /// counter-clockwise.
    ///
    /// Refuses fewer than 3 points, non-finite coordinates, degenerate outlines
    /// (zero area, repeated or collinear consecutive points) and non-convex ones
    /// (including outlines that wind around more than once).
    pub fn new(points: Vec<Vec2>) -> Result<Self, PolygonError> {
        let count = points.len();
        if count < 3 {
            return Err(PolygonError::TooFewPoints { count });
        }
        if let Some(index) = points.iter().position(|p| !p.is_finite()) {
            return Err(PolygonError::NonFinite { index });
        }
        let doubled_area: f32 = (0..count)
            .map(|i| points[i].perp_dot(points[(i + 1) % count]))
            .sum();
        if doubled_area == 0.0 || !doubled_area.is_finite() {
            return Err(PolygonError::Degenerate);
        }
        let orientation = doubled_area.signum();
        let mut total_turn = 0.0_f32;
        for index in 0..count {
            let previous = points[(index + count - 1) % count];
            let next = points[(index + 1) % count];
            let here = points[index];
            if here == previous || here == next {
                return Err(PolygonError::Degenerate);
            }
            let turn = cross_at(previous, here, next) * orientation;
            if turn == 0.0 {
                return Err(PolygonError::Degenerate);
            }
            if turn < 0.0 {
                return Err(PolygonError::NotConvex { index });
            }
            total_turn += (here - previous).angle_to(next - here).abs();
        }
        // A convex outline turns exactly once around; a star turns more.
        if total_turn > std::f32::consts::TAU * 1.001 {
            return Err(PolygonError::NotConvex { index: 0 });
        }
        let mut points = points;
        if orientation < 0.0 {
            points.reverse();
        }
        Ok(Self { points })
    }

    /// The vertices, counter-clockwise.
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// Outward unit normal of edge `i` (from vertex `i` to vertex `i + 1`).
    pub fn edge_normal(&self, i: usize) -> Vec2 {
        let a = self.points[i];
        let b = self.points[(i + 1) % self.points.len()];
        let edge = b - a;
        Vec2::new(edge.y, -edge.x).normalize_or_zero()
    }

    /// Signed distance from `p` to the outline: positive outside, negative
    /// inside (the level loader uses it to warn about a start inside an
    /// obstacle).
    pub fn signed_distance(&self, p: Vec2) -> f32 {
        let count = self.points.len();
        let mut deepest = f32::NEG_INFINITY;
        let mut nearest = f32::INFINITY;
        for i in 0..count {
            let a = self.points[i];
            let b = self.points[(i + 1) % count];
            deepest = deepest.max((p - a).dot(self.edge_normal(i)));
            nearest = nearest.min(p.distance(closest_point_on_segment(p, a, b)));
        }
        if deepest <= 0.0 { deepest } else { nearest }
    }
}

/// Signed distance from `p` to the counter-clockwise convex polygon
/// (`points`, outward unit `normals`), negative inside, and the outward unit
/// direction at `p`.
pub(super) fn signed_distance_to_polygon(
    p: DVec2,
    points: &[DVec2],
    normals: &[DVec2],
) -> (f64, DVec2) {
    let (deepest_edge, height) = normals
        .iter()
        .zip(points)
        .map(|(n, q)| (p - *q).dot(*n))
        .enumerate()
        .fold(
            (0, f64::NEG_INFINITY),
            |best, e| if e.1 > best.1 { e } else { best },
        );
    if height <= 0.0 {
        return (height, normals[deepest_edge]);
    }
    (0..points.len())
        .map(|i| distance_and_normal(p, points[i], points[(i + 1) % points.len()]))
        .fold((f64::INFINITY, DVec2::X), |best, e| {
            if e.0 < best.0 { e } else { best }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Vec<Vec2> {
        vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(0.0, 2.0),
        ]
    }

    #[test]
    fn clockwise_input_is_stored_counter_clockwise() {
        let mut clockwise = square();
        clockwise.reverse();
        let polygon = ConvexPolygon::new(clockwise).unwrap();
        let p = polygon.points();
        assert!(cross_at(p[0], p[1], p[2]) > 0.0);
        assert_eq!(ConvexPolygon::new(square()).unwrap().points(), square());
    }

    #[test]
    fn refusals_name_the_problem() {
        assert_eq!(
            ConvexPolygon::new(square()[..2].to_vec()),
            Err(PolygonError::TooFewPoints { count: 2 })
        );
        let mut with_nan = square();
        with_nan[2].x = f32::NAN;
        assert_eq!(
            ConvexPolygon::new(with_nan),
            Err(PolygonError::NonFinite { index: 2 })
        );
        let collinear = vec![Vec2::ZERO, Vec2::X, Vec2::new(2.0, 0.0)];
        assert_eq!(ConvexPolygon::new(collinear), Err(PolygonError::Degenerate));
        let mut repeated = square();
        repeated.insert(1, Vec2::ZERO);
        assert_eq!(ConvexPolygon::new(repeated), Err(PolygonError::Degenerate));
        let mut dented = square();
        dented.insert(2, Vec2::new(1.0, 1.0));
        assert_eq!(
            ConvexPolygon::new(dented),
            Err(PolygonError::NotConvex { index: 2 })
        );
    }

    #[test]
    fn pentagram_is_not_convex() {
        let star: Vec<Vec2> = (0..5)
            .map(|k| {
                let angle = (k * 2) as f32 * std::f32::consts::TAU / 5.0;
                Vec2::new(angle.cos(), angle.sin())
            })
            .collect();
        assert!(matches!(
            ConvexPolygon::new(star),
            Err(PolygonError::NotConvex { .. })
        ));
    }

    #[test]
    fn signed_distance_is_negative_inside() {
        let polygon = ConvexPolygon::new(square()).unwrap();
        assert_eq!(polygon.signed_distance(Vec2::new(1.0, 0.5)), -0.5);
        assert_eq!(polygon.signed_distance(Vec2::new(5.0, 1.0)), 3.0);
        assert_eq!(polygon.signed_distance(Vec2::new(5.0, 6.0)), 5.0);
    }
}
