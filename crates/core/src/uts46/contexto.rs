//! The CONTEXTO rules of RFC 5892 Appendix A.3–A.9: the code points IDNA2008
//! allows only in a certain context (MIDDLE DOT, GREEK KERAIA, HEBREW
//! GERESH/GERSHAYIM, KATAKANA MIDDLE DOT, the two sets of Arabic-Indic digits).
//!
//! IDNA2008 always applies them; UTS #46 does not, but offers them here as the
//! optional check `CheckContextO` (ICU's `UIDNA_CHECK_CONTEXTO`), error `CONTEXTO`.

use unicode_script::{Script, UnicodeScript};

/// U+00B7 MIDDLE DOT, the code point of A.3.
pub const MIDDLE_DOT: char = '\u{00B7}';

/// One CONTEXTO rule of RFC 5892 Appendix A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContextORule {
    /// A.3 U+00B7 MIDDLE DOT: only between two `l` (Catalan l·l).
    MiddleDot,
    /// A.4 U+0375 GREEK LOWER NUMERAL SIGN (KERAIA): the next character is Greek.
    GreekKeraia,
    /// A.5 U+05F3 HEBREW PUNCTUATION GERESH: the previous character is Hebrew.
    HebrewGeresh,
    /// A.6 U+05F4 HEBREW PUNCTUATION GERSHAYIM: the previous character is Hebrew.
    HebrewGershayim,
    /// A.7 U+30FB KATAKANA MIDDLE DOT: the label also holds Hiragana, Katakana or Han.
    KatakanaMiddleDot,
    /// A.8 U+0660..U+0669 ARABIC-INDIC DIGITS: no Extended Arabic-Indic digit in the label.
    ArabicIndicDigits,
    /// A.9 U+06F0..U+06F9 EXTENDED ARABIC-INDIC DIGITS: no Arabic-Indic digit in the label.
    ExtendedArabicIndicDigits,
}

impl ContextORule {
    /// The rule that governs `c`, or `None` when `c` is not a CONTEXTO code point.
    pub fn of(c: char) -> Option<ContextORule> {
        Some(match c {
            MIDDLE_DOT => ContextORule::MiddleDot,
            '\u{0375}' => ContextORule::GreekKeraia,
            '\u{05F3}' => ContextORule::HebrewGeresh,
            '\u{05F4}' => ContextORule::HebrewGershayim,
            '\u{30FB}' => ContextORule::KatakanaMiddleDot,
            '\u{0660}'..='\u{0669}' => ContextORule::ArabicIndicDigits,
            '\u{06F0}'..='\u{06F9}' => ContextORule::ExtendedArabicIndicDigits,
            _ => return None,
        })
    }

    /// The appendix section, e.g. `"RFC 5892 Appendix A.3"`.
    pub fn section(self) -> &'static str {
        match self {
            ContextORule::MiddleDot => "RFC 5892 Appendix A.3",
            ContextORule::GreekKeraia => "RFC 5892 Appendix A.4",
            ContextORule::HebrewGeresh => "RFC 5892 Appendix A.5",
            ContextORule::HebrewGershayim => "RFC 5892 Appendix A.6",
            ContextORule::KatakanaMiddleDot => "RFC 5892 Appendix A.7",
            ContextORule::ArabicIndicDigits => "RFC 5892 Appendix A.8",
            ContextORule::ExtendedArabicIndicDigits => "RFC 5892 Appendix A.9",
        }
    }

    /// What the rule requires, as a sentence.
    pub fn requirement(self) -> &'static str {
        match self {
            ContextORule::MiddleDot => "MIDDLE DOT is allowed only between two l (as in Catalan col·lecció).",
            ContextORule::GreekKeraia => "GREEK LOWER NUMERAL SIGN (keraia) must be followed by a Greek character.",
            ContextORule::HebrewGeresh => "HEBREW PUNCTUATION GERESH must follow a Hebrew character.",
            ContextORule::HebrewGershayim => "HEBREW PUNCTUATION GERSHAYIM must follow a Hebrew character.",
            ContextORule::KatakanaMiddleDot => {
                "KATAKANA MIDDLE DOT needs a Hiragana, Katakana or Han character elsewhere in the label."
            }
            ContextORule::ArabicIndicDigits => {
                "Arabic-Indic digits (U+0660..U+0669) must not be mixed with Extended Arabic-Indic digits in one label."
            }
            ContextORule::ExtendedArabicIndicDigits => {
                "Extended Arabic-Indic digits (U+06F0..U+06F9) must not be mixed with Arabic-Indic digits in one label."
            }
        }
    }

    /// True when the character at `chars[i]` (governed by this rule) meets it.
    fn holds(self, chars: &[char], i: usize) -> bool {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        match self {
            ContextORule::MiddleDot => middle_dot_in_context(before, after),
            ContextORule::GreekKeraia => after.is_some_and(|c| c.script() == Script::Greek),
            ContextORule::HebrewGeresh | ContextORule::HebrewGershayim => before.is_some_and(|c| c.script() == Script::Hebrew),
            ContextORule::KatakanaMiddleDot => chars
                .iter()
                .any(|&c| c != '\u{30FB}' && matches!(c.script(), Script::Hiragana | Script::Katakana | Script::Han)),
            ContextORule::ArabicIndicDigits => !chars.iter().any(|c| ('\u{06F0}'..='\u{06F9}').contains(c)),
            ContextORule::ExtendedArabicIndicDigits => !chars.iter().any(|c| ('\u{0660}'..='\u{0669}').contains(c)),
        }
    }
}

/// A.3: a MIDDLE DOT with `before` and `after` beside it (`None` at an end
/// of the label) is in context only between two `l` (Catalan l·l). The
/// browsers' middle-dot rules ask it too.
pub fn middle_dot_in_context(before: Option<char>, after: Option<char>) -> bool {
    before == Some('l') && after == Some('l')
}

/// True when some MIDDLE DOT of `label` fails A.3 ([`middle_dot_in_context`]).
pub fn middle_dot_out_of_context(label: &str) -> bool {
    if !crate::scan::has_char(label, MIDDLE_DOT) {
        return false;
    }
    let chars: Vec<char> = label.chars().collect();
    (0..chars.len()).any(|i| chars[i] == MIDDLE_DOT && !ContextORule::MiddleDot.holds(&chars, i))
}

/// The CONTEXTO code points of `label` whose rule fails: (code-point
/// position, rule), in label order. Empty when every rule holds.
pub fn contexto_violations(label: &str) -> Vec<(usize, ContextORule)> {
    if crate::scan::is_ascii(label) {
        return Vec::new();
    }
    let chars: Vec<char> = label.chars().collect();
    (0..chars.len())
        .filter_map(|i| ContextORule::of(chars[i]).map(|rule| (i, rule)))
        .filter(|&(i, rule)| !rule.holds(&chars, i))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failing(label: &str) -> Vec<usize> {
        contexto_violations(label).into_iter().map(|(i, _)| i).collect()
    }

    #[test]
    fn each_rule_holds_in_context_and_fails_out_of_it() {
        // A.3
        assert!(failing("l·l").is_empty());
        assert_eq!(failing("a·l"), [1]);
        assert_eq!(failing("·ll"), [0]);
        for (label, out) in [
            ("l·l", false),
            ("a·l", true),
            ("l·", true),
            ("l·l·l", false),
            ("l·l·", true),
            ("ab", false),
        ] {
            assert_eq!(middle_dot_out_of_context(label), out, "{label}");
            assert_eq!(
                out,
                failing(label).iter().any(|&i| label.chars().nth(i) == Some(MIDDLE_DOT)),
                "{label}"
            );
        }
        // A.4
        assert!(failing("͵α").is_empty());
        assert_eq!(failing("͵a"), [0]);
        assert_eq!(failing("α͵"), [1]);
        // A.5, A.6
        assert!(failing("א׳").is_empty());
        assert!(failing("א״").is_empty());
        assert_eq!(failing("a׳"), [1]);
        assert_eq!(failing("״א"), [0]);
        // A.7
        assert!(failing("カ・ナ").is_empty());
        assert!(failing("漢・").is_empty());
        assert_eq!(failing("a・b"), [1]);
        assert_eq!(failing("・"), [0]);
        // A.8, A.9
        assert!(failing("٠١٢").is_empty());
        assert!(failing("۰۱۲").is_empty());
        assert_eq!(failing("٠۱"), [0, 1]);
    }
}
