//! What the session's parts share: the live level, the simulation and its
//! tick input, the session's clock and notices, and the ways to talk to the
//! shell and to the session (requests, and the typed causes by which the
//! live level changes).

use std::cell::OnceCell;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use glam::Vec2;

use super::events::{MapEdit, Request};
use super::held_keys::Modifiers;
use super::live_level::{BuiltLevel, LiveLevel, SavedLevel};
use super::overlays::HudMessages;
use crate::config::Config;
use crate::edit::{Item, LevelChange};
use crate::level::Level;
use crate::map::{NearMiss, near_misses};
use crate::simulation::Simulation;
use crate::walker::{InputGatherer, Walker};

/// What every part shares: the live level, the simulation and its tick input,
/// the session's clock, and the ways to talk to the shell.
#[derive(Debug)]
pub struct World {
    /// The level being walked, and its reloading.
    pub live: LiveLevel,
    /// What moves on the tick: the eye, the doors, the loose bodies.
    pub simulation: Simulation,
    /// Input gathered for the next tick.
    pub gatherer: InputGatherer,
    /// The HUD's notices.
    pub messages: HudMessages,
    /// The settings file's values.
    pub settings: Config,
    /// Session time: wall time in the window, simulated time in a script.
    pub time: Duration,
    /// The size of the view drawn, in pixels.
    pub view_size: (u32, u32),
    /// Whether the mouse is grabbed for looking.
    pub mouse_grabbed: bool,
    /// The modifier keys held.
    pub modifiers: Modifiers,
    /// Where a level without a file is first saved, and relative paths
    /// resolve: the working directory at start.
    pub working_directory: PathBuf,
    /// The cursor point for this action (the crosshair's, or the pointer's
    /// on the full map), set before each part is offered input.
    pub cursor: Vec2,
    /// Edit mode's aimed item, set with the cursor point: what the
    /// crosshair meets, or on the full map what lies under the pointer.
    pub aimed: Option<Item>,
    /// The direction the arrow keys held pan the full map (each axis
    /// -1..=1; +y pans down), as the session read them this frame.
    pub(super) held_pan: Vec2,
    /// Edits made with the mouse on the full map, for edit mode to carry
    /// out at the cursor point (a message between parts).
    pub(super) map_edits: Vec<MapEdit>,
    /// Whether a demo is playing: it drives the walker, and edit mode is
    /// off whatever the demo's walker does. Set by the part that plays it.
    pub(super) demo_playing: bool,
    /// Gaps that miss being passable by less than 10 cm, for the map: made
    /// when first needed after a reload; after an edit, those of the level
    /// before until the live checks bring the edited level's.
    pub(super) near_misses: OnceCell<Vec<NearMiss>>,
    /// Requests for the shell, in order.
    pub(super) requests: Vec<Request>,
    /// Changes of the live level the parts asked for, in order: the
    /// session makes each by its one level-change path once the current
    /// input (or the frame's update) is handled.
    pub(super) level_changes: Vec<LevelCause>,
    /// F5 asked for a reload, which the session hands the reloader.
    pub(super) reload_asked: bool,
    /// Edits are coming (a draft opened): the session has the live
    /// collider copied ahead of the first.
    pub(super) edits_coming: bool,
}

/// Why the live level changes: the causes of the session's one
/// level-change path (`Session::change_level`), which every part hears of
/// through `Part::level_changed`.
#[derive(Debug)]
pub enum LevelCause {
    /// A reload (a file changed, F5) built a new version.
    Reload(Box<BuiltLevel>),
    /// An edit, an undo or a redo: the edited level, and what the edits
    /// changed since the live one, in order.
    Edit(Arc<Level>, Vec<LevelChange>),
    /// The autosave's edits, replayed: the level, and what they changed.
    Restore(Arc<Level>, Vec<LevelChange>),
    /// A demo's level, with the demo's simulation at its start.
    Demo(Arc<Level>, Box<Simulation>),
    /// The level was saved (it follows its file and text from now on): its
    /// shapes are as they were.
    Saved(SavedLevel),
}

impl LevelCause {
    /// The edits that made the level from the live one, for an edit or a
    /// restored autosave: a part may follow them instead of working its
    /// state out anew from the whole level.
    pub fn edits(&self) -> Option<&[LevelChange]> {
        match self {
            LevelCause::Edit(_, changes) | LevelCause::Restore(_, changes) => Some(changes),
            LevelCause::Reload(_) | LevelCause::Demo(..) | LevelCause::Saved(_) => None,
        }
    }

    /// Whether the level's shapes changed (all but a save).
    pub fn reshapes(&self) -> bool {
        !matches!(self, LevelCause::Saved(_))
    }
}

impl World {
    /// Shows `text` on the HUD for a few seconds.
    pub fn notice(&mut self, text: impl Into<String>) {
        let now = self.time;
        self.messages.notice(text.into(), now);
    }

    /// Asks the shell for something.
    pub fn request(&mut self, request: Request) {
        self.requests.push(request);
    }

    /// The edited `level` goes live once the current input is handled,
    /// through the session's one level-change path (`Session::change_level`);
    /// `changes` say what changed since the live level, so that its
    /// collider is changed in place rather than rebuilt. Edits one after
    /// another in one input go live as one change.
    pub fn level_edited(&mut self, level: Arc<Level>, changes: Vec<LevelChange>) {
        if let Some(LevelCause::Edit(pending, earlier)) = self.level_changes.last_mut() {
            *pending = level;
            earlier.extend(changes);
        } else {
            self.level_changes.push(LevelCause::Edit(level, changes));
        }
    }

    /// The autosave's edits replayed into `level` go live the same way
    /// (see [`level_edited`](Self::level_edited)).
    pub fn level_restored(&mut self, level: Arc<Level>, changes: Vec<LevelChange>) {
        self.level_changes.push(LevelCause::Restore(level, changes));
    }

    /// The live level was `saved`: it follows its file from now on (by the
    /// same path, once the current input is handled).
    pub fn level_saved(&mut self, saved: SavedLevel) {
        self.level_changes.push(LevelCause::Saved(saved));
    }

    /// Whether an edit or a restored autosave is on its way to the live
    /// level.
    pub fn edit_pending(&self) -> bool {
        self.level_changes
            .iter()
            .any(|cause| cause.edits().is_some())
    }

    /// A draft opened on the live level: edits are coming, and the first
    /// changes a copy of the collider made ahead of it.
    pub fn expect_edits(&mut self) {
        self.edits_coming = true;
    }

    /// F5: asks for a reload, even if the file is unchanged.
    pub fn ask_reload(&mut self) {
        self.reload_asked = true;
    }

    /// The live level's near misses (see [`near_misses`]).
    pub fn near_misses(&self) -> &[NearMiss] {
        self.near_misses
            .get_or_init(|| near_misses(self.live.collider()))
    }

    /// The near misses of the edited level, found with its live checks
    /// off the main thread.
    pub(super) fn near_misses_found(&mut self, near_misses: Vec<NearMiss>) {
        self.near_misses = OnceCell::from(near_misses);
    }

    /// Whether edit mode is on: the one answer. The walker's switch
    /// (which flips on the tick after E, so that demos record it), and
    /// never while a demo plays.
    pub fn edit_mode(&self) -> bool {
        self.simulation.walker.editing && !self.demo_playing
    }

    /// The fog distance: how far the eye sees.
    pub fn fog(&self) -> f32 {
        self.live.level().environment.fog_distance
    }
}

/// Gives `walker` the settings file's view (field of view, far plane) for
/// `level`: the one place a new walker, a demo's walker and a walker on a
/// changed level get it. (A demo's walker keeps the demo's movement
/// settings, so that it replays exactly.)
pub fn set_view(walker: &mut Walker, settings: &Config, level: &Level) {
    settings
        .view
        .apply(&mut walker.camera, level.environment.fog_distance);
}
