//! The door leaves' broadphase: a flat grid of small cells over the
//! leaves' swept boxes, asked by every move among doors.
//!
//! Each leaf is filed in every cell that its swept box, grown by half a
//! cell (the *halo*), covers. The one cell holding a point then lists
//! every leaf whose box comes within the halo of the point, so a move
//! whose reach is no more than the halo asks a single cell
//! ([`LeafCells::near`]) instead of walking a range of them.
//!
//! Most cells hold no leaf, and which do is a bitmap: one bit per cell,
//! and beside each 64-cell word the number of occupied cells before it.
//! A move far from every leaf costs a load and a bit test; an occupied
//! cell finds its run of leaf ids by counting the bits before its own.
//! Only occupied cells have a run, so the grid's cells cost two bits and
//! a quarter each (a word of bits and its count per 64 cells), and its
//! memory follows the leaves, not the level's area.
//!
//! The grid is built once, with the leaves: a leaf that moves within its
//! swept box changes nothing here.

use std::sync::Arc;

use glam::DVec2;

use super::grid::Aabb;

/// How many cells the grid has per leaf, at most: small cells keep a
/// leaf's halo small, so that a move far from the leaves finds its cell
/// empty, while the bitmap stays a few bytes a leaf.
const CELLS_PER_LEAF: f64 = 64.0;

/// Cells per bitmap word.
const WORD_BITS: usize = 64;

/// 64 cells of the bitmap.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Word {
    /// Bit `i`: whether any leaf is filed in the word's cell `i`.
    occupied: u64,
    /// How many cells before the word's first are occupied: the index of
    /// the run of its first occupied cell.
    before: u32,
}

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
    /// The occupied cells, row by row, 64 a word. Behind `Arc`s, as are
    /// the runs and ids: the grid never changes once built, so the copies
    /// of a door set (one a tick, say) share one.
    words: Arc<[Word]>,
    /// `ids[runs[k]..runs[k + 1]]` are the leaves of the `k`-th occupied
    /// cell, in ascending id.
    runs: Arc<[u32]>,
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
                words: Arc::new([Word::default()]),
                runs: Arc::new([0]),
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
            words: Arc::new([]),
            runs: Arc::new([]),
            ids: Arc::new([]),
        };
        // Count each cell's leaves, place the occupied cells' runs one
        // after the other, then fill them in id order.
        let mut counts = vec![0_u32; columns * rows];
        for (_, bounds) in boxes {
            grid.for_each_cell(bounds, filed_margin, |cell| counts[cell] += 1);
        }
        let mut words = vec![Word::default(); (columns * rows).div_ceil(WORD_BITS)];
        let mut runs = Vec::new();
        let mut next = 0_u32;
        let mut occupied = 0_u32;
        for (word_index, word) in words.iter_mut().enumerate() {
            word.before = occupied;
            let cells = word_index * WORD_BITS..((word_index + 1) * WORD_BITS).min(counts.len());
            for (bit, count) in counts[cells].iter_mut().enumerate() {
                if *count > 0 {
                    word.occupied |= 1 << bit;
                    occupied += 1;
                    runs.push(next);
                    next += *count;
                    // From here on, where the cell's next id goes.
                    *count = next - *count;
                }
            }
        }
        runs.push(next);
        let mut ids = vec![0; next as usize];
        for &(id, bounds) in boxes {
            grid.for_each_cell(&bounds, filed_margin, |cell| {
                ids[counts[cell] as usize] = id;
                counts[cell] += 1;
            });
        }
        grid.words = words.into();
        grid.runs = runs.into();
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
    /// the rows of the area and its occupied cells: a row's empty cells
    /// are skipped 64 at a time.
    pub fn for_each_in(&self, area: &Aabb, mut visit: impl FnMut(u32)) {
        if !area.min.is_finite() || !area.max.is_finite() {
            return;
        }
        let (x0, y0) = self.cell_of(area.min);
        let (x1, y1) = self.cell_of(area.max);
        for row in y0..y1 + 1 {
            let first = row * self.columns + x0;
            let last = row * self.columns + x1;
            for word_index in first / WORD_BITS..last / WORD_BITS + 1 {
                let word = self.words[word_index];
                // The bits of the word's cells within first..=last.
                let low = first.saturating_sub(word_index * WORD_BITS);
                let high = (last - word_index * WORD_BITS).min(WORD_BITS - 1);
                let within = (u64::MAX << low) & (u64::MAX >> (WORD_BITS - 1 - high));
                let mut bits = word.occupied & within;
                while bits != 0 {
                    let bit = bits.trailing_zeros();
                    let run = word.before + (word.occupied & ((1 << bit) - 1)).count_ones();
                    self.run(run as usize).iter().copied().for_each(&mut visit);
                    bits &= bits - 1;
                }
            }
        }
    }

    /// The leaves filed in cell `cell` (row by row).
    #[inline]
    fn leaves_in(&self, cell: usize) -> &[u32] {
        let word = self.words[cell / WORD_BITS];
        let bit = 1_u64 << (cell % WORD_BITS);
        if word.occupied & bit == 0 {
            return &[];
        }
        let run = word.before + (word.occupied & (bit - 1)).count_ones();
        self.run(run as usize)
    }

    /// The leaves of the `k`-th occupied cell.
    #[inline]
    fn run(&self, k: usize) -> &[u32] {
        &self.ids[self.runs[k] as usize..self.runs[k + 1] as usize]
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
            // From a point to ranges wider than many bitmap words.
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
    fn a_copy_shares_the_cells() {
        let cells = LeafCells::build(&scattered(50, 100.0, &mut Numbers(13)));
        let copy = cells.clone();
        assert!(Arc::ptr_eq(&cells.words, &copy.words));
        assert!(Arc::ptr_eq(&cells.runs, &copy.runs));
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
