//! `see_through` and `blocks` on a wall: their defaults, their errors,
//! what a see-through wall leaves out (shadows, hiding, sound), what a
//! wall that does not block lets through (the walker, the bodies), and a
//! complete file that writes them only away from their defaults.

use std::path::Path;

use glam::Vec2;
use mazewalker::collision::{MoveOptions, Surface};
use mazewalker::level::mesh::{BatchKind, scene_mesh};
use mazewalker::level::save::LevelDocument;
use mazewalker::level::{Level, LevelSource};

/// A level with a wall across x = 2 from z = -5 to z = 5, written with
/// `more` keys, the walker starting west of it.
fn level_with(more: &str) -> String {
    format!("[player]\nstart = [0.0, 0.0]\n\n[[wall]]\na = [2.0, -5.0]\nb = [2.0, 5.0]\n{more}")
}

fn loads(text: &str) -> Level {
    match Level::from_toml_str(text, Path::new("grate.toml")) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("{error}\n{text}"),
    }
}

/// Where the walker ends when it walks 4 m east from the start.
fn walked_east(level: &Level) -> Vec2 {
    level
        .collider()
        .move_eye(Vec2::ZERO, Vec2::new(4.0, 0.0), &MoveOptions::default())
        .expect("a finite move")
        .position
}

#[test]
fn a_wall_is_opaque_and_blocks_unless_it_says_not() {
    let flags = |more: &str| {
        let level = loads(&level_with(more));
        (level.walls[0].see_through(), level.walls[0].blocks())
    };
    assert_eq!(flags(""), (false, true));
    assert_eq!(flags("see_through = false\nblocks = true\n"), (false, true));
    assert_eq!(flags("see_through = true\n"), (true, true));
    assert_eq!(flags("blocks = false\n"), (false, false));
}

#[test]
fn see_through_and_blocks_must_be_bools_and_say_where() {
    for (key, column) in [("see_through", 15), ("blocks", 10)] {
        let text = level_with(&format!("{key} = \"yes\"\n"));
        let error = Level::from_toml_str(&text, Path::new("grate.toml"))
            .expect_err("a string is not a bool");
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("grate.toml:7:{column}:")),
            "{message}"
        );
        assert!(message.contains("bool"), "{message}");
    }
}

#[test]
fn a_wall_that_does_not_block_lets_the_walker_through_and_a_see_through_one_does_not() {
    assert!(walked_east(&loads(&level_with(""))).x < 2.0);
    assert!(walked_east(&loads(&level_with("see_through = true\n"))).x < 2.0);
    let through = walked_east(&loads(&level_with("blocks = false\n")));
    assert_eq!(through, Vec2::new(4.0, 0.0));
    let open_grate = loads(&level_with("see_through = true\nblocks = false\n"));
    assert_eq!(walked_east(&open_grate), Vec2::new(4.0, 0.0));
}

#[test]
fn a_loose_body_may_start_across_a_wall_that_does_not_block_and_not_across_one_that_does() {
    let crate_across =
        "\n[[obstacle]]\npoints = [[1.5, 2.0], [2.5, 2.0], [2.5, 3.0], [1.5, 3.0]]\nloose = true\n";
    let passable = level_with(&format!("blocks = false\n{crate_across}"));
    let level = loads(&passable);
    assert_eq!(level.walls.len(), 1);
    let blocking = level_with(crate_across);
    let error = Level::from_toml_str(&blocking, Path::new("grate.toml"))
        .expect_err("a loose body starting inside a wall");
    assert!(error.to_string().contains("wall"), "{error}");
}

#[test]
fn a_see_through_wall_is_drawn_both_sides_in_its_own_batches_and_casts_no_shadow_nor_hides() {
    let opaque = loads(&level_with(""));
    let grate = loads(&level_with("see_through = true\nthickness = 0.0\n"));
    let batches = |level: &Level, kind: BatchKind| {
        let mesh = scene_mesh(level);
        (mesh.batches.iter())
            .filter(|batch| batch.kind == kind)
            .map(|batch| batch.indices.len())
            .sum::<usize>()
    };
    assert_eq!(batches(&opaque, BatchKind::SeeThrough), 0);
    // Two faces of two triangles each, back to back.
    assert_eq!(batches(&grate, BatchKind::SeeThrough), 12);
    assert_eq!(batches(&grate, BatchKind::Shapes), 0);
    assert!(opaque.shape_height(Surface::Wall(0)).is_some());
    assert_eq!(grate.shape_height(Surface::Wall(0)), None);
    assert_eq!(opaque.occluding_walls(), [true]);
    assert_eq!(grate.occluding_walls(), [false]);
}

#[test]
fn a_complete_file_writes_see_through_and_blocks_only_away_from_their_defaults_and_loads_back() {
    let mut level = loads(&format!(
        "{}\n[[wall]]\na = [3.0, -5.0]\nb = [3.0, 5.0]\nsee_through = true\n\n\
         [[wall]]\na = [4.0, -5.0]\nb = [4.0, 5.0]\nblocks = false\n",
        level_with("")
    ));
    level.source = LevelSource::Maze {
        width: 1,
        height: 1,
        seed: 0,
    };
    let text = LevelDocument::from_level(&level).expect("writable").text();
    assert_eq!(text.matches("see_through =").count(), 1, "{text}");
    assert_eq!(text.matches("blocks =").count(), 1, "{text}");
    assert!(text.contains("see_through = true"), "{text}");
    assert!(text.contains("blocks = false"), "{text}");
    let back = loads(&text);
    let flags: Vec<(bool, bool)> = (back.walls.iter())
        .map(|wall| (wall.see_through(), wall.blocks()))
        .collect();
    assert_eq!(flags, [(false, true), (true, true), (false, false)]);
}
