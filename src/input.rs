//! Key bindings: one table from actions to physical keys, so WASD works on any
//! keyboard layout (AZERTY's ZQSD keys sit where QWERTY's WASD do). The
//! bindings struct, the F1 help and the README's controls table are all made
//! from [`Action::spec`], so they can never disagree.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de};
use winit::keyboard::KeyCode;

/// Everything a key can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
    /// Reload the level from its source now, even if unchanged (the house
    /// and mazes are rebuilt).
    ReloadLevel,
    /// Toggle fullscreen.
    ToggleFullscreen,
    /// Save a screenshot PNG.
    Screenshot,
    /// Release the mouse; a second press quits.
    ReleaseOrQuit,
    /// Toggle edit mode (moves like ghost mode; leaving restores the mode).
    ToggleEdit,
    /// Edit mode: plot a point at the cursor; from the second point on, each
    /// adds a wall.
    PlotPoint,
    /// Edit mode: take back the chain's last point and its wall.
    TakeBack,
    /// Edit mode: end the chain being plotted.
    EndChain,
    /// Edit mode: delete the wall the crosshair points at.
    DeleteWall,
    /// Edit mode: halve the snapping grid (down to 1/32 m).
    FinerGrid,
    /// Edit mode: double the snapping grid (up to 8 m).
    CoarserGrid,
    /// Restore the unsaved edits of an autosave journal that was offered.
    RestoreAutosave,
    /// Cycle the map: overlay, full map, off.
    CycleMap,
    /// Toggle the map's follow mode (centred on the eye).
    FollowOnMap,
    /// Zoom the map in.
    ZoomMapIn,
    /// Zoom the map out.
    ZoomMapOut,
    /// Fit the whole level on the map.
    FitMap,
    /// Drop a numbered mark at the eye and print it.
    DropMark,
    /// Clear the marks.
    ClearMarks,
    /// Shade on the map where the eye can go.
    ToggleReach,
}

/// One row of the binding table: what an action is called, what it does and
/// which keys it has unless the config file says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionSpec {
    /// The snake_case name used in the config file's `[bindings]` table and
    /// shown in the F1 help.
    pub name: &'static str,
    /// A short description for the help overlay and the README.
    pub description: &'static str,
    /// The keys bound when the config file does not list the action.
    pub default_keys: &'static [KeyCode],
    /// True for actions that last while their key is held (movement,
    /// turning, running); false for toggles that fire once per press.
    pub held: bool,
}

impl Action {
    /// Every action, in the order of the help overlay, the README table and
    /// `mazewalker config`. A new action goes both here and in
    /// [`Action::spec`]: the compiler checks that `spec` covers every
    /// action, not that this list does; the tests check that no action is
    /// listed twice and that every name reads back.
    pub const ALL: [Action; 35] = [
        Action::MoveForward,
        Action::MoveBackward,
        Action::StrafeLeft,
        Action::StrafeRight,
        Action::TurnLeft,
        Action::TurnRight,
        Action::LookUp,
        Action::LookDown,
        Action::Run,
        Action::ToggleGhost,
        Action::TogglePolicy,
        Action::PrintPosition,
        Action::ToggleDebugLines,
        Action::ToggleHud,
        Action::ToggleHelp,
        Action::ReloadLevel,
        Action::ToggleFullscreen,
        Action::Screenshot,
        Action::ReleaseOrQuit,
        Action::ToggleEdit,
        Action::PlotPoint,
        Action::TakeBack,
        Action::EndChain,
        Action::DeleteWall,
        Action::FinerGrid,
        Action::CoarserGrid,
        Action::RestoreAutosave,
        Action::CycleMap,
        Action::FollowOnMap,
        Action::ZoomMapIn,
        Action::ZoomMapOut,
        Action::FitMap,
        Action::DropMark,
        Action::ClearMarks,
        Action::ToggleReach,
    ];

    /// The binding table's row for this action.
    pub fn spec(self) -> ActionSpec {
        use KeyCode::*;
        let (name, description, default_keys, held): (_, _, &'static [KeyCode], _) = match self {
            Action::MoveForward => ("move_forward", "walk forward", &[KeyW, ArrowUp], true),
            Action::MoveBackward => ("move_backward", "walk backward", &[KeyS, ArrowDown], true),
            Action::StrafeLeft => ("strafe_left", "step left", &[KeyA], true),
            Action::StrafeRight => ("strafe_right", "step right", &[KeyD], true),
            Action::TurnLeft => ("turn_left", "turn left", &[ArrowLeft], true),
            Action::TurnRight => ("turn_right", "turn right", &[ArrowRight], true),
            Action::LookUp => ("look_up", "look up", &[PageUp], true),
            Action::LookDown => ("look_down", "look down", &[PageDown], true),
            Action::Run => ("run", "run (hold)", &[ShiftLeft, ShiftRight], true),
            Action::ToggleGhost => ("ghost", "ghost mode: walk through walls", &[KeyG], false),
            Action::TogglePolicy => ("policy", "collision policy: slide / reject", &[KeyR], false),
            Action::PrintPosition => ("print_position", "print position to stdout", &[KeyP], false),
            Action::ToggleDebugLines => (
                "debug_lines",
                "debug lines: walls, radii, obstacles",
                &[KeyL],
                false,
            ),
            Action::ToggleHud => ("hud", "HUD", &[KeyH], false),
            Action::ToggleHelp => ("help", "help overlay (this list)", &[F1], false),
            Action::ToggleFullscreen => ("fullscreen", "fullscreen", &[F11], false),
            Action::Screenshot => ("screenshot", "save screenshot PNG", &[F12], false),
            Action::ReloadLevel => ("reload_level", "reload the level", &[F5], false),
            Action::ReleaseOrQuit => (
                "release_or_quit",
                "release mouse; again to quit",
                &[Escape],
                false,
            ),
            Action::ToggleEdit => ("edit", "edit mode: build walls", &[KeyE], false),
            Action::PlotPoint => ("plot_point", "edit: plot a point", &[Space], false),
            Action::TakeBack => ("take_back", "edit: take back a point", &[Backspace], false),
            Action::EndChain => (
                "end_chain",
                "edit: end the chain",
                &[Enter, NumpadEnter],
                false,
            ),
            Action::DeleteWall => ("delete_wall", "edit: delete aimed wall", &[Delete], false),
            Action::FinerGrid => ("finer_grid", "edit: halve the grid", &[BracketLeft], false),
            Action::CoarserGrid => (
                "coarser_grid",
                "edit: double the grid",
                &[BracketRight],
                false,
            ),
            Action::RestoreAutosave => {
                ("restore_autosave", "restore autosaved edits", &[F9], false)
            }
            Action::CycleMap => ("map", "map: overlay / full / off", &[Tab], false),
            Action::FollowOnMap => ("map_follow", "map: follow the eye", &[KeyF], false),
            Action::ZoomMapIn => ("map_zoom_in", "map: zoom in", &[Equal, NumpadAdd], false),
            Action::ZoomMapOut => (
                "map_zoom_out",
                "map: zoom out",
                &[Minus, NumpadSubtract],
                false,
            ),
            Action::FitMap => ("map_fit", "map: fit the level", &[Digit0], false),
            Action::DropMark => ("mark", "map: drop and print a mark", &[KeyM], false),
            Action::ClearMarks => ("clear_marks", "map: clear the marks", &[KeyC], false),
            Action::ToggleReach => ("reach", "map: where the eye can go", &[KeyV], false),
        };
        ActionSpec {
            name,
            description,
            default_keys,
            held,
        }
    }

    /// True for actions that last while their key is held (movement, turning,
    /// running); false for toggles that fire once per press.
    pub fn is_held(self) -> bool {
        self.spec().held
    }

    /// A short description for the help overlay.
    pub fn description(self) -> &'static str {
        self.spec().description
    }

    /// The snake_case name of the config file and the F1 help, e.g. `move_forward`.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The action with this config name, if there is one.
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|action| action.name() == name)
    }
}

/// Every action's config name, in [`Action::ALL`] order, for "did you mean"
/// and "expected one of" in error messages.
static ACTION_NAMES: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| Action::ALL.iter().map(|action| action.name()).collect());

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Action {
    /// Reads an action by its config name; an unknown name is an unknown key
    /// of `[bindings]`, so it gets the same "did you mean" as other keys.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Action::from_name(&name)
            .ok_or_else(|| de::Error::unknown_field(&name, ACTION_NAMES.as_slice()))
    }
}

/// Controls that are not key bindings but belong in the help and the README.
const OTHER_CONTROLS: [(&str, &str); 9] = [
    ("mouse", "look (click the window to grab it)"),
    ("Ctrl+Z", "undo an edit"),
    ("Ctrl+Y/Ctrl+Shift+Z", "redo an edit"),
    ("Ctrl+S", "save the level (edits)"),
    ("Alt (hold)", "edit: no snapping"),
    ("arrows / drag", "full map, follow off: pan"),
    ("wheel", "map: zoom"),
    (
        "click / right click",
        "full map, edit mode: plot / delete; drag an end to move it",
    ),
    (
        "Space . + -",
        "demo playback (mazewalker play): pause, step a tick, faster, slower",
    ),
];

/// Width of the keys column of the help overlay, in characters.
const HELP_KEYS_WIDTH: usize = 19;

/// Width of the config-name column of the help overlay, in characters.
const HELP_NAME_WIDTH: usize = 17;

/// The key table. Bindings are on physical key positions (`KeyCode`), not on
/// the characters a layout prints; one action may have several keys, and a
/// key triggers at most one action.
#[derive(Debug, Clone, PartialEq)]
pub struct Bindings {
    /// Each physical key and the action it triggers, in [`Action::ALL`]
    /// order; a key appears once.
    pub keys: Vec<(KeyCode, Action)>,
}

/// Two actions bound to the same key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{key:?}` is bound to both `{}` and `{}`; a key may trigger one action only",
    first.name(),
    second.name()
)]
pub struct BindingConflict {
    /// The key bound twice.
    pub key: KeyCode,
    /// The action earlier in [`Action::ALL`].
    pub first: Action,
    /// The action later in [`Action::ALL`].
    pub second: Action,
}

impl Default for Bindings {
    /// Every action on its [`ActionSpec::default_keys`]: WASD and arrows to
    /// move and turn, Shift to run, G/R/P/L/H for the authoring tools, F1
    /// help, F5 reload, F11 fullscreen, F12 screenshot, Esc.
    fn default() -> Self {
        Self {
            keys: Action::ALL
                .into_iter()
                .flat_map(|action| {
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
    /// counts once; a key bound to two actions is a [`BindingConflict`].
    pub fn with_overrides(
        overrides: &BTreeMap<Action, Vec<KeyCode>>,
    ) -> Result<Self, BindingConflict> {
        let mut keys: Vec<(KeyCode, Action)> = Vec::new();
        for action in Action::ALL {
            let listed = overrides
                .get(&action)
                .map_or(action.spec().default_keys, Vec::as_slice);
            for &key in listed {
                match keys.iter().find(|(bound, _)| *bound == key) {
                    Some(&(_, first)) if first == action => {}
                    Some(&(_, first)) => {
                        return Err(BindingConflict {
                            key,
                            first,
                            second: action,
                        });
                    }
                    None => keys.push((key, action)),
                }
            }
        }
        Ok(Self { keys })
    }

    /// The action bound to a physical key, if any.
    pub fn action_for(&self, key: KeyCode) -> Option<Action> {
        self.keys
            .iter()
            .find(|(bound, _)| *bound == key)
            .map(|(_, action)| *action)
    }

    /// The keys bound to `action`, in the order they were listed.
    pub fn keys_for(&self, action: Action) -> impl Iterator<Item = KeyCode> + '_ {
        self.keys
            .iter()
            .filter(move |(_, bound)| *bound == action)
            .map(|(key, _)| *key)
    }

    /// Help overlay lines: each action once with every key bound to it
    /// (`none` when none), its config name and what it does; then the
    /// controls that are not bindings.
    pub fn help_lines(&self) -> Vec<String> {
        let mut lines = vec!["mazewalker controls".to_owned(), String::new()];
        for action in Action::ALL {
            lines.push(format!(
                "{:<HELP_KEYS_WIDTH$} {:<HELP_NAME_WIDTH$} {}",
                self.key_labels(action),
                action.name(),
                action.description()
            ));
        }
        for (control, description) in OTHER_CONTROLS {
            lines.push(format!(
                "{control:<HELP_KEYS_WIDTH$} {:<HELP_NAME_WIDTH$} {description}",
                ""
            ));
        }
        lines
    }

    /// The README's controls table (Markdown): keys, what they do, and the
    /// action's name in the config file's `[bindings]`. The test
    /// `readme_controls_table_is_generated` keeps the README equal to it.
    pub fn markdown_table(&self) -> String {
        let mut table = String::from("| keys | action | `[bindings]` name |\n|---|---|---|\n");
        for action in Action::ALL {
            table.push_str(&format!(
                "| {} | {} | `{}` |\n",
                self.key_labels(action),
                action.description(),
                action.name()
            ));
        }
        for (control, description) in OTHER_CONTROLS {
            table.push_str(&format!("| {control} | {description} | |\n"));
        }
        table
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

impl Serialize for Bindings {
    /// A `[bindings]` table listing every action, in [`Action::ALL`] order,
    /// with its keys as winit names them (`["KeyW", "ArrowUp"]`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(Action::ALL.len()))?;
        for action in Action::ALL {
            let keys: Vec<KeyCode> = self.keys_for(action).collect();
            map.serialize_entry(action.name(), &keys)?;
        }
        map.end()
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
    fn all_lists_every_action_once() {
        for (index, action) in Action::ALL.iter().enumerate() {
            assert!(
                !Action::ALL[index + 1..].contains(action),
                "{action:?} is listed twice"
            );
            assert_eq!(Action::from_name(action.name()), Some(*action));
        }
        assert_eq!(ACTION_NAMES.len(), Action::ALL.len());
    }

    #[test]
    fn the_issue_names_are_the_config_names() {
        let names: Vec<&str> = Action::ALL.iter().map(|action| action.name()).collect();
        assert_eq!(
            names,
            [
                "move_forward",
                "move_backward",
                "strafe_left",
                "strafe_right",
                "turn_left",
                "turn_right",
                "look_up",
                "look_down",
                "run",
                "ghost",
                "policy",
                "print_position",
                "debug_lines",
                "hud",
                "help",
                "reload_level",
                "fullscreen",
                "screenshot",
                "release_or_quit",
                "edit",
                "plot_point",
                "take_back",
                "end_chain",
                "delete_wall",
                "finer_grid",
                "coarser_grid",
                "restore_autosave",
                "map",
                "map_follow",
                "map_zoom_in",
                "map_zoom_out",
                "map_fit",
                "mark",
                "clear_marks",
                "reach",
            ]
        );
    }

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
        assert_eq!(Bindings::with_overrides(&BTreeMap::new()), Ok(bindings));
    }

    #[test]
    fn the_issue_keys_do_what_the_readme_says() {
        let bindings = Bindings::default();
        let expected = [
            (KeyCode::KeyG, Action::ToggleGhost),
            (KeyCode::KeyP, Action::PrintPosition),
            (KeyCode::KeyL, Action::ToggleDebugLines),
            (KeyCode::KeyH, Action::ToggleHud),
            (KeyCode::F1, Action::ToggleHelp),
            (KeyCode::F5, Action::ReloadLevel),
            (KeyCode::F11, Action::ToggleFullscreen),
            (KeyCode::F12, Action::Screenshot),
            (KeyCode::KeyE, Action::ToggleEdit),
            (KeyCode::Space, Action::PlotPoint),
            (KeyCode::Backspace, Action::TakeBack),
            (KeyCode::Enter, Action::EndChain),
            (KeyCode::Delete, Action::DeleteWall),
            (KeyCode::BracketLeft, Action::FinerGrid),
            (KeyCode::BracketRight, Action::CoarserGrid),
            (KeyCode::F9, Action::RestoreAutosave),
            (KeyCode::Tab, Action::CycleMap),
            (KeyCode::KeyF, Action::FollowOnMap),
            (KeyCode::Equal, Action::ZoomMapIn),
            (KeyCode::Minus, Action::ZoomMapOut),
            (KeyCode::Digit0, Action::FitMap),
            (KeyCode::KeyM, Action::DropMark),
            (KeyCode::KeyC, Action::ClearMarks),
            (KeyCode::KeyV, Action::ToggleReach),
        ];
        for (key, action) in expected {
            assert_eq!(bindings.action_for(key), Some(action), "{key:?}");
        }
        assert_eq!(bindings.action_for(KeyCode::KeyQ), None);
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
        assert_eq!(bindings.action_for(KeyCode::KeyW), None);
        assert_eq!(bindings.action_for(KeyCode::ArrowUp), None);
        assert_eq!(
            bindings.action_for(KeyCode::KeyS),
            Some(Action::MoveBackward)
        );
    }

    #[test]
    fn a_key_bound_to_two_actions_names_both() {
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
            message.contains("`move_forward`") && message.contains("`ghost`"),
            "{message}"
        );
        // Moving forward elsewhere frees W for ghost mode.
        let overrides = BTreeMap::from([
            (Action::ToggleGhost, vec![KeyCode::KeyW]),
            (Action::MoveForward, vec![KeyCode::ArrowUp]),
        ]);
        let bindings = Bindings::with_overrides(&overrides).expect("no conflict");
        assert_eq!(
            bindings.action_for(KeyCode::KeyW),
            Some(Action::ToggleGhost)
        );
    }

    #[test]
    fn help_lists_each_action_with_all_its_keys_and_its_name() {
        let help = Bindings::default().help_lines();
        let forward: Vec<&String> = help.iter().filter(|l| l.contains("walk forward")).collect();
        assert_eq!(forward.len(), 1);
        assert!(forward[0].starts_with("W / Up "), "{}", forward[0]);
        assert!(forward[0].contains(" move_forward "), "{}", forward[0]);
        let run: Vec<&String> = help.iter().filter(|l| l.contains("run (hold)")).collect();
        assert_eq!(run.len(), 1);
        assert!(run[0].starts_with("Shift "), "{}", run[0]);
        assert!(help.iter().any(|l| l.starts_with("mouse")));
    }

    #[test]
    fn help_shows_a_rebound_key_and_an_unbound_action() {
        let overrides = BTreeMap::from([
            (Action::ToggleGhost, vec![KeyCode::KeyN]),
            (Action::Run, vec![KeyCode::ShiftLeft]),
            (Action::ToggleHud, Vec::new()),
        ]);
        let help = Bindings::with_overrides(&overrides)
            .expect("no conflict")
            .help_lines();
        let line = |name: &str| {
            help.iter()
                .find(|line| line.contains(&format!(" {name} ")))
                .cloned()
                .unwrap_or_default()
        };
        assert!(line("ghost").starts_with("N "), "{}", line("ghost"));
        assert!(line("run").starts_with("ShiftLeft "), "{}", line("run"));
        assert!(line("hud").starts_with("none "), "{}", line("hud"));
    }

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
        assert_eq!(label(KeyCode::ControlRight), "ControlRight");
        let both = [KeyCode::ControlLeft, KeyCode::ControlRight];
        assert_eq!(key_label(KeyCode::ControlRight, &both), "Control");
    }

    #[test]
    fn readme_controls_table_is_generated() {
        let readme = include_str!("../README.md");
        let table = Bindings::default().markdown_table();
        assert!(
            readme.contains(&format!("\n\n{table}\n")),
            "README.md's controls table must be exactly Bindings::default().markdown_table():\n{table}"
        );
    }

    #[test]
    fn unknown_action_names_are_unknown_keys() {
        let error = toml::from_str::<BTreeMap<Action, Vec<KeyCode>>>("gohst = []")
            .expect_err("unknown action");
        assert!(
            error
                .message()
                .starts_with("unknown field `gohst`, expected one of `move_forward`"),
            "{}",
            error.message()
        );
    }
}
