//! [`LevelDocument`]: the text of a level file, edited without losing a byte
//! of what the author wrote. It keeps the `toml_edit` document of the file,
//! and changes only the tables and values an edit touches.

use std::fmt;

use glam::Vec2;
use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, Value};

use super::numbers::point_text;
use super::table_order::{TableAddress, table_mut, written_order};
use crate::level::WallEnd;

/// The key of the walls' array of tables, `[[wall]]`.
const WALL_KEY: &str = "wall";

/// A level file's text, open for editing.
///
/// Every edit changes only what it is about:
/// - [`append_wall`](Self::append_wall) adds a `[[wall]]` table holding only
///   `a` and `b`, written after the last `[[wall]]` (at the end of the file
///   when there is none), so the new wall inherits the level's defaults;
/// - [`remove_wall`](Self::remove_wall) removes one `[[wall]]` table: its
///   header line, its keys and their comments. Blank lines above it go with
///   it; comment lines above it stay, in front of what followed it;
/// - [`move_endpoints`](Self::move_endpoints) rewrites the values of `a` or
///   `b`, keeping the spacing and comment around each value.
///
/// Everything else — comments, key order, spacing, number formatting — is
/// written back as it was read. Walls are counted as in
/// [`Level::walls`](crate::level::Level::walls): the order of the `[[wall]]`
/// tables in the file.
#[derive(Debug, Clone)]
pub struct LevelDocument {
    document: DocumentMut,
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
    /// A wall index past the end.
    #[error("there is no wall {index}: the level has {count} walls")]
    NoSuchWall {
        /// The index asked for.
        index: usize,
        /// How many walls there are.
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
    /// The text given for a wall's table is not exactly one `[[wall]]`.
    #[error("not a single [[wall]] table: {0}")]
    NotOneWallTable(String),
    /// A point with a NaN or infinite coordinate.
    #[error("the point {0} is not finite")]
    NotFinite(Vec2),
    /// A texture path that a level file cannot hold (not valid Unicode).
    #[error("the texture path {0:?} is not valid Unicode and cannot be written")]
    NonUnicodePath(std::path::PathBuf),
}

/// A `[[wall]]` table taken out of a document by
/// [`LevelDocument::remove_wall`], with everything needed to put it back.
#[derive(Debug, Clone)]
pub struct RemovedWall {
    table: Table,
}

impl RemovedWall {
    /// The table as text, comments above it included, as
    /// [`LevelDocument::insert_wall_text`] takes it back.
    pub fn text(&self) -> String {
        let mut table = self.table.clone();
        table.set_position(None);
        if table.decor().prefix().is_none() {
            // Not the first table of its file: toml_edit's default is a blank line.
            table.decor_mut().set_prefix("\n");
        }
        let mut walls = ArrayOfTables::new();
        walls.push(table);
        let mut document = DocumentMut::new();
        document.insert(WALL_KEY, Item::ArrayOfTables(walls));
        document.to_string()
    }
}

/// The values that [`LevelDocument::move_endpoints`] replaced, to put back.
#[derive(Debug, Clone)]
pub struct MovedEndpoints {
    /// Each moved value, in the order moved: wall, end, the old item.
    replaced: Vec<(usize, WallEnd, Item)>,
}

impl LevelDocument {
    /// Reads a level file's text. Fails on text that is not TOML, or whose
    /// `wall` is not an array of `[[wall]]` tables.
    pub fn parse(text: &str) -> Result<Self, DocumentError> {
        let document: DocumentMut = text
            .parse()
            .map_err(|error: toml_edit::TomlError| DocumentError::Syntax(error.to_string()))?;
        match document.get(WALL_KEY) {
            None | Some(Item::ArrayOfTables(_)) => Ok(Self { document }),
            Some(_) => Err(DocumentError::WallsNotTables),
        }
    }

    /// How many `[[wall]]` tables there are.
    pub fn wall_count(&self) -> usize {
        self.walls().map_or(0, ArrayOfTables::len)
    }

    /// The end point `end` of wall `index` as written, if it is a list of
    /// two numbers (integers count).
    pub fn endpoint(&self, index: usize, end: WallEnd) -> Option<Vec2> {
        let value = self.walls()?.get(index)?.get(end.key())?.as_value()?;
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

    /// Adds a `[[wall]]` from `a` to `b` holding only those two keys, after
    /// the last `[[wall]]`, and returns its index. Refuses points that are
    /// not finite; whether the wall is long enough is the caller's call.
    pub fn append_wall(&mut self, a: Vec2, b: Vec2) -> Result<usize, DocumentError> {
        let mut table = Table::new();
        table.insert(WallEnd::A.key(), Item::Value(point_value(a)?));
        table.insert(WallEnd::B.key(), Item::Value(point_value(b)?));
        let walls = self.walls_mut();
        walls.push(table);
        Ok(walls.len() - 1)
    }

    /// Removes the table of wall `index`. Comment lines above its header are
    /// kept in front of the table written after it (or at the end of the
    /// file); blank lines above it go with it.
    pub fn remove_wall(&mut self, index: usize) -> Result<RemovedWall, DocumentError> {
        self.check_index(index)?;
        let above = self
            .walls()
            .and_then(|walls| walls.get(index))
            .map(prefix_text);
        let Some(above) = above.filter(|above| above.contains('#')) else {
            let table = self.walls_mut().remove(index);
            return Ok(RemovedWall { table });
        };
        let follower = self.written_after(index).map(|mut address| {
            // The follower's index shifts down once the wall is gone.
            if let Some((key, Some(position))) = address.first_mut()
                && key == WALL_KEY
                && *position > index
            {
                *position -= 1;
            }
            address
        });
        let table = self.walls_mut().remove(index);
        match follower.and_then(|address| table_mut(&mut self.document, &address)) {
            Some(next) => {
                let own = prefix_text(next);
                next.decor_mut().set_prefix(format!("{above}{own}"));
            }
            None => {
                let trailing = self.document.trailing().as_str().unwrap_or("").to_string();
                self.document.set_trailing(format!("{above}{trailing}"));
            }
        }
        Ok(RemovedWall { table })
    }

    /// Puts a table taken by [`remove_wall`](Self::remove_wall) back as wall
    /// `index`: undoing the removal restores every byte.
    pub fn put_back_wall(
        &mut self,
        index: usize,
        removed: RemovedWall,
    ) -> Result<(), DocumentError> {
        self.insert_table(index, removed.table)
    }

    /// Inserts a wall from the text of its table (as
    /// [`RemovedWall::text`] writes it) as wall `index`, written right before
    /// the wall now at `index` (after the last wall when `index` is the
    /// count). Comment lines above the header that the removal had handed
    /// to the next table are taken back from it.
    pub fn insert_wall_text(&mut self, index: usize, text: &str) -> Result<(), DocumentError> {
        let count = self.wall_count();
        if index > count {
            return Err(DocumentError::NoSuchWall { index, count });
        }
        let not_one = || DocumentError::NotOneWallTable(text.chars().take(200).collect());
        let mut parsed: DocumentMut = text.parse().map_err(|_| not_one())?;
        let mut table = match (parsed.len(), parsed.remove(WALL_KEY)) {
            (1, Some(Item::ArrayOfTables(mut walls))) if walls.len() == 1 => walls.remove(0),
            _ => return Err(not_one()),
        };
        let walls = self.walls();
        let neighbour = walls.and_then(|walls| {
            walls
                .get(index)
                .or_else(|| walls.get(index.checked_sub(1)?))
        });
        table.set_position(neighbour.and_then(Table::position));
        self.insert_table(index, table)
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
            self.check_index(index)?;
            if self.endpoint(index, end).is_none() {
                return Err(DocumentError::NoEndpoint {
                    index,
                    key: end.key(),
                });
            }
        }
        let new_value = point_value(to)?;
        let walls = self.walls_mut();
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
        let walls = self.walls_mut();
        for (index, end, old) in moved.replaced.into_iter().rev() {
            if let Some(item) = walls
                .get_mut(index)
                .and_then(|table| table.get_mut(end.key()))
            {
                *item = old;
            }
        }
    }

    fn walls(&self) -> Option<&ArrayOfTables> {
        self.document.get(WALL_KEY)?.as_array_of_tables()
    }

    /// The walls' array of tables, made (empty, so writing nothing) when the
    /// file has no wall yet.
    fn walls_mut(&mut self) -> &mut ArrayOfTables {
        self.document
            .entry(WALL_KEY)
            .or_insert_with(|| Item::ArrayOfTables(ArrayOfTables::new()))
            .as_array_of_tables_mut()
            // `parse` refuses any other layout of `wall`, and no edit makes one.
            .expect("`wall` is an array of tables")
    }

    fn check_index(&self, index: usize) -> Result<(), DocumentError> {
        let count = self.wall_count();
        if index < count {
            Ok(())
        } else {
            Err(DocumentError::NoSuchWall { index, count })
        }
    }

    /// The address of the table written right after wall `index`.
    fn written_after(&self, index: usize) -> Option<TableAddress> {
        let order = written_order(&self.document);
        let wall: TableAddress = vec![(WALL_KEY.to_string(), Some(index))];
        let at = order.iter().position(|address| *address == wall)?;
        order.get(at + 1).cloned()
    }

    /// Inserts `table` as wall `index`; if comment lines above its header
    /// stand in front of the table written next (where a removal put them),
    /// takes them back from there.
    fn insert_table(&mut self, index: usize, table: Table) -> Result<(), DocumentError> {
        let count = self.wall_count();
        if index > count {
            return Err(DocumentError::NoSuchWall { index, count });
        }
        let above = prefix_text(&table);
        self.walls_mut().insert(index, table);
        if !above.contains('#') {
            return Ok(());
        }
        match self
            .written_after(index)
            .and_then(|address| table_mut(&mut self.document, &address))
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

impl fmt::Display for LevelDocument {
    /// The level file's text, with the edits.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.document, formatter)
    }
}

/// `[x, z]` as a TOML value, formatted by [`point_text`]; only finite
/// points.
fn point_value(point: Vec2) -> Result<Value, DocumentError> {
    if !point.is_finite() {
        return Err(DocumentError::NotFinite(point));
    }
    Ok(point_text(point)
        .parse()
        // Two finite floats in brackets are always a TOML array.
        .expect("a finite point's text is a TOML array"))
}

/// What stands above a table's header (blank and comment lines), as text:
/// the default (`"\n"`) when the table has none of its own.
fn prefix_text(table: &Table) -> String {
    match table.decor().prefix() {
        Some(prefix) => prefix.as_str().unwrap_or("").to_string(),
        None => "\n".to_string(),
    }
}
