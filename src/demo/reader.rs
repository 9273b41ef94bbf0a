//! Reading a demo as a stream: one line buffer, whatever the demo's length.

use std::io::{BufRead, Read};

use crate::walker::TickInput;

use super::MAX_LINE_BYTES;
use super::error::{DemoError, DemoErrorKind};
use super::header::{DemoHeader, HeaderBuilder, parse_version_line};
use super::tick_line::{Check, parse_check, parse_tick};

/// One thing a demo's body says, in order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DemoEvent {
    /// The next tick's input.
    Tick(TickInput),
    /// Where the eye was after the ticks so far, as recorded.
    Check(Check),
}

/// Reads a demo line by line: the header first ([`DemoReader::new`]), then
/// its events ([`DemoReader::next_event`]) until the `end` line.
#[derive(Debug)]
pub struct DemoReader<R> {
    input: R,
    text: String,
    /// 1-based number of the line in `text`.
    line: u64,
    /// Ticks handed out so far.
    ticks: u64,
    /// A `repeat=N` line's input and how many of its ticks are still due.
    repeating: TickInput,
    repeats_left: u32,
    ended: bool,
}

impl<R: BufRead> DemoReader<R> {
    /// Reads the header; the reader then stands before the first tick.
    pub fn new(input: R) -> Result<(Self, DemoHeader), DemoError> {
        let mut reader = Self {
            input,
            text: String::new(),
            line: 0,
            ticks: 0,
            repeating: TickInput::default(),
            repeats_left: 0,
            ended: false,
        };
        let header = reader.read_header()?;
        Ok((reader, header))
    }

    /// The number of ticks handed out so far.
    pub fn ticks(&self) -> u64 {
        self.ticks
    }

    /// The next tick or check; `None` after the `end` line. A file that
    /// stops before its `end` line is an error ([`DemoErrorKind::Truncated`]).
    pub fn next_event(&mut self) -> Result<Option<DemoEvent>, DemoError> {
        loop {
            if self.repeats_left > 0 {
                self.repeats_left -= 1;
                self.ticks += 1;
                return Ok(Some(DemoEvent::Tick(self.repeating)));
            }
            if self.ended {
                return Ok(None);
            }
            if !self.read_line()? {
                return Err(self.error(DemoErrorKind::Truncated));
            }
            let text = self.text.trim();
            if text.starts_with('#') {
                continue;
            }
            let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
            match word {
                "end" if rest.trim().is_empty() => {
                    self.ended = true;
                    self.read_to_the_end()?;
                }
                "check" => {
                    let check = parse_check(rest).map_err(|kind| self.error(kind))?;
                    if check.tick != self.ticks {
                        let kind = DemoErrorKind::syntax(format!(
                            "check line for tick {} after {} ticks",
                            check.tick, self.ticks
                        ));
                        return Err(self.error(kind));
                    }
                    return Ok(Some(DemoEvent::Check(check)));
                }
                _ => {
                    let (input, repeat) = parse_tick(text).map_err(|kind| self.error(kind))?;
                    self.repeating = input;
                    self.repeats_left = repeat;
                }
            }
        }
    }

    /// Reads the first line and the header lines through `start`.
    fn read_header(&mut self) -> Result<DemoHeader, DemoError> {
        let mut builder: Option<HeaderBuilder> = None;
        loop {
            if !self.read_line()? {
                let kind = if builder.is_some() {
                    DemoErrorKind::Truncated
                } else {
                    DemoErrorKind::NotADemo
                };
                return Err(self.error(kind));
            }
            let text = self.text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            match builder.as_mut() {
                None => {
                    parse_version_line(text).map_err(|kind| self.error(kind))?;
                    builder = Some(HeaderBuilder::default());
                }
                Some(builder) => {
                    if let Some(header) = builder.line(text).map_err(|kind| self.error(kind))? {
                        return Ok(header);
                    }
                }
            }
        }
    }

    /// After `end`, only blank and comment lines may follow.
    fn read_to_the_end(&mut self) -> Result<(), DemoError> {
        while self.read_line()? {
            let text = self.text.trim();
            if !text.is_empty() && !text.starts_with('#') {
                let kind = DemoErrorKind::syntax(format!("text after the `end` line: {text:?}"));
                return Err(self.error(kind));
            }
        }
        Ok(())
    }

    /// Reads the next line into `text`; `false` at the end of the input.
    fn read_line(&mut self) -> Result<bool, DemoError> {
        self.text.clear();
        self.line += 1;
        let limit = MAX_LINE_BYTES as u64 + 1;
        let result = (&mut self.input).take(limit).read_line(&mut self.text);
        let read = result.map_err(|error| self.error(error.into()))?;
        if read as u64 == limit && !self.text.ends_with('\n') {
            return Err(self.error(DemoErrorKind::LineTooLong));
        }
        Ok(read > 0)
    }

    fn error(&self, kind: DemoErrorKind) -> DemoError {
        kind.at(self.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walker::MoveIntent;
    use glam::Vec2;

    const HEADER: &str = "mazewalker-demo 1\nlevel house\ntick-rate 120\nstart 1.2 7.25 0 0\n";

    /// Every event of `body` after [`HEADER`], or the first error.
    fn events(body: &str) -> Result<Vec<DemoEvent>, DemoError> {
        let text = format!("{HEADER}{body}");
        let (mut reader, _) = DemoReader::new(text.as_bytes())?;
        let mut events = Vec::new();
        while let Some(event) = reader.next_event()? {
            events.push(event);
        }
        Ok(events)
    }

    fn error_line(text: &str) -> u64 {
        let result = DemoReader::new(text.as_bytes()).and_then(|(mut reader, _)| {
            while reader.next_event()?.is_some() {}
            Ok(())
        });
        match result {
            Err(error) => {
                assert!(
                    error
                        .to_string()
                        .starts_with(&format!("line {}: ", error.line)),
                    "{error}"
                );
                error.line
            }
            Ok(()) => panic!("{text:?} was read without an error"),
        }
    }

    #[test]
    fn a_hand_written_demo_with_comments_blank_ticks_and_repeats_is_valid() {
        let forward = TickInput {
            held: MoveIntent {
                forward: 1.0,
                ..MoveIntent::default()
            },
            ..TickInput::default()
        };
        let got = events(
            "# walk east\n\nrepeat=2 forward=1\n# turn\ncheck 3 1.2 7.25 0\nend\n\n# done\n",
        )
        .expect("valid");
        assert_eq!(
            got,
            [
                DemoEvent::Tick(TickInput::default()),
                DemoEvent::Tick(forward),
                DemoEvent::Tick(forward),
                DemoEvent::Check(Check {
                    tick: 3,
                    position: Vec2::new(1.2, 7.25),
                    yaw: 0.0,
                    bodies: None,
                    feet: None,
                }),
            ]
        );
        assert_eq!(events("end").expect("no ticks, no final line break"), []);
    }

    #[test]
    fn errors_name_their_line() {
        // Header lines are 1-4; the body starts on line 5.
        assert_eq!(error_line(&format!("{HEADER}forward=1\n")), 6, "truncated");
        assert_eq!(
            error_line(&format!("{HEADER}forward=1\nforw")),
            6,
            "cut mid-line"
        );
        assert_eq!(error_line(HEADER), 5, "no tick and no end");
        assert_eq!(
            error_line("mazewalker-demo 1\nlevel house\n"),
            3,
            "header cut"
        );
        assert_eq!(error_line("mazewalker-demo 7\n"), 1, "unknown version");
        assert_eq!(error_line("\n\nhello\n"), 3, "not a demo");
        assert_eq!(error_line(""), 1, "empty file");
        assert_eq!(
            error_line(&format!("{HEADER}\n\nxyzzy\nend\n")),
            7,
            "garbage"
        );
        assert_eq!(
            error_line(&format!("{HEADER}forward=1.5\nend\n")),
            5,
            "out of range"
        );
        assert_eq!(
            error_line(&format!("{HEADER}\ncheck 2 0 0 0\nend\n")),
            6,
            "check tick"
        );
        assert_eq!(
            error_line(&format!("{HEADER}end\n\nforward=1\n")),
            7,
            "after end"
        );
        let long = format!("{HEADER}{}\nend\n", "forward=1 ".repeat(1000));
        assert_eq!(error_line(&long), 5, "too long");
    }

    #[test]
    fn text_that_is_not_utf8_is_an_error_naming_its_line() {
        let mut bytes = format!("{HEADER}\n").into_bytes();
        bytes.extend_from_slice(b"forward=\xff\nend\n");
        let (mut reader, _) = DemoReader::new(&bytes[..]).expect("the header is fine");
        assert!(reader.next_event().is_ok());
        let error = reader.next_event().expect_err("not UTF-8");
        assert_eq!(error.line, 6, "{error}");
    }

    #[test]
    fn the_reader_counts_ticks_across_repeats() {
        let text = format!("{HEADER}repeat=1000 run\ncheck 1000 0 0 0\nend\n");
        let (mut reader, _) = DemoReader::new(text.as_bytes()).expect("valid header");
        let mut ticks = 0;
        while let Some(event) = reader.next_event().expect("valid body") {
            if let DemoEvent::Tick(_) = event {
                ticks += 1;
            }
        }
        assert_eq!((ticks, reader.ticks()), (1000, 1000));
    }
}
