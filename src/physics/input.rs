//! What a tick is asked: its options, the doors' motion and the walker,
//! in the style of rapier's character controller (options in, outcome
//! out), with every default documented.

use glam::Vec2;

use crate::collision::Leaf;
use crate::portable_math;
use crate::tick::TICK_SECONDS;

use super::body::cross_scalar;
use super::broad_phase::Bounds;
use super::fixed::edge_normals;
use super::manifold::Rounded;

/// The most force (N) the walker pushes with, by default: the level
/// format's `[player] push`.
pub const DEFAULT_PUSH_FORCE: f32 = 300.0;

/// The impulse (N·s) of a kick, by default: the level format's
/// `[player] kick`.
pub const DEFAULT_KICK_IMPULSE: f32 = 60.0;

/// How a tick is stepped.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepOptions {
    /// The tick's length in seconds. Default [`TICK_SECONDS`].
    pub seconds: f32,
    /// Sub-steps a tick is solved in (Box2D recommends 4); at least 1.
    /// Default 4.
    pub sub_steps: u32,
}

impl Default for StepOptions {
    fn default() -> Self {
        Self {
            seconds: TICK_SECONDS,
            sub_steps: 4,
        }
    }
}

/// A door leaf's motion during the tick: where it stood before the doors
/// moved and where it stands after. Bodies meet it moving between the two
/// at a steady velocity.
#[derive(Debug, Clone)]
pub struct DoorMotion {
    before: Vec<Vec2>,
    before_normals: Vec<Vec2>,
    after: Vec<Vec2>,
    after_normals: Vec<Vec2>,
    linear_velocity: Vec2,
    angular_velocity: f32,
    pivot: Vec2,
}

/// A leaf's outline without repeated corners: four for a box, two for a
/// leaf of no thickness, none for an absent leaf (which nothing meets).
fn leaf_outline(leaf: &Leaf) -> Vec<Vec2> {
    if leaf.is_absent() {
        return Vec::new();
    }
    let mut points: Vec<Vec2> = Vec::with_capacity(4);
    for corner in leaf.corners() {
        if points.last() != Some(&corner) && points.first() != Some(&corner) {
            points.push(corner);
        }
    }
    points
}

/// The average of `points`.
fn mean(points: &[Vec2]) -> Vec2 {
    points.iter().copied().sum::<Vec2>() / points.len().max(1) as f32
}

impl DoorMotion {
    /// The leaf moving from `before` to `after` in a tick of `seconds`. A
    /// leaf absent before or after (a rise door's, above the walker's
    /// head) does not move across: it appears or goes where it stands.
    pub fn new(before: &Leaf, after: &Leaf, seconds: f32) -> Self {
        if before.is_absent() || after.is_absent() {
            let (before, after) = (leaf_outline(before), leaf_outline(after));
            return Self {
                before_normals: edge_normals(&before),
                after_normals: edge_normals(&after),
                pivot: mean(&before),
                before,
                after,
                linear_velocity: Vec2::ZERO,
                angular_velocity: 0.0,
            };
        }
        let before_corners = before.corners();
        let after_corners = after.corners();
        let pivot = mean(&before_corners);
        let linear_velocity = (mean(&after_corners) - pivot) / seconds;
        let edge_before = before_corners[1] - before_corners[0];
        let edge_after = after_corners[1] - after_corners[0];
        let turn = portable_math::atan2(
            edge_before.perp_dot(edge_after),
            edge_before.dot(edge_after),
        );
        let (before, after) = (leaf_outline(before), leaf_outline(after));
        Self {
            before_normals: edge_normals(&before),
            after_normals: edge_normals(&after),
            before,
            after,
            linear_velocity,
            angular_velocity: turn / seconds,
            pivot,
        }
    }

    /// A leaf standing still.
    pub fn still(leaf: &Leaf) -> Self {
        Self::new(leaf, leaf, 1.0)
    }

    /// The velocity of the leaf's material at `point`, m/s.
    pub fn velocity_at(&self, point: Vec2) -> Vec2 {
        self.linear_velocity + cross_scalar(self.angular_velocity, point - self.pivot)
    }

    /// How far (m) its farthest-moving corner goes in `seconds`.
    pub(super) fn reach_ahead(&self, seconds: f32) -> f32 {
        self.before
            .iter()
            .map(|&corner| self.velocity_at(corner).length() * seconds)
            .fold(0.0, f32::max)
    }

    /// Whether it moves this tick.
    pub fn is_moving(&self) -> bool {
        self.linear_velocity != Vec2::ZERO || self.angular_velocity != 0.0
    }

    /// The leaf where it stood before the tick.
    pub(super) fn before(&self) -> Rounded<'_> {
        Rounded {
            points: &self.before,
            normals: &self.before_normals,
            radius: 0.0,
        }
    }

    /// The leaf where it stands after the tick.
    pub(super) fn after(&self) -> Rounded<'_> {
        Rounded {
            points: &self.after,
            normals: &self.after_normals,
            radius: 0.0,
        }
    }

    /// The box of both places.
    pub(super) fn swept_bounds(&self) -> Bounds {
        Bounds::of_points(&self.before, 0.0).union(Bounds::of_points(&self.after, 0.0))
    }
}

/// The walker as loose bodies meet it: an immovable circle that pushes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WalkerCircle {
    /// Its centre after its own move this tick.
    pub position: Vec2,
    /// Its body radius, m.
    pub radius: f32,
    /// The velocity it wished to move at, m/s: bodies in its way are
    /// pushed toward this pace.
    pub push_velocity: Vec2,
    /// The most force it pushes with, N (see [`DEFAULT_PUSH_FORCE`]).
    pub push_force: f32,
}

/// What else moves in a tick.
#[derive(Debug, Clone, Copy, Default)]
pub struct StepInput<'a> {
    /// Every door leaf's motion, by door index.
    pub doors: &'a [DoorMotion],
    /// The walker, or `None` in ghost and edit modes (it then pushes and
    /// blocks nothing).
    pub walker: Option<WalkerCircle>,
}
