//! Where the eye can go: a flood fill of the free floor from where it
//! stands, over a lattice of cells whose centres include the eye. A cell is
//! free when its centre has full clearance
//! ([`Collider::deepest_penetration`] finds nothing) and a body may stand
//! there (not in the void, nothing too low over it), and two neighbouring free cells connect unless a wall or
//! obstacle crosses the step between their centres (which catches walls of
//! zero radius), or the step meets an edge between floors that the feet,
//! standing on the highest floor under the first cell, may not cross: so
//! the fill climbs steps, drops off ledges one way, and stays out of
//! places too low ([`Heights`]). A step any way the floors may stand
//! allows is taken: a lift's floor at rest and down, so that a lift is a
//! way up and down.

use std::collections::VecDeque;

use glam::{IVec2, Vec2};

use super::bounds::{PlanBounds, level_bounds};
use crate::collision::{Collider, Heights};

/// The cell size for the `V` view, in metres.
pub const DEFAULT_CELL_SIZE: f32 = 0.1;
/// The most cells a fill examines; beyond it the cell size grows so the
/// fill stays under a second on a large maze.
pub const MAX_CELLS: usize = 4_000_000;
/// How many times at most a fill tells its progress: each time another
/// such share of the lattice is reached.
const PROGRESS_STEPS: usize = 8;

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
        Self::flood_reporting(collider, eye, bounds, cell_size, &mut |_| {})
    }

    /// [`flood`](Self::flood), telling `progress` the share of the
    /// lattice's cells reached so far (0 to 1) each time another even
    /// share of them is, a few times in all: the share stops short of 1
    /// where walls, obstacles and closed rooms keep cells out.
    pub fn flood_reporting(
        collider: &Collider,
        eye: Vec2,
        bounds: PlanBounds,
        cell_size: f32,
        progress: &mut dyn FnMut(f32),
    ) -> Self {
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
        if !free(collider, eye) {
            return reach;
        }
        reach.fill_from(collider, start, progress);
        reach
    }

    /// Marks `start` and every cell connected to it through free cells (see
    /// the module's rule), skipping cells already marked, telling
    /// `progress` as [`flood_reporting`](Self::flood_reporting) does;
    /// returns the cells it marked, `start` first.
    fn fill_from(
        &mut self,
        collider: &Collider,
        start: IVec2,
        progress: &mut dyn FnMut(f32),
    ) -> Vec<IVec2> {
        let mut marked = vec![start];
        self.set(start);
        let mut queue = VecDeque::from([start]);
        let lattice = self.cells.len().max(1);
        let step = lattice.div_ceil(PROGRESS_STEPS);
        let mut next_report = step;
        while let Some(at) = queue.pop_front() {
            if marked.len() >= next_report {
                progress(marked.len() as f32 / lattice as f32);
                next_report = marked.len() + step;
            }
            for step in [IVec2::X, IVec2::NEG_X, IVec2::Y, IVec2::NEG_Y] {
                let next = at + step;
                if self.index(next).is_none() || self.contains(next) {
                    continue;
                }
                let (from, to) = (self.centre(at), self.centre(next));
                if free(collider, to)
                    && collider.ray_cast(from, to).is_none()
                    && !blocked_by_heights(collider, from, to)
                {
                    self.set(next);
                    marked.push(next);
                    queue.push_back(next);
                }
            }
        }
        marked
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

    /// The centre of the cell of `region` nearest the region's mean: a
    /// point inside it to name.
    pub fn middle(&self, region: &[IVec2]) -> Vec2 {
        let mean = region.iter().map(|&c| self.centre(c)).sum::<Vec2>() / region.len() as f32;
        region
            .iter()
            .map(|&c| self.centre(c))
            .min_by(|p, q| {
                p.distance_squared(mean)
                    .total_cmp(&q.distance_squared(mean))
            })
            .unwrap_or(mean)
    }

    /// Whether `cell` lies on the lattice's outer ring.
    fn on_border(&self, cell: IVec2) -> bool {
        cell.min_element() == 0
            || cell.x == self.dimensions.x - 1
            || cell.y == self.dimensions.y - 1
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

/// Whether the eye may stand at `point`: full clearance, and on floors
/// where a body may stand (not in the void, nothing too low over it)
/// however the floors that move stand.
fn free(collider: &Collider, point: Vec2) -> bool {
    collider.deepest_penetration(point).is_none()
        && ways_floors_stand(collider)
            .any(|heights| heights.is_flat() || heights.standing_at(point).is_some())
}

/// Whether the step from `from` to `to` meets an edge between floors that
/// feet standing at `from` may not cross, however the floors that move
/// stand (a lift is a way up when it is down and then rises).
fn blocked_by_heights(collider: &Collider, from: Vec2, to: Vec2) -> bool {
    ways_floors_stand(collider).all(|heights| {
        !heights.is_flat()
            && heights
                .standing_at(from)
                .is_none_or(|feet| heights.blocks_path(from, to, feet))
    })
}

/// The collider's floors as they stand, and with the floors that move
/// moved (see [`Heights::with_moving_floors`]).
fn ways_floors_stand(collider: &Collider) -> impl Iterator<Item = &Heights> {
    let heights = collider.heights();
    std::iter::once(heights).chain(heights.moved())
}

/// Unreachable areas smaller than this (0.05 m²) are not reported: a few
/// cells can be cut off by the lattice's own coarseness.
pub const MIN_UNREACHABLE_AREA: f32 = 0.05;

/// A part of the level's free floor that the eye cannot reach from the start:
/// a closed room, or a space shut off by walls.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UnreachableArea {
    /// A free point inside it (the cell nearest its centre), in metres.
    pub at: Vec2,
    /// Its size, in square metres (cells counted).
    pub area: f32,
}

impl UnreachableArea {
    /// The warning `check` and the editor show, e.g. "about 12.0 m² around
    /// (4.50, -2.00) cannot be reached from the start".
    pub fn describe(&self) -> String {
        format!(
            "about {:.1} m² around ({:.2}, {:.2}) cannot be reached from the start",
            self.area, self.at.x, self.at.y
        )
    }
}

/// The free space of `collider` reachable from `start`, flooded over the
/// level's walls and obstacles with a margin wide enough for the outside to
/// be one free ring (cells of `cell_size`, or [`DEFAULT_CELL_SIZE`] when it
/// is not a positive number). `None` when the level needs more than
/// [`MAX_CELLS`] cells; `Some(None)` for an empty level or a start that is
/// not free.
pub fn flood_the_level(
    collider: &Collider,
    start: Vec2,
    cell_size: f32,
) -> Option<Option<Reachable>> {
    let Some(bounds) = level_bounds(collider) else {
        return Some(None);
    };
    let cell_size = if cell_size.is_finite() && cell_size > 0.0 {
        cell_size
    } else {
        DEFAULT_CELL_SIZE
    };
    let widest = collider
        .walls()
        .iter()
        .map(|wall| wall.radius)
        .filter(|radius| radius.is_finite())
        .fold(collider.body_radius(), f32::max);
    let margin = Vec2::splat(2.0 * widest + 4.0 * cell_size);
    let bounds = PlanBounds {
        min: bounds.min.min(start) - margin,
        max: bounds.max.max(start) + margin,
    };
    let extent = (bounds.max - bounds.min) / cell_size + 2.0;
    if !extent.is_finite() || extent.x * extent.y > MAX_CELLS as f32 {
        return None;
    }
    let marked = Reachable::flood(collider, start, bounds, cell_size);
    Some(
        marked
            .cells
            .iter()
            .any(|&reached| reached)
            .then_some(marked),
    )
}

/// The parts of `collider`'s free floor (clearance at least the radius)
/// that the eye cannot reach from `start`, largest first: every region of
/// free cells, found like [`Reachable::flood`], that is neither reached nor
/// open to the outside of the level. The lattice covers the level's walls
/// and obstacles with a margin wide enough for the outside to be one free
/// ring, so the space around a house is never reported. Nothing is reported
/// for an empty level or a start that is itself not free. `None` when the
/// level needs more than [`MAX_CELLS`] cells of `cell_size`: a coarser
/// lattice could close narrow corridors and report false areas.
pub fn unreachable_areas(
    collider: &Collider,
    start: Vec2,
    cell_size: f32,
) -> Option<Vec<UnreachableArea>> {
    let Some(mut marked) = flood_the_level(collider, start, cell_size)? else {
        return Some(Vec::new());
    };
    let cell_area = marked.cell_size * marked.cell_size;
    let mut areas = Vec::new();
    for index in 0..marked.cells.len() {
        let columns = marked.dimensions.x;
        let cell = IVec2::new(index as i32 % columns, index as i32 / columns);
        if marked.cells[index] || !free(collider, marked.centre(cell)) {
            continue;
        }
        let region = marked.fill_from(collider, cell, &mut |_| {});
        let area = region.len() as f32 * cell_area;
        if area < MIN_UNREACHABLE_AREA || region.iter().any(|&c| marked.on_border(c)) {
            continue;
        }
        let at = marked.middle(&region);
        areas.push(UnreachableArea { at, area });
    }
    areas.sort_by(|a, b| b.area.total_cmp(&a.area));
    Some(areas)
}
