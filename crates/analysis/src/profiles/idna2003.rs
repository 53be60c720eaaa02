//! IDNA2003: RFC 3490 ToASCII/ToUnicode with Nameprep (RFC 3491) on Unicode
//! 3.2, on the `stringprep` crate's RFC 3454 tables. Its `nameprep()` is not
//! used: it refuses unassigned code points (lookup allows them, RFC 3454 §7)
//! and uses today's NFKC and Bidi_Class, not 3.2's; `tests/profiles.rs` shows each.

use super::{Profile, ProfileError, ProfileResult};
use crate::display::char_with_code_point;
use crate::punycode;
use stringprep::tables;
use unicode_normalization::UnicodeNormalization;

/// The RFC 3490 flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flags {
    /// AllowUnassigned (RFC 3490 §4, RFC 3454 §7): code points unassigned in
    /// Unicode 3.2 pass through. True for lookup, false for registration.
    pub allow_unassigned: bool,
    /// UseSTD3ASCIIRules (RFC 3490 §4.1 step 3): labels hold only letters,
    /// digits and hyphens, and no leading or trailing hyphen.
    pub use_std3_ascii_rules: bool,
}

impl Flags {
    /// Lookup flags: AllowUnassigned on, UseSTD3ASCIIRules as given.
    pub fn lookup(use_std3_ascii_rules: bool) -> Flags {
        Flags {
            allow_unassigned: true,
            use_std3_ascii_rules,
        }
    }
}

/// The label separators of RFC 3490 §3.1 requirement 1.
pub(crate) const SEPARATORS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// Unicode 3.2's NFKC of the five CJK compatibility ideographs whose
/// decomposition Corrigendum #4 changed after 3.2 (today's NFKC gives
/// U+36FC, U+5F53, U+243AB, U+7AEE, U+45D7).
pub(crate) const CORRIGENDUM_4: [(char, char); 5] = [
    ('\u{2F868}', '\u{2136A}'),
    ('\u{2F874}', '\u{5F33}'),
    ('\u{2F91F}', '\u{43AB}'),
    ('\u{2F95F}', '\u{7AAE}'),
    ('\u{2F9BF}', '\u{4D57}'),
];

/// Why Nameprep rejected a label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameprepError {
    /// A prohibited code point (RFC 3491 §5, RFC 3454 tables C.1.2–C.9) at this position of the prepared label.
    Prohibited {
        /// 0-based code-point offset in the prepared label.
        position: usize,
        /// The prohibited code point.
        c: char,
        /// The RFC 3454 table that lists it, e.g. `"C.3 private use"`.
        table: &'static str,
    },
    /// The label mixes right-to-left and left-to-right characters, or a right-to-left label does not start and end with one (RFC 3454 §6).
    Bidi {
        /// The RFC 3454 §6 requirement broken: 2 (mixed directions) or 3 (RTL label's first and last character).
        requirement: u8,
    },
    /// A code point unassigned in Unicode 3.2 while AllowUnassigned is off (RFC 3454 §7).
    Unassigned {
        /// 0-based code-point offset in the prepared label.
        position: usize,
        /// The unassigned code point.
        c: char,
    },
}

/// Nameprep (RFC 3491) of one label: map (B.1 to nothing, B.2 case folding),
/// normalize (NFKC as of Unicode 3.2), prohibit (C.1.2, C.2.2, C.3–C.9), check
/// bidi (RFC 3454 §6) and, unless `allow_unassigned`, unassigned code points.
pub fn nameprep(label: &str, allow_unassigned: bool) -> Result<String, NameprepError> {
    prepare_mapped(&map(label), allow_unassigned)
}

/// Nameprep's map step (RFC 3491 §3): table B.1 to nothing, B.2 case folding.
pub(crate) fn map(label: &str) -> String {
    label
        .chars()
        .filter(|&c| !tables::commonly_mapped_to_nothing(c))
        .flat_map(tables::case_fold_for_nfkc)
        .collect()
}

/// Nameprep after its map step (RFC 3491 §3): normalize, prohibit, check
/// bidi and, unless `allow_unassigned`, unassigned code points.
fn prepare_mapped(mapped: &str, allow_unassigned: bool) -> Result<String, NameprepError> {
    let prepared = nfkc_3_2(mapped);
    for (position, c) in prepared.chars().enumerate() {
        if let Some(table) = prohibited_table(c) {
            return Err(NameprepError::Prohibited { position, c, table });
        }
    }
    check_bidi(&prepared)?;
    let unassigned = prepared.chars().enumerate().find(|&(_, c)| tables::unassigned_code_point(c));
    if let (false, Some((position, c))) = (allow_unassigned, unassigned) {
        return Err(NameprepError::Unassigned { position, c });
    }
    Ok(prepared)
}

/// NFKC as Unicode 3.2 defines it: code points unassigned in 3.2 are left as
/// they are and, being starters without decomposition there, split the text
/// into runs normalized separately; the Corrigendum #4 characters take
/// their 3.2 decomposition.
pub(crate) fn nfkc_3_2(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in text.chars() {
        if tables::unassigned_code_point(c) {
            out.extend(run.nfkc());
            run.clear();
            out.push(c);
        } else {
            run.push(CORRIGENDUM_4.iter().find(|&&(from, _)| from == c).map_or(c, |&(_, to)| to));
        }
    }
    out.extend(run.nfkc());
    out
}

/// The RFC 3454 table that prohibits `c` in Nameprep output, if any.
fn prohibited_table(c: char) -> Option<&'static str> {
    type Check = (fn(char) -> bool, &'static str);
    let checks: [Check; 9] = [
        (tables::non_ascii_space_character, "C.1.2 non-ASCII space"),
        (tables::non_ascii_control_character, "C.2.2 non-ASCII control"),
        (tables::private_use, "C.3 private use"),
        (tables::non_character_code_point, "C.4 noncharacter"),
        (tables::surrogate_code, "C.5 surrogate"),
        (tables::inappropriate_for_plain_text, "C.6 inappropriate for plain text"),
        (
            tables::inappropriate_for_canonical_representation,
            "C.7 inappropriate for canonical representation",
        ),
        (
            tables::change_display_properties_or_deprecated,
            "C.8 changes display properties or deprecated",
        ),
        (tables::tagging_character, "C.9 tagging character"),
    ];
    checks.into_iter().find(|(test, _)| test(c)).map(|(_, name)| name)
}

/// Tables D.1 (RandALCat) and D.2 (LCat) list only code points assigned in
/// Unicode 3.2; today's Bidi_Class is used for those.
fn rand_al(c: char) -> bool {
    !tables::unassigned_code_point(c) && tables::bidi_r_or_al(c)
}

fn l_cat(c: char) -> bool {
    !tables::unassigned_code_point(c) && tables::bidi_l(c)
}

/// RFC 3454 §6 requirements 2 and 3 (requirement 1 is table C.8, prohibited above).
fn check_bidi(label: &str) -> Result<(), NameprepError> {
    if !label.chars().any(rand_al) {
        return Ok(());
    }
    if label.chars().any(l_cat) {
        return Err(NameprepError::Bidi { requirement: 2 });
    }
    let first = label.chars().next().is_some_and(rand_al);
    let last = label.chars().next_back().is_some_and(rand_al);
    if !(first && last) {
        return Err(NameprepError::Bidi { requirement: 3 });
    }
    Ok(())
}

/// Why ToASCII failed for one label (RFC 3490 §4.1), as a profile error.
fn failure(code: &'static str, label: usize, position: Option<usize>, sentence: String, spec: &'static str) -> ProfileError {
    ProfileError {
        code,
        label: Some(label),
        position,
        sentence,
        spec,
    }
}

fn nameprep_failure(error: &NameprepError, label: usize) -> ProfileError {
    match *error {
        NameprepError::Prohibited { position, c, table } => failure(
            "PROHIBITED",
            label,
            Some(position),
            format!(
                "After Nameprep the label holds {}, which RFC 3454 table {table} prohibits.",
                char_with_code_point(c)
            ),
            "RFC 3491 §5; RFC 3454 §5",
        ),
        NameprepError::Bidi { requirement } => failure(
            "BIDI",
            label,
            None,
            if requirement == 2 {
                "The label mixes right-to-left (RandALCat) and left-to-right (LCat) characters.".to_string()
            } else {
                "A label with right-to-left characters must start and end with one.".to_string()
            },
            "RFC 3491 §6; RFC 3454 §6",
        ),
        NameprepError::Unassigned { position, c } => failure(
            "UNASSIGNED",
            label,
            Some(position),
            format!("{} is not assigned in Unicode 3.2.", char_with_code_point(c)),
            "RFC 3454 §7",
        ),
    }
}

/// RFC 3490 §4.1 ToASCII of one label, stopping at the first failing step as the RFC does.
pub(crate) fn label_to_ascii(label: &str, index: usize, flags: Flags) -> Result<String, ProfileError> {
    // Step 1–2: Nameprep only labels with non-ASCII code points.
    let prepared = if label.is_ascii() {
        label.to_string()
    } else {
        nameprep(label, flags.allow_unassigned).map_err(|e| nameprep_failure(&e, index))?
    };
    if flags.use_std3_ascii_rules {
        check_std3(&prepared, index)?;
    }
    let ascii = if prepared.is_ascii() {
        prepared
    } else {
        // Step 5: a label that is still non-ASCII must not begin with the ACE prefix.
        if prepared.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")) {
            return Err(failure(
                "ACE PREFIX",
                index,
                Some(0),
                "A non-ASCII label must not begin with the ACE prefix xn--.".to_string(),
                "RFC 3490 §4.1 step 5",
            ));
        }
        let encoded = punycode::encode(&prepared).map_err(|e| {
            failure(
                "PUNYCODE",
                index,
                None,
                format!("Punycode encoding failed: {e}."),
                "RFC 3490 §4.1 step 6; RFC 3492",
            )
        })?;
        format!("xn--{encoded}")
    };
    // Step 8.
    if !(1..=63).contains(&ascii.len()) {
        return Err(failure(
            "LENGTH",
            index,
            None,
            format!("The label is {} octets long in ASCII; it must be 1 to 63.", ascii.len()),
            "RFC 3490 §4.1 step 8",
        ));
    }
    Ok(ascii)
}

/// Step 3: no non-LDH ASCII, no leading or trailing hyphen.
fn check_std3(label: &str, index: usize) -> Result<(), ProfileError> {
    let spec = "RFC 3490 §4.1 step 3 (UseSTD3ASCIIRules)";
    if let Some((position, c)) = label
        .chars()
        .enumerate()
        .find(|&(_, c)| c.is_ascii() && !(c.is_ascii_alphanumeric() || c == '-'))
    {
        let sentence = format!(
            "UseSTD3ASCIIRules: {} is not a letter, digit or hyphen.",
            char_with_code_point(c)
        );
        return Err(failure("STD3", index, Some(position), sentence, spec));
    }
    if label.starts_with('-') || label.ends_with('-') {
        let sentence = "UseSTD3ASCIIRules: the label begins or ends with a hyphen.".to_string();
        return Err(failure("STD3", index, None, sentence, spec));
    }
    Ok(())
}

/// RFC 3490 §4.2 ToUnicode of one label. It never fails: on any failure the
/// original label is returned, with the reason.
pub(crate) fn label_to_unicode(label: &str, index: usize, flags: Flags) -> (String, Option<ProfileError>) {
    let unchanged = |why: Option<ProfileError>| (label.to_string(), why);
    // Steps 1–2.
    let prepared = if label.is_ascii() {
        label.to_string()
    } else {
        match nameprep(label, flags.allow_unassigned) {
            Ok(prepared) => prepared,
            Err(e) => return unchanged(Some(nameprep_failure(&e, index))),
        }
    };
    // Step 3: only ACE labels are decoded; anything else comes back unchanged.
    let Some(punycode) = prepared.get(4..).filter(|_| prepared[..4].eq_ignore_ascii_case("xn--")) else {
        return unchanged(None);
    };
    let spec = "RFC 3490 §4.2";
    let decoded = match punycode::decode(punycode) {
        Ok(decoded) => decoded,
        Err(e) => {
            return unchanged(Some(failure(
                "PUNYCODE",
                index,
                None,
                format!("Punycode decoding failed: {e}."),
                spec,
            )));
        }
    };
    // Steps 6–7: the decoded label must convert back to the same ACE label.
    match label_to_ascii(&decoded, index, flags) {
        Ok(again) if again.eq_ignore_ascii_case(&prepared) => (decoded, None),
        Ok(again) => unchanged(Some(failure(
            "ROUND-TRIP",
            index,
            None,
            format!("The decoded label converts back to {again}, not to the label given."),
            "RFC 3490 §4.2 steps 6–7",
        ))),
        Err(e) => unchanged(Some(failure(
            "ROUND-TRIP",
            index,
            None,
            format!("The decoded label fails ToASCII: {}", e.sentence),
            "RFC 3490 §4.2 steps 6–7",
        ))),
    }
}

/// ToASCII and ToUnicode of a whole name: labels split at the four
/// separators of RFC 3490 §3.1 and joined with U+002E; a trailing separator
/// (the root) is kept. The empty name converts to itself.
pub fn process(input: &str, flags: Flags) -> ProfileResult {
    let body = input.strip_suffix(SEPARATORS).unwrap_or(input);
    let root = if body.len() < input.len() { "." } else { "" };
    let mut ascii_labels = Vec::new();
    let mut unicode_labels = Vec::new();
    let mut ascii_errors = Vec::new();
    let mut unicode_errors = Vec::new();
    if !input.is_empty() {
        for (index, label) in body.split(SEPARATORS).enumerate() {
            match label_to_ascii(label, index, flags) {
                Ok(ascii) => ascii_labels.push(ascii),
                Err(e) => {
                    ascii_labels.push(label.to_string());
                    ascii_errors.push(e);
                }
            }
            let (unicode, why) = label_to_unicode(label, index, flags);
            unicode_labels.push(unicode);
            unicode_errors.extend(why);
        }
    }
    ProfileResult {
        profile: Profile::Idna2003,
        to_ascii: ascii_labels.join(".") + root,
        ascii_errors,
        to_unicode: unicode_labels.join(".") + root,
        unicode_errors,
        notes: Vec::new(),
    }
}

/// How IDNA2003 treats one code point on its own (for UTS #46 Table 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CharStatus {
    /// Nameprep leaves it as it is, and it is allowed.
    Valid,
    /// Nameprep maps it to this (case folding B.2 and NFKC).
    Mapped(String),
    /// Nameprep maps it to nothing (table B.1).
    Ignored,
    /// Nameprep prohibits it or what it maps to (or STD3 rules do).
    Disallowed,
    /// Unassigned in Unicode 3.2: passed through in lookup, rejected in registration.
    LookupValid,
}

/// The IDNA2003 status of `c` alone, with UseSTD3ASCIIRules as given.
pub(crate) fn char_status(c: char, use_std3_ascii_rules: bool) -> CharStatus {
    if tables::unassigned_code_point(c) {
        return CharStatus::LookupValid;
    }
    if tables::commonly_mapped_to_nothing(c) {
        return CharStatus::Ignored;
    }
    let mapped: String = nfkc_3_2(&tables::case_fold_for_nfkc(c).collect::<String>());
    let std3_breaks =
        |text: &str| use_std3_ascii_rules && text.chars().any(|m| m.is_ascii() && !(m.is_ascii_alphanumeric() || m == '-'));
    if mapped.chars().any(|m| prohibited_table(m).is_some()) || std3_breaks(&mapped) {
        return CharStatus::Disallowed;
    }
    if mapped.len() == c.len_utf8() && mapped.starts_with(c) {
        CharStatus::Valid
    } else {
        CharStatus::Mapped(mapped)
    }
}
