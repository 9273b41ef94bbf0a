//! Edits: the changes an author makes to a level's walls and lamps. Each is
//! one undo step, and applying one changes the in-memory [`Level`] and its
//! [`LevelDocument`] together, so the walls and lamps the collider and
//! renderer see are always those the saved file will hold.

use glam::Vec2;

use crate::level::checks::MIN_WALL_LENGTH;
use crate::level::save::{DocumentError, LevelDocument, MovedEndpoints, RemovedTable};
use crate::level::{Level, LevelWall, Light, WallEnd};

/// One change to a level's walls or lamps.
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
    /// A new lamp at `at`, appended (index = the lamp count), with the
    /// format's defaults ([`Light::with_defaults`]); its table holds only
    /// `at`.
    AddLight {
        /// Where it hangs (x, z).
        at: Vec2,
    },
    /// Deletes lamp `index`, which must be `light` (so that a stale edit is
    /// refused instead of deleting another lamp).
    DeleteLight {
        /// The lamp's index in [`Level::lights`].
        index: usize,
        /// The lamp as it is.
        light: Light,
    },
    /// Puts back a deleted lamp as lamp `index`, from its table's text
    /// (comments included): like [`Edit::RestoreWall`], only the journal
    /// makes it.
    RestoreLight {
        /// The index it gets back.
        index: usize,
        /// The lamp, as the level holds it.
        light: Light,
        /// Its `[[light]]` table, as [`RemovedTable::text`] wrote it.
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
    /// A lamp index past the end.
    #[error("there is no lamp {index}: the level has {count} lamps")]
    NoSuchLight {
        /// The index asked for.
        index: usize,
        /// How many lamps there are.
        count: usize,
    },
    /// The lamp at the index is not the one the edit is about.
    #[error("lamp {index} is not the lamp this edit was made for")]
    OtherLight {
        /// The index.
        index: usize,
    },
    /// The lamp's table in the text is not where the edit says it hangs.
    #[error("lamp {index} is not at {at}")]
    LightElsewhere {
        /// The lamp.
        index: usize,
        /// Where the edit expected it.
        at: Vec2,
    },
    /// A lamp to put back with properties no level holds (a height of 0, a
    /// colour past 1, ...).
    #[error("the lamp to put back is not a valid lamp: {0:?}")]
    InvalidLight(Light),
    /// A new lamp hangs 0.3 m under the ceiling, and this ceiling is too
    /// low for that.
    #[error(
        "the ceiling is {ceiling_height} m high: a new lamp hangs 0.3 m under it, which is not above the floor"
    )]
    CeilingTooLow {
        /// The level's ceiling height.
        ceiling_height: f32,
    },
    /// The level's text refused the change.
    #[error(transparent)]
    Document(#[from] DocumentError),
    /// The level and its text hold different numbers of walls (or lamps):
    /// they are not the same level.
    #[error("the level has {level} {what} but its text has {document}")]
    OutOfStep {
        /// `walls` or `lamps`.
        what: &'static str,
        /// How many the level holds.
        level: usize,
        /// How many tables the text holds.
        document: usize,
    },
}

/// An edit that has been applied, with what it takes to undo it exactly.
#[derive(Debug, Clone)]
pub struct AppliedEdit {
    edit: Edit,
    undo: Undo,
}

/// A wall or a lamp: what an edit adds or deletes whole.
#[derive(Debug, Clone, Copy)]
enum Piece {
    Wall(LevelWall),
    Light(Light),
}

/// How to undo an applied edit.
#[derive(Debug, Clone)]
enum Undo {
    /// Remove the wall or lamp that was added or restored at `index`.
    Remove { index: usize, piece: Piece },
    /// Put the deleted wall or lamp (and its table) back at `index`.
    PutBack {
        index: usize,
        piece: Piece,
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
    /// walls (and, for a lamp edit, the same lamps). Checks everything
    /// first: on error neither has changed.
    pub fn apply(
        self,
        level: &mut Level,
        document: &mut LevelDocument,
    ) -> Result<AppliedEdit, EditError> {
        in_step(level, document)?;
        if self.is_about_lamps() {
            lights_in_step(level, document)?;
        }
        self.check(level)?;
        let change = self.apply_to_document(document)?;
        let undo = match (&self, change) {
            (Edit::AddWall { a, b }, _) => {
                let wall = level.wall_defaults.wall(*a, *b);
                level.walls.push(wall);
                Undo::Remove {
                    index: level.walls.len() - 1,
                    piece: Piece::Wall(wall),
                }
            }
            (Edit::AddLight { at }, _) => {
                let light = Light::with_defaults(*at, level.environment.ceiling_height);
                level.lights.push(light);
                Undo::Remove {
                    index: level.lights.len() - 1,
                    piece: Piece::Light(light),
                }
            }
            (Edit::RestoreWall { index, wall, .. }, _) => {
                let piece = Piece::Wall(*wall);
                piece.insert_into(level, *index);
                Undo::Remove {
                    index: *index,
                    piece,
                }
            }
            (Edit::RestoreLight { index, light, .. }, _) => {
                let piece = Piece::Light(*light);
                piece.insert_into(level, *index);
                Undo::Remove {
                    index: *index,
                    piece,
                }
            }
            (Edit::DeleteWall { index, wall }, DocumentChange::Removed(removed)) => {
                let piece = Piece::Wall(*wall);
                piece.remove_from(level, *index);
                Undo::PutBack {
                    index: *index,
                    piece,
                    removed,
                }
            }
            (Edit::DeleteLight { index, light }, DocumentChange::Removed(removed)) => {
                let piece = Piece::Light(*light);
                piece.remove_from(level, *index);
                Undo::PutBack {
                    index: *index,
                    piece,
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
            (Edit::DeleteWall { .. } | Edit::DeleteLight { .. } | Edit::MoveEndpoint { .. }, _) => {
                unreachable!("a deletion removes a table and a move moves values")
            }
        };
        Ok(AppliedEdit { edit: self, undo })
    }

    /// Whether the edit adds, deletes or restores a lamp.
    fn is_about_lamps(&self) -> bool {
        matches!(
            self,
            Edit::AddLight { .. } | Edit::DeleteLight { .. } | Edit::RestoreLight { .. }
        )
    }

    /// Applies the edit to a level's text alone (replaying a journal onto a
    /// file), checking what the text can tell: indices, that the walls to
    /// delete or move have the end points the edit names, and that the
    /// lamps to delete hang where it says.
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
            Edit::AddLight { at } => {
                check_point(*at)?;
                document.append_light(*at)?;
                Ok(DocumentChange::Added)
            }
            Edit::DeleteLight { index, light } => {
                let count = document.light_count()?;
                if *index >= count {
                    return Err(EditError::NoSuchLight {
                        index: *index,
                        count,
                    });
                }
                if document.light_at(*index) != Some(light.at) {
                    return Err(EditError::LightElsewhere {
                        index: *index,
                        at: light.at,
                    });
                }
                Ok(DocumentChange::Removed(document.remove_light(*index)?))
            }
            Edit::RestoreLight { index, table, .. } => {
                document.insert_light_text(*index, table)?;
                Ok(DocumentChange::Added)
            }
        }
    }

    /// Whether the edit fits `level`: indices exist, walls and lamps are the
    /// ones named, ends are where the edit says, every wall it leaves is
    /// finite and longer than 0.1 mm, and every lamp it adds is one a level
    /// may hold.
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
            Edit::DeleteWall { index, wall } => Piece::Wall(*wall).is_at(level, *index),
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
                Piece::Wall(*wall).fits_at(level, *index)?;
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
            Edit::AddLight { at } => {
                check_point(*at)?;
                let ceiling_height = level.environment.ceiling_height;
                if Light::with_defaults(*at, ceiling_height).is_valid() {
                    Ok(())
                } else {
                    Err(EditError::CeilingTooLow { ceiling_height })
                }
            }
            Edit::DeleteLight { index, light } => Piece::Light(*light).is_at(level, *index),
            Edit::RestoreLight { index, light, .. } => {
                Piece::Light(*light).fits_at(level, *index)?;
                if light.is_valid() {
                    Ok(())
                } else {
                    Err(EditError::InvalidLight(*light))
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
    /// deletion for an added wall or lamp, a restoration (with the table's
    /// text) for a deleted one, a move back for a move.
    pub fn inverse(&self) -> Edit {
        match &self.undo {
            Undo::Remove {
                index,
                piece: Piece::Wall(wall),
            } => Edit::DeleteWall {
                index: *index,
                wall: *wall,
            },
            Undo::Remove {
                index,
                piece: Piece::Light(light),
            } => Edit::DeleteLight {
                index: *index,
                light: *light,
            },
            Undo::PutBack {
                index,
                piece: Piece::Wall(wall),
                removed,
            } => Edit::RestoreWall {
                index: *index,
                wall: *wall,
                table: removed.text(),
            },
            Undo::PutBack {
                index,
                piece: Piece::Light(light),
                removed,
            } => Edit::RestoreLight {
                index: *index,
                light: *light,
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
            Undo::Remove { index, piece } => {
                match piece {
                    Piece::Wall(_) => document.remove_wall(index)?,
                    Piece::Light(_) => document.remove_light(index)?,
                };
                piece.remove_from(level, index);
            }
            Undo::PutBack {
                index,
                piece,
                removed,
            } => {
                document.put_back(index, removed)?;
                piece.insert_into(level, index);
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
    /// undoing it needs: the walls and lamps it added are there, the
    /// indices it restores to exist, the ends it moved are where it put
    /// them.
    pub fn can_revert(&self, level: &Level, document: &LevelDocument) -> Result<(), EditError> {
        in_step(level, document)?;
        if self.edit.is_about_lamps() {
            lights_in_step(level, document)?;
        }
        let count = level.walls.len();
        match &self.undo {
            Undo::Remove { index, piece } => piece.is_at(level, *index),
            Undo::PutBack { index, piece, .. } => piece.fits_at(level, *index),
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

impl Piece {
    /// Whether `level` holds exactly this wall or lamp at `index`.
    fn is_at(&self, level: &Level, index: usize) -> Result<(), EditError> {
        match self {
            Piece::Wall(wall) => match level.walls.get(index) {
                None => Err(EditError::NoSuchWall {
                    index,
                    count: level.walls.len(),
                }),
                Some(held) if held != wall => Err(EditError::OtherWall { index }),
                Some(_) => Ok(()),
            },
            Piece::Light(light) => match level.lights.get(index) {
                None => Err(EditError::NoSuchLight {
                    index,
                    count: level.lights.len(),
                }),
                Some(held) if held != light => Err(EditError::OtherLight { index }),
                Some(_) => Ok(()),
            },
        }
    }

    /// Whether it can be inserted as wall or lamp `index` of `level` (at
    /// most the count).
    fn fits_at(&self, level: &Level, index: usize) -> Result<(), EditError> {
        match self {
            Piece::Wall(_) if index > level.walls.len() => Err(EditError::NoSuchWall {
                index,
                count: level.walls.len(),
            }),
            Piece::Light(_) if index > level.lights.len() => Err(EditError::NoSuchLight {
                index,
                count: level.lights.len(),
            }),
            Piece::Wall(_) | Piece::Light(_) => Ok(()),
        }
    }

    /// Inserts it into `level` as wall or lamp `index` (checked by
    /// [`fits_at`](Self::fits_at)).
    fn insert_into(self, level: &mut Level, index: usize) {
        match self {
            Piece::Wall(wall) => level.walls.insert(index, wall),
            Piece::Light(light) => level.lights.insert(index, light),
        }
    }

    /// Removes wall or lamp `index` of its kind from `level` (checked by
    /// [`is_at`](Self::is_at)).
    fn remove_from(self, level: &mut Level, index: usize) {
        match self {
            Piece::Wall(_) => {
                level.walls.remove(index);
            }
            Piece::Light(_) => {
                level.lights.remove(index);
            }
        }
    }
}

/// Whether `point` is finite.
fn check_point(point: Vec2) -> Result<(), EditError> {
    if point.is_finite() {
        Ok(())
    } else {
        Err(EditError::NotFinite(point))
    }
}

/// Whether a wall from `a` to `b` may exist: finite ends at least 0.1 mm
/// apart.
fn check_segment(a: Vec2, b: Vec2) -> Result<(), EditError> {
    check_point(a)?;
    check_point(b)?;
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
            what: "walls",
            level: walls,
            document: tables,
        })
    }
}

/// Whether `level` and `document` hold as many lamps as each other, as
/// `[[light]]` tables (a lamp edit needs that; a wall edit does not).
fn lights_in_step(level: &Level, document: &LevelDocument) -> Result<(), EditError> {
    let (lights, tables) = (level.lights.len(), document.light_count()?);
    if lights == tables {
        Ok(())
    } else {
        Err(EditError::OutOfStep {
            what: "lamps",
            level: lights,
            document: tables,
        })
    }
}
