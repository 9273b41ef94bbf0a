//! Why a config file could not be used. The program then runs with the
//! defaults and shows the message, so it is worded for the person who wrote
//! the file: where, what, and the line.

use std::path::PathBuf;

use crate::level::SourceLocation;
use crate::level::diagnostics::Diagnostic;

/// A config file that could not be read or is not valid. The Display text is
/// the whole message, with `path:line:column` first.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file exists but could not be read.
    #[error("{}: cannot read the config file: {source}", path.display())]
    Read {
        /// The file that was asked for.
        path: PathBuf,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The text is not valid TOML, a key is unknown (with a "did you mean"),
    /// a value has the wrong type or is out of range, or a key is bound to
    /// two actions.
    #[error("{location}: {message}\n{snippet}")]
    Invalid {
        /// Where the offending text starts.
        location: SourceLocation,
        /// What is wrong.
        message: String,
        /// The offending line with a caret line under the offending text.
        snippet: String,
    },
}

impl From<Diagnostic> for ConfigError {
    fn from(diagnostic: Diagnostic) -> Self {
        ConfigError::Invalid {
            location: diagnostic.location,
            message: diagnostic.message,
            snippet: diagnostic.snippet,
        }
    }
}
