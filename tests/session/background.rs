//! Edit mode's long work off the main thread, held by a latch the test
//! controls: while the level opens for editing or a save writes, frames go
//! on (ticks run, frames are described, the walker walks), edit keys wait
//! their turn and are applied in order once the work is done (or refused
//! with a notice), and the progress bar rises as the test releases the
//! work step by step. A save that fails on the worker keeps the edits, and
//! a quit during a save waits for it. The autosave journal is written on a
//! worker too. None of it depends on the machine's
//! speed: the latch says where the work stands.

use crate::common;

use common::{ctrl_tap, key, session_on, tap};
use std::path::{Path, PathBuf};

use mazewalker::app::{JobLatch, Request, SHOW_AFTER, Session, WorkProgress};
use mazewalker::edit::Journal;
use mazewalker::level::Level;
use mazewalker::level::save::autosave_path;
use mazewalker::tick::TICK_SECONDS;
use winit::keyboard::KeyCode;

/// The hall written to a fresh scratch folder `name`; its path and level.
fn hall_file(name: &str) -> (PathBuf, Level) {
    let path = common::scratch_folder(name).join("hall.toml");
    std::fs::write(&path, common::HALL).expect("write the level");
    let level = Level::load(&path).expect("valid").level;
    (path, level)
}

/// A session on the hall at `path` whose work runs in the background, held
/// by the latch returned.
fn held_session(path: &Path, level: Level) -> (Session, JobLatch) {
    let mut session = session_on(path, level);
    let latch = JobLatch::new();
    session.work_in_background(Some(latch.clone()));
    (session, latch)
}

/// Runs `count` of the window's frames of one tick each (wall time, which
/// waits for nothing), describing each; returns the ticks they ran.
fn frames(session: &mut Session, count: u32) -> u64 {
    let before = session.ticks_run();
    for _ in 0..count {
        session.update(f64::from(TICK_SECONDS));
        drop(session.frame());
    }
    session.ticks_run() - before
}

/// Frames until the work has run past [`SHOW_AFTER`]: the bar shows.
fn frames_past_the_bar_delay(session: &mut Session) -> u64 {
    let count = (SHOW_AFTER.as_secs_f32() / TICK_SECONDS).ceil() as u32 + 2;
    frames(session, count)
}

/// The progress bar the frame shows now.
fn bar(session: &mut Session) -> Option<WorkProgress> {
    session.frame().progress
}

/// Whether a HUD line says `text`.
fn hud_says(session: &mut Session, text: &str) -> bool {
    session.hud().iter().any(|line| line.contains(text))
}

/// Walks forward for `count` frames; returns how far the eye went.
fn walk(session: &mut Session, count: u32) -> f32 {
    let from = session.walker().position();
    key(session, KeyCode::KeyW, true);
    frames(session, count);
    key(session, KeyCode::KeyW, false);
    frames(session, 2);
    session.walker().position().distance(from)
}

/// Lets the held work run to its end, and a frame take what it did.
fn finish_work(session: &mut Session, latch: &JobLatch) {
    latch.release(u64::from(u32::MAX));
    frames(session, 1);
}

/// Releases the latch a step at a time, and after each step checks that
/// the frame goes on and the bar shows `what` a little further on;
/// returns the fractions seen, the last once the work is done.
fn release_in_steps(session: &mut Session, latch: &JobLatch, what: &str) -> Vec<f32> {
    let mut seen = Vec::new();
    for _ in 0..8 {
        latch.release(1);
        assert!(frames(session, 3) > 0, "ticks stopped during the work");
        match bar(session) {
            Some(shown) => {
                assert_eq!(shown.what, what);
                seen.push(shown.fraction);
            }
            None => return seen,
        }
    }
    panic!("the work did not end: {seen:?}");
}

/// Opens edit mode, letting the work through, and plots a wall from where
/// the walker stands to 45 ticks' walk ahead.
fn open_and_add_a_wall(session: &mut Session, latch: &JobLatch) {
    tap(session, KeyCode::KeyE);
    finish_work(session, latch);
    frames(session, 1);
    tap(session, KeyCode::Space);
    walk(session, 45);
    tap(session, KeyCode::Space);
    frames(session, 2);
}

#[test]
fn work_held_by_a_latch_leaves_the_frame_going_and_keys_wait_their_turn() {
    let (path, level) = hall_file("session_background");
    let (mut session, latch) = held_session(&path, level);

    // E: edit mode is on at the next tick while the session opens, held.
    tap(&mut session, KeyCode::KeyE);
    assert!(frames(&mut session, 2) > 0);
    assert!(session.is_editing());
    assert_eq!(bar(&mut session), None, "no bar in the first half second");
    assert!(frames_past_the_bar_delay(&mut session) > 0);
    let shown = bar(&mut session).expect("the bar, past half a second");
    assert_eq!(shown.what, "Opening the level for editing");
    assert_eq!(shown.fraction, 0.0);

    // The walker walks; Space plots a wall's start here, then its end
    // further on; Delete, which acts on the aimed item, is refused.
    assert!(walk(&mut session, 30) > 0.5, "the walker did not walk");
    let start = common::edit_state(&mut session).cursor;
    tap(&mut session, KeyCode::Space);
    assert!(walk(&mut session, 45) > 1.0);
    let end = common::edit_state(&mut session).cursor;
    assert_ne!(start, end);
    tap(&mut session, KeyCode::Space);
    tap(&mut session, KeyCode::Delete);
    assert!(hud_says(
        &mut session,
        "not done: the level is still opening for editing; aim again once it is ready"
    ));
    assert_eq!(session.level().walls.len(), 4, "nothing applied yet");

    // Released a step at a time, the bar rises, then goes; the two Spaces
    // made one wall, from the first point to the second.
    let seen = release_in_steps(&mut session, &latch, "Opening the level for editing");
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    assert!(seen.len() >= 2, "{seen:?}");
    let walls = &session.level().walls;
    assert_eq!(walls.len(), 5, "the queued Spaces made one wall");
    assert_eq!((walls[4].a, walls[4].b), (start, end), "in the order typed");

    // Ctrl+S writes on the worker: held, the file is as it was, the
    // walker walks, and a Space and a second Ctrl+S wait their turn.
    ctrl_tap(&mut session, KeyCode::KeyS);
    assert!(frames_past_the_bar_delay(&mut session) > 0);
    assert_eq!(bar(&mut session).expect("the bar").what, "Saving hall.toml");
    assert!(walk(&mut session, 45) > 1.0);
    let third = common::edit_state(&mut session).cursor;
    tap(&mut session, KeyCode::Space);
    ctrl_tap(&mut session, KeyCode::KeyS);
    assert_eq!(std::fs::read_to_string(&path).expect("read"), common::HALL);
    let seen = release_in_steps(&mut session, &latch, "Saving hall.toml");
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    // The first save is written; the Space's wall follows, and the second
    // Ctrl+S, now writing, is held in turn.
    let saved = Level::load(&path).expect("saved").level;
    assert_eq!(saved.walls.len(), 5, "the first save: the first wall");
    assert_eq!(session.level().walls.len(), 6, "then the queued Space");
    assert_eq!(session.level().walls[5].b, third);
    finish_work(&mut session, &latch);
    let saved = Level::load(&path).expect("saved").level;
    assert_eq!(saved.walls.len(), 6, "the queued Ctrl+S saved it");
    assert_eq!(bar(&mut session), None);

    // F5 while a save writes is refused with a notice.
    ctrl_tap(&mut session, KeyCode::KeyS);
    tap(&mut session, KeyCode::F5);
    assert!(hud_says(
        &mut session,
        "not reloaded: the level is being saved; F5 again once it is done"
    ));
    finish_work(&mut session, &latch);
    assert!(hud_says(&mut session, "saved "));
}

#[test]
fn a_save_that_fails_on_the_worker_keeps_the_edits_and_ctrl_s_tries_again() {
    let (path, level) = hall_file("session_background_failed_save");
    let (mut session, latch) = held_session(&path, level);
    open_and_add_a_wall(&mut session, &latch);
    assert_eq!(session.level().walls.len(), 5);

    // A folder where the backup goes makes the save fail after the new
    // text is written, on the worker.
    let backup = path.with_file_name("hall.toml.bak");
    std::fs::create_dir_all(backup.join("in the way")).expect("a folder");
    ctrl_tap(&mut session, KeyCode::KeyS);
    finish_work(&mut session, &latch);
    assert!(
        hud_says(&mut session, "the edits are kept"),
        "{:?}",
        session.hud()
    );
    assert_eq!(std::fs::read_to_string(&path).expect("read"), common::HALL);
    assert_eq!(session.level().walls.len(), 5, "the edit is kept");
    let state = common::edit_state(&mut session);
    assert_eq!((state.undo_depth, state.unsaved), (1, true));

    // Out of the way, Ctrl+S saves them.
    std::fs::remove_dir_all(&backup).expect("remove the folder");
    ctrl_tap(&mut session, KeyCode::KeyS);
    finish_work(&mut session, &latch);
    assert_eq!(Level::load(&path).expect("saved").level.walls.len(), 5);
    let state = common::edit_state(&mut session);
    assert_eq!((state.undo_depth, state.unsaved), (1, false));
}

#[test]
fn a_quit_during_a_save_waits_for_the_whole_new_file() {
    let (path, level) = hall_file("session_background_quit");
    let (mut session, latch) = held_session(&path, level);
    open_and_add_a_wall(&mut session, &latch);

    // Held after its bytes are written, before the file is put in place.
    ctrl_tap(&mut session, KeyCode::KeyS);
    frames_past_the_bar_delay(&mut session);
    let mut written = 0.0;
    for _ in 0..8 {
        latch.release(1);
        frames(&mut session, 3);
        written = bar(&mut session).map_or(0.0, |shown| shown.fraction);
        if written >= 2.0 / 3.0 - 1e-6 {
            break;
        }
    }
    assert!((written - 2.0 / 3.0).abs() < 1e-6, "{written}");
    tap(&mut session, KeyCode::Escape);
    frames(&mut session, 2);
    assert!(
        !session.take_requests().contains(&Request::Quit),
        "quit mid-save"
    );
    assert!(hud_says(&mut session, "quitting once the save is written"));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), common::HALL);

    finish_work(&mut session, &latch);
    assert!(session.take_requests().contains(&Request::Quit));
    let saved = std::fs::read_to_string(&path).expect("read");
    assert!(saved.starts_with(common::HALL), "the whole new file");
    assert_eq!(Level::load(&path).expect("whole").level.walls.len(), 5);
    let folder = path.parent().expect("a folder");
    let names: Vec<String> = std::fs::read_dir(folder)
        .expect("list")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert!(
        !names.iter().any(|name| name.ends_with(".tmp")),
        "a temporary file is left: {names:?}"
    );
}

#[test]
fn a_reload_held_by_the_latch_leaves_the_frame_going() {
    let (path, level) = hall_file("session_background_reload");
    let (mut session, latch) = held_session(&path, level);
    let more = format!(
        "{}\n[[wall]]\na = [1.0, 5.0]\nb = [3.0, 5.0]\n",
        common::HALL
    );
    std::fs::write(&path, more).expect("write the level");

    // F5: the reload starts on its worker at the next frame, held.
    tap(&mut session, KeyCode::F5);
    assert!(frames_past_the_bar_delay(&mut session) > 0);
    assert!(walk(&mut session, 30) > 0.5, "the walker did not walk");
    let seen = release_in_steps(&mut session, &latch, "Reloading Hall");
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    assert!(seen.len() >= 2, "{seen:?}");
    assert_eq!(session.level().walls.len(), 5, "the new level is live");
}

#[test]
fn a_level_that_cannot_be_opened_for_editing_leaves_edit_mode_off() {
    // The walls written as one array of inline tables: the level loads,
    // but the editor does not rewrite walls written so, and opening it for
    // editing fails, before the tick that turns edit mode on has run.
    let path = common::scratch_folder("session_background_open_fails").join("hall.toml");
    let inline = "name = \"Hall\"\n\
        wall = [{ a = [-20.0, -20.0], b = [20.0, -20.0] }, { a = [20.0, -20.0], b = [20.0, 20.0] },\n\
        { a = [20.0, 20.0], b = [-20.0, 20.0] }, { a = [-20.0, 20.0], b = [-20.0, -20.0] }]\n\
        [player]\nstart = [0.0, 0.0]\n";
    std::fs::write(&path, inline).expect("write the level");
    let level = Level::load(&path).expect("valid").level;
    let (mut session, latch) = held_session(&path, level);
    tap(&mut session, KeyCode::KeyE);
    finish_work(&mut session, &latch);
    frames(&mut session, 2);
    assert!(
        hud_says(&mut session, "cannot be edited"),
        "{:?}",
        session.hud()
    );
    assert!(!session.is_editing(), "edit mode came on with no session");
}

#[test]
fn the_journal_is_written_on_its_worker_while_the_frame_goes_on() {
    let (path, level) = hall_file("session_background_journal");
    let (mut session, latch) = held_session(&path, level);
    open_and_add_a_wall(&mut session, &latch);
    let journal_path = autosave_path(&path);

    // A second after the edit the journal falls due: its write starts on
    // its worker, held, and the walker walks on meanwhile.
    let a_second = (1.0 / TICK_SECONDS).ceil() as u32 + 2;
    assert!(frames(&mut session, a_second) > 0);
    assert!(frames_past_the_bar_delay(&mut session) > 0);
    assert!(walk(&mut session, 30) > 0.5, "the walker did not walk");
    assert!(!journal_path.exists(), "written before the latch let it");

    let seen = release_in_steps(&mut session, &latch, "Writing the autosave");
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    let journal = Journal::read(&journal_path).expect("the journal, once released");
    assert_eq!(journal.len(), 1, "the one wall");
}

/// Whether the frame's map shades the reach.
fn reach_shown(session: &mut Session) -> bool {
    let frame = session.frame();
    let map = frame.map.expect("the map shows");
    map.walk_layer.reach.is_some()
}

/// The HUD's map line.
fn map_line(session: &mut Session) -> String {
    let hud = session.hud();
    let line = hud.iter().find(|line| line.starts_with("map "));
    line.expect("a map line").clone()
}

#[test]
fn the_reach_is_worked_out_on_its_worker_while_the_map_works_on() {
    let (path, level) = hall_file("session_background_reach");
    let (mut session, latch) = held_session(&path, level);
    tap(&mut session, KeyCode::Tab);
    tap(&mut session, KeyCode::KeyV);

    // Held: the map shows without the reach, says it is on its way, and
    // zooms; the walker walks; past half a second the bar shows.
    assert!(frames_past_the_bar_delay(&mut session) > 0);
    assert!(!reach_shown(&mut session));
    assert!(map_line(&mut session).ends_with("reach: working it out"));
    let before = map_line(&mut session);
    tap(&mut session, KeyCode::Equal);
    assert_ne!(map_line(&mut session), before, "the map did not zoom");
    assert!(walk(&mut session, 30) > 0.5, "the walker did not walk");
    let what = "Finding where the eye can go";
    assert_eq!(bar(&mut session).expect("the bar").what, what);

    // Released a step at a time, the bar rises; then the reach shows.
    let mut seen = Vec::new();
    for _ in 0..32 {
        latch.release(1);
        frames(&mut session, 2);
        match bar(&mut session) {
            Some(shown) => seen.push(shown.fraction),
            None => break,
        }
    }
    assert!(seen.len() >= 2, "{seen:?}");
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    assert!(reach_shown(&mut session));
    assert!(!map_line(&mut session).contains("reach"));

    // V again: the shading goes at once.
    tap(&mut session, KeyCode::KeyV);
    frames(&mut session, 1);
    assert!(!reach_shown(&mut session));
}

#[test]
fn the_hud_says_the_level_is_opening_and_a_save_leaves_the_chain_drawn() {
    let (path, level) = hall_file("session_background_rough_edges");
    let (mut session, latch) = held_session(&path, level);

    // While the session opens there is no undo depth yet to show.
    tap(&mut session, KeyCode::KeyE);
    frames(&mut session, 2);
    let line = common::edit_line(&mut session);
    assert!(line.ends_with("opening the level for editing"), "{line}");
    finish_work(&mut session, &latch);
    assert!(common::edit_line(&mut session).ends_with("undo 0"));

    // A chain begun, then Ctrl+S: the wall in progress stays drawn while
    // the session is away with the save.
    tap(&mut session, KeyCode::Space);
    walk(&mut session, 30);
    let plotting = session.frame().markers.len();
    ctrl_tap(&mut session, KeyCode::KeyS);
    frames(&mut session, 2);
    assert_eq!(
        session.frame().markers.len(),
        plotting,
        "the chain vanished"
    );
    finish_work(&mut session, &latch);
    assert_eq!(session.frame().markers.len(), plotting);
}

#[test]
fn a_save_and_the_journal_held_together_are_released_in_the_order_named() {
    let (path, level) = hall_file("session_background_two_jobs");
    let (mut session, latch) = held_session(&path, level);
    open_and_add_a_wall(&mut session, &latch);
    let journal_path = autosave_path(&path);

    // The journal falls due and its write starts, held; Ctrl+S starts the
    // save beside it, held too.
    let a_second = (1.0 / TICK_SECONDS).ceil() as u32 + 2;
    frames(&mut session, a_second);
    ctrl_tap(&mut session, KeyCode::KeyS);
    frames_past_the_bar_delay(&mut session);
    assert_eq!(bar(&mut session).expect("the bar").what, "Saving hall.toml");

    // The save's steps go to the save alone: it is written, and the
    // journal waits where it was, unwritten.
    latch.release_job("Saving hall.toml", u64::from(u32::MAX));
    frames(&mut session, 1);
    assert!(hud_says(&mut session, "saved "), "{:?}", session.hud());
    assert_eq!(Level::load(&path).expect("saved").level.walls.len(), 5);
    let journal = bar(&mut session).expect("the journal's bar");
    assert_eq!(journal.what, "Writing the autosave");
    assert_eq!(journal.fraction, 0.0, "the save's steps moved the journal");

    // Then the journal's: begun before the save, it writes nothing.
    latch.release_job("Writing the autosave", u64::from(u32::MAX));
    frames(&mut session, 1);
    assert_eq!(bar(&mut session), None);
    assert!(!journal_path.exists(), "a journal of saved edits");
}
