//! Lamps, `[[light]]`: their defaults, every key, their order, every error
//! with its line and column, their absence from the level hash, and files
//! with lamps surviving the editor's saves byte for byte.

use crate::common;

use std::path::Path;

use glam::Vec2;
use mazewalker::level::save::{LevelDocument, Tables, save_atomically};
use mazewalker::level::{Level, LevelError, Light};

/// A valid prefix: the `[player]` table every level needs (lines 1 and 2).
const PLAYER: &str = "[player]\nstart = [0.0, 0.0]\n";

fn load(text: &str) -> Level {
    let loaded = Level::from_toml_str(text, Path::new("test.toml"))
        .unwrap_or_else(|error| panic!("expected a valid level, got {error} for:\n{text}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    loaded.level
}

fn error_for(text: &str) -> LevelError {
    match Level::from_toml_str(text, Path::new("test.toml")) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(error) => error,
    }
}

fn message_for(text: &str) -> String {
    error_for(text).to_string()
}

/// The message for a level whose only lamp is `lamp` (its `[[light]]`
/// header is line 3, its first key line 4).
fn lamp_message(lamp: &str) -> String {
    message_for(&format!("{PLAYER}[[light]]\n{lamp}"))
}

#[test]
fn a_level_without_lamps_has_none() {
    assert!(load(PLAYER).lights.is_empty());
    assert!(Level::maze(3, 2, 5).expect("a maze").lights.is_empty());
}

#[test]
fn the_house_hangs_its_own_lamps_inside_its_walls() {
    let house = Level::default_house();
    assert_eq!(
        house.lights.len(),
        13,
        "one or two a room, four in the hallway"
    );
    for lamp in &house.lights {
        assert_eq!((lamp.height, lamp.radius, lamp.intensity), (2.5, 6.0, 4.0));
        assert!(
            (0.0..=20.0).contains(&lamp.at.x) && (0.0..=14.0).contains(&lamp.at.y),
            "{lamp:?}"
        );
    }
}

#[test]
fn a_lamp_with_only_at_takes_every_default() {
    let level = load(&format!("{PLAYER}[[light]]\nat = [1.5, -2.0]\n"));
    assert_eq!(
        level.lights,
        [Light {
            at: Vec2::new(1.5, -2.0),
            // The default ceiling is 2.8 m: the lamp hangs 0.3 m below it.
            height: 2.5,
            colour: [1.0, 0.9, 0.75],
            intensity: 1.0,
            radius: 8.0,
            base: None,
        }]
    );
}

#[test]
fn the_default_height_follows_the_levels_ceiling_wherever_it_is_written() {
    // The lamp comes before `[environment]` in the file; its default height
    // is still taken from the resolved ceiling.
    let level = load(&format!(
        "{PLAYER}[[light]]\nat = [0.0, 1.0]\n\n[environment]\nceiling_height = 3.5\n"
    ));
    assert_eq!(level.lights.len(), 1);
    assert_eq!(level.lights[0].height, 3.2);
    let low = load(&format!(
        "{PLAYER}[environment]\nceiling_height = 2.0\n[[light]]\nat = [0.0, 1.0]\n"
    ));
    assert_eq!(low.lights[0].height, 1.7);
}

#[test]
fn every_key_given_is_taken_as_written() {
    let level = load(&format!(
        "{PLAYER}[[light]]\nat = [-3.25, 4.0]\nheight = 1.4\ncolour = [0.2, 0.4, 0.6]\n\
         intensity = 2.5\nradius = 3\n"
    ));
    assert_eq!(
        level.lights,
        [Light {
            at: Vec2::new(-3.25, 4.0),
            height: 1.4,
            colour: [0.2, 0.4, 0.6],
            intensity: 2.5,
            radius: 3.0,
            base: None,
        }]
    );
    // The ends of the colour range are allowed, and integers are numbers.
    let level = load(&format!(
        "{PLAYER}[[light]]\nat = [0, 0]\ncolour = [0, 1, 0.0]\n"
    ));
    assert_eq!(level.lights[0].colour, [0.0, 1.0, 0.0]);
}

#[test]
fn several_lamps_load_in_file_order_each_with_its_own_keys() {
    let level = load(&format!(
        "{PLAYER}[[light]]\nat = [1.0, 1.0]\nintensity = 3.0\n\
         [[wall]]\na = [5.0, 0.0]\nb = [5.0, 4.0]\n\
         [[light]]\nat = [2.0, 2.0]\ncolour = [1.0, 0.0, 0.0]\n\
         [[light]]\nat = [3.0, 3.0]\nheight = 1.0\n"
    ));
    let ats: Vec<Vec2> = level.lights.iter().map(|light| light.at).collect();
    assert_eq!(
        ats,
        [
            Vec2::new(1.0, 1.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(3.0, 3.0)
        ]
    );
    let keys: Vec<(f32, [f32; 3], f32)> = level
        .lights
        .iter()
        .map(|light| (light.intensity, light.colour, light.height))
        .collect();
    assert_eq!(
        keys,
        [
            (3.0, [1.0, 0.9, 0.75], 2.5),
            (1.0, [1.0, 0.0, 0.0], 2.5),
            (1.0, [1.0, 0.9, 0.75], 1.0),
        ]
    );
    assert_eq!(level.walls.len(), 1);
}

#[test]
fn a_lamp_without_at_is_refused() {
    let message = lamp_message("height = 2.0\n");
    assert!(
        message.starts_with("test.toml:3:1: missing key `at`"),
        "{message}"
    );
}

#[test]
fn at_must_be_two_numbers() {
    assert_eq!(
        lamp_message("at = [1.0, 2.0, 3.0]\n"),
        "test.toml:4:6: light 0: `at` must be a list of 2 numbers, found 3"
    );
    assert_eq!(
        lamp_message("at = [1.0]\n"),
        "test.toml:4:6: light 0: `at` must be a list of 2 numbers, found 1"
    );
}

#[test]
fn height_must_be_more_than_zero() {
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nheight = 0.0\n"),
        "test.toml:5:10: light 0: `height` must be more than 0, not 0"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nheight = -1.5\n"),
        "test.toml:5:10: light 0: `height` must be more than 0, not -1.5"
    );
}

#[test]
fn a_ceiling_too_low_for_the_default_height_needs_an_explicit_one() {
    // A short walker, so that the low ceiling is no warning of its own.
    let text = "[player]\nstart = [0.0, 0.0]\neye_height = 0.1\n\
                [environment]\nceiling_height = 0.25\n[[light]]\nat = [1.0, 2.0]\n";
    assert_eq!(
        message_for(text),
        "test.toml:7:6: light 0: without a `height` it hangs 0.3 m below the ceiling, \
         but the ceiling is only 0.25 m high; give it a `height` more than 0"
    );
    let given = load(&format!("{text}height = 0.2\n"));
    assert_eq!(given.lights[0].height, 0.2);
}

#[test]
fn colour_numbers_must_be_three_and_between_zero_and_one() {
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\ncolour = [1.0, 1.2, 0.5]\n"),
        "test.toml:5:10: light 0: each number of `colour` must be between 0 and 1, not [1.0, 1.2, 0.5]"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\ncolour = [-0.1, 0.5, 0.5]\n"),
        "test.toml:5:10: light 0: each number of `colour` must be between 0 and 1, not [-0.1, 0.5, 0.5]"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\ncolour = [1.0, 0.5]\n"),
        "test.toml:5:10: light 0: `colour` must be a list of 3 numbers, found 2"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\ncolour = [1.0, 0.5, 0.5, 1.0]\n"),
        "test.toml:5:10: light 0: `colour` must be a list of 3 numbers, found 4"
    );
}

#[test]
fn intensity_and_radius_must_be_more_than_zero() {
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nintensity = 0\n"),
        "test.toml:5:13: light 0: `intensity` must be more than 0, not 0"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nintensity = -2.0\n"),
        "test.toml:5:13: light 0: `intensity` must be more than 0, not -2"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nradius = 0.0\n"),
        "test.toml:5:10: light 0: `radius` must be more than 0, not 0"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nradius = -1.0\n"),
        "test.toml:5:10: light 0: `radius` must be more than 0, not -1"
    );
}

#[test]
fn nan_and_infinite_numbers_are_refused_where_they_are() {
    assert_eq!(
        lamp_message("at = [nan, 0.0]\n"),
        "test.toml:4:6: light 0: `at` must be finite, not [NaN, 0.0]"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nheight = inf\n"),
        "test.toml:5:10: light 0: `height` must be a finite number, not inf"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\ncolour = [0.5, nan, 0.5]\n"),
        "test.toml:5:10: light 0: `colour` must be finite, not [0.5, NaN, 0.5]"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nintensity = nan\n"),
        "test.toml:5:13: light 0: `intensity` must be a finite number, not NaN"
    );
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nradius = -inf\n"),
        "test.toml:5:10: light 0: `radius` must be a finite number, not -inf"
    );
    // A literal too large for f32 becomes infinite and is refused too.
    assert_eq!(
        lamp_message("at = [0.0, 0.0]\nradius = 1e300\n"),
        "test.toml:5:10: light 0: `radius` must be a finite number, not inf"
    );
}

#[test]
fn errors_name_the_lamp_by_its_index_and_its_own_line() {
    let text = format!(
        "{PLAYER}[[light]]\nat = [0.0, 0.0]\n\n[[light]]\nat = [1.0, 1.0]\n\n[[light]]\nat = [2.0, 2.0]\nradius = 0\n"
    );
    assert_eq!(
        message_for(&text),
        "test.toml:11:10: light 2: `radius` must be more than 0, not 0"
    );
}

#[test]
fn unknown_keys_suggest_the_closest_key() {
    let message = lamp_message("at = [0.0, 0.0]\ncolor = [1.0, 0.0, 0.0]\n");
    assert!(
        message.starts_with(
            "test.toml:5:1: unknown key `color`, did you mean `colour`? \
             (expected one of `at`, `height`, `colour`, `intensity`, `radius`, `base`)"
        ),
        "{message}"
    );
    assert!(
        message.contains("5 | color = [1.0, 0.0, 0.0]\n  | ^^^^^"),
        "{message}"
    );
    let message = lamp_message("at = [0.0, 0.0]\nintensty = 2.0\n");
    assert!(
        message.starts_with("test.toml:5:1: unknown key `intensty`, did you mean `intensity`?"),
        "{message}"
    );
    let message = lamp_message("at = [0.0, 0.0]\nwattage = 60\n");
    assert!(
        message.starts_with("test.toml:5:1: unknown key `wattage` (expected one of `at`"),
        "{message}"
    );
    assert!(!message.contains("did you mean"), "{message}");
}

#[test]
fn wrong_types_name_the_expected_type() {
    let message = lamp_message("at = [0.0, 0.0]\ncolour = \"red\"\n");
    assert!(
        message.starts_with("test.toml:5:10: invalid type: string \"red\", expected a sequence"),
        "{message}"
    );
}

#[test]
fn lamps_are_left_out_of_the_level_hash() {
    let walls = format!(
        "{PLAYER}[[wall]]\na = [0.0, 5.0]\nb = [3.0, 5.0]\n\
         [[obstacle]]\npoints = [[1.0, 1.0], [2.0, 1.0], [2.0, 2.0]]\n"
    );
    let dark = load(&walls);
    let lit = load(&format!(
        "{walls}[[light]]\nat = [1.0, 3.0]\n[[light]]\nat = [2.0, 3.0]\nheight = 1.0\n\
         colour = [0.5, 0.5, 1.0]\nintensity = 4.0\nradius = 2.0\n"
    ));
    assert_eq!(lit.lights.len(), 2);
    assert_eq!(lit.content_hash(), dark.content_hash());
    let mut moved = lit.clone();
    moved.lights[0].at = Vec2::new(-7.0, 9.0);
    moved.lights.pop();
    assert_eq!(moved.content_hash(), dark.content_hash());
    // The hash still sees the walk: the same lamps with a moved wall differ.
    let mut walled = lit.clone();
    walled.walls[0].b.x += 0.5;
    assert_ne!(walled.content_hash(), dark.content_hash());
}

/// The first lamp of [`LIT_LEVEL`], with the comments above and in it.
const FIRST_LAMP: &str = "# ---- lamps, between the walls on purpose
[[light]]   # hall lamp
at = [ 0.0, 1.0 ]    # centre
colour = [1.0, 0.8, 0.6]
# keep it soft
intensity = 0.7
";

/// The second lamp of [`LIT_LEVEL`], the file's last table.
const SECOND_LAMP: &str = "# the reading lamp
[[light]]
at = [1.0,1.0]
height = 1.2
radius = 2.5  # small
";

/// A level with lamps before, between and after the walls, with comments.
const LIT_LEVEL: &str = "# A lit test level.
name = \"lit\"

[player]
start = [0.0, 0.0]   # by the door

# ---- walls
[[wall]]  # 0
a = [-2.0, -2.0]
b = [2.0, -2.0]

# ---- lamps, between the walls on purpose
[[light]]   # hall lamp
at = [ 0.0, 1.0 ]    # centre
colour = [1.0, 0.8, 0.6]
# keep it soft
intensity = 0.7

[[wall]]  # 1
a = [2.0, -2.0]
b = [2.0, 2.0]

[[wall]]  # 2
a = [2.0, 2.0]
b = [-2.0, 2.0]

[[obstacle]]
points = [[-1.0, -1.0], [-0.5, -1.0], [-0.5, -0.5]]

# the reading lamp
[[light]]
at = [1.0,1.0]
height = 1.2
radius = 2.5  # small
";

#[test]
fn lamps_survive_adding_and_removing_walls_byte_for_byte() {
    assert!(LIT_LEVEL.contains(FIRST_LAMP) && LIT_LEVEL.ends_with(SECOND_LAMP));
    let before = load(LIT_LEVEL);
    assert_eq!(before.lights.len(), 2);

    let mut document = LevelDocument::parse(LIT_LEVEL).expect("TOML");
    let added = (Vec2::new(-2.0, 2.0), Vec2::new(-2.0, -2.0));
    assert_eq!(document.append_wall(added.0, added.1), Ok(3));
    let directory = common::scratch_folder("lamps_survive_a_new_wall");
    let path = directory.join("lit.toml");
    save_atomically(&path, &document.text()).expect("the temp dir is writable");
    let saved = std::fs::read_to_string(&path).expect("just written");
    // The new wall goes after the last wall; every other byte stays.
    let expected = LIT_LEVEL.replace(
        "b = [-2.0, 2.0]\n",
        "b = [-2.0, 2.0]\n\n[[wall]]\na = [-2.0, 2.0]\nb = [-2.0, -2.0]\n",
    );
    assert_eq!(saved, expected);
    assert!(saved.contains(FIRST_LAMP) && saved.ends_with(SECOND_LAMP));
    let reloaded = Level::load(&path).expect("the saved file is valid").level;
    assert_eq!(reloaded.lights, before.lights);
    assert_eq!(reloaded.walls.len(), 4);

    // Removing the wall right after the first lamp, and the first wall with
    // the section comment above it, leaves both lamps' text as it was.
    document.remove(Tables::Walls, 1).expect("wall 1 exists");
    document.remove(Tables::Walls, 0).expect("wall 0 exists");
    save_atomically(&path, &document.text()).expect("the temp dir is writable");
    let saved = std::fs::read_to_string(&path).expect("just written");
    assert!(saved.contains(FIRST_LAMP), "{saved}");
    assert!(saved.ends_with(SECOND_LAMP), "{saved}");
    assert!(!saved.contains("[[wall]]  # 0") && !saved.contains("[[wall]]  # 1"));
    assert!(saved.contains("# ---- walls\n"), "{saved}");
    let reloaded = Level::load(&path).expect("the saved file is valid").level;
    assert_eq!(reloaded.lights, before.lights);
    assert_eq!(reloaded.walls.len(), 2);
}

#[test]
fn a_complete_file_written_for_a_level_keeps_its_lamps() {
    let level = load(LIT_LEVEL);
    let written = LevelDocument::from_level(&level).expect("writable").text();
    assert_eq!(written.matches("[[light]]").count(), 2);
    let again = load(&written);
    assert_eq!(again.lights, level.lights);
    assert_eq!(again.content_hash(), level.content_hash());
}
