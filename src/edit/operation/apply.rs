//! Applying an edit to a level and its text together: the text first,
//! then the level, keeping what it takes to undo the edit.

use super::materials::{material_of, material_to};
use super::piece::listed;
use super::together::apply_together;
use super::{AppliedEdit, DocumentChange, Edit, EditError, Piece, Undo};
use crate::collision::ConvexPolygon;
use crate::level::builtin_material_id;
use crate::level::defaults::DOOR_MATERIAL;
use crate::level::save::{LevelDocument, Tables};
use crate::level::{Door, Level, Light};

impl Edit {
    /// Applies the edit to `level` and `document`, which must hold the same
    /// items of the kinds it is about. Checks everything first: on error
    /// neither has changed.
    pub fn apply(
        self,
        level: &mut Level,
        document: &mut LevelDocument,
    ) -> Result<AppliedEdit, EditError> {
        self.apply_recording(level, document, &mut |_, _| {})
    }

    /// [`apply`](Self::apply), showing `record` each single edit it makes
    /// (each of edits made together, in order) with the level as it is
    /// right before that edit. On error, what was recorded is void: the
    /// level and its text are as they were.
    pub(crate) fn apply_recording(
        self,
        level: &mut Level,
        document: &mut LevelDocument,
        record: &mut dyn FnMut(&Edit, &Level),
    ) -> Result<AppliedEdit, EditError> {
        if let Edit::Together { edits } = self {
            return apply_together(edits, level, document, record);
        }
        self.counts_in_step(level, document)?;
        self.check(level)?;
        record(&self, level);
        let change = self.apply_to_document(document)?;
        let undo = match (&self, change) {
            (Edit::AddWall { a, b }, _) => {
                Piece::Wall(level.wall_defaults.wall(*a, *b)).push_onto(level)
            }
            (Edit::AddLight { at }, _) => {
                let light = Light::with_defaults(*at, level.environment.ceiling_height);
                Piece::Light(light).push_onto(level)
            }
            (Edit::AddObstacle { points }, _) => {
                let polygon = ConvexPolygon::new(points.clone())?;
                Piece::Obstacle(level.obstacle_defaults.obstacle(polygon)).push_onto(level)
            }
            (Edit::AddDoor { a, b }, _) => {
                let wood = builtin_material_id(&level.materials, DOOR_MATERIAL);
                Piece::Door(Door::with_defaults(*a, *b, wood)).push_onto(level)
            }
            (Edit::AddFloor { points, height }, _) => {
                Piece::Floor(level.new_floor(points.clone(), *height)).push_onto(level)
            }
            (Edit::Restore { index, piece, .. }, _) => piece.clone().insert_into(level, *index),
            (Edit::Delete { index, piece }, DocumentChange::Removed(removed)) => {
                piece.clone().remove_from(level, *index, removed)
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
            (
                Edit::SetStart { .. } | Edit::SetMaterial { .. },
                DocumentChange::Revalued(replaced),
            ) => {
                let material = self.set_values(level)?;
                Undo::Revalue { replaced, material }
            }
            (Edit::Change { items }, DocumentChange::Rekeyed(replaced)) => {
                for item in items {
                    item.to.put_in_place(level, item.index);
                }
                Undo::Rekey(replaced)
            }
            // `apply_to_document` answers each kind of edit with its own change.
            (
                Edit::Delete { .. }
                | Edit::MoveEndpoint { .. }
                | Edit::SetStart { .. }
                | Edit::SetMaterial { .. }
                | Edit::Change { .. }
                | Edit::Together { .. },
                _,
            ) => {
                unreachable!(
                    "a deletion removes a table, a move moves values, a change replaces values, \
                     edits made together are made one by one"
                )
            }
        };
        Ok(AppliedEdit { edit: self, undo })
    }

    /// The array of tables the edit adds to, removes from or changes,
    /// besides the walls (which every edit checks).
    pub(super) fn tables(&self) -> Option<Tables> {
        match self {
            Edit::AddWall { .. } | Edit::MoveEndpoint { .. } | Edit::SetStart { .. } => None,
            Edit::AddLight { .. } => Some(Tables::Lights),
            Edit::AddObstacle { .. } => Some(Tables::Obstacles),
            Edit::AddDoor { .. } => Some(Tables::Doors),
            Edit::AddFloor { .. } => Some(Tables::Floors),
            Edit::Together { .. } => None,
            Edit::Delete { piece, .. } | Edit::Restore { piece, .. } => Some(piece.tables()),
            Edit::SetMaterial { item, .. } => Some(item.tables()),
            Edit::Change { items } => items.first().map(|item| item.from.tables()),
        }
    }

    /// Whether `level` and `document` hold as many of each kind of item as
    /// the edit is about: walls always, and the kind it touches.
    pub(super) fn counts_in_step(
        &self,
        level: &Level,
        document: &LevelDocument,
    ) -> Result<(), EditError> {
        for tables in std::iter::once(Tables::Walls).chain(self.tables()) {
            let (level, document) = (listed(level, tables), document.count(tables)?);
            if level != document {
                return Err(EditError::OutOfStep {
                    what: tables.key(),
                    level,
                    document,
                });
            }
        }
        Ok(())
    }

    /// Sets the level's start or material as a [`Edit::SetStart`] or
    /// [`Edit::SetMaterial`] says (checked by [`check`](Self::check));
    /// returns the name of the material given.
    pub(super) fn set_values(&self, level: &mut Level) -> Result<Option<String>, EditError> {
        match self {
            Edit::SetStart { to, .. } => {
                level.player.start = to.at;
                level.player.yaw_degrees = to.yaw_degrees;
                Ok(None)
            }
            Edit::SetMaterial { item, to, .. } => {
                let material = material_to(level, *item, to.as_deref())?;
                *material_of(level, *item)? = material;
                Ok(level
                    .materials
                    .get(material.index())
                    .map(|material| material.name.clone()))
            }
            _ => Ok(None),
        }
    }
}
