//! Scenario tests of the collider: the behaviours a walker feels.

use glam::Vec2;
use mazewalker::collision::{
    Collider, CollisionError, ConvexPolygon, MoveOptions, MovePolicy, Surface, Wall,
    distance_to_segment,
};

const R: f32 = 0.25;

fn wall(a: (f32, f32), b: (f32, f32)) -> Wall {
    Wall {
        a: Vec2::new(a.0, a.1),
        b: Vec2::new(b.0, b.1),
        radius: R,
    }
}

fn walls_only(walls: Vec<Wall>) -> Collider {
    Collider::new(walls, Vec::new(), R)
}

fn min_clearance(collider: &Collider, p: Vec2) -> f32 {
    collider
        .walls()
        .iter()
        .map(|w| distance_to_segment(p, w.a, w.b) - w.radius)
        .fold(f32::INFINITY, f32::min)
}

/// Walks `frames` steps of `step` from `start`, returning every position.
fn walk(collider: &Collider, start: Vec2, step: Vec2, frames: usize) -> Vec<Vec2> {
    let options = MoveOptions::default();
    let mut positions = vec![start];
    let mut p = start;
    for _ in 0..frames {
        p = collider.move_eye(p, step, &options).unwrap().position;
        positions.push(p);
    }
    positions
}

#[test]
fn walking_at_45_degrees_into_a_long_wall_keeps_the_tangential_speed() {
    let collider = walls_only(vec![wall((-100.0, 0.0), (100.0, 0.0))]);
    let step = Vec2::new(1.0, -1.0).normalize() * 0.05;
    let positions = walk(&collider, Vec2::new(0.0, 1.0), step, 400);
    // Once on the wall, each frame keeps at least 99% of the tangential part.
    let touching: Vec<_> = positions.windows(2).skip(40).collect();
    for pair in &touching {
        let gained = pair[1].x - pair[0].x;
        assert!(gained >= 0.99 * step.x, "lost speed: {gained} < {}", step.x);
        assert!(min_clearance(&collider, pair[1]) >= -1e-5);
    }
    let last = *positions.last().unwrap();
    assert!((last.y - R).abs() < 1e-3, "{last}");
}

#[test]
fn pushing_into_a_concave_corner_for_10000_frames_does_not_move() {
    let collider = walls_only(vec![
        wall((0.0, 0.0), (10.0, 0.0)),
        wall((0.0, 0.0), (0.0, 10.0)),
    ]);
    let step = Vec2::new(-0.03, -0.05);
    let positions = walk(&collider, Vec2::new(2.0, 2.0), step, 10_000);
    let settled = positions[200];
    assert!(settled.x < R + 1e-3 && settled.y < R + 1e-3, "{settled}");
    for p in &positions[200..] {
        assert_eq!(*p, settled, "jitter or drift");
    }
    assert!(min_clearance(&collider, settled) >= 0.0);
}

#[test]
fn pushing_into_an_acute_corner_for_10000_frames_does_not_move() {
    // Two walls meeting at 40°, pushed into along, and to either side of,
    // the bisector: the classic place for a slide to ping-pong.
    let half = 20.0_f32.to_radians();
    let arm = |sign: f32| Vec2::new(half.cos(), sign * half.sin()) * 10.0;
    let collider = walls_only(vec![
        wall((0.0, 0.0), (arm(1.0).x, arm(1.0).y)),
        wall((0.0, 0.0), (arm(-1.0).x, arm(-1.0).y)),
    ]);
    for off_bisector_degrees in [0.0_f32, 5.0, -12.0] {
        let heading = (180.0 + off_bisector_degrees).to_radians();
        let step = Vec2::from_angle(heading) * 0.04;
        let positions = walk(&collider, Vec2::new(5.0, 0.0), step, 10_000);
        let settled = positions[500];
        // The apex of the allowed region: R / sin(20°) from the corner.
        let apex = R / half.sin();
        assert!((settled.x - apex).abs() < 0.01, "{settled} vs apex {apex}");
        for p in &positions[500..] {
            assert_eq!(*p, settled, "jitter or drift at {off_bisector_degrees}°");
        }
        for p in &positions {
            assert!(min_clearance(&collider, *p) >= -1e-5, "{p}");
        }
    }
}

#[test]
fn a_wall_of_100_collinear_pieces_slides_like_one_wall() {
    let whole = walls_only(vec![wall((0.0, 0.0), (100.0, 0.0))]);
    let pieces = walls_only(
        (0..100)
            .map(|i| wall((i as f32, 0.0), (i as f32 + 1.0, 0.0)))
            .collect(),
    );
    // The same pieces, every other one drawn backwards, listed in reverse.
    let mixed = walls_only(
        (0..100)
            .rev()
            .map(|i| {
                let (a, b) = ((i as f32, 0.0), (i as f32 + 1.0, 0.0));
                if i % 2 == 0 { wall(a, b) } else { wall(b, a) }
            })
            .collect(),
    );
    for step in [
        Vec2::new(0.07, -0.07),
        Vec2::new(0.13, -0.01),
        Vec2::new(0.3, 0.0),
    ] {
        let start = Vec2::new(0.5, R + 0.5);
        let on_whole = walk(&whole, start, step, 300);
        let on_pieces = walk(&pieces, start, step, 300);
        assert_eq!(on_whole, on_pieces, "step {step}");
        assert_eq!(on_whole, walk(&mixed, start, step, 300), "step {step}");
    }
    // The 45° walk first touches the wall exactly at the joint x = 1, then
    // slides over 20 more joints at full tangential speed.
    let diagonal = walk(
        &pieces,
        Vec2::new(0.5, R + 0.5),
        Vec2::new(0.07, -0.07),
        300,
    );
    assert!(diagonal.last().unwrap().x > 0.5 + 0.99 * 0.07 * 300.0);
    // Also when the eye starts exactly at the radius and moves along.
    let along = Vec2::new(0.2, 0.0);
    let start = Vec2::new(0.5, R);
    assert_eq!(
        walk(&whole, start, along, 300),
        walk(&pieces, start, along, 300)
    );
    assert_eq!(
        walk(&whole, start, along, 300),
        walk(&mixed, start, along, 300)
    );
    assert!(walk(&pieces, start, along, 300).last().unwrap().x > 60.0);
}

#[test]
fn walking_around_a_convex_corner() {
    // An L-shaped pair of walls; the walker hugs the outside of the corner.
    let collider = walls_only(vec![
        wall((0.0, 0.0), (5.0, 0.0)),
        wall((5.0, 0.0), (5.0, -5.0)),
    ]);
    let options = MoveOptions::default();
    let mut p = Vec2::new(1.0, 0.6);
    let mut slid_frames = 0;
    for frame in 0..400 {
        // Steer towards a target behind the corner: the straight line to it
        // crosses the second wall, so the walker must slide around the end.
        let target = Vec2::new(7.0, -3.0);
        let step = (target - p).normalize_or_zero() * 0.05;
        let outcome = collider.move_eye(p, step, &options).unwrap();
        let next = outcome.position;
        assert!(
            min_clearance(&collider, next) >= -1e-5,
            "frame {frame}: {next}"
        );
        slid_frames += usize::from(outcome.slid);
        p = next;
    }
    assert!(slid_frames > 10, "never slid around the corner");
    assert!((p - Vec2::new(7.0, -3.0)).length() < 0.06, "stuck at {p}");
}

#[test]
fn a_corridor_exactly_2r_wide_admits_the_eye_and_a_narrower_one_does_not() {
    let step = Vec2::new(0.1, 0.0);
    let wide = walls_only(vec![
        wall((0.0, 0.0), (10.0, 0.0)),
        wall((0.0, 2.0 * R), (10.0, 2.0 * R)),
    ]);
    let through = walk(&wide, Vec2::new(-2.0, R), step, 150);
    assert!(through.last().unwrap().x > 12.0, "{:?}", through.last());

    let narrow_gap = 2.0 * R - 0.01;
    let narrow = walls_only(vec![
        wall((0.0, 0.0), (10.0, 0.0)),
        wall((0.0, narrow_gap), (10.0, narrow_gap)),
    ]);
    for start_z in [narrow_gap / 2.0, 0.1, 0.4] {
        let stopped = walk(&narrow, Vec2::new(-2.0, start_z), step, 150);
        for p in &stopped {
            assert!(p.x < 0.0, "entered the narrow corridor at {p}");
            assert!(min_clearance(&narrow, *p) >= -1e-5);
        }
    }
}

#[test]
fn reject_refuses_and_slide_slides_on_the_same_input() {
    let collider = walls_only(vec![wall((-10.0, 0.0), (10.0, 0.0))]);
    let from = Vec2::new(0.0, 0.5);
    let delta = Vec2::new(1.0, -1.0);
    let rejected = collider
        .move_eye(from, delta, &MoveOptions::reject())
        .unwrap();
    assert_eq!(rejected.position, from);
    assert!(rejected.blocked && !rejected.slid);
    assert_eq!(rejected.contacts()[0].surface, Surface::Wall(0));

    let slid = collider
        .move_eye(from, delta, &MoveOptions::default())
        .unwrap();
    assert!(slid.slid && !slid.blocked);
    assert!((slid.position.x - 1.0).abs() < 1e-3, "{}", slid.position);
    assert!(slid.position.y >= R && slid.position.y < R + 1e-3);
    assert_eq!(slid.contacts()[0].normal, Vec2::Y);
}

#[test]
fn a_1000_unit_move_into_a_short_wall_stops_at_the_wall() {
    let collider = walls_only(vec![wall((0.0, 0.0), (1.0, 0.0))]);
    let options = MoveOptions::default();
    let head_on = collider
        .move_eye(Vec2::new(0.5, 3.0), Vec2::new(0.0, -1000.0), &options)
        .unwrap();
    assert!(head_on.blocked);
    assert!(
        (head_on.position - Vec2::new(0.5, R)).length() < 1e-3,
        "{}",
        head_on.position
    );
    // Aimed exactly at an end point: stopped by the rounded end.
    let at_end = collider
        .move_eye(Vec2::new(-3.0, 3.0), Vec2::new(3000.0, -3000.0), &options)
        .unwrap();
    assert!(min_clearance(&collider, at_end.position) >= -1e-5);
    assert!(
        at_end.position.y > 0.0,
        "passed the wall: {}",
        at_end.position
    );
    let rejected = collider
        .move_eye(
            Vec2::new(0.5, 3.0),
            Vec2::new(0.0, -1000.0),
            &MoveOptions::reject(),
        )
        .unwrap();
    assert_eq!(rejected.position, Vec2::new(0.5, 3.0));
    // Grazing an end: a 1000-unit move along z = 0.1 passes 0.1 from the
    // end point (0, 0), inside the radius, so it is stopped by the rounded
    // end; the slide then goes round it, never into the wall.
    let from = Vec2::new(-500.0, 0.1);
    let delta = Vec2::new(1000.0, 0.0);
    let grazing = collider.move_eye(from, delta, &options).unwrap();
    assert!(grazing.touched());
    let first_stop = grazing.contacts()[0].position;
    let expected_x = -(R * R - 0.1 * 0.1).sqrt();
    assert!(
        (first_stop.x - expected_x).abs() < 1e-3 && first_stop.y == 0.1,
        "first stop {first_stop}, expected x {expected_x}"
    );
    let mut legs = vec![from];
    legs.extend(grazing.contacts().iter().map(|c| c.position));
    legs.push(grazing.position);
    for p in &legs {
        assert!(min_clearance(&collider, *p) >= -1e-5, "{p}");
        assert!(p.y > 0.0, "went under the wall: {p}");
    }
    let refused = collider
        .move_eye(from, delta, &MoveOptions::reject())
        .unwrap();
    assert!(refused.blocked);
    assert_eq!(refused.position, from);
}

#[test]
fn ghost_mode_passes_through() {
    let collider = walls_only(vec![wall((0.0, 0.0), (1.0, 0.0))]);
    let out = collider
        .move_eye(
            Vec2::new(0.5, 3.0),
            Vec2::new(0.0, -6.0),
            &MoveOptions::ghost(),
        )
        .unwrap();
    assert_eq!(out.position, Vec2::new(0.5, -3.0));
    assert!(!out.touched());
}

#[test]
fn obstacles_block_slide_and_push_out_an_overlapping_start() {
    let square = ConvexPolygon::new(vec![
        Vec2::new(0.0, 0.0),
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 2.0),
        Vec2::new(0.0, 2.0),
    ])
    .unwrap();
    let collider = Collider::new(Vec::new(), vec![square.clone()], 0.3);
    let options = MoveOptions::default();
    let slid = collider
        .move_eye(Vec2::new(-1.0, 1.0), Vec2::new(2.0, 0.5), &options)
        .unwrap();
    assert_eq!(slid.contacts()[0].surface, Surface::Obstacle(0));
    assert!((slid.position.x - -0.3).abs() < 1e-3, "{}", slid.position);
    assert!((slid.position.y - 1.5).abs() < 1e-3, "{}", slid.position);
    // Starting inside: pushed out along the MTV (through the nearest side).
    let inside = collider
        .move_eye(Vec2::new(1.0, 1.9), Vec2::ZERO, &options)
        .unwrap();
    assert!(inside.pushed_out);
    assert!(
        square.signed_distance(inside.position) >= 0.3 - 1e-5,
        "{}",
        inside.position
    );
    assert!((inside.position.x - 1.0).abs() < 1e-5);
}

#[test]
fn non_finite_input_is_refused() {
    let collider = walls_only(vec![wall((0.0, 0.0), (1.0, 0.0))]);
    let options = MoveOptions::default();
    let bad = [
        (Vec2::new(f32::NAN, 0.0), Vec2::X),
        (Vec2::new(0.0, f32::NEG_INFINITY), Vec2::X),
        (Vec2::ZERO, Vec2::new(f32::NAN, 0.0)),
        (Vec2::ZERO, Vec2::new(0.0, f32::INFINITY)),
        // Finite parts whose sum overflows.
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MAX)),
    ];
    for (from, delta) in bad {
        for options in [
            MoveOptions::default(),
            MoveOptions::reject(),
            MoveOptions::ghost(),
        ] {
            assert_eq!(
                collider.move_eye(from, delta, &options),
                Err(CollisionError::NonFinite),
                "{from} + {delta}"
            );
        }
    }
    for skin in [-1.0, f32::NAN, f32::INFINITY] {
        let bad_skin = MoveOptions {
            skin,
            ..MoveOptions::default()
        };
        match collider.move_eye(Vec2::ZERO, Vec2::X, &bad_skin) {
            Err(CollisionError::InvalidSkin { skin: got }) => {
                assert!(got.to_bits() == skin.to_bits(), "{got} vs {skin}")
            }
            other => panic!("skin {skin}: {other:?}"),
        }
    }
    // A refused query changes nothing: the same good query before and after
    // gives the same answer.
    let good = collider.move_eye(Vec2::new(0.5, 1.0), Vec2::new(0.0, -2.0), &options);
    let _ = collider.move_eye(Vec2::NAN, Vec2::NAN, &options);
    assert_eq!(
        collider.move_eye(Vec2::new(0.5, 1.0), Vec2::new(0.0, -2.0), &options),
        good
    );
}

#[test]
fn degenerate_geometry_does_not_panic_and_results_repeat() {
    let walls = vec![
        wall((1.0, 1.0), (1.0, 1.0)),
        Wall {
            a: Vec2::new(f32::NAN, 0.0),
            b: Vec2::ZERO,
            radius: 0.1,
        },
        Wall {
            a: Vec2::ZERO,
            b: Vec2::new(3.0, 0.0),
            radius: -1.0,
        },
        Wall {
            a: Vec2::new(-1e30, 5.0),
            b: Vec2::new(1e30, 5.0),
            radius: f32::INFINITY,
        },
        wall((2.0, 2.0), (2.0, 2.0)),
    ];
    let collider = Collider::new(walls, Vec::new(), f32::NAN);
    assert_eq!(collider.body_radius(), 0.0);
    let options = MoveOptions::default();
    let first = collider
        .move_eye(Vec2::new(1.0, 3.0), Vec2::new(0.0, -5.0), &options)
        .unwrap();
    // The zero-radius wall along y = 0 still cannot be crossed.
    assert!(first.position.y >= 0.0, "{}", first.position);
    let again = collider
        .move_eye(Vec2::new(1.0, 3.0), Vec2::new(0.0, -5.0), &options)
        .unwrap();
    assert_eq!(first, again);
    let empty = Collider::new(Vec::new(), Vec::new(), 0.2);
    let free = empty
        .move_eye(
            Vec2::ZERO,
            Vec2::new(3.0, 4.0),
            &MoveOptions {
                policy: MovePolicy::Slide,
                ..MoveOptions::default()
            },
        )
        .unwrap();
    assert_eq!(free.position, Vec2::new(3.0, 4.0));
}
