//! Which table a document writes after which. `toml_edit` writes the tables
//! of a [`DocumentMut`] sorted by their position in the parsed text; a table
//! added without a position goes right after the table visited before it
//! (depth first, in key order, arrays of tables in their order). A deleted
//! wall hands the comments above it to the table written next, so this
//! module finds that table, by the same rule. A level's arrays of tables
//! are held apart from its document ([`TakenArrays`]): each one's tables
//! count where the document keeps its (empty) array.

use toml_edit::{DocumentMut, Item, Table};

use super::arrays::TakenArrays;

/// Where a table sits in a document: the keys from the root, each with the
/// index into its array of tables where it is one (`[[wall]]` number 3 is
/// `[("wall", Some(3))]`).
pub(super) type TableAddress = Vec<(String, Option<usize>)>;

/// Every table of `document`, with the arrays `taken` from it, that is
/// written with a header, in the order they are written. The root table
/// (no header) is not listed.
pub(super) fn written_order(document: &DocumentMut, taken: &TakenArrays) -> Vec<TableAddress> {
    let mut visited = Vec::new();
    let mut last_position = 0;
    visit(
        document.as_table(),
        Some(taken),
        &mut Vec::new(),
        &mut last_position,
        &mut visited,
    );
    // A stable sort: equal positions keep their visiting order, as in toml_edit.
    visited.sort_by_key(|(position, _)| *position);
    visited.into_iter().map(|(_, address)| address).collect()
}

/// A position after that of every table of `document`: a table given it is
/// written after all of them (before the document's trailing text).
pub(super) fn end_position(document: &DocumentMut) -> isize {
    fn last(table: &Table) -> isize {
        let own = table.position().unwrap_or(0);
        table
            .iter()
            .flat_map(|(_, item)| match item {
                Item::Table(child) => vec![last(child)],
                Item::ArrayOfTables(array) => array.iter().map(last).collect(),
                Item::None | Item::Value(_) => Vec::new(),
            })
            .fold(own, isize::max)
    }
    last(document.as_table()) + 1
}

/// Calls `change` on `table` and on every table under it: its child
/// tables and the tables of its arrays of tables, depth first.
pub(super) fn for_each_table_mut(table: &mut Table, change: &mut dyn FnMut(&mut Table)) {
    change(table);
    for (_, item) in table.iter_mut() {
        match item {
            Item::Table(child) => for_each_table_mut(child, change),
            Item::ArrayOfTables(array) => {
                for child in array.iter_mut() {
                    for_each_table_mut(child, change);
                }
            }
            Item::None | Item::Value(_) => {}
        }
    }
}

/// Depth-first visit in toml_edit's order, recording each written table
/// with the position it is sorted by; `taken` holds the tables of the
/// root's arrays (`None` below the root).
fn visit(
    table: &Table,
    taken: Option<&TakenArrays>,
    address: &mut TableAddress,
    last_position: &mut isize,
    visited: &mut Vec<(isize, TableAddress)>,
) {
    if !table.is_dotted() {
        if let Some(position) = table.position() {
            *last_position = position;
        }
        let has_header = !address.is_empty();
        let hidden = table.is_implicit() && table.get_values().is_empty();
        if has_header && !hidden {
            visited.push((*last_position, address.clone()));
        }
    }
    for (key, item) in table.iter() {
        match item {
            Item::Table(child) => {
                address.push((key.to_string(), None));
                visit(child, None, address, last_position, visited);
                address.pop();
            }
            Item::ArrayOfTables(array) => {
                let held = taken.and_then(|taken| taken.under(key));
                let children = array.iter().chain(held.into_iter().flatten());
                for (index, child) in children.enumerate() {
                    address.push((key.to_string(), Some(index)));
                    visit(child, None, address, last_position, visited);
                    address.pop();
                }
            }
            Item::None | Item::Value(_) => {}
        }
    }
}

/// The table at `address` in `document`, with the arrays `taken` from it,
/// if there is one.
pub(super) fn table_mut<'a>(
    document: &'a mut DocumentMut,
    taken: &'a mut TakenArrays,
    address: &TableAddress,
) -> Option<&'a mut Table> {
    let ((first_key, first_index), rest) = address.split_first()?;
    let root = document.as_table_mut().get_mut(first_key)?;
    let mut table = match (taken.under_mut(first_key), root, first_index) {
        (Some(held), Item::ArrayOfTables(_), Some(index)) => held.get_mut(*index)?,
        (_, root, index) => child_mut(root, *index)?,
    };
    for (key, index) in rest {
        table = child_mut(table.get_mut(key)?, *index)?;
    }
    Some(table)
}

/// The table `item` is (`index` `None`), or table `index` of the array of
/// tables it is.
fn child_mut(item: &mut Item, index: Option<usize>) -> Option<&mut Table> {
    match (item, index) {
        (Item::Table(child), None) => Some(child),
        (Item::ArrayOfTables(array), Some(index)) => array.get_mut(index),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::save::Tables;

    fn address(key: &str, index: Option<usize>) -> TableAddress {
        vec![(key.to_string(), index)]
    }

    /// `text` parsed, with its arrays of tables taken out as a level
    /// document holds them.
    fn taken_apart(text: &str) -> (DocumentMut, TakenArrays) {
        let mut document: DocumentMut = text.parse().expect("valid TOML");
        let taken = TakenArrays::take_from(&mut document);
        (document, taken)
    }

    #[test]
    fn parsed_tables_come_in_text_order_even_when_keys_interleave() {
        let (document, taken) =
            taken_apart("x = 1\n[[wall]]\n[player]\n[[obstacle]]\n[[wall]]\n[[other]]\n");
        assert_eq!(
            written_order(&document, &taken),
            [
                address("wall", Some(0)),
                address("player", None),
                address("obstacle", Some(0)),
                address("wall", Some(1)),
                address("other", Some(0)),
            ]
        );
    }

    #[test]
    fn a_table_at_the_end_position_is_written_last() {
        let text = "[[wall]]\n[player]\n[[obstacle]]\n[[wall]]\n";
        let end = end_position(&text.parse().expect("valid TOML"));
        let (mut document, mut taken) = taken_apart(text);
        let mut light = Table::new();
        light.set_position(Some(end));
        document.insert(
            "light",
            Item::ArrayOfTables(toml_edit::ArrayOfTables::new()),
        );
        taken.list_mut(Tables::Lights).push(light);
        assert_eq!(
            written_order(&document, &taken).last(),
            Some(&address("light", Some(0)))
        );
    }

    #[test]
    fn an_added_table_is_written_after_the_last_of_its_array() {
        let (mut document, mut taken) = taken_apart("[[wall]]\na = 1\n[[obstacle]]\nb = 2\n");
        taken.list_mut(Tables::Walls).push(Table::new());
        assert_eq!(
            written_order(&document, &taken),
            [
                address("wall", Some(0)),
                address("wall", Some(1)),
                address("obstacle", Some(0)),
            ]
        );
        assert_eq!(
            taken.write_with(&mut document),
            "[[wall]]\na = 1\n\n[[wall]]\n[[obstacle]]\nb = 2\n"
        );
        let added =
            table_mut(&mut document, &mut taken, &address("wall", Some(1))).expect("present");
        assert!(added.position().is_none());
        assert!(table_mut(&mut document, &mut taken, &address("wall", Some(2))).is_none());
        assert!(table_mut(&mut document, &mut taken, &address("player", None)).is_none());
    }
}
