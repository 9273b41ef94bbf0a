//! Files in the page: the page has no file system, so a file is a name in
//! the page's storage (index.html's `mazewalkerPage`), which keeps what the
//! program writes in the browser's IndexedDB, so that a save and the
//! autosave journal outlive the tab. The files the page fetched before the
//! program started (a demo named in the URL) can be read too. A new file
//! written with [`write_new_file`] (a screenshot) is handed to the person as
//! a download instead.
//!
//! A file's name in the storage is its path with `.` parts left out, so
//! that `./level.toml` and `level.toml` are one file.

use std::io::{self, Cursor, Write};
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, SystemTime};

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen]
extern "C" {
    /// The bytes of the file `name`: stored, or else fetched before the
    /// program started; `None` when there is neither.
    #[wasm_bindgen(js_namespace = mazewalkerPage, js_name = file)]
    fn page_file(name: &str) -> Option<Vec<u8>>;

    /// Whether the page has the file `name`, stored or fetched.
    #[wasm_bindgen(js_namespace = mazewalkerPage, js_name = has)]
    fn page_has(name: &str) -> bool;

    /// When the stored file `name` was last written, in milliseconds since
    /// 1970; `None` when none is stored.
    #[wasm_bindgen(js_namespace = mazewalkerPage, js_name = modified)]
    fn page_modified(name: &str) -> Option<f64>;

    /// Stores `bytes` as the file `name` (the page copies them), replacing
    /// any file of that name, and keeps them in IndexedDB.
    #[wasm_bindgen(js_namespace = mazewalkerPage, js_name = store)]
    fn page_store(name: &str, bytes: &[u8]);

    /// Removes the stored file `name`: whether there was one.
    #[wasm_bindgen(js_namespace = mazewalkerPage, js_name = remove)]
    fn page_remove(name: &str) -> bool;

    /// Hands `bytes` to the person as the download `name`.
    #[wasm_bindgen(js_namespace = mazewalkerPage, js_name = download)]
    fn page_download(name: &str, bytes: &[u8]);
}

/// The name of the file `path` in the page's storage.
fn name_of(path: &Path) -> io::Result<String> {
    let parts: Vec<&str> = path
        .components()
        .filter(|part| !matches!(part, Component::CurDir))
        .map(|part| part.as_os_str().to_str())
        .collect::<Option<_>>()
        .ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "a file name that is not text")
        })?;
    Ok(parts.join("/"))
}

/// The error for a file `path` that the page has not.
fn not_found(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::NotFound,
        format!("the page has no file {}", path.display()),
    )
}

/// The bytes of the file `path`.
fn bytes_of(path: &Path) -> io::Result<Vec<u8>> {
    page_file(&name_of(path)?).ok_or_else(|| not_found(path))
}

/// A file opened for reading by [`open_file`]: its bytes, in memory.
pub type OpenFile = Cursor<Vec<u8>>;

/// Opens the file `path` for reading: stored, or fetched by the page.
pub fn open_file(path: &Path) -> io::Result<OpenFile> {
    bytes_of(path).map(Cursor::new)
}

/// Whether the page has a file `path`.
pub fn file_exists(path: &Path) -> bool {
    name_of(path).is_ok_and(|name| page_has(&name))
}

/// When the stored file `path` was last written.
pub fn file_modified(path: &Path) -> io::Result<SystemTime> {
    let milliseconds = page_modified(&name_of(path)?).ok_or_else(|| not_found(path))?;
    Ok(SystemTime::UNIX_EPOCH + Duration::from_secs_f64(milliseconds.max(0.0) / 1000.0))
}

/// The length of the file `path`, in bytes.
pub fn file_size(path: &Path) -> io::Result<u64> {
    bytes_of(path).map(|bytes| bytes.len() as u64)
}

/// Removes the stored file `path`.
pub fn remove_file(path: &Path) -> io::Result<()> {
    if page_remove(&name_of(path)?) {
        Ok(())
    } else {
        Err(not_found(path))
    }
}

/// Nothing to do: the page stores each file under its whole path, so no
/// folder needs making before a file goes in it.
pub fn create_folder(_path: &Path) -> io::Result<()> {
    Ok(())
}

/// Renames the stored file `from` to `to`, replacing any file there.
pub fn rename_file(from: &Path, to: &Path) -> io::Result<()> {
    let bytes = bytes_of(from)?;
    page_store(&name_of(to)?, &bytes);
    remove_file(from)
}

/// Replaces the stored file `path` with `bytes`; with `backup_of`, the
/// previous version is kept as `backup_of(path)` first. The page stores a
/// file whole, in one step: there is no half-written file to undo.
pub fn replace_file(
    path: &Path,
    bytes: &[u8],
    backup_of: Option<&dyn Fn(&Path) -> PathBuf>,
    written: &mut dyn FnMut(usize),
) -> io::Result<()> {
    let name = name_of(path)?;
    if let Some(backup_of) = backup_of
        && let Some(previous) = page_file(&name)
    {
        page_store(&name_of(&backup_of(path))?, &previous);
    }
    page_store(&name, bytes);
    written(bytes.len());
    Ok(())
}

/// A file made by [`create_file`]: written into memory, and stored whole
/// at each flush and when dropped.
#[derive(Debug)]
pub struct NewFile {
    name: String,
    bytes: Vec<u8>,
}

/// Makes (or empties) the stored file `path` for writing.
pub fn create_file(path: &Path) -> io::Result<NewFile> {
    let file = NewFile {
        name: name_of(path)?,
        bytes: Vec::new(),
    };
    page_store(&file.name, &file.bytes);
    Ok(file)
}

impl Write for NewFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.bytes.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        page_store(&self.name, &self.bytes);
        Ok(())
    }
}

impl Drop for NewFile {
    fn drop(&mut self) {
        page_store(&self.name, &self.bytes);
    }
}

/// Hands `bytes` to the person as a download named as `path`'s file name:
/// the page has no folder to make a new file in.
pub fn write_new_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path
        .file_name()
        .and_then(|name| name.to_str())
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    page_download(name, bytes);
    Ok(())
}
