//! One tick of the loose bodies, in named phases after Box2D v3's soft
//! step (`solver.c`):
//!
//! 1. **gather**: wake what movers come near; find every awake body's
//!    contacts, reaching as far as it can move (`gather.rs`);
//! 2. **prepare**: contact masses and anchors, and the floor's grip
//!    (`contact.rs`, `floor.rs`);
//! 3. for each sub-step:
//!    - **warm start**: apply the impulses accumulated so far;
//!    - **solve**: contacts with a soft push-out, then floor friction;
//!    - **integrate positions**;
//!    - **relax**: contacts again without push-out, then floor friction,
//!      so that no push-out speed is left in the bodies;
//! 4. **restitution**, once, and the tick's **impacts** read from the
//!    solved contacts (`impact.rs`);
//! 5. **guard**: sweep fast bodies, **file** every awake body where it
//!    stands (its fat box and neighbours, `broad_phase.rs`), move out what
//!    is still too deep, find blocked doors and move bodies out of where
//!    they go back to (`guard.rs`);
//! 6. **sleep** (`sleep.rs`).
//!
//! There are no forces to integrate into velocities: the floor plan has no
//! gravity along it, and floor friction is solved as a constraint, last in
//! each pass, so that what it holds ends each pass at exactly zero.

use super::contact::Contact;
use super::floor::FloorGrip;
use super::gather::standing_box;
use super::guard::{TickStart, find_deep_bodies, push_out_and_block_doors, sweep_fast_bodies};
use super::impact::{Impact, impacts};
use super::input::{StepInput, StepOptions};
use super::solver_body::SolverBody;
use super::surroundings::Surroundings;
use super::wide::WideContacts;
use super::world::LooseBodies;

/// Passes of restitution: a face meeting a face has two points, and one
/// pass over them in turn leaves the rebound short by the turn the first
/// point gave the body.
const RESTITUTION_PASSES: usize = 4;

/// What a tick did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StepOutcome {
    /// The doors whose leaf, where it stands after the tick, would squeeze
    /// a body: the caller puts each back where it stood before the tick and
    /// makes it give way (a closing door opens again, a slide door stops).
    /// Ascending.
    pub blocked_doors: Vec<usize>,
    /// The bodies whose position or turn changed, ascending.
    pub moved: Vec<usize>,
    /// The contacts that closed fast and pushed, in solving order.
    pub impacts: Vec<Impact>,
}

impl LooseBodies {
    /// Runs one tick: the walker and door leaves as `input` gives them,
    /// stepped as `options` says. A tick of no positive, finite length
    /// does nothing.
    pub fn step(&mut self, input: &StepInput, options: &StepOptions) -> StepOutcome {
        let seconds = options.seconds;
        if !(seconds.is_finite() && seconds > 0.0) {
            return StepOutcome::default();
        }
        let sub_steps = options.sub_steps.max(1);
        let substep = seconds / sub_steps as f32;

        let surroundings = Surroundings {
            fixed: &self.fixed,
            neighbours: &mut self.neighbours,
        };
        self.gathered.gather(
            &self.bodies,
            surroundings,
            &mut self.sleep,
            input,
            seconds,
            substep,
        );
        self.prepare(substep);
        let contacts = &mut self.gathered.contacts;
        let states = &mut self.solver.states;
        for sub_step in 0..sub_steps {
            let sub_step = SubStep {
                elapsed: substep * sub_step as f32,
                seconds: substep,
            };
            sub_step.run(states, (contacts, &mut self.wide), &mut self.grips);
        }
        self.wide.store(contacts);
        let bouncing = &mut self.bouncing;
        bouncing.clear();
        bouncing.extend(
            (0..)
                .zip(contacts.iter())
                .filter_map(|(at, c)| c.bounces().then_some(at)),
        );
        for _ in 0..RESTITUTION_PASSES {
            for &at in bouncing.iter() {
                contacts[at].apply_restitution(states);
            }
        }
        let impacts = impacts(contacts, &self.fixed);
        let awake = self.starts.iter().map(|start| start.body);
        self.solver.store(&mut self.bodies, awake);
        let blocked_doors = self.guard(input, seconds);
        let moved = self.moved_bodies();
        self.sleep
            .settle(&mut self.bodies, &self.gathered.contacts, seconds);
        StepOutcome {
            blocked_doors,
            moved,
            impacts,
        }
    }

    /// **Prepare**: the solver's entry of each awake body and the slots of
    /// each contact's sides, each awake body's floor grip for sub-steps of
    /// `substep` seconds (none for a frictionless body, which the floor
    /// does not hold), and where it starts the tick, into the lists kept
    /// between ticks.
    fn prepare(&mut self, substep: f32) {
        let awake = self.sleep.awake();
        self.solver.load(&self.bodies, awake);
        for contact in &mut self.gathered.contacts {
            contact.assign_slots(&self.solver);
        }
        // The entry the wide solver's empty lanes stand on, after the
        // awake bodies'.
        let dummy = awake.len() as u32;
        self.solver.states.push(SolverBody::still());
        let (contacts, states) = (&self.gathered.contacts, &self.solver.states);
        self.wide.arrange(contacts, states, (awake.len(), dummy));
        self.starts.clear();
        self.starts.extend(awake.iter().map(|&id| {
            let body = &self.bodies[id as usize];
            TickStart {
                body: id,
                position: body.position,
                rotation: body.rotation,
            }
        }));
        self.grips.clear();
        let bodies = &self.bodies;
        let gripped = (0..)
            .zip(awake)
            .filter(|&(_, &id)| bodies[id as usize].material().friction > 0.0);
        self.grips
            .extend(gripped.map(|(slot, &id)| FloorGrip::new(slot, &bodies[id as usize], substep)));
    }

    /// **Guard**: sweeps fast bodies against the fixed scene, **files**
    /// every awake body where it stands (its fat box made to hold it, so
    /// that its neighbours are those it may touch), moves out what is
    /// still too deep, and finds the doors that would squeeze a body (see
    /// `guard.rs`). Returns those doors, ascending.
    fn guard(&mut self, input: &StepInput, seconds: f32) -> Vec<usize> {
        let found = &mut self.gathered.found;
        sweep_fast_bodies(&mut self.bodies, &self.fixed, &self.starts, found);
        for start in &self.starts {
            let body = &self.bodies[start.body as usize];
            let (standing, velocity) = (standing_box(body), body.linear_velocity);
            let fixed_near = self.fixed.near_query();
            self.neighbours
                .hold(start.body, standing, velocity, found, fixed_near);
        }
        find_deep_bodies(
            (&self.bodies, &self.fixed),
            &self.gathered.contacts,
            &self.starts,
            &self.gathered.ahead,
            seconds,
            (&mut self.deep, &mut self.turned),
        );
        let surroundings = Surroundings {
            fixed: &self.fixed,
            neighbours: &mut self.neighbours,
        };
        push_out_and_block_doors(
            &mut self.bodies,
            surroundings,
            &self.sleep,
            input,
            &self.starts,
            &mut self.deep,
            found,
        )
    }

    /// The bodies whose pose changed this tick, ascending.
    fn moved_bodies(&self) -> Vec<usize> {
        let changed = |start: &&TickStart| {
            let body = &self.bodies[start.body as usize];
            body.position != start.position || body.rotation != start.rotation
        };
        let moved = self.starts.iter().filter(changed);
        moved.map(|start| start.body as usize).collect()
    }
}

/// One sub-step of a tick: `elapsed` seconds into it, `seconds` long.
#[derive(Debug, Clone, Copy)]
struct SubStep {
    elapsed: f32,
    seconds: f32,
}

impl SubStep {
    /// **Warm start**, **solve** (contacts with a soft push-out, then the
    /// floor), **integrate positions** of the awake bodies (the solver's
    /// entries), and **relax** (contacts without push-out, then the floor).
    fn run(
        self,
        states: &mut [SolverBody],
        (contacts, wide): (&mut [Contact], &mut WideContacts),
        grips: &mut [FloorGrip],
    ) {
        let inverse = 1.0 / self.seconds;
        wide.warm_start(states);
        for &at in &wide.single {
            contacts[at as usize].warm_start(states);
        }
        for grip in grips.iter() {
            grip.warm_start(states);
        }
        wide.solve(states, inverse, true);
        for &at in &wide.single {
            contacts[at as usize].solve(states, self.elapsed, inverse, true);
        }
        for grip in grips.iter_mut() {
            grip.solve(states);
        }
        SolverBody::integrate_all(states, self.seconds);
        let end = self.elapsed + self.seconds;
        wide.solve(states, inverse, false);
        for &at in &wide.single {
            contacts[at as usize].solve(states, end, inverse, false);
        }
        for grip in grips.iter_mut() {
            grip.solve(states);
        }
    }
}
