//! Floors authored through [`LevelDraft`]: a floor from an outline (the
//! floors tool), a flight of stairs (the stairs tool), refused outlines,
//! and a floor deleted, repainted, changed and carried. Each is undone
//! and redone; the save holds exactly the tables the edits made; the
//! journal replays them; undoing everything gives the file back byte for
//! byte.

use crate::common;

use common::{draft_on, house_copy};
use std::path::Path;

use glam::Vec2;
use mazewalker::edit::stairs::{FLOOR_RAISE, STEP_RISE};
use mazewalker::edit::{Carry, EditError, Item, LevelDraft, Piece};
use mazewalker::level::{Level, LevelFloor};

fn points(list: &[(f32, f32)]) -> Vec<Vec2> {
    list.iter().map(|&(x, z)| Vec2::new(x, z)).collect()
}

/// The session's text loads as its level, floors and all, and its journal
/// turns `saved` into that text.
fn assert_in_step(session: &mut LevelDraft, saved: &str) {
    let text = session.text();
    let loaded = Level::from_toml_str(&text, Path::new("check.toml"))
        .expect("an edited level stays valid")
        .level;
    assert_eq!(loaded.floors, session.level().floors);
    assert_eq!(loaded.walls, session.level().walls);
    let replayed = session
        .journal()
        .replay(saved)
        .expect("the journal applies");
    assert_eq!(replayed, text, "the journal replays to the session's text");
}

/// Undoes every step and checks the text is `original` again.
fn undo_all_gives_back(session: &mut LevelDraft, original: &str) {
    while session.undo().expect("undoable") {}
    assert_eq!(session.text(), original, "byte for byte");
}

/// Plots `outline` with the floors tool and presses Enter.
fn floor_from(session: &mut LevelDraft, outline: &[(f32, f32)]) -> Result<(), EditError> {
    for point in points(outline) {
        session.plot_outline(point);
    }
    let made = session.close_floor_outline();
    session.clear_outline();
    made
}

#[test]
fn a_concave_outline_makes_a_floor_a_step_above_the_floor_under_its_first_point() {
    let (path, original) = house_copy("floors_outline");
    let mut session = draft_on(&path);
    // An L: concave, plotted clockwise.
    let outline = [
        (2.0, 2.0),
        (2.0, 4.0),
        (4.0, 4.0),
        (4.0, 3.0),
        (3.0, 3.0),
        (3.0, 2.0),
    ];
    floor_from(&mut session, &outline).expect("a simple outline");
    assert_eq!(session.undo_depth(), 1, "one step");
    let floor = session.level().floors[0].clone();
    assert_eq!(floor.points, points(&outline), "as plotted");
    assert_eq!(floor.height, FLOOR_RAISE, "above the ground");
    assert_eq!(floor.ceiling, FLOOR_RAISE + 2.8, "the format's ceiling");
    assert_in_step(&mut session, &original);
    let text = session.text();
    let table = "\n[[floor]]\npoints = [[2.0, 2.0], [2.0, 4.0], [4.0, 4.0], [4.0, 3.0], \
                 [3.0, 3.0], [3.0, 2.0]]\nheight = 0.2\n";
    assert_eq!(text.replacen(table, "", 1), original, "{text}");

    // A floor on it, plotted from a point on the first: a step above it.
    floor_from(&mut session, &[(2.25, 3.25), (2.75, 3.25), (2.75, 3.75)]).expect("an island");
    assert_eq!(session.level().floors[1].height, 2.0 * FLOOR_RAISE);
    assert_in_step(&mut session, &original);

    // Undo and redo, each one floor.
    assert!(session.undo().expect("undoable"));
    assert_eq!(session.level().floors.len(), 1);
    assert!(session.redo().expect("redoable"));
    assert_eq!(session.level().floors.len(), 2);
    undo_all_gives_back(&mut session, &original);
}

#[test]
fn an_outline_crossing_itself_or_another_floor_is_refused_and_changes_nothing() {
    let (path, original) = house_copy("floors_refused");
    let mut session = draft_on(&path);
    // A bow tie.
    let crossing = floor_from(
        &mut session,
        &[(2.0, 2.0), (4.0, 4.0), (4.0, 2.0), (2.0, 4.0)],
    );
    let Err(EditError::FloorRefused(why)) = crossing else {
        panic!("refused: {crossing:?}")
    };
    assert!(why.contains("crosses itself"), "{why}");
    assert_eq!(session.undo_depth(), 0);
    assert_eq!(session.text(), original);

    floor_from(
        &mut session,
        &[(2.0, 2.0), (4.0, 2.0), (4.0, 4.0), (2.0, 4.0)],
    )
    .expect("a square");
    // Half over the square: its edges cross the square's.
    let overlapping = floor_from(
        &mut session,
        &[(3.0, 3.0), (5.0, 3.0), (5.0, 5.0), (3.0, 5.0)],
    );
    let Err(EditError::FloorRefused(why)) = overlapping else {
        panic!("refused: {overlapping:?}")
    };
    assert!(why.contains("floor 0 and floor 1 cross"), "{why}");
    assert_eq!(session.level().floors.len(), 1);
    // Beside it, sharing an edge: neighbours.
    floor_from(
        &mut session,
        &[(4.0, 2.0), (6.0, 2.0), (6.0, 4.0), (4.0, 4.0)],
    )
    .expect("beside");
    assert_eq!(
        session.level().floors[1].height,
        FLOOR_RAISE,
        "on the ground"
    );
    // Too few points.
    assert!(matches!(
        floor_from(&mut session, &[(8.0, 8.0), (9.0, 8.0)]),
        Err(EditError::FloorRefused(_))
    ));
    assert_eq!(session.undo_depth(), 2);
    assert_in_step(&mut session, &original);
    undo_all_gives_back(&mut session, &original);
}

#[test]
fn a_flight_is_one_floor_per_step_each_a_rise_higher_and_one_undo_step() {
    let (path, original) = house_copy("floors_flight");
    let mut session = draft_on(&path);
    // A landing, and stairs up to it from the ground.
    floor_from(
        &mut session,
        &[(2.0, 5.0), (4.0, 5.0), (4.0, 7.0), (2.0, 7.0)],
    )
    .expect("landing");
    assert_eq!(session.make_flight(), Err(EditError::NoFlight));
    session.plot_flight_end(Vec2::new(3.0, 2.0));
    assert_eq!(session.make_flight(), Err(EditError::NoFlight), "one end");
    session.plot_flight_end(Vec2::new(3.0, 9.0));
    // A later Space moves the top end: to the landing's edge.
    session.plot_flight_end(Vec2::new(3.0, 5.0));
    let flight = session.flight(Vec2::ZERO).expect("both ends");
    assert_eq!(flight.steps, 10, "3 m of 0.28 m treads");
    assert_eq!(session.turn_flight_steps(-4.0, Vec2::ZERO), Some(6));
    assert_eq!(session.undo_depth(), 1);
    session.make_flight().expect("a flight");
    assert!(session.outline().is_empty(), "its ends are used up");
    assert_eq!(session.undo_depth(), 2, "the flight is one step");
    let floors = session.level().floors.clone();
    assert_eq!(floors.len(), 7);
    for (step, floor) in floors[1..].iter().enumerate() {
        let expected = (step + 1) as f32 * STEP_RISE;
        assert!((floor.height - expected).abs() < 1e-5, "{floor:?}");
        let x = floor.points.iter().map(|p| p.x);
        let (low, high) = x.fold((f32::MAX, f32::MIN), |(l, h), x| (l.min(x), h.max(x)));
        assert!((high - low - 1.2).abs() < 1e-5, "1.2 m wide: {floor:?}");
    }
    assert_in_step(&mut session, &original);
    // The journal holds the flight as one edit.
    assert_eq!(session.journal().len(), 2);

    // One undo takes the whole flight; one redo brings it back.
    assert!(session.undo().expect("undoable"));
    assert_eq!(session.level().floors.len(), 1);
    assert_in_step(&mut session, &original);
    assert!(session.redo().expect("redoable"));
    assert_eq!(session.level().floors, floors);

    // Saved, it loads with the same floors.
    session.save(&path).expect("saved");
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.floors, floors);
    undo_all_gives_back(&mut session, &original);
}

#[test]
fn a_flight_crossing_a_floor_is_refused_whole() {
    let (path, original) = house_copy("floors_flight_refused");
    let mut session = draft_on(&path);
    floor_from(
        &mut session,
        &[(2.0, 5.0), (4.0, 5.0), (4.0, 7.0), (2.0, 7.0)],
    )
    .expect("landing");
    // The flight's last steps run half onto the landing.
    session.plot_flight_end(Vec2::new(3.5, 2.0));
    session.plot_flight_end(Vec2::new(3.5, 6.0));
    let refused = session.make_flight();
    assert!(
        matches!(refused, Err(EditError::FloorRefused(_))),
        "{refused:?}"
    );
    assert_eq!(session.level().floors.len(), 1, "no step of it made");
    assert_eq!(session.undo_depth(), 1);
    assert_eq!(session.outline().points().len(), 2, "its ends stay");
    assert_in_step(&mut session, &original);
    undo_all_gives_back(&mut session, &original);
}

#[test]
fn a_floor_is_deleted_repainted_changed_and_carried_as_an_obstacle_is() {
    let (path, _) = house_copy("floors_items");
    // A floor written by hand, with a comment and no ceiling of its own.
    let original = format!(
        "{}\n# the stage\n[[floor]]  # raised\npoints = [[2, 2], [4, 2], [4, 4], [2, 4]]\n\
         height = 0.5 # half a metre\n",
        std::fs::read_to_string(&path).expect("readable")
    );
    std::fs::write(&path, &original).expect("writable");
    let mut session = draft_on(&path);
    let stage = Item::Floor(0);
    let floor = session.level().floors[0].clone();
    assert_eq!(floor.ceiling, 0.5 + 2.8);

    // N: its surface's next material, written in its table.
    let name = session
        .cycle_material(stage, true)
        .expect("a floor has a material");
    assert!(session.text().contains(&format!("material = \"{name}\"")));
    assert_in_step(&mut session, &original);

    // Its height changed: the ceiling is written too, where it was.
    let raised = LevelFloor {
        height: 0.75,
        ..session.level().floors[0].clone()
    };
    assert!(
        session
            .change(stage, Piece::Floor(raised))
            .expect("a valid change")
    );
    assert!(session.text().contains("height = 0.75 # half a metre"));
    assert!(
        session.text().contains("ceiling = 3.3"),
        "{}",
        session.text()
    );
    assert_eq!(session.level().floors[0].ceiling, floor.ceiling);
    assert_in_step(&mut session, &original);
    // A ceiling under it is refused.
    let sunk = LevelFloor {
        ceiling: 0.5,
        ..session.level().floors[0].clone()
    };
    assert!(matches!(
        session.change(stage, Piece::Floor(sunk)),
        Err(EditError::FloorRefused(_))
    ));

    // Carried a quarter turn and put down 3 m away.
    let mut carry = Carry::pick_up(session.level(), stage, Vec2::ZERO).expect("the stage");
    assert!(carry.turns());
    carry.turn(6.0);
    assert!(
        session
            .put_down(&carry, Vec2::new(3.0, 0.0), None)
            .expect("put down")
    );
    let moved = &session.level().floors[0].points;
    assert!(moved[0].abs_diff_eq(Vec2::new(7.0, 2.0), 1e-5), "{moved:?}");
    assert_in_step(&mut session, &original);
    // A copy put down over it is refused; beside it, it is a new floor.
    let copy = Carry::copy(session.level(), stage, Vec2::ZERO).expect("the stage");
    assert!(matches!(
        session.put_down(&copy, Vec2::new(1.0, 1.0), None),
        Err(EditError::FloorRefused(_))
    ));
    session
        .put_down(&copy, Vec2::new(0.0, 5.0), None)
        .expect("a copy beside");
    assert_eq!(session.level().floors.len(), 2);
    assert_in_step(&mut session, &original);

    // Deleted, with its comments; undone, byte for byte.
    session.delete(Item::Floor(0)).expect("floor 0");
    assert_eq!(session.level().floors.len(), 1);
    assert!(!session.text().contains("# raised"));
    assert_in_step(&mut session, &original);
    undo_all_gives_back(&mut session, &original);
}

/// A room of two floors with no ground around them, the start on the
/// first, whose ceiling is 2.8 m over it.
const TWO_FLOORS: &str = r#"name = "two floors"

[environment]
ground = false

[player]
start = [1.0, 1.0]

[[floor]]
points = [[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]
height = 0.0

[[floor]]
points = [[4.0, 0.0], [8.0, 0.0], [8.0, 4.0], [4.0, 4.0]]
height = 0.2
"#;

/// Whether an edit was refused for leaving the start without room.
fn refused_for_room<T>(result: Result<T, EditError>) -> bool {
    matches!(result, Err(EditError::StartWithoutRoom(_)))
}

#[test]
fn an_edit_that_leaves_the_start_without_room_is_refused_and_changes_nothing() {
    let (path, _) = house_copy("start_room");
    std::fs::write(&path, TWO_FLOORS).expect("writable");
    let mut session = draft_on(&path);

    // The start's floor: its ceiling lowered under the player's 1.8 m,
    // and deleted, which leaves the start in the void.
    let low = LevelFloor {
        ceiling: 1.2,
        ..session.level().floors[0].clone()
    };
    assert!(refused_for_room(
        session.change(Item::Floor(0), Piece::Floor(low))
    ));
    assert!(refused_for_room(session.delete(Item::Floor(0))));
    // The start moved off every floor.
    assert!(refused_for_room(
        session.set_start(Vec2::new(9.0, 1.0), 0.0)
    ));
    assert_eq!(session.text(), TWO_FLOORS, "a refused edit changes nothing");

    // The other floor is the start's once the start moves onto it, and
    // then the first may go; the level still loads.
    session
        .set_start(Vec2::new(6.0, 1.0), 0.0)
        .expect("onto the other floor");
    session
        .delete(Item::Floor(0))
        .expect("no longer the start's");
    assert_in_step(&mut session, TWO_FLOORS);
    undo_all_gives_back(&mut session, TWO_FLOORS);
}

/// A sky floor keeps `sky = true` through a change of its height, a
/// carry and their undo, in the text, the level and the journal's replay;
/// the level's sky stays too.
#[test]
fn a_sky_floor_stays_open_through_edits() {
    let (path, _) = house_copy("floors_sky");
    let house = std::fs::read_to_string(&path).expect("readable");
    let original = format!(
        "{}\n[[floor]]\npoints = [[2, 2], [4, 2], [4, 4], [2, 4]]\nheight = 0.5\nsky = true\n",
        house.replacen("[environment]\n", "[environment]\nsky = \"brick\"\n", 1)
    );
    assert!(
        original.contains("sky = \"brick\""),
        "the house has an [environment]"
    );
    std::fs::write(&path, &original).expect("writable");
    let mut session = draft_on(&path);
    let stage = Item::Floor(0);
    let sky = session.level().environment.sky.expect("a sky");
    assert!(session.level().floors[0].sky);
    let raised = LevelFloor {
        height: 0.75,
        ..session.level().floors[0].clone()
    };
    assert!(session.change(stage, Piece::Floor(raised)).expect("valid"));
    let carry = Carry::pick_up(session.level(), stage, Vec2::ZERO).expect("the stage");
    assert!(
        session
            .put_down(&carry, Vec2::new(3.0, 0.0), None)
            .expect("put down")
    );
    assert!(session.level().floors[0].sky);
    assert_eq!(session.level().environment.sky, Some(sky));
    assert_eq!(session.text().matches("sky = true").count(), 1);
    assert_in_step(&mut session, &original);
    undo_all_gives_back(&mut session, &original);
}

/// A floor's `sides` stay with its edges when it is changed, carried with
/// a turn and copied: the save writes them back, the journal replays
/// them, and undoing everything gives the file back.
#[test]
fn a_floors_sides_stay_with_its_edges_through_edits() {
    let (path, _) = house_copy("floors_sides");
    let original = format!(
        "{}\n[[floor]]\npoints = [[2, 2], [4, 2], [4, 4], [2, 4]]\nheight = 0.5\n\
         sides = [{{}}, {{ lower = \"brick\", offset = [0.5, 0.25], lower_peg = \"edge\" }}]\n",
        std::fs::read_to_string(&path).expect("readable")
    );
    std::fs::write(&path, &original).expect("writable");
    let mut session = draft_on(&path);
    let stage = Item::Floor(0);
    let sides = session.level().floors[0].sides.clone();
    assert_eq!(sides.len(), 2);
    assert!(sides[1].lower.is_some());

    let raised = LevelFloor {
        height: 0.75,
        ..session.level().floors[0].clone()
    };
    assert!(session.change(stage, Piece::Floor(raised)).expect("valid"));
    assert_eq!(session.level().floors[0].sides, sides);
    assert_in_step(&mut session, &original);

    // A quarter turn moves every point in place: entry 1 still belongs
    // to the edge from the second point to the third.
    let mut carry = Carry::pick_up(session.level(), stage, Vec2::ZERO).expect("the stage");
    carry.turn(6.0);
    assert!(
        session
            .put_down(&carry, Vec2::new(3.0, 0.0), None)
            .expect("put down")
    );
    assert_eq!(session.level().floors[0].sides, sides);
    assert!(
        session
            .text()
            .contains("{ lower = \"brick\", offset = [0.5, 0.25], lower_peg = \"edge\" }"),
        "{}",
        session.text()
    );
    assert_in_step(&mut session, &original);

    let copy = Carry::copy(session.level(), stage, Vec2::ZERO).expect("the stage");
    session
        .put_down(&copy, Vec2::new(0.0, 5.0), None)
        .expect("a copy beside");
    assert_eq!(session.level().floors[1].sides, sides);
    assert_in_step(&mut session, &original);
    undo_all_gives_back(&mut session, &original);
}
