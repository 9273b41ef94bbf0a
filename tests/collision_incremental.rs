//! A collider changed in place, one wall or obstacle at a time (as an
//! edit changes it), answers every move and ray exactly as a collider built
//! from scratch with the same walls and obstacles.

use glam::Vec2;
use mazewalker::collision::{Collider, ConvexPolygon, MoveOptions, MovePolicy, Wall};
use proptest::prelude::*;

mod collision_support;
use collision_support::{point, polygon, wall};

/// One in-place change. Indices are fractions of the count, so that any
/// sequence applies to whatever the collider holds by then.
#[derive(Debug, Clone)]
enum Change {
    InsertWall(f64, Wall),
    RemoveWall(f64),
    ReplaceWall(f64, Wall),
    InsertObstacle(f64, ConvexPolygon),
    RemoveObstacle(f64),
}

/// A wall anywhere, sometimes far outside the first walls (the grid must
/// grow) or with a non-finite end (in no cell, but still counted).
fn any_wall() -> impl Strategy<Value = Wall> {
    prop_oneof![
        6 => wall(),
        1 => (wall(), -60.0f32..60.0).prop_map(|(wall, shift)| Wall {
            a: wall.a + Vec2::splat(shift),
            b: wall.b + Vec2::splat(shift),
            ..wall
        }),
        1 => wall().prop_map(|wall| Wall {
            b: Vec2::new(f32::NAN, wall.b.y),
            ..wall
        }),
    ]
}

fn change() -> impl Strategy<Value = Change> {
    let at = 0.0f64..1.0;
    prop_oneof![
        3 => (at.clone(), any_wall()).prop_map(|(at, wall)| Change::InsertWall(at, wall)),
        3 => at.clone().prop_map(Change::RemoveWall),
        2 => (at.clone(), any_wall()).prop_map(|(at, wall)| Change::ReplaceWall(at, wall)),
        1 => (at.clone(), polygon()).prop_map(|(at, polygon)| Change::InsertObstacle(at, polygon)),
        1 => at.prop_map(Change::RemoveObstacle),
    ]
}

/// The index `at` of the way into `count` items (`0..count`, or `0..=count`
/// with `end` allowed).
fn index(at: f64, count: usize, end: bool) -> Option<usize> {
    let slots = count + usize::from(end);
    (slots > 0).then(|| ((at * slots as f64) as usize).min(slots - 1))
}

/// Applies `change` to `collider` and returns the change that undoes it
/// (`None` when it did nothing: nothing to remove).
fn apply(collider: &mut Collider, change: &Change) -> Option<Change> {
    let (walls, obstacles) = (collider.walls().len(), collider.obstacles().len());
    let fraction = |index: usize, count: usize| (index as f64 + 0.5) / count as f64;
    match change {
        Change::InsertWall(at, wall) => {
            let index = index(*at, walls, true)?;
            collider.insert_wall(index, *wall);
            Some(Change::RemoveWall(fraction(index, walls + 1)))
        }
        Change::RemoveWall(at) => {
            let index = index(*at, walls, false)?;
            let wall = collider.remove_wall(index);
            Some(Change::InsertWall(fraction(index, walls), wall))
        }
        Change::ReplaceWall(at, wall) => {
            let index = index(*at, walls, false)?;
            let old = collider.replace_wall(index, *wall);
            Some(Change::ReplaceWall(fraction(index, walls), old))
        }
        Change::InsertObstacle(at, polygon) => {
            let index = index(*at, obstacles, true)?;
            collider.insert_obstacle(index, polygon.clone());
            Some(Change::RemoveObstacle(fraction(index, obstacles + 1)))
        }
        Change::RemoveObstacle(at) => {
            let index = index(*at, obstacles, false)?;
            let obstacle = collider.remove_obstacle(index);
            Some(Change::InsertObstacle(fraction(index, obstacles), obstacle))
        }
    }
}

/// Asserts that `changed` holds the same shapes as `fresh` and answers
/// each move (sliding and rejecting) and each ray the same.
fn assert_same_answers(
    changed: &Collider,
    fresh: &Collider,
    moves: &[(Vec2, Vec2)],
) -> Result<(), TestCaseError> {
    prop_assert_eq!(changed.walls().len(), fresh.walls().len());
    prop_assert_eq!(changed.obstacles(), fresh.obstacles());
    let slide = MoveOptions::default();
    let reject = MoveOptions {
        policy: MovePolicy::Reject,
        ..MoveOptions::default()
    };
    for &(from, delta) in moves {
        for options in [&slide, &reject] {
            let ours = changed.move_eye(from, delta, options);
            let theirs = fresh.move_eye(from, delta, options);
            prop_assert_eq!(ours, theirs, "move from {} by {}", from, delta);
        }
        let to = from + delta * 4.0;
        prop_assert_eq!(
            changed.ray_cast(from, to),
            fresh.ray_cast(from, to),
            "ray from {} to {}",
            from,
            to
        );
    }
    Ok(())
}

fn a_move() -> impl Strategy<Value = (Vec2, Vec2)> {
    (point(), -4.0f32..4.0, -4.0f32..4.0).prop_map(|(from, x, y)| (from, Vec2::new(x, y)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// After every change, each followed by its undo or not, the collider
    /// changed in place answers as one built from its walls and obstacles.
    #[test]
    fn a_collider_changed_in_place_answers_as_one_built_from_scratch(
        walls in prop::collection::vec(wall(), 0..24),
        obstacles in prop::collection::vec(polygon(), 0..4),
        body_radius in 0.1f32..0.4,
        changes in prop::collection::vec((change(), any::<bool>()), 1..24),
        moves in prop::collection::vec(a_move(), 24),
    ) {
        let mut changed = Collider::new(walls, obstacles, body_radius);
        for (change, undo) in &changes {
            let undoing = apply(&mut changed, change);
            let fresh = Collider::new(
                changed.walls().to_vec(),
                changed.obstacles().to_vec(),
                body_radius,
            );
            assert_same_answers(&changed, &fresh, &moves)?;
            if let (true, Some(undoing)) = (*undo, undoing) {
                apply(&mut changed, &undoing);
                let fresh = Collider::new(
                    changed.walls().to_vec(),
                    changed.obstacles().to_vec(),
                    body_radius,
                );
                assert_same_answers(&changed, &fresh, &moves)?;
            }
        }
    }
}

/// Removing a wall renumbers those after it: a move into the wall that
/// followed it reports that wall's new index.
#[test]
fn walls_after_a_removed_one_move_down_an_index() {
    let wall = |x: f32| Wall {
        a: Vec2::new(x, -5.0),
        b: Vec2::new(x, 5.0),
        radius: 0.25,
    };
    let mut collider = Collider::new(vec![wall(-3.0), wall(0.0), wall(3.0)], Vec::new(), 0.25);
    assert_eq!(collider.remove_wall(1), wall(0.0));
    let outcome = collider
        .move_eye(
            Vec2::new(1.0, 0.0),
            Vec2::new(3.0, 0.0),
            &MoveOptions::default(),
        )
        .expect("a valid move");
    assert!(outcome.blocked);
    assert_eq!(
        collider
            .ray_cast(Vec2::new(1.0, 0.0), Vec2::new(5.0, 0.0))
            .map(|hit| hit.surface),
        Some(mazewalker::collision::Surface::Wall(1))
    );
}
