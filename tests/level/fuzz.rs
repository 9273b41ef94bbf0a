//! The loader never panics: random bytes and mutated valid files give a level
//! or an error, nothing else.

use crate::common;

use std::path::Path;

use common::property_cases::property_config;
use mazewalker::level::{DEFAULT_HOUSE_TOML, Level};
use proptest::prelude::*;

fn load_without_panicking(text: &str) {
    if let Err(error) = Level::from_toml_str(text, Path::new("fuzz.toml")) {
        assert!(!error.to_string().is_empty());
    }
}

/// A small valid level that exercises every table, so mutations reach the
/// validation code rather than only the TOML parser.
const SMALL_LEVEL: &str = r#"name = "small"
wall_radius = 0.3
[player]
start = [1.0, 1.0]
yaw = 90.0
[environment]
ambient = 0.5
light_direction = [0.0, -1.0, 0.0]
[[material]]
name = "mural"
file = "missing.png"
[[wall]]
a = [0.0, 0.0]
b = [4.0, 0.0]
material = "brick"
[[obstacle]]
points = [[2.0, 2.0], [3.0, 2.0], [3.0, 3.0]]
"#;

/// Edits `text` at byte positions (as fractions of its length) by deleting,
/// duplicating or replacing a byte; the result is read as lossy UTF-8.
fn mutate(text: &str, edits: &[(f64, u8, u8)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(position, kind, byte) in edits {
        if bytes.is_empty() {
            break;
        }
        let index = ((position * bytes.len() as f64) as usize).min(bytes.len() - 1);
        match kind % 3 {
            0 => {
                bytes.remove(index);
            }
            1 => bytes.insert(index, bytes[index]),
            _ => bytes[index] = byte,
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Bytes that matter to TOML and to the numbers in a level.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        Just(b'['),
        Just(b']'),
        Just(b'='),
        Just(b'"'),
        Just(b'\n'),
        Just(b'-'),
        Just(b'.'),
        Just(b','),
        Just(b'0'),
        Just(b'9'),
        Just(b'e'),
        Just(b'n'),
        any::<u8>(),
    ]
}

proptest! {
    #![proptest_config(property_config(300))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        load_without_panicking(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_small_levels_never_panic(edits in proptest::collection::vec((0.0..1.0f64, any::<u8>(), interesting_byte()), 1..8)) {
        load_without_panicking(&mutate(SMALL_LEVEL, &edits));
    }

    #[test]
    fn mutated_default_houses_never_panic(edits in proptest::collection::vec((0.0..1.0f64, any::<u8>(), interesting_byte()), 1..6)) {
        load_without_panicking(&mutate(DEFAULT_HOUSE_TOML, &edits));
    }

    #[test]
    fn any_numbers_in_a_valid_level_never_panic(
        numbers in proptest::collection::vec(
            prop_oneof![any::<f32>(), Just(f32::NAN), Just(f32::INFINITY), Just(0.0), Just(-0.0), -10.0..10.0f32],
            12,
        )
    ) {
        let show = |value: f32| if value.is_nan() { "nan".to_string() } else if value.is_infinite() {
            if value > 0.0 { "inf".to_string() } else { "-inf".to_string() }
        } else { format!("{value:?}") };
        let n: Vec<String> = numbers.iter().map(|&value| show(value)).collect();
        let text = format!(
            "wall_radius = {}\n[player]\nstart = [{}, {}]\nradius = {}\n[[wall]]\na = [{}, {}]\nb = [{}, {}]\n\
             [[obstacle]]\npoints = [[{}, {}], [{}, {}], [1.0, 1.0]]\n",
            n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], n[8], n[9], n[10], n[11]
        );
        load_without_panicking(&text);
    }
}
