//! Ray queries on the floor plan: the first wall or obstacle that a segment
//! `from → to` meets, as an editor's crosshair needs it ("delete the wall I
//! point at").
//!
//! Unlike a move, a ray ignores every radius: a wall is hit at its centre
//! segment (zero thickness) and an obstacle at its polygon. Both are closed
//! sets, so a segment that only touches one (at an end, a vertex or along a
//! collinear stretch) hits it, and a segment that starts on or inside one
//! hits it at fraction 0. Computed in f64 from the f32 input.

use std::ops::ControlFlow;

use glam::{DVec2, Vec2};

use super::collider::{Collider, Shape};
use super::grid::{Aabb, CellEntry};
use super::outcome::Surface;
use super::polygon::ConvexPolygon;
use super::segment::segment_entry;
use super::shapes::Capsule;
use super::wall::Wall;

/// The first shape a segment meets: what [`Collider::ray_cast`] returns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayHit {
    /// The wall or obstacle hit.
    pub surface: Surface,
    /// Where the segment first meets it.
    pub point: Vec2,
    /// How far along the segment, in `[0, 1]`: `point = from + fraction · (to − from)`.
    pub fraction: f32,
}

impl Collider {
    /// The first wall or obstacle met by the segment `from → to` on the
    /// floor plan: walls at their centre segment, obstacles at their
    /// polygon, radii ignored.
    ///
    /// On a tie (a joint between walls, say) the shape with the lowest index
    /// wins, walls before obstacles. Walls with non-finite geometry are never
    /// hit. `None` when the segment meets nothing, or when `from` or `to` is
    /// NaN or infinite.
    ///
    /// The segment walks the collider's uniform grid cell by cell and stops
    /// at the first cell that holds a hit, so the cost depends on the cells
    /// crossed and the shapes in them, not on the number of walls.
    pub fn ray_cast(&self, from: Vec2, to: Vec2) -> Option<RayHit> {
        self.first_hit_where(from, to, |_| true)
    }

    /// The first wall met by the segment `from → to`, as
    /// [`ray_cast`](Self::ray_cast) finds it but passing through obstacles:
    /// the wall the editor's crosshair points at (obstacles are not
    /// editable, so they must not shield a wall from Delete).
    pub fn ray_cast_walls(&self, from: Vec2, to: Vec2) -> Option<RayHit> {
        self.first_hit_where(from, to, |id| matches!(self.shape(id), Shape::Wall(_)))
    }

    /// The first of the walls and obstacles that `blocks` keeps met by
    /// `from → to`, as [`ray_cast`](Self::ray_cast) finds it: what a
    /// lamp's light meets, where only shapes as tall as the lamp block it.
    pub fn ray_cast_where(
        &self,
        from: Vec2,
        to: Vec2,
        blocks: impl Fn(Surface) -> bool,
    ) -> Option<RayHit> {
        self.first_hit_where(from, to, |id| blocks(self.surface(id)))
    }

    /// The first shape met by `from → to` among those whose grid ids
    /// `blocks` keeps (asked only of a hit that would be the best so far,
    /// so that a filter on the shape's kind costs no lookup of its index).
    fn first_hit_where(
        &self,
        from: Vec2,
        to: Vec2,
        blocks: impl Fn(u32) -> bool,
    ) -> Option<RayHit> {
        if !from.is_finite() || !to.is_finite() {
            return None;
        }
        let start = from.as_dvec2();
        let motion = to.as_dvec2() - start;
        let path = Aabb::of_path(start, motion);
        // (fraction, grid id) of the best hit so far.
        let mut best: Option<(f64, u32)> = None;
        self.grid.walk_path(start, motion, |entries, t_exit| {
            for entry in entries {
                let id = entry.id();
                let fraction = match self.filed_shape(entry) {
                    Shape::Wall(capsule) => capsule
                        .filter(|c| c.bounds().overlaps(&path))
                        .and_then(|c| segment_entry(start, motion, c.a(), c.b())),
                    Shape::Obstacle(obstacle) => Some(obstacle)
                        .filter(|o| o.bounds().overlaps(&path))
                        .and_then(|o| polygon_entry(start, motion, o.points())),
                };
                if let Some(t) = fraction
                    && best.is_none_or(|(best_t, best_id)| {
                        t < best_t || (t == best_t && self.rank(id) < self.rank(best_id))
                    })
                    && blocks(id)
                {
                    best = Some((t, id));
                }
            }
            // Strictly before the cell's exit: a hit exactly on the boundary
            // may tie with a lower-indexed shape in the next cell.
            match best {
                Some((t, _)) if t < t_exit => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            }
        });
        best.map(|(t, id)| RayHit {
            surface: self.surface(id),
            point: (start + motion * t).as_vec2(),
            fraction: t as f32,
        })
    }
}

/// Where the segment `from → to` first meets `wall`'s centre segment, as a
/// fraction of the segment in `[0, 1]`, exactly as [`Collider::ray_cast`]
/// tests it; `None` when it misses, for non-finite input, and for walls with
/// non-finite geometry. Useful for a brute-force scan to compare against.
pub fn ray_against_wall(from: Vec2, to: Vec2, wall: &Wall) -> Option<f32> {
    if !from.is_finite() || !to.is_finite() {
        return None;
    }
    let capsule = Capsule::from_wall(wall)?;
    let start = from.as_dvec2();
    segment_entry(start, to.as_dvec2() - start, capsule.a(), capsule.b()).map(|t| t as f32)
}

/// Where the segment `from → to` first meets `obstacle` (a closed polygon:
/// 0 when `from` is inside), as a fraction in `[0, 1]`, exactly as
/// [`Collider::ray_cast`] tests it; `None` when it misses or for non-finite
/// input. Useful for a brute-force scan to compare against.
pub fn ray_against_obstacle(from: Vec2, to: Vec2, obstacle: &ConvexPolygon) -> Option<f32> {
    if !from.is_finite() || !to.is_finite() {
        return None;
    }
    let points: Vec<DVec2> = obstacle.points().iter().map(|p| p.as_dvec2()).collect();
    let start = from.as_dvec2();
    polygon_entry(start, to.as_dvec2() - start, &points).map(|t| t as f32)
}

/// First `t ∈ [0, 1]` at which `start + t · motion` lies in the closed convex
/// polygon with counter-clockwise `points` (Cyrus–Beck clipping); 0 when
/// `start` is inside.
pub(crate) fn polygon_entry(start: DVec2, motion: DVec2, points: &[DVec2]) -> Option<f64> {
    let (mut enter, mut exit) = (0.0_f64, 1.0_f64);
    for (i, &p) in points.iter().enumerate() {
        let edge = points[(i + 1) % points.len()] - p;
        // Outward (unnormalised) normal of a counter-clockwise edge.
        let normal = DVec2::new(edge.y, -edge.x);
        let height = (start - p).dot(normal);
        let rate = motion.dot(normal);
        if rate == 0.0 {
            if height > 0.0 {
                return None;
            }
            continue;
        }
        let t = -height / rate;
        if rate < 0.0 {
            enter = enter.max(t);
        } else {
            exit = exit.min(t);
        }
        if enter > exit {
            return None;
        }
    }
    Some(enter)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(x: f64, y: f64) -> DVec2 {
        DVec2::new(x, y)
    }

    #[test]
    fn crossing_segments_meet_at_the_crossing() {
        let t = segment_entry(d(0.0, -1.0), d(0.0, 4.0), d(-1.0, 1.0), d(1.0, 1.0));
        assert_eq!(t, Some(0.5));
        // Missing the wall's end, and stopping short of the wall.
        assert_eq!(
            segment_entry(d(2.0, -1.0), d(0.0, 4.0), d(-1.0, 1.0), d(1.0, 1.0)),
            None
        );
        assert_eq!(
            segment_entry(d(0.0, -1.0), d(0.0, 1.5), d(-1.0, 1.0), d(1.0, 1.0)),
            None
        );
    }

    #[test]
    fn touching_an_end_counts_and_collinear_overlap_is_entered_at_its_first_point() {
        // The ray ends exactly on the wall's end.
        assert_eq!(
            segment_entry(d(1.0, -1.0), d(0.0, 2.0), d(1.0, 1.0), d(5.0, 1.0)),
            Some(1.0)
        );
        // Along the wall's own line, from before its start.
        assert_eq!(
            segment_entry(d(-2.0, 1.0), d(8.0, 0.0), d(1.0, 1.0), d(5.0, 1.0)),
            Some(0.375)
        );
        // Along it from the far side (the wall drawn backwards makes no
        // difference).
        assert_eq!(
            segment_entry(d(9.0, 1.0), d(-8.0, 0.0), d(5.0, 1.0), d(1.0, 1.0)),
            Some(0.5)
        );
        // Starting on the wall.
        assert_eq!(
            segment_entry(d(3.0, 1.0), d(0.0, 2.0), d(1.0, 1.0), d(5.0, 1.0)),
            Some(0.0)
        );
        // Parallel, one unit off: no hit.
        assert_eq!(
            segment_entry(d(-2.0, 2.0), d(8.0, 0.0), d(1.0, 1.0), d(5.0, 1.0)),
            None
        );
    }

    #[test]
    fn points_and_zero_length_walls_are_exact() {
        let (a, b) = (d(1.0, 1.0), d(5.0, 1.0));
        assert_eq!(segment_entry(d(2.0, 1.0), DVec2::ZERO, a, b), Some(0.0));
        assert_eq!(segment_entry(d(6.0, 1.0), DVec2::ZERO, a, b), None);
        assert_eq!(segment_entry(d(2.0, 1.5), DVec2::ZERO, a, b), None);
        // A point against a zero-length wall: only the same point meets it.
        assert_eq!(segment_entry(a, DVec2::ZERO, a, a), Some(0.0));
        assert_eq!(segment_entry(d(1.0, 2.0), DVec2::ZERO, a, a), None);
        // A zero-length wall on the ray's path, and beside it.
        assert_eq!(segment_entry(d(0.0, 1.0), d(4.0, 0.0), a, a), Some(0.25));
        assert_eq!(segment_entry(d(0.0, 2.0), d(4.0, 0.0), a, a), None);
    }

    #[test]
    fn polygons_are_entered_at_their_outline_or_at_zero_from_inside() {
        let square = [d(0.0, 0.0), d(2.0, 0.0), d(2.0, 2.0), d(0.0, 2.0)];
        assert_eq!(
            polygon_entry(d(-2.0, 1.0), d(8.0, 0.0), &square),
            Some(0.25)
        );
        assert_eq!(polygon_entry(d(1.0, 1.0), d(8.0, 0.0), &square), Some(0.0));
        assert_eq!(polygon_entry(d(-2.0, 3.0), d(8.0, 0.0), &square), None);
        // Grazing the top edge counts (closed set); stopping short does not.
        assert_eq!(
            polygon_entry(d(-2.0, 2.0), d(8.0, 0.0), &square),
            Some(0.25)
        );
        assert_eq!(polygon_entry(d(-2.0, 1.0), d(1.0, 0.0), &square), None);
        // A point inside and outside.
        assert_eq!(polygon_entry(d(1.0, 1.0), DVec2::ZERO, &square), Some(0.0));
        assert_eq!(polygon_entry(d(3.0, 1.0), DVec2::ZERO, &square), None);
    }

    #[test]
    fn the_collider_returns_the_first_shape_and_the_lowest_index_on_a_tie() {
        let wall = |a: (f32, f32), b: (f32, f32)| Wall {
            a: Vec2::new(a.0, a.1),
            b: Vec2::new(b.0, b.1),
            radius: 0.3,
        };
        let square = ConvexPolygon::new(vec![
            Vec2::new(4.0, -1.0),
            Vec2::new(5.0, -1.0),
            Vec2::new(5.0, 1.0),
            Vec2::new(4.0, 1.0),
        ])
        .expect("a valid square");
        // Walls 1 and 2 meet at (2, 0), on the ray; wall 0 is farther.
        let collider = Collider::new(
            vec![
                wall((3.0, -1.0), (3.0, 1.0)),
                wall((2.0, 0.0), (2.0, 1.0)),
                wall((2.0, -1.0), (2.0, 0.0)),
            ],
            vec![square],
            0.25,
        );
        let hit = collider
            .ray_cast(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0))
            .expect("the ray meets the walls");
        assert_eq!(hit.surface, Surface::Wall(1));
        assert_eq!(hit.point, Vec2::new(2.0, 0.0));
        assert_eq!(hit.fraction, 0.2);
        // Within the walls' radius of their ends, but past them: radii do
        // not count.
        assert_eq!(
            collider.ray_cast(Vec2::new(0.0, 1.2), Vec2::new(10.0, 1.2)),
            None
        );
        let hit = collider
            .ray_cast(Vec2::new(3.5, 1.5), Vec2::new(4.5, 0.5))
            .expect("the ray meets the obstacle");
        assert_eq!(hit.surface, Surface::Obstacle(0));
        assert_eq!((hit.point, hit.fraction), (Vec2::new(4.0, 1.0), 0.5));
        // Short of everything, and non-finite input.
        assert_eq!(collider.ray_cast(Vec2::ZERO, Vec2::new(1.9, 0.0)), None);
        assert_eq!(collider.ray_cast(Vec2::NAN, Vec2::new(10.0, 0.0)), None);
        assert_eq!(
            collider.ray_cast(Vec2::ZERO, Vec2::new(f32::INFINITY, 0.0)),
            None
        );
    }

    #[test]
    fn the_walls_query_passes_through_obstacles() {
        let square = ConvexPolygon::new(vec![
            Vec2::new(1.0, -1.0),
            Vec2::new(2.0, -1.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
        ])
        .expect("a valid square");
        let behind = Wall {
            a: Vec2::new(4.0, -1.0),
            b: Vec2::new(4.0, 1.0),
            radius: 0.3,
        };
        let collider = Collider::new(vec![behind], vec![square], 0.25);
        let (from, to) = (Vec2::ZERO, Vec2::new(10.0, 0.0));
        let first = collider.ray_cast(from, to).expect("the obstacle");
        assert_eq!(first.surface, Surface::Obstacle(0));
        let wall = collider.ray_cast_walls(from, to).expect("the wall behind");
        assert_eq!(
            (wall.surface, wall.point),
            (Surface::Wall(0), Vec2::new(4.0, 0.0))
        );
        assert_eq!(collider.ray_cast_walls(from, Vec2::new(3.0, 0.0)), None);
    }
}
