//! The properties of an item that edit mode's panel shows and changes —
//! walls: material, height, thickness, radius; obstacles: material,
//! height, loose, and for a loose one mass, friction, bounce; lamps: colour, intensity, radius, height; doors: kind, swing,
//! speed, opens, close after; floors: material, height, ceiling, ceiling
//! material, side material — with their values, the values each may take
//! (the level format's limits, [`ValueRange`]), and the item a change of
//! one makes. Pure: the panel draws these fields, and the item a change
//! makes goes to the level draft as one undo step.

use std::fmt;

use super::aim::Item;
use super::operation::{EditError, Piece};
use crate::level::ValueRange;
use crate::level::{
    Door, DoorKind, DoorOpens, LevelFloor, LevelObstacle, LevelWall, Light, MaterialId,
};

/// A property the panel shows for some kind of item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Property {
    /// A wall's, an obstacle's or a door's material, or a floor's surface.
    Material,
    /// A wall's, an obstacle's or a lamp's height, or a floor's height
    /// above the ground, in metres.
    Height,
    /// A floor's ceiling's height above the ground, in metres.
    Ceiling,
    /// What a floor's ceiling is made of.
    CeilingMaterial,
    /// What the faces along a floor's edges are made of.
    SideMaterial,
    /// A wall's thickness, in metres.
    Thickness,
    /// A wall's collision radius, or how far a lamp reaches, in metres.
    Radius,
    /// A lamp's colour, linear RGB.
    Colour,
    /// A lamp's brightness at 1 m.
    Intensity,
    /// A door's kind: slide or swing.
    Kind,
    /// How far a swing door turns, in degrees.
    Swing,
    /// A door's speed, in metres a second at its free edge.
    Speed,
    /// What opens a door: the use key, or coming near.
    Opens,
    /// Seconds a door stays open; 0 stays open.
    CloseAfter,
    /// Whether an obstacle is loose (pushed, kicked, knocked) or fixed.
    Loose,
    /// A loose obstacle's mass, in kilograms.
    Mass,
    /// A loose obstacle's floor friction coefficient.
    Friction,
    /// A loose obstacle's restitution.
    Bounce,
}

impl Property {
    /// The properties of `piece`'s kind, in the panel's order. How an
    /// obstacle moves is shown only once it is loose: a fixed one never
    /// moves.
    pub fn of(piece: &Piece) -> &'static [Property] {
        use Property::*;
        match piece {
            Piece::Wall(_) => &[Material, Height, Thickness, Radius],
            Piece::Obstacle(obstacle) if obstacle.loose => {
                &[Material, Height, Loose, Mass, Friction, Bounce]
            }
            Piece::Obstacle(_) => &[Material, Height, Loose],
            Piece::Light(_) => &[Colour, Intensity, Radius, Height],
            Piece::Door(_) => &[Kind, Swing, Speed, Opens, CloseAfter],
            Piece::Floor(_) => &[Material, Height, Ceiling, CeilingMaterial, SideMaterial],
        }
    }

    /// Its name on the panel: `material`, `height`, ..., `close after`.
    pub fn label(self) -> &'static str {
        match self {
            Property::CloseAfter => "close after",
            Property::CeilingMaterial => "ceiling material",
            Property::SideMaterial => "side material",
            other => other.key(),
        }
    }

    /// Its key in the level file: `material`, `height`, ...,
    /// `close_after`.
    pub fn key(self) -> &'static str {
        match self {
            Property::Material => "material",
            Property::Height => "height",
            Property::Ceiling => "ceiling",
            Property::CeilingMaterial => "ceiling_material",
            Property::SideMaterial => "side_material",
            Property::Thickness => "thickness",
            Property::Radius => "radius",
            Property::Colour => "colour",
            Property::Intensity => "intensity",
            Property::Kind => "kind",
            Property::Swing => "swing",
            Property::Speed => "speed",
            Property::Opens => "opens",
            Property::CloseAfter => "close_after",
            Property::Loose => "loose",
            Property::Mass => "mass",
            Property::Friction => "friction",
            Property::Bounce => "bounce",
        }
    }

    /// The unit the panel writes after its number: ` m`, ` m/s`, ` s`,
    /// ` kg`, `°`, or nothing.
    pub fn unit(self) -> &'static str {
        match self {
            Property::Height | Property::Ceiling | Property::Thickness | Property::Radius => " m",
            Property::Speed => " m/s",
            Property::CloseAfter => " s",
            Property::Mass => " kg",
            Property::Swing => "°",
            Property::Material
            | Property::CeilingMaterial
            | Property::SideMaterial
            | Property::Colour
            | Property::Intensity
            | Property::Kind
            | Property::Opens
            | Property::Loose
            | Property::Friction
            | Property::Bounce => "",
        }
    }
}

impl fmt::Display for Property {
    /// Its label.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.label())
    }
}

/// The value of a property.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// A material, by its index in the level's list.
    Material(MaterialId),
    /// A number: a size, a speed, a time, an angle or a brightness.
    Number(f32),
    /// A colour, linear RGB.
    Colour([f32; 3]),
    /// A door's kind.
    Kind(DoorKind),
    /// What opens a door.
    Opens(DoorOpens),
    /// Yes or no: whether an obstacle is loose.
    Switch(bool),
}

/// One property of an item as the panel shows it: its value, and for a
/// number or a colour's components the values it may take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Field {
    /// Which property.
    pub property: Property,
    /// Its value now.
    pub value: Value,
    /// The values a number (or each component of a colour) may take.
    pub range: Option<ValueRange>,
}

/// The change of one property of one item, as the panel asks for it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PropertyChange {
    /// The item.
    pub item: Item,
    /// Its property.
    pub property: Property,
    /// The new value.
    pub value: Value,
}

/// Why a property change makes no item.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PropertyError {
    /// The kind of item has no such property, or it is not a value of the
    /// property's type.
    #[error("a {kind} has no {property} of that kind")]
    NotAProperty {
        /// `wall`, `lamp`, `obstacle` or `door`.
        kind: &'static str,
        /// The property.
        property: Property,
    },
    /// A number the level format does not allow there, in the loader's
    /// words.
    #[error("{0}")]
    OutOfRange(String),
    /// A material index past the level's list.
    #[error("the level has no material {0}")]
    NoSuchMaterial(usize),
    /// The edit was refused (the item is not in the level, ...).
    #[error(transparent)]
    Edit(#[from] EditError),
}

/// Where a property's value lives in an item, and for a number the values
/// it may take: the one mapping from a kind's properties to its fields.
enum Slot<'a> {
    Material(&'a mut MaterialId),
    Number(&'a mut f32, ValueRange),
    Colour(&'a mut [f32; 3]),
    Kind(&'a mut DoorKind),
    Opens(&'a mut DoorOpens),
    Switch(&'a mut bool),
}

impl Slot<'_> {
    fn value(&self) -> Value {
        match self {
            Slot::Material(material) => Value::Material(**material),
            Slot::Number(number, _) => Value::Number(**number),
            Slot::Colour(colour) => Value::Colour(**colour),
            Slot::Kind(kind) => Value::Kind(**kind),
            Slot::Opens(opens) => Value::Opens(**opens),
            Slot::Switch(switch) => Value::Switch(**switch),
        }
    }

    fn range(&self) -> Option<ValueRange> {
        match self {
            Slot::Number(_, range) => Some(*range),
            Slot::Colour(_) => Some(Light::COLOUR),
            Slot::Material(_) | Slot::Kind(_) | Slot::Opens(_) | Slot::Switch(_) => None,
        }
    }
}

/// `property`'s slot in `piece`; `None` when its kind has no such
/// property on the panel.
fn slot(piece: &mut Piece, property: Property) -> Option<Slot<'_>> {
    use Property as P;
    Some(match (piece, property) {
        (Piece::Wall(wall), P::Material) => Slot::Material(&mut wall.material),
        (Piece::Wall(wall), P::Height) => Slot::Number(&mut wall.height, LevelWall::HEIGHT),
        (Piece::Wall(wall), P::Thickness) => {
            Slot::Number(&mut wall.thickness, LevelWall::THICKNESS)
        }
        (Piece::Wall(wall), P::Radius) => Slot::Number(&mut wall.radius, LevelWall::RADIUS),
        (Piece::Obstacle(obstacle), P::Material) => Slot::Material(&mut obstacle.material),
        (Piece::Obstacle(obstacle), P::Height) => {
            Slot::Number(&mut obstacle.height, LevelObstacle::HEIGHT)
        }
        (Piece::Obstacle(obstacle), P::Loose) => Slot::Switch(&mut obstacle.loose),
        (Piece::Obstacle(obstacle), P::Mass) => {
            Slot::Number(&mut obstacle.mass, LevelObstacle::MASS)
        }
        (Piece::Obstacle(obstacle), P::Friction) => {
            Slot::Number(&mut obstacle.friction, LevelObstacle::FRICTION)
        }
        (Piece::Obstacle(obstacle), P::Bounce) => {
            Slot::Number(&mut obstacle.bounce, LevelObstacle::BOUNCE)
        }
        (Piece::Light(light), P::Colour) => Slot::Colour(&mut light.colour),
        (Piece::Light(light), P::Intensity) => Slot::Number(&mut light.intensity, Light::INTENSITY),
        (Piece::Light(light), P::Radius) => Slot::Number(&mut light.radius, Light::RADIUS),
        (Piece::Light(light), P::Height) => Slot::Number(&mut light.height, Light::HEIGHT),
        (Piece::Door(door), P::Kind) => Slot::Kind(&mut door.kind),
        (Piece::Door(door), P::Swing) => Slot::Number(&mut door.swing_degrees, Door::SWING),
        (Piece::Door(door), P::Speed) => Slot::Number(&mut door.speed, Door::SPEED),
        (Piece::Door(door), P::Opens) => Slot::Opens(&mut door.opens),
        (Piece::Door(door), P::CloseAfter) => {
            Slot::Number(&mut door.close_after, Door::CLOSE_AFTER)
        }
        (Piece::Floor(floor), P::Material) => Slot::Material(&mut floor.material),
        (Piece::Floor(floor), P::Height) => Slot::Number(&mut floor.height, LevelFloor::HEIGHT),
        (Piece::Floor(floor), P::Ceiling) => Slot::Number(&mut floor.ceiling, LevelFloor::CEILING),
        (Piece::Floor(floor), P::CeilingMaterial) => Slot::Material(&mut floor.ceiling_material),
        (Piece::Floor(floor), P::SideMaterial) => Slot::Material(&mut floor.side_material),
        _ => return None,
    })
}

/// The panel's fields for `piece`, in [`Property::of`] order.
pub fn fields(piece: &Piece) -> Vec<Field> {
    let mut piece = piece.clone();
    Property::of(&piece)
        .iter()
        .filter_map(|&property| {
            slot(&mut piece, property).map(|slot| Field {
                property,
                value: slot.value(),
                range: slot.range(),
            })
        })
        .collect()
}

/// `piece` with `property` set to `value`, if the level format allows it:
/// a number in its range (each of a colour's components in 0..=1), a
/// material among the level's `material_count`.
pub fn changed(
    piece: &Piece,
    property: Property,
    value: Value,
    material_count: usize,
) -> Result<Piece, PropertyError> {
    let mut changed = piece.clone();
    let not_a_property = PropertyError::NotAProperty {
        kind: piece.kind(),
        property,
    };
    let Some(slot) = slot(&mut changed, property) else {
        return Err(not_a_property);
    };
    let key = property.key();
    match (slot, value) {
        (Slot::Material(material), Value::Material(to)) => {
            if to.index() >= material_count {
                return Err(PropertyError::NoSuchMaterial(to.index()));
            }
            *material = to;
        }
        (Slot::Number(number, range), Value::Number(to)) => {
            if let Some(problem) = range.problem(key, to) {
                return Err(PropertyError::OutOfRange(problem));
            }
            *number = to;
        }
        (Slot::Colour(colour), Value::Colour(to)) => {
            if let Some(problem) = to
                .iter()
                .find_map(|&component| Light::COLOUR.problem(key, component))
            {
                return Err(PropertyError::OutOfRange(problem));
            }
            *colour = to;
        }
        (Slot::Kind(kind), Value::Kind(to)) => *kind = to,
        (Slot::Opens(opens), Value::Opens(to)) => *opens = to,
        (Slot::Switch(switch), Value::Switch(to)) => *switch = to,
        _ => return Err(not_a_property),
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::ConvexPolygon;
    use glam::Vec2;

    fn wall() -> Piece {
        Piece::Wall(LevelWall::new(
            Vec2::ZERO,
            Vec2::X,
            0.3,
            2.8,
            0.15,
            MaterialId(1),
        ))
    }

    fn pieces() -> [Piece; 4] {
        let square =
            ConvexPolygon::new(vec![Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y]).expect("a square");
        [
            wall(),
            Piece::Obstacle(LevelObstacle {
                polygon: square,
                height: 0.8,
                material: MaterialId(2),
                loose: false,
                mass: 20.0,
                friction: 0.5,
                bounce: 0.2,
                base: None,
            }),
            Piece::Light(Light::with_defaults(Vec2::ONE, 2.8)),
            Piece::Door(Door::with_defaults(Vec2::ZERO, Vec2::X, MaterialId(0))),
        ]
    }

    /// `obstacle` made loose.
    fn loose(obstacle: &Piece) -> Piece {
        changed(obstacle, Property::Loose, Value::Switch(true), 4)
            .expect("any obstacle may be loose")
    }

    #[test]
    fn each_kind_shows_the_fields_the_panel_lists_with_their_values() {
        let labels = |piece: &Piece| -> Vec<&str> {
            fields(piece)
                .iter()
                .map(|field| field.property.label())
                .collect()
        };
        let [wall, obstacle, lamp, door] = pieces();
        assert_eq!(labels(&wall), ["material", "height", "thickness", "radius"]);
        assert_eq!(labels(&obstacle), ["material", "height", "loose"]);
        assert_eq!(
            labels(&loose(&obstacle)),
            ["material", "height", "loose", "mass", "friction", "bounce"]
        );
        let loose_fields = fields(&loose(&obstacle));
        assert_eq!(loose_fields[2].value, Value::Switch(true));
        assert_eq!(loose_fields[2].range, None);
        assert_eq!(loose_fields[3].value, Value::Number(20.0));
        assert_eq!(loose_fields[3].range, Some(LevelObstacle::MASS));
        assert_eq!(loose_fields[4].range, Some(LevelObstacle::FRICTION));
        assert_eq!(loose_fields[5].value, Value::Number(0.2));
        assert_eq!(labels(&lamp), ["colour", "intensity", "radius", "height"]);
        assert_eq!(
            labels(&door),
            ["kind", "swing", "speed", "opens", "close after"]
        );
        let wall_fields = fields(&wall);
        assert_eq!(wall_fields[0].value, Value::Material(MaterialId(1)));
        assert_eq!(wall_fields[0].range, None);
        assert_eq!(wall_fields[1].value, Value::Number(2.8));
        assert_eq!(wall_fields[1].range, Some(LevelWall::HEIGHT));
        assert_eq!(wall_fields[3].range, Some(ValueRange::NonNegative));
        let lamp_fields = fields(&lamp);
        assert_eq!(lamp_fields[0].value, Value::Colour([1.0, 0.9, 0.75]));
        assert_eq!(lamp_fields[0].range, Some(Light::COLOUR));
        // A lamp's radius must be above 0, a wall's may be 0.
        assert_eq!(lamp_fields[2].range, Some(ValueRange::Positive));
        let door_fields = fields(&door);
        assert_eq!(door_fields[0].value, Value::Kind(DoorKind::Swing));
        assert_eq!(door_fields[1].value, Value::Number(90.0));
        assert_eq!(door_fields[1].range, Some(Door::SWING));
        assert_eq!(door_fields[3].value, Value::Opens(DoorOpens::Use));
        assert_eq!(door_fields[4].value, Value::Number(4.0));
    }

    #[test]
    fn a_change_sets_the_one_property_and_keeps_the_rest() {
        let [wall, obstacle, lamp, door] = pieces();
        let changes = [
            (&wall, Property::Thickness, Value::Number(0.2)),
            (&wall, Property::Material, Value::Material(MaterialId(3))),
            (&obstacle, Property::Height, Value::Number(1.1)),
            (&obstacle, Property::Loose, Value::Switch(true)),
            (&loose(&obstacle), Property::Mass, Value::Number(1.5)),
            (&loose(&obstacle), Property::Friction, Value::Number(2.0)),
            (&loose(&obstacle), Property::Bounce, Value::Number(0.0)),
            (&lamp, Property::Colour, Value::Colour([0.2, 0.4, 1.0])),
            (&lamp, Property::Height, Value::Number(2.0)),
            (&door, Property::Kind, Value::Kind(DoorKind::Slide)),
            (&door, Property::Opens, Value::Opens(DoorOpens::Near)),
            (&door, Property::CloseAfter, Value::Number(0.0)),
        ];
        for (piece, property, value) in changes {
            let changed = changed(piece, property, value, 4).expect("allowed");
            for (before, after) in fields(piece).iter().zip(fields(&changed)) {
                if before.property == property {
                    assert_eq!(after.value, value);
                } else {
                    assert_eq!(after.value, before.value, "{property}: {}", before.property);
                }
            }
            assert_ne!(&changed, piece, "{property}");
        }
        // What is not a field stays: the wall's ends.
        let Ok(Piece::Wall(thicker)) = changed(&wall, Property::Thickness, Value::Number(0.2), 4)
        else {
            panic!("a wall stays a wall");
        };
        assert_eq!((thicker.a, thicker.b), (Vec2::ZERO, Vec2::X));
    }

    #[test]
    fn values_the_format_refuses_make_no_item_and_say_why() {
        let [wall, obstacle, lamp, door] = pieces();
        let refusal = |piece: &Piece, property, value| {
            changed(piece, property, value, 4)
                .expect_err("refused")
                .to_string()
        };
        assert_eq!(
            refusal(&wall, Property::Height, Value::Number(0.0)),
            "`height` must be more than 0, not 0"
        );
        assert_eq!(
            refusal(&wall, Property::Radius, Value::Number(-0.1)),
            "negative `radius` (-0.1); it must be 0 or more"
        );
        assert_eq!(
            refusal(&door, Property::Swing, Value::Number(180.0)),
            "`swing` must be between -170 and 170 degrees, not 180"
        );
        assert_eq!(
            refusal(&lamp, Property::Colour, Value::Colour([0.5, 1.5, 0.5])),
            "`colour` must be between 0 and 1, not 1.5"
        );
        assert_eq!(
            refusal(&lamp, Property::Intensity, Value::Number(f32::NAN)),
            "`intensity` must be a finite number, not NaN"
        );
        assert_eq!(
            refusal(&loose(&obstacle), Property::Mass, Value::Number(0.0)),
            "`mass` must be more than 0, not 0"
        );
        assert_eq!(
            refusal(&loose(&obstacle), Property::Friction, Value::Number(2.5)),
            "`friction` must be between 0 and 2, not 2.5"
        );
        assert_eq!(
            refusal(&loose(&obstacle), Property::Bounce, Value::Number(-0.1)),
            "`bounce` must be between 0 and 1, not -0.1"
        );
        assert_eq!(
            refusal(&wall, Property::Material, Value::Material(MaterialId(4))),
            "the level has no material 4"
        );
        // No such property for the kind, or a value of another type.
        assert_eq!(
            refusal(&lamp, Property::Material, Value::Material(MaterialId(0))),
            "a lamp has no material of that kind"
        );
        assert_eq!(
            refusal(&door, Property::Speed, Value::Kind(DoorKind::Slide)),
            "a door has no speed of that kind"
        );
    }
}
