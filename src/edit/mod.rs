//! Editing levels in the program: the pure model under edit mode, testable
//! without a window. See `docs/editing.md`.
//!
//! - [`operation`]: the edits (add, delete, move an end point; place and
//!   delete a lamp) and how each changes the level and its text together,
//!   and is undone exactly;
//! - [`history`]: unlimited undo and redo, and what is unsaved;
//! - [`lamps`]: which lamp Delete means with the lamp tool;
//! - [`chain`]: plotting walls point by point;
//! - [`mod@snap`] and [`cursor`]: where the cursor point is;
//! - [`journal`]: the autosave journal;
//! - [`session`]: all of it for one level, behind edit mode's keys.
//!
//! Saving (the lossless text, atomic writes) is [`crate::level::save`].

pub mod chain;
pub mod cursor;
pub mod history;
pub mod journal;
pub mod lamps;
pub mod operation;
pub mod session;
pub mod snap;

pub use chain::{Chain, Plotted, TakenBack};
pub use cursor::{CURSOR_REACH, cursor_point};
pub use history::History;
pub use journal::{Journal, JournalError, TextFingerprint};
pub use lamps::{LAMP_PICK_DISTANCE, lamp_to_delete};
pub use operation::{AppliedEdit, Edit, EditError};
pub use session::EditSession;
pub use snap::{ENDPOINT_SNAP_DISTANCE, GridSize, snap};
