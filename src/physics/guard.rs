//! The last word of a tick on where bodies end: never through anything.
//!
//! The soft solver keeps bodies apart well but not absolutely: a body hit
//! hard mid-tick may travel farther than its contacts reached, and a body
//! squeezed between a door and a wall cannot satisfy both. So, after the
//! solver:
//! - a body that moved more than half its own size in the tick is swept
//!   from where it started, by translation, against the walls and
//!   obstacles it could have met (the collider's own sweeps, both ways
//!   round), and stopped where it first touches;
//! - a body left deeper than [`GUARD_DEPTH`] in anything is moved out to
//!   [`LINEAR_SLOP`]: out of other bodies by the share of its inverse
//!   mass, then out of door leaves and the walker, and last out of walls
//!   and obstacles, which win;
//! - a door leaf that still holds a body deeper than [`GUARD_DEPTH`] is
//!   blocked: the caller puts it back where it was and makes it give way,
//!   and the bodies near it are moved out of where it goes back to.

use glam::Vec2;

use crate::collision::{ConvexPolygon, sweep_against_obstacle, sweep_against_wall};

use super::body::LooseBody;
use super::broad_phase::{Bounds, Neighbours, file_in};
use super::contact::{Contact, Partner, SPECULATIVE_DISTANCE};
use super::fixed::{FixedScene, Original};
use super::gather::standing_box;
use super::input::{DoorMotion, StepInput, WalkerCircle};
use super::manifold::{FACE_PREFERENCE, Manifold, Rounded, collide};
use super::rotation::Rotation;
use super::sleep::Sleep;
use super::surroundings::Surroundings;
use super::tolerance::LINEAR_SLOP;

/// The deepest (m) a body may end a tick in anything; deeper is moved out.
pub(super) const GUARD_DEPTH: f32 = 1.5 * LINEAR_SLOP;

/// A body that moved more than this share of its smallest half-width in
/// a tick is swept.
const FAST_SHARE: f32 = 0.5;

/// How many times the deep bodies are moved out, at most.
const GUARD_PASSES: usize = 6;

/// Where an awake body stood when the tick began.
#[derive(Debug, Clone, Copy)]
pub(super) struct TickStart {
    /// The body.
    pub body: u32,
    /// Its centroid.
    pub position: Vec2,
    /// Its turn.
    pub rotation: Rotation,
}

/// The earliest of two hits (t, normal out of the fixed shape).
fn earlier(best: Option<(f32, Vec2)>, hit: Option<(f32, Vec2)>) -> Option<(f32, Vec2)> {
    match (best, hit) {
        (Some(b), Some(h)) if h.0 < b.0 => Some(h),
        (None, h) => h,
        (b, _) => b,
    }
}

/// The first touch of `outline` (a body's outline where it started)
/// moving by `travel` with a fixed shape: (fraction, normal out of it).
fn first_touch(
    outline: &[Vec2],
    polygon: Option<&ConvexPolygon>,
    travel: Vec2,
    original: &Original,
) -> Option<(f32, Vec2)> {
    let mut best = None;
    for &vertex in outline {
        let hit = match original {
            Original::Wall(wall) => sweep_against_wall(vertex, travel, wall),
            Original::Obstacle(obstacle) => sweep_against_obstacle(vertex, travel, obstacle, 0.0),
        };
        best = earlier(best, hit.map(|hit| (hit.t, hit.normal)));
    }
    let (corners, radius) = match original {
        Original::Wall(wall) => (vec![wall.a, wall.b], wall.radius.max(0.0)),
        Original::Obstacle(obstacle) => (obstacle.points().to_vec(), 0.0),
    };
    if let Some(polygon) = polygon {
        for corner in corners {
            let hit = sweep_against_obstacle(corner, -travel, polygon, radius);
            best = earlier(best, hit.map(|hit| (hit.t, -hit.normal)));
        }
    }
    best
}

/// Stops each fast body where it first touched a wall or an obstacle on
/// its way, when it would otherwise end deeper than [`LINEAR_SLOP`] in it.
pub(super) fn sweep_fast_bodies(
    bodies: &mut [LooseBody],
    fixed: &FixedScene,
    starts: &[TickStart],
    found: &mut Vec<u32>,
) {
    for start in starts {
        let body = &mut bodies[start.body as usize];
        let travel = body.position - start.position;
        if travel.length() <= FAST_SHARE * body.inner_reach() {
            continue;
        }
        let outline: Vec<Vec2> = body.world_outline().iter().map(|&p| p - travel).collect();
        let polygon = ConvexPolygon::new(outline.clone()).ok();
        let bounds =
            Bounds::of_points(&outline, 0.0).union(Bounds::of_points(body.world_outline(), 0.0));
        fixed.near(bounds, found);
        let mut best = None;
        for &id in found.iter() {
            let hit = first_touch(
                &outline,
                polygon.as_ref(),
                travel,
                fixed.shape(id).original(),
            );
            best = earlier(best, hit);
        }
        if let Some((fraction, normal)) = best {
            let inward = -travel.dot(normal);
            if (1.0 - fraction) * inward > LINEAR_SLOP {
                body.position = start.position + travel * fraction;
                let into = body.linear_velocity.dot(normal);
                if into < 0.0 {
                    body.linear_velocity -= normal * into;
                }
                body.refresh_world();
            }
        }
    }
}

/// The manifold of `a` and `b` when they overlap deeper than
/// [`GUARD_DEPTH`]. Its margin is that depth, less the slack by which
/// either shape's face may be preferred, so that shapes merely touching
/// are told apart by their first separating axis, with the same answer as
/// a manifold of every point.
fn too_deep(a: Rounded, b: Rounded) -> Option<Manifold> {
    let margin = FACE_PREFERENCE - GUARD_DEPTH;
    collide(a, b, margin).filter(|manifold| -manifold.deepest() > GUARD_DEPTH)
}

/// Moves `body` out of `shape` when it is deeper than [`GUARD_DEPTH`] in
/// it; whether it moved.
fn move_out_of(body: &mut LooseBody, shape: Rounded) -> bool {
    let Some(manifold) = too_deep(body.rounded(), shape) else {
        return false;
    };
    move_out(body, manifold.normal, -manifold.deepest());
    true
}

/// Moves body `id` out along `-normal` (the normal points from it into
/// what it is in) from `depth` to [`LINEAR_SLOP`], and takes away its
/// velocity into it.
fn move_out(body: &mut LooseBody, normal: Vec2, depth: f32) {
    body.position -= normal * (depth - LINEAR_SLOP);
    let into = body.linear_velocity.dot(normal);
    if into > 0.0 {
        body.linear_velocity -= normal * into;
    }
    body.refresh_world();
}

/// The bodies that may end the tick too deep: those that went farther
/// than their contacts reached, and the sides of each contact that ended
/// deeper than [`GUARD_DEPTH`], at the points it follows or, when a side
/// turned enough for another corner to lead, anywhere. A body without
/// contacts was farther from everything than it and the other side could
/// move, and kept its speed: turning, it meets nothing. `turned` is a
/// scratch list, by slot.
pub(super) fn find_deep_bodies(
    (bodies, fixed): (&[LooseBody], &FixedScene),
    contacts: &[Contact],
    starts: &[TickStart],
    ahead: &[f32],
    seconds: f32,
    (deep, turned): (&mut Vec<u32>, &mut Vec<bool>),
) {
    deep.clear();
    turned.clear();
    for start in starts {
        let body = &bodies[start.body as usize];
        let turn = (body.rotation.rotate(Vec2::X) - start.rotation.rotate(Vec2::X)).length();
        let swing = turn * body.reach();
        let travel = body.position.distance(start.position) + swing;
        if travel > ahead[start.body as usize] + SPECULATIVE_DISTANCE {
            deep.push(start.body);
        }
        turned.push(swing > LINEAR_SLOP);
    }
    for contact in contacts {
        let (slot, partner_slot) = contact.slots();
        let a_side_turned =
            turned[slot as usize] || partner_slot.is_some_and(|slot| turned[slot as usize]);
        let deep_now = contact.separation_now(bodies, seconds) < -GUARD_DEPTH
            || (a_side_turned && overlaps_deep(contact, bodies, fixed));
        if deep_now {
            deep.push(contact.body);
            if let Partner::Body(other) = contact.partner {
                deep.push(other);
            }
        }
    }
    deep.sort_unstable();
    deep.dedup();
}

/// Whether the sides of `contact` overlap deeper than [`GUARD_DEPTH`]
/// anywhere as they stand now; a door leaf or the walker is taken to.
fn overlaps_deep(contact: &Contact, bodies: &[LooseBody], fixed: &FixedScene) -> bool {
    let body = &bodies[contact.body as usize];
    let partner = match contact.partner {
        Partner::Body(other) | Partner::Sleeping(other) => {
            let other = &bodies[other as usize];
            // Bodies whose boxes are apart are apart: never too deep.
            if !body.world_bounds().overlaps(&other.world_bounds()) {
                return false;
            }
            other.rounded()
        }
        Partner::Fixed(shape) => fixed.shape(shape).rounded(),
        Partner::Door(_) | Partner::Walker { .. } => return true,
    };
    too_deep(body.rounded(), partner).is_some()
}

/// Moves the bodies in `deep` out of whatever they are deeper than
/// [`GUARD_DEPTH`] in, the door leaves where they stand after the tick;
/// a leaf that still holds a body that deep is blocked, goes back to where
/// it stood before, and the bodies near it are moved out of it there, until
/// no more doors are blocked. A body still held by a leaf that went back
/// goes back too, to where it stood when the tick began, and stops (as in
/// Quake's `SV_PushMove`). Returns the blocked doors, ascending.
pub(super) fn push_out_and_block_doors(
    bodies: &mut [LooseBody],
    surroundings: Surroundings,
    sleep: &Sleep,
    input: &StepInput,
    starts: &[TickStart],
    deep: &mut Vec<u32>,
    found: &mut Vec<u32>,
) -> Vec<usize> {
    let Surroundings { fixed, neighbours } = surroundings;
    let mut leaves: Vec<Rounded> = input.doors.iter().map(DoorMotion::after).collect();
    let mut blocked: Vec<usize> = Vec::new();
    loop {
        let around = Surroundings {
            fixed,
            neighbours: &mut *neighbours,
        };
        push_out_deep(bodies, around, sleep, &leaves, input.walker, deep, found);
        for &door in &blocked {
            let around = (&mut *neighbours, fixed);
            put_back_held_bodies(bodies, around, leaves[door], starts, found);
        }
        let newly: Vec<usize> = holding_doors(bodies, neighbours, &leaves, found)
            .into_iter()
            .filter(|door| !blocked.contains(door))
            .collect();
        if newly.is_empty() {
            blocked.sort_unstable();
            return blocked;
        }
        deep.clear();
        for door in newly {
            leaves[door] = input.doors[door].before();
            neighbours.near(Bounds::of_points(leaves[door].points, 0.0), found);
            deep.extend(found.iter().filter(|&&id| sleep.is_awake(id)));
            blocked.push(door);
        }
        deep.sort_unstable();
        deep.dedup();
    }
}

/// Puts the awake bodies that `leaf` holds deeper than [`GUARD_DEPTH`]
/// back where they stood when the tick began, stopped, and files them
/// there.
fn put_back_held_bodies(
    bodies: &mut [LooseBody],
    (neighbours, fixed): (&mut Neighbours, &FixedScene),
    leaf: Rounded,
    starts: &[TickStart],
    found: &mut Vec<u32>,
) {
    neighbours.near(Bounds::of_points(leaf.points, 0.0), found);
    let mut put_back = Vec::new();
    for &id in found.iter() {
        let Ok(at) = starts.binary_search_by_key(&id, |start| start.body) else {
            continue;
        };
        let body = &mut bodies[id as usize];
        if too_deep(body.rounded(), leaf).is_some() {
            body.position = starts[at].position;
            body.rotation = starts[at].rotation;
            body.linear_velocity = Vec2::ZERO;
            body.angular_velocity = 0.0;
            body.refresh_world();
            put_back.push(id);
        }
    }
    for id in put_back {
        neighbours.hold(
            id,
            standing_box(&bodies[id as usize]),
            Vec2::ZERO,
            found,
            fixed.near_query(),
        );
    }
}

/// Whether `body` touches a wall or an obstacle among `near` (the fixed
/// shapes near its fat box): moved apart from another body, it cannot give
/// way on that side, so the other gives way all.
fn pinned(body: &LooseBody, near: &[u32], fixed: &FixedScene, found: &mut Vec<u32>) -> bool {
    fixed.near_among(near, Bounds::around(body.position, body.reach()), found);
    found
        .iter()
        .any(|&id| collide(body.rounded(), fixed.shape(id).rounded(), LINEAR_SLOP).is_some())
}

/// Moves the bodies in `deep` out of whatever they are deeper than
/// [`GUARD_DEPTH`] in, in passes until nothing moves.
fn push_out_deep(
    bodies: &mut [LooseBody],
    Surroundings { fixed, neighbours }: Surroundings,
    sleep: &Sleep,
    leaves: &[Rounded],
    walker: Option<WalkerCircle>,
    deep: &mut Vec<u32>,
    found: &mut Vec<u32>,
) {
    let centre = walker.map(|walker| [walker.position]);
    let walker = walker.zip(centre.as_ref()).map(|(walker, centre)| Rounded {
        points: centre,
        normals: &[],
        radius: walker.radius,
    });
    let pass = DeepPass {
        fixed,
        sleep,
        leaves,
        walker,
    };
    let mut found_fixed = Vec::new();
    let mut looked_at = deep.clone();
    for _ in 0..GUARD_PASSES {
        let mut moved = Vec::new();
        for &id in &looked_at {
            let scratch = (&mut *found, &mut found_fixed);
            pass.out_of_bodies(id, bodies, neighbours, scratch, &mut moved);
            pass.out_of_the_rest(id, bodies, neighbours, found, &mut moved);
        }
        if moved.is_empty() {
            return;
        }
        moved.sort_unstable();
        moved.dedup();
        for &id in &moved {
            file_in(deep, id);
        }
        near_moved(&moved, neighbours, &mut looked_at);
        looked_at.retain(|id| deep.binary_search(id).is_ok());
    }
}

/// The bodies that `moved` and their neighbours are, ascending, into
/// `near`: those the next pass looks at again. Any other deep body found
/// nothing to move out of when the pass looked at it (else it, or what it
/// was in, would have moved), and nothing near it has moved since, so a
/// second look would find nothing again and move nothing.
fn near_moved(moved: &[u32], neighbours: &Neighbours, near: &mut Vec<u32>) {
    near.clear();
    for &id in moved {
        near.push(id);
        near.extend_from_slice(neighbours.of(id));
    }
    near.sort_unstable();
    near.dedup();
}

/// What one pass of [`push_out_deep`] moves deep bodies out of.
struct DeepPass<'a> {
    fixed: &'a FixedScene,
    sleep: &'a Sleep,
    leaves: &'a [Rounded<'a>],
    walker: Option<Rounded<'a>>,
}

impl DeepPass<'_> {
    /// Moves body `id` and the awake bodies among its neighbours that it
    /// is deeper than [`GUARD_DEPTH`] in apart, by their inverse masses (a
    /// body pinned against the fixed scene, or asleep, does not move), and
    /// files them where they end; adds every body moved to `moved`.
    /// `found` and `found_fixed` are scratch lists.
    fn out_of_bodies(
        &self,
        id: u32,
        bodies: &mut [LooseBody],
        neighbours: &mut Neighbours,
        (found, found_fixed): (&mut Vec<u32>, &mut Vec<u32>),
        moved: &mut Vec<u32>,
    ) {
        found.clear();
        found.extend_from_slice(neighbours.of(id));
        for &other in found.iter() {
            let (a, b) = (&bodies[id as usize], &bodies[other as usize]);
            // Bodies whose boxes are apart are apart: never too deep.
            let boxes_apart = !a.world_bounds().overlaps(&b.world_bounds());
            if boxes_apart || a.position.distance(b.position) > a.reach() + b.reach() {
                continue;
            }
            let Some(manifold) = too_deep(a.rounded(), b.rounded()) else {
                continue;
            };
            let depth = -manifold.deepest();
            let other_awake = self.sleep.is_awake(other);
            let a_pinned = pinned(a, neighbours.fixed_of(id), self.fixed, found_fixed);
            let b_pinned = pinned(b, neighbours.fixed_of(other), self.fixed, found_fixed);
            let share = match (a_pinned, b_pinned || !other_awake) {
                (false, true) => 1.0,
                (true, false) => 0.0,
                _ => {
                    let (inverse_a, inverse_b) = (
                        a.inverse_mass(),
                        if other_awake { b.inverse_mass() } else { 0.0 },
                    );
                    inverse_a / (inverse_a + inverse_b)
                }
            };
            let correction = depth - LINEAR_SLOP;
            let a = &mut bodies[id as usize];
            a.position -= manifold.normal * (correction * share);
            a.refresh_world();
            self.file_where_it_stands(id, a, neighbours, found_fixed);
            if other_awake {
                let b = &mut bodies[other as usize];
                b.position += manifold.normal * (correction * (1.0 - share));
                b.refresh_world();
                self.file_where_it_stands(other, b, neighbours, found_fixed);
                moved.push(other);
            }
            moved.push(id);
        }
    }

    /// Makes the neighbours of body `id`, moved out to where `body`
    /// stands, hold it there (its fat box reaching ahead along its
    /// velocity). `found` is a scratch list.
    fn file_where_it_stands(
        &self,
        id: u32,
        body: &LooseBody,
        neighbours: &mut Neighbours,
        found: &mut Vec<u32>,
    ) {
        let held = standing_box(body);
        neighbours.hold(
            id,
            held,
            body.linear_velocity,
            found,
            self.fixed.near_query(),
        );
    }

    /// Moves body `id` out of every door leaf, the walker and every fixed
    /// shape it is deeper than [`GUARD_DEPTH`] in, and files it where it
    /// ends; adds it to `moved` when it moves. `found` is a scratch list.
    fn out_of_the_rest(
        &self,
        id: u32,
        bodies: &mut [LooseBody],
        neighbours: &mut Neighbours,
        found: &mut Vec<u32>,
        moved: &mut Vec<u32>,
    ) {
        let body = &mut bodies[id as usize];
        let mut moved_out = false;
        for &leaf in self.leaves {
            moved_out |= move_out_of(body, leaf);
        }
        if let Some(walker) = self.walker {
            moved_out |= move_out_of(body, walker);
        }
        if moved_out {
            self.file_where_it_stands(id, body, neighbours, found);
        }
        let bounds = Bounds::around(body.position, body.reach());
        self.fixed
            .near_among(neighbours.fixed_of(id), bounds, found);
        let mut moved_out_of_fixed = false;
        for &shape in found.iter() {
            moved_out_of_fixed |= move_out_of(body, self.fixed.shape(shape).rounded());
        }
        if moved_out_of_fixed {
            self.file_where_it_stands(id, body, neighbours, found);
        }
        if moved_out || moved_out_of_fixed {
            moved.push(id);
        }
    }
}

/// The door leaves that hold a body deeper than [`GUARD_DEPTH`],
/// ascending.
fn holding_doors(
    bodies: &[LooseBody],
    neighbours: &Neighbours,
    leaves: &[Rounded],
    found: &mut Vec<u32>,
) -> Vec<usize> {
    let mut blocked = Vec::new();
    for (door_index, &leaf) in leaves.iter().enumerate() {
        neighbours.near(Bounds::of_points(leaf.points, 0.0), found);
        let squeezed = found
            .iter()
            .any(|&id| too_deep(bodies[id as usize].rounded(), leaf).is_some());
        if squeezed {
            blocked.push(door_index);
        }
    }
    blocked
}
