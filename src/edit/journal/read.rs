//! One journal line as an edit: the edit's word, then its fields read from
//! the front, each error naming what the field should have been.

use glam::Vec2;

use super::super::aim::Item;
use super::super::operation::{Edit, ItemChange, Piece, Start};
use super::words::{
    AFTER, BASE_WORD, DEFAULT_MATERIAL, DEFAULT_VALUE, FIRST_TABLE, LIGHT_WORD, MOTION_WORDS,
    NO_MATERIAL, OFFSET_WORD, OPEN_WORD, OTHER_TABLE, PASSABLE_WORD, PEG_WORD, SEE_THROUGH_WORD,
    SIDES_WORD, SKY_WORD, TOGETHER, UNDRAWN_WORD,
};
use crate::collision::ConvexPolygon;
use crate::level::save::{Anchor, KeyText, Tables, item_keys};
use crate::level::{
    Door, DoorKind, DoorOpens, FloorSide, LevelFloor, LevelObstacle, LevelWall, Light, MaterialId,
    ObstacleDefaults, Peg, SidePeg, TextureAlignment, WallEnd,
};

/// How many edits follow a line that heads edits made together
/// (`together N`); `None` for any other line.
pub(super) fn together_count(line: &str) -> Option<Result<usize, String>> {
    let count = line.strip_prefix(TOGETHER)?.strip_prefix(' ')?.trim();
    Some(
        count
            .parse()
            .map_err(|_| format!("`{count}` is not a count of edits")),
    )
}

/// Reads one edit line (not one that heads edits made together).
pub(super) fn parse_edit(line: &str) -> Result<Edit, String> {
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
        "add-floor" => Edit::AddFloor {
            height: fields.parse("a number")?,
            points: fields.points()?,
        },
        "delete" | "delete-light" | "delete-obstacle" | "delete-door" | "delete-floor" => {
            let suffix = &kind["delete".len()..];
            Edit::Delete {
                index: fields.parse(&index_of(suffix))?,
                piece: fields.piece(kind_named(suffix))?,
            }
        }
        "restore" | "restore-light" | "restore-obstacle" | "restore-door" | "restore-floor" => {
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
/// `write.rs`'s `kind_suffix`): `wall`, `lamp`, `obstacle`, `door` or
/// `floor`.
fn kind_named(suffix: &str) -> &'static str {
    match suffix {
        "-light" => "lamp",
        "-obstacle" => "obstacle",
        "-door" => "door",
        "-floor" => "floor",
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

    /// Where a restored table goes (as `write.rs`'s `anchor_fields` writes
    /// it), if the line says: lines written before anchors were kept go
    /// straight on to the table.
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

    /// A piece of `kind` (`wall`, `lamp`, `obstacle`, `door` or
    /// `floor`).
    fn piece(&mut self, kind: &str) -> Result<Piece, String> {
        Ok(match kind {
            "lamp" => Piece::Light(self.light()?),
            "obstacle" => Piece::Obstacle(self.obstacle()?),
            "door" => Piece::Door(self.door()?),
            "floor" => Piece::Floor(self.floor()?),
            _ => Piece::Wall(self.wall()?),
        })
    }

    /// One item of a change: `KIND INDEX`, the item as it is and as it
    /// becomes, the count of its keys, then each key and its value (quoted
    /// TOML text, or [`DEFAULT_VALUE`] for a key taken away).
    fn item_change(&mut self) -> Result<ItemChange, String> {
        let kind = self
            .next()
            .ok_or("missing `wall`, `lamp`, `obstacle`, `door` or `floor`")?;
        if !["wall", "lamp", "obstacle", "door", "floor"].contains(&kind) {
            return Err(format!(
                "`{kind}` is not `wall`, `lamp`, `obstacle`, `door` or `floor`"
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
            base: self.base()?,
            open: self.word_follows(OPEN_WORD),
        })
    }

    /// An item's optional `base B` after its other fields (see
    /// `base_fields` in write.rs).
    fn base(&mut self) -> Result<Option<f32>, String> {
        if Fields(self.0).next() != Some(BASE_WORD) {
            return Ok(None);
        }
        self.next();
        Ok(Some(self.parse("a number")?))
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
            base: self.base()?,
            ..obstacle
        })
    }

    fn start(&mut self) -> Result<Start, String> {
        Ok(Start {
            at: self.point()?,
            yaw_degrees: self.parse("a number")?,
        })
    }

    /// `wall INDEX`, `obstacle INDEX`, `door INDEX` or `floor INDEX`: an
    /// item with a material.
    fn item(&mut self) -> Result<Item, String> {
        let kind = self
            .next()
            .ok_or("missing `wall`, `obstacle`, `door` or `floor`")?;
        let index = self.parse("an index")?;
        match kind {
            "wall" => Ok(Item::Wall(index)),
            "obstacle" => Ok(Item::Obstacle(index)),
            "door" => Ok(Item::Door(index)),
            "floor" => Ok(Item::Floor(index)),
            _ => Err(format!(
                "`{kind}` is not `wall`, `obstacle`, `door` or `floor`"
            )),
        }
    }

    /// A floor, as `write.rs`'s `floor_fields` writes it.
    fn floor(&mut self) -> Result<LevelFloor, String> {
        Ok(LevelFloor {
            height: self.parse("a number")?,
            ceiling: self.parse("a number")?,
            material: MaterialId(self.parse("a material index")?),
            ceiling_material: MaterialId(self.parse("a material index")?),
            side_material: MaterialId(self.parse("a material index")?),
            points: self.points()?,
            light: self.floor_light()?,
            sky: self.word_follows(SKY_WORD),
            sides: self.floor_sides()?,
        })
    }

    /// A floor's sides, as `write.rs`'s `sides_fields` writes them: none
    /// unless [`SIDES_WORD`] follows.
    fn floor_sides(&mut self) -> Result<Vec<FloorSide>, String> {
        if !self.word_follows(SIDES_WORD) {
            return Ok(Vec::new());
        }
        let count: usize = self.parse("a count of sides")?;
        // Each side takes at least twelve characters ("- - 0 0 edge edge"):
        // a count larger than the line allows is refused before reserving
        // room.
        if count > self.0.len() {
            return Err(format!("{count} sides do not fit on the line"));
        }
        (0..count)
            .map(|_| {
                Ok(FloorSide {
                    lower: self.side_material()?,
                    upper: self.side_material()?,
                    offset: self.point()?,
                    lower_peg: self.word("a peg", &SidePeg::WORDS)?,
                    upper_peg: self.word("a peg", &SidePeg::WORDS)?,
                })
            })
            .collect()
    }

    /// A floor side's material: its index, or `None` for [`NO_MATERIAL`].
    fn side_material(&mut self) -> Result<Option<MaterialId>, String> {
        if self.word_follows(NO_MATERIAL) {
            return Ok(None);
        }
        Ok(Some(MaterialId(self.parse("a material index")?)))
    }

    /// A floor's light: the number after [`LIGHT_WORD`], else the
    /// default.
    fn floor_light(&mut self) -> Result<f32, String> {
        if Fields(self.0).next() != Some(LIGHT_WORD) {
            return Ok(crate::level::defaults::FLOOR_LIGHT);
        }
        self.next();
        self.parse("a number")
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
            base: self.base()?,
        })
    }

    fn wall(&mut self) -> Result<LevelWall, String> {
        Ok(LevelWall::new(
            self.point()?,
            self.point()?,
            self.parse("a number")?,
            self.parse("a number")?,
            self.parse("a number")?,
            MaterialId(self.parse("a material index")?),
        )
        .with_base(self.base()?)
        .with_drawn(!self.word_follows(UNDRAWN_WORD))
        .with_see_through(self.word_follows(SEE_THROUGH_WORD))
        .with_blocks(!self.word_follows(PASSABLE_WORD))
        .with_alignment(self.alignment()?))
    }

    /// A wall's texture alignment: `offset U V` and `peg WORD` when they
    /// follow, else the defaults.
    fn alignment(&mut self) -> Result<TextureAlignment, String> {
        let mut alignment = TextureAlignment::default();
        if Fields(self.0).next() == Some(OFFSET_WORD) {
            self.next();
            alignment.offset = self.point()?;
        }
        if Fields(self.0).next() == Some(PEG_WORD) {
            self.next();
            alignment.peg = self.word("a peg", &Peg::WORDS)?;
        }
        Ok(alignment)
    }

    /// Whether the next field is `word`, taking it if so.
    fn word_follows(&mut self, word: &str) -> bool {
        let follows = Fields(self.0).next() == Some(word);
        if follows {
            self.next();
        }
        follows
    }
}
