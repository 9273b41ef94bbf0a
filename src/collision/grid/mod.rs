//! Uniform-grid broadphase (Doom's blockmap idea): each cell's shapes are one
//! run of an index array.
//!
//! Each shape is registered in every cell its inflated bounding box covers, so
//! a query for the moving eye (a point) only has to look at the cells its
//! straight path passes through. Those are walked in order along the path
//! (Amanatides–Woo), and the walk stops as soon as the best impact found lies
//! before the next cell. Build time and memory are linear in the number of
//! shapes plus the number of cells they cover; no query allocates.
//!
//! A grid files an *entry* per shape ([`CellEntry`]): the shape's id, and
//! whatever its owner wants at hand beside it. The collider files a wall's
//! capsule in the entry itself, so that the move's hot loop reads a
//! cell's walls where it finds them instead of looking each one up.
//! (Door leaves, which never change cells, have a flat grid of their own:
//! `leaf_cells`.)
//!
//! The cells are grouped in square blocks of [`BLOCK_SIDE`]² cells
//! (`block.rs`). A block keeps each of its shapes' entries once, in a
//! table of its own, and each cell's shapes as one run of indices into
//! that table: a shape covers a few cells, nearly always of one block, so
//! an entry of any size costs four bytes a cell it covers. Each block
//! lives behind an `Arc`: a clone of the grid copies one pointer per
//! block, and an edit ([`UniformGrid::insert`], [`UniformGrid::remove`])
//! changes only the cells its box covers, copying their blocks first when
//! another grid shares them. Ids are whatever the owner files shapes under
//! (the collider's stable slots), never renumbered. A cell that grows
//! moves its run to the end of its block's index array; the runs and
//! entries left behind are reclaimed once they make up half of either.

mod block;

use std::ops::ControlFlow;
use std::sync::Arc;

use glam::DVec2;

pub(crate) use block::CellShapes;
use block::{Block, BlockCells};

/// An axis-aligned box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Aabb {
    /// Lower corner.
    pub min: DVec2,
    /// Upper corner.
    pub max: DVec2,
}

impl Aabb {
    /// The smallest box holding the segment `start`→`start + motion`, grown
    /// by a rounding guard relative to its coordinates.
    pub fn of_path(start: DVec2, motion: DVec2) -> Self {
        let end = start + motion;
        let guard = 1e-9 * (1.0 + start.abs().max(end.abs()).max_element());
        Self {
            min: start.min(end) - DVec2::splat(guard),
            max: start.max(end) + DVec2::splat(guard),
        }
    }

    /// Distance from `p` to the closed box (0 inside).
    pub fn distance_to(&self, p: DVec2) -> f64 {
        (self.min - p).max(p - self.max).max(DVec2::ZERO).length()
    }

    /// Whether the two closed boxes share a point (never with NaN).
    #[inline]
    pub fn overlaps(&self, other: &Aabb) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }
}

/// What a grid cell files for each of its shapes: the shape's id (by
/// which cells keep their entries in order, and an edit finds them), and
/// whatever the owner keeps beside it.
pub(crate) trait CellEntry: Copy {
    /// The id the shape is filed under.
    fn id(&self) -> u32;
}

/// Upper bound on cells per registered shape, so that sparse scenes (a few
/// shapes far apart) cannot ask for a huge grid.
const CELLS_PER_SHAPE: f64 = 2.0;

/// How far the grid reaches past its shapes on every side, as a share of
/// their extent: room for an edit that moves a shape a little past the
/// level's edge (a wall carried out of a maze's corner) without building
/// the grid anew, which costs a whole level's shapes. Its cells are empty,
/// so queries inside the level cost the same.
const GROWTH_ROOM: f64 = 0.05;

/// log2 of [`BLOCK_SIDE`].
const BLOCK_BITS: u32 = 5;

/// Cells per side of a block: an edit on a shared grid copies the blocks
/// its box covers (8 KB of runs each, and their indices and entries), and
/// a clone copies one pointer per block (a thousand for a million walls).
const BLOCK_SIDE: usize = 1 << BLOCK_BITS;

/// Cells per block.
const BLOCK_CELLS: usize = BLOCK_SIDE * BLOCK_SIDE;

/// The cell lists of a uniform grid covering every registered shape, each
/// shape filed as an entry `E`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct UniformGrid<E> {
    origin: DVec2,
    cell_size: f64,
    /// `1 / cell_size`: cell lookups multiply instead of dividing.
    inverse_cell_size: f64,
    columns: usize,
    rows: usize,
    /// The rounding guard each shape's box is grown by when registered.
    margin: f64,
    /// Blocks per row of blocks.
    block_columns: usize,
    /// The blocks, row by row (those on the far edges reach past the
    /// grid; their cells beyond it stay empty).
    blocks: Vec<Arc<Block<E>>>,
}

impl<E: CellEntry> UniformGrid<E> {
    /// Builds the grid for shapes given as (entry, box), in ascending id.
    /// Linear time. `shapes` gives them afresh for each pass of the build
    /// (their extent, each cell's count, the filing), so that the build
    /// keeps no list of every shape beside the grid it makes.
    pub fn build<I>(shapes: impl Fn() -> I) -> Self
    where
        I: IntoIterator<Item = (E, Aabb)>,
    {
        let (mut min, mut max, shape_count) = shapes().into_iter().fold(
            (
                DVec2::splat(f64::INFINITY),
                DVec2::splat(f64::NEG_INFINITY),
                0,
            ),
            |(lo, hi, count), (_, b)| (lo.min(b.min), hi.max(b.max), count + 1),
        );
        if shape_count == 0 {
            return Self::without_cells();
        }
        // Rounding guard: a point exactly on a box's edge must land in a cell
        // the shape is registered in.
        let margin = 1e-9 * (1.0 + min.abs().max(max.abs()).max_element());
        min -= DVec2::splat(margin);
        max += DVec2::splat(margin);
        let extent = (max - min).max(DVec2::splat(margin));
        let cell_size = cell_size_for(extent, shape_count);
        // The cells are sized for the shapes' extent; the room around it
        // adds empty cells.
        let room = extent * GROWTH_ROOM;
        min -= room;
        let extent = extent + 2.0 * room;
        let columns = ((extent.x / cell_size).ceil() as usize).max(1);
        let rows = ((extent.y / cell_size).ceil() as usize).max(1);
        let block_columns = columns.div_ceil(BLOCK_SIDE);
        let block_count = block_columns * rows.div_ceil(BLOCK_SIDE);
        let mut grid = Self {
            origin: min,
            cell_size,
            inverse_cell_size: cell_size.recip(),
            columns,
            rows,
            margin,
            block_columns,
            blocks: Vec::new(),
        };
        grid.blocks = grid.filled_blocks(&shapes, block_count);
        grid
    }

    /// A grid of no cells, for no shapes.
    fn without_cells() -> Self {
        Self {
            origin: DVec2::ZERO,
            cell_size: 1.0,
            inverse_cell_size: 1.0,
            columns: 0,
            rows: 0,
            margin: 0.0,
            block_columns: 0,
            blocks: Vec::new(),
        }
    }

    /// The grid's `block_count` blocks with `shapes` filed in every cell
    /// their boxes cover, each cell's in id order. Each block is made
    /// behind its `Arc` and filled there (no other holds it yet, so
    /// `make_mut` copies nothing), never moved into one: a list of the
    /// blocks themselves, turned into one of pointers, would keep its
    /// whole allocation.
    fn filled_blocks<I>(&self, shapes: &impl Fn() -> I, block_count: usize) -> Vec<Arc<Block<E>>>
    where
        I: IntoIterator<Item = (E, Aabb)>,
    {
        let mut blocks: Vec<Arc<Block<E>>> =
            (0..block_count).map(|_| Arc::new(Block::empty())).collect();
        // Count each block's shapes and each cell's, place each block's
        // runs one after the other, then fill them in id order, each shape
        // entered once in each block it reaches.
        let mut shape_counts = vec![0_usize; block_count];
        for (_, bounds) in shapes() {
            for (block, cells) in self.cells_by_block(self.cell_range(bounds, self.margin)) {
                shape_counts[block] += 1;
                Arc::make_mut(&mut blocks[block]).count(cells);
            }
        }
        for (block, shape_count) in blocks.iter_mut().zip(shape_counts) {
            Arc::make_mut(block).lay_out(shape_count);
        }
        for (entry, bounds) in shapes() {
            for (block, cells) in self.cells_by_block(self.cell_range(bounds, self.margin)) {
                Arc::make_mut(&mut blocks[block]).file(cells, entry);
            }
        }
        for block in &mut blocks {
            Arc::make_mut(block).pack();
        }
        blocks
    }

    /// Files `entry` in the cells its box `bounds` covers. Returns false,
    /// changing nothing, when the box reaches beyond the grid: the grid
    /// must then be built anew.
    #[must_use]
    pub fn insert(&mut self, entry: E, bounds: Aabb) -> bool {
        let Some(range) = self.covered_cells(bounds) else {
            return false;
        };
        for (block, cells) in self.cells_by_block(range) {
            Arc::make_mut(&mut self.blocks[block]).add(cells, entry);
        }
        true
    }

    /// Unregisters shape `id`, whose box is `bounds`.
    pub fn remove(&mut self, id: u32, bounds: Aabb) {
        if self.columns == 0 {
            return;
        }
        for (block, cells) in self.cells_by_block(self.cell_range(bounds, self.margin)) {
            Arc::make_mut(&mut self.blocks[block]).remove(cells, id);
        }
    }

    /// The cell range of a new shape with box `bounds`, grown by the
    /// rounding guard, if the grid covers all of it.
    fn covered_cells(&self, bounds: Aabb) -> Option<[usize; 4]> {
        let extent = DVec2::new(self.columns as f64, self.rows as f64) * self.cell_size;
        let grown_min = bounds.min - DVec2::splat(self.margin);
        let grown_max = bounds.max + DVec2::splat(self.margin);
        let inside = self.columns > 0
            && grown_min.cmpge(self.origin).all()
            && grown_max.cmple(self.origin + extent).all();
        inside.then(|| self.cell_range(bounds, self.margin))
    }

    /// Each block that the cell range `range` (inclusive, `[x0, x1, y0,
    /// y1]`) reaches, with the part of the range within it.
    fn cells_by_block(
        &self,
        range: [usize; 4],
    ) -> impl Iterator<Item = (usize, BlockCells)> + use<E> {
        let block_columns = self.block_columns;
        let [x0, x1, y0, y1] = range;
        let last = BLOCK_SIDE - 1;
        // The part of `first..=final` within block `b`, in the block's cells.
        let within = move |first: usize, final_: usize, b: usize| {
            let block_start = b << BLOCK_BITS;
            (
                first.max(block_start) - block_start,
                final_.min(block_start + last) - block_start,
            )
        };
        (y0 >> BLOCK_BITS..=y1 >> BLOCK_BITS).flat_map(move |block_row| {
            (x0 >> BLOCK_BITS..=x1 >> BLOCK_BITS).map(move |block_column| {
                let (x0, x1) = within(x0, x1, block_column);
                let (y0, y1) = within(y0, y1, block_row);
                let block = block_row * block_columns + block_column;
                (block, BlockCells { x0, x1, y0, y1 })
            })
        })
    }

    /// Number of columns (0 for a grid without shapes).
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Number of rows (0 for a grid without shapes).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The box of cell (`column`, `row`).
    pub fn cell_box(&self, column: usize, row: usize) -> Aabb {
        let min = self.origin + DVec2::new(column as f64, row as f64) * self.cell_size;
        Aabb {
            min,
            max: min + DVec2::splat(self.cell_size),
        }
    }

    /// Column and row of the cell holding `p`, clamped into the grid (which
    /// must have cells).
    pub fn cell_of(&self, p: DVec2) -> (usize, usize) {
        let local = (p - self.origin) * self.inverse_cell_size;
        // `as usize` truncates towards zero and saturates (negative and NaN
        // give 0), so for a non-negative value it is `floor`, and below zero
        // it is the clamp to the first cell: `floor().max(0.0)` without the
        // libm call that `floor` costs on baseline x86-64.
        // Through `u32` rather than straight to `usize`: a saturating
        // float-to-`u64` conversion costs about a dozen instructions on
        // baseline x86-64, to `u32` about four. Same result, since every
        // count fits in `u32` (cell ids are `u32`) and a larger value clamps
        // to `count - 1` either way.
        let clamp = |v: f64, count: usize| (v as u32 as usize).min(count - 1);
        (clamp(local.x, self.columns), clamp(local.y, self.rows))
    }

    /// Inclusive cell range `[x0, x1, y0, y1]` covered by `b` grown by
    /// `margin`, clamped into the grid (which must have cells).
    pub fn cell_range(&self, b: Aabb, margin: f64) -> [usize; 4] {
        let (x0, y0) = self.cell_of(b.min - DVec2::splat(margin));
        let (x1, y1) = self.cell_of(b.max + DVec2::splat(margin));
        [x0, x1, y0, y1]
    }

    /// The entries of the shapes registered in cell (`column`, `row`), in
    /// ascending id.
    #[inline]
    pub fn cell(&self, column: usize, row: usize) -> CellShapes<'_, E> {
        let (block, local) = locate(self.block_columns, column, row);
        self.blocks[block].cell(local)
    }

    /// The entries of the shapes registered in the cell holding `p` (none
    /// outside the grid).
    pub fn shapes_at(&self, p: DVec2) -> CellShapes<'_, E> {
        let local = (p - self.origin) * self.inverse_cell_size;
        let inside = local.x >= 0.0
            && local.y >= 0.0
            && local.x < self.columns as u32 as f64
            && local.y < self.rows as u32 as f64;
        if !inside {
            return CellShapes::none();
        }
        // In range, so truncation is floor; `min` guards the rounding edge.
        // (Through `u32`, as in `cell_of`: the value is below a `u32` count.)
        let column = (local.x as u32 as usize).min(self.columns - 1);
        let row = (local.y as u32 as usize).min(self.rows - 1);
        self.cell(column, row)
    }

    /// The id of every shape registered in a cell that `b` overlaps, each
    /// once, ascending (allocates: for occasional queries, not per-frame
    /// ones).
    pub fn shapes_in(&self, b: &Aabb) -> Vec<u32> {
        if self.columns == 0 {
            return Vec::new();
        }
        let extent = DVec2::new(self.columns as u32 as f64, self.rows as u32 as f64);
        let grid_box = Aabb {
            min: self.origin,
            max: self.origin + extent * self.cell_size,
        };
        if !grid_box.overlaps(b) {
            return Vec::new();
        }
        let [x0, x1, y0, y1] = self.cell_range(*b, 0.0);
        let mut ids: Vec<u32> = (y0..=y1)
            .flat_map(|y| (x0..=x1).flat_map(move |x| self.cell(x, y)))
            .map(CellEntry::id)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Visits, in order, the cells that `start + t · motion` (`t ∈ [0, 1]`)
    /// passes through. `visit` gets each cell's entries and the `t` at
    /// which the path leaves that cell; it breaks to end the walk early.
    pub fn walk_path(
        &self,
        start: DVec2,
        motion: DVec2,
        mut visit: impl FnMut(CellShapes<'_, E>, f64) -> ControlFlow<()>,
    ) {
        if self.columns == 0 {
            return;
        }
        // Counts and cell indices fit in `u32`, whose conversion to f64 is
        // one instruction (from `usize` it is several on baseline x86-64).
        let size = DVec2::new(self.columns as u32 as f64, self.rows as u32 as f64) * self.cell_size;
        // Per-axis `1 / motion`, so that every crossing time below is a
        // product (infinite on an axis the path does not move along).
        let inverse_motion = motion.recip();
        let (mut t_enter, mut t_leave) = (0.0_f64, 1.0_f64);
        for axis in 0..2 {
            let (p, m) = (start[axis] - self.origin[axis], motion[axis]);
            if m == 0.0 {
                if p < 0.0 || p > size[axis] {
                    return;
                }
            } else {
                let inverse = inverse_motion[axis];
                let (t0, t1) = ((0.0 - p) * inverse, (size[axis] - p) * inverse);
                t_enter = t_enter.max(t0.min(t1));
                t_leave = t_leave.min(t0.max(t1));
            }
        }
        if t_enter > t_leave {
            return;
        }
        let (mut column, mut row) = self.cell_of(start + motion * t_enter);
        let next_boundary = |axis: usize, cell: usize| -> f64 {
            let m = motion[axis];
            if m == 0.0 {
                return f64::INFINITY;
            }
            let edge = if m > 0.0 { cell + 1 } else { cell } as u32 as f64;
            (self.origin[axis] + edge * self.cell_size - start[axis]) * inverse_motion[axis]
        };
        let mut t_next_x = next_boundary(0, column);
        let mut t_next_y = next_boundary(1, row);
        loop {
            let t_exit = t_next_x.min(t_next_y).min(t_leave);
            if visit(self.cell(column, row), t_exit).is_break() || t_exit >= t_leave {
                return;
            }
            if t_next_x <= t_next_y {
                match step(column, motion.x, self.columns) {
                    Some(c) => column = c,
                    None => return,
                }
                t_next_x = next_boundary(0, column);
            } else {
                match step(row, motion.y, self.rows) {
                    Some(r) => row = r,
                    None => return,
                }
                t_next_y = next_boundary(1, row);
            }
        }
    }
}

/// The block of cell (`column`, `row`) in a grid of `block_columns` blocks
/// a row, and the cell's index within the block.
#[inline]
fn locate(block_columns: usize, column: usize, row: usize) -> (usize, usize) {
    let block = (row >> BLOCK_BITS) * block_columns + (column >> BLOCK_BITS);
    let local = ((row & (BLOCK_SIDE - 1)) << BLOCK_BITS) | (column & (BLOCK_SIDE - 1));
    (block, local)
}

/// The neighbouring index in the direction of `motion`, if inside `0..count`.
fn step(index: usize, motion: f64, count: usize) -> Option<usize> {
    if motion > 0.0 {
        (index + 1 < count).then_some(index + 1)
    } else {
        index.checked_sub(1)
    }
}

/// A cell side for `shape_count` shapes spread over `extent`: about one
/// shape a cell, grown until the cells fit the budget of
/// `CELLS_PER_SHAPE` a shape.
fn cell_size_for(extent: DVec2, shape_count: usize) -> f64 {
    let mut cell_size = (extent.x * extent.y / shape_count as f64).sqrt();
    let cell_budget = CELLS_PER_SHAPE * shape_count as f64 + 16.0;
    let cells_for = |size: f64| (extent.x / size).ceil() * (extent.y / size).ceil();
    while cells_for(cell_size) > cell_budget {
        cell_size *= 1.25;
    }
    cell_size
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tests file plain ids.
    impl CellEntry for u32 {
        fn id(&self) -> u32 {
            *self
        }
    }

    fn unit_box(x: f64, y: f64) -> Aabb {
        Aabb {
            min: DVec2::new(x, y),
            max: DVec2::new(x + 1.0, y + 1.0),
        }
    }

    /// Shapes 0, 1, 2… with the given boxes.
    fn numbered(boxes: &[Aabb]) -> Vec<(u32, Aabb)> {
        (0..).zip(boxes.iter().copied()).collect()
    }

    #[test]
    fn path_visits_cells_in_order_and_finds_every_box_it_crosses() {
        let boxes: Vec<_> = (0..20).map(|i| unit_box(i as f64 * 3.0, 0.0)).collect();
        let grid = UniformGrid::build(|| numbered(&boxes));
        let mut seen: Vec<u32> = Vec::new();
        let mut last_exit = 0.0;
        grid.walk_path(
            DVec2::new(-1.0, 0.5),
            DVec2::new(70.0, 0.0),
            |ids, t_exit| {
                assert!(t_exit >= last_exit);
                last_exit = t_exit;
                seen.extend(ids);
                ControlFlow::Continue(())
            },
        );
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, (0..20).collect::<Vec<u32>>());
    }

    #[test]
    fn path_outside_the_grid_visits_nothing() {
        let grid = UniformGrid::build(|| numbered(&[unit_box(0.0, 0.0), unit_box(5.0, 5.0)]));
        let mut visited = 0;
        grid.walk_path(DVec2::new(-5.0, 20.0), DVec2::new(30.0, 0.0), |_, _| {
            visited += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(visited, 0);
    }

    #[test]
    fn shapes_are_filed_under_their_own_ids() {
        let grid = UniformGrid::build(|| [(7, unit_box(0.0, 0.0)), (1 << 31, unit_box(3.0, 0.0))]);
        assert!(grid.shapes_at(DVec2::new(0.5, 0.5)).eq(&[7]));
        assert!(grid.shapes_at(DVec2::new(3.5, 0.5)).eq(&[1 << 31]));
        assert_eq!(grid.shapes_at(DVec2::new(50.0, 0.5)).len(), 0);
    }

    #[test]
    fn cell_lookup_clamps_outside_points_and_nan_into_the_grid() {
        let grid = UniformGrid::build(|| numbered(&[unit_box(0.0, 0.0), unit_box(9.0, 9.0)]));
        let last = (grid.columns - 1, grid.rows - 1);
        assert_eq!(grid.cell_of(DVec2::new(-5.0, -0.1)), (0, 0));
        assert_eq!(grid.cell_of(DVec2::new(f64::NAN, 0.5)), (0, 0));
        assert_eq!(grid.cell_of(DVec2::new(1e30, 1e30)), last);
        assert_eq!(grid.cell_of(DVec2::new(9.999, 9.999)), last);
        // Just inside a cell boundary, and just past it.
        let size = grid.cell_size;
        let origin = grid.origin;
        assert_eq!(grid.cell_of(origin + DVec2::splat(size * 0.999)), (0, 0));
        assert_eq!(grid.cell_of(origin + DVec2::splat(size * 1.001)), (1, 1));
    }

    #[test]
    fn box_queries_list_each_shape_once() {
        let boxes: Vec<_> = (0..10).map(|i| unit_box(i as f64 * 2.0, 0.0)).collect();
        let grid = UniformGrid::build(|| numbered(&boxes));
        let around = |min: (f64, f64), max: (f64, f64)| Aabb {
            min: DVec2::new(min.0, min.1),
            max: DVec2::new(max.0, max.1),
        };
        let ids = grid.shapes_in(&around((3.5, 0.2), (8.5, 0.8)));
        // Cells may be coarser than the boxes: at least shapes 2 to 4, each once.
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
        assert!([2, 3, 4].iter().all(|id| ids.contains(id)), "{ids:?}");
        assert!(grid.shapes_in(&around((-9.0, 5.0), (-8.0, 6.0))).is_empty());
        assert!(
            UniformGrid::<u32>::build(Vec::new)
                .shapes_in(&around((0.0, 0.0), (1.0, 1.0)))
                .is_empty()
        );
    }

    #[test]
    fn path_boxes_overlap_only_what_the_path_can_reach() {
        let path = Aabb::of_path(DVec2::new(0.0, 0.0), DVec2::new(2.0, -1.0));
        let touching = Aabb {
            min: DVec2::new(2.0, 0.0),
            max: DVec2::new(3.0, 1.0),
        };
        assert!(path.overlaps(&touching) && touching.overlaps(&path));
        let beside = Aabb {
            min: DVec2::new(2.001, 0.0),
            max: DVec2::new(3.0, 1.0),
        };
        assert!(!path.overlaps(&beside) && !beside.overlaps(&path));
        let nan = Aabb {
            min: DVec2::NAN,
            max: DVec2::NAN,
        };
        assert!(!path.overlaps(&nan));
    }

    #[test]
    fn an_edit_on_a_shared_grid_copies_only_the_blocks_it_touches() {
        // 100×100 unit boxes on a 2 m pitch: some 10,000 cells, a few blocks.
        let boxes: Vec<_> = (0..10_000)
            .map(|i| unit_box(f64::from(i % 100) * 2.0, f64::from(i / 100) * 2.0))
            .collect();
        let shared = UniformGrid::build(|| numbered(&boxes));
        assert!(shared.blocks.len() > 4, "{} blocks", shared.blocks.len());
        let mut edited = shared.clone();
        let moved = unit_box(0.5, 0.5);
        edited.remove(0, boxes[0]);
        assert!(edited.insert(20_000, moved));
        edited.remove(5, boxes[5]);
        assert!(edited.insert(5, unit_box(0.0, 0.0)));
        let at = DVec2::new(0.75, 0.75);
        let edited_at: Vec<u32> = edited.shapes_at(at).copied().collect();
        assert!(edited_at.contains(&20_000));
        assert!(!edited_at.contains(&0));
        assert!(edited_at.windows(2).all(|w| w[0] < w[1]));
        // The shared grid is as it was; only the first block was copied.
        assert_eq!(shared, UniformGrid::build(|| numbered(&boxes)));
        assert!(shared.shapes_at(at).any(|&id| id == 0));
        assert!(!Arc::ptr_eq(&shared.blocks[0], &edited.blocks[0]));
        let untouched = shared.blocks.iter().zip(&edited.blocks).skip(1);
        assert!(untouched.clone().all(|(a, b)| Arc::ptr_eq(a, b)));
        // Removing and inserting back in the last block gives the same cells.
        let last = boxes.len() - 1;
        edited.remove(last as u32, boxes[last]);
        assert!(edited.insert(last as u32, boxes[last]));
        let (column, row) = edited.cell_of(boxes[last].min);
        assert!(edited.cell(column, row).eq(shared.cell(column, row)));
    }

    #[test]
    fn a_shape_moved_a_little_past_the_edge_still_fits_one_far_away_does_not() {
        // 10×10 unit boxes on a 2 m pitch: shapes from 0 to 19 m.
        let boxes: Vec<_> = (0..100)
            .map(|i| unit_box(f64::from(i % 10) * 2.0, f64::from(i / 10) * 2.0))
            .collect();
        let mut grid = UniformGrid::build(|| numbered(&boxes));
        // 0.8 m out of either corner: within the room (5% of 19 m).
        let past_the_corner = unit_box(-0.8, -0.8);
        assert!(grid.insert(100, past_the_corner));
        assert!(grid.shapes_at(DVec2::new(-0.7, -0.7)).any(|&id| id == 100));
        grid.remove(100, past_the_corner);
        assert!(grid.insert(100, unit_box(18.8, 18.8)));
        assert!(grid.shapes_at(DVec2::new(19.7, 19.7)).any(|&id| id == 100));
        assert!(!grid.insert(101, unit_box(-1.5, 0.0)));
    }

    /// One edit to a grid: take out the shape at a fraction of the live
    /// ones, or put a new box in at (x, y) with the given side.
    #[derive(Debug, Clone)]
    enum GridEdit {
        Remove(f64),
        Insert(f64, f64, f64),
    }

    fn grid_edit() -> impl proptest::strategy::Strategy<Value = GridEdit> {
        use proptest::prelude::*;
        prop_oneof![
            2 => (0.0..1.0_f64).prop_map(GridEdit::Remove),
            1 => (0.0..595.0_f64, 0.0..2.0_f64, 0.1..4.0_f64)
                .prop_map(|(x, y, side)| GridEdit::Insert(x, y, side)),
        ]
    }

    proptest::proptest! {
        #![proptest_config(crate::property_cases::property_config(64))]
        /// Any run of inserts and removals leaves every cell filing exactly
        /// the live shapes whose boxes cover it, in ascending id, and every
        /// block's shape table holding each live shape it files once.
        #[test]
        fn edits_keep_every_cell_as_its_live_boxes_cover_it(
            edits in proptest::collection::vec(grid_edit(), 0..900),
        ) {
            // Two rows of 300 unit boxes on a 2 m pitch: ten blocks of some
            // 60 shapes each, so that removals pack some of them again.
            let mut live: Vec<(u32, Aabb)> = (0..600)
                .map(|i| (i, unit_box(f64::from(i % 300) * 2.0, f64::from(i / 300) * 2.0)))
                .collect();
            let mut grid = UniformGrid::build(|| live.clone());
            proptest::prop_assert!(grid.blocks.len() > 4);
            let mut next_id = 600;
            for edit in edits {
                match edit {
                    GridEdit::Remove(at) => {
                        if live.is_empty() {
                            continue;
                        }
                        let index = ((at * live.len() as f64) as usize).min(live.len() - 1);
                        let (id, bounds) = live.remove(index);
                        grid.remove(id, bounds);
                    }
                    GridEdit::Insert(x, y, side) => {
                        let bounds = Aabb {
                            min: DVec2::new(x, y),
                            max: DVec2::new(x + side, y + side),
                        };
                        if grid.insert(next_id, bounds) {
                            live.push((next_id, bounds));
                        }
                        next_id += 1;
                    }
                }
            }
            let mut expected = vec![Vec::new(); grid.columns * grid.rows];
            for &(id, bounds) in &live {
                let [x0, x1, y0, y1] = grid.cell_range(bounds, grid.margin);
                for row in y0..=y1 {
                    for column in x0..=x1 {
                        expected[row * grid.columns + column].push(id);
                    }
                }
            }
            for row in 0..grid.rows {
                for column in 0..grid.columns {
                    let mut want = std::mem::take(&mut expected[row * grid.columns + column]);
                    want.sort_unstable();
                    let got: Vec<u32> = grid.cell(column, row).copied().collect();
                    proptest::prop_assert_eq!(got, want, "cell ({}, {})", column, row);
                }
            }
            for block in &grid.blocks {
                proptest::prop_assert!(block.table_is_exact());
            }
        }
    }
}
