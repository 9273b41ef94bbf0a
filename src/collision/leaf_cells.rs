//! The door leaves' broadphase: a flat grid of small cells over the
//! leaves' swept boxes, asked by every move among doors.
//!
//! Each leaf is filed in every cell that its swept box, grown by half a
//! cell (the *halo*), covers. The one cell holding a point then lists
//! every leaf whose box comes within the halo of the point, so a move
//! whose reach is no more than the halo asks a single cell
//! ([`LeafCells::near`]) instead of walking a range of them.
//!
//! Every cell has the start of its run of leaf ids in one table (a cell
//! without leaves has an empty run): a move finds its cell's leaves with
//! two adjacent loads, with no bit counting on the way. The table costs 4
//! bytes a cell, and the cells number at most [`CELLS_PER_LEAF`] a leaf,
//! so its memory follows the leaves, not the level's area.
//!
//! The grid is built once, with the leaves: a leaf that moves within its
//! swept box changes nothing here.

use std::sync::Arc;

use glam::DVec2;

use super::grid::Aabb;

/// How many cells the grid has per leaf, at most: small cells keep a
/// leaf's halo small, so that a move far from the leaves finds its cell
/// empty, while the run table stays a few hundred bytes a leaf.
const CELLS_PER_LEAF: f64 = 64.0;

/// The cells of the leaves' swept boxes, each grown by a halo of half a
/// cell, with the ids of the leaves filed in each.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct LeafCells {
    /// The lower corner of cell (0, 0).
    origin: DVec2,
    /// `1 / cell size`: cell lookups multiply instead of dividing.
    inverse_cell_size: f64,
    /// The farthest from a leaf's swept box that the cell holding a point
    /// still lists the leaf (each box is filed grown by this and a
    /// rounding guard); infinite without leaves.
    halo: f64,
    /// The rounding guard that each box is filed grown by besides the
    /// halo.
    guard: f64,
    /// Cells per row.
    columns: usize,
    /// The last column and the last row, where points past the grid go.
    last_column: usize,
    last_row: usize,
    /// `ids[starts[c]..starts[c + 1]]` are the leaves of cell `c` (row
    /// by row), in ascending id: one entry per cell and one more. Behind
    /// `Arc`s, as are the ids: the grid never changes once built, so the
    /// copies of a door set (one a tick, say) share one.
    starts: Arc<[u32]>,
    ids: Arc<[u32]>,
}

impl LeafCells {
    /// The grid for leaves given as (id, swept box), in ascending id; the
    /// boxes must be finite. Linear in the leaves and the cells their
    /// grown boxes cover.
    pub fn build(boxes: &[(u32, Aabb)]) -> Self {
        let Some(cell_size) = cell_size(boxes) else {
            // One empty cell, which answers any reach.
            return Self {
                origin: DVec2::ZERO,
                inverse_cell_size: 1.0,
                halo: f64::INFINITY,
                guard: 0.0,
                columns: 1,
                last_column: 0,
                last_row: 0,
                starts: Arc::new([0, 0]),
                ids: Arc::new([]),
            };
        };
        let (min, max) = union(boxes);
        let guard = 1e-9 * (1.0 + min.abs().max(max.abs()).max_element() + cell_size);
        let halo = cell_size / 2.0;
        // The grid reaches a guard past the farthest grown box.
        let filed_margin = halo + guard;
        let origin = min - DVec2::splat(filed_margin + guard);
        let span = (max + DVec2::splat(filed_margin + guard)) - origin;
        let columns = ((span.x / cell_size).ceil() as usize).max(1);
        let rows = ((span.y / cell_size).ceil() as usize).max(1);
        let mut grid = Self {
            origin,
            inverse_cell_size: cell_size.recip(),
            halo,
            guard,
            columns,
            last_column: columns - 1,
            last_row: rows - 1,
            starts: Arc::new([]),
            ids: Arc::new([]),
        };
        // Count each cell's leaves, place the cells' runs one after the
        // other, then fill them in id order.
        let mut counts = vec![0_u32; columns * rows];
        for (_, bounds) in boxes {
            grid.for_each_cell(bounds, filed_margin, |cell| counts[cell] += 1);
        }
        let mut starts = Vec::with_capacity(counts.len() + 1);
        let mut next = 0_u32;
        for count in &mut counts {
            starts.push(next);
            next += *count;
            // From here on, where the cell's next id goes.
            *count = next - *count;
        }
        starts.push(next);
        let mut ids = vec![0; next as usize];
        for &(id, bounds) in boxes {
            grid.for_each_cell(&bounds, filed_margin, |cell| {
                ids[counts[cell] as usize] = id;
                counts[cell] += 1;
            });
        }
        grid.starts = starts.into();
        grid.ids = ids.into();
        grid
    }

    /// The leaves whose swept boxes come within `reach` of `p`, among
    /// others near it (the cell holding `p`'s, in ascending id); `None`
    /// when `reach` is more than the halo, for which one cell does not
    /// answer (then ask [`for_each_in`](Self::for_each_in)).
    #[inline]
    pub fn near(&self, p: DVec2, reach: f64) -> Option<&[u32]> {
        (reach <= self.halo).then(|| {
            let (column, row) = self.cell_of(p);
            self.leaves_in(row * self.columns + column)
        })
    }

    /// The box that the list of the cell holding `p` (as
    /// [`near`](Self::near) gives it) answers for: every leaf whose swept
    /// box meets a box inside it is in that list. It is the cell grown by
    /// the halo, less a rounding guard; everything without leaves.
    pub fn covered_around(&self, p: DVec2) -> Aabb {
        if self.ids.is_empty() {
            return Aabb {
                min: DVec2::NEG_INFINITY,
                max: DVec2::INFINITY,
            };
        }
        let (column, row) = self.cell_of(p);
        let cell_size = 2.0 * self.halo;
        let min = self.origin + DVec2::new(column as f64, row as f64) * cell_size;
        let inset = self.halo - self.guard;
        Aabb {
            min: min - DVec2::splat(inset),
            max: min + DVec2::splat(cell_size + inset),
        }
    }

    /// Calls `visit` with the id of each leaf filed in a cell that `area`
    /// meets (clamped into the grid): every leaf whose swept box meets
    /// `area`, and others near it, some more than once. The cost follows
    /// the rows of the area and the leaves filed in its cells: a row's
    /// cells are adjacent in the table, so their runs are one run.
    pub fn for_each_in(&self, area: &Aabb, mut visit: impl FnMut(u32)) {
        if !area.min.is_finite() || !area.max.is_finite() {
            return;
        }
        let (x0, y0) = self.cell_of(area.min);
        let (x1, y1) = self.cell_of(area.max);
        for row in y0..y1 + 1 {
            let first = row * self.columns + x0;
            let last = row * self.columns + x1;
            let (from, to) = (self.starts[first], self.starts[last + 1]);
            // The row's cells are adjacent, and so are their runs.
            self.ids[from as usize..to as usize]
                .iter()
                .copied()
                .for_each(&mut visit);
        }
    }

    /// The leaves filed in cell `cell` (row by row).
    #[inline]
    fn leaves_in(&self, cell: usize) -> &[u32] {
        &self.ids[self.starts[cell] as usize..self.starts[cell + 1] as usize]
    }

    /// Column and row of the cell holding `p`, clamped into the grid: a
    /// point off the grid gets the nearest edge cell, which lists
    /// whatever a point nearer the leaves would.
    #[inline]
    fn cell_of(&self, p: DVec2) -> (usize, usize) {
        let local = (p - self.origin) * self.inverse_cell_size;
        // `as u32` truncates, and saturates below zero and at NaN to 0:
        // the floor, clamped to the first cell (as the collider's grid
        // does it).
        let clamp = |v: f64, last: usize| (v as u32 as usize).min(last);
        (
            clamp(local.x, self.last_column),
            clamp(local.y, self.last_row),
        )
    }

    /// Calls `visit` with each cell (row by row) that `bounds` grown by
    /// `margin` covers, clamped into the grid.
    fn for_each_cell(&self, bounds: &Aabb, margin: f64, mut visit: impl FnMut(usize)) {
        let (x0, y0) = self.cell_of(bounds.min - DVec2::splat(margin));
        let (x1, y1) = self.cell_of(bounds.max + DVec2::splat(margin));
        for row in y0..y1 + 1 {
            for column in x0..x1 + 1 {
                visit(row * self.columns + column);
            }
        }
    }
}

/// The side of the grid's cells for `boxes`: the leaves' spread split
/// into [`CELLS_PER_LEAF`] cells a leaf, but no smaller than the middle
/// leaf's swept box (so that a halo of half a cell reaches past the
/// radius and one tick's travel of a body beside a door), and grown until
/// the cells, halo included, number at most [`CELLS_PER_LEAF`] a leaf
/// (and a few). `None` without leaves.
fn cell_size(boxes: &[(u32, Aabb)]) -> Option<f64> {
    if boxes.is_empty() {
        return None;
    }
    let (min, max) = union(boxes);
    let guard = 1e-9 * (1.0 + min.abs().max(max.abs()).max_element());
    let extent = (max - min).max(DVec2::splat(guard));
    let count = boxes.len() as f64;
    let mut sides: Vec<f64> = boxes
        .iter()
        .map(|(_, b)| (b.max - b.min).max_element())
        .collect();
    let middle = sides.len() / 2;
    let (_, middle_side, _) = sides.select_nth_unstable_by(middle, f64::total_cmp);
    let mut size = (extent.x * extent.y / (CELLS_PER_LEAF * count))
        .sqrt()
        .max(*middle_side)
        .max(guard);
    // The halo adds a cell a side, and the rounding guards part of one.
    let cells_for = |size: f64| ((extent.x / size).ceil() + 2.0) * ((extent.y / size).ceil() + 2.0);
    let budget = CELLS_PER_LEAF * count + 16.0;
    while cells_for(size) > budget {
        size *= 1.25;
    }
    Some(size)
}

/// The smallest box holding every box of `boxes` (inverted without any).
fn union(boxes: &[(u32, Aabb)]) -> (DVec2, DVec2) {
    boxes.iter().fold(
        (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY)),
        |(lo, hi), (_, b)| (lo.min(b.min), hi.max(b.max)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reproducible stream of numbers in `[0, 1)` (splitmix64).
    struct Numbers(u64);

    impl Numbers {
        fn next(&mut self) -> f64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) >> 11) as f64 / (1_u64 << 53) as f64
        }
    }

    /// `count` door-sized boxes (up to 2 m a side) scattered over a
    /// `side`-metre square, numbered in order.
    fn scattered(count: u32, side: f64, numbers: &mut Numbers) -> Vec<(u32, Aabb)> {
        (0..count)
            .map(|id| {
                let min = DVec2::new(numbers.next(), numbers.next()) * side;
                let size = DVec2::new(numbers.next(), numbers.next()) * 2.0;
                (
                    id,
                    Aabb {
                        min,
                        max: min + size,
                    },
                )
            })
            .collect()
    }

    /// The square of half-side `reach` around `p`.
    fn square(p: DVec2, reach: f64) -> Aabb {
        Aabb {
            min: p - DVec2::splat(reach),
            max: p + DVec2::splat(reach),
        }
    }

    /// The ids of the boxes that meet `area`, by looking at every one.
    fn meeting(boxes: &[(u32, Aabb)], area: &Aabb) -> Vec<u32> {
        boxes
            .iter()
            .filter(|(_, b)| b.overlaps(area))
            .map(|&(id, _)| id)
            .collect()
    }

    #[test]
    fn the_cell_of_a_point_lists_every_leaf_within_the_halo_of_it() {
        let mut numbers = Numbers(3);
        let boxes = scattered(300, 200.0, &mut numbers);
        let cells = LeafCells::build(&boxes);
        let mut near_some = 0;
        for _ in 0..20_000 {
            // Points over the leaves' spread and a little past it.
            let p = DVec2::new(numbers.next(), numbers.next()) * 220.0 - 10.0;
            let reach = numbers.next() * cells.halo;
            let Some(filed) = cells.near(p, reach) else {
                panic!("a reach of {reach} within the halo {}", cells.halo);
            };
            assert!(filed.windows(2).all(|w| w[0] < w[1]), "{filed:?}");
            let wanted = meeting(&boxes, &square(p, reach));
            near_some += usize::from(!wanted.is_empty());
            for id in wanted {
                assert!(filed.contains(&id), "leaf {id} missing at {p}");
            }
            // The whole box that the cell answers for.
            for id in meeting(&boxes, &cells.covered_around(p)) {
                assert!(filed.contains(&id), "leaf {id} missing around {p}");
            }
        }
        assert!(near_some > 300, "{near_some} points near a leaf");
    }

    #[test]
    fn a_point_far_from_every_leaf_finds_its_cell_empty() {
        let mut numbers = Numbers(5);
        let boxes = scattered(1000, 600.0, &mut numbers);
        let cells = LeafCells::build(&boxes);
        let mut empty = 0;
        let points = 10_000;
        for _ in 0..points {
            let p = DVec2::new(numbers.next(), numbers.next()) * 600.0;
            let filed = cells.near(p, 0.0).unwrap_or_default();
            empty += usize::from(filed.is_empty());
        }
        // Door-sized boxes cover a few percent of the square, and their
        // cells with the halo a few times that.
        assert!(empty * 10 > points * 7, "{empty} of {points} cells empty");
        // Off the grid, far from every leaf.
        assert_eq!(cells.near(DVec2::splat(-1e6), 0.0), Some(&[][..]));
    }

    #[test]
    fn a_range_visits_every_leaf_whose_box_meets_it() {
        let mut numbers = Numbers(7);
        let boxes = scattered(300, 200.0, &mut numbers);
        let cells = LeafCells::build(&boxes);
        for _ in 0..2_000 {
            let corner = DVec2::new(numbers.next(), numbers.next()) * 240.0 - 20.0;
            // From a point to ranges many cells wide.
            let size = DVec2::new(numbers.next(), numbers.next()) * 150.0 * numbers.next();
            let area = Aabb {
                min: corner,
                max: corner + size,
            };
            let mut visited = Vec::new();
            cells.for_each_in(&area, |id| visited.push(id));
            for id in meeting(&boxes, &area) {
                assert!(visited.contains(&id), "leaf {id} missing in {area:?}");
            }
            // Only leaves filed in the cells of the area clamped into the
            // grid: within a cell (two halos) and a halo of it.
            let cell = 2.0 * cells.halo;
            let last = DVec2::new(cells.last_column as f64, cells.last_row as f64);
            let grid_max = cells.origin + (last + 1.0) * cell;
            let clamp = |p: DVec2| p.clamp(cells.origin, grid_max);
            let reach = 3.0 * cells.halo + 1e-6;
            let grown = Aabb {
                min: clamp(area.min) - DVec2::splat(reach),
                max: clamp(area.max) + DVec2::splat(reach),
            };
            for id in visited {
                let b = boxes[id as usize].1;
                assert!(b.overlaps(&grown), "leaf {id} far from {area:?}");
            }
        }
    }

    #[test]
    fn a_reach_past_the_halo_is_not_answered_by_one_cell() {
        let boxes = scattered(10, 20.0, &mut Numbers(9));
        let cells = LeafCells::build(&boxes);
        assert!(cells.halo > 0.0);
        assert!(cells.near(DVec2::splat(10.0), cells.halo).is_some());
        assert_eq!(cells.near(DVec2::splat(10.0), cells.halo * 1.001), None);
    }

    #[test]
    fn a_grid_without_leaves_finds_none() {
        let cells = LeafCells::build(&[]);
        assert_eq!(cells.near(DVec2::ZERO, 1e9), Some(&[][..]));
        assert_eq!(
            cells.covered_around(DVec2::ZERO),
            square(DVec2::ZERO, f64::INFINITY)
        );
        let mut visited = 0;
        cells.for_each_in(&square(DVec2::ZERO, 1e9), |_| visited += 1);
        assert_eq!(visited, 0);
    }

    #[test]
    fn each_cells_run_lists_exactly_the_leaves_filed_in_it() {
        let boxes = scattered(200, 150.0, &mut Numbers(17));
        let cells = LeafCells::build(&boxes);
        let count = cells.columns * (cells.last_row + 1);
        assert_eq!(cells.starts.len(), count + 1);
        // Filed as the build files them: each box grown by the halo and
        // the guard.
        let mut filed = vec![Vec::new(); count];
        for &(id, bounds) in &boxes {
            cells.for_each_cell(&bounds, cells.halo + cells.guard, |cell| {
                filed[cell].push(id);
            });
        }
        let mut empty = 0;
        for (cell, wanted) in filed.iter().enumerate() {
            assert_eq!(cells.leaves_in(cell), &wanted[..], "cell {cell}");
            empty += usize::from(wanted.is_empty());
        }
        assert!(empty * 2 > count, "{empty} of {count} cells empty");
        // A row's cells, one run after the other: each row from its first
        // cell to its last occupied one.
        let cell_size = 2.0 * cells.halo;
        let centre = |column: usize, row: usize| {
            cells.origin + (DVec2::new(column as f64, row as f64) + 0.5) * cell_size
        };
        for row in 0..=cells.last_row {
            let first = row * cells.columns;
            let row_cells = &filed[first..first + cells.columns];
            let Some(last) = row_cells.iter().rposition(|ids| !ids.is_empty()) else {
                continue;
            };
            let area = Aabb {
                min: centre(0, row),
                max: centre(last, row),
            };
            let mut visited = Vec::new();
            cells.for_each_in(&area, |id| visited.push(id));
            assert_eq!(visited, row_cells[..=last].concat(), "row {row}");
        }
    }

    #[test]
    fn a_copy_shares_the_cells() {
        let cells = LeafCells::build(&scattered(50, 100.0, &mut Numbers(13)));
        let copy = cells.clone();
        assert!(Arc::ptr_eq(&cells.starts, &copy.starts));
        assert!(Arc::ptr_eq(&cells.ids, &copy.ids));
        assert_eq!(copy, cells);
    }

    #[test]
    fn the_grid_keeps_to_its_cell_budget() {
        let mut numbers = Numbers(11);
        for count in [1, 2, 10, 1000] {
            let boxes = scattered(count, 600.0, &mut numbers);
            let cells = LeafCells::build(&boxes);
            let budget = CELLS_PER_LEAF * f64::from(count) + 16.0;
            let cell_count = cells.columns * (cells.last_row + 1);
            assert!(
                cell_count as f64 <= budget,
                "{cell_count} cells for {count} leaves"
            );
        }
        // Leaves all in a line: thin, but within the budget too.
        let line: Vec<(u32, Aabb)> = (0..100)
            .map(|id| {
                let min = DVec2::new(f64::from(id) * 10.0, 0.0);
                let max = min + DVec2::new(1.0, 0.1);
                (id, Aabb { min, max })
            })
            .collect();
        let cells = LeafCells::build(&line);
        assert!((cells.columns * (cells.last_row + 1)) as f64 <= CELLS_PER_LEAF * 100.0 + 16.0);
    }
}
