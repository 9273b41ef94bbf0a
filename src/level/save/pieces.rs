//! Reading a big level file's text a piece at a time, for a caller that
//! reports progress between the pieces (and so, on the page, lets the
//! browser draw a frame): [`read_in_pieces`] gives what one parse of the
//! whole text gives, positions, decor and key order included.
//!
//! The file's runs of item tables (`[[wall]]`, `[[light]]`, `[[obstacle]]`
//! and `[[door]]`) are cut into batches of about [`BATCH_BYTES`], each
//! parsed on its own; the rest of the file is parsed once, with a stand-in
//! table where each run was, which keeps the root's keys in the order the
//! file gives them. Each piece's positions are then renumbered to those of
//! the whole text.
//!
//! A line that starts with `[[wall]]` (or another kind's header) in its
//! first column is always a table's header: no TOML value or key can begin
//! so. A run ends at the next line that starts with `[`. The blank and
//! comment lines right above a header go with the header, as `toml_edit`
//! reads them into its table's decor. Text with a multi-line string, in
//! which a line may start with anything, is parsed whole, and so is text
//! whose pieces do not fit together as one table each where one parse
//! would read them.

use toml_edit::{DocumentMut, Item, Table};

use super::arrays::{Tables, TakenArrays};
use super::placement::spread_positions;
use super::table_order::{end_position, for_each_table_mut};

/// About how many bytes of item tables a batch holds: a few milliseconds
/// of `toml_edit` on the page. Text shorter than two batches is read whole.
const BATCH_BYTES: usize = 4 * 1024;

/// The share of the reading that scanning the text for its runs is
/// reported as: about what it takes beside parsing.
const SCAN_SHARE: f32 = 0.1;

/// A level file's document read in pieces, as [`LevelDocument`] holds it:
/// positions spread, and the tables of each array of [`Tables`] taken out.
///
/// [`LevelDocument`]: super::LevelDocument
pub(super) struct ReadInPieces {
    /// The document without the tables of its arrays of [`Tables`].
    pub(super) document: DocumentMut,
    /// The tables of those arrays.
    pub(super) arrays: TakenArrays,
    /// A position after that of every table.
    pub(super) end: isize,
}

/// `text` read as one parse would read it, in pieces, with `progress`
/// told the share of the text read (0 to 1) after each; `None` where it
/// is better read whole: short text, text without runs of item tables,
/// text with a multi-line string, and text that is not TOML (one parse
/// tells what is wrong with it).
pub(super) fn read_in_pieces(text: &str, progress: &mut dyn FnMut(f32)) -> Option<ReadInPieces> {
    read_in_batches_of(text, BATCH_BYTES, progress)
}

/// `text` read in one parse, as [`read_in_pieces`] reads it in many.
pub(super) fn read_whole(text: &str) -> Result<ReadInPieces, toml_edit::TomlError> {
    let mut document: DocumentMut = text.parse()?;
    spread_positions(&mut document);
    Ok(ReadInPieces {
        end: end_position(&document),
        arrays: TakenArrays::take_from(&mut document),
        document,
    })
}

/// [`read_in_pieces`] with batches of about `batch_bytes`.
fn read_in_batches_of(
    text: &str,
    batch_bytes: usize,
    progress: &mut dyn FnMut(f32),
) -> Option<ReadInPieces> {
    if text.len() < 2 * batch_bytes {
        return None;
    }
    let bytes = text.len() as f32;
    let cut = Cut::of(text, batch_bytes, &mut |scanned| {
        progress(SCAN_SHARE * scanned as f32 / bytes);
    })?;
    let last_run = cut.runs.len().checked_sub(1)?;
    let share = |read: usize| {
        if read == text.len() {
            1.0
        } else {
            SCAN_SHARE + (1.0 - SCAN_SHARE) * read as f32 / bytes
        }
    };
    let mut read = text.len() - cut.runs.iter().map(Run::len).sum::<usize>();
    let mut rest: DocumentMut = cut.rest.parse().ok()?;
    let mut numbers = Numbering::of(&mut rest, &cut.runs)?;
    progress(share(read));

    let mut lists: [Vec<Table>; Tables::ALL.len()] = Default::default();
    let mut end = isize::MIN;
    let mut trailing = None;
    for (index, run) in cut.runs.iter().enumerate() {
        let mut next = numbers.first_of_run(index);
        let mut held = 0;
        let last_batch = run.batches.len() - 1;
        for (batch_index, text) in run.batches.iter().enumerate() {
            let mut batch = parse_batch(text)?;
            let ends_the_text = cut.ends_in_a_run && index == last_run && batch_index == last_batch;
            if ends_the_text {
                trailing = Some(batch.trailing().clone());
            } else if has_trailing(&batch) {
                return None;
            }
            let positions = positions_of(&mut batch);
            renumber(&mut batch, |position| {
                next + rank(&positions, position) as isize
            });
            next += positions.len() as isize;
            held += positions.len();
            end = end.max(end_position(&batch));
            for (key, item) in batch.into_table() {
                if let (Some(kind), Item::ArrayOfTables(tables)) = (Tables::under_key(&key), item) {
                    lists[kind as usize].extend(tables);
                }
            }
            read += text.len();
            progress(share(read));
        }
        numbers.run_held(held);
    }

    renumber(&mut rest, |position| numbers.after_rest_before(position));
    if let Some(trailing) = trailing {
        if has_trailing(&rest) {
            return None;
        }
        rest.set_trailing(trailing);
    }
    // The stand-ins go: the batches' tables take their place.
    TakenArrays::take_from(&mut rest);
    Some(ReadInPieces {
        end: end.max(end_position(&rest)),
        document: rest,
        arrays: TakenArrays::from_lists(lists),
    })
}

/// A text cut into the rest of the file and its runs of item tables.
struct Cut<'a> {
    /// The text outside the runs, with stand-in tables where each run was.
    rest: String,
    /// The runs, in text order.
    runs: Vec<Run<'a>>,
    /// Whether the last run ends the text: then its last batch holds the
    /// text after the file's last table.
    ends_in_a_run: bool,
}

/// A run of item tables: consecutive tables of [`Tables`], their comments
/// above them included.
struct Run<'a> {
    /// The run's text, cut between tables into batches.
    batches: Vec<&'a str>,
    /// How many stand-in tables the rest holds in the run's place: one of
    /// the kind of the run's first table, and one of each kind that first
    /// appears in the file in this run.
    stand_ins: usize,
}

impl Run<'_> {
    /// The run's length in bytes.
    fn len(&self) -> usize {
        self.batches.iter().map(|batch| batch.len()).sum()
    }
}

/// What a line of a level file starts.
enum Line {
    /// A header of an item table, `[[wall]]` and the like, in its first column.
    ItemHeader(Tables),
    /// Some other line starting with `[`: another table's header (or a
    /// value inside an array, which stops the run as a header would).
    OtherHeader,
    /// A blank line or a comment.
    Gap,
    /// Anything else: a key and its value, or a value's continuation.
    Body,
}

impl Line {
    fn of(line: &str) -> Self {
        if line.starts_with('[') {
            return Tables::ALL
                .into_iter()
                .find(|kind| {
                    line.strip_prefix("[[")
                        .and_then(|after| after.strip_prefix(kind.key()))
                        .and_then(|after| after.strip_prefix("]]"))
                        .is_some_and(|after| {
                            let after = after.trim_start_matches([' ', '\t']);
                            after.is_empty() || after.starts_with(['#', '\n', '\r'])
                        })
                })
                .map_or(Line::OtherHeader, Line::ItemHeader);
        }
        let content = line.trim_start_matches([' ', '\t']);
        if content.is_empty() || content.starts_with(['#', '\n', '\r']) {
            Line::Gap
        } else {
            Line::Body
        }
    }
}

/// A run being cut, while the text is scanned.
struct OpenRun<'a> {
    batches: Vec<&'a str>,
    /// Where the batch being gathered begins.
    batch_from: usize,
    stand_ins: usize,
}

impl<'a> Cut<'a> {
    /// `text` cut, with batches of about `batch_bytes`, telling `scanned`
    /// how many bytes are scanned after each batch's worth; `None` where
    /// the text has a multi-line string.
    fn of(text: &'a str, batch_bytes: usize, scanned: &mut dyn FnMut(usize)) -> Option<Self> {
        let mut rest = String::new();
        let mut runs = Vec::new();
        let mut stood_in = [false; Tables::ALL.len()];
        // Where the text not yet copied into the rest begins.
        let mut rest_from = 0;
        let mut open: Option<OpenRun> = None;
        // Where the blank and comment lines right above this line begin.
        let mut gap_from = None;
        let mut line_from = 0;
        let mut reported = 0;
        for line in text.split_inclusive('\n') {
            let start = line_from;
            line_from += line.len();
            if line.contains("\"\"\"") || line.contains("'''") {
                return None;
            }
            if line_from - reported >= batch_bytes {
                reported = line_from;
                scanned(line_from);
            }
            match Line::of(line) {
                Line::Gap => {
                    gap_from.get_or_insert(start);
                    continue;
                }
                Line::Body => {}
                Line::ItemHeader(kind) => {
                    let from = gap_from.unwrap_or(start);
                    let run = open.get_or_insert_with(|| {
                        rest.push_str(&text[rest_from..from]);
                        OpenRun {
                            batches: Vec::new(),
                            batch_from: from,
                            stand_ins: 0,
                        }
                    });
                    if from - run.batch_from >= batch_bytes {
                        run.batches.push(&text[run.batch_from..from]);
                        run.batch_from = from;
                    }
                    if run.stand_ins == 0 || !stood_in[kind as usize] {
                        stood_in[kind as usize] = true;
                        run.stand_ins += 1;
                        rest.push_str(&format!("[[{}]]\n", kind.key()));
                    }
                }
                Line::OtherHeader => {
                    if let Some(run) = open.take() {
                        let to = gap_from.unwrap_or(start);
                        runs.push(run.ended_at(text, to));
                        rest_from = to;
                    }
                }
            }
            gap_from = None;
        }
        let ends_in_a_run = open.is_some();
        if let Some(run) = open.take() {
            runs.push(run.ended_at(text, text.len()));
            rest_from = text.len();
        }
        rest.push_str(&text[rest_from..]);
        Some(Self {
            rest,
            runs,
            ends_in_a_run,
        })
    }
}

impl<'a> OpenRun<'a> {
    fn ended_at(mut self, text: &'a str, to: usize) -> Run<'a> {
        self.batches.push(&text[self.batch_from..to]);
        Run {
            batches: self.batches,
            stand_ins: self.stand_ins,
        }
    }
}

/// A batch of item tables parsed, if it is TOML holding nothing but item
/// tables.
fn parse_batch(text: &str) -> Option<DocumentMut> {
    let document: DocumentMut = text.parse().ok()?;
    let only_item_tables = document.iter().all(|(key, item)| {
        Tables::under_key(key).is_some() && matches!(item, Item::ArrayOfTables(_))
    });
    only_item_tables.then_some(document)
}

/// Every position the tables of `document` were given, each once, in
/// order.
fn positions_of(document: &mut DocumentMut) -> Vec<isize> {
    let mut positions = Vec::new();
    for_each_table_mut(document.as_table_mut(), &mut |table| {
        positions.extend(table.position());
    });
    positions.sort_unstable();
    positions.dedup();
    positions
}

/// Renumbers the positions of `document` by `renumber`, then spreads them
/// as a document just read is spread.
fn renumber(document: &mut DocumentMut, renumber: impl Fn(isize) -> isize) {
    for_each_table_mut(document.as_table_mut(), &mut |table| {
        if let Some(position) = table.position() {
            table.set_position(Some(renumber(position)));
        }
    });
    spread_positions(document);
}

/// Whether `document` has text after its last table.
fn has_trailing(document: &DocumentMut) -> bool {
    document.trailing().as_str() != Some("")
}

/// Where `position` ranks among `positions` (sorted): how many are before it.
fn rank(positions: &[isize], position: isize) -> usize {
    positions.partition_point(|&before| before < position)
}

/// How the positions of the rest and of the runs' tables, each numbered
/// from its own parse, become those of one parse of the whole text: a
/// table's position there is the first's, plus the tables before it.
struct Numbering {
    /// The rest's positions, stand-ins included, in order.
    rest: Vec<isize>,
    /// The stand-ins' positions, in order.
    stand_ins: Vec<isize>,
    /// Each run's first stand-in.
    firsts: Vec<isize>,
    /// How many tables the runs before each hold: one entry more than the
    /// runs counted so far.
    tables_before: Vec<usize>,
    /// The position of the text's first table.
    base: isize,
}

impl Numbering {
    /// The numbering of `rest`, parsed with stand-ins for `runs`; `None`
    /// where its tables of an item kind are not exactly the stand-ins,
    /// each empty (a table under the last wall, say, which the rest cannot
    /// hold apart from it).
    fn of(rest: &mut DocumentMut, runs: &[Run]) -> Option<Self> {
        let mut stand_ins = Vec::new();
        for kind in Tables::ALL {
            if let Some(Item::ArrayOfTables(tables)) = rest.get(kind.key()) {
                for table in tables.iter() {
                    if !table.is_empty() {
                        return None;
                    }
                    stand_ins.push(table.position()?);
                }
            }
        }
        stand_ins.sort_unstable();
        if stand_ins.len() != runs.iter().map(|run| run.stand_ins).sum::<usize>() {
            return None;
        }
        let mut firsts = Vec::with_capacity(runs.len());
        let mut stand_ins_before = 0;
        for run in runs {
            firsts.push(*stand_ins.get(stand_ins_before)?);
            stand_ins_before += run.stand_ins;
        }
        let rest = positions_of(rest);
        Some(Self {
            base: *rest.first()?,
            tables_before: vec![0],
            rest,
            stand_ins,
            firsts,
        })
    }

    /// The whole text's position of run `run`'s first table, once every
    /// run before it is counted.
    fn first_of_run(&self, run: usize) -> isize {
        self.after_rest_before(self.firsts[run])
    }

    /// Counts the next run, which holds `tables` tables.
    fn run_held(&mut self, tables: usize) {
        let before = self.tables_before.last().copied().unwrap_or(0);
        self.tables_before.push(before + tables);
    }

    /// The whole text's position of the rest's table at `position`, once
    /// every run before it is counted: after the rest's other tables
    /// before it and the tables of the runs before it.
    fn after_rest_before(&self, position: isize) -> isize {
        let runs_before = rank(&self.firsts, position);
        let rest_before = rank(&self.rest, position) - rank(&self.stand_ins, position);
        self.base + (rest_before + self.tables_before[runs_before]) as isize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    use crate::level::save::LevelDocument;
    use crate::level::save::generated::{Block, MIXED, block, level_text};
    use crate::property_cases::property_config;

    /// What a parse of the whole text gives, as [`read_in_pieces`] gives it.
    fn whole(text: &str) -> ReadInPieces {
        read_whole(text).expect("valid TOML")
    }

    /// Everything a read gives, positions and decor included, as text.
    fn everything(read: &ReadInPieces) -> String {
        format!("{:?}\n{:?}\nend {}", read.document, read.arrays, read.end)
    }

    /// The text a read writes back.
    fn written(read: ReadInPieces) -> String {
        let (mut document, mut arrays) = (read.document, read.arrays);
        arrays.write_with(&mut document)
    }

    /// Asserts that `text` read in batches of `batch_bytes` gives what one
    /// parse gives, and that the reports rise to 1.
    fn assert_read_as_whole(text: &str, batch_bytes: usize) {
        let mut reports = Vec::new();
        let read = read_in_batches_of(text, batch_bytes, &mut |share| reports.push(share))
            .expect("read in pieces");
        let expected = whole(text);
        assert_eq!(everything(&read), everything(&expected));
        // toml_edit writes every line ending as `\n`, read whole or not.
        assert_eq!(written(read), written(expected));
        assert!(reports.len() > 2, "one report a batch: {reports:?}");
        assert!(reports.is_sorted(), "{reports:?}");
        assert_eq!(reports.last(), Some(&1.0));
    }

    #[test]
    fn a_level_with_every_kind_of_table_reads_as_one_parse_does() {
        for batch_bytes in [1, 8, 40, 100] {
            assert_read_as_whole(MIXED, batch_bytes);
        }
        let crlf = MIXED.replace('\n', "\r\n");
        assert_read_as_whole(&crlf, 8);
    }

    #[test]
    fn a_maze_reads_as_one_parse_does() {
        let maze = crate::level::Level::maze(12, 12, 3).expect("a maze");
        let text = LevelDocument::text_for_level(&maze).expect("its text");
        assert_read_as_whole(&text, 1024);
    }

    #[test]
    fn what_cannot_be_cut_safely_is_left_to_one_parse() {
        let cases = [
            // A multi-line string, in which a line may look like a header.
            format!("{MIXED}[[wall]]\nnote = \"\"\"\n[[wall]]\n\"\"\"\n"),
            // A table under the last wall, which the rest cannot hold.
            format!("{MIXED}[wall.extra]\nk = 1\n"),
            // An array's element in the first column, inside a run.
            MIXED.replace("  [1, 0],", "[1, 0],"),
            // An indented header among the rest.
            MIXED.replace("fog = 0.5\n", "fog = 0.5\n  [[wall]]\na = [7, 7]\n"),
            // Not TOML: one parse tells what is wrong.
            format!("{MIXED}[[wall]]\na = \n"),
        ];
        for text in cases {
            assert!(
                read_in_batches_of(&text, 8, &mut |_| {}).is_none(),
                "read in pieces:\n{text}"
            );
        }
    }

    proptest! {
        #![proptest_config(property_config(256))]
        /// Any level file of tables of every kind, comments and blank lines
        /// between them, reads in pieces of any size as one parse reads it.
        #[test]
        fn any_level_reads_in_pieces_as_one_parse_does(
            blocks in prop::collection::vec(block(), 1..40),
            batch_bytes in 1usize..200,
            crlf in any::<bool>(),
            ending in prop::sample::select(vec!["", "\n", "# the end\n", "# no newline"]),
        ) {
            let text = level_text(&blocks, crlf) + ending;
            let has_items = blocks.iter().any(|block| matches!(block, Block::Item(..)));
            prop_assume!(has_items && text.len() >= 2 * batch_bytes);
            let read = read_in_batches_of(&text, batch_bytes, &mut |_| {});
            if text.parse::<DocumentMut>().is_err() {
                // A key twice in one table: one parse tells what is wrong.
                prop_assert!(read.is_none());
                return Ok(());
            }
            let read = read.expect("read in pieces");
            let expected = whole(&text);
            prop_assert_eq!(everything(&read), everything(&expected));
            prop_assert_eq!(written(read), written(expected));
        }
    }
}
