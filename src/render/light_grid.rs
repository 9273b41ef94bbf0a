//! The light grid: for each cell of a square grid over the floor plan, which
//! of a frame's lamp slots can light anything in it.
//!
//! A pixel pays for every lamp the scene shader looks at. Without the grid
//! it looks at every lamp in use, though in a house most of them are behind
//! a wall from most pixels. With it, a pixel reads its cell's mask (one
//! texel) and looks only at the lamps whose bit is set there.
//!
//! The grid is conservative, never exact: a lamp's bit is set in every cell
//! where the shader could find it lighting anything (within its radius, and
//! no farther than its shadow row lets its light travel, plus the shader's
//! bias), so the picture is the same as without the grid. A cell may carry a
//! bit for a lamp that lights none of it: that costs time, never a pixel.

use glam::Vec2;

use super::lamps::{MAX_LAMPS, SHADOW_BIAS, SHADOW_DIRECTIONS, ShadowTexel, diamond_angle};
use crate::level::Light;

/// Cells along each side of the grid (and of its texture).
pub const GRID_CELLS: u32 = 128;

/// Format of the grid's texture: one bit per lamp slot.
pub const GRID_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::R32Uint;

/// Slack added to every distance compared, in metres: covers the rounding
/// between this code and the shader's.
const SLACK: f32 = 0.01;

/// The grid's place, as the shader reads it: a world point (x, z) maps to
/// cell `floor((point - origin) * cells_per_metre)`; cells outside the grid
/// have no lamp.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridPlace {
    /// The world point (x, z) at the corner of cell (0, 0).
    pub origin: Vec2,
    /// Cells per metre along x and z.
    pub cells_per_metre: f32,
}

/// One frame's light grid: its place and a mask per cell, row by row (z),
/// [`GRID_CELLS`] cells a row.
#[derive(Debug, Clone, PartialEq)]
pub struct LightGrid {
    /// Where the grid lies.
    pub place: GridPlace,
    /// Bit `slot` of a cell is set when lamp slot `slot` may light it.
    pub masks: Vec<u32>,
}

impl LightGrid {
    /// The grid for the lamps in `slots` (each with its shadow row, in
    /// slot order, at most [`MAX_LAMPS`]): it spans every lamp's reach.
    pub fn new(slots: &[(Light, &[ShadowTexel])]) -> Self {
        let cells = GRID_CELLS as usize;
        let mut masks = vec![0u32; cells * cells];
        let reach = |lamp: &Light| Vec2::splat(lamp.radius + SHADOW_BIAS + SLACK);
        let (min, max) = slots.iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(min, max), (lamp, _)| {
                (
                    min.min(lamp.at - reach(lamp)),
                    max.max(lamp.at + reach(lamp)),
                )
            },
        );
        let span = (max - min).max_element();
        if !span.is_finite() || span <= 0.0 {
            let place = GridPlace {
                origin: Vec2::ZERO,
                cells_per_metre: 0.0,
            };
            return Self { place, masks };
        }
        let place = GridPlace {
            origin: min,
            cells_per_metre: GRID_CELLS as f32 / span,
        };
        let cell_size = span / GRID_CELLS as f32;
        for (slot, (lamp, row)) in slots.iter().enumerate().take(MAX_LAMPS) {
            let farthest = RangeMax::new(row);
            let corner = |cell: Vec2| place.origin + cell * cell_size;
            let first = ((lamp.at - reach(lamp) - place.origin) * place.cells_per_metre).floor();
            let last = ((lamp.at + reach(lamp) - place.origin) * place.cells_per_metre).floor();
            let clamp = |v: f32| (v.max(0.0) as usize).min(cells - 1);
            for z in clamp(first.y)..=clamp(last.y) {
                for x in clamp(first.x)..=clamp(last.x) {
                    let low = corner(Vec2::new(x as f32, z as f32)) - SLACK;
                    let high = corner(Vec2::new(x as f32 + 1.0, z as f32 + 1.0)) + SLACK;
                    if may_light(lamp, &farthest, low, high) {
                        masks[z * cells + x] |= 1 << slot;
                    }
                }
            }
        }
        Self { place, masks }
    }
}

/// Whether `lamp` (with the range maxima of its shadow row) may light a
/// point of the box `low..high` on the floor plan, as the shader decides:
/// nearer than the radius, and no farther than the row's depth in the
/// point's direction plus the bias.
fn may_light(lamp: &Light, farthest: &RangeMax, low: Vec2, high: Vec2) -> bool {
    let nearest = lamp.at.clamp(low, high).distance(lamp.at);
    if nearest >= lamp.radius {
        return false;
    }
    if nearest == 0.0 {
        // The lamp stands in the box: every direction.
        return true;
    }
    let corners = [
        low,
        Vec2::new(high.x, low.y),
        high,
        Vec2::new(low.x, high.y),
    ]
    .map(|corner| diamond_angle(corner - lamp.at));
    // The box does not hold the lamp, so it spans less than half a turn
    // (2 in diamond units) as seen from it: measure its corners from the
    // first one, each wrapped into -2..2.
    let wrap = |d: f32| (d + 2.0).rem_euclid(4.0) - 2.0;
    let (from, to) = corners.iter().fold((0.0f32, 0.0f32), |(from, to), &d| {
        let offset = wrap(d - corners[0]);
        (from.min(offset), to.max(offset))
    });
    let texels = SHADOW_DIRECTIONS as f32 / 4.0;
    // One texel more on each side for the rounding of the direction.
    let first = ((corners[0] + from) * texels).floor() as i64 - 1;
    let last = ((corners[0] + to) * texels).floor() as i64 + 1;
    nearest <= farthest.over_wrapping(first, last) + SHADOW_BIAS + SLACK
}

/// The largest depth over any run of a shadow row's texels, in constant
/// time (a sparse table: the maximum of each run of 2^k texels).
struct RangeMax {
    levels: Vec<Vec<f32>>,
}

impl RangeMax {
    fn new(row: &[ShadowTexel]) -> Self {
        let mut levels = vec![row.iter().map(|texel| texel[0]).collect::<Vec<f32>>()];
        let mut run = 1;
        while run * 2 <= row.len() {
            let previous = &levels[levels.len() - 1];
            let next = (0..=row.len() - run * 2)
                .map(|start| previous[start].max(previous[start + run]))
                .collect();
            levels.push(next);
            run *= 2;
        }
        Self { levels }
    }

    /// The largest depth over texels `first..=last` (`first <= last`, both
    /// within the row).
    fn over(&self, first: usize, last: usize) -> f32 {
        let length = last - first + 1;
        let level = length.ilog2() as usize;
        let run = 1 << level;
        self.levels[level][first].max(self.levels[level][last + 1 - run])
    }

    /// The largest depth over texels `first..=last`, counted round the
    /// circle (either may lie outside the row, as a direction past a full
    /// turn); the whole row when the run covers it.
    fn over_wrapping(&self, first: i64, last: i64) -> f32 {
        let count = self.levels[0].len() as i64;
        if count == 0 {
            return f32::NEG_INFINITY;
        }
        if last - first + 1 >= count {
            return self.over(0, count as usize - 1);
        }
        let start = first.rem_euclid(count) as usize;
        let end = last.rem_euclid(count) as usize;
        if start <= end {
            self.over(start, end)
        } else {
            self.over(start, count as usize - 1).max(self.over(0, end))
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::level::Level;
    use crate::render::lamps::shadow_row;
    use crate::render::lamps::tests::texel_index;

    /// Whether the scene shader's `lamp_light` would look past its shadow
    /// test for `lamp` at the floor-plan point `point`: written from the
    /// shader's text (the 2D distance, the diamond angle's texel, the bias).
    fn shader_lights(lamp: &Light, row: &[ShadowTexel], point: Vec2) -> bool {
        let flat = point - lamp.at;
        let texel = texel_index(flat);
        let distance = flat.length();
        distance < lamp.radius && distance <= row[texel as usize][0] + SHADOW_BIAS
    }

    fn cell_of(grid: &LightGrid, point: Vec2) -> Option<usize> {
        let cell = ((point - grid.place.origin) * grid.place.cells_per_metre).floor();
        let inside = (0.0..GRID_CELLS as f32).contains(&cell.x)
            && (0.0..GRID_CELLS as f32).contains(&cell.y);
        inside.then(|| cell.y as usize * GRID_CELLS as usize + cell.x as usize)
    }

    fn house_and_rows() -> (Level, Vec<(Light, Vec<ShadowTexel>)>) {
        let level = Level::default_house();
        let collider = Arc::new(level.collider());
        let rows = level
            .lights
            .iter()
            .take(MAX_LAMPS)
            .map(|lamp| (*lamp, shadow_row(&collider, &level, lamp, &[])))
            .collect();
        (level, rows)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Wherever the shader finds a lamp's light, the grid has its bit.
        #[test]
        fn the_grid_keeps_every_lamp_the_shader_would_use(
            points in prop::collection::vec((0.0f32..1.0, 0.0f32..1.0), 500),
        ) {
            let (_, rows) = house_and_rows();
            let slots: Vec<(Light, &[ShadowTexel])> =
                rows.iter().map(|(lamp, row)| (*lamp, row.as_slice())).collect();
            let grid = LightGrid::new(&slots);
            let span = GRID_CELLS as f32 / grid.place.cells_per_metre;
            for (u, v) in points {
                let point = grid.place.origin + Vec2::new(u, v) * span;
                let mask = cell_of(&grid, point).map_or(0, |cell| grid.masks[cell]);
                for (slot, (lamp, row)) in slots.iter().enumerate() {
                    if shader_lights(lamp, row, point) {
                        prop_assert!(mask & (1 << slot) != 0, "slot {slot} at {point}");
                    }
                }
            }
        }
    }

    /// The lamp bits a grid sets, over all its cells.
    fn bits(grid: &LightGrid) -> u32 {
        grid.masks.iter().map(|mask| mask.count_ones()).sum()
    }

    #[test]
    fn walls_keep_the_lamps_behind_them_out_of_a_cell() {
        let (_, rows) = house_and_rows();
        let slots: Vec<(Light, &[ShadowTexel])> = rows
            .iter()
            .map(|(lamp, row)| (*lamp, row.as_slice()))
            .collect();
        // The same lamps with nothing in their way.
        let open_rows: Vec<Vec<ShadowTexel>> = rows
            .iter()
            .map(|(lamp, row)| vec![[lamp.radius, 0.0, 0.0, 0.0]; row.len()])
            .collect();
        let open_slots: Vec<(Light, &[ShadowTexel])> = rows
            .iter()
            .zip(&open_rows)
            .map(|((lamp, _), row)| (*lamp, row.as_slice()))
            .collect();
        let (walled, open) = (
            bits(&LightGrid::new(&slots)),
            bits(&LightGrid::new(&open_slots)),
        );
        assert!(walled > 0);
        assert!(
            walled * 2 < open,
            "{walled} bits with walls, {open} without"
        );
    }

    #[test]
    fn range_maxima_match_a_scan_including_runs_round_the_circle() {
        let row: Vec<ShadowTexel> = (0..SHADOW_DIRECTIONS)
            .map(|i| [((i * 7919) % 1000) as f32, 0.0, 0.0, 0.0])
            .collect();
        let table = RangeMax::new(&row);
        let count = SHADOW_DIRECTIONS as i64;
        let scan = |first: i64, last: i64| {
            (first..=last)
                .map(|i| row[i.rem_euclid(count) as usize][0])
                .fold(f32::NEG_INFINITY, f32::max)
        };
        for (first, last) in [
            (0, 0),
            (5, 17),
            (-3, 4),
            (1000, 1030),
            (-1, count),
            (300, 301),
        ] {
            assert_eq!(
                table.over_wrapping(first, last),
                scan(first, last),
                "{first}..={last}"
            );
        }
    }

    #[test]
    fn no_lamp_gives_an_empty_grid() {
        let grid = LightGrid::new(&[]);
        assert!(grid.masks.iter().all(|&m| m == 0));
    }
}
