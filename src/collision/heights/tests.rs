use std::ops::ControlFlow;

use glam::{DVec2, Vec2};

use super::*;

const STANCE: Stance = Stance {
    step: 0.4,
    headroom: 1.8,
};

const RADIUS: f32 = 0.25;

fn rectangle(x0: f32, z0: f32, x1: f32, z1: f32, floor: f32, ceiling: f32) -> FloorOutline {
    FloorOutline {
        points: vec![
            Vec2::new(x0, z0),
            Vec2::new(x1, z0),
            Vec2::new(x1, z1),
            Vec2::new(x0, z1),
        ],
        span: Span { floor, ceiling },
    }
}

const GROUND: Option<Span> = Some(Span {
    floor: 0.0,
    ceiling: 3.0,
});

/// A room 10 × 10 on the ground, with a step 0.3 high at x 4..6, a
/// platform 0.8 high at x 7..9 and a tunnel 1.2 high at z 8..10 on x 0..2.
fn room() -> Heights {
    let floors = [
        rectangle(4.0, 0.0, 6.0, 10.0, 0.3, 3.0),
        rectangle(7.0, 0.0, 9.0, 5.0, 0.8, 3.0),
        rectangle(0.0, 8.0, 2.0, 10.0, 0.0, 1.2),
    ];
    Heights::new(&floors, GROUND, STANCE, RADIUS)
}

#[test]
fn the_floor_at_a_point_is_the_innermost_that_holds_it_else_the_ground() {
    let floors = [
        rectangle(0.0, 0.0, 10.0, 10.0, 1.0, 4.0),
        rectangle(4.0, 4.0, 6.0, 6.0, 2.0, 4.0),
    ];
    let heights = Heights::new(&floors, GROUND, STANCE, RADIUS);
    assert_eq!(heights.floor_at(Vec2::new(5.0, 5.0)), Some(1));
    assert_eq!(heights.floor_at(Vec2::new(1.0, 5.0)), Some(0));
    assert_eq!(heights.floor_at(Vec2::new(-1.0, 5.0)), None);
    assert_eq!(heights.span_at(Vec2::new(-1.0, 5.0)), GROUND);
    let void = Heights::new(&floors, None, STANCE, RADIUS);
    assert_eq!(void.span_at(Vec2::new(-1.0, 5.0)), None);
}

#[test]
fn a_circle_over_an_edge_stands_on_the_higher_floor_and_under_the_lower_ceiling() {
    let heights = room();
    let on_ground = heights.footing(Vec2::new(2.0, 5.0), RADIUS).unwrap();
    assert_eq!(on_ground.floor, 0.0);
    // 0.2 m from the step's edge at x = 4: its circle overlaps the step.
    let at_edge = heights.footing(Vec2::new(3.8, 5.0), RADIUS).unwrap();
    assert_eq!(at_edge.floor, 0.3);
    // 0.3 m away: it does not.
    let clear = heights.footing(Vec2::new(3.7, 5.0), RADIUS).unwrap();
    assert_eq!(clear.floor, 0.0);
    let under_tunnel_edge = heights.footing(Vec2::new(1.0, 7.9), RADIUS).unwrap();
    assert_eq!(under_tunnel_edge.ceiling, 1.2);
}

#[test]
fn the_void_adds_nothing_to_a_footing_and_only_void_has_none() {
    let floors = [rectangle(0.0, 0.0, 2.0, 2.0, 0.5, 3.0)];
    let heights = Heights::new(&floors, None, STANCE, RADIUS);
    let at_edge = heights.footing(Vec2::new(1.9, 1.0), RADIUS).unwrap();
    assert_eq!(at_edge.floor, 0.5);
    assert_eq!(heights.footing(Vec2::new(5.0, 1.0), RADIUS), None);
}

fn blocking_at(heights: &Heights, p: Vec2, feet: f32) -> usize {
    let blocking = heights.blocking_near(p.as_dvec2(), 1.0, feet);
    let mut indices = Vec::new();
    blocking.visit(&blocking.near, |index, _| {
        indices.push(index);
        ControlFlow::Continue(())
    });
    indices.sort_unstable();
    indices.dedup();
    indices.len()
}

#[test]
fn an_edge_blocks_by_the_step_the_headroom_and_the_void() {
    let heights = room();
    // The 0.3 step from the ground: climbable.
    assert_eq!(blocking_at(&heights, Vec2::new(3.5, 5.0), 0.0), 0);
    // The platform, 0.5 above the step: not from the step...
    assert_eq!(blocking_at(&heights, Vec2::new(6.5, 2.0), 0.3), 1);
    // ... but dropped from.
    assert_eq!(blocking_at(&heights, Vec2::new(6.5, 2.0), 0.8), 0);
    // The tunnel is too low from any height.
    assert!(blocking_at(&heights, Vec2::new(1.0, 7.5), 0.0) > 0);
    assert!(blocking_at(&heights, Vec2::new(1.0, 7.5), -1.0) > 0);
    // NaN feet block nothing.
    assert_eq!(blocking_at(&heights, Vec2::new(1.0, 7.5), f32::NAN), 0);
    let lone = [rectangle(0.0, 0.0, 2.0, 2.0, 0.0, 3.0)];
    let void = Heights::new(&lone, None, STANCE, RADIUS);
    assert_eq!(blocking_at(&void, Vec2::new(1.0, 1.0), 0.0), 4);
}

#[test]
fn a_blocking_edge_is_met_at_the_body_radius() {
    let heights = room();
    let start = DVec2::new(6.5, 2.0);
    let blocking = heights.blocking_near(start, 2.0, 0.3);
    let (hit, index) = blocking.cast(start, DVec2::new(1.0, 0.0)).unwrap();
    // The platform's edge at x = 7, met 0.25 before it.
    assert!((hit.t - 0.25).abs() < 1e-9, "{hit:?}");
    let edge = heights.edges()[index];
    assert_eq!((edge.a.x, edge.b.x), (7.0, 7.0));
    assert!(!heights.crossable(index, 0.3));
    assert!(heights.crossable(index, 0.8));
}

#[test]
fn an_edge_is_climbable_from_its_lower_side_only_within_a_step_and_with_headroom() {
    let heights = room();
    // The edge at x = `x` between z `z0` and `z1`, whole or a piece of it.
    let edge_at = |x: f32, z: f32| {
        *heights
            .edges()
            .iter()
            .find(|e| e.a.x == x && e.b.x == x && e.a.y.min(e.b.y) <= z && z <= e.a.y.max(e.b.y))
            .expect("an edge there")
    };
    // The 0.3 m step from the ground.
    let (floors, climbable) = heights.edge_floors(&edge_at(4.0, 5.0));
    assert!(floors.contains(&0.0) && floors.contains(&0.3), "{floors:?}");
    assert!(climbable);
    // The platform, 0.8 m above the ground beside it.
    assert!(!heights.edge_floors(&edge_at(7.0, 2.0)).1);
    // A piece of an edge answers as the edge does.
    let mut piece = edge_at(4.0, 5.0);
    piece.b = (piece.a + piece.b) / 2.0;
    assert_eq!(heights.edge_floors(&piece).1, climbable);
    // The tunnel's mouth, level with the ground, is too low to enter.
    let mouth = *heights
        .edges()
        .iter()
        .find(|e| e.a.y == 8.0 && e.b.y == 8.0)
        .expect("the tunnel's mouth");
    assert_eq!(heights.edge_floors(&mouth), (vec![0.0, 0.0], false));
    // Against the void: one floor, never climbable.
    let lone = [rectangle(0.0, 0.0, 2.0, 2.0, 0.0, 3.0)];
    let void = Heights::new(&lone, None, STANCE, RADIUS);
    assert!(
        void.edges()
            .iter()
            .all(|e| void.edge_floors(e) == (vec![0.0], false))
    );
}

#[test]
fn the_floor_range_holds_every_floor_and_the_ground_but_not_the_void() {
    assert_eq!(room().floor_range(), Some((0.0, 0.8)));
    let floors = [
        rectangle(0.0, 0.0, 2.0, 2.0, 1.5, 3.0),
        rectangle(2.0, 0.0, 4.0, 2.0, 2.5, 4.0),
    ];
    assert_eq!(
        Heights::new(&floors, None, STANCE, RADIUS).floor_range(),
        Some((1.5, 2.5))
    );
    assert_eq!(
        Heights::new(&floors, GROUND, STANCE, RADIUS).floor_range(),
        Some((0.0, 2.5))
    );
    assert_eq!(Heights::default().floor_range(), None);
}

#[test]
fn the_first_drop_along_a_segment_is_where_a_higher_floor_ends() {
    let heights = room();
    // From the ground east: up onto the step at x 4 (no drop), off it at
    // x 6 (a drop from 0.3), up onto the platform at 7, off it at 9.
    let (fraction, rim) = heights
        .first_drop(Vec2::new(3.0, 2.0), Vec2::new(11.0, 2.0))
        .expect("a drop");
    assert!((fraction - 3.0 / 8.0).abs() < 1e-6, "{fraction}");
    assert_eq!(rim, 0.3);
    // From the platform west: off it at x 7, from 0.8.
    let (fraction, rim) = heights
        .first_drop(Vec2::new(8.0, 2.0), Vec2::new(0.0, 2.0))
        .expect("a drop");
    assert!((fraction - 1.0 / 8.0).abs() < 1e-6, "{fraction}");
    assert_eq!(rim, 0.8);
    // Along the ground, and into the tunnel (its floor level with the
    // ground): nothing drops.
    assert_eq!(
        heights.first_drop(Vec2::new(1.0, 1.0), Vec2::new(1.0, 9.5)),
        None
    );
    assert_eq!(
        heights.first_drop(Vec2::new(3.0, 2.0), Vec2::new(3.5, 2.0)),
        None
    );
}
