//! `[[floor]]` and the keys floors bring: every bad case gives its error
//! with the file, line and column, the item and what is wrong; floors side
//! by side and islands load.

use std::path::Path;

use mazewalker::level::Level;

const PLAYER: &str = "[player]\nstart = [1.0, 1.0]\n";

/// A floor table over `points`, `height` high, with `more` keys.
fn floor(points: &str, height: f32, more: &str) -> String {
    format!("\n[[floor]]\npoints = {points}\nheight = {height}\n{more}")
}

const SQUARE: &str = "[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]";

fn message_for(text: &str) -> String {
    match Level::from_toml_str(text, Path::new("floors.toml")) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(error) => error.to_string(),
    }
}

fn loads(text: &str) -> Level {
    match Level::from_toml_str(text, Path::new("floors.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}\n{text}"),
    }
}

#[test]
fn a_self_crossing_outline_is_refused_at_its_points() {
    let bow_tie = "[[0.0, 0.0], [4.0, 4.0], [4.0, 0.0], [0.0, 4.0]]";
    let message = message_for(&format!("{PLAYER}{}", floor(bow_tie, 0.5, "")));
    assert!(
        message.starts_with("floors.toml:5:10: floor 0: the outline crosses itself at [2.0, 2.0]"),
        "{message}"
    );
    let message = message_for(&format!(
        "{PLAYER}{}",
        floor("[[0.0, 0.0], [1.0, 0.0]]", 0.5, "")
    ));
    assert!(
        message.contains("floor 0: `points` must list at least 3 points, found 2"),
        "{message}"
    );
}

#[test]
fn floors_that_overlap_partially_or_cross_are_refused_naming_both_and_a_point() {
    let shifted = "[[2.0, 0.0], [6.0, 0.0], [6.0, 4.0], [2.0, 4.0]]";
    let text = format!(
        "{PLAYER}{}{}",
        floor(SQUARE, 0.5, ""),
        floor(shifted, 1.0, "")
    );
    let message = message_for(&text);
    assert!(
        message.starts_with("floors.toml:9:10: floor 1: floor 0 and floor 1"),
        "{message}"
    );
    assert!(message.contains(" at ["), "{message}");
    let across = "[[2.0, -1.0], [3.0, -1.0], [3.0, 5.0], [2.0, 5.0]]";
    let text = format!(
        "{PLAYER}{}{}",
        floor(SQUARE, 0.5, ""),
        floor(across, 1.0, "")
    );
    let message = message_for(&text);
    assert!(
        message.contains("floor 1: floor 0 and floor 1 cross at [2.0, 0.0]")
            || message.contains("floor 1: floor 0 and floor 1 cross at [3.0, 0.0]")
            || message.contains("floor 1: floor 0 and floor 1 cross at [2.0, 4.0]"),
        "{message}"
    );
}

#[test]
fn neighbours_and_islands_load() {
    let beside = "[[4.0, 0.0], [8.0, 0.0], [8.0, 2.0], [4.0, 2.0]]";
    let island = "[[1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 2.0]]";
    let text = format!(
        "[player]\nstart = [3.0, 3.0]\n{}{}{}",
        floor(SQUARE, 0.2, ""),
        floor(beside, 0.4, ""),
        floor(island, 0.6, "")
    );
    let level = loads(&text);
    assert_eq!(level.floors.len(), 3);
    assert_eq!(level.floor_height_at(glam::Vec2::new(1.5, 1.5)), 0.6);
    assert_eq!(level.floor_height_at(glam::Vec2::new(3.0, 3.0)), 0.2);
    assert_eq!(level.floor_height_at(glam::Vec2::new(6.0, 1.0)), 0.4);
    assert_eq!(level.floor_height_at(glam::Vec2::new(6.0, 3.0)), 0.0);
}

#[test]
fn a_ceiling_at_or_below_the_floor_and_heights_out_of_range_are_refused() {
    let message = message_for(&format!(
        "{PLAYER}{}",
        floor(SQUARE, 2.0, "ceiling = 2.0\n")
    ));
    assert!(
        message.starts_with("floors.toml:7:11: floor 0: `ceiling` 2 m must be above `height` 2 m"),
        "{message}"
    );
    let message = message_for(&format!("{PLAYER}{}", floor(SQUARE, 101.0, "")));
    assert!(
        message.contains("floor 0: `height` must be between -100 and 100 m, not 101"),
        "{message}"
    );
}

#[test]
fn a_player_height_not_above_the_eye_and_a_step_out_of_range_are_refused() {
    let message = message_for("[player]\nstart = [0.0, 0.0]\neye_height = 1.6\nheight = 1.5\n");
    assert!(
        message.starts_with(
            "floors.toml:4:10: player: `height` 1.5 m must be above `eye_height` 1.6 m"
        ),
        "{message}"
    );
    let message = message_for("[player]\nstart = [0.0, 0.0]\nstep = 2.5\n");
    assert!(
        message.contains("player: `step` must be between 0 and 2 m, not 2.5"),
        "{message}"
    );
}

#[test]
fn a_start_in_the_void_or_under_too_low_a_ceiling_is_refused() {
    let text = format!(
        "[player]\nstart = [9.0, 9.0]\n[environment]\nground = false\n{}",
        floor(SQUARE, 0.0, "")
    );
    let message = message_for(&text);
    assert!(
        message.starts_with("floors.toml:2:9: player: start [9.0, 9.0] is in the void"),
        "{message}"
    );
    let text = format!("{PLAYER}{}", floor(SQUARE, 0.0, "ceiling = 1.2\n"));
    let message = message_for(&text);
    assert!(
        message.contains("player: start [1.0, 1.0] is on floor 0, whose ceiling is 1.2 m above its floor, lower than `height` 1.8 m"),
        "{message}"
    );
}

/// A stage 0.6 m high in a room at 0, with a wall along its edge, a lamp
/// over it and a door beside it: `base` left out, each stands on the lowest
/// floor under it; written, on what it says.
fn stage_with(wall_more: &str, lamp_more: &str) -> String {
    format!(
        "{PLAYER}{}\n[[wall]]\na = [2.0, 2.0]\nb = [2.0, 3.0]\nheight = 1.0\n{wall_more}\n\
         [[light]]\nat = [3.0, 3.0]\nheight = 2.0\n{lamp_more}\n\
         [[door]]\na = [0.5, 3.0]\nb = [1.5, 3.0]\n",
        floor("[[2.0, 2.0], [4.0, 2.0], [4.0, 4.0], [2.0, 4.0]]", 0.6, "")
    )
}

#[test]
fn items_stand_on_the_lowest_floor_under_them_unless_given_a_base() {
    let level = loads(&stage_with("", ""));
    assert_eq!(level.walls[0].base(), None);
    // The wall runs along the stage's edge: it reaches down to the room.
    assert_eq!(level.wall_base(&level.walls[0]), 0.0);
    // The lamp's height counts from the stage it hangs over.
    let lamp = level.placed_light(&level.lights[0]);
    assert!((lamp.height - 2.6).abs() < 1e-6, "{}", lamp.height);
    assert_eq!(level.placed_doors()[0].base, Some(0.0));

    let level = loads(&stage_with("base = 0.6", "base = 1.0"));
    assert_eq!(level.walls[0].base(), Some(0.6));
    assert_eq!(level.wall_base(&level.walls[0]), 0.6);
    assert_eq!(level.placed_light(&level.lights[0]).height, 3.0);
}

#[test]
fn a_base_out_of_range_is_refused_at_its_value() {
    let message = message_for(&stage_with("base = 120.0", ""));
    assert!(
        message.starts_with("floors.toml:12:8: wall 0: `base` must be between -100 and 100 m"),
        "{message}"
    );
    let message = message_for(&stage_with("", "base = nan"));
    assert!(
        message.contains("light 0: `base` must be a finite number"),
        "{message}"
    );
}

#[test]
fn a_base_is_saved_where_written_and_nowhere_else() {
    let level = loads(&stage_with("base = 0.25", ""));
    let text = mazewalker::level::save::LevelDocument::from_level(&level)
        .expect("a complete file")
        .text();
    assert_eq!(text.matches("base = ").count(), 1, "{text}");
    let again = loads(&text);
    assert_eq!(again.walls[0].base(), Some(0.25));
    assert_eq!(again.lights[0].base, None);
}

#[test]
fn a_floors_light_is_whole_unless_written_and_must_lie_in_0_to_1() {
    let level = loads(&format!(
        "{PLAYER}{}{}",
        floor(SQUARE, 0.0, ""),
        floor(
            "[[5.0, 0.0], [8.0, 0.0], [8.0, 3.0], [5.0, 3.0]]",
            0.0,
            "light = 0.25\n"
        )
    ));
    let lights: Vec<f32> = level.floors.iter().map(|f| f.light).collect();
    assert_eq!(lights, [1.0, 0.25]);
    for (bad, column) in [("1.5", 9), ("-0.1", 9)] {
        let message = message_for(&format!(
            "{PLAYER}{}",
            floor(SQUARE, 0.0, &format!("light = {bad}\n"))
        ));
        assert!(
            message.starts_with(&format!("floors.toml:7:{column}: floor 0: `light`")),
            "{message}"
        );
    }
}

#[test]
fn a_floors_light_is_written_back_only_when_not_whole() {
    use mazewalker::level::LevelSource;
    use mazewalker::level::save::LevelDocument;
    let mut level = loads(&format!(
        "{PLAYER}{}{}",
        floor(SQUARE, 0.0, ""),
        floor(
            "[[5.0, 0.0], [8.0, 0.0], [8.0, 3.0], [5.0, 3.0]]",
            0.0,
            "light = 0.625\n"
        )
    ));
    level.source = LevelSource::Maze {
        width: 1,
        height: 1,
        seed: 0,
    };
    let text = LevelDocument::from_level(&level).expect("writable").text();
    assert_eq!(text.matches("\nlight = ").count(), 1, "{text}");
    assert!(text.contains("\nlight = 0.625\n"), "{text}");
    let back = loads(&text);
    let lights: Vec<f32> = back.floors.iter().map(|f| f.light).collect();
    assert_eq!(lights, [1.0, 0.625]);
}

#[test]
fn each_face_takes_the_light_of_the_floor_it_looks_into() {
    use mazewalker::level::mesh::scene_mesh;
    // A dim room 4 m square and a bright one east of it, 0.5 m higher:
    // the riser between them looks into the dim one.
    let dim = "[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]";
    let bright = "[[4.0, 0.0], [8.0, 0.0], [8.0, 4.0], [4.0, 4.0]]";
    let text = format!(
        "{PLAYER}\n[environment]\nground = false\n{}{}",
        floor(dim, 0.0, "light = 0.25\n"),
        floor(bright, 0.5, "")
    );
    let mesh = scene_mesh(&loads(&text));
    let light_at = |x: f32, y: f32, z: f32, normal: [f32; 3]| {
        let lights: Vec<f32> = mesh
            .vertices
            .iter()
            .filter(|v| v.normal == normal && (v.position[0] - x).abs() < 2.01)
            .filter(|v| (v.position[1] - y).abs() < 1e-3 && (v.position[2] - z).abs() < 2.01)
            .map(|v| v.floor_light)
            .collect();
        assert!(!lights.is_empty(), "no face at ({x}, {y}, {z})");
        lights
    };
    // The dim floor, seen from above, and the riser looking west into it.
    assert_eq!(light_at(2.0, 0.0, 2.0, [0.0, 1.0, 0.0]), [0.25; 4]);
    let riser = light_at(4.0, 0.0, 2.0, [-1.0, 0.0, 0.0]);
    assert!(riser.iter().all(|&l| l == 0.25), "{riser:?}");
    // The bright floor.
    assert_eq!(light_at(6.0, 0.5, 2.0, [0.0, 1.0, 0.0]), [1.0; 4]);
    // A level whose floors leave `light` out is lit whole everywhere.
    let whole = scene_mesh(&loads(&format!("{PLAYER}{}", floor(dim, 0.0, ""))));
    assert!(whole.vertices.iter().all(|v| v.floor_light == 1.0));
}
