//! A WAD's map opened in memory (`LevelChoice::Wad`), through the library
//! and a headless session: its pictures stay in memory until the editor
//! saves it, when they are written where the saved file names them; F5
//! imports it again.

use std::time::Duration;

use glam::Vec2;
use mazewalker::app::{ScriptStep, WindowOptions, run_headless_script};
use mazewalker::bindings::Action;
use mazewalker::edit::LevelDraft;
use mazewalker::level::{Level, LevelChoice, LevelSource, TextureSource};

use crate::builder::one_room_wad;
use crate::common;
use winit::keyboard::KeyCode;

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

#[test]
fn f5_and_the_watcher_import_a_wads_map_again_and_ctrl_s_saves_it_with_its_pictures() {
    let folder = common::scratch_folder("wad_in_memory_session");
    let wad = folder.join("room.wad");
    std::fs::write(&wad, one_room_wad().build()).expect("write the WAD");
    let choice = LevelChoice::Wad {
        wad: wad.clone(),
        map: "E1M1".to_owned(),
    };
    let level = choice
        .load()
        .unwrap_or_else(|error| panic!("{error}"))
        .level;

    let await_reload = ScriptStep::AwaitReload(Duration::from_secs(20));
    let mut script = vec![ScriptStep::Ticks(3)];
    script.extend(common::press(Action::ReloadLevel));
    script.push(await_reload.clone());
    // The WAD broken on disk: the watcher has it read again, and the live
    // level stays.
    script.push(ScriptStep::WriteFile {
        path: wad.clone(),
        text: "PWAD".to_owned(),
        by_rename: false,
    });
    script.push(await_reload);
    // A wall from 1 m ahead of the start to 2 m ahead, saved: the
    // pictures come from memory.
    let ahead = [
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(40),
        ScriptStep::Action(Action::MoveForward, false),
    ];
    script.extend(common::press(Action::ToggleEdit));
    script.extend(ahead.clone());
    script.extend(common::press(Action::PlotPoint));
    script.extend(ahead);
    script.extend(common::press(Action::PlotPoint));
    script.extend(common::press(Action::EndChain));
    script.extend(common::ctrl_chord(KeyCode::KeyS));
    script.extend([ScriptStep::Ticks(3), ScriptStep::Close]);

    let options = WindowOptions {
        size: (320, 180),
        save_folder: Some(folder.clone()),
        ..WindowOptions::default()
    };
    let report = run_headless_script(level, &options, script).expect("the session runs");
    let [again, broken] = &report.reloads[..] else {
        panic!("expected 2 reloads, got {:?}", report.reloads);
    };
    assert!(again.swapped && again.error.is_none(), "{again:?}");
    assert!(!broken.swapped, "{broken:?}");
    let error = broken.error.as_deref().expect("the error is on the HUD");
    assert!(error.contains("room.wad: header"), "{error}");

    let saved = folder.join("mazewalker-level-1.toml");
    let reloaded = Level::load(&saved).unwrap_or_else(|error| panic!("{error}"));
    assert!(reloaded.warnings.is_empty(), "{:?}", reloaded.warnings);
    assert_eq!(reloaded.level.name, "E1M1");
    assert_eq!(
        reloaded.level.walls.len(),
        4 + 1,
        "the room's and the new wall"
    );
    assert!(folder.join("room-E1M1.textures/WALL.png").exists());
}
