//! Edits: the changes an author makes to a level's walls, obstacles, lamps,
//! doors, floors, materials and start. Each is one undo step, and applying one changes the
//! in-memory [`Level`] and its [`LevelDocument`] together, so what the
//! collider and renderer see is always what the saved file will hold.
//!
//! This file holds the edits and what they carry; how they work is in
//! files of one job each:
//! - `apply.rs`: applying an edit to a level and its text together;
//! - `check.rs`: whether an edit fits a level, checked before anything
//!   changes;
//! - `document.rs`: an edit on the level's text alone (also how the
//!   autosave journal replays);
//! - `undo.rs`: an applied edit's inverse, and undoing it exactly;
//! - `piece.rs`: an item held whole, put into and taken out of a level;
//! - `item_change.rs`: an item changed in place, and the keys that change;
//! - `materials.rs`: the material an edit gives an item, and where it is
//!   held;
//! - `limits.rs`: what any point, span and start must be;
//! - `together.rs`: several edits made and undone as one step.
//!
//! [`LevelDocument`]: crate::level::save::LevelDocument

mod apply;
mod check;
mod document;
mod item_change;
mod limits;
mod materials;
mod piece;
mod together;
mod undo;

use glam::Vec2;

use super::aim::Item;
use super::outline::OutlineError;
use crate::collision::PolygonError;
use crate::level::save::{
    Anchor, DocumentError, KeyText, MovedEndpoints, RemovedTable, ReplacedValue,
};
use crate::level::{Door, Level, LevelFloor, LevelObstacle, LevelWall, Light, WallEnd};
pub(crate) use materials::{material_held, material_to};
pub(crate) use piece::listed;

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

/// A wall, a lamp, an obstacle, a door or a floor: an item that an edit
/// deletes or puts back whole, as the level holds it.
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
    /// A floor.
    Floor(LevelFloor),
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
    /// A new floor with outline `points` (a simple polygon, concave or
    /// not, in either winding) at `height`, appended (index = the floor
    /// count), with the format's defaults for the rest
    /// ([`Level::new_floor`]); its table holds only `points` and `height`.
    /// Refused when the outline crosses itself, or crosses or overlaps
    /// another floor without one holding the other.
    AddFloor {
        /// The outline's corners (x, z).
        points: Vec<Vec2>,
        /// The floor's height above the ground, in metres.
        height: f32,
    },
    /// Several edits as one step, made in order and undone last first: a
    /// flight of stairs' floors. When one of them is refused, those made
    /// before it are taken back.
    Together {
        /// The edits, in the order they are made.
        edits: Vec<Edit>,
    },
    /// Deletes item `index` of the piece's kind, which must be `piece` (so
    /// that a stale edit is refused instead of deleting another item).
    Delete {
        /// The item's index in its kind's list ([`Level::walls`],
        /// `lights`, `obstacles`, `doors`, `floors`).
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
    /// Gives a wall, an obstacle, a door or a floor material `to` (it has
    /// `from`), the floor's own surface for a floor,
    /// by name as the file writes it, rewriting its `material` in place (or
    /// adding it).
    SetMaterial {
        /// The wall, obstacle, door or floor.
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
    /// A floor whose outline is no floor's (it crosses itself, has no
    /// area), that crosses or overlaps another floor without one holding
    /// the other, or whose ceiling is not above it; in the loader's words.
    #[error("no such floor may be: {0}")]
    FloorRefused(String),
    /// The edit would leave the start with no room to stand, which no
    /// level may hold.
    #[error("the start would have no room: {0}")]
    StartWithoutRoom(crate::level::StartRoomProblem),
    /// Enter with the stairs tool before both ends of the flight are
    /// plotted.
    #[error("a flight of stairs needs its foot and its top end: Space at the middle of each")]
    NoFlight,
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
    /// Undo each of several edits made together, last first.
    Together(Vec<AppliedEdit>),
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
