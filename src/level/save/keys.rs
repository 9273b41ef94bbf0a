//! Single keys rewritten in place: an item's `material` or other property,
//! the player's `start` and `yaw`. A changed value keeps the spacing and comment
//! around it; a key the table did not have is added at its end; undoing
//! puts back the old value (or takes the added key away) byte for byte.

use glam::Vec2;
use toml_edit::{Item, Key, Table, Value};

use super::arrays::Tables;
use super::document::{DocumentError, LevelDocument, point_of, point_value, table_text};
use super::numbers::number_text;

/// The `[player]` table's key.
const PLAYER_KEY: &str = "player";

/// A table whose keys the editor rewrites.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyedTable {
    /// `[player]`.
    Player,
    /// Table `index` of an array: `[[wall]]`, `[[light]]`, `[[obstacle]]`
    /// or `[[door]]` number `index`.
    Listed(Tables, usize),
}

/// A key as an edit writes it into an item's table: its value as TOML
/// text (`[1.5, 0.0]`, `2.8`, `"brick"`), or none to take the key away so
/// that the item has the level's default for it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyText {
    /// The key.
    pub key: &'static str,
    /// Its value as TOML text; `None` takes the key away.
    pub value: Option<String>,
}

/// A value that [`LevelDocument::set_value`] replaced (or a key it added,
/// or one [`LevelDocument::remove_value`] removed), to put back.
#[derive(Debug, Clone)]
pub struct ReplacedValue {
    table: KeyedTable,
    key: &'static str,
    /// The key (with its spacing and comments) and the item as they were;
    /// `None` when the key was added.
    old: Option<(Key, Item)>,
    /// The table's keys in their written order before the change, so that
    /// a removed key goes back where it was.
    order: Vec<String>,
}

impl ReplacedValue {
    /// Whether the change added the key (the table did not have it).
    pub fn added_the_key(&self) -> bool {
        self.old.is_none()
    }

    /// The key.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// The value it replaced (or removed) as TOML text, without the
    /// spacing and comment around it but otherwise as written (`3`, not
    /// `3.0`); `None` when the change added the key.
    pub fn old_text(&self) -> Option<String> {
        self.old.as_ref().map(|(_, item)| match item.as_value() {
            Some(value) => {
                let mut bare = value.clone();
                bare.decor_mut().clear();
                bare.to_string()
            }
            None => item.to_string(),
        })
    }
}

impl LevelDocument {
    /// Sets `key` of `table` to `value`: an existing value is replaced,
    /// keeping the spacing and comment around it; a missing key is added at
    /// the end of the table. Returns what it replaced.
    pub fn set_value(
        &mut self,
        table: KeyedTable,
        key: &'static str,
        value: Value,
    ) -> Result<ReplacedValue, DocumentError> {
        Ok(set_in(self.table_mut(table)?, table, key, value))
    }

    /// Removes `key` from `table` (the item then takes the level's
    /// default); returns what it removed, or that there was nothing.
    pub fn remove_value(
        &mut self,
        table: KeyedTable,
        key: &'static str,
    ) -> Result<Option<ReplacedValue>, DocumentError> {
        Ok(remove_in(self.table_mut(table)?, table, key))
    }

    /// Rewrites `keys` of `table` as [`set_value`](Self::set_value) and
    /// [`remove_value`](Self::remove_value) do, in order, and returns what
    /// they replaced. Checks the table and every value's text first: on
    /// error nothing has changed.
    pub fn rewrite_keys(
        &mut self,
        table: KeyedTable,
        keys: &[KeyText],
    ) -> Result<Vec<ReplacedValue>, DocumentError> {
        let values = parsed(keys)?;
        let held = self.table_mut(table)?;
        Ok(values
            .into_iter()
            .filter_map(|(key, value)| match value {
                Some(value) => Some(set_in(held, table, key, value)),
                None => remove_in(held, table, key),
            })
            .collect())
    }

    /// A copy of table `index` of `array` as text, as
    /// [`LevelDocument::insert_text`] takes it: the same keys with the same
    /// values, `keys` rewritten, and no comments on its header or after its
    /// values.
    pub fn copy_text(
        &self,
        array: Tables,
        index: usize,
        keys: &[KeyText],
    ) -> Result<String, DocumentError> {
        let values = parsed(keys)?;
        let count = self.count(array)?;
        let mut copy = self
            .tables(array)?
            .and_then(|tables| tables.get(index))
            .cloned()
            .ok_or(DocumentError::NoSuchTable {
                key: array.key(),
                index,
                count,
            })?;
        copy.decor_mut().clear();
        for (mut key, item) in copy.iter_mut() {
            key.leaf_decor_mut().clear();
            if let Some(value) = item.as_value_mut() {
                value.decor_mut().clear();
            }
        }
        let table = KeyedTable::Listed(array, index);
        for (key, value) in values {
            match value {
                Some(value) => drop(set_in(&mut copy, table, key, value)),
                None => drop(remove_in(&mut copy, table, key)),
            }
        }
        Ok(table_text(array, copy))
    }

    /// Puts back what [`set_value`](Self::set_value) replaced or
    /// [`remove_value`](Self::remove_value) removed, byte for byte, in its
    /// place among the table's keys (an added key goes).
    pub fn put_back_value(&mut self, replaced: ReplacedValue) -> Result<(), DocumentError> {
        let held = self.table_mut(replaced.table)?;
        match replaced.old {
            Some((key, old)) => {
                held.insert_formatted(&key, old);
                let rank = |key: &Key| {
                    replaced
                        .order
                        .iter()
                        .position(|written| written == key.get())
                };
                held.sort_values_by(|a, _, b, _| rank(a).cmp(&rank(b)));
            }
            None => {
                held.remove(replaced.key);
            }
        }
        Ok(())
    }

    /// Sets the string `key` of `table` (a `material`).
    pub fn set_text(
        &mut self,
        table: KeyedTable,
        key: &'static str,
        text: &str,
    ) -> Result<ReplacedValue, DocumentError> {
        self.set_value(table, key, Value::from(text))
    }

    /// Sets the number `key` of `table`, written as
    /// [`number_text`] writes it; only finite numbers.
    pub fn set_number(
        &mut self,
        table: KeyedTable,
        key: &'static str,
        number: f32,
    ) -> Result<ReplacedValue, DocumentError> {
        let value = number_text(number)
            .parse()
            .map_err(|_| DocumentError::NotFinite(Vec2::splat(number)))?;
        self.set_value(table, key, value)
    }

    /// Sets the point `key` of `table`, written as `[x, z]`; only finite
    /// points.
    pub fn set_point(
        &mut self,
        table: KeyedTable,
        key: &'static str,
        point: Vec2,
    ) -> Result<ReplacedValue, DocumentError> {
        self.set_value(table, key, point_value(point)?)
    }

    /// The point `key` of `table` as written, if it is a list of two
    /// numbers.
    pub fn point_in(&self, table: KeyedTable, key: &str) -> Option<Vec2> {
        let item = match table {
            KeyedTable::Player => self.document.get(PLAYER_KEY)?.as_table()?.get(key)?,
            KeyedTable::Listed(array, index) => self.tables(array).ok()??.get(index)?.get(key)?,
        };
        point_of(item.as_value()?)
    }

    /// The table itself, to change.
    fn table_mut(&mut self, table: KeyedTable) -> Result<&mut Table, DocumentError> {
        let (array, index) = match table {
            KeyedTable::Player => {
                return self
                    .document
                    .get_mut(PLAYER_KEY)
                    .and_then(Item::as_table_mut)
                    .ok_or_else(|| DocumentError::NotATable(PLAYER_KEY.to_owned()));
            }
            KeyedTable::Listed(array, index) => (array, index),
        };
        let tables = self.tables_mut(array)?;
        let count = tables.len();
        tables.get_mut(index).ok_or(DocumentError::NoSuchTable {
            key: array.key(),
            index,
            count,
        })
    }
}

/// The keys of `table` in their written order.
fn key_order(table: &Table) -> Vec<String> {
    table.iter().map(|(key, _)| key.to_owned()).collect()
}

/// Sets `key` of `held` (which is `table`) to `value`, keeping the
/// spacing and comment around the value it replaces, or adding the key at
/// the end.
fn set_in(
    held: &mut Table,
    table: KeyedTable,
    key: &'static str,
    mut value: Value,
) -> ReplacedValue {
    let order = key_order(held);
    let written = held.key(key).cloned();
    let old = match (written, held.get_mut(key)) {
        (Some(written), Some(item)) => {
            if let Some(old) = item.as_value() {
                *value.decor_mut() = old.decor().clone();
            }
            Some((written, std::mem::replace(item, Item::Value(value))))
        }
        _ => {
            held.insert(key, Item::Value(value));
            None
        }
    };
    ReplacedValue {
        table,
        key,
        old,
        order,
    }
}

/// Removes `key` from `held` (which is `table`), if it has it.
fn remove_in(held: &mut Table, table: KeyedTable, key: &'static str) -> Option<ReplacedValue> {
    let order = key_order(held);
    held.remove_entry(key).map(|old| ReplacedValue {
        table,
        key,
        old: Some(old),
        order,
    })
}

/// Each key's value parsed from its text; an error for the first text that
/// is not one TOML value.
fn parsed(keys: &[KeyText]) -> Result<Vec<(&'static str, Option<Value>)>, DocumentError> {
    keys.iter()
        .map(|KeyText { key, value }| {
            let parsed = value.as_deref().map(|text| {
                text.parse().map_err(|_| DocumentError::NotAValue {
                    key,
                    text: text.chars().take(200).collect(),
                })
            });
            Ok((*key, parsed.transpose()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "name = \"x\"\n\n[player]\nstart = [1, 2]   # by the door\nyaw = 90\n\n\
        [[wall]]\na = [0.0, 0.0]\nb = [1.0, 0.0]\nmaterial = \"brick\"  # red\n\n\
        [[obstacle]]\npoints = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]\n";

    #[test]
    fn a_value_is_rewritten_in_place_and_put_back_byte_for_byte() {
        let mut document = LevelDocument::parse(TEXT).expect("valid");
        let start = document
            .set_point(KeyedTable::Player, "start", Vec2::new(3.5, -1.0))
            .expect("a player table");
        let yaw = document
            .set_number(KeyedTable::Player, "yaw", 45.5)
            .expect("a player table");
        let wall = document
            .set_text(KeyedTable::Listed(Tables::Walls, 0), "material", "plaster")
            .expect("wall 0");
        let obstacle = document
            .set_text(KeyedTable::Listed(Tables::Obstacles, 0), "material", "wood")
            .expect("obstacle 0");
        let edited = document.text();
        assert_eq!(
            edited,
            TEXT.replace("[1, 2]", "[3.5, -1.0]")
                .replace("yaw = 90", "yaw = 45.5")
                .replace("\"brick\"", "\"plaster\"")
                + "material = \"wood\"\n",
        );
        assert_eq!(
            document.point_in(KeyedTable::Player, "start"),
            Some(Vec2::new(3.5, -1.0))
        );
        for replaced in [obstacle, wall, yaw, start] {
            document
                .put_back_value(replaced)
                .expect("the table is there");
        }
        assert_eq!(document.text(), TEXT);
    }

    #[test]
    fn a_removed_key_goes_back_where_it_was_byte_for_byte() {
        let mut document = LevelDocument::parse(TEXT).expect("valid");
        let table = KeyedTable::Listed(Tables::Walls, 0);
        let removed = document
            .remove_value(table, "a")
            .expect("wall 0")
            .expect("it has `a`");
        assert!(!removed.added_the_key());
        assert!(!document.text().contains("a = [0.0, 0.0]"));
        assert!(
            document
                .remove_value(table, "radius")
                .expect("wall 0")
                .is_none()
        );
        document
            .put_back_value(removed)
            .expect("the table is there");
        assert_eq!(document.text(), TEXT);
    }

    #[test]
    fn a_missing_table_is_refused() {
        let mut document = LevelDocument::parse("player = { start = [0, 0] }\n").expect("valid");
        assert!(matches!(
            document.set_number(KeyedTable::Player, "yaw", 1.0),
            Err(DocumentError::NotATable(_))
        ));
        assert!(matches!(
            document.set_text(KeyedTable::Listed(Tables::Walls, 0), "material", "brick"),
            Err(DocumentError::NoSuchTable { .. })
        ));
    }
}
