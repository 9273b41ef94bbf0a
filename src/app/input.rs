//! Which keys the person holds, and which key presses fire one-shot
//! actions. The application turns the held keys into the walker's
//! [`MoveIntent`] once a frame; mouse counts and switch presses go to the
//! walker's tick [`InputGatherer`](crate::walker::InputGatherer) (learn-wgpu's
//! controller: gather input, then one update applies it).

use winit::keyboard::KeyCode;

use crate::input::{Action, Bindings};
use crate::walker::MoveIntent;

/// The keys held between two frames.
#[derive(Debug, Default)]
pub struct InputState {
    held: Vec<KeyCode>,
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

    /// Releases everything (the window lost focus: no key stays stuck).
    pub fn release_all(&mut self) {
        self.held.clear();
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
}
