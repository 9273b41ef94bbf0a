//! A two-sided line's middle texture (a grate) imported as a see-through
//! wall, placed as Doom draws it: one texture height, hanging from the
//! lower ceiling (or standing on the higher floor when lower unpegged),
//! moved up by the side's y offset, clipped to the opening; blocking as
//! the line's flag 1 says; one wall where a blocking line was an undrawn
//! wall before.

use std::path::Path;

use glam::Vec2;
use mazewalker::level::wad::Wad;
use mazewalker::level::wad::import::{ImportedMap, import_map};
use mazewalker::level::{Level, LevelWall, Peg};

use crate::builder::{
    DoomLumps, WadBuilder, flat, linedef, palette, patch, pnames, sector, sidedef, textures_sized,
    thing, vertex,
};

/// The grate's height in texels (1.5 m).
const GRATE_HIGH: i16 = 48;

/// A TEXTURE1 lump of `WALL` (4 × 4) and `GRATE` (4 × [`GRATE_HIGH`]),
/// each the one 2 × 4 patch at (0, 0): every texel it does not cover is
/// transparent, most of the grate's.
fn textures() -> Vec<u8> {
    textures_sized(&[("WALL", 4, 4), ("GRATE", 4, GRATE_HIGH)])
}

/// Two rooms side by side, 256 units each: the west one from 0 to 128,
/// the east one from 16 to 96; between them a two-sided line run south
/// (the west room on its right) with `flags` besides two-sided, whose
/// right side is `right` and left side `left`, each (y offset, middle).
fn two_rooms(flags: u16, right: (i16, &str), left: (i16, &str)) -> DoomLumps {
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
            linedef(2, 5, 4 | flags, 0, 0, 6, 7),
        ],
        sidedefs: vec![
            sidedef(0, 0, "-", "-", "WALL", 0),
            sidedef(0, 0, "-", "-", "WALL", 0),
            sidedef(0, 0, "-", "-", "WALL", 1),
            sidedef(0, 0, "-", "-", "WALL", 1),
            sidedef(0, 0, "-", "-", "WALL", 1),
            sidedef(0, 0, "-", "-", "WALL", 0),
            sidedef(0, right.0, "-", "-", right.1, 0),
            sidedef(0, left.0, "WALL", "WALL", left.1, 1),
        ],
        vertices: corners.iter().map(|&(x, y)| vertex(x, y)).collect(),
        sectors: vec![
            sector(0, 128, "FLOOR", "FLOOR", 200),
            sector(16, 96, "FLOOR", "FLOOR", 160),
        ],
    }
}

/// `lumps` as E1M1, imported, and the level it writes.
fn import(lumps: &DoomLumps) -> (ImportedMap, Level) {
    let bytes = lumps
        .add_to(WadBuilder::iwad(), "E1M1")
        .lump("PLAYPAL", palette())
        .lump("PNAMES", pnames())
        .lump("TEXTURE1", textures())
        .marker("P_START")
        .lump("PATCH1", patch())
        .marker("P_END")
        .marker("F_START")
        .lump("FLOOR", flat())
        .marker("F_END")
        .build();
    let wad = Wad::from_bytes("grates.wad", bytes).expect("the WAD reads");
    let imported = import_map(&wad, "E1M1", "grates.textures").expect("imports");
    let level = Level::from_toml_str(&imported.text, Path::new("grates.toml"))
        .unwrap_or_else(|error| panic!("{error}\n{}", imported.text))
        .level;
    (imported, level)
}

/// The one see-through wall of `level`.
fn the_grate(level: &Level) -> &LevelWall {
    let grates: Vec<&LevelWall> = level.walls.iter().filter(|w| w.see_through()).collect();
    assert_eq!(grates.len(), 1, "{:?}", level.walls);
    grates[0]
}

/// Where a wall stands: its base and height, in metres.
fn span(wall: &LevelWall) -> (Option<f32>, f32) {
    (wall.base(), wall.height)
}

#[test]
fn a_blocking_lines_grate_hangs_from_the_lower_ceiling_one_texture_high_and_blocks() {
    let (imported, level) = import(&two_rooms(1, (0, "GRATE"), (0, "-")));
    let grate = the_grate(&level);
    // The lower ceiling is 96 units, 3 m; the texture 1.5 m below it.
    assert_eq!(span(grate), (Some(1.5), 1.5), "{}", imported.text);
    assert!(grate.blocks() && grate.drawn());
    assert_eq!(grate.thickness, 0.0);
    assert_eq!(level.materials[grate.material.index()].name, "GRATE");
    assert_eq!(
        (grate.a, grate.b),
        (Vec2::new(8.0, -8.0), Vec2::new(8.0, 0.0))
    );
    assert_eq!(grate.alignment().peg, Peg::Top);
    assert_eq!(grate.alignment().offset.y, 0.0);
    // One wall for the line, not an undrawn one besides.
    assert_eq!(level.walls.len(), 7);
    assert!(level.walls.iter().all(LevelWall::drawn));
    assert_eq!(imported.summary.walls, 7);
    // Its picture keeps the texels no patch covers transparent.
    let (_, picture) = (imported.textures.iter())
        .find(|(name, _)| name == "GRATE.png")
        .expect("the grate's picture");
    assert_eq!(picture.height(), u32::from(GRATE_HIGH.unsigned_abs()));
    assert_eq!(picture.get_pixel(0, 20)[3], 0, "a texel no patch covers");
    assert_eq!(picture.get_pixel(0, 1)[3], 255, "a texel of the patch");
}

#[test]
fn a_lower_unpegged_grate_stands_on_the_higher_floor_moved_up_by_its_offset_and_clipped() {
    let (imported, level) = import(&two_rooms(16, (0, "GRATE"), (0, "-")));
    // The higher floor is 16 units, 0.5 m.
    assert_eq!(
        span(the_grate(&level)),
        (Some(0.5), 1.5),
        "{}",
        imported.text
    );
    // Moved up 40 units, from 56 to 104: clipped at the ceiling, 96.
    let (imported, level) = import(&two_rooms(16, (40, "GRATE"), (0, "-")));
    let grate = the_grate(&level);
    assert_eq!(span(grate), (Some(1.75), 1.25), "{}", imported.text);
    assert_eq!(
        grate.alignment().offset.y,
        0.25,
        "what the ceiling clips off"
    );
}

#[test]
fn a_grate_on_a_line_that_does_not_block_lets_the_walker_through() {
    let (imported, level) = import(&two_rooms(0, (0, "GRATE"), (0, "-")));
    let grate = the_grate(&level);
    assert!(!grate.blocks(), "{}", imported.text);
    assert_eq!(imported.summary.walls, 7);
    // A line without a middle texture and not blocking makes no wall.
    let (imported, level) = import(&two_rooms(0, (0, "-"), (0, "-")));
    assert_eq!(level.walls.len(), 6, "{}", imported.text);
}

#[test]
fn a_grate_on_the_left_side_only_runs_the_other_way() {
    let (imported, level) = import(&two_rooms(1, (0, "-"), (0, "GRATE")));
    let grate = the_grate(&level);
    assert_eq!(
        (grate.a, grate.b),
        (Vec2::new(8.0, 0.0), Vec2::new(8.0, -8.0))
    );
    assert_eq!(span(grate), (Some(1.5), 1.5), "{}", imported.text);
}

#[test]
fn a_grate_is_not_the_texture_of_its_sectors_risers_and_headers() {
    let mut lumps = two_rooms(1, (0, "GRATE"), (0, "-"));
    // The west room's own walls name no texture: only the grate is left.
    for side in [0, 1, 5] {
        lumps.sidedefs[side] = sidedef(0, 0, "-", "-", "-", 0);
    }
    let (imported, level) = import(&lumps);
    let west = &level.floors[0];
    assert_ne!(
        level.materials[west.side_material.index()].name,
        "GRATE",
        "{}",
        imported.text
    );
}
