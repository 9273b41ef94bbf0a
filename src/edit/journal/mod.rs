//! The autosave journal, `F.autosave`: the edits not yet saved, as text, one
//! per line, so a crash loses nothing written to it. It names the level text
//! it applies to (by length and hash), and replays onto that text alone.
//! The format is in `docs/editing.md`. Its files:
//! - `mod.rs`: the journal, its header and base line, reading and replaying;
//! - `write.rs`: one edit as a line;
//! - `read.rs`: one line as an edit;
//! - `words.rs`: the words that both write and read.

mod read;
#[cfg(test)]
mod tests;
mod words;
mod write;

use std::io;
use std::path::Path;

use super::operation::{Edit, EditError};
use crate::level::save::{DocumentError, LevelDocument, write_atomically};
use read::{parse_edit, together_count};
use write::edit_line;

/// The first line of every journal.
const HEADER: &str = "mazewalker autosave 1";

/// Which level text a journal applies to: its length in bytes and its
/// 64-bit FNV-1a hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextFingerprint {
    length: u64,
    hash: u64,
}

impl TextFingerprint {
    /// The fingerprint of `text`.
    pub fn of(text: &str) -> Self {
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        Self {
            length: text.len() as u64,
            hash,
        }
    }
}

/// Unsaved edits and the level text they apply to.
#[derive(Debug, Clone, PartialEq)]
pub struct Journal {
    base: TextFingerprint,
    edits: Vec<Edit>,
}

/// Why a journal could not be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// The file could not be read.
    #[error("cannot read the autosave: {0}")]
    Read(#[from] io::Error),
    /// A line is not in the journal format.
    #[error("autosave line {line}: {message}")]
    Format {
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The journal was written for another text of the level (the file was
    /// changed or saved since).
    #[error("the autosave was written for another version of the level")]
    OtherBase,
    /// The level text is not one the editor can edit.
    #[error("the level cannot be edited: {0}")]
    Level(#[from] DocumentError),
    /// The level text or the edit refused one of the edits.
    #[error("autosave edit {number}: {source}")]
    Edit {
        /// The edit's number, from 1.
        number: usize,
        /// Why it was refused.
        source: EditError,
    },
}

impl Journal {
    /// A journal of `edits` made on top of `base_text`.
    pub fn new(base_text: &str, edits: Vec<Edit>) -> Self {
        Self::on(TextFingerprint::of(base_text), edits)
    }

    /// A journal of `edits` made on top of the text with fingerprint `base`.
    pub fn on(base: TextFingerprint, edits: Vec<Edit>) -> Self {
        Self { base, edits }
    }

    /// The edits, in the order they were made.
    pub fn edits(&self) -> &[Edit] {
        &self.edits
    }

    /// How many edits it holds: "F9 restores N unsaved edits".
    pub fn len(&self) -> usize {
        self.edits.len()
    }

    /// Whether it holds no edit.
    pub fn is_empty(&self) -> bool {
        self.edits.is_empty()
    }

    /// Whether it was written for exactly `text`.
    pub fn applies_to(&self, text: &str) -> bool {
        self.base == TextFingerprint::of(text)
    }

    /// Replays the edits onto the level text they were made on, and returns
    /// the edited text.
    pub fn replay(&self, text: &str) -> Result<String, JournalError> {
        if !self.applies_to(text) {
            return Err(JournalError::OtherBase);
        }
        let mut document = LevelDocument::parse(text)?;
        for (number, edit) in self.edits.iter().enumerate() {
            edit.apply_to_document(&mut document)
                .map_err(|source| JournalError::Edit {
                    number: number + 1,
                    source,
                })?;
        }
        Ok(document.text())
    }

    /// Reads the journal at `path`.
    pub fn read(path: &Path) -> Result<Self, JournalError> {
        Self::parse(&crate::platform::read_text(path)?)
    }

    /// Writes the journal to `path` atomically (no backup).
    pub fn write(&self, path: &Path) -> io::Result<()> {
        write_atomically(path, self.to_text().as_bytes())
    }

    /// The journal as text.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{HEADER}\nbase {} {:016x}\n",
            self.base.length, self.base.hash
        );
        for edit in &self.edits {
            text.push_str(&edit_line(edit));
            text.push('\n');
        }
        text
    }

    /// Reads a journal's text. Blank lines and lines starting with `#` are
    /// skipped.
    pub fn parse(text: &str) -> Result<Self, JournalError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
        let wrong = |line: usize, message: &str| JournalError::Format {
            line,
            message: message.to_string(),
        };
        match lines.next() {
            Some((_, line)) if line == HEADER => {}
            Some((line, _)) => return Err(wrong(line, &format!("expected `{HEADER}`"))),
            None => return Err(wrong(1, "the file is empty")),
        }
        let base = match lines.next() {
            Some((line, text)) => parse_base(text).ok_or_else(|| {
                wrong(line, "expected `base LENGTH HASH` (hash in 16 hex digits)")
            })?,
            None => return Err(wrong(2, "the `base` line is missing")),
        };
        let mut edits = Vec::new();
        while let Some(edit) = read_edit(&mut lines)? {
            edits.push(edit);
        }
        Ok(Self { base, edits })
    }
}

/// Reads the next edit of `lines` (numbered from 1), if there is one: one
/// line, or a line heading edits made together and those edits.
fn read_edit<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
) -> Result<Option<Edit>, JournalError> {
    let Some((line, text)) = lines.next() else {
        return Ok(None);
    };
    let wrong = |message: String| JournalError::Format { line, message };
    let Some(count) = together_count(text) else {
        return parse_edit(text).map(Some).map_err(wrong);
    };
    let count = count.map_err(wrong)?;
    let mut edits = Vec::new();
    for _ in 0..count {
        let edit = read_edit(lines)?
            .ok_or_else(|| wrong(format!("the journal ends before its {count} edits")))?;
        edits.push(edit);
    }
    Ok(Some(Edit::Together { edits }))
}

fn parse_base(text: &str) -> Option<TextFingerprint> {
    match text.split_whitespace().collect::<Vec<_>>()[..] {
        ["base", length, hash] if hash.len() == 16 => Some(TextFingerprint {
            length: length.parse().ok()?,
            hash: u64::from_str_radix(hash, 16).ok()?,
        }),
        _ => None,
    }
}
