//! `mazewalker play FILE --timedemo`: every tick of a demo rendered
//! offscreen, as fast as the device allows, through the window's
//! [`Renderer::render`] and the window's description of the world
//! ([`scene_frame`]: door leaves, the torch, debug lines when asked; the
//! HUD's lines when asked, as `screenshot --hud` draws them; no help or
//! panel); frame-time figures from a real walk.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context as _;

use super::frame::scene_frame;
use super::overlays::hud_lines;
use super::sound_out::SoundOut;
use crate::demo::{FrameTimes, OpenedDemo, Played, TimedemoReport, play};
use crate::platform::Instant;
use crate::render::offscreen::{self, OFFSCREEN_FORMAT};
use crate::render::{FrameInput, Gpu, RenderQuality, Renderer};

/// How a timedemo renders.
#[derive(Debug, Clone, PartialEq)]
pub struct TimedemoOptions {
    /// Image size in pixels. Default 1280×720.
    pub size: (u32, u32),
    /// Per-pixel quality; `None` (the default) picks it by adapter, as the
    /// window does: full on a GPU, fast on a software renderer.
    pub quality: Option<RenderQuality>,
    /// Whether the level's lamps light it (as the window's `--lights`).
    /// Default true.
    pub lights: bool,
    /// Draw the collider's debug lines, as the window's L key does. Default
    /// false.
    pub debug_lines: bool,
    /// Draw the HUD's lines, as `screenshot --hud` does (the frame rate
    /// unknown). Default false.
    pub hud: bool,
    /// Write the last frame drawn here as a PNG once the demo ends (not
    /// timed). Default none.
    pub shot: Option<PathBuf>,
    /// Mix each tick's sound beside its frame (timed with it) and write
    /// it to this WAV file once the demo ends. Default none.
    pub sound_out: Option<SoundOut>,
}

impl Default for TimedemoOptions {
    fn default() -> Self {
        Self {
            size: (1280, 720),
            quality: None,
            lights: true,
            debug_lines: false,
            hud: false,
            shot: None,
            sound_out: None,
        }
    }
}

/// Plays `playback` rendering every tick offscreen as the window would
/// draw it at the tick's end, and writes one line to `out`: the
/// [`TimedemoReport`] when the demo finished, the desync line when a check
/// did not match. Then writes the last frame drawn to `options.shot`, if
/// given, and the sound to `options.sound_out`, if given.
pub fn run_timedemo(
    mut playback: OpenedDemo,
    options: &TimedemoOptions,
    out: &mut impl Write,
) -> anyhow::Result<Played> {
    let gpu = Gpu::headless().context("no graphics adapter for the timedemo")?;
    let quality = options
        .quality
        .unwrap_or_else(|| RenderQuality::for_device_type(gpu.adapter.get_info().device_type));
    let level = &playback.level;
    let collider = Arc::new(level.collider());
    let mut renderer = Renderer::new(
        &gpu,
        OFFSCREEN_FORMAT,
        options.size,
        quality,
        level,
        &collider,
    )?;
    renderer.set_lights(options.lights);
    let target = offscreen::render_target(&gpu, "timedemo target", options.size);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    let walking = level.walking_collider(&collider);
    let mut simulation = playback.header.simulation(level);
    let mut frames = FrameTimes::default();
    let started = Instant::now();
    let mut last_frame = started;
    let mut soundtrack = options
        .sound_out
        .as_ref()
        .map(|sound_out| sound_out.soundtrack(level));
    let path = playback.path.display().to_string();
    let played = play(
        &mut playback.reader,
        &mut simulation,
        &walking,
        |_, simulation| -> anyhow::Result<()> {
            if let Some(soundtrack) = &mut soundtrack {
                soundtrack.tick(simulation, level, &walking);
            }
            let scene = scene_frame(simulation, level, 1.0, options.debug_lines);
            let hud = options
                .hud
                .then(|| hud_lines(&simulation.walker, !level.floors.is_empty(), None));
            let frame = FrameInput {
                hud: hud.as_deref(),
                ..scene.input()
            };
            renderer.render(&gpu, &view, &frame);
            gpu.device.poll(wgpu::PollType::wait_indefinitely())?;
            // A frame drawn after a device error times nothing.
            gpu.ensure_no_device_error()?;
            let now = Instant::now();
            frames.add(now - last_frame);
            last_frame = now;
            Ok(())
        },
    )
    .context(path)?;
    let drawn = frames.count();
    match &played {
        Played::Finished { .. } => {
            let report = TimedemoReport::measured(frames, last_frame - started);
            writeln!(out, "{report}")?;
        }
        Played::Desync(desync) => writeln!(out, "{desync}")?,
    }
    out.flush()?;
    if let Some(shot) = &options.shot {
        anyhow::ensure!(
            drawn > 0,
            "no frame to write to {}: the demo has no tick",
            shot.display()
        );
        offscreen::read_back(&gpu, &target)?
            .save(shot)
            .with_context(|| format!("cannot write {}", shot.display()))?;
    }
    if let (Some(sound_out), Some(soundtrack)) = (&options.sound_out, soundtrack) {
        sound_out.write(soundtrack)?;
    }
    Ok(played)
}
