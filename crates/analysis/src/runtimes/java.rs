//! `java-idn`: OpenJDK 17's `java.net.IDN.toASCII(input)`, flags 0
//! (`IDN.java`: `toASCII`, `toASCIIInternal`), in its order. Nameprep is
//! the JDK's StringPrep of RFC 3491 on Unicode 3.2 without
//! ALLOW_UNASSIGNED, so any code point unassigned in Unicode 3.2 (every
//! emoji and script added since) fails; UseSTD3ASCIIRules is off, and an
//! ASCII label is kept as it is (its case too).

use super::{Answer, Runtime};
use crate::profiles::idna2003::{NameprepError, SEPARATORS, map, nameprep, nfkc_3_2};
use stringprep::tables;

/// `MAX_LABEL_LENGTH`.
const MAX_LABEL_LENGTH: usize = 63;

/// `toASCIIInternal` of one label: `Err` with the exception's message, the step and a sentence.
fn to_ascii_internal(label: &str) -> Result<String, (String, &'static str, String)> {
    // Step 1: all code units up to U+007F.
    let is_ascii = label.is_ascii();
    // Step 2: Nameprep, for a label that is not ASCII.
    let dest = if is_ascii {
        label.to_string()
    } else if let Some(c) = label.chars().find(|&c| tables::unassigned_code_point(c)) {
        // StringPrep meets an unassigned code point while mapping, before
        // it normalizes or prohibits anything.
        let sentence = format!(
            "U+{:04X} is not assigned in Unicode 3.2, and toASCII without ALLOW_UNASSIGNED refuses it.",
            c as u32
        );
        let message = format!("java.text.ParseException: An unassigned code point was found in the input {label}");
        return Err((message, "StringPrep.prepare", sentence));
    } else {
        nameprep(label, false).map_err(|error| {
            // StringPrep's messages end with the text it held: the label as
            // given (unassigned), or as mapped and normalized.
            let prepared = || nfkc_3_2(&map(label));
            let (message, sentence) = match error {
                NameprepError::Prohibited { c, table, .. } => (
                    format!("A prohibited code point was found in the input{}", prepared()),
                    format!("Nameprep prohibits U+{:04X} (RFC 3454 table {table}).", c as u32),
                ),
                NameprepError::Bidi { .. } => (
                    format!("The input does not conform to the rules for BiDi code points.{}", prepared()),
                    "The label breaks RFC 3454 §6's rules for right-to-left characters.".to_string(),
                ),
                NameprepError::Unassigned { c, .. } => (
                    format!("An unassigned code point was found in the input {label}"),
                    format!(
                        "U+{:04X} is not assigned in Unicode 3.2, and toASCII without ALLOW_UNASSIGNED refuses it.",
                        c as u32
                    ),
                ),
            };
            (format!("java.text.ParseException: {message}"), "StringPrep.prepare", sentence)
        })?
    };
    // Step 8 first: the smallest length.
    if dest.is_empty() {
        let sentence = "A label is empty (two dots in a row, a leading dot, or a label Nameprep maps to nothing).";
        return Err((
            "Empty label is not a legal name".into(),
            "toASCIIInternal step 8",
            sentence.into(),
        ));
    }
    let dest = if !is_ascii && !dest.is_ascii() {
        // Step 5.
        if dest.get(..4).is_some_and(|prefix| prefix.eq_ignore_ascii_case("xn--")) {
            let sentence = "After Nameprep the label is not ASCII yet starts with xn--.";
            return Err((
                "The input starts with the ACE Prefix".into(),
                "toASCIIInternal step 5",
                sentence.into(),
            ));
        }
        // Steps 6–7. A label past the encoder's limit is past 63 code units too.
        match crate::punycode::encode(&dest) {
            Ok(encoded) => format!("xn--{}", encoded.to_ascii_lowercase()),
            Err(_) => String::from_iter(std::iter::repeat_n('-', MAX_LABEL_LENGTH + 1)),
        }
    } else {
        dest
    };
    // Step 8: at most 63 code units.
    if dest.encode_utf16().count() > MAX_LABEL_LENGTH {
        let sentence = format!("A label of ToASCII must be at most {MAX_LABEL_LENGTH} characters long.");
        return Err((
            "The label in the input is too long".into(),
            "toASCIIInternal step 8",
            sentence,
        ));
    }
    Ok(dest)
}

/// `IDN.toASCII(input)`.
pub(super) fn to_ascii(input: &str) -> Answer {
    let runtime = Runtime::JavaIdn;
    let mut chars = input.chars();
    if let (Some(only), None) = (chars.next(), chars.next())
        && SEPARATORS.contains(&only)
    {
        return Answer::ascii(runtime, ".".into(), "isRootLabel", "The root label alone is \".\".".into());
    }
    let mut out = String::with_capacity(input.len() * 2);
    let mut rest = input;
    while !rest.is_empty() {
        let (label, after) = match rest.find(SEPARATORS) {
            Some(at) => {
                let separator = rest[at..].chars().next().expect("a separator").len_utf8();
                (&rest[..at], Some(&rest[at + separator..]))
            }
            None => (rest, None),
        };
        match to_ascii_internal(label) {
            Ok(ascii) => out.push_str(&ascii),
            Err((error, rule, sentence)) => return Answer::error(runtime, error, rule, sentence),
        }
        match after {
            // More labels, or the trailing dot kept.
            Some(after) => {
                out.push('.');
                rest = after;
            }
            None => break,
        }
    }
    let sentence =
        "Each label through RFC 3490 ToASCII with the JDK's Nameprep (Unicode 3.2); ASCII labels are kept as they are.";
    Answer::ascii(runtime, out, "toASCII", sentence.into())
}
