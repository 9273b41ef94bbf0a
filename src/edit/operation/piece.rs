//! An item held whole: what it is in a level, where its table is written,
//! whether a level may hold it, and putting it into and taking it out of
//! a level.

use glam::Vec2;

use super::limits::check_segment;
use super::{EditError, Piece, Undo};
use crate::collision::ConvexPolygon;
use crate::edit::aim::Item;
use crate::level::save::{
    KeyValue, LevelDocument, RemovedTable, Tables, door_values, floor_values, light_values,
    obstacle_values, wall_values,
};
use crate::level::{
    Door, Level, LevelFloor, LevelObstacle, LevelWall, MaterialId, WallEnd, base_is_valid,
    floor_problem,
};

impl Piece {
    /// The piece as item `index` of its kind.
    pub fn item(&self, index: usize) -> Item {
        match self {
            Piece::Wall(_) => Item::Wall(index),
            Piece::Light(_) => Item::Lamp(index),
            Piece::Obstacle(_) => Item::Obstacle(index),
            Piece::Door(_) => Item::Door(index),
            Piece::Floor(_) => Item::Floor(index),
        }
    }

    /// Its kind's name: `wall`, `lamp`, `obstacle`, `door` or `floor`.
    pub fn kind(&self) -> &'static str {
        self.item(0).kind()
    }

    /// Its middle on the plan, the point it turns about when carried:
    /// the middle of a wall or a door, a lamp's place, the average of an
    /// obstacle's or a floor's corners.
    pub fn centre(&self) -> Vec2 {
        let average = |points: &[Vec2]| points.iter().sum::<Vec2>() / points.len().max(1) as f32;
        match self {
            Piece::Wall(wall) => (wall.a + wall.b) / 2.0,
            Piece::Door(door) => (door.a + door.b) / 2.0,
            Piece::Light(light) => light.at,
            Piece::Obstacle(obstacle) => average(obstacle.polygon.points()),
            Piece::Floor(floor) => average(&floor.points),
        }
    }

    /// The array of tables its kind is written in.
    pub(super) fn tables(&self) -> Tables {
        self.item(0).tables()
    }

    /// The error for an index past the `count` items of its kind.
    pub(super) fn no_such(&self, index: usize, count: usize) -> EditError {
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
            Item::Wall(_) => level.walls.get(index).cloned().map(Piece::Wall),
            Item::Lamp(_) => level.lights.get(index).copied().map(Piece::Light),
            Item::Obstacle(_) => level.obstacles.get(index).cloned().map(Piece::Obstacle),
            Item::Door(_) => level.doors.get(index).copied().map(Piece::Door),
            Item::Floor(_) => level.floors.get(index).cloned().map(Piece::Floor),
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

    /// Its material, to read or change (a floor's own surface, not its
    /// ceiling's or sides'); `None` for a lamp, which has none.
    pub fn material_mut(&mut self) -> Option<&mut MaterialId> {
        match self {
            Piece::Wall(wall) => Some(&mut wall.material),
            Piece::Obstacle(obstacle) => Some(&mut obstacle.material),
            Piece::Door(door) => Some(&mut door.material),
            Piece::Floor(floor) => Some(&mut floor.material),
            Piece::Light(_) => None,
        }
    }

    /// Whether `level` holds exactly this item at `index`.
    pub(super) fn is_at(&self, level: &Level, index: usize) -> Result<(), EditError> {
        let item = self.item(index);
        match Piece::held(level, item) {
            None => Err(self.no_such(index, listed(level, self.tables()))),
            Some(held) if held != *self => Err(EditError::OtherItem(item)),
            Some(_) => Ok(()),
        }
    }

    /// Whether the table `index` of its kind in `document` is written where
    /// this item is: a wall's or a door's ends, a lamp's place, an
    /// obstacle's or a floor's outline.
    pub(super) fn is_written_at(&self, document: &LevelDocument, index: usize) -> bool {
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
            Piece::Floor(floor) => document.floor_points(index).as_ref() == Some(&floor.points),
        }
    }

    /// Whether it can be inserted as item `index` of its kind in `level`
    /// (at most the count).
    pub(super) fn fits_at(&self, level: &Level, index: usize) -> Result<(), EditError> {
        let count = listed(level, self.tables());
        if index > count {
            return Err(self.no_such(index, count));
        }
        Ok(())
    }

    /// Whether a level may hold it, as the loader checks its table: sizes
    /// finite and in range, a material the level has; a floor's outline a
    /// floor's, and its ceiling above it.
    pub(super) fn check_valid(&self, level: &Level) -> Result<(), EditError> {
        let material_known = |material: MaterialId| material.index() < level.materials.len();
        let valid = match self {
            Piece::Wall(wall) => {
                check_segment(wall.a, wall.b)?;
                LevelWall::RADIUS.allows(wall.radius)
                    && LevelWall::HEIGHT.allows(wall.height)
                    && LevelWall::THICKNESS.allows(wall.thickness)
                    && base_is_valid(wall.base())
                    && material_known(wall.material)
            }
            Piece::Light(light) => light.is_valid(),
            Piece::Obstacle(obstacle) => {
                LevelObstacle::HEIGHT.allows(obstacle.height)
                    && LevelObstacle::MASS.allows(obstacle.mass)
                    && LevelObstacle::FRICTION.allows(obstacle.friction)
                    && LevelObstacle::BOUNCE.allows(obstacle.bounce)
                    && base_is_valid(obstacle.base)
                    && material_known(obstacle.material)
            }
            Piece::Door(door) => {
                check_segment(door.a, door.b)?;
                door.is_valid() && material_known(door.material)
            }
            Piece::Floor(floor) => {
                check_floor(floor)?;
                floor.sides.len() <= floor.points.len() && floor.materials().all(material_known)
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
    pub(super) fn push_onto(self, level: &mut Level) -> Undo {
        let index = listed(level, self.tables());
        self.insert_into(level, index)
    }

    /// Inserts it into `level` as item `index` of its kind (checked by
    /// [`fits_at`](Self::fits_at)); the undo removes it.
    pub(super) fn insert_into(self, level: &mut Level, index: usize) -> Undo {
        match &self {
            Piece::Wall(wall) => level.walls.insert(index, wall.clone()),
            Piece::Light(light) => level.lights.insert(index, *light),
            Piece::Obstacle(obstacle) => level.obstacles.insert(index, obstacle.clone()),
            Piece::Door(door) => level.doors.insert(index, *door),
            Piece::Floor(floor) => level.floors.insert(index, floor.clone()),
        }
        Undo::Remove { index, piece: self }
    }

    /// Removes item `index` of its kind from `level` (checked by
    /// [`is_at`](Self::is_at)), its table being `removed`; the undo puts
    /// both back.
    pub(super) fn remove_from(
        self,
        level: &mut Level,
        index: usize,
        removed: RemovedTable,
    ) -> Undo {
        self.take_out(level, index);
        Undo::PutBack {
            index,
            piece: self,
            removed,
        }
    }

    /// Puts it in `level` as item `index` of its kind, in place of the one
    /// there (checked by [`is_at`](Self::is_at)).
    pub(super) fn put_in_place(&self, level: &mut Level, index: usize) {
        match self {
            Piece::Wall(wall) => put(level.walls.get_mut(index), wall.clone()),
            Piece::Light(light) => put(level.lights.get_mut(index), *light),
            Piece::Obstacle(obstacle) => put(level.obstacles.get_mut(index), obstacle.clone()),
            Piece::Door(door) => put(level.doors.get_mut(index), *door),
            Piece::Floor(floor) => put(level.floors.get_mut(index), floor.clone()),
        }
    }

    /// Its table's keys and values as a level file writes them, its
    /// material by its name in `level`.
    pub fn values(&self, level: &Level) -> Result<Vec<KeyValue>, EditError> {
        let name = |material: MaterialId| {
            level
                .materials
                .get(material.index())
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
            Piece::Floor(floor) => {
                floor
                    .materials()
                    .try_for_each(|material| name(material).map(drop))?;
                floor_values(floor, |material| {
                    name(material).map(str::to_owned).unwrap_or_default()
                })
            }
        })
    }

    /// Takes item `index` of its kind out of `level`.
    pub(super) fn take_out(&self, level: &mut Level, index: usize) {
        match self {
            Piece::Wall(_) => drop(level.walls.remove(index)),
            Piece::Light(_) => drop(level.lights.remove(index)),
            Piece::Obstacle(_) => drop(level.obstacles.remove(index)),
            Piece::Door(_) => drop(level.doors.remove(index)),
            Piece::Floor(_) => drop(level.floors.remove(index)),
        }
    }
}

/// Puts `item` in `slot`, in place of the one there, if there is one.
fn put<T>(slot: Option<&mut T>, item: T) {
    if let Some(slot) = slot {
        *slot = item;
    }
}

/// How many items `level` lists in the kind written as `tables`.
pub(crate) fn listed(level: &Level, tables: Tables) -> usize {
    match tables {
        Tables::Walls => level.walls.len(),
        Tables::Lights => level.lights.len(),
        Tables::Obstacles => level.obstacles.len(),
        Tables::Doors => level.doors.len(),
        Tables::Floors => level.floors.len(),
    }
}

/// Whether `floor` is one a level may hold, on its own: its outline a
/// floor's, its height in range, its ceiling finite and above it.
fn check_floor(floor: &LevelFloor) -> Result<(), EditError> {
    if let Some(problem) = floor_problem(0, &floor.points, &[]) {
        return Err(EditError::FloorRefused(problem));
    }
    if let Some(problem) = LevelFloor::HEIGHT.problem("height", floor.height) {
        return Err(EditError::FloorRefused(problem));
    }
    if !(floor.ceiling.is_finite() && floor.ceiling > floor.height) {
        return Err(EditError::FloorRefused(format!(
            "`ceiling` {} m must be above `height` {} m",
            floor.ceiling, floor.height
        )));
    }
    Ok(())
}

/// Whether `points` may be the outline of floor `index` of `level` (the
/// floor count for a new one, which leaves no floor out): see
/// [`floor_problem`].
pub(super) fn check_floor_among(
    level: &Level,
    index: usize,
    points: &[Vec2],
) -> Result<(), EditError> {
    match floor_problem(index, points, &level.floors) {
        Some(problem) => Err(EditError::FloorRefused(problem)),
        None => Ok(()),
    }
}
