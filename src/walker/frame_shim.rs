//! TEMPORARY: the frame-time calls that `src/app.rs` still makes
//! (`Walker::update`, `Walker::look`, `Walker::toggle_ghost`,
//! `Walker::toggle_policy`), kept only so the window compiles and walks until
//! the app drives [`TickClock`] and [`Walker::step`] itself. They route
//! everything through `step` on the fixed tick; nothing else may call them.
//!
//! Remove at the merge with the app split: this file, its `mod` line and the
//! `frame_shim` field of [`Walker`] (in `src/walker/mod.rs`). The app then
//! keeps a [`TickClock`] and an [`InputGatherer`](super::InputGatherer) of its own.

use glam::DVec2;

use super::{InputGatherer, MoveIntent, Toggles, Walker};
use crate::collision::{Collider, CollisionError, MovePolicy};
use crate::tick::TickClock;

/// The tick clock and pending input of a window that still calls
/// [`Walker::update`] once a frame.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct FrameShim {
    clock: TickClock,
    gatherer: InputGatherer,
}

impl Walker {
    /// TEMPORARY (see `frame_shim`): mouse counts for the next tick.
    pub fn look(&mut self, counts_x: f64, counts_y: f64) {
        self.frame_shim
            .gatherer
            .add_mouse(DVec2::new(counts_x, counts_y));
    }

    /// TEMPORARY (see `frame_shim`): runs the ticks that `seconds` of frame
    /// time cover with `intent` held; returns the first refused move.
    pub fn update(
        &mut self,
        intent: MoveIntent,
        seconds: f32,
        collider: &Collider,
    ) -> Result<(), CollisionError> {
        self.frame_shim.gatherer.hold(intent);
        let mut refused = Ok(());
        for _ in 0..self.frame_shim.clock.advance(f64::from(seconds)) {
            let input = self.frame_shim.gatherer.next_tick();
            if let Err(error) = self.step(&input, collider).collision {
                refused = refused.and(Err(error));
            }
        }
        refused
    }

    /// TEMPORARY (see `frame_shim`): flips ghost mode now; returns the new state.
    pub fn toggle_ghost(&mut self) -> bool {
        self.apply_toggles(Toggles {
            ghost: true,
            ..Toggles::default()
        });
        self.move_options.ghost
    }

    /// TEMPORARY (see `frame_shim`): flips the policy now; returns the new one.
    pub fn toggle_policy(&mut self) -> MovePolicy {
        self.apply_toggles(Toggles {
            policy: true,
            ..Toggles::default()
        });
        self.move_options.policy
    }
}
