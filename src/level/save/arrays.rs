//! The arrays of tables a level lists its items in (`[[wall]]`,
//! `[[light]]`, `[[obstacle]]`, `[[door]]`, `[[floor]]`), held apart from the rest of a
//! level file's `toml_edit` document: [`TakenArrays`].
//!
//! `toml_edit` keeps an array's tables in one `Vec`, so removing or
//! inserting the first of a million walls moves every table after it
//! (tens of milliseconds). Held in a [`SharedList`], the same edit moves at
//! most one chunk's tables, and a copy of the document shares them all.

use toml_edit::{DocumentMut, Item, Table};

use crate::level::SharedList;

/// The arrays of tables the editor adds to and removes from: one per kind
/// of item a level lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tables {
    /// `[[wall]]`.
    Walls,
    /// `[[light]]`.
    Lights,
    /// `[[obstacle]]`.
    Obstacles,
    /// `[[door]]`.
    Doors,
    /// `[[floor]]`.
    Floors,
}

impl Tables {
    /// Every kind, in the order of [`TakenArrays`]' lists.
    pub const ALL: [Tables; 5] = [
        Tables::Walls,
        Tables::Lights,
        Tables::Obstacles,
        Tables::Doors,
        Tables::Floors,
    ];

    /// The array's key: `wall`, `light`, `obstacle`, `door` or `floor`.
    pub fn key(self) -> &'static str {
        match self {
            Tables::Walls => "wall",
            Tables::Lights => "light",
            Tables::Obstacles => "obstacle",
            Tables::Doors => "door",
            Tables::Floors => "floor",
        }
    }

    /// The kind whose array a document's root holds under `key`.
    pub(super) fn under_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.key() == key)
    }
}

/// The tables of each array of [`Tables`] that a document's root holds as
/// an array of tables, taken out of it: the document keeps an empty array
/// in each one's place, so its keys keep their order (which decides where
/// `toml_edit` writes tables of equal position), and
/// [`write_with`](Self::write_with) puts them back for writing.
#[derive(Debug, Clone, Default)]
pub(super) struct TakenArrays {
    /// Indexed as [`Tables::ALL`]; empty for a kind the document has no
    /// array of tables of.
    lists: [SharedList<Table>; Tables::ALL.len()],
}

impl TakenArrays {
    /// Takes the tables of every array of [`Tables`] out of `document`,
    /// leaving each array empty in its place.
    pub(super) fn take_from(document: &mut DocumentMut) -> Self {
        let mut taken = Self::default();
        for kind in Tables::ALL {
            if let Some(Item::ArrayOfTables(tables)) = document.get_mut(kind.key()) {
                *taken.list_mut(kind) = std::mem::take(tables).into_iter().collect();
            }
        }
        taken
    }

    /// The tables of each kind, indexed as [`Tables::ALL`].
    pub(super) fn from_lists(lists: [Vec<Table>; Tables::ALL.len()]) -> Self {
        Self {
            lists: lists.map(SharedList::from_iter),
        }
    }

    /// The tables of `kind`.
    pub(super) fn list(&self, kind: Tables) -> &SharedList<Table> {
        &self.lists[kind as usize]
    }

    /// The tables of `kind`, to change.
    pub(super) fn list_mut(&mut self, kind: Tables) -> &mut SharedList<Table> {
        &mut self.lists[kind as usize]
    }

    /// The tables taken from the root's array of tables under `key`, if
    /// that is the array of a kind of [`Tables`].
    pub(super) fn under(&self, key: &str) -> Option<&SharedList<Table>> {
        Tables::under_key(key).map(|kind| self.list(kind))
    }

    /// The tables taken from the root's array under `key`, to change.
    pub(super) fn under_mut(&mut self, key: &str) -> Option<&mut SharedList<Table>> {
        Tables::under_key(key).map(|kind| self.list_mut(kind))
    }

    /// The text of `document` (which these were taken from) with every
    /// taken table back in its place: the whole file. The tables are moved
    /// into the document for `toml_edit` to write, and taken out again;
    /// moved, not copied, as a copy of a million tables costs more than
    /// writing them.
    pub(super) fn write_with(&mut self, document: &mut DocumentMut) -> String {
        for kind in Tables::ALL {
            if let Some(Item::ArrayOfTables(tables)) = document.get_mut(kind.key()) {
                for table in std::mem::take(self.list_mut(kind)).into_vec() {
                    tables.push(table);
                }
            }
        }
        let text = document.to_string();
        *self = Self::take_from(document);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "name = \"t\"\n\n[[wall]]\na = [0, 0]\n\n[player]\nstart = [1, 1]\n\n\
                        [[light]]\nat = [2, 2]\n\n[[wall]]\na = [3, 3]\n";

    #[test]
    fn taking_the_arrays_out_leaves_the_rest_and_filling_gives_the_text_back() {
        let mut document: DocumentMut = TEXT.parse().expect("valid");
        let mut taken = TakenArrays::take_from(&mut document);
        assert_eq!(taken.list(Tables::Walls).len(), 2);
        assert_eq!(taken.list(Tables::Lights).len(), 1);
        assert!(taken.list(Tables::Doors).is_empty());
        assert_eq!(
            document.to_string(),
            "name = \"t\"\n\n[player]\nstart = [1, 1]\n"
        );
        assert_eq!(taken.write_with(&mut document), TEXT);
        assert_eq!(taken.list(Tables::Walls).len(), 2, "taken out again");
        assert_eq!(taken.write_with(&mut document), TEXT);
    }

    #[test]
    fn an_array_written_inline_stays_in_the_document() {
        let text = "light = [{ at = [0, 0] }]\n";
        let mut document: DocumentMut = text.parse().expect("valid");
        let taken = TakenArrays::take_from(&mut document);
        assert!(taken.list(Tables::Lights).is_empty());
        assert_eq!(document.to_string(), text);
    }
}
