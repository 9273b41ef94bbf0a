//! Whether an edit fits a level, checked before anything changes: the
//! items it names are there, the ends it moves are where it says, and
//! what it leaves is one a level may hold.

use std::borrow::Cow;

use glam::Vec2;

use super::limits::{check_point, check_segment, check_start};
use super::materials::{material_held, material_to};
use super::piece::check_floor_among;
use super::{Edit, EditError, Piece, Start};
use crate::collision::ConvexPolygon;
use crate::edit::aim::Item;
use crate::level::{Level, Light, WallEnd, start_room_problem};

impl Edit {
    /// Whether the edit fits `level`: indices exist, items are the ones
    /// named, ends are where the edit says, every wall or door it leaves is
    /// finite and longer than 0.1 mm, and every item it adds is one a level
    /// may hold (a floor's outline neither crossing itself nor crossing or
    /// overlapping another floor's), and the start keeps room to stand.
    /// Edits made together are checked each as it is made, on the level the
    /// ones before it left.
    pub(super) fn check(&self, level: &Level) -> Result<(), EditError> {
        self.check_items(level)?;
        self.check_start_room(level)
    }

    /// Whether the items the edit names are there and what it leaves of
    /// them is one a level may hold.
    fn check_items(&self, level: &Level) -> Result<(), EditError> {
        match self {
            Edit::AddWall { a, b } | Edit::AddDoor { a, b } => check_segment(*a, *b),
            Edit::MoveEndpoint { from, to, walls } => {
                check_endpoints_move(level, *from, *to, walls)
            }
            Edit::AddLight { at } => {
                check_point(*at)?;
                let ceiling_height = level.environment.ceiling_height;
                if Light::with_defaults(*at, ceiling_height).is_valid() {
                    Ok(())
                } else {
                    Err(EditError::CeilingTooLow { ceiling_height })
                }
            }
            Edit::AddObstacle { points } => {
                ConvexPolygon::new(points.clone())?;
                Ok(())
            }
            Edit::AddFloor { points, height } => {
                for &point in points {
                    check_point(point)?;
                }
                Piece::Floor(level.new_floor(points.clone(), *height)).check_valid(level)?;
                check_floor_among(level, level.floors.len(), points)
            }
            Edit::Together { .. } => Ok(()),
            Edit::Delete { index, piece } => piece.is_at(level, *index),
            Edit::Restore { index, piece, .. } => {
                piece.fits_at(level, *index)?;
                piece.check_valid(level)?;
                match piece {
                    Piece::Floor(floor) => {
                        check_floor_among(level, level.floors.len(), &floor.points)
                    }
                    _ => Ok(()),
                }
            }
            Edit::SetStart { from, to } => {
                if Start::of(level) != *from {
                    return Err(EditError::StartElsewhere {
                        at: from.at,
                        yaw_degrees: from.yaw_degrees,
                    });
                }
                check_start(*to)
            }
            Edit::SetMaterial { item, from, to } => {
                let held = material_held(level, *item)?;
                if level
                    .materials
                    .get(held.index())
                    .map(|material| &material.name)
                    != Some(from)
                {
                    return Err(EditError::OtherMaterial {
                        item: *item,
                        material: from.clone(),
                    });
                }
                material_to(level, *item, to.as_deref()).map(|_| ())
            }
            Edit::Change { items } => {
                for (number, item) in items.iter().enumerate() {
                    if items[..number]
                        .iter()
                        .any(|earlier| earlier.item() == item.item())
                    {
                        return Err(EditError::OtherItem(item.item()));
                    }
                    item.check(level)?;
                    if let Piece::Floor(floor) = &item.to {
                        check_floor_among(level, item.index, &floor.points)?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl Edit {
    /// Refuses an edit after which the start would have no room to stand
    /// (in the void, or under a ceiling lower than the player), as the
    /// loader refuses such a level: a save of it would not load. Only the
    /// floors and the start bear on it.
    fn check_start_room(&self, level: &Level) -> Result<(), EditError> {
        let mut start = level.player.start;
        let mut floors = Cow::Borrowed(level.floors.as_slice());
        match self {
            Edit::AddFloor { points, height } => {
                floors
                    .to_mut()
                    .push(level.new_floor(points.clone(), *height));
            }
            Edit::Delete {
                index,
                piece: Piece::Floor(_),
            } if *index < floors.len() => {
                floors.to_mut().remove(*index);
            }
            Edit::Restore {
                index,
                piece: Piece::Floor(floor),
                ..
            } if *index <= floors.len() => floors.to_mut().insert(*index, floor.clone()),
            Edit::Change { items } => {
                for item in items {
                    if let (Piece::Floor(floor), Item::Floor(index)) = (&item.to, item.item())
                        && let Some(changed) = floors.to_mut().get_mut(index)
                    {
                        *changed = floor.clone();
                    }
                }
            }
            Edit::SetStart { to, .. } => start = to.at,
            _ => return Ok(()),
        }
        let height = level.player.height;
        match start_room_problem(&floors, &level.environment, start, height) {
            Some(problem) => Err(EditError::StartWithoutRoom(problem)),
            None => Ok(()),
        }
    }
}

/// Whether [`Edit::MoveEndpoint`] fits `level`: every listed end exists and
/// is at `from`, and no wall it moves would be left without length.
fn check_endpoints_move(
    level: &Level,
    from: Vec2,
    to: Vec2,
    walls: &[(usize, WallEnd)],
) -> Result<(), EditError> {
    let count = level.walls.len();
    let wall_at = |index: usize| {
        level.walls.get(index).ok_or(EditError::NoSuchItem {
            kind: Item::Wall(index).kind(),
            index,
            count,
        })
    };
    for &(index, end) in walls {
        if wall_at(index)?.end(end) != from {
            return Err(EditError::EndpointElsewhere { index, end, from });
        }
    }
    for &(index, _) in walls {
        let mut moved = wall_at(index)?.clone();
        for &(_, end) in walls.iter().filter(|(other, _)| *other == index) {
            *moved.end_mut(end) = to;
        }
        check_segment(moved.a, moved.b)?;
    }
    Ok(())
}
