//! NFD (UAX #15 §3.11) as the spoof checks read it, and the marks in it.

use super::general::is_nonspacing_mark;
use super::{BmpBlocks, bmp_cached};
use std::sync::OnceLock;

/// The marks [`marks_in_nfd`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marks {
    /// General_Category=Mn ([`is_nonspacing_mark`]).
    Nonspacing,
    /// General_Category=M (unicode-normalization's `is_combining_mark`).
    Combining,
}

/// How many code points of the NFD form of `text` are `marks`, counted
/// up to `enough` (the count stops there): NFD is each character's
/// canonical decomposition, reordered, so the count needs no NFD string.
/// A check that needs two marks in NFD asks this first.
pub fn marks_in_nfd(text: &str, marks: Marks, enough: usize) -> usize {
    let mut count = 0;
    for c in text.chars().filter(|c| !c.is_ascii()) {
        count += usize::from(decomposition_marks(c, marks));
        if count >= enough {
            return enough;
        }
    }
    count
}

/// The `marks` in `c`'s canonical decomposition: a BMP code point's from
/// its block's table (both counts in a byte), filled with [`count_decomposition_marks`].
fn decomposition_marks(c: char, marks: Marks) -> u8 {
    static BLOCKS: BmpBlocks<u8> = [const { OnceLock::new() }; 256];
    let both = bmp_cached(&BLOCKS, c, count_decomposition_marks);
    match marks {
        Marks::Nonspacing => both & 0x0F,
        Marks::Combining => both >> 4,
    }
}

/// The nonspacing marks (low four bits) and the combining marks (high
/// four) in `c`'s canonical decomposition, which has at most four code points.
fn count_decomposition_marks(c: char) -> u8 {
    let (mut nonspacing, mut combining) = (0u8, 0u8);
    unicode_normalization::char::decompose_canonical(c, |part| {
        nonspacing += u8::from(is_nonspacing_mark(part));
        combining += u8::from(unicode_normalization::char::is_combining_mark(part));
    });
    nonspacing.min(15) | (combining.min(15) << 4)
}

/// The NFD form of `text` (UAX #15), equal to unicode-normalization's:
/// each character's canonical decomposition, which is NFD already unless
/// two marks stand out of canonical order (then the library's, which
/// reorders them). Most labels need no reordering, and the library's
/// iterator costs more than the decompositions.
pub fn nfd(text: &str) -> Vec<char> {
    use unicode_normalization::char::{canonical_combining_class, decompose_canonical};
    let mut out = Vec::with_capacity(text.len());
    let mut previous_class = 0;
    let mut ordered = true;
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
            previous_class = 0;
            continue;
        }
        decompose_canonical(c, |part| {
            let class = canonical_combining_class(part);
            ordered &= class == 0 || previous_class <= class;
            previous_class = class;
            out.push(part);
        });
    }
    if ordered {
        return out;
    }
    use unicode_normalization::UnicodeNormalization;
    text.nfd().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The marks counted from each character's decomposition are the marks of NFD.
    #[test]
    fn marks_in_nfd_counts_the_marks_of_nfd() {
        use unicode_normalization::UnicodeNormalization;
        for c in (0..0x10000).filter_map(char::from_u32) {
            for text in [format!("{c}"), format!("{c}\u{0301}a{c}"), format!("ǖ{c}")] {
                let in_nfd = text.nfd().filter(|&m| is_nonspacing_mark(m)).count();
                assert_eq!(marks_in_nfd(&text, Marks::Nonspacing, 9), in_nfd.min(9), "{text:?}");
                assert_eq!(marks_in_nfd(&text, Marks::Nonspacing, 2), in_nfd.min(2), "{text:?}");
                let combining = text
                    .nfd()
                    .filter(|&m| unicode_normalization::char::is_combining_mark(m))
                    .count();
                assert_eq!(marks_in_nfd(&text, Marks::Combining, 9), combining.min(9), "{text:?}");
            }
        }
    }

    /// `nfd` equals the library's on every BMP code point alone, after a
    /// letter, between marks of every order and after a decomposing letter.
    #[test]
    fn nfd_equals_the_library() {
        use unicode_normalization::UnicodeNormalization;
        let mut reordered = 0;
        for c in (0..=0xFFFF).filter_map(char::from_u32) {
            for text in [
                format!("{c}"),
                format!("a{c}"),
                format!("{c}\u{0301}"),
                format!("a\u{0301}{c}"),
                format!("e\u{0327}{c}\u{0301}\u{0316}"),
                format!("ǖ{c}\u{0308}"),
                format!("{c}\u{0344}\u{0323}"),
            ] {
                let expected: Vec<char> = text.nfd().collect();
                assert_eq!(nfd(&text), expected, "{text:?}");
                let decomposed: Vec<char> = text.chars().flat_map(|c| c.to_string().nfd().collect::<Vec<_>>()).collect();
                reordered += usize::from(decomposed != expected);
            }
        }
        assert!(reordered > 1000, "the texts reach reordering: {reordered}");
    }
}
