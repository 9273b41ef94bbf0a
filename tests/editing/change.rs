//! [`Edit::Change`] through [`LevelDraft::change`]: an item of each kind
//! made into another of its kind rewrites exactly the keys whose values
//! differ, in place (comments and the other keys kept byte for byte, a
//! missing key added at the end of its table); undoing gives back the text
//! byte for byte, also through the journal after a save; refused changes
//! change nothing.

use crate::common;

use common::level_file;

use glam::Vec2;
use mazewalker::collision::ConvexPolygon;
use mazewalker::edit::{Edit, EditError, Item, ItemChange, Journal, LevelDraft, Piece};
use mazewalker::level::save::KeyText;
use mazewalker::level::{DoorKind, DoorOpens, Level, MaterialId};

/// A room whose items have comments, integer coordinates and an outline
/// written clockwise: what the editor must keep as written.
const ROOM: &str = "# A room to change things in.
name = \"Changes\"
wall_height = 2.5

[player]
start = [3.0, 3.0]

[[wall]]  # 0: north
a = [0, 0]     # the corner
b = [6.0, 0.0]
material = \"brick\"  # red

[[wall]]  # 1: east
a = [6.0, 0.0]
b = [6.0, 4.0]

[[obstacle]]  # a table, written clockwise
points = [[1, 1], [1, 2], [2, 2], [2, 1]]
height = 0.75

[[light]]  # over the table
at = [1.5, 1.5]
colour = [1.0, 0.8, 0.6]   # warm
intensity = 2

[[door]]   # the way out
a = [0.0, 0.5]
b = [0.0, 1.5]
kind = \"slide\"
";

/// A session on [`ROOM`] in the scratch folder `name`, and the file's path.
fn room(name: &str) -> (std::path::PathBuf, LevelDraft) {
    let (path, level) = level_file(name, ROOM);
    (path, LevelDraft::new(level).expect("editable"))
}

/// The index of the material named `name`.
fn material(session: &LevelDraft, name: &str) -> MaterialId {
    MaterialId::at(
        session
            .level()
            .materials
            .iter()
            .position(|material| material.name == name)
            .expect("a builtin"),
    )
}

/// Makes one change of each kind's properties; returns the text they
/// should give.
fn change_everything(session: &mut LevelDraft) -> String {
    let tiles = material(session, "tiles");
    let Piece::Wall(mut wall) = Piece::at(session.level(), Item::Wall(0)).expect("wall 0") else {
        panic!("a wall")
    };
    wall.height = 3.0;
    wall.material = tiles;
    assert_eq!(session.change(Item::Wall(0), Piece::Wall(wall)), Ok(true));

    let mut light = session.level().lights[0];
    light.colour = [0.5, 0.5, 1.0];
    light.radius = 5.0;
    assert_eq!(session.change(Item::Lamp(0), Piece::Light(light)), Ok(true));

    let mut obstacle = session.level().obstacles[0].clone();
    let moved: Vec<Vec2> = obstacle
        .polygon
        .points()
        .iter()
        .map(|point| *point + Vec2::X)
        .collect();
    obstacle.polygon = ConvexPolygon::new(moved).expect("a square");
    obstacle.height = 1.0;
    assert_eq!(
        session.change(Item::Obstacle(0), Piece::Obstacle(obstacle)),
        Ok(true)
    );

    let mut door = session.level().doors[0];
    door.kind = DoorKind::Swing;
    door.swing_degrees = -45.0;
    door.speed = 2.5;
    door.opens = DoorOpens::Near;
    door.close_after = 0.0;
    assert_eq!(session.change(Item::Door(0), Piece::Door(door)), Ok(true));

    ROOM.replace(
        "material = \"brick\"  # red\n",
        "material = \"tiles\"  # red\nheight = 3.0\n",
    )
    .replace(
        "colour = [1.0, 0.8, 0.6]   # warm\nintensity = 2\n",
        "colour = [0.5, 0.5, 1.0]   # warm\nintensity = 2\nradius = 5.0\n",
    )
    // The outline as the level holds it: counter-clockwise.
    .replace(
        "points = [[1, 1], [1, 2], [2, 2], [2, 1]]\nheight = 0.75\n",
        "points = [[3.0, 1.0], [3.0, 2.0], [2.0, 2.0], [2.0, 1.0]]\nheight = 1.0\n",
    )
    .replace(
        "kind = \"slide\"\n",
        "kind = \"swing\"\nswing = -45.0\nspeed = 2.5\nopens = \"near\"\nclose_after = 0.0\n",
    )
}

#[test]
fn each_kind_rewrites_only_the_keys_that_differ_and_undoes_byte_for_byte() {
    let (path, mut session) = room("editing_change_kinds");
    let expected = change_everything(&mut session);
    assert_eq!(session.text(), expected);
    assert_eq!(session.undo_depth(), 4, "one step a change");
    let loaded = Level::from_toml_str(&session.text(), &path)
        .expect("valid")
        .level;
    assert_eq!(loaded.walls, session.level().walls);
    assert_eq!(loaded.lights, session.level().lights);
    assert_eq!(loaded.obstacles, session.level().obstacles);
    assert_eq!(loaded.doors, session.level().doors);

    // Each change says what it changed, for the collider to follow.
    let changes = session.take_changes();
    assert_eq!(changes.len(), 4);
    while session.undo().expect("in step") {}
    assert_eq!(session.text(), ROOM);
    assert_eq!(
        session.level().walls,
        Level::load(&path).expect("valid").level.walls
    );
    assert_eq!(session.redo(), Ok(true));
    assert_eq!(session.level().walls[0].height, 3.0, "redone");
}

#[test]
fn changes_undone_past_a_save_are_journaled_exactly_and_restored_by_f9() {
    let (path, mut session) = room("editing_change_journal");
    let changed = change_everything(&mut session);
    // The journal turns the file into the changed text.
    assert_eq!(session.journal().replay(ROOM).expect("it applies"), changed);
    session.save(&path).expect("writable");
    // Undoing past the save writes each change's inverse, which puts back
    // the values as written (integers, the clockwise outline) and takes
    // away the keys it added.
    while session.undo().expect("in step") {
        let replayed = session.journal().replay(&changed).expect("it applies");
        assert_eq!(replayed, session.text());
    }
    assert_eq!(session.text(), ROOM);
    let journal = Journal::parse(&session.journal().to_text()).expect("its own format");
    assert_eq!(journal.len(), 4);
    assert!(
        journal
            .edits()
            .iter()
            .all(|edit| matches!(edit, Edit::Change { .. })),
        "{journal:?}"
    );

    // F9 in a session on the saved file brings the undone state back.
    let mut restored = LevelDraft::new(Level::load(&path).expect("valid").level).expect("editable");
    assert_eq!(restored.restore(&journal).expect("it applies"), 4);
    assert_eq!(restored.text(), ROOM);
    assert_eq!(restored.level().obstacles, session.level().obstacles);
    assert_eq!(restored.level().doors, session.level().doors);
}

#[test]
fn refused_changes_change_nothing() {
    let (_path, mut session) = room("editing_change_refused");
    let wall = session.level().walls[0].clone();
    let light = session.level().lights[0];

    // Into another kind, into what no level holds, with no change at all.
    assert!(matches!(
        session.change(Item::Wall(0), Piece::Light(light)),
        Err(EditError::OtherKind { .. })
    ));
    let mut low = wall.clone();
    low.height = -1.0;
    assert!(matches!(
        session.change(Item::Wall(0), Piece::Wall(low)),
        Err(EditError::InvalidPiece { .. })
    ));
    let mut unknown = wall.clone();
    unknown.material = MaterialId(999);
    assert!(matches!(
        session.change(Item::Wall(0), Piece::Wall(unknown)),
        Err(EditError::InvalidPiece { .. })
    ));
    // An obstacle moving in a way the format does not allow.
    let obstacle = session.level().obstacles[0].clone();
    for (mass, friction, bounce) in [(0.0, 0.5, 0.2), (20.0, 2.5, 0.2), (20.0, 0.5, -0.1)] {
        let unmovable = mazewalker::level::LevelObstacle {
            loose: true,
            mass,
            friction,
            bounce,
            ..obstacle.clone()
        };
        assert!(matches!(
            session.change(Item::Obstacle(0), Piece::Obstacle(unmovable)),
            Err(EditError::InvalidPiece { .. })
        ));
    }
    let mut short = wall.clone();
    short.b = short.a;
    assert!(matches!(
        session.change(Item::Wall(0), Piece::Wall(short)),
        Err(EditError::TooShort { .. })
    ));
    assert_eq!(
        session.change(Item::Wall(0), Piece::Wall(wall.clone())),
        Ok(false)
    );
    assert!(matches!(
        session.change(Item::Wall(7), Piece::Wall(wall.clone())),
        Err(EditError::NoSuchItem { .. })
    ));

    // A stale change, one naming other keys, one changing an item twice.
    let mut level = session.level().clone();
    let mut document = mazewalker::level::save::LevelDocument::for_level(&level).expect("editable");
    let mut moved = wall;
    moved.b.x += 1.0;
    let change = ItemChange::new(&level, Item::Wall(0), Piece::Wall(moved)).expect("a change");
    assert_eq!(
        change.keys,
        [KeyText {
            key: "b",
            value: Some("[7.0, 0.0]".to_owned())
        }]
    );
    let stale = ItemChange {
        index: 1,
        ..change.clone()
    };
    let other_keys = ItemChange {
        keys: vec![KeyText {
            key: "a",
            value: Some("[1.0, 0.0]".to_owned()),
        }],
        ..change.clone()
    };
    for (items, refused) in [
        (vec![stale], "OtherItem"),
        (vec![other_keys], "OtherKeys"),
        (vec![change.clone(), change.clone()], "OtherItem"),
    ] {
        let error = Edit::Change { items }
            .apply(&mut level, &mut document)
            .expect_err("refused");
        assert!(format!("{error:?}").starts_with(refused), "{error:?}");
    }
    assert_eq!(document.text(), ROOM);
    assert_eq!(level.walls, session.level().walls);
    assert_eq!(session.undo_depth(), 0);
    assert_eq!(session.text(), ROOM);
}
