//! The floors' edges filed in a flat grid of square cells, so that a
//! move or a standing body looks only at the edges near it. Built once
//! per level; the edges never move.

use std::ops::ControlFlow;

use glam::DVec2;

use super::edges::HeightEdge;
use crate::collision::grid::Aabb;

/// The most cells the grid keeps per edge (and a floor for few edges), so
/// that a few edges far apart cannot ask for a huge grid.
const CELLS_PER_EDGE: f64 = 4.0;

/// The smallest cell side, in metres.
const SMALLEST_CELL: f64 = 0.5;

/// Each cell's edges, as one run of an index array.
#[derive(Debug, Clone, Default)]
pub(super) struct EdgeGrid {
    origin: DVec2,
    cell: f64,
    columns: usize,
    rows: usize,
    /// Where each cell's run starts in `indices` (one more than cells).
    starts: Vec<u32>,
    indices: Vec<u32>,
}

impl EdgeGrid {
    /// Files each of `edges`, grown by `reach` on every side, in every
    /// cell its box covers.
    pub fn new(edges: &[HeightEdge], reach: f64) -> Self {
        if edges.is_empty() {
            return Self::default();
        }
        let boxes: Vec<Aabb> = edges.iter().map(|edge| edge_box(edge, reach)).collect();
        let min = boxes.iter().fold(DVec2::INFINITY, |m, b| m.min(b.min));
        let max = boxes.iter().fold(DVec2::NEG_INFINITY, |m, b| m.max(b.max));
        let extent = (max - min).max(DVec2::splat(SMALLEST_CELL));
        let most_cells = CELLS_PER_EDGE * edges.len() as f64 + 64.0;
        let cell = (extent.x * extent.y / most_cells).sqrt().max(SMALLEST_CELL);
        let columns = (extent.x / cell).ceil() as usize + 1;
        let rows = (extent.y / cell).ceil() as usize + 1;
        let mut starts = vec![0u32; columns * rows + 1];
        for bounds in &boxes {
            for_cells_of(min, cell, columns, rows, bounds, |c| starts[c] += 1);
        }
        // Counts to starts, then each run filled from its start.
        let mut total = 0;
        for start in &mut starts {
            let count = *start;
            *start = total;
            total += count;
        }
        let mut indices = vec![0; total as usize];
        let mut next = starts.clone();
        for (index, bounds) in boxes.iter().enumerate() {
            for_cells_of(min, cell, columns, rows, bounds, |c| {
                indices[next[c] as usize] = index as u32;
                next[c] += 1;
            });
        }
        Self {
            origin: min,
            cell,
            columns,
            rows,
            starts,
            indices,
        }
    }

    /// Calls `visit` with each edge filed in the cells that `bounds`
    /// covers, until it says to stop: an edge filed in several of them
    /// comes once per cell. Allocates nothing.
    pub fn visit_edges_in(&self, bounds: &Aabb, mut visit: impl FnMut(u32) -> ControlFlow<()>) {
        if self.indices.is_empty() {
            return;
        }
        let mut stopped = false;
        self.for_cells(bounds, |cell| {
            if stopped {
                return;
            }
            let run = self.starts[cell] as usize..self.starts[cell + 1] as usize;
            for &index in &self.indices[run] {
                if visit(index).is_break() {
                    stopped = true;
                    return;
                }
            }
        });
    }

    /// Calls `visit` with each cell that `bounds` covers (clamped to the
    /// grid).
    fn for_cells(&self, bounds: &Aabb, visit: impl FnMut(usize)) {
        for_cells_of(
            self.origin,
            self.cell,
            self.columns,
            self.rows,
            bounds,
            visit,
        );
    }
}

/// Calls `visit` with the index of each cell of the grid at `origin`
/// (cells `cell` wide, `columns` × `rows`) that `bounds` covers; nothing
/// for a box that is not finite.
fn for_cells_of(
    origin: DVec2,
    cell: f64,
    columns: usize,
    rows: usize,
    bounds: &Aabb,
    mut visit: impl FnMut(usize),
) {
    if !(bounds.min.is_finite() && bounds.max.is_finite()) || columns == 0 || rows == 0 {
        return;
    }
    let clamp = |value: f64, count: usize| (value.max(0.0) as usize).min(count - 1);
    let low = (bounds.min - origin) / cell;
    let high = (bounds.max - origin) / cell;
    if high.x < 0.0 || high.y < 0.0 || low.x >= columns as f64 || low.y >= rows as f64 {
        return;
    }
    for row in clamp(low.y, rows)..=clamp(high.y, rows) {
        for column in clamp(low.x, columns)..=clamp(high.x, columns) {
            visit(row * columns + column);
        }
    }
}

/// The box of `edge` grown by `reach`.
fn edge_box(edge: &HeightEdge, reach: f64) -> Aabb {
    let (a, b) = (edge.a.as_dvec2(), edge.b.as_dvec2());
    Aabb {
        min: a.min(b) - DVec2::splat(reach),
        max: a.max(b) + DVec2::splat(reach),
    }
}
