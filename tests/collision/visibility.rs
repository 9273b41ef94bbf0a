//! `Collider::visible_shapes` against a brute-force fan of rays: on random
//! views in random mazes and in the default house, every wall and obstacle
//! that a ray of the fan reaches before the first occluding wall must be in
//! the visible set (the set must never cull anything visible).

use crate::common;

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::{
    Collider, ConvexPolygon, ViewWedge, VisibleSet, Wall, ray_against_obstacle, ray_against_wall,
};
use mazewalker::level::Level;
use mazewalker::level::maze::maze_walls;
use proptest::prelude::*;

use crate::collision_support;
use collision_support::{point, polygon, wall};

/// Four rays per column of a 1280-column screen.
const FAN_RAYS: usize = 4 * 1280;

/// Two hits closer than this fraction of the ray tie (a ray through a joint).
const TIE: f32 = 1e-5;

/// The default camera's horizontal half-angle on a 16:9 screen (70° vertical).
fn half_angle_16_by_9() -> f32 {
    ((35f32.to_radians()).tan() * 16.0 / 9.0).atan()
}

/// What one ray of the fan sees: every shape it meets before the first
/// occluding wall, by a scan of all of them. Returns the walls and
/// obstacles that it must find, and the occluding walls that tie for first
/// (any one of which may stand for the others).
fn fan_ray(
    collider: &Collider,
    occludes: &[bool],
    eye: Vec2,
    end: Vec2,
) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let wall_hits: Vec<(usize, f32)> = collider
        .walls()
        .iter()
        .enumerate()
        .filter_map(|(i, w)| ray_against_wall(eye, end, w).map(|t| (i, t)))
        .collect();
    let first_occluder = wall_hits
        .iter()
        .filter(|(i, _)| occludes[*i])
        .map(|(_, t)| *t)
        .fold(f32::INFINITY, f32::min);
    let before = |t: f32| t < first_occluder - TIE;
    let walls = wall_hits
        .iter()
        .filter(|(_, t)| before(*t))
        .map(|(i, _)| *i)
        .collect();
    let tied = wall_hits
        .iter()
        .filter(|(i, t)| occludes[*i] && !before(*t) && *t <= first_occluder + TIE)
        .map(|(i, _)| *i)
        .collect();
    let obstacles = collider
        .obstacles()
        .iter()
        .enumerate()
        .filter(|(_, o)| ray_against_obstacle(eye, end, o).is_some_and(before))
        .map(|(i, _)| i)
        .collect();
    (walls, obstacles, tied)
}

/// Checks the set against the fan (rays spread like screen columns, evenly
/// in the tangent of the angle, or evenly in angle for wide wedges), and
/// returns how many walls the fan saw (not counting walls that a ray only
/// meets where they tie with an occluder, at a joint).
fn check_against_fan(
    collider: &Collider,
    occludes: &[bool],
    view: &ViewWedge,
) -> Result<usize, TestCaseError> {
    let mut set = VisibleSet::new();
    collider.visible_shapes(view, occludes, &mut set);
    let reach = view.max_distance.min(1e4);
    let mut seen = vec![false; collider.walls().len()];
    for k in 0..FAN_RAYS {
        let column = (k as f32 + 0.5) / FAN_RAYS as f32 * 2.0 - 1.0;
        let angle = if view.half_angle < 1.4 {
            (column * view.half_angle.tan()).atan()
        } else {
            column * view.half_angle.min(std::f32::consts::PI)
        };
        let end = view.eye + Vec2::from_angle(view.yaw + angle) * reach;
        let (walls, obstacles, tied) = fan_ray(collider, occludes, view.eye, end);
        for wall in walls {
            seen[wall] = true;
            prop_assert!(
                set.walls().binary_search(&wall).is_ok(),
                "ray {} at {} rad misses wall {} {:?}; set {:?}",
                k,
                angle,
                wall,
                collider.walls()[wall],
                set.walls()
            );
        }
        for obstacle in obstacles {
            prop_assert!(
                set.obstacles().binary_search(&obstacle).is_ok(),
                "ray {} misses obstacle {}",
                k,
                obstacle
            );
        }
        if !tied.is_empty() {
            if let [only] = tied[..] {
                seen[only] = true;
            }
            prop_assert!(
                tied.iter().any(|w| set.walls().binary_search(w).is_ok()),
                "ray {} at {} rad misses the first occluder, one of {:?}; set {:?}",
                k,
                angle,
                tied,
                set.walls()
            );
        }
    }
    Ok(seen.iter().filter(|s| **s).count())
}

fn maze(cells: u32, seed: u64) -> Collider {
    let walls = maze_walls(cells, cells, seed, 1.0)
        .unwrap()
        .into_iter()
        .map(|[a, b]| Wall { a, b, radius: 0.25 });
    Collider::new(walls, Vec::new(), 0.25)
}

proptest! {
    #![proptest_config(property_config(48))]

    /// Random views from anywhere in (and around) random 10×10 mazes, with
    /// every wall occluding or a random half of them, some obstacles, and
    /// half-angles from a sliver to all round.
    #[test]
    fn maze_views_miss_nothing_a_fan_of_rays_sees(
        seed in 0u64..10_000,
        eye in (-1.0f32..11.0, -1.0f32..11.0),
        yaw in -7.0f32..7.0,
        half_angle in prop_oneof![Just(half_angle_16_by_9()), 0.01f32..1.5, 1.5f32..3.5],
        max_distance in prop_oneof![Just(f32::INFINITY), 0.5f32..20.0],
        all_occlude in any::<bool>(),
        boxes in prop::collection::vec((0.5f32..9.5, 0.5f32..9.5), 0..4),
    ) {
        let walls = maze(10, seed).walls().to_vec();
        let obstacles: Vec<ConvexPolygon> = boxes
            .iter()
            .map(|&(x, z)| {
                ConvexPolygon::new(vec![
                    Vec2::new(x - 0.2, z - 0.1),
                    Vec2::new(x + 0.2, z - 0.1),
                    Vec2::new(x, z + 0.2),
                ])
                .unwrap()
            })
            .collect();
        let collider = Collider::new(walls, obstacles, 0.25);
        // Every wall occludes, or every other one by a fixed pattern.
        let occludes: Vec<bool> = (0..collider.walls().len())
            .map(|i| all_occlude || !(i * 7 + seed as usize).is_multiple_of(3))
            .collect();
        let view = ViewWedge { eye: Vec2::new(eye.0, eye.1), yaw, half_angle, max_distance };
        check_against_fan(&collider, &occludes, &view)?;
    }
}

proptest! {
    #![proptest_config(property_config(200))]

    /// Random walls at any angle (crossing, touching, collinear and
    /// zero-length ones among them) and random obstacles, seen from
    /// anywhere.
    #[test]
    fn random_views_of_random_walls_miss_nothing_a_fan_of_rays_sees(
        walls in prop::collection::vec(wall(), 1..24),
        obstacles in prop::collection::vec(polygon(), 0..3),
        eye in point(),
        yaw in -7.0f32..7.0,
        half_angle in prop_oneof![Just(half_angle_16_by_9()), 0.01f32..3.5],
        max_distance in prop_oneof![Just(f32::INFINITY), 1.0f32..15.0],
        pattern in 0usize..3,
    ) {
        let collider = Collider::new(walls, obstacles, 0.25);
        let occludes: Vec<bool> = (0..collider.walls().len()).map(|i| pattern == 0 || i % 3 != pattern).collect();
        let view = ViewWedge { eye, yaw, half_angle, max_distance };
        check_against_fan(&collider, &occludes, &view)?;
    }
}

proptest! {
    #![proptest_config(property_config(24))]

    /// Random views in the default house, where walls lower than the
    /// ceiling do not occlude.
    #[test]
    fn house_views_miss_nothing_a_fan_of_rays_sees(
        eye in (-2.0f32..14.0, -2.0f32..12.0),
        yaw in -3.2f32..3.2,
    ) {
        let level = Level::default_house();
        let collider = level.collider();
        let ceiling = level.environment.ceiling_height;
        let occludes: Vec<bool> = level.walls.iter().map(|w| w.height >= ceiling).collect();
        let view = ViewWedge {
            eye: Vec2::new(eye.0, eye.1),
            yaw,
            half_angle: half_angle_16_by_9(),
            max_distance: 100.0,
        };
        check_against_fan(&collider, &occludes, &view)?;
    }
}

/// How tight the set is in a 24×24 maze: it holds every wall the fan sees
/// and hardly any more (hidden walls that the bins could not rule out).
#[test]
fn maze_sets_are_close_to_what_the_fan_sees() {
    let collider = maze(24, 5);
    let occludes = vec![true; collider.walls().len()];
    let (mut found, mut fan) = (0, 0);
    let mut set = VisibleSet::new();
    for i in 0..12 {
        // Near cell centres, a little off them (so that corners do not all
        // line up with the eye).
        let off_centre = Vec2::new(0.013, -0.017) * i as f32;
        let eye = Vec2::new((i % 24) as f32 + 0.5, ((i * 7) % 24) as f32 + 0.5) + off_centre;
        let view = ViewWedge {
            eye,
            yaw: i as f32 * 0.7,
            half_angle: half_angle_16_by_9(),
            max_distance: 100.0,
        };
        collider.visible_shapes(&view, &occludes, &mut set);
        found += set.walls().len();
        fan += check_against_fan(&collider, &occludes, &view).unwrap();
    }
    let ratio = found as f64 / fan as f64;
    eprintln!(
        "24x24 maze, 12 views: {found} walls in the sets, {fan} seen by the fan ({ratio:.2}x)"
    );
    assert!(ratio <= 1.1, "{ratio}");
}
