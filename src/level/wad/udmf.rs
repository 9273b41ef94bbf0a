//! UDMF maps: the TEXTMAP lump, `key = value;` assignments in `thing`,
//! `vertex`, `linedef`, `sidedef` and `sector` blocks, with `//` and `/* */`
//! comments, read into the same records as a Doom-format map. Keys are
//! case-insensitive; unknown keys and blocks are skipped, as the
//! specification asks. Only the `doom`, `heretic` and `zdoom` namespaces
//! are read: the keys they share with Doom.

use super::directory::{MapEntry, MapFormat, Wad};
use super::error::{WadError, WadProblem};
use super::map::{DoomMap, Linedef, Sector, Sidedef, Thing, Vertex};

/// The namespaces whose maps use Doom's keys.
const NAMESPACES: [&str; 3] = ["doom", "heretic", "zdoom"];

/// Sector light when a sector gives none, as the specification says.
const DEFAULT_LIGHT: i32 = 160;

/// Reads the UDMF map `entry` of `wad`.
pub(super) fn read_udmf(wad: &Wad, entry: &MapEntry) -> Result<DoomMap, WadError> {
    let place = format!("{} TEXTMAP", entry.name);
    let fail = |line, message: String| wad.error(&place, WadProblem::Udmf { line, message });
    let index = entry.lump(wad, "TEXTMAP").ok_or_else(|| {
        let lump = "TEXTMAP".to_string();
        wad.error(&entry.name, WadProblem::MissingLump { lump })
    })?;
    let text = String::from_utf8_lossy(wad.lump_bytes(index, &place)?);
    let parsed = parse(&text).map_err(|(line, message)| fail(line, message))?;
    let namespace = match parsed.namespace {
        Some(namespace) => namespace,
        None => return Err(fail(1, "there is no `namespace`".to_string())),
    };
    if !NAMESPACES.contains(&namespace.to_ascii_lowercase().as_str()) {
        return Err(wad.error(&place, WadProblem::UnknownNamespace { namespace }));
    }
    let mut map = DoomMap {
        name: entry.name.clone(),
        format: MapFormat::Udmf,
        things: Vec::new(),
        linedefs: Vec::new(),
        sidedefs: Vec::new(),
        vertices: Vec::new(),
        sectors: Vec::new(),
    };
    for block in &parsed.blocks {
        let read = |map: &mut DoomMap| -> Result<(), String> {
            match block.kind.as_str() {
                "thing" => map.things.push(block.thing()?),
                "vertex" => map.vertices.push(block.vertex()?),
                "linedef" => map.linedefs.push(block.linedef(map.linedefs.len())?),
                "sidedef" => map.sidedefs.push(block.sidedef(map.sidedefs.len())?),
                "sector" => map.sectors.push(block.sector()?),
                _ => {}
            }
            Ok(())
        };
        read(&mut map).map_err(|message| fail(block.line, message))?;
    }
    Ok(map)
}

/// One value on the right of `=`.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Integer(i64),
    Float(f64),
    Text(String),
    Boolean(bool),
}

/// A `kind { key = value; ... }` block, with the line it starts on.
#[derive(Debug)]
struct Block {
    kind: String,
    line: usize,
    fields: Vec<(String, Value)>,
}

/// A TEXTMAP's namespace and blocks.
#[derive(Debug)]
struct Parsed {
    namespace: Option<String>,
    blocks: Vec<Block>,
}

/// One token of a TEXTMAP, with its line.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Value(Value),
    Symbol(char),
}

/// A TEXTMAP's blocks and namespace, or the line and wording of its first
/// syntax error.
fn parse(text: &str) -> Result<Parsed, (usize, String)> {
    let tokens = tokenize(text)?;
    let mut tokens = tokens.into_iter().peekable();
    let mut parsed = Parsed {
        namespace: None,
        blocks: Vec::new(),
    };
    while let Some((line, token)) = tokens.next() {
        let Token::Word(name) = token else {
            return Err((
                line,
                format!("expected a key or a block, found {}", show(&token)),
            ));
        };
        let name = name.to_ascii_lowercase();
        match tokens.next() {
            Some((_, Token::Symbol('='))) => {
                let value = assignment_value(&mut tokens, line, &name)?;
                if name == "namespace" {
                    match value {
                        Value::Text(namespace) => parsed.namespace = Some(namespace),
                        _ => return Err((line, "`namespace` must be a quoted string".into())),
                    }
                }
            }
            Some((_, Token::Symbol('{'))) => {
                let mut fields = Vec::new();
                loop {
                    match tokens.next() {
                        Some((_, Token::Symbol('}'))) => break,
                        Some((key_line, Token::Word(key))) => {
                            let key = key.to_ascii_lowercase();
                            match tokens.next() {
                                Some((_, Token::Symbol('='))) => {}
                                other => return Err(expected("`=`", &key, key_line, other)),
                            }
                            let value = assignment_value(&mut tokens, key_line, &key)?;
                            fields.push((key, value));
                        }
                        Some((other_line, other)) => {
                            let found = show(&other);
                            return Err((
                                other_line,
                                format!("expected a key or `}}`, found {found}"),
                            ));
                        }
                        None => return Err((line, format!("the `{name}` block is not closed"))),
                    }
                }
                parsed.blocks.push(Block {
                    kind: name,
                    line,
                    fields,
                });
            }
            other => return Err(expected("`=` or `{`", &name, line, other)),
        }
    }
    Ok(parsed)
}

/// The value and `;` after `key =`.
fn assignment_value(
    tokens: &mut impl Iterator<Item = (usize, Token)>,
    line: usize,
    key: &str,
) -> Result<Value, (usize, String)> {
    let value = match tokens.next() {
        Some((_, Token::Value(value))) => value,
        Some((_, Token::Word(word))) if word.eq_ignore_ascii_case("true") => Value::Boolean(true),
        Some((_, Token::Word(word))) if word.eq_ignore_ascii_case("false") => Value::Boolean(false),
        other => return Err(expected("a value", key, line, other)),
    };
    match tokens.next() {
        Some((_, Token::Symbol(';'))) => Ok(value),
        other => Err(expected("`;`", key, line, other)),
    }
}

/// The error that `what` was expected after `key` but `found` came.
fn expected(what: &str, key: &str, line: usize, found: Option<(usize, Token)>) -> (usize, String) {
    match found {
        Some((found_line, token)) => (
            found_line,
            format!("expected {what} after `{key}`, found {}", show(&token)),
        ),
        None => (
            line,
            format!("expected {what} after `{key}`, found the end"),
        ),
    }
}

/// A token as an error message quotes it.
fn show(token: &Token) -> String {
    match token {
        Token::Word(word) => format!("`{word}`"),
        Token::Symbol(symbol) => format!("`{symbol}`"),
        Token::Value(Value::Text(text)) => format!("{text:?}"),
        Token::Value(Value::Integer(number)) => number.to_string(),
        Token::Value(Value::Float(number)) => number.to_string(),
        Token::Value(Value::Boolean(flag)) => flag.to_string(),
    }
}

/// The tokens of `text`, each with its line, comments and white space
/// left out.
fn tokenize(text: &str) -> Result<Vec<(usize, Token)>, (usize, String)> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        let rest = &bytes[at..];
        if byte == b'\n' {
            line += 1;
            at += 1;
        } else if byte.is_ascii_whitespace() {
            at += 1;
        } else if rest.starts_with(b"//") {
            at += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        } else if rest.starts_with(b"/*") {
            let length = rest
                .windows(2)
                .skip(2)
                .position(|pair| pair == b"*/")
                .ok_or((line, "a `/*` comment is not closed".to_string()))?;
            let comment = &rest[..length + 4];
            line += comment.iter().filter(|&&b| b == b'\n').count();
            at += comment.len();
        } else if matches!(byte, b'=' | b';' | b'{' | b'}') {
            tokens.push((line, Token::Symbol(char::from(byte))));
            at += 1;
        } else if byte == b'"' {
            let (value, length, lines) =
                quoted(&rest[1..]).ok_or((line, "a string is not closed".to_string()))?;
            tokens.push((line, Token::Value(Value::Text(value))));
            line += lines;
            at += 1 + length;
        } else if byte.is_ascii_alphabetic() || byte == b'_' {
            let length = rest
                .iter()
                .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))
                .unwrap_or(rest.len());
            let word = String::from_utf8_lossy(&rest[..length]).into_owned();
            tokens.push((line, Token::Word(word)));
            at += length;
        } else if byte.is_ascii_digit() || matches!(byte, b'+' | b'-' | b'.') {
            let length = rest
                .iter()
                .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
                .unwrap_or(rest.len());
            let word = String::from_utf8_lossy(&rest[..length]);
            let value = number(&word).ok_or_else(|| (line, format!("`{word}` is not a number")))?;
            tokens.push((line, Token::Value(value)));
            at += length;
        } else {
            let character = text[at..].chars().next().unwrap_or('?');
            return Err((line, format!("unexpected character {character:?}")));
        }
    }
    Ok(tokens)
}

/// The string that starts after an opening quote: its value, its length
/// up to and with its closing quote, and the line breaks in it. `\`
/// escapes the next character.
fn quoted(bytes: &[u8]) -> Option<(String, usize, usize)> {
    let mut value = Vec::new();
    let mut at = 0;
    loop {
        match *bytes.get(at)? {
            b'"' => break,
            b'\\' => {
                value.push(*bytes.get(at + 1)?);
                at += 2;
            }
            byte => {
                value.push(byte);
                at += 1;
            }
        }
    }
    let lines = value.iter().filter(|&&b| b == b'\n').count();
    Some((String::from_utf8_lossy(&value).into_owned(), at + 1, lines))
}

/// A number as UDMF writes it: an integer (decimal, `0x` hexadecimal, or
/// octal with a leading 0) or a float (with a `.` or an exponent).
fn number(word: &str) -> Option<Value> {
    let (negative, digits) = match word.as_bytes().first()? {
        b'-' => (true, &word[1..]),
        b'+' => (false, &word[1..]),
        _ => (false, word),
    };
    let is_float =
        !digits.starts_with("0x") && !digits.starts_with("0X") && digits.contains(['.', 'e', 'E']);
    if is_float {
        return word
            .parse::<f64>()
            .ok()
            .filter(|value| value.is_finite())
            .map(Value::Float);
    }
    let magnitude = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        i64::from_str_radix(hex, 16).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        i64::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse::<i64>().ok()?
    };
    Some(Value::Integer(if negative {
        magnitude.checked_neg()?
    } else {
        magnitude
    }))
}

impl Block {
    /// The value of `key`, the last one when given twice.
    fn get(&self, key: &str) -> Option<&Value> {
        self.fields
            .iter()
            .rev()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value)
    }

    /// The integer `key`, if given (a float with no fraction counts).
    fn integer(&self, key: &str) -> Result<Option<i64>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Integer(value)) => Ok(Some(*value)),
            Some(Value::Float(value)) if value.fract() == 0.0 && value.abs() < 9.0e15 => {
                Ok(Some(*value as i64))
            }
            Some(other) => Err(self.wrong_type(key, "an integer", other)),
        }
    }

    /// The integer `key`, if given, as an i32.
    fn int32(&self, key: &str, default: i32) -> Result<i32, String> {
        match self.integer(key)? {
            None => Ok(default),
            Some(value) => i32::try_from(value)
                .map_err(|_| format!("{} `{key}` = {value} is out of range", self.kind)),
        }
    }

    /// The number `key`, which must be given.
    fn float(&self, key: &str) -> Result<f64, String> {
        match self.get(key) {
            Some(Value::Integer(value)) => Ok(*value as f64),
            Some(Value::Float(value)) => Ok(*value),
            Some(other) => Err(self.wrong_type(key, "a number", other)),
            None => Err(self.missing(key)),
        }
    }

    /// The text `key`, upper-cased as Doom's names are; `-` when not given.
    fn texture(&self, key: &str) -> Result<String, String> {
        match self.get(key) {
            None => Ok("-".to_string()),
            Some(Value::Text(name)) => Ok(name.to_ascii_uppercase()),
            Some(other) => Err(self.wrong_type(key, "a quoted name", other)),
        }
    }

    /// Whether the flag `key` is set (not given: false).
    fn flag(&self, key: &str) -> Result<bool, String> {
        match self.get(key) {
            None => Ok(false),
            Some(Value::Boolean(flag)) => Ok(*flag),
            Some(other) => Err(self.wrong_type(key, "true or false", other)),
        }
    }

    /// Doom's flag bits from the named flags: `(key, bit)` pairs.
    fn flags(&self, names: &[(&str, u16)]) -> Result<u16, String> {
        let mut flags = 0;
        for &(key, bit) in names {
            if self.flag(key)? {
                flags |= bit;
            }
        }
        Ok(flags)
    }

    /// The index `key`, which must be given: a record of the map;
    /// `index` names the block in the error.
    fn reference(&self, key: &str, index: usize) -> Result<usize, String> {
        self.optional_reference(key, index)?
            .ok_or_else(|| self.missing(key))
    }

    /// The index `key`, `None` when not given or -1 (Doom's 0xFFFF);
    /// `index` names the block in the error.
    fn optional_reference(&self, key: &str, index: usize) -> Result<Option<usize>, String> {
        match self.integer(key)? {
            None | Some(-1) => Ok(None),
            Some(value) => usize::try_from(value)
                .map(Some)
                .map_err(|_| format!("{} {index} has out-of-range {key} {value}", self.kind)),
        }
    }

    /// The integer `key`, which must be given, as an i32.
    fn required_int32(&self, key: &str) -> Result<i32, String> {
        if self.get(key).is_none() {
            return Err(self.missing(key));
        }
        self.int32(key, 0)
    }

    /// The error that `key` holds `found` where `wanted` belongs.
    fn wrong_type(&self, key: &str, wanted: &str, found: &Value) -> String {
        let found = show(&Token::Value(found.clone()));
        format!("{} `{key}` should be {wanted}, found {found}", self.kind)
    }

    /// The error that the block lacks the required `key`.
    fn missing(&self, key: &str) -> String {
        format!("the {} block has no `{key}`", self.kind)
    }

    /// A `thing` block: `x`, `y` and `type` required; the skill, `ambush`
    /// and `single` flags become Doom's flag bits.
    fn thing(&self) -> Result<Thing, String> {
        let easy = self.flag("skill1")? || self.flag("skill2")?;
        let hard = self.flag("skill4")? || self.flag("skill5")?;
        let mut flags = self.flags(&[("skill3", 2), ("ambush", 8)])?;
        if easy {
            flags |= 1;
        }
        if hard {
            flags |= 4;
        }
        if !self.flag("single")? {
            flags |= 16;
        }
        Ok(Thing {
            x: self.float("x")?,
            y: self.float("y")?,
            angle: self.int32("angle", 0)?,
            kind: self.required_int32("type")?,
            flags,
        })
    }

    /// A `vertex` block: `x` and `y` required.
    fn vertex(&self) -> Result<Vertex, String> {
        Ok(Vertex {
            x: self.float("x")?,
            y: self.float("y")?,
        })
    }

    /// A `linedef` block, the `index`th: `v1` and `v2` required, the flags
    /// as Doom's bits, `id` as the tag (as in Doom-format specials).
    fn linedef(&self, index: usize) -> Result<Linedef, String> {
        Ok(Linedef {
            start: self.reference("v1", index)?,
            end: self.reference("v2", index)?,
            flags: self.flags(&[
                ("blocking", Linedef::BLOCKS),
                ("blockmonsters", Linedef::BLOCKS_MONSTERS),
                ("twosided", Linedef::TWO_SIDED),
                ("dontpegtop", Linedef::UPPER_UNPEGGED),
                ("dontpegbottom", Linedef::LOWER_UNPEGGED),
                ("secret", Linedef::SECRET),
                ("blocksound", Linedef::BLOCKS_SOUND),
                ("dontdraw", Linedef::NOT_ON_MAP),
                ("mapped", Linedef::ON_MAP),
            ])?,
            special: self.int32("special", 0)?,
            tag: self.int32("id", 0)?,
            right: self.optional_reference("sidefront", index)?,
            left: self.optional_reference("sideback", index)?,
        })
    }

    /// A `sidedef` block, the `index`th: `sector` required.
    fn sidedef(&self, index: usize) -> Result<Sidedef, String> {
        let sector = self.reference("sector", index)?;
        Ok(Sidedef {
            x_offset: self.int32("offsetx", 0)?,
            y_offset: self.int32("offsety", 0)?,
            upper: self.texture("texturetop")?,
            lower: self.texture("texturebottom")?,
            middle: self.texture("texturemiddle")?,
            sector,
        })
    }

    /// A `sector` block; light 160 when not given.
    fn sector(&self) -> Result<Sector, String> {
        Ok(Sector {
            floor_height: self.int32("heightfloor", 0)?,
            ceiling_height: self.int32("heightceiling", 0)?,
            floor_flat: self.texture("texturefloor")?,
            ceiling_flat: self.texture("textureceiling")?,
            light: self.int32("lightlevel", DEFAULT_LIGHT)?,
            special: self.int32("special", 0)?,
            tag: self.int32("id", 0)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_udmf_writes_them() {
        assert_eq!(number("42"), Some(Value::Integer(42)));
        assert_eq!(number("-0x1F"), Some(Value::Integer(-31)));
        assert_eq!(number("017"), Some(Value::Integer(15)));
        assert_eq!(number("0"), Some(Value::Integer(0)));
        assert_eq!(number("+2.5"), Some(Value::Float(2.5)));
        assert_eq!(number("1e3"), Some(Value::Float(1000.0)));
        assert_eq!(number("1.5.2"), None);
        assert_eq!(number("99999999999999999999"), None);
        assert_eq!(number("1e999"), None, "not finite");
    }

    #[test]
    fn strings_comments_and_lines_are_tokenized() {
        let tokens = tokenize("a = \"x\\\"y\"; // c\n/* d\n */ b { }").expect("tokens");
        assert_eq!(
            tokens,
            [
                (1, Token::Word("a".into())),
                (1, Token::Symbol('=')),
                (1, Token::Value(Value::Text("x\"y".into()))),
                (1, Token::Symbol(';')),
                (3, Token::Word("b".into())),
                (3, Token::Symbol('{')),
                (3, Token::Symbol('}')),
            ]
        );
        assert_eq!(
            tokenize("a = \"open").expect_err("unclosed"),
            (1, "a string is not closed".to_string())
        );
        assert_eq!(
            tokenize("\n@").expect_err("not UDMF"),
            (2, "unexpected character '@'".to_string())
        );
    }
}
