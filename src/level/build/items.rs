//! The level's items, each from its table: walls, obstacles, lamps and
//! doors, with their defaults resolved and their values checked.

use glam::Vec2;
use toml::Spanned;

use super::{Builder, show_point};
use crate::collision::ConvexPolygon;
use crate::level::checks::{MIN_WALL_LENGTH, short_wall_problem};
use crate::level::defaults;
use crate::level::diagnostics::LevelError;
use crate::level::file::{DoorTable, LightTable, ObstacleTable, WallTable};
use crate::level::lines::TriggerLine;
use crate::level::model::{
    Door, DoorKind, DoorOpens, LevelObstacle, Light, MaterialId, ObstacleDefaults,
};
use crate::level::wall::{LevelWall, Peg, TextureAlignment, WallDefaults};

impl Builder<'_> {
    /// The `[[wall]]` at `index`: its ends apart, its radius, height and
    /// thickness in range, its material, base and texture alignment; a
    /// short wall, or one whose thickness reaches its radius, warned of.
    pub(super) fn wall(
        &mut self,
        index: usize,
        table: &WallTable,
        defaults: &WallDefaults,
    ) -> Result<LevelWall, LevelError> {
        let item = format!("wall {index}");
        let a = self.point(&table.a, &item, "a")?;
        let b = self.point(&table.b, &item, "b")?;
        if a == b {
            return Err(self.source.invalid(
                &table.a.span(),
                &item,
                format!("zero-length wall (a = b = {})", show_point(a)),
            ));
        }
        if a.distance(b) < MIN_WALL_LENGTH {
            return Err(self.source.invalid(
                &table.a.span(),
                &item,
                format!(
                    "zero-length wall: a = {} and b = {} are less than 0.1 mm apart",
                    show_point(a),
                    show_point(b)
                ),
            ));
        }
        let wall = LevelWall::new(
            a,
            b,
            self.in_range(
                LevelWall::RADIUS,
                table.radius.as_ref(),
                &item,
                "radius",
                defaults.radius,
            )?,
            self.in_range(
                LevelWall::HEIGHT,
                table.height.as_ref(),
                &item,
                "height",
                defaults.height,
            )?,
            self.in_range(
                LevelWall::THICKNESS,
                table.thickness.as_ref(),
                &item,
                "thickness",
                defaults.thickness,
            )?,
            self.material_or_id(table.material.as_ref(), &item, defaults.material)?,
        )
        .with_base(self.base(table.base.as_ref(), &item)?)
        .with_drawn(table.drawn.as_ref().is_none_or(|drawn| *drawn.get_ref()))
        .with_see_through(table.see_through.as_ref().is_some_and(|see| *see.get_ref()))
        .with_blocks(table.blocks.as_ref().is_none_or(|blocks| *blocks.get_ref()))
        .with_alignment(TextureAlignment {
            offset: table
                .offset
                .as_ref()
                .map(|offset| self.point(offset, &item, "offset"))
                .transpose()?
                .unwrap_or(Vec2::ZERO),
            peg: self.word(table.peg.as_ref(), &item, "peg", &Peg::WORDS, Peg::Top)?,
        });
        if let Some(problem) = short_wall_problem(&wall) {
            self.warn(&table.a.span(), &item, problem);
        }
        if wall.thickness / 2.0 >= wall.radius {
            let span = table
                .thickness
                .as_ref()
                .or(table.radius.as_ref())
                .map_or(table.a.span(), Spanned::span);
            self.warn(
                &span,
                &item,
                format!(
                    "half its thickness ({} m) reaches the collision radius ({} m): the eye can touch the rendered wall",
                    wall.thickness / 2.0,
                    wall.radius
                ),
            );
        }
        Ok(wall)
    }

    /// The `[[obstacle]]` at `index`: a convex footprint, its height and
    /// material, and a loose body's mass, friction and bounce in range.
    pub(super) fn obstacle(
        &mut self,
        index: usize,
        table: &ObstacleTable,
        defaults: &ObstacleDefaults,
    ) -> Result<LevelObstacle, LevelError> {
        let item = format!("obstacle {index}");
        let span = table.points.span();
        let raw_points = table.points.get_ref();
        if raw_points.len() < 3 {
            return Err(self.source.invalid(
                &span,
                &item,
                format!(
                    "an obstacle needs at least 3 points, found {}",
                    raw_points.len()
                ),
            ));
        }
        let points = raw_points
            .iter()
            .enumerate()
            .map(|(point_index, point)| {
                let key = format!("point {point_index}");
                self.numbers::<2>(point, &span, &item, &key)
                    .map(Vec2::from_array)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let polygon = ConvexPolygon::new(points).map_err(|error| {
            self.source.invalid(
                &span,
                &item,
                format!("not a usable convex polygon: {error}"),
            )
        })?;
        // What the table loads as where it gives nothing but its points.
        let defaulted = defaults.obstacle(polygon);
        let loose = table.loose.as_ref().is_some_and(|loose| *loose.get_ref());
        if !loose {
            self.warn_of_loose_keys_on_fixed(table, &item);
        }
        Ok(LevelObstacle {
            height: self.in_range(
                LevelObstacle::HEIGHT,
                table.height.as_ref(),
                &item,
                "height",
                defaults.height,
            )?,
            material: self.material_or_id(table.material.as_ref(), &item, defaults.material)?,
            loose,
            mass: self.in_range(
                LevelObstacle::MASS,
                table.mass.as_ref(),
                &item,
                "mass",
                defaulted.mass,
            )?,
            friction: self.in_range(
                LevelObstacle::FRICTION,
                table.friction.as_ref(),
                &item,
                "friction",
                defaulted.friction,
            )?,
            bounce: self.in_range(
                LevelObstacle::BOUNCE,
                table.bounce.as_ref(),
                &item,
                "bounce",
                defaulted.bounce,
            )?,
            base: self.base(table.base.as_ref(), &item)?,
            ..defaulted
        })
    }

    /// Warns of each of `mass`, `friction` and `bounce` written on a fixed
    /// obstacle: only a loose obstacle moves, so they change nothing there.
    fn warn_of_loose_keys_on_fixed(&mut self, table: &ObstacleTable, item: &str) {
        let written = [
            ("mass", &table.mass),
            ("friction", &table.friction),
            ("bounce", &table.bounce),
        ];
        for (key, value) in written {
            if let Some(value) = value {
                self.warn(
                    &value.span(),
                    item,
                    format!(
                        "`{key}` has no effect on a fixed obstacle; add `loose = true` to let it move"
                    ),
                );
            }
        }
    }

    /// One `[[light]]`. A lamp without a `height` hangs
    /// [`defaults::LIGHT_BELOW_CEILING`] under the ceiling; a ceiling too low
    /// for that is refused at the lamp, as an explicit height ≤ 0 would be.
    pub(super) fn light(
        &self,
        index: usize,
        table: &LightTable,
        ceiling_height: f32,
    ) -> Result<Light, LevelError> {
        let item = format!("light {index}");
        let at = self.point(&table.at, &item, "at")?;
        let default_height = ceiling_height - defaults::LIGHT_BELOW_CEILING;
        if table.height.is_none() && default_height <= 0.0 {
            return Err(self.source.invalid(
                &table.at.span(),
                &item,
                format!(
                    "without a `height` it hangs {} m below the ceiling, but the ceiling is only {ceiling_height} m high; give it a `height` more than 0",
                    defaults::LIGHT_BELOW_CEILING
                ),
            ));
        }
        let height = self.in_range(
            Light::HEIGHT,
            table.height.as_ref(),
            &item,
            "height",
            default_height,
        )?;
        let colour = match &table.colour {
            Some(colour) => {
                let span = colour.span();
                let components = self.numbers::<3>(colour.get_ref(), &span, &item, "colour")?;
                if !components
                    .iter()
                    .all(|component| Light::COLOUR.allows(*component))
                {
                    return Err(self.source.invalid(
                        &span,
                        &item,
                        format!(
                            "each number of `colour` must be between 0 and 1, not {components:?}"
                        ),
                    ));
                }
                components
            }
            None => defaults::LIGHT_COLOUR,
        };
        Ok(Light {
            at,
            height,
            colour,
            intensity: self.in_range(
                Light::INTENSITY,
                table.intensity.as_ref(),
                &item,
                "intensity",
                defaults::LIGHT_INTENSITY,
            )?,
            radius: self.in_range(
                Light::RADIUS,
                table.radius.as_ref(),
                &item,
                "radius",
                defaults::LIGHT_RADIUS,
            )?,
            base: self.base(table.base.as_ref(), &item)?,
        })
    }

    /// One `[[door]]`: a span at least as long as a wall's shortest, a
    /// `swing` within ±[`defaults::DOOR_MAX_SWING_DEGREES`], sizes and
    /// speed above 0, `close_after` 0 or more, `open = true` on a rise
    /// door only.
    pub(super) fn door(
        &self,
        index: usize,
        table: &DoorTable,
        default_material: MaterialId,
    ) -> Result<Door, LevelError> {
        let item = format!("door {index}");
        let TriggerLine { a, b } = self.trigger_line((&table.a, &table.b), &item, "door")?;
        let kind = self.word(
            table.kind.as_ref(),
            &item,
            "kind",
            &DoorKind::WORDS,
            DoorKind::Swing,
        )?;
        let opens = self.word(
            table.opens.as_ref(),
            &item,
            "opens",
            &DoorOpens::WORDS,
            DoorOpens::Use,
        )?;
        let swing_degrees = self.in_range(
            Door::SWING,
            table.swing.as_ref(),
            &item,
            "swing",
            defaults::DOOR_SWING_DEGREES,
        )?;
        let open = self.starts_open(table.open.as_ref(), kind, &item)?;
        Ok(Door {
            a,
            b,
            kind,
            swing_degrees,
            thickness: self.in_range(
                Door::THICKNESS,
                table.thickness.as_ref(),
                &item,
                "thickness",
                defaults::DOOR_THICKNESS,
            )?,
            height: self.in_range(
                Door::HEIGHT,
                table.height.as_ref(),
                &item,
                "height",
                defaults::DOOR_HEIGHT,
            )?,
            material: self.material_or_id(table.material.as_ref(), &item, default_material)?,
            speed: self.in_range(
                Door::SPEED,
                table.speed.as_ref(),
                &item,
                "speed",
                defaults::DOOR_SPEED,
            )?,
            opens,
            close_after: self.in_range(
                Door::CLOSE_AFTER,
                table.close_after.as_ref(),
                &item,
                "close_after",
                defaults::DOOR_CLOSE_AFTER,
            )?,
            base: self.base(table.base.as_ref(), &item)?,
            open,
        })
    }

    /// A door's `open`: `false` unless written; `true` is refused on a
    /// slide or swing door, whose open leaf stands where the loader never
    /// looked for what it would overlap.
    fn starts_open(
        &self,
        open: Option<&Spanned<bool>>,
        kind: DoorKind,
        item: &str,
    ) -> Result<bool, LevelError> {
        let Some(open) = open.filter(|open| *open.get_ref()) else {
            return Ok(false);
        };
        if kind == DoorKind::Rise {
            return Ok(true);
        }
        Err(self.source.invalid(
            &open.span(),
            item,
            format!(
                "`open = true` is for rise doors only (`kind = \"rise\"`); a {} door starts closed",
                kind.word()
            ),
        ))
    }
}
