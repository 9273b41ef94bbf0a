//! Doom's door sectors as rise doors: each sector a door special works
//! (the sector behind a manual door's line, the tagged sectors of a remote
//! one) becomes a `[[door]]` of kind `"rise"` over the sector's box, from
//! its floor up to where Doom opens it (4 units below the lowest
//! neighbouring ceiling), moving at its special's speed and closing after
//! its wait; a sector of several outlines a door over each. A door
//! sector the map has open already (its ceiling above its floor) becomes
//! a rise door that starts open where some line closes it (Doom's doors
//! that shut behind the walker), and stays an open floor where none
//! does; a sector whose outline is no box (a leaf is one) stays open,
//! with a warning. The lines that open and close remote doors become
//! switches, once where Doom's line is once.

use std::collections::{BTreeMap, HashMap};

use glam::Vec2;

use super::specials::{
    DoorLine, DoorMotion, Special, TICS_PER_SECOND, Worked, door_motion, remote_door_line, special,
};
use super::text::{TextDoor, TextSwitch};
use super::{UNITS_PER_METRE, plan};
use crate::level::wad::DoomMap;

/// A sector some door special works: the first line (in the map's order)
/// that works it, how that line's special moves it, and whether any line
/// closes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct DoorSector {
    /// The line's index.
    pub line: usize,
    /// How it moves.
    pub motion: DoorMotion,
    /// Whether a remote door line closes it (a closing special tags it).
    pub closed_by_a_line: bool,
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
        let closes = matches!(remote_door_line(line.special), Some(DoorLine::Closes(_)));
        for sector in sectors {
            let door = doors.entry(sector).or_insert(DoorSector {
                line: index,
                motion,
                closed_by_a_line: false,
            });
            door.closed_by_a_line |= closes;
        }
    }
    doors
}

/// How much larger than its outline a door's box may be (rounding of
/// the box's corners): a door sector of any other shape is left open.
const BOX_SLACK: f32 = 1.01;

/// One outline (`outline`, in plan) of door sector `sector` as a rise
/// door, its floor and open ceiling at `span` (metres), closed as the
/// map has it or, where the map has it open, open (`Ok(None)` when no
/// line closes it: it stays an open floor), `Err` with a warning
/// when its outline is no box (a rise door's leaf is one), so that it is
/// left open. `material` names a wall texture's material, if the WAD has
/// it.
pub(super) fn rise_door(
    map: &DoomMap,
    (sector, door): (usize, &DoorSector),
    outline: &[Vec2],
    span: (f32, f32),
    mut material: impl FnMut(&str) -> Option<String>,
) -> Result<Option<TextDoor>, String> {
    let Some(doom_sector) = map.sectors.get(sector) else {
        return Ok(None);
    };
    let open = doom_sector.ceiling_height > doom_sector.floor_height;
    if open && !door.closed_by_a_line {
        return Ok(None);
    }
    let left_open = |why: &str| format!("door sector {sector} is left open: {why}");
    let frame = working_line(map, door.line, outline).or_else(|| longest_edge(outline));
    let Some((a, b, thickness)) = frame.and_then(|frame| footprint(frame, outline)) else {
        return Err(left_open("its outline has no length"));
    };
    let area = crate::collision::outline::signed_area(
        &outline.iter().map(|p| p.as_dvec2()).collect::<Vec<_>>(),
    )
    .abs() as f32;
    if a.distance(b) * thickness > area * BOX_SLACK {
        return Err(left_open("its outline is not a box"));
    }
    let lines = bordering_lines(map, sector);
    Ok(Some(TextDoor {
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
        open,
    }))
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

/// Line `index`'s ends in plan, when both are corners of `outline`.
fn working_line(map: &DoomMap, index: usize, outline: &[Vec2]) -> Option<(Vec2, Vec2)> {
    let line = map.linedefs.get(index)?;
    let (a, b) = (map.vertices.get(line.start)?, map.vertices.get(line.end)?);
    let (a, b) = (plan(a.x, a.y), plan(b.x, b.y));
    let on_outline = |p: Vec2| outline.iter().any(|corner| corner.distance(p) < ON_OUTLINE);
    (on_outline(a) && on_outline(b)).then_some((a, b))
}

/// How close to a corner of an outline a line's end lies on it, in
/// metres.
const ON_OUTLINE: f32 = 1e-3;

/// The longest edge of `outline`.
fn longest_edge(outline: &[Vec2]) -> Option<(Vec2, Vec2)> {
    (0..outline.len())
        .map(|i| (outline[i], outline[(i + 1) % outline.len()]))
        .max_by(|x, y| x.0.distance(x.1).total_cmp(&y.0.distance(y.1)))
}

/// The box around `outline` in the frame of the edge `from → to`: the
/// centreline `a → b` through its middle along that edge, and its
/// thickness across it. `None` for an edge of no length.
fn footprint((origin, to): (Vec2, Vec2), outline: &[Vec2]) -> Option<(Vec2, Vec2, f32)> {
    let direction = (to - origin).try_normalize()?;
    let across = direction.perp();
    let range = |axis: Vec2| {
        outline
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

/// The lines that open or close remote doors (switches and lines walked
/// over) as switches of the rise doors of their tagged sectors
/// (`rise_doors`: each door sector's rise doors, by index), once where
/// Doom's line is once; a closing line closes the doors that start open
/// as well as those opened since. A line that opens no rise door is left
/// out (its doors stand open in the map, and nothing closes them). With
/// the count of door lines left out: those [`DoorLine::LeftOut`], and
/// those that close no rise door (their sectors are no box, or no sector
/// has their tag).
pub(super) fn switches(
    map: &DoomMap,
    rise_doors: &BTreeMap<usize, Vec<usize>>,
) -> (Vec<TextSwitch>, usize) {
    let mut switches = Vec::new();
    let mut left_out = 0;
    for line in &map.linedefs {
        let (trigger, closes) = match remote_door_line(line.special) {
            None => continue,
            Some(DoorLine::LeftOut) => {
                left_out += 1;
                continue;
            }
            Some(DoorLine::Opens(trigger)) => (trigger, false),
            Some(DoorLine::Closes(trigger)) => (trigger, true),
        };
        let doors: Vec<usize> = (map.sectors.iter().enumerate())
            .filter(|(_, sector)| line.tag != 0 && sector.tag == line.tag)
            .filter_map(|(sector, _)| rise_doors.get(&sector))
            .flatten()
            .copied()
            .collect();
        let ends = map.vertices.get(line.start).zip(map.vertices.get(line.end));
        let Some((a, b)) = ends.filter(|_| !doors.is_empty()) else {
            left_out += usize::from(closes);
            continue;
        };
        let (doors, close) = if closes {
            (Vec::new(), doors)
        } else {
            (doors, Vec::new())
        };
        switches.push(TextSwitch {
            a: plan(a.x, a.y),
            b: plan(b.x, b.y),
            walked_over: trigger.worked == Worked::WalkedOver,
            once: trigger.once,
            doors,
            close,
            lifts: Vec::new(),
        });
    }
    (switches, left_out)
}
