//! Where the eye can go: a flood fill of the free floor from where it
//! stands, over a lattice of cells whose centres include the eye. A cell is
//! free when its centre has full clearance
//! ([`Collider::deepest_penetration`] finds nothing), and two neighbouring
//! free cells connect unless a wall or obstacle crosses the step between
//! their centres (which catches walls of zero radius).

use std::collections::VecDeque;

use glam::{IVec2, Vec2};

use super::view::PlanBounds;
use crate::collision::Collider;

/// The cell size for the `V` view, in metres.
pub const DEFAULT_CELL_SIZE: f32 = 0.1;
/// The most cells a fill examines; beyond it the cell size grows so the
/// fill stays under a second on a large maze.
pub const MAX_CELLS: usize = 4_000_000;

/// The cells reachable from the eye.
#[derive(Debug, Clone, PartialEq)]
pub struct Reachable {
    /// The centre of cell (0, 0), in metres.
    pub origin: Vec2,
    /// The side of a cell, in metres.
    pub cell_size: f32,
    /// Columns (along x) and rows (along z) of the lattice.
    pub dimensions: IVec2,
    cells: Vec<bool>,
}

impl Reachable {
    /// Floods the free space of `collider` from `eye` within `bounds`
    /// (cells of `cell_size`, grown when more than [`MAX_CELLS`] would be
    /// needed). The lattice passes through `eye`, so a corridor exactly as
    /// wide as the clearance, with the eye on its centre line, is found.
    /// Nothing is reachable for a NaN or infinite eye, an eye outside
    /// `bounds`, or one standing inside a shape's clearance.
    pub fn flood(collider: &Collider, eye: Vec2, bounds: PlanBounds, cell_size: f32) -> Self {
        let extent = (bounds.max - bounds.min).max(Vec2::ZERO);
        let mut cell = if cell_size.is_finite() && cell_size > 0.0 {
            cell_size
        } else {
            DEFAULT_CELL_SIZE
        };
        let area_cells = (extent.x / cell + 2.0) * (extent.y / cell + 2.0);
        if area_cells > MAX_CELLS as f32 {
            cell *= (area_cells / MAX_CELLS as f32).sqrt();
        }
        let empty = |origin: Vec2| Self {
            origin,
            cell_size: cell,
            dimensions: IVec2::ZERO,
            cells: Vec::new(),
        };
        if !eye.is_finite() || !extent.is_finite() {
            return empty(Vec2::ZERO);
        }
        // Whole cells from the eye back to the bounds' minimum.
        let before = ((eye - bounds.min) / cell).floor();
        let origin = eye - before * cell;
        let dimensions = (((bounds.max - origin) / cell).floor() + 1.0).as_ivec2();
        if before.min_element() < 0.0 || dimensions.min_element() <= 0 {
            return empty(origin);
        }
        let mut reach = Self {
            origin,
            cell_size: cell,
            dimensions,
            cells: vec![false; (dimensions.x * dimensions.y) as usize],
        };
        let start = before.as_ivec2();
        if collider.deepest_penetration(eye).is_some() {
            return reach;
        }
        reach.set(start);
        let mut queue = VecDeque::from([start]);
        while let Some(at) = queue.pop_front() {
            for step in [IVec2::X, IVec2::NEG_X, IVec2::Y, IVec2::NEG_Y] {
                let next = at + step;
                if reach.index(next).is_none() || reach.contains(next) {
                    continue;
                }
                let (from, to) = (reach.centre(at), reach.centre(next));
                if collider.deepest_penetration(to).is_none()
                    && collider.ray_cast(from, to).is_none()
                {
                    reach.set(next);
                    queue.push_back(next);
                }
            }
        }
        reach
    }

    /// The centre of cell `cell`, in metres.
    pub fn centre(&self, cell: IVec2) -> Vec2 {
        self.origin + cell.as_vec2() * self.cell_size
    }

    /// Whether cell `cell` is reachable (false outside the lattice).
    pub fn contains(&self, cell: IVec2) -> bool {
        self.index(cell).is_some_and(|index| self.cells[index])
    }

    /// Whether the cell holding `point` is reachable.
    pub fn reaches(&self, point: Vec2) -> bool {
        let cell = ((point - self.origin) / self.cell_size).round();
        cell.is_finite() && self.contains(cell.as_ivec2())
    }

    /// Every reachable cell.
    pub fn cells(&self) -> impl Iterator<Item = IVec2> + '_ {
        let columns = self.dimensions.x.max(1);
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &reached)| reached)
            .map(move |(index, _)| IVec2::new(index as i32 % columns, index as i32 / columns))
    }

    fn index(&self, cell: IVec2) -> Option<usize> {
        let inside = cell.cmpge(IVec2::ZERO).all() && cell.cmplt(self.dimensions).all();
        inside.then(|| (cell.y * self.dimensions.x + cell.x) as usize)
    }

    fn set(&mut self, cell: IVec2) {
        if let Some(index) = self.index(cell) {
            self.cells[index] = true;
        }
    }
}
