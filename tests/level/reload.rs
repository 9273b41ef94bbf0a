//! Hot reload's rules without a window: file events and contents in, the
//! live level and the HUD's message out.

use std::path::{Path, PathBuf};

use mazewalker::app::reload::{Loaded, Reloader, Trigger, error_report, texture_files};
use mazewalker::level::{Level, LevelChoice};

const ONE_WALL: &str = r#"name = "One wall"
[player]
start = [1.0, 1.0]

[[wall]]
a = [0.0, 0.0]
b = [4.0, 0.0]
"#;

const TWO_WALLS: &str = r#"name = "Two walls"
[player]
start = [1.0, 1.0]

[[wall]]
a = [0.0, 0.0]
b = [4.0, 0.0]

[[wall]]
a = [2.0, 0.5]
b = [2.0, 3.0]
"#;

/// A broken version: a wall without its `b`.
const BROKEN: &str = r#"name = "Broken"
[player]
start = [1.0, 1.0]

[[wall]]
a = [0.0, 0.0]
"#;

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("reload")
        .join(test);
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("create the test folder");
    folder
}

/// A fresh folder for `test` holding `level.toml` with [`ONE_WALL`], and a
/// session started on it: the folder, the file and the session.
fn start(test: &str) -> (PathBuf, PathBuf, Session) {
    let folder = folder(test);
    let path = folder.join("level.toml");
    std::fs::write(&path, ONE_WALL).expect("write");
    let session = Session::start(&path);
    (folder, path, session)
}

/// The live level and the reload state, as the window holds them.
struct Session {
    live: Level,
    reloader: Reloader,
    swaps: usize,
}

impl Session {
    fn start(path: &Path) -> Self {
        let live = Level::load(path).expect("a valid first version").level;
        let reloader = Reloader::new(&live.source, texture_files(&live));
        Self {
            live,
            reloader,
            swaps: 0,
        }
    }

    /// Runs the reloads that are due, as the window does once a frame.
    fn settle(&mut self) {
        while let Some(job) = self.reloader.start() {
            match job.load() {
                Loaded::Unchanged => self.reloader.unchanged(),
                Loaded::Failed(message) => self.reloader.failed(message),
                Loaded::Level(loaded) => {
                    self.reloader
                        .succeeded(&loaded.level.source, texture_files(&loaded.level));
                    self.live = loaded.level;
                    self.swaps += 1;
                }
            }
        }
    }

    fn changed(&mut self, paths: &[&Path]) {
        let paths = paths.iter().map(|path| path.to_path_buf()).collect();
        self.reloader.notice(&Trigger::Changed(paths));
    }
}

#[test]
fn an_in_place_write_reloads() {
    let (_, path, mut session) = start("in_place");
    std::fs::write(&path, TWO_WALLS).expect("write");
    session.changed(&[&path]);
    session.settle();
    assert_eq!(session.live.name, "Two walls");
    assert_eq!(session.live.walls.len(), 2);
    assert_eq!(session.reloader.error(), None);
}

#[test]
fn a_save_by_rename_reloads() {
    let (folder, path, mut session) = start("rename");
    let temporary = folder.join(".level.toml.swp");
    std::fs::write(&temporary, TWO_WALLS).expect("write");
    std::fs::rename(&temporary, &path).expect("rename");
    // A watcher reports a rename with both names.
    session.changed(&[&temporary, &path]);
    session.settle();
    assert_eq!(session.live.walls.len(), 2);
}

#[test]
fn delete_then_recreate_keeps_the_old_level_then_takes_the_new_one() {
    let (_, path, mut session) = start("delete");
    std::fs::remove_file(&path).expect("delete");
    session.changed(&[&path]);
    session.settle();
    assert_eq!(session.live.name, "One wall", "the old level stays live");
    let error = session.reloader.error().expect("an error on the HUD");
    assert!(
        error.starts_with("error: ") && error.contains("level.toml"),
        "{error}"
    );
    std::fs::write(&path, TWO_WALLS).expect("recreate");
    session.changed(&[&path]);
    session.settle();
    assert_eq!(session.live.name, "Two walls");
    assert_eq!(session.reloader.error(), None);
}

#[test]
fn a_broken_file_shows_the_check_error_until_a_fixed_one_arrives() {
    let (folder, path, mut session) = start("broken");
    std::fs::write(&path, BROKEN).expect("write");
    session.changed(&[&path]);
    session.settle();
    assert_eq!(session.live.name, "One wall");
    let check = LevelChoice::File(path.clone())
        .load()
        .expect_err("check refuses it too");
    assert_eq!(
        session.reloader.error(),
        Some(error_report(&check).as_str())
    );
    let error = error_report(&check);
    assert!(
        error.contains("level.toml:5:1"),
        "file:line:column in {error}"
    );
    // Something else in the folder changes: the error stays.
    session.changed(&[&folder.join("notes.txt")]);
    session.settle();
    assert!(session.reloader.error().is_some());
    std::fs::write(&path, TWO_WALLS).expect("fix");
    session.changed(&[&path]);
    session.settle();
    assert_eq!(session.live.name, "Two walls");
    assert_eq!(session.reloader.error(), None);
}

#[test]
fn reverting_a_broken_file_to_the_live_text_clears_the_error_without_a_swap() {
    let (_, path, mut session) = start("revert");
    std::fs::write(&path, BROKEN).expect("write");
    session.changed(&[&path]);
    session.settle();
    assert!(session.reloader.error().is_some());
    std::fs::write(&path, ONE_WALL).expect("revert");
    session.changed(&[&path]);
    session.settle();
    assert_eq!(session.swaps, 0);
    assert_eq!(session.reloader.error(), None);
}

#[test]
fn a_burst_of_twenty_writes_reloads_once() {
    let (_, path, mut session) = start("burst");
    for index in 0..20 {
        let text = if index == 19 { TWO_WALLS } else { BROKEN };
        std::fs::write(&path, text).expect("write");
        session.changed(&[&path]);
    }
    session.settle();
    assert_eq!(session.swaps, 1);
    assert_eq!(session.live.name, "Two walls");
    assert_eq!(session.reloader.error(), None);
}

#[test]
fn writes_during_a_reload_fold_into_one_more() {
    let (_, path, mut session) = start("in_flight");
    std::fs::write(&path, TWO_WALLS).expect("write");
    session.changed(&[&path]);
    let job = session.reloader.start().expect("a reload starts");
    assert!(session.reloader.start().is_none(), "one at a time");
    for _ in 0..20 {
        session.changed(&[&path]);
    }
    let Loaded::Level(loaded) = job.load() else {
        panic!("the new version loads");
    };
    session
        .reloader
        .succeeded(&loaded.level.source, texture_files(&loaded.level));
    session.live = loaded.level;
    // The twenty writes are one more reload, of an unchanged text.
    let again = session.reloader.start().expect("one more");
    assert!(matches!(again.load(), Loaded::Unchanged));
    session.reloader.unchanged();
    assert!(session.reloader.start().is_none());
}

#[test]
fn an_unchanged_file_does_not_reload_but_f5_does() {
    let (_, path, mut session) = start("unchanged");
    session.changed(&[&path]);
    session.settle();
    assert_eq!(session.swaps, 0);
    session.reloader.notice(&Trigger::Manual);
    session.settle();
    assert_eq!(session.swaps, 1);
}

#[test]
fn the_house_and_mazes_have_nothing_to_watch_and_f5_rebuilds_them() {
    for choice in [
        LevelChoice::DefaultHouse,
        LevelChoice::Maze {
            width: 4,
            height: 3,
            seed: 9,
        },
    ] {
        let level = choice.load().expect("loads").level;
        let mut reloader = Reloader::new(&level.source, texture_files(&level));
        assert!(reloader.watched_files().is_empty());
        reloader.notice(&Trigger::Manual);
        let job = reloader.start().expect("F5 reloads");
        let Loaded::Level(again) = job.load() else {
            panic!("{choice:?} rebuilds");
        };
        assert_eq!(again.level.walls, level.walls);
        assert_eq!(again.level.source, level.source);
    }
}

#[test]
fn a_binary_or_empty_file_is_an_error_not_a_panic() {
    let (_, path, mut session) = start("binary");
    for contents in [&[0u8, 159, 146, 150, 255, 0][..], b""] {
        std::fs::write(&path, contents).expect("write");
        session.changed(&[&path]);
        session.settle();
        assert_eq!(session.live.name, "One wall");
        assert!(session.reloader.error().is_some());
    }
}
