//! Streaming keeps GPU memory for chunks within the budget: a walk through
//! a 1425×1425 maze (about a million walls) renders frame after frame with
//! a small budget, and after every frame the cached chunks fit in it,
//! though the walk touches more than the budget holds. Runs on Mesa's
//! llvmpipe without a GPU; skips with a message when there is no adapter
//! at all, and fails instead when `MAZEWALKER_REQUIRE_GPU=1`.

mod common;

use glam::Vec3;
use mazewalker::camera::Camera;
use mazewalker::level::{Level, MAZE_CELL_SIZE};
use mazewalker::render::offscreen::{OFFSCREEN_FORMAT, render_target};
use mazewalker::render::{FrameInput, Gpu, RenderQuality, Renderer};

use common::gpu_or_skip;

const SIZE: (u32, u32) = (96, 54);

/// A budget above what one frame draws with debug lines (a few MB), and
/// below what the walk touches, so that the walk must evict.
const BUDGET: u64 = 8 * 1024 * 1024;

/// Walks `steps` cells along the maze's diagonal from its corner, turning
/// as it goes, with debug lines on every other frame; returns the most
/// chunk bytes cached after any frame.
fn walk(gpu: &Gpu, renderer: &mut Renderer, level: &Level, steps: usize) -> u64 {
    let target = render_target(gpu, "walk target", SIZE);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    let mut most = 0;
    for step in 0..steps {
        let along = (step as f32 + 0.5) * MAZE_CELL_SIZE;
        let camera = Camera::new(
            Vec3::new(along, level.player.eye_height, along),
            step as f32 * 37.0,
        );
        let frame = FrameInput {
            debug_lines: step % 2 == 0,
            ..FrameInput::plain(&camera)
        };
        let stats = renderer.render(gpu, &view, &frame);
        assert!(stats.batches_drawn > 0, "step {step} drew nothing");
        if let Some(error) = gpu.take_device_error() {
            panic!("step {step}: device error {error}");
        }
        most = most.max(renderer.level().chunk_bytes());
    }
    most
}

#[test]
fn a_walk_through_a_1425_by_1425_maze_keeps_chunk_memory_within_the_budget() {
    let Some(gpu) =
        gpu_or_skip("a_walk_through_a_1425_by_1425_maze_keeps_chunk_memory_within_the_budget")
    else {
        return;
    };
    let level = Level::maze(1425, 1425, 1).expect("maze");
    let collider = level.collider();
    let mut renderer = Renderer::new(
        &gpu,
        OFFSCREEN_FORMAT,
        SIZE,
        RenderQuality::FAST,
        &level,
        &collider,
    )
    .expect("renderer");
    // Nothing is built before the first frame.
    assert_eq!(renderer.level().chunk_bytes(), 0);
    renderer.set_chunk_budget(BUDGET);
    let steps = 250;
    let most = walk(&gpu, &mut renderer, &level, steps);
    assert!(most > 0);
    assert!(most <= BUDGET, "{most} bytes cached, budget {BUDGET}");

    // The same walk without a budget keeps more than the budget: the
    // budget, not the route, kept the memory down.
    let mut unbounded = Renderer::new(
        &gpu,
        OFFSCREEN_FORMAT,
        SIZE,
        RenderQuality::FAST,
        &level,
        &collider,
    )
    .expect("renderer");
    unbounded.set_chunk_budget(u64::MAX);
    let kept = walk(&gpu, &mut unbounded, &level, steps);
    assert!(kept > BUDGET, "the walk only ever needed {kept} bytes");
}
