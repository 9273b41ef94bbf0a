//! A level's walls: their common properties as fields, the few that
//! walls rarely set behind one optional box (so that a million-wall maze's
//! walls stay 40 bytes each), and the defaults a `[[wall]]` table takes.

use glam::Vec2;

use super::material_id::MaterialId;
use super::range::ValueRange;

/// One wall of a level.
///
/// Its common properties are fields; the few a wall rarely sets (its
/// `base`, `drawn`, `see_through`, `blocks`, texture alignment) sit behind
/// one optional box, read and written through methods, so that a
/// million-wall maze's walls stay 40 bytes each.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelWall {
    /// First end point (x, z).
    pub a: Vec2,
    /// Second end point (x, z).
    pub b: Vec2,
    /// Collision radius: the eye stays at least this far from segment a→b.
    pub radius: f32,
    /// Height of the rendered wall, in metres.
    pub height: f32,
    /// Rendered thickness, in metres (centred on the segment).
    pub thickness: f32,
    /// Surface material.
    pub material: MaterialId,
    /// What it sets of the rarely set properties; `None` when it sets
    /// none (kept so: never a box of defaults, so that equal walls
    /// compare equal).
    rare: Option<Box<RareWallProperties>>,
}

/// A wall is its 32 bytes of fields and the rare properties' pointer: 40
/// bytes natively, 36 in the web page (32-bit pointers).
const _: () = assert!(std::mem::size_of::<LevelWall>() == 32 + std::mem::size_of::<usize>());

/// A wall's properties that few walls set, each at its default in
/// `RareWallProperties::default()`.
#[derive(Debug, Clone, PartialEq, Default)]
struct RareWallProperties {
    /// See [`LevelWall::base`].
    base: Option<f32>,
    /// The opposite of [`LevelWall::drawn`], so that the default is drawn.
    undrawn: bool,
    /// See [`LevelWall::see_through`].
    see_through: bool,
    /// The opposite of [`LevelWall::blocks`], so that the default blocks.
    passable: bool,
    /// See [`LevelWall::alignment`].
    alignment: TextureAlignment,
}

/// How a wall's texture lies on its faces, as Doom aligns a side's
/// texture: where its pattern is pinned up and down, and how far it is
/// shifted. The default (no shift, pinned to the top) is how every wall
/// was drawn before alignment could be written.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TextureAlignment {
    /// Metres the texture is shifted: `x` along the wall (as its texture
    /// u runs), `y` down.
    pub offset: Vec2,
    /// Which edge of the wall the texture's top or bottom rests on.
    pub peg: Peg,
}

/// Where a wall's texture is pinned up and down (Doom's pegging). A
/// repeat up and down is the texture's height: its material's
/// `metres_per_repeat` down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Peg {
    /// A repeat of the texture starts at the wall's top and runs down
    /// (the default; Doom's middle texture).
    #[default]
    Top,
    /// A repeat of the texture ends at the wall's bottom (Doom's "lower
    /// unpegged" middle texture).
    Bottom,
}

impl Peg {
    /// Each peg by the word the level format writes for it (`peg`).
    pub const WORDS: [(&'static str, Peg); 2] = [
        (Peg::Top.word(), Peg::Top),
        (Peg::Bottom.word(), Peg::Bottom),
    ];

    /// The word the level format writes for it.
    pub const fn word(self) -> &'static str {
        match self {
            Peg::Top => "top",
            Peg::Bottom => "bottom",
        }
    }
}

/// The properties a `[[wall]]` takes when it gives only `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WallDefaults {
    /// Collision radius (`wall_radius`, default 0.3 m).
    pub radius: f32,
    /// Rendered height (`wall_height`, default the ceiling height).
    pub height: f32,
    /// Rendered thickness (`wall_thickness`, default 0.15 m).
    pub thickness: f32,
    /// Surface material (`wall_material`, default `plaster`).
    pub material: MaterialId,
}

impl WallDefaults {
    /// The wall from `a` to `b` with these properties: what a `[[wall]]`
    /// table holding only `a` and `b` loads as.
    pub fn wall(&self, a: Vec2, b: Vec2) -> LevelWall {
        LevelWall::new(
            a,
            b,
            self.radius,
            self.height,
            self.thickness,
            self.material,
        )
    }
}

/// One end of a wall: its `a` or its `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WallEnd {
    /// The first end point, key `a`.
    A,
    /// The second end point, key `b`.
    B,
}

impl WallEnd {
    /// The key of this end in a `[[wall]]` table: `"a"` or `"b"`.
    pub fn key(self) -> &'static str {
        match self {
            WallEnd::A => "a",
            WallEnd::B => "b",
        }
    }
}

impl LevelWall {
    /// The wall from `a` to `b` with these properties, drawn, on the
    /// floor under it (no `base`).
    pub fn new(
        a: Vec2,
        b: Vec2,
        radius: f32,
        height: f32,
        thickness: f32,
        material: MaterialId,
    ) -> LevelWall {
        LevelWall {
            a,
            b,
            radius,
            height,
            thickness,
            material,
            rare: None,
        }
    }

    /// `radius` (and `wall_radius`): 0 or more.
    pub const RADIUS: ValueRange = ValueRange::NonNegative;
    /// `height` (and `wall_height`): above 0.
    pub const HEIGHT: ValueRange = ValueRange::Positive;
    /// `thickness` (and `wall_thickness`): 0 or more.
    pub const THICKNESS: ValueRange = ValueRange::NonNegative;

    /// The height its bottom stands at, in metres above the ground
    /// (−100..100); `None` (the key left out): the lowest floor under it
    /// ([`Level::base_under`](super::Level::base_under)), 0 in a level
    /// without floors.
    pub fn base(&self) -> Option<f32> {
        self.rare.as_ref().and_then(|rare| rare.base)
    }

    /// Whether it is drawn (the default). An undrawn wall still blocks
    /// the walker and the bodies, but shows nothing, casts no shadow,
    /// stops no sound and hides nothing behind it: a Doom line that
    /// blocks across an open edge between two sectors.
    pub fn drawn(&self) -> bool {
        self.rare.as_ref().is_none_or(|rare| !rare.undrawn)
    }

    /// Whether it is drawn with its material's transparency (a Doom
    /// grate or fence): texels less than half opaque are not drawn, both
    /// faces show, and, as for a wall not drawn, it casts no shadow,
    /// stops no sound and hides nothing behind it. Default `false`.
    pub fn see_through(&self) -> bool {
        self.rare.as_ref().is_some_and(|rare| rare.see_through)
    }

    /// Whether it blocks the walker and the bodies (the default). A wall
    /// that does not is still drawn (as its other keys say), but the
    /// collider and the bodies pass through it.
    pub fn blocks(&self) -> bool {
        self.rare.as_ref().is_none_or(|rare| !rare.passable)
    }

    /// Whether it is drawn and opaque ([`drawn`](Self::drawn) and not
    /// [`see_through`](Self::see_through)): what casts a shadow, stops
    /// sound and can hide what is behind it.
    pub fn opaque(&self) -> bool {
        self.drawn() && !self.see_through()
    }

    /// How its material lies on it: shifted by `offset`, pinned to its
    /// top or bottom.
    pub fn alignment(&self) -> TextureAlignment {
        self.rare
            .as_ref()
            .map_or_else(TextureAlignment::default, |rare| rare.alignment)
    }

    /// Sets [`alignment`](Self::alignment).
    pub fn set_alignment(&mut self, alignment: TextureAlignment) {
        self.change_rare(|rare| rare.alignment = alignment);
    }

    /// The wall with [`alignment`](Self::alignment) set to `alignment`.
    pub fn with_alignment(mut self, alignment: TextureAlignment) -> LevelWall {
        self.set_alignment(alignment);
        self
    }

    /// Sets [`base`](Self::base).
    pub fn set_base(&mut self, base: Option<f32>) {
        self.change_rare(|rare| rare.base = base);
    }

    /// Sets [`drawn`](Self::drawn).
    pub fn set_drawn(&mut self, drawn: bool) {
        self.change_rare(|rare| rare.undrawn = !drawn);
    }

    /// Sets [`see_through`](Self::see_through).
    pub fn set_see_through(&mut self, see_through: bool) {
        self.change_rare(|rare| rare.see_through = see_through);
    }

    /// Sets [`blocks`](Self::blocks).
    pub fn set_blocks(&mut self, blocks: bool) {
        self.change_rare(|rare| rare.passable = !blocks);
    }

    /// The wall with [`see_through`](Self::see_through) set to
    /// `see_through`.
    pub fn with_see_through(mut self, see_through: bool) -> LevelWall {
        self.set_see_through(see_through);
        self
    }

    /// The wall with [`blocks`](Self::blocks) set to `blocks`.
    pub fn with_blocks(mut self, blocks: bool) -> LevelWall {
        self.set_blocks(blocks);
        self
    }

    /// The wall with [`base`](Self::base) set to `base`.
    pub fn with_base(mut self, base: Option<f32>) -> LevelWall {
        self.set_base(base);
        self
    }

    /// The wall with [`drawn`](Self::drawn) set to `drawn`.
    pub fn with_drawn(mut self, drawn: bool) -> LevelWall {
        self.set_drawn(drawn);
        self
    }

    /// Applies `change` to the rarely set properties, keeping no box when
    /// all of them are back at their defaults.
    fn change_rare(&mut self, change: impl FnOnce(&mut RareWallProperties)) {
        let mut rare = self.rare.take().map(|rare| *rare).unwrap_or_default();
        change(&mut rare);
        self.rare = (rare != RareWallProperties::default()).then(|| Box::new(rare));
    }

    /// Whether it is [`opaque`](Self::opaque) and reaches a ceiling
    /// `ceiling` metres high, and so hides what is behind it.
    pub fn occludes(&self, ceiling: f32) -> bool {
        self.opaque() && self.height >= ceiling
    }

    /// The wall as the collider keeps it: its segment and radius; a wall
    /// that does not [`block`](Self::blocks) is kept there (walls keep
    /// their indices) as one the collider never meets.
    pub fn collision_wall(&self) -> crate::collision::Wall {
        self.segment_wall(self.radius)
    }

    /// The wall as the loose bodies meet it: its rendered body, a capsule
    /// of half its thickness, or one they never meet when it does not
    /// [`block`](Self::blocks).
    pub fn body_wall(&self) -> crate::collision::Wall {
        self.segment_wall(self.thickness / 2.0)
    }

    /// Its segment with `radius`, or as a wall nothing meets when it
    /// does not [`block`](Self::blocks).
    fn segment_wall(&self, radius: f32) -> crate::collision::Wall {
        let wall = crate::collision::Wall {
            a: self.a,
            b: self.b,
            radius,
        };
        if self.blocks() { wall } else { wall.passable() }
    }

    /// The end point `end` of this wall.
    pub fn end(&self, end: WallEnd) -> Vec2 {
        match end {
            WallEnd::A => self.a,
            WallEnd::B => self.b,
        }
    }

    /// Mutable access to the end point `end`.
    pub fn end_mut(&mut self, end: WallEnd) -> &mut Vec2 {
        match end {
            WallEnd::A => &mut self.a,
            WallEnd::B => &mut self.b,
        }
    }

    /// Length of the centre line a→b, in metres.
    pub fn length(&self) -> f32 {
        self.a.distance(self.b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall() -> LevelWall {
        LevelWall::new(Vec2::ZERO, Vec2::X, 0.3, 2.8, 0.15, MaterialId(1))
    }

    #[test]
    fn a_wall_keeps_its_rare_properties_and_forgets_them_when_back_at_the_defaults() {
        let mut wall = wall().with_base(Some(-0.5)).with_drawn(false);
        assert_eq!((wall.base(), wall.drawn()), (Some(-0.5), false));
        wall.set_base(None);
        assert_eq!((wall.base(), wall.drawn()), (None, false));
        assert_ne!(wall, self::wall());
        wall.set_drawn(true);
        assert_eq!(wall, self::wall(), "a wall back at every default is as new");
        assert!(wall.rare.is_none());
    }

    #[test]
    fn a_see_through_or_passable_wall_keeps_its_flags_and_only_a_passable_one_is_not_met() {
        let grate = wall().with_see_through(true);
        assert!(grate.see_through() && grate.blocks() && grate.drawn() && !grate.opaque());
        assert_eq!(grate.collision_wall(), wall().collision_wall());
        let open = wall().with_blocks(false);
        assert!(!open.blocks() && open.opaque());
        assert!(!open.collision_wall().radius.is_finite());
        assert!(!open.body_wall().radius.is_finite());
        let back = open.with_blocks(true).with_see_through(false);
        assert!(back.rare.is_none(), "back at the defaults");
    }
}
