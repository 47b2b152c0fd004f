//! Text for the standard fonts: encoded in WinAnsi, fitted to a column, wrapped to a width.

use crate::metrics::{Font, width};

/// The WinAnsi code of the characters between 0x80 and 0x9F that are not Latin-1's.
const WIN_ANSI_EXTRA: [(char, u8); 16] = [
    ('\u{20ac}', 0x80),
    ('\u{201a}', 0x82),
    ('\u{201e}', 0x84),
    ('\u{2026}', 0x85),
    ('\u{2020}', 0x86),
    ('\u{2021}', 0x87),
    ('\u{2030}', 0x89),
    ('\u{2039}', 0x8B),
    ('\u{2018}', 0x91),
    ('\u{2019}', 0x92),
    ('\u{201c}', 0x93),
    ('\u{201d}', 0x94),
    ('\u{2022}', 0x95),
    ('\u{2013}', 0x96),
    ('\u{2014}', 0x97),
    ('\u{2122}', 0x99),
];

/// `text` in WinAnsi: printable ASCII and Latin-1 as they are, the common typographic signs by
/// their codes, anything else as `?` (a control character as a space).
pub fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match u32::from(c) {
            code @ (0x20..=0x7E | 0xA0..=0xFF) => u8::try_from(code).unwrap_or(b'?'),
            code if code < 0x20 => b' ',
            _ => WIN_ANSI_EXTRA.iter().find(|(k, _)| *k == c).map_or(b'?', |(_, code)| *code),
        })
        .collect()
}

/// `text` cut to `room` points, ending in `…` when it was longer.
pub fn fit(text: &str, font: Font, size: f32, room: f32) -> String {
    if width(text, font, size) <= room {
        return text.to_owned();
    }
    let mut kept = String::new();
    for c in text.chars() {
        kept.push(c);
        if width(&kept, font, size) + width("\u{2026}", font, size) > room {
            kept.pop();
            break;
        }
    }
    format!("{}\u{2026}", kept.trim_end())
}

/// `text` in lines of at most `room` points, broken between words (a word longer than a line
/// is cut to fit).
pub fn wrap(text: &str, font: Font, size: f32, room: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_owned() } else { format!("{line} {word}") };
        if width(&candidate, font, size) <= room {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        line = if width(word, font, size) <= room { word.to_owned() } else { fit(word, font, size, room) };
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
