//! Authoring more than walls through [`LevelDraft`]: obstacles from an
//! outline, the start, materials, and deleting any item. Each kind is done,
//! undone and redone; a save changes exactly the edited tables and keys;
//! undoing everything and saving gives the file back byte for byte; the
//! journal replays every kind.

use crate::common;

use common::{draft_on, house_copy};
use std::path::Path;

use glam::Vec2;
use mazewalker::edit::{Edit, EditError, Item, Journal, LevelDraft, OutlineError, Start};
use mazewalker::level::Level;

/// The session's text loads as the session's level.
fn assert_text_matches_level(session: &mut LevelDraft) {
    let loaded = Level::from_toml_str(&session.text(), Path::new("check.toml"))
        .expect("an edited level stays valid")
        .level;
    let level = session.level();
    assert_eq!(loaded.walls, level.walls);
    assert_eq!(loaded.obstacles, level.obstacles);
    assert_eq!(loaded.lights, level.lights);
    assert_eq!(loaded.player, level.player);
}

/// Saves, and checks the file is the session's text.
fn save(session: &mut LevelDraft, path: &Path) -> String {
    session.save(path).expect("saved");
    let saved = std::fs::read_to_string(path).expect("readable");
    assert_eq!(saved, session.text());
    saved
}

/// Undoes every step, saves, and checks the file is `original` again.
fn undo_all_gives_back(session: &mut LevelDraft, path: &Path, original: &str) {
    while session.undo().expect("undoable") {}
    assert_eq!(save(session, path), original, "byte for byte");
}

fn points(list: &[(f32, f32)]) -> Vec<Vec2> {
    list.iter().map(|&(x, z)| Vec2::new(x, z)).collect()
}

#[test]
fn an_outline_closes_into_an_obstacle_with_the_level_defaults() {
    let (path, original) = house_copy("authoring_obstacle_add");
    let mut session = draft_on(&path);
    let count = session.level().obstacles.len();
    // A square plotted in a muddled order, with a point inside it.
    for point in points(&[(2.0, 2.0), (3.0, 3.0), (2.5, 2.5), (3.0, 2.0), (2.0, 3.0)]) {
        session.plot_outline(point);
    }
    assert_eq!(session.undo_depth(), 0, "outline points are no steps");
    session.close_outline().expect("a square");
    assert!(session.outline().is_empty(), "the points are used up");
    assert_eq!(session.undo_depth(), 1);
    let level = session.level();
    let added = &level.obstacles[count];
    assert_eq!(
        added.polygon.points(),
        points(&[(2.0, 2.0), (3.0, 2.0), (3.0, 3.0), (2.0, 3.0)])
    );
    assert_eq!(added.height, level.obstacle_defaults.height);
    assert_eq!(added.material, level.obstacle_defaults.material);
    assert!(!added.loose, "the obstacle tool makes fixed obstacles");
    assert_text_matches_level(&mut session);

    // The save adds exactly one table holding only the points.
    let saved = save(&mut session, &path);
    let table = "\n[[obstacle]]\npoints = [[2.0, 2.0], [3.0, 2.0], [3.0, 3.0], [2.0, 3.0]]\n";
    assert_eq!(saved.matches(table).count(), 1, "{saved}");
    assert_eq!(saved.replacen(table, "", 1), original);
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.obstacles, session.level().obstacles);

    // Undo and redo.
    assert!(session.undo().expect("undoable"));
    assert_eq!(session.level().obstacles.len(), count);
    assert_eq!(session.text(), original);
    assert!(session.redo().expect("redoable"));
    assert_eq!(session.level().obstacles.len(), count + 1);
    undo_all_gives_back(&mut session, &path, &original);
}

#[test]
fn too_few_points_or_points_on_a_line_make_no_obstacle() {
    let (path, original) = house_copy("authoring_obstacle_refused");
    let mut session = draft_on(&path);
    let count = session.level().obstacles.len();
    session.plot_outline(Vec2::new(1.0, 1.0));
    session.plot_outline(Vec2::new(2.0, 1.0));
    assert_eq!(
        session.close_outline(),
        Err(EditError::NoObstacle(OutlineError::TooFewPoints {
            count: 2
        }))
    );
    session.plot_outline(Vec2::new(3.0, 1.0));
    assert_eq!(
        session.close_outline(),
        Err(EditError::NoObstacle(OutlineError::OnOneLine { count: 3 }))
    );
    assert_eq!(session.outline().points().len(), 3, "the points stay");
    // Backspace takes back the last point; another off the line closes it.
    assert_eq!(session.take_back_outline(), Some(Vec2::new(3.0, 1.0)));
    session.plot_outline(Vec2::new(1.5, 2.0));
    session.close_outline().expect("a triangle");
    assert_eq!(session.level().obstacles.len(), count + 1);
    undo_all_gives_back(&mut session, &path, &original);
}

#[test]
fn an_obstacle_is_deleted_with_its_table_and_comes_back_byte_for_byte() {
    let (path, original) = house_copy("authoring_obstacle_delete");
    let mut session = draft_on(&path);
    let count = session.level().obstacles.len();
    let deleted = session.level().obstacles[5].clone();
    session.delete(Item::Obstacle(5)).expect("obstacle 5");
    assert_eq!(session.level().obstacles.len(), count - 1);
    assert!(!session.level().obstacles.contains(&deleted));
    assert_text_matches_level(&mut session);
    let saved = save(&mut session, &path);
    // Exactly the coffee table's table went; its header comment with it.
    assert!(!saved.contains("# 5: living room, coffee table"), "{saved}");
    let start = original
        .find("\n[[obstacle]]  # 5")
        .expect("the house's obstacle 5");
    let end = start
        + 1
        + original[start + 1..]
            .find("\n[[obstacle]]")
            .expect("obstacle 6 follows");
    let mut expected = original.clone();
    expected.replace_range(start..end, "");
    assert_eq!(saved, expected);
    // A stale deletion is refused.
    let stale = session.delete(Item::Obstacle(count));
    assert!(
        matches!(
            stale,
            Err(EditError::NoSuchItem {
                kind: "obstacle",
                ..
            })
        ),
        "{stale:?}"
    );
    undo_all_gives_back(&mut session, &path, &original);
}

#[test]
fn the_start_is_rewritten_in_place_keeping_its_comments() {
    let (path, original) = house_copy("authoring_start");
    let mut session = draft_on(&path);
    let before = Start::of(session.level());
    session
        .set_start(Vec2::new(3.25, 4.5), 135.0)
        .expect("a start");
    assert_eq!(session.level().player.start, Vec2::new(3.25, 4.5));
    assert_eq!(session.level().player.yaw_degrees, 135.0);
    assert_eq!(session.undo_depth(), 1);
    assert_text_matches_level(&mut session);
    let saved = save(&mut session, &path);
    let expected = original
        .replacen(
            "start = [1.2, 7.25]    # west end of the hallway",
            "start = [3.25, 4.5]    # west end of the hallway",
            1,
        )
        .replacen(
            "yaw = 0.0              # looking east, down the hallway",
            "yaw = 135.0              # looking east, down the hallway",
            1,
        );
    assert_eq!(saved, expected);
    // A heading that is not finite is refused and changes nothing.
    assert!(session.set_start(Vec2::ZERO, f32::NAN).is_err());
    assert_eq!(session.undo_depth(), 1);
    assert!(session.undo().expect("undoable"));
    assert_eq!(Start::of(session.level()), before);
    undo_all_gives_back(&mut session, &path, &original);
}

#[test]
fn a_start_without_a_yaw_gets_one_added_and_taken_away_on_undo() {
    let directory = Path::new(env!("CARGO_TARGET_TMPDIR")).join("authoring_start_no_yaw");
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("writable");
    let path = directory.join("room.toml");
    let original = "[player]\nstart = [0, 0]\n\n[[wall]]\na = [-2.0, 3.0]\nb = [2.0, 3.0]\n";
    std::fs::write(&path, original).expect("writable");
    let mut session = draft_on(&path);
    session
        .set_start(Vec2::new(1.0, 1.0), 90.0)
        .expect("a start");
    assert_eq!(
        save(&mut session, &path),
        original.replacen("start = [0, 0]\n", "start = [1.0, 1.0]\nyaw = 90.0\n", 1)
    );
    undo_all_gives_back(&mut session, &path, original);
}

#[test]
fn materials_cycle_through_the_level_list_one_step_each() {
    let (path, original) = house_copy("authoring_materials");
    let mut session = draft_on(&path);
    let names: Vec<String> = session
        .level()
        .materials
        .iter()
        .map(|material| material.name.clone())
        .collect();
    let name_of = |session: &LevelDraft, item: Item| match item {
        Item::Wall(index) => names[session.level().walls[index].material.index()].clone(),
        Item::Obstacle(index) => names[session.level().obstacles[index].material.index()].clone(),
        Item::Door(index) => names[session.level().doors[index].material.index()].clone(),
        Item::Floor(index) => names[session.level().floors[index].material.index()].clone(),
        Item::Lamp(_) => unreachable!("lamps have no material"),
    };
    // Wall 0 says `material = "brick"`: N gives the next of the list.
    let wall = Item::Wall(0);
    let brick = names
        .iter()
        .position(|name| name == "brick")
        .expect("brick");
    let next = &names[(brick + 1) % names.len()];
    assert_eq!(session.cycle_material(wall, true).expect("a wall"), *next);
    assert_eq!(name_of(&session, wall), *next);
    // Shift+N twice: the previous of brick.
    session.cycle_material(wall, false).expect("a wall");
    let previous = &names[(brick + names.len() - 1) % names.len()];
    assert_eq!(
        session.cycle_material(wall, false).expect("a wall"),
        *previous
    );
    assert_eq!(session.undo_depth(), 3, "each press is one step");
    // An obstacle too.
    let obstacle = Item::Obstacle(5);
    let was = name_of(&session, obstacle);
    let now = session.cycle_material(obstacle, true).expect("an obstacle");
    assert_ne!(was, now);
    assert_text_matches_level(&mut session);

    // The save rewrites exactly those two `material` values in place.
    let saved = save(&mut session, &path);
    let wall_line = "material = \"brick\"";
    let wall_at = original.find(wall_line).expect("wall 0's material");
    let obstacle_line = format!("material = \"{was}\"");
    let obstacle_at = original
        .find("[[obstacle]]  # 5")
        .and_then(|at| original[at..].find(&obstacle_line).map(|found| at + found))
        .expect("obstacle 5's material");
    let mut expected = original.clone();
    expected.replace_range(
        obstacle_at..obstacle_at + obstacle_line.len(),
        &format!("material = \"{now}\""),
    );
    expected.replace_range(
        wall_at..wall_at + wall_line.len(),
        &format!("material = \"{previous}\""),
    );
    assert_eq!(saved, expected);
    // A lamp has no material.
    assert!(matches!(
        session.cycle_material(Item::Lamp(0), true),
        Err(EditError::NoMaterial(_))
    ));
    undo_all_gives_back(&mut session, &path, &original);
}

#[test]
fn a_wall_without_a_material_key_gets_one_and_loses_it_on_undo() {
    let (path, original) = house_copy("authoring_material_added");
    let mut session = draft_on(&path);
    let text = session.text();
    // The house's walls without a `material` of their own take the default.
    let index = (0..session.level().walls.len())
        .find(|&index| {
            let table = text
                .split("[[wall]]")
                .nth(index + 1)
                .and_then(|rest| rest.split("\n[").next())
                .unwrap_or("");
            !table.contains("material")
        })
        .expect("a wall without a material key");
    let name = session
        .cycle_material(Item::Wall(index), true)
        .expect("a wall");
    let saved = save(&mut session, &path);
    // One line more: the new key, at the end of that wall's table.
    let (before, after): (Vec<&str>, Vec<&str>) =
        (original.lines().collect(), saved.lines().collect());
    assert_eq!(after.len(), before.len() + 1);
    let first_change = (0..before.len())
        .find(|&line| before[line] != after[line])
        .expect("a line was added");
    assert_eq!(after[first_change], format!("material = \"{name}\""));
    assert_eq!(
        after[first_change - 1].split(' ').next(),
        Some("b"),
        "after `b`"
    );
    assert_eq!(after[first_change + 1..], before[first_change..]);
    assert_text_matches_level(&mut session);
    undo_all_gives_back(&mut session, &path, &original);
}

#[test]
fn every_kind_is_journaled_replayed_and_inverted_past_a_save() {
    let (path, original) = house_copy("authoring_journal");
    let mut session = draft_on(&path);
    for point in points(&[(2.0, 2.0), (3.0, 2.0), (2.5, 3.0)]) {
        session.plot_outline(point);
    }
    session.close_outline().expect("a triangle");
    session.delete(Item::Obstacle(2)).expect("obstacle 2");
    session
        .set_start(Vec2::new(2.0, 5.0), 45.0)
        .expect("a start");
    session
        .cycle_material(Item::Obstacle(0), true)
        .expect("an obstacle");
    session
        .cycle_material(Item::Wall(3), false)
        .expect("a wall");

    let journal = Journal::parse(&session.journal().to_text()).expect("its own format");
    assert_eq!(journal.len(), 5);
    assert!(matches!(journal.edits()[0], Edit::AddObstacle { .. }));
    assert_eq!(journal.replay(&original).expect("replays"), session.text());
    let mut restored = draft_on(&path);
    assert_eq!(restored.restore(&journal).expect("restores"), 5);
    assert_eq!(restored.text(), session.text());
    assert_eq!(restored.level().obstacles, session.level().obstacles);

    // Saved, then undone: the journal holds the inverse edits, which
    // replay onto the saved text to the current one.
    let saved = save(&mut session, &path);
    for _ in 0..5 {
        assert!(session.undo().expect("undoable"));
    }
    let inverse = session.journal();
    assert_eq!(inverse.len(), 5);
    let replayed = inverse.replay(&saved).expect("replays onto the saved text");
    let loaded = Level::from_toml_str(&replayed, Path::new("check.toml"))
        .expect("valid")
        .level;
    assert_eq!(loaded.obstacles, session.level().obstacles);
    assert_eq!(loaded.player, session.level().player);
    assert_eq!(loaded.walls, session.level().walls);
}
