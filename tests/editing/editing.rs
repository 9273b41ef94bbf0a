//! The edit model through [`LevelDraft`]: plotting, deleting, moving end
//! points, placing and deleting lamps, undo and redo, saving, and the
//! autosave journal.

use crate::common;

use common::{draft_on, house_copy};
use std::path::{Path, PathBuf};

use glam::Vec2;
use mazewalker::edit::{
    Edit, EditError, History, Item, Journal, JournalError, LevelDraft, Piece, Plotted, TakenBack,
};
use mazewalker::level::save::{LevelDocument, autosave_path, backup_path};
use mazewalker::level::{Level, LevelSource, LevelWall, Light};

/// The walls and lamps the session's text loads as: they must be the
/// session's own.
fn assert_text_matches_level(session: &mut LevelDraft) {
    let loaded = Level::from_toml_str(&session.text(), Path::new("check.toml"))
        .expect("an edited level stays valid")
        .level;
    assert_eq!(loaded.walls, session.level().walls);
    assert_eq!(loaded.lights, session.level().lights);
}

/// Two lamps for the end of the house file: one with a comment above it and
/// keys of its own, one with only `at`.
const HOUSE_LAMPS: &str = "
# ---------------------------------------------------------------- lamps

[[light]]  # hallway
at = [5.0, 7.25]
colour = [1.0, 0.8, 0.6]

[[light]]
at = [3.0, 3.0]
";

/// A copy of the house with [`HOUSE_LAMPS`] at its end, and its text.
/// A copy of the house without its own lamps (its text up to its lamps'
/// section), so that the lamp tests count from none.
fn unlit_house_copy(name: &str) -> (PathBuf, String) {
    let (path, house) = house_copy(name);
    let text = match house
        .find("\n# -------------------------------------------------------------- lamps")
    {
        Some(end) => format!("{}\n", house[..end].trim_end()),
        None => house,
    };
    std::fs::write(&path, &text).expect("writable");
    (path, text)
}

/// The lamp-less house with [`HOUSE_LAMPS`].
fn lit_house_copy(name: &str) -> (PathBuf, String) {
    let (path, house) = unlit_house_copy(name);
    let text = format!("{house}{HOUSE_LAMPS}");
    std::fs::write(&path, &text).expect("writable");
    (path, text)
}

#[test]
fn a_chain_of_points_plots_walls_with_the_level_defaults() {
    let (path, original) = house_copy("editing_chain");
    let mut session = draft_on(&path);
    let before = session.level().walls.len();
    let defaults = session.level().wall_defaults;
    let (p, q, r) = (
        Vec2::new(2.0, 16.0),
        Vec2::new(5.0, 16.0),
        Vec2::new(5.0, 18.0),
    );
    assert_eq!(session.plot(p), Ok(Plotted::Started));
    assert!(!session.is_dirty(), "a first point is not an edit");
    assert_eq!(session.plot(q), Ok(Plotted::Wall { a: p, b: q }));
    assert_eq!(session.plot(q), Ok(Plotted::Same));
    assert_eq!(session.plot(r), Ok(Plotted::Wall { a: q, b: r }));
    assert_eq!(session.undo_depth(), 2);
    assert!(session.is_dirty());
    let walls = &session.level().walls;
    assert_eq!(walls.len(), before + 2);
    assert_eq!(walls[before], defaults.wall(p, q));
    assert_eq!(walls[before + 1], defaults.wall(q, r));
    assert_text_matches_level(&mut session);

    // Backspace takes back the last point and its wall, for good.
    assert_eq!(session.take_back(), Ok(TakenBack::PointAndWall));
    assert_eq!(session.level().walls.len(), before + 1);
    assert_eq!(session.chain().last_point(), Some(q));
    assert_eq!(session.history().redo_depth(), 0);
    assert_eq!(session.redo(), Ok(false));
    assert_eq!(
        session.take_back(),
        Ok(TakenBack::Nothing),
        "redo ended the chain"
    );
    // Undo everything: the text is the file's, byte for byte.
    assert_eq!(session.undo(), Ok(true));
    assert_eq!(session.undo(), Ok(false));
    assert_eq!(session.text(), original);
    assert!(!session.is_dirty());
}

#[test]
fn the_house_round_trip_through_the_editor() {
    let (path, original) = house_copy("editing_round_trip");
    let mut session = draft_on(&path);
    let wall_5 = session.level().walls[5].clone();
    session.plot(Vec2::new(1.25, -3.5)).expect("a point");
    session.plot(Vec2::new(4.0, -3.5)).expect("a wall");
    session.plot(Vec2::new(4.0, 0.1)).expect("a wall");
    session.end_chain();
    session.delete(Item::Wall(5)).expect("wall 5 exists");
    assert_eq!(session.undo_depth(), 3);

    session.save(&path).expect("writable");
    assert!(!session.is_dirty());
    assert_eq!(
        std::fs::read_to_string(backup_path(&path)).expect("a backup"),
        original
    );
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(saved, session.text());
    match &session.level().source {
        LevelSource::File { path: source, text } => {
            assert_eq!(source, &path);
            assert_eq!(**text, *saved, "the watcher sees the save as the live text");
        }
        other => panic!("the source should be the file, not {other:?}"),
    }
    let original_lines: Vec<&str> = original.lines().collect();
    let saved_lines: Vec<&str> = saved.lines().collect();
    assert_eq!(saved_lines.len(), original_lines.len() - 5 + 8);
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.walls, session.level().walls);
    assert_eq!(reloaded.walls.len(), 42);
    assert!(!reloaded.walls.iter().any(|wall| *wall == wall_5));

    // The undo history survives the save.
    assert_eq!(session.undo(), Ok(true));
    assert!(session.is_dirty());
    assert_eq!(session.level().walls[5], wall_5);
    assert_eq!(session.redo(), Ok(true));
    assert!(!session.is_dirty(), "back at the saved state");
}

#[test]
fn dragging_a_shared_end_point_moves_every_wall_there_as_one_step() {
    let (path, original) = house_copy("editing_move");
    let mut session = draft_on(&path);
    // (8, 0) ends walls 0 and 3 and starts wall 28.
    let from = Vec2::new(8.0, 0.0);
    let to = Vec2::new(8.5, -0.25);
    assert_eq!(session.move_endpoint(from, to), Ok(3));
    assert_eq!(session.undo_depth(), 1);
    let walls = &session.level().walls;
    assert_eq!((walls[0].b, walls[3].a, walls[28].a), (to, to, to));
    assert_text_matches_level(&mut session);
    assert_eq!(session.move_endpoint(Vec2::new(99.0, 99.0), to), Ok(0));
    assert_eq!(session.move_endpoint(to, to), Ok(0));
    assert_eq!(session.undo_depth(), 1, "no-op moves make no step");
    assert_eq!(session.undo(), Ok(true));
    assert_eq!(session.text(), original);
}

#[test]
fn refused_edits_change_nothing() {
    let (path, original) = house_copy("editing_refused");
    let mut session = draft_on(&path);
    session.plot(Vec2::ZERO).expect("a point");
    assert!(matches!(
        session.plot(Vec2::new(f32::NAN, 1.0)),
        Err(EditError::NotFinite(_))
    ));
    assert_eq!(session.chain().points(), [Vec2::ZERO]);
    assert!(matches!(
        session.delete(Item::Wall(1000)),
        Err(EditError::NoSuchItem {
            kind: "wall",
            index: 1000,
            ..
        })
    ));
    // Moving a wall's end onto its other end would leave no wall.
    assert!(matches!(
        session.move_endpoint(Vec2::new(1.5, 0.0), Vec2::new(8.0, 0.0)),
        Err(EditError::TooShort { .. })
    ));
    assert_eq!(session.text(), original);
    assert_eq!(session.undo_depth(), 0);

    // A stale deletion (another wall at that index) is refused.
    let mut level = session.level().clone();
    let mut document = LevelDocument::for_level(&level).expect("editable");
    let wrong = Edit::Delete {
        index: 3,
        piece: Piece::Wall(level.walls[4].clone()),
    };
    let mut history = History::new();
    assert_eq!(
        history.apply(wrong, &mut level, &mut document),
        Err(EditError::OtherItem(Item::Wall(3)))
    );
    assert_eq!(document.text(), original);
}

#[test]
fn a_level_without_a_file_saves_to_the_next_free_name_then_to_that_file() {
    let directory = Path::new(env!("CARGO_TARGET_TMPDIR")).join("editing_no_file");
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("writable");
    std::fs::write(directory.join("mazewalker-level-1.toml"), "taken").expect("writable");

    let maze = Level::maze(4, 3, 7).expect("valid");
    let mut session = LevelDraft::new(maze).expect("editable");
    let path = session.save_path(&directory);
    assert_eq!(path, directory.join("mazewalker-level-2.toml"));
    session.plot(Vec2::new(1.0, 1.0)).expect("a point");
    session.plot(Vec2::new(3.0, 1.0)).expect("a wall");
    session.save(&path).expect("writable");
    assert_eq!(session.save_path(&directory), path, "later saves go there");
    let loaded = Level::load(&path).expect("a complete level file");
    assert_eq!(loaded.level.walls, session.level().walls);

    let mut house = LevelDraft::new(Level::default_house()).expect("editable");
    assert_eq!(house.text(), mazewalker::level::DEFAULT_HOUSE_TOML);
    assert_eq!(
        house.save_path(&directory),
        directory.join("mazewalker-level-3.toml")
    );
}

#[test]
fn a_journal_written_and_read_back_replays_to_the_edited_text() {
    let (path, original) = house_copy("editing_journal");
    let mut session = draft_on(&path);
    session.plot(Vec2::new(1.0, 1.0)).expect("a point");
    session.plot(Vec2::new(2.0, 1.0)).expect("a wall");
    session.plot(Vec2::new(2.0, 3.0)).expect("a wall");
    session.delete(Item::Wall(0)).expect("exists");
    session
        .move_endpoint(Vec2::new(20.0, 14.0), Vec2::new(20.5, 14.5))
        .expect("walls 7 and 8 end there");
    session.undo().expect("undoable");
    session.redo().expect("redoable");
    session.delete(Item::Wall(12)).expect("exists");
    session.undo().expect("undoable");

    let journal_path = autosave_path(&path);
    session.journal().write(&journal_path).expect("writable");
    let journal = Journal::read(&journal_path).expect("its own format");
    assert_eq!(journal.len(), 4, "{}", journal.to_text());
    assert_eq!(journal.replay(&original).expect("applies"), session.text());

    // F9 in a new session on the unchanged file restores the same level,
    // as undo steps.
    let mut restored = draft_on(&path);
    assert_eq!(restored.restore(&journal).expect("applies"), 4);
    assert_eq!(restored.text(), session.text());
    assert_eq!(restored.level().walls, session.level().walls);
    assert_eq!(restored.undo_depth(), 4);
    assert!(restored.is_dirty());

    // Once the file has changed, the journal is not applied.
    let mut changed = draft_on(&path);
    changed.delete(Item::Wall(3)).expect("exists");
    assert!(matches!(
        changed.restore(&journal),
        Err(JournalError::OtherBase)
    ));
    assert!(matches!(
        journal.replay(&changed.text()),
        Err(JournalError::OtherBase)
    ));
}

#[test]
fn undoing_past_a_save_is_journaled_as_inverse_edits() {
    let (path, _) = house_copy("editing_past_save");
    let mut session = draft_on(&path);
    session.delete(Item::Wall(0)).expect("exists");
    session.plot(Vec2::new(1.0, 1.0)).expect("a point");
    session.plot(Vec2::new(2.0, 1.0)).expect("a wall");
    session
        .move_endpoint(Vec2::new(20.0, 14.0), Vec2::new(20.5, 14.5))
        .expect("walls 7 and 8 end there");
    session.save(&path).expect("writable");
    assert!(!autosave_path(&path).exists());
    let saved = std::fs::read_to_string(&path).expect("saved");
    for _ in 0..3 {
        session.undo().expect("undoable");
    }
    let journal = session.journal();
    let kinds: Vec<&str> = journal
        .edits()
        .iter()
        .map(|edit| match edit {
            Edit::AddWall { .. } => "add",
            Edit::Delete {
                piece: Piece::Wall(_),
                ..
            } => "delete",
            Edit::MoveEndpoint { .. } => "move",
            Edit::Restore {
                piece: Piece::Wall(_),
                ..
            } => "restore",
            Edit::AddLight { .. } => "add-light",
            Edit::Delete {
                piece: Piece::Light(_),
                ..
            } => "delete-light",
            Edit::Restore {
                piece: Piece::Light(_),
                ..
            } => "restore-light",
            _ => "another kind",
        })
        .collect();
    assert_eq!(kinds, ["move", "delete", "restore"]);
    let replayed = journal.replay(&saved).expect("applies to the saved text");
    assert_eq!(replayed, session.text());
    assert!(replayed.contains("[[wall]]  # 0: living room, north outer wall"));
    let mut restored = draft_on(&path);
    restored.restore(&journal).expect("applies");
    assert_eq!(restored.level().walls, session.level().walls);
}

#[test]
fn a_journal_edit_that_does_not_fit_restores_nothing() {
    let (path, original) = house_copy("editing_bad_journal");
    let session = draft_on(&path);
    let wall: LevelWall = session.level().walls[2].clone();
    let journal = Journal::new(
        &original,
        vec![
            Edit::AddWall {
                a: Vec2::ZERO,
                b: Vec2::X,
            },
            Edit::Delete {
                index: 1,
                piece: Piece::Wall(wall),
            },
        ],
    );
    let mut restored = draft_on(&path);
    let error = restored
        .restore(&journal)
        .expect_err("wall 1 is not wall 2");
    assert!(error.to_string().starts_with("autosave edit 2:"), "{error}");
    assert_eq!(restored.text(), original);
    assert_eq!(restored.undo_depth(), 0);
    assert_eq!(restored.history().redo_depth(), 0);
    assert!(journal.replay(&original).is_err());
}

#[test]
fn a_failed_save_keeps_the_edits() {
    let (path, _) = house_copy("editing_failed_save");
    let mut session = draft_on(&path);
    session.delete(Item::Wall(0)).expect("exists");
    let folder_in_the_way = path.with_file_name("not-a-file.toml");
    std::fs::create_dir(&folder_in_the_way).expect("writable");
    assert!(session.save(&folder_in_the_way).is_err());
    assert!(session.is_dirty());
    assert_eq!(session.undo_depth(), 1);
    assert!(
        matches!(session.level().source, LevelSource::File { ref path, .. } if path.ends_with("house.toml"))
    );
}

#[test]
fn live_warnings_report_short_walls() {
    let (path, _) = house_copy("editing_warnings");
    let mut session = draft_on(&path);
    assert!(session.warnings().is_empty());
    session.plot(Vec2::new(1.0, 1.0)).expect("a point");
    session.plot(Vec2::new(1.005, 1.0)).expect("a 5 mm wall");
    let warnings = session.warnings();
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0]
            .to_string()
            .contains("wall 41: only 5.0 mm long")
    );
}

#[test]
fn a_lamp_is_placed_with_the_defaults_and_deleted_and_both_undo() {
    let (path, original) = unlit_house_copy("editing_lamp");
    let mut session = draft_on(&path);
    assert!(session.level().lights.is_empty());
    let ceiling = session.level().environment.ceiling_height;
    let at = Vec2::new(3.25, 2.5);
    session.add_light(at).expect("a lamp");
    let placed = Light {
        at,
        height: ceiling - 0.3,
        colour: [1.0, 0.9, 0.75],
        intensity: 1.0,
        radius: 8.0,
        base: None,
    };
    assert_eq!(session.level().lights, [placed]);
    assert_eq!(Light::with_defaults(at, ceiling), placed);
    // Its table holds only `at`, at the end of the file.
    assert_eq!(
        session.text(),
        format!("{original}\n[[light]]\nat = [3.25, 2.5]\n")
    );
    assert_text_matches_level(&mut session);
    assert!(session.is_dirty());
    assert_eq!(session.undo_depth(), 1);

    session
        .add_light(Vec2::new(8.0, 7.0))
        .expect("a second lamp");
    session.delete(Item::Lamp(0)).expect("lamp 0 exists");
    assert_eq!(session.level().lights.len(), 1);
    assert_eq!(session.level().lights[0].at, Vec2::new(8.0, 7.0));
    assert_text_matches_level(&mut session);

    // Undo brings lamp 0 back where it was; redo deletes it again.
    assert_eq!(session.undo(), Ok(true));
    assert_eq!(session.level().lights.len(), 2);
    assert_eq!(session.level().lights[0], placed);
    assert_text_matches_level(&mut session);
    assert_eq!(session.redo(), Ok(true));
    assert_eq!(session.level().lights.len(), 1);
    while session.undo().expect("in step") {}
    assert!(session.level().lights.is_empty());
    assert_eq!(session.text(), original);
    assert!(!session.is_dirty());
}

#[test]
fn stale_or_impossible_lamp_edits_are_refused_and_change_nothing() {
    let (path, original) = lit_house_copy("editing_stale_lamp");
    let mut level = Level::load(&path).expect("valid").level;
    let mut document = LevelDocument::parse(&original).expect("TOML");
    let mut history = History::new();
    let [hallway, other] = [level.lights[0], level.lights[1]];
    for (edit, error) in [
        (
            Edit::Delete {
                index: 0,
                piece: Piece::Light(other),
            },
            EditError::OtherItem(Item::Lamp(0)),
        ),
        (
            Edit::Delete {
                index: 2,
                piece: Piece::Light(hallway),
            },
            EditError::NoSuchItem {
                kind: "lamp",
                index: 2,
                count: 2,
            },
        ),
        (
            Edit::AddLight {
                at: Vec2::new(f32::NAN, 1.0),
            },
            EditError::NotFinite(Vec2::new(f32::NAN, 1.0)),
        ),
        (
            Edit::Restore {
                index: 3,
                piece: Piece::Light(hallway),
                table: "[[light]]\nat = [5.0, 7.25]\n".to_string(),
                anchor: None,
            },
            EditError::NoSuchItem {
                kind: "lamp",
                index: 3,
                count: 2,
            },
        ),
        (
            Edit::Restore {
                index: 0,
                piece: Piece::Light(Light {
                    height: 0.0,
                    ..hallway
                }),
                table: "[[light]]\nat = [5.0, 7.25]\n".to_string(),
                anchor: None,
            },
            EditError::InvalidPiece {
                piece: Box::new(Piece::Light(Light {
                    height: 0.0,
                    ..hallway
                })),
            },
        ),
    ] {
        let result = history.apply(edit.clone(), &mut level, &mut document);
        // NaN is not equal to itself: compare the messages.
        assert_eq!(
            result.map_err(|refused| refused.to_string()),
            Err(error.to_string()),
            "{edit:?}"
        );
        assert_eq!(document.text(), original);
        assert_eq!(level.lights, [hallway, other]);
    }
    assert_eq!(history.undo_depth(), 0);

    // Through the session: deleting a lamp that is not there is refused.
    let mut session = draft_on(&path);
    assert_eq!(
        session.delete(Item::Lamp(5)),
        Err(EditError::NoSuchItem {
            kind: "lamp",
            index: 5,
            count: 2
        })
    );
    // A journal that deletes a lamp from where it does not hang is not
    // replayed onto the text.
    let moved = Journal::new(
        &original,
        vec![Edit::Delete {
            index: 1,
            piece: Piece::Light(Light {
                at: Vec2::new(3.0, 3.5),
                ..other
            }),
        }],
    );
    let error = moved.replay(&original).expect_err("lamp 1 hangs elsewhere");
    assert!(
        error
            .to_string()
            .contains("lamp 1 is not the one this edit was made for"),
        "{error}"
    );
    // Under a ceiling too low for a lamp 0.3 m below it, none is placed.
    let low = "[player]\nstart = [0.0, 0.0]\n\n[environment]\nceiling_height = 0.25\n";
    let low_path = path.with_file_name("low.toml");
    std::fs::write(&low_path, low).expect("writable");
    let mut session = draft_on(&low_path);
    assert!(matches!(
        session.add_light(Vec2::ONE),
        Err(EditError::CeilingTooLow { .. })
    ));
    assert_eq!(session.text(), low);
}

#[test]
fn lamp_edits_are_journaled_replayed_and_restored() {
    let (path, original) = lit_house_copy("editing_lamp_journal");
    let mut session = draft_on(&path);
    // Before a save: delete the commented lamp, place two.
    session.delete(Item::Lamp(0)).expect("exists");
    session.add_light(Vec2::new(10.0, 2.0)).expect("a lamp");
    session.add_light(Vec2::new(12.5, 11.0)).expect("a lamp");
    session.save(&path).expect("writable");
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(!saved.contains("[[light]]  # hallway"), "{saved}");
    assert!(saved.contains("---- lamps\n"), "the section comment stays");
    assert!(saved.ends_with("[[light]]\nat = [10.0, 2.0]\n\n[[light]]\nat = [12.5, 11.0]\n"));

    // Undo past the save, then edit again: the journal holds the inverse
    // of each step undone (a restoration for the deletion, with its
    // comment), and the new steps.
    for _ in 0..3 {
        session.undo().expect("undoable");
    }
    session.add_light(Vec2::new(1.0, 1.0)).expect("a lamp");
    let journal_path = autosave_path(&path);
    session.journal().write(&journal_path).expect("writable");
    let journal_text = std::fs::read_to_string(&journal_path).expect("written");
    let kinds: Vec<&str> = journal_text
        .lines()
        .skip(2)
        .filter_map(|line| line.split(' ').next())
        .collect();
    assert_eq!(
        kinds,
        ["delete-light", "delete-light", "restore-light", "add-light"],
        "{journal_text}"
    );
    assert!(journal_text.contains("# hallway"), "{journal_text}");
    let journal = Journal::read(&journal_path).expect("its own format");
    assert_eq!(journal.replay(&saved).expect("applies"), session.text());
    // F9 on the saved file gives the same level, as undo steps; undoing
    // them gives the saved text again.
    let mut restored = draft_on(&path);
    assert_eq!(restored.restore(&journal).expect("applies"), 4);
    assert_eq!(restored.text(), session.text());
    assert_eq!(restored.level().lights, session.level().lights);
    assert_text_matches_level(&mut restored);
    while restored.undo().expect("in step") {}
    assert_eq!(restored.text(), saved);
    // The session itself is the file as it was, but for the new lamp.
    session.undo().expect("undoable");
    assert_eq!(session.text(), original);
}

#[test]
fn opening_a_big_maze_reports_as_its_text_is_written_and_read() {
    let maze = Level::maze(40, 40, 3).expect("a maze");
    let walls = maze.walls.len();
    let mut reports = Vec::new();
    let draft = LevelDraft::open_reporting(maze, &mut |done| reports.push(done))
        .expect("a maze opens for editing");
    assert_eq!(draft.level().walls.len(), walls);
    assert!(reports.is_sorted(), "{reports:?}");
    assert_eq!(reports.last(), Some(&1.0));
    // Writing the text reports every 64 walls, and reading it every batch.
    let writing = reports.iter().filter(|&&done| done < 1.0 / 3.0).count();
    let reading = reports
        .iter()
        .filter(|&&done| done > 1.0 / 3.0 && done < 2.0 / 3.0)
        .count();
    assert!(
        writing >= walls / 64,
        "{writing} reports while {walls} walls were written"
    );
    assert!(reading >= 8, "{reading} reports while the text was read");
}

#[test]
fn saving_a_big_maze_reports_as_its_text_is_written() {
    let maze = Level::maze(40, 40, 3).expect("a maze");
    let walls = maze.walls.len();
    let mut draft = LevelDraft::new(maze).expect("a maze opens for editing");
    let path = common::scratch_folder("saving_reports").join("maze.toml");
    let mut reports = Vec::new();
    draft
        .save_reporting(&path, &mut |done| reports.push(done))
        .expect("writable");
    assert!(reports.is_sorted(), "{reports:?}");
    assert_eq!(reports.last(), Some(&1.0));
    // The text is made a piece at a time: a report every 256 walls.
    let making = reports.iter().filter(|&&done| done < 1.0 / 3.0).count();
    assert!(
        making >= walls / 256,
        "{making} reports while the text of {walls} walls was made"
    );
    assert_eq!(
        std::fs::read_to_string(&path).expect("saved"),
        draft.text(),
        "the file holds the draft's text"
    );
}

#[test]
fn restoring_onto_a_big_maze_reports_as_its_text_is_written() {
    let maze = Level::maze(40, 40, 3).expect("a maze");
    let walls = maze.walls.len();
    let mut edited = LevelDraft::new(maze.clone()).expect("a maze opens for editing");
    edited.plot(Vec2::new(0.5, 0.5)).expect("a point");
    edited.plot(Vec2::new(0.5, 2.5)).expect("a wall");
    let journal = edited.journal();
    let mut restored = LevelDraft::new(maze).expect("a maze opens for editing");
    let mut reports = Vec::new();
    let count = restored
        .restore_reporting(&journal, &mut |done| reports.push(done))
        .expect("the journal applies");
    assert_eq!(count, 1);
    assert_eq!(restored.text(), edited.text());
    assert!(
        reports.windows(2).all(|pair| pair[0] < pair[1]),
        "each report more than the one before: {reports:?}"
    );
    assert_eq!(reports.last(), Some(&1.0));
    let making = reports.iter().filter(|&&done| done < 0.5).count();
    assert!(
        making >= walls / 256,
        "{making} reports while the text of {walls} walls was made"
    );
}
