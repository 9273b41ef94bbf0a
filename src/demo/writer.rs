//! Recording a demo: the header, then one line per tick, a check line every
//! [`CHECK_INTERVAL`] ticks, and the `end` line.

use std::io::{self, BufWriter, Write};

use crate::simulation::Simulation;
use crate::walker::TickInput;

use super::CHECK_INTERVAL;
use super::header::DemoHeader;
use super::tick_line::{Check, format_check, format_tick};

/// Writes a demo as it is played: call [`record`](Self::record) after each
/// [`Simulation::step`] with the input that step was given, and
/// [`finish`](Self::finish) at the end. A recording dropped without
/// `finish` has no `end` line and reads back as truncated.
#[derive(Debug)]
pub struct DemoRecorder<W: Write> {
    out: BufWriter<W>,
    ticks: u64,
}

impl<W: Write> DemoRecorder<W> {
    /// Starts a recording into `out` (buffered here) and writes `header`,
    /// normally [`DemoHeader::for_recording`] of the walker before its first
    /// step.
    pub fn new(out: W, header: &DemoHeader) -> io::Result<Self> {
        let mut out = BufWriter::new(out);
        header.write_to(&mut out)?;
        Ok(Self { out, ticks: 0 })
    }

    /// Records one tick: its input, and a check line of `simulation`
    /// (already stepped with `input`) every [`CHECK_INTERVAL`] ticks.
    pub fn record(&mut self, input: &TickInput, simulation: &Simulation) -> io::Result<()> {
        writeln!(self.out, "{}", format_tick(input))?;
        self.ticks += 1;
        if self.ticks.is_multiple_of(CHECK_INTERVAL) {
            self.write_check(simulation)?;
        }
        Ok(())
    }

    /// Ends the recording: a last check line of `simulation` (unless the
    /// last tick just wrote one), the `end` line; flushes and returns the
    /// writer.
    pub fn finish(mut self, simulation: &Simulation) -> io::Result<W> {
        if !self.ticks.is_multiple_of(CHECK_INTERVAL) || self.ticks == 0 {
            self.write_check(simulation)?;
        }
        writeln!(self.out, "end")?;
        self.out
            .into_inner()
            .map_err(io::IntoInnerError::into_error)
    }

    fn write_check(&mut self, simulation: &Simulation) -> io::Result<()> {
        let pose = simulation.walker.pose();
        let bodies = simulation.bodies();
        let check = Check {
            tick: self.ticks,
            position: pose.position,
            yaw: pose.yaw,
            bodies: (!bodies.is_empty()).then(|| bodies.state_hash()),
            feet: simulation
                .stands_on_floors()
                .then(|| simulation.walker.feet()),
        };
        writeln!(self.out, "check {}", format_check(&check))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{Collider, Wall};
    use crate::demo::{DemoReader, Played, play};
    use crate::level::{Level, LevelChoice};
    use crate::walker::{MoveIntent, Toggles};
    use glam::{DVec2, Vec2};

    /// 300 ticks: forward with a slow mouse turn, running in the middle, a
    /// policy toggle and back.
    fn walk_inputs() -> impl Iterator<Item = TickInput> {
        (0..300u32).map(|tick| TickInput {
            held: MoveIntent {
                forward: 1.0,
                right: if tick % 50 < 10 { -1.0 } else { 0.0 },
                run: (100..200).contains(&tick),
                ..MoveIntent::default()
            },
            mouse: DVec2::new(if tick % 3 == 0 { 4.0 } else { 0.0 }, 0.5),
            toggles: Toggles {
                policy: tick == 150 || tick == 160,
                ..Toggles::default()
            },
        })
    }

    /// Records [`walk_inputs`] on `collider`; returns the demo and the
    /// eye after every tick.
    fn record(level: &Level, collider: &Collider) -> (Vec<u8>, Vec<Vec2>) {
        let mut simulation = Simulation::at_spawn(level);
        let walker = &simulation.walker;
        let header = DemoHeader::for_recording(LevelChoice::DefaultHouse, level, walker);
        let mut recorder = DemoRecorder::new(Vec::new(), &header).expect("header written");
        let mut positions = Vec::new();
        for input in walk_inputs() {
            simulation.step(&input, collider);
            recorder.record(&input, &simulation).expect("tick written");
            positions.push(simulation.walker.position());
        }
        (recorder.finish(&simulation).expect("finished"), positions)
    }

    #[test]
    fn a_recording_plays_back_bit_identically_at_every_tick() {
        let level = Level::default_house();
        let collider = level.collider();
        let (demo, recorded) = record(&level, &collider);
        let text = String::from_utf8(demo.clone()).expect("UTF-8");
        assert_eq!(
            text.matches("\ncheck ").count(),
            3,
            "checks at 120, 240, 300"
        );
        assert!(
            text.contains("\ncheck 300 "),
            "a last check after the last tick"
        );
        assert!(text.ends_with("\nend\n"));
        let (mut reader, header) = DemoReader::new(&demo[..]).expect("header");
        let mut simulation = header.simulation(&level);
        let mut replayed = Vec::new();
        let played = play(&mut reader, &mut simulation, &collider, |_, simulation| {
            replayed.push(simulation.walker.position());
            Ok::<(), crate::demo::DemoError>(())
        })
        .expect("valid demo");
        assert!(
            matches!(played, Played::Finished { ticks: 300, .. }),
            "{played:?}"
        );
        assert_eq!(replayed.len(), recorded.len());
        for (tick, (a, b)) in recorded.iter().zip(&replayed).enumerate() {
            assert_eq!(
                (a.x.to_bits(), a.y.to_bits()),
                (b.x.to_bits(), b.y.to_bits()),
                "tick {}",
                tick + 1
            );
        }
    }

    #[test]
    fn a_wall_across_the_route_is_a_desync_at_the_next_check() {
        let level = Level::default_house();
        let (demo, recorded) = record(&level, &level.collider());
        // A wall across the hallway 1 m ahead of where the walk is at tick 130.
        let ahead = recorded[129] + Vec2::new(1.0, 0.0);
        let mut walls: Vec<Wall> = level.collider().walls().to_vec();
        walls.push(Wall {
            a: ahead - Vec2::new(0.0, 3.0),
            b: ahead + Vec2::new(0.0, 3.0),
            radius: 0.3,
        });
        let blocked = Collider::new(walls, level.collider().obstacles().to_vec(), 0.25);
        let (mut reader, header) = DemoReader::new(&demo[..]).expect("header");
        let mut simulation = header.simulation(&level);
        let played = play(&mut reader, &mut simulation, &blocked, |_, _| {
            Ok::<(), crate::demo::DemoError>(())
        })
        .expect("valid demo");
        let Played::Desync(desync) = played else {
            panic!("expected a desync, got {played:?}");
        };
        assert_eq!(desync.recorded.tick, 240);
        assert_eq!(desync.recorded.position, recorded[239]);
        assert!(desync.replayed.position.x < ahead.x - 0.29, "{desync}");
        assert!(
            desync
                .to_string()
                .starts_with("desync at tick 240: recorded ")
        );
    }

    #[test]
    fn a_recording_without_finish_reads_back_as_truncated() {
        let level = Level::default_house();
        let simulation = Simulation::at_spawn(&level);
        let walker = &simulation.walker;
        let header = DemoHeader::for_recording(LevelChoice::DefaultHouse, &level, walker);
        let mut recorder = DemoRecorder::new(Vec::new(), &header).expect("header written");
        recorder
            .record(&TickInput::default(), &simulation)
            .expect("tick");
        let demo = recorder.out.into_inner().expect("flushed");
        let (mut reader, _) = DemoReader::new(&demo[..]).expect("header");
        assert!(reader.next_event().is_ok());
        let error = reader.next_event().expect_err("truncated");
        assert!(
            matches!(error.kind, crate::demo::DemoErrorKind::Truncated),
            "{error}"
        );
    }
}
