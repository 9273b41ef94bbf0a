//! The autosave journal, `F.autosave`: the edits not yet saved, as text, one
//! per line, so a crash loses nothing written to it. It names the level text
//! it applies to (by length and hash), and replays onto that text alone.
//! The format is in `docs/editing.md`.

use std::fmt::Write as _;
use std::io;
use std::path::Path;

use glam::Vec2;

use super::aim::Item;
use super::operation::{Edit, EditError, ItemChange, Piece, Start};
use crate::collision::ConvexPolygon;
use crate::level::save::{
    Anchor, DocumentError, KeyText, LevelDocument, Tables, item_keys, number_text, write_atomically,
};
use crate::level::{
    Door, DoorKind, DoorOpens, LevelObstacle, LevelWall, Light, MaterialId, ObstacleDefaults,
    WallEnd,
};

/// The first line of every journal.
const HEADER: &str = "mazewalker autosave 1";

/// How a restore line says its table was written first of all.
const FIRST_TABLE: &str = "first";
/// How a restore line begins the kind of table written right before its
/// own (`after-door 3`).
const AFTER: &str = "after-";
/// The kind an anchor gives a table outside the item lists.
const OTHER_TABLE: &str = "table";

/// How a material change's line writes "the level's default" (the key
/// taken away) instead of a material's quoted name.
const DEFAULT_MATERIAL: &str = "default";
/// How a change's line writes a key taken away instead of its value's
/// quoted text.
const DEFAULT_VALUE: &str = DEFAULT_MATERIAL;
/// How an obstacle's fields say whether it is loose.
const MOTION_WORDS: [(&str, bool); 2] = [("fixed", false), ("loose", true)];

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
        let edits = lines
            .map(|(line, text)| parse_edit(text).map_err(|message| wrong(line, &message)))
            .collect::<Result<_, _>>()?;
        Ok(Self { base, edits })
    }
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

/// One edit as a journal line.
fn edit_line(edit: &Edit) -> String {
    let point = |point: Vec2| format!("{} {}", number_text(point.x), number_text(point.y));
    match edit {
        Edit::AddWall { a, b } => format!("add {} {}", point(*a), point(*b)),
        Edit::MoveEndpoint { from, to, walls } => {
            let mut line = format!("move {} {}", point(*from), point(*to));
            for (index, end) in walls {
                // Writing into a String cannot fail.
                let _ = write!(line, " {index}{}", end.key());
            }
            line
        }
        Edit::AddLight { at } => format!("add-light {}", point(*at)),
        Edit::AddObstacle { points } => format!("add-obstacle {}", points_fields(points)),
        Edit::AddDoor { a, b } => format!("add-door {} {}", point(*a), point(*b)),
        Edit::Delete { index, piece } => format!(
            "delete{} {index} {}",
            kind_suffix(piece),
            piece_fields(piece)
        ),
        Edit::Restore {
            index,
            piece,
            table,
            anchor,
        } => format!(
            "restore{} {index} {} {}{}",
            kind_suffix(piece),
            piece_fields(piece),
            anchor.map_or_else(String::new, |anchor| format!("{} ", anchor_fields(anchor))),
            one_line_string(table)
        ),
        Edit::SetStart { from, to } => format!(
            "start {} {} {} {}",
            point(from.at),
            number_text(from.yaw_degrees),
            point(to.at),
            number_text(to.yaw_degrees)
        ),
        Edit::SetMaterial { item, from, to } => format!(
            "material {} {} {} {}",
            item.kind(),
            item.index(),
            one_line_string(from),
            to.as_deref()
                .map_or_else(|| DEFAULT_MATERIAL.to_owned(), one_line_string)
        ),
        Edit::Change { items } => {
            let mut line = format!("change {}", items.len());
            for item in items {
                // Writing into a String cannot fail.
                let _ = write!(
                    line,
                    " {} {} {} {} {}",
                    item.from.kind(),
                    item.index,
                    piece_fields(&item.from),
                    piece_fields(&item.to),
                    item.keys.len()
                );
                for KeyText { key, value } in &item.keys {
                    let value = value
                        .as_deref()
                        .map_or_else(|| DEFAULT_VALUE.to_owned(), one_line_string);
                    let _ = write!(line, " {key} {value}");
                }
            }
            line
        }
    }
}

/// How a deletion's or restoration's word names the piece's kind: nothing
/// for a wall (`delete`), else `-light`, `-obstacle` or `-door`.
fn kind_suffix(piece: &Piece) -> &'static str {
    match piece {
        Piece::Wall(_) => "",
        Piece::Light(_) => "-light",
        Piece::Obstacle(_) => "-obstacle",
        Piece::Door(_) => "-door",
    }
}

/// Where a restored table goes, as journal fields: `first`, or `after-`
/// the kind of table written right before it (`wall`, `light`,
/// `obstacle`, `door`, or `table` for one outside those lists) and its
/// index among them.
fn anchor_fields(anchor: Anchor) -> String {
    match anchor {
        Anchor::First => FIRST_TABLE.to_owned(),
        Anchor::Listed(kind, index) => format!("{AFTER}{} {index}", kind.key()),
        Anchor::Other(rank) => format!("{AFTER}{OTHER_TABLE} {rank}"),
    }
}

/// A piece as journal fields, by its kind.
fn piece_fields(piece: &Piece) -> String {
    match piece {
        Piece::Wall(wall) => wall_fields(wall),
        Piece::Light(light) => light_fields(light),
        Piece::Obstacle(obstacle) => obstacle_fields(obstacle),
        Piece::Door(door) => door_fields(door),
    }
}

/// A door as journal fields: `ax az bx bz kind swing thickness height
/// material speed opens close_after`, `kind` and `opens` as the level
/// format writes them.
fn door_fields(door: &Door) -> String {
    let numbers = |numbers: &[f32]| {
        numbers
            .iter()
            .map(|&number| number_text(number))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "{} {} {} {} {} {} {}",
        numbers(&[door.a.x, door.a.y, door.b.x, door.b.y]),
        door.kind.word(),
        numbers(&[door.swing_degrees, door.thickness, door.height]),
        door.material.0,
        number_text(door.speed),
        door.opens.word(),
        number_text(door.close_after),
    )
}

/// Points as journal fields: their count, then `x z` for each.
fn points_fields(points: &[Vec2]) -> String {
    std::iter::once(points.len().to_string())
        .chain(
            points
                .iter()
                .flat_map(|point| [number_text(point.x), number_text(point.y)]),
        )
        .collect::<Vec<_>>()
        .join(" ")
}

/// An obstacle as journal fields: `height material count x z ... motion
/// mass friction bounce`, the outline counter-clockwise as the level holds
/// it, `motion` one of [`MOTION_WORDS`].
fn obstacle_fields(obstacle: &LevelObstacle) -> String {
    format!(
        "{} {} {} {} {}",
        number_text(obstacle.height),
        obstacle.material.0,
        points_fields(obstacle.polygon.points()),
        motion_word(obstacle.loose),
        [obstacle.mass, obstacle.friction, obstacle.bounce]
            .map(number_text)
            .join(" ")
    )
}

/// The word of [`MOTION_WORDS`] for an obstacle that is `loose` or not.
fn motion_word(loose: bool) -> &'static str {
    MOTION_WORDS
        .iter()
        .find(|(_, value)| *value == loose)
        .map_or("", |(word, _)| word)
}

/// `text` as a TOML basic string on one line: quoted, with backslashes,
/// quotes and control characters (newlines included) escaped.
fn one_line_string(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for character in text.chars() {
        match character {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\t' => quoted.push_str("\\t"),
            '\r' => quoted.push_str("\\r"),
            control if control.is_control() => {
                // Writing into a String cannot fail.
                let _ = write!(quoted, "\\u{:04X}", u32::from(control));
            }
            other => quoted.push(other),
        }
    }
    quoted.push('"');
    quoted
}

/// A wall as journal fields: `ax az bx bz radius height thickness material`.
fn wall_fields(wall: &LevelWall) -> String {
    [
        wall.a.x,
        wall.a.y,
        wall.b.x,
        wall.b.y,
        wall.radius,
        wall.height,
        wall.thickness,
    ]
    .iter()
    .map(|&number| number_text(number))
    .chain(std::iter::once(wall.material.0.to_string()))
    .collect::<Vec<_>>()
    .join(" ")
}

/// A lamp as journal fields: `x z height r g b intensity radius`.
fn light_fields(light: &Light) -> String {
    [light.at.x, light.at.y, light.height]
        .into_iter()
        .chain(light.colour)
        .chain([light.intensity, light.radius])
        .map(number_text)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads one edit line.
fn parse_edit(line: &str) -> Result<Edit, String> {
    let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
    let mut fields = Fields(rest.trim_start());
    let edit = match kind {
        "add" => Edit::AddWall {
            a: fields.point()?,
            b: fields.point()?,
        },
        "move" => {
            let from = fields.point()?;
            let to = fields.point()?;
            let mut walls = Vec::new();
            while let Some(field) = fields.next() {
                let end = match field.chars().last() {
                    Some('a') => WallEnd::A,
                    Some('b') => WallEnd::B,
                    _ => return Err(format!("`{field}` is not a wall end like `3a` or `3b`")),
                };
                let index = field[..field.len() - 1]
                    .parse()
                    .map_err(|_| format!("`{field}` is not a wall end like `3a` or `3b`"))?;
                walls.push((index, end));
            }
            Edit::MoveEndpoint { from, to, walls }
        }
        "add-light" => Edit::AddLight {
            at: fields.point()?,
        },
        "add-obstacle" => Edit::AddObstacle {
            points: fields.points()?,
        },
        "add-door" => Edit::AddDoor {
            a: fields.point()?,
            b: fields.point()?,
        },
        "delete" | "delete-light" | "delete-obstacle" | "delete-door" => {
            let suffix = &kind["delete".len()..];
            Edit::Delete {
                index: fields.parse(&index_of(suffix))?,
                piece: fields.piece(kind_named(suffix))?,
            }
        }
        "restore" | "restore-light" | "restore-obstacle" | "restore-door" => {
            let suffix = &kind["restore".len()..];
            Edit::Restore {
                index: fields.parse(&index_of(suffix))?,
                piece: fields.piece(kind_named(suffix))?,
                anchor: fields.anchor()?,
                table: fields.rest_quoted(&format!("the {}'s table", kind_named(suffix)))?,
            }
        }
        "start" => Edit::SetStart {
            from: fields.start()?,
            to: fields.start()?,
        },
        "material" => Edit::SetMaterial {
            item: fields.item()?,
            from: fields.quoted("a material name")?,
            to: fields.material_or_default()?,
        },
        "change" => {
            let count: usize = fields.parse("a count of items")?;
            // Each item takes more than one character: a count larger than
            // the line allows is refused before reserving room.
            if count > fields.0.len() {
                return Err(format!("{count} items do not fit on the line"));
            }
            Edit::Change {
                items: (0..count)
                    .map(|_| fields.item_change())
                    .collect::<Result<_, _>>()?,
            }
        }
        _ => return Err(format!("unknown edit `{kind}`")),
    };
    match fields.next() {
        None => Ok(edit),
        Some(extra) => Err(format!("unexpected `{extra}` at the end")),
    }
}

/// The kind that a deletion's or restoration's `suffix` names (see
/// [`kind_suffix`]): `wall`, `lamp`, `obstacle` or `door`.
fn kind_named(suffix: &str) -> &'static str {
    match suffix {
        "-light" => "lamp",
        "-obstacle" => "obstacle",
        "-door" => "door",
        _ => "wall",
    }
}

/// What an index of the kind `suffix` names is called in errors: `a wall
/// index`, `an obstacle index`.
fn index_of(suffix: &str) -> String {
    let kind = kind_named(suffix);
    let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {kind} index")
}

/// The space-separated fields of a line, read from the front.
struct Fields<'a>(&'a str);

impl<'a> Fields<'a> {
    fn next(&mut self) -> Option<&'a str> {
        let text = self.0.trim_start();
        if text.is_empty() {
            return None;
        }
        let end = text.find(char::is_whitespace).unwrap_or(text.len());
        let (field, rest) = text.split_at(end);
        self.0 = rest.trim_start();
        Some(field)
    }

    fn parse<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let field = self.next().ok_or_else(|| format!("missing {what}"))?;
        field
            .parse()
            .map_err(|_| format!("`{field}` is not {what}"))
    }

    fn point(&mut self) -> Result<Vec2, String> {
        Ok(Vec2::new(self.parse("a number")?, self.parse("a number")?))
    }

    /// The rest of the line as one TOML basic string (`what` names it in
    /// the error).
    fn rest_quoted(&mut self, what: &str) -> Result<String, String> {
        let must = || format!("{what} must be a quoted string");
        let quoted: toml_edit::Value = self.0.parse().map_err(|_| must())?;
        let text = quoted.as_str().ok_or_else(must)?.to_string();
        self.0 = "";
        Ok(text)
    }

    /// Where a restored table goes ([`anchor_fields`]), if the line says:
    /// lines written before anchors were kept go straight on to the table.
    fn anchor(&mut self) -> Result<Option<Anchor>, String> {
        let Some(word) = self.0.split_whitespace().next() else {
            return Ok(None);
        };
        if word == FIRST_TABLE {
            self.next();
            return Ok(Some(Anchor::First));
        }
        let Some(kind) = word.strip_prefix(AFTER) else {
            return Ok(None);
        };
        self.next();
        let index = self.parse("the index of the table before it")?;
        if kind == OTHER_TABLE {
            return Ok(Some(Anchor::Other(index)));
        }
        Tables::ALL
            .into_iter()
            .find(|tables| tables.key() == kind)
            .map(|tables| Some(Anchor::Listed(tables, index)))
            .ok_or_else(|| format!("`{AFTER}{kind}` names no kind of table"))
    }

    /// A count, then that many points.
    fn points(&mut self) -> Result<Vec<Vec2>, String> {
        let count: usize = self.parse("a count of points")?;
        // Each point takes at least four characters ("0 0 "): a count
        // larger than the line allows is refused before reserving room.
        if count > self.0.len() {
            return Err(format!("{count} points do not fit on the line"));
        }
        (0..count).map(|_| self.point()).collect()
    }

    /// A piece of `kind` (`wall`, `lamp`, `obstacle` or `door`).
    fn piece(&mut self, kind: &str) -> Result<Piece, String> {
        Ok(match kind {
            "lamp" => Piece::Light(self.light()?),
            "obstacle" => Piece::Obstacle(self.obstacle()?),
            "door" => Piece::Door(self.door()?),
            _ => Piece::Wall(self.wall()?),
        })
    }

    /// One item of a change: `KIND INDEX`, the item as it is and as it
    /// becomes, the count of its keys, then each key and its value (quoted
    /// TOML text, or [`DEFAULT_VALUE`] for a key taken away).
    fn item_change(&mut self) -> Result<ItemChange, String> {
        let kind = self
            .next()
            .ok_or("missing `wall`, `lamp`, `obstacle` or `door`")?;
        if !["wall", "lamp", "obstacle", "door"].contains(&kind) {
            return Err(format!(
                "`{kind}` is not `wall`, `lamp`, `obstacle` or `door`"
            ));
        }
        let index = self.parse("an index")?;
        let from = self.piece(kind)?;
        let to = self.piece(kind)?;
        let known = item_keys(from.item(index).tables());
        let count: usize = self.parse("a count of keys")?;
        if count > known.len() {
            return Err(format!("a {kind} has only {} keys", known.len()));
        }
        let keys = (0..count)
            .map(|_| {
                let field = self.next().ok_or("missing a key")?;
                let key = known
                    .iter()
                    .find(|key| **key == field)
                    .ok_or_else(|| format!("`{field}` is not a key of a {kind}"))?;
                let value = if Fields(self.0).next() == Some(DEFAULT_VALUE) {
                    self.next();
                    None
                } else {
                    Some(self.quoted(&format!("the value of `{key}`"))?)
                };
                Ok::<_, String>(KeyText { key, value })
            })
            .collect::<Result<_, _>>()?;
        Ok(ItemChange {
            index,
            from,
            to,
            keys,
        })
    }

    fn door(&mut self) -> Result<Door, String> {
        Ok(Door {
            a: self.point()?,
            b: self.point()?,
            kind: self.word("a door kind", &DoorKind::WORDS)?,
            swing_degrees: self.parse("a number")?,
            thickness: self.parse("a number")?,
            height: self.parse("a number")?,
            material: MaterialId(self.parse("a material index")?),
            speed: self.parse("a number")?,
            opens: self.word("what opens a door", &DoorOpens::WORDS)?,
            close_after: self.parse("a number")?,
        })
    }

    /// One of `words`' words, as the value it stands for.
    fn word<T: Copy>(&mut self, what: &str, words: &[(&str, T)]) -> Result<T, String> {
        let field = self.next().ok_or_else(|| format!("missing {what}"))?;
        words
            .iter()
            .find(|(word, _)| *word == field)
            .map(|&(_, value)| value)
            .ok_or_else(|| format!("`{field}` is not {what}"))
    }

    /// An obstacle; one written before obstacles could be loose ends at
    /// its outline, and is fixed with the format's mass, friction and
    /// bounce.
    fn obstacle(&mut self) -> Result<LevelObstacle, String> {
        let height = self.parse("a number")?;
        let material = MaterialId(self.parse("a material index")?);
        let polygon = ConvexPolygon::new(self.points()?)
            .map_err(|error| format!("not an obstacle outline: {error}"))?;
        let obstacle = ObstacleDefaults { height, material }.obstacle(polygon);
        let motion_follows = Fields(self.0)
            .next()
            .is_some_and(|field| MOTION_WORDS.iter().any(|(word, _)| *word == field));
        if !motion_follows {
            return Ok(obstacle);
        }
        Ok(LevelObstacle {
            loose: self.word("`fixed` or `loose`", &MOTION_WORDS)?,
            mass: self.parse("a number")?,
            friction: self.parse("a number")?,
            bounce: self.parse("a number")?,
            ..obstacle
        })
    }

    fn start(&mut self) -> Result<Start, String> {
        Ok(Start {
            at: self.point()?,
            yaw_degrees: self.parse("a number")?,
        })
    }

    /// `wall INDEX`, `obstacle INDEX` or `door INDEX`: an item with a
    /// material.
    fn item(&mut self) -> Result<Item, String> {
        let kind = self.next().ok_or("missing `wall`, `obstacle` or `door`")?;
        let index = self.parse("an index")?;
        match kind {
            "wall" => Ok(Item::Wall(index)),
            "obstacle" => Ok(Item::Obstacle(index)),
            "door" => Ok(Item::Door(index)),
            _ => Err(format!("`{kind}` is not `wall`, `obstacle` or `door`")),
        }
    }

    /// A material's name as a quoted string, or [`DEFAULT_MATERIAL`] for
    /// none (the level's default).
    fn material_or_default(&mut self) -> Result<Option<String>, String> {
        if self.0.trim_start() == DEFAULT_MATERIAL {
            self.0 = "";
            return Ok(None);
        }
        self.quoted("a material name or `default`").map(Some)
    }

    /// The next field as one TOML basic string (`what` names it in the
    /// error): from a `"` to the next `"` that no backslash escapes.
    fn quoted(&mut self, what: &str) -> Result<String, String> {
        let must = || format!("{what} must be a quoted string");
        let text = self.0.trim_start();
        let mut escaped = false;
        let end = text
            .char_indices()
            .skip(1)
            .find(|&(_, character)| {
                let closes = character == '"' && !escaped;
                escaped = character == '\\' && !escaped;
                closes
            })
            .map(|(end, _)| end + 1)
            .filter(|_| text.starts_with('"'))
            .ok_or_else(must)?;
        let value: toml_edit::Value = text[..end].parse().map_err(|_| must())?;
        let quoted = value.as_str().ok_or_else(must)?.to_string();
        self.0 = &text[end..];
        Ok(quoted)
    }

    fn light(&mut self) -> Result<Light, String> {
        Ok(Light {
            at: self.point()?,
            height: self.parse("a number")?,
            colour: [
                self.parse("a number")?,
                self.parse("a number")?,
                self.parse("a number")?,
            ],
            intensity: self.parse("a number")?,
            radius: self.parse("a number")?,
        })
    }

    fn wall(&mut self) -> Result<LevelWall, String> {
        Ok(LevelWall {
            a: self.point()?,
            b: self.point()?,
            radius: self.parse("a number")?,
            height: self.parse("a number")?,
            thickness: self.parse("a number")?,
            material: MaterialId(self.parse("a material index")?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall() -> LevelWall {
        LevelWall {
            a: Vec2::new(1.5, -0.0),
            b: Vec2::new(8.0, 1e-7),
            radius: 0.3,
            height: 2.8,
            thickness: 0.15,
            material: MaterialId(2),
        }
    }

    fn obstacle() -> LevelObstacle {
        LevelObstacle {
            polygon: ConvexPolygon::new(vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(2.0, 0.0),
                Vec2::new(0.0, 1.0),
            ])
            .expect("a triangle"),
            height: 0.75,
            material: MaterialId(4),
            loose: true,
            mass: 3.5,
            friction: 0.25,
            bounce: 0.6,
        }
    }

    fn door() -> Door {
        Door {
            a: Vec2::new(1.0, 0.0),
            b: Vec2::new(1.0, 0.9),
            kind: DoorKind::Slide,
            swing_degrees: -45.5,
            thickness: 0.06,
            height: 2.1,
            material: MaterialId(5),
            speed: 1.5,
            opens: DoorOpens::Near,
            close_after: 0.0,
        }
    }

    fn light() -> Light {
        Light {
            at: Vec2::new(2.5, -0.0),
            height: 1.4,
            colour: [1.0, 0.3, 0.2],
            intensity: 0.5,
            radius: 3.0,
        }
    }

    /// Walls, lamps and obstacles added, deleted, restored and moved.
    fn item_edits() -> Vec<Edit> {
        vec![
            Edit::AddWall {
                a: Vec2::new(1.25, -3.5),
                b: Vec2::new(0.1, 1e20),
            },
            Edit::Delete {
                index: 7,
                piece: Piece::Wall(wall()),
            },
            Edit::MoveEndpoint {
                from: Vec2::new(1.0, 2.0),
                to: Vec2::new(3.0, 4.5),
                walls: vec![(3, WallEnd::A), (12, WallEnd::B)],
            },
            Edit::Restore {
                index: 0,
                piece: Piece::Wall(wall()),
                table: "\n# a \"quoted\" \\ comment\t\u{1}\n[[wall]]  # 0\na = [1.5, -0.0]\n"
                    .to_string(),
                anchor: Some(Anchor::Listed(Tables::Doors, 2)),
            },
            Edit::AddLight {
                at: Vec2::new(3.0, 2.25),
            },
            Edit::Delete {
                index: 1,
                piece: Piece::Light(light()),
            },
            Edit::Restore {
                index: 0,
                piece: Piece::Light(light()),
                table: "\n# the reading lamp\n[[light]]\nat = [2.5, -0.0]\nheight = 1.4\n"
                    .to_string(),
                anchor: Some(Anchor::First),
            },
            Edit::AddObstacle {
                points: vec![
                    Vec2::new(0.0, 0.0),
                    Vec2::new(1.5, 0.0),
                    Vec2::new(0.0, 0.75),
                ],
            },
            Edit::Delete {
                index: 2,
                piece: Piece::Obstacle(obstacle()),
            },
        ]
    }

    /// The start, materials, doors and a change of two items.
    fn setting_and_door_edits() -> Vec<Edit> {
        vec![
            Edit::Restore {
                index: 0,
                piece: Piece::Obstacle(obstacle()),
                table: "\n# the table\n[[obstacle]]\npoints = [[0, 0], [2, 0], [0, 1]]\n"
                    .to_string(),
                anchor: Some(Anchor::Other(1)),
            },
            Edit::SetStart {
                from: Start {
                    at: Vec2::new(1.0, 2.0),
                    yaw_degrees: 90.0,
                },
                to: Start {
                    at: Vec2::new(-3.25, 0.5),
                    yaw_degrees: 12.5,
                },
            },
            Edit::SetMaterial {
                item: Item::Wall(3),
                from: "plaster".to_string(),
                to: Some("my \"odd\" \\ name".to_string()),
            },
            Edit::SetMaterial {
                item: Item::Obstacle(0),
                from: "wood".to_string(),
                to: Some("brick".to_string()),
            },
            Edit::AddDoor {
                a: Vec2::new(1.0, 0.0),
                b: Vec2::new(1.0, 0.9),
            },
            Edit::Delete {
                index: 3,
                piece: Piece::Door(door()),
            },
            Edit::Restore {
                index: 1,
                piece: Piece::Door(door()),
                table: "\n[[door]]  # the closet\na = [1, 0]\nb = [1.0, 0.9]\nkind = \"slide\"\n"
                    .to_string(),
                anchor: None,
            },
            Edit::SetMaterial {
                item: Item::Door(3),
                from: "brick".to_string(),
                to: None,
            },
            Edit::Change {
                items: vec![
                    ItemChange {
                        index: 2,
                        from: Piece::Light(light()),
                        to: Piece::Light(Light {
                            radius: 8.0,
                            ..light()
                        }),
                        keys: vec![KeyText {
                            key: "radius",
                            value: None,
                        }],
                    },
                    ItemChange {
                        index: 0,
                        from: Piece::Door(door()),
                        to: Piece::Door(Door {
                            kind: DoorKind::Swing,
                            ..door()
                        }),
                        keys: vec![KeyText {
                            key: "kind",
                            value: Some("\"swing\"".to_string()),
                        }],
                    },
                ],
            },
        ]
    }

    /// What [`item_edits`] and [`setting_and_door_edits`] write, each
    /// somewhere in the journal's text.
    const EVERY_KIND_WRITTEN: &[&str] = &[
        "\nadd 1.25 -3.5 0.1 1e20\n",
        "\nmove 1.0 2.0 3.0 4.5 3a 12b\n",
        "\ndelete 7 1.5 -0.0 8.0 1e-7 0.3 2.8 0.15 2\n",
        "\nadd-light 3.0 2.25\n",
        "\ndelete-light 1 2.5 -0.0 1.4 1.0 0.3 0.2 0.5 3.0\n",
        "\nrestore-light 0 2.5 -0.0 1.4 1.0 0.3 0.2 0.5 3.0 first \"\\n# the",
        " after-door 2 \"\\n# a \\\"quoted",
        " after-table 1 \"\\n# the table",
        "\nadd-obstacle 3 0.0 0.0 1.5 0.0 0.0 0.75\n",
        "\ndelete-obstacle 2 0.75 4 3 0.0 0.0 2.0 0.0 0.0 1.0 loose 3.5 0.25 0.6\n",
        "\nstart 1.0 2.0 90.0 -3.25 0.5 12.5\n",
        "\nmaterial wall 3 \"plaster\" \"my \\\"odd\\\" \\\\ name\"\n",
        "\nmaterial obstacle 0 \"wood\" \"brick\"\n",
        "\nadd-door 1.0 0.0 1.0 0.9\n",
        "\ndelete-door 3 1.0 0.0 1.0 0.9 slide -45.5 0.06 2.1 5 1.5 near 0.0\n",
        "\nrestore-door 1 1.0 0.0 1.0 0.9 slide -45.5 0.06 2.1 5 1.5 near 0.0 \"\\n[[door]]",
        "\nmaterial door 3 \"brick\" default\n",
        "\nchange 2 lamp 2 2.5 -0.0 1.4 1.0 0.3 0.2 0.5 3.0 2.5 -0.0 1.4 1.0 0.3 0.2 0.5 8.0 \
         1 radius default door 0 1.0 0.0 1.0 0.9 slide -45.5 0.06 2.1 5 1.5 near 0.0 \
         1.0 0.0 1.0 0.9 swing -45.5 0.06 2.1 5 1.5 near 0.0 1 kind \"\\\"swing\\\"\"\n",
    ];

    #[test]
    fn every_kind_of_edit_reads_back_as_written() {
        let journal = Journal::new(
            "some text",
            [item_edits(), setting_and_door_edits()].concat(),
        );
        let text = journal.to_text();
        assert!(text.starts_with("mazewalker autosave 1\nbase 9 "), "{text}");
        for written in EVERY_KIND_WRITTEN {
            assert!(text.contains(written), "{written:?} is not in {text}");
        }
        assert_eq!(text.lines().count(), 20, "one line per edit: {text}");
        let read = Journal::parse(&text).expect("its own format");
        assert_eq!(read, journal);
        assert_eq!(read.len(), 18);
        assert!(read.applies_to("some text"));
        assert!(!read.applies_to("some other text"));
    }

    /// Broken journals, each with the start of the error it must give.
    const MALFORMED_JOURNALS: &[(&str, &str)] = &[
        ("", "line 1: the file is empty"),
        ("mazewalker autosave 2\n", "line 1: expected"),
        (
            "mazewalker autosave 1\n",
            "line 2: the `base` line is missing",
        ),
        (
            "mazewalker autosave 1\nbase 3 abc\n",
            "line 2: expected `base",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\n\n# note\nadd 1 2 3\n",
            "line 5: missing a number",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nadd 1 2 3 4 5\n",
            "line 3: unexpected `5`",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nmove 1 2 3 4 5c\n",
            "line 3: `5c` is not a wall end",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\ndelete x\n",
            "line 3: `x` is not a wall index",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nrestore 1 1 2 3 4 0.3 2 0.1 0 nope\n",
            "line 3: the wall's table must be a quoted string",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nadd-light 1\n",
            "line 3: missing a number",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\ndelete-light 0 1 2 2.5 1 1 1 1\n",
            "line 3: missing a number",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nrestore-light 0 1 2 2.5 1 1 1 1 8 [[light]]\n",
            "line 3: the lamp's table must be a quoted string",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\ndelete-door 0 1 2 3 4 hinged 90 0.06 2.1 0 1.5 use 4\n",
            "line 3: `hinged` is not a door kind",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\ndelete-door 0 1 2 3 4 swing 90 0.06 2.1 0 1.5 never 4\n",
            "line 3: `never` is not what opens a door",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nrestore-obstacle 0 0.75 0 3 0 0 1 0 0 1 x\n",
            "line 3: the obstacle's table must be a quoted string",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\ndelete-obstacle 0 0.75 0 3 0 0 1 0 0 1 loose 20 heavy 0.2\n",
            "line 3: `heavy` is not a number",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nchange 1 table 0\n",
            "line 3: `table` is not `wall`, `lamp`, `obstacle` or `door`",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nchange 1 lamp 0 1 2 2.5 1 1 1 1 8 1 2 2.5 1 1 1 1 8 1 colour 1\n",
            "line 3: the value of `colour` must be a quoted string",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nchange 1 lamp 0 1 2 2.5 1 1 1 1 8 1 2 2.5 1 1 1 1 8 1 material \"1\"\n",
            "line 3: `material` is not a key of a lamp",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nchange 99 wall 0\n",
            "line 3: 99 items do not fit on the line",
        ),
        (
            "mazewalker autosave 1\nbase 3 0000000000000001\nsmash 1\n",
            "line 3: unknown edit `smash`",
        ),
    ];

    #[test]
    fn malformed_journals_name_the_line() {
        for &(text, expected) in MALFORMED_JOURNALS {
            let error = Journal::parse(text).expect_err(text).to_string();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
    }

    #[test]
    fn an_obstacle_written_before_loose_ones_existed_reads_as_fixed() {
        let journal = Journal::parse(
            "mazewalker autosave 1\nbase 3 0000000000000001\n\
             delete-obstacle 2 0.75 4 3 0.0 0.0 2.0 0.0 0.0 1.0\n",
        )
        .expect("a journal without the obstacle's motion");
        let Some(Edit::Delete {
            piece: Piece::Obstacle(read),
            ..
        }) = journal.edits().first()
        else {
            panic!("an obstacle's deletion: {:?}", journal.edits());
        };
        let fixed = LevelObstacle {
            loose: false,
            mass: crate::level::defaults::OBSTACLE_MASS,
            friction: crate::level::defaults::OBSTACLE_FRICTION,
            bounce: crate::level::defaults::OBSTACLE_BOUNCE,
            ..obstacle()
        };
        assert_eq!(read, &fixed);
    }

    #[test]
    fn a_journal_for_another_text_is_not_replayed() {
        let journal = Journal::new("[player]\nstart = [0.0, 0.0]\n", Vec::new());
        assert!(matches!(
            journal.replay("[player]\nstart = [1.0, 0.0]\n"),
            Err(JournalError::OtherBase)
        ));
        assert_eq!(
            journal
                .replay("[player]\nstart = [0.0, 0.0]\n")
                .expect("same text"),
            "[player]\nstart = [0.0, 0.0]\n"
        );
    }
}
