//! The obstacles and start tools, the aimed item, `N` and Delete through a
//! headless session driven by keys: 2 picks the obstacles tool, Space plots
//! outline points, Enter closes them into an obstacle (or says why not),
//! the HUD names the aimed item, `N` changes its material, 5 and Space move
//! the start, Delete removes the aimed obstacle, Ctrl+Z brings it back, and
//! Ctrl+S writes exactly the new table and the start's keys.

use crate::common;

use common::{ctrl_tap, hold, session_on, tap};

use glam::Vec2;
use mazewalker::app::{Input, Session};
use mazewalker::edit::{Edit, Item, Journal};
use mazewalker::level::Level;
use mazewalker::level::save::autosave_path;
use winit::keyboard::KeyCode;

/// Ticks to walk 1.5 m at the default 3 m/s.
const ONE_AND_A_HALF_METRES: u32 = 60;

/// Whether a HUD line contains `text`.
fn hud_says(session: &mut Session, text: &str) -> bool {
    session.hud().iter().any(|line| line.contains(text))
}

#[test]
fn obstacles_the_start_materials_and_delete_by_keys() {
    let (path, level) = common::level_file("session_authoring", common::HALL);
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    assert!(session.is_editing());
    tap(&mut session, KeyCode::Digit2);
    assert!(hud_says(&mut session, "EDIT  tool obstacles  grid 0.25 m"));

    // Two points and Enter: nothing is made, and the HUD says why.
    hold(&mut session, KeyCode::KeyW, ONE_AND_A_HALF_METRES);
    tap(&mut session, KeyCode::Space);
    hold(&mut session, KeyCode::KeyD, ONE_AND_A_HALF_METRES);
    tap(&mut session, KeyCode::Space);
    assert!(hud_says(&mut session, "outline 2 points"));
    tap(&mut session, KeyCode::Enter);
    assert!(session.level().obstacles.is_empty());
    assert!(
        hud_says(
            &mut session,
            "an obstacle needs at least 3 points, 2 plotted"
        ),
        "{:?}",
        session.hud()
    );
    // A stray point taken back by Backspace, then the third corner.
    hold(&mut session, KeyCode::KeyD, ONE_AND_A_HALF_METRES);
    tap(&mut session, KeyCode::Space);
    tap(&mut session, KeyCode::Backspace);
    hold(&mut session, KeyCode::KeyA, ONE_AND_A_HALF_METRES);
    hold(&mut session, KeyCode::KeyW, ONE_AND_A_HALF_METRES);
    tap(&mut session, KeyCode::Space);
    tap(&mut session, KeyCode::Enter);
    let obstacles = session.level().obstacles.clone();
    assert_eq!(obstacles.len(), 1, "Enter made the obstacle");
    let corners = [
        Vec2::new(1.5, 0.0),
        Vec2::new(3.0, 1.5),
        Vec2::new(1.5, 1.5),
    ];
    assert_eq!(obstacles[0].polygon.points(), corners);
    assert_eq!(
        obstacles[0].height,
        session.level().obstacle_defaults.height
    );
    assert!(!hud_says(&mut session, "outline"), "the points are used up");

    // Half a step left and back: the crosshair meets the obstacle's west
    // side, and the HUD names it.
    hold(&mut session, KeyCode::KeyA, ONE_AND_A_HALF_METRES / 2);
    hold(&mut session, KeyCode::KeyS, 2 * ONE_AND_A_HALF_METRES);
    assert!(
        hud_says(&mut session, "aim obstacle 0"),
        "{:?}",
        session.hud()
    );
    // N: the next material.
    let material = obstacles[0].material;
    tap(&mut session, KeyCode::KeyN);
    let next = session.level().obstacles[0].material;
    assert_eq!(
        next.index(),
        (material.index() + 1) % session.level().materials.len()
    );
    let name = session.level().materials[next.index()].name.clone();
    assert!(hud_says(&mut session, &format!("obstacle 0: {name}")));

    // 5 and Space: the start moves to the cursor, facing the eye's way.
    tap(&mut session, KeyCode::Digit5);
    assert!(hud_says(&mut session, "EDIT  tool start"));
    let cursor = session.walker().position();
    tap(&mut session, KeyCode::Space);
    let start = session.level().player;
    assert_eq!(
        start.start,
        Vec2::new(0.0, 0.75),
        "the snapped cursor {cursor}"
    );
    assert_eq!(start.yaw_degrees, 0.0);

    // Delete removes the aimed obstacle, whatever the tool; Ctrl+Z undoes.
    tap(&mut session, KeyCode::Delete);
    assert!(session.level().obstacles.is_empty(), "Delete removed it");
    ctrl_tap(&mut session, KeyCode::KeyZ);
    assert_eq!(session.level().obstacles.len(), 1);
    assert!(hud_says(&mut session, "undo 3  unsaved"));

    // The journal holds every kind of step, in order.
    session.advance_ticks(180);
    let journal = Journal::read(&autosave_path(&path)).expect("the journal is written");
    let kinds: Vec<bool> = journal
        .edits()
        .iter()
        .zip([
            |edit: &Edit| matches!(edit, Edit::AddObstacle { .. }),
            |edit: &Edit| matches!(edit, Edit::SetMaterial { .. }),
            |edit: &Edit| matches!(edit, Edit::SetStart { .. }),
        ])
        .map(|(edit, kind)| kind(edit))
        .collect();
    assert_eq!(kinds, [true, true, true], "{journal:?}");

    // Ctrl+S: the start's keys rewritten, one table added.
    ctrl_tap(&mut session, KeyCode::KeyS);
    let saved = std::fs::read_to_string(&path).expect("saved");
    let expected = common::HALL.replacen(
        "start = [0.0, 0.0]\n",
        "start = [0.0, 0.75]\nyaw = 0.0\n",
        1,
    ) + &format!(
        "\n[[obstacle]]\npoints = [[1.5, 0.0], [3.0, 1.5], [1.5, 1.5]]\nmaterial = \"{name}\"\n"
    );
    assert_eq!(saved, expected);
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.obstacles, session.level().obstacles);
    assert_eq!(reloaded.player, session.level().player);
}

/// The first pointer position on a grid over the view where the HUD says
/// `text`, if any.
fn point_at(session: &mut Session, text: &str) -> Option<Vec2> {
    let (width, height) = session.view_size();
    (0..height)
        .step_by(2)
        .flat_map(|y| {
            (0..width)
                .step_by(2)
                .map(move |x| Vec2::new(x as f32, y as f32))
        })
        .find(|&pixel| {
            session.handle(Input::Pointer(pixel));
            hud_says(session, text)
        })
}

#[test]
fn on_the_full_map_the_item_under_the_pointer_is_the_aimed_item() {
    // The hall with a lamp in its middle, the eye near its west wall looking
    // at that wall, so the crosshair aims at wall 3 whatever the map shows.
    let text = format!(
        "{}\n[[light]]\nat = [0.0, 0.0]\n",
        common::HALL.replace("start = [0.0, 0.0]", "start = [-18.0, 0.0]\nyaw = 180.0")
    );
    let (path, level) = common::level_file("session_map_aim", &text);
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    assert_eq!(common::edit_state(&mut session).aimed, Some(Item::Wall(3)));
    // Tab twice: the overlay, then the full map; 0 fits it to the level.
    tap(&mut session, KeyCode::Tab);
    tap(&mut session, KeyCode::Tab);
    tap(&mut session, KeyCode::Digit0);
    assert!(hud_says(&mut session, "map full"), "{:?}", session.hud());

    // Somewhere on the map there is nothing under the pointer: no aim at
    // all, not the crosshair's wall.
    let empty = point_at(&mut session, "EDIT").into_iter().chain(
        (0..session.view_size().0)
            .step_by(8)
            .map(|x| Vec2::new(x as f32, 90.0)),
    );
    let mut found_nothing = false;
    for pixel in empty {
        session.handle(Input::Pointer(pixel));
        if !hud_says(&mut session, "aim ") {
            found_nothing = true;
            break;
        }
    }
    assert!(found_nothing, "the crosshair's aim shows through the map");

    // The lamp under the pointer: Delete removes it.
    point_at(&mut session, "aim lamp 0").expect("the lamp is under some pixel");
    {
        let frame = session.frame();
        let map = frame.map.as_ref().expect("the map shows");
        let outline = map.walk_layer.aimed;
        assert_eq!(outline.len(), 4, "a square around the lamp: {outline:?}");
        assert!(outline.iter().all(|corner| corner.length() < 0.5));
    }
    tap(&mut session, KeyCode::Delete);
    assert!(session.level().lights.is_empty());
    // A wall other than the crosshair's: Delete removes that one.
    point_at(&mut session, "aim wall 1").expect("wall 1 is under some pixel");
    tap(&mut session, KeyCode::Delete);
    let walls = &session.level().walls;
    assert_eq!(walls.len(), 3);
    assert!(
        walls
            .iter()
            .all(|wall| wall.a.x != 20.0 || wall.b.x != 20.0),
        "wall 1 stays"
    );
}

/// A room 4 m square whose east wall has a gap `gap` metres wide; the eye
/// starts in it, looking east.
fn room_with_gap(gap: f32) -> String {
    format!(
        "[player]\nstart = [1.0, 2.0]\n\
         [[wall]]\na = [0.0, 0.0]\nb = [4.0, 0.0]\n\
         [[wall]]\na = [4.0, 0.0]\nb = [4.0, 1.5]\n\
         [[wall]]\na = [4.0, {}]\nb = [4.0, 4.0]\n\
         [[wall]]\na = [4.0, 4.0]\nb = [0.0, 4.0]\n\
         [[wall]]\na = [0.0, 4.0]\nb = [0.0, 0.0]\n",
        1.5 + gap
    )
}

/// The HUD's live-check lines after an edit (a lamp placed at the cursor)
/// in a session on `text`.
fn checks_after_an_edit(name: &str, text: &str) -> Vec<String> {
    let (path, level) = common::level_file(name, text);
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    tap(&mut session, KeyCode::Digit3);
    tap(&mut session, KeyCode::Space);
    assert_eq!(session.level().lights.len(), 1, "Space placed a lamp");
    session.advance_ticks(1);
    session
        .hud()
        .into_iter()
        .filter(|line| line.starts_with("check:"))
        .collect()
}

#[test]
fn the_live_checks_made_off_the_main_thread_show_on_the_next_tick_of_a_script() {
    // A gap a little narrower than two walls' clearances (0.3 m each).
    let narrow = checks_after_an_edit("live_checks_narrow", &room_with_gap(0.55));
    assert!(
        narrow
            .iter()
            .any(|line| line.contains("walls 2 and 3 leave a gap")),
        "{narrow:?}"
    );
    let wide = checks_after_an_edit("live_checks_wide", &room_with_gap(1.2));
    assert!(
        !wide.iter().any(|line| line.contains("leave a gap")),
        "{wide:?}"
    );
}
