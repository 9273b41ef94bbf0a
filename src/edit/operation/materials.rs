//! The material an edit gives an item, and where an item's material is
//! held in a level.

use super::{EditError, Piece};
use crate::edit::aim::Item;
use crate::level::builtin_material_id;
use crate::level::defaults::DOOR_MATERIAL;
use crate::level::{Level, MaterialId};

/// The index of the material named `name` in `level`.
fn material_id(level: &Level, name: &str) -> Result<MaterialId, EditError> {
    level
        .materials
        .iter()
        .position(|material| material.name == name)
        .map(MaterialId::at)
        .ok_or_else(|| EditError::NoSuchMaterial(name.to_owned()))
}

/// The material that [`Edit::SetMaterial`] gives `item` in `level`: the one
/// named `to`, or with none the level's default for its kind (its
/// `wall_material` or `obstacle_material`, a door's builtin `wood`, a
/// floor's `[environment] floor`).
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
        (None, Item::Floor(_)) => Ok(level.environment.floor),
        (None, Item::Lamp(_)) => Err(EditError::NoMaterial(item)),
    }
}

/// The material of wall, obstacle, door or floor `item` in `level`.
pub(crate) fn material_held(level: &Level, item: Item) -> Result<MaterialId, EditError> {
    Piece::at(level, item)?
        .material_mut()
        .copied()
        .ok_or(EditError::NoMaterial(item))
}

/// The material slot of wall, obstacle, door or floor `item` in `level`, to
/// change (checked by [`material_held`]).
pub(super) fn material_of(level: &mut Level, item: Item) -> Result<&mut MaterialId, EditError> {
    material_held(level, item)?;
    let index = item.index();
    let slot = match item {
        Item::Wall(_) => level.walls.get_mut(index).map(|wall| &mut wall.material),
        Item::Obstacle(_) => level
            .obstacles
            .get_mut(index)
            .map(|obstacle| &mut obstacle.material),
        Item::Door(_) => level.doors.get_mut(index).map(|door| &mut door.material),
        Item::Floor(_) => level.floors.get_mut(index).map(|floor| &mut floor.material),
        Item::Lamp(_) => None,
    };
    slot.ok_or(EditError::NoMaterial(item))
}
