//! Snapping the cursor: to the nearest existing wall end point within
//! [`ENDPOINT_SNAP_DISTANCE`], else to the grid; Alt turns it off.

use glam::Vec2;

use crate::collision::Collider;

/// An existing wall end point this close to the cursor (0.3 m) or closer
/// wins over the grid.
pub const ENDPOINT_SNAP_DISTANCE: f32 = 0.3;

/// The cursor point to use: `point` unchanged when snapping is off (Alt
/// held); else the nearest wall end point of `collider` (the level's) within
/// [`ENDPOINT_SNAP_DISTANCE`], exactly ([`Collider::nearest_wall_end`],
/// through its grid: the cursor is worked out every frame); else the
/// nearest point of `grid`.
pub fn snap(point: Vec2, collider: &Collider, grid: GridSize, snapping_on: bool) -> Vec2 {
    if !snapping_on {
        return point;
    }
    collider
        .nearest_wall_end(point, ENDPOINT_SNAP_DISTANCE)
        .unwrap_or_else(|| grid.snap(point))
}

/// The snapping grid's spacing: a power of two from 1/32 m to 8 m, 0.25 m
/// by default; `[` halves it and `]` doubles it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridSize {
    /// The spacing is 2^exponent metres.
    exponent: i8,
}

impl GridSize {
    /// The finest grid, 1/32 m.
    pub const FINEST: GridSize = GridSize { exponent: -5 };
    /// The coarsest grid, 8 m.
    pub const COARSEST: GridSize = GridSize { exponent: 3 };

    /// The spacing in metres.
    pub fn metres(self) -> f32 {
        2.0_f32.powi(i32::from(self.exponent))
    }

    /// Halves the spacing, down to [`FINEST`](Self::FINEST).
    pub fn halve(&mut self) {
        self.exponent = (self.exponent - 1).max(Self::FINEST.exponent);
    }

    /// Doubles the spacing, up to [`COARSEST`](Self::COARSEST).
    pub fn double(&mut self) {
        self.exponent = (self.exponent + 1).min(Self::COARSEST.exponent);
    }

    /// The grid point nearest to `point`.
    pub fn snap(self, point: Vec2) -> Vec2 {
        let spacing = self.metres();
        (point / spacing).round() * spacing
    }
}

impl Default for GridSize {
    /// 0.25 m.
    fn default() -> Self {
        GridSize { exponent: -2 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::Wall;

    fn walls() -> Collider {
        let wall = |a: (f32, f32), b: (f32, f32)| Wall {
            a: Vec2::from(a),
            b: Vec2::from(b),
            radius: 0.3,
        };
        let walls = vec![
            wall((1.03, 2.01), (5.0, 2.01)),
            wall((5.0, 2.01), (5.0, 7.0)),
            wall((4.75, 2.3), (3.0, 3.0)),
        ];
        Collider::new(walls, Vec::new(), 0.3)
    }

    #[test]
    fn an_endpoint_beats_the_grid() {
        // (1.0, 2.0) is a grid point, and the end (1.03, 2.01) is 3 cm away.
        let on_grid = Vec2::new(1.0, 2.0);
        assert_eq!(
            snap(on_grid, &walls(), GridSize::default(), true),
            Vec2::new(1.03, 2.01)
        );
        // Of two ends within reach, the nearer wins: (4.75, 2.3) is 0.18 m
        // away, (5.0, 2.01) 0.22 m.
        let between = Vec2::new(4.9, 2.2);
        assert_eq!(
            snap(between, &walls(), GridSize::default(), true),
            Vec2::new(4.75, 2.3)
        );
    }

    #[test]
    fn beyond_the_snap_distance_the_grid_wins() {
        let end = Vec2::new(1.03, 2.01);
        let near = end + Vec2::new(0.29, 0.0);
        assert_eq!(snap(near, &walls(), GridSize::default(), true), end);
        let far = end + Vec2::new(0.31, 0.0);
        assert_eq!(
            snap(far, &walls(), GridSize::default(), true),
            Vec2::new(1.25, 2.0)
        );
        assert_eq!(
            snap(
                Vec2::new(-0.13, 0.12),
                &Collider::new(Vec::new(), Vec::new(), 0.3),
                GridSize::default(),
                true
            ),
            Vec2::new(-0.25, 0.0)
        );
    }

    #[test]
    fn alt_turns_snapping_off() {
        let point = Vec2::new(1.1, 2.1);
        assert_eq!(snap(point, &walls(), GridSize::default(), false), point);
    }

    #[test]
    fn the_grid_halves_and_doubles_within_its_bounds() {
        let mut grid = GridSize::default();
        assert_eq!(grid.metres(), 0.25);
        grid.double();
        assert_eq!(grid.metres(), 0.5);
        for _ in 0..10 {
            grid.double();
        }
        assert_eq!(grid, GridSize::COARSEST);
        assert_eq!(grid.metres(), 8.0);
        for _ in 0..20 {
            grid.halve();
        }
        assert_eq!(grid, GridSize::FINEST);
        assert_eq!(grid.metres(), 1.0 / 32.0);
        assert_eq!(
            grid.snap(Vec2::new(0.05, -0.02)),
            Vec2::new(0.0625, -0.03125)
        );
    }
}
