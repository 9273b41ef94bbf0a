//! The map's teleporter and exit lines as the level's `[[teleporter]]`
//! and `[[exit]]`: each line keeps its ends, so that Doom's right side,
//! its front, stays the right side of the way from `a` to `b` (the plan
//! is not mirrored); a teleporter's destination is the first teleport
//! destination thing (type 14) standing in a sector of the line's tag,
//! as Doom looks for it.

use glam::Vec2;

use super::specials::{Special, special, teleporter_once};
use super::text::{TextExit, TextTeleporter};
use super::things::in_single_player;
use super::{ImportedFloor, heading, plan};
use crate::level::LevelFloor;
use crate::level::checks::MIN_WALL_LENGTH;
use crate::level::wad::DoomMap;

/// A teleport destination's Doom thing type.
const DESTINATION: i32 = 14;

/// What the map's lines make: the teleporters with a destination, the
/// exits, and a warning for each teleporter line left out (no
/// destination found).
pub(super) struct ImportedLines {
    pub teleporters: Vec<TextTeleporter>,
    pub exits: Vec<TextExit>,
    pub warnings: Vec<String>,
}

/// The teleporters and exits of `map`, whose sectors became `floors`.
pub(super) fn teleporters_and_exits(map: &DoomMap, floors: &[ImportedFloor]) -> ImportedLines {
    let outlines: Vec<LevelFloor> = floors.iter().map(ImportedFloor::outline).collect();
    // Each destination's place, heading and the sector it stands in.
    let destinations: Vec<(Vec2, f32, usize)> = map
        .things
        .iter()
        .filter(|thing| thing.kind == DESTINATION && in_single_player(thing.flags))
        .filter_map(|thing| {
            let at = plan(thing.x, thing.y);
            let (index, _) = LevelFloor::innermost_at(&outlines, at)?;
            Some((at, heading(thing), floors[index].sector))
        })
        .collect();
    let mut lines = ImportedLines {
        teleporters: Vec::new(),
        exits: Vec::new(),
        warnings: Vec::new(),
    };
    for (number, line) in map.linedefs.iter().enumerate() {
        let kind = special(line.special);
        if !matches!(kind, Some(Special::Teleporter | Special::Exit(_))) {
            continue;
        }
        let (Some(a), Some(b)) = (map.vertices.get(line.start), map.vertices.get(line.end)) else {
            continue;
        };
        let (a, b) = (plan(a.x, a.y), plan(b.x, b.y));
        // The reader has warned of a line without length already.
        if a.distance(b) < MIN_WALL_LENGTH {
            continue;
        }
        match kind {
            Some(Special::Exit(by)) => lines.exits.push(TextExit { a, b, by }),
            Some(Special::Teleporter) => {
                let tagged = |sector: usize| {
                    map.sectors
                        .get(sector)
                        .is_some_and(|sector| line.tag != 0 && sector.tag == line.tag)
                };
                match destinations.iter().find(|(_, _, sector)| tagged(*sector)) {
                    Some(&(to, yaw, _)) => lines.teleporters.push(TextTeleporter {
                        a,
                        b,
                        to,
                        yaw,
                        once: teleporter_once(line.special),
                    }),
                    None => lines.warnings.push(format!(
                        "the teleporter of line {number} is left out: no teleport destination \
                         (thing 14) stands in a sector of its tag {}",
                        line.tag
                    )),
                }
            }
            _ => {}
        }
    }
    lines
}
