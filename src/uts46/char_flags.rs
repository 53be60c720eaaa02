//! Per-character facts the engine asks about for every character of every
//! name, answered for the BMP from a 64 KiB table (one byte per code point)
//! built once, on first use, from the very functions that answer them
//! otherwise; outside the BMP those functions are asked directly. The
//! libraries' own lookups are binary searches, which cost more per character
//! than the rest of the fast paths together.
//!
//! - **Bidi_Class** ([`super::bidi_rule::bidi_class_uncached`]: unicode-bidi
//!   with the UCD's boundary-neutral defaults), and from it **right-to-left
//!   or Arabic number** (R, AL or AN): one such character makes a name a
//!   Bidi domain name (RFC 5893 §1.4).
//! - **NFC-stable**: NFC_Quick_Check=Yes and Canonical_Combining_Class=0
//!   (unicode-normalization). A string of such characters is in NFC: none
//!   composes with what precedes it and none needs reordering (UAX #15 §9).
//! - **Combining mark**: General_Category M (unicode-normalization), which a
//!   label must not begin with (UTS #46 §4.1 criterion 6).

use super::bidi_rule::bidi_class_uncached;
use std::sync::OnceLock;
use unicode_bidi::BidiClass;
use unicode_normalization::char::{canonical_combining_class, is_combining_mark as compute_combining_mark};
use unicode_normalization::{IsNormalized, is_nfc_quick};

/// The low five bits of a table byte: the index of the class in this list.
const BIDI_CLASSES: [BidiClass; 23] = {
    use BidiClass::*;
    [
        AL, AN, B, BN, CS, EN, ES, ET, FSI, L, LRE, LRI, LRO, NSM, ON, PDF, PDI, R, RLE, RLI, RLO, S, WS,
    ]
};
const CLASS_BITS: u8 = 0x1F;
const NFC_STABLE: u8 = 0x20;
const COMBINING_MARK: u8 = 0x40;
const RTL_OR_ARABIC_NUMBER: u8 = 0x80;

/// Bidi_Class of `c`, as [`super::bidi_rule::bidi_class`] documents it.
#[inline]
pub(crate) fn bidi_class(c: char) -> BidiClass {
    match bmp_byte(c) {
        Some(byte) => BIDI_CLASSES[usize::from(byte & CLASS_BITS)],
        None => bidi_class_uncached(c),
    }
}

/// True when `c` is NFC_Quick_Check=Yes with combining class 0.
#[inline]
pub(crate) fn is_nfc_stable(c: char) -> bool {
    match bmp_byte(c) {
        Some(byte) => byte & NFC_STABLE != 0,
        None => compute_nfc_stable(c),
    }
}

/// True when `c` has Bidi_Class R, AL or AN.
#[inline]
pub(crate) fn is_rtl_or_arabic_number(c: char) -> bool {
    match bmp_byte(c) {
        Some(byte) => byte & RTL_OR_ARABIC_NUMBER != 0,
        None => is_rtl_or_arabic_number_class(bidi_class_uncached(c)),
    }
}

/// True when `c` has General_Category Mark (Mn, Mc or Me).
#[inline]
pub(crate) fn is_combining_mark(c: char) -> bool {
    match bmp_byte(c) {
        Some(byte) => byte & COMBINING_MARK != 0,
        None => compute_combining_mark(c),
    }
}

/// All of this module's facts about `c` at once (one table read for the BMP).
#[inline]
pub(crate) fn facts(c: char) -> CharFacts {
    CharFacts(bmp_byte(c).unwrap_or_else(|| compute_byte(c)))
}

/// What [`facts`] returns: the answers of this module's functions for one character.
#[derive(Clone, Copy)]
pub(crate) struct CharFacts(u8);

impl CharFacts {
    /// As [`is_nfc_stable`].
    #[inline]
    pub(crate) fn nfc_stable(self) -> bool {
        self.0 & NFC_STABLE != 0
    }

    /// As [`is_rtl_or_arabic_number`].
    #[inline]
    pub(crate) fn rtl_or_arabic_number(self) -> bool {
        self.0 & RTL_OR_ARABIC_NUMBER != 0
    }
}

/// True when `text` is in NFC (the NFC quick check answers Yes); the table
/// answers for strings of NFC-stable characters, the library for the rest.
pub(crate) fn is_nfc_quick_yes(text: &str) -> bool {
    text.chars().all(is_nfc_stable) || is_nfc_quick(text.chars()) == IsNormalized::Yes
}

#[inline]
fn bmp_byte(c: char) -> Option<u8> {
    let table = TABLE.get_or_init(build);
    table.get(c as usize).copied()
}

static TABLE: OnceLock<Box<[u8]>> = OnceLock::new();

fn build() -> Box<[u8]> {
    (0..=0xFFFFu32)
        .map(|cp| match char::from_u32(cp) {
            // Surrogates never occur in a `str`.
            None => 0,
            Some(c) => compute_byte(c),
        })
        .collect()
}

fn compute_byte(c: char) -> u8 {
    let class = bidi_class_uncached(c);
    let index = BIDI_CLASSES
        .iter()
        .position(|&known| known == class)
        .expect("every Bidi_Class is listed");
    let mut byte = index as u8;
    if compute_nfc_stable(c) {
        byte |= NFC_STABLE;
    }
    if compute_combining_mark(c) {
        byte |= COMBINING_MARK;
    }
    if is_rtl_or_arabic_number_class(class) {
        byte |= RTL_OR_ARABIC_NUMBER;
    }
    byte
}

fn compute_nfc_stable(c: char) -> bool {
    canonical_combining_class(c) == 0 && is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes
}

fn is_rtl_or_arabic_number_class(class: BidiClass) -> bool {
    matches!(class, BidiClass::R | BidiClass::AL | BidiClass::AN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_answers_as_the_libraries_do_for_every_code_point() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let class = bidi_class_uncached(c);
            assert_eq!(bidi_class(c), class, "{c:?}");
            assert_eq!(is_nfc_stable(c), compute_nfc_stable(c), "{c:?}");
            assert_eq!(is_combining_mark(c), compute_combining_mark(c), "{c:?}");
            assert_eq!(is_rtl_or_arabic_number(c), is_rtl_or_arabic_number_class(class), "{c:?}");
            let facts = facts(c);
            assert_eq!(facts.nfc_stable(), compute_nfc_stable(c), "{c:?}");
            assert_eq!(facts.rtl_or_arabic_number(), is_rtl_or_arabic_number_class(class), "{c:?}");
        }
        assert!(is_nfc_stable('a') && is_nfc_stable('日') && is_nfc_stable('ü'));
        // Combining marks, and a character that composes with what precedes it.
        assert!(!is_nfc_stable('\u{0308}') && !is_nfc_stable('\u{0B3E}'));
        // Not NFC_QC=Yes: a singleton decomposition.
        assert!(!is_nfc_stable('\u{212B}'));
        assert!(is_combining_mark('\u{0308}') && is_combining_mark('\u{0BCD}') && !is_combining_mark('a'));
        assert!(is_rtl_or_arabic_number('א') && is_rtl_or_arabic_number('ب') && is_rtl_or_arabic_number('٣'));
        assert!(!is_rtl_or_arabic_number('a') && !is_rtl_or_arabic_number('3'));
        assert_eq!(bidi_class('\u{05D0}'), BidiClass::R);
        // A noncharacter: BN by the UCD's defaults, which the uncached lookup supplies.
        assert_eq!(bidi_class('\u{FDD0}'), BidiClass::BN);
    }
}
