//! Quake's clip-plane logic in 2D: which way the rest of a move may go once
//! it has hit one or more surfaces.

use glam::DVec2;

use super::outcome::MAX_CONTACTS;

/// Two normals closer than this (1 − cos) count as the same plane.
const SAME_PLANE: f64 = 1e-9;

/// A clipped move may point into another plane by this much, relative to its
/// length, and still count as parallel to it (rounding).
const INTO_TOLERANCE: f64 = 1e-12;

/// The planes hit so far during one move.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ClipPlanes {
    normals: [DVec2; MAX_CONTACTS],
    count: usize,
}

impl ClipPlanes {
    /// No plane yet.
    pub fn new() -> Self {
        Self {
            normals: [DVec2::ZERO; MAX_CONTACTS],
            count: 0,
        }
    }

    /// Adds a plane unless it is (numerically) one already held. Returns
    /// `false` when there is no room left.
    pub fn add(&mut self, normal: DVec2) -> bool {
        let held = &self.normals[..self.count];
        if held.iter().any(|n| n.dot(normal) > 1.0 - SAME_PLANE) {
            return true;
        }
        match self.normals.get_mut(self.count) {
            Some(slot) => {
                *slot = normal;
                self.count += 1;
                true
            }
            None => false,
        }
    }

    /// The move `motion` with its component into the planes removed, or
    /// `None` when no single plane gives a direction that enters none of the
    /// others: in 2D that is a concave corner, and the eye stops.
    pub fn clip(&self, motion: DVec2) -> Option<DVec2> {
        let planes = &self.normals[..self.count];
        let enters = |v: DVec2, n: DVec2| v.dot(n) < -INTO_TOLERANCE * v.length();
        if !planes.iter().any(|&n| enters(motion, n)) {
            return Some(motion);
        }
        planes.iter().find_map(|&n| {
            let into = motion.dot(n);
            if into >= 0.0 {
                return None;
            }
            let clipped = motion - n * into;
            let fits = planes.iter().all(|&other| !enters(clipped, other));
            fits.then_some(clipped)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_plane_removes_the_normal_component() {
        let mut planes = ClipPlanes::new();
        planes.add(DVec2::Y);
        assert_eq!(
            planes.clip(DVec2::new(3.0, -2.0)),
            Some(DVec2::new(3.0, 0.0))
        );
        assert_eq!(
            planes.clip(DVec2::new(3.0, 2.0)),
            Some(DVec2::new(3.0, 2.0))
        );
    }

    #[test]
    fn concave_corner_stops() {
        let mut planes = ClipPlanes::new();
        planes.add(DVec2::Y);
        planes.add(-DVec2::X);
        assert_eq!(planes.clip(DVec2::new(1.0, -1.0)), None);
        // Leaving the corner is still allowed.
        assert_eq!(
            planes.clip(DVec2::new(-1.0, 0.5)),
            Some(DVec2::new(-1.0, 0.5))
        );
    }

    #[test]
    fn obtuse_corner_slides_along_the_right_wall() {
        let mut planes = ClipPlanes::new();
        planes.add(DVec2::Y);
        let slanted = DVec2::new(-1.0, 1.0).normalize();
        planes.add(slanted);
        // Pushing down-right: clipping against the floor gives +x, which
        // enters the slanted wall; clipping against the slanted wall gives a
        // direction up along it, which leaves the floor.
        let clipped = planes.clip(DVec2::new(1.0, -0.2)).unwrap();
        assert!(
            clipped.dot(slanted).abs() < 1e-12 && clipped.y > 0.0,
            "{clipped}"
        );
    }

    #[test]
    fn duplicate_planes_are_held_once() {
        let mut planes = ClipPlanes::new();
        for _ in 0..20 {
            assert!(planes.add(DVec2::X));
        }
        assert_eq!(planes.count, 1);
    }
}
