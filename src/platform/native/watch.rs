//! The file watcher behind hot reload: `notify` with its full debouncer,
//! watching the folders that hold the level file and its images rather than
//! the files themselves, so that a save by rename (vim, most IDEs) or a
//! delete and re-create is seen (notify-rs/notify#247).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

use notify_debouncer_full::notify::{EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};

use crate::platform::DEBOUNCE;

/// Watches folders and delivers the paths that changed in them.
pub struct FolderWatcher {
    debouncer: Debouncer<RecommendedWatcher, RecommendedCache>,
    folders: Vec<PathBuf>,
    changed: Receiver<Vec<PathBuf>>,
}

impl std::fmt::Debug for FolderWatcher {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("FolderWatcher")
            .field("folders", &self.folders)
            .finish_non_exhaustive()
    }
}

impl FolderWatcher {
    /// A watcher watching nothing yet.
    pub fn new() -> anyhow::Result<Self> {
        let (sender, changed) = channel();
        let debouncer = new_debouncer(DEBOUNCE, None, move |result| forward(&sender, result))?;
        Ok(Self {
            debouncer,
            folders: Vec::new(),
            changed,
        })
    }

    /// Watches the folders that hold `files` (and stops watching any other).
    /// A folder that cannot be watched is logged and skipped: the level then
    /// still reloads with F5.
    pub fn watch_files(&mut self, files: &[PathBuf]) {
        let mut folders: Vec<PathBuf> = files
            .iter()
            .filter_map(|file| file.parent().map(Path::to_path_buf))
            .collect();
        folders.sort();
        folders.dedup();
        for old in &self.folders {
            if !folders.contains(old)
                && let Err(error) = self.debouncer.unwatch(old)
            {
                log::debug!("cannot stop watching {}: {error}", old.display());
            }
        }
        for folder in &folders {
            if self.folders.contains(folder) {
                continue;
            }
            match self.debouncer.watch(folder, RecursiveMode::NonRecursive) {
                Ok(()) => log::info!("watching {}", folder.display()),
                Err(error) => log::warn!("cannot watch {}: {error}", folder.display()),
            }
        }
        self.folders = folders;
    }

    /// Every path reported changed since the last call.
    pub fn changed_paths(&self) -> Vec<PathBuf> {
        self.changed.try_iter().flatten().collect()
    }
}

/// Sends the paths of a debounced batch of events to the application.
fn forward(sender: &Sender<Vec<PathBuf>>, result: DebounceEventResult) {
    match result {
        Ok(events) => {
            // Reading a file is an event too (inotify's open and close):
            // without this filter every reload would trigger the next.
            let paths: Vec<PathBuf> = events
                .into_iter()
                .filter(|event| !matches!(event.kind, EventKind::Access(_)))
                .flat_map(|event| event.event.paths)
                .collect();
            if !paths.is_empty() {
                // The application may be gone (closing): nothing to tell.
                let _ = sender.send(paths);
            }
        }
        Err(errors) => {
            for error in errors {
                log::warn!("file watcher: {error}");
            }
        }
    }
}
