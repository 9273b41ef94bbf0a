//! What the session hands the shell to draw: the frame's description, and a
//! new level for the renderer.

use std::sync::Arc;

use super::job::{WorkProgress, drop_off_the_main_thread};
use crate::bindings::HelpGroup;
use crate::camera::Camera;
use crate::collision::Collider;
use crate::edit::{Field, Item, LevelChange};
use crate::level::mesh::MovingShape;
use crate::level::{Level, Material};
use crate::render::{BrokenTexture, FrameInput, LevelScene, LineVertex, MapFrame, Renderer};
use crate::simulation::Simulation;

/// What the property panel shows in a frame: the shell draws it with egui
/// and hands a change back as [`Input::Property`](super::Input::Property).
#[derive(Debug, Clone, PartialEq)]
pub struct PanelView<'a> {
    /// The item.
    pub item: Item,
    /// Its properties, in the panel's order.
    pub fields: Vec<Field>,
    /// The level's materials, which a material field offers.
    pub materials: &'a [Material],
    /// Why the last change was refused.
    pub refusal: Option<&'a str>,
}

/// A new level for the renderer, and how its scene comes to be.
#[derive(Debug)]
pub struct SceneChange {
    /// The new level.
    pub level: Arc<Level>,
    /// Its collider.
    pub collider: Arc<Collider>,
    /// Its meshes and textures, or what the renderer's scene must take.
    pub scene: NewScene,
}

/// How the renderer comes to draw a new level.
#[derive(Debug)]
pub enum NewScene {
    /// A reload built its scene off the main thread.
    Built(Box<LevelScene>),
    /// The level is the renderer's, edited: these changes, in order, made
    /// it from the level of the scene the renderer draws, which takes them
    /// in place.
    Edited(Vec<LevelChange>),
    /// The shell builds its scene (a demo's level, edits on a reload the
    /// renderer has not taken yet, a headless reload).
    Build,
}

impl SceneChange {
    /// The change that makes the renderer draw `next` where it was to draw
    /// this one's level: a scene the renderer has not taken yet is
    /// replaced; edits on edits still go in place.
    pub fn then(self, next: SceneChange) -> SceneChange {
        let scene = match (self.scene, next.scene) {
            (NewScene::Edited(mut earlier), NewScene::Edited(later)) => {
                earlier.extend(later);
                NewScene::Edited(earlier)
            }
            (_, NewScene::Edited(_)) => NewScene::Build,
            (_, scene) => scene,
        };
        SceneChange { scene, ..next }
    }

    /// Makes `renderer` draw the new level from its next frame: the scene
    /// built off the main thread, the renderer's scene taking the edit in
    /// place, or one built here; the old scene is dropped off the main
    /// thread. The shell's path, and the edit benchmarks'. Says which it
    /// was.
    pub fn apply_to(self, renderer: &mut Renderer) -> anyhow::Result<SceneTaken> {
        let started = crate::platform::Instant::now();
        let scene = match self.scene {
            NewScene::Built(scene) => *scene,
            NewScene::Edited(changes)
                if renderer.edit_level(&self.level, &self.collider, &changes) =>
            {
                log::info!(
                    "the scene took the edit in place on the main thread in {:.1} ms",
                    started.elapsed().as_secs_f64() * 1000.0
                );
                return Ok(SceneTaken::InPlace);
            }
            NewScene::Edited(_) | NewScene::Build => {
                let scene = renderer.scene_builder().build(
                    &self.level,
                    &self.collider,
                    BrokenTexture::Checkerboard,
                )?;
                log::info!(
                    "new level's scene built on the main thread in {:.1} ms",
                    started.elapsed().as_secs_f64() * 1000.0
                );
                scene
            }
        };
        // The old scene (a big level's chunk meshes and buffers) is freed
        // on a thread of its own: on the main thread it held up the frame.
        drop_off_the_main_thread(renderer.set_level(scene));
        Ok(SceneTaken::Replaced)
    }
}

/// How a renderer took a [`SceneChange`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SceneTaken {
    /// Its scene took the edits in place.
    InPlace,
    /// A new scene replaced its scene.
    Replaced,
}

/// The doors' leaves, loose bodies (those on a lift's floor carried by
/// it) and lifts' floors a frame of `level` needs, seen by
/// `walker`, `alpha` of the way through the last tick: those within the
/// fog distance, which may be seen, and those that may shade what is seen.
/// Such a shape lies on the segment from a visible point to a lamp in use (within the fog
/// distance plus its radius), so within the fog distance plus the largest
/// lamp radius of the eye (the torch, at the eye, casts no shadow).
pub fn moving_shapes(simulation: &Simulation, level: &Level, alpha: f32) -> Vec<MovingShape> {
    let widest_lamp = level
        .lights
        .iter()
        .map(|lamp| lamp.radius)
        .fold(0.0, f32::max);
    let reach = level.environment.fog_distance + widest_lamp;
    let eye = simulation.walker.position();
    let mut shapes = simulation.doors().shapes_near(alpha, eye, reach);
    let lifts = simulation.lifts();
    let bodies = simulation.bodies().shapes_near(alpha, eye, reach);
    shapes.extend(bodies.into_iter().map(|mut body| {
        // A body on a lift's floor rides it: drawn where the lift holds
        // that floor rather than at the floor's own height.
        if body.base.is_none() && !body.outline.is_empty() {
            let centre = body.outline.iter().sum::<glam::Vec2>() / body.outline.len() as f32;
            body.base = lifts.carried_base(centre, alpha);
        }
        body
    }));
    shapes.extend(simulation.lifts().shapes_near(alpha, eye, reach));
    shapes
}

/// What a frame shows of the world, its overlays aside: the eye, the
/// torch, the doors' leaves and loose bodies where they stand, and the collider's debug
/// lines when asked. The window, a timedemo and a screenshot all take it
/// from [`scene_frame`], so that each draws the same picture of the same
/// moment.
#[derive(Debug, Clone)]
pub struct SceneFrame {
    /// The eye, between the last two ticks.
    pub camera: Camera,
    /// The collider's debug lines.
    pub debug_lines: bool,
    /// The torch is on.
    pub torch: bool,
    /// The doors' leaves and loose bodies, between the last two ticks.
    pub moving: Vec<MovingShape>,
}

impl SceneFrame {
    /// What the renderer takes: the scene alone, with no HUD, help,
    /// markers or crosshair.
    pub fn input(&self) -> FrameInput<'_> {
        FrameInput {
            camera: &self.camera,
            debug_lines: self.debug_lines,
            hud: None,
            help: None,
            markers: &[],
            crosshair: false,
            torch: self.torch,
            moving: &self.moving,
        }
    }
}

/// The scene a frame of `level` shows, seen by `simulation`'s walker
/// `alpha` of the way through the last tick (1: at the tick's end), with the collider's debug
/// lines when `debug_lines` says so. The one description of the world that
/// the window's frame, the timedemo and the screenshot share.
pub fn scene_frame(
    simulation: &Simulation,
    level: &Level,
    alpha: f32,
    debug_lines: bool,
) -> SceneFrame {
    let walker = &simulation.walker;
    SceneFrame {
        camera: walker.interpolated_camera(alpha),
        debug_lines,
        torch: walker.torch,
        moving: moving_shapes(simulation, level, alpha),
    }
}

/// One frame as the session describes it; the shell draws it.
#[derive(Debug)]
pub struct SessionFrame<'a> {
    /// The world as it is seen.
    pub scene: SceneFrame,
    /// The HUD's lines while it shows.
    pub hud: Option<Vec<String>>,
    /// The help while it shows.
    pub help: Option<&'a [HelpGroup]>,
    /// Edit mode's lines in the world.
    pub markers: Vec<LineVertex>,
    /// A crosshair (edit mode).
    pub crosshair: bool,
    /// The map, while it shows.
    pub map: Option<MapFrame<'a>>,
    /// Edit mode's property panel, while it shows: in edit mode with the
    /// mouse released, once an item was aimed at.
    pub panel: Option<PanelView<'a>>,
    /// The progress bar of long work off the main thread (opening edit
    /// mode, saving), once it has run for [`SHOW_AFTER`](super::SHOW_AFTER).
    pub progress: Option<WorkProgress>,
}

impl SessionFrame<'_> {
    /// What the renderer takes (besides the map): the scene with the
    /// session's overlays.
    pub fn input(&self) -> FrameInput<'_> {
        FrameInput {
            hud: self.hud.as_deref(),
            help: self.help,
            markers: &self.markers,
            crosshair: self.crosshair,
            ..self.scene.input()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Start;

    fn change(scene: NewScene) -> SceneChange {
        let level = Arc::new(Level::default_house());
        let collider = Arc::new(level.collider());
        SceneChange {
            level,
            collider,
            scene,
        }
    }

    fn moved(to: f32) -> LevelChange {
        let start = |x| Start {
            at: glam::Vec2::new(x, 0.0),
            yaw_degrees: 0.0,
        };
        LevelChange::StartMoved {
            from: start(0.0),
            to: start(to),
        }
    }

    #[test]
    fn edits_on_edits_reach_the_scene_together_and_on_a_build_are_built() {
        let first = change(NewScene::Edited(vec![moved(1.0)]));
        let joined = first.then(change(NewScene::Edited(vec![moved(2.0)])));
        assert!(
            matches!(&joined.scene, NewScene::Edited(changes) if *changes == [moved(1.0), moved(2.0)]),
            "{:?}",
            joined.scene
        );
        let built = change(NewScene::Build).then(change(NewScene::Edited(vec![moved(3.0)])));
        assert!(matches!(built.scene, NewScene::Build), "{:?}", built.scene);
        let rebuilt = joined.then(change(NewScene::Build));
        assert!(
            matches!(rebuilt.scene, NewScene::Build),
            "{:?}",
            rebuilt.scene
        );
    }
}
