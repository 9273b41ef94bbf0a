//! Property tests of the collider with parry2d as an independent oracle for
//! distances, contacts and times of impact.

use crate::common;

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::{
    Collider, ConvexPolygon, MoveOptions, Surface, Wall, circle_polygon_mtv, distance_to_segment,
    polygon_polygon_mtv, sweep_against_wall,
};
use mazewalker::level::maze::maze_walls;
use parry2d::math::Pose;
use parry2d::query::{self, PointQuery, Ray, RayCast};
use parry2d::shape::{Ball, Capsule, ConvexPolygon as ParryPolygon, Segment};
use proptest::prelude::*;

use crate::collision_support;
use collision_support::{point, polygon, pv, wall};

#[derive(Debug, Clone)]
enum MoveCase {
    Free(Vec2),
    Huge(Vec2),
    AtEndpoint {
        wall: usize,
        end: bool,
        overshoot: f32,
    },
}

fn step() -> impl Strategy<Value = MoveCase> {
    prop_oneof![
        4 => (-3.0f32..3.0, -3.0f32..3.0).prop_map(|(x, y)| MoveCase::Free(Vec2::new(x, y))),
        1 => (0.0f32..6.3, 100.0f32..1000.0)
            .prop_map(|(angle, length)| MoveCase::Huge(Vec2::from_angle(angle) * length)),
        3 => (0usize..64, any::<bool>(), 0.5f32..50.0)
            .prop_map(|(wall, end, overshoot)| MoveCase::AtEndpoint { wall, end, overshoot }),
    ]
}

/// Distance from segment `p`→`q` to segment `a`→`b`, by parry: an oracle
/// apart from our own geometry.
fn parry_segment_distance(p: Vec2, q: Vec2, a: Vec2, b: Vec2) -> f32 {
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

/// Distance from `p` to segment `a`→`b`, in f64 (a reference free of f32
/// rounding in the projection).
fn distance_to_segment_f64(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    let (p, a, b) = (p.as_dvec2(), a.as_dvec2(), b.as_dvec2());
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// Signed distance (negative = overlap) from a body at `p` to an obstacle, by
/// parry. parry answers a point inside a polygon by EPA, which 0.31.1
/// sometimes gets wrong (see `circle_polygon_mtv_where_parry_epa_is_wrong`),
/// so inside (parry's GJK `contains_point`) the depth is the distance to the
/// nearest edge segment plus the radius, each distance by parry.
fn body_clearance(p: Vec2, radius: f32, polygon: &ConvexPolygon) -> f32 {
    let shape = parry_polygon(polygon, Vec2::ZERO);
    if shape.contains_local_point(pv(p)) {
        let points = polygon.points();
        let to_boundary = (0..points.len())
            .map(|i| {
                Segment::new(pv(points[i]), pv(points[(i + 1) % points.len()]))
                    .distance_to_local_point(pv(p), true)
            })
            .fold(f32::INFINITY, f32::min);
        return -to_boundary - radius;
    }
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

fn parry_polygon(p: &ConvexPolygon, shift: Vec2) -> ParryPolygon {
    ParryPolygon::from_convex_polyline_unmodified(
        p.points().iter().map(|&v| pv(v + shift)).collect(),
    )
    .unwrap()
}

/// How far `moving` must travel along unit `direction` to clear `fixed`
/// (support functions; negative when already clear along it).
fn push_along(moving: &ConvexPolygon, fixed: &ConvexPolygon, direction: Vec2) -> f32 {
    let fixed_max = fixed
        .points()
        .iter()
        .map(|p| p.dot(direction))
        .fold(f32::NEG_INFINITY, f32::max);
    let moving_min = moving
        .points()
        .iter()
        .map(|p| p.dot(direction))
        .fold(f32::INFINITY, f32::min);
    fixed_max - moving_min
}

/// Outward unit normals of every edge.
fn edge_normals(p: &ConvexPolygon) -> Vec<Vec2> {
    (0..p.points().len()).map(|i| p.edge_normal(i)).collect()
}

/// The shortest push over both polygons' edge normals (either sign) and 3600
/// sampled directions: the penetration depth, since for convex polygons the
/// minimum lies along an edge normal (negative when they do not overlap).
fn sampled_min_push(moving: &ConvexPolygon, fixed: &ConvexPolygon) -> f32 {
    edge_normals(moving)
        .into_iter()
        .chain(edge_normals(fixed))
        .flat_map(|d| [d, -d])
        .chain((0..3600).map(|k| Vec2::from_angle(k as f32 * std::f32::consts::TAU / 3600.0)))
        .map(|d| push_along(moving, fixed, d))
        .fold(f32::INFINITY, f32::min)
}

proptest! {
    #![proptest_config(property_config(400))]

    #[test]
    fn walks_never_get_closer_than_allowed_nor_cross_walls(
        walls in prop::collection::vec(wall(), 1..10),
        obstacles in prop::collection::vec(polygon(), 0..3),
        start in point(),
        body in 0.1f32..0.4,
        steps in prop::collection::vec((step(), prop::bool::weighted(0.25)), 1..25),
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
        let parry_obstacles: Vec<ParryPolygon> =
            obstacles.iter().map(|o| parry_polygon(o, Vec2::ZERO)).collect();
        let mut position = start;
        for (step, reject) in steps {
            let delta = match step {
                MoveCase::Free(d) | MoveCase::Huge(d) => d,
                MoveCase::AtEndpoint { wall, end, overshoot } => {
                    let w = walls[wall % walls.len()];
                    let target = if end { w.b } else { w.a };
                    (target - position).normalize_or_zero() * overshoot
                }
            };
            let options = if reject { MoveOptions::reject() } else { MoveOptions::default() };
            let outcome = collider.move_eye(position, delta, &options).unwrap();
            prop_assert_eq!(collider.move_eye(position, delta, &options).unwrap(), outcome);
            if reject {
                prop_assert!(!outcome.slid && !outcome.pushed_out);
                if outcome.blocked {
                    prop_assert_eq!(outcome.position, position);
                } else {
                    let end = position + delta;
                    prop_assert!((outcome.position - end).length() <= 1e-6 * (1.0 + end.length()));
                }
            }
            // The path actually travelled: through every stop, to the end.
            let mut legs = vec![position];
            legs.extend(outcome.contacts().iter().map(|c| c.position));
            legs.push(outcome.position);
            for leg in legs.windows(2) {
                for w in &walls {
                    let clearance = parry_segment_distance(leg[0], leg[1], w.a, w.b);
                    prop_assert!(
                        clearance >= w.radius - 1e-5,
                        "leg {:?} comes {} from {:?}", leg, clearance, w
                    );
                }
                // The body swept along the leg never overlaps an obstacle.
                let path = Segment::new(pv(leg[0]), pv(leg[1]));
                for o in &parry_obstacles {
                    let id = Pose::identity();
                    let clearance = query::distance(&id, &path, &id, o).unwrap().distance;
                    prop_assert!(
                        clearance >= body - 1e-5,
                        "leg {:?} comes {} from an obstacle, body {}", leg, clearance, body
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

    /// The grid broadphase loses nothing: in a maze of ~150 walls, with
    /// starts inside and outside it and moves from 1 cm to 1 km, the first
    /// impact is the earliest one of a scan over every wall
    /// (`sweep_against_wall`), and a walk through the maze never brings the
    /// eye closer than the radius to any wall (parry's segment distances).
    #[test]
    fn maze_moves_match_a_brute_force_scan(
        seed in any::<u64>(),
        radius in 0.05f32..0.45,
        moves in prop::collection::vec(
            ((-3.0f32..15.0, -3.0f32..15.0), 0.0f32..6.3, prop_oneof![3 => 0.01f32..3.0, 1 => 3.0f32..1000.0]),
            1..20,
        ),
    ) {
        let walls: Vec<Wall> = maze_walls(12, 12, seed, 1.0)
            .unwrap()
            .into_iter()
            .map(|[a, b]| Wall { a, b, radius })
            .collect();
        let collider = Collider::new(walls.clone(), Vec::new(), 0.0);
        let exact = MoveOptions { skin: 0.0, ..MoveOptions::default() };
        let exact_reject = MoveOptions { skin: 0.0, ..MoveOptions::reject() };
        let mut walker: Option<Vec2> = None;
        for ((x, z), angle, length) in moves {
            let start = Vec2::new(x, z);
            let valid = walls.iter().all(|w| distance_to_segment(start, w.a, w.b) > w.radius + 1e-3);
            if !valid {
                continue;
            }
            let motion = Vec2::from_angle(angle) * length;
            let earliest = walls
                .iter()
                .enumerate()
                .filter_map(|(i, w)| sweep_against_wall(start, motion, w).map(|hit| (hit.t, i)))
                .min_by(|p, q| p.0.total_cmp(&q.0));
            let rejected = collider.move_eye(start, motion, &exact_reject).unwrap();
            prop_assert_eq!(rejected.blocked, earliest.is_some());
            let slid = collider.move_eye(start, motion, &exact).unwrap();
            match earliest {
                Some((t, _)) => {
                    let first = slid.contacts()[0];
                    let expected = start + motion * t;
                    prop_assert!(
                        (first.position - expected).length() <= 1e-4 + 1e-6 * length,
                        "first stop {} vs brute force {}", first.position, expected
                    );
                    let Surface::Wall(hit) = first.surface else {
                        return Err(TestCaseError::fail("hit a non-wall"));
                    };
                    let t_hit = sweep_against_wall(start, motion, &walls[hit]).unwrap().t;
                    prop_assert!(t_hit <= t + 1e-6, "hit wall {} at {} but {} is earlier", hit, t_hit, t);
                }
                None => prop_assert_eq!(slid.position, start + motion),
            }
            // Walk from the last position (the first valid start seeds it).
            let from = walker.unwrap_or(start);
            let outcome = collider.move_eye(from, motion, &MoveOptions::default()).unwrap();
            let mut legs = vec![from];
            legs.extend(outcome.contacts().iter().map(|c| c.position));
            legs.push(outcome.position);
            for leg in legs.windows(2) {
                for w in &walls {
                    let clearance = parry_segment_distance(leg[0], leg[1], w.a, w.b);
                    prop_assert!(clearance >= w.radius - 1e-5, "leg {:?} comes {} from {:?}", leg, clearance, w);
                }
            }
            walker = Some(outcome.position);
        }
    }

    /// The oracle is parry's analytic ray cast against a `Capsule` (the
    /// segment inflated by the wall's radius): exactly our query, a moving
    /// point against a rounded segment. parry's `cast_shapes` (ball against
    /// segment) solves the same problem by GJK, whose relative tolerance
    /// (`sqrt(10 ε)`, about 1e-3 of the distance) left it 1.5 mm short on a
    /// 30 m move, so it cannot judge a stop to 1e-3.
    #[test]
    fn time_of_impact_matches_parry(
        start in point(), motion in (-30.0f32..30.0, -30.0f32..30.0), w in wall(),
    ) {
        let motion = Vec2::new(motion.0, motion.1);
        prop_assume!(distance_to_segment(start, w.a, w.b) > w.radius + 1e-3);
        let collider = Collider::new(vec![w], Vec::new(), 0.0);
        let exact = MoveOptions { skin: 0.0, ..MoveOptions::reject() };
        let ours = collider.move_eye(start, motion, &exact).unwrap();
        let theirs = Capsule::new(pv(w.a), pv(w.b), w.radius).cast_local_ray_and_get_normal(
            &Ray::new(pv(start), pv(motion)), 1.0, true,
        );
        // Closest approach of the whole path: near-tangent paths are ambiguous.
        let approach = parry_segment_distance(start, start + motion, w.a, w.b) - w.radius;
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
                let normal = Vec2::new(hit.normal.x, hit.normal.y);
                prop_assert!(slid.contacts()[0].normal.dot(normal) > 0.999,
                    "normal {} vs parry {}", slid.contacts()[0].normal, normal);
                // Independently of parry: the stop is on the rounded surface
                // and the path to it never came closer.
                let at_stop = distance_to_segment_f64(stop, w.a, w.b);
                prop_assert!((at_stop - f64::from(w.radius)).abs() < 1e-4,
                    "stopped {} from the segment, radius {}", at_stop, w.radius);
                prop_assert!(parry_segment_distance(start, stop, w.a, w.b) >= w.radius - 1e-5);
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

    /// parry 0.31's penetration depth for two polygons (`contact`, by EPA)
    /// is sometimes wrong (see `polygon_polygon_mtv_where_parry_epa_is_wrong`),
    /// so depths are not compared with it. Instead parry's GJK judges
    /// overlap: the MTV plus 1 mm separates the shapes (`contact` distance),
    /// and a push 1 mm shorter than the MTV — along the MTV, along every
    /// edge normal of either polygon (the true minimum lies along one of
    /// those) or along any of 360 sampled directions — leaves them
    /// overlapping (`intersection_test`). Support functions over the same
    /// directions plus 3600 samples check minimality to 1e-4.
    #[test]
    fn polygon_polygon_mtv_matches_parry(a in polygon(), b in polygon()) {
        let id = Pose::identity();
        let fixed = parry_polygon(&b, Vec2::ZERO);
        let overlaps_after = |push: Vec2| {
            query::intersection_test(&id, &parry_polygon(&a, push), &id, &fixed).unwrap().intersecting
        };
        match polygon_polygon_mtv(&a, &b) {
            Some(mtv) => {
                let (depth, direction) = (mtv.length(), mtv.normalize());
                let moved = parry_polygon(&a, mtv + direction * 1e-3);
                let after = query::contact(&id, &moved, &id, &fixed, 1e6).unwrap().unwrap().dist;
                prop_assert!(after > -1e-4, "MTV {} leaves an overlap of {}", mtv, -after);
                prop_assert!((depth - sampled_min_push(&a, &b)).abs() < 1e-4,
                    "depth {} vs shortest push {}", depth, sampled_min_push(&a, &b));
                prop_assert!((push_along(&a, &b, direction) - depth).abs() < 1e-4);
                if depth > 1e-3 {
                    let directions = std::iter::once(direction)
                        .chain(edge_normals(&a))
                        .chain(edge_normals(&b))
                        .flat_map(|d| [d, -d])
                        .chain((0..360).map(|k| Vec2::from_angle(k as f32 * std::f32::consts::TAU / 360.0)));
                    for d in directions {
                        prop_assert!(overlaps_after(d * (depth - 1e-3)),
                            "a push of {} along {} already separates; MTV {}", depth - 1e-3, d, mtv);
                    }
                }
            }
            None => {
                let dist = query::contact(&id, &parry_polygon(&a, Vec2::ZERO), &id, &fixed, 1e6).unwrap().unwrap().dist;
                prop_assert!(dist > -1e-4, "parry overlaps by {}", -dist);
                prop_assert!(sampled_min_push(&a, &b) < 1e-4, "overlap missed");
            }
        }
    }
}

fn polygon_from(points: &[(f32, f32)]) -> ConvexPolygon {
    ConvexPolygon::new(points.iter().map(|&(x, z)| Vec2::new(x, z)).collect()).unwrap()
}

/// Found by the property test when it still compared depths with parry's
/// `contact` (EPA). Expected depths and normals come from the convex hull
/// of the Minkowski difference, computed by hand (its edge nearest to the
/// origin); our SAT agrees with them, parry 0.31.1 does not.
#[test]
fn polygon_polygon_mtv_where_parry_epa_is_wrong() {
    // parry reports 0.589 for (a, b) and 0.939 for (b, a).
    let a = polygon_from(&[
        (9.273583, -2.0804586),
        (11.104695, -1.8261316),
        (11.235424, -1.3859794),
        (9.567331, -1.0914462),
        (7.356521, -1.164321),
        (6.2677813, -1.5497279),
        (7.1209536, -1.9574473),
    ]);
    let b = polygon_from(&[
        (8.612759, 0.9757477),
        (5.62436, -0.2239639),
        (8.215641, -2.075077),
    ]);
    let mtv = polygon_polygon_mtv(&a, &b).unwrap();
    assert!((mtv.length() - 0.938_565_4).abs() < 1e-4, "{mtv}");
    assert!(
        mtv.normalize().dot(Vec2::new(0.032_945, -0.999_457)) > 0.999_999,
        "{mtv}"
    );
    let back = polygon_polygon_mtv(&b, &a).unwrap();
    assert!((back + mtv).length() < 1e-4, "{back} vs {mtv}");

    // parry reports 0.0627 in both orders, along the right axis.
    let a = polygon_from(&[
        (12.086875, -7.691955),
        (8.905073, -6.0694265),
        (8.905073, -9.314484),
    ]);
    let b = polygon_from(&[
        (8.767327, -6.6559997),
        (10.797094, -6.4226093),
        (11.389536, -5.8468857),
        (10.098532, -5.3623605),
        (7.8962355, -5.333891),
        (6.441018, -5.782915),
        (6.8286915, -6.371309),
    ]);
    let mtv = polygon_polygon_mtv(&a, &b).unwrap();
    assert!((mtv.length() - 0.566_998_7).abs() < 1e-4, "{mtv}");
    assert!(
        mtv.normalize().dot(Vec2::new(0.114_231, -0.993_454)) > 0.999_999,
        "{mtv}"
    );
    let id = Pose::identity();
    let moved = |push: Vec2| parry_polygon(&a, push);
    let fixed = parry_polygon(&b, Vec2::ZERO);
    assert!(
        !query::intersection_test(&id, &moved(mtv * 1.001), &id, &fixed)
            .unwrap()
            .intersecting
    );
    assert!(
        query::intersection_test(&id, &moved(mtv * 0.999), &id, &fixed)
            .unwrap()
            .intersecting
    );
}

/// Found by the property test with parry's GJK shape cast as the oracle: a
/// 30 m move stops where the distance to the wall is exactly its radius
/// (parry's ball cast stopped 1.5 mm early, within GJK's tolerance).
#[test]
fn long_move_stops_exactly_at_the_radius() {
    let w = Wall {
        a: Vec2::new(5.977_658_3, 8.147_897),
        b: Vec2::new(5.053_692_3, -1.307_447_7),
        radius: 0.076_925_285,
    };
    let start = Vec2::new(4.096_919_5, 0.957_149_6);
    let motion = Vec2::new(12.550_095, 27.638_363);
    let collider = Collider::new(vec![w], Vec::new(), 0.0);
    let slid = collider
        .move_eye(
            start,
            motion,
            &MoveOptions {
                skin: 0.0,
                ..MoveOptions::default()
            },
        )
        .unwrap();
    let stop = slid.contacts()[0].position;
    let hit = Capsule::new(pv(w.a), pv(w.b), w.radius)
        .cast_local_ray(&Ray::new(pv(start), pv(motion)), 1.0, true)
        .unwrap();
    assert!((stop - (start + motion * hit)).length() < 1e-4, "{stop}");
    assert!((distance_to_segment_f64(stop, w.a, w.b) - f64::from(w.radius)).abs() < 1e-5);
}

/// Found by the property test: parry 0.31.1 projects this centre (inside a
/// long thin heptagon) to a point 0.0127 m away that is not on the outline,
/// so `contact` reports a depth of 0.0627. The nearest edge is 0.22430 m
/// away (by hand), so the depth is 0.27430, along that edge's normal.
#[test]
fn circle_polygon_mtv_where_parry_epa_is_wrong() {
    let polygon = polygon_from(&[
        (3.7029958, -3.6082768),
        (4.0435386, -3.356947),
        (2.2908854, -3.1736205),
        (-0.23517704, -3.1963463),
        (-1.6324763, -3.4080112),
        (-0.84881353, -3.6492274),
        (1.5256935, -3.738354),
    ]);
    let centre = Vec2::new(1.2522477, -3.503628);
    let mtv = circle_polygon_mtv(centre, 0.05, &polygon).unwrap();
    assert!((mtv.length() - 0.274_304_3).abs() < 1e-4, "{mtv}");
    assert!(
        mtv.normalize().dot(Vec2::new(-0.037_508, -0.999_296)) > 0.999_999,
        "{mtv}"
    );
    assert!((body_clearance(centre, 0.05, &polygon) + 0.274_304_3).abs() < 1e-4);
    assert!(body_clearance(centre + mtv * 1.001, 0.05, &polygon) > 0.0);
}
