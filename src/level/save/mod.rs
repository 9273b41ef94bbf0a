//! Saving levels edited in the program: the level file's text edited without
//! losing a byte the author wrote ([`LevelDocument`]), a complete file for
//! levels that have none, atomic writes with a `.bak` of the previous version,
//! the pictures a level holds in memory, and the names of the files that go
//! with a level. See `docs/editing.md`.

mod arrays;
mod atomic;
mod document;
#[cfg(test)]
mod generated;
mod keys;
mod numbers;
mod pictures;
mod pieces;
mod placement;
mod table_order;
mod values;
mod write_pieces;
mod writer;

pub use arrays::Tables;
pub use atomic::{
    autosave_is_newer, autosave_path, backup_path, next_free_level_path, remove_autosave,
    save_atomically, save_atomically_reporting, write_atomically,
};
pub use document::{DocumentError, LevelDocument, MovedEndpoints, RemovedTable};
pub use keys::{KeyText, KeyedTable, ReplacedValue};
pub use numbers::{number_text, point_text, repeat_size_text};
pub use pictures::{write_memory_pictures, write_png};
pub use placement::Anchor;
pub use values::{
    KeyValue, door_values, exit_values, floor_values, item_keys, light_values, obstacle_values,
    sides_text, teleporter_values, wall_values,
};

use std::borrow::Cow;

use super::{DEFAULT_HOUSE_TOML, Level, LevelSource};

impl LevelDocument {
    /// A complete level file for `level`, written from what it holds, for a
    /// level without a file of its own: the name and wall defaults,
    /// `[player]` and `[environment]` with every key, the materials that are
    /// not builtins as shipped, every wall (with the properties that differ
    /// from the defaults) and every obstacle. It loads back to an equal level.
    pub fn from_level(level: &Level) -> Result<Self, DocumentError> {
        Self::parse(&writer::level_text(level)?)
    }

    /// The document to edit `level` in: its file's text as it was loaded
    /// (or the text a WAD's map was imported as), the embedded house's own
    /// text (comments and all) for the default house, and
    /// [`from_level`](Self::from_level) for a maze.
    pub fn for_level(level: &Level) -> Result<Self, DocumentError> {
        Self::parse(&Self::text_for_level(level)?)
    }

    /// The text that [`for_level`](Self::for_level) edits, before any edit.
    pub fn text_for_level(level: &Level) -> Result<Cow<'_, str>, DocumentError> {
        Self::text_for_level_reporting(level, &mut |_| {})
    }

    /// [`text_for_level`](Self::text_for_level), telling `progress` the
    /// share of the text had (0 to 1) as a maze's is written.
    pub fn text_for_level_reporting<'a>(
        level: &'a Level,
        progress: &mut dyn FnMut(f32),
    ) -> Result<Cow<'a, str>, DocumentError> {
        Ok(match &level.source {
            LevelSource::File { text, .. } | LevelSource::Wad { text, .. } => {
                Cow::Borrowed(&**text)
            }
            LevelSource::DefaultHouse => Cow::Borrowed(DEFAULT_HOUSE_TOML),
            LevelSource::Maze { .. } => Cow::Owned(writer::level_text_reporting(level, progress)?),
        })
    }
}
