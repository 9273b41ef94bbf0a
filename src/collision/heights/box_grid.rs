//! Boxes filed in a flat grid of square cells: the floors' edges, so
//! that a move or a standing body looks only at the edges near it, and
//! the floors' outlines, so that finding the floor at a point tests only
//! the floors whose boxes hold it. Built once per level; neither moves.

use std::ops::{ControlFlow, Range};

use glam::DVec2;

use crate::collision::grid::Aabb;

/// The most cells the grid keeps per box (and a floor for few boxes), so
/// that a few boxes far apart cannot ask for a huge grid.
const CELLS_PER_BOX: f64 = 4.0;

/// The smallest cell side, in metres.
const SMALLEST_CELL: f64 = 0.5;

/// Each cell's boxes, as one run of an index array, in the boxes' order.
#[derive(Debug, Clone, Default)]
pub(super) struct BoxGrid {
    origin: DVec2,
    cell: f64,
    columns: usize,
    rows: usize,
    /// Where each cell's run starts in `indices` (one more than cells).
    starts: Vec<u32>,
    indices: Vec<u32>,
}

impl BoxGrid {
    /// Files each of `boxes`, by its index, in every cell it covers.
    pub fn new(boxes: &[Aabb]) -> Self {
        if boxes.is_empty() {
            return Self::default();
        }
        let min = boxes.iter().fold(DVec2::INFINITY, |m, b| m.min(b.min));
        let max = boxes.iter().fold(DVec2::NEG_INFINITY, |m, b| m.max(b.max));
        let extent = (max - min).max(DVec2::splat(SMALLEST_CELL));
        let most_cells = CELLS_PER_BOX * boxes.len() as f64 + 64.0;
        let cell = (extent.x * extent.y / most_cells).sqrt().max(SMALLEST_CELL);
        let columns = (extent.x / cell).ceil() as usize + 1;
        let rows = (extent.y / cell).ceil() as usize + 1;
        let mut starts = vec![0u32; columns * rows + 1];
        for bounds in boxes {
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

    /// Calls `visit` with each box filed in the cells that `bounds`
    /// covers, until it says to stop: a box filed in several of them comes
    /// once per cell, and within a cell in the boxes' order. Allocates
    /// nothing.
    pub fn visit_boxes_in(&self, bounds: &Aabb, mut visit: impl FnMut(u32) -> ControlFlow<()>) {
        if self.indices.is_empty() {
            return;
        }
        let Some(cells) = cell_span(self.origin, self.cell, self.columns, self.rows, bounds) else {
            return;
        };
        for row in cells.rows {
            // A row's cells are filed one after another, so the runs of
            // its cells in `columns` make one run.
            let first = row * self.columns + cells.columns.start;
            let end = row * self.columns + cells.columns.end;
            let run = self.starts[first] as usize..self.starts[end] as usize;
            for &index in &self.indices[run] {
                if visit(index).is_break() {
                    return;
                }
            }
        }
    }
}

/// The cells a box covers: the rows, and the columns in each of them.
struct CellSpan {
    rows: Range<usize>,
    columns: Range<usize>,
}

/// The cells of the grid at `origin` (cells `cell` wide, `columns` ×
/// `rows`) that `bounds` covers, clamped to the grid; `None` for a box
/// that is not finite or lies wholly outside the grid.
fn cell_span(
    origin: DVec2,
    cell: f64,
    columns: usize,
    rows: usize,
    bounds: &Aabb,
) -> Option<CellSpan> {
    if !(bounds.min.is_finite() && bounds.max.is_finite()) || columns == 0 || rows == 0 {
        return None;
    }
    let low = (bounds.min - origin) / cell;
    let high = (bounds.max - origin) / cell;
    if high.x < 0.0 || high.y < 0.0 || low.x >= columns as f64 || low.y >= rows as f64 {
        return None;
    }
    // Finite here: a cast saturates at 0 below and a `min` clamps above.
    let clamp = |value: f64, count: usize| (value as usize).min(count - 1);
    Some(CellSpan {
        rows: clamp(low.y, rows)..clamp(high.y, rows) + 1,
        columns: clamp(low.x, columns)..clamp(high.x, columns) + 1,
    })
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
    let Some(cells) = cell_span(origin, cell, columns, rows, bounds) else {
        return;
    };
    for row in cells.rows {
        for column in cells.columns.clone() {
            visit(row * columns + column);
        }
    }
}
