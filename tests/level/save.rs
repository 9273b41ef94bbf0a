//! Saving levels: the level file's text edited losslessly (walls and
//! lamps), complete files for levels without one, and numbers that load
//! back exactly.

use crate::common;

use std::path::{Path, PathBuf};

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::edit::{Item, LevelDraft};
use mazewalker::level::save::{LevelDocument, Tables, point_text, save_atomically};
use mazewalker::level::{Level, LevelSource, Light, WallEnd};
use proptest::prelude::*;

fn house_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/house.toml")
}

fn house_text() -> String {
    std::fs::read_to_string(house_path()).expect("the house file is readable")
}

/// The lines of `text`, each without its newline.
fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

/// The line numbers (from 0) of the `[[wall]]` headers of `text`.
fn wall_headers(text: &str) -> Vec<usize> {
    lines(text)
        .iter()
        .enumerate()
        .filter(|(_, line)| line.starts_with("[[wall]]"))
        .map(|(number, _)| number)
        .collect()
}

/// Asserts that two levels hold the same things (their sources differ).
fn assert_same_level(loaded: &Level, expected: &Level) {
    let loaded = Level {
        source: expected.source.clone(),
        ..loaded.clone()
    };
    assert_eq!(&loaded, expected);
}

#[test]
fn the_house_round_trips_with_exactly_the_edited_tables_changed() {
    let original = house_text();
    let level = Level::load(&house_path()).expect("valid").level;
    let mut document = LevelDocument::parse(&original).expect("TOML");
    assert_eq!(document.text(), original, "parsing alone changes nothing");

    let first = (Vec2::new(1.25, -3.5), Vec2::new(4.0, -3.5));
    let second = (Vec2::new(4.0, -3.5), Vec2::new(4.0, 0.1));
    assert_eq!(document.append_wall(first.0, first.1), Ok(41));
    assert_eq!(document.append_wall(second.0, second.1), Ok(42));
    document.remove(Tables::Walls, 5).expect("wall 5 exists");

    let directory = common::scratch_folder("house_round_trip");
    let saved_path = directory.join("house.toml");
    save_atomically(&saved_path, &document.text()).expect("the temp dir is writable");
    let saved = std::fs::read_to_string(&saved_path).expect("just written");

    // Expected: the original without wall 5's lines (the blank line above
    // its header, the header, a, b, material), with the two new tables after
    // the last wall's lines.
    let original_lines = lines(&original);
    let headers = wall_headers(&original);
    let removed = headers[5] - 1..headers[5] + 4;
    assert_eq!(original_lines[removed.start], "");
    assert!(original_lines[removed.start + 1].starts_with("[[wall]]  # 5:"));
    assert_eq!(original_lines[removed.end - 1], "material = \"wood\"");
    let after_last_wall = headers[40] + 3;
    assert_eq!(original_lines[after_last_wall - 1], "b = [13.8, 12.2]");
    let added = [
        "",
        "[[wall]]",
        "a = [1.25, -3.5]",
        "b = [4.0, -3.5]",
        "",
        "[[wall]]",
        "a = [4.0, -3.5]",
        "b = [4.0, 0.1]",
    ];
    let mut expected: Vec<&str> = Vec::new();
    expected.extend(&original_lines[..removed.start]);
    expected.extend(&original_lines[removed.end..after_last_wall]);
    expected.extend(added);
    expected.extend(&original_lines[after_last_wall..]);
    let saved_lines = lines(&saved);
    for (number, (saved_line, expected_line)) in saved_lines.iter().zip(&expected).enumerate() {
        assert_eq!(saved_line, expected_line, "line {}", number + 1);
    }
    assert_eq!(saved_lines.len(), expected.len());
    assert!(saved.ends_with('\n'));

    // Every comment survives but the deleted header's own.
    for line in original_lines.iter().filter(|line| line.contains('#')) {
        let is_deleted_header = line.starts_with("[[wall]]  # 5:");
        assert_eq!(
            saved_lines.contains(line),
            !is_deleted_header,
            "comment line {line:?}"
        );
    }

    // The saved file loads with the expected walls.
    let reloaded = Level::load(&saved_path).expect("the saved file is valid");
    assert!(reloaded.warnings.is_empty(), "{:?}", reloaded.warnings);
    let walls = &reloaded.level.walls;
    assert_eq!(walls.len(), 42);
    let mut expected_walls = level.walls.clone();
    expected_walls.remove(5);
    expected_walls.push(level.wall_defaults.wall(first.0, first.1));
    expected_walls.push(level.wall_defaults.wall(second.0, second.1));
    assert_eq!(*walls, expected_walls);
    assert_eq!(reloaded.level.obstacles, level.obstacles);
}

#[test]
fn comments_above_a_deleted_wall_stay_and_come_back_on_undo() {
    let original = house_text();
    let mut document = LevelDocument::parse(&original).expect("TOML");
    let removed = document.remove(Tables::Walls, 0).expect("wall 0 exists");
    let text = document.text();
    assert!(
        text.contains("# ---------------------------------------------------------------- walls")
    );
    assert!(!text.contains("# 0: living room, north outer wall"));
    // Exactly the table's own four lines are gone.
    assert_eq!(lines(&text).len(), lines(&original).len() - 4);
    assert!(
        removed
            .text()
            .contains("# 0: living room, north outer wall")
    );

    document.put_back(0, removed).expect("index 0 is valid");
    assert_eq!(document.text(), original);
}

#[test]
fn deleting_the_last_table_of_a_file_keeps_the_comments_above_it() {
    let original = "[player]\nstart = [0.0, 0.0]\n\n# the last wall\n[[wall]]  # 0\na = [1.0, 0.0]\nb = [2.0, 0.0]\n# the end\n";
    let mut document = LevelDocument::parse(original).expect("TOML");
    let removed = document.remove(Tables::Walls, 0).expect("wall 0 exists");
    assert_eq!(
        document.text(),
        "[player]\nstart = [0.0, 0.0]\n\n# the last wall\n# the end\n"
    );
    let (text, anchor) = (removed.text(), removed.anchor());
    document
        .insert_text(Tables::Walls, 0, &text, Some(anchor))
        .expect("a wall's text");
    assert_eq!(document.text(), original);
}

#[test]
fn a_removed_wall_goes_back_from_its_text_where_it_was() {
    let original = house_text();
    for index in [0, 1, 17, 39, 40] {
        let mut document = LevelDocument::parse(&original).expect("TOML");
        let removed = document.remove(Tables::Walls, index).expect("exists");
        document
            .insert_text(
                Tables::Walls,
                index,
                &removed.text(),
                Some(removed.anchor()),
            )
            .expect("a wall's text");
        assert_eq!(document.text(), original, "wall {index}");
    }
}

#[test]
fn moving_an_endpoint_rewrites_only_that_value_and_undoes_exactly() {
    let original =
        "[player]\nstart = [0.0, 0.0]\n\n[[wall]]\na = [ 1.50, 0 ]   # corner\nb = [2.0, 0.0]\n";
    let mut document = LevelDocument::parse(original).expect("TOML");
    assert_eq!(document.endpoint(0, WallEnd::A), Some(Vec2::new(1.5, 0.0)));
    let moved = document
        .move_endpoints(&[(0, WallEnd::A)], Vec2::new(-3.25, 0.5))
        .expect("wall 0 has an a");
    assert_eq!(
        document.text(),
        "[player]\nstart = [0.0, 0.0]\n\n[[wall]]\na = [-3.25, 0.5]   # corner\nb = [2.0, 0.0]\n"
    );
    document.put_back_endpoints(moved);
    assert_eq!(document.text(), original);
    assert!(
        document
            .move_endpoints(&[(3, WallEnd::B)], Vec2::ZERO)
            .is_err()
    );
    assert!(
        document
            .move_endpoints(&[(0, WallEnd::B)], Vec2::new(f32::NAN, 0.0))
            .is_err()
    );
    assert_eq!(document.text(), original);
}

#[test]
fn a_file_without_walls_gets_its_first_wall_at_the_end() {
    let original = "# my level\n[player]\nstart = [0.0, 0.0]   # here\n";
    let mut document = LevelDocument::parse(original).expect("TOML");
    assert_eq!(document.wall_count(), 0);
    assert_eq!(document.append_wall(Vec2::ZERO, Vec2::X), Ok(0));
    assert_eq!(
        document.text(),
        format!("{original}\n[[wall]]\na = [0.0, 0.0]\nb = [1.0, 0.0]\n")
    );
}

#[test]
fn a_file_that_does_not_end_in_a_line_break_is_written_back_as_it_was() {
    for original in [
        "[player]\nstart = [2.0, 9.7]",
        "[player]\nyaw = 0.0   # east",
        "# my level\n[player]\nstart = [0.0, 0.0]\n# the end",
    ] {
        let mut document = LevelDocument::parse(original).expect("TOML");
        assert_eq!(document.text(), original);
    }
}

#[test]
fn walls_written_inline_are_not_edited() {
    let text = "wall = [{ a = [0.0, 0.0], b = [1.0, 0.0] }]\n[player]\nstart = [0.0, 0.0]\n";
    assert!(Level::from_toml_str(text, Path::new("inline.toml")).is_ok());
    assert!(LevelDocument::parse(text).is_err());
    assert!(LevelDocument::parse("[player\n").is_err());
}

#[test]
fn mazes_and_the_house_are_written_as_complete_files_that_load_back_equal() {
    let directory = common::scratch_folder("complete_files");
    for level in [
        Level::maze(7, 5, 99).expect("valid"),
        Level::default_house(),
    ] {
        let text = LevelDocument::from_level(&level).expect("writable").text();
        let path = directory.join("level.toml");
        save_atomically(&path, &text).expect("writable");
        let loaded = Level::load(&path).expect("a complete file loads");
        assert_same_level(&loaded.level, &level);
    }
}

#[test]
fn declared_materials_and_overrides_are_written_too() {
    let text = r#"
name = "Odd \"quoted\" name"
wall_radius = 0.4
wall_height = 2.5
wall_material = "stone"
obstacle_height = 1.3

[player]
start = [1.5, -2.25]
yaw = 33.3
radius = 0.2
eye_height = 1.7

[environment]
floor = "tiles"
ceiling_height = 3.1
light_direction = [0.3, -0.9, 0.1]
ambient = 0.2
fog_distance = 45.0

[[material]]
name = "stone"
builtin = "brick"
metres_per_repeat = 0.7

[[material]]
name = "wood"
builtin = "fabric"

[[material]]
name = "mural"
file = "textures/mural.png"

[[wall]]
a = [0.0, 0.0]
b = [3.0, 0.1]
radius = 0.35
material = "mural"

[[wall]]
a = [3.0, 0.1]
b = [3.0, 4.0]
thickness = 0.3
height = 2.0

[[obstacle]]
points = [[5.0, 5.0], [6.0, 5.0], [6.0, 6.5]]
"#;
    let level = Level::from_toml_str(text, Path::new("odd.toml"))
        .expect("valid")
        .level;
    let written = LevelDocument::from_level(&level).expect("writable").text();
    let loaded = Level::from_toml_str(&written, Path::new("again.toml"))
        .expect("the written file is valid")
        .level;
    assert_same_level(&loaded, &level);
    assert!(written.contains("light_direction = ["));
}

#[test]
fn a_level_document_for_each_source() {
    let house = Level::default_house();
    assert_eq!(
        LevelDocument::for_level(&house).expect("valid").text(),
        mazewalker::level::DEFAULT_HOUSE_TOML
    );
    let file = Level::load(&house_path()).expect("valid").level;
    assert!(matches!(file.source, LevelSource::File { .. }));
    assert_eq!(
        LevelDocument::for_level(&file).expect("valid").text(),
        house_text()
    );
    let maze = Level::maze(3, 3, 1).expect("valid");
    let document = LevelDocument::for_level(&maze).expect("valid");
    assert_eq!(document.wall_count(), maze.walls.len());
}

#[test]
fn light_directions_that_normalising_again_would_move_load_back_exactly() {
    let mut level = Level::default_house();
    let mut tried = 0;
    for step in 0..200 {
        let angle = step as f32 * 0.0137;
        let direction =
            glam::Vec3::new(angle.cos(), -1.0 - angle.sin().abs(), angle.sin() * 0.7).normalize();
        if direction.normalize() == direction {
            continue;
        }
        tried += 1;
        level.environment.light_direction = direction;
        let written = LevelDocument::from_level(&level).expect("writable").text();
        let loaded = Level::from_toml_str(&written, Path::new("light.toml"))
            .expect("valid")
            .level;
        assert_eq!(loaded.environment.light_direction, direction);
    }
    assert!(
        tried > 20,
        "only {tried} directions that move when normalised"
    );
}

/// A level whose tables interleave: a wall after the obstacle, and lamps
/// between the walls, each with comments of its own.
const INTERLEAVED: &str = "name = \"interleaved\"

[player]
start = [0.0, 0.0]

[[wall]]
a = [-2.0, -2.0]
b = [2.0, -2.0]

[[obstacle]]
points = [[-1.0, -1.0], [-0.5, -1.0], [-0.5, -0.5]]

[[wall]]  # after the obstacle
a = [2.0, -2.0]
b = [2.0, 2.0]
";

#[test]
fn the_first_lamp_of_a_file_goes_at_its_end() {
    let mut document = LevelDocument::parse(INTERLEAVED).expect("TOML");
    assert_eq!(document.count(Tables::Lights), Ok(0));
    assert_eq!(document.append_light(Vec2::new(0.5, 1.25)), Ok(0));
    assert_eq!(document.append_light(Vec2::new(-1.0, 0.0)), Ok(1));
    let text = document.text();
    assert_eq!(
        text,
        format!("{INTERLEAVED}\n[[light]]\nat = [0.5, 1.25]\n\n[[light]]\nat = [-1.0, 0.0]\n")
    );
    let level = Level::from_toml_str(&text, Path::new("lit.toml"))
        .expect("valid")
        .level;
    let ceiling = level.environment.ceiling_height;
    assert_eq!(
        level.lights,
        [
            Light::with_defaults(Vec2::new(0.5, 1.25), ceiling),
            Light::with_defaults(Vec2::new(-1.0, 0.0), ceiling),
        ]
    );
    // Removing them, last first, gives the file back.
    document.remove(Tables::Lights, 1).expect("lamp 1 exists");
    document.remove(Tables::Lights, 0).expect("lamp 0 exists");
    assert_eq!(document.text(), INTERLEAVED);
    assert!(
        document
            .append_light(Vec2::new(f32::INFINITY, 0.0))
            .is_err()
    );
    assert_eq!(document.text(), INTERLEAVED);
}

#[test]
fn a_lamp_table_goes_with_its_comments_kept_and_comes_back_byte_for_byte() {
    let lit = INTERLEAVED.replace(
        "\n[[obstacle]]",
        "\n# ---- lamps\n[[light]]  # hall\nat = [ 0.0, 1.0 ]   # centre\nintensity = 0.7\n\n\
         [[light]]\nat = [1.0, 1.0]\n\n[[obstacle]]",
    );
    let mut document = LevelDocument::parse(&lit).expect("TOML");
    assert_eq!(document.count(Tables::Lights), Ok(2));
    assert_eq!(document.light_at(0), Some(Vec2::new(0.0, 1.0)));
    let removed = document.remove(Tables::Lights, 0).expect("lamp 0 exists");
    let text = document.text();
    assert!(
        !text.contains("# hall") && !text.contains("# centre"),
        "{text}"
    );
    // Its header and keys go; the comment and blank line above it stay.
    assert!(
        text.contains("\n\n# ---- lamps\n\n[[light]]\nat = [1.0, 1.0]\n"),
        "{text}"
    );
    assert_eq!(lines(&text).len(), lines(&lit).len() - 3);
    // In-program undo puts the table itself back; the journal puts it back
    // from its text.
    let (table, anchor) = (removed.text(), removed.anchor());
    assert!(table.contains("[[light]]  # hall"), "{table}");
    document.put_back(0, removed).expect("index 0 is valid");
    assert_eq!(document.text(), lit);
    document.remove(Tables::Lights, 0).expect("lamp 0 exists");
    document
        .insert_text(Tables::Lights, 0, &table, Some(anchor))
        .expect("a lamp's text");
    assert_eq!(document.text(), lit);
    // A new lamp goes right after the last one, before the obstacle.
    assert_eq!(document.append_light(Vec2::new(3.0, 0.0)), Ok(2));
    assert!(
        document
            .text()
            .contains("at = [1.0, 1.0]\n\n[[light]]\nat = [3.0, 0.0]\n\n[[obstacle]]")
    );
    // A wall's text is not a lamp's, and lamps written inline are not
    // edited (walls still are).
    assert!(
        document
            .insert_text(Tables::Lights, 0, "[[wall]]\na = [0.0, 0.0]\n", None)
            .is_err()
    );
    let inline = "light = [{ at = [0.0, 0.0] }]\n[player]\nstart = [0.0, 0.0]\n";
    let mut document = LevelDocument::parse(inline).expect("walls are editable");
    assert!(document.count(Tables::Lights).is_err());
    assert!(document.append_light(Vec2::ZERO).is_err());
    assert_eq!(document.text(), inline);
}

#[test]
fn saving_lamp_edits_then_undoing_all_and_saving_gives_the_file_back() {
    let directory = common::scratch_folder("lamp_saves");
    let path = directory.join("lit.toml");
    let lit = INTERLEAVED.replace(
        "\n[[obstacle]]",
        "\n# the hall lamp\n[[light]]\nat = [0.0, 1.0]\nradius = 3.0\n\n[[obstacle]]",
    );
    std::fs::write(&path, &lit).expect("writable");
    let mut session = LevelDraft::new(Level::load(&path).expect("valid").level).expect("editable");
    session.add_light(Vec2::new(1.5, 0.5)).expect("a lamp");
    session.delete(Item::Lamp(0)).expect("the hall lamp");
    session.save(&path).expect("writable");
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(!saved.contains("radius = 3.0"), "{saved}");
    assert!(
        saved.contains("# the hall lamp\n\n[[light]]\nat = [1.5, 0.5]\n\n[[obstacle]]"),
        "{saved}"
    );
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.lights, session.level().lights);
    while session.undo().expect("in step") {}
    session.save(&path).expect("writable");
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), lit);
}

/// A level whose loose obstacles and walker write the keys of how they
/// move in every way TOML allows: integers, exponents, comments, odd
/// spacing.
const LOOSE: &str = "[player]
start = [0.0, 0.0]
push=450 # strong
kick   = 1.2e1

# a crate
[[obstacle]]
points = [[2.0, 2.0], [3.0, 2.0], [3.0, 3.0], [2.0, 3.0]]
mass = 35 # full of books
loose = true
bounce=0.25

[[obstacle]] # a ball
points = [[5.0, 2.0], [5.5, 2.5], [5.0, 3.0], [4.5, 2.5]]
loose = true   # kick it
friction = 0.3
mass = 1.0e0
";

#[test]
fn the_keys_of_loose_obstacles_survive_edits_and_saves_byte_for_byte() {
    let directory = common::scratch_folder("loose_saves");
    let path = directory.join("loose.toml");
    std::fs::write(&path, LOOSE).expect("writable");
    let level = Level::load(&path).expect("valid").level;
    assert_eq!((level.player.push, level.player.kick), (450.0, 12.0));
    let mut session = LevelDraft::new(level).expect("editable");
    // Edits of other keys and items leave the loose keys as written.
    let crate_item = Item::Obstacle(0);
    let taller = mazewalker::edit::PropertyChange {
        item: crate_item,
        property: mazewalker::edit::Property::Height,
        value: mazewalker::edit::Value::Number(1.25),
    };
    session.set_property(taller).expect("a height");
    session.add_light(Vec2::new(1.0, 1.0)).expect("a lamp");
    session
        .set_start(Vec2::new(-1.0, 0.5), 45.0)
        .expect("a start");
    session.save(&path).expect("writable");
    let saved = std::fs::read_to_string(&path).expect("saved");
    let expected = LOOSE
        .replace("start = [0.0, 0.0]\npush", "start = [-1.0, 0.5]\npush")
        .replace("bounce=0.25\n", "bounce=0.25\nheight = 1.25\n")
        .replace("kick   = 1.2e1\n", "kick   = 1.2e1\nyaw = 45.0\n")
        + "\n[[light]]\nat = [1.0, 1.0]\n";
    assert_eq!(saved, expected);
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.obstacles, session.level().obstacles);
    assert_eq!(reloaded.player, session.level().player);
    // Changing a loose key rewrites its value alone, comment kept.
    let lighter = mazewalker::edit::PropertyChange {
        item: crate_item,
        property: mazewalker::edit::Property::Mass,
        value: mazewalker::edit::Value::Number(12.5),
    };
    session.set_property(lighter).expect("a mass");
    session.save(&path).expect("writable");
    assert_eq!(
        std::fs::read_to_string(&path).expect("saved"),
        expected.replace("mass = 35 # full of books", "mass = 12.5 # full of books")
    );
    while session.undo().expect("in step") {}
    session.save(&path).expect("writable");
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), LOOSE);
}

proptest! {
    #![proptest_config(property_config(256))]
    /// Any finite point written by the editor loads back as the same f32s.
    #[test]
    fn written_points_load_back_exactly(x in proptest::num::f32::NORMAL | proptest::num::f32::SUBNORMAL | proptest::num::f32::ZERO,
                                        z in -1e6f32..1e6) {
        let text = format!(
            "[player]\nstart = {}\n[[wall]]\na = {}\nb = [1e30, 0.0]\n",
            point_text(Vec2::new(x, z)),
            point_text(Vec2::new(z, x)),
        );
        let level = Level::from_toml_str(&text, Path::new("p.toml")).expect("valid").level;
        prop_assert_eq!(level.player.start.x.to_bits(), x.to_bits());
        prop_assert_eq!(level.player.start.y.to_bits(), z.to_bits());
        prop_assert_eq!(level.walls[0].a.y.to_bits(), x.to_bits());
    }
}

/// A file whose kinds of table interleave: each kind has a table between
/// tables of other kinds, neither right after the one before it in its own
/// list nor right before the next.
const EVERY_KIND_INTERLEAVED: &str = "name = \"interleaved\"\n\n\
[[wall]]\na = [0, 0]\nb = [1, 0]\n\n\
[[light]]\nat = [0, 0]\n\n\
[[obstacle]]\npoints = [[0, 0], [1, 0], [0, 1]]\n\n\
[[door]]\na = [0, 2]\nb = [1, 2]\n\n\
[[floor]]\npoints = [[2, 0], [3, 0], [2, 1]]\nheight = 0.2\n\n\
[player]\nstart = [5, 5]\n\n\
# the middle wall\n[[wall]]\na = [0, 3]\nb = [1, 3]\n\n\
# the middle lamp\n[[light]]\nat = [0, 4]\n\n\
# the middle obstacle\n[[obstacle]]\npoints = [[0, 5], [1, 5], [0, 6]]\n\n\
# the middle door\n[[door]]\na = [0, 7]\nb = [1, 7]\n\n\
# the middle floor\n[[floor]]\npoints = [[2, 3], [3, 3], [2, 4]]\nheight = 0.4\n\n\
[environment]\nceiling_height = 3.0\n\n\
[[wall]]\na = [0, 8]\nb = [1, 8]\n\n\
[[light]]\nat = [0, 9]\n\n\
[[obstacle]]\npoints = [[0, 9], [1, 9], [0, 10]]\n\n\
[[door]]\na = [0, 11]\nb = [1, 11]\n\n\
[[floor]]\npoints = [[2, 6], [3, 6], [2, 7]]\nheight = 0.6\n";

/// An autosave journal puts a removed table back from its text into a
/// document read from the file saved meanwhile, whose tables have other
/// positions than those it was read with: the table must go back where it
/// was among the tables of every kind, for walls, lamps, obstacles, doors
/// and floors alike, first, in the middle or last of its list.
#[test]
fn a_table_put_back_from_its_text_into_a_saved_file_goes_where_it_was() {
    for tables in Tables::ALL {
        for index in 0..3 {
            let mut document = LevelDocument::parse(EVERY_KIND_INTERLEAVED).expect("TOML");
            let removed = document.remove(tables, index).expect("exists");
            let saved = document.text();
            let mut reread = LevelDocument::parse(&saved).expect("the saved text");
            reread
                .insert_text(tables, index, &removed.text(), Some(removed.anchor()))
                .expect("the table's text");
            assert_eq!(
                reread.text(),
                EVERY_KIND_INTERLEAVED,
                "{} {index} from {:?}",
                tables.key(),
                removed.anchor()
            );
        }
    }
}

/// Tables put back one after another between the same two tables (the
/// undo of several deletions, replayed from a journal) keep their order.
#[test]
fn tables_put_back_between_the_same_two_keep_their_order() {
    let mut document = LevelDocument::parse(EVERY_KIND_INTERLEAVED).expect("TOML");
    let mut removed = Vec::new();
    for _ in 0..3 {
        removed.push(document.remove(Tables::Obstacles, 0).expect("exists"));
    }
    let mut reread = LevelDocument::parse(&document.text()).expect("the saved text");
    for table in removed.into_iter().rev() {
        reread
            .insert_text(Tables::Obstacles, 0, &table.text(), Some(table.anchor()))
            .expect("an obstacle's text");
    }
    assert_eq!(reread.text(), EVERY_KIND_INTERLEAVED);
}

/// A rise door and a switch that opens it when walked over.
const RISE_DOOR_AND_SWITCH: &str = "name = \"doom door\"\n[player]\nstart = [0.0, 0.0]\n\n\
[[door]]\nkind = \"rise\"\na = [2.0, -1.0]\nb = [2.0, 1.0]\nthickness = 0.5\nheight = 3.0\n\
base = 0.0 # the floor\n\n\
[[switch]]\na = [-1.0, 2.0]\nb = [1.0, 2.0]\nby = \"walk\"\ndoors = [0]\n";

#[test]
fn rise_doors_and_switches_survive_edits_and_saves_and_a_deleted_door_only_warns() {
    let directory = common::scratch_folder("rise_door_saves");
    let path = directory.join("door.toml");
    std::fs::write(&path, RISE_DOOR_AND_SWITCH).expect("writable");
    let level = Level::load(&path).expect("valid").level;
    assert_eq!(level.doors[0].kind, mazewalker::level::DoorKind::Rise);
    assert_eq!(level.switches[0].doors, [0]);
    let mut session = LevelDraft::new(level).expect("editable");
    session.add_light(Vec2::new(1.0, 1.0)).expect("a lamp");
    session.save(&path).expect("writable");
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(
        saved,
        format!("{RISE_DOOR_AND_SWITCH}\n[[light]]\nat = [1.0, 1.0]\n")
    );
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.doors, session.level().doors);
    assert_eq!(reloaded.switches, session.level().switches);
    // Deleting the door leaves the switch naming none: the file still
    // loads, with a warning at the index.
    session.delete(Item::Door(0)).expect("deleted");
    session.save(&path).expect("writable");
    let loaded = Level::load(&path).expect("still valid");
    let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("door 0 does not exist") && w.contains(":9:10:")),
        "{warnings:?}"
    );
}

/// A rise door, a walk switch that closes it once and a teleporter that
/// sends the walker once.
const ONCE_AND_CLOSE: &str = "name = \"doom lines\"\n[player]\nstart = [0.0, 0.0]\n\n\
[[door]]\nkind = \"rise\"\na = [2.0, -1.0]\nb = [2.0, 1.0]\nthickness = 0.5\nheight = 3.0\n\
base = 0.0\n\n\
[[switch]]\na = [-1.0, 2.0]\nb = [1.0, 2.0]\nby = \"walk\"\nclose = [0] # shut behind\n\
once = true\n\n\
[[teleporter]]\na = [-3.0, 0.0]\nb = [-3.0, 1.0]\nto = [0.0, 5.0]\nonce = true\n";

#[test]
fn once_and_close_survive_edits_the_journal_and_saves() {
    let directory = common::scratch_folder("once_and_close_saves");
    let path = directory.join("lines.toml");
    std::fs::write(&path, ONCE_AND_CLOSE).expect("writable");
    let level = Level::load(&path).expect("valid").level;
    assert_eq!(
        (level.switches[0].once, &level.switches[0].close),
        (true, &vec![0])
    );
    assert!(level.teleporters[0].once);
    let mut session = LevelDraft::new(level).expect("editable");
    session.add_light(Vec2::new(1.0, 1.0)).expect("a lamp");
    let with_lamp = format!("{ONCE_AND_CLOSE}\n[[light]]\nat = [1.0, 1.0]\n");
    assert_eq!(session.text(), with_lamp);
    assert_eq!(
        session
            .journal()
            .replay(ONCE_AND_CLOSE)
            .expect("it applies"),
        with_lamp
    );
    session.save(&path).expect("writable");
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), with_lamp);
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.switches, session.level().switches);
    assert_eq!(reloaded.teleporters, session.level().teleporters);
}
