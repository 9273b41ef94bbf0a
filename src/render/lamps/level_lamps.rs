//! One level's lamps: the shadow row of each, made the first time it
//! lights a frame and kept, dropped or partly cast again as the level and
//! its moving shapes change; each lamp's stamp; and which lamps light a
//! frame.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use bytemuck::Zeroable;
use glam::{Vec2, Vec3};

use super::super::shadow::{
    LevelHits, MAX_LAMPS, Occluder, ShadowTexel, ray_end, row_with_hits, texel_with,
};
use super::super::shadow_changes::{ChangedDirections, RowHistory};
use super::reach::{
    changed_boxes, directions_towards, occluders_within_reach, reach_meets, segment_meets_box,
};
use super::texel::{GpuShadowTexel, gpu_texel};
use super::uniform::{LampsUniform, Torch, lamp_data};
use crate::collision::{Collider, ConvexPolygon};
use crate::edit::{LevelChange, Piece};
use crate::level::mesh::MovingShape;
use crate::level::{Level, Light};

/// One level's lamps and the shadow rows made so far.
#[derive(Debug)]
pub struct LevelLamps {
    level: Arc<Level>,
    /// The level's lamps as they hang in it ([`Level::placed_light`]):
    /// their heights counted from the ground, as light and shadow take
    /// them.
    placed: Vec<Light>,
    collider: Arc<Collider>,
    rows: Vec<Option<Row>>,
    /// Each lamp's stamp (see [`stamp`](Self::stamp)): taken anew from
    /// [`NEXT_STAMP`] whenever its row is dropped or recast.
    stamps: Vec<u64>,
    /// Each lamp's last changes of its row, from stamp to stamp (see
    /// [`changed_since`](Self::changed_since)).
    histories: Vec<RowHistory>,
    /// The lamps whose shadow rows were made since the last
    /// [`take_rows_made`](Self::take_rows_made), in the order made.
    rows_made: Vec<usize>,
    /// The shapes that cast shadows besides the level's (closed doors'
    /// leaves, bodies at rest) the rows were made with: outlines and
    /// heights as the frame gave them, and as polygons for the rays.
    occluders: (Vec<(Vec<Vec2>, f32)>, Vec<Occluder>),
    /// Different after every change to the rows or the lamps: what was
    /// written for one generation is current while it lasts.
    generation: u64,
}

/// A lamp's shadow row; the same row as the shader reads it, kept beside
/// it so that a frame that writes the row does not pack it again; and
/// what each texel's ray meets of the level's shapes, so that a texel
/// cast again after a door or a body changed tests only those.
#[derive(Debug, Clone)]
struct Row {
    texels: Box<[ShadowTexel]>,
    packed: Box<[GpuShadowTexel]>,
    hits: Box<[LevelHits]>,
}

impl Row {
    /// The row of `texels`, whose rays meet `hits` of the level's shapes.
    fn new((texels, hits): (Vec<ShadowTexel>, Vec<LevelHits>)) -> Self {
        Self {
            packed: texels.iter().map(gpu_texel).collect(),
            texels: texels.into(),
            hits: hits.into(),
        }
    }

    /// Sets texel `index` to `texel`.
    fn set(&mut self, index: usize, texel: ShadowTexel) {
        if let (Some(kept), Some(packed)) = (self.texels.get_mut(index), self.packed.get_mut(index))
        {
            *kept = texel;
            *packed = gpu_texel(&texel);
        }
    }
}

/// The next generation of any [`LevelLamps`].
static NEXT_GENERATION: AtomicU64 = AtomicU64::new(0);

/// The next lamp stamp of any [`LevelLamps`]: never the same twice, so a
/// stamp stands for one lamp's light between two changes to it.
static NEXT_STAMP: AtomicU64 = AtomicU64::new(0);

/// `level`'s lamps as they hang in it ([`Level::placed_light`]).
fn placed_lights(level: &Level) -> Vec<Light> {
    level
        .lights
        .iter()
        .map(|light| level.placed_light(light))
        .collect()
}

/// A stamp no lamp had before.
fn new_stamp() -> u64 {
    NEXT_STAMP.fetch_add(1, Ordering::Relaxed)
}

impl LevelLamps {
    /// The lamps of `level`, with no shadow row made yet.
    pub fn new(level: &Arc<Level>, collider: &Arc<Collider>) -> Self {
        Self {
            level: Arc::clone(level),
            placed: placed_lights(level),
            collider: Arc::clone(collider),
            rows: vec![None; level.lights.len()],
            stamps: level.lights.iter().map(|_| new_stamp()).collect(),
            histories: vec![RowHistory::default(); level.lights.len()],
            rows_made: Vec::new(),
            occluders: Default::default(),
            generation: NEXT_GENERATION.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// Takes an edit: `changes` made `level` (whose shapes `collider`
    /// holds) from the level these lamps knew. Lamps keep their shadow
    /// rows but those that changed and those whose light reaches one of
    /// the `shaded` rectangles of the floor plan (around each shape the
    /// edit put, moved or took away).
    pub fn edited(
        &mut self,
        level: &Arc<Level>,
        collider: &Arc<Collider>,
        changes: &[LevelChange],
        shaded: &[(Vec2, Vec2)],
    ) {
        for change in changes {
            match change {
                LevelChange::Inserted {
                    index,
                    piece: Piece::Light(_),
                } => {
                    self.rows.insert(*index, None);
                    self.stamps.insert(*index, new_stamp());
                    self.histories.insert(*index, RowHistory::default());
                }
                LevelChange::Removed {
                    index,
                    piece: Piece::Light(_),
                } => {
                    self.rows.remove(*index);
                    self.stamps.remove(*index);
                    self.histories.remove(*index);
                }
                LevelChange::Changed(items) => {
                    for (index, _, after) in items {
                        if let Piece::Light(_) = after {
                            self.drop_row(*index);
                        }
                    }
                }
                _ => {}
            }
        }
        self.level = Arc::clone(level);
        self.collider = Arc::clone(collider);
        let placed = placed_lights(level);
        let moved: Vec<usize> = (0..placed.len())
            .filter(|&index| self.placed.get(index) != placed.get(index))
            .collect();
        self.placed = placed;
        for index in moved {
            self.drop_row(index);
        }
        self.drop_rows_reaching(shaded);
    }

    /// Takes this frame's moving shapes: those with a shadow height
    /// (closed doors, bodies at rest) cast shadows. Where they differ from
    /// the last frame's (a door closes or starts to open, a body comes to
    /// rest or wakes, a closed door comes within the frame's reach), the
    /// lamps whose reach meets a shape that came or went get new stamps,
    /// and in their rows the directions whose rays meet such a shape are
    /// cast again, now; every other direction, and every other lamp's row,
    /// is kept, since no ray of it meets what changed.
    pub fn set_occluders(&mut self, shapes: &[MovingShape]) {
        let level = &self.level;
        let top = |shape: &MovingShape| Some(shape.base_in(level) + shape.shadow_height?);
        let casting = || {
            shapes
                .iter()
                .filter_map(|shape| Some((shape.outline.as_slice(), top(shape)?)))
        };
        let kept = self
            .occluders
            .0
            .iter()
            .map(|(outline, height)| (outline.as_slice(), *height));
        if casting().eq(kept) {
            return;
        }
        let outlines: Vec<(Vec<Vec2>, f32)> = casting()
            .map(|(outline, height)| (outline.to_vec(), height))
            .collect();
        let changed = changed_boxes(&self.occluders.0, &outlines);
        let polygons = outlines
            .iter()
            .filter_map(|(outline, height)| {
                let polygon = ConvexPolygon::new(outline.clone()).ok()?;
                Some(Occluder {
                    polygon,
                    height: *height,
                })
            })
            .collect();
        self.occluders = (outlines, polygons);
        self.recast_rays_meeting(&changed);
    }

    /// Casts again, in the rows of the lamps whose reach meets one of the
    /// floor-plan rectangles (min, max) of `changed`, the rays that meet
    /// one (the ray of a direction meets a shape only if it meets the
    /// rectangle around it), against the occluders and what each ray met
    /// of the level's shapes when its row was made (those did not change
    /// within the lamp's reach since, or the row would have been dropped);
    /// gives the lamps with such a ray, and those without a row yet (made
    /// whole when they next light a frame), new stamps, keeps which
    /// directions of each row changed, and starts a new generation.
    fn recast_rays_meeting(&mut self, changed: &[(Vec2, Vec2)]) {
        let Self {
            placed,
            rows,
            stamps,
            histories,
            rows_made,
            occluders,
            ..
        } = self;
        for (index, lamp) in placed.iter().enumerate() {
            let meeting: Vec<(Vec2, Vec2)> = changed
                .iter()
                .copied()
                .filter(|&(min, max)| reach_meets(lamp, min, max))
                .collect();
            if meeting.is_empty() {
                continue;
            }
            let (Some(stamp), Some(history)) = (stamps.get_mut(index), histories.get_mut(index))
            else {
                continue;
            };
            let Some(row) = rows.get_mut(index).and_then(Option::as_mut) else {
                *stamp = new_stamp();
                history.forget();
                continue;
            };
            let near = occluders_within_reach(lamp, &occluders.1);
            let mut recast = false;
            let mut directions = ChangedDirections::default();
            for direction in directions_towards(lamp, &meeting) {
                let to = ray_end(lamp, direction);
                if meeting
                    .iter()
                    .any(|&(min, max)| segment_meets_box(lamp.at, to, min, max))
                {
                    let (Some(&texel), Some(&hits)) = (
                        row.texels.get(direction as usize),
                        row.hits.get(direction as usize),
                    ) else {
                        continue;
                    };
                    let cast = texel_with(lamp, hits, &near, direction);
                    directions.note(direction, &texel, &cast);
                    row.set(direction as usize, cast);
                    recast = true;
                }
            }
            if !recast {
                // No ray of the lamp's meets what changed: its light is
                // the same.
                continue;
            }
            rows_made.push(index);
            let before = std::mem::replace(stamp, new_stamp());
            history.record(before, *stamp, directions);
        }
        self.generation = NEXT_GENERATION.fetch_add(1, Ordering::Relaxed);
    }

    /// Drops lamp `index`'s shadow row, to be made again as the lamp next
    /// lights a frame, and gives it a new stamp.
    fn drop_row(&mut self, index: usize) {
        if let (Some(row), Some(stamp), Some(history)) = (
            self.rows.get_mut(index),
            self.stamps.get_mut(index),
            self.histories.get_mut(index),
        ) {
            *row = None;
            *stamp = new_stamp();
            history.forget();
        }
    }

    /// Drops the shadow rows of the lamps whose reach meets one of the
    /// floor-plan rectangles (min, max) of `changed`, and starts a new
    /// generation.
    fn drop_rows_reaching(&mut self, changed: &[(Vec2, Vec2)]) {
        let reached: Vec<usize> = self
            .placed
            .iter()
            .enumerate()
            .filter(|(_, lamp)| {
                changed
                    .iter()
                    .any(|&(min, max)| reach_meets(lamp, min, max))
            })
            .map(|(index, _)| index)
            .collect();
        for index in reached {
            self.drop_row(index);
        }
        self.generation = NEXT_GENERATION.fetch_add(1, Ordering::Relaxed);
    }

    /// Whether the level has lamps (it is then lit by them, not by the
    /// directional light).
    pub fn any(&self) -> bool {
        !self.placed.is_empty()
    }

    /// The lamps that light a frame seen from `eye`: those whose reach (a
    /// box around the lamp's place and radius) the view may see
    /// (`in_view(at, radius)`: the frustum, out to the fog): the nearest,
    /// at most [`MAX_LAMPS`], in the level's order; their shadow rows are
    /// made if new. (A scan of the level's lamps: a few microseconds for
    /// thousands.)
    pub fn for_frame(&mut self, eye: Vec3, in_view: impl Fn(Vec2, f32) -> bool) -> Vec<usize> {
        let eye = Vec2::new(eye.x, eye.z);
        let mut near: Vec<(f32, usize)> = self
            .placed
            .iter()
            .enumerate()
            .filter(|(_, lamp)| in_view(lamp.at, lamp.radius))
            .map(|(index, lamp)| (lamp.at.distance(eye), index))
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        near.truncate(MAX_LAMPS);
        // In the level's order: the same lamps keep their slots as the eye
        // moves, so the rows and the light grid are made again only when
        // the set changes.
        let mut active: Vec<usize> = near.into_iter().map(|(_, index)| index).collect();
        active.sort_unstable();
        self.make_rows(&active);
        active
    }

    /// Every lamp whose reach (a box around its place and radius) meets
    /// the floor-plan rectangle from `min` to `max`, in the level's order.
    /// (A scan of the level's lamps.)
    pub fn reaching(&self, min: Vec2, max: Vec2) -> Vec<usize> {
        self.placed
            .iter()
            .enumerate()
            .filter(|(_, lamp)| reach_meets(lamp, min, max))
            .map(|(index, _)| index)
            .collect()
    }

    /// Makes the shadow rows of the lamps at `indices` that have none.
    pub fn make_rows(&mut self, indices: &[usize]) {
        for &index in indices {
            if let (Some(lamp), Some(row @ None)) =
                (self.placed.get(index), self.rows.get_mut(index))
            {
                let cast = row_with_hits(&self.collider, &self.level, lamp, &self.occluders.1);
                *row = Some(Row::new(cast));
                self.rows_made.push(index);
            }
        }
    }

    /// The lamps whose shadow rows were made, wholly or in part, since the
    /// last call, in the order made (what a frame remade of the lamps'
    /// shadows).
    pub fn take_rows_made(&mut self) -> Vec<usize> {
        std::mem::take(&mut self.rows_made)
    }

    /// Different after every change to the lamps or their shadow rows:
    /// after an edit, a reload or a shadow that came or went, what was lit
    /// with the rows before may be out of date ([`stamp`](Self::stamp)
    /// tells which lamps' light is).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Lamp `index`'s stamp: the same stamp means the same light, since
    /// the lamp's last change; the next change to the lamp or to a shape
    /// within its reach gives it another.
    pub fn stamp(&self, index: usize) -> Option<u64> {
        self.stamps.get(index).copied()
    }

    /// The directions of lamp `index`'s shadow row that changed since the
    /// lamp had the stamp `stamp` (none when it still has it): a light
    /// cache baked with that stamp needs again only the texels that look
    /// up one of them. `None` when that is not known (the row was made
    /// anew since, or the changes kept do not go back so far): then every
    /// texel the lamp reaches may have changed.
    pub fn changed_since(&self, index: usize, stamp: u64) -> Option<ChangedDirections> {
        self.histories.get(index)?.since(stamp, self.stamp(index)?)
    }

    /// Lamp `index` of the level, as it hangs there
    /// ([`Level::placed_light`]).
    pub fn light(&self, index: usize) -> Option<&Light> {
        self.placed.get(index)
    }

    /// `lamp` as the light grid takes it. The grid lists a lamp for floor
    /// faces only within its radius in 3D of a floor at height 0; in a
    /// level with floors, which stand at many heights, it is taken as
    /// hanging at 0, so that floor faces are listed as far as any face.
    pub(super) fn for_grid(&self, lamp: Light) -> Light {
        if self.level.floors.is_empty() {
            lamp
        } else {
            Light {
                height: 0.0,
                ..lamp
            }
        }
    }

    /// Every lamp of the level, in its order, as they hang there.
    pub(super) fn lights(&self) -> &[Light] {
        &self.placed
    }

    /// Lamp `index`'s shadow row, once made by [`for_frame`](Self::for_frame).
    pub fn row(&self, index: usize) -> Option<&[ShadowTexel]> {
        Some(&self.rows.get(index)?.as_ref()?.texels)
    }

    /// Lamp `index`'s shadow row as the shader reads it ([`gpu_texel`]).
    pub(super) fn packed_row(&self, index: usize) -> Option<&[GpuShadowTexel]> {
        Some(&self.rows.get(index)?.as_ref()?.packed)
    }

    /// The uniform for the `active` lamps (at most [`MAX_LAMPS`]) and the
    /// `torch` when it is on. `enabled` is the lights switch: off, no lamp
    /// and no torch light the frame, and it looks as a level without
    /// lamps.
    pub fn uniform(&self, active: &[usize], torch: Option<&Torch>, enabled: bool) -> LampsUniform {
        let mut uniform = LampsUniform::zeroed();
        uniform.info[1] = f32::from(u8::from(enabled && self.any()));
        if !enabled {
            return uniform;
        }
        if let Some(torch) = torch {
            uniform.torch = torch.data();
        }
        let lamps = active
            .iter()
            .filter_map(|&index| self.placed.get(index))
            .take(MAX_LAMPS);
        for (slot, lamp) in lamps.enumerate() {
            uniform.lamps[slot] = lamp_data(lamp);
            uniform.info[0] = (slot + 1) as f32;
        }
        uniform
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The house's doors' leaves, shut (casting their shadows) but for
    /// those at the indices `open`.
    fn leaves(level: &Level, open: &[usize]) -> Vec<MovingShape> {
        let leaf = |(index, door): (usize, &crate::level::Door)| {
            let across = (door.b - door.a).perp().normalize_or_zero() * 0.03;
            MovingShape {
                outline: vec![
                    door.a - across,
                    door.b - across,
                    door.b + across,
                    door.a + across,
                ],
                height: 2.1,
                material: crate::level::MaterialId(0),
                base: None,
                shadow_height: (!open.contains(&index)).then_some(f32::INFINITY),
            }
        };
        level.doors.iter().enumerate().map(leaf).collect()
    }

    /// After doors shut or open, each lamp's row, its rays met by what
    /// changed cast again, is the row made anew with the doors as they
    /// are; and a lamp's stamp changes only when its row does.
    #[test]
    fn rows_cast_again_after_doors_change_are_the_rows_made_anew() {
        let level = Arc::new(Level::default_house());
        let collider = Arc::new(level.collider());
        let all: Vec<usize> = (0..level.lights.len()).collect();
        assert!(level.doors.len() >= 2, "the house has doors");
        let mut lamps = LevelLamps::new(&level, &collider);
        lamps.make_rows(&all);
        let mut changed_rows = 0;
        for open in [vec![], vec![0], vec![1, 0], vec![]] {
            let before: Vec<Option<u64>> = all.iter().map(|&i| lamps.stamp(i)).collect();
            let rows_before: Vec<Vec<ShadowTexel>> = all
                .iter()
                .map(|&i| lamps.row(i).unwrap_or(&[]).to_vec())
                .collect();
            lamps.set_occluders(&leaves(&level, &open));
            let mut fresh = LevelLamps::new(&level, &collider);
            fresh.set_occluders(&leaves(&level, &open));
            fresh.make_rows(&all);
            for &index in &all {
                assert!(
                    lamps.row(index) == fresh.row(index)
                        && lamps.packed_row(index) == fresh.packed_row(index),
                    "lamp {index}, doors {open:?} open"
                );
                if lamps.row(index) != Some(rows_before[index].as_slice()) {
                    changed_rows += 1;
                    assert_ne!(lamps.stamp(index), before[index], "lamp {index}");
                }
            }
        }
        assert!(changed_rows > 0, "no door changed a row");
    }
}
