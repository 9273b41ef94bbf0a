//! Loose obstacles in the level format: the level hash that demos check
//! covers how obstacles move and how the walker pushes and kicks, while a
//! level without those keys keeps its hash; a level with them is written
//! whole and loads back equal; the warehouse level loads clean.

use std::path::Path;

use mazewalker::level::save::LevelDocument;
use mazewalker::level::{Level, LoadedLevel};

fn load(text: &str) -> LoadedLevel {
    Level::from_toml_str(text, Path::new("test.toml")).expect("the level is valid")
}

/// A level with a fixed table and a loose crate, `extra` added to the
/// crate's table and `player` to `[player]`.
fn level_with(player: &str, extra: &str) -> Level {
    load(&format!(
        "[player]\nstart = [0.0, 0.0]\n{player}\n\
         [[obstacle]]\npoints = [[2.0, 2.0], [3.0, 2.0], [3.0, 3.0]]\n\
         [[obstacle]]\npoints = [[5.0, 2.0], [6.0, 2.0], [6.0, 3.0], [5.0, 3.0]]\n{extra}\n"
    ))
    .level
}

#[test]
fn each_new_key_changes_the_level_hash() {
    let loose = level_with("", "loose = true");
    let hash = loose.content_hash();
    let fixed = level_with("", "");
    assert_ne!(fixed.content_hash(), hash, "loose");
    for (player, extra) in [
        ("", "loose = true\nmass = 21"),
        ("", "loose = true\nfriction = 0.6"),
        ("", "loose = true\nbounce = 0.3"),
        ("push = 301", "loose = true"),
        ("kick = 61", "loose = true"),
    ] {
        assert_ne!(
            level_with(player, extra).content_hash(),
            hash,
            "{player} {extra}"
        );
    }
    // On a level with nothing loose too: the keys are hashed as soon as
    // one is off its default.
    for (player, extra) in [
        ("", "mass = 21"),
        ("", "friction = 0.6"),
        ("", "bounce = 0.3"),
        ("push = 301", ""),
        ("kick = 61", ""),
    ] {
        assert_ne!(
            level_with(player, extra).content_hash(),
            fixed.content_hash(),
            "{player} {extra}"
        );
    }
}

#[test]
fn a_level_without_the_new_keys_keeps_its_hash() {
    // The keys written at their defaults are the level without them.
    let fixed = level_with("", "");
    let written_out = level_with(
        "push = 300.0\nkick = 60",
        "loose = false\nmass = 20\nfriction = 0.5\nbounce = 0.2",
    );
    assert_eq!(written_out.content_hash(), fixed.content_hash());
    // The house keeps the hash its kept demo was recorded with.
    let house = Level::default_house();
    assert_eq!(format!("{:016x}", house.content_hash()), "755d464527f5e8b5");
}

#[test]
fn a_level_with_loose_obstacles_is_written_whole_and_loads_back_equal() {
    let mut level = level_with(
        "push = 450.5\nkick = 12",
        "loose = true\nmass = 3.25\nbounce = 0.75",
    );
    // A fixed obstacle keeps its format defaults; the written file gives it
    // none of the keys, so it loads without a warning.
    level.source = mazewalker::level::LevelSource::DefaultHouse;
    let text = LevelDocument::from_level(&level).expect("writable").text();
    let loaded = load(&text);
    assert!(loaded.warnings.is_empty(), "{:?}\n{text}", loaded.warnings);
    assert_eq!(loaded.level.obstacles, level.obstacles);
    assert_eq!(loaded.level.player, level.player);
    assert_eq!(loaded.level.content_hash(), level.content_hash());
    assert!(
        text.contains("loose = true\nmass = 3.25\nbounce = 0.75\n"),
        "{text}"
    );
    assert_eq!(text.matches("loose").count(), 1, "{text}");
}

#[test]
fn the_warehouse_loads_without_errors_or_warnings() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/warehouse.toml");
    let loaded = Level::load(&path).expect("the warehouse is valid");
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let level = loaded.level;
    let loose: Vec<_> = level.obstacles.iter().filter(|o| o.loose).collect();
    let balls = loose
        .iter()
        .filter(|o| o.polygon.points().len() > 4)
        .count();
    let crates = loose.len() - balls - 1;
    assert_eq!((crates, balls), (100, 4));
    assert_eq!((level.doors.len(), level.lights.len()), (2, 8));
    // Its shelf does not move for the walker: its floor friction is more
    // than the walker's push.
    let heaviest = loose
        .iter()
        .max_by(|a, b| a.mass.total_cmp(&b.mass))
        .expect("loose obstacles");
    assert!(heaviest.friction * heaviest.mass * 9.81 > level.player.push);
    // The crates come in several sizes and masses.
    let masses: std::collections::BTreeSet<u32> = loose.iter().map(|o| o.mass.to_bits()).collect();
    assert!(masses.len() > 50, "{} masses", masses.len());
}
