//! Property test: the collider that edit mode changes in place, edit by
//! edit ([`LevelChange::apply_to_collider`]), answers every move and ray
//! as one built from scratch from the edited level, after any sequence of
//! edits on the house, each followed by its undo or not.

use crate::common;

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::{Collider, ConvexPolygon, MoveOptions, MovePolicy};
use mazewalker::edit::{Carry, Item, LevelDraft, Piece};
use mazewalker::level::{Level, WallEnd};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum EditOp {
    /// Space at a grid point (0.5 m): the second of two builds a wall.
    Plot(i8, i8),
    /// Delete on the wall with this index modulo the count.
    Delete(usize),
    /// Drag the end of a wall by a grid offset.
    Move(usize, bool, i8, i8),
    /// An obstacle from three outline points.
    Obstacle(i8, i8, i8, i8),
    /// Delete on the obstacle with this index modulo the count.
    DeleteObstacle(usize),
    /// `N` on a wall (true) or an obstacle.
    Material(usize, bool),
    /// A lamp at a grid point.
    Lamp(i8, i8),
    /// The start at a grid point.
    Start(i8, i8),
    /// A door between two grid points (not in the collider: it must stay
    /// as it is).
    Door(i8, i8, i8, i8),
    /// A wall (true) or an obstacle with this index modulo the count moved
    /// by a grid offset and, for a wall, given a radius in 5 cm steps.
    Change(bool, usize, i8, i8, u8),
    /// A wall (true) or an obstacle with this index modulo the count
    /// carried by a grid offset and turned by some notches (a wall takes
    /// the ends it shares along).
    Carry(bool, usize, i8, i8, i8),
    Redo,
}

fn step() -> impl Strategy<Value = EditOp> {
    let x = -4i8..48;
    let z = -4i8..36;
    prop_oneof![
        4 => (x.clone(), z.clone()).prop_map(|(x, z)| EditOp::Plot(x, z)),
        3 => any::<usize>().prop_map(EditOp::Delete),
        2 => (any::<usize>(), any::<bool>(), -3i8..4, -3i8..4)
            .prop_map(|(wall, end, dx, dz)| EditOp::Move(wall, end, dx, dz)),
        1 => (x.clone(), z.clone(), 1i8..4, 1i8..4)
            .prop_map(|(x, z, w, d)| EditOp::Obstacle(x, z, w, d)),
        1 => any::<usize>().prop_map(EditOp::DeleteObstacle),
        1 => (any::<usize>(), any::<bool>()).prop_map(|(index, wall)| EditOp::Material(index, wall)),
        1 => (x.clone(), z.clone()).prop_map(|(x, z)| EditOp::Lamp(x, z)),
        1 => (x.clone(), z.clone()).prop_map(|(x, z)| EditOp::Start(x, z)),
        1 => (x, z, -3i8..4, -3i8..4).prop_map(|(x, z, dx, dz)| EditOp::Door(x, z, dx, dz)),
        2 => (any::<bool>(), any::<usize>(), -3i8..4, -3i8..4, 0u8..8)
            .prop_map(|(wall, index, dx, dz, radius)| EditOp::Change(wall, index, dx, dz, radius)),
        2 => (any::<bool>(), any::<usize>(), -3i8..4, -3i8..4, -7i8..8)
            .prop_map(|(wall, index, dx, dz, notches)| EditOp::Carry(wall, index, dx, dz, notches)),
        1 => Just(EditOp::Redo),
    ]
}

fn grid(x: i8, z: i8) -> Vec2 {
    Vec2::new(f32::from(x), f32::from(z)) * 0.5
}

/// Runs `step` on `session`; refusals are fine (they change nothing).
fn run(session: &mut LevelDraft, step: &EditOp) {
    let level = session.level();
    let (walls, obstacles) = (level.walls.len(), level.obstacles.len());
    let _ = match *step {
        EditOp::Plot(x, z) => session.plot(grid(x, z)).map(drop),
        EditOp::Delete(index) if walls > 0 => session.delete(Item::Wall(index % walls)),
        EditOp::Move(index, end, dx, dz) if walls > 0 => {
            let end = if end { WallEnd::A } else { WallEnd::B };
            let from = level.walls[index % walls].end(end);
            session.move_endpoint(from, from + grid(dx, dz)).map(drop)
        }
        EditOp::Obstacle(x, z, w, d) => {
            session.end_chain();
            let corner = grid(x, z);
            for point in [corner, corner + grid(w, 0), corner + grid(0, d)] {
                session.plot_outline(point);
            }
            session.close_outline()
        }
        EditOp::DeleteObstacle(index) if obstacles > 0 => {
            session.delete(Item::Obstacle(index % obstacles))
        }
        EditOp::Material(index, true) if walls > 0 => session
            .cycle_material(Item::Wall(index % walls), true)
            .map(drop),
        EditOp::Material(index, false) if obstacles > 0 => session
            .cycle_material(Item::Obstacle(index % obstacles), true)
            .map(drop),
        EditOp::Lamp(x, z) => session.add_light(grid(x, z)),
        EditOp::Start(x, z) => session.set_start(grid(x, z), 90.0),
        EditOp::Door(x, z, dx, dz) => {
            session.end_chain();
            let _ = session.plot_jamb(grid(x, z));
            let placed = session.plot_jamb(grid(x, z) + grid(dx, dz)).map(drop);
            session.clear_outline();
            placed
        }
        EditOp::Change(true, index, dx, dz, radius) if walls > 0 => {
            let mut wall = level.walls[index % walls].clone();
            (wall.a, wall.b) = (wall.a + grid(dx, dz), wall.b + grid(dx, dz));
            wall.radius = f32::from(radius) * 0.05;
            session
                .change(Item::Wall(index % walls), Piece::Wall(wall))
                .map(drop)
        }
        EditOp::Change(false, index, dx, dz, _) if obstacles > 0 => {
            let mut obstacle = level.obstacles[index % obstacles].clone();
            let moved = obstacle
                .polygon
                .points()
                .iter()
                .map(|point| *point + grid(dx, dz))
                .collect();
            obstacle.polygon = ConvexPolygon::new(moved).expect("a moved outline");
            session
                .change(Item::Obstacle(index % obstacles), Piece::Obstacle(obstacle))
                .map(drop)
        }
        EditOp::Carry(wall, index, dx, dz, notches) => {
            let item = match wall {
                true if walls > 0 => Item::Wall(index % walls),
                false if obstacles > 0 => Item::Obstacle(index % obstacles),
                _ => return,
            };
            match Carry::pick_up(level, item, Vec2::ZERO) {
                Ok(mut carry) => {
                    carry.turn(f32::from(notches));
                    session.put_down(&carry, grid(dx, dz), None).map(drop)
                }
                Err(error) => Err(error),
            }
        }
        EditOp::Redo => session.redo().map(drop),
        EditOp::Delete(_)
        | EditOp::Move(..)
        | EditOp::DeleteObstacle(_)
        | EditOp::Material(..)
        | EditOp::Change(..) => Ok(()),
    };
}

/// Applies the session's changes since the last call to `collider`.
fn catch_up(collider: &mut Collider, session: &mut LevelDraft) -> Result<(), TestCaseError> {
    for change in session.take_changes() {
        prop_assert!(
            change.apply_to_collider(collider),
            "the collider holds what {change:?} found"
        );
    }
    Ok(())
}

fn assert_same_answers(
    changed: &Collider,
    level: &Level,
    moves: &[(Vec2, Vec2)],
) -> Result<(), TestCaseError> {
    let fresh = level.collider();
    prop_assert_eq!(changed.walls(), fresh.walls());
    prop_assert_eq!(changed.obstacles(), fresh.obstacles());
    let reject = MoveOptions {
        policy: MovePolicy::Reject,
        ..MoveOptions::default()
    };
    for &(from, delta) in moves {
        for options in [&MoveOptions::default(), &reject] {
            prop_assert_eq!(
                changed.move_eye(from, delta, options),
                fresh.move_eye(from, delta, options)
            );
        }
        let to = from + delta * 4.0;
        prop_assert_eq!(changed.ray_cast(from, to), fresh.ray_cast(from, to));
    }
    Ok(())
}

fn a_move() -> impl Strategy<Value = (Vec2, Vec2)> {
    (-2.0f32..24.0, -2.0f32..18.0, -3.0f32..3.0, -3.0f32..3.0)
        .prop_map(|(x, z, dx, dz)| (Vec2::new(x, z), Vec2::new(dx, dz)))
}

proptest! {
    #![proptest_config(property_config(48))]

    #[test]
    fn the_collider_changed_edit_by_edit_answers_as_one_built_anew(
        steps in prop::collection::vec((step(), any::<bool>()), 1..24),
        moves in prop::collection::vec(a_move(), 16),
    ) {
        let mut session = LevelDraft::new(Level::default_house()).expect("the house opens");
        let mut collider = session.level().collider();
        for (step, undo) in &steps {
            run(&mut session, step);
            catch_up(&mut collider, &mut session)?;
            assert_same_answers(&collider, session.level(), &moves)?;
            if *undo {
                let _ = session.undo();
                catch_up(&mut collider, &mut session)?;
                assert_same_answers(&collider, session.level(), &moves)?;
            }
        }
    }
}
