//! Levels: what a house or maze is made of, loaded from hand-editable TOML
//! files (see `docs/level-format.md`), the embedded default house and
//! generated mazes. One [`Level`] feeds both the collider ([`Level::collider`])
//! and the render meshes ([`mesh`]), so the two can never disagree.

mod build;
pub mod checks;
mod choice;
pub mod defaults;
pub(crate) mod diagnostics;
mod file;
mod floor_sides;
mod hash;
pub mod light_layout;
mod lines;
pub mod loose;
mod material_id;
pub mod maze;
pub mod mesh;
mod model;
mod range;
mod running_max;
pub mod save;
mod shared_list;
mod start_room;
pub mod texture;
pub mod wad;
mod wall;

use std::path::Path;

use glam::Vec2;

use crate::collision::{Collider, Heights, Span, Stance, Surface};

pub(crate) use build::floor_problem;
pub use choice::LevelChoice;
pub use defaults::MAX_FOG_DISTANCE;
pub use diagnostics::{LevelError, LevelWarning, SourceLocation};
pub use floor_sides::{FloorSide, SidePeg};
pub use lines::{Exit, ExitBy, Teleporter, TriggerLine};
pub(crate) use model::builtin_material_id;
pub use model::{
    Door, DoorKind, DoorOpens, Environment, Level, LevelFloor, LevelObstacle, LevelSource, Lift,
    Light, LoadedLevel, Material, MaterialId, ObstacleDefaults, PlayerSpawn, Switch, SwitchBy,
    TextureSource, base_is_valid,
};
pub use range::ValueRange;
pub(crate) use running_max::RunningMax;
pub use shared_list::SharedList;
pub use start_room::{StartRoomProblem, start_room_problem};
pub use texture::{
    BUILTIN_TEXTURES, BuiltinTexture, MemoryPictures, TextureData, checkerboard, decode_texture,
    load_texture_image, texture_data, texture_warning,
};
pub use wall::{LevelWall, Peg, TextureAlignment, WallDefaults, WallEnd};

/// The text of the default house, `assets/levels/house.toml`, embedded so the
/// program runs from any directory.
pub const DEFAULT_HOUSE_TOML: &str = include_str!("../../assets/levels/house.toml");

/// How far beside an item's outline [`Level::base_under`] looks for the
/// floors it stands on, in metres.
const BESIDE: f32 = 0.02;

/// Side of one maze cell in metres: corridors 2 m wide leave 1.3 m of free
/// walking room between walls of radius [`MAZE_WALL_RADIUS`].
pub const MAZE_CELL_SIZE: f32 = 2.0;

/// Collision radius of maze walls, in metres.
pub const MAZE_WALL_RADIUS: f32 = 0.35;

/// Rendered thickness of maze walls, in metres (less than twice the radius,
/// so the eye never reaches the rendered surface).
pub const MAZE_WALL_THICKNESS: f32 = 0.2;

impl Level {
    /// Reads and validates a level file. Texture `file` paths are resolved
    /// relative to the level file's directory. This is what `mazewalker
    /// check` runs: print the warnings, then the error if there is one.
    pub fn load(path: &Path) -> Result<LoadedLevel, LevelError> {
        Self::load_reporting(path, &mut |_| {})
    }

    /// [`load`](Self::load), telling `read` how many bytes of the file
    /// have been read so far, as they are read (a big file takes a while).
    pub fn load_reporting(
        path: &Path,
        read: &mut dyn FnMut(u64),
    ) -> Result<LoadedLevel, LevelError> {
        let text = read_reporting(path, read).map_err(|source| LevelError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_toml_str(&text, path)
    }

    /// Parses and validates level text. `origin` names the text in messages
    /// and its directory anchors relative texture paths.
    pub fn from_toml_str(text: &str, origin: &Path) -> Result<LoadedLevel, LevelError> {
        Self::from_toml_str_and_pictures(text, origin, &MemoryPictures::new())
    }

    /// [`from_toml_str`](Self::from_toml_str) for text whose textures are
    /// `pictures`, held in memory, where its `file` keys name them.
    pub fn from_toml_str_and_pictures(
        text: &str,
        origin: &Path,
        pictures: &MemoryPictures,
    ) -> Result<LoadedLevel, LevelError> {
        let source = diagnostics::Source { text, origin };
        let parsed: file::LevelFile =
            toml::from_str(text).map_err(|error| source.syntax_error(&error))?;
        let base_directory = origin.parent().unwrap_or(Path::new(""));
        build::build_level(parsed, source, base_directory, pictures)
    }

    /// The embedded default house: seven rooms off a long hallway, with
    /// furniture and pillars.
    pub fn default_house() -> Level {
        Self::from_toml_str(DEFAULT_HOUSE_TOML, Path::new("house.toml"))
            .map(|loaded| Level {
                source: LevelSource::DefaultHouse,
                ..loaded.level
            })
            // The embedded text is fixed at compile time and the test
            // `default_house_loads_without_errors_or_warnings` proves it valid.
            .expect("the embedded default house is valid")
    }

    /// A `width` × `height` maze of [`MAZE_CELL_SIZE`] cells from
    /// [`maze::maze_walls`], with the builtin textures. The walker starts in
    /// the middle of cell (0, 0), facing an open side.
    pub fn maze(width: u32, height: u32, seed: u64) -> Result<Level, LevelError> {
        Self::maze_reporting(width, height, seed, &mut |_| {})
    }

    /// [`maze`](Self::maze), telling `carved` the share of its cells
    /// carved so far, from 0 to 1 (a huge maze takes a while).
    pub fn maze_reporting(
        width: u32,
        height: u32,
        seed: u64,
        carved: &mut dyn FnMut(f32),
    ) -> Result<Level, LevelError> {
        let segments = maze::maze_walls_reporting(width, height, seed, MAZE_CELL_SIZE, carved)
            .map_err(|error| LevelError::Maze {
                width,
                height,
                message: error.to_string(),
            })?;
        let materials = texture::builtin_materials();
        let environment = model::default_environment(&materials);
        let wall_defaults = WallDefaults {
            radius: MAZE_WALL_RADIUS,
            height: environment.ceiling_height,
            thickness: MAZE_WALL_THICKNESS,
            material: model::builtin_material_id(&materials, "brick"),
        };
        let walls: Vec<LevelWall> = segments
            .into_iter()
            .map(|[a, b]| wall_defaults.wall(a, b))
            .collect();
        let start = Vec2::splat(MAZE_CELL_SIZE / 2.0);
        Ok(Level {
            name: format!("Maze {width}x{height} (seed {seed})"),
            player: PlayerSpawn {
                start,
                yaw_degrees: open_heading(start, &walls),
                radius: defaults::PLAYER_RADIUS,
                eye_height: defaults::EYE_HEIGHT,
                push: defaults::PLAYER_PUSH,
                kick: defaults::PLAYER_KICK,
                step: defaults::PLAYER_STEP,
                height: defaults::PLAYER_HEIGHT,
            },
            walls: walls.into(),
            wall_defaults,
            obstacle_defaults: ObstacleDefaults {
                height: defaults::OBSTACLE_HEIGHT,
                material: model::builtin_material_id(&materials, defaults::OBSTACLE_MATERIAL),
            },
            obstacles: Vec::new(),
            lights: Vec::new(),
            doors: Vec::new(),
            switches: Vec::new(),
            teleporters: Vec::new(),
            exits: Vec::new(),
            lifts: Vec::new(),
            floors: Vec::new(),
            materials,
            environment,
            source: LevelSource::Maze {
                width,
                height,
                seed,
            },
        })
    }

    /// The collision data of this level: its walls and obstacles, with the
    /// player's radius as the body radius against obstacles, standing on
    /// its floors' [`heights`](Self::heights).
    pub fn collider(&self) -> Collider {
        let walls = self.walls.iter().map(LevelWall::collision_wall);
        let obstacles = self
            .obstacles
            .iter()
            .map(|obstacle| obstacle.polygon.clone())
            .collect();
        Collider::new(walls, obstacles, self.player.radius).with_heights(self.standing_heights())
    }

    /// The heights its collider stands on: [`heights`](Self::heights) in a
    /// level with floors, flat without.
    pub fn standing_heights(&self) -> Heights {
        if self.floors.is_empty() {
            Heights::default()
        } else {
            self.heights()
        }
    }

    /// A floor with outline `points` at `height` and this level's defaults
    /// for the rest: what a `[[floor]]` table holding only `points` and
    /// `height` loads as here ([`LevelFloor::with_defaults`]).
    pub fn new_floor(&self, points: Vec<Vec2>, height: f32) -> LevelFloor {
        LevelFloor::with_defaults(
            points,
            height,
            &self.environment,
            self.wall_defaults.material,
        )
    }

    /// The height of the floor at `p`: the innermost floor holding it,
    /// else the ground (or the void) at 0.
    pub fn floor_height_at(&self, p: Vec2) -> f32 {
        LevelFloor::innermost_at(&self.floors, p).map_or(0.0, |(_, floor)| floor.height)
    }

    /// The lowest floor and the highest ceiling of the level: the ground's
    /// (0 and `ceiling_height`, even without ground) and every floor's.
    /// Whatever is drawn of floors lies between them.
    pub fn height_reach(&self) -> (f32, f32) {
        let ground = (0.0_f32, self.environment.ceiling_height);
        let floors = self.floors.iter().fold(ground, |(low, high), floor| {
            (low.min(floor.height), high.max(floor.ceiling))
        });
        let lowest_lift = self.lifts.iter().map(|lift| lift.low);
        (lowest_lift.fold(floors.0, f32::min), floors.1)
    }

    /// The height floor `index` is drawn at in the level's fixed mesh: a
    /// lift's floor at its lift's `low`, what stands above that being
    /// drawn where the lift holds it as it moves (the simulation's
    /// `Lifts::shapes_near`); any other floor at its `height`. `None` for
    /// an index past the floors.
    pub fn drawn_floor_height(&self, index: usize) -> Option<f32> {
        let floor = self.floors.get(index)?;
        let lift = (self.lifts.iter()).find(|lift| self.lift_floors(lift).any(|f| f == index));
        Some(lift.map_or(floor.height, |lift| lift.low))
    }

    /// The floors `lift` moves: those it names that the level has and
    /// that stand at or above its `low`. The others it names (the loader
    /// warns of them, as an edit that deletes or lowers a floor may leave
    /// them) stay where they are, and stay named, so a save writes the
    /// lift as it was.
    pub fn lift_floors<'a>(&'a self, lift: &'a Lift) -> impl Iterator<Item = usize> + 'a {
        lift.floors.iter().copied().filter(|&index| {
            self.floors
                .get(index)
                .is_some_and(|floor| floor.height >= lift.low)
        })
    }

    /// The lowest floor under `points` (a wall's two ends, an obstacle's
    /// outline, a lamp's point): the height an item standing there reaches
    /// down to, so that a wall along a floor's edge reaches down to its
    /// lower side. Each point and each edge's middle is looked at from
    /// just beside it on both sides; the void counts for nothing, and a
    /// level without floors answers 0.
    pub fn base_under(&self, points: &[Vec2]) -> f32 {
        if self.floors.is_empty() {
            return 0.0;
        }
        let ground = self.environment.ground.then_some(0.0);
        let floor_at = |p: Vec2| {
            LevelFloor::innermost_at(&self.floors, p)
                .map_or(ground, |(_, floor)| Some(floor.height))
        };
        let mut lowest: Option<f32> = None;
        let mut look = |p: Vec2| {
            if let Some(height) = floor_at(p) {
                lowest = Some(lowest.map_or(height, |low: f32| low.min(height)));
            }
        };
        let count = points.len();
        for (index, &p) in points.iter().enumerate() {
            let q = points[(index + 1) % count];
            let beside = (q - p).perp().normalize_or_zero() * BESIDE;
            for at in [p, (p + q) / 2.0] {
                look(at + beside);
                look(at - beside);
            }
            if count == 1 {
                look(p);
            }
        }
        lowest.unwrap_or(0.0)
    }

    /// Where the bottom of a wall stands: its `base`, else the lowest
    /// floor under its segment ([`base_under`](Self::base_under)).
    pub fn wall_base(&self, wall: &LevelWall) -> f32 {
        wall.base()
            .unwrap_or_else(|| self.base_under(&[wall.a, wall.b]))
    }

    /// Where the bottom of an obstacle stands: its `base`, else the lowest
    /// floor under its outline.
    pub fn obstacle_base(&self, obstacle: &LevelObstacle) -> f32 {
        obstacle
            .base
            .unwrap_or_else(|| self.base_under(obstacle.polygon.points()))
    }

    /// Where the bottom of a door's leaf stands: its `base`, else the
    /// lowest floor under its span.
    pub fn door_base(&self, door: &Door) -> f32 {
        door.base
            .unwrap_or_else(|| self.base_under(&[door.a, door.b]))
    }

    /// The doors as they stand in this level: each with its `base`, else
    /// the lowest floor under its span, so that its leaf stands there
    /// wherever it swings.
    pub fn placed_doors(&self) -> Vec<Door> {
        self.doors
            .iter()
            .map(|door| Door {
                base: Some(self.door_base(door)),
                ..*door
            })
            .collect()
    }

    /// The lamp as it hangs in this level: its `height` counted from the
    /// ground, that is with its base (its `base`, else the lowest floor
    /// under its point) added, and a base of 0. What lights and shadows
    /// take; the same lamp as `light` in a level without floors.
    pub fn placed_light(&self, light: &Light) -> Light {
        let base = light.base.unwrap_or_else(|| self.base_under(&[light.at]));
        Light {
            height: base + light.height,
            base: Some(0.0),
            ..*light
        }
    }

    /// Its floors in plan, over the ground (or the void), for the walker's
    /// step and headroom and its body radius; a lift's floors also stand
    /// at its `low` ([`Heights::with_moving_floors`]).
    pub fn heights(&self) -> Heights {
        let floors: Vec<_> = self.floors.iter().map(LevelFloor::outline).collect();
        let environment = &self.environment;
        let outside = environment.ground.then_some(Span {
            floor: 0.0,
            ceiling: environment.ceiling_height,
        });
        let stance = Stance {
            step: self.player.step,
            headroom: self.player.height,
        };
        let lifts_down: Vec<(usize, f32)> = (self.lifts.iter())
            .flat_map(|lift| self.lift_floors(lift).map(|floor| (floor, lift.low)))
            .collect();
        Heights::new(&floors, outside, stance, self.player.radius).with_moving_floors(&lifts_down)
    }

    /// One flag per wall, in collider order: whether it reaches the
    /// ceiling, and so hides what lies behind it from the eye (the 3D
    /// view's culling and the map's seen walls ask the same question).
    pub fn occluding_walls(&self) -> Vec<bool> {
        let ceiling = self.environment.ceiling_height;
        self.walls
            .iter()
            .map(|wall| wall.occludes(ceiling))
            .collect()
    }

    /// How high the top of `surface` (a wall, obstacle or door of this
    /// level's collider) stands above the ground, in metres, for light and
    /// sound: its base and its height. `None` for a loose obstacle, which
    /// casts its shadow where it rests, as a moving shape, for a wall not
    /// drawn or see-through, which neither light nor sound meets, and for
    /// a floor edge.
    pub fn shape_height(&self, surface: Surface) -> Option<f32> {
        match surface {
            Surface::Wall(index) => self
                .walls
                .get(index)
                .filter(|wall| wall.opaque())
                .map(|wall| self.wall_base(wall) + wall.height),
            Surface::Obstacle(index) => self
                .obstacles
                .get(index)
                .filter(|obstacle| !obstacle.loose)
                .map(|obstacle| self.obstacle_base(obstacle) + obstacle.height),
            Surface::Door(index) => self
                .doors
                .get(index)
                .map(|door| self.door_base(door) + door.height),
            Surface::Edge(_) => None,
        }
    }

    /// Whether `surface` (of this level's collider) stops the light of a
    /// lamp hanging `height` above the ground: the shapes whose tops are
    /// at least as high as the lamp do.
    pub fn blocks_light(&self, height: f32, surface: Surface) -> bool {
        self.shape_height(surface)
            .is_some_and(|tall| tall >= height)
    }

    /// Whether `lamp` (as it hangs: [`placed_light`](Self::placed_light))
    /// lights the floor at `point`, by the rule the renderer draws: within
    /// its radius, and the floor-plan segment from the lamp to the point
    /// meets no shape whose top is as high as the lamp (this level's
    /// `collider`).
    pub fn lamp_reaches(&self, collider: &Collider, lamp: &Light, point: Vec2) -> bool {
        lamp.at.distance(point) <= lamp.radius
            && collider
                .ray_cast_where(lamp.at, point, |surface| {
                    self.blocks_light(lamp.height, surface)
                })
                .is_none()
    }
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

/// How much of a level file is read at a time while its progress is told.
const READ_CHUNK: usize = 1 << 20;

/// The text of the file at `path`, telling `read` the bytes read so far
/// after each chunk.
fn read_reporting(path: &Path, read: &mut dyn FnMut(u64)) -> std::io::Result<String> {
    use std::io::Read as _;
    let mut file = crate::platform::open_file(path)?;
    let size = crate::platform::file_size(path).unwrap_or(0);
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    loop {
        let got = (&mut file)
            .take(READ_CHUNK as u64)
            .read_to_end(&mut bytes)?;
        if got == 0 {
            break;
        }
        read(bytes.len() as u64);
    }
    String::from_utf8(bytes).map_err(|_| {
        let invalid = std::io::ErrorKind::InvalidData;
        std::io::Error::new(invalid, "stream did not contain valid UTF-8")
    })
}
