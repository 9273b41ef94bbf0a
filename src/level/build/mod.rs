//! Validation: turns a parsed [`LevelFile`] into a [`Level`], resolving every
//! default and refusing anything unusable with an error that names the item,
//! its line and what is wrong. Suspicious but usable things become warnings.

use std::ops::Range;
use std::path::Path;

use glam::{Vec2, Vec3};
use toml::Spanned;

mod floors;
mod items;
mod lifts;
mod lines;
mod materials;

pub(crate) use floors::floor_problem;

use super::defaults::{self, MAX_FOG_DISTANCE};
use super::diagnostics::{LevelError, LevelWarning};
use super::diagnostics::{Source, did_you_mean};
use super::file::{EnvironmentTable, LevelFile, Number, PlayerTable, Point};
use super::loose::loose_overlaps;
use super::model::{
    Environment, Level, LevelFloor, LevelObstacle, LevelSource, LoadedLevel, Material,
    ObstacleDefaults, PlayerSpawn, builtin_material_id, default_environment,
};
use super::range::ValueRange;
use super::save::point_text as show_point;
use super::texture::MemoryPictures;
use super::texture::builtin_materials;
use super::wall::{LevelWall, WallDefaults};

/// Validates `file` (parsed from `source`) into a level. A texture `file`
/// that `pictures` holds is that picture; other relative texture paths are
/// resolved against `base_directory`.
pub(crate) fn build_level(
    file: LevelFile,
    source: Source<'_>,
    base_directory: &Path,
    pictures: &MemoryPictures,
) -> Result<LoadedLevel, LevelError> {
    let mut builder = Builder {
        source,
        warnings: Vec::new(),
        materials: builtin_materials(),
        pictures,
    };
    builder.declare_materials(&file.material, base_directory)?;

    let environment = builder.environment(file.environment.as_ref())?;
    let (wall_defaults, obstacle_defaults) = builder.defaults(&file, &environment)?;

    let walls = file
        .wall
        .iter()
        .enumerate()
        .map(|(index, wall)| builder.wall(index, wall, &wall_defaults))
        .collect::<Result<Vec<_>, _>>()?;
    let obstacles = file
        .obstacle
        .iter()
        .enumerate()
        .map(|(index, obstacle)| builder.obstacle(index, obstacle, &obstacle_defaults))
        .collect::<Result<Vec<_>, _>>()?;
    let lights = file
        .light
        .iter()
        .enumerate()
        .map(|(index, light)| builder.light(index, light, environment.ceiling_height))
        .collect::<Result<Vec<_>, _>>()?;
    let door_material = builtin_material_id(&builder.materials, defaults::DOOR_MATERIAL);
    let doors = file
        .door
        .iter()
        .enumerate()
        .map(|(index, door)| builder.door(index, door, door_material))
        .collect::<Result<Vec<_>, _>>()?;

    let floors = file
        .floor
        .iter()
        .enumerate()
        .map(|(index, floor)| builder.floor(index, floor, &environment, &wall_defaults))
        .collect::<Result<Vec<_>, _>>()?;
    builder.refuse_crossing_floors(&file.floor, &floors)?;
    let lifts = builder.lifts(&file.lift, &floors)?;
    let switches = file
        .switch
        .iter()
        .enumerate()
        .map(|(index, switch)| builder.switch(index, switch, (doors.len(), lifts.len())))
        .collect::<Result<Vec<_>, _>>()?;
    let teleporters = file
        .teleporter
        .iter()
        .enumerate()
        .map(|(index, table)| builder.teleporter(index, table, (&floors, &environment)))
        .collect::<Result<Vec<_>, _>>()?;
    let exits = file
        .exit
        .iter()
        .enumerate()
        .map(|(index, table)| builder.exit(index, table))
        .collect::<Result<Vec<_>, _>>()?;

    let player = builder.player(&file.player, &environment)?;
    builder.warn_if_start_is_blocked(&file.player.start.span(), &player, &walls, &obstacles);
    builder.refuse_a_start_without_room(&file.player, &player, &floors, &environment)?;

    let name = match &file.name {
        Some(name) => name.clone(),
        None => source.origin.file_stem().map_or_else(
            || "Untitled level".to_string(),
            |stem| stem.to_string_lossy().into_owned(),
        ),
    };
    let level = Level {
        name,
        player,
        walls: walls.into(),
        wall_defaults,
        obstacle_defaults,
        obstacles,
        lights,
        doors,
        switches,
        teleporters,
        exits,
        lifts,
        floors,
        materials: builder.materials,
        environment,
        source: LevelSource::File {
            path: source.origin.to_path_buf(),
            text: source.text.into(),
        },
    };
    refuse_loose_overlaps(&level, &file, &source)?;
    Ok(LoadedLevel {
        level,
        warnings: builder.warnings,
    })
}

impl Builder<'_> {
    /// The level's defaults for walls and obstacles (`wall_radius`,
    /// `wall_thickness`, `wall_height`, `wall_material`, `obstacle_height`,
    /// `obstacle_material`), checked; a wall is as tall as the ceiling
    /// unless the file says otherwise.
    fn defaults(
        &mut self,
        file: &LevelFile,
        environment: &Environment,
    ) -> Result<(WallDefaults, ObstacleDefaults), LevelError> {
        let top = "level";
        let wall_radius = self.in_range(
            LevelWall::RADIUS,
            file.wall_radius.as_ref(),
            top,
            "wall_radius",
            defaults::WALL_RADIUS,
        )?;
        let wall_thickness = self.in_range(
            LevelWall::THICKNESS,
            file.wall_thickness.as_ref(),
            top,
            "wall_thickness",
            defaults::WALL_THICKNESS,
        )?;
        let wall_material =
            self.material_or(file.wall_material.as_ref(), top, defaults::WALL_MATERIAL)?;
        let wall_defaults = WallDefaults {
            radius: wall_radius,
            height: self.in_range(
                LevelWall::HEIGHT,
                file.wall_height.as_ref(),
                top,
                "wall_height",
                environment.ceiling_height,
            )?,
            thickness: wall_thickness,
            material: wall_material,
        };
        let obstacle_defaults = ObstacleDefaults {
            height: self.in_range(
                LevelObstacle::HEIGHT,
                file.obstacle_height.as_ref(),
                top,
                "obstacle_height",
                defaults::OBSTACLE_HEIGHT,
            )?,
            material: self.material_or(
                file.obstacle_material.as_ref(),
                top,
                defaults::OBSTACLE_MATERIAL,
            )?,
        };

        Ok((wall_defaults, obstacle_defaults))
    }

    /// The `[player]` table, checked; a warning when the eye is at or
    /// above the ceiling.
    fn player(
        &mut self,
        player_table: &PlayerTable,
        environment: &Environment,
    ) -> Result<PlayerSpawn, LevelError> {
        let item = "player";
        let start = self.point(&player_table.start, item, "start")?;
        let player = PlayerSpawn {
            start,
            yaw_degrees: self.finite_or(
                player_table.yaw.as_ref(),
                item,
                "yaw",
                defaults::YAW_DEGREES,
            )?,
            radius: self.in_range(
                ValueRange::NonNegative,
                player_table.radius.as_ref(),
                item,
                "radius",
                defaults::PLAYER_RADIUS,
            )?,
            eye_height: self.in_range(
                ValueRange::Positive,
                player_table.eye_height.as_ref(),
                item,
                "eye_height",
                defaults::EYE_HEIGHT,
            )?,
            push: self.in_range(
                PlayerSpawn::PUSH,
                player_table.push.as_ref(),
                item,
                "push",
                defaults::PLAYER_PUSH,
            )?,
            kick: self.in_range(
                PlayerSpawn::KICK,
                player_table.kick.as_ref(),
                item,
                "kick",
                defaults::PLAYER_KICK,
            )?,
            step: self.in_range(
                PlayerSpawn::STEP,
                player_table.step.as_ref(),
                item,
                "step",
                defaults::PLAYER_STEP,
            )?,
            height: 0.0,
        };
        let player = PlayerSpawn {
            height: self.player_height(player_table, player.eye_height)?,
            ..player
        };
        if player.eye_height >= environment.ceiling_height {
            let span = player_table
                .eye_height
                .as_ref()
                .map_or(player_table.start.span(), Spanned::span);
            self.warn(
                &span,
                item,
                format!(
                    "eye_height {} m is at or above the ceiling ({} m)",
                    player.eye_height, environment.ceiling_height
                ),
            );
        }

        Ok(player)
    }
}

/// Refuses `level` when a loose obstacle starts where something else is,
/// naming the obstacle's `points` line in `file`.
fn refuse_loose_overlaps(
    level: &Level,
    file: &LevelFile,
    source: &Source<'_>,
) -> Result<(), LevelError> {
    match loose_overlaps(level).next() {
        Some(overlap) => {
            let span = file
                .obstacle
                .get(overlap.obstacle)
                .map(|table| table.points.span())
                .unwrap_or_default();
            Err(LevelError::LooseOverlap {
                location: source.location(&span),
                overlap,
            })
        }
        None => Ok(()),
    }
}

/// Validation state: the source for messages, warnings so far, and the
/// materials declared so far (builtins first).
struct Builder<'a> {
    source: Source<'a>,
    warnings: Vec<LevelWarning>,
    materials: Vec<Material>,
    /// The pictures held in memory, by the `file` that names them.
    pictures: &'a MemoryPictures,
}

impl Builder<'_> {
    fn warn(&mut self, span: &Range<usize>, item: &str, message: String) {
        self.warnings.push(self.source.warning(span, item, message));
    }

    /// `value` if it is a finite number, else an error naming `key`.
    fn finite(&self, value: &Number, item: &str, key: &str) -> Result<f32, LevelError> {
        let number = *value.get_ref();
        if number.is_finite() {
            Ok(number)
        } else {
            Err(self.source.invalid(
                &value.span(),
                item,
                format!("`{key}` must be a finite number, not {number}"),
            ))
        }
    }

    fn finite_or(
        &self,
        value: Option<&Number>,
        item: &str,
        key: &str,
        default: f32,
    ) -> Result<f32, LevelError> {
        value.map_or(Ok(default), |value| self.finite(value, item, key))
    }

    /// A finite number in `range`, or `default` when absent.
    fn in_range(
        &self,
        range: ValueRange,
        value: Option<&Number>,
        item: &str,
        key: &str,
        default: f32,
    ) -> Result<f32, LevelError> {
        let Some(value) = value else {
            return Ok(default);
        };
        let number = self.finite(value, item, key)?;
        match range.problem(key, number) {
            Some(problem) => Err(self.source.invalid(&value.span(), item, problem)),
            None => Ok(number),
        }
    }

    /// An item's `base`: none when left out, else a height within
    /// [`LevelFloor::HEIGHT`]'s range.
    fn base(&self, value: Option<&Number>, item: &str) -> Result<Option<f32>, LevelError> {
        value
            .map(|value| self.in_range(LevelFloor::HEIGHT, Some(value), item, "base", 0.0))
            .transpose()
    }

    /// A point `[x, z]` whose coordinates are both finite.
    fn point(&self, point: &Point, item: &str, key: &str) -> Result<Vec2, LevelError> {
        let coordinates = self.numbers::<2>(point.get_ref(), &point.span(), item, key)?;
        Ok(Vec2::from_array(coordinates))
    }

    /// Exactly `N` finite numbers, e.g. `[x, z]` or `[x, y, z]`.
    fn numbers<const N: usize>(
        &self,
        numbers: &[f32],
        span: &Range<usize>,
        item: &str,
        key: &str,
    ) -> Result<[f32; N], LevelError> {
        let array: [f32; N] = numbers.try_into().map_err(|_| {
            self.source.invalid(
                span,
                item,
                format!(
                    "`{key}` must be a list of {N} numbers, found {}",
                    numbers.len()
                ),
            )
        })?;
        if array.iter().all(|number| number.is_finite()) {
            Ok(array)
        } else {
            Err(self
                .source
                .invalid(span, item, format!("`{key}` must be finite, not {array:?}")))
        }
    }

    fn environment(&self, table: Option<&EnvironmentTable>) -> Result<Environment, LevelError> {
        let mut environment = default_environment(&self.materials);
        let Some(table) = table else {
            return Ok(environment);
        };
        let item = "environment";
        environment.floor =
            self.material_or(table.floor.as_ref(), item, defaults::FLOOR_MATERIAL)?;
        environment.ceiling =
            self.material_or(table.ceiling.as_ref(), item, defaults::CEILING_MATERIAL)?;
        environment.ceiling_height = self.in_range(
            ValueRange::Positive,
            table.ceiling_height.as_ref(),
            item,
            "ceiling_height",
            environment.ceiling_height,
        )?;
        if let Some(fog) = &table.fog_distance {
            let distance = self.in_range(
                ValueRange::Positive,
                Some(fog),
                item,
                "fog_distance",
                defaults::FOG_DISTANCE,
            )?;
            if distance > MAX_FOG_DISTANCE {
                return Err(self.source.invalid(
                    &fog.span(),
                    item,
                    format!("`fog_distance` must be at most {MAX_FOG_DISTANCE}, not {distance}"),
                ));
            }
            environment.fog_distance = distance;
        }
        if let Some(ambient) = &table.ambient {
            let value = self.finite(ambient, item, "ambient")?;
            if !(0.0..=1.0).contains(&value) {
                return Err(self.source.invalid(
                    &ambient.span(),
                    item,
                    format!("`ambient` must be between 0 and 1, not {value}"),
                ));
            }
            environment.ambient = value;
        }
        if let Some(direction) = &table.light_direction {
            let vector = Vec3::from_array(self.numbers::<3>(
                direction.get_ref(),
                &direction.span(),
                item,
                "light_direction",
            )?);
            environment.light_direction = unit_direction(vector).ok_or_else(|| {
                self.source.invalid(
                    &direction.span(),
                    item,
                    format!("`light_direction` must not be zero, nor too small or large to normalise ({vector})"),
                )
            })?;
        }
        if let Some(ground) = &table.ground {
            environment.ground = *ground.get_ref();
        }
        if let Some(sky) = &table.sky {
            environment.sky = Some(self.material(sky, item)?);
        }
        Ok(environment)
    }

    /// The value of the word written for `key` among `choices`, or
    /// `default` when absent; an unknown word is refused with a suggestion.
    fn word<T: Copy>(
        &self,
        written: Option<&Spanned<String>>,
        item: &str,
        key: &str,
        choices: &[(&str, T)],
        default: T,
    ) -> Result<T, LevelError> {
        let Some(written) = written else {
            return Ok(default);
        };
        if let Some((_, value)) = choices.iter().find(|(word, _)| word == written.get_ref()) {
            return Ok(*value);
        }
        let words = choices.iter().map(|(word, _)| *word);
        let hint = match did_you_mean(written.get_ref(), words.clone()) {
            Some(suggestion) => format!("did you mean `{suggestion}`?"),
            None => format!(
                "it must be one of {}",
                words
                    .map(|word| format!("`{word}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        Err(self.source.invalid(
            &written.span(),
            item,
            format!("unknown `{key}` `{}`; {hint}", written.get_ref()),
        ))
    }

    /// Warns when the walker would start inside a wall's radius or an
    /// obstacle (grown by the body radius): every move from there is stuck.
    fn warn_if_start_is_blocked(
        &mut self,
        span: &Range<usize>,
        player: &PlayerSpawn,
        walls: &[LevelWall],
        obstacles: &[LevelObstacle],
    ) {
        let start = player.start;
        for (index, wall) in walls.iter().enumerate() {
            let distance = crate::collision::distance_to_segment(start, wall.a, wall.b);
            if distance < wall.radius {
                self.warn(
                    span,
                    "player",
                    format!(
                        "start {} is inside wall {index}'s radius ({distance:.3} m from it, radius {} m)",
                        show_point(start),
                        wall.radius
                    ),
                );
            }
        }
        for (index, obstacle) in obstacles.iter().enumerate() {
            let distance = obstacle.polygon.signed_distance(start);
            if distance < player.radius {
                self.warn(
                    span,
                    "player",
                    format!(
                        "start {} is inside obstacle {index} (or closer to it than the body radius {} m)",
                        show_point(start),
                        player.radius
                    ),
                );
            }
        }
    }
}

/// `vector` with length 1: as written when it has that length already (to
/// within float rounding, so that a saved level loads back bit for bit;
/// normalising a unit vector again can move it by a unit in the last place),
/// else normalised. `None` for vectors too small or large to normalise.
fn unit_direction(vector: Vec3) -> Option<Vec3> {
    if (vector.length_squared() - 1.0).abs() <= 1e-6 {
        Some(vector)
    } else {
        vector.try_normalize()
    }
}
