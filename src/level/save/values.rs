//! The keys of a `[[wall]]`, `[[light]]`, `[[obstacle]]`, `[[door]]` and
//! `[[floor]]` table and each item's values as a level file writes them: written once,
//! for the complete file of a level without one and for the keys an edit
//! rewrites.

use glam::{Vec2, Vec3};

use super::arrays::Tables;
use super::numbers::{number_text, point_text};
use crate::level::{
    Door, Exit, FloorSide, LevelFloor, LevelObstacle, LevelWall, Lift, Light, MaterialId, Peg,
    SidePeg, Switch, Teleporter,
};

/// A `[[wall]]`'s keys, in the order a complete file writes them.
const WALL_KEYS: [&str; 12] = [
    "a",
    "b",
    "radius",
    "height",
    "thickness",
    "material",
    "base",
    "drawn",
    "see_through",
    "blocks",
    "offset",
    "peg",
];
/// A `[[light]]`'s keys.
const LIGHT_KEYS: [&str; 6] = ["at", "height", "colour", "intensity", "radius", "base"];
/// An `[[obstacle]]`'s keys.
const OBSTACLE_KEYS: [&str; 8] = [
    "points", "height", "material", "loose", "mass", "friction", "bounce", "base",
];
/// A `[[door]]`'s keys.
const DOOR_KEYS: [&str; 12] = [
    "a",
    "b",
    "kind",
    "swing",
    "thickness",
    "height",
    "material",
    "speed",
    "opens",
    "close_after",
    "base",
    "open",
];
/// A `[[floor]]`'s keys.
const FLOOR_KEYS: [&str; 9] = [
    "points",
    "height",
    "ceiling",
    "material",
    "ceiling_material",
    "side_material",
    "light",
    "sky",
    "sides",
];

/// A `[[teleporter]]`'s keys (`once` after them where it is once).
const TELEPORTER_KEYS: [&str; 4] = ["a", "b", "to", "yaw"];
/// A `[[switch]]`'s keys (`lifts`, `close` and `once` after them where it
/// has some or is once).
const SWITCH_KEYS: [&str; 4] = ["a", "b", "by", "doors"];
/// A `[[lift]]`'s keys.
const LIFT_KEYS: [&str; 4] = ["floors", "low", "wait", "speed"];
/// An `[[exit]]`'s keys.
const EXIT_KEYS: [&str; 3] = ["a", "b", "by"];

/// A key of an item's table and its value as TOML text (`[1.5, 0.0]`,
/// `2.8`, `"brick"`).
pub type KeyValue = (&'static str, String);

/// Every key an item of the kind written as `array` may have.
pub fn item_keys(array: Tables) -> &'static [&'static str] {
    match array {
        Tables::Walls => &WALL_KEYS,
        Tables::Lights => &LIGHT_KEYS,
        Tables::Obstacles => &OBSTACLE_KEYS,
        Tables::Doors => &DOOR_KEYS,
        Tables::Floors => &FLOOR_KEYS,
    }
}

/// A wall's keys and values, made of `material` (its material's name);
/// `base` only when it has one, as for every kind below, `drawn` and
/// `blocks` only when false, `see_through` only when true, and its
/// texture's `offset` and `peg` only when not the defaults.
pub fn wall_values(wall: &LevelWall, material: &str) -> Vec<KeyValue> {
    let mut values = with_base(
        wall.base(),
        keyed(
            &WALL_KEYS,
            [
                point_text(wall.a),
                point_text(wall.b),
                number_text(wall.radius),
                number_text(wall.height),
                number_text(wall.thickness),
                string_text(material),
            ],
        ),
    );
    values.extend((!wall.drawn()).then(|| ("drawn", false.to_string())));
    values.extend((wall.see_through()).then(|| ("see_through", true.to_string())));
    values.extend((!wall.blocks()).then(|| ("blocks", false.to_string())));
    let alignment = wall.alignment();
    values
        .extend((alignment.offset != Vec2::ZERO).then(|| ("offset", point_text(alignment.offset))));
    values.extend(
        (alignment.peg != Peg::default()).then(|| ("peg", string_text(alignment.peg.word()))),
    );
    values
}

/// A lamp's keys and values.
pub fn light_values(light: &Light) -> Vec<KeyValue> {
    with_base(
        light.base,
        keyed(
            &LIGHT_KEYS,
            [
                point_text(light.at),
                number_text(light.height),
                vector_text(Vec3::from_array(light.colour)),
                number_text(light.intensity),
                number_text(light.radius),
            ],
        ),
    )
}

/// An obstacle's keys and values, made of `material` (its material's
/// name); the outline counter-clockwise, as the level holds it.
pub fn obstacle_values(obstacle: &LevelObstacle, material: &str) -> Vec<KeyValue> {
    with_base(
        obstacle.base,
        keyed(
            &OBSTACLE_KEYS,
            [
                points_text(obstacle.polygon.points()),
                number_text(obstacle.height),
                string_text(material),
                obstacle.loose.to_string(),
                number_text(obstacle.mass),
                number_text(obstacle.friction),
                number_text(obstacle.bounce),
            ],
        ),
    )
}

/// A door's keys and values, made of `material` (its material's name);
/// `open` only when it starts open.
pub fn door_values(door: &Door, material: &str) -> Vec<KeyValue> {
    let mut values = with_base(
        door.base,
        keyed(
            &DOOR_KEYS,
            [
                point_text(door.a),
                point_text(door.b),
                string_text(door.kind.word()),
                number_text(door.swing_degrees),
                number_text(door.thickness),
                number_text(door.height),
                string_text(material),
                number_text(door.speed),
                string_text(door.opens.word()),
                number_text(door.close_after),
            ],
        ),
    );
    values.extend(door.open.then(|| ("open", true.to_string())));
    values
}

/// A floor's keys and values, its materials by their `name`; the
/// outline as the level holds it; `light`, `sky` and `sides` only when
/// they are not the defaults.
pub fn floor_values(floor: &LevelFloor, name: impl Fn(MaterialId) -> String) -> Vec<KeyValue> {
    let mut values = keyed(
        &FLOOR_KEYS,
        [
            points_text(&floor.points),
            number_text(floor.height),
            number_text(floor.ceiling),
            string_text(&name(floor.material)),
            string_text(&name(floor.ceiling_material)),
            string_text(&name(floor.side_material)),
        ],
    );
    values.extend(
        (floor.light != crate::level::defaults::FLOOR_LIGHT)
            .then(|| ("light", number_text(floor.light))),
    );
    values.extend(
        (floor.sky != crate::level::defaults::FLOOR_SKY).then(|| ("sky", floor.sky.to_string())),
    );
    values.extend(sides_text(&floor.sides, |&material| name(material)).map(|text| ("sides", text)));
    values
}

/// A floor's `sides` as TOML text, one inline table a line, each with
/// only the keys that are not the defaults; the entries after the last
/// that is not the default left out, and `None` when every one is.
pub fn sides_text<M: PartialEq>(
    sides: &[FloorSide<M>],
    name: impl Fn(&M) -> String,
) -> Option<String> {
    let written = sides.len() - sides.iter().rev().take_while(|s| s.is_default()).count();
    let entries: Vec<String> = sides[..written]
        .iter()
        .map(|side| {
            let mut keys = Vec::new();
            let materials = [("lower", &side.lower), ("upper", &side.upper)];
            for (key, material) in materials {
                keys.extend(
                    material
                        .as_ref()
                        .map(|m| format!("{key} = {}", string_text(&name(m)))),
                );
            }
            if side.offset != Vec2::ZERO {
                keys.push(format!("offset = {}", point_text(side.offset)));
            }
            for (key, peg) in [("lower_peg", side.lower_peg), ("upper_peg", side.upper_peg)] {
                if peg != SidePeg::default() {
                    keys.push(format!("{key} = {}", string_text(peg.word())));
                }
            }
            if keys.is_empty() {
                "{}".to_owned()
            } else {
                format!("{{ {} }}", keys.join(", "))
            }
        })
        .collect();
    (!entries.is_empty()).then(|| format!("[\n    {},\n]", entries.join(",\n    ")))
}

/// A teleporter's keys and values.
pub fn teleporter_values(teleporter: &Teleporter) -> Vec<KeyValue> {
    let mut values = keyed(
        &TELEPORTER_KEYS,
        [
            point_text(teleporter.line.a),
            point_text(teleporter.line.b),
            point_text(teleporter.to),
            number_text(teleporter.yaw_degrees),
        ],
    );
    values.extend(once_value(teleporter.once));
    values
}

/// A line's `once`, written only when it is once.
fn once_value(once: bool) -> Option<KeyValue> {
    once.then(|| ("once", true.to_string()))
}

/// A switch's keys and values: `lifts` and `close` only when it starts
/// or closes some, `once` only when it is once.
pub fn switch_values(switch: &Switch) -> Vec<KeyValue> {
    let mut values = keyed(
        &SWITCH_KEYS,
        [
            point_text(switch.a),
            point_text(switch.b),
            string_text(switch.by.word()),
            indices_text(&switch.doors),
        ],
    );
    values.extend((!switch.lifts.is_empty()).then(|| ("lifts", indices_text(&switch.lifts))));
    values.extend((!switch.close.is_empty()).then(|| ("close", indices_text(&switch.close))));
    values.extend(once_value(switch.once));
    values
}

/// A lift's keys and values.
pub fn lift_values(lift: &Lift) -> Vec<KeyValue> {
    keyed(
        &LIFT_KEYS,
        [
            indices_text(&lift.floors),
            number_text(lift.low),
            number_text(lift.wait),
            number_text(lift.speed),
        ],
    )
}

/// A list of indices, `[0, 3]`.
fn indices_text(indices: &[usize]) -> String {
    let indices: Vec<String> = indices.iter().map(usize::to_string).collect();
    format!("[{}]", indices.join(", "))
}

/// An exit's keys and values.
pub fn exit_values(exit: &Exit) -> Vec<KeyValue> {
    keyed(
        &EXIT_KEYS,
        [
            point_text(exit.line.a),
            point_text(exit.line.b),
            string_text(exit.by.word()),
        ],
    )
}

/// An outline as a list of `[x, z]` points on one line.
fn points_text(points: &[glam::Vec2]) -> String {
    let points: Vec<String> = points.iter().map(|&point| point_text(point)).collect();
    format!("[{}]", points.join(", "))
}

/// `text` as a TOML basic string, quoted and escaped.
pub(super) fn string_text(text: &str) -> String {
    toml_edit::Value::from(text).to_string()
}

/// `[x, y, z]`, each as [`number_text`] writes it.
pub(super) fn vector_text(vector: Vec3) -> String {
    format!(
        "[{}, {}, {}]",
        number_text(vector.x),
        number_text(vector.y),
        number_text(vector.z)
    )
}

/// The first of `keys` each with its value.
fn keyed<const N: usize>(keys: &[&'static str], values: [String; N]) -> Vec<KeyValue> {
    keys.iter().copied().zip(values).collect()
}

/// `values` and, when there is one, the item's `base`.
fn with_base(base: Option<f32>, mut values: Vec<KeyValue>) -> Vec<KeyValue> {
    values.extend(base.map(|base| ("base", number_text(base))));
    values
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;
    use crate::level::MaterialId;

    #[test]
    fn each_kind_writes_every_key_of_its_table() {
        let wall = LevelWall::new(
            Vec2::new(1.5, 0.0),
            Vec2::new(8.0, -2.25),
            0.3,
            2.8,
            0.15,
            MaterialId(0),
        );
        assert_eq!(
            wall_values(&wall, "red \"brick\""),
            [
                ("a", "[1.5, 0.0]".to_owned()),
                ("b", "[8.0, -2.25]".to_owned()),
                ("radius", "0.3".to_owned()),
                ("height", "2.8".to_owned()),
                ("thickness", "0.15".to_owned()),
                // A name with quotes is written as a literal string.
                ("material", "'red \"brick\"'".to_owned()),
            ]
        );
        let door = Door::with_defaults(Vec2::ZERO, Vec2::X, MaterialId(0));
        let written: Vec<&str> = door_values(&door, "wood")
            .iter()
            .map(|(key, _)| *key)
            .collect();
        assert_eq!(written, item_keys(Tables::Doors)[..10]);
        let raised = Door {
            base: Some(0.5),
            kind: crate::level::DoorKind::Rise,
            open: true,
            ..door
        };
        let written: Vec<&str> = door_values(&raised, "wood")
            .iter()
            .map(|(key, _)| *key)
            .collect();
        assert_eq!(written, item_keys(Tables::Doors));
        assert_eq!(door_values(&door, "wood")[2].1, "\"swing\"");
        let light = Light::with_defaults(Vec2::new(2.0, 3.0), 2.8);
        assert_eq!(light_values(&light)[2].1, "[1.0, 0.9, 0.75]");
        assert_eq!(item_keys(Tables::Lights).len(), 6);
    }
}
