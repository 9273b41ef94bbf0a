//! The config file's `[gamepad]` table: stick shaping, look speed, and which
//! buttons run and toggle ghost mode, the map and edit mode.

use serde::{Deserialize, Deserializer, Serialize};

use super::limits::Limits;

/// A gamepad button by its position on the pad, named in the settings file
/// exactly as gilrs names its buttons. The program owns this type, rather
/// than reading gilrs's, so that the file reads the same (and fails the same
/// way) in a build without gamepad support, where gilrs is not compiled in.
/// The variants and their order are gilrs's: serde lists them in that order
/// in "expected one of" messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GamepadButton {
    /// The bottom face button (A on an Xbox pad, cross on a PlayStation pad).
    South,
    /// The right face button (B, circle).
    East,
    /// The top face button (Y, triangle).
    North,
    /// The left face button (X, square).
    West,
    /// An extra face button some pads have.
    C,
    /// An extra face button some pads have.
    Z,
    /// The left bumper.
    LeftTrigger,
    /// The left trigger, pressed once past gilrs's threshold.
    LeftTrigger2,
    /// The right bumper.
    RightTrigger,
    /// The right trigger, pressed once past gilrs's threshold.
    RightTrigger2,
    /// Select, Back or Share.
    Select,
    /// Start, Menu or Options.
    Start,
    /// The vendor's logo button.
    Mode,
    /// Clicking the left stick.
    LeftThumb,
    /// Clicking the right stick.
    RightThumb,
    /// The d-pad's up.
    DPadUp,
    /// The d-pad's down.
    DPadDown,
    /// The d-pad's left.
    DPadLeft,
    /// The d-pad's right.
    DPadRight,
    /// Any button gilrs cannot place on the pad.
    Unknown,
}

/// `[gamepad]`: how sticks and buttons drive the walker. Buttons are named
/// as gilrs names them (`South`, `East`, `North`, `West`, `LeftTrigger2`,
/// `RightTrigger2`, `Select`, `Start`, `LeftThumb`, `DPadUp`, ...; see
/// [`GamepadButton`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GamepadSettings {
    /// Radial dead zone of both sticks, as a fraction of full tilt, 0 to
    /// 0.9. Default 0.15: worn sticks that rest slightly off centre do not
    /// drift.
    #[serde(deserialize_with = "dead_zone")]
    pub dead_zone: f32,
    /// Response curve exponent, 1 to 5: the tilt past the dead zone (0..1)
    /// is raised to this power. Default 2: fine control near the centre,
    /// full speed at full tilt. 1 is linear.
    #[serde(deserialize_with = "response_curve")]
    pub response_curve: f32,
    /// Turning speed of the right stick at full tilt, in degrees per second,
    /// 1 to 1440. Default 180.
    #[serde(deserialize_with = "look_speed")]
    pub look_speed: f32,
    /// Buttons that run while held. Default `["LeftTrigger2",
    /// "RightTrigger2", "West"]`: either trigger, or the left face button.
    pub run: Vec<GamepadButton>,
    /// Buttons that toggle ghost mode. Default `["North"]`.
    pub ghost: Vec<GamepadButton>,
    /// Buttons that toggle the map. Default `["Select"]`.
    pub map: Vec<GamepadButton>,
    /// Buttons that toggle edit mode. Default `["Start"]`.
    pub edit: Vec<GamepadButton>,
}

/// A gamepad button listed for two actions of `[gamepad]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("`{button:?}` is listed for both `{first}` and `{second}`; a button may do one thing only")]
pub struct ButtonConflict {
    /// The button listed twice.
    pub button: GamepadButton,
    /// The earlier action, e.g. `run`.
    pub first: &'static str,
    /// The later action.
    pub second: &'static str,
}

impl GamepadSettings {
    /// The range of [`GamepadSettings::dead_zone`].
    pub const DEAD_ZONE: Limits = Limits {
        key: "dead_zone",
        min: 0.0,
        max: 0.9,
    };
    /// The range of [`GamepadSettings::response_curve`].
    pub const RESPONSE_CURVE: Limits = Limits {
        key: "response_curve",
        min: 1.0,
        max: 5.0,
    };
    /// The range of [`GamepadSettings::look_speed`].
    pub const LOOK_SPEED: Limits = Limits {
        key: "look_speed",
        min: 1.0,
        max: 1440.0,
    };

    /// Each button action's key and its buttons, in file order.
    pub fn button_lists(&self) -> [(&'static str, &[GamepadButton]); 4] {
        [
            ("run", &self.run),
            ("ghost", &self.ghost),
            ("map", &self.map),
            ("edit", &self.edit),
        ]
    }

    /// The first button listed for two different actions, if any.
    pub fn conflict(&self) -> Option<ButtonConflict> {
        let lists = self.button_lists();
        for (index, (first, buttons)) in lists.iter().enumerate() {
            for (second, others) in &lists[index + 1..] {
                if let Some(button) = buttons.iter().find(|button| others.contains(button)) {
                    return Some(ButtonConflict {
                        button: *button,
                        first,
                        second,
                    });
                }
            }
        }
        None
    }
}

impl Default for GamepadSettings {
    fn default() -> Self {
        Self {
            dead_zone: 0.15,
            response_curve: 2.0,
            look_speed: 180.0,
            run: vec![
                GamepadButton::LeftTrigger2,
                GamepadButton::RightTrigger2,
                GamepadButton::West,
            ],
            ghost: vec![GamepadButton::North],
            map: vec![GamepadButton::Select],
            edit: vec![GamepadButton::Start],
        }
    }
}

// One reader per ranged field: serde's `deserialize_with` takes a function.

fn dead_zone<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    GamepadSettings::DEAD_ZONE.read(deserializer)
}

fn response_curve<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    GamepadSettings::RESPONSE_CURVE.read(deserializer)
}

fn look_speed<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f32, D::Error> {
    GamepadSettings::LOOK_SPEED.read(deserializer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_within_their_ranges_and_do_not_conflict() {
        let settings = GamepadSettings::default();
        for (limits, value) in [
            (GamepadSettings::DEAD_ZONE, settings.dead_zone),
            (GamepadSettings::RESPONSE_CURVE, settings.response_curve),
            (GamepadSettings::LOOK_SPEED, settings.look_speed),
        ] {
            assert!((limits.min..=limits.max).contains(&value), "{}", limits.key);
        }
        assert_eq!(settings.conflict(), None);
    }

    #[test]
    fn a_button_for_two_actions_names_both() {
        let settings = GamepadSettings {
            edit: vec![GamepadButton::South, GamepadButton::North],
            ..GamepadSettings::default()
        };
        let conflict = settings.conflict().expect("North twice");
        assert_eq!(
            conflict,
            ButtonConflict {
                button: GamepadButton::North,
                first: "ghost",
                second: "edit",
            }
        );
        assert!(conflict.to_string().contains("`ghost` and `edit`"));
    }
}
