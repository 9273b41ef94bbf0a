//! Small WADs written by the tests: what the reader makes of a room in
//! each format, and the exact error for each kind of damage.

use image::Rgba;
use mazewalker::level::wad::{
    Linedef, MapFormat, Sector, Sidedef, Thing, Vertex, Wad, WadKind, WadTextures,
};

use crate::builder::{self, DoomLumps, WadBuilder, linedef, sidedef};

/// The WAD `bytes`, named `test.wad`.
fn open(bytes: Vec<u8>) -> Result<Wad, String> {
    Wad::from_bytes("test.wad", bytes).map_err(|error| error.to_string())
}

/// The error reading map `map` of the WAD `bytes` gives.
fn map_error(bytes: Vec<u8>, map: &str) -> String {
    let wad = open(bytes).expect("the directory reads");
    wad.read_map(map).expect_err("the map is bad").to_string()
}

#[test]
fn maps_lists_each_marker_with_its_format() {
    let wad = builder::hexen_wad()
        .lump("DEHACKED", b"x".to_vec())
        .marker("MAP02")
        .lump("TEXTMAP", builder::ROOM_TEXTMAP)
        .lump("ZNODES", b"nodes".to_vec())
        .marker("ENDMAP");
    let wad = open(wad.build()).expect("reads");
    let listed: Vec<_> = wad
        .maps()
        .into_iter()
        .map(|map| (map.name, map.format))
        .collect();
    assert_eq!(
        listed,
        [
            ("MAP01".to_string(), MapFormat::Hexen),
            ("MAP02".to_string(), MapFormat::Udmf)
        ]
    );
    let wad = open(builder::one_room_wad().build()).expect("reads");
    assert_eq!(wad.kind(), WadKind::Iwad);
    let listed: Vec<_> = wad
        .maps()
        .into_iter()
        .map(|map| format!("{} {}", map.name, map.format))
        .collect();
    assert_eq!(listed, ["E1M1 doom", "MAP01 udmf"]);
}

#[test]
fn a_doom_format_room_reads_as_written() {
    let wad = open(builder::one_room_wad().build()).expect("reads");
    let loaded = wad.read_map("e1m1").expect("the room reads");
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let map = loaded.map;
    assert_eq!((map.name.as_str(), map.format), ("E1M1", MapFormat::Doom));
    assert_eq!(
        map.things,
        [Thing {
            x: 128.0,
            y: 128.0,
            angle: 0,
            kind: 1,
            flags: 7
        }]
    );
    assert_eq!(map.vertices[1], Vertex { x: 0.0, y: 256.0 });
    assert_eq!(
        map.linedefs[3],
        Linedef {
            start: 3,
            end: 0,
            flags: Linedef::BLOCKS,
            special: 0,
            tag: 0,
            right: Some(3),
            left: None
        }
    );
    assert_eq!(
        map.sidedefs[0],
        Sidedef {
            x_offset: 0,
            y_offset: 0,
            upper: "-".into(),
            lower: "-".into(),
            middle: "WALL".into(),
            sector: 0
        }
    );
    assert_eq!(
        map.sectors,
        [Sector {
            floor_height: 0,
            ceiling_height: 128,
            floor_flat: "FLOOR".into(),
            ceiling_flat: "F_SKY1".into(),
            light: 160,
            special: 0,
            tag: 0
        }]
    );
}

#[test]
fn a_udmf_room_reads_into_the_same_records() {
    let wad = open(builder::one_room_wad().build()).expect("reads");
    let loaded = wad.read_map("MAP01").expect("the UDMF room reads");
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let map = loaded.map;
    assert_eq!(map.format, MapFormat::Udmf);
    assert_eq!(
        map.things,
        [Thing {
            x: 128.5,
            y: 128.0,
            angle: 90,
            kind: 1,
            flags: 1
        }]
    );
    assert_eq!(map.vertices.len(), 4);
    assert_eq!(
        map.vertices[2],
        Vertex {
            x: 256.0,
            y: 256.25
        }
    );
    assert_eq!(map.linedefs.len(), 4);
    assert_eq!(map.linedefs[0].flags, Linedef::BLOCKS);
    assert_eq!((map.linedefs[1].special, map.linedefs[1].tag), (0x1F, 7));
    assert_eq!(
        (map.linedefs[3].right, map.linedefs[3].left),
        (Some(3), None)
    );
    assert_eq!(map.sidedefs[0].middle, "WALL");
    assert_eq!(map.sidedefs[0].x_offset, -8);
    assert_eq!(map.sectors[0].light, 160, "the default light");
    assert_eq!(map.sectors[0].ceiling_flat, "F_SKY1");
}

#[test]
fn a_udmf_map_in_another_namespace_or_with_bad_syntax_is_an_error() {
    let udmf = |text: &str| {
        let wad = WadBuilder::pwad()
            .marker("MAP01")
            .lump("TEXTMAP", text.to_string())
            .marker("ENDMAP");
        map_error(wad.build(), "MAP01")
    };
    assert_eq!(
        udmf(&builder::ROOM_TEXTMAP.replace("zdoom", "strife")),
        "test.wad: MAP01 TEXTMAP: UDMF namespace \"strife\" is not read; \
         only \"doom\", \"heretic\" and \"zdoom\""
    );
    assert_eq!(
        udmf("namespace = \"doom\";\nvertex { x = 1.0 y = 2.0; }"),
        "test.wad: MAP01 TEXTMAP: line 2: expected `;` after `x`, found `y`"
    );
    assert_eq!(
        udmf("namespace = \"doom\";\n/* never closed"),
        "test.wad: MAP01 TEXTMAP: line 2: a `/*` comment is not closed"
    );
    assert_eq!(
        udmf("namespace = \"doom\";\n\nvertex { y = 2.0; }"),
        "test.wad: MAP01 TEXTMAP: line 3: the vertex block has no `x`"
    );
    assert_eq!(
        udmf("namespace = \"doom\";\nlinedef { v1 = -3; v2 = 0; sidefront = 0; }"),
        "test.wad: MAP01 TEXTMAP: line 2: linedef 0 has out-of-range v1 -3"
    );
    assert_eq!(
        udmf("vertex { x = 1; y = 2; }"),
        "test.wad: MAP01 TEXTMAP: line 1: there is no `namespace`"
    );
    assert_eq!(
        udmf(
            "namespace = \"doom\";\nvertex { x = 0; y = 0; }\n\
              linedef { v1 = 0; v2 = 1; sidefront = 0; }"
        ),
        "test.wad: MAP01 TEXTMAP: linedef 0 has out-of-range end vertex 1"
    );
}

#[test]
fn a_hexen_format_map_is_an_error_naming_the_format() {
    assert_eq!(
        map_error(builder::hexen_wad().build(), "MAP01"),
        "test.wad: MAP01: a Hexen-format map (it has a BEHAVIOR lump); \
         only Doom-format and UDMF maps can be read"
    );
}

#[test]
fn a_missing_map_is_an_error() {
    assert_eq!(
        map_error(builder::one_room_wad().build(), "E9M9"),
        "test.wad: E9M9: there is no map of that name"
    );
}

#[test]
fn a_truncated_header_is_an_error() {
    assert_eq!(
        open(b"PWAD\x01\0\0\0".to_vec()).expect_err("too short"),
        "test.wad: header: the file is 8 bytes, shorter than the 12-byte header"
    );
    assert_eq!(
        open(b"WAD?\0\0\0\0\0\0\0\0".to_vec()).expect_err("not a WAD"),
        "test.wad: header: starts with \"WAD?\", not \"IWAD\" or \"PWAD\""
    );
}

#[test]
fn a_directory_past_the_end_is_an_error() {
    let mut bytes = builder::one_room_wad().build();
    let size = bytes.len();
    // One entry more than the file holds.
    let count = i32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) + 1;
    bytes[4..8].copy_from_slice(&count.to_le_bytes());
    let offset = i32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    assert_eq!(
        open(bytes).expect_err("past the end"),
        format!(
            "test.wad: directory: the directory of {count} entries at offset {offset} \
             ends past the end of the file ({size} bytes)"
        )
    );
    let mut bytes = builder::one_room_wad().build();
    bytes[8..12].copy_from_slice(&(-4i32).to_le_bytes());
    assert_eq!(
        open(bytes).expect_err("negative"),
        "test.wad: header: the directory offset is negative (-4)"
    );
}

#[test]
fn a_lump_past_the_end_is_an_error() {
    let mut bytes = DoomLumps::room().add_to(WadBuilder::pwad(), "E1M1").build();
    let size = bytes.len();
    // The directory's entry 1 is THINGS: make it one byte longer than the file.
    let directory = usize::try_from(i32::from_le_bytes([
        bytes[8], bytes[9], bytes[10], bytes[11],
    ]))
    .expect("positive");
    let entry = directory + 16;
    let offset = i32::from_le_bytes([
        bytes[entry],
        bytes[entry + 1],
        bytes[entry + 2],
        bytes[entry + 3],
    ]);
    let too_long = i32::try_from(size).expect("small") - offset + 1;
    bytes[entry + 4..entry + 8].copy_from_slice(&too_long.to_le_bytes());
    assert_eq!(
        map_error(bytes, "E1M1"),
        format!(
            "test.wad: E1M1 THINGS: the lump of {too_long} bytes at offset {offset} \
             ends past the end of the file ({size} bytes)"
        )
    );
}

#[test]
fn a_lump_that_is_not_whole_records_is_an_error() {
    let mut room = DoomLumps::room();
    room.linedefs[2].truncate(13);
    let wad = room.add_to(WadBuilder::pwad(), "E1M1");
    assert_eq!(
        map_error(wad.build(), "E1M1"),
        "test.wad: E1M1 LINEDEFS: 55 bytes is not a multiple of the 14-byte record"
    );
    let wad = WadBuilder::pwad()
        .marker("E1M1")
        .lump("THINGS", vec![0; 10]);
    assert_eq!(
        map_error(wad.build(), "E1M1"),
        "test.wad: E1M1: there is no LINEDEFS lump"
    );
}

#[test]
fn an_index_out_of_range_is_an_error_naming_the_record() {
    let mut room = DoomLumps::room();
    room.sidedefs[2] = sidedef(0, 0, "-", "-", "WALL", 65535);
    assert_eq!(
        map_error(room.add_to(WadBuilder::pwad(), "E1M1").build(), "E1M1"),
        "test.wad: E1M1 SIDEDEFS: sidedef 2 has out-of-range sector 65535"
    );
    let mut room = DoomLumps::room();
    room.linedefs[1] = linedef(1, 4, 1, 0, 0, 1, 0xFFFF);
    assert_eq!(
        map_error(room.add_to(WadBuilder::pwad(), "E1M1").build(), "E1M1"),
        "test.wad: E1M1 LINEDEFS: linedef 1 has out-of-range end vertex 4"
    );
    let mut room = DoomLumps::room();
    room.linedefs[0] = linedef(0, 1, 1, 0, 0, 0, 9);
    assert_eq!(
        map_error(room.add_to(WadBuilder::pwad(), "E1M1").build(), "E1M1"),
        "test.wad: E1M1 LINEDEFS: linedef 0 has out-of-range left side 9"
    );
}

#[test]
fn a_line_without_a_needed_side_or_length_is_a_warning() {
    let mut room = DoomLumps::room();
    room.linedefs[0] = linedef(0, 1, 1, 0, 0, 0xFFFF, 0xFFFF);
    room.linedefs.push(linedef(2, 2, 1, 0, 0, 0, 0xFFFF));
    room.linedefs[3] = linedef(3, 0, Linedef::TWO_SIDED, 0, 0, 3, 0xFFFF);
    let wad = open(room.add_to(WadBuilder::pwad(), "E1M1").build()).expect("reads");
    let loaded = wad.read_map("E1M1").expect("read with warnings");
    let warnings: Vec<_> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "E1M1 LINEDEFS: linedef 0 has no right side",
            "E1M1 LINEDEFS: linedef 3 is two-sided but has no left side",
            "E1M1 LINEDEFS: linedef 4 has zero length"
        ]
    );
    assert_eq!(loaded.map.linedefs[0].right, None);
}

#[test]
fn a_wall_texture_is_its_patches_with_the_gaps_transparent() {
    let wad = open(builder::one_room_wad().build()).expect("reads");
    let textures = WadTextures::read(&wad).expect("the graphics read");
    assert_eq!(textures.wall_names().collect::<Vec<_>>(), ["WALL"]);
    let wall = textures.wall("wall").expect("decodes").expect("defined");
    let (red, green, clear) = (
        Rgba([255, 0, 0, 255]),
        Rgba([0, 255, 0, 255]),
        Rgba([0, 0, 0, 0]),
    );
    let rows: Vec<Vec<Rgba<u8>>> = (0..4)
        .map(|y| (0..4).map(|x| *wall.get_pixel(x, y)).collect())
        .collect();
    assert_eq!(
        rows,
        [
            [clear, green, clear, clear],
            [red, clear, clear, red],
            [red, clear, clear, red],
            [clear, green, clear, clear],
        ]
    );
    assert!(textures.wall("NOSUCH").expect("no error").is_none());
}

#[test]
fn a_flat_is_64_by_64_palette_colours() {
    let wad = open(builder::one_room_wad().build()).expect("reads");
    let textures = WadTextures::read(&wad).expect("the graphics read");
    assert_eq!(textures.flat_names().collect::<Vec<_>>(), ["FLOOR"]);
    let flat = textures.flat("FLOOR").expect("decodes").expect("a flat");
    assert_eq!(flat.dimensions(), (64, 64));
    assert_eq!(*flat.get_pixel(63, 0), Rgba([0, 255, 0, 255]));
    assert_eq!(*flat.get_pixel(0, 1), Rgba([255, 0, 0, 255]));
    assert!(
        textures.flat("WALL").expect("no error").is_none(),
        "not a flat"
    );
}

#[test]
fn a_bad_picture_is_an_error_naming_its_lump() {
    let graphics = |patch: Vec<u8>, texture1: Vec<u8>| {
        WadBuilder::pwad()
            .lump("PLAYPAL", builder::palette())
            .lump("PNAMES", builder::pnames())
            .lump("TEXTURE1", texture1)
            .lump("PATCH1", patch)
            .build()
    };
    let mut patch = builder::patch();
    patch.truncate(patch.len() - 1);
    let wad = open(graphics(patch, builder::texture1())).expect("reads");
    let textures = WadTextures::read(&wad).expect("the definitions read");
    assert_eq!(
        textures
            .wall("WALL")
            .expect_err("a column runs off")
            .to_string(),
        "test.wad: PATCH1: column 1 runs past the end of the lump (33 bytes)"
    );
    let mut texture1 = builder::texture1();
    let last_patch_index = texture1.len() - 6;
    texture1[last_patch_index..last_patch_index + 2].copy_from_slice(&5i16.to_le_bytes());
    let wad = open(graphics(builder::patch(), texture1)).expect("reads");
    assert_eq!(
        WadTextures::read(&wad)
            .expect_err("PNAMES has one patch")
            .to_string(),
        "test.wad: TEXTURE1 WALL: patch 1 has out-of-range PNAMES index 5"
    );
    let wad = open(WadBuilder::pwad().lump("PLAYPAL", vec![0; 700]).build()).expect("reads");
    assert_eq!(
        WadTextures::read(&wad).expect_err("short").to_string(),
        "test.wad: PLAYPAL: a palette needs 768 bytes, the lump has 700"
    );
}
