//! What the collision tests share: random shapes for the property tests,
//! their conversion to parry's types, and the distance between two segments.

use glam::Vec2;
use mazewalker::collision::{ConvexPolygon, Wall};
use parry2d::math::Vector;
use proptest::prelude::*;

/// glam 0.34 → parry's glam 0.33.
pub fn pv(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

/// A point in a 20 m square around the origin.
pub fn point() -> impl Strategy<Value = Vec2> {
    (-10.0f32..10.0, -10.0f32..10.0).prop_map(|(x, y)| Vec2::new(x, y))
}

/// Random walls, with axis-aligned and zero-length ones among them.
pub fn wall() -> impl Strategy<Value = Wall> {
    (point(), point(), 0.05f32..0.6, 0u8..4).prop_map(|(a, b, radius, kind)| {
        let b = match kind {
            0 => Vec2::new(a.x, b.y),
            1 => Vec2::new(b.x, a.y),
            2 if radius > 0.5 => a,
            _ => b,
        };
        Wall { a, b, radius }
    })
}

/// Random convex polygons: regular ones, squashed and turned.
pub fn polygon() -> impl Strategy<Value = ConvexPolygon> {
    (point(), 0.3f32..3.0, 0.1f32..1.0, 3usize..8, 0.0f32..6.3).prop_filter_map(
        "degenerate polygon",
        |(centre, size, thinness, sides, turn)| {
            let points = (0..sides)
                .map(|k| {
                    let angle = turn + k as f32 * std::f32::consts::TAU / sides as f32;
                    centre + Vec2::new(angle.cos() * size, angle.sin() * size * thinness)
                })
                .collect();
            ConvexPolygon::new(points).ok()
        },
    )
}

/// Distance from segment `p → q` to segment `a → b` (0 when they cross).
pub fn segment_distance(p: Vec2, q: Vec2, a: Vec2, b: Vec2) -> f32 {
    let cross = |o: Vec2, u: Vec2, v: Vec2| (u - o).perp_dot(v - o);
    let (d1, d2) = (cross(a, b, p), cross(a, b, q));
    let (d3, d4) = (cross(p, q, a), cross(p, q, b));
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return 0.0;
    }
    let to = mazewalker::collision::distance_to_segment;
    to(p, a, b)
        .min(to(q, a, b))
        .min(to(a, p, q))
        .min(to(b, p, q))
}
