//! The light grid: for each cell of a square grid over the floor plan, which
//! of a frame's lamp slots can light anything in it.
//!
//! A pixel pays for every lamp the scene shader looks at. Without the grid
//! it looks at every lamp in use, though in a house most of them are behind
//! a wall from most pixels. With it, a pixel reads its cell's masks (one
//! texel), takes the mask for its class of face ([`FaceClass`]: a wall's
//! face lists only the lamps in front of it) and looks only at the lamps
//! whose bit is set there.
//!
//! The grid is conservative, never exact: a lamp's bit is set in every cell
//! where the shader could find it lighting anything (within its radius, and
//! no farther than its shadow row lets its light travel, plus the shader's
//! bias), so the picture is the same as without the grid. A cell may carry a
//! bit for a lamp that lights none of it: that costs time, never a pixel.

use glam::Vec2;

use super::light_rebake::TexelRect;
use super::shadow::{MAX_LAMPS, SHADOW_BIAS, ShadowTexel, diamond_direction};
use crate::level::Light;

/// Cells along each side of the grid (and of its texture).
pub const GRID_CELLS: u32 = 128;

/// Format of the grid's texture: a cell's two words of masks.
pub const GRID_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rg32Uint;

/// The faces a cell's masks tell apart, each with its own mask of the lamps
/// that may light it there: a lamp lights a face only from in front, and
/// the floor only within the radius measured from the lamp's height. The
/// shader takes a face's class from its normal and height (`face_class` in
/// shaders/scene.wgsl, whose `FACE_` constants are these numbers, written
/// into its source by `render/scene_shader.rs`); class `c`'s mask is byte
/// `c % 4` of word `c / 4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaceClass {
    /// Any face: the ceiling, obstacle tops, walls not along an axis.
    Any = 0,
    /// The floor (facing up at height 0).
    Floor = 1,
    /// A face whose normal is +x; lit by a lamp at a greater x only.
    FacingPlusX = 2,
    /// A face whose normal is −x.
    FacingMinusX = 3,
    /// A face whose normal is +z.
    FacingPlusZ = 4,
    /// A face whose normal is −z.
    FacingMinusZ = 5,
}

impl FaceClass {
    /// The bit of lamp slot `slot` in this class's mask, in its word.
    fn bit(self, slot: usize) -> (usize, u32) {
        let class = self as usize;
        (class / 4, 1 << ((class % 4) * 8 + slot))
    }
}

/// Slack added to every distance compared, in metres: covers the rounding
/// between this code and the shader's.
const SLACK: f32 = 0.01;

/// The most shadow texels marked as one triangle; no triangle holds
/// texels of two blocks of this many (from texel 0 on), so that a change
/// to some texels of a row changes only the triangles of their blocks
/// and of the blocks beside them.
const MAX_RUN: usize = 16;

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

impl GridPlace {
    /// The place of a grid that spans the reach of every one of `lamps`;
    /// without lamps, none (no cell per metre).
    pub fn spanning<'a>(lamps: impl IntoIterator<Item = &'a Light>) -> Self {
        let (min, max) = lamps.into_iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(min, max), lamp| {
                (
                    min.min(lamp.at - reach(lamp)),
                    max.max(lamp.at + reach(lamp)),
                )
            },
        );
        let span = (max - min).max_element();
        if !span.is_finite() || span <= 0.0 {
            return Self {
                origin: Vec2::ZERO,
                cells_per_metre: 0.0,
            };
        }
        Self {
            origin: min,
            cells_per_metre: GRID_CELLS as f32 / span,
        }
    }

    /// The cell (x, z) holding the world point `point`, as the shader finds
    /// it: whole numbers, not clamped to the grid.
    fn cell(&self, point: Vec2) -> Vec2 {
        ((point - self.origin) * self.cells_per_metre).floor()
    }

    /// The world point at the low corner of cell `cell` (x, z).
    fn corner(&self, cell: Vec2) -> Vec2 {
        self.origin + cell / self.cells_per_metre
    }

    /// Calls `touched` with the index of every cell that the triangle
    /// `corners` touches or comes within [`SLACK`] of, each once: row by
    /// row of cells, the triangle's extent along x within the row's strip
    /// (from its corners inside the strip and its edges' crossings of the
    /// strip's sides).
    fn each_cell_touched(&self, corners: [Vec2; 3], mut touched: impl FnMut(usize)) {
        let cells = i64::from(GRID_CELLS);
        let low = self.cell(corners.into_iter().fold(Vec2::INFINITY, Vec2::min) - SLACK);
        let high = self.cell(corners.into_iter().fold(Vec2::NEG_INFINITY, Vec2::max) + SLACK);
        let strip = |row: i64| self.corner(Vec2::new(0.0, row as f32)).y;
        let column = |x: f32| self.cell(Vec2::new(x, self.origin.y)).x as i64;
        for row in (low.y as i64).max(0)..=(high.y as i64).min(cells - 1) {
            let (bottom, top) = (strip(row) - SLACK, strip(row + 1) + SLACK);
            let mut extent = (f32::INFINITY, f32::NEG_INFINITY);
            let mut include = |x: f32| extent = (extent.0.min(x), extent.1.max(x));
            for (index, &p) in corners.iter().enumerate() {
                if (bottom..=top).contains(&p.y) {
                    include(p.x);
                }
                let q = corners[(index + 1) % 3];
                for side in [bottom, top] {
                    if (p.y - side) * (q.y - side) <= 0.0 && p.y != q.y {
                        include(p.x + (q.x - p.x) * (side - p.y) / (q.y - p.y));
                    }
                }
            }
            let (left, right) = extent;
            if left > right {
                continue;
            }
            let first = column(left - SLACK).max(0);
            let last = column(right + SLACK).min(cells - 1);
            for x in first..=last {
                touched((row * cells + x) as usize);
            }
        }
    }
}

/// How far from a lamp, on the floor plan, the grid may have to mark a cell
/// for it: its radius, the shadow bias and the slack.
fn reach(lamp: &Light) -> f32 {
    lamp.radius + SHADOW_BIAS + SLACK
}

/// A cell's masks where it lists every lamp for every class of face: every
/// bit set, since the shader keeps only the bits of the slots in use
/// (`listed_lamps` in shaders/scene.wgsl).
pub const EVERY_LAMP: [u32; 2] = [u32::MAX; 2];

/// Every cell of the grid, as a rectangle of its texture's texels.
pub const ALL_CELLS: TexelRect = TexelRect {
    x: 0,
    y: 0,
    width: GRID_CELLS,
    height: GRID_CELLS,
};

/// One frame's light grid: its place and the masks of each cell, row by row
/// (z), [`GRID_CELLS`] cells a row.
#[derive(Debug, Clone, PartialEq)]
pub struct LightGrid {
    /// Where the grid lies.
    pub place: GridPlace,
    /// A cell's masks, one per [`FaceClass`]: the bit of lamp slot `slot`
    /// is set when that lamp may light a face of the class there.
    pub masks: Vec<[u32; 2]>,
    /// How many of each slot's triangles touch each cell: a slot is
    /// listed in a cell while any does.
    touches: Vec<[u16; MAX_LAMPS]>,
    /// The sectors each slot's lamp was marked with, in slot order: what
    /// [`relist`](Self::relist) compares a changed row's with.
    sectors: Vec<Vec<Sector>>,
}

/// A run of a shadow row's texels that [`LightGrid`] marks as one
/// triangle: texels `start` to `end` (not included), out to `far` metres
/// from the lamp.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Sector {
    start: usize,
    end: usize,
    far: f32,
}

/// How closely a grid lists the lamps of its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Listing {
    /// Each cell lists only the lamps that may light it
    /// ([`LightGrid::new`]): a pixel looks at few lamps, and the grid takes
    /// a ray's worth of work per shadow texel to make.
    Tight,
    /// Every cell lists every lamp for every class of face
    /// ([`EVERY_LAMP`]), over the cells of a tight grid's place
    /// ([`GridPlace::spanning`]): made at once, each point then looks at
    /// every lamp. The light is the same, since a lamp left out of a tight
    /// grid's cell adds exactly nothing there. For the few texels a bake
    /// after a change draws again.
    EveryLamp,
}

impl LightGrid {
    /// The grid for the lamps in `slots` (each with its shadow row, in
    /// slot order, at most [`MAX_LAMPS`]), each cell listing only the
    /// lamps that may light it: it spans every lamp's reach.
    pub fn new(slots: &[(Light, &[ShadowTexel])]) -> Self {
        let place = GridPlace::spanning(slots.iter().map(|(lamp, _)| lamp));
        let cells = (GRID_CELLS * GRID_CELLS) as usize;
        let mut grid = Self {
            place,
            masks: vec![[0u32; 2]; cells],
            touches: vec![[0u16; MAX_LAMPS]; cells],
            sectors: Vec::new(),
        };
        if place.cells_per_metre > 0.0 {
            for (slot, (lamp, row)) in slots.iter().enumerate().take(MAX_LAMPS) {
                let sectors = grid.sectors(lamp, row);
                for &sector in &sectors {
                    grid.touch(slot, lamp, triangle(lamp, row.len(), sector), 1);
                }
                grid.sectors.push(sectors);
            }
        }
        grid
    }

    /// Lists slot `slot`'s lamp, `lamp` as when the grid was made, anew
    /// for its changed shadow `row`, as [`new`](Self::new) would: only
    /// the triangles marked before or now and not both are taken away or
    /// added, since a cell is listed while any triangle touches it.
    /// Returns the cells that may have changed, `None` when the
    /// triangles are the same.
    pub fn relist(&mut self, slot: usize, lamp: &Light, row: &[ShadowTexel]) -> Option<TexelRect> {
        let before = self.sectors.get(slot)?;
        let after = self.sectors(lamp, row);
        let count = row.len();
        let (gone, come) = differing(before, &after);
        let mut cells: Option<TexelRect> = None;
        for (sectors, touches) in [(gone, -1), (come, 1)] {
            for sector in sectors {
                let corners = triangle(lamp, count, sector);
                if let Some(more) = self.triangle_cells(corners) {
                    cells = Some(cells.map_or(more, |cells| cells.join(more)));
                }
                self.touch(slot, lamp, corners, touches);
            }
        }
        self.sectors[slot] = after;
        cells
    }

    /// The sectors the grid marks for `lamp` with its shadow `row`. Each
    /// texel of the row lights a thin sector from the lamp, out to the
    /// texel's depth (or a neighbour's, for the rounding of the direction)
    /// plus the bias, and never past the radius. Runs of texels whose
    /// reaches differ by less than a quarter of a cell are one sector, at
    /// the run's farthest reach; cells behind a wall stay clear even
    /// beside a doorway. A run stops at the end of its block of
    /// [`MAX_RUN`] texels.
    fn sectors(&self, lamp: &Light, row: &[ShadowTexel]) -> Vec<Sector> {
        let count = row.len();
        let reach = |texel: usize| {
            let (before, after) = ((texel + count - 1) % count, (texel + 1) % count);
            let depth = f32::NEG_INFINITY
                .max(row[before][0])
                .max(row[texel][0])
                .max(row[after][0]);
            (depth + SHADOW_BIAS).min(lamp.radius).max(0.0) + SLACK
        };
        let tolerance = 0.25 / self.place.cells_per_metre;
        let mut sectors = Vec::with_capacity(count / 2);
        let mut start = 0;
        while start < count {
            let (mut nearest, mut farthest) = (reach(start), reach(start));
            let mut end = start + 1;
            while end < count && end % MAX_RUN != 0 {
                let next = reach(end);
                if next.max(farthest) - next.min(nearest) > tolerance {
                    break;
                }
                (nearest, farthest) = (nearest.min(next), farthest.max(next));
                end += 1;
            }
            sectors.push(Sector {
                start,
                end,
                far: farthest,
            });
            start = end;
        }
        sectors
    }

    /// Counts `touches` (1 to add, −1 to take away) for lamp `slot` in
    /// every cell the triangle `corners` touches, and lists the lamp
    /// there as [`mark_classes`](Self::mark_classes) says while any
    /// triangle of its touches the cell (only in the cells within its
    /// reach for the classes other than any face), not at all after.
    fn touch(&mut self, slot: usize, lamp: &Light, corners: [Vec2; 3], touches: i32) {
        let place = self.place;
        let cells = GRID_CELLS as usize;
        let to_cell = |point: Vec2| {
            let cell = place.cell(point);
            cell.clamp(Vec2::ZERO, Vec2::splat((cells - 1) as f32))
        };
        // Every cell the triangles touch: within the reach, and SLACK.
        let span = Vec2::splat(reach(lamp) + SLACK);
        let (first, last) = (to_cell(lamp.at - span), to_cell(lamp.at + span));
        let within_reach = |x: usize, z: usize| {
            (first.x as usize..=last.x as usize).contains(&x)
                && (first.y as usize..=last.y as usize).contains(&z)
        };
        let floor_reach = (lamp.radius.powi(2) - lamp.height.powi(2)).max(0.0).sqrt();
        let (word, bit) = FaceClass::Any.bit(slot);
        let cleared = !(0x0101_0101u32 << slot);
        place.each_cell_touched(corners, |index| {
            let count = &mut self.touches[index][slot];
            let was_listed = *count > 0;
            *count = count.saturating_add_signed(touches as i16);
            match (was_listed, *count > 0) {
                (false, true) => {
                    self.masks[index][word] |= bit;
                    let (x, z) = (index % cells, index / cells);
                    if within_reach(x, z) {
                        self.mark_classes(slot, lamp, floor_reach, (x, z));
                    }
                }
                (true, false) => self.masks[index] = self.masks[index].map(|w| w & cleared),
                _ => {}
            }
        });
    }

    /// The cells that [`GridPlace::each_cell_touched`] may give for the
    /// triangle `corners`, with a cell to spare on every side (for the
    /// rounding of its edges' crossings); `None` when none is in the grid.
    fn triangle_cells(&self, corners: [Vec2; 3]) -> Option<TexelRect> {
        let last = i64::from(GRID_CELLS) - 1;
        let low = self
            .place
            .cell(corners.into_iter().fold(Vec2::INFINITY, Vec2::min) - SLACK);
        let high = self
            .place
            .cell(corners.into_iter().fold(Vec2::NEG_INFINITY, Vec2::max) + SLACK);
        let (x, y) = ((low.x as i64 - 1).max(0), (low.y as i64 - 1).max(0));
        let (right, bottom) = ((high.x as i64 + 1).min(last), (high.y as i64 + 1).min(last));
        (x <= right && y <= bottom).then(|| TexelRect {
            x: x as u32,
            y: y as u32,
            width: (right - x + 1) as u32,
            height: (bottom - y + 1) as u32,
        })
    }

    /// Sets lamp `slot`'s bit in the masks of `cell` for each class of face
    /// the lamp may light there, given that it lights some point of the
    /// cell: the floor when the cell comes within `floor_reach` of the lamp
    /// (its reach on the floor, the radius measured from its height); a
    /// face along an axis when part of the cell lies behind the lamp's
    /// place along that face's normal.
    fn mark_classes(
        &mut self,
        slot: usize,
        lamp: &Light,
        floor_reach: f32,
        (x, z): (usize, usize),
    ) {
        let low = self.place.corner(Vec2::new(x as f32, z as f32));
        let high = self.place.corner(Vec2::new((x + 1) as f32, (z + 1) as f32));
        let classes = [
            (
                FaceClass::Floor,
                lamp.at.clamp(low, high).distance(lamp.at) < floor_reach + SLACK,
            ),
            (FaceClass::FacingPlusX, low.x < lamp.at.x + SLACK),
            (FaceClass::FacingMinusX, high.x > lamp.at.x - SLACK),
            (FaceClass::FacingPlusZ, low.y < lamp.at.y + SLACK),
            (FaceClass::FacingMinusZ, high.y > lamp.at.y - SLACK),
        ];
        let masks = &mut self.masks[z * GRID_CELLS as usize + x];
        for (class, lit) in classes {
            if lit {
                let (word, bit) = class.bit(slot);
                masks[word] |= bit;
            }
        }
    }
}

/// The triangle that holds `sector` of `lamp`'s row of `count` texels:
/// the sectors' far side is an arc, so its far corners lie 1 / cos(half
/// its angle) beyond the sector's reach.
fn triangle(lamp: &Light, count: usize, sector: Sector) -> [Vec2; 3] {
    let boundary =
        |b: usize| diamond_direction((b % count) as f32 * 4.0 / count as f32).normalize();
    let (from, to) = (boundary(sector.start), boundary(sector.end));
    let half_angle_cos = ((1.0 + from.dot(to)) * 0.5).sqrt().max(0.5);
    let far = sector.far / half_angle_cos;
    [lamp.at, lamp.at + from * far, lamp.at + to * far]
}

/// The sectors of `before` that are not in `after`, and those of `after`
/// that are not in `before`, each list in the order of its first texels
/// (as [`LightGrid::sectors`] makes them).
fn differing(before: &[Sector], after: &[Sector]) -> (Vec<Sector>, Vec<Sector>) {
    let (mut old, mut new) = (before.iter().peekable(), after.iter().peekable());
    let (mut gone, mut come) = (Vec::new(), Vec::new());
    loop {
        match (old.peek(), new.peek()) {
            (Some(a), Some(b)) if a == b => {
                old.next();
                new.next();
            }
            (Some(a), Some(b)) if a.start <= b.start => {
                gone.push(**a);
                old.next();
            }
            (_, Some(b)) => {
                come.push(**b);
                new.next();
            }
            (Some(a), None) => {
                gone.push(**a);
                old.next();
            }
            (None, None) => return (gone, come),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use crate::property_cases::property_config;

    use super::*;
    use crate::level::Level;
    use crate::render::shadow::{SHADOW_DIRECTIONS, shadow_row, texel_index};

    /// Whether the scene shader's `lamp_light` would look past its shadow
    /// test for `lamp` at the floor-plan point `point`: written from the
    /// shader's text (the 2D distance, the diamond angle's texel, the bias).
    fn shader_lights(lamp: &Light, row: &[ShadowTexel], point: Vec2) -> bool {
        let flat = point - lamp.at;
        let texel = texel_index(flat);
        let distance = flat.length();
        distance < lamp.radius && distance <= row[texel as usize][0] + SHADOW_BIAS
    }

    const CLASSES: [FaceClass; 6] = [
        FaceClass::Any,
        FaceClass::Floor,
        FaceClass::FacingPlusX,
        FaceClass::FacingMinusX,
        FaceClass::FacingPlusZ,
        FaceClass::FacingMinusZ,
    ];

    /// Whether the shader finds `lamp` lighting a face of `class` at
    /// `point`: past the shadow test, the floor (at height 0) nearer than
    /// the radius in 3D, a face along an axis facing the lamp.
    fn shader_lights_face(
        lamp: &Light,
        row: &[ShadowTexel],
        point: Vec2,
        class: FaceClass,
    ) -> bool {
        let to_lamp = lamp.at - point;
        shader_lights(lamp, row, point)
            && match class {
                FaceClass::Any => true,
                FaceClass::Floor => {
                    to_lamp.length_squared() + lamp.height.powi(2) < lamp.radius.powi(2)
                }
                FaceClass::FacingPlusX => to_lamp.x > 0.0,
                FaceClass::FacingMinusX => to_lamp.x < 0.0,
                FaceClass::FacingPlusZ => to_lamp.y > 0.0,
                FaceClass::FacingMinusZ => to_lamp.y < 0.0,
            }
    }

    /// Whether `grid` lists lamp `slot` for faces of `class` in `cell`.
    fn listed(grid: &LightGrid, cell: usize, class: FaceClass, slot: usize) -> bool {
        let (word, bit) = class.bit(slot);
        grid.masks[cell][word] & bit != 0
    }

    fn cell_of(grid: &LightGrid, point: Vec2) -> Option<usize> {
        let cell = grid.place.cell(point);
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
        #![proptest_config(property_config(64))]

        /// Wherever the shader finds a lamp's light on a face of any class,
        /// the grid has the lamp's bit for that class.
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
                let cell = cell_of(&grid, point);
                for (slot, (lamp, row)) in slots.iter().enumerate() {
                    for class in CLASSES {
                        if shader_lights_face(lamp, row, point, class) {
                            prop_assert!(
                                cell.is_some_and(|cell| listed(&grid, cell, class, slot)),
                                "slot {slot} at {point}, {class:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The lamp bits a grid sets for faces of any class, over all its
    /// cells.
    fn bits(grid: &LightGrid) -> u32 {
        let (word, _) = FaceClass::Any.bit(0);
        grid.masks
            .iter()
            .map(|mask| (mask[word] & 0xff).count_ones())
            .sum()
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

    /// The grid is also tight: nearly every lamp a cell lists for a class
    /// of face lights such a face at some point of the cell or of the cells
    /// around it, as the shader finds (sampled every twelfth of a cell).
    /// The classes along an axis are judged by the cell's bounds, not by
    /// its lit part, so a few are listed in vain (fewer than one in 200);
    /// listing every lamp for every class would leave far more in vain,
    /// the faces of a wall listing the lamps behind it.
    #[test]
    fn the_grid_lists_a_lamp_only_near_where_it_lights_such_a_face() {
        let (_, rows) = house_and_rows();
        let slots: Vec<(Light, &[ShadowTexel])> = rows
            .iter()
            .map(|(lamp, row)| (*lamp, row.as_slice()))
            .collect();
        let grid = LightGrid::new(&slots);
        let size = 1.0 / grid.place.cells_per_metre;
        let cells = GRID_CELLS as usize;
        let (mut far_off, mut listings) = (Vec::new(), 0);
        for cell in 0..grid.masks.len() {
            let corner = grid
                .place
                .corner(Vec2::new((cell % cells) as f32, (cell / cells) as f32));
            for (slot, (lamp, row)) in slots.iter().enumerate() {
                for class in CLASSES {
                    if !listed(&grid, cell, class, slot) {
                        continue;
                    }
                    listings += 1;
                    let lit_near = (0..=36).any(|i| {
                        (0..=36).any(|j| {
                            let step = Vec2::new(i as f32, j as f32) / 12.0 - 1.0;
                            shader_lights_face(lamp, row, corner + step * size, class)
                        })
                    });
                    if !lit_near {
                        far_off.push((slot, class, corner));
                    }
                }
            }
        }
        assert!(
            far_off.len() * 200 < listings,
            "{} of {listings} listings in vain, such as {:?}",
            far_off.len(),
            far_off.first()
        );
    }

    /// A lamp whose row changes (a door shuts across some of its
    /// directions, then opens again) is listed anew in a few cells, and
    /// the grid is then the one made anew from the changed rows.
    #[test]
    fn a_lamp_listed_anew_after_its_row_changed_lists_as_a_new_grid() {
        let (_, rows) = house_and_rows();
        let grid_of = |rows: &[(Light, Vec<ShadowTexel>)]| {
            let slots: Vec<(Light, &[ShadowTexel])> = rows
                .iter()
                .map(|(lamp, row)| (*lamp, row.as_slice()))
                .collect();
            LightGrid::new(&slots)
        };
        let mut grid = grid_of(&rows);
        let mut changed = rows.clone();
        for (slot, first, length) in [(0, 100, 30), (3, 1010, 40), (5, 500, 3), (7, 0, 64)] {
            let (lamp, row) = &mut changed[slot];
            for direction in first..first + length {
                let texel = &mut row[direction % SHADOW_DIRECTIONS as usize];
                texel[0] *= 0.3;
            }
            let cells = grid.relist(slot, lamp, row).expect("a shorter reach");
            assert_eq!(grid, grid_of(&changed), "slot {slot} shut");
            assert!(
                cells.texels() * 8 < ALL_CELLS.texels(),
                "slot {slot}: {cells:?}"
            );
            changed[slot] = rows[slot].clone();
            let (lamp, row) = &changed[slot];
            assert!(grid.relist(slot, lamp, row).is_some(), "slot {slot} open");
            assert_eq!(grid, grid_of(&changed), "slot {slot} open");
            assert_eq!(grid.relist(slot, lamp, row), None, "nothing changed");
        }
    }

    #[test]
    fn no_lamp_gives_an_empty_grid() {
        let grid = LightGrid::new(&[]);
        assert!(grid.masks.iter().all(|&m| m == [0, 0]));
    }
}
