//! The widths of the standard Helvetica fonts (Adobe's font metrics, in thousandths of the font
//! size), for right-aligned amounts and wrapped paragraphs. A PDF names these fonts without
//! embedding them, so their widths are known here rather than read from a font file.

/// The two fonts a letter uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    Regular,
    Bold,
}

impl Font {
    pub fn base_name(self) -> &'static [u8] {
        match self {
            Self::Regular => b"Helvetica",
            Self::Bold => b"Helvetica-Bold",
        }
    }

    /// The page resource's name.
    pub fn resource(self) -> &'static [u8] {
        match self {
            Self::Regular => b"F1",
            Self::Bold => b"F2",
        }
    }
}

/// Helvetica, characters 32 (space) to 126 (`~`).
const REGULAR: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0 to 9
    278, 278, 584, 584, 584, 556, 1015, // : to @
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667,
    611, // A to Z
    278, 278, 278, 469, 556, 333, // [ to `
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500,
    500, // a to z
    334, 260, 334, 584, // { to ~
];

/// Helvetica-Bold, characters 32 (space) to 126 (`~`).
const BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, // space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0 to 9
    333, 333, 584, 584, 584, 611, 975, // : to @
    722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667,
    611, // A to Z
    333, 278, 333, 584, 556, 333, // [ to `
    556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556,
    500, // a to z
    389, 280, 389, 584, // { to ~
];

/// A character's width in thousandths of the size: the table's for printable ASCII; for the
/// rest of WinAnsi (accented letters, dashes, quotes), the width of an average letter, which
/// only loosens a wrapped line a little.
fn advance(c: char, font: Font) -> u16 {
    let table = match font {
        Font::Regular => &REGULAR,
        Font::Bold => &BOLD,
    };
    match u32::from(c) {
        code @ 32..=126 => table[usize::try_from(code - 32).unwrap_or(0)],
        0x2014 => 1000,
        0xB7 | 0x2019 | 0x2018 => 278,
        _ => 556,
    }
}

/// The width of `text` at `size` points.
pub fn width(text: &str, font: Font, size: f32) -> f32 {
    let thousandths: u32 = text.chars().map(|c| u32::from(advance(c, font))).sum();
    // Exact in f32 for any line a page holds (under 2^24 thousandths).
    #[allow(clippy::cast_precision_loss)]
    let thousandths = thousandths as f32;
    thousandths * size / 1000.0
}
