//! `python-idna`: `idna.encode(name)` of PyPI's `idna` 3.20 (`idna/core.py`:
//! `encode`, `alabel`, `ulabel`, `check_label` and the checks it calls, in
//! that order) under Python 3.11. IDNA2008 without mapping: upper case is
//! refused outside ASCII labels (an ASCII label is checked lowercased and
//! returned as given), underscores are refused, and the package's code-point
//! classes are of Unicode 18.0 while the interpreter's `unicodedata` (NFC,
//! Bidi_Class, combining classes, marks) is of Unicode 14.0, so a code point
//! assigned later fails the Bidi check ("Unknown directionality").

use super::ranges::Indexed;
use super::{Answer, Runtime};
use std::sync::LazyLock;

/// Ranges of `tables/runtimes/python-idna.txt` (`scripts/python_idna_tables.py`).
struct Data {
    pvalid: Indexed<(u32, u32)>,
    contextj: Vec<(u32, u32)>,
    contexto: Vec<(u32, u32)>,
    greek: Vec<(u32, u32)>,
    hebrew: Vec<(u32, u32)>,
    han: Vec<(u32, u32)>,
    hiragana: Vec<(u32, u32)>,
    katakana: Vec<(u32, u32)>,
    /// `idnadata.joining_types`.
    joining: Vec<(u32, u32, char)>,
    /// `unicodedata.bidirectional`: every code point, `""` where unassigned.
    bidi: Indexed<(u32, u32, &'static str)>,
    /// `uts46data`: each run's first code point, status and replacement.
    uts46: Vec<(u32, char, String)>,
}

static DATA: LazyLock<Data> = LazyLock::new(|| {
    let text: &'static str = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/python-idna.txt"));
    let (mut pvalid, mut bidi) = (Vec::new(), Vec::new());
    let mut data = Data {
        pvalid: Indexed::new(Vec::new(), |&r| r),
        contextj: Vec::new(),
        contexto: Vec::new(),
        greek: Vec::new(),
        hebrew: Vec::new(),
        han: Vec::new(),
        hiragana: Vec::new(),
        katakana: Vec::new(),
        joining: Vec::new(),
        bidi: Indexed::new(Vec::new(), |r| (r.0, r.1)),
        uts46: Vec::new(),
    };
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let mut fields = line.split(';');
        let (Some(kind), Some(range), Some(value)) = (fields.next(), fields.next(), fields.next()) else {
            panic!("python-idna.txt: {line:?}")
        };
        let (first, last) = range.split_once("..").expect("a range");
        let hex = |h: &str| u32::from_str_radix(h, 16).expect("hexadecimal");
        let (first, last) = (hex(first), hex(last));
        match (kind, value) {
            ("class", "PVALID") => pvalid.push((first, last)),
            ("class", "CONTEXTJ") => data.contextj.push((first, last)),
            ("class", "CONTEXTO") => data.contexto.push((first, last)),
            ("script", "Greek") => data.greek.push((first, last)),
            ("script", "Hebrew") => data.hebrew.push((first, last)),
            ("script", "Han") => data.han.push((first, last)),
            ("script", "Hiragana") => data.hiragana.push((first, last)),
            ("script", "Katakana") => data.katakana.push((first, last)),
            ("joining", joining) => data.joining.push((first, last, joining.chars().next().expect("a type"))),
            ("bidi", "-") => bidi.push((first, last, "")),
            ("bidi", class) => bidi.push((first, last, class)),
            ("uts46", row) => {
                let mut parts = row.split(' ');
                let status = parts.next().and_then(|s| s.chars().next()).expect("a status");
                let replacement = parts.map(|h| char::from_u32(hex(h)).expect("a code point")).collect();
                data.uts46.push((first, status, replacement));
            }
            _ => panic!("python-idna.txt: {line:?}"),
        }
    }
    for ranges in [
        &mut pvalid,
        &mut data.contextj,
        &mut data.contexto,
        &mut data.greek,
        &mut data.hebrew,
        &mut data.han,
        &mut data.hiragana,
        &mut data.katakana,
    ] {
        ranges.sort_unstable();
    }
    data.joining.sort_unstable();
    bidi.sort_unstable_by_key(|&(first, _, _)| first);
    data.pvalid = Indexed::new(pvalid, |&r| r);
    data.bidi = Indexed::new(bidi, |r| (r.0, r.1));
    data
});

fn contains(ranges: &[(u32, u32)], c: char) -> bool {
    let c = c as u32;
    let at = ranges.partition_point(|&(first, _)| first <= c);
    at > 0 && ranges[at - 1].1 >= c
}

/// `unicodedata.bidirectional(c)` of Python 3.11 (`""`: not assigned in Unicode 14.0).
fn bidirectional(c: char) -> &'static str {
    DATA.bidi
        .find(c as u32, |r| (r.0, r.1))
        .expect("every code point has a row")
        .2
}

/// Assigned in the interpreter's Unicode (14.0).
pub(super) fn assigned(c: char) -> bool {
    !bidirectional(c).is_empty()
}

fn joining_type(c: char) -> Option<char> {
    let joining = &DATA.joining;
    let code = c as u32;
    let at = joining.partition_point(|&(first, _, _)| first <= code);
    (at > 0 && joining[at - 1].1 >= code).then(|| joining[at - 1].2)
}

/// Python's `repr()` of a string, as its messages quote a label (the
/// printable test reads Python 3.11's Unicode 14.0: a code point it does
/// not assign is escaped).
pub(super) fn repr(text: &str) -> String {
    use unicode_properties::GeneralCategory as G;
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in text.chars() {
        let category = crate::chars::general::general_category(c);
        let unprintable = !assigned(c)
            || matches!(
                category,
                G::Control
                    | G::Format
                    | G::Surrogate
                    | G::PrivateUse
                    | G::Unassigned
                    | G::LineSeparator
                    | G::ParagraphSeparator
                    | G::SpaceSeparator
            ) && c != ' ';
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if !unprintable => out.push(c),
            c if (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push(quote);
    out
}

/// An `IDNAError`: its message, its `code` (the package's rule name) and a sentence.
pub(super) type Failure = (String, &'static str, String);

fn fail(message: impl Into<String>, code: &'static str, sentence: impl Into<String>) -> Failure {
    (message.into(), code, sentence.into())
}

const MAX_INPUT_LENGTH: usize = 1024;

/// `check_bidi`: the Bidi rule of RFC 5893, applied when the label holds R, AL or AN.
fn check_bidi(label: &str) -> Result<(), Failure> {
    let mut rtl_label = false;
    for (idx, c) in label.chars().enumerate() {
        let direction = bidirectional(c);
        if direction.is_empty() {
            return Err(fail(
                format!("Unknown directionality in label {} at position {}", repr(label), idx + 1),
                "bidi_unknown_direction",
                format!(
                    "Python 3.11's Unicode 14.0 does not assign U+{:04X}: the package cannot tell its direction.",
                    c as u32
                ),
            ));
        }
        rtl_label |= matches!(direction, "R" | "AL" | "AN");
    }
    if !rtl_label {
        return Ok(());
    }
    let first = bidirectional(label.chars().next().expect("not empty"));
    let rtl = match first {
        "R" | "AL" => true,
        "L" => false,
        _ => {
            return Err(fail(
                format!("First codepoint in label {} must be directionality L, R or AL", repr(label)),
                "bidi_rule_1",
                "RFC 5893 rule 1: a label of a Bidi domain name starts with a character of class L, R or AL.",
            ));
        }
    };
    let mut valid_ending = false;
    let mut number_type = None;
    for (idx, c) in label.chars().enumerate() {
        let direction = bidirectional(c);
        if rtl {
            if !matches!(direction, "R" | "AL" | "AN" | "EN" | "ES" | "CS" | "ET" | "ON" | "BN" | "NSM") {
                return Err(fail(
                    format!(
                        "Invalid direction for codepoint at position {} in a right-to-left label",
                        idx + 1
                    ),
                    "bidi_rule_2",
                    "RFC 5893 rule 2: a right-to-left label holds only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM.",
                ));
            }
            if matches!(direction, "R" | "AL" | "EN" | "AN") {
                valid_ending = true;
            } else if direction != "NSM" {
                valid_ending = false;
            }
            if matches!(direction, "AN" | "EN") {
                match number_type {
                    None => number_type = Some(direction),
                    Some(seen) if seen != direction => {
                        return Err(fail(
                            "Can not mix numeral types in a right-to-left label",
                            "bidi_rule_4",
                            "RFC 5893 rule 4: a right-to-left label does not mix European and Arabic-Indic digits.",
                        ));
                    }
                    Some(_) => {}
                }
            }
        } else {
            if !matches!(direction, "L" | "EN" | "ES" | "CS" | "ET" | "ON" | "BN" | "NSM") {
                return Err(fail(
                    format!(
                        "Invalid direction for codepoint at position {} in a left-to-right label",
                        idx + 1
                    ),
                    "bidi_rule_5",
                    "RFC 5893 rule 5: a left-to-right label holds only L, EN, ES, CS, ET, ON, BN and NSM.",
                ));
            }
            if matches!(direction, "L" | "EN") {
                valid_ending = true;
            } else if direction != "NSM" {
                valid_ending = false;
            }
        }
    }
    if !valid_ending {
        let (code, rule) = if rtl { ("bidi_rule_3", 3) } else { ("bidi_rule_6", 6) };
        return Err(fail(
            "Label ends with illegal codepoint directionality",
            code,
            format!("RFC 5893 rule {rule}: the label ends with a character of the wrong direction."),
        ));
    }
    Ok(())
}

/// `valid_contextj`; `Err(())` where `_combining_class` raises (a neighbour
/// the interpreter does not name).
fn valid_contextj(label: &[char], pos: usize) -> Result<bool, ()> {
    let combining_class = |c: char| {
        let class = unicode_normalization::char::canonical_combining_class(c);
        if class == 0 && !assigned(c) { Err(()) } else { Ok(class) }
    };
    let virama_before = pos > 0 && combining_class(label[pos - 1])? == 9;
    match label[pos] {
        '\u{200C}' => {
            if virama_before {
                return Ok(true);
            }
            let before = label[..pos].iter().rev().map(|&c| joining_type(c)).find(|&t| t != Some('T'));
            if !matches!(before, Some(Some('L' | 'D'))) {
                return Ok(false);
            }
            let after = label[pos + 1..].iter().map(|&c| joining_type(c)).find(|&t| t != Some('T'));
            Ok(matches!(after, Some(Some('R' | 'D'))))
        }
        '\u{200D}' => Ok(virama_before),
        _ => Ok(false),
    }
}

/// `valid_contexto`.
fn valid_contexto(label: &[char], pos: usize) -> bool {
    let data = &*DATA;
    match label[pos] {
        '\u{00B7}' => pos > 0 && pos + 1 < label.len() && label[pos - 1] == 'l' && label[pos + 1] == 'l',
        '\u{0375}' => pos + 1 < label.len() && contains(&data.greek, label[pos + 1]),
        '\u{05F3}' | '\u{05F4}' => pos > 0 && contains(&data.hebrew, label[pos - 1]),
        '\u{30FB}' => label
            .iter()
            .filter(|&&c| c != '\u{30FB}')
            .any(|&c| contains(&data.hiragana, c) || contains(&data.katakana, c) || contains(&data.han, c)),
        '\u{0660}'..='\u{0669}' => !label.iter().any(|c| ('\u{06F0}'..='\u{06F9}').contains(c)),
        '\u{06F0}'..='\u{06F9}' => !label.iter().any(|c| ('\u{0660}'..='\u{0669}').contains(c)),
        _ => false,
    }
}

/// `check_label`: NFC, hyphens, no leading mark, each code point's class,
/// the Bidi rule.
fn check_label(label: &str) -> Result<(), Failure> {
    let chars: Vec<char> = label.chars().collect();
    if chars.len() > MAX_INPUT_LENGTH {
        return Err(fail(
            "Label too long",
            "input_too_long",
            "The package refuses a label of more than 1,024 characters.",
        ));
    }
    if chars.is_empty() {
        return Err(fail(
            "Empty Label",
            "empty_label",
            "A label is empty (two dots in a row or a leading dot).",
        ));
    }
    if chars.len() > 254 {
        return Err(fail(
            "Label too long",
            "label_too_long",
            "The label is longer than a whole domain name may be.",
        ));
    }
    // Python's NFC: a code point its Unicode does not assign stays as it
    // is, a starter that composes with nothing; the runs between normalize alone.
    if nfc(label) != label {
        return Err(fail(
            "Label must be in Normalization Form C",
            "not_nfc",
            "RFC 5891 §5.4: a U-label is in NFC; this one changes under normalization.",
        ));
    }
    if chars.get(2..4) == Some(&['-', '-'][..]) {
        return Err(fail(
            "Label has disallowed hyphens in 3rd and 4th position",
            "hyphen_3_4",
            "RFC 5891 §4.2.3.1: hyphens in the third and fourth positions are reserved for A-labels.",
        ));
    }
    if chars[0] == '-' || chars[chars.len() - 1] == '-' {
        return Err(fail(
            "Label must not start or end with a hyphen",
            "hyphen_start_end",
            "RFC 5891 §4.2.3.1: a label does not start or end with a hyphen.",
        ));
    }
    let first = chars[0];
    if assigned(first) && unicode_normalization::char::is_combining_mark(first) {
        return Err(fail(
            "Label begins with an illegal combining character",
            "leading_combiner",
            "RFC 5891 §4.2.3.2: a label does not start with a combining mark.",
        ));
    }
    let data = &*DATA;
    for (pos, &c) in chars.iter().enumerate() {
        if data.pvalid.find(c as u32, |&r| r).is_some() {
            continue;
        }
        let code = format!("U+{:04X}", c as u32);
        if contains(&data.contextj, c) {
            match valid_contextj(&chars, pos) {
                Ok(true) => {}
                Ok(false) => {
                    return Err(fail(
                        format!("Joiner {code} not allowed at position {} in {}", pos + 1, repr(label)),
                        "contextj",
                        format!("RFC 5892 Appendix A: {code} is allowed only after a virama or between joining letters."),
                    ));
                }
                Err(()) => {
                    return Err(fail(
                        format!(
                            "Unknown codepoint adjacent to joiner {code} at position {} in {}",
                            pos + 1,
                            repr(label)
                        ),
                        "unknown_codepoint",
                        "The joiner's neighbour is not assigned in Python 3.11's Unicode 14.0.",
                    ));
                }
            }
        } else if contains(&data.contexto, c) {
            if !valid_contexto(&chars, pos) {
                return Err(fail(
                    format!("Codepoint {code} not allowed at position {} in {}", pos + 1, repr(label)),
                    "contexto",
                    format!("RFC 5892 Appendix A: {code} is allowed only in its context."),
                ));
            }
        } else {
            return Err(fail(
                format!("Codepoint {code} at position {} of {} not allowed", pos + 1, repr(label)),
                "disallowed_codepoint",
                format!(
                    "{code} is not PVALID in IDNA2008 (idna's tables of Unicode 18.0), which refuses upper case, symbols, emoji and unassigned code points."
                ),
            ));
        }
    }
    check_bidi(label)
}

/// `ulabel` of an ASCII label: lowercased; an `xn--` label decoded,
/// re-encoded and checked; any other checked as it is.
fn ulabel_ascii(label: &str) -> Result<(), Failure> {
    let lower = label.to_ascii_lowercase();
    let Some(punycode) = lower.strip_prefix("xn--") else {
        return check_label(&lower);
    };
    if punycode.is_empty() {
        return Err(fail(
            "Malformed A-label, no Punycode eligible content found",
            "invalid_alabel",
            "The label is xn-- and nothing else.",
        ));
    }
    if punycode.ends_with('-') {
        return Err(fail(
            "A-label must not end with a hyphen",
            "invalid_alabel",
            "An A-label does not end with a hyphen.",
        ));
    }
    let invalid = || {
        fail(
            "Invalid A-label",
            "invalid_alabel",
            "What follows xn-- is not valid Punycode.",
        )
    };
    let decoded = crate::punycode::decode(punycode).map_err(|_| invalid())?;
    if crate::punycode::encode(&decoded).ok().as_deref() != Some(punycode) {
        return Err(fail(
            "A-label is not the canonical Punycode encoding of its U-label",
            "non_canonical_alabel",
            "RFC 5891 §5.3: encoding the decoded label again does not give this A-label.",
        ));
    }
    check_label(&decoded)
}

/// `alabel`: an ASCII label checked ([`ulabel_ascii`]) and returned as
/// given; another checked, Punycode-encoded and prefixed.
fn alabel(label: &str) -> Result<String, Failure> {
    let too_long = || fail("Label too long", "label_too_long", "An A-label is at most 63 bytes long.");
    if label.chars().count() > MAX_INPUT_LENGTH {
        return Err(fail(
            "Label too long",
            "input_too_long",
            "The package refuses a label of more than 1,024 characters.",
        ));
    }
    if label.is_ascii() {
        ulabel_ascii(label)?;
        return if label.len() <= 63 {
            Ok(label.to_string())
        } else {
            Err(too_long())
        };
    }
    check_label(label)?;
    let encoded = crate::punycode::encode(label).map_err(|_| too_long())?;
    let ace = format!("xn--{encoded}");
    if ace.len() <= 63 { Ok(ace) } else { Err(too_long()) }
}

/// Python's `unicodedata.normalize("NFC", text)`: a code point its
/// Unicode (14.0) does not assign stays as it is, a starter that composes
/// with nothing; the runs between normalize alone.
fn nfc(text: &str) -> String {
    // ASCII is in NFC as it is.
    if text.is_ascii() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in text.chars() {
        if assigned(c) {
            run.push(c);
        } else {
            out.push_str(&super::nfc_of(&run));
            run.clear();
            out.push(c);
        }
    }
    out.push_str(&super::nfc_of(&run));
    out
}

/// `uts46_remap(domain, std3_rules=False)`: ASCII lowercased; otherwise each
/// code point by its status in `uts46data` (valid and deviation kept,
/// mapped replaced, ignored dropped, any other refused), then NFC.
fn uts46_remap(domain: &str) -> Result<String, Failure> {
    if domain.is_ascii() {
        return Ok(domain.to_ascii_lowercase());
    }
    let rows = &DATA.uts46;
    let mut out = String::with_capacity(domain.len());
    for (pos, c) in domain.chars().enumerate() {
        let code = c as u32;
        let (_, status, replacement) = &rows[rows.partition_point(|&(first, _, _)| first <= code) - 1];
        match status {
            'V' | 'D' => out.push(c),
            'M' => out.push_str(replacement),
            'I' => {}
            _ => {
                return Err(fail(
                    format!(
                        "Codepoint U+{code:04X} not allowed at position {} in {}",
                        pos + 1,
                        repr(domain)
                    ),
                    "uts46_disallowed",
                    format!("U+{code:04X} is disallowed in UTS #46's mapping table (idna's of Unicode 18.0)."),
                ));
            }
        }
    }
    Ok(nfc(&out))
}

/// `idna.encode(name)`, or with `uts46=True` (its mapping first).
pub(super) fn encode(input: &str, uts46: bool) -> Answer {
    let runtime = if uts46 {
        Runtime::PythonIdnaUts46
    } else {
        Runtime::PythonIdna
    };
    match encode_with(input, uts46, &crate::profiles::idna2003::SEPARATORS) {
        Ok(host) => {
            let sentence = match uts46 {
                false => {
                    "Each label checked under IDNA2008 (RFC 5891–5893) without mapping and encoded; ASCII labels are returned as given."
                }
                true => {
                    "Mapped by UTS #46's table (Unicode 18.0), then each label checked under IDNA2008 (RFC 5891–5893) and encoded."
                }
            };
            Answer::ascii(runtime, host, "alabel", sentence.into())
        }
        Err((message, code, sentence)) => Answer::error(runtime, message, code, sentence),
    }
}

/// `idna.encode`'s steps with its labels split at `separators` (U+002E
/// alone under `strict=True`).
pub(super) fn encode_with(input: &str, uts46: bool, separators: &[char]) -> Result<String, Failure> {
    if input.chars().count() > MAX_INPUT_LENGTH {
        return Err(fail(
            "Domain too long",
            "input_too_long",
            "The package refuses a name of more than 1,024 characters.",
        ));
    }
    let remapped;
    let input = match uts46 {
        false => input,
        true => {
            remapped = uts46_remap(input)?;
            remapped.as_str()
        }
    };
    if input.chars().count() > 254 {
        return Err(fail(
            "Domain too long",
            "domain_too_long",
            "A domain name is at most 253 characters long (254 with a trailing dot).",
        ));
    }
    if input.is_empty() {
        return Err(fail("Empty domain", "empty_domain", "The name is empty."));
    }
    let (host, trailing_dot) = super::each_label(input, separators, alabel)?;
    if host.len() > 253 + usize::from(trailing_dot) {
        return Err(fail(
            "Domain too long",
            "domain_too_long",
            "The ASCII name is longer than 253 bytes.",
        ));
    }
    Ok(host)
}
