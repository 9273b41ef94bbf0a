//! Edits: the changes an author makes to a level's walls, obstacles, lamps,
//! doors, materials and start. Each is one undo step, and applying one changes the
//! in-memory [`Level`] and its [`LevelDocument`] together, so what the
//! collider and renderer see is always what the saved file will hold.

use glam::Vec2;

use super::aim::Item;
use super::outline::OutlineError;
use crate::collision::{ConvexPolygon, PolygonError};
use crate::level::builtin_material_id;
use crate::level::checks::MIN_WALL_LENGTH;
use crate::level::defaults::DOOR_MATERIAL;
use crate::level::save::{
    Anchor, DocumentError, KeyText, KeyValue, KeyedTable, LevelDocument, MovedEndpoints,
    RemovedTable, ReplacedValue, Tables, door_values, light_values, obstacle_values, wall_values,
};
use crate::level::{Door, Level, LevelObstacle, LevelWall, Light, MaterialId, WallEnd};

/// The `[player]` keys that [`Edit::SetStart`] rewrites.
const START_KEY: &str = "start";
const YAW_KEY: &str = "yaw";
/// The key that [`Edit::SetMaterial`] rewrites.
const MATERIAL_KEY: &str = "material";

/// Where the walker starts: `[player] start` and `yaw`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Start {
    /// The place (x, z).
    pub at: Vec2,
    /// The heading in degrees (0 = +x, 90 = +z).
    pub yaw_degrees: f32,
}

impl Start {
    /// The start `level` has now.
    pub fn of(level: &Level) -> Self {
        Self {
            at: level.player.start,
            yaw_degrees: level.player.yaw_degrees,
        }
    }
}

/// A wall, a lamp, an obstacle or a door: an item that an edit deletes or
/// puts back whole, as the level holds it.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece {
    /// A wall.
    Wall(LevelWall),
    /// A lamp.
    Light(Light),
    /// An obstacle.
    Obstacle(LevelObstacle),
    /// A door.
    Door(Door),
}

/// One item that an [`Edit::Change`] changes in place: its index, what it
/// is, what it becomes, and the keys of its table that change.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemChange {
    /// Its index in its kind's list.
    pub index: usize,
    /// The item as it is.
    pub from: Piece,
    /// What it becomes: an item of the same kind.
    pub to: Piece,
    /// The keys of its table rewritten, as they are written: those whose
    /// values differ between `from` and `to` ([`ItemChange::new`] finds
    /// them).
    pub keys: Vec<KeyText>,
}

impl ItemChange {
    /// The change that makes `item` of `level` into `to` (any of its
    /// properties may differ), rewriting the keys whose values differ.
    pub fn new(level: &Level, item: Item, to: Piece) -> Result<Self, EditError> {
        let from = Piece::at(level, item)?;
        let keys = changed_keys(level, item, &from, &to)?
            .into_iter()
            .map(|(key, text)| KeyText {
                key,
                value: Some(text),
            })
            .collect();
        Ok(Self {
            index: item.index(),
            from,
            to,
            keys,
        })
    }

    /// The item as its kind and index.
    pub fn item(&self) -> Item {
        self.from.item(self.index)
    }

    /// Whether the change fits `level`: the item is `from`, `to` is of its
    /// kind and one a level may hold, and its keys are those whose values
    /// differ.
    fn check(&self, level: &Level) -> Result<(), EditError> {
        self.from.is_at(level, self.index)?;
        let differ = changed_keys(level, self.item(), &self.from, &self.to)?;
        self.to.check_valid(level)?;
        let mut named: Vec<&'static str> = self.keys.iter().map(|key| key.key).collect();
        let mut differ: Vec<&'static str> = differ.into_iter().map(|(key, _)| key).collect();
        named.sort_unstable();
        differ.sort_unstable();
        if named != differ {
            return Err(EditError::OtherKeys {
                item: self.item(),
                keys: named,
            });
        }
        Ok(())
    }

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

/// One change to a level.
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
    /// A new lamp at `at`, appended (index = the lamp count), with the
    /// format's defaults ([`Light::with_defaults`]); its table holds only
    /// `at`.
    AddLight {
        /// Where it hangs (x, z).
        at: Vec2,
    },
    /// A new obstacle with outline `points` (a convex polygon, in either
    /// winding), appended (index = the obstacle count), with the level's
    /// obstacle defaults; its table holds only `points`.
    AddObstacle {
        /// The outline's corners (x, z).
        points: Vec<Vec2>,
    },
    /// A new door from jamb `a` (the hinge) to jamb `b`, appended (index =
    /// the door count), with the format's defaults
    /// ([`Door::with_defaults`]); its table holds only `a` and `b`.
    AddDoor {
        /// The hinge jamb (x, z).
        a: Vec2,
        /// The other jamb (x, z).
        b: Vec2,
    },
    /// Deletes item `index` of the piece's kind, which must be `piece` (so
    /// that a stale edit is refused instead of deleting another item).
    Delete {
        /// The item's index in its kind's list ([`Level::walls`],
        /// `lights`, `obstacles`, `doors`).
        index: usize,
        /// The item as it is.
        piece: Piece,
    },
    /// Puts an item in as item `index` of its kind, from its table's text
    /// (comments included): the undo of a deletion made before the last
    /// save, as the autosave journal writes it, and a copy put down (its
    /// table holds the keys of the item copied).
    Restore {
        /// The index it gets back.
        index: usize,
        /// The item, as the level holds it.
        piece: Piece,
        /// Its table, as [`RemovedTable::text`] wrote it.
        table: String,
        /// The table written right before it when it was removed, so that
        /// it goes back where it was; `None` for a copy put down, which
        /// goes after the last of its kind like an added item.
        anchor: Option<Anchor>,
    },
    /// Moves the start from `from` to `to`, rewriting `[player] start` and
    /// `yaw` in place.
    SetStart {
        /// The start as it is.
        from: Start,
        /// The new start.
        to: Start,
    },
    /// Gives a wall, an obstacle or a door material `to` (it has `from`),
    /// by name as the file writes it, rewriting its `material` in place (or
    /// adding it).
    SetMaterial {
        /// The wall, obstacle or door.
        item: Item,
        /// Its material's name now.
        from: String,
        /// The new material's name; `None` takes the `material` key away,
        /// so that the item has the level's default for its kind again
        /// (how the journal writes the undo of a change that added the
        /// key).
        to: Option<String>,
    },
    /// Changes items in place, each into another of its kind (any of its
    /// properties may differ: its place, size, material, ...), rewriting
    /// only the keys of its table whose values differ, each in place with
    /// the spacing and comment around it (a key its table lacks is added
    /// at its end). Several items change together when a wall carried away
    /// takes the ends of the walls that share them along.
    Change {
        /// The items, each once.
        items: Vec<ItemChange>,
    },
}

/// Why an edit was refused. A refused edit changes nothing.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    /// A point with a NaN or infinite coordinate.
    #[error("the point {0} is not finite")]
    NotFinite(Vec2),
    /// The wall (or door) would be shorter than 0.1 mm, which no level may
    /// hold.
    #[error("a span from {a} to {b} would have no length")]
    TooShort {
        /// First end.
        a: Vec2,
        /// Second end.
        b: Vec2,
    },
    /// An index past the end of its kind's list.
    #[error("there is no {kind} {index}: the level has {count} {kind}s")]
    NoSuchItem {
        /// `wall`, `lamp`, `obstacle` or `door`.
        kind: &'static str,
        /// The index asked for.
        index: usize,
        /// How many the level holds.
        count: usize,
    },
    /// The item at the index (in the level or its text) is not the one the
    /// edit is about.
    #[error("{0} is not the one this edit was made for")]
    OtherItem(Item),
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
    /// An item to put back with properties no level holds (a negative
    /// radius, an unknown material, a lamp's colour past 1, ...).
    #[error("the {} to put back is not one a level may hold: {piece:?}", .piece.kind())]
    InvalidPiece {
        /// The item.
        piece: Box<Piece>,
    },
    /// A new lamp hangs 0.3 m under the ceiling, and this ceiling is too
    /// low for that.
    #[error(
        "the ceiling is {ceiling_height} m high: a new lamp hangs 0.3 m under it, which is not above the floor"
    )]
    CeilingTooLow {
        /// The level's ceiling height.
        ceiling_height: f32,
    },
    /// Closing an outline made no obstacle: too few points, or all on one
    /// line.
    #[error("no obstacle made: {0}")]
    NoObstacle(#[from] OutlineError),
    /// An outline that is not a usable convex polygon.
    #[error("not a usable obstacle outline: {0}")]
    Outline(#[from] PolygonError),
    /// The start is not where the edit says.
    #[error("the start is not at {at} facing {yaw_degrees}°")]
    StartElsewhere {
        /// Where the edit expected it.
        at: Vec2,
        /// The heading it expected, in degrees.
        yaw_degrees: f32,
    },
    /// A new start heading that is not finite.
    #[error("the heading {0}° is not finite")]
    HeadingNotFinite(f32),
    /// No material of the level has this name.
    #[error("the level has no material `{0}`")]
    NoSuchMaterial(String),
    /// The item's material is not the one the edit is about.
    #[error("{item} is not made of `{material}`")]
    OtherMaterial {
        /// The wall, obstacle or door.
        item: Item,
        /// The material the edit expected.
        material: String,
    },
    /// An item without a material (a lamp).
    #[error("a {} has no material", .0.kind())]
    NoMaterial(Item),
    /// A change into an item of another kind.
    #[error("{item} cannot become a {kind}")]
    OtherKind {
        /// The item.
        item: Item,
        /// The kind it would become.
        kind: &'static str,
    },
    /// A change whose keys are not those whose values differ.
    #[error("{item} changes the keys {keys:?}, which are not those its change rewrites")]
    OtherKeys {
        /// The item.
        item: Item,
        /// The keys the change names.
        keys: Vec<&'static str>,
    },
    /// The level's text refused the change.
    #[error(transparent)]
    Document(#[from] DocumentError),
    /// The level and its text hold different numbers of walls (or lamps,
    /// obstacles, doors): they are not the same level.
    #[error("the level has {level} {what} but its text has {document}")]
    OutOfStep {
        /// `wall`, `light`, `obstacle` or `door`: the tables' key.
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

/// How to undo an applied edit.
#[derive(Debug, Clone)]
enum Undo {
    /// Remove the item that was added or restored at `index`.
    Remove { index: usize, piece: Piece },
    /// Put the deleted item (and its table) back at `index`.
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
    /// Put back the values a start or material change replaced, and set
    /// the level back as the inverse edit says; `material` is the name of
    /// the material a material change gave.
    Revalue {
        replaced: Vec<ReplacedValue>,
        material: Option<String>,
    },
    /// Put back the values a change replaced, item by item, and the items.
    Rekey(Vec<Vec<ReplacedValue>>),
}

/// What an edit changed in the document alone.
pub(crate) enum DocumentChange {
    /// A table was added or inserted.
    Added,
    /// A table was removed.
    Removed(RemovedTable),
    /// End point values were replaced.
    Moved(MovedEndpoints),
    /// Single values were replaced (or keys added).
    Revalued(Vec<ReplacedValue>),
    /// Items' keys were rewritten, item by item.
    Rekeyed(Vec<Vec<ReplacedValue>>),
}

impl Edit {
    /// Applies the edit to `level` and `document`, which must hold the same
    /// items of the kinds it is about. Checks everything first: on error
    /// neither has changed.
    pub fn apply(
        self,
        level: &mut Level,
        document: &mut LevelDocument,
    ) -> Result<AppliedEdit, EditError> {
        self.counts_in_step(level, document)?;
        self.check(level)?;
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
                | Edit::Change { .. },
                _,
            ) => {
                unreachable!(
                    "a deletion removes a table, a move moves values, a change replaces values"
                )
            }
        };
        Ok(AppliedEdit { edit: self, undo })
    }

    /// The array of tables the edit adds to, removes from or changes,
    /// besides the walls (which every edit checks).
    fn tables(&self) -> Option<Tables> {
        match self {
            Edit::AddWall { .. } | Edit::MoveEndpoint { .. } | Edit::SetStart { .. } => None,
            Edit::AddLight { .. } => Some(Tables::Lights),
            Edit::AddObstacle { .. } => Some(Tables::Obstacles),
            Edit::AddDoor { .. } => Some(Tables::Doors),
            Edit::Delete { piece, .. } | Edit::Restore { piece, .. } => Some(piece.tables()),
            Edit::SetMaterial { item, .. } => Some(item.tables()),
            Edit::Change { items } => items.first().map(|item| item.from.tables()),
        }
    }

    /// Whether `level` and `document` hold as many of each kind of item as
    /// the edit is about: walls always, and the kind it touches.
    fn counts_in_step(&self, level: &Level, document: &LevelDocument) -> Result<(), EditError> {
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
    fn set_values(&self, level: &mut Level) -> Result<Option<String>, EditError> {
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
                    .get(material.0)
                    .map(|material| material.name.clone()))
            }
            _ => Ok(None),
        }
    }

    /// Applies the edit to a level's text alone (replaying a journal onto a
    /// file), checking what the text can tell: indices, that the walls to
    /// move have the end points the edit names, and that an item to delete
    /// is written where the edit says.
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

    /// Whether the edit fits `level`: indices exist, items are the ones
    /// named, ends are where the edit says, every wall or door it leaves is
    /// finite and longer than 0.1 mm, and every item it adds is one a level
    /// may hold.
    fn check(&self, level: &Level) -> Result<(), EditError> {
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
            Edit::Delete { index, piece } => piece.is_at(level, *index),
            Edit::Restore { index, piece, .. } => {
                piece.fits_at(level, *index)?;
                piece.check_valid(level)
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
                if level.materials.get(held.0).map(|material| &material.name) != Some(from) {
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
                }
                Ok(())
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
    /// deletion for an added item, a restoration (with the table's text)
    /// for a deleted one, a move back for a move, the old value for a
    /// changed one.
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
        let inverse = self.inverse();
        let AppliedEdit { edit, undo } = self;
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
        }
    }
}

impl Piece {
    /// The piece as item `index` of its kind.
    pub fn item(&self, index: usize) -> Item {
        match self {
            Piece::Wall(_) => Item::Wall(index),
            Piece::Light(_) => Item::Lamp(index),
            Piece::Obstacle(_) => Item::Obstacle(index),
            Piece::Door(_) => Item::Door(index),
        }
    }

    /// Its kind's name: `wall`, `lamp`, `obstacle` or `door`.
    pub fn kind(&self) -> &'static str {
        self.item(0).kind()
    }

    /// The array of tables its kind is written in.
    fn tables(&self) -> Tables {
        self.item(0).tables()
    }

    /// The error for an index past the `count` items of its kind.
    fn no_such(&self, index: usize, count: usize) -> EditError {
        EditError::NoSuchItem {
            kind: self.kind(),
            index,
            count,
        }
    }

    /// `item` as `level` holds it, if it has it.
    pub fn held(level: &Level, item: Item) -> Option<Piece> {
        let index = item.index();
        match item {
            Item::Wall(_) => level.walls.get(index).copied().map(Piece::Wall),
            Item::Lamp(_) => level.lights.get(index).copied().map(Piece::Light),
            Item::Obstacle(_) => level.obstacles.get(index).cloned().map(Piece::Obstacle),
            Item::Door(_) => level.doors.get(index).copied().map(Piece::Door),
        }
    }

    /// `item` as `level` holds it, or the error that it has no such item.
    pub fn at(level: &Level, item: Item) -> Result<Piece, EditError> {
        Piece::held(level, item).ok_or_else(|| EditError::NoSuchItem {
            kind: item.kind(),
            index: item.index(),
            count: listed(level, item.tables()),
        })
    }

    /// Its material, to read or change; `None` for a lamp, which has none.
    pub fn material_mut(&mut self) -> Option<&mut MaterialId> {
        match self {
            Piece::Wall(wall) => Some(&mut wall.material),
            Piece::Obstacle(obstacle) => Some(&mut obstacle.material),
            Piece::Door(door) => Some(&mut door.material),
            Piece::Light(_) => None,
        }
    }

    /// Whether `level` holds exactly this item at `index`.
    fn is_at(&self, level: &Level, index: usize) -> Result<(), EditError> {
        let item = self.item(index);
        match Piece::held(level, item) {
            None => Err(self.no_such(index, listed(level, self.tables()))),
            Some(held) if held != *self => Err(EditError::OtherItem(item)),
            Some(_) => Ok(()),
        }
    }

    /// Whether the table `index` of its kind in `document` is written where
    /// this item is: a wall's or a door's ends, a lamp's place, an
    /// obstacle's outline.
    fn is_written_at(&self, document: &LevelDocument, index: usize) -> bool {
        let point = |key: &str| document.point(self.tables(), index, key);
        match self {
            Piece::Wall(LevelWall { a, b, .. }) | Piece::Door(Door { a, b, .. }) => {
                point(WallEnd::A.key()) == Some(*a) && point(WallEnd::B.key()) == Some(*b)
            }
            Piece::Light(light) => document.light_at(index) == Some(light.at),
            Piece::Obstacle(obstacle) => document
                .obstacle_points(index)
                .and_then(|points| ConvexPolygon::new(points).ok())
                .is_some_and(|written| written == obstacle.polygon),
        }
    }

    /// Whether it can be inserted as item `index` of its kind in `level`
    /// (at most the count).
    fn fits_at(&self, level: &Level, index: usize) -> Result<(), EditError> {
        let count = listed(level, self.tables());
        if index > count {
            return Err(self.no_such(index, count));
        }
        Ok(())
    }

    /// Whether a level may hold it, as the loader checks its table: sizes
    /// finite and in range, a material the level has.
    fn check_valid(&self, level: &Level) -> Result<(), EditError> {
        let material_known = |material: MaterialId| material.0 < level.materials.len();
        let valid = match self {
            Piece::Wall(wall) => {
                check_segment(wall.a, wall.b)?;
                LevelWall::RADIUS.allows(wall.radius)
                    && LevelWall::HEIGHT.allows(wall.height)
                    && LevelWall::THICKNESS.allows(wall.thickness)
                    && material_known(wall.material)
            }
            Piece::Light(light) => light.is_valid(),
            Piece::Obstacle(obstacle) => {
                LevelObstacle::HEIGHT.allows(obstacle.height)
                    && LevelObstacle::MASS.allows(obstacle.mass)
                    && LevelObstacle::FRICTION.allows(obstacle.friction)
                    && LevelObstacle::BOUNCE.allows(obstacle.bounce)
                    && material_known(obstacle.material)
            }
            Piece::Door(door) => {
                check_segment(door.a, door.b)?;
                door.is_valid() && material_known(door.material)
            }
        };
        if valid {
            Ok(())
        } else {
            Err(EditError::InvalidPiece {
                piece: Box::new(self.clone()),
            })
        }
    }

    /// Appends it to its kind's list in `level`; the undo removes it.
    fn push_onto(self, level: &mut Level) -> Undo {
        let index = listed(level, self.tables());
        self.insert_into(level, index)
    }

    /// Inserts it into `level` as item `index` of its kind (checked by
    /// [`fits_at`](Self::fits_at)); the undo removes it.
    fn insert_into(self, level: &mut Level, index: usize) -> Undo {
        match &self {
            Piece::Wall(wall) => level.walls.insert(index, *wall),
            Piece::Light(light) => level.lights.insert(index, *light),
            Piece::Obstacle(obstacle) => level.obstacles.insert(index, obstacle.clone()),
            Piece::Door(door) => level.doors.insert(index, *door),
        }
        Undo::Remove { index, piece: self }
    }

    /// Removes item `index` of its kind from `level` (checked by
    /// [`is_at`](Self::is_at)), its table being `removed`; the undo puts
    /// both back.
    fn remove_from(self, level: &mut Level, index: usize, removed: RemovedTable) -> Undo {
        self.take_out(level, index);
        Undo::PutBack {
            index,
            piece: self,
            removed,
        }
    }

    /// Puts it in `level` as item `index` of its kind, in place of the one
    /// there (checked by [`is_at`](Self::is_at)).
    fn put_in_place(&self, level: &mut Level, index: usize) {
        match self {
            Piece::Wall(wall) => put(level.walls.get_mut(index), *wall),
            Piece::Light(light) => put(level.lights.get_mut(index), *light),
            Piece::Obstacle(obstacle) => put(level.obstacles.get_mut(index), obstacle.clone()),
            Piece::Door(door) => put(level.doors.get_mut(index), *door),
        }
    }

    /// Its table's keys and values as a level file writes them, its
    /// material by its name in `level`.
    pub fn values(&self, level: &Level) -> Result<Vec<KeyValue>, EditError> {
        let name = |material: MaterialId| {
            level
                .materials
                .get(material.0)
                .map(|material| material.name.as_str())
                .ok_or_else(|| EditError::InvalidPiece {
                    piece: Box::new(self.clone()),
                })
        };
        Ok(match self {
            Piece::Wall(wall) => wall_values(wall, name(wall.material)?),
            Piece::Light(light) => light_values(light),
            Piece::Obstacle(obstacle) => obstacle_values(obstacle, name(obstacle.material)?),
            Piece::Door(door) => door_values(door, name(door.material)?),
        })
    }

    /// Takes item `index` of its kind out of `level`.
    fn take_out(&self, level: &mut Level, index: usize) {
        match self {
            Piece::Wall(_) => drop(level.walls.remove(index)),
            Piece::Light(_) => drop(level.lights.remove(index)),
            Piece::Obstacle(_) => drop(level.obstacles.remove(index)),
            Piece::Door(_) => drop(level.doors.remove(index)),
        }
    }
}

/// Puts `item` in `slot`, in place of the one there, if there is one.
fn put<T>(slot: Option<&mut T>, item: T) {
    if let Some(slot) = slot {
        *slot = item;
    }
}

/// The keys whose values differ between `from` (which is `item`) and `to`
/// in `level`, with `to`'s values; an error when `to` is of another kind.
fn changed_keys(
    level: &Level,
    item: Item,
    from: &Piece,
    to: &Piece,
) -> Result<Vec<KeyValue>, EditError> {
    if from.kind() != to.kind() {
        return Err(EditError::OtherKind {
            item,
            kind: to.kind(),
        });
    }
    Ok(to
        .values(level)?
        .into_iter()
        .zip(from.values(level)?)
        .filter(|((_, new), (_, old))| new != old)
        .map(|(new, _)| new)
        .collect())
}

/// How many items `level` lists in the kind written as `tables`.
pub(crate) fn listed(level: &Level, tables: Tables) -> usize {
    match tables {
        Tables::Walls => level.walls.len(),
        Tables::Lights => level.lights.len(),
        Tables::Obstacles => level.obstacles.len(),
        Tables::Doors => level.doors.len(),
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

/// Whether a start may be set: a finite place and heading.
fn check_start(start: Start) -> Result<(), EditError> {
    check_point(start.at)?;
    if start.yaw_degrees.is_finite() {
        Ok(())
    } else {
        Err(EditError::HeadingNotFinite(start.yaw_degrees))
    }
}

/// The index of the material named `name` in `level`.
pub(crate) fn material_id(level: &Level, name: &str) -> Result<MaterialId, EditError> {
    level
        .materials
        .iter()
        .position(|material| material.name == name)
        .map(MaterialId)
        .ok_or_else(|| EditError::NoSuchMaterial(name.to_owned()))
}

/// The material that [`Edit::SetMaterial`] gives `item` in `level`: the one
/// named `to`, or with none the level's default for its kind (its
/// `wall_material` or `obstacle_material`, a door's builtin `wood`).
pub(crate) fn material_to(
    level: &Level,
    item: Item,
    to: Option<&str>,
) -> Result<MaterialId, EditError> {
    match (to, item) {
        (Some(name), _) => material_id(level, name),
        (None, Item::Wall(_)) => Ok(level.wall_defaults.material),
        (None, Item::Obstacle(_)) => Ok(level.obstacle_defaults.material),
        (None, Item::Door(_)) => Ok(builtin_material_id(&level.materials, DOOR_MATERIAL)),
        (None, Item::Lamp(_)) => Err(EditError::NoMaterial(item)),
    }
}

/// The material of wall, obstacle or door `item` in `level`.
pub(crate) fn material_held(level: &Level, item: Item) -> Result<MaterialId, EditError> {
    Piece::at(level, item)?
        .material_mut()
        .copied()
        .ok_or(EditError::NoMaterial(item))
}

/// The material slot of wall, obstacle or door `item` in `level`, to
/// change (checked by [`material_held`]).
fn material_of(level: &mut Level, item: Item) -> Result<&mut MaterialId, EditError> {
    material_held(level, item)?;
    let index = item.index();
    let slot = match item {
        Item::Wall(_) => level.walls.get_mut(index).map(|wall| &mut wall.material),
        Item::Obstacle(_) => level
            .obstacles
            .get_mut(index)
            .map(|obstacle| &mut obstacle.material),
        Item::Door(_) => level.doors.get_mut(index).map(|door| &mut door.material),
        Item::Lamp(_) => None,
    };
    slot.ok_or(EditError::NoMaterial(item))
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
        let mut moved = *wall_at(index)?;
        for &(_, end) in walls.iter().filter(|(other, _)| *other == index) {
            *moved.end_mut(end) = to;
        }
        check_segment(moved.a, moved.b)?;
    }
    Ok(())
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
