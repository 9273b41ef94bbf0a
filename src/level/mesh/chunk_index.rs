//! A level's walls and obstacles filed by chunk, with a box around each
//! chunk and the floor plan, kept up to date through edits, and its
//! floors' edges filed by chunk.

use std::collections::{HashMap, HashSet};

use glam::Vec2;

use super::super::model::Level;
use super::chunks::{
    CHUNK_SIZE, chunk_of, chunks_covering, floor_piece, obstacle_chunk, wall_chunk,
};
use super::floor_filing::FloorFiling;
use super::floor_pieces::FloorPiece;
use super::floor_plan::{PointBounds, floor_outline, plan_around};
use super::scene_mesh::{Bounds, flat};
use crate::collision::{HeightEdge, Order};

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
    /// The floors' edges by chunk, and the heights the floor and ceiling
    /// pieces' boxes reach. Edits do not change floors.
    floors: FloorFiling,
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
            floors: FloorFiling::new(level),
            overhang: 0.0,
            wide: Vec::new(),
            extent: ((0, 0), (0, 0)),
            batch_count: 0,
            wall_ids,
            obstacle_ids,
        };
        index.sum_up();
        index
    }

    /// Works out what the index knows of all its chunks together (the
    /// overhang, the wide chunks, the extent, the batches) from its
    /// chunks' boxes and materials and the floor plan.
    fn sum_up(&mut self) {
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
        batch_count += chunks_covering(plan.0, plan.1)
            .into_iter()
            .map(|(chunk, _, _)| self.floors.materials_in(chunk))
            .sum::<usize>();
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
        self.sum_up();
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
    pub(super) fn floor_piece(&self, chunk: (i32, i32)) -> Option<(Vec2, Vec2)> {
        floor_piece(self.plan, chunk)
    }

    /// The part of the floor plan inside `chunk` cut into convex pieces,
    /// each over one floor (or outside every floor); none when the chunk
    /// holds no part of the plan. What the 3D view's floors and the map's
    /// shades are drawn from.
    pub fn floor_pieces(&self, chunk: (i32, i32)) -> Vec<FloorPiece> {
        self.floor_piece(chunk)
            .map(|(min, max)| self.floors.floor_pieces(chunk, min, max))
            .unwrap_or_default()
    }

    /// The pieces of the edges between floors filed under `chunk`, each
    /// inside its square: every edge's pieces are filed under one chunk
    /// each.
    pub fn edge_pieces(&self, chunk: (i32, i32)) -> Vec<HeightEdge> {
        self.floors.edge_pieces(chunk)
    }

    /// A box around everything `chunk`'s mesh holds; `None` when it holds
    /// nothing.
    pub fn bounds(&self, chunk: (i32, i32)) -> Option<Bounds> {
        let mut bounds = self.shapes(chunk).map_or(Bounds::EMPTY, |s| s.bounds);
        if let Some((min, max)) = self.floor_piece(chunk) {
            let (lowest, highest) = self.floors.reach();
            bounds.grow(flat(min, lowest));
            bounds.grow(flat(max, highest));
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
            && self.floors == other.floors
            && self.overhang == other.overhang
            && self.wide == other.wide
            && self.extent == other.extent
            && self.batch_count == other.batch_count
            && self.wall_ids.len() == other.wall_ids.len()
            && self.obstacle_ids.len() == other.obstacle_ids.len()
    }
}
