//! Doom's door sectors as rise doors: each sector a door special works
//! (the sector behind a manual door's line, the tagged sectors of a remote
//! one) becomes a `[[door]]` of kind `"rise"` over the sector's box, from
//! its floor up to where Doom opens it (4 units below the lowest
//! neighbouring ceiling), moving at its special's speed and closing after
//! its wait. A door sector the map has open already (its ceiling above
//! its floor) stays open: what closes it is a trigger.

use std::collections::{BTreeMap, HashMap};

use glam::Vec2;

use super::specials::{DoorMotion, Special, TICS_PER_SECOND, door_motion, special};
use super::text::TextDoor;
use super::{UNITS_PER_METRE, plan};
use crate::level::wad::DoomMap;

/// A sector some door special works: the first line (in the map's order)
/// that works it, and how that line's special moves it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct DoorSector {
    /// The line's index.
    pub line: usize,
    /// How it moves.
    pub motion: DoorMotion,
}

/// Every door sector, by sector index.
pub(super) fn door_sectors(map: &DoomMap) -> BTreeMap<usize, DoorSector> {
    let mut doors = BTreeMap::new();
    for (index, line) in map.linedefs.iter().enumerate() {
        let Some(motion) = door_motion(line.special) else {
            continue;
        };
        let sectors: Vec<usize> = match special(line.special) {
            Some(Special::ManualDoor) => line
                .left
                .and_then(|side| map.sidedefs.get(side))
                .map(|side| side.sector)
                .into_iter()
                .collect(),
            Some(Special::RemoteDoor) => (map.sectors.iter().enumerate())
                .filter(|(_, sector)| line.tag != 0 && sector.tag == line.tag)
                .map(|(sector, _)| sector)
                .collect(),
            _ => Vec::new(),
        };
        for sector in sectors {
            doors.entry(sector).or_insert(DoorSector {
                line: index,
                motion,
            });
        }
    }
    doors
}

/// Door sector `sector` as a rise door closed in the map, its floor and
/// open ceiling at `span` (metres), or `None` when the map has it open
/// or it has no line with two distinct ends. `material` names a wall
/// texture's material, if the WAD has it.
pub(super) fn rise_door(
    map: &DoomMap,
    (sector, door): (usize, &DoorSector),
    span: (f32, f32),
    mut material: impl FnMut(&str) -> Option<String>,
) -> Option<TextDoor> {
    let doom_sector = map.sectors.get(sector)?;
    if doom_sector.ceiling_height > doom_sector.floor_height {
        return None;
    }
    let lines = bordering_lines(map, sector);
    let (a, b, thickness) = footprint(map, &lines, door.line)?;
    Some(TextDoor {
        a,
        b,
        thickness,
        base: span.0,
        height: span.1 - span.0,
        speed: door.motion.units_per_tic * TICS_PER_SECOND / UNITS_PER_METRE as f32,
        close_after: door
            .motion
            .wait_tics
            .map_or(0.0, |tics| tics / TICS_PER_SECOND),
        material: face_texture(map, &lines, sector).and_then(|name| material(&name)),
    })
}

/// The indices of the lines with `sector` on one side.
fn bordering_lines(map: &DoomMap, sector: usize) -> Vec<usize> {
    let faces = |side: Option<usize>| {
        side.and_then(|side| map.sidedefs.get(side))
            .is_some_and(|side| side.sector == sector)
    };
    (map.linedefs.iter().enumerate())
        .filter(|(_, line)| faces(line.right) || faces(line.left))
        .map(|(index, _)| index)
        .collect()
}

/// The box around `lines` in the frame of `along` (the line that works
/// the door, when it is one of them; else the longest of them): the
/// centreline `a → b` through its middle along that line, and its
/// thickness across it. `None` without a line of two distinct ends.
fn footprint(map: &DoomMap, lines: &[usize], along: usize) -> Option<(Vec2, Vec2, f32)> {
    let ends = |index: usize| {
        let line = map.linedefs.get(index)?;
        let (a, b) = (map.vertices.get(line.start)?, map.vertices.get(line.end)?);
        Some((plan(a.x, a.y), plan(b.x, b.y)))
    };
    let length = |index: &usize| ends(*index).map_or(0.0, |(a, b)| a.distance(b));
    let frame = if lines.contains(&along) {
        Some(along)
    } else {
        lines
            .iter()
            .copied()
            .max_by(|x, y| length(x).total_cmp(&length(y)))
    }?;
    let (origin, to) = ends(frame)?;
    let direction = (to - origin).try_normalize()?;
    let across = direction.perp();
    let points: Vec<Vec2> = lines
        .iter()
        .filter_map(|&index| ends(index))
        .flat_map(|(a, b)| [a, b])
        .collect();
    let range = |axis: Vec2| {
        points
            .iter()
            .map(|&p| (p - origin).dot(axis))
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(low, high), x| {
                (low.min(x), high.max(x))
            })
    };
    let ((start, end), (near, far)) = (range(direction), range(across));
    let middle = origin + across * ((near + far) / 2.0);
    Some((
        middle + direction * start,
        middle + direction * end,
        far - near,
    ))
}

/// The texture a door's faces show: the upper texture most named by the
/// sides that face the door sector from across its lines (ties to the
/// first in name order); `None` when they name none.
fn face_texture(map: &DoomMap, lines: &[usize], sector: usize) -> Option<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for line in lines.iter().filter_map(|&index| map.linedefs.get(index)) {
        let sides = [line.right, line.left].map(|side| side.and_then(|s| map.sidedefs.get(s)));
        for (this, other) in [(sides[0], sides[1]), (sides[1], sides[0])] {
            if let (Some(this), Some(other)) = (this, other)
                && this.sector != sector
                && other.sector == sector
                && this.upper != "-"
                && !this.upper.is_empty()
            {
                *counts.entry(this.upper.as_str()).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)))
        .map(|(name, _)| name.to_owned())
}
