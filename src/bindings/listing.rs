//! The controls as people read them, for the help overlay and the
//! README: each context's actions with the labels of their keys, then
//! the context's controls that are no key binding (the mouse, the wheel,
//! Ctrl chords).

use strum::VariantArray;
use winit::keyboard::KeyCode;

use super::actions::Action;
use super::context::Context;
use super::keymap::Bindings;

/// One control as listed: its keys, what it does and, for a key binding,
/// the action's name in the config file's `[bindings]`.
pub(super) struct ListedControl {
    /// The keys as people read them (`W / Up`, `none`), or the control
    /// that is no binding (`mouse`, `Ctrl+S`).
    pub keys: String,
    /// What the control does.
    pub description: &'static str,
    /// The action's config name; `None` for a control that is no binding.
    pub name: Option<&'static str>,
}

/// The controls of one context, in the order they are listed.
pub(super) struct ListedContext {
    /// The context they apply in.
    pub context: Context,
    /// Its actions in [`Action::VARIANTS`] order, then its controls that
    /// are no binding.
    pub controls: Vec<ListedControl>,
}

/// Controls that are not key bindings but belong in the help and the
/// README: the control, its context and what it does.
pub(super) const OTHER_CONTROLS: [(&str, Context, &str); 13] = [
    ("mouse", Context::Walking, "look (click to grab the mouse)"),
    ("wheel", Context::Walking, "map: zoom"),
    ("Ctrl+S", Context::Always, "save the level (edits)"),
    ("Ctrl+Z", Context::Editing, "undo an edit"),
    ("Ctrl+Y", Context::Editing, "redo (also Ctrl+Shift+Z)"),
    ("Ctrl+D", Context::Editing, "copy the aimed item, carry it"),
    ("wheel", Context::Editing, "carrying: turn it 15 degrees"),
    ("wheel", Context::Editing, "stairs: the number of steps"),
    (
        "mouse (freed)",
        Context::Editing,
        "panel: the item's properties",
    ),
    ("Alt (hold)", Context::Editing, "no snapping"),
    ("drag", Context::FullMap, "pan; edit: move a wall end"),
    ("click", Context::FullMap, "edit: plot a point"),
    ("right click", Context::FullMap, "edit: delete a wall"),
];

impl Bindings {
    /// Every control, one group per context in [`Context::ORDER`] reversed
    /// (always, walking, editing, full map, playback): each action with
    /// every key bound to it (`none` when none), then that context's
    /// controls that are not bindings.
    pub(super) fn listing(&self) -> Vec<ListedContext> {
        Context::ORDER
            .iter()
            .rev()
            .map(|&context| {
                let actions = Action::VARIANTS
                    .iter()
                    .filter(|action| action.context() == context)
                    .map(|&action| ListedControl {
                        keys: self.key_labels(action),
                        description: action.description(),
                        name: Some(action.name()),
                    });
                let others = OTHER_CONTROLS
                    .iter()
                    .filter(|(_, of, _)| *of == context)
                    .map(|&(control, _, description)| ListedControl {
                        keys: control.to_owned(),
                        description,
                        name: None,
                    });
                ListedContext {
                    context,
                    controls: actions.chain(others).collect(),
                }
            })
            .collect()
    }

    /// The keys of `action` as people read them: `W / Up`, `Shift`, or `none`.
    fn key_labels(&self, action: Action) -> String {
        let keys: Vec<KeyCode> = self.keys_for(action).collect();
        let mut labels: Vec<String> = Vec::new();
        for key in &keys {
            let label = key_label(*key, &keys);
            if !labels.contains(&label) {
                labels.push(label);
            }
        }
        if labels.is_empty() {
            "none".to_owned()
        } else {
            labels.join(" / ")
        }
    }
}

/// A short printable name for a physical key ("W", "Up", "F12", "Esc").
/// A left/right pair bound together (`ShiftLeft` and `ShiftRight`) reads as
/// one key, "Shift"; alone, each keeps its side.
fn key_label(key: KeyCode, bound_together: &[KeyCode]) -> String {
    let name = format!("{key:?}");
    if let Some(base) = name
        .strip_suffix("Left")
        .or_else(|| name.strip_suffix("Right"))
        .filter(|base| !base.is_empty() && *base != "Arrow" && *base != "Bracket")
    {
        let pair = [format!("{base}Left"), format!("{base}Right")];
        let both_bound = pair.iter().all(|side| {
            bound_together
                .iter()
                .any(|other| format!("{other:?}") == *side)
        });
        if both_bound {
            return base.to_owned();
        }
    }
    let short = name
        .strip_prefix("Key")
        .or_else(|| name.strip_prefix("Digit"))
        .or_else(|| name.strip_prefix("Arrow"))
        .unwrap_or(&name);
    match short {
        "Escape" => "Esc".to_owned(),
        "Period" => ".".to_owned(),
        "NumpadAdd" => "Kp+".to_owned(),
        "NumpadSubtract" => "Kp-".to_owned(),
        "NumpadDecimal" => "Kp.".to_owned(),
        "NumpadEnter" => "KpEnter".to_owned(),
        "BracketLeft" => "[".to_owned(),
        "BracketRight" => "]".to_owned(),
        "Equal" => "=".to_owned(),
        "Minus" => "-".to_owned(),
        other => other.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_labels_are_short() {
        let label = |key| key_label(key, &[key]);
        assert_eq!(label(KeyCode::KeyW), "W");
        assert_eq!(label(KeyCode::Digit3), "3");
        assert_eq!(label(KeyCode::ArrowLeft), "Left");
        assert_eq!(label(KeyCode::BracketLeft), "[");
        assert_eq!(label(KeyCode::Minus), "-");
        assert_eq!(label(KeyCode::Equal), "=");
        assert_eq!(label(KeyCode::Escape), "Esc");
        assert_eq!(label(KeyCode::NumpadAdd), "Kp+");
        assert_eq!(label(KeyCode::NumpadEnter), "KpEnter");
        assert_eq!(label(KeyCode::ControlRight), "ControlRight");
        let both = [KeyCode::ControlLeft, KeyCode::ControlRight];
        assert_eq!(key_label(KeyCode::ControlRight, &both), "Control");
    }
}
