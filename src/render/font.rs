//! Baked 5×7 pixel bitmap font covering printable ASCII (`' '..='~'`), used
//! for the HUD text.
//!
//! The glyphs live in a constant table compiled into the binary, in the style
//! of the classic HD44780 character-LCD font. A bitmap font is used instead of
//! glyphon because it needs no font files and no text shaping, renders
//! identically on every machine (which keeps golden-image tests stable), and
//! can be scaled by whole pixels so it stays crisp at any DPI.

/// Width of a glyph's bitmap, in font pixels.
pub const GLYPH_WIDTH: u32 = 5;

/// Height of a glyph's body (capitals, digits, lower case above the
/// baseline), in font pixels.
pub const BODY_HEIGHT: u32 = 7;

/// Height of a glyph's bitmap, in font pixels: the body and two rows below
/// the baseline, where the descenders of g, p, q and y hang.
pub const GLYPH_HEIGHT: u32 = BODY_HEIGHT + 2;

/// Characters whose seven table rows start at the x-height and are drawn two
/// rows lower, so their tails hang below the baseline.
const DESCENDERS: [char; 4] = ['g', 'p', 'q', 'y'];

/// Horizontal advance from one character to the next, in font pixels: the
/// glyph plus one blank column of spacing.
pub const CELL_WIDTH: u32 = 6;

/// Line height, in font pixels: the glyph plus one blank row of spacing.
pub const CELL_HEIGHT: u32 = GLYPH_HEIGHT + 1;

/// First character in [`GLYPHS`] (space).
const FIRST_CHAR: char = ' ';

/// Last character in [`GLYPHS`] (tilde).
const LAST_CHAR: char = '~';

/// Glyph bitmaps for `' '..='~'`, indexed by `c as usize - 32`.
///
/// Each glyph is seven rows, top row first; in each row bit 4 (`0b10000`) is
/// the leftmost column and bit 0 the rightmost. Lower-case descenders are
/// approximated within the seven rows.
#[rustfmt::skip]
const GLYPHS: [[u8; 7]; 95] = [
    [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000], // space
    [0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00000, 0b00100], // '!'
    [0b01010, 0b01010, 0b01010, 0b00000, 0b00000, 0b00000, 0b00000], // '"'
    [0b01010, 0b01010, 0b11111, 0b01010, 0b11111, 0b01010, 0b01010], // '#'
    [0b00100, 0b01111, 0b10100, 0b01110, 0b00101, 0b11110, 0b00100], // '$'
    [0b11000, 0b11001, 0b00010, 0b00100, 0b01000, 0b10011, 0b00011], // '%'
    [0b01100, 0b10010, 0b10100, 0b01000, 0b10101, 0b10010, 0b01101], // '&'
    [0b01100, 0b00100, 0b01000, 0b00000, 0b00000, 0b00000, 0b00000], // '\''
    [0b00010, 0b00100, 0b01000, 0b01000, 0b01000, 0b00100, 0b00010], // '('
    [0b01000, 0b00100, 0b00010, 0b00010, 0b00010, 0b00100, 0b01000], // ')'
    [0b00000, 0b00100, 0b10101, 0b01110, 0b10101, 0b00100, 0b00000], // '*'
    [0b00000, 0b00100, 0b00100, 0b11111, 0b00100, 0b00100, 0b00000], // '+'
    [0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b00100, 0b01000], // ','
    [0b00000, 0b00000, 0b00000, 0b11111, 0b00000, 0b00000, 0b00000], // '-'
    [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b01100, 0b01100], // '.'
    [0b00000, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b00000], // '/'
    [0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110], // '0'
    [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110], // '1'
    [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111], // '2'
    [0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110], // '3'
    [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010], // '4'
    [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110], // '5'
    [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110], // '6'
    [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000], // '7'
    [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110], // '8'
    [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100], // '9'
    [0b00000, 0b01100, 0b01100, 0b00000, 0b01100, 0b01100, 0b00000], // ':'
    [0b00000, 0b01100, 0b01100, 0b00000, 0b01100, 0b00100, 0b01000], // ';'
    [0b00010, 0b00100, 0b01000, 0b10000, 0b01000, 0b00100, 0b00010], // '<'
    [0b00000, 0b00000, 0b11111, 0b00000, 0b11111, 0b00000, 0b00000], // '='
    [0b01000, 0b00100, 0b00010, 0b00001, 0b00010, 0b00100, 0b01000], // '>'
    [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b00000, 0b00100], // '?'
    [0b01110, 0b10001, 0b00001, 0b01101, 0b10101, 0b10101, 0b01110], // '@'
    [0b01110, 0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001], // 'A'
    [0b11110, 0b10001, 0b10001, 0b11110, 0b10001, 0b10001, 0b11110], // 'B'
    [0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110], // 'C'
    [0b11100, 0b10010, 0b10001, 0b10001, 0b10001, 0b10010, 0b11100], // 'D'
    [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111], // 'E'
    [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000], // 'F'
    [0b01110, 0b10001, 0b10000, 0b10111, 0b10001, 0b10001, 0b01111], // 'G'
    [0b10001, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001], // 'H'
    [0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110], // 'I'
    [0b00111, 0b00010, 0b00010, 0b00010, 0b00010, 0b10010, 0b01100], // 'J'
    [0b10001, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010, 0b10001], // 'K'
    [0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111], // 'L'
    [0b10001, 0b11011, 0b10101, 0b10101, 0b10001, 0b10001, 0b10001], // 'M'
    [0b10001, 0b10001, 0b11001, 0b10101, 0b10011, 0b10001, 0b10001], // 'N'
    [0b01110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110], // 'O'
    [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000], // 'P'
    [0b01110, 0b10001, 0b10001, 0b10001, 0b10101, 0b10010, 0b01101], // 'Q'
    [0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001], // 'R'
    [0b01111, 0b10000, 0b10000, 0b01110, 0b00001, 0b00001, 0b11110], // 'S'
    [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100], // 'T'
    [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110], // 'U'
    [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100], // 'V'
    [0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010], // 'W'
    [0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001], // 'X'
    [0b10001, 0b10001, 0b10001, 0b01010, 0b00100, 0b00100, 0b00100], // 'Y'
    [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b11111], // 'Z'
    [0b01110, 0b01000, 0b01000, 0b01000, 0b01000, 0b01000, 0b01110], // '['
    [0b00000, 0b10000, 0b01000, 0b00100, 0b00010, 0b00001, 0b00000], // '\\'
    [0b01110, 0b00010, 0b00010, 0b00010, 0b00010, 0b00010, 0b01110], // ']'
    [0b00100, 0b01010, 0b10001, 0b00000, 0b00000, 0b00000, 0b00000], // '^'
    [0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b00000, 0b11111], // '_'
    [0b01000, 0b00100, 0b00010, 0b00000, 0b00000, 0b00000, 0b00000], // '`'
    [0b00000, 0b00000, 0b01110, 0b00001, 0b01111, 0b10001, 0b01111], // 'a'
    [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b11110], // 'b'
    [0b00000, 0b00000, 0b01110, 0b10000, 0b10000, 0b10001, 0b01110], // 'c'
    [0b00001, 0b00001, 0b01101, 0b10011, 0b10001, 0b10001, 0b01111], // 'd'
    [0b00000, 0b00000, 0b01110, 0b10001, 0b11111, 0b10000, 0b01110], // 'e'
    [0b00110, 0b01001, 0b01000, 0b11100, 0b01000, 0b01000, 0b01000], // 'f'
    [0b01111, 0b10001, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110], // 'g' (descends)
    [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001], // 'h'
    [0b00100, 0b00000, 0b01100, 0b00100, 0b00100, 0b00100, 0b01110], // 'i'
    [0b00010, 0b00000, 0b00110, 0b00010, 0b00010, 0b10010, 0b01100], // 'j'
    [0b10000, 0b10000, 0b10010, 0b10100, 0b11000, 0b10100, 0b10010], // 'k'
    [0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110], // 'l'
    [0b00000, 0b00000, 0b11010, 0b10101, 0b10101, 0b10001, 0b10001], // 'm'
    [0b00000, 0b00000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001], // 'n'
    [0b00000, 0b00000, 0b01110, 0b10001, 0b10001, 0b10001, 0b01110], // 'o'
    [0b11110, 0b10001, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000], // 'p' (descends)
    [0b01111, 0b10001, 0b10001, 0b10001, 0b01111, 0b00001, 0b00001], // 'q' (descends)
    [0b00000, 0b00000, 0b10110, 0b11001, 0b10000, 0b10000, 0b10000], // 'r'
    [0b00000, 0b00000, 0b01110, 0b10000, 0b01110, 0b00001, 0b11110], // 's'
    [0b01000, 0b01000, 0b11100, 0b01000, 0b01000, 0b01001, 0b00110], // 't'
    [0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b10011, 0b01101], // 'u'
    [0b00000, 0b00000, 0b10001, 0b10001, 0b10001, 0b01010, 0b00100], // 'v'
    [0b00000, 0b00000, 0b10001, 0b10001, 0b10101, 0b10101, 0b01010], // 'w'
    [0b00000, 0b00000, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001], // 'x'
    [0b10001, 0b10001, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110], // 'y' (descends)
    [0b00000, 0b00000, 0b11111, 0b00010, 0b00100, 0b01000, 0b11111], // 'z'
    [0b00010, 0b00100, 0b00100, 0b01000, 0b00100, 0b00100, 0b00010], // '{'
    [0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100], // '|'
    [0b01000, 0b00100, 0b00100, 0b00010, 0b00100, 0b00100, 0b01000], // '}'
    [0b00000, 0b00000, 0b01000, 0b10101, 0b00010, 0b00000, 0b00000], // '~'
];

/// Returns the seven rows of the glyph for `c`, top row first.
///
/// In each row bit 4 (`0x10`) is the leftmost column and bit 0 the rightmost.
/// Characters outside printable ASCII (`' '..='~'`), including control
/// characters and non-ASCII such as `'°'`, get the glyph for `'?'`.
pub fn glyph_rows(c: char) -> [u8; GLYPH_HEIGHT as usize] {
    let c = if (FIRST_CHAR..=LAST_CHAR).contains(&c) {
        c
    } else {
        '?'
    };
    let body = GLYPHS[c as usize - FIRST_CHAR as usize];
    let top = if DESCENDERS.contains(&c) { 2 } else { 0 };
    let mut rows = [0; GLYPH_HEIGHT as usize];
    rows[top..top + BODY_HEIGHT as usize].copy_from_slice(&body);
    rows
}

/// Returns whether pixel (`x`, `y`) of the glyph for `c` is lit, with (0, 0)
/// the top-left corner, `x` in `0..GLYPH_WIDTH` and `y` in `0..GLYPH_HEIGHT`.
///
/// Coordinates outside the glyph are never lit.
pub fn glyph_pixel(c: char, x: u32, y: u32) -> bool {
    if x >= GLYPH_WIDTH || y >= GLYPH_HEIGHT {
        return false;
    }
    let row = glyph_rows(c)[y as usize];
    (row >> (GLYPH_WIDTH - 1 - x)) & 1 != 0
}

/// Returns the width of a single line of `text`, in font pixels: one
/// [`CELL_WIDTH`] per character, including the trailing spacing column.
pub fn line_width(text: &str) -> u32 {
    text.chars().count() as u32 * CELL_WIDTH
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printable() -> impl Iterator<Item = char> {
        FIRST_CHAR..=LAST_CHAR
    }

    fn lit_count(c: char) -> usize {
        (0..GLYPH_HEIGHT)
            .flat_map(|y| (0..GLYPH_WIDTH).map(move |x| (x, y)))
            .filter(|&(x, y)| glyph_pixel(c, x, y))
            .count()
    }

    #[test]
    fn table_covers_printable_ascii() {
        assert_eq!(printable().count(), GLYPHS.len());
        assert_eq!(GLYPHS.len(), 95);
    }

    #[test]
    fn space_is_blank() {
        assert_eq!(glyph_rows(' '), [0; GLYPH_HEIGHT as usize]);
        assert_eq!(lit_count(' '), 0);
    }

    #[test]
    fn every_visible_char_has_lit_pixels() {
        for c in printable().filter(|&c| c != ' ') {
            assert!(lit_count(c) > 0, "glyph for {c:?} is blank");
        }
    }

    #[test]
    fn rows_fit_in_glyph_width() {
        for (i, glyph) in GLYPHS.iter().enumerate() {
            for row in glyph {
                assert_eq!(row & !0x1F, 0, "glyph {i} has a row wider than 5 bits");
            }
        }
    }

    #[test]
    fn visible_glyphs_are_pairwise_distinct() {
        let chars: Vec<char> = printable().filter(|&c| c != ' ').collect();
        assert_eq!(chars.len(), 94);
        for (i, &a) in chars.iter().enumerate() {
            for &b in &chars[i + 1..] {
                assert_ne!(
                    glyph_rows(a),
                    glyph_rows(b),
                    "{a:?} and {b:?} look the same"
                );
            }
        }
    }

    #[test]
    fn vertical_strokes_have_lit_centre_column() {
        for c in ['I', '|'] {
            for y in 0..BODY_HEIGHT {
                assert!(glyph_pixel(c, 2, y), "{c:?} centre column unlit at row {y}");
            }
        }
        assert!(!glyph_pixel('|', 0, 3));
        assert!(!glyph_pixel('|', 4, 3));
    }

    #[test]
    fn minus_has_exactly_one_lit_row() {
        let rows = glyph_rows('-');
        assert_eq!(rows.iter().filter(|&&r| r != 0).count(), 1);
        assert_eq!(rows[3], 0x1F);
    }

    #[test]
    fn underscore_is_bottom_row() {
        let rows = glyph_rows('_');
        assert_eq!(rows[6], 0x1F);
        assert!(rows[..6].iter().all(|&r| r == 0));
        assert!(rows[7..].iter().all(|&r| r == 0));
    }

    #[test]
    fn zero_differs_from_letter_o() {
        assert_ne!(glyph_rows('0'), glyph_rows('O'));
        assert_ne!(glyph_rows('0'), glyph_rows('o'));
        assert_ne!(glyph_rows('1'), glyph_rows('l'));
        assert_ne!(glyph_rows('1'), glyph_rows('I'));
    }

    #[test]
    fn bit_order_is_left_to_right() {
        // 'L' has its vertical stroke on the left and a full bottom row.
        for y in 0..BODY_HEIGHT {
            assert!(glyph_pixel('L', 0, y));
            assert_eq!(glyph_pixel('L', 4, y), y == BODY_HEIGHT - 1);
        }
        // '/' rises to the right: top-right lit, bottom-left lit.
        assert!(glyph_pixel('/', 4, 1));
        assert!(glyph_pixel('/', 0, 5));
        assert!(!glyph_pixel('/', 0, 1));
        // 'T' is top-first: full top row, bottom row only the centre.
        assert_eq!(glyph_rows('T')[0], 0x1F);
        assert_eq!(glyph_rows('T')[6], 0b00100);
    }

    #[test]
    fn unsupported_chars_map_to_question_mark() {
        let question = glyph_rows('?');
        for c in ['°', 'é', '€', '\u{7f}', '\n', '\t', '\0', '\u{1F600}'] {
            assert_eq!(glyph_rows(c), question, "{c:?}");
        }
        assert_ne!(glyph_rows('A'), question);
    }

    #[test]
    fn pixels_outside_glyph_are_unlit() {
        for c in printable() {
            for y in 0..GLYPH_HEIGHT + 3 {
                assert!(!glyph_pixel(c, GLYPH_WIDTH, y));
                assert!(!glyph_pixel(c, u32::MAX, y));
            }
            for x in 0..GLYPH_WIDTH + 3 {
                assert!(!glyph_pixel(c, x, GLYPH_HEIGHT));
                assert!(!glyph_pixel(c, x, u32::MAX));
            }
        }
    }

    #[test]
    fn line_width_counts_chars_not_bytes() {
        assert_eq!(line_width(""), 0);
        assert_eq!(line_width("A"), CELL_WIDTH);
        assert_eq!(line_width("FPS 60"), 6 * CELL_WIDTH);
        assert_eq!(line_width("90°"), 3 * CELL_WIDTH);
    }

    #[test]
    fn cell_leaves_spacing_around_glyph() {
        assert_eq!(CELL_WIDTH, GLYPH_WIDTH + 1);
        assert_eq!(CELL_HEIGHT, GLYPH_HEIGHT + 1);
    }

    #[test]
    fn descenders_hang_below_the_baseline_and_others_do_not() {
        let below = |c: char| {
            glyph_rows(c)[BODY_HEIGHT as usize..]
                .iter()
                .any(|&r| r != 0)
        };
        for c in printable() {
            assert_eq!(below(c), DESCENDERS.contains(&c), "{c:?}");
        }
        // Their bowls start at the x-height, the top row of 'o'.
        let x_height = glyph_rows('o').iter().position(|&r| r != 0);
        for c in DESCENDERS {
            assert_eq!(
                glyph_rows(c).iter().position(|&r| r != 0),
                x_height,
                "{c:?}"
            );
        }
    }
}
