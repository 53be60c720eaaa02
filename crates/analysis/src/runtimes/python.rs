//! `python-codec`: CPython 3.11's `idna` codec (`Lib/encodings/idna.py`,
//! `Codec.encode`, `ToASCII`, `nameprep`; `Lib/stringprep.py`), in its
//! order. Its Nameprep is RFC 3491's but for the map step: `map_table_b2`
//! builds table B.2 from `map_table_b3`, which is the case-folding
//! exceptions and else `str.lower()` of the interpreter's Unicode (14.0),
//! so characters cased after Unicode 3.2 are lowercased too (ẞ → ss, Ᏸ → ᏸ).
//! Unassigned code points are not checked (the codec assumes queries).

use super::{Answer, Runtime};
use crate::profiles::idna2003::{CORRIGENDUM_4, NameprepError};
use ahash::AHashMap as HashMap;
use std::sync::LazyLock;
use stringprep::tables;

/// `stringprep.b3_exceptions`, `str.lower()` and the C and D tables of
/// Python 3.11's `stringprep` (`tables/runtimes/python-codec.txt`,
/// `scripts/python_codec_tables.py`).
struct Case {
    b3_exceptions: HashMap<char, String>,
    lower: HashMap<char, String>,
    /// Each table's name (`c12` … `d2`) and its ranges, sorted.
    tables: HashMap<&'static str, Vec<(u32, u32)>>,
}

static CASE: LazyLock<Case> = LazyLock::new(|| {
    let text: &'static str = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/python-codec.txt"));
    let mut case = Case {
        b3_exceptions: HashMap::new(),
        lower: HashMap::new(),
        tables: HashMap::new(),
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
            panic!("python-codec.txt: {line:?}")
        };
        if kind == "table" {
            let (first, last) = to.split_once("..").expect("python-codec.txt: a range");
            let hex = |h: &str| u32::from_str_radix(h, 16).expect("python-codec.txt: hexadecimal");
            case.tables.entry(from).or_default().push((hex(first), hex(last)));
            continue;
        }
        let to: String = to.split(' ').map(code_point).collect();
        match kind {
            "b3" => case.b3_exceptions.insert(code_point(from), to),
            _ => case.lower.insert(code_point(from), to),
        };
    }
    case
});

/// `str.lower()` of Python 3.11 (Unicode 14.0): each code point's full
/// lowercase mapping, and U+03A3 in the Final_Sigma context to U+03C2
/// (CPython's `handle_capital_sigma`: a cased letter before it, skipping
/// case-ignorable ones, and none after it).
pub(super) fn lower(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let cased_at = |c: Option<&char>| c.is_some_and(|&c| in_table("cased_not_ignorable", c));
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        if c != '\u{3A3}' {
            match CASE.lower.get(&c) {
                Some(mapped) => out.push_str(mapped),
                None => out.push(c),
            }
            continue;
        }
        let not_ignorable = |c: &&char| !in_table("case_ignorable", **c);
        let before = chars[..i].iter().rev().find(not_ignorable);
        let after = chars[i + 1..].iter().find(not_ignorable);
        out.push(if cased_at(before) && !cased_at(after) {
            '\u{3C2}'
        } else {
            '\u{3C3}'
        });
    }
    out
}

/// `map_table_b3`: the exception, else `str.lower()`.
fn map_table_b3(c: char, out: &mut String) {
    let case = &*CASE;
    match case.b3_exceptions.get(&c).or_else(|| case.lower.get(&c)) {
        Some(mapped) => out.push_str(mapped),
        None => out.push(c),
    }
}

/// Whether `map_table_b3` changes `c`.
fn maps_in_b3(c: char) -> bool {
    CASE.b3_exceptions.contains_key(&c) || CASE.lower.contains_key(&c)
}

/// Whether [`nfkc_3_2`]'s decomposition keeps `c` as it is.
fn keeps_in_3_2(c: char) -> bool {
    let mut kept = true;
    decompose_3_2(c, |d| kept &= d == c);
    kept
}

/// `c`'s full compatibility decomposition as `nfd_nfkd` of
/// `unicodedata.ucd_3_2_0` gives it: none for a code point Unicode 3.2 does
/// not assign, Unicode 3.2's for the rest (Corrigendum #4's five first).
fn decompose_3_2(c: char, mut push: impl FnMut(char)) {
    if tables::unassigned_code_point(c) {
        push(c);
    } else {
        let c = CORRIGENDUM_4.iter().find(|&&(from, _)| from == c).map_or(c, |&(_, to)| to);
        unicode_normalization::char::decompose_compatible(c, push);
    }
}

/// `map_table_b2`: B.3, then NFKC (Unicode 3.2); where B.3 of that
/// normalizes to something else, that, else B.3 alone.
fn map_table_b2(c: char, out: &mut String) {
    // A code point B.3 keeps and Unicode 3.2 does not decompose is B.3's,
    // NFKC's and so B.2's own: the steps below give it back as it is
    // (`map_table_b2_shortcut_is_exact`).
    if !maps_in_b3(c) && keeps_in_3_2(c) {
        out.push(c);
    } else {
        map_table_b2_steps(c, out);
    }
}

/// `map_table_b2`'s steps, as `stringprep.py` takes them.
fn map_table_b2_steps(c: char, out: &mut String) {
    let mut al = String::new();
    map_table_b3(c, &mut al);
    let b = nfkc_3_2(&al);
    let mut bl = String::new();
    b.chars().for_each(|ch| map_table_b3(ch, &mut bl));
    let folded = nfkc_3_2(&bl);
    out.push_str(if b != folded { &folded } else { &al });
}

/// `stringprep.in_table_NAME(c)`.
fn in_table(name: &str, c: char) -> bool {
    in_ranges(&CASE.tables[name], c)
}

/// Whether `c` is in one of `ranges` (sorted, first and last code point).
fn in_ranges(ranges: &[(u32, u32)], c: char) -> bool {
    let at = ranges.partition_point(|&(first, _)| first <= c as u32);
    at > 0 && ranges[at - 1].1 >= c as u32
}

/// An RFC 3454 table's name and its code points' ranges.
type NamedRanges = (&'static str, &'static [(u32, u32)]);

/// [`PROHIBITED`]'s tables, looked up once.
static PROHIBITED_RANGES: LazyLock<Vec<NamedRanges>> = LazyLock::new(|| {
    let case: &'static Case = &CASE;
    PROHIBITED
        .iter()
        .map(|&(name, table)| (table, case.tables[name].as_slice()))
        .collect()
});

/// The prohibited tables `nameprep` asks, in its order, with RFC 3454's names.
const PROHIBITED: [(&str, &str); 9] = [
    ("c12", "C.1.2 non-ASCII space"),
    ("c22", "C.2.2 non-ASCII control"),
    ("c3", "C.3 private use"),
    ("c4", "C.4 noncharacter"),
    ("c5", "C.5 surrogate"),
    ("c6", "C.6 inappropriate for plain text"),
    ("c7", "C.7 inappropriate for canonical representation"),
    ("c8", "C.8 change display properties or deprecated"),
    ("c9", "C.9 tagging character"),
];

/// `nameprep`: map (B.1 to nothing, [`map_table_b2`]), normalize
/// ([`nfkc_3_2`]), prohibit and check bidi with `stringprep`'s tables, which
/// it computes from CPython's Unicode 3.2 database (Braille, L in RFC 3454's
/// D.2, is ON there); unassigned code points are not checked.
fn nameprep(label: &str) -> Result<String, NameprepError> {
    let mut mapped = String::with_capacity(label.len());
    for c in label.chars().filter(|&c| !tables::commonly_mapped_to_nothing(c)) {
        map_table_b2(c, &mut mapped);
    }
    let prepared = nfkc_3_2(&mapped);
    for (position, c) in prepared.chars().enumerate() {
        if let Some(&(table, _)) = PROHIBITED_RANGES.iter().find(|(_, ranges)| in_ranges(ranges, c)) {
            return Err(NameprepError::Prohibited { position, c, table });
        }
    }
    if prepared.chars().any(|c| in_table("d1", c)) {
        if prepared.chars().any(|c| in_table("d2", c)) {
            return Err(NameprepError::Bidi { requirement: 2 });
        }
        let ends = [prepared.chars().next(), prepared.chars().next_back()];
        if !ends.into_iter().flatten().all(|c| in_table("d1", c)) {
            return Err(NameprepError::Bidi { requirement: 3 });
        }
    }
    Ok(prepared)
}

/// `unicodedata.ucd_3_2_0.normalize("NFKC", text)` as CPython 3.11 computes
/// it (`Modules/unicodedata.c`: `nfd_nfkd`, then `nfc_nfkc`). Only the
/// decomposition is Unicode 3.2's: a code point unassigned there keeps no
/// decomposition. The canonical ordering and the composition read the
/// interpreter's own data (Unicode 14.0), so a mark new since 3.2 still
/// sorts by its combining class and moves before an older mark, and pairs
/// new since 3.2 still compose (`cpython_ucd_3_2_0_normalization`).
fn nfkc_3_2(text: &str) -> String {
    use unicode_normalization::char::{canonical_combining_class, compose};
    // ASCII neither decomposes, nor has a combining class, nor composes:
    // the steps below give it back as it is (`tests/real_runtimes.rs`).
    if text.is_ascii() {
        return text.to_string();
    }
    let assigned = super::python_idna::assigned;
    let class = |c: char| if assigned(c) { canonical_combining_class(c) } else { 0 };
    // nfd_nfkd: the decomposition, each code point's again.
    let mut chars: Vec<char> = Vec::with_capacity(text.len());
    for c in text.chars() {
        decompose_3_2(c, |d| chars.push(d));
    }
    // Canonical ordering: each run of non-starters sorted by class, stably.
    let mut start = 0;
    while start < chars.len() {
        let end = chars[start..]
            .iter()
            .position(|&c| class(c) == 0)
            .map_or(chars.len(), |at| start + at);
        chars[start..end].sort_by_key(|&c| class(c));
        start = end + 1;
    }
    // nfc_nfkc: Hangul syllables, then each character composed with the
    // unblocked characters after it (pairs whose result Unicode 14.0 has).
    let (l_base, v_base, t_base, s_base) = (0x1100u32, 0x1161u32, 0x11A7u32, 0xAC00u32);
    let mut skipped = vec![false; chars.len()];
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if skipped[i] {
            i += 1;
            continue;
        }
        let code = chars[i] as u32;
        let next = chars.get(i + 1).map(|&c| c as u32);
        if (l_base..l_base + 19).contains(&code) && next.is_some_and(|v| (v_base..v_base + 21).contains(&v)) {
            let mut syllable = s_base + ((code - l_base) * 21 + (next.unwrap_or(0) - v_base)) * 28;
            i += 2;
            if let Some(&t) = chars.get(i)
                && (t_base + 1..t_base + 28).contains(&(t as u32))
            {
                syllable += t as u32 - t_base;
                i += 1;
            }
            out.push(char::from_u32(syllable).expect("a Hangul syllable"));
            continue;
        }
        let mut current = chars[i];
        let mut blocking = 0;
        for (offset, &next) in chars[i + 1..].iter().enumerate() {
            let next_class = class(next);
            if blocking != 0 {
                if next_class == 0 {
                    break;
                }
                if blocking >= next_class {
                    continue;
                }
            }
            match compose(current, next).filter(|&c| assigned(c)) {
                Some(composed) => {
                    current = composed;
                    skipped[i + 1 + offset] = true;
                }
                None if next_class == 0 => break,
                None => blocking = next_class,
            }
        }
        out.push(current);
        i += 1;
    }
    out
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
    let host = match super::each_label(input, &crate::profiles::idna2003::SEPARATORS, to_ascii) {
        Ok((host, _)) => host,
        Err((error, rule, sentence)) => return Answer::error(runtime, error, rule, sentence),
    };
    let sentence = "Each label through RFC 3490 ToASCII with Python's Nameprep (Unicode 3.2, lowercasing by Unicode 14.0).";
    Answer::ascii(runtime, host, "ToASCII", sentence.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_table_b2_shortcut_is_exact() {
        let mut taken = 0;
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if maps_in_b3(c) || !keeps_in_3_2(c) {
                continue;
            }
            taken += 1;
            let mut out = String::new();
            map_table_b2_steps(c, &mut out);
            assert_eq!(out, c.to_string(), "U+{:04X}", c as u32);
        }
        // Most code points take the shortcut; B.3's and 3.2's decompositions do not.
        assert!(taken > 1_000_000, "{taken}");
    }
}
