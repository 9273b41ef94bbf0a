//! Where a loose obstacle may stand when a level starts: clear of every
//! blocking wall's rendered body, every other obstacle, every door leaf closed at the start and
//! the walker's body at the start. A loose obstacle starting inside one of
//! them could only be shoved out in a direction nobody chose, so the loader
//! refuses such a level, naming both items.

use std::sync::Arc;

use super::diagnostics::{LooseOverlap, Overlapped};
use super::model::{Level, LevelObstacle, MaterialId};
use super::wall::LevelWall;
use crate::collision::{
    Collider, ConvexPolygon, Leaf, Wall, circle_polygon_mtv, polygon_polygon_mtv,
    ray_against_obstacle,
};
use crate::physics::{FixedScene, LooseBodies, LooseBody, Material};

/// How far apart two floors' heights may be, in metres, for a loose body
/// to slide from one onto the other: bodies neither climb nor drop.
pub const BODY_STEP: f32 = 0.01;

/// Every overlap of a loose obstacle in `level`, by obstacle in file
/// order, each obstacle's in the order walls, obstacles, doors, start. Two
/// loose obstacles that overlap are named once, by the first of them.
/// Shapes that only touch do not overlap.
pub fn loose_overlaps(level: &Level) -> impl Iterator<Item = LooseOverlap> + '_ {
    level
        .obstacles
        .iter()
        .enumerate()
        .filter(|(_, obstacle)| obstacle.loose)
        .flat_map(move |(index, obstacle)| {
            overlaps_of(level, index, &obstacle.polygon).map(move |overlapped| LooseOverlap {
                obstacle: index,
                overlapped,
            })
        })
}

/// What the loose obstacle `index`, whose outline is `outline`, overlaps.
fn overlaps_of<'a>(
    level: &'a Level,
    index: usize,
    outline: &'a ConvexPolygon,
) -> impl Iterator<Item = Overlapped> + 'a {
    let walls = level
        .walls
        .iter()
        .enumerate()
        .filter(move |(_, wall)| wall.blocks() && wall_overlaps(wall, outline))
        .map(|(wall, _)| Overlapped::Wall(wall));
    let obstacles = level
        .obstacles
        .iter()
        .enumerate()
        .filter(move |(other, obstacle)| {
            let named_before = obstacle.loose && *other < index;
            *other != index
                && !named_before
                && polygon_polygon_mtv(outline, &obstacle.polygon).is_some()
        })
        .map(|(other, _)| Overlapped::Obstacle(other));
    let doors = level
        .doors
        .iter()
        .enumerate()
        .filter(move |(_, door)| {
            // The leaf shut: from jamb to jamb, whatever the door's kind;
            // a door that starts open has no leaf there, and closing onto
            // a body it gives way.
            !door.open
                && Leaf::around(door.a, door.b, door.thickness)
                    .polygon()
                    .is_ok_and(|leaf| polygon_polygon_mtv(outline, &leaf).is_some())
        })
        .map(|(door, _)| Overlapped::Door(door));
    let player = level.player;
    let start = circle_polygon_mtv(player.start, player.radius, outline)
        .is_some()
        .then_some(Overlapped::Start);
    walls.chain(obstacles).chain(doors).chain(start)
}

/// Whether `outline` overlaps `wall`'s rendered body: the box of its
/// thickness around its centre line, or the bare centre line for a wall
/// without thickness.
fn wall_overlaps(wall: &LevelWall, outline: &ConvexPolygon) -> bool {
    match Leaf::around(wall.a, wall.b, wall.thickness).polygon() {
        Ok(body) => polygon_polygon_mtv(outline, &body).is_some(),
        Err(_) => ray_against_obstacle(wall.a, wall.b, outline).is_some(),
    }
}

impl Level {
    /// The loose obstacles, in file order, with their index among all the
    /// level's obstacles: a body's index is its place in this list.
    pub fn loose_obstacles(&self) -> impl Iterator<Item = (usize, &LevelObstacle)> + '_ {
        self.obstacles
            .iter()
            .enumerate()
            .filter(|(_, obstacle)| obstacle.loose)
    }

    /// The fixed (not loose) obstacles, in file order: with the walls, what
    /// the loose bodies meet that never moves.
    pub fn fixed_obstacles(&self) -> impl Iterator<Item = &LevelObstacle> + '_ {
        self.obstacles.iter().filter(|obstacle| !obstacle.loose)
    }

    /// The loose obstacles as bodies at rest where the file places them,
    /// among the walls' rendered bodies (capsules of half their thickness)
    /// and the fixed obstacles. A level without loose obstacles gets an
    /// empty scene, so that a million-wall maze pays nothing for it.
    pub fn loose_bodies(&self) -> LooseBodies {
        let bodies: Vec<LooseBody> = self
            .loose_obstacles()
            .map(|(_, obstacle)| loose_body(obstacle))
            .collect();
        if bodies.is_empty() {
            return LooseBodies::new(FixedScene::empty(), bodies);
        }
        let walls: Vec<Wall> = self.body_walls().into_iter().map(|(w, _)| w).collect();
        let fixed: Vec<ConvexPolygon> = self
            .fixed_obstacles()
            .map(|obstacle| obstacle.polygon.clone())
            .collect();
        LooseBodies::new(FixedScene::new(&walls, &fixed), bodies)
    }

    /// The walls a loose body meets, each with what its face is made of:
    /// every wall at its rendered half thickness (one that does not block
    /// as a wall they never meet), then every edge between
    /// floors that a body may not cross (bodies never climb nor drop): the
    /// two floors more than [`BODY_STEP`] apart, the void on a side, or a
    /// ceiling over the edge lower than the tallest loose body standing on
    /// the higher floor. An edge's face is the higher floor's
    /// `side_material` (the ground's: the walls' default).
    pub fn body_walls(&self) -> Vec<(Wall, MaterialId)> {
        let walls = (self.walls.iter()).map(|wall| (wall.body_wall(), wall.material));
        let mut body_walls: Vec<(Wall, MaterialId)> = walls.collect();
        if self.floors.is_empty() {
            return body_walls;
        }
        let tallest = self
            .loose_obstacles()
            .map(|(_, obstacle)| obstacle.height)
            .fold(0.0, f32::max);
        let heights = self.heights();
        let side_of = |floor: Option<usize>| {
            floor
                .and_then(|index| self.floors.get(index))
                .map_or(self.wall_defaults.material, |f| f.side_material)
        };
        for edge in heights.edges() {
            let (left, right) = (heights.span_of(edge.left), heights.span_of(edge.right));
            let face = match (left, right) {
                (Some(l), Some(r)) => {
                    let higher = if l.floor >= r.floor {
                        edge.left
                    } else {
                        edge.right
                    };
                    let apart = (l.floor - r.floor).abs() > BODY_STEP;
                    let low_ceiling = l.ceiling.min(r.ceiling) < l.floor.max(r.floor) + tallest;
                    (apart || low_ceiling).then(|| side_of(higher))
                }
                (Some(_), None) => Some(side_of(edge.left)),
                (None, Some(_)) => Some(side_of(edge.right)),
                (None, None) => None,
            };
            if let Some(material) = face {
                let wall = Wall {
                    a: edge.a,
                    b: edge.b,
                    radius: 0.0,
                };
                body_walls.push((wall, material));
            }
        }
        body_walls
    }

    /// The collider the walker moves through outside edit mode: `collider`
    /// (this level's) without the loose obstacles, which move as bodies
    /// instead. The same collider when there are none; otherwise a copy,
    /// which shares the walls' chunks with it.
    pub fn walking_collider(&self, collider: &Arc<Collider>) -> Arc<Collider> {
        if self.loose_obstacles().next().is_none() {
            return Arc::clone(collider);
        }
        let mut walking = Collider::clone(collider);
        // Last first, so that every index still names its obstacle.
        for (index, obstacle) in self.obstacles.iter().enumerate().rev() {
            if obstacle.loose {
                walking.remove_obstacle(index);
            }
        }
        Arc::new(walking)
    }
}

/// `obstacle` as a body at rest. Its mass, friction and bounce were
/// checked when the level was read or edited; values out of range there
/// (which no file or edit gives) fall back to the defaults rather than
/// stop the level.
fn loose_body(obstacle: &LevelObstacle) -> LooseBody {
    let material = Material {
        mass: obstacle.mass,
        friction: obstacle.friction,
        bounce: obstacle.bounce,
    };
    LooseBody::new(&obstacle.polygon, material)
        .or_else(|error| {
            log::warn!("a loose obstacle's {error}; it takes the default material");
            LooseBody::new(&obstacle.polygon, Material::default())
        })
        .unwrap_or_else(|_| unreachable!("the default material is in range"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn level(text: &str) -> Level {
        Level::from_toml_str(text, Path::new("test.toml"))
            .expect("valid")
            .level
    }

    #[test]
    fn touching_is_not_overlapping_and_a_thin_wall_is_met_by_its_line() {
        // A crate flush with the face of a wall 0.2 m thick, and a wall
        // without thickness that a second crate straddles.
        let mut level = level(
            "[player]\nstart = [0.0, 0.0]\n\
             [[wall]]\na = [0.0, 5.0]\nb = [4.0, 5.0]\nthickness = 0.2\n\
             [[wall]]\na = [10.0, 0.0]\nb = [10.0, 4.0]\nthickness = 0.0\n\
             [[obstacle]]\npoints = [[1.0, 4.9], [2.0, 4.9], [2.0, 4.0], [1.0, 4.0]]\nloose = true\n",
        );
        assert_eq!(loose_overlaps(&level).next(), None);
        let straddling = [[9.5, 1.0], [10.5, 1.0], [10.5, 2.0], [9.5, 2.0]];
        level.obstacles[0].polygon =
            ConvexPolygon::new(straddling.map(glam::Vec2::from_array).to_vec()).expect("a square");
        let overlaps: Vec<_> = loose_overlaps(&level).collect();
        assert_eq!(
            overlaps,
            [LooseOverlap {
                obstacle: 0,
                overlapped: Overlapped::Wall(1)
            }]
        );
        assert_eq!(
            (overlaps[0].item(), overlaps[0].problem()),
            (
                "obstacle 0 (loose)".to_owned(),
                "overlaps wall 1".to_owned()
            )
        );
    }
}
