//! When to reload the level and what stays live: the pure part of hot
//! reload, with no window, thread or watcher, so it can be tested by feeding
//! it file events and contents.
//!
//! The rule is all or nothing. A reload reads the level's source again; if
//! the text is unchanged (the program's own save, an editor touching the
//! file) nothing happens; if it fails to read, parse or validate, the running
//! level stays and the error stays on the HUD until a good version arrives
//! (Bevy #7470: a first bad version must not stop later good ones); if it is
//! good, it replaces the running level. Events that arrive while a reload is
//! being built are folded into one more reload once it is done, so a burst
//! of writes costs at most two.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::level::{LevelChoice, LevelError, LevelSource, LoadedLevel, TextureSource};

/// Why a reload was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trigger {
    /// The file watcher saw these paths change (written, renamed, removed
    /// or created).
    Changed(Vec<PathBuf>),
    /// The person pressed F5: reload even if the text is unchanged.
    Manual,
}

/// What a reload has to do, handed to whichever thread loads it.
#[derive(Debug, Clone)]
pub struct ReloadJob {
    choice: LevelChoice,
    /// The text of the live level file, to recognise an unchanged file.
    live_text: Option<Arc<str>>,
    /// Rebuild even when the text is unchanged (F5).
    forced: bool,
}

/// The result of a [`ReloadJob`]'s loading step.
#[derive(Debug)]
pub enum Loaded {
    /// The file holds exactly the live level's text: nothing to do.
    Unchanged,
    /// A valid level, to build and swap in (boxed: a level is large and the
    /// other variants are small).
    Level(Box<LoadedLevel>),
    /// The source could not be read, parsed or validated: the message, as
    /// `mazewalker check` prints it.
    Failed(String),
}

impl ReloadJob {
    /// Reads and validates the level's source (the slow part for a big
    /// maze; call it off the main thread).
    pub fn load(&self) -> Loaded {
        if let (LevelChoice::File(path), Some(live), false) =
            (&self.choice, &self.live_text, self.forced)
            && crate::platform::read_text(path).is_ok_and(|text| *text == **live)
        {
            return Loaded::Unchanged;
        }
        match self.choice.load() {
            Ok(level) => Loaded::Level(Box::new(level)),
            Err(error) => Loaded::Failed(error_report(&error)),
        }
    }
}

/// A level error as `mazewalker check` prints it.
pub fn error_report(error: &LevelError) -> String {
    format!("error: {error}")
}

/// The reload state of the running level: which files matter, whether a
/// reload is due or under way, and the error on screen.
#[derive(Debug)]
pub struct Reloader {
    choice: LevelChoice,
    watched: Vec<PathBuf>,
    live_text: Option<Arc<str>>,
    due: bool,
    forced: bool,
    in_flight: bool,
    error: Option<String>,
}

impl Reloader {
    /// The reload state of a level just loaded from `source`.
    pub fn new(source: &LevelSource, textures: Vec<PathBuf>) -> Self {
        let mut reloader = Self {
            choice: LevelChoice::from(source),
            watched: Vec::new(),
            live_text: None,
            due: false,
            forced: false,
            in_flight: false,
            error: None,
        };
        reloader.adopt(source, textures);
        reloader
    }

    /// The files whose change triggers a reload: the level file and the
    /// image files its materials use, or a WAD map's WAD (none for the
    /// house or a maze).
    pub fn watched_files(&self) -> &[PathBuf] {
        &self.watched
    }

    /// The error on screen, if the latest reload failed.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Whether a reload is being loaded or built.
    pub fn in_flight(&self) -> bool {
        self.in_flight
    }

    /// Takes note of a trigger; changes to files that do not matter are
    /// ignored.
    pub fn notice(&mut self, trigger: &Trigger) {
        match trigger {
            Trigger::Manual => {
                self.due = true;
                self.forced = true;
            }
            Trigger::Changed(paths) => {
                if paths.iter().any(|path| self.matters(path)) {
                    self.due = true;
                }
            }
        }
    }

    /// The reload to run now, if one is due and none is under way.
    pub fn start(&mut self) -> Option<ReloadJob> {
        if !self.due || self.in_flight {
            return None;
        }
        self.due = false;
        self.in_flight = true;
        Some(ReloadJob {
            choice: self.choice.clone(),
            live_text: self.live_text.clone(),
            forced: std::mem::take(&mut self.forced),
        })
    }

    /// A reload failed (reading, validating or building): the running level
    /// stays, and `message` shows until a good version arrives.
    pub fn failed(&mut self, message: String) {
        self.in_flight = false;
        self.error = Some(message);
    }

    /// The reloaded file holds the live level's text: nothing is rebuilt,
    /// and an error from a broken version in between is cleared (the file
    /// is good again).
    pub fn unchanged(&mut self) {
        self.in_flight = false;
        self.error = None;
    }

    /// A reload succeeded and its level is now live, with `textures` its
    /// image files.
    pub fn succeeded(&mut self, source: &LevelSource, textures: Vec<PathBuf>) {
        self.in_flight = false;
        self.error = None;
        self.adopt(source, textures);
    }

    /// The live level changed in the program (an edit, a save): reloads
    /// compare the file with `source`'s text from now on, so the program's
    /// own save reads as unchanged. A reload under way goes on.
    pub fn follow(&mut self, source: &LevelSource, textures: Vec<PathBuf>) {
        self.adopt(source, textures);
    }

    fn adopt(&mut self, source: &LevelSource, textures: Vec<PathBuf>) {
        self.live_text = source.file_text().cloned();
        self.watched = match source {
            LevelSource::File { path, .. } => std::iter::once(path.clone())
                .chain(textures)
                .map(|path| absolute(&path))
                .collect(),
            LevelSource::Wad { wad, .. } => vec![absolute(wad)],
            LevelSource::DefaultHouse | LevelSource::Maze { .. } => Vec::new(),
        };
    }

    fn matters(&self, path: &Path) -> bool {
        let path = absolute(path);
        self.watched.contains(&path)
    }
}

/// The image files a level's materials read.
pub fn texture_files(level: &crate::level::Level) -> Vec<PathBuf> {
    level
        .materials
        .iter()
        .filter_map(|material| match &material.texture {
            TextureSource::File(path) => Some(path.clone()),
            TextureSource::Builtin(_) | TextureSource::InMemory { .. } => None,
        })
        .collect()
}

/// `path` made absolute against the working directory, with its folder
/// resolved through symbolic links when it exists, so that a watcher's
/// event path and a level's path compare equal.
pub fn absolute(path: &Path) -> PathBuf {
    let joined = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (joined.parent(), joined.file_name()) {
        (Some(folder), Some(name)) => folder
            .canonicalize()
            .map_or_else(|_| joined.clone(), |folder| folder.join(name)),
        _ => joined,
    }
}
