//! What one step of the edit history changes in a level, so that what is
//! built from the level (the collider, and whatever else keeps a copy) is
//! brought up to date in place instead of rebuilt. [`LevelChange::of`] is
//! the one place that knows what each kind of edit touches.

use super::aim::Item;
use super::operation::{Edit, Start, material_id};
use crate::collision::Collider;
use crate::level::{Level, LevelObstacle, LevelWall, Light};

/// What applying one edit (or undoing one) changed in a level.
#[derive(Debug, Clone, PartialEq)]
pub enum LevelChange {
    /// `wall` was inserted as wall `index`; those from `index` on moved up.
    WallInserted {
        /// Its index.
        index: usize,
        /// The wall.
        wall: LevelWall,
    },
    /// Wall `index`, `wall`, was removed; those after it moved down.
    WallRemoved {
        /// Its index.
        index: usize,
        /// The wall.
        wall: LevelWall,
    },
    /// Walls changed in place: index, before, after.
    WallsChanged(Vec<(usize, LevelWall, LevelWall)>),
    /// `obstacle` was inserted as obstacle `index`.
    ObstacleInserted {
        /// Its index.
        index: usize,
        /// The obstacle.
        obstacle: LevelObstacle,
    },
    /// Obstacle `index`, `obstacle`, was removed.
    ObstacleRemoved {
        /// Its index.
        index: usize,
        /// The obstacle.
        obstacle: LevelObstacle,
    },
    /// Obstacle `index` changed in place (its material).
    ObstacleChanged {
        /// Its index.
        index: usize,
        /// As it was.
        before: LevelObstacle,
        /// As it is.
        after: LevelObstacle,
    },
    /// `light` was inserted as lamp `index`.
    LightInserted {
        /// Its index.
        index: usize,
        /// The lamp.
        light: Light,
    },
    /// Lamp `index`, `light`, was removed.
    LightRemoved {
        /// Its index.
        index: usize,
        /// The lamp.
        light: Light,
    },
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
    /// material it lacks), which changes nothing.
    pub fn of(edit: &Edit, level: &Level) -> Option<Self> {
        let wall = |index: usize| level.walls.get(index).copied();
        let obstacle = |index: usize| level.obstacles.get(index).cloned();
        Some(match edit {
            Edit::AddWall { a, b } => LevelChange::WallInserted {
                index: level.walls.len(),
                wall: level.wall_defaults.wall(*a, *b),
            },
            Edit::DeleteWall { index, .. } => LevelChange::WallRemoved {
                index: *index,
                wall: wall(*index)?,
            },
            Edit::RestoreWall { index, wall, .. } => LevelChange::WallInserted {
                index: *index,
                wall: *wall,
            },
            Edit::MoveEndpoint { to, walls, .. } => {
                let mut changed: Vec<(usize, LevelWall, LevelWall)> = Vec::new();
                for &(index, end) in walls {
                    let at = match changed.iter().position(|(i, _, _)| *i == index) {
                        Some(at) => at,
                        None => {
                            let before = wall(index)?;
                            changed.push((index, before, before));
                            changed.len() - 1
                        }
                    };
                    *changed[at].2.end_mut(end) = *to;
                }
                LevelChange::WallsChanged(changed)
            }
            Edit::AddLight { at } => LevelChange::LightInserted {
                index: level.lights.len(),
                light: Light::with_defaults(*at, level.environment.ceiling_height),
            },
            Edit::DeleteLight { index, .. } => LevelChange::LightRemoved {
                index: *index,
                light: *level.lights.get(*index)?,
            },
            Edit::RestoreLight { index, light, .. } => LevelChange::LightInserted {
                index: *index,
                light: *light,
            },
            Edit::AddObstacle { points } => LevelChange::ObstacleInserted {
                index: level.obstacles.len(),
                obstacle: level
                    .obstacle_defaults
                    .obstacle(crate::collision::ConvexPolygon::new(points.clone()).ok()?),
            },
            Edit::DeleteObstacle { index, .. } => LevelChange::ObstacleRemoved {
                index: *index,
                obstacle: obstacle(*index)?,
            },
            Edit::RestoreObstacle {
                index, obstacle, ..
            } => LevelChange::ObstacleInserted {
                index: *index,
                obstacle: obstacle.clone(),
            },
            Edit::SetStart { from, to } => LevelChange::StartMoved {
                from: *from,
                to: *to,
            },
            Edit::SetMaterial { item, to, .. } => {
                let material = material_id(level, to).ok()?;
                match *item {
                    Item::Wall(index) => {
                        let before = wall(index)?;
                        let after = LevelWall { material, ..before };
                        LevelChange::WallsChanged(vec![(index, before, after)])
                    }
                    Item::Obstacle(index) => {
                        let before = obstacle(index)?;
                        let after = LevelObstacle {
                            material,
                            ..before.clone()
                        };
                        LevelChange::ObstacleChanged {
                            index,
                            before,
                            after,
                        }
                    }
                    Item::Lamp(_) => return None,
                }
            }
        })
    }

    /// Brings `collider`, built from the level as it was before this
    /// change, up to date in place. Returns false, having changed nothing,
    /// when `collider` does not hold what the change found (it was built
    /// from another level): it must then be built anew.
    pub fn apply_to_collider(&self, collider: &mut Collider) -> bool {
        let holds_wall = |collider: &Collider, index: usize, wall: &LevelWall| {
            collider.walls().get(index) == Some(&wall.collision_wall())
        };
        match self {
            LevelChange::WallInserted { index, wall } => {
                if *index > collider.walls().len() {
                    return false;
                }
                collider.insert_wall(*index, wall.collision_wall());
            }
            LevelChange::WallRemoved { index, wall } => {
                if !holds_wall(collider, *index, wall) {
                    return false;
                }
                collider.remove_wall(*index);
            }
            LevelChange::WallsChanged(walls) => {
                if !walls
                    .iter()
                    .all(|(index, before, _)| holds_wall(collider, *index, before))
                {
                    return false;
                }
                for (index, _, after) in walls {
                    collider.replace_wall(*index, after.collision_wall());
                }
            }
            LevelChange::ObstacleInserted { index, obstacle } => {
                if *index > collider.obstacles().len() {
                    return false;
                }
                collider.insert_obstacle(*index, obstacle.polygon.clone());
            }
            LevelChange::ObstacleRemoved { index, obstacle } => {
                if collider.obstacles().get(*index) != Some(&obstacle.polygon) {
                    return false;
                }
                collider.remove_obstacle(*index);
            }
            LevelChange::ObstacleChanged { index, before, .. } => {
                return collider.obstacles().get(*index) == Some(&before.polygon);
            }
            LevelChange::LightInserted { .. }
            | LevelChange::LightRemoved { .. }
            | LevelChange::StartMoved { .. } => {}
        }
        true
    }
}
