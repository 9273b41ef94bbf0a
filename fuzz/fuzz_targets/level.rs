//! Level text, as `mazewalker check` reads it: parsed and validated, then
//! its floor plan checked. A level that loads must also survive the two
//! ways the program saves one: its own text read as a `LevelDocument` (when
//! the editor can edit it) and written back unedited is the same text, and the complete file written
//! from the level (`LevelDocument::from_level`) loads back to the same
//! level, with the same content hash, which demos compare.

#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use mazewalker::level::Level;
use mazewalker::level::save::{DocumentError, LevelDocument};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let origin = Path::new("fuzz.toml");
    let level = match Level::from_toml_str(text, origin) {
        Ok(loaded) => loaded.level,
        Err(error) => {
            assert!(!error.to_string().is_empty());
            return;
        }
    };
    mazewalker::map::check_floor_plan(&level, &mut |_| {});

    match LevelDocument::parse(text) {
        Ok(mut document) => {
            assert_eq!(document.text(), text, "reading and writing changes nothing")
        }
        Err(DocumentError::Syntax(error)) => panic!("text that loads is not TOML: {error}"),
        // Tables written inline: the level loads, the editor leaves it be.
        Err(_) => {}
    }

    let written = LevelDocument::from_level(&level)
        .expect("a loaded level can be written")
        .text();
    let reloaded = match Level::from_toml_str(&written, origin) {
        Ok(loaded) => loaded.level,
        Err(error) => panic!("the written level does not load: {error}\n{written}"),
    };
    assert_eq!(reloaded.content_hash(), level.content_hash(), "{written}");
    // The same level in every field; only where it came from differs.
    let reloaded = Level {
        source: level.source.clone(),
        ..reloaded
    };
    assert_eq!(reloaded, level, "{written}");
});
