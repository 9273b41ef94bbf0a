//! A renderer drawing frame after frame keeps its memory. Mesa's lavapipe
//! compiles a variant of a shader for the values of the uniforms that
//! decide its branches; a branch on whether lamps lit the frame made it
//! compile one more every frame of a level without lamps, and keep them
//! all (about 0.4 MB a frame). This draws hundreds of frames of the house
//! with and without its lamps, at both qualities, walking so that the
//! lamps in use change, and checks the process's resident memory.
//!
//! A binary of its own, apart from `tests/render/`: other tests running in
//! the same process would change the resident memory it measures.

#![cfg(target_os = "linux")]

mod common;

use std::sync::Arc;

use glam::{Vec2, Vec3};
use mazewalker::camera::Camera;
use mazewalker::level::Level;
use mazewalker::render::offscreen::{OFFSCREEN_FORMAT, render_target};
use mazewalker::render::{FrameInput, Gpu, RenderQuality, Renderer};

const SIZE: (u32, u32) = (160, 90);
/// Frames drawn before memory is first measured: the pipelines' shader
/// variants and the level's chunks are made in these.
const WARM_UP_FRAMES: u32 = 60;
/// Frames drawn between the two measurements.
const MEASURED_FRAMES: u32 = 240;
/// How much the resident memory may grow over the measured frames: the
/// allocator's slack, far below the 0.4 MB a frame the leak took.
const ALLOWED_GROWTH_BYTES: u64 = 16 << 20;

/// The process's resident memory, in bytes.
fn resident_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|field| field.parse().ok())
        .expect("resident pages in /proc/self/statm");
    pages * 4096
}

/// The eye in frame `frame`: walking up and down the house's hallway from
/// its start, turning, so the set of lamps near it changes.
fn eye(start: Vec2, frame: u32) -> Camera {
    let along = (frame as f32 * 0.05).sin() * 12.0;
    Camera::new(Vec3::new(start.x + along, 1.6, start.y), frame as f32 * 3.0)
}

/// Draws `frames` frames from `first` on into `view`, each waited for.
fn draw(
    gpu: &Gpu,
    renderer: &mut Renderer,
    view: &wgpu::TextureView,
    start: Vec2,
    first: u32,
    frames: u32,
) {
    for frame in first..first + frames {
        let camera = eye(start, frame);
        renderer.render(gpu, view, &FrameInput::plain(&camera));
        gpu.device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("the frame finishes");
    }
}

#[test]
fn frame_after_frame_the_renderer_keeps_its_memory() {
    let Some(gpu) = common::gpu_or_skip("frame_after_frame_the_renderer_keeps_its_memory") else {
        return;
    };
    let level = Arc::new(Level::default_house());
    assert!(!level.lights.is_empty(), "the house has lamps");
    let collider = Arc::new(level.collider());
    let texture = render_target(&gpu, "frames", SIZE);
    let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
    let mut growths = Vec::new();
    for (quality, name) in [(RenderQuality::FAST, "fast"), (RenderQuality::FULL, "full")] {
        for lights in [false, true] {
            let mut renderer =
                Renderer::new(&gpu, OFFSCREEN_FORMAT, SIZE, quality, &level, &collider)
                    .expect("renderer");
            renderer.set_lights(lights);
            let start = level.player.start;
            draw(&gpu, &mut renderer, &view, start, 0, WARM_UP_FRAMES);
            let before = resident_bytes();
            draw(
                &gpu,
                &mut renderer,
                &view,
                start,
                WARM_UP_FRAMES,
                MEASURED_FRAMES,
            );
            let growth = resident_bytes().saturating_sub(before);
            growths.push(format!(
                "{name} quality, lights {lights}: {:.1} MB",
                growth as f64 / f64::from(1 << 20)
            ));
            assert!(
                growth <= ALLOWED_GROWTH_BYTES,
                "memory grew over {MEASURED_FRAMES} frames: {growths:?}"
            );
        }
    }
    eprintln!("growth over {MEASURED_FRAMES} frames: {growths:?}");
}
