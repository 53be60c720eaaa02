//! IDNA2008 lookup (RFC 5891 §5) without mapping: RFC 5892 categories, CONTEXTJ
//! and CONTEXTO (Appendix A), RFC 5891 §4.2.3, the Bidi rule (RFC 5893) and DNS
//! lengths. The category is derived from the UTS #46 table's IDNA2008 field
//! (UTS #46 §5), checked against `Idna2008.txt` 17.0/18.0 by `tests/profiles.rs`.

use super::{Profile, ProfileError, ProfileResult};
use crate::punycode;
use crate::table::{Idna2008Status, MappingTable, Status};
use crate::uts46::contexto::{ContextORule, contexto_violations};
use crate::uts46::errors::{ErrorCode, IdnaError};
use crate::uts46::validity::{self, LabelEnds};
use crate::uts46::{Uts46, bidi_and_joiner_rules, has_rtl_or_arabic_number};
use serde::Serialize;

/// The IDNA2008 category of a code point (RFC 5892 §2, §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Category {
    /// Protocol valid.
    Pvalid,
    /// Join controls, allowed by the rules of RFC 5892 Appendix A.1/A.2.
    ContextJ,
    /// Allowed by the rules of RFC 5892 Appendix A.3–A.9.
    ContextO,
    /// Never allowed.
    Disallowed,
    /// Not assigned in the table's Unicode version.
    Unassigned,
}

impl Category {
    /// The value as `Idna2008.txt` spells it (`PVALID`, `CONTEXTJ`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Pvalid => "PVALID",
            Category::ContextJ => "CONTEXTJ",
            Category::ContextO => "CONTEXTO",
            Category::Disallowed => "DISALLOWED",
            Category::Unassigned => "UNASSIGNED",
        }
    }

    /// True for the categories a label may contain (in context for J and O).
    pub fn is_allowed(self) -> bool {
        matches!(self, Category::Pvalid | Category::ContextJ | Category::ContextO)
    }
}

/// The IDNA2008 category of `c`, derived from `table` (see the module docs).
pub fn category(table: &MappingTable, c: char) -> Category {
    if matches!(c, '\u{200C}' | '\u{200D}') {
        return Category::ContextJ;
    }
    if ContextORule::of(c).is_some() {
        return Category::ContextO;
    }
    // The full stop separates labels; as label content it is disallowed.
    if c == '.' {
        return Category::Disallowed;
    }
    let row = table.lookup(c);
    if row.unassigned {
        return Category::Unassigned;
    }
    match (row.status, row.idna2008) {
        (Status::Valid | Status::Deviation, Idna2008Status::None) => Category::Pvalid,
        _ => Category::Disallowed,
    }
}

/// IDNA2008 lookup of a whole name (RFC 5891 §5): labels split at U+002E
/// only (IDNA2008 maps nothing, so 。 is not a separator); an all-ASCII label
/// is compared case-insensitively (lower-cased), and an `xn--` label is
/// decoded and must be a valid A-label; every label is then checked as a
/// U-label. ToASCII gives A-labels, ToUnicode U-labels; both carry the same
/// errors.
pub fn process(table: &MappingTable, input: &str) -> ProfileResult {
    let body = input.strip_suffix('.').unwrap_or(input);
    let trailing_dot = if body.len() < input.len() { "." } else { "" };
    let mut errors = Vec::new();
    let mut u_labels = Vec::new();
    for (index, label) in body.split('.').enumerate() {
        let u_label = to_u_label(label, index, &mut errors);
        if let Some(u_label) = &u_label {
            check_u_label(table, u_label, index, &mut errors);
        }
        u_labels.push(u_label.unwrap_or_else(|| label.to_string()));
    }
    let bidi_domain = u_labels
        .iter()
        .any(|label| has_rtl_or_arabic_number(table.properties(), label));
    let mut shared = Vec::new();
    for (index, label) in u_labels.iter().enumerate() {
        if !label.is_empty() {
            bidi_and_joiner_rules(label, index, bidi_domain, table.properties(), &mut shared);
        }
    }
    errors.extend(shared.iter().map(from_shared_rule));
    let a_labels: Vec<String> = u_labels.iter().map(|label| to_a_label(label)).collect();
    for (index, a_label) in a_labels.iter().enumerate() {
        // An empty label has its X4_2 already (RFC 5891 §5.4 asks for 1 to 63 octets).
        if !a_label.is_empty() && !validity::label_length_ok(a_label.len()) {
            errors.push(error(
                ErrorCode::A4_2,
                index,
                None,
                format!("The A-label is {} octets long; at most 63 are allowed.", a_label.len()),
            ));
        }
    }
    let to_ascii = a_labels.join(".") + trailing_dot;
    if !validity::name_length_ok(to_ascii.len() - trailing_dot.len()) {
        errors.push(ProfileError {
            code: ErrorCode::A4_1.as_str(),
            label: None,
            position: None,
            sentence: format!(
                "The name is {} octets long in ASCII; it must be 1 to 253.",
                to_ascii.len() - trailing_dot.len()
            ),
            spec: "RFC 5891 §5.4; RFC 1034 §3.1",
        });
    }
    errors.sort_by_key(|e| (e.label, e.position));
    ProfileResult {
        profile: Profile::Idna2008,
        to_ascii,
        to_unicode: u_labels.join(".") + trailing_dot,
        unicode_errors: errors.clone(),
        notes: Vec::new(),
        ascii_errors: errors,
    }
}

/// The U-label a label stands for: an `xn--` label decoded (RFC 5891 §5.3),
/// an ASCII label lower-cased, a non-ASCII label as it is. `None` (with an
/// error recorded) when the label is empty or not a valid A-label.
fn to_u_label(label: &str, index: usize, errors: &mut Vec<ProfileError>) -> Option<String> {
    if label.is_empty() {
        errors.push(error(ErrorCode::X4_2, index, None, "The label is empty.".to_string()));
        return None;
    }
    if !label.is_ascii() {
        return Some(label.to_string());
    }
    let lower = label.to_ascii_lowercase();
    let Some(punycode) = lower.strip_prefix("xn--") else {
        return Some(lower);
    };
    let invalid = |why: String| error(ErrorCode::P4, index, None, why);
    // The engine's limit on the work of decoding, the same as UTS #46's.
    if punycode.len() > Uts46::MAX_DECODE_BYTES {
        errors.push(ProfileError {
            position: Some(Uts46::MAX_DECODE_BYTES + validity::ACE_PREFIX.len()),
            ..invalid(format!(
                "Not decoded: its Punycode is {} bytes long, past the limit of {}.",
                punycode.len(),
                Uts46::MAX_DECODE_BYTES
            ))
        });
        return None;
    }
    match punycode::decode(punycode) {
        // At the byte that stopped the decoder, counted from the label's start as UTS #46 does.
        Err(e) => errors.push(ProfileError {
            position: Some(e.position + validity::ACE_PREFIX.len()),
            ..invalid(format!("Not a valid A-label: {e}."))
        }),
        Ok(decoded) if decoded.is_ascii() => errors.push(invalid(
            "Not a valid A-label: it decodes to ASCII only, which a U-label never is.".to_string(),
        )),
        Ok(decoded) if punycode::encode(&decoded).as_deref() != Ok(punycode) => errors.push(invalid(
            "Not a valid A-label: encoding the decoded label again does not give the same A-label.".to_string(),
        )),
        Ok(decoded) => return Some(decoded),
    }
    None
}

/// The U-label's A-label: ASCII labels as they are, others `xn--` + Punycode.
fn to_a_label(u_label: &str) -> String {
    if u_label.is_ascii() {
        return u_label.to_string();
    }
    match punycode::encode(u_label) {
        Ok(encoded) => format!("xn--{encoded}"),
        Err(_) => u_label.to_string(),
    }
}

/// RFC 5891 §5.4 (with §4.2.3): NFC, hyphens, no leading combining mark,
/// every code point allowed, CONTEXTO rules. (Bidi and CONTEXTJ run after,
/// since the Bidi rule needs to know whether any label is right-to-left.)
fn check_u_label(table: &MappingTable, label: &str, index: usize, errors: &mut Vec<ProfileError>) {
    if !unicode_normalization::is_nfc(label) {
        errors.push(error(
            ErrorCode::V1,
            index,
            None,
            "The label is not in NFC; IDNA2008 does not normalize it for you.".to_string(),
        ));
    }
    // Criteria 2, 3 and 6 are UTS #46's own (validity.rs), which restate RFC 5891 §4.2.3.
    let ends = LabelEnds::of(label);
    let hyphen_errors = [
        (ErrorCode::V2, validity::v2_positions(&ends)),
        (ErrorCode::V3, validity::v3_positions(&ends, label.chars().count())),
    ];
    for (code, positions) in hyphen_errors {
        for position in positions {
            errors.push(error(code, index, Some(position), code.explanation().to_string()));
        }
    }
    if validity::begins_with_combining_mark(label, table.properties()) {
        errors.push(error(ErrorCode::V6, index, Some(0), ErrorCode::V6.explanation().to_string()));
    }
    for (position, c) in label.chars().enumerate() {
        let category = category(table, c);
        if !category.is_allowed() {
            errors.push(ProfileError {
                code: category.as_str(),
                label: Some(index),
                position: Some(position),
                sentence: not_allowed_sentence(table, c, category),
                spec: "RFC 5892 §2; RFC 5891 §5.4",
            });
        }
    }
    for (position, rule) in contexto_violations(label) {
        errors.push(ProfileError {
            code: ErrorCode::ContextO.as_str(),
            label: Some(index),
            position: Some(position),
            sentence: rule.requirement().to_string(),
            spec: rule.section(),
        });
    }
}

/// Why `c` may not appear in an IDNA2008 label.
fn not_allowed_sentence(table: &MappingTable, c: char, category: Category) -> String {
    let shown = crate::display::char_with_code_point(c);
    if category == Category::Unassigned {
        return format!("{shown} is not assigned in Unicode {}.", table.version());
    }
    let row = table.lookup(c);
    match (row.status, row.idna2008) {
        (Status::Mapped, _) => format!(
            "{shown} is DISALLOWED: IDNA2008 does no mapping (UTS #46 would map it to {}).",
            row.mapping.chars().map(crate::display::visible).collect::<String>()
        ),
        (Status::Ignored, _) => format!("{shown} is DISALLOWED: IDNA2008 does no mapping (UTS #46 would remove it)."),
        (_, Idna2008Status::Nv8) => {
            format!("{shown} is DISALLOWED: symbols and punctuation are not allowed by IDNA2008 (UTS #46 keeps it: NV8).")
        }
        (_, Idna2008Status::Xv8) => format!("{shown} is DISALLOWED by IDNA2008 for stability reasons (XV8)."),
        _ => format!("{shown} is DISALLOWED by IDNA2008 (RFC 5892)."),
    }
}

fn error(code: ErrorCode, label: usize, position: Option<usize>, sentence: String) -> ProfileError {
    ProfileError {
        code: code.as_str(),
        label: Some(label),
        position,
        sentence,
        spec: code_spec(code),
    }
}

/// Where IDNA2008 states the rule an `IdnaTestV2.txt` code stands for here.
fn code_spec(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::V1 => "RFC 5891 §5.4 (and §4.2.3)",
        ErrorCode::V2 | ErrorCode::V3 => "RFC 5891 §4.2.3.1",
        ErrorCode::V6 => "RFC 5891 §4.2.3.2",
        ErrorCode::P4 => "RFC 5891 §5.3; RFC 5890 §2.3.2.1",
        ErrorCode::X4_2 | ErrorCode::A4_2 | ErrorCode::A4_1 => "RFC 5891 §5.4; RFC 1034 §3.1",
        ErrorCode::C1 | ErrorCode::C2 => "RFC 5892 Appendix A.1/A.2",
        _ => "RFC 5893 §2",
    }
}

/// A Bidi or CONTEXTJ error of the shared rules, with IDNA2008's spec section.
fn from_shared_rule(e: &IdnaError) -> ProfileError {
    ProfileError {
        spec: code_spec(e.code),
        ..ProfileError::from_uts46(e)
    }
}
