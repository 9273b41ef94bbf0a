//! Floor friction: the floor holds each body with a force of at most μ·m·g
//! against its sliding and a torque of at most μ·m·g times its radius of
//! gyration against its turning.
//!
//! It is solved as a constraint, like Box2D's top-down friction (a motor
//! joint to the ground with a force limit), not applied as a force: each
//! sub-step it takes away as much velocity as its limit allows and no
//! more. A body that the limit can hold ends each pass with its velocity
//! exactly zero, so a push weaker than the friction moves it not at all,
//! not by a rounding error per tick.

use glam::Vec2;

use super::body::{GRAVITY, LooseBody};
use super::solver_body::SolverBody;

/// The floor's hold on one awake body during a tick.
#[derive(Debug, Clone, Copy)]
pub(super) struct FloorGrip {
    /// The body's slot among the solver's bodies.
    slot: u32,
    mass: f32,
    inertia: f32,
    linear_impulse: Vec2,
    angular_impulse: f32,
    max_linear: f32,
    max_angular: f32,
}

impl FloorGrip {
    /// The grip on `body`, in solver slot `slot`, for sub-steps of
    /// `substep` seconds.
    pub fn new(slot: u32, body: &LooseBody, substep: f32) -> Self {
        let material = body.material();
        let max_linear = material.friction * material.mass * GRAVITY * substep;
        let gyration_radius = (body.inertia() / material.mass).sqrt();
        Self {
            slot,
            mass: material.mass,
            inertia: body.inertia(),
            linear_impulse: Vec2::ZERO,
            angular_impulse: 0.0,
            max_linear,
            max_angular: max_linear * gyration_radius,
        }
    }

    /// Applies the impulse accumulated so far, at the start of a sub-step.
    pub fn warm_start(&self, states: &mut [SolverBody]) {
        let body = &mut states[self.slot as usize];
        body.linear_velocity += self.linear_impulse * body.inverse_mass;
        body.angular_velocity += self.angular_impulse * body.inverse_inertia;
    }

    /// Takes away as much of the body's sliding and turning as the limits
    /// allow; what they can hold ends at exactly zero.
    pub fn solve(&mut self, states: &mut [SolverBody]) {
        let body = &mut states[self.slot as usize];
        let mass = self.mass;
        let stopping = self.linear_impulse - body.linear_velocity * mass;
        if stopping.length_squared() <= self.max_linear * self.max_linear {
            self.linear_impulse = stopping;
            body.linear_velocity = Vec2::ZERO;
        } else {
            let limited = stopping * (self.max_linear / stopping.length());
            body.linear_velocity += (limited - self.linear_impulse) * body.inverse_mass;
            self.linear_impulse = limited;
        }
        let stopping = self.angular_impulse - body.angular_velocity * self.inertia;
        if stopping.abs() <= self.max_angular {
            self.angular_impulse = stopping;
            body.angular_velocity = 0.0;
        } else {
            let limited = stopping.clamp(-self.max_angular, self.max_angular);
            body.angular_velocity += (limited - self.angular_impulse) * body.inverse_inertia;
            self.angular_impulse = limited;
        }
    }
}
