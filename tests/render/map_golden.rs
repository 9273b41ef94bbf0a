//! The full top-down map rendered offscreen through `Renderer::render_with_map`:
//! golden images of the house's and an 8×8 maze's map, and the documented
//! transform checked pixel by pixel (walls bright where it puts them, dark
//! between them). Skips without an adapter unless `MAZEWALKER_REQUIRE_GPU=1`.

use crate::common;

use glam::Vec2;
use image::RgbaImage;
use mazewalker::level::Level;
use mazewalker::map::{MapView, WalkLayer, level_bounds};
use mazewalker::render::offscreen::capture_with_map;
use mazewalker::render::{
    FrameInput, Gpu, MapFrame, MapMode, RenderQuality, Renderer, offscreen::OFFSCREEN_FORMAT,
};
use mazewalker::simulation::Simulation;
use mazewalker::walker::Walker;
use std::sync::Arc;

use common::{TOLERANCE, assert_matches_golden, gpu_or_skip};

const SIZE: (u32, u32) = (480, 360);

fn render_map(gpu: &Gpu, level: &Level) -> (RgbaImage, MapView) {
    let collider = Arc::new(level.collider());
    let simulation = Simulation::at_spawn(level);
    let camera = &simulation.walker.camera;
    let view = MapView::fit(level_bounds(&collider).expect("walls"), SIZE);
    let map = MapFrame {
        view,
        mode: MapMode::Full,
        walk_layer: WalkLayer {
            eye: Some((Vec2::new(camera.position.x, camera.position.z), camera.yaw)),
            lamps: &level.lights,
            doors: simulation.doors().leaves().leaves(),
            ..WalkLayer::default()
        },
    };
    let frame = FrameInput::plain(camera);
    let mut renderer = Renderer::new(
        gpu,
        OFFSCREEN_FORMAT,
        SIZE,
        RenderQuality::FULL,
        &Arc::new(level.clone()),
        &collider,
    )
    .expect("renderer");
    let image = capture_with_map(gpu, &mut renderer, &frame, Some(&map)).expect("offscreen map");
    (image, view)
}

/// Bright, near white: a wall's colour (the background is near black, the
/// clearance outlines amber, obstacles cyan). Multisampling spreads a line
/// lying on a pixel edge over two rows at about 190 of 255.
fn wall_coloured(image: &RgbaImage, pixel: Vec2) -> bool {
    let (x, y) = (pixel.x.floor() as i64, pixel.y.floor() as i64);
    // A one-pixel line may land on either side of a pixel edge.
    (-1..=1).any(|dy| {
        (-1..=1).any(|dx| {
            let (px, py) = (x + dx, y + dy);
            px >= 0
                && py >= 0
                && (px as u32) < image.width()
                && (py as u32) < image.height()
                && image.get_pixel(px as u32, py as u32).0[..3]
                    .iter()
                    .all(|&c| c > 150)
        })
    })
}

#[test]
fn house_map_golden() {
    let Some(gpu) = gpu_or_skip("house_map_golden") else {
        return;
    };
    let (image, _) = render_map(&gpu, &Level::default_house());
    assert_matches_golden("house_map", &image, TOLERANCE);
}

#[test]
fn maze_8x8_map_golden() {
    let Some(gpu) = gpu_or_skip("maze_8x8_map_golden") else {
        return;
    };
    let (image, _) = render_map(&gpu, &Level::maze(8, 8, 1).expect("maze"));
    assert_matches_golden("maze_8x8_map", &image, TOLERANCE);
}

#[test]
fn walls_are_bright_where_the_transform_puts_them_and_dark_between() {
    let Some(gpu) = gpu_or_skip("walls_are_bright_where_the_transform_puts_them") else {
        return;
    };
    let level = Level::maze(8, 8, 1).expect("maze");
    let collider = level.collider();
    let (image, view) = render_map(&gpu, &level);
    for wall in collider.walls() {
        for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let pixel = view.to_pixel(wall.a.lerp(wall.b, t), SIZE);
            assert!(wall_coloured(&image, pixel), "{wall:?} at {t}: {pixel}");
        }
    }
    // Cell centres of the unit maze lie half a cell from every wall: dark.
    let bounds = level_bounds(&collider).expect("walls");
    let cell = (bounds.max - bounds.min) / 8.0;
    for row in 0..8 {
        for column in 0..8 {
            let centre = bounds.min + cell * (Vec2::new(column as f32, row as f32) + 0.5);
            // Half a metre off the centre: off the 1 m grid lines too.
            let pixel = view.to_pixel(centre + 0.5, SIZE);
            let at = image.get_pixel(pixel.x as u32, pixel.y as u32).0;
            let walker_start = Walker::at_spawn(&level).camera.position;
            if centre.distance(Vec2::new(walker_start.x, walker_start.z)) < cell.x / 2.0 {
                continue; // The eye's arrow.
            }
            assert!(at[..3].iter().all(|&c| c < 100), "{centre}: {at:?}");
        }
    }
}
