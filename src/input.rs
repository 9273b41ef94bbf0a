//! Key bindings: one table from physical keys to actions, so WASD works on any
//! keyboard layout (AZERTY's ZQSD keys sit where QWERTY's WASD do) and the
//! help overlay is generated from the same table it documents.

use winit::keyboard::KeyCode;

/// Everything a key can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Walk forward while held.
    MoveForward,
    /// Walk backward while held.
    MoveBackward,
    /// Step left while held.
    StrafeLeft,
    /// Step right while held.
    StrafeRight,
    /// Turn left while held (for people without a mouse).
    TurnLeft,
    /// Turn right while held.
    TurnRight,
    /// Look up while held.
    LookUp,
    /// Look down while held.
    LookDown,
    /// Run while held.
    Run,
    /// Toggle ghost mode (walk through walls).
    ToggleGhost,
    /// Toggle between the slide and reject collision policies.
    TogglePolicy,
    /// Print the eye's coordinates to stdout, paste-ready for a level file.
    PrintPosition,
    /// Toggle the collider's debug lines.
    ToggleDebugLines,
    /// Toggle the HUD.
    ToggleHud,
    /// Toggle the help overlay.
    ToggleHelp,
    /// Toggle fullscreen.
    ToggleFullscreen,
    /// Save a screenshot PNG.
    Screenshot,
    /// Release the mouse; a second press quits.
    ReleaseOrQuit,
    /// Reload the level from its source now, even if unchanged.
    ReloadLevel,
}

impl Action {
    /// True for actions that last while their key is held (movement, turning,
    /// running); false for toggles that fire once per press.
    pub fn is_held(self) -> bool {
        matches!(
            self,
            Action::MoveForward
                | Action::MoveBackward
                | Action::StrafeLeft
                | Action::StrafeRight
                | Action::TurnLeft
                | Action::TurnRight
                | Action::LookUp
                | Action::LookDown
                | Action::Run
        )
    }

    /// A short description for the help overlay.
    pub fn description(self) -> &'static str {
        match self {
            Action::MoveForward => "walk forward",
            Action::MoveBackward => "walk backward",
            Action::StrafeLeft => "step left",
            Action::StrafeRight => "step right",
            Action::TurnLeft => "turn left",
            Action::TurnRight => "turn right",
            Action::LookUp => "look up",
            Action::LookDown => "look down",
            Action::Run => "run (hold)",
            Action::ToggleGhost => "ghost mode: walk through walls",
            Action::TogglePolicy => "collision policy: slide / reject",
            Action::PrintPosition => "print position to stdout",
            Action::ToggleDebugLines => "debug lines: walls, radii, obstacles",
            Action::ToggleHud => "HUD",
            Action::ToggleHelp => "this help",
            Action::ToggleFullscreen => "fullscreen",
            Action::Screenshot => "save screenshot PNG",
            Action::ReleaseOrQuit => "release mouse; again to quit",
            Action::ReloadLevel => "reload the level",
        }
    }
}

/// The key table. Bindings are on physical key positions (`KeyCode`), not on
/// the characters a layout prints.
#[derive(Debug, Clone, PartialEq)]
pub struct Bindings {
    /// Each physical key and the action it triggers; a key appears once.
    pub keys: Vec<(KeyCode, Action)>,
}

impl Default for Bindings {
    /// WASD and arrows to move and turn, Shift to run, G/R/P/L/H for the
    /// authoring tools, F1 help, F11 fullscreen, F12 screenshot, Esc.
    fn default() -> Self {
        use Action::*;
        Self {
            keys: vec![
                (KeyCode::KeyW, MoveForward),
                (KeyCode::KeyS, MoveBackward),
                (KeyCode::KeyA, StrafeLeft),
                (KeyCode::KeyD, StrafeRight),
                (KeyCode::ArrowUp, MoveForward),
                (KeyCode::ArrowDown, MoveBackward),
                (KeyCode::ArrowLeft, TurnLeft),
                (KeyCode::ArrowRight, TurnRight),
                (KeyCode::PageUp, LookUp),
                (KeyCode::PageDown, LookDown),
                (KeyCode::ShiftLeft, Run),
                (KeyCode::ShiftRight, Run),
                (KeyCode::KeyG, ToggleGhost),
                (KeyCode::KeyR, TogglePolicy),
                (KeyCode::KeyP, PrintPosition),
                (KeyCode::KeyL, ToggleDebugLines),
                (KeyCode::KeyH, ToggleHud),
                (KeyCode::F1, ToggleHelp),
                (KeyCode::F5, ReloadLevel),
                (KeyCode::F11, ToggleFullscreen),
                (KeyCode::F12, Screenshot),
                (KeyCode::Escape, ReleaseOrQuit),
            ],
        }
    }
}

impl Bindings {
    /// The action bound to a physical key, if any.
    pub fn action_for(&self, key: KeyCode) -> Option<Action> {
        self.keys
            .iter()
            .find(|(bound, _)| *bound == key)
            .map(|(_, action)| *action)
    }

    /// Help overlay lines: each action once, with every key bound to it.
    pub fn help_lines(&self) -> Vec<String> {
        let mut lines = vec!["mazewalker controls".to_owned(), String::new()];
        let mut seen: Vec<Action> = Vec::new();
        for (_, action) in &self.keys {
            if seen.contains(action) {
                continue;
            }
            seen.push(*action);
            let mut keys: Vec<String> = Vec::new();
            for (key, bound) in &self.keys {
                let label = key_label(*key);
                // Left and right Shift are both "Shift": name it once.
                if bound == action && !keys.contains(&label) {
                    keys.push(label);
                }
            }
            lines.push(format!("{:<16} {}", keys.join(" / "), action.description()));
        }
        lines.push(format!("{:<16} {}", "mouse", "look (click to grab)"));
        lines
    }
}

/// A short printable name for a physical key ("W", "Shift", "F12").
fn key_label(key: KeyCode) -> String {
    let debug = format!("{key:?}");
    let label = debug
        .strip_prefix("Key")
        .or_else(|| debug.strip_prefix("Arrow"))
        .unwrap_or(&debug);
    match label {
        "ShiftLeft" | "ShiftRight" => "Shift".to_owned(),
        "Escape" => "Esc".to_owned(),
        other => other.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_bound_once() {
        let bindings = Bindings::default();
        for (index, (key, _)) in bindings.keys.iter().enumerate() {
            assert!(
                bindings.keys[index + 1..]
                    .iter()
                    .all(|(other, _)| other != key),
                "{key:?} is bound twice"
            );
        }
    }

    #[test]
    fn the_issue_keys_do_what_the_readme_says() {
        let bindings = Bindings::default();
        assert_eq!(
            bindings.action_for(KeyCode::KeyG),
            Some(Action::ToggleGhost)
        );
        assert_eq!(
            bindings.action_for(KeyCode::KeyP),
            Some(Action::PrintPosition)
        );
        assert_eq!(
            bindings.action_for(KeyCode::KeyL),
            Some(Action::ToggleDebugLines)
        );
        assert_eq!(bindings.action_for(KeyCode::KeyH), Some(Action::ToggleHud));
        assert_eq!(bindings.action_for(KeyCode::F1), Some(Action::ToggleHelp));
        assert_eq!(
            bindings.action_for(KeyCode::F11),
            Some(Action::ToggleFullscreen)
        );
        assert_eq!(bindings.action_for(KeyCode::F12), Some(Action::Screenshot));
        assert_eq!(bindings.action_for(KeyCode::KeyQ), None);
    }

    #[test]
    fn help_lists_each_action_with_all_its_keys() {
        let help = Bindings::default().help_lines();
        let forward: Vec<&String> = help.iter().filter(|l| l.contains("walk forward")).collect();
        assert_eq!(forward.len(), 1);
        assert!(forward[0].starts_with("W / Up"), "{}", forward[0]);
        let run: Vec<&String> = help.iter().filter(|l| l.contains("run")).collect();
        assert_eq!(run.len(), 1);
        assert!(
            run[0].starts_with("Shift ") && !run[0].contains("Shift / Shift"),
            "{}",
            run[0]
        );
        assert!(
            help.iter()
                .any(|l| l.starts_with("Shift") && l.contains("run"))
        );
    }
}
