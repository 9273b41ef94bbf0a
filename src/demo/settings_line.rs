//! The header's `settings` line: every [`WalkerSettings`] field as
//! `name=value`, so a demo plays back with the tuning it was recorded with.

use crate::walker::WalkerSettings;

use super::error::DemoErrorKind;
use super::fields::{SeenKeys, exact, f32_in, key_value};

/// The names the `settings` line uses, in the order it writes them (for
/// messages; `every_field_round_trips_exactly` proves each is read).
const NAMES: [&str; 8] = [
    "walk_speed",
    "run_speed",
    "turn_speed",
    "mouse_radians_per_count",
    "invert_y",
    "accelerate",
    "friction",
    "stop_speed",
];

/// The `settings ...` line's fields (without the keyword), every field
/// written with its exact value.
pub(super) fn format_settings(settings: &WalkerSettings) -> String {
    // Destructured so that a new field cannot be forgotten here.
    let WalkerSettings {
        walk_speed,
        run_speed,
        turn_speed,
        mouse_radians_per_count,
        invert_y,
        accelerate,
        friction,
        stop_speed,
    } = *settings;
    format!(
        "walk_speed={} run_speed={} turn_speed={} mouse_radians_per_count={} invert_y={invert_y} \
         accelerate={} friction={} stop_speed={}",
        exact(walk_speed),
        exact(run_speed),
        exact(turn_speed),
        exact(mouse_radians_per_count),
        exact(accelerate),
        exact(friction),
        exact(stop_speed),
    )
}

/// Parses the `settings` line's fields; a field left out keeps its default.
pub(super) fn parse_settings(fields: &str) -> Result<WalkerSettings, DemoErrorKind> {
    let mut settings = WalkerSettings::default();
    let mut seen = SeenKeys::default();
    for token in fields.split_whitespace() {
        let (key, value) = key_value(token)?;
        seen.first_time(key)?;
        let (field, min, max, expected) = match key {
            "invert_y" => {
                settings.invert_y = value.parse().map_err(|_| {
                    DemoErrorKind::syntax(format!("invert_y must be true or false, not {value:?}"))
                })?;
                continue;
            }
            "mouse_radians_per_count" => (
                &mut settings.mouse_radians_per_count,
                -1.0,
                1.0,
                "a number in -1..=1",
            ),
            "walk_speed" => (&mut settings.walk_speed, 0.0, f32::MAX, NON_NEGATIVE),
            "run_speed" => (&mut settings.run_speed, 0.0, f32::MAX, NON_NEGATIVE),
            "turn_speed" => (&mut settings.turn_speed, 0.0, f32::MAX, NON_NEGATIVE),
            "accelerate" => (&mut settings.accelerate, 0.0, f32::MAX, NON_NEGATIVE),
            "friction" => (&mut settings.friction, 0.0, f32::MAX, NON_NEGATIVE),
            "stop_speed" => (&mut settings.stop_speed, 0.0, f32::MAX, NON_NEGATIVE),
            _ => {
                return Err(DemoErrorKind::syntax(format!(
                    "unknown setting `{key}`; the settings are {}",
                    NAMES.join(", ")
                )));
            }
        };
        *field = f32_in(key, value, min, max, expected)?;
    }
    Ok(settings)
}

/// The range of speeds and of Quake's factors.
const NON_NEGATIVE: &str = "a finite number >= 0";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_round_trips_exactly() {
        let settings = WalkerSettings {
            walk_speed: 2.1,
            run_speed: 7.3,
            turn_speed: 1.0 / 3.0,
            mouse_radians_per_count: -0.0017,
            invert_y: true,
            accelerate: 10.0,
            friction: 6.5,
            stop_speed: 0.1,
        };
        assert_eq!(
            parse_settings(&format_settings(&settings)).ok(),
            Some(settings)
        );
        assert_eq!(
            parse_settings(&format_settings(&WalkerSettings::default())).ok(),
            Some(WalkerSettings::default())
        );
    }

    #[test]
    fn fields_left_out_keep_their_defaults() {
        let settings = parse_settings("accelerate=10").expect("valid");
        assert_eq!(
            settings,
            WalkerSettings {
                accelerate: 10.0,
                ..WalkerSettings::default()
            }
        );
        assert_eq!(parse_settings("").ok(), Some(WalkerSettings::default()));
    }

    #[test]
    fn unknown_repeated_and_out_of_range_fields_are_refused() {
        for bad in [
            "walk_sped=3",
            "walk_speed=3 walk_speed=4",
            "walk_speed=-1",
            "friction=NaN",
            "invert_y=yes",
            "mouse_radians_per_count=2",
            "accelerate",
        ] {
            assert!(parse_settings(bad).is_err(), "{bad}");
        }
    }
}
