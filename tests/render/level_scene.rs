//! One level's GPU data on its own: textures cached by content across
//! rebuilds, and a texture replaced by garbage refusing a reload (the old
//! level stays) while a first load shows a checkerboard.

use crate::common;

use std::path::Path;
use std::sync::Arc;

use image::{Rgba, RgbaImage};
use mazewalker::level::Level;
use mazewalker::render::offscreen::OFFSCREEN_FORMAT;
use mazewalker::render::{BrokenTexture, RenderQuality, Renderer};

const LEVEL: &str = "name = \"Mural\"\n[player]\nstart = [1.0, 1.0]\n\n\
    [[material]]\nname = \"mural\"\nfile = \"mural.png\"\n\n\
    [[wall]]\na = [0.0, 0.0]\nb = [4.0, 0.0]\nmaterial = \"mural\"\n";

#[test]
fn textures_are_cached_by_content_and_garbage_refuses_a_reload() {
    let Some(gpu) = common::gpu_or_skip("level_scene") else {
        return;
    };
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("level_scene");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("create the test folder");
    let image = folder.join("mural.png");
    RgbaImage::from_pixel(8, 8, Rgba([200, 40, 40, 255]))
        .save(&image)
        .expect("write the texture");
    let path = folder.join("mural.toml");
    std::fs::write(&path, LEVEL).expect("write the level");
    let level = Arc::new(Level::load(&path).expect("valid").level);
    let collider = Arc::new(level.collider());
    let renderer = Renderer::new(
        &gpu,
        OFFSCREEN_FORMAT,
        (64, 64),
        RenderQuality::FAST,
        &level,
        &collider,
    )
    .expect("renderer");
    let builder = renderer.scene_builder();
    let decoded = builder.textures_decoded();

    // An unchanged image is not decoded again.
    let again = builder
        .build(&level, &collider, BrokenTexture::RefuseUndecodable)
        .expect("rebuild");
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
    assert_eq!(builder.textures_decoded(), decoded);

    // New bytes under the same name are.
    RgbaImage::from_pixel(8, 8, Rgba([40, 200, 40, 255]))
        .save(&image)
        .expect("rewrite the texture");
    builder
        .build(&level, &collider, BrokenTexture::RefuseUndecodable)
        .expect("rebuild with the new image");
    assert_eq!(builder.textures_decoded(), decoded + 1);

    // Garbage: a reload is refused, naming the material; a first load
    // shows the checkerboard with a warning instead.
    std::fs::write(&image, b"\x89PNG garbage").expect("garble the texture");
    let error = builder
        .build(&level, &collider, BrokenTexture::RefuseUndecodable)
        .expect_err("a garbage texture refuses the reload");
    assert!(error.to_string().contains("mural"), "{error}");
    let shown = builder
        .build(&level, &collider, BrokenTexture::Checkerboard)
        .expect("a first load shows a checkerboard");
    assert_eq!(shown.warnings.len(), 1, "{:?}", shown.warnings);
    assert!(
        shown.warnings[0].contains("checkerboard"),
        "{:?}",
        shown.warnings
    );
}
