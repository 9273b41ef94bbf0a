//! Doors in a headless session: Space opens the door in front of the eye
//! on the next tick, and a walk recorded with use presses plays back
//! headless bit for bit, the doors included.

use crate::common;

use common::{key, level_file, tap};

use glam::Vec2;
use mazewalker::app::{Session, WindowOptions};
use mazewalker::demo::{OpenedDemo, Played};
use mazewalker::level::LevelChoice;
use winit::keyboard::KeyCode;

/// A wall across x = 3 with a doorway and a swing door opening away from
/// the start (the origin, facing +x), and a near door further on.
const DOORS: &str = "[player]\nstart = [0.0, 0.0]\n\n\
[[wall]]\na = [3.0, -10.0]\nb = [3.0, -0.45]\n\n\
[[wall]]\na = [3.0, 0.45]\nb = [3.0, 10.0]\n\n\
[[door]]\na = [3.0, -0.45]\nb = [3.0, 0.45]\nswing = -90\nclose_after = 1\n\n\
[[door]]\na = [8.0, -0.45]\nb = [8.0, 0.45]\nkind = \"slide\"\nopens = \"near\"\n";

#[test]
fn a_walk_with_use_presses_records_and_plays_back_bit_for_bit() {
    let (path, level) = level_file("session_doors", DOORS);
    let folder = path.parent().expect("a folder").to_owned();
    let demo = folder.join("doors.demo");
    let options = WindowOptions {
        watch: false,
        size: (320, 180),
        save_folder: Some(folder.clone()),
        ..WindowOptions::default()
    };
    let mut session = Session::new(level.clone(), &options);
    session
        .record(&demo, LevelChoice::File(path.clone()))
        .expect("record");
    // Walk up to the closed door: it stops the eye.
    key(&mut session, KeyCode::KeyW, true);
    session.advance_ticks(150);
    let stopped = session.walker().position();
    assert!(stopped.x < 3.0 - 0.03 - 0.25 + 1e-3, "{stopped}");
    assert!(session.simulation().doors().is_closed(0));
    // Space: the door opens (on the next tick) and the walk goes on through
    // it, past the near door, and the first door closes behind.
    tap(&mut session, KeyCode::Space);
    session.advance_ticks(1);
    assert!(!session.simulation().doors().is_closed(0), "use opened it");
    session.advance_ticks(600);
    let end = session.walker().position();
    assert!(end.x > 9.0, "walked through both doors to {end}");
    key(&mut session, KeyCode::KeyW, false);
    tap(&mut session, KeyCode::Space);
    session.advance_ticks(240);
    let pose = session.walker().pose();
    session.finish().expect("the demo is written");
    let text = std::fs::read_to_string(&demo).expect("the demo");
    let presses = text
        .lines()
        .filter(|line| line.split_whitespace().any(|field| field == "use"))
        .count();
    assert_eq!(presses, 2, "{text}");

    let playback = OpenedDemo::open(&demo, None).expect("the demo opens");
    let mut out = Vec::new();
    let played = playback.run_headless(false, &mut out).expect("plays");
    let Played::Finished { pose: replayed, .. } = played else {
        panic!("desync: {}", String::from_utf8_lossy(&out));
    };
    assert_eq!(replayed.position.x.to_bits(), pose.position.x.to_bits());
    assert_eq!(replayed.position.y.to_bits(), pose.position.y.to_bits());
    assert_eq!(replayed.yaw.to_bits(), pose.yaw.to_bits());
    assert_ne!(pose.position, Vec2::ZERO);
}

/// A light crate 1 m ahead of the start (the origin, facing +x), in open
/// floor.
const A_CRATE: &str = "[player]\nstart = [0.0, 0.0]\n\n\
[[obstacle]]\npoints = [[1.0, -0.3], [1.6, -0.3], [1.6, 0.3], [1.0, 0.3]]\nloose = true\nmass = 5\n";

#[test]
fn walking_where_a_pushed_crate_stood_is_not_being_inside_a_wall() {
    let (path, level) = level_file("session_crate", A_CRATE);
    let mut session = common::session_on(&path, level);
    // Walk until the eye stands where the crate stood in the file.
    key(&mut session, KeyCode::KeyW, true);
    for _ in 0..240 {
        session.advance_ticks(1);
        if session.walker().position().x >= 1.3 {
            break;
        }
    }
    key(&mut session, KeyCode::KeyW, false);
    let position = session.walker().position();
    assert!(
        (1.3..1.6).contains(&position.x),
        "walked on, pushing the crate: {position}"
    );
    let hud = session.hud();
    assert!(
        !hud.iter().any(|line| line.starts_with("inside a wall")),
        "{hud:?}"
    );
}
