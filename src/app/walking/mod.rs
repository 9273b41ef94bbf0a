//! Walking: the switches a walker flips (ghost mode, the collision policy,
//! the torch), the use key and printing the eye's position. Movement itself is held input, gathered
//! by the session and applied once a tick by the walker. An exit taken
//! shows [`EXIT_NOTICE`] on the HUD.

use crate::app::events::Events;
use crate::app::live_level::MAX_PUSH_OUT;
use crate::app::part::{Part, Shows, TakesInput, Ticks};
use crate::app::world::World;
use crate::bindings::{Action, Context};
use crate::simulation::Event;
use crate::walker::{TickInput, Toggle};

/// What the HUD shows when the walker takes the level's exit.
pub const EXIT_NOTICE: &str = "exit";

/// The walking mode's part.
#[derive(Debug, Default)]
pub struct Walking;

/// Walking takes actions, follows the ticks and shows a HUD line.
impl Part for Walking {
    /// Walking lies under every other mode.
    fn context(&self, _world: &World) -> Option<Context> {
        Some(Context::Walking)
    }

    fn input(&mut self) -> Option<&mut dyn TakesInput> {
        Some(self)
    }

    fn shows(&mut self) -> Option<&mut dyn Shows> {
        Some(self)
    }

    fn ticks(&mut self) -> Option<&mut dyn Ticks> {
        Some(self)
    }
}

impl Ticks for Walking {
    /// An exit taken in the tick, walked over or used, by the walker or a
    /// demo's: the HUD shows [`EXIT_NOTICE`].
    fn tick(&mut self, _input: Option<&TickInput>, world: &mut World) {
        let events = world.simulation.events();
        if events
            .iter()
            .any(|event| matches!(event, Event::Exited { .. }))
        {
            world.notice(EXIT_NOTICE);
        }
    }
}

impl TakesInput for Walking {
    fn act(&mut self, action: Action, world: &mut World, _events: &mut Events) -> bool {
        match action {
            // Switches flip on the next tick, so that a demo records them.
            Action::ToggleGhost => world.gatherer.flip(Toggle::Ghost),
            Action::TogglePolicy => world.gatherer.flip(Toggle::Policy),
            Action::ToggleTorch => world.gatherer.flip(Toggle::Torch),
            Action::Use => world.gatherer.flip(Toggle::Use),
            // The position printed for pasting into a level file: the
            // command line's output, not a diagnostic.
            Action::PrintPosition => {
                let with_floor = !world.live.level().floors.is_empty();
                let line = world.simulation.walker.where_it_stands(with_floor);
                crate::platform::print_line(&line);
            }
            _ => return false,
        }
        true
    }
}

impl Shows for Walking {
    /// Inside a wall with no free point near (after a reload or an edit):
    /// the HUD says how to get out. Where a loose obstacle stood in the
    /// file is no wall: it moves as a body.
    fn hud(&self, world: &World, lines: &mut Vec<String>) {
        let walker = &world.simulation.walker;
        if !walker.passes_walls()
            && world
                .live
                .walking_collider()
                .deepest_penetration(walker.position())
                .is_some()
        {
            lines.push(format!(
                "inside a wall: no free point within {MAX_PUSH_OUT} m; walk out"
            ));
        }
    }
}
