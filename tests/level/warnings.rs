//! Warnings: suspicious but loadable levels load, and say what is wrong.

use crate::common;

use std::path::Path;

use mazewalker::level::{Level, LoadedLevel, TextureSource, checkerboard, load_texture_image};

fn load(text: &str) -> LoadedLevel {
    Level::from_toml_str(text, Path::new("dir/test.toml")).expect("the level is valid")
}

#[test]
fn a_missing_texture_file_warns_and_shows_a_checkerboard() {
    let loaded = load(
        "[player]\nstart = [0.0, 0.0]\n\n[[material]]\nname = \"mural\"\nfile = \"textures/mural.png\"\n",
    );
    assert_eq!(loaded.warnings.len(), 1);
    let warning = loaded.warnings[0].to_string();
    assert!(warning.starts_with("dir/test.toml:6:8: warning: material `mural`: cannot open texture dir/textures/mural.png"), "{warning}");
    assert!(warning.contains("checkerboard"), "{warning}");

    let mural = loaded
        .level
        .materials
        .iter()
        .find(|material| material.name == "mural")
        .expect("declared");
    assert_eq!(
        mural.texture,
        TextureSource::File("dir/textures/mural.png".into())
    );
    let (image, warning) = load_texture_image(mural);
    assert_eq!(image, checkerboard());
    assert!(warning.is_some());
}

#[test]
fn an_unreadable_texture_file_warns() {
    let directory = common::scratch_folder("unreadable_texture");
    std::fs::write(directory.join("broken.png"), b"not a png at all").expect("writable");
    std::fs::write(
        directory.join("level.toml"),
        "[player]\nstart = [0.0, 0.0]\n[[material]]\nname = \"broken\"\nfile = \"broken.png\"\n",
    )
    .expect("writable");
    let loaded = Level::load(&directory.join("level.toml")).expect("a bad texture is not fatal");
    assert_eq!(loaded.warnings.len(), 1, "{:?}", loaded.warnings);
    assert!(loaded.warnings[0].to_string().contains("material `broken`"));
}

#[test]
fn texture_files_resolve_next_to_the_level_and_load() {
    let directory = common::scratch_folder("good_texture");
    std::fs::create_dir_all(directory.join("art")).expect("writable");
    let pixels = image::RgbaImage::from_pixel(4, 4, image::Rgba([10, 20, 30, 255]));
    pixels
        .save(directory.join("art/blue.png"))
        .expect("writable");
    std::fs::write(
        directory.join("level.toml"),
        "[player]\nstart = [0.0, 0.0]\n[[material]]\nname = \"blue\"\nfile = \"art/blue.png\"\nmetres_per_repeat = 0.5\n",
    )
    .expect("writable");
    let loaded = Level::load(&directory.join("level.toml")).expect("valid");
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let blue = loaded
        .level
        .materials
        .iter()
        .find(|material| material.name == "blue")
        .expect("declared");
    assert_eq!(blue.metres_per_repeat, glam::Vec2::splat(0.5));
    let (image, warning) = load_texture_image(blue);
    assert_eq!(warning, None);
    assert_eq!(image, pixels);
}

#[test]
fn a_start_inside_a_wall_radius_warns() {
    let loaded = load(
        "[player]\nstart = [0.1, 0.0]\n\n[[wall]]\na = [-1.0, 0.2]\nb = [1.0, 0.2]\nradius = 0.3\n",
    );
    assert_eq!(loaded.warnings.len(), 1);
    let warning = loaded.warnings[0].to_string();
    assert!(
        warning.starts_with("dir/test.toml:2:9: warning: player: start [0.1, 0.0] is inside wall 0's radius (0.200 m from it"),
        "{warning}"
    );
}

#[test]
fn a_start_inside_an_obstacle_warns_for_either_winding() {
    for points in [
        "[[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]",
        "[[-1.0, -1.0], [-1.0, 1.0], [1.0, 1.0], [1.0, -1.0]]",
    ] {
        let loaded = load(&format!(
            "[player]\nstart = [0.0, 0.0]\n[[obstacle]]\npoints = {points}\n"
        ));
        assert_eq!(loaded.warnings.len(), 1, "{points}");
        assert!(
            loaded.warnings[0]
                .to_string()
                .contains("player: start [0.0, 0.0] is inside obstacle 0")
        );
    }
}

#[test]
fn a_start_clear_of_everything_does_not_warn() {
    let loaded = load(
        "[player]\nstart = [0.0, 0.0]\nradius = 0.25\n[[wall]]\na = [-1.0, 1.0]\nb = [1.0, 1.0]\n\
         [[obstacle]]\npoints = [[2.0, 2.0], [3.0, 2.0], [3.0, 3.0]]\n",
    );
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
}

#[test]
fn clockwise_obstacles_are_accepted() {
    let loaded = load(
        "[player]\nstart = [0.0, 0.0]\n[[obstacle]]\npoints = [[2.0, 2.0], [2.0, 3.0], [3.0, 3.0], [3.0, 2.0]]\n",
    );
    assert_eq!(loaded.level.obstacles.len(), 1);
}

#[test]
fn walls_thicker_than_their_radius_warn() {
    let loaded = load(
        "[player]\nstart = [0.0, 0.0]\n[[wall]]\na = [5.0, 0.0]\nb = [5.0, 3.0]\nradius = 0.1\nthickness = 0.4\n",
    );
    assert_eq!(loaded.warnings.len(), 1);
    assert!(
        loaded.warnings[0]
            .to_string()
            .starts_with("dir/test.toml:7:13: warning: wall 0: half its thickness")
    );
}

#[test]
fn walls_shorter_than_a_centimetre_warn_and_longer_ones_do_not() {
    let loaded = load(
        "[player]\nstart = [0.0, 0.0]\n[[wall]]\na = [5.0, 0.0]\nb = [5.005, 0.0]\n[[wall]]\na = [7.0, 0.0]\nb = [7.02, 0.0]\n",
    );
    let warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "dir/test.toml:4:5: warning: wall 0: only 5.0 mm long (shorter than 1 cm): a slip of the hand?"
        ]
    );
}

#[test]
fn optional_keys_take_their_documented_defaults() {
    let level =
        load("[player]\nstart = [0.0, 0.0]\n[[wall]]\na = [5.0, 0.0]\nb = [5.0, 3.0]\n").level;
    let wall = level.walls[0].clone();
    assert_eq!((wall.radius, wall.thickness, wall.height), (0.3, 0.15, 2.8));
    assert_eq!(level.materials[wall.material.index()].name, "plaster");
    assert_eq!(level.wall_defaults.wall(wall.a, wall.b), wall);
    assert_eq!(
        level.materials[level.environment.floor.index()].name,
        "wood_floor"
    );
    assert_eq!(
        level.materials[level.environment.ceiling.index()].name,
        "ceiling"
    );
    assert_eq!(level.player.yaw_degrees, 0.0);
    assert_eq!(level.player.radius, 0.25);
    assert_eq!((level.player.push, level.player.kick), (300.0, 60.0));
    assert_eq!(level.name, "test");
}

#[test]
fn an_obstacle_is_fixed_unless_loose_and_moves_by_the_documented_defaults() {
    let level = load(
        "[player]\nstart = [0.0, 0.0]\n\
         [[obstacle]]\npoints = [[2.0, 2.0], [3.0, 2.0], [3.0, 3.0]]\n\
         [[obstacle]]\npoints = [[5.0, 2.0], [6.0, 2.0], [6.0, 3.0]]\nloose = true\n",
    )
    .level;
    let [fixed, loose] = [&level.obstacles[0], &level.obstacles[1]];
    assert!(!fixed.loose && loose.loose);
    for obstacle in [fixed, loose] {
        assert_eq!(
            (obstacle.mass, obstacle.friction, obstacle.bounce),
            (20.0, 0.5, 0.2)
        );
    }
}

#[test]
fn how_a_fixed_obstacle_would_move_warns_where_it_is_written() {
    let loaded = load(
        "[player]\nstart = [0.0, 0.0]\n\
         [[obstacle]]\npoints = [[2.0, 2.0], [3.0, 2.0], [3.0, 3.0]]\nmass = 40\nbounce = 0.5\n\
         [[obstacle]]\npoints = [[5.0, 2.0], [6.0, 2.0], [6.0, 3.0]]\nloose = false\nfriction = 1.5\n\
         [[obstacle]]\npoints = [[8.0, 2.0], [9.0, 2.0], [9.0, 3.0]]\nloose = true\nmass = 5\nfriction = 0.1\nbounce = 0.9\n",
    );
    let warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "dir/test.toml:5:8: warning: obstacle 0: `mass` has no effect on a fixed obstacle; add `loose = true` to let it move",
            "dir/test.toml:6:10: warning: obstacle 0: `bounce` has no effect on a fixed obstacle; add `loose = true` to let it move",
            "dir/test.toml:10:12: warning: obstacle 1: `friction` has no effect on a fixed obstacle; add `loose = true` to let it move",
        ]
    );
    // The values are kept as written, for a later `loose = true`.
    let obstacles = &loaded.level.obstacles;
    assert_eq!((obstacles[0].mass, obstacles[0].bounce), (40.0, 0.5));
    assert_eq!(obstacles[1].friction, 1.5);
    assert_eq!(
        (
            obstacles[2].mass,
            obstacles[2].friction,
            obstacles[2].bounce
        ),
        (5.0, 0.1, 0.9)
    );
}
