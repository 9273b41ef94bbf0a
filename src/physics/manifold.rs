//! Contact manifolds between two rounded convex shapes: where they touch,
//! along which normal, and how far apart they are there (negative when they
//! overlap), as Box2D's `b2CollidePolygons` finds them.
//!
//! Every shape the solver meets is one kind: a convex outline of one point
//! (the walker's circle), two points (a wall's centre segment) or more (a
//! body, an obstacle, a door leaf), grown by a radius (the walker's, the
//! wall's rendered half-thickness, zero for the rest). The separating axis
//! with the largest gap picks the reference face; the other shape's most
//! opposed edge is clipped to it, giving up to two points. When the cores
//! are apart and their nearest features are two corners, one point along
//! the line between those corners is given instead, so that a round
//! corner is met round.

use glam::{Vec2, Vec4};

use crate::collision::closest_point_on_segment;

use super::tolerance::LINEAR_SLOP;

/// How far apart (m) two shapes may be and still count as touching, for
/// choosing between the two shapes' faces and for the corner test.
pub(super) const FACE_PREFERENCE: f32 = 0.1 * LINEAR_SLOP;

/// How much farther apart than a manifold's margin two shapes' boxes must
/// be for the manifold to be skipped unasked: far more than the rounding
/// of its arithmetic, even a kilometre from the origin, so that skipping
/// gives exactly what asking would (no manifold).
pub(super) const BOX_SKIP_SLACK: f32 = LINEAR_SLOP;

/// How close to the reference normal the line between nearest features
/// must be to count as a face meeting a face (cosine).
const FACE_ALIGNMENT: f32 = 0.9999;

/// A convex outline grown by a radius, in world coordinates.
#[derive(Debug, Clone, Copy)]
pub(super) struct Rounded<'a> {
    /// The outline, counter-clockwise: one point, two, or a polygon.
    pub points: &'a [Vec2],
    /// The outward unit normal of each edge `i → i+1` (none for a point;
    /// for a segment, one per side).
    pub normals: &'a [Vec2],
    /// How far the shape reaches beyond its outline.
    pub radius: f32,
}

/// One point of a manifold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ManifoldPoint {
    /// Midway between the two surfaces.
    pub point: Vec2,
    /// The gap between the surfaces along the normal: negative inside.
    pub separation: f32,
}

/// Where two shapes touch or nearly touch.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Manifold {
    /// Unit normal from the first shape toward the second.
    pub normal: Vec2,
    /// The points; only the first `count` are meant.
    pub points: [ManifoldPoint; 2],
    /// How many points: 1 or 2.
    pub count: usize,
}

impl Manifold {
    /// The points that are meant.
    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..self.count]
    }

    /// The smallest separation of its points.
    pub fn deepest(&self) -> f32 {
        self.points()
            .iter()
            .map(|p| p.separation)
            .fold(f32::INFINITY, f32::min)
    }

    fn single(normal: Vec2, point: Vec2, separation: f32) -> Self {
        let only = ManifoldPoint { point, separation };
        Self {
            normal,
            points: [only, only],
            count: 1,
        }
    }
}

/// The edge of `shape` whose normal separates it most from `other`, and
/// that separation (the outlines' gap along it; `-∞` for a point), or
/// `None` as soon as one edge separates them by more than `reach`: the
/// largest separation would then be more than `reach` too, and the
/// shapes have no manifold within it.
fn max_separation(shape: Rounded, other: Rounded, reach: f32) -> Option<(usize, f32)> {
    // A box (four corners, as every crate is): its corners side by side,
    // each edge's four gaps found at once, as the loop below finds them.
    let corners = <&[Vec2; 4]>::try_from(other.points).ok().map(|p| {
        (
            Vec4::new(p[0].x, p[1].x, p[2].x, p[3].x),
            Vec4::new(p[0].y, p[1].y, p[2].y, p[3].y),
        )
    });
    let mut best = (0, f32::NEG_INFINITY);
    for (i, (&normal, &vertex)) in shape.normals.iter().zip(shape.points).enumerate() {
        let gap = match corners {
            Some((xs, ys)) => {
                ((xs - vertex.x) * normal.x + (ys - vertex.y) * normal.y).min_element()
            }
            None => {
                let mut gap = f32::INFINITY;
                for &p in other.points {
                    // A plain comparison: one instruction, where `f32::min`
                    // also sorts out NaNs (which it ignores, as this does).
                    let along = normal.dot(p - vertex);
                    if along < gap {
                        gap = along;
                    }
                }
                gap
            }
        };
        if gap > reach {
            return None;
        }
        if gap > best.1 {
            best = (i, gap);
        }
    }
    Some(best)
}

/// The nearest points of segments `a1 → a2` and `b1 → b2` that do not
/// cross, as (on a, on b).
fn nearest_points(a1: Vec2, a2: Vec2, b1: Vec2, b2: Vec2) -> (Vec2, Vec2) {
    let candidates = [
        (closest_point_on_segment(b1, a1, a2), b1),
        (closest_point_on_segment(b2, a1, a2), b2),
        (a1, closest_point_on_segment(a1, b1, b2)),
        (a2, closest_point_on_segment(a2, b1, b2)),
    ];
    let mut best = candidates[0];
    for candidate in &candidates[1..] {
        if candidate.0.distance_squared(candidate.1) < best.0.distance_squared(best.1) {
            best = *candidate;
        }
    }
    best
}

/// The manifold of `a` and `b` when they are closer than `margin`
/// (surface to surface), else `None`. Its normal points from `a` to `b`.
pub(super) fn collide(a: Rounded, b: Rounded, margin: f32) -> Option<Manifold> {
    let radius = a.radius + b.radius;
    if a.normals.is_empty() && b.normals.is_empty() {
        return between_points(a, b, margin);
    }
    let reach = margin + radius;
    let (edge_a, separation_a) = max_separation(a, b, reach)?;
    let (edge_b, separation_b) = max_separation(b, a, reach)?;
    let flip = separation_b > separation_a + FACE_PREFERENCE;
    let (reference, incident, edge, separation) = if flip {
        (b, a, edge_b, separation_b)
    } else {
        (a, b, edge_a, separation_a)
    };
    let normal = reference.normals[edge];
    let v11 = reference.points[edge];
    let v12 = reference.points[(edge + 1) % reference.points.len()];
    let (v21, v22) = incident_edge(incident, normal);
    let sign = if flip { -1.0 } else { 1.0 };
    let single_point = incident.points.len() == 1;
    if single_point || separation > FACE_PREFERENCE {
        let (on_reference, on_incident) = nearest_points(v11, v12, v21, v22);
        let offset = on_incident - on_reference;
        let distance = offset.length();
        let apart = distance > 0.0 && separation > 0.0;
        if apart && (single_point || (offset / distance).dot(normal) < FACE_ALIGNMENT) {
            // Corner to corner, or a circle outside the outline: one point
            // on the line between the nearest features.
            let direction = offset / distance;
            if distance - radius > margin {
                return None;
            }
            let midway =
                on_reference + direction * (0.5 * (reference.radius + distance - incident.radius));
            return Some(Manifold::single(
                direction * sign,
                midway,
                distance - radius,
            ));
        }
        if single_point {
            // A circle whose centre is inside the outline: out through the
            // reference face.
            if separation - radius > margin {
                return None;
            }
            let midway = v21 + normal * (0.5 * (reference.radius - incident.radius - separation));
            return Some(Manifold::single(normal * sign, midway, separation - radius));
        }
    }
    clip(
        (v11, v12, reference.radius),
        (v21, v22, incident.radius),
        normal,
        sign,
        margin,
    )
}

/// Two circles (outlines of one point).
fn between_points(a: Rounded, b: Rounded, margin: f32) -> Option<Manifold> {
    let (pa, pb) = (*a.points.first()?, *b.points.first()?);
    let offset = pb - pa;
    let distance = offset.length();
    let gap = distance - a.radius - b.radius;
    if gap > margin {
        return None;
    }
    let normal = if distance > 0.0 {
        offset / distance
    } else {
        Vec2::X
    };
    Some(Manifold::single(
        normal,
        pa + normal * (a.radius + 0.5 * gap),
        gap,
    ))
}

/// The incident shape's edge most opposed to `normal`, as its two ends
/// (both the same point for a circle).
fn incident_edge(incident: Rounded, normal: Vec2) -> (Vec2, Vec2) {
    if incident.normals.is_empty() {
        return (incident.points[0], incident.points[0]);
    }
    let mut best = (0, f32::INFINITY);
    for (i, n) in incident.normals.iter().enumerate() {
        let alignment = n.dot(normal);
        if alignment < best.1 {
            best = (i, alignment);
        }
    }
    let count = incident.points.len();
    (
        incident.points[best.0],
        incident.points[(best.0 + 1) % count],
    )
}

/// Box2D's `b2ClipPolygons`: the incident edge `v21 → v22` clipped to the
/// side planes of the reference edge `v11 → v12` (outward `normal`), with
/// each point set midway between the surfaces. `sign` is −1 when the
/// reference edge belongs to the second shape.
fn clip(
    (v11, v12, reference_radius): (Vec2, Vec2, f32),
    (v21, v22, incident_radius): (Vec2, Vec2, f32),
    normal: Vec2,
    sign: f32,
    margin: f32,
) -> Option<Manifold> {
    let tangent = Vec2::new(-normal.y, normal.x);
    let (lower1, upper1) = (0.0, (v12 - v11).dot(tangent));
    let upper2 = (v21 - v11).dot(tangent);
    let lower2 = (v22 - v11).dot(tangent);
    if upper2 < lower1 || upper1 < lower2 {
        return None;
    }
    let span = upper2 - lower2;
    let lower = if lower2 < lower1 && span > f32::EPSILON {
        v22.lerp(v21, (lower1 - lower2) / span)
    } else {
        v22
    };
    let upper = if upper2 > upper1 && span > f32::EPSILON {
        v22.lerp(v21, (upper1 - lower2) / span)
    } else {
        v21
    };
    let radius = reference_radius + incident_radius;
    let point = |vertex: Vec2| {
        let height = (vertex - v11).dot(normal);
        ManifoldPoint {
            point: vertex + normal * (0.5 * (reference_radius - incident_radius - height)),
            separation: height - radius,
        }
    };
    let mut points = [point(lower), point(upper)];
    let mut count = 0;
    for index in 0..2 {
        if points[index].separation <= margin {
            points[count] = points[index];
            count += 1;
        }
    }
    if count == 0 {
        return None;
    }
    Some(Manifold {
        normal: normal * sign,
        points,
        count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SQUARE: [Vec2; 4] = [
        Vec2::new(0.0, 0.0),
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, 1.0),
        Vec2::new(0.0, 1.0),
    ];
    const SQUARE_NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

    fn square() -> Rounded<'static> {
        Rounded {
            points: &SQUARE,
            normals: &SQUARE_NORMALS,
            radius: 0.0,
        }
    }

    #[test]
    fn a_square_on_a_thick_wall_touches_at_both_corners() {
        let wall_points = [Vec2::new(-5.0, -0.1), Vec2::new(5.0, -0.1)];
        let wall_normals = [Vec2::NEG_Y, Vec2::Y];
        let wall = Rounded {
            points: &wall_points,
            normals: &wall_normals,
            radius: 0.12,
        };
        let manifold = collide(square(), wall, 0.02).expect("touching");
        assert_eq!(manifold.count, 2);
        assert!((manifold.normal - Vec2::NEG_Y).length() < 1e-6);
        for p in manifold.points() {
            assert!((p.separation + 0.02).abs() < 1e-6, "{p:?}");
            assert!((p.point.y - 0.01).abs() < 1e-6, "{p:?}");
        }
    }

    #[test]
    fn a_circle_beyond_a_corner_meets_it_round() {
        let centre = [Vec2::new(1.3, 1.4)];
        let circle = Rounded {
            points: &centre,
            normals: &[],
            radius: 0.6,
        };
        let manifold = collide(square(), circle, 0.0).expect("overlapping");
        assert_eq!(manifold.count, 1);
        assert!((manifold.normal - Vec2::new(0.6, 0.8)).length() < 1e-6);
        assert!((manifold.points[0].separation + 0.1).abs() < 1e-6);
        assert_eq!(collide(square(), circle, 0.0).map(|m| m.count), Some(1));
        let far = [Vec2::new(1.5, 1.7)];
        let away = Rounded {
            points: &far,
            ..circle
        };
        assert_eq!(collide(square(), away, 0.0), None);
    }

    #[test]
    fn a_circle_inside_is_pushed_out_through_the_nearest_face() {
        let centre = [Vec2::new(0.9, 0.5)];
        let circle = Rounded {
            points: &centre,
            normals: &[],
            radius: 0.25,
        };
        let manifold = collide(circle, square(), 0.0).expect("inside");
        assert!(
            (manifold.normal - Vec2::NEG_X).length() < 1e-6,
            "{manifold:?}"
        );
        assert!((manifold.points[0].separation + 0.35).abs() < 1e-6);
    }

    #[test]
    fn squares_apart_by_more_than_the_margin_have_no_manifold() {
        let moved: Vec<Vec2> = SQUARE.iter().map(|p| *p + Vec2::new(1.05, 0.3)).collect();
        let other = Rounded {
            points: &moved,
            ..square()
        };
        assert_eq!(collide(square(), other, 0.02), None);
        let manifold = collide(square(), other, 0.1).expect("within the margin");
        assert_eq!(manifold.count, 2);
        assert!((manifold.normal - Vec2::X).length() < 1e-6);
        assert!((manifold.deepest() - 0.05).abs() < 1e-6);
    }
}
