//! Reading a map of either format, then checking that every index in its
//! records points at a record: an index out of range is an error, what a
//! source port reads past is a warning beside the map.

use super::directory::{MapFormat, Wad};
use super::error::{WadError, WadProblem, WadWarning};
use super::map::{DoomMap, Linedef};
use super::udmf;

/// A map as read, with what a source port would have warned of.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedMap {
    /// The records.
    pub map: DoomMap,
    /// Oddities read past: lines without a right side, lines of zero length.
    pub warnings: Vec<WadWarning>,
}

impl Wad {
    /// Reads the map whose marker is `name` (any case), of either format;
    /// a Hexen-format map is an error.
    pub fn read_map(&self, name: &str) -> Result<LoadedMap, WadError> {
        let entry = self.map(name)?;
        let map = match entry.format {
            MapFormat::Doom => self.read_doom_format(&entry)?,
            MapFormat::Udmf => udmf::read_udmf(self, &entry)?,
            MapFormat::Hexen => return Err(self.error(&entry.name, WadProblem::HexenFormat)),
        };
        let warnings = check_references(self, &map)?;
        Ok(LoadedMap { map, warnings })
    }
}

/// Checks that every index in `map` points at a record: an index out of
/// range is an error naming the record. Returns what a source port warns
/// of and reads past: a line without a right side, a two-sided line
/// without a left side, a line whose two ends are one point.
fn check_references(wad: &Wad, map: &DoomMap) -> Result<Vec<WadWarning>, WadError> {
    let lump = |binary: &str| match map.format {
        MapFormat::Udmf => format!("{} TEXTMAP", map.name),
        MapFormat::Doom | MapFormat::Hexen => format!("{} {binary}", map.name),
    };
    let out_of_range = |place: &str, record, index, field, value: usize| {
        let value = i64::try_from(value).unwrap_or(i64::MAX);
        let problem = WadProblem::IndexOutOfRange {
            record,
            index,
            field,
            value,
        };
        wad.error(place, problem)
    };
    let sidedefs = lump("SIDEDEFS");
    for (index, side) in map.sidedefs.iter().enumerate() {
        if side.sector >= map.sectors.len() {
            return Err(out_of_range(
                &sidedefs,
                "sidedef",
                index,
                "sector",
                side.sector,
            ));
        }
    }
    let linedefs = lump("LINEDEFS");
    let mut warnings = Vec::new();
    for (index, line) in map.linedefs.iter().enumerate() {
        let ends = [("start vertex", line.start), ("end vertex", line.end)];
        for (field, vertex) in ends {
            if vertex >= map.vertices.len() {
                return Err(out_of_range(&linedefs, "linedef", index, field, vertex));
            }
        }
        let sides = [("right side", line.right), ("left side", line.left)];
        for (field, side) in sides {
            if let Some(side) = side.filter(|&side| side >= map.sidedefs.len()) {
                return Err(out_of_range(&linedefs, "linedef", index, field, side));
            }
        }
        let mut warn = |message: String| {
            warnings.push(WadWarning {
                place: linedefs.clone(),
                message,
            })
        };
        if line.right.is_none() {
            warn(format!("linedef {index} has no right side"));
        }
        if line.flags & Linedef::TWO_SIDED != 0 && line.left.is_none() {
            warn(format!("linedef {index} is two-sided but has no left side"));
        }
        if map.vertices.get(line.start) == map.vertices.get(line.end) {
            warn(format!("linedef {index} has zero length"));
        }
    }
    Ok(warnings)
}
