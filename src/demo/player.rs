//! Playing a demo back: each tick's input through [`Simulation::step`], each
//! check line compared bit for bit with the replayed eye; tick by tick
//! ([`play_tick`], for a window that paces playback) or to the end ([`play`]).

use std::fmt;
use std::io::BufRead;

use crate::collision::Collider;
use crate::simulation::Simulation;
use crate::walker::Pose;

use super::error::DemoError;
use super::fields::exact;
use super::reader::{DemoEvent, DemoReader};
use super::tick_line::Check;

/// How a playback ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Played {
    /// Every tick played and every check matched.
    Finished {
        /// Ticks played.
        ticks: u64,
        /// The eye after the last tick.
        pose: Pose,
    },
    /// A check line did not match: playback stopped there.
    Desync(Desync),
}

/// The first check line whose position or heading the playback did not
/// reproduce exactly.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Desync {
    /// The check line as recorded.
    pub recorded: Check,
    /// The eye after the same tick, replayed.
    pub replayed: Pose,
    /// The loose bodies' hash after the same tick, replayed, when the
    /// check line has one.
    pub replayed_bodies: Option<u64>,
    /// The feet's height after the same tick, replayed, when the check
    /// line has one.
    pub replayed_feet: Option<f32>,
}

impl fmt::Display for Desync {
    /// `desync at tick T: recorded X Z, replayed X' Z'`, numbers exact.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "desync at tick {}: recorded {} {}, replayed {} {}",
            self.recorded.tick,
            exact(self.recorded.position.x),
            exact(self.recorded.position.y),
            exact(self.replayed.position.x),
            exact(self.replayed.position.y)
        )?;
        match (self.recorded.bodies, self.replayed_bodies) {
            (Some(recorded), Some(replayed)) if recorded != replayed => write!(
                formatter,
                "; bodies recorded {recorded:016x}, replayed {replayed:016x}"
            )?,
            _ => {}
        }
        match (self.recorded.feet, self.replayed_feet) {
            (Some(recorded), Some(replayed)) if recorded.to_bits() != replayed.to_bits() => write!(
                formatter,
                "; feet recorded {}, replayed {}",
                exact(recorded),
                exact(replayed)
            ),
            _ => Ok(()),
        }
    }
}

/// What [`play_tick`] did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TickPlayed {
    /// One tick was played (and every check line before it matched).
    Ticked,
    /// A check line did not match; the demo should stop here.
    Desync(Desync),
    /// The `end` line was reached (every check line before it matched).
    Ended,
}

/// Plays the demo's next tick on `simulation` through `collider`, checking the
/// check lines on the way: one step of a playback that the caller paces
/// (the window pauses, steps one tick, changes speed).
pub fn play_tick<R: BufRead>(
    reader: &mut DemoReader<R>,
    simulation: &mut Simulation,
    collider: &Collider,
) -> Result<TickPlayed, DemoError> {
    while let Some(event) = reader.next_event()? {
        match event {
            DemoEvent::Tick(input) => {
                simulation.step(&input, collider);
                return Ok(TickPlayed::Ticked);
            }
            DemoEvent::Check(recorded) => {
                let replayed = simulation.walker.pose();
                let replayed_bodies = recorded.bodies.map(|_| simulation.bodies().state_hash());
                let replayed_feet = recorded.feet.map(|_| simulation.walker.feet());
                let feet_match = recorded.feet.map(f32::to_bits) == replayed_feet.map(f32::to_bits);
                if !matches(&recorded, &replayed)
                    || recorded.bodies != replayed_bodies
                    || !feet_match
                {
                    return Ok(TickPlayed::Desync(Desync {
                        recorded,
                        replayed,
                        replayed_bodies,
                        replayed_feet,
                    }));
                }
            }
        }
    }
    Ok(TickPlayed::Ended)
}

/// Plays the rest of `reader` on `simulation` through `collider`, calling
/// `after_tick(tick, simulation)` after each tick (numbered from 1), until the
/// `end` line or the first check line that does not match.
pub fn play<R: BufRead, E: From<DemoError>>(
    reader: &mut DemoReader<R>,
    simulation: &mut Simulation,
    collider: &Collider,
    mut after_tick: impl FnMut(u64, &Simulation) -> Result<(), E>,
) -> Result<Played, E> {
    loop {
        match play_tick(reader, simulation, collider)? {
            TickPlayed::Ticked => after_tick(reader.ticks(), simulation)?,
            TickPlayed::Desync(desync) => return Ok(Played::Desync(desync)),
            TickPlayed::Ended => {
                return Ok(Played::Finished {
                    ticks: reader.ticks(),
                    pose: simulation.walker.pose(),
                });
            }
        }
    }
}

/// Bit-identical position and heading (so -0 and 0 differ, as they may
/// steer the next tick differently).
fn matches(recorded: &Check, replayed: &Pose) -> bool {
    let same = |a: f32, b: f32| a.to_bits() == b.to_bits();
    same(recorded.position.x, replayed.position.x)
        && same(recorded.position.y, replayed.position.y)
        && same(recorded.yaw, replayed.yaw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    /// Plays `body` after a house header tick by tick; what each call said.
    fn tick_by_tick(body: &str) -> Vec<TickPlayed> {
        let text =
            format!("mazewalker-demo 1\nlevel house\ntick-rate 120\nstart 1.2 7.25 0 0\n{body}");
        let (mut reader, header) = DemoReader::new(text.as_bytes()).expect("header");
        let level = Level::default_house();
        let collider = level.collider();
        let mut simulation = header.simulation(&level);
        let mut said = Vec::new();
        loop {
            let played = play_tick(&mut reader, &mut simulation, &collider).expect("valid body");
            said.push(played);
            if played != TickPlayed::Ticked {
                return said;
            }
        }
    }

    #[test]
    fn a_paced_playback_ticks_then_ends_or_stops_at_the_desync() {
        // Standing still: the eye stays at the start, heading 0.
        assert_eq!(
            tick_by_tick("\n\ncheck 2 1.2 7.25 0\nend\n"),
            [TickPlayed::Ticked, TickPlayed::Ticked, TickPlayed::Ended]
        );
        let said = tick_by_tick("\n\ncheck 2 1.2 7.5 0\n\nend\n");
        assert_eq!(said.len(), 3);
        let TickPlayed::Desync(desync) = said[2] else {
            panic!("expected a desync: {said:?}");
        };
        assert_eq!(
            desync.to_string(),
            "desync at tick 2: recorded 1.2 7.5, replayed 1.2 7.25"
        );
        let heading = tick_by_tick("check 0 1.2 7.25 -0\nend\n");
        assert!(
            matches!(heading[0], TickPlayed::Desync(_)),
            "-0 is not 0: {heading:?}"
        );
    }
}
