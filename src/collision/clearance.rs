//! Clearance of a standing eye: whether it is closer than allowed to a wall
//! or an obstacle, by how much, and the nearest point where it would not be
//! (after a hot reload puts a wall where the eye stands).
//!
//! The eye overlaps a wall when it is strictly closer than the wall's radius
//! to its segment, and an obstacle when the body (a disc of the body radius)
//! overlaps its polygon by more than touching: exactly the shapes that
//! [`Collider::move_eye`] keeps the eye out of.

use glam::{DVec2, Vec2};

use super::collider::{Collider, Shape};
use super::grid::{Aabb, CellEntry};
use super::options::DEFAULT_SKIN;
use super::outcome::Surface;
use super::polygon::signed_distance_to_polygon;
use super::segment::{closest_point_on_segment_f64, distance_and_normal};
use super::shapes::Capsule;

/// How deep a standing eye is inside one shape's clearance: what
/// [`Collider::deepest_penetration`] returns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Penetration {
    /// The wall or obstacle overlapped.
    pub surface: Surface,
    /// How far the eye would have to move along `normal` to clear it, in
    /// metres; always positive.
    pub depth: f32,
    /// Unit direction out of the shape at the eye (from the closest point of
    /// the wall's segment or the obstacle's outline; for an eye exactly on a
    /// wall's segment, the segment's left-hand normal).
    pub normal: Vec2,
}

/// How far [`Collider::nearest_free_point`] turns a shadow's edge out of
/// the shadow, in radians: a candidate on the edge itself would graze the
/// wall's end, which counts as crossing it, and the turn must outlast the
/// candidate's rounding to f32 (a micron at ten metres). 0.1 mm at 1 m.
const SHADOW_TURN: f64 = 1e-4;

/// The first search radius of [`Collider::nearest_free_point`], as a
/// fraction of its `max_distance`; each round doubles it.
const FIRST_SEARCH_FRACTION: f64 = 0.125;

/// Tangent intersections are kept when rounding makes them miss by at most
/// this much, relative to the squared radius.
const TANGENT_TOLERANCE: f64 = 1e-12;

impl Collider {
    /// The wall whose centre segment passes nearest to `p`, within
    /// `within` metres, and that distance: what the map's right click
    /// deletes. The lowest index wins a tie. `None` when no wall is that
    /// close, or for a NaN or infinite `p` or `within`, or a negative
    /// `within`. Looks only at the grid cells within reach.
    pub fn nearest_wall(&self, p: Vec2, within: f32) -> Option<(usize, f32)> {
        let point = p.as_dvec2();
        let mut best: Option<(usize, f64)> = None;
        for (index, capsule) in self.capsules_near(p, p, within) {
            let distance =
                closest_point_on_segment_f64(point, capsule.a(), capsule.b()).distance(point);
            if distance <= f64::from(within) && best.is_none_or(|(_, d)| distance < d) {
                best = Some((index, distance));
            }
        }
        best.map(|(index, distance)| (index, distance as f32))
    }

    /// The wall end point nearest to `p`, within `within` metres: what the
    /// editor's cursor snaps to. The first one wins a tie, in wall order, `a`
    /// before `b`. `None` when no end is that close, or for a NaN or
    /// infinite `p` or `within`, or a negative `within`; walls with
    /// non-finite geometry are skipped. Looks only at the grid cells within
    /// reach, so it costs the same in any size of level.
    pub fn nearest_wall_end(&self, p: Vec2, within: f32) -> Option<Vec2> {
        let mut best: Option<(f32, Vec2)> = None;
        for (index, _) in self.capsules_near(p, p, within) {
            let wall = &self.walls()[index];
            for end in [wall.a, wall.b] {
                let distance = p.distance(end);
                if distance <= within && best.is_none_or(|(nearest, _)| distance < nearest) {
                    best = Some((distance, end));
                }
            }
        }
        best.map(|(_, end)| end)
    }

    /// Every wall whose centre segment may come within `within` metres of
    /// the segment `a`–`b`: the walls filed in the grid cells that the
    /// segment's box, grown by `within`, overlaps. A superset, in index
    /// order, each once; walls with non-finite geometry are left out, and
    /// a NaN or infinite input or a negative `within` gives none.
    /// Allocates: for occasional queries (the map's near misses), not
    /// per-move ones. Costs the cells within reach, whatever the level's
    /// size.
    pub fn walls_near_segment(&self, a: Vec2, b: Vec2, within: f32) -> Vec<usize> {
        self.capsules_near(a, b, within)
            .map(|(index, _)| index)
            .collect()
    }

    /// The walls (index and capsule) filed in the grid cells within
    /// `within` of the box around `a`–`b`, in index order (see
    /// [`walls_near_segment`](Self::walls_near_segment)).
    fn capsules_near(
        &self,
        a: Vec2,
        b: Vec2,
        within: f32,
    ) -> impl Iterator<Item = (usize, Capsule)> {
        let valid = a.is_finite() && b.is_finite() && within.is_finite() && within >= 0.0;
        let ids = if valid {
            let reach = DVec2::splat(f64::from(within));
            let (a, b) = (a.as_dvec2(), b.as_dvec2());
            self.ranked_shapes_in(&Aabb {
                min: a.min(b) - reach,
                max: a.max(b) + reach,
            })
        } else {
            Vec::new()
        };
        ids.into_iter()
            .filter_map(|id| match (self.shape(id), self.surface(id)) {
                (Shape::Wall(Some(capsule)), Surface::Wall(index)) => Some((index, capsule)),
                _ => None,
            })
    }

    /// The deepest overlap of an eye standing at `p`: the shape whose
    /// clearance it violates most (the lowest index on a tie, walls first),
    /// or `None` when `p` is free — or NaN or infinite.
    ///
    /// A wall is overlapped when `p` is strictly closer than its radius to
    /// its segment; an obstacle when the body around `p` overlaps its polygon
    /// (touching does not count). Looks only at the grid cell holding `p`.
    pub fn deepest_penetration(&self, p: Vec2) -> Option<Penetration> {
        if !p.is_finite() {
            return None;
        }
        self.penetration_at(p.as_dvec2())
            .map(|(depth, normal, surface)| Penetration {
                surface,
                depth: depth as f32,
                normal: normal.as_vec2(),
            })
    }

    /// The nearest point to `p` where the eye overlaps nothing and that it
    /// reaches in a straight line without crossing a wall's centre segment
    /// (never the far side of a wall), searched outward up to
    /// `max_distance`; `p` itself when it is free. `None` when no such point
    /// lies within `max_distance` (the eye is walled in, or stands on a
    /// wall's segment), or for a NaN or infinite `p`, a NaN, infinite or
    /// negative `max_distance`.
    ///
    /// The answer aims for full clearance plus [`DEFAULT_SKIN`]: the
    /// candidates are the points where the eye would stand `radius + skin`
    /// from shapes — the foot of the perpendicular from `p` to each side of
    /// every nearby wall's and obstacle's grown outline, the point of each
    /// rounded end or corner towards `p`, and every crossing of two such
    /// outlines (the corners of the free space), and where the rays from `p`
    /// past each wall's ends (the edges of its shadow, turned a hair out of
    /// it) cross those outlines. The nearest reachable free point lies on
    /// one of them, so the search is exact up to rounding (and, beside a
    /// shadow's edge, up to the 1e-4 rad turn): candidates are
    /// computed in f64, and the answer is checked for freedom (by
    /// [`deepest_penetration`](Self::deepest_penetration)) after rounding to
    /// f32. Deterministic: ties go to the candidate generated first.
    ///
    /// The search radius starts at `max_distance / 8` and doubles, so the
    /// cost follows the distance to the answer. Each round costs the square
    /// of the number of outline pieces within reach (a few thousand
    /// candidates for 2 m in a unit maze); an occasional query, such as
    /// after a hot reload, not a per-frame one.
    pub fn nearest_free_point(&self, p: Vec2, max_distance: f32) -> Option<Vec2> {
        if !p.is_finite() || !max_distance.is_finite() || max_distance < 0.0 {
            return None;
        }
        if self.penetration_at(p.as_dvec2()).is_none() {
            return Some(p);
        }
        let origin = p.as_dvec2();
        let max_distance = f64::from(max_distance);
        let mut reach = max_distance * FIRST_SEARCH_FRACTION;
        loop {
            reach = reach.min(max_distance);
            if let Some(free) = self.nearest_free_candidate(origin, reach) {
                return Some(free);
            }
            if reach >= max_distance {
                return None;
            }
            reach *= 2.0;
        }
    }

    /// The nearest free candidate within `reach` of `origin` (see
    /// [`nearest_free_point`](Self::nearest_free_point)).
    fn nearest_free_candidate(&self, origin: DVec2, reach: f64) -> Option<Vec2> {
        let skin = f64::from(DEFAULT_SKIN);
        let area = Aabb {
            min: origin - DVec2::splat(reach + skin),
            max: origin + DVec2::splat(reach + skin),
        };
        let mut pieces = Vec::new();
        for id in self.ranked_shapes_in(&area) {
            self.outline_pieces(id, skin, &area, &mut pieces);
            self.shadow_edges(id, origin, &area, &mut pieces);
        }
        let mut candidates: Vec<DVec2> = pieces.iter().map(|p| p.nearest(origin)).collect();
        for (i, first) in pieces.iter().enumerate() {
            for second in &pieces[i + 1..] {
                first.crossings(second, &mut candidates);
            }
        }
        let mut candidates: Vec<(f64, DVec2)> = candidates
            .into_iter()
            .map(|c| (c.distance(origin), c))
            .filter(|(distance, _)| *distance <= reach)
            .collect();
        candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
        let from = origin.as_vec2();
        candidates.into_iter().map(|(_, c)| c.as_vec2()).find(|c| {
            c.is_finite()
                && self.penetration_at(c.as_dvec2()).is_none()
                && self.ray_cast_walls(from, *c).is_none()
        })
    }

    /// Adds the edges of wall `id`'s shadow seen from `origin`, if its box
    /// meets `area`: the lines from `origin` past each end, each turned by
    /// [`SHADOW_TURN`] away from the other end, out of the shadow. (Nothing
    /// for an obstacle: the eye may leave one across its outline.)
    fn shadow_edges(&self, id: u32, origin: DVec2, area: &Aabb, pieces: &mut Vec<BoundaryCurve>) {
        let Shape::Wall(Some(capsule)) = self.shape(id) else {
            return;
        };
        if !capsule.bounds().overlaps(area) {
            return;
        }
        let (a, b) = (capsule.a(), capsule.b());
        for (end, other) in [(a, b), (b, a)] {
            let Some(direction) = (end - origin).try_normalize() else {
                continue;
            };
            let turn = if direction.perp_dot(other - origin) > 0.0 {
                -SHADOW_TURN
            } else {
                SHADOW_TURN
            };
            pieces.push(BoundaryCurve::Line {
                point: origin,
                direction: DVec2::from_angle(turn).rotate(direction),
            });
        }
    }

    /// Adds the pieces of shape `id`'s outline grown by `skin` (lines along
    /// its sides, circles around its ends or corners), if its box meets
    /// `area`.
    fn outline_pieces(&self, id: u32, skin: f64, area: &Aabb, pieces: &mut Vec<BoundaryCurve>) {
        match self.shape(id) {
            Shape::Wall(capsule) => {
                let Some(capsule) = capsule.filter(|c| c.bounds().overlaps(area)) else {
                    return;
                };
                let (a, b) = (capsule.a(), capsule.b());
                let radius = capsule.radius() + skin;
                pieces.push(BoundaryCurve::Circle { centre: a, radius });
                let Some(direction) = (b - a).try_normalize() else {
                    return;
                };
                pieces.push(BoundaryCurve::Circle { centre: b, radius });
                let offset = direction.perp() * radius;
                pieces.push(BoundaryCurve::Line {
                    point: a + offset,
                    direction,
                });
                pieces.push(BoundaryCurve::Line {
                    point: a - offset,
                    direction,
                });
            }
            Shape::Obstacle(obstacle) => {
                if !obstacle.bounds().overlaps(area) {
                    return;
                }
                let radius = obstacle.radius() + skin;
                let points = obstacle.points();
                for (i, (&point, &normal)) in points.iter().zip(obstacle.normals()).enumerate() {
                    let next = points[(i + 1) % points.len()];
                    pieces.push(BoundaryCurve::Circle {
                        centre: point,
                        radius,
                    });
                    if let Some(direction) = (next - point).try_normalize() {
                        pieces.push(BoundaryCurve::Line {
                            point: point + normal * radius,
                            direction,
                        });
                    }
                }
            }
        }
    }

    /// The deepest overlap at `p` as (depth, outward normal, surface); the
    /// first shape in index order (walls first) wins a tie.
    fn penetration_at(&self, p: DVec2) -> Option<(f64, DVec2, Surface)> {
        let mut deepest: Option<(f64, DVec2, u32)> = None;
        for entry in self.grid.shapes_at(p) {
            let id = entry.id();
            let (depth, normal) = match self.filed_shape(entry) {
                Shape::Wall(Some(c)) => {
                    let (distance, normal) = distance_and_normal(p, c.a(), c.b());
                    (c.radius() - distance, normal)
                }
                Shape::Wall(None) => continue,
                Shape::Obstacle(obstacle) => {
                    let (signed, normal) =
                        signed_distance_to_polygon(p, obstacle.points(), obstacle.normals());
                    (obstacle.radius() - signed, normal)
                }
            };
            if depth > 0.0
                && deepest.is_none_or(|(d, _, d_id)| {
                    depth > d || (depth == d && self.rank(id) < self.rank(d_id))
                })
            {
                deepest = Some((depth, normal, id));
            }
        }
        deepest.map(|(depth, normal, id)| (depth, normal, self.surface(id)))
    }
}

/// One smooth piece of a grown outline: where an eye stands exactly at the
/// required clearance from one side or one rounded end of a shape.
#[derive(Debug, Clone, Copy)]
enum BoundaryCurve {
    /// The line through `point` along unit `direction`.
    Line { point: DVec2, direction: DVec2 },
    /// The circle of `radius` around `centre`.
    Circle { centre: DVec2, radius: f64 },
}

impl BoundaryCurve {
    /// The point of the piece nearest to `p` (for a circle centred on `p`,
    /// its point in +x).
    fn nearest(&self, p: DVec2) -> DVec2 {
        match *self {
            BoundaryCurve::Line { point, direction } => {
                point + direction * (p - point).dot(direction)
            }
            BoundaryCurve::Circle { centre, radius } => {
                centre + (p - centre).try_normalize().unwrap_or(DVec2::X) * radius
            }
        }
    }

    /// Adds the points where the two pieces cross (none for parallel lines
    /// or circles that miss; one where they touch).
    fn crossings(&self, other: &BoundaryCurve, out: &mut Vec<DVec2>) {
        match (*self, *other) {
            (
                BoundaryCurve::Line {
                    point: p,
                    direction: d,
                },
                BoundaryCurve::Line {
                    point: q,
                    direction: e,
                },
            ) => {
                let denominator = d.perp_dot(e);
                if denominator.abs() > 1e-12 {
                    out.push(p + d * ((q - p).perp_dot(e) / denominator));
                }
            }
            (
                BoundaryCurve::Line { point, direction },
                BoundaryCurve::Circle { centre, radius },
            )
            | (
                BoundaryCurve::Circle { centre, radius },
                BoundaryCurve::Line { point, direction },
            ) => {
                let foot = point + direction * (centre - point).dot(direction);
                let half_chord = half_chord(radius, foot.distance_squared(centre));
                if let Some(h) = half_chord {
                    out.push(foot - direction * h);
                    out.push(foot + direction * h);
                }
            }
            (
                BoundaryCurve::Circle {
                    centre: c,
                    radius: r,
                },
                BoundaryCurve::Circle {
                    centre: k,
                    radius: s,
                },
            ) => {
                let between = k - c;
                let distance_squared = between.length_squared();
                if distance_squared == 0.0 {
                    return;
                }
                // Distance from `c` along `between` to the chord's foot.
                let along = (r * r - s * s + distance_squared) / (2.0 * distance_squared.sqrt());
                let axis = between / distance_squared.sqrt();
                let foot = c + axis * along;
                if let Some(h) = half_chord(r, along * along) {
                    out.push(foot - axis.perp() * h);
                    out.push(foot + axis.perp() * h);
                }
            }
        }
    }
}

/// Half the chord that a line at squared distance `offset_squared` from a
/// circle's centre cuts from it; 0 within rounding of a tangent.
fn half_chord(radius: f64, offset_squared: f64) -> Option<f64> {
    let squared = radius * radius - offset_squared;
    if squared >= 0.0 {
        Some(squared.sqrt())
    } else if squared >= -TANGENT_TOLERANCE * radius * radius {
        Some(0.0)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{ConvexPolygon, Wall};

    fn wall(a: (f32, f32), b: (f32, f32), radius: f32) -> Wall {
        Wall::between(a, b, radius)
    }

    #[test]
    fn penetration_is_the_deepest_overlap_with_its_way_out() {
        let collider = Collider::new(
            vec![
                wall((0.0, 0.0), (10.0, 0.0), 0.5),
                wall((0.0, 0.3), (10.0, 0.3), 0.4),
            ],
            Vec::new(),
            0.25,
        );
        let deepest = collider.deepest_penetration(Vec2::new(5.0, 0.1)).unwrap();
        // 0.5 − 0.1 into the first wall, only 0.4 − 0.2 into the second.
        assert_eq!(deepest.surface, Surface::Wall(0));
        assert!((deepest.depth - 0.4).abs() < 1e-6, "{deepest:?}");
        assert_eq!(deepest.normal, Vec2::Y);
        // Exactly at the radius is not an overlap; NaN is not either.
        assert_eq!(collider.deepest_penetration(Vec2::new(5.0, -0.5)), None);
        assert_eq!(collider.deepest_penetration(Vec2::NAN), None);
        // On the segment itself: the left-hand normal.
        let on = collider.deepest_penetration(Vec2::new(5.0, 0.0)).unwrap();
        assert_eq!((on.surface, on.normal), (Surface::Wall(0), Vec2::Y));
    }

    #[test]
    fn obstacles_overlap_the_body_inside_and_out() {
        let square = ConvexPolygon::new(vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(0.0, 2.0),
        ])
        .unwrap();
        let collider = Collider::new(Vec::new(), vec![square], 0.5);
        let inside = collider.deepest_penetration(Vec2::new(1.8, 1.0)).unwrap();
        assert_eq!(inside.surface, Surface::Obstacle(0));
        assert!((inside.depth - 0.7).abs() < 1e-6, "{inside:?}");
        assert_eq!(inside.normal, Vec2::X);
        let corner = collider.deepest_penetration(Vec2::new(2.2, 2.2)).unwrap();
        let expected = 0.5 - 0.2 * 2.0_f32.sqrt();
        assert!((corner.depth - expected).abs() < 1e-6, "{corner:?}");
        assert_eq!(collider.deepest_penetration(Vec2::new(2.5, 1.0)), None);
    }

    #[test]
    fn crossings_of_lines_and_circles() {
        let mut out = Vec::new();
        let line = BoundaryCurve::Line {
            point: DVec2::new(0.0, 1.0),
            direction: DVec2::X,
        };
        let circle = BoundaryCurve::Circle {
            centre: DVec2::ZERO,
            radius: 2.0,
        };
        line.crossings(&circle, &mut out);
        let root = 3.0_f64.sqrt();
        assert_eq!(out, [DVec2::new(-root, 1.0), DVec2::new(root, 1.0)]);
        out.clear();
        let other = BoundaryCurve::Circle {
            centre: DVec2::new(2.0, 0.0),
            radius: 2.0,
        };
        circle.crossings(&other, &mut out);
        assert_eq!(out, [DVec2::new(1.0, -root), DVec2::new(1.0, root)]);
        out.clear();
        let upright = BoundaryCurve::Line {
            point: DVec2::new(3.0, -5.0),
            direction: DVec2::Y,
        };
        line.crossings(&upright, &mut out);
        assert_eq!(out, [DVec2::new(3.0, 1.0)]);
        out.clear();
        // Parallel lines and circles that miss add nothing; a tangent adds
        // its point twice.
        line.crossings(&line, &mut out);
        let far = BoundaryCurve::Circle {
            centre: DVec2::new(9.0, 0.0),
            radius: 1.0,
        };
        circle.crossings(&far, &mut out);
        assert!(out.is_empty(), "{out:?}");
        let tangent = BoundaryCurve::Line {
            point: DVec2::new(0.0, 2.0),
            direction: DVec2::X,
        };
        tangent.crossings(&circle, &mut out);
        assert_eq!(out, [DVec2::new(0.0, 2.0); 2]);
    }
}
