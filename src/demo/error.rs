//! Why a demo cannot be read: every error names its line.

use std::io;

/// A demo file that cannot be read, with the 1-based line where reading
/// stopped (for a truncated file, the line after the last one).
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {kind}")]
pub struct DemoError {
    /// 1-based line number.
    pub line: u64,
    /// What is wrong there.
    pub kind: DemoErrorKind,
}

/// What is wrong with a demo line.
#[derive(Debug, thiserror::Error)]
pub enum DemoErrorKind {
    /// Reading failed (including text that is not UTF-8).
    #[error("cannot read the demo: {0}")]
    Io(#[from] io::Error),
    /// The first line is not `mazewalker-demo VERSION`.
    #[error("not a mazewalker demo: the first line must be `mazewalker-demo 1`")]
    NotADemo,
    /// The format version is not one this program reads.
    #[error("unknown demo format version {0:?}: this program reads version 1")]
    UnknownVersion(String),
    /// The file ends before its `end` line.
    #[error("the demo ends without its `end` line: the file is truncated")]
    Truncated,
    /// A line longer than [`MAX_LINE_BYTES`](super::MAX_LINE_BYTES).
    #[error("the line is longer than {} bytes", super::MAX_LINE_BYTES)]
    LineTooLong,
    /// A line that is not what the format allows there.
    #[error("{0}")]
    Syntax(String),
    /// A well-formed value outside its range.
    #[error("{field} {value:?} is out of range: expected {expected}")]
    OutOfRange {
        /// The field's name as the format spells it.
        field: String,
        /// The value as written.
        value: String,
        /// The range allowed.
        expected: String,
    },
}

impl DemoErrorKind {
    /// A syntax error with the given message.
    pub(super) fn syntax(message: impl Into<String>) -> Self {
        Self::Syntax(message.into())
    }

    /// This error at `line`.
    pub(super) fn at(self, line: u64) -> DemoError {
        DemoError { line, kind: self }
    }
}
