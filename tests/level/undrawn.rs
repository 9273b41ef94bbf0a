//! `drawn = false` on a wall: it loads, blocks the walker as any wall,
//! makes no triangles, casts no shadow, hides nothing, and is saved back
//! only when it is not drawn.

use std::path::Path;

use glam::Vec2;
use mazewalker::collision::MoveOptions;
use mazewalker::level::save::LevelDocument;
use mazewalker::level::{Level, LevelSource};

/// A level with a wall across x = 2 from z = -5 to z = 5, written with
/// `more` keys, the walker starting west of it.
fn level_with(more: &str) -> String {
    format!("[player]\nstart = [0.0, 0.0]\n\n[[wall]]\na = [2.0, -5.0]\nb = [2.0, 5.0]\n{more}")
}

fn loads(text: &str) -> Level {
    match Level::from_toml_str(text, Path::new("undrawn.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}\n{text}"),
    }
}

#[test]
fn a_wall_is_drawn_unless_it_says_not() {
    assert!(loads(&level_with("")).walls[0].drawn());
    assert!(loads(&level_with("drawn = true\n")).walls[0].drawn());
    assert!(!loads(&level_with("drawn = false\n")).walls[0].drawn());
}

#[test]
fn drawn_must_be_a_bool_and_says_where() {
    let error = Level::from_toml_str(&level_with("drawn = 0\n"), Path::new("undrawn.toml"))
        .expect_err("a number is not a bool");
    let message = error.to_string();
    assert!(message.starts_with("undrawn.toml:7:9:"), "{message}");
    assert!(message.contains("bool"), "{message}");
}

#[test]
fn a_wall_not_drawn_blocks_the_walker_as_a_drawn_one() {
    for more in ["", "drawn = false\n"] {
        let level = loads(&level_with(more));
        let outcome = level
            .collider()
            .move_eye(Vec2::ZERO, Vec2::new(4.0, 0.0), &MoveOptions::default())
            .expect("a finite move");
        assert!(outcome.position.x < 2.0, "{more:?}: {:?}", outcome.position);
    }
}

#[test]
fn a_wall_not_drawn_makes_no_triangles_casts_no_shadow_and_hides_nothing() {
    use mazewalker::collision::Surface;
    let drawn = loads(&level_with(""));
    let undrawn = loads(&level_with("drawn = false\n"));
    let without = loads("[player]\nstart = [0.0, 0.0]\n");
    let triangles = |level: &Level| mazewalker::level::mesh::scene_mesh(level).indices.len();
    assert!(triangles(&drawn) > triangles(&without));
    assert_eq!(triangles(&undrawn), triangles(&without));
    assert!(drawn.shape_height(Surface::Wall(0)).is_some());
    assert_eq!(undrawn.shape_height(Surface::Wall(0)), None);
    assert_eq!(drawn.occluding_walls(), [true]);
    assert_eq!(undrawn.occluding_walls(), [false]);
}

#[test]
fn a_complete_file_writes_drawn_only_for_a_wall_not_drawn_and_loads_back() {
    let mut level = loads(&format!(
        "{}\n[[wall]]\na = [3.0, -5.0]\nb = [3.0, 5.0]\ndrawn = false\n",
        level_with("")
    ));
    level.source = LevelSource::Maze {
        width: 1,
        height: 1,
        seed: 0,
    };
    let text = LevelDocument::from_level(&level).expect("writable").text();
    assert_eq!(text.matches("drawn =").count(), 1, "{text}");
    assert!(text.contains("drawn = false"), "{text}");
    let back = loads(&text);
    assert_eq!(
        back.walls.iter().map(|w| w.drawn()).collect::<Vec<_>>(),
        [true, false]
    );
}
