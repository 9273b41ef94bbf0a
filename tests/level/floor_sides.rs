//! A `[[floor]]`'s `sides`: they load with their defaults, say where a bad
//! entry is, and a complete file and an edited one write them back.

use std::path::Path;

use glam::Vec2;
use mazewalker::level::save::LevelDocument;
use mazewalker::level::{FloorSide, Level, LevelSource, MaterialId, SidePeg};

/// A level with one square floor, its table ending with `more` keys.
fn level_with(more: &str) -> String {
    format!(
        "[player]\nstart = [1.0, 1.0]\n\n[[floor]]\n\
         points = [[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]\nheight = 0.5\n{more}"
    )
}

fn loads(text: &str) -> Level {
    match Level::from_toml_str(text, Path::new("sides.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}\n{text}"),
    }
}

fn error_of(more: &str) -> String {
    Level::from_toml_str(&level_with(more), Path::new("sides.toml"))
        .expect_err("a bad entry")
        .to_string()
}

fn material(level: &Level, name: &str) -> MaterialId {
    let index = level.materials.iter().position(|m| m.name == name);
    MaterialId::at(index.expect("a builtin material"))
}

#[test]
fn a_floor_without_sides_or_with_empty_entries_takes_the_defaults() {
    let plain = loads(&level_with(""));
    assert!(plain.floors[0].sides.is_empty());
    assert_eq!(plain.floors[0].side(3), FloorSide::default());
    let empty = loads(&level_with("sides = [{}, {}]\n"));
    assert_eq!(empty.floors[0].sides, vec![FloorSide::default(); 2]);
    let default = FloorSide::<MaterialId>::default();
    assert_eq!(
        (default.lower, default.upper, default.offset),
        (None, None, Vec2::ZERO)
    );
    assert_eq!(
        (default.lower_peg, default.upper_peg),
        (SidePeg::Ground, SidePeg::Ground)
    );
}

#[test]
fn an_entry_loads_its_materials_offset_and_pegs() {
    let level = loads(&level_with(
        "sides = [{}, { lower = \"brick\", upper = \"wood\", offset = [0.5, -0.25], \
         lower_peg = \"edge\", upper_peg = \"ceiling\" }]\n",
    ));
    let side = level.floors[0].side(1);
    assert_eq!(side.lower, Some(material(&level, "brick")));
    assert_eq!(side.upper, Some(material(&level, "wood")));
    assert_eq!(side.offset, Vec2::new(0.5, -0.25));
    assert_eq!(
        (side.lower_peg, side.upper_peg),
        (SidePeg::Edge, SidePeg::Ceiling)
    );
    assert_eq!(level.floors[0].side(0), FloorSide::default());
    assert_eq!(level.floors[0].side(2), FloorSide::default());
}

#[test]
fn a_bad_entry_says_where() {
    let message = error_of("sides = [{}, {}, {}, {}, {}]\n");
    assert!(message.starts_with("sides.toml:7:9: floor 0:"), "{message}");
    assert!(
        message.contains("`sides` has 5 entries but the outline has 4 edges"),
        "{message}"
    );
    let message = error_of("sides = [{ lower = \"brik\" }]\n");
    assert!(
        message.starts_with("sides.toml:7:20: floor 0:"),
        "{message}"
    );
    assert!(message.contains("did you mean `brick`?"), "{message}");
    let message = error_of("sides = [{ upper_peg = \"edg\" }]\n");
    assert!(message.starts_with("sides.toml:7:24:"), "{message}");
    assert!(message.contains("did you mean `edge`?"), "{message}");
    let message = error_of("sides = [{ offset = [1.0] }]\n");
    assert!(message.starts_with("sides.toml:7:21:"), "{message}");
    assert!(message.contains("list of 2 numbers"), "{message}");
    let message = error_of("sides = [{ lower = 3 }]\n");
    assert!(message.starts_with("sides.toml:7:"), "{message}");
    let message = error_of("sides = [{ middle = \"brick\" }]\n");
    assert!(message.starts_with("sides.toml:7:"), "{message}");
    assert!(message.contains("middle"), "{message}");
    let message = error_of("sides = { lower = \"brick\" }\n");
    assert!(message.starts_with("sides.toml:7:"), "{message}");
}

#[test]
fn a_complete_file_writes_sides_up_to_the_last_not_default_and_loads_back() {
    let mut level = loads(&level_with(
        "sides = [{}, { lower = \"brick\", offset = [0.75, 0.125], upper_peg = \"edge\" }, {}]\n",
    ));
    level.source = LevelSource::Maze {
        width: 1,
        height: 1,
        seed: 0,
    };
    let text = LevelDocument::from_level(&level).expect("writable").text();
    assert!(
        text.contains(
            "sides = [\n    {},\n    { lower = \"brick\", offset = [0.75, 0.125], upper_peg = \"edge\" },\n]"
        ),
        "{text}"
    );
    let back = loads(&text);
    assert_eq!(back.floors[0].sides, level.floors[0].sides[..2]);
    let mut without = loads(&level_with("sides = [{}, {}]\n"));
    without.source = level.source.clone();
    let text = LevelDocument::from_level(&without)
        .expect("writable")
        .text();
    assert!(!text.contains("sides ="), "{text}");
}
