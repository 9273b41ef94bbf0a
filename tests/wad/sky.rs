//! Doom's sky imported: a sector whose ceiling is `F_SKY1` becomes a floor
//! with `sky = true`, and the level's `[environment] sky` is the episode's
//! sky texture, written beside the level like any texture.

use std::path::Path;

use mazewalker::level::Level;
use mazewalker::level::wad::Wad;
use mazewalker::level::wad::import::{ImportedMap, import_map};

use crate::builder::{
    DoomLumps, WadBuilder, flat, linedef, name8, palette, patch, pnames, sector, sidedef, thing,
    vertex,
};

/// A TEXTURE1 lump of 4 × 4 textures named `names`, each the one patch at
/// (0, 0).
fn textures(names: &[&str]) -> Vec<u8> {
    let count = i32::try_from(names.len()).expect("few");
    let mut bytes = count.to_le_bytes().to_vec();
    let entry_size = 8 + 4 + 2 + 2 + 4 + 2 + 10;
    let first = 4 + 4 * names.len();
    for index in 0..names.len() {
        let offset = i32::try_from(first + index * entry_size).expect("small");
        bytes.extend(offset.to_le_bytes());
    }
    for name in names {
        bytes.extend(name8(name));
        bytes.extend(0i32.to_le_bytes());
        bytes.extend([4i16, 4].iter().flat_map(|v| v.to_le_bytes()));
        bytes.extend(0i32.to_le_bytes());
        bytes.extend(1i16.to_le_bytes());
        bytes.extend([0i16, 0, 0, 1, 0].iter().flat_map(|v| v.to_le_bytes()));
    }
    bytes
}

/// Two rooms side by side, 256 units each: the west one open to the sky
/// (`F_SKY1` at 128), the east one roofed at 96; player 1 in the west.
fn yard_and_hall() -> DoomLumps {
    let corners = [(0, 0), (0, 256), (256, 256), (512, 256), (512, 0), (256, 0)];
    let one_sided = |start: u16, end: u16, side: u16| linedef(start, end, 1, 0, 0, side, 0xFFFF);
    DoomLumps {
        things: vec![thing(128, 128, 0, 1, 7)],
        linedefs: vec![
            one_sided(0, 1, 0),
            one_sided(1, 2, 1),
            one_sided(2, 3, 2),
            one_sided(3, 4, 3),
            one_sided(4, 5, 4),
            one_sided(5, 0, 5),
            // Between the rooms, run south: the yard on its right.
            linedef(2, 5, 4, 0, 0, 6, 7),
        ],
        sidedefs: vec![
            sidedef(0, 0, "-", "-", "WALL", 0),
            sidedef(0, 0, "-", "-", "WALL", 0),
            sidedef(0, 0, "-", "-", "WALL", 1),
            sidedef(0, 0, "-", "-", "WALL", 1),
            sidedef(0, 0, "-", "-", "WALL", 1),
            sidedef(0, 0, "-", "-", "WALL", 0),
            sidedef(0, 0, "-", "-", "-", 0),
            sidedef(0, 0, "WALL", "-", "-", 1),
        ],
        vertices: corners.iter().map(|&(x, y)| vertex(x, y)).collect(),
        sectors: vec![
            sector(0, 128, "FLOOR", "F_SKY1", 200),
            sector(0, 96, "FLOOR", "FLOOR", 160),
        ],
    }
}

/// A WAD holding `lumps` as map `map`, with the textures `names`.
fn wad_with(lumps: &DoomLumps, map: &str, names: &[&str]) -> Wad {
    let bytes = lumps
        .add_to(WadBuilder::iwad(), map)
        .lump("PLAYPAL", palette())
        .lump("PNAMES", pnames())
        .lump("TEXTURE1", textures(names))
        .marker("P_START")
        .lump("PATCH1", patch())
        .marker("P_END")
        .marker("F_START")
        .lump("FLOOR", flat())
        .lump("F_SKY1", flat())
        .marker("F_END")
        .build();
    Wad::from_bytes("sky.wad", bytes).expect("the WAD reads")
}

const EVERY_SKY: [&str; 5] = ["WALL", "SKY1", "SKY2", "SKY3", "SKY4"];

fn import(wad: &Wad, map: &str) -> (ImportedMap, Level) {
    let imported = import_map(wad, map, "sky.textures").expect("imports");
    let level = Level::from_toml_str(&imported.text, Path::new("sky.toml"))
        .unwrap_or_else(|error| panic!("{error}\n{}", imported.text))
        .level;
    (imported, level)
}

/// The name of `level`'s sky material, if it has a sky.
fn sky_name(level: &Level) -> Option<&str> {
    let sky = level.environment.sky?;
    Some(level.materials[sky.index()].name.as_str())
}

#[test]
fn an_f_sky1_ceiling_is_open_sky_under_the_episodes_texture() {
    let (imported, level) = import(&wad_with(&yard_and_hall(), "E1M1", &EVERY_SKY), "E1M1");
    let open: Vec<bool> = level.floors.iter().map(|floor| floor.sky).collect();
    assert_eq!(open, [true, false], "{}", imported.text);
    assert_eq!(sky_name(&level), Some("SKY1"));
    let names: Vec<&str> = imported.textures.iter().map(|(n, _)| n.as_str()).collect();
    assert!(names.contains(&"SKY1.png"), "{names:?}");
    // The sky's flat is not a texture of the level: nothing draws it.
    assert!(!names.contains(&"flat_F_SKY1.png"), "{names:?}");
    assert!(!imported.text.contains("F_SKY1"), "{}", imported.text);
}

#[test]
fn each_episode_and_each_third_of_doom_two_has_its_sky() {
    for (map, sky) in [
        ("E2M3", "SKY2"),
        ("E3M1", "SKY3"),
        ("E4M9", "SKY4"),
        ("MAP11", "SKY1"),
        ("MAP12", "SKY2"),
        ("MAP21", "SKY3"),
    ] {
        let (_, level) = import(&wad_with(&yard_and_hall(), map, &EVERY_SKY), map);
        assert_eq!(sky_name(&level), Some(sky), "{map}");
    }
}

#[test]
fn a_map_without_sky_ceilings_or_a_wad_without_the_texture_has_no_sky() {
    let mut roofed = yard_and_hall();
    roofed.sectors[0] = sector(0, 128, "FLOOR", "FLOOR", 200);
    let (imported, level) = import(&wad_with(&roofed, "E1M1", &EVERY_SKY), "E1M1");
    assert_eq!(sky_name(&level), None);
    assert!(level.floors.iter().all(|floor| !floor.sky));
    assert!(!imported.textures.iter().any(|(name, _)| name == "SKY1.png"));
    // A PWAD that takes its sky from its IWAD: the yard is open all the
    // same, and the fog's colour shows through.
    let (imported, level) = import(&wad_with(&yard_and_hall(), "E1M1", &["WALL"]), "E1M1");
    assert_eq!(sky_name(&level), None);
    assert!(level.floors[0].sky);
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
}
