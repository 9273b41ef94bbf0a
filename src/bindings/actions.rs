//! The action table: every action a key can do, one row each, with its
//! config name, context, default keys, whether it lasts while held, and
//! its description. The [`Action`] enum and the table are both made from
//! the one list in [`action_table!`], so an action cannot have a variant
//! without a row, nor a row out of the enum's order.

use std::sync::LazyLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer, de};
use strum::VariantArray;
use winit::keyboard::KeyCode;

use super::context::Context;

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

/// Declares the [`Action`] enum and its rows, [`ACTIONS`], from one list.
/// A row reads: the variant's doc comment, then
/// `Variant = "config_name", Context, [default keys], held|press, "description";`
/// where `held` lasts while the key is down and `press` fires once per
/// press.
macro_rules! action_table {
    ($(
        $(#[doc = $doc:literal])*
        $action:ident = $name:literal, $context:ident, [$($key:ident),*], $firing:ident,
            $description:literal;
    )*) => {
        /// Everything a key can do. [`Action::VARIANTS`] lists them in the
        /// order of the help overlay, the README table and `mazewalker config`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, VariantArray)]
        pub enum Action {
            $($(#[doc = $doc])* $action,)*
        }

        /// The binding table: the row of each action, in
        /// [`Action::VARIANTS`] order, so an action's discriminant is its
        /// row's index.
        const ACTIONS: &[ActionSpec] = &[$(
            ActionSpec {
                name: $name,
                description: $description,
                context: Context::$context,
                default_keys: &[$(KeyCode::$key),*],
                held: action_table!(@held $firing),
            },
        )*];
    };
    (@held held) => { true };
    (@held press) => { false };
}

action_table! {
    /// Walk forward while held.
    MoveForward = "move_forward", Walking, [KeyW, ArrowUp], held, "walk forward";
    /// Walk backward while held.
    MoveBackward = "move_backward", Walking, [KeyS, ArrowDown], held, "walk backward";
    /// Step left while held.
    StrafeLeft = "strafe_left", Walking, [KeyA], held, "step left";
    /// Step right while held.
    StrafeRight = "strafe_right", Walking, [KeyD], held, "step right";
    /// Turn left while held (for people without a mouse).
    TurnLeft = "turn_left", Walking, [ArrowLeft], held, "turn left";
    /// Turn right while held.
    TurnRight = "turn_right", Walking, [ArrowRight], held, "turn right";
    /// Look up while held.
    LookUp = "look_up", Walking, [PageUp], held, "look up";
    /// Look down while held.
    LookDown = "look_down", Walking, [PageDown], held, "look down";
    /// Run while held.
    Run = "run", Walking, [ShiftLeft, ShiftRight], held, "run (hold)";
    /// Toggle ghost mode (walk through walls).
    ToggleGhost = "ghost", Walking, [KeyG], press, "ghost mode: walk through walls";
    /// Toggle between the slide and reject collision policies.
    TogglePolicy = "policy", Walking, [KeyR], press, "collision policy: slide / reject";
    /// Print the eye's coordinates to stdout, paste-ready for a level file.
    PrintPosition = "print_position", Always, [KeyP], press, "print position to stdout";
    /// Toggle the collider's debug lines.
    ToggleDebugLines = "debug_lines", Always, [KeyL], press, "debug lines: walls, radii";
    /// Toggle the HUD.
    ToggleHud = "hud", Always, [KeyH], press, "HUD";
    /// Toggle the help overlay.
    ToggleHelp = "help", Always, [F1], press, "help (this list)";
    /// Reload the level from its source now, even if unchanged (the house
    /// and mazes are rebuilt).
    ReloadLevel = "reload_level", Always, [F5], press, "reload the level";
    /// Toggle fullscreen.
    ToggleFullscreen = "fullscreen", Always, [F11], press, "fullscreen";
    /// Save a screenshot PNG of what the window shows.
    Screenshot = "screenshot", Always, [F12], press, "save screenshot PNG";
    /// Turn sound on or off.
    ToggleSound = "sound", Always, [F7], press, "sound on / off";
    /// Release the mouse; a second press quits.
    ReleaseOrQuit = "release_or_quit", Always, [Escape], press, "release mouse; again to quit";
    /// Toggle edit mode (moves like ghost mode; leaving restores the mode).
    ToggleEdit = "edit", Walking, [KeyE], press, "edit mode: build walls";
    /// Edit mode: plot a point at the cursor; from the second point on, each
    /// adds a wall.
    PlotPoint = "plot_point", Editing, [Space], press, "plot a point";
    /// Edit mode: take back the chain's last point and its wall.
    TakeBack = "take_back", Editing, [Backspace], press, "take back a point";
    /// Edit mode: end the chain being plotted.
    EndChain = "end_chain", Editing, [Enter, NumpadEnter], press, "end the chain";
    /// Edit mode: delete the aimed item (wall, obstacle or lamp).
    DeleteWall = "delete_wall", Editing, [Delete], press, "delete the aimed item";
    /// Edit mode: halve the snapping grid (down to 1/32 m).
    FinerGrid = "finer_grid", Editing, [BracketLeft], press, "halve the grid";
    /// Edit mode: double the snapping grid (up to 8 m).
    CoarserGrid = "coarser_grid", Editing, [BracketRight], press, "double the grid";
    /// Restore the unsaved edits of an autosave journal that was offered.
    RestoreAutosave = "restore_autosave", Always, [F9], press, "restore autosaved edits";
    /// Cycle the map: overlay, full map, off.
    CycleMap = "map", Walking, [Tab], press, "map: overlay / full / off";
    /// Toggle the map's follow mode (centred on the eye).
    FollowOnMap = "map_follow", Walking, [KeyF], press, "map: follow the eye";
    /// Zoom the map in.
    ZoomMapIn = "map_zoom_in", Walking, [Equal, NumpadAdd], press, "map: zoom in";
    /// Zoom the map out.
    ZoomMapOut = "map_zoom_out", Walking, [Minus, NumpadSubtract], press, "map: zoom out";
    /// Fit the whole level on the map.
    FitMap = "map_fit", Walking, [Digit0], press, "map: fit the level";
    /// Drop a numbered mark at the eye and print it.
    DropMark = "mark", Walking, [KeyM], press, "map: drop and print a mark";
    /// Clear the marks.
    ClearMarks = "clear_marks", Walking, [KeyC], press, "map: clear the marks";
    /// Shade on the map where the eye can go.
    ToggleReach = "reach", Walking, [KeyV], press, "map: where the eye can go";
    /// Full map: pan left while held (follow turns off).
    PanMapLeft = "map_pan_left", FullMap, [ArrowLeft], held, "pan left";
    /// Full map: pan right while held.
    PanMapRight = "map_pan_right", FullMap, [ArrowRight], held, "pan right";
    /// Full map: pan up while held.
    PanMapUp = "map_pan_up", FullMap, [ArrowUp], held, "pan up";
    /// Full map: pan down while held.
    PanMapDown = "map_pan_down", FullMap, [ArrowDown], held, "pan down";
    /// Demo playback: pause or play.
    PausePlayback = "playback_pause", Playback, [Space], press, "pause / play";
    /// Demo playback, paused: one tick forward.
    StepPlayback = "playback_step", Playback, [Period, NumpadDecimal], press, "paused: step a tick";
    /// Demo playback: twice as fast (up to 8×).
    FasterPlayback = "playback_faster", Playback, [Equal, NumpadAdd], press, "faster";
    /// Demo playback: half as fast (down to 1/8×).
    SlowerPlayback = "playback_slower", Playback, [Minus, NumpadSubtract], press, "slower";
    /// A torch carried by the eye: on or off.
    ToggleTorch = "torch", Walking, [KeyT], press, "torch: a light at the eye";
    /// Open or close the door in the crosshair, or else the nearest one.
    Use = "use", Walking, [Space], press, "use: open/close door, kick body";
    /// Edit mode: Space builds walls (the default tool).
    ToolWalls = "tool_walls", Editing, [Digit1], press, "tool: walls";
    /// Edit mode: Space plots an obstacle's outline.
    ToolObstacles = "tool_obstacles", Editing, [Digit2], press, "tool: obstacles";
    /// Edit mode: Space places a lamp.
    ToolLamps = "tool_lamps", Editing, [Digit3], press, "tool: lamps";
    /// Edit mode: Space places a door.
    ToolDoors = "tool_doors", Editing, [Digit4], press, "tool: doors";
    /// Edit mode: Space sets the start.
    ToolStart = "tool_start", Editing, [Digit5], press, "tool: the start";
    /// Edit mode: Space plots a floor's outline, Enter makes the floor.
    ToolFloors = "tool_floors", Editing, [Digit6], press, "tool: floors";
    /// Edit mode: Space at the foot and the top of a flight of stairs,
    /// Enter makes it.
    ToolStairs = "tool_stairs", Editing, [Digit7], press, "tool: stairs";
    /// Edit mode: the aimed wall or obstacle gets the level's next
    /// material; with Shift held, the previous one.
    CycleMaterial = "cycle_material", Editing, [KeyN], press, "next material (Shift: previous)";
    /// Edit mode: pick up the aimed item, which then follows the cursor
    /// point; again (or Space) puts it down, Backspace puts it back.
    Carry = "carry", Editing, [KeyX], press, "carry the aimed item / put down";
}

impl Action {
    /// The binding table's row for this action.
    pub fn spec(self) -> ActionSpec {
        ACTIONS[self as usize]
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

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
        assert_eq!(ACTIONS.len(), Action::VARIANTS.len());
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
                "sound",
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
                "tool_floors",
                "tool_stairs",
                "cycle_material",
                "carry",
            ]
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
