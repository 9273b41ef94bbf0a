//! Edit mode's doors tool through a headless session driven by keys: 4
//! picks it, Space on one jamb and Space on the other place a door with the
//! format's defaults, the crosshair aims at it (`aim door 0`), N changes its
//! material, Delete removes it, Ctrl+Z brings it back, Ctrl+S appends its
//! `[[door]]` table, the journal holds it; out of edit mode the door stops
//! the walker until the use key opens it; undoing everything and saving
//! gives back the file byte for byte.

use crate::common;

use common::{HALL, ctrl_tap, edit_state, hold, key, level_file, session_on, tap};

use glam::Vec2;
use mazewalker::app::Tool;
use mazewalker::edit::{Edit, Journal};
use mazewalker::level::save::autosave_path;
use mazewalker::level::{Door, Level};
use winit::keyboard::KeyCode;

/// Ticks to walk 1.5 m at the default 3 m/s.
const ONE_AND_A_HALF_METRES: u32 = 60;

#[test]
fn the_door_tool_places_aims_deletes_undoes_and_saves_doors() {
    let (path, level) = level_file("session_door_tool", HALL);
    let wood = level
        .materials
        .iter()
        .position(|material| material.name == "wood")
        .expect("wood is a builtin");
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    tap(&mut session, KeyCode::Digit4);
    let state = edit_state(&mut session);
    assert_eq!((state.tool, state.grid_metres), (Tool::Doors, 0.25));

    // Space on the hinge jamb (the cursor under the eye): no door yet.
    tap(&mut session, KeyCode::Space);
    assert!(session.level().doors.is_empty(), "one jamb is no door");
    assert_eq!(edit_state(&mut session).undo_depth, 0);
    // Backspace takes the jamb back; Space marks it again.
    tap(&mut session, KeyCode::Backspace);
    hold(&mut session, KeyCode::KeyD, ONE_AND_A_HALF_METRES);
    tap(&mut session, KeyCode::Space);
    assert!(session.level().doors.is_empty());
    // Step 1.5 m on and Space on the other jamb: a door between the two.
    hold(&mut session, KeyCode::KeyD, ONE_AND_A_HALF_METRES);
    tap(&mut session, KeyCode::Space);
    let (a, b) = (Vec2::new(0.0, 1.5), Vec2::new(0.0, 3.0));
    let placed = Door::with_defaults(a, b, mazewalker::level::MaterialId::at(wood));
    assert_eq!(session.level().doors, [placed], "a door with the defaults");
    let state = edit_state(&mut session);
    assert_eq!((state.undo_depth, state.unsaved), (1, true));
    session.advance_ticks(180);
    let journal = Journal::read(&autosave_path(&path)).expect("the journal is written");
    assert_eq!(journal.edits(), [Edit::AddDoor { a, b }]);

    // Half a span back and 1.5 m away, looking along +x: the crosshair
    // meets the closed leaf.
    hold(&mut session, KeyCode::KeyA, ONE_AND_A_HALF_METRES / 2);
    hold(&mut session, KeyCode::KeyS, ONE_AND_A_HALF_METRES);
    let hud = session.hud();
    assert!(
        hud.iter().any(|line| line.contains("aim door 0")),
        "{hud:?}"
    );
    // N: the next material; Ctrl+Z takes it back.
    tap(&mut session, KeyCode::KeyN);
    assert_ne!(session.level().doors[0].material.index(), wood);
    ctrl_tap(&mut session, KeyCode::KeyZ);
    assert_eq!(session.level().doors, [placed]);
    // Delete removes it; Ctrl+Z brings it back.
    tap(&mut session, KeyCode::Delete);
    assert!(session.level().doors.is_empty(), "Delete removed the door");
    assert!(
        session.simulation().doors().is_empty(),
        "and the walker's doors"
    );
    ctrl_tap(&mut session, KeyCode::KeyZ);
    assert_eq!(session.level().doors, [placed]);

    // Ctrl+S appends its table, holding only the jambs.
    ctrl_tap(&mut session, KeyCode::KeyS);
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(
        saved,
        format!("{HALL}\n[[door]]\na = [0.0, 1.5]\nb = [0.0, 3.0]\n")
    );
    assert_eq!(Level::load(&path).expect("valid").level.doors, [placed]);

    // Out of edit mode the closed door stops the walker at its radius, and
    // the use key opens it.
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    assert!(!session.is_editing());
    key(&mut session, KeyCode::KeyW, true);
    session.advance_ticks(120);
    let stopped = session.walker().position();
    let radius = session.shared_level().1.body_radius();
    assert!(
        stopped.x <= -(placed.thickness / 2.0 + radius) + 1e-4,
        "the door stops the eye: {stopped}"
    );
    assert!(stopped.x > -1.0, "the eye walked up to it: {stopped}");
    tap(&mut session, KeyCode::Space);
    session.advance_ticks(240);
    key(&mut session, KeyCode::KeyW, false);
    assert!(
        session.walker().position().x > 1.0,
        "through the open door: {}",
        session.walker().position()
    );

    // Undo everything and save: the file as it was, byte for byte.
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    while edit_state(&mut session).undo_depth > 0 {
        ctrl_tap(&mut session, KeyCode::KeyZ);
    }
    ctrl_tap(&mut session, KeyCode::KeyS);
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), HALL);
}
