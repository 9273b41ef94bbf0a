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
    /// A loose obstacle starts where something else is: `obstacle 4
    /// (loose) overlaps wall 12`.
    #[error("{location}: {overlap}")]
    LooseOverlap {
        /// Where the loose obstacle's outline is written.
        location: SourceLocation,
        /// The obstacle and what it overlaps.
        overlap: LooseOverlap,
    },
    /// A Doom map could not be imported: the WAD's own message, naming
    /// the file, the lump (or the map) and what is wrong.
    #[error(transparent)]
    Wad(#[from] super::wad::WadError),
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
        let Diagnostic {
            location,
            message,
            snippet,
        } = self.toml_diagnostic(error);
        LevelError::Syntax {
            location,
            message,
            snippet,
        }
    }

    /// A TOML/serde error worded for people: where it is, what is wrong
    /// (with a "did you mean" for misspelt keys and names) and the line.
    pub fn toml_diagnostic(&self, error: &toml::de::Error) -> Diagnostic {
        self.diagnostic(&error.span().unwrap_or(0..0), explain(error.message()))
    }

    /// `message` about the text at `span`, with its location and line.
    pub fn diagnostic(&self, span: &Range<usize>, message: String) -> Diagnostic {
        let location = self.location(span);
        Diagnostic {
            snippet: snippet(self.text, span, &location),
            location,
            message,
        }
    }
}

/// A message about a place in a TOML file (a level or the config file): the
/// parts of [`LevelError::Syntax`], for other files' errors to reuse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Diagnostic {
    /// Where the offending text starts.
    pub location: SourceLocation,
    /// What is wrong, in words for the person editing the file.
    pub message: String,
    /// The offending line with a caret line under the offending text.
    pub snippet: String,
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

/// Most candidates an "unknown key" or "unknown value" message lists; past
/// that (winit's ~190 key names) only the suggestion is given.
const MOST_LISTED: usize = 20;

/// Rewrites serde's messages for people editing TOML: "field" becomes "key",
/// "variant" becomes "value", and an unknown key or value gets the closest
/// expected one as a suggestion.
fn explain(message: &str) -> String {
    let message = message.trim_end();
    let (what, rest) = if let Some(rest) = message.strip_prefix("unknown field ") {
        ("key", rest)
    } else if let Some(rest) = message.strip_prefix("unknown variant ") {
        ("value", rest)
    } else {
        return message
            .replace("missing field", "missing key")
            .replace("expected f32", "expected a number");
    };
    let quoted: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
    let Some((unknown, expected)) = quoted.split_first() else {
        return message.to_string();
    };
    let listing = if expected.len() <= MOST_LISTED {
        let names: Vec<String> = expected.iter().map(|name| format!("`{name}`")).collect();
        format!(" (expected one of {})", names.join(", "))
    } else {
        String::new()
    };
    match did_you_mean(unknown, expected.iter().copied()) {
        Some(suggestion) => {
            format!("unknown {what} `{unknown}`, did you mean `{suggestion}`?{listing}")
        }
        None if expected.is_empty() => format!("unknown {what} `{unknown}`"),
        None => format!("unknown {what} `{unknown}`{listing}"),
    }
}

/// The candidate closest to `word` by edit distance (ignoring case, a swap
/// of two neighbours counting as one edit), if it is close enough to be a
/// plausible typo (at most a third of the word, and at least 2 edits).
pub(crate) fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(2);
    let word = word.to_lowercase();
    candidates
        .into_iter()
        .map(|candidate| {
            let distance = strsim::damerau_levenshtein(&word, &candidate.to_lowercase());
            (distance, candidate)
        })
        .filter(|&(distance, _)| distance <= limit)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// The largest char boundary of `text` not after `offset`.
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// What a loose obstacle overlaps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlapped {
    /// The body of wall `index`.
    Wall(usize),
    /// Obstacle `index`, fixed or loose.
    Obstacle(usize),
    /// The closed leaf of door `index`.
    Door(usize),
    /// The walker's body circle at the start.
    Start,
}

impl fmt::Display for Overlapped {
    /// `wall 12`, `obstacle 3`, `door 0` or `the start`, counting items
    /// from 0 as every level message does.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Overlapped::Wall(index) => write!(formatter, "wall {index}"),
            Overlapped::Obstacle(index) => write!(formatter, "obstacle {index}"),
            Overlapped::Door(index) => write!(formatter, "door {index}"),
            Overlapped::Start => formatter.write_str("the start"),
        }
    }
}

/// A loose obstacle that starts where something else is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LooseOverlap {
    /// The loose obstacle's index among the level's obstacles.
    pub obstacle: usize,
    /// What it overlaps.
    pub overlapped: Overlapped,
}

impl fmt::Display for LooseOverlap {
    /// `obstacle 4 (loose) overlaps wall 12`: how the loader's error
    /// names it.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{} {}", self.item(), self.problem())
    }
}

impl LooseOverlap {
    /// The loose obstacle as level messages name it: `obstacle 4 (loose)`.
    pub fn item(&self) -> String {
        format!("obstacle {} (loose)", self.obstacle)
    }

    /// What is wrong with it, after its [`item`](Self::item): `overlaps
    /// wall 12`.
    pub fn problem(&self) -> String {
        format!("overlaps {}", self.overlapped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_only_for_close_words() {
        let keys = ["a", "b", "radius", "height"];
        assert_eq!(did_you_mean("radus", keys), Some("radius"));
        assert_eq!(did_you_mean("hieght", keys), Some("height"));
        assert_eq!(did_you_mean("completely_else", keys), None);
        assert_eq!(did_you_mean("RADIUS", keys), Some("radius"));
        assert_eq!(did_you_mean("Kyew", ["KeyQ", "KeyW", "KeyE"]), Some("KeyW"));
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
    fn unknown_variant_messages_become_suggestions_without_long_lists() {
        let short = explain("unknown variant `ful`, expected one of `auto`, `full`, `fast`");
        assert_eq!(
            short,
            "unknown value `ful`, did you mean `full`? (expected one of `auto`, `full`, `fast`)"
        );
        let names: Vec<String> = (0..MOST_LISTED + 1).map(|n| format!("`Key{n}`")).collect();
        let long = explain(&format!(
            "unknown variant `Kye3`, expected one of {}",
            names.join(", ")
        ));
        assert_eq!(long, "unknown value `Kye3`, did you mean `Key3`?");
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
