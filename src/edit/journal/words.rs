//! The journal's words that both its writing and its reading know: how a
//! line names where a restored table goes, the level's default, an
//! obstacle's motion, an item's base, a door that starts open, a wall not
//! drawn, see-through or passable, a wall's texture offset and peg, a floor's light, sky and
//! sides, and edits made together.

/// How a restore line says its table was written first of all.
pub(super) const FIRST_TABLE: &str = "first";
/// How a restore line begins the kind of table written right before its
/// own (`after-door 3`).
pub(super) const AFTER: &str = "after-";
/// The kind an anchor gives a table outside the item lists.
pub(super) const OTHER_TABLE: &str = "table";

/// How a material change's line writes "the level's default" (the key
/// taken away) instead of a material's quoted name.
pub(super) const DEFAULT_MATERIAL: &str = "default";
/// How a change's line writes a key taken away instead of its value's
/// quoted text.
pub(super) const DEFAULT_VALUE: &str = DEFAULT_MATERIAL;
/// How an obstacle's fields say whether it is loose.
pub(super) const MOTION_WORDS: [(&str, bool); 2] = [("fixed", false), ("loose", true)];
/// The word before an item's `base`, written only when it has one.
pub(super) const BASE_WORD: &str = "base";
/// The word after a door's fields (and its base) when it starts open,
/// written only then.
pub(super) const OPEN_WORD: &str = "open";
/// The word after a wall's fields (and its base) when it is not drawn,
/// written only then.
pub(super) const UNDRAWN_WORD: &str = "undrawn";
/// The word after a wall's fields (its base, [`UNDRAWN_WORD`]) when it is
/// see-through, written only then.
pub(super) const SEE_THROUGH_WORD: &str = "see-through";
/// The word after a wall's fields (its base, [`UNDRAWN_WORD`],
/// [`SEE_THROUGH_WORD`]) when it does not block, written only then.
pub(super) const PASSABLE_WORD: &str = "passable";
/// The word before a wall's texture `offset` (two numbers), written only
/// when it is not zero.
pub(super) const OFFSET_WORD: &str = "offset";
/// The word before a wall's texture `peg` (its level-format word),
/// written only when it is not the default.
pub(super) const PEG_WORD: &str = "peg";
/// The word before a floor's `light`, written only when it is not 1.
pub(super) const LIGHT_WORD: &str = "light";
/// The word after a floor's fields (and its light) when its ceiling is
/// open sky, written only then.
pub(super) const SKY_WORD: &str = "sky";

/// The word after a floor's fields (its light and sky) before its
/// `sides` (a count, then each entry's fields), written only when it has
/// some.
pub(super) const SIDES_WORD: &str = "sides";
/// How a floor side's fields write a material left to the default.
pub(super) const NO_MATERIAL: &str = "-";

/// The word of the line that heads edits made together (`together 3`),
/// whose edits follow it, one a line.
pub(super) const TOGETHER: &str = "together";
