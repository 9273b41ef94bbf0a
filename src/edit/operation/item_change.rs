//! An item changed in place: the change that makes one item into another
//! of its kind, and whether a change still fits the level.

use super::{EditError, ItemChange, Piece};
use crate::edit::aim::Item;
use crate::edit::properties::Property;
use crate::level::Level;
use crate::level::save::{KeyText, KeyValue};

impl ItemChange {
    /// The change that makes `item` of `level` into `to` (any of its
    /// properties may differ), rewriting the keys whose values differ.
    pub fn new(level: &Level, item: Item, to: Piece) -> Result<Self, EditError> {
        let from = Piece::at(level, item)?;
        let keys = changed_keys(level, item, &from, &to)?
            .into_iter()
            .map(|(key, text)| KeyText {
                key,
                value: Some(text),
            })
            .collect();
        Ok(Self {
            index: item.index(),
            from,
            to,
            keys,
        })
    }

    /// The item as its kind and index.
    pub fn item(&self) -> Item {
        self.from.item(self.index)
    }

    /// Whether the change fits `level`: the item is `from`, `to` is of its
    /// kind and one a level may hold, and its keys are those whose values
    /// differ.
    pub(super) fn check(&self, level: &Level) -> Result<(), EditError> {
        self.from.is_at(level, self.index)?;
        let differ = changed_keys(level, self.item(), &self.from, &self.to)?;
        self.to.check_valid(level)?;
        let mut named: Vec<&'static str> = self.keys.iter().map(|key| key.key).collect();
        let mut differ: Vec<&'static str> = differ.into_iter().map(|(key, _)| key).collect();
        named.sort_unstable();
        differ.sort_unstable();
        if named != differ {
            return Err(EditError::OtherKeys {
                item: self.item(),
                keys: named,
            });
        }
        Ok(())
    }
}

/// The keys whose values differ between `from` (which is `item`) and `to`
/// in `level`, with `to`'s values; an error when `to` is of another kind.
/// A floor whose height changes has its `ceiling` written too: a table
/// without one has its ceiling at a height above its floor, and the level
/// holds the ceiling where it was.
fn changed_keys(
    level: &Level,
    item: Item,
    from: &Piece,
    to: &Piece,
) -> Result<Vec<KeyValue>, EditError> {
    if from.kind() != to.kind() {
        return Err(EditError::OtherKind {
            item,
            kind: to.kind(),
        });
    }
    let values: Vec<(KeyValue, KeyValue)> = to
        .values(level)?
        .into_iter()
        .zip(from.values(level)?)
        .collect();
    let differs = |key: &str| {
        values
            .iter()
            .any(|((written, new), (_, old))| *written == key && new != old)
    };
    let ceiling_follows = matches!(to, Piece::Floor(_)) && differs(Property::Height.key());
    Ok(values
        .iter()
        .filter(|((key, new), (_, old))| {
            new != old || (ceiling_follows && *key == Property::Ceiling.key())
        })
        .map(|(new, _)| new.clone())
        .collect())
}
