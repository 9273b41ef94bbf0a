//! Building ahead of the eye: walking a maze, the scene's worker thread
//! builds the chunks a frame will need before it needs them, within the
//! chunk cache's budget, and a scene dropped with chunks in flight goes at
//! once. Runs on Mesa's llvmpipe without a GPU; skips with a message when
//! there is no adapter at all, and fails instead when
//! `MAZEWALKER_REQUIRE_GPU=1`.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use glam::{Vec2, Vec3};
use mazewalker::camera::Camera;
use mazewalker::level::{Level, MAZE_CELL_SIZE};
use mazewalker::render::offscreen::render_target;
use mazewalker::render::{BrokenTexture, ChunkBuildStats, FrameInput, Gpu, Renderer};

use common::{fast_renderer, gpu_or_skip};

const SIZE: (u32, u32) = (96, 54);

/// Long enough for the worker on a loaded 2-core machine: waiting is how
/// these tests give it its time, never a measure of speed.
const PATIENCE: Duration = Duration::from_secs(120);

/// Walks `steps` cells along the maze's diagonal from its corner, turning
/// as it goes, letting the worker catch up after every frame; returns the
/// build counts after the first frame and the most chunk bytes cached
/// after any frame.
fn walk(gpu: &Gpu, renderer: &mut Renderer, level: &Level, steps: usize) -> (ChunkBuildStats, u64) {
    let target = render_target(gpu, "walk target", SIZE);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    let mut first = ChunkBuildStats::default();
    let mut most = 0;
    for step in 0..steps {
        let along = (step as f32 + 0.5) * MAZE_CELL_SIZE;
        let camera = Camera::new(
            Vec3::new(along, level.player.eye_height, along),
            step as f32 * 37.0,
        );
        let stats = renderer.render(gpu, &view, &FrameInput::plain(&camera));
        assert!(stats.batches_drawn > 0, "step {step} drew nothing");
        if let Some(error) = gpu.take_device_error() {
            panic!("step {step}: device error {error}");
        }
        if step == 0 {
            first = renderer.level().chunk_build_stats();
        }
        most = most.max(renderer.level().chunk_bytes());
        assert!(
            renderer.level().wait_for_chunks_ahead(PATIENCE),
            "step {step}: the worker did not catch up in {PATIENCE:?}"
        );
    }
    (first, most)
}

#[test]
fn walking_a_maze_the_worker_builds_the_chunks_before_frames_need_them() {
    let Some(gpu) =
        gpu_or_skip("walking_a_maze_the_worker_builds_the_chunks_before_frames_need_them")
    else {
        return;
    };
    let level = Arc::new(Level::maze(300, 300, 1).expect("maze"));
    let mut renderer = fast_renderer(&gpu, &level, SIZE);
    let (first, _) = walk(&gpu, &mut renderer, &level, 60);
    let stats = renderer.level().chunk_build_stats();
    // The first frame finds nothing built and builds what it draws.
    assert!(first.built_in_frame > 0, "{first:?}");
    // After it, each step stays within the ring the worker built around
    // the last position: no frame waits for a mesh.
    let in_frame_later = stats.built_in_frame - first.built_in_frame;
    assert!(stats.built_ahead > 50, "{stats:?}");
    assert!(
        in_frame_later * 20 <= stats.built_ahead,
        "{in_frame_later} built on the main thread after the first frame: {stats:?}"
    );
}

#[test]
fn a_scene_built_around_the_start_turns_a_full_circle_without_building_in_a_frame() {
    let Some(gpu) = gpu_or_skip(
        "a_scene_built_around_the_start_turns_a_full_circle_without_building_in_a_frame",
    ) else {
        return;
    };
    let level = Arc::new(Level::maze(300, 300, 1).expect("maze"));
    let collider = Arc::new(level.collider());
    let mut renderer = fast_renderer(&gpu, &level, SIZE);
    // As the window's start-up builds the scene on its worker.
    let builder = renderer.scene_builder().clone();
    let mut scene = builder
        .build(&level, &collider, BrokenTexture::Checkerboard)
        .expect("scene");
    // In the middle of a cell, far from the maze's edges.
    let along = 40.5 * MAZE_CELL_SIZE;
    let eye = Vec3::new(along, level.player.eye_height, along);
    scene.build_around(&builder, Vec2::new(eye.x, eye.z));
    let built_around = scene.chunk_build_stats().built_ahead;
    assert!(built_around > 0);
    renderer.set_level(scene);
    // The view turns a full circle, frame by frame, the worker given no
    // time: every chunk a frame draws was built before the first.
    let target = render_target(&gpu, "turn target", SIZE);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    for step in 0..24 {
        let camera = Camera::new(eye, step as f32 * 15.0);
        let stats = renderer.render(&gpu, &view, &FrameInput::plain(&camera));
        assert!(stats.batches_drawn > 0, "step {step} drew nothing");
    }
    let stats = renderer.level().chunk_build_stats();
    assert_eq!(stats.built_in_frame, 0, "{stats:?}");
}

#[test]
fn building_ahead_stays_within_the_budget_and_stops_when_it_is_full() {
    let Some(gpu) = gpu_or_skip("building_ahead_stays_within_the_budget_and_stops_when_it_is_full")
    else {
        return;
    };
    let level = Arc::new(Level::maze(1425, 1425, 1).expect("maze"));
    // Above what one frame draws (about 0.4 MB), below the chunks within
    // the fog distance and one chunk of the eye (about 2.2 MB).
    let budget = 2 * 1024 * 1024;
    let mut renderer = fast_renderer(&gpu, &level, SIZE);
    renderer.set_chunk_budget(budget);
    let (first, most) = walk(&gpu, &mut renderer, &level, 120);
    let bounded = renderer.level().chunk_build_stats();
    assert!(most <= budget, "{most} bytes cached, budget {budget}");
    let in_frame_later = bounded.built_in_frame - first.built_in_frame;
    assert!(
        in_frame_later < bounded.built_ahead,
        "{in_frame_later} built on the main thread after the first frame: {bounded:?}"
    );

    // The worker does not churn: it builds no more than the same walk
    // without a budget, which never evicts (and keeps more).
    let mut unbounded = self::fast_renderer(&gpu, &level, SIZE);
    unbounded.set_chunk_budget(u64::MAX);
    let (_, kept) = walk(&gpu, &mut unbounded, &level, 120);
    assert!(kept > budget, "the walk only ever needed {kept} bytes");
    let all = unbounded.level().chunk_build_stats();
    let total = |stats: ChunkBuildStats| stats.built_in_frame + stats.built_ahead;
    assert!(
        total(bounded) <= total(all),
        "{bounded:?} with the budget, {all:?} without"
    );
    // Few of its meshes are built only to be dropped for want of room (5
    // of 277 when written). (A chunk refused is not asked for again until
    // there is room for it: unit-tested in `render::chunk_cache`; this
    // moving walk seldom meets that case.)
    assert!(
        bounded.ahead_dropped <= total(all) / 4,
        "{bounded:?} with the budget, {all:?} without"
    );

    // A budget smaller than one frame: the frames still draw, and nothing
    // is built ahead.
    let mut full = self::fast_renderer(&gpu, &level, SIZE);
    full.set_chunk_budget(1);
    walk(&gpu, &mut full, &level, 10);
    let stats = full.level().chunk_build_stats();
    assert!(stats.built_in_frame > 0);
    assert_eq!(
        (stats.built_ahead, stats.ahead_dropped),
        (0, 0),
        "{stats:?}"
    );
}

#[test]
fn a_scene_dropped_with_chunks_in_flight_goes_at_once() {
    let Some(gpu) = gpu_or_skip("a_scene_dropped_with_chunks_in_flight_goes_at_once") else {
        return;
    };
    let level = Arc::new(Level::maze(1425, 1425, 1).expect("maze"));
    let mut renderer = fast_renderer(&gpu, &level, SIZE);
    let target = render_target(&gpu, "drop target", SIZE);
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    let camera = Camera::new(Vec3::new(1.0, level.player.eye_height, 1.0), 45.0);
    renderer.render(&gpu, &view, &FrameInput::plain(&camera));
    // The worker now has a hundred chunks or so to build.
    let (dropped, done) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        drop(renderer);
        let _ = dropped.send(());
    });
    assert!(
        done.recv_timeout(PATIENCE).is_ok(),
        "dropping the renderer hung"
    );
    // The device still works, with the worker gone or finishing its chunk.
    let mut again = self::fast_renderer(&gpu, &level, SIZE);
    again.render(&gpu, &view, &FrameInput::plain(&camera));
    assert!(gpu.take_device_error().is_none());
}
