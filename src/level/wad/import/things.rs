//! What each Doom thing becomes: the player's start, a lamp of a fitting
//! colour (torches, candles, candelabra, floor and tech lamps), a fixed
//! obstacle of its radius and height (pillars, columns, trees), a loose
//! body (barrels), a teleporter's destination, or nothing (monsters,
//! items, keys, weapons: left out and counted). Sizes are Doom's, in its
//! units (32 to the metre).

/// What one thing becomes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum ThingRole {
    /// Player 1's start (type 1).
    Start,
    /// A teleporter's destination (type 14): where a teleporter line
    /// tagged for its sector sends the walker.
    TeleportDestination,
    /// A lamp, `height` units above the floor, of `colour` (linear RGB),
    /// solid with `radius` units when `solid`.
    Lamp {
        /// Where the light hangs above the floor, in units.
        height: f32,
        /// Its colour.
        colour: [f32; 3],
        /// The thing's radius when it blocks, in units.
        solid: Option<f32>,
    },
    /// A fixed obstacle: a square `radius` units from its centre to each
    /// side, `height` units tall.
    Obstacle {
        /// Half its side, in units.
        radius: f32,
        /// Its height, in units.
        height: f32,
    },
    /// A loose body (a barrel): a square `radius` units to each side,
    /// `height` tall.
    Body {
        /// Half its side, in units.
        radius: f32,
        /// Its height, in units.
        height: f32,
    },
}

/// A warm flame.
const FLAME: [f32; 3] = [1.0, 0.7, 0.35];
/// An electric lamp.
const ELECTRIC: [f32; 3] = [0.85, 0.9, 1.0];
const BLUE: [f32; 3] = [0.35, 0.5, 1.0];
const GREEN: [f32; 3] = [0.4, 1.0, 0.4];
const RED: [f32; 3] = [1.0, 0.35, 0.25];

/// What a thing of Doom type `kind` becomes; `None`: left out.
pub(super) fn role(kind: i32) -> Option<ThingRole> {
    let lamp = |height: f32, colour: [f32; 3], solid: Option<f32>| ThingRole::Lamp {
        height,
        colour,
        solid,
    };
    let obstacle = |radius: f32, height: f32| ThingRole::Obstacle { radius, height };
    Some(match kind {
        1 => ThingRole::Start,
        14 => ThingRole::TeleportDestination,
        2028 => lamp(48.0, ELECTRIC, Some(16.0)),
        85 => lamp(72.0, ELECTRIC, Some(16.0)),
        86 => lamp(56.0, ELECTRIC, Some(16.0)),
        34 => lamp(14.0, FLAME, None),
        35 => lamp(56.0, FLAME, Some(16.0)),
        44 => lamp(64.0, BLUE, Some(16.0)),
        45 => lamp(64.0, GREEN, Some(16.0)),
        46 => lamp(64.0, RED, Some(16.0)),
        55 => lamp(40.0, BLUE, Some(16.0)),
        56 => lamp(40.0, GREEN, Some(16.0)),
        57 => lamp(40.0, RED, Some(16.0)),
        70 => lamp(40.0, FLAME, Some(16.0)),
        48 => obstacle(16.0, 128.0),
        30 | 32 => obstacle(16.0, 128.0),
        31 | 33 | 36 | 37 => obstacle(16.0, 64.0),
        41 | 42 => obstacle(16.0, 56.0),
        43 | 47 => obstacle(16.0, 64.0),
        54 => obstacle(32.0, 128.0),
        25..=29 => obstacle(16.0, 64.0),
        2035 => ThingRole::Body {
            radius: 10.0,
            height: 42.0,
        },
        _ => return None,
    })
}

/// Whether a thing of `flags` appears in single-player play: not flagged
/// multiplayer only (16).
pub(super) fn in_single_player(flags: u16) -> bool {
    flags & 16 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_lamps_pillars_and_barrels_are_kept_and_monsters_left_out() {
        assert_eq!(role(1), Some(ThingRole::Start));
        assert_eq!(role(14), Some(ThingRole::TeleportDestination));
        assert!(matches!(role(2028), Some(ThingRole::Lamp { .. })));
        assert!(matches!(role(48), Some(ThingRole::Obstacle { .. })));
        assert!(matches!(role(2035), Some(ThingRole::Body { .. })));
        // A zombieman, a shotgun, a blue keycard.
        for left_out in [3004, 2001, 5] {
            assert_eq!(role(left_out), None);
        }
    }
}
