//! Golden images: the default house (and a maze) rendered offscreen through
//! the same `Renderer::render` as the window, compared with the reference
//! PNGs in `tests/golden/`. Runs on Mesa's llvmpipe without a GPU; skips with
//! a message when there is no adapter at all, and fails instead when
//! `MAZEWALKER_REQUIRE_GPU=1` (CI).

use crate::common;

use glam::{Vec2, Vec3};
use image::RgbaImage;
use mazewalker::app::{hud_lines, moving_shapes};
use mazewalker::bindings::Bindings;
use mazewalker::level::Level;
use mazewalker::render::offscreen::{capture, render_to_image};
use mazewalker::render::{FrameInput, Gpu, RenderQuality, Renderer};
use mazewalker::simulation::Simulation;
use mazewalker::tick::TICK_RATE;
use mazewalker::walker::{TickInput, Walker};
use std::sync::Arc;

use common::{TOLERANCE, assert_matches_golden, compare, gpu_or_skip};

const SIZE: (u32, u32) = (480, 270);

/// A viewpoint: where the eye stands, where it looks, what is drawn on top.
#[derive(Debug, Clone, Copy, Default)]
struct View {
    at: Option<Vec2>,
    yaw_degrees: Option<f32>,
    pitch_degrees: f32,
    debug_lines: bool,
    hud: bool,
    help: bool,
    /// The torch carried by the eye is on.
    torch: bool,
    /// The eye presses use on the door it faces and waits until it stands
    /// open, on the walker's own tick.
    open_door: bool,
    /// Image size; `SIZE` when `None`.
    size: Option<(u32, u32)>,
}

fn render(gpu: &Gpu, level: &Level, view: View) -> RgbaImage {
    let mut simulation = Simulation::at_spawn(level);
    if let Some(at) = view.at {
        simulation.walker.camera.position =
            Vec3::new(at.x, simulation.walker.camera.position.y, at.y);
    }
    if let Some(yaw) = view.yaw_degrees {
        simulation.walker.camera.yaw = yaw.to_radians();
    }
    simulation
        .walker
        .camera
        .set_pitch(view.pitch_degrees.to_radians());
    let collider = Arc::new(level.collider());
    if view.open_door {
        simulation.step(&common::use_press(), &collider);
        for _ in 0..2 * TICK_RATE {
            simulation.step(&TickInput::default(), &collider);
        }
        assert!(
            simulation
                .doors()
                .states()
                .iter()
                .any(|door| !door.is_closed()),
            "no door opened"
        );
    }
    let hud = hud_lines(&simulation.walker, false, Some(60.0));
    let help = Bindings::default().help_groups();
    let doors = moving_shapes(&simulation, level, 1.0);
    let frame = FrameInput {
        camera: &simulation.walker.camera,
        debug_lines: view.debug_lines,
        hud: view.hud.then_some(hud.as_slice()),
        help: view.help.then_some(help.as_slice()),
        markers: &[],
        crosshair: false,
        torch: view.torch,
        moving: &doors,
    };
    let (width, height) = view.size.unwrap_or(SIZE);
    render_to_image(
        gpu,
        &Arc::new(level.clone()),
        &collider,
        width,
        height,
        &frame,
    )
    .expect("offscreen render")
}

fn golden(name: &str, level: &Level, view: View) {
    let Some(gpu) = gpu_or_skip(name) else {
        return;
    };
    let image = render(&gpu, level, view);
    assert_matches_golden(name, &image, TOLERANCE);
}

#[test]
fn house_from_the_spawn_down_the_hallway() {
    golden("house_spawn", &Level::default_house(), View::default());
}

#[test]
fn house_living_room_with_furniture_and_pillars() {
    let view = View {
        at: Some(Vec2::new(7.4, 5.3)),
        yaw_degrees: Some(215.0),
        pitch_degrees: -12.0,
        ..View::default()
    };
    golden("house_living_room", &Level::default_house(), view);
}

#[test]
fn house_kitchen_with_debug_lines() {
    let view = View {
        at: Some(Vec2::new(12.0, 5.4)),
        yaw_degrees: Some(225.0),
        pitch_degrees: -20.0,
        debug_lines: true,
        ..View::default()
    };
    golden("house_kitchen_debug_lines", &Level::default_house(), view);
}

#[test]
fn house_hallway_with_hud_and_help() {
    let view = View {
        at: Some(Vec2::new(15.0, 7.25)),
        yaw_degrees: Some(180.0),
        hud: true,
        help: true,
        // The default window's size: the whole help fits, in columns, at
        // egui's body text size.
        size: Some((1280, 720)),
        ..View::default()
    };
    golden("house_hud_help", &Level::default_house(), view);
}

#[test]
fn house_bedroom_by_its_lamp_and_by_the_torch() {
    // The lamps light the house; from the hallway door of bedroom 2, opened,
    // the lamp's light falls in through the door, and its walls' shadows
    // show.
    let view = View {
        at: Some(Vec2::new(12.2, 7.6)),
        yaw_degrees: Some(90.0),
        pitch_degrees: -15.0,
        open_door: true,
        ..View::default()
    };
    golden("house_bedroom_lamp", &Level::default_house(), view);
    // With the torch: a cone of light along the view, on the jamb and the
    // wall beside it.
    let torch = View {
        torch: true,
        ..view
    };
    golden("house_bedroom_lamp_torch", &Level::default_house(), torch);
}

#[test]
fn maze_from_its_start() {
    let maze = Level::maze(8, 8, 1).expect("a maze");
    golden("maze_8x8_seed_1", &maze, View::default());
}

/// `assets/levels/split-level.toml`, the level of floors at many heights.
fn split_level() -> Level {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/levels/split-level.toml"
    );
    Level::load(std::path::Path::new(path))
        .expect("split-level.toml loads")
        .level
}

/// From the foot of the split level's staircase, looking up it: each tread
/// at its height, each riser in the floors' side material, the landing.
#[test]
fn split_level_from_the_foot_of_the_stairs() {
    let view = View {
        at: Some(Vec2::new(1.4, 1.6)),
        yaw_degrees: Some(0.0),
        pitch_degrees: -5.0,
        ..View::default()
    };
    golden("split_level_stairs", &split_level(), view);
}

/// The split level's stage from the hall's west side, lit by the lamp 2 m
/// above it: the ground at the foot of the stage's edge lies in the edge's
/// shadow, the ground beyond it in the lamp's light.
#[test]
fn split_level_stage_and_its_lamps_shadow() {
    let view = View {
        at: Some(Vec2::new(1.0, 9.0)),
        yaw_degrees: Some(75.0),
        pitch_degrees: -28.0,
        ..View::default()
    };
    golden("split_level_stage", &split_level(), view);
}

/// The header between the split level's low room (ceiling 2.2 m) and the
/// high hall (4 m), seen from the hall: the faces from the low ceiling up
/// to the high one along the room's two open sides.
#[test]
fn split_level_header_between_the_low_room_and_the_hall() {
    let view = View {
        at: Some(Vec2::new(7.5, 7.5)),
        yaw_degrees: Some(40.0),
        pitch_degrees: 10.0,
        ..View::default()
    };
    golden("split_level_header", &split_level(), view);
}

/// The comparison is tight enough to catch a real change: the view from
/// 20 cm further down the hallway does not pass for the spawn's reference.
#[test]
fn a_small_step_does_not_match_the_reference() {
    let Some(gpu) = gpu_or_skip("a_small_step_does_not_match_the_reference") else {
        return;
    };
    let house = Level::default_house();
    let spawn = render(&gpu, &house, View::default());
    let stepped = render(
        &gpu,
        &house,
        View {
            at: Some(house.player.start + Vec2::new(0.2, 0.0)),
            ..View::default()
        },
    );
    let (outliers, _) = compare(&stepped, &spawn, TOLERANCE.channel);
    let allowed = TOLERANCE.outlier_fraction * f64::from(SIZE.0 * SIZE.1);
    assert!(
        outliers as f64 > 4.0 * allowed,
        "only {outliers} pixels changed"
    );
    // And the same view twice is the same picture.
    let again = render(&gpu, &house, View::default());
    assert_eq!(
        compare(&again, &spawn, 0).0,
        0,
        "rendering is not repeatable"
    );
}

/// The window renders into BGRA surfaces under X11; the F12 screenshot reads
/// them back through `capture`, which must hand back the same RGBA picture.
#[test]
fn bgra_targets_read_back_as_the_same_rgba_image() {
    let Some(gpu) = gpu_or_skip("bgra_targets_read_back_as_the_same_rgba_image") else {
        return;
    };
    let house = Arc::new(Level::default_house());
    let collider = Arc::new(house.collider());
    let walker = Walker::at_spawn(&house);
    let frame = FrameInput {
        debug_lines: true,
        ..FrameInput::plain(&walker.camera)
    };
    let rgba = render_to_image(&gpu, &house, &collider, SIZE.0, SIZE.1, &frame).expect("rgba");
    let mut renderer = Renderer::new(
        &gpu,
        wgpu::TextureFormat::Bgra8UnormSrgb,
        SIZE,
        RenderQuality::FULL,
        &house,
        &collider,
    )
    .expect("a bgra renderer");
    let bgra = capture(&gpu, &mut renderer, &frame).expect("bgra capture");
    let (outliers, _) = compare(&bgra, &rgba, 2);
    assert_eq!(outliers, 0, "BGRA capture differs from RGBA");
}

/// Chunks out of view are not drawn: in a big maze, looking either way
/// draws a fraction of the level.
#[test]
fn chunks_out_of_view_are_culled() {
    let Some(gpu) = gpu_or_skip("chunks_out_of_view_are_culled") else {
        return;
    };
    let maze = Arc::new(Level::maze(60, 60, 7).expect("a maze"));
    let collider = Arc::new(maze.collider());
    let mut renderer = Renderer::new(
        &gpu,
        mazewalker::render::offscreen::OFFSCREEN_FORMAT,
        (64, 64),
        RenderQuality::FAST,
        &maze,
        &collider,
    )
    .expect("renderer");
    let centre = Vec2::splat(60.0 * mazewalker::level::MAZE_CELL_SIZE / 2.0);
    for yaw in [0.0_f32, 180.0] {
        let mut walker = Walker::at_spawn(&maze);
        walker.camera.position = Vec3::new(centre.x, 1.6, centre.y);
        walker.camera.yaw = yaw.to_radians();
        let frame = FrameInput::plain(&walker.camera);
        let target = gpu.device.create_texture(&wgpu::TextureDescriptor {
            label: None,
            size: wgpu::Extent3d {
                width: 64,
                height: 64,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: mazewalker::render::offscreen::OFFSCREEN_FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            view_formats: &[],
        });
        let view = target.create_view(&wgpu::TextureViewDescriptor::default());
        let stats = renderer.render(&gpu, &view, &frame);
        assert!(stats.batches_drawn > 0);
        assert!(
            stats.batches_drawn * 3 < stats.batches_total,
            "drew {} of {} batches",
            stats.batches_drawn,
            stats.batches_total
        );
    }
}

/// A room 12 m square without ground, its floor's `light` written as
/// `light` (nothing when `None`), the eye in its middle looking east and
/// down.
fn room_lit(light: Option<f32>) -> Level {
    let light = light.map_or_else(String::new, |light| format!("light = {light}\n"));
    let text = format!(
        "[player]\nstart = [0.0, 0.0]\n\n[environment]\nground = false\n\n\
         [[floor]]\npoints = [[-6.0, -6.0], [6.0, -6.0], [6.0, 6.0], [-6.0, 6.0]]\nheight = 0.0\n{light}"
    );
    Level::from_toml_str(&text, std::path::Path::new("room.toml"))
        .expect("the room loads")
        .level
}

/// The mean of every channel of every pixel, as linear light (the
/// image is sRGB).
fn mean_brightness(image: &RgbaImage) -> f64 {
    let linear = |c: u8| ((f64::from(c) / 255.0 + 0.055) / 1.055).powf(2.4);
    let sum: f64 = image
        .pixels()
        .flat_map(|pixel| pixel.0[..3].iter().map(|&c| linear(c)))
        .sum();
    sum / f64::from(3 * image.width() * image.height())
}

#[test]
fn a_floors_light_scales_the_light_on_it_and_whole_light_changes_nothing() {
    let Some(gpu) = gpu_or_skip("a_floors_light_scales_the_light_on_it") else {
        return;
    };
    let view = View {
        pitch_degrees: -20.0,
        size: Some((160, 90)),
        ..View::default()
    };
    let unwritten = render(&gpu, &room_lit(None), view);
    let whole = render(&gpu, &room_lit(Some(1.0)), view);
    let dim = render(&gpu, &room_lit(Some(0.25)), view);
    assert!(unwritten == whole, "`light = 1` is the default");
    let (bright, dim) = (mean_brightness(&whole), mean_brightness(&dim));
    assert!(
        dim > 0.2 * bright && dim < 0.3 * bright,
        "a quarter of the light: {dim} against {bright}"
    );
}

/// A sky texture made by the test, 256 × 128 like Doom's: a blue gradient,
/// lighter down to the horizon, over hills whose outline changes along
/// the width, with a red band at its left edge so that the wrap and the
/// direction the texture runs in show.
fn sky_picture() -> RgbaImage {
    RgbaImage::from_fn(256, 128, |x, y| {
        let hill_top = 100.0 - 18.0 * (x as f32 / 256.0 * std::f32::consts::TAU * 3.0).sin().abs();
        if x < 8 {
            image::Rgba([200, 40, 40, 255])
        } else if y as f32 > hill_top {
            image::Rgba([40, 90 + (x % 32) as u8, 50, 255])
        } else {
            let light = (y * 150 / 128) as u8;
            image::Rgba([60 + light, 90 + light, 200, 255])
        }
    })
}

/// A courtyard open to the sky; east of it a sunken yard, open too, whose
/// far walls stop below the eye, so the sky's horizon shows over them, and
/// whose edge with the courtyard has no header, both being sky; north of
/// it a roofed walk whose ceiling is higher than the courtyard's: from the
/// courtyard the sky shows over the opening to it, as in Doom.
const SKY_LEVEL: &str = r#"
name = "open sky"

[player]
start = [3.0, 6.0]

[environment]
ground = false
sky = "sky"

[[material]]
name = "sky"
file = "sky.png"

[[floor]]
points = [[0.0, 0.0], [10.0, 0.0], [10.0, 10.0], [0.0, 10.0]]
height = 0
ceiling = 2.6
side_material = "brick"
sky = true

[[floor]]
points = [[10.0, 0.0], [18.0, 0.0], [18.0, 10.0], [10.0, 10.0]]
height = -4
ceiling = 1
side_material = "brick"
sky = true

[[floor]]
points = [[0.0, 10.0], [10.0, 10.0], [10.0, 14.0], [0.0, 14.0]]
height = 0
ceiling = 3.2
side_material = "brick"
"#;

fn sky_level() -> Level {
    let pictures =
        std::collections::HashMap::from([("sky.png".to_owned(), Arc::new(sky_picture()))]);
    Level::from_toml_str_and_pictures(SKY_LEVEL, std::path::Path::new("sky.toml"), &pictures)
        .expect("the sky level loads")
        .level
}

/// From the courtyard towards the yard (+x) and the walk (+z), looking a
/// little up: the sky around the eye, its hills on the horizon over the
/// yard's low far walls, nothing between the courtyard's and the yard's
/// open ceilings, and the sky, not the walk's ceiling, over the opening
/// to the walk.
/// Freedoom's E1M1 from its start, imported in memory as `--wad WAD --map
/// E1M1` imports it: its textures, its sectors' floors, ceilings and
/// light, its sky, its lift at rest.
#[test]
fn freedoom_e1m1_from_its_start() {
    let Some(wad) = common::freedoom("freedoom1.wad") else {
        return;
    };
    let choice = mazewalker::level::LevelChoice::Wad {
        wad,
        map: "E1M1".into(),
    };
    let level = choice.load().expect("E1M1 imports").level;
    golden("freedoom_e1m1", &level, View::default());
}

#[test]
fn a_sky_over_open_floors() {
    let view = View {
        yaw_degrees: Some(30.0),
        pitch_degrees: 6.0,
        ..View::default()
    };
    golden("sky_courtyard", &sky_level(), view);
}

/// A grate's texture made by the test: bars every 16 texels up and across
/// a 64 × 64 picture, 4 texels wide, rust-coloured and opaque; the
/// texels between them transparent (and black, which shows should the
/// alpha test let them through).
fn grate_picture() -> RgbaImage {
    RgbaImage::from_fn(64, 64, |x, y| {
        if x % 16 < 4 || (28..36).contains(&y) {
            image::Rgba([190, 110, 50, 255])
        } else {
            image::Rgba([0, 0, 0, 0])
        }
    })
}

/// A see-through wall across the view, a thin plane standing a little
/// above the floor, its texture the grate's; behind it a brick wall and
/// a lamp between the two, which lights the floor and the brick seen
/// through the grate's holes (the grate casts no shadow).
const GRATE_LEVEL: &str = r#"
name = "a grate"

[player]
start = [0.0, 0.0]
yaw = 0.0

[[material]]
name = "grate"
file = "grate.png"
metres_per_repeat = 1.0

[[wall]]
a = [3.0, -4.0]
b = [3.0, 4.0]
height = 2.0
base = 0.25
thickness = 0.0
material = "grate"
see_through = true

[[wall]]
a = [7.0, -8.0]
b = [7.0, 8.0]
material = "brick"

[[light]]
at = [5.0, 0.5]
height = 1.5
colour = [1.0, 0.85, 0.6]
intensity = 3.0
radius = 6.0
"#;

fn grate_level() -> Level {
    let pictures =
        std::collections::HashMap::from([("grate.png".to_owned(), Arc::new(grate_picture()))]);
    Level::from_toml_str_and_pictures(GRATE_LEVEL, std::path::Path::new("grate.toml"), &pictures)
        .expect("the grate level loads")
        .level
}

/// Through the grate: its bars drawn, and between them the lamp-lit floor
/// and brick wall behind it, not the black of its transparent texels.
#[test]
fn a_grate_with_transparency() {
    golden("grate_transparency", &grate_level(), View::default());
}
