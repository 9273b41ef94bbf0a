//! What edit mode shows of itself in the world: the crosshair's cursor
//! point and aimed item, the shapes of items to outline, and the marker
//! lines (the cursor's cross, what is being plotted, the aimed and the
//! carried item).

use glam::{Vec2, Vec3};

use crate::camera::Camera;
use crate::collision::{Collider, Leaf};
use crate::edit::{
    CURSOR_REACH, Crosshair, GridSize, Item, Piece, aimed_item, cursor_point, floor_in_crosshair,
    snap,
};
use crate::level::Level;
use crate::render::LineVertex;

/// Height of the cursor marker and the wall in progress above the floor.
const MARKER_HEIGHT: f32 = 0.03;
/// Half the size of the cursor's floor marker, in metres.
const MARKER_SIZE: f32 = 0.15;
const CURSOR_COLOUR: [f32; 4] = [0.2, 1.0, 0.3, 1.0];
const IN_PROGRESS_COLOUR: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const AIMED_COLOUR: [f32; 4] = [1.0, 0.2, 1.0, 1.0];
/// The colour of a carried item where it would be put down.
const CARRIED_COLOUR: [f32; 4] = [1.0, 0.85, 0.1, 1.0];

/// The shape of what the crosshair aims at, drawn in magenta: what Delete
/// would remove.
#[derive(Debug, Clone, PartialEq)]
pub enum Aimed {
    /// A wall from end to end, or a door from jamb to jamb.
    Span([Vec2; 2]),
    /// An obstacle: its outline's corners.
    Obstacle(Vec<Vec2>),
    /// A floor: its outline's corners, and its height.
    Floor {
        /// The outline's corners (x, z).
        corners: Vec<Vec2>,
        /// Its height above the ground.
        height: f32,
    },
    /// A lamp: where it hangs on the floor plan, and its height.
    Lamp {
        /// Its place (x, z).
        at: Vec2,
        /// Its height above the ground.
        height: f32,
    },
}

/// Half the side of the square that outlines an aimed lamp on the map, in
/// metres.
const LAMP_OUTLINE_HALF: f32 = 0.3;

impl Aimed {
    /// The shape's outline on the floor plan, for the map: a wall's or a
    /// door's two ends, an obstacle's or a floor's corners, a small square
    /// around a lamp; drawn as a closed line.
    pub fn plan_outline(&self) -> Vec<Vec2> {
        match self {
            Aimed::Span(ends) => ends.to_vec(),
            Aimed::Obstacle(corners) | Aimed::Floor { corners, .. } => corners.clone(),
            Aimed::Lamp { at, .. } => {
                let half = LAMP_OUTLINE_HALF;
                [(-half, -half), (half, -half), (half, half), (-half, half)]
                    .map(|(x, z)| *at + Vec2::new(x, z))
                    .to_vec()
            }
        }
    }
}

/// Where the crosshair's cursor point is for `camera`, snapped to the
/// level's wall ends (its `collider`) or to `grid` unless `snapping` is off.
pub fn cursor(camera: &Camera, collider: &Collider, grid: GridSize, snapping: bool) -> Vec2 {
    let point = cursor_point(camera.position, camera.forward(), CURSOR_REACH);
    snap(point, collider, grid, snapping)
}

/// The item `camera`'s crosshair aims at in `level` (see [`aimed_item`]):
/// the first wall, obstacle, door leaf (where `leaves` stand) or lamp along
/// its ray on the floor plan within [`CURSOR_REACH`], or floor whose top
/// its ray meets, or else the lamp nearest `cursor` within 0.5 m.
pub fn aimed(
    camera: &Camera,
    collider: &Collider,
    level: &Level,
    leaves: &[Leaf],
    cursor: Vec2,
) -> Option<Item> {
    let crosshair = Crosshair {
        eye: Vec2::new(camera.position.x, camera.position.z),
        direction: camera.flat_forward(),
        reach: CURSOR_REACH,
        cursor,
        floor: floor_in_crosshair(
            &level.floors,
            camera.position,
            camera.forward(),
            CURSOR_REACH,
        ),
    };
    aimed_item(collider, &level.lights, leaves, crosshair)
}

/// The shape of `item` in `level`, to outline; `None` when it is not there.
pub fn aimed_shape(level: &Level, item: Item) -> Option<Aimed> {
    Piece::held(level, item).map(|piece| shape(level, &piece))
}

/// The shape of `piece` in `level`, to outline: a lamp at the height it
/// hangs at ([`Level::placed_light`]).
pub fn shape(level: &Level, piece: &Piece) -> Aimed {
    match piece {
        Piece::Wall(wall) => Aimed::Span([wall.a, wall.b]),
        Piece::Obstacle(obstacle) => Aimed::Obstacle(obstacle.polygon.points().to_vec()),
        Piece::Light(light) => Aimed::Lamp {
            at: light.at,
            height: level.placed_light(light).height,
        },
        Piece::Door(door) => Aimed::Span([door.a, door.b]),
        Piece::Floor(floor) => Aimed::Floor {
            corners: floor.points.clone(),
            height: floor.height,
        },
    }
}

/// What edit mode draws in the world besides the aimed item: the cursor
/// point, and what is being plotted.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Plotting<'a> {
    /// The cursor point.
    pub cursor: Vec2,
    /// The last point of the chain of walls being plotted.
    pub chain_end: Option<Vec2>,
    /// The outline points of the obstacle (or the door jamb) being
    /// plotted, in order.
    pub outline: &'a [Vec2],
}

/// Edit mode's lines in the world: a cross on the floor at the cursor, the
/// wall in progress from the chain's last point to it, the obstacle outline
/// in progress (a small cross at each point, a line from each to the next
/// and from the last to the cursor), what the crosshair aims at (a
/// wall along its length; an obstacle around its outline; a floor around
/// its outline on its top; a lamp as a cross on the floor under it and a
/// line up to it), in magenta, and a
/// carried item where it would be put down, drawn the same way in yellow.
pub fn marker_lines(
    plotting: Plotting<'_>,
    aimed: Option<Aimed>,
    carried: Option<Aimed>,
) -> Vec<LineVertex> {
    let Plotting {
        cursor,
        chain_end,
        outline,
    } = plotting;
    let at = |point: Vec2, colour: [f32; 4]| LineVertex {
        position: Vec3::new(point.x, MARKER_HEIGHT, point.y).to_array(),
        colour,
    };
    let cross = |lines: &mut Vec<LineVertex>, centre: Vec2, size: f32, colour| {
        for offset in [Vec2::new(size, size), Vec2::new(size, -size)] {
            lines.push(at(centre - offset, colour));
            lines.push(at(centre + offset, colour));
        }
    };
    let mut lines = Vec::new();
    cross(&mut lines, cursor, MARKER_SIZE, CURSOR_COLOUR);
    if let Some(end) = chain_end {
        lines.push(at(end, IN_PROGRESS_COLOUR));
        lines.push(at(cursor, IN_PROGRESS_COLOUR));
    }
    for (number, &point) in outline.iter().enumerate() {
        cross(&mut lines, point, MARKER_SIZE / 2.0, IN_PROGRESS_COLOUR);
        let next = outline.get(number + 1).copied().unwrap_or(cursor);
        lines.push(at(point, IN_PROGRESS_COLOUR));
        lines.push(at(next, IN_PROGRESS_COLOUR));
    }
    for (shape, colour) in [(aimed, AIMED_COLOUR), (carried, CARRIED_COLOUR)] {
        match shape {
            Some(Aimed::Span([a, b])) => {
                lines.push(at(a, colour));
                lines.push(at(b, colour));
            }
            Some(Aimed::Obstacle(corners)) => {
                for (number, &corner) in corners.iter().enumerate() {
                    lines.push(at(corner, colour));
                    lines.push(at(corners[(number + 1) % corners.len()], colour));
                }
            }
            Some(Aimed::Floor { corners, height }) => {
                let on_top = |point: Vec2| LineVertex {
                    position: Vec3::new(point.x, height + MARKER_HEIGHT, point.y).to_array(),
                    colour,
                };
                for (number, &corner) in corners.iter().enumerate() {
                    lines.push(on_top(corner));
                    lines.push(on_top(corners[(number + 1) % corners.len()]));
                }
            }
            Some(Aimed::Lamp { at: place, height }) => {
                cross(&mut lines, place, MARKER_SIZE, colour);
                lines.push(at(place, colour));
                lines.push(LineVertex {
                    position: Vec3::new(place.x, height, place.y).to_array(),
                    colour,
                });
            }
            None => {}
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_a_cross_then_the_wall_in_progress_then_the_aimed_wall() {
        let cursor = Vec2::new(1.0, 2.0);
        let plotting = |chain_end, outline| Plotting {
            cursor,
            chain_end,
            outline,
        };
        assert_eq!(marker_lines(plotting(None, &[]), None, None).len(), 4);
        let lines = marker_lines(
            plotting(Some(Vec2::new(-1.0, 2.0)), &[]),
            Some(Aimed::Span([Vec2::ZERO, Vec2::X])),
            None,
        );
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[4].position, [-1.0, MARKER_HEIGHT, 2.0]);
        assert_eq!(lines[5].position, [1.0, MARKER_HEIGHT, 2.0]);
        assert_eq!(lines[6].colour, AIMED_COLOUR);
        // An aimed lamp: a cross under it and a line up to it.
        let lamp = Aimed::Lamp {
            at: Vec2::new(3.0, 4.0),
            height: 2.5,
        };
        let lines = marker_lines(plotting(None, &[]), Some(lamp.clone()), None);
        assert_eq!(lines.len(), 10);
        assert!(lines[4..].iter().all(|line| line.colour == AIMED_COLOUR));
        assert_eq!(lines[8].position, [3.0, MARKER_HEIGHT, 4.0]);
        assert_eq!(lines[9].position, [3.0, 2.5, 4.0]);
        // Carried, the lamp is drawn the same way in yellow, after the aimed.
        let lines = marker_lines(plotting(None, &[]), Some(lamp.clone()), Some(lamp));
        assert_eq!(lines.len(), 16);
        assert!(lines[10..].iter().all(|line| line.colour == CARRIED_COLOUR));
        assert_eq!(lines[15].position, [3.0, 2.5, 4.0]);
        // The cross is centred on the cursor.
        let centre = (Vec3::from(lines[0].position) + Vec3::from(lines[1].position)) / 2.0;
        assert!(centre.abs_diff_eq(Vec3::new(1.0, MARKER_HEIGHT, 2.0), 1e-6));
    }

    #[test]
    fn an_outline_in_progress_and_an_aimed_obstacle_are_drawn() {
        let cursor = Vec2::new(1.0, 2.0);
        let outline = [Vec2::ZERO, Vec2::X];
        let plotting = Plotting {
            cursor,
            chain_end: None,
            outline: &outline,
        };
        // The cursor's cross, then per point a small cross and a line on.
        let lines = marker_lines(plotting, None, None);
        assert_eq!(lines.len(), 4 + 2 * 6);
        assert_eq!(lines[8].position, [0.0, MARKER_HEIGHT, 0.0]);
        assert_eq!(lines[9].position, [1.0, MARKER_HEIGHT, 0.0]);
        assert_eq!(
            lines[15].position,
            [1.0, MARKER_HEIGHT, 2.0],
            "to the cursor"
        );
        // An obstacle: one line per edge, closed.
        let square = vec![Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
        let lines = marker_lines(
            Plotting {
                outline: &[],
                ..plotting
            },
            Some(Aimed::Obstacle(square)),
            None,
        );
        assert_eq!(lines.len(), 4 + 8);
        assert!(lines[4..].iter().all(|line| line.colour == AIMED_COLOUR));
        assert_eq!(lines[11].position, [0.0, MARKER_HEIGHT, 0.0], "closed");
    }

    #[test]
    fn a_lamp_over_a_raised_floor_is_marked_at_the_height_it_hangs() {
        let mut level = Level::default_house();
        let at = level.lights[0].at;
        let around = [
            Vec2::new(-1.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::ONE,
            Vec2::new(-1.0, 1.0),
        ];
        level.floors = vec![level.new_floor(around.map(|corner| at + corner).to_vec(), 0.5)];
        let height = level.lights[0].height;
        match aimed_shape(&level, Item::Lamp(0)) {
            Some(Aimed::Lamp { height: marked, .. }) => assert_eq!(marked, height + 0.5),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_crosshair_aims_at_the_first_wall_or_obstacle_within_reach() {
        let mut level = Level::default_house();
        level.lights.clear();
        let collider = level.collider();
        let eye = level.player.start;
        let mut camera = Camera::new(Vec3::new(eye.x, 1.6, eye.y), 0.0);
        // Inside the house every heading meets a wall or an obstacle; the
        // aimed one is the first the ray meets.
        let mut kinds = std::collections::BTreeSet::new();
        for degrees in (0..360).step_by(5) {
            camera.yaw = (degrees as f32).to_radians();
            let item = aimed(&camera, &collider, &level, &[], eye).expect("something every way");
            kinds.insert(item.kind());
            let to = eye + camera.flat_forward().normalize() * CURSOR_REACH;
            let walls = collider
                .walls()
                .iter()
                .filter_map(|wall| crate::collision::ray_against_wall(eye, to, wall));
            let obstacles = collider
                .obstacles()
                .iter()
                .filter_map(|obstacle| crate::collision::ray_against_obstacle(eye, to, obstacle));
            let first = walls.chain(obstacles).fold(f32::INFINITY, f32::min);
            let hit = match item {
                Item::Wall(index) => {
                    crate::collision::ray_against_wall(eye, to, &collider.walls()[index])
                }
                Item::Obstacle(index) => {
                    crate::collision::ray_against_obstacle(eye, to, &collider.obstacles()[index])
                }
                Item::Lamp(_) | Item::Door(_) | Item::Floor(_) => None,
            };
            assert_eq!(hit, Some(first), "{degrees}°: {item}");
        }
        assert!(kinds.contains("wall"), "{kinds:?}");
    }
}
