//! Doom's lifts: each sector a lift special works (the sectors of the
//! line's tag, or the sector behind a generalised manual lift's line)
//! becomes a `[[lift]]` of its floors, lowering to the lowest
//! neighbouring floor (its own, when that is lower: Doom's
//! `P_FindLowestFloorSurrounding`) at its special's speed and waiting its
//! wait; the lines that work them become `[[switch]]`es that start them.

use std::collections::{BTreeMap, BTreeSet};

use super::specials::{LiftMotion, TICS_PER_SECOND, Worked, lift_motion};
use super::text::{TextLift, TextSwitch};
use super::{ImportedFloor, UNITS_PER_METRE, neighbouring_sectors, plan};
use crate::level::wad::DoomMap;

/// The sectors line `line` of `map` moves as a lift by `motion`.
fn moved_sectors(map: &DoomMap, line: usize, motion: &LiftMotion) -> Vec<usize> {
    let Some(linedef) = map.linedefs.get(line) else {
        return Vec::new();
    };
    if motion.manual {
        return (linedef.left)
            .and_then(|side| map.sidedefs.get(side))
            .map(|side| side.sector)
            .into_iter()
            .collect();
    }
    (map.sectors.iter().enumerate())
        .filter(|(_, sector)| linedef.tag != 0 && sector.tag == linedef.tag)
        .map(|(sector, _)| sector)
        .collect()
}

/// The lifts of `map`, one per sector some lift line works (the first
/// such line in the map's order sets its speed and wait), made of that
/// sector's kept `floors` (indices into them are the level's floor
/// indices); `spans` are the sectors' floors and ceilings in metres.
/// With each sector's lift index.
pub(super) fn lifts(
    map: &DoomMap,
    floors: &[ImportedFloor],
    spans: &[(f32, f32)],
) -> (Vec<TextLift>, BTreeMap<usize, usize>) {
    let mut motions: BTreeMap<usize, LiftMotion> = BTreeMap::new();
    for (index, line) in map.linedefs.iter().enumerate() {
        let Some(motion) = lift_motion(line.special) else {
            continue;
        };
        for sector in moved_sectors(map, index, &motion) {
            motions.entry(sector).or_insert(motion);
        }
    }
    let neighbours = neighbouring_sectors(map);
    let mut lifts = Vec::new();
    let mut lift_of_sector = BTreeMap::new();
    for (&sector, motion) in &motions {
        let moved: Vec<usize> = (floors.iter().enumerate())
            .filter(|(_, floor)| floor.sector == sector)
            .map(|(index, _)| index)
            .collect();
        let Some(&(own, _)) = spans.get(sector).filter(|_| !moved.is_empty()) else {
            continue;
        };
        let low = (neighbours.get(&sector).into_iter().flatten())
            .filter_map(|&other| spans.get(other))
            .map(|&(floor, _)| floor)
            .fold(own, f32::min);
        lift_of_sector.insert(sector, lifts.len());
        lifts.push(TextLift {
            floors: moved,
            low,
            wait: motion.wait_tics / TICS_PER_SECOND,
            speed: motion.units_per_tic * TICS_PER_SECOND / UNITS_PER_METRE as f32,
        });
    }
    (lifts, lift_of_sector)
}

/// The lines that work lifts (switches and lines walked over) as switches
/// of the lifts of their sectors (`lift_of_sector`), once where Doom's
/// line is once; a line whose sectors
/// have none is left out. With the count of lift lines left out: those
/// worked by a shot, and those that move no lift.
pub(super) fn switches(
    map: &DoomMap,
    lift_of_sector: &BTreeMap<usize, usize>,
) -> (Vec<TextSwitch>, usize) {
    let mut switches = Vec::new();
    let mut left_out = 0;
    for (index, line) in map.linedefs.iter().enumerate() {
        let is_lift = super::special(line.special) == Some(super::Special::Lift);
        let Some(motion) = lift_motion(line.special) else {
            left_out += usize::from(is_lift);
            continue;
        };
        let lifts: BTreeSet<usize> = moved_sectors(map, index, &motion)
            .into_iter()
            .filter_map(|sector| lift_of_sector.get(&sector).copied())
            .collect();
        let ends = map.vertices.get(line.start).zip(map.vertices.get(line.end));
        match ends.filter(|_| !lifts.is_empty()) {
            Some((a, b)) => switches.push(TextSwitch {
                a: plan(a.x, a.y),
                b: plan(b.x, b.y),
                walked_over: motion.trigger.worked == Worked::WalkedOver,
                once: motion.trigger.once,
                doors: Vec::new(),
                close: Vec::new(),
                lifts: lifts.into_iter().collect(),
            }),
            None => left_out += 1,
        }
    }
    (switches, left_out)
}
