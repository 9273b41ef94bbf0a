//! Which table a document writes after which. `toml_edit` writes the tables
//! of a [`DocumentMut`] sorted by their position in the parsed text; a table
//! added without a position goes right after the table visited before it
//! (depth first, in key order, arrays of tables in their order). A deleted
//! wall hands the comments above it to the table written next, so this
//! module finds that table, by the same rule.

use toml_edit::{DocumentMut, Item, Table};

/// Where a table sits in a document: the keys from the root, each with the
/// index into its array of tables where it is one (`[[wall]]` number 3 is
/// `[("wall", Some(3))]`).
pub(super) type TableAddress = Vec<(String, Option<usize>)>;

/// Every table of `document` that is written with a header, in the order
/// they are written. The root table (no header) is not listed.
pub(super) fn written_order(document: &DocumentMut) -> Vec<TableAddress> {
    let mut visited = Vec::new();
    let mut last_position = 0;
    visit(
        document.as_table(),
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

/// Depth-first visit in toml_edit's order, recording each written table
/// with the position it is sorted by.
fn visit(
    table: &Table,
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
                visit(child, address, last_position, visited);
                address.pop();
            }
            Item::ArrayOfTables(array) => {
                for (index, child) in array.iter().enumerate() {
                    address.push((key.to_string(), Some(index)));
                    visit(child, address, last_position, visited);
                    address.pop();
                }
            }
            Item::None | Item::Value(_) => {}
        }
    }
}

/// The table at `address`, if there is one.
pub(super) fn table_mut<'a>(
    document: &'a mut DocumentMut,
    address: &TableAddress,
) -> Option<&'a mut Table> {
    let mut table = document.as_table_mut();
    for (key, index) in address {
        let item = table.get_mut(key)?;
        table = match (item, index) {
            (Item::Table(child), None) => child,
            (Item::ArrayOfTables(array), Some(index)) => array.get_mut(*index)?,
            _ => return None,
        };
    }
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(key: &str, index: Option<usize>) -> TableAddress {
        vec![(key.to_string(), index)]
    }

    #[test]
    fn parsed_tables_come_in_text_order_even_when_keys_interleave() {
        let document: DocumentMut = "x = 1\n[[wall]]\n[player]\n[[obstacle]]\n[[wall]]\n"
            .parse()
            .expect("valid TOML");
        assert_eq!(
            written_order(&document),
            [
                address("wall", Some(0)),
                address("player", None),
                address("obstacle", Some(0)),
                address("wall", Some(1)),
            ]
        );
    }

    #[test]
    fn a_table_at_the_end_position_is_written_last() {
        let mut document: DocumentMut = "[[wall]]\n[player]\n[[obstacle]]\n[[wall]]\n"
            .parse()
            .expect("valid TOML");
        let mut light = Table::new();
        light.set_position(Some(end_position(&document)));
        let mut lights = toml_edit::ArrayOfTables::new();
        lights.push(light);
        document.insert("light", Item::ArrayOfTables(lights));
        assert_eq!(
            written_order(&document).last(),
            Some(&address("light", Some(0)))
        );
    }

    #[test]
    fn an_added_table_is_written_after_the_last_of_its_array() {
        let mut document: DocumentMut = "[[wall]]\na = 1\n[[obstacle]]\nb = 2\n"
            .parse()
            .expect("valid TOML");
        let walls = document["wall"]
            .as_array_of_tables_mut()
            .expect("an array of tables");
        walls.push(Table::new());
        assert_eq!(
            written_order(&document),
            [
                address("wall", Some(0)),
                address("wall", Some(1)),
                address("obstacle", Some(0)),
            ]
        );
        assert_eq!(
            document.to_string(),
            "[[wall]]\na = 1\n\n[[wall]]\n[[obstacle]]\nb = 2\n"
        );
        let added = table_mut(&mut document, &address("wall", Some(1))).expect("present");
        assert!(added.position().is_none());
        assert!(table_mut(&mut document, &address("wall", Some(2))).is_none());
        assert!(table_mut(&mut document, &address("player", None)).is_none());
    }
}
