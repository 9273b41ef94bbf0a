//! Reading and writing the values of demo lines: numbers that round-trip
//! exactly, `key=value` pairs, on/off switches.

use super::error::DemoErrorKind;

/// The text of `value` that parses back to the same `f32` bits: Rust's
/// shortest round-trip form (`-0` for negative zero).
pub(super) fn exact(value: f32) -> String {
    format!("{value}")
}

/// A finite `f32` (written by [`exact`] or by hand).
pub(super) fn finite_f32(field: &str, text: &str) -> Result<f32, DemoErrorKind> {
    let value: f32 = text.parse().map_err(|_| not_a_number(field, text))?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(out_of_range(field, text, "a finite number"))
    }
}

/// A finite `f64`.
pub(super) fn finite_f64(field: &str, text: &str) -> Result<f64, DemoErrorKind> {
    let value: f64 = text.parse().map_err(|_| not_a_number(field, text))?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(out_of_range(field, text, "a finite number"))
    }
}

/// A finite `f32` within `min..=max`; `expected` describes the range.
pub(super) fn f32_in(
    field: &str,
    text: &str,
    min: f32,
    max: f32,
    expected: &str,
) -> Result<f32, DemoErrorKind> {
    let value: f32 = text.parse().map_err(|_| not_a_number(field, text))?;
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(out_of_range(field, text, expected))
    }
}

/// `on` or `off`.
pub(super) fn on_off(field: &str, text: &str) -> Result<bool, DemoErrorKind> {
    match text {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(DemoErrorKind::syntax(format!(
            "{field} must be `on` or `off`, not {text:?}"
        ))),
    }
}

/// The text of an on/off switch.
pub(super) fn on_off_text(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// Splits `key=value`.
pub(super) fn key_value(token: &str) -> Result<(&str, &str), DemoErrorKind> {
    token
        .split_once('=')
        .ok_or_else(|| DemoErrorKind::syntax(format!("expected `key=value`, found {token:?}")))
}

/// Remembers which keys of one line were seen, to refuse repeats.
#[derive(Debug, Default)]
pub(super) struct SeenKeys<'line>(Vec<&'line str>);

impl<'line> SeenKeys<'line> {
    /// Marks `key` as seen; errors when it was seen before on this line.
    pub(super) fn first_time(&mut self, key: &'line str) -> Result<(), DemoErrorKind> {
        if self.0.contains(&key) {
            return Err(DemoErrorKind::syntax(format!("`{key}` appears twice")));
        }
        self.0.push(key);
        Ok(())
    }
}

fn not_a_number(field: &str, text: &str) -> DemoErrorKind {
    DemoErrorKind::syntax(format!("{field} must be a number, not {text:?}"))
}

pub(super) fn out_of_range(field: &str, text: &str, expected: &str) -> DemoErrorKind {
    DemoErrorKind::OutOfRange {
        field: field.to_owned(),
        value: text.to_owned(),
        expected: expected.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_numbers_round_trip_to_the_same_bits() {
        for value in [
            0.1f32,
            -0.0,
            1.0 / 3.0,
            f32::MIN_POSITIVE,
            1e-40,
            f32::MAX,
            -7.25,
        ] {
            let back = finite_f32("x", &exact(value)).expect("a finite number");
            assert_eq!(back.to_bits(), value.to_bits(), "{value}");
        }
    }

    #[test]
    fn non_finite_and_out_of_range_values_are_refused() {
        assert!(matches!(
            finite_f32("x", "NaN"),
            Err(DemoErrorKind::OutOfRange { .. })
        ));
        assert!(matches!(
            finite_f64("x", "inf"),
            Err(DemoErrorKind::OutOfRange { .. })
        ));
        assert!(matches!(
            f32_in("forward", "1.5", -1.0, 1.0, "-1..=1"),
            Err(DemoErrorKind::OutOfRange { .. })
        ));
        assert!(matches!(
            f32_in("forward", "NaN", -1.0, 1.0, "-1..=1"),
            Err(DemoErrorKind::OutOfRange { .. })
        ));
        assert!(matches!(
            finite_f32("x", "1,5"),
            Err(DemoErrorKind::Syntax(_))
        ));
    }
}
