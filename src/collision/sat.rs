//! Separating-axis tests with minimum translation vectors (MTV).
//!
//! The MTV's sign is taken from the projections on the chosen axis, never
//! from the vector between centres, so it stays correct for long thin shapes.

use glam::Vec2;

use super::polygon::ConvexPolygon;

/// Projection interval of `points` on `axis`.
fn project(points: &[Vec2], axis: Vec2) -> (f32, f32) {
    points
        .iter()
        .map(|p| p.dot(axis))
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        })
}

/// Keeps the smallest push found so far on one axis.
///
/// `moving` and `fixed` are the projection intervals of the shape to push
/// and of the other one. Returns `false` when the axis separates them.
fn consider_axis(
    axis: Vec2,
    moving: (f32, f32),
    fixed: (f32, f32),
    best: &mut Option<(f32, Vec2)>,
) -> bool {
    let push_positive = fixed.1 - moving.0;
    let push_negative = moving.1 - fixed.0;
    if push_positive <= 0.0 || push_negative <= 0.0 {
        return false;
    }
    let (depth, direction) = if push_positive <= push_negative {
        (push_positive, axis)
    } else {
        (push_negative, -axis)
    };
    if best.is_none_or(|(best_depth, _)| depth < best_depth) {
        *best = Some((depth, direction));
    }
    true
}

/// Circle against convex polygon by SAT: the polygon's edge normals plus the
/// axis from the circle's centre to the closest vertex.
///
/// Returns `None` when they do not overlap (touching counts as not
/// overlapping), otherwise the minimum translation to apply to the circle to
/// separate them.
pub fn circle_polygon_mtv(centre: Vec2, radius: f32, polygon: &ConvexPolygon) -> Option<Vec2> {
    let points = polygon.points();
    let circle = |axis: Vec2| (centre.dot(axis) - radius, centre.dot(axis) + radius);
    let mut best = None;
    for i in 0..points.len() {
        let axis = polygon.edge_normal(i);
        if !consider_axis(axis, circle(axis), project(points, axis), &mut best) {
            return None;
        }
    }
    let closest_vertex = points.iter().copied().min_by(|p, q| {
        p.distance_squared(centre)
            .total_cmp(&q.distance_squared(centre))
    })?;
    let vertex_axis = (centre - closest_vertex).normalize_or_zero();
    if vertex_axis != Vec2::ZERO
        && !consider_axis(
            vertex_axis,
            circle(vertex_axis),
            project(points, vertex_axis),
            &mut best,
        )
    {
        return None;
    }
    best.map(|(depth, direction)| direction * depth)
}

/// Convex polygon against convex polygon by SAT over both polygons' edge
/// normals.
///
/// Returns `None` when they do not overlap (touching counts as not
/// overlapping), otherwise the minimum translation to apply to `moving` to
/// separate it from `fixed`.
pub fn polygon_polygon_mtv(moving: &ConvexPolygon, fixed: &ConvexPolygon) -> Option<Vec2> {
    let mut best = None;
    let axes = (0..moving.points().len())
        .map(|i| moving.edge_normal(i))
        .chain((0..fixed.points().len()).map(|i| fixed.edge_normal(i)));
    for axis in axes {
        let moving_span = project(moving.points(), axis);
        let fixed_span = project(fixed.points(), axis);
        if !consider_axis(axis, moving_span, fixed_span, &mut best) {
            return None;
        }
    }
    best.map(|(depth, direction)| direction * depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rectangle(min: Vec2, max: Vec2) -> ConvexPolygon {
        ConvexPolygon::new(vec![
            min,
            Vec2::new(max.x, min.y),
            max,
            Vec2::new(min.x, max.y),
        ])
        .unwrap()
    }

    #[test]
    fn circle_pushed_out_through_nearest_edge() {
        let square = rectangle(Vec2::ZERO, Vec2::splat(2.0));
        let mtv = circle_polygon_mtv(Vec2::new(1.0, 1.8), 0.5, &square).unwrap();
        assert!((mtv - Vec2::new(0.0, 0.7)).length() < 1e-6, "{mtv}");
        assert_eq!(circle_polygon_mtv(Vec2::new(1.0, 3.0), 0.5, &square), None);
    }

    #[test]
    fn circle_near_corner_uses_vertex_axis() {
        let square = rectangle(Vec2::ZERO, Vec2::splat(2.0));
        // Inside the edge slabs' reach but outside the rounded corner.
        assert_eq!(circle_polygon_mtv(Vec2::new(2.4, 2.4), 0.5, &square), None);
        let mtv = circle_polygon_mtv(Vec2::new(2.3, 2.3), 0.5, &square).unwrap();
        let expected = Vec2::splat(1.0).normalize() * (0.5 - 0.3 * 2.0_f32.sqrt());
        assert!((mtv - expected).length() < 1e-5, "{mtv} vs {expected}");
    }

    #[test]
    fn long_thin_wedge_pushes_by_overlap_not_by_centres() {
        // A 100 m wedge, 1 m thick at its left end and 0.1 m thick at x = 40,
        // with a box straddling it there. The box's centroid lies above the
        // wedge's centroid along the wedge's top normal, so a sign taken from
        // centres would push it up through 0.6 m of wedge; the true minimum
        // translation is 0.12 m straight down.
        let wedge = ConvexPolygon::new(vec![
            Vec2::new(-50.0, 0.0),
            Vec2::new(50.0, 0.0),
            Vec2::new(-50.0, 1.0),
        ])
        .unwrap();
        let crate_box = rectangle(Vec2::new(39.5, -0.5), Vec2::new(40.5, 0.12));
        let mtv = polygon_polygon_mtv(&crate_box, &wedge).unwrap();
        assert!((mtv - Vec2::new(0.0, -0.12)).length() < 1e-5, "{mtv}");
        let back = polygon_polygon_mtv(&wedge, &crate_box).unwrap();
        assert!((back + mtv).length() < 1e-5, "{back}");
    }

    #[test]
    fn separated_polygons_have_no_mtv() {
        let a = rectangle(Vec2::ZERO, Vec2::ONE);
        let b = rectangle(Vec2::new(1.0, 0.0), Vec2::new(2.0, 1.0));
        assert_eq!(polygon_polygon_mtv(&a, &b), None);
    }
}
