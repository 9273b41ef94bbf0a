//! The moving separating-axis test: a circle against a convex polygon, both
//! moving in a straight line during one tick.
//!
//! Cozic's polygon test projects both shapes on each separating axis and
//! widens one interval by the relative velocity: that answers "will they
//! intersect" as well as "do they", and its deepest axis gives the minimum
//! translation vector. For a circle the candidate axes are the polygon's
//! edge normals and, near a corner, the axis through that corner; which of
//! them separates longest along the relative motion is exactly where the
//! circle's centre first enters the polygon grown by the radius (flat sides
//! along the edge normals, round corners along the corner axes). So the
//! time of impact is the swept point against that rounded polygon, the same
//! narrowphase every move uses, and the overlap at the start is the signed
//! distance to the polygon: no formula is written twice, and no corner gives
//! the false positives of edge normals alone.

use glam::{DVec2, Vec2};

use super::polygon::{ConvexPolygon, signed_distance_to_polygon};
use super::shapes::{RoundedPolygon, sanitised_radius};
use super::sweep::sweep_rounded_polygon;

/// What the moving test says of a circle and a convex polygon during one
/// tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MovingContact {
    /// They do not overlap at the start and never come to overlap during
    /// the tick (touching counts as not overlapping; so does moving along
    /// or away from a touched side).
    Separate,
    /// They overlap at the start: moving the circle by `push` (the minimum
    /// translation vector) separates them.
    Overlapping {
        /// The minimum translation of the circle, out of the polygon.
        push: Vec2,
    },
    /// They will intersect: they first touch at `time` (a fraction of the
    /// tick, in `[0, 1]`).
    WillIntersect {
        /// Fraction of the tick at the first touch.
        time: f32,
        /// Unit normal of the polygon's grown outline at the touch, from the
        /// polygon toward the circle.
        normal: Vec2,
        /// How far the circle must move along `normal`, at the end of the
        /// tick, to only touch the polygon again if neither turns: the part
        /// of the relative motion after `time` that goes into the polygon.
        push: Vec2,
    },
}

/// The moving test for a circle of `radius` at `centre` moving by
/// `circle_motion`, and `polygon` moving (translating) by `polygon_motion`
/// during the same tick. A NaN, infinite or negative radius counts as zero.
pub fn circle_against_moving_polygon(
    centre: Vec2,
    radius: f32,
    circle_motion: Vec2,
    polygon: &ConvexPolygon,
    polygon_motion: Vec2,
) -> MovingContact {
    let rounded = RoundedPolygon::new(polygon, sanitised_radius(radius));
    moving_contact(
        centre.as_dvec2(),
        (circle_motion - polygon_motion).as_dvec2(),
        rounded.points(),
        rounded.normals(),
        rounded.radius(),
    )
}

/// [`circle_against_moving_polygon`] in f64 for a counter-clockwise convex
/// polygon (`points`, outward unit `normals`) grown by `radius`, the circle
/// moving by `relative_motion` relative to it.
pub(super) fn moving_contact(
    centre: DVec2,
    relative_motion: DVec2,
    points: &[DVec2],
    normals: &[DVec2],
    radius: f64,
) -> MovingContact {
    let (distance, outward) = signed_distance_to_polygon(centre, points, normals);
    if distance < radius {
        return MovingContact::Overlapping {
            push: (outward * (radius - distance)).as_vec2(),
        };
    }
    match sweep_rounded_polygon(centre, relative_motion, points, normals, radius) {
        None => MovingContact::Separate,
        Some(hit) => {
            let inward = (-relative_motion.dot(hit.normal)).max(0.0);
            MovingContact::WillIntersect {
                time: hit.t as f32,
                normal: hit.normal.as_vec2(),
                push: (hit.normal * inward * (1.0 - hit.t)).as_vec2(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_square() -> ConvexPolygon {
        ConvexPolygon::new(vec![Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y]).expect("a square")
    }

    #[test]
    fn a_polygon_moving_onto_a_resting_circle_will_intersect_when_the_gap_closes() {
        // The circle rests 1 m right of the square's right side, radius 0.5:
        // the square moving 2 m right touches it halfway.
        let contact = circle_against_moving_polygon(
            Vec2::new(2.0, 0.5),
            0.5,
            Vec2::ZERO,
            &unit_square(),
            Vec2::new(1.0, 0.0),
        );
        let MovingContact::WillIntersect { time, normal, push } = contact else {
            panic!("{contact:?}");
        };
        assert!((time - 0.5).abs() < 1e-6, "{time}");
        assert_eq!(normal, Vec2::X);
        assert!((push - Vec2::new(0.5, 0.0)).length() < 1e-6, "{push}");
    }

    #[test]
    fn moving_together_or_apart_never_intersects_and_an_overlap_gives_its_way_out() {
        let square = unit_square();
        let same = Vec2::new(3.0, 0.0);
        assert_eq!(
            circle_against_moving_polygon(Vec2::new(2.0, 0.5), 0.5, same, &square, same),
            MovingContact::Separate
        );
        assert_eq!(
            circle_against_moving_polygon(Vec2::new(2.0, 0.5), 0.5, Vec2::ZERO, &square, -same),
            MovingContact::Separate
        );
        let contact =
            circle_against_moving_polygon(Vec2::new(1.25, 0.5), 0.5, Vec2::ZERO, &square, same);
        let MovingContact::Overlapping { push } = contact else {
            panic!("{contact:?}");
        };
        assert!((push - Vec2::new(0.25, 0.0)).length() < 1e-6, "{push}");
    }

    #[test]
    fn passing_a_corner_diagonally_misses_where_edge_normals_alone_would_hit() {
        // The circle passes the square's top-right corner at a distance of
        // 0.52 > 0.5: every edge-normal interval overlaps during the move,
        // but the corner axis separates it.
        let offset = 0.52 / std::f32::consts::SQRT_2;
        let start = Vec2::new(1.0 + offset - 2.0, 1.0 + offset + 2.0);
        let contact = circle_against_moving_polygon(
            start,
            0.5,
            Vec2::new(4.0, -4.0),
            &unit_square(),
            Vec2::ZERO,
        );
        assert_eq!(contact, MovingContact::Separate);
    }
}
