//! The obstacles and start tools, the aimed item, `N` and Delete through a
//! headless session driven by keys: 2 picks the obstacles tool, Space plots
//! outline points, Enter closes them into an obstacle (or says why not),
//! the HUD names the aimed item, `N` changes its material, 5 and Space move
//! the start, Delete removes the aimed obstacle, Ctrl+Z brings it back, and
//! Ctrl+S writes exactly the new table and the start's keys.

mod common;

use common::{ctrl_tap, hold, session_on, tap};

use glam::Vec2;
use mazewalker::app::Session;
use mazewalker::edit::{Edit, Journal};
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
    assert_eq!(next.0, (material.0 + 1) % session.level().materials.len());
    let name = session.level().materials[next.0].name.clone();
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
