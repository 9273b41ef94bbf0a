//! [`LooseBodies`]: a level's loose bodies with what they collide with, and
//! the queries and kicks the rest of the program calls between ticks.

use glam::Vec2;

use crate::collision::{ConvexPolygon, ray_against_obstacle};

use super::body::LooseBody;
use super::broad_phase::{Bounds, Neighbours};
use super::fixed::FixedScene;
use super::floor::FloorGrip;
use super::gather::{Gathered, standing_box};
use super::guard::TickStart;
use super::sleep::Sleep;
use super::solver_body::SolverBodies;
use super::wide::WideContacts;

/// Where a ray first meets a body.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyHit {
    /// The body's index.
    pub body: usize,
    /// How far along the ray, as a fraction in `0..=1`.
    pub fraction: f32,
    /// Where.
    pub point: Vec2,
}

/// A level's loose bodies, the walls and fixed obstacles they meet, and
/// which of them are awake.
///
/// Bodies keep the index they were given in (the level's loose obstacles
/// in file order); every loop over them runs in that order, so the same
/// calls give the same bits on every run.
#[derive(Debug, Clone)]
pub struct LooseBodies {
    pub(super) bodies: Vec<LooseBody>,
    pub(super) fixed: FixedScene,
    pub(super) neighbours: Neighbours,
    pub(super) sleep: Sleep,
    pub(super) gathered: Gathered,
    pub(super) starts: Vec<TickStart>,
    pub(super) grips: Vec<FloorGrip>,
    pub(super) deep: Vec<u32>,
    /// Whether each awake body turned enough in a tick to be looked at
    /// by the guard, by slot.
    pub(super) turned: Vec<bool>,
    /// The contacts that restitution acts on in a tick, by index.
    pub(super) bouncing: Vec<usize>,
    pub(super) solver: SolverBodies,
    /// The contacts between awake bodies, four at a time.
    pub(super) wide: WideContacts,
}

impl LooseBodies {
    /// `bodies` among `fixed`, all awake (they fall asleep once they have
    /// been still for half a second, overlaps at the start pushed apart
    /// first).
    pub fn new(fixed: FixedScene, bodies: Vec<LooseBody>) -> Self {
        let standing: Vec<Bounds> = bodies.iter().map(standing_box).collect();
        let neighbours = Neighbours::new(fixed.area(), &standing, fixed.near_query());
        Self {
            sleep: Sleep::all_awake(bodies.len()),
            bodies,
            fixed,
            neighbours,
            gathered: Gathered::default(),
            starts: Vec::new(),
            grips: Vec::new(),
            deep: Vec::new(),
            turned: Vec::new(),
            bouncing: Vec::new(),
            solver: SolverBodies::default(),
            wide: WideContacts::default(),
        }
    }

    /// Every body, by index.
    pub fn bodies(&self) -> &[LooseBody] {
        &self.bodies
    }

    /// Whether body `index` is awake (`false` past the end).
    pub fn is_awake(&self, index: usize) -> bool {
        index < self.bodies.len() && self.sleep.is_awake(index as u32)
    }

    /// How many bodies are awake.
    pub fn awake_count(&self) -> usize {
        self.sleep.awake().len()
    }

    /// Kicks body `index`: `impulse` (N·s) applied at world point `point`,
    /// waking it. `false` (and nothing done) past the end or for a
    /// non-finite kick.
    pub fn kick(&mut self, index: usize, point: Vec2, impulse: Vec2) -> bool {
        if index >= self.bodies.len() || !point.is_finite() || !impulse.is_finite() {
            return false;
        }
        self.bodies[index].apply_impulse(impulse, point);
        self.sleep.wake(index as u32);
        true
    }

    /// The first body the segment `from → to` meets (the lowest index on
    /// a tie): what a kick aimed along it hits.
    pub fn ray_cast(&self, from: Vec2, to: Vec2) -> Option<BodyHit> {
        let mut found = Vec::new();
        let bounds = Bounds::of_points(&[from, to], 0.0);
        self.neighbours.near(bounds, &mut found);
        let mut best: Option<BodyHit> = None;
        for id in found {
            let body = &self.bodies[id as usize];
            let Ok(outline) = ConvexPolygon::new(body.world_outline().to_vec()) else {
                continue;
            };
            if let Some(fraction) = ray_against_obstacle(from, to, &outline)
                && best.is_none_or(|b| fraction < b.fraction)
            {
                best = Some(BodyHit {
                    body: id as usize,
                    fraction,
                    point: from.lerp(to, fraction),
                });
            }
        }
        best
    }

    /// A hash of the bits of every body's position, turn and velocities,
    /// in index order (FNV-1a, little-endian): equal hashes mean, all but
    /// surely, bit-identical states.
    pub fn state_hash(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for body in &self.bodies {
            let (cos, sin) = body.rotation.cos_sin();
            let numbers = [
                body.position.x,
                body.position.y,
                cos,
                sin,
                body.linear_velocity.x,
                body.linear_velocity.y,
                body.angular_velocity,
            ];
            for byte in numbers.iter().flat_map(|n| n.to_bits().to_le_bytes()) {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        hash
    }
}
