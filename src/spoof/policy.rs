//! An emulation of Chromium's published IDN display policy (Chromium
//! source tree, `docs/idn.md`, "Google Chrome's IDN policy", rules 1–13):
//! would a browser following it show a label as Unicode or as Punycode?
//!
//! Where Chromium relies on ICU's spoof checker and its own hand-kept lists,
//! we use UTS #39 data through unicode-security (see [`APPROXIMATION`]).

use super::confusables::{digit_lookalikes, mixed_script_confusable, whole_script_confusable};
use super::patterns::{combining_mark_abuse, dotless_with_mark, mixed_numbers, slash_lookalikes};
use super::scripts::restriction_level;
use serde::Serialize;
use unicode_script::{Script, UnicodeScript};
use unicode_security::{GeneralSecurityProfile, MixedScript, RestrictionLevel};

/// What our emulation does differently from Chromium, said once in the UI and the docs.
pub const APPROXIMATION: &str = "Emulation of Chromium's published IDN display policy (docs/idn.md). \
It approximates: Chromium uses ICU's spoof checker, hand-picked lists of lookalike letters per script \
and its built-in list of top domains; we use UTS #39 data (unicode-security, Unicode 18), derive the \
lookalikes from the confusables data, and compare with your protected names instead of top domains. \
Chromium now processes names nontransitionally (UTS #46).";

/// How a browser shows a label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Display {
    /// As Unicode (or, for an ASCII label, as it is).
    Unicode,
    /// As its A-label (`xn--…`).
    Punycode,
}

impl Display {
    pub fn name(self) -> &'static str {
        match self {
            Display::Unicode => "unicode",
            Display::Punycode => "punycode",
        }
    }
}

/// A rule of the policy that sends a label (or the name) to Punycode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum PolicyRule {
    /// Rule 2: ToUnicode recorded an error in the label.
    ConversionError,
    /// A deviation character (ß ς ZWJ ZWNJ) is in the label.
    DeviationCharacters,
    /// Rule 3: a character outside Identifier_Status=Allowed (UTS #39).
    NotAllowedInIdentifiers,
    /// Rule 4: a character on the browser's own blocked list.
    BlockedCharacter,
    /// þ or ð outside `.is`, ə outside `.az`.
    TldSpecificCharacter,
    /// Rule 5: script mixing beyond Highly Restrictive, or non-ASCII Latin mixed with another script.
    ScriptMixing,
    /// Rule 6: two or more numbering systems.
    MixedNumbers,
    /// Rule 7: repeated combining marks or combining kana voiced sound marks.
    InvisibleMarks,
    /// Rule 8: U+00B7 outside `l·l` in a `.cat` name.
    UnsafeMiddleDot,
    /// Rule 9: mixed-script confusable.
    MixedScriptConfusable,
    /// Rule 10: whole-script confusable with Latin, and the TLD is not one for that script.
    WholeScriptConfusable,
    /// Rule 11: only digits and digit lookalikes.
    DigitLookalikes,
    /// Rule 12: a dangerous pattern (slash-like kana/CJK, dotless i with a mark, `i̇`…).
    DangerousPattern,
    /// Rule 13: the name's skeleton matches a protected name (Chromium: a top domain).
    SkeletonMatch,
}

impl PolicyRule {
    /// The rule in a sentence, with its number in docs/idn.md where it has one.
    pub fn describe(self) -> &'static str {
        match self {
            PolicyRule::ConversionError => "rule 2: the label has a UTS #46 ToUnicode error",
            PolicyRule::DeviationCharacters => {
                "deviation characters (ß, ς, ZWJ, ZWNJ) are always shown as Punycode, since browsers disagree on them"
            }
            PolicyRule::NotAllowedInIdentifiers => {
                "rule 3: a character is not allowed in identifiers (UTS #39 Identifier_Status=Restricted)"
            }
            PolicyRule::BlockedCharacter => "rule 4: a character is on the browser's blocked list",
            PolicyRule::TldSpecificCharacter => "þ and ð are allowed only under .is, ə only under .az",
            PolicyRule::ScriptMixing => {
                "rule 5: the scripts are mixed beyond Highly Restrictive (or non-ASCII Latin is mixed with another script)"
            }
            PolicyRule::MixedNumbers => "rule 6: digits from two or more numbering systems",
            PolicyRule::InvisibleMarks => "rule 7: invisible characters (repeated combining marks, kana voiced marks)",
            PolicyRule::UnsafeMiddleDot => "rule 8: the middle dot is allowed only as l·l in a .cat name",
            PolicyRule::MixedScriptConfusable => "rule 9: mixed-script confusable (UTS #39)",
            PolicyRule::WholeScriptConfusable => {
                "rule 10: every letter has a Latin lookalike and the TLD is not one for that script"
            }
            PolicyRule::DigitLookalikes => "rule 11: only digits and characters that look like digits",
            PolicyRule::DangerousPattern => "rule 12: a dangerous pattern (slash-like kana, dotless i with a mark, …)",
            PolicyRule::SkeletonMatch => {
                "rule 13: the skeleton matches a protected name (Chromium compares with its list of top domains)"
            }
        }
    }
}

/// What the label-level rules need to know.
pub(crate) struct LabelContext<'a> {
    /// The label after ToUnicode (nontransitional).
    pub label: &'a str,
    /// The last label of the name (ToUnicode form), lower case.
    pub tld: &'a str,
    /// True when ToUnicode recorded an error in this label.
    pub has_error: bool,
}

/// What the checks found in one label, computed once and read by both the
/// policy rules and the findings.
#[derive(Default)]
pub(crate) struct LabelFacts {
    pub mixed_numbers: Vec<char>,
    pub marks: Vec<char>,
    pub dotless: Vec<char>,
    pub slashes: Vec<char>,
    pub middle_dot_out_of_context: bool,
    pub whole_script: Option<(Script, Vec<char>)>,
    pub mixed_confusable: Option<(String, Vec<char>)>,
    pub digits: Option<Vec<char>>,
}

impl LabelFacts {
    /// The facts of `label`; an ASCII label has none (it shows as itself).
    pub fn of(label: &str) -> Self {
        if label.is_ascii() {
            return LabelFacts::default();
        }
        LabelFacts {
            mixed_numbers: mixed_numbers(label),
            marks: combining_mark_abuse(label),
            dotless: dotless_with_mark(label),
            slashes: slash_lookalikes(label),
            middle_dot_out_of_context: super::patterns::middle_dot_out_of_context(label),
            whole_script: whole_script_confusable(label),
            mixed_confusable: mixed_script_confusable(label),
            digits: digit_lookalikes(label),
        }
    }
}

/// The rules that fire for one label, in docs/idn.md order. Empty: shown as Unicode.
pub(crate) fn label_rules(cx: &LabelContext<'_>, facts: &LabelFacts) -> Vec<PolicyRule> {
    let label = cx.label;
    let mut fired = Vec::new();
    if cx.has_error {
        fired.push(PolicyRule::ConversionError);
    }
    if label.is_ascii() {
        // Nothing to decide: an ASCII label looks like itself.
        return fired;
    }
    let mut fire = |rule: PolicyRule, condition: bool| {
        if condition {
            fired.push(rule);
        }
    };
    fire(PolicyRule::DeviationCharacters, label.contains(super::patterns::DEVIATIONS));
    fire(
        PolicyRule::NotAllowedInIdentifiers,
        label.chars().any(|c| !c.identifier_allowed()),
    );
    fire(PolicyRule::BlockedCharacter, label.chars().any(is_blocked));
    fire(PolicyRule::TldSpecificCharacter, tld_specific(label, cx.tld));
    fire(PolicyRule::ScriptMixing, script_mixing(label));
    fire(PolicyRule::MixedNumbers, !facts.mixed_numbers.is_empty());
    fire(PolicyRule::InvisibleMarks, !facts.marks.is_empty());
    let middle_dot = label.contains('\u{00B7}') && (cx.tld != "cat" || facts.middle_dot_out_of_context);
    fire(PolicyRule::UnsafeMiddleDot, middle_dot);
    fire(PolicyRule::MixedScriptConfusable, facts.mixed_confusable.is_some());
    let wsc = facts
        .whole_script
        .as_ref()
        .is_some_and(|(script, _)| !tld_allows(*script, cx.tld));
    fire(PolicyRule::WholeScriptConfusable, wsc);
    fire(PolicyRule::DigitLookalikes, facts.digits.is_some());
    fire(
        PolicyRule::DangerousPattern,
        !facts.slashes.is_empty() || !facts.dotless.is_empty(),
    );
    fired
}

/// Rule 4's list (Chromium removes these from its allowed set): rarely used
/// Latin, Greek and Cyrillic extension blocks, and single characters that
/// pass for punctuation (U+0338 solidus overlay, hyphens, apostrophes, kra).
pub fn is_blocked(c: char) -> bool {
    matches!(c,
        '\u{01CD}'..='\u{01DC}' | '\u{1C80}'..='\u{1C8F}' | '\u{1E00}'..='\u{1E9B}' | '\u{1F00}'..='\u{1FFF}'
        | '\u{A640}'..='\u{A69F}' | '\u{A720}'..='\u{A7FF}'
        | '\u{0138}' | '\u{02BB}' | '\u{02BC}' | '\u{02EC}' | '\u{0338}' | '\u{058A}'
        | '\u{2010}' | '\u{2019}' | '\u{2027}' | '\u{30A0}')
}

fn tld_specific(label: &str, tld: &str) -> bool {
    let long = label.chars().count() > 1;
    long && (tld != "is" && label.contains(['þ', 'ð']) || tld != "az" && label.contains('ə'))
}

/// Rule 5: beyond Highly Restrictive, or mixed scripts with a non-ASCII Latin letter.
fn script_mixing(label: &str) -> bool {
    if label.is_single_script() {
        return false;
    }
    let level = restriction_level(label);
    let non_ascii_latin = label.chars().any(|c| !c.is_ascii() && c.script() == Script::Latin);
    level > RestrictionLevel::HighlyRestrictive || non_ascii_latin
}

/// Rule 10's exception: the TLD is written in `script`, or is a country-code
/// TLD where most names are in it (the examples docs/idn.md gives, e.g. `ru`
/// for Cyrillic, and the countries whose main script it is).
pub fn tld_allows(script: Script, tld: &str) -> bool {
    if tld.chars().any(|c| c.script() == script) {
        return true;
    }
    let tlds: &[&str] = match script {
        Script::Cyrillic => &["bg", "by", "kz", "mk", "mn", "ru", "rs", "su", "ua", "uz", "pyc"],
        Script::Greek => &["gr", "cy"],
        Script::Armenian => &["am"],
        Script::Georgian => &["ge"],
        Script::Hebrew => &["il"],
        Script::Ethiopic => &["er", "et"],
        Script::Thai => &["th"],
        Script::Myanmar => &["mm"],
        _ => &[],
    };
    tlds.contains(&tld)
}
