//! Where the eye can go and what it has seen, on small floor plans built for
//! the purpose: corridors exactly as wide as the clearance and a hair
//! narrower, a closed room, and seen walls against a brute-force fan.

use crate::common;

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::{
    Collider, VisibleSet, Wall, distance_to_segment, ray_against_obstacle, ray_against_wall,
};
use mazewalker::map::{
    NEAR_MISS, PlanBounds, Reachable, SeenWalls, Sight, near_misses, unreachable_areas,
};
use proptest::prelude::*;

const R: f32 = 0.25;

fn wall(a: (f32, f32), b: (f32, f32)) -> Wall {
    Wall {
        a: Vec2::from(a),
        b: Vec2::from(b),
        radius: R,
    }
}

/// A room 0..4 × 0..4 with an opening in its right wall that leads into a
/// corridor along +x whose wall centre lines are `width` apart, centred on
/// z = 2, ending in a closed pocket at x = 10.
fn room_and_corridor(width: f32) -> Vec<Wall> {
    let (top, bottom) = (2.0 - width / 2.0, 2.0 + width / 2.0);
    vec![
        wall((0.0, 0.0), (4.0, 0.0)),
        wall((0.0, 4.0), (4.0, 4.0)),
        wall((0.0, 0.0), (0.0, 4.0)),
        wall((4.0, 0.0), (4.0, 1.0)),
        wall((4.0, 3.0), (4.0, 4.0)),
        // The corridor: narrow between x = 6 and 8, a pocket beyond.
        wall((6.0, top), (8.0, top)),
        wall((6.0, bottom), (8.0, bottom)),
        wall((6.0, 0.0), (6.0, top)),
        wall((6.0, bottom), (6.0, 4.0)),
        wall((8.0, 0.0), (8.0, top)),
        wall((8.0, bottom), (8.0, 4.0)),
        wall((10.0, 0.0), (10.0, 4.0)),
        wall((4.0, 0.0), (10.0, 0.0)),
        wall((4.0, 4.0), (10.0, 4.0)),
    ]
}

fn bounds() -> PlanBounds {
    PlanBounds {
        min: Vec2::new(-1.0, -1.0),
        max: Vec2::new(11.0, 5.0),
    }
}

/// The near misses between `walls`.
fn misses_of(walls: &[Wall]) -> Vec<mazewalker::map::NearMiss> {
    near_misses(&Collider::new(walls.to_vec(), Vec::new(), R))
}

fn flood(walls: Vec<Wall>, eye: Vec2) -> (Collider, Reachable) {
    let collider = Collider::new(walls, Vec::new(), R);
    let reach = Reachable::flood(&collider, eye, bounds(), 0.1);
    (collider, reach)
}

#[test]
fn a_corridor_exactly_twice_the_radius_wide_is_reachable_and_no_near_miss() {
    let walls = room_and_corridor(2.0 * R);
    let (_, reach) = flood(walls.clone(), Vec2::new(2.0, 2.0));
    assert!(reach.reaches(Vec2::new(5.0, 2.0)), "before the corridor");
    assert!(reach.reaches(Vec2::new(7.0, 2.0)), "inside the corridor");
    assert!(reach.reaches(Vec2::new(9.0, 1.0)), "the pocket beyond");
    assert!(misses_of(&walls).is_empty(), "{:?}", misses_of(&walls));
}

#[test]
fn a_corridor_one_centimetre_narrower_is_not_and_is_a_near_miss() {
    let walls = room_and_corridor(2.0 * R - 0.01);
    let (_, reach) = flood(walls.clone(), Vec2::new(2.0, 2.0));
    assert!(reach.reaches(Vec2::new(5.0, 2.0)));
    assert!(!reach.reaches(Vec2::new(7.0, 2.0)));
    assert!(!reach.reaches(Vec2::new(9.0, 1.0)), "the pocket is cut off");
    // The corridor's sides, and the stubs at each of its mouths.
    let misses = misses_of(&walls);
    let pairs: Vec<_> = misses.iter().map(|m| m.walls).collect();
    assert_eq!(
        pairs,
        [(5, 6), (5, 8), (5, 10), (6, 7), (6, 9), (7, 8), (9, 10)],
        "{misses:?}"
    );
    for miss in &misses {
        assert!((miss.shortfall - 0.01).abs() < 1e-4, "{miss:?}");
    }
    let line = misses[0].describe(&walls);
    assert!(
        line.contains("walls 6 and 7") && line.contains("10 mm"),
        "{line}"
    );
}

#[test]
fn near_misses_stop_at_ten_centimetres_and_ignore_joints() {
    let short_by = |shortfall: f32| misses_of(&room_and_corridor(2.0 * R - shortfall));
    assert!(!short_by(NEAR_MISS - 0.005).is_empty());
    assert!(short_by(NEAR_MISS + 0.005).is_empty());
    // A corner and a T: walls that touch leave no gap to report.
    let joints = [
        wall((0.0, 0.0), (1.0, 0.0)),
        wall((1.0, 0.0), (1.0, 1.0)),
        wall((0.5, 0.0), (0.5, -1.0)),
    ];
    assert!(misses_of(&joints).is_empty());
}

#[test]
fn a_closed_room_beside_the_start_is_unreachable() {
    let mut walls = room_and_corridor(1.0);
    // A closed 2 × 2 m room inside the pocket area, beside the corridor.
    walls.extend([
        wall((-1.0, -1.0), (-1.0, -0.5)),
        wall((1.0, 1.0), (3.0, 1.0)),
        wall((3.0, 1.0), (3.0, 3.0)),
        wall((3.0, 3.0), (1.0, 3.0)),
        wall((1.0, 3.0), (1.0, 1.0)),
    ]);
    let (_, reach) = flood(walls, Vec2::new(0.5, 0.5));
    assert!(reach.reaches(Vec2::new(3.5, 3.5)), "around the room");
    assert!(reach.reaches(Vec2::new(7.0, 2.0)));
    assert!(
        !reach.reaches(Vec2::new(2.0, 2.0)),
        "inside the closed room"
    );
}

#[test]
fn unreachable_areas_are_the_closed_rooms_not_the_outside() {
    // The room and corridor: the only closed spaces are the two solid
    // blocks on either side of the corridor (x 6..8), 1.5 m² of free floor
    // each; the space around the building is never reported.
    let open = Collider::new(room_and_corridor(1.0), Vec::new(), R);
    let blocks = unreachable_areas(&open, Vec2::new(2.0, 2.0), 0.1).expect("small level");
    assert_eq!(blocks.len(), 2, "{blocks:?}");
    for block in &blocks {
        assert!((block.area - 1.5).abs() < 0.2, "{blocks:?}");
        assert!((block.at.x - 7.0).abs() < 0.2 && (block.at.y - 2.0).abs() > 1.0);
    }
    // A closed 2 × 2 m room in the first room: reported once, at about
    // (2 − 2r)² = 2.25 m² of free floor, around its centre.
    let mut walls = room_and_corridor(1.0);
    walls.extend([
        wall((1.0, 1.0), (3.0, 1.0)),
        wall((3.0, 1.0), (3.0, 3.0)),
        wall((3.0, 3.0), (1.0, 3.0)),
        wall((1.0, 3.0), (1.0, 1.0)),
    ]);
    let closed = Collider::new(walls, Vec::new(), R);
    let areas = unreachable_areas(&closed, Vec2::new(0.5, 0.5), 0.1).expect("small level");
    assert_eq!(
        areas.len(),
        3,
        "the room, largest first, then the blocks: {areas:?}"
    );
    assert!((areas[0].area - 2.25).abs() < 0.5, "{areas:?}");
    assert!(areas[0].at.distance(Vec2::new(2.0, 2.0)) < 0.2, "{areas:?}");
    assert!(areas[0].describe().contains("cannot be reached"));
    // A corridor a centimetre too narrow cuts off the pocket beyond it.
    let narrow = Collider::new(room_and_corridor(2.0 * R - 0.01), Vec::new(), R);
    let areas = unreachable_areas(&narrow, Vec2::new(2.0, 2.0), 0.1).expect("small level");
    assert_eq!(areas.len(), 3, "{areas:?}");
    assert!(areas[0].at.x > 8.0, "the pocket, largest: {areas:?}");
    // Too many cells: no answer rather than a wrong one.
    assert_eq!(
        unreachable_areas(&closed, Vec2::new(0.5, 0.5), 0.0001),
        None
    );
}

#[test]
fn an_eye_inside_a_wall_or_outside_the_bounds_reaches_nothing() {
    let (_, inside) = flood(room_and_corridor(1.0), Vec2::new(0.1, 2.0));
    assert_eq!(inside.cells().count(), 0);
    let (_, outside) = flood(room_and_corridor(1.0), Vec2::new(50.0, 2.0));
    assert_eq!(outside.cells().count(), 0);
    let (_, nan) = flood(room_and_corridor(1.0), Vec2::NAN);
    assert_eq!(nan.cells().count(), 0);
}

/// A fan of rays across `sight`'s field of view, one every 0.05°, both
/// edges included, as unit vectors.
fn fan_directions(sight: &Sight) -> impl Iterator<Item = Vec2> {
    let rays = (sight.fov_x.to_degrees() / 0.05).ceil().max(1.0) as usize;
    let start = sight.yaw - sight.fov_x / 2.0;
    (0..=rays).map(move |ray| Vec2::from_angle(start + sight.fov_x * ray as f32 / rays as f32))
}

/// The first wall each ray of the fan meets, by scanning every shape.
fn brute_force_seen(collider: &Collider, sight: &Sight) -> Vec<usize> {
    let mut seen = Vec::new();
    for direction in fan_directions(sight) {
        let to = sight.eye + direction * sight.distance;
        let wall = collider
            .walls()
            .iter()
            .enumerate()
            .filter_map(|(index, w)| ray_against_wall(sight.eye, to, w).map(|t| (t, index)))
            .min_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
        let obstacle = collider
            .obstacles()
            .iter()
            .filter_map(|o| ray_against_obstacle(sight.eye, to, o))
            .min_by(f32::total_cmp);
        if let Some((t, index)) = wall
            && obstacle.is_none_or(|o| t <= o)
        {
            seen.push(index);
        }
    }
    seen.sort_unstable();
    seen.dedup();
    seen
}

/// Whether some point of the segment `a`–`b` lies in `sight`'s view: the
/// sector of its field of view out to its distance, widened by a
/// milliradian and a millimetre for rounding. True when an end lies in it,
/// the segment crosses one of its edges, or the segment's point nearest
/// the eye lies in it (a segment crossing only the arc).
fn reaches_into_view(sight: &Sight, a: Vec2, b: Vec2) -> bool {
    let half = sight.fov_x / 2.0 + 1e-3;
    let distance = sight.distance + 1e-3;
    let inside = |p: Vec2| {
        let offset = p - sight.eye;
        let angle = Vec2::from_angle(sight.yaw).angle_to(offset).abs();
        offset.length() <= distance && (offset.length() < 1e-6 || angle <= half)
    };
    let edge_crossed = [-half, half].into_iter().any(|side| {
        let end = sight.eye + Vec2::from_angle(sight.yaw + side) * distance;
        ray_against_wall(sight.eye, end, &Wall { a, b, radius: 0.0 }).is_some()
    });
    let nearest = mazewalker::collision::closest_point_on_segment(sight.eye, a, b);
    inside(a) || inside(b) || edge_crossed || inside(nearest)
}

proptest! {
    #![proptest_config(property_config(256))]
    #[test]
    fn seen_walls_hold_every_wall_a_brute_force_fan_meets_first(
        ends in prop::collection::vec((-10f32..10.0, -10f32..10.0, -10f32..10.0, -10f32..10.0), 1..25),
        eye in (-10f32..10.0, -10f32..10.0),
        yaw in -4f32..4.0,
        fov in 0.2f32..3.0,
    ) {
        let walls: Vec<Wall> = ends.iter().map(|&(ax, az, bx, bz)| wall((ax, az), (bx, bz))).collect();
        let collider = Collider::new(walls.clone(), Vec::new(), R);
        let sight = Sight { eye: Vec2::from(eye), yaw, fov_x: fov, distance: 30.0 };
        let mut seen = SeenWalls::new(walls.len());
        let every_wall_hides = vec![true; walls.len()];
        seen.update(&collider, &every_wall_hides, &sight, &mut VisibleSet::new());
        for index in brute_force_seen(&collider, &sight) {
            prop_assert!(seen.is_seen(index), "wall {} met by a ray, not seen", index);
        }
        for index in seen.iter() {
            let w = &walls[index];
            let near = distance_to_segment(sight.eye, w.a, w.b) <= sight.distance;
            prop_assert!(near, "wall {} seen beyond the view distance", index);
            prop_assert!(
                reaches_into_view(&sight, w.a, w.b),
                "wall {} seen outside the field of view",
                index
            );
        }
    }
}
