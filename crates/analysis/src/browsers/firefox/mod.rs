//! Firefox's IDN display decision, per label, ported from mozilla-firefox
//! (2025): `nsIDNService::IsLabelSafe` (netwerk/dns/nsIDNService.cpp) with
//! IDNBlocklistUtils.cpp and the `idna` crate's `Uts46` under FailFast, at the
//! default preferences. Current Firefox has no `network.IDN.restriction_profile`
//! any more: its one behaviour is the former "high" profile (UTS #39 Highly
//! Restrictive), the only one ported.

mod data;
mod ipv4_parser;

pub(crate) use data::CJK_SLASH_CONFUSABLES;

use super::{Browser, Display, KnownLabel, UrlHost, Verdict};
use crate::chars;
use crate::chars::digits::{NumberingSystems, digit_zero};
use crate::chars::{general::is_nonspacing_mark, identifier::identifier_allowed};
use crate::profiles::whatwg::Host;
use crate::properties::generated::{Generated, generated};
use crate::uts46::contexto::{MIDDLE_DOT, middle_dot_in_context};
use crate::uts46::{labels, last_label};
use data::Combo;
use serde::Serialize;
use std::sync::OnceLock;
use unicode_script::Script;

/// What decided Firefox's display: the check of `IsLabelSafe` that failed
/// (named after its upstream function, member or comment), or why every
/// label is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Rule {
    /// The URL parser (`NS_DomainToASCII`, its IPv4 parser) rejects the host: the URL does not load ([`Display::Rejected`]).
    InvalidHost,
    /// Every label is ASCII: nothing to decide (`Passthrough`).
    Passthrough,
    /// `Uts46::process` (FailFast) reports a validity error: the host stays
    /// ASCII. (The URL parser has run the same checks, so a host it
    /// accepted gets here only if the two disagree.)
    ValidityError,
    /// Every non-ASCII label passed `IsLabelSafe`.
    LabelSafe,
    /// `isOnlySafeChars`: a character on the IDN character blocklist.
    Blocklist,
    /// Bug 1917119: the TLD still starts with `xn--` after decoding.
    TldStartsWithXn,
    /// `IDTYPE_RESTRICTED`: a character with UTS #39 Identifier_Status=Restricted.
    IdentifierTypeRestricted,
    /// `illegalScriptCombo`: a script mix that is not Highly Restrictive.
    IllegalScriptCombo,
    /// U+30FC ー not after Hiragana or Katakana.
    ProlongedSoundMark,
    /// Hiragana へべぺ next to Katakana, or Katakana ヘベペ next to Hiragana.
    KanaLookalike,
    /// U+30FD ヽ or U+30FE ヾ not after Katakana.
    IterationMark,
    /// `isCJKSlashConfusable` (ノ ソ ゾ ン 丶 乀 乁 丿) not next to Han or Kana.
    CjkSlashConfusable,
    /// U+30FB ・ next to Latin.
    KatakanaMiddleDot,
    /// A combining diacritic U+0300–U+0339 after a script other than Latin, Greek or Cyrillic.
    CombiningDiacritic,
    /// U+0307 COMBINING DOT ABOVE after i, j or l.
    DotAbove,
    /// U+00B7 MIDDLE DOT outside `l·l` in a `.cat` name.
    MiddleDot,
    /// þ or ð outside `.is` and `.fo`.
    IcelandicCharacter,
    /// ə (U+0259) outside `.az`.
    Schwa,
    /// ʻ or ʼ (U+02BB, U+02BC), which pass for quotes.
    QuoteLike,
    /// `isCJKIdeograph` (一 丨 十 〇 ㄧ …) next to a non-CJK character.
    CjkIdeograph,
    /// Decimal digits from two numbering systems.
    MixedNumberingSystems,
    /// The same non-spacing mark twice in a row.
    ConsecutiveNonspacingMarks,
    /// A non-spacing mark whose Script_Extensions exclude the base's script.
    MarkScriptMismatch,
    /// A diacritic on dotless ı, which makes it look like an accented i.
    DotlessIDiacritic,
    /// `mDigitConfusables`: only digits and characters that look like digits.
    DigitConfusables,
    /// `mCyrillicLatinConfusables`: every Cyrillic letter looks Latin, and the TLD is not a Cyrillic one.
    CyrillicConfusables,
    /// `mThaiLatinConfusables`: every Thai letter looks Latin, and the TLD is not `.th` or Thai.
    ThaiConfusables,
}

impl Rule {
    /// Every rule, in declaration order.
    pub const ALL: [Rule; 27] = [
        Rule::InvalidHost,
        Rule::Passthrough,
        Rule::ValidityError,
        Rule::LabelSafe,
        Rule::Blocklist,
        Rule::TldStartsWithXn,
        Rule::IdentifierTypeRestricted,
        Rule::IllegalScriptCombo,
        Rule::ProlongedSoundMark,
        Rule::KanaLookalike,
        Rule::IterationMark,
        Rule::CjkSlashConfusable,
        Rule::KatakanaMiddleDot,
        Rule::CombiningDiacritic,
        Rule::DotAbove,
        Rule::MiddleDot,
        Rule::IcelandicCharacter,
        Rule::Schwa,
        Rule::QuoteLike,
        Rule::CjkIdeograph,
        Rule::MixedNumberingSystems,
        Rule::ConsecutiveNonspacingMarks,
        Rule::MarkScriptMismatch,
        Rule::DotlessIDiacritic,
        Rule::DigitConfusables,
        Rule::CyrillicConfusables,
        Rule::ThaiConfusables,
    ];

    /// The upstream name (function, member or preference; a comment's words where the check has none).
    pub fn name(self) -> &'static str {
        match self {
            Rule::InvalidHost => "NS_ERROR_MALFORMED_URI",
            Rule::Passthrough => "Passthrough",
            Rule::ValidityError => "ValidityError",
            Rule::LabelSafe => "IsLabelSafe",
            Rule::Blocklist => "isOnlySafeChars",
            Rule::TldStartsWithXn => "TLDStartsWith(xn--)",
            Rule::IdentifierTypeRestricted => "IDTYPE_RESTRICTED",
            Rule::IllegalScriptCombo => "illegalScriptCombo",
            Rule::ProlongedSoundMark => "U+30FC not preceded by Hiragana/Katakana",
            Rule::KanaLookalike => "Hiragana/Katakana lookalike next to the other kana",
            Rule::IterationMark => "U+30FD/U+30FE not preceded by Katakana",
            Rule::CjkSlashConfusable => "isCJKSlashConfusable",
            Rule::KatakanaMiddleDot => "U+30FB next to Latin",
            Rule::CombiningDiacritic => "Combining Diacritic after non-Latin-Greek-Cyrillic",
            Rule::DotAbove => "U+0307 after i/j/l",
            Rule::MiddleDot => "U+00B7 outside .cat l·l",
            Rule::IcelandicCharacter => "Icelandic confusables outside .is/.fo",
            Rule::Schwa => "U+0259 outside .az",
            Rule::QuoteLike => "single/double-quote-like characters",
            Rule::CjkIdeograph => "isCJKIdeograph",
            Rule::MixedNumberingSystems => "mixed numbering systems",
            Rule::ConsecutiveNonspacingMarks => "consecutive non-spacing marks",
            Rule::MarkScriptMismatch => "mark script doesn't match the base script",
            Rule::DotlessIDiacritic => "diacritics on dotless-i",
            Rule::DigitConfusables => "mDigitConfusables",
            Rule::CyrillicConfusables => "mCyrillicLatinConfusables",
            Rule::ThaiConfusables => "mThaiLatinConfusables",
        }
    }

    /// The display the rule leads to: Unicode for a passthrough or safe label, Rejected for an invalid host, else Punycode.
    pub fn display(self) -> Display {
        match self {
            Rule::Passthrough | Rule::LabelSafe => Display::Unicode,
            Rule::InvalidHost => Display::Rejected,
            _ => Display::Punycode,
        }
    }

    /// The rule in a sentence.
    pub fn sentence(self) -> &'static str {
        match self {
            Rule::InvalidHost => {
                "Firefox's URL parser rejects this host (a UTS #46 error, a forbidden code point or no valid IPv4 address), so the address does not load."
            }
            Rule::Passthrough => "Every label is ASCII, so the host shows as it is.",
            Rule::ValidityError => {
                "UTS #46 processing (CheckBidi, CheckJoiners, nontransitional) fails, so the whole host stays ASCII."
            }
            Rule::LabelSafe => "Every non-ASCII label passed IsLabelSafe, so it is shown in Unicode.",
            Rule::Blocklist => "A character on Firefox's IDN blocklist (spaces, slashes, fraction and dot lookalikes, …).",
            Rule::TldStartsWithXn => "The top-level domain still begins with xn-- after decoding (Bug 1917119).",
            Rule::IdentifierTypeRestricted => "A character outside UTS #39's identifier set (Identifier_Status=Restricted).",
            Rule::IllegalScriptCombo => {
                "The label mixes scripts: Latin may join only Han with Kana, Bopomofo or Hangul, and Cyrillic or Greek may not mix at all (Highly Restrictive)."
            }
            Rule::ProlongedSoundMark => "ー (U+30FC) must follow Hiragana or Katakana.",
            Rule::KanaLookalike => "へ べ ぺ next to Katakana, or ヘ ベ ペ next to Hiragana: the two look the same.",
            Rule::IterationMark => "ヽ or ヾ (U+30FD, U+30FE) must follow Katakana.",
            Rule::CjkSlashConfusable => "ノ ソ ゾ ン 丶 乀 乁 丿 look like / or \\ when not next to Han, Hiragana or Katakana.",
            Rule::KatakanaMiddleDot => "・ (U+30FB) next to a Latin letter passes for a dot.",
            Rule::CombiningDiacritic => {
                "A combining diacritic (U+0300–U+0339) after a script other than Latin, Greek or Cyrillic."
            }
            Rule::DotAbove => "U+0307 COMBINING DOT ABOVE after i, j or l draws a second dot.",
            Rule::MiddleDot => "The middle dot · is allowed only between two l in a .cat name.",
            Rule::IcelandicCharacter => "þ and ð are allowed only under .is and .fo.",
            Rule::Schwa => "ə is allowed only under .az.",
            Rule::QuoteLike => "ʻ and ʼ pass for quotation marks.",
            Rule::CjkIdeograph => "一 丨 十 〇 ㄧ and similar pass for Latin letters or dashes next to non-CJK characters.",
            Rule::MixedNumberingSystems => "Digits from two numbering systems.",
            Rule::ConsecutiveNonspacingMarks => "The same non-spacing mark twice in a row draws on itself, invisibly.",
            Rule::MarkScriptMismatch => "A combining mark of another script than the letter it is on.",
            Rule::DotlessIDiacritic => "A diacritic on dotless ı makes it look like an accented i.",
            Rule::DigitConfusables => "The label is only digits and characters that look like digits.",
            Rule::CyrillicConfusables => {
                "Every Cyrillic letter of the label looks like a Latin one, and the TLD is not a Cyrillic one (.ru, .рф, …)."
            }
            Rule::ThaiConfusables => "Every Thai letter of the label looks like a Latin one, and the TLD is not .th or Thai.",
        }
    }
}

/// Firefox's verdict on `input` (a host as typed): the URL parser's host,
/// then `NS_DomainToDisplay` on it: each non-ASCII label through
/// [`is_label_safe`] with the name's TLD.
pub fn verdict(input: &str) -> Verdict {
    let url_host = UrlHost::parse(&Browser::Firefox.engine(), input, &crate::facts::Facts::NONE);
    verdict_on(&url_host, input, &[], true, &mut Kept::default())
}

/// What one worker keeps from name to name for [`verdict_on`]: the
/// characters' buffer, and `IsLabelSafe` on TLD labels, by label.
#[derive(Default)]
pub(crate) struct Kept {
    chars: Vec<char>,
    tld_checks: crate::memo::Memo<Result<(), Unsafe>>,
}

/// [`verdict`] on a host already parsed; without `shown` the host as
/// shown is left empty (the batch keeps the rule). `decoded`: labels whose
/// characters the caller decoded already; `kept`: the worker's.
pub(crate) fn verdict_on(url_host: &UrlHost, input: &str, decoded: &[KnownLabel<'_>], shown: bool, kept: &mut Kept) -> Verdict {
    // A domain that ends in a number goes to Firefox's own IPv4 parser,
    // whatever the URL Standard's made of it.
    if let Some(number) = &url_host.number {
        return match ipv4_parser::normalize_ipv4(number) {
            Ok(address) => Verdict::new(Rule::Passthrough.into(), address),
            Err(why) => Verdict::new(Rule::InvalidHost.into(), input.to_string())
                .with_detail(Some(format!("IPv4Parser::NormalizeIPv4 of “{number}”: {why}"))),
        };
    }
    let (host, to_unicode) = match (&url_host.host, &url_host.display) {
        (Ok(Host::Domain(host)), Some(to_unicode)) => (host, to_unicode.get()),
        (Ok(address), _) => return Verdict::new(Rule::Passthrough.into(), address.serialize()),
        (Err(why), _) => return Verdict::new(Rule::InvalidHost.into(), input.to_string()).with_detail(Some(why.clone())),
    };
    if let Some(c) = first_invalid_host_character(host) {
        let detail = format!("nsStandardURL::ValidIPv6orHostname: {c:?}");
        return Verdict::new(Rule::InvalidHost.into(), input.to_string()).with_detail(Some(detail));
    }
    if !to_unicode.errors.is_empty() {
        let codes: Vec<&str> = to_unicode.codes().iter().map(|c| c.as_str()).collect();
        return Verdict::new(Rule::ValidityError.into(), host.clone()).with_detail(Some(codes.join(" ")));
    }
    let unicode = to_unicode.value;
    if crate::scan::is_ascii(unicode) {
        // Every label is ASCII and shown as it is: the loop below would rebuild `unicode`.
        return Verdict::new(Rule::Passthrough.into(), unicode.to_string());
    }
    labels_on(host, unicode, decoded, kept, shown)
}

/// [`verdict_on`]'s loop over the labels of `unicode`, ToUnicode of
/// `host`, with the worker's buffer (the TLD's characters, then the
/// label's; a label among `decoded` is copied there, not decoded again);
/// `keep`: the host as shown is written.
fn labels_on(host: &str, unicode: &str, decoded: &[KnownLabel<'_>], kept: &mut Kept, keep: bool) -> Verdict {
    let Kept { chars, tld_checks } = kept;
    let push_chars =
        |chars: &mut Vec<char>, label: &str| match decoded.iter().find(|known| crate::scan::same_text(known.text, label)) {
            Some(known) => chars.extend_from_slice(known.chars),
            None => chars.extend(label.chars()),
        };
    chars.clear();
    let without_dot = unicode.strip_suffix('.').unwrap_or(unicode);
    push_chars(chars, last_label(without_dot));
    let tld_end = chars.len();
    let mut first_unsafe: Option<(Unsafe, String)> = None;
    let mut shown = String::with_capacity(if keep { unicode.len().max(host.len()) } else { 0 });
    for (index, label) in labels(unicode).enumerate() {
        if index > 0 && keep {
            shown.push('.');
        }
        if crate::scan::is_ascii(label) {
            if keep {
                shown.push_str(label);
            }
            continue;
        }
        chars.truncate(tld_end);
        push_chars(chars, label);
        let (tld, label_chars) = chars.split_at(tld_end);
        // The TLD's check is a function of the TLD alone.
        let when = label_chars == tld;
        let safe = tld_checks.remember_when(when, &[label], || is_label_safe(label_chars, tld));
        match safe {
            Ok(()) if keep => shown.push_str(label),
            Ok(()) => {}
            Err(why) => {
                if keep {
                    shown.push_str(labels(host).nth(index).unwrap_or(label));
                }
                first_unsafe.get_or_insert_with(|| (why, label.to_string()));
            }
        }
    }
    match first_unsafe {
        Some((why, label)) => Verdict::new(why.rule.into(), shown)
            .with_label(Some(label))
            .with_character(why.at),
        None if crate::scan::is_ascii(unicode) => Verdict::new(Rule::Passthrough.into(), shown),
        None => Verdict::new(Rule::LabelSafe.into(), shown),
    }
}

/// `TestForInvalidHostCharacters` (nsStandardURL.cpp), which
/// `ValidIPv6orHostname` asks of every character of the host the URL
/// parser made: beyond the URL Standard's forbidden code points it refuses
/// `*` and `"`.
const fn invalid_host_character(c: char) -> bool {
    matches!(
        c,
        '\u{1}'..='\u{1F}' | ' ' | '#' | '/' | ':' | '?' | '@' | '[' | '\\' | ']' | '*' | '<' | '^' | '>' | '|' | '"' | '%'
    )
}

/// [`invalid_host_character`] of each ASCII byte, for the parsed host (ASCII
/// but for a host the parser failed on).
const INVALID_HOST_ASCII: [bool; 128] = crate::ascii_table!(|byte| invalid_host_character(byte as char));

/// The first character of `host` that [`invalid_host_character`] refuses.
fn first_invalid_host_character(host: &str) -> Option<char> {
    match crate::scan::is_ascii(host) {
        true => host.bytes().find(|&b| INVALID_HOST_ASCII[usize::from(b)]).map(char::from),
        false => host.chars().find(|&c| invalid_host_character(c)),
    }
}

/// Why `IsLabelSafe` returned false: the rule and the character it stopped at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsafe {
    /// The check that failed.
    pub rule: Rule,
    /// The character it stopped at, when the check concerns one.
    pub at: Option<char>,
}

/// `nsIDNService::IsLabelSafe(label, tld)` with the default preferences:
/// every check in upstream order. `label` is a decoded, mapped, non-ASCII
/// label; `tld` the decoded last label of the name (possibly empty).
pub fn is_label_safe(label: &[char], tld: &[char]) -> Result<(), Unsafe> {
    label_safety(label, tld, true)
}

/// [`is_label_safe`]; with `skip_unnamed`, a character outside
/// [`NAMED_CHARACTERS`] skips the rules that name characters (it can meet
/// none of them). A test compares both ways over every BMP character.
#[inline]
fn label_safety(label: &[char], tld: &[char], skip_unnamed: bool) -> Result<(), Unsafe> {
    let fail = |rule, at| Err(Unsafe { rule, at });
    if let Some(&c) = label.iter().find(|&&c| in_blocklist(c)) {
        return fail(Rule::Blocklist, Some(c));
    }
    if tld.starts_with(&['x', 'n', '-', '-']) {
        return fail(Rule::TldStartsWithXn, None);
    }
    // The literals are ASCII: a length that differs settles most of them.
    let tld_is = |literal: &str| tld.len() == literal.len() && tld.iter().zip(literal.bytes()).all(|(&c, b)| c == char::from(b));
    // Whether the TLD has a Cyrillic and a Thai character, in one pass (an
    // ASCII character is Latin or Common: most TLDs need no look-up).
    let (cyrillic_tld_script, thai_tld_script) = tld
        .iter()
        .filter(|c| !c.is_ascii())
        .map(|&c| chars::scripts::script(c))
        .fold((false, false), |(cyrillic, thai), script| {
            (cyrillic || script == Script::Cyrillic, thai || script == Script::Thai)
        });
    let mut digits = Lookalike::new(false);
    let cyrillic_tld = data::CYRILLIC_TLDS.iter().any(|t| tld_is(t));
    let mut cyrillic = Lookalike::new(cyrillic_tld);
    let mut thai = Lookalike::new(tld_is("th"));

    let mut last_script: Option<Script> = None;
    let mut previous: Option<char> = None;
    let mut base: Option<char> = None;
    let mut numbering_systems = NumberingSystems::default();
    let mut saved_combo: Option<Combo> = None;
    let japanese = |s: Option<Script>| matches!(s, Some(Script::Han | Script::Hiragana | Script::Katakana));
    // Each character's facts are read once: as the next character's, then as its own.
    let mut next_facts = label.first().map(|&c| CharFacts::of(c));
    for (index, &ch) in label.iter().enumerate() {
        let next = label.get(index + 1).copied();
        let Some(facts) = std::mem::replace(&mut next_facts, next.map(CharFacts::of)) else {
            break;
        };
        let lists = facts.lists;
        let script = facts.script;
        let is_common = matches!(script, Script::Common | Script::Inherited);
        let next_script = next_facts.map(|next| next.script);
        // An allowed character of the last script, in no list but the
        // lookalikes' and named by no rule, meets only the lookalikes'
        // checks below; most characters of a label are such (a test
        // compares both ways).
        let plain = skip_unnamed
            && facts.flags == CharFacts::IDENTIFIER_ALLOWED
            && !lists.has(Lists::CJK_SLASH_CONFUSABLE | Lists::CJK_IDEOGRAPH)
            && Some(script) == last_script;
        if !plain {
            if !facts.has(CharFacts::IDENTIFIER_ALLOWED) {
                return fail(Rule::IdentifierTypeRestricted, Some(ch));
            }
            if !is_common && Some(script) != last_script && illegal_script_combo(script, &mut saved_combo) {
                return fail(Rule::IllegalScriptCombo, Some(ch));
            }
            // The rules that name characters, in upstream order, in two runs
            // around the CJK slash list's: most characters are none of those named.
            let named = !skip_unnamed || facts.has(CharFacts::NAMED);
            if named {
                if ch == '\u{30FC}' && !matches!(last_script, Some(Script::Hiragana | Script::Katakana)) {
                    return fail(Rule::ProlongedSoundMark, Some(ch));
                }
                if ('\u{3078}'..='\u{307A}').contains(&ch)
                    && (last_script == Some(Script::Katakana) || next_script == Some(Script::Katakana))
                {
                    return fail(Rule::KanaLookalike, Some(ch));
                }
                if ('\u{30D8}'..='\u{30DA}').contains(&ch)
                    && (last_script == Some(Script::Hiragana) || next_script == Some(Script::Hiragana))
                {
                    return fail(Rule::KanaLookalike, Some(ch));
                }
                if matches!(ch, '\u{30FD}' | '\u{30FE}') && last_script != Some(Script::Katakana) {
                    return fail(Rule::IterationMark, Some(ch));
                }
            }
            if lists.has(Lists::CJK_SLASH_CONFUSABLE) && label.len() > 1 && !japanese(last_script) && !japanese(next_script) {
                return fail(Rule::CjkSlashConfusable, Some(ch));
            }
            if named {
                if ch == '\u{30FB}' && (last_script == Some(Script::Latin) || next_script == Some(Script::Latin)) {
                    return fail(Rule::KatakanaMiddleDot, Some(ch));
                }
                if ('\u{0300}'..='\u{0339}').contains(&ch)
                    && !matches!(last_script, Some(Script::Latin | Script::Greek | Script::Cyrillic))
                {
                    return fail(Rule::CombiningDiacritic, Some(ch));
                }
                if ch == '\u{0307}' && matches!(previous, Some('i' | 'j' | 'l')) {
                    return fail(Rule::DotAbove, Some(ch));
                }
                if ch == MIDDLE_DOT && (!tld_is("cat") || !middle_dot_in_context(previous, next)) {
                    return fail(Rule::MiddleDot, Some(ch));
                }
                if matches!(ch, '\u{00FE}' | '\u{00F0}') && !tld_is("is") && !tld_is("fo") {
                    return fail(Rule::IcelandicCharacter, Some(ch));
                }
                if ch == '\u{0259}' && !tld_is("az") {
                    return fail(Rule::Schwa, Some(ch));
                }
                if matches!(ch, '\u{02BB}' | '\u{02BC}') {
                    return fail(Rule::QuoteLike, Some(ch));
                }
            }
        }
        if !ch.is_ascii_digit() {
            digits.check(lists.has(Lists::DIGIT_CONFUSABLE));
        }
        if !cyrillic_tld_script && script == Script::Cyrillic {
            cyrillic.check(lists.has(Lists::CYRILLIC_LATIN_CONFUSABLE));
        }
        if !thai_tld_script && script == Script::Thai {
            thai.check(lists.has(Lists::THAI_LATIN_CONFUSABLE));
        }
        if !plain {
            if lists.has(Lists::CJK_IDEOGRAPH) {
                let cjk =
                    |s: Option<Script>| matches!(s, Some(Script::Bopomofo | Script::Hiragana | Script::Katakana | Script::Han));
                let left_foreign = !cjk(last_script) && previous.is_some_and(|p| !p.is_ascii_digit());
                let right_foreign = !cjk(next_script) && next.is_some_and(|n| !n.is_ascii_digit());
                if left_foreign || right_foreign {
                    return fail(Rule::CjkIdeograph, Some(ch));
                }
            }
            if facts.has(CharFacts::DIGIT) && !numbering_systems.admits(ch) {
                return fail(Rule::MixedNumberingSystems, Some(ch));
            }
        }
        if facts.has(CharFacts::NONSPACING_MARK) {
            if previous == Some(ch) {
                return fail(Rule::ConsecutiveNonspacingMarks, Some(ch));
            }
            if let Some(last) = last_script {
                let extensions = chars::scripts::script_extension(ch);
                let specific = !(extensions.is_common() || extensions.is_inherited());
                if specific && !extensions.contains_script(last) {
                    return fail(Rule::MarkScriptMismatch, Some(ch));
                }
            }
            if base == Some('\u{0131}') && (('\u{0300}'..='\u{0314}').contains(&ch) || ch == '\u{031A}') {
                return fail(Rule::DotlessIDiacritic, Some(ch));
            }
        } else {
            base = Some(ch);
        }
        if !is_common {
            last_script = Some(script);
        }
        previous = Some(ch);
    }
    if digits.blocked() {
        return fail(Rule::DigitConfusables, None);
    }
    if cyrillic.blocked() {
        return fail(Rule::CyrillicConfusables, None);
    }
    if thai.blocked() {
        return fail(Rule::ThaiConfusables, None);
    }
    Ok(())
}

/// `LookalikeStatusChecker` / `DigitLookalikeStatusChecker`: the first
/// checked character that is not a lookalike settles the label as safe
/// (Ignore); otherwise it stays Block once a lookalike was seen.
struct Lookalike {
    status: LookalikeStatus,
}

/// `LookalikeStatus`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LookalikeStatus {
    Ignore,
    Safe,
    Block,
}

impl Lookalike {
    /// `valid_tld`: the TLD is one where such names are expected (status Ignore from the start).
    fn new(valid_tld: bool) -> Lookalike {
        let status = if valid_tld {
            LookalikeStatus::Ignore
        } else {
            LookalikeStatus::Safe
        };
        Lookalike { status }
    }

    fn check(&mut self, is_lookalike: bool) {
        if self.status != LookalikeStatus::Ignore {
            self.status = if is_lookalike {
                LookalikeStatus::Block
            } else {
                LookalikeStatus::Ignore
            };
        }
    }

    fn blocked(&self) -> bool {
        self.status == LookalikeStatus::Block
    }
}

/// `findScriptIndex`: the column of `scriptComboTable`.
fn script_index(script: Script) -> usize {
    match script {
        Script::Bopomofo => 0,
        Script::Cyrillic => 1,
        Script::Greek => 2,
        Script::Hangul => 3,
        Script::Han => 4,
        Script::Hiragana => 5,
        Script::Katakana => 6,
        Script::Latin => 7,
        _ => 8,
    }
}

/// `illegalScriptCombo`: the first script starts the combination; each
/// change of script moves it through `scriptComboTable`. The OTHR
/// combination (Latin with an untracked script) is illegal too, as under
/// the former "high" profile, now Firefox's only behaviour.
fn illegal_script_combo(script: Script, saved: &mut Option<Combo>) -> bool {
    let column = script_index(script);
    let Some(current) = *saved else {
        *saved = Some(data::SCRIPT_COLUMNS[column]);
        return false;
    };
    let row = current as usize;
    let next = data::SCRIPT_COMBO_TABLE[row][column];
    *saved = Some(next);
    matches!(next, Combo::Fail | Combo::Othr)
}

/// The characters [`is_label_safe`]'s rules name: ProlongedSoundMark,
/// KanaLookalike, IterationMark, KatakanaMiddleDot, CombiningDiacritic
/// and DotAbove (U+0300–U+0339), MiddleDot, IcelandicCharacter, Schwa,
/// QuoteLike.
const NAMED_CHARACTERS: [std::ops::RangeInclusive<char>; 9] = [
    MIDDLE_DOT..=MIDDLE_DOT,
    '\u{00F0}'..='\u{00F0}',
    '\u{00FE}'..='\u{00FE}',
    '\u{0259}'..='\u{0259}',
    '\u{02BB}'..='\u{02BC}',
    '\u{0300}'..='\u{0339}',
    '\u{3078}'..='\u{307A}',
    '\u{30D8}'..='\u{30DA}',
    '\u{30FB}'..='\u{30FE}',
];

/// What [`is_label_safe`]'s loop asks of each character, read with one
/// table lookup: the lists holding it, its Script, and whether it is
/// identifier-allowed, a nonspacing mark, a decimal digit.
#[derive(Clone, Copy)]
struct CharFacts {
    lists: Lists,
    script: Script,
    flags: u8,
}

impl CharFacts {
    const IDENTIFIER_ALLOWED: u8 = 1;
    const NONSPACING_MARK: u8 = 2;
    /// A decimal digit (`digit_zero` finds its zero), which [`NumberingSystems`] weighs.
    const DIGIT: u8 = 4;
    /// In [`NAMED_CHARACTERS`].
    const NAMED: u8 = 8;

    /// `c`'s facts: the lists, the flags and the number of its kind from
    /// [`FACTS`] (planes 0 to 3), the Script from the kind's; searched
    /// beyond the table. One read of a table whose blocks repeat (not the
    /// CJK ideographs': the identifier-allowed flag differs among them),
    /// where a table filled as characters came kept 256 eight-byte cells a
    /// block (docs/design.md).
    #[inline(always)]
    fn of(c: char) -> CharFacts {
        let generated = FACTS.lookup(c).and_then(|bits| {
            Some(CharFacts {
                lists: Lists(bits as u8),
                script: chars::scripts::script_of(bits >> 16)?,
                flags: (bits >> 8) as u8,
            })
        });
        match generated {
            Some(facts) => facts,
            None => CharFacts::searched(c),
        }
    }

    /// [`CharFacts::search`], out of line: the table answers nearly every character.
    #[cold]
    #[inline(never)]
    fn searched(c: char) -> CharFacts {
        CharFacts::search(c)
    }

    /// The lists and flags of [`CharFacts::search`] and the number of the
    /// character's kind, as [`FACTS`] holds them (a kind beyond 16 bits,
    /// or none, is left to the search).
    #[cfg(test)]
    fn table_bits(c: char) -> u32 {
        let facts = CharFacts::search(c);
        let kind = chars::scripts::kind_of(c).filter(|&kind| kind < 0xFFFF).unwrap_or(0xFFFF);
        u32::from(facts.lists.0) | u32::from(facts.flags) << 8 | kind << 16
    }

    fn search(c: char) -> CharFacts {
        let bit_if = |on: bool, bit: u8| if on { bit } else { 0 };
        CharFacts {
            lists: Lists::search(c),
            script: chars::scripts::script(c),
            flags: bit_if(identifier_allowed(c), CharFacts::IDENTIFIER_ALLOWED)
                | bit_if(is_nonspacing_mark(c), CharFacts::NONSPACING_MARK)
                | bit_if(digit_zero(c).is_some(), CharFacts::DIGIT)
                | bit_if(NAMED_CHARACTERS.iter().any(|named| named.contains(&c)), CharFacts::NAMED),
        }
    }

    fn has(self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}

/// [`CharFacts`] of planes 0 to 3: the lists (low byte), the flags (next
/// byte) and the number of the character's kind in the properties' records
/// (above them), made from `CharFacts::table_bits` (in tests): the lists
/// are not searched (nor the blocklist parsed) in a run that stays in them.
static FACTS: Generated<u32> = generated!("firefox_char_facts");

/// Which of Firefox's character lists hold a character, as bits: read from
/// [`CharFacts`]'s table instead of a search of each list.
#[derive(Clone, Copy)]
struct Lists(u8);

impl Lists {
    const BLOCKLIST: u8 = 1;
    const DIGIT_CONFUSABLE: u8 = 2;
    const CYRILLIC_LATIN_CONFUSABLE: u8 = 4;
    const THAI_LATIN_CONFUSABLE: u8 = 8;
    const CJK_SLASH_CONFUSABLE: u8 = 16;
    const CJK_IDEOGRAPH: u8 = 32;

    /// The lists holding `c`, searched in `data`.
    fn search(c: char) -> Lists {
        let code = c as u32;
        let bit_if = |on: bool, bit: u8| if on { bit } else { 0 };
        Lists(
            bit_if(in_blocklist_search(c), Lists::BLOCKLIST)
                | bit_if(data::DIGIT_CONFUSABLES.contains(&code), Lists::DIGIT_CONFUSABLE)
                | bit_if(
                    data::CYRILLIC_LATIN_CONFUSABLES.contains(&code),
                    Lists::CYRILLIC_LATIN_CONFUSABLE,
                )
                | bit_if(data::THAI_LATIN_CONFUSABLES.contains(&code), Lists::THAI_LATIN_CONFUSABLE)
                | bit_if(data::CJK_SLASH_CONFUSABLES.contains(&code), Lists::CJK_SLASH_CONFUSABLE)
                | bit_if(data::CJK_IDEOGRAPHS.contains(&code), Lists::CJK_IDEOGRAPH),
        )
    }

    fn has(self, list: u8) -> bool {
        self.0 & list != 0
    }
}

/// `CharInBlocklist`: BMP characters on `IDNCharacterBlocklist.inc` (code
/// points beyond the BMP are never blocked: "The blocklist only support BMP!").
fn in_blocklist(c: char) -> bool {
    CharFacts::of(c).lists.has(Lists::BLOCKLIST)
}

/// [`in_blocklist`], searched in the list.
fn in_blocklist_search(c: char) -> bool {
    let Ok(unit) = u16::try_from(c as u32) else { return false };
    let ranges = blocklist();
    let index = ranges.partition_point(|&(_, last)| last < unit);
    ranges.get(index).is_some_and(|&(first, _)| first <= unit)
}

/// The blocklist's ranges, parsed once from the upstream file.
fn blocklist() -> &'static [(u16, u16)] {
    static RANGES: OnceLock<Vec<(u16, u16)>> = OnceLock::new();
    RANGES.get_or_init(|| parse_blocklist(data::BLOCKLIST_SOURCE))
}

/// Parses `{ 0x0020, 0x0020 },` lines (comments and blank lines skipped).
fn parse_blocklist(source: &str) -> Vec<(u16, u16)> {
    source
        .lines()
        .filter_map(|line| {
            let inner = line.trim().strip_prefix('{')?.split('}').next()?;
            let (first, last) = inner.split_once(',')?;
            let hex = |s: &str| u16::from_str_radix(s.trim().trim_start_matches("0x"), 16).ok();
            Some((hex(first)?, hex(last)?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated table holds the searched lists and flags, and the
    /// kind's number, for planes 0 to 3.
    #[test]
    fn firefox_char_facts_table_is_current() {
        FACTS.check(crate::properties::PLANE_CELLS, CharFacts::table_bits);
    }

    /// Skipping the named rules for a character outside
    /// [`NAMED_CHARACTERS`], and all but the lookalikes' for a plain
    /// character after one of its script, changes no answer: every BMP
    /// character, after itself and after and before characters of the
    /// scripts those rules look at, under TLDs they name; and each named
    /// rule fires on one of them.
    #[test]
    fn characters_outside_the_named_ones_meet_no_named_rule() {
        let neighbours = [
            None,
            Some('a'),
            Some('i'),
            Some('ア'),
            Some('あ'),
            Some('中'),
            Some('б'),
            Some('ก'),
        ];
        let tlds: [&[char]; 5] = [&['c', 'o', 'm'], &['c', 'a', 't'], &['i', 's'], &['r', 'u'], &['t', 'h']];
        let mut fired = std::collections::BTreeSet::new();
        for c in (0..=0xFFFF).filter_map(char::from_u32) {
            for previous in neighbours.into_iter().chain([Some(c)]) {
                for next in [None, Some('ア'), Some('あ')] {
                    let label: Vec<char> = previous.into_iter().chain([c]).chain(next).collect();
                    for tld in tlds {
                        let all = label_safety(&label, tld, false);
                        assert_eq!(label_safety(&label, tld, true), all, "{label:?} {tld:?}");
                        if let Err(why) = all {
                            fired.insert(format!("{:?}", why.rule));
                        }
                    }
                }
            }
        }
        // The named rules: ProlongedSoundMark to QuoteLike in upstream order, the CJK slash list's aside.
        let at = |rule| Rule::ALL.iter().position(|&r| r == rule).unwrap_or_default();
        let named = &Rule::ALL[at(Rule::ProlongedSoundMark)..=at(Rule::QuoteLike)];
        assert_eq!(named.len(), 11);
        for rule in named.iter().filter(|&&rule| rule != Rule::CjkSlashConfusable) {
            assert!(fired.contains(&format!("{rule:?}")), "{rule:?}");
        }
    }

    /// The byte table finds what the character test finds, for every ASCII
    /// byte in a host and in a host with a non-ASCII character.
    #[test]
    fn the_invalid_host_byte_table_is_the_character_test() {
        let mut refused = 0;
        for byte in 0..128u8 {
            for host in [format!("a{}b.com", byte as char), format!("ü{}.com", byte as char)] {
                let expected = host.chars().find(|&c| invalid_host_character(c));
                assert_eq!(first_invalid_host_character(&host), expected, "{host:?}");
                refused += usize::from(expected.is_some());
            }
        }
        assert_eq!(refused, 2 * (31 + 16));
    }

    #[test]
    fn the_blocklist_has_its_54_sorted_ranges() {
        let ranges = blocklist();
        assert_eq!(ranges.len(), 54);
        assert!(ranges.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(ranges.iter().all(|(a, b)| a <= b));
        assert!(in_blocklist(' ') && in_blocklist('\u{2044}') && in_blocklist('\u{2FF5}'));
        assert!(!in_blocklist('a') && !in_blocklist('\u{2045}') && !in_blocklist('\u{1F512}'));
    }

    /// The characters' table answers as the lists and the properties'
    /// functions for every code point below U+11000, and each list's
    /// members are found in it.
    #[test]
    fn character_table_equals_the_lists_and_properties() {
        for c in (0..0x11000).filter_map(char::from_u32) {
            let facts = CharFacts::of(c);
            assert_eq!(facts.lists.0, Lists::search(c).0, "{c:?}");
            assert_eq!(facts.script, chars::scripts::script(c), "{c:?}");
            assert_eq!(facts.has(CharFacts::IDENTIFIER_ALLOWED), identifier_allowed(c), "{c:?}");
            assert_eq!(facts.has(CharFacts::NONSPACING_MARK), is_nonspacing_mark(c), "{c:?}");
            assert_eq!(facts.has(CharFacts::DIGIT), digit_zero(c).is_some(), "{c:?}");
        }
        for (list, bit) in [
            (&data::DIGIT_CONFUSABLES[..], Lists::DIGIT_CONFUSABLE),
            (&data::CYRILLIC_LATIN_CONFUSABLES, Lists::CYRILLIC_LATIN_CONFUSABLE),
            (&data::THAI_LATIN_CONFUSABLES, Lists::THAI_LATIN_CONFUSABLE),
            (&data::CJK_SLASH_CONFUSABLES, Lists::CJK_SLASH_CONFUSABLE),
            (&data::CJK_IDEOGRAPHS, Lists::CJK_IDEOGRAPH),
        ] {
            for &code in list {
                assert!(CharFacts::of(char::from_u32(code).unwrap()).lists.has(bit), "U+{code:04X}");
            }
        }
    }

    #[test]
    fn combo_rows_follow_the_enum_order() {
        // A combination's discriminant is its row: the columns' scripts first, then the mixes.
        for (row, combo) in data::SCRIPT_COLUMNS.into_iter().enumerate() {
            assert_eq!(combo as usize, row);
        }
        assert_eq!(data::SCRIPT_COMBO_TABLE.len(), Combo::Hnlt as usize + 1);
        assert_eq!(Combo::Fail as usize, data::SCRIPT_COMBO_TABLE.len(), "Fail has no row");
    }
}
