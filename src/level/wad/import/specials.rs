//! What the lines' specials are: doors (manual, remote by tag, Boom's
//! generalised ones), lifts, teleporters and exits, by Doom's numbers.
//! The rest are left out and counted.

use crate::level::ExitBy;

/// What a line's special is, as the importer sorts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Special {
    /// A door worked from the line itself: its door is the sector behind
    /// the line (its left side).
    ManualDoor,
    /// A door worked from afar: its doors are the sectors of the line's
    /// tag.
    RemoteDoor,
    /// A lift: the sectors of the line's tag.
    Lift,
    /// A teleporter, walked over from the front.
    Teleporter,
    /// The level's exit, taken by use (a switch: 11, 51) or by walking
    /// over the line (52, 124).
    Exit(ExitBy),
    /// Anything else: crushers, stair builders, floor raisers, lights.
    Other,
}

/// Boom's generalised doors.
const GENERALISED_DOORS: std::ops::RangeInclusive<i32> = 0x3C00..=0x3FFF;
/// Boom's generalised locked doors.
const GENERALISED_LOCKED_DOORS: std::ops::RangeInclusive<i32> = 0x3800..=0x3BFF;
/// Boom's generalised lifts.
const GENERALISED_LIFTS: std::ops::RangeInclusive<i32> = 0x3400..=0x37FF;

/// What special `number` is (0 is no special: `None`).
pub(super) fn special(number: i32) -> Option<Special> {
    Some(match number {
        0 => return None,
        1 | 26 | 27 | 28 | 31 | 32 | 33 | 34 | 117 | 118 => Special::ManualDoor,
        2 | 3 | 4 | 16 | 29 | 42 | 46 | 50 | 61 | 63 | 75 | 76 | 86 | 90 | 99 | 103 => {
            Special::RemoteDoor
        }
        105..=116 | 133..=137 => Special::RemoteDoor,
        n if GENERALISED_DOORS.contains(&n) || GENERALISED_LOCKED_DOORS.contains(&n) => {
            // A generalised door's manual kinds (trigger types 6 and 7,
            // bits 0-2) act on the sector behind the line.
            if matches!(n & 7, 6 | 7) {
                Special::ManualDoor
            } else {
                Special::RemoteDoor
            }
        }
        10 | 21 | 62 | 88 | 120..=123 => Special::Lift,
        n if GENERALISED_LIFTS.contains(&n) => Special::Lift,
        39 | 97 => Special::Teleporter,
        11 | 51 => Special::Exit(ExitBy::Use),
        52 | 124 => Special::Exit(ExitBy::Walk),
        _ => Special::Other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doors_lifts_teleporters_and_exits_are_told_apart() {
        assert_eq!(special(0), None);
        assert_eq!(special(1), Some(Special::ManualDoor));
        assert_eq!(special(29), Some(Special::RemoteDoor));
        assert_eq!(special(62), Some(Special::Lift));
        assert_eq!(special(97), Some(Special::Teleporter));
        assert_eq!(special(11), Some(Special::Exit(ExitBy::Use)));
        assert_eq!(special(124), Some(Special::Exit(ExitBy::Walk)));
        assert_eq!(special(9), Some(Special::Other));
        assert_eq!(special(0x3C06), Some(Special::ManualDoor));
        assert_eq!(special(0x3C01), Some(Special::RemoteDoor));
    }
}
