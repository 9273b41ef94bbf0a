//! Swept point against rounded convex shapes (the narrowphase), in f64.
//!
//! Every collision shape is a rounded convex hull: a wall is its segment
//! inflated by the wall's radius (a capsule), an obstacle is its polygon
//! inflated by the body radius. The eye is a point, so a move is a ray
//! `start + t · motion`, `t ∈ [0, 1]`, and a query asks for the earliest `t`
//! at which the ray gets strictly closer than the radius to the core shape.
//!
//! A start that already touches (or is inside) the rounded shape counts as a
//! hit at `t = 0` only if the move goes deeper; moving along or away is free.
//! So an eye that starts inside a wall's clearance (after a hot reload) may
//! leave it but never go deeper; on the wall's segment itself it may leave
//! to either side.
//! The distance to a convex set is convex along a line, so a ray that does not
//! go deeper at its start never goes deeper later. This rule is what makes the
//! joints between collinear wall pieces invisible.

use glam::{DVec2, Vec2};

use super::polygon::ConvexPolygon;
use super::shapes::{Capsule, RoundedPolygon, sanitised_radius};
use super::wall::Wall;

/// How much a move may point into a touched surface, relative to its length,
/// and still count as moving along it (absorbs rounding of a clipped move).
const ALONG_SURFACE_TOLERANCE: f64 = 1e-12;

/// The earliest entry of the moving eye into one shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SweepHit {
    /// Fraction of the move at the impact, in `[0, 1]`.
    pub t: f64,
    /// Unit surface normal at the impact, pointing out of the shape.
    pub normal: DVec2,
}

/// Normal for a start exactly on the core shape: away from the move.
fn normal_against(motion: DVec2) -> DVec2 {
    -motion.normalize_or(DVec2::X)
}

/// The hit for a start that touches or overlaps the rounded shape, where the
/// outward normal at the start is `normal`.
fn touching_start(motion: DVec2, normal: DVec2) -> Option<SweepHit> {
    let goes_deeper = motion.dot(normal) < -ALONG_SURFACE_TOLERANCE * motion.length();
    goes_deeper.then_some(SweepHit { t: 0.0, normal })
}

/// Earliest entry into the disc of `radius` around `centre`, for a start
/// outside it. Tangent rays do not enter.
fn sweep_disc(start: DVec2, motion: DVec2, centre: DVec2, radius: f64) -> Option<SweepHit> {
    let offset = start - centre;
    let half_b = offset.dot(motion);
    let c = offset.length_squared() - radius * radius;
    if half_b >= 0.0 || c <= 0.0 {
        return None;
    }
    let a = motion.length_squared();
    let discriminant = half_b * half_b - a * c;
    if discriminant <= 0.0 {
        return None;
    }
    // The smaller root, written to avoid cancellation.
    let t = c / (-half_b + discriminant.sqrt());
    if t > 1.0 {
        return None;
    }
    let normal = (offset + motion * t).normalize_or(normal_against(motion));
    Some(SweepHit { t, normal })
}

/// Earliest crossing of the line at distance `radius` outside the edge
/// `from`→`to` (outward unit normal `normal`), within the edge's extent.
fn sweep_edge(
    start: DVec2,
    motion: DVec2,
    from: DVec2,
    to: DVec2,
    normal: DVec2,
    radius: f64,
) -> Option<SweepHit> {
    let height = (start - from).dot(normal);
    let rate = motion.dot(normal);
    if rate >= 0.0 || height < radius {
        return None;
    }
    let t = (height - radius) / -rate;
    if t > 1.0 {
        return None;
    }
    let edge = to - from;
    let along = (start + motion * t - from).dot(edge);
    (0.0..=edge.length_squared())
        .contains(&along)
        .then_some(SweepHit { t, normal })
}

/// Keeps the earlier of two hits (the first on ties, for determinism).
fn earlier(best: Option<SweepHit>, candidate: Option<SweepHit>) -> Option<SweepHit> {
    match (best, candidate) {
        (Some(b), Some(c)) if c.t < b.t => Some(c),
        (None, c) => c,
        (b, _) => b,
    }
}

impl Capsule {
    /// Earliest entry of the moving eye.
    pub fn sweep(&self, start: DVec2, motion: DVec2) -> Option<SweepHit> {
        sweep_capsule(start, motion, self.a(), self.b(), self.radius())
    }
}

impl RoundedPolygon {
    /// Earliest entry of the moving eye.
    pub fn sweep(&self, start: DVec2, motion: DVec2) -> Option<SweepHit> {
        sweep_rounded_polygon(start, motion, self.points(), self.normals(), self.radius())
    }
}

/// Moving point against the capsule of segment `a`→`b` and `radius`.
fn sweep_capsule(start: DVec2, motion: DVec2, a: DVec2, b: DVec2, radius: f64) -> Option<SweepHit> {
    let ab = b - a;
    let length_squared = ab.length_squared();
    let t_closest = if length_squared > 0.0 {
        ((start - a).dot(ab) / length_squared).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let offset = start - (a + ab * t_closest);
    let distance_squared = offset.length_squared();
    if distance_squared <= radius * radius {
        if distance_squared == 0.0 && radius > 0.0 {
            // On the core segment: as deep as an eye can be, so no move goes
            // deeper (it may leave to either side). Only a zero-radius wall
            // still stops a move across it below.
            return None;
        }
        let normal = if distance_squared > 0.0 {
            offset / distance_squared.sqrt()
        } else if length_squared > 0.0 {
            let side = ab.perp().normalize();
            if side.dot(motion) <= 0.0 { side } else { -side }
        } else {
            normal_against(motion)
        };
        return touching_start(motion, normal);
    }
    let mut best = sweep_disc(start, motion, a, radius);
    if length_squared > 0.0 {
        best = earlier(best, sweep_disc(start, motion, b, radius));
        let side = ab.perp() / length_squared.sqrt();
        let facing = if (start - a).dot(side) >= 0.0 {
            side
        } else {
            -side
        };
        best = earlier(best, sweep_edge(start, motion, a, b, facing, radius));
    }
    best
}

/// Moving point against a counter-clockwise convex polygon (`points`, with
/// outward unit `normals[i]` for edge `i → i+1`) inflated by `radius`.
pub(super) fn sweep_rounded_polygon(
    start: DVec2,
    motion: DVec2,
    points: &[DVec2],
    normals: &[DVec2],
    radius: f64,
) -> Option<SweepHit> {
    sweep_rounded_polygon_by(
        start,
        motion,
        points.len(),
        |i| points[i],
        |i| normals[i],
        radius,
    )
}

/// [`sweep_rounded_polygon`] over `count` vertices given by `point(i)`, with
/// outward unit normal `normal(i)` for edge `i → i+1`.
fn sweep_rounded_polygon_by(
    start: DVec2,
    motion: DVec2,
    count: usize,
    point: impl Fn(usize) -> DVec2,
    normal: impl Fn(usize) -> DVec2,
    radius: f64,
) -> Option<SweepHit> {
    // The next vertex round the polygon, without the division that a
    // remainder costs.
    let next = |i: usize| point(if i + 1 == count { 0 } else { i + 1 });
    // Signed distance at the start and the outward normal there.
    let (deepest_edge, deepest) = (0..count)
        .map(|i| (i, (start - point(i)).dot(normal(i))))
        .fold(
            (0, f64::NEG_INFINITY),
            |best, e| if e.1 > best.1 { e } else { best },
        );
    if deepest <= 0.0 {
        return touching_start(motion, normal(deepest_edge));
    }
    let (nearest_offset, nearest_squared) = (0..count)
        .map(|i| {
            let edge = next(i) - point(i);
            let t = ((start - point(i)).dot(edge) / edge.length_squared()).clamp(0.0, 1.0);
            let offset = start - (point(i) + edge * t);
            (offset, offset.length_squared())
        })
        .fold((DVec2::ZERO, f64::INFINITY), |best, e| {
            if e.1 < best.1 { e } else { best }
        });
    if nearest_squared <= radius * radius {
        return touching_start(motion, nearest_offset / nearest_squared.sqrt());
    }
    let mut best = None;
    for i in 0..count {
        best = earlier(best, sweep_disc(start, motion, point(i), radius));
        best = earlier(
            best,
            sweep_edge(start, motion, point(i), next(i), normal(i), radius),
        );
    }
    best
}

/// Where a moving eye first gets closer to a wall than its radius, or a body
/// first overlaps an obstacle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WallImpact {
    /// Fraction of the move at the impact, in `[0, 1]`.
    pub t: f32,
    /// Unit normal of the wall's (or obstacle's) surface at the impact,
    /// towards the eye.
    pub normal: Vec2,
}

/// Continuous test of one move against one wall, without a collider: the
/// earliest `t ∈ [0, 1]` at which `start + t · motion` gets closer than
/// `wall.radius` to the wall's segment (a start already that close counts at
/// `t = 0` only if the move goes deeper). `None` for walls with non-finite
/// geometry. Useful for picking and for comparing against a brute-force scan.
pub fn sweep_against_wall(start: Vec2, motion: Vec2, wall: &Wall) -> Option<WallImpact> {
    Capsule::from_wall(wall)?
        .sweep(start.as_dvec2(), motion.as_dvec2())
        .map(impact)
}

/// Continuous test of one move against one obstacle, without a collider:
/// the earliest `t ∈ [0, 1]` at which a body of `body_radius` centred on
/// `start + t · motion` overlaps `obstacle` (a start already overlapping
/// counts at `t = 0` only if the move goes deeper), exactly as the collider
/// tests it. A NaN, infinite or negative `body_radius` counts as zero.
/// Useful for comparing against a brute-force scan; allocates nothing.
pub fn sweep_against_obstacle(
    start: Vec2,
    motion: Vec2,
    obstacle: &ConvexPolygon,
    body_radius: f32,
) -> Option<WallImpact> {
    let points = obstacle.points();
    let point = |i: usize| points[i].as_dvec2();
    let normal = |i: usize| {
        let edge = point((i + 1) % points.len()) - point(i);
        DVec2::new(edge.y, -edge.x).normalize_or_zero()
    };
    let radius = f64::from(sanitised_radius(body_radius));
    sweep_rounded_polygon_by(
        start.as_dvec2(),
        motion.as_dvec2(),
        points.len(),
        point,
        normal,
        radius,
    )
    .map(impact)
}

fn impact(hit: SweepHit) -> WallImpact {
    WallImpact {
        t: hit.t as f32,
        normal: hit.normal.as_vec2(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: DVec2 = DVec2::new(0.0, 0.0);
    const B: DVec2 = DVec2::new(10.0, 0.0);

    #[test]
    fn head_on_hit_stops_at_the_radius() {
        let hit = sweep_capsule(DVec2::new(5.0, 2.0), DVec2::new(0.0, -4.0), A, B, 0.5).unwrap();
        assert!((hit.t - 0.375).abs() < 1e-12, "{hit:?}");
        assert_eq!(hit.normal, DVec2::Y);
    }

    #[test]
    fn end_cap_hit_has_radial_normal() {
        let hit = sweep_capsule(DVec2::new(-3.0, 0.0), DVec2::new(4.0, 0.0), A, B, 1.0).unwrap();
        assert!((hit.t - 0.5).abs() < 1e-12, "{hit:?}");
        assert_eq!(hit.normal, -DVec2::X);
    }

    #[test]
    fn tangent_and_receding_rays_do_not_hit() {
        // Grazing the cap exactly.
        assert_eq!(
            sweep_capsule(DVec2::new(-3.0, 1.0), DVec2::new(20.0, 0.0), A, B, 1.0),
            None
        );
        // Touching the side and moving along it.
        assert_eq!(
            sweep_capsule(DVec2::new(5.0, 1.0), DVec2::new(20.0, 0.0), A, B, 1.0),
            None
        );
        // Inside and leaving.
        assert_eq!(
            sweep_capsule(DVec2::new(5.0, 0.5), DVec2::new(1.0, 1.0), A, B, 1.0),
            None
        );
    }

    #[test]
    fn an_eye_on_the_segment_may_leave_to_either_side() {
        for motion in [DVec2::new(0.0, 1.0), DVec2::new(0.3, -1.0), DVec2::X] {
            assert_eq!(sweep_capsule(DVec2::new(5.0, 0.0), motion, A, B, 0.5), None);
            // At the centre of a zero-length wall (a disc), too.
            assert_eq!(sweep_capsule(A, motion, A, A, 0.5), None);
        }
        // A zero-radius wall still stops a move across it.
        let across = sweep_capsule(DVec2::new(5.0, 0.0), DVec2::new(0.0, 1.0), A, B, 0.0);
        assert_eq!(across.map(|hit| hit.t), Some(0.0));
    }

    #[test]
    fn touching_start_moving_in_hits_at_zero() {
        let hit = sweep_capsule(DVec2::new(5.0, 1.0), DVec2::new(1.0, -1.0), A, B, 1.0).unwrap();
        assert_eq!(hit.t, 0.0);
        assert_eq!(hit.normal, DVec2::Y);
    }

    #[test]
    fn huge_move_through_short_wall_is_caught() {
        let hit = sweep_capsule(
            DVec2::new(0.5, 5.0),
            DVec2::new(0.0, -1000.0),
            A,
            DVec2::X,
            0.1,
        )
        .unwrap();
        assert!((hit.t - 4.9 / 1000.0).abs() < 1e-12, "{hit:?}");
    }

    #[test]
    fn zero_length_wall_is_a_disc() {
        let hit = sweep_capsule(DVec2::new(0.0, 3.0), DVec2::new(0.0, -3.0), A, A, 1.0).unwrap();
        assert!((hit.t - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(hit.normal, DVec2::Y);
    }

    #[test]
    fn rounded_square_edge_and_corner() {
        let points = [
            A,
            DVec2::new(2.0, 0.0),
            DVec2::new(2.0, 2.0),
            DVec2::new(0.0, 2.0),
        ];
        let normals = [-DVec2::Y, DVec2::X, DVec2::Y, -DVec2::X];
        let side = sweep_rounded_polygon(
            DVec2::new(5.0, 1.0),
            DVec2::new(-4.0, 0.0),
            &points,
            &normals,
            0.5,
        )
        .unwrap();
        assert!((side.t - 0.625).abs() < 1e-12);
        assert_eq!(side.normal, DVec2::X);
        let corner = sweep_rounded_polygon(
            DVec2::new(4.0, 4.0),
            DVec2::new(-2.0, -2.0),
            &points,
            &normals,
            0.5,
        )
        .unwrap();
        let expected_t = (2.0 * 2.0_f64.sqrt() - 0.5) / (2.0 * 2.0_f64.sqrt());
        assert!((corner.t - expected_t).abs() < 1e-12, "{corner:?}");
        let inside_leaving = sweep_rounded_polygon(
            DVec2::new(1.0, 1.5),
            DVec2::new(0.0, 1.0),
            &points,
            &normals,
            0.5,
        );
        assert_eq!(inside_leaving, None);
    }

    #[test]
    fn public_obstacle_sweep_is_the_collider_sweep() {
        let square = ConvexPolygon::new(vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(0.0, 2.0),
        ])
        .unwrap();
        let side = sweep_against_obstacle(Vec2::new(5.0, 1.0), Vec2::new(-4.0, 0.0), &square, 0.5)
            .unwrap();
        assert!((side.t - 0.625).abs() < 1e-7, "{side:?}");
        assert_eq!(side.normal, Vec2::X);
        let corner =
            sweep_against_obstacle(Vec2::new(4.0, 4.0), Vec2::new(-2.0, -2.0), &square, 0.5)
                .unwrap();
        let expected_t = (2.0 * 2.0_f32.sqrt() - 0.5) / (2.0 * 2.0_f32.sqrt());
        assert!((corner.t - expected_t).abs() < 1e-6, "{corner:?}");
        assert!((corner.normal - Vec2::splat(1.0).normalize()).length() < 1e-6);
        // Missing it, and leaving from inside.
        assert_eq!(
            sweep_against_obstacle(Vec2::new(5.0, 3.0), Vec2::new(-9.0, 0.0), &square, 0.5),
            None
        );
        assert_eq!(
            sweep_against_obstacle(Vec2::new(1.0, 1.5), Vec2::new(0.0, 1.0), &square, 0.5),
            None
        );
        // A NaN body radius counts as zero: the bare square.
        let bare =
            sweep_against_obstacle(Vec2::new(5.0, 1.0), Vec2::new(-4.0, 0.0), &square, f32::NAN)
                .unwrap();
        assert!((bare.t - 0.75).abs() < 1e-7, "{bare:?}");
    }
}
