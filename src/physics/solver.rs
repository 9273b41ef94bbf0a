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
//! 4. **restitution**, once;
//! 5. **guard**: sweep fast bodies, move out what is still too deep, find
//!    blocked doors and move bodies out of where they go back to
//!    (`guard.rs`);
//! 6. **file**: refile moved bodies in the grid;
//! 7. **sleep** (`sleep.rs`).
//!
//! There are no forces to integrate into velocities: the floor plan has no
//! gravity along it, and floor friction is solved as a constraint, last in
//! each pass, so that what it holds ends each pass at exactly zero.

use super::floor::FloorGrip;
use super::guard::{TickStart, find_deep_bodies, push_out_and_block_doors, sweep_fast_bodies};
use super::input::{StepInput, StepOptions};
use super::surroundings::Surroundings;
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
        let inverse_substep = 1.0 / substep;

        let surroundings = Surroundings {
            fixed: &self.fixed,
            index: &self.index,
        };
        self.gathered.gather(
            &self.bodies,
            surroundings,
            &mut self.sleep,
            input,
            seconds,
            substep,
        );

        let awake = self.sleep.awake();
        let mut grips: Vec<FloorGrip> = awake
            .iter()
            .map(|&id| FloorGrip::new(id, &self.bodies[id as usize], substep))
            .collect();
        self.starts.clear();
        self.starts.extend(awake.iter().map(|&id| {
            let body = &self.bodies[id as usize];
            TickStart {
                body: id,
                position: body.position,
                rotation: body.rotation,
            }
        }));

        let contacts = &mut self.gathered.contacts;
        let bodies = &mut self.bodies;
        for sub_step in 0..sub_steps {
            let elapsed = substep * sub_step as f32;
            for contact in contacts.iter() {
                contact.warm_start(bodies);
            }
            for grip in &grips {
                grip.warm_start(bodies);
            }
            for contact in contacts.iter_mut() {
                contact.solve(bodies, elapsed, inverse_substep, true);
            }
            for grip in &mut grips {
                grip.solve(bodies);
            }
            for start in &self.starts {
                let body = &mut bodies[start.body as usize];
                body.position += body.linear_velocity * substep;
                body.rotation = body.rotation.integrate(body.angular_velocity, substep);
            }
            for contact in contacts.iter_mut() {
                contact.solve(bodies, elapsed + substep, inverse_substep, false);
            }
            for grip in &mut grips {
                grip.solve(bodies);
            }
        }
        for _ in 0..RESTITUTION_PASSES {
            for contact in contacts.iter_mut() {
                contact.apply_restitution(bodies);
            }
        }
        for start in &self.starts {
            bodies[start.body as usize].refresh_world();
        }

        let found = &mut self.gathered.found;
        sweep_fast_bodies(bodies, &self.fixed, &self.starts, found);
        find_deep_bodies(
            bodies,
            contacts,
            &self.starts,
            &self.gathered.ahead,
            seconds,
            &mut self.deep,
        );
        let blocked = push_out_and_block_doors(
            bodies,
            surroundings,
            &self.sleep,
            input,
            &self.starts,
            &mut self.deep,
            found,
        );

        let mut moved = Vec::new();
        for start in &self.starts {
            let body = &bodies[start.body as usize];
            if body.position != start.position || body.rotation != start.rotation {
                moved.push(start.body as usize);
                self.index.update(start.body, body.position);
            }
        }
        self.sleep.settle(bodies, contacts, seconds);
        StepOutcome {
            blocked_doors: blocked,
            moved,
        }
    }
}
