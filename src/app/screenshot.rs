//! `mazewalker screenshot`: one frame rendered offscreen through the same
//! renderer as the window, with no display and no event loop.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context as _;
use glam::{Vec2, Vec3};
use image::RgbaImage;

use super::overlays::hud_lines;
use crate::camera::Camera;
use crate::collision::{Collider, Leaf};
use crate::level::{Level, Light};
use crate::map::{MapView, PlanBounds, WalkLayer, level_bounds};
use crate::physics::LooseBody;
use crate::render::{self, FrameInput, Gpu, MapFrame, MapMode, RenderQuality, Renderer};
use crate::simulation::Simulation;
use crate::walker::Walker;

use super::frame::scene_frame;

/// What `mazewalker screenshot` renders.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScreenshotOptions {
    /// Eye position (x, z); `None` is the level's start.
    pub at: Option<Vec2>,
    /// Heading in degrees; `None` is the level's.
    pub yaw_degrees: Option<f32>,
    /// Pitch in degrees, positive looks up.
    pub pitch_degrees: f32,
    /// Image size in pixels.
    pub size: (u32, u32),
    /// Draw the collider's debug lines.
    pub debug_lines: bool,
    /// Draw the HUD.
    pub hud: bool,
    /// Draw the full map of the whole level instead of the 3D view
    /// (`map_frame`).
    pub map: bool,
    /// Whether the level's lamps light it.
    pub lights: bool,
}

/// Renders one frame of `level` offscreen and writes it to `out` as PNG:
/// the walker at the level's start, placed as `options` say.
pub fn screenshot(
    level: impl Into<Arc<Level>>,
    options: &ScreenshotOptions,
    out: &Path,
) -> anyhow::Result<()> {
    let level = level.into();
    let simulation = options.simulation(&level);
    let image = screenshot_image(&level, &simulation, options)?;
    image
        .save(out)
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
}

impl ScreenshotOptions {
    /// The simulation at `level`'s start (doors closed, loose bodies where
    /// the file places them), the walker's eye moved and turned as these
    /// options say; moved, it stands on the floor there.
    pub fn simulation(&self, level: &Level) -> Simulation {
        let mut walker = Walker::at_spawn(level);
        if let Some(at) = self.at {
            walker.camera.position = Vec3::new(at.x, walker.camera.position.y, at.y);
            walker.land(&level.heights(), level.player.radius);
        }
        if let Some(yaw) = self.yaw_degrees {
            walker.camera.yaw = yaw.to_radians();
        }
        walker.camera.set_pitch(self.pitch_degrees.to_radians());
        Simulation::new(walker, level)
    }
}

/// One frame of `level` as `walker` sees it at the end of its last tick
/// (its torch and its doors as they stand), rendered offscreen at full
/// quality: the picture `screenshot` writes. The eye is the walker's;
/// `options` give the rest (size, overlays, map, lamps).
pub fn screenshot_image(
    level: &Arc<Level>,
    simulation: &Simulation,
    options: &ScreenshotOptions,
) -> anyhow::Result<RgbaImage> {
    let gpu = Gpu::headless().context("no graphics adapter for offscreen rendering")?;
    let collider = Arc::new(level.collider());
    let scene = scene_frame(simulation, level, 1.0, options.debug_lines);
    let hud = hud_lines(&simulation.walker, !level.floors.is_empty(), None);
    let frame = FrameInput {
        hud: options.hud.then_some(hud.as_slice()),
        ..scene.input()
    };
    let map = options.map.then(|| {
        map_frame(
            &collider,
            (
                &level.lights,
                simulation.doors().leaves().leaves(),
                simulation.bodies().live().bodies(),
            ),
            &scene.camera,
            options.size,
        )
    });
    let mut renderer = Renderer::new(
        &gpu,
        render::offscreen::OFFSCREEN_FORMAT,
        options.size,
        RenderQuality::FULL,
        level,
        &collider,
    )?;
    renderer.set_lights(options.lights);
    render::offscreen::capture_with_map(&gpu, &mut renderer, &frame, map.as_ref())
}

/// The full map of the whole level for an image of `size` pixels: fitted
/// to the level's bounds ([`MapView::fit`]), with the eye's arrow at the
/// camera along its heading. An empty level is centred on the eye.
fn map_frame<'a>(
    collider: &Collider,
    (lamps, doors, bodies): (&'a [Light], &'a [Leaf], &'a [LooseBody]),
    camera: &Camera,
    size: (u32, u32),
) -> MapFrame<'a> {
    let eye = Vec2::new(camera.position.x, camera.position.z);
    let bounds = level_bounds(collider).unwrap_or(PlanBounds { min: eye, max: eye });
    MapFrame {
        view: MapView::fit(bounds, size),
        mode: MapMode::Full,
        walk_layer: WalkLayer {
            eye: Some((eye, camera.yaw)),
            lamps,
            doors,
            bodies,
            ..WalkLayer::default()
        },
    }
}
