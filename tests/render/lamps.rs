//! Lamps and their shadows, rendered (Mesa's llvmpipe without a GPU) and
//! checked against ground truth computed here, independently of the
//! renderer: floor points projected to pixels, lit exactly when the
//! floor-plan segment from the lamp crosses no wall; a closed room with
//! lamps only outside, no pixel of it lit; and an edit through the session
//! that puts a patch of floor in shadow in the next frame, and an undo that
//! lights it again. Fast quality takes lamp light from a cache baked on
//! the level's surfaces, so each of these checks that path; one more
//! compares it with every pixel working out its own.

use crate::common;

use std::sync::Arc;

use glam::{Mat4, Vec2, Vec3, Vec3Swizzles, Vec4Swizzles};
use image::RgbaImage;
use mazewalker::app::{Input, Modifiers, SceneTaken, Session, WindowOptions};
use mazewalker::camera::Camera;
use mazewalker::doors::Doors;
use mazewalker::level::{Level, Light};
use mazewalker::render::offscreen::{OFFSCREEN_FORMAT, capture};
use mazewalker::render::{FrameInput, Gpu, RenderQuality, Renderer};
use winit::keyboard::KeyCode;

const SIZE: (u32, u32) = (320, 240);

/// A 14 × 14 m hall (walls 2.8 m tall, to the ceiling) and `more` walls.
fn hall(more: &str) -> Level {
    let text = format!(
        "name = \"Lamp hall\"\n[player]\nstart = [2.0, -2.0]\n\n\
         [[wall]]\na = [-7.0, -7.0]\nb = [7.0, -7.0]\n\n\
         [[wall]]\na = [7.0, -7.0]\nb = [7.0, 7.0]\n\n\
         [[wall]]\na = [7.0, 7.0]\nb = [-7.0, 7.0]\n\n\
         [[wall]]\na = [-7.0, 7.0]\nb = [-7.0, -7.0]\n{more}"
    );
    Level::from_toml_str(&text, std::path::Path::new("hall.toml"))
        .expect("a valid level")
        .level
}

/// A lamp at `at`, 2.5 m up, white, bright.
fn lamp(at: Vec2) -> Light {
    Light {
        at,
        height: 2.5,
        colour: [1.0, 1.0, 1.0],
        intensity: 8.0,
        radius: 8.0,
        base: None,
    }
}

/// A camera at `eye` looking at `target`.
fn looking(eye: Vec3, target: Vec3) -> Camera {
    let direction = target - eye;
    let yaw = direction.z.atan2(direction.x).to_degrees();
    let mut camera = Camera::new(eye, yaw);
    camera.set_pitch(direction.y.atan2(direction.xz().length()));
    camera
}

/// `level` rendered from `camera`.
fn render(gpu: &Gpu, level: Level, camera: &Camera) -> RgbaImage {
    let level = Arc::new(level);
    let mut renderer = common::fast_renderer(gpu, &level, SIZE);
    capture(gpu, &mut renderer, &FrameInput::plain(camera)).expect("a frame")
}

/// The pixel where `camera` shows the world point `p`, if on screen.
fn pixel(camera: &Camera, p: Vec3) -> Option<(u32, u32)> {
    let view_projection: Mat4 = camera.view_projection(SIZE.0 as f32 / SIZE.1 as f32);
    let clip = view_projection * p.extend(1.0);
    if clip.w <= 0.0 {
        return None;
    }
    let ndc = clip.xyz() / clip.w;
    let x = (ndc.x + 1.0) / 2.0 * SIZE.0 as f32;
    let y = (1.0 - ndc.y) / 2.0 * SIZE.1 as f32;
    let margin = 2.0;
    let inside = (margin..SIZE.0 as f32 - margin).contains(&x)
        && (margin..SIZE.1 as f32 - margin).contains(&y);
    inside.then_some((x as u32, y as u32))
}

/// Whether segments `p0`–`p1` and `q0`–`q1` cross or touch (orientation
/// tests).
fn segments_meet(p0: Vec2, p1: Vec2, q0: Vec2, q1: Vec2) -> bool {
    let side = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - a);
    let (d1, d2) = (side(q0, q1, p0), side(q0, q1, p1));
    let (d3, d4) = (side(p0, p1, q0), side(p0, p1, q1));
    d1 * d2 <= 0.0 && d3 * d4 <= 0.0
}

/// Whether the segment `from → to` passes through the box `min..max`
/// (slab test).
fn segment_hits_box(from: Vec3, to: Vec3, min: Vec3, max: Vec3) -> bool {
    let direction = to - from;
    let (mut enter, mut exit) = (0.0f32, 1.0f32);
    for axis in 0..3 {
        if direction[axis].abs() < 1e-9 {
            if from[axis] < min[axis] || from[axis] > max[axis] {
                return false;
            }
            continue;
        }
        let a = (min[axis] - from[axis]) / direction[axis];
        let b = (max[axis] - from[axis]) / direction[axis];
        enter = enter.max(a.min(b));
        exit = exit.min(a.max(b));
    }
    enter <= exit
}

/// Distance from `p` to the line through `a` and `b`.
fn distance_to_line(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    (b - a).normalize().perp_dot(p - a).abs()
}

/// The sum of a pixel's RGB.
fn brightness(image: &RgbaImage, (x, y): (u32, u32)) -> i32 {
    let pixel = image.get_pixel(x, y);
    i32::from(pixel[0]) + i32::from(pixel[1]) + i32::from(pixel[2])
}

#[test]
fn a_partition_shadows_exactly_the_floor_behind_it() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    // A full-height partition 2 m east of the lamp, 2 m long.
    let (a, b) = (Vec2::new(2.0, -1.0), Vec2::new(2.0, 1.0));
    let partition = "[[wall]]\na = [2.0, -1.0]\nb = [2.0, 1.0]\nthickness = 0.15\n";
    let at = Vec2::ZERO;
    let mut lit_level = hall(partition);
    lit_level.lights.push(lamp(at));
    // The same level lit by a lamp far off: lamps light it, this one adds
    // nothing here.
    let mut dark_level = hall(partition);
    dark_level.lights.push(lamp(Vec2::new(-6.5, -6.5)));
    let camera = looking(Vec3::new(5.0, 2.2, 3.5), Vec3::new(2.6, 0.0, 0.0));
    let lit = render(&gpu, lit_level, &camera);
    let dark = render(&gpu, dark_level, &camera);

    let wall_box = (Vec3::new(1.92, 0.0, -1.0), Vec3::new(2.08, 2.8, 1.0));
    let (mut in_light, mut in_shadow) = (0, 0);
    for i in 0..=28 {
        for j in 0..=24 {
            let p = Vec2::new(-1.0 + i as f32 * 0.25, -3.0 + j as f32 * 0.25);
            // Away from the shadow's edges and the partition, within the
            // lamp's reach.
            let edges = distance_to_line(p, at, a).min(distance_to_line(p, at, b));
            let near_wall = (p.x - 2.0).abs() < 0.3 && p.y.abs() < 1.3;
            if edges < 0.3 || near_wall || p.distance(at) > 4.5 || p.distance(at) < 0.5 {
                continue;
            }
            let floor = Vec3::new(p.x, 0.0, p.y);
            if segment_hits_box(camera.position, floor, wall_box.0, wall_box.1) {
                continue;
            }
            let Some(at_pixel) = pixel(&camera, floor) else {
                continue;
            };
            let gain = brightness(&lit, at_pixel) - brightness(&dark, at_pixel);
            if segments_meet(at, p, a, b) {
                in_shadow += 1;
                assert!(
                    gain.abs() <= 3,
                    "{p} is behind the partition but lit: {gain}"
                );
            } else {
                in_light += 1;
                assert!(gain >= 15, "{p} sees the lamp but is not brighter: {gain}");
            }
        }
    }
    assert!(
        in_light >= 40 && in_shadow >= 20,
        "too few floor points checked: {in_light} lit, {in_shadow} in shadow"
    );
}

#[test]
fn no_light_leaks_into_a_closed_room_through_corners_joints_or_a_t_junction() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    // A 4 × 4 m room: the south wall in two pieces meeting at (0, -2), a
    // stem meeting the north wall's middle from outside (a T-junction),
    // corners everywhere else.
    let room = "\
        [[wall]]\na = [-2.0, -2.0]\nb = [0.0, -2.0]\n\n\
        [[wall]]\na = [0.0, -2.0]\nb = [2.0, -2.0]\n\n\
        [[wall]]\na = [2.0, -2.0]\nb = [2.0, 2.0]\n\n\
        [[wall]]\na = [2.0, 2.0]\nb = [-2.0, 2.0]\n\n\
        [[wall]]\na = [-2.0, 2.0]\nb = [-2.0, -2.0]\n\n\
        [[wall]]\na = [0.0, 2.0]\nb = [0.0, 4.0]\n";
    // Lamps outside, aimed at the joints: in line with the split, at a
    // corner's diagonal, beside the stem.
    let outside = [
        Vec2::new(0.0, -3.0),
        Vec2::new(3.0, 3.0),
        Vec2::new(0.3, 3.0),
        Vec2::new(-3.0, 0.0),
    ];
    let mut lit_level = hall(room);
    lit_level.lights.extend(outside.map(lamp));
    let mut dark_level = hall(room);
    dark_level.lights.push(lamp(Vec2::new(-6.5, -6.5)));
    // From inside the room, looking down at its floor and walls.
    let camera = looking(Vec3::new(0.0, 1.6, 0.0), Vec3::new(1.0, 0.0, 0.3));
    let lit = render(&gpu, lit_level, &camera);
    let dark = render(&gpu, dark_level, &camera);
    let (outliers, _) = common::compare(&lit, &dark, 2);
    assert_eq!(outliers, 0, "{outliers} pixels inside the room differ");
    // The same lamps do light a room with a gap in its wall.
    let open_room = room.replace("b = [0.0, -2.0]\n", "b = [-0.6, -2.0]\n");
    let mut leaky = hall(&open_room);
    leaky.lights.extend(outside.map(lamp));
    let through_the_gap = looking(Vec3::new(0.0, 1.6, 0.0), Vec3::new(-0.3, 0.0, -1.0));
    let leaky = render(&gpu, leaky, &through_the_gap);
    let mut dark_open = hall(&open_room);
    dark_open.lights.push(lamp(Vec2::new(-6.5, -6.5)));
    let dark_open = render(&gpu, dark_open, &through_the_gap);
    let (lit_pixels, _) = common::compare(&leaky, &dark_open, 8);
    assert!(
        lit_pixels > 100,
        "light through a 0.6 m gap lit only {lit_pixels} pixels"
    );
}

#[test]
fn no_light_leaks_under_a_thin_wall_or_a_closed_door_between_the_light_caches_texels() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    // A partition across the hall at x = 2.04, between two of the floor's
    // texel centres (every 10 cm from -8 m: x = 1.95, 2.05, ...), so that
    // a centre lies inside the wall on the lamp's side of its line; then
    // the same with a closed door (a leaf 6 cm thick) in it.
    let wall = "[[wall]]\na = [2.04, -7.0]\nb = [2.04, 7.0]\n";
    let with_door = "[[wall]]\na = [2.04, -7.0]\nb = [2.04, -0.6]\n\n\
                     [[wall]]\na = [2.04, 0.6]\nb = [2.04, 7.0]\n\n\
                     [[door]]\na = [2.04, -0.6]\nb = [2.04, 0.6]\n";
    // From beyond the partition, down at the floor behind it.
    let camera = looking(Vec3::new(3.2, 1.6, 0.2), Vec3::new(2.2, 0.0, 0.0));
    for (partition, what) in [(wall, "a wall"), (with_door, "a closed door")] {
        let with_lamp = |at: Vec2| {
            let mut level = hall(partition);
            level.lights.push(lamp(at));
            level
        };
        // The lamp 0.5 m before the partition, or far off in a corner.
        let lit_level = with_lamp(Vec2::new(1.5, 0.0));
        let doors = Doors::new(&lit_level.doors);
        let lit = render_with_doors(&gpu, lit_level, &camera, &doors);
        let dark = render_with_doors(&gpu, with_lamp(Vec2::new(-6.5, -6.5)), &camera, &doors);
        let (outliers, _) = common::compare(&lit, &dark, 2);
        assert_eq!(outliers, 0, "{outliers} pixels behind {what} are lit");
    }
}

/// A session on `level` (its file not watched) and a renderer at fast
/// quality drawing the session's level.
fn session_and_renderer(gpu: &Gpu, level: Level) -> (Session, Renderer) {
    let options = WindowOptions {
        watch: false,
        ..WindowOptions::default()
    };
    let session = Session::new(level, &options);
    let (level, collider) = session.shared_level();
    let renderer = Renderer::new(
        gpu,
        OFFSCREEN_FORMAT,
        SIZE,
        RenderQuality::FAST,
        level,
        collider,
    )
    .expect("a renderer");
    (session, renderer)
}

/// The brightness of the floor point `patch` in the next frame `renderer`
/// draws, seen from above and east of it.
fn patch_in_next_frame(gpu: &Gpu, renderer: &mut Renderer, patch: Vec3) -> i32 {
    let camera = looking(Vec3::new(5.0, 2.2, 2.0), patch);
    let at_pixel = pixel(&camera, patch).expect("the patch is on screen");
    brightness(
        &capture(gpu, renderer, &FrameInput::plain(&camera)).expect("a frame"),
        at_pixel,
    )
}

/// Gives `renderer` the session's new level, as the window's shell does,
/// and says how it took it.
fn follow(renderer: &mut Renderer, session: &mut Session) -> SceneTaken {
    // As the window does: the renderer's scene takes the edit in place
    // (its light caches then go stale), or a new one is built.
    let change = session.take_scene_change().expect("the level changed");
    change
        .apply_to(renderer)
        .expect("the renderer takes the change")
}

#[test]
fn a_wall_plotted_between_a_lamp_and_the_floor_shadows_it_in_the_next_frame() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    let mut level = hall("");
    level.lights.push(lamp(Vec2::ZERO));
    let (mut session, mut renderer) = session_and_renderer(&gpu, level);
    // A patch of floor 3 m east of the lamp.
    let patch = Vec3::new(3.0, 0.0, 0.5);
    let frame = |renderer: &mut Renderer| patch_in_next_frame(&gpu, renderer, patch);
    let before = frame(&mut renderer);

    // Edit mode; the eye at (2, -2) looking east plots where it stands:
    // a wall from there 3 m to its right, across the lamp's light.
    let start = session.walker().position();
    assert_eq!(start, Vec2::new(2.0, -2.0));
    common::tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    common::tap(&mut session, KeyCode::Space);
    session.handle(Input::Key {
        key: KeyCode::KeyD,
        pressed: true,
        repeat: false,
    });
    session.advance_ticks(120);
    session.handle(Input::Key {
        key: KeyCode::KeyD,
        pressed: false,
        repeat: false,
    });
    common::tap(&mut session, KeyCode::Space);
    let wall = session.level().walls.last().cloned().expect("the new wall");
    assert!(
        segments_meet(Vec2::ZERO, patch.xz(), wall.a, wall.b),
        "the plotted wall {:?}–{:?} is not between the lamp and the patch",
        wall.a,
        wall.b
    );
    follow(&mut renderer, &mut session);
    let shadowed = frame(&mut renderer);
    assert!(
        shadowed + 12 <= before,
        "the next frame still lights the patch: {before} before, {shadowed} after"
    );

    // Ctrl+Z: the wall goes, and the next frame lights the patch again.
    session.handle(Input::Modifiers(Modifiers {
        ctrl: true,
        ..Modifiers::default()
    }));
    common::tap(&mut session, KeyCode::KeyZ);
    session.handle(Input::Modifiers(Modifiers::default()));
    follow(&mut renderer, &mut session);
    assert_eq!(
        frame(&mut renderer),
        before,
        "undone, the patch is lit as before"
    );
}

#[test]
fn the_first_lamp_placed_in_a_level_without_lamps_lights_the_next_frame() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    // The hall without lamps: its chunks keep no light cache, so the edit
    // that brings the first lamp gives every chunk one, in place: a new
    // scene would cost what the whole level holds.
    let (mut session, mut renderer) = session_and_renderer(&gpu, hall(""));
    let patch = Vec3::new(2.0, 0.0, -1.0);
    let frame = |renderer: &mut Renderer| patch_in_next_frame(&gpu, renderer, patch);
    let unlit = frame(&mut renderer);
    let unlit_bytes = renderer.level().chunk_bytes();
    // Edit mode, the lamp tool, a lamp where the eye stands (2, -2).
    common::tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    common::tap(&mut session, KeyCode::Digit3);
    common::tap(&mut session, KeyCode::Space);
    let edited = session.level().clone();
    assert_eq!(edited.lights.len(), 1, "a lamp was placed");
    assert_eq!(
        follow(&mut renderer, &mut session),
        SceneTaken::InPlace,
        "the first lamp built a new scene"
    );
    let next = frame(&mut renderer);
    // As a renderer new to the edited level draws it; and brighter than
    // with the lamp far off (the ambient alone).
    let mut new_renderer = common::fast_renderer(&gpu, &Arc::new(edited.clone()), SIZE);
    let fresh = patch_in_next_frame(&gpu, &mut new_renderer, patch);
    let mut far = edited;
    far.lights[0].at = Vec2::new(-6.5, 6.5);
    let ambient = patch_in_next_frame(
        &gpu,
        &mut common::fast_renderer(&gpu, &Arc::new(far), SIZE),
        patch,
    );
    assert_eq!(next, fresh, "the next frame after the first lamp");
    // Its chunks were built again with light caches, as a new scene's are.
    assert_eq!(
        renderer.level().chunk_bytes(),
        new_renderer.level().chunk_bytes(),
        "the chunks after the first lamp"
    );
    assert!(
        next >= ambient + 15,
        "the new lamp does not light the patch: {next}, {ambient} without it"
    );

    // Ctrl+Z takes the only lamp away, in place too, and the hall looks
    // as it did.
    session.handle(Input::Modifiers(Modifiers {
        ctrl: true,
        ..Modifiers::default()
    }));
    common::tap(&mut session, KeyCode::KeyZ);
    session.handle(Input::Modifiers(Modifiers::default()));
    assert!(session.level().lights.is_empty(), "the lamp was undone");
    assert_eq!(
        follow(&mut renderer, &mut session),
        SceneTaken::InPlace,
        "taking the last lamp away built a new scene"
    );
    assert_eq!(
        frame(&mut renderer),
        unlit,
        "undone, the hall is unlit again"
    );
    assert_eq!(
        renderer.level().chunk_bytes(),
        unlit_bytes,
        "the chunks keep light caches with no lamp left"
    );
}

#[test]
fn only_fast_quality_keeps_light_caches() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    let house = Level::default_house();
    let mut unlit = house.clone();
    unlit.lights.clear();
    let camera = Camera::new(Vec3::new(1.2, 1.6, 7.25), 0.0);
    // Bytes of the chunks one frame of `level` at `quality` keeps.
    let chunk_bytes = |level: &Level, quality| {
        let level = Arc::new(level.clone());
        let collider = Arc::new(level.collider());
        let mut renderer = Renderer::new(&gpu, OFFSCREEN_FORMAT, SIZE, quality, &level, &collider)
            .expect("a renderer");
        capture(&gpu, &mut renderer, &FrameInput::plain(&camera)).expect("a frame");
        renderer.level().chunk_bytes()
    };
    assert_eq!(
        chunk_bytes(&house, RenderQuality::FULL),
        chunk_bytes(&unlit, RenderQuality::FULL),
        "full quality keeps light caches it never reads"
    );
    let (lit, plain) = (
        chunk_bytes(&house, RenderQuality::FAST),
        chunk_bytes(&unlit, RenderQuality::FAST),
    );
    assert!(
        lit > plain + 1_000_000,
        "fast quality keeps no light caches: {lit} bytes with lamps, {plain} without"
    );
}

#[test]
fn lights_off_look_as_a_level_without_lamps() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    let mut with_lamps = hall("[[wall]]\na = [2.0, -1.0]\nb = [2.0, 1.0]\n");
    with_lamps.lights.push(lamp(Vec2::ZERO));
    let mut without = with_lamps.clone();
    without.lights.clear();
    let camera = looking(Vec3::new(5.0, 2.2, 3.5), Vec3::new(1.0, 0.0, 0.0));
    let off = {
        let level = Arc::new(with_lamps.clone());
        let mut renderer = common::fast_renderer(&gpu, &level, SIZE);
        renderer.set_lights(false);
        capture(&gpu, &mut renderer, &FrameInput::plain(&camera)).expect("a frame")
    };
    let plain = render(&gpu, without, &camera);
    assert_eq!(off, plain, "lights off must look exactly as no lamps");
    let on = render(&gpu, with_lamps, &camera);
    let (differing, _) = common::compare(&on, &plain, 8);
    assert!(differing > 1000, "lamps on changed only {differing} pixels");
}

#[test]
fn the_torch_lights_its_cone_only_and_goes_out_with_the_lights() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    // No lamps: the directional light, with the torch added when on.
    let level = hall("");
    let eye = Vec3::new(0.0, 1.6, 0.0);
    let camera = looking(eye, Vec3::new(5.0, 0.0, 0.0));
    let shot = |torch: bool, lights: bool| {
        let level = Arc::new(level.clone());
        let mut renderer = common::fast_renderer(&gpu, &level, SIZE);
        renderer.set_lights(lights);
        let frame = FrameInput {
            torch,
            ..FrameInput::plain(&camera)
        };
        capture(&gpu, &mut renderer, &frame).expect("a frame")
    };
    let (on, off) = (shot(true, true), shot(false, true));
    let gain = |p: Vec3| {
        let at = pixel(&camera, p).expect("on screen");
        brightness(&on, at) - brightness(&off, at)
    };
    // The floor 2 m ahead, on the cone's axis: brighter.
    let ahead = gain(Vec3::new(2.0, 0.0, 0.0));
    assert!(ahead >= 15, "the floor ahead gained only {ahead}");
    // The floor 2 m away, 40° to the side: in view, out of the 60° cone.
    let side = Vec2::from_angle(40f32.to_radians()) * 2.0;
    let outside = gain(Vec3::new(side.x, 0.0, side.y));
    assert!(
        outside.abs() <= 3,
        "out of the cone, the floor gained {outside}"
    );
    // Lights off: no torch either.
    assert_eq!(shot(true, false), shot(false, false));
}

#[test]
fn the_torch_lights_its_cone_out_to_its_edge_on_both_sides() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    let level = Arc::new(hall(""));
    // Looking steeply down: the whole cone lands on the floor near by.
    let eye = Vec3::new(0.0, 1.6, 0.0);
    let camera = looking(eye, Vec3::new(1.0, 0.0, 0.0));
    let shot = |torch: bool| {
        let mut renderer = common::fast_renderer(&gpu, &level, SIZE);
        let frame = FrameInput {
            torch,
            ..FrameInput::plain(&camera)
        };
        capture(&gpu, &mut renderer, &frame).expect("a frame")
    };
    let (on, off) = (shot(true), shot(false));
    // The floor where the ray `degrees` off the view, level with it, meets it.
    let gain = |degrees: f32| {
        let (forward, turn) = (camera.forward(), degrees.to_radians());
        let right = forward.cross(Vec3::Y).normalize();
        let ray = forward * turn.cos() + right * turn.sin();
        let at = pixel(&camera, eye + ray * (-eye.y / ray.y)).expect("on screen");
        brightness(&on, at) - brightness(&off, at)
    };
    // Inside the cone's full light, up to its soft edge (from 28.4°).
    for degrees in [-27.0, 27.0] {
        let inside = gain(degrees);
        assert!(
            inside >= 15,
            "{degrees}° off the view, the floor gained only {inside}"
        );
    }
    for degrees in [-33.0, 33.0] {
        let outside = gain(degrees);
        assert!(
            outside.abs() <= 3,
            "{degrees}° off the view, the floor gained {outside}"
        );
    }
}

#[test]
fn a_low_wall_shades_the_floor_behind_it_up_to_where_its_tops_shadow_lands() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    // A wall 1 m tall, 2 m east of a lamp 2.5 m up: its top's shadow lands
    // 2 × 2.5 / 1.5 = 3.33 m from the lamp.
    let low = "[[wall]]\na = [2.0, -1.0]\nb = [2.0, 1.0]\nheight = 1.0\n";
    let mut lit_level = hall(low);
    lit_level.lights.push(lamp(Vec2::ZERO));
    let mut dark_level = hall(low);
    dark_level.lights.push(lamp(Vec2::new(-6.5, -6.5)));
    let camera = looking(Vec3::new(5.5, 2.2, 2.5), Vec3::new(2.5, 0.0, 0.0));
    let lit = render(&gpu, lit_level, &camera);
    let dark = render(&gpu, dark_level, &camera);
    let gain = |x: f32, z: f32| {
        let at = pixel(&camera, Vec3::new(x, 0.0, z)).expect("on screen");
        brightness(&lit, at) - brightness(&dark, at)
    };
    // 2.7 m out: behind the wall, or beside its end (the segment from the
    // lamp passes x = 2 at z = 1.11, past the wall).
    let (behind, beside, beyond) = (gain(2.7, 0.0), gain(2.7, 1.5), gain(4.0, 0.0));
    assert!(behind.abs() <= 3, "right behind the wall: {behind}");
    assert!(beside >= 15, "beside the wall: {beside}");
    assert!(beyond >= 15, "past its top's shadow: {beyond}");
}

#[test]
fn a_lamp_on_a_stage_leaves_the_floor_at_the_foot_of_its_edge_dark() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    // A stage 0.6 m high, its edge 2 m east of a lamp 2 m above the stage
    // (2.6 m above the ground): the edge's shadow on the ground ends
    // 2 × 2.6 / 2.0 = 2.6 m from the lamp.
    let stage = "[[floor]]\npoints = [[-2.0, -2.0], [2.0, -2.0], [2.0, 2.0], [-2.0, 2.0]]\n\
                 height = 0.6\n";
    let lamp_over_stage = |at: Vec2| Light {
        height: 2.0,
        ..lamp(at)
    };
    let mut lit_level = hall(stage);
    lit_level.lights.push(lamp_over_stage(Vec2::ZERO));
    let mut dark_level = hall(stage);
    dark_level
        .lights
        .push(lamp_over_stage(Vec2::new(-6.5, -6.5)));
    let camera = looking(Vec3::new(5.5, 2.2, 2.5), Vec3::new(2.5, 0.0, 0.0));
    let lit = render(&gpu, lit_level, &camera);
    let dark = render(&gpu, dark_level, &camera);
    let gain = |x: f32, y: f32, z: f32| {
        let at = pixel(&camera, Vec3::new(x, y, z)).expect("on screen");
        brightness(&lit, at) - brightness(&dark, at)
    };
    let (foot, beyond, on_stage) = (
        gain(2.3, 0.0, 0.0),
        gain(3.0, 0.0, 0.0),
        gain(1.6, 0.6, 0.0),
    );
    assert!(foot.abs() <= 3, "at the foot of the stage's edge: {foot}");
    assert!(beyond >= 15, "past the edge's shadow: {beyond}");
    assert!(on_stage >= 15, "on the stage: {on_stage}");
}

#[test]
fn a_low_walls_shadow_falls_short_of_a_raised_floor_above_its_line() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    // A wall 1 m tall, 2 m east of a lamp 2.5 m up, and a platform 0.8 m
    // high from 2.5 m on: the line from the lamp over the wall's top is
    // 0.48 m up at 2.7 m, under the platform's top, so the platform is lit
    // where the ground just before it is not.
    let low = "[[wall]]\na = [2.0, -1.0]\nb = [2.0, 1.0]\nheight = 1.0\n\
               [[floor]]\npoints = [[2.5, -1.0], [4.5, -1.0], [4.5, 1.0], [2.5, 1.0]]\n\
               height = 0.8\n";
    let mut lit_level = hall(low);
    lit_level.lights.push(lamp(Vec2::ZERO));
    let mut dark_level = hall(low);
    dark_level.lights.push(lamp(Vec2::new(-6.5, -6.5)));
    // From the south, above the gap between the wall and the platform.
    let camera = looking(Vec3::new(2.4, 2.5, 3.0), Vec3::new(2.5, 0.3, 0.0));
    let lit = render(&gpu, lit_level, &camera);
    let dark = render(&gpu, dark_level, &camera);
    let gain = |x: f32, y: f32, z: f32| {
        let at = pixel(&camera, Vec3::new(x, y, z)).expect("on screen");
        brightness(&lit, at) - brightness(&dark, at)
    };
    let (ground, platform) = (gain(2.25, 0.0, 0.0), gain(2.9, 0.8, 0.0));
    assert!(ground.abs() <= 3, "the ground behind the wall: {ground}");
    assert!(
        platform >= 15,
        "the platform above the shadow's line: {platform}"
    );
}

/// `level` rendered from `camera` with its doors as `doors` has them.
fn render_with_doors(gpu: &Gpu, level: Level, camera: &Camera, doors: &Doors) -> RgbaImage {
    let level = Arc::new(level);
    let mut renderer = common::fast_renderer(gpu, &level, SIZE);
    next_frame_with_doors(gpu, &mut renderer, camera, doors)
}

/// The next frame `renderer` draws from `camera` with its level's doors as
/// `doors` has them.
fn next_frame_with_doors(
    gpu: &Gpu,
    renderer: &mut Renderer,
    camera: &Camera,
    doors: &Doors,
) -> RgbaImage {
    // Every door of the small level: all lie within 100 m of its origin.
    let moving = doors.shapes_near(1.0, Vec2::ZERO, 100.0);
    let frame = FrameInput {
        moving: &moving,
        ..FrameInput::plain(camera)
    };
    capture(gpu, renderer, &frame).expect("a frame")
}

#[test]
fn a_closed_door_is_drawn_and_shadows_the_floor_behind_it_and_an_open_one_lets_light_through() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    // A full-height partition along z = 0 with a doorway from x = -0.6 to
    // 0.6, its door swinging into +z; the lamp is on the -z side.
    let partition = "[[wall]]\na = [-7.0, 0.0]\nb = [-0.6, 0.0]\n\n\
                     [[wall]]\na = [0.6, 0.0]\nb = [7.0, 0.0]\n\n\
                     [[door]]\na = [-0.6, 0.0]\nb = [0.6, 0.0]\n";
    let with_lamp = |at: Vec2| {
        let mut level = hall(partition);
        level.lights.push(lamp(at));
        level
    };
    let lit_level = with_lamp(Vec2::new(0.0, -2.0));
    let dark_level = with_lamp(Vec2::new(-6.5, -6.5));
    let collider = lit_level.collider();
    let closed = Doors::new(&lit_level.doors);
    let mut open = closed.clone();
    let eye = Vec2::new(0.0, -1.0);
    assert_eq!(open.press_use(eye, Vec2::Y, &collider), Some(0));
    // 1.5 s: a 1.2 m leaf turning 90° at 1.5 m/s is open after 1.26 s.
    for _ in 0..180 {
        open.advance(eye, &collider, true);
    }
    assert!(!open.is_closed(0));
    let camera = looking(Vec3::new(3.0, 1.6, 5.0), Vec3::new(0.0, 0.0, 2.0));
    // A patch of floor straight behind the doorway, seen from the lamp.
    let floor = Vec3::new(0.0, 0.0, 2.0);
    let on_floor = pixel(&camera, floor).expect("the floor patch is on screen");
    let door_face = pixel(&camera, Vec3::new(0.0, 1.0, 0.0)).expect("the door is on screen");

    let shut_lit = render_with_doors(&gpu, lit_level.clone(), &camera, &closed);
    let shut_dark = render_with_doors(&gpu, dark_level.clone(), &camera, &closed);
    let open_lit = render_with_doors(&gpu, lit_level.clone(), &camera, &open);
    let open_dark = render_with_doors(&gpu, dark_level, &camera, &open);
    let no_door = render(&gpu, lit_level.clone(), &camera);
    // One renderer, the door shut, then open, then shut again: each next
    // frame shows the light as a renderer new to that state does (its
    // light cache is baked again when the door shuts or opens).
    let mut renderer = common::fast_renderer(&gpu, &Arc::new(lit_level), SIZE);
    for (doors, fresh) in [
        (&closed, &shut_lit),
        (&open, &open_lit),
        (&closed, &shut_lit),
    ] {
        let next = next_frame_with_doors(&gpu, &mut renderer, &camera, doors);
        assert_eq!(
            brightness(&next, on_floor),
            brightness(fresh, on_floor),
            "the floor behind the door, the door {}",
            if doors.is_closed(0) { "shut" } else { "open" }
        );
    }

    let gain =
        |lit: &RgbaImage, dark: &RgbaImage| brightness(lit, on_floor) - brightness(dark, on_floor);
    assert!(
        gain(&shut_lit, &shut_dark).abs() <= 3,
        "light through a closed door"
    );
    assert!(
        gain(&open_lit, &open_dark) >= 15,
        "an open door lets no light through"
    );
    // Through the doorway, the closed leaf stands where the camera would
    // otherwise see the far side's floor and wall.
    assert_ne!(
        shut_lit.get_pixel(door_face.0, door_face.1),
        no_door.get_pixel(door_face.0, door_face.1),
        "the closed leaf is not drawn"
    );
}

/// How many pixels of `image` are brighter than `than`'s in some channel by
/// more than `by`.
fn brighter_pixels(image: &RgbaImage, than: &RgbaImage, by: u8) -> usize {
    image
        .pixels()
        .zip(than.pixels())
        .filter(|(a, b)| (0..3).any(|c| a[c] > b[c].saturating_add(by)))
        .count()
}

#[test]
fn lamp_light_from_the_cache_is_each_pixels_own_but_near_shapes_and_shadow_edges() {
    let Some(gpu) = common::gpu_or_skip("render_lamps") else {
        return;
    };
    let size = (640, 360);
    // A room with furniture and pillars (creases, silhouettes), a bedroom
    // by the torch, the hallway from the spawn, and a closed door's leaf
    // (the moving shapes' own cache) filling most of the view.
    let house = Level::default_house();
    let start = house.player.start;
    let views = [
        (Vec3::new(1.0, 1.7, 1.8), 40.0, false),
        (Vec3::new(6.0, 1.7, 3.0), 200.0, true),
        (Vec3::new(start.x, 1.7, start.y), 0.0, false),
        (Vec3::new(16.55, 1.7, 6.9), -90.0, false),
    ];
    let pixels = (size.0 * size.1) as usize;
    for (eye, yaw, torch) in views {
        // Each pixel works out the 8 lamps nearest the eye at most, the
        // cache every lamp that reaches its chunk: keep the lamps within
        // 8 m of the eye (8 or fewer in the house), so both light the
        // same.
        let mut level = house.clone();
        level.lights.retain(|lamp| lamp.at.distance(eye.xz()) < 8.0);
        assert!((1..=8).contains(&level.lights.len()), "{eye}");
        let level = Arc::new(level);
        let collider = Arc::new(level.collider());
        let renderer = |quality| {
            Renderer::new(&gpu, OFFSCREEN_FORMAT, size, quality, &level, &collider)
                .expect("renderer")
        };
        let mut cached = renderer(RenderQuality::FAST);
        let mut own = renderer(RenderQuality {
            cached_lamp_light: false,
            ..RenderQuality::FAST
        });
        let mut off = renderer(RenderQuality::FAST);
        off.set_lights(false);
        let mut camera = Camera::new(eye, yaw);
        camera.set_pitch(-0.17);
        let leaves = Doors::new(&level.doors).shapes_near(1.0, eye.xz(), 100.0);
        let frame = FrameInput {
            torch,
            moving: &leaves,
            ..FrameInput::plain(&camera)
        };
        let cached = capture(&gpu, &mut cached, &frame).expect("a frame");
        let own = capture(&gpu, &mut own, &frame).expect("a frame");
        let off = capture(&gpu, &mut off, &frame).expect("a frame");
        let (lit, _) = common::compare(&own, &off, 8);
        assert!(
            lit * 5 > pixels,
            "from {eye} the lamps light only {lit} of {pixels} pixels"
        );
        // The cache counts a lamp at a texel only where its light reaches
        // a texel all round (so that filtering carries no light under a
        // thin wall): faces are darker within a texel or so of where a
        // shape stops the light, and soft over a texel at shadow edges,
        // but lighter almost nowhere. Measured: darker by more than 8 in
        // 0.6-7.9% of these views' pixels, lighter by more than 8 in
        // 0.01-0.12% and by more than 24 in 0-0.04%.
        let lighter = |by| brighter_pixels(&cached, &own, by);
        let darker = brighter_pixels(&own, &cached, 8);
        assert!(
            lighter(8) * 1000 <= pixels * 3 && lighter(24) * 1000 <= pixels,
            "from {eye}, {} pixels are lighter by more than 8 and {} by more than 24, of {pixels}",
            lighter(8),
            lighter(24)
        );
        assert!(
            darker * 100 <= pixels * 12,
            "from {eye}, {darker} pixels are darker by more than 8, of {pixels}"
        );
    }
}
