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
    /// The modifier keys held, by physical key (Ctrl, Alt, Shift on either
    /// side).
    modifiers: Vec<KeyCode>,
}

/// The modifier keys held with a key press.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// Either Ctrl key.
    pub ctrl: bool,
    /// Either Alt key.
    pub alt: bool,
    /// Either Shift key.
    pub shift: bool,
}

impl Modifiers {
    /// Ctrl or Alt: letters then make chords (Ctrl+S), not actions.
    pub fn make_chords(self) -> bool {
        self.ctrl || self.alt
    }
}

/// Whether `key` is a letter key (A to Z).
fn is_letter(key: KeyCode) -> bool {
    use KeyCode::*;
    matches!(
        key,
        KeyA | KeyB
            | KeyC
            | KeyD
            | KeyE
            | KeyF
            | KeyG
            | KeyH
            | KeyI
            | KeyJ
            | KeyK
            | KeyL
            | KeyM
            | KeyN
            | KeyO
            | KeyP
            | KeyQ
            | KeyR
            | KeyS
            | KeyT
            | KeyU
            | KeyV
            | KeyW
            | KeyX
            | KeyY
            | KeyZ
    )
}

impl InputState {
    /// Records a key press or release. Returns the one-shot action to fire,
    /// if the key is bound to one and this is a first press (not a repeat).
    /// While Ctrl or Alt is held, no letter fires its action (Ctrl+S saves
    /// and does not also walk backwards).
    pub fn key(
        &mut self,
        bindings: &Bindings,
        key: KeyCode,
        pressed: bool,
        repeat: bool,
    ) -> Option<Action> {
        if matches!(
            key,
            KeyCode::ControlLeft
                | KeyCode::ControlRight
                | KeyCode::AltLeft
                | KeyCode::AltRight
                | KeyCode::ShiftLeft
                | KeyCode::ShiftRight
        ) {
            self.modifiers.retain(|held| *held != key);
            if pressed {
                self.modifiers.push(key);
            }
        }
        let action = bindings.action_for(key)?;
        if action.is_held() {
            self.held.retain(|held| *held != key);
            if pressed {
                self.held.push(key);
            }
            None
        } else {
            let chord = is_letter(key) && self.modifiers().make_chords();
            (pressed && !repeat && !chord).then_some(action)
        }
    }

    /// The modifier keys held now.
    pub fn modifiers(&self) -> Modifiers {
        let any = |keys: [KeyCode; 2]| keys.iter().any(|key| self.modifiers.contains(key));
        Modifiers {
            ctrl: any([KeyCode::ControlLeft, KeyCode::ControlRight]),
            alt: any([KeyCode::AltLeft, KeyCode::AltRight]),
            shift: any([KeyCode::ShiftLeft, KeyCode::ShiftRight]),
        }
    }

    /// Releases everything (the window lost focus: no key stays stuck).
    pub fn release_all(&mut self) {
        self.held.clear();
        self.modifiers.clear();
    }

    /// Whether a key bound to `action` is held. Held letters count for
    /// nothing while Ctrl or Alt is held.
    pub fn is_held(&self, bindings: &Bindings, action: Action) -> bool {
        let chords = self.modifiers().make_chords();
        self.held
            .iter()
            .any(|key| !(chords && is_letter(*key)) && bindings.action_for(*key) == Some(action))
    }

    /// The movement the held keys ask for.
    pub fn intent(&self, bindings: &Bindings) -> MoveIntent {
        let held = |action: Action| self.is_held(bindings, action);
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
    fn ctrl_or_alt_turns_letters_into_chords() {
        let bindings = Bindings::default();
        let mut input = InputState::default();
        // Ctrl+S: no walking backwards, now or while S stays down.
        input.key(&bindings, KeyCode::ControlLeft, true, false);
        assert!(input.modifiers().ctrl);
        assert_eq!(input.key(&bindings, KeyCode::KeyS, true, false), None);
        assert_eq!(input.intent(&bindings).forward, 0.0);
        // Ctrl+G: no ghost mode. F5 is not a letter and still fires.
        assert_eq!(input.key(&bindings, KeyCode::KeyG, true, false), None);
        assert_eq!(
            input.key(&bindings, KeyCode::F5, true, false),
            Some(Action::ReloadLevel)
        );
        input.key(&bindings, KeyCode::ControlLeft, false, false);
        // S still held after Ctrl is let go: walking backwards resumes.
        assert_eq!(input.intent(&bindings).forward, -1.0);
        // Alt does the same; Shift does not.
        input.key(&bindings, KeyCode::AltRight, true, false);
        assert_eq!(input.intent(&bindings).forward, 0.0);
        assert_eq!(input.key(&bindings, KeyCode::KeyE, true, false), None);
        input.key(&bindings, KeyCode::AltRight, false, false);
        input.key(&bindings, KeyCode::ShiftLeft, true, false);
        assert!(input.modifiers().shift && !input.modifiers().make_chords());
        assert_eq!(
            input.key(&bindings, KeyCode::KeyE, true, false),
            Some(Action::ToggleEdit)
        );
        input.release_all();
        assert_eq!(input.modifiers(), Modifiers::default());
    }
}
