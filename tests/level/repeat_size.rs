//! A material's `metres_per_repeat`: one number for both axes, or
//! `[along, down]`; a bad value says where it is; both forms are saved
//! back and load back equal.

use std::path::Path;

use glam::Vec2;
use mazewalker::level::save::LevelDocument;
use mazewalker::level::{Level, LevelSource, WallEnd};

/// A level declaring the material `panel` with `repeat` as its
/// `metres_per_repeat` (the key is on line 7), and a wall of it.
fn level_with(repeat: &str) -> String {
    format!(
        "[player]\nstart = [0.0, 0.0]\n\n[[material]]\nname = \"panel\"\nbuiltin = \"brick\"\n\
         metres_per_repeat = {repeat}\n\n[[wall]]\na = [2.0, -5.0]\nb = [2.0, 5.0]\nmaterial = \"panel\"\n"
    )
}

fn loads(text: &str) -> Level {
    match Level::from_toml_str(text, Path::new("repeat.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}\n{text}"),
    }
}

/// The size of the material `panel` of `text`.
fn panel_size(text: &str) -> Vec2 {
    let level = loads(text);
    let panel = level.materials.iter().find(|m| m.name == "panel");
    panel.expect("declared").metres_per_repeat
}

fn error_of(repeat: &str) -> String {
    Level::from_toml_str(&level_with(repeat), Path::new("repeat.toml"))
        .expect_err("a bad value")
        .to_string()
}

#[test]
fn a_number_is_both_axes_and_a_pair_is_along_then_down() {
    assert_eq!(panel_size(&level_with("1.5")), Vec2::splat(1.5));
    assert_eq!(panel_size(&level_with("2")), Vec2::splat(2.0));
    assert_eq!(panel_size(&level_with("[2.0, 4.0]")), Vec2::new(2.0, 4.0));
    assert_eq!(panel_size(&level_with("[1, 0.25]")), Vec2::new(1.0, 0.25));
    let brick = loads(&level_with("1.0"))
        .materials
        .into_iter()
        .find(|m| m.name == "brick")
        .expect("a builtin");
    assert_eq!(brick.metres_per_repeat, Vec2::splat(1.2), "a builtin's own");
}

#[test]
fn a_bad_size_says_where_and_what() {
    for (repeat, what) in [
        ("0.0", "`metres_per_repeat` must be more than 0, not 0"),
        ("-2.0", "`metres_per_repeat` must be more than 0, not -2"),
        (
            "nan",
            "`metres_per_repeat` must be a finite number, not NaN",
        ),
        (
            "[1.0, -0.5]",
            "`metres_per_repeat` must be more than 0, not -0.5 (down)",
        ),
        (
            "[0.0, 1.0]",
            "`metres_per_repeat` must be more than 0, not 0 (along)",
        ),
        (
            "[1.0]",
            "`metres_per_repeat` must be a list of 2 numbers, found 1",
        ),
        (
            "[1.0, 2.0, 3.0]",
            "`metres_per_repeat` must be a list of 2 numbers, found 3",
        ),
        ("[1.0, inf]", "`metres_per_repeat` must be finite"),
        ("\"big\"", "a number or a list of 2 numbers `[along, down]`"),
        (
            "[1.0, \"x\"]",
            "a number or a list of 2 numbers `[along, down]`",
        ),
    ] {
        let message = error_of(repeat);
        assert!(
            message.starts_with("repeat.toml:7:21:"),
            "{repeat}: {message}"
        );
        assert!(message.contains(what), "{repeat}: {message}");
    }
}

#[test]
fn a_complete_file_writes_a_number_or_a_pair_and_loads_back_equal() {
    let mut level = loads(&format!(
        "{}\n[[material]]\nname = \"square\"\nbuiltin = \"wood\"\nmetres_per_repeat = [0.5, 0.5]\n",
        level_with("[2.0, 4.5]")
    ));
    level.source = LevelSource::Maze {
        width: 1,
        height: 1,
        seed: 0,
    };
    let text = LevelDocument::from_level(&level).expect("writable").text();
    assert!(text.contains("metres_per_repeat = [2.0, 4.5]\n"), "{text}");
    assert!(text.contains("metres_per_repeat = 0.5\n"), "{text}");
    let back = loads(&text);
    assert_eq!(back.materials, level.materials);
}

#[test]
fn an_edited_file_keeps_its_pair_as_written() {
    let original = level_with("[ 2, 4.5 ]  # wide and tall");
    let level = loads(&original);
    let mut document = LevelDocument::parse(&original).expect("TOML");
    document
        .move_endpoints(&[(0, WallEnd::A)], Vec2::new(2.0, -6.0))
        .expect("wall 0 has an a");
    let text = document.text();
    assert!(
        text.contains("metres_per_repeat = [ 2, 4.5 ]  # wide and tall\n"),
        "{text}"
    );
    assert_eq!(panel_size(&text), Vec2::new(2.0, 4.5));
    assert_eq!(
        loads(&text).materials,
        level.materials,
        "the edit leaves the materials as they were"
    );
}
