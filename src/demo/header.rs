//! The demo header: what a playback must reproduce before the first tick
//! (format and program version, level, tick rate, settings, collision
//! switches, start pose).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use glam::Vec2;

use crate::camera::MAX_PITCH;
use crate::collision::MovePolicy;
use crate::level::{Level, LevelChoice};
use crate::simulation::Simulation;
use crate::tick::TICK_RATE;
use crate::walker::{Pose, Walker, WalkerSettings};

use super::FORMAT_VERSION;
use super::error::DemoErrorKind;
use super::fields::{SeenKeys, exact, f32_in, finite_f32, key_value, on_off, on_off_text};
use super::settings_line::{format_settings, parse_settings};

/// The first word of a demo's first line.
const MAGIC: &str = "mazewalker-demo";

/// Everything a demo records before its first tick.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoHeader {
    /// The version of the program that recorded it (`program` line), if
    /// given; informational only.
    pub program: Option<String>,
    /// Where the level came from (`level house`, `level maze W H SEED`,
    /// `level file PATH`).
    pub level: LevelChoice,
    /// [`Level::content_hash`] of the level recorded on (`level-hash`), if
    /// given; playback warns when the level it plays on differs.
    pub level_hash: Option<u64>,
    /// The walker's tuning (`settings` line); fields left out are defaults.
    pub settings: WalkerSettings,
    /// Ghost mode at the start (`collision ghost=on|off`); default off.
    pub ghost: bool,
    /// The collision policy at the start (`collision policy=slide|reject`);
    /// default slide.
    pub policy: MovePolicy,
    /// The eye at the start (`start X Z YAW PITCH`).
    pub start: Pose,
}

impl DemoHeader {
    /// The header for recording `walker`, as it stands now, on `level`,
    /// which was loaded from `source`.
    pub fn for_recording(source: LevelChoice, level: &Level, walker: &Walker) -> Self {
        Self {
            program: Some(env!("CARGO_PKG_VERSION").to_owned()),
            level: source,
            level_hash: Some(level.content_hash()),
            settings: walker.settings,
            ghost: walker.move_options.ghost,
            policy: walker.move_options.policy,
            start: walker.pose(),
        }
    }

    /// The simulation on `level` as the demo starts: the walker with its
    /// settings, collision switches and start pose, among the level's
    /// doors (closed) and loose bodies (where the file places them).
    pub fn simulation(&self, level: &Level) -> Simulation {
        let mut walker = Walker::at_spawn(level);
        walker.settings = self.settings;
        walker.move_options.ghost = self.ghost;
        walker.move_options.policy = self.policy;
        walker.place(self.start);
        walker.land(&level.heights(), level.player.radius);
        Simulation::new(walker, level)
    }

    /// A warning naming both hashes when `level` is not the level the demo
    /// was recorded on (by [`Level::content_hash`]); `None` when it is, or
    /// when the demo names no hash.
    pub fn level_mismatch(&self, level: &Level) -> Option<String> {
        let recorded = self.level_hash?;
        let playing = level.content_hash();
        (recorded != playing).then(|| {
            format!(
                "the level differs from the one recorded: level hash {recorded:016x} in the \
                 demo, {playing:016x} now; playing anyway"
            )
        })
    }

    /// Writes the header lines. Fails for a level path that holds a line
    /// break (it could not be read back).
    pub(super) fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "{MAGIC} {FORMAT_VERSION}")?;
        if let Some(program) = &self.program {
            writeln!(out, "program {program}")?;
        }
        writeln!(out, "level {}", format_level(&self.level)?)?;
        if let Some(hash) = self.level_hash {
            writeln!(out, "level-hash {hash:016x}")?;
        }
        writeln!(out, "tick-rate {TICK_RATE}")?;
        writeln!(out, "settings {}", format_settings(&self.settings))?;
        let policy = match self.policy {
            MovePolicy::Slide => "slide",
            MovePolicy::Reject => "reject",
        };
        writeln!(
            out,
            "collision ghost={} policy={policy}",
            on_off_text(self.ghost)
        )?;
        let start = &self.start;
        writeln!(
            out,
            "start {} {} {} {}",
            exact(start.position.x),
            exact(start.position.y),
            exact(start.yaw),
            exact(start.pitch)
        )
    }
}

/// The `level` line's value: `house`, `maze W H SEED`, `file PATH` or
/// `wad MAP PATH`.
fn format_level(level: &LevelChoice) -> io::Result<String> {
    Ok(match level {
        LevelChoice::DefaultHouse => "house".to_owned(),
        LevelChoice::Maze {
            width,
            height,
            seed,
        } => format!("maze {width} {height} {seed}"),
        LevelChoice::File(path) => format!("file {}", one_line_path(path)?),
        LevelChoice::Wad { wad, map } => {
            if map.is_empty() || map.contains(char::is_whitespace) {
                return Err(refused(format!(
                    "a demo cannot name a map with a space: {map:?}"
                )));
            }
            format!("wad {map} {}", one_line_path(wad)?)
        }
    })
}

/// `path` as the rest of a header line, refused when it holds a line break.
fn one_line_path(path: &Path) -> io::Result<std::borrow::Cow<'_, str>> {
    let text = path.to_string_lossy();
    if text.contains(['\n', '\r']) {
        return Err(refused(format!(
            "a demo cannot name a level path with a line break: {text:?}"
        )));
    }
    Ok(text)
}

/// The error for a level the `level` line cannot name.
fn refused(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// Checks a demo's first line: `mazewalker-demo 1`.
pub(super) fn parse_version_line(text: &str) -> Result<(), DemoErrorKind> {
    let mut words = text.split_whitespace();
    if words.next() != Some(MAGIC) {
        return Err(DemoErrorKind::NotADemo);
    }
    let version: Vec<&str> = words.collect();
    match version[..] {
        [number] if number.parse() == Ok(FORMAT_VERSION) => Ok(()),
        _ => Err(DemoErrorKind::UnknownVersion(version.join(" "))),
    }
}

/// Header lines read so far, until the `start` line completes the header.
#[derive(Debug, Default)]
pub(super) struct HeaderBuilder {
    seen: SeenKeys<'static>,
    program: Option<String>,
    level: Option<LevelChoice>,
    level_hash: Option<u64>,
    tick_rate: bool,
    settings: WalkerSettings,
    ghost: bool,
    policy: MovePolicy,
}

/// The header keywords, in the order a recording writes them.
const KEYWORDS: [&str; 7] = [
    "program",
    "level",
    "level-hash",
    "tick-rate",
    "settings",
    "collision",
    "start",
];

impl HeaderBuilder {
    /// Takes one header line (not blank, not a comment); returns the header
    /// once its `start` line is read.
    pub(super) fn line(&mut self, text: &str) -> Result<Option<DemoHeader>, DemoErrorKind> {
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let rest = rest.trim();
        let keyword = KEYWORDS.iter().find(|k| **k == word).ok_or_else(|| {
            DemoErrorKind::syntax(format!(
                "expected a header line ({}), found {text:?}",
                KEYWORDS.join(", ")
            ))
        })?;
        self.seen.first_time(keyword)?;
        match *keyword {
            "program" => self.program = Some(rest.to_owned()),
            "level" => self.level = Some(parse_level(rest)?),
            "level-hash" => {
                let hash = (rest.len() == 16)
                    .then(|| u64::from_str_radix(rest, 16).ok())
                    .flatten();
                self.level_hash = Some(hash.ok_or_else(|| {
                    DemoErrorKind::syntax(format!(
                        "level-hash must be 16 hexadecimal digits, not {rest:?}"
                    ))
                })?);
            }
            "tick-rate" => {
                if rest.parse() != Ok(TICK_RATE) {
                    return Err(DemoErrorKind::syntax(format!(
                        "tick-rate {rest} is not supported: this program ticks at {TICK_RATE} Hz"
                    )));
                }
                self.tick_rate = true;
            }
            "settings" => self.settings = parse_settings(rest)?,
            "collision" => self.parse_collision(rest)?,
            _ => return self.finish(rest).map(Some),
        }
        Ok(None)
    }

    fn parse_collision(&mut self, fields: &str) -> Result<(), DemoErrorKind> {
        let mut seen = SeenKeys::default();
        for token in fields.split_whitespace() {
            let (key, value) = key_value(token)?;
            seen.first_time(key)?;
            match key {
                "ghost" => self.ghost = on_off(key, value)?,
                "policy" => {
                    self.policy = match value {
                        "slide" => MovePolicy::Slide,
                        "reject" => MovePolicy::Reject,
                        _ => {
                            return Err(DemoErrorKind::syntax(format!(
                                "policy must be `slide` or `reject`, not {value:?}"
                            )));
                        }
                    };
                }
                _ => {
                    return Err(DemoErrorKind::syntax(format!(
                        "unknown collision switch `{key}`; the switches are ghost, policy"
                    )));
                }
            }
        }
        Ok(())
    }

    /// Completes the header with its `start X Z YAW PITCH` line.
    fn finish(&mut self, fields: &str) -> Result<DemoHeader, DemoErrorKind> {
        let missing = |what: &str| {
            DemoErrorKind::syntax(format!(
                "the header has no `{what}` line before its `start` line"
            ))
        };
        let level = self.level.take().ok_or_else(|| missing("level"))?;
        if !self.tick_rate {
            return Err(missing("tick-rate"));
        }
        let parts: Vec<&str> = fields.split_whitespace().collect();
        let [x, z, yaw, pitch] = parts[..] else {
            return Err(DemoErrorKind::syntax(format!(
                "a start line is `start X Z YAW PITCH`, not `start {fields}`"
            )));
        };
        let pi = std::f32::consts::PI;
        let start = Pose {
            position: Vec2::new(finite_f32("start x", x)?, finite_f32("start z", z)?),
            yaw: f32_in("start yaw", yaw, -pi, pi, "radians in -pi..=pi")?,
            pitch: f32_in(
                "start pitch",
                pitch,
                -MAX_PITCH,
                MAX_PITCH,
                "radians in -89..=89 degrees",
            )?,
        };
        Ok(DemoHeader {
            program: self.program.take(),
            level,
            level_hash: self.level_hash,
            settings: self.settings,
            ghost: self.ghost,
            policy: self.policy,
            start,
        })
    }
}

/// Parses the `level` line's value.
fn parse_level(value: &str) -> Result<LevelChoice, DemoErrorKind> {
    let bad = || {
        DemoErrorKind::syntax(format!(
            "a level is `house`, `maze W H SEED`, `file PATH` or `wad MAP PATH`, not {value:?}"
        ))
    };
    let (kind, rest) = value.split_once(char::is_whitespace).unwrap_or((value, ""));
    let rest = rest.trim();
    match kind {
        "house" if rest.is_empty() => Ok(LevelChoice::DefaultHouse),
        "file" if !rest.is_empty() => Ok(LevelChoice::File(PathBuf::from(rest))),
        "wad" => match rest.split_once(char::is_whitespace) {
            Some((map, path)) if !path.trim().is_empty() => Ok(LevelChoice::Wad {
                wad: PathBuf::from(path.trim()),
                map: map.to_owned(),
            }),
            _ => Err(bad()),
        },
        "maze" => {
            let parts: Vec<&str> = rest.split_whitespace().collect();
            let [width, height, seed] = parts[..] else {
                return Err(bad());
            };
            let side = |text: &str| {
                text.parse::<u32>()
                    .ok()
                    .filter(|&cells| cells > 0)
                    .ok_or_else(|| {
                        super::fields::out_of_range("maze size", text, "a whole number above 0")
                    })
            };
            Ok(LevelChoice::Maze {
                width: side(width)?,
                height: side(height)?,
                seed: seed.parse().map_err(|_| bad())?,
            })
        }
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> DemoHeader {
        DemoHeader {
            program: Some("0.1.0".to_owned()),
            level: LevelChoice::Maze {
                width: 24,
                height: 24,
                seed: 9,
            },
            level_hash: Some(0x0123_4567_89ab_cdef),
            settings: WalkerSettings {
                accelerate: 10.0,
                ..WalkerSettings::default()
            },
            ghost: true,
            policy: MovePolicy::Reject,
            start: Pose {
                position: Vec2::new(1.0 / 3.0, -2.5),
                yaw: -3.0,
                pitch: 0.1,
            },
        }
    }

    fn read(text: &str) -> Result<DemoHeader, DemoErrorKind> {
        let mut lines = text.lines();
        parse_version_line(lines.next().unwrap_or(""))?;
        let mut builder = HeaderBuilder::default();
        for line in lines {
            if let Some(header) = builder.line(line)? {
                return Ok(header);
            }
        }
        Err(DemoErrorKind::Truncated)
    }

    #[test]
    fn a_written_header_reads_back_the_same() {
        let mut text = Vec::new();
        header().write_to(&mut text).expect("written");
        let text = String::from_utf8(text).expect("UTF-8");
        assert!(text.starts_with("mazewalker-demo 1\nprogram 0.1.0\nlevel maze 24 24 9\n"));
        assert_eq!(read(&text).ok(), Some(header()));
        let mut house = header();
        house.level = LevelChoice::DefaultHouse;
        house.level_hash = None;
        house.program = None;
        let mut text = Vec::new();
        house.write_to(&mut text).expect("written");
        assert_eq!(read(&String::from_utf8_lossy(&text)).ok(), Some(house));
    }

    #[test]
    fn a_minimal_hand_written_header_is_valid() {
        let header =
            read("mazewalker-demo 1\nlevel file my level.toml\ntick-rate 120\nstart 1 2 0 0\n")
                .expect("valid");
        assert_eq!(
            header.level,
            LevelChoice::File(PathBuf::from("my level.toml"))
        );
        assert_eq!(header.settings, WalkerSettings::default());
        assert!(!header.ghost);
        assert_eq!(header.policy, MovePolicy::Slide);
        assert_eq!(header.start.position, Vec2::new(1.0, 2.0));
    }

    #[test]
    fn versions_and_headers_that_cannot_be_played_are_refused() {
        assert!(matches!(
            read("mazewalker-demo 2\n"),
            Err(DemoErrorKind::UnknownVersion(version)) if version == "2"
        ));
        assert!(matches!(
            read("level house\n"),
            Err(DemoErrorKind::NotADemo)
        ));
        for bad in [
            "mazewalker-demo 1\ntick-rate 120\nstart 0 0 0 0\n",
            "mazewalker-demo 1\nlevel house\nstart 0 0 0 0\n",
            "mazewalker-demo 1\nlevel house\ntick-rate 60\n",
            "mazewalker-demo 1\nlevel house\nlevel house\n",
            "mazewalker-demo 1\nlevel maze 0 3 1\n",
            "mazewalker-demo 1\nlevel castle\n",
            "mazewalker-demo 1\nlevel-hash 12345\n",
            "mazewalker-demo 1\ncollision ghost=maybe\n",
            "mazewalker-demo 1\nlevel house\ntick-rate 120\nstart 0 0 4 0\n",
            "mazewalker-demo 1\nlevel house\ntick-rate 120\nstart 0 0 0 2\n",
            "mazewalker-demo 1\nlevel house\ntick-rate 120\nstart 0 0 0\n",
            "mazewalker-demo 1\nforward=1\n",
        ] {
            assert!(read(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_different_level_is_named_with_both_hashes() {
        let house = Level::default_house();
        let mut header = header();
        header.level_hash = Some(house.content_hash());
        assert_eq!(header.level_mismatch(&house), None);
        let maze = Level::maze(3, 3, 1).expect("a maze");
        let warning = header.level_mismatch(&maze).expect("a warning");
        assert!(
            warning.contains(&format!("{:016x}", house.content_hash())),
            "{warning}"
        );
        assert!(
            warning.contains(&format!("{:016x}", maze.content_hash())),
            "{warning}"
        );
    }

    #[test]
    fn a_level_path_with_a_line_break_cannot_be_written() {
        let mut header = header();
        header.level = LevelChoice::File(PathBuf::from("a\nb.toml"));
        assert!(header.write_to(&mut Vec::new()).is_err());
    }

    #[test]
    fn a_wads_map_is_written_as_wad_map_path_and_reads_back() {
        let mut doom = header();
        doom.level = LevelChoice::Wad {
            wad: PathBuf::from("my wads/doom.wad"),
            map: "E1M1".to_owned(),
        };
        let mut text = Vec::new();
        doom.write_to(&mut text).expect("written");
        let text = String::from_utf8(text).expect("UTF-8");
        assert!(
            text.contains("\nlevel wad E1M1 my wads/doom.wad\n"),
            "{text}"
        );
        assert_eq!(read(&text).ok(), Some(doom.clone()));
        doom.level = LevelChoice::Wad {
            wad: PathBuf::from("doom.wad"),
            map: "E1 M1".to_owned(),
        };
        assert!(doom.write_to(&mut Vec::new()).is_err());
        assert!(read("mazewalker-demo 1\nlevel wad E1M1\ntick-rate 120\nstart 1 2 0 0\n").is_err());
    }
}
