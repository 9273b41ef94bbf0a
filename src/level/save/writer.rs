//! A complete level file for a level that has none (the embedded house, a
//! maze): everything the [`Level`] holds, written so that it loads back to an
//! equal level. See `docs/editing.md` for what is written.

use std::fmt::Write as _;

use glam::Vec3;

use super::document::DocumentError;
use super::numbers::{number_text, point_text};
use crate::level::defaults::builtin_materials;
use crate::level::{Level, Material, MaterialId, TextureSource};

/// The text of a level file holding all of `level`:
/// - the name and the wall defaults (`wall_radius`, `wall_height`,
///   `wall_thickness`, `wall_material`);
/// - `[player]` and `[environment]` with every key;
/// - a `[[material]]` for each material that is not a builtin as shipped
///   (declared ones, and builtins the level replaced), in the level's order;
/// - every `[[wall]]` with `a` and `b`, plus the properties that differ
///   from the wall defaults;
/// - every `[[obstacle]]` with its points, height and material;
/// - every `[[light]]` with every key;
/// - every `[[door]]` with every key.
///
/// Texture files are written with the paths the level holds; relative ones
/// resolve against the new file's folder, which is where they resolved from
/// when the new file is in the working directory.
pub(super) fn level_text(level: &Level) -> Result<String, DocumentError> {
    let material = |id: MaterialId| string_text(&material_name(level, id));
    let defaults = &level.wall_defaults;
    let mut text = String::new();
    let out = &mut text;
    line(
        out,
        "# A level written by mazewalker; the format is in docs/level-format.md.",
    );
    line(out, "");
    line(out, &format!("name = {}", string_text(&level.name)));
    key_number(out, "wall_radius", defaults.radius);
    key_number(out, "wall_height", defaults.height);
    key_number(out, "wall_thickness", defaults.thickness);
    line(
        out,
        &format!("wall_material = {}", material(defaults.material)),
    );

    let player = &level.player;
    line(out, "\n[player]");
    line(out, &format!("start = {}", point_text(player.start)));
    key_number(out, "yaw", player.yaw_degrees);
    key_number(out, "radius", player.radius);
    key_number(out, "eye_height", player.eye_height);

    let environment = &level.environment;
    line(out, "\n[environment]");
    line(out, &format!("floor = {}", material(environment.floor)));
    line(out, &format!("ceiling = {}", material(environment.ceiling)));
    key_number(out, "ceiling_height", environment.ceiling_height);
    line(
        out,
        &format!(
            "light_direction = {}",
            vector_text(environment.light_direction)
        ),
    );
    key_number(out, "ambient", environment.ambient);
    key_number(out, "fog_distance", environment.fog_distance);

    let shipped = builtin_materials();
    for (index, declared) in level.materials.iter().enumerate() {
        if shipped.get(index) != Some(declared) {
            material_table(out, declared)?;
        }
    }

    for wall in &level.walls {
        line(out, "\n[[wall]]");
        line(out, &format!("a = {}", point_text(wall.a)));
        line(out, &format!("b = {}", point_text(wall.b)));
        if wall.radius != defaults.radius {
            key_number(out, "radius", wall.radius);
        }
        if wall.height != defaults.height {
            key_number(out, "height", wall.height);
        }
        if wall.thickness != defaults.thickness {
            key_number(out, "thickness", wall.thickness);
        }
        if wall.material != defaults.material {
            line(out, &format!("material = {}", material(wall.material)));
        }
    }

    for obstacle in &level.obstacles {
        let points: Vec<String> = obstacle
            .polygon
            .points()
            .iter()
            .map(|&point| point_text(point))
            .collect();
        line(out, "\n[[obstacle]]");
        line(out, &format!("points = [{}]", points.join(", ")));
        key_number(out, "height", obstacle.height);
        line(out, &format!("material = {}", material(obstacle.material)));
    }

    for light in &level.lights {
        line(out, "\n[[light]]");
        line(out, &format!("at = {}", point_text(light.at)));
        key_number(out, "height", light.height);
        line(
            out,
            &format!("colour = {}", vector_text(Vec3::from_array(light.colour))),
        );
        key_number(out, "intensity", light.intensity);
        key_number(out, "radius", light.radius);
    }

    for door in &level.doors {
        line(out, "\n[[door]]");
        line(out, &format!("a = {}", point_text(door.a)));
        line(out, &format!("b = {}", point_text(door.b)));
        line(out, &format!("kind = {}", string_text(door.kind.word())));
        key_number(out, "swing", door.swing_degrees);
        key_number(out, "thickness", door.thickness);
        key_number(out, "height", door.height);
        line(out, &format!("material = {}", material(door.material)));
        key_number(out, "speed", door.speed);
        line(out, &format!("opens = {}", string_text(door.opens.word())));
        key_number(out, "close_after", door.close_after);
    }
    Ok(text)
}

/// One `[[material]]` table.
fn material_table(out: &mut String, material: &Material) -> Result<(), DocumentError> {
    line(out, "\n[[material]]");
    line(out, &format!("name = {}", string_text(&material.name)));
    match &material.texture {
        TextureSource::Builtin(name) => line(out, &format!("builtin = {}", string_text(name))),
        TextureSource::File(path) => {
            let path_text = path
                .to_str()
                .ok_or_else(|| DocumentError::NonUnicodePath(path.clone()))?;
            line(out, &format!("file = {}", string_text(path_text)));
        }
    }
    key_number(out, "metres_per_repeat", material.metres_per_repeat);
    Ok(())
}

fn line(out: &mut String, text: &str) {
    out.push_str(text);
    out.push('\n');
}

fn key_number(out: &mut String, key: &str, value: f32) {
    // Writing into a String cannot fail.
    let _ = writeln!(out, "{key} = {}", number_text(value));
}

/// A material's name; a level only refers to materials it has, so the
/// fallback (the first builtin) is never used.
fn material_name(level: &Level, id: MaterialId) -> String {
    level
        .materials
        .get(id.0)
        .or_else(|| level.materials.first())
        .map_or_else(String::new, |material| material.name.clone())
}

/// `text` as a TOML basic string, quoted and escaped.
fn string_text(text: &str) -> String {
    toml_edit::Value::from(text).to_string()
}

fn vector_text(vector: Vec3) -> String {
    format!(
        "[{}, {}, {}]",
        number_text(vector.x),
        number_text(vector.y),
        number_text(vector.z)
    )
}
