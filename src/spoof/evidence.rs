//! What the spoof check's own UTS #39 analysis (not a browser's rules)
//! finds in one label, computed once for the findings.

use super::confusables::{digit_lookalikes, mixed_script_confusable, whole_script_confusable};
use super::patterns::{combining_mark_abuse, dotless_with_mark, mixed_numbers, slash_lookalikes};
use unicode_normalization::UnicodeNormalization;
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
        let nfd: Vec<char> = label.nfd().collect();
        LabelEvidence {
            mixed_numbers: mixed_numbers(label),
            marks: combining_mark_abuse(label, &nfd),
            dotless: dotless_with_mark(&nfd),
            slashes: slash_lookalikes(label),
            middle_dot_out_of_context: super::patterns::middle_dot_out_of_context(label),
            whole_script: whole_script_confusable(label),
            mixed_confusable: mixed_script_confusable(label, super::scripts::is_single_script(label, level)),
            digits: digit_lookalikes(label),
        }
    }
}
