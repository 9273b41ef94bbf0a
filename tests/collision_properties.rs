//! Property tests of the collider with parry2d as an independent oracle for
//! distances, contacts and times of impact.

use glam::Vec2;
use mazewalker::collision::{
    Collider, ConvexPolygon, MoveOptions, Wall, circle_polygon_mtv, distance_to_segment,
    polygon_polygon_mtv,
};
use parry2d::math::{Pose, Vector};
use parry2d::query::{self, PointQuery, ShapeCastOptions};
use parry2d::shape::{Ball, ConvexPolygon as ParryPolygon, Segment};
use proptest::prelude::*;

/// glam 0.34 → parry's glam 0.33.
fn pv(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

fn point() -> impl Strategy<Value = Vec2> {
    (-10.0f32..10.0, -10.0f32..10.0).prop_map(|(x, y)| Vec2::new(x, y))
}

/// Random walls, with axis-aligned and zero-length ones among them.
fn wall() -> impl Strategy<Value = Wall> {
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

fn polygon() -> impl Strategy<Value = ConvexPolygon> {
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

#[derive(Debug, Clone)]
enum Step {
    Free(Vec2),
    Huge(Vec2),
    AtEndpoint {
        wall: usize,
        end: bool,
        overshoot: f32,
    },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (-3.0f32..3.0, -3.0f32..3.0).prop_map(|(x, y)| Step::Free(Vec2::new(x, y))),
        1 => (0.0f32..6.3, 100.0f32..1000.0)
            .prop_map(|(angle, length)| Step::Huge(Vec2::from_angle(angle) * length)),
        3 => (0usize..64, any::<bool>(), 0.5f32..50.0)
            .prop_map(|(wall, end, overshoot)| Step::AtEndpoint { wall, end, overshoot }),
    ]
}

/// Distance from segment `p`→`q` to segment `a`→`b`, by parry.
fn segment_distance(p: Vec2, q: Vec2, a: Vec2, b: Vec2) -> f32 {
    let id = Pose::identity();
    query::distance(
        &id,
        &Segment::new(pv(p), pv(q)),
        &id,
        &Segment::new(pv(a), pv(b)),
    )
    .unwrap()
    .distance
}

/// Signed distance (negative = overlap) from a body at `p` to an obstacle, by parry.
fn body_clearance(p: Vec2, radius: f32, polygon: &ConvexPolygon) -> f32 {
    let points: Vec<Vector> = polygon.points().iter().map(|&v| pv(v)).collect();
    let shape = ParryPolygon::from_convex_polyline_unmodified(points).unwrap();
    let contact = query::contact(
        &Pose::from_translation(pv(p)),
        &Ball::new(radius),
        &Pose::identity(),
        &shape,
        1e6,
    )
    .unwrap()
    .unwrap();
    contact.dist
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn walks_never_get_closer_than_allowed_nor_cross_walls(
        walls in prop::collection::vec(wall(), 1..10),
        obstacles in prop::collection::vec(polygon(), 0..3),
        start in point(),
        body in 0.1f32..0.4,
        steps in prop::collection::vec(step(), 1..25),
    ) {
        // Keep the start valid: drop shapes that it already touches.
        let walls: Vec<Wall> = walls
            .into_iter()
            .filter(|w| distance_to_segment(start, w.a, w.b) > w.radius + 0.01)
            .collect();
        let obstacles: Vec<ConvexPolygon> = obstacles
            .into_iter()
            .filter(|o| o.signed_distance(start) > body + 0.01)
            .collect();
        prop_assume!(!walls.is_empty());
        let collider = Collider::new(walls.clone(), obstacles.clone(), body);
        let options = MoveOptions::default();
        let mut position = start;
        for step in steps {
            let delta = match step {
                Step::Free(d) | Step::Huge(d) => d,
                Step::AtEndpoint { wall, end, overshoot } => {
                    let w = walls[wall % walls.len()];
                    let target = if end { w.b } else { w.a };
                    (target - position).normalize_or_zero() * overshoot
                }
            };
            let outcome = collider.move_eye(position, delta, &options).unwrap();
            // The path actually travelled: through every stop, to the end.
            let mut legs = vec![position];
            legs.extend(outcome.contacts().iter().map(|c| c.position));
            legs.push(outcome.position);
            for leg in legs.windows(2) {
                for w in &walls {
                    let clearance = segment_distance(leg[0], leg[1], w.a, w.b);
                    prop_assert!(
                        clearance >= w.radius - 1e-5,
                        "leg {:?} comes {} from {:?}", leg, clearance, w
                    );
                }
            }
            for o in &obstacles {
                let clearance = body_clearance(outcome.position, body, o);
                prop_assert!(clearance >= -1e-5, "overlap {} at {}", clearance, outcome.position);
            }
            position = outcome.position;
        }
    }

    #[test]
    fn distance_to_segment_matches_parry(p in point(), a in point(), b in point(), kind in 0u8..4) {
        let b = match kind { 0 => Vec2::new(a.x, b.y), 1 => Vec2::new(b.x, a.y), 2 => a, _ => b };
        let ours = distance_to_segment(p, a, b);
        let theirs = Segment::new(pv(a), pv(b)).distance_to_point(&Pose::identity(), pv(p), true);
        prop_assert!((ours - theirs).abs() <= 1e-4 * (1.0 + theirs), "{} vs {}", ours, theirs);
    }

    #[test]
    fn time_of_impact_matches_parry(
        start in point(), motion in (-30.0f32..30.0, -30.0f32..30.0), w in wall(),
    ) {
        let motion = Vec2::new(motion.0, motion.1);
        prop_assume!(distance_to_segment(start, w.a, w.b) > w.radius + 1e-3);
        let collider = Collider::new(vec![w], Vec::new(), 0.0);
        let exact = MoveOptions { skin: 0.0, ..MoveOptions::reject() };
        let ours = collider.move_eye(start, motion, &exact).unwrap();
        let theirs = query::cast_shapes(
            &Pose::from_translation(pv(start)), pv(motion), &Ball::new(w.radius),
            &Pose::identity(), Vector::ZERO, &Segment::new(pv(w.a), pv(w.b)),
            ShapeCastOptions::with_max_time_of_impact(1.0),
        ).unwrap();
        // Closest approach of the whole path: near-tangent paths are ambiguous.
        let approach = segment_distance(start, start + motion, w.a, w.b) - w.radius;
        match theirs {
            Some(hit) if approach < -1e-3 => {
                prop_assert!(ours.blocked, "parry hits at {} but we pass", hit.time_of_impact);
                // Slide with zero skin stops exactly at the impact.
                let slid = collider
                    .move_eye(start, motion, &MoveOptions { skin: 0.0, ..MoveOptions::default() })
                    .unwrap();
                let stop = slid.contacts()[0].position;
                let expected = start + motion * hit.time_of_impact;
                prop_assert!((stop - expected).length() < 1e-3, "{} vs {}", stop, expected);
                let normal = Vec2::new(-hit.normal2.x, -hit.normal2.y);
                prop_assert!(slid.contacts()[0].normal.dot(-normal) > 0.999,
                    "normal {} vs parry {}", slid.contacts()[0].normal, -normal);
            }
            None if approach > 1e-3 => prop_assert!(!ours.blocked),
            _ => {}
        }
    }

    #[test]
    fn circle_polygon_mtv_matches_parry(centre in point(), radius in 0.05f32..2.0, polygon in polygon()) {
        let dist = body_clearance(centre, radius, &polygon);
        match circle_polygon_mtv(centre, radius, &polygon) {
            Some(mtv) => {
                prop_assert!((mtv.length() + dist).abs() < 1e-3, "{} vs depth {}", mtv.length(), -dist);
                prop_assert!(body_clearance(centre + mtv * 1.001 + mtv.normalize() * 1e-4, radius, &polygon) > -1e-4);
            }
            None => prop_assert!(dist > -1e-4, "parry overlaps by {}", -dist),
        }
    }

    #[test]
    fn polygon_polygon_mtv_matches_parry(a in polygon(), b in polygon()) {
        let shape = |p: &ConvexPolygon, shift: Vec2| {
            ParryPolygon::from_convex_polyline_unmodified(p.points().iter().map(|&v| pv(v + shift)).collect()).unwrap()
        };
        let id = Pose::identity();
        let dist = query::contact(&id, &shape(&a, Vec2::ZERO), &id, &shape(&b, Vec2::ZERO), 1e6)
            .unwrap().unwrap().dist;
        match polygon_polygon_mtv(&a, &b) {
            Some(mtv) => {
                prop_assert!((mtv.length() + dist).abs() < 1e-3, "{} vs depth {}", mtv.length(), -dist);
                let moved = shape(&a, mtv + mtv.normalize() * 1e-3);
                let after = query::contact(&id, &moved, &id, &shape(&b, Vec2::ZERO), 1e6).unwrap().unwrap().dist;
                prop_assert!(after > -1e-4, "still overlapping by {}", -after);
            }
            None => prop_assert!(dist > -1e-4, "parry overlaps by {}", -dist),
        }
    }
}
