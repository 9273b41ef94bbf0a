//! The headless session, with no window and no GPU: which mode a key goes
//! to, a level change reaching every part, a held key moving the walker the
//! same distance at any frame rate, and 100,000 random events on the house
//! with no panic and no wall crossed.

use crate::common;

use common::{key, tap};
use std::path::{Path, PathBuf};
use std::time::Duration;

use glam::Vec2;
use mazewalker::app::{
    Input, Modifiers, NewScene, Request, ScriptStep, Session, WindowOptions, run_headless_script,
};
use mazewalker::bindings::{Action, Bindings, Context};
use mazewalker::collision::distance_to_segment;
use mazewalker::level::Level;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

/// A 40 × 40 m hall, the eye at its centre looking along +x.
const HALL: &str = "name = \"Hall\"\n[player]\nstart = [0.0, 0.0]\n\n\
[[wall]]\na = [-20.0, -20.0]\nb = [20.0, -20.0]\n\n\
[[wall]]\na = [20.0, -20.0]\nb = [20.0, 20.0]\n\n\
[[wall]]\na = [20.0, 20.0]\nb = [-20.0, 20.0]\n\n\
[[wall]]\na = [-20.0, 20.0]\nb = [-20.0, -20.0]\n";

/// The hall written to `folder`, and the level read back from it.
fn hall_file(folder: &Path) -> (PathBuf, Level) {
    let path = folder.join("hall.toml");
    std::fs::write(&path, HALL).expect("write the level");
    (path.clone(), Level::load(&path).expect("valid").level)
}

/// Options for a test session: no file watcher, saves in `folder`.
fn options(folder: &Path) -> WindowOptions {
    WindowOptions {
        watch: false,
        size: (320, 180),
        save_folder: Some(folder.to_owned()),
        ..WindowOptions::default()
    }
}

fn ctrl(session: &mut Session, held: bool) {
    session.handle(Input::Modifiers(Modifiers {
        ctrl: held,
        ..Modifiers::default()
    }));
    key(session, KeyCode::ControlLeft, held);
}

/// The HUD line that starts with `prefix`.
fn hud_line(session: &mut Session, prefix: &str) -> Option<String> {
    session
        .hud()
        .into_iter()
        .find(|line| line.starts_with(prefix))
}

#[test]
fn ctrl_s_saves_and_does_not_walk() {
    let folder = common::scratch_folder("session_ctrl_s");
    let (path, level) = hall_file(&folder);
    let mut session = Session::new(level, &options(&folder));
    let start = session.walker().position();
    ctrl(&mut session, true);
    key(&mut session, KeyCode::KeyS, true);
    session.advance_ticks(60);
    key(&mut session, KeyCode::KeyS, false);
    ctrl(&mut session, false);
    session.advance_ticks(10);
    assert_eq!(session.walker().position(), start, "Ctrl+S walked");
    // It saved (the file is unchanged text, rewritten by the editor).
    assert!(
        session
            .hud()
            .iter()
            .any(|line| line == &format!("saved {}", path.display())),
        "{:?}",
        session.hud()
    );
    // S alone walks backwards.
    key(&mut session, KeyCode::KeyS, true);
    session.advance_ticks(60);
    assert!(session.walker().position().x < start.x - 0.5);
}

#[test]
fn the_arrows_pan_the_full_map_and_do_not_walk() {
    let folder = common::scratch_folder("session_arrows");
    let (_, level) = hall_file(&folder);
    let mut session = Session::new(level, &options(&folder));
    let start = session.walker().position();
    tap(&mut session, KeyCode::Tab);
    tap(&mut session, KeyCode::Tab);
    assert_eq!(
        session.contexts(),
        [Context::FullMap, Context::Walking, Context::Always]
    );
    let before = hud_line(&mut session, "map ").expect("a map line");
    assert!(before.starts_with("map full  follow on"), "{before}");
    key(&mut session, KeyCode::ArrowUp, true);
    key(&mut session, KeyCode::ArrowLeft, true);
    session.advance_ticks(120);
    key(&mut session, KeyCode::ArrowUp, false);
    key(&mut session, KeyCode::ArrowLeft, false);
    assert_eq!(session.walker().position(), start, "the arrows walked");
    assert_eq!(session.walker().camera.yaw, 0.0, "the arrows turned");
    let after = hud_line(&mut session, "map ").expect("a map line");
    assert!(after.starts_with("map full  follow off"), "{after}");
    // The map closed: the arrows walk again.
    tap(&mut session, KeyCode::Tab);
    key(&mut session, KeyCode::ArrowUp, true);
    session.advance_ticks(60);
    assert!(session.walker().position().x > start.x + 0.5);
}

#[test]
fn space_plots_in_edit_mode_and_plots_nothing_while_walking() {
    let folder = common::scratch_folder("session_space");
    let (_, level) = hall_file(&folder);
    let mut session = Session::new(level, &options(&folder));
    let walls = session.level().walls.len();
    // Walking, Space is the use key: with no door near, it does nothing.
    tap(&mut session, KeyCode::Space);
    session.advance_ticks(2);
    assert!(hud_line(&mut session, "EDIT").is_none());
    assert_eq!(session.level().walls.len(), walls);
    // E flips edit mode on the next tick.
    tap(&mut session, KeyCode::KeyE);
    assert!(!session.is_editing());
    session.advance_ticks(1);
    assert!(session.is_editing());
    assert_eq!(
        session.contexts(),
        [Context::Editing, Context::Walking, Context::Always]
    );
    tap(&mut session, KeyCode::Space);
    key(&mut session, KeyCode::KeyD, true);
    session.advance_ticks(120);
    key(&mut session, KeyCode::KeyD, false);
    tap(&mut session, KeyCode::Space);
    assert_eq!(
        session.level().walls.len(),
        walls + 1,
        "Space plotted a wall"
    );
    let line = hud_line(&mut session, "EDIT").expect("the EDIT line");
    assert!(line.contains("undo 1  unsaved"), "{line}");
}

#[test]
fn a_level_change_reaches_every_part() {
    let folder = common::scratch_folder("session_level_change");
    let (path, level) = hall_file(&folder);
    let demo = folder.join("walk.demo");
    let mut session = Session::new(level, &options(&folder));
    session
        .record(&demo, mazewalker::level::LevelChoice::File(path))
        .expect("record");
    // Every part's view of the level before: the map shows all its walls
    // in edit mode, the renderer has nothing new to take.
    tap(&mut session, KeyCode::Tab);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    assert!(session.take_scene_change().is_none());
    // An edit: a wall from the eye 3 m to its right.
    tap(&mut session, KeyCode::Space);
    key(&mut session, KeyCode::KeyD, true);
    session.advance_ticks(120);
    key(&mut session, KeyCode::KeyD, false);
    tap(&mut session, KeyCode::Space);
    // The renderer hears of it: the new level and its collider.
    let change = session.take_scene_change().expect("the renderer hears");
    assert_eq!(change.level.walls.len(), 5);
    assert_eq!(change.collider.walls().len(), 5);
    // The edit, for the renderer's scene to take in place: one wall put.
    assert!(
        matches!(&change.scene, NewScene::Edited(changes) if changes.len() == 1),
        "{:?}",
        change.scene
    );
    // The live level, the map and the editor's checks.
    assert_eq!(session.level().walls.len(), 5);
    let hud = session.hud();
    assert!(
        hud.iter()
            .any(|line| line.starts_with("map overlay") && line.ends_with("all walls")),
        "{hud:?}"
    );
    // The recorder: told that its demo now spans two versions.
    assert!(
        hud.iter()
            .any(|line| line.starts_with("the level changed while recording")),
        "{hud:?}"
    );
    // Leaving edit mode on the new wall: the walker stays inside it but
    // can walk out; walking mode then never goes closer.
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    assert!(!session.is_editing());
    let wall = session.level().walls.last().expect("the new wall").clone();
    key(&mut session, KeyCode::KeyW, true);
    session.advance_ticks(240);
    let eye = session.walker().position();
    assert!(
        distance_to_segment(eye, wall.a, wall.b) >= wall.radius - 1e-4,
        "{eye} is inside {wall:?}"
    );
    session.finish().expect("the demo is written");
    assert!(std::fs::metadata(&demo).expect("the demo").len() > 0);
}

#[test]
fn a_reload_reaches_the_walker_the_map_and_the_renderer() {
    let folder = common::scratch_folder("session_reload");
    let (path, level) = hall_file(&folder);
    let mut session = Session::new(level, &options(&folder));
    // A wall through the eye appears in the file; F5 reloads it.
    let text = format!("{HALL}\n[[wall]]\na = [0.1, -5.0]\nb = [0.1, 5.0]\n");
    std::fs::write(&path, text).expect("write");
    reload(&mut session);
    assert_eq!(session.level().walls.len(), 5);
    let change = session.take_scene_change().expect("the renderer hears");
    assert_eq!(change.level.walls.len(), 5);
    // Headless, no scene is built off the main thread.
    assert!(matches!(change.scene, NewScene::Build));
    // The walker was moved out of the new wall.
    let eye = session.walker().position();
    assert!(
        distance_to_segment(eye, Vec2::new(0.1, -5.0), Vec2::new(0.1, 5.0)) >= 0.3 - 1e-3,
        "{eye}"
    );
    let hud = session.hud();
    assert!(
        hud.iter().any(|line| line.starts_with("moved 0.")),
        "{hud:?}"
    );
    assert!(hud.iter().any(|line| line == "reloaded Hall"), "{hud:?}");
}

/// The map's count of walls seen, from its HUD line.
fn walls_seen(session: &mut Session) -> usize {
    let line = hud_line(session, "map ").expect("a map line");
    let count = line
        .split("seen ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse().ok());
    count.unwrap_or_else(|| panic!("no count of walls seen: {line}"))
}

/// F5, then the session's frames until the reload is swapped in.
fn reload(session: &mut Session) {
    tap(session, KeyCode::F5);
    let mut waited = Duration::ZERO;
    let outcome = loop {
        session.advance_ticks(0);
        if let Some(outcome) = session.take_reloads().pop() {
            break outcome;
        }
        std::thread::sleep(Duration::from_millis(5));
        waited += Duration::from_millis(5);
        assert!(waited < Duration::from_secs(30), "no reload");
    };
    assert!(outcome.swapped, "{outcome:?}");
}

#[test]
fn a_reload_that_lowers_a_wall_lets_the_map_see_past_it() {
    let folder = common::scratch_folder("session_reload_sight");
    let (path, _) = hall_file(&folder);
    // Ahead of the eye a screen as tall as the room, and behind it a short
    // wall that the screen hides.
    let screen = "[[wall]]\na = [5.0, -3.0]\nb = [5.0, 3.0]\n";
    let behind = "[[wall]]\na = [10.0, -1.0]\nb = [10.0, 1.0]\n";
    std::fs::write(&path, format!("{HALL}\n{screen}\n{behind}")).expect("write");
    let level = Level::load(&path).expect("valid").level;
    let mut session = Session::new(level, &options(&folder));
    tap(&mut session, KeyCode::Tab);
    session.advance_ticks(2);
    let before = walls_seen(&mut session);
    // The screen made low: it no longer hides what is behind it.
    let low_screen = screen.replace("b = [5.0, 3.0]", "b = [5.0, 3.0]\nheight = 1.0");
    std::fs::write(&path, format!("{HALL}\n{low_screen}\n{behind}")).expect("write");
    reload(&mut session);
    session.advance_ticks(2);
    assert_eq!(walls_seen(&mut session), before + 1, "the wall behind");
}

/// Where the eye is after holding W for one simulated second, the session
/// driven by frames of `1 / fps` seconds.
fn walked_at(fps: u32) -> (Vec2, u64) {
    let folder = common::scratch_folder(&format!("session_fps_{fps}"));
    let (_, level) = hall_file(&folder);
    let mut session = Session::new(level, &options(&folder));
    key(&mut session, KeyCode::KeyW, true);
    for _ in 0..fps {
        session.update(1.0 / f64::from(fps));
    }
    (session.walker().position(), session.ticks_run())
}

#[test]
fn a_held_key_walks_the_same_distance_at_any_frame_rate() {
    let (at_30, ticks_30) = walked_at(30);
    let (at_144, ticks_144) = walked_at(144);
    let (at_1000, ticks_1000) = walked_at(1000);
    assert_eq!(ticks_30, 120);
    assert_eq!((ticks_144, ticks_1000), (120, 120));
    assert!(at_30.x > 2.0, "walked {at_30}");
    // Bit for bit: the same ticks with the same input.
    assert_eq!(at_30, at_144);
    assert_eq!(at_30, at_1000);
}

#[test]
fn a_script_gives_the_same_checkpoints_headless_at_any_speed() {
    let folder = common::scratch_folder("session_script");
    let (_, level) = hall_file(&folder);
    let script = vec![
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(90),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Checkpoint,
        ScriptStep::Action(Action::StrafeLeft, true),
        ScriptStep::Wait(Duration::from_millis(30)),
        ScriptStep::Ticks(45),
        ScriptStep::Action(Action::StrafeLeft, false),
        ScriptStep::Checkpoint,
    ];
    let first = run_headless_script(level.clone(), &options(&folder), script.clone())
        .expect("the session runs");
    let second = run_headless_script(level, &options(&folder), script).expect("runs");
    assert_eq!(first.checkpoints, second.checkpoints);
    assert_eq!(first.ticks, 135);
    let [ahead, left] = first.checkpoints[..] else {
        panic!("{:?}", first.checkpoints);
    };
    // A wall-clock wait while a key is held moves nothing: only ticks do.
    assert!(ahead.x > 1.5 && ahead.y == 0.0, "{ahead}");
    assert!(left.y < -0.5 && left.x == ahead.x, "{left}");
}

/// A small, seeded random number generator (xorshift64*): a failure names
/// its seed and replays.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// Whether segments `p0`–`p1` and `q0`–`q1` cross (touching ends count):
/// the orientation test, independent of the collider.
fn segments_cross(p0: Vec2, p1: Vec2, q0: Vec2, q1: Vec2) -> bool {
    let side = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - a);
    let (d1, d2) = (side(q0, q1, p0), side(q0, q1, p1));
    let (d3, d4) = (side(p0, p1, q0), side(p0, p1, q1));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

#[test]
fn random_input_never_panics_and_never_crosses_a_wall() {
    let seed: u64 = std::env::var("MAZEWALKER_SEED")
        .ok()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or(0x5eed_1e55_c0ff_ee00);
    let mut random = Random(seed | 1);
    let folder = common::scratch_folder("session_random");
    let mut session = Session::new(Level::default_house(), &options(&folder));
    // Every bound key of every context, the modifiers, and a few unbound.
    let mut keys: Vec<KeyCode> = Bindings::default()
        .keys
        .iter()
        .map(|(key, _)| *key)
        .collect();
    keys.extend([
        KeyCode::ControlLeft,
        KeyCode::AltLeft,
        KeyCode::KeyZ,
        KeyCode::KeyY,
        KeyCode::KeyQ,
    ]);
    // F11 (fullscreen), F12 (screenshot) and Esc (quit) only ask the
    // shell; keep them, the requests are checked below.
    let events = 100_000;
    let mut crossings = Vec::new();
    for event in 0..events {
        let before = session.walker().position();
        let walking_before = !session.walker().passes_walls();
        match random.below(20) {
            0..=7 => {
                let code = keys[random.below(keys.len())];
                let pressed = random.below(3) > 0;
                if matches!(code, KeyCode::ControlLeft | KeyCode::AltLeft) {
                    session.handle(Input::Modifiers(Modifiers {
                        ctrl: code == KeyCode::ControlLeft && pressed,
                        alt: code == KeyCode::AltLeft && pressed,
                        shift: false,
                    }));
                }
                session.handle(Input::Key {
                    key: code,
                    pressed,
                    repeat: random.below(8) == 0,
                });
            }
            8 => {
                let (width, height) = session.view_size();
                session.handle(Input::Pointer(Vec2::new(
                    random.unit() * width as f32 * 1.2 - 10.0,
                    random.unit() * height as f32 * 1.2 - 10.0,
                )));
            }
            9 => {
                let button =
                    [MouseButton::Left, MouseButton::Right, MouseButton::Middle][random.below(3)];
                session.handle(Input::Button {
                    button,
                    pressed: random.below(2) == 0,
                });
            }
            10 => session.handle(Input::Wheel(random.unit() * 6.0 - 3.0)),
            11 => {
                let size = if random.below(10) == 0 {
                    (0, 0)
                } else {
                    (1 + random.below(2000) as u32, 1 + random.below(1200) as u32)
                };
                session.handle(Input::Resized(size.0, size.1));
            }
            12 => session.handle(Input::MouseMotion(glam::DVec2::new(
                f64::from(random.unit()) * 200.0 - 100.0,
                f64::from(random.unit()) * 200.0 - 100.0,
            ))),
            13 => session.handle(Input::FocusLost),
            14 => session.handle(Input::CloseRequested),
            15 => drop(session.frame()),
            _ => session.advance_ticks(1),
        }
        for request in session.take_requests() {
            // The shell would carry these out; grabbing is all the
            // session hears back.
            if let Request::GrabMouse(grab) = request {
                session.mouse_grabbed(grab);
            }
        }
        drop(session.take_scene_change());
        drop(session.take_reloads());
        let after = session.walker().position();
        let walking_after = !session.walker().passes_walls();
        if walking_before && walking_after && before != after {
            for wall in &session.level().walls {
                if segments_cross(before, after, wall.a, wall.b) {
                    crossings.push((event, before, after, wall.clone()));
                }
            }
        }
    }
    assert!(
        crossings.is_empty(),
        "seed {seed}: {} walls crossed, first {:?}",
        crossings.len(),
        crossings.first()
    );
    // The walk went somewhere, and the house is still there.
    assert!(session.ticks_run() > 10_000, "{}", session.ticks_run());
    assert!(!session.level().walls.is_empty());
}

#[test]
fn a_demo_plays_with_its_own_movement_and_the_settings_files_view() {
    let folder = common::scratch_folder("session_play");
    let demo = folder.join("walk.demo");
    // Record a walk on the house with the default settings.
    let mut recording = Session::new(Level::default_house(), &options(&folder));
    recording
        .record(&demo, mazewalker::level::LevelChoice::DefaultHouse)
        .expect("record");
    key(&mut recording, KeyCode::KeyW, true);
    recording.advance_ticks(90);
    key(&mut recording, KeyCode::KeyW, false);
    recording.advance_ticks(30);
    let recorded_end = recording.walker().position();
    recording.finish().expect("the demo is written");

    // Play it where the settings file asks for a 75° view, a far plane of
    // 500 m and a slower walk.
    let settings = mazewalker::config::Config::from_toml_str(
        "[view]\nfov = 75\nfar = 500\n[movement]\nwalk_speed = 1.0\n",
        Path::new("settings.toml"),
    )
    .expect("valid settings");
    let playing_options = WindowOptions {
        settings,
        ..options(&folder)
    };
    let playback = mazewalker::demo::OpenedDemo::open(&demo, None).expect("the demo opens");
    let mut session = Session::new(Level::default_house(), &playing_options);
    session.play(playback);
    let camera = &session.walker().camera;
    assert!(
        (camera.fov_x - 75f32.to_radians()).abs() < 1e-6,
        "{camera:?}"
    );
    assert_eq!(camera.far, 500.0, "{camera:?}");
    // The walk itself is the demo's: its speeds, bit for bit.
    assert_eq!(
        session.walker().settings,
        Session::new(Level::default_house(), &options(&folder))
            .walker()
            .settings
    );
    assert_eq!(session.contexts()[0], Context::Playback);
    session.advance_ticks(200);
    assert_eq!(session.walker().position(), recorded_end);
    let status = hud_line(&mut session, "demo tick").expect("the playback line");
    assert!(status.contains("demo finished after 120 ticks"), "{status}");
    // Space pauses (the playback context), and never plots.
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(2);
    assert!(!session.is_editing());
}

#[test]
fn the_torch_flips_on_its_tick_shows_on_the_hud_and_a_demo_records_it() {
    let folder = common::scratch_folder("session_torch");
    let demo = folder.join("torch.demo");
    let mut session = Session::new(Level::default_house(), &options(&folder));
    session
        .record(&demo, mazewalker::level::LevelChoice::DefaultHouse)
        .expect("record");
    assert!(!session.walker().torch);
    tap(&mut session, KeyCode::KeyT);
    assert!(!session.walker().torch, "a switch flips on the next tick");
    session.advance_ticks(1);
    assert!(session.walker().torch);
    assert!(session.frame().scene.torch, "the frame asks for the torch");
    let switches = hud_line(&mut session, "ghost ").expect("the switches line");
    assert!(switches.ends_with("  torch"), "{switches}");
    // In edit mode too (the walking context lies under editing).
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    tap(&mut session, KeyCode::KeyT);
    session.advance_ticks(1);
    assert!(session.is_editing() && !session.walker().torch);
    tap(&mut session, KeyCode::KeyT);
    session.advance_ticks(30);
    session.finish().expect("the demo is written");
    let text = std::fs::read_to_string(&demo).expect("the demo");
    assert_eq!(text.matches("torch").count(), 3, "{text}");
    // Played back, the torch is on at the end, as it was.
    let playback = mazewalker::demo::OpenedDemo::open(&demo, None).expect("the demo opens");
    let mut played = Session::new(Level::default_house(), &options(&folder));
    played.play(playback);
    played.advance_ticks(100);
    assert!(played.walker().torch);
}

#[test]
fn f7_turns_sound_off_and_on_with_a_notice_each_time() {
    let folder = common::scratch_folder("session_sound_key");
    let mut session = Session::new(Level::default_house(), &options(&folder));
    assert!(session.settings().sound.enabled, "on by default");
    tap(&mut session, KeyCode::F7);
    assert!(!session.settings().sound.enabled);
    assert!(
        hud_line(&mut session, "sound off").is_some(),
        "{:?}",
        session.hud()
    );
    tap(&mut session, KeyCode::F7);
    assert!(session.settings().sound.enabled);
    assert!(
        hud_line(&mut session, "sound on").is_some(),
        "{:?}",
        session.hud()
    );
}

#[test]
fn edit_mode_is_off_while_a_demo_plays_even_where_its_walker_edited() {
    let folder = common::scratch_folder("session_demo_edit_mode");
    let demo = folder.join("edit.demo");
    let mut recording = Session::new(Level::default_house(), &options(&folder));
    recording
        .record(&demo, mazewalker::level::LevelChoice::DefaultHouse)
        .expect("record");
    tap(&mut recording, KeyCode::KeyE);
    recording.advance_ticks(30);
    assert!(
        recording.is_editing(),
        "the recorded walker is in edit mode"
    );
    recording.finish().expect("the demo is written");

    let playback = mazewalker::demo::OpenedDemo::open(&demo, None).expect("the demo opens");
    let mut played = Session::new(Level::default_house(), &options(&folder));
    played.play(playback);
    played.advance_ticks(20);
    assert!(
        played.walker().editing,
        "the demo's walker switched edit mode on"
    );
    // One answer everywhere: the session, the contexts, the edit state,
    // the HUD and the frame all say edit mode is off.
    assert!(!played.is_editing());
    assert!(!played.contexts().contains(&Context::Editing));
    assert_eq!(common::edit_state_if_on(&mut played), None);
    assert_eq!(hud_line(&mut played, "EDIT"), None);
    let frame = played.frame();
    assert!(!frame.crosshair && frame.markers.is_empty());
}

#[test]
fn a_save_goes_live_as_the_levels_new_source_and_changes_no_shape() {
    let folder = common::scratch_folder("session_save_path");
    let mut session = Session::new(Level::default_house(), &options(&folder));
    session.advance_ticks(2);
    assert!(session.take_scene_change().is_none());
    let walker = session.walker().clone();
    ctrl(&mut session, true);
    tap(&mut session, KeyCode::KeyS);
    ctrl(&mut session, false);
    // The house had no file: the live level now follows the one written.
    let mazewalker::level::LevelSource::File { path, text } = &session.level().source else {
        panic!("the live level has no file after the save");
    };
    assert_eq!(
        std::fs::read_to_string(path).expect("the saved file"),
        text.as_ref()
    );
    // A save changes no shape: the walker and the renderer's scene stay.
    assert!(
        session.take_scene_change().is_none(),
        "a save rebuilt the scene"
    );
    assert_eq!(session.walker(), &walker);
}
