//! The awake bodies as the sub-steps move them: a dense array, one small
//! entry per awake body in the order of the awake list (its *slot*), read
//! and written by every contact pass instead of the bodies themselves, as
//! Box2D v3's solver keeps its body states apart from its bodies. The
//! entries are taken from the bodies once a tick, before the sub-steps,
//! and written back once, after restitution.

use glam::{Vec2, Vec4, Vec4Swizzles};

use super::body::LooseBody;
use super::rotation::Rotation;

/// What a pass needs of an awake body: where it stands, how it moves, and
/// how hard it is to move.
#[derive(Debug, Clone, Copy)]
pub(super) struct SolverBody {
    /// Its centroid.
    pub position: Vec2,
    /// Its turn.
    pub rotation: Rotation,
    /// Its centroid's velocity, m/s.
    pub linear_velocity: Vec2,
    /// Its turning rate, rad/s.
    pub angular_velocity: f32,
    /// 1 / mass.
    pub inverse_mass: f32,
    /// 1 / moment of inertia.
    pub inverse_inertia: f32,
}

impl SolverBody {
    /// `body` as it stands and moves now.
    #[inline]
    pub fn of(body: &LooseBody) -> Self {
        Self {
            position: body.position,
            rotation: body.rotation,
            linear_velocity: body.linear_velocity,
            angular_velocity: body.angular_velocity,
            inverse_mass: body.inverse_mass(),
            inverse_inertia: body.inverse_inertia(),
        }
    }

    /// An entry that nothing moves, standing still at the origin.
    pub fn still() -> Self {
        Self {
            position: Vec2::ZERO,
            rotation: Rotation::IDENTITY,
            linear_velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            inverse_mass: 0.0,
            inverse_inertia: 0.0,
        }
    }

    /// Moves it on at its velocities for `seconds`.
    #[inline]
    pub fn integrate(&mut self, seconds: f32) {
        self.position += self.linear_velocity * seconds;
        self.rotation = self.rotation.integrate(self.angular_velocity, seconds);
    }

    /// Moves `states` on at their velocities for `seconds`, as
    /// [`integrate`](Self::integrate) moves each (to the bit: the same
    /// operations, two bodies' turns side by side, one square root and
    /// one division for both).
    pub fn integrate_all(states: &mut [Self], seconds: f32) {
        let mut pairs = states.chunks_exact_mut(2);
        for pair in &mut pairs {
            let [a, b] = pair else { unreachable!() };
            a.position += a.linear_velocity * seconds;
            b.position += b.linear_velocity * seconds;
            let (ca, sa) = a.rotation.cos_sin();
            let (cb, sb) = b.rotation.cos_sin();
            let (ta, tb) = (a.angular_velocity * seconds, b.angular_velocity * seconds);
            let turned = Vec4::new(ca, sa, cb, sb);
            // (cos − turn·sin, sin + turn·cos), the negation exact.
            let across = Vec4::new(-(ta * sa), ta * ca, -(tb * sb), tb * cb);
            let turned = turned + across;
            let squares = turned * turned;
            let length = (squares + squares.yxwz()).sqrt();
            let [ca2, sa2, cb2, sb2] = (turned / length).to_array();
            if a.angular_velocity != 0.0 {
                a.rotation = Rotation::from_cos_sin(ca2, sa2);
            }
            if b.angular_velocity != 0.0 {
                b.rotation = Rotation::from_cos_sin(cb2, sb2);
            }
        }
        for state in pairs.into_remainder() {
            state.integrate(seconds);
        }
    }

    /// Takes the velocities of `other` (the same body after a pass).
    #[inline(always)]
    pub fn take_velocities(&mut self, other: &Self) {
        self.linear_velocity = other.linear_velocity;
        self.angular_velocity = other.angular_velocity;
    }

    /// Its pose and velocities, back into `body` (its outline brought up
    /// to date).
    pub fn write_back(&self, body: &mut LooseBody) {
        body.position = self.position;
        body.rotation = self.rotation;
        body.linear_velocity = self.linear_velocity;
        body.angular_velocity = self.angular_velocity;
        body.refresh_world();
    }
}

/// The solver's bodies for a tick, and where each body's entry is.
#[derive(Debug, Clone, Default)]
pub(super) struct SolverBodies {
    /// One entry per awake body, in the awake list's order.
    pub states: Vec<SolverBody>,
    /// Each body's slot, by body index (meaningful for awake bodies only).
    slots: Vec<u32>,
}

impl SolverBodies {
    /// Takes the entries of `awake` (body indices) from `bodies`.
    pub fn load(&mut self, bodies: &[LooseBody], awake: &[u32]) {
        self.slots.resize(bodies.len(), 0);
        self.states.clear();
        for (slot, &id) in (0..).zip(awake) {
            self.slots[id as usize] = slot;
            self.states.push(SolverBody::of(&bodies[id as usize]));
        }
    }

    /// Writes every entry back into its body: `awake` as loaded.
    pub fn store(&self, bodies: &mut [LooseBody], awake: impl Iterator<Item = u32>) {
        for (state, id) in self.states.iter().zip(awake) {
            state.write_back(&mut bodies[id as usize]);
        }
    }

    /// The slot of awake body `id`.
    #[inline]
    pub fn slot(&self, id: u32) -> u32 {
        self.slots[id as usize]
    }
}
