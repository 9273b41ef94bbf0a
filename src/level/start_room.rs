//! Whether the start has room to stand: a floor (or the ground) under it,
//! and that floor's ceiling at least the player's `height` above it. The
//! loader refuses a level whose start has none, and so the editor refuses
//! an edit that would leave one, which would save a level that no longer
//! loads.

use glam::Vec2;

use super::model::{Environment, LevelFloor};
use super::save::point_text;

/// Why a start has no room to stand.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StartRoomProblem {
    /// Outside every floor, in a level without ground.
    #[error("start {} is in the void: outside every floor, and `ground` is false", point_text(*.start))]
    Void {
        /// The start.
        start: Vec2,
    },
    /// On a floor (or the ground) whose ceiling is lower than the player.
    #[error(
        "start {} is on {}, whose ceiling is {room} m above its floor, lower than `height` {height} m",
        point_text(*.start),
        floor_name(*.floor)
    )]
    TooLow {
        /// The start.
        start: Vec2,
        /// The floor it stands on; `None`: the ground.
        floor: Option<usize>,
        /// Its ceiling's height above its floor.
        room: f32,
        /// The player's `height`.
        height: f32,
    },
}

/// Why a player `height` tall starting at `start` among `floors` has no
/// room to stand, or `None` when it has.
pub fn start_room_problem(
    floors: &[LevelFloor],
    environment: &Environment,
    start: Vec2,
    height: f32,
) -> Option<StartRoomProblem> {
    if floors.is_empty() && environment.ground {
        return None;
    }
    let (floor, room) = match LevelFloor::innermost_at(floors, start) {
        Some((index, floor)) => (Some(index), floor.ceiling - floor.height),
        None if environment.ground => (None, environment.ceiling_height),
        None => return Some(StartRoomProblem::Void { start }),
    };
    (room < height).then_some(StartRoomProblem::TooLow {
        start,
        floor,
        room,
        height,
    })
}

/// `floor N`, or `the ground`.
fn floor_name(floor: Option<usize>) -> String {
    floor.map_or_else(|| "the ground".into(), |index| format!("floor {index}"))
}
