//! A wall's texture `offset` and `peg`: they load with their defaults,
//! say where a bad value is, and are saved back only when not the
//! defaults.

use std::path::Path;

use glam::Vec2;
use mazewalker::level::save::LevelDocument;
use mazewalker::level::{Level, LevelSource, Peg, TextureAlignment};

/// A level with a wall across x = 2, written with `more` keys.
fn level_with(more: &str) -> String {
    format!("[player]\nstart = [0.0, 0.0]\n\n[[wall]]\na = [2.0, -5.0]\nb = [2.0, 5.0]\n{more}")
}

fn loads(text: &str) -> Level {
    match Level::from_toml_str(text, Path::new("alignment.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}\n{text}"),
    }
}

fn error_of(more: &str) -> String {
    Level::from_toml_str(&level_with(more), Path::new("alignment.toml"))
        .expect_err("a bad value")
        .to_string()
}

#[test]
fn a_wall_has_no_offset_and_is_pegged_to_its_top_unless_it_says_otherwise() {
    assert_eq!(
        loads(&level_with("")).walls[0].alignment(),
        TextureAlignment {
            offset: Vec2::ZERO,
            peg: Peg::Top
        }
    );
    assert_eq!(
        loads(&level_with("offset = [0.5, -1.25]\npeg = \"bottom\"\n")).walls[0].alignment(),
        TextureAlignment {
            offset: Vec2::new(0.5, -1.25),
            peg: Peg::Bottom
        }
    );
    assert_eq!(
        loads(&level_with("peg = \"top\"\n")).walls[0]
            .alignment()
            .peg,
        Peg::Top
    );
}

#[test]
fn a_bad_offset_or_peg_says_where() {
    let message = error_of("offset = [1.0]\n");
    assert!(message.starts_with("alignment.toml:7:10:"), "{message}");
    assert!(message.contains("list of 2 numbers"), "{message}");
    let message = error_of("peg = \"botom\"\n");
    assert!(message.starts_with("alignment.toml:7:7:"), "{message}");
    assert!(message.contains("did you mean `bottom`?"), "{message}");
}

#[test]
fn a_complete_file_writes_offset_and_peg_only_when_not_the_defaults_and_loads_back() {
    let mut level = loads(&format!(
        "{}\n[[wall]]\na = [3.0, -5.0]\nb = [3.0, 5.0]\noffset = [0.75, 0.125]\npeg = \"bottom\"\n\
         \n[[wall]]\na = [4.0, -5.0]\nb = [4.0, 5.0]\noffset = [0.0, 0.5]\n",
        level_with("")
    ));
    level.source = LevelSource::Maze {
        width: 1,
        height: 1,
        seed: 0,
    };
    let text = LevelDocument::from_level(&level).expect("writable").text();
    assert_eq!(text.matches("offset =").count(), 2, "{text}");
    assert_eq!(text.matches("peg =").count(), 1, "{text}");
    assert!(text.contains("offset = [0.75, 0.125]"), "{text}");
    assert!(text.contains("peg = \"bottom\""), "{text}");
    let back = loads(&text);
    let alignments: Vec<TextureAlignment> = back.walls.iter().map(|w| w.alignment()).collect();
    assert_eq!(
        alignments,
        level
            .walls
            .iter()
            .map(|w| w.alignment())
            .collect::<Vec<_>>()
    );
}
