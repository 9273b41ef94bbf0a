//! The top-down map's pure parts: the transform between the floor plan and
//! the screen ([`MapView`]), what is drawn as coloured lines and triangles
//! ([`wall_shape`], [`obstacle_shape`], floors shaded by height
//! ([`floor_shade`]) and their edges, [`walk_layer_geometry`]), the trail,
//! the numbered marks, which walls have been seen ([`SeenWalls`]), where the
//! eye can go ([`Reachable`]) and the gaps it almost passes
//! ([`near_misses`]).
//! No GPU, no window, no I/O: `render` draws what this module builds.
//!
//! Module map: `bounds` boxes on the floor plan and the level's box, `view`
//! the transform and zoom, `outline` the clearance outline shared with the
//! debug lines, `geometry` the shapes and colours, `trail`, `marks`, `seen`,
//! `reach` the flood fill, `gaps` near misses, `warnings` their wording for
//! `mazewalker check` and edit mode.

mod bounds;
mod gaps;
mod geometry;
mod marks;
mod outline;
mod reach;
mod seen;
mod trail;
mod unlit;
mod view;
mod warnings;

pub use bounds::{PlanBounds, level_bounds};
pub use gaps::{NEAR_MISS, NearMiss, near_misses};
pub use geometry::{
    FULL_DENSITY, MapGeometry, MapVertex, SeenShapes, WalkLayer, colours, density_square,
    floor_edge_shape, floor_piece_shape, floor_shade, obstacle_shape, walk_layer_geometry,
    wall_shape,
};
pub use marks::{MAX_MARKS, Marks};
pub use outline::rounded_outline;
pub use reach::{
    DEFAULT_CELL_SIZE, MAX_CELLS, MIN_UNREACHABLE_AREA, Reachable, UnreachableArea,
    flood_the_level, unreachable_areas,
};
pub use seen::{SeenWalls, Sight};
pub use trail::{TRAIL_LENGTH, Trail};
pub use unlit::{MIN_UNLIT_AREA, UnlitArea, unlit_areas};
pub use view::{
    DENSITY_BELOW_PIXELS_PER_METRE, FIT_MARGIN, GRID_MIN_PIXELS, KEY_ZOOM_FACTOR,
    MAX_PIXELS_PER_METRE, MIN_PIXELS_PER_METRE, MapDetail, MapView, OUTLINE_MIN_PIXELS_PER_METRE,
    WHEEL_ZOOM_FACTOR,
};
pub use warnings::{FloorWarnings, TOO_LARGE_FOR_REACH, check_floor_plan, floor_warnings};
