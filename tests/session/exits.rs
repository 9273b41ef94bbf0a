//! Exits in a headless session: walking over an exit line from its front,
//! or pressing the use key at an exit switch, shows "exit" on the HUD; in
//! edit mode, the flying eye takes no exit.

use crate::common;

use common::{key, level_file, session_on, tap};

use mazewalker::app::Session;
use winit::keyboard::KeyCode;

/// The start at the origin facing +x; an exit line across x = 2.5 whose
/// front (the right of the way from `a` to `b`, toward +z) is the west,
/// and an exit switch on a wall at x = 6 faced from the west.
const EXITS: &str = "[player]\nstart = [0.0, 0.0]\n\n\
[[wall]]\na = [6.0, -5.0]\nb = [6.0, 5.0]\n\n\
[[exit]]\na = [2.5, -5.0]\nb = [2.5, 5.0]\nby = \"walk\"\n\n\
[[exit]]\na = [6.0, -5.0]\nb = [6.0, 5.0]\n";

/// Whether the HUD shows the exit's line.
fn shows_exit(session: &mut Session) -> bool {
    session.hud().iter().any(|line| line == "exit")
}

#[test]
fn walking_over_an_exit_line_shows_exit_on_the_hud() {
    let (path, level) = level_file("session_exit_walk", EXITS);
    let mut session = session_on(&path, level);
    session.advance_ticks(10);
    assert!(!shows_exit(&mut session), "{:?}", session.hud());
    key(&mut session, KeyCode::KeyW, true);
    session.advance_ticks(240);
    key(&mut session, KeyCode::KeyW, false);
    let position = session.walker().position();
    assert!(position.x > 2.5, "the walk crossed the line: {position}");
    assert!(shows_exit(&mut session), "{:?}", session.hud());
}

#[test]
fn the_use_key_at_an_exit_switch_shows_exit_on_the_hud() {
    let (path, level) = level_file("session_exit_switch", EXITS);
    let mut session = session_on(&path, level);
    // Walk up to the wall: the first exit line is crossed on the way,
    // and its notice fades before the switch is used.
    key(&mut session, KeyCode::KeyW, true);
    session.advance_ticks(360);
    key(&mut session, KeyCode::KeyW, false);
    session.advance_ticks(1200);
    assert!(!shows_exit(&mut session), "{:?}", session.hud());
    tap(&mut session, KeyCode::Space);
    session.advance_ticks(2);
    assert!(shows_exit(&mut session), "{:?}", session.hud());
}
