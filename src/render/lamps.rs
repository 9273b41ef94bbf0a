//! Lamps: which of a level's lamps light a frame, their shadows, and what
//! the scene shader reads of them, the torch among them.
//!
//! Walls and obstacles stand from the floor, so a point is lit by a lamp
//! exactly when the floor-plan segment from the lamp to it crosses no shape
//! at least as tall as the lamp. Each lamp's shadow is kept as one row of a
//! polar depth texture: for each of [`SHADOW_DIRECTIONS`] directions around
//! the lamp, how far its light travels on the floor plan, found by a ray
//! against the collider (whose rays count touching as meeting, so no light
//! passes where wall pieces meet). A row is made the first time its lamp
//! lights a frame and kept for the level's life; a reload makes new rows,
//! an edit drops those of the lamps whose light reaches what it changed
//! ([`LevelLamps::edited`]), and a door or a loose body that starts or
//! stops casting a shadow has the rays that meet it cast again in the rows
//! of the lamps that reach it ([`LevelLamps::set_occluders`]), so light is
//! current the frame after any change and nothing is baked to disk. Each
//! lamp carries a stamp that changes whenever its light may have: a light
//! cache baked with the same stamps is current, so a change far from a
//! lamp bakes nothing of its light again.

use std::collections::HashMap;
use std::f32::consts::TAU;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use bytemuck::Zeroable;
use glam::{Vec2, Vec3};
use half::f16;

use super::LineVertex;
use super::light_grid::{
    ALL_CELLS, EVERY_LAMP, GRID_CELLS, GRID_FORMAT, GridPlace, LightGrid, Listing,
};
use super::light_rebake::TexelRect;
use super::shadow::{
    LevelHits, MAX_LAMPS, Occluder, SHADOW_BIAS, SHADOW_DIRECTIONS, ShadowTexel, diamond_angle,
    ray_end, row_with_hits, texel_with,
};
use super::shadow_changes::{ChangedDirections, RowHistory};
use crate::collision::{Collider, ConvexPolygon};
use crate::edit::{LevelChange, Piece};
use crate::level::mesh::MovingShape;
use crate::level::{Level, Light};

/// How far the torch reaches, in metres.
const TORCH_REACH: f32 = 12.0;

/// Half the angle of the torch's cone: 30°, a 60° cone along the view.
pub const TORCH_HALF_ANGLE_DEGREES: f32 = 30.0;

/// The torch's colour (a warm white) and its brightness at 1 m.
const TORCH_COLOUR: [f32; 3] = [1.0, 0.95, 0.85];
const TORCH_INTENSITY: f32 = 6.0;

/// The torch's cone fades out over this fraction of the cosine range from
/// its half angle to straight ahead.
const TORCH_SOFT_EDGE: f32 = 0.1;

/// One lamp as the shader reads it.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct LampData {
    /// x, height, z, and 1 / radius² (what the shader's falloff needs).
    pub position: [f32; 4],
    /// Linear RGB colour times the intensity (the light at 1 m); w unused.
    pub colour: [f32; 4],
}

/// The torch as the shader reads it: a lamp at the eye, with a cone.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct TorchData {
    /// Where it is and how it falls off, as a lamp's.
    pub lamp: LampData,
    /// The cone's soft edge as a ramp: `dot(towards the torch, xyz) + w`
    /// is 0 where the cone's light ends and 1 where it is full (see
    /// [`cone_ramp`]).
    pub spot: [f32; 4],
}

/// The lamps' uniform: how many light this frame, whether the level is lit
/// by its lamps (instead of the directional light), the torch and the
/// lamps.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct LampsUniform {
    /// x: lamps in use; y: 1 when lamps light the level, 0 for the
    /// directional light alone; zw: unused.
    pub info: [f32; 4],
    /// The light grid's place: xy its origin (x, z), z its cells per
    /// metre; w unused.
    pub grid: [f32; 4],
    /// The torch (all zero when it is off); only the pipelines that draw
    /// the torch read it.
    pub torch: TorchData,
    /// The lamps in use, in the shadow texture's row order.
    pub lamps: [LampData; MAX_LAMPS],
}

/// The torch as a frame has it: where the eye is and where it looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Torch {
    /// The eye.
    pub eye: Vec3,
    /// The view direction (unit).
    pub direction: Vec3,
}

impl Torch {
    /// The torch as the shader reads it: a lamp at the eye, its cone along
    /// the view. It casts no shadow and has no shadow row: whatever the
    /// eye sees, a light at the eye reaches.
    fn data(&self) -> TorchData {
        let lamp = Light {
            at: Vec2::new(self.eye.x, self.eye.z),
            height: self.eye.y,
            colour: TORCH_COLOUR,
            intensity: TORCH_INTENSITY,
            radius: TORCH_REACH,
        };
        let cone = TORCH_HALF_ANGLE_DEGREES.to_radians().cos();
        TorchData {
            lamp: lamp_data(&lamp),
            spot: cone_ramp(self.direction, cone),
        }
    }
}

/// `lamp` as the shader reads it.
fn lamp_data(lamp: &Light) -> LampData {
    let [r, g, b] = lamp.colour.map(|channel| channel * lamp.intensity);
    LampData {
        position: [lamp.at.x, lamp.height, lamp.at.y, lamp.radius.powi(-2)],
        colour: [r, g, b, 0.0],
    }
}

/// One level's lamps and the shadow rows made so far.
#[derive(Debug)]
pub struct LevelLamps {
    level: Arc<Level>,
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

/// A stamp no lamp had before.
fn new_stamp() -> u64 {
    NEXT_STAMP.fetch_add(1, Ordering::Relaxed)
}

impl LevelLamps {
    /// The lamps of `level`, with no shadow row made yet.
    pub fn new(level: &Arc<Level>, collider: &Arc<Collider>) -> Self {
        Self {
            level: Arc::clone(level),
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
        let casting = || {
            shapes
                .iter()
                .filter_map(|shape| Some((shape.outline.as_slice(), shape.shadow_height?)))
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
            level,
            rows,
            stamps,
            histories,
            rows_made,
            occluders,
            ..
        } = self;
        for (index, lamp) in level.lights.iter().enumerate() {
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
            .level
            .lights
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
        !self.level.lights.is_empty()
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
            .level
            .lights
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
        self.level
            .lights
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
                (self.level.lights.get(index), self.rows.get_mut(index))
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

    /// Lamp `index` of the level.
    pub fn light(&self, index: usize) -> Option<&Light> {
        self.level.lights.get(index)
    }

    /// Lamp `index`'s shadow row, once made by [`for_frame`](Self::for_frame).
    pub fn row(&self, index: usize) -> Option<&[ShadowTexel]> {
        Some(&self.rows.get(index)?.as_ref()?.texels)
    }

    /// Lamp `index`'s shadow row as the shader reads it ([`gpu_texel`]).
    fn packed_row(&self, index: usize) -> Option<&[GpuShadowTexel]> {
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
            .filter_map(|&index| self.level.lights.get(index))
            .take(MAX_LAMPS);
        for (slot, lamp) in lamps.enumerate() {
            uniform.lamps[slot] = lamp_data(lamp);
            uniform.info[0] = (slot + 1) as f32;
        }
        uniform
    }
}

/// The floor-plan rectangles (min, max) around the shapes of `before`
/// and `after` (outlines and shadow heights) that are not in both as
/// many times.
fn changed_boxes(before: &[(Vec<Vec2>, f32)], after: &[(Vec<Vec2>, f32)]) -> Vec<(Vec2, Vec2)> {
    let key = |(outline, height): &(Vec<Vec2>, f32)| -> Vec<u32> {
        outline
            .iter()
            .flat_map(|point| [point.x.to_bits(), point.y.to_bits()])
            .chain([height.to_bits()])
            .collect()
    };
    let mut counts: HashMap<Vec<u32>, (isize, &[Vec2])> = HashMap::new();
    for (shapes, sign) in [(before, -1), (after, 1)] {
        for shape in shapes {
            counts.entry(key(shape)).or_insert((0, &shape.0)).0 += sign;
        }
    }
    counts
        .into_values()
        .filter(|(count, _)| *count != 0)
        .filter_map(|(_, outline)| {
            let min = outline.iter().copied().reduce(Vec2::min)?;
            let max = outline.iter().copied().reduce(Vec2::max)?;
            Some((min, max))
        })
        .collect()
}

/// Slack around a changed shape's rectangle when telling which rays meet
/// it, in metres: a ray that touches the shape meets it, so one that
/// passes within rounding of the rectangle is cast again.
const RAY_SLACK: f32 = 1e-3;

/// The directions of `lamp`'s shadow row whose rays may meet one of the
/// floor-plan rectangles (min, max) of `boxes` grown by [`RAY_SLACK`], in
/// order: every direction for a rectangle the lamp stands in; else those
/// between the directions of its corners (it spans less than half the
/// circle, and the diamond angle grows with the angle), and two more on
/// either side for rounding.
fn directions_towards(lamp: &Light, boxes: &[(Vec2, Vec2)]) -> Vec<u32> {
    let count = SHADOW_DIRECTIONS;
    let mut directions = Vec::new();
    for &(min, max) in boxes {
        let (min, max) = (min - RAY_SLACK, max + RAY_SLACK);
        if lamp.at.cmpge(min).all() && lamp.at.cmple(max).all() {
            return (0..count).collect();
        }
        let towards = |point: Vec2| diamond_angle(point - lamp.at);
        let middle = towards((min + max) * 0.5);
        // Each corner's diamond angle from the middle's, within ±2.
        let offsets = [min, Vec2::new(min.x, max.y), Vec2::new(max.x, min.y), max]
            .map(|corner| (towards(corner) - middle + 6.0) % 4.0 - 2.0);
        let first = offsets.into_iter().fold(f32::INFINITY, f32::min) + middle;
        let last = offsets.into_iter().fold(f32::NEG_INFINITY, f32::max) + middle;
        let per_unit = count as f32 / 4.0;
        let (first, last) = (
            (first * per_unit).floor() as i64 - 2,
            (last * per_unit).floor() as i64 + 2,
        );
        let count = i64::from(count);
        directions
            .extend((first..=last.min(first + count - 1)).map(|d| d.rem_euclid(count) as u32));
    }
    directions.sort_unstable();
    directions.dedup();
    directions
}

/// The `occluders` whose rectangle, grown by [`RAY_SLACK`], meets
/// `lamp`'s reach, in order: no ray of the lamp's meets the others.
fn occluders_within_reach(lamp: &Light, occluders: &[Occluder]) -> Vec<Occluder> {
    occluders
        .iter()
        .filter(|occluder| {
            let points = occluder.polygon.points();
            let min = points.iter().copied().fold(Vec2::INFINITY, Vec2::min);
            let max = points.iter().copied().fold(Vec2::NEG_INFINITY, Vec2::max);
            reach_meets(lamp, min - RAY_SLACK, max + RAY_SLACK)
        })
        .cloned()
        .collect()
}

/// Whether the segment from `from` to `to` meets the floor-plan rectangle
/// from `min` to `max` grown by [`RAY_SLACK`] (touching counts).
fn segment_meets_box(from: Vec2, to: Vec2, min: Vec2, max: Vec2) -> bool {
    let (min, max) = (min - RAY_SLACK, max + RAY_SLACK);
    let direction = to - from;
    let (mut enter, mut exit) = (0.0f32, 1.0f32);
    for axis in 0..2 {
        if direction[axis] == 0.0 {
            if from[axis] < min[axis] || from[axis] > max[axis] {
                return false;
            }
            continue;
        }
        let a = (min[axis] - from[axis]) / direction[axis];
        let b = (max[axis] - from[axis]) / direction[axis];
        enter = enter.max(a.min(b));
        exit = exit.min(a.max(b));
    }
    enter <= exit
}

/// Whether `lamp`'s reach (the square around its place, its radius to a
/// side) meets the floor-plan rectangle from `min` to `max`.
fn reach_meets(lamp: &Light, min: Vec2, max: Vec2) -> bool {
    (lamp.at - lamp.radius).cmple(max).all() && min.cmple(lamp.at + lamp.radius).all()
}

/// A cone along `axis` with half angle `cos_half_angle` (its cosine) as
/// the shader's ramp: for the unit vector `towards` from a point to the
/// lamp, `dot(towards, xyz) + w` is 0 at the cone's edge and 1 a soft edge
/// ([`TORCH_SOFT_EDGE`] of the way to straight ahead) inside it, so the
/// shader's one multiply-add stands for the cosine's smooth step.
fn cone_ramp(axis: Vec3, cos_half_angle: f32) -> [f32; 4] {
    let inside = cos_half_angle + TORCH_SOFT_EDGE * (1.0 - cos_half_angle);
    let per_cosine = 1.0 / (inside - cos_half_angle).max(1e-6);
    // dot(-towards, axis) is the cosine off the axis at the point.
    let ramp = -axis.normalize_or_zero() * per_cosine;
    [ramp.x, ramp.y, ramp.z, -cos_half_angle * per_cosine]
}

/// Straight pieces of a lamp's radius circle in the debug lines.
const CIRCLE_PIECES: usize = 48;

/// Half the size of a lamp's cross in the debug lines, in metres.
const CROSS_HALF: f32 = 0.15;

impl LevelLamps {
    /// The debug lines of the lamps whose light reaches within
    /// `fog_distance` of `eye`: a small cross where each hangs, and its
    /// radius as a circle on the floor, in its colour.
    pub fn debug_lines(&self, eye: Vec3, fog_distance: f32) -> Vec<LineVertex> {
        let eye = Vec2::new(eye.x, eye.z);
        let mut lines = Vec::new();
        for lamp in &self.level.lights {
            if lamp.at.distance(eye) - lamp.radius >= fog_distance {
                continue;
            }
            let [r, g, b] = lamp.colour;
            let colour = [r, g, b, 1.0];
            let centre = Vec3::new(lamp.at.x, lamp.height, lamp.at.y);
            for axis in [Vec3::X, Vec3::Y, Vec3::Z] {
                for end in [centre - axis * CROSS_HALF, centre + axis * CROSS_HALF] {
                    lines.push(LineVertex {
                        position: end.to_array(),
                        colour,
                    });
                }
            }
            let on_floor = |piece: usize| {
                let angle = piece as f32 / CIRCLE_PIECES as f32 * TAU;
                let p = lamp.at + Vec2::from_angle(angle) * lamp.radius;
                LineVertex {
                    position: [p.x, 0.02, p.y],
                    colour,
                }
            };
            for piece in 0..CIRCLE_PIECES {
                lines.push(on_floor(piece));
                lines.push(on_floor(piece + 1));
            }
        }
        lines
    }
}

/// Whether `device` lets the scene shader read the lamps' shadow rows from
/// a storage buffer. Not on WebGL2, whose limits ([`Gpu`](super::Gpu) picks
/// them from the adapter's capabilities) have no storage buffer: there the
/// lamps light without shadows ([`scene_shader`](super::scene_shader)).
pub fn shadows_in_storage(device: &wgpu::Device) -> bool {
    device.limits().max_storage_buffers_per_shader_stage > 0
}

/// The GPU side: the lamps' uniform buffer, the shadow texture (one row
/// per lamp slot) and the light grid, bound beside the frame's globals.
#[derive(Debug)]
pub struct LampBuffers {
    /// The [`LampsUniform`].
    uniform: wgpu::Buffer,
    /// [`MAX_LAMPS`] shadow rows of [`SHADOW_DIRECTIONS`] texels, one after
    /// the other: a storage buffer, because a software rasterizer reads a
    /// buffer far faster than it fetches a texel.
    shadows: wgpu::Buffer,
    /// [`GRID_CELLS`] × [`GRID_CELLS`] lamp masks (see [`LightGrid`]).
    grid: wgpu::Texture,
    /// What the rows and the grid hold; `None` before the first write.
    written: Option<Written>,
    /// Whether a tight grid written is kept, to list anew only the lamps
    /// whose rows change (a frame's); else each change writes it whole.
    keeps_grid: bool,
    /// Whether the shadow rows are bound for the shader to read
    /// ([`shadows_in_storage`]).
    bound_shadows: bool,
}

/// What [`LampBuffers`] last wrote of its lamps.
#[derive(Debug)]
struct Written {
    /// How the grid lists the lamps.
    listing: Listing,
    /// Each slot's lamp: its index in the level, the lamp, and the stamp
    /// ([`LevelLamps::stamp`]) it had when its row was written.
    slots: Vec<(usize, Light, u64)>,
    /// The grid's place as the uniform carries it.
    place: [f32; 4],
    /// The tight grid as written, to list anew the lamps whose rows
    /// change; `None` for a grid listing every lamp, or not kept.
    grid: Option<LightGrid>,
}

impl LampBuffers {
    /// Empty buffers: no lamp in use. With `keeps_grid`, a tight grid
    /// written is kept (a few hundred kilobytes) so that a change to some
    /// lamps' rows lists only them anew: for the frame's buffers, written
    /// again after each such change; bake passes' are written anew.
    pub fn new(device: &wgpu::Device, keeps_grid: bool) -> Self {
        let bound_shadows = shadows_in_storage(device);
        let shadow_usage = match bound_shadows {
            true => wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
            false => wgpu::BufferUsages::COPY_DST,
        };
        Self {
            uniform: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("lamps"),
                size: size_of::<LampsUniform>() as u64,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            shadows: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("lamp shadows"),
                size: ROW_BYTES * MAX_LAMPS as u64,
                usage: shadow_usage,
                mapped_at_creation: false,
            }),
            grid: device.create_texture(&wgpu::TextureDescriptor {
                label: Some("light grid"),
                size: wgpu::Extent3d {
                    width: GRID_CELLS,
                    height: GRID_CELLS,
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: GRID_FORMAT,
                usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
                view_formats: &[],
            }),
            written: None,
            keeps_grid,
            bound_shadows,
        }
    }

    /// Writes this frame's lamps: the uniform (with the torch, when on),
    /// the shadow row of each active lamp into its slot, and the light
    /// grid of those slots, listing them as `listing` says. Rows and grid
    /// are written only where the lamps in use or their rows changed,
    /// never because the torch moved. Returns how many lamps (the torch not
    /// counted) are in use.
    pub fn write(
        &mut self,
        queue: &wgpu::Queue,
        lamps: &LevelLamps,
        (active, listing): (&[usize], Listing),
        torch: Option<&Torch>,
        enabled: bool,
    ) -> usize {
        let mut uniform = lamps.uniform(active, torch, enabled);
        let in_use = uniform.info[0] as usize;
        if in_use > 0 {
            let slots: Vec<(usize, Light, u64)> = active
                .iter()
                .filter_map(|&index| {
                    lamps.row(index)?;
                    Some((index, *lamps.light(index)?, lamps.stamp(index)?))
                })
                .take(in_use)
                .collect();
            let same_lamps = self.written.as_ref().is_some_and(|written| {
                written.listing == listing
                    && (listing == Listing::EveryLamp || written.grid.is_some())
                    && written.slots.len() == slots.len()
                    && (written.slots.iter().zip(&slots)).all(|(a, b)| (a.0, a.1) == (b.0, b.1))
            });
            if !same_lamps {
                self.write_all(queue, lamps, slots, listing);
            } else {
                self.write_changed_rows(queue, lamps, &slots);
            }
            if let Some(written) = &self.written {
                uniform.grid = written.place;
            }
        }
        queue.write_buffer(&self.uniform, 0, bytemuck::bytes_of(&uniform));
        in_use
    }

    /// Writes the rows of `slots` and their grid, listing them as
    /// `listing` says, all anew.
    fn write_all(
        &mut self,
        queue: &wgpu::Queue,
        lamps: &LevelLamps,
        slots: Vec<(usize, Light, u64)>,
        listing: Listing,
    ) {
        let grid = match listing {
            Listing::Tight => {
                let rows: Vec<(Light, &[ShadowTexel])> = slots
                    .iter()
                    .filter_map(|&(index, lamp, _)| Some((lamp, lamps.row(index)?)))
                    .collect();
                let grid = LightGrid::new(&rows);
                self.write_grid(queue, &grid.masks, ALL_CELLS);
                Some(grid)
            }
            Listing::EveryLamp => None,
        };
        let place = match &grid {
            Some(grid) => grid.place,
            None => GridPlace::spanning(slots.iter().map(|(_, lamp, _)| lamp)),
        };
        // A grid listing every lamp is the same whichever lamps it lists.
        let every_lamp_written = self
            .written
            .as_ref()
            .is_some_and(|written| written.listing == Listing::EveryLamp);
        if listing == Listing::EveryLamp && !every_lamp_written {
            let every_lamp = vec![EVERY_LAMP; (GRID_CELLS * GRID_CELLS) as usize];
            self.write_grid(queue, &every_lamp, ALL_CELLS);
        }
        let rows: Vec<GpuShadowTexel> = slots
            .iter()
            .filter_map(|&(index, ..)| lamps.packed_row(index))
            .flatten()
            .copied()
            .collect();
        queue.write_buffer(&self.shadows, 0, bytemuck::cast_slice(&rows));
        self.written = Some(Written {
            listing,
            slots,
            place: [place.origin.x, place.origin.y, place.cells_per_metre, 0.0],
            grid: grid.filter(|_| self.keeps_grid),
        });
    }

    /// Writes the rows of the `slots` whose stamps changed since they were
    /// written (the same lamps fill the same slots), and lists those lamps
    /// anew in the cells of a tight grid that their change reaches.
    fn write_changed_rows(
        &mut self,
        queue: &wgpu::Queue,
        lamps: &LevelLamps,
        slots: &[(usize, Light, u64)],
    ) {
        let Some(mut written) = self.written.take() else {
            return;
        };
        let mut cells: Option<TexelRect> = None;
        for (slot, (&(index, lamp, stamp), kept)) in
            slots.iter().zip(&mut written.slots).enumerate()
        {
            if kept.2 == stamp {
                continue;
            }
            kept.2 = stamp;
            self.write_row(queue, lamps, slot, index);
            let relisted = written
                .grid
                .as_mut()
                .zip(lamps.row(index))
                .and_then(|(grid, row)| grid.relist(slot, &lamp, row));
            cells = match (cells, relisted) {
                (Some(cells), Some(more)) => Some(cells.join(more)),
                (cells, more) => cells.or(more),
            };
        }
        if let (Some(cells), Some(grid)) = (cells, &written.grid) {
            self.write_grid(queue, &grid.masks, cells);
        }
        self.written = Some(written);
    }

    /// The scene's group 0 (`layout`): `globals` and these lamps.
    pub fn bind_group(
        &self,
        device: &wgpu::Device,
        layout: &wgpu::BindGroupLayout,
        globals: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        let grid_view = self
            .grid
            .create_view(&wgpu::TextureViewDescriptor::default());
        let entries = [
            wgpu::BindGroupEntry {
                binding: 0,
                resource: globals.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: self.uniform.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 2,
                resource: self.shadows.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 3,
                resource: wgpu::BindingResource::TextureView(&grid_view),
            },
        ];
        let bound: Vec<_> = entries
            .into_iter()
            .filter(|entry| entry.binding != 2 || self.bound_shadows)
            .collect();
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("globals"),
            layout,
            entries: &bound,
        })
    }

    /// Writes lamp `index`'s shadow row into slot `slot` of the shadow
    /// buffer, as the shader reads it ([`gpu_texel`]).
    fn write_row(&self, queue: &wgpu::Queue, lamps: &LevelLamps, slot: usize, index: usize) {
        if let Some(row) = lamps.packed_row(index) {
            let offset = slot as u64 * ROW_BYTES;
            queue.write_buffer(&self.shadows, offset, bytemuck::cast_slice(row));
        }
    }

    /// Writes the `cells` of a light grid's `masks` (all of its cells, row
    /// by row) into the grid texture.
    fn write_grid(&self, queue: &wgpu::Queue, masks: &[[u32; 2]], cells: TexelRect) {
        let first = (cells.y * GRID_CELLS + cells.x) as usize;
        queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &self.grid,
                mip_level: 0,
                origin: wgpu::Origin3d {
                    x: cells.x,
                    y: cells.y,
                    z: 0,
                },
                aspect: wgpu::TextureAspect::All,
            },
            bytemuck::cast_slice(masks.get(first..).unwrap_or_default()),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(GRID_CELLS * size_of::<[u32; 2]>() as u32),
                rows_per_image: None,
            },
            wgpu::Extent3d {
                width: cells.width,
                height: cells.height,
                depth_or_array_layers: 1,
            },
        );
    }
}

/// A shadow texel as the shader reads it, in two words instead of four: a
/// software rasterizer fetches each word of a texel for each pixel and
/// lamp on its own, and that fetch was half a lamp's cost. The first
/// word is the light's reach squared (an `f32`), so that the shader
/// compares squared distances and takes no square root per lamp and pixel;
/// the second the stretch of floor a lower shape shades, from and to, as
/// two half floats (the shader's `unpack2x16float`, squared there), rounded
/// so that the shade never grows. The reach and the start of a lower
/// shape's shade are pushed [`SHADOW_BIAS`] farther.
fn gpu_texel(&[reach, start, end, _]: &ShadowTexel) -> GpuShadowTexel {
    let start = half_at_least(start + SHADOW_BIAS);
    let end = half_at_most(end);
    [
        (reach + SHADOW_BIAS).powi(2).to_bits(),
        u32::from(start.to_bits()) | u32::from(end.to_bits()) << 16,
    ]
}

/// A shadow texel as the shader reads it ([`gpu_texel`]).
type GpuShadowTexel = [u32; 2];

/// The nearest half float not below `value` (at least 0; the largest
/// half float beyond its range).
fn half_at_least(value: f32) -> f16 {
    let rounded = f16::from_f32(value.max(0.0));
    if rounded.to_f32() < value && rounded < f16::MAX {
        f16::from_bits(rounded.to_bits() + 1)
    } else {
        rounded.min(f16::MAX)
    }
}

/// The nearest half float not above `value` (at least 0; the largest half
/// float beyond its range).
fn half_at_most(value: f32) -> f16 {
    let rounded = f16::from_f32(value.max(0.0)).min(f16::MAX);
    if rounded.to_f32() > value && rounded > f16::ZERO {
        f16::from_bits(rounded.to_bits() - 1)
    } else {
        rounded
    }
}

/// Bytes in one shadow row.
const ROW_BYTES: u64 = SHADOW_DIRECTIONS as u64 * size_of::<GpuShadowTexel>() as u64;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A shadow texel's two words as the shader reads them: the reach
    /// squared, and a lower shape's shade from and to, squared
    /// (`unpack2x16float`: the low half first).
    fn shader_texel(texel: &ShadowTexel) -> (f32, f32, f32) {
        let [reach, shade] = gpu_texel(texel);
        let half = |bits: u32| f16::from_bits(bits as u16).to_f32();
        (
            f32::from_bits(reach),
            half(shade & 0xffff),
            half(shade >> 16),
        )
    }

    proptest::proptest! {
        #![proptest_config(crate::property_cases::property_config(256))]
        /// The packed texel keeps the reach exactly and never widens a
        /// lower shape's shade, and narrows it by no more than a half
        /// float's rounding (a part in 1024).
        #[test]
        fn a_packed_shadow_texel_never_widens_the_shade(
            reach in 0.0f32..300.0,
            start in 0.0f32..10_000.0,
            length in 0.0f32..10_000.0,
        ) {
            let end = start + length;
            let (gpu_reach, gpu_start, gpu_end) = shader_texel(&[reach, start, end, 0.0]);
            proptest::prop_assert_eq!(gpu_reach, (reach + SHADOW_BIAS).powi(2));
            let start = start + SHADOW_BIAS;
            proptest::prop_assert!(gpu_start >= start);
            proptest::prop_assert!(gpu_end <= end);
            proptest::prop_assert!(gpu_start <= start * (1.0 + 1.0 / 1024.0) + 1e-6);
            proptest::prop_assert!(gpu_end >= end * (1.0 - 1.0 / 1024.0));
        }
    }

    /// No lower shape (a start past the end) stays no shade when packed.
    #[test]
    fn no_lower_shape_packs_to_no_shade() {
        for radius in [0.5f32, 8.0, 12.0, 255.0, 1000.0, 20_000.0] {
            let (_, start, end) = shader_texel(&[radius, radius + 1.0, radius, 0.0]);
            assert!(start > end, "radius {radius}: {start}..{end}");
        }
    }

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

    /// The directions looked at when a shape changes hold every ray that
    /// meets its rectangle, and, for a rectangle away from the lamp, few
    /// more.
    #[test]
    fn the_directions_towards_a_rectangle_hold_every_ray_that_meets_it() {
        let lamp = Light {
            at: Vec2::new(1.0, -2.0),
            height: 2.5,
            colour: [1.0; 3],
            intensity: 1.0,
            radius: 7.0,
        };
        for step in 0..400 {
            let angle = step as f32 * 0.618_034 * TAU;
            let distance = (step % 13) as f32 * 0.5;
            let size = Vec2::new(
                0.05 + (step % 5) as f32 * 0.4,
                0.05 + (step % 7) as f32 * 0.3,
            );
            let min = lamp.at + Vec2::from_angle(angle) * distance - size * 0.5;
            let (min, max) = (min, min + size);
            let looked_at = directions_towards(&lamp, &[(min, max)]);
            let meeting: Vec<u32> = (0..SHADOW_DIRECTIONS)
                .filter(|&d| segment_meets_box(lamp.at, ray_end(&lamp, d), min, max))
                .collect();
            for direction in &meeting {
                assert!(
                    looked_at.binary_search(direction).is_ok(),
                    "{step}: {direction} meets {min}..{max}, not looked at"
                );
            }
            if distance > 1.5 {
                assert!(
                    looked_at.len() <= meeting.len() + 6,
                    "{step}: {} looked at, {} meet",
                    looked_at.len(),
                    meeting.len()
                );
            }
        }
    }

    #[test]
    fn debug_lines_show_the_lamps_near_the_eye_as_a_cross_and_a_circle() {
        let mut level = Level::maze(2, 2, 1).expect("a maze");
        let lamp = |x: f32| Light {
            at: Vec2::new(x, 0.0),
            height: 2.0,
            colour: [1.0, 0.0, 0.0],
            intensity: 1.0,
            radius: 3.0,
        };
        level.lights = vec![lamp(1.0), lamp(500.0)];
        let collider = Arc::new(level.collider());
        let lamps = LevelLamps::new(&Arc::new(level), &collider);
        let lines = lamps.debug_lines(Vec3::ZERO, 50.0);
        // The near one only: 3 cross strokes and 48 circle pieces, 2 ends each.
        assert_eq!(lines.len(), 2 * (3 + CIRCLE_PIECES));
        assert!(lines.iter().all(|v| v.colour == [1.0, 0.0, 0.0, 1.0]));
        let circle = &lines[6..];
        for vertex in circle {
            let [x, _, z] = vertex.position;
            assert!((Vec2::new(x, z).distance(Vec2::new(1.0, 0.0)) - 3.0).abs() < 1e-4);
        }
    }
}
