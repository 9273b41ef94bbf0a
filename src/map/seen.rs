//! Which walls the eye has seen, worked out on the floor plan: a wall is
//! seen when any part of it lies inside the horizontal field of view, within
//! the view distance, and not hidden behind other walls or obstacles.
//!
//! The collider has no exact 2D visibility query yet, so the update casts a
//! fan of [`Collider::ray_cast`] rays across the field of view, one every
//! [`RAY_SPACING_DEGREES`]; a wall narrower than the gap between two rays
//! at its distance can be missed until the eye comes closer or turns.

use std::collections::HashMap;

use glam::Vec2;

use crate::collision::{Collider, Surface, Wall};

/// The angle between two rays of the fan, in degrees: at 20 m two rays are
/// 7 cm apart.
pub const RAY_SPACING_DEGREES: f32 = 0.2;

/// One bit per wall index: seen or not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeenWalls {
    bits: Vec<u64>,
    len: usize,
}

/// Where the eye stands and what it can see: the 2D part of a camera.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sight {
    /// The eye on the floor plan (x, z).
    pub eye: Vec2,
    /// The heading in radians (0 along +x, growing towards +z).
    pub yaw: f32,
    /// The horizontal field of view in radians.
    pub fov_x: f32,
    /// How far the eye sees, in metres (the fog distance).
    pub distance: f32,
}

impl SeenWalls {
    /// No wall seen, for a level of `wall_count` walls.
    pub fn new(wall_count: usize) -> Self {
        Self {
            bits: vec![0; wall_count.div_ceil(64)],
            len: wall_count,
        }
    }

    /// Every wall seen (ghost mode, edit mode, `--map-all`).
    pub fn all(wall_count: usize) -> Self {
        let mut seen = Self::new(wall_count);
        for index in 0..wall_count {
            seen.mark(index);
        }
        seen
    }

    /// How many walls the set covers.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set covers no wall.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether wall `index` has been seen (false beyond the set).
    pub fn is_seen(&self, index: usize) -> bool {
        index < self.len && self.bits[index / 64] & (1 << (index % 64)) != 0
    }

    /// Marks wall `index` seen (ignored beyond the set).
    pub fn mark(&mut self, index: usize) {
        if index < self.len {
            self.bits[index / 64] |= 1 << (index % 64);
        }
    }

    /// How many walls have been seen.
    pub fn count(&self) -> usize {
        self.bits
            .iter()
            .map(|word| word.count_ones() as usize)
            .sum()
    }

    /// Marks every wall of `collider` that the eye sees from `sight` (see
    /// the module's note on the fan of rays). Nothing for a NaN or infinite
    /// sight.
    pub fn update(&mut self, collider: &Collider, sight: &Sight) {
        for index in visible_walls(collider, sight) {
            self.mark(index);
        }
    }

    /// The seen set for a reloaded level: a wall of `new_walls` is seen when
    /// a seen wall of `old_walls` (indexed like `self`) had the same two end
    /// points, in either order.
    pub fn carry_over(&self, old_walls: &[Wall], new_walls: &[Wall]) -> Self {
        let key = |wall: &Wall| {
            let a = wall.a.to_array().map(f32::to_bits);
            let b = wall.b.to_array().map(f32::to_bits);
            if a <= b { (a, b) } else { (b, a) }
        };
        let seen: HashMap<_, ()> = old_walls
            .iter()
            .enumerate()
            .filter(|&(index, _)| self.is_seen(index))
            .map(|(_, wall)| (key(wall), ()))
            .collect();
        let mut carried = Self::new(new_walls.len());
        for (index, wall) in new_walls.iter().enumerate() {
            if seen.contains_key(&key(wall)) {
                carried.mark(index);
            }
        }
        carried
    }
}

/// The directions of the fan across `sight`'s field of view, as unit
/// vectors, both edges included.
pub fn fan_directions(sight: &Sight) -> impl Iterator<Item = Vec2> {
    let fov = sight.fov_x.clamp(0.0, std::f32::consts::TAU);
    let rays = (fov.to_degrees() / RAY_SPACING_DEGREES).ceil().max(1.0) as usize;
    let start = sight.yaw - fov / 2.0;
    (0..=rays).map(move |ray| Vec2::from_angle(start + fov * ray as f32 / rays as f32))
}

/// Indices of the walls that the fan of rays from `sight` meets first,
/// each once, in no particular order.
pub fn visible_walls(collider: &Collider, sight: &Sight) -> Vec<usize> {
    let finite = sight.eye.is_finite() && sight.yaw.is_finite() && sight.fov_x.is_finite();
    if !(finite && sight.distance.is_finite() && sight.distance > 0.0) {
        return Vec::new();
    }
    let mut walls: Vec<usize> = fan_directions(sight)
        .filter_map(|direction| {
            match collider
                .ray_cast(sight.eye, sight.eye + direction * sight.distance)?
                .surface
            {
                Surface::Wall(index) => Some(index),
                Surface::Obstacle(_) => None,
            }
        })
        .collect();
    walls.sort_unstable();
    walls.dedup();
    walls
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall(a: (f32, f32), b: (f32, f32)) -> Wall {
        Wall {
            a: Vec2::from(a),
            b: Vec2::from(b),
            radius: 0.1,
        }
    }

    fn looking(yaw_degrees: f32) -> Sight {
        Sight {
            eye: Vec2::ZERO,
            yaw: yaw_degrees.to_radians(),
            fov_x: 90f32.to_radians(),
            distance: 50.0,
        }
    }

    /// A near wall across +x, a far one hidden behind it, one behind the eye.
    fn walls() -> Vec<Wall> {
        vec![
            wall((3.0, -2.0), (3.0, 2.0)),
            wall((6.0, -1.0), (6.0, 1.0)),
            wall((-3.0, -1.0), (-3.0, 1.0)),
        ]
    }

    #[test]
    fn a_hidden_wall_and_a_wall_behind_the_eye_are_not_seen() {
        let collider = Collider::new(walls(), Vec::new(), 0.25);
        let mut seen = SeenWalls::new(3);
        seen.update(&collider, &looking(0.0));
        assert!(seen.is_seen(0));
        assert!(!seen.is_seen(1), "hidden behind wall 0");
        assert!(!seen.is_seen(2), "behind the eye");
        assert_eq!(seen.count(), 1);
    }

    #[test]
    fn turning_towards_a_wall_reveals_it() {
        let collider = Collider::new(walls(), Vec::new(), 0.25);
        let mut seen = SeenWalls::new(3);
        seen.update(&collider, &looking(0.0));
        seen.update(&collider, &looking(180.0));
        assert!(seen.is_seen(2));
        assert!(!seen.is_seen(1));
    }

    #[test]
    fn seen_walls_survive_a_reload_when_their_end_points_are_unchanged() {
        let old = walls();
        let mut seen = SeenWalls::new(3);
        seen.mark(0);
        seen.mark(1);
        // Reordered, wall 0 reversed, wall 1 moved.
        let new = vec![
            wall((-3.0, -1.0), (-3.0, 1.0)),
            wall((3.0, 2.0), (3.0, -2.0)),
            wall((6.5, -1.0), (6.5, 1.0)),
        ];
        let carried = seen.carry_over(&old, &new);
        assert_eq!(
            (0..3).map(|i| carried.is_seen(i)).collect::<Vec<_>>(),
            [false, true, false]
        );
    }

    #[test]
    fn indices_beyond_the_set_are_never_seen_and_never_panic() {
        let mut seen = SeenWalls::new(70);
        seen.mark(69);
        seen.mark(70);
        assert!(seen.is_seen(69) && !seen.is_seen(70));
        assert_eq!(SeenWalls::all(70).count(), 70);
    }
}
