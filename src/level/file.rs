//! The level file as written: every key of `docs/level-format.md`, with its
//! byte span so validation can point at the line. Nothing here is checked
//! beyond TOML types; [`super::build`] validates and resolves defaults.

use serde::Deserialize;
use toml::Spanned;

/// A number with the place it was written.
pub(crate) type Number = Spanned<f32>;
/// A point `[x, z]` with the place it was written. Read as a list so that a
/// wrong count of numbers is reported instead of silently truncated.
pub(crate) type Point = Spanned<Vec<f32>>;

/// The top level of a level file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LevelFile {
    pub name: Option<String>,
    pub wall_radius: Option<Number>,
    pub wall_height: Option<Number>,
    pub wall_thickness: Option<Number>,
    pub wall_material: Option<Spanned<String>>,
    pub obstacle_height: Option<Number>,
    pub obstacle_material: Option<Spanned<String>>,
    pub player: PlayerTable,
    #[serde(default)]
    pub environment: Option<EnvironmentTable>,
    #[serde(default)]
    pub material: Vec<MaterialTable>,
    #[serde(default)]
    pub wall: Vec<WallTable>,
    #[serde(default)]
    pub obstacle: Vec<ObstacleTable>,
    #[serde(default)]
    pub light: Vec<LightTable>,
    #[serde(default)]
    pub door: Vec<DoorTable>,
    #[serde(default)]
    pub switch: Vec<SwitchTable>,
    #[serde(default)]
    pub teleporter: Vec<TeleporterTable>,
    #[serde(default)]
    pub exit: Vec<ExitTable>,
    #[serde(default)]
    pub lift: Vec<LiftTable>,
    #[serde(default)]
    pub floor: Vec<FloorTable>,
}

/// `[player]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayerTable {
    pub start: Point,
    pub yaw: Option<Number>,
    pub radius: Option<Number>,
    pub eye_height: Option<Number>,
    pub push: Option<Number>,
    pub kick: Option<Number>,
    pub step: Option<Number>,
    pub height: Option<Number>,
}

/// `[environment]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EnvironmentTable {
    pub floor: Option<Spanned<String>>,
    pub ceiling: Option<Spanned<String>>,
    pub ceiling_height: Option<Number>,
    pub light_direction: Option<Spanned<Vec<f32>>>,
    pub ambient: Option<Number>,
    pub fog_distance: Option<Number>,
    pub ground: Option<Spanned<bool>>,
    pub sky: Option<Spanned<String>>,
}

/// One `[[material]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MaterialTable {
    pub name: Spanned<String>,
    pub file: Option<Spanned<String>>,
    pub builtin: Option<Spanned<String>>,
    pub metres_per_repeat: Option<Spanned<RepeatSize>>,
}

/// A material's `metres_per_repeat` as written: one number for both axes,
/// or a list `[along, down]` (its count is checked when the level is
/// built, so that a wrong count is reported where it was written).
#[derive(Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "`metres_per_repeat` must be a number or a list of 2 numbers `[along, down]`"
)]
pub(crate) enum RepeatSize {
    /// The same size along and down.
    Both(f32),
    /// The size along, then down.
    Each(Vec<f32>),
}

/// One `[[wall]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct WallTable {
    pub a: Point,
    pub b: Point,
    pub radius: Option<Number>,
    pub height: Option<Number>,
    pub thickness: Option<Number>,
    pub material: Option<Spanned<String>>,
    pub base: Option<Number>,
    pub drawn: Option<Spanned<bool>>,
    pub see_through: Option<Spanned<bool>>,
    pub blocks: Option<Spanned<bool>>,
    pub offset: Option<Point>,
    pub peg: Option<Spanned<String>>,
}

/// One `[[obstacle]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ObstacleTable {
    pub points: Spanned<Vec<Vec<f32>>>,
    pub height: Option<Number>,
    pub material: Option<Spanned<String>>,
    pub loose: Option<Spanned<bool>>,
    pub mass: Option<Number>,
    pub friction: Option<Number>,
    pub bounce: Option<Number>,
    pub base: Option<Number>,
}

/// One `[[light]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LightTable {
    pub at: Point,
    pub height: Option<Number>,
    pub colour: Option<Spanned<Vec<f32>>>,
    pub intensity: Option<Number>,
    pub radius: Option<Number>,
    pub base: Option<Number>,
}

/// One `[[door]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DoorTable {
    pub a: Point,
    pub b: Point,
    pub kind: Option<Spanned<String>>,
    pub swing: Option<Number>,
    pub thickness: Option<Number>,
    pub height: Option<Number>,
    pub material: Option<Spanned<String>>,
    pub speed: Option<Number>,
    pub opens: Option<Spanned<String>>,
    pub close_after: Option<Number>,
    pub base: Option<Number>,
    pub open: Option<Spanned<bool>>,
}

/// One `[[switch]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SwitchTable {
    pub a: Point,
    pub b: Point,
    pub by: Option<Spanned<String>>,
    pub doors: Option<Spanned<Vec<Spanned<usize>>>>,
    pub lifts: Option<Spanned<Vec<Spanned<usize>>>>,
    pub close: Option<Spanned<Vec<Spanned<usize>>>>,
    pub once: Option<Spanned<bool>>,
}

/// One `[[lift]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LiftTable {
    pub floors: Spanned<Vec<Spanned<usize>>>,
    pub low: Number,
    pub wait: Option<Number>,
    pub speed: Option<Number>,
}

/// One `[[teleporter]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TeleporterTable {
    pub a: Point,
    pub b: Point,
    pub to: Point,
    pub yaw: Option<Number>,
    pub once: Option<Spanned<bool>>,
}

/// One `[[exit]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExitTable {
    pub a: Point,
    pub b: Point,
    pub by: Option<Spanned<String>>,
}

/// One `[[floor]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FloorTable {
    pub points: Spanned<Vec<Vec<f32>>>,
    pub height: Number,
    pub ceiling: Option<Number>,
    pub material: Option<Spanned<String>>,
    pub ceiling_material: Option<Spanned<String>>,
    pub side_material: Option<Spanned<String>>,
    pub light: Option<Number>,
    pub sky: Option<Spanned<bool>>,
    pub sides: Option<Spanned<Vec<FloorSideTable>>>,
}

/// One entry of a `[[floor]]`'s `sides`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FloorSideTable {
    pub lower: Option<Spanned<String>>,
    pub upper: Option<Spanned<String>>,
    pub offset: Option<Point>,
    pub lower_peg: Option<Spanned<String>>,
    pub upper_peg: Option<Spanned<String>>,
}
