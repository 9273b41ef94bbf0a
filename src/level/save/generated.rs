//! Level files for property tests of the save module: tables of every
//! kind of item and others, comments and blank lines between them, written
//! in the ways a person may write them.

use proptest::prelude::*;

use super::arrays::Tables;

/// A level file with tables of every kind, comments, dotted keys and a
/// multi-line array.
pub(super) const MIXED: &str = "# A level\nname = \"t\"\n\n[player]\nstart = [1, 1]\n\n\
                     # the walls\n[[wall]]\na = [0, 0]\nb = [1, 0]\n\n[[wall]] # second\n\
                     a = [1, 0]\nb = [1, 1]\ntexture.name = \"brick\"\n\n  # lamps\n\
                     [[light]]\nat = [2, 2]\n[[wall]]\na = [3, 3]\n\n\
                     [materials.brick]\ncolour = [1, 0, 0]\n\n# doors\n[[door]]\n\
                     a = [5, 5]\nb = [6, 5]\n\n[[obstacle]]\npoints = [\n  [0, 0],\n  [1, 0],\n  [1, 1],\n]\n\
                     [environment]\nfog = 0.5\n[[wall]]\na = [9, 9]\n# the end\n";

/// One block of a generated level file.
#[derive(Debug, Clone)]
pub(super) enum Block {
    /// An item table of kind `ALL[kind]`: an optional comment on its
    /// header, and body lines.
    Item(usize, bool, Vec<&'static str>),
    /// Another table, by its header.
    Other(&'static str),
    /// Blank and comment lines.
    Gap(&'static str),
}

fn body_line() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a = [0, 0]",
        "b = [1.5, -2]   # the far end",
        "height = 2.5",
        "texture.name = \"brick\"",
        "extra = { k = 1, l = [2, 3] }",
        "points = [\n  [0, 0],\n  [1, 0],\n  [1, 1],\n]",
        "# a comment inside",
        "",
        "   ",
    ])
}

pub(super) fn block() -> impl Strategy<Value = Block> {
    prop_oneof![
        4 => (0..Tables::ALL.len(), any::<bool>(), prop::collection::vec(body_line(), 0..4))
            .prop_map(|(kind, comment, body)| Block::Item(kind, comment, body)),
        1 => prop::sample::select(vec!["[player]", "[environment]", "[materials.stone]", "[a.b.c]"])
            .prop_map(Block::Other),
        1 => prop::sample::select(vec!["", "# note", "\n# two\n  # lines", "\t"])
            .prop_map(Block::Gap),
    ]
}

/// A level file of `blocks` after a few root keys, each other table at
/// most once (a second would not be TOML).
pub(super) fn level_text(blocks: &[Block], crlf: bool) -> String {
    let mut text = String::from("# generated\nname = \"g\"\nwall_height = 3\n");
    let mut written = Vec::new();
    for block in blocks {
        match block {
            Block::Item(kind, comment, body) => {
                text.push_str(&format!("[[{}]]", Tables::ALL[*kind].key()));
                if *comment {
                    text.push_str("  # header comment");
                }
                text.push('\n');
                for line in body {
                    text.push_str(line);
                    text.push('\n');
                }
            }
            Block::Other(header) if !written.contains(header) => {
                written.push(*header);
                text.push_str(&format!("{header}\nk = 1\n"));
            }
            Block::Other(_) => {}
            Block::Gap(lines) => {
                text.push_str(lines);
                text.push('\n');
            }
        }
    }
    if crlf {
        text.replace('\n', "\r\n")
    } else {
        text
    }
}
