//! `mazewalker check`'s progress on stderr for a big level file: the
//! bytes read, then each later stage by name, drawn by `indicatif` only
//! when stderr is a terminal. Elsewhere (a pipe, a log) nothing is drawn
//! and the output is as it always was.

use std::io::IsTerminal as _;
use std::path::Path;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressFinish, ProgressStyle};

/// Files larger than this get a progress display: smaller ones are checked
/// before a display would be worth reading.
pub const SHOW_PROGRESS_ABOVE: u64 = 50 * 1024 * 1024;

/// How often the spinner of a stage turns: it shows the program is alive;
/// the stage's name is what tells how far the check has got.
const SPIN: Duration = Duration::from_millis(120);

/// A progress display on stderr while a big level file is checked.
#[derive(Debug)]
pub struct TerminalProgress {
    bar: ProgressBar,
    /// The file's size in bytes.
    size: u64,
}

/// Whether a file of `size` bytes gets a progress display, with stderr a
/// terminal or not.
pub fn shows_progress(size: u64, stderr_is_terminal: bool) -> bool {
    stderr_is_terminal && size > SHOW_PROGRESS_ABOVE
}

impl TerminalProgress {
    /// A display for checking the file at `path`, or `None` when it is not
    /// over [`SHOW_PROGRESS_ABOVE`] or stderr is not a terminal.
    pub fn for_file(path: &Path) -> Option<Self> {
        let size = std::fs::metadata(path).ok()?.len();
        if !shows_progress(size, std::io::stderr().is_terminal()) {
            return None;
        }
        let style = ProgressStyle::with_template("{msg} [{wide_bar}] {bytes}/{total_bytes}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        let bar = ProgressBar::new(size)
            .with_style(style)
            .with_message("reading the level file")
            .with_finish(ProgressFinish::AndClear);
        Some(Self { bar, size })
    }

    /// `bytes` of the file have been read; once all of it is, the text is
    /// parsed and checked.
    pub fn read(&self, bytes: u64) {
        self.bar.set_position(bytes);
        if bytes >= self.size {
            self.stage("parsing and checking the level");
        }
    }

    /// The check has reached the stage `what` ("looking for near misses").
    pub fn stage(&self, what: &'static str) {
        let style = ProgressStyle::with_template("{spinner} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner());
        self.bar.set_style(style);
        self.bar.set_message(what);
        self.bar.enable_steady_tick(SPIN);
    }

    /// The check is done: the display goes, leaving stderr to the results.
    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_big_file_on_a_terminal_gets_a_display() {
        assert!(shows_progress(SHOW_PROGRESS_ABOVE + 1, true));
        assert!(!shows_progress(SHOW_PROGRESS_ABOVE, true));
        assert!(!shows_progress(SHOW_PROGRESS_ABOVE + 1, false));
    }
}
