//! Doom's sky: a sector whose ceiling flat is `F_SKY1` is open to it, and
//! the sky's texture is the episode's, `SKY1` to `SKY4`, by the map's
//! name as Doom picks it: Doom II's MAP01–11 `SKY1`, MAP12–20 `SKY2`,
//! MAP21 on `SKY3`; Doom's E1 to E4 `SKY1` to `SKY4`. Any other name
//! takes `SKY1`.

/// The ceiling flat that stands for the sky.
const SKY_FLAT: &str = "F_SKY1";

/// The sky texture of a map whose name is not Doom's or Doom II's.
const FIRST_SKY: &str = "SKY1";

/// Whether a ceiling of flat `name` is open sky.
pub(super) fn is_sky(name: &str) -> bool {
    name.eq_ignore_ascii_case(SKY_FLAT)
}

/// The name of the sky texture of map `map_name` (`E2M4`, `MAP15`).
pub(super) fn sky_texture(map_name: &str) -> String {
    let name = map_name.to_ascii_uppercase();
    let number_after = |prefix: &str, digits: usize| {
        name.strip_prefix(prefix)
            .and_then(|rest| rest.get(..digits))
            .and_then(|digits| digits.parse::<u32>().ok())
    };
    let sky = if let Some(map) = number_after("MAP", 2) {
        match map {
            0..=11 => 1,
            12..=20 => 2,
            _ => 3,
        }
    } else if let Some(episode) = number_after("E", 1).filter(|e| (1..=4).contains(e))
        && name.as_bytes().get(2) == Some(&b'M')
    {
        episode
    } else {
        return FIRST_SKY.to_owned();
    };
    format!("SKY{sky}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_map_takes_its_episodes_sky() {
        for (map, sky) in [
            ("MAP01", "SKY1"),
            ("MAP11", "SKY1"),
            ("MAP12", "SKY2"),
            ("MAP20", "SKY2"),
            ("MAP21", "SKY3"),
            ("MAP32", "SKY3"),
            ("E1M1", "SKY1"),
            ("e2m5", "SKY2"),
            ("E3M9", "SKY3"),
            ("E4M1", "SKY4"),
            ("E5M1", "SKY1"),
            ("START", "SKY1"),
            ("MAPXY", "SKY1"),
        ] {
            assert_eq!(sky_texture(map), sky, "{map}");
        }
    }

    #[test]
    fn only_f_sky1_is_sky() {
        assert!(is_sky("F_SKY1"));
        assert!(is_sky("f_sky1"));
        assert!(!is_sky("FLOOR4_8"));
        assert!(!is_sky("F_SKY2"));
    }
}
