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

/// Doom's tics in a second.
pub(super) const TICS_PER_SECOND: f32 = 35.0;

/// How long an opened door waits before it closes again, in tics.
const DOOR_WAIT_TICS: f32 = 150.0;

/// A door's ordinary speed, in Doom units a tic.
const DOOR_SPEED: f32 = 2.0;

/// A blazing door's speed, in Doom units a tic.
const BLAZING_DOOR_SPEED: f32 = 8.0;

/// How a door special moves its door.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct DoorMotion {
    /// Doom units a tic.
    pub units_per_tic: f32,
    /// Tics it waits open before it closes; `None`: it stays open.
    pub wait_tics: Option<f32>,
}

/// How door special `number` moves its door (`None` for a special that
/// is no door). Doors that only close, or close and open again, move as
/// the ordinary door of their speed.
pub(super) fn door_motion(number: i32) -> Option<DoorMotion> {
    let stays = |units_per_tic| DoorMotion {
        units_per_tic,
        wait_tics: None,
    };
    let closes = |units_per_tic| DoorMotion {
        units_per_tic,
        wait_tics: Some(DOOR_WAIT_TICS),
    };
    Some(match number {
        2 | 31..=34 | 46 | 61 | 86 | 103 => stays(DOOR_SPEED),
        99 | 106 | 109 | 112 | 115 | 118 | 133..=137 => stays(BLAZING_DOOR_SPEED),
        105 | 107 | 108 | 110 | 111 | 113 | 114 | 116 | 117 => closes(BLAZING_DOOR_SPEED),
        n if GENERALISED_DOORS.contains(&n) => generalised_door(n),
        n if GENERALISED_LOCKED_DOORS.contains(&n) => {
            let speed = generalised_speed(n);
            if (n >> 5) & 1 == 1 {
                stays(speed)
            } else {
                closes(speed)
            }
        }
        _ if special(number) == Some(Special::ManualDoor)
            || special(number) == Some(Special::RemoteDoor) =>
        {
            closes(DOOR_SPEED)
        }
        _ => return None,
    })
}

/// Boom's generalised door `number`: speed in bits 3-4, kind in bits 5-6
/// (1: open and stay), delay in bits 8-9 (1, 4, 9 or 30 seconds).
fn generalised_door(number: i32) -> DoorMotion {
    let wait_seconds = [1.0, 4.0, 9.0, 30.0][((number >> 8) & 3) as usize];
    DoorMotion {
        units_per_tic: generalised_speed(number),
        wait_tics: ((number >> 5) & 3 != 1).then_some(wait_seconds * TICS_PER_SECOND),
    }
}

/// A generalised door's speed, bits 3-4: slow, normal, fast or turbo.
fn generalised_speed(number: i32) -> f32 {
    [
        DOOR_SPEED,
        2.0 * DOOR_SPEED,
        4.0 * DOOR_SPEED,
        8.0 * DOOR_SPEED,
    ][((number >> 3) & 3) as usize]
}

/// A lift's ordinary speed, in Doom units a tic (`PLATSPEED` × 4).
const LIFT_SPEED: f32 = 4.0;

/// A turbo lift's speed (120–123), in Doom units a tic.
const TURBO_LIFT_SPEED: f32 = 8.0;

/// How long a lift waits down, in tics (`PLATWAIT`, 3 s).
const LIFT_WAIT_TICS: f32 = 105.0;

/// How a lift special moves its lift and how its line is worked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct LiftMotion {
    /// Doom units a tic.
    pub units_per_tic: f32,
    /// Tics it waits down.
    pub wait_tics: f32,
    /// How its line is worked, and whether once.
    pub trigger: Trigger,
    /// Whether it moves the sector behind its line (a generalised
    /// manual lift) rather than the sectors of its tag.
    pub manual: bool,
}

/// How lift special `number` moves its lift and how its line is worked:
/// `None` for a special that is no lift or a lift worked by a shot (left
/// out). A generalised lift lowers to the lowest neighbouring floor
/// whatever target it names.
pub(super) fn lift_motion(number: i32) -> Option<LiftMotion> {
    let plain = |units_per_tic, worked, once| LiftMotion {
        units_per_tic,
        wait_tics: LIFT_WAIT_TICS,
        trigger: Trigger { worked, once },
        manual: false,
    };
    let (walked, used) = (Worked::WalkedOver, Worked::Used);
    Some(match number {
        10 => plain(LIFT_SPEED, walked, true),
        88 => plain(LIFT_SPEED, walked, false),
        21 => plain(LIFT_SPEED, used, true),
        62 => plain(LIFT_SPEED, used, false),
        121 => plain(TURBO_LIFT_SPEED, walked, true),
        120 => plain(TURBO_LIFT_SPEED, walked, false),
        122 => plain(TURBO_LIFT_SPEED, used, true),
        123 => plain(TURBO_LIFT_SPEED, used, false),
        n if GENERALISED_LIFTS.contains(&n) => generalised_lift(n)?,
        _ => return None,
    })
}

/// Boom's generalised lift `number`: trigger in bits 0-2 (walked over,
/// used, shot, or manual: used on the sector behind; the even ones
/// once), speed in bits 3-4 (`PLATSPEED` × 2, 4, 8 or 16), delay in bits
/// 6-7 (1, 3, 5 or 10 seconds).
fn generalised_lift(number: i32) -> Option<LiftMotion> {
    let manual = matches!(number & 7, 6 | 7);
    let trigger = if manual {
        Trigger {
            worked: Worked::Used,
            once: number & 1 == 0,
        }
    } else {
        generalised_trigger(number)?
    };
    Some(LiftMotion {
        units_per_tic: [2.0, 4.0, 8.0, 16.0][((number >> 3) & 3) as usize],
        wait_tics: [1.0, 3.0, 5.0, 10.0][((number >> 6) & 3) as usize] * TICS_PER_SECOND,
        trigger,
        manual,
    })
}

/// How a line that moves doors or lifts is worked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Worked {
    /// Used: a switch.
    Used,
    /// Walked over.
    WalkedOver,
}

/// How a line is triggered: worked how, and whether once (Doom's W1 and
/// S1 lines, whose special is cleared when it is worked) or every time
/// (WR and SR).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Trigger {
    /// Used or walked over.
    pub worked: Worked,
    /// Whether it works the first time only.
    pub once: bool,
}

/// A Boom generalised line's trigger, bits 0-2: walked over (0 once, 1
/// every time), used (2, 3); `None` for a shot (4, 5) or manual (6, 7)
/// one. The even kinds work once.
fn generalised_trigger(number: i32) -> Option<Trigger> {
    let worked = match number & 7 {
        0 | 1 => Worked::WalkedOver,
        2 | 3 => Worked::Used,
        _ => return None,
    };
    Some(Trigger {
        worked,
        once: number & 1 == 0,
    })
}

/// What a remote door's line does to the doors of its tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DoorLine {
    /// Opens them (they close after their wait, or stay open, as their
    /// sector's first door line says).
    Opens(Trigger),
    /// Closes them.
    Closes(Trigger),
    /// Does nothing here, and is counted as left out: a line that is shot
    /// (no one shoots), or one that closes its doors and opens them again
    /// 30 s later (16, 76, Boom's close-wait-open doors), which the door
    /// model has no way to say.
    LeftOut,
}

/// What remote door special `number`'s line does (`None` for a special
/// that is no remote door).
pub(super) fn remote_door_line(number: i32) -> Option<DoorLine> {
    let trigger = |worked, once| Trigger { worked, once };
    let (walked, used) = (Worked::WalkedOver, Worked::Used);
    let generalised_locked = GENERALISED_LOCKED_DOORS.contains(&number);
    if GENERALISED_DOORS.contains(&number) || generalised_locked {
        if special(number) != Some(Special::RemoteDoor) {
            return None;
        }
        // Kind, bits 5-6 (a locked door's bit 5 only): 0 open, wait and
        // close; 1 open and stay; 2 close, wait and open; 3 close and stay.
        let kind = if generalised_locked {
            (number >> 5) & 1
        } else {
            (number >> 5) & 3
        };
        return Some(match (generalised_trigger(number), kind) {
            (Some(trigger), 0 | 1) => DoorLine::Opens(trigger),
            (Some(trigger), 3) => DoorLine::Closes(trigger),
            _ => DoorLine::LeftOut,
        });
    }
    Some(match number {
        2 | 4 | 108 | 109 => DoorLine::Opens(trigger(walked, true)),
        86 | 90 | 105 | 106 => DoorLine::Opens(trigger(walked, false)),
        29 | 103 | 111 | 112 | 133 | 135 | 137 => DoorLine::Opens(trigger(used, true)),
        61 | 63 | 99 | 114 | 115 | 134 | 136 => DoorLine::Opens(trigger(used, false)),
        3 | 110 => DoorLine::Closes(trigger(walked, true)),
        75 | 107 => DoorLine::Closes(trigger(walked, false)),
        50 | 113 => DoorLine::Closes(trigger(used, true)),
        42 | 116 => DoorLine::Closes(trigger(used, false)),
        16 | 46 | 76 => DoorLine::LeftOut,
        _ => return None,
    })
}

/// The teleporter that works once (W1); 97 works every time (WR).
const ONCE_TELEPORTER: i32 = 39;

/// Whether teleporter special `number` sends the walker once only.
pub(super) fn teleporter_once(number: i32) -> bool {
    number == ONCE_TELEPORTER
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

    #[test]
    fn remote_door_lines_open_or_close_once_or_every_time_and_shot_ones_are_left_out() {
        let opens = |worked, once| Some(DoorLine::Opens(Trigger { worked, once }));
        let closes = |worked, once| Some(DoorLine::Closes(Trigger { worked, once }));
        let (walked, used) = (Worked::WalkedOver, Worked::Used);
        assert_eq!(remote_door_line(29), opens(used, true), "S1");
        assert_eq!(remote_door_line(63), opens(used, false), "SR");
        assert_eq!(remote_door_line(2), opens(walked, true), "W1");
        assert_eq!(remote_door_line(90), opens(walked, false), "WR");
        assert_eq!(remote_door_line(3), closes(walked, true), "W1 close");
        assert_eq!(remote_door_line(42), closes(used, false), "SR close");
        assert_eq!(remote_door_line(50), closes(used, true), "S1 close");
        assert_eq!(remote_door_line(75), closes(walked, false), "WR close");
        assert_eq!(
            remote_door_line(116),
            closes(used, false),
            "SR blazing close"
        );
        assert_eq!(remote_door_line(46), Some(DoorLine::LeftOut), "shot");
        assert_eq!(
            remote_door_line(16),
            Some(DoorLine::LeftOut),
            "close, wait, open"
        );
        assert_eq!(remote_door_line(1), None, "manual");
        assert_eq!(remote_door_line(62), None, "a lift");
        // Generalised: switch every time (3), switch once (2), walked once
        // (0); kinds open (0), close and stay (3 << 5), close, wait and
        // open (2 << 5); shot (4); manual (6).
        assert_eq!(remote_door_line(0x3C00 | 3), opens(used, false));
        assert_eq!(remote_door_line(0x3C00 | 2), opens(used, true));
        assert_eq!(remote_door_line(0x3C00 | (3 << 5)), closes(walked, true));
        assert_eq!(
            remote_door_line(0x3C00 | 1 | (2 << 5)),
            Some(DoorLine::LeftOut)
        );
        assert_eq!(remote_door_line(0x3C00 | 4), Some(DoorLine::LeftOut));
        assert_eq!(remote_door_line(0x3C00 | 6), None, "manual");
        // A locked one's kind is bit 5 alone: open and stay.
        assert_eq!(remote_door_line(0x3800 | 3 | (1 << 5)), opens(used, false));
    }

    #[test]
    fn only_dooms_39_teleports_once() {
        assert!(teleporter_once(39));
        assert!(!teleporter_once(97));
    }

    #[test]
    fn lifts_move_at_dooms_speeds_by_switch_or_walk_and_shot_ones_are_left_out() {
        let lift =
            |number| lift_motion(number).map(|m| (m.units_per_tic, m.wait_tics, m.trigger.worked));
        let once = |number| lift_motion(number).map(|m| m.trigger.once);
        assert_eq!(lift(62), Some((4.0, 105.0, Worked::Used)));
        assert_eq!(lift(88), Some((4.0, 105.0, Worked::WalkedOver)));
        assert_eq!(lift(10), Some((4.0, 105.0, Worked::WalkedOver)));
        assert_eq!(lift(21), Some((4.0, 105.0, Worked::Used)));
        assert_eq!(lift(123), Some((8.0, 105.0, Worked::Used)));
        assert_eq!(lift(120), Some((8.0, 105.0, Worked::WalkedOver)));
        assert_eq!(lift(1), None);
        assert_eq!([10, 21, 121, 122].map(once), [Some(true); 4], "W1, S1");
        assert_eq!([88, 62, 120, 123].map(once), [Some(false); 4], "WR, SR");
        // Generalised: switch (3), fast (2 << 3), 5 s (2 << 6).
        assert_eq!(
            lift(0x3400 | 3 | (2 << 3) | (2 << 6)),
            Some((8.0, 175.0, Worked::Used))
        );
        assert_eq!(once(0x3400 | 2), Some(true), "S1");
        assert_eq!(once(0x3400 | 1), Some(false), "WR");
        assert_eq!(lift(0x3400 | 4), None, "shot");
        assert_eq!(lift_motion(0x3400 | 7).map(|m| m.manual), Some(true));
    }

    #[test]
    fn doors_move_at_dooms_speeds_and_wait_or_stay() {
        let closing = |units_per_tic| {
            Some(DoorMotion {
                units_per_tic,
                wait_tics: Some(150.0),
            })
        };
        assert_eq!(door_motion(1), closing(2.0));
        assert_eq!(door_motion(117), closing(8.0));
        assert_eq!(door_motion(29), closing(2.0));
        assert_eq!(door_motion(31).and_then(|m| m.wait_tics), None);
        assert_eq!(door_motion(118).map(|m| m.units_per_tic), Some(8.0));
        assert_eq!(door_motion(62), None);
        // Generalised: fast (2 << 3), open and stay (1 << 5).
        let boom = door_motion(0x3C00 | (2 << 3) | (1 << 5));
        assert_eq!(
            boom.map(|m| (m.units_per_tic, m.wait_tics)),
            Some((8.0, None))
        );
    }
}
