//! The moving separating-axis test (a circle against a moving convex
//! polygon) against an independent brute force: both shapes stepped through
//! the tick in 4,000 sub-steps, their overlap measured by the polygon's
//! signed distance at each.

use crate::common;

use crate::collision_support;

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::{ConvexPolygon, MovingContact, circle_against_moving_polygon};
use proptest::prelude::*;

use collision_support::{point, polygon};

const SUB_STEPS: u32 = 4000;

/// How far inside the polygon grown by `radius` the circle's centre is at
/// fraction `t` of the tick (positive: overlapping).
fn depth_at(
    centre: Vec2,
    radius: f32,
    circle_motion: Vec2,
    polygon: &ConvexPolygon,
    polygon_motion: Vec2,
    t: f32,
) -> f32 {
    let moved: Vec<Vec2> = polygon
        .points()
        .iter()
        .map(|&p| p + polygon_motion * t)
        .collect();
    let moved = ConvexPolygon::new(moved).expect("a translated polygon stays valid");
    radius - moved.signed_distance(centre + circle_motion * t)
}

fn motion() -> impl Strategy<Value = Vec2> {
    (-12.0f32..12.0, -12.0f32..12.0).prop_map(|(x, y)| Vec2::new(x, y))
}

proptest! {
    #![proptest_config(property_config(400))]

    #[test]
    fn moving_sat_matches_fine_sub_stepping(
        centre in point(),
        radius in 0.05f32..1.5,
        circle_motion in motion(),
        shape in polygon(),
        polygon_motion in motion(),
    ) {
        let depth = |t: f32| depth_at(centre, radius, circle_motion, &shape, polygon_motion, t);
        // Where the sub-stepped shapes first overlap by more than rounding.
        let tolerance = 2e-3;
        let first = (0..=SUB_STEPS)
            .map(|step| step as f32 / SUB_STEPS as f32)
            .find(|&t| depth(t) > tolerance);
        match circle_against_moving_polygon(centre, radius, circle_motion, &shape, polygon_motion) {
            MovingContact::Overlapping { push } => {
                prop_assert!(depth(0.0) > -tolerance, "depth {}", depth(0.0));
                let out = radius - shape.signed_distance(centre + push);
                prop_assert!(out.abs() < tolerance, "pushed out to a depth of {out}");
            }
            MovingContact::Separate => {
                prop_assert!(first.is_none(), "they overlap at {first:?}");
            }
            MovingContact::WillIntersect { time, normal, push } => {
                prop_assert!((0.0..=1.0).contains(&time));
                prop_assert!(depth(time).abs() < tolerance, "depth at the impact {}", depth(time));
                if let Some(first) = first {
                    prop_assert!(first + 1.0 / SUB_STEPS as f32 >= time, "overlap at {first}, impact at {time}");
                }
                prop_assert!((normal.length() - 1.0).abs() < 1e-3);
                // The push cancels the relative motion's part into the
                // polygon after the impact.
                let inward = -(circle_motion - polygon_motion).dot(normal) * (1.0 - time);
                prop_assert!((push - normal * inward.max(0.0)).length() < 1e-3);
            }
        }
    }
}
