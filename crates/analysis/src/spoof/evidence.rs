//! What the spoof check's own UTS #39 analysis (not a browser's rules)
//! finds in one label, computed once for the findings.

use super::confusables::{digit_lookalikes, is_digit_like, is_latin_lookalike, mixed_script_confusable, whole_script_confusable};
use super::patterns::{
    combining_mark_abuse, dotless_with_mark, invisible_kind, is_kana_voiced_mark, is_restricted, is_slash_or_dash_like,
    mixed_number_digits, slash_lookalikes,
};
use crate::browsers::chromium::uspoof::KnownChecks;
use crate::chars;
use crate::chars::scripts::ResolvedSets;
use crate::properties::generated::{Generated, generated};
use unicode_script::Script;
use unicode_security::RestrictionLevel;

/// What the checks found in one label.
#[derive(Default)]
pub(crate) struct LabelEvidence {
    pub mixed_numbers: Vec<char>,
    pub marks: Vec<char>,
    pub dotless: Vec<char>,
    pub slashes: Vec<char>,
    pub middle_dot_out_of_context: bool,
    pub whole_script: Option<(Script, Vec<char>)>,
    pub mixed_confusable: Option<(String, Vec<char>)>,
    pub digits: Option<Vec<char>>,
    /// ICU's checks that are these rules too, for Chromium's check of the same label.
    pub icu: KnownChecks,
    /// Which checks a character of the label can set off.
    pub gate: Gate,
}

/// The characters of a label, read once, as the checks that start from one
/// character see them: each bit is a predicate a check asks of every
/// character (the check's own function), so a check whose bit no character
/// has would find nothing, and its pass is saved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Gate(u16);

impl Gate {
    /// A character whose canonical decomposition holds a mark (the mark checks read NFD).
    pub const MARKS: u16 = 1;
    /// A decimal digit outside ASCII: without one, digits are of one system.
    pub const OTHER_DIGIT: u16 = 2;
    /// U+3099 or U+309A ([`is_kana_voiced_mark`]).
    pub const KANA_MARK: u16 = 4;
    /// [`is_slash_or_dash_like`].
    pub const SLASH_OR_DASH: u16 = 8;
    /// Neither an ASCII digit nor a digit lookalike ([`is_digit_like`]).
    pub const NOT_DIGIT_LIKE: u16 = 16;
    /// [`is_restricted`]: the restricted-character finding.
    pub const RESTRICTED: u16 = 32;
    /// A letter of a script (not Common, Inherited or Unknown) that is no
    /// Latin lookalike ([`is_latin_lookalike`]): with one, the label has a
    /// second script or a letter that gives it away, and is no whole-script
    /// confusable.
    pub const NOT_LOOKALIKE_LETTER: u16 = 64;
    /// An invisible character ([`invisible_kind`]).
    pub const INVISIBLE: u16 = 128;
    /// A character that may give the text a right-to-left level
    /// ([`crate::display::may_reorder`]).
    pub const MAY_REORDER: u16 = 256;

    /// The bits of the characters of `label`, together.
    #[cfg(test)]
    pub fn of(label: &str) -> Gate {
        Gate::of_chars(label.chars())
    }

    /// The bits of `chars`, together.
    #[inline]
    pub fn of_chars(chars: impl IntoIterator<Item = char>) -> Gate {
        Gate(chars.into_iter().fold(0, |bits, c| bits | char_bits(c)))
    }

    /// True when some character has `bit`.
    pub fn has(self, bit: u16) -> bool {
        self.0 & bit != 0
    }

    /// The bits of two texts together.
    pub fn union(self, other: Gate) -> Gate {
        Gate(self.0 | other.0)
    }
}

/// The [`Gate`] bits of `c`: from its generated table (planes 0 to 3).
fn char_bits(c: char) -> u16 {
    CHAR_BITS.get(c, compute_char_bits)
}

/// [`char_bits`] of planes 0 to 3, made from [`compute_char_bits`].
static CHAR_BITS: Generated<u16> = generated!("evidence_char_bits");

/// The [`Gate`] bits of `c`, from the rules.
fn compute_char_bits(c: char) -> u16 {
    let bits = [
        (chars::nfd::decomposition_has_marks(c), Gate::MARKS),
        (!c.is_ascii() && chars::digits::digit_zero(c).is_some(), Gate::OTHER_DIGIT),
        (is_kana_voiced_mark(c), Gate::KANA_MARK),
        (is_slash_or_dash_like(c), Gate::SLASH_OR_DASH),
        (!is_digit_like(c), Gate::NOT_DIGIT_LIKE),
        (is_restricted(c), Gate::RESTRICTED),
        (
            !matches!(
                chars::scripts::script(c),
                Script::Common | Script::Inherited | Script::Unknown
            ) && !is_latin_lookalike(c),
            Gate::NOT_LOOKALIKE_LETTER,
        ),
        (invisible_kind(c).is_some(), Gate::INVISIBLE),
        (crate::display::may_reorder(c), Gate::MAY_REORDER),
    ];
    bits.iter().filter(|(holds, _)| *holds).fold(0, |all, (_, bit)| all | bit)
}

impl LabelEvidence {
    /// The facts of `label`, whose restriction level is `level` and whose
    /// resolved script sets are `sets` when they were made; an ASCII
    /// label has none (it shows as itself).
    #[cfg(test)]
    pub fn of(label: &str, level: RestrictionLevel, sets: Option<ResolvedSets>) -> Self {
        crate::decoded::with_code_points::<char, 64, _>(label, |chars| LabelEvidence::of_chars(label, chars, level, sets))
    }

    /// [`LabelEvidence::of`] `label`, whose characters are `chars`.
    pub fn of_chars(label: &str, chars: &[char], level: RestrictionLevel, sets: Option<ResolvedSets>) -> Self {
        if crate::scan::is_ascii(label) {
            return LabelEvidence::default();
        }
        let gate = Gate::of_chars(chars.iter().copied());
        // Both mark checks read the NFD form: it is made once.
        let nfd = match gate.has(Gate::MARKS) {
            true => nfd_for_mark_checks(label),
            false => Vec::new(),
        };
        let mixed_numbers = match gate.has(Gate::OTHER_DIGIT) {
            true => mixed_number_digits(label),
            false => Vec::new(),
        };
        // The two restriction levels meet here, each its upstream's rule over
        // the same resolved sets: `level` is unicode-security's
        // `detect_restriction_level` (our findings), and ICU's
        // `getRestrictionLevel` (Chromium's check) differs from it in one
        // place only: ICU rates Moderately Restrictive any set without Latin
        // that lacks Cyrillic, Greek and Cherokee, where unicode-security asks
        // for exactly one Recommended script other than Cyrillic and Greek
        // (`tests::the_two_restriction_levels_differ_only_where_their_upstreams_do`).
        let icu = KnownChecks {
            mixed_numbers: !mixed_numbers.is_empty(),
            invisible: chars::nfd::repeated_nonspacing_marks(&nfd).next().is_some(),
            level_of_sets: sets.as_ref().map(crate::browsers::chromium::uspoof::level_of_sets),
        };
        let marks = match gate.has(Gate::KANA_MARK) || !nfd.is_empty() {
            true => combining_mark_abuse(label, &nfd),
            false => Vec::new(),
        };
        let slashes = match gate.has(Gate::SLASH_OR_DASH) {
            true => slash_lookalikes(label),
            false => Vec::new(),
        };
        LabelEvidence {
            icu,
            gate,
            mixed_numbers,
            marks,
            dotless: dotless_with_mark(&nfd),
            slashes,
            middle_dot_out_of_context: crate::uts46::contexto::middle_dot_out_of_context(label),
            whole_script: match gate.has(Gate::NOT_LOOKALIKE_LETTER) {
                true => None,
                false => whole_script_confusable(label),
            },
            mixed_confusable: mixed_script_confusable(label, super::scripts::is_single_script(label, level)),
            digits: match gate.has(Gate::NOT_DIGIT_LIKE) {
                true => None,
                false => digit_lookalikes(label),
            },
        }
    }
}

/// The NFD form of `label` as the mark checks read it: empty when it holds
/// no combining mark, where neither check finds anything (most labels).
fn nfd_for_mark_checks(label: &str) -> Vec<char> {
    // A repeat needs a run of two nonspacing marks, an overstacked run five
    // combining marks, and a drawn dot ı or ȷ, or U+0307 written as such (no
    // other decomposition puts it right after i, j or l). Most labels have
    // none: one mark a letter is the rule.
    let (nonspacing, combining) = chars::nfd::mark_stretches(label);
    let dotted = || label.chars().any(|c| matches!(c, '\u{0131}' | '\u{0237}' | '\u{0307}'));
    let needed = nonspacing >= 2 || combining >= 5 || combining >= 1 && dotted();
    match needed {
        true => chars::nfd::nfd(label),
        false => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::UnicodeNormalization;

    /// The generated table holds the rules' bits for planes 0 to 3.
    #[test]
    fn char_bits_table_is_current() {
        CHAR_BITS.check(crate::properties::PLANE_CELLS, compute_char_bits);
    }
    use unicode_normalization::char::is_combining_mark;

    /// The labels of the real-browser word list, then `contexts` of every
    /// BMP character from U+0080.
    fn words_and_every_bmp_character_in(contexts: impl Fn(char) -> Vec<String>) -> Vec<String> {
        let words = include_str!("../../../../tests/data/real_browsers/words.txt");
        let mut labels: Vec<String> = (words.lines())
            .filter(|l| !l.starts_with("# "))
            .flat_map(|l| l.split('.').map(str::to_string).collect::<Vec<_>>())
            .collect();
        labels.extend((0x80..0x10000).filter_map(char::from_u32).flat_map(contexts));
        labels
    }

    /// The ICU checks the analysis hands to Chromium are what Chromium's
    /// own calls answer, and its check given them answers as without them:
    /// on real words, and on every BMP character after a letter, doubled,
    /// between marks and next to digits of other systems.
    #[test]
    fn icu_checks_handed_on_equal_chromiums_own() {
        use crate::browsers::chromium::{spoof_checker::is_allowed, uspoof};
        let own = |label: &str| KnownChecks {
            mixed_numbers: chars::digits::mixed_numbers(label),
            invisible: chars::nfd::has_repeated_nonspacing_mark(label),
            level_of_sets: label
                .chars()
                .all(chars::identifier::uts39_identifier_allowed)
                .then(|| uspoof::level_of_sets(&ResolvedSets::of(label))),
        };
        let labels = words_and_every_bmp_character_in(|c| {
            vec![
                format!("a{c}"),
                format!("{c}{c}"),
                format!("e\u{0301}{c}\u{0301}"),
                format!("{c}1\u{0661}"),
                format!("\u{0915}{c}\u{094D}{c}"),
            ]
        });
        let (mut mixed, mut invisible, mut sets) = (0, 0, 0);
        let limit = uspoof::RestrictionLevel::HighlyRestrictive;
        for label in labels.iter().filter(|l| !l.is_ascii()) {
            let (level, label_sets) = crate::spoof::scripts::restriction_level_and_sets(label);
            let handed = LabelEvidence::of(label, level, label_sets).icu;
            assert_eq!(handed, own(label), "{label:?}");
            assert_eq!(
                uspoof::check_given(label, is_allowed, limit, Some(handed)),
                uspoof::check_given(label, is_allowed, limit, None),
                "{label:?}"
            );
            mixed += usize::from(handed.mixed_numbers);
            invisible += usize::from(handed.invisible);
            let single_script = uspoof::RestrictionLevel::SingleScriptRestrictive;
            sets += usize::from(handed.level_of_sets.is_some_and(|level| level != single_script));
        }
        assert!(
            mixed > 100 && invisible > 100 && sets > 1000,
            "the labels reach the checks: {mixed}, {invisible}, mixed scripts {sets}"
        );
    }

    /// unicode-security's restriction level (ours) and ICU's (Chromium's) on
    /// the same labels of allowed characters, on real words and every BMP
    /// character in five contexts: equal, but where ICU rates a set without
    /// Latin Moderately Restrictive and unicode-security Minimally, because
    /// it is not exactly one Recommended script (UTS #39 §5.2 as each
    /// implements it).
    #[test]
    fn the_two_restriction_levels_differ_only_where_their_upstreams_do() {
        use crate::browsers::chromium::uspoof::{self, RestrictionLevel as Icu};
        let labels = words_and_every_bmp_character_in(|c| {
            vec![
                format!("a{c}"),
                format!("{c}{c}"),
                format!("\u{0430}{c}"),
                format!("{c}\u{3042}"),
                format!("\u{0915}{c}"),
            ]
        });
        let (mut same, mut explained) = (0, 0);
        for label in labels.iter().filter(|l| !l.is_ascii()) {
            let (ours, sets) = crate::spoof::scripts::restriction_level_and_sets(label);
            let Some(sets) = sets else { continue };
            let icu = uspoof::level_of_sets(&sets);
            let as_icu = match ours {
                RestrictionLevel::SingleScript => Icu::SingleScriptRestrictive,
                RestrictionLevel::HighlyRestrictive => Icu::HighlyRestrictive,
                RestrictionLevel::ModeratelyRestrictive => Icu::ModeratelyRestrictive,
                RestrictionLevel::MinimallyRestrictive => Icu::MinimallyRestrictive,
                other => panic!("{label:?}: {other:?} for a label of allowed characters"),
            };
            if as_icu == icu {
                same += 1;
                continue;
            }
            let base = sets.without_latin.base;
            let one_recommended = base.len() == 1 && base.iter().next().is_some_and(|script| script.is_recommended());
            assert!(
                icu == Icu::ModeratelyRestrictive && ours == RestrictionLevel::MinimallyRestrictive && !one_recommended,
                "{label:?}: ICU {icu:?}, unicode-security {ours:?}, {base:?}"
            );
            explained += 1;
        }
        assert!(
            same > 100_000 && explained > 0,
            "{same} labels rated alike, {explained} apart"
        );
    }

    /// A check the gate skips would have found nothing, and the restricted
    /// bit is the restricted-character question itself: on real words and on
    /// every BMP character in seven contexts.
    #[test]
    fn the_gate_skips_only_checks_that_find_nothing() {
        let labels = words_and_every_bmp_character_in(|c| {
            vec![
                format!("a{c}b"),
                format!("{c}{c}"),
                format!("e\u{0301}{c}\u{0301}"),
                format!("{c}1\u{0661}"),
                format!("\u{0915}{c}\u{094D}{c}"),
                format!("1{c}"),
                format!("\u{0131}{c}"),
            ]
        });
        let mut skipped = [0usize; 9];
        let mut found = [0usize; 9];
        for label in labels.iter().filter(|l| !l.is_ascii()) {
            let gate = Gate::of(label);
            let nfd = nfd_for_mark_checks(label);
            let checks = [
                (Gate::MARKS, !gate.has(Gate::MARKS), !nfd.is_empty()),
                (
                    Gate::OTHER_DIGIT,
                    !gate.has(Gate::OTHER_DIGIT),
                    !mixed_number_digits(label).is_empty(),
                ),
                (
                    Gate::KANA_MARK,
                    !gate.has(Gate::KANA_MARK) && !gate.has(Gate::MARKS),
                    !combining_mark_abuse(label, &nfd).is_empty(),
                ),
                (
                    Gate::SLASH_OR_DASH,
                    !gate.has(Gate::SLASH_OR_DASH),
                    !slash_lookalikes(label).is_empty(),
                ),
                (
                    Gate::NOT_DIGIT_LIKE,
                    gate.has(Gate::NOT_DIGIT_LIKE),
                    digit_lookalikes(label).is_some(),
                ),
                (
                    Gate::RESTRICTED,
                    !gate.has(Gate::RESTRICTED),
                    label.chars().any(is_restricted),
                ),
                (
                    Gate::NOT_LOOKALIKE_LETTER,
                    gate.has(Gate::NOT_LOOKALIKE_LETTER),
                    whole_script_confusable(label).is_some(),
                ),
                (
                    Gate::INVISIBLE,
                    !gate.has(Gate::INVISIBLE),
                    label.chars().any(|c| invisible_kind(c).is_some()),
                ),
                (
                    Gate::MAY_REORDER,
                    !gate.has(Gate::MAY_REORDER),
                    crate::display::reorders(label),
                ),
            ];
            for (at, (bit, skips, finds)) in checks.into_iter().enumerate() {
                assert!(!(skips && finds), "bit {bit} skips a check that finds something in {label:?}");
                skipped[at] += usize::from(skips);
                found[at] += usize::from(finds);
            }
            assert_eq!(gate.has(Gate::RESTRICTED), label.chars().any(is_restricted), "{label:?}");
        }
        assert!(
            skipped.iter().all(|&n| n > 1000) && found.iter().all(|&n| n > 20),
            "each check is skipped and each finds: {skipped:?} {found:?}"
        );
    }

    /// Both mark checks find on the shortened NFD what they find on NFD,
    /// for every BMP character alone, after a dotless ı, after i with a
    /// dot above, and in a run of marks.
    #[test]
    fn mark_checks_find_the_same_without_nfd() {
        let mut found = 0;
        for c in (0x80..0x10000).filter_map(char::from_u32) {
            for label in [
                format!("{c}"),
                format!("\u{0131}{c}"),
                format!("i{c}\u{0307}"),
                format!("l{c}"),
                format!("j\u{0301}{c}"),
                format!("{c}\u{0301}é"),
                format!("a\u{0300}\u{0301}\u{0302}\u{0303}{c}"),
            ] {
                let nfd: Vec<char> = label.nfd().collect();
                let short = nfd_for_mark_checks(&label);
                let marks = combining_mark_abuse(&label, &nfd);
                let dotless = dotless_with_mark(&nfd);
                assert_eq!(combining_mark_abuse(&label, &short), marks, "{label:?}");
                assert_eq!(dotless_with_mark(&short), dotless, "{label:?}");
                found += usize::from(!marks.is_empty() || !dotless.is_empty());
            }
        }
        assert!(found > 1000, "the labels reach findings: {found}");
        // Only U+0307 itself puts U+0307 right after a letter before it: every
        // other decomposition holding it starts with its own letter.
        for c in (0..=0x10FFFF).filter_map(char::from_u32).filter(|&c| c != '\u{0307}') {
            let parts: Vec<char> = c.to_string().nfd().collect();
            let after_a_letter = parts.first().is_some_and(|&first| is_combining_mark(first));
            assert!(!(after_a_letter && parts.contains(&'\u{0307}')), "{c:?}");
        }
    }
}
