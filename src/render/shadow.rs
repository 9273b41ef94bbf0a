//! Lamps' shadows on the floor plan: for each of [`SHADOW_DIRECTIONS`]
//! directions around a lamp, how far its light travels, found by rays
//! against the collider; one such row per lamp slot of a frame. The lamps
//! ([`super::lamps`]) keep and upload the rows, the light grid
//! ([`super::light_grid`]) reads them to tell which cells a lamp can light.

use glam::Vec2;

use crate::collision::{Collider, ConvexPolygon, ray_against_obstacle};
use crate::level::{Level, Light};

/// The most lamps that light one frame: the nearest whose light reaches
/// within the fog distance of the eye.
pub const MAX_LAMPS: usize = 8;

/// Directions in a lamp's shadow row: 0.35° apart, 3 cm at 5 m.
pub const SHADOW_DIRECTIONS: u32 = 1024;

/// A point this much past a shadow row's depth is still lit: the rounding
/// of the polar row; far less than a wall's half thickness, so a wall's
/// far face stays dark.
pub const SHADOW_BIAS: f32 = 0.02;

/// One direction of a shadow row: how far the light travels past every
/// shape (r); and the floor a lower shape shades (from g to b metres),
/// none when g > b; a unused.
pub type ShadowTexel = [f32; 4];

/// The direction of shadow texel `index`, as a vector from the lamp (its
/// length between 1/√2 and 1). Texels are spread evenly over the "diamond
/// angle" `d` in 0..4 (0 along +x, 1 along +z, 2 along −x, 3 along −z),
/// which the shader gets from a direction with one division instead of an
/// arctangent; one texel spans between 0.25° and 0.5°.
pub fn texel_direction(index: u32) -> Vec2 {
    diamond_direction((index as f32 + 0.5) / SHADOW_DIRECTIONS as f32 * 4.0)
}

/// The direction whose diamond angle is `diamond` (in 0..4; see
/// [`texel_direction`]), its length between 1/√2 and 1: the inverse of
/// the shader's `t = y / (|x| + |y|)`, taken as `t` (+x, +z), `2 − t`
/// (−x) or `4 + t` (+x, −z).
pub fn diamond_direction(diamond: f32) -> Vec2 {
    let (quarter, f) = (diamond.floor(), diamond.fract());
    match quarter as u32 {
        0 => Vec2::new(1.0 - f, f),
        1 => Vec2::new(-f, 1.0 - f),
        2 => Vec2::new(f - 1.0, -f),
        _ => Vec2::new(f, f - 1.0),
    }
}

/// The diamond angle of the direction `v` (not zero), in 0..4, as the
/// scene shader computes it to find a shadow texel: one division, no
/// arctangent. It grows with the angle, a quarter turn per unit.
pub fn diamond_angle(v: Vec2) -> f32 {
    let t = v.y / (v.x.abs() + v.y.abs()).max(1e-12);
    if v.x >= 0.0 {
        if v.y >= 0.0 { t } else { 4.0 + t }
    } else {
        2.0 - t
    }
}

/// The texel of a shadow row whose slice holds the direction `v` (not
/// zero), as `shadow_texel` in shaders/scene.wgsl looks it up.
#[cfg(test)]
pub fn texel_index(v: Vec2) -> u32 {
    ((diamond_angle(v) * SHADOW_DIRECTIONS as f32 / 4.0) as u32).min(SHADOW_DIRECTIONS - 1)
}

/// A shape that casts a shadow besides the level's walls and obstacles:
/// its outline and how tall it stands (infinite for a closed door).
#[derive(Debug, Clone, PartialEq)]
pub struct Occluder {
    /// The outline on the floor plan.
    pub polygon: ConvexPolygon,
    /// Its height in metres.
    pub height: f32,
}

/// `lamp`'s shadow row on the floor plan of `level` (with its
/// `collider`): for each direction, how far its light travels, at most its
/// radius, past the shapes as tall as the lamp; and the floor that the
/// first lower shape in that direction shades.
///
/// That second part is an approximation, and only for the floor: a shape
/// of height `h` met `d` metres from a lamp `H` high shades the floor from
/// `d` to `d · H / (H − h)`, where its top's shadow lands (exact for a thin
/// wall; an obstacle's depth along the ray is not counted, and a second
/// low shape behind the first casts nothing).
///
/// `occluders` (closed doors' leaves, loose bodies at rest) cast shadows
/// by the same rule, by the height each carries. Beside the row, what
/// each texel's ray meets of the level's own shapes.
pub fn row_with_hits(
    collider: &Collider,
    level: &Level,
    lamp: &Light,
    occluders: &[Occluder],
) -> (Vec<ShadowTexel>, Vec<LevelHits>) {
    (0..SHADOW_DIRECTIONS)
        .map(|index| {
            let hits = level_hits(collider, level, lamp, index);
            (texel_with(lamp, hits, occluders, index), hits)
        })
        .unzip()
}

/// `lamp`'s shadow row (see [`row_with_hits`]).
#[cfg(test)]
pub fn shadow_row(
    collider: &Collider,
    level: &Level,
    lamp: &Light,
    occluders: &[Occluder],
) -> Vec<ShadowTexel> {
    row_with_hits(collider, level, lamp, occluders).0
}

/// Where the ray of texel `index` of `lamp`'s shadow row ends: its radius
/// away from the lamp, in the texel's direction.
pub fn ray_end(lamp: &Light, index: u32) -> Vec2 {
    lamp.at + texel_direction(index).normalize() * lamp.radius
}

/// What the ray of a texel of a lamp's shadow row meets of the level's
/// own walls and obstacles, as fractions of the ray: the nearest shape as
/// tall as the lamp, and the nearest lower one with its height. Kept per
/// texel, so that a texel cast again because a door or a body changed
/// tests only those shapes ([`texel_with`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelHits {
    blocking: Option<f32>,
    lower: Option<(f32, f32)>,
}

/// What the ray of texel `index` of `lamp`'s shadow row meets of `level`'s
/// shapes (with its `collider`).
pub fn level_hits(collider: &Collider, level: &Level, lamp: &Light, index: u32) -> LevelHits {
    let to = ray_end(lamp, index);
    let blocking = collider
        .ray_cast_where(lamp.at, to, |surface| {
            level.blocks_light(lamp.height, surface)
        })
        .map(|hit| hit.fraction);
    let lower = |surface| {
        level
            .shape_height(surface)
            .is_some_and(|tall| is_lower(lamp, tall))
    };
    let shape = collider
        .ray_cast_where(lamp.at, to, lower)
        .and_then(|hit| Some((hit.fraction, level.shape_height(hit.surface)?)));
    let ledge = collider
        .heights()
        .first_drop(lamp.at, to)
        .filter(|&(_, rim)| rim < lamp.height);
    let lower = shape
        .into_iter()
        .chain(ledge)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    LevelHits { blocking, lower }
}

/// Whether a shape whose top stands `tall` metres above the ground is
/// lower than `lamp`: it shades the floor beyond it.
fn is_lower(lamp: &Light, tall: f32) -> bool {
    tall > 0.0 && tall < lamp.height
}

/// Texel `index` of `lamp`'s shadow row (see [`row_with_hits`]), its ray
/// meeting `hits` of the level's shapes: what the ray from the lamp to
/// [`ray_end`] meets, and only that.
pub fn texel_with(
    lamp: &Light,
    hits: LevelHits,
    occluders: &[Occluder],
    index: u32,
) -> ShadowTexel {
    let none = lamp.radius + 1.0;
    let to = ray_end(lamp, index);
    let occluder_hits: Vec<(f32, f32)> = occluders
        .iter()
        .filter_map(|occluder| {
            ray_against_obstacle(lamp.at, to, &occluder.polygon)
                .map(|fraction| (fraction, occluder.height))
        })
        .collect();
    let blocking = occluder_hits
        .iter()
        .filter(|(_, tall)| *tall >= lamp.height)
        .map(|(fraction, _)| *fraction);
    let reach = hits
        .blocking
        .into_iter()
        .chain(blocking)
        .fold(1.0f32, f32::min)
        * lamp.radius;
    let occluder_lower = occluder_hits
        .iter()
        .copied()
        .filter(|(_, tall)| is_lower(lamp, *tall));
    let nearest_lower = hits
        .lower
        .into_iter()
        .chain(occluder_lower)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    let shade = nearest_lower.and_then(|(fraction, tall)| {
        let start = fraction * lamp.radius;
        let end = start * lamp.height / (lamp.height - tall);
        (start < reach).then_some((start, end.min(reach)))
    });
    let (start, end) = shade.unwrap_or((none, none - 1.0));
    [reach, start, end, 0.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_texel_direction_looks_itself_up_and_the_slices_cover_the_circle() {
        for index in 0..SHADOW_DIRECTIONS {
            let direction = texel_direction(index);
            assert_eq!(texel_index(direction), index);
            assert_eq!(texel_index(direction * 7.5), index, "any length");
        }
        // Neighbouring slices are between 0.25° and 0.5° apart.
        for index in 0..SHADOW_DIRECTIONS {
            let (a, b) = (
                texel_direction(index),
                texel_direction((index + 1) % SHADOW_DIRECTIONS),
            );
            let degrees = a.angle_to(b).to_degrees().abs();
            assert!((0.2..0.55).contains(&degrees), "{index}: {degrees}°");
        }
        assert_eq!(texel_index(Vec2::X), 0);
        assert_eq!(texel_index(Vec2::new(1.0, -1e-6)), SHADOW_DIRECTIONS - 1);
    }

    #[test]
    fn a_body_at_rest_shades_as_a_fixed_obstacle_of_its_height_and_a_loose_one_casts_nothing_fixed()
    {
        let text = |loose: bool| {
            format!(
                "[player]\nstart = [0.0, 0.0]\n\
                 [[obstacle]]\npoints = [[2.0, -0.5], [3.0, -0.5], [3.0, 0.5], [2.0, 0.5]]\n\
                 height = {{height}}\nloose = {loose}\n"
            )
        };
        for height in [1.0f32, 4.0] {
            let read = |loose| {
                let source = text(loose).replace("{height}", &height.to_string());
                Level::from_toml_str(&source, std::path::Path::new("crate.toml"))
                    .expect("valid")
                    .level
            };
            let (fixed, loose) = (read(false), read(true));
            let lamp = Light {
                at: Vec2::ZERO,
                height: 2.5,
                colour: [1.0; 3],
                intensity: 1.0,
                radius: 8.0,
                base: None,
            };
            let fixed_row = shadow_row(&fixed.collider(), &fixed, &lamp, &[]);
            let nothing = shadow_row(&loose.collider(), &loose, &lamp, &[]);
            let open = shadow_row(
                &Collider::new(Vec::new(), Vec::new(), 0.3),
                &loose,
                &lamp,
                &[],
            );
            assert_eq!(nothing, open, "a loose obstacle casts no fixed shadow");
            assert_ne!(fixed_row, open, "a {height} m obstacle shades the floor");
            let resting = Occluder {
                polygon: fixed.obstacles[0].polygon.clone(),
                height,
            };
            let rested = shadow_row(&loose.collider(), &loose, &lamp, &[resting]);
            assert_eq!(
                rested, fixed_row,
                "{height} m: a body at rest shades as the obstacle"
            );
        }
    }

    #[test]
    fn a_lamp_in_a_closed_room_sees_its_walls_and_nothing_beyond() {
        let level = Level::from_toml_str(
            "[player]\nstart = [0.0, 0.0]\n\
             [[wall]]\na = [-2.0, -2.0]\nb = [2.0, -2.0]\n\
             [[wall]]\na = [2.0, -2.0]\nb = [2.0, 2.0]\n\
             [[wall]]\na = [2.0, 2.0]\nb = [-2.0, 2.0]\n\
             [[wall]]\na = [-2.0, 2.0]\nb = [-2.0, -2.0]\n",
            std::path::Path::new("room.toml"),
        )
        .expect("valid")
        .level;
        let collider = level.collider();
        let lamp = Light {
            at: Vec2::ZERO,
            height: 2.5,
            colour: [1.0; 3],
            intensity: 1.0,
            radius: 8.0,
            base: None,
        };
        let row = shadow_row(&collider, &level, &lamp, &[]);
        assert_eq!(row.len(), SHADOW_DIRECTIONS as usize);
        for (index, &[depth, low_start, low_end, _]) in row.iter().enumerate() {
            assert!(
                low_start > low_end,
                "{index}: no low shape to shade the floor"
            );
            // The square's boundary in this direction, from its centre.
            let direction = texel_direction(index as u32).normalize();
            let boundary = 2.0 / direction.x.abs().max(direction.y.abs());
            assert!(
                (depth - boundary).abs() < 1e-4,
                "{index}: {depth} vs {boundary}"
            );
        }
        // A lamp taller than the walls (2.8 m) sees over them: its radius.
        let high = Light {
            height: 3.0,
            ..lamp
        };
        // The walls (2.8 m) are lower than it: they shade the floor from
        // their foot to where their top's shadow lands, 15 times as far.
        for [reach, low_start, low_end, _] in shadow_row(&collider, &level, &high, &[]) {
            assert_eq!(reach, 8.0);
            assert!(low_start >= 2.0 - 1e-4, "{low_start}");
            let expected = (low_start * 3.0 / 0.2).min(8.0);
            assert!((low_end - expected).abs() < 1e-3, "{low_start}..{low_end}");
        }
    }
}
