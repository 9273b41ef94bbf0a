//! A collider changed in place, one wall or obstacle at a time (as an
//! edit changes it), answers every query exactly as a collider built from
//! scratch with the same walls and obstacles; and a change made on a clone
//! (as an edit copies the collider the renderer shares) leaves the
//! original answering as before.

use crate::common;

use common::property_cases::property_config;
use glam::Vec2;
use mazewalker::collision::{
    Collider, CollisionError, ConvexPolygon, MoveOptions, MoveOutcome, MovePolicy, Penetration,
    RayHit, ViewWedge, VisibleSet, Wall,
};
use mazewalker::level::maze::maze_walls;
use proptest::prelude::*;

use crate::collision_support;
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

/// One query's answer.
#[derive(Debug, Clone, PartialEq)]
enum Answer {
    Move(Box<Result<MoveOutcome, CollisionError>>),
    Ray(Option<RayHit>),
    NearestWall(Option<(usize, f32)>),
    NearestWallEnd(Option<Vec2>),
    Penetration(Option<Penetration>),
    FreePoint(Option<Vec2>),
    Visible(Vec<usize>, Vec<usize>),
}

/// What `collider` answers to every query about each move `(from,
/// delta)`: the move sliding and rejected, rays (all shapes, walls only),
/// the nearest wall and wall end, the overlap and nearest free point at
/// `from`, and what a view from `from` along `delta` sees (every third wall
/// not occluding).
fn answers(collider: &Collider, moves: &[(Vec2, Vec2)]) -> Vec<(Vec2, Vec2, Answer)> {
    let slide = MoveOptions::default();
    let reject = MoveOptions {
        policy: MovePolicy::Reject,
        ..MoveOptions::default()
    };
    let occludes: Vec<bool> = (0..collider.walls().len()).map(|i| i % 3 != 0).collect();
    let mut visible = VisibleSet::new();
    let mut all = Vec::new();
    for &(from, delta) in moves {
        let to = from + delta * 4.0;
        collider.visible_shapes(
            &ViewWedge {
                eye: from,
                yaw: delta.y.atan2(delta.x),
                half_angle: 0.9,
                max_distance: 30.0,
            },
            &occludes,
            &mut visible,
        );
        let reach = delta.length();
        all.extend(
            [
                Answer::Move(Box::new(collider.move_eye(from, delta, &slide))),
                Answer::Move(Box::new(collider.move_eye(from, delta, &reject))),
                Answer::Ray(collider.ray_cast(from, to)),
                Answer::Ray(collider.ray_cast_walls(from, to)),
                Answer::NearestWall(collider.nearest_wall(from, reach)),
                Answer::NearestWallEnd(collider.nearest_wall_end(from, reach)),
                Answer::Penetration(collider.deepest_penetration(from)),
                Answer::FreePoint(collider.nearest_free_point(from, 1.0)),
                Answer::Visible(visible.walls().to_vec(), visible.obstacles().to_vec()),
            ]
            .map(|answer| (from, delta, answer)),
        );
    }
    all
}

/// Asserts that `changed` holds the same shapes as `fresh` and answers
/// every query about `moves` the same.
fn assert_same_answers(
    changed: &Collider,
    fresh: &Collider,
    moves: &[(Vec2, Vec2)],
) -> Result<(), TestCaseError> {
    // (The walls are the same by construction; a NaN end would make
    // `==` fail.)
    prop_assert_eq!(changed.walls().len(), fresh.walls().len());
    prop_assert_eq!(changed.obstacles(), fresh.obstacles());
    for (ours, theirs) in answers(changed, moves).iter().zip(answers(fresh, moves)) {
        prop_assert_eq!(ours, &theirs);
    }
    Ok(())
}

/// A collider built from scratch with `collider`'s shapes.
fn fresh(collider: &Collider) -> Collider {
    Collider::new(
        collider.walls().to_vec(),
        collider.obstacles().to_vec(),
        collider.body_radius(),
    )
}

fn a_move() -> impl Strategy<Value = (Vec2, Vec2)> {
    (point(), -4.0f32..4.0, -4.0f32..4.0).prop_map(|(from, x, y)| (from, Vec2::new(x, y)))
}

proptest! {
    #![proptest_config(property_config(200))]

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
            assert_same_answers(&changed, &fresh(&changed), &moves)?;
            if let (true, Some(undoing)) = (*undo, undoing) {
                apply(&mut changed, &undoing);
                assert_same_answers(&changed, &fresh(&changed), &moves)?;
            }
        }
    }
}

/// A `cells`×`cells` maze of unit cells (walls of radius 0.25, merged
/// runs): 20×20 to 80×80 cells give 200 to 3,300 walls, so that the
/// collider's slots span several chunks and its grid several blocks.
fn maze(cells: u32, seed: u64) -> Vec<Wall> {
    maze_walls(cells, cells, seed, 1.0)
        .expect("a valid maze size")
        .into_iter()
        .map(|[a, b]| Wall { a, b, radius: 0.25 })
        .collect()
}

/// A change in a maze of `cells`×`cells` unit cells: the shapes of
/// [`change`] moved from around the origin to around the maze's middle
/// (walls far outside it still make the grid grow).
fn maze_change(cells: u32) -> impl Strategy<Value = Change> {
    let shift = Vec2::splat(cells as f32 / 2.0);
    change().prop_map(move |change| match change {
        Change::InsertWall(at, wall) => Change::InsertWall(at, shifted(wall, shift)),
        Change::ReplaceWall(at, wall) => Change::ReplaceWall(at, shifted(wall, shift)),
        Change::InsertObstacle(at, polygon) => {
            let points = polygon.points().iter().map(|&p| p + shift).collect();
            Change::InsertObstacle(
                at,
                ConvexPolygon::new(points).expect("a shifted polygon is convex"),
            )
        }
        removal => removal,
    })
}

/// `wall` moved by `shift`.
fn shifted(wall: Wall, shift: Vec2) -> Wall {
    Wall {
        a: wall.a + shift,
        b: wall.b + shift,
        ..wall
    }
}

/// A maze's size and seed, the changes to make on a clone of its
/// collider, those to make on a clone of that clone, and moves.
type MazeCase = ((u32, u64), Vec<Change>, Vec<Change>, Vec<(Vec2, Vec2)>);

/// A maze of 20×20 to 80×80 cells, a few changes to make on a clone of
/// its collider and a few more on a clone of that clone, and moves all
/// over it.
fn maze_and_changes() -> impl Strategy<Value = MazeCase> {
    (20u32..80, any::<u64>()).prop_flat_map(|(cells, seed)| {
        let side = cells as f32;
        let from = (0.0..side, 0.0..side).prop_map(|(x, y)| Vec2::new(x, y));
        let a_move =
            (from, -4.0f32..4.0, -4.0f32..4.0).prop_map(|(from, x, y)| (from, Vec2::new(x, y)));
        (
            Just((cells, seed)),
            prop::collection::vec(maze_change(cells), 1..12),
            prop::collection::vec(maze_change(cells), 1..12),
            prop::collection::vec(a_move, 16),
        )
    })
}

proptest! {
    #![proptest_config(property_config(48))]

    /// Changes on a clone (and on a clone of the clone) never reach the
    /// collider it was cloned from: the original keeps its shapes and
    /// answers every query as before, and each clone answers as a collider
    /// built from scratch with its own shapes.
    #[test]
    fn changes_on_a_clone_leave_the_original_as_it_was(
        ((cells, seed), first, second, moves) in maze_and_changes(),
    ) {
        let walls = maze(cells, seed);
        let original = Collider::new(walls.clone(), Vec::new(), 0.25);
        let before = answers(&original, &moves);
        let mut copy = original.clone();
        for change in &first {
            apply(&mut copy, change);
        }
        let mut copy_of_copy = copy.clone();
        let copy_before = answers(&copy, &moves);
        for change in &second {
            apply(&mut copy_of_copy, change);
        }
        prop_assert_eq!(original.walls().to_vec(), walls);
        prop_assert!(original.obstacles().is_empty());
        prop_assert_eq!(answers(&original, &moves), before);
        prop_assert_eq!(answers(&copy, &moves), copy_before);
        assert_same_answers(&copy, &fresh(&copy), &moves)?;
        assert_same_answers(&copy_of_copy, &fresh(&copy_of_copy), &moves)?;
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
