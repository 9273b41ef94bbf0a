//! `[[lift]]` and a switch's `lifts`: every bad value gives its error
//! with the file, line and column, the item and what is wrong; an index
//! past the level's floors or lifts, or a floor below a lift's `low`, only
//! warns; a complete file writes
//! lifts and switches back as they were; an edited file keeps them, and
//! deleting a floor leaves a warning, not an error.

use std::path::Path;

use glam::Vec2;
use mazewalker::edit::{Item, LevelDraft};
use mazewalker::level::save::LevelDocument;
use mazewalker::level::{Level, Lift, defaults};

use crate::common;

/// A start, a floor at 1 m (floor 0) and one at 0.5 m (floor 1).
const FLOORS: &str = "[player]\nstart = [-2.0, -2.0]\n
[[floor]]
points = [[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]
height = 1.0

[[floor]]
points = [[4.0, 0.0], [8.0, 0.0], [8.0, 4.0], [4.0, 4.0]]
height = 0.5
";

/// `FLOORS` and a `[[lift]]` of `keys`; its keys start on line 13.
fn with_lift(keys: &str) -> String {
    format!("{FLOORS}\n[[lift]]\n{keys}")
}

fn message_for(text: &str) -> String {
    match Level::from_toml_str(text, Path::new("lifts.toml")) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn bad_lifts_are_refused_at_the_value_with_what_is_wrong() {
    let cases = [
        (
            "floors = [0]\nlow = 0.75\nspeed = 0.0\n",
            "lifts.toml:15:9: lift 0: `speed`",
        ),
        (
            "floors = [0]\nlow = 0.75\nwait = -1.0\n",
            "lifts.toml:15:8: lift 0: negative `wait`",
        ),
        (
            "floors = []\nlow = 0.0\n",
            "lifts.toml:13:10: lift 0: `floors` names no floor",
        ),
        (
            "floors = [0]\nlow = 0.0\n\n[[lift]]\nfloors = [1, 0]\nlow = 0.0\n",
            "lifts.toml:17:14: lift 1: floor 0 already moves with lift 0",
        ),
        (
            "floors = [0]\nlow = 500.0\n",
            "lifts.toml:14:7: lift 0: `low`",
        ),
    ];
    for (keys, expected) in cases {
        let message = message_for(&with_lift(keys));
        assert!(message.starts_with(expected), "{message}\nnot {expected}");
    }
}

#[test]
fn a_lift_takes_dooms_wait_and_speed_unless_written_and_missing_indices_warn() {
    let text = format!(
        "{}\n[[switch]]\na = [0.0, -1.0]\nb = [1.0, -1.0]\nlifts = [0, 3]\n",
        with_lift("floors = [0, 7]\nlow = 0.5\n")
    );
    let loaded = Level::from_toml_str(&text, Path::new("lifts.toml")).expect("loads");
    assert_eq!(
        loaded.level.lifts,
        [Lift {
            floors: vec![0, 7],
            low: 0.5,
            wait: defaults::LIFT_WAIT,
            speed: defaults::LIFT_SPEED,
        }]
    );
    assert_eq!(loaded.level.switches[0].lifts, [0, 3]);
    assert!(loaded.level.switches[0].doors.is_empty());
    let warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0].contains("lift 0: floor 7 does not exist (the level has 2 floors)"),
        "{warnings:?}"
    );
    assert!(
        warnings[1].contains("switch 0: lift 3 does not exist (the level has 1 lifts)"),
        "{warnings:?}"
    );
}

#[test]
fn a_floor_below_low_warns_stays_named_and_does_not_move() {
    let loaded = Level::from_toml_str(
        &with_lift("floors = [0, 1]\nlow = 0.75\n"),
        Path::new("lifts.toml"),
    )
    .expect("loads");
    let warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert!(
        warnings.iter().any(|w| w.contains(
            "lifts.toml:14:7: warning: lift 0: `low` 0.75 m is above floor 1's `height` 0.5 m"
        )),
        "{warnings:?}"
    );
    let level = loaded.level;
    assert_eq!(level.lifts[0].floors, [0, 1], "named as written");
    assert_eq!(level.lift_floors(&level.lifts[0]).collect::<Vec<_>>(), [0]);
    assert_eq!(level.drawn_floor_height(0), Some(0.75), "the lift's floor");
    assert_eq!(level.drawn_floor_height(1), Some(0.5), "where it stands");
}

#[test]
fn a_complete_file_writes_lifts_and_switches_back_as_they_were() {
    let text = format!(
        "{}\n[[switch]]\na = [0.0, -1.0]\nb = [1.0, -1.0]\nby = \"walk\"\nlifts = [0]\n\n\
         [[switch]]\na = [2.0, -1.0]\nb = [3.0, -1.0]\ndoors = []\n",
        with_lift("floors = [1, 0]\nlow = 0.25\nwait = 1.5\nspeed = 2.0\n")
    );
    let level = Level::from_toml_str(&text, Path::new("lifts.toml"))
        .expect("loads")
        .level;
    let written = LevelDocument::from_level(&level).expect("writable").text();
    let loaded = Level::from_toml_str(&written, Path::new("written.toml"))
        .unwrap_or_else(|error| panic!("{error}\n{written}"))
        .level;
    assert_eq!(loaded.lifts, level.lifts);
    assert_eq!(loaded.switches, level.switches);
    assert_eq!(loaded.lifts[0].floors, [1, 0]);
}

#[test]
fn lifts_survive_edits_and_saves_and_a_deleted_floor_only_warns() {
    let directory = common::scratch_folder("lift_saves");
    let path = directory.join("lift.toml");
    let text = format!(
        "{}\n[[switch]]\na = [0.0, -1.0]\nb = [1.0, -1.0]\nlifts = [0]\n",
        with_lift("floors = [1]\nlow = 0.25\n")
    );
    std::fs::write(&path, &text).expect("writable");
    let level = Level::load(&path).expect("valid").level;
    let mut draft = LevelDraft::new(level).expect("editable");
    draft.add_light(Vec2::new(1.0, 1.0)).expect("a lamp");
    draft.save(&path).expect("writable");
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(saved.starts_with(&text), "{saved}");
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.lifts, draft.level().lifts);
    assert_eq!(reloaded.switches, draft.level().switches);
    // Deleting the first floor leaves the lift naming a floor past the
    // last: the file still loads, with a warning at the index.
    draft.delete(Item::Floor(0)).expect("deleted");
    draft.save(&path).expect("writable");
    let loaded = Level::load(&path).expect("still valid");
    let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("lift 0: floor 1 does not exist")),
        "{warnings:?}"
    );
}
