//! `mazewalker screenshot`: one frame rendered offscreen through the same
//! renderer as the window, with no display and no event loop.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context as _;
use glam::{Vec2, Vec3};

use super::overlays::hud_lines;
use crate::camera::Camera;
use crate::collision::{Collider, Leaf};
use crate::level::{Level, Light};
use crate::map::{MapView, Overlay, PlanBounds, level_bounds};
use crate::physics::LooseBody;
use crate::render::{self, FrameInput, Gpu, MapFrame, MapMode, RenderQuality, Renderer};
use crate::walker::Walker;

use super::frame::moving_shapes;

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

/// Renders one frame of `level` offscreen and writes it to `out` as PNG.
pub fn screenshot(
    level: impl Into<Arc<Level>>,
    options: &ScreenshotOptions,
    out: &Path,
) -> anyhow::Result<()> {
    let level = level.into();
    let gpu = Gpu::headless().context("no graphics adapter for offscreen rendering")?;
    let collider = Arc::new(level.collider());
    let mut walker = Walker::at_spawn(&level);
    if let Some(at) = options.at {
        walker.camera.position = Vec3::new(at.x, walker.camera.position.y, at.y);
    }
    if let Some(yaw) = options.yaw_degrees {
        walker.camera.yaw = yaw.to_radians();
    }
    walker.camera.set_pitch(options.pitch_degrees.to_radians());
    let hud = hud_lines(&walker, None);
    let moving = moving_shapes(&walker, &level, 1.0);
    let frame = FrameInput {
        camera: &walker.camera,
        debug_lines: options.debug_lines,
        hud: options.hud.then_some(hud.as_slice()),
        help: None,
        markers: &[],
        crosshair: false,
        torch: false,
        moving: &moving,
    };
    let map = options.map.then(|| {
        map_frame(
            &collider,
            (
                &level.lights,
                walker.doors.leaves().leaves(),
                walker.bodies.live().bodies(),
            ),
            &walker.camera,
            options.size,
        )
    });
    let mut renderer = Renderer::new(
        &gpu,
        render::offscreen::OFFSCREEN_FORMAT,
        options.size,
        RenderQuality::FULL,
        &level,
        &collider,
    )?;
    renderer.set_lights(options.lights);
    let image = render::offscreen::capture_with_map(&gpu, &mut renderer, &frame, map.as_ref())?;
    image
        .save(out)
        .with_context(|| format!("cannot write {}", out.display()))?;
    Ok(())
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
        overlay: Overlay {
            eye: Some((eye, camera.yaw)),
            lamps,
            doors,
            bodies,
            ..Overlay::default()
        },
    }
}
