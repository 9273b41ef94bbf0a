//! Levels: what a house or maze is made of, loaded from hand-editable TOML
//! files (see `docs/level-format.md`), the embedded default house and
//! generated mazes. One [`Level`] feeds both the collider ([`Level::collider`])
//! and the render meshes ([`mesh`]), so the two can never disagree.

mod build;
mod choice;
mod diagnostics;
mod file;
mod hash;
pub mod maze;
pub mod mesh;
pub mod texture;

use std::path::{Path, PathBuf};

use glam::{Vec2, Vec3};

use crate::collision::{Collider, ConvexPolygon, Wall};

pub use choice::LevelChoice;
pub use diagnostics::{LevelError, LevelWarning, SourceLocation};
pub use texture::{BUILTIN_TEXTURES, BuiltinTexture, checkerboard, load_texture_image};

/// The text of the default house, `assets/levels/house.toml`, embedded so the
/// program runs from any directory.
pub const DEFAULT_HOUSE_TOML: &str = include_str!("../../assets/levels/house.toml");

/// Side of one maze cell in metres: corridors 2 m wide leave 1.3 m of free
/// walking room between walls of radius [`MAZE_WALL_RADIUS`].
pub const MAZE_CELL_SIZE: f32 = 2.0;

/// Collision radius of maze walls, in metres.
pub const MAZE_WALL_RADIUS: f32 = 0.35;

/// Rendered thickness of maze walls, in metres (less than twice the radius,
/// so the eye never reaches the rendered surface).
pub const MAZE_WALL_THICKNESS: f32 = 0.2;

/// A level as loaded from a file, with everything suspicious found on the way.
#[derive(Debug, Clone)]
pub struct LoadedLevel {
    /// The validated level.
    pub level: Level,
    /// Warnings to show the person who wrote the file (one line each).
    pub warnings: Vec<LevelWarning>,
}

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
    /// Reads and validates a level file. Texture `file` paths are resolved
    /// relative to the level file's directory. This is what `mazewalker
    /// check` runs: print the warnings, then the error if there is one.
    pub fn load(path: &Path) -> Result<LoadedLevel, LevelError> {
        let text = std::fs::read_to_string(path).map_err(|source| LevelError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_toml_str(&text, path)
    }

    /// Parses and validates level text. `origin` names the text in messages
    /// and its directory anchors relative texture paths.
    pub fn from_toml_str(text: &str, origin: &Path) -> Result<LoadedLevel, LevelError> {
        let source = diagnostics::Source { text, origin };
        let parsed: file::LevelFile =
            toml::from_str(text).map_err(|error| source.syntax_error(&error))?;
        let base_directory = origin.parent().unwrap_or(Path::new(""));
        build::build_level(parsed, source, base_directory)
    }

    /// The embedded default house: seven rooms off a long hallway, with
    /// furniture and pillars.
    pub fn default_house() -> Level {
        Self::from_toml_str(DEFAULT_HOUSE_TOML, Path::new("house.toml"))
            .map(|loaded| loaded.level)
            // The embedded text is fixed at compile time and the test
            // `default_house_loads_without_errors_or_warnings` proves it valid.
            .expect("the embedded default house is valid")
    }

    /// A `width` × `height` maze of [`MAZE_CELL_SIZE`] cells from
    /// [`maze::maze_walls`], with the builtin textures. The walker starts in
    /// the middle of cell (0, 0), facing an open side.
    pub fn maze(width: u32, height: u32, seed: u64) -> Result<Level, LevelError> {
        let segments = maze::maze_walls(width, height, seed, MAZE_CELL_SIZE).map_err(|error| {
            LevelError::Maze {
                width,
                height,
                message: error.to_string(),
            }
        })?;
        let materials = builtin_materials();
        let environment = defaults::environment(&materials);
        let wall_material = build::builtin_material_id(&materials, "brick");
        let walls: Vec<LevelWall> = segments
            .into_iter()
            .map(|[a, b]| LevelWall {
                a,
                b,
                radius: MAZE_WALL_RADIUS,
                height: environment.ceiling_height,
                thickness: MAZE_WALL_THICKNESS,
                material: wall_material,
            })
            .collect();
        let start = Vec2::splat(MAZE_CELL_SIZE / 2.0);
        Ok(Level {
            name: format!("Maze {width}x{height} (seed {seed})"),
            player: PlayerSpawn {
                start,
                yaw_degrees: open_heading(start, &walls),
                radius: defaults::PLAYER_RADIUS,
                eye_height: defaults::EYE_HEIGHT,
            },
            walls,
            obstacles: Vec::new(),
            materials,
            environment,
        })
    }

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

/// One material per builtin texture, named like it, in
/// [`BUILTIN_TEXTURES`] order: every level can use these without declaring them.
fn builtin_materials() -> Vec<Material> {
    BUILTIN_TEXTURES
        .iter()
        .map(|builtin| Material {
            name: builtin.name.to_string(),
            texture: TextureSource::Builtin(builtin.name.to_string()),
            metres_per_repeat: builtin.metres_per_repeat,
        })
        .collect()
}

/// The heading (degrees) from the centre of maze cell (0, 0) towards a side
/// with no wall: +x (0°) unless a wall closes it, then +z (90°). A perfect
/// maze always opens cell (0, 0) on one of those two sides.
fn open_heading(start: Vec2, walls: &[LevelWall]) -> f32 {
    let east_side_x = start.x + MAZE_CELL_SIZE / 2.0;
    let east_is_closed = walls.iter().any(|wall| {
        (wall.a.x - east_side_x).abs() < 1e-3
            && (wall.b.x - east_side_x).abs() < 1e-3
            && wall.a.y.min(wall.b.y) <= start.y
            && wall.a.y.max(wall.b.y) >= start.y
    });
    if east_is_closed { 90.0 } else { 0.0 }
}

/// The values of every optional key of the level format (see
/// `docs/level-format.md`).
pub mod defaults {
    use glam::Vec3;

    use super::{Environment, Material, build::builtin_material_id};

    /// `wall_radius`: how close the eye may come to a wall, in metres.
    pub const WALL_RADIUS: f32 = 0.3;
    /// `wall_thickness`: rendered thickness of walls, in metres.
    pub const WALL_THICKNESS: f32 = 0.15;
    /// `wall_material`.
    pub const WALL_MATERIAL: &str = "plaster";
    /// `obstacle_height`: rendered height of obstacles, in metres.
    pub const OBSTACLE_HEIGHT: f32 = 0.8;
    /// `obstacle_material`.
    pub const OBSTACLE_MATERIAL: &str = "wood";
    /// `[player] yaw`, in degrees (looking along +x).
    pub const YAW_DEGREES: f32 = 0.0;
    /// `[player] radius`: body radius against obstacles, in metres.
    pub const PLAYER_RADIUS: f32 = 0.25;
    /// `[player] eye_height`, in metres.
    pub const EYE_HEIGHT: f32 = 1.6;
    /// `[environment] floor`.
    pub const FLOOR_MATERIAL: &str = "wood_floor";
    /// `[environment] ceiling`.
    pub const CEILING_MATERIAL: &str = "ceiling";
    /// `[environment] ceiling_height`, in metres; also the default `wall_height`.
    pub const CEILING_HEIGHT: f32 = 2.8;
    /// `[environment] light_direction` (before normalising): down, from +x/+z.
    pub const LIGHT_DIRECTION: [f32; 3] = [-0.4, -1.0, -0.3];
    /// `[environment] ambient`.
    pub const AMBIENT: f32 = 0.35;
    /// `[environment] fog_distance`, in metres.
    pub const FOG_DISTANCE: f32 = 60.0;
    /// `metres_per_repeat` of a `[[material]]` with an image `file`.
    pub const FILE_METRES_PER_REPEAT: f32 = 2.0;

    /// The environment of a level that has no `[environment]` table.
    pub(crate) fn environment(materials: &[Material]) -> Environment {
        Environment {
            floor: builtin_material_id(materials, FLOOR_MATERIAL),
            ceiling: builtin_material_id(materials, CEILING_MATERIAL),
            ceiling_height: CEILING_HEIGHT,
            light_direction: Vec3::from_array(LIGHT_DIRECTION).normalize(),
            ambient: AMBIENT,
            fog_distance: FOG_DISTANCE,
        }
    }
}
