//! Carrying (X) and copying (Ctrl+D) through a headless session driven by
//! keys and the wheel: the aimed wall, obstacle, door or lamp follows the
//! cursor point (under the eye, looking level) and is drawn where it would
//! go; the wheel turns it by 15° a notch (a lamp not); X or Space puts it
//! down as one undo step, which moves along the ends of walls that shared
//! the wall's; Backspace puts it back; a copy is added where it is put
//! down. The collider follows in place, the journal holds one line a
//! carry, and a save rewrites exactly the keys that moved.

use crate::common;

use common::{HALL, carrying, ctrl_tap, edit_line, edit_state, hold, level_file, session_on, tap};

use glam::Vec2;
use mazewalker::app::{Carried, Input, Session};
use mazewalker::edit::{Edit, Item, Journal};
use mazewalker::level::save::autosave_path;
use mazewalker::level::{DoorKind, Level};
use winit::keyboard::KeyCode;

/// Ticks to walk 1.5 m at the default 3 m/s.
const ONE_AND_A_HALF_METRES: u32 = 60;

/// Items in lanes to the left of the start (the eye looks along +x): a
/// wall across the first lane with another sharing its end, a crate 4.5 m
/// to the left, a door 9 m, a lamp 13.5 m.
const ITEMS: &str = "
[[wall]]  # 4: across the crosshair
a = [3.0, -1.0]
b = [3.0, 1.0]

[[wall]]  # 5: shares wall 4's end
a = [3.0, 1.0]
b = [5.0, 1.0]

[[obstacle]]  # a crate
points = [[3.0, -5.0], [4.0, -5.0], [4.0, -4.0], [3.0, -4.0]]
height = 0.5

[[door]]  # a sliding door
a = [3.0, -10.0]
b = [3.0, -8.0]
kind = \"slide\"

[[light]]  # a lamp
at = [3.0, -13.5]
";

/// A session in edit mode on the hall with [`ITEMS`], and the file's path
/// and text.
fn carry_room(name: &str) -> (std::path::PathBuf, String, Session) {
    let text = format!("{HALL}{ITEMS}");
    let (path, level) = level_file(name, &text);
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    assert!(session.is_editing());
    (path, text, session)
}

/// Steps `metres` (a multiple of 1.5) to the left (negative: to the
/// right), looking along +x.
fn step_left(session: &mut Session, metres: f32) {
    let key = if metres > 0.0 {
        KeyCode::KeyA
    } else {
        KeyCode::KeyD
    };
    let ticks = (metres.abs() / 1.5) as u32 * ONE_AND_A_HALF_METRES;
    hold(session, key, ticks);
}

/// Whether the collider edited in place is the one the level builds.
fn collider_is_fresh(session: &Session) -> bool {
    let (level, collider) = session.shared_level();
    let fresh = level.collider();
    collider.walls() == fresh.walls() && collider.obstacles() == fresh.obstacles()
}

#[test]
fn a_carried_wall_turns_moves_and_takes_the_shared_end_along_in_one_step() {
    let (path, original, mut session) = carry_room("session_carry_wall");
    assert_eq!(edit_state(&mut session).aimed, Some(Item::Wall(4)));
    tap(&mut session, KeyCode::KeyX);
    let state = edit_state(&mut session);
    assert_eq!(
        (state.undo_depth, state.carried),
        (0, carrying(Item::Wall(4), 0.0))
    );

    // With the map shown, six notches: a quarter turn about its middle
    // (3, 0), not a zoom of the map; drawn there in the markers and on the
    // map; the level has not changed yet.
    tap(&mut session, KeyCode::Tab);
    let zoom = |session: &mut Session| {
        let frame = session.frame();
        frame.map.expect("the map overlay").view.pixels_per_metre
    };
    let before = zoom(&mut session);
    session.handle(Input::Wheel(6.0));
    assert_eq!(zoom(&mut session), before, "the wheel turned the wall");
    let frame = session.frame();
    let outline = frame
        .map
        .expect("the map overlay")
        .walk_layer
        .aimed
        .to_vec();
    assert_eq!(outline, [Vec2::new(4.0, 0.0), Vec2::new(2.0, 0.0)]);
    assert!(
        edit_line(&mut session).ends_with("carry wall 4 turned 90 degrees"),
        "{}",
        edit_line(&mut session)
    );
    let markers = session.frame().markers;
    let carried: Vec<[f32; 3]> = markers
        .iter()
        .filter(|line| line.colour == [1.0, 0.85, 0.1, 1.0])
        .map(|line| line.position)
        .collect();
    assert_eq!(carried.len(), 2, "{markers:?}");
    assert_eq!([carried[0][0], carried[0][2]], [4.0, 0.0]);
    assert_eq!([carried[1][0], carried[1][2]], [2.0, 0.0]);
    assert_eq!(session.level().walls[4].a, Vec2::new(3.0, -1.0));

    // 1.5 m to the right: it follows the cursor. X puts it down, and wall
    // 5's end, which was at wall 4's, goes along.
    step_left(&mut session, -1.5);
    tap(&mut session, KeyCode::KeyX);
    let walls = &session.level().walls;
    assert_eq!(
        (walls[4].a, walls[4].b),
        (Vec2::new(4.0, 1.5), Vec2::new(2.0, 1.5))
    );
    assert_eq!(
        (walls[5].a, walls[5].b),
        (Vec2::new(2.0, 1.5), Vec2::new(5.0, 1.0))
    );
    let state = edit_state(&mut session);
    assert_eq!((state.undo_depth, state.unsaved), (1, true), "one step");
    assert!(collider_is_fresh(&session), "the collider follows in place");

    // The journal holds one change of both walls.
    session.advance_ticks(180);
    let journal = Journal::read(&autosave_path(&path)).expect("the journal is written");
    match journal.edits() {
        [Edit::Change { items }] => assert_eq!(items.len(), 2),
        other => panic!("one change: {other:?}"),
    }

    // Ctrl+S rewrites exactly the three ends that moved.
    ctrl_tap(&mut session, KeyCode::KeyS);
    let saved = std::fs::read_to_string(&path).expect("saved");
    let expected = original.replace(
        "a = [3.0, -1.0]\nb = [3.0, 1.0]\n\n[[wall]]  # 5: shares wall 4's end\na = [3.0, 1.0]\n",
        "a = [4.0, 1.5]\nb = [2.0, 1.5]\n\n[[wall]]  # 5: shares wall 4's end\na = [2.0, 1.5]\n",
    );
    assert_ne!(expected, original);
    assert_eq!(saved, expected);
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.walls, session.level().walls);

    // Ctrl+Z puts both back; undone and saved, the file is as it was.
    ctrl_tap(&mut session, KeyCode::KeyZ);
    assert_eq!(session.level().walls[4].a, Vec2::new(3.0, -1.0));
    assert_eq!(session.level().walls[5].a, Vec2::new(3.0, 1.0));
    assert!(collider_is_fresh(&session));
    ctrl_tap(&mut session, KeyCode::KeyS);
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), original);
}

#[test]
fn an_obstacle_door_and_lamp_are_carried_and_backspace_puts_back() {
    let (path, original, mut session) = carry_room("session_carry_kinds");

    // The crate: turned a quarter back about its middle (a square onto
    // itself, its corners one further on) and moved 1.5 m to the right by
    // Space.
    step_left(&mut session, 4.5);
    assert_eq!(edit_state(&mut session).aimed, Some(Item::Obstacle(0)));
    tap(&mut session, KeyCode::KeyX);
    session.handle(Input::Wheel(-6.0));
    assert_eq!(
        edit_state(&mut session).carried,
        carrying(Item::Obstacle(0), 270.0)
    );
    step_left(&mut session, -1.5);
    tap(&mut session, KeyCode::Space);
    assert_eq!(
        session.level().obstacles[0].polygon.points(),
        [
            Vec2::new(3.0, -2.5),
            Vec2::new(3.0, -3.5),
            Vec2::new(4.0, -3.5),
            Vec2::new(4.0, -2.5)
        ]
    );
    assert!(collider_is_fresh(&session));

    // The door: picked up, moved, and put back by Backspace: nothing
    // changes and no step is made.
    step_left(&mut session, 6.0);
    assert_eq!(edit_state(&mut session).aimed, Some(Item::Door(0)));
    tap(&mut session, KeyCode::KeyX);
    assert_eq!(
        edit_state(&mut session).carried,
        carrying(Item::Door(0), 0.0)
    );
    step_left(&mut session, 1.5);
    tap(&mut session, KeyCode::Backspace);
    assert_eq!(edit_state(&mut session).carried, None);
    assert_eq!(session.level().doors[0].a, Vec2::new(3.0, -10.0));
    assert_eq!(edit_state(&mut session).undo_depth, 1);
    // Carried again and turned half round: its jambs swap.
    step_left(&mut session, -1.5);
    tap(&mut session, KeyCode::KeyX);
    session.handle(Input::Wheel(12.0));
    tap(&mut session, KeyCode::KeyX);
    let door = session.level().doors[0];
    assert_eq!(
        (door.a, door.b),
        (Vec2::new(3.0, -8.0), Vec2::new(3.0, -10.0))
    );
    assert_eq!(door.kind, DoorKind::Slide);

    // The lamp moves but does not turn.
    step_left(&mut session, 4.5);
    assert_eq!(edit_state(&mut session).aimed, Some(Item::Lamp(0)));
    tap(&mut session, KeyCode::KeyX);
    assert_eq!(
        edit_state(&mut session).carried,
        carrying(Item::Lamp(0), 0.0)
    );
    session.handle(Input::Wheel(3.0));
    assert_eq!(
        edit_state(&mut session).carried,
        carrying(Item::Lamp(0), 0.0)
    );
    step_left(&mut session, -1.5);
    tap(&mut session, KeyCode::KeyX);
    assert_eq!(session.level().lights[0].at, Vec2::new(3.0, -12.0));
    let state = edit_state(&mut session);
    assert_eq!((state.undo_depth, state.unsaved), (3, true));

    // Ctrl+S rewrites exactly the keys of the three that moved.
    ctrl_tap(&mut session, KeyCode::KeyS);
    let expected = original
        .replace(
            "points = [[3.0, -5.0], [4.0, -5.0], [4.0, -4.0], [3.0, -4.0]]",
            "points = [[3.0, -2.5], [3.0, -3.5], [4.0, -3.5], [4.0, -2.5]]",
        )
        .replace(
            "a = [3.0, -10.0]\nb = [3.0, -8.0]",
            "a = [3.0, -8.0]\nb = [3.0, -10.0]",
        )
        .replace("at = [3.0, -13.5]", "at = [3.0, -12.0]");
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), expected);

    // Leaving edit mode puts back what is carried.
    tap(&mut session, KeyCode::KeyX);
    assert_eq!(
        edit_state(&mut session).carried,
        carrying(Item::Lamp(0), 0.0)
    );
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(2);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(2);
    assert_eq!(edit_state(&mut session).carried, None);

    // Undone, all three are back and the file saves as it was.
    for _ in 0..3 {
        ctrl_tap(&mut session, KeyCode::KeyZ);
    }
    assert!(collider_is_fresh(&session));
    ctrl_tap(&mut session, KeyCode::KeyS);
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), original);
}

#[test]
fn ctrl_d_copies_the_aimed_item_and_putting_it_down_adds_it_in_one_step() {
    let (path, original, mut session) = carry_room("session_carry_copy");
    step_left(&mut session, 9.0);
    assert_eq!(edit_state(&mut session).aimed, Some(Item::Door(0)));
    ctrl_tap(&mut session, KeyCode::KeyD);
    let state = edit_state(&mut session);
    let copy = Carried {
        item: Item::Door(0),
        copy: true,
        degrees: 0.0,
    };
    assert_eq!((state.undo_depth, state.carried), (0, Some(copy)));
    assert_eq!(session.level().doors.len(), 1, "nothing added yet");
    step_left(&mut session, 1.5);
    tap(&mut session, KeyCode::KeyX);
    let doors = &session.level().doors;
    assert_eq!(doors.len(), 2);
    assert_eq!(
        (doors[1].a, doors[1].b),
        (Vec2::new(3.0, -11.5), Vec2::new(3.0, -9.5))
    );
    assert_eq!(doors[1].kind, DoorKind::Slide, "a copy");
    assert_eq!(doors[0].a, Vec2::new(3.0, -10.0), "the original stays");
    let state = edit_state(&mut session);
    assert_eq!((state.undo_depth, state.unsaved), (1, true), "one step");

    // A copy of the crate, put down where it was copied, also counts.
    step_left(&mut session, -6.0);
    assert_eq!(edit_state(&mut session).aimed, Some(Item::Obstacle(0)));
    ctrl_tap(&mut session, KeyCode::KeyD);
    tap(&mut session, KeyCode::Space);
    assert_eq!(session.level().obstacles.len(), 2);
    assert!(collider_is_fresh(&session));

    // Saved: each copy appends a table with its original's keys, the
    // moved ones rewritten, without the original's comments.
    ctrl_tap(&mut session, KeyCode::KeyS);
    let saved = std::fs::read_to_string(&path).expect("saved");
    let expected = original.replace(
        "kind = \"slide\"\n",
        "kind = \"slide\"\n\n[[door]]\na = [3.0, -11.5]\nb = [3.0, -9.5]\nkind = \"slide\"\n",
    ).replace(
        "height = 0.5\n",
        "height = 0.5\n\n[[obstacle]]\npoints = [[3.0, -5.0], [4.0, -5.0], [4.0, -4.0], [3.0, -4.0]]\nheight = 0.5\n",
    );
    assert_eq!(saved, expected);
    let reloaded = Level::load(&path).expect("valid").level;
    assert_eq!(reloaded.doors, session.level().doors);
    assert_eq!(reloaded.obstacles, session.level().obstacles);

    // Undoing both takes the copies away.
    ctrl_tap(&mut session, KeyCode::KeyZ);
    ctrl_tap(&mut session, KeyCode::KeyZ);
    ctrl_tap(&mut session, KeyCode::KeyS);
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), original);
}
