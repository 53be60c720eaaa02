//! NFD (UAX #15) as the spoof checks read it, the marks in it, and UTS #39
//! §5.4's repeated nonspacing marks.

use super::general::is_nonspacing_mark;
use crate::properties::generated::{Generated, generated};
use crate::properties::is_mark;

/// The nonspacing and the combining marks of the longest stretch of the
/// NFD form of `text` between stoppers, code points that are neither a mark
/// nor of a nonzero combining class. Canonical reordering moves only code
/// points of a nonzero class, never past a stopper, so a run of nonspacing
/// marks ([`repeated_nonspacing_marks`]) or of combining marks in NFD lies
/// in one stretch: it holds at most that many. Read character by character
/// from their decompositions, without NFD.
pub(crate) fn mark_stretches(text: &str) -> (usize, usize) {
    let (mut nonspacing, mut combining) = (0, 0);
    let (mut most_nonspacing, mut most_combining) = (0, 0);
    for c in text.chars() {
        if c.is_ascii() {
            // Every ASCII character is a stopper.
            (nonspacing, combining) = (0, 0);
            continue;
        }
        let facts = stretch_facts(c);
        // The marks before the decomposition's first stopper go on with the stretch.
        nonspacing += usize::from(facts & 7);
        combining += usize::from((facts >> 3) & 7);
        most_nonspacing = most_nonspacing.max(nonspacing);
        most_combining = most_combining.max(combining);
        if facts & STOPS != 0 {
            (nonspacing, combining) = (usize::from((facts >> 6) & 7), usize::from((facts >> 9) & 7));
            most_nonspacing = most_nonspacing.max(nonspacing);
            most_combining = most_combining.max(combining);
        }
    }
    (most_nonspacing, most_combining)
}

/// [`stretch_facts`]: the decomposition holds a stopper.
const STOPS: u16 = 1 << 12;

/// What [`mark_stretches`] reads of `c`'s canonical decomposition (at most
/// four code points): its nonspacing marks (bits 0–2) and combining marks
/// (3–5) before its first stopper, those after its last stopper (6–8,
/// 9–11), and [`STOPS`]; a BMP code point's from its table.
fn stretch_facts(c: char) -> u16 {
    STRETCH_FACTS.get(c, compute_stretch_facts)
}

/// [`stretch_facts`] of the BMP, made from [`compute_stretch_facts`].
static STRETCH_FACTS: Generated<u16> = generated!("nfd_stretch_facts");

/// [`stretch_facts`] of `c`, from the rules.
fn compute_stretch_facts(c: char) -> u16 {
    let (mut head, mut tail, mut stops) = (0u16, 0u16, false);
    unicode_normalization::char::decompose_canonical(c, |part| {
        let combining = is_mark(part);
        if !combining && unicode_normalization::char::canonical_combining_class(part) == 0 {
            (stops, tail) = (true, 0);
            return;
        }
        let marks = u16::from(is_nonspacing_mark(part)) | u16::from(combining) << 3;
        match stops {
            false => head += marks,
            true => tail += marks,
        }
    });
    head | tail << 6 | if stops { STOPS } else { 0 }
}

/// True when `c`'s canonical decomposition holds a mark (General_Category M).
pub(crate) fn decomposition_has_marks(c: char) -> bool {
    let mut marks = false;
    unicode_normalization::char::decompose_canonical(c, |part| {
        marks |= is_mark(part);
    });
    marks
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
/// table (no class is 255).
fn own_decomposition_class(c: char) -> Option<u8> {
    let class = OWN_DECOMPOSITION_CLASS.get(c, compute_own_decomposition_class);
    (class != u8::MAX).then_some(class)
}

/// [`own_decomposition_class`] of the BMP (`u8::MAX` for a code point
/// that decomposes), made from [`compute_own_decomposition_class`].
static OWN_DECOMPOSITION_CLASS: Generated<u8> = generated!("nfd_own_class");

/// [`own_decomposition_class`] of `c`, `u8::MAX` when it decomposes.
fn compute_own_decomposition_class(c: char) -> u8 {
    use unicode_normalization::char::{canonical_combining_class, decompose_canonical};
    let mut itself = true;
    decompose_canonical(c, |part| itself &= part == c);
    if itself { canonical_combining_class(c) } else { u8::MAX }
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
    // A repeat needs a run of two marks; most texts have none, and need no NFD.
    if mark_stretches(text).0 < 2 {
        return false;
    }
    repeated_nonspacing_marks(&nfd(text)).next().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated table holds the rules' values for the BMP.
    #[test]
    fn nfd_own_class_table_is_current() {
        OWN_DECOMPOSITION_CLASS.check(crate::properties::BMP_CELLS, compute_own_decomposition_class);
    }

    /// The generated table holds the rules' values for the BMP.
    #[test]
    fn nfd_stretch_facts_table_is_current() {
        STRETCH_FACTS.check(crate::properties::BMP_CELLS, compute_stretch_facts);
    }
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

    /// `c` alone, after a letter, before and between marks of every order,
    /// after a decomposing letter, between spacing marks, and twice.
    fn contexts(c: char) -> [String; 9] {
        [
            format!("{c}"),
            format!("a{c}"),
            format!("{c}\u{0301}"),
            format!("a\u{0301}{c}"),
            format!("a\u{0301}{c}\u{0301}"),
            format!("e\u{0327}{c}\u{0301}\u{0316}"),
            format!("ǖ{c}\u{0308}"),
            format!("{c}\u{0344}\u{0323}{c}"),
            format!("\u{0903}{c}\u{0903}"),
        ]
    }

    /// No run of marks in NFD is longer than its stretch, for every BMP
    /// code point and every decomposing one beyond, in each of the
    /// contexts; and most stretches are the run.
    #[test]
    fn mark_stretches_hold_every_run_of_nfd() {
        use unicode_normalization::UnicodeNormalization;
        use unicode_normalization::char::is_combining_mark;
        let longest_run =
            |nfd: &[char], in_run: fn(char) -> bool| nfd.split(|&c| !in_run(c)).map(<[char]>::len).max().unwrap_or(0);
        let (mut checked, mut tight) = (0, 0);
        // Every BMP code point, and those beyond it that decompose (beyond
        // the BMP the facts are computed at each read, by the same rule).
        let decomposes = |c: &char| c.to_string().nfd().ne([*c]);
        let beyond: Vec<char> = (0x10000..=0x10FFFF).filter_map(char::from_u32).filter(decomposes).collect();
        assert!(beyond.len() > 500, "{} decomposing code points beyond the BMP", beyond.len());
        for c in (0..=0xFFFF).filter_map(char::from_u32).chain(beyond) {
            for text in contexts(c) {
                let nfd: Vec<char> = text.nfd().collect();
                let runs = (longest_run(&nfd, is_nonspacing_mark), longest_run(&nfd, is_combining_mark));
                let stretches = mark_stretches(&text);
                assert!(
                    stretches.0 >= runs.0 && stretches.1 >= runs.1,
                    "{text:?}: {stretches:?} {runs:?}"
                );
                checked += 1;
                tight += usize::from(stretches == runs);
            }
        }
        assert!(tight * 100 > checked * 99, "{tight} of {checked}");
        assert_eq!(mark_stretches("áéíóú"), (1, 1), "one mark a letter");
        assert_eq!(mark_stretches("ếa\u{0301}\u{0302}\u{0303}"), (3, 3));
        assert_eq!(mark_stretches("\u{1F82}"), (3, 3), "ᾂ: α and three nonspacing marks");
    }

    /// `nfd` equals the library's on every BMP code point alone, after a
    /// letter, between marks of every order and after a decomposing letter.
    #[test]
    fn nfd_equals_the_library() {
        use unicode_normalization::UnicodeNormalization;
        let mut reordered = 0;
        for c in (0..=0xFFFF).filter_map(char::from_u32) {
            for text in contexts(c) {
                let expected: Vec<char> = text.nfd().collect();
                assert_eq!(nfd(&text), expected, "{text:?}");
                let decomposed: Vec<char> = text.chars().flat_map(|c| c.to_string().nfd().collect::<Vec<_>>()).collect();
                reordered += usize::from(decomposed != expected);
            }
        }
        assert!(reordered > 1000, "the texts reach reordering: {reordered}");
    }
}
