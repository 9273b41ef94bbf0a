//! A scene brought up to date in place for an edit of its level: only the
//! chunks, map tiles and shadow rows that the edit's shapes touch are
//! dropped (and built again when next drawn); the chunk index, the sight
//! data and the lamps take the edit's renumbering as the collider does.
//! What an edit changed comes from the edit model ([`LevelChange`]).

use std::collections::HashSet;
use std::sync::Arc;

use glam::Vec2;

use super::LevelScene;
use crate::collision::{Collider, Wall};
use crate::edit::{LevelChange, Piece};
use crate::level::Level;
use crate::level::mesh::{ShapeKind, obstacle_chunk, wall_chunk};

/// What the edits' shapes touch, gathered change by change.
#[derive(Debug, Default)]
struct Touched {
    /// Chunks that gained, lost or changed a shape.
    chunks: HashSet<(i32, i32)>,
    /// Rectangles of the floor plan (min, max) around the shapes put,
    /// moved or taken away: lamps whose light reaches one shade anew.
    shaded: Vec<(Vec2, Vec2)>,
    /// The collision walls taken away, and those put.
    went: Vec<Wall>,
    came: Vec<Wall>,
    /// Points of the floor plan (walls' ends, obstacles' corners, the
    /// start) that went, and those that came.
    old_points: Vec<Vec2>,
    new_points: Vec<Vec2>,
}

impl LevelScene {
    /// Brings this scene, made for the level that `changes` (in order)
    /// made `level` from, up to date with `level` and its `collider` in
    /// place. Returns false, having changed nothing, when the changes do
    /// not fit the scene's level (an index past the end, counts that do not
    /// add up) or the edit changed what the scene does not update in place
    /// (the materials, the environment, the floors): build a new scene
    /// then. The first
    /// lamp of a level, or its last, changes whether chunks keep a light
    /// cache where the renderer reads them: every chunk is then built again
    /// as it is next drawn, which costs what the view holds, not the level.
    pub fn edited(
        &mut self,
        level: &Arc<Level>,
        collider: &Arc<Collider>,
        changes: &[LevelChange],
    ) -> bool {
        if level.materials != self.level.materials
            || level.environment != self.level.environment
            || changes.iter().any(LevelChange::touches_floors)
            || !counts_fit(&self.level, level, changes)
        {
            return false;
        }
        self.end_the_worker();
        let index = Arc::make_mut(&mut self.index);
        let mut touched = Touched::default();
        self.sight.edited(level, collider, changes);
        for change in changes {
            match change {
                LevelChange::Inserted { index: at, piece } => {
                    if let Some((kind, chunk)) = filed(piece) {
                        index.insert(kind, *at, chunk);
                        touched.chunks.insert(chunk);
                    }
                    touched.came(piece);
                }
                LevelChange::Removed { index: at, piece } => {
                    if let Some((kind, chunk)) = filed(piece) {
                        index.remove(kind, *at, chunk);
                        touched.chunks.insert(chunk);
                    }
                    touched.went(piece);
                }
                LevelChange::Changed(items) => {
                    for (at, before, after) in items {
                        let (Some((kind, from)), Some((_, to))) = (filed(before), filed(after))
                        else {
                            continue;
                        };
                        if from != to {
                            index.remove(kind, *at, from);
                            index.insert(kind, *at, to);
                        }
                        touched.chunks.extend([from, to]);
                        if !only_material_differs(before, after) {
                            touched.went(before);
                            touched.came(after);
                        }
                    }
                }
                LevelChange::StartMoved { from, to } => {
                    touched.old_points.push(from.at);
                    touched.new_points.push(to.at);
                }
            }
        }
        let floor_changed = index.refile(
            level,
            &touched.chunks,
            &touched.old_points,
            &touched.new_points,
        );
        for &chunk in touched.chunks.iter().chain(&floor_changed) {
            self.cache.forget(chunk);
        }
        self.cache
            .keep_light_caches(self.cached_light && !level.lights.is_empty());
        // The map shades the floor plan's pieces only where there are
        // floors.
        let shaded_plan = if collider.heights().is_flat() {
            &[][..]
        } else {
            &floor_changed[..]
        };
        self.map.edited(
            collider,
            touched.chunks.iter().chain(shaded_plan),
            &touched.went,
            &touched.came,
        );
        self.lamps.edited(level, collider, changes, &touched.shaded);
        self.level = Arc::clone(level);
        self.moving = None;
        true
    }
}

/// The most shapes of a chunk index that an edit copies rather than wait
/// for the chunk worker's chunk in hand: below this many shapes copying
/// the index costs the main thread less than waiting for a chunk to be
/// built and uploaded on a software renderer (the measurements that set
/// it are in docs/benchmarks.md, Editing).
const COPY_RATHER_THAN_WAIT: usize = 20_000;

impl LevelScene {
    /// Ends the chunk worker, which builds from the old level and index,
    /// so that the edit can change the index in place. An idle worker
    /// ends at once. A busy one, on a level small enough, is closed and
    /// retired without waiting for its chunk in hand, and the edit copies
    /// the index it still holds; on a bigger level the edit waits for
    /// that chunk instead (a few milliseconds), where copying the index
    /// would cost more.
    fn end_the_worker(&mut self) {
        match self.ahead.take() {
            Some(worker)
                if worker.is_building() && self.index.shape_count() <= COPY_RATHER_THAN_WAIT =>
            {
                worker.close();
                self.retiring.push(worker);
            }
            ended => drop(ended),
        }
    }
}

impl Touched {
    /// `piece` was put in the level.
    fn came(&mut self, piece: &Piece) {
        match piece {
            Piece::Wall(wall) => {
                self.came.push(wall.collision_wall());
                self.new_points.extend([wall.a, wall.b]);
            }
            Piece::Obstacle(obstacle) => {
                self.new_points.extend(obstacle.polygon.points());
            }
            // A floor's edges shade as ledges and its height moves what
            // stands on it: the lamps that reach it light anew.
            Piece::Floor(_) => {}
            Piece::Light(_) | Piece::Door(_) => return,
        }
        self.shaded.extend(plan_box(piece));
    }

    /// `piece` was taken from the level.
    fn went(&mut self, piece: &Piece) {
        match piece {
            Piece::Wall(wall) => {
                self.went.push(wall.collision_wall());
                self.old_points.extend([wall.a, wall.b]);
            }
            Piece::Obstacle(obstacle) => {
                self.old_points.extend(obstacle.polygon.points());
            }
            Piece::Floor(_) => {}
            Piece::Light(_) | Piece::Door(_) => return,
        }
        self.shaded.extend(plan_box(piece));
    }
}

/// Which list of the chunk index `piece` is in, and the chunk it is filed
/// under; `None` for lamps, doors and floors, which the index does not
/// file.
fn filed(piece: &Piece) -> Option<(ShapeKind, (i32, i32))> {
    match piece {
        Piece::Wall(wall) => Some((ShapeKind::Wall, wall_chunk(wall.a, wall.b))),
        Piece::Obstacle(obstacle) => Some((
            ShapeKind::Obstacle,
            obstacle_chunk(obstacle.polygon.points()),
        )),
        Piece::Light(_) | Piece::Door(_) | Piece::Floor(_) => None,
    }
}

/// A rectangle of the floor plan around the shape `piece` (its thickness
/// and collision radius counted) or the floor `piece`; `None` for lamps
/// and doors.
fn plan_box(piece: &Piece) -> Option<(Vec2, Vec2)> {
    let (points, margin) = match piece {
        Piece::Wall(wall) => (
            vec![wall.a, wall.b],
            (wall.thickness / 2.0).max(wall.radius).max(0.0),
        ),
        Piece::Obstacle(obstacle) => (obstacle.polygon.points().to_vec(), 0.0),
        Piece::Floor(floor) => (floor.points.clone(), 0.0),
        Piece::Light(_) | Piece::Door(_) => return None,
    };
    let min = points.iter().copied().reduce(Vec2::min)?;
    let max = points.iter().copied().reduce(Vec2::max)?;
    Some((min - margin, max + margin))
}

/// Whether `after` is `before` painted with another material.
fn only_material_differs(before: &Piece, after: &Piece) -> bool {
    let mut repainted = before.clone();
    let mut after_material = after.clone();
    match (repainted.material_mut(), after_material.material_mut()) {
        (Some(material), Some(&mut to)) => *material = to,
        _ => return false,
    }
    repainted == *after
}

/// Whether `changes`, taken in order from `before`, keep every index
/// within its list and end with `after`'s counts of walls, obstacles and
/// lamps (doors are not the scene's).
fn counts_fit(before: &Level, after: &Level, changes: &[LevelChange]) -> bool {
    let mut counts = [
        before.walls.len(),
        before.obstacles.len(),
        before.lights.len(),
    ];
    let slot = |piece: &Piece| match piece {
        Piece::Wall(_) => Some(0),
        Piece::Obstacle(_) => Some(1),
        Piece::Light(_) => Some(2),
        Piece::Door(_) | Piece::Floor(_) => None,
    };
    for change in changes {
        match change {
            LevelChange::Inserted { index, piece } => {
                if let Some(slot) = slot(piece) {
                    if *index > counts[slot] {
                        return false;
                    }
                    counts[slot] += 1;
                }
            }
            LevelChange::Removed { index, piece } => {
                if let Some(slot) = slot(piece) {
                    if *index >= counts[slot] {
                        return false;
                    }
                    counts[slot] -= 1;
                }
            }
            LevelChange::Changed(items) => {
                let fits = items.iter().all(|(index, before, after)| {
                    slot(before) == slot(after) && slot(after).is_none_or(|s| *index < counts[s])
                });
                if !fits {
                    return false;
                }
            }
            LevelChange::StartMoved { .. } => {}
        }
    }
    counts == [after.walls.len(), after.obstacles.len(), after.lights.len()]
}

#[cfg(test)]
mod tests {
    use glam::Vec3;
    use proptest::prelude::*;

    use crate::property_cases::property_config;

    use super::*;
    use crate::camera::Camera;
    use crate::edit::{Item, LevelDraft};
    use crate::level::WallEnd;
    use crate::level::mesh::ChunkIndex;
    use crate::render::gpu::gpu_or_skip;
    use crate::render::offscreen::{OFFSCREEN_FORMAT, capture, capture_with_map};
    use crate::render::shadow::shadow_row;
    use crate::render::{
        BrokenTexture, FrameInput, Gpu, MapFrame, MapMode, RenderQuality, Renderer,
    };

    #[derive(Debug, Clone)]
    enum EditOp {
        /// Space at a grid point (0.5 m): the second of two builds a wall.
        Plot(i8, i8),
        /// Delete on the wall, obstacle (1) or lamp (2) with this index
        /// modulo the count.
        Delete(u8, usize),
        /// Drag the end of a wall by a grid offset.
        Move(usize, bool, i8, i8),
        /// An obstacle from three outline points.
        Obstacle(i8, i8, i8, i8),
        /// `N` on a wall (true) or an obstacle.
        Material(usize, bool),
        /// A lamp at a grid point.
        Lamp(i8, i8),
        /// The start at a grid point.
        Start(i8, i8),
        /// A wall made thicker, lower and wider in collision.
        Reshape(usize, u8),
        Undo,
    }

    fn step() -> impl Strategy<Value = EditOp> {
        let x = -8i8..56;
        let z = -8i8..44;
        prop_oneof![
            4 => (x.clone(), z.clone()).prop_map(|(x, z)| EditOp::Plot(x, z)),
            3 => (0u8..3, any::<usize>()).prop_map(|(kind, index)| EditOp::Delete(kind, index)),
            2 => (any::<usize>(), any::<bool>(), -6i8..7, -6i8..7)
                .prop_map(|(wall, end, dx, dz)| EditOp::Move(wall, end, dx, dz)),
            1 => (x.clone(), z.clone(), 1i8..4, 1i8..4)
                .prop_map(|(x, z, w, d)| EditOp::Obstacle(x, z, w, d)),
            1 => (any::<usize>(), any::<bool>()).prop_map(|(index, wall)| EditOp::Material(index, wall)),
            1 => (x.clone(), z.clone()).prop_map(|(x, z)| EditOp::Lamp(x, z)),
            1 => (x, z).prop_map(|(x, z)| EditOp::Start(x, z)),
            1 => (any::<usize>(), 0u8..8).prop_map(|(index, size)| EditOp::Reshape(index, size)),
            2 => Just(EditOp::Undo),
        ]
    }

    fn grid(x: i8, z: i8) -> Vec2 {
        Vec2::new(f32::from(x), f32::from(z)) * 0.5
    }

    /// Runs `step` on `session`; refusals are fine (they change nothing).
    fn run(session: &mut LevelDraft, step: &EditOp) {
        let level = session.level();
        let counts = [level.walls.len(), level.obstacles.len(), level.lights.len()];
        let _ = match *step {
            EditOp::Plot(x, z) => session.plot(grid(x, z)).map(drop),
            EditOp::Delete(kind, index) if counts[usize::from(kind)] > 0 => {
                let index = index % counts[usize::from(kind)];
                let item = [Item::Wall(index), Item::Obstacle(index), Item::Lamp(index)];
                session.delete(item[usize::from(kind)])
            }
            EditOp::Move(index, end, dx, dz) if counts[0] > 0 => {
                let end = if end { WallEnd::A } else { WallEnd::B };
                let from = level.walls[index % counts[0]].end(end);
                session.move_endpoint(from, from + grid(dx, dz)).map(drop)
            }
            EditOp::Obstacle(x, z, w, d) => {
                session.end_chain();
                let corner = grid(x, z);
                for point in [corner, corner + grid(w, 0), corner + grid(0, d)] {
                    session.plot_outline(point);
                }
                session.close_outline()
            }
            EditOp::Material(index, true) if counts[0] > 0 => session
                .cycle_material(Item::Wall(index % counts[0]), true)
                .map(drop),
            EditOp::Material(index, false) if counts[1] > 0 => session
                .cycle_material(Item::Obstacle(index % counts[1]), true)
                .map(drop),
            EditOp::Lamp(x, z) => session.add_light(grid(x, z)),
            EditOp::Start(x, z) => session.set_start(grid(x, z), 90.0),
            EditOp::Reshape(index, size) if counts[0] > 0 => {
                let mut wall = level.walls[index % counts[0]].clone();
                wall.thickness = f32::from(size) * 0.1;
                wall.radius = f32::from(size) * 0.05;
                wall.height = 1.0 + f32::from(size) * 0.25;
                session
                    .change(Item::Wall(index % counts[0]), Piece::Wall(wall))
                    .map(drop)
            }
            EditOp::Undo => session.undo().map(drop),
            EditOp::Delete(..) | EditOp::Move(..) | EditOp::Material(..) | EditOp::Reshape(..) => {
                Ok(())
            }
        };
    }

    /// Where the test looks from: across the house, into its corners, and
    /// with the debug lines.
    const VIEWS: [(Vec3, f32, bool); 3] = [
        (Vec3::new(3.0, 1.6, 3.0), 40.0, false),
        (Vec3::new(20.0, 1.6, 14.0), 220.0, true),
        (Vec3::new(12.0, 1.6, 8.0), 300.0, false),
    ];

    fn renderer(gpu: &Gpu, level: &Arc<Level>, collider: &Arc<Collider>) -> Renderer {
        let quality = RenderQuality::FAST;
        Renderer::new(gpu, OFFSCREEN_FORMAT, (64, 48), quality, level, collider).expect("renderer")
    }

    fn images(gpu: &Gpu, renderer: &mut Renderer) -> Vec<image::RgbaImage> {
        VIEWS
            .iter()
            .map(|&(eye, yaw, debug_lines)| {
                let camera = Camera::new(eye, yaw);
                let frame = FrameInput {
                    debug_lines,
                    torch: true,
                    ..FrameInput::plain(&camera)
                };
                capture(gpu, renderer, &frame).expect("an image")
            })
            .collect()
    }

    /// The scene `edited` holds what `fresh`, built from scratch for the
    /// same level, holds.
    fn assert_same_scene(edited: &LevelScene, fresh: &LevelScene) -> Result<(), TestCaseError> {
        prop_assert_eq!(&*edited.index, &*fresh.index);
        prop_assert!(edited.sight == fresh.sight, "the sight data differ");
        prop_assert_eq!(edited.map.reach, fresh.map.reach);
        let (level, collider) = (&fresh.level, fresh.sight.collider());
        prop_assert!(edited.lamps.row(level.lights.len()).is_none());
        for (index, lamp) in level.lights.iter().enumerate() {
            if let Some(row) = edited.lamps.row(index) {
                prop_assert!(
                    row == &*shadow_row(collider, level, &level.placed_light(lamp), &[]),
                    "lamp {} kept a shadow row of another level",
                    index
                );
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(property_config(12))]

        /// After any sequence of edits, each taken in place by a scene
        /// that drew frames before it, the scene holds and draws what one
        /// built from scratch does.
        #[test]
        fn a_scene_edited_in_place_is_one_built_anew(
            steps in prop::collection::vec(step(), 1..16),
        ) {
            let Some(gpu) = gpu_or_skip("a_scene_edited_in_place_is_one_built_anew") else {
                return Ok(());
            };
            let mut session = LevelDraft::new(Level::default_house()).expect("the house opens");
            let level = Arc::new(session.level().clone());
            let mut collider = Arc::new(level.collider());
            let mut edited = renderer(&gpu, &level, &collider);
            let mut fresh = renderer(&gpu, &level, &collider);
            images(&gpu, &mut edited);
            for step in &steps {
                run(&mut session, step);
                let changes = session.take_changes();
                let level = Arc::new(session.level().clone());
                let mut changed = (*collider).clone();
                for change in &changes {
                    prop_assert!(change.apply_to_collider(&mut changed));
                }
                collider = Arc::new(changed);
                prop_assert!(
                    edited.edit_level(&level, &collider, &changes),
                    "the scene takes {:?}",
                    changes
                );
                let scene = fresh
                    .scene_builder()
                    .build(&level, &collider, BrokenTexture::Checkerboard)
                    .expect("a scene");
                drop(fresh.set_level(scene));
                assert_same_scene(&edited.level, &fresh.level)?;
                let (ours, theirs) = (images(&gpu, &mut edited), images(&gpu, &mut fresh));
                for (view, (ours, theirs)) in ours.iter().zip(&theirs).enumerate() {
                    prop_assert!(ours == theirs, "view {} differs after {:?}", view, step);
                }
            }
        }
    }

    /// A wall plotted far out past a level with floors grows the floor
    /// plan, and with it the ground the map shades: the map's tiles whose
    /// piece of the plan changed are built again (though the wall is
    /// filed in another tile), so the edited scene's map is a new one's.
    #[test]
    fn a_wall_that_grows_the_floor_plan_reshades_the_maps_ground() {
        let Some(gpu) = gpu_or_skip("a_wall_that_grows_the_floor_plan_reshades_the_maps_ground")
        else {
            return;
        };
        let text = "[player]\nstart = [2.0, 2.0]\n\
            [[wall]]\na = [0.0, 0.0]\nb = [8.0, 0.0]\n\
            [[floor]]\npoints = [[1.0, 1.0], [3.0, 1.0], [3.0, 3.0], [1.0, 3.0]]\nheight = 0.3\n";
        let level = Level::from_toml_str(text, std::path::Path::new("floors.toml"))
            .expect("a valid level")
            .level;
        let mut session = LevelDraft::new(level).expect("the level opens");
        let level = Arc::new(session.level().clone());
        let collider = Arc::new(level.collider());
        // 4 px/m, tiles of 2 × 2 chunks: x 2..18 lies in tile (0, 0),
        // where the plan ended at x = 9 before the wall.
        let map = MapFrame {
            view: crate::map::MapView {
                centre: Vec2::new(10.0, 2.0),
                pixels_per_metre: 4.0,
            },
            mode: MapMode::Full,
            walk_layer: crate::map::WalkLayer::default(),
        };
        let camera = Camera::new(Vec3::new(2.0, 1.6, 2.0), 0.0);
        let draw = |renderer: &mut Renderer| {
            capture_with_map(&gpu, renderer, &FrameInput::plain(&camera), Some(&map))
                .expect("a map")
        };
        let mut edited = renderer(&gpu, &level, &collider);
        let before = draw(&mut edited);
        for point in [Vec2::new(100.0, 5.0), Vec2::new(101.0, 5.0)] {
            session.plot(point).expect("a wall end");
        }
        let changes = session.take_changes();
        let level = Arc::new(session.level().clone());
        let mut changed = (*collider).clone();
        for change in &changes {
            assert!(change.apply_to_collider(&mut changed));
        }
        let collider = Arc::new(changed);
        assert!(edited.edit_level(&level, &collider, &changes));
        let after = draw(&mut edited);
        assert!(after != before, "the ground reaches further");
        assert!(
            after == draw(&mut renderer(&gpu, &level, &collider)),
            "the edited map is not what a new scene draws"
        );
    }

    #[test]
    fn changes_that_do_not_fit_the_scene_change_nothing() {
        let Some(gpu) = gpu_or_skip("changes_that_do_not_fit_the_scene_change_nothing") else {
            return;
        };
        let level = Arc::new(Level::default_house());
        let collider = Arc::new(level.collider());
        let mut renderer = renderer(&gpu, &level, &collider);
        let wall = level.walls[0].clone();
        let past_the_end = [LevelChange::Removed {
            index: level.walls.len() + 3,
            piece: Piece::Wall(wall),
        }];
        assert!(!renderer.edit_level(&level, &collider, &past_the_end));
        let mut counts_differ = (*level).clone();
        counts_differ.walls.remove(counts_differ.walls.len() - 1);
        assert!(!renderer.edit_level(&Arc::new(counts_differ), &collider, &[]));
        assert_eq!(*renderer.level.index, ChunkIndex::new(&level));
    }
}
