//! Saving so that nothing can be lost: a save either replaces the
//! file completely or leaves it (and its backup) as they were; and the names
//! of the files that go with a level (`F.bak`, `F.autosave`, new levels).

use std::io;
use std::path::{Path, PathBuf};

use crate::platform;

/// The backup of a level file kept by [`save_atomically`]: `F.bak`.
pub fn backup_path(level_path: &Path) -> PathBuf {
    with_suffix(level_path, ".bak")
}

/// The autosave journal of a level file: `F.autosave`.
pub fn autosave_path(level_path: &Path) -> PathBuf {
    with_suffix(level_path, ".autosave")
}

/// Removes the autosave journal of the level file `level_path`; a journal
/// that is not there is no error.
pub fn remove_autosave(level_path: &Path) -> io::Result<()> {
    match platform::remove_file(&autosave_path(level_path)) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// The file name a level without a file is first saved to:
/// `dir/mazewalker-level-N.toml` with the smallest N ≥ 1 that names no file.
pub fn next_free_level_path(dir: &Path) -> PathBuf {
    (1_u64..)
        .map(|number| dir.join(format!("mazewalker-level-{number}.toml")))
        .find(|path| !platform::file_exists(path))
        // `1..` has more numbers than any folder has names.
        .expect("some number is free")
}

/// Whether `F.autosave` exists and is at least as new as the level file
/// `F` (or `F` does not exist): then it may hold edits that were never
/// saved. Whether they apply to `F`'s text is the journal's own check.
pub fn autosave_is_newer(level_path: &Path) -> bool {
    let modified = platform::file_modified;
    let Ok(autosave) = modified(&autosave_path(level_path)) else {
        return false;
    };
    match modified(level_path) {
        Ok(level) => autosave >= level,
        Err(_) => true,
    }
}

/// Replaces the file at `path` with `text`, keeping the previous version as
/// `F.bak` ([`platform::replace_file`] says how: when any step fails,
/// `path` and `F.bak` are as they were, and the error is returned). A
/// `path` that is a symbolic link is followed: its target is replaced.
pub fn save_atomically(path: &Path, text: &str) -> io::Result<()> {
    save_atomically_reporting(path, text, &mut |_| {})
}

/// [`save_atomically`], telling `written` how many bytes are written after
/// each piece it writes (natively a mebibyte; in a page the whole file at
/// once): a progress bar's real progress.
pub fn save_atomically_reporting(
    path: &Path,
    text: &str,
    written: &mut dyn FnMut(usize),
) -> io::Result<()> {
    platform::replace_file(path, text.as_bytes(), Some(&backup_path), written)
}

/// Replaces the file at `path` with `bytes` in one rename, keeping no
/// backup: for the autosave journal, which a save makes obsolete anyway.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    platform::replace_file(path, bytes, None, &mut |_| {})
}

/// `path` with `suffix` appended to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}
