//! A WAD's map opened in memory (`LevelChoice::Wad`), through the library:
//! its pictures stay in memory until the editor saves it, when they are
//! written where the saved file names them; F5 imports it again.

use glam::Vec2;
use mazewalker::edit::LevelDraft;
use mazewalker::level::{Level, LevelChoice, LevelSource, TextureSource};

use crate::builder::one_room_wad;
use crate::common;

#[test]
fn a_wads_map_saved_from_the_editor_writes_its_pictures_beside_the_file() {
    let folder = common::scratch_folder("wad_in_memory_save");
    let wad = folder.join("room.wad");
    std::fs::write(&wad, one_room_wad().build()).expect("write the WAD");
    let choice = LevelChoice::Wad {
        wad: wad.clone(),
        map: "e1m1".to_owned(),
    };
    let loaded = choice.load().unwrap_or_else(|error| panic!("{error}"));
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let level = loaded.level;
    assert!(
        matches!(&level.source, LevelSource::Wad { map, .. } if map == "E1M1"),
        "{:?}",
        level.source
    );
    // F5 imports the same map of the same WAD again.
    let again = LevelChoice::from(&level.source);
    assert_eq!(
        again,
        LevelChoice::Wad {
            wad,
            map: "E1M1".to_owned()
        }
    );
    let in_memory: Vec<String> = level
        .materials
        .iter()
        .filter_map(|material| match &material.texture {
            TextureSource::InMemory { file, .. } => Some(file.display().to_string()),
            _ => None,
        })
        .collect();
    assert!(
        in_memory.contains(&"room-E1M1.textures/WALL.png".to_owned()),
        "{in_memory:?}"
    );
    assert!(
        !folder.join("room-E1M1.textures").exists(),
        "nothing written yet"
    );

    let mut draft = LevelDraft::new(level).expect("editable");
    draft.plot(Vec2::new(2.0, -2.0)).expect("a point");
    draft.plot(Vec2::new(2.0, -6.0)).expect("a wall");
    draft.end_chain();
    let saved = folder.join("saved").join("room.toml");
    std::fs::create_dir(saved.parent().expect("a folder")).expect("create the folder");
    draft.save(&saved).expect("saved");
    for file in &in_memory {
        let picture = saved.with_file_name(file);
        image::open(&picture).unwrap_or_else(|error| panic!("{}: {error}", picture.display()));
    }
    let reloaded = Level::load(&saved).unwrap_or_else(|error| panic!("{error}"));
    assert!(reloaded.warnings.is_empty(), "{:?}", reloaded.warnings);
    assert_eq!(reloaded.level.walls.len(), draft.level().walls.len());
    assert!(
        reloaded
            .level
            .materials
            .iter()
            .all(|material| !matches!(material.texture, TextureSource::InMemory { .. })),
        "the saved file's pictures are files"
    );
}
