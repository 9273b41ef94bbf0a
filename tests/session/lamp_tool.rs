//! Edit mode's tools through a headless session driven by keys: 3 picks the
//! lamp tool, Space places a lamp with the defaults at the cursor point,
//! Delete removes the lamp in the crosshair, Ctrl+Z brings it back, Ctrl+S
//! writes its `[[light]]` table; 4 picks the doors tool; 1 goes back to
//! plotting walls.

use crate::common;

use common::{ctrl_tap, edit_line, edit_state, hold, session_on, tap};
use std::path::{Path, PathBuf};

use glam::Vec2;
use mazewalker::app::Tool;
use mazewalker::edit::{Edit, Journal};
use mazewalker::level::save::autosave_path;
use mazewalker::level::{Level, Light};
use winit::keyboard::KeyCode;

/// A 40 × 40 m hall, the eye at its centre looking along +x.
const HALL: &str = "name = \"Hall\"\n[player]\nstart = [0.0, 0.0]\n\n\
[[wall]]\na = [-20.0, -20.0]\nb = [20.0, -20.0]\n\n\
[[wall]]\na = [20.0, -20.0]\nb = [20.0, 20.0]\n\n\
[[wall]]\na = [20.0, 20.0]\nb = [-20.0, 20.0]\n\n\
[[wall]]\na = [-20.0, 20.0]\nb = [-20.0, -20.0]\n";

/// Ticks to walk 1.5 m at the default 3 m/s.
const ONE_AND_A_HALF_METRES: u32 = 60;

/// The hall written to a fresh scratch folder `name`; its path and level.
fn hall_file(name: &str) -> (PathBuf, Level) {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("create the test folder");
    let path = folder.join("hall.toml");
    std::fs::write(&path, HALL).expect("write the level");
    let level = Level::load(&path).expect("valid").level;
    (path, level)
}

#[test]
fn the_lamp_tool_places_deletes_undoes_and_saves_lamps() {
    let (path, level) = hall_file("session_lamp_tool");
    let ceiling = level.environment.ceiling_height;
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    assert!(session.is_editing());
    let line = edit_line(&mut session);
    assert_eq!(
        line, "EDIT  tool walls  grid 0.25 m  cursor 0.00, 0.00  undo 0",
        "walls is the default tool"
    );

    tap(&mut session, KeyCode::Digit3);
    let state = edit_state(&mut session);
    assert_eq!((state.tool, state.grid_metres), (Tool::Lamps, 0.25));

    // Step aside (looking level, the cursor is under the eye), then Space.
    hold(&mut session, KeyCode::KeyD, ONE_AND_A_HALF_METRES);
    let walls = session.level().walls.len();
    let _ = session.take_scene_change();
    tap(&mut session, KeyCode::Space);
    let lights = session.level().lights.clone();
    assert_eq!(lights.len(), 1, "Space placed a lamp");
    let at = lights[0].at;
    assert_eq!(at, Vec2::new(0.0, 1.5), "at the snapped cursor point");
    assert_eq!(at, (at / 0.25).round() * 0.25, "on the grid");
    assert_eq!(
        lights[0],
        Light {
            at,
            height: ceiling - 0.3,
            colour: [1.0, 0.9, 0.75],
            intensity: 1.0,
            radius: 8.0,
            base: None,
        }
    );
    assert_eq!(session.level().walls.len(), walls, "no wall plotted");
    let state = edit_state(&mut session);
    assert_eq!(
        (state.cursor, state.undo_depth, state.unsaved),
        (Vec2::new(0.0, 1.5), 1, true)
    );
    // The renderer hears of the new lamp through the one level-change path.
    let change = session.take_scene_change().expect("the renderer hears");
    assert_eq!(change.level.lights, lights);
    // Within seconds the autosave journal holds the placement.
    session.advance_ticks(180);
    let journal = Journal::read(&autosave_path(&path)).expect("the journal is written");
    assert_eq!(journal.edits(), [Edit::AddLight { at }]);

    // Walk 1.5 m back along the crosshair's ray: the cursor is 1.5 m from
    // the lamp, so Delete takes it because it is in the crosshair.
    hold(&mut session, KeyCode::KeyS, ONE_AND_A_HALF_METRES);
    let eye = session.walker().position();
    assert!(eye.distance(at) > 1.0, "{eye}");
    tap(&mut session, KeyCode::Delete);
    assert!(session.level().lights.is_empty(), "Delete removed the lamp");
    assert_eq!(session.level().walls.len(), walls, "and no wall");
    let state = edit_state(&mut session);
    assert_eq!((state.undo_depth, state.unsaved), (2, true));
    // With no lamp near, Delete removes nothing and says so.
    tap(&mut session, KeyCode::Delete);
    assert_eq!(session.level().walls.len(), walls);
    assert!(
        session.hud().iter().any(|line| line.contains("no lamp")),
        "{:?}",
        session.hud()
    );

    // Ctrl+Z brings it back; Ctrl+S writes its table, holding only `at`.
    ctrl_tap(&mut session, KeyCode::KeyZ);
    assert_eq!(session.level().lights, lights, "undo brought it back");
    ctrl_tap(&mut session, KeyCode::KeyS);
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(saved, format!("{HALL}\n[[light]]\nat = [0.0, 1.5]\n"));
    assert_eq!(Level::load(&path).expect("valid").level.lights, lights);
    assert!(!edit_state(&mut session).unsaved);

    // 4 picks the doors tool.
    tap(&mut session, KeyCode::Digit4);
    assert_eq!(edit_state(&mut session).tool, Tool::Doors);

    // 1: back to walls, and Space plots walls as before.
    tap(&mut session, KeyCode::Digit1);
    let state = edit_state(&mut session);
    assert_eq!((state.tool, state.grid_metres), (Tool::Walls, 0.25));
    tap(&mut session, KeyCode::Space);
    hold(&mut session, KeyCode::KeyW, ONE_AND_A_HALF_METRES);
    tap(&mut session, KeyCode::Space);
    assert_eq!(
        session.level().walls.len(),
        walls + 1,
        "Space plotted a wall"
    );
    assert_eq!(session.level().lights, lights, "and placed no lamp");
}
