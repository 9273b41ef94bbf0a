//! The map as the window runs it: Tab's mode, follow, the view (pan and
//! zoom), the trail, the marks, the walls seen so far, the reach shading
//! and a drag in progress. The reach, whose cost grows with the level, is
//! worked out on a worker ([`Job`]) while the map goes on. The keys and the
//! mouse are wired in the map part, the drawing is
//! [`crate::render::MapFrame`].

use std::sync::Arc;
use std::time::Duration;

use glam::Vec2;

use crate::camera::Camera;
use crate::collision::{Collider, Leaf, VisibleSet};
use crate::edit::{LevelChange, Piece};
use crate::level::Light;
use crate::map::{
    DEFAULT_CELL_SIZE, MapView, Marks, NearMiss, PlanBounds, Reachable, SeenShapes, SeenWalls,
    Sight, Trail, WalkLayer, level_bounds,
};
use crate::physics::LooseBody;
use crate::render::{MapFrame, MapMode};

use crate::app::job::{Job, JobLatch, WorkProgress};

/// The scale of a new map, before any zoom: 20 pixels per metre.
pub const START_PIXELS_PER_METRE: f32 = 20.0;

/// The map in the window.
#[derive(Debug)]
pub struct MapState {
    /// Off (`None`), overlay or full map; Tab cycles them.
    mode: Option<MapMode>,
    /// Centred on the eye (F); on at start.
    pub follow: bool,
    /// Where the map looks when not following, and the zoom.
    pub view: MapView,
    /// The walk's last 500 m.
    pub trail: Trail,
    /// Marks dropped with M.
    pub marks: Marks,
    /// The walls the eye has seen.
    seen: SeenWalls,
    /// Per wall: whether it hides what is behind it (reaches the ceiling).
    occludes: Vec<bool>,
    /// The visibility query's scratch space, reused from frame to frame.
    visible: VisibleSet,
    /// Show every wall whatever was seen (`--map-all`).
    show_all: bool,
    /// Where the eye can go, while V shows it: the latest one worked out.
    reach: Option<Reachable>,
    /// Whether V shows the reach (it shows once worked out).
    reach_on: bool,
    /// The reach being worked out on its worker, for the latest level and
    /// eye.
    reach_job: Option<Job<Reachable>>,
    /// Whether the main thread goes on while the reach is worked out (the
    /// window), or waits for it (headless sessions and scripts); and a
    /// test's hold on the work.
    background: Option<Option<JobLatch>>,
    /// The sight the seen walls were last updated from: an eye that stands
    /// still and looks the same way sees nothing new.
    last_sight: Option<Sight>,
}

impl MapState {
    /// The map of a level whose walls hide what is behind them where
    /// `occludes` says so (one flag per wall,
    /// [`Level::occluding_walls`](crate::level::Level::occluding_walls)),
    /// off, following the eye; `show_all` is `--map-all`.
    pub fn new(occludes: Vec<bool>, show_all: bool) -> Self {
        Self {
            mode: None,
            follow: true,
            view: MapView {
                centre: Vec2::ZERO,
                pixels_per_metre: START_PIXELS_PER_METRE,
            },
            trail: Trail::default(),
            marks: Marks::default(),
            seen: SeenWalls::new(occludes.len()),
            occludes,
            visible: VisibleSet::new(),
            show_all,
            reach: None,
            reach_on: false,
            reach_job: None,
            background: None,
            last_sight: None,
        }
    }

    /// From now on the main thread goes on while the reach is worked
    /// out, the work held by `latch` if given (a test's).
    pub fn work_in_background(&mut self, latch: Option<JobLatch>) {
        self.background = Some(latch);
    }

    /// Whether and how the map shows.
    pub fn mode(&self) -> Option<MapMode> {
        self.mode
    }

    /// Tab: overlay → full map → off.
    pub fn cycle(&mut self) {
        self.mode = match self.mode {
            None => Some(MapMode::Overlay),
            Some(MapMode::Overlay) => Some(MapMode::Full),
            Some(MapMode::Full) => None,
        };
    }

    /// Whether the full map is open (the 3D view hidden).
    pub fn is_full(&self) -> bool {
        self.mode == Some(MapMode::Full)
    }

    /// The level changed (a reload or an edit) from `old` to `collider`,
    /// whose walls hide what `occludes` says: walls that did not change
    /// stay seen. (The reach is the caller's to redo: see
    /// [`redo_reach`](Self::redo_reach).)
    pub fn level_changed(&mut self, old: &Collider, collider: &Collider, occludes: Vec<bool>) {
        self.seen = self.seen.carry_over(old.walls(), collider.walls());
        self.occludes = occludes;
        self.last_sight = None;
    }

    /// The level was edited by `changes` (in order) into `collider`, whose
    /// ceiling is `ceiling` metres high: the seen and occluding flags move
    /// with the walls inserted and removed, and a changed wall keeps its
    /// seen flag; the work is the edit's, not the level's (the reach is
    /// the caller's to redo). Flags that do not come out one per wall are
    /// worked out anew, as for a reload from `old`.
    pub fn edited(
        &mut self,
        changes: &[LevelChange],
        ceiling: f32,
        (old, collider): (&Collider, &Collider),
        occluding: impl FnOnce() -> Vec<bool>,
    ) {
        for change in changes {
            match change {
                LevelChange::Inserted {
                    index,
                    piece: Piece::Wall(wall),
                } if *index <= self.occludes.len() => {
                    self.seen.insert(*index);
                    self.occludes.insert(*index, wall.occludes(ceiling));
                }
                LevelChange::Removed {
                    index,
                    piece: Piece::Wall(_),
                } if *index < self.occludes.len() => {
                    self.seen.remove(*index);
                    self.occludes.remove(*index);
                }
                LevelChange::Changed(items) => {
                    for (index, _, after) in items {
                        if let (Piece::Wall(wall), Some(occludes)) =
                            (after, self.occludes.get_mut(*index))
                        {
                            *occludes = wall.occludes(ceiling);
                        }
                    }
                }
                _ => {}
            }
        }
        let walls = collider.walls().len();
        if self.occludes.len() != walls || self.seen.len() != walls {
            log::warn!("the map's wall flags do not fit the edited level: worked out anew");
            self.level_changed(old, collider, occluding());
        } else {
            self.last_sight = None;
        }
    }

    /// Once a frame, after the ticks: the trail follows the eye, and in
    /// walking mode the walls in view are marked seen.
    /// Seen walls are those within `fog` metres.
    pub fn follow_walk(&mut self, collider: &Collider, camera: &Camera, fog: f32, walking: bool) {
        let eye = Vec2::new(camera.position.x, camera.position.z);
        self.trail.push(eye);
        let sight = Sight {
            eye,
            yaw: camera.yaw,
            fov_x: camera.fov_x,
            distance: fog,
        };
        if walking && self.last_sight != Some(sight) {
            self.seen
                .update(collider, &self.occludes, &sight, &mut self.visible);
            self.last_sight = Some(sight);
        }
    }

    /// V at session time `now`: shade where the eye can go from `eye` in
    /// the level of `collider` once it is worked out, or stop shading (and
    /// drop the work under way).
    pub fn toggle_reach(&mut self, collider: &Arc<Collider>, eye: Vec2, now: Duration) {
        self.reach_on = !self.reach_on;
        self.reach = None;
        self.reach_job = None;
        if self.reach_on {
            self.start_reach(collider, eye, now);
        }
    }

    /// After a change of level, at session time `now`: while V shows the
    /// reach, it is worked out anew for `collider` from `eye`; the one
    /// shown stays until the new one is ready.
    pub fn redo_reach(&mut self, collider: &Arc<Collider>, eye: Vec2, now: Duration) {
        if self.reach_on {
            self.start_reach(collider, eye, now);
        }
    }

    /// Starts working out the reach on its worker, in place of any under
    /// way; headless, waits for it.
    fn start_reach(&mut self, collider: &Arc<Collider>, eye: Vec2, now: Duration) {
        let collider = Arc::clone(collider);
        let latch = self.background.clone().flatten();
        let job = Job::start(
            "Finding where the eye can go",
            now,
            latch,
            move |progress| reach_from(&collider, eye, &mut |done| progress.report(done)),
        );
        self.reach_job = Some(job);
        if self.background.is_none() {
            self.poll_reach(true);
        }
    }

    /// Once a frame: the reach worked out, if it is ready (with `wait`,
    /// waited for), is shown from now on.
    pub fn poll_reach(&mut self, wait: bool) {
        let Some(job) = &self.reach_job else {
            return;
        };
        let Some(ended) = (if wait { Some(job.wait()) } else { job.poll() }) else {
            return;
        };
        self.reach_job = None;
        match ended {
            Ok(reach) => self.reach = Some(reach),
            Err(lost) => log::error!("the reach was not worked out: {lost}"),
        }
    }

    /// The reach's progress bar at session time `now`, while it is
    /// worked out.
    pub fn reach_progress(&self, now: Duration) -> Option<WorkProgress> {
        self.reach_job.as_ref().and_then(|job| job.progress(now))
    }

    /// `0`: the whole level fitted into `size`; follow turns off so the fit
    /// stays.
    pub fn fit(&mut self, collider: &Collider, eye: Vec2, size: (u32, u32)) {
        let bounds = level_bounds(collider).unwrap_or(PlanBounds { min: eye, max: eye });
        self.view = MapView::fit(bounds, size);
        self.follow = false;
    }

    /// Pans by `pixels` (the map moves with the pointer: a drag to the right
    /// shows what lies to the left); follow turns off.
    pub fn pan(&mut self, pixels: Vec2) {
        self.view.centre -= pixels / self.view.pixels_per_metre;
        self.follow = false;
    }

    /// The map part of this frame for the level with `collider`, its
    /// `near_misses` (asked for only when the map shows them: finding them
    /// costs a pass over the level), `lamps` and doors' leaves: the view
    /// (centred on the eye when following), the mode, and the overlay with
    /// the eye at `(eye, yaw)`; `show_every_wall` in ghost or edit mode.
    /// `None` while the map is off.
    pub fn frame<'a>(
        &'a self,
        collider: &'a Collider,
        near_misses: impl FnOnce() -> &'a [NearMiss],
        (lamps, doors, bodies): (&'a [Light], &'a [Leaf], &'a [LooseBody]),
        (eye, yaw): (Vec2, f32),
        show_every_wall: bool,
        (cursor, aimed): (Option<(Vec2, Option<Vec2>)>, &'a [Vec2]),
    ) -> Option<MapFrame<'a>> {
        let mode = self.mode?;
        let view = self.view_now(eye);
        let every_wall = show_every_wall || self.show_all;
        Some(MapFrame {
            view,
            mode,
            walk_layer: WalkLayer {
                eye: Some((eye, yaw)),
                trail: Some(&self.trail),
                marks: Some(&self.marks),
                reach: self.reach.as_ref(),
                // Walking, the map shows only what was seen: a near miss
                // between unseen walls would give them away.
                near_misses: if every_wall { near_misses() } else { &[] },
                seen_only: (!every_wall).then_some(SeenShapes {
                    collider,
                    seen: &self.seen,
                }),
                cursor,
                lamps,
                doors,
                aimed,
                bodies,
            },
        })
    }

    /// The view this frame: centred on `eye` when following.
    pub fn view_now(&self, eye: Vec2) -> MapView {
        if self.follow && eye.is_finite() {
            MapView {
                centre: eye,
                ..self.view
            }
        } else {
            self.view
        }
    }

    /// How many walls have been seen.
    pub fn seen_count(&self) -> usize {
        self.seen.count()
    }

    /// The HUD's map line while the map shows, e.g. `map full  follow off
    /// 20.0 px/m  seen 12 of 41 walls`, ending `  reach: working it out`
    /// while V's reach is on its way; `every_wall` in ghost or edit mode.
    pub fn hud_line(&self, every_wall: bool) -> Option<String> {
        let mode = match self.mode? {
            MapMode::Overlay => "overlay",
            MapMode::Full => "full",
        };
        let follow = if self.follow { "on" } else { "off" };
        let walls = if every_wall || self.show_all {
            "all walls".to_owned()
        } else {
            format!("seen {} of {} walls", self.seen_count(), self.seen.len())
        };
        let reach = if self.reach_job.is_some() {
            "  reach: working it out"
        } else {
            ""
        };
        Some(format!(
            "map {mode}  follow {follow}  {:.1} px/m  {walls}{reach}",
            self.view.pixels_per_metre
        ))
    }
}

/// The reachable space from `eye` over the level's bounds, telling
/// `progress` how far the fill has got.
fn reach_from(collider: &Collider, eye: Vec2, progress: &mut dyn FnMut(f32)) -> Reachable {
    let bounds = level_bounds(collider).unwrap_or(PlanBounds { min: eye, max: eye });
    let bounds = PlanBounds {
        min: bounds.min.min(eye) - Vec2::ONE,
        max: bounds.max.max(eye) + Vec2::ONE,
    };
    Reachable::flood_reporting(collider, eye, bounds, DEFAULT_CELL_SIZE, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::Wall;

    fn wall(a: (f32, f32), b: (f32, f32)) -> Wall {
        Wall::between(a, b, 0.25)
    }

    #[test]
    fn tab_cycles_overlay_full_off() {
        let collider = Collider::new(vec![wall((0.0, 0.0), (1.0, 0.0))], Vec::new(), 0.25);
        let mut map = MapState::new(vec![true; collider.walls().len()], false);
        assert_eq!(map.mode(), None);
        assert!(
            map.frame(
                &collider,
                || &[],
                (&[], &[], &[]),
                (Vec2::ZERO, 0.0),
                false,
                (None, &[])
            )
            .is_none()
        );
        map.cycle();
        assert_eq!(map.mode(), Some(MapMode::Overlay));
        map.cycle();
        assert!(map.is_full());
        map.cycle();
        assert_eq!(map.mode(), None);
    }

    /// The map's frame at the origin, with no lamps, doors, bodies or
    /// markers; `every_wall` as edit mode asks.
    fn bare_frame<'a>(map: &'a MapState, collider: &'a Collider, every_wall: bool) -> MapFrame<'a> {
        map.frame(
            collider,
            || &[],
            (&[], &[], &[]),
            (Vec2::ZERO, 0.0),
            every_wall,
            (None, &[]),
        )
        .expect("shown")
    }

    #[test]
    fn walking_sees_walls_ahead_and_a_reload_keeps_unchanged_ones() {
        // One wall ahead along +x, one behind.
        let walls = vec![
            wall((3.0, -1.0), (3.0, 1.0)),
            wall((-3.0, -1.0), (-3.0, 1.0)),
        ];
        let collider = Collider::new(walls.clone(), Vec::new(), 0.25);
        let mut map = MapState::new(vec![true; collider.walls().len()], false);
        let camera = Camera::new(glam::Vec3::new(0.0, 1.6, 0.0), 0.0);
        // Ghost or edit mode: nothing is marked.
        map.follow_walk(&collider, &camera, 50.0, false);
        assert_eq!(map.seen_count(), 0);
        map.follow_walk(&collider, &camera, 50.0, true);
        assert_eq!(map.seen_count(), 1);
        map.cycle();
        assert_eq!(
            map.hud_line(false).as_deref(),
            Some("map overlay  follow on  20.0 px/m  seen 1 of 2 walls")
        );
        let frame = bare_frame(&map, &collider, false);
        let seen = frame
            .walk_layer
            .seen_only
            .expect("walking: seen walls only");
        assert!(seen.seen.is_seen(0) && !seen.seen.is_seen(1));
        assert!(
            bare_frame(&map, &collider, true)
                .walk_layer
                .seen_only
                .is_none()
        );
        // A reload that adds a wall in front keeps wall 0 seen.
        let mut more = walls.clone();
        more.insert(0, wall((5.0, 5.0), (6.0, 5.0)));
        let reloaded = Collider::new(more, Vec::new(), 0.25);
        map.level_changed(&collider, &reloaded, vec![true; 3]);
        assert_eq!(map.seen_count(), 1);
        let frame = bare_frame(&map, &reloaded, false);
        assert!(frame.walk_layer.seen_only.expect("seen").seen.is_seen(1));
        // The eye has not moved, but the level has: a short wall now in
        // front (not hiding all of wall 1) is seen on the next frame.
        let mut nearer = reloaded.walls().to_vec();
        nearer.push(wall((2.0, -0.2), (2.0, 0.2)));
        let nearer = Collider::new(nearer, Vec::new(), 0.25);
        map.level_changed(&reloaded, &nearer, vec![true; 4]);
        map.follow_walk(&nearer, &camera, 50.0, true);
        let frame = bare_frame(&map, &nearer, false);
        assert!(frame.walk_layer.seen_only.expect("seen").seen.is_seen(3));
    }

    #[test]
    fn near_misses_show_only_with_every_wall() {
        // Two walls 0.45 m apart: 5 cm short of the 0.5 m their radii need.
        let collider = Collider::new(
            vec![wall((0.0, 0.0), (0.0, 2.0)), wall((0.45, 0.0), (0.45, 2.0))],
            Vec::new(),
            0.25,
        );
        let mut map = MapState::new(vec![true; 2], false);
        map.cycle();
        let near = crate::map::near_misses(&collider);
        let misses = |every_wall| {
            map.frame(
                &collider,
                || &near,
                (&[], &[], &[]),
                (Vec2::ZERO, 0.0),
                every_wall,
                (None, &[]),
            )
            .expect("shown")
            .walk_layer
            .near_misses
            .len()
        };
        assert_eq!(misses(false), 0, "walking: unseen walls stay hidden");
        assert_eq!(misses(true), 1);
    }

    #[test]
    fn following_centres_on_the_eye_and_panning_stops_it() {
        let collider = Collider::new(vec![wall((0.0, 0.0), (10.0, 0.0))], Vec::new(), 0.25);
        let mut map = MapState::new(vec![true; collider.walls().len()], false);
        let eye = Vec2::new(4.0, 2.0);
        assert_eq!(map.view_now(eye).centre, eye);
        map.view.centre = eye;
        map.pan(Vec2::new(40.0, 0.0));
        assert!(!map.follow);
        // 40 px at 20 px/m: the map moves right, the centre 2 m left.
        assert_eq!(map.view_now(eye).centre, Vec2::new(2.0, 2.0));
        map.fit(&collider, eye, (200, 100));
        assert!(!map.follow);
        assert_eq!(map.view_now(eye).centre, Vec2::new(5.0, 0.0));
    }

    #[test]
    fn an_edit_moves_the_seen_and_occluding_flags_with_the_walls() {
        let level = crate::level::Level::default_house();
        let ceiling = level.environment.ceiling_height;
        let tall = level
            .wall_defaults
            .wall(Vec2::new(3.0, -1.0), Vec2::new(3.0, 1.0));
        let mut low = level
            .wall_defaults
            .wall(Vec2::new(-3.0, -1.0), Vec2::new(-3.0, 1.0));
        low.height = ceiling / 2.0;
        let walls = [tall.clone(), low.clone(), tall.clone(), tall.clone()];
        let collider_of = |walls: &[crate::level::LevelWall]| {
            Collider::new(walls.iter().map(|w| w.collision_wall()), Vec::new(), 0.25)
        };
        let old = collider_of(&walls);
        let mut map = MapState::new(walls.iter().map(|w| w.occludes(ceiling)).collect(), false);
        for index in [0, 2, 3] {
            map.seen.mark(index);
        }
        // Wall 1 (low) removed, then a low wall inserted first.
        let changes = [
            LevelChange::Removed {
                index: 1,
                piece: Piece::Wall(low.clone()),
            },
            LevelChange::Inserted {
                index: 0,
                piece: Piece::Wall(low.clone()),
            },
        ];
        let edited = [low, tall.clone(), tall.clone(), tall];
        let new = collider_of(&edited);
        map.edited(&changes, ceiling, (&old, &new), || unreachable!());
        assert_eq!(map.seen.iter().collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(map.occludes, [false, true, true, true]);
        // Flags that no longer fit the level are worked out anew.
        let mut worked_out = false;
        map.edited(&changes[..1], ceiling, (&new, &old), || {
            worked_out = true;
            vec![true; 4]
        });
        assert!(worked_out);
        assert_eq!(map.occludes.len(), 4);
    }
}
