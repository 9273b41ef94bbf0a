//! Random levels of walls, fixed and loose obstacles and swing doors, with
//! a walker that walks (through the collider) and pushes, kicks and door
//! commands, for thousands of ticks in all. After every tick no body is
//! deeper than 1 cm in a wall's body, an obstacle, a door leaf or another
//! body, and no body's centre crossed a wall's centre line.

use glam::Vec2;
use mazewalker::collision::{Collider, ConvexPolygon, Leaf, MoveOptions, Wall};
use mazewalker::physics::{DEFAULT_KICK_IMPULSE, DoorMotion, FixedScene, LooseBodies, LooseBody};
use mazewalker::tick::TICK_SECONDS;
use proptest::prelude::*;

use crate::property_cases::property_config;
use crate::scene::{Walker, body, crosses, deepest, rectangle, regular, room, swing_leaf};

/// The deepest a body may be in anything after a tick, m.
const MAX_DEPTH: f32 = 0.01;

/// How many ticks each random level runs.
const TICKS: usize = 200;

/// Half the room's side, m.
const HALF_ROOM: f32 = 5.0;

/// A point inside the room, `margin` from its walls.
fn inside(margin: f32) -> impl Strategy<Value = Vec2> {
    let reach = HALF_ROOM - margin;
    (-reach..reach, -reach..reach).prop_map(|(x, y)| Vec2::new(x, y))
}

#[derive(Debug, Clone)]
struct LooseSpec {
    outline: ConvexPolygon,
    mass: f32,
    friction: f32,
    bounce: f32,
}

fn loose() -> impl Strategy<Value = LooseSpec> {
    (
        inside(0.8),
        0.15f32..0.6,
        0.3f32..1.0,
        prop_oneof![Just(4usize), 5usize..13],
        0.5f32..120.0,
        0.0f32..2.0,
        0.0f32..1.0,
    )
        .prop_map(|(centre, size, squash, sides, mass, friction, bounce)| {
            let outline = if sides == 4 {
                rectangle(centre, size * 2.0, size * 2.0 * squash)
            } else {
                regular(centre, size, sides)
            };
            LooseSpec {
                outline,
                mass,
                friction,
                bounce,
            }
        })
}

#[derive(Debug, Clone)]
struct Level {
    walls: Vec<Wall>,
    obstacles: Vec<ConvexPolygon>,
    bodies: Vec<LooseSpec>,
    /// Swing doors: hinge, closed angle, length.
    doors: Vec<(Vec2, f32, f32)>,
    walker: Vec2,
}

fn level() -> impl Strategy<Value = Level> {
    let inner_wall = (inside(0.5), inside(0.5), 0.02f32..0.15).prop_map(|(a, b, half)| Wall {
        a,
        b,
        radius: half,
    });
    let obstacle =
        (inside(1.0), 0.2f32..0.8, 0.2f32..0.8).prop_map(|(centre, w, d)| rectangle(centre, w, d));
    (
        0.02f32..0.15,
        prop::collection::vec(inner_wall, 0..4),
        prop::collection::vec(obstacle, 0..3),
        prop::collection::vec(loose(), 3..14),
        prop::collection::vec((inside(1.5), 0.0f32..6.3, 0.7f32..1.2), 0..3),
        inside(0.5),
    )
        .prop_map(|(half, inner, obstacles, bodies, doors, walker)| {
            let mut walls = room(Vec2::splat(-HALF_ROOM), Vec2::splat(HALF_ROOM), half);
            walls.extend(inner);
            Level {
                walls,
                obstacles,
                bodies,
                doors,
                walker,
            }
        })
}

#[derive(Debug, Clone, Copy)]
enum Action {
    Walk(Vec2),
    Kick {
        body: usize,
        angle: f32,
        offset: f32,
    },
    Door {
        door: usize,
        rate: f32,
    },
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        6 => (0.0f32..6.3, 0.0f32..6.0)
            .prop_map(|(angle, speed)| Action::Walk(Vec2::new(angle.cos(), angle.sin()) * speed)),
        1 => (0usize..16, 0.0f32..6.3, -0.3f32..0.3)
            .prop_map(|(body, angle, offset)| Action::Kick { body, angle, offset }),
        2 => (0usize..3, -3.0f32..3.0).prop_map(|(door, rate)| Action::Door { door, rate }),
    ]
}

/// The loose bodies that stand clear of the walls, obstacles, door leaves,
/// the walker and the bodies kept before them.
fn clear_bodies(level: &Level, leaves: &[Leaf]) -> Vec<LooseBody> {
    let mut kept: Vec<LooseBody> = Vec::new();
    for spec in &level.bodies {
        let candidate = body(&spec.outline, spec.mass, spec.friction, spec.bounce);
        let mut trial = kept.clone();
        trial.push(candidate.clone());
        let world = LooseBodies::new(FixedScene::empty(), trial);
        let (depth, _) = deepest(&world, &level.walls, &level.obstacles, leaves);
        let walker_clear = candidate
            .world_outline()
            .iter()
            .all(|p| p.distance(level.walker) > 0.3)
            && ConvexPolygon::new(candidate.world_outline().to_vec())
                .map(|outline| outline.signed_distance(level.walker) > 0.3)
                .unwrap_or(false);
        let apart = kept.iter().all(|other| {
            other.position().distance(candidate.position()) > other.reach() + candidate.reach()
        });
        if depth == 0.0 && walker_clear && apart {
            kept.push(candidate);
        }
    }
    kept
}

proptest! {
    #![proptest_config(property_config(24))]

    #[test]
    fn no_body_ends_a_tick_inside_anything_or_across_a_wall(
        level in level(),
        actions in prop::collection::vec(action(), TICKS),
    ) {
        let mut angles: Vec<f32> = level.doors.iter().map(|&(_, closed, _)| closed).collect();
        let mut rates = vec![0.0f32; level.doors.len()];
        let leaf = |door: usize, angle: f32| {
            let (hinge, _, length) = level.doors[door];
            swing_leaf(hinge, length, angle, 0.05)
        };
        let mut leaves: Vec<Leaf> = (0..level.doors.len()).map(|d| leaf(d, angles[d])).collect();
        let bodies = clear_bodies(&level, &leaves);
        let mut world = LooseBodies::new(FixedScene::new(&level.walls, &level.obstacles), bodies);
        let walker_walls: Vec<Wall> = level
            .walls
            .iter()
            .map(|w| Wall { radius: w.radius + 0.25, ..*w })
            .collect();
        let collider = Collider::new(walker_walls, level.obstacles.clone(), 0.25);
        let mut walker = Walker::at(level.walker);
        let mut wish = Vec2::ZERO;
        for (t, action) in actions.iter().enumerate() {
            match *action {
                Action::Walk(velocity) => wish = velocity,
                Action::Kick { body, angle, offset } => {
                    if let Some(target) = world.bodies().get(body) {
                        let direction = Vec2::new(angle.cos(), angle.sin());
                        let point = target.position() + direction.perp() * offset;
                        world.kick(body, point, direction * DEFAULT_KICK_IMPULSE);
                    }
                }
                Action::Door { door, rate } => {
                    if let Some(slot) = rates.get_mut(door) {
                        *slot = rate;
                    }
                }
            }
            let before: Vec<Vec2> = world.bodies().iter().map(|b| b.position()).collect();
            let mut motions = Vec::new();
            let mut next_angles = angles.clone();
            for door in 0..angles.len() {
                let (_, closed, _) = level.doors[door];
                next_angles[door] = (angles[door] + rates[door] * TICK_SECONDS)
                    .clamp(closed, closed + std::f32::consts::FRAC_PI_2);
                motions.push(DoorMotion::new(&leaf(door, angles[door]), &leaf(door, next_angles[door]), TICK_SECONDS));
            }
            let through_walls = collider
                .move_eye(walker.position, wish * TICK_SECONDS, &MoveOptions::default())
                .map(|outcome| outcome.position - walker.position)
                .unwrap_or(Vec2::ZERO);
            let outcome = walker.tick(&mut world, through_walls / TICK_SECONDS, &motions);
            for door in 0..angles.len() {
                if outcome.blocked_doors.contains(&door) {
                    rates[door] = -rates[door];
                } else {
                    angles[door] = next_angles[door];
                }
                leaves[door] = leaf(door, angles[door]);
            }
            let (depth, what) = deepest(&world, &level.walls, &level.obstacles, &leaves);
            prop_assert!(depth < MAX_DEPTH, "tick {}: {} is {} m deep", t, what, depth);
            for (i, (body, start)) in world.bodies().iter().zip(&before).enumerate() {
                for (w, wall) in level.walls.iter().enumerate() {
                    prop_assert!(
                        !crosses(*start, body.position(), wall),
                        "tick {}: body {} crossed wall {}", t, i, w
                    );
                }
            }
        }
    }
}
