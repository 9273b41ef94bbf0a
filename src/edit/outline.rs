//! Plotting an obstacle (the obstacles tool): Space plots outline points,
//! Backspace takes back the last, Enter closes the outline. The obstacle is
//! the convex hull of the points, so they may be plotted in any order.

use glam::Vec2;

/// The outline points plotted so far, in the order plotted.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outline {
    points: Vec<Vec2>,
}

/// Why closing an outline made no obstacle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum OutlineError {
    /// Fewer than three distinct points.
    #[error("an obstacle needs at least 3 points, {count} plotted")]
    TooFewPoints {
        /// How many distinct points were plotted.
        count: usize,
    },
    /// Every point lies on one line: the outline has no area.
    #[error("the {count} points are on one line: an obstacle needs an area")]
    OnOneLine {
        /// How many distinct points were plotted.
        count: usize,
    },
}

impl Outline {
    /// The points plotted, in order (for drawing them).
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    /// Whether no point is plotted.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Plots `point` (Space).
    pub fn plot(&mut self, point: Vec2) {
        self.points.push(point);
    }

    /// Takes back the last point (Backspace); `None` when there is none.
    pub fn take_back(&mut self) -> Option<Vec2> {
        self.points.pop()
    }

    /// Forgets every point.
    pub fn clear(&mut self) {
        self.points.clear();
    }

    /// The obstacle's outline (Enter): the convex hull of the points,
    /// counter-clockwise, without points on its edges. The points stay
    /// plotted whatever the answer; the caller clears them once the
    /// obstacle is made.
    pub fn hull(&self) -> Result<Vec<Vec2>, OutlineError> {
        convex_hull(&self.points)
    }
}

/// The convex hull of `points`, counter-clockwise (x right, z up) from the
/// lowest-leftmost point, keeping only corners (a point on an edge turns by
/// exactly nothing and is dropped): Andrew's monotone chain. Its turn test
/// is the one [`crate::collision::ConvexPolygon::new`] checks, so every hull
/// it gives is a polygon that accepts.
pub fn convex_hull(points: &[Vec2]) -> Result<Vec<Vec2>, OutlineError> {
    let mut sorted: Vec<Vec2> = points.to_vec();
    sorted.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    sorted.dedup();
    let count = sorted.len();
    if count < 3 {
        return Err(OutlineError::TooFewPoints { count });
    }
    let mut hull = half_hull(sorted.iter());
    let mut upper = half_hull(sorted.iter().rev());
    // Each half ends where the other starts.
    hull.pop();
    upper.pop();
    hull.append(&mut upper);
    if hull.len() < 3 {
        return Err(OutlineError::OnOneLine { count });
    }
    Ok(hull)
}

/// One half of the hull, through `points` sorted along x: each point
/// after a left turn only.
fn half_hull<'a>(points: impl Iterator<Item = &'a Vec2>) -> Vec<Vec2> {
    let turns_left = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o) > 0.0;
    let mut half: Vec<Vec2> = Vec::new();
    for &point in points {
        while let [.., o, a] = half[..]
            && !turns_left(o, a, point)
        {
            half.pop();
        }
        half.push(point);
    }
    half
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::ConvexPolygon;

    fn points(list: &[(f32, f32)]) -> Vec<Vec2> {
        list.iter().map(|&(x, z)| Vec2::new(x, z)).collect()
    }

    #[test]
    fn the_hull_keeps_the_corners_counter_clockwise() {
        // A square plotted clockwise, with a point inside, one on an edge
        // and a repeated corner.
        let plotted = points(&[
            (0.0, 0.0),
            (0.0, 2.0),
            (1.0, 1.0),
            (2.0, 2.0),
            (2.0, 1.0),
            (2.0, 0.0),
            (0.0, 0.0),
        ]);
        let hull = convex_hull(&plotted).expect("a square");
        assert_eq!(
            hull,
            points(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)])
        );
        let polygon = ConvexPolygon::new(hull.clone()).expect("a usable polygon");
        assert_eq!(polygon.points(), &hull[..], "already counter-clockwise");
    }

    #[test]
    fn too_few_points_or_a_line_make_nothing() {
        assert_eq!(
            convex_hull(&points(&[(0.0, 0.0), (1.0, 0.0), (1.0, 0.0)])),
            Err(OutlineError::TooFewPoints { count: 2 })
        );
        assert_eq!(
            convex_hull(&points(&[(0.0, 0.0), (1.0, 1.0), (3.0, 3.0), (2.0, 2.0)])),
            Err(OutlineError::OnOneLine { count: 4 })
        );
    }

    #[test]
    fn backspace_takes_back_the_last_point() {
        let mut outline = Outline::default();
        for point in points(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (5.0, 5.0)]) {
            outline.plot(point);
        }
        assert_eq!(outline.take_back(), Some(Vec2::new(5.0, 5.0)));
        assert_eq!(outline.hull().expect("a triangle").len(), 3);
        outline.clear();
        assert!(outline.is_empty());
        assert_eq!(outline.take_back(), None);
    }

    #[test]
    fn random_clouds_give_polygons_the_collider_accepts() {
        // A fixed pseudo-random sequence: clouds of 3 to 12 grid points.
        let mut state = 0x2545_f491_u32;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state % 17) as f32 * 0.25 - 2.0
        };
        for size in 3..=12 {
            for _ in 0..40 {
                let cloud: Vec<Vec2> = (0..size).map(|_| Vec2::new(next(), next())).collect();
                if let Ok(hull) = convex_hull(&cloud) {
                    let polygon = ConvexPolygon::new(hull).expect("a hull is a polygon");
                    for point in &cloud {
                        assert!(polygon.signed_distance(*point) <= 1e-5, "{point} is inside");
                    }
                }
            }
        }
    }
}
