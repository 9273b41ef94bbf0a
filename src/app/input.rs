//! What the person is doing with keyboard and mouse, gathered between
//! updates: held keys, mouse counts, and the presses of one-shot actions.
//! The application reads it once per update (learn-wgpu's controller:
//! gather input, then one update applies it).

use winit::keyboard::KeyCode;

use crate::input::{Action, Bindings};
use crate::walker::MoveIntent;

/// Keyboard and mouse state between two updates.
#[derive(Debug, Default)]
pub struct InputState {
    held: Vec<KeyCode>,
    mouse_counts: (f64, f64),
}

impl InputState {
    /// Records a key press or release. Returns the one-shot action to fire,
    /// if the key is bound to one and this is a first press (not a repeat).
    pub fn key(
        &mut self,
        bindings: &Bindings,
        key: KeyCode,
        pressed: bool,
        repeat: bool,
    ) -> Option<Action> {
        let action = bindings.action_for(key)?;
        if action.is_held() {
            self.held.retain(|held| *held != key);
            if pressed {
                self.held.push(key);
            }
            None
        } else {
            (pressed && !repeat).then_some(action)
        }
    }

    /// Adds raw mouse motion (counts, positive x right, positive y down).
    pub fn mouse_motion(&mut self, x: f64, y: f64) {
        self.mouse_counts.0 += x;
        self.mouse_counts.1 += y;
    }

    /// Releases everything (the window lost focus: no key stays stuck).
    pub fn release_all(&mut self) {
        self.held.clear();
        self.mouse_counts = (0.0, 0.0);
    }

    /// The mouse counts gathered since the last call.
    pub fn take_mouse_counts(&mut self) -> (f64, f64) {
        std::mem::take(&mut self.mouse_counts)
    }

    /// The movement the held keys ask for.
    pub fn intent(&self, bindings: &Bindings) -> MoveIntent {
        let held = |action: Action| {
            self.held
                .iter()
                .any(|key| bindings.action_for(*key) == Some(action))
        };
        let axis = |positive: Action, negative: Action| {
            f32::from(u8::from(held(positive))) - f32::from(u8::from(held(negative)))
        };
        MoveIntent {
            forward: axis(Action::MoveForward, Action::MoveBackward),
            right: axis(Action::StrafeRight, Action::StrafeLeft),
            turn: axis(Action::TurnRight, Action::TurnLeft),
            look_up: axis(Action::LookUp, Action::LookDown),
            run: held(Action::Run),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_keys_make_the_intent_and_toggles_fire_once() {
        let bindings = Bindings::default();
        let mut input = InputState::default();
        assert_eq!(input.key(&bindings, KeyCode::KeyW, true, false), None);
        assert_eq!(input.key(&bindings, KeyCode::KeyD, true, false), None);
        let intent = input.intent(&bindings);
        assert_eq!((intent.forward, intent.right), (1.0, 1.0));
        assert_eq!(
            input.key(&bindings, KeyCode::KeyG, true, false),
            Some(Action::ToggleGhost)
        );
        assert_eq!(input.key(&bindings, KeyCode::KeyG, true, true), None);
        input.key(&bindings, KeyCode::KeyW, false, false);
        assert_eq!(input.intent(&bindings).forward, 0.0);
        input.release_all();
        assert_eq!(input.intent(&bindings), MoveIntent::default());
    }

    #[test]
    fn mouse_counts_add_up_until_taken() {
        let mut input = InputState::default();
        input.mouse_motion(3.0, -1.0);
        input.mouse_motion(2.0, 4.0);
        assert_eq!(input.take_mouse_counts(), (5.0, 3.0));
        assert_eq!(input.take_mouse_counts(), (0.0, 0.0));
    }
}
