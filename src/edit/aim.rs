//! The aimed item: what the crosshair meets first — a wall, an obstacle, a
//! door or a lamp on the floor plan, or a floor's top in the world — or, on
//! the full map, what lies under the pointer. Delete removes it, `N` changes its material, and the HUD names
//! it (`aim wall 12`).

use std::fmt;

use glam::{Vec2, Vec3};

use super::lamps::{lamp_in_crosshair, lamp_near};
use crate::collision::{Collider, Leaf, Surface, distance_to_segment};
use crate::doors::first_leaf_on_ray;
use crate::level::save::Tables;
use crate::level::{Door, LevelFloor, Light};

/// One item of a level, by its kind and its index in the level's list of
/// that kind ([`crate::level::Level::walls`], `obstacles`, `lights`,
/// `doors`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Item {
    /// A wall.
    Wall(usize),
    /// An obstacle.
    Obstacle(usize),
    /// A lamp.
    Lamp(usize),
    /// A door.
    Door(usize),
    /// A floor.
    Floor(usize),
}

impl Item {
    /// The kind's name as the HUD and messages write it: `wall`,
    /// `obstacle`, `lamp`, `door`, `floor`.
    pub fn kind(self) -> &'static str {
        match self {
            Item::Wall(_) => "wall",
            Item::Obstacle(_) => "obstacle",
            Item::Lamp(_) => "lamp",
            Item::Door(_) => "door",
            Item::Floor(_) => "floor",
        }
    }

    /// Its index in its kind's list.
    pub fn index(self) -> usize {
        match self {
            Item::Wall(index)
            | Item::Obstacle(index)
            | Item::Lamp(index)
            | Item::Door(index)
            | Item::Floor(index) => index,
        }
    }

    /// The array of tables its kind is written in: `[[wall]]`,
    /// `[[obstacle]]`, `[[light]]`, `[[door]]` or `[[floor]]`.
    pub fn tables(self) -> Tables {
        match self {
            Item::Wall(_) => Tables::Walls,
            Item::Obstacle(_) => Tables::Obstacles,
            Item::Lamp(_) => Tables::Lights,
            Item::Door(_) => Tables::Doors,
            Item::Floor(_) => Tables::Floors,
        }
    }
}

impl fmt::Display for Item {
    /// `wall 12`, `obstacle 3`, `lamp 1`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{} {}", self.kind(), self.index())
    }
}

/// Where the crosshair meets a floor's top: which floor, and how far from
/// the eye on the floor plan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FloorHit {
    /// The floor's index in [`crate::level::Level::floors`].
    pub index: usize,
    /// How far the point met lies from the eye on the floor plan, in
    /// metres.
    pub distance: f32,
}

/// The floor whose top the ray from `eye` along `forward` meets first
/// within `reach` metres along the ray: the nearest point where it crosses
/// a floor's top (a level plane at its height, seen from above) inside its
/// outline and outside the floors within it (islands in it stand at their
/// own height). `None` when it meets none, or `forward` is zero or not
/// finite.
pub fn floor_in_crosshair(
    floors: &[LevelFloor],
    eye: Vec3,
    forward: Vec3,
    reach: f32,
) -> Option<FloorHit> {
    let direction = forward.try_normalize()?;
    if direction.y >= 0.0 {
        return None;
    }
    let mut crossings: Vec<(f32, usize, Vec2)> = floors
        .iter()
        .enumerate()
        .filter_map(|(index, floor)| {
            let along = (floor.height - eye.y) / direction.y;
            let hit = eye + direction * along;
            (along > 0.0 && along <= reach).then_some((along, index, Vec2::new(hit.x, hit.z)))
        })
        .collect();
    crossings.sort_by(|a, b| a.0.total_cmp(&b.0));
    let flat = Vec2::new(direction.x, direction.z).length();
    crossings.into_iter().find_map(|(along, index, point)| {
        let innermost = LevelFloor::innermost_at(floors, point).map(|(innermost, _)| innermost);
        (innermost == Some(index)).then_some(FloorHit {
            index,
            distance: along * flat,
        })
    })
}

/// Where the crosshair is: the eye and heading on the floor plan, how far
/// it reaches, the cursor point (where its ray meets the floor), and the
/// floor whose top it meets, if any.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Crosshair {
    /// The eye (x, z).
    pub eye: Vec2,
    /// The heading on the floor plan (any length).
    pub direction: Vec2,
    /// How far the crosshair reaches, in metres.
    pub reach: f32,
    /// The cursor point.
    pub cursor: Vec2,
    /// The floor whose top its ray meets first ([`floor_in_crosshair`]).
    pub floor: Option<FloorHit>,
}

/// The item the crosshair meets first:
/// - the first wall, obstacle or door leaf (where `leaves` stand) that its
///   ray meets within the reach ([`Collider::ray_cast`]: the collider's
///   indices are the level's; the leaves' are its doors');
/// - unless a lamp lies within [`LAMP_PICK_DISTANCE`](super::LAMP_PICK_DISTANCE) of the ray no farther
///   along it ([`lamp_in_crosshair`]): lamps hang in the air, so walls
///   behind them do not hide them;
/// - a floor whose top the ray meets nearer than any wall, obstacle or
///   door leaf (lamps nearer than the floor win over it);
/// - and with none of these, the lamp nearest the cursor point within
///   [`LAMP_PICK_DISTANCE`](super::LAMP_PICK_DISTANCE) ([`lamp_near`]).
pub fn aimed_item(
    collider: &Collider,
    lights: &[Light],
    leaves: &[Leaf],
    crosshair: Crosshair,
) -> Option<Item> {
    let Crosshair {
        eye,
        direction,
        reach,
        cursor,
        floor,
    } = crosshair;
    let direction = direction.try_normalize()?;
    let end = eye + direction * reach;
    let hit = collider.ray_cast(eye, end).and_then(|hit| {
        let item = match hit.surface {
            Surface::Wall(index) => Item::Wall(index),
            Surface::Obstacle(index) => Item::Obstacle(index),
            // The collider's rays meet walls and obstacles only: doors'
            // leaves move, and are not in it.
            Surface::Door(_) | Surface::Edge(_) => return None,
        };
        Some((hit.fraction, item))
    });
    let door =
        first_leaf_on_ray(leaves, eye, end).map(|(fraction, index)| (fraction, Item::Door(index)));
    let hit = match (hit, door) {
        (Some(wall), Some(door)) => Some(if door.0 < wall.0 { door } else { wall }),
        (wall, door) => wall.or(door),
    };
    let hit_distance = hit.map_or(f32::INFINITY, |(fraction, _)| fraction * reach);
    let floor = floor.filter(|floor| floor.distance < hit_distance);
    let hit_distance = floor.map_or(hit_distance, |floor| floor.distance);
    let lamp = lamp_in_crosshair(lights, eye, direction, reach).filter(|&index| {
        lights
            .get(index)
            .is_some_and(|light| (light.at - eye).dot(direction) <= hit_distance)
    });
    if let Some(index) = lamp {
        return Some(Item::Lamp(index));
    }
    if let Some(floor) = floor {
        return Some(Item::Floor(floor.index));
    }
    match hit {
        Some((_, item)) => Some(item),
        None => lamp_near(lights, cursor).map(Item::Lamp),
    }
}

/// The item under `point` on the full map: the lamp within
/// [`LAMP_PICK_DISTANCE`](super::LAMP_PICK_DISTANCE) of it, else the door
/// whose span (jamb to jamb) is nearest it within `pick` metres (the
/// pointer's reach at the map's zoom), else the wall nearest it within
/// `pick`, else the first obstacle it lies in or within `pick` of, else
/// the floor it lies on (the innermost that holds it).
pub fn item_under(
    collider: &Collider,
    lights: &[Light],
    doors: &[Door],
    point: Vec2,
    pick: f32,
) -> Option<Item> {
    if let Some(index) = lamp_near(lights, point) {
        return Some(Item::Lamp(index));
    }
    let door = doors
        .iter()
        .map(|door| distance_to_segment(point, door.a, door.b))
        .enumerate()
        .filter(|&(_, distance)| distance <= pick)
        .min_by(|(_, a), (_, b)| a.total_cmp(b));
    if let Some((index, _)) = door {
        return Some(Item::Door(index));
    }
    if let Some((index, _)) = collider.nearest_wall(point, pick) {
        return Some(Item::Wall(index));
    }
    collider
        .obstacles()
        .iter()
        .position(|obstacle| obstacle.signed_distance(point) <= pick)
        .map(Item::Obstacle)
        .or_else(|| collider.heights().floor_at(point).map(Item::Floor))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{ConvexPolygon, Wall};

    /// A wall across x = 10, a box obstacle at x 4..5, lamps at (2, 3) and (7, 1).
    fn scene() -> (Collider, Vec<Light>) {
        let wall = Wall {
            a: Vec2::new(10.0, -5.0),
            b: Vec2::new(10.0, 5.0),
            radius: 0.3,
        };
        let square = [(4.0, -0.5), (5.0, -0.5), (5.0, 0.5), (4.0, 0.5)];
        let obstacle =
            ConvexPolygon::new(square.iter().map(|&p| Vec2::from(p)).collect()).expect("a square");
        let lights = [(2.0, 3.0), (7.0, 1.0)]
            .iter()
            .map(|&at| Light::with_defaults(Vec2::from(at), 2.8))
            .collect();
        (Collider::new(vec![wall], vec![obstacle], 0.25), lights)
    }

    fn looking(direction: Vec2, cursor: Vec2) -> Crosshair {
        Crosshair {
            eye: Vec2::ZERO,
            direction,
            reach: 20.0,
            cursor,
            floor: None,
        }
    }

    #[test]
    fn the_first_thing_along_the_ray_is_aimed() {
        let (collider, lights) = scene();
        let aim = |crosshair| aimed_item(&collider, &lights, &[], crosshair);
        // Along +x the obstacle comes before lamp 1 and the wall.
        assert_eq!(aim(looking(Vec2::X, Vec2::ZERO)), Some(Item::Obstacle(0)));
        // Passing above the obstacle: lamp 1 (5 cm off the ray at x 7)
        // comes before the wall.
        let past_obstacle = Vec2::new(1.0, 0.15);
        assert_eq!(aim(looking(past_obstacle, Vec2::ZERO)), Some(Item::Lamp(1)));
        // Steeper: the wall.
        assert_eq!(
            aim(looking(Vec2::new(1.0, -0.3), Vec2::ZERO)),
            Some(Item::Wall(0))
        );
        // Nothing along the ray: the lamp near the cursor, if any.
        assert_eq!(
            aim(looking(-Vec2::X, Vec2::new(2.2, 3.1))),
            Some(Item::Lamp(0))
        );
        assert_eq!(aim(looking(-Vec2::X, Vec2::new(-3.0, 0.0))), None);
        assert_eq!(aim(looking(Vec2::ZERO, Vec2::ZERO)), None);
    }

    #[test]
    fn on_the_map_a_point_on_no_other_item_picks_the_innermost_floor_under_it() {
        let text = "[player]\nstart = [8, 2]\n\n[[floor]]\npoints = [[0, 0], [10, 0], [10, 10], [0, 10]]\nheight = 0.2\n\n\
                    [[floor]]\npoints = [[4, 4], [6, 4], [6, 6], [4, 6]]\nheight = 0.6\n\n\
                    [[wall]]\na = [2, 0]\nb = [2, 10]\n";
        let level = crate::level::Level::from_toml_str(text, std::path::Path::new("floors.toml"))
            .expect("the floors load")
            .level;
        let collider = level.collider();
        let under = |x: f32, z: f32| item_under(&collider, &[], &[], Vec2::new(x, z), 0.5);
        assert_eq!(under(8.0, 2.0), Some(Item::Floor(0)));
        assert_eq!(under(5.0, 5.0), Some(Item::Floor(1)), "the island in it");
        assert_eq!(
            under(2.2, 5.0),
            Some(Item::Wall(0)),
            "a wall before its floor"
        );
        assert_eq!(under(12.0, 5.0), None, "the ground is no item");
    }

    #[test]
    fn items_are_named_by_kind_and_index() {
        assert_eq!(Item::Wall(12).to_string(), "wall 12");
        assert_eq!(Item::Obstacle(3).to_string(), "obstacle 3");
        assert_eq!(Item::Lamp(1).to_string(), "lamp 1");
    }
}
