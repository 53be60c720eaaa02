//! `IDNSpoofChecker::SafeToDisplayAsUnicode` (Chromium
//! `components/url_formatter/spoof_checks/idn_spoof_checker.cc`): is one
//! decoded label safe to show as Unicode under this TLD?

use super::data;
use super::skeleton::is_lgc_letters_and_ascii;
use super::uspoof::{self, CheckResult, RestrictionLevel};
use crate::chars::identifier::identifier_allowed;
use crate::chars::scripts;
use crate::properties::generated::{Generated, generated};
use crate::properties::ucd::{in_ranges, merge_ranges, parse_ranges};
use crate::uts46::contexto::{MIDDLE_DOT, middle_dot_out_of_context};
use regex::Regex;
use serde::Serialize;
use std::sync::OnceLock;
use unicode_script::Script;

/// `IDNSpoofCheckerResult`: what `SafeToDisplayAsUnicode` returns.
/// (`kDeviationCharacters` is still declared upstream but no longer
/// returned: Chromium processes names nontransitionally.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum SpoofResult {
    /// `kSafe`.
    Safe,
    /// `kICUSpoofChecks`: ICU's checker (restriction level Highly
    /// Restrictive over Chromium's allowed set, mixed numbers, invisible
    /// marks, hidden overlay).
    IcuSpoofChecks,
    /// `kTLDSpecificCharacters`: þ ð outside `.is`/`.fo`, ə outside `.az`.
    TldSpecificCharacters,
    /// `kUnsafeMiddleDot`.
    UnsafeMiddleDot,
    /// `kWholeScriptConfusable`.
    WholeScriptConfusable,
    /// `kDigitLookalikes`.
    DigitLookalikes,
    /// `kNonAsciiLatinCharMixedWithNonLatin`.
    NonAsciiLatinCharMixedWithNonLatin,
    /// `kDangerousPattern`.
    DangerousPattern,
}

/// The outcome with what triggered it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The `IDNSpoofCheckerResult`.
    pub result: SpoofResult,
    /// Details for the explanation (e.g. the ICU bits, the script).
    pub detail: Option<String>,
}

/// Chromium's allowed set: ICU's recommended ∪ inclusion sets (UTS #39
/// Identifier_Status=Allowed) less `SetAllowedUnicodeSet`'s removals.
#[inline]
pub fn is_allowed(c: char) -> bool {
    // Asked of every character of every label: the answer from its table (planes 0 to 3).
    ALLOWED.get(c, search_allowed)
}

/// [`is_allowed`] of planes 0 to 3, made from [`search_allowed`].
static ALLOWED: Generated<bool> = generated!("chromium_allowed");

/// [`is_allowed`], from the sets and the list of removals.
fn search_allowed(c: char) -> bool {
    in_icu_identifier_sets(c) && !data::ALLOWED_SET_REMOVALS.iter().any(|range| range.contains(&c))
}

/// In ICU 78's recommended or inclusion set: Unicode 17's Allowed
/// ([`identifier_allowed`], from which ICU generates the recommended set)
/// and ICU's inclusion set (`uspoof_getRecommendedUnicodeSet` ∪
/// `uspoof_getInclusionUnicodeSet`).
fn in_icu_identifier_sets(c: char) -> bool {
    static INCLUSION: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    identifier_allowed(c)
        || in_ranges(
            INCLUSION.get_or_init(|| merge_ranges(parse_ranges(data::ICU_INCLUSION_SET))),
            c,
        )
}

/// `SafeToDisplayAsUnicode(label, top_level_domain, top_level_domain_unicode)`:
/// the checks in upstream order; the first that fails decides.
pub fn safe_to_display_as_unicode(label: &str, tld: &str, tld_unicode: &str) -> Check {
    safe_to_display_as_unicode_given(label, None, tld, tld_unicode, None, true)
}

/// [`safe_to_display_as_unicode`], with ICU's checks that `known` answers
/// and the label's characters when the caller decoded them (`chars`);
/// without `detailed`, a failure of ICU's checks carries no detail (a
/// batch keeps the result; the detail names every character not allowed).
pub(crate) fn safe_to_display_as_unicode_given(
    label: &str,
    chars: Option<&[char]>,
    tld: &str,
    tld_unicode: &str,
    known: Option<uspoof::KnownChecks>,
    detailed: bool,
) -> Check {
    let icu = uspoof::check_given(label, is_allowed, RestrictionLevel::HighlyRestrictive, known);
    if icu.failed() {
        let detail = detailed.then(|| icu_detail(label, &icu));
        return Check {
            result: SpoofResult::IcuSpoofChecks,
            detail,
        };
    }
    // The checks below read the characters many times: they are decoded once.
    match chars {
        Some(chars) => checks_on_characters(label, chars, tld, tld_unicode, &icu),
        None => crate::decoded::with_code_points::<char, 128, _>(label, |chars| {
            checks_on_characters(label, chars, tld, tld_unicode, &icu)
        }),
    }
}

/// `SafeToDisplayAsUnicode`'s checks after ICU's, on `label` decoded as
/// `chars`; `icu`: ICU's check of the label, which passed.
fn checks_on_characters(label: &str, chars: &[char], tld: &str, tld_unicode: &str, icu: &CheckResult) -> Check {
    let done = |result, detail: Option<String>| Check { result, detail };
    let long = chars.iter().map(|c| c.len_utf16()).sum::<usize>() > 1;
    let facts = LabelFacts::of(chars);
    if long && tld != "is" && tld != "fo" && facts.has(LabelFacts::ICELANDIC) {
        return done(SpoofResult::TldSpecificCharacters, Some("þ/ð outside .is and .fo".into()));
    }
    if long && tld != "az" && facts.has(LabelFacts::SCHWA) {
        return done(SpoofResult::TldSpecificCharacters, Some("ə outside .az".into()));
    }
    if has_unsafe_middle_dot(label, facts.has(LabelFacts::MIDDLE_DOT), tld) {
        return done(SpoofResult::UnsafeMiddleDot, None);
    }
    let level = icu.level.unwrap_or(RestrictionLevel::Unrestrictive);
    if level == RestrictionLevel::Ascii {
        return done(SpoofResult::Safe, None);
    }
    let has_kana_exception = facts.has(LabelFacts::KANA_EXCEPTION);
    let has_diacritic_exception = facts.has(LabelFacts::DIACRITIC_EXCEPTION);
    if level == RestrictionLevel::SingleScriptRestrictive && !has_kana_exception && !has_diacritic_exception {
        // Only a script with a letter in the label can make it confusable: the others are skipped unasked.
        let scripts = data::WHOLE_SCRIPT_CONFUSABLES.iter().enumerate();
        for script in scripts.filter_map(|(at, script)| facts.has_whole_script(at).then_some(script)) {
            if is_whole_script_confusable_for_script(script, chars)
                && !is_whole_script_confusable_allowed_for_tld(script, tld, tld_unicode)
                && !data::ALLOWED_WHOLE_SCRIPT_CONFUSABLE_WORDS.contains(&label)
            {
                return done(
                    SpoofResult::WholeScriptConfusable,
                    Some(script.script.full_name().to_string()),
                );
            }
        }
        if is_digit_lookalike(facts) {
            return done(SpoofResult::DigitLookalikes, None);
        }
        return done(SpoofResult::Safe, None);
    }
    if is_digit_lookalike(facts) {
        return done(SpoofResult::DigitLookalikes, None);
    }
    if facts.has(LabelFacts::NON_ASCII_LATIN) && !is_lgc_letters_and_ascii(label) {
        return done(SpoofResult::NonAsciiLatinCharMixedWithNonLatin, None);
    }
    // Without a character every match needs, the pattern cannot match.
    if chars.iter().any(|&c| data::dangerous_pattern_needs(c))
        && let Some(found) = dangerous_pattern().find(label)
    {
        return done(SpoofResult::DangerousPattern, Some(format!("“{}”", found.as_str())));
    }
    done(SpoofResult::Safe, None)
}

/// The ICU bits that failed, with the restriction level when it is one of them.
fn icu_detail(label: &str, icu: &CheckResult) -> String {
    let mut detail = icu.names().join(", ");
    if icu.restriction_level
        && let Some(level) = icu.level
    {
        detail.push_str(&format!(" ({})", level.name()));
    }
    if icu.char_limit {
        let outside: Vec<String> = label
            .chars()
            .filter(|&c| !is_allowed(c))
            .map(|c| format!("U+{:04X}", c as u32))
            .collect();
        detail.push_str(&format!("; not allowed: {}", outside.join(" ")));
    }
    detail
}

/// `HasUnsafeMiddleDot`: U+00B7 is safe only in `.cat` between two `l`
/// (RFC 5892 A.3). Upstream reads UTF-16 units; U+00B7 and `l` are one unit
/// each, so a dot's neighbouring units are its neighbouring characters.
/// `has_dot`: the label holds U+00B7.
fn has_unsafe_middle_dot(label: &str, has_dot: bool, tld: &str) -> bool {
    has_dot && (tld != "cat" || middle_dot_out_of_context(label))
}

/// `IsLabelWholeScriptConfusableForScript`: the label has letters of the
/// script and each is one of its Latin lookalikes.
fn is_whole_script_confusable_for_script(script: &data::WholeScriptConfusable, label: &[char]) -> bool {
    let mut letters = label.iter().filter(|&&c| scripts::script(c) == script.script).peekable();
    letters.peek().is_some() && letters.all(|&c| script.latin_lookalike_letters.contains(c))
}

/// `IsWholeScriptConfusableAllowedForTLD`: the Unicode TLD holds a letter
/// of the script, or the ASCII TLD is one of the script's.
fn is_whole_script_confusable_allowed_for_tld(script: &data::WholeScriptConfusable, tld: &str, tld_unicode: &str) -> bool {
    super::whole_script_confusable_allowed_for_tld(script.script, tld_unicode) || script.allowed_tlds.contains(&tld)
}

/// `IsDigitLookalike`: only ASCII digits and digit lookalikes, at least one lookalike.
fn is_digit_lookalike(facts: LabelFacts) -> bool {
    facts.has(LabelFacts::DIGIT_LOOKALIKE) && !facts.has(LabelFacts::NEITHER_DIGIT_NOR_LOOKALIKE)
}

/// What the checks after ICU's ask of each character of a label, read in
/// one pass: a bit for each question (its answer for the label is whether
/// some character has it), and above them a bit for the row of
/// `kWholeScriptConfusables` whose script is the character's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LabelFacts(u32);

impl LabelFacts {
    /// `icelandic_characters_`.
    const ICELANDIC: u32 = 1;
    /// Latin small letter schwa.
    const SCHWA: u32 = 1 << 1;
    /// U+00B7 MIDDLE DOT.
    const MIDDLE_DOT: u32 = 1 << 2;
    /// `kana_letters_exceptions_`.
    const KANA_EXCEPTION: u32 = 1 << 3;
    /// `combining_diacritics_exceptions_`.
    const DIACRITIC_EXCEPTION: u32 = 1 << 4;
    /// One of `digit_lookalikes_` (no ASCII digit is).
    const DIGIT_LOOKALIKE: u32 = 1 << 5;
    /// Neither an ASCII digit nor one of `digit_lookalikes_`.
    const NEITHER_DIGIT_NOR_LOOKALIKE: u32 = 1 << 6;
    /// A Latin-script character other than an ASCII letter.
    const NON_ASCII_LATIN: u32 = 1 << 7;
    /// The first row bit of `kWholeScriptConfusables`.
    const FIRST_SCRIPT: u32 = 8;

    /// The facts of the characters of a label, together.
    fn of(chars: &[char]) -> LabelFacts {
        LabelFacts(chars.iter().fold(0, |all, &c| all | char_facts(c)))
    }

    /// True when some character has `bit`.
    fn has(self, bit: u32) -> bool {
        self.0 & bit != 0
    }

    /// True when some character is of the script of row `at` of `kWholeScriptConfusables`.
    fn has_whole_script(self, at: usize) -> bool {
        self.0 & (1 << (Self::FIRST_SCRIPT + at as u32)) != 0
    }
}

/// The [`LabelFacts`] of `c`: from its table (planes 0 to 3).
fn char_facts(c: char) -> u32 {
    CHAR_FACTS.get(c, compute_char_facts)
}

/// [`char_facts`] of planes 0 to 3, made from [`compute_char_facts`].
static CHAR_FACTS: Generated<u32> = generated!("chromium_char_facts");

/// [`char_facts`] of `c`, from the rules.
fn compute_char_facts(c: char) -> u32 {
    let lookalike = data::DIGIT_LOOKALIKES.contains(c);
    let script = scripts::script(c);
    let questions = [
        (data::ICELANDIC_CHARACTERS.contains(&c), LabelFacts::ICELANDIC),
        (c == data::SCHWA, LabelFacts::SCHWA),
        (c == MIDDLE_DOT, LabelFacts::MIDDLE_DOT),
        (
            data::KANA_LETTERS_EXCEPTIONS.iter().any(|r| r.contains(&c)),
            LabelFacts::KANA_EXCEPTION,
        ),
        (
            data::COMBINING_DIACRITICS_EXCEPTIONS.contains(&c),
            LabelFacts::DIACRITIC_EXCEPTION,
        ),
        (!c.is_ascii_digit() && lookalike, LabelFacts::DIGIT_LOOKALIKE),
        (!c.is_ascii_digit() && !lookalike, LabelFacts::NEITHER_DIGIT_NOR_LOOKALIKE),
        (
            script == Script::Latin && !c.is_ascii_alphabetic(),
            LabelFacts::NON_ASCII_LATIN,
        ),
    ];
    let row = data::WHOLE_SCRIPT_CONFUSABLES.iter().position(|row| row.script == script);
    let row_bit = row.map_or(0, |at| 1 << (LabelFacts::FIRST_SCRIPT + at as u32));
    questions
        .iter()
        .filter(|(holds, _)| *holds)
        .fold(row_bit, |all, (_, bit)| all | bit)
}

fn dangerous_pattern() -> &'static Regex {
    static PATTERN: OnceLock<Regex> = OnceLock::new();
    PATTERN.get_or_init(|| Regex::new(&data::dangerous_pattern()).expect("the dangerous pattern compiles"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated table holds the rules' values for planes 0 to 3.
    #[test]
    fn chromium_allowed_table_is_current() {
        ALLOWED.check(crate::properties::PLANE_CELLS, search_allowed);
    }

    /// The generated table holds the rules' values for planes 0 to 3.
    #[test]
    fn chromium_char_facts_table_is_current() {
        CHAR_FACTS.check(crate::properties::PLANE_CELLS, compute_char_facts);
    }

    /// The table answers as the sets and the removals do, on every BMP code point.
    #[test]
    fn allowed_table_equals_the_sets() {
        for c in (0..=0xFFFF).filter_map(char::from_u32) {
            assert_eq!(is_allowed(c), search_allowed(c), "U+{:04X}", c as u32);
        }
    }

    /// ICU's inclusion set is read whole (14 lines, 17 code points) and
    /// adds one code point to Unicode 17's Allowed set: U+0375.
    #[test]
    fn icu_identifier_sets_are_read_whole() {
        let inclusion = parse_ranges(data::ICU_INCLUSION_SET);
        let size = |ranges: &[(u32, u32)]| ranges.iter().map(|(a, b)| b - a + 1).sum::<u32>();
        assert_eq!((inclusion.len(), size(&inclusion)), (14, 17));
        let added: Vec<u32> = inclusion
            .iter()
            .flat_map(|&(first, last)| first..=last)
            .filter(|&code| !char::from_u32(code).is_some_and(identifier_allowed))
            .collect();
        assert_eq!(added, [0x0375]);
        assert!(in_icu_identifier_sets('\u{4E00}') && in_icu_identifier_sets('\u{0375}'));
        assert!(!in_icu_identifier_sets('\u{200D}') && !in_icu_identifier_sets('!'));
    }

    /// The A.3 rule answers as upstream's walk over UTF-16 units, on every
    /// label of up to five characters over `l`, `·`, `a` and a supplementary `𝐥`.
    #[test]
    fn unsafe_middle_dot_equals_the_utf16_walk() {
        let upstream = |label: &str, tld: &str| {
            let units: Vec<u16> = label.encode_utf16().collect();
            let l = u16::from(b'l');
            units
                .iter()
                .enumerate()
                .filter(|&(_, &u)| u == 0x00B7)
                .any(|(i, _)| tld != "cat" || i == 0 || i + 1 == units.len() || units[i - 1] != l || units[i + 1] != l)
        };
        // The labels one character longer than the last round's, five rounds.
        let mut labels = vec![String::new()];
        let mut longest = labels.clone();
        for _ in 0..5 {
            longest = longest
                .iter()
                .flat_map(|label| ['l', MIDDLE_DOT, 'a', '\u{1D425}'].map(|c| format!("{label}{c}")))
                .collect();
            labels.extend(longest.iter().cloned());
        }
        assert_eq!(labels.len(), 1 + 4 + 16 + 64 + 256 + 1024);
        for (label, tld) in labels.iter().flat_map(|label| [(label, "cat"), (label, "com")]) {
            assert_eq!(
                has_unsafe_middle_dot(label, label.contains(MIDDLE_DOT), tld),
                upstream(label, tld),
                "{label:?} {tld}"
            );
        }
    }

    /// The facts read in one pass answer each question as upstream asks it
    /// over the label's characters, and `IsDigitLookalike` as upstream's
    /// loop: on every BMP code point and two supplementary ones, alone, among
    /// ASCII and doubled around a diacritic.
    #[test]
    fn label_facts_answer_as_the_questions_over_the_characters() {
        let upstream_digit_lookalike = |chars: &[char]| {
            let mut has_lookalike = false;
            for &c in chars {
                if c.is_ascii_digit() {
                    continue;
                }
                if !data::DIGIT_LOOKALIKES.contains(c) {
                    return false;
                }
                has_lookalike = true;
            }
            has_lookalike
        };
        let mut digit_lookalikes = 0;
        let extra = ['\u{1D425}', '\u{20000}'];
        for c in (0..0x10000).filter_map(char::from_u32).chain(extra) {
            for label in [format!("{c}"), format!("a{c}1"), format!("{c}\u{0301}{c}"), format!("1{c}")] {
                let chars: Vec<char> = label.chars().collect();
                let facts = LabelFacts::of(&chars);
                let any = |question: &dyn Fn(char) -> bool| chars.iter().any(|&c| question(c));
                let questions: [(u32, bool); 6] = [
                    (LabelFacts::ICELANDIC, any(&|c| data::ICELANDIC_CHARACTERS.contains(&c))),
                    (LabelFacts::SCHWA, chars.contains(&data::SCHWA)),
                    (LabelFacts::MIDDLE_DOT, chars.contains(&MIDDLE_DOT)),
                    (
                        LabelFacts::KANA_EXCEPTION,
                        any(&|c| data::KANA_LETTERS_EXCEPTIONS.iter().any(|r| r.contains(&c))),
                    ),
                    (
                        LabelFacts::DIACRITIC_EXCEPTION,
                        any(&|c| data::COMBINING_DIACRITICS_EXCEPTIONS.contains(&c)),
                    ),
                    (
                        LabelFacts::NON_ASCII_LATIN,
                        any(&|c| scripts::script(c) == Script::Latin && !c.is_ascii_alphabetic()),
                    ),
                ];
                for (bit, answer) in questions {
                    assert_eq!(facts.has(bit), answer, "{label:?} bit {bit}");
                }
                for (at, row) in data::WHOLE_SCRIPT_CONFUSABLES.iter().enumerate() {
                    assert_eq!(
                        facts.has_whole_script(at),
                        any(&|c| scripts::script(c) == row.script),
                        "{label:?}"
                    );
                }
                assert_eq!(is_digit_lookalike(facts), upstream_digit_lookalike(&chars), "{label:?}");
                digit_lookalikes += usize::from(is_digit_lookalike(facts));
            }
        }
        assert!(digit_lookalikes > 30, "{digit_lookalikes}");
    }

    /// Every match of the dangerous pattern holds a character of
    /// `dangerous_pattern_needs`, read off the pattern's syntax tree: each
    /// alternative has, outside any optional part, a literal or a class
    /// all of whose characters are such. So the check may skip the pattern
    /// on a label without one.
    #[test]
    fn every_dangerous_match_holds_a_needed_character() {
        use regex_syntax::hir::{Class, Hir, HirKind};
        fn needs(hir: &Hir) -> bool {
            match hir.kind() {
                HirKind::Literal(literal) => std::str::from_utf8(&literal.0)
                    .is_ok_and(|text| !text.is_empty() && text.chars().all(data::dangerous_pattern_needs)),
                HirKind::Class(Class::Unicode(class)) => class
                    .ranges()
                    .iter()
                    .all(|range| (range.start()..=range.end()).all(data::dangerous_pattern_needs)),
                HirKind::Repetition(repetition) => repetition.min >= 1 && needs(&repetition.sub),
                HirKind::Capture(capture) => needs(&capture.sub),
                HirKind::Concat(parts) => parts.iter().any(needs),
                HirKind::Alternation(alternatives) => alternatives.iter().all(needs),
                _ => false,
            }
        }
        let hir = regex_syntax::parse(&data::dangerous_pattern()).expect("the dangerous pattern parses");
        let HirKind::Alternation(alternatives) = hir.kind() else {
            panic!("the dangerous pattern is an alternation: {hir:?}");
        };
        assert!(alternatives.len() >= 14, "{}", alternatives.len());
        for alternative in alternatives {
            assert!(needs(alternative), "{alternative:?}");
        }
        // Not every character: Latin, Cyrillic and kana letters are not needed.
        assert!(
            !['a', 'ı', 'д', 'カ', 'ア', '中']
                .into_iter()
                .any(data::dangerous_pattern_needs)
        );
    }

    #[test]
    fn the_dangerous_pattern_compiles_with_script_extension_classes() {
        assert!(dangerous_pattern().is_match("aノb"));
        assert!(!dangerous_pattern().is_match("カノカ"));
        // A CJK lookalike after or before a character of none of the CJK scripts.
        for label in ["av工作", "工a", "www一线", "a〇"] {
            assert!(dangerous_pattern().is_match(label), "{label}");
        }
        for label in ["工作", "一线", "ㄅ一"] {
            assert!(!dangerous_pattern().is_match(label), "{label}");
        }
        // Each slash-like character of the shared list, between Latin letters and between kana.
        for c in crate::browsers::firefox::CJK_SLASH_CONFUSABLES.map(|code| char::from_u32(code).unwrap()) {
            assert!(dangerous_pattern().is_match(&format!("a{c}b")), "{c:?}");
            assert!(!dangerous_pattern().is_match(&format!("カ{c}カ")), "{c:?}");
        }
    }
}
