//! The level's loose bodies on the simulation's tick: where the file
//! places them, where they are now and were a tick ago, what they strike,
//! and how a frame draws them. Edit mode shows them where the file places
//! them; leaving it, or any change of level, starts them from there
//! again. The tick's **bodies** phase is [`Bodies::step`]: pushed by the
//! eye, knocked by the leaves.

use glam::Vec2;

use crate::collision::Leaf;
use crate::level::mesh::MovingShape;
use crate::level::{Level, MaterialId};
use crate::physics::{
    BodyHit, DoorMotion, FixedScene, Impact, LooseBodies, Rotation, StepInput, StepOptions, Struck,
    WalkerCircle, WalkerMove,
};
use crate::tick::TICK_SECONDS;

/// How a body is drawn: its obstacle's height, material and `base`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Look {
    height: f32,
    material: MaterialId,
    base: Option<f32>,
}

/// The level's loose bodies, by their index among its loose obstacles in
/// file order.
#[derive(Debug, Clone)]
pub struct Bodies {
    /// As the file places them, at rest: what a reset restores.
    placed: LooseBodies,
    /// Where they are now.
    live: LooseBodies,
    /// Each body's pose before the last tick, for drawing between ticks.
    previous: Vec<(Vec2, Rotation)>,
    /// The bodies whose pose changed in the last tick, ascending.
    moved: Vec<usize>,
    looks: Vec<Look>,
    /// Each door leaf's motion in the last tick, by door index: a leaf
    /// that moved (or stood) as in the tick before keeps its motion, so a
    /// tick among many still doors makes none anew.
    door_motions: Vec<DoorMotion>,
    /// The leaves before and after the tick that each of `door_motions`
    /// was made from.
    door_spans: Vec<(Leaf, Leaf)>,
    /// The level's `[player] push`, N.
    push_force: f32,
    /// The level's `[player] kick`, N·s.
    kick_impulse: f32,
    /// What the bodies may strike that never moves, for their impacts'
    /// materials: empty without bodies.
    fixed_materials: FixedMaterials,
}

/// The materials of the walls and fixed obstacles, in the order the
/// bodies' fixed scene was made of them.
#[derive(Debug, Clone, Default, PartialEq)]
struct FixedMaterials {
    walls: Vec<MaterialId>,
    obstacles: Vec<MaterialId>,
}

/// What one tick of the bodies did.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct BodiesTick {
    /// The doors whose move would squeeze a body, ascending: they must go
    /// back and give way.
    pub blocked_doors: Vec<usize>,
    /// The contacts that struck hard, in solving order.
    pub impacts: Vec<Impact>,
    /// The bodies that moved this tick and stood still the tick before,
    /// ascending.
    pub started: Vec<usize>,
    /// The bodies that moved the tick before and stand still now,
    /// ascending.
    pub stopped: Vec<usize>,
}

impl Default for Bodies {
    /// No bodies.
    fn default() -> Self {
        Self::from_level_parts(
            LooseBodies::new(FixedScene::empty(), Vec::new()),
            Vec::new(),
            FixedMaterials::default(),
            (0.0, 0.0),
        )
    }
}

impl PartialEq for Bodies {
    /// The same bodies in the same state, to the bit.
    fn eq(&self, other: &Self) -> bool {
        self.looks == other.looks
            && self.live.state_hash() == other.live.state_hash()
            && self.previous == other.previous
            && self.moved == other.moved
            && self.push_force.to_bits() == other.push_force.to_bits()
            && self.kick_impulse.to_bits() == other.kick_impulse.to_bits()
            && self.fixed_materials == other.fixed_materials
    }
}

impl Bodies {
    /// `level`'s loose obstacles, at rest where the file places them.
    pub fn new(level: &Level) -> Self {
        let looks = level
            .loose_obstacles()
            .map(|(_, obstacle)| Look {
                height: obstacle.height,
                material: obstacle.material,
                base: obstacle.base,
            })
            .collect::<Vec<_>>();
        let fixed_materials = if looks.is_empty() {
            FixedMaterials::default()
        } else {
            FixedMaterials {
                walls: level.body_walls().into_iter().map(|(_, m)| m).collect(),
                obstacles: level.fixed_obstacles().map(|o| o.material).collect(),
            }
        };
        Self::from_level_parts(
            level.loose_bodies(),
            looks,
            fixed_materials,
            (level.player.push, level.player.kick),
        )
    }

    /// The bodies `placed`, drawn as `looks` say, among walls and fixed
    /// obstacles of `fixed_materials`, pushed and kicked with
    /// `(push_force, kick_impulse)`.
    fn from_level_parts(
        placed: LooseBodies,
        looks: Vec<Look>,
        fixed_materials: FixedMaterials,
        (push_force, kick_impulse): (f32, f32),
    ) -> Self {
        let previous = poses(&placed);
        Self {
            live: placed.clone(),
            placed,
            previous,
            moved: Vec::new(),
            looks,
            door_motions: Vec::new(),
            door_spans: Vec::new(),
            push_force,
            kick_impulse,
            fixed_materials,
        }
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.looks.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.looks.is_empty()
    }

    /// The bodies where they are now.
    pub fn live(&self) -> &LooseBodies {
        &self.live
    }

    /// The bodies whose pose changed in the last tick, ascending.
    pub fn moved(&self) -> &[usize] {
        &self.moved
    }

    /// Every body back where the file places it, at rest. Returns the
    /// bodies that were moving, ascending: they stop.
    pub(super) fn reset(&mut self) -> Vec<usize> {
        self.live = self.placed.clone();
        self.previous = poses(&self.live);
        std::mem::take(&mut self.moved)
    }

    /// Body `index`'s material (`None` past the end).
    pub fn material(&self, index: usize) -> Option<MaterialId> {
        self.looks.get(index).map(|look| look.material)
    }

    /// The material of what a body struck that is no door (a door's is
    /// the door's): another body, a wall or a fixed obstacle; `None` for
    /// the eye.
    pub fn struck_material(&self, struck: Struck) -> Option<MaterialId> {
        match struck {
            Struck::Body(index) => self.material(index),
            Struck::Wall(index) => self.fixed_materials.walls.get(index).copied(),
            Struck::Obstacle(index) => self.fixed_materials.obstacles.get(index).copied(),
            Struck::Door(_) | Struck::Walker => None,
        }
    }

    /// The first body the ray from `from` to `to` meets.
    pub fn ray_cast(&self, from: Vec2, to: Vec2) -> Option<BodyHit> {
        self.live.ray_cast(from, to)
    }

    /// Kicks the body `hit` names where the ray met it, with the level's
    /// kick impulse along `direction` (a unit vector). Returns the
    /// impulse, unless the kick was refused (non-finite numbers).
    pub(super) fn kick(&mut self, hit: BodyHit, direction: Vec2) -> Option<Vec2> {
        let impulse = direction * self.kick_impulse;
        self.live
            .kick(hit.body, hit.point, impulse)
            .then_some(impulse)
    }

    /// The walker's move from `from` by `delta`, stopped at the first body
    /// its circle of `radius` meets (see [`LooseBodies::clip_walker_move`]).
    pub(super) fn clip_walker_move(&mut self, from: Vec2, delta: Vec2, radius: f32) -> WalkerMove {
        self.live.clip_walker_move(from, delta, radius)
    }

    /// The walker as the bodies meet it: at `position`, of `radius`,
    /// pushing toward `velocity` with the level's push force.
    pub(super) fn walker_circle(
        &self,
        position: Vec2,
        radius: f32,
        velocity: Vec2,
    ) -> WalkerCircle {
        WalkerCircle {
            position,
            radius,
            push_velocity: velocity,
            push_force: self.push_force,
        }
    }

    /// **Bodies**: one tick of the bodies, door leaves moving from
    /// `doors_before` to `doors_after` (by door index), and the walker as
    /// `walker` says (`None` in ghost mode).
    pub(super) fn step(
        &mut self,
        doors_before: &[Leaf],
        doors_after: &[Leaf],
        walker: Option<WalkerCircle>,
    ) -> BodiesTick {
        for &index in &self.moved {
            let body = &self.live.bodies()[index];
            self.previous[index] = (body.position(), body.rotation());
        }
        let doors = doors_before.len().min(doors_after.len());
        self.door_motions.truncate(doors);
        self.door_spans.truncate(doors);
        for (index, span) in doors_before
            .iter()
            .copied()
            .zip(doors_after.iter().copied())
            .enumerate()
        {
            let motion = || DoorMotion::new(&span.0, &span.1, TICK_SECONDS);
            if index == self.door_spans.len() {
                self.door_spans.push(span);
                self.door_motions.push(motion());
            } else if self.door_spans[index] != span {
                self.door_spans[index] = span;
                self.door_motions[index] = motion();
            }
        }
        let input = StepInput {
            doors: &self.door_motions,
            walker,
        };
        let outcome = self.live.step(&input, &StepOptions::default());
        let moved_before = std::mem::replace(&mut self.moved, outcome.moved);
        BodiesTick {
            blocked_doors: outcome.blocked_doors,
            impacts: outcome.impacts,
            started: (self.moved.iter().copied())
                .filter(not_in(&moved_before))
                .collect(),
            stopped: (moved_before.iter().copied())
                .filter(not_in(&self.moved))
                .collect(),
        }
    }

    /// Body `index`'s outline `alpha` (0..=1) of the way from its pose
    /// before the last tick to its pose now (a NaN `alpha` draws now).
    pub fn interpolated_outline(&self, index: usize, alpha: f32) -> Vec<Vec2> {
        let Some(body) = self.live.bodies().get(index) else {
            return Vec::new();
        };
        let alpha = if alpha.is_nan() {
            1.0
        } else {
            alpha.clamp(0.0, 1.0)
        };
        let (position_before, rotation_before) = self.previous[index];
        let position = position_before.lerp(body.position(), alpha);
        let rotation = rotation_before.blend(body.rotation(), alpha);
        body.outline()
            .iter()
            .map(|&point| position + rotation.rotate(point))
            .collect()
    }

    /// The bodies within `reach` of `eye` (by their outlines' farthest
    /// point) as a frame draws them, `alpha` of the way through the last
    /// tick. A body at rest casts a shadow as a fixed obstacle does; a
    /// moving one casts none until it rests.
    pub fn shapes_near(&self, alpha: f32, eye: Vec2, reach: f32) -> Vec<MovingShape> {
        self.live
            .bodies()
            .iter()
            .zip(&self.looks)
            .enumerate()
            .filter(|(_, (body, _))| body.position().distance(eye) <= reach + body.reach())
            .map(|(index, (_, look))| MovingShape {
                outline: self.interpolated_outline(index, alpha),
                height: look.height,
                material: look.material,
                base: look.base,
                shadow_height: (!self.live.is_awake(index)).then_some(look.height),
            })
            .collect()
    }

    /// A hash of the bits of every body's position, turn and velocities.
    pub fn state_hash(&self) -> u64 {
        self.live.state_hash()
    }
}

/// Whether a body is missing from `list` (ascending).
fn not_in(list: &[usize]) -> impl Fn(&usize) -> bool + '_ {
    |body| list.binary_search(body).is_err()
}

/// Each body's pose now.
fn poses(bodies: &LooseBodies) -> Vec<(Vec2, Rotation)> {
    bodies
        .bodies()
        .iter()
        .map(|body| (body.position(), body.rotation()))
        .collect()
}
