//! Which level to walk: the embedded house, a level file, a generated maze,
//! or a map of a Doom WAD. Every command that takes a level (`--level PATH
//! | --maze WxH [--seed N] | --wad WAD --map MAP`) resolves it through
//! here, so they all accept the same things.

use std::path::PathBuf;

use super::diagnostics::LevelError;
use super::model::{Level, LevelSource, LoadedLevel};

/// A level named on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LevelChoice {
    /// The house embedded in the binary.
    DefaultHouse,
    /// A level file (TOML).
    File(PathBuf),
    /// A generated perfect maze of `width` × `height` cells.
    Maze {
        /// Cells along x.
        width: u32,
        /// Cells along z.
        height: u32,
        /// Random seed; the same seed always gives the same maze.
        seed: u64,
    },
    /// A map of a Doom WAD, imported in memory (no file is written).
    Wad {
        /// The WAD file.
        wad: PathBuf,
        /// The map's marker name, e.g. `E1M1` or `MAP01` (any case).
        map: String,
    },
}

impl LevelChoice {
    /// Loads and validates the chosen level.
    pub fn load(&self) -> Result<LoadedLevel, LevelError> {
        self.load_reporting(&mut |_| {})
    }

    /// [`load`](Self::load), telling `done` how far it has got, from 0 to 1:
    /// the share of a level file's bytes read, or of a maze's cells carved
    /// (a big one takes a while; the house and a WAD's map report nothing).
    pub fn load_reporting(&self, done: &mut dyn FnMut(f32)) -> Result<LoadedLevel, LevelError> {
        match self {
            LevelChoice::DefaultHouse => Ok(LoadedLevel {
                level: Level::default_house(),
                warnings: Vec::new(),
            }),
            LevelChoice::File(path) => {
                let size = crate::platform::file_size(path).unwrap_or(0);
                Level::load_reporting(path, &mut |bytes| {
                    if size > 0 {
                        done(bytes as f32 / size as f32);
                    }
                })
            }
            LevelChoice::Maze {
                width,
                height,
                seed,
            } => Ok(LoadedLevel {
                level: Level::maze_reporting(*width, *height, *seed, done)?,
                warnings: Vec::new(),
            }),
            LevelChoice::Wad { wad, map } => super::wad::import::load_map(wad, map),
        }
    }
}

impl From<&LevelSource> for LevelChoice {
    /// How to load a level again from where it came.
    fn from(source: &LevelSource) -> Self {
        match source {
            LevelSource::DefaultHouse => LevelChoice::DefaultHouse,
            LevelSource::File { path, .. } => LevelChoice::File(path.clone()),
            LevelSource::Maze {
                width,
                height,
                seed,
            } => LevelChoice::Maze {
                width: *width,
                height: *height,
                seed: *seed,
            },
            LevelSource::Wad { wad, map, .. } => LevelChoice::Wad {
                wad: wad.clone(),
                map: map.clone(),
            },
        }
    }
}
