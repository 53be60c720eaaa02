//! Character-level checks of UTS #39 §5.3–§5.4: invisible characters,
//! combining-mark abuse, dotless i/j with marks, mixed numbering systems,
//! and kana/CJK characters that pass for `/` or `-`. (The middle dot's
//! rule, RFC 5892 A.3, is `uts46::contexto`'s.)

use crate::browsers::firefox::CJK_SLASH_CONFUSABLES;
use crate::chars;
use crate::chars::digits::{digit_zero, mixed_numbers};
use crate::chars::nfd::repeated_nonspacing_marks;
use crate::properties;
use crate::table::{MappingTable, Status};
use unicode_script::Script;

pub const ZWNJ: char = '\u{200C}';
pub const ZWJ: char = '\u{200D}';
pub(crate) const SOFT_HYPHEN: char = '\u{00AD}';

/// What kind of invisible character `c` is, or `None` for a visible one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invisible {
    /// Bidi_Control (PropList.txt): ALM, LRM, RLM, LRE…RLO, LRI…PDI — they reorder what is shown.
    BidiControl,
    /// ZERO WIDTH NON-JOINER or ZERO WIDTH JOINER.
    Joiner,
    /// Any other Default_Ignorable_Code_Point (soft hyphen, ZWSP, variation selectors, …).
    Ignorable,
}

/// Classifies `c` (Bidi_Control from PropList.txt; Default_Ignorable via
/// UTS #39 Identifier_Type=Default_Ignorable).
#[inline]
pub fn invisible_kind(c: char) -> Option<Invisible> {
    match c {
        // No ASCII character is invisible in this sense (`no_ascii_character_is_invisible`).
        _ if c.is_ascii() => None,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => Some(Invisible::BidiControl),
        ZWNJ | ZWJ => Some(Invisible::Joiner),
        SOFT_HYPHEN => Some(Invisible::Ignorable),
        _ if chars::identifier::is_default_ignorable(c) => Some(Invisible::Ignorable),
        _ => None,
    }
}

/// What the UTS #46 mapping does with an invisible character, in words.
pub(crate) fn mapping_fate(table: &MappingTable, c: char) -> &'static str {
    match table.status(c) {
        Status::Ignored => "the mapping removes it (status ignored), so the resulting name does not contain it",
        Status::Deviation => "nontransitional processing keeps it and transitional processing removes it (status deviation)",
        Status::Disallowed => "it is disallowed, so the name is invalid (error P1)",
        Status::Mapped => "the mapping replaces it",
        Status::Valid => "it stays in the name (status valid)",
    }
}

/// The combining-mark abuse in `label`, whose NFD form is `nfd`: the
/// nonspacing marks a run repeats (UTS #39 §5.4,
/// `chars::nfd::repeated_nonspacing_marks`), the marks of a run of
/// more than four (`overstacked_marks`), and the combining kana voiced
/// sound marks U+3099/U+309A as written in `label` (after NFC they remain
/// only where no precomposed kana exists, e.g. on a Latin letter).
pub(crate) fn combining_mark_abuse(label: &str, nfd: &[char]) -> Vec<char> {
    // The kana marks are looked for as written: NFD splits ヴ into ウ + U+3099, which is fine.
    let mut found: Vec<char> = label.chars().filter(|&c| is_kana_voiced_mark(c)).collect();
    found.extend(repeated_nonspacing_marks(nfd));
    found.extend(overstacked_marks(nfd));
    found
}

/// The combining kana voiced sound marks U+3099 and U+309A.
pub(crate) fn is_kana_voiced_mark(c: char) -> bool {
    matches!(c, '\u{3099}' | '\u{309A}')
}

/// Every mark of a run of more than four combining marks (General_Category
/// M) in `nfd`: UTS #39 §5.4's second check, "more than 4 nonspacing marks".
pub(crate) fn overstacked_marks(nfd: &[char]) -> Vec<char> {
    nfd.split(|&c| !properties::is_mark(c))
        .filter(|run| run.len() > 4)
        .flatten()
        .copied()
        .collect()
}

/// Dotless ı/ȷ carrying a combining mark (which can draw a new dot: `ı̇` looks
/// like `i`), or i/j/l with U+0307 COMBINING DOT ABOVE, in `nfd`, the NFD
/// form of a label. Returns the base characters and marks involved.
pub(crate) fn dotless_with_mark(nfd: &[char]) -> Vec<char> {
    let mut found = Vec::new();
    let mut previous = None;
    for &mark in nfd {
        let Some(base) = previous.replace(mark) else { continue };
        let dotless = matches!(base, '\u{0131}' | '\u{0237}') && properties::is_mark(mark);
        let extra_dot = matches!(base, 'i' | 'j' | 'l') && mark == '\u{0307}';
        if dotless || extra_dot {
            found.extend([base, mark]);
        }
    }
    found
}

/// The decimal digits of `label` when they come from more than one
/// numbering system (UTS #39 §5.3, `chars::digits::mixed_numbers`),
/// e.g. `1` with Bengali `২`; empty otherwise.
pub(crate) fn mixed_number_digits(label: &str) -> Vec<char> {
    if !mixed_numbers(label) {
        return Vec::new();
    }
    label.chars().filter(|&c| digit_zero(c).is_some()).collect()
}

/// Characters shaped like a hyphen or a stroke: 一 ー ㄧ 丨 乛 (CJK ONE, prolonged sound mark, Bopomofo I, …).
const DASH_LIKE: [char; 5] = ['\u{4E00}', '\u{30FC}', '\u{3127}', '\u{4E28}', '\u{4E5B}'];

/// Katakana and CJK characters shaped like a slash (Firefox's list, which
/// Chromium's dangerous pattern shares).
fn slash_like(c: char) -> bool {
    CJK_SLASH_CONFUSABLES.contains(&(c as u32))
}

/// A character [`slash_lookalikes`] may flag: slash-like or dash-like.
pub(crate) fn is_slash_or_dash_like(c: char) -> bool {
    slash_like(c) || DASH_LIKE.contains(&c)
}

/// A character that is neither invisible ([`invisible_kind`]) nor allowed
/// in identifiers (UTS #39 Identifier_Status=Restricted): the
/// restricted-character finding.
pub(crate) fn is_restricted(c: char) -> bool {
    invisible_kind(c).is_none() && !chars::identifier::uts39_identifier_allowed(c)
}

/// True for characters of Japanese text (Script_Extensions Hiragana, Katakana or Han).
fn is_japanese(c: char) -> bool {
    let ext = chars::scripts::script_extension(c);
    !ext.is_common()
        && !ext.is_inherited()
        && [Script::Hiragana, Script::Katakana, Script::Han]
            .iter()
            .any(|&s| ext.contains_script(s))
}

/// True for characters of Chinese, Japanese or Korean text (adds Bopomofo and Hangul).
fn is_cjk(c: char) -> bool {
    let ext = chars::scripts::script_extension(c);
    is_japanese(c)
        || !ext.is_common()
            && !ext.is_inherited()
            && (ext.contains_script(Script::Bopomofo) || ext.contains_script(Script::Hangul))
}

/// Slash-like kana/CJK characters with non-Japanese text on both sides, and
/// dash-like ones next to non-CJK text: in `example.comノlogin` the `ノ` passes
/// for a `/` that is not there.
pub(crate) fn slash_lookalikes(label: &str) -> Vec<char> {
    if !label.contains(is_slash_or_dash_like) {
        return Vec::new();
    }
    let chars: Vec<char> = label.chars().collect();
    let mut found = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let foreign = |neighbour: Option<char>, japanese: fn(char) -> bool| neighbour.is_some_and(|n| !japanese(n));
        let slash = slash_like(c) && foreign(before, is_japanese) && foreign(after, is_japanese);
        let dash = DASH_LIKE.contains(&c) && (foreign(before, is_cjk) || foreign(after, is_cjk));
        if slash || dash {
            found.push(c);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::char::is_combining_mark;

    /// `invisible_kind` answers ASCII without a look-up on this fact.
    #[test]
    fn no_ascii_character_is_invisible() {
        for c in (0..0x80u8).map(char::from) {
            assert!(!chars::identifier::is_default_ignorable(c), "{c:?}");
            assert!(
                !matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | ZWNJ | ZWJ | SOFT_HYPHEN),
                "{c:?}"
            );
        }
    }

    /// UTS #39 §5.4 as stated, a run of marks at a time: a nonspacing mark
    /// its run of nonspacing marks held before, and every mark of a run of
    /// more than four combining marks.
    fn marks_by_runs(nfd: &[char]) -> Vec<char> {
        let mut found = Vec::new();
        for run in nfd.split(|&c| !chars::general::is_nonspacing_mark(c)) {
            found.extend(run.iter().enumerate().filter(|&(i, c)| run[..i].contains(c)).map(|(_, &c)| c));
        }
        for run in nfd.split(|&c| !is_combining_mark(c)) {
            if run.len() > 4 {
                found.extend(run);
            }
        }
        found.sort();
        found
    }

    /// Every sequence of up to seven characters over letters, three
    /// nonspacing marks and a spacing mark finds the marks the runs say (as
    /// a multiset).
    #[test]
    fn combining_mark_abuse_finds_repeats_and_long_runs() {
        const ALPHABET: [char; 6] = ['a', '\u{0301}', '\u{0300}', 'ı', '\u{0316}', '\u{0903}'];
        let mut checked = 0;
        for length in 0..=7u32 {
            for mut code in 0..ALPHABET.len().pow(length) {
                let mut nfd = Vec::new();
                for _ in 0..length {
                    nfd.push(ALPHABET[code % ALPHABET.len()]);
                    code /= ALPHABET.len();
                }
                let label: String = nfd.iter().collect();
                let mut found = combining_mark_abuse(&label, &nfd);
                found.sort();
                assert_eq!(found, marks_by_runs(&nfd), "{label:?}");
                checked += usize::from(!found.is_empty());
            }
        }
        assert!(checked > 10_000, "{checked}");
        assert_eq!(
            combining_mark_abuse("\u{30A6}\u{3099}", &['\u{30A6}', '\u{3099}']),
            ['\u{3099}']
        );
    }

    /// The spoof finding and Chromium's `USPOOF_INVISIBLE` share UTS #39
    /// §5.4's definition: a repeat need not be adjacent.
    #[test]
    fn the_spoof_finding_and_icu_agree_on_repeated_marks() {
        use crate::browsers::chromium::uspoof::{RestrictionLevel, check};
        for (label, repeated) in [
            ("a\u{0301}\u{0302}\u{0301}", true),
            ("a\u{0301}\u{0301}", true),
            ("\u{00E9}\u{0301}", true),
            ("a\u{0301}b\u{0301}", false),
            ("a\u{0903}\u{0903}", false),
        ] {
            let nfd = chars::nfd::nfd(label);
            assert_eq!(!combining_mark_abuse(label, &nfd).is_empty(), repeated, "{label:?}");
            assert_eq!(
                check(label, |_| true, RestrictionLevel::Unrestrictive).invisible,
                repeated,
                "{label:?}"
            );
        }
        assert_eq!(
            combining_mark_abuse("a\u{0301}\u{0302}\u{0301}", &chars::nfd::nfd("a\u{0301}\u{0302}\u{0301}")),
            ['\u{0301}']
        );
    }
}
