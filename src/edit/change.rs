//! What one step of the edit history changes in a level, so that what is
//! built from the level (the collider, and whatever else keeps a copy) is
//! brought up to date in place instead of rebuilt. [`LevelChange::of`] is
//! the one place that knows what each kind of edit touches.

use super::aim::Item;
use super::operation::{Edit, Piece, Start, listed, material_to};
use crate::collision::{Collider, ConvexPolygon};
use crate::level::builtin_material_id;
use crate::level::defaults::DOOR_MATERIAL;
use crate::level::save::Tables;
use crate::level::{Door, Level, Light};

/// What applying one edit (or undoing one) changed in a level.
#[derive(Debug, Clone, PartialEq)]
pub enum LevelChange {
    /// `piece` was inserted as item `index` of its kind; those of its kind
    /// from `index` on moved up.
    Inserted {
        /// Its index.
        index: usize,
        /// The item.
        piece: Piece,
    },
    /// Item `index` of its kind, `piece`, was removed; those after it moved
    /// down.
    Removed {
        /// Its index.
        index: usize,
        /// The item.
        piece: Piece,
    },
    /// Items changed in place: index, before, after (of one kind each).
    Changed(Vec<(usize, Piece, Piece)>),
    /// The start moved.
    StartMoved {
        /// Where it was.
        from: Start,
        /// Where it is.
        to: Start,
    },
}

impl LevelChange {
    /// What applying `edit` to `level`, as `level` is before it, changes;
    /// `None` for an edit that `level` refuses (an index past the end, a
    /// material it lacks), which changes nothing, and for edits made
    /// together, whose changes are those of each in turn.
    pub fn of(edit: &Edit, level: &Level) -> Option<Self> {
        let appended = |tables: Tables, piece: Piece| LevelChange::Inserted {
            index: listed(level, tables),
            piece,
        };
        Some(match edit {
            Edit::AddWall { a, b } => {
                appended(Tables::Walls, Piece::Wall(level.wall_defaults.wall(*a, *b)))
            }
            Edit::AddLight { at } => appended(
                Tables::Lights,
                Piece::Light(Light::with_defaults(*at, level.environment.ceiling_height)),
            ),
            Edit::AddObstacle { points } => {
                let polygon = ConvexPolygon::new(points.clone()).ok()?;
                let obstacle = level.obstacle_defaults.obstacle(polygon);
                appended(Tables::Obstacles, Piece::Obstacle(obstacle))
            }
            Edit::AddDoor { a, b } => {
                let wood = builtin_material_id(&level.materials, DOOR_MATERIAL);
                appended(
                    Tables::Doors,
                    Piece::Door(Door::with_defaults(*a, *b, wood)),
                )
            }
            Edit::AddFloor { points, height } => appended(
                Tables::Floors,
                Piece::Floor(level.new_floor(points.clone(), *height)),
            ),
            // Edits made together are recorded one by one as they are made
            // (`Edit::apply_recording`).
            Edit::Together { .. } => return None,
            Edit::Delete { index, piece } => LevelChange::Removed {
                index: *index,
                piece: Piece::held(level, piece.item(*index))?,
            },
            Edit::Restore { index, piece, .. } => LevelChange::Inserted {
                index: *index,
                piece: piece.clone(),
            },
            Edit::MoveEndpoint { to, walls, .. } => {
                let mut changed: Vec<(usize, Piece, Piece)> = Vec::new();
                for &(index, end) in walls {
                    let at = match changed.iter().position(|(i, _, _)| *i == index) {
                        Some(at) => at,
                        None => {
                            let before = Piece::held(level, Item::Wall(index))?;
                            changed.push((index, before.clone(), before));
                            changed.len() - 1
                        }
                    };
                    if let Piece::Wall(wall) = &mut changed[at].2 {
                        *wall.end_mut(end) = *to;
                    }
                }
                LevelChange::Changed(changed)
            }
            Edit::SetStart { from, to } => LevelChange::StartMoved {
                from: *from,
                to: *to,
            },
            Edit::SetMaterial { item, to, .. } => {
                let material = material_to(level, *item, to.as_deref()).ok()?;
                let before = Piece::held(level, *item)?;
                let mut after = before.clone();
                *after.material_mut()? = material;
                LevelChange::Changed(vec![(item.index(), before, after)])
            }
            Edit::Change { items } => LevelChange::Changed(
                items
                    .iter()
                    .map(|item| {
                        let before = Piece::held(level, item.item())?;
                        Some((item.index, before, item.to.clone()))
                    })
                    .collect::<Option<_>>()?,
            ),
        })
    }

    /// Brings `collider`, built from the level as it was before this
    /// change, up to date in place. Returns false, having changed nothing,
    /// when `collider` does not hold what the change found (it was built
    /// from another level): it must then be built anew. Lamps and doors
    /// are not in the collider; floors are in its heights, which are built
    /// anew whole after a change that [`touches_floors`](Self::touches_floors).
    pub fn apply_to_collider(&self, collider: &mut Collider) -> bool {
        match self {
            LevelChange::Inserted { index, piece } => match piece {
                Piece::Wall(wall) if *index <= collider.walls().len() => {
                    collider.insert_wall(*index, wall.collision_wall());
                }
                Piece::Obstacle(obstacle) if *index <= collider.obstacles().len() => {
                    collider.insert_obstacle(*index, obstacle.polygon.clone());
                }
                Piece::Wall(_) | Piece::Obstacle(_) => return false,
                Piece::Light(_) | Piece::Door(_) | Piece::Floor(_) => {}
            },
            LevelChange::Removed { index, piece } => {
                if !holds(collider, *index, piece) {
                    return false;
                }
                match piece {
                    Piece::Wall(_) => drop(collider.remove_wall(*index)),
                    Piece::Obstacle(_) => drop(collider.remove_obstacle(*index)),
                    Piece::Light(_) | Piece::Door(_) | Piece::Floor(_) => {}
                }
            }
            LevelChange::Changed(items) => {
                if !items
                    .iter()
                    .all(|(index, before, _)| holds(collider, *index, before))
                {
                    return false;
                }
                for (index, before, after) in items {
                    match (before, after) {
                        // A material change leaves the wall's shape alone.
                        (Piece::Wall(before), Piece::Wall(after))
                            if before.collision_wall() != after.collision_wall() =>
                        {
                            collider.replace_wall(*index, after.collision_wall());
                        }
                        (Piece::Obstacle(before), Piece::Obstacle(after))
                            if before.polygon != after.polygon =>
                        {
                            drop(collider.remove_obstacle(*index));
                            collider.insert_obstacle(*index, after.polygon.clone());
                        }
                        _ => {}
                    }
                }
            }
            LevelChange::StartMoved { .. } => {}
        }
        true
    }

    /// Whether it put, took away or changed a floor: what the collider's
    /// heights and the drawn floors are made of, which are built anew.
    pub fn touches_floors(&self) -> bool {
        match self {
            LevelChange::Inserted { piece, .. } | LevelChange::Removed { piece, .. } => {
                matches!(piece, Piece::Floor(_))
            }
            LevelChange::Changed(items) => items
                .iter()
                .any(|(_, before, _)| matches!(before, Piece::Floor(_))),
            LevelChange::StartMoved { .. } => false,
        }
    }
}

/// Whether `collider` holds `piece` as item `index` of its kind (lamps,
/// doors and floors, which it does not hold one by one, always answer
/// yes).
fn holds(collider: &Collider, index: usize, piece: &Piece) -> bool {
    match piece {
        Piece::Wall(wall) => collider.walls().get(index) == Some(&wall.collision_wall()),
        Piece::Obstacle(obstacle) => collider.obstacles().get(index) == Some(&obstacle.polygon),
        Piece::Light(_) | Piece::Door(_) | Piece::Floor(_) => true,
    }
}
