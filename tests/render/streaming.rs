//! Streaming keeps GPU memory for chunks within the budget: a walk through
//! a 1425×1425 maze (about a million walls) renders frame after frame with
//! a small budget, and after every frame the cached chunks fit in it,
//! though the walk touches more than the budget holds. The full map of the
//! same maze, every wall shown, streams by tile the same way, zoomed out
//! as far as the map goes and zoomed in. Runs on Mesa's
//! llvmpipe without a GPU; skips with a message when there is no adapter
//! at all, and fails instead when `MAZEWALKER_REQUIRE_GPU=1`.

use crate::common;

use std::sync::Arc;

use glam::{Vec2, Vec3};
use image::RgbaImage;
use mazewalker::camera::Camera;
use mazewalker::level::{Level, MAZE_CELL_SIZE};
use mazewalker::map::{MIN_PIXELS_PER_METRE, MapView, WalkLayer};
use mazewalker::render::offscreen::{capture_with_map, render_target};
use mazewalker::render::{FrameInput, Gpu, MapFrame, MapMode, Renderer};

use common::{fast_renderer, gpu_or_skip};

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
    let level = Arc::new(Level::maze(1425, 1425, 1).expect("maze"));
    let mut renderer = fast_renderer(&gpu, &level, SIZE);
    // Nothing is built before the first frame.
    assert_eq!(renderer.level().chunk_bytes(), 0);
    renderer.set_chunk_budget(BUDGET);
    let steps = 250;
    let most = walk(&gpu, &mut renderer, &level, steps);
    assert!(most > 0);
    assert!(most <= BUDGET, "{most} bytes cached, budget {BUDGET}");

    // The same walk without a budget keeps more than the budget: the
    // budget, not the route, kept the memory down.
    let mut unbounded = fast_renderer(&gpu, &level, SIZE);
    unbounded.set_chunk_budget(u64::MAX);
    let kept = walk(&gpu, &mut unbounded, &level, steps);
    assert!(kept > BUDGET, "the walk only ever needed {kept} bytes");
}

/// The full map of every wall, through `view`, as an image.
fn full_map(gpu: &Gpu, renderer: &mut Renderer, view: MapView) -> RgbaImage {
    let camera = Camera::new(Vec3::new(1.0, 1.6, 1.0), 0.0);
    let map = MapFrame {
        view,
        mode: MapMode::Full,
        walk_layer: WalkLayer::default(),
    };
    let image = capture_with_map(gpu, renderer, &FrameInput::plain(&camera), Some(&map))
        .expect("offscreen map");
    if let Some(error) = gpu.take_device_error() {
        panic!("device error {error}");
    }
    image
}

/// The share of `image`'s pixels bright enough to be a wall's line (the
/// full map's background is near black).
fn bright_share(image: &RgbaImage) -> f64 {
    let bright = image
        .pixels()
        .filter(|p| p.0[..3].iter().all(|&c| c > 120))
        .count();
    bright as f64 / f64::from(image.width() * image.height())
}

#[test]
fn the_full_map_of_a_1425_by_1425_maze_streams_by_tile_within_its_budget() {
    let Some(gpu) =
        gpu_or_skip("the_full_map_of_a_1425_by_1425_maze_streams_by_tile_within_its_budget")
    else {
        return;
    };
    const MAP_SIZE: (u32, u32) = (320, 180);
    // Above what one zoomed-in frame draws (its tiles, and those of the
    // maze's long outer walls: about 2 MB), below what the pan touches.
    const MAP_BUDGET: u64 = 4 * 1024 * 1024;
    let level = Arc::new(Level::maze(1425, 1425, 1).expect("maze"));
    let mut renderer = fast_renderer(&gpu, &level, MAP_SIZE);
    renderer.set_map_budget(MAP_BUDGET);
    assert_eq!(
        renderer.level().map_tiles_cached(),
        (0, 0),
        "nothing before"
    );
    // Zoomed out as far as the map goes, in the middle of the maze (a
    // whole-maze buffer would be 589 MB, over the device's 256 MB limit),
    // and at 2 px/m, where walls are lines without outlines: each view is
    // mostly walls. Zoomed out, chunks are density squares: few bytes for a
    // large view.
    let middle = Vec2::splat(1425.0 * MAZE_CELL_SIZE / 2.0);
    let mut far_and_mid = Vec::new();
    for pixels_per_metre in [MIN_PIXELS_PER_METRE, 2.0] {
        let view = MapView {
            centre: middle,
            pixels_per_metre,
        };
        let image = full_map(&gpu, &mut renderer, view);
        let share = bright_share(&image);
        assert!(
            share > 0.2,
            "at {pixels_per_metre} px/m, {share:.3} of the pixels are walls"
        );
        renderer.set_map_budget(0);
        full_map(&gpu, &mut renderer, view);
        far_and_mid.push(renderer.level().map_tiles_cached());
        renderer.set_map_budget(MAP_BUDGET);
    }
    let [(far_bytes, far_tiles), (mid_bytes, _)] = far_and_mid[..] else {
        unreachable!("two views")
    };
    // The far view covers 16 times the mid view's area: as lines it would
    // take about 16 times the bytes.
    assert!(
        far_tiles > 0 && far_bytes < 2 * mid_bytes,
        "{far_and_mid:?}"
    );
    // Zoomed in, panning along the diagonal: each frame draws its walls,
    // and the tiles kept fit the budget though the pan touches more.
    let (most, tiles) = pan(&gpu, &mut renderer);
    assert!(most <= MAP_BUDGET, "{most} bytes kept, budget {MAP_BUDGET}");
    // The same pan with no budget keeps more: the budget, not the route,
    // kept the memory down.
    renderer.set_map_budget(u64::MAX);
    let (kept, all_tiles) = pan(&gpu, &mut renderer);
    assert!(kept > MAP_BUDGET, "the pan only ever needed {kept} bytes");
    eprintln!(
        "zoomed out: {far_tiles} tiles, {far_bytes} bytes; at 2 px/m: {mid_bytes} bytes; \
         zoomed in: at most {tiles} tiles and {most} bytes kept, {all_tiles} tiles and \
         {kept} bytes with no budget"
    );
}

/// Pans the full map at 20 px/m along the maze's diagonal, checking that
/// each frame draws walls; returns the most bytes and tiles the map kept
/// after any frame.
fn pan(gpu: &Gpu, renderer: &mut Renderer) -> (u64, usize) {
    let (mut bytes, mut tiles) = (0, 0);
    for step in 0..30 {
        let view = MapView {
            centre: Vec2::splat(20.0 + step as f32 * 40.0),
            pixels_per_metre: 20.0,
        };
        let image = full_map(gpu, renderer, view);
        let share = bright_share(&image);
        assert!(
            share > 0.01,
            "step {step}: {share:.4} of the pixels are walls"
        );
        let (kept, count) = renderer.level().map_tiles_cached();
        bytes = bytes.max(kept);
        tiles = tiles.max(count);
    }
    (bytes, tiles)
}
