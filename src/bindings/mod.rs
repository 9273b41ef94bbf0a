//! Key bindings: one table from actions to physical keys, so WASD works on any
//! keyboard layout (AZERTY's ZQSD keys sit where QWERTY's WASD do). Each
//! action belongs to an input [`Context`]; a key may do one thing per context
//! (Space plots a point in edit mode and pauses a demo), and the session
//! decides which contexts are active and in what order they see a key. The
//! bindings struct, the F1 help and the README's controls table are all made
//! from the one action table, so they can never disagree:
//! - `context.rs`: the input contexts and their precedence;
//! - `actions.rs`: the action table, one row per action ([`Action::spec`]);
//! - `keymap.rs`: the key table ([`Bindings`]), the config's overrides and
//!   the lookup of a key in the active contexts;
//! - `listing.rs`: the controls as people read them, for the two below;
//! - `help.rs`: the F1 help overlay's groups ([`Bindings::help_groups`]);
//! - `readme.rs`: the README's controls table ([`Bindings::markdown_table`]).

mod actions;
mod context;
mod help;
mod keymap;
mod listing;
mod readme;

pub use actions::{Action, ActionSpec};
pub use context::Context;
pub use help::HelpGroup;
pub use keymap::{BindingConflict, Bindings};
