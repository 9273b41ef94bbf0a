//! The key table: which physical keys trigger which action, the config
//! file's overrides of the defaults, and the lookup of a key in the
//! active contexts.

use std::collections::BTreeMap;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use strum::VariantArray;
use winit::keyboard::KeyCode;

use super::actions::Action;
use super::context::Context;

/// The key table. Bindings are on physical key positions (`KeyCode`), not on
/// the characters a layout prints; one action may have several keys, and a
/// key triggers at most one action per context, and none beside an action
/// of [`Context::Always`].
#[derive(Debug, Clone, PartialEq)]
pub struct Bindings {
    /// Each physical key and an action it triggers, in [`Action::VARIANTS`]
    /// order; a key appears at most once per context.
    pub keys: Vec<(KeyCode, Action)>,
}

/// Two actions bound to the same key where they would both apply: in one
/// context, or one of them in [`Context::Always`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{key:?}` is bound to both `{}` and `{}`; a key may trigger one action per context \
     (here {}), and an action of every context (always) takes its key from all others",
    first.name(),
    second.name(),
    contexts(*first, *second)
)]
pub struct BindingConflict {
    /// The key bound twice.
    pub key: KeyCode,
    /// The action earlier in [`Action::VARIANTS`].
    pub first: Action,
    /// The action later in [`Action::VARIANTS`].
    pub second: Action,
}

/// The contexts of two conflicting actions, as the error names them.
fn contexts(first: Action, second: Action) -> String {
    let (a, b) = (first.context(), second.context());
    if a == b {
        format!("both {}", a.title())
    } else {
        format!("{} and {}", a.title(), b.title())
    }
}

/// Whether one key may not serve both `a` and `b`.
fn clash(a: Action, b: Action) -> bool {
    let (a, b) = (a.context(), b.context());
    a == b || a == Context::Always || b == Context::Always
}

impl Default for Bindings {
    /// Every action on its
    /// [`ActionSpec::default_keys`](super::ActionSpec::default_keys): WASD
    /// and arrows to move and turn, Shift to run, G/R/P/L/H for the
    /// authoring tools, F1 help, F5 reload, F11 fullscreen, F12 screenshot,
    /// Esc.
    fn default() -> Self {
        Self {
            keys: Action::VARIANTS
                .iter()
                .flat_map(|&action| {
                    action
                        .spec()
                        .default_keys
                        .iter()
                        .map(move |key| (*key, action))
                })
                .collect(),
        }
    }
}

impl Bindings {
    /// The default bindings with the listed actions' keys replaced: an
    /// action in `overrides` gets exactly its listed keys (none unbinds it),
    /// one not listed keeps its defaults. A key listed twice for one action
    /// counts once; a key bound to two actions of one context, or to one of
    /// [`Context::Always`] and any other, is a [`BindingConflict`].
    pub fn with_overrides(
        overrides: &BTreeMap<Action, Vec<KeyCode>>,
    ) -> Result<Self, BindingConflict> {
        let mut keys: Vec<(KeyCode, Action)> = Vec::new();
        for &action in Action::VARIANTS {
            let listed = overrides
                .get(&action)
                .map_or(action.spec().default_keys, Vec::as_slice);
            for &key in listed {
                if keys.contains(&(key, action)) {
                    continue;
                }
                if let Some(&(_, first)) = keys
                    .iter()
                    .find(|&&(bound, other)| bound == key && clash(other, action))
                {
                    return Err(BindingConflict {
                        key,
                        first,
                        second: action,
                    });
                }
                keys.push((key, action));
            }
        }
        Ok(Self { keys })
    }

    /// The action `key` triggers with `active` contexts on, in precedence
    /// order (see [`Context::ORDER`]): the first context that binds it wins.
    pub fn action_for(&self, key: KeyCode, active: &[Context]) -> Option<Action> {
        active
            .iter()
            .find_map(|&context| self.action_in(key, context))
    }

    /// The action `key` triggers in `context`, if any.
    pub fn action_in(&self, key: KeyCode, context: Context) -> Option<Action> {
        self.keys
            .iter()
            .find(|&&(bound, action)| bound == key && action.context() == context)
            .map(|&(_, action)| action)
    }

    /// The keys bound to `action`, in the order they were listed.
    pub fn keys_for(&self, action: Action) -> impl Iterator<Item = KeyCode> + '_ {
        self.keys
            .iter()
            .filter(move |(_, bound)| *bound == action)
            .map(|(key, _)| *key)
    }
}

impl Serialize for Bindings {
    /// A `[bindings]` table listing every action, in [`Action::VARIANTS`] order,
    /// with its keys as winit names them (`["KeyW", "ArrowUp"]`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(Action::VARIANTS.len()))?;
        for &action in Action::VARIANTS {
            let keys: Vec<KeyCode> = self.keys_for(action).collect();
            map.serialize_entry(action.name(), &keys)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The contexts active while walking.
    const WALKING: [Context; 2] = [Context::Walking, Context::Always];

    #[test]
    fn no_key_is_bound_twice_where_both_would_apply() {
        let bindings = Bindings::default();
        for (index, &(key, action)) in bindings.keys.iter().enumerate() {
            for &(other_key, other) in &bindings.keys[index + 1..] {
                assert!(
                    !(key == other_key && clash(action, other)),
                    "{key:?} is bound to {action:?} and {other:?}"
                );
            }
        }
        assert_eq!(Bindings::with_overrides(&BTreeMap::new()), Ok(bindings));
    }

    #[test]
    fn the_documented_keys_do_what_the_readme_says() {
        let bindings = Bindings::default();
        let expected = [
            (KeyCode::KeyG, Context::Walking, Action::ToggleGhost),
            (KeyCode::KeyP, Context::Always, Action::PrintPosition),
            (KeyCode::KeyL, Context::Always, Action::ToggleDebugLines),
            (KeyCode::KeyH, Context::Always, Action::ToggleHud),
            (KeyCode::F1, Context::Always, Action::ToggleHelp),
            (KeyCode::F5, Context::Always, Action::ReloadLevel),
            (KeyCode::F11, Context::Always, Action::ToggleFullscreen),
            (KeyCode::F12, Context::Always, Action::Screenshot),
            (KeyCode::KeyE, Context::Walking, Action::ToggleEdit),
            (KeyCode::Space, Context::Editing, Action::PlotPoint),
            (KeyCode::Backspace, Context::Editing, Action::TakeBack),
            (KeyCode::Enter, Context::Editing, Action::EndChain),
            (KeyCode::Delete, Context::Editing, Action::DeleteWall),
            (KeyCode::BracketLeft, Context::Editing, Action::FinerGrid),
            (KeyCode::BracketRight, Context::Editing, Action::CoarserGrid),
            (KeyCode::KeyX, Context::Editing, Action::Carry),
            (KeyCode::F9, Context::Always, Action::RestoreAutosave),
            (KeyCode::Tab, Context::Walking, Action::CycleMap),
            (KeyCode::KeyF, Context::Walking, Action::FollowOnMap),
            (KeyCode::Equal, Context::Walking, Action::ZoomMapIn),
            (KeyCode::Minus, Context::Walking, Action::ZoomMapOut),
            (KeyCode::Digit0, Context::Walking, Action::FitMap),
            (KeyCode::KeyM, Context::Walking, Action::DropMark),
            (KeyCode::KeyC, Context::Walking, Action::ClearMarks),
            (KeyCode::KeyV, Context::Walking, Action::ToggleReach),
            (KeyCode::ArrowLeft, Context::FullMap, Action::PanMapLeft),
            (KeyCode::Space, Context::Playback, Action::PausePlayback),
            (KeyCode::Period, Context::Playback, Action::StepPlayback),
            (KeyCode::Equal, Context::Playback, Action::FasterPlayback),
            (KeyCode::Minus, Context::Playback, Action::SlowerPlayback),
        ];
        for (key, context, action) in expected {
            assert_eq!(bindings.action_in(key, context), Some(action), "{key:?}");
        }
        assert_eq!(bindings.action_for(KeyCode::KeyQ, &Context::ORDER), None);
    }

    #[test]
    fn the_first_active_context_that_binds_a_key_wins() {
        let bindings = Bindings::default();
        // Space: use while walking, a point in edit mode, a pause in
        // playback.
        assert_eq!(
            bindings.action_for(KeyCode::Space, &WALKING),
            Some(Action::Use)
        );
        let editing = [Context::Editing, Context::Walking, Context::Always];
        assert_eq!(
            bindings.action_for(KeyCode::Space, &editing),
            Some(Action::PlotPoint)
        );
        let playing = [Context::Playback, Context::Walking, Context::Always];
        assert_eq!(
            bindings.action_for(KeyCode::Space, &playing),
            Some(Action::PausePlayback)
        );
        // The arrows walk, except on the full map, where they pan.
        assert_eq!(
            bindings.action_for(KeyCode::ArrowUp, &WALKING),
            Some(Action::MoveForward)
        );
        let full_map = [Context::FullMap, Context::Walking, Context::Always];
        assert_eq!(
            bindings.action_for(KeyCode::ArrowUp, &full_map),
            Some(Action::PanMapUp)
        );
        // `=` zooms the map, except in playback, where it speeds up.
        assert_eq!(
            bindings.action_for(KeyCode::Equal, &WALKING),
            Some(Action::ZoomMapIn)
        );
        assert_eq!(
            bindings.action_for(KeyCode::Equal, &playing),
            Some(Action::FasterPlayback)
        );
    }

    #[test]
    fn a_listed_action_replaces_its_keys_and_the_others_keep_theirs() {
        let overrides = BTreeMap::from([(
            Action::MoveForward,
            vec![KeyCode::KeyZ, KeyCode::KeyI, KeyCode::KeyZ],
        )]);
        let bindings = Bindings::with_overrides(&overrides).expect("no conflict");
        let forward: Vec<KeyCode> = bindings.keys_for(Action::MoveForward).collect();
        assert_eq!(forward, [KeyCode::KeyZ, KeyCode::KeyI]);
        assert_eq!(bindings.action_for(KeyCode::KeyW, &WALKING), None);
        assert_eq!(bindings.action_for(KeyCode::ArrowUp, &WALKING), None);
        assert_eq!(
            bindings.action_for(KeyCode::KeyS, &WALKING),
            Some(Action::MoveBackward)
        );
    }

    #[test]
    fn a_key_bound_twice_in_a_context_or_beside_always_names_both() {
        let overrides = BTreeMap::from([(Action::ToggleGhost, vec![KeyCode::KeyW])]);
        let conflict = Bindings::with_overrides(&overrides).expect_err("KeyW twice");
        assert_eq!(
            conflict,
            BindingConflict {
                key: KeyCode::KeyW,
                first: Action::MoveForward,
                second: Action::ToggleGhost,
            }
        );
        let message = conflict.to_string();
        assert!(
            message.starts_with("`KeyW` is bound to both `move_forward` and `ghost`;")
                && message.contains("(here both walking)"),
            "{message}"
        );
        // An action of every context takes its key from all the others.
        let overrides = BTreeMap::from([(Action::ToggleHud, vec![KeyCode::Space])]);
        let conflict = Bindings::with_overrides(&overrides).expect_err("Space twice");
        assert_eq!(
            (conflict.first, conflict.second),
            (Action::ToggleHud, Action::PlotPoint)
        );
        assert!(
            conflict.to_string().contains("(here always and editing)"),
            "{conflict}"
        );
        // Two contexts that are never the same may share a key.
        let overrides = BTreeMap::from([(Action::StepPlayback, vec![KeyCode::Enter])]);
        let bindings = Bindings::with_overrides(&overrides).expect("no conflict");
        assert_eq!(
            bindings.action_in(KeyCode::Enter, Context::Playback),
            Some(Action::StepPlayback)
        );
        // Moving forward elsewhere frees W for ghost mode.
        let overrides = BTreeMap::from([
            (Action::ToggleGhost, vec![KeyCode::KeyW]),
            (Action::MoveForward, vec![KeyCode::ArrowUp]),
        ]);
        let bindings = Bindings::with_overrides(&overrides).expect("no conflict");
        assert_eq!(
            bindings.action_for(KeyCode::KeyW, &WALKING),
            Some(Action::ToggleGhost)
        );
    }
}
