//! What the session's parts share: the live level, the simulation and its
//! tick input, the session's clock and notices. State only: the parts, the
//! session and the shell talk through typed events (`events.rs`).

use std::cell::OnceCell;
use std::path::PathBuf;
use std::time::Duration;

use glam::Vec2;

use super::held_keys::Modifiers;
use super::live_level::LiveLevel;
use super::overlays::HudMessages;
use crate::config::Config;
use crate::edit::Item;
use crate::level::Level;
use crate::map::{NearMiss, near_misses};
use crate::simulation::Simulation;
use crate::walker::{InputGatherer, Walker};

/// What every part shares: the live level, the simulation and its tick
/// input, the session's clock and notices.
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
    /// Whether a demo is playing: it drives the walker, and edit mode is
    /// off whatever the demo's walker does. Set by the part that plays it.
    pub(super) demo_playing: bool,
    /// Gaps that miss being passable by less than 10 cm, for the map: made
    /// when first needed after a reload; after an edit, those of the level
    /// before until the live checks bring the edited level's.
    pub(super) near_misses: OnceCell<Vec<NearMiss>>,
}

impl World {
    /// Shows `text` on the HUD for a few seconds.
    pub fn notice(&mut self, text: impl Into<String>) {
        let now = self.time;
        self.messages.notice(text.into(), now);
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
