//! GNU libidn2 2.3.3's lookup, shared by `idn2`, `curl` and `glibc-ai-idn`:
//! `idn2_lookup_u8` and `idn2_lookup_ul` (`lib/lookup.c`: `set_default_flags`,
//! `_tr46`, `label`), the label checks in their order (`lib/idna.c`
//! `_idn2_label_test`, `lib/context.c` `_idn2_contextj_rule`, `lib/bidi.c`
//! `_idn2_bidi`), its Punycode (`lib/puny_decode.c`, `lib/puny_encode.c`)
//! and its error codes with `idn2_strerror`'s words (`lib/error.c`).
//!
//! The data is what the installed library reads, measured through the
//! public APIs of libidn2 and of the GNU libunistring it links
//! (`scripts/libidn2_tables.py` into `tables/runtimes/libidn2.txt`): UTS #46's
//! mapping table of Unicode 14.0, the IDNA2008 property table libidn2 ships
//! (Unicode 12), and libunistring 1.0's NFC, combining classes, marks,
//! Bidi classes and joining types (Unicode 14.0).
//!
//! Only the flags the three callers and their hints use are modelled:
//! `IDN2_NFC_INPUT`, `IDN2_TRANSITIONAL`, `IDN2_NONTRANSITIONAL`,
//! `IDN2_USE_STD3_ASCII_RULES` and `IDN2_NO_ALABEL_ROUNDTRIP` (not `IDN2_NO_TR46`).

use super::ranges::Indexed;
use ahash::AHashMap as HashMap;
use std::sync::LazyLock;

/// `IDN2_NFC_INPUT`.
const NFC_INPUT: u32 = 1;
/// `IDN2_TRANSITIONAL`.
pub(super) const TRANSITIONAL: u32 = 4;
/// `IDN2_NONTRANSITIONAL`.
pub(super) const NONTRANSITIONAL: u32 = 8;
/// `IDN2_USE_STD3_ASCII_RULES`.
pub(super) const USE_STD3_ASCII_RULES: u32 = 32;
/// `IDN2_NO_ALABEL_ROUNDTRIP`.
pub(super) const NO_ALABEL_ROUNDTRIP: u32 = 128;

/// `IDN2_LABEL_MAX_LENGTH`.
const LABEL_MAX_LENGTH: usize = 63;
/// `IDN2_DOMAIN_MAX_LENGTH`.
const DOMAIN_MAX_LENGTH: usize = 255;

/// The error codes a lookup of a valid UTF-8 string can return (`idn2.h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Error {
    Encoding,
    PunycodeBadInput,
    PunycodeBigOutput,
    PunycodeOverflow,
    TooBigDomain,
    TooBigLabel,
    NotNfc,
    TwoHyphen,
    HyphenStartEnd,
    LeadingCombining,
    Disallowed,
    Contextj,
    ContextjNoRule,
    Unassigned,
    Bidi,
    DotInLabel,
    InvalidTransitional,
    InvalidNontransitional,
    AlabelRoundtripFailed,
}

impl Error {
    /// `idn2_strerror_name`, e.g. `"IDN2_DISALLOWED"`.
    pub(super) fn name(self) -> &'static str {
        match self {
            Error::Encoding => "IDN2_ENCODING_ERROR",
            Error::PunycodeBadInput => "IDN2_PUNYCODE_BAD_INPUT",
            Error::PunycodeBigOutput => "IDN2_PUNYCODE_BIG_OUTPUT",
            Error::PunycodeOverflow => "IDN2_PUNYCODE_OVERFLOW",
            Error::TooBigDomain => "IDN2_TOO_BIG_DOMAIN",
            Error::TooBigLabel => "IDN2_TOO_BIG_LABEL",
            Error::NotNfc => "IDN2_NOT_NFC",
            Error::TwoHyphen => "IDN2_2HYPHEN",
            Error::HyphenStartEnd => "IDN2_HYPHEN_STARTEND",
            Error::LeadingCombining => "IDN2_LEADING_COMBINING",
            Error::Disallowed => "IDN2_DISALLOWED",
            Error::Contextj => "IDN2_CONTEXTJ",
            Error::ContextjNoRule => "IDN2_CONTEXTJ_NO_RULE",
            Error::Unassigned => "IDN2_UNASSIGNED",
            Error::Bidi => "IDN2_BIDI",
            Error::DotInLabel => "IDN2_DOT_IN_LABEL",
            Error::InvalidTransitional => "IDN2_INVALID_TRANSITIONAL",
            Error::InvalidNontransitional => "IDN2_INVALID_NONTRANSITIONAL",
            Error::AlabelRoundtripFailed => "IDN2_ALABEL_ROUNDTRIP_FAILED",
        }
    }

    /// `idn2_strerror`: the library's own words (untranslated, as in C.UTF-8).
    pub(super) fn strerror(self) -> &'static str {
        match self {
            Error::Encoding => "string encoding error",
            Error::PunycodeBadInput => "string contains invalid punycode data",
            Error::PunycodeBigOutput => "punycode encoded data will be too large",
            Error::PunycodeOverflow => "punycode conversion resulted in overflow",
            Error::TooBigDomain => "domain name longer than 255 characters",
            Error::TooBigLabel => "domain label longer than 63 characters",
            Error::NotNfc => "string is not in Unicode NFC format",
            Error::TwoHyphen => "string contains forbidden two hyphens pattern",
            Error::HyphenStartEnd => "string start/ends with forbidden hyphen",
            Error::LeadingCombining => "string contains a forbidden leading combining character",
            Error::Disallowed => "string contains a disallowed character",
            Error::Contextj => "string contains a forbidden context-j character",
            Error::ContextjNoRule => "string contains a context-j character with null rule",
            Error::Unassigned => "string contains unassigned code point",
            Error::Bidi => "string has forbidden bi-directional properties",
            Error::DotInLabel => "domain label has forbidden dot (TR46)",
            Error::InvalidTransitional => "domain label has character forbidden in transitional mode (TR46)",
            Error::InvalidNontransitional => "domain label has character forbidden in non-transitional mode (TR46)",
            Error::AlabelRoundtripFailed => "A-label roundtrip failed",
        }
    }

    /// What the check refused, in plain English (for the answers' sentences).
    pub(super) fn explanation(self) -> &'static str {
        match self {
            Error::Encoding => "a decoded A-label holds a surrogate code point",
            Error::PunycodeBadInput => "an xn-- label is not valid Punycode",
            Error::PunycodeBigOutput => "a label's A-label would be longer than 63 characters",
            Error::PunycodeOverflow => "an xn-- label's Punycode overflows",
            Error::TooBigDomain => "the name is longer than a DNS name may be",
            Error::TooBigLabel => "an ASCII label is longer than 63 characters",
            Error::NotNfc => "a label (or a decoded A-label) is not in NFC",
            Error::TwoHyphen => "a label has hyphens in its third and fourth positions",
            Error::HyphenStartEnd => "a label starts or ends with a hyphen",
            Error::LeadingCombining => "a label starts with a combining mark",
            Error::Disallowed => {
                "a code point is disallowed (UTS #46 of Unicode 14.0, or IDNA2008's table of Unicode 12 for a U-label)"
            }
            Error::Contextj => "a zero-width joiner or non-joiner is not in the context RFC 5892 allows",
            Error::ContextjNoRule => "a CONTEXTJ code point has no rule",
            Error::Unassigned => "a code point is unassigned in libidn2's IDNA2008 table (Unicode 12)",
            Error::Bidi => "a label with right-to-left characters breaks the Bidi rule of RFC 5893",
            Error::DotInLabel => "a decoded A-label holds a dot",
            Error::InvalidTransitional | Error::InvalidNontransitional => {
                "a label (or a decoded A-label) holds a code point UTS #46 does not allow as valid"
            }
            Error::AlabelRoundtripFailed => {
                "the A-label does not decode back to its label (an xn-- label not in canonical form, or ASCII other than letters, digits, '-' and '_' beside non-ASCII)"
            }
        }
    }
}

/// A code point's status in libidn2's UTS #46 table (`TR46_FLG_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Valid,
    Mapped,
    Ignored,
    Deviation,
    Disallowed,
    Std3Valid,
    Std3Mapped,
}

/// A code point's IDNA2008 property as the lookup's checks see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Property {
    /// PVALID, or CONTEXTO with a rule (`TEST_CONTEXTO_WITH_RULE` only asks for one).
    Passes,
    Contextj,
    Disallowed,
    Unassigned,
    /// Never inside a label these checks see: not NFC (TEST_NFC runs
    /// first), or U+002E (labels are split at it).
    NotReached,
}

/// `tables/runtimes/libidn2.txt`, parsed.
struct Data {
    /// First, last, status, mapping.
    tr46: Indexed<(u32, u32, Status, Vec<u32>)>,
    property: Indexed<(u32, u32, Property)>,
    mark: Indexed<(u32, u32)>,
    ccc: Indexed<(u32, u32, u8)>,
    bidi: Indexed<(u32, u32, &'static str)>,
    joining: Indexed<(u32, u32, char)>,
    /// One level of canonical decomposition.
    decomposition: HashMap<u32, Vec<u32>>,
    /// Primary composites by their pair.
    composition: HashMap<(u32, u32), u32>,
    /// The second code points of [`Data::composition`]'s pairs.
    seconds: ahash::AHashSet<u32>,
}

static DATA: LazyLock<Data> = LazyLock::new(|| {
    let text: &'static str = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/libidn2.txt"));
    let hex = |h: &str| u32::from_str_radix(h, 16).expect("hexadecimal");
    let (mut tr46, mut properties, mut mark, mut ccc, mut bidi, mut joining) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut decomposition, mut composition) = (HashMap::new(), HashMap::new());
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let mut fields = line.split(';');
        let (Some(kind), Some(range), Some(value)) = (fields.next(), fields.next(), fields.next()) else {
            panic!("libidn2.txt: {line:?}")
        };
        let (first, last) = range.split_once("..").expect("a range");
        let (first, last) = (hex(first), hex(last));
        match kind {
            "tr46" => {
                let mut parts = value.split(' ');
                let status = match parts.next() {
                    Some("V") => Status::Valid,
                    Some("M") => Status::Mapped,
                    Some("I") => Status::Ignored,
                    Some("D") => Status::Deviation,
                    Some("X") => Status::Disallowed,
                    Some("S") => Status::Std3Valid,
                    Some("T") => Status::Std3Mapped,
                    _ => panic!("libidn2.txt: {line:?}"),
                };
                tr46.push((first, last, status, parts.map(hex).collect()));
            }
            "idna2008" => {
                let property = match value {
                    "P" => Property::Passes,
                    "J" => Property::Contextj,
                    "D" => Property::Disallowed,
                    "U" => Property::Unassigned,
                    "N" => Property::NotReached,
                    _ => panic!("libidn2.txt: {line:?}"),
                };
                properties.push((first, last, property));
            }
            "mark" => mark.push((first, last)),
            "ccc" => ccc.push((first, last, value.parse().expect("a class"))),
            "bidi" => bidi.push((first, last, value)),
            "joining" => joining.push((first, last, value.chars().next().expect("a type"))),
            "decomp" => {
                let parts: Vec<u32> = value.split(' ').map(hex).collect();
                if fields.next() == Some("C") {
                    composition.insert((parts[0], parts[1]), first);
                }
                decomposition.insert(first, parts);
            }
            _ => panic!("libidn2.txt: {line:?}"),
        }
    }
    Data {
        tr46: Indexed::new(tr46, |r| (r.0, r.1)),
        property: Indexed::new(properties, |r| (r.0, r.1)),
        mark: Indexed::new(mark, |&r| r),
        ccc: Indexed::new(ccc, |r| (r.0, r.1)),
        bidi: Indexed::new(bidi, |r| (r.0, r.1)),
        joining: Indexed::new(joining, |r| (r.0, r.1)),
        decomposition,
        seconds: composition.keys().map(|&(_, second)| second).collect(),
        composition,
    }
});

/// `get_idna_map`: status and mapping (a surrogate, which only Punycode
/// decoding can produce, is disallowed as in the Unicode table).
fn idna_map(c: u32) -> (Status, &'static [u32]) {
    match DATA.tr46.find(c, |r| (r.0, r.1)) {
        Some((_, _, status, mapping)) => (*status, mapping.as_slice()),
        None => (Status::Disallowed, &[]),
    }
}

fn property(c: u32) -> Property {
    DATA.property.find(c, |r| (r.0, r.1)).map_or(Property::Unassigned, |r| r.2)
}

fn is_mark(c: u32) -> bool {
    DATA.mark.find(c, |r| (r.0, r.1)).is_some()
}

fn combining_class(c: u32) -> u8 {
    DATA.ccc.find(c, |r| (r.0, r.1)).map_or(0, |r| r.2)
}

/// `uc_bidi_category`, by libunistring's name (every code point has one).
fn bidi_category(c: u32) -> &'static str {
    DATA.bidi.find(c, |r| (r.0, r.1)).map_or("L", |r| r.2)
}

/// `uc_joining_type`: U, T, C, L, R or D.
fn joining_type(c: u32) -> char {
    DATA.joining.find(c, |r| (r.0, r.1)).map_or('U', |r| r.2)
}

// Hangul syllables, which libunistring decomposes and composes by the algorithm.
const S_BASE: u32 = 0xAC00;
const L_BASE: u32 = 0x1100;
const V_BASE: u32 = 0x1161;
const T_BASE: u32 = 0x11A7;
const S_COUNT: u32 = 11172;
const L_COUNT: u32 = 19;
const V_COUNT: u32 = 21;
const T_COUNT: u32 = 28;

fn decompose(c: u32, out: &mut Vec<u32>) {
    if (S_BASE..S_BASE + S_COUNT).contains(&c) {
        let s = c - S_BASE;
        out.push(L_BASE + s / (V_COUNT * T_COUNT));
        out.push(V_BASE + (s % (V_COUNT * T_COUNT)) / T_COUNT);
        if !s.is_multiple_of(T_COUNT) {
            out.push(T_BASE + s % T_COUNT);
        }
    } else if let Some(parts) = DATA.decomposition.get(&c) {
        for &part in parts {
            decompose(part, out);
        }
    } else {
        out.push(c);
    }
}

fn compose(a: u32, b: u32) -> Option<u32> {
    if (L_BASE..L_BASE + L_COUNT).contains(&a) && (V_BASE..V_BASE + V_COUNT).contains(&b) {
        return Some(S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT);
    }
    if (S_BASE..S_BASE + S_COUNT).contains(&a)
        && (a - S_BASE).is_multiple_of(T_COUNT)
        && (T_BASE + 1..T_BASE + T_COUNT).contains(&b)
    {
        return Some(a + (b - T_BASE));
    }
    DATA.composition.get(&(a, b)).copied()
}

/// Whether [`nfc`] keeps `c` as it is and where it is, whatever stands
/// around it (`kept_by_nfc_is_exact`). Below U+0300 nothing decomposes into
/// anything that recomposes differently, has a combining class or composes
/// with what precedes; past it, a code point with no decomposition, of
/// class 0, that is never the second of a composing pair, is neither split,
/// moved nor absorbed.
fn kept_by_nfc(c: u32) -> bool {
    c < 0x300
        || !((S_BASE..S_BASE + S_COUNT).contains(&c)
            || (V_BASE..V_BASE + V_COUNT).contains(&c)
            || (T_BASE + 1..T_BASE + T_COUNT).contains(&c)
            || DATA.decomposition.contains_key(&c)
            || DATA.seconds.contains(&c)
            || combining_class(c) != 0)
}

/// `u32_normalize (UNINORM_NFC, ...)` on libunistring's data: canonical
/// decomposition, canonical ordering, canonical composition.
pub(super) fn nfc(text: &[u32]) -> Vec<u32> {
    if text.iter().all(|&c| kept_by_nfc(c)) {
        return text.to_vec();
    }
    nfc_steps(text)
}

/// [`nfc`]'s three steps, taken on every code point.
fn nfc_steps(text: &[u32]) -> Vec<u32> {
    let mut decomposed = Vec::with_capacity(text.len());
    for &c in text {
        decompose(c, &mut decomposed);
    }
    // Canonical ordering: a stable sort of each run of non-starters.
    let mut start = 0;
    while start < decomposed.len() {
        if combining_class(decomposed[start]) == 0 {
            start += 1;
            continue;
        }
        let end = (start..decomposed.len())
            .find(|&i| combining_class(decomposed[i]) == 0)
            .unwrap_or(decomposed.len());
        decomposed[start..end].sort_by_key(|&c| combining_class(c));
        start = end;
    }
    let mut out: Vec<u32> = Vec::with_capacity(decomposed.len());
    let mut starter: Option<usize> = None;
    // The class of the last code point kept since the starter (None: none kept).
    let mut last_class: Option<u8> = None;
    for c in decomposed {
        let class = combining_class(c);
        if let Some(at) = starter {
            let unblocked = match last_class {
                None => true,
                Some(last) => last != 0 && last < class,
            };
            if unblocked && let Some(composite) = compose(out[at], c) {
                out[at] = composite;
                continue;
            }
        }
        if class == 0 {
            starter = Some(out.len());
            last_class = None;
        } else {
            last_class = Some(class);
        }
        out.push(c);
    }
    out
}

// `_idn2_label_test`'s test bits (`lib/idna.h`).
const TEST_NFC: u32 = 0x0001;
const TEST_2HYPHEN: u32 = 0x0002;
const TEST_HYPHEN_STARTEND: u32 = 0x0004;
const TEST_LEADING_COMBINING: u32 = 0x0008;
const TEST_DISALLOWED: u32 = 0x0010;
const TEST_CONTEXTJ_RULE: u32 = 0x0040;
const TEST_UNASSIGNED: u32 = 0x0400;
const TEST_BIDI: u32 = 0x0800;
const TEST_TRANSITIONAL: u32 = 0x1000;
const TEST_NONTRANSITIONAL: u32 = 0x2000;
const TEST_ALLOW_STD3_DISALLOWED: u32 = 0x4000;

/// `TR46_TRANSITIONAL_CHECK`, `TR46_NONTRANSITIONAL_CHECK`.
const TR46_TRANSITIONAL_CHECK: u32 = TEST_NFC | TEST_2HYPHEN | TEST_HYPHEN_STARTEND | TEST_LEADING_COMBINING | TEST_TRANSITIONAL;
const TR46_NONTRANSITIONAL_CHECK: u32 =
    TEST_NFC | TEST_2HYPHEN | TEST_HYPHEN_STARTEND | TEST_LEADING_COMBINING | TEST_NONTRANSITIONAL;

const HYPHEN: u32 = '-' as u32;
const DOT: u32 = '.' as u32;

fn std3_status(c: u32) -> bool {
    matches!(idna_map(c).0, Status::Std3Valid | Status::Std3Mapped)
}

/// `_idn2_label_test`: the checks `what` asks for, in libidn2's order.
fn label_test(what: u32, label: &[u32]) -> Result<(), Error> {
    let tr46 = what & (TEST_TRANSITIONAL | TEST_NONTRANSITIONAL) != 0;
    let allow_std3 = what & TEST_ALLOW_STD3_DISALLOWED != 0;
    if what & TEST_NFC != 0 && !label.iter().all(|&c| kept_by_nfc(c)) && nfc(label) != label {
        return Err(Error::NotNfc);
    }
    if what & TEST_2HYPHEN != 0 && label.len() >= 4 && label[2] == HYPHEN && label[3] == HYPHEN {
        return Err(Error::TwoHyphen);
    }
    if what & TEST_HYPHEN_STARTEND != 0 && (label.first() == Some(&HYPHEN) || label.last() == Some(&HYPHEN)) {
        return Err(Error::HyphenStartEnd);
    }
    if what & TEST_LEADING_COMBINING != 0 && label.first().is_some_and(|&c| is_mark(c)) {
        return Err(Error::LeadingCombining);
    }
    if what & TEST_DISALLOWED != 0 {
        for &c in label {
            // A code point UTS #46 allows without STD3 rules passes, in a TR46 mode.
            if property(c) == Property::Disallowed && !(tr46 && allow_std3 && std3_status(c)) {
                return Err(Error::Disallowed);
            }
        }
    }
    if what & TEST_CONTEXTJ_RULE != 0 {
        for pos in 0..label.len() {
            contextj_rule(label, pos)?;
        }
    }
    // Every CONTEXTO code point of the table has a rule: only the rule's
    // existence is tested here, never the rule (TEST_CONTEXTO_RULE is the
    // registration's), so this never fails with the measured table.
    if what & TEST_UNASSIGNED != 0 && label.iter().any(|&c| property(c) == Property::Unassigned) {
        return Err(Error::Unassigned);
    }
    if what & TEST_BIDI != 0 {
        bidi(label)?;
    }
    if tr46 {
        let transitional = what & TEST_TRANSITIONAL != 0;
        if label.contains(&DOT) {
            return Err(Error::DotInLabel);
        }
        for &c in label {
            let status = idna_map(c).0;
            let valid = status == Status::Valid || (!transitional && status == Status::Deviation);
            let std3_allowed = allow_std3 && std3_status(c);
            if !(valid || std3_allowed) {
                return Err(if transitional {
                    Error::InvalidTransitional
                } else {
                    Error::InvalidNontransitional
                });
            }
        }
    }
    Ok(())
}

/// `_idn2_contextj_rule` at `pos`: ZWNJ after a virama, or between a
/// left- or dual-joining and a right- or dual-joining letter (transparent
/// ones between); ZWJ only after a virama.
fn contextj_rule(label: &[u32], pos: usize) -> Result<(), Error> {
    let cp = label[pos];
    if property(cp) != Property::Contextj {
        return Ok(());
    }
    let after_virama = pos > 0 && combining_class(label[pos - 1]) == 9;
    match cp {
        0x200C => {
            if after_virama {
                return Ok(());
            }
            if pos == 0 || pos == label.len() - 1 {
                return Err(Error::Contextj);
            }
            let mut at = pos - 1;
            loop {
                let jt = joining_type(label[at]);
                if jt == 'L' || jt == 'D' {
                    break;
                }
                if at == 0 || jt != 'T' {
                    return Err(Error::Contextj);
                }
                at -= 1;
            }
            for at in pos + 1..label.len() {
                let jt = joining_type(label[at]);
                if jt == 'R' || jt == 'D' {
                    break;
                }
                if at == label.len() - 1 || jt != 'T' {
                    return Err(Error::Contextj);
                }
            }
            Ok(())
        }
        0x200D if after_virama => Ok(()),
        0x200D => Err(Error::Contextj),
        _ => Err(Error::ContextjNoRule),
    }
}

/// `_idn2_bidi`: only a label holding R, AL or AN is checked; it must start
/// with L (then hold only L, EN, NSM, ES, CS, ET, ON, BN and end, NSM
/// aside, with L or EN) or with R or AL (then hold only R, AL, EN, AN,
/// NSM, ES, CS, ET, ON, BN and end with R, AL, EN, AN or NSM). Unlike RFC
/// 5893 it neither checks the other labels nor forbids mixing EN and AN.
fn bidi(label: &[u32]) -> Result<(), Error> {
    if !label.iter().any(|&c| matches!(bidi_category(c), "R" | "AL" | "AN")) {
        return Ok(());
    }
    let neutral = |bc: &str| matches!(bc, "ES" | "CS" | "ET" | "ON" | "BN");
    let ending: &[&str] = match bidi_category(label[0]) {
        "L" => &["L", "EN", "NSM"],
        "R" | "AL" => &["R", "AL", "EN", "AN", "NSM"],
        _ => return Err(Error::Bidi),
    };
    let mut end_ok = true;
    for &c in &label[1..] {
        let bc = bidi_category(c);
        if ending.contains(&bc) {
            end_ok = true;
        } else if neutral(bc) {
            end_ok = false;
        } else {
            return Err(Error::Bidi);
        }
    }
    if end_ok { Ok(()) } else { Err(Error::Bidi) }
}

// Punycode's parameters (RFC 3492).
const BASE: u32 = 36;
const TMIN: u32 = 1;
const TMAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;

fn adapt(delta: u32, points: u32, first: bool) -> u32 {
    let mut delta = if first { delta / DAMP } else { delta >> 1 };
    delta += delta / points;
    let mut k = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + (BASE - TMIN + 1) * delta / (delta + SKEW)
}

fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        TMIN
    } else if k >= bias + TMAX {
        TMAX
    } else {
        k - bias
    }
}

/// `_idn2_punycode_decode_internal` of `input` into at most `max_out` code
/// points. Its basic code points are letters, digits, '-' and '_' (any
/// other byte fails), the delimiter is the last '-', a leading or trailing
/// one fails, and '_' or '-' read as a digit count 0.
fn punycode_decode(input: &[u8], max_out: usize) -> Result<Vec<u32>, Error> {
    if input.is_empty() {
        return Err(Error::PunycodeBadInput);
    }
    let basic = |c: u8| c.is_ascii_alphanumeric() || c == b'-' || c == b'_';
    if !input.iter().all(|&c| basic(c)) {
        return Err(Error::PunycodeBadInput);
    }
    let mut b = input.iter().rposition(|&c| c == b'-').unwrap_or(0);
    let mut output: Vec<u32> = Vec::new();
    if input[b] == b'-' {
        if b == 0 || b == input.len() - 1 {
            return Err(Error::PunycodeBadInput);
        }
        if b >= max_out {
            return Err(Error::PunycodeBigOutput);
        }
        output.extend(input[..b].iter().map(|&c| u32::from(c)));
        b += 1;
    }
    let digit = |c: u8| match c {
        b'a'..=b'z' => u32::from(c - b'a'),
        b'A'..=b'Z' => u32::from(c - b'A'),
        b'0'..=b'9' => u32::from(c - b'0') + 26,
        _ => 0,
    };
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut at = b;
    while at < input.len() {
        let old_i = i;
        let mut w = 1u32;
        let mut k = BASE;
        loop {
            let Some(&c) = input.get(at) else {
                return Err(Error::PunycodeBadInput);
            };
            at += 1;
            let d = digit(c);
            if d > (u32::MAX - i) / w {
                return Err(Error::PunycodeOverflow);
            }
            i += d * w;
            let t = threshold(k, bias);
            if d < t {
                break;
            }
            if w > u32::MAX / (BASE - t) {
                return Err(Error::PunycodeOverflow);
            }
            w *= BASE - t;
            k += BASE;
        }
        let out = output.len() as u32;
        bias = adapt(i - old_i, out + 1, old_i == 0);
        if i / (out + 1) > u32::MAX - n {
            return Err(Error::PunycodeOverflow);
        }
        n += i / (out + 1);
        // Only the high surrogates are refused here.
        if n > 0x10FFFF || (0xD800..=0xDBFF).contains(&n) {
            return Err(Error::PunycodeBadInput);
        }
        i %= out + 1;
        if output.len() >= max_out {
            return Err(Error::PunycodeBigOutput);
        }
        output.insert(i as usize, n);
        i += 1;
    }
    Ok(output)
}

/// `_idn2_punycode_encode_internal` of `input` into at most `max_out`
/// characters (every ASCII code point is basic here).
fn punycode_encode(input: &[u32], max_out: usize) -> Result<String, Error> {
    let mut output = String::new();
    for &c in input {
        if c < 0x80 {
            if max_out - output.len() < 2 {
                return Err(Error::PunycodeBigOutput);
            }
            output.push(char::from(c as u8));
        } else if c > 0x10FFFF || (0xD800..=0xDBFF).contains(&c) {
            return Err(Error::PunycodeBadInput);
        }
    }
    let b = output.len() as u32;
    let mut h = b;
    if b > 0 {
        output.push('-');
    }
    let (mut n, mut delta, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let encode_digit = |d: u32| char::from(if d < 26 { b'a' + d as u8 } else { b'0' + (d - 26) as u8 });
    while (h as usize) < input.len() {
        let m = input.iter().copied().filter(|&c| c >= n).min().unwrap_or(u32::MAX);
        if m - n > (u32::MAX - delta) / (h + 1) {
            return Err(Error::PunycodeOverflow);
        }
        delta += (m - n) * (h + 1);
        n = m;
        for &c in input {
            if c < n {
                delta = delta.checked_add(1).ok_or(Error::PunycodeOverflow)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    if output.len() >= max_out {
                        return Err(Error::PunycodeBigOutput);
                    }
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    output.push(encode_digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                output.push(encode_digit(q));
                bias = adapt(delta, h + 1, h == b);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Ok(output)
}

fn starts_with_ace_prefix(label: &[u32]) -> bool {
    label.len() >= 4 && label[..4] == ['x' as u32, 'n' as u32, '-' as u32, '-' as u32]
}

/// `_tr46`: the whole name through libidn2's UTS #46 table (the first
/// disallowed code point fails at once), NFC, then each label's TR46
/// checks; an xn-- label is decoded and checked nontransitionally. A
/// failing label does not stop the others: the last failure is returned,
/// except that Punycode that does not decode fails at once.
fn tr46(domain: &[u32], flags: u32) -> Result<Vec<u32>, Error> {
    let transitional = flags & TRANSITIONAL != 0;
    let std3 = flags & USE_STD3_ASCII_RULES != 0;
    let mut mapped = Vec::with_capacity(domain.len());
    for &c in domain {
        let (status, mapping) = idna_map(c);
        match status {
            Status::Disallowed => return Err(Error::Disallowed),
            Status::Mapped => mapped.extend_from_slice(mapping),
            Status::Valid => mapped.push(c),
            Status::Ignored => {}
            Status::Deviation if transitional => mapped.extend_from_slice(mapping),
            Status::Deviation => mapped.push(c),
            // UseSTD3ASCIIRules: no branch takes these, so they vanish.
            Status::Std3Valid | Status::Std3Mapped if std3 => {}
            Status::Std3Valid => mapped.push(c),
            Status::Std3Mapped => mapped.extend_from_slice(mapping),
        }
    }
    // Counted before NFC, in code points, dots included.
    if mapped.len() >= DOMAIN_MAX_LENGTH {
        return Err(Error::TooBigDomain);
    }
    let normalized = nfc(&mapped);
    let allow_std3 = if std3 { 0 } else { TEST_ALLOW_STD3_DISALLOWED };
    let mut err = Ok(());
    let mut labels: Vec<&[u32]> = normalized.split(|&c| c == DOT).collect();
    // The loop stops at the terminating NUL: an empty last label is not checked.
    if labels.last().is_some_and(|l| l.is_empty()) {
        labels.pop();
    }
    for label in labels {
        if starts_with_ace_prefix(label) {
            let ace: String = label[4..].iter().filter_map(|&c| char::from_u32(c)).collect();
            let decoded = punycode_decode(ace.as_bytes(), LABEL_MAX_LENGTH)?;
            if let Err(e) = label_test(TR46_NONTRANSITIONAL_CHECK | allow_std3, &decoded) {
                err = Err(e);
            }
        } else {
            let test = if transitional {
                TR46_TRANSITIONAL_CHECK
            } else {
                TR46_NONTRANSITIONAL_CHECK
            };
            if let Err(e) = label_test(test | allow_std3, label) {
                err = Err(e);
            }
        }
    }
    err.map(|()| normalized)
}

/// `label`: an ASCII label is kept as it is (an xn-- one is decoded,
/// checked and must encode back to itself, case aside); any other is
/// checked under IDNA2008 (not in transitional mode), Punycode-encoded
/// into at most 59 characters after "xn--" and decoded back to compare.
fn label(src: &[u32], flags: u32) -> Result<String, Error> {
    let mut original: Option<&[u32]> = None;
    let decoded;
    let mut p = src;
    if src.iter().all(|&c| c < 0x80) {
        if flags & NO_ALABEL_ROUNDTRIP == 0 && starts_with_ace_prefix(src) {
            let ace: Vec<u8> = src[4..].iter().map(|&c| c as u8).collect();
            decoded = punycode_decode(&ace, LABEL_MAX_LENGTH)?;
            // u32_to_u8 refuses a (low) surrogate.
            if decoded.iter().any(|c| (0xD800..=0xDFFF).contains(c)) {
                return Err(Error::Encoding);
            }
            original = Some(src);
            p = &decoded;
        } else {
            if src.len() > LABEL_MAX_LENGTH {
                return Err(Error::TooBigLabel);
            }
            return Ok(src.iter().map(|&c| char::from(c as u8)).collect());
        }
    }
    // `_idn2_u8_to_u32_nfc` changes nothing here: `_tr46` normalized the
    // name and failed on any decoded A-label that is not NFC.
    if flags & TRANSITIONAL == 0 {
        let mut test =
            TEST_NFC | TEST_2HYPHEN | TEST_LEADING_COMBINING | TEST_DISALLOWED | TEST_CONTEXTJ_RULE | TEST_UNASSIGNED | TEST_BIDI;
        if flags & NONTRANSITIONAL != 0 {
            test |= TEST_NONTRANSITIONAL;
        }
        if flags & USE_STD3_ASCII_RULES == 0 {
            test |= TEST_ALLOW_STD3_DISALLOWED;
        }
        label_test(test, p)?;
    }
    let encoded = punycode_encode(p, LABEL_MAX_LENGTH - 4)?;
    let ace = format!("xn--{encoded}");
    match original {
        Some(original) => {
            let same = original.len() == ace.len()
                && original
                    .iter()
                    .zip(ace.bytes())
                    .all(|(&o, a)| (o as u8).eq_ignore_ascii_case(&a));
            if !same {
                return Err(Error::AlabelRoundtripFailed);
            }
        }
        None if flags & NO_ALABEL_ROUNDTRIP == 0 => {
            let back = punycode_decode(encoded.as_bytes(), LABEL_MAX_LENGTH).map_err(|_| Error::AlabelRoundtripFailed)?;
            if back != p {
                return Err(Error::AlabelRoundtripFailed);
            }
        }
        None => {}
    }
    Ok(ace)
}

/// `set_default_flags`: nontransitional unless transitional is asked for.
fn set_default_flags(flags: u32) -> u32 {
    if flags & TRANSITIONAL == 0 {
        flags | NONTRANSITIONAL
    } else {
        flags
    }
}

/// `idn2_lookup_u8 (src, &lookupname, flags)`: the name to look up.
pub(super) fn lookup_u8(src: &str, flags: u32) -> Result<String, Error> {
    let flags = set_default_flags(flags);
    let domain: Vec<u32> = src.chars().map(u32::from).collect();
    let mapped = tr46(&domain, flags)?;
    let labels: Vec<&[u32]> = mapped.split(|&c| c == DOT).collect();
    let mut out = String::new();
    for (index, src_label) in labels.iter().enumerate() {
        let last = index + 1 == labels.len();
        let ascii = label(src_label, flags)?;
        // Room for the dot that follows, except after the root's empty label.
        let reserve = if ascii.is_empty() && last { 1 } else { 2 };
        if out.len() + ascii.len() > DOMAIN_MAX_LENGTH - reserve {
            return Err(Error::TooBigDomain);
        }
        out.push_str(&ascii);
        if !last {
            if out.len() + 1 > DOMAIN_MAX_LENGTH {
                return Err(Error::TooBigDomain);
            }
            out.push('.');
        }
    }
    Ok(out)
}

/// `idn2_lookup_ul (src, &lookupname, flags)` under a UTF-8 locale: the C
/// string (up to a NUL) unchanged by the locale's conversion, and
/// `IDN2_NFC_INPUT` always on.
pub(super) fn lookup_ul(src: &str, flags: u32) -> Result<String, Error> {
    let src = src.split('\0').next().unwrap_or("");
    lookup_u8(src, flags | NFC_INPUT)
}

/// `idn2_lookup_ul (name, IDN2_NONTRANSITIONAL)` of one name, done once
/// for the three callers ([`super::run_all`]).
pub(super) struct Lookup<'a> {
    name: &'a str,
    result: Result<String, Error>,
}

impl<'a> Lookup<'a> {
    pub(super) fn new(name: &'a str) -> Lookup<'a> {
        Lookup {
            name,
            result: lookup_ul(name, NONTRANSITIONAL),
        }
    }

    /// `idn2_lookup_ul (name, flags)` for `flags` that libidn2 makes
    /// nontransitional (0, or with `IDN2_NONTRANSITIONAL` or
    /// `IDN2_NFC_INPUT`): from the one done, where it was of `name`.
    pub(super) fn nontransitional(&self, name: &str) -> Result<String, Error> {
        if name == self.name {
            self.result.clone()
        } else {
            lookup_ul(name, NONTRANSITIONAL)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punycode_round_trips_like_rfc_3492() {
        let text: Vec<u32> = "bücher".chars().map(u32::from).collect();
        assert_eq!(punycode_encode(&text, 59).as_deref(), Ok("bcher-kva"));
        assert_eq!(punycode_decode(b"bcher-kva", 63), Ok(text));
        // libidn2's decoder takes '_' as basic and refuses other ASCII.
        assert_eq!(punycode_decode(b"a_b-", 63), Err(Error::PunycodeBadInput));
        assert_eq!(punycode_decode(b"a!b-kva", 63), Err(Error::PunycodeBadInput));
    }

    /// libunistring's NFC (measured data) agrees with the crate's on code
    /// points assigned in Unicode 14.0 (Normalization Stability).
    #[test]
    fn kept_by_nfc_is_exact() {
        // No pair composes with a second below U+0300.
        assert!(DATA.seconds.iter().all(|&second| second >= 0x300));
        let mut kept = 0;
        for c in (0..=0x10_FFFF).filter(|&c| kept_by_nfc(c)) {
            kept += 1;
            // After a starter that composes, after a Hangul L, twice, before a letter.
            for text in [vec![c], vec![0x41, c], vec![L_BASE, c], vec![c, c], vec![c, 0x41]] {
                assert_eq!(nfc_steps(&text), text, "U+{c:04X}");
            }
        }
        assert!(kept > 1_000_000, "{kept}");
    }

    #[test]
    fn nfc_agrees_with_the_unicode_normalization_crate_on_unicode_14() {
        use unicode_normalization::UnicodeNormalization;
        let data = &*DATA;
        let mut checked = 0;
        for (&c, _) in data.decomposition.iter() {
            for text in [vec![c], vec!['a' as u32, c, 0x0323, 0x0301], vec![0x1100, 0x1161, c]] {
                let ours: String = nfc(&text).into_iter().filter_map(char::from_u32).collect();
                let theirs: String = text.iter().filter_map(|&c| char::from_u32(c)).nfc().collect();
                assert_eq!(ours, theirs, "{text:04X?}");
                checked += 1;
            }
        }
        assert!(checked > 6000);
    }

    #[test]
    fn flags_0_and_nfc_input_are_the_nontransitional_lookup() {
        for name in ["Bücher.de", "☃.com", "faß.de", "a\u{200d}b.de", "xn--zca.de"] {
            let lookup = Lookup::new(name);
            assert_eq!(lookup.nontransitional(name), lookup_ul(name, 0));
            assert_eq!(lookup.nontransitional(name), lookup_ul(name, NFC_INPUT | NONTRANSITIONAL));
        }
    }

    #[test]
    fn lookups_follow_libidn2() {
        let nt = NONTRANSITIONAL;
        assert_eq!(lookup_ul("Bücher.DE", nt).as_deref(), Ok("xn--bcher-kva.de"));
        assert_eq!(lookup_ul("faß.de", nt).as_deref(), Ok("xn--fa-hia.de"));
        assert_eq!(lookup_ul("faß.de", TRANSITIONAL).as_deref(), Ok("fass.de"));
        assert_eq!(lookup_ul("a！b.com", nt).as_deref(), Ok("a!b.com"));
        assert_eq!(lookup_ul("☃.com", nt), Err(Error::Disallowed));
        assert_eq!(lookup_ul("☃.com", TRANSITIONAL).as_deref(), Ok("xn--n3h.com"));
        assert_eq!(lookup_ul("ab--c.com", nt), Err(Error::TwoHyphen));
        assert_eq!(lookup_ul("xn--abc.com", nt), Err(Error::InvalidNontransitional));
        assert_eq!(lookup_ul("ä\\b.com", nt), Err(Error::AlabelRoundtripFailed));
        assert_eq!(lookup_ul("ä\u{200d}.com", nt), Err(Error::Contextj));
        assert_eq!(lookup_ul("a..b", nt).as_deref(), Ok("a..b"));
        assert_eq!(
            lookup_ul("_dmarc.example.com", nt | USE_STD3_ASCII_RULES).as_deref(),
            Ok("dmarc.example.com")
        );
    }
}
