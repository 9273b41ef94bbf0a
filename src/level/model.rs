//! What a level is made of, once validated: plain data with every optional
//! key resolved, shared by the collider, the renderer and the editor. Where
//! it came from ([`LevelSource`]) travels with it, so it can be reloaded
//! and saved.

use std::path::PathBuf;
use std::sync::Arc;

use glam::{Vec2, Vec3};
use image::RgbaImage;

use super::diagnostics::LevelWarning;
use super::floor_sides::FloorSide;
use super::lines::{Exit, Teleporter};
pub use super::material_id::MaterialId;
use super::range::ValueRange;
use super::shared_list::SharedList;
use super::wall::{LevelWall, WallDefaults};
use crate::collision::ConvexPolygon;

/// A level as loaded from a file, with everything suspicious found on the way.
#[derive(Debug, Clone)]
pub struct LoadedLevel {
    /// The validated level.
    pub level: Level,
    /// Warnings to show the person who wrote the file (one line each).
    pub warnings: Vec<LevelWarning>,
}

/// A whole level, validated and with every optional key resolved to its value.
/// Two levels are equal when every field is, their sources too.
#[derive(Debug, Clone, PartialEq)]
pub struct Level {
    /// Display name (the file's `name`).
    pub name: String,
    /// Where and how the walker starts.
    pub player: PlayerSpawn,
    /// Every wall, with its radius, height, thickness and material resolved.
    pub walls: SharedList<LevelWall>,
    /// What a wall that states nothing but its ends is made of: the file's
    /// `wall_radius`, `wall_height`, `wall_thickness` and `wall_material`
    /// (or their defaults). The editor gives new walls these, as the file
    /// would on reload.
    pub wall_defaults: WallDefaults,
    /// What an obstacle that states nothing but its points is: the file's
    /// `obstacle_height` and `obstacle_material` (or their defaults). The
    /// editor gives new obstacles these, as the file would on reload.
    pub obstacle_defaults: ObstacleDefaults,
    /// Every convex obstacle (furniture, pillars).
    pub obstacles: Vec<LevelObstacle>,
    /// Every lamp (`[[light]]`); none lights the level as before lamps, by
    /// the environment's directional light and ambient alone.
    pub lights: Vec<Light>,
    /// Every door (`[[door]]`): leaves that open and close, and block the
    /// walker like obstacles wherever they are.
    pub doors: Vec<Door>,
    /// Every switch (`[[switch]]`): lines that open doors when used or
    /// walked over, as Doom's switches and walk-over lines do.
    pub switches: Vec<Switch>,
    /// Every teleporter (`[[teleporter]]`): lines that move the eye when
    /// walked over from their front.
    pub teleporters: Vec<Teleporter>,
    /// Every exit (`[[exit]]`): lines that end the level when used or
    /// walked over from their front.
    pub exits: Vec<Exit>,
    /// Floors that lower and rise again when a switch starts them.
    pub lifts: Vec<Lift>,
    /// Every floor at a height of its own (`[[floor]]`); none: one flat
    /// floor at 0 under the environment's ceiling, as before floors.
    pub floors: Vec<LevelFloor>,
    /// The materials that walls, obstacles, floor and ceiling refer to by index.
    pub materials: Vec<Material>,
    /// Floor, ceiling and light.
    pub environment: Environment,
    /// Where the level came from: reloading reads it again, saving writes it.
    pub source: LevelSource,
}

/// Where a level came from, so that it can be loaded again (hot reload, F5)
/// and saved.
#[derive(Debug, Clone, PartialEq)]
pub enum LevelSource {
    /// The house embedded in the binary.
    DefaultHouse,
    /// A level file, and the exact text it held when this level was read.
    File {
        /// The path as given (texture paths are relative to its folder).
        path: PathBuf,
        /// The file's text at load time.
        text: Arc<str>,
    },
    /// A generated perfect maze.
    Maze {
        /// Cells along x.
        width: u32,
        /// Cells along z.
        height: u32,
        /// Random seed.
        seed: u64,
    },
    /// A map of a Doom WAD, imported in memory: no file holds its text.
    Wad {
        /// The WAD file, as given.
        wad: PathBuf,
        /// The map's marker name, e.g. `E1M1`.
        map: String,
        /// The level text the import made, which the editor edits and a
        /// save writes.
        text: Arc<str>,
    },
}

impl LevelSource {
    /// The file's text, for a level read from a file.
    pub fn file_text(&self) -> Option<&Arc<str>> {
        match self {
            LevelSource::File { text, .. } => Some(text),
            LevelSource::DefaultHouse | LevelSource::Maze { .. } | LevelSource::Wad { .. } => None,
        }
    }
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
    /// The most force the walker pushes a loose obstacle with, in newtons.
    pub push: f32,
    /// The impulse of the walker's kick, in newton-seconds.
    pub kick: f32,
    /// The highest step up the walker takes, in metres (0..=2).
    pub step: f32,
    /// The headroom the walker needs, in metres, above its eye height.
    pub height: f32,
}

impl PlayerSpawn {
    /// `step`: 0 to [`MAX_PLAYER_STEP`](super::defaults::MAX_PLAYER_STEP) m.
    pub const STEP: ValueRange = ValueRange::Between {
        low: 0.0,
        high: super::defaults::MAX_PLAYER_STEP,
        unit: " m",
    };

    /// `push`: 0 or more.
    pub const PUSH: ValueRange = ValueRange::NonNegative;
    /// `kick`: 0 or more.
    pub const KICK: ValueRange = ValueRange::NonNegative;
}

/// The properties an `[[obstacle]]` takes when it gives only its `points`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ObstacleDefaults {
    /// Rendered height (`obstacle_height`, default 0.8 m).
    pub height: f32,
    /// Surface material (`obstacle_material`, default `wood`).
    pub material: MaterialId,
}

impl ObstacleDefaults {
    /// The obstacle with footprint `polygon` and these properties: what an
    /// `[[obstacle]]` table holding only `points` loads as.
    pub fn obstacle(&self, polygon: ConvexPolygon) -> LevelObstacle {
        LevelObstacle {
            polygon,
            height: self.height,
            material: self.material,
            loose: false,
            mass: super::defaults::OBSTACLE_MASS,
            friction: super::defaults::OBSTACLE_FRICTION,
            bounce: super::defaults::OBSTACLE_BOUNCE,
            base: None,
        }
    }
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
    /// Whether it is loose: not fixed to the floor, so that it can be
    /// pushed, kicked and knocked, and turns. Default: false.
    pub loose: bool,
    /// Its mass in kilograms (> 0); its moment of inertia is that of a
    /// uniform slab of its outline. Default: 20. Only a loose obstacle
    /// uses it.
    pub mass: f32,
    /// Its floor friction coefficient μ, 0..=2: a force of μ·m·g against
    /// its sliding and turning, also mixed into its contacts with other
    /// bodies. Default: 0.5. Only a loose obstacle uses it.
    pub friction: f32,
    /// Its restitution, 0..=1, for impacts faster than 1 m/s. Default:
    /// 0.2. Only a loose obstacle uses it.
    pub bounce: f32,
    /// The height its bottom stands at, in metres above the ground
    /// (−100..100); `None` (the key left out): the lowest floor under it
    /// ([`Level::base_under`](super::Level::base_under)), 0 in a level
    /// without floors.
    pub base: Option<f32>,
}

impl LevelObstacle {
    /// `height` (and `obstacle_height`): above 0.
    pub const HEIGHT: ValueRange = ValueRange::Positive;
    /// `mass`, in kilograms: above 0.
    pub const MASS: ValueRange = ValueRange::Positive;
    /// `friction`: 0 to [`MAX_OBSTACLE_FRICTION`](super::defaults::MAX_OBSTACLE_FRICTION).
    pub const FRICTION: ValueRange = ValueRange::Between {
        low: 0.0,
        high: super::defaults::MAX_OBSTACLE_FRICTION,
        unit: "",
    };
    /// `bounce`: 0 to 1.
    pub const BOUNCE: ValueRange = ValueRange::Between {
        low: 0.0,
        high: 1.0,
        unit: "",
    };
}

/// A lamp: a point light hanging above the floor plan. Walls and obstacles
/// at least as tall as it cast exact shadows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Light {
    /// Where it hangs on the floor plan (x, z).
    pub at: Vec2,
    /// Its height above its base, in metres (> 0). Default: the level's
    /// `ceiling_height` − 0.3.
    pub height: f32,
    /// Its colour, linear RGB, each 0..=1. Default: `[1.0, 0.9, 0.75]`.
    pub colour: [f32; 3],
    /// Its brightness at 1 m (> 0). Default: 1.
    pub intensity: f32,
    /// Beyond this distance, in metres, it adds nothing; it falls off
    /// smoothly to 0 there (> 0). Default: 8.
    pub radius: f32,
    /// The height it counts its `height` from, in metres above the ground
    /// (−100..100); `None` (the key left out): the lowest floor under it
    /// ([`Level::base_under`](super::Level::base_under)), 0 in a level
    /// without floors.
    pub base: Option<f32>,
}

impl Light {
    /// `height`: above 0.
    pub const HEIGHT: ValueRange = ValueRange::Positive;
    /// Each number of `colour`: 0 to 1.
    pub const COLOUR: ValueRange = ValueRange::Between {
        low: 0.0,
        high: 1.0,
        unit: "",
    };
    /// `intensity`: above 0.
    pub const INTENSITY: ValueRange = ValueRange::Positive;
    /// `radius`: above 0.
    pub const RADIUS: ValueRange = ValueRange::Positive;

    /// The lamp that a `[[light]]` table holding only `at` loads as in a
    /// level whose ceiling is `ceiling_height` m high: it hangs
    /// [`LIGHT_BELOW_CEILING`](super::defaults::LIGHT_BELOW_CEILING) under
    /// the ceiling, with the format's colour, intensity and radius. Under a
    /// ceiling lower than that its height is not positive, and the loader
    /// refuses such a lamp ([`is_valid`](Self::is_valid) says so).
    pub fn with_defaults(at: Vec2, ceiling_height: f32) -> Self {
        Self {
            at,
            height: ceiling_height - super::defaults::LIGHT_BELOW_CEILING,
            colour: super::defaults::LIGHT_COLOUR,
            intensity: super::defaults::LIGHT_INTENSITY,
            radius: super::defaults::LIGHT_RADIUS,
            base: None,
        }
    }

    /// Whether a level may hold this lamp, as the loader checks a
    /// `[[light]]`: a finite place, a height, intensity and radius finite
    /// and above 0, each colour component in 0..=1.
    pub fn is_valid(&self) -> bool {
        self.at.is_finite()
            && Self::HEIGHT.allows(self.height)
            && Self::INTENSITY.allows(self.intensity)
            && Self::RADIUS.allows(self.radius)
            && self
                .colour
                .iter()
                .all(|component| Self::COLOUR.allows(*component))
            && base_is_valid(self.base)
    }
}

/// How a door's leaf moves between closed and open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoorKind {
    /// Slides along its span from `b` toward `a`, into a pocket past `a`.
    Slide,
    /// Turns about its hinge `a` by [`Door::swing_degrees`] (the default).
    Swing,
    /// Rises straight up, as Doom's doors do: the leaf is a block over the
    /// whole box `thickness` thick around `a → b` (the door's sector in
    /// plan), from its `base` up `height` metres when closed; opening, its
    /// bottom rises by `height` to its top. It blocks the walker while its
    /// bottom is below the walker's head (`[player] height` above the
    /// leaf's base).
    Rise,
}

impl DoorKind {
    /// Each kind by the word the level format writes for it (`kind`).
    pub const WORDS: [(&'static str, DoorKind); 3] = [
        (DoorKind::Slide.word(), DoorKind::Slide),
        (DoorKind::Swing.word(), DoorKind::Swing),
        (DoorKind::Rise.word(), DoorKind::Rise),
    ];

    /// The word the level format writes for it.
    pub const fn word(self) -> &'static str {
        match self {
            DoorKind::Slide => "slide",
            DoorKind::Swing => "swing",
            DoorKind::Rise => "rise",
        }
    }
}

/// What opens a door.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoorOpens {
    /// The walker's use key (the default).
    Use,
    /// The eye coming within [`DOOR_NEAR_DISTANCE`](super::defaults::DOOR_NEAR_DISTANCE)
    /// of the door's span (the use key works too).
    Near,
}

impl DoorOpens {
    /// Each opener by the word the level format writes for it (`opens`).
    pub const WORDS: [(&'static str, DoorOpens); 2] = [
        (DoorOpens::Use.word(), DoorOpens::Use),
        (DoorOpens::Near.word(), DoorOpens::Near),
    ];

    /// The word the level format writes for it.
    pub const fn word(self) -> &'static str {
        match self {
            DoorOpens::Use => "use",
            DoorOpens::Near => "near",
        }
    }
}

/// A door: a leaf of a given thickness that closes the span from `a` to
/// `b` (jamb to jamb) and opens by sliding or swinging.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Door {
    /// One jamb; a swing door's hinge.
    pub a: Vec2,
    /// The other jamb: where the closed leaf's free edge rests.
    pub b: Vec2,
    /// Slide, swing or rise. Default: swing.
    pub kind: DoorKind,
    /// How far a swing door turns when open, in degrees, −170..=170;
    /// positive turns clockwise seen from above, the sense of yaw (from +x
    /// toward +z). Unused by slide doors. Default: 90.
    pub swing_degrees: f32,
    /// The leaf's thickness in metres (> 0). Default: 0.06.
    pub thickness: f32,
    /// The leaf's rendered height in metres (> 0); how far a rise door's
    /// bottom rises to open. Default: 2.1.
    pub height: f32,
    /// The leaf's surface. Default: the builtin `wood`.
    pub material: MaterialId,
    /// Metres a second at the leaf's free edge, or a rise door's bottom
    /// (> 0). Default: 1.5.
    pub speed: f32,
    /// What opens it. Default: [`DoorOpens::Use`].
    pub opens: DoorOpens,
    /// Seconds after it opened fully that it closes again; 0 stays open
    /// (≥ 0). Default: 4.
    pub close_after: f32,
    /// The height its leaf's bottom stands at, in metres above the ground
    /// (−100..100); `None` (the key left out): the lowest floor under it
    /// ([`Level::base_under`](super::Level::base_under)), 0 in a level
    /// without floors.
    pub base: Option<f32>,
    /// Whether it stands fully open when the level starts (and when a
    /// demo starts), staying open until something closes it: Doom's
    /// door sectors the map has open, which a line closes behind the
    /// walker. Rise doors only. Default: false.
    pub open: bool,
}

impl Door {
    /// `swing`, in degrees: within ±[`DOOR_MAX_SWING_DEGREES`](super::defaults::DOOR_MAX_SWING_DEGREES).
    pub const SWING: ValueRange = ValueRange::Between {
        low: -super::defaults::DOOR_MAX_SWING_DEGREES,
        high: super::defaults::DOOR_MAX_SWING_DEGREES,
        unit: " degrees",
    };
    /// `thickness`: above 0.
    pub const THICKNESS: ValueRange = ValueRange::Positive;
    /// `height`: above 0.
    pub const HEIGHT: ValueRange = ValueRange::Positive;
    /// `speed`: above 0.
    pub const SPEED: ValueRange = ValueRange::Positive;
    /// `close_after`: 0 or more.
    pub const CLOSE_AFTER: ValueRange = ValueRange::NonNegative;

    /// The door that a `[[door]]` table holding only `a` and `b` loads as,
    /// with `material` as the level's `wood`.
    pub fn with_defaults(a: Vec2, b: Vec2, material: MaterialId) -> Self {
        use super::defaults;
        Self {
            a,
            b,
            kind: DoorKind::Swing,
            swing_degrees: defaults::DOOR_SWING_DEGREES,
            thickness: defaults::DOOR_THICKNESS,
            height: defaults::DOOR_HEIGHT,
            material,
            speed: defaults::DOOR_SPEED,
            opens: DoorOpens::Use,
            close_after: defaults::DOOR_CLOSE_AFTER,
            base: None,
            open: false,
        }
    }

    /// Whether a level may hold this door, as the loader checks a
    /// `[[door]]` (its material aside): finite jambs, a `swing` within
    /// ±[`DOOR_MAX_SWING_DEGREES`](super::defaults::DOOR_MAX_SWING_DEGREES),
    /// thickness, height and speed finite and above 0, `close_after`
    /// finite and 0 or more, `open` on a rise door only.
    pub fn is_valid(&self) -> bool {
        self.a.is_finite()
            && self.b.is_finite()
            && Self::SWING.allows(self.swing_degrees)
            && Self::THICKNESS.allows(self.thickness)
            && Self::HEIGHT.allows(self.height)
            && Self::SPEED.allows(self.speed)
            && Self::CLOSE_AFTER.allows(self.close_after)
            && base_is_valid(self.base)
            && (!self.open || self.kind == DoorKind::Rise)
    }

    /// The length of the span, jamb to jamb, in metres.
    pub fn span_length(&self) -> f32 {
        self.a.distance(self.b)
    }
}

/// How a switch is worked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SwitchBy {
    /// The use key, the crosshair meeting its line within reach (the
    /// default): Doom's switches.
    Use,
    /// The walker's eye crossing its line, either way: Doom's walk-over
    /// lines.
    Walk,
}

impl SwitchBy {
    /// Each way by the word the level format writes for it (`by`).
    pub const WORDS: [(&'static str, SwitchBy); 2] = [
        (SwitchBy::Use.word(), SwitchBy::Use),
        (SwitchBy::Walk.word(), SwitchBy::Walk),
    ];

    /// The word the level format writes for it.
    pub const fn word(self) -> &'static str {
        match self {
            SwitchBy::Use => "use",
            SwitchBy::Walk => "walk",
        }
    }
}

/// A switch: the line from `a` to `b` that opens `doors`, closes
/// `close` and starts `lifts` when worked: every time it is, or the first
/// time only when it is `once`.
#[derive(Debug, Clone, PartialEq)]
pub struct Switch {
    /// One end.
    pub a: Vec2,
    /// The other end.
    pub b: Vec2,
    /// Used or walked over. Default: [`SwitchBy::Use`].
    pub by: SwitchBy,
    /// The doors it opens, by index among the level's doors (an index
    /// past them, a warning at load, opens nothing).
    pub doors: Vec<usize>,
    /// The lifts it starts, by index among the level's lifts (an index
    /// past them, a warning at load, starts nothing).
    pub lifts: Vec<usize>,
    /// The doors it closes, by index among the level's doors, after it
    /// opened `doors` (an index past them, a warning at load, closes
    /// nothing).
    pub close: Vec<usize>,
    /// Whether it works the first time only (Doom's once-only lines),
    /// until the level starts again. Default: `false`.
    pub once: bool,
}

/// A lift: floors that, when a switch starts it, lower to `low`, wait
/// `wait` seconds there and rise back to their own heights, as Doom's
/// lifts do.
#[derive(Debug, Clone, PartialEq)]
pub struct Lift {
    /// The floors that move, by index among the level's floors.
    pub floors: Vec<usize>,
    /// The height they lower to, in metres. A floor it names that stands
    /// below it does not move ([`Level::lift_floors`](super::Level::lift_floors)).
    pub low: f32,
    /// How long they wait down, in seconds. Default:
    /// [`LIFT_WAIT`](super::defaults::LIFT_WAIT).
    pub wait: f32,
    /// How fast they move, in m/s. Default:
    /// [`LIFT_SPEED`](super::defaults::LIFT_SPEED).
    pub speed: f32,
}

impl Lift {
    /// `low`: within [`LevelFloor::HEIGHT`]'s range.
    pub const LOW: ValueRange = LevelFloor::HEIGHT;

    /// `wait`: 0 s or more.
    pub const WAIT: ValueRange = ValueRange::NonNegative;

    /// `speed`: above 0.
    pub const SPEED: ValueRange = ValueRange::Positive;
}

/// A surface look: a texture and how large one repeat of it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Material {
    /// The name the level file uses for it.
    pub name: String,
    /// Where the pixels come from.
    pub texture: TextureSource,
    /// World size of one texture repeat, in metres (world-space UVs):
    /// `x` along an upright face (on a floor or a ceiling, along world
    /// x), `y` down it (on a floor or a ceiling, along world z).
    pub metres_per_repeat: Vec2,
}

/// Where a material's texture comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum TextureSource {
    /// One of the textures embedded in the binary, by name.
    Builtin(String),
    /// An image file (resolved relative to the level file).
    File(PathBuf),
    /// A picture held in memory (a map imported from a WAD), as the level
    /// text names it: `file` is the text's path, relative to the level
    /// file's folder, where a save writes the picture.
    InMemory {
        /// The level text's `file` for it.
        file: PathBuf,
        /// Its pixels.
        image: Arc<RgbaImage>,
    },
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
    /// Distance at which fog hides everything, in metres, at most
    /// [`MAX_FOG_DISTANCE`](super::defaults::MAX_FOG_DISTANCE).
    pub fog_distance: f32,
    /// Whether what lies outside every floor is the ground (a floor at 0
    /// under `ceiling_height`); `false`: the void, which nothing enters
    /// and where nothing is drawn.
    pub ground: bool,
    /// The material drawn behind everything as the sky, a cylinder
    /// around the eye, where a `sky` floor's ceiling is open; `None`:
    /// no sky is drawn (an open ceiling shows the fog's colour).
    pub sky: Option<MaterialId>,
}

/// The environment of a level that has no `[environment]` table.
pub(crate) fn default_environment(materials: &[Material]) -> Environment {
    Environment {
        floor: builtin_material_id(materials, super::defaults::FLOOR_MATERIAL),
        ceiling: builtin_material_id(materials, super::defaults::CEILING_MATERIAL),
        ceiling_height: super::defaults::CEILING_HEIGHT,
        light_direction: Vec3::from_array(super::defaults::LIGHT_DIRECTION).normalize(),
        ambient: super::defaults::AMBIENT,
        fog_distance: super::defaults::FOG_DISTANCE,
        ground: super::defaults::GROUND,
        sky: None,
    }
}

/// One floor at a height of its own (`[[floor]]`): an outline, the floor's
/// and the ceiling's heights, and what they and its edges' faces are made
/// of. A floor inside another is an island in it.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelFloor {
    /// Its outline (x, z): a simple polygon, either winding.
    pub points: Vec<Vec2>,
    /// The floor's height above the level's ground, in metres.
    pub height: f32,
    /// The ceiling's height above the ground, in metres, above `height`.
    pub ceiling: f32,
    /// The floor's surface.
    pub material: MaterialId,
    /// The ceiling's surface.
    pub ceiling_material: MaterialId,
    /// The vertical faces along its edges: risers below, headers above.
    pub side_material: MaterialId,
    /// How much of the light falls on what stands on it and faces into
    /// it (its floor, its ceiling, the faces looking into it), 0..=1: a
    /// Doom sector's light level over 255. Default: 1.
    pub light: f32,
    /// What paints the faces along each edge that look into it: entry `i`
    /// is the edge from `points[i]` to the next point (the last closing
    /// the outline); edges past its end take the defaults. Default: none.
    pub sides: Vec<FloorSide>,
    /// Whether its ceiling is open sky: no ceiling face is drawn, nor a
    /// header between it and another sky floor (Doom's `F_SKY1`). The
    /// ceiling still stops the walker. Default: `false`.
    pub sky: bool,
}

/// Whether an item's `base` is one a level may hold: none, or within
/// [`LevelFloor::HEIGHT`]'s range.
pub fn base_is_valid(base: Option<f32>) -> bool {
    base.is_none_or(|base| LevelFloor::HEIGHT.allows(base))
}

impl LevelFloor {
    /// `height`, and every item's `base`: −100 to 100 m.
    pub const HEIGHT: ValueRange = ValueRange::Between {
        low: -super::defaults::FLOOR_HEIGHT_LIMIT,
        high: super::defaults::FLOOR_HEIGHT_LIMIT,
        unit: " m",
    };

    /// `light`: 0 to 1.
    pub const LIGHT: ValueRange = ValueRange::Between {
        low: 0.0,
        high: 1.0,
        unit: "",
    };

    /// `ceiling`: any finite height (it must also be above `height`, which
    /// the loader and the editor check of the floor as a whole).
    pub const CEILING: ValueRange = ValueRange::Between {
        low: -f32::MAX,
        high: f32::MAX,
        unit: " m",
    };

    /// The floor with outline `points` at `height` and the format's
    /// defaults for the rest, in a level of `environment` whose walls are
    /// made of `wall_material`: what a `[[floor]]` table holding only
    /// `points` and `height` loads as. Its ceiling is the environment's
    /// `ceiling_height` above its floor.
    pub fn with_defaults(
        points: Vec<Vec2>,
        height: f32,
        environment: &Environment,
        wall_material: MaterialId,
    ) -> Self {
        Self {
            points,
            height,
            ceiling: height + environment.ceiling_height,
            material: environment.floor,
            ceiling_material: environment.ceiling,
            side_material: wall_material,
            light: super::defaults::FLOOR_LIGHT,
            sides: Vec::new(),
            sky: super::defaults::FLOOR_SKY,
        }
    }

    /// The innermost of `floors` that holds `p`, with its index: the floor
    /// at `p`; `None` outside every floor.
    pub fn innermost_at(floors: &[LevelFloor], p: Vec2) -> Option<(usize, &LevelFloor)> {
        let p = p.as_dvec2();
        floors
            .iter()
            .enumerate()
            .filter(|(_, floor)| crate::collision::outline::holds(&floor.points, p))
            .map(|(index, floor)| {
                let points: Vec<glam::DVec2> = floor.points.iter().map(|q| q.as_dvec2()).collect();
                let area = crate::collision::outline::signed_area(&points).abs();
                (index, floor, area)
            })
            .min_by(|a, b| a.2.total_cmp(&b.2))
            .map(|(index, floor, _)| (index, floor))
    }

    /// Every material it is painted with: its floor's, its ceiling's, its
    /// sides' and those its `sides` entries name.
    pub fn materials(&self) -> impl Iterator<Item = MaterialId> + '_ {
        let named = self.sides.iter().flat_map(|side| [side.lower, side.upper]);
        [self.material, self.ceiling_material, self.side_material]
            .into_iter()
            .chain(named.flatten())
    }

    /// What paints the faces along its edge `edge` (from `points[edge]`
    /// to the next point) that look into it: its `sides` entry, or the
    /// default past their end.
    pub fn side(&self, edge: usize) -> FloorSide {
        self.sides.get(edge).copied().unwrap_or_default()
    }

    /// The edge of its outline (by index, as [`Self::side`] takes it)
    /// that holds the segment `a`–`b` (a piece of it, either way round):
    /// the one whose farther end of the two lies nearest it, within
    /// `tolerance` metres; `None` if none does.
    pub fn edge_holding(&self, a: Vec2, b: Vec2, tolerance: f32) -> Option<usize> {
        let n = self.points.len();
        let off_edge = |i: usize| {
            let (p, q) = (self.points[i], self.points[(i + 1) % n]);
            let distance = |point| crate::collision::distance_to_segment(point, p, q);
            distance(a).max(distance(b))
        };
        (0..n)
            .map(|i| (i, off_edge(i)))
            .filter(|&(_, off)| off <= tolerance)
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(i, _)| i)
    }

    /// Its outline and heights as the collider takes them.
    pub fn outline(&self) -> crate::collision::FloorOutline {
        crate::collision::FloorOutline {
            points: self.points.clone(),
            span: crate::collision::Span {
                floor: self.height,
                ceiling: self.ceiling,
            },
        }
    }
}

/// The id of a builtin material by name; builtins are always present, first,
/// in [`BUILTIN_TEXTURES`](super::texture::BUILTIN_TEXTURES) order, and
/// only ever replaced in place.
pub(crate) fn builtin_material_id(materials: &[Material], name: &str) -> MaterialId {
    MaterialId::at(
        materials
            .iter()
            .position(|material| material.name == name)
            .unwrap_or(0),
    )
}
