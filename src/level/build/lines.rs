//! Validation of the lines that act when walked over or used:
//! `[[teleporter]]`, `[[exit]]` and `[[switch]]`, and of a door's span. Each line at least as long as a
//! wall's shortest; a teleporter's destination finite and, on a level
//! with floors or without ground, on a floor rather than in the void.

use toml::Spanned;

use super::{Builder, show_point};
use crate::level::checks::MIN_WALL_LENGTH;
use crate::level::diagnostics::LevelError;
use crate::level::file::{ExitTable, Point, SwitchTable, TeleporterTable};
use crate::level::lines::{Exit, ExitBy, Teleporter, TriggerLine};
use crate::level::model::{Environment, LevelFloor, Switch, SwitchBy};

/// The heading a teleporter without `yaw` gives, in degrees: +x.
const TELEPORTER_YAW_DEGREES: f32 = 0.0;

impl Builder<'_> {
    /// One `[[teleporter]]`: its line, a `to` on a floor (or the ground),
    /// a finite `yaw`.
    pub(super) fn teleporter(
        &self,
        index: usize,
        table: &TeleporterTable,
        (floors, environment): (&[LevelFloor], &Environment),
    ) -> Result<Teleporter, LevelError> {
        let item = format!("teleporter {index}");
        let line = self.trigger_line((&table.a, &table.b), &item, "teleporter")?;
        let to = self.point(&table.to, &item, "to")?;
        let in_the_void = !environment.ground && LevelFloor::innermost_at(floors, to).is_none();
        if in_the_void {
            return Err(self.source.invalid(
                &table.to.span(),
                &item,
                format!(
                    "`to` {} is in the void: outside every floor, and `ground` is false",
                    show_point(to)
                ),
            ));
        }
        let yaw_degrees =
            self.finite_or(table.yaw.as_ref(), &item, "yaw", TELEPORTER_YAW_DEGREES)?;
        Ok(Teleporter {
            line,
            to,
            yaw_degrees,
            once: flag(table.once.as_ref()),
        })
    }

    /// One `[[exit]]`: its line and how it is taken (`by`, "use" unless
    /// written).
    pub(super) fn exit(&self, index: usize, table: &ExitTable) -> Result<Exit, LevelError> {
        let item = format!("exit {index}");
        let line = self.trigger_line((&table.a, &table.b), &item, "exit")?;
        let by = self.word(table.by.as_ref(), &item, "by", &ExitBy::WORDS, ExitBy::Use)?;
        Ok(Exit { line, by })
    }

    /// One `[[switch]]`: a line at least as long as a wall's shortest, a
    /// known `by`; a door index past the level's `door_count` doors, or a
    /// lift index past its `lift_count` lifts, is a warning (an edit that
    /// deletes doors leaves the file loadable).
    pub(super) fn switch(
        &mut self,
        index: usize,
        table: &SwitchTable,
        (door_count, lift_count): (usize, usize),
    ) -> Result<Switch, LevelError> {
        let item = format!("switch {index}");
        let TriggerLine { a, b } = self.trigger_line((&table.a, &table.b), &item, "switch")?;
        let by = self.word(
            table.by.as_ref(),
            &item,
            "by",
            &SwitchBy::WORDS,
            SwitchBy::Use,
        )?;
        let doors = self.switched(table.doors.as_ref(), &item, ("door", "opens"), door_count);
        let lifts = self.switched(table.lifts.as_ref(), &item, ("lift", "starts"), lift_count);
        let close = self.switched(table.close.as_ref(), &item, ("door", "closes"), door_count);
        Ok(Switch {
            a,
            b,
            by,
            doors,
            lifts,
            close,
            once: flag(table.once.as_ref()),
        })
    }

    /// A switch's `doors`, `lifts` or `close` (none when left out): the indices,
    /// each past the level's `count` items of `kind` warned of (it
    /// `does` nothing).
    fn switched(
        &mut self,
        indices: Option<&Spanned<Vec<Spanned<usize>>>>,
        item: &str,
        (kind, does): (&str, &str),
        count: usize,
    ) -> Vec<usize> {
        let Some(indices) = indices else {
            return Vec::new();
        };
        for index in indices.get_ref() {
            if *index.get_ref() >= count {
                self.warn(
                    &index.span(),
                    item,
                    format!(
                        "{kind} {} does not exist (the level has {count} {kind}s): it {does} nothing",
                        index.get_ref()
                    ),
                );
            }
        }
        indices
            .get_ref()
            .iter()
            .map(|index| *index.get_ref())
            .collect()
    }

    /// The line from `a` to `b` of `item`, a `kind` of line: both ends
    /// finite and at least [`MIN_WALL_LENGTH`] apart.
    pub(super) fn trigger_line(
        &self,
        (a, b): (&Point, &Point),
        item: &str,
        kind: &str,
    ) -> Result<TriggerLine, LevelError> {
        let line = TriggerLine {
            a: self.point(a, item, "a")?,
            b: self.point(b, item, "b")?,
        };
        if line.a.distance(line.b) < MIN_WALL_LENGTH {
            return Err(self.source.invalid(
                &a.span(),
                item,
                format!(
                    "zero-length {kind}: a = {} and b = {} are less than 0.1 mm apart",
                    show_point(line.a),
                    show_point(line.b)
                ),
            ));
        }
        Ok(line)
    }
}

/// A line's `once`: `false` unless written.
fn flag(once: Option<&Spanned<bool>>) -> bool {
    once.is_some_and(|once| *once.get_ref())
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use crate::level::Level;

    const LEVEL: &str = "[player]\nstart = [0, 0]\n\n[[floor]]\n\
                         points = [[-5, -5], [5, -5], [5, 5], [-5, 5]]\nheight = 0\n\n\
                         [environment]\nground = false\n";

    fn load(extra: &str) -> Result<Level, String> {
        Level::from_toml_str(&format!("{LEVEL}\n{extra}"), std::path::Path::new("t.toml"))
            .map(|loaded| loaded.level)
            .map_err(|error| error.to_string())
    }

    #[test]
    fn a_teleporter_and_an_exit_load_with_their_defaults() {
        let level = load(
            "[[teleporter]]\na = [1, 0]\nb = [1, 1]\nto = [3, 3]\n\n\
             [[exit]]\na = [2, 0]\nb = [2, 1]\n",
        )
        .expect("loads");
        assert_eq!(level.teleporters.len(), 1);
        assert_eq!(level.teleporters[0].to, Vec2::new(3.0, 3.0));
        assert_eq!(level.teleporters[0].yaw_degrees, 0.0);
        assert_eq!(level.exits[0].by, crate::level::ExitBy::Use);
    }

    #[test]
    fn a_teleporter_into_the_void_is_an_error_at_its_to() {
        let error =
            load("[[teleporter]]\na = [1, 0]\nb = [1, 1]\nto = [30, 3]\n").expect_err("refused");
        assert!(error.contains("teleporter 0"), "{error}");
        assert!(error.contains("`to` [30.0, 3.0] is in the void"), "{error}");
        assert!(error.contains("t.toml:14:6: teleporter 0"), "{error}");
    }

    #[test]
    fn a_level_written_whole_loads_back_with_its_teleporters_and_exits() {
        let level = load(
            "[[teleporter]]\na = [1, 0]\nb = [1, 1]\nto = [3, 3]\nyaw = -90\n\n\
             [[exit]]\na = [2, 0]\nb = [2, 1]\nby = \"walk\"\n",
        )
        .expect("loads");
        let mut written = crate::level::save::LevelDocument::from_level(&level).expect("written");
        let again = Level::from_toml_str(&written.text(), std::path::Path::new("t.toml"))
            .expect("loads back")
            .level;
        assert_eq!(again.teleporters, level.teleporters);
        assert_eq!(again.exits, level.exits);
    }

    #[test]
    fn switches_and_teleporters_work_every_time_and_close_nothing_unless_written() {
        let level = load(
            "[[door]]\na = [3, 0]\nb = [3, 1]\n\n\
             [[switch]]\na = [1, 0]\nb = [1, 1]\ndoors = [0]\n\n\
             [[switch]]\na = [2, 0]\nb = [2, 1]\nclose = [0]\nonce = true\n\n\
             [[teleporter]]\na = [1, 2]\nb = [1, 3]\nto = [3, 3]\n\n\
             [[teleporter]]\na = [2, 2]\nb = [2, 3]\nto = [3, 3]\nonce = true\n",
        )
        .expect("loads");
        let [every_time, closing] = [&level.switches[0], &level.switches[1]];
        assert_eq!(
            (every_time.once, every_time.close.as_slice()),
            (false, &[][..])
        );
        assert_eq!((closing.once, closing.close.as_slice()), (true, &[0][..]));
        assert!(closing.doors.is_empty());
        let once: Vec<bool> = level.teleporters.iter().map(|t| t.once).collect();
        assert_eq!(once, [false, true]);
    }

    #[test]
    fn once_and_close_are_written_back_and_change_the_hash_while_a_level_without_them_keeps_it() {
        let plain = "[[door]]\na = [3, 0]\nb = [3, 1]\n\n\
                     [[switch]]\na = [1, 0]\nb = [1, 1]\ndoors = [0]\n\n\
                     [[teleporter]]\na = [1, 2]\nb = [1, 3]\nto = [3, 3]\n";
        let before = load(plain).expect("loads");
        let marked = plain
            .replace("doors = [0]\n", "doors = [0]\nclose = [0]\nonce = true\n")
            .replace("to = [3, 3]\n", "to = [3, 3]\nonce = true\n");
        let level = load(&marked).expect("loads");
        let mut written = crate::level::save::LevelDocument::from_level(&level).expect("written");
        let text = written.text();
        assert!(text.contains("close = [0]\nonce = true"), "{text}");
        let again = Level::from_toml_str(&text, std::path::Path::new("t.toml"))
            .expect("loads back")
            .level;
        assert_eq!(again.switches, level.switches);
        assert_eq!(again.teleporters, level.teleporters);
        let mut plain_written =
            crate::level::save::LevelDocument::from_level(&before).expect("written");
        assert!(!plain_written.text().contains("once"));
        assert!(!plain_written.text().contains("close ="));
        // The hash a level had before `once` and `close` existed: the
        // same bytes, so its demos still match; each key changes it.
        assert_eq!(before.content_hash(), 0x49a0_37fb_7bb6_19ed);
        let once_only =
            load(&plain.replace("doors = [0]\n", "doors = [0]\nonce = true\n")).expect("loads");
        let teleporter_once =
            load(&plain.replace("to = [3, 3]\n", "to = [3, 3]\nonce = true\n")).expect("loads");
        let hashes = [before, once_only, teleporter_once, level].map(|l| l.content_hash());
        for (i, a) in hashes.iter().enumerate() {
            for b in &hashes[i + 1..] {
                assert_ne!(a, b, "{hashes:x?}");
            }
        }
    }

    #[test]
    fn a_bad_once_or_close_is_an_error_and_a_missing_door_to_close_a_warning() {
        let error = load("[[switch]]\na = [1, 0]\nb = [1, 1]\nonce = 1\n").expect_err("refused");
        assert!(error.contains("t.toml:14:8: invalid type"), "{error}");
        let error =
            load("[[switch]]\na = [1, 0]\nb = [1, 1]\nclose = [-1]\n").expect_err("refused");
        assert!(error.contains("close"), "{error}");
        let error = load("[[switch]]\na = [1, 0]\nb = [1, 1]\nonse = true\n").expect_err("refused");
        assert!(error.contains("did you mean `once`?"), "{error}");
        let error = load("[[teleporter]]\na = [1, 0]\nb = [1, 1]\nto = [2, 2]\nonce = \"yes\"\n")
            .expect_err("refused");
        assert!(error.contains("t.toml:15:8: invalid type"), "{error}");
        let loaded = Level::from_toml_str(
            &format!("{LEVEL}\n[[switch]]\na = [1, 0]\nb = [1, 1]\nclose = [2]\n"),
            std::path::Path::new("t.toml"),
        )
        .expect("loads");
        let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
        assert!(
            warnings
                .iter()
                .any(|w| w.contains("door 2 does not exist") && w.contains("closes nothing")),
            "{warnings:?}"
        );
    }

    #[test]
    fn a_zero_length_line_and_an_unknown_by_are_errors() {
        let error = load("[[exit]]\na = [1, 0]\nb = [1, 0]\n").expect_err("refused");
        assert!(error.contains("zero-length exit"), "{error}");
        let error = load("[[exit]]\na = [1, 0]\nb = [1, 1]\nby = \"wlak\"\n").expect_err("refused");
        assert!(error.contains("did you mean `walk`?"), "{error}");
        let error = load("[[teleporter]]\na = [1, 0]\nb = [1, 1]\nto = [2, 2]\nyaw = nan\n")
            .expect_err("refused");
        assert!(error.contains("yaw"), "{error}");
    }
}
