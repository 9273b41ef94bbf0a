//! One edit as a journal line: the edit's word, then its fields, numbers
//! written as the level format writes them and text as quoted TOML.

use std::fmt::Write as _;

use glam::Vec2;

use super::super::operation::{Edit, Piece};
use super::words::{
    AFTER, BASE_WORD, DEFAULT_MATERIAL, DEFAULT_VALUE, FIRST_TABLE, LIGHT_WORD, MOTION_WORDS,
    NO_MATERIAL, OFFSET_WORD, OPEN_WORD, OTHER_TABLE, PASSABLE_WORD, PEG_WORD, SEE_THROUGH_WORD,
    SIDES_WORD, SKY_WORD, TOGETHER, UNDRAWN_WORD,
};
use crate::level::save::{Anchor, KeyText, number_text};
use crate::level::{
    Door, FloorSide, LevelFloor, LevelObstacle, LevelWall, Light, MaterialId, Peg, TextureAlignment,
};

/// One edit as a journal line; edits made together as a line that heads
/// them (`together N`) and theirs, one a line.
pub(super) fn edit_line(edit: &Edit) -> String {
    let point = |point: Vec2| format!("{} {}", number_text(point.x), number_text(point.y));
    match edit {
        Edit::AddWall { a, b } => format!("add {} {}", point(*a), point(*b)),
        Edit::MoveEndpoint { from, to, walls } => {
            let mut line = format!("move {} {}", point(*from), point(*to));
            for (index, end) in walls {
                // Writing into a String cannot fail.
                let _ = write!(line, " {index}{}", end.key());
            }
            line
        }
        Edit::AddLight { at } => format!("add-light {}", point(*at)),
        Edit::AddObstacle { points } => format!("add-obstacle {}", points_fields(points)),
        Edit::AddDoor { a, b } => format!("add-door {} {}", point(*a), point(*b)),
        Edit::AddFloor { points, height } => format!(
            "add-floor {} {}",
            number_text(*height),
            points_fields(points)
        ),
        Edit::Together { edits } => std::iter::once(format!("{TOGETHER} {}", edits.len()))
            .chain(edits.iter().map(edit_line))
            .collect::<Vec<_>>()
            .join("\n"),
        Edit::Delete { index, piece } => format!(
            "delete{} {index} {}",
            kind_suffix(piece),
            piece_fields(piece)
        ),
        Edit::Restore {
            index,
            piece,
            table,
            anchor,
        } => format!(
            "restore{} {index} {} {}{}",
            kind_suffix(piece),
            piece_fields(piece),
            anchor.map_or_else(String::new, |anchor| format!("{} ", anchor_fields(anchor))),
            one_line_string(table)
        ),
        Edit::SetStart { from, to } => format!(
            "start {} {} {} {}",
            point(from.at),
            number_text(from.yaw_degrees),
            point(to.at),
            number_text(to.yaw_degrees)
        ),
        Edit::SetMaterial { item, from, to } => format!(
            "material {} {} {} {}",
            item.kind(),
            item.index(),
            one_line_string(from),
            to.as_deref()
                .map_or_else(|| DEFAULT_MATERIAL.to_owned(), one_line_string)
        ),
        Edit::Change { items } => {
            let mut line = format!("change {}", items.len());
            for item in items {
                // Writing into a String cannot fail.
                let _ = write!(
                    line,
                    " {} {} {} {} {}",
                    item.from.kind(),
                    item.index,
                    piece_fields(&item.from),
                    piece_fields(&item.to),
                    item.keys.len()
                );
                for KeyText { key, value } in &item.keys {
                    let value = value
                        .as_deref()
                        .map_or_else(|| DEFAULT_VALUE.to_owned(), one_line_string);
                    let _ = write!(line, " {key} {value}");
                }
            }
            line
        }
    }
}

/// How a deletion's or restoration's word names the piece's kind: nothing
/// for a wall (`delete`), else `-light`, `-obstacle`, `-door` or `-floor`.
fn kind_suffix(piece: &Piece) -> &'static str {
    match piece {
        Piece::Wall(_) => "",
        Piece::Light(_) => "-light",
        Piece::Obstacle(_) => "-obstacle",
        Piece::Door(_) => "-door",
        Piece::Floor(_) => "-floor",
    }
}

/// Where a restored table goes, as journal fields: `first`, or `after-`
/// the kind of table written right before it (`wall`, `light`,
/// `obstacle`, `door`, or `table` for one outside those lists) and its
/// index among them.
fn anchor_fields(anchor: Anchor) -> String {
    match anchor {
        Anchor::First => FIRST_TABLE.to_owned(),
        Anchor::Listed(kind, index) => format!("{AFTER}{} {index}", kind.key()),
        Anchor::Other(rank) => format!("{AFTER}{OTHER_TABLE} {rank}"),
    }
}

/// A piece as journal fields, by its kind.
fn piece_fields(piece: &Piece) -> String {
    match piece {
        Piece::Wall(wall) => wall_fields(wall),
        Piece::Light(light) => light_fields(light),
        Piece::Obstacle(obstacle) => obstacle_fields(obstacle),
        Piece::Door(door) => door_fields(door),
        Piece::Floor(floor) => floor_fields(floor),
    }
}

/// A floor as journal fields: `height ceiling material ceiling_material
/// side_material count x z ...`, the outline as the level holds it, then
/// `light L` when its light is not 1, `sky` when its ceiling is open and
/// `sides N` and its sides' fields when it has some.
fn floor_fields(floor: &LevelFloor) -> String {
    let light = if floor.light == crate::level::defaults::FLOOR_LIGHT {
        String::new()
    } else {
        format!(" {LIGHT_WORD} {}", number_text(floor.light))
    };
    let sky = if floor.sky {
        format!(" {SKY_WORD}")
    } else {
        String::new()
    };
    format!(
        "{} {} {} {} {} {}{light}{sky}{}",
        number_text(floor.height),
        number_text(floor.ceiling),
        floor.material.0,
        floor.ceiling_material.0,
        floor.side_material.0,
        points_fields(&floor.points),
        sides_fields(&floor.sides)
    )
}

/// A floor's sides as journal fields: ` sides N` and, per side, `lower
/// upper u v lower_peg upper_peg`, a material as its index or
/// [`NO_MATERIAL`], a peg as the level format's word; nothing when it has
/// none, so a journal of floors without sides reads as before.
fn sides_fields(sides: &[FloorSide]) -> String {
    if sides.is_empty() {
        return String::new();
    }
    let material = |material: Option<MaterialId>| {
        material.map_or_else(|| NO_MATERIAL.to_owned(), |m| m.0.to_string())
    };
    let mut fields = format!(" {SIDES_WORD} {}", sides.len());
    for side in sides {
        fields += &format!(
            " {} {} {} {} {} {}",
            material(side.lower),
            material(side.upper),
            number_text(side.offset.x),
            number_text(side.offset.y),
            side.lower_peg.word(),
            side.upper_peg.word()
        );
    }
    fields
}

/// A door as journal fields: `ax az bx bz kind swing thickness height
/// material speed opens close_after`, `kind` and `opens` as the level
/// format writes them, its base, and [`OPEN_WORD`] when it starts open.
fn door_fields(door: &Door) -> String {
    let numbers = |numbers: &[f32]| {
        numbers
            .iter()
            .map(|&number| number_text(number))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "{} {} {} {} {} {} {}",
        numbers(&[door.a.x, door.a.y, door.b.x, door.b.y]),
        door.kind.word(),
        numbers(&[door.swing_degrees, door.thickness, door.height]),
        door.material.0,
        number_text(door.speed),
        door.opens.word(),
        number_text(door.close_after),
    ) + &base_fields(door.base)
        + &flag_field(door.open, OPEN_WORD)
}

/// Points as journal fields: their count, then `x z` for each.
fn points_fields(points: &[Vec2]) -> String {
    std::iter::once(points.len().to_string())
        .chain(
            points
                .iter()
                .flat_map(|point| [number_text(point.x), number_text(point.y)]),
        )
        .collect::<Vec<_>>()
        .join(" ")
}

/// An obstacle as journal fields: `height material count x z ... motion
/// mass friction bounce`, the outline counter-clockwise as the level holds
/// it, `motion` one of [`MOTION_WORDS`].
fn obstacle_fields(obstacle: &LevelObstacle) -> String {
    format!(
        "{} {} {} {} {}",
        number_text(obstacle.height),
        obstacle.material.0,
        points_fields(obstacle.polygon.points()),
        motion_word(obstacle.loose),
        [obstacle.mass, obstacle.friction, obstacle.bounce]
            .map(number_text)
            .join(" ")
    ) + &base_fields(obstacle.base)
}

/// The word of [`MOTION_WORDS`] for an obstacle that is `loose` or not.
fn motion_word(loose: bool) -> &'static str {
    MOTION_WORDS
        .iter()
        .find(|(_, value)| *value == loose)
        .map_or("", |(word, _)| word)
}

/// `text` as a TOML basic string on one line: quoted, with backslashes,
/// quotes and control characters (newlines included) escaped.
fn one_line_string(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for character in text.chars() {
        match character {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\t' => quoted.push_str("\\t"),
            '\r' => quoted.push_str("\\r"),
            control if control.is_control() => {
                // Writing into a String cannot fail.
                let _ = write!(quoted, "\\u{:04X}", u32::from(control));
            }
            other => quoted.push(other),
        }
    }
    quoted.push('"');
    quoted
}

/// A wall as journal fields: `ax az bx bz radius height thickness
/// material`, its base, [`UNDRAWN_WORD`] when it is not drawn,
/// [`SEE_THROUGH_WORD`] when it is see-through, [`PASSABLE_WORD`] when it
/// does not block, and its texture's alignment when not the default.
fn wall_fields(wall: &LevelWall) -> String {
    [
        wall.a.x,
        wall.a.y,
        wall.b.x,
        wall.b.y,
        wall.radius,
        wall.height,
        wall.thickness,
    ]
    .iter()
    .map(|&number| number_text(number))
    .chain(std::iter::once(wall.material.0.to_string()))
    .collect::<Vec<_>>()
    .join(" ")
        + &base_fields(wall.base())
        + &flag_field(!wall.drawn(), UNDRAWN_WORD)
        + &flag_field(wall.see_through(), SEE_THROUGH_WORD)
        + &flag_field(!wall.blocks(), PASSABLE_WORD)
        + &alignment_fields(wall.alignment())
}

/// A wall's texture alignment as journal fields: `offset U V` when it is
/// shifted and `peg WORD` when not pinned to the top, else nothing, so a
/// journal of walls aligned by default reads as before.
fn alignment_fields(alignment: TextureAlignment) -> String {
    let mut fields = String::new();
    if alignment.offset != Vec2::ZERO {
        let (u, v) = (alignment.offset.x, alignment.offset.y);
        fields += &format!(" {OFFSET_WORD} {} {}", number_text(u), number_text(v));
    }
    if alignment.peg != Peg::default() {
        fields += &format!(" {PEG_WORD} {}", alignment.peg.word());
    }
    fields
}

/// A wall's `word` when `set` (a property away from its default), else
/// nothing, so a journal of walls at their defaults reads as before.
fn flag_field(set: bool, word: &str) -> String {
    if set {
        format!(" {word}")
    } else {
        String::new()
    }
}

/// An item's `base` as journal fields: `base B` when it has one, else
/// nothing, so a journal of items without one reads as before.
fn base_fields(base: Option<f32>) -> String {
    base.map_or_else(String::new, |base| {
        format!(" {BASE_WORD} {}", number_text(base))
    })
}

/// A lamp as journal fields: `x z height r g b intensity radius`.
fn light_fields(light: &Light) -> String {
    [light.at.x, light.at.y, light.height]
        .into_iter()
        .chain(light.colour)
        .chain([light.intensity, light.radius])
        .map(number_text)
        .collect::<Vec<_>>()
        .join(" ")
        + &base_fields(light.base)
}
