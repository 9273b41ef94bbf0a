//! Writing a level file's text a piece at a time, for a caller that
//! reports progress between the pieces (and so, on the page, lets the
//! browser draw a frame): [`write_in_pieces`] gives, byte for byte, what
//! `toml_edit` writes of the whole document in one call.
//!
//! `toml_edit` writes a document's tables sorted by their positions, equal
//! positions in the order it visits them (depth first, in key order, an
//! array's tables in their order), and writes the first table's header
//! without the blank line a table without decor of its own gets. Sorted
//! so, the item tables (`[[wall]]`, `[[light]]`, `[[obstacle]]` and
//! `[[door]]`) fall into runs of one kind written one after another. Each
//! run is written in chunks of [`CHUNK_TABLES`], each chunk as a document
//! of its own that holds only those tables, under the root's own key. The
//! rest of the document is written once, with a marker table in each
//! run's place; the runs' text then takes the markers' place.
//!
//! A marker is an empty table at its run's first position whose decor
//! starts with a NUL character, which no TOML text can hold. The rest is
//! written whole where a table without a position could sort differently
//! among the markers, where an item table holds tables of its own, and
//! where an array's key writes a line break before its header.

use std::ops::Range;

use toml_edit::{ArrayOfTables, DocumentMut, Item, Key, Table};

use super::arrays::{Tables, TakenArrays};

/// How many item tables a chunk holds: about a millisecond of `toml_edit`
/// on the page.
const CHUNK_TABLES: usize = 256;

/// The text of `document` with the tables `taken` from it, as
/// [`TakenArrays::write_with`] writes it, telling `progress` the share of
/// the item tables written (0 to 1) once they are sorted into their runs,
/// after each chunk, and at the end: each report more than the one before.
pub(super) fn write_in_pieces(
    document: &mut DocumentMut,
    taken: &mut TakenArrays,
    progress: &mut dyn FnMut(f32),
) -> String {
    write_in_chunks_of(document, taken, CHUNK_TABLES, progress)
}

/// [`write_in_pieces`] with chunks of `chunk_tables` tables.
fn write_in_chunks_of(
    document: &mut DocumentMut,
    taken: &mut TakenArrays,
    chunk_tables: usize,
    progress: &mut dyn FnMut(f32),
) -> String {
    let text = Runs::of(document, taken)
        .and_then(|runs| {
            let rest = RestText::with_markers(document, &runs)?;
            Some(runs.write(taken, &rest, chunk_tables, progress))
        })
        .unwrap_or_else(|| taken.write_with(document));
    progress(1.0);
    text
}

/// Where a table is written: one of the item tables, or any other.
#[derive(Debug, Clone, Copy)]
enum Slot {
    Item(Tables, usize),
    Other,
}

/// Item tables of one kind that the document writes one after another.
struct Run {
    kind: Tables,
    /// The root's key of their array, as the file writes it.
    key: Key,
    /// The position of the first, which its marker takes.
    position: isize,
    /// The tables' indices in their list, in the order written.
    indices: Vec<usize>,
}

/// The item tables of a document, in the runs they are written in.
struct Runs {
    runs: Vec<Run>,
    /// Whether the first run's first table is the first thing the document
    /// writes: it alone takes no blank line before its header by default.
    opens_document: bool,
    /// How many item tables there are.
    tables: usize,
}

impl Runs {
    /// The runs of `document` and the tables `taken` from it; `None` where
    /// they cannot be told apart from the rest safely.
    fn of(document: &DocumentMut, taken: &TakenArrays) -> Option<Self> {
        let root = document.as_table();
        let mut written = Vec::new();
        for (key, item) in root.iter() {
            match (Tables::under_key(key), item) {
                (Some(kind), Item::ArrayOfTables(left)) => {
                    if !left.is_empty() || key_breaks_line(root.key(key)?) {
                        return None;
                    }
                    for (index, table) in taken.list(kind).iter().enumerate() {
                        if !holds_no_tables(table) {
                            return None;
                        }
                        written.push((table.position()?, Slot::Item(kind, index)));
                    }
                }
                (_, Item::Table(table)) => visit_rest(table, false, &mut written)?,
                (_, Item::ArrayOfTables(array)) => array
                    .iter()
                    .try_for_each(|table| visit_rest(table, true, &mut written))?,
                (_, Item::None | Item::Value(_)) => {}
            }
        }
        // A stable sort: equal positions keep their visiting order, as in
        // toml_edit.
        written.sort_by_key(|(position, _)| *position);
        let opens_document =
            root.get_values().is_empty() && matches!(written.first(), Some((_, Slot::Item(..))));
        let mut runs: Vec<Run> = Vec::new();
        let mut in_run = false;
        for (position, slot) in written {
            match slot {
                Slot::Item(kind, index) => match runs.last_mut() {
                    Some(run) if in_run && run.kind == kind => run.indices.push(index),
                    _ => {
                        runs.push(Run {
                            kind,
                            key: root.key(kind.key())?.clone(),
                            position,
                            indices: vec![index],
                        });
                        in_run = true;
                    }
                },
                Slot::Other => in_run = false,
            }
        }
        let tables = runs.iter().map(|run| run.indices.len()).sum();
        Some(Self {
            runs,
            opens_document,
            tables,
        })
    }

    /// The whole text: `rest` with each marker replaced by its run's
    /// tables, written in chunks of `chunk_tables`, with a report to
    /// `progress` before the first and after each but the last.
    fn write(
        &self,
        taken: &mut TakenArrays,
        rest: &RestText,
        chunk_tables: usize,
        progress: &mut dyn FnMut(f32),
    ) -> String {
        let mut lists = Tables::ALL.map(|kind| std::mem::take(taken.list_mut(kind)).into_vec());
        // Putting every table in order is a step of its own.
        progress(0.0);
        let mut text = String::with_capacity(rest.text.len());
        let mut from = 0;
        let mut done = 0;
        for (run, marker) in self.runs.iter().zip(&rest.markers) {
            text.push_str(&rest.text[from..marker.start]);
            from = marker.end;
            let list = &mut lists[run.kind as usize];
            for chunk in run.indices.chunks(chunk_tables) {
                let opens = self.opens_document && done == 0;
                text.push_str(&chunk_text(&run.key, list, chunk, opens));
                done += chunk.len();
                // The last chunk's report is the end's.
                if done < self.tables {
                    progress(done as f32 / self.tables as f32);
                }
            }
        }
        text.push_str(&rest.text[from..]);
        *taken = TakenArrays::from_lists(lists);
        text
    }
}

/// Whether an array's key writes a line break before or after the key
/// inside its header, which puts the marker's header on two lines.
fn key_breaks_line(key: &Key) -> bool {
    let decor = key.leaf_decor();
    [decor.prefix(), decor.suffix()]
        .into_iter()
        .flatten()
        .any(|raw| raw.as_str().is_none_or(|text| text.contains('\n')))
}

/// Whether an item table holds no table that is written with a header of
/// its own (dotted keys are written in its body).
fn holds_no_tables(table: &Table) -> bool {
    table.iter().all(|(_, item)| match item {
        Item::Table(child) => child.is_dotted() && holds_no_tables(child),
        Item::ArrayOfTables(_) => false,
        Item::None | Item::Value(_) => true,
    })
}

/// Lists in `written` `table` and the tables under it that are written
/// with a header, each with its position, as `toml_edit` visits them;
/// `None` if one has no position. `in_array` says whether `table` is one
/// of an array of tables, which is written even when empty.
fn visit_rest(table: &Table, in_array: bool, written: &mut Vec<(isize, Slot)>) -> Option<()> {
    let hidden = !in_array && table.is_implicit() && table.get_values().is_empty();
    if !table.is_dotted() && !hidden {
        written.push((table.position()?, Slot::Other));
    }
    table.iter().try_for_each(|(_, item)| match item {
        Item::Table(child) => visit_rest(child, false, written),
        Item::ArrayOfTables(array) => array
            .iter()
            .try_for_each(|child| visit_rest(child, true, written)),
        Item::None | Item::Value(_) => Some(()),
    })
}

/// The text of one chunk of a run: `chunk`'s tables of `list`, moved into
/// a document of their own under the root's `key` for them, written, and
/// moved back. `opens` says whether the chunk's first table is the first
/// thing the whole document writes.
fn chunk_text(key: &Key, list: &mut [Table], chunk: &[usize], opens: bool) -> String {
    // A document's first table gets no blank line above its header by
    // default; in the whole document only the first of all does.
    let first_has_own_decor = chunk
        .first()
        .and_then(|index| list[*index].decor().prefix())
        .is_some();
    // In the order written: equal positions keep it in the chunk's
    // document too.
    let mut array = ArrayOfTables::new();
    for &index in chunk {
        array.push(std::mem::take(&mut list[index]));
    }
    let mut own = DocumentMut::new();
    own.insert_formatted(key, Item::ArrayOfTables(array));
    let mut text = own.to_string();
    let Some(Item::ArrayOfTables(array)) = own.remove(key.get()) else {
        unreachable!("the chunk's document holds its tables under their key");
    };
    for (table, &index) in array.into_iter().zip(chunk) {
        list[index] = table;
    }
    if !opens && !first_has_own_decor {
        text.insert(0, '\n');
    }
    text
}

/// The document's text with a marker table in each run's place, and where
/// each marker's header line lies in it.
struct RestText {
    text: String,
    /// Each run's marker, in the order of the runs.
    markers: Vec<Range<usize>>,
}

impl RestText {
    /// Writes `document` with a marker for each of `runs`, and takes the
    /// markers out again; `None` if the markers are not found in the text
    /// one after another.
    fn with_markers(document: &mut DocumentMut, runs: &Runs) -> Option<Self> {
        for (number, run) in runs.runs.iter().enumerate() {
            let mut marker = Table::new();
            marker.set_position(Some(run.position));
            marker.decor_mut().set_prefix(marker_tag(number));
            marker.decor_mut().set_suffix("");
            if let Some(Item::ArrayOfTables(array)) = document.get_mut(run.kind.key()) {
                array.push(marker);
            }
        }
        let text = document.to_string();
        for kind in Tables::ALL {
            if let Some(Item::ArrayOfTables(array)) = document.get_mut(kind.key()) {
                array.clear();
            }
        }
        if text.matches('\0').count() != 2 * runs.runs.len() {
            return None;
        }
        let mut markers = Vec::with_capacity(runs.runs.len());
        let mut from = 0;
        for number in 0..runs.runs.len() {
            let start = from + text[from..].find(&marker_tag(number))?;
            let end = start + text[start..].find('\n')? + 1;
            markers.push(start..end);
            from = end;
        }
        Some(Self { text, markers })
    }
}

/// The decor that starts run `number`'s marker: NUL characters, which no
/// TOML text holds, around the number.
fn marker_tag(number: usize) -> String {
    format!("\0{number}\0")
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;
    use proptest::prelude::*;

    use crate::level::save::LevelDocument;
    use crate::level::save::generated::{MIXED, block, level_text};
    use crate::property_cases::property_config;

    /// What `toml_edit` writes of `document` in one call.
    fn in_one_call(document: &LevelDocument) -> String {
        let mut document = document.clone();
        document.arrays.write_with(&mut document.document)
    }

    /// Everything `document` holds, positions and decor included, as text.
    fn everything(document: &LevelDocument) -> String {
        format!("{document:?}")
    }

    /// `document` written in chunks of `chunk_tables`, with its reports;
    /// asserts that it is written as in one call and left as it was.
    fn assert_written_as_in_one_call(
        document: &mut LevelDocument,
        chunk_tables: usize,
    ) -> Vec<f32> {
        let (expected, before) = (in_one_call(document), everything(document));
        let mut reports = Vec::new();
        let text = write_in_chunks_of(
            &mut document.document,
            &mut document.arrays,
            chunk_tables,
            &mut |share| reports.push(share),
        );
        assert_eq!(text, expected);
        assert_eq!(
            everything(document),
            before,
            "the document is left as it was"
        );
        assert!(
            reports.windows(2).all(|pair| pair[0] < pair[1]),
            "each report more than the one before: {reports:?}"
        );
        assert_eq!(reports.last(), Some(&1.0));
        reports
    }

    fn parsed(text: &str) -> LevelDocument {
        LevelDocument::parse(text).expect("a level file")
    }

    #[test]
    fn a_level_with_every_kind_of_table_writes_a_piece_a_table() {
        let mut document = parsed(MIXED);
        // Once sorted, then after each of four walls, a lamp, a door and an
        // obstacle, the last one's report being the end's.
        assert_eq!(assert_written_as_in_one_call(&mut document, 1).len(), 8);
        assert_written_as_in_one_call(&mut document, 3);
        assert_eq!(assert_written_as_in_one_call(&mut document, 100).len(), 7);
    }

    #[test]
    fn a_maze_writes_in_pieces_as_in_one_call() {
        let maze = crate::level::Level::maze(12, 12, 3).expect("a maze");
        let mut document = LevelDocument::for_level(&maze).expect("its document");
        let walls = document.count(Tables::Walls).expect("walls");
        let reports = assert_written_as_in_one_call(&mut document, 16);
        assert_eq!(reports.len(), walls.div_ceil(16) + 1);
    }

    #[test]
    fn tables_added_without_decor_of_their_own_take_the_line_before_them() {
        for text in ["", "[[wall]]\na = [0, 0]\nb = [1, 0]\n", "name = \"n\"\n"] {
            let mut document = parsed(text);
            for step in 0..3 {
                let at = Vec2::splat(step as f32);
                document.append_wall(at, at + Vec2::X).expect("a wall");
                document.append_light(at).expect("a lamp");
            }
            document.append_door(Vec2::ZERO, Vec2::Y).expect("a door");
            for chunk_tables in [1, 2, 50] {
                assert_written_as_in_one_call(&mut document, chunk_tables);
            }
        }
    }

    #[test]
    fn what_cannot_be_put_together_safely_is_written_in_one_call() {
        let mut nested = parsed(&format!("{MIXED}[wall.extra]\nk = 1\n"));
        assert_eq!(assert_written_as_in_one_call(&mut nested, 1), [1.0]);
        let mut unplaced = parsed(MIXED);
        if let Some(wall) = unplaced.arrays.list_mut(Tables::Walls).get_mut(1) {
            wall.set_position(None);
        }
        assert_eq!(assert_written_as_in_one_call(&mut unplaced, 1), [1.0]);
    }

    /// An edit of a generated level.
    #[derive(Debug, Clone)]
    enum Edit {
        Append(usize),
        /// Removes the table at this share of its kind's tables.
        Remove(usize, f32),
        /// Puts the table removed last back where it was.
        PutBack,
    }

    fn edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            (0..Tables::ALL.len()).prop_map(Edit::Append),
            (0..Tables::ALL.len(), 0.0f32..1.0).prop_map(|(kind, at)| Edit::Remove(kind, at)),
            Just(Edit::PutBack),
        ]
    }

    /// Applies `edits` to `document`, skipping those it refuses.
    fn apply(document: &mut LevelDocument, edits: &[Edit]) {
        let mut removed = Vec::new();
        for edit in edits {
            match *edit {
                Edit::Append(kind) => {
                    let at = Vec2::new(removed.len() as f32, 1.0);
                    let _ = match Tables::ALL[kind] {
                        Tables::Walls => document.append_wall(at, at + Vec2::X),
                        Tables::Lights => document.append_light(at),
                        Tables::Obstacles => {
                            document.append_obstacle(&[at, at + Vec2::X, at + Vec2::Y])
                        }
                        Tables::Doors => document.append_door(at, at + Vec2::Y),
                        Tables::Floors => {
                            document.append_floor(&[at, at + Vec2::X, at + Vec2::Y], 0.5)
                        }
                    };
                }
                Edit::Remove(kind, at) => {
                    let kind = Tables::ALL[kind];
                    let count = document.count(kind).unwrap_or(0);
                    let index = (at * count as f32) as usize;
                    if let Ok(table) = document.remove(kind, index) {
                        removed.push((index, table));
                    }
                }
                Edit::PutBack => {
                    if let Some((index, table)) = removed.pop() {
                        let _ = document.put_back(index, table);
                    }
                }
            }
        }
    }

    proptest! {
        #![proptest_config(property_config(256))]
        /// Any level file, edited in any way, writes in chunks of any size
        /// as `toml_edit` writes it in one call.
        #[test]
        fn any_edited_level_writes_in_pieces_as_in_one_call(
            blocks in prop::collection::vec(block(), 1..30),
            crlf in any::<bool>(),
            edits in prop::collection::vec(edit(), 0..12),
            chunk_tables in 1usize..6,
        ) {
            let text = level_text(&blocks, crlf);
            let Ok(mut document) = LevelDocument::parse(&text) else {
                // A key twice in one table: not a level file.
                return Ok(());
            };
            apply(&mut document, &edits);
            assert_written_as_in_one_call(&mut document, chunk_tables);
        }
    }
}
