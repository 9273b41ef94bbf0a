//! The running level and its reloading: the level, its collider, the file
//! watcher, and the worker thread that loads and builds a new version while
//! the old one keeps being drawn. The main thread only swaps a finished
//! build in, so a reload never stalls a frame for long.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use super::job::{Job, JobLatch, Progress, WorkProgress};
use super::reload::{Loaded, ReloadJob, Reloader, Trigger, texture_files};
use crate::collision::Collider;
use crate::edit::LevelChange;
use crate::level::{Level, LevelSource, LevelWarning};
use crate::platform::{self, FolderWatcher, Instant};
use crate::render::{BrokenTexture, LevelScene, SceneBuilder};
use crate::walker::{Pose, Walker};

/// A save of the live level: the level it saved, and a copy of it that
/// follows the file written, made off the main thread (a copy of the whole
/// level costs in proportion to its size).
#[derive(Debug, Clone)]
pub struct SavedLevel {
    /// The live level when the save began.
    pub from: Arc<Level>,
    /// `from`, following the file written.
    pub level: Arc<Level>,
}

impl SavedLevel {
    /// `live` following `source`, the file it was written to.
    pub fn following(live: Arc<Level>, source: LevelSource) -> Self {
        let level = following_file(&live, source);
        Self { from: live, level }
    }
}

/// A copy of `level` that follows the file of `source`.
fn following_file(level: &Level, source: LevelSource) -> Arc<Level> {
    Arc::new(Level {
        source,
        ..Level::clone(level)
    })
}

/// A level built off the main thread, ready to swap in.
#[derive(Debug)]
pub struct BuiltLevel {
    /// The new level (shared with its scene).
    pub level: Arc<Level>,
    /// Its warnings (as `check` prints them).
    pub warnings: Vec<LevelWarning>,
    /// Its collider (shared with its scene).
    pub collider: Arc<Collider>,
    /// Whether each wall hides what lies behind it
    /// ([`Level::occluding_walls`]): a pass over every wall, made here
    /// rather than by the map on the main thread.
    pub occluding: Vec<bool>,
    /// Its meshes, textures and debug lines on the GPU, when a renderer's
    /// scene builder was at hand (a headless session builds none).
    pub scene: Option<LevelScene>,
    /// How long loading and building took on the worker thread.
    pub build_time: Duration,
}

/// What the reload's worker brings back.
#[derive(Debug)]
enum Finished {
    Unchanged,
    Built(Box<BuiltLevel>),
    Failed(String),
}

/// What [`LiveLevel::poll`] saw finish this frame.
#[derive(Debug)]
pub enum ReloadEvent {
    /// A new level is ready: swap it in (see [`LiveLevel::adopt`]).
    Ready(Box<BuiltLevel>),
    /// The file was unchanged (e.g. the program's own save).
    Unchanged,
    /// The reload failed; the old level stays. The message is logged and
    /// in [`LiveLevel::error`] (the HUD shows it).
    Failed,
}

/// The level being walked, with what reloads it. The level and its
/// collider are shared with the renderer's scene, not copied: a huge
/// maze's are among the largest things the program holds.
#[derive(Debug)]
pub struct LiveLevel {
    level: Arc<Level>,
    collider: Arc<Collider>,
    /// `collider` without the loose obstacles, which move as bodies: what
    /// the walker moves through (the same collider when there are none).
    walking: Arc<Collider>,
    /// A copy of `collider` made ahead of the first edit (when edit mode
    /// opens), on a worker, which that edit changes in place. The first
    /// copy of a big collider in a while is slow (it updates the counts of
    /// thousands of shared chunks, gone cold in memory) where a later one
    /// is cheap; made while the editor opens, it is paid for neither by
    /// the first edit nor by a frame.
    ahead: Option<Receiver<Collider>>,
    reloader: Reloader,
    /// Whether files are to be watched (`--no-watch` turns it off).
    watch: bool,
    watcher: Option<FolderWatcher>,
    /// The reload being loaded and built on its worker.
    build: Option<Job<Finished>>,
    /// A test's hold on the reloads' work.
    latch: Option<JobLatch>,
}

impl LiveLevel {
    /// `level`, watched for changes when `watch` is set and it has a file.
    pub fn new(level: impl Into<Arc<Level>>, watch: bool) -> Self {
        let level = level.into();
        let reloader = Reloader::new(&level.source, texture_files(&level));
        let collider = Arc::new(level.collider());
        let mut live = Self {
            walking: level.walking_collider(&collider),
            collider,
            ahead: None,
            level,
            reloader,
            watch,
            watcher: None,
            build: None,
            latch: None,
        };
        live.watch_files();
        live
    }

    /// Watches the files the level now comes from: the watcher starts with
    /// the first file (a house saved to a new file gets one).
    fn watch_files(&mut self) {
        let files = self.reloader.watched_files();
        if !self.watch || files.is_empty() {
            return;
        }
        if self.watcher.is_none() {
            match FolderWatcher::new() {
                Ok(watcher) => self.watcher = Some(watcher),
                Err(error) => {
                    log::warn!("hot reload is off: {error:#}");
                    self.watch = false;
                    return;
                }
            }
        }
        if let Some(watcher) = &mut self.watcher {
            watcher.watch_files(files);
        }
    }

    /// The level being walked.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Its collider.
    pub fn collider(&self) -> &Collider {
        &self.collider
    }

    /// Its collider without the loose obstacles: what the walker moves
    /// through.
    pub fn walking_collider(&self) -> &Collider {
        &self.walking
    }

    /// The level and its walking collider, to share with the sound
    /// thread.
    pub fn shared_walking(&self) -> (&Arc<Level>, &Arc<Collider>) {
        (&self.level, &self.walking)
    }

    /// The level and its collider, to share with a scene.
    pub fn shared(&self) -> (&Arc<Level>, &Arc<Collider>) {
        (&self.level, &self.collider)
    }

    /// The error of the latest failed reload, until a good version arrives.
    pub fn error(&self) -> Option<&str> {
        self.reloader.error()
    }

    /// Whether a reload is being loaded or built.
    pub fn reloading(&self) -> bool {
        self.reloader.in_flight()
    }

    /// Asks for a reload (F5), even if the file is unchanged.
    pub fn reload_now(&mut self) {
        self.reloader.notice(&Trigger::Manual);
    }

    /// From now on the reloads' work is held by `latch` (a test's).
    pub fn hold_reloads(&mut self, latch: JobLatch) {
        self.latch = Some(latch);
    }

    /// The progress bar of the reload being built at session time `now`.
    pub fn progress(&self, now: Duration) -> Option<WorkProgress> {
        self.build.as_ref().and_then(|job| job.progress(now))
    }

    /// Once a frame: takes the watcher's events, starts a due reload on a
    /// worker thread (which builds its scene with `builder`, if any) at
    /// session time `now`, and returns a reload that finished.
    pub fn poll(&mut self, builder: Option<&SceneBuilder>, now: Duration) -> Option<ReloadEvent> {
        if let Some(watcher) = &self.watcher {
            let changed = watcher.changed_paths();
            if !changed.is_empty() {
                log::debug!("changed: {changed:?}");
                self.reloader.notice(&Trigger::Changed(changed));
            }
        }
        if let Some(job) = self.reloader.start() {
            let what = format!("Reloading {}", self.level.name);
            let builder = builder.cloned();
            self.build = Some(Job::start(what, now, self.latch.clone(), move |progress| {
                build(&job, builder, progress)
            }));
        }
        let finished = self
            .build
            .as_ref()?
            .poll()?
            .unwrap_or_else(|lost| Finished::Failed(format!("error: {lost}")));
        self.build = None;
        Some(match finished {
            Finished::Unchanged => {
                self.reloader.unchanged();
                ReloadEvent::Unchanged
            }
            Finished::Failed(message) => {
                log::error!("{message}");
                self.reloader.failed(message);
                ReloadEvent::Failed
            }
            Finished::Built(built) => ReloadEvent::Ready(built),
        })
    }

    /// Makes a built level the live one (its scene goes to the renderer,
    /// separately); returns the old level and collider.
    pub fn adopt(
        &mut self,
        level: Arc<Level>,
        collider: Arc<Collider>,
    ) -> (Arc<Level>, Arc<Collider>) {
        self.reloader
            .succeeded(&level.source, texture_files(&level));
        self.replace(level, collider)
    }

    /// Makes the edited `level` live (its scene goes to the renderer
    /// separately); returns the old level and collider. Reloads go on
    /// comparing the file with the level's source text, which an edit
    /// leaves as it was.
    pub fn edited(
        &mut self,
        level: Arc<Level>,
        collider: Arc<Collider>,
    ) -> (Arc<Level>, Arc<Collider>) {
        self.reloader.follow(&level.source, texture_files(&level));
        self.replace(level, collider)
    }

    /// Starts copying the live collider on a worker for the next edit to
    /// change (see `ahead`), unless a copy is on its way already. Where no
    /// worker starts, there is no copy ahead: the edit copies then.
    pub fn copy_ahead(&mut self) {
        if self.ahead.is_some() {
            return;
        }
        let (sender, copy) = channel();
        let live = Arc::clone(&self.collider);
        let copying = platform::spawn_task("copying the collider", move || {
            // The edit may have come, and given up waiting, first.
            let _ = sender.send(Collider::clone(&live));
        });
        match copying {
            Ok(()) => self.ahead = Some(copy),
            Err(error) => log::debug!("no copy of the collider ahead: {error}"),
        }
    }

    /// The collider of `level`, which the edits that made `changes` made
    /// from the live level: the live collider changed in place (the copy
    /// made ahead, or a copy made now while another holder shares it, its
    /// heights built anew when a floor changed), or, when it does not hold
    /// what the changes found, built anew.
    pub fn collider_after(&mut self, changes: &[LevelChange], level: &Level) -> Arc<Collider> {
        // A copy not made yet is left: the collider is copied here.
        let mut collider = match self.ahead.take().and_then(|copy| copy.try_recv().ok()) {
            Some(copy) => Arc::new(copy),
            None => Arc::clone(&self.collider),
        };
        let in_place = Arc::make_mut(&mut collider);
        let fits = changes
            .iter()
            .all(|change| change.apply_to_collider(in_place));
        if changes.iter().any(LevelChange::touches_floors) {
            in_place.set_heights(level.standing_heights());
        }
        if fits
            && in_place.walls().len() == level.walls.len()
            && in_place.obstacles().len() == level.obstacles.len()
        {
            collider
        } else {
            log::warn!("the edits do not fit the live collider: it is built anew");
            Arc::new(level.collider())
        }
    }

    /// Puts `level` and `collider` in place and watches the level's files.
    fn replace(
        &mut self,
        level: Arc<Level>,
        collider: Arc<Collider>,
    ) -> (Arc<Level>, Arc<Collider>) {
        let old = (
            std::mem::replace(&mut self.level, level),
            std::mem::replace(&mut self.collider, collider),
        );
        self.walking = self.level.walking_collider(&self.collider);
        // A copy of the old collider is no start for the new one's edits.
        self.ahead = None;
        self.watch_files();
        old
    }

    /// The live level was saved: it follows its new source (a file and its
    /// text), and its collider stays. The watcher takes the save for the
    /// program's own, and a level that had no file is watched from now on.
    /// Returns the old level and collider.
    pub fn saved(&mut self, saved: &SavedLevel) -> (Arc<Level>, Arc<Collider>) {
        let level = if Arc::ptr_eq(&self.level, &saved.from) {
            Arc::clone(&saved.level)
        } else {
            // A reload went live while the file was written: that level
            // follows the file from now on.
            following_file(&self.level, saved.level.source.clone())
        };
        self.reloader.follow(&level.source, texture_files(&level));
        let old_level = std::mem::replace(&mut self.level, level);
        self.watch_files();
        (old_level, Arc::clone(&self.collider))
    }

    /// A finished reload is not swapped in (unsaved edits would be lost):
    /// `message` shows until the file and the level agree again.
    pub fn refuse(&mut self, message: String) {
        log::warn!("{message}");
        self.reloader.failed(message);
    }

    /// A finished reload holds what is live already (the program's own
    /// save, read by a reload that started before it).
    pub fn unchanged(&mut self) {
        self.reloader.unchanged();
    }
}

/// How far a reload may move the eye out of a new wall: beyond this the eye
/// stays and may walk out.
pub const MAX_PUSH_OUT: f32 = 2.0;

/// What a reload did to the eye.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EyeAfterReload {
    /// Nothing of the new level is inside the eye's clearance.
    Clear,
    /// The eye was moved out of a wall or obstacle, by this many metres.
    MovedOut(f32),
    /// No free point lies within [`MAX_PUSH_OUT`]: the eye stays. The
    /// collider lets moves leave the overlap, never go deeper.
    Inside,
}

/// Moves `walker`'s eye to the nearest free point when the new level's
/// `collider` puts something inside its clearance (ghost mode passes
/// through walls, so it is left alone).
pub fn clear_the_eye(walker: &mut Walker, collider: &Collider) -> EyeAfterReload {
    let eye = walker.position();
    if walker.passes_walls() || collider.deepest_penetration(eye).is_none() {
        return EyeAfterReload::Clear;
    }
    match collider.nearest_free_point(eye, MAX_PUSH_OUT) {
        Some(free) => {
            // Placed, not moved: no glide from inside the wall on screen,
            // and no speed carried into the new spot.
            walker.place(Pose {
                position: free,
                ..walker.pose()
            });
            walker.land(collider.heights(), collider.body_radius());
            EyeAfterReload::MovedOut(free.distance(eye))
        }
        None => EyeAfterReload::Inside,
    }
}

/// Loads and builds `job` (its scene too, with `builder`), on the reload's
/// worker; `progress` hears of a third done after the load (reading,
/// parsing, checking), two after the collider, all after the scene.
fn build(job: &ReloadJob, builder: Option<SceneBuilder>, progress: &Progress) -> Finished {
    let started = Instant::now();
    let loaded = match job.load() {
        Loaded::Unchanged => return Finished::Unchanged,
        Loaded::Failed(message) => return Finished::Failed(message),
        Loaded::Level(loaded) => loaded,
    };
    progress.report(1.0 / 3.0);
    let level = Arc::new(loaded.level);
    let collider = Arc::new(level.collider());
    let occluding = level.occluding_walls();
    progress.report(2.0 / 3.0);
    let scene = builder
        .map(|builder| builder.build(&level, &collider, BrokenTexture::RefuseUndecodable))
        .transpose();
    progress.report(1.0);
    match scene {
        Ok(scene) => Finished::Built(Box::new(BuiltLevel {
            level,
            warnings: loaded.warnings,
            collider,
            occluding,
            scene,
            build_time: started.elapsed(),
        })),
        Err(error) => Finished::Failed(format!("error: {error:#}")),
    }
}

#[cfg(test)]
mod tests {
    use glam::{Vec2, Vec3};

    use super::*;
    use crate::camera::Camera;
    use crate::collision::{MoveOptions, Wall};

    fn walker_at(x: f32, z: f32) -> Walker {
        Walker::standing(Camera::new(Vec3::new(x, 1.6, z), 0.0))
    }

    fn wall(a: [f32; 2], b: [f32; 2], radius: f32) -> Wall {
        Wall {
            a: Vec2::from(a),
            b: Vec2::from(b),
            radius,
        }
    }

    #[test]
    fn a_new_wall_over_the_eye_pushes_it_to_the_nearest_free_point() {
        // A wall 0.1 m to the eye's right (+z), radius 0.3: 0.2 m too close.
        let collider = Collider::new(vec![wall([-5.0, 0.1], [5.0, 0.1], 0.3)], Vec::new(), 0.25);
        let mut walker = walker_at(0.0, 0.0);
        let EyeAfterReload::MovedOut(distance) = clear_the_eye(&mut walker, &collider) else {
            panic!("the eye should move");
        };
        assert!((distance - 0.2).abs() < 1e-3, "moved {distance}");
        let eye = walker.position();
        assert!(eye.y < 0.0, "moved away from the wall: {eye}");
        assert!(collider.deepest_penetration(eye).is_none());
    }

    #[test]
    fn with_no_free_point_within_two_metres_the_eye_stays_and_can_walk_out() {
        // Thick parallel walls: free space only beyond 3 m.
        let walls = (-12..=12).map(|step| {
            let z = step as f32 * 0.25;
            wall([-6.0, z], [6.0, z], 0.3)
        });
        let collider = Collider::new(walls, Vec::new(), 0.25);
        let mut walker = walker_at(0.0, 0.0);
        assert_eq!(
            clear_the_eye(&mut walker, &collider),
            EyeAfterReload::Inside
        );
        assert_eq!(walker.position(), Vec2::ZERO);
    }

    #[test]
    fn inside_a_wall_a_move_out_is_allowed_and_a_move_deeper_is_not() {
        let wall = wall([-5.0, 0.1], [5.0, 0.1], 0.3);
        let collider = Collider::new(vec![wall], Vec::new(), 0.25);
        let options = MoveOptions::default();
        let start = Vec2::ZERO;
        let deeper = collider
            .move_eye(start, Vec2::new(0.0, 0.05), &options)
            .expect("finite");
        let depth = |p: Vec2| crate::collision::distance_to_segment(p, wall.a, wall.b);
        assert!(
            depth(deeper.position) >= depth(start) - 1e-6,
            "went deeper: {deeper:?}"
        );
        let out = collider
            .move_eye(start, Vec2::new(0.0, -0.5), &options)
            .expect("finite");
        assert!((out.position.y + 0.5).abs() < 1e-4, "walked out: {out:?}");
    }

    #[test]
    fn ghost_mode_leaves_the_eye_inside() {
        let collider = Collider::new(vec![wall([-5.0, 0.1], [5.0, 0.1], 0.3)], Vec::new(), 0.25);
        let mut walker = walker_at(0.0, 0.0);
        walker.move_options.ghost = true;
        assert_eq!(clear_the_eye(&mut walker, &collider), EyeAfterReload::Clear);
        assert_eq!(walker.position(), Vec2::ZERO);
    }

    #[test]
    fn the_copy_made_ahead_takes_the_first_edit_and_leaves_the_live_collider_as_it_was() {
        let house = Level::default_house();
        let mut live = LiveLevel::new(house.clone(), false);
        let before = Arc::clone(&live.collider);
        live.copy_ahead();
        // The copy is made on a worker: wait for it, as a person's first
        // edit, long after edit mode opened, would find it made.
        let copy = live.ahead.take().expect("a copy on its way");
        let made = copy.recv().expect("the copy");
        let (sender, ready) = channel();
        sender.send(made).expect("the copy put back");
        live.ahead = Some(ready);
        let mut edited = house.clone();
        let removed = edited.walls.remove(0);
        let change = LevelChange::Removed {
            index: 0,
            piece: crate::edit::Piece::Wall(removed),
        };
        let after = live.collider_after(std::slice::from_ref(&change), &edited);
        assert!(live.ahead.is_none(), "the copy was taken");
        assert!(after.walls() == edited.collider().walls());
        assert!(live.collider().walls() == house.collider().walls());
        assert!(Arc::ptr_eq(&before, &live.collider));
        // Without a copy ahead, the same edit copies the shared collider.
        let again = live.collider_after(&[change], &edited);
        assert!(again.walls() == after.walls());
        assert!(live.collider().walls() == house.collider().walls());
    }
}
