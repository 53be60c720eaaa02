//! What the spoof check's own UTS #39 analysis (not a browser's rules)
//! finds in one label, computed once for the findings.

use super::confusables::{digit_lookalikes, mixed_script_confusable, whole_script_confusable};
use super::patterns::{combining_mark_abuse, dotless_with_mark, mixed_number_digits, slash_lookalikes};
use crate::properties;
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
}

impl LabelEvidence {
    /// The facts of `label`, whose restriction level is `level`; an ASCII
    /// label has none (it shows as itself).
    pub fn of(label: &str, level: RestrictionLevel) -> Self {
        if label.is_ascii() {
            return LabelEvidence::default();
        }
        // Both mark checks read the NFD form: it is made once.
        let nfd = nfd_for_mark_checks(label);
        LabelEvidence {
            mixed_numbers: mixed_number_digits(label),
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
    if properties::nfd::marks_in_nfd(label, properties::nfd::Marks::Combining, 1) == 0 {
        return Vec::new();
    }
    properties::nfd::nfd(label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_normalization::UnicodeNormalization;

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
    }
}
