//! The headless walk behind `mazewalker replay`: proposed XZ displacements in,
//! eye positions out, through the same collider and doors the window uses.
//!
//! Input: one line per tick (1/120 s), each one of:
//! - `dx dz`, two numbers separated by white space: the doors advance, then
//!   the eye moves by that displacement;
//! - `use`: the use key is pressed (no tick passes): it acts on whichever of
//!   a door's leaf and a loose body the walker faces within 2 m (the door is
//!   used, the body kicked), else on the nearest door within 1.5 m; the
//!   walker faces the direction of its last move (at first, the level's
//!   start heading); it takes an exit switch the walker faces from its
//!   front within 2 m before either;
//! - `wait N`: N ticks with no move (the doors and bodies move).
//!
//! Blank lines and lines starting with `#` are skipped. Output: one line
//! per move and one per `wait` tick: where the tick left the eye (a
//! teleporter's destination when its move walked over one from the
//! front), `x z`, or with heights asked for, `x z FEET EYE` (the feet's
//! height and the eye's); with bodies asked for, after
//! each tick's line one `body I X Z ANGLE` line per loose body that moved
//! in that tick (I its index among the level's loose obstacles in file
//! order, X Z its centroid, ANGLE its turn from the file's outline in
//! degrees, in the sense of the yaw). Each number is printed in Rust's
//! shortest round-trip form so it parses back to the same `f32`. The walk
//! streams: one line buffer, constant memory, whatever the length of the
//! input. Each tick is a [`Simulation::step_by`]: the same phases, from
//! the doors on, as every other tick.

use std::io::{self, BufRead, Write};

use glam::Vec2;

use crate::collision::{Collider, CollisionError, MoveOptions};
use crate::level::Level;
use crate::simulation::Simulation;
use crate::walker::{Pose, Walker};

/// Why a replay stopped.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// A line is neither `dx dz`, `use` nor `wait N`.
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

/// Why one tick of a replay failed, before its line number is known.
#[derive(Debug)]
enum TickError {
    Refused(CollisionError),
    Io(io::Error),
}

impl From<CollisionError> for TickError {
    fn from(source: CollisionError) -> Self {
        TickError::Refused(source)
    }
}

impl TickError {
    /// The error of input line `line`.
    fn on_line(self, line: u64) -> ReplayError {
        match self {
            TickError::Refused(source) => ReplayError::Refused { line, source },
            TickError::Io(error) => ReplayError::Io(error),
        }
    }
}

/// One input line of a replay.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ReplayLine {
    /// A tick with a move `dx dz`.
    Move(Vec2),
    /// The use key, pressed.
    Use,
    /// This many ticks with no move.
    Wait(u32),
}

/// Parses one input line: `None` for a blank or comment line.
pub fn parse_replay_line(text: &str, line: u64) -> Result<Option<ReplayLine>, ReplayError> {
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
    let (first, second, third) = (fields.next(), fields.next(), fields.next());
    match (first, second, third) {
        (Some("use"), None, _) => Ok(Some(ReplayLine::Use)),
        (Some("use"), Some(_), _) => Err(malformed("`use` takes nothing after it")),
        (Some("wait"), Some(count), None) => count
            .parse::<u32>()
            .map(|ticks| Some(ReplayLine::Wait(ticks)))
            .map_err(|_| malformed("`wait N` needs a whole number of ticks N")),
        (Some("wait"), _, _) => Err(malformed("expected `wait N`")),
        (Some(dx), Some(dz), None) => {
            let parse = |field: &str| field.parse::<f32>().map_err(|_| malformed("not a number"));
            Ok(Some(ReplayLine::Move(Vec2::new(parse(dx)?, parse(dz)?))))
        }
        _ => Err(malformed("expected two numbers `dx dz`, `use` or `wait N`")),
    }
}

/// Where a replay starts: the eye, the doors and the loose bodies, and
/// the way the walker faces.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayStart {
    /// The eye (where it stands), among the doors and loose bodies as
    /// they stand.
    pub simulation: Simulation,
    /// The way the walker faces until its first move (a unit vector).
    pub facing: Vec2,
}

impl ReplayStart {
    /// At `position` on `level`, facing the level's start heading, with the
    /// level's doors all closed and its loose bodies where the file places
    /// them.
    pub fn on_level(level: &Level, position: Vec2) -> Self {
        let mut walker = Walker::at_spawn(level);
        walker.place(Pose {
            position,
            ..walker.pose()
        });
        walker.land(&level.heights(), level.player.radius);
        Self {
            simulation: Simulation::new(walker, level),
            facing: Vec2::from_angle(level.player.yaw_degrees.to_radians()),
        }
    }

    /// One tick: the doors, the eye's move by `delta` and the bodies (see
    /// [`Simulation::step_by`]); writes the eye's position, and the
    /// bodies that moved when `printed` asks.
    fn tick(
        &mut self,
        collider: &Collider,
        delta: Vec2,
        printed: ReplayOutput,
        output: &mut impl Write,
    ) -> Result<(), TickError> {
        self.simulation.step_by(delta, collider).collision?;
        // Where the tick left the eye: where the move ended, or where a
        // teleporter it walked over sent it.
        let position = self.simulation.walker.position();
        if printed.heights {
            let walker = &self.simulation.walker;
            let (feet, eye) = (walker.feet(), walker.camera.position.y);
            writeln!(output, "{} {} {feet} {eye}", position.x, position.y)
        } else {
            writeln!(output, "{} {}", position.x, position.y)
        }
        .map_err(TickError::Io)?;
        if printed.bodies {
            let bodies = self.simulation.bodies();
            for &index in bodies.moved() {
                let body = &bodies.live().bodies()[index];
                let (at, angle) = (body.position(), body.angle().to_degrees());
                writeln!(output, "body {index} {} {} {angle}", at.x, at.y)
                    .map_err(TickError::Io)?;
            }
        }
        Ok(())
    }
}

/// What a replay prints besides the eye's positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReplayOutput {
    /// A `body I X Z ANGLE` line for each loose body that moved in a tick
    /// (`--bodies`).
    pub bodies: bool,
    /// Each position line as `x z FEET EYE`: the feet's height and the
    /// eye's as the camera shows it (`--heights`).
    pub heights: bool,
}

/// Walks from `start`, one tick per line read from `input` (see the module
/// documentation), through `collider` (which holds no loose obstacle:
/// [`Level::walking_collider`]), the doors and the bodies, and writes each
/// position to `output`, with what `printed` asks for. The walker moves
/// as `options` say. Returns the number of positions written.
pub fn replay(
    collider: &Collider,
    start: ReplayStart,
    options: &MoveOptions,
    printed: ReplayOutput,
    input: impl BufRead,
    output: impl Write,
) -> Result<u64, ReplayError> {
    let mut walk = start;
    walk.simulation.walker.move_options = *options;
    let mut input = input;
    let mut output = io::BufWriter::new(output);
    let mut text = String::new();
    let mut line = 0u64;
    let mut written = 0u64;
    loop {
        text.clear();
        if input.read_line(&mut text)? == 0 {
            break;
        }
        line += 1;
        let Some(command) = parse_replay_line(&text, line)? else {
            continue;
        };
        let mut tick = |walk: &mut ReplayStart, delta| {
            walk.tick(collider, delta, printed, &mut output)
                .map_err(|error| error.on_line(line))
        };
        match command {
            ReplayLine::Use => walk.simulation.press_use(walk.facing, collider),
            ReplayLine::Wait(ticks) => {
                for _ in 0..ticks {
                    tick(&mut walk, Vec2::ZERO)?;
                    written += 1;
                }
            }
            ReplayLine::Move(delta) => {
                // Checked before the doors move, so a bad line changes nothing.
                collider
                    .move_eye(
                        walk.simulation.walker.position(),
                        delta,
                        &MoveOptions::ghost(),
                    )
                    .map_err(|source| ReplayError::Refused { line, source })?;
                tick(&mut walk, delta)?;
                if let Some(direction) = delta.try_normalize() {
                    walk.facing = direction;
                }
                written += 1;
            }
        }
    }
    output.flush()?;
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camera::Camera;
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
        let eye = Camera::new(glam::Vec3::new(0.0, 1.6, 0.0), 0.0);
        let start = ReplayStart {
            simulation: Simulation::alone(Walker::standing(eye)),
            facing: Vec2::X,
        };
        let printed = ReplayOutput::default();
        replay(
            collider,
            start,
            options,
            printed,
            input.as_bytes(),
            &mut output,
        )?;
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
            ("use\nuse now\n", 2),
            ("1 0\nwait\n", 2),
            ("wait -1\n", 1),
            ("wait 2.5\n", 1),
            ("wait 1 2\n", 1),
        ] {
            match run(&wall_at_x(100.0), &MoveOptions::default(), input) {
                Err(ReplayError::Malformed { line: got, .. }) => assert_eq!(got, line, "{input:?}"),
                other => panic!("{input:?}: expected a malformed-line error, got {other:?}"),
            }
        }
    }

    #[test]
    fn wait_prints_one_line_a_tick_and_use_prints_none() {
        let out = run(
            &wall_at_x(100.0),
            &MoveOptions::default(),
            "1 0\nuse\nwait 2\nwait 0\n",
        )
        .expect("valid input");
        assert_eq!(out, "1 0\n1 0\n1 0\n");
    }

    #[test]
    fn non_finite_moves_are_refused_with_their_line_number() {
        match run(&wall_at_x(100.0), &MoveOptions::default(), "1 0\nNaN 0\n") {
            Err(ReplayError::Refused { line, .. }) => assert_eq!(line, 2),
            other => panic!("expected a refused move, got {other:?}"),
        }
    }
}
