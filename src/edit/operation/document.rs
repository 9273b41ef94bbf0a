//! An edit on a level's text alone: how applying an edit changes the
//! file, and how the autosave journal replays onto a file. Each checks
//! what the text can tell before it changes it.

use glam::Vec2;

use super::limits::{check_point, check_segment, check_start};
use super::{DocumentChange, Edit, EditError, ItemChange, Piece, Start};
use crate::collision::ConvexPolygon;
use crate::edit::aim::Item;
use crate::level::WallEnd;
use crate::level::save::{KeyedTable, LevelDocument, ReplacedValue, Tables};

/// The `[player]` keys that [`Edit::SetStart`] rewrites.
const START_KEY: &str = "start";
const YAW_KEY: &str = "yaw";
/// The key that [`Edit::SetMaterial`] rewrites.
const MATERIAL_KEY: &str = "material";

impl Edit {
    /// Applies the edit to a level's text alone (replaying a journal onto a
    /// file), checking what the text can tell: indices, that the walls to
    /// move have the end points the edit names, and that an item to delete
    /// is written where the edit says. Edits made together are made in
    /// order; one refused leaves those before it made (a journal replayed
    /// is then given up whole).
    pub(crate) fn apply_to_document(
        &self,
        document: &mut LevelDocument,
    ) -> Result<DocumentChange, EditError> {
        match self {
            Edit::AddWall { a, b } => {
                check_segment(*a, *b)?;
                document.append_wall(*a, *b)?;
                Ok(DocumentChange::Added)
            }
            Edit::MoveEndpoint { from, to, walls } => {
                move_endpoints_in(document, *from, *to, walls)
            }
            Edit::AddLight { at } => {
                check_point(*at)?;
                document.append_light(*at)?;
                Ok(DocumentChange::Added)
            }
            Edit::AddObstacle { points } => {
                ConvexPolygon::new(points.clone())?;
                document.append_obstacle(points)?;
                Ok(DocumentChange::Added)
            }
            Edit::AddDoor { a, b } => {
                check_segment(*a, *b)?;
                document.append_door(*a, *b)?;
                Ok(DocumentChange::Added)
            }
            Edit::AddFloor { points, height } => {
                document.append_floor(points, *height)?;
                Ok(DocumentChange::Added)
            }
            Edit::Together { edits } => {
                for edit in edits {
                    edit.apply_to_document(document)?;
                }
                Ok(DocumentChange::Added)
            }
            Edit::Delete { index, piece } => delete_in(document, *index, piece),
            Edit::Restore {
                index,
                piece,
                table,
                anchor,
            } => {
                document.insert_text(piece.tables(), *index, table, *anchor)?;
                Ok(DocumentChange::Added)
            }
            Edit::SetStart { from, to } => set_start_in(document, *from, *to),
            Edit::SetMaterial { item, to, .. } => set_material_in(document, *item, to.as_deref()),
            Edit::Change { items } => change_in(document, items),
        }
    }
}

impl ItemChange {
    /// Rewrites its keys in `document`, whose table `index` of its kind
    /// must be written where `from` is.
    fn rewrite(&self, document: &mut LevelDocument) -> Result<Vec<ReplacedValue>, EditError> {
        let count = document.count(self.from.tables())?;
        if self.index >= count {
            return Err(self.from.no_such(self.index, count));
        }
        if !self.from.is_written_at(document, self.index) {
            return Err(EditError::OtherItem(self.item()));
        }
        let table = KeyedTable::Listed(self.from.tables(), self.index);
        Ok(document.rewrite_keys(table, &self.keys)?)
    }
}

/// [`Edit::MoveEndpoint`] on a level's text: every listed end must exist and
/// be written at `from`.
fn move_endpoints_in(
    document: &mut LevelDocument,
    from: Vec2,
    to: Vec2,
    walls: &[(usize, WallEnd)],
) -> Result<DocumentChange, EditError> {
    let count = document.count(Tables::Walls)?;
    for &(index, end) in walls {
        if index >= count {
            return Err(EditError::NoSuchItem {
                kind: Item::Wall(index).kind(),
                index,
                count,
            });
        }
        if document.endpoint(index, end) != Some(from) {
            return Err(EditError::EndpointElsewhere { index, end, from });
        }
    }
    Ok(DocumentChange::Moved(document.move_endpoints(walls, to)?))
}

/// [`Edit::Delete`] on a level's text: the item must exist and be written as
/// `piece`.
fn delete_in(
    document: &mut LevelDocument,
    index: usize,
    piece: &Piece,
) -> Result<DocumentChange, EditError> {
    let count = document.count(piece.tables())?;
    if index >= count {
        return Err(piece.no_such(index, count));
    }
    if !piece.is_written_at(document, index) {
        return Err(EditError::OtherItem(piece.item(index)));
    }
    Ok(DocumentChange::Removed(
        document.remove(piece.tables(), index)?,
    ))
}

/// [`Edit::SetStart`] on a level's text: the start must be written at
/// `from`.
fn set_start_in(
    document: &mut LevelDocument,
    from: Start,
    to: Start,
) -> Result<DocumentChange, EditError> {
    if document.point_in(KeyedTable::Player, START_KEY) != Some(from.at) {
        return Err(EditError::StartElsewhere {
            at: from.at,
            yaw_degrees: from.yaw_degrees,
        });
    }
    check_start(to)?;
    let start = document.set_point(KeyedTable::Player, START_KEY, to.at)?;
    let yaw = document.set_number(KeyedTable::Player, YAW_KEY, to.yaw_degrees)?;
    Ok(DocumentChange::Revalued(vec![start, yaw]))
}

/// [`Edit::SetMaterial`] on a level's text: writes the `material` key, or
/// takes it away for `None`. Lamps have no material.
fn set_material_in(
    document: &mut LevelDocument,
    item: Item,
    to: Option<&str>,
) -> Result<DocumentChange, EditError> {
    if let Item::Lamp(_) = item {
        return Err(EditError::NoMaterial(item));
    }
    let table = KeyedTable::Listed(item.tables(), item.index());
    let replaced = match to {
        Some(name) => Some(document.set_text(table, MATERIAL_KEY, name)?),
        None => document.remove_value(table, MATERIAL_KEY)?,
    };
    Ok(DocumentChange::Revalued(replaced.into_iter().collect()))
}

/// [`Edit::Change`] on a level's text: rewrites each item's keys, and puts
/// back what it rewrote when one of them fails, so that a refused change
/// leaves the text as it was.
fn change_in(
    document: &mut LevelDocument,
    items: &[ItemChange],
) -> Result<DocumentChange, EditError> {
    let mut rekeyed: Vec<Vec<ReplacedValue>> = Vec::with_capacity(items.len());
    for item in items {
        match item.rewrite(document) {
            Ok(replaced) => rekeyed.push(replaced),
            Err(error) => {
                for value in rekeyed.into_iter().flatten().rev() {
                    // Putting back what was just rewritten cannot fail.
                    let _ = document.put_back_value(value);
                }
                return Err(error);
            }
        }
    }
    Ok(DocumentChange::Rekeyed(rekeyed))
}
