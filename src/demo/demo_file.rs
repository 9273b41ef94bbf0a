//! A demo file opened for playback on its level (or on another level named
//! on the command line), and `mazewalker play FILE --headless`.

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context as _;

use crate::collision::Collider;
use crate::level::{Level, LevelChoice};
use crate::platform::{self, OpenFile};
use crate::simulation::Simulation;
use crate::walker::Pose;

use super::fields::exact;
use super::header::DemoHeader;
use super::player::{Played, play};
use super::reader::DemoReader;

/// A demo whose header has been read, and the level it will play on.
#[derive(Debug)]
pub struct OpenedDemo {
    /// The demo file, for messages.
    pub path: PathBuf,
    /// The demo's header.
    pub header: DemoHeader,
    /// The reader, standing before the first tick.
    pub reader: DemoReader<BufReader<OpenFile>>,
    /// The level to play on: the recorded one, or the override (shared
    /// with the renderer's scene).
    pub level: Arc<Level>,
    /// Warnings to show: the level's own, and a level that differs from
    /// the recorded one (naming both hashes).
    pub warnings: Vec<String>,
}

/// A demo file whose header has been read, and the level it will play on,
/// not loaded yet: reading the header is quick, and the window names the
/// level on its progress bar while a worker loads it.
#[derive(Debug)]
pub struct DemoFile {
    /// The demo file, for messages.
    path: PathBuf,
    /// The demo's header.
    header: DemoHeader,
    /// The reader, standing before the first tick.
    reader: DemoReader<BufReader<OpenFile>>,
    /// The level to play on: the recorded one, or the override.
    level: LevelChoice,
}

impl DemoFile {
    /// Opens the demo at `path` and reads its header; it will play on its
    /// recorded level, or on `level` when given (to try an old route on an
    /// edited level).
    pub fn open(path: &Path, level: Option<LevelChoice>) -> anyhow::Result<Self> {
        let file = platform::open_file(path)
            .with_context(|| format!("cannot open demo {}", path.display()))?;
        let (reader, header) =
            DemoReader::new(BufReader::new(file)).with_context(|| path.display().to_string())?;
        let level = level.unwrap_or_else(|| header.level.clone());
        Ok(Self {
            path: path.to_path_buf(),
            header,
            reader,
            level,
        })
    }

    /// The level the demo will play on.
    pub fn level(&self) -> &LevelChoice {
        &self.level
    }

    /// Loads the demo's level, telling `done` how far the load has got,
    /// from 0 to 1 ([`LevelChoice::load_reporting`]). A relative `file`
    /// level in the demo is read from the current folder.
    pub fn load_reporting(self, done: &mut dyn FnMut(f32)) -> anyhow::Result<OpenedDemo> {
        let loaded = self.level.load_reporting(done)?;
        let mut warnings: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
        warnings.extend(self.header.level_mismatch(&loaded.level));
        Ok(OpenedDemo {
            path: self.path,
            header: self.header,
            reader: self.reader,
            level: Arc::new(loaded.level),
            warnings,
        })
    }
}

impl OpenedDemo {
    /// Opens the demo at `path`, reads its header and loads its level, or
    /// `level` instead when given ([`DemoFile`]).
    pub fn open(path: &Path, level: Option<LevelChoice>) -> anyhow::Result<Self> {
        DemoFile::open(path, level)?.load_reporting(&mut |_| {})
    }

    /// Plays the demo without a window. With `trace`, writes `T X Z YAW`
    /// after every tick T; then writes the final `X Z YAW`, or the desync
    /// line (`desync at tick T: recorded X Z, replayed X' Z'`) at the first
    /// check that does not match. Numbers are exact (round-trip).
    pub fn run_headless(self, trace: bool, out: &mut impl Write) -> anyhow::Result<Played> {
        self.run_headless_watched(trace, out, |_, _, _| {})
    }

    /// [`run_headless`](Self::run_headless), telling `watch` after each
    /// tick the simulation, the level and the collider the walker moves
    /// through (what `--sound-out` hears).
    pub fn run_headless_watched(
        mut self,
        trace: bool,
        out: &mut impl Write,
        mut watch: impl FnMut(&Simulation, &Level, &Collider),
    ) -> anyhow::Result<Played> {
        let collider = self
            .level
            .walking_collider(&Arc::new(self.level.collider()));
        let mut simulation = self.header.simulation(&self.level);
        let path = self.path.display().to_string();
        let level = &self.level;
        let played = play(
            &mut self.reader,
            &mut simulation,
            &collider,
            |tick, simulation| -> anyhow::Result<()> {
                watch(simulation, level, &collider);
                if trace {
                    writeln!(out, "{tick} {}", x_z_yaw(&simulation.walker.pose()))?;
                }
                Ok(())
            },
        )
        .context(path)?;
        match &played {
            Played::Finished { pose, .. } => writeln!(out, "{}", x_z_yaw(pose))?,
            Played::Desync(desync) => writeln!(out, "{desync}")?,
        }
        out.flush()?;
        Ok(played)
    }
}

/// `X Z YAW`, exact.
fn x_z_yaw(pose: &Pose) -> String {
    format!(
        "{} {} {}",
        exact(pose.position.x),
        exact(pose.position.y),
        exact(pose.yaw)
    )
}
