//! Edits: the changes an author makes to a level's walls. Each is one undo
//! step, and applying one changes the in-memory [`Level`] and its
//! [`LevelDocument`] together, so the walls the collider and renderer see
//! are always those the saved file will hold.

use glam::Vec2;

use crate::level::checks::MIN_WALL_LENGTH;
use crate::level::save::{DocumentError, LevelDocument, MovedEndpoints, RemovedTable};
use crate::level::{Level, LevelWall, WallEnd};

/// One change to a level's walls.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// A new wall from `a` to `b`, appended (index = the wall count), with
    /// the level's wall defaults; its table holds only `a` and `b`.
    AddWall {
        /// First end point (x, z).
        a: Vec2,
        /// Second end point (x, z).
        b: Vec2,
    },
    /// Deletes wall `index`, which must be `wall` (so that a stale edit is
    /// refused instead of deleting another wall).
    DeleteWall {
        /// The wall's index in [`Level::walls`].
        index: usize,
        /// The wall as it is.
        wall: LevelWall,
    },
    /// Moves the listed wall ends, all at `from`, to `to`: dragging an end
    /// point that several walls share moves all of them, as one step.
    MoveEndpoint {
        /// Where the ends are.
        from: Vec2,
        /// Where they go.
        to: Vec2,
        /// Which ends: wall index and end.
        walls: Vec<(usize, WallEnd)>,
    },
    /// Puts back a deleted wall as wall `index`, from its table's text
    /// (comments included). Authors never make this edit; it is the undo of
    /// a deletion made before the last save, as the autosave journal writes
    /// it.
    RestoreWall {
        /// The index it gets back.
        index: usize,
        /// The wall, as the level holds it.
        wall: LevelWall,
        /// Its `[[wall]]` table, as [`RemovedTable::text`] wrote it.
        table: String,
    },
}

/// Why an edit was refused. A refused edit changes nothing.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    /// A point with a NaN or infinite coordinate.
    #[error("the point {0} is not finite")]
    NotFinite(Vec2),
    /// The wall would be shorter than 0.1 mm, which no level may hold.
    #[error("a wall from {a} to {b} would have no length")]
    TooShort {
        /// First end.
        a: Vec2,
        /// Second end.
        b: Vec2,
    },
    /// A wall index past the end.
    #[error("there is no wall {index}: the level has {count} walls")]
    NoSuchWall {
        /// The index asked for.
        index: usize,
        /// How many walls there are.
        count: usize,
    },
    /// The wall at the index is not the one the edit is about.
    #[error("wall {index} is not the wall this edit was made for")]
    OtherWall {
        /// The index.
        index: usize,
    },
    /// A wall end that the edit moves is not where the edit says.
    #[error("wall {index}'s end `{}` is not at {from}", end.key())]
    EndpointElsewhere {
        /// The wall.
        index: usize,
        /// The end.
        end: WallEnd,
        /// Where the edit expected it.
        from: Vec2,
    },
    /// A wall to put back with properties no level holds (a negative
    /// radius, an unknown material, ...).
    #[error("the wall to put back is not a valid wall: {0:?}")]
    InvalidWall(LevelWall),
    /// The level's text refused the change.
    #[error(transparent)]
    Document(#[from] DocumentError),
    /// The level and its text hold different numbers of walls: they are not
    /// the same level.
    #[error("the level has {level} walls but its text has {document}")]
    OutOfStep {
        /// Walls in the level.
        level: usize,
        /// `[[wall]]` tables in the text.
        document: usize,
    },
}

/// An edit that has been applied, with what it takes to undo it exactly.
#[derive(Debug, Clone)]
pub struct AppliedEdit {
    edit: Edit,
    undo: Undo,
}

/// How to undo an applied edit.
#[derive(Debug, Clone)]
enum Undo {
    /// Remove the wall that was added or restored at `index`.
    Remove { index: usize, wall: LevelWall },
    /// Put the deleted wall (and its table) back at `index`.
    PutBack {
        index: usize,
        wall: LevelWall,
        removed: RemovedTable,
    },
    /// Move the ends back to `from` (they are at `to`).
    MoveBack {
        from: Vec2,
        to: Vec2,
        walls: Vec<(usize, WallEnd)>,
        moved: MovedEndpoints,
    },
}

/// What an edit changed in the document alone.
pub(crate) enum DocumentChange {
    /// A table was added or inserted.
    Added,
    /// A table was removed.
    Removed(RemovedTable),
    /// End point values were replaced.
    Moved(MovedEndpoints),
}

impl Edit {
    /// Applies the edit to `level` and `document`, which must hold the same
    /// walls. Checks everything first: on error neither has changed.
    pub fn apply(
        self,
        level: &mut Level,
        document: &mut LevelDocument,
    ) -> Result<AppliedEdit, EditError> {
        in_step(level, document)?;
        self.check(level)?;
        let change = self.apply_to_document(document)?;
        let undo = match (&self, change) {
            (Edit::AddWall { a, b }, _) => {
                let wall = level.wall_defaults.wall(*a, *b);
                level.walls.push(wall);
                Undo::Remove {
                    index: level.walls.len() - 1,
                    wall,
                }
            }
            (Edit::RestoreWall { index, wall, .. }, _) => {
                level.walls.insert(*index, *wall);
                Undo::Remove {
                    index: *index,
                    wall: *wall,
                }
            }
            (Edit::DeleteWall { index, wall }, DocumentChange::Removed(removed)) => {
                level.walls.remove(*index);
                Undo::PutBack {
                    index: *index,
                    wall: *wall,
                    removed,
                }
            }
            (Edit::MoveEndpoint { from, to, walls }, DocumentChange::Moved(moved)) => {
                for &(index, end) in walls {
                    *level.walls[index].end_mut(end) = *to;
                }
                Undo::MoveBack {
                    from: *from,
                    to: *to,
                    walls: walls.clone(),
                    moved,
                }
            }
            // `apply_to_document` answers each kind of edit with its own change.
            (Edit::DeleteWall { .. } | Edit::MoveEndpoint { .. }, _) => {
                unreachable!("a deletion removes a table and a move moves values")
            }
        };
        Ok(AppliedEdit { edit: self, undo })
    }

    /// Applies the edit to a level's text alone (replaying a journal onto a
    /// file), checking what the text can tell: indices, and that the walls
    /// to delete or move have the end points the edit names.
    pub(crate) fn apply_to_document(
        &self,
        document: &mut LevelDocument,
    ) -> Result<DocumentChange, EditError> {
        let count = document.wall_count();
        let check_end = |index: usize, end: WallEnd, at: Vec2| {
            if index >= count {
                return Err(EditError::NoSuchWall { index, count });
            }
            if document.endpoint(index, end) == Some(at) {
                Ok(())
            } else {
                Err(EditError::EndpointElsewhere {
                    index,
                    end,
                    from: at,
                })
            }
        };
        match self {
            Edit::AddWall { a, b } => {
                check_segment(*a, *b)?;
                document.append_wall(*a, *b)?;
                Ok(DocumentChange::Added)
            }
            Edit::DeleteWall { index, wall } => {
                check_end(*index, WallEnd::A, wall.a)?;
                check_end(*index, WallEnd::B, wall.b)?;
                Ok(DocumentChange::Removed(document.remove_wall(*index)?))
            }
            Edit::MoveEndpoint { from, to, walls } => {
                for &(index, end) in walls {
                    check_end(index, end, *from)?;
                }
                Ok(DocumentChange::Moved(document.move_endpoints(walls, *to)?))
            }
            Edit::RestoreWall { index, table, .. } => {
                document.insert_wall_text(*index, table)?;
                Ok(DocumentChange::Added)
            }
        }
    }

    /// Whether the edit fits `level`: indices exist, walls are the ones
    /// named, ends are where the edit says, and every wall it leaves is
    /// finite and longer than 0.1 mm.
    fn check(&self, level: &Level) -> Result<(), EditError> {
        let count = level.walls.len();
        let wall_at = |index: usize| {
            level
                .walls
                .get(index)
                .ok_or(EditError::NoSuchWall { index, count })
        };
        match self {
            Edit::AddWall { a, b } => check_segment(*a, *b),
            Edit::DeleteWall { index, wall } => {
                if wall_at(*index)? == wall {
                    Ok(())
                } else {
                    Err(EditError::OtherWall { index: *index })
                }
            }
            Edit::MoveEndpoint { from, to, walls } => {
                for &(index, end) in walls {
                    if wall_at(index)?.end(end) != *from {
                        return Err(EditError::EndpointElsewhere {
                            index,
                            end,
                            from: *from,
                        });
                    }
                }
                for &(index, _) in walls {
                    let mut moved = *wall_at(index)?;
                    for &(_, end) in walls.iter().filter(|(other, _)| *other == index) {
                        *moved.end_mut(end) = *to;
                    }
                    check_segment(moved.a, moved.b)?;
                }
                Ok(())
            }
            Edit::RestoreWall { index, wall, .. } => {
                if *index > count {
                    return Err(EditError::NoSuchWall {
                        index: *index,
                        count,
                    });
                }
                check_segment(wall.a, wall.b)?;
                let usable = wall.radius >= 0.0
                    && wall.radius.is_finite()
                    && wall.height > 0.0
                    && wall.height.is_finite()
                    && wall.thickness >= 0.0
                    && wall.thickness.is_finite()
                    && wall.material.0 < level.materials.len();
                if usable {
                    Ok(())
                } else {
                    Err(EditError::InvalidWall(*wall))
                }
            }
        }
    }
}

impl AppliedEdit {
    /// The edit that was applied.
    pub fn edit(&self) -> &Edit {
        &self.edit
    }

    /// The edit that undoes this one, as the autosave journal writes it: a
    /// deletion for an added wall, a restoration (with the table's text) for
    /// a deleted one, a move back for a move.
    pub fn inverse(&self) -> Edit {
        match &self.undo {
            Undo::Remove { index, wall } => Edit::DeleteWall {
                index: *index,
                wall: *wall,
            },
            Undo::PutBack {
                index,
                wall,
                removed,
            } => Edit::RestoreWall {
                index: *index,
                wall: *wall,
                table: removed.text(),
            },
            Undo::MoveBack {
                from, to, walls, ..
            } => Edit::MoveEndpoint {
                from: *to,
                to: *from,
                walls: walls.clone(),
            },
        }
    }

    /// Undoes the edit in `level` and `document`, byte for byte in the text,
    /// and gives back the edit (to redo it). Both must be as the edit left
    /// them ([`can_revert`](Self::can_revert)); if they are not, nothing
    /// changes and the error says why.
    pub fn revert(
        self,
        level: &mut Level,
        document: &mut LevelDocument,
    ) -> Result<Edit, EditError> {
        self.can_revert(level, document)?;
        let AppliedEdit { edit, undo } = self;
        match undo {
            Undo::Remove { index, .. } => {
                document.remove_wall(index)?;
                level.walls.remove(index);
            }
            Undo::PutBack {
                index,
                wall,
                removed,
            } => {
                document.put_back(index, removed)?;
                level.walls.insert(index, wall);
            }
            Undo::MoveBack {
                from, walls, moved, ..
            } => {
                document.put_back_endpoints(moved);
                for &(index, end) in &walls {
                    *level.walls[index].end_mut(end) = from;
                }
            }
        }
        Ok(edit)
    }

    /// Whether `level` and `document` are as this edit left them, as far as
    /// undoing it needs: the walls it added are there, the indices it
    /// restores to exist, the ends it moved are where it put them.
    pub fn can_revert(&self, level: &Level, document: &LevelDocument) -> Result<(), EditError> {
        in_step(level, document)?;
        let count = level.walls.len();
        let wall_is = |index: usize, expected: &LevelWall| match level.walls.get(index) {
            None => Err(EditError::NoSuchWall { index, count }),
            Some(wall) if wall != expected => Err(EditError::OtherWall { index }),
            Some(_) => Ok(()),
        };
        match &self.undo {
            Undo::Remove { index, wall } => wall_is(*index, wall),
            Undo::PutBack { index, .. } if *index > count => Err(EditError::NoSuchWall {
                index: *index,
                count,
            }),
            Undo::PutBack { .. } => Ok(()),
            Undo::MoveBack { to, walls, .. } => {
                for &(index, end) in walls {
                    let wall = level
                        .walls
                        .get(index)
                        .ok_or(EditError::NoSuchWall { index, count })?;
                    if wall.end(end) != *to {
                        return Err(EditError::EndpointElsewhere {
                            index,
                            end,
                            from: *to,
                        });
                    }
                }
                Ok(())
            }
        }
    }
}

/// Whether a wall from `a` to `b` may exist: finite ends at least 0.1 mm
/// apart.
fn check_segment(a: Vec2, b: Vec2) -> Result<(), EditError> {
    for point in [a, b] {
        if !point.is_finite() {
            return Err(EditError::NotFinite(point));
        }
    }
    if a.distance(b) < MIN_WALL_LENGTH {
        return Err(EditError::TooShort { a, b });
    }
    Ok(())
}

/// Whether `level` and `document` hold as many walls as each other.
fn in_step(level: &Level, document: &LevelDocument) -> Result<(), EditError> {
    let (walls, tables) = (level.walls.len(), document.wall_count());
    if walls == tables {
        Ok(())
    } else {
        Err(EditError::OutOfStep {
            level: walls,
            document: tables,
        })
    }
}
