//! `python-codec`: CPython 3.11's `idna` codec (`Lib/encodings/idna.py`,
//! `Codec.encode`, `ToASCII`, `nameprep`; `Lib/stringprep.py`), in its
//! order. Its Nameprep is RFC 3491's but for the map step: `map_table_b2`
//! builds table B.2 from `map_table_b3`, which is the case-folding
//! exceptions and else `str.lower()` of the interpreter's Unicode (14.0),
//! so characters cased after Unicode 3.2 are lowercased too (ẞ → ss, Ᏸ → ᏸ).
//! Unassigned code points are not checked (the codec assumes queries).

use super::{Answer, Runtime};
use crate::profiles::idna2003::{NameprepError, nfkc_3_2, prepare_mapped};
use std::collections::HashMap;
use std::sync::LazyLock;
use stringprep::tables;

/// `stringprep.b3_exceptions` and `str.lower()` of Python 3.11
/// (`tables/runtimes/python-codec-case.txt`, `scripts/python_codec_tables.py`).
struct Case {
    b3_exceptions: HashMap<char, String>,
    lower: HashMap<char, String>,
}

static CASE: LazyLock<Case> = LazyLock::new(|| {
    let text = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/python-codec-case.txt"));
    let mut case = Case {
        b3_exceptions: HashMap::new(),
        lower: HashMap::new(),
    };
    let code_point = |hex: &str| {
        u32::from_str_radix(hex, 16)
            .ok()
            .and_then(char::from_u32)
            .expect("a code point")
    };
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let mut fields = line.split(';');
        let (kind, from, to) = (fields.next(), fields.next(), fields.next());
        let (Some(kind), Some(from), Some(to)) = (kind, from, to) else {
            panic!("python-codec-case.txt: {line:?}")
        };
        let to: String = to.split(' ').map(code_point).collect();
        match kind {
            "b3" => case.b3_exceptions.insert(code_point(from), to),
            _ => case.lower.insert(code_point(from), to),
        };
    }
    case
});

/// `map_table_b3`: the exception, else `str.lower()`.
fn map_table_b3(c: char, out: &mut String) {
    let case = &*CASE;
    match case.b3_exceptions.get(&c).or_else(|| case.lower.get(&c)) {
        Some(mapped) => out.push_str(mapped),
        None => out.push(c),
    }
}

/// `map_table_b2`: B.3, then NFKC (Unicode 3.2); where B.3 of that
/// normalizes to something else, that, else B.3 alone.
fn map_table_b2(c: char, out: &mut String) {
    let mut al = String::new();
    map_table_b3(c, &mut al);
    let b = nfkc_3_2(&al);
    let mut bl = String::new();
    b.chars().for_each(|ch| map_table_b3(ch, &mut bl));
    let folded = nfkc_3_2(&bl);
    out.push_str(if b != folded { &folded } else { &al });
}

/// `nameprep`: map (B.1 to nothing, [`map_table_b2`]), then RFC 3491's
/// normalize, prohibit and bidi steps, with unassigned code points allowed.
fn nameprep(label: &str) -> Result<String, NameprepError> {
    let mut mapped = String::with_capacity(label.len());
    for c in label.chars().filter(|&c| !tables::commonly_mapped_to_nothing(c)) {
        map_table_b2(c, &mut mapped);
    }
    prepare_mapped(&mapped, true)
}

/// Python's `repr()` of a one-character string, as its error messages show it.
fn repr(c: char) -> String {
    super::python_idna::repr(c.encode_utf8(&mut [0; 4]))
}

/// ToASCII step 8 as the codec checks it: 1 to 63 bytes.
fn fits(label: &str) -> bool {
    (1..64).contains(&label.len())
}

const EMPTY_OR_LONG: &str = "label empty or too long";

/// `ToASCII` of one label: `Err` with the codec's words, its rule and a sentence.
fn to_ascii(label: &str) -> Result<String, (String, &'static str, String)> {
    let length_error = |label: &str| {
        (
            EMPTY_OR_LONG.to_string(),
            "ToASCII step 8",
            format!("A label must be 1 to 63 bytes long; {label:?} is {}.", label.len()),
        )
    };
    // Step 1: an ASCII label skips to step 8, as it is.
    if label.is_ascii() {
        return if fits(label) {
            Ok(label.to_string())
        } else {
            Err(length_error(label))
        };
    }
    let prepared = nameprep(label).map_err(|error| match error {
        NameprepError::Prohibited { c, table, .. } => (
            format!("Invalid character {}", repr(c)),
            "nameprep: Prohibit",
            format!(
                "After Nameprep the label holds U+{:04X}, which RFC 3454 table {table} prohibits.",
                c as u32
            ),
        ),
        NameprepError::Bidi { requirement } => (
            format!("Violation of BIDI requirement {requirement}"),
            "nameprep: Check bidi",
            match requirement {
                2 => "The label mixes right-to-left and left-to-right characters (RFC 3454 §6).".to_string(),
                _ => "A label with right-to-left characters must start and end with one (RFC 3454 §6).".to_string(),
            },
        ),
        NameprepError::Unassigned { .. } => unreachable!("the codec allows unassigned code points"),
    })?;
    if prepared.is_ascii() {
        return if fits(&prepared) {
            Ok(prepared)
        } else {
            Err(length_error(&prepared))
        };
    }
    // Step 5.
    if prepared.starts_with("xn--") {
        return Err((
            "Label starts with ACE prefix".to_string(),
            "ToASCII step 5",
            "After Nameprep the label is not ASCII yet starts with xn--.".to_string(),
        ));
    }
    // Steps 6–8. Python's Punycode has no limit; a label past ours is past 63 bytes too.
    let ace = match crate::punycode::encode(&prepared) {
        Ok(encoded) => format!("xn--{encoded}"),
        Err(_) => return Err(length_error(&prepared)),
    };
    if fits(&ace) { Ok(ace) } else { Err(length_error(&ace)) }
}

/// `name.encode("idna")`.
pub(super) fn codec(input: &str) -> Answer {
    let runtime = Runtime::PythonCodec;
    if input.is_empty() {
        return Answer::ascii(
            runtime,
            String::new(),
            "Codec.encode",
            "The empty name encodes to nothing.".into(),
        );
    }
    if input.is_ascii() {
        // The codec's ASCII fast path: lengths only, the case kept.
        let labels: Vec<&str> = input.split('.').collect();
        let (last, rest) = labels.split_last().expect("split gives one at least");
        if let Some(label) = rest.iter().find(|label| !fits(label)) {
            let sentence = format!(
                "Every label but the last must be 1 to 63 bytes long; {label:?} is {}.",
                label.len()
            );
            return Answer::error(runtime, EMPTY_OR_LONG.into(), "Codec.encode (ASCII)", sentence);
        }
        if last.len() >= 64 {
            let sentence = format!("The last label is {} bytes long, past 63.", last.len());
            return Answer::error(runtime, "label too long".into(), "Codec.encode (ASCII)", sentence);
        }
        let sentence = "An ASCII name is passed on as it is: not lowercased, only its label lengths checked.";
        return Answer::ascii(runtime, input.to_string(), "Codec.encode (ASCII)", sentence.into());
    }
    let host = match super::each_label(input, to_ascii) {
        Ok((host, _)) => host,
        Err((error, rule, sentence)) => return Answer::error(runtime, error, rule, sentence),
    };
    let sentence = "Each label through RFC 3490 ToASCII with Python's Nameprep (Unicode 3.2, lowercasing by Unicode 14.0).";
    Answer::ascii(runtime, host, "ToASCII", sentence.into())
}
