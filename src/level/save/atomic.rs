//! Writing files so that nothing can be lost: a save either replaces the
//! file completely or leaves it (and its backup) as they were; and the names
//! of the files that go with a level (`F.bak`, `F.autosave`, new levels).

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

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
    let path = resolve_link(path)?;
    let folder = folder_of(&path);
    let written = write_temporary(&path, &folder, text.as_bytes())?;
    let result = replace_keeping_backup(&written, &path, &folder);
    if result.is_err() {
        let _ = fs::remove_file(&written);
    }
    result?;
    sync_folder(&folder);
    Ok(())
}

/// Replaces the file at `path` with `bytes` in one rename (temporary file in
/// the same folder, fsync, rename, fsync of the folder), keeping no backup:
/// for the autosave journal, which a save makes obsolete anyway.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let folder = folder_of(path);
    let written = write_temporary(path, &folder, bytes)?;
    if let Err(error) = fs::rename(&written, path) {
        let _ = fs::remove_file(&written);
        return Err(error);
    }
    sync_folder(&folder);
    Ok(())
}

/// Steps 2 to 4 of [`save_atomically`], with `written` already on disk.
fn replace_keeping_backup(written: &Path, path: &Path, folder: &Path) -> io::Result<()> {
    let previous = match fs::symlink_metadata(path) {
        Ok(_) => Some(keep_previous(path, folder)?),
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return Err(error),
    };
    if let Some(previous) = &previous {
        // The new file keeps the permissions of the one it replaces.
        if let Ok(meta) = fs::metadata(path) {
            let _ = fs::set_permissions(written, meta.permissions());
        }
        if let Err(error) = fs::rename(written, path) {
            let _ = fs::remove_file(previous);
            return Err(error);
        }
        if let Err(error) = fs::rename(previous, backup_path(path)) {
            // Put the previous version back: the save as a whole failed.
            let _ = fs::rename(previous, path);
            return Err(error);
        }
        Ok(())
    } else {
        fs::rename(written, path)
    }
}

/// A second name for the current file at `path` (a hard link, or a synced
/// copy where the file system has no links), in `folder`.
fn keep_previous(path: &Path, folder: &Path) -> io::Result<PathBuf> {
    let mut last_error = None;
    for _ in 0..100 {
        let name = temporary_name(path, folder, "bak");
        match fs::hard_link(path, &name) {
            Ok(()) => return Ok(name),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last_error = Some(error),
            Err(link_error) => {
                if !fs::metadata(path)?.is_file() {
                    return Err(link_error);
                }
                return copy_synced(path, &name).map(|()| name);
            }
        }
    }
    Err(last_error.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

/// Copies `from` to the new file `to` and fsyncs it.
fn copy_synced(from: &Path, to: &Path) -> io::Result<()> {
    let result = (|| {
        let mut target = File::options().write(true).create_new(true).open(to)?;
        io::copy(&mut File::open(from)?, &mut target)?;
        target.sync_all()
    })();
    if result.is_err() {
        let _ = fs::remove_file(to);
    }
    result
}

/// Writes `bytes` to a new temporary file beside `path` and fsyncs it.
fn write_temporary(path: &Path, folder: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    let mut last_error = None;
    for _ in 0..100 {
        let name = temporary_name(path, folder, "tmp");
        let mut file = match File::options().write(true).create_new(true).open(&name) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
                last_error = Some(error);
                continue;
            }
            Err(error) => return Err(error),
        };
        let written = file.write_all(bytes).and_then(|()| file.sync_all());
        return match written {
            Ok(()) => Ok(name),
            Err(error) => {
                let _ = fs::remove_file(&name);
                Err(error)
            }
        };
    }
    Err(last_error.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

/// `.F.<pid>.<counter>.<kind>` in `folder`: hidden, unique to this process
/// and call, and on the same file system as `path` so renames are atomic.
fn temporary_name(path: &Path, folder: &Path, kind: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let counter = COUNTER.fetch_add(1, Ordering::Relaxed);
    let stamp = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos());
    let name = path
        .file_name()
        .map_or_else(|| "level".into(), |name| name.to_string_lossy());
    folder.join(format!(
        ".{name}.{}.{counter}.{stamp}.{kind}",
        std::process::id()
    ))
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
