//! Every class of level error: its message names the file, line, column, the
//! item and what is wrong.

use std::path::Path;

use mazewalker::level::{Level, LevelError};

/// A valid prefix: the `[player]` table every level needs.
const PLAYER: &str = "[player]\nstart = [0.0, 0.0]\n";

fn error_for(text: &str) -> LevelError {
    match Level::from_toml_str(text, Path::new("test.toml")) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(error) => error,
    }
}

fn message_for(text: &str) -> String {
    error_for(text).to_string()
}

#[test]
fn syntax_errors_show_line_column_and_a_caret_under_the_text() {
    let message = message_for("[player]\nstart = [0.0, 0.0\n");
    assert!(message.starts_with("test.toml:2:18: "), "{message}");
    assert!(message.contains("2 | start = [0.0, 0.0\n"), "{message}");
    assert!(message.ends_with("  |                  ^"), "{message}");
}

#[test]
fn wrong_types_name_the_expected_type_and_the_offending_text() {
    let message = message_for("[player]\nstart = [0.0, \"north\"]\n");
    assert!(
        message.starts_with("test.toml:2:15: invalid type: string \"north\", expected a number"),
        "{message}"
    );
    assert!(message.contains("  |               ^^^^^^^"), "{message}");
    let message = message_for(&format!("name = 3\n{PLAYER}"));
    assert!(
        message.starts_with("test.toml:1:8: invalid type: integer `3`"),
        "{message}"
    );
}

#[test]
fn unknown_keys_suggest_the_closest_key() {
    let message = message_for(&format!("wall_radus = 0.5\n{PLAYER}"));
    assert!(
        message.starts_with("test.toml:1:1: unknown key `wall_radus`, did you mean `wall_radius`?"),
        "{message}"
    );
    assert!(
        message.contains("1 | wall_radus = 0.5\n  | ^^^^^^^^^^"),
        "{message}"
    );

    let message = message_for(&format!(
        "{PLAYER}[[wall]]\na = [0.0, 1.0]\nb = [1.0, 1.0]\nradus = 0.2\n"
    ));
    assert!(
        message.starts_with("test.toml:6:1: unknown key `radus`, did you mean `radius`?"),
        "{message}"
    );

    let message = message_for("[player]\nstart = [0.0, 0.0]\nyew = 90.0\n");
    assert!(
        message.starts_with("test.toml:3:1: unknown key `yew`, did you mean `yaw`?"),
        "{message}"
    );
}

#[test]
fn unknown_keys_far_from_any_key_list_the_expected_ones() {
    let message = message_for("[player]\nstart = [0.0, 0.0]\nflavour = \"mint\"\n");
    assert!(
        message.contains("unknown key `flavour` (expected one of `start`, `yaw`"),
        "{message}"
    );
    assert!(!message.contains("did you mean"), "{message}");
}

#[test]
fn missing_keys_are_named() {
    assert!(message_for("name = \"x\"\n").contains("missing key `player`"));
    assert!(message_for("[player]\nyaw = 1.0\n").contains("missing key `start`"));
}

#[test]
fn zero_length_walls_name_the_wall_and_its_line() {
    let text = format!(
        "{PLAYER}[[wall]]\na = [0.0, 5.0]\nb = [3.0, 5.0]\n\n[[wall]]\na = [1.0, 2.0]\nb = [1.0, 2.0]\n"
    );
    assert_eq!(
        message_for(&text),
        "test.toml:8:5: wall 1: zero-length wall (a = b = [1.0, 2.0])"
    );
    let tiny = format!("{PLAYER}[[wall]]\na = [1.0, 2.0]\nb = [1.0, 2.00001]\n");
    assert!(message_for(&tiny).contains("wall 0: zero-length wall"));
}

#[test]
fn non_finite_numbers_are_refused_where_they_are() {
    let message = message_for("[player]\nstart = [0.0, nan]\n");
    assert_eq!(
        message,
        "test.toml:2:9: player: `start` must be finite, not [0.0, NaN]"
    );
    let message = message_for(&format!(
        "{PLAYER}[[wall]]\na = [0.0, 0.0]\nb = [1.0, 0.0]\nradius = inf\n"
    ));
    assert_eq!(
        message,
        "test.toml:6:10: wall 0: `radius` must be a finite number, not inf"
    );
    let message = message_for(&format!("wall_height = -inf\n{PLAYER}"));
    assert_eq!(
        message,
        "test.toml:1:15: level: `wall_height` must be a finite number, not -inf"
    );
    // A literal too large for f32 becomes infinite and is refused too.
    let message = message_for("[player]\nstart = [1e300, 0.0]\n");
    assert!(
        message.contains("player: `start` must be finite"),
        "{message}"
    );
}

#[test]
fn negative_radii_are_refused() {
    assert_eq!(
        message_for("[player]\nstart = [0.0, 0.0]\nradius = -0.3\n"),
        "test.toml:3:10: player: negative `radius` (-0.3); it must be 0 or more"
    );
    assert_eq!(
        message_for(&format!("wall_radius = -1\n{PLAYER}")),
        "test.toml:1:15: level: negative `wall_radius` (-1); it must be 0 or more"
    );
    let message = message_for(&format!(
        "{PLAYER}[[wall]]\na = [0.0, 0.0]\nb = [1.0, 0.0]\nradius = -0.5\n"
    ));
    assert!(
        message.starts_with("test.toml:6:10: wall 0: negative `radius`"),
        "{message}"
    );
}

#[test]
fn wrong_coordinate_counts_are_refused() {
    let message = message_for(&format!(
        "{PLAYER}[[wall]]\na = [0.0, 0.0]\nb = [1.0, 2.0, 3.0]\n"
    ));
    assert_eq!(
        message,
        "test.toml:5:5: wall 0: `b` must be a list of 2 numbers, found 3"
    );
}

#[test]
fn obstacles_with_too_few_points_are_refused() {
    let message = message_for(&format!(
        "{PLAYER}[[obstacle]]\npoints = [[5.0, 5.0], [6.0, 5.0], [6.0, 6.0]]\n[[obstacle]]\npoints = [[0.0, 0.0], [1.0, 1.0]]\n"
    ));
    assert_eq!(
        message,
        "test.toml:6:10: obstacle 1: an obstacle needs at least 3 points, found 2"
    );
}

#[test]
fn obstacles_with_non_finite_points_are_refused() {
    let message = message_for(&format!(
        "{PLAYER}[[obstacle]]\npoints = [[5.0, 5.0], [6.0, nan], [6.0, 6.0]]\n"
    ));
    assert_eq!(
        message,
        "test.toml:4:10: obstacle 0: `point 1` must be finite, not [6.0, NaN]"
    );
}

// Non-convex and degenerate outlines are refused by `ConvexPolygon::new`;
// the loader names the item and its line.
#[test]
fn non_convex_obstacles_are_refused() {
    let message = message_for(&format!(
        "{PLAYER}[[obstacle]]\npoints = [[5.0, 5.0], [8.0, 5.0], [6.0, 6.0], [8.0, 8.0], [5.0, 8.0]]\n"
    ));
    assert!(
        message.starts_with("test.toml:4:10: obstacle 0: not a usable convex polygon"),
        "{message}"
    );
}

#[test]
fn degenerate_obstacles_are_refused() {
    let message = message_for(&format!(
        "{PLAYER}[[obstacle]]\npoints = [[5.0, 5.0], [6.0, 5.0], [7.0, 5.0]]\n"
    ));
    assert!(
        message.starts_with("test.toml:4:10: obstacle 0: not a usable convex polygon"),
        "{message}"
    );
}

#[test]
fn unknown_materials_suggest_a_known_one() {
    let message = message_for(&format!(
        "{PLAYER}[[wall]]\na = [0.0, 0.0]\nb = [1.0, 0.0]\nmaterial = \"brik\"\n"
    ));
    assert_eq!(
        message,
        "test.toml:6:12: wall 0: unknown material `brik`; did you mean `brick`?"
    );
    let message = message_for(&format!(
        "{PLAYER}[[material]]\nname = \"stone\"\nbuiltin = \"marble\"\n"
    ));
    assert!(
        message.starts_with("test.toml:5:11: material 0: there is no builtin texture `marble`"),
        "{message}"
    );
}

#[test]
fn materials_need_exactly_one_texture_source() {
    let message = message_for(&format!("{PLAYER}[[material]]\nname = \"stone\"\n"));
    assert!(
        message.contains("material 0: give exactly one of `file`"),
        "{message}"
    );
}

#[test]
fn out_of_range_environment_values_are_refused() {
    let message = message_for(&format!("{PLAYER}[environment]\nambient = 1.5\n"));
    assert_eq!(
        message,
        "test.toml:4:11: environment: `ambient` must be between 0 and 1, not 1.5"
    );
    let message = message_for(&format!(
        "{PLAYER}[environment]\nlight_direction = [0.0, 0.0, 0.0]\n"
    ));
    assert!(
        message.contains("environment: `light_direction` must not be zero"),
        "{message}"
    );
    let message = message_for(&format!("{PLAYER}[environment]\nceiling_height = 0\n"));
    assert!(
        message.contains("`ceiling_height` must be more than 0"),
        "{message}"
    );
}

#[test]
fn a_missing_level_file_is_a_read_error() {
    let error = Level::load(Path::new("/nonexistent/level.toml")).expect_err("no such file");
    assert!(matches!(error, LevelError::Read { .. }));
    assert!(
        error
            .to_string()
            .starts_with("/nonexistent/level.toml: cannot read the level file")
    );
}

/// A loose crate, 1 m square with its corner at `[x, z]`, on line 4.
fn loose_crate(x: f32, z: f32) -> String {
    format!(
        "[[obstacle]]\npoints = [[{x:?}, {z:?}], [{:?}, {z:?}], [{:?}, {:?}], [{x:?}, {:?}]]\nloose = true\n",
        x + 1.0,
        x + 1.0,
        z + 1.0,
        z + 1.0
    )
}

#[test]
fn how_an_obstacle_moves_is_refused_out_of_range_where_it_is() {
    let crate_with = |key: &str| format!("{PLAYER}{}{key}\n", loose_crate(5.0, 5.0));
    assert_eq!(
        message_for(&crate_with("mass = 0")),
        "test.toml:6:8: obstacle 0: `mass` must be more than 0, not 0"
    );
    assert_eq!(
        message_for(&crate_with("mass = -3.5")),
        "test.toml:6:8: obstacle 0: `mass` must be more than 0, not -3.5"
    );
    assert_eq!(
        message_for(&crate_with("friction = 2.5")),
        "test.toml:6:12: obstacle 0: `friction` must be between 0 and 2, not 2.5"
    );
    assert_eq!(
        message_for(&crate_with("friction = -0.1")),
        "test.toml:6:12: obstacle 0: `friction` must be between 0 and 2, not -0.1"
    );
    assert_eq!(
        message_for(&crate_with("bounce = 1.01")),
        "test.toml:6:10: obstacle 0: `bounce` must be between 0 and 1, not 1.01"
    );
    assert_eq!(
        message_for(&crate_with("bounce = nan")),
        "test.toml:6:10: obstacle 0: `bounce` must be a finite number, not NaN"
    );
    // The bounds themselves are allowed.
    for key in [
        "mass = 0.001",
        "friction = 0",
        "friction = 2",
        "bounce = 0\nmass = 1e6",
        "bounce = 1",
    ] {
        let text = crate_with(key);
        assert!(
            Level::from_toml_str(&text, Path::new("test.toml")).is_ok(),
            "{text}"
        );
    }
    let message = message_for(&format!(
        "{PLAYER}[[obstacle]]\npoints = [[5.0, 5.0], [6.0, 5.0], [6.0, 6.0]]\nloose = 1\n"
    ));
    assert!(
        message.starts_with("test.toml:5:9: invalid type: integer `1`, expected a boolean"),
        "{message}"
    );
}

#[test]
fn the_walkers_push_and_kick_are_refused_out_of_range_where_they_are() {
    assert_eq!(
        message_for("[player]\nstart = [0.0, 0.0]\npush = -1\n"),
        "test.toml:3:8: player: negative `push` (-1); it must be 0 or more"
    );
    assert_eq!(
        message_for("[player]\nstart = [0.0, 0.0]\nkick = -0.5\n"),
        "test.toml:3:8: player: negative `kick` (-0.5); it must be 0 or more"
    );
    assert_eq!(
        message_for("[player]\nstart = [0.0, 0.0]\nkick = inf\n"),
        "test.toml:3:8: player: `kick` must be a finite number, not inf"
    );
    let still = "[player]\nstart = [0.0, 0.0]\npush = 0\nkick = 0\n";
    let level = Level::from_toml_str(still, Path::new("test.toml")).expect("0 is allowed");
    assert_eq!(
        (level.level.player.push, level.level.player.kick),
        (0.0, 0.0)
    );
}

#[test]
fn a_loose_obstacle_overlapping_anything_is_refused_naming_both() {
    // Wall 1 runs along z = 10, 0.2 m thick: its body reaches z = 9.9.
    let walls = "[[wall]]\na = [0.0, -10.0]\nb = [10.0, -10.0]\n\
                 [[wall]]\na = [0.0, 10.0]\nb = [10.0, 10.0]\nthickness = 0.2\nradius = 0.5\n";
    let fixed_triangle = "[[obstacle]]\npoints = [[2.0, 2.0], [3.0, 2.0], [3.0, 3.0]]\n";
    let cases = [
        // 5 cm into the wall's body (the items start on line 11).
        (
            loose_crate(4.0, 8.95),
            "test.toml:12:10: obstacle 0 (loose) overlaps wall 1",
        ),
        // Into a fixed obstacle.
        (
            format!("{fixed_triangle}{}", loose_crate(2.5, 2.5)),
            "test.toml:14:10: obstacle 1 (loose) overlaps obstacle 0",
        ),
        // Two loose ones: named once, by the first.
        (
            format!("{}{}", loose_crate(5.0, 5.0), loose_crate(5.5, 5.5)),
            "test.toml:12:10: obstacle 0 (loose) overlaps obstacle 1",
        ),
        // Across a closed door's leaf.
        (
            format!(
                "{}[[door]]\na = [6.0, 0.0]\nb = [6.0, 2.0]\n",
                loose_crate(5.5, 0.5)
            ),
            "test.toml:12:10: obstacle 0 (loose) overlaps door 0",
        ),
        // Into the walker's body at the start [0, 0], radius 0.25.
        (
            loose_crate(0.2, -0.5),
            "test.toml:12:10: obstacle 0 (loose) overlaps the start",
        ),
    ];
    for (items, expected) in cases {
        assert_eq!(message_for(&format!("{PLAYER}{walls}{items}")), expected);
    }
    // Flush against the wall's face, within its collision radius but clear
    // of its body; beside the triangle; a fixed obstacle anywhere; under
    // a rise door that starts open (closing onto it, the door gives way).
    for items in [
        loose_crate(4.0, 8.9),
        format!(
            "{}[[door]]\nkind = \"rise\"\na = [6.0, 0.0]\nb = [6.0, 2.0]\nopen = true\n",
            loose_crate(5.5, 0.5)
        ),
        format!("{fixed_triangle}{}", loose_crate(3.0, 2.0)),
        format!("{fixed_triangle}[[obstacle]]\npoints = [[2.5, 2.5], [3.5, 2.5], [3.5, 3.5]]\n"),
        loose_crate(0.25, -0.5),
    ] {
        let text = format!("{PLAYER}{walls}{items}");
        assert!(
            Level::from_toml_str(&text, Path::new("test.toml")).is_ok(),
            "{text}"
        );
    }
}
