//! How quickly a room is built in edit mode, through a scripted session on
//! simulated time: a closed room of four walls, built with snapping,
//! counting key presses and simulated seconds (targets: at most 12 presses,
//! at most 10 s).

use crate::common;

use glam::Vec2;
use mazewalker::app::{ScriptStep, WindowOptions, run_headless_script};
use mazewalker::bindings::Action;
use mazewalker::level::Level;
use winit::keyboard::KeyCode;

/// Ticks to walk 3 m at the default 3 m/s.
const THREE_METRES: u32 = 120;

#[test]
fn a_closed_room_of_four_walls_takes_few_keys_and_seconds() {
    let (path, level) = common::level_file("session_edit_room", common::HALL);

    let walk = |action| {
        [
            ScriptStep::Action(action, true),
            ScriptStep::Ticks(THREE_METRES),
            ScriptStep::Action(action, false),
        ]
    };
    let mut script = vec![ScriptStep::Ticks(3)];
    script.extend(common::press(Action::ToggleEdit));
    script.extend(common::press(Action::PlotPoint));
    // Around the square: ahead, right, back, left; the last point snaps to
    // the first one (within 0.3 m), closing the room.
    for side in [
        Action::MoveForward,
        Action::StrafeRight,
        Action::MoveBackward,
        Action::StrafeLeft,
    ] {
        script.extend(walk(side));
        script.extend(common::press(Action::PlotPoint));
    }
    script.extend(common::press(Action::EndChain));
    script.extend(common::ctrl_chord(KeyCode::KeyS));
    let key_presses = script
        .iter()
        .filter(|step| matches!(step, ScriptStep::Action(_, true) | ScriptStep::Key(_, true)))
        .count();
    script.extend([ScriptStep::Ticks(3), ScriptStep::Close]);

    let options = WindowOptions {
        size: (320, 180),
        ..WindowOptions::default()
    };
    let report = run_headless_script(level, &options, script).expect("the session runs");
    let seconds = report.ticks as f64 / 120.0;
    // Ctrl+S is one chord of two keys.
    eprintln!(
        "closed room: {key_presses} key presses ({} counting Ctrl+S as one chord), {seconds:.2} s simulated",
        key_presses - 1
    );

    let saved = Level::load(&path).expect("the saved file loads").level;
    let room = &saved.walls.to_vec()[4..];
    assert_eq!(room.len(), 4, "four new walls");
    for pair in room.windows(2) {
        assert_eq!(
            pair[0].b, pair[1].a,
            "each wall starts where the last ended"
        );
    }
    assert_eq!(
        room[3].b, room[0].a,
        "the room is closed (snapped to the first point)"
    );
    for wall in room {
        assert!((wall.a.distance(wall.b) - 3.0).abs() <= 0.25, "{wall:?}");
    }
    assert_eq!(room[0].a, Vec2::ZERO);
    assert!(key_presses - 1 <= 12, "{key_presses} key presses");
    assert!(seconds <= 10.0, "{seconds} s");
}
