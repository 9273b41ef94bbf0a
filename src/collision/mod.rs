//! Pure 2D collision on the XZ plane: no GPU, no window, no I/O.
//!
//! Every tick the walker sends its XZ move through [`Collider::move_eye`],
//! which says where the eye may go. Every shape is a rounded convex hull — a
//! [`Wall`] is its segment inflated by its own radius, a [`ConvexPolygon`]
//! obstacle is inflated by the body radius — and the eye is a point, so a
//! move is a ray against rounded shapes: continuous (no tunnelling at any
//! speed) and exact at corners. A uniform grid keeps the cost of a move
//! independent of the number of walls. What a move that hits something does
//! is its [`MovePolicy`]: slide along the surface (Quake's clip planes), or
//! be refused whole; in ghost mode it passes.
//!
//! The same collider answers the level's other floor-plan questions: the
//! first wall a ray meets ([`Collider::ray_cast`]: edit mode's crosshair,
//! the reach fill), whether a standing eye is inside a shape and the nearest
//! point where it would not be ([`Collider::deepest_penetration`],
//! [`Collider::nearest_free_point`]), the walls and wall ends near a point
//! or segment (snapping, near misses), and which walls and obstacles a view
//! sees ([`Collider::visible_shapes`]: sight culling and the map's seen
//! walls).
//!
//! Module map: [`segment`] distances, [`polygon`] obstacles, `wall` walls,
//! [`sat`] separating axes with minimum translation vectors (an eye pushed
//! out of an obstacle), `shapes` the collider's inflated copies of its
//! shapes, `slots` where the collider keeps them (stable slots in shared
//! chunks, so that a copy is cheap and an edit copies only what it
//! touches; [`ShapeView`] its walls and obstacles in order), `sweep` the
//! narrowphase, `grid` the broadphase, `planes` the
//! slide's clip planes, `collider` the [`Collider`] and its move query,
//! `options`, `outcome` and `error` what a move is asked, answers and
//! refuses, `ray` ray queries, `clearance` a standing eye's clearance,
//! `visibility` what a view sees, `leaves` door leaves that move between
//! ticks (met by [`Collider::move_eye_among`]), `leaf_cells` their
//! broadphase (small cells, a run of leaf ids each), `moving_sat` the moving
//! separating-axis test (a circle against a moving polygon).

mod clearance;
mod collider;
mod error;
mod grid;
mod heights;
mod leaf_cells;
mod leaves;
mod moving_sat;
mod options;
mod outcome;
pub mod outline;
mod planes;
pub mod polygon;
mod ray;
pub mod sat;
pub mod segment;
mod shapes;
mod slots;
mod sweep;
mod visibility;
mod wall;

pub use clearance::Penetration;
pub use collider::Collider;
pub use error::CollisionError;
pub use heights::{FloorOutline, Footing, HeightEdge, Heights, Span, Stance};
pub use leaves::{DoorLeaves, Leaf};
pub use moving_sat::{MovingContact, circle_against_moving_polygon};
pub use options::{DEFAULT_SKIN, MoveOptions, MovePolicy};
pub use outcome::{Contact, MAX_CONTACTS, MAX_SLIDES, MoveOutcome, Surface};
pub use polygon::{ConvexPolygon, PolygonError};
pub use ray::{RayHit, ray_against_obstacle, ray_against_wall};
pub use sat::{circle_polygon_mtv, polygon_polygon_mtv};
pub use segment::{closest_point_on_segment, distance_to_segment};
pub(crate) use slots::Order;
pub use slots::{ShapeIter, ShapeView};
pub use sweep::{WallImpact, sweep_against_obstacle, sweep_against_wall};
pub use visibility::{BIN_COUNT, ViewWedge, VisibleSet};
pub use wall::Wall;
