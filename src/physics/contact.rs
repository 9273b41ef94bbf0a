//! Contact constraints between a loose body and what it touches, solved
//! as Box2D v3's soft step solves them: accumulated impulses, a Coulomb
//! clamp for friction, a soft push-out that never exceeds a set speed, and
//! restitution once after the sub-steps.
//!
//! The first side of a contact is always an awake body; the second, its
//! [`Partner`], is another awake body, something that does not move (a
//! wall, an obstacle, a sleeping body), a door leaf moving at a given
//! velocity, or the walker's circle. The walker is immovable, like a wall,
//! but it also pushes: its impulse may go beyond what keeps the body out
//! of it, up to what brings the body to the walker's pace, but never past
//! the walker's push force.

use glam::Vec2;

use super::body::{LooseBody, cross_scalar};
use super::manifold::Manifold;
use super::rotation::Rotation;

/// How deep (m) shapes may rest in each other: contacts push out what is
/// deeper, speculative contacts start this far before touching (four
/// times), and the guard leaves bodies this deep at most.
pub(super) const LINEAR_SLOP: f32 = 0.005;

/// How far apart (m) shapes still make a contact at rest: it is kept so
/// that a closing gap is met before it closes.
pub(super) const SPECULATIVE_DISTANCE: f32 = 4.0 * LINEAR_SLOP;

/// Impacts slower than this (m/s) do not bounce.
const RESTITUTION_THRESHOLD: f32 = 1.0;

/// The fastest a contact pushes overlapping shapes apart, m/s.
const MAX_PUSH_OUT_SPEED: f32 = 3.0;

/// A soft constraint's stiffness for one sub-step: Box2D's `b2MakeSoft`,
/// a spring of `hertz` and `damping_ratio` solved implicitly.
#[derive(Debug, Clone, Copy)]
pub(super) struct Softness {
    bias_rate: f32,
    mass_scale: f32,
    impulse_scale: f32,
}

impl Softness {
    /// The softness of a spring of `hertz` and `damping_ratio` over a
    /// sub-step of `seconds`.
    pub fn new(hertz: f32, damping_ratio: f32, seconds: f32) -> Self {
        let omega = std::f32::consts::TAU * hertz;
        let a1 = 2.0 * damping_ratio + seconds * omega;
        let a2 = seconds * omega * a1;
        let a3 = 1.0 / (1.0 + a2);
        Self {
            bias_rate: omega / a1,
            mass_scale: a2 * a3,
            impulse_scale: a3,
        }
    }
}

/// How a contact's two sides combine: friction (Box2D mixes it as
/// √(μa·μb)), restitution (the larger bounce) and stiffness.
#[derive(Debug, Clone, Copy)]
pub(super) struct Mixed {
    /// Friction between the two sides.
    pub friction: f32,
    /// Restitution between the two sides.
    pub restitution: f32,
    /// How stiff the contact is.
    pub softness: Softness,
}

/// What the body of a contact touches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Partner {
    /// Another awake body, by index.
    Body(u32),
    /// A wall or a fixed obstacle.
    Fixed,
    /// A sleeping body, by index: it does not move this tick.
    Sleeping(u32),
    /// A door leaf, by index, moving at the velocity each point records.
    Door(u32),
    /// The walker's circle: immovable, pushing toward `push_velocity` with
    /// at most `max_push` N·s each sub-step.
    Walker {
        /// The walker's wished velocity, m/s.
        push_velocity: Vec2,
        /// The walker's push force times the sub-step, N·s.
        max_push: f32,
    },
}

/// One point of a contact.
#[derive(Debug, Clone, Copy)]
struct ContactPoint {
    /// Where the point was when the contact was made.
    point: Vec2,
    /// From the body's centroid to the point, at the start of the tick.
    anchor: Vec2,
    /// From the partner body's centroid to the point.
    partner_anchor: Vec2,
    /// `anchor` in the body's own frame.
    local: Vec2,
    /// `partner_anchor` in the partner body's own frame.
    partner_local: Vec2,
    /// The velocity of a moving partner's material at the point.
    partner_velocity: Vec2,
    base_separation: f32,
    normal_mass: f32,
    tangent_mass: f32,
    normal_impulse: f32,
    tangent_impulse: f32,
    max_normal_impulse: f32,
    /// The normal speed at the start, for restitution (negative closing).
    relative_velocity: f32,
}

/// A contact between an awake body and its partner: up to two points
/// sharing a normal.
#[derive(Debug, Clone)]
pub(super) struct Contact {
    /// The awake body.
    pub body: u32,
    /// What it touches.
    pub partner: Partner,
    /// Unit normal from the body toward its partner.
    normal: Vec2,
    friction: f32,
    restitution: f32,
    softness: Softness,
    points: [ContactPoint; 2],
    count: usize,
}

impl Contact {
    /// The contact of `manifold` (normal from body `body` toward its
    /// partner), its sides combined as `mixed`, a partner whose material
    /// moves at `partner_velocity(point)` (zero for all but door leaves),
    /// and the velocities the bodies have now.
    pub fn new(
        body: u32,
        partner: Partner,
        manifold: &Manifold,
        mixed: Mixed,
        bodies: &[LooseBody],
        partner_velocity: impl Fn(Vec2) -> Vec2,
    ) -> Self {
        let normal = manifold.normal;
        let tangent = tangent_of(normal);
        let a = &bodies[body as usize];
        let b = match partner {
            Partner::Body(other) => Some(&bodies[other as usize]),
            _ => None,
        };
        let mut points = [ContactPoint {
            point: Vec2::ZERO,
            anchor: Vec2::ZERO,
            partner_anchor: Vec2::ZERO,
            local: Vec2::ZERO,
            partner_local: Vec2::ZERO,
            partner_velocity: Vec2::ZERO,
            base_separation: 0.0,
            normal_mass: 0.0,
            tangent_mass: 0.0,
            normal_impulse: 0.0,
            tangent_impulse: 0.0,
            max_normal_impulse: 0.0,
            relative_velocity: 0.0,
        }; 2];
        for (slot, found) in points.iter_mut().zip(manifold.points()) {
            let anchor = found.point - a.position;
            let mut mass_normal =
                a.inverse_mass() + a.inverse_inertia() * anchor.perp_dot(normal).powi(2);
            let mut mass_tangent =
                a.inverse_mass() + a.inverse_inertia() * anchor.perp_dot(tangent).powi(2);
            let (partner_anchor, partner_local, velocity) = match b {
                Some(b) => {
                    let r = found.point - b.position;
                    mass_normal +=
                        b.inverse_mass() + b.inverse_inertia() * r.perp_dot(normal).powi(2);
                    mass_tangent +=
                        b.inverse_mass() + b.inverse_inertia() * r.perp_dot(tangent).powi(2);
                    (r, b.rotation.unrotate(r), b.velocity_at(found.point))
                }
                None => (Vec2::ZERO, Vec2::ZERO, partner_velocity(found.point)),
            };
            let relative = velocity - a.velocity_at(found.point);
            *slot = ContactPoint {
                point: found.point,
                anchor,
                partner_anchor,
                local: a.rotation.unrotate(anchor),
                partner_local,
                partner_velocity: if b.is_some() { Vec2::ZERO } else { velocity },
                base_separation: found.separation,
                normal_mass: inverse_or_zero(mass_normal),
                tangent_mass: inverse_or_zero(mass_tangent),
                normal_impulse: 0.0,
                tangent_impulse: 0.0,
                max_normal_impulse: 0.0,
                relative_velocity: relative.dot(normal),
            };
        }
        Self {
            body,
            partner,
            normal,
            friction: mixed.friction,
            restitution: mixed.restitution,
            softness: mixed.softness,
            points,
            count: manifold.count,
        }
    }

    /// The most normal impulse any point carried in a sub-step.
    pub fn max_normal_impulse(&self) -> f32 {
        self.points[..self.count]
            .iter()
            .map(|p| p.max_normal_impulse)
            .fold(0.0, f32::max)
    }

    /// The smallest separation of its points as the bodies stand now, a
    /// moving door leaf `elapsed` seconds into the tick.
    pub fn separation_now(&self, bodies: &[LooseBody], elapsed: f32) -> f32 {
        let (a, b) = self.sides(bodies);
        self.points[..self.count]
            .iter()
            .map(|p| self.point_separation(p, &a, b.as_ref(), elapsed))
            .fold(f32::INFINITY, f32::min)
    }

    /// The body and, when it is an awake body, the partner, as a pass
    /// moves them.
    fn sides(&self, bodies: &[LooseBody]) -> (Moving, Option<Moving>) {
        let partner = match self.partner {
            Partner::Body(other) => Some(Moving::of(&bodies[other as usize])),
            _ => None,
        };
        (Moving::of(&bodies[self.body as usize]), partner)
    }

    /// The velocities a pass gave the sides, back into the bodies.
    fn write_back(&self, (a, b): (Moving, Option<Moving>), bodies: &mut [LooseBody]) {
        a.write_back(&mut bodies[self.body as usize]);
        if let (Partner::Body(other), Some(b)) = (self.partner, b) {
            b.write_back(&mut bodies[other as usize]);
        }
    }

    fn point_separation(
        &self,
        p: &ContactPoint,
        a: &Moving,
        b: Option<&Moving>,
        elapsed: f32,
    ) -> f32 {
        let moved = a.position + a.rotation.rotate(p.local) - p.point;
        let partner_moved = match b {
            Some(b) => b.position + b.rotation.rotate(p.partner_local) - p.point,
            None => p.partner_velocity * elapsed,
        };
        p.base_separation + (partner_moved - moved).dot(self.normal)
    }

    /// The velocity of the partner's material at point `p` minus the
    /// body's.
    fn relative_velocity(p: &ContactPoint, a: &Moving, b: Option<&Moving>) -> Vec2 {
        let own = a.linear_velocity + cross_scalar(a.angular_velocity, p.anchor);
        let partner = match b {
            Some(b) => b.linear_velocity + cross_scalar(b.angular_velocity, p.partner_anchor),
            None => p.partner_velocity,
        };
        partner - own
    }

    /// Applies `impulse` at point `p`: to the partner (if it is an awake
    /// body) along it, to the body against it.
    fn apply(p: &ContactPoint, impulse: Vec2, a: &mut Moving, b: Option<&mut Moving>) {
        a.linear_velocity -= impulse * a.inverse_mass;
        a.angular_velocity -= a.inverse_inertia * p.anchor.perp_dot(impulse);
        if let Some(b) = b {
            b.linear_velocity += impulse * b.inverse_mass;
            b.angular_velocity += b.inverse_inertia * p.partner_anchor.perp_dot(impulse);
        }
    }

    /// Applies the impulses accumulated so far, at the start of a sub-step.
    pub fn warm_start(&self, bodies: &mut [LooseBody]) {
        let (mut a, mut b) = self.sides(bodies);
        let tangent = tangent_of(self.normal);
        for p in &self.points[..self.count] {
            let impulse = self.normal * p.normal_impulse + tangent * p.tangent_impulse;
            Self::apply(p, impulse, &mut a, b.as_mut());
        }
        self.write_back((a, b), bodies);
    }

    /// One pass over the points: the normal impulses (pushing out of
    /// overlaps when `use_bias`), then friction. `elapsed` is the time
    /// into the tick, `inverse_substep` one over the sub-step.
    pub fn solve(
        &mut self,
        bodies: &mut [LooseBody],
        elapsed: f32,
        inverse_substep: f32,
        use_bias: bool,
    ) {
        let (mut a, mut b) = self.sides(bodies);
        let normal = self.normal;
        for index in 0..self.count {
            let p = &self.points[index];
            let separation = self.point_separation(p, &a, b.as_ref(), elapsed);
            let (bias, mass_scale, impulse_scale) = if separation > 0.0 {
                (separation * inverse_substep, 1.0, 0.0)
            } else if use_bias {
                let push_out = (self.softness.bias_rate * separation).max(-MAX_PUSH_OUT_SPEED);
                (
                    push_out,
                    self.softness.mass_scale,
                    self.softness.impulse_scale,
                )
            } else {
                (0.0, 1.0, 0.0)
            };
            let relative = Self::relative_velocity(p, &a, b.as_ref());
            let normal_speed = relative.dot(normal);
            let impulse = -p.normal_mass * mass_scale * (normal_speed + bias)
                - impulse_scale * p.normal_impulse;
            let mut total = (p.normal_impulse + impulse).max(0.0);
            if let Partner::Walker {
                push_velocity,
                max_push,
            } = self.partner
            {
                // The walker's velocity relative to the body, along the normal.
                let push_speed = push_velocity.dot(normal) + normal_speed;
                let to_pace = (p.normal_impulse - p.normal_mass * push_speed).clamp(0.0, max_push);
                total = total.max(to_pace);
            }
            let change = total - p.normal_impulse;
            Self::apply(p, normal * change, &mut a, b.as_mut());
            let point = &mut self.points[index];
            point.normal_impulse = total;
            point.max_normal_impulse = point.max_normal_impulse.max(total);
        }
        let tangent = tangent_of(normal);
        for point in &mut self.points[..self.count] {
            let tangent_speed = Self::relative_velocity(point, &a, b.as_ref()).dot(tangent);
            let limit = self.friction * point.normal_impulse;
            let total =
                (point.tangent_impulse - point.tangent_mass * tangent_speed).clamp(-limit, limit);
            let change = total - point.tangent_impulse;
            Self::apply(point, tangent * change, &mut a, b.as_mut());
            point.tangent_impulse = total;
        }
        self.write_back((a, b), bodies);
    }

    /// Restitution, once after the sub-steps: each point that closed
    /// faster than the threshold and pushed leaves at `restitution` times
    /// its closing speed.
    pub fn apply_restitution(&mut self, bodies: &mut [LooseBody]) {
        if self.restitution == 0.0 {
            return;
        }
        let (mut a, mut b) = self.sides(bodies);
        for point in &mut self.points[..self.count] {
            if point.relative_velocity > -RESTITUTION_THRESHOLD || point.max_normal_impulse == 0.0 {
                continue;
            }
            let normal_speed = Self::relative_velocity(point, &a, b.as_ref()).dot(self.normal);
            let impulse =
                -point.normal_mass * (normal_speed + self.restitution * point.relative_velocity);
            let total = (point.normal_impulse + impulse).max(0.0);
            let change = total - point.normal_impulse;
            Self::apply(point, self.normal * change, &mut a, b.as_mut());
            point.normal_impulse = total;
            point.max_normal_impulse = point.max_normal_impulse.max(change);
        }
        self.write_back((a, b), bodies);
    }
}

/// A body as a pass over a contact's points moves it: read once, its
/// velocities changed point by point, and written back.
#[derive(Debug, Clone, Copy)]
struct Moving {
    position: Vec2,
    rotation: Rotation,
    linear_velocity: Vec2,
    angular_velocity: f32,
    inverse_mass: f32,
    inverse_inertia: f32,
}

impl Moving {
    #[inline]
    fn of(body: &LooseBody) -> Self {
        Self {
            position: body.position,
            rotation: body.rotation,
            linear_velocity: body.linear_velocity,
            angular_velocity: body.angular_velocity,
            inverse_mass: body.inverse_mass(),
            inverse_inertia: body.inverse_inertia(),
        }
    }

    #[inline]
    fn write_back(self, body: &mut LooseBody) {
        body.linear_velocity = self.linear_velocity;
        body.angular_velocity = self.angular_velocity;
    }
}

/// The tangent a normal's friction acts along.
#[inline]
fn tangent_of(normal: Vec2) -> Vec2 {
    Vec2::new(normal.y, -normal.x)
}

/// `1 / value`, or zero for zero (a contact between two immovable sides).
#[inline]
fn inverse_or_zero(value: f32) -> f32 {
    if value > 0.0 { 1.0 / value } else { 0.0 }
}
