//! Edit mode as a part of the session: E, the tools (the digits), the
//! plotting keys, carrying (X, Ctrl+D, the wheel), the Ctrl chords (undo,
//! redo, save), F5's and quitting's guards against losing unsaved edits,
//! F9, the autosave journal, and the edits made with the mouse on the full
//! map. An edit hands the edited level to the session, which makes it live
//! by the one level-change path. Opening the draft, saving it and
//! restoring the autosave run off the main thread in the window: keys that
//! need the draft meanwhile wait in a queue and are applied in the order
//! typed once it is back. The journal is written off it too. The state is
//! [`EditMode`]; the edits themselves are [`crate::edit`].
//!
//! Its files, by job: `capabilities.rs` what edit mode does as a part
//! (input, frames and ticks, what it shows and vetoes); `tools.rs` what
//! each plotting key does with each tool; `edits.rs` carrying, the map's
//! edits, undo and redo, the panel's changes, and handing an edit to the
//! session; `work.rs` and `keys.rs` the queue of background work and the
//! keys that wait in it; `guards.rs` saving and the guards against losing
//! unsaved edits (F5, quitting, a file changed elsewhere, the journal);
//! `state.rs` the state; `markers.rs` the cursor, aim and marker lines;
//! `panel.rs` and `panel_ui.rs` the property panel; `live_checks.rs` the
//! checks of the edited level.

mod capabilities;
mod edits;
mod glyph_warm_up;
mod guards;
mod keys;
mod live_checks;
mod markers;
mod panel;
mod panel_ui;
mod state;
mod tools;
mod work;

pub use self::panel_ui::{PanelUi, ToolUi, ui_frame};
pub use self::state::{Carried, EditState, Tool};

use std::collections::VecDeque;
use std::path::Path;

use self::keys::{Aim, Typed};
use self::panel::Panel;
use self::state::EditMode;
use crate::app::part::QuitBy;
use crate::app::world::World;
use crate::level::Level;

/// Edit mode's part.
#[derive(Debug)]
pub struct Editing {
    edit: EditMode,
    /// A quit request that was held back because of unsaved edits.
    quit_warning: Option<QuitBy>,
    /// F5 was pressed once with unsaved edits (a second press drops them).
    reload_warned: bool,
    /// Whether edit mode was on after the last tick.
    was_on: bool,
    /// Keys typed while the draft was busy (opening, saving, restoring),
    /// each with where the crosshair stood: applied in order once it is
    /// ready.
    queued: VecDeque<(Typed, Aim)>,
    /// A quit asked for while a save was writing: it goes ahead once the
    /// save went through.
    quit_after_save: bool,
    /// The property panel.
    panel: Panel,
}

impl Editing {
    /// Edit mode, off, for `level`, saving beside it or in
    /// `working_directory`, with an autosave offer if there is one.
    pub fn new(level: &Level, working_directory: &Path) -> Self {
        Self {
            edit: EditMode::new(level, working_directory),
            quit_warning: None,
            reload_warned: false,
            was_on: false,
            queued: VecDeque::new(),
            quit_after_save: false,
            panel: Panel::default(),
        }
    }

    /// Edit mode as it stands (tool, grid, cursor, aimed and carried item,
    /// undo depth), `None` while it is off or a demo plays: what the EDIT
    /// line and the aim line of the HUD show, as values.
    pub fn state(&self, world: &World) -> Option<EditState> {
        world.edit_mode().then(|| EditState {
            tool: self.edit.tool,
            grid_metres: self.edit.grid.metres(),
            cursor: world.cursor,
            aimed: world.aimed,
            carried: self.edit.carry.as_ref().map(|carry| Carried {
                item: carry.item(),
                copy: carry.is_copy(),
                degrees: carry.degrees(),
            }),
            undo_depth: self.edit.undo_depth(),
            unsaved: self.edit.has_unsaved_edits(),
        })
    }
}
