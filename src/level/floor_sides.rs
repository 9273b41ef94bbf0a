//! What paints the upright faces along one edge of a floor that look into
//! it, as a Doom side paints what its sector sees: the riser below (where
//! the floor beside is higher), the header above (where the ceiling beside
//! is lower), and how their textures lie.

use glam::Vec2;

use super::material_id::MaterialId;

/// One entry of a `[[floor]]`'s `sides`: the faces along one edge of its
/// outline that look into the floor, its materials as `M` names them (a
/// level's [`MaterialId`]s; an importer's texture names). The default
/// changes nothing: the faces keep the materials the floors'
/// `side_material`s give them and their texture continues from the
/// level's ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FloorSide<M = MaterialId> {
    /// The riser seen from this floor (Doom's lower texture); `None`, the
    /// floors' `side_material` as without an entry.
    pub lower: Option<M>,
    /// The header seen from this floor (Doom's upper texture); `None`, as
    /// without an entry.
    pub upper: Option<M>,
    /// Metres the textures of both faces are shifted: `x` along the edge
    /// (as its texture u runs), `y` down.
    pub offset: Vec2,
    /// Where the riser's texture is pinned up and down.
    pub lower_peg: SidePeg,
    /// Where the header's texture is pinned up and down.
    pub upper_peg: SidePeg,
}

/// Where the texture of a riser or a header seen from a floor is pinned up
/// and down: the height at which its texture's top lies (v = 0), before
/// the side's `offset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SidePeg {
    /// At the level's ground, as every face between floors: faces above
    /// and beside one another continue one pattern (the default).
    #[default]
    Ground,
    /// At the face's own edge toward this floor's opening, as Doom pegs a
    /// side's lower and upper textures: a riser's texture hangs from its
    /// top, a header's rests on its bottom (a repeat ends at the lower
    /// ceiling).
    Edge,
    /// At this floor's ceiling, as Doom's "lower unpegged" and "upper
    /// unpegged" lay them: a riser's texture as if it ran down from the
    /// ceiling, a header's hung from its top.
    Ceiling,
}

impl SidePeg {
    /// Each peg by the word the level format writes for it
    /// (`lower_peg`, `upper_peg`).
    pub const WORDS: [(&'static str, SidePeg); 3] = [
        (SidePeg::Ground.word(), SidePeg::Ground),
        (SidePeg::Edge.word(), SidePeg::Edge),
        (SidePeg::Ceiling.word(), SidePeg::Ceiling),
    ];

    /// The word the level format writes for it.
    pub const fn word(self) -> &'static str {
        match self {
            SidePeg::Ground => "ground",
            SidePeg::Edge => "edge",
            SidePeg::Ceiling => "ceiling",
        }
    }
}

impl<M> Default for FloorSide<M> {
    fn default() -> Self {
        Self {
            lower: None,
            upper: None,
            offset: Vec2::ZERO,
            lower_peg: SidePeg::default(),
            upper_peg: SidePeg::default(),
        }
    }
}

impl<M: PartialEq> FloorSide<M> {
    /// Whether it is the default, which a level file need not write.
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}
