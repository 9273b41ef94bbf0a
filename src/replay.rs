//! The headless walk behind `mazewalker replay`: proposed XZ displacements in,
//! eye positions out, through the same collider the window uses.
//!
//! Input: one move per line, two numbers `dx dz` separated by white space;
//! blank lines and lines starting with `#` are skipped. Output: one line per
//! move, `x z`, each number printed in Rust's shortest round-trip form so it
//! parses back to the same `f32`. The walk streams: one line buffer, constant
//! memory, whatever the length of the input.

use std::io::{self, BufRead, Write};

use glam::Vec2;

use crate::collision::{Collider, CollisionError, MoveOptions};

/// Why a replay stopped.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// A line is not two numbers.
    #[error("line {line}: {reason}: {text:?}")]
    Malformed {
        /// 1-based line number in the input.
        line: u64,
        /// What is wrong with it.
        reason: &'static str,
        /// The offending line (trimmed).
        text: String,
    },
    /// The collider refused the move (NaN or infinite numbers).
    #[error("line {line}: {source}")]
    Refused {
        /// 1-based line number in the input.
        line: u64,
        /// The collider's reason.
        source: CollisionError,
    },
    /// Reading the input or writing the output failed.
    #[error("i/o error: {0}")]
    Io(#[from] io::Error),
}

/// Parses one input line: `None` for a blank or comment line, else `dx dz`.
pub fn parse_move_line(text: &str, line: u64) -> Result<Option<Vec2>, ReplayError> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let malformed = |reason| ReplayError::Malformed {
        line,
        reason,
        text: trimmed.to_owned(),
    };
    let mut fields = trimmed.split_whitespace();
    let (Some(dx), Some(dz), None) = (fields.next(), fields.next(), fields.next()) else {
        return Err(malformed("expected two numbers `dx dz`"));
    };
    let parse = |field: &str| field.parse::<f32>().map_err(|_| malformed("not a number"));
    Ok(Some(Vec2::new(parse(dx)?, parse(dz)?)))
}

/// Walks from `start`, moving through `collider` by each displacement read
/// from `input`, and writes each resulting position to `output`.
/// Returns the number of moves made.
pub fn replay(
    collider: &Collider,
    start: Vec2,
    options: &MoveOptions,
    input: impl BufRead,
    output: impl Write,
) -> Result<u64, ReplayError> {
    let mut input = input;
    let mut output = io::BufWriter::new(output);
    let mut position = start;
    let mut text = String::new();
    let mut line = 0u64;
    let mut moves = 0u64;
    loop {
        text.clear();
        if input.read_line(&mut text)? == 0 {
            break;
        }
        line += 1;
        let Some(delta) = parse_move_line(&text, line)? else {
            continue;
        };
        position = collider
            .move_eye(position, delta, options)
            .map_err(|source| ReplayError::Refused { line, source })?
            .position;
        writeln!(output, "{} {}", position.x, position.y)?;
        moves += 1;
    }
    output.flush()?;
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{MovePolicy, Wall};

    fn wall_at_x(x: f32) -> Collider {
        let wall = Wall {
            a: Vec2::new(x, -10.0),
            b: Vec2::new(x, 10.0),
            radius: 0.5,
        };
        Collider::new(vec![wall], Vec::new(), 0.3)
    }

    fn run(collider: &Collider, options: &MoveOptions, input: &str) -> Result<String, ReplayError> {
        let mut output = Vec::new();
        replay(collider, Vec2::ZERO, options, input.as_bytes(), &mut output)?;
        Ok(String::from_utf8(output).expect("replay writes UTF-8"))
    }

    #[test]
    fn skips_blank_and_comment_lines_and_prints_one_line_per_move() {
        let out = run(
            &wall_at_x(100.0),
            &MoveOptions::default(),
            "# walk\n\n1 0\n  \n0.5\t-2\n",
        )
        .expect("valid input");
        assert_eq!(out, "1 0\n1.5 -2\n");
    }

    #[test]
    fn positions_round_trip_to_the_same_f32() {
        let out = run(
            &wall_at_x(100.0),
            &MoveOptions::default(),
            "0.1 0.2\n0.1 0.2\n0.1 0.2\n",
        )
        .expect("valid input");
        let mut expected = Vec2::ZERO;
        for line in out.lines() {
            expected += Vec2::new(0.1, 0.2);
            let mut numbers = line.split(' ').map(|n| n.parse::<f32>().expect("a number"));
            assert_eq!(numbers.next(), Some(expected.x));
            assert_eq!(numbers.next(), Some(expected.y));
        }
    }

    #[test]
    fn a_move_into_a_wall_stops_short_of_its_radius() {
        let out = run(&wall_at_x(2.0), &MoveOptions::default(), "10 0\n").expect("valid input");
        let x: f32 = out
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("x");
        assert!(x <= 1.5 + 1e-5 && x > 1.4, "stopped at {x}");
    }

    #[test]
    fn reject_policy_refuses_the_whole_move() {
        let options = MoveOptions {
            policy: MovePolicy::Reject,
            ..MoveOptions::default()
        };
        let out = run(&wall_at_x(2.0), &options, "10 1\n").expect("valid input");
        assert_eq!(out, "0 0\n");
    }

    #[test]
    fn malformed_lines_name_their_line_number() {
        for (input, line) in [
            ("1 0\nx 1\n", 2),
            ("1\n", 1),
            ("1 2 3\n", 1),
            ("\n# c\n1 2,\n", 3),
        ] {
            match run(&wall_at_x(100.0), &MoveOptions::default(), input) {
                Err(ReplayError::Malformed { line: got, .. }) => assert_eq!(got, line, "{input:?}"),
                other => panic!("{input:?}: expected a malformed-line error, got {other:?}"),
            }
        }
    }

    #[test]
    fn non_finite_moves_are_refused_with_their_line_number() {
        match run(&wall_at_x(100.0), &MoveOptions::default(), "1 0\nNaN 0\n") {
            Err(ReplayError::Refused { line, .. }) => assert_eq!(line, 2),
            other => panic!("expected a refused move, got {other:?}"),
        }
    }
}
