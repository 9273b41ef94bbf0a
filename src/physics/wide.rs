//! The sub-steps' contacts between two awake bodies, solved four at a
//! time, as Box2D v3's wide contact solver solves them (`contact_solver.c`,
//! `b2SolveContactTwoPointsTask`): the contacts are coloured, so that no
//! two of one colour share a body (its constraint graph), and each colour
//! is cut into groups of four, one contact to a lane, every number of the
//! four held side by side. A pass then does for four contacts what the
//! one-at-a-time pass does for one, in about the same instructions.
//!
//! A contact of one point has a second that never pushes (no mass, far
//! apart), and a group short of four has lanes on a body of its own that
//! nothing moves: every lane runs the same arithmetic. The lanes' numbers
//! are `glam::Vec4`s (SSE2, WebAssembly's SIMD, or plain floats where
//! neither is), and the arithmetic is IEEE 754's add, subtract, multiply
//! and compare, with selects where a pass compares: the same bits on
//! every platform.
//!
//! The contacts of a colour are taken in the gather's order, and colours
//! in turn; contacts with anything else (a sleeping body, a door leaf,
//! the walker, walls and obstacles), and any that finds every colour
//! taken, are solved one at a time after them, in the gather's order, so
//! that what does not move still has the last word in each pass.

use glam::Vec4;

use super::contact::{Contact, MAX_PUSH_OUT_SPEED, Partner};
use super::solver_body::SolverBody;

/// How many colours the contacts between bodies may take; a contact
/// whose sides have taken them all is solved one at a time.
const COLOURS: usize = 24;

/// The separation given to a lane's missing second point: far apart, so
/// that it never pushes.
const APART: f32 = 1.0e6;

/// One point of four contacts, lane by lane.
#[derive(Debug, Clone, Copy)]
struct WidePoint {
    /// From the body's centroid to the point, at the start of the tick.
    anchor_x: Vec4,
    anchor_y: Vec4,
    /// From the partner's centroid to the point.
    partner_anchor_x: Vec4,
    partner_anchor_y: Vec4,
    /// `anchor` in the body's own frame.
    local_x: Vec4,
    local_y: Vec4,
    /// `partner_anchor` in the partner's own frame.
    partner_local_x: Vec4,
    partner_local_y: Vec4,
    /// The separation when the contact was made.
    base_separation: Vec4,
    normal_mass: Vec4,
    tangent_mass: Vec4,
    normal_impulse: Vec4,
    tangent_impulse: Vec4,
    max_normal_impulse: Vec4,
}

/// Four contacts between awake bodies, lane by lane.
#[derive(Debug, Clone, Copy)]
struct WideContact {
    /// Each lane's contact, by index (`u32::MAX` for none).
    contact: [u32; 4],
    /// Each lane's body's slot and partner's slot.
    slot: [u32; 4],
    partner_slot: [u32; 4],
    /// Each lane's body's and partner's inverse mass and inertia.
    inverse_mass: Vec4,
    inverse_inertia: Vec4,
    partner_inverse_mass: Vec4,
    partner_inverse_inertia: Vec4,
    normal_x: Vec4,
    normal_y: Vec4,
    friction: Vec4,
    bias_rate: Vec4,
    mass_scale: Vec4,
    impulse_scale: Vec4,
    points: [WidePoint; 2],
    /// How many points the lane with the most has: a group of one-point
    /// contacts solves one.
    count: usize,
}

/// Four bodies' entries, lane by lane.
#[derive(Debug, Clone, Copy)]
struct WideBodies {
    position_x: Vec4,
    position_y: Vec4,
    cos: Vec4,
    sin: Vec4,
    velocity_x: Vec4,
    velocity_y: Vec4,
    angular: Vec4,
    inverse_mass: Vec4,
    inverse_inertia: Vec4,
}

impl WideBodies {
    /// The velocities of the entries in `slots`, their inverse masses and
    /// inertias given (they do not change in a tick); no pose.
    #[inline(always)]
    fn velocities(states: &[SolverBody], slots: [u32; 4], masses: (Vec4, Vec4)) -> Self {
        let s = slots.map(|slot| &states[slot as usize]);
        let lanes = |f: &dyn Fn(&SolverBody) -> f32| Vec4::new(f(s[0]), f(s[1]), f(s[2]), f(s[3]));
        Self {
            position_x: Vec4::ZERO,
            position_y: Vec4::ZERO,
            cos: Vec4::ONE,
            sin: Vec4::ZERO,
            velocity_x: lanes(&|b| b.linear_velocity.x),
            velocity_y: lanes(&|b| b.linear_velocity.y),
            angular: lanes(&|b| b.angular_velocity),
            inverse_mass: masses.0,
            inverse_inertia: masses.1,
        }
    }

    /// The entries in `slots`, pose and velocities, their inverse masses
    /// and inertias given.
    #[inline(always)]
    fn gather(states: &[SolverBody], slots: [u32; 4], masses: (Vec4, Vec4)) -> Self {
        let s = slots.map(|slot| &states[slot as usize]);
        let lanes = |f: &dyn Fn(&SolverBody) -> f32| Vec4::new(f(s[0]), f(s[1]), f(s[2]), f(s[3]));
        Self {
            position_x: lanes(&|b| b.position.x),
            position_y: lanes(&|b| b.position.y),
            cos: lanes(&|b| b.rotation.cos_sin().0),
            sin: lanes(&|b| b.rotation.cos_sin().1),
            ..Self::velocities(states, slots, masses)
        }
    }

    /// Writes the velocities back into the entries in `slots`.
    #[inline(always)]
    fn scatter(&self, states: &mut [SolverBody], slots: [u32; 4]) {
        let (vx, vy, w) = (
            self.velocity_x.to_array(),
            self.velocity_y.to_array(),
            self.angular.to_array(),
        );
        for lane in 0..4 {
            let state = &mut states[slots[lane] as usize];
            state.linear_velocity.x = vx[lane];
            state.linear_velocity.y = vy[lane];
            state.angular_velocity = w[lane];
        }
    }

    /// The velocity of each lane's material at anchor `(x, y)`.
    #[inline(always)]
    fn velocity_at(&self, x: Vec4, y: Vec4) -> (Vec4, Vec4) {
        (
            self.velocity_x - self.angular * y,
            self.velocity_y + self.angular * x,
        )
    }

    /// Applies impulse `(px, py)` at anchor `(x, y)`, `sign` of it.
    #[inline(always)]
    fn apply(&mut self, (x, y): (Vec4, Vec4), (px, py): (Vec4, Vec4), subtract: bool) {
        let (dvx, dvy) = (px * self.inverse_mass, py * self.inverse_mass);
        let dw = self.inverse_inertia * (x * py - y * px);
        if subtract {
            self.velocity_x -= dvx;
            self.velocity_y -= dvy;
            self.angular -= dw;
        } else {
            self.velocity_x += dvx;
            self.velocity_y += dvy;
            self.angular += dw;
        }
    }

    /// Anchor `(x, y)`, given in the bodies' own frames, turned as they
    /// stand.
    #[inline(always)]
    fn rotate(&self, x: Vec4, y: Vec4) -> (Vec4, Vec4) {
        (self.cos * x - self.sin * y, self.sin * x + self.cos * y)
    }
}

/// `value` where it is above `floor`, else `floor`.
#[inline(always)]
fn larger(value: Vec4, floor: Vec4) -> Vec4 {
    Vec4::select(value.cmpgt(floor), value, floor)
}

/// The tick's contacts between awake bodies in groups of four, and the
/// rest, solved one at a time; kept between ticks so that a tick
/// allocates nothing once they have grown.
#[derive(Debug, Clone, Default)]
pub(super) struct WideContacts {
    groups: Vec<WideContact>,
    /// The contacts solved one at a time, by index, in the gather's order.
    pub single: Vec<u32>,
    /// Each awake body's colours taken, by slot.
    taken: Vec<u32>,
}

impl WideContacts {
    /// Colours `contacts` (their slots assigned) among `awake` bodies, whose
    /// entries are `states`, and cuts each colour into groups of four, in
    /// the gather's order; `dummy` is the slot of an entry that nothing
    /// moves, for the lanes of a short group.
    pub fn arrange(
        &mut self,
        contacts: &[Contact],
        states: &[SolverBody],
        (awake, dummy): (usize, u32),
    ) {
        self.taken.clear();
        self.taken.resize(awake, 0);
        self.single.clear();
        self.groups.clear();
        // Each colour's group being filled, and how many lanes it has.
        let mut open = [(0usize, 4usize); COLOURS];
        for (index, contact) in (0..).zip(contacts) {
            let (a, b) = match (contact.partner, contact.slots()) {
                (Partner::Body(_), (a, Some(b))) => (a as usize, b as usize),
                _ => {
                    self.single.push(index);
                    continue;
                }
            };
            let colour = (!(self.taken[a] | self.taken[b])).trailing_zeros() as usize;
            if colour >= COLOURS {
                self.single.push(index);
                continue;
            }
            self.taken[a] |= 1 << colour;
            self.taken[b] |= 1 << colour;
            let (group, lanes) = &mut open[colour];
            if *lanes == 4 {
                *group = self.groups.len();
                *lanes = 0;
                self.groups.push(WideContact::empty(dummy));
            }
            self.groups[*group].set_lane(*lanes, index, contact, states);
            *lanes += 1;
        }
    }

    /// Applies the impulses accumulated so far.
    pub fn warm_start(&mut self, states: &mut [SolverBody]) {
        for group in &mut self.groups {
            group.warm_start(states);
        }
    }

    /// One pass: the normal impulses (pushing out of overlaps when
    /// `use_bias`), then friction.
    pub fn solve(&mut self, states: &mut [SolverBody], inverse_substep: f32, use_bias: bool) {
        for group in &mut self.groups {
            group.solve(states, inverse_substep, use_bias);
        }
    }

    /// Writes each contact's impulses back into it, after the sub-steps.
    pub fn store(&self, contacts: &mut [Contact]) {
        for group in &self.groups {
            for lane in 0..4 {
                let index = group.contact[lane];
                if index == u32::MAX {
                    continue;
                }
                let contact = &mut contacts[index as usize];
                for (j, point) in group.points.iter().enumerate() {
                    contact.set_impulses(
                        j,
                        point.normal_impulse.to_array()[lane],
                        point.tangent_impulse.to_array()[lane],
                        point.max_normal_impulse.to_array()[lane],
                    );
                }
            }
        }
    }
}

impl WideContact {
    /// Four lanes of no contact, on slot `dummy`.
    fn empty(dummy: u32) -> Self {
        let point = WidePoint {
            anchor_x: Vec4::ZERO,
            anchor_y: Vec4::ZERO,
            partner_anchor_x: Vec4::ZERO,
            partner_anchor_y: Vec4::ZERO,
            local_x: Vec4::ZERO,
            local_y: Vec4::ZERO,
            partner_local_x: Vec4::ZERO,
            partner_local_y: Vec4::ZERO,
            base_separation: Vec4::splat(APART),
            normal_mass: Vec4::ZERO,
            tangent_mass: Vec4::ZERO,
            normal_impulse: Vec4::ZERO,
            tangent_impulse: Vec4::ZERO,
            max_normal_impulse: Vec4::ZERO,
        };
        Self {
            contact: [u32::MAX; 4],
            slot: [dummy; 4],
            partner_slot: [dummy; 4],
            inverse_mass: Vec4::ZERO,
            inverse_inertia: Vec4::ZERO,
            partner_inverse_mass: Vec4::ZERO,
            partner_inverse_inertia: Vec4::ZERO,
            normal_x: Vec4::X,
            normal_y: Vec4::ZERO,
            friction: Vec4::ZERO,
            bias_rate: Vec4::ZERO,
            mass_scale: Vec4::ONE,
            impulse_scale: Vec4::ZERO,
            points: [point; 2],
            count: 1,
        }
    }

    /// Puts contact `index` into lane `lane`.
    fn set_lane(&mut self, lane: usize, index: u32, contact: &Contact, states: &[SolverBody]) {
        let (slot, partner_slot) = contact.slots();
        let partner_slot = partner_slot.unwrap_or(slot);
        self.contact[lane] = index;
        self.slot[lane] = slot;
        self.partner_slot[lane] = partner_slot;
        let (a, b) = (&states[slot as usize], &states[partner_slot as usize]);
        self.inverse_mass[lane] = a.inverse_mass;
        self.inverse_inertia[lane] = a.inverse_inertia;
        self.partner_inverse_mass[lane] = b.inverse_mass;
        self.partner_inverse_inertia[lane] = b.inverse_inertia;
        let lane_data = contact.lane();
        self.normal_x[lane] = lane_data.normal.x;
        self.normal_y[lane] = lane_data.normal.y;
        self.friction[lane] = lane_data.friction;
        self.bias_rate[lane] = lane_data.softness.0;
        self.mass_scale[lane] = lane_data.softness.1;
        self.impulse_scale[lane] = lane_data.softness.2;
        self.count = self.count.max(lane_data.count);
        for (wide, point) in self
            .points
            .iter_mut()
            .zip(&lane_data.points[..lane_data.count])
        {
            wide.anchor_x[lane] = point.anchor.x;
            wide.anchor_y[lane] = point.anchor.y;
            wide.partner_anchor_x[lane] = point.partner_anchor.x;
            wide.partner_anchor_y[lane] = point.partner_anchor.y;
            wide.local_x[lane] = point.local.x;
            wide.local_y[lane] = point.local.y;
            wide.partner_local_x[lane] = point.partner_local.x;
            wide.partner_local_y[lane] = point.partner_local.y;
            wide.base_separation[lane] = point.base_separation;
            wide.normal_mass[lane] = point.normal_mass;
            wide.tangent_mass[lane] = point.tangent_mass;
        }
    }

    /// The masses of its bodies and of their partners.
    #[inline(always)]
    fn masses(&self) -> ((Vec4, Vec4), (Vec4, Vec4)) {
        (
            (self.inverse_mass, self.inverse_inertia),
            (self.partner_inverse_mass, self.partner_inverse_inertia),
        )
    }

    #[inline(always)]
    fn warm_start(&mut self, states: &mut [SolverBody]) {
        let pushed = |p: &WidePoint| {
            p.normal_impulse.cmpne(Vec4::ZERO).any() || p.tangent_impulse.cmpne(Vec4::ZERO).any()
        };
        let points = &self.points[..self.count];
        if !points.iter().any(pushed) {
            // Nothing to apply (every contact, at the first sub-step).
            return;
        }
        let (masses, partner_masses) = self.masses();
        let mut a = WideBodies::velocities(states, self.slot, masses);
        let mut b = WideBodies::velocities(states, self.partner_slot, partner_masses);
        let (nx, ny) = (self.normal_x, self.normal_y);
        for p in points {
            // The tangent is (ny, -nx).
            let px = nx * p.normal_impulse + ny * p.tangent_impulse;
            let py = ny * p.normal_impulse - nx * p.tangent_impulse;
            a.apply((p.anchor_x, p.anchor_y), (px, py), true);
            b.apply((p.partner_anchor_x, p.partner_anchor_y), (px, py), false);
        }
        a.scatter(states, self.slot);
        b.scatter(states, self.partner_slot);
    }

    #[inline(always)]
    fn solve(&mut self, states: &mut [SolverBody], inverse_substep: f32, use_bias: bool) {
        let (masses, partner_masses) = self.masses();
        let mut a = WideBodies::gather(states, self.slot, masses);
        let mut b = WideBodies::gather(states, self.partner_slot, partner_masses);
        let (nx, ny) = (self.normal_x, self.normal_y);
        let inverse = Vec4::splat(inverse_substep);
        let centres_x = b.position_x - a.position_x;
        let centres_y = b.position_y - a.position_y;
        for p in &mut self.points[..self.count] {
            let (lax, lay) = a.rotate(p.local_x, p.local_y);
            let (lbx, lby) = b.rotate(p.partner_local_x, p.partner_local_y);
            let dx = centres_x + (lbx - lax);
            let dy = centres_y + (lby - lay);
            let separation = p.base_separation + nx * dx + ny * dy;
            let apart = separation.cmpgt(Vec4::ZERO);
            let (push_out, mass_scale, impulse_scale) = if use_bias {
                let push = larger(
                    self.bias_rate * separation,
                    Vec4::splat(-MAX_PUSH_OUT_SPEED),
                );
                (push, self.mass_scale, self.impulse_scale)
            } else {
                (Vec4::ZERO, Vec4::ONE, Vec4::ZERO)
            };
            let bias = Vec4::select(apart, separation * inverse, push_out);
            let mass_scale = Vec4::select(apart, Vec4::ONE, mass_scale);
            let impulse_scale = Vec4::select(apart, Vec4::ZERO, impulse_scale);
            let (vax, vay) = a.velocity_at(p.anchor_x, p.anchor_y);
            let (vbx, vby) = b.velocity_at(p.partner_anchor_x, p.partner_anchor_y);
            let normal_speed = (vbx - vax) * nx + (vby - vay) * ny;
            let impulse = -p.normal_mass * mass_scale * (normal_speed + bias)
                - impulse_scale * p.normal_impulse;
            let total = larger(p.normal_impulse + impulse, Vec4::ZERO);
            let change = total - p.normal_impulse;
            let push = (nx * change, ny * change);
            a.apply((p.anchor_x, p.anchor_y), push, true);
            b.apply((p.partner_anchor_x, p.partner_anchor_y), push, false);
            p.normal_impulse = total;
            p.max_normal_impulse = larger(total, p.max_normal_impulse);
        }
        if self.friction.cmpne(Vec4::ZERO).any() {
            let (tx, ty) = (ny, -nx);
            for p in &mut self.points[..self.count] {
                let (vax, vay) = a.velocity_at(p.anchor_x, p.anchor_y);
                let (vbx, vby) = b.velocity_at(p.partner_anchor_x, p.partner_anchor_y);
                let tangent_speed = (vbx - vax) * tx + (vby - vay) * ty;
                let limit = self.friction * p.normal_impulse;
                let wanted = p.tangent_impulse - p.tangent_mass * tangent_speed;
                let held = Vec4::select(wanted.cmplt(-limit), -limit, wanted);
                let total = Vec4::select(held.cmpgt(limit), limit, held);
                let change = total - p.tangent_impulse;
                let push = (tx * change, ty * change);
                a.apply((p.anchor_x, p.anchor_y), push, true);
                b.apply((p.partner_anchor_x, p.partner_anchor_y), push, false);
                p.tangent_impulse = total;
            }
        }
        a.scatter(states, self.slot);
        b.scatter(states, self.partner_slot);
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;
    use crate::collision::ConvexPolygon;
    use crate::physics::body::{LooseBody, Material};
    use crate::physics::contact::{Mixed, Softness};
    use crate::physics::manifold::collide;
    use crate::physics::solver_body::SolverBodies;

    /// A box of half extents `half` around `centre`, turned by `turn`,
    /// moving at `velocity` and spinning at `spin`.
    fn crate_at(centre: Vec2, half: Vec2, turn: f32, velocity: Vec2, spin: f32) -> LooseBody {
        let (cos, sin) = (turn.cos(), turn.sin());
        let corner = |x: f32, y: f32| centre + Vec2::new(cos * x - sin * y, sin * x + cos * y);
        let outline = ConvexPolygon::new(vec![
            corner(-half.x, -half.y),
            corner(half.x, -half.y),
            corner(half.x, half.y),
            corner(-half.x, half.y),
        ])
        .expect("a box");
        let material = Material {
            mass: 5.0 + 10.0 * half.x,
            friction: 0.4,
            bounce: 0.3,
        };
        LooseBody::new(&outline, material)
            .expect("a valid crate")
            .moving(velocity, spin)
    }

    /// The contacts between the pairs `pairs` of `bodies`, all awake,
    /// their slots assigned, and the solver's entries with the still one
    /// after them.
    fn contacts_of(bodies: &[LooseBody], pairs: &[(u32, u32)]) -> (Vec<Contact>, SolverBodies) {
        let softness = Softness::new(30.0, 10.0, 1.0 / 480.0);
        let mut solver = SolverBodies::default();
        let awake: Vec<u32> = (0..bodies.len() as u32).collect();
        solver.load(bodies, &awake);
        solver.states.push(SolverBody::still());
        let contacts = pairs
            .iter()
            .map(|&(a, b)| {
                let (first, second) = (&bodies[a as usize], &bodies[b as usize]);
                let manifold = collide(first.rounded(), second.rounded(), 0.05).expect("touching");
                let mixed = Mixed {
                    friction: 0.4,
                    restitution: 0.3,
                    softness,
                };
                let mut contact =
                    Contact::new(a, Partner::Body(b), &manifold, mixed, bodies, |_| {
                        Vec2::ZERO
                    });
                contact.assign_slots(&solver);
                contact
            })
            .collect();
        (contacts, solver)
    }

    #[test]
    fn no_group_holds_two_contacts_of_one_body_and_every_contact_is_solved_once() {
        // A row of crates, each touching the next, and a crate touched by
        // six: many contacts share bodies.
        let mut bodies: Vec<LooseBody> = (0..12)
            .map(|k| {
                crate_at(
                    Vec2::new(k as f32 * 0.58, 0.0),
                    Vec2::splat(0.3),
                    0.0,
                    Vec2::ZERO,
                    0.0,
                )
            })
            .collect();
        let hub = Vec2::new(0.0, 5.0);
        bodies.push(crate_at(hub, Vec2::splat(0.5), 0.0, Vec2::ZERO, 0.0));
        for k in 0..6 {
            let angle = k as f32 * std::f32::consts::TAU / 6.0;
            let centre = hub + Vec2::new(angle.cos(), angle.sin()) * 0.75;
            bodies.push(crate_at(centre, Vec2::splat(0.3), angle, Vec2::ZERO, 0.0));
        }
        // Two crates side by side under a third that rests on both: two
        // contacts share their second body.
        let under = Vec2::new(0.0, 10.0);
        for offset in [Vec2::ZERO, Vec2::new(0.61, 0.0), Vec2::new(0.3, 0.59)] {
            bodies.push(crate_at(
                under + offset,
                Vec2::splat(0.3),
                0.0,
                Vec2::ZERO,
                0.0,
            ));
        }
        let mut pairs: Vec<(u32, u32)> = (0..11).map(|k| (k, k + 1)).collect();
        pairs.extend([(19, 20), (19, 21), (20, 21)]);
        pairs.extend((13..19).filter_map(|k| {
            collide(bodies[12].rounded(), bodies[k as usize].rounded(), 0.05).map(|_| (12, k))
        }));
        assert!(pairs.len() >= 14, "{pairs:?}");
        let (contacts, solver) = contacts_of(&bodies, &pairs);
        let mut wide = WideContacts::default();
        let dummy = bodies.len() as u32;
        wide.arrange(&contacts, &solver.states, (bodies.len(), dummy));
        let mut solved = vec![0; contacts.len()];
        for group in &wide.groups {
            let mut sides: Vec<u32> = group
                .slot
                .iter()
                .chain(&group.partner_slot)
                .copied()
                .collect();
            sides.retain(|&slot| slot != dummy);
            let count = sides.len();
            sides.sort_unstable();
            sides.dedup();
            assert_eq!(
                sides.len(),
                count,
                "a body twice in one group: {:?}",
                group.contact
            );
            for &index in group.contact.iter().filter(|&&index| index != u32::MAX) {
                solved[index as usize] += 1;
            }
        }
        for &index in &wide.single {
            solved[index as usize] += 1;
        }
        assert_eq!(solved, vec![1; contacts.len()]);
        assert!(wide.groups.len() >= 4);
    }

    #[test]
    fn four_at_a_time_the_passes_give_what_one_at_a_time_gives() {
        // Five pairs apart from each other (a group of four and a short
        // one): overlapping, about to touch, face to face (two points) and
        // corner first (one), moving and spinning.
        let mut bodies = Vec::new();
        let mut pairs = Vec::new();
        for k in 0..5u32 {
            // Each pair along its own direction, so that every lane has
            // its own normal.
            let heading = 0.6 * k as f32;
            let along = Vec2::new(heading.cos(), heading.sin());
            let at = Vec2::new(k as f32 * 4.0, 0.0);
            let gap = [-0.02, 0.01, -0.005, 0.03, -0.01][k as usize];
            let turn: f32 = [0.0, 0.7, 0.0, 0.3, 0.78][k as usize];
            let velocity = along * 1.5 + along.perp() * 0.2;
            bodies.push(crate_at(at, Vec2::new(0.4, 0.3), heading, velocity, 0.5));
            let reach = 0.3 * (turn.cos() + turn.sin());
            let centre = at + along * (0.4 + reach + gap) + along.perp() * (0.05 * k as f32);
            bodies.push(crate_at(
                centre,
                Vec2::splat(0.3),
                heading + turn,
                -along,
                -1.0,
            ));
            pairs.push((2 * k, 2 * k + 1));
        }
        let (mut one_at_a_time, mut solver) = contacts_of(&bodies, &pairs);
        let counts: Vec<usize> = one_at_a_time.iter().map(|c| c.lane().count).collect();
        assert!(counts.contains(&1) && counts.contains(&2), "{counts:?}");
        let mut wide = WideContacts::default();
        let dummy = bodies.len() as u32;
        wide.arrange(&one_at_a_time, &solver.states, (bodies.len(), dummy));
        assert_eq!((wide.groups.len(), wide.single.len()), (2, 0));
        let mut states = solver.states.clone();
        let substep = 1.0 / 480.0;
        for _ in 0..4 {
            for contact in &mut one_at_a_time {
                contact.warm_start(&mut solver.states);
            }
            for contact in &mut one_at_a_time {
                contact.solve(&mut solver.states, 0.0, 1.0 / substep, true);
            }
            wide.warm_start(&mut states);
            wide.solve(&mut states, 1.0 / substep, true);
            SolverBody::integrate_all(&mut solver.states, substep);
            SolverBody::integrate_all(&mut states, substep);
            for contact in &mut one_at_a_time {
                contact.solve(&mut solver.states, 0.0, 1.0 / substep, false);
            }
            wide.solve(&mut states, 1.0 / substep, false);
        }
        let mut pushed = 0;
        for (one, four) in solver.states.iter().zip(&states) {
            // The one-at-a-time pass finds a separation from the points'
            // places metres from the origin, rounded to a few tenths of a
            // micrometre, which its push (separation over the sub-step)
            // makes a few tenths of a millimetre a second.
            let close = |x: f32, y: f32| (x - y).abs() <= 2e-3;
            assert!(
                close(one.linear_velocity.x, four.linear_velocity.x),
                "{one:?} {four:?}"
            );
            assert!(
                close(one.linear_velocity.y, four.linear_velocity.y),
                "{one:?} {four:?}"
            );
            assert!(
                close(one.angular_velocity, four.angular_velocity),
                "{one:?} {four:?}"
            );
            pushed += usize::from(one.linear_velocity.length() < 1.0);
        }
        assert!(pushed >= 4, "the contacts pushed: {:?}", solver.states);
        let mut stored = one_at_a_time.clone();
        wide.store(&mut stored);
        for (one, four) in one_at_a_time.iter().zip(&stored) {
            let (a, b) = (one.max_normal_impulse(), four.max_normal_impulse());
            assert!((a - b).abs() <= 1e-2 * (1.0 + a.abs()), "{a} {b}");
        }
    }
}
