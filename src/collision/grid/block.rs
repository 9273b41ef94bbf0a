//! One block of the grid's cells: each shape's entry kept once, in a table
//! of the block's own, and each cell's shapes as one run of indices into
//! that table (see the grid's module notes).

use super::{BLOCK_BITS, BLOCK_CELLS, CellEntry};

/// The cells of one block of [`BLOCK_SIDE`](super::BLOCK_SIDE)² cells and
/// their shapes.
///
/// A block keeps each shape's entry once, however many of its cells the
/// shape covers (a wall covers three or four), and each cell's run holds
/// indices into that table: four bytes a cell instead of an entry's size.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Block<E> {
    /// `runs[local]` is the run of `filed` that holds the shapes of the
    /// block's cell `local` (row by row), in ascending id.
    runs: [CellRun; BLOCK_CELLS],
    /// Each cell's shapes, as indices into `shapes`, one run a cell.
    filed: Vec<u32>,
    /// The entry of every shape some cell of the block files.
    shapes: Vec<E>,
    /// How many of `filed` no run holds any more.
    unused_filed: usize,
    /// How many of `shapes` no cell files any more.
    unused_shapes: usize,
}

/// Where one cell's shapes lie in its block's `filed` array: `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct CellRun {
    start: u32,
    end: u32,
}

impl CellRun {
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A rectangle of cells within one block, inclusive, in the block's own
/// columns and rows.
#[derive(Debug, Clone, Copy)]
pub(super) struct BlockCells {
    pub x0: usize,
    pub x1: usize,
    pub y0: usize,
    pub y1: usize,
}

impl BlockCells {
    /// The index within the block of each cell, row by row.
    fn locals(self) -> impl Iterator<Item = usize> {
        (self.y0..=self.y1)
            .flat_map(move |y| (self.x0..=self.x1).map(move |x| (y << BLOCK_BITS) | x))
    }
}

/// The entries one cell files, in ascending id: what a query reads.
#[derive(Debug, Clone)]
pub(crate) struct CellShapes<'a, E> {
    filed: std::slice::Iter<'a, u32>,
    shapes: &'a [E],
}

impl<E> CellShapes<'_, E> {
    /// The shapes of no cell.
    pub(super) fn none() -> Self {
        Self {
            filed: [].iter(),
            shapes: &[],
        }
    }
}

impl<'a, E> Iterator for CellShapes<'a, E> {
    type Item = &'a E;

    #[inline]
    fn next(&mut self) -> Option<&'a E> {
        let shapes = self.shapes;
        self.filed.next().map(|&index| &shapes[index as usize])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.filed.size_hint()
    }
}

impl<E> DoubleEndedIterator for CellShapes<'_, E> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let shapes = self.shapes;
        self.filed.next_back().map(|&index| &shapes[index as usize])
    }
}

impl<E> ExactSizeIterator for CellShapes<'_, E> {}

impl<E: CellEntry> Block<E> {
    /// A block of empty cells.
    pub(super) fn empty() -> Self {
        Self {
            runs: [CellRun::default(); BLOCK_CELLS],
            filed: Vec::new(),
            shapes: Vec::new(),
            unused_filed: 0,
            unused_shapes: 0,
        }
    }

    /// The shapes of cell `local`.
    #[inline]
    pub(super) fn cell(&self, local: usize) -> CellShapes<'_, E> {
        CellShapes {
            filed: self.filed[self.runs[local].range()].iter(),
            shapes: &self.shapes,
        }
    }

    /// Counts one more shape in each of `cells`, before the build lays the
    /// runs out ([`lay_out`](Self::lay_out)): until then a run's end holds
    /// its count.
    pub(super) fn count(&mut self, cells: BlockCells) {
        for local in cells.locals() {
            self.runs[local].end += 1;
        }
    }

    /// Places the counted runs one after the other, empty, with room for
    /// `shape_count` shapes: what [`file`](Self::file) fills.
    pub(super) fn lay_out(&mut self, shape_count: usize) {
        let mut next = 0_u32;
        for run in &mut self.runs {
            let count = run.end;
            *run = CellRun {
                start: next,
                end: next,
            };
            next += count;
        }
        self.filed = vec![0; next as usize];
        self.shapes = Vec::with_capacity(shape_count);
    }

    /// Files `entry` at the end of the runs of `cells`, laid out with room
    /// for it: the build files shapes in ascending id, so each run stays
    /// in order.
    pub(super) fn file(&mut self, cells: BlockCells, entry: E) {
        let index = self.shapes.len() as u32;
        self.shapes.push(entry);
        for local in cells.locals() {
            let run = &mut self.runs[local];
            self.filed[run.end as usize] = index;
            run.end += 1;
        }
    }

    /// Adds `entry` to the runs of `cells`, each in id order: the entry
    /// joins the shape table once, and each run, one longer, moves to the
    /// end of the `filed` array.
    pub(super) fn add(&mut self, cells: BlockCells, entry: E) {
        let index = self.shapes.len() as u32;
        self.shapes.push(entry);
        let id = entry.id();
        for local in cells.locals() {
            let run = self.runs[local];
            let start = self.filed.len();
            self.filed.extend_from_within(run.range());
            let shapes = &self.shapes;
            let at = start + self.filed[start..].partition_point(|&i| shapes[i as usize].id() < id);
            self.filed.insert(at, index);
            self.unused_filed += run.range().len();
            self.runs[local] = CellRun {
                start: start as u32,
                end: self.filed.len() as u32,
            };
        }
        self.reclaim_if_sparse();
    }

    /// Takes shape `id` out of the runs of `cells` (where it is there),
    /// keeping their order.
    pub(super) fn remove(&mut self, cells: BlockCells, id: u32) {
        let mut found = false;
        for local in cells.locals() {
            let run = &mut self.runs[local];
            let filed = &mut self.filed[run.range()];
            let shapes = &self.shapes;
            if let Ok(at) = filed.binary_search_by_key(&id, |&i| shapes[i as usize].id()) {
                filed.copy_within(at + 1.., at);
                run.end -= 1;
                self.unused_filed += 1;
                found = true;
            }
        }
        if found {
            self.unused_shapes += 1;
        }
        self.reclaim_if_sparse();
    }

    /// Packs the runs and the shape table together again once unused
    /// indices make up half of the one, or unused shapes half of the other.
    fn reclaim_if_sparse(&mut self) {
        if self.unused_filed * 2 > self.filed.len() || self.unused_shapes * 2 > self.shapes.len() {
            self.pack();
        }
    }

    /// Lays the runs out again one after the other, and the shape table in
    /// the order the cells first file each shape, row by row: a cell's
    /// shapes then lie side by side in the table, as a query reads them,
    /// and nothing unused is kept.
    pub(super) fn pack(&mut self) {
        let mut filed = Vec::with_capacity(self.filed.len().saturating_sub(self.unused_filed));
        let mut shapes = Vec::with_capacity(self.shapes.len().saturating_sub(self.unused_shapes));
        let mut moved_to = vec![u32::MAX; self.shapes.len()];
        for run in &mut self.runs {
            let start = filed.len() as u32;
            for &index in &self.filed[run.range()] {
                let moved = &mut moved_to[index as usize];
                if *moved == u32::MAX {
                    *moved = shapes.len() as u32;
                    shapes.push(self.shapes[index as usize]);
                }
                filed.push(*moved);
            }
            *run = CellRun {
                start,
                end: filed.len() as u32,
            };
        }
        self.filed = filed;
        self.shapes = shapes;
        self.unused_filed = 0;
        self.unused_shapes = 0;
    }
}

#[cfg(test)]
impl<E: CellEntry> Block<E> {
    /// Whether the shape table holds, among its entries in use, each shape
    /// that some cell files exactly once, and nothing else.
    pub(super) fn table_is_exact(&self) -> bool {
        let mut filed: Vec<u32> = (self.runs.iter())
            .flat_map(|run| self.filed[run.range()].iter().copied())
            .collect();
        filed.sort_unstable();
        filed.dedup();
        let mut ids: Vec<u32> = filed
            .iter()
            .map(|&i| self.shapes[i as usize].id())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len() == filed.len() && filed.len() == self.shapes.len() - self.unused_shapes
    }
}
