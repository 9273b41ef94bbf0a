//! Which keys the person holds, and which key presses fire one-shot
//! actions. The session turns the held keys into the walker's
//! [`MoveIntent`] once a frame, through the active input contexts; mouse
//! counts and switch presses go to the walker's tick
//! [`InputGatherer`](crate::walker::InputGatherer) (learn-wgpu's controller:
//! gather input, then one update applies it).

use glam::Vec2;
use winit::keyboard::{KeyCode, ModifiersState};

use crate::bindings::{Action, Bindings, Context};
use crate::walker::MoveIntent;

/// The keys held between two frames.
#[derive(Debug, Default)]
pub struct InputState {
    held: Vec<KeyCode>,
}

/// The modifier keys held, as winit's `ModifiersChanged` reports them.
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

impl From<ModifiersState> for Modifiers {
    fn from(state: ModifiersState) -> Self {
        Self {
            ctrl: state.control_key(),
            alt: state.alt_key(),
            shift: state.shift_key(),
        }
    }
}

/// Whether `key` is a letter key (A to Z).
fn is_letter(key: KeyCode) -> bool {
    let name = format!("{key:?}");
    name.len() == 4 && name.starts_with("Key")
}

impl InputState {
    /// Records a key press or release. Returns the one-shot action to fire,
    /// if the key is bound to one in the `active` contexts and this is a
    /// first press (not a repeat). While Ctrl or Alt is held, a letter is a
    /// chord: it fires no action and is not held, not even once Ctrl or Alt
    /// comes up (Ctrl+S saves and never walks backwards; the X server may
    /// not even report the letter's release).
    pub fn key(
        &mut self,
        bindings: &Bindings,
        active: &[Context],
        key: KeyCode,
        pressed: bool,
        repeat: bool,
        modifiers: Modifiers,
    ) -> Option<Action> {
        let chord = is_letter(key) && modifiers.make_chords();
        self.held.retain(|held| *held != key);
        if pressed && !chord {
            self.held.push(key);
        }
        let action = bindings.action_for(key, active)?;
        (!action.is_held() && pressed && !repeat && !chord).then_some(action)
    }

    /// Releases everything (the window lost focus: no key stays stuck).
    pub fn release_all(&mut self) {
        self.held.clear();
    }

    /// Whether a key bound to `action` in the `active` contexts is held.
    /// Held letters count for nothing while Ctrl or Alt is held (pressed
    /// before it, they act again once it comes up).
    fn is_held(
        &self,
        bindings: &Bindings,
        active: &[Context],
        modifiers: Modifiers,
        action: Action,
    ) -> bool {
        let chords = modifiers.make_chords();
        self.held.iter().any(|key| {
            !(chords && is_letter(*key)) && bindings.action_for(*key, active) == Some(action)
        })
    }

    /// -1, 0 or +1 for a pair of opposite held actions.
    fn axis(
        &self,
        bindings: &Bindings,
        active: &[Context],
        modifiers: Modifiers,
        [positive, negative]: [Action; 2],
    ) -> f32 {
        let held = |action| f32::from(u8::from(self.is_held(bindings, active, modifiers, action)));
        held(positive) - held(negative)
    }

    /// The movement the held keys ask for.
    pub fn intent(
        &self,
        bindings: &Bindings,
        active: &[Context],
        modifiers: Modifiers,
    ) -> MoveIntent {
        let axis = |pair| self.axis(bindings, active, modifiers, pair);
        MoveIntent {
            forward: axis([Action::MoveForward, Action::MoveBackward]),
            right: axis([Action::StrafeRight, Action::StrafeLeft]),
            turn: axis([Action::TurnRight, Action::TurnLeft]),
            look_up: axis([Action::LookUp, Action::LookDown]),
            run: self.is_held(bindings, active, modifiers, Action::Run),
        }
    }

    /// The direction the held panning keys move the full map's view (+y
    /// down the screen).
    pub fn pan(&self, bindings: &Bindings, active: &[Context], modifiers: Modifiers) -> Vec2 {
        let axis = |pair| self.axis(bindings, active, modifiers, pair);
        Vec2::new(
            axis([Action::PanMapRight, Action::PanMapLeft]),
            axis([Action::PanMapDown, Action::PanMapUp]),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WALKING: [Context; 2] = [Context::Walking, Context::Always];
    const NONE: Modifiers = Modifiers {
        ctrl: false,
        alt: false,
        shift: false,
    };

    #[test]
    fn held_keys_make_the_intent_and_one_shot_actions_fire_once() {
        let bindings = Bindings::default();
        let mut input = InputState::default();
        let key = |input: &mut InputState, key, repeat| {
            input.key(&bindings, &WALKING, key, true, repeat, NONE)
        };
        assert_eq!(key(&mut input, KeyCode::KeyW, false), None);
        assert_eq!(key(&mut input, KeyCode::KeyD, false), None);
        let intent = input.intent(&bindings, &WALKING, NONE);
        assert_eq!((intent.forward, intent.right), (1.0, 1.0));
        assert_eq!(
            key(&mut input, KeyCode::KeyG, false),
            Some(Action::ToggleGhost)
        );
        assert_eq!(key(&mut input, KeyCode::KeyG, true), None);
        input.key(&bindings, &WALKING, KeyCode::KeyW, false, false, NONE);
        assert_eq!(input.intent(&bindings, &WALKING, NONE).forward, 0.0);
        input.release_all();
        assert_eq!(
            input.intent(&bindings, &WALKING, NONE),
            MoveIntent::default()
        );
    }

    #[test]
    fn ctrl_or_alt_turns_letters_into_chords() {
        let bindings = Bindings::default();
        let mut input = InputState::default();
        let ctrl = Modifiers { ctrl: true, ..NONE };
        // Ctrl+S: no walking backwards, now or while S stays down.
        assert_eq!(
            input.key(&bindings, &WALKING, KeyCode::KeyS, true, false, ctrl),
            None
        );
        assert_eq!(input.intent(&bindings, &WALKING, ctrl).forward, 0.0);
        // Ctrl+G: no ghost mode. F5 is not a letter and still fires.
        assert_eq!(
            input.key(&bindings, &WALKING, KeyCode::KeyG, true, false, ctrl),
            None
        );
        assert_eq!(
            input.key(&bindings, &WALKING, KeyCode::F5, true, false, ctrl),
            Some(Action::ReloadLevel)
        );
        // S pressed as a chord is not held: Ctrl let go, nothing walks
        // (a real X server may never report S's release).
        assert_eq!(input.intent(&bindings, &WALKING, NONE).forward, 0.0);
        // S held first, then Ctrl: S stops while Ctrl is down, and walks
        // backwards again once it is up. Alt does the same.
        input.key(&bindings, &WALKING, KeyCode::KeyS, true, false, NONE);
        assert_eq!(input.intent(&bindings, &WALKING, ctrl).forward, 0.0);
        assert_eq!(input.intent(&bindings, &WALKING, NONE).forward, -1.0);
        let alt = Modifiers { alt: true, ..NONE };
        assert_eq!(input.intent(&bindings, &WALKING, alt).forward, 0.0);
        let shift = Modifiers {
            shift: true,
            ..NONE
        };
        assert!(!shift.make_chords());
        assert_eq!(
            input.key(&bindings, &WALKING, KeyCode::KeyE, true, false, shift),
            Some(Action::ToggleEdit)
        );
    }

    #[test]
    fn on_the_full_map_the_arrows_pan_and_do_not_walk() {
        let bindings = Bindings::default();
        let mut input = InputState::default();
        let full_map = [Context::FullMap, Context::Walking, Context::Always];
        input.key(&bindings, &full_map, KeyCode::ArrowUp, true, false, NONE);
        input.key(&bindings, &full_map, KeyCode::ArrowLeft, true, false, NONE);
        assert_eq!(
            input.intent(&bindings, &full_map, NONE),
            MoveIntent::default()
        );
        assert_eq!(input.pan(&bindings, &full_map, NONE), Vec2::new(-1.0, -1.0));
        // The map closed with the keys still down: they walk and turn.
        let intent = input.intent(&bindings, &WALKING, NONE);
        assert_eq!((intent.forward, intent.turn), (1.0, -1.0));
        assert_eq!(input.pan(&bindings, &WALKING, NONE), Vec2::ZERO);
    }
}
