//! A map's records, the same whichever way the map was stored: things,
//! linedefs, sidedefs, vertices and sectors ([`DoomMap`]); and reading
//! them from a Doom-format map's binary lumps (little-endian records of
//! 10, 14, 30, 4 and 26 bytes).

use super::directory::{MapEntry, MapFormat, Wad, lump_name};
use super::error::{WadError, WadProblem};

/// The value of a linedef's side that means "no side".
const NO_SIDE: u16 = 0xFFFF;

/// A map's records, in the order the map lists them: indices between them
/// are indices into these lists, checked when the map is read.
#[derive(Debug, Clone, PartialEq)]
pub struct DoomMap {
    /// The marker's name, e.g. `E1M1`.
    pub name: String,
    /// How the map was stored ([`MapFormat::Doom`] or [`MapFormat::Udmf`]).
    pub format: MapFormat,
    /// Monsters, items, decorations, player starts.
    pub things: Vec<Thing>,
    /// The lines of the plan.
    pub linedefs: Vec<Linedef>,
    /// The sides of the lines, with their textures.
    pub sidedefs: Vec<Sidedef>,
    /// The lines' ends.
    pub vertices: Vec<Vertex>,
    /// The areas the sides face, with their heights and flats.
    pub sectors: Vec<Sector>,
}

/// A point of the plan, in Doom units (UDMF maps give fractions).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Vertex {
    /// East.
    pub x: f64,
    /// North.
    pub y: f64,
}

/// One thing: a monster, item, decoration or start.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thing {
    /// East, in Doom units.
    pub x: f64,
    /// North, in Doom units.
    pub y: f64,
    /// Facing, in degrees counter-clockwise from east.
    pub angle: i32,
    /// What it is: its editor number (1 is player 1's start).
    pub kind: i32,
    /// Doom's flags: 1, 2, 4 the skills, 8 deaf, 16 not in single player.
    pub flags: u16,
}

/// A line between two vertices, with a right (front) and a left (back) side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Linedef {
    /// The index of its first vertex.
    pub start: usize,
    /// The index of its second vertex.
    pub end: usize,
    /// Doom's flags ([`Linedef::BLOCKS`], [`Linedef::TWO_SIDED`], ...).
    pub flags: u16,
    /// What it does when used, crossed or shot (0 for nothing): Doom's
    /// numbers, except in a UDMF map of the `zdoom` namespace, whose
    /// specials are ZDoom's (Hexen's numbers, with arguments not read here).
    pub special: i32,
    /// The sectors it acts on: those of the same tag (UDMF's `id`).
    pub tag: i32,
    /// The index of its right side, `None` when missing (a warning).
    pub right: Option<usize>,
    /// The index of its left side, `None` for a one-sided line.
    pub left: Option<usize>,
}

impl Linedef {
    /// Flag: the walker cannot cross it.
    pub const BLOCKS: u16 = 1;
    /// Flag: monsters cannot cross it.
    pub const BLOCKS_MONSTERS: u16 = 2;
    /// Flag: it has two sides, a sector on each.
    pub const TWO_SIDED: u16 = 4;
    /// Flag: the upper texture is drawn from the top down.
    pub const UPPER_UNPEGGED: u16 = 8;
    /// Flag: the lower texture is drawn as if from the ceiling down.
    pub const LOWER_UNPEGGED: u16 = 16;
    /// Flag: the automap shows it as one-sided.
    pub const SECRET: u16 = 32;
    /// Flag: it blocks sound.
    pub const BLOCKS_SOUND: u16 = 64;
    /// Flag: the automap never shows it.
    pub const NOT_ON_MAP: u16 = 128;
    /// Flag: the automap shows it from the start.
    pub const ON_MAP: u16 = 256;
}

/// One side of a line: its textures and the sector it faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sidedef {
    /// The textures' horizontal offset, in texels.
    pub x_offset: i32,
    /// The textures' vertical offset, in texels.
    pub y_offset: i32,
    /// The texture above a lower ceiling beyond, `-` for none.
    pub upper: String,
    /// The texture below a higher floor beyond, `-` for none.
    pub lower: String,
    /// The texture across the line itself, `-` for none.
    pub middle: String,
    /// The index of the sector it faces.
    pub sector: usize,
}

/// An area of the plan with one floor and one ceiling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sector {
    /// The floor's height, in Doom units.
    pub floor_height: i32,
    /// The ceiling's height, in Doom units.
    pub ceiling_height: i32,
    /// The floor's flat.
    pub floor_flat: String,
    /// The ceiling's flat (`F_SKY1` for open sky).
    pub ceiling_flat: String,
    /// Its light level, 0 (dark) to 255.
    pub light: i32,
    /// Its effect (blinking, damage, secret), 0 for none.
    pub special: i32,
    /// Its tag, which linedefs' specials name.
    pub tag: i32,
}

impl Wad {
    /// The records of a Doom-format map.
    pub(super) fn read_doom_format(&self, entry: &MapEntry) -> Result<DoomMap, WadError> {
        Ok(DoomMap {
            name: entry.name.clone(),
            format: MapFormat::Doom,
            things: self.records(entry, "THINGS", read_thing)?,
            linedefs: self.records(entry, "LINEDEFS", read_linedef)?,
            sidedefs: self.records(entry, "SIDEDEFS", read_sidedef)?,
            vertices: self.records(entry, "VERTEXES", read_vertex)?,
            sectors: self.records(entry, "SECTORS", read_sector)?,
        })
    }

    /// The records of the map's lump `lump`, each `N` bytes, read by
    /// `read`.
    fn records<const N: usize, T>(
        &self,
        entry: &MapEntry,
        lump: &str,
        read: fn(&[u8; N]) -> T,
    ) -> Result<Vec<T>, WadError> {
        let place = format!("{} {lump}", entry.name);
        let index = entry.lump(self, lump).ok_or_else(|| {
            let problem = WadProblem::MissingLump {
                lump: lump.to_string(),
            };
            self.error(&entry.name, problem)
        })?;
        let bytes = self.lump_bytes(index, &place)?;
        let (records, rest) = bytes.as_chunks::<N>();
        if !rest.is_empty() {
            let size = bytes.len();
            return Err(self.error(&place, WadProblem::NotWholeRecords { size, record: N }));
        }
        Ok(records.iter().map(read).collect())
    }
}

/// The little-endian i16 at `at` of a record.
fn i16_at<const N: usize>(record: &[u8; N], at: usize) -> i16 {
    i16::from_le_bytes([record[at], record[at + 1]])
}

/// The little-endian u16 at `at` of a record.
fn u16_at<const N: usize>(record: &[u8; N], at: usize) -> u16 {
    u16::from_le_bytes([record[at], record[at + 1]])
}

/// A 10-byte THINGS record: x, y, angle, type, flags.
fn read_thing(record: &[u8; 10]) -> Thing {
    Thing {
        x: f64::from(i16_at(record, 0)),
        y: f64::from(i16_at(record, 2)),
        angle: i32::from(i16_at(record, 4)),
        kind: i32::from(i16_at(record, 6)),
        flags: u16_at(record, 8),
    }
}

/// A 14-byte LINEDEFS record: start and end vertex, flags, special, tag,
/// right and left side (0xFFFF for none). Indices are unsigned, as in the
/// source ports that lift Doom's limit of 32767.
fn read_linedef(record: &[u8; 14]) -> Linedef {
    let side = |at| Some(u16_at(record, at)).filter(|&side| side != NO_SIDE);
    Linedef {
        start: usize::from(u16_at(record, 0)),
        end: usize::from(u16_at(record, 2)),
        flags: u16_at(record, 4),
        special: i32::from(u16_at(record, 6)),
        tag: i32::from(i16_at(record, 8)),
        right: side(10).map(usize::from),
        left: side(12).map(usize::from),
    }
}

/// A 30-byte SIDEDEFS record: x and y offset, upper, lower and middle
/// texture names, sector.
fn read_sidedef(record: &[u8; 30]) -> Sidedef {
    Sidedef {
        x_offset: i32::from(i16_at(record, 0)),
        y_offset: i32::from(i16_at(record, 2)),
        upper: lump_name(&record[4..12]),
        lower: lump_name(&record[12..20]),
        middle: lump_name(&record[20..28]),
        sector: usize::from(u16_at(record, 28)),
    }
}

/// A 4-byte VERTEXES record: x, y.
fn read_vertex(record: &[u8; 4]) -> Vertex {
    Vertex {
        x: f64::from(i16_at(record, 0)),
        y: f64::from(i16_at(record, 2)),
    }
}

/// A 26-byte SECTORS record: floor and ceiling height, floor and ceiling
/// flat names, light, special, tag.
fn read_sector(record: &[u8; 26]) -> Sector {
    Sector {
        floor_height: i32::from(i16_at(record, 0)),
        ceiling_height: i32::from(i16_at(record, 2)),
        floor_flat: lump_name(&record[4..12]),
        ceiling_flat: lump_name(&record[12..20]),
        light: i32::from(i16_at(record, 20)),
        special: i32::from(u16_at(record, 22)),
        tag: i32::from(i16_at(record, 24)),
    }
}
