//! Writing files so that nothing can be lost: a save either replaces the
//! file completely or leaves it (and its backup) as they were; and the names
//! of the files that go with a level (`F.bak`, `F.autosave`, new levels).

use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::TempPath;

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
    match fs::remove_file(autosave_path(level_path)) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// The file name a level without a file is first saved to:
/// `dir/mazewalker-level-N.toml` with the smallest N ≥ 1 that names no file.
pub fn next_free_level_path(dir: &Path) -> PathBuf {
    (1_u64..)
        .map(|number| dir.join(format!("mazewalker-level-{number}.toml")))
        .find(|path| fs::symlink_metadata(path).is_err())
        // `1..` has more numbers than any folder has names.
        .expect("some number is free")
}

/// Whether `F.autosave` exists and is at least as new as the level file
/// `F` (or `F` does not exist): then it may hold edits that were never
/// saved. Whether they apply to `F`'s text is the journal's own check.
pub fn autosave_is_newer(level_path: &Path) -> bool {
    let modified = |path: &Path| fs::metadata(path).and_then(|meta| meta.modified());
    let Ok(autosave) = modified(&autosave_path(level_path)) else {
        return false;
    };
    match modified(level_path) {
        Ok(level) => autosave >= level,
        Err(_) => true,
    }
}

/// Replaces the file at `path` with `text`, keeping the previous version as
/// `F.bak`. In order:
/// 1. write a temporary file in the same folder and fsync it;
/// 2. hard-link the current file as a second temporary name (a copy where
///    links are not possible), so the previous version stays reachable;
/// 3. rename the new file over `path`;
/// 4. rename the kept version over `F.bak`;
/// 5. fsync the folder (where that fails, the save stands and a warning is
///    logged).
///
/// When any step fails, what was done is undone (the previous version is
/// renamed back if step 4 fails), `path` and `F.bak` are as they were, and
/// the error is returned. A `path` that is a symbolic link is followed: its
/// target is replaced.
pub fn save_atomically(path: &Path, text: &str) -> io::Result<()> {
    save_atomically_reporting(path, text, &mut |_| {})
}

/// [`save_atomically`], telling `written` how many bytes of the temporary
/// file are written after each piece it writes (`WRITE_PIECE` bytes): a
/// progress bar's real progress.
pub fn save_atomically_reporting(
    path: &Path,
    text: &str,
    written: &mut dyn FnMut(usize),
) -> io::Result<()> {
    let path = resolve_link(path)?;
    let folder = folder_of(&path);
    let written = write_temporary(&path, &folder, text.as_bytes(), written)?;
    replace_keeping_backup(written, &path, &folder)?;
    sync_folder(&folder);
    Ok(())
}

/// Replaces the file at `path` with `bytes` in one rename (temporary file in
/// the same folder, fsync, rename, fsync of the folder), keeping no backup:
/// for the autosave journal, which a save makes obsolete anyway.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let folder = folder_of(path);
    write_temporary(path, &folder, bytes, &mut |_| {})?.persist(path)?;
    sync_folder(&folder);
    Ok(())
}

/// Steps 2 to 4 of [`save_atomically`], with `written` already on disk.
/// The temporary files remove themselves when dropped, so every early
/// return leaves none behind.
fn replace_keeping_backup(written: TempPath, path: &Path, folder: &Path) -> io::Result<()> {
    let previous = match fs::symlink_metadata(path) {
        Ok(_) => keep_previous(path, folder)?,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            written.persist(path)?;
            return Ok(());
        }
        Err(error) => return Err(error),
    };
    // The new file keeps the permissions of the one it replaces.
    if let Ok(meta) = fs::metadata(path) {
        let _ = fs::set_permissions(&written, meta.permissions());
    }
    written.persist(path)?;
    if let Err(failed) = previous.persist(backup_path(path)) {
        // Put the previous version back: the save as a whole failed. Should
        // even that fail, the previous version stays under its temporary
        // name rather than be removed.
        if let Err(stuck) = failed.path.persist(path) {
            let _ = stuck.path.keep();
        }
        return Err(failed.error);
    }
    Ok(())
}

/// A second name for the current file at `path` (a hard link, or a synced
/// copy where the file system has no links), in `folder`.
fn keep_previous(path: &Path, folder: &Path) -> io::Result<TempPath> {
    let prefix = temporary_prefix(path);
    let mut names = tempfile::Builder::new();
    names.prefix(&prefix).suffix(".bak");
    let kept = names.make_in(folder, |name| match fs::hard_link(path, name) {
        // Taken: `make_in` tries another name.
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => Err(error),
        Err(link_error) => {
            if !fs::metadata(path)?.is_file() {
                return Err(link_error);
            }
            copy_synced(path, name)
        }
        Ok(()) => Ok(()),
    })?;
    Ok(kept.into_temp_path())
}

/// Copies `from` to the new file `to` and fsyncs it.
fn copy_synced(from: &Path, to: &Path) -> io::Result<()> {
    let result = (|| {
        let mut target = File::create_new(to)?;
        io::copy(&mut File::open(from)?, &mut target)?;
        target.sync_all()
    })();
    if result.is_err() {
        let _ = fs::remove_file(to);
    }
    result
}

/// How many bytes a save writes between two progress reports: small enough
/// for a bar to move, large enough to cost nothing beside the writing.
pub const WRITE_PIECE: usize = 1 << 20;

/// Writes `bytes` to a new temporary file beside `path`, fsyncs it and
/// closes it (Windows cannot rename a file held open without sharing). The file is made as
/// `File::create_new` makes files, with its mode from the umask as a file
/// saved without a temporary one would have (not tempfile's owner-only
/// mode), and a failure to make it is the system's own error, without
/// tempfile's "at path" added.
/// `progress` hears of the bytes written after each piece.
fn write_temporary(
    path: &Path,
    folder: &Path,
    bytes: &[u8],
    progress: &mut dyn FnMut(usize),
) -> io::Result<TempPath> {
    let mut written = tempfile::Builder::new()
        .prefix(&temporary_prefix(path))
        .suffix(".tmp")
        .make_in(folder, |name| File::create_new(name))?;
    let mut count = 0;
    for piece in bytes.chunks(WRITE_PIECE) {
        written.as_file_mut().write_all(piece)?;
        count += piece.len();
        progress(count);
    }
    written.as_file().sync_all()?;
    Ok(written.into_temp_path())
}

/// `.F.`: the start of the names of the temporary files beside the file
/// `path`, which tempfile completes with random letters and a kind, as in
/// `.F.x7Qa2b.tmp`: hidden, and in the same folder as `path` so that the
/// renames are atomic.
fn temporary_prefix(path: &Path) -> OsString {
    let mut prefix = OsString::from(".");
    prefix.push(path.file_name().unwrap_or_else(|| OsStr::new("level")));
    prefix.push(".");
    prefix
}

/// The folder holding `path` (`.` for a bare file name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// `path`, or the file it links to when it is a symbolic link.
fn resolve_link(path: &Path) -> io::Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => fs::canonicalize(path),
        _ => Ok(path.to_path_buf()),
    }
}

/// Makes the renames in `folder` durable, where the system allows it. The
/// rename has happened by then, so a failure here is logged, not returned:
/// the save did replace the file.
fn sync_folder(folder: &Path) {
    #[cfg(unix)]
    if let Err(error) = File::open(folder).and_then(|opened| opened.sync_all()) {
        log::warn!("cannot fsync the folder {}: {error}", folder.display());
    }
    #[cfg(not(unix))]
    let _ = folder;
}

/// `path` with `suffix` appended to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}
