//! The full map of a level with floors, rendered offscreen: each floor
//! shaded by its height (higher is lighter, the void left as the
//! background), an edge too high to climb from its lower side drawn as a
//! wall, and a step that the walker climbs not. The maps of levels
//! without floors are the goldens' (`map_golden.rs`), unchanged.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use glam::Vec2;
use image::RgbaImage;
use mazewalker::level::Level;
use mazewalker::map::{MapView, WalkLayer, colours};
use mazewalker::render::offscreen::{OFFSCREEN_FORMAT, capture_with_map};
use mazewalker::render::{FrameInput, Gpu, MapFrame, MapMode, RenderQuality, Renderer};
use mazewalker::simulation::Simulation;

use common::gpu_or_skip;

const SIZE: (u32, u32) = (480, 360);

/// 32 px/m, centred so that whole metres fall on pixel centres (a line
/// there fills its column, no multisampling spreads it): x = 6 is column
/// 239, z = 4 row 179. It shows x −1.5..13.5 and z −1.6..9.6.
const VIEW: MapView = MapView {
    centre: Vec2::new(6.015625, 4.015625),
    pixels_per_metre: 32.0,
};

/// A 12 × 8 m room with a step 0.3 m high at x 2..4 (the walker climbs
/// it from the floor) and a platform 1.2 m high at x 6..10 (it does not),
/// both at z 2..6; `ground` says whether the room has a floor at 0 round
/// them, or the void.
fn two_floors(ground: bool) -> Level {
    let text = format!(
        "[player]\nstart = [3.0, 4.0]\nstep = 0.4\n\
         [environment]\nground = {ground}\n\
         [[wall]]\na = [0.0, 0.0]\nb = [12.0, 0.0]\n\
         [[wall]]\na = [12.0, 0.0]\nb = [12.0, 8.0]\n\
         [[wall]]\na = [12.0, 8.0]\nb = [0.0, 8.0]\n\
         [[wall]]\na = [0.0, 8.0]\nb = [0.0, 0.0]\n\
         [[floor]]\npoints = [[2.0, 2.0], [4.0, 2.0], [4.0, 6.0], [2.0, 6.0]]\nheight = 0.3\n\
         [[floor]]\npoints = [[6.0, 2.0], [10.0, 2.0], [10.0, 6.0], [6.0, 6.0]]\nheight = 1.2\n"
    );
    Level::from_toml_str(&text, Path::new("two-floors.toml"))
        .expect("a valid level")
        .level
}

/// The full map of `level` through [`VIEW`], with nothing of the walk
/// over it.
fn render_map(gpu: &Gpu, level: &Level) -> RgbaImage {
    let collider = Arc::new(level.collider());
    let simulation = Simulation::at_spawn(level);
    let map = MapFrame {
        view: VIEW,
        mode: MapMode::Full,
        walk_layer: WalkLayer::default(),
    };
    let frame = FrameInput::plain(&simulation.walker.camera);
    let mut renderer = Renderer::new(
        gpu,
        OFFSCREEN_FORMAT,
        SIZE,
        RenderQuality::FULL,
        &Arc::new(level.clone()),
        &collider,
    )
    .expect("renderer");
    capture_with_map(gpu, &mut renderer, &frame, Some(&map)).expect("offscreen map")
}

/// The colour of the pixel at `point` of the floor plan.
fn at(image: &RgbaImage, point: Vec2) -> [u8; 3] {
    let pixel = VIEW.to_pixel(point, SIZE);
    let [r, g, b, _] = image.get_pixel(pixel.x as u32, pixel.y as u32).0;
    [r, g, b]
}

/// Whether every channel of `lighter` is above `darker`'s.
fn lighter(lighter: [u8; 3], darker: [u8; 3]) -> bool {
    (0..3).all(|c| lighter[c] > darker[c])
}

/// A wall's colour as the map draws it over anything: near white
/// (`colours::WALL`, 1.0, 1.0, 0.92, opaque).
fn wall_coloured(colour: [u8; 3]) -> bool {
    colour[0] >= 250 && colour[1] >= 250 && colour[2] >= 235
}

#[test]
fn floors_are_shaded_by_height_and_edges_too_high_to_climb_are_walls() {
    let Some(gpu) = gpu_or_skip("floors_are_shaded_by_height") else {
        return;
    };
    let image = render_map(&gpu, &two_floors(true));
    if let Some(folder) = std::env::var_os("MAZEWALKER_MAP_FLOORS_PNG") {
        image
            .save(Path::new(&folder).join("map_floors.png"))
            .expect("write the picture");
    }
    // Off the 1 m grid's lines: a quarter metre past a whole one.
    let ground = at(&image, Vec2::new(1.25, 4.25));
    let step = at(&image, Vec2::new(3.25, 4.25));
    let platform = at(&image, Vec2::new(8.25, 4.25));
    assert!(lighter(step, ground), "step {step:?}, ground {ground:?}");
    assert!(
        lighter(platform, step),
        "platform {platform:?}, step {step:?}"
    );
    // The platform's edge (1.2 m up from the floor) is a wall; so is the
    // room's wall. The step's (0.3 m) is not.
    let wall = at(&image, Vec2::new(0.0, 4.25));
    assert!(wall_coloured(wall), "the room's wall: {wall:?}");
    for z in [2.75, 4.25, 5.25] {
        let too_high = at(&image, Vec2::new(6.0, z));
        assert!(wall_coloured(too_high), "the platform's edge: {too_high:?}");
        let climbed = at(&image, Vec2::new(2.0, z));
        assert!(!wall_coloured(climbed), "the step's edge: {climbed:?}");
        assert!(lighter(climbed, step), "yet drawn: {climbed:?}");
    }
}

#[test]
fn the_void_of_a_level_without_ground_is_left_as_the_background() {
    let Some(gpu) = gpu_or_skip("the_void_is_left_as_the_background") else {
        return;
    };
    let grounded = render_map(&gpu, &two_floors(true));
    let image = render_map(&gpu, &two_floors(false));
    // The floors shade as with the ground, by the same two heights...
    let platform = at(&image, Vec2::new(8.25, 4.25));
    let step = at(&image, Vec2::new(3.25, 4.25));
    assert!(lighter(platform, step), "{platform:?} {step:?}");
    // ... and the void between and round them is the background,
    // darker than the ground is drawn.
    let void = at(&image, Vec2::new(5.25, 4.25));
    let background = colours::BACKGROUND.map(|linear| {
        let srgb = if linear <= 0.003_130_8 {
            linear * 12.92
        } else {
            1.055 * linear.powf(1.0 / 2.4) - 0.055
        };
        (srgb * 255.0).round() as i32
    });
    for point in [Vec2::new(5.25, 4.25), Vec2::new(-1.25, 4.25)] {
        let colour = at(&image, point);
        assert!(
            (0..3).all(|c| (i32::from(colour[c]) - background[c]).abs() <= 1),
            "{point}: {colour:?}, the background {background:?}"
        );
    }
    let ground = at(&grounded, Vec2::new(5.25, 4.25));
    assert!(lighter(ground, void), "ground {ground:?}, void {void:?}");
    // The step's edge against the void blocks: a wall.
    let rim = at(&image, Vec2::new(2.0, 4.25));
    assert!(wall_coloured(rim), "{rim:?}");
}
