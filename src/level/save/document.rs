//! [`LevelDocument`]: the text of a level file, edited without losing a byte
//! of what the author wrote. It keeps the `toml_edit` document of the file,
//! and changes only the tables and values an edit touches.

use glam::Vec2;
use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, Value};

use super::arrays::{Tables, TakenArrays};
use super::numbers::{number_text, point_text};
use super::pieces::{ReadInPieces, read_in_pieces, read_whole};
use super::placement::{Anchor, Placement, anchor_of, position_after, renumber_positions};
use super::table_order::{TableAddress, table_mut, written_order};
use super::write_pieces::write_in_pieces;
use crate::level::{SharedList, WallEnd};

/// The key of a lamp's place in a `[[light]]` table.
const LIGHT_AT_KEY: &str = "at";

/// The key of an obstacle's or a floor's outline in its table.
const POINTS_KEY: &str = "points";

/// The key of a floor's height in a `[[floor]]` table.
const FLOOR_HEIGHT_KEY: &str = "height";

/// A level file's text, open for editing.
///
/// Every edit changes only what it is about:
/// - [`append_wall`](Self::append_wall) adds a `[[wall]]` table holding only
///   `a` and `b`, written after the last `[[wall]]` (at the end of the file
///   when there is none), so the new wall inherits the level's defaults;
///   [`append_light`](Self::append_light) adds a `[[light]]` holding only
///   `at` in the same way;
/// - [`append_obstacle`](Self::append_obstacle) and
///   [`append_door`](Self::append_door) likewise add an `[[obstacle]]`
///   holding only `points` and a `[[door]]` holding only `a` and `b`;
/// - [`remove`](Self::remove) removes one table of any kind: its header
///   line, its keys and their comments. Blank lines above it go with it;
///   comment lines above it stay, in front of what followed it;
/// - [`move_endpoints`](Self::move_endpoints) rewrites the values of `a` or
///   `b`, keeping the spacing and comment around each value.
///
/// Everything else — comments, key order, spacing, number formatting — is
/// written back as it was read. Walls are counted as in
/// [`Level::walls`](crate::level::Level::walls): the order of the `[[wall]]`
/// tables in the file; lamps likewise, as in
/// [`Level::lights`](crate::level::Level::lights).
///
/// Its arrays of tables are held apart from the rest of the document
/// ([`TakenArrays`]), so an edit anywhere in a million walls costs what
/// it changes, and a copy of the document shares them.
#[derive(Debug, Clone)]
pub struct LevelDocument {
    /// The file's document, with each array of [`Tables`] emptied in its
    /// place: their tables are in `arrays`.
    pub(super) document: DocumentMut,
    /// The tables of each array of [`Tables`], taken out of `document`.
    pub(super) arrays: TakenArrays,
    /// A position after that of every table, given to the first table of
    /// an array the file did not have; one more each time, as
    /// [`end_position`](super::table_order::end_position) would find after it.
    next_end: isize,
    /// Whether the text read ended in a line break: toml_edit ends its
    /// last value's line with one whether the file did or not, and a file
    /// written back unedited must be the file read.
    ends_in_line_break: bool,
}

/// Why a level's text could not be read or edited.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DocumentError {
    /// The text is not TOML.
    #[error("the level is not valid TOML: {0}")]
    Syntax(String),
    /// `wall` is written some other way than as `[[wall]]` tables (e.g. an
    /// inline array), which the editor does not rewrite.
    #[error("walls must be written as [[wall]] tables to be edited in the program")]
    WallsNotTables,
    /// `light` is written some other way than as `[[light]]` tables, which
    /// the editor does not rewrite: walls can still be edited, lamps not.
    #[error("lamps must be written as [[light]] tables to be edited in the program")]
    LightsNotTables,
    /// `obstacle` is written some other way than as `[[obstacle]]` tables,
    /// which the editor does not rewrite: obstacles cannot be edited.
    #[error("obstacles must be written as [[obstacle]] tables to be edited in the program")]
    ObstaclesNotTables,
    /// `door` is written some other way than as `[[door]]` tables, which
    /// the editor does not rewrite: doors cannot be edited.
    #[error("doors must be written as [[door]] tables to be edited in the program")]
    DoorsNotTables,
    /// `floor` is written some other way than as `[[floor]]` tables, which
    /// the editor does not rewrite: floors cannot be edited.
    #[error("floors must be written as [[floor]] tables to be edited in the program")]
    FloorsNotTables,
    /// A table whose keys the editor would rewrite is missing or written
    /// inline (`player = { .. }`).
    #[error("`{0}` must be written as a table of its own to be edited in the program")]
    NotATable(String),
    /// A table index past the end of its array.
    #[error("there is no {key} {index}: the level has {count} [[{key}]] tables")]
    NoSuchTable {
        /// `wall`, `light` or `obstacle`.
        key: &'static str,
        /// The index asked for.
        index: usize,
        /// How many there are.
        count: usize,
    },
    /// A `[[wall]]` table without the end point to move, or with one that
    /// is not a list of two numbers.
    #[error("wall {index} has no point `{key}` of two numbers to move")]
    NoEndpoint {
        /// The wall.
        index: usize,
        /// `a` or `b`.
        key: &'static str,
    },
    /// The text given for a table to put back is not exactly one table of
    /// its kind.
    #[error("not a single [[{key}]] table: {text}")]
    NotOneTable {
        /// `wall` or `light`.
        key: &'static str,
        /// The text (its first 200 characters).
        text: String,
    },
    /// A point with a NaN or infinite coordinate.
    #[error("the point {0} is not finite")]
    NotFinite(Vec2),
    /// The text given for a key's value is not one TOML value.
    #[error("`{text}` is not a TOML value for `{key}`")]
    NotAValue {
        /// The key.
        key: &'static str,
        /// The text (its first 200 characters).
        text: String,
    },
    /// A journal's table to put back names a table to follow that the
    /// level does not have.
    #[error("the table to put back follows a table the level does not have: {0:?}")]
    NoAnchor(Anchor),
    /// A texture path that a level file cannot hold (not valid Unicode).
    #[error("the texture path {0:?} is not valid Unicode and cannot be written")]
    NonUnicodePath(std::path::PathBuf),
}

/// A table of one of the [`Tables`] taken out of a document by
/// [`LevelDocument::remove`], with everything needed to put it back.
#[derive(Debug, Clone)]
pub struct RemovedTable {
    array: Tables,
    table: Table,
    anchor: Anchor,
}

impl RemovedTable {
    /// The table that was written right before it, for putting it back by
    /// its text ([`LevelDocument::insert_text`]) where it was.
    pub fn anchor(&self) -> Anchor {
        self.anchor
    }

    /// The table as text, comments above it included, as
    /// [`LevelDocument::insert_text`] takes it back.
    pub fn text(&self) -> String {
        table_text(self.array, self.table.clone())
    }
}

/// `table` of `array` as the text of a document holding only it, comments
/// above it included, as [`LevelDocument::insert_text`] takes it back.
pub(super) fn table_text(array: Tables, mut table: Table) -> String {
    table.set_position(None);
    if table.decor().prefix().is_none() {
        // Not the first table of its file: toml_edit's default is a blank line.
        table.decor_mut().set_prefix("\n");
    }
    let mut tables = ArrayOfTables::new();
    tables.push(table);
    let mut document = DocumentMut::new();
    document.insert(array.key(), Item::ArrayOfTables(tables));
    document.to_string()
}

/// The values that [`LevelDocument::move_endpoints`] replaced, to put back.
#[derive(Debug, Clone)]
pub struct MovedEndpoints {
    /// Each moved value, in the order moved: wall, end, the old item.
    replaced: Vec<(usize, WallEnd, Item)>,
}

impl LevelDocument {
    /// Reads a level file's text. Fails on text that is not TOML, or whose
    /// `wall` is not an array of `[[wall]]` tables. (Lamps written another
    /// way than as `[[light]]` tables are refused only by the lamp edits.)
    pub fn parse(text: &str) -> Result<Self, DocumentError> {
        Self::parse_reporting(text, &mut |_| {})
    }

    /// [`parse`](Self::parse), telling `progress` the share of the text
    /// read (0 to 1) as it goes: a big file is read in pieces
    /// ([`read_in_pieces`]), with a report after each.
    pub fn parse_reporting(
        text: &str,
        progress: &mut dyn FnMut(f32),
    ) -> Result<Self, DocumentError> {
        let ReadInPieces {
            document,
            arrays,
            end,
        } = match read_in_pieces(text, progress) {
            Some(read) => read,
            None => read_whole(text).map_err(|error| DocumentError::Syntax(error.to_string()))?,
        };
        match document.get(Tables::Walls.key()) {
            None | Some(Item::ArrayOfTables(_)) => Ok(Self {
                document,
                arrays,
                next_end: end,
                ends_in_line_break: text.is_empty() || text.ends_with('\n'),
            }),
            Some(_) => Err(DocumentError::WallsNotTables),
        }
    }

    /// How many `[[wall]]` tables there are.
    pub fn wall_count(&self) -> usize {
        self.count(Tables::Walls).unwrap_or(0)
    }

    /// The end point `end` of wall `index` as written, if it is a list of
    /// two numbers (integers count).
    pub fn endpoint(&self, index: usize, end: WallEnd) -> Option<Vec2> {
        self.point(Tables::Walls, index, end.key())
    }

    /// Where lamp `index` hangs (its `at`) as written, if it is a list of
    /// two numbers (integers count).
    pub fn light_at(&self, index: usize) -> Option<Vec2> {
        self.point(Tables::Lights, index, LIGHT_AT_KEY)
    }

    /// The outline of obstacle `index` as written (`points`), if it is a
    /// list of points of two numbers each.
    pub fn obstacle_points(&self, index: usize) -> Option<Vec<Vec2>> {
        self.outline(Tables::Obstacles, index)
    }

    /// The outline of floor `index` as written (`points`), if it is a list
    /// of points of two numbers each.
    pub fn floor_points(&self, index: usize) -> Option<Vec<Vec2>> {
        self.outline(Tables::Floors, index)
    }

    /// The `points` of table `index` of `array` as written, if it is a list
    /// of points of two numbers each.
    fn outline(&self, array: Tables, index: usize) -> Option<Vec<Vec2>> {
        let value = self
            .tables(array)
            .ok()??
            .get(index)?
            .get(POINTS_KEY)?
            .as_value()?;
        value.as_array()?.iter().map(point_of).collect()
    }

    /// Adds an `[[obstacle]]` with outline `points` holding only that key,
    /// after the last `[[obstacle]]` (at the end of the file when there is
    /// none), and returns its index: the obstacle takes the level's
    /// `obstacle_height` and `obstacle_material`. Refuses points that are
    /// not finite; whether they make a convex outline is the caller's call.
    pub fn append_obstacle(&mut self, points: &[Vec2]) -> Result<usize, DocumentError> {
        let mut table = Table::new();
        table.insert(POINTS_KEY, toml_edit::value(outline_value(points)?));
        self.append(Tables::Obstacles, table)
    }

    /// Adds a `[[floor]]` with outline `points` at `height`, holding only
    /// those two keys, after the last `[[floor]]` (at the end of the file
    /// when there is none), and returns its index: the floor takes the
    /// format's defaults for the rest. Refuses points or a height that are
    /// not finite; whether the outline is a floor's is the caller's call.
    pub fn append_floor(&mut self, points: &[Vec2], height: f32) -> Result<usize, DocumentError> {
        if !height.is_finite() {
            return Err(DocumentError::NotFinite(Vec2::splat(height)));
        }
        let mut table = Table::new();
        table.insert(POINTS_KEY, toml_edit::value(outline_value(points)?));
        let height: Value = number_text(height)
            .parse()
            // A finite float's text is always a TOML number.
            .expect("a finite number's text is a TOML float");
        table.insert(FLOOR_HEIGHT_KEY, Item::Value(height));
        self.append(Tables::Floors, table)
    }

    /// Adds a `[[wall]]` from `a` to `b` holding only those two keys, after
    /// the last `[[wall]]`, and returns its index. Refuses points that are
    /// not finite; whether the wall is long enough is the caller's call.
    pub fn append_wall(&mut self, a: Vec2, b: Vec2) -> Result<usize, DocumentError> {
        self.append_span(Tables::Walls, a, b)
    }

    /// Adds a `[[door]]` from jamb `a` to jamb `b` holding only those two
    /// keys, after the last `[[door]]` (at the end of the file when there
    /// is none), and returns its index: the door takes the format's
    /// defaults. Refuses points that are not finite.
    pub fn append_door(&mut self, a: Vec2, b: Vec2) -> Result<usize, DocumentError> {
        self.append_span(Tables::Doors, a, b)
    }

    /// Adds a table of `array` holding only `a` and `b` (a wall's ends, a
    /// door's jambs) and returns its index.
    fn append_span(&mut self, array: Tables, a: Vec2, b: Vec2) -> Result<usize, DocumentError> {
        let mut table = Table::new();
        table.insert(WallEnd::A.key(), Item::Value(point_value(a)?));
        table.insert(WallEnd::B.key(), Item::Value(point_value(b)?));
        self.append(array, table)
    }

    /// Adds a `[[light]]` at `at` holding only that key, after the last
    /// `[[light]]` (at the end of the file when there is none), and returns
    /// its index: the lamp takes the format's defaults. Refuses a point
    /// that is not finite.
    pub fn append_light(&mut self, at: Vec2) -> Result<usize, DocumentError> {
        let mut table = Table::new();
        table.insert(LIGHT_AT_KEY, Item::Value(point_value(at)?));
        self.append(Tables::Lights, table)
    }

    /// Puts a table taken by [`remove`](Self::remove) back as table `index`
    /// of its array:
    /// undoing the removal restores every byte.
    pub fn put_back(&mut self, index: usize, removed: RemovedTable) -> Result<(), DocumentError> {
        self.insert_table(removed.array, index, removed.table)
    }

    /// Moves every listed end point to `to`, as one change: each value is
    /// rewritten as `[x, z]` with the spacing and comment it had. Checks
    /// every wall and key first, so on error nothing has changed.
    pub fn move_endpoints(
        &mut self,
        ends: &[(usize, WallEnd)],
        to: Vec2,
    ) -> Result<MovedEndpoints, DocumentError> {
        for &(index, end) in ends {
            self.check_index(Tables::Walls, index)?;
            if self.endpoint(index, end).is_none() {
                return Err(DocumentError::NoEndpoint {
                    index,
                    key: end.key(),
                });
            }
        }
        let new_value = point_value(to)?;
        let walls = self.tables_mut(Tables::Walls)?;
        let mut replaced = Vec::with_capacity(ends.len());
        for &(index, end) in ends {
            if let Some(item) = walls
                .get_mut(index)
                .and_then(|table| table.get_mut(end.key()))
            {
                let mut value = new_value.clone();
                if let Some(old) = item.as_value() {
                    *value.decor_mut() = old.decor().clone();
                }
                replaced.push((index, end, std::mem::replace(item, Item::Value(value))));
            }
        }
        Ok(MovedEndpoints { replaced })
    }

    /// Puts back the values that [`move_endpoints`](Self::move_endpoints)
    /// replaced, byte for byte.
    pub fn put_back_endpoints(&mut self, moved: MovedEndpoints) {
        let Ok(walls) = self.tables_mut(Tables::Walls) else {
            return;
        };
        for (index, end, old) in moved.replaced.into_iter().rev() {
            if let Some(item) = walls
                .get_mut(index)
                .and_then(|table| table.get_mut(end.key()))
            {
                *item = old;
            }
        }
    }

    /// The tables of `array`: `None` when the file has none; an error when
    /// its key holds something else.
    pub(super) fn tables(
        &self,
        array: Tables,
    ) -> Result<Option<&SharedList<Table>>, DocumentError> {
        match self.document.get(array.key()) {
            None => Ok(None),
            Some(Item::ArrayOfTables(_)) => Ok(Some(self.arrays.list(array))),
            Some(_) => Err(not_tables(array)),
        }
    }

    /// The tables of `array`, made (empty, so writing nothing) when the file
    /// has none yet; an error when its key holds something else.
    pub(super) fn tables_mut(
        &mut self,
        array: Tables,
    ) -> Result<&mut SharedList<Table>, DocumentError> {
        let held = self
            .document
            .entry(array.key())
            .or_insert_with(|| Item::ArrayOfTables(ArrayOfTables::new()));
        if held.is_array_of_tables() {
            Ok(self.arrays.list_mut(array))
        } else {
            Err(not_tables(array))
        }
    }

    /// How many tables `array` holds; an error when its key is written
    /// some other way than as tables (`[[light]]` tables can be edited,
    /// `light = [...]` cannot).
    pub fn count(&self, array: Tables) -> Result<usize, DocumentError> {
        Ok(self.tables(array)?.map_or(0, SharedList::len))
    }

    /// Checks that a table may be inserted into `array` as its table
    /// `index`: at most the count (after the last).
    fn insertion_point(&self, array: Tables, index: usize) -> Result<(), DocumentError> {
        let count = self.count(array)?;
        if index > count {
            return Err(DocumentError::NoSuchTable {
                key: array.key(),
                index,
                count,
            });
        }
        Ok(())
    }

    fn check_index(&self, array: Tables, index: usize) -> Result<(), DocumentError> {
        let count = self.count(array)?;
        if index < count {
            Ok(())
        } else {
            Err(DocumentError::NoSuchTable {
                key: array.key(),
                index,
                count,
            })
        }
    }

    /// The point under `key` in table `index` of `array`, if it is a list
    /// of two numbers (integers count).
    pub fn point(&self, array: Tables, index: usize, key: &str) -> Option<Vec2> {
        let value = self.tables(array).ok()??.get(index)?.get(key)?.as_value()?;
        point_of(value)
    }

    /// Adds `table` after the last table of `array` and returns its index.
    /// It gets the last table's position (the first of an array: one after
    /// every table of the file), so it stays where it was written even when
    /// the tables before it are removed; without a position, toml_edit
    /// would write it after whichever table it visits before it.
    fn append(&mut self, array: Tables, mut table: Table) -> Result<usize, DocumentError> {
        let position = match self.tables(array)?.and_then(SharedList::last) {
            Some(last) => last.position(),
            None => Some(self.take_end_position()),
        };
        table.set_position(position);
        let tables = self.tables_mut(array)?;
        tables.push(table);
        Ok(tables.len() - 1)
    }

    /// Removes table `index` of `array`: its header line, its keys and
    /// their comments. Blank lines above it go with it; comment lines above
    /// its header are handed to the table written after it (or to the end
    /// of the file).
    pub fn remove(&mut self, array: Tables, index: usize) -> Result<RemovedTable, DocumentError> {
        self.check_index(array, index)?;
        let anchor = anchor_of(&self.document, &self.arrays, array, index);
        let above = self
            .tables(array)?
            .and_then(|tables| tables.get(index))
            .map(prefix_text);
        let Some(above) = above.filter(|above| above.contains('#')) else {
            let table = self.tables_mut(array)?.remove(index);
            return Ok(RemovedTable {
                array,
                table,
                anchor,
            });
        };
        let follower = self.written_after(array, index).map(|mut address| {
            // The follower's index shifts down once the table is gone.
            if let Some((key, Some(position))) = address.first_mut()
                && key == array.key()
                && *position > index
            {
                *position -= 1;
            }
            address
        });
        let table = self.tables_mut(array)?.remove(index);
        match follower.and_then(|address| table_mut(&mut self.document, &mut self.arrays, &address))
        {
            Some(next) => {
                let own = prefix_text(next);
                next.decor_mut().set_prefix(format!("{above}{own}"));
            }
            None => {
                let trailing = self.document.trailing().as_str().unwrap_or("").to_string();
                self.document.set_trailing(format!("{above}{trailing}"));
            }
        }
        Ok(RemovedTable {
            array,
            table,
            anchor,
        })
    }

    /// Inserts the one table of `array` that `text` holds (as
    /// [`RemovedTable::text`] writes it) as its table `index`, written
    /// right after the table `anchor` names, as it was before its removal.
    /// Without an anchor (a journal written before they were kept), it is
    /// written right before the table now at `index` (after the last when
    /// `index` is the count). Comment lines above the header that the
    /// removal had handed to the next table are taken back from it.
    pub fn insert_text(
        &mut self,
        array: Tables,
        index: usize,
        text: &str,
        anchor: Option<Anchor>,
    ) -> Result<(), DocumentError> {
        self.insertion_point(array, index)?;
        let not_one = || DocumentError::NotOneTable {
            key: array.key(),
            text: text.chars().take(200).collect(),
        };
        let mut parsed: DocumentMut = text.parse().map_err(|_| not_one())?;
        let mut table = match (parsed.len(), parsed.remove(array.key())) {
            (1, Some(Item::ArrayOfTables(mut tables))) if tables.len() == 1 => tables.remove(0),
            _ => return Err(not_one()),
        };
        let position = match anchor {
            Some(anchor) => self.position_after(array, index, anchor)?,
            None => self.position_before(array, index)?,
        };
        table.set_position(Some(position));
        self.insert_table(array, index, table)
    }

    /// The position that writes a new table `index` of `array` right after
    /// the table `anchor` names, making room between positions if there
    /// is none.
    fn position_after(
        &mut self,
        array: Tables,
        index: usize,
        anchor: Anchor,
    ) -> Result<isize, DocumentError> {
        for _ in 0..2 {
            let placement = position_after(&self.document, &self.arrays, array, index, anchor)
                .ok_or(DocumentError::NoAnchor(anchor))?;
            match placement {
                Placement::At(position) => return Ok(position),
                Placement::Last => return Ok(self.take_end_position()),
                Placement::NoRoom => {
                    self.next_end = renumber_positions(&mut self.document, &mut self.arrays);
                }
            }
        }
        // Renumbered positions leave room between every two tables.
        Err(DocumentError::NoAnchor(anchor))
    }

    /// The position that writes a new table `index` of `array` right
    /// before the table now at `index`, or after the last.
    fn position_before(&mut self, array: Tables, index: usize) -> Result<isize, DocumentError> {
        let tables = self.tables(array)?;
        let neighbour = tables.and_then(|tables| {
            tables
                .get(index)
                .or_else(|| tables.get(index.checked_sub(1)?))
        });
        Ok(match neighbour.and_then(Table::position) {
            Some(position) => position,
            None => self.take_end_position(),
        })
    }

    /// The level file's text, with the edits.
    pub fn text(&mut self) -> String {
        self.text_reporting(&mut |_| {})
    }

    /// [`text`](Self::text), written a piece at a time, telling `progress`
    /// the share written (0 to 1) after each piece.
    pub fn text_reporting(&mut self, progress: &mut dyn FnMut(f32)) -> String {
        let mut text = write_in_pieces(&mut self.document, &mut self.arrays, progress);
        if !self.ends_in_line_break && text.ends_with('\n') {
            text.pop();
        }
        text
    }

    /// A position after that of every table: the next table given it is
    /// written after all the others.
    fn take_end_position(&mut self) -> isize {
        self.next_end += 1;
        self.next_end - 1
    }

    /// The address of the table written right after table `index` of
    /// `array`.
    fn written_after(&self, array: Tables, index: usize) -> Option<TableAddress> {
        let order = written_order(&self.document, &self.arrays);
        let own: TableAddress = vec![(array.key().to_string(), Some(index))];
        let at = order.iter().position(|address| *address == own)?;
        order.get(at + 1).cloned()
    }

    /// Inserts `table` as table `index` of `array`; if comment lines above
    /// its header stand in front of the table written next (where a removal
    /// put them), takes them back from there.
    fn insert_table(
        &mut self,
        array: Tables,
        index: usize,
        table: Table,
    ) -> Result<(), DocumentError> {
        self.insertion_point(array, index)?;
        let above = prefix_text(&table);
        self.tables_mut(array)?.insert(index, table);
        if !above.contains('#') {
            return Ok(());
        }
        match self
            .written_after(array, index)
            .and_then(|address| table_mut(&mut self.document, &mut self.arrays, &address))
        {
            Some(next) => {
                if let Some(own) = prefix_text(next).strip_prefix(&above) {
                    let own = own.to_string();
                    next.decor_mut().set_prefix(own);
                }
            }
            None => {
                let trailing = self.document.trailing().as_str().unwrap_or("");
                if let Some(rest) = trailing.strip_prefix(&above) {
                    let rest = rest.to_string();
                    self.document.set_trailing(rest);
                }
            }
        }
        Ok(())
    }
}

/// The error for an array written some other way than as tables.
fn not_tables(array: Tables) -> DocumentError {
    match array {
        Tables::Walls => DocumentError::WallsNotTables,
        Tables::Lights => DocumentError::LightsNotTables,
        Tables::Obstacles => DocumentError::ObstaclesNotTables,
        Tables::Doors => DocumentError::DoorsNotTables,
        Tables::Floors => DocumentError::FloorsNotTables,
    }
}

/// A TOML value that is a list of two numbers (integers count) as a point.
pub(super) fn point_of(value: &Value) -> Option<Vec2> {
    let numbers: Vec<f32> = value
        .as_array()?
        .iter()
        .map(|number| {
            number
                .as_float()
                .or_else(|| number.as_integer().map(|integer| integer as f64))
                .map(|number| number as f32)
        })
        .collect::<Option<_>>()?;
    match numbers[..] {
        [x, z] => Some(Vec2::new(x, z)),
        _ => None,
    }
}

/// `[x, z]` as a TOML value, formatted by [`point_text`]; only finite
/// points.
pub(super) fn point_value(point: Vec2) -> Result<Value, DocumentError> {
    if !point.is_finite() {
        return Err(DocumentError::NotFinite(point));
    }
    Ok(point_text(point)
        .parse()
        // Two finite floats in brackets are always a TOML array.
        .expect("a finite point's text is a TOML array"))
}

/// An outline as a TOML list of `[x, z]` points; only finite points.
fn outline_value(points: &[Vec2]) -> Result<toml_edit::Array, DocumentError> {
    let mut outline = toml_edit::Array::new();
    for &point in points {
        outline.push(point_value(point)?);
    }
    Ok(outline)
}

/// What stands above a table's header (blank and comment lines), as text:
/// the default (`"\n"`) when the table has none of its own.
fn prefix_text(table: &Table) -> String {
    match table.decor().prefix() {
        Some(prefix) => prefix.as_str().unwrap_or("").to_string(),
        None => "\n".to_string(),
    }
}
