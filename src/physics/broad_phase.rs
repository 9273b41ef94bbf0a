//! A uniform grid of boxes over the level (the collider's grid idea): each
//! cell keeps the ids of the boxes that cover it, so a query looks only at
//! the cells its own box covers. Moving a box touches only its old and new
//! cells, and nothing is visited for an id that stays put: ten thousand
//! resting bodies cost nothing per tick. A box beyond the grid's area is
//! filed in the edge cells it would be nearest, so nothing is ever lost,
//! only met a little less quickly.
//!
//! The ids a query returns are sorted, so every answer is the same on
//! every run.
//!
//! The bodies are filed by fat boxes ([`Neighbours`]), each with the list
//! of bodies whose fat boxes overlap its own, kept from tick to tick.

use glam::Vec2;

/// A box on the floor plan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Bounds {
    /// Lower corner.
    pub min: Vec2,
    /// Upper corner.
    pub max: Vec2,
}

impl Bounds {
    /// The box of the disc of `radius` around `centre`.
    pub fn around(centre: Vec2, radius: f32) -> Self {
        Self {
            min: centre - Vec2::splat(radius),
            max: centre + Vec2::splat(radius),
        }
    }

    /// The smallest box holding `points`, grown by `radius`.
    pub fn of_points(points: &[Vec2], radius: f32) -> Self {
        let (min, max) = points.iter().fold((Vec2::MAX, Vec2::MIN), |(lo, hi), p| {
            (lo.min(*p), hi.max(*p))
        });
        Self {
            min: min - Vec2::splat(radius),
            max: max + Vec2::splat(radius),
        }
    }

    /// This box grown by `margin` on every side.
    pub fn grown(self, margin: f32) -> Self {
        Self {
            min: self.min - Vec2::splat(margin),
            max: self.max + Vec2::splat(margin),
        }
    }

    /// Whether the two closed boxes share a point, every side compared
    /// (no early way out, for where the answer is unforeseeable).
    #[inline(always)]
    pub fn overlaps_all(&self, other: &Self) -> bool {
        (self.min.x <= other.max.x)
            & (other.min.x <= self.max.x)
            & (self.min.y <= other.max.y)
            & (other.min.y <= self.max.y)
    }

    /// The smallest box holding both.
    pub fn union(self, other: Self) -> Self {
        Self {
            min: self.min.min(other.min),
            max: self.max.max(other.max),
        }
    }

    /// Whether the two closed boxes share a point.
    #[inline]
    pub fn overlaps(&self, other: &Self) -> bool {
        self.min.x <= other.max.x
            && other.min.x <= self.max.x
            && self.min.y <= other.max.y
            && other.min.y <= self.max.y
    }
}

/// The largest integer not above `v`, saturating (without a call to the
/// C library's `floorf`).
#[inline]
fn floor_to_int(v: f32) -> i32 {
    let truncated = v as i32;
    if (truncated as f32) > v {
        truncated.saturating_sub(1)
    } else {
        truncated
    }
}

/// Ids filed under the grid cells their boxes cover.
#[derive(Debug, Clone)]
pub(super) struct CellGrid {
    origin: Vec2,
    inverse_cell_size: f32,
    columns: i32,
    rows: i32,
    /// The cells, row by row.
    cells: Vec<Vec<u32>>,
}

impl CellGrid {
    /// An empty grid over `area`, of square cells `cell_size` metres wide,
    /// or wider so that there are at most `max_cells` of them.
    pub fn new(area: Bounds, cell_size: f32, max_cells: usize) -> Self {
        let extent = (area.max - area.min).max(Vec2::ZERO);
        let extent = if extent.is_finite() {
            extent
        } else {
            Vec2::ZERO
        };
        let mut size = cell_size;
        let count = |size: f32| {
            let columns = (extent.x / size).ceil() as usize + 1;
            let rows = (extent.y / size).ceil() as usize + 1;
            (columns, rows)
        };
        while {
            let (columns, rows) = count(size);
            columns.saturating_mul(rows) > max_cells.max(1)
        } {
            size *= 2.0;
        }
        let (columns, rows) = count(size);
        let origin = if area.min.is_finite() {
            area.min
        } else {
            Vec2::ZERO
        };
        Self {
            origin,
            inverse_cell_size: 1.0 / size,
            columns: columns as i32,
            rows: rows as i32,
            cells: vec![Vec::new(); columns * rows],
        }
    }

    /// The cells `bounds` covers, clamped to the grid: first and last
    /// column, first and last row.
    fn cell_range(&self, bounds: Bounds) -> (i32, i32, i32, i32) {
        let column = |x: f32| {
            floor_to_int((x - self.origin.x) * self.inverse_cell_size).clamp(0, self.columns - 1)
        };
        let row = |y: f32| {
            floor_to_int((y - self.origin.y) * self.inverse_cell_size).clamp(0, self.rows - 1)
        };
        (
            column(bounds.min.x),
            column(bounds.max.x),
            row(bounds.min.y),
            row(bounds.max.y),
        )
    }

    /// The cells `bounds` covers, as indices into `cells`.
    fn covered(&self, bounds: Bounds) -> impl Iterator<Item = usize> + use<> {
        let (x0, x1, y0, y1) = self.cell_range(bounds);
        let columns = self.columns;
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| (y * columns + x) as usize))
    }

    /// Files `id` under every cell `bounds` covers, keeping each cell's
    /// ids ascending.
    pub fn insert(&mut self, id: u32, bounds: Bounds) {
        for cell in self.covered(bounds) {
            file_in(&mut self.cells[cell], id);
        }
    }

    /// Files `id`, filed under `old`, under `new` instead: only the cells
    /// that one box covers and the other does not change.
    pub fn refile(&mut self, id: u32, old: Bounds, new: Bounds) {
        let (was, now) = (self.cell_range(old), self.cell_range(new));
        if was == now {
            return;
        }
        let inside = |(x0, x1, y0, y1): (i32, i32, i32, i32), x: i32, y: i32| {
            (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
        };
        let columns = self.columns;
        let (x0, x1, y0, y1) = was;
        for y in y0..=y1 {
            for x in x0..=x1 {
                if !inside(now, x, y) {
                    let ids = &mut self.cells[(y * columns + x) as usize];
                    if let Ok(at) = ids.binary_search(&id) {
                        ids.remove(at);
                    }
                }
            }
        }
        let (x0, x1, y0, y1) = now;
        for y in y0..=y1 {
            for x in x0..=x1 {
                if !inside(was, x, y) {
                    file_in(&mut self.cells[(y * columns + x) as usize], id);
                }
            }
        }
    }

    /// The ids filed under the cells `bounds` covers that `keep` keeps,
    /// into `found` (cleared first), ascending and each once. The ids are
    /// kept or dropped as each cell gives them, so that only the few kept
    /// are sorted.
    pub fn query(&self, bounds: Bounds, keep: impl Fn(u32) -> bool, found: &mut Vec<u32>) {
        found.clear();
        let (x0, x1, y0, y1) = self.cell_range(bounds);
        for y in y0..=y1 {
            let row = (y * self.columns) as usize;
            for x in x0..=x1 {
                let cell = &self.cells[row + x as usize];
                found.extend(cell.iter().copied().filter(|&id| keep(id)));
            }
        }
        if x0 != x1 || y0 != y1 {
            found.sort_unstable();
            found.dedup();
        }
    }
}

/// Puts `id` into the ascending `ids`, unless it is there.
pub(super) fn file_in(ids: &mut Vec<u32>, id: u32) {
    if let Err(at) = ids.binary_search(&id) {
        ids.insert(at, id);
    }
}

/// Width of the bodies' grid cells, in metres: about a large crate.
const BODY_CELL_SIZE: f32 = 2.0;

/// How far (m) a body's fat box reaches beyond the box it must hold: a
/// body that jostles in place keeps its neighbours for many ticks.
const FAT_MARGIN: f32 = 0.05;

/// How far ahead (s) of a moving body its fat box reaches, at its
/// velocity: a body moving on keeps its neighbours for many ticks, and
/// its box grows only along its way.
const FAT_LEAD_SECONDS: f32 = 0.1;

/// The farthest (m) a fat box reaches ahead: a fast body's box stays
/// small enough that its neighbours are few.
const FAT_LEAD_MAX: f32 = 0.5;

/// Each body's neighbours: the bodies whose fat boxes overlap its own, kept
/// from tick to tick as Box2D's broad phase keeps its pairs.
///
/// A body's fat box holds the box it must be met within (its reach and
/// what it may move this tick) with [`FAT_MARGIN`] to spare, and reaches
/// [`FAT_LEAD_SECONDS`] ahead along its velocity (at most
/// [`FAT_LEAD_MAX`]); only when that box leaves its fat box is the body
/// filed again, and only then do its neighbours change. Two bodies whose
/// boxes overlap are therefore always each other's neighbours, and a tick
/// finds a body's pairs in its list, ascending, without a grid query.
/// Each body also keeps the fixed shapes near its fat box, found by the
/// caller's query when it is filed.
#[derive(Debug, Clone)]
pub(super) struct Neighbours {
    grid: CellGrid,
    fat: Vec<Bounds>,
    lists: Vec<Vec<u32>>,
    fixed: Vec<Vec<u32>>,
}

impl Neighbours {
    /// Each body's fat box around `boxes[id]`, in a grid over `area`;
    /// `fixed_near(bounds, ids)` puts the fixed shapes near `bounds` into
    /// `ids`, ascending.
    pub fn new(area: Bounds, boxes: &[Bounds], fixed_near: impl Fn(Bounds, &mut Vec<u32>)) -> Self {
        let area = boxes
            .iter()
            .fold(area, |area, &held| area.union(held.grown(FAT_MARGIN)));
        let max_cells = 4 * boxes.len() + 64;
        let mut neighbours = Self {
            grid: CellGrid::new(area, BODY_CELL_SIZE, max_cells),
            fat: boxes.iter().map(|held| held.grown(FAT_MARGIN)).collect(),
            lists: vec![Vec::new(); boxes.len()],
            fixed: vec![Vec::new(); boxes.len()],
        };
        for (id, fat) in (0..).zip(&neighbours.fat) {
            neighbours.grid.insert(id, *fat);
        }
        let mut found = Vec::new();
        for id in 0..boxes.len() {
            let fat = neighbours.fat[id];
            let fats = &neighbours.fat;
            let meets = |other: u32| other as usize != id && fats[other as usize].overlaps(&fat);
            neighbours.grid.query(fat, meets, &mut found);
            neighbours.lists[id].extend_from_slice(&found);
            fixed_near(fat, &mut neighbours.fixed[id]);
        }
        neighbours
    }

    /// The bodies whose fat boxes meet `bounds` (a superset of those
    /// whose boxes held do), ascending, into `found`.
    pub fn near(&self, bounds: Bounds, found: &mut Vec<u32>) {
        let meets = |id: u32| self.fat[id as usize].overlaps(&bounds);
        self.grid.query(bounds, meets, found);
    }

    /// The fixed shapes near body `id`'s fat box (a superset of those
    /// whose boxes meet a box it holds), ascending.
    pub fn fixed_of(&self, id: u32) -> &[u32] {
        &self.fixed[id as usize]
    }

    /// The bodies whose fat boxes overlap body `id`'s, ascending.
    pub fn of(&self, id: u32) -> &[u32] {
        &self.lists[id as usize]
    }

    /// Makes body `id`'s fat box hold `held`, filing it again (with new
    /// neighbours, and the fixed shapes `fixed_near` finds near it) when it
    /// does not, its new fat box reaching ahead along `velocity` (the
    /// body's, m/s). `found` is a scratch list.
    #[inline]
    pub fn hold(
        &mut self,
        id: u32,
        held: Bounds,
        velocity: Vec2,
        found: &mut Vec<u32>,
        fixed_near: impl FnOnce(Bounds, &mut Vec<u32>),
    ) {
        let old = self.fat[id as usize];
        let holds = old.min.x <= held.min.x
            && old.min.y <= held.min.y
            && held.max.x <= old.max.x
            && held.max.y <= old.max.y;
        if !holds {
            self.file_again(id, held, velocity, found, fixed_near);
        }
    }

    /// Files body `id` again with a fat box around `held`: its new
    /// neighbours and the fixed shapes near it (see [`hold`](Self::hold)).
    #[inline(never)]
    fn file_again(
        &mut self,
        id: u32,
        held: Bounds,
        velocity: Vec2,
        found: &mut Vec<u32>,
        fixed_near: impl FnOnce(Bounds, &mut Vec<u32>),
    ) {
        let at = id as usize;
        let old = self.fat[at];
        let lead = (velocity * FAT_LEAD_SECONDS).clamp_length_max(FAT_LEAD_MAX);
        let ahead = Bounds {
            min: held.min + lead,
            max: held.max + lead,
        };
        let fat = held.union(ahead).grown(FAT_MARGIN);
        self.fat[at] = fat;
        self.grid.refile(id, old, fat);
        let fats = &self.fat;
        let meets = |other: u32| other != id && fats[other as usize].overlaps(&fat);
        self.grid.query(fat, meets, found);
        let mut list = std::mem::take(&mut self.lists[at]);
        for change in ListChanges::between(&list, found) {
            let theirs = &mut self.lists[change.other as usize];
            match (change.added, theirs.binary_search(&id)) {
                (true, Err(position)) => theirs.insert(position, id),
                (false, Ok(position)) => {
                    theirs.remove(position);
                }
                _ => {}
            }
        }
        list.clear();
        list.extend_from_slice(found);
        self.lists[at] = list;
        fixed_near(fat, &mut self.fixed[at]);
    }
}

/// A body that joins or leaves a neighbour list.
#[derive(Debug, Clone, Copy)]
struct ListChange {
    other: u32,
    added: bool,
}

/// The changes from one ascending list to another, in ascending order:
/// the ids only the old one holds (not added) and only the new one
/// (added).
struct ListChanges<'a> {
    old: &'a [u32],
    new: &'a [u32],
}

impl<'a> ListChanges<'a> {
    fn between(old: &'a [u32], new: &'a [u32]) -> Self {
        Self { old, new }
    }
}

impl Iterator for ListChanges<'_> {
    type Item = ListChange;

    fn next(&mut self) -> Option<ListChange> {
        let change = |other, added| Some(ListChange { other, added });
        loop {
            match (self.old.split_first(), self.new.split_first()) {
                (None, None) => return None,
                (Some((&old, old_rest)), Some((&new, new_rest))) if old == new => {
                    (self.old, self.new) = (old_rest, new_rest);
                }
                (Some((&old, rest)), Some((&new, _))) if old < new => {
                    self.old = rest;
                    return change(old, false);
                }
                (Some((&old, rest)), None) => {
                    self.old = rest;
                    return change(old, false);
                }
                (_, Some((&new, rest))) => {
                    self.new = rest;
                    return change(new, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_finds_each_box_it_reaches_once_in_order() {
        let area = Bounds::around(Vec2::ZERO, 12.0);
        let mut grid = CellGrid::new(area, 1.0, 1024);
        grid.insert(7, Bounds::around(Vec2::new(0.5, 0.5), 1.2));
        grid.insert(3, Bounds::around(Vec2::new(10.0, 10.0), 0.4));
        grid.insert(5, Bounds::around(Vec2::new(-0.5, 0.2), 0.3));
        let mut found = Vec::new();
        grid.query(Bounds::around(Vec2::ZERO, 1.0), |_| true, &mut found);
        assert_eq!(found, [5, 7]);
        let far = Bounds::around(Vec2::new(-10.0, 10.0), 0.2);
        grid.refile(7, Bounds::around(Vec2::new(0.5, 0.5), 1.2), far);
        grid.query(Bounds::around(Vec2::ZERO, 1.0), |_| true, &mut found);
        assert_eq!(found, [5]);
        let far_corner = Bounds::around(Vec2::new(10.0, 10.0), 0.1);
        grid.query(far_corner, |_| true, &mut found);
        assert_eq!(found, [3]);
    }

    #[test]
    fn refiling_boxes_leaves_the_grid_as_filing_them_afresh() {
        let area = Bounds::around(Vec2::ZERO, 10.0);
        let mut moved = CellGrid::new(area, 1.0, 1024);
        let mut afresh = CellGrid::new(area, 1.0, 1024);
        let place = |id: u32, step: u32| {
            let centre = Vec2::new(
                ((id * 7 + step * 3) % 19) as f32 - 9.0,
                ((id * 11 + step * 5) % 17) as f32 - 8.0,
            );
            Bounds::around(centre * 0.9, 0.3 + ((id + step) % 4) as f32 * 0.5)
        };
        for id in 0..40 {
            moved.insert(id, place(id, 0));
        }
        for id in 0..40 {
            moved.refile(id, place(id, 0), place(id, 1));
            afresh.insert(id, place(id, 1));
        }
        let (mut found, mut expected) = (Vec::new(), Vec::new());
        for query in 0..30 {
            let bounds = place(query, 7);
            moved.query(bounds, |_| true, &mut found);
            afresh.query(bounds, |_| true, &mut expected);
            assert_eq!(found, expected, "{bounds:?}");
        }
        assert_eq!(moved.cells, afresh.cells);
    }

    #[test]
    fn list_changes_name_who_left_and_who_joined_in_order() {
        let changes: Vec<(u32, bool)> = ListChanges::between(&[1, 3, 4, 9], &[2, 3, 9, 12])
            .map(|change| (change.other, change.added))
            .collect();
        assert_eq!(changes, [(1, false), (2, true), (4, false), (12, true)]);
    }

    #[test]
    fn a_query_gives_the_sorted_set_of_what_it_covers_and_keeps() {
        let area = Bounds::around(Vec2::ZERO, 10.0);
        let mut grid = CellGrid::new(area, 1.0, 1024);
        let mut boxes = Vec::new();
        for id in (0..60u32).rev() {
            let centre = Vec2::new((id * 7 % 19) as f32 - 9.0, (id * 11 % 17) as f32 - 8.0);
            let bounds = Bounds::around(centre, 0.3 + (id % 5) as f32 * 0.6);
            grid.insert(id, bounds);
            boxes.push((id, bounds));
        }
        let mut found = Vec::new();
        for query in [
            Bounds::around(Vec2::ZERO, 4.0),
            Bounds::around(Vec2::new(-6.0, 3.0), 2.5),
        ] {
            grid.query(query, |_| true, &mut found);
            let (x0, x1, y0, y1) = grid.cell_range(query);
            let mut expected: Vec<u32> = boxes
                .iter()
                .filter(|(_, bounds)| {
                    let (a0, a1, b0, b1) = grid.cell_range(*bounds);
                    a0 <= x1 && x0 <= a1 && b0 <= y1 && y0 <= b1
                })
                .map(|&(id, _)| id)
                .collect();
            expected.sort_unstable();
            assert!(expected.len() > 10);
            assert_eq!(found, expected);
            grid.query(query, |id| id % 3 != 0, &mut found);
            expected.retain(|id| id % 3 != 0);
            assert_eq!(found, expected);
        }
    }
}
