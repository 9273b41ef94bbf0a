//! What a change remakes of the lamps' light: only the shadow rows of the
//! lamps whose reach meets what changed, only the light caches of the
//! chunks those lamps light or whose faces changed, and of a cache whose
//! lamps' rows changed only the texels the change reaches; each frame
//! after the change shows what a renderer new to that state shows.
//! Counted through the renderer's record of a frame's work (`LightWork`),
//! never timed.

use crate::common;

use std::sync::Arc;

use glam::{Vec2, Vec3};
use image::RgbaImage;
use mazewalker::camera::Camera;
use mazewalker::doors::Doors;
use mazewalker::edit::{Item, LevelDraft};
use mazewalker::level::mesh::MovingShape;
use mazewalker::level::{Level, MaterialId};
use mazewalker::render::offscreen::capture;
use mazewalker::render::{Culling, FrameInput, Gpu, LightWork, Renderer};

const SIZE: (u32, u32) = (96, 64);

/// The chunks of the corridor, west to east: one 16 m square each.
const CHUNKS: [(i32, i32); 4] = [(0, 0), (1, 0), (2, 0), (3, 0)];

/// A corridor from x = 2 to 62 and z = 2 to 10, its long walls cut where
/// the chunks meet so that each chunk files its own; in the middle of each
/// chunk a lamp whose reach (6 m) stays within it, so the lamp in chunk
/// `k` is lamp `k`; and across chunk 2, at x = 44, a partition with a door
/// in its doorway (z 5.4 to 6.6) that swings open to the west.
fn corridor() -> Level {
    let mut text = String::from("name = \"Corridor\"\n[player]\nstart = [3.0, 6.0]\n");
    let wall = |text: &mut String, a: [f32; 2], b: [f32; 2]| {
        text.push_str(&format!("\n[[wall]]\na = {a:?}\nb = {b:?}\n"));
    };
    for (from, to) in [(2.0, 16.0), (16.0, 32.0), (32.0, 48.0), (48.0, 62.0)] {
        wall(&mut text, [from, 2.0], [to, 2.0]);
        wall(&mut text, [from, 10.0], [to, 10.0]);
    }
    wall(&mut text, [2.0, 2.0], [2.0, 10.0]);
    wall(&mut text, [62.0, 2.0], [62.0, 10.0]);
    wall(&mut text, [44.0, 2.0], [44.0, 5.4]);
    wall(&mut text, [44.0, 6.6], [44.0, 10.0]);
    text.push_str("\n[[door]]\na = [44.0, 5.4]\nb = [44.0, 6.6]\n");
    for x in [8.0, 24.0, 40.0, 56.0] {
        text.push_str(&format!(
            "\n[[light]]\nat = [{x:?}, 6.0]\nheight = 2.5\nradius = 6.0\nintensity = 6.0\n"
        ));
    }
    Level::from_toml_str(&text, std::path::Path::new("corridor.toml"))
        .expect("a valid level")
        .level
}

/// A renderer at fast quality for `level` that draws every chunk each
/// frame (so each frame looks at every light cache).
fn renderer(gpu: &Gpu, level: &Arc<Level>) -> Renderer {
    let mut renderer = common::fast_renderer(gpu, level, SIZE);
    renderer.set_culling(Culling::Off);
    renderer
}

/// Where every frame looks from: the middle of the corridor, looking east.
fn camera() -> Camera {
    Camera::new(Vec3::new(30.0, 1.6, 6.0), 0.0)
}

/// The next frame `renderer` draws with the loose bodies and doors'
/// leaves `moving`, and what it did again of the lamps' light.
fn next_frame(
    gpu: &Gpu,
    renderer: &mut Renderer,
    moving: &[MovingShape],
) -> (RgbaImage, LightWork) {
    let camera = camera();
    let frame = FrameInput {
        moving,
        ..FrameInput::plain(&camera)
    };
    let image = capture(gpu, renderer, &frame).expect("a frame");
    (image, renderer.level().light_work().clone())
}

/// The frame a renderer new to `level` draws with `moving`.
fn fresh_frame(gpu: &Gpu, level: &Arc<Level>, moving: &[MovingShape]) -> RgbaImage {
    next_frame(gpu, &mut renderer(gpu, level), moving).0
}

/// Every door's leaf as a frame draws it.
fn leaves(doors: &Doors) -> Vec<MovingShape> {
    doors.shapes_near(1.0, Vec2::new(32.0, 6.0), 100.0)
}

/// The rows `work` made and the caches it baked, each list sorted.
fn rows_and_caches(work: &LightWork) -> (Vec<usize>, Vec<(i32, i32)>) {
    let (mut rows, mut caches) = (work.rows_made.clone(), work.caches_baked.clone());
    rows.sort_unstable();
    caches.sort_unstable();
    (rows, caches)
}

/// The texels `work` baked of the cache of `chunk`.
fn texels_of(work: &LightWork, chunk: (i32, i32)) -> u64 {
    let position = work.caches_baked.iter().position(|&baked| baked == chunk);
    work.texels_baked[position.expect("the chunk's cache was baked")]
}

/// Asserts that `work` made the rows of `rows` and baked of the cache of
/// `chunk` alone some texels, fewer than a quarter of the `whole` cache's.
fn assert_baked_in_part(work: &LightWork, rows: &[usize], chunk: (i32, i32), whole: u64) {
    assert_eq!(rows_and_caches(work), (rows.to_vec(), vec![chunk]));
    let texels = texels_of(work, chunk);
    assert!(
        texels > 0 && texels * 4 < whole,
        "{texels} texels baked again of {whole}"
    );
}

#[test]
fn a_door_that_opens_or_shuts_remakes_only_the_light_of_the_lamps_that_reach_it() {
    let Some(gpu) = common::gpu_or_skip("render_light_work") else {
        return;
    };
    let level = Arc::new(corridor());
    let collider = level.collider();
    let closed = Doors::new(&level.doors);
    let mut open = closed.clone();
    let eye = Vec2::new(45.0, 6.0);
    assert_eq!(open.press_use(eye, Vec2::NEG_X, &collider), Some(0));
    // 1.5 s: a 1.2 m leaf turning 90° at 1.5 m/s is open after 1.26 s.
    for _ in 0..180 {
        open.advance(eye, &collider, true);
    }
    assert!(!open.is_closed(0), "the door did not open");
    let mut renderer = renderer(&gpu, &level);
    let (_, first) = next_frame(&gpu, &mut renderer, &leaves(&closed));
    assert_eq!(
        rows_and_caches(&first),
        (vec![0, 1, 2, 3], CHUNKS.to_vec()),
        "the first frame makes every row and bakes every cache"
    );
    let whole = texels_of(&first, (2, 0));
    let (_, steady) = next_frame(&gpu, &mut renderer, &leaves(&closed));
    assert_eq!(steady, LightWork::default(), "a frame with nothing changed");
    // The door opens, then shuts: lamp 2 alone reaches it, and it changes
    // only the light beyond the doorway.
    for doors in [&open, &closed] {
        let (image, work) = next_frame(&gpu, &mut renderer, &leaves(doors));
        assert_baked_in_part(&work, &[2], (2, 0), whole);
        assert!(
            work.moving_texels_baked > 0,
            "the leaves moved, and their light cache was not baked again"
        );
        assert!(
            image == fresh_frame(&gpu, &level, &leaves(doors)),
            "the frame after the door moved is not what a new renderer draws"
        );
    }
}

#[test]
fn a_loose_body_that_comes_to_rest_or_wakes_remakes_only_the_light_of_the_lamps_within_reach() {
    let Some(gpu) = common::gpu_or_skip("render_light_work") else {
        return;
    };
    let level = Arc::new(corridor());
    // A crate in chunk 1, within lamp 1's reach alone: awake it casts no
    // shadow, at rest it shades as a fixed obstacle 0.8 m tall.
    let body = |shadow_height| {
        vec![MovingShape {
            outline: vec![
                Vec2::new(26.0, 7.0),
                Vec2::new(26.6, 7.0),
                Vec2::new(26.6, 7.6),
                Vec2::new(26.0, 7.6),
            ],
            height: 0.8,
            material: MaterialId(0),
            shadow_height,
            base: None,
        }]
    };
    let (awake, resting) = (body(None), body(Some(0.8)));
    let mut renderer = renderer(&gpu, &level);
    let (_, first) = next_frame(&gpu, &mut renderer, &awake);
    let whole = texels_of(&first, (1, 0));
    for moving in [&resting, &awake] {
        let (image, work) = next_frame(&gpu, &mut renderer, moving);
        assert_baked_in_part(&work, &[1], (1, 0), whole);
        assert!(
            image == fresh_frame(&gpu, &level, moving),
            "the frame after the body rested or woke is not what a new renderer draws"
        );
    }
}

#[test]
fn a_wall_painted_with_another_material_bakes_only_the_cache_of_its_faces_chunk() {
    let Some(gpu) = common::gpu_or_skip("render_light_work") else {
        return;
    };
    let mut session = LevelDraft::new(corridor()).expect("the corridor opens");
    let level = Arc::new(session.level().clone());
    let mut collider = level.collider();
    let mut renderer = renderer(&gpu, &level);
    next_frame(&gpu, &mut renderer, &[]);
    // Wall 2 is the south wall's piece from x = 16 to 32: chunk 1's.
    assert_eq!(level.walls[2].a, Vec2::new(16.0, 2.0));
    session
        .cycle_material(Item::Wall(2), true)
        .expect("the wall takes the next material");
    let changes = session.take_changes();
    for change in &changes {
        assert!(change.apply_to_collider(&mut collider));
    }
    let painted = Arc::new(session.level().clone());
    assert_ne!(painted.walls[2].material, level.walls[2].material);
    assert!(
        renderer.edit_level(&painted, &Arc::new(collider), &changes),
        "the scene takes the new paint in place"
    );
    let (image, work) = next_frame(&gpu, &mut renderer, &[]);
    assert_eq!(rows_and_caches(&work), (vec![], vec![(1, 0)]));
    assert!(
        image == fresh_frame(&gpu, &painted, &[]),
        "the frame after the paint is not what a new renderer draws"
    );
}
