//! Which family of sound a material makes, from its name: the level
//! names its materials freely (`wood_floor`, `brick`, `oak`), and the
//! sounds know five families and a default.

/// How a surface sounds when it is stepped on or struck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Boards: a hollow knock.
    Wood,
    /// Ceramic: a bright click.
    Tiles,
    /// Stone, brick, concrete, plaster: a dry tap. Also what an unknown
    /// name sounds like.
    Stone,
    /// Carpet, fabric, cloth: a muffled thump.
    Soft,
    /// Metal: a ringing clang.
    Metal,
}

/// Words that name each family, looked for anywhere in a material's name
/// (case aside); the first family with a word in the name wins.
const WORDS: &[(Family, &[&str])] = &[
    (
        Family::Soft,
        &[
            "carpet", "fabric", "cloth", "rug", "felt", "cushion", "grass",
        ],
    ),
    (
        Family::Metal,
        &[
            "metal", "steel", "iron", "grate", "tin", "copper", "alumin", "brass",
        ],
    ),
    (Family::Tiles, &["tile", "ceramic", "porcelain", "glass"]),
    (
        Family::Wood,
        &["wood", "plank", "board", "oak", "pine", "parquet", "crate"],
    ),
    (
        Family::Stone,
        &[
            "stone", "brick", "concrete", "plaster", "marble", "rock", "granite",
        ],
    ),
];

impl Family {
    /// What a material called `name` sounds like: [`Family::Stone`] when
    /// no family's word is in it.
    pub fn of_material(name: &str) -> Self {
        let name = name.to_ascii_lowercase();
        WORDS
            .iter()
            .find(|(_, words)| words.iter().any(|word| name.contains(word)))
            .map_or(Self::Stone, |(family, _)| *family)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_materials_fall_into_their_families_and_unknown_names_sound_of_stone() {
        let cases = [
            ("wood", Family::Wood),
            ("wood_floor", Family::Wood),
            ("tiles", Family::Tiles),
            ("brick", Family::Stone),
            ("plaster", Family::Stone),
            ("fabric", Family::Soft),
            ("Red_Carpet", Family::Soft),
            ("steel_grate", Family::Metal),
            ("ceiling", Family::Stone),
            ("", Family::Stone),
        ];
        for (name, family) in cases {
            assert_eq!(Family::of_material(name), family, "{name}");
        }
    }
}
