//! The fast path for a valid name with Unicode labels, the commonest input
//! after plain ASCII: the Map step changes at most one code point into one
//! other, the name is in NFC, and no criterion fails. For such a name UTS #46
//! §4 reduces to one pass per label plus the Punycode encoding:
//!
//! - Map (step 1): every code point's status is valid, or mapped to one
//!   non-ASCII code point whose own status is valid (`Ä` → `ä`), or it is an
//!   ASCII byte the table folds to one valid ASCII byte (`D` → `d`, as on the
//!   ASCII path), or a deviation (`ß`, `ς`): kept nontransitionally, mapped to
//!   valid characters transitionally. With a deviation the transitional run
//!   maps and checks the name on its own, as the engine does.
//! - Normalize (step 2): the NFC quick check must answer Yes for each mapped
//!   label (U+002E is a starter that composes with nothing, so the name is
//!   NFC exactly when each label is); "Maybe" goes to the full engine, and so
//!   does a label that mapping changed unless all its characters are
//!   NFC-stable (then it is NFC without a check).
//! - Convert/Validate (step 4, §4.1): no label starts with `xn--`, so nothing
//!   is decoded and V4 holds (looked for in the mapped label); V1 holds
//!   since the label is NFC; V2/V3 are the hyphen positions; V5 holds after
//!   the split; V6 is the first character's General_Category; V7 holds
//!   since every status is valid (a deviation only nontransitionally); U1 is the ASCII
//!   LDH rule. A name with a joiner (C1, C2) or, with CheckContextO, any
//!   non-ASCII label goes to the full engine. When any character has Bidi
//!   class R, AL or AN, the engine's own RFC 5893 check runs on every label.
//! - ToASCII (§4.2): each non-ASCII label is Punycode-encoded with the
//!   engine's encoder, behind the ACE prefix (a label over the engine's
//!   encode limit, which gets A3, goes to the full engine); A4_1 and A4_2
//!   are checked on the result.
//!
//! Like the ASCII path, this one only ever answers "valid, and here are
//! ToUnicode and ToASCII N and T"; anything else falls back to the full engine,
//! which reports the errors with their positions.
//! `tests/properties.rs` compares it with the traced engine, which never takes it.

use super::Options;
use super::bidi_rule::check_bidi_rule;
use super::char_flags::{is_nfc_quick_yes, is_nfc_stable, is_rtl_or_arabic_number};
use super::trace::Mode;
use super::validity::LabelReport;
use crate::punycode;
use crate::table::{MappingTable, Status};
use std::ops::Range;
use unicode_normalization::char::is_combining_mark;

/// Where [`super::Uts46::write_valid_unicode_name`] wrote a valid name's results in its buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidUnicode {
    /// ToUnicode, when the Map step changed the input (else it is the input itself).
    pub to_unicode: Option<Range<usize>>,
    /// ToASCII nontransitional.
    pub to_ascii: Range<usize>,
    /// ToASCII transitional, when a deviation made it differ (else it is `to_ascii`).
    pub to_ascii_t: Option<Range<usize>>,
}

/// Appends ToUnicode (only when it differs from `input`), ToASCII N and
/// ToASCII T (only when it differs from N) of `input` to `out`, and says
/// where, when `input` is a valid name of the kind described above. Returns
/// `None`, with `out` as it was, when the full engine must run.
pub(crate) fn write_valid_unicode_name(
    input: &str,
    options: &Options,
    table: &MappingTable,
    out: &mut String,
) -> Option<ValidUnicode> {
    let start = out.len();
    let written = write_name(input, options, table, out);
    if written.is_none() {
        out.truncate(start);
    }
    written
}

fn write_name(input: &str, options: &Options, table: &MappingTable, out: &mut String) -> Option<ValidUnicode> {
    // CONTEXTO looks at neighbours of a few characters: left to the full engine.
    if options.check_contexto {
        return None;
    }
    // Map and check every label first, so a name the full engine must take costs no encoding.
    let start = out.len();
    let name = map_name(input, Mode::Nontransitional, options, table, out)?;
    // A deviation: the transitional run maps and checks the name on its own.
    let transitional = match name.has_deviation {
        true => {
            let mut mapped = String::with_capacity(input.len() + 8);
            map_name(input, Mode::Transitional, options, table, &mut mapped)?;
            Some(mapped)
        }
        false => None,
    };
    // The mapped name is the input unless a character was mapped; then it is
    // kept in `out` as ToUnicode and read from a copy while ToASCII is written.
    let mapped_copy;
    let (mapped, to_unicode) = if name.changed {
        mapped_copy = out[start..].to_string();
        (mapped_copy.as_str(), Some(start..out.len()))
    } else {
        out.truncate(start);
        (input, None)
    };
    let to_ascii = write_ascii(mapped, options, out)?;
    let to_ascii_t = match &transitional {
        Some(mapped) => Some(write_ascii(mapped, options, out)?),
        None => None,
    };
    Some(ValidUnicode {
        to_unicode,
        to_ascii,
        to_ascii_t,
    })
}

/// Maps `input` in `mode` onto `out` and checks every label (and, for a
/// Bidi domain name, the Bidi rule); `None` when the full engine must run.
fn map_name(input: &str, mode: Mode, options: &Options, table: &MappingTable, out: &mut String) -> Option<NameFacts> {
    let start = out.len();
    let mut name = NameFacts::default();
    for (index, label) in input.split('.').enumerate() {
        if index > 0 {
            out.push('.');
        }
        map_label(label, mode, options, table, out, &mut name)?;
    }
    if name.bidi_domain && !bidi_rule_holds(&out[start..]) {
        return None;
    }
    Some(name)
}

/// Appends ToASCII of the processed name `mapped` to `out`: each non-ASCII
/// label Punycode-encoded behind the ACE prefix, then the DNS lengths.
fn write_ascii(mapped: &str, options: &Options, out: &mut String) -> Option<Range<usize>> {
    let ascii_start = out.len();
    for (index, label) in mapped.split('.').enumerate() {
        if index > 0 {
            out.push('.');
        }
        let label_start = out.len();
        if label.is_ascii() {
            out.push_str(label);
        } else {
            out.push_str("xn--");
            punycode::encode_into(label, out, None).ok()?;
        }
        if options.verify_dns_length && out.len() - label_start > 63 {
            return None;
        }
    }
    if options.verify_dns_length && out.len() - ascii_start > 253 {
        return None;
    }
    Some(ascii_start..out.len())
}

/// What the labels of a name tell about the whole.
#[derive(Default)]
struct NameFacts {
    /// The Map step changed a character.
    changed: bool,
    /// A deviation character took part (the transitional result may differ).
    has_deviation: bool,
    /// A character of Bidi class R, AL or AN (looked for only with CheckBidi).
    bidi_domain: bool,
}

/// Appends the mapped `label` to `out` and applies the per-label checks
/// (see the module text); `None` when the full engine must run.
fn map_label(
    label: &str,
    mode: Mode,
    options: &Options,
    table: &MappingTable,
    out: &mut String,
    name: &mut NameFacts,
) -> Option<()> {
    let label_start = out.len();
    let mut changed = false;
    for c in label.chars() {
        changed |= push_mapped(c, mode, table, out, &mut name.has_deviation)?;
    }
    let mapped = &out[label_start..];
    let mut nfc_stable = true;
    let mut length = 0;
    let mut hyphens = [false; 4];
    for c in mapped.chars() {
        // U1, on the mapped label: a transitional mapping may write ASCII too.
        if options.use_std3_ascii_rules && c.is_ascii() && !super::ascii::is_ldh_lowercase(c as u8) {
            return None;
        }
        name.bidi_domain |= options.check_bidi && is_rtl_or_arabic_number(c);
        nfc_stable &= is_nfc_stable(c);
        if length < 4 {
            hyphens[length] = c == '-';
        }
        length += 1;
    }
    let first = mapped.chars().next()?;
    let last = mapped.chars().next_back()?;
    // ToASCII refuses to encode a longer label (A3).
    if length > super::MAX_ENCODE_CODE_POINTS || mapped.starts_with("xn--") || is_combining_mark(first) {
        return None;
    }
    let hyphen_rule_broken = first == '-' || last == '-' || hyphens[2] && hyphens[3];
    if options.check_hyphens && hyphen_rule_broken {
        return None;
    }
    if !nfc_stable && (changed || !is_nfc_quick_yes(mapped)) {
        return None;
    }
    name.changed |= changed;
    Some(())
}

/// Appends what the Map step makes of `c` in `mode` when this path takes
/// it: `c` itself when valid; its mapping when that is one valid non-ASCII
/// code point; an ASCII byte's fold; for a deviation, `c` (nontransitional)
/// or its mapping of valid characters (transitional). Returns whether the
/// output differs from `c`; `None` otherwise.
fn push_mapped(c: char, mode: Mode, table: &MappingTable, out: &mut String, has_deviation: &mut bool) -> Option<bool> {
    if c.is_ascii() {
        let folded = table.ascii_fold(c as u8)?;
        out.push(folded as char);
        return Some(folded != c as u8);
    }
    // Joiners are deviations in today's tables; refused here whatever a loaded table says.
    if matches!(c, '\u{200C}' | '\u{200D}') {
        return None;
    }
    let row = table.lookup(c);
    match row.status {
        Status::Valid => {
            out.push(c);
            Some(false)
        }
        Status::Mapped => {
            let mut chars = row.mapping.chars();
            let target = chars.next()?;
            let single_valid = chars.next().is_none() && !target.is_ascii() && table.status(target) == Status::Valid;
            if !single_valid || matches!(target, '\u{200C}' | '\u{200D}') {
                return None;
            }
            out.push(target);
            Some(true)
        }
        Status::Deviation => {
            *has_deviation = true;
            if mode == Mode::Nontransitional {
                out.push(c);
                return Some(false);
            }
            let all_valid = !row.mapping.is_empty() && row.mapping.chars().all(|m| table.status(m) == Status::Valid);
            if !all_valid {
                return None;
            }
            out.push_str(row.mapping);
            Some(true)
        }
        _ => None,
    }
}

/// True when every label of a Bidi domain name passes the RFC 5893 rule
/// (the engine's own check; errors go to a scratch list, allocated only on failure).
fn bidi_rule_holds(name: &str) -> bool {
    let mut errors = Vec::new();
    for (index, label) in name.split('.').enumerate() {
        let mut report = LabelReport {
            errors: &mut errors,
            label: index,
            checklist: None,
        };
        check_bidi_rule(label, &mut report);
        if !errors.is_empty() {
            return false;
        }
    }
    true
}
