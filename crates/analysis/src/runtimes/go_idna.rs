//! `go-lookup`: `idna.Lookup.ToASCII(name)` of golang.org/x/net/idna 0.7
//! (Debian 12's golang-golang-x-net-dev) under Go 1.19, ported from
//! `idna10.0.0.go` (`Profile.process`, `validateAndMap`,
//! `validateFromPunycode`, `validateLabel`, `labelIter`), `punycode.go`
//! (`decode`, `encode`, `madd`, `adapt`), `trieval.go` and `go118.go`
//! (transitional processing off from Go 1.18), and golang.org/x/text's
//! `secure/bidirule/bidirule.go` (`ValidString`, `DirectionString`), in
//! their order. The per-code-point data is the package's own, dumped from it
//! (`tables/runtimes/go-idna.txt`, `scripts/go_idna_tables.py`): its trie of
//! Unicode 13.0, x/text's Bidi classes of Unicode 13.0, Go's `IsPrint`.
//!
//! What sets the Lookup profile apart from UTS #46 ToASCII, each a quirk of
//! the source: no VerifyDnsLength at all (empty labels and labels or names
//! of any length pass); the mapping runs over the whole name and the first
//! disallowed rune is the error (`runeError`); CheckHyphens reads UTF-8
//! bytes 3 and 4 and only in a label longer than four bytes (`ä--b` fails,
//! `äb--c` passes); turning CheckJoiners off also skips the leading
//! combining mark check; the Bidi Rule runs only when some character
//! (mapped, or decoded from `xn--`) is right-to-left, and its error quotes
//! the whole name; `xn--` labels are decoded by the package's own Punycode
//! (`xn--abc-` decodes to `abc`, which is then looked up as it stands).

use super::{Answer, Runtime};
use std::borrow::Cow;
use std::sync::LazyLock;

/// The categories of the package's trie (`trieval.go`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Category {
    Unknown,
    Mapped,
    DisallowedStd3Mapped,
    Deviation,
    Valid,
    ValidNv8,
    ValidXv8,
    Disallowed,
    DisallowedStd3Valid,
    Ignored,
}

impl Category {
    fn parse(name: &str) -> Category {
        match name {
            "unknown" => Category::Unknown,
            "mapped" => Category::Mapped,
            "disallowedSTD3Mapped" => Category::DisallowedStd3Mapped,
            "deviation" => Category::Deviation,
            "valid" => Category::Valid,
            "validNV8" => Category::ValidNv8,
            "validXV8" => Category::ValidXv8,
            "disallowed" => Category::Disallowed,
            "disallowedSTD3Valid" => Category::DisallowedStd3Valid,
            "ignored" => Category::Ignored,
            _ => panic!("go-idna.txt: category {name:?}"),
        }
    }
}

/// `info.isBidi` of the code point alone.
const IS_BIDI: u8 = 1;
/// `info.isModifier`.
const IS_MODIFIER: u8 = 2;
/// `info.isViramaModifier`.
const IS_VIRAMA_MODIFIER: u8 = 4;
/// The raw entry's `mayNeedNorm` bit.
const MAY_NEED_NORM: u8 = 8;

/// `tables/runtimes/go-idna.txt`, as runs.
struct Data {
    /// Each run's first code point, category and mapping (the runs cover
    /// every code point).
    idna: Vec<(u32, Category, Box<str>)>,
    /// Runs of attribute flags ([`IS_BIDI`] …); absent: none.
    info: Vec<(u32, u32, u8)>,
    /// Runs of `joinType()`: 1 L, 2 D, 3 T, 4 R (the package's numbers).
    join: Vec<(u32, u32, u8)>,
    /// Each run's first code point and its x/text Bidi class number.
    class: Vec<(u32, u8)>,
    /// `strconv.IsPrint`.
    print: Vec<(u32, u32)>,
    /// Assigned in Go's `unicode` (Unicode 13.0).
    assigned: Vec<(u32, u32)>,
    /// For each ASCII code point, its run in `idna` and its flags: names
    /// are mostly ASCII.
    ascii: [(usize, u8); 128],
}

/// x/text's `bidi.Class` names, in the order of their numbers.
const CLASSES: [&str; 25] = [
    "L", "R", "EN", "ES", "ET", "AN", "CS", "B", "S", "WS", "ON", "BN", "NSM", "AL", "Control", "numClass", "LRO", "RLO", "LRE",
    "RLE", "PDF", "LRI", "RLI", "FSI", "PDI",
];
const CLASS_L: u8 = 0;
const CLASS_R: u8 = 1;
const CLASS_EN: u8 = 2;
const CLASS_ES: u8 = 3;
const CLASS_ET: u8 = 4;
const CLASS_AN: u8 = 5;
const CLASS_CS: u8 = 6;
const CLASS_ON: u8 = 10;
const CLASS_BN: u8 = 11;
const CLASS_NSM: u8 = 12;
const CLASS_AL: u8 = 13;

static DATA: LazyLock<Data> = LazyLock::new(|| {
    let text: &'static str = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/go-idna.txt"));
    let mut data = Data {
        idna: Vec::new(),
        info: Vec::new(),
        join: Vec::new(),
        class: Vec::new(),
        print: Vec::new(),
        assigned: Vec::new(),
        ascii: [(0, 0); 128],
    };
    let hex = |h: &str| u32::from_str_radix(h, 16).expect("hexadecimal");
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let mut fields = line.split(';');
        let (Some(kind), Some(range), Some(value)) = (fields.next(), fields.next(), fields.next()) else {
            panic!("go-idna.txt: {line:?}")
        };
        let (first, last) = range.split_once("..").expect("a range");
        let (first, last) = (hex(first), hex(last));
        match kind {
            "idna" => {
                let mut parts = value.split(' ');
                let category = Category::parse(parts.next().expect("a category"));
                let mapping: String = parts.map(|h| char::from_u32(hex(h)).expect("a code point")).collect();
                data.idna.push((first, category, mapping.into()));
            }
            "info" => {
                let flags = value.split(' ').fold(0, |flags, name| {
                    flags
                        | match name {
                            "isBidi" => IS_BIDI,
                            "isModifier" => IS_MODIFIER,
                            "isViramaModifier" => IS_VIRAMA_MODIFIER,
                            "mayNeedNorm" => MAY_NEED_NORM,
                            _ => panic!("go-idna.txt: {line:?}"),
                        }
                });
                data.info.push((first, last, flags));
            }
            "join" => {
                let join = 1 + ["L", "D", "T", "R"].iter().position(|&j| j == value).expect("a joining type");
                data.join.push((first, last, join as u8));
            }
            "class" => {
                let class = CLASSES.iter().position(|&c| c == value).expect("a Bidi class");
                data.class.push((first, class as u8));
            }
            "print" => data.print.push((first, last)),
            "assigned" => data.assigned.push((first, last)),
            _ => panic!("go-idna.txt: {line:?}"),
        }
    }
    for runs in [&mut data.info, &mut data.join] {
        runs.sort_unstable();
    }
    data.idna.sort_unstable_by_key(|run| run.0);
    data.class.sort_unstable();
    data.print.sort_unstable();
    data.assigned.sort_unstable();
    for (byte, slot) in (0u32..).zip(&mut data.ascii) {
        let run = data.idna.partition_point(|run| run.0 <= byte) - 1;
        let flags = within(&data.info, char::from_u32(byte).expect("ASCII")).unwrap_or(0);
        *slot = (run, flags);
    }
    data
});

/// The run of `runs` (sorted by first code point, covering all) holding `c`.
fn covering<T>(runs: &[(u32, T)], c: char) -> &T {
    let at = runs.partition_point(|&(first, _)| first <= c as u32);
    &runs[at - 1].1
}

/// The value of the run of `runs` (sorted, not covering all) holding `c`.
fn within<T: Copy>(runs: &[(u32, u32, T)], c: char) -> Option<T> {
    let c = c as u32;
    let at = runs.partition_point(|&(first, _, _)| first <= c);
    (at > 0 && runs[at - 1].1 >= c).then(|| runs[at - 1].2)
}

fn contains(runs: &[(u32, u32)], c: char) -> bool {
    let c = c as u32;
    let at = runs.partition_point(|&(first, _)| first <= c);
    at > 0 && runs[at - 1].1 >= c
}

/// The trie's category and mapping of `c`.
fn entry(c: char) -> (Category, &'static str) {
    let data = &*DATA;
    let at = match data.ascii.get(c as usize) {
        Some(&(run, _)) => run,
        None => data.idna.partition_point(|run| run.0 <= c as u32) - 1,
    };
    let (_, category, mapping) = &data.idna[at];
    (*category, mapping)
}

fn flags(c: char) -> u8 {
    match DATA.ascii.get(c as usize) {
        Some(&(_, flags)) => flags,
        None => within(&DATA.info, c).unwrap_or(0),
    }
}

/// `info.joinType()`: 0 none, 1 L, 2 D, 3 T, 4 R.
fn join_type(c: char) -> u8 {
    within(&DATA.join, c).unwrap_or(0)
}

/// x/text's `bidi.LookupRune(c).Class()`, as its number.
fn bidi_class(c: char) -> u8 {
    *covering(&DATA.class, c)
}

/// True when Go's `unicode` (Unicode 13.0) assigns `c`.
fn assigned(c: char) -> bool {
    contains(&DATA.assigned, c)
}

/// A profile's options, as far as `ToASCII` reads them (the `options`
/// struct; no VerifyDNSLength, no RemoveLeadingDots: Lookup sets neither).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Profile {
    transitional: bool,
    use_std3_rules: bool,
    check_hyphens: bool,
    check_joiners: bool,
    bidi_rule: bool,
}

/// `idna.Lookup` as Go 1.18 and later build it (`transitionalLookup` false).
pub(super) const LOOKUP: Profile = Profile {
    transitional: false,
    use_std3_rules: true,
    check_hyphens: true,
    check_joiners: true,
    bidi_rule: true,
};

impl Profile {
    /// `Profile.simplify`: a category as this profile treats it.
    fn simplify(self, category: Category) -> Category {
        match category {
            Category::DisallowedStd3Mapped if self.use_std3_rules => Category::Disallowed,
            Category::DisallowedStd3Mapped => Category::Mapped,
            Category::DisallowedStd3Valid if self.use_std3_rules => Category::Disallowed,
            Category::DisallowedStd3Valid => Category::Valid,
            Category::Deviation if !self.transitional => Category::Valid,
            Category::ValidNv8 | Category::ValidXv8 => Category::Valid,
            other => other,
        }
    }
}

/// An error of `Profile.process`, as the package builds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum GoError {
    /// `runeError`: the first disallowed rune `validateAndMap` met.
    Rune(char),
    /// `labelError{label, code}`: the label (or, for `B`, the whole mapped
    /// name) and the UTS #46 code the package gives, with the function that
    /// made it.
    Label {
        label: String,
        code: &'static str,
        step: &'static str,
    },
}

impl GoError {
    fn label(label: impl Into<String>, code: &'static str, step: &'static str) -> GoError {
        GoError::Label {
            label: label.into(),
            code,
            step,
        }
    }

    /// The error's `Error()` text.
    pub(super) fn message(&self) -> String {
        match self {
            GoError::Rune(c) => format!("idna: disallowed rune U+{:04X}", *c as u32),
            GoError::Label { label, .. } => format!("idna: invalid label {}", quote(label.as_bytes())),
        }
    }

    /// The function and code that decided, e.g. `"validateLabel V2"`.
    pub(super) fn rule(&self) -> &'static str {
        match self {
            GoError::Rune(_) => "validateAndMap runeError",
            GoError::Label { step, .. } => step,
        }
    }

    /// What happened, in one sentence.
    pub(super) fn sentence(&self) -> String {
        match self {
            GoError::Rune(c) => rune_sentence(*c),
            GoError::Label { label, code, step } => label_sentence(label, code, step),
        }
    }
}

fn rune_sentence(c: char) -> String {
    let code = c as u32;
    match entry(c).0 {
        Category::DisallowedStd3Mapped | Category::DisallowedStd3Valid => format!(
            "U+{code:04X} is outside the letters, digits and hyphen that the Lookup profile's STD3 rules (StrictDomainName) allow."
        ),
        _ if !assigned(c) => format!(
            "U+{code:04X} is not assigned in Unicode 13.0, the version of x/net/idna's tables, so the package disallows it."
        ),
        _ => format!("UTS #46 (Unicode 13.0, as x/net/idna has it) disallows U+{code:04X}."),
    }
}

fn label_sentence(label: &str, code: &str, step: &str) -> String {
    match (code, step) {
        ("A3", "encode punyError") => "The package's Punycode encoder overflows its 32-bit arithmetic on this long label.".into(),
        ("A3", _) => "The label after xn-- is not valid Punycode for the package's decoder.".into(),
        ("V1", _) => "The label decoded from xn-- is not in NFC.".into(),
        ("V6", _) => match label
            .chars()
            .find(|&c| !matches!(LOOKUP.simplify(entry(c).0), Category::Valid))
        {
            Some(c) => format!(
                "The label decoded from xn-- holds U+{:04X}, which is not valid there (Lookup checks decoded labels too).",
                c as u32
            ),
            None => "The label decoded from xn-- holds a code point that is not valid there.".into(),
        },
        ("V2", _) => {
            "The label's third and fourth bytes are hyphens (CheckHyphens reads UTF-8 bytes, in labels of more than four).".into()
        }
        ("V3", _) => "The label starts or ends with a hyphen.".into(),
        ("V5", _) => "The label starts with a combining mark.".into(),
        ("C", _) => "A zero-width joiner or non-joiner stands where the ContextJ rules of RFC 5892 do not allow it.".into(),
        _ => "A label breaks the Bidi Rule of RFC 5893, checked because the name holds right-to-left characters.".into(),
    }
}

/// `strconv.Quote` of Go 1.19 (as `%q` writes a string): printable runes as
/// they are (`strconv.IsPrint`, Unicode 13.0), the rest escaped; a byte
/// that is not UTF-8 as `\x..`.
pub(super) fn quote(bytes: &[u8]) -> String {
    let mut out = String::from('"');
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                c if contains(&DATA.print, c) => out.push(c),
                '\u{7}' => out.push_str("\\a"),
                '\u{8}' => out.push_str("\\b"),
                '\u{C}' => out.push_str("\\f"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\u{B}' => out.push_str("\\v"),
                c if (c as u32) < 0x20 || c == '\u{7F}' => out.push_str(&format!("\\x{:02x}", c as u32)),
                c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push_str(&format!("\\U{:08x}", c as u32)),
            }
        }
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out.push('"');
    out
}

/// What the trie's `lookupString` reads at the start of some bytes.
enum Step {
    /// A rune (UTF-8 of `len_utf8` bytes).
    Rune(char),
    /// Bytes that are not UTF-8, which the trie gives the value 0
    /// (category unknown) and this size: a stray byte (1), a lead byte
    /// whose continuation stops after 0, 1 or 2 bytes (1 to 3), or a
    /// complete but overlong, surrogate or too-large sequence (3 or 4).
    Illegal(usize),
    /// A lead byte with fewer bytes left than it needs: size 0.
    Short,
}

/// `idnaTrie.lookupString`'s reading of `bytes` (not empty): the lead
/// byte's length is checked against what is left before any continuation
/// byte is looked at.
fn step(bytes: &[u8]) -> Step {
    let lead = bytes[0];
    let needed = match lead {
        0x00..=0x7F => return Step::Rune(char::from(lead)),
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => return Step::Illegal(1),
    };
    if bytes.len() < needed {
        return Step::Short;
    }
    if let Some(stop) = (1..needed).find(|&i| !(0x80..0xC0).contains(&bytes[i])) {
        return Step::Illegal(stop);
    }
    match std::str::from_utf8(&bytes[..needed]) {
        Ok(text) => Step::Rune(text.chars().next().expect("a rune")),
        Err(_) => Step::Illegal(needed),
    }
}

/// `validateAndMap`: the whole name through the trie. Mapped runes are
/// replaced, ignored ones dropped, disallowed ones kept (the first is the
/// error), bytes that are not UTF-8 replaced by U+FFFD (quietly, except
/// for a truncated last sequence, which ends the name and is the error);
/// the result is NFC, unless nothing changed and no rune carries
/// `mayNeedNorm`. Also whether any rune is right-to-left (`isBidi`).
fn validate_and_map(profile: Profile, s: &[u8]) -> (String, bool, Option<GoError>) {
    // Runs between the places where something changed hold only runes.
    let text = |bytes: &[u8]| std::str::from_utf8(bytes).expect("runes").to_string();
    let mut mapped = String::new();
    let (mut copied, mut at, mut combined, mut is_bidi, mut err) = (0, 0, 0, false, None);
    while at < s.len() {
        let start = at;
        let (category, mapping, bits) = match step(&s[at..]) {
            Step::Rune(c) => {
                at += c.len_utf8();
                let (category, mapping) = entry(c);
                if profile.simplify(category) == Category::Disallowed {
                    err.get_or_insert(GoError::Rune(c));
                }
                (category, mapping, flags(c))
            }
            Step::Illegal(size) => {
                at += size;
                (Category::Unknown, "", 0)
            }
            Step::Short => {
                mapped.push_str(&text(&s[copied..start]));
                mapped.push('\u{FFFD}');
                copied = s.len();
                err.get_or_insert(GoError::Rune('\u{FFFD}'));
                break;
            }
        };
        combined |= bits;
        is_bidi |= bits & IS_BIDI != 0;
        match profile.simplify(category) {
            Category::Mapped | Category::Deviation => {
                mapped.push_str(&text(&s[copied..start]));
                mapped.push_str(mapping);
            }
            Category::Ignored => mapped.push_str(&text(&s[copied..start])),
            Category::Unknown => {
                mapped.push_str(&text(&s[copied..start]));
                mapped.push('\u{FFFD}');
            }
            // Valid, or disallowed (kept; the error is recorded above).
            _ => continue,
        }
        copied = at;
    }
    let mapped = if copied == 0 {
        let s = text(s);
        if combined & MAY_NEED_NORM != 0 {
            super::nfc_of(&s).into_owned()
        } else {
            s
        }
    } else {
        mapped.push_str(&text(&s[copied..]));
        super::nfc_of(&mapped).into_owned()
    };
    (mapped, is_bidi, err)
}

/// `norm.NFC.IsNormalString` of x/text (Unicode 13.0): a code point Go's
/// Unicode does not assign has no normalization data there, so it neither
/// composes nor reorders; the runs between such code points are checked
/// with this crate's NFC, which agrees on every assigned code point
/// (Unicode's normalization stability).
fn is_normal(s: &str) -> bool {
    s.split(|c| !assigned(c)).all(unicode_normalization::is_nfc)
}

/// `validateFromPunycode`: a decoded label must be NFC and hold only valid
/// code points.
fn validate_from_punycode(profile: Profile, u: &str) -> Result<(), GoError> {
    if !is_normal(u) {
        return Err(GoError::label(u, "V1", "validateFromPunycode V1"));
    }
    let invalid = u
        .chars()
        .any(|c| !matches!(profile.simplify(entry(c).0), Category::Valid | Category::Deviation));
    if invalid {
        return Err(GoError::label(u, "V6", "validateFromPunycode V6"));
    }
    Ok(())
}

// The states of `validateLabel`'s joiner automaton (`joinState`).
const START: u8 = 0;
const VIRAMA: u8 = 1;
const BEFORE: u8 = 2;
const BEFORE_VIRAMA: u8 = 3;
const AFTER: u8 = 4;
const FAIL: u8 = 5;
// Its inputs beyond the joining types 1..=4: `joinZWJ`, `joinZWNJ`, `joinVirama`.
const ZWJ: usize = 5;
const ZWNJ: usize = 6;
const VIRAMA_INPUT: usize = 7;

/// `joinStates[state][input]`, inputs 0 (none), L, D, T, R, ZWJ, ZWNJ,
/// Virama; an input a state does not list leads back to the start, as
/// Go's zero value does.
const JOIN_STATES: [[u8; 8]; 6] = [
    // START
    [START, BEFORE, BEFORE, START, START, FAIL, FAIL, VIRAMA],
    // VIRAMA
    [START, BEFORE, BEFORE, START, START, START, START, START],
    // BEFORE
    [START, BEFORE, BEFORE, BEFORE, START, FAIL, AFTER, BEFORE_VIRAMA],
    // BEFORE_VIRAMA
    [START, BEFORE, BEFORE, BEFORE, START, START, START, START],
    // AFTER
    [START, FAIL, BEFORE, AFTER, START, FAIL, FAIL, AFTER],
    // FAIL
    [FAIL; 8],
];

/// `Profile.validateLabel`: hyphens on bytes, then (only with CheckJoiners)
/// a leading combining mark and the joiners.
fn validate_label(profile: Profile, s: &str) -> Result<(), GoError> {
    let bytes = s.as_bytes();
    if bytes.is_empty() {
        return Ok(());
    }
    if profile.check_hyphens {
        if bytes.len() > 4 && bytes[2] == b'-' && bytes[3] == b'-' {
            return Err(GoError::label(s, "V2", "validateLabel V2"));
        }
        if bytes[0] == b'-' || bytes[bytes.len() - 1] == b'-' {
            return Err(GoError::label(s, "V3", "validateLabel V3"));
        }
    }
    if !profile.check_joiners {
        return Ok(());
    }
    if s.chars().next().is_some_and(|c| flags(c) & IS_MODIFIER != 0) {
        return Err(GoError::label(s, "V5", "validateLabel V5"));
    }
    if !s.contains(['\u{200C}', '\u{200D}']) {
        return Ok(());
    }
    let mut state = START;
    for c in s.chars() {
        let input = match c {
            '\u{200D}' => ZWJ,
            '\u{200C}' => ZWNJ,
            c => usize::from(join_type(c)),
        };
        state = JOIN_STATES[usize::from(state)][input];
        if flags(c) & IS_VIRAMA_MODIFIER != 0 {
            state = JOIN_STATES[usize::from(state)][VIRAMA_INPUT];
        }
    }
    if state == FAIL || state == AFTER {
        return Err(GoError::label(s, "C", "validateLabel C"));
    }
    Ok(())
}

/// `bidirule.DirectionString(s) != bidi.LeftToRight`: some rune is R, AL or AN.
fn direction_is_rtl(s: &str) -> bool {
    s.chars().any(|c| matches!(bidi_class(c), CLASS_R | CLASS_AL | CLASS_AN))
}

// The Bidi Rule's states (`ruleState`).
const RULE_INITIAL: usize = 0;
const RULE_LTR: usize = 1;
const RULE_LTR_FINAL: usize = 2;
const RULE_RTL: usize = 3;
const RULE_RTL_FINAL: usize = 4;
const RULE_INVALID: usize = 5;

const fn bit(class: u8) -> u16 {
    1 << class
}

/// `transitions[state]`: two (next state, class mask) pairs, tried in order.
const TRANSITIONS: [[(usize, u16); 2]; 6] = {
    let neutral = bit(CLASS_ES) | bit(CLASS_CS) | bit(CLASS_ET) | bit(CLASS_ON) | bit(CLASS_BN);
    let rtl = bit(CLASS_R) | bit(CLASS_AL) | bit(CLASS_EN) | bit(CLASS_AN);
    let ltr = bit(CLASS_L) | bit(CLASS_EN);
    [
        [(RULE_LTR_FINAL, bit(CLASS_L)), (RULE_RTL_FINAL, bit(CLASS_R) | bit(CLASS_AL))],
        [(RULE_LTR_FINAL, ltr), (RULE_LTR, neutral | bit(CLASS_NSM))],
        [(RULE_LTR_FINAL, ltr | bit(CLASS_NSM)), (RULE_LTR, neutral)],
        [(RULE_RTL_FINAL, rtl), (RULE_RTL, neutral | bit(CLASS_NSM))],
        [(RULE_RTL_FINAL, rtl | bit(CLASS_NSM)), (RULE_RTL, neutral)],
        [(RULE_INVALID, 0), (RULE_INVALID, 0)],
    ]
};

/// `bidirule.ValidString`: the label through the rule's automaton. A class
/// numbered 16 or more (the explicit formatting characters) sets no bit of
/// the 16-bit mask, as Go's shift does, and matches no transition.
fn bidi_rule_valid(label: &str) -> bool {
    const EXCLUSIVE_RTL: u16 = bit(CLASS_EN) | bit(CLASS_AN);
    const IS_RTL: u16 = bit(CLASS_R) | bit(CLASS_AL) | bit(CLASS_AN);
    let (mut state, mut seen) = (RULE_INITIAL, 0u16);
    for c in label.chars() {
        let class = bidi_class(c);
        let mask = if class < 16 { bit(class) } else { 0 };
        seen |= mask;
        if seen & EXCLUSIVE_RTL == EXCLUSIVE_RTL {
            return false;
        }
        let [first, second] = TRANSITIONS[state];
        state = if first.1 & mask != 0 {
            first.0
        } else if second.1 & mask != 0 {
            second.0
        } else {
            if seen & IS_RTL != 0 {
                return false;
            }
            RULE_INVALID
        };
    }
    matches!(state, RULE_LTR_FINAL | RULE_RTL_FINAL | RULE_INITIAL)
}

// Punycode's parameters as `punycode.go` declares them (int32 arithmetic).
const BASE: i32 = 36;
const DAMP: i32 = 700;
const INITIAL_BIAS: i32 = 72;
const INITIAL_N: i32 = 128;
const SKEW: i32 = 38;
const TMAX: i32 = 26;
const TMIN: i32 = 1;

/// `madd`: `a + b*c`, or `None` where it passes `math.MaxInt32`.
fn madd(a: i32, b: i32, c: i32) -> Option<i32> {
    let product = i64::from(b) * i64::from(c);
    (product <= i64::from(i32::MAX) - i64::from(a)).then(|| a + product as i32)
}

fn threshold(k: i32, bias: i32) -> i32 {
    if k <= bias {
        TMIN
    } else if k >= bias + TMAX {
        TMAX
    } else {
        k - bias
    }
}

fn adapt(delta: i32, points: i32, first_time: bool) -> i32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + (BASE - TMIN + 1) * delta / (delta + SKEW)
}

/// `decode`: the Punycode after `xn--`; `punyError(encoded)` (A3) where
/// the package's decoder fails. Its basic part is copied as runes (not only
/// ASCII); a decoded surrogate becomes U+FFFD, as Go's `string([]rune)` does.
fn decode(encoded: &str) -> Result<String, GoError> {
    let error = || GoError::label(encoded, "A3", "decode punyError");
    if encoded.is_empty() {
        return Ok(String::new());
    }
    let bytes = encoded.as_bytes();
    let mut pos = encoded.rfind('-').map_or(0, |at| at + 1);
    if pos == 1 {
        return Err(error());
    }
    if pos == bytes.len() {
        return Ok(encoded[..bytes.len() - 1].to_string());
    }
    let mut output: Vec<u32> = match pos {
        0 => Vec::new(),
        _ => encoded[..pos - 1].chars().map(u32::from).collect(),
    };
    let (mut i, mut n, mut bias) = (0i32, INITIAL_N, INITIAL_BIAS);
    while pos < bytes.len() {
        let (old_i, mut w) = (i, 1i32);
        let mut k = BASE;
        loop {
            let Some(&byte) = bytes.get(pos) else {
                return Err(error());
            };
            let digit = match byte {
                b'0'..=b'9' => i32::from(byte - b'0') + 26,
                b'A'..=b'Z' => i32::from(byte - b'A'),
                b'a'..=b'z' => i32::from(byte - b'a'),
                _ => return Err(error()),
            };
            pos += 1;
            i = madd(i, digit, w).ok_or_else(error)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            w = madd(0, w, BASE - t).ok_or_else(error)?;
            k += BASE;
        }
        if output.len() >= 1024 {
            return Err(error());
        }
        let x = output.len() as i32 + 1;
        bias = adapt(i - old_i, x, old_i == 0);
        n = n.wrapping_add(i / x);
        i %= x;
        if !(0..=0x10_FFFF).contains(&n) {
            return Err(error());
        }
        output.insert(i as usize, n as u32);
        i += 1;
    }
    Ok(output
        .into_iter()
        .map(|code| char::from_u32(code).unwrap_or('\u{FFFD}'))
        .collect())
}

/// `encode("xn--", s)`; `punyError(s)` (A3) where the int32 delta overflows.
fn encode(s: &str) -> Result<String, GoError> {
    let error = || GoError::label(s, "A3", "encode punyError");
    let digit = |d: i32| -> char {
        match d {
            0..=25 => char::from(b'a' + d as u8),
            _ => char::from(b'0' + (d - 26) as u8),
        }
    };
    let mut output = String::from("xn--");
    output.extend(s.chars().filter(char::is_ascii));
    let basic = output.len() as i32 - 4;
    let mut remaining = s.chars().filter(|c| !c.is_ascii()).count();
    let (mut delta, mut n, mut bias, mut h) = (0i32, INITIAL_N, INITIAL_BIAS, basic);
    if basic > 0 {
        output.push('-');
    }
    while remaining != 0 {
        let m = s.chars().map(|c| c as i32).filter(|&c| c >= n).min().unwrap_or(i32::MAX);
        delta = madd(delta, m - n, h + 1).ok_or_else(error)?;
        n = m;
        for c in s.chars().map(|c| c as i32) {
            if c < n {
                delta = delta.wrapping_add(1);
                if delta < 0 {
                    return Err(error());
                }
                continue;
            }
            if c > n {
                continue;
            }
            let mut q = delta;
            let mut k = BASE;
            loop {
                let t = threshold(k, bias);
                if q < t {
                    break;
                }
                output.push(digit(t + (q - t) % (BASE - t)));
                q = (q - t) / (BASE - t);
                k += BASE;
            }
            output.push(digit(q));
            bias = adapt(delta, h + 1, h == basic);
            delta = 0;
            h += 1;
            remaining -= 1;
        }
        delta = delta.wrapping_add(1);
        n += 1;
    }
    Ok(output)
}

/// `Profile.process(s, true)` of a Go string (bytes, UTF-8 or not): map, check each label (decoding `xn--`
/// ones), the Bidi Rule over every label when the name is right-to-left,
/// then encode each non-ASCII label. The first error is the one returned.
pub(super) fn to_ascii(profile: Profile, input: &[u8]) -> Result<String, GoError> {
    let (mapped, mut is_bidi, mut err) = validate_and_map(profile, input);
    // labelIter: split at U+002E; an empty label is never checked (there
    // is no VerifyDNSLength), so visiting every label is the same.
    let mut labels: Vec<Cow<str>> = mapped.split('.').map(Cow::Borrowed).collect();
    for label in &mut labels {
        if label.is_empty() {
            continue;
        }
        if let Some(encoded) = label.strip_prefix("xn--") {
            let decoded = match decode(encoded) {
                Ok(decoded) => decoded,
                Err(error) => {
                    // "Spec says keep the old label."
                    err.get_or_insert(error);
                    continue;
                }
            };
            is_bidi |= direction_is_rtl(&decoded);
            if err.is_none() {
                err = validate_from_punycode(profile, &decoded).err();
            }
            if err.is_none() {
                err = validate_label(profile, &decoded).err();
            }
            *label = Cow::Owned(decoded);
        } else if err.is_none() {
            err = validate_label(profile, label).err();
        }
    }
    if is_bidi && profile.bidi_rule && err.is_none() && !labels.iter().all(|label| bidi_rule_valid(label)) {
        err = Some(GoError::label(mapped.as_str(), "B", "bidirule.ValidString B"));
    }
    for label in &mut labels {
        if !label.is_ascii() {
            match encode(label) {
                Ok(ascii) => *label = Cow::Owned(ascii),
                Err(error) => {
                    err.get_or_insert(error);
                    *label = Cow::Borrowed("");
                }
            }
        }
    }
    match err {
        Some(error) => Err(error),
        None => Ok(labels.join(".")),
    }
}

/// `idna.Lookup.ToASCII(input)`.
pub(super) fn lookup(input: &str) -> Answer {
    let runtime = Runtime::GoLookup;
    match to_ascii(LOOKUP, input.as_bytes()) {
        Ok(host) => Answer::ascii(
            runtime,
            host,
            "Profile.process",
            "UTS #46 mapping of Unicode 13.0 (nontransitional, STD3 rules), hyphen, joiner and Bidi checks, no length check; \
             non-ASCII labels Punycode-encoded."
                .into(),
        ),
        Err(error) => Answer::error(runtime, error.message(), error.rule(), error.sentence()),
    }
}

/// A profile of the same package that passes `input` where Lookup does
/// not, as the Go expression that builds it, and what it returns.
pub(super) fn relaxed(input: &str, error: &GoError) -> Option<(&'static str, String)> {
    let (expression, profile) = match error {
        GoError::Rune(c) if matches!(entry(*c).0, Category::DisallowedStd3Mapped | Category::DisallowedStd3Valid) => (
            "idna.New(idna.MapForLookup(), idna.BidiRule(), idna.StrictDomainName(false))",
            Profile {
                use_std3_rules: false,
                ..LOOKUP
            },
        ),
        GoError::Label { code: "V2" | "V3", .. } => (
            "idna.New(idna.MapForLookup(), idna.BidiRule(), idna.CheckHyphens(false))",
            Profile {
                check_hyphens: false,
                ..LOOKUP
            },
        ),
        GoError::Label { code: "C" | "V5", .. } => (
            "idna.New(idna.MapForLookup(), idna.BidiRule(), idna.CheckJoiners(false))",
            Profile {
                check_joiners: false,
                ..LOOKUP
            },
        ),
        GoError::Label { code: "B", .. } => (
            "idna.New(idna.MapForLookup())",
            Profile {
                bidi_rule: false,
                ..LOOKUP
            },
        ),
        _ => return None,
    };
    to_ascii(profile, input.as_bytes()).ok().map(|host| (expression, host))
}

/// What would make `idna.Lookup.ToASCII` pass where it fails: a profile of
/// the same package without the check that failed, when that passes.
pub(super) fn hint(input: &str, answer: &Answer) -> Option<String> {
    if answer.outcome != super::Outcome::Error {
        return None;
    }
    let error = to_ascii(LOOKUP, input.as_bytes()).err()?;
    let (expression, host) = relaxed(input, &error)?;
    Some(format!("`{expression}.ToASCII(name)` gives `{host}`."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_quirks_are_kept() {
        let ok = |name: &str| to_ascii(LOOKUP, name.as_bytes()).ok();
        // Hyphens 3 and 4 are bytes: ä is two of them.
        assert_eq!(ok("äb--c.de").as_deref(), Some("xn--b--c-koa.de"));
        assert_eq!(
            to_ascii(LOOKUP, "ä--b.de".as_bytes()).unwrap_err().message(),
            "idna: invalid label \"ä--b\""
        );
        // No length check, the root kept, empty labels allowed.
        assert_eq!(ok("a..b.").as_deref(), Some("a..b."));
        assert_eq!(ok(&"a".repeat(300)).map(|h| h.len()), Some(300));
        // xn--abc- decodes to its basic part.
        assert_eq!(ok("xn--abc-.com").as_deref(), Some("abc.com"));
        assert_eq!(
            to_ascii(LOOKUP, b"a_b.com").unwrap_err().message(),
            "idna: disallowed rune U+005F"
        );
    }

    #[test]
    fn quote_is_gos() {
        assert_eq!(quote("a\u{A0}\"b\u{1FAE0}\t".as_bytes()), "\"a\\u00a0\\\"b\\U0001fae0\\t\"");
        assert_eq!(quote(b"%a\xe2"), "\"%a\\xe2\"");
    }

    #[test]
    fn hints_pass_under_their_profile() {
        let answer = lookup("a_b.com");
        assert_eq!(
            hint("a_b.com", &answer).as_deref(),
            Some("`idna.New(idna.MapForLookup(), idna.BidiRule(), idna.StrictDomainName(false)).ToASCII(name)` gives `a_b.com`.")
        );
        assert!(hint("bücher.de", &lookup("bücher.de")).is_none());
    }
}
