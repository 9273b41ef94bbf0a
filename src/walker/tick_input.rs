//! What the walker is told each tick: the held axes, the mouse counts gathered
//! during the tick and the switches flipped. The window, a recording, a demo
//! playback and the tests all build the same [`TickInput`].

use glam::DVec2;

/// What the person holds down, each axis in -1..=1 (values outside are
/// clamped by [`Walker::take_controls`](super::Walker::take_controls) and
/// [`Walker::wished_move`](super::Walker::wished_move), NaN counts as 0).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MoveIntent {
    /// +1 walks forward, -1 backward.
    pub forward: f32,
    /// +1 steps right, -1 left.
    pub right: f32,
    /// +1 turns right (yaw grows), -1 left.
    pub turn: f32,
    /// +1 looks up, -1 down.
    pub look_up: f32,
    /// Run instead of walk.
    pub run: bool,
}

impl MoveIntent {
    /// The same intent with every axis finite and in -1..=1.
    pub fn clamped(self) -> Self {
        Self {
            forward: clamp_axis(self.forward),
            right: clamp_axis(self.right),
            turn: clamp_axis(self.turn),
            look_up: clamp_axis(self.look_up),
            run: self.run,
        }
    }
}

/// An axis value in -1..=1; NaN counts as 0 (nothing held).
fn clamp_axis(value: f32) -> f32 {
    if value.is_nan() {
        0.0
    } else {
        value.clamp(-1.0, 1.0)
    }
}

/// The switches a key press flips (each press flips one once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Toggle {
    /// Ghost mode: walk through walls.
    Ghost,
    /// The collision policy: slide or reject.
    Policy,
    /// Edit mode: the walker moves like ghost mode while it is on.
    Edit,
    /// The torch carried by the eye.
    Torch,
    /// The use key: opens or closes the door it means, or kicks the loose
    /// body it faces.
    Use,
}

/// Which switches flip during one tick. Two presses within one tick cancel,
/// exactly as they would a tick apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Toggles {
    /// Flip ghost mode.
    pub ghost: bool,
    /// Flip between the slide and reject policies.
    pub policy: bool,
    /// Flip edit mode.
    pub edit: bool,
    /// Flip the torch.
    pub torch: bool,
    /// Press use: a door's motion flips (two presses in one tick cancel,
    /// like the switches).
    pub use_door: bool,
}

impl Toggles {
    /// Records one press of `toggle`.
    pub fn flip(&mut self, toggle: Toggle) {
        let switch = match toggle {
            Toggle::Ghost => &mut self.ghost,
            Toggle::Policy => &mut self.policy,
            Toggle::Edit => &mut self.edit,
            Toggle::Torch => &mut self.torch,
            Toggle::Use => &mut self.use_door,
        };
        *switch = !*switch;
    }
}

/// Everything that happens to the walker during one tick.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TickInput {
    /// The keys held (sampled once per frame by the window).
    pub held: MoveIntent,
    /// Raw mouse counts moved during the tick: x right, y down. Never scaled
    /// by time: the same hand motion turns the same angle at any frame rate.
    pub mouse: DVec2,
    /// The switches flipped during the tick.
    pub toggles: Toggles,
}

/// Gathers a frame loop's input into ticks: the held keys as last sampled,
/// and the mouse counts and toggle presses since the last tick.
///
/// The window calls [`hold`](Self::hold) once per frame, [`add_mouse`](Self::add_mouse)
/// and [`flip`](Self::flip) from its events, then [`next_tick`](Self::next_tick)
/// before each of the frame's ticks. Mouse
/// motion and presses during a frame that runs no tick wait for the next
/// tick; on a frame that runs several, the first tick takes them.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct InputGatherer {
    pending: TickInput,
}

impl InputGatherer {
    /// Sets the keys held from now on.
    pub fn hold(&mut self, held: MoveIntent) {
        self.pending.held = held;
    }

    /// Adds raw mouse counts (x right, y down).
    pub fn add_mouse(&mut self, counts: DVec2) {
        self.pending.mouse += counts;
    }

    /// Records one press of a toggle key.
    pub fn flip(&mut self, toggle: Toggle) {
        self.pending.toggles.flip(toggle);
    }

    /// The switches the next tick flips, as pressed so far.
    pub fn pending_toggles(&self) -> Toggles {
        self.pending.toggles
    }

    /// The input of the next tick; the mouse counts and toggles start over,
    /// the held keys stay held.
    pub fn next_tick(&mut self) -> TickInput {
        let input = self.pending;
        self.pending.mouse = DVec2::ZERO;
        self.pending.toggles = Toggles::default();
        input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_are_clamped_and_nan_is_nothing_held() {
        let intent = MoveIntent {
            forward: 3.0,
            right: -7.0,
            turn: f32::NAN,
            look_up: 0.5,
            run: true,
        }
        .clamped();
        assert_eq!(
            intent,
            MoveIntent {
                forward: 1.0,
                right: -1.0,
                turn: 0.0,
                look_up: 0.5,
                run: true
            }
        );
    }

    #[test]
    fn the_first_tick_takes_the_mouse_and_presses_and_the_keys_stay_held() {
        let mut gatherer = InputGatherer::default();
        let held = MoveIntent {
            forward: 1.0,
            ..MoveIntent::default()
        };
        gatherer.hold(held);
        gatherer.add_mouse(DVec2::new(3.0, -1.0));
        gatherer.add_mouse(DVec2::new(2.0, 0.5));
        gatherer.flip(Toggle::Ghost);
        gatherer.flip(Toggle::Policy);
        gatherer.flip(Toggle::Policy);
        let first = gatherer.next_tick();
        assert_eq!(first.held, held);
        assert_eq!(first.mouse, DVec2::new(5.0, -0.5));
        assert_eq!(
            first.toggles,
            Toggles {
                ghost: true,
                policy: false,
                edit: false,
                torch: false,
                use_door: false,
            },
            "two presses in one tick cancel"
        );
        let second = gatherer.next_tick();
        assert_eq!(
            second,
            TickInput {
                held,
                ..TickInput::default()
            }
        );
    }
}
