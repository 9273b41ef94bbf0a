//! WADs written byte by byte for the tests: a builder of lumps and a
//! directory, the records of each map lump, and the small WADs the tests
//! and the fuzz target's seeds share.

/// A WAD under construction: its kind and its lumps in order.
pub struct WadBuilder {
    kind: [u8; 4],
    lumps: Vec<(String, Vec<u8>)>,
}

impl WadBuilder {
    /// An empty `PWAD`.
    pub fn pwad() -> Self {
        Self {
            kind: *b"PWAD",
            lumps: Vec::new(),
        }
    }

    /// An empty `IWAD`.
    pub fn iwad() -> Self {
        Self {
            kind: *b"IWAD",
            lumps: Vec::new(),
        }
    }

    /// Adds the lump `name` with `bytes`.
    pub fn lump(mut self, name: &str, bytes: impl Into<Vec<u8>>) -> Self {
        self.lumps.push((name.to_string(), bytes.into()));
        self
    }

    /// Adds the empty lump `name`: a map marker or a namespace's bound.
    pub fn marker(self, name: &str) -> Self {
        self.lump(name, Vec::new())
    }

    /// The file: the header, the lumps' bytes, then the directory.
    pub fn build(&self) -> Vec<u8> {
        let mut data: Vec<u8> = Vec::new();
        let mut directory = Vec::new();
        for (name, bytes) in &self.lumps {
            let offset = if bytes.is_empty() { 0 } else { 12 + data.len() };
            directory.extend(i32_bytes(offset));
            directory.extend(i32_bytes(bytes.len()));
            directory.extend(name8(name));
            data.extend(bytes);
        }
        let mut file = self.kind.to_vec();
        file.extend(i32_bytes(self.lumps.len()));
        file.extend(i32_bytes(12 + data.len()));
        file.extend(data);
        file.extend(directory);
        file
    }
}

/// A size or offset as the 4 little-endian bytes of an i32.
fn i32_bytes(value: usize) -> [u8; 4] {
    i32::try_from(value)
        .expect("a test WAD is small")
        .to_le_bytes()
}

/// `name` in 8 bytes, padded with NUL.
pub fn name8(name: &str) -> [u8; 8] {
    let mut bytes = [0; 8];
    for (byte, &character) in bytes.iter_mut().zip(name.as_bytes()) {
        *byte = character;
    }
    bytes
}

/// Little-endian i16s, one after another.
fn shorts(values: &[i16]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|value| value.to_le_bytes())
        .collect()
}

/// A THINGS record: x, y, angle, type, flags.
pub fn thing(x: i16, y: i16, angle: i16, kind: i16, flags: i16) -> Vec<u8> {
    shorts(&[x, y, angle, kind, flags])
}

/// A LINEDEFS record: start and end vertex, flags, special, tag, right
/// and left side (0xFFFF for none).
pub fn linedef(
    start: u16,
    end: u16,
    flags: u16,
    special: u16,
    tag: u16,
    right: u16,
    left: u16,
) -> Vec<u8> {
    [start, end, flags, special, tag, right, left]
        .iter()
        .flat_map(|value| value.to_le_bytes())
        .collect()
}

/// A SIDEDEFS record: offsets, upper, lower and middle texture, sector.
pub fn sidedef(x: i16, y: i16, upper: &str, lower: &str, middle: &str, sector: u16) -> Vec<u8> {
    let mut record = shorts(&[x, y]);
    for name in [upper, lower, middle] {
        record.extend(name8(name));
    }
    record.extend(sector.to_le_bytes());
    record
}

/// A VERTEXES record.
pub fn vertex(x: i16, y: i16) -> Vec<u8> {
    shorts(&[x, y])
}

/// A SECTORS record: floor and ceiling height, flats, light, special, tag.
pub fn sector(
    floor: i16,
    ceiling: i16,
    floor_flat: &str,
    ceiling_flat: &str,
    light: i16,
) -> Vec<u8> {
    let mut record = shorts(&[floor, ceiling]);
    record.extend(name8(floor_flat));
    record.extend(name8(ceiling_flat));
    record.extend(shorts(&[light, 0, 0]));
    record
}

/// The lumps of a Doom-format map, in Doom's order, each the records
/// given joined; the lumps a node builder writes are left empty.
pub struct DoomLumps {
    pub things: Vec<Vec<u8>>,
    pub linedefs: Vec<Vec<u8>>,
    pub sidedefs: Vec<Vec<u8>>,
    pub vertices: Vec<Vec<u8>>,
    pub sectors: Vec<Vec<u8>>,
}

impl DoomLumps {
    /// A 256-unit square room facing in: four one-sided lines, one sector,
    /// player 1's start in the middle facing east. The sidedefs' names are
    /// written in lower case (the reader upper-cases them).
    pub fn room() -> Self {
        let corners = [(0, 0), (0, 256), (256, 256), (256, 0)];
        Self {
            things: vec![thing(128, 128, 0, 1, 7)],
            linedefs: (0..4)
                .map(|line| linedef(line, (line + 1) % 4, 1, 0, 0, line, 0xFFFF))
                .collect(),
            sidedefs: (0..4).map(|_| sidedef(0, 0, "-", "-", "wall", 0)).collect(),
            vertices: corners.iter().map(|&(x, y)| vertex(x, y)).collect(),
            sectors: vec![sector(0, 128, "FLOOR", "F_SKY1", 160)],
        }
    }

    /// Adds this map's lumps after its marker `name` to `wad`.
    pub fn add_to(&self, wad: WadBuilder, name: &str) -> WadBuilder {
        wad.marker(name)
            .lump("THINGS", self.things.concat())
            .lump("LINEDEFS", self.linedefs.concat())
            .lump("SIDEDEFS", self.sidedefs.concat())
            .lump("VERTEXES", self.vertices.concat())
            .marker("SEGS")
            .marker("SSECTORS")
            .marker("NODES")
            .lump("SECTORS", self.sectors.concat())
            .marker("REJECT")
            .marker("BLOCKMAP")
    }
}

/// A UDMF TEXTMAP: the room of [`DoomLumps::room`] with fractions, an
/// unknown key and block, and both kinds of comment.
pub const ROOM_TEXTMAP: &str = r#"// A room, in UDMF.
namespace = "zdoom";
/* Comments may
   span lines. */
thing { x = 128.5; y = 128.0; angle = 90; type = 1; skill1 = true; single = true; }
vertex { x = 0.0; y = 0.0; }
vertex { x = 0; y = 256.25; }
vertex { x = 256.0; y = 256.25; }
vertex { x = 256.0; y = 0.0; }
linedef { v1 = 0; v2 = 1; sidefront = 0; blocking = true; comment = "unknown keys are skipped"; }
linedef { v1 = 1; v2 = 2; sidefront = 1; id = 7; special = 0x1F; }
linedef { v1 = 2; v2 = 3; sidefront = 2; twosided = false; }
linedef { v1 = 3; v2 = 0; sidefront = 3; sideback = -1; }
sidedef { sector = 0; texturemiddle = "wall"; offsetx = -8; }
sidedef { sector = 0; texturemiddle = "WALL"; }
sidedef { sector = 0; texturemiddle = "WALL"; }
sidedef { sector = 0; texturemiddle = "WALL"; }
sector { heightfloor = 0; heightceiling = 128; texturefloor = "FLOOR"; textureceiling = "F_SKY1"; }
unknownblock { anything = 1.5e3; }
"#;

/// One palette (Doom's has 14; the first is the one read), with the two
/// colours the graphics use: index 1 red, index 2 green.
pub fn palette() -> Vec<u8> {
    let mut playpal = vec![0; 768];
    playpal[3..6].copy_from_slice(&[255, 0, 0]);
    playpal[6..9].copy_from_slice(&[0, 255, 0]);
    playpal
}

/// A 2 × 4 patch: column 0 a post of two red texels from row 1, column 1
/// two posts of one green texel each at rows 0 and 3.
pub fn patch() -> Vec<u8> {
    let mut bytes = shorts(&[2, 4, 0, 0]);
    let column0 = [1, 2, 0, 1, 1, 0, 0xFF];
    let column1 = [0, 1, 0, 2, 0, 3, 1, 0, 2, 0, 0xFF];
    let first = 8 + 8;
    bytes.extend(u32::try_from(first).expect("small").to_le_bytes());
    bytes.extend(
        u32::try_from(first + column0.len())
            .expect("small")
            .to_le_bytes(),
    );
    bytes.extend(column0);
    bytes.extend(column1);
    bytes
}

/// A TEXTURE1 lump of one texture, `WALL`, 4 × 4: the patch of [`patch`]
/// at (0, 0) and again at (3, 0), so that column 2 and texels the
/// posts skip stay transparent, and the second copy is clipped at x = 4.
pub fn texture1() -> Vec<u8> {
    textures_named(&["WALL"])
}

/// A TEXTURE1 lump of textures `names`, each made as [`texture1`]'s
/// `WALL`.
pub fn textures_named(names: &[&str]) -> Vec<u8> {
    // The count, the offsets, then 42 bytes a texture of two patches.
    let count = names.len() as i32;
    let mut bytes = count.to_le_bytes().to_vec();
    for index in 0..count {
        bytes.extend((4 + 4 * count + 42 * index).to_le_bytes());
    }
    for name in names {
        bytes.extend(name8(name));
        bytes.extend(0i32.to_le_bytes());
        bytes.extend(shorts(&[4, 4]));
        bytes.extend(0i32.to_le_bytes());
        bytes.extend(shorts(&[2]));
        bytes.extend(shorts(&[0, 0, 0, 1, 0]));
        bytes.extend(shorts(&[3, 0, 0, 1, 0]));
    }
    bytes
}

/// A TEXTURE1 lump of `textures`, each (name, width, height) the one
/// 2 × 4 patch of [`patch`] at (0, 0): every texel it does not cover is
/// transparent.
pub fn textures_sized(textures: &[(&str, i16, i16)]) -> Vec<u8> {
    let count = i32::try_from(textures.len()).expect("few");
    let mut bytes = count.to_le_bytes().to_vec();
    let entry_size = 8 + 4 + 2 + 2 + 4 + 2 + 10;
    for index in 0..count {
        bytes.extend((4 + 4 * count + entry_size * index).to_le_bytes());
    }
    for &(name, wide, high) in textures {
        bytes.extend(name8(name));
        bytes.extend(0i32.to_le_bytes());
        bytes.extend(shorts(&[wide, high]));
        bytes.extend(0i32.to_le_bytes());
        bytes.extend(shorts(&[1]));
        bytes.extend(shorts(&[0, 0, 0, 1, 0]));
    }
    bytes
}

/// The PNAMES lump naming the one patch, `PATCH1`.
pub fn pnames() -> Vec<u8> {
    let mut bytes = 1i32.to_le_bytes().to_vec();
    bytes.extend(name8("PATCH1"));
    bytes
}

/// A 64 × 64 flat: palette index 1 (red) but for its first row, 2 (green).
pub fn flat() -> Vec<u8> {
    let mut bytes = vec![1; 64 * 64];
    bytes[..64].fill(2);
    bytes
}

/// The room as a Doom-format map E1M1, the UDMF room as MAP01, and the
/// graphics both name: what `maps` lists and the reader reads whole.
pub fn one_room_wad() -> WadBuilder {
    let wad = DoomLumps::room().add_to(WadBuilder::iwad(), "E1M1");
    with_graphics(
        wad.marker("MAP01")
            .lump("TEXTMAP", ROOM_TEXTMAP)
            .marker("ENDMAP"),
    )
}

/// `wad` with PLAYPAL, PNAMES, TEXTURE1, the patch and the flat `FLOOR`.
pub fn with_graphics(wad: WadBuilder) -> WadBuilder {
    with_textures(wad, &["WALL"])
}

/// [`with_graphics`] with the wall textures `names` in TEXTURE1.
pub fn with_textures(wad: WadBuilder, names: &[&str]) -> WadBuilder {
    wad.lump("PLAYPAL", palette())
        .lump("PNAMES", pnames())
        .lump("TEXTURE1", textures_named(names))
        .marker("P_START")
        .lump("PATCH1", patch())
        .marker("P_END")
        .marker("F_START")
        .lump("FLOOR", flat())
        .marker("F_END")
}

/// A Hexen-format map: the room with a BEHAVIOR lump.
pub fn hexen_wad() -> WadBuilder {
    DoomLumps::room()
        .add_to(WadBuilder::pwad(), "MAP01")
        .lump("BEHAVIOR", b"ACS\0".to_vec())
}

/// The fuzz target's seeds, `fuzz/seeds/wad/NAME`: the small WADs above,
/// whole and damaged in each way the tests check.
pub fn seeds() -> Vec<(&'static str, Vec<u8>)> {
    let mut bad_sector = DoomLumps::room();
    bad_sector.sidedefs[2] = sidedef(0, 0, "-", "-", "WALL", 65535);
    let mut bad_vertex = DoomLumps::room();
    bad_vertex.linedefs[1] = linedef(1, 4, 1, 0, 0, 1, 0xFFFF);
    let mut partial_record = DoomLumps::room();
    partial_record.linedefs[2].truncate(13);
    let mut directory_past_end = one_room_wad().build();
    directory_past_end[4] += 1;
    vec![
        ("one-room.wad", one_room_wad().build()),
        ("hexen.wad", hexen_wad().build()),
        (
            "bad-sector.wad",
            bad_sector.add_to(WadBuilder::pwad(), "E1M1").build(),
        ),
        (
            "bad-vertex.wad",
            bad_vertex.add_to(WadBuilder::pwad(), "E1M1").build(),
        ),
        (
            "bad-partial-record.wad",
            partial_record.add_to(WadBuilder::pwad(), "E1M1").build(),
        ),
        ("bad-directory-past-end.wad", directory_past_end),
        ("bad-truncated-header.wad", b"PWAD\x01\0\0\0".to_vec()),
    ]
}
