//! Playing a demo back: each tick's input through [`Walker::step`], each
//! check line compared bit for bit with the replayed eye.

use std::fmt;
use std::io::BufRead;

use crate::collision::Collider;
use crate::walker::{Pose, Walker};

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
        )
    }
}

/// What [`advance`] did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Advanced {
    /// One tick played (its check lines before it matched).
    Ticked,
    /// The demo is over: its `end` line, or a check that did not match.
    Ended(Played),
}

/// Plays `reader`'s next tick on `walker` through `collider`, checking the
/// check lines before it: the window's playback, one tick at a time.
pub fn advance<R: BufRead>(
    reader: &mut DemoReader<R>,
    walker: &mut Walker,
    collider: &Collider,
) -> Result<Advanced, DemoError> {
    while let Some(event) = reader.next_event()? {
        match event {
            DemoEvent::Tick(input) => {
                walker.step(&input, collider);
                return Ok(Advanced::Ticked);
            }
            DemoEvent::Check(recorded) => {
                let replayed = walker.pose();
                if !matches(&recorded, &replayed) {
                    return Ok(Advanced::Ended(Played::Desync(Desync {
                        recorded,
                        replayed,
                    })));
                }
            }
        }
    }
    Ok(Advanced::Ended(Played::Finished {
        ticks: reader.ticks(),
        pose: walker.pose(),
    }))
}

/// Plays the rest of `reader` on `walker` through `collider`, calling
/// `after_tick(tick, walker)` after each tick (numbered from 1), until the
/// `end` line or the first check line that does not match.
pub fn play<R: BufRead, E: From<DemoError>>(
    reader: &mut DemoReader<R>,
    walker: &mut Walker,
    collider: &Collider,
    mut after_tick: impl FnMut(u64, &Walker) -> Result<(), E>,
) -> Result<Played, E> {
    loop {
        match advance(reader, walker, collider)? {
            Advanced::Ticked => after_tick(reader.ticks(), walker)?,
            Advanced::Ended(played) => return Ok(played),
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
