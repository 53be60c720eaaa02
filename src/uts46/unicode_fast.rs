//! The fast path for a valid name with Unicode labels, the commonest input
//! after plain ASCII: every character is kept as it is by the Map step, the
//! name is already in NFC, and no criterion fails. For such a name UTS #46 §4
//! reduces to one pass per label plus the Punycode encoding:
//!
//! - Map (step 1): every code point's status is valid, so the mapped string
//!   is the input and nothing is a deviation: the transitional and
//!   nontransitional results are the same. ASCII bytes must fold to
//!   themselves (no upper case), as on the ASCII path.
//! - Normalize (step 2): the NFC quick check must answer Yes for each label
//!   (U+002E is a starter that composes with nothing, so the name is NFC
//!   exactly when each label is); "Maybe" goes to the full engine.
//! - Convert/Validate (step 4, §4.1): no label starts with `xn--`, so nothing
//!   is decoded and V4 holds; V1 holds since the label is NFC; V2/V3 are the
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
//! Like the ASCII path, this one only ever answers "valid, and here is the
//! ToASCII string" (ToUnicode is the input); anything else falls back to
//! the full engine, which reports the errors with their positions.
//! `tests/properties.rs` compares it with the traced engine, which never takes it.

use super::Options;
use super::bidi_rule::check_bidi_rule;
use super::char_flags::{is_nfc_quick_yes, is_nfc_stable, is_rtl_or_arabic_number};
use super::validity::LabelReport;
use crate::punycode;
use crate::table::{MappingTable, Status};
use unicode_normalization::char::is_combining_mark;

/// Appends the ToASCII form of `input` to `out` and returns true when
/// `input` is a valid name of the kind described above (ToUnicode is
/// `input` itself; ToASCII N and T are what was appended). Returns false,
/// with `out` as it was, when the full engine must run.
pub(crate) fn write_valid_unicode_name(input: &str, options: &Options, table: &MappingTable, out: &mut String) -> bool {
    let start = out.len();
    let valid = write_labels(input, options, table, out).is_some();
    if !valid {
        out.truncate(start);
    }
    valid
}

fn write_labels(input: &str, options: &Options, table: &MappingTable, out: &mut String) -> Option<()> {
    // CONTEXTO looks at neighbours of a few characters: left to the full engine.
    if options.check_contexto {
        return None;
    }
    // Every check first, so a name the full engine must take costs no encoding.
    let mut bidi_domain = false;
    for label in input.split('.') {
        if label.is_ascii() {
            super::ascii::check_unchanged_label(label, options, table)?;
        } else {
            bidi_domain |= check_unicode_label(label, options, table)?;
        }
    }
    if bidi_domain && !bidi_rule_holds(input) {
        return None;
    }
    let name_start = out.len();
    for (index, label) in input.split('.').enumerate() {
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
    if options.verify_dns_length && out.len() - name_start > 253 {
        return None;
    }
    Some(())
}

/// The per-label checks of a non-ASCII label (see the module text); returns
/// whether it holds a character of Bidi class R, AL or AN (only looked for
/// with CheckBidi), or `None` when the full engine must run.
fn check_unicode_label(label: &str, options: &Options, table: &MappingTable) -> Option<bool> {
    let mut chars = label.chars();
    let first = chars.next()?;
    if is_combining_mark(first) || label.starts_with("xn--") {
        return None;
    }
    let mut right_to_left = false;
    let mut nfc_stable = true;
    let mut length = 0;
    let mut hyphens = [false; 4];
    let mut last = first;
    for c in label.chars() {
        if c.is_ascii() {
            let byte = c as u8;
            if table.ascii_fold(byte) != Some(byte) || options.use_std3_ascii_rules && !super::ascii::is_ldh_lowercase(byte) {
                return None;
            }
        } else {
            // Valid excludes deviations; joiners are deviations in today's
            // tables, and are refused here whatever a loaded table says.
            if table.status(c) != Status::Valid || matches!(c, '\u{200C}' | '\u{200D}') {
                return None;
            }
            right_to_left |= options.check_bidi && is_rtl_or_arabic_number(c);
            nfc_stable &= is_nfc_stable(c);
        }
        if length < 4 {
            hyphens[length] = c == '-';
        }
        length += 1;
        last = c;
    }
    // ToASCII refuses to encode a longer label (A3).
    if length > super::MAX_ENCODE_CODE_POINTS {
        return None;
    }
    let hyphen_rule_broken = first == '-' || last == '-' || hyphens[2] && hyphens[3];
    if options.check_hyphens && hyphen_rule_broken {
        return None;
    }
    if !nfc_stable && !is_nfc_quick_yes(label) {
        return None;
    }
    Some(right_to_left)
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
