//! The WAD file itself: the 12-byte header (`IWAD` or `PWAD`, the lump
//! count, the directory's offset), the directory of 16-byte entries (offset,
//! size, 8-byte name), the lumps' bytes, and the maps: a marker lump
//! followed by the lumps of one map.

use std::ops::Range;
use std::path::Path;

use super::error::{WadError, WadProblem};

/// Bytes in the header: the kind, the lump count, the directory offset.
const HEADER_SIZE: usize = 12;
/// Bytes in one directory entry: offset, size, name.
const ENTRY_SIZE: usize = 16;

/// The lumps that may follow a Doom-format (or Hexen-format) map's marker,
/// in any order; the map ends at the first other lump.
const BINARY_MAP_LUMPS: [&str; 12] = [
    "THINGS", "LINEDEFS", "SIDEDEFS", "VERTEXES", "SEGS", "SSECTORS", "NODES", "SECTORS", "REJECT",
    "BLOCKMAP", "BEHAVIOR", "SCRIPTS",
];

/// Whether a WAD is a whole game or a patch on one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WadKind {
    /// `IWAD`: a game's own data.
    Iwad,
    /// `PWAD`: maps or graphics that add to or replace a game's.
    Pwad,
}

/// One directory entry, as written: the offset and size are checked only
/// when the lump is read, so that one bad lump spoils only what needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LumpEntry {
    /// The name, up to 8 characters, cut at its first NUL and upper-cased.
    pub name: String,
    offset: i32,
    size: i32,
}

/// A WAD file in memory with its directory read.
#[derive(Debug, Clone)]
pub struct Wad {
    file: String,
    kind: WadKind,
    bytes: Vec<u8>,
    lumps: Vec<LumpEntry>,
}

/// How a map is stored, which decides how it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::Display)]
#[strum(serialize_all = "lowercase")]
pub enum MapFormat {
    /// Doom's binary records: THINGS, LINEDEFS, SIDEDEFS, VERTEXES, SECTORS.
    Doom,
    /// One TEXTMAP lump of `key = value;` blocks, up to ENDMAP.
    Udmf,
    /// Hexen's binary records (a BEHAVIOR lump says so): listed, not read.
    Hexen,
}

/// A map marker and the lumps that follow it. Shown as `mazewalker maps`
/// lists it (and the web page shows its WAD's maps): the marker's name and
/// the format, `E1M1 doom`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapEntry {
    /// The marker's name, e.g. `E1M1` or `MAP01`.
    pub name: String,
    /// How the map is stored.
    pub format: MapFormat,
    /// The directory indices of the map's lumps after the marker.
    pub lumps: Range<usize>,
}

impl std::fmt::Display for MapEntry {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{} {}", self.name, self.format)
    }
}

impl Wad {
    /// Reads the file at `path` (through [`platform`](crate::platform), so
    /// that the web page reads it from its storage) and its directory.
    /// Errors name the path as given.
    pub fn open(path: &Path) -> Result<Wad, WadError> {
        let bytes = crate::platform::read_file(path).map_err(|source| WadError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_bytes(path.display().to_string(), bytes)
    }

    /// Reads the directory of the WAD `bytes`; `file` names it in errors.
    pub fn from_bytes(file: impl Into<String>, bytes: Vec<u8>) -> Result<Wad, WadError> {
        let file = file.into();
        let invalid = |place: &str, problem| WadError::Invalid {
            file: file.clone(),
            place: place.to_string(),
            problem,
        };
        let size = bytes.len();
        let header = bytes
            .get(..HEADER_SIZE)
            .ok_or_else(|| invalid("header", WadProblem::TruncatedHeader { size }))?;
        let kind = match &header[..4] {
            b"IWAD" => WadKind::Iwad,
            b"PWAD" => WadKind::Pwad,
            other => {
                let found = other.iter().copied().map(char::from).collect();
                return Err(invalid("header", WadProblem::NotAWad { found }));
            }
        };
        let count = non_negative(le_i32(&header[4..8]), "lump count")
            .map_err(|problem| invalid("header", problem))?;
        let offset = non_negative(le_i32(&header[8..12]), "directory offset")
            .map_err(|problem| invalid("header", problem))?;
        let directory = count
            .checked_mul(ENTRY_SIZE)
            .and_then(|length| offset.checked_add(length))
            .and_then(|end| bytes.get(offset..end))
            .ok_or_else(|| {
                let problem = WadProblem::DirectoryPastEnd {
                    count,
                    offset,
                    size,
                };
                invalid("directory", problem)
            })?;
        let lumps = directory
            .chunks_exact(ENTRY_SIZE)
            .map(|entry| LumpEntry {
                offset: le_i32(&entry[0..4]),
                size: le_i32(&entry[4..8]),
                name: lump_name(&entry[8..16]),
            })
            .collect();
        Ok(Wad {
            file,
            kind,
            bytes,
            lumps,
        })
    }

    /// The file's name, as errors give it.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// `IWAD` or `PWAD`.
    pub fn kind(&self) -> WadKind {
        self.kind
    }

    /// The directory, in file order.
    pub fn lumps(&self) -> &[LumpEntry] {
        &self.lumps
    }

    /// The index of the last lump named `name` (a later lump replaces an
    /// earlier one of the same name, as in Doom), if there is one.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.lumps.iter().rposition(|lump| lump.name == name)
    }

    /// The bytes of lump `index`; `place` names it in the error when its
    /// offset or size is bad. An index past the directory is an empty lump.
    pub fn lump_bytes(&self, index: usize, place: &str) -> Result<&[u8], WadError> {
        let Some(lump) = self.lumps.get(index) else {
            return Ok(&[]);
        };
        let offset = non_negative(lump.offset, "lump offset");
        let lump_size = non_negative(lump.size, "lump size");
        let (offset, lump_size) = match (offset, lump_size) {
            (_, Ok(0)) => return Ok(&[]),
            (Ok(offset), Ok(lump_size)) => (offset, lump_size),
            (Err(problem), _) | (_, Err(problem)) => return Err(self.error(place, problem)),
        };
        offset
            .checked_add(lump_size)
            .and_then(|end| self.bytes.get(offset..end))
            .ok_or_else(|| {
                let size = self.bytes.len();
                let problem = WadProblem::LumpPastEnd {
                    offset,
                    lump_size,
                    size,
                };
                self.error(place, problem)
            })
    }

    /// The error `problem` at `place` of this WAD.
    pub(crate) fn error(&self, place: &str, problem: WadProblem) -> WadError {
        WadError::Invalid {
            file: self.file.clone(),
            place: place.to_string(),
            problem,
        }
    }

    /// Every map in the WAD, in directory order: each marker followed by
    /// THINGS (a Doom-format map, or Hexen-format with a BEHAVIOR lump) or
    /// by TEXTMAP (a UDMF map).
    pub fn maps(&self) -> Vec<MapEntry> {
        let mut maps = Vec::new();
        for (marker, lump) in self.lumps.iter().enumerate() {
            let first = marker + 1;
            let entry = match self.lumps.get(first).map(|next| next.name.as_str()) {
                Some("THINGS") => self.binary_map(first),
                Some("TEXTMAP") => self.udmf_map(first),
                _ => continue,
            };
            let (format, lumps) = entry;
            maps.push(MapEntry {
                name: lump.name.clone(),
                format,
                lumps,
            });
        }
        maps
    }

    /// The map whose marker is `name` (any case); the last one when
    /// several have that name.
    pub fn map(&self, name: &str) -> Result<MapEntry, WadError> {
        let name = name.to_ascii_uppercase();
        self.maps()
            .into_iter()
            .rev()
            .find(|map| map.name == name)
            .ok_or_else(|| self.error(&name, WadProblem::NoSuchMap))
    }

    /// The lumps of a Doom- or Hexen-format map that starts at `first`.
    fn binary_map(&self, first: usize) -> (MapFormat, Range<usize>) {
        let length = self.lumps[first..]
            .iter()
            .take_while(|lump| BINARY_MAP_LUMPS.contains(&lump.name.as_str()))
            .count();
        let lumps = first..first + length;
        let hexen = self.lumps[lumps.clone()]
            .iter()
            .any(|lump| lump.name == "BEHAVIOR");
        let format = if hexen {
            MapFormat::Hexen
        } else {
            MapFormat::Doom
        };
        (format, lumps)
    }

    /// The lumps of a UDMF map that starts at `first`: up to ENDMAP, or
    /// to the end of the directory when ENDMAP is missing.
    fn udmf_map(&self, first: usize) -> (MapFormat, Range<usize>) {
        let length = self.lumps[first..]
            .iter()
            .position(|lump| lump.name == "ENDMAP")
            .unwrap_or(self.lumps.len() - first);
        (MapFormat::Udmf, first..first + length)
    }
}

impl MapEntry {
    /// The index of the map's lump `name`, if it has one.
    pub fn lump(&self, wad: &Wad, name: &str) -> Option<usize> {
        self.lumps
            .clone()
            .find(|&index| wad.lumps.get(index).is_some_and(|lump| lump.name == name))
    }
}

/// A little-endian i32 from 4 bytes.
fn le_i32(bytes: &[u8]) -> i32 {
    let mut word = [0; 4];
    word.copy_from_slice(bytes);
    i32::from_le_bytes(word)
}

/// `value` as a size or offset, or the problem that it is negative.
fn non_negative(value: i32, field: &'static str) -> Result<usize, WadProblem> {
    usize::try_from(value).map_err(|_| WadProblem::Negative { field, value })
}

/// An 8-byte name as Doom reads it: up to its first NUL, upper-cased.
pub(crate) fn lump_name(bytes: &[u8]) -> String {
    bytes
        .iter()
        .take_while(|&&byte| byte != 0)
        .map(|&byte| char::from(byte).to_ascii_uppercase())
        .collect()
}
