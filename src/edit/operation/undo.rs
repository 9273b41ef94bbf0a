//! An applied edit undone: the edit that undoes it, as the autosave
//! journal writes it, and putting the level and its text back exactly.

use super::together::revert_together;
use super::{AppliedEdit, Edit, EditError, ItemChange, Undo};
use crate::edit::aim::Item;
use crate::level::Level;
use crate::level::save::{KeyText, LevelDocument};

impl AppliedEdit {
    /// The edit that was applied.
    pub fn edit(&self) -> &Edit {
        &self.edit
    }

    /// The edit that undoes this one, as the autosave journal writes it: a
    /// deletion for an added item, a restoration (with the table's text)
    /// for a deleted one, a move back for a move, the old value for a
    /// changed one, and for edits made together the edits that undo each,
    /// last first.
    pub fn inverse(&self) -> Edit {
        match &self.undo {
            Undo::Remove { index, piece } => Edit::Delete {
                index: *index,
                piece: piece.clone(),
            },
            Undo::PutBack {
                index,
                piece,
                removed,
            } => Edit::Restore {
                index: *index,
                piece: piece.clone(),
                table: removed.text(),
                anchor: Some(removed.anchor()),
            },
            Undo::MoveBack {
                from, to, walls, ..
            } => Edit::MoveEndpoint {
                from: *to,
                to: *from,
                walls: walls.clone(),
            },
            Undo::Revalue { replaced, material } => match &self.edit {
                Edit::SetStart { from, to } => Edit::SetStart {
                    from: *to,
                    to: *from,
                },
                Edit::SetMaterial { item, from, .. } => Edit::SetMaterial {
                    item: *item,
                    from: material.clone().unwrap_or_default(),
                    // A key the change added goes again; a key it removed,
                    // or one it replaced, comes back with its old name.
                    to: match replaced.first() {
                        Some(value) if value.added_the_key() => None,
                        Some(_) => Some(from.clone()),
                        None => None,
                    },
                },
                // Only start and material changes replace values.
                other => other.clone(),
            },
            Undo::Rekey(replaced) => match &self.edit {
                Edit::Change { items } => Edit::Change {
                    items: items
                        .iter()
                        .zip(replaced)
                        .map(|(item, replaced)| ItemChange {
                            index: item.index,
                            from: item.to.clone(),
                            to: item.from.clone(),
                            keys: replaced
                                .iter()
                                .map(|value| KeyText {
                                    key: value.key(),
                                    value: value.old_text(),
                                })
                                .collect(),
                        })
                        .collect(),
                },
                // Only changes rewrite items' keys.
                other => other.clone(),
            },
            Undo::Together(made) => Edit::Together {
                edits: made.iter().rev().map(AppliedEdit::inverse).collect(),
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
        self.revert_recording(level, document, &mut |_, _| {})
    }

    /// [`revert`](Self::revert), showing `record` each single edit that
    /// undoes it (for edits made together, one for each, last first) with
    /// the level as it is right before that edit.
    pub(crate) fn revert_recording(
        self,
        level: &mut Level,
        document: &mut LevelDocument,
        record: &mut dyn FnMut(&Edit, &Level),
    ) -> Result<Edit, EditError> {
        self.can_revert(level, document)?;
        let inverse = self.inverse();
        let AppliedEdit { edit, undo } = self;
        let undo = match undo {
            Undo::Together(made) => {
                revert_together(made, level, document, record)?;
                return Ok(edit);
            }
            single => single,
        };
        record(&inverse, level);
        match undo {
            Undo::Remove { index, piece } => {
                document.remove(piece.tables(), index)?;
                piece.take_out(level, index);
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
            Undo::Revalue { replaced, .. } => {
                for value in replaced.into_iter().rev() {
                    document.put_back_value(value)?;
                }
                inverse.set_values(level)?;
            }
            Undo::Rekey(replaced) => {
                for value in replaced.into_iter().flatten().rev() {
                    document.put_back_value(value)?;
                }
                if let Edit::Change { items } = &edit {
                    for item in items {
                        item.from.put_in_place(level, item.index);
                    }
                }
            }
            // Undone above, each of them.
            Undo::Together(_) => {}
        }
        Ok(edit)
    }

    /// Whether `level` and `document` are as this edit left them, as far as
    /// undoing it needs: the items it added are there, the indices it
    /// restores to exist, the ends it moved are where it put them, the
    /// values it changed are the new ones.
    pub fn can_revert(&self, level: &Level, document: &LevelDocument) -> Result<(), EditError> {
        self.edit.counts_in_step(level, document)?;
        match &self.undo {
            Undo::Remove { index, piece } => piece.is_at(level, *index),
            Undo::PutBack { index, piece, .. } => piece.fits_at(level, *index),
            Undo::MoveBack { to, walls, .. } => {
                let count = level.walls.len();
                for &(index, end) in walls {
                    let wall = level.walls.get(index).ok_or(EditError::NoSuchItem {
                        kind: Item::Wall(index).kind(),
                        index,
                        count,
                    })?;
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
            Undo::Revalue { .. } | Undo::Rekey(_) => self.inverse().check(level),
            Undo::Together(made) => made
                .iter()
                .try_for_each(|applied| applied.can_revert(level, document)),
        }
    }
}
