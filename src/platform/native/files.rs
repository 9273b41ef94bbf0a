//! Files on disk, written so that nothing can be lost: a replacement either
//! puts the whole new file in place or leaves the old one (and its backup)
//! as they were.

use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use tempfile::TempPath;

/// Whether anything (a file, a folder, a link) has the name `path`.
pub fn file_exists(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// When the file at `path` was last written.
pub fn file_modified(path: &Path) -> io::Result<SystemTime> {
    fs::metadata(path).and_then(|meta| meta.modified())
}

/// The length of the file at `path`, in bytes.
pub fn file_size(path: &Path) -> io::Result<u64> {
    fs::metadata(path).map(|meta| meta.len())
}

/// Removes the file at `path`.
pub fn remove_file(path: &Path) -> io::Result<()> {
    fs::remove_file(path)
}

/// Makes the folder `path` and the folders above it that are missing.
pub fn create_folder(path: &Path) -> io::Result<()> {
    fs::create_dir_all(path)
}

/// Renames the file at `from` to `to`, replacing any file there.
pub fn rename_file(from: &Path, to: &Path) -> io::Result<()> {
    fs::rename(from, to)
}

/// A file made by [`create_file`], for writing.
pub type NewFile = File;

/// Makes (or empties) the file at `path` for writing.
pub fn create_file(path: &Path) -> io::Result<NewFile> {
    File::create(path)
}

/// Writes `bytes` as the new file `path`: fails with
/// [`io::ErrorKind::AlreadyExists`] when the name is taken, so that an
/// earlier file is never overwritten, even by another program taking the
/// same name at once.
pub fn write_new_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = File::options().write(true).create_new(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

/// Replaces the file at `path` with `bytes`. With `backup_of`, the previous
/// version is kept as `backup_of(path)`. In order:
/// 1. write a temporary file in the same folder and fsync it;
/// 2. hard-link the current file as a second temporary name (a copy where
///    links are not possible), so the previous version stays reachable;
/// 3. rename the new file over `path`;
/// 4. rename the kept version over the backup;
/// 5. fsync the folder (where that fails, the replacement stands and a
///    warning is logged).
///
/// Without `backup_of`, steps 2 and 4 are left out. When any step fails,
/// what was done is undone (the previous version is renamed back if step 4
/// fails), `path` and the backup are as they were, and the error is
/// returned. A `path` that is a symbolic link is followed: its target is
/// replaced. `written` hears how many bytes of the temporary file are
/// written after each piece ([`WRITE_PIECE`] bytes): a progress bar's real
/// progress.
pub fn replace_file(
    path: &Path,
    bytes: &[u8],
    backup_of: Option<&dyn Fn(&Path) -> PathBuf>,
    written: &mut dyn FnMut(usize),
) -> io::Result<()> {
    let path = resolve_link(path)?;
    let folder = folder_of(&path);
    let new = write_temporary(&path, &folder, bytes, written)?;
    match backup_of {
        Some(backup_of) => replace_keeping_backup(new, &path, &backup_of(&path), &folder)?,
        None => new.persist(&path).map_err(|failed| failed.error)?,
    }
    sync_folder(&folder);
    Ok(())
}

/// Steps 2 to 4 of [`replace_file`], with `written` already on disk.
/// The temporary files remove themselves when dropped, so every early
/// return leaves none behind.
fn replace_keeping_backup(
    written: TempPath,
    path: &Path,
    backup: &Path,
    folder: &Path,
) -> io::Result<()> {
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
    if let Err(failed) = previous.persist(backup) {
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

/// How many bytes [`replace_file`] writes between two progress reports:
/// small enough for a bar to move, large enough to cost nothing beside the
/// writing.
const WRITE_PIECE: usize = 1 << 20;

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
/// the replacement did happen.
fn sync_folder(folder: &Path) {
    #[cfg(unix)]
    if let Err(error) = File::open(folder).and_then(|opened| opened.sync_all()) {
        log::warn!("cannot fsync the folder {}: {error}", folder.display());
    }
    #[cfg(not(unix))]
    let _ = folder;
}
