//! The scene shader's source: `shaders/scene.wgsl` with the constants it
//! shares with this code written before it, each from its one Rust value,
//! and the variant for WebGL2, which has no storage buffer.

use std::borrow::Cow;

use super::lamps::shadows_in_storage;
use super::light_grid::{FaceClass, GRID_CELLS};
use super::shadow::{MAX_LAMPS, SHADOW_BIAS, SHADOW_DIRECTIONS};

/// The scene shader's text as written: it declares none of the constants
/// of [`shared_constants`], which are written before it.
const SCENE_SHADER: &str = include_str!("../../shaders/scene.wgsl");

/// The shadow rows' binding in [`SCENE_SHADER`], and how a row is read.
const SHADOWS_BINDING: &str = "@group(0) @binding(2) var<storage, read> shadows: array<vec2<u32>>;";
const SHADOW_ROW_READ: &str = "shadows[shadow_texel(i, flat)]";

/// The light grid's face classes by the names the shader gives them.
const FACE_CLASSES: [(&str, FaceClass); 6] = [
    ("FACE_ANY", FaceClass::Any),
    ("FACE_FLOOR", FaceClass::Floor),
    ("FACE_PLUS_X", FaceClass::FacingPlusX),
    ("FACE_MINUS_X", FaceClass::FacingMinusX),
    ("FACE_PLUS_Z", FaceClass::FacingPlusZ),
    ("FACE_MINUS_Z", FaceClass::FacingMinusZ),
];

/// The WGSL declarations of the constants the scene shader shares with
/// this code: the lamps a frame lights and the directions of their
/// shadow rows (`render/shadow.rs`), the shadow rows' bias, the light
/// grid's cells and its classes of face (`render/light_grid.rs`).
fn shared_constants() -> String {
    let mut declarations = format!(
        "const MAX_LAMPS: u32 = {MAX_LAMPS}u;\n\
         const SHADOW_DIRECTIONS: f32 = {SHADOW_DIRECTIONS}.0;\n\
         const SHADOW_BIAS: f32 = {SHADOW_BIAS:?};\n\
         const GRID_CELLS: i32 = {GRID_CELLS};\n"
    );
    for (name, class) in FACE_CLASSES {
        declarations.push_str(&format!("const {name}: u32 = {}u;\n", class as u32));
    }
    declarations
}

/// The scene shader's whole source where the device has storage buffers:
/// [`shared_constants`], then [`SCENE_SHADER`].
fn scene_shader_source() -> String {
    shared_constants() + SCENE_SHADER
}

/// The scene shader: its source as [`scene_shader_source`] makes it where
/// the device has storage buffers, else (WebGL2: [`shadows_in_storage`])
/// as [`scene_shader_for_webgl2`] rewrites it.
pub fn scene_shader(device: &wgpu::Device) -> wgpu::ShaderModule {
    let source = match shadows_in_storage(device) {
        true => scene_shader_source(),
        false => scene_shader_for_webgl2(),
    };
    device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("shaders/scene.wgsl"),
        source: wgpu::ShaderSource::Wgsl(Cow::Owned(source)),
    })
}

/// [`scene_shader_source`] for WebGL2: no storage buffer, every shadow
/// row read as a light that travels without end (an infinite reach, `x`)
/// and no stretch of floor shaded (`y`); and the lowest bit set found
/// without `firstTrailingBit`, which GLSL ES 3.0 lacks (its one bit is a
/// power of two, whose logarithm is exact).
fn scene_shader_for_webgl2() -> String {
    const HELPERS: &str = "fn no_shadow() -> vec2<u32> { return vec2<u32>(0x7f800000u, 0u); }\n\
        fn lowest_bit(x: u32) -> u32 { return u32(round(log2(f32(x & (0u - x))))); }";
    scene_shader_source()
        .replace(SHADOWS_BINDING, HELPERS)
        .replace(SHADOW_ROW_READ, "no_shadow()")
        .replace("firstTrailingBit(", "lowest_bit(")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `const` declarations of a WGSL text, as (name, value) pairs.
    fn declared_constants(wgsl: &str) -> Vec<(String, String)> {
        wgsl.lines()
            .filter_map(|line| {
                let declaration = line.trim().strip_prefix("const ")?;
                let (name, rest) = declaration.split_once(':')?;
                let (_, value) = rest.split_once('=')?;
                Some((
                    name.trim().to_owned(),
                    value.trim().trim_end_matches(';').to_owned(),
                ))
            })
            .collect()
    }

    /// Each constant the shader shares with the code, and its value here.
    fn shared_values() -> Vec<(&'static str, f64)> {
        let mut values = vec![
            ("MAX_LAMPS", MAX_LAMPS as f64),
            ("SHADOW_DIRECTIONS", f64::from(SHADOW_DIRECTIONS)),
            ("SHADOW_BIAS", f64::from(SHADOW_BIAS)),
            ("GRID_CELLS", f64::from(GRID_CELLS)),
        ];
        values.extend(FACE_CLASSES.map(|(name, class)| (name, f64::from(class as u32))));
        values
    }

    #[test]
    fn each_shared_constant_is_declared_once_with_the_value_of_the_code() {
        let declared = declared_constants(&scene_shader_source());
        for (name, value) in shared_values() {
            let values: Vec<f64> = declared
                .iter()
                .filter(|(declared, _)| declared == name)
                .filter_map(|(_, text)| {
                    // As WGSL reads it: a `u32` literal, or an `f32`.
                    let number = text.trim_end_matches('u').parse::<f32>().ok()?;
                    Some(f64::from(number))
                })
                .collect();
            assert_eq!(
                values,
                [value],
                "`{name}` in the scene shader's source: declared {} times, \
                 with the values {values:?}",
                declared
                    .iter()
                    .filter(|(declared, _)| declared == name)
                    .count()
            );
        }
    }

    /// Why naga refuses `source` as WGSL, or `None` when it parses and
    /// validates.
    fn refusal(source: &str) -> Option<String> {
        use wgpu::naga::valid::{Capabilities, ValidationFlags, Validator};
        let module = match wgpu::naga::front::wgsl::parse_str(source) {
            Ok(module) => module,
            Err(error) => return Some(error.emit_to_string(source)),
        };
        // `unpack2x16float` asks for half floats read in 32 bits: wgpu
        // grants it with the downlevel flag `SHADER_F16_IN_F32`.
        let capabilities = Capabilities::SHADER_FLOAT16_IN_FLOAT32;
        Validator::new(ValidationFlags::all(), capabilities)
            .validate(&module)
            .err()
            .map(|error| error.emit_to_string(source))
    }

    #[test]
    fn the_scene_shader_and_its_webgl2_variant_are_valid_wgsl() {
        for (what, source) in [
            ("the scene shader", scene_shader_source()),
            ("its WebGL2 variant", scene_shader_for_webgl2()),
        ] {
            if let Some(refusal) = refusal(&source) {
                panic!("{what} is not valid WGSL:\n{refusal}");
            }
        }
    }

    #[test]
    fn the_scene_shader_for_webgl2_reads_no_shadow_row_and_no_trailing_bit() {
        assert_eq!(SCENE_SHADER.matches(SHADOWS_BINDING).count(), 1);
        let webgl2 = scene_shader_for_webgl2();
        assert!(!webgl2.contains("var<storage"), "a storage binding is left");
        assert!(!webgl2.contains("shadows["), "a shadow row is still read");
        assert!(
            !webgl2.contains("firstTrailingBit"),
            "GLSL ES 3.0 has no findLSB"
        );
        assert_eq!(webgl2.matches("no_shadow()").count(), 3);
        assert!(webgl2.starts_with(&shared_constants()));
    }
}
