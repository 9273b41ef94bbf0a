//! Edits: the changes an author makes to a level's walls, obstacles, lamps,
//! materials and start. Each is one undo step, and applying one changes the
//! in-memory [`Level`] and its [`LevelDocument`] together, so what the
//! collider and renderer see is always what the saved file will hold.

use glam::Vec2;

use super::aim::Item;
use super::outline::OutlineError;
use crate::collision::{ConvexPolygon, PolygonError};
use crate::level::checks::MIN_WALL_LENGTH;
use crate::level::save::{
    DocumentError, KeyedTable, LevelDocument, MovedEndpoints, RemovedTable, ReplacedValue,
};
use crate::level::{Level, LevelObstacle, LevelWall, Light, MaterialId, WallEnd};

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
    /// A new obstacle with outline `points` (a convex polygon, in either
    /// winding), appended (index = the obstacle count), with the level's
    /// obstacle defaults; its table holds only `points`.
    AddObstacle {
        /// The outline's corners (x, z).
        points: Vec<Vec2>,
    },
    /// Deletes obstacle `index`, which must be `obstacle`.
    DeleteObstacle {
        /// The obstacle's index in [`Level::obstacles`].
        index: usize,
        /// The obstacle as it is.
        obstacle: LevelObstacle,
    },
    /// Puts back a deleted obstacle as obstacle `index`, from its table's
    /// text: like [`Edit::RestoreWall`], only the journal makes it.
    RestoreObstacle {
        /// The index it gets back.
        index: usize,
        /// The obstacle, as the level holds it.
        obstacle: LevelObstacle,
        /// Its `[[obstacle]]` table, as [`RemovedTable::text`] wrote it.
        table: String,
    },
    /// Moves the start from `from` to `to`, rewriting `[player] start` and
    /// `yaw` in place.
    SetStart {
        /// The start as it is.
        from: Start,
        /// The new start.
        to: Start,
    },
    /// Gives a wall or an obstacle material `to` (it has `from`), by name
    /// as the file writes it, rewriting its `material` in place (or adding
    /// it).
    SetMaterial {
        /// The wall or obstacle.
        item: Item,
        /// Its material's name now.
        from: String,
        /// The new material's name.
        to: String,
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
    /// An obstacle index past the end.
    #[error("there is no obstacle {index}: the level has {count} obstacles")]
    NoSuchObstacle {
        /// The index asked for.
        index: usize,
        /// How many obstacles there are.
        count: usize,
    },
    /// The obstacle at the index is not the one the edit is about.
    #[error("obstacle {index} is not the obstacle this edit was made for")]
    OtherObstacle {
        /// The index.
        index: usize,
    },
    /// Closing an outline made no obstacle: too few points, or all on one
    /// line.
    #[error("no obstacle made: {0}")]
    NoObstacle(#[from] OutlineError),
    /// An outline that is not a usable convex polygon.
    #[error("not a usable obstacle outline: {0}")]
    Outline(#[from] PolygonError),
    /// An obstacle to put back with properties no level holds.
    #[error("the obstacle to put back is not a valid obstacle: {0:?}")]
    InvalidObstacle(Box<LevelObstacle>),
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
        /// The wall or obstacle.
        item: Item,
        /// The material the edit expected.
        material: String,
    },
    /// An item without a material (a lamp).
    #[error("a {} has no material", .0.kind())]
    NoMaterial(Item),
    /// The level's text refused the change.
    #[error(transparent)]
    Document(#[from] DocumentError),
    /// The level and its text hold different numbers of walls (or lamps):
    /// they are not the same level.
    #[error("the level has {level} {what} but its text has {document}")]
    OutOfStep {
        /// `walls`, `lamps` or `obstacles`.
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

/// A wall, a lamp or an obstacle: what an edit adds or deletes whole.
#[derive(Debug, Clone)]
enum Piece {
    Wall(LevelWall),
    Light(Light),
    Obstacle(LevelObstacle),
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
    /// Put back the values a start or material change replaced, and set
    /// the level back as the inverse edit says.
    Revalue { replaced: Vec<ReplacedValue> },
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
        self.counts_in_step(level, document)?;
        self.check(level)?;
        let change = self.apply_to_document(document)?;
        let undo = match (&self, change) {
            (Edit::AddWall { a, b }, _) => {
                let piece = Piece::Wall(level.wall_defaults.wall(*a, *b));
                piece.push_onto(level)
            }
            (Edit::AddLight { at }, _) => {
                let light = Light::with_defaults(*at, level.environment.ceiling_height);
                Piece::Light(light).push_onto(level)
            }
            (Edit::AddObstacle { points }, _) => {
                let polygon = ConvexPolygon::new(points.clone())?;
                Piece::Obstacle(level.obstacle_defaults.obstacle(polygon)).push_onto(level)
            }
            (Edit::RestoreWall { index, wall, .. }, _) => {
                Piece::Wall(*wall).insert_into(level, *index)
            }
            (Edit::RestoreLight { index, light, .. }, _) => {
                Piece::Light(*light).insert_into(level, *index)
            }
            (
                Edit::RestoreObstacle {
                    index, obstacle, ..
                },
                _,
            ) => Piece::Obstacle(obstacle.clone()).insert_into(level, *index),
            (Edit::DeleteWall { index, wall }, DocumentChange::Removed(removed)) => {
                Piece::Wall(*wall).remove_from(level, *index, removed)
            }
            (Edit::DeleteLight { index, light }, DocumentChange::Removed(removed)) => {
                Piece::Light(*light).remove_from(level, *index, removed)
            }
            (Edit::DeleteObstacle { index, obstacle }, DocumentChange::Removed(removed)) => {
                Piece::Obstacle(obstacle.clone()).remove_from(level, *index, removed)
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
                self.set_values(level)?;
                Undo::Revalue { replaced }
            }
            // `apply_to_document` answers each kind of edit with its own change.
            (
                Edit::DeleteWall { .. }
                | Edit::DeleteLight { .. }
                | Edit::DeleteObstacle { .. }
                | Edit::MoveEndpoint { .. }
                | Edit::SetStart { .. }
                | Edit::SetMaterial { .. },
                _,
            ) => {
                unreachable!(
                    "a deletion removes a table, a move moves values, a change replaces values"
                )
            }
        };
        Ok(AppliedEdit { edit: self, undo })
    }

    /// Whether `level` and `document` hold as many of each kind of item as
    /// the edit is about: walls always, lamps and obstacles when it
    /// touches them.
    fn counts_in_step(&self, level: &Level, document: &LevelDocument) -> Result<(), EditError> {
        in_step("walls", level.walls.len(), document.wall_count())?;
        if self.is_about_lamps() {
            in_step("lamps", level.lights.len(), document.light_count()?)?;
        }
        if self.is_about_obstacles() {
            in_step(
                "obstacles",
                level.obstacles.len(),
                document.obstacle_count()?,
            )?;
        }
        Ok(())
    }

    /// Whether the edit adds, deletes or restores a lamp.
    fn is_about_lamps(&self) -> bool {
        matches!(
            self,
            Edit::AddLight { .. } | Edit::DeleteLight { .. } | Edit::RestoreLight { .. }
        )
    }

    /// Whether the edit adds, deletes, restores or changes an obstacle.
    fn is_about_obstacles(&self) -> bool {
        matches!(
            self,
            Edit::AddObstacle { .. }
                | Edit::DeleteObstacle { .. }
                | Edit::RestoreObstacle { .. }
                | Edit::SetMaterial {
                    item: Item::Obstacle(_),
                    ..
                }
        )
    }

    /// Sets the level's start or material as a [`Edit::SetStart`] or
    /// [`Edit::SetMaterial`] says (checked by [`check`](Self::check)).
    fn set_values(&self, level: &mut Level) -> Result<(), EditError> {
        match self {
            Edit::SetStart { to, .. } => {
                level.player.start = to.at;
                level.player.yaw_degrees = to.yaw_degrees;
            }
            Edit::SetMaterial { item, to, .. } => {
                let material = material_id(level, to)?;
                *material_of(level, *item)? = material;
            }
            _ => {}
        }
        Ok(())
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
            Edit::AddObstacle { points } => {
                ConvexPolygon::new(points.clone())?;
                document.append_obstacle(points)?;
                Ok(DocumentChange::Added)
            }
            Edit::DeleteObstacle { index, obstacle } => {
                let count = document.obstacle_count()?;
                if *index >= count {
                    return Err(EditError::NoSuchObstacle {
                        index: *index,
                        count,
                    });
                }
                let written = document
                    .obstacle_points(*index)
                    .and_then(|points| ConvexPolygon::new(points).ok());
                if written.as_ref() != Some(&obstacle.polygon) {
                    return Err(EditError::OtherObstacle { index: *index });
                }
                Ok(DocumentChange::Removed(document.remove_obstacle(*index)?))
            }
            Edit::RestoreObstacle { index, table, .. } => {
                document.insert_obstacle_text(*index, table)?;
                Ok(DocumentChange::Added)
            }
            Edit::SetStart { from, to } => {
                if document.point_in(KeyedTable::Player, START_KEY) != Some(from.at) {
                    return Err(EditError::StartElsewhere {
                        at: from.at,
                        yaw_degrees: from.yaw_degrees,
                    });
                }
                check_start(*to)?;
                let start = document.set_point(KeyedTable::Player, START_KEY, to.at)?;
                let yaw = document.set_number(KeyedTable::Player, YAW_KEY, to.yaw_degrees)?;
                Ok(DocumentChange::Revalued(vec![start, yaw]))
            }
            Edit::SetMaterial { item, to, .. } => {
                let table = match *item {
                    Item::Wall(index) => KeyedTable::Wall(index),
                    Item::Obstacle(index) => KeyedTable::Obstacle(index),
                    Item::Lamp(_) => return Err(EditError::NoMaterial(*item)),
                };
                let material = document.set_text(table, MATERIAL_KEY, to)?;
                Ok(DocumentChange::Revalued(vec![material]))
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
            Edit::AddObstacle { points } => {
                ConvexPolygon::new(points.clone())?;
                Ok(())
            }
            Edit::DeleteObstacle { index, obstacle } => {
                Piece::Obstacle(obstacle.clone()).is_at(level, *index)
            }
            Edit::RestoreObstacle {
                index, obstacle, ..
            } => {
                Piece::Obstacle(obstacle.clone()).fits_at(level, *index)?;
                let usable = obstacle.height > 0.0
                    && obstacle.height.is_finite()
                    && obstacle.material.0 < level.materials.len();
                if usable {
                    Ok(())
                } else {
                    Err(EditError::InvalidObstacle(Box::new(obstacle.clone())))
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
                if level.materials.get(held.0).map(|material| &material.name) != Some(from) {
                    return Err(EditError::OtherMaterial {
                        item: *item,
                        material: from.clone(),
                    });
                }
                material_id(level, to).map(|_| ())
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
            Undo::Remove { index, piece } => piece.deletion(*index),
            Undo::PutBack {
                index,
                piece,
                removed,
            } => piece.restoration(*index, removed.text()),
            Undo::MoveBack {
                from, to, walls, ..
            } => Edit::MoveEndpoint {
                from: *to,
                to: *from,
                walls: walls.clone(),
            },
            Undo::Revalue { .. } => match &self.edit {
                Edit::SetStart { from, to } => Edit::SetStart {
                    from: *to,
                    to: *from,
                },
                Edit::SetMaterial { item, from, to } => Edit::SetMaterial {
                    item: *item,
                    from: to.clone(),
                    to: from.clone(),
                },
                // Only start and material changes replace values.
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
                match piece {
                    Piece::Wall(_) => document.remove_wall(index)?,
                    Piece::Light(_) => document.remove_light(index)?,
                    Piece::Obstacle(_) => document.remove_obstacle(index)?,
                };
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
            Undo::Revalue { replaced } => {
                for value in replaced.into_iter().rev() {
                    document.put_back_value(value)?;
                }
                inverse.set_values(level)?;
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
            Undo::Revalue { .. } => self.inverse().check(level),
        }
    }
}

impl Piece {
    /// Whether `level` holds exactly this item at `index`.
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
            Piece::Obstacle(obstacle) => match level.obstacles.get(index) {
                None => Err(EditError::NoSuchObstacle {
                    index,
                    count: level.obstacles.len(),
                }),
                Some(held) if held != obstacle => Err(EditError::OtherObstacle { index }),
                Some(_) => Ok(()),
            },
        }
    }

    /// Whether it can be inserted as item `index` of its kind in `level`
    /// (at most the count).
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
            Piece::Obstacle(_) if index > level.obstacles.len() => Err(EditError::NoSuchObstacle {
                index,
                count: level.obstacles.len(),
            }),
            Piece::Wall(_) | Piece::Light(_) | Piece::Obstacle(_) => Ok(()),
        }
    }

    /// Appends it to its kind's list in `level`; the undo removes it.
    fn push_onto(self, level: &mut Level) -> Undo {
        let index = match &self {
            Piece::Wall(_) => level.walls.len(),
            Piece::Light(_) => level.lights.len(),
            Piece::Obstacle(_) => level.obstacles.len(),
        };
        self.insert_into(level, index)
    }

    /// Inserts it into `level` as item `index` of its kind (checked by
    /// [`fits_at`](Self::fits_at)); the undo removes it.
    fn insert_into(self, level: &mut Level, index: usize) -> Undo {
        match &self {
            Piece::Wall(wall) => level.walls.insert(index, *wall),
            Piece::Light(light) => level.lights.insert(index, *light),
            Piece::Obstacle(obstacle) => level.obstacles.insert(index, obstacle.clone()),
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

    /// Takes item `index` of its kind out of `level`.
    fn take_out(&self, level: &mut Level, index: usize) {
        match self {
            Piece::Wall(_) => {
                level.walls.remove(index);
            }
            Piece::Light(_) => {
                level.lights.remove(index);
            }
            Piece::Obstacle(_) => {
                level.obstacles.remove(index);
            }
        }
    }

    /// The edit that deletes it as item `index`.
    fn deletion(&self, index: usize) -> Edit {
        match self {
            Piece::Wall(wall) => Edit::DeleteWall { index, wall: *wall },
            Piece::Light(light) => Edit::DeleteLight {
                index,
                light: *light,
            },
            Piece::Obstacle(obstacle) => Edit::DeleteObstacle {
                index,
                obstacle: obstacle.clone(),
            },
        }
    }

    /// The edit that puts it back as item `index` from its table's text.
    fn restoration(&self, index: usize, table: String) -> Edit {
        match self {
            Piece::Wall(wall) => Edit::RestoreWall {
                index,
                wall: *wall,
                table,
            },
            Piece::Light(light) => Edit::RestoreLight {
                index,
                light: *light,
                table,
            },
            Piece::Obstacle(obstacle) => Edit::RestoreObstacle {
                index,
                obstacle: obstacle.clone(),
                table,
            },
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

/// The material of wall or obstacle `item` in `level`.
pub(crate) fn material_held(level: &Level, item: Item) -> Result<MaterialId, EditError> {
    match item {
        Item::Wall(index) => {
            level
                .walls
                .get(index)
                .map(|wall| wall.material)
                .ok_or(EditError::NoSuchWall {
                    index,
                    count: level.walls.len(),
                })
        }
        Item::Obstacle(index) => level
            .obstacles
            .get(index)
            .map(|obstacle| obstacle.material)
            .ok_or(EditError::NoSuchObstacle {
                index,
                count: level.obstacles.len(),
            }),
        Item::Lamp(_) => Err(EditError::NoMaterial(item)),
    }
}

/// The material slot of wall or obstacle `item` in `level`, to change.
fn material_of(level: &mut Level, item: Item) -> Result<&mut MaterialId, EditError> {
    let (walls, obstacles) = (level.walls.len(), level.obstacles.len());
    match item {
        Item::Wall(index) => level
            .walls
            .get_mut(index)
            .map(|wall| &mut wall.material)
            .ok_or(EditError::NoSuchWall {
                index,
                count: walls,
            }),
        Item::Obstacle(index) => level
            .obstacles
            .get_mut(index)
            .map(|obstacle| &mut obstacle.material)
            .ok_or(EditError::NoSuchObstacle {
                index,
                count: obstacles,
            }),
        Item::Lamp(_) => Err(EditError::NoMaterial(item)),
    }
}

/// Whether `level` and `document` hold as many items of a kind (`what`)
/// as each other.
fn in_step(what: &'static str, level: usize, document: usize) -> Result<(), EditError> {
    if level == document {
        Ok(())
    } else {
        Err(EditError::OutOfStep {
            what,
            level,
            document,
        })
    }
}
