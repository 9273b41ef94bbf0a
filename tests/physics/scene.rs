//! Building scenes of loose bodies and measuring them: shapes, a walker
//! that pushes, and depths measured by parry2d (an independent oracle).
//! Angles go through `portable_math`, so that a scene is the same on every
//! platform.
#![allow(dead_code)] // Each test module uses a different part.

use glam::Vec2;
use mazewalker::collision::{ConvexPolygon, Leaf, Wall};
use mazewalker::physics::{
    DEFAULT_PUSH_FORCE, DoorMotion, LooseBodies, LooseBody, Material, StepInput, StepOptions,
    StepOutcome, WalkerCircle,
};
use mazewalker::portable_math::{cos, sin};
use mazewalker::tick::TICK_SECONDS;
use parry2d::math::{Pose, Vector};
use parry2d::query;
use parry2d::shape::{Capsule, ConvexPolygon as ParryPolygon, Shape};

/// An axis-aligned `width` × `depth` rectangle around `centre`.
pub fn rectangle(centre: Vec2, width: f32, depth: f32) -> ConvexPolygon {
    let half = Vec2::new(width, depth) / 2.0;
    ConvexPolygon::new(vec![
        centre - half,
        centre + Vec2::new(half.x, -half.y),
        centre + half,
        centre + Vec2::new(-half.x, half.y),
    ])
    .expect("a rectangle")
}

/// A regular polygon of `sides` around `centre`, its corners at `radius`.
pub fn regular(centre: Vec2, radius: f32, sides: usize) -> ConvexPolygon {
    let points = (0..sides)
        .map(|k| {
            let angle = k as f32 * std::f32::consts::TAU / sides as f32;
            centre + Vec2::new(cos(angle), sin(angle)) * radius
        })
        .collect();
    ConvexPolygon::new(points).expect("a regular polygon")
}

/// A body of `outline` with the given mass, friction and bounce.
pub fn body(outline: &ConvexPolygon, mass: f32, friction: f32, bounce: f32) -> LooseBody {
    LooseBody::new(
        outline,
        Material {
            mass,
            friction,
            bounce,
        },
    )
    .expect("a valid material")
}

/// A wall from `a` to `b`, `half_thickness` each side of its centre line.
pub fn wall(a: (f32, f32), b: (f32, f32), half_thickness: f32) -> Wall {
    Wall {
        a: Vec2::from(a),
        b: Vec2::from(b),
        radius: half_thickness,
    }
}

/// The four walls of a room from `min` to `max` (centre lines).
pub fn room(min: Vec2, max: Vec2, half_thickness: f32) -> Vec<Wall> {
    let corners = [min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)];
    (0..4)
        .map(|i| Wall {
            a: corners[i],
            b: corners[(i + 1) % 4],
            radius: half_thickness,
        })
        .collect()
}

/// A walker that pushes: moves as wished, stopped by bodies, then lets
/// the bodies step with it.
#[derive(Debug, Clone, Copy)]
pub struct Walker {
    pub position: Vec2,
    pub radius: f32,
    pub push_force: f32,
}

impl Walker {
    pub fn at(position: Vec2) -> Self {
        Self {
            position,
            radius: 0.25,
            push_force: DEFAULT_PUSH_FORCE,
        }
    }

    /// One tick: the walker moves at `wish` (m/s) among the bodies, then
    /// the bodies step with it and `doors`.
    pub fn tick(
        &mut self,
        world: &mut LooseBodies,
        wish: Vec2,
        doors: &[DoorMotion],
    ) -> StepOutcome {
        let moved = world.clip_walker_move(self.position, wish * TICK_SECONDS, self.radius);
        self.position = moved.position;
        let walker = WalkerCircle {
            position: self.position,
            radius: self.radius,
            push_velocity: wish,
            push_force: self.push_force,
        };
        world.step(
            &StepInput {
                doors,
                walker: Some(walker),
            },
            &StepOptions::default(),
        )
    }
}

/// One tick with no walker and no doors.
pub fn tick(world: &mut LooseBodies) -> StepOutcome {
    world.step(&StepInput::default(), &StepOptions::default())
}

/// One tick with `doors` and no walker.
pub fn tick_with_doors(world: &mut LooseBodies, doors: &[DoorMotion]) -> StepOutcome {
    world.step(
        &StepInput {
            doors,
            walker: None,
        },
        &StepOptions::default(),
    )
}

/// A swing door's leaf: `length` from `hinge` at `angle` (radians),
/// `thickness` thick.
pub fn swing_leaf(hinge: Vec2, length: f32, angle: f32, thickness: f32) -> Leaf {
    let tip = hinge + Vec2::new(cos(angle), sin(angle)) * length;
    Leaf::around(hinge, tip, thickness)
}

fn pv(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

fn parry_polygon(points: &[Vec2]) -> ParryPolygon {
    ParryPolygon::from_convex_polyline(points.iter().copied().map(pv).collect())
        .expect("a convex outline")
}

/// How deep (m) `a`'s outline is in `b`, by parry (0 when apart).
fn depth_between(a: &dyn Shape, b: &dyn Shape) -> f32 {
    let id = Pose::identity();
    match query::contact(&id, a, &id, b, 0.0) {
        Ok(Some(contact)) => (-contact.dist).max(0.0),
        _ => 0.0,
    }
}

/// How deep the body is in the wall's rendered body.
pub fn depth_in_wall(body: &LooseBody, wall: &Wall) -> f32 {
    let capsule = Capsule::new(pv(wall.a), pv(wall.b), wall.radius);
    depth_between(&parry_polygon(body.world_outline()), &capsule)
}

/// How deep the body is in a convex outline (an obstacle, a leaf, a body).
pub fn depth_in_outline(body: &LooseBody, outline: &[Vec2]) -> f32 {
    depth_between(
        &parry_polygon(body.world_outline()),
        &parry_polygon(outline),
    )
}

/// The deepest any body is in a wall, an obstacle, a door leaf or another
/// body, with what it is in.
pub fn deepest(
    world: &LooseBodies,
    walls: &[Wall],
    obstacles: &[ConvexPolygon],
    leaves: &[Leaf],
) -> (f32, String) {
    let mut worst = (0.0, String::from("nothing"));
    let bodies = world.bodies();
    let mut consider = |depth: f32, what: String| {
        if depth > worst.0 {
            worst = (depth, what);
        }
    };
    for (i, body) in bodies.iter().enumerate() {
        for (w, wall) in walls.iter().enumerate() {
            consider(depth_in_wall(body, wall), format!("body {i} in wall {w}"));
        }
        for (o, obstacle) in obstacles.iter().enumerate() {
            consider(
                depth_in_outline(body, obstacle.points()),
                format!("body {i} in obstacle {o}"),
            );
        }
        for (l, leaf) in leaves.iter().enumerate() {
            consider(
                depth_in_outline(body, &leaf.corners()),
                format!("body {i} in door leaf {l}"),
            );
        }
        for (j, other) in bodies.iter().enumerate().skip(i + 1) {
            if body.position().distance(other.position()) < body.reach() + other.reach() {
                consider(
                    depth_in_outline(body, other.world_outline()),
                    format!("body {i} in body {j}"),
                );
            }
        }
    }
    worst
}

/// Whether the segment `p → q` crosses the wall's centre line.
pub fn crosses(p: Vec2, q: Vec2, wall: &Wall) -> bool {
    let side = |point: Vec2, a: Vec2, b: Vec2| (b - a).perp_dot(point - a);
    let (a, b) = (wall.a, wall.b);
    let (s1, s2) = (side(p, a, b), side(q, a, b));
    let (s3, s4) = (side(a, p, q), side(b, p, q));
    s1 * s2 < 0.0 && s3 * s4 < 0.0
}
