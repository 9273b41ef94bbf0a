//! The edit model without a window: edits and authoring, the changes an
//! edit reports, undo and redo under random edits, and properties.
//! One binary, a module per part.

#[path = "../common/mod.rs"]
mod common;

mod authoring;
mod change;
mod editing;
mod floors;
mod incremental;
mod properties;
