//! UTS #46 §7 Table 4, "IDNA Comparisons": the buckets (a)–(k) that group
//! code points by how IDNA2003, UTS #46 and IDNA2008 treat them, and each
//! code point's status in every profile.
//!
//! As the table does, it works with UseSTD3ASCIIRules on and leaves out
//! ASCII, code points unassigned in the table's Unicode version, controls,
//! private use and surrogates.

use super::idna2003::{self, CharStatus as Status2003};
use super::idna2008;
use crate::table::{MappingTable, Status};
use stringprep::tables::unassigned_code_point;

/// A row of Table 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bucket {
    /// (a) Unicode 3.2; valid in IDNA2003, UTS #46 and IDNA2008.
    A,
    /// (b) Unicode 3.2; disallowed in all three.
    B,
    /// (c) Unicode 3.2; IDNA2003 valid, UTS #46 disallowed (mapped since 15.1), IDNA2008 disallowed: mappings changed after 3.2.
    C,
    /// (d) Unicode 3.2; IDNA2003 mapped, UTS #46 disallowed (mapped differently since 15.1), IDNA2008 disallowed.
    D,
    /// (e) Unicode 3.2; mapped or ignored alike in IDNA2003 and UTS #46, IDNA2008 disallowed: case and compatibility variants, default ignorables.
    E,
    /// (f) Unicode 3.2; IDNA2003 and UTS #46 valid, IDNA2008 disallowed: punctuation, symbols.
    F,
    /// (g) Unicode 3.2; IDNA2003 mapped or ignored, UTS #46 deviation, IDNA2008 valid: the deviations.
    G,
    /// (h) After Unicode 3.2; IDNA2003 lookup-valid, UTS #46 and IDNA2008 valid.
    H,
    /// (i) After Unicode 3.2; IDNA2003 lookup-valid, UTS #46 and IDNA2008 disallowed.
    I,
    /// (j) After Unicode 3.2; IDNA2003 lookup-valid, UTS #46 valid, IDNA2008 disallowed: symbols and punctuation.
    J,
    /// (k) After Unicode 3.2; IDNA2003 lookup-valid, UTS #46 mapped or ignored, IDNA2008 disallowed.
    K,
}

impl Bucket {
    /// Every bucket, in table order.
    pub const ALL: [Bucket; 11] = [
        Bucket::A,
        Bucket::B,
        Bucket::C,
        Bucket::D,
        Bucket::E,
        Bucket::F,
        Bucket::G,
        Bucket::H,
        Bucket::I,
        Bucket::J,
        Bucket::K,
    ];

    /// The row letter, e.g. `'e'`.
    pub fn letter(self) -> char {
        (b'a' + self as u8) as char
    }

    /// IDNA2003 / UTS #46 / IDNA2008 status, and what the row holds, as the table states it.
    pub fn description(self) -> &'static str {
        match self {
            Bucket::A => "Unicode 3.2; valid / valid / valid: valid in all three systems",
            Bucket::B => "Unicode 3.2; disallowed / disallowed / disallowed: disallowed in all three systems",
            Bucket::C => {
                "Unicode 3.2; valid / disallowed (since Unicode 15.1: mapped by today's data) / disallowed: mappings changed after Unicode 3.2"
            }
            Bucket::D => {
                "Unicode 3.2; mapped / disallowed (since Unicode 15.1: mapped differently) / disallowed: mappings changed after Unicode 3.2"
            }
            Bucket::E => {
                "Unicode 3.2; mapped or ignored / mapped or ignored the same way / disallowed: case and compatibility variants, default ignorables"
            }
            Bucket::F => "Unicode 3.2; valid / valid / disallowed: punctuation, symbols, etc.",
            Bucket::G => {
                "Unicode 3.2; mapped or ignored / deviation (kept in nontransitional, mapped in transitional) / valid: the deviations"
            }
            Bucket::H => "After Unicode 3.2; lookup-valid / valid / valid",
            Bucket::I => "After Unicode 3.2; lookup-valid / disallowed / disallowed",
            Bucket::J => "After Unicode 3.2; lookup-valid / valid / disallowed: symbols and punctuation",
            Bucket::K => "After Unicode 3.2; lookup-valid / mapped or ignored / disallowed",
        }
    }
}

/// A status reduced to the table's three (four with deviations) values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Valid,
    MappedOrIgnored,
    Deviation,
    Disallowed,
}

/// UTS #46's status of `c` with UseSTD3ASCIIRules on: a mapping to ASCII
/// other than letters, digits and hyphens makes a code point disallowed.
fn uts46_kind(table: &MappingTable, c: char) -> Kind {
    let row = table.lookup(c);
    match row.status {
        Status::Valid => Kind::Valid,
        Status::Deviation => Kind::Deviation,
        Status::Ignored => Kind::MappedOrIgnored,
        Status::Mapped
            if row
                .mapping
                .chars()
                .any(|m| m.is_ascii() && !(m.is_ascii_alphanumeric() || m == '-')) =>
        {
            Kind::Disallowed
        }
        Status::Mapped => Kind::MappedOrIgnored,
        Status::Disallowed => Kind::Disallowed,
    }
}

fn idna2008_kind(table: &MappingTable, c: char) -> Kind {
    if idna2008::category(table, c).is_allowed() {
        Kind::Valid
    } else {
        Kind::Disallowed
    }
}

fn idna2003_kind(c: char) -> Option<(Kind, Option<String>)> {
    Some(match idna2003::char_status(c, true) {
        Status2003::Valid => (Kind::Valid, None),
        Status2003::Mapped(to) => (Kind::MappedOrIgnored, Some(to)),
        Status2003::Ignored => (Kind::MappedOrIgnored, Some(String::new())),
        Status2003::Disallowed => (Kind::Disallowed, None),
        Status2003::LookupValid => return None,
    })
}

/// What UTS #46 maps `c` to (after NFC, as the Normalize step leaves it).
fn uts46_mapping(table: &MappingTable, c: char) -> String {
    use unicode_normalization::UnicodeNormalization;
    table.lookup(c).mapping.nfc().collect()
}

/// Why Table 4 leaves `c` out (ASCII, unassigned in the table's version,
/// a control or private use), or `None` for a code point it covers.
pub fn left_out_because(table: &MappingTable, c: char) -> Option<&'static str> {
    let private_use = matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}');
    if c.is_ascii() {
        Some("ASCII")
    } else if c.is_control() {
        Some("a control")
    } else if private_use {
        Some("private use")
    } else if table.lookup(c).unassigned {
        Some("unassigned")
    } else {
        None
    }
}

/// The Table 4 bucket of `c` under `table`, or `None` for code points the
/// table leaves out or whose combination of statuses it has no row for.
pub fn bucket(table: &MappingTable, c: char) -> Option<Bucket> {
    if left_out_because(table, c).is_some() {
        return None;
    }
    let uts46 = uts46_kind(table, c);
    let idna2008 = idna2008_kind(table, c);
    use Kind::*;
    if unassigned_code_point(c) {
        // Encoded after Unicode 3.2: IDNA2003 lets it through in lookup.
        return match (uts46, idna2008) {
            (Valid, Valid) => Some(Bucket::H),
            (Disallowed, Disallowed) => Some(Bucket::I),
            (Valid, Disallowed) => Some(Bucket::J),
            (MappedOrIgnored, Disallowed) => Some(Bucket::K),
            _ => None,
        };
    }
    let (idna2003, idna2003_mapping) = idna2003_kind(c)?;
    // Rows c and d: the Unicode mapping changed after 3.2. Older UTS #46 tables
    // disallowed these code points; since Unicode 15.1 UTS #46 maps them by
    // today's data, to something other than what IDNA2003 gives.
    let mapped_differently = uts46 == MappedOrIgnored && idna2003_mapping.is_none_or(|to| to != uts46_mapping(table, c));
    match (idna2003, uts46, idna2008) {
        (_, Deviation, _) => Some(Bucket::G),
        (Valid, Valid, Valid) => Some(Bucket::A),
        (Disallowed, Disallowed, Disallowed) => Some(Bucket::B),
        (Valid, Disallowed | MappedOrIgnored, Disallowed) => Some(Bucket::C),
        (MappedOrIgnored, Disallowed, Disallowed) => Some(Bucket::D),
        (MappedOrIgnored, MappedOrIgnored, Disallowed) if mapped_differently => Some(Bucket::D),
        (MappedOrIgnored, MappedOrIgnored, Disallowed) => Some(Bucket::E),
        (Valid, Valid, Disallowed) => Some(Bucket::F),
        _ => None,
    }
}

/// How each profile treats `c` on its own, as short phrases in
/// [`super::Profile::ALL`] order: IDNA2003 (STD3 as given), UTS #46 T,
/// UTS #46 N, IDNA2008, WHATWG.
pub fn char_statuses(table: &MappingTable, c: char, use_std3_ascii_rules: bool) -> [String; 5] {
    let show = |text: &str| text.chars().map(crate::display::visible).collect::<String>();
    let idna2003 = match idna2003::char_status(c, use_std3_ascii_rules) {
        Status2003::Valid => "valid".to_string(),
        Status2003::Mapped(to) => format!("mapped → {}", show(&to)),
        Status2003::Ignored => "ignored".to_string(),
        Status2003::Disallowed => "prohibited".to_string(),
        Status2003::LookupValid => "unassigned in 3.2 (lookup passes it)".to_string(),
    };
    let row = table.lookup(c);
    let uts46 = |transitional: bool| match row.status {
        Status::Deviation if transitional => format!("deviation → {}", show(row.mapping)),
        Status::Deviation => "deviation, kept".to_string(),
        Status::Mapped => format!("mapped → {}", show(row.mapping)),
        other => other.as_str().to_string(),
    };
    [
        idna2003,
        uts46(true),
        uts46(false),
        idna2008::category(table, c).as_str().to_string(),
        uts46(false),
    ]
}
