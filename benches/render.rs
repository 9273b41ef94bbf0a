//! Frame-time benchmarks: one frame rendered offscreen and waited for,
//! through the same `Renderer::render` as the window. Side by side in one
//! run, each at full and fast quality: an empty level (floor and ceiling
//! filling the screen: the fill-rate baseline), the default house from its
//! spawn, a 40×40 maze; also the house and a 100×100 maze with debug lines
//! and HUD, the house
//! frame with its readback to an image (screenshots), building the house's
//! renderer (startup), a 300×300 maze's 3D view against its full map, and
//! a 2 km walk through a 1425×1425 maze within the chunk budget.
//!
//! Run: `cargo bench --bench render` (results go to `docs/benchmarks.md`).
//! Without a GPU this measures Mesa's llvmpipe, i.e. the CPU: compare the
//! rows as ratios from one run, not as absolute frame times.

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use glam::Vec2;
use mazewalker::app::{hud_lines, moving_shapes};
use mazewalker::camera::Camera;
use mazewalker::collision::Collider;
use mazewalker::level::{Level, Light, MAZE_CELL_SIZE};
use mazewalker::map::{MapView, WalkLayer, level_bounds};
use mazewalker::render::offscreen::{OFFSCREEN_FORMAT, capture, render_target};
use mazewalker::render::{
    DEFAULT_CHUNK_BUDGET, FrameInput, Gpu, MapFrame, MapMode, RenderQuality, Renderer,
};
use mazewalker::simulation::Simulation;
use mazewalker::walker::Walker;

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 720;

/// A level with two short walls 100 m apart, far beyond the fog: only the
/// floor and ceiling, filling the screen, are drawn.
const EMPTY_LEVEL: &str = "name = \"empty\"\n[player]\nstart = [0.0, 0.0]\n\
    [[wall]]\na = [-50.0, -50.0]\nb = [-49.0, -50.0]\n\
    [[wall]]\na = [50.0, 50.0]\nb = [49.0, 50.0]\n";

struct Target {
    _texture: wgpu::Texture,
    view: wgpu::TextureView,
}

fn target(gpu: &Gpu) -> Target {
    let texture = render_target(gpu, "bench target", (WIDTH, HEIGHT));
    let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
    Target {
        _texture: texture,
        view,
    }
}

/// Waits until the GPU has finished the frames submitted (a lost device
/// ends the bench).
fn wait_for(gpu: &Gpu) {
    if let Err(error) = gpu.device.poll(wgpu::PollType::wait_indefinitely()) {
        panic!("the device was lost: {error}");
    }
}

/// The time `render` takes in `iterations` calls, each frame's GPU work
/// waited for outside it: what a frame costs the CPU that records it.
fn cpu_time(gpu: &Gpu, iterations: u64, mut render: impl FnMut()) -> Duration {
    let mut cpu = Duration::ZERO;
    for _ in 0..iterations {
        let started = Instant::now();
        render();
        cpu += started.elapsed();
        wait_for(gpu);
    }
    cpu
}

/// A renderer for the bench's target size and format.
fn new_renderer(
    gpu: &Gpu,
    level: &Arc<Level>,
    collider: &Arc<Collider>,
    quality: RenderQuality,
) -> Renderer {
    match Renderer::new(
        gpu,
        OFFSCREEN_FORMAT,
        (WIDTH, HEIGHT),
        quality,
        level,
        collider,
    ) {
        Ok(renderer) => renderer,
        Err(error) => panic!("{}: {error:#}", level.name),
    }
}

fn bench_frames(c: &mut Criterion) {
    let gpu = match Gpu::headless() {
        Ok(gpu) => gpu,
        Err(error) => {
            eprintln!("render benchmarks skipped: {error}");
            return;
        }
    };
    eprintln!("adapter: {}", gpu.describe());
    let empty = match Level::from_toml_str(EMPTY_LEVEL, Path::new("empty.toml")) {
        Ok(loaded) => Arc::new(loaded.level),
        Err(error) => panic!("the empty level is invalid: {error}"),
    };
    let house = Arc::new(Level::default_house());
    let maze = match Level::maze(40, 40, 1) {
        Ok(maze) => Arc::new(maze),
        Err(error) => panic!("the maze cannot be built: {error}"),
    };
    let target = target(&gpu);
    let mut group = c.benchmark_group(format!("frame_{WIDTH}x{HEIGHT}"));
    group
        .sample_size(30)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    let big_maze = match Level::maze(100, 100, 1) {
        Ok(maze) => Arc::new(maze),
        Err(error) => panic!("the maze cannot be built: {error}"),
    };
    let cases: [(&str, &Arc<Level>, RenderQuality, bool); 8] = [
        ("empty_level_full", &empty, RenderQuality::FULL, false),
        ("empty_level_fast", &empty, RenderQuality::FAST, false),
        ("house_spawn_full", &house, RenderQuality::FULL, false),
        ("house_spawn_fast", &house, RenderQuality::FAST, false),
        (
            "house_spawn_fast_debug_lines_hud",
            &house,
            RenderQuality::FAST,
            true,
        ),
        ("maze_40x40_full", &maze, RenderQuality::FULL, false),
        ("maze_40x40_fast", &maze, RenderQuality::FAST, false),
        (
            "maze_100x100_fast_debug_lines_hud",
            &big_maze,
            RenderQuality::FAST,
            true,
        ),
    ];
    for (name, level, quality, overlays) in cases {
        let collider = Arc::new(level.collider());
        let mut renderer = new_renderer(&gpu, level, &collider, quality);
        let simulation = Simulation::at_spawn(level);
        let hud = hud_lines(&simulation.walker, false, Some(60.0));
        let doors = moving_shapes(&simulation, level, 1.0);
        let frame = FrameInput {
            camera: &simulation.walker.camera,
            debug_lines: overlays,
            hud: overlays.then_some(hud.as_slice()),
            help: None,
            markers: &[],
            crosshair: false,
            torch: false,
            moving: &doors,
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(renderer.render(&gpu, &target.view, &frame));
                wait_for(&gpu);
            })
        });
    }
    let collider = Arc::new(house.collider());
    let mut renderer = new_renderer(&gpu, &house, &collider, RenderQuality::FULL);
    let walker = Walker::at_spawn(&house);
    let frame = FrameInput::plain(&walker.camera);
    group.bench_function("house_spawn_with_readback", |b| {
        b.iter(|| match capture(&gpu, &mut renderer, &frame) {
            Ok(image) => black_box(image),
            Err(error) => panic!("readback failed: {error:#}"),
        })
    });
    group.finish();
    bench_map(c, &gpu, &target);

    let mut startup = c.benchmark_group("startup");
    startup
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    startup.bench_function("house_renderer_new", |b| {
        b.iter(|| black_box(new_renderer(&gpu, &house, &collider, RenderQuality::FULL)))
    });
    startup.finish();
    bench_long_walk(c, &gpu);
}

/// The chunk cache's byte budget over a long walk: 2 km along a 1425×1425
/// maze's diagonal (a cell's diagonal, 2.83 m, a frame), turning as it goes,
/// at 320×180 and fast quality, with the default chunk budget and with 16 MB.
/// Each sample is the whole walk. Panics if the cached chunks ever exceed
/// the budget after a frame; prints the most kept and how the meshes were
/// built.
fn bench_long_walk(c: &mut Criterion, gpu: &Gpu) {
    const SIZE: (u32, u32) = (320, 180);
    const WALK_METRES: f32 = 2000.0;
    let maze = match Level::maze(1425, 1425, 1) {
        Ok(maze) => Arc::new(maze),
        Err(error) => panic!("the maze cannot be built: {error}"),
    };
    let collider = Arc::new(maze.collider());
    let mut renderer = match Renderer::new(
        gpu,
        OFFSCREEN_FORMAT,
        SIZE,
        RenderQuality::FAST,
        &maze,
        &collider,
    ) {
        Ok(renderer) => renderer,
        Err(error) => panic!("{}: {error:#}", maze.name),
    };
    let texture = render_target(gpu, "walk target", SIZE);
    let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
    let step_metres = MAZE_CELL_SIZE * std::f32::consts::SQRT_2;
    let steps = (WALK_METRES / step_metres).ceil() as usize;
    let mut group = c.benchmark_group("walk_1425x1425");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(30));
    // The default budget, and one the walk must evict to keep.
    for (name, budget) in [
        ("2km_320x180", DEFAULT_CHUNK_BUDGET),
        ("2km_320x180_16mb_budget", 16 * 1024 * 1024),
    ] {
        renderer.set_chunk_budget(budget);
        let before = renderer.level().chunk_build_stats();
        let mut most = 0;
        group.bench_function(name, |b| {
            b.iter_custom(|walks| {
                let started = Instant::now();
                for _ in 0..walks {
                    for step in 0..steps {
                        let along = (step as f32 + 0.5) * MAZE_CELL_SIZE;
                        let camera = Camera::new(
                            glam::Vec3::new(along, maze.player.eye_height, along),
                            step as f32 * 37.0,
                        );
                        black_box(renderer.render(gpu, &view, &FrameInput::plain(&camera)));
                        wait_for(gpu);
                        let kept = renderer.level().chunk_bytes();
                        assert!(kept <= budget, "step {step}: {kept} bytes of chunks kept");
                        most = most.max(kept);
                    }
                }
                started.elapsed()
            })
        });
        let after = renderer.level().chunk_build_stats();
        eprintln!(
            "{name}: {steps} frames a walk; at most {most} bytes of chunks kept (budget \
             {budget}); meshes built {} in frames, {} ahead",
            after.built_in_frame - before.built_in_frame,
            after.built_ahead - before.built_ahead
        );
    }
    group.finish();
}

/// The map's frame-time goal: on a 300×300 maze, the full map at most 2×
/// the 3D view's frame time. Side by side: the 3D view from the spawn, the
/// full map following the eye at the default 20 px/m, and the full map
/// fitted to the whole maze (every wall on screen: the worst case).
fn bench_map(c: &mut Criterion, gpu: &Gpu, target: &Target) {
    let maze = match Level::maze(300, 300, 1) {
        Ok(maze) => Arc::new(maze),
        Err(error) => panic!("the maze cannot be built: {error}"),
    };
    let collider = Arc::new(maze.collider());
    let mut renderer = new_renderer(gpu, &maze, &collider, RenderQuality::FAST);
    let walker = Walker::at_spawn(&maze);
    let frame = FrameInput::plain(&walker.camera);
    let eye = walker.position();
    let walk_layer = WalkLayer {
        eye: Some((eye, walker.camera.yaw)),
        ..WalkLayer::default()
    };
    let following = MapView {
        centre: eye,
        pixels_per_metre: 20.0,
    };
    let fitted = match level_bounds(&collider) {
        Some(bounds) => MapView::fit(bounds, (WIDTH, HEIGHT)),
        None => panic!("the maze has walls"),
    };
    let mut group = c.benchmark_group(format!("map_300x300_{WIDTH}x{HEIGHT}"));
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    let cases = [
        ("3d_view", None),
        ("full_map_following", Some(following)),
        ("full_map_fitted", Some(fitted)),
    ];
    for (name, view) in cases {
        let map = view.map(|view| MapFrame {
            view,
            mode: MapMode::Full,
            walk_layer,
        });
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(renderer.render_with_map(gpu, &target.view, &frame, map.as_ref()));
                wait_for(gpu);
            })
        });
    }
    group.finish();
}

/// Lamps against no lamps, side by side at 1280×720: the house with its 13
/// lamps, lights on and off, fast and full, and with the torch; a 300×300
/// maze with 2,000 lamps against the same maze keeping only the lamps whose
/// light can reach the view (the cost must follow those, not the count),
/// and with lights off; and the house's first frame after a door starts to
/// open or shuts, and on a new level (its lamps' shadow rows are made and
/// its light caches baked in that frame), against a steady one with the
/// same doors.
fn bench_lamps(c: &mut Criterion) {
    let Ok(gpu) = Gpu::headless() else {
        return;
    };
    let target = target(&gpu);
    let mut group = c.benchmark_group(format!("lamps_{WIDTH}x{HEIGHT}"));
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    let house = Arc::new(Level::default_house());
    let maze = match Level::maze(300, 300, 1) {
        Ok(maze) => maze,
        Err(error) => panic!("the maze cannot be built: {error}"),
    };
    let start = maze.player.start;
    // 2,000 lamps on cell centres, spread over the maze by a fixed stride.
    let many: Vec<Light> = (0..2000u32)
        .map(|i| {
            let cell = (i * 7919) % (300 * 300);
            let at = (Vec2::new((cell % 300) as f32, (cell / 300) as f32) + 0.5) * MAZE_CELL_SIZE;
            Light {
                at,
                height: 2.5,
                colour: [1.0, 0.9, 0.75],
                intensity: 4.0,
                radius: 8.0,
                base: None,
            }
        })
        .chain((0..4).map(|i| Light {
            at: start + Vec2::new(i as f32 * 2.0 * MAZE_CELL_SIZE, 0.0),
            height: 2.5,
            colour: [1.0, 0.9, 0.75],
            intensity: 4.0,
            radius: 8.0,
            base: None,
        }))
        .collect();
    let fog = maze.environment.fog_distance;
    let near: Vec<Light> = many
        .iter()
        .filter(|lamp| lamp.at.distance(start) - lamp.radius < fog)
        .copied()
        .collect();
    eprintln!(
        "maze lamps: {} in all, {} can reach the view",
        many.len(),
        near.len()
    );
    let with_lamps = |lights: Vec<Light>| {
        let mut level = maze.clone();
        level.lights = lights;
        Arc::new(level)
    };
    let maze_many = with_lamps(many);
    let maze_near = with_lamps(near);
    let cases: [(&str, &Arc<Level>, RenderQuality, bool, bool); 8] = [
        (
            "house_fast_lights_off",
            &house,
            RenderQuality::FAST,
            false,
            false,
        ),
        ("house_fast_lamps", &house, RenderQuality::FAST, true, false),
        (
            "house_fast_lamps_torch",
            &house,
            RenderQuality::FAST,
            true,
            true,
        ),
        (
            "house_full_lights_off",
            &house,
            RenderQuality::FULL,
            false,
            false,
        ),
        ("house_full_lamps", &house, RenderQuality::FULL, true, false),
        (
            "maze_300_fast_lights_off",
            &maze_many,
            RenderQuality::FAST,
            false,
            false,
        ),
        (
            "maze_300_fast_2000_lamps",
            &maze_many,
            RenderQuality::FAST,
            true,
            false,
        ),
        (
            "maze_300_fast_lamps_near_only",
            &maze_near,
            RenderQuality::FAST,
            true,
            false,
        ),
    ];
    for (name, level, quality, lights, torch) in cases {
        let collider = Arc::new(level.collider());
        let mut renderer = new_renderer(&gpu, level, &collider, quality);
        renderer.set_lights(lights);
        let walker = Walker::at_spawn(level);
        let frame = FrameInput {
            torch,
            ..FrameInput::plain(&walker.camera)
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(renderer.render(&gpu, &target.view, &frame));
                wait_for(&gpu);
            })
        });
    }
    // A new level in every iteration: the scene is built and the first
    // frame makes the shadow rows of the lamps in view.
    let collider = Arc::new(house.collider());
    let mut renderer = new_renderer(&gpu, &house, &collider, RenderQuality::FAST);
    let walker = Walker::at_spawn(&house);
    let frame = FrameInput::plain(&walker.camera);
    // Every door shut, in every frame: the steady frame.
    let doors = mazewalker::doors::Doors::new(&house.doors);
    let shut = doors.shapes_near(1.0, walker.position(), 100.0);
    let steady = FrameInput {
        moving: &shut,
        ..frame
    };
    group.bench_function("house_fast_doors_steady", |b| {
        b.iter(|| {
            black_box(renderer.render(&gpu, &target.view, &steady));
            wait_for(&gpu);
        })
    });
    // One door, the first of those near the eye, starts to open or
    // shuts before every frame: it casts its shadow or stops casting it,
    // so the frame makes the shadow rows of the lamps that reach it and
    // bakes again the light caches of the chunks those lamps light.
    let mut one_opening = shut.clone();
    if let Some(door) = one_opening.first_mut() {
        door.shadow_height = None;
    }
    let mut door_shut = false;
    group.bench_function("house_fast_door_changes_first_frame", |b| {
        b.iter(|| {
            door_shut = !door_shut;
            let frame = FrameInput {
                moving: if door_shut { &shut } else { &one_opening },
                ..frame
            };
            black_box(renderer.render(&gpu, &target.view, &frame));
            wait_for(&gpu);
        })
    });
    // The same two, timing only what a frame does on the CPU (its light
    // work, recording and submitting), not the GPU's drawing: on a fast
    // GPU nearly all of the first frame's cost.
    group.bench_function("house_fast_doors_steady_cpu", |b| {
        b.iter_custom(|iterations| {
            cpu_time(&gpu, iterations, || {
                black_box(renderer.render(&gpu, &target.view, &steady));
            })
        })
    });
    group.bench_function("house_fast_door_changes_first_frame_cpu", |b| {
        b.iter_custom(|iterations| {
            cpu_time(&gpu, iterations, || {
                door_shut = !door_shut;
                let frame = FrameInput {
                    moving: if door_shut { &shut } else { &one_opening },
                    ..frame
                };
                black_box(renderer.render(&gpu, &target.view, &frame));
            })
        })
    });
    group.bench_function("house_fast_new_level_first_frame", |b| {
        b.iter(|| {
            let scene = match renderer.scene_builder().build(
                &house,
                &collider,
                mazewalker::render::BrokenTexture::Checkerboard,
            ) {
                Ok(scene) => scene,
                Err(error) => panic!("the house's scene: {error}"),
            };
            drop(renderer.set_level(scene));
            black_box(renderer.render(&gpu, &target.view, &frame));
            wait_for(&gpu);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_frames, bench_lamps);
criterion_main!(benches);
