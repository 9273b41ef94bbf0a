//! Loose bodies: furniture that is not nailed down. Pure 2D rigid bodies
//! on the floor plan, pushed by the walker, kicked, knocked by doors and
//! each other, sliding against floor friction, never through anything.
//!
//! The solver is Box2D v3's soft step on the collider's own kind of
//! shapes: bodies, obstacles and door leaves are convex outlines, walls
//! are capsules of their rendered half-thickness, the walker is a circle.
//! Every loop runs in body index order and every sine, cosine and arc
//! tangent goes through [`crate::portable_math`], so a tick gives the same
//! bits on every platform and in debug and release. See `docs/physics.md`
//! for the phases and what they guarantee.
//!
//! Module map: `body` a body and its material, `rotation` its turn,
//! `manifold` where two shapes touch, `contact` contact constraints,
//! `floor` floor friction, `broad_phase` the grids and each body's
//! neighbours, `fixed` walls and obstacles, `input` what a tick is given,
//! `gather` finding contacts, `solver` the tick's phases, `impact` the
//! contacts that struck hard, `solver_body` the awake bodies as the
//! sub-steps move them, `wide` the contacts between awake bodies four at a time, `surroundings`
//! the fixed scene and the neighbour lists borrowed together, `guard`
//! never through anything, `tolerance` the length they all measure against, `sleep` which bodies are awake, `push` the
//! walker's move among bodies, `world` [`LooseBodies`] and its queries.

mod body;
mod broad_phase;
mod contact;
mod fixed;
mod floor;
mod gather;
mod guard;
mod impact;
mod input;
mod manifold;
mod push;
mod rotation;
mod sleep;
mod solver;
mod solver_body;
mod surroundings;
mod tolerance;
mod wide;
mod world;

pub use body::{BodyError, GRAVITY, LooseBody, Material};
pub use fixed::FixedScene;
pub use impact::{IMPACT_SPEED, Impact, Struck};
pub use input::{
    DEFAULT_KICK_IMPULSE, DEFAULT_PUSH_FORCE, DoorMotion, StepInput, StepOptions, WalkerCircle,
};
pub use push::WalkerMove;
pub use rotation::Rotation;
pub use solver::StepOutcome;
pub use world::{BodyHit, LooseBodies};
