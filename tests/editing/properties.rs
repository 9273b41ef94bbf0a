//! Property test of the edit model on the house file (as shipped, or with
//! lamps of its own): any sequence of plots, deletions, end point moves,
//! lamps placed and deleted, obstacles made from outlines and deleted, doors
//! placed and deleted, floors made from outlines and flights of stairs,
//! materials changed, any property of any item changed (its place
//! included), items carried and turned (walls taking shared ends along)
//! and copies put down, the start moved, undos, redos and saves
//! keeps the text and the
//! level in step, the journal always replays to the current text, and
//! undoing everything gives back the file byte for byte.

use crate::common;

use std::path::{Path, PathBuf};

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::ConvexPolygon;
use mazewalker::edit::{Carry, EditError, Item, LevelDraft, Piece};
use mazewalker::level::loose::loose_overlaps;
use mazewalker::level::save::save_atomically;
use mazewalker::level::{DoorKind, DoorOpens, Level, LevelError};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum EditOp {
    /// Space at a point (on a 0.5 m grid, so plotted ends meet).
    Plot(i8, i8),
    /// Enter.
    EndChain,
    /// Backspace.
    TakeBack,
    /// Delete, on the wall with this index modulo the count.
    Delete(usize),
    /// Drag the end point of wall (index modulo the count), end a or b, by
    /// a grid offset.
    Move(usize, bool, i8, i8),
    /// Space with the lamp tool, at a grid point.
    Lamp(i8, i8),
    /// Delete with the lamp tool, on the lamp with this index modulo the
    /// count.
    DeleteLamp(usize),
    /// The obstacles tool: three outline points (grid offsets from the
    /// first) and Enter.
    Obstacle(i8, i8, i8, i8, i8, i8),
    /// Delete on the obstacle with this index modulo the count.
    DeleteObstacle(usize),
    /// The doors tool: Space on a grid point, Space on another (a grid
    /// offset from it).
    Door(i8, i8, i8, i8),
    /// Delete on the door with this index modulo the count.
    DeleteDoor(usize),
    /// The floors tool: a rectangle from a grid point, its sides grid
    /// offsets (a point may fall on another: refused), and Enter.
    Floor(i8, i8, i8, i8),
    /// The stairs tool: Space at a grid point, Space at another (a grid
    /// offset from it), the wheel turned by some notches, and Enter.
    Stairs(i8, i8, i8, i8, i8),
    /// Delete on the floor with this index modulo the count.
    DeleteFloor(usize),
    /// `N` (or Shift+N) on the wall, obstacle, door or floor (by kind 0 to
    /// 3) with this index modulo the count.
    Material(u8, usize, bool),
    /// The start tool: Space at a grid point facing a heading in degrees.
    Start(i8, i8, i16),
    /// A property (by number, modulo the kind's count, see [`changed`]) of
    /// the wall, lamp, obstacle, door or floor (by kind 0 to 4) with this
    /// index modulo the count, set from an amount 1 to 7.
    Change(u8, usize, u8, i8),
    /// X (Ctrl+D with `true`) on the wall, lamp, obstacle, door or floor (by
    /// kind 0 to 4) with this index modulo the count, turned by some notches of
    /// the wheel and put down a grid offset away.
    Carry(u8, usize, i8, i8, i8, bool),
    Undo,
    Redo,
    /// Ctrl+S.
    Save,
}

fn step() -> impl Strategy<Value = EditOp> {
    prop_oneof![
        4 => (-4i8..44, -4i8..32).prop_map(|(x, z)| EditOp::Plot(x, z)),
        1 => Just(EditOp::EndChain),
        1 => Just(EditOp::TakeBack),
        2 => any::<usize>().prop_map(EditOp::Delete),
        2 => (any::<usize>(), any::<bool>(), -3i8..4, -3i8..4)
            .prop_map(|(wall, end, dx, dz)| EditOp::Move(wall, end, dx, dz)),
        2 => (-4i8..44, -4i8..32).prop_map(|(x, z)| EditOp::Lamp(x, z)),
        1 => any::<usize>().prop_map(EditOp::DeleteLamp),
        2 => (-4i8..44, -4i8..32, -3i8..4, -3i8..4, -3i8..4, -3i8..4)
            .prop_map(|(x, z, ax, az, bx, bz)| EditOp::Obstacle(x, z, ax, az, bx, bz)),
        1 => any::<usize>().prop_map(EditOp::DeleteObstacle),
        2 => (-4i8..44, -4i8..32, -3i8..4, -3i8..4)
            .prop_map(|(x, z, dx, dz)| EditOp::Door(x, z, dx, dz)),
        1 => any::<usize>().prop_map(EditOp::DeleteDoor),
        2 => (-4i8..44, -4i8..32, -4i8..5, -4i8..5)
            .prop_map(|(x, z, dx, dz)| EditOp::Floor(x, z, dx, dz)),
        1 => (-4i8..44, -4i8..32, -8i8..9, -8i8..9, -3i8..4)
            .prop_map(|(x, z, dx, dz, notches)| EditOp::Stairs(x, z, dx, dz, notches)),
        1 => any::<usize>().prop_map(EditOp::DeleteFloor),
        2 => (0u8..4, any::<usize>(), any::<bool>())
            .prop_map(|(kind, index, forwards)| EditOp::Material(kind, index, forwards)),
        1 => (-4i8..44, -4i8..32, -360i16..360).prop_map(|(x, z, yaw)| EditOp::Start(x, z, yaw)),
        3 => (0u8..5, any::<usize>(), any::<u8>(), 1i8..8)
            .prop_map(|(kind, index, property, amount)| EditOp::Change(kind, index, property, amount)),
        3 => (0u8..5, any::<usize>(), -3i8..4, -3i8..4, -7i8..8, any::<bool>())
            .prop_map(|(kind, index, dx, dz, notches, copy)| {
                EditOp::Carry(kind, index, dx, dz, notches, copy)
            }),
        3 => Just(EditOp::Undo),
        2 => Just(EditOp::Redo),
        1 => Just(EditOp::Save),
    ]
}

fn grid(x: i8, z: i8) -> Vec2 {
    Vec2::new(f32::from(x), f32::from(z)) * 0.5
}

/// The wall, lamp, obstacle, door or floor (by `kind` 0 to 4) with
/// `index` modulo the count of its kind in `level`; `None` when it has
/// none.
fn any_item(level: &Level, kind: u8, index: usize) -> Option<Item> {
    let (count, item): (usize, fn(usize) -> Item) = match kind {
        0 => (level.walls.len(), Item::Wall),
        1 => (level.lights.len(), Item::Lamp),
        2 => (level.obstacles.len(), Item::Obstacle),
        3 => (level.doors.len(), Item::Door),
        _ => (level.floors.len(), Item::Floor),
    };
    (count > 0).then(|| item(index % count))
}

/// `piece` with one property (`property` modulo its kind's count) set
/// from `amount` (1 to 7), to a value a level may hold; the last property
/// of each kind is its place, moved by `amount` grid steps along x and
/// back along z.
fn changed(piece: &Piece, property: u8, amount: i8) -> Piece {
    let amount = f32::from(amount);
    let offset = grid(amount as i8, -1);
    let mut piece = piece.clone();
    match &mut piece {
        Piece::Wall(wall) => match property % 4 {
            0 => wall.height = amount * 0.5,
            1 => wall.thickness = amount * 0.05,
            2 => wall.radius = amount * 0.05,
            _ => (wall.a, wall.b) = (wall.a + offset, wall.b + offset),
        },
        Piece::Light(light) => match property % 5 {
            0 => light.height = amount * 0.25,
            1 => light.colour = [amount / 8.0, 1.0, 0.5],
            2 => light.intensity = amount * 1.5,
            3 => light.radius = amount,
            _ => light.at += offset,
        },
        Piece::Obstacle(obstacle) => match property % 2 {
            0 => obstacle.height = amount * 0.25,
            _ => {
                let moved = obstacle
                    .polygon
                    .points()
                    .iter()
                    .map(|p| *p + offset)
                    .collect();
                obstacle.polygon = ConvexPolygon::new(moved).expect("a moved outline");
            }
        },
        Piece::Door(door) => match property % 6 {
            0 => {
                door.kind = match door.kind {
                    DoorKind::Slide => DoorKind::Swing,
                    DoorKind::Swing => DoorKind::Rise,
                    DoorKind::Rise => DoorKind::Slide,
                }
            }
            1 => door.swing_degrees = amount * 20.0 - 80.0,
            2 => door.speed = amount * 0.5,
            3 => {
                door.opens = match door.opens {
                    DoorOpens::Use => DoorOpens::Near,
                    DoorOpens::Near => DoorOpens::Use,
                }
            }
            4 => door.close_after = amount - 1.0,
            _ => (door.a, door.b) = (door.a + offset, door.b + offset),
        },
        // Each keeps room to stand under the ceiling, so that a start on
        // the floor stays one a level may have.
        Piece::Floor(floor) => match property % 3 {
            0 => {
                floor.height = amount * 0.25;
                floor.ceiling = floor.height + 2.8;
            }
            1 => floor.ceiling = floor.height + 2.0 + amount * 0.25,
            _ => floor.points.iter_mut().for_each(|p| *p += offset),
        },
    }
    piece
}

/// Lamps and a door for the end of the house file, with comments and keys
/// of their own.
const EXTRAS: &str = "
# ---- lamps

[[light]]  # hallway
at = [5.0, 7.25]
height = 2.2   # lower than the default
colour = [1.0, 0.8, 0.6]

[[light]]
at = [3.0, 3.0]

# the closet
[[door]]   # slides
a = [1.0, 1.0]
b = [1.0, 1.9]
kind = \"slide\"  # into the wall
";

fn scratch_file(case: u64) -> PathBuf {
    let directory = Path::new(env!("CARGO_TARGET_TMPDIR")).join("editing_properties");
    std::fs::create_dir_all(&directory).expect("writable");
    directory.join(format!("case-{case}.toml"))
}

proptest! {
    #![proptest_config(property_config(48))]

    #[test]
    fn any_edits_undone_give_back_the_file_byte_for_byte(
        steps in prop::collection::vec(step(), 1..40),
        case in any::<u64>(),
        lit in any::<bool>(),
    ) {
        let house = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/levels/house.toml"),
        )
        .expect("readable");
        let original = if lit { format!("{house}{EXTRAS}") } else { house };
        let path = scratch_file(case);
        std::fs::write(&path, &original).expect("writable");
        let mut session = LevelDraft::new(
            Level::load(&path).expect("valid").level,
        )
        .expect("editable");
        let mut saved_text = original.clone();

        for step in &steps {
            let walls = session.level().walls.len();
            let lamps = session.level().lights.len();
            let obstacles = session.level().obstacles.len();
            let doors = session.level().doors.len();
            let floors = session.level().floors.len();
            match *step {
                EditOp::Plot(x, z) => { session.plot(grid(x, z)).expect("grid points are plottable"); }
                EditOp::EndChain => session.end_chain(),
                EditOp::TakeBack => { session.take_back().expect("the chain's walls are the last steps"); }
                EditOp::Delete(index) if walls > 0 => {
                    session.delete(Item::Wall(index % walls)).expect("an existing wall");
                }
                EditOp::Delete(_) => {}
                EditOp::Move(index, end, dx, dz) if walls > 0 => {
                    let wall = session.level().walls[index % walls].clone();
                    let from = if end { wall.a } else { wall.b };
                    // A move that would leave a wall with no length is refused, and changes nothing.
                    let result = session.move_endpoint(from, from + grid(dx, dz));
                    prop_assert!(
                        matches!(result, Ok(_) | Err(EditError::TooShort { .. })),
                        "{:?}", result
                    );
                }
                EditOp::Move(..) => {}
                EditOp::Lamp(x, z) => { session.add_light(grid(x, z)).expect("grid points take lamps"); }
                EditOp::DeleteLamp(index) if lamps > 0 => {
                    session.delete(Item::Lamp(index % lamps)).expect("an existing lamp");
                }
                EditOp::DeleteLamp(_) => {}
                EditOp::Obstacle(x, z, ax, az, bx, bz) => {
                    let first = grid(x, z);
                    for point in [first, first + grid(ax, az), first + grid(bx, bz)] {
                        session.plot_outline(point);
                    }
                    // Points on one line make nothing, and change nothing.
                    let closed = session.close_outline();
                    prop_assert!(
                        matches!(closed, Ok(()) | Err(EditError::NoObstacle(_))),
                        "{:?}", closed
                    );
                    session.clear_outline();
                }
                EditOp::DeleteObstacle(index) if obstacles > 0 => {
                    session.delete(Item::Obstacle(index % obstacles)).expect("an existing obstacle");
                }
                EditOp::DeleteObstacle(_) => {}
                EditOp::Door(x, z, dx, dz) => {
                    let (a, b) = (grid(x, z), grid(x, z) + grid(dx, dz));
                    prop_assert_eq!(session.plot_jamb(a), Ok(false), "the hinge jamb");
                    // Jambs at one point make no door, and change nothing.
                    let placed = session.plot_jamb(b);
                    prop_assert!(
                        matches!(placed, Ok(true) | Err(EditError::TooShort { .. })),
                        "{:?}", placed
                    );
                    session.clear_outline();
                }
                EditOp::DeleteDoor(index) if doors > 0 => {
                    session.delete(Item::Door(index % doors)).expect("an existing door");
                }
                EditOp::DeleteDoor(_) => {}
                EditOp::Floor(x, z, dx, dz) => {
                    let first = grid(x, z);
                    let (across, along) = (grid(dx, 0), grid(0, dz));
                    for point in [first, first + across, first + across + along, first + along] {
                        session.plot_outline(point);
                    }
                    // An outline with no area, or over another floor's
                    // edge, is refused, and changes nothing.
                    let closed = session.close_floor_outline();
                    prop_assert!(
                        matches!(closed, Ok(()) | Err(EditError::FloorRefused(_))),
                        "{:?}", closed
                    );
                    session.clear_outline();
                }
                EditOp::Stairs(x, z, dx, dz, notches) => {
                    session.plot_flight_end(grid(x, z));
                    session.plot_flight_end(grid(x, z) + grid(dx, dz));
                    session.turn_flight_steps(f32::from(notches), Vec2::ZERO);
                    let made = session.make_flight();
                    prop_assert!(
                        matches!(made, Ok(()) | Err(EditError::FloorRefused(_))),
                        "{:?}", made
                    );
                    session.clear_outline();
                }
                EditOp::DeleteFloor(index) if floors > 0 => {
                    session.delete(Item::Floor(index % floors)).expect("an existing floor");
                }
                EditOp::DeleteFloor(_) => {}
                EditOp::Material(kind, index, forwards) => {
                    let item = match kind {
                        0 if walls > 0 => Item::Wall(index % walls),
                        1 if obstacles > 0 => Item::Obstacle(index % obstacles),
                        2 if doors > 0 => Item::Door(index % doors),
                        3 if floors > 0 => Item::Floor(index % floors),
                        _ => continue,
                    };
                    session.cycle_material(item, forwards).expect("an item with a material");
                }
                EditOp::Change(kind, index, property, amount) => {
                    let Some(item) = any_item(session.level(), kind, index) else {
                        continue;
                    };
                    let piece = Piece::at(session.level(), item).expect("an existing item");
                    // A floor moved over another's edge is refused, and
                    // changes nothing.
                    let result = session.change(item, changed(&piece, property, amount));
                    prop_assert!(
                        matches!(result, Ok(_) | Err(EditError::FloorRefused(_))),
                        "{:?}", result
                    );
                }
                EditOp::Carry(kind, index, dx, dz, notches, copy) => {
                    let Some(item) = any_item(session.level(), kind, index) else {
                        continue;
                    };
                    let picked = if copy { Carry::copy } else { Carry::pick_up };
                    let mut carry = picked(session.level(), item, Vec2::ZERO).expect("an existing item");
                    carry.turn(f32::from(notches));
                    // A wall whose shared end would meet the other end of
                    // its neighbour, or a floor put over another's edge, is
                    // refused, and changes nothing.
                    let result = session.put_down(&carry, grid(dx, dz), None);
                    prop_assert!(
                        matches!(
                            result,
                            Ok(_) | Err(EditError::TooShort { .. } | EditError::FloorRefused(_))
                        ),
                        "{:?}", result
                    );
                }
                EditOp::Start(x, z, yaw) => {
                    session.set_start(grid(x, z), f32::from(yaw)).expect("a finite start");
                }
                EditOp::Undo => { session.undo().expect("undo in step"); }
                EditOp::Redo => { session.redo().expect("redo in step"); }
                EditOp::Save => {
                    session.save(&path).expect("writable");
                    saved_text = std::fs::read_to_string(&path).expect("saved");
                    prop_assert_eq!(&saved_text, &session.text(), "the file saved is the session's text");
                }
            }
            // The text loads as exactly the session's walls, unless an
            // edit left a loose obstacle overlapping something: the editor
            // warns of that (its live checks), and the loader refuses it,
            // naming the same obstacle.
            match Level::from_toml_str(&session.text(), &path) {
                Ok(loaded) => {
                    let loaded = loaded.level;
                    prop_assert_eq!(&loaded.walls, &session.level().walls);
                    prop_assert_eq!(&loaded.lights, &session.level().lights);
                    prop_assert_eq!(&loaded.obstacles, &session.level().obstacles);
                    prop_assert_eq!(&loaded.doors, &session.level().doors);
                    prop_assert_eq!(&loaded.floors, &session.level().floors);
                    prop_assert_eq!(&loaded.player, &session.level().player);
                }
                Err(LevelError::LooseOverlap { overlap, .. }) => {
                    let warned = loose_overlaps(session.level()).next();
                    prop_assert_eq!(warned, Some(overlap), "the editor warns of the overlap");
                }
                Err(error) => prop_assert!(false, "an edited level stays valid: {}", error),
            }
            // The journal turns the last saved text into the current one.
            let replayed = session.journal().replay(&saved_text).expect("the journal applies");
            prop_assert_eq!(&replayed, &session.text(), "the journal replays to the session's text");
            if !session.is_dirty() {
                prop_assert_eq!(&session.text(), &saved_text, "clean means as saved");
            }
        }

        while session.undo().expect("undo in step") {}
        prop_assert_eq!(session.undo_depth(), 0);
        save_atomically(&path, &session.text()).expect("writable");
        let final_text = std::fs::read_to_string(&path).expect("saved");
        prop_assert!(final_text == original, "the file changed:\n{}", final_text);
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(mazewalker::level::save::backup_path(&path));
    }
}
