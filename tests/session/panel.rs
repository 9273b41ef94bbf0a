//! Edit mode's property panel through a headless session: in edit mode
//! with the mouse released the panel shows the aimed item (and keeps it
//! when the aim moves off everything); a change of each kind's property,
//! made as the window's panel makes it (`Input::Property`), is one undo
//! step, shows on the panel, is journaled and saves with only its key
//! rewritten (comments kept); a refused value changes nothing and says
//! why on the panel; undoing everything and saving gives back the file
//! byte for byte; an obstacle ticked loose shows and changes its mass,
//! friction and bounce the same way; a click in the 3D view grabs the
//! mouse and hides the panel.

use crate::common;

use common::{ctrl_tap, edit_state, hold, level_file, session_on, tap};

use mazewalker::app::{Input, Request, Session};
use mazewalker::edit::{Item, Journal, Property, PropertyChange, Value};
use mazewalker::level::save::autosave_path;
use mazewalker::level::{DoorKind, Level, MaterialId};
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

/// A hall with one item of each kind, their keys written out with
/// comments; the eye at the centre looks along +x at wall 4.
const LEVEL: &str = "# A hall with one of each item, to change on the panel.
name = \"Panel\"
[player]
start = [0.0, 0.0]

[[wall]]
a = [-20.0, -20.0]
b = [20.0, -20.0]

[[wall]]
a = [20.0, -20.0]
b = [20.0, 20.0]

[[wall]]
a = [20.0, 20.0]
b = [-20.0, 20.0]

[[wall]]
a = [-20.0, 20.0]
b = [-20.0, -20.0]

# The wall ahead.
[[wall]]
a = [3.0, -1.0]
b = [3.0, 1.0]
material = \"plaster\" # the default
thickness = 0.15
radius = 0.3

[[obstacle]]
points = [[-5.0, 5.0], [-4.0, 5.0], [-4.0, 6.0]]
height = 0.8 # a low table

[[light]]
at = [-5.0, -5.0]
colour = [1.0, 0.9, 0.75] # warm

[[door]]
a = [-8.0, -1.0]
b = [-8.0, 1.0]
kind = \"swing\"
swing = 90.0 # clockwise
";

/// Ticks of the turning keys to turn about 45° at the default 143°/s.
const TURN_45_DEGREES: u32 = 38;
/// Ticks of the turning keys to turn from +x to the obstacle's centre,
/// about 129° clockwise.
const TURN_TO_OBSTACLE: u32 = 108;

/// Makes `change` as the panel does.
fn change(session: &mut Session, item: Item, property: Property, value: Value) {
    session.handle(Input::Property(PropertyChange {
        item,
        property,
        value,
    }));
}

/// The panel's item and its fields' values, as the frame describes them.
fn panel(session: &mut Session) -> Option<(Item, Vec<Value>, Option<String>)> {
    let frame = session.frame();
    frame.panel.as_ref().map(|view| {
        (
            view.item,
            view.fields.iter().map(|field| field.value).collect(),
            view.refusal.map(str::to_owned),
        )
    })
}

#[test]
fn the_panel_changes_each_kind_of_item_one_undo_step_at_a_time_and_saves_losslessly() {
    let (path, level) = level_file("session_panel", LEVEL);
    let brick = MaterialId::at(
        level
            .materials
            .iter()
            .position(|material| material.name == "brick")
            .expect("brick is a builtin"),
    );
    let mut session = session_on(&path, level);
    assert_eq!(panel(&mut session), None, "no panel out of edit mode");
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);

    // The aimed wall shows, with the mouse released.
    let (item, values, refusal) = panel(&mut session).expect("the panel shows");
    assert_eq!(item, Item::Wall(4));
    let plaster = session.level().walls[4].material;
    assert_eq!(
        values,
        [
            Value::Material(plaster),
            Value::Number(2.8),
            Value::Number(0.15),
            Value::Number(0.3)
        ]
    );
    assert_eq!(refusal, None);
    // Turned about 45°, the crosshair meets nothing within 20 m: the
    // wall stays shown, to be changed.
    hold(&mut session, KeyCode::ArrowRight, TURN_45_DEGREES);
    assert!(
        !session.hud().iter().any(|line| line.starts_with("aim ")),
        "nothing aimed"
    );
    assert_eq!(
        panel(&mut session).map(|(item, ..)| item),
        Some(Item::Wall(4))
    );
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    assert_eq!(panel(&mut session), None, "edit mode off: no panel");
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);

    // One change of each kind, each one undo step.
    let changes = [
        (Item::Wall(4), Property::Thickness, Value::Number(0.2)),
        (Item::Wall(4), Property::Material, Value::Material(brick)),
        (Item::Obstacle(0), Property::Height, Value::Number(1.1)),
        (
            Item::Lamp(0),
            Property::Colour,
            Value::Colour([0.5, 0.5, 1.0]),
        ),
        (Item::Door(0), Property::Kind, Value::Kind(DoorKind::Slide)),
        (Item::Door(0), Property::Swing, Value::Number(-45.0)),
    ];
    for (step, (item, property, value)) in changes.into_iter().enumerate() {
        change(&mut session, item, property, value);
        let state = edit_state(&mut session);
        assert_eq!(
            (state.undo_depth, state.unsaved),
            (step + 1, true),
            "{property}"
        );
    }
    let level = session.level().clone();
    assert_eq!(level.walls[4].thickness, 0.2);
    assert_eq!(level.walls[4].material, brick);
    assert_eq!(level.obstacles[0].height, 1.1);
    assert_eq!(level.lights[0].colour, [0.5, 0.5, 1.0]);
    assert_eq!(level.doors[0].kind, DoorKind::Slide);
    assert_eq!(level.doors[0].swing_degrees, -45.0);
    let (_, values, _) = panel(&mut session).expect("still shown");
    assert_eq!(values[0], Value::Material(brick), "the panel follows");
    assert_eq!(values[2], Value::Number(0.2));

    // A value the format refuses changes nothing and says why.
    change(
        &mut session,
        Item::Wall(4),
        Property::Height,
        Value::Number(0.0),
    );
    let (_, _, refusal) = panel(&mut session).expect("still shown");
    assert_eq!(
        refusal.as_deref(),
        Some("`height` must be more than 0, not 0")
    );
    let state = edit_state(&mut session);
    assert_eq!((state.undo_depth, state.unsaved), (6, true));
    assert_eq!(session.level().walls[4].height, 2.8);

    // The journal holds the six changes.
    session.advance_ticks(180);
    let journal = Journal::read(&autosave_path(&path)).expect("the journal is written");
    assert_eq!(journal.len(), 6);

    // Saved: only the changed keys are rewritten, comments kept.
    ctrl_tap(&mut session, KeyCode::KeyS);
    let saved = std::fs::read_to_string(&path).expect("saved");
    let expected = LEVEL
        .replace("thickness = 0.15", "thickness = 0.2")
        .replace(
            "material = \"plaster\" # the default",
            "material = \"brick\" # the default",
        )
        .replace("height = 0.8 # a low table", "height = 1.1 # a low table")
        .replace(
            "colour = [1.0, 0.9, 0.75] # warm",
            "colour = [0.5, 0.5, 1.0] # warm",
        )
        .replace("kind = \"swing\"", "kind = \"slide\"")
        .replace("swing = 90.0 # clockwise", "swing = -45.0 # clockwise");
    assert_eq!(saved, expected);
    let reloaded = Level::load(&path).expect("the saved level loads").level;
    assert_eq!(reloaded.walls, level.walls);
    assert_eq!(reloaded.doors, level.doors);

    // Undoing everything and saving gives back the file byte for byte.
    for _ in 0..6 {
        ctrl_tap(&mut session, KeyCode::KeyZ);
    }
    assert_eq!(edit_state(&mut session).undo_depth, 0);
    ctrl_tap(&mut session, KeyCode::KeyS);
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), LEVEL);
}

#[test]
fn a_click_in_the_view_grabs_the_mouse_and_the_panel_hides_while_it_is_grabbed() {
    let (path, level) = level_file("session_panel_grab", LEVEL);
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    assert!(panel(&mut session).is_some());
    session.take_requests();
    let click = |pressed| Input::Button {
        button: MouseButton::Left,
        pressed,
    };
    session.handle(click(true));
    session.handle(click(false));
    assert_eq!(session.take_requests(), [Request::GrabMouse(true)]);
    session.mouse_grabbed(true);
    assert_eq!(panel(&mut session), None, "hidden while the mouse looks");
    // The panel changes nothing out of edit mode either.
    session.mouse_grabbed(false);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    change(
        &mut session,
        Item::Wall(4),
        Property::Thickness,
        Value::Number(0.2),
    );
    assert_eq!(session.level().walls[4].thickness, 0.15);
}

#[test]
fn a_carried_item_shows_on_the_panel_and_keeps_a_change_made_while_carried() {
    let (path, level) = level_file("session_panel_carry", LEVEL);
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    let wall = session.level().walls[4].clone();
    // X picks up the aimed wall; turned away, it is still the one shown.
    tap(&mut session, KeyCode::KeyX);
    hold(&mut session, KeyCode::ArrowRight, TURN_45_DEGREES);
    assert_eq!(
        panel(&mut session).map(|(item, ..)| item),
        Some(Item::Wall(4))
    );
    // Changed on the panel while carried: one step, and carried on.
    change(
        &mut session,
        Item::Wall(4),
        Property::Thickness,
        Value::Number(0.2),
    );
    assert_eq!(edit_state(&mut session).undo_depth, 1);
    // A step to the right (the cursor under the eye moves with it), and X
    // puts it down there, thicker.
    hold(&mut session, KeyCode::KeyD, 40);
    tap(&mut session, KeyCode::KeyX);
    let state = edit_state(&mut session);
    assert_eq!((state.undo_depth, state.carried), (2, None));
    let placed = session.level().walls[4].clone();
    assert_eq!(placed.thickness, 0.2);
    assert_ne!((placed.a, placed.b), (wall.a, wall.b), "moved");
    assert_eq!(placed.b - placed.a, wall.b - wall.a, "not turned");
    assert_eq!(
        panel(&mut session).map(|(item, ..)| item),
        Some(Item::Wall(4)),
        "the last carried item stays shown"
    );
}

#[test]
fn an_obstacle_made_loose_on_the_panel_shows_how_it_moves_and_each_step_undoes() {
    let (path, level) = level_file("session_panel_loose", LEVEL);
    let mut session = session_on(&path, level);
    tap(&mut session, KeyCode::KeyE);
    session.advance_ticks(1);
    // Turned about 129° to the right, the eye looks at the obstacle.
    hold(&mut session, KeyCode::ArrowRight, TURN_TO_OBSTACLE);
    let table = Item::Obstacle(0);
    let (item, values, _) = panel(&mut session).expect("the panel shows");
    assert_eq!((item, values.len()), (table, 3), "fixed: {values:?}");
    change(&mut session, table, Property::Loose, Value::Switch(true));
    let (_, values, _) = panel(&mut session).expect("still shown");
    assert_eq!(
        values[2..],
        [
            Value::Switch(true),
            Value::Number(20.0),
            Value::Number(0.5),
            Value::Number(0.2)
        ]
    );
    let changes = [
        (Property::Mass, Value::Number(5.0)),
        (Property::Friction, Value::Number(0.8)),
        (Property::Bounce, Value::Number(0.6)),
        (Property::Mass, Value::Number(7.5)),
    ];
    for (property, value) in changes {
        change(&mut session, table, property, value);
    }
    change(&mut session, table, Property::Friction, Value::Number(2.5));
    let (_, _, refusal) = panel(&mut session).expect("still shown");
    assert_eq!(
        refusal.as_deref(),
        Some("`friction` must be between 0 and 2, not 2.5")
    );
    let state = edit_state(&mut session);
    assert_eq!((state.undo_depth, state.unsaved), (5, true));
    let obstacle = session.level().obstacles[0].clone();
    assert!(obstacle.loose);
    assert_eq!(
        (obstacle.mass, obstacle.friction, obstacle.bounce),
        (7.5, 0.8, 0.6)
    );

    // Saved: the keys the table lacked are added at its end.
    ctrl_tap(&mut session, KeyCode::KeyS);
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert_eq!(
        saved,
        LEVEL.replace(
            "height = 0.8 # a low table\n",
            "height = 0.8 # a low table\nloose = true\nmass = 7.5\nfriction = 0.8\nbounce = 0.6\n"
        )
    );
    let reloaded = Level::load(&path).expect("the saved level loads");
    assert!(reloaded.warnings.is_empty(), "{:?}", reloaded.warnings);
    assert_eq!(reloaded.level.obstacles[0], obstacle);

    // Each undo takes back one step: the second mass, then bounce, ...
    ctrl_tap(&mut session, KeyCode::KeyZ);
    assert_eq!(session.level().obstacles[0].mass, 5.0);
    ctrl_tap(&mut session, KeyCode::KeyZ);
    assert_eq!(session.level().obstacles[0].bounce, 0.2);
    for _ in 0..3 {
        ctrl_tap(&mut session, KeyCode::KeyZ);
    }
    assert_eq!(edit_state(&mut session).undo_depth, 0);
    assert!(!session.level().obstacles[0].loose);
    let (_, values, _) = panel(&mut session).expect("still shown");
    assert_eq!(values.len(), 3, "fixed again: {values:?}");
    ctrl_tap(&mut session, KeyCode::KeyS);
    assert_eq!(std::fs::read_to_string(&path).expect("saved"), LEVEL);
}
