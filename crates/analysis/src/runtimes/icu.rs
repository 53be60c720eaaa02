//! `icu-uts46` and `icu-uts46-nontransitional`: ICU4C 72's
//! `uidna_openUTS46(options)` and `uidna_nameToASCII` (`uts46.cpp`), as PHP
//! 8.2's `idn_to_ascii` calls it: the call fails when the info holds any
//! error. ICU always applies the hyphen rules and the DNS lengths (its
//! `UIDNA_ERROR_LEADING_HYPHEN`, `…_HYPHEN_3_4`, `…_LABEL_TOO_LONG`,
//! `…_EMPTY_LABEL`); UseSTD3ASCIIRules is off in both. The mapping table is
//! Unicode 15.0's as ICU 72 has it (the one WebKitGTK's port reads).

use super::{Answer, Runtime};
use crate::table::MappingTable;
use crate::uts46::errors::IdnaError;
use crate::uts46::{Conversion, ErrorCode, Options, Uts46};

/// The options the two calls open ICU with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// `UIDNA_DEFAULT`: transitional, no Bidi or ContextJ check.
    Default,
    /// `UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ`.
    Nontransitional,
}

impl Mode {
    fn runtime(self) -> Runtime {
        match self {
            Mode::Default => Runtime::IcuUts46,
            Mode::Nontransitional => Runtime::IcuUts46Nontransitional,
        }
    }

    /// ICU's checks as UTS #46 flags: hyphens and lengths always, STD3
    /// off, Bidi and ContextJ as opened.
    fn options(self) -> Options {
        let checked = self == Mode::Nontransitional;
        Options {
            use_std3_ascii_rules: false,
            check_hyphens: true,
            check_bidi: checked,
            check_joiners: checked,
            verify_dns_length: true,
            ignore_invalid_punycode: false,
            check_contexto: false,
        }
    }
}

/// ICU's `UIDNA_ERROR_…` bit for a UTS #46 error on `value`'s labels (its
/// names in `uidna.h`, in bit order).
const ICU_ERRORS: [&str; 15] = [
    "EMPTY_LABEL",
    "LABEL_TOO_LONG",
    "DOMAIN_NAME_TOO_LONG",
    "LEADING_HYPHEN",
    "TRAILING_HYPHEN",
    "HYPHEN_3_4",
    "LEADING_COMBINING_MARK",
    "DISALLOWED",
    "PUNYCODE",
    "LABEL_HAS_DOT",
    "INVALID_ACE_LABEL",
    "BIDI",
    "CONTEXTJ",
    "CONTEXTO_PUNCTUATION",
    "CONTEXTO_DIGITS",
];

/// The bit of [`ICU_ERRORS`] ICU sets for `error`, read off the label it
/// names in `value` where the code alone does not tell (an empty label or a
/// long one; a leading or a trailing hyphen).
fn icu_error(error: &IdnaError, value: &str) -> usize {
    let label = || error.label.and_then(|index| value.split('.').nth(index)).unwrap_or("");
    match error.code {
        ErrorCode::A4_2 | ErrorCode::X4_2 if label().is_empty() => 0,
        ErrorCode::A4_2 | ErrorCode::X4_2 => 1,
        ErrorCode::A4_1 => 2,
        // Its position is in the Unicode label: 0 for a leading hyphen.
        ErrorCode::V3 if error.position == Some(0) => 3,
        ErrorCode::V3 => 4,
        ErrorCode::V2 => 5,
        ErrorCode::V6 => 6,
        ErrorCode::P1 | ErrorCode::V7 | ErrorCode::U1 => 7,
        ErrorCode::P4 | ErrorCode::A3 => 8,
        ErrorCode::V5 => 9,
        ErrorCode::V1 | ErrorCode::V4 => 10,
        ErrorCode::B1 | ErrorCode::B2 | ErrorCode::B3 | ErrorCode::B4 | ErrorCode::B5 | ErrorCode::B6 => 11,
        ErrorCode::C1 | ErrorCode::C2 => 12,
        ErrorCode::ContextO => 13,
    }
}

/// True when `nameToASCII` permits the empty last label of `value`, the
/// conversion of `input`: "Permit an empty label at the end" (uts46.cpp),
/// which VerifyDnsLength counts as an empty label (A4_2). Its UTF-8 entry
/// point reads ASCII labels itself, up to a non-ASCII byte or a label whose
/// third and fourth characters are hyphens ("Punycode or forbidden"), and
/// hands the rest of the name, from that label on, to `processUnicode`,
/// which permits the empty last label only after a dot of its own: where
/// that rest maps to nothing (`a.\u{AD}`), the label is empty there
/// (`EMPTY_LABEL`).
fn permits_empty_root(input: &str, value: &str) -> bool {
    if !value.ends_with('.') {
        return false;
    }
    let bytes = input.as_bytes();
    let (mut label_start, mut dots) = (0, 0);
    for (i, &b) in bytes.iter().enumerate() {
        let punycode_or_forbidden = b == b'-' && i == label_start + 3 && bytes[i - 1] == b'-';
        if !b.is_ascii() || punycode_or_forbidden {
            // The rest, from this label on, is processUnicode's.
            return value.bytes().filter(|&b| b == b'.').count() > dots;
        }
        if b == b'.' {
            dots += 1;
            label_start = i + 1;
        }
    }
    true
}

/// The answer of one call on `input`'s conversion.
fn answer(mode: Mode, input: &str, mut conversion: Conversion) -> Answer {
    let runtime = mode.runtime();
    if permits_empty_root(input, &conversion.value) {
        let root = conversion.value.bytes().filter(|&b| b == b'.').count();
        conversion
            .errors
            .retain(|e| !(e.code == ErrorCode::A4_2 && e.label == Some(root)));
    }
    if conversion.errors.is_empty() {
        let sentence = match mode {
            Mode::Default => {
                "UTS #46 ToASCII of Unicode 15.0, transitional (ß, ς, ZWJ and ZWNJ mapped), hyphen and length rules on."
            }
            Mode::Nontransitional => {
                "UTS #46 ToASCII of Unicode 15.0, nontransitional, with the hyphen, length, Bidi and ContextJ rules."
            }
        };
        return Answer::ascii(runtime, conversion.value, "uidna_nameToASCII", sentence.into());
    }
    let mut bits: Vec<usize> = conversion.errors.iter().map(|e| icu_error(e, &conversion.value)).collect();
    bits.sort_unstable();
    bits.dedup();
    let names: Vec<&str> = bits.into_iter().map(|bit| ICU_ERRORS[bit]).collect();
    let first = &conversion.errors[0];
    let sentence = format!(
        "ICU records {} ({}: {}), and idn_to_ascii fails on any error.",
        names.join(", "),
        first.code.as_str(),
        first.code.explanation()
    );
    Answer::error(runtime, names.join(" "), "UIDNAInfo.errors", sentence)
}

/// ICU 72's engine: the mapping table of Unicode 15.0 as ICU 72 ships it.
fn engine() -> Uts46<'static> {
    Uts46::with_table(MappingTable::webkit())
}

/// One call.
pub(super) fn name_to_ascii(input: &str, mode: Mode) -> Answer {
    let results = engine().process(input, &mode.options());
    let conversion = match mode {
        Mode::Default => results.to_ascii_t,
        Mode::Nontransitional => results.to_ascii_n,
    };
    answer(mode, input, conversion)
}

/// Both calls, from one facts pass ([`Uts46::facts`]) viewed through each one's flags.
pub(super) fn both(input: &str) -> [Answer; 2] {
    let engine = engine();
    let facts = engine.facts(input);
    [Mode::Default, Mode::Nontransitional].map(|mode| {
        let results = engine.view_or_process(input, &facts, &mode.options());
        let conversion = match mode {
            Mode::Default => results.to_ascii_t,
            Mode::Nontransitional => results.to_ascii_n,
        };
        answer(mode, input, conversion)
    })
}
