//! Doom WADs, read as `mazewalker maps` and the importer read them: the
//! directory, every map of either format, and the wall textures and flats.
//! Nothing panics or overflows; every error names the file; a map that
//! reads has every index in range; every flat listed decodes or errs.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mazewalker::level::wad::{MapFormat, Wad, WadTextures};

/// The most wall textures decoded per input: a definition may ask for
/// 4096 × 4096 texels, and one short input may hold thousands of them.
const MAX_WALLS: usize = 64;

fuzz_target!(|data: &[u8]| {
    let wad = match Wad::from_bytes("fuzz.wad", data.to_vec()) {
        Ok(wad) => wad,
        Err(error) => {
            assert!(error.to_string().starts_with("fuzz.wad: "), "{error}");
            return;
        }
    };
    for entry in wad.maps() {
        let loaded = match wad.read_map(&entry.name) {
            Ok(loaded) => loaded,
            Err(error) => {
                assert!(error.to_string().starts_with("fuzz.wad: "), "{error}");
                continue;
            }
        };
        let map = loaded.map;
        assert_ne!(map.format, MapFormat::Hexen);
        for line in &map.linedefs {
            assert!(line.start < map.vertices.len() && line.end < map.vertices.len());
            for side in [line.right, line.left].into_iter().flatten() {
                assert!(side < map.sidedefs.len());
            }
        }
        for side in &map.sidedefs {
            assert!(side.sector < map.sectors.len());
        }
    }
    let Ok(textures) = WadTextures::read(&wad) else {
        return;
    };
    let walls: Vec<String> = textures
        .wall_names()
        .take(MAX_WALLS)
        .map(String::from)
        .collect();
    for name in &walls {
        if let Err(error) = textures.wall(name) {
            assert!(error.to_string().starts_with("fuzz.wad: "), "{error}");
        }
    }
    let flats: Vec<String> = textures.flat_names().map(String::from).collect();
    for name in &flats {
        match textures.flat(name) {
            Ok(image) => assert!(image.is_some(), "{name} is listed"),
            Err(error) => assert!(error.to_string().starts_with("fuzz.wad: "), "{error}"),
        }
    }
});
