//! Pure 2D collision on the XZ plane: no GPU, no window, no I/O.
//!
//! Before every frame's XZ move the camera asks [`Collider::move_eye`] where
//! the eye may go. Every shape is a rounded convex hull — a [`Wall`] is its
//! segment inflated by its own radius, a [`ConvexPolygon`] obstacle is inflated
//! by the body radius — and the eye is a point, so a move is a ray against
//! rounded shapes: continuous (no tunnelling at any speed) and exact at
//! corners. A uniform grid keeps the cost of a move independent of the number
//! of walls; Quake's clip planes turn impacts into slides.
//!
//! Module map: [`segment`] distances, [`polygon`] obstacles, [`sat`] separating
//! axes with minimum translation vectors, `sweep` the narrowphase, `grid`
//! the broadphase, `planes` the slide's clip planes, [`Collider`] the move
//! query, `ray` the crosshair's ray query ([`Collider::ray_cast`]),
//! `clearance` an eye standing inside a shape
//! ([`Collider::deepest_penetration`], [`Collider::nearest_free_point`]),
//! `visibility` what a view sees ([`Collider::visible_shapes`]).

mod clearance;
mod collider;
mod error;
mod grid;
mod options;
mod outcome;
mod planes;
pub mod polygon;
mod ray;
pub mod sat;
pub mod segment;
mod shapes;
mod sweep;
mod visibility;
mod wall;

pub use clearance::Penetration;
pub use collider::Collider;
pub use error::CollisionError;
pub use options::{DEFAULT_SKIN, MoveOptions, MovePolicy};
pub use outcome::{Contact, MAX_CONTACTS, MAX_SLIDES, MoveOutcome, Surface};
pub use polygon::{ConvexPolygon, PolygonError};
pub use ray::{RayHit, ray_against_obstacle, ray_against_wall};
pub use sat::{circle_polygon_mtv, polygon_polygon_mtv};
pub use segment::{closest_point_on_segment, distance_to_segment};
pub use sweep::{WallImpact, sweep_against_obstacle, sweep_against_wall};
pub use visibility::{BIN_COUNT, ViewWedge, VisibleSet};
pub use wall::Wall;
