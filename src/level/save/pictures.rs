//! Pictures written as PNG files: those an imported map's level file names,
//! and those a level holds in memory (a WAD's map opened with `--wad`),
//! which a save writes where its text names them.

use std::io::{self, Cursor};
use std::path::Path;

use image::{ImageFormat, RgbaImage};

use super::write_atomically;
use crate::level::{Level, TextureSource};
use crate::platform;

/// Writes `image` as a PNG file at `path`, making its folder first when
/// it is missing.
pub fn write_png(path: &Path, image: &RgbaImage) -> io::Result<()> {
    if let Some(folder) = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
    {
        platform::create_folder(folder)?;
    }
    let mut bytes = Vec::new();
    image
        .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
        .map_err(io::Error::other)?;
    write_atomically(path, &bytes)
}

/// Writes each picture `level` holds in memory where its text names it,
/// relative to the folder of the level file `level_path`; a level without
/// such pictures writes nothing.
pub fn write_memory_pictures(level: &Level, level_path: &Path) -> io::Result<()> {
    let folder = level_path.parent().unwrap_or(Path::new(""));
    for material in &level.materials {
        if let TextureSource::InMemory { file, image } = &material.texture {
            write_png(&folder.join(file), image)?;
        }
    }
    Ok(())
}
