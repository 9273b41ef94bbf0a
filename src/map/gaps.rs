//! Gaps that the eye almost passes: two walls whose clearances leave no way
//! between them, by less than [`NEAR_MISS`]. The eye (a point) passes
//! between walls `i` and `j` exactly when the distance between their
//! segments is at least `rᵢ + rⱼ`; a near miss is
//! `rᵢ + rⱼ − NEAR_MISS ≤ distance < rᵢ + rⱼ` between walls that do not
//! touch (a shared end point or a crossing is a joint, not a gap).

use glam::Vec2;

use crate::collision::{Collider, Wall, closest_point_on_segment, ray_against_wall};

/// How much a gap may miss being passable and still be reported, in metres.
pub const NEAR_MISS: f32 = 0.10;

/// A gap between two walls that the eye misses passing by less than
/// [`NEAR_MISS`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NearMiss {
    /// The two walls' indices, the smaller first.
    pub walls: (usize, usize),
    /// The closest points of the two segments: the gap's narrowest place.
    pub ends: [Vec2; 2],
    /// How much wider the gap would have to be, in metres (in `(0, NEAR_MISS]`).
    pub shortfall: f32,
}

impl NearMiss {
    /// A line for `mazewalker check`; `walls` (a slice, or the
    /// collider's [`walls`](crate::collision::Collider::walls) view) give
    /// the two walls' radii, each found by `nth` (constant time for both).
    pub fn describe<'a>(&self, walls: impl IntoIterator<Item = &'a Wall> + Copy) -> String {
        let [p, q] = self.ends;
        let radii = |index: usize| walls.into_iter().nth(index).map_or(0.0, |w| w.radius);
        format!(
            "walls {} and {} leave a gap the eye cannot pass by {:.0} mm, between ({:.2}, {:.2}) and ({:.2}, {:.2}) (radii {} + {})",
            self.walls.0 + 1,
            self.walls.1 + 1,
            self.shortfall * 1000.0,
            p.x,
            p.y,
            q.x,
            q.y,
            radii(self.walls.0),
            radii(self.walls.1),
        )
    }
}

/// Every near miss between `collider`'s walls, ordered by wall indices.
/// Walls with non-finite geometry are skipped; a negative radius counts as
/// zero. Each wall is compared only with the walls the collider's grid
/// files near it, so the cost grows with the walls, not their pairs, and
/// nothing but the answer is allocated for long.
pub fn near_misses(collider: &Collider) -> Vec<NearMiss> {
    let usable = |wall: &Wall| {
        (wall.a.is_finite() && wall.b.is_finite() && wall.radius.is_finite()).then(|| Wall {
            radius: wall.radius.max(0.0),
            ..*wall
        })
    };
    let walls = collider.walls();
    let largest_radius = walls
        .iter()
        .filter_map(usable)
        .map(|wall| wall.radius)
        .fold(0.0, f32::max);
    let mut found = Vec::new();
    for (i, wall) in walls.iter().enumerate() {
        let Some(wi) = usable(wall) else {
            continue;
        };
        for j in collider.walls_near_segment(wi.a, wi.b, wi.radius + largest_radius) {
            if j > i
                && let Some(wj) = usable(&walls[j])
                && let Some(miss) = near_miss(i, &wi, j, &wj)
            {
                found.push(miss);
            }
        }
    }
    found
}

/// The near miss between two walls, if they leave one.
fn near_miss(i: usize, wi: &Wall, j: usize, wj: &Wall) -> Option<NearMiss> {
    if ray_against_wall(wi.a, wi.b, wj).is_some() {
        return None; // They touch or cross: a joint.
    }
    let candidates = [
        (wi.a, closest_point_on_segment(wi.a, wj.a, wj.b)),
        (wi.b, closest_point_on_segment(wi.b, wj.a, wj.b)),
        (closest_point_on_segment(wj.a, wi.a, wi.b), wj.a),
        (closest_point_on_segment(wj.b, wi.a, wi.b), wj.b),
    ];
    let (p, q) = candidates
        .into_iter()
        .min_by(|x, y| x.0.distance(x.1).total_cmp(&y.0.distance(y.1)))?;
    let needed = wi.radius + wj.radius;
    let distance = p.distance(q);
    let shortfall = needed - distance;
    (shortfall > 0.0 && shortfall <= NEAR_MISS).then(|| {
        let (walls, ends) = if i < j {
            ((i, j), [p, q])
        } else {
            ((j, i), [q, p])
        };
        NearMiss {
            walls,
            ends,
            shortfall,
        }
    })
}
