//! Property tests of `Collider::ray_cast`: the grid walk against a
//! brute-force scan of every shape, and the per-shape tests against parry2d.

use crate::common;

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::{
    Collider, ConvexPolygon, RayHit, Surface, Wall, ray_against_obstacle, ray_against_wall,
};
use mazewalker::level::maze::maze_walls;
use parry2d::math::Pose;
use parry2d::query::{Ray, RayCast};
use parry2d::shape::{ConvexPolygon as ParryPolygon, Segment};
use proptest::prelude::*;

use crate::collision_support;
use collision_support::{point, polygon, pv, segment_distance, wall};

/// The fraction at which the segment meets `surface`, by the per-shape test.
fn fraction_of(collider: &Collider, from: Vec2, to: Vec2, surface: Surface) -> Option<f32> {
    match surface {
        Surface::Wall(i) => ray_against_wall(from, to, &collider.walls()[i]),
        Surface::Obstacle(i) => ray_against_obstacle(from, to, &collider.obstacles()[i]),
        // A collider's rays never meet door leaves.
        Surface::Door(_) | Surface::Edge(_) => None,
    }
}

/// The smallest fraction over every wall and obstacle, one after the other.
fn brute_force(collider: &Collider, from: Vec2, to: Vec2) -> Option<f32> {
    let walls = collider
        .walls()
        .iter()
        .filter_map(|w| ray_against_wall(from, to, w));
    let obstacles = collider
        .obstacles()
        .iter()
        .filter_map(|o| ray_against_obstacle(from, to, o));
    walls.chain(obstacles).min_by(f32::total_cmp)
}

/// The grid's answer is the brute-force scan's: same first fraction, a
/// surface that is met at that fraction, and the point on the segment there.
fn check_against_brute_force(
    collider: &Collider,
    from: Vec2,
    to: Vec2,
) -> Result<(), TestCaseError> {
    let hit: Option<RayHit> = collider.ray_cast(from, to);
    let expected = brute_force(collider, from, to);
    prop_assert_eq!(hit.map(|h| h.fraction), expected, "{:?}", hit);
    if let Some(hit) = hit {
        prop_assert_eq!(
            fraction_of(collider, from, to, hit.surface),
            Some(hit.fraction)
        );
        let on_segment = from + (to - from) * hit.fraction;
        let tolerance = 1e-5 * (1.0 + from.abs().max(to.abs()).max_element());
        prop_assert!(
            (hit.point - on_segment).length() <= tolerance,
            "{:?} vs {}",
            hit,
            on_segment
        );
        prop_assert_eq!(collider.ray_cast(from, to), Some(hit));
    }
    Ok(())
}

/// Rays of every kind: free, axis-aligned (collinear with axis-aligned
/// walls), aimed at a wall's end, and of zero length.
fn ray(walls: &[Wall], from: Vec2, to: Vec2, kind: u8, pick: usize) -> (Vec2, Vec2) {
    let w = walls[pick % walls.len()];
    match kind {
        0 => (from, Vec2::new(to.x, from.y)),
        1 => (from, Vec2::new(from.x, to.y)),
        2 => (from, w.a + (w.a - from) * 0.5),
        3 => (w.a, w.b),
        4 => (from, from),
        _ => (from, to),
    }
}

/// The nearest wall by scanning every wall: its index (lowest on a tie)
/// and distance, within `within`.
fn nearest_by_scan(walls: &[Wall], p: Vec2, within: f32) -> Option<(usize, f32)> {
    let mut best: Option<(usize, f32)> = None;
    for (index, wall) in walls.iter().enumerate() {
        let d = mazewalker::collision::closest_point_on_segment(p, wall.a, wall.b).distance(p);
        if d <= within && best.is_none_or(|(_, nearest)| d < nearest) {
            best = Some((index, d));
        }
    }
    best
}

/// The nearest wall end by scanning every wall's ends in order (the first
/// on a tie), within `within`.
fn nearest_end_by_scan(walls: &[Wall], p: Vec2, within: f32) -> Option<Vec2> {
    let mut best: Option<(f32, Vec2)> = None;
    for end in walls.iter().flat_map(|wall| [wall.a, wall.b]) {
        let d = p.distance(end);
        if d <= within && best.is_none_or(|(nearest, _)| d < nearest) {
            best = Some((d, end));
        }
    }
    best.map(|(_, end)| end)
}

proptest! {
    #![proptest_config(property_config(256))]
    /// The grid's nearest wall end is the scan's, exactly: the same f32
    /// distances, the same tie rule.
    #[test]
    fn nearest_wall_end_matches_a_scan(
        walls in prop::collection::vec(wall(), 1..30),
        p in point(),
        within in 0.0f32..6.0,
    ) {
        let collider = Collider::new(walls.clone(), Vec::new(), 0.25);
        prop_assert_eq!(collider.nearest_wall_end(p, within), nearest_end_by_scan(&walls, p, within));
    }

    /// The grid's nearest wall is the scan's (up to rounding: the grid
    /// works in f64, the scan in f32).
    #[test]
    fn nearest_wall_matches_a_scan(
        walls in prop::collection::vec(wall(), 1..30),
        p in point(),
        within in 0.0f32..6.0,
    ) {
        let collider = Collider::new(walls.clone(), Vec::new(), 0.25);
        let grid = collider.nearest_wall(p, within);
        let scan = nearest_by_scan(&walls, p, within);
        match (grid, scan) {
            (Some((i, d)), Some((j, e))) => {
                prop_assert!((d - e).abs() < 1e-4, "{d} vs {e}");
                if i != j {
                    let other = mazewalker::collision::closest_point_on_segment(p, walls[i].a, walls[i].b);
                    prop_assert!((other.distance(p) - e).abs() < 1e-4, "a tie: {i} vs {j}");
                }
            }
            (None, None) => {}
            (grid, scan) => {
                // Only at the edge of reach.
                let d = grid.or(scan).map_or(0.0, |(_, d)| d);
                prop_assert!((d - within).abs() < 1e-4, "{grid:?} vs {scan:?}");
            }
        }
    }

    /// The walls near a segment hold every wall whose centre segment comes
    /// within reach of it (the scan's distance), each once, in order.
    #[test]
    fn walls_near_a_segment_hold_every_wall_within_reach(
        walls in prop::collection::vec(wall(), 1..30),
        a in point(),
        b in point(),
        within in 0.0f32..3.0,
    ) {
        let collider = Collider::new(walls.clone(), Vec::new(), 0.25);
        let near = collider.walls_near_segment(a, b, within);
        prop_assert!(near.windows(2).all(|pair| pair[0] < pair[1]), "{near:?}");
        for (index, w) in walls.iter().enumerate() {
            let gap = segment_distance(a, b, w.a, w.b);
            if gap < within - 1e-4 {
                prop_assert!(near.contains(&index), "wall {index} is {gap} m away: {near:?}");
            }
        }
    }
}

/// The fraction along `from`→`to` where its line crosses the line through
/// `a`–`b`, in f64 from the f32 inputs: the reference for the per-shape
/// ray tests.
fn exact_crossing(from: Vec2, to: Vec2, a: Vec2, b: Vec2) -> f64 {
    let (from, to, a, b) = (from.as_dvec2(), to.as_dvec2(), a.as_dvec2(), b.as_dvec2());
    (a - from).perp_dot(b - a) / (to - from).perp_dot(b - a)
}

/// Found by `per_shape_tests_match_parry` in CI: a ray 0.83° off a wall's
/// line, where parry's f32 answer is 3.3e-4 from the exact crossing and
/// ours within 1e-6.
#[test]
fn a_ray_nearly_parallel_to_a_wall_meets_it_at_the_exact_crossing() {
    let (from, to) = (
        Vec2::new(2.0066266, 0.37199473),
        Vec2::new(-3.1924968, -6.5816383),
    );
    let (a, b) = (
        Vec2::new(5.1851397, 4.364988),
        Vec2::new(-5.0578785, -8.918555),
    );
    let exact = exact_crossing(from, to, a, b);
    let ours = ray_against_wall(from, to, &Wall { a, b, radius: 0.2 }).expect("a hit");
    assert!(
        (f64::from(ours) - exact).abs() <= 1e-6,
        "{ours} vs exact {exact}"
    );
}

proptest! {
    #![proptest_config(property_config(600))]

    #[test]
    fn ray_cast_matches_a_brute_force_scan(
        walls in prop::collection::vec(wall(), 1..16),
        obstacles in prop::collection::vec(polygon(), 0..4),
        rays in prop::collection::vec((point(), point(), 0u8..8, 0usize..16), 1..12),
    ) {
        let collider = Collider::new(walls.clone(), obstacles, 0.3);
        for (from, to, kind, pick) in rays {
            let (from, to) = ray(&walls, from, to, kind, pick);
            check_against_brute_force(&collider, from, to)?;
        }
    }

    /// Among the shapes a filter keeps (the ones as tall as a lamp, say),
    /// the grid's first hit is a scan's of those shapes.
    #[test]
    fn a_filtered_ray_matches_a_scan_of_the_kept_shapes(
        walls in prop::collection::vec(wall(), 1..16),
        obstacles in prop::collection::vec(polygon(), 0..4),
        keep in prop::collection::vec(any::<bool>(), 20),
        rays in prop::collection::vec((point(), point(), 0u8..8, 0usize..16), 1..12),
    ) {
        let collider = Collider::new(walls.clone(), obstacles.clone(), 0.3);
        let blocks = |surface: Surface| match surface {
            Surface::Wall(index) => keep[index],
            Surface::Obstacle(index) => keep[16 + index],
            Surface::Door(_) | Surface::Edge(_) => true,
        };
        for (from, to, kind, pick) in rays {
            let (from, to) = ray(&walls, from, to, kind, pick);
            let hit = collider.ray_cast_where(from, to, blocks);
            let kept_walls = walls
                .iter()
                .enumerate()
                .filter(|&(index, _)| blocks(Surface::Wall(index)))
                .filter_map(|(_, w)| ray_against_wall(from, to, w));
            let kept_obstacles = obstacles
                .iter()
                .enumerate()
                .filter(|&(index, _)| blocks(Surface::Obstacle(index)))
                .filter_map(|(_, o)| ray_against_obstacle(from, to, o));
            let expected = kept_walls.chain(kept_obstacles).min_by(f32::total_cmp);
            prop_assert_eq!(hit.map(|h| h.fraction), expected, "{:?}", hit);
            if let Some(hit) = hit {
                prop_assert!(blocks(hit.surface), "hit {:?}, which the filter drops", hit.surface);
            }
        }
    }

    /// In a 24×24 maze (about 600 walls, many collinear with axis-aligned
    /// rays), from inside and outside the maze, over lengths from 1 cm to
    /// 1 km.
    #[test]
    fn maze_rays_match_a_brute_force_scan(
        seed in 0u64..1000,
        from in (-5.0f32..30.0, -5.0f32..30.0),
        angle in 0.0f32..6.3,
        length in prop_oneof![0.01f32..1.0, 1.0f32..40.0, 100.0f32..1000.0],
        axis in 0u8..3,
    ) {
        let walls: Vec<Wall> = maze_walls(24, 24, seed, 1.0)
            .unwrap()
            .into_iter()
            .map(|[a, b]| Wall { a, b, radius: 0.25 })
            .collect();
        let collider = Collider::new(walls, Vec::new(), 0.25);
        let from = Vec2::new(from.0, from.1);
        let direction = match axis {
            0 => Vec2::from_angle(angle),
            // Along the maze's lines: exactly collinear with its walls when
            // `from` lies on one.
            1 => Vec2::new(angle.cos().signum(), 0.0),
            _ => Vec2::new(0.0, angle.sin().signum()),
        };
        check_against_brute_force(&collider, from, from + direction * length)?;
        let on_grid_line = from.round();
        check_against_brute_force(&collider, on_grid_line, on_grid_line + direction * length)?;
    }

    /// The per-shape tests agree with parry's ray casts (rays in general
    /// position: parry's answers for collinear overlaps are its own).
    #[test]
    fn per_shape_tests_match_parry(
        from in point(), to in point(), a in point(), b in point(), polygon in polygon(),
    ) {
        let direction = to - from;
        let general = direction.perp_dot(b - a).abs() > 1e-3 * direction.length() * (b - a).length();
        prop_assume!(general && direction.length() > 1e-3);
        let id = Pose::identity();
        let ray = Ray::new(pv(from), pv(direction));
        let theirs = Segment::new(pv(a), pv(b)).cast_ray(&id, &ray, 1.0, true);
        let ours = ray_against_wall(from, to, &Wall { a, b, radius: 0.2 });
        match (ours, theirs) {
            (None, None) => {}
            (Some(o), Some(t)) => {
                // Ours is held to the exact crossing, within 1e-4; parry
                // works in f32, and near-parallel lines amplify its
                // rounding by 1 / sin of their angle.
                let exact = exact_crossing(from, to, a, b);
                prop_assert!((f64::from(o) - exact).abs() <= 1e-4, "{} vs exact {}", o, exact);
                let sine = f64::from(direction.perp_dot(b - a).abs())
                    / f64::from(direction.length() * (b - a).length());
                let slack = 1e-4 * (1.0 / sine).max(1.0);
                prop_assert!((f64::from(t) - exact).abs() <= slack, "parry {} vs exact {}", t, exact);
            }
            (o, t) => {
                // Only a graze at the very end of either segment may differ.
                let near_end = [a, b, from, to].iter().any(|&p| {
                    mazewalker::collision::distance_to_segment(p, from, to).min(
                        mazewalker::collision::distance_to_segment(p, a, b),
                    ) < 1e-4
                });
                prop_assert!(near_end, "ours {:?}, parry {:?}", o, t);
            }
        }
        let shape = ParryPolygon::from_convex_polyline_unmodified(
            polygon.points().iter().map(|&p| pv(p)).collect(),
        )
        .unwrap();
        let theirs = shape.cast_ray(&id, &ray, 1.0, true);
        let ours = ray_against_obstacle(from, to, &polygon);
        match (ours, theirs) {
            (None, None) => {}
            (Some(o), Some(t)) => prop_assert!((o - t).abs() <= 1e-4, "{} vs {}", o, t),
            (o, t) => {
                let grazing = polygon.points().iter().any(|&p| {
                    mazewalker::collision::distance_to_segment(p, from, to) < 1e-4
                }) || polygon.signed_distance(from).abs() < 1e-4
                    || polygon.signed_distance(to).abs() < 1e-4;
                prop_assert!(grazing, "ours {:?}, parry {:?}", o, t);
            }
        }
    }
}

#[test]
fn an_editor_crosshair_picks_the_wall_it_points_at_through_the_grid() {
    // A row of 1000 parallel walls; the crosshair from the left picks the
    // first, from the right the last, and between two walls the next one.
    let walls: Vec<Wall> = (0..1000)
        .map(|i| Wall {
            a: Vec2::new(i as f32, -1.0),
            b: Vec2::new(i as f32, 1.0),
            radius: 0.1,
        })
        .collect();
    let square = ConvexPolygon::new(vec![
        Vec2::new(-3.0, -0.5),
        Vec2::new(-2.0, -0.5),
        Vec2::new(-2.0, 0.5),
        Vec2::new(-3.0, 0.5),
    ])
    .unwrap();
    let collider = Collider::new(walls, vec![square], 0.25);
    let pick = |from: (f32, f32), to: (f32, f32)| {
        collider
            .ray_cast(Vec2::new(from.0, from.1), Vec2::new(to.0, to.1))
            .map(|h| h.surface)
    };
    assert_eq!(pick((-1.0, 0.0), (2000.0, 0.5)), Some(Surface::Wall(0)));
    assert_eq!(pick((2000.0, 0.0), (-1.0, 0.5)), Some(Surface::Wall(999)));
    assert_eq!(pick((500.5, 0.0), (520.0, 0.0)), Some(Surface::Wall(501)));
    assert_eq!(pick((500.5, 0.0), (500.9, 0.0)), None);
    assert_eq!(pick((-1.0, 0.0), (-10.0, 0.0)), Some(Surface::Obstacle(0)));
    // Above the walls' ends (within their radius, which rays ignore).
    assert_eq!(pick((-1.0, 1.05), (2000.0, 1.05)), None);
}
