//! Input contexts: where an action applies, and which of two active
//! contexts sees a key first.

use strum::VariantArray;

/// Where an action applies. The session stacks the active contexts, the
/// most specific first: `Playback`, `FullMap`, `Editing`, `Walking`,
/// `Always` (see [`Context::ORDER`]); a key goes to the first active
/// context that binds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, VariantArray)]
pub enum Context {
    /// Whatever mode is on: help, HUD, screenshots, reload, quit.
    Always,
    /// First-person walking (also under edit mode and the full map): moving,
    /// the switches, the map's keys.
    Walking,
    /// Edit mode: plotting walls.
    Editing,
    /// The full map: panning with the arrow keys.
    FullMap,
    /// A demo playing in the window: pause, step, speed.
    Playback,
}

impl Context {
    /// Precedence, highest first: a key bound in two active contexts does
    /// what the earlier one says.
    pub const ORDER: [Context; 5] = [
        Context::Playback,
        Context::FullMap,
        Context::Editing,
        Context::Walking,
        Context::Always,
    ];

    /// The heading of this context's group in the help and the README.
    pub fn title(self) -> &'static str {
        match self {
            Context::Always => "always",
            Context::Walking => "walking",
            Context::Editing => "editing",
            Context::FullMap => "full map",
            Context::Playback => "playback",
        }
    }
}
