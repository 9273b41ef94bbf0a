//! Culling changes no pixel: random views of a 100×100 maze, of the
//! house and of floors at many heights across chunks, rendered with every
//! kind of culling and with none, must be equal
//! pixel for pixel, and sight culling must actually skip something. Runs
//! on Mesa's llvmpipe without a GPU; skips with a message when there is no
//! adapter at all, and fails instead when `MAZEWALKER_REQUIRE_GPU=1`.

use crate::common;

use glam::Vec3;
use mazewalker::camera::Camera;
use mazewalker::level::{Level, MAZE_CELL_SIZE};
use mazewalker::render::offscreen::{OFFSCREEN_FORMAT, capture, render_target};
use mazewalker::render::{Culling, FrameInput, Gpu, RenderQuality, Renderer};
use std::sync::Arc;

use common::gpu_or_skip;

const SIZE: (u32, u32) = (192, 108);

/// MSAA on, so that coverage of partly hidden edges is compared too;
/// anisotropic filtering off, since on llvmpipe it makes a view looking up
/// past a near wall take minutes, and culling does not touch sampling.
const QUALITY: RenderQuality = RenderQuality {
    anisotropy: 1,
    ..RenderQuality::FULL
};

/// A small deterministic generator (SplitMix64), so a failure names a
/// view that can be replayed.
struct Random(u64);

impl Random {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }

    fn between(&mut self, low: f32, high: f32) -> f32 {
        low + (high - low) * self.next()
    }
}

/// Renders `cameras` with sight culling and without any culling; fails on
/// the first view whose pictures differ in any pixel. Returns the batches
/// drawn with and without culling over all views.
fn compare_views(gpu: &Gpu, level: &Level, cameras: &[Camera]) -> (usize, usize) {
    let collider = Arc::new(level.collider());
    let level = Arc::new(level.clone());
    let mut renderer =
        Renderer::new(gpu, OFFSCREEN_FORMAT, SIZE, QUALITY, &level, &collider).expect("renderer");
    let (mut culled, mut all) = (0, 0);
    for camera in cameras {
        let frame = FrameInput::plain(camera);
        let mut pictures = Vec::new();
        for culling in [Culling::Off, Culling::Frustum, Culling::FrustumAndSight] {
            renderer.set_culling(culling);
            pictures.push(capture(gpu, &mut renderer, &frame).expect("capture"));
        }
        let differing = |other: usize| {
            pictures[0]
                .pixels()
                .zip(pictures[other].pixels())
                .filter(|(a, b)| a != b)
                .count()
        };
        assert_eq!(
            (differing(1), differing(2)),
            (0, 0),
            "{}: pixels differing from the unculled picture (frustum, sight) at eye {} yaw {}° pitch {}°",
            level.name,
            camera.position,
            camera.yaw_degrees(),
            camera.pitch.to_degrees(),
        );
        renderer.set_culling(Culling::FrustumAndSight);
        culled += batches_drawn(gpu, &mut renderer, &frame);
        renderer.set_culling(Culling::Off);
        all += batches_drawn(gpu, &mut renderer, &frame);
    }
    (culled, all)
}

/// How many mesh batches `renderer` draws for `frame`.
fn batches_drawn(gpu: &Gpu, renderer: &mut Renderer, frame: &FrameInput<'_>) -> usize {
    let (width, height) = renderer.size();
    let target = render_target(gpu, "stats target", (width, height));
    let view = target.create_view(&wgpu::TextureViewDescriptor::default());
    renderer.render(gpu, &view, frame).batches_drawn
}

fn random_camera(random: &mut Random, x: f32, z: f32, eye_height: f32) -> Camera {
    let mut camera = Camera::new(Vec3::new(x, eye_height, z), random.between(-180.0, 180.0));
    camera.set_pitch(random.between(-50.0, 50.0).to_radians());
    camera
}

#[test]
fn sight_culling_changes_no_pixel_of_a_100_by_100_maze() {
    let Some(gpu) = gpu_or_skip("sight_culling_changes_no_pixel_of_a_100_by_100_maze") else {
        return;
    };
    let level = Level::maze(100, 100, 7).expect("maze");
    let mut random = Random(12);
    let eye_height = level.player.eye_height;
    let cameras: Vec<Camera> = (0..16)
        .map(|_| {
            // Anywhere in a cell's open middle (the walker keeps its radius
            // from the walls).
            let cell = |random: &mut Random| {
                let index = (random.next() * 100.0).floor().min(99.0);
                (index + random.between(0.25, 0.75)) * MAZE_CELL_SIZE
            };
            let (x, z) = (cell(&mut random), cell(&mut random));
            random_camera(&mut random, x, z, eye_height)
        })
        .collect();
    let (culled, all) = compare_views(&gpu, &level, &cameras);
    assert!(
        culled * 4 < all,
        "sight culling drew {culled} of {all} batches"
    );
}

#[test]
fn sight_culling_changes_no_pixel_of_the_house() {
    let Some(gpu) = gpu_or_skip("sight_culling_changes_no_pixel_of_the_house") else {
        return;
    };
    let level = Level::default_house();
    let mut random = Random(5);
    let eye_height = level.player.eye_height;
    let cameras: Vec<Camera> = (0..16)
        .map(|_| {
            let (x, z) = (random.between(0.3, 19.7), random.between(0.3, 13.7));
            random_camera(&mut random, x, z, eye_height)
        })
        .collect();
    let (culled, all) = compare_views(&gpu, &level, &cameras);
    assert!(
        culled <= all,
        "sight culling drew {culled} of {all} batches"
    );
}

/// A 40 m square of 4 m floors side by side, each at its own height
/// between -1 m and 3.5 m under its own ceiling, across nine chunks.
fn floors_at_heights() -> Level {
    let mut text = String::from("[player]\nstart = [2.0, 2.0]\n");
    for row in 0..10 {
        for column in 0..10 {
            let (x, z) = (column as f32 * 4.0, row as f32 * 4.0);
            let height = ((row * 7 + column * 3) % 10) as f32 * 0.5 - 1.0;
            text += &format!(
                "[[floor]]\npoints = [[{x:?}, {z:?}], [{:?}, {z:?}], [{:?}, {:?}], [{x:?}, {:?}]]\n\
                 height = {height:?}\nceiling = {:?}\n",
                x + 4.0,
                x + 4.0,
                z + 4.0,
                z + 4.0,
                height + 3.0 + (row % 3) as f32,
            );
        }
    }
    Level::from_toml_str(&text, std::path::Path::new("floors.toml"))
        .expect("valid level")
        .level
}

#[test]
fn culling_changes_no_pixel_of_floors_at_heights() {
    let Some(gpu) = gpu_or_skip("culling_changes_no_pixel_of_floors_at_heights") else {
        return;
    };
    let level = floors_at_heights();
    let mut random = Random(9);
    let eye_height = level.player.eye_height;
    let cameras: Vec<Camera> = (0..12)
        .map(|_| {
            let (x, z) = (random.between(0.5, 39.5), random.between(0.5, 39.5));
            let floor = level.floor_height_at(glam::Vec2::new(x, z));
            random_camera(&mut random, x, z, floor + eye_height)
        })
        .collect();
    let (culled, all) = compare_views(&gpu, &level, &cameras);
    assert!(
        culled <= all,
        "sight culling drew {culled} of {all} batches"
    );
}
