//! Helpers for showing code points and strings to a person, shared by the
//! GUI and the CLI: `U+XXXX` labels, visible badges for characters that
//! draw nothing, right-to-left display order, and the changed span between
//! two strings. Pure text functions; no GUI dependency.

pub use crate::properties::visible::{char_with_code_point, code_point_label, glyph, invisible_badge, visible};
use crate::properties::{BmpBlocks, block_cached};
use std::sync::OnceLock;
use unicode_bidi::BidiInfo;

/// `U+0075 U+0308` for a whole string, one label per code point.
pub fn code_point_labels(text: &str) -> String {
    text.chars().map(code_point_label).collect::<Vec<_>>().join(" ")
}

/// `text` in visual (left-to-right display) order, as the Unicode
/// Bidirectional Algorithm (UAX #9, via unicode-bidi) lays it out in a
/// left-to-right paragraph — the way an address bar shows a domain name.
/// Returns `None` when the text has no right-to-left character (the orders agree).
///
/// Needed because egui shapes right-to-left scripts but draws code points in
/// logical order.
pub fn visual_order(text: &str) -> Option<String> {
    if right_to_left(text) == RightToLeft::None {
        return None;
    }
    let info = BidiInfo::new(text, Some(unicode_bidi::Level::ltr()));
    if !info.has_rtl() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    for paragraph in &info.paragraphs {
        out.push_str(&info.reorder_line(paragraph, paragraph.range.clone()));
    }
    Some(out)
}

/// Whether [`visual_order`] gives a display order (`Some`), decided without
/// reordering when the classes tell.
pub fn reorders(text: &str) -> bool {
    match right_to_left(text) {
        RightToLeft::None => false,
        RightToLeft::Strong => true,
        RightToLeft::Explicit => visual_order(text).is_some(),
    }
}

/// True when `c` may give its text a right-to-left level (R, AL, or an
/// explicit embedding, override or isolate): a text with no such character
/// reads as stored, and [`reorders`] says no.
pub(crate) fn may_reorder(c: char) -> bool {
    !matches!(direction_of(c), Direction::Other)
}

/// What the Bidi classes of a text say of its levels in a left-to-right paragraph.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RightToLeft {
    /// No class that can raise a level to an odd (right-to-left) one (UAX #9
    /// X2–X5, W1–W7, I1): the text reads as stored.
    None,
    /// An R or AL character and no explicit embedding, override or isolate:
    /// it resolves to level 1 (W3, I1).
    Strong,
    /// Explicit formatting characters decide: the levels must be resolved.
    Explicit,
}

fn right_to_left(text: &str) -> RightToLeft {
    let (mut strong, mut explicit) = (false, false);
    // No ASCII character is R, AL or an explicit formatting character.
    for c in text.chars().filter(|c| !c.is_ascii()) {
        match direction_of(c) {
            Direction::Strong => strong = true,
            Direction::Explicit => explicit = true,
            Direction::Other => {}
        }
    }
    match (strong, explicit) {
        (_, true) => RightToLeft::Explicit,
        (true, false) => RightToLeft::Strong,
        (false, false) => RightToLeft::None,
    }
}

/// What unicode-bidi's Bidi_Class of one character says for [`right_to_left`].
#[derive(Clone, Copy)]
enum Direction {
    /// R or AL.
    Strong,
    /// An explicit embedding, override or isolate, or their terminators.
    Explicit,
    Other,
}

/// The [`Direction`] of `c`, from unicode-bidi's classes (the ones
/// [`visual_order`] reorders with); the BMP from a table filled a block at a
/// time, since the library answers with a binary search.
fn direction_of(c: char) -> Direction {
    static BLOCKS: BmpBlocks<Direction> = [const { OnceLock::new() }; 256];
    let compute = |c: char| {
        use unicode_bidi::BidiClass::{AL, FSI, LRE, LRI, LRO, PDF, PDI, R, RLE, RLI, RLO};
        match unicode_bidi::bidi_class(c) {
            R | AL => Direction::Strong,
            RLE | RLO | RLI | FSI | LRE | LRO | LRI | PDF | PDI => Direction::Explicit,
            _ => Direction::Other,
        }
    };
    block_cached(&BLOCKS, c, compute)
}

/// The code-point ranges that differ between `before` and `after`: the
/// common prefix and suffix are kept apart, the middle is returned as
/// `(before_range, after_range)` in code-point indices. `None` if equal.
///
/// Used to highlight what NFC changed (e.g. `u` U+0308 → `ü`).
pub fn changed_span(before: &str, after: &str) -> Option<(std::ops::Range<usize>, std::ops::Range<usize>)> {
    let a: Vec<char> = before.chars().collect();
    let b: Vec<char> = after.chars().collect();
    if a == b {
        return None;
    }
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let max_suffix = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max_suffix)
        .take_while(|(x, y)| x == y)
        .count();
    Some((prefix..a.len() - suffix, prefix..b.len() - suffix))
}

/// `items` without repeats, in order of first appearance (the characters an explanation lists: few).
#[doc(hidden)]
pub fn unique<T: PartialEq>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut kept = Vec::new();
    for item in items {
        if !kept.contains(&item) {
            kept.push(item);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reorders_is_whether_there_is_a_visual_order() {
        let samples = [
            "example.com",
            "שלום.com",
            "مثال.xn--zz",
            "abc\u{0661}\u{0662}",
            "\u{202D}שלום\u{202C}.com",
            "\u{202E}abc\u{202C}",
            "\u{2067}abc\u{2069}",
            "\u{2068}שלום\u{2069}",
            "\u{202A}abc\u{202C}",
            "a\u{2029}ש",
            "",
        ];
        for text in samples {
            assert_eq!(reorders(text), visual_order(text).is_some(), "{text:?}");
        }
        // The classes alone decide for these two.
        assert!(reorders("שלום.com") && !reorders("example.com"));
        assert!(!reorders("\u{202D}שלום\u{202C}.com"), "an override makes it left to right");
    }

    /// The table behind `reorders` gives unicode-bidi's answer: each code
    /// point of the BMP (and some beyond) between two letters.
    #[test]
    fn reorders_agrees_with_unicode_bidi_on_every_bmp_code_point() {
        let beyond = [0x10800, 0x10900, 0x1E800, 0x1EE00, 0x1F000, 0x20000, 0xE0001];
        for c in (0..=0xFFFFu32).chain(beyond).filter_map(char::from_u32) {
            let text = format!("a{c}b");
            let expected = BidiInfo::new(&text, Some(unicode_bidi::Level::ltr())).has_rtl();
            assert_eq!(reorders(&text), expected, "U+{:04X}", c as u32);
        }
    }

    /// `right_to_left` skips ASCII on this fact.
    #[test]
    fn no_ascii_character_can_raise_a_level() {
        use unicode_bidi::BidiClass::{AL, FSI, LRE, LRI, LRO, PDF, PDI, R, RLE, RLI, RLO};
        for c in (0..0x80u8).map(char::from) {
            let class = unicode_bidi::bidi_class(c);
            assert!(
                !matches!(class, R | AL | RLE | RLO | RLI | FSI | LRE | LRO | LRI | PDF | PDI),
                "{c:?} is {class:?}"
            );
        }
    }

    #[test]
    fn visual_order_reverses_right_to_left_runs_only() {
        // Hebrew "shalom" then ".com": the Hebrew run is shown reversed, ".com" stays.
        assert_eq!(visual_order("שלום.com").as_deref(), Some("םולש.com"));
        assert_eq!(visual_order("bücher.de"), None);
        // A leading European digit next to the LTR paragraph start resolves to L (UAX #9 W7).
        assert_eq!(visual_order("1.עברית").as_deref(), Some("1.תירבע"));
    }

    #[test]
    fn changed_span_finds_the_normalized_part() {
        assert_eq!(changed_span("u\u{308}.com", "ü.com"), Some((0..2, 0..1)));
        assert_eq!(changed_span("abc", "abc"), None);
        assert_eq!(changed_span("aa", "aaa"), Some((2..2, 2..3)));
    }

    /// The shortcut agrees with the full analysis: right-to-left only with
    /// R, AL or a right-to-left control; AN, EN and left-to-right embeddings alone stay LTR.
    #[test]
    fn visual_order_shortcut_agrees_with_the_full_analysis() {
        let full = |text: &str| {
            let info = BidiInfo::new(text, Some(unicode_bidi::Level::ltr()));
            info.has_rtl()
        };
        for text in [
            "example.com",
            "\u{661}\u{662}\u{663}.com",
            "a\u{202A}12\u{661}\u{202C}b",
            "\u{2066}x\u{661}\u{2069}",
            "\u{2068}abc\u{2069}",
            "\u{202E}ab",
            "\u{202B}ab\u{202C}",
            "\u{2067}ab\u{2069}",
            "\u{2068}\u{5D0}\u{2069}",
            "שלום.com",
            "مثال.com",
        ] {
            assert_eq!(visual_order(text).is_some(), full(text), "{text:?}");
        }
    }
}
