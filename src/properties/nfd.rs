//! NFD (UAX #15) as the spoof checks read it, the marks in it, and UTS #39
//! §5.4's repeated nonspacing marks.

use super::general::is_nonspacing_mark;
use super::{BmpBlocks, block_cached};
use std::sync::OnceLock;

/// The marks [`marks_in_nfd`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Marks {
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

/// The nonspacing and the combining marks in the NFD form of `text`, in
/// one pass (see [`marks_in_nfd`]), each count up to 15 a character.
pub(crate) fn both_marks_in_nfd(text: &str) -> (usize, usize) {
    let (mut nonspacing, mut combining) = (0, 0);
    for c in text.chars().filter(|c| !c.is_ascii()) {
        let both = decomposition_mark_counts(c);
        nonspacing += usize::from(counted(both, Marks::Nonspacing));
        combining += usize::from(counted(both, Marks::Combining));
    }
    (nonspacing, combining)
}

/// True when `c`'s canonical decomposition holds a mark: without such a
/// character, [`both_marks_in_nfd`] counts none.
pub(crate) fn decomposition_has_marks(c: char) -> bool {
    decomposition_mark_counts(c) != 0
}

/// The `marks` in `c`'s canonical decomposition.
fn decomposition_marks(c: char, marks: Marks) -> u8 {
    counted(decomposition_mark_counts(c), marks)
}

/// The count of `marks` in a byte of [`decomposition_mark_counts`].
fn counted(both: u8, marks: Marks) -> u8 {
    match marks {
        Marks::Nonspacing => both & 0x0F,
        Marks::Combining => both >> 4,
    }
}

/// Both counts of [`count_decomposition_marks`] in a byte: a BMP code
/// point's from its block's table.
fn decomposition_mark_counts(c: char) -> u8 {
    static BLOCKS: BmpBlocks<u8> = [const { OnceLock::new() }; 256];
    block_cached(&BLOCKS, c, count_decomposition_marks)
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
        // Most characters are their own decomposition: their class is read from a table.
        if let Some(class) = own_decomposition_class(c) {
            ordered &= class == 0 || previous_class <= class;
            previous_class = class;
            out.push(c);
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

/// The Canonical_Combining_Class of `c` when `c` is its own canonical
/// decomposition (`None` when it decomposes); a BMP code point's from its
/// block's table (no class is 255).
fn own_decomposition_class(c: char) -> Option<u8> {
    use unicode_normalization::char::{canonical_combining_class, decompose_canonical};
    static BLOCKS: BmpBlocks<u8> = [const { OnceLock::new() }; 256];
    let class = block_cached(&BLOCKS, c, |c| {
        let mut itself = true;
        decompose_canonical(c, |part| itself &= part == c);
        if itself { canonical_combining_class(c) } else { u8::MAX }
    });
    (class != u8::MAX).then_some(class)
}

/// UTS #39 §5.4 as ICU implements it (`USPOOF_INVISIBLE`): in `nfd`, the
/// NFD form of a text, each nonspacing mark (General_Category=Mn) that its
/// run of consecutive nonspacing marks already holds, in text order; the
/// repeat need not be adjacent (`a` U+0301 U+0302 U+0301 repeats U+0301).
pub fn repeated_nonspacing_marks(nfd: &[char]) -> impl Iterator<Item = char> + '_ {
    // The current run of nonspacing marks is nfd[run_start..at].
    let mut run_start = 0;
    nfd.iter().enumerate().filter_map(move |(at, &c)| {
        if !is_nonspacing_mark(c) {
            run_start = at + 1;
            return None;
        }
        nfd[run_start..at].contains(&c).then_some(c)
    })
}

/// True when the NFD form of `text` repeats a nonspacing mark in a run
/// ([`repeated_nonspacing_marks`]).
pub(crate) fn has_repeated_nonspacing_mark(text: &str) -> bool {
    // A repeat needs two marks; most texts have fewer, and need no NFD.
    if marks_in_nfd(text, Marks::Nonspacing, 2) < 2 {
        return false;
    }
    repeated_nonspacing_marks(&nfd(text)).next().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::UnicodeNormalization;

    /// The count of marks before NFD changes no answer: equal to the
    /// check on NFD alone for every BMP character after a letter, alone,
    /// doubled and before a mark of its own, and for marks made by
    /// decomposition (U+0344 gives U+0308 U+0301; ǖ gives u U+0308 U+0304).
    #[test]
    fn repeated_mark_equals_the_check_on_nfd_alone() {
        let on_nfd = |input: &str| {
            let nfd: Vec<char> = input.nfd().collect();
            nfd.split(|&c| !is_nonspacing_mark(c))
                .any(|run| run.iter().enumerate().any(|(i, c)| run[..i].contains(c)))
        };
        let mut repeats = 0;
        for c in (0x80..0x10000).filter_map(char::from_u32) {
            for input in [
                format!("a{c}"),
                format!("{c}{c}"),
                format!("e{c}\u{0301}"),
                format!("{c}\u{0344}\u{0301}"),
                format!("ǖ{c}\u{0308}"),
            ] {
                let repeated = has_repeated_nonspacing_mark(&input);
                assert_eq!(repeated, on_nfd(&input), "{input:?}");
                repeats += usize::from(repeated);
            }
        }
        assert!(repeats > 1000, "the inputs reach repeats: {repeats}");
    }

    #[test]
    fn repeats_are_found_within_a_run_only() {
        let repeated = |text: &str| repeated_nonspacing_marks(&nfd(text)).collect::<String>();
        assert_eq!(repeated("a\u{0301}\u{0301}"), "\u{0301}");
        assert_eq!(repeated("a\u{0301}\u{0302}\u{0301}"), "\u{0301}");
        assert_eq!(repeated("a\u{0301}\u{0301}\u{0301}"), "\u{0301}\u{0301}");
        assert_eq!(repeated("\u{00E9}\u{0301}"), "\u{0301}", "NFD splits é");
        assert_eq!(repeated("a\u{0301}b\u{0301}"), "");
        // A spacing mark (Mc) ends the run; enclosing marks (Me) are not nonspacing.
        assert_eq!(repeated("a\u{0301}\u{0903}\u{0301}"), "");
        assert_eq!(repeated("a\u{20DD}\u{20DD}"), "");
        assert!(has_repeated_nonspacing_mark("a\u{0301}\u{0302}\u{0301}") && !has_repeated_nonspacing_mark("a\u{0301}"));
    }

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
