//! Editing levels in the program: the pure model under edit mode, testable
//! without a window. See `docs/editing.md`.
//!
//! - [`operation`]: the edits (add a wall, lamp, obstacle or door; delete
//!   any of them; move an end point; move the start; change a material;
//!   change any of an item's properties, its place included) and
//!   how each changes the level and its text together, and is undone
//!   exactly;
//! - [`history`]: unlimited undo and redo, and what is unsaved;
//! - [`change`]: what a step changed in the level, to bring what is built
//!   from it up to date in place;
//! - [`aim`]: the aimed item, what the crosshair meets first (a floor's
//!   top among them);
//! - [`carry`]: an item, or a copy of one, carried to a new place;
//! - [`lamps`]: lamps near the crosshair or the cursor;
//! - [`chain`]: plotting walls point by point;
//! - [`outline`]: plotting an obstacle's outline (a floor's too);
//! - [`stairs`]: how high a new floor stands, and a flight of stairs;
//! - [`properties`]: the properties edit mode's panel shows and changes;
//! - [`mod@snap`] and [`cursor`]: where the cursor point is;
//! - [`journal`]: the autosave journal;
//! - [`draft`]: all of it for one level, behind edit mode's keys.
//!
//! Saving (the lossless text, atomic writes) is [`crate::level::save`].

pub mod aim;
pub mod carry;
pub mod chain;
pub mod change;
pub mod cursor;
pub mod draft;
pub mod event;
pub mod history;
pub mod journal;
pub mod lamps;
pub mod operation;
pub mod outline;
pub mod properties;
pub mod snap;
pub mod stairs;

pub use aim::{Crosshair, FloorHit, Item, aimed_item, floor_in_crosshair, item_under};
pub use carry::{Carry, TURN_STEP_DEGREES};
pub use chain::{Chain, Plotted, TakenBack};
pub use change::LevelChange;
pub use cursor::{CURSOR_REACH, cursor_point};
pub use draft::LevelDraft;
pub use event::EditEvent;
pub use history::History;
pub use journal::{Journal, JournalError, TextFingerprint};
pub use lamps::{LAMP_PICK_DISTANCE, lamp_in_crosshair, lamp_near};
pub use operation::{AppliedEdit, Edit, EditError, ItemChange, Piece, Start};
pub use outline::{Outline, OutlineError, convex_hull};
pub use properties::{Field, Property, PropertyChange, PropertyError, Value};
pub use snap::{ENDPOINT_SNAP_DISTANCE, GridSize, snap};
pub use stairs::Flight;
