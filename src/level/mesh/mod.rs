//! Render meshes built from a [`Level`]: walls extruded to their height and
//! thickness, obstacles as prisms, floor and ceiling, all with world-space
//! texture coordinates so a long wall shows more repeats, never a stretched
//! texture. Pure data (no GPU): the renderer builds and uploads it chunk by
//! chunk as the eye comes near ([`ChunkIndex`], [`chunk_mesh`]).
//!
//! Triangles are grouped into [`Batch`]es by square chunk of the floor plan
//! ([`CHUNK_SIZE`]) and material, each with its bounding box, so the renderer
//! draws one material at a time and skips chunks outside the view. Big mazes
//! need that; a house is a handful of chunks.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::Range;

use glam::{Vec2, Vec3};

use super::light_layout::{FaceFrame, LightLayout};
use super::model::{Level, MaterialId};
use super::running_max::RunningMax;
use crate::collision::Order;

/// Side of one culling chunk of the floor plan, in metres.
pub const CHUNK_SIZE: f32 = 16.0;

/// How far the floor and ceiling reach beyond the outermost wall, in metres.
const FLOOR_MARGIN: f32 = 1.0;

/// A wall top is drawn only where the wall stops this far below the ceiling.
const MIN_GAP_FOR_WALL_TOP: f32 = 1e-3;

/// One vertex as the scene shader reads it (`shaders/scene.wgsl`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct MeshVertex {
    /// World position in metres (y up).
    pub position: [f32; 3],
    /// Unit outward normal.
    pub normal: [f32; 3],
    /// Texture coordinates in texture repeats (world metres / repeat size).
    pub uv: [f32; 2],
    /// Where the vertex lies in its chunk's light cache, as a fraction of
    /// the cache's width and height ([`SceneMesh::light`]).
    pub light_uv: [f32; 2],
}

/// An axis-aligned box in world space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Smallest corner.
    pub min: Vec3,
    /// Largest corner.
    pub max: Vec3,
}

impl Bounds {
    /// The empty box: growing it by any point gives that point.
    pub const EMPTY: Self = Self {
        min: Vec3::splat(f32::INFINITY),
        max: Vec3::splat(f32::NEG_INFINITY),
    };

    /// Grows the box to hold `point`.
    pub fn grow(&mut self, point: Vec3) {
        self.min = self.min.min(point);
        self.max = self.max.max(point);
    }
}

/// What a batch holds, for culling: walls and obstacles are drawn only
/// when the eye can see one of their chunk's shapes; the floor and ceiling,
/// which no wall hides from every angle, whenever their box is in view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BatchKind {
    /// Walls and obstacles filed under the chunk (see [`wall_chunk`] and
    /// [`obstacle_chunk`]).
    Shapes,
    /// The floor and ceiling over the chunk.
    FloorAndCeiling,
}

/// A run of triangles of one material within one chunk.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    /// The chunk the triangles are filed under ([`chunk_of`] coordinates).
    pub chunk: (i32, i32),
    /// Whether they are shapes or floor and ceiling.
    pub kind: BatchKind,
    /// What the triangles are painted with.
    pub material: MaterialId,
    /// Box around every vertex of the batch (for view culling).
    pub bounds: Bounds,
    /// The batch's range in [`SceneMesh::indices`].
    pub indices: Range<u32>,
}

/// Every triangle of a level, ready to upload.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SceneMesh {
    /// All vertices.
    pub vertices: Vec<MeshVertex>,
    /// Triangle list indices into `vertices`, counter-clockwise seen from the
    /// side the normal points to.
    pub indices: Vec<u32>,
    /// Contiguous index ranges by chunk and material.
    pub batches: Vec<Batch>,
    /// Where every face keeps its lamp light in the mesh's light cache.
    pub light: LightLayout,
}

/// Builds the render mesh of `level`: the same walls and obstacles the
/// collider gets from [`Level::collider`], every chunk of it.
pub fn scene_mesh(level: &Level) -> SceneMesh {
    let index = ChunkIndex::new(level);
    let mut chunks: Vec<(i32, i32)> = index.all_chunks().collect();
    chunks.sort_unstable();
    let mut builder = MeshBuilder::default();
    for chunk in chunks {
        builder.add_chunk(level, &index, chunk);
    }
    builder.finish()
}

/// Builds the mesh of one chunk of `level` (filed by `index`, which must
/// have been made from `level`): its walls, obstacles, floor and ceiling.
/// Streaming builds chunks near the eye this way, on demand.
pub fn chunk_mesh(level: &Level, index: &ChunkIndex, chunk: (i32, i32)) -> SceneMesh {
    let mut builder = MeshBuilder::default();
    builder.add_chunk(level, index, chunk);
    builder.finish()
}

/// A shape that moves (a door's leaf, a loose body), as a frame draws it:
/// a convex outline, counter-clockwise on the plan, standing from the
/// floor.
#[derive(Debug, Clone, PartialEq)]
pub struct MovingShape {
    /// The outline where the shape stands this frame (at least one point).
    pub outline: Vec<Vec2>,
    /// Its height in metres.
    pub height: f32,
    /// What it is painted with (an index into `level.materials`).
    pub material: MaterialId,
    /// How it stands in lamps' light: `None` casts no shadow (an open or
    /// moving door, a moving body); `Some(height)` casts the shadow of a
    /// shape that tall, as a fixed obstacle does (a body at rest); a
    /// closed door stops the light whatever its height (`f32::INFINITY`).
    pub shadow_height: Option<f32>,
}

/// The mesh of `shapes`, painted with `level`'s materials: prisms, as
/// obstacles are drawn, in batches by chunk and material. Made anew each
/// frame in which they move.
pub fn moving_mesh(level: &Level, shapes: &[MovingShape]) -> SceneMesh {
    let mut builder = MeshBuilder::default();
    for shape in shapes {
        let Some(&first) = shape.outline.first() else {
            continue;
        };
        let key = (chunk_of(first), BatchKind::Shapes);
        let repeat = level
            .materials
            .get(shape.material.0)
            .map_or(1.0, |material| material.metres_per_repeat);
        builder
            .part(key, shape.material, repeat)
            .prism(&shape.outline, shape.height);
    }
    builder.finish()
}

/// A level's walls and obstacles filed by chunk (by [`wall_chunk`] and
/// [`obstacle_chunk`]), and its floor plan: what a chunk's mesh is built
/// from on demand, and a box around each chunk for culling before it is
/// built. About 16 bytes per shape.
///
/// The chunks file shapes under ids that an edit never renumbers (a
/// removed shape's id is free for the next insert), with a table from
/// each shape's place in the level to its id and back: a shape inserted
/// or removed in the middle of a million walls rewrites part of that
/// table, not every chunk's list. Two indices are equal when they file the
/// same shapes (by place) under the same chunks, with the same boxes,
/// whatever ids they use.
#[derive(Debug, Clone)]
pub struct ChunkIndex {
    shapes: HashMap<(i32, i32), ChunkShapes>,
    /// The smallest and largest corner of the level's points (walls' ends,
    /// obstacles' corners, the start).
    outline: PointBounds,
    /// The rectangle the floor and ceiling cover: `outline` and a margin.
    plan: (Vec2, Vec2),
    /// Height of the ceiling (the floor and ceiling pieces' boxes).
    ceiling_height: f32,
    /// How far any chunk's box reaches beyond its square, in metres, up to
    /// [`CHUNK_SIZE`]; chunks that reach farther are in `wide`.
    overhang: f32,
    /// Chunks whose box reaches more than [`CHUNK_SIZE`] beyond their
    /// square (a long wall filed under its midpoint, such as a maze's
    /// outer wall): always looked at, so that one long wall does not widen
    /// every view's square of chunks to the whole level.
    wide: Vec<(i32, i32)>,
    /// The smallest and largest chunk coordinates holding anything.
    extent: ((i32, i32), (i32, i32)),
    batch_count: usize,
    /// The walls' places in `Level::walls` to the ids the chunks file
    /// them under, and back.
    wall_ids: Order,
    /// The same for `Level::obstacles`.
    obstacle_ids: Order,
}

/// The shapes filed under one chunk.
#[derive(Debug, Clone)]
pub struct ChunkShapes {
    /// The walls' ids (see [`ChunkIndex`]), ascending.
    walls: Vec<u32>,
    /// The obstacles' ids, ascending.
    obstacles: Vec<u32>,
    /// Box around every shape filed here.
    pub bounds: Bounds,
    /// How many materials its shapes are painted with: its batches.
    materials: usize,
}

/// Which list of a level a shape is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeKind {
    /// `Level::walls`.
    Wall,
    /// `Level::obstacles`.
    Obstacle,
}

impl ChunkShapes {
    const EMPTY: Self = Self {
        walls: Vec::new(),
        obstacles: Vec::new(),
        bounds: Bounds::EMPTY,
        materials: 0,
    };

    /// The list of `kind`'s indices.
    fn list(&mut self, kind: ShapeKind) -> &mut Vec<u32> {
        match kind {
            ShapeKind::Wall => &mut self.walls,
            ShapeKind::Obstacle => &mut self.obstacles,
        }
    }

    /// Works out the box and the materials of the shapes filed here, from
    /// `level`, whose walls and obstacles have the ids `wall_ids` and
    /// `obstacle_ids` give them.
    fn measure(&mut self, level: &Level, wall_ids: &Order, obstacle_ids: &Order) {
        let mut bounds = Bounds::EMPTY;
        let mut materials = Vec::new();
        for &id in &self.walls {
            let wall = &level.walls[wall_ids.position(id)];
            let half = Vec2::splat(wall.thickness.max(0.0) / 2.0);
            bounds.grow(flat(wall.a.min(wall.b) - half, 0.0));
            bounds.grow(flat(wall.a.max(wall.b) + half, wall.height.max(0.0)));
            materials.push(wall.material.0);
        }
        for &id in &self.obstacles {
            let obstacle = &level.obstacles[obstacle_ids.position(id)];
            for &point in obstacle.polygon.points() {
                bounds.grow(flat(point, 0.0));
                bounds.grow(flat(point, obstacle.height.max(0.0)));
            }
            materials.push(obstacle.material.0);
        }
        materials.sort_unstable();
        materials.dedup();
        self.bounds = bounds;
        self.materials = materials.len();
    }
}

impl ChunkIndex {
    /// Files every wall and obstacle of `level` by chunk.
    pub fn new(level: &Level) -> Self {
        let mut shapes: HashMap<(i32, i32), ChunkShapes> = HashMap::new();
        for (index, wall) in level.walls.iter().enumerate() {
            let entry = shapes
                .entry(wall_chunk(wall.a, wall.b))
                .or_insert(ChunkShapes::EMPTY);
            entry.walls.push(index as u32);
        }
        for (index, obstacle) in level.obstacles.iter().enumerate() {
            let entry = shapes
                .entry(obstacle_chunk(obstacle.polygon.points()))
                .or_insert(ChunkShapes::EMPTY);
            entry.obstacles.push(index as u32);
        }
        let wall_ids = Order::identity(level.walls.len());
        let obstacle_ids = Order::identity(level.obstacles.len());
        for entry in shapes.values_mut() {
            entry.measure(level, &wall_ids, &obstacle_ids);
        }
        let outline = floor_outline(level);
        let mut index = Self {
            shapes,
            outline,
            plan: plan_around(outline.corners()),
            ceiling_height: level.environment.ceiling_height,
            overhang: 0.0,
            wide: Vec::new(),
            extent: ((0, 0), (0, 0)),
            batch_count: 0,
            wall_ids,
            obstacle_ids,
        };
        index.sum_up(level);
        index
    }

    /// Works out what the index knows of all its chunks together (the
    /// overhang, the wide chunks, the extent, the batches) from its
    /// chunks' boxes and materials and the floor plan.
    fn sum_up(&mut self, level: &Level) {
        let plan = self.plan;
        let mut overhang: f32 = 0.0;
        self.wide.clear();
        let (mut low, mut high) = (chunk_of(plan.0), chunk_of(plan.1));
        let mut batch_count = 0;
        for (&chunk, entry) in &self.shapes {
            let square_min = Vec2::new(chunk.0 as f32, chunk.1 as f32) * CHUNK_SIZE;
            let square_max = square_min + CHUNK_SIZE;
            let (min, max) = (entry.bounds.min, entry.bounds.max);
            let beyond = (square_min - Vec2::new(min.x, min.z))
                .max(Vec2::new(max.x, max.z) - square_max)
                .max_element();
            if beyond > CHUNK_SIZE {
                self.wide.push(chunk);
            } else if beyond.is_finite() {
                overhang = overhang.max(beyond);
            }
            low = (low.0.min(chunk.0), low.1.min(chunk.1));
            high = (high.0.max(chunk.0), high.1.max(chunk.1));
            batch_count += entry.materials;
        }
        let environment = &level.environment;
        let surfaces = if environment.floor == environment.ceiling {
            1
        } else {
            2
        };
        batch_count += surfaces * chunks_covering(plan.0, plan.1).len();
        self.wide.sort_unstable();
        self.overhang = overhang;
        self.extent = (low, high);
        self.batch_count = batch_count;
    }

    /// The ids of `kind`'s shapes.
    fn ids(&mut self, kind: ShapeKind) -> &mut Order {
        match kind {
            ShapeKind::Wall => &mut self.wall_ids,
            ShapeKind::Obstacle => &mut self.obstacle_ids,
        }
    }

    /// Files shape `index` of `kind`, just inserted into the level (those
    /// of its kind from `index` on moved one up), under `chunk`. Its box
    /// counts from [`refile`](Self::refile) on. Panics when `index` is
    /// past the number of such shapes, as `Vec::insert` does.
    pub fn insert(&mut self, kind: ShapeKind, index: usize, chunk: (i32, i32)) {
        let id = self.ids(kind).insert(index);
        let list = self
            .shapes
            .entry(chunk)
            .or_insert(ChunkShapes::EMPTY)
            .list(kind);
        let at = list.partition_point(|&i| i < id);
        list.insert(at, id);
    }

    /// Takes shape `index` of `kind`, just removed from the level (those
    /// of its kind after it moved one down), out of `chunk`. Panics when
    /// there is no such shape, as `Vec::remove` does.
    pub fn remove(&mut self, kind: ShapeKind, index: usize, chunk: (i32, i32)) {
        let id = self.ids(kind).remove(index);
        if let Some(entry) = self.shapes.get_mut(&chunk) {
            let list = entry.list(kind);
            if let Ok(at) = list.binary_search(&id) {
                list.remove(at);
            }
        }
    }

    /// Brings the index up to date with `level` once its shapes are filed
    /// under the right chunks ([`insert`](Self::insert),
    /// [`remove`](Self::remove)): the boxes and materials of the
    /// `touched` chunks (those that gained, lost or changed a shape), the
    /// floor plan (its points `old_points` taken away and `new_points` put:
    /// walls' ends, obstacles' corners, the start; worked out anew over the
    /// whole level only when the last point on one of its edges went), and
    /// what depends on them. Returns the chunks whose piece of floor
    /// changed.
    pub fn refile(
        &mut self,
        level: &Level,
        touched: &HashSet<(i32, i32)>,
        old_points: &[Vec2],
        new_points: &[Vec2],
    ) -> Vec<(i32, i32)> {
        for chunk in touched {
            if let Some(entry) = self.shapes.get_mut(chunk) {
                entry.measure(level, &self.wall_ids, &self.obstacle_ids);
                if entry.walls.is_empty() && entry.obstacles.is_empty() {
                    self.shapes.remove(chunk);
                }
            }
        }
        let old_plan = self.plan;
        let mut known = true;
        for &point in old_points {
            known &= self.outline.remove(point);
        }
        for &point in new_points {
            self.outline.add(point);
        }
        if !known {
            self.outline = floor_outline(level);
        }
        self.plan = plan_around(self.outline.corners());
        self.sum_up(level);
        if self.plan == old_plan {
            return Vec::new();
        }
        let mut changed: Vec<(i32, i32)> = chunks_covering(old_plan.0, old_plan.1)
            .into_iter()
            .chain(chunks_covering(self.plan.0, self.plan.1))
            .map(|(chunk, _, _)| chunk)
            .filter(|&chunk| floor_piece(old_plan, chunk) != floor_piece(self.plan, chunk))
            .collect();
        changed.sort_unstable();
        changed.dedup();
        changed
    }

    /// How many walls and obstacles the index files.
    pub fn shape_count(&self) -> usize {
        self.wall_ids.len() + self.obstacle_ids.len()
    }

    /// The shapes filed under `chunk`, if any.
    fn shapes(&self, chunk: (i32, i32)) -> Option<&ChunkShapes> {
        self.shapes.get(&chunk)
    }

    /// The walls filed under `chunk`, by their places in `Level::walls`,
    /// ascending.
    pub fn walls_in(&self, chunk: (i32, i32)) -> Vec<usize> {
        let ids = self.shapes(chunk).map_or(&[][..], |shapes| &shapes.walls);
        places(&self.wall_ids, ids)
    }

    /// The obstacles filed under `chunk`, by their places in
    /// `Level::obstacles`, ascending.
    pub fn obstacles_in(&self, chunk: (i32, i32)) -> Vec<usize> {
        let ids = self
            .shapes(chunk)
            .map_or(&[][..], |shapes| &shapes.obstacles);
        places(&self.obstacle_ids, ids)
    }

    /// The fixed obstacles of `level` filed under `chunk`, by their places
    /// in `Level::obstacles`, ascending: what a chunk's mesh, lines and map
    /// tile draw. Loose obstacles are drawn where they are, with the
    /// moving shapes.
    pub fn fixed_obstacles_in(&self, level: &Level, chunk: (i32, i32)) -> Vec<usize> {
        let mut obstacles = self.obstacles_in(chunk);
        obstacles.retain(|&index| level.obstacles.get(index).is_some_and(|o| !o.loose));
        obstacles
    }

    /// The part of the floor plan inside `chunk`, if any.
    fn floor_piece(&self, chunk: (i32, i32)) -> Option<(Vec2, Vec2)> {
        floor_piece(self.plan, chunk)
    }

    /// A box around everything `chunk`'s mesh holds; `None` when it holds
    /// nothing.
    pub fn bounds(&self, chunk: (i32, i32)) -> Option<Bounds> {
        let mut bounds = self.shapes(chunk).map_or(Bounds::EMPTY, |s| s.bounds);
        if let Some((min, max)) = self.floor_piece(chunk) {
            bounds.grow(flat(min, 0.0));
            bounds.grow(flat(max, self.ceiling_height));
        }
        (bounds.min.x <= bounds.max.x).then_some(bounds)
    }

    /// The chunks whose mesh may come within `distance` of `point` on the
    /// floor plan (see [`chunks_in`](Self::chunks_in)): the ones to look at
    /// for a view that sees no farther. None for a NaN or infinite point.
    pub fn chunks_near(&self, point: Vec2, distance: f32) -> impl Iterator<Item = (i32, i32)> + '_ {
        let point = if point.is_finite() { point } else { Vec2::NAN };
        let reach = Vec2::splat(distance.max(0.0));
        self.chunks_in(point - reach, point + reach)
    }

    /// The chunks whose mesh may reach into the rectangle `min`..`max` of
    /// the floor plan: a block of chunks grown by the level's overhang,
    /// clipped to the level's, and the few wide chunks outside it. Costs
    /// the block's area, whatever the level's size; none for a NaN corner.
    pub fn chunks_in(&self, min: Vec2, max: Vec2) -> impl Iterator<Item = (i32, i32)> + '_ {
        let usable = !(min.is_nan() || max.is_nan() || self.overhang.is_nan());
        let (low, high) = if usable {
            (chunk_of(min - self.overhang), chunk_of(max + self.overhang))
        } else {
            ((1, 1), (0, 0))
        };
        let (x0, z0) = (low.0.max(self.extent.0.0), low.1.max(self.extent.0.1));
        let (x1, z1) = (high.0.min(self.extent.1.0), high.1.min(self.extent.1.1));
        let in_block = move |(x, z): &(i32, i32)| (x0..=x1).contains(x) && (z0..=z1).contains(z);
        let wide = self
            .wide
            .iter()
            .copied()
            .filter(move |chunk| usable && !in_block(chunk));
        (z0..=z1)
            .flat_map(move |z| (x0..=x1).map(move |x| (x, z)))
            .chain(wide)
    }

    /// Every chunk that holds a shape or a piece of floor.
    pub fn all_chunks(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        let floors = chunks_covering(self.plan.0, self.plan.1)
            .into_iter()
            .map(|(chunk, _, _)| chunk)
            .filter(|chunk| !self.shapes.contains_key(chunk));
        self.shapes.keys().copied().chain(floors)
    }

    /// How many batches (chunk × kind × material) the whole level's mesh
    /// has, at most (a chunk's empty shapes make none).
    pub fn batch_count(&self) -> usize {
        self.batch_count
    }
}

/// The places of the shapes with `ids`, ascending.
fn places(order: &Order, ids: &[u32]) -> Vec<usize> {
    let mut places: Vec<usize> = ids.iter().map(|&id| order.position(id)).collect();
    places.sort_unstable();
    places
}

impl PartialEq for ChunkIndex {
    /// The same shapes, by their places in the level, under the same
    /// chunks with the same boxes and materials, and the same floor plan
    /// and sums: the ids the shapes are filed under do not count.
    fn eq(&self, other: &Self) -> bool {
        let same_shapes = |chunk: &(i32, i32), mine: &ChunkShapes| {
            other.shapes.get(chunk).is_some_and(|theirs| {
                mine.bounds == theirs.bounds
                    && mine.materials == theirs.materials
                    && self.walls_in(*chunk) == other.walls_in(*chunk)
                    && self.obstacles_in(*chunk) == other.obstacles_in(*chunk)
            })
        };
        self.shapes.len() == other.shapes.len()
            && self
                .shapes
                .iter()
                .all(|(chunk, mine)| same_shapes(chunk, mine))
            && self.outline == other.outline
            && self.plan == other.plan
            && self.ceiling_height == other.ceiling_height
            && self.overhang == other.overhang
            && self.wide == other.wide
            && self.extent == other.extent
            && self.batch_count == other.batch_count
            && self.wall_ids.len() == other.wall_ids.len()
            && self.obstacle_ids.len() == other.obstacle_ids.len()
    }
}

/// A point of the floor plan at height `y`.
fn flat(point: Vec2, y: f32) -> Vec3 {
    Vec3::new(point.x, y, point.y)
}

/// The part of the floor plan `plan` inside `chunk`, if any.
fn floor_piece(plan: (Vec2, Vec2), chunk: (i32, i32)) -> Option<(Vec2, Vec2)> {
    let chunk_min = Vec2::new(chunk.0 as f32, chunk.1 as f32) * CHUNK_SIZE;
    let min = plan.0.max(chunk_min);
    let max = plan.1.min(chunk_min + CHUNK_SIZE);
    (min.x < max.x && min.y < max.y).then_some((min, max))
}

/// The rectangle the floor covers: `outline` (see [`floor_outline`]) plus
/// a margin.
fn plan_around(outline: (Vec2, Vec2)) -> (Vec2, Vec2) {
    (outline.0 - FLOOR_MARGIN, outline.1 + FLOOR_MARGIN)
}

/// The smallest and largest corner of every wall's ends, obstacle's
/// corners and the start.
fn floor_outline(level: &Level) -> PointBounds {
    let points = level
        .walls
        .iter()
        .flat_map(|wall| [wall.a, wall.b])
        .chain(
            level
                .obstacles
                .iter()
                .flat_map(|obstacle| obstacle.polygon.points().iter().copied()),
        )
        .chain(std::iter::once(level.player.start));
    let mut outline = PointBounds::EMPTY;
    points.for_each(|point| outline.add(point));
    outline
}

/// The smallest and largest corner of a changing set of points, with how
/// many points lie on each edge: taking a point away asks for a pass over
/// all of them only when it was the last on an edge.
#[derive(Debug, Clone, Copy, PartialEq)]
struct PointBounds {
    /// The largest x and y, and the largest -x and -y.
    largest: [RunningMax; 4],
}

impl PointBounds {
    /// No points: the corners are (+∞, +∞) and (-∞, -∞).
    const EMPTY: Self = Self {
        largest: [RunningMax::EMPTY; 4],
    };

    /// The values whose largest each of `largest` keeps, for `point`.
    fn values(point: Vec2) -> [f32; 4] {
        [point.x, point.y, -point.x, -point.y]
    }

    /// Counts `point` in.
    fn add(&mut self, point: Vec2) {
        for (largest, value) in self.largest.iter_mut().zip(Self::values(point)) {
            largest.add(value);
        }
    }

    /// Counts `point` out. Returns false when it was the last point on an
    /// edge: the outline must then be worked out anew.
    #[must_use]
    fn remove(&mut self, point: Vec2) -> bool {
        let mut known = true;
        for (largest, value) in self.largest.iter_mut().zip(Self::values(point)) {
            known &= largest.remove(value);
        }
        known
    }

    /// The smallest and the largest corner.
    fn corners(&self) -> (Vec2, Vec2) {
        let [x, y, minus_x, minus_y] = self.largest.map(|largest| largest.value());
        (Vec2::new(-minus_x, -minus_y), Vec2::new(x, y))
    }
}

/// Chunk coordinates of the chunk holding `point` (the renderer files its
/// debug lines by the same chunks).
pub fn chunk_of(point: Vec2) -> (i32, i32) {
    let cell = (point / CHUNK_SIZE).floor();
    (cell.x as i32, cell.y as i32)
}

/// The chunk a wall from `a` to `b` is filed under: its midpoint's. The
/// mesh, the debug lines and view culling all file walls by this one rule.
pub fn wall_chunk(a: Vec2, b: Vec2) -> (i32, i32) {
    chunk_of((a + b) / 2.0)
}

/// The chunk an obstacle with outline `points` is filed under: its
/// vertices' mean's (chunk (0, 0) for an empty outline). The mesh, the
/// debug lines and view culling all file obstacles by this one rule.
pub fn obstacle_chunk(points: &[Vec2]) -> (i32, i32) {
    let centre = points.iter().copied().sum::<Vec2>() / points.len().max(1) as f32;
    chunk_of(centre)
}

/// The chunks a rectangle overlaps, each with the part of the rectangle
/// inside it.
fn chunks_covering(min: Vec2, max: Vec2) -> Vec<((i32, i32), Vec2, Vec2)> {
    let (first, last) = (chunk_of(min), chunk_of(max));
    let mut pieces = Vec::new();
    for cz in first.1..=last.1 {
        for cx in first.0..=last.0 {
            let chunk_min = Vec2::new(cx as f32, cz as f32) * CHUNK_SIZE;
            let piece_min = min.max(chunk_min);
            let piece_max = max.min(chunk_min + CHUNK_SIZE);
            if piece_min.x < piece_max.x && piece_min.y < piece_max.y {
                pieces.push(((cx, cz), piece_min, piece_max));
            }
        }
    }
    pieces
}

/// Triangles of one chunk and material, before they are concatenated.
#[derive(Debug)]
struct MaterialBatch {
    metres_per_repeat: f32,
    vertices: Vec<MeshVertex>,
    indices: Vec<u32>,
    bounds: Bounds,
    /// The faces, each as the light cache sees it, in the order they
    /// were made.
    faces: Vec<FaceFrame>,
    /// Per vertex, its face in `faces`; the vertex's `light_uv` holds its
    /// place on that face in metres until the mesh is finished.
    vertex_faces: Vec<u32>,
}

impl MaterialBatch {
    /// A planar quad p0 p1 p2 p3 (in order around its outline) facing
    /// `normal`; `uv` gives each corner's texture position in metres. The
    /// winding is chosen from the normal, so callers need not care.
    fn quad(&mut self, corners: [Vec3; 4], normal: Vec3, uv: [Vec2; 4]) {
        let (along, across) = (corners[1] - corners[0], corners[3] - corners[0]);
        self.faces.push(FaceFrame {
            origin: corners[0],
            along: along.normalize_or_zero(),
            across: across.normalize_or_zero(),
            size: Vec2::new(along.length(), across.length()),
            normal,
        });
        let facing = (corners[1] - corners[0])
            .cross(corners[2] - corners[0])
            .dot(normal);
        let base = self.vertices.len() as u32;
        for (corner, uv) in corners.into_iter().zip(uv) {
            self.push_vertex(corner, normal, uv);
        }
        let order: [u32; 6] = if facing >= 0.0 {
            [0, 1, 2, 0, 2, 3]
        } else {
            [0, 2, 1, 0, 3, 2]
        };
        self.indices.extend(order.iter().map(|i| base + i));
    }

    /// Adds a vertex of the face made last.
    fn push_vertex(&mut self, position: Vec3, normal: Vec3, uv_metres: Vec2) {
        self.bounds.grow(position);
        let face = self.faces.len().saturating_sub(1);
        let on_face = self
            .faces
            .get(face)
            .map_or(Vec2::ZERO, |frame| frame.local(position));
        self.vertices.push(MeshVertex {
            position: position.to_array(),
            normal: normal.to_array(),
            uv: (uv_metres / self.metres_per_repeat).to_array(),
            light_uv: on_face.to_array(),
        });
        self.vertex_faces.push(face as u32);
    }

    /// A vertical face from `p` to `q` on the floor plan, up to `height`,
    /// facing `normal` (on the plan). Texture u runs along `along`'s world
    /// coordinate so collinear pieces continue one another's pattern;
    /// v runs down from the top.
    fn vertical(&mut self, p: Vec2, q: Vec2, height: f32, normal: Vec2, u_offset: f32) {
        let along = (q - p).normalize_or_zero();
        let u = |point: Vec2| point.dot(along) - p.dot(along) + u_offset;
        let corners = [
            Vec3::new(p.x, 0.0, p.y),
            Vec3::new(q.x, 0.0, q.y),
            Vec3::new(q.x, height, q.y),
            Vec3::new(p.x, height, p.y),
        ];
        let uv = [
            Vec2::new(u(p), height),
            Vec2::new(u(q), height),
            Vec2::new(u(q), 0.0),
            Vec2::new(u(p), 0.0),
        ];
        self.quad(corners, Vec3::new(normal.x, 0.0, normal.y), uv);
    }

    /// A wall: a box `thickness` wide centred on segment a→b, `height` tall.
    fn wall(&mut self, a: Vec2, b: Vec2, thickness: f32, height: f32, with_top: bool) {
        let Some(direction) = (b - a).try_normalize() else {
            return;
        };
        let side = Vec2::new(direction.y, -direction.x);
        let half = side * (thickness / 2.0);
        // u from the world coordinate along the wall: collinear wall pieces
        // line up their texture like one long wall.
        let u_start = a.dot(direction);
        self.vertical(a + half, b + half, height, side, u_start);
        self.vertical(b - half, a - half, height, -side, -b.dot(direction));
        if thickness > 0.0 {
            self.vertical(a - half, a + half, height, -direction, 0.0);
            self.vertical(b + half, b - half, height, direction, 0.0);
            if with_top {
                let corners = [a + half, b + half, b - half, a - half];
                self.flat(&corners, height, true);
            }
        }
    }

    /// A prism over a convex outline (counter-clockwise on the plan), with its
    /// top; texture u runs around the perimeter.
    fn prism(&mut self, outline: &[Vec2], height: f32) {
        let mut perimeter = 0.0;
        for (index, &p) in outline.iter().enumerate() {
            let q = outline[(index + 1) % outline.len()];
            let edge = q - p;
            let outward = Vec2::new(edge.y, -edge.x).normalize_or_zero();
            self.vertical(p, q, height, outward, perimeter);
            perimeter += edge.length();
        }
        self.flat(outline, height, true);
    }

    /// A horizontal convex polygon at height `y`, facing up or down, with
    /// texture coordinates from world x and z.
    fn flat(&mut self, outline: &[Vec2], y: f32, facing_up: bool) {
        let normal = if facing_up { Vec3::Y } else { Vec3::NEG_Y };
        let Some(&first) = outline.first() else {
            return;
        };
        // The light cache's rectangle runs along the first edge (a wall's
        // top along the wall), around every point.
        let along = outline
            .get(1)
            .and_then(|&second| (second - first).try_normalize())
            .unwrap_or(Vec2::X);
        let across = along.perp();
        let on_axes = |point: Vec2| Vec2::new(point.dot(along), point.dot(across));
        let (min, max) = outline.iter().fold(
            (Vec2::INFINITY, Vec2::NEG_INFINITY),
            |(min, max), &point| (min.min(on_axes(point)), max.max(on_axes(point))),
        );
        self.faces.push(FaceFrame {
            origin: flat(along * min.x + across * min.y, y),
            along: flat(along, 0.0),
            across: flat(across, 0.0),
            size: (max - min).max(Vec2::ZERO),
            normal,
        });
        let base = self.vertices.len() as u32;
        for &point in outline {
            self.push_vertex(Vec3::new(point.x, y, point.y), normal, point);
        }
        for index in 1..outline.len().saturating_sub(1) {
            let (p, q) = (outline[index], outline[index + 1]);
            let up = (p - first).perp_dot(q - first) < 0.0;
            // On the plan (x right, z down the screen) a triangle that turns
            // clockwise in x-z faces up in 3D (y = z × x).
            let (i, j) = if up == facing_up {
                (index, index + 1)
            } else {
                (index + 1, index)
            };
            self.indices
                .extend([base, base + i as u32, base + j as u32]);
        }
    }

    /// The floor (facing up) or ceiling (facing down) over a rectangle.
    fn horizontal(&mut self, min: Vec2, max: Vec2, y: f32, facing_up: bool) {
        let corners = [min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)];
        self.flat(&corners, y, facing_up);
    }
}

/// Collects parts by chunk and material, in a deterministic order.
#[derive(Debug, Default)]
struct MeshBuilder {
    parts: BTreeMap<(PartKey, usize), MaterialBatch>,
}

/// What a part is filed under besides its material: its chunk and kind.
type PartKey = ((i32, i32), BatchKind);

impl MeshBuilder {
    /// Adds the walls, obstacles, floor and ceiling of `chunk`.
    fn add_chunk(&mut self, level: &Level, index: &ChunkIndex, chunk: (i32, i32)) {
        let repeat = |material: MaterialId| {
            level
                .materials
                .get(material.0)
                .map_or(1.0, |material| material.metres_per_repeat)
        };
        let environment = &level.environment;
        let key = (chunk, BatchKind::Shapes);
        for wall in index
            .walls_in(chunk)
            .into_iter()
            .filter_map(|i| level.walls.get(i))
        {
            self.part(key, wall.material, repeat(wall.material)).wall(
                wall.a,
                wall.b,
                wall.thickness,
                wall.height,
                wall.height < environment.ceiling_height - MIN_GAP_FOR_WALL_TOP,
            );
        }
        let obstacles = index
            .fixed_obstacles_in(level, chunk)
            .into_iter()
            .filter_map(|i| level.obstacles.get(i));
        for obstacle in obstacles {
            self.part(key, obstacle.material, repeat(obstacle.material))
                .prism(obstacle.polygon.points(), obstacle.height);
        }
        if let Some((min, max)) = index.floor_piece(chunk) {
            let key = (chunk, BatchKind::FloorAndCeiling);
            self.part(key, environment.floor, repeat(environment.floor))
                .horizontal(min, max, 0.0, true);
            self.part(key, environment.ceiling, repeat(environment.ceiling))
                .horizontal(min, max, environment.ceiling_height, false);
        }
    }

    fn part(
        &mut self,
        key: PartKey,
        material: MaterialId,
        metres_per_repeat: f32,
    ) -> &mut MaterialBatch {
        self.parts
            .entry((key, material.0))
            .or_insert_with(|| MaterialBatch {
                metres_per_repeat: if metres_per_repeat > 0.0 {
                    metres_per_repeat
                } else {
                    1.0
                },
                vertices: Vec::new(),
                indices: Vec::new(),
                bounds: Bounds::EMPTY,
                faces: Vec::new(),
                vertex_faces: Vec::new(),
            })
    }

    /// Concatenates the parts into one mesh, and lays out every face's
    /// light in one light cache.
    fn finish(self) -> SceneMesh {
        let parts: Vec<_> = self
            .parts
            .into_iter()
            .filter(|(_, part)| !part.indices.is_empty())
            .collect();
        let faces: Vec<FaceFrame> = parts
            .iter()
            .flat_map(|(_, part)| part.faces.iter().copied())
            .collect();
        let light = LightLayout::pack(&faces);
        let cache_size = Vec2::new(light.size.0 as f32, light.size.1 as f32).max(Vec2::ONE);
        let mut mesh = SceneMesh {
            light,
            ..SceneMesh::default()
        };
        let mut first_face = 0;
        for (((chunk, kind), material), mut part) in parts {
            for (vertex, &face) in part.vertices.iter_mut().zip(&part.vertex_faces) {
                // A face left out of the cache (none laid out) samples its
                // first texel.
                let texel = mesh
                    .light
                    .patches
                    .get(first_face + face as usize)
                    .map_or(Vec2::ZERO, |patch| patch.texel(Vec2::from(vertex.light_uv)));
                vertex.light_uv = (texel / cache_size).to_array();
            }
            first_face += part.faces.len();
            let base = mesh.vertices.len() as u32;
            let first = mesh.indices.len() as u32;
            mesh.vertices.extend(part.vertices);
            mesh.indices.extend(part.indices.iter().map(|i| base + i));
            mesh.batches.push(Batch {
                chunk,
                kind,
                material: MaterialId(material),
                bounds: part.bounds,
                indices: first..mesh.indices.len() as u32,
            });
        }
        mesh
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::level::light_layout::LightPatch;
    use std::path::Path;

    fn level(toml: &str) -> Level {
        Level::from_toml_str(toml, Path::new("test.toml"))
            .expect("valid level")
            .level
    }

    fn triangles(mesh: &SceneMesh) -> impl Iterator<Item = [&MeshVertex; 3]> {
        mesh.indices.chunks_exact(3).map(|t| {
            [
                &mesh.vertices[t[0] as usize],
                &mesh.vertices[t[1] as usize],
                &mesh.vertices[t[2] as usize],
            ]
        })
    }

    #[test]
    fn every_triangle_winds_counter_clockwise_around_its_normal() {
        let mesh = scene_mesh(&Level::default_house());
        assert!(mesh.indices.len() > 1000);
        for [p, q, r] in triangles(&mesh) {
            let (p3, q3, r3) = (
                Vec3::from(p.position),
                Vec3::from(q.position),
                Vec3::from(r.position),
            );
            let geometric = (q3 - p3).cross(r3 - p3);
            assert!(geometric.length() > 0.0, "degenerate triangle {p:?}");
            assert!(
                geometric.normalize().dot(Vec3::from(p.normal)) > 0.999,
                "triangle {p:?} {q:?} {r:?} winds against its normal"
            );
        }
    }

    #[test]
    fn a_wall_is_a_box_of_its_height_and_thickness_around_its_segment() {
        let mesh = scene_mesh(&level(
            "[player]\nstart = [0.0, 5.0]\n[[wall]]\na = [0.0, 0.0]\nb = [4.0, 0.0]\nthickness = 0.2\nheight = 2.0\n",
        ));
        let wall = mesh
            .batches
            .iter()
            .find(|batch| batch.bounds.max.y == 2.0)
            .expect("a batch of wall height");
        assert_eq!(wall.bounds.min, Vec3::new(0.0, 0.0, -0.1));
        assert_eq!(wall.bounds.max, Vec3::new(4.0, 2.0, 0.1));
        // Two sides, two ends, and a top (2.0 m is below the 2.8 m ceiling).
        assert_eq!(wall.indices.len(), 5 * 6);
    }

    #[test]
    fn texture_repeats_follow_world_size_and_continue_across_collinear_pieces() {
        let mesh = scene_mesh(&level(
            "[player]\nstart = [0.0, 5.0]\n[[wall]]\na = [0.0, 0.0]\nb = [3.0, 0.0]\nmaterial = \"brick\"\n[[wall]]\na = [3.0, 0.0]\nb = [9.0, 0.0]\nmaterial = \"brick\"\n",
        ));
        // brick repeats every 1.2 m; the +z side of both pieces runs along x.
        let side: Vec<&MeshVertex> = mesh
            .vertices
            .iter()
            .filter(|v| v.normal == [0.0, 0.0, -1.0] && v.position[1] == 0.0)
            .collect();
        let u_at = |x: f32| {
            side.iter()
                .filter(|v| (v.position[0] - x).abs() < 1e-6)
                .map(|v| v.uv[0])
                .collect::<Vec<f32>>()
        };
        for u in u_at(3.0) {
            assert!((u - 3.0 / 1.2).abs() < 1e-5, "u at the seam {u}");
        }
        let far = u_at(9.0);
        assert!(!far.is_empty());
        for u in far {
            assert!((u - 9.0 / 1.2).abs() < 1e-5, "u at the far end {u}");
        }
    }

    #[test]
    fn a_straddling_obstacle_is_filed_by_its_centre_and_floors_apart_from_shapes() {
        // Its first point lies in chunk (0, 0), most of it in chunk (1, 0).
        let level = level(
            "[player]\nstart = [0.0, 0.0]\n\
             [[obstacle]]\npoints = [[15.5, 2.0], [19.0, 2.0], [19.0, 4.0], [15.5, 4.0]]\n",
        );
        let points = level.obstacles[0].polygon.points();
        assert_eq!(obstacle_chunk(points), (1, 0));
        let mesh = scene_mesh(&level);
        let shapes: Vec<(i32, i32)> = mesh
            .batches
            .iter()
            .filter(|batch| batch.kind == BatchKind::Shapes)
            .map(|batch| batch.chunk)
            .collect();
        assert_eq!(shapes, [(1, 0)]);
        // The floor and ceiling share no batch with the obstacle, though
        // they may share its material.
        for batch in &mesh.batches {
            let is_floor = batch.bounds.max.y == 0.0;
            let is_ceiling = batch.bounds.min.y == level.environment.ceiling_height;
            assert_eq!(
                batch.kind == BatchKind::FloorAndCeiling,
                is_floor || is_ceiling,
                "{batch:?}"
            );
        }
    }

    #[test]
    fn chunk_meshes_together_are_the_whole_mesh_and_lie_in_their_boxes() {
        let level = Level::maze(20, 20, 3).expect("maze");
        let index = ChunkIndex::new(&level);
        let whole = scene_mesh(&level);
        let mut triangles = 0;
        let mut batches = 0;
        for chunk in index.all_chunks() {
            let mesh = chunk_mesh(&level, &index, chunk);
            let bounds = index.bounds(chunk).expect("a listed chunk holds something");
            for vertex in &mesh.vertices {
                let p = Vec3::from(vertex.position);
                assert!(p.cmpge(bounds.min).all() && p.cmple(bounds.max).all());
            }
            assert!(mesh.batches.iter().all(|batch| batch.chunk == chunk));
            triangles += mesh.indices.len();
            batches += mesh.batches.len();
        }
        assert_eq!(triangles, whole.indices.len());
        assert_eq!(batches, whole.batches.len());
        assert_eq!(index.batch_count(), whole.batches.len());
        // Every chunk with a vertex within 10 m of a point is near it.
        let point = Vec2::new(13.0, 27.0);
        let near: Vec<(i32, i32)> = index.chunks_near(point, 10.0).collect();
        for chunk in index.all_chunks() {
            let mesh = chunk_mesh(&level, &index, chunk);
            let close = mesh
                .vertices
                .iter()
                .any(|v| Vec2::new(v.position[0], v.position[2]).distance(point) <= 10.0);
            assert!(!close || near.contains(&chunk), "{chunk:?} left out");
        }
        assert!(index.chunks_near(Vec2::NAN, 10.0).next().is_none());
        // Every chunk with a vertex inside a rectangle is in it.
        let (min, max) = (Vec2::new(2.0, 20.0), Vec2::new(30.0, 24.0));
        let inside: Vec<(i32, i32)> = index.chunks_in(min, max).collect();
        for chunk in index.all_chunks() {
            let mesh = chunk_mesh(&level, &index, chunk);
            let reaches = mesh.vertices.iter().any(|v| {
                let p = Vec2::new(v.position[0], v.position[2]);
                p.cmpge(min).all() && p.cmple(max).all()
            });
            assert!(!reaches || inside.contains(&chunk), "{chunk:?} left out");
        }
        assert!(
            inside.len() < index.all_chunks().count(),
            "not the whole level"
        );
        // The maze's outer walls run its whole side, yet a near view looks
        // at a few dozen chunks, not the level's.
        let big = ChunkIndex::new(&Level::maze(200, 200, 3).expect("maze"));
        let looked_at = big.chunks_near(Vec2::new(200.0, 200.0), 60.0).count();
        assert!(looked_at < 150, "{looked_at} chunks");
    }

    #[test]
    fn floor_and_ceiling_cover_the_plan_in_chunks() {
        let house = Level::default_house();
        let mesh = scene_mesh(&house);
        let floor: Vec<&Batch> = mesh
            .batches
            .iter()
            .filter(|batch| batch.material == house.environment.floor && batch.bounds.max.y == 0.0)
            .collect();
        assert!(floor.len() >= 2, "a 22 m wide house spans chunks");
        let min = floor
            .iter()
            .fold(Vec3::INFINITY, |m, b| m.min(b.bounds.min));
        let max = floor
            .iter()
            .fold(Vec3::NEG_INFINITY, |m, b| m.max(b.bounds.max));
        assert_eq!((min.x, min.z), (-FLOOR_MARGIN, -FLOOR_MARGIN));
        assert_eq!((max.x, max.z), (20.0 + FLOOR_MARGIN, 14.0 + FLOOR_MARGIN));
        for batch in &floor {
            let size = batch.bounds.max - batch.bounds.min;
            assert!(size.x <= CHUNK_SIZE && size.z <= CHUNK_SIZE);
        }
        let ceiling_height = house.environment.ceiling_height;
        assert!(mesh.batches.iter().any(|batch| {
            batch.material == house.environment.ceiling && batch.bounds.min.y == ceiling_height
        }));
    }

    #[test]
    fn every_wall_and_obstacle_of_the_level_is_in_the_mesh() {
        let house = Level::default_house();
        let mesh = scene_mesh(&house);
        let covered = |point: Vec2, y: f32| {
            mesh.batches.iter().any(|batch| {
                let (min, max) = (batch.bounds.min, batch.bounds.max);
                (min.x..=max.x).contains(&point.x)
                    && (min.z..=max.z).contains(&point.y)
                    && (min.y..=max.y).contains(&y)
            })
        };
        for wall in &house.walls {
            assert!(
                covered((wall.a + wall.b) / 2.0, wall.height / 2.0),
                "{wall:?}"
            );
        }
        for obstacle in &house.obstacles {
            let point = obstacle.polygon.points()[0];
            assert!(covered(point, obstacle.height), "{obstacle:?}");
        }
    }

    #[test]
    fn every_triangle_finds_its_world_points_in_one_face_of_the_light_cache() {
        use crate::level::light_layout::LIGHT_TEXELS_PER_METRE;
        let level = Level::default_house();
        let index = ChunkIndex::new(&level);
        for chunk in index.all_chunks() {
            let mesh = chunk_mesh(&level, &index, chunk);
            let light = &mesh.light;
            assert_eq!(light.texels_per_metre, LIGHT_TEXELS_PER_METRE);
            let size = Vec2::new(light.size.0 as f32, light.size.1 as f32);
            for triangle in triangles(&mesh) {
                // The bake lights a texel at `origin + axes × (texel −
                // corner) × metres a texel`: that must give back each
                // vertex's world point, within the face's rectangle.
                let on_patch = |patch: &LightPatch| {
                    let corner = Vec2::new(patch.cell[0] + 1.0, patch.cell[1] + 1.0);
                    let extent = Vec2::new(patch.cell[2], patch.cell[3]);
                    let [x, y, z, metres] = patch.origin;
                    triangle.iter().all(|vertex| {
                        let local = Vec2::from(vertex.light_uv) * size - corner;
                        let world = Vec3::new(x, y, z)
                            + (Vec3::from_slice(&patch.along) * local.x
                                + Vec3::from_slice(&patch.across) * local.y)
                                * metres;
                        local.cmpge(Vec2::splat(-1e-3)).all()
                            && local.cmple(extent + 1e-3).all()
                            && world.distance(Vec3::from(vertex.position)) < 1e-3
                            && patch.normal[..3] == vertex.normal
                    })
                };
                assert!(
                    light.patches.iter().any(on_patch),
                    "no face of the light cache holds {triangle:?}"
                );
            }
        }
    }

    #[test]
    fn batches_partition_the_indices() {
        let mesh = scene_mesh(&Level::maze(12, 9, 3).expect("a maze"));
        let mut next = 0;
        for batch in &mesh.batches {
            assert_eq!(batch.indices.start, next);
            assert!(batch.indices.end > batch.indices.start);
            next = batch.indices.end;
        }
        assert_eq!(next as usize, mesh.indices.len());
        assert!(
            mesh.indices
                .iter()
                .all(|&i| (i as usize) < mesh.vertices.len())
        );
    }
}
