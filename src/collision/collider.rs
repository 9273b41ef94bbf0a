//! The collider: walls and obstacles behind a uniform grid, and the move
//! query every camera step goes through.

use std::ops::ControlFlow;
use std::sync::Arc;

use glam::{DVec2, Vec2};

use super::error::CollisionError;
use super::grid::{Aabb, CellEntry, UniformGrid};
use super::heights::{BlockingEdges, Heights};
use super::leaves::{DoorLeaves, NearLeaves};
use super::options::{MoveOptions, MovePolicy};
use super::outcome::{Contact, MAX_SLIDES, MoveOutcome, Surface};
use super::planes::ClipPlanes;
use super::polygon::ConvexPolygon;
use super::sat::circle_polygon_mtv;
use super::shapes::{Capsule, RoundedPolygon, sanitised_radius};
use super::slots::{Chunked, Order, ShapeView};
use super::sweep::SweepHit;
use super::wall::Wall;

/// How many times a start overlapping obstacles is pushed out, at most.
const MAX_PUSH_OUTS: usize = 4;

/// The bit that marks an obstacle's grid id: a wall is filed under its
/// slot, an obstacle under its slot with this bit set.
const OBSTACLE: u32 = 1 << 31;

/// What a grid id names: a wall's slot or an obstacle's.
#[derive(Debug, Clone, Copy)]
enum Filed {
    /// The wall in this slot.
    Wall(u32),
    /// The obstacle in this slot.
    Obstacle(u32),
}

/// The shape that grid id `id` names.
#[inline]
fn filed(id: u32) -> Filed {
    if id & OBSTACLE == 0 {
        Filed::Wall(id)
    } else {
        Filed::Obstacle(id & !OBSTACLE)
    }
}

/// The grid id of the obstacle in `slot`.
fn obstacle_id(slot: u32) -> u32 {
    slot | OBSTACLE
}

/// A shape as the collider's grid files it: its grid id and, for a wall,
/// its capsule, so that a query walking the grid reads a cell's walls where
/// it finds them rather than looking each one up by slot. An obstacle
/// (rarer, and larger) is looked up by its slot, and its entry's capsule is
/// never read. The id tells which it is, so no enum's tag sits beside the
/// two: an entry is 24 bytes, and a million walls file a few million.
#[derive(Debug, Clone, Copy)]
pub(super) struct FiledShape {
    id: u32,
    capsule: Capsule,
}

const _: () = assert!(std::mem::size_of::<FiledShape>() == 24);

impl FiledShape {
    /// The entry of the wall in `slot`, with its capsule.
    fn wall(slot: u32, capsule: Capsule) -> Self {
        Self { id: slot, capsule }
    }

    /// The entry of the obstacle in `slot`.
    fn obstacle(slot: u32) -> Self {
        Self {
            id: obstacle_id(slot),
            capsule: Capsule::UNREAD,
        }
    }
}

impl CellEntry for FiledShape {
    /// The grid id: a wall's slot, or an obstacle's with [`OBSTACLE`] set.
    #[inline]
    fn id(&self) -> u32 {
        self.id
    }
}

/// The collider's grid: each shape filed as a [`FiledShape`].
pub(super) type ShapeGrid = UniformGrid<FiledShape>;

/// The earliest impact along a path, with the shape hit.
#[derive(Debug, Clone, Copy)]
struct Impact {
    hit: SweepHit,
    surface: Surface,
}

/// A shape as the grid files it, for the queries: a wall's capsule
/// (`None`: non-finite geometry) or an obstacle's rounded polygon.
#[derive(Debug, Clone, Copy)]
pub(super) enum Shape<'a> {
    /// A wall's capsule; `None` for a wall with non-finite geometry.
    Wall(Option<Capsule>),
    /// An obstacle, rounded by the body radius.
    Obstacle(&'a RoundedPolygon),
}

/// Walls and convex obstacles with a broadphase, shared by reference
/// (`Send + Sync`; queries take `&self`) and changed in place by edits.
///
/// The eye is a point that keeps at least each wall's radius from that wall
/// and, as a body of radius [`body_radius`](Self::body_radius), does not
/// overlap any obstacle. Build time is linear in the number of shapes, so a
/// level can be rebuilt on hot reload.
///
/// A persistent structure: [`clone`](Clone::clone) copies a pointer per
/// thousand shapes and per block of grid cells, and an edit on a clone
/// copies only the pieces it touches (see `slots.rs` and `grid/`), so an
/// edit on a collider that the renderer still shares costs about what it
/// costs in place. Each shape keeps a stable slot; the world outside names
/// it by its index among the walls or the obstacles, and every answer
/// (ties included) is the same as a collider built from scratch with the
/// same shapes would give.
///
/// Queries other than moves live in their own modules (such as `ray.rs`),
/// which walk the grid and read each grid id's shape through
/// [`shape`](Self::shape), [`surface`](Self::surface) and
/// [`rank`](Self::rank).
#[derive(Debug, Clone)]
pub struct Collider {
    /// Each wall as given, by slot: its capsule is made from it where a
    /// query asks by slot ([`Capsule::from_wall`] costs a few comparisons),
    /// and the grid files it beside each wall's entries.
    walls: Chunked<Wall>,
    /// Each obstacle as given, by slot.
    obstacles: Chunked<ConvexPolygon>,
    body_radius: f32,
    /// Each obstacle by slot, rounded by the body radius.
    rounded_obstacles: Chunked<RoundedPolygon>,
    /// The walls' indices to their slots and back.
    wall_order: Order,
    /// The obstacles' indices to their slots and back.
    obstacle_order: Order,
    /// Every shape that has a box, filed under its grid id (a wall's
    /// slot, or an obstacle's slot with [`OBSTACLE`] set).
    pub(super) grid: ShapeGrid,
    /// The floors at different heights, if any: their edges block a
    /// standing move ([`move_standing`](Self::move_standing)) by the feet's
    /// height.
    heights: Arc<Heights>,
}

impl Collider {
    /// Builds the collider. Walls with non-finite geometry are kept in
    /// [`walls`](Self::walls) but never collide; a NaN, infinite or negative
    /// `body_radius` counts as zero.
    ///
    /// The walls come as any list or iterator of them (a level's walls,
    /// turned into collision walls one by one), so that no list of them is
    /// made beside the collider's own.
    pub fn new(
        walls: impl IntoIterator<Item = Wall>,
        obstacles: Vec<ConvexPolygon>,
        body_radius: f32,
    ) -> Self {
        let body_radius = sanitised_radius(body_radius);
        let walls = Chunked::new(walls);
        let rounded_obstacles = Chunked::new(
            obstacles
                .iter()
                .map(|polygon| RoundedPolygon::new(polygon, body_radius)),
        );
        let mut collider = Self {
            wall_order: Order::identity(walls.len()),
            obstacle_order: Order::identity(obstacles.len()),
            walls,
            obstacles: Chunked::new(obstacles),
            body_radius,
            rounded_obstacles,
            grid: UniformGrid::build(std::iter::empty),
            heights: Arc::default(),
        };
        collider.build_grid();
        collider
    }

    /// This collider standing on `heights`: floors at different heights,
    /// whose edges a standing move meets by the height of its feet
    /// ([`move_standing`](Self::move_standing)).
    pub fn with_heights(mut self, heights: Heights) -> Self {
        self.heights = Arc::new(heights);
        self
    }

    /// Makes it stand on `heights` in place of the ones it had: a level's
    /// floors were edited.
    pub fn set_heights(&mut self, heights: Heights) {
        self.heights = Arc::new(heights);
    }

    /// The floors at different heights it stands on (none: flat).
    pub fn heights(&self) -> &Heights {
        &self.heights
    }

    /// Its floors, to move one ([`Heights::set_floor_height`]: a lift);
    /// copied first when another collider shares them.
    pub fn heights_mut(&mut self) -> &mut Heights {
        Arc::make_mut(&mut self.heights)
    }

    /// The capsule of the wall in `slot` (`None` for non-finite geometry).
    #[inline]
    fn capsule(&self, slot: u32) -> Option<Capsule> {
        Capsule::from_wall(&self.walls[slot as usize])
    }

    /// Every shape's grid entry and box, in ascending id (walls, then
    /// obstacles); walls with non-finite geometry are left out.
    fn filed_shapes(&self) -> impl Iterator<Item = (FiledShape, Aabb)> {
        let walls = self.wall_order.used_slots().filter_map(|slot| {
            self.capsule(slot)
                .map(|capsule| (FiledShape::wall(slot, capsule), capsule.bounds()))
        });
        let obstacles = self.obstacle_order.used_slots().map(|slot| {
            let bounds = self.rounded_obstacles[slot as usize].bounds();
            (FiledShape::obstacle(slot), bounds)
        });
        walls.chain(obstacles)
    }

    /// Files every shape in a grid built anew for them.
    fn build_grid(&mut self) {
        self.grid = UniformGrid::build(|| self.filed_shapes());
    }

    /// Builds the grid anew when an edit's shape reached beyond it.
    fn rebuild_grid_unless(&mut self, fitted: bool) {
        if !fitted {
            self.build_grid();
        }
    }

    /// Files the wall in `slot` with `capsule` in the grid (nothing for a
    /// wall with non-finite geometry). False when its box reaches beyond
    /// the grid, which must then be built anew.
    #[must_use]
    fn file_wall(&mut self, slot: u32, capsule: Option<Capsule>) -> bool {
        capsule.is_none_or(|capsule| {
            let entry = FiledShape::wall(slot, capsule);
            self.grid.insert(entry, capsule.bounds())
        })
    }

    /// Takes the wall in `slot` out of the grid (where its capsule as
    /// stored put it).
    fn unfile_wall(&mut self, slot: u32) {
        if let Some(capsule) = self.capsule(slot) {
            self.grid.remove(slot, capsule.bounds());
        }
    }

    /// Inserts `wall` as wall `index` (the walls from `index` on move one
    /// up), as if the collider were built with it: only the grid cells it
    /// covers change. Panics when `index` is past the wall count.
    pub fn insert_wall(&mut self, index: usize, wall: Wall) {
        let capsule = Capsule::from_wall(&wall);
        let slot = self.wall_order.insert(index);
        self.walls.put(slot as usize, wall);
        let fitted = self.file_wall(slot, capsule);
        self.rebuild_grid_unless(fitted);
    }

    /// Removes wall `index` (the walls after it move one down) and returns
    /// it. Panics when there is no wall `index`.
    pub fn remove_wall(&mut self, index: usize) -> Wall {
        let slot = self.wall_order.remove(index);
        self.unfile_wall(slot);
        self.walls[slot as usize]
    }

    /// Puts `wall` in place of wall `index` and returns the wall it
    /// replaces. Panics when there is no wall `index`.
    pub fn replace_wall(&mut self, index: usize, wall: Wall) -> Wall {
        let slot = self.wall_order.slot_at(index);
        let capsule = Capsule::from_wall(&wall);
        self.unfile_wall(slot);
        let old = self.walls[slot as usize];
        self.walls.put(slot as usize, wall);
        let fitted = self.file_wall(slot, capsule);
        self.rebuild_grid_unless(fitted);
        old
    }

    /// Inserts `obstacle` as obstacle `index` (those from `index` on move
    /// one up). Panics when `index` is past the obstacle count.
    pub fn insert_obstacle(&mut self, index: usize, obstacle: ConvexPolygon) {
        let rounded = RoundedPolygon::new(&obstacle, self.body_radius);
        let bounds = rounded.bounds();
        let slot = self.obstacle_order.insert(index);
        self.obstacles.put(slot as usize, obstacle);
        self.rounded_obstacles.put(slot as usize, rounded);
        let fitted = self.grid.insert(FiledShape::obstacle(slot), bounds);
        self.rebuild_grid_unless(fitted);
    }

    /// Removes obstacle `index` (those after it move one down) and returns
    /// it. Panics when there is no obstacle `index`.
    pub fn remove_obstacle(&mut self, index: usize) -> ConvexPolygon {
        let slot = self.obstacle_order.remove(index);
        let bounds = self.rounded_obstacles[slot as usize].bounds();
        self.grid.remove(obstacle_id(slot), bounds);
        self.obstacles[slot as usize].clone()
    }

    /// All walls, as given, in order: a slice-like view (the collider
    /// keeps them in slots, not in one slice).
    pub fn walls(&self) -> ShapeView<'_, Wall> {
        ShapeView::new(&self.wall_order, &self.walls)
    }

    /// All obstacles, as given, in order: a slice-like view.
    pub fn obstacles(&self) -> ShapeView<'_, ConvexPolygon> {
        ShapeView::new(&self.obstacle_order, &self.obstacles)
    }

    /// The number of walls.
    pub(super) fn wall_count(&self) -> usize {
        self.wall_order.len()
    }

    /// The shape filed in the grid under `id`, looked up by its slot (for
    /// queries that keep ids; one walking the grid has the entries, see
    /// [`filed_shape`](Self::filed_shape)).
    #[inline]
    pub(super) fn shape(&self, id: u32) -> Shape<'_> {
        match filed(id) {
            Filed::Wall(slot) => Shape::Wall(self.capsule(slot)),
            Filed::Obstacle(slot) => Shape::Obstacle(&self.rounded_obstacles[slot as usize]),
        }
    }

    /// The shape a grid entry files: a wall's capsule from the entry
    /// itself, an obstacle looked up by its slot.
    #[inline]
    pub(super) fn filed_shape(&self, entry: &FiledShape) -> Shape<'_> {
        match filed(entry.id) {
            Filed::Wall(_) => Shape::Wall(Some(entry.capsule)),
            Filed::Obstacle(slot) => Shape::Obstacle(&self.rounded_obstacles[slot as usize]),
        }
    }

    /// The shape filed under `id` as the world outside names it: by its
    /// index among the walls or the obstacles.
    #[inline]
    pub(super) fn surface(&self, id: u32) -> Surface {
        match filed(id) {
            Filed::Wall(slot) => Surface::Wall(self.wall_order.position(slot)),
            Filed::Obstacle(slot) => Surface::Obstacle(self.obstacle_order.position(slot)),
        }
    }

    /// Where the shape filed under `id` comes in the order that queries
    /// break ties by: the walls by index, then the obstacles by index (as
    /// a collider built from scratch would number them, whatever slots
    /// they hold).
    #[inline]
    pub(super) fn rank(&self, id: u32) -> usize {
        match filed(id) {
            Filed::Wall(slot) => self.wall_order.position(slot),
            Filed::Obstacle(slot) => self.wall_count() + self.obstacle_order.position(slot),
        }
    }

    /// The shape of rank `rank` as the world outside names it (see
    /// [`rank`](Self::rank)): what [`surface`](Self::surface) gives for
    /// its id, without looking its index up again.
    #[inline]
    pub(super) fn surface_of_rank(&self, rank: usize) -> Surface {
        match rank.checked_sub(self.wall_count()) {
            None => Surface::Wall(rank),
            Some(index) => Surface::Obstacle(index),
        }
    }

    /// One past the largest dense index (see
    /// [`dense_index`](Self::dense_index)).
    pub(super) fn dense_count(&self) -> usize {
        self.walls.len() + self.rounded_obstacles.len()
    }

    /// A number per slot, walls' then obstacles', below
    /// [`dense_count`](Self::dense_count): for bitsets over the shapes.
    #[inline]
    pub(super) fn dense_index(&self, id: u32) -> usize {
        match filed(id) {
            Filed::Wall(slot) => slot as usize,
            Filed::Obstacle(slot) => self.walls.len() + slot as usize,
        }
    }

    /// The grid ids of the shapes filed in the cells that `area` overlaps,
    /// each once, in [`rank`](Self::rank) order (allocates).
    pub(super) fn ranked_shapes_in(&self, area: &Aabb) -> Vec<u32> {
        let mut ids = self.grid.shapes_in(area);
        ids.sort_by_cached_key(|&id| self.rank(id));
        ids
    }

    /// The body radius kept from obstacles (after sanitising).
    pub fn body_radius(&self) -> f32 {
        self.body_radius
    }

    /// Where the eye may go: moves it from `from` by `delta` on the XZ plane.
    ///
    /// The test is continuous (a swept point against rounded shapes), so no
    /// move of any length crosses a wall. With [`MovePolicy::Slide`] the eye
    /// goes as far as allowed, then the rest of the move slides along what it
    /// hit (Quake's clip planes): it stops in concave corners and when the
    /// slid direction would oppose `delta`. With [`MovePolicy::Reject`] a move
    /// that hits anything is refused whole. In ghost mode the move passes.
    ///
    /// Errors on NaN or infinite `from`, `delta` or `from + delta`, and on an
    /// invalid [`MoveOptions::skin`]; nothing is stored either way.
    ///
    /// Always inlined into the caller, which then builds the (288-byte)
    /// outcome in place instead of copying it out (left to itself the
    /// compiler kept it out of line in some callers, the benchmark's
    /// among them); the work is in an out-of-line call.
    #[inline(always)]
    pub fn move_eye(
        &self,
        from: Vec2,
        delta: Vec2,
        options: &MoveOptions,
    ) -> Result<MoveOutcome, CollisionError> {
        check_move(from, delta, options)?;
        if options.ghost {
            return Ok(MoveOutcome::free(from + delta));
        }
        let mut outcome = MoveOutcome::free(from);
        self.checked_move(from, delta, options, &NoLeaves, &mut outcome);
        Ok(outcome)
    }

    /// [`move_eye`](Self::move_eye) among door leaves as they stand now:
    /// each leaf blocks the body like an obstacle (it is met grown by
    /// [`body_radius`](Self::body_radius), reported as
    /// [`Surface::Door`]), and a start that overlaps a leaf is pushed out
    /// of it like out of an obstacle. The collider stays as built; only the
    /// leaves near the path are looked at, and a move that no leaf comes
    /// near costs what [`move_eye`](Self::move_eye) costs, and a look at
    /// the leaves' grid.
    ///
    /// Inlined into the caller for the reason `move_eye` is.
    #[inline(always)]
    pub fn move_eye_among(
        &self,
        from: Vec2,
        delta: Vec2,
        options: &MoveOptions,
        leaves: &DoorLeaves,
    ) -> Result<MoveOutcome, CollisionError> {
        check_move(from, delta, options)?;
        if options.ghost {
            return Ok(MoveOutcome::free(from + delta));
        }
        let start = from.as_dvec2();
        let reach = leaf_reach(start, delta, self.body_radius);
        let mut outcome = MoveOutcome::free(from);
        let plain =
            leaves.is_empty() || (self.obstacle_order.len() == 0 && leaves.none_near(start, reach));
        if plain {
            // No leaf; or none near the start, and no obstacle to push the
            // eye away from it: none of the move's casts can meet a leaf.
            self.checked_move(from, delta, options, &NoLeaves, &mut outcome);
        } else {
            self.move_near_leaves(from, delta, options, leaves, reach, &mut outcome);
        }
        Ok(outcome)
    }

    /// [`move_eye_among`](Self::move_eye_among) for a body whose feet
    /// stand at height `feet`: the edges between floors that it may not
    /// cross from there ([`Heights`]: a floor more than a step above the
    /// feet, too little headroom, the void) block it as walls of the body
    /// radius, reported as [`Surface::Edge`]. On flat ground, or where no
    /// such edge is near, it is [`move_eye_among`](Self::move_eye_among).
    pub fn move_standing(
        &self,
        from: Vec2,
        delta: Vec2,
        options: &MoveOptions,
        leaves: &DoorLeaves,
        feet: f32,
    ) -> Result<MoveOutcome, CollisionError> {
        if self.heights.is_flat() {
            return self.move_eye_among(from, delta, options, leaves);
        }
        check_move(from, delta, options)?;
        if options.ghost {
            return Ok(MoveOutcome::free(from + delta));
        }
        let start = from.as_dvec2();
        // An edge's wall includes the body radius already.
        let edges = self
            .heights
            .blocking_near(start, travel_reach(start, delta), feet);
        if edges.is_empty() {
            return self.move_eye_among(from, delta, options, leaves);
        }
        let mut outcome = MoveOutcome::free(from);
        let among = LeavesAndEdges {
            leaves: leaves.near_move(start, leaf_reach(start, delta, self.body_radius)),
            edges,
        };
        self.checked_move(from, delta, options, &among, &mut outcome);
        Ok(outcome)
    }

    /// [`move_eye_among`](Self::move_eye_among) when a leaf's box comes
    /// within `reach` of the start, or an obstacle may push the eye: the
    /// leaves near the start answer the move's casts. Out of line, so that
    /// the move that no leaf comes near, inlined into its caller, stays
    /// small.
    #[inline(never)]
    fn move_near_leaves(
        &self,
        from: Vec2,
        delta: Vec2,
        options: &MoveOptions,
        leaves: &DoorLeaves,
        reach: f64,
        outcome: &mut MoveOutcome,
    ) {
        let near = leaves.near_move(from.as_dvec2(), reach);
        if near.any() || self.obstacle_order.len() > 0 {
            self.checked_move(from, delta, options, &near, outcome);
        } else {
            self.checked_move(from, delta, options, &NoLeaves, outcome);
        }
    }

    /// [`move_eye`](Self::move_eye) once its arguments are checked, among
    /// `leaves` too, filling `outcome` (which comes in free, at `from`).
    #[inline(never)]
    fn checked_move<L: Leaves>(
        &self,
        from: Vec2,
        delta: Vec2,
        options: &MoveOptions,
        leaves: &L,
        outcome: &mut MoveOutcome,
    ) {
        let skin = f64::from(options.skin);
        let mut position = from.as_dvec2();
        if options.push_out_of_obstacles && (self.obstacle_order.len() > 0 || leaves.any()) {
            position = self.push_out_of_obstacles(position, skin, leaves, outcome);
        }
        let motion = delta.as_dvec2();
        let end = match options.policy {
            MovePolicy::Reject => self.reject_move(position, motion, leaves, outcome),
            MovePolicy::Slide => {
                let slides = options.max_slides.min(MAX_SLIDES);
                self.slide_move(position, motion, skin, slides, leaves, outcome)
            }
        };
        outcome.position = end.as_vec2();
    }

    /// The earliest impact of the path `start + t · motion`, `t ∈ [0, 1]`,
    /// among the collider's shapes and `leaves` (a leaf wins ties).
    #[inline]
    fn cast_among<L: Leaves>(&self, start: DVec2, motion: DVec2, leaves: &L) -> Option<Impact> {
        let fixed = self.cast(start, motion);
        match leaves.cast(start, motion, f64::from(self.body_radius)) {
            Some((hit, surface)) if fixed.is_none_or(|f| hit.t <= f.hit.t) => {
                Some(Impact { hit, surface })
            }
            _ => fixed,
        }
    }

    /// The earliest impact of the path `start + t · motion`, `t ∈ [0, 1]`.
    fn cast(&self, start: DVec2, motion: DVec2) -> Option<Impact> {
        // A shape whose box the path's box misses cannot be hit: most of the
        // candidates in a cell are rejected by these four comparisons.
        let path = Aabb::of_path(start, motion);
        let mut best: Option<(SweepHit, u32)> = None;
        self.grid.walk_path(start, motion, |entries, t_exit| {
            for entry in entries {
                let hit = match self.filed_shape(entry) {
                    Shape::Wall(capsule) => capsule
                        .filter(|c| c.bounds().overlaps(&path))
                        .and_then(|c| c.sweep(start, motion)),
                    Shape::Obstacle(obstacle) => {
                        if obstacle.bounds().overlaps(&path) {
                            obstacle.sweep(start, motion)
                        } else {
                            None
                        }
                    }
                };
                // Of impacts at the same time the first in rank wins, as in
                // a ray cast: the answer must not depend on the grid's cells
                // or the shapes' slots (which differ between a collider
                // edited in place and one built anew).
                if let Some(hit) = hit
                    && best.is_none_or(|(b, b_id)| {
                        hit.t < b.t || (hit.t == b.t && self.rank(entry.id()) < self.rank(b_id))
                    })
                {
                    best = Some((hit, entry.id()));
                }
            }
            match best {
                Some((b, _)) if b.t <= t_exit => ControlFlow::Break(()),
                _ => ControlFlow::Continue(()),
            }
        });
        best.map(|(hit, id)| Impact {
            hit,
            surface: self.surface(id),
        })
    }

    /// Pushes a start that overlaps obstacles out along their minimum
    /// translation vectors (plus `skin`), never through a wall.
    fn push_out_of_obstacles<L: Leaves>(
        &self,
        mut position: DVec2,
        skin: f64,
        leaves: &L,
        outcome: &mut MoveOutcome,
    ) -> DVec2 {
        for _ in 0..MAX_PUSH_OUTS {
            let eye = position.as_vec2();
            // Only an eye inside an obstacle's inflated box can overlap it.
            let at_eye = Aabb {
                min: position,
                max: position,
            };
            // Out of the first overlapped obstacle in index order. A cell
            // keeps its entries in ascending id, and an obstacle's id has
            // the top bit set: its obstacles come last, after its walls.
            let push = self
                .grid
                .shapes_at(position)
                .rev()
                .map_while(|entry| match filed(entry.id) {
                    Filed::Obstacle(slot) => Some((entry.id, slot)),
                    Filed::Wall(_) => None,
                })
                .filter_map(|(id, slot)| {
                    let rounded = &self.rounded_obstacles[slot as usize];
                    if !rounded.bounds().overlaps(&at_eye) {
                        return None;
                    }
                    let polygon = &self.obstacles[slot as usize];
                    circle_polygon_mtv(eye, self.body_radius, polygon).map(|mtv| (id, mtv))
                })
                .min_by_key(|&(id, _)| self.rank(id))
                .map(|(_, mtv)| mtv.as_dvec2())
                .or_else(|| {
                    leaves
                        .overlap(position, f64::from(self.body_radius))
                        .map(|(push, _)| push)
                });
            let Some(push) = push else {
                break;
            };
            let push = push + push.normalize_or_zero() * skin;
            position = match self.cast_among(position, push, leaves) {
                Some(impact) => position + push * stop_before(impact.hit, push, skin),
                None => position + push,
            };
            outcome.pushed_out = true;
        }
        position
    }

    /// The whole move if it touches nothing, else the start.
    fn reject_move<L: Leaves>(
        &self,
        start: DVec2,
        motion: DVec2,
        leaves: &L,
        outcome: &mut MoveOutcome,
    ) -> DVec2 {
        match self.cast_among(start, motion, leaves) {
            None => start + motion,
            Some(impact) => {
                outcome.add_contact(contact(impact, start));
                outcome.blocked = true;
                start
            }
        }
    }

    /// Quake's slide move: advance to each impact less the skin, keep its
    /// plane, clip the rest of the move against every plane hit so far.
    fn slide_move<L: Leaves>(
        &self,
        start: DVec2,
        motion: DVec2,
        skin: f64,
        max_slides: u32,
        leaves: &L,
        outcome: &mut MoveOutcome,
    ) -> DVec2 {
        let mut position = start;
        let mut remaining = motion;
        let mut planes = ClipPlanes::new();
        for impact_count in 0..=max_slides {
            if remaining == DVec2::ZERO {
                return position;
            }
            let Some(impact) = self.cast_among(position, remaining, leaves) else {
                return position + remaining;
            };
            let advance = stop_before(impact.hit, remaining, skin);
            position += remaining * advance;
            outcome.add_contact(contact(impact, position));
            let rest = remaining * (1.0 - advance);
            let clipped = if planes.add(impact.hit.normal) && impact_count < max_slides {
                planes.clip(rest)
            } else {
                None
            };
            match clipped {
                Some(slid) if slid.dot(motion) > 0.0 => {
                    outcome.slid = true;
                    remaining = slid;
                }
                _ => {
                    outcome.blocked = true;
                    return position;
                }
            }
        }
        position
    }
}

/// How far from `start` (on either axis) a move by `delta` can take the
/// eye: a slide travels no farther than the move's length in all, each
/// cast no farther than what is left of it. The length is bounded by
/// `|x| + |y|`, which costs no square root; a margin relative to the
/// coordinates leaves room for rounding.
#[inline]
fn travel_reach(start: DVec2, delta: Vec2) -> f64 {
    let guard = 1e-6 * (1.0 + start.abs().max_element());
    f64::from(delta.x).abs() + f64::from(delta.y).abs() + guard
}

/// How far from `start` (on either axis) the casts of a move by `delta`
/// can meet a leaf: twice the eye's [`travel_reach`], room for the
/// rounding guard of a path's box too, and the body radius, within which
/// a leaf is met.
#[inline]
fn leaf_reach(start: DVec2, delta: Vec2, body_radius: f32) -> f64 {
    2.0 * travel_reach(start, delta) + f64::from(body_radius)
}

/// Refuses a move from or to a non-finite place, or with an invalid skin.
#[inline]
fn check_move(from: Vec2, delta: Vec2, options: &MoveOptions) -> Result<(), CollisionError> {
    if !from.is_finite() || !delta.is_finite() || !(from + delta).is_finite() {
        return Err(CollisionError::NonFinite);
    }
    if !(options.skin.is_finite() && options.skin >= 0.0) {
        return Err(CollisionError::InvalidSkin { skin: options.skin });
    }
    Ok(())
}

/// Door leaves as a move meets them: none for a plain
/// [`Collider::move_eye`] (compiled away, so that move costs what it did),
/// or those of a [`DoorLeaves`] set near the move.
trait Leaves {
    /// Whether any leaf comes near the move's start (none can push the
    /// eye out otherwise).
    fn any(&self) -> bool;
    /// The earliest entry of `start + t · motion` into a leaf grown by
    /// `radius`, and what it met.
    fn cast(&self, start: DVec2, motion: DVec2, radius: f64) -> Option<(SweepHit, Surface)>;
    /// The deepest overlap of a body of `radius` at `p` with a leaf: the
    /// way out, and the leaf's index.
    fn overlap(&self, p: DVec2, radius: f64) -> Option<(DVec2, usize)>;
}

/// No leaves at all.
struct NoLeaves;

impl Leaves for NoLeaves {
    #[inline(always)]
    fn any(&self) -> bool {
        false
    }

    #[inline(always)]
    fn cast(&self, _: DVec2, _: DVec2, _: f64) -> Option<(SweepHit, Surface)> {
        None
    }

    #[inline(always)]
    fn overlap(&self, _: DVec2, _: f64) -> Option<(DVec2, usize)> {
        None
    }
}

impl Leaves for NearLeaves<'_> {
    fn any(&self) -> bool {
        NearLeaves::any(self)
    }

    fn cast(&self, start: DVec2, motion: DVec2, radius: f64) -> Option<(SweepHit, Surface)> {
        NearLeaves::cast(self, start, motion, radius)
            .map(|(hit, index)| (hit, Surface::Door(index)))
    }

    fn overlap(&self, p: DVec2, radius: f64) -> Option<(DVec2, usize)> {
        NearLeaves::overlap(self, p, radius)
    }
}

/// Door leaves near a move and the floor edges that block it: a leaf wins
/// a tie with an edge.
struct LeavesAndEdges<'a> {
    leaves: NearLeaves<'a>,
    edges: BlockingEdges<'a>,
}

impl Leaves for LeavesAndEdges<'_> {
    fn any(&self) -> bool {
        self.leaves.any()
    }

    fn cast(&self, start: DVec2, motion: DVec2, radius: f64) -> Option<(SweepHit, Surface)> {
        let leaf = Leaves::cast(&self.leaves, start, motion, radius);
        let edge = self.edges.cast(start, motion);
        match (leaf, edge) {
            (Some(leaf), Some((hit, _))) if leaf.0.t <= hit.t => Some(leaf),
            (_, Some((hit, index))) => Some((hit, Surface::Edge(index))),
            (leaf, None) => leaf,
        }
    }

    fn overlap(&self, p: DVec2, radius: f64) -> Option<(DVec2, usize)> {
        self.leaves.overlap(p, radius)
    }
}

/// An eye closer than this many skins beyond the skin (so within 1.5 skins
/// of the surface it hits) does not advance towards that surface at all.
const SETTLED_SKINS: f64 = 0.5;

/// The fraction of `motion` to travel so that the eye stops `skin` before the
/// impact, measured along the surface normal; never negative.
///
/// An eye that already stands within 1.5 skins of the surface stays put
/// (fraction 0). Otherwise a resting eye would creep by rounding noise
/// towards, or away from, the exact skin distance on every call: in a
/// corner whose two walls it touches at once that showed as a position
/// changing by about 1e-17 m every frame, for ever. With `skin = 0` the eye
/// goes exactly to the impact.
fn stop_before(hit: SweepHit, motion: DVec2, skin: f64) -> f64 {
    let approach = -motion.dot(hit.normal);
    if approach <= 0.0 {
        return hit.t;
    }
    // Distance along the normal still free before the skin.
    let gap = hit.t * approach - skin;
    if gap <= 0.0 || gap < SETTLED_SKINS * skin {
        return 0.0;
    }
    gap / approach
}

/// The public record of an impact, the eye standing at `position`.
fn contact(impact: Impact, position: DVec2) -> Contact {
    Contact {
        surface: impact.surface,
        normal: impact.hit.normal.as_vec2(),
        position: position.as_vec2(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hit(t: f64) -> SweepHit {
        SweepHit {
            t,
            normal: DVec2::Y,
        }
    }

    #[test]
    fn every_walls_grid_entries_carry_the_capsule_it_has_now() {
        let wall = |x: f32, radius: f32| Wall {
            a: Vec2::new(x, 0.0),
            b: Vec2::new(x, 2.0),
            radius,
        };
        let walls = (0..8).map(|i| wall(i as f32, 0.1));
        let mut collider = Collider::new(walls, Vec::new(), 0.25);
        collider.replace_wall(3, wall(3.4, 0.1));
        collider.insert_wall(5, wall(5.5, 0.1));
        collider.remove_wall(0);
        let mut filed_walls = 0;
        for row in 0..collider.grid.rows() {
            for column in 0..collider.grid.columns() {
                for entry in collider.grid.cell(column, row) {
                    if let Filed::Wall(slot) = filed(entry.id) {
                        let kept = collider.capsule(slot);
                        assert_eq!(Some(entry.capsule), kept, "slot {slot}");
                        filed_walls += 1;
                    }
                }
            }
        }
        assert!(
            filed_walls >= collider.wall_count(),
            "{filed_walls} entries"
        );
    }

    #[test]
    fn stops_one_skin_before_a_distant_surface() {
        // 2 m above the surface, moving 4 m straight down: the impact is
        // halfway; stopping 1 mm before it is 0.5 mm less of the move.
        let advance = stop_before(hit(0.5), DVec2::new(0.0, -4.0), 1e-3);
        assert!((advance - (0.5 - 1e-3 / 4.0)).abs() < 1e-15, "{advance}");
    }

    #[test]
    fn an_eye_within_one_and_a_half_skins_does_not_creep_closer() {
        let motion = DVec2::new(0.0, -1.0);
        // 1.4 skins from the surface: stays.
        assert_eq!(stop_before(hit(1.4e-3), motion, 1e-3), 0.0);
        // Closer than one skin (rounding, or a push-out): stays.
        assert_eq!(stop_before(hit(0.5e-3), motion, 1e-3), 0.0);
        // 1.6 skins: goes to one skin.
        let advance = stop_before(hit(1.6e-3), motion, 1e-3);
        assert!((advance - 0.6e-3).abs() < 1e-15, "{advance}");
    }

    #[test]
    fn zero_skin_goes_exactly_to_the_impact_and_grazing_moves_are_not_shortened() {
        assert_eq!(stop_before(hit(0.25), DVec2::new(0.0, -1.0), 0.0), 0.25);
        assert_eq!(stop_before(hit(0.0), DVec2::new(0.0, -1.0), 0.0), 0.0);
        // Moving along or away from the surface: the hit's own fraction.
        assert_eq!(stop_before(hit(0.75), DVec2::new(1.0, 0.0), 1e-3), 0.75);
    }
}
