//! A map imported in memory, as `--wad WAD --map MAP` opens it: the level
//! text and pictures [`import_map`] makes, built into a level without
//! writing a file. The pictures stay in memory; the text names them in a
//! textures folder `WAD-MAP.textures` (`freedoom1-E1M1.textures`), where a
//! save of the level writes them beside the level file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::import_map;
use crate::level::wad::Wad;
use crate::level::{Level, LevelError, LevelSource, LevelWarning, LoadedLevel, MemoryPictures};

/// Imports map `map` (any case) of the WAD at `wad_path` and builds it
/// into a level whose source is that map. The import's warnings come
/// first among the level's, each naming the map.
pub fn load_map(wad_path: &Path, map: &str) -> Result<LoadedLevel, LevelError> {
    let wad = Wad::open(wad_path)?;
    let map = map.to_ascii_uppercase();
    let folder = textures_folder(wad_path, &map);
    let imported = import_map(&wad, &map, &folder)?;
    let pictures: MemoryPictures = imported
        .textures
        .into_iter()
        .map(|(name, image)| (format!("{folder}/{name}"), Arc::new(image)))
        .collect();
    // Errors and warnings in the text name the WAD and the map.
    let origin = PathBuf::from(format!("{}:{map}", wad_path.display()));
    let loaded = Level::from_toml_str_and_pictures(&imported.text, &origin, &pictures)?;
    let warnings = imported
        .warnings
        .into_iter()
        .map(|message| LevelWarning {
            location: None,
            item: format!("map {map}"),
            message,
        })
        .chain(loaded.warnings)
        .collect();
    let source = LevelSource::Wad {
        wad: wad_path.to_path_buf(),
        map,
        text: imported.text.into(),
    };
    Ok(LoadedLevel {
        level: Level {
            source,
            ..loaded.level
        },
        warnings,
    })
}

/// The textures folder an in-memory import names: `WAD-MAP.textures`,
/// after the WAD's file name without its extension and the map.
fn textures_folder(wad_path: &Path, map: &str) -> String {
    let wad = wad_path.file_stem().map_or_else(
        || "wad".to_owned(),
        |stem| stem.to_string_lossy().into_owned(),
    );
    format!("{wad}-{map}.textures")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_textures_folder_names_the_wad_and_the_map() {
        assert_eq!(
            textures_folder(Path::new("/usr/share/games/doom/freedoom1.wad"), "E1M1"),
            "freedoom1-E1M1.textures"
        );
    }
}
