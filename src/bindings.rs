//! Key bindings: one table from actions to physical keys, so WASD works on any
//! keyboard layout (AZERTY's ZQSD keys sit where QWERTY's WASD do). Each
//! action belongs to an input [`Context`]; a key may do one thing per context
//! (Space plots a point in edit mode and pauses a demo), and the session
//! decides which contexts are active and in what order they see a key. The
//! bindings struct, the F1 help and the README's controls table are all made
//! from [`Action::spec`], so they can never disagree.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer, de};
use strum::VariantArray;
use winit::keyboard::KeyCode;

/// One group of the help overlay: a heading and its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpGroup {
    /// The heading, e.g. the input context the lines apply in; drawn in
    /// its own colour above the lines (no row when empty).
    pub title: String,
    /// The lines under the heading.
    pub lines: Vec<String>,
}

/// Where an action applies. The session stacks the active contexts, the
/// most specific first: `Playback`, `FullMap`, `Editing`, `Walking`,
/// `Always` (see [`Context::ORDER`]); a key goes to the first active
/// context that binds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, VariantArray)]
pub enum Context {
    /// Whatever mode is on: help, HUD, screenshots, reload, quit.
    Always,
    /// First-person walking (also under edit mode and the full map): moving,
    /// the switches, the map's keys.
    Walking,
    /// Edit mode: plotting walls.
    Editing,
    /// The full map: panning with the arrow keys.
    FullMap,
    /// A demo playing in the window: pause, step, speed.
    Playback,
}

impl Context {
    /// Precedence, highest first: a key bound in two active contexts does
    /// what the earlier one says.
    pub const ORDER: [Context; 5] = [
        Context::Playback,
        Context::FullMap,
        Context::Editing,
        Context::Walking,
        Context::Always,
    ];

    /// The heading of this context's group in the help and the README.
    pub fn title(self) -> &'static str {
        match self {
            Context::Always => "always",
            Context::Walking => "walking",
            Context::Editing => "editing",
            Context::FullMap => "full map",
            Context::Playback => "playback",
        }
    }
}

/// Everything a key can do. [`Action::VARIANTS`] lists them in the order of
/// the help overlay, the README table and `mazewalker config`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, VariantArray)]
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
    /// Save a screenshot PNG of what the window shows.
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
    /// Edit mode: delete the aimed item (wall, obstacle or lamp).
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
    /// Full map: pan left while held (follow turns off).
    PanMapLeft,
    /// Full map: pan right while held.
    PanMapRight,
    /// Full map: pan up while held.
    PanMapUp,
    /// Full map: pan down while held.
    PanMapDown,
    /// Demo playback: pause or play.
    PausePlayback,
    /// Demo playback, paused: one tick forward.
    StepPlayback,
    /// Demo playback: twice as fast (up to 8×).
    FasterPlayback,
    /// Demo playback: half as fast (down to 1/8×).
    SlowerPlayback,
    /// A torch carried by the eye: on or off.
    ToggleTorch,
    /// Open or close the door in the crosshair, or else the nearest one.
    Use,
    /// Edit mode: Space builds walls (the default tool).
    ToolWalls,
    /// Edit mode: Space plots an obstacle's outline.
    ToolObstacles,
    /// Edit mode: Space places a lamp.
    ToolLamps,
    /// Edit mode: Space places a door.
    ToolDoors,
    /// Edit mode: Space sets the start.
    ToolStart,
    /// Edit mode: the aimed wall or obstacle gets the level's next
    /// material; with Shift held, the previous one.
    CycleMaterial,
    /// Edit mode: pick up the aimed item, which then follows the cursor
    /// point; again (or Space) puts it down, Backspace puts it back.
    Carry,
}

/// One row of the binding table: what an action is called, what it does,
/// where it applies and which keys it has unless the config file says
/// otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionSpec {
    /// The snake_case name used in the config file's `[bindings]` table and
    /// the README.
    pub name: &'static str,
    /// A short description for the help overlay and the README.
    pub description: &'static str,
    /// The context the action belongs to.
    pub context: Context,
    /// The keys bound when the config file does not list the action.
    pub default_keys: &'static [KeyCode],
    /// True for actions that last while their key is held (movement,
    /// turning, running, panning); false for actions that fire once per
    /// press.
    pub held: bool,
}

impl Action {
    /// The binding table's row for this action.
    pub fn spec(self) -> ActionSpec {
        use Context::*;
        use KeyCode::*;
        let (name, description, context, default_keys, held): (_, _, _, &'static [KeyCode], _) =
            match self {
                Action::MoveForward => (
                    "move_forward",
                    "walk forward",
                    Walking,
                    &[KeyW, ArrowUp],
                    true,
                ),
                Action::MoveBackward => (
                    "move_backward",
                    "walk backward",
                    Walking,
                    &[KeyS, ArrowDown],
                    true,
                ),
                Action::StrafeLeft => ("strafe_left", "step left", Walking, &[KeyA], true),
                Action::StrafeRight => ("strafe_right", "step right", Walking, &[KeyD], true),
                Action::TurnLeft => ("turn_left", "turn left", Walking, &[ArrowLeft], true),
                Action::TurnRight => ("turn_right", "turn right", Walking, &[ArrowRight], true),
                Action::LookUp => ("look_up", "look up", Walking, &[PageUp], true),
                Action::LookDown => ("look_down", "look down", Walking, &[PageDown], true),
                Action::Run => ("run", "run (hold)", Walking, &[ShiftLeft, ShiftRight], true),
                Action::ToggleGhost => (
                    "ghost",
                    "ghost mode: walk through walls",
                    Walking,
                    &[KeyG],
                    false,
                ),
                Action::TogglePolicy => (
                    "policy",
                    "collision policy: slide / reject",
                    Walking,
                    &[KeyR],
                    false,
                ),
                Action::PrintPosition => (
                    "print_position",
                    "print position to stdout",
                    Always,
                    &[KeyP],
                    false,
                ),
                Action::ToggleDebugLines => (
                    "debug_lines",
                    "debug lines: walls, radii",
                    Always,
                    &[KeyL],
                    false,
                ),
                Action::ToggleHud => ("hud", "HUD", Always, &[KeyH], false),
                Action::ToggleHelp => ("help", "help (this list)", Always, &[F1], false),
                Action::ToggleFullscreen => ("fullscreen", "fullscreen", Always, &[F11], false),
                Action::Screenshot => ("screenshot", "save screenshot PNG", Always, &[F12], false),
                Action::ReloadLevel => ("reload_level", "reload the level", Always, &[F5], false),
                Action::ReleaseOrQuit => (
                    "release_or_quit",
                    "release mouse; again to quit",
                    Always,
                    &[Escape],
                    false,
                ),
                Action::ToggleEdit => ("edit", "edit mode: build walls", Walking, &[KeyE], false),
                Action::PlotPoint => ("plot_point", "plot a point", Editing, &[Space], false),
                Action::TakeBack => (
                    "take_back",
                    "take back a point",
                    Editing,
                    &[Backspace],
                    false,
                ),
                Action::EndChain => (
                    "end_chain",
                    "end the chain",
                    Editing,
                    &[Enter, NumpadEnter],
                    false,
                ),
                Action::DeleteWall => (
                    "delete_wall",
                    "delete the aimed item",
                    Editing,
                    &[Delete],
                    false,
                ),
                Action::FinerGrid => (
                    "finer_grid",
                    "halve the grid",
                    Editing,
                    &[BracketLeft],
                    false,
                ),
                Action::CoarserGrid => (
                    "coarser_grid",
                    "double the grid",
                    Editing,
                    &[BracketRight],
                    false,
                ),
                Action::RestoreAutosave => (
                    "restore_autosave",
                    "restore autosaved edits",
                    Always,
                    &[F9],
                    false,
                ),
                Action::CycleMap => ("map", "map: overlay / full / off", Walking, &[Tab], false),
                Action::FollowOnMap => {
                    ("map_follow", "map: follow the eye", Walking, &[KeyF], false)
                }
                Action::ZoomMapIn => (
                    "map_zoom_in",
                    "map: zoom in",
                    Walking,
                    &[Equal, NumpadAdd],
                    false,
                ),
                Action::ZoomMapOut => (
                    "map_zoom_out",
                    "map: zoom out",
                    Walking,
                    &[Minus, NumpadSubtract],
                    false,
                ),
                Action::FitMap => ("map_fit", "map: fit the level", Walking, &[Digit0], false),
                Action::DropMark => (
                    "mark",
                    "map: drop and print a mark",
                    Walking,
                    &[KeyM],
                    false,
                ),
                Action::ClearMarks => (
                    "clear_marks",
                    "map: clear the marks",
                    Walking,
                    &[KeyC],
                    false,
                ),
                Action::ToggleReach => (
                    "reach",
                    "map: where the eye can go",
                    Walking,
                    &[KeyV],
                    false,
                ),
                Action::PanMapLeft => ("map_pan_left", "pan left", FullMap, &[ArrowLeft], true),
                Action::PanMapRight => ("map_pan_right", "pan right", FullMap, &[ArrowRight], true),
                Action::PanMapUp => ("map_pan_up", "pan up", FullMap, &[ArrowUp], true),
                Action::PanMapDown => ("map_pan_down", "pan down", FullMap, &[ArrowDown], true),
                Action::PausePlayback => {
                    ("playback_pause", "pause / play", Playback, &[Space], false)
                }
                Action::StepPlayback => (
                    "playback_step",
                    "paused: step a tick",
                    Playback,
                    &[Period, NumpadDecimal],
                    false,
                ),
                Action::FasterPlayback => (
                    "playback_faster",
                    "faster",
                    Playback,
                    &[Equal, NumpadAdd],
                    false,
                ),
                Action::SlowerPlayback => (
                    "playback_slower",
                    "slower",
                    Playback,
                    &[Minus, NumpadSubtract],
                    false,
                ),
                Action::ToggleTorch => (
                    "torch",
                    "torch: a light at the eye",
                    Walking,
                    &[KeyT],
                    false,
                ),
                Action::Use => (
                    "use",
                    "use: open/close door, kick body",
                    Walking,
                    &[Space],
                    false,
                ),
                Action::ToolWalls => ("tool_walls", "tool: walls", Editing, &[Digit1], false),
                Action::ToolObstacles => (
                    "tool_obstacles",
                    "tool: obstacles",
                    Editing,
                    &[Digit2],
                    false,
                ),
                Action::ToolLamps => ("tool_lamps", "tool: lamps", Editing, &[Digit3], false),
                Action::ToolDoors => ("tool_doors", "tool: doors", Editing, &[Digit4], false),
                Action::ToolStart => ("tool_start", "tool: the start", Editing, &[Digit5], false),
                Action::CycleMaterial => (
                    "cycle_material",
                    "next material (Shift: previous)",
                    Editing,
                    &[KeyN],
                    false,
                ),
                Action::Carry => (
                    "carry",
                    "carry the aimed item / put down",
                    Editing,
                    &[KeyX],
                    false,
                ),
            };
        ActionSpec {
            name,
            description,
            context,
            default_keys,
            held,
        }
    }

    /// True for actions that last while their key is held (movement,
    /// turning, running, panning); false for those that fire once per press.
    pub fn is_held(self) -> bool {
        self.spec().held
    }

    /// The context the action belongs to.
    pub fn context(self) -> Context {
        self.spec().context
    }

    /// A short description for the help overlay.
    pub fn description(self) -> &'static str {
        self.spec().description
    }

    /// The snake_case name of the config file and the README, e.g.
    /// `move_forward`.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The action with this config name, if there is one.
    pub fn from_name(name: &str) -> Option<Action> {
        Action::VARIANTS
            .iter()
            .copied()
            .find(|action| action.name() == name)
    }
}

/// Every action's config name, in [`Action::VARIANTS`] order, for "did you
/// mean" and "expected one of" in error messages.
static ACTION_NAMES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    Action::VARIANTS
        .iter()
        .map(|action| action.name())
        .collect()
});

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

/// Controls that are not key bindings but belong in the help and the
/// README: the control, its context and what it does.
const OTHER_CONTROLS: [(&str, Context, &str); 12] = [
    ("mouse", Context::Walking, "look (click to grab the mouse)"),
    ("wheel", Context::Walking, "map: zoom"),
    ("Ctrl+S", Context::Always, "save the level (edits)"),
    ("Ctrl+Z", Context::Editing, "undo an edit"),
    ("Ctrl+Y", Context::Editing, "redo (also Ctrl+Shift+Z)"),
    ("Ctrl+D", Context::Editing, "copy the aimed item, carry it"),
    ("wheel", Context::Editing, "carrying: turn it 15 degrees"),
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

/// Width of the keys column of the help overlay, in characters.
const HELP_KEYS_WIDTH: usize = 15;

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
    /// Every action on its [`ActionSpec::default_keys`]: WASD and arrows to
    /// move and turn, Shift to run, G/R/P/L/H for the authoring tools, F1
    /// help, F5 reload, F11 fullscreen, F12 screenshot, Esc.
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

    /// The help overlay: one group per context, in [`Context::ORDER`]
    /// reversed (always, walking, editing, full map, playback), each action
    /// with every key bound to it (`none` when none) and what it does, then
    /// that context's controls that are not bindings.
    pub fn help_groups(&self) -> Vec<HelpGroup> {
        Context::ORDER
            .iter()
            .rev()
            .map(|&context| {
                let actions = Action::VARIANTS
                    .iter()
                    .filter(|action| action.context() == context)
                    .map(|&action| (self.key_labels(action), action.description()));
                let others = OTHER_CONTROLS
                    .iter()
                    .filter(|(_, of, _)| *of == context)
                    .map(|&(control, _, description)| (control.to_owned(), description));
                HelpGroup {
                    title: context.title().to_owned(),
                    lines: actions
                        .chain(others)
                        .map(|(keys, description)| {
                            format!("{keys:<HELP_KEYS_WIDTH$} {description}")
                        })
                        .collect(),
                }
            })
            .collect()
    }

    /// The README's controls table (Markdown): keys, what they do, their
    /// context and the action's name in the config file's `[bindings]`,
    /// grouped by context as the help is. The test
    /// `readme_controls_table_is_generated` keeps the README equal to it.
    pub fn markdown_table(&self) -> String {
        let mut table =
            String::from("| keys | action | context | `[bindings]` name |\n|---|---|---|---|\n");
        for &context in Context::ORDER.iter().rev() {
            for &action in Action::VARIANTS
                .iter()
                .filter(|action| action.context() == context)
            {
                table.push_str(&format!(
                    "| {} | {} | {} | `{}` |\n",
                    self.key_labels(action),
                    action.description(),
                    context.title(),
                    action.name()
                ));
            }
            for (control, _, description) in
                OTHER_CONTROLS.iter().filter(|(_, of, _)| *of == context)
            {
                table.push_str(&format!(
                    "| {control} | {description} | {} | |\n",
                    context.title()
                ));
            }
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

    /// The contexts active while walking.
    const WALKING: [Context; 2] = [Context::Walking, Context::Always];

    #[test]
    fn every_action_is_listed_once_and_its_name_reads_back() {
        for (index, action) in Action::VARIANTS.iter().enumerate() {
            assert!(
                !Action::VARIANTS[index + 1..].contains(action),
                "{action:?} is listed twice"
            );
            assert_eq!(Action::from_name(action.name()), Some(*action));
        }
        assert_eq!(ACTION_NAMES.len(), Action::VARIANTS.len());
    }

    #[test]
    fn the_config_names_are_the_documented_ones() {
        let names: Vec<&str> = Action::VARIANTS
            .iter()
            .map(|action| action.name())
            .collect();
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
                "map_pan_left",
                "map_pan_right",
                "map_pan_up",
                "map_pan_down",
                "playback_pause",
                "playback_step",
                "playback_faster",
                "playback_slower",
                "torch",
                "use",
                "tool_walls",
                "tool_obstacles",
                "tool_lamps",
                "tool_doors",
                "tool_start",
                "cycle_material",
                "carry",
            ]
        );
    }

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

    /// The help's line for `description`, and its group's title.
    fn help_line(groups: &[HelpGroup], description: &str) -> (String, String) {
        let found: Vec<(String, String)> = groups
            .iter()
            .flat_map(|group| {
                group
                    .lines
                    .iter()
                    .filter(|line| line.get(HELP_KEYS_WIDTH + 1..) == Some(description))
                    .map(|line| (group.title.clone(), line.clone()))
            })
            .collect();
        assert_eq!(found.len(), 1, "{description}: {found:?}");
        found[0].clone()
    }

    #[test]
    fn help_groups_each_action_by_context_with_all_its_keys() {
        let groups = Bindings::default().help_groups();
        let titles: Vec<&str> = groups.iter().map(|group| group.title.as_str()).collect();
        assert_eq!(
            titles,
            ["always", "walking", "editing", "full map", "playback"]
        );
        let (title, forward) = help_line(&groups, "walk forward");
        assert_eq!(title, "walking");
        assert!(forward.starts_with("W / Up "), "{forward}");
        let (_, run) = help_line(&groups, "run (hold)");
        assert!(run.starts_with("Shift "), "{run}");
        let (title, plot) = help_line(&groups, "plot a point");
        assert_eq!(title, "editing");
        assert!(plot.starts_with("Space "), "{plot}");
        let (title, pause) = help_line(&groups, "pause / play");
        assert_eq!(title, "playback");
        assert!(pause.starts_with("Space "), "{pause}");
        let (title, undo) = help_line(&groups, "undo an edit");
        assert_eq!(title, "editing");
        assert!(undo.starts_with("Ctrl+Z "), "{undo}");
        // Every action shows once.
        let lines: usize = groups.iter().map(|group| group.lines.len()).sum();
        assert_eq!(lines, Action::VARIANTS.len() + OTHER_CONTROLS.len());
    }

    #[test]
    fn help_lines_are_short_and_aligned() {
        // Two columns of 48 characters fit a 1280-pixel window at the
        // help's scale 2 (12 pixels a character).
        for group in Bindings::default().help_groups() {
            for line in &group.lines {
                assert!(line.len() <= 48, "{line:?} is {} long", line.len());
                assert_eq!(
                    line.as_bytes().get(HELP_KEYS_WIDTH),
                    Some(&b' '),
                    "the keys overflow their column: {line:?}"
                );
            }
        }
    }

    #[test]
    fn help_shows_a_rebound_key_and_an_unbound_action() {
        let overrides = BTreeMap::from([
            (Action::ToggleGhost, vec![KeyCode::KeyN]),
            (Action::Run, vec![KeyCode::ShiftLeft]),
            (Action::ToggleHud, Vec::new()),
        ]);
        let groups = Bindings::with_overrides(&overrides)
            .expect("no conflict")
            .help_groups();
        let (_, ghost) = help_line(&groups, "ghost mode: walk through walls");
        assert!(ghost.starts_with("N "), "{ghost}");
        let (_, run) = help_line(&groups, "run (hold)");
        assert!(run.starts_with("ShiftLeft "), "{run}");
        let (_, hud) = help_line(&groups, "HUD");
        assert!(hud.starts_with("none "), "{hud}");
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
        assert_eq!(label(KeyCode::NumpadAdd), "Kp+");
        assert_eq!(label(KeyCode::NumpadEnter), "KpEnter");
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
