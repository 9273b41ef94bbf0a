//! Tick lines and check lines, the body of a demo.
//!
//! A tick line lists only what is not at rest, in any order:
//! `forward=V right=V turn=V look_up=V` (axes in -1..=1), `run`,
//! `mouse=X,Y` (raw counts), the toggles `ghost policy edit torch`, the
//! press `use` (the use key: a door opens or closes), and `repeat=N` (the
//! line stands for N ticks). Demos written before a field existed are read
//! the same: an absent field is at rest. A blank line is a tick with
//! nothing held. A check line is `check T X Z YAW`, with a fifth field, the
//! bodies' hash in 16 hex digits, on a level with loose bodies.

use glam::{DVec2, Vec2};

use crate::walker::{MoveIntent, TickInput, Toggle};

use super::error::DemoErrorKind;
use super::fields::{SeenKeys, exact, f32_in, finite_f32, finite_f64, key_value, out_of_range};

/// The most ticks one line may stand for (`repeat=N`): a day at 120 Hz.
pub const MAX_REPEAT: u32 = 120 * 60 * 60 * 24;

/// The eye's position and heading after a given tick, as recorded.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Check {
    /// Ticks played before the check (the state after tick `tick`).
    pub tick: u64,
    /// The eye's position (x, z).
    pub position: Vec2,
    /// The heading in radians.
    pub yaw: f32,
    /// A hash of the bits of every loose body's position, turn and
    /// velocities ([`Bodies::state_hash`](crate::simulation::Bodies::state_hash)),
    /// on a level that has loose bodies; `None` on one without, and in
    /// demos recorded before bodies existed.
    pub bodies: Option<u64>,
    /// The feet's height, on a level with floors (`feet=F`); `None` on
    /// one without, and in demos recorded before floors existed.
    pub feet: Option<f32>,
}

/// The tick line of `input`: only the fields away from rest, exactly.
/// Zero means rest only as positive zero, so every bit pattern round-trips.
pub(super) fn format_tick(input: &TickInput) -> String {
    let mut fields: Vec<String> = Vec::new();
    let held = &input.held;
    for (name, value) in [
        ("forward", held.forward),
        ("right", held.right),
        ("turn", held.turn),
        ("look_up", held.look_up),
    ] {
        if value.to_bits() != 0 {
            fields.push(format!("{name}={}", exact(value)));
        }
    }
    if held.run {
        fields.push("run".to_owned());
    }
    if input.mouse.x.to_bits() != 0 || input.mouse.y.to_bits() != 0 {
        fields.push(format!("mouse={},{}", input.mouse.x, input.mouse.y));
    }
    let toggles = &input.toggles;
    for (name, on) in [
        ("ghost", toggles.ghost),
        ("policy", toggles.policy),
        ("edit", toggles.edit),
        ("torch", toggles.torch),
        ("use", toggles.use_door),
    ] {
        if on {
            fields.push(name.to_owned());
        }
    }
    fields.join(" ")
}

/// Parses a tick line: its input and how many ticks it stands for.
pub(super) fn parse_tick(text: &str) -> Result<(TickInput, u32), DemoErrorKind> {
    let mut input = TickInput::default();
    let mut repeat = 1;
    let mut seen = SeenKeys::default();
    for token in text.split_whitespace() {
        match token {
            "run" => {
                seen.first_time(token)?;
                input.held.run = true;
            }
            "ghost" | "policy" | "edit" | "torch" | "use" => {
                seen.first_time(token)?;
                input.toggles.flip(match token {
                    "ghost" => Toggle::Ghost,
                    "policy" => Toggle::Policy,
                    "edit" => Toggle::Edit,
                    "torch" => Toggle::Torch,
                    _ => Toggle::Use,
                });
            }
            _ => {
                let (key, value) = key_value(token).map_err(|_| unknown_field(token))?;
                match key {
                    "forward" | "right" | "turn" | "look_up" => {
                        parse_axis(&mut input.held, key, value, &mut seen)?;
                    }
                    "mouse" => {
                        seen.first_time(key)?;
                        input.mouse = parse_mouse(value)?;
                    }
                    "repeat" => {
                        seen.first_time(key)?;
                        repeat = value
                            .parse::<u32>()
                            .ok()
                            .filter(|count| (1..=MAX_REPEAT).contains(count))
                            .ok_or_else(|| {
                                out_of_range(
                                    "repeat",
                                    value,
                                    &format!("a whole number in 1..={MAX_REPEAT}"),
                                )
                            })?;
                    }
                    _ => return Err(unknown_field(token)),
                }
            }
        }
    }
    Ok((input, repeat))
}

/// Sets one held axis from `key=value`.
fn parse_axis<'line>(
    held: &mut MoveIntent,
    key: &'line str,
    value: &str,
    seen: &mut SeenKeys<'line>,
) -> Result<(), DemoErrorKind> {
    seen.first_time(key)?;
    let axis = match key {
        "forward" => &mut held.forward,
        "right" => &mut held.right,
        "turn" => &mut held.turn,
        _ => &mut held.look_up,
    };
    *axis = f32_in(key, value, -1.0, 1.0, "a number in -1..=1")?;
    Ok(())
}

/// `X,Y` raw mouse counts.
fn parse_mouse(value: &str) -> Result<DVec2, DemoErrorKind> {
    let (x, y) = value.split_once(',').ok_or_else(|| {
        DemoErrorKind::syntax(format!("mouse must be `X,Y` counts, not {value:?}"))
    })?;
    Ok(DVec2::new(
        finite_f64("mouse x", x)?,
        finite_f64("mouse y", y)?,
    ))
}

fn unknown_field(token: &str) -> DemoErrorKind {
    DemoErrorKind::syntax(format!(
        "unknown tick field {token:?}; a tick line holds forward= right= turn= look_up= \
         mouse=X,Y run ghost policy edit torch use repeat=N (or is `check T X Z YAW`, or `end`)"
    ))
}

/// The check line's fields (after the keyword `check`).
pub(super) fn format_check(check: &Check) -> String {
    let eye = format!(
        "{} {} {} {}",
        check.tick,
        exact(check.position.x),
        exact(check.position.y),
        exact(check.yaw)
    );
    let bodies = check
        .bodies
        .map_or_else(String::new, |hash| format!(" {hash:016x}"));
    let feet = check
        .feet
        .map_or_else(String::new, |feet| format!(" feet={}", exact(feet)));
    format!("{eye}{bodies}{feet}")
}

/// Parses a check line's fields (after the keyword `check`).
pub(super) fn parse_check(fields: &str) -> Result<Check, DemoErrorKind> {
    let mut parts: Vec<&str> = fields.split_whitespace().collect();
    let feet = match parts.last().and_then(|last| last.strip_prefix("feet=")) {
        Some(feet) => {
            let feet = finite_f32("check feet", feet)?;
            parts.pop();
            Some(feet)
        }
        None => None,
    };
    let ([tick, x, z, yaw] | [tick, x, z, yaw, _]) = parts[..] else {
        return Err(DemoErrorKind::syntax(format!(
            "a check line is `check T X Z YAW [BODIES] [feet=F]`, not `check {fields}`"
        )));
    };
    let bodies = match parts.get(4) {
        Some(hash) => Some(u64::from_str_radix(hash, 16).map_err(|_| {
            DemoErrorKind::syntax(format!(
                "a check line's bodies hash is 16 hex digits, not {hash:?}"
            ))
        })?),
        None => None,
    };
    let tick = tick.parse::<u64>().map_err(|_| {
        DemoErrorKind::syntax(format!("check tick must be a whole number, not {tick:?}"))
    })?;
    Ok(Check {
        tick,
        position: Vec2::new(finite_f32("check x", x)?, finite_f32("check z", z)?),
        yaw: finite_f32("check yaw", yaw)?,
        bodies,
        feet,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walker::Toggles;

    #[test]
    fn a_tick_at_rest_is_a_blank_line() {
        assert_eq!(format_tick(&TickInput::default()), "");
        assert_eq!(parse_tick("").ok(), Some((TickInput::default(), 1)));
        assert_eq!(parse_tick("   \t").ok(), Some((TickInput::default(), 1)));
    }

    #[test]
    fn every_field_round_trips_exactly() {
        let input = TickInput {
            held: MoveIntent {
                forward: 1.0,
                right: -0.3,
                turn: -0.0,
                look_up: 1.0 / 3.0,
                run: true,
            },
            mouse: DVec2::new(-12.0, 0.1 + 0.2),
            toggles: Toggles {
                ghost: true,
                policy: true,
                edit: true,
                torch: true,
                use_door: true,
            },
        };
        let text = format_tick(&input);
        assert_eq!(
            text,
            "forward=1 right=-0.3 turn=-0 look_up=0.33333334 run mouse=-12,0.30000000000000004 \
             ghost policy edit torch use"
        );
        let (back, repeat) = parse_tick(&text).expect("valid");
        assert_eq!(repeat, 1);
        assert_eq!(back, input);
        assert_eq!(back.held.turn.to_bits(), (-0.0f32).to_bits());
    }

    #[test]
    fn a_hand_written_line_may_repeat_and_take_fields_in_any_order() {
        let (input, repeat) = parse_tick("repeat=240 run forward=1").expect("valid");
        assert_eq!(repeat, 240);
        assert!(input.held.run);
        assert_eq!(input.held.forward, 1.0);
    }

    #[test]
    fn bad_tick_lines_are_refused() {
        for bad in [
            "forward=2",
            "turn=-1.01",
            "look_up=NaN",
            "forward=1 forward=1",
            "run run",
            "use use",
            "mouse=1",
            "mouse=1,inf",
            "walk",
            "forward",
            "repeat=0",
            "repeat=-3",
            "check 1 2 3",
            "level house",
        ] {
            assert!(parse_tick(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn check_lines_round_trip_with_or_without_the_bodies_hash() {
        let check = Check {
            tick: 360,
            position: Vec2::new(1.0 / 3.0, -7.125),
            yaw: -3.1415925,
            bodies: None,
            feet: None,
        };
        assert_eq!(parse_check(&format_check(&check)).ok(), Some(check));
        let with_bodies = Check {
            bodies: Some(0x00ed_f819_ff91_43b0),
            ..check
        };
        let line = format_check(&with_bodies);
        assert!(line.ends_with(" 00edf819ff9143b0"), "{line}");
        assert_eq!(parse_check(&line).ok(), Some(with_bodies));
        let with_feet = Check {
            feet: Some(1.53),
            ..with_bodies
        };
        let line = format_check(&with_feet);
        assert!(line.ends_with(" 00edf819ff9143b0 feet=1.53"), "{line}");
        assert_eq!(parse_check(&line).ok(), Some(with_feet));
        let feet_alone = Check {
            feet: Some(-0.34),
            ..check
        };
        assert_eq!(
            parse_check(&format_check(&feet_alone)).ok(),
            Some(feet_alone)
        );
        for bad in [
            "",
            "1 2 3",
            "1 2 3 4 x5",
            "1 2 3 4 5 6",
            "x 1 2 3",
            "-1 1 2 3",
            "1 NaN 2 3",
        ] {
            assert!(parse_check(bad).is_err(), "{bad:?}");
        }
    }
}
