//! A complete level file for a level that has none (the embedded house, a
//! maze): everything the [`Level`] holds, written so that it loads back to an
//! equal level. See `docs/editing.md` for what is written.

use std::fmt::Write as _;

use super::document::DocumentError;
use super::numbers::{number_text, point_text, repeat_size_text};
use super::values::{
    KeyValue, door_values, exit_values, floor_values, lift_values, light_values, obstacle_values,
    string_text, switch_values, teleporter_values, vector_text, wall_values,
};
use crate::level::texture::builtin_materials;
use crate::level::{Level, Material, MaterialId, TextureSource};

/// The text of a level file holding all of `level`:
/// - the name, the wall defaults (`wall_radius`, `wall_height`,
///   `wall_thickness`, `wall_material`) and the obstacle defaults
///   (`obstacle_height`, `obstacle_material`);
/// - `[player]` and `[environment]` with every key (`sky` where the level
///   has one);
/// - a `[[material]]` for each material that is not a builtin as shipped
///   (declared ones, and builtins the level replaced), in the level's order;
/// - every `[[wall]]` with `a` and `b`, plus the properties that differ
///   from the wall defaults;
/// - every `[[obstacle]]` with its points, height and material, plus
///   `loose`, `mass`, `friction` and `bounce` where they differ from the
///   defaults;
/// - every `[[light]]` with every key;
/// - every `[[door]]` with every key;
/// - every `[[floor]]` with every key;
/// - every `[[teleporter]]`, `[[exit]]`, `[[switch]]` and `[[lift]]` with
///   every key.
///
/// Texture files are written with the paths the level holds; relative ones
/// resolve against the new file's folder, which is where they resolved from
/// when the new file is in the working directory.
pub(super) fn level_text(level: &Level) -> Result<String, DocumentError> {
    level_text_reporting(level, &mut |_| {})
}

/// [`level_text`], telling `progress` the share of the level's items
/// written (0 to 1) after every [`ITEMS_A_REPORT`] of them.
pub(super) fn level_text_reporting(
    level: &Level,
    progress: &mut dyn FnMut(f32),
) -> Result<String, DocumentError> {
    let mut text = String::new();
    write_settings(&mut text, level);
    let total = level.walls.len()
        + level.obstacles.len()
        + level.lights.len()
        + level.doors.len()
        + level.floors.len()
        + level.teleporters.len()
        + level.exits.len()
        + level.switches.len()
        + level.lifts.len();
    let mut written = 0;
    let mut one_written = || {
        written += 1;
        if written % ITEMS_A_REPORT == 0 {
            progress(written as f32 / total as f32);
        }
    };
    write_items(&mut text, level, &mut one_written)?;
    Ok(text)
}

/// How many items [`level_text_reporting`] writes between two reports: a
/// millisecond or two of writing on the page.
const ITEMS_A_REPORT: usize = 64;

/// The top-level keys, `[player]` and `[environment]`, every key written.
fn write_settings(out: &mut String, level: &Level) {
    let material = |id: MaterialId| string_text(&material_name(level, id));
    let defaults = &level.wall_defaults;
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
    let obstacle_defaults = &level.obstacle_defaults;
    key_number(out, "obstacle_height", obstacle_defaults.height);
    line(
        out,
        &format!(
            "obstacle_material = {}",
            material(obstacle_defaults.material)
        ),
    );

    let player = &level.player;
    line(out, "\n[player]");
    line(out, &format!("start = {}", point_text(player.start)));
    key_number(out, "yaw", player.yaw_degrees);
    key_number(out, "radius", player.radius);
    key_number(out, "eye_height", player.eye_height);
    key_number(out, "push", player.push);
    key_number(out, "kick", player.kick);

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
    if let Some(sky) = environment.sky {
        line(out, &format!("sky = {}", material(sky)));
    }
}

/// The declared materials that differ from the shipped ones, then every
/// wall, obstacle, lamp, door, floor, teleporter, exit, switch and lift,
/// each as its
/// table, calling `one_written`
/// after each item.
fn write_items(
    out: &mut String,
    level: &Level,
    one_written: &mut dyn FnMut(),
) -> Result<(), DocumentError> {
    let defaults = &level.wall_defaults;
    let shipped = builtin_materials();
    for (index, declared) in level.materials.iter().enumerate() {
        if shipped.get(index) != Some(declared) {
            material_table(out, declared)?;
        }
    }

    for wall in &level.walls {
        line(out, "\n[[wall]]");
        let own = wall_values(wall, &material_name(level, wall.material));
        let default = wall_values(
            &defaults.wall(wall.a, wall.b),
            &material_name(level, defaults.material),
        );
        // The ends always; the rest where they differ from the defaults.
        key_values_off_default(out, &own, &default, 2);
        one_written();
    }

    for obstacle in &level.obstacles {
        line(out, "\n[[obstacle]]");
        let material = material_name(level, obstacle.material);
        let own = obstacle_values(obstacle, &material);
        let default = obstacle_values(
            &level.obstacle_defaults.obstacle(obstacle.polygon.clone()),
            &material,
        );
        // The points, height and material always; the rest (how a loose
        // obstacle moves) where they differ from the defaults.
        key_values_off_default(out, &own, &default, 3);
        one_written();
    }

    for light in &level.lights {
        line(out, "\n[[light]]");
        key_values(out, &light_values(light));
        one_written();
    }

    for door in &level.doors {
        line(out, "\n[[door]]");
        key_values(
            out,
            &door_values(door, &material_name(level, door.material)),
        );
        one_written();
    }

    for floor in &level.floors {
        line(out, "\n[[floor]]");
        key_values(
            out,
            &floor_values(floor, |material| material_name(level, material)),
        );
        one_written();
    }

    for teleporter in &level.teleporters {
        line(out, "\n[[teleporter]]");
        key_values(out, &teleporter_values(teleporter));
        one_written();
    }

    for exit in &level.exits {
        line(out, "\n[[exit]]");
        key_values(out, &exit_values(exit));
        one_written();
    }

    for switch in &level.switches {
        line(out, "\n[[switch]]");
        key_values(out, &switch_values(switch));
        one_written();
    }

    for lift in &level.lifts {
        line(out, "\n[[lift]]");
        key_values(out, &lift_values(lift));
        one_written();
    }
    Ok(())
}

/// One `[[material]]` table.
fn material_table(out: &mut String, material: &Material) -> Result<(), DocumentError> {
    line(out, "\n[[material]]");
    line(out, &format!("name = {}", string_text(&material.name)));
    match &material.texture {
        TextureSource::Builtin(name) => line(out, &format!("builtin = {}", string_text(name))),
        TextureSource::File(path) | TextureSource::InMemory { file: path, .. } => {
            let path_text = path
                .to_str()
                .ok_or_else(|| DocumentError::NonUnicodePath(path.clone()))?;
            line(out, &format!("file = {}", string_text(path_text)));
        }
    }
    key_value(
        out,
        "metres_per_repeat",
        &repeat_size_text(material.metres_per_repeat),
    );
    Ok(())
}

fn line(out: &mut String, text: &str) {
    out.push_str(text);
    out.push('\n');
}

fn key_number(out: &mut String, key: &str, value: f32) {
    key_value(out, key, &number_text(value));
}

/// A material's name; a level only refers to materials it has, so the
/// fallback (the first builtin) is never used.
fn material_name(level: &Level, id: MaterialId) -> String {
    level
        .materials
        .get(id.index())
        .or_else(|| level.materials.first())
        .map_or_else(String::new, |material| material.name.clone())
}

/// `key = value` for each of `values`.
fn key_values(out: &mut String, values: &[KeyValue]) {
    for (key, value) in values {
        key_value(out, key, value);
    }
}

/// `key = value` for each of `own`: the first `always` whatever their
/// value, the others where they differ from `default`'s or it has no
/// such key (an item's `base`).
fn key_values_off_default(out: &mut String, own: &[KeyValue], default: &[KeyValue], always: usize) {
    for (number, (key, value)) in own.iter().enumerate() {
        let off_default = default
            .get(number)
            .is_none_or(|(_, default)| value != default);
        if number < always || off_default {
            key_value(out, key, value);
        }
    }
}

fn key_value(out: &mut String, key: &str, value: &str) {
    // Writing into a String cannot fail.
    let _ = writeln!(out, "{key} = {value}");
}
