//! What can be wrong with a WAD, worded for the person who gave it: each
//! error names the file, the lump (with its map, for a map's lumps) and what
//! is wrong; each warning names what a source port would warn of and go on.

use std::fmt;
use std::path::PathBuf;

/// Why a WAD, one of its maps or one of its textures could not be read.
/// The Display text is the whole message, e.g.
/// `freedoom1.wad: E1M1 SIDEDEFS: sidedef 12 has out-of-range sector 65535`.
#[derive(Debug, thiserror::Error)]
pub enum WadError {
    /// The file could not be read at all.
    #[error("{}: cannot read the WAD: {source}", path.display())]
    Read {
        /// The file that was asked for.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The bytes are read but something in them is unusable.
    #[error("{file}: {place}: {problem}")]
    Invalid {
        /// The WAD, as it was named when opened.
        file: String,
        /// Where in it: `header`, `directory`, a lump (`PNAMES`) or a map's
        /// lump (`E1M1 SIDEDEFS`).
        place: String,
        /// What is wrong there.
        problem: WadProblem,
    },
}

/// What is wrong at one place of a WAD.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WadProblem {
    /// The file ends before the 12-byte header does.
    #[error("the file is {size} bytes, shorter than the 12-byte header")]
    TruncatedHeader {
        /// The file's size in bytes.
        size: usize,
    },
    /// The header's first four bytes are neither `IWAD` nor `PWAD`.
    #[error("starts with {found:?}, not \"IWAD\" or \"PWAD\"")]
    NotAWad {
        /// The four bytes, as text.
        found: String,
    },
    /// The header's lump count or directory offset is negative.
    #[error("the {field} is negative ({value})")]
    Negative {
        /// `lump count`, `directory offset`, `lump offset` or `lump size`.
        field: &'static str,
        /// The value read.
        value: i32,
    },
    /// The directory reaches past the end of the file.
    #[error(
        "the directory of {count} entries at offset {offset} ends past the end of the file ({size} bytes)"
    )]
    DirectoryPastEnd {
        /// The header's lump count.
        count: usize,
        /// The header's directory offset.
        offset: usize,
        /// The file's size in bytes.
        size: usize,
    },
    /// A lump reaches past the end of the file.
    #[error(
        "the lump of {lump_size} bytes at offset {offset} ends past the end of the file ({size} bytes)"
    )]
    LumpPastEnd {
        /// The lump's offset.
        offset: usize,
        /// The lump's size.
        lump_size: usize,
        /// The file's size in bytes.
        size: usize,
    },
    /// A lump of records is not a whole number of them.
    #[error("{size} bytes is not a multiple of the {record}-byte record")]
    NotWholeRecords {
        /// The lump's size in bytes.
        size: usize,
        /// The size of one record.
        record: usize,
    },
    /// A lump is shorter than its fixed layout needs.
    #[error("{what} needs {needed} bytes, the lump has {size}")]
    TooShort {
        /// What was being read (`the palette`, `the patch count`, ...).
        what: String,
        /// How many bytes it needs.
        needed: usize,
        /// How many the lump has.
        size: usize,
    },
    /// A record refers to a record that does not exist.
    #[error("{record} {index} has out-of-range {field} {value}")]
    IndexOutOfRange {
        /// The kind of the record that refers (`sidedef`, `linedef`, ...).
        record: &'static str,
        /// Its index, counted from 0.
        index: usize,
        /// The field that refers (`sector`, `start vertex`, `right side`, ...).
        field: &'static str,
        /// The value in the field.
        value: i64,
    },
    /// A lump the map or the textures need is not in the WAD.
    #[error("there is no {lump} lump")]
    MissingLump {
        /// The lump's name.
        lump: String,
    },
    /// No map marker of that name.
    #[error("there is no map of that name")]
    NoSuchMap,
    /// A Hexen-format map, which this reader does not read.
    #[error(
        "a Hexen-format map (it has a BEHAVIOR lump); only Doom-format and UDMF maps can be read"
    )]
    HexenFormat,
    /// A map with no player 1 start (thing type 1), which an imported
    /// level needs.
    #[error("no player 1 start (thing type 1): an imported level needs one")]
    NoStart,
    /// A UDMF map in a namespace this reader does not read.
    #[error("UDMF namespace {namespace:?} is not read; only \"doom\", \"heretic\" and \"zdoom\"")]
    UnknownNamespace {
        /// The namespace the TEXTMAP declares.
        namespace: String,
    },
    /// A TEXTMAP that is not valid UDMF, or lacks a required key.
    #[error("line {line}: {message}")]
    Udmf {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A picture (patch, flat or texture definition) that cannot be drawn.
    #[error("{0}")]
    Picture(String),
}

/// Something a source port would warn of and go on: the map is still read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WadWarning {
    /// Where: a map's lump, e.g. `E1M1 LINEDEFS`.
    pub place: String,
    /// What is odd there, e.g. `linedef 7 has no right side`.
    pub message: String,
}

impl fmt::Display for WadWarning {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}: {}", self.place, self.message)
    }
}
