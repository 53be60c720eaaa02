//! What the spoof check's own UTS #39 analysis (not a browser's rules)
//! finds in one label, computed once for the findings.

use super::confusables::{digit_lookalikes, mixed_script_confusable, whole_script_confusable};
use super::patterns::{combining_mark_abuse, dotless_with_mark, mixed_number_digits, slash_lookalikes};
use crate::browsers::chromium::uspoof::KnownChecks;
use crate::properties;
use crate::properties::scripts::ResolvedSets;
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
}

impl LabelEvidence {
    /// The facts of `label`, whose restriction level is `level` and whose
    /// resolved script sets are `sets` when they were made; an ASCII
    /// label has none (it shows as itself).
    pub fn of(label: &str, level: RestrictionLevel, sets: Option<ResolvedSets>) -> Self {
        if label.is_ascii() {
            return LabelEvidence::default();
        }
        // Both mark checks read the NFD form: it is made once.
        let nfd = nfd_for_mark_checks(label);
        let mixed_numbers = mixed_number_digits(label);
        let icu = KnownChecks {
            mixed_numbers: !mixed_numbers.is_empty(),
            invisible: properties::nfd::repeated_nonspacing_marks(&nfd).next().is_some(),
            sets,
        };
        LabelEvidence {
            icu,
            mixed_numbers,
            marks: combining_mark_abuse(label, &nfd),
            dotless: dotless_with_mark(&nfd),
            slashes: slash_lookalikes(label),
            middle_dot_out_of_context: crate::uts46::contexto::middle_dot_out_of_context(label),
            whole_script: whole_script_confusable(label),
            mixed_confusable: mixed_script_confusable(label, super::scripts::is_single_script(label, level)),
            digits: digit_lookalikes(label),
        }
    }
}

/// The NFD form of `label` as the mark checks read it: empty when it holds
/// no combining mark, where neither check finds anything (most labels).
fn nfd_for_mark_checks(label: &str) -> Vec<char> {
    // A repeat needs two nonspacing marks, an overstacked run five combining
    // marks, and a drawn dot ı or ȷ, or U+0307 written as such (no other
    // decomposition puts it right after i, j or l). Most labels have none.
    let (nonspacing, combining) = properties::nfd::both_marks_in_nfd(label);
    let dotted = || label.chars().any(|c| matches!(c, '\u{0131}' | '\u{0237}' | '\u{0307}'));
    let needed = nonspacing >= 2 || combining >= 5 || combining >= 1 && dotted();
    match needed {
        true => properties::nfd::nfd(label),
        false => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::UnicodeNormalization;
    use unicode_normalization::char::is_combining_mark;

    /// The ICU checks the analysis hands to Chromium are what Chromium's
    /// own calls answer, and its check given them answers as without them:
    /// on real words, and on every BMP character after a letter, doubled,
    /// between marks and next to digits of other systems.
    #[test]
    fn icu_checks_handed_on_equal_chromiums_own() {
        use crate::browsers::chromium::{spoof_checker::is_allowed, uspoof};
        let own = |label: &str| KnownChecks {
            mixed_numbers: properties::digits::mixed_numbers(label),
            invisible: properties::nfd::has_repeated_nonspacing_mark(label),
            sets: label
                .chars()
                .all(properties::identifier::uts39_identifier_allowed)
                .then(|| ResolvedSets::of(label)),
        };
        let words = include_str!("../../tests/data/real_browsers/words.txt");
        let mut labels: Vec<String> = (words.lines())
            .filter(|l| !l.starts_with("# "))
            .flat_map(|l| l.split('.').map(str::to_string).collect::<Vec<_>>())
            .collect();
        for c in (0x80..0x10000).filter_map(char::from_u32) {
            labels.extend([
                format!("a{c}"),
                format!("{c}{c}"),
                format!("e\u{0301}{c}\u{0301}"),
                format!("{c}1\u{0661}"),
                format!("\u{0915}{c}\u{094D}{c}"),
            ]);
        }
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
            sets += usize::from(handed.sets.is_some_and(|s| s.all.is_empty()));
        }
        assert!(
            mixed > 100 && invisible > 100 && sets > 1000,
            "the labels reach the checks: {mixed}, {invisible}, mixed scripts {sets}"
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
