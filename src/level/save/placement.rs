//! Where a table goes back among the tables of every kind when only its
//! text is known. Undo puts a removed table back with the position it was
//! read with, and `toml_edit` writes it where it was. An autosave journal
//! replayed onto the saved file holds that table as text, in a document
//! read from another text, with other positions. So a removal notes the
//! table written right before it (its [`Anchor`]), and a table put back by
//! its text gets a position between that table and the one written after
//! it: the same place in the file, whatever the numbers.
//!
//! Within one array of tables positions never decrease with the index (the
//! file lists the items in that order), so the table of an array written
//! last before a position is found by bisection: finding an anchor costs
//! no more for a million walls than for ten.

use toml_edit::{DocumentMut, Item, Table};

use super::arrays::{Tables, TakenArrays};
use super::table_order::{TableAddress, for_each_table_mut, table_mut, written_order};

/// How far apart [`space_positions`] sets the positions of the tables of a
/// document read from text, so that tables put back between two find room.
const SPACING: isize = 1 << 20;

/// The table written right before a removed one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// None: it was written first of all the tables.
    First,
    /// Table `index` of an array of [`Tables`].
    Listed(Tables, usize),
    /// The table `rank` (from 0, in the order written) among those outside
    /// the arrays of [`Tables`], such as `[player]` or `[environment]`.
    Other(usize),
}

/// A table's position, for ordering: a table without one (an implicit
/// table, never among [`Tables`]) sorts first.
fn position_of(table: &Table) -> isize {
    table.position().unwrap_or(isize::MIN)
}

/// The tables outside the arrays of [`Tables`] that are written with a
/// header, in the order written, with their positions. `document` is a
/// level's document with those arrays taken out: what is left is few.
fn other_tables(document: &DocumentMut) -> Vec<(TableAddress, isize)> {
    written_order(document, &TakenArrays::default())
        .into_iter()
        .filter_map(|address| {
            let position = table_at(document, &address).map(position_of)?;
            Some((address, position))
        })
        .collect()
}

/// The table at `address` in `document` (outside the arrays of [`Tables`]).
fn table_at<'a>(document: &'a DocumentMut, address: &TableAddress) -> Option<&'a Table> {
    let mut table = document.as_table();
    for (key, index) in address {
        table = match (table.get(key)?, index) {
            (Item::Table(child), None) => child,
            (Item::ArrayOfTables(array), Some(index)) => array.get(*index)?,
            _ => return None,
        };
    }
    Some(table)
}

/// How many tables of `kind` sort before `position` (with `inclusive`, at
/// it too).
fn written_before(arrays: &TakenArrays, kind: Tables, position: isize, inclusive: bool) -> usize {
    let tables = arrays.list(kind);
    let before = |index: usize| {
        let at = tables.get(index).map_or(isize::MAX, position_of);
        at < position || (inclusive && at == position)
    };
    let (mut low, mut high) = (0, tables.len());
    while low < high {
        let middle = low + (high - low) / 2;
        if before(middle) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    low
}

/// The anchor of table `index` of `array`: the table written right before
/// it. Tables of two arrays never share a position (each array's tables
/// take their positions from the file or from their own neighbours), so
/// positions alone order them.
pub(super) fn anchor_of(
    document: &DocumentMut,
    arrays: &TakenArrays,
    array: Tables,
    index: usize,
) -> Anchor {
    let Some(position) = arrays.list(array).get(index).map(position_of) else {
        return Anchor::First;
    };
    let mut best: Option<(isize, Anchor)> = index
        .checked_sub(1)
        .and_then(|before| Some((position_of(arrays.list(array).get(before)?), before)))
        .map(|(at, before)| (at, Anchor::Listed(array, before)));
    let mut consider = |at: isize, anchor: Anchor| {
        if best.is_none_or(|(best_at, _)| at > best_at) {
            best = Some((at, anchor));
        }
    };
    for kind in Tables::ALL.into_iter().filter(|&kind| kind != array) {
        let count = written_before(arrays, kind, position, false);
        if let Some(last) = count.checked_sub(1)
            && let Some(table) = arrays.list(kind).get(last)
        {
            consider(position_of(table), Anchor::Listed(kind, last));
        }
    }
    for (rank, (_, at)) in other_tables(document).into_iter().enumerate() {
        if at < position {
            consider(at, Anchor::Other(rank));
        }
    }
    best.map_or(Anchor::First, |(_, anchor)| anchor)
}

/// Where [`position_after`] puts a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Placement {
    /// At this position.
    At(isize),
    /// After every table: at a position past all of them.
    Last,
    /// Between two tables whose positions leave no room: after
    /// [`renumber_positions`] there is.
    NoRoom,
}

/// Where a new table `index` of `array` goes to be written right after
/// `anchor` and before the table written after it; `None` when `anchor`
/// names no table.
pub(super) fn position_after(
    document: &DocumentMut,
    arrays: &TakenArrays,
    array: Tables,
    index: usize,
    anchor: Anchor,
) -> Option<Placement> {
    let others = other_tables(document);
    let low = match anchor {
        Anchor::First => None,
        // Right after the table before it in its own array: the same
        // position, and the array's order puts it next.
        Anchor::Listed(kind, at) if kind == array && at + 1 == index => {
            return Some(Placement::At(position_of(arrays.list(kind).get(at)?)));
        }
        Anchor::Listed(kind, at) => Some(position_of(arrays.list(kind).get(at)?)),
        Anchor::Other(rank) => Some(others.get(rank)?.1),
    };
    let past_low = |at: isize| low.is_none_or(|low| at > low);
    let next_listed = Tables::ALL.into_iter().filter_map(|kind| {
        let first = low.map_or(0, |low| written_before(arrays, kind, low, true));
        arrays.list(kind).get(first).map(position_of)
    });
    let next_other = others.iter().map(|(_, at)| *at).filter(|&at| past_low(at));
    let high = next_listed.chain(next_other).min();
    Some(match (low, high) {
        (_, None) => Placement::Last,
        (None, Some(high)) => high
            .checked_sub(SPACING)
            .map_or(Placement::NoRoom, Placement::At),
        (Some(low), Some(high)) if high - low >= 2 => Placement::At(low + (high - low) / 2),
        (Some(_), Some(_)) => Placement::NoRoom,
    })
}

/// Spreads the positions of a document just read [`SPACING`] apart
/// (where the text had them 1 apart), leaving room between every two
/// tables.
pub(super) fn spread_positions(document: &mut DocumentMut) {
    for_each_table_mut(document.as_table_mut(), &mut |table| {
        if let Some(position) = table.position() {
            table.set_position(Some(position.saturating_mul(SPACING)));
        }
    });
}

/// Gives every table written with a header the position of its place in
/// the written order, [`SPACING`] apart, keeping that order; returns the
/// position past all of them. Costs a sort of every table: only for when
/// [`position_after`] finds no room.
pub(super) fn renumber_positions(document: &mut DocumentMut, arrays: &mut TakenArrays) -> isize {
    let order = written_order(document, arrays);
    let count = order.len() as isize;
    for (rank, address) in order.into_iter().enumerate() {
        if let Some(table) = table_mut(document, arrays, &address) {
            table.set_position(Some((rank as isize).saturating_mul(SPACING)));
        }
    }
    count.saturating_mul(SPACING)
}
