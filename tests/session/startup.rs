//! The window's start-up load on its worker, held by a latch the test
//! controls: while the maze is built, frames go on being described, the
//! progress bar shows what is loading and rises with the work, Esc and
//! closing the window quit, and the session on the level comes once the
//! work is done. A level that cannot be loaded brings the command line's
//! error. If the load ran on the calling thread, the latch would stop it
//! there (it refuses to hold the thread that releases it). A demo played
//! in the window loads its level there too, and plays once it lands.

use crate::common;

use mazewalker::app::{Input, JobLatch, SHOW_AFTER, StartWith, Startup, WindowOptions};
use mazewalker::bindings::Context;
use mazewalker::demo::DemoFile;
use mazewalker::level::LevelChoice;
use mazewalker::tick::TICK_SECONDS;
use winit::keyboard::KeyCode;

/// The options of a session saving into a fresh scratch folder `name`.
fn options(name: &str) -> WindowOptions {
    WindowOptions {
        watch: false,
        size: (320, 180),
        save_folder: Some(common::scratch_folder(name)),
        ..WindowOptions::default()
    }
}

/// A key pressed.
fn press(key: KeyCode) -> Input {
    Input::Key {
        key,
        pressed: true,
        repeat: false,
    }
}

#[test]
fn the_maze_is_built_on_its_worker_while_frames_go_on() {
    let maze = LevelChoice::Maze {
        width: 12,
        height: 9,
        seed: 4,
    };
    let latch = JobLatch::new();
    let mut startup = Startup::start(
        maze.clone().into(),
        options("session_startup"),
        Some(latch.clone()),
        false,
    )
    .expect("the start-up");

    // Held before it starts: frames go on, with no bar in the first half
    // second and the bar past it.
    let half_a_second = (SHOW_AFTER.as_secs_f32() / TICK_SECONDS).ceil() as u32;
    for _ in 0..half_a_second - 1 {
        assert!(startup.update(f64::from(TICK_SECONDS)).is_none());
        assert_eq!(
            startup.frame().progress,
            None,
            "a bar in the first half second"
        );
    }
    frames_past_the_bar_delay(&mut startup);
    let shown = startup
        .frame()
        .progress
        .expect("the bar, past half a second");
    assert_eq!(shown.what, "Building the maze");
    assert_eq!(shown.fraction, 0.0);
    let frame = startup.frame();
    assert!(frame.hud.is_none() && frame.map.is_none() && frame.panel.is_none());

    // Esc and closing the window quit; other keys do nothing.
    assert!(startup.quits(&press(KeyCode::Escape)));
    assert!(startup.quits(&Input::CloseRequested));
    assert!(!startup.quits(&press(KeyCode::KeyW)));

    // Released a step at a time, the bar rises; then the session comes,
    // on the maze, the walker at its start.
    let mut seen = Vec::new();
    let session = loop {
        latch.release(1);
        match startup.update(f64::from(TICK_SECONDS)) {
            Some(loaded) => break loaded.expect("the maze loads"),
            None => seen.push(startup.frame().progress.expect("the bar").fraction),
        }
        assert!(seen.len() < 16, "the load did not end: {seen:?}");
    };
    assert!(seen.len() >= 2, "{seen:?}");
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    let expected = maze.load().expect("the maze").level;
    assert_eq!(session.level().walls.len(), expected.walls.len());
    assert_eq!(session.walker().position(), expected.player.start);
}

/// Frames past [`SHOW_AFTER`]: the bar of work still held shows.
fn frames_past_the_bar_delay(startup: &mut Startup) {
    let count = (SHOW_AFTER.as_secs_f32() / TICK_SECONDS).ceil() as u32 + 2;
    for _ in 0..count {
        assert!(startup.update(f64::from(TICK_SECONDS)).is_none());
    }
}

#[test]
fn a_level_file_loads_on_its_worker_under_its_name() {
    let path = common::scratch_folder("session_startup_file").join("hall.toml");
    std::fs::write(&path, common::HALL).expect("write the level");
    let latch = JobLatch::new();
    let mut startup = Startup::start(
        LevelChoice::File(path).into(),
        options("session_startup_file_saves"),
        Some(latch.clone()),
        false,
    )
    .expect("the start-up");
    frames_past_the_bar_delay(&mut startup);
    let shown = startup.frame().progress.expect("the bar");
    assert_eq!(shown.what, "Loading hall.toml");
    latch.open();
    let session = loop {
        if let Some(loaded) = startup.update(f64::from(TICK_SECONDS)) {
            break loaded.expect("the hall loads");
        }
        std::thread::yield_now();
    };
    assert_eq!(session.level().name, "Hall");
    assert_eq!(session.level().walls.len(), 4);
}

#[test]
fn a_level_that_cannot_be_loaded_brings_the_command_lines_error() {
    let folder = common::scratch_folder("session_startup_fails");
    let missing = LevelChoice::File(folder.join("missing.toml"));
    let mut startup = Startup::start(
        missing.clone().into(),
        options("session_startup_fails_saves"),
        None,
        false,
    )
    .expect("the start-up");
    let error = loop {
        if let Some(loaded) = startup.update(f64::from(TICK_SECONDS)) {
            break loaded.expect_err("no such file");
        }
        std::thread::yield_now();
    };
    let expected = missing.load().expect_err("no such file");
    assert_eq!(format!("{error:#}"), expected.to_string());
}

#[test]
fn a_demos_level_loads_on_its_worker_and_the_demo_plays_when_it_lands() {
    let folder = common::scratch_folder("session_startup_demo");
    // The house demo, moved to a hall: the hall's file is written only
    // once the start-up is on its way, so a load anywhere but on the held
    // worker finds no file.
    let hall = folder.join("hall.toml");
    let house_demo =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/demos/house.demo");
    let text = std::fs::read_to_string(house_demo).expect("the house demo");
    let text = text.replacen(
        "level house\n",
        &format!("level file {}\n", hall.display()),
        1,
    );
    let demo = folder.join("hall.demo");
    std::fs::write(&demo, text).expect("write the demo");
    let latch = JobLatch::new();
    let opened = DemoFile::open(&demo, None).expect("the demo's header");
    let mut startup = Startup::start(
        StartWith::Demo(Box::new(opened)),
        options("session_startup_demo_saves"),
        Some(latch.clone()),
        false,
    )
    .expect("the start-up");
    frames_past_the_bar_delay(&mut startup);
    assert_eq!(
        startup.frame().progress.expect("the bar").what,
        "Loading hall.toml"
    );

    std::fs::write(&hall, common::HALL).expect("write the level");
    latch.open();
    let mut session = loop {
        if let Some(loaded) = startup.update(f64::from(TICK_SECONDS)) {
            break loaded.expect("the hall loads");
        }
        std::thread::yield_now();
    };
    assert_eq!(session.level().name, "Hall");
    assert_eq!(session.contexts()[0], Context::Playback);
    // The hall is not the house it was recorded on: said on the HUD.
    let warned = session
        .hud()
        .into_iter()
        .any(|line| line.starts_with("warning: the level differs from the one recorded"));
    assert!(warned, "{:?}", session.hud());
    let start = session.walker().position();
    session.advance_ticks(60);
    assert_ne!(session.walker().position(), start, "the demo walks");
}

#[test]
fn a_demo_played_on_the_level_already_live_keeps_its_collider() {
    let house_demo =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/demos/house.demo");
    let opened = mazewalker::demo::OpenedDemo::open(&house_demo, None).expect("the house demo");
    let mut session = mazewalker::app::Session::new(
        std::sync::Arc::clone(&opened.level),
        &options("session_demo_keeps_collider"),
    );
    let collider = std::sync::Arc::clone(session.shared_level().1);
    session.play(opened);
    assert!(
        std::sync::Arc::ptr_eq(session.shared_level().1, &collider),
        "the level's collider was built again for its own demo"
    );
}
