//! The outline that a radius keeps the eye out of, around a wall's segment
//! or an obstacle's polygon: shared by the debug lines and the map so both
//! draw the same shape.

use glam::Vec2;

/// The outline of a convex chain (a counter-clockwise polygon, or the two
/// ends of a segment) grown by `radius`, as straight pieces: each edge pushed
/// out along its normal, joined by arcs of `arc_pieces` pieces per half
/// circle around the corners. Empty for a radius that is not positive.
pub fn rounded_outline(points: &[Vec2], radius: f32, arc_pieces: usize) -> Vec<[Vec2; 2]> {
    let mut pieces = Vec::new();
    if radius <= 0.0 || !radius.is_finite() {
        return pieces;
    }
    let count = points.len();
    // A segment is a polygon of two edges, there and back.
    for index in 0..count {
        let p = points[index];
        let q = points[(index + 1) % count];
        let Some(direction) = (q - p).try_normalize() else {
            continue;
        };
        let outward = Vec2::new(direction.y, -direction.x);
        pieces.push([p + outward * radius, q + outward * radius]);
        // The arc around q, from this edge's normal to the next edge's.
        let next = points[(index + 2) % count];
        let next_outward = (next - q)
            .try_normalize()
            .map_or(-outward, |d| Vec2::new(d.y, -d.x));
        let mut sweep = outward.angle_to(next_outward);
        if sweep < 0.0 {
            sweep += std::f32::consts::TAU;
        }
        let steps = ((sweep / std::f32::consts::PI) * arc_pieces as f32).ceil() as usize;
        let start = outward.to_angle();
        let angle = |k: usize| start + sweep * k as f32 / steps as f32;
        for step in 0..steps {
            pieces.push([
                q + Vec2::from_angle(angle(step)) * radius,
                q + Vec2::from_angle(angle(step + 1)) * radius,
            ]);
        }
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::distance_to_segment;

    #[test]
    fn a_segment_gets_two_sides_and_two_half_circles_at_its_radius() {
        let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(3.0, 1.0));
        let pieces = rounded_outline(&[a, b], 0.4, 4);
        assert_eq!(pieces.len(), 2 + 2 * 4);
        for p in pieces.iter().flatten() {
            assert!((distance_to_segment(*p, a, b) - 0.4).abs() < 1e-5, "{p}");
        }
        // Closed: each piece ends where the next begins.
        for (piece, next) in pieces.iter().zip(pieces.iter().cycle().skip(1)) {
            assert!(piece[1].distance(next[0]) < 1e-5);
        }
        assert!(rounded_outline(&[a, b], 0.0, 4).is_empty());
    }
}
