//! Doors, `[[door]]`: their defaults, every key, every error with its line
//! and column, their place in the level hash, rise doors that start open,
//! and files with doors written back whole or kept byte for byte by the
//! editor's saves.

use std::path::Path;

use glam::Vec2;
use mazewalker::level::save::LevelDocument;
use mazewalker::level::{Door, DoorKind, DoorOpens, Level, LevelError};

/// A valid prefix: the `[player]` table every level needs (lines 1 and 2).
const PLAYER: &str = "[player]\nstart = [0.0, 0.0]\n";

fn load(text: &str) -> Level {
    let loaded = Level::from_toml_str(text, Path::new("test.toml"))
        .unwrap_or_else(|error| panic!("expected a valid level, got {error} for:\n{text}"));
    loaded.level
}

fn error_for(text: &str) -> LevelError {
    match Level::from_toml_str(text, Path::new("test.toml")) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(error) => error,
    }
}

/// The message for a level whose only door is `door` (its `[[door]]`
/// header is line 3, its first key line 4).
fn door_message(door: &str) -> String {
    error_for(&format!("{PLAYER}[[door]]\n{door}")).to_string()
}

fn wood(level: &Level) -> mazewalker::level::MaterialId {
    let index = level
        .materials
        .iter()
        .position(|material| material.name == "wood")
        .expect("wood is a builtin");
    mazewalker::level::MaterialId::at(index)
}

#[test]
fn a_level_without_doors_has_none() {
    assert!(load(PLAYER).doors.is_empty());
    assert!(Level::maze(3, 2, 5).expect("a maze").doors.is_empty());
}

#[test]
fn a_door_with_only_its_jambs_takes_every_default() {
    let level = load(&format!(
        "{PLAYER}[[door]]\na = [1.0, 0.0]\nb = [2.0, 0.0]\n"
    ));
    let door = Door::with_defaults(Vec2::new(1.0, 0.0), Vec2::new(2.0, 0.0), wood(&level));
    assert_eq!(level.doors, [door]);
    assert_eq!(door.kind, DoorKind::Swing);
    assert_eq!(door.swing_degrees, 90.0);
    assert_eq!(door.thickness, 0.06);
    assert_eq!(door.height, 2.1);
    assert_eq!(door.speed, 1.5);
    assert_eq!(door.opens, DoorOpens::Use);
    assert_eq!(door.close_after, 4.0);
    assert!(!door.open);
}

#[test]
fn every_key_given_is_taken_as_written() {
    let level = load(&format!(
        "{PLAYER}[[door]]\na = [1.0, 0.0]\nb = [1.0, 0.8]\nkind = \"slide\"\nswing = -45\n\
         thickness = 0.1\nheight = 2.0\nmaterial = \"brick\"\nspeed = 3\nopens = \"near\"\n\
         close_after = 0\n"
    ));
    let door = level.doors[0];
    assert_eq!(door.kind, DoorKind::Slide);
    assert_eq!(door.swing_degrees, -45.0);
    assert_eq!(door.thickness, 0.1);
    assert_eq!(door.height, 2.0);
    assert_eq!(level.materials[door.material.index()].name, "brick");
    assert_eq!(door.speed, 3.0);
    assert_eq!(door.opens, DoorOpens::Near);
    assert_eq!(door.close_after, 0.0);
}

#[test]
fn errors_name_the_door_its_key_and_its_line_and_column() {
    let jambs = "a = [0.0, 0.0]\nb = [1.0, 0.0]\n";
    assert_eq!(
        door_message(&format!("{jambs}swing = 171\n")),
        "test.toml:6:9: door 0: `swing` must be between -170 and 170 degrees, not 171"
    );
    assert_eq!(
        door_message(&format!("{jambs}thickness = 0\n")),
        "test.toml:6:13: door 0: `thickness` must be more than 0, not 0"
    );
    assert_eq!(
        door_message(&format!("{jambs}speed = -1\n")),
        "test.toml:6:9: door 0: `speed` must be more than 0, not -1"
    );
    assert_eq!(
        door_message(&format!("{jambs}close_after = -2\n")),
        "test.toml:6:15: door 0: negative `close_after` (-2); it must be 0 or more"
    );
    assert_eq!(
        door_message("a = [0.0, 0.0]\nb = [0.0, 0.0]\n"),
        "test.toml:4:5: door 0: zero-length door: a = [0.0, 0.0] and b = [0.0, 0.0] are less than 0.1 mm apart"
    );
    let message = door_message(&format!("{jambs}kind = \"slid\"\n"));
    assert!(
        message.starts_with("test.toml:6:8: door 0: unknown `kind` `slid`; did you mean `slide`?"),
        "{message}"
    );
    let message = door_message(&format!("{jambs}opens = \"key\"\n"));
    assert!(
        message.starts_with(
            "test.toml:6:9: door 0: unknown `opens` `key`; it must be one of `use`, `near`"
        ),
        "{message}"
    );
    let message = door_message(&format!("{jambs}material = \"wod\"\n"));
    assert!(message.contains("did you mean `wood`?"), "{message}");
    let message = door_message(&format!("{jambs}closeafter = 1\n"));
    assert!(
        message.starts_with("test.toml:6:1: unknown key `closeafter`, did you mean `close_after`?"),
        "{message}"
    );
    assert_eq!(
        door_message(&format!("{jambs}open = true\n")),
        "test.toml:6:8: door 0: `open = true` is for rise doors only (`kind = \"rise\"`); \
         a swing door starts closed"
    );
    let message = door_message(&format!("{jambs}kind = \"slide\"\nopen = true\n"));
    assert!(
        message.starts_with("test.toml:7:8: door 0: `open = true` is for rise doors only"),
        "{message}"
    );
    let message = door_message(&format!("{jambs}kind = \"rise\"\nopen = 1\n"));
    assert!(
        message.starts_with("test.toml:7:8: invalid type"),
        "{message}"
    );
    let message = door_message("b = [1.0, 0.0]\n");
    assert!(
        message.starts_with("test.toml:3:1: missing key `a`"),
        "{message}"
    );
}

#[test]
fn doors_change_the_level_hash_and_a_level_without_them_keeps_its_own() {
    let plain = load(PLAYER);
    let with_door = load(&format!(
        "{PLAYER}[[door]]\na = [1.0, 0.0]\nb = [2.0, 0.0]\n"
    ));
    assert_ne!(plain.content_hash(), with_door.content_hash());
    let mut near = with_door.clone();
    near.doors[0].opens = DoorOpens::Near;
    assert_ne!(near.content_hash(), with_door.content_hash());
    // Looks stay out: a door's height and material are not where one walks.
    let mut retextured = with_door.clone();
    retextured.doors[0].height = 1.0;
    retextured.doors[0].material = mazewalker::level::MaterialId(0);
    assert_eq!(retextured.content_hash(), with_door.content_hash());
    // (A level without doors keeps the hash it had before doors existed:
    // the maze's pinned hash in src/level/hash.rs checks that.)
}

#[test]
fn a_level_with_doors_is_written_whole_and_loads_back_equal() {
    let mut level = Level::maze(3, 3, 7).expect("a maze");
    let mut slide = Door::with_defaults(Vec2::new(0.5, 1.0), Vec2::new(1.5, 1.0), wood(&level));
    slide.kind = DoorKind::Slide;
    slide.opens = DoorOpens::Near;
    slide.swing_degrees = -30.5;
    slide.close_after = 0.0;
    level.doors = vec![
        Door::with_defaults(Vec2::new(2.0, 0.25), Vec2::new(2.0, 1.75), wood(&level)),
        slide,
    ];
    let text = LevelDocument::from_level(&level).expect("writable").text();
    let loaded = load(&text);
    assert_eq!(loaded.doors, level.doors);
    assert_eq!(loaded.content_hash(), level.content_hash());
}

#[test]
fn the_editors_saves_keep_door_tables_byte_for_byte() {
    let text = format!(
        "{PLAYER}\n# the hall door\n[[door]]   # oak\na = [ 1.0, 0.0 ]\nb = [2.0,0.0]  # latch\n\
         kind = 'slide'\n\n[[wall]]\na = [0.0, 5.0]\nb = [5.0, 5.0]\n"
    );
    let mut document = LevelDocument::parse(&text).expect("TOML");
    document.append_light(Vec2::new(3.0, 3.0)).expect("a lamp");
    document
        .append_wall(Vec2::new(0.0, 6.0), Vec2::new(1.0, 6.0))
        .expect("a wall");
    let saved = document.text();
    assert!(
        saved.contains(
            "# the hall door\n[[door]]   # oak\na = [ 1.0, 0.0 ]\nb = [2.0,0.0]  # latch\nkind = 'slide'\n"
        ),
        "{saved}"
    );
    assert_eq!(load(&saved).doors, load(&text).doors);
}

/// A rise door across x = 1 (its `[[door]]` header on line 3), with
/// `extra` keys after its own.
fn rise_door_level(extra: &str) -> String {
    format!("{PLAYER}[[door]]\nkind = \"rise\"\na = [1.0, -1.0]\nb = [1.0, 1.0]\n{extra}")
}

#[test]
fn a_rise_door_may_start_open_and_open_false_is_the_default() {
    let open = load(&rise_door_level("open = true\n"));
    assert!(open.doors[0].open);
    let closed = load(&rise_door_level("open = false\n"));
    assert!(!closed.doors[0].open);
    assert_eq!(closed.doors, load(&rise_door_level("")).doors);
    // A swing or slide door may say it starts closed.
    let swing = load(&format!(
        "{PLAYER}[[door]]\na = [1.0, 0.0]\nb = [2.0, 0.0]\nopen = false\n"
    ));
    assert!(!swing.doors[0].open);
}

#[test]
fn open_changes_the_level_hash_only_where_a_door_has_it() {
    let closed = load(&rise_door_level(""));
    // The hash this level had before `open` existed, so that its demos
    // still match.
    assert_eq!(closed.content_hash(), 0xbae6_de9e_c997_f4f3);
    assert_eq!(
        load(&rise_door_level("open = false\n")).content_hash(),
        closed.content_hash()
    );
    let open = load(&rise_door_level("open = true\n"));
    assert_ne!(open.content_hash(), closed.content_hash());
}

#[test]
fn a_door_that_starts_open_is_written_back_and_loads_equal() {
    let level = load(&rise_door_level("base = 0.5\nopen = true\n"));
    let text = LevelDocument::from_level(&level).expect("writable").text();
    assert!(text.contains("open = true"), "{text}");
    let loaded = load(&text);
    assert_eq!(loaded.doors, level.doors);
    assert_eq!(loaded.content_hash(), level.content_hash());
    let closed = load(&rise_door_level(""));
    let text = LevelDocument::from_level(&closed).expect("writable").text();
    assert!(!text.contains("open ="), "{text}");
}
