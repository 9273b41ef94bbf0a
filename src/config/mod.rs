//! Settings a person changes without recompiling: mouse sensitivity and
//! invert-y, field of view and far plane, speeds, render quality and vsync,
//! sound, every key binding, and the gamepad. They are read from an optional TOML
//! file (see `docs/config.md`); a missing file means the defaults, and a bad
//! one is reported with its line and column while the program runs on the
//! defaults.

mod error;
mod gamepad;
mod limits;
mod location;
mod sections;

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

use serde::{Deserialize, Serialize};
use toml::Spanned;
use winit::keyboard::KeyCode;

use crate::bindings::{Action, BindingConflict, Bindings};
use crate::level::diagnostics::Source;
use crate::walker::WalkerSettings;

pub use error::ConfigError;
pub use gamepad::{ButtonConflict, GamepadButton, GamepadSettings};
pub use limits::Limits;
pub use location::{CONFIG_ENV, CONFIG_FILE_NAME, config_path, resolve_config_path};
pub use sections::{
    MouseSettings, MovementSettings, QualityChoice, RenderSettings, SoundSettings, ViewSettings,
};

/// Every setting, with the defaults filled in for what the file leaves out.
/// Serialises to the TOML of the config file ([`Config::to_toml`]).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Config {
    /// `[mouse]`: sensitivity and invert-y.
    pub mouse: MouseSettings,
    /// `[view]`: field of view and far plane.
    pub view: ViewSettings,
    /// `[movement]`: speeds, acceleration and friction.
    pub movement: MovementSettings,
    /// `[render]`: quality and vsync.
    pub render: RenderSettings,
    /// `[sound]`: on or off, volume, footsteps.
    pub sound: SoundSettings,
    /// `[bindings]`: every action's keys. Default [`Bindings::default`].
    pub bindings: Bindings,
    /// `[gamepad]`: sticks and buttons.
    pub gamepad: GamepadSettings,
}

/// The config file as written: the tables checked as they are read, the
/// bindings with the place of each key, to point at a conflict.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct ConfigFile {
    mouse: MouseSettings,
    view: ViewSettings,
    movement: MovementSettings,
    render: RenderSettings,
    sound: SoundSettings,
    bindings: BTreeMap<Action, Vec<Spanned<KeyCode>>>,
    gamepad: Option<Spanned<GamepadSettings>>,
}

impl Config {
    /// Reads the config file at `path`. A missing file is not an error: it
    /// gives the defaults.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        match crate::platform::read_text(path) {
            Ok(text) => Self::from_toml_str(&text, path),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Config::default()),
            Err(source) => Err(ConfigError::Read {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// What the program runs with: the file's settings, or the defaults and
    /// the reason when the file cannot be used, for the window to show.
    /// `None` (no config location known) gives the defaults.
    pub fn load_or_default(path: Option<&Path>) -> (Config, Option<ConfigError>) {
        match path.map(Self::load) {
            None => (Config::default(), None),
            Some(Ok(config)) => (config, None),
            Some(Err(error)) => (Config::default(), Some(error)),
        }
    }

    /// Parses config text; `origin` names it in error messages. Every key
    /// left out keeps its default; an unknown key, a bad value or a key bound
    /// to two actions is an error at its line and column.
    pub fn from_toml_str(text: &str, origin: &Path) -> Result<Config, ConfigError> {
        let source = Source { text, origin };
        let file: ConfigFile =
            toml::from_str(text).map_err(|error| source.toml_diagnostic(&error))?;
        let overrides: BTreeMap<Action, Vec<KeyCode>> = file
            .bindings
            .iter()
            .map(|(action, keys)| (*action, keys.iter().map(|key| *key.get_ref()).collect()))
            .collect();
        let bindings = Bindings::with_overrides(&overrides).map_err(|conflict| {
            source.diagnostic(
                &conflict_span(&file.bindings, &conflict),
                conflict.to_string(),
            )
        })?;
        let gamepad = match file.gamepad {
            None => GamepadSettings::default(),
            Some(table) => {
                if let Some(conflict) = table.get_ref().conflict() {
                    return Err(source
                        .diagnostic(&table.span(), conflict.to_string())
                        .into());
                }
                table.into_inner()
            }
        };
        Ok(Config {
            mouse: file.mouse,
            view: file.view,
            movement: file.movement,
            render: file.render,
            sound: file.sound,
            bindings,
            gamepad,
        })
    }

    /// The settings as a config file: every key, every action's keys, in
    /// the order of `docs/config.md`. Reading it back gives the same settings.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self)
            // Every value is a finite number, a bool, a string or a list of
            // strings, all of which TOML writes; only maps with non-string
            // keys or values outside a table can fail, and there are none.
            .expect("settings are plain TOML tables");
        format!("# mazewalker settings; every key is described in docs/config.md.\n\n{body}")
    }

    /// The walker's tuning from these settings: speeds, mouse sensitivity
    /// and invert-y, acceleration and friction, in the walker's units
    /// (radians).
    pub fn walker_settings(&self) -> WalkerSettings {
        WalkerSettings {
            walk_speed: self.movement.walk_speed,
            run_speed: self.movement.run_speed,
            turn_speed: self.movement.turn_speed.to_radians(),
            mouse_radians_per_count: self.mouse.radians_per_count(),
            invert_y: self.mouse.invert_y,
            accelerate: self.movement.accelerate,
            friction: self.movement.friction,
            stop_speed: self.movement.stop_speed,
        }
    }
}

/// Where the file binds the conflicting key: the later of the two actions'
/// listings of it (the defaults never conflict, so one of them is listed).
fn conflict_span(
    listed: &BTreeMap<Action, Vec<Spanned<KeyCode>>>,
    conflict: &BindingConflict,
) -> Range<usize> {
    [conflict.first, conflict.second]
        .iter()
        .filter_map(|action| listed.get(action))
        .flatten()
        .filter(|key| *key.get_ref() == conflict.key)
        .map(Spanned::span)
        .max_by_key(|span| span.start)
        .unwrap_or(0..0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walker_gets_speeds_and_sensitivity_in_radians() {
        let config = Config::from_toml_str(
            "[mouse]\nsensitivity = 0.5\n[movement]\nwalk_speed = 2\nrun_speed = 9\nturn_speed = 90\n",
            Path::new("c.toml"),
        )
        .expect("valid");
        let settings = config.walker_settings();
        assert_eq!(settings.walk_speed, 2.0);
        assert_eq!(settings.run_speed, 9.0);
        assert!((settings.turn_speed - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
        assert!((settings.mouse_radians_per_count - 0.5f32.to_radians()).abs() < 1e-9);
    }

    #[test]
    fn a_missing_file_is_the_defaults_and_no_location_too() {
        let missing = Path::new("/nonexistent/mazewalker/config.toml");
        assert_eq!(Config::load(missing).ok(), Some(Config::default()));
        let (config, error) = Config::load_or_default(None);
        assert_eq!(config, Config::default());
        assert!(error.is_none());
    }
}
