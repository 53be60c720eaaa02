//! The fast path for a valid name with Unicode labels, the commonest input
//! after plain ASCII: every character is kept as it is by the Map step, the
//! name is already in NFC, and no criterion fails. For such a name UTS #46 §4
//! reduces to one pass per label plus the Punycode encoding:
//!
//! - Map (step 1): every code point's status is valid, or mapped to one
//!   non-ASCII code point whose own status is valid (`Ä` → `ä`), or it is an
//!   ASCII byte the table folds to one valid ASCII byte (`D` → `d`, as on the
//!   ASCII path). Nothing is a deviation, so the transitional and
//!   nontransitional results are the same.
//! - Normalize (step 2): the NFC quick check must answer Yes for each mapped
//!   label (U+002E is a starter that composes with nothing, so the name is
//!   NFC exactly when each label is); "Maybe" goes to the full engine, and so
//!   does a label that mapping changed unless all its characters are
//!   NFC-stable (then it is NFC without a check).
//! - Convert/Validate (step 4, §4.1): no label starts with `xn--`, so nothing
//!   is decoded and V4 holds (looked for in the mapped label); V1 holds
//!   since the label is NFC; V2/V3 are the
//!   hyphen positions; V5 holds after the split; V6 is the first character's
//!   General_Category; V7 holds since every status is valid; U1 is the ASCII
//!   LDH rule. A name with a joiner (C1, C2) or, with CheckContextO, any
//!   non-ASCII label goes to the full engine. When any character has Bidi
//!   class R, AL or AN, the engine's own RFC 5893 check runs on every label.
//! - ToASCII (§4.2): each non-ASCII label is Punycode-encoded with the
//!   engine's encoder, behind the ACE prefix (a label over the engine's
//!   encode limit, which gets A3, goes to the full engine); A4_1 and A4_2
//!   are checked on the result.
//!
//! Like the ASCII path, this one only ever answers "valid, and here are
//! ToUnicode and ToASCII"; anything else falls back to the full engine,
//! which reports the errors with their positions.
//! `tests/properties.rs` compares it with the traced engine, which never takes it.

use super::Options;
use super::bidi_rule::check_bidi_rule;
use super::char_flags::{is_nfc_quick_yes, is_nfc_stable, is_rtl_or_arabic_number};
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
    /// ToASCII, the same in both modes.
    pub to_ascii: Range<usize>,
}

/// Appends ToUnicode (only when it differs from `input`) and then ToASCII
/// of `input` to `out`, and says where, when `input` is a valid name of the
/// kind described above. Returns `None`, with `out` as it was, when the full
/// engine must run.
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
    let mut name = NameFacts::default();
    for (index, label) in input.split('.').enumerate() {
        if index > 0 {
            out.push('.');
        }
        map_label(label, options, table, out, &mut name)?;
    }
    if name.bidi_domain && !bidi_rule_holds(&out[start..]) {
        return None;
    }
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
    Some(ValidUnicode {
        to_unicode,
        to_ascii: ascii_start..out.len(),
    })
}

/// What the labels of a name tell about the whole.
#[derive(Default)]
struct NameFacts {
    /// The Map step changed a character.
    changed: bool,
    /// A character of Bidi class R, AL or AN (looked for only with CheckBidi).
    bidi_domain: bool,
}

/// Appends the mapped `label` to `out` and applies the per-label checks
/// (see the module text); `None` when the full engine must run.
fn map_label(label: &str, options: &Options, table: &MappingTable, out: &mut String, name: &mut NameFacts) -> Option<()> {
    let label_start = out.len();
    let mut nfc_stable = true;
    let mut changed = false;
    let mut length = 0;
    let mut hyphens = [false; 4];
    for c in label.chars() {
        let mapped = map_char(c, options, table)?;
        changed |= mapped != c;
        name.bidi_domain |= options.check_bidi && is_rtl_or_arabic_number(mapped);
        nfc_stable &= is_nfc_stable(mapped);
        if length < 4 {
            hyphens[length] = mapped == '-';
        }
        length += 1;
        out.push(mapped);
    }
    let mapped = &out[label_start..];
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

/// What the Map step makes of `c` when that is one code point this path
/// takes: `c` itself when valid, its one-character mapping when that is a
/// valid non-ASCII code point, an ASCII byte's fold; `None` otherwise.
fn map_char(c: char, options: &Options, table: &MappingTable) -> Option<char> {
    if c.is_ascii() {
        let folded = table.ascii_fold(c as u8)?;
        let allowed = !options.use_std3_ascii_rules || super::ascii::is_ldh_lowercase(folded);
        return allowed.then_some(folded as char);
    }
    let row = table.lookup(c);
    let mapped = match row.status {
        Status::Valid => c,
        Status::Mapped => {
            let mut chars = row.mapping.chars();
            let target = chars.next()?;
            let single_valid = chars.next().is_none() && !target.is_ascii() && table.status(target) == Status::Valid;
            single_valid.then_some(target)?
        }
        _ => return None,
    };
    // Joiners are deviations in today's tables; refused here whatever a loaded table says.
    (!matches!(mapped, '\u{200C}' | '\u{200D}')).then_some(mapped)
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
