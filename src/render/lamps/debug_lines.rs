//! The lamps drawn as debug lines: a cross where each hangs and its
//! radius as a circle on the floor.

use std::f32::consts::TAU;

use glam::{Vec2, Vec3};

use super::super::LineVertex;
use super::level_lamps::LevelLamps;

/// Straight pieces of a lamp's radius circle in the debug lines.
const CIRCLE_PIECES: usize = 48;

/// Half the size of a lamp's cross in the debug lines, in metres.
const CROSS_HALF: f32 = 0.15;

impl LevelLamps {
    /// The debug lines of the lamps whose light reaches within
    /// `fog_distance` of `eye`: a small cross where each hangs, and its
    /// radius as a circle on the floor, in its colour.
    pub fn debug_lines(&self, eye: Vec3, fog_distance: f32) -> Vec<LineVertex> {
        let eye = Vec2::new(eye.x, eye.z);
        let mut lines = Vec::new();
        for lamp in self.lights() {
            if lamp.at.distance(eye) - lamp.radius >= fog_distance {
                continue;
            }
            let [r, g, b] = lamp.colour;
            let colour = [r, g, b, 1.0];
            let centre = Vec3::new(lamp.at.x, lamp.height, lamp.at.y);
            for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
                for end in [centre - axis * CROSS_HALF, centre + axis * CROSS_HALF] {
                    lines.push(LineVertex {
                        position: end.to_array(),
                        colour,
                    });
                }
            }
            let on_floor = |piece: usize| {
                let angle = piece as f32 / CIRCLE_PIECES as f32 * TAU;
                let p = lamp.at + Vec2::from_angle(angle) * lamp.radius;
                LineVertex {
                    position: [p.x, 0.02, p.y],
                    colour,
                }
            };
            for piece in 0..CIRCLE_PIECES {
                lines.push(on_floor(piece));
                lines.push(on_floor(piece + 1));
            }
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::level::{Level, Light};

    #[test]
    fn debug_lines_show_the_lamps_near_the_eye_as_a_cross_and_a_circle() {
        let mut level = Level::maze(2, 2, 1).expect("a maze");
        let lamp = |x: f32| Light {
            at: Vec2::new(x, 0.0),
            height: 2.0,
            colour: [1.0, 0.0, 0.0],
            intensity: 1.0,
            radius: 3.0,
            base: None,
        };
        level.lights = vec![lamp(1.0), lamp(500.0)];
        let collider = Arc::new(level.collider());
        let lamps = LevelLamps::new(&Arc::new(level), &collider);
        let lines = lamps.debug_lines(Vec3::ZERO, 50.0);
        // The near one only: 3 cross strokes and 48 circle pieces, 2 ends each.
        assert_eq!(lines.len(), 2 * (3 + CIRCLE_PIECES));
        assert!(lines.iter().all(|v| v.colour == [1.0, 0.0, 0.0, 1.0]));
        let circle = &lines[6..];
        for vertex in circle {
            let [x, _, z] = vertex.position;
            assert!((Vec2::new(x, z).distance(Vec2::new(1.0, 0.0)) - 3.0).abs() < 1e-4);
        }
    }
}
