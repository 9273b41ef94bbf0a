//! Errors and warnings about a level, worded for the person editing the file:
//! each names the file, line and column, the item (`wall 3`, `obstacle 0`,
//! `player`) and what is wrong.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A place in a level file: `path:line:column`, both counted from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLocation {
    /// The level file (or the name given for embedded text).
    pub origin: PathBuf,
    /// Line, counted from 1.
    pub line: usize,
    /// Column in characters, counted from 1.
    pub column: usize,
}

impl SourceLocation {
    /// The location of byte `offset` of `text` (clamped to the text).
    pub fn at(origin: &Path, text: &str, offset: usize) -> Self {
        let offset = floor_char_boundary(text, offset);
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        Self {
            origin: origin.to_path_buf(),
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl fmt::Display for SourceLocation {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{}:{}:{}",
            self.origin.display(),
            self.line,
            self.column
        )
    }
}

/// Why a level could not be loaded. The Display text is the whole message a
/// person needs; `mazewalker check` prints it as is.
#[derive(Debug, thiserror::Error)]
pub enum LevelError {
    /// The file could not be read at all.
    #[error("{}: cannot read the level file: {source}", path.display())]
    Read {
        /// The file that was asked for.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The text is not valid TOML, a value has the wrong type, a required key
    /// is missing, or a key is unknown.
    #[error("{location}: {message}\n{snippet}")]
    Syntax {
        /// Where the parser stopped.
        location: SourceLocation,
        /// What is wrong (with a "did you mean" for misspelt keys).
        message: String,
        /// The offending line with a caret line under the offending text.
        snippet: String,
    },
    /// The file parses but an item in it is unusable (zero-length wall,
    /// NaN, negative radius, bad obstacle, unknown material, ...).
    #[error("{location}: {item}: {problem}")]
    Invalid {
        /// Where the item (or its offending value) is.
        location: SourceLocation,
        /// The item, e.g. `wall 3` or `player` (indices count from 0).
        item: String,
        /// What is wrong with it.
        problem: String,
    },
    /// A maze could not be generated from the given size.
    #[error("maze {width}x{height}: {message}")]
    Maze {
        /// Cells across (x).
        width: u32,
        /// Cells deep (z).
        height: u32,
        /// The generator's reason.
        message: String,
    },
}

/// Something suspicious that does not stop the level from loading, e.g. a
/// missing texture (replaced by a checkerboard) or a start inside a wall.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelWarning {
    /// Where in the level file, when the warning comes from one.
    pub location: Option<SourceLocation>,
    /// The item concerned, e.g. `player` or ``material `brick` ``.
    pub item: String,
    /// What is suspicious and what happens instead.
    pub message: String,
}

impl fmt::Display for LevelWarning {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(location) = &self.location {
            write!(formatter, "{location}: ")?;
        }
        write!(formatter, "warning: {}: {}", self.item, self.message)
    }
}

/// The source text of a level with its name, to turn byte spans into
/// locations and errors.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Source<'a> {
    pub text: &'a str,
    pub origin: &'a Path,
}

impl Source<'_> {
    /// The location of the start of `span`.
    pub fn location(&self, span: &Range<usize>) -> SourceLocation {
        SourceLocation::at(self.origin, self.text, span.start)
    }

    /// An [`LevelError::Invalid`] at `span`.
    pub fn invalid(&self, span: &Range<usize>, item: &str, problem: String) -> LevelError {
        LevelError::Invalid {
            location: self.location(span),
            item: item.to_string(),
            problem,
        }
    }

    /// A [`LevelWarning`] at `span`.
    pub fn warning(&self, span: &Range<usize>, item: &str, message: String) -> LevelWarning {
        LevelWarning {
            location: Some(self.location(span)),
            item: item.to_string(),
            message,
        }
    }

    /// Turns a TOML/serde error into a [`LevelError::Syntax`] with the
    /// offending line, a caret line and, for unknown keys, a suggestion.
    pub fn syntax_error(&self, error: &toml::de::Error) -> LevelError {
        let span = error.span().unwrap_or(0..0);
        let location = self.location(&span);
        LevelError::Syntax {
            snippet: snippet(self.text, &span, &location),
            location,
            message: explain(error.message()),
        }
    }
}

/// The line holding `span` and a caret line under the spanned text:
///
/// ```text
///    |
/// 12 | radus = 0.5
///    | ^^^^^
/// ```
fn snippet(text: &str, span: &Range<usize>, location: &SourceLocation) -> String {
    let line_text = text.lines().nth(location.line - 1).unwrap_or("");
    let line_chars = line_text.chars().count();
    let start = floor_char_boundary(text, span.start);
    let end = floor_char_boundary(text, span.end.max(span.start));
    let span_chars = text[start..end]
        .chars()
        .take_while(|&character| character != '\n')
        .count();
    let caret_start = (location.column - 1).min(line_chars);
    let carets = span_chars.clamp(1, (line_chars + 1 - caret_start).max(1));
    let gutter = " ".repeat(location.line.to_string().len());
    format!(
        "{gutter} |\n{} | {line_text}\n{gutter} | {}{}",
        location.line,
        " ".repeat(caret_start),
        "^".repeat(carets)
    )
}

/// Rewrites serde's messages for people editing TOML: "field" becomes "key",
/// and an unknown key gets the closest expected key as a suggestion.
fn explain(message: &str) -> String {
    let message = message.trim_end();
    let Some(rest) = message.strip_prefix("unknown field ") else {
        return message
            .replace("missing field", "missing key")
            .replace("expected f32", "expected a number");
    };
    let quoted: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
    let Some((unknown, expected)) = quoted.split_first() else {
        return message.to_string();
    };
    let listing = expected
        .iter()
        .map(|key| format!("`{key}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match did_you_mean(unknown, expected.iter().copied()) {
        Some(suggestion) => {
            format!(
                "unknown key `{unknown}`, did you mean `{suggestion}`? (expected one of {listing})"
            )
        }
        None if expected.is_empty() => format!("unknown key `{unknown}`"),
        None => format!("unknown key `{unknown}` (expected one of {listing})"),
    }
}

/// The candidate closest to `word` by edit distance, if it is close enough
/// to be a plausible typo (at most a third of the word, and at least 1 edit).
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|candidate| (edit_distance(word, candidate), candidate))
        .filter(|&(distance, _)| distance <= limit)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance between two strings, by characters.
fn edit_distance(left: &str, right: &str) -> usize {
    let right: Vec<char> = right.chars().collect();
    let mut previous: Vec<usize> = (0..=right.len()).collect();
    for (row, left_char) in left.chars().enumerate() {
        let mut current = vec![row + 1; right.len() + 1];
        for (column, &right_char) in right.iter().enumerate() {
            let substitution = previous[column] + usize::from(left_char != right_char);
            current[column + 1] = substitution
                .min(previous[column + 1] + 1)
                .min(current[column] + 1);
        }
        previous = current;
    }
    previous[right.len()]
}

/// The largest char boundary of `text` not after `offset`.
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("radius", "radius"), 0);
        assert_eq!(edit_distance("radus", "radius"), 1);
        assert_eq!(edit_distance("yaw", "raw"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn suggestions_only_for_close_words() {
        let keys = ["a", "b", "radius", "height"];
        assert_eq!(did_you_mean("radus", keys), Some("radius"));
        assert_eq!(did_you_mean("hieght", keys), Some("height"));
        assert_eq!(did_you_mean("completely_else", keys), None);
    }

    #[test]
    fn unknown_field_messages_become_suggestions() {
        let message = explain("unknown field `radus`, expected one of `a`, `b`, `radius`");
        assert_eq!(
            message,
            "unknown key `radus`, did you mean `radius`? (expected one of `a`, `b`, `radius`)"
        );
    }

    #[test]
    fn locations_count_lines_and_characters_from_one() {
        let text = "name = \"é\"\nwall = 3\n";
        let location = SourceLocation::at(Path::new("x.toml"), text, text.find("3").unwrap());
        assert_eq!((location.line, location.column), (2, 8));
        assert_eq!(location.to_string(), "x.toml:2:8");
        let past_end = SourceLocation::at(Path::new("x.toml"), text, 10_000);
        assert_eq!(past_end.line, 3);
    }

    #[test]
    fn snippet_puts_carets_under_the_span() {
        let text = "a = 1\nradus = 0.5\n";
        let span = 6..11;
        let location = SourceLocation::at(Path::new("x"), text, span.start);
        assert_eq!(
            snippet(text, &span, &location),
            "  |\n2 | radus = 0.5\n  | ^^^^^"
        );
    }
}
