//! Levels: what a house or maze is made of, loaded from hand-editable TOML
//! files (see `docs/level-format.md`), the embedded default house and
//! generated mazes. One [`Level`] feeds both the collider ([`Level::collider`])
//! and the render meshes ([`mesh`]), so the two can never disagree.

pub mod maze;
pub mod mesh;

use std::path::PathBuf;

use glam::{Vec2, Vec3};

use crate::collision::{Collider, ConvexPolygon, Wall};

/// A whole level, validated and with every optional key resolved to its value.
#[derive(Debug, Clone)]
pub struct Level {
    /// Display name (the file's `name`).
    pub name: String,
    /// Where and how the walker starts.
    pub player: PlayerSpawn,
    /// Every wall, with its radius, height, thickness and material resolved.
    pub walls: Vec<LevelWall>,
    /// Every convex obstacle (furniture, pillars).
    pub obstacles: Vec<LevelObstacle>,
    /// The materials that walls, obstacles, floor and ceiling refer to by index.
    pub materials: Vec<Material>,
    /// Floor, ceiling and light.
    pub environment: Environment,
}

/// The walker's start and body.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayerSpawn {
    /// Start position (x, z) in metres.
    pub start: Vec2,
    /// Initial heading in degrees (0 = +x, 90 = +z).
    pub yaw_degrees: f32,
    /// Body radius against obstacles, in metres.
    pub radius: f32,
    /// Eye height above the floor, in metres.
    pub eye_height: f32,
}

/// Index into [`Level::materials`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MaterialId(pub usize);

/// One wall of a level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelWall {
    /// First end point (x, z).
    pub a: Vec2,
    /// Second end point (x, z).
    pub b: Vec2,
    /// Collision radius: the eye stays at least this far from segment a→b.
    pub radius: f32,
    /// Height of the rendered wall, in metres.
    pub height: f32,
    /// Rendered thickness, in metres (centred on the segment).
    pub thickness: f32,
    /// Surface material.
    pub material: MaterialId,
}

/// One convex obstacle of a level, rendered as a prism.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelObstacle {
    /// The footprint on the XZ plane.
    pub polygon: ConvexPolygon,
    /// Height of the rendered prism, in metres.
    pub height: f32,
    /// Surface material.
    pub material: MaterialId,
}

/// A surface look: a texture and how large one repeat of it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Material {
    /// The name the level file uses for it.
    pub name: String,
    /// Where the pixels come from.
    pub texture: TextureSource,
    /// World size of one texture repeat, in metres (world-space UVs).
    pub metres_per_repeat: f32,
}

/// Where a material's texture comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum TextureSource {
    /// One of the textures embedded in the binary, by name.
    Builtin(String),
    /// An image file (resolved relative to the level file).
    File(PathBuf),
}

/// Floor, ceiling and lighting of a level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Environment {
    /// Floor material.
    pub floor: MaterialId,
    /// Ceiling material.
    pub ceiling: MaterialId,
    /// Height of the ceiling above the floor, in metres.
    pub ceiling_height: f32,
    /// Direction the sunlight travels (normalised).
    pub light_direction: Vec3,
    /// Ambient light fraction, 0..1.
    pub ambient: f32,
    /// Distance at which fog hides everything, in metres.
    pub fog_distance: f32,
}

impl Level {
    /// The collision data of this level: its walls and obstacles, with the
    /// player's radius as the body radius against obstacles.
    pub fn collider(&self) -> Collider {
        let walls = self
            .walls
            .iter()
            .map(|wall| Wall {
                a: wall.a,
                b: wall.b,
                radius: wall.radius,
            })
            .collect();
        let obstacles = self
            .obstacles
            .iter()
            .map(|obstacle| obstacle.polygon.clone())
            .collect();
        Collider::new(walls, obstacles, self.player.radius)
    }
}
