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
use super::solver_body::{SolverBodies, SolverBody};
use super::tolerance::LINEAR_SLOP;

/// How far apart (m) shapes still make a contact at rest: it is kept so
/// that a closing gap is met before it closes.
pub(super) const SPECULATIVE_DISTANCE: f32 = 4.0 * LINEAR_SLOP;

/// Impacts slower than this (m/s) do not bounce.
const RESTITUTION_THRESHOLD: f32 = 1.0;

/// The fastest a contact pushes overlapping shapes apart, m/s.
pub(super) const MAX_PUSH_OUT_SPEED: f32 = 3.0;

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
    /// A wall or a fixed obstacle, by its id in the fixed scene.
    Fixed(u32),
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

/// What the wide solver takes of a contact's point.
#[derive(Debug, Clone, Copy)]
pub(super) struct LanePoint {
    pub anchor: Vec2,
    pub partner_anchor: Vec2,
    pub local: Vec2,
    pub partner_local: Vec2,
    pub base_separation: f32,
    pub normal_mass: f32,
    pub tangent_mass: f32,
}

/// What the wide solver takes of a contact.
#[derive(Debug, Clone, Copy)]
pub(super) struct Lane {
    pub normal: Vec2,
    pub friction: f32,
    /// Its softness: bias rate, mass scale, impulse scale.
    pub softness: (f32, f32, f32),
    pub points: [LanePoint; 2],
    pub count: usize,
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
    /// The body's slot among the solver's bodies.
    slot: u32,
    /// An awake partner's slot among the solver's bodies.
    partner_slot: u32,
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
            slot: 0,
            partner_slot: 0,
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

    /// Where and how hard it struck, when a point closed at `speed` (m/s)
    /// or faster and pushed: the point that closed fastest (the first on
    /// a tie), and the contact's [`max_normal_impulse`](Self::max_normal_impulse).
    pub fn impact(&self, speed: f32) -> Option<(Vec2, f32)> {
        let struck = self.points[..self.count]
            .iter()
            .filter(|p| struck_at(p, speed))
            .fold(None, |fastest: Option<&ContactPoint>, p| match fastest {
                Some(f) if f.relative_velocity <= p.relative_velocity => Some(f),
                _ => Some(p),
            })?;
        Some((struck.point, self.max_normal_impulse()))
    }

    /// The smallest separation of its points as the bodies stand now, a
    /// moving door leaf `elapsed` seconds into the tick.
    pub fn separation_now(&self, bodies: &[LooseBody], elapsed: f32) -> f32 {
        let a = SolverBody::of(&bodies[self.body as usize]);
        match self.partner {
            Partner::Body(other) => {
                let b = SolverBody::of(&bodies[other as usize]);
                self.smallest_separation(&a, &b, elapsed)
            }
            _ => self.smallest_separation(&a, &Immovable, elapsed),
        }
    }

    /// The smallest separation of its points with the body's side as `a`
    /// stands and the partner as `b` stands `elapsed` seconds into the
    /// tick.
    #[inline(always)]
    fn smallest_separation(&self, a: &SolverBody, b: &impl PartnerSide, elapsed: f32) -> f32 {
        self.points[..self.count]
            .iter()
            .map(|p| self.point_separation(p, a, b.moved(p, elapsed)))
            .fold(f32::INFINITY, f32::min)
    }

    /// What the wide solver takes of it (`wide.rs`).
    pub fn lane(&self) -> Lane {
        let point = |p: &ContactPoint| LanePoint {
            anchor: p.anchor,
            partner_anchor: p.partner_anchor,
            local: p.local,
            partner_local: p.partner_local,
            base_separation: p.base_separation,
            normal_mass: p.normal_mass,
            tangent_mass: p.tangent_mass,
        };
        let softness = self.softness;
        Lane {
            normal: self.normal,
            friction: self.friction,
            softness: (
                softness.bias_rate,
                softness.mass_scale,
                softness.impulse_scale,
            ),
            points: [point(&self.points[0]), point(&self.points[1])],
            count: self.count,
        }
    }

    /// Sets point `index`'s impulses, as the wide solver left them (none
    /// past its points).
    pub fn set_impulses(&mut self, index: usize, normal: f32, tangent: f32, max_normal: f32) {
        if index < self.count {
            let point = &mut self.points[index];
            point.normal_impulse = normal;
            point.tangent_impulse = tangent;
            point.max_normal_impulse = max_normal;
        }
    }

    /// Finds its sides' slots among the solver's bodies.
    pub fn assign_slots(&mut self, solver: &SolverBodies) {
        self.slot = solver.slot(self.body);
        if let Partner::Body(other) = self.partner {
            self.partner_slot = solver.slot(other);
        }
    }

    /// Its sides' slots among the solver's bodies: the body's, and an
    /// awake partner's.
    pub fn slots(&self) -> (u32, Option<u32>) {
        match self.partner {
            Partner::Body(_) => (self.slot, Some(self.partner_slot)),
            _ => (self.slot, None),
        }
    }

    /// Runs `pass` on the body's and, when it is an awake body, the
    /// partner's solver entries, read once and written back once; the
    /// pass is compiled apart for each kind of partner.
    #[inline(always)]
    fn run_pass(&mut self, states: &mut [SolverBody], pass: impl Pass) {
        let slot = self.slot as usize;
        let mut a = states[slot];
        if let Partner::Body(_) = self.partner {
            let partner_slot = self.partner_slot as usize;
            let mut b = states[partner_slot];
            pass.run(self, &mut a, &mut b);
            states[partner_slot].take_velocities(&b);
        } else {
            pass.run(self, &mut a, &mut Immovable);
        }
        states[slot].take_velocities(&a);
    }

    /// The separation at point `p` with the body's side moved as `a`
    /// stands and the partner's material moved by `partner_moved`.
    #[inline(always)]
    fn point_separation(&self, p: &ContactPoint, a: &SolverBody, partner_moved: Vec2) -> f32 {
        let moved = a.position + a.rotation.rotate(p.local) - p.point;
        p.base_separation + (partner_moved - moved).dot(self.normal)
    }

    /// The velocity of the partner's material at point `p` minus the
    /// body's.
    #[inline(always)]
    fn relative_velocity(p: &ContactPoint, a: &SolverBody, b: &impl PartnerSide) -> Vec2 {
        let own = a.linear_velocity + cross_scalar(a.angular_velocity, p.anchor);
        b.velocity(p) - own
    }

    /// Applies `impulse` at point `p`: to the partner (if it is an awake
    /// body) along it, to the body against it.
    #[inline(always)]
    fn apply(p: &ContactPoint, impulse: Vec2, a: &mut SolverBody, b: &mut impl PartnerSide) {
        a.linear_velocity -= impulse * a.inverse_mass;
        a.angular_velocity -= a.inverse_inertia * p.anchor.perp_dot(impulse);
        b.apply(p, impulse);
    }

    /// Applies the impulses accumulated so far, at the start of a sub-step
    /// (none, when all are zero: most contacts reach ahead of touching and
    /// never push).
    #[inline(always)]
    pub fn warm_start(&mut self, states: &mut [SolverBody]) {
        let pushed = |p: &ContactPoint| p.normal_impulse != 0.0 || p.tangent_impulse != 0.0;
        if self.points[..self.count].iter().any(pushed) {
            self.run_pass(states, WarmStart);
        }
    }

    /// One pass over the points: the normal impulses (pushing out of
    /// overlaps when `use_bias`), then friction. `elapsed` is the time
    /// into the tick, `inverse_substep` one over the sub-step.
    #[inline(always)]
    pub fn solve(
        &mut self,
        states: &mut [SolverBody],
        elapsed: f32,
        inverse_substep: f32,
        use_bias: bool,
    ) {
        let pass = Solve {
            elapsed,
            inverse_substep,
            use_bias,
        };
        self.run_pass(states, pass);
    }

    /// Whether restitution acts on it: it has a bounce, and a point that
    /// closed faster than the threshold and pushed. Restitution does not
    /// change this.
    pub fn bounces(&self) -> bool {
        self.restitution != 0.0 && self.points[..self.count].iter().any(bounces)
    }

    /// Restitution, once after the sub-steps, to a contact that
    /// [`bounces`](Self::bounces): each point that closed faster than the
    /// threshold and pushed leaves at `restitution` times its closing
    /// speed.
    pub fn apply_restitution(&mut self, states: &mut [SolverBody]) {
        self.run_pass(states, Restitution);
    }
}

/// Whether point `p` closed fast enough, and pushed, to bounce.
#[inline]
fn bounces(p: &ContactPoint) -> bool {
    struck_at(p, RESTITUTION_THRESHOLD)
}

/// Whether point `p` closed at `speed` (m/s) or faster at the start of
/// the tick, and pushed.
#[inline]
fn struck_at(p: &ContactPoint, speed: f32) -> bool {
    p.relative_velocity <= -speed && p.max_normal_impulse != 0.0
}

/// What a contact's partner is to a pass: an awake body's solver entry,
/// or [`Immovable`].
trait PartnerSide {
    /// How far the partner's material at `p` moved since the contact was
    /// made, `elapsed` seconds into the tick.
    fn moved(&self, p: &ContactPoint, elapsed: f32) -> Vec2;
    /// The velocity of the partner's material at `p`.
    fn velocity(&self, p: &ContactPoint) -> Vec2;
    /// Applies `impulse` to it at `p`.
    fn apply(&mut self, p: &ContactPoint, impulse: Vec2);
}

impl PartnerSide for SolverBody {
    #[inline(always)]
    fn moved(&self, p: &ContactPoint, _elapsed: f32) -> Vec2 {
        self.position + self.rotation.rotate(p.partner_local) - p.point
    }

    #[inline(always)]
    fn velocity(&self, p: &ContactPoint) -> Vec2 {
        self.linear_velocity + cross_scalar(self.angular_velocity, p.partner_anchor)
    }

    #[inline(always)]
    fn apply(&mut self, p: &ContactPoint, impulse: Vec2) {
        self.linear_velocity += impulse * self.inverse_mass;
        self.angular_velocity += self.inverse_inertia * p.partner_anchor.perp_dot(impulse);
    }
}

/// A partner that no impulse moves: a wall, an obstacle, a sleeping
/// body, a door leaf or the walker, its material moving at each point's
/// recorded velocity.
struct Immovable;

impl PartnerSide for Immovable {
    #[inline(always)]
    fn moved(&self, p: &ContactPoint, elapsed: f32) -> Vec2 {
        p.partner_velocity * elapsed
    }

    #[inline(always)]
    fn velocity(&self, p: &ContactPoint) -> Vec2 {
        p.partner_velocity
    }

    #[inline(always)]
    fn apply(&mut self, _p: &ContactPoint, _impulse: Vec2) {}
}

/// One pass over a contact's points, given its sides.
trait Pass {
    /// Runs the pass on `contact`, its body's entry `a` and its partner
    /// `b`.
    fn run(&self, contact: &mut Contact, a: &mut SolverBody, b: &mut impl PartnerSide);
}

/// [`Contact::warm_start`].
struct WarmStart;

impl Pass for WarmStart {
    #[inline(always)]
    fn run(&self, contact: &mut Contact, a: &mut SolverBody, b: &mut impl PartnerSide) {
        let tangent = tangent_of(contact.normal);
        for p in &contact.points[..contact.count] {
            let impulse = contact.normal * p.normal_impulse + tangent * p.tangent_impulse;
            Contact::apply(p, impulse, a, b);
        }
    }
}

/// [`Contact::solve`].
struct Solve {
    elapsed: f32,
    inverse_substep: f32,
    use_bias: bool,
}

impl Solve {
    /// The velocity bias and the mass and impulse scales of a point at
    /// `separation`.
    #[inline(always)]
    fn bias(&self, softness: Softness, separation: f32) -> (f32, f32, f32) {
        if separation > 0.0 {
            (separation * self.inverse_substep, 1.0, 0.0)
        } else if self.use_bias {
            let push_out = larger(softness.bias_rate * separation, -MAX_PUSH_OUT_SPEED);
            (push_out, softness.mass_scale, softness.impulse_scale)
        } else {
            (0.0, 1.0, 0.0)
        }
    }
}

impl Pass for Solve {
    #[inline(always)]
    fn run(&self, contact: &mut Contact, a: &mut SolverBody, b: &mut impl PartnerSide) {
        let normal = contact.normal;
        for index in 0..contact.count {
            let p = &contact.points[index];
            let separation = contact.point_separation(p, a, b.moved(p, self.elapsed));
            let (bias, mass_scale, impulse_scale) = self.bias(contact.softness, separation);
            let relative = Contact::relative_velocity(p, a, b);
            let normal_speed = relative.dot(normal);
            let impulse = -p.normal_mass * mass_scale * (normal_speed + bias)
                - impulse_scale * p.normal_impulse;
            let mut total = larger(p.normal_impulse + impulse, 0.0);
            if let Partner::Walker {
                push_velocity,
                max_push,
            } = contact.partner
            {
                // The walker's velocity relative to the body, along the normal.
                let push_speed = push_velocity.dot(normal) + normal_speed;
                let to_pace = (p.normal_impulse - p.normal_mass * push_speed).clamp(0.0, max_push);
                total = total.max(to_pace);
            }
            let change = total - p.normal_impulse;
            Contact::apply(p, normal * change, a, b);
            let point = &mut contact.points[index];
            point.normal_impulse = total;
            point.max_normal_impulse = larger(total, point.max_normal_impulse);
        }
        if contact.friction == 0.0 {
            // Friction held to zero: it would apply nothing.
            return;
        }
        let tangent = tangent_of(normal);
        for point in &mut contact.points[..contact.count] {
            let tangent_speed = Contact::relative_velocity(point, a, b).dot(tangent);
            let limit = contact.friction * point.normal_impulse;
            let total = within(
                point.tangent_impulse - point.tangent_mass * tangent_speed,
                limit,
            );
            let change = total - point.tangent_impulse;
            Contact::apply(point, tangent * change, a, b);
            point.tangent_impulse = total;
        }
    }
}

/// [`Contact::apply_restitution`].
struct Restitution;

impl Pass for Restitution {
    #[inline(always)]
    fn run(&self, contact: &mut Contact, a: &mut SolverBody, b: &mut impl PartnerSide) {
        let (normal, restitution) = (contact.normal, contact.restitution);
        for point in &mut contact.points[..contact.count] {
            if !bounces(point) {
                continue;
            }
            let normal_speed = Contact::relative_velocity(point, a, b).dot(normal);
            let impulse =
                -point.normal_mass * (normal_speed + restitution * point.relative_velocity);
            let total = larger(point.normal_impulse + impulse, 0.0);
            let change = total - point.normal_impulse;
            Contact::apply(point, normal * change, a, b);
            point.normal_impulse = total;
            point.max_normal_impulse = larger(change, point.max_normal_impulse);
        }
    }
}

/// The larger of `value` and `floor`, `floor` on a tie or a NaN: a plain
/// comparison, where `f32::max` also sorts out NaNs (as this does).
#[inline(always)]
fn larger(value: f32, floor: f32) -> f32 {
    if value > floor { value } else { floor }
}

/// `value` held within `-limit..=limit`, as `f32::clamp` holds it, without
/// its check that the range is not empty (`limit` is never negative).
#[inline(always)]
fn within(value: f32, limit: f32) -> f32 {
    let mut held = value;
    if held < -limit {
        held = -limit;
    }
    if held > limit {
        held = limit;
    }
    held
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
