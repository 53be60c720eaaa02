//! ICU's spoof checker (`uspoof_check2` on one string, ICU ≥ 62 as
//! Chromium configures it): restriction level, mixed numbers, hidden
//! overlay, the allowed-character limit and invisible repeated marks —
//! `icu4c/source/i18n/uspoof.cpp` `checkImpl` and `uspoof_impl.cpp`. The
//! confusable checks are no-ops in ICU's single-string API and are not here.

use crate::chars::scripts::ResolvedSets;
use crate::chars::{digits::mixed_numbers, general::is_soft_dotted, nfd::has_repeated_nonspacing_mark};
use unicode_normalization::char::canonical_combining_class;
use unicode_script::Script;

/// `URestrictionLevel`, least to most permissive (UTS #39 §5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RestrictionLevel {
    /// `USPOOF_ASCII`.
    Ascii,
    /// `USPOOF_SINGLE_SCRIPT_RESTRICTIVE`.
    SingleScriptRestrictive,
    /// `USPOOF_HIGHLY_RESTRICTIVE`.
    HighlyRestrictive,
    /// `USPOOF_MODERATELY_RESTRICTIVE`.
    ModeratelyRestrictive,
    /// `USPOOF_MINIMALLY_RESTRICTIVE`.
    MinimallyRestrictive,
    /// `USPOOF_UNRESTRICTIVE`.
    Unrestrictive,
}

impl RestrictionLevel {
    /// ICU's constant name.
    pub fn name(self) -> &'static str {
        match self {
            RestrictionLevel::Ascii => "USPOOF_ASCII",
            RestrictionLevel::SingleScriptRestrictive => "USPOOF_SINGLE_SCRIPT_RESTRICTIVE",
            RestrictionLevel::HighlyRestrictive => "USPOOF_HIGHLY_RESTRICTIVE",
            RestrictionLevel::ModeratelyRestrictive => "USPOOF_MODERATELY_RESTRICTIVE",
            RestrictionLevel::MinimallyRestrictive => "USPOOF_MINIMALLY_RESTRICTIVE",
            RestrictionLevel::Unrestrictive => "USPOOF_UNRESTRICTIVE",
        }
    }
}

/// The result bits of one check, and the restriction level (`USPOOF_AUX_INFO`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckResult {
    /// `USPOOF_RESTRICTION_LEVEL`: the level is above the checker's.
    pub restriction_level: bool,
    /// `USPOOF_MIXED_NUMBERS`: decimal digits of two numbering systems.
    pub mixed_numbers: bool,
    /// `USPOOF_HIDDEN_OVERLAY`: U+0307 over a letter that already has a dot.
    pub hidden_overlay: bool,
    /// `USPOOF_CHAR_LIMIT`: a character outside the allowed set.
    pub char_limit: bool,
    /// `USPOOF_INVISIBLE`: the same non-spacing mark twice in one run of marks.
    pub invisible: bool,
    /// The level found (`result & USPOOF_RESTRICTION_LEVEL_MASK`).
    pub level: Option<RestrictionLevel>,
}

impl CheckResult {
    /// `result & USPOOF_ALL_CHECKS` is non-zero.
    pub fn failed(&self) -> bool {
        self.restriction_level || self.mixed_numbers || self.hidden_overlay || self.char_limit || self.invisible
    }

    /// The names of the bits set, e.g. `["USPOOF_RESTRICTION_LEVEL"]`.
    pub fn names(&self) -> Vec<&'static str> {
        [
            (self.restriction_level, "USPOOF_RESTRICTION_LEVEL"),
            (self.invisible, "USPOOF_INVISIBLE"),
            (self.char_limit, "USPOOF_CHAR_LIMIT"),
            (self.mixed_numbers, "USPOOF_MIXED_NUMBERS"),
            (self.hidden_overlay, "USPOOF_HIDDEN_OVERLAY"),
        ]
        .into_iter()
        .filter_map(|(set, name)| set.then_some(name))
        .collect()
    }
}

/// `checkImpl` with every check on (Chromium keeps `USPOOF_ALL_CHECKS`),
/// the restriction level `limit`, and the allowed set `allowed`.
#[cfg(test)]
pub fn check(input: &str, allowed: impl Fn(char) -> bool, limit: RestrictionLevel) -> CheckResult {
    check_given(input, allowed, limit, None)
}

/// Two of ICU's checks that are rules of the library's own
/// (`chars::digits::mixed_numbers`, `chars::nfd::has_repeated_nonspacing_mark`),
/// as the spoof check's analysis of the same label found them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct KnownChecks {
    /// `USPOOF_MIXED_NUMBERS`.
    pub mixed_numbers: bool,
    /// `USPOOF_INVISIBLE`.
    pub invisible: bool,
    /// The restriction level the label's resolved script sets give
    /// ([`level_of_sets`]), when the analysis made them: 1 byte where
    /// the sets are 80, and the stage keeps this for every label.
    pub level_of_sets: Option<RestrictionLevel>,
}

/// `checkImpl` with every check on, as `check` (in tests) runs it, taking
/// the checks `known` answers from it.
pub(crate) fn check_given(
    input: &str,
    allowed: impl Fn(char) -> bool,
    limit: RestrictionLevel,
    known: Option<KnownChecks>,
) -> CheckResult {
    let level = restriction_level_given(input, &allowed, known.and_then(|known| known.level_of_sets));
    CheckResult {
        restriction_level: level > limit,
        // `getNumerics`.
        mixed_numbers: known.map_or_else(|| mixed_numbers(input), |known| known.mixed_numbers),
        hidden_overlay: hidden_overlay(input),
        // The level is Unrestrictive exactly when a character is outside the allowed set.
        char_limit: level == RestrictionLevel::Unrestrictive,
        // The same nonspacing mark twice in one run of them (UTS #39 §5.4).
        invisible: known.map_or_else(|| has_repeated_nonspacing_mark(input), |known| known.invisible),
        level: Some(level),
    }
}

/// `getRestrictionLevel` (UTS #39 §5.2 as ICU implements it).
#[cfg(test)]
pub fn restriction_level(input: &str, allowed: impl Fn(char) -> bool) -> RestrictionLevel {
    restriction_level_given(input, allowed, None)
}

/// `getRestrictionLevel` (UTS #39 §5.2 as ICU implements it), taking the
/// level `input`'s resolved script sets give ([`level_of_sets`]) when known.
fn restriction_level_given(
    input: &str,
    allowed: impl Fn(char) -> bool,
    known_level_of_sets: Option<RestrictionLevel>,
) -> RestrictionLevel {
    if !input.chars().all(allowed) {
        return RestrictionLevel::Unrestrictive;
    }
    if input.is_ascii() {
        return RestrictionLevel::Ascii;
    }
    known_level_of_sets.unwrap_or_else(|| level_of_sets(&ResolvedSets::of(input)))
}

/// The rest of `getRestrictionLevel`, for a label whose characters are all
/// allowed and not all ASCII: the level its resolved script `sets` give.
/// unicode-security's level of the same sets
/// ([`crate::spoof::scripts::restriction_level`]) differs only in
/// Moderately Restrictive, as `spoof/evidence.rs` states where the two meet.
pub(crate) fn level_of_sets(sets: &ResolvedSets) -> RestrictionLevel {
    if !sets.all.is_empty() {
        return RestrictionLevel::SingleScriptRestrictive;
    }
    let without_latin = sets.without_latin;
    if without_latin.hanb || without_latin.jpan || without_latin.kore {
        return RestrictionLevel::HighlyRestrictive;
    }
    let has = |script| without_latin.base.contains_script(script);
    if !without_latin.is_empty() && !has(Script::Cyrillic) && !has(Script::Greek) && !has(Script::Cherokee) {
        return RestrictionLevel::ModeratelyRestrictive;
    }
    RestrictionLevel::MinimallyRestrictive
}

/// `findHiddenOverlay` on the input as it is (not NFD): U+0307 after a
/// dotted lead with only marks of a combining class other than 0 and 230
/// between them.
pub(crate) fn hidden_overlay(input: &str) -> bool {
    // Only a U+0307 can be flagged; most labels have none (and the lead test looks up skeletons).
    if !crate::scan::has_char(input, '\u{0307}') {
        return false;
    }
    let mut saw_lead = false;
    for c in input.chars() {
        if saw_lead && c == '\u{0307}' {
            return true;
        }
        let class = canonical_combining_class(c);
        if class == 0 || class == 230 {
            saw_lead = is_illegal_combining_dot_lead(c);
        }
    }
    false
}

/// `isIllegalCombiningDotLeadCharacter`: i, j, ı, ȷ, l or Soft_Dotted, or
/// a character whose confusable prototype ends in one.
fn is_illegal_combining_dot_lead(c: char) -> bool {
    let no_lookup = |c: char| matches!(c, 'i' | 'j' | '\u{0131}' | '\u{0237}' | 'l') || is_soft_dotted(c);
    if no_lookup(c) {
        return true;
    }
    let prototype = unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).last();
    prototype.is_some_and(|last| last != c && no_lookup(last))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn any(_: char) -> bool {
        true
    }

    /// What ICU 72 (Debian's libicu-dev) reports for these strings with
    /// `uspoof_open`'s defaults plus `USPOOF_AUX_INFO`, as a small C++ probe printed it.
    #[test]
    fn levels_and_bits_as_icu_reports_them() {
        let level = |s: &str| restriction_level(s, any);
        assert_eq!(level("abc"), RestrictionLevel::Ascii);
        assert_eq!(level(""), RestrictionLevel::Ascii);
        assert_eq!(level("p\u{0430}ypal"), RestrictionLevel::MinimallyRestrictive);
        assert_eq!(level("a\u{03B1}"), RestrictionLevel::MinimallyRestrictive);
        assert_eq!(level("a\u{13A0}"), RestrictionLevel::MinimallyRestrictive);
        assert_eq!(level("a\u{05D0}"), RestrictionLevel::ModeratelyRestrictive);
        assert_eq!(level("a\u{3042}"), RestrictionLevel::HighlyRestrictive);
        assert_eq!(level("\u{3042}\u{4E00}"), RestrictionLevel::SingleScriptRestrictive);
        assert_eq!(level("\u{3001}\u{3002}"), RestrictionLevel::SingleScriptRestrictive);
        assert_eq!(level("\u{4E00}\u{AC00}\u{3042}"), RestrictionLevel::MinimallyRestrictive);
        assert_eq!(level("abc\u{00E9}"), RestrictionLevel::SingleScriptRestrictive);
        assert_eq!(restriction_level("ab", |c| c != 'b'), RestrictionLevel::Unrestrictive);

        for lead in ["1", "I", "\u{0131}", "\u{0406}", "i\u{0323}"] {
            assert!(hidden_overlay(&format!("{lead}\u{0307}")), "{lead}");
        }
        assert!(!hidden_overlay("i\u{0301}\u{0307}"), "a class-230 mark resets the lead");
        assert!(!hidden_overlay("a\u{0307}"));

        assert!(check("a\u{0301}\u{0301}", any, RestrictionLevel::HighlyRestrictive).invisible);
        assert!(check("a\u{0301}\u{0302}\u{0301}", any, RestrictionLevel::HighlyRestrictive).invisible);
        assert!(!check("a\u{0301}b\u{0301}", any, RestrictionLevel::HighlyRestrictive).invisible);

        assert!(mixed_numbers("\u{0660}1"));
        assert!(mixed_numbers("\u{0660}\u{06F0}"));
        assert!(!mixed_numbers("\u{0661}\u{0662}"));
        assert!(!mixed_numbers("\u{00B2}1"), "superscripts are not Nd");
    }

    /// `USPOOF_CHAR_LIMIT` fires for a character outside the allowed set
    /// (which also makes the level Unrestrictive), and not otherwise.
    #[test]
    fn char_limit_fires_outside_the_allowed_set() {
        let outside = check("ab", |c| c != 'b', RestrictionLevel::HighlyRestrictive);
        assert!(outside.char_limit && outside.restriction_level);
        assert_eq!(outside.level, Some(RestrictionLevel::Unrestrictive));
        let inside = check("ab", any, RestrictionLevel::HighlyRestrictive);
        assert!(!inside.char_limit && !inside.failed());
        let mixed = check("p\u{0430}ypal", any, RestrictionLevel::HighlyRestrictive);
        assert!(
            !mixed.char_limit && mixed.restriction_level,
            "a mix of allowed scripts is a level failure only"
        );
    }
}
