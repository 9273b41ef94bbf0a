//! Each imported picture's world size: a wall texture is its width and
//! its height in texels / 32 m (one texel a Doom unit both ways), so a
//! texture that is not square keeps its proportions; a flat is 2 × 2 m.

use std::path::Path;

use glam::Vec2;
use mazewalker::level::Level;
use mazewalker::level::wad::Wad;
use mazewalker::level::wad::import::import_map;

use crate::builder::{
    DoomLumps, WadBuilder, flat, palette, patch, pnames, sidedef, textures_sized,
};

#[test]
fn a_64_by_128_texture_is_2_by_4_metres_and_a_flat_2_by_2() {
    let mut room = DoomLumps::room();
    room.sidedefs = ["TALL", "TALL", "WIDE", "WIDE"]
        .iter()
        .map(|middle| sidedef(0, 0, "-", "-", middle, 0))
        .collect();
    let bytes = room
        .add_to(WadBuilder::iwad(), "E1M1")
        .lump("PLAYPAL", palette())
        .lump("PNAMES", pnames())
        .lump(
            "TEXTURE1",
            textures_sized(&[("TALL", 64, 128), ("WIDE", 128, 72)]),
        )
        .marker("P_START")
        .lump("PATCH1", patch())
        .marker("P_END")
        .marker("F_START")
        .lump("FLOOR", flat())
        .marker("F_END")
        .build();
    let wad = Wad::from_bytes("sizes.wad", bytes).expect("the WAD reads");
    let imported = import_map(&wad, "E1M1", "sizes.textures").expect("imports");
    let text = &imported.text;
    for (name, size) in [
        ("TALL", "[2.0, 4.0]"),
        ("WIDE", "[4.0, 2.25]"),
        ("flat_FLOOR", "2.0"),
    ] {
        let table = format!(
            "name = \"{name}\"\nfile = \"sizes.textures/{name}.png\"\nmetres_per_repeat = {size}\n"
        );
        assert!(text.contains(&table), "{name}: {text}");
    }
    let level = Level::from_toml_str(text, Path::new("sizes.toml"))
        .unwrap_or_else(|error| panic!("{error}\n{text}"))
        .level;
    let size = |name: &str| {
        (level.materials.iter())
            .find(|m| m.name == name)
            .unwrap_or_else(|| panic!("{name}: {text}"))
            .metres_per_repeat
    };
    assert_eq!(size("TALL"), Vec2::new(2.0, 4.0));
    assert_eq!(size("WIDE"), Vec2::new(4.0, 2.25));
    assert_eq!(size("flat_FLOOR"), Vec2::splat(2.0));
}
