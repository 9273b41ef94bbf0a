//! Demos in the session: recording every tick's input (`--record FILE`), or
//! playing a recorded walk (`mazewalker play FILE`) with pause, single steps
//! and speed (the playback context's keys).

use std::io::{BufReader, BufWriter};
use std::path::Path;

use anyhow::Context as _;

use crate::app::events::{Events, LevelCause};
use crate::app::part::{DemoStart, Lifecycle, Part, Shows, TakesInput, Ticks};
use crate::app::world::World;
use crate::bindings::{Action, Context};
use crate::collision::Collider;
use crate::demo::{DemoHeader, DemoReader, DemoRecorder, TickPlayed, play_tick};
use crate::level::LevelChoice;
use crate::platform::{self, NewFile, OpenFile};
use crate::simulation::Simulation;
use crate::walker::TickInput;

/// Playback speeds the faster and slower keys step through.
const SPEEDS: [f64; 7] = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0];
/// Index of 1× in [`SPEEDS`].
const NORMAL_SPEED: usize = 3;

/// What the session does with demos.
#[derive(Debug, Default)]
pub enum Playback {
    /// Neither recording nor playing.
    #[default]
    Off,
    /// Writing each tick to a demo file.
    Recording {
        /// The writer.
        recorder: DemoRecorder<BufWriter<NewFile>>,
        /// The file, for messages.
        path: std::path::PathBuf,
    },
    /// Playing a demo instead of reading the keyboard and mouse.
    Playing(Box<DemoPlaying>),
}

/// A demo playing.
#[derive(Debug)]
pub struct DemoPlaying {
    reader: DemoReader<BufReader<OpenFile>>,
    paused: bool,
    step_once: bool,
    speed: usize,
    ended: Option<String>,
}

impl Playback {
    /// Starts recording into `path` from the walker's pose now, on the
    /// level loaded from `source`.
    fn record(&mut self, path: &Path, source: LevelChoice, world: &World) -> anyhow::Result<()> {
        let header =
            DemoHeader::for_recording(source, world.live.level(), &world.simulation.walker);
        let file = platform::create_file(path)
            .with_context(|| format!("cannot create demo {}", path.display()))?;
        let recorder = DemoRecorder::new(BufWriter::new(file), &header)
            .with_context(|| format!("cannot write demo {}", path.display()))?;
        *self = Playback::Recording {
            recorder,
            path: path.to_owned(),
        };
        Ok(())
    }

    /// Plays the demo `reader` stands in, from its first tick.
    fn play(&mut self, reader: DemoReader<BufReader<OpenFile>>) {
        *self = Playback::Playing(Box::new(DemoPlaying {
            reader,
            paused: false,
            step_once: false,
            speed: NORMAL_SPEED,
            ended: None,
        }));
    }
}

impl DemoPlaying {
    /// Plays one tick, unless the demo has ended.
    fn play(&mut self, simulation: &mut Simulation, collider: &Collider) {
        if self.ended.is_some() {
            return;
        }
        match play_tick(&mut self.reader, simulation, collider) {
            Ok(TickPlayed::Ticked) => {}
            Ok(TickPlayed::Ended) => {
                let ticks = self.reader.ticks();
                self.ended = Some(format!("demo finished after {ticks} ticks"));
            }
            Ok(TickPlayed::Desync(desync)) => {
                log::error!("{desync}");
                self.ended = Some(desync.to_string());
            }
            Err(error) => {
                log::error!("{error}");
                self.ended = Some(format!("error: {error}"));
            }
        }
    }

    /// The HUD line: tick, speed, paused, or how it ended.
    fn status(&self) -> String {
        let state = match (&self.ended, self.paused) {
            (Some(ended), _) => ended.clone(),
            (None, true) => "paused (Space plays, . steps)".to_owned(),
            (None, false) => "playing (Space pauses, + - speed)".to_owned(),
        };
        format!(
            "demo tick {}  x{}  {state}",
            self.reader.ticks(),
            SPEEDS[self.speed]
        )
    }
}

/// Demos take the playback keys, set the ticks' pace and drive them, show
/// their HUD line, and follow the session's life: starting, the level
/// changing, finishing the recording.
impl Part for Playback {
    fn context(&self, _world: &World) -> Option<Context> {
        matches!(self, Playback::Playing(_)).then_some(Context::Playback)
    }

    fn input(&mut self) -> Option<&mut dyn TakesInput> {
        Some(self)
    }

    fn ticks(&mut self) -> Option<&mut dyn Ticks> {
        Some(self)
    }

    fn shows(&mut self) -> Option<&mut dyn Shows> {
        Some(self)
    }

    fn lifecycle(&mut self) -> Option<&mut dyn Lifecycle> {
        Some(self)
    }
}

impl TakesInput for Playback {
    fn act(&mut self, action: Action, world: &mut World, _events: &mut Events) -> bool {
        let Playback::Playing(playing) = self else {
            return false;
        };
        match action {
            Action::PausePlayback => playing.paused = !playing.paused,
            Action::StepPlayback => playing.step_once = playing.paused,
            Action::FasterPlayback => playing.speed = (playing.speed + 1).min(SPEEDS.len() - 1),
            Action::SlowerPlayback => playing.speed = playing.speed.saturating_sub(1),
            Action::ToggleEdit => world.notice("no edit mode while a demo plays"),
            _ => return false,
        }
        true
    }
}

impl Ticks for Playback {
    /// Scaled by the playback speed, none while paused.
    fn pace(&self, seconds: f64) -> Option<f64> {
        match self {
            Playback::Playing(playing) if playing.paused => Some(0.0),
            Playback::Playing(playing) => Some(seconds * SPEEDS[playing.speed]),
            _ => None,
        }
    }

    /// One tick if a single step was asked for while paused (once).
    fn extra_ticks(&mut self) -> u32 {
        match self {
            Playback::Playing(playing) => u32::from(std::mem::take(&mut playing.step_once)),
            _ => 0,
        }
    }

    /// Plays one tick of the demo on the walker, if one is playing; at the
    /// end of the demo, or at a desync, playback stops and says why.
    fn drive_tick(&mut self, world: &mut World) -> bool {
        let Playback::Playing(playing) = self else {
            return false;
        };
        playing.play(&mut world.simulation, world.live.walking_collider());
        true
    }

    /// Writes the tick's `input` and the walker after it, while recording.
    /// A write error stops the recording and says so.
    fn tick(&mut self, input: Option<&TickInput>, world: &mut World) {
        let (Playback::Recording { recorder, path }, Some(input)) = (&mut *self, input) else {
            return;
        };
        if let Err(error) = recorder.record(input, &world.simulation) {
            let message = format!("recording {} stopped: {error}", path.display());
            log::error!("{message}");
            world.notice(message);
            *self = Playback::Off;
        }
    }
}

impl Shows for Playback {
    fn hud(&self, _world: &World, lines: &mut Vec<String>) {
        match self {
            Playback::Playing(playing) => lines.push(playing.status()),
            Playback::Recording { .. } => lines.push("recording".to_owned()),
            Playback::Off => {}
        }
    }
}

impl Lifecycle for Playback {
    fn start_demo(
        &mut self,
        start: &mut Option<DemoStart>,
        world: &mut World,
    ) -> anyhow::Result<()> {
        match start.take() {
            Some(DemoStart::Record { path, source }) => self.record(&path, source, world)?,
            Some(DemoStart::Play(reader)) => {
                self.play(reader);
                world.demo_playing = true;
            }
            None => {}
        }
        Ok(())
    }

    /// A save changes no shape; any other change may desync a recording.
    fn level_changed(&mut self, _old: &Collider, cause: &LevelCause, world: &mut World) {
        if !cause.reshapes() {
            return;
        }
        if let Playback::Recording { path, .. } = self {
            let message = format!(
                "the level changed while recording {}: playback may desync where the versions differ",
                path.display()
            );
            log::warn!("{message}");
            world.notice(message);
        }
    }

    /// Finishes a recording (its last pose and the end line).
    fn finish(&mut self, world: &mut World, _events: &mut Events) -> anyhow::Result<()> {
        if let Playback::Recording { recorder, path } = std::mem::take(self) {
            recorder
                .finish(&world.simulation)
                .with_context(|| format!("cannot write demo {}", path.display()))?;
        }
        Ok(())
    }
}
