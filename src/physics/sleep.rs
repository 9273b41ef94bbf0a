//! Which bodies are awake. A body is still when its fastest point moves
//! slower than [`SLEEP_SPEED`]; bodies that touch form an island, and an
//! island whose bodies have all been still for [`SLEEP_SECONDS`] falls
//! asleep together (as Box2D's islands do), so that two resting bodies
//! never wake each other in turn. A sleeping body is not visited at all:
//! it is woken by a moving body, the pushing walker or a moving door
//! coming near, by a contact that pushed it, and by a kick.

use glam::Vec2;

use super::body::LooseBody;
use super::broad_phase::{Bounds, Neighbours};
use super::contact::{Contact, Partner};
use super::tolerance::LINEAR_SLOP;

/// Below this speed (m/s), of its centroid and of its farthest corner
/// turning, a body counts as still.
pub(super) const SLEEP_SPEED: f32 = 0.05;

/// How long (s) an island stays still before it sleeps.
pub(super) const SLEEP_SECONDS: f32 = 0.5;

/// The bodies' sleep: who is awake, for how long each has been still.
#[derive(Debug, Clone)]
pub(super) struct Sleep {
    awake: Vec<u32>,
    is_awake: Vec<bool>,
    still_seconds: Vec<f32>,
    /// Union-find parents over the awake list, reused each tick.
    parents: Vec<u32>,
    /// Each island's shortest stillness, reused each tick.
    island_still: Vec<f32>,
}

impl Sleep {
    /// `count` bodies, all awake.
    pub fn all_awake(count: usize) -> Self {
        Self {
            awake: (0..count as u32).collect(),
            is_awake: vec![true; count],
            still_seconds: vec![0.0; count],
            parents: Vec::new(),
            island_still: Vec::new(),
        }
    }

    /// The awake bodies: ascending after [`sort`](Self::sort), woken ones
    /// appended in the order they woke since.
    pub fn awake(&self) -> &[u32] {
        &self.awake
    }

    /// Whether body `id` is awake.
    pub fn is_awake(&self, id: u32) -> bool {
        self.is_awake[id as usize]
    }

    /// Wakes body `id`; it stays awake at least [`SLEEP_SECONDS`].
    pub fn wake(&mut self, id: u32) {
        let at = id as usize;
        self.still_seconds[at] = 0.0;
        if !self.is_awake[at] {
            self.is_awake[at] = true;
            self.awake.push(id);
        }
    }

    /// Puts the awake list in ascending order again after wakes.
    pub fn sort(&mut self) {
        self.awake.sort_unstable();
    }

    /// Wakes every sleeping body that may reach into `bounds`.
    pub fn wake_near(
        &mut self,
        bodies: &[LooseBody],
        neighbours: &Neighbours,
        bounds: Bounds,
        found: &mut Vec<u32>,
    ) {
        neighbours.near(bounds, found);
        self.wake_among(bodies, found, bounds);
    }

    /// Wakes every sleeping body among `candidates` that may reach into
    /// `bounds`, in the order given.
    pub fn wake_among(&mut self, bodies: &[LooseBody], candidates: &[u32], bounds: Bounds) {
        for &id in candidates {
            let body = &bodies[id as usize];
            if !self.is_awake(id) && Bounds::around(body.position, body.reach()).overlaps(&bounds) {
                self.wake(id);
            }
        }
    }

    /// After a tick of `seconds` whose `contacts` know their sides' solver
    /// slots (the awake list's order, unchanged since the solver took
    /// it): counts each awake body's stillness, puts
    /// islands still long enough to sleep (stopping them exactly), and
    /// wakes the sleeping bodies that a contact pushed.
    pub fn settle(&mut self, bodies: &mut [LooseBody], contacts: &[Contact], seconds: f32) {
        let mut longest_still: f32 = 0.0;
        for &id in &self.awake {
            let body = &bodies[id as usize];
            let speed = body.linear_velocity.length() + body.angular_velocity.abs() * body.reach();
            let still = &mut self.still_seconds[id as usize];
            *still = if speed < SLEEP_SPEED {
                *still + seconds
            } else {
                0.0
            };
            longest_still = longest_still.max(*still);
        }
        // An island sleeps only when every body of it has been still long
        // enough: with no body that long, none sleeps, and the islands
        // need not be found.
        if longest_still >= SLEEP_SECONDS {
            self.put_still_islands_to_sleep(bodies, contacts, seconds);
        }
        let is_awake = &self.is_awake;
        self.awake.retain(|&id| is_awake[id as usize]);
        for contact in contacts {
            if let Partner::Sleeping(other) = contact.partner
                && self.is_awake(contact.body)
                && contact.max_normal_impulse() > 0.0
            {
                self.wake(other);
            }
        }
        self.sort();
    }
}

impl Sleep {
    /// Puts to sleep the islands whose every body has been still for
    /// [`SLEEP_SECONDS`] (bodies join an island through the contacts that
    /// touch), stopping them exactly.
    fn put_still_islands_to_sleep(
        &mut self,
        bodies: &mut [LooseBody],
        contacts: &[Contact],
        seconds: f32,
    ) {
        let count = self.awake.len();
        self.parents.clear();
        self.parents.extend(0..count as u32);
        for contact in contacts {
            if let (a, Some(b)) = contact.slots() {
                let touching = contact.max_normal_impulse() > 0.0
                    || contact.separation_now(bodies, seconds) < LINEAR_SLOP;
                if touching {
                    union(&mut self.parents, a, b);
                }
            }
        }
        self.island_still.clear();
        self.island_still.resize(count, f32::INFINITY);
        for (at, &id) in self.awake.iter().enumerate() {
            let still = self.still_seconds[id as usize];
            let root = find(&mut self.parents, at as u32) as usize;
            self.island_still[root] = self.island_still[root].min(still);
        }
        for at in 0..count {
            let root = find(&mut self.parents, at as u32) as usize;
            if self.island_still[root] >= SLEEP_SECONDS {
                let id = self.awake[at];
                self.is_awake[id as usize] = false;
                let body = &mut bodies[id as usize];
                body.linear_velocity = Vec2::ZERO;
                body.angular_velocity = 0.0;
            }
        }
    }
}

/// The root of `node`'s set, halving the path on the way.
fn find(parents: &mut [u32], mut node: u32) -> u32 {
    while parents[node as usize] != node {
        let grandparent = parents[parents[node as usize] as usize];
        parents[node as usize] = grandparent;
        node = grandparent;
    }
    node
}

/// Joins the sets of `a` and `b` (the smaller root becomes the parent, so
/// the result does not depend on the order of joins' sides).
fn union(parents: &mut [u32], a: u32, b: u32) {
    let (root_a, root_b) = (find(parents, a), find(parents, b));
    let (low, high) = (root_a.min(root_b), root_a.max(root_b));
    parents[high as usize] = low;
}
