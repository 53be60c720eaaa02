//! Two per-character facts the engine asks about for every character of
//! every name, answered for the BMP from a 64 KiB table built once (about a
//! millisecond, on first use) from the very functions that answer them
//! otherwise; outside the BMP those functions are asked directly. The
//! libraries' own lookups are binary searches or hashes, which cost more per
//! character than the rest of the fast paths together.
//!
//! - **NFC-stable**: NFC_Quick_Check=Yes and Canonical_Combining_Class=0
//!   (unicode-normalization). A string of such characters is in NFC: none
//!   composes with what precedes it and none needs reordering (UAX #15 §9).
//! - **Right-to-left or Arabic number**: Bidi_Class R, AL or AN
//!   ([`super::bidi_rule::bidi_class`]): one such character makes a name a
//!   Bidi domain name (RFC 5893 §1.4).

use super::bidi_rule::bidi_class;
use std::sync::OnceLock;
use unicode_bidi::BidiClass;
use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{IsNormalized, is_nfc_quick};

const NFC_STABLE: u8 = 1;
const RTL_OR_ARABIC_NUMBER: u8 = 2;

/// True when `c` is NFC_Quick_Check=Yes with combining class 0.
#[inline]
pub(crate) fn is_nfc_stable(c: char) -> bool {
    match bmp_flags(c) {
        Some(flags) => flags & NFC_STABLE != 0,
        None => compute_nfc_stable(c),
    }
}

/// True when `c` has Bidi_Class R, AL or AN.
#[inline]
pub(crate) fn is_rtl_or_arabic_number(c: char) -> bool {
    match bmp_flags(c) {
        Some(flags) => flags & RTL_OR_ARABIC_NUMBER != 0,
        None => compute_rtl_or_arabic_number(c),
    }
}

/// True when `text` is in NFC (the NFC quick check answers Yes); the table
/// answers for strings of NFC-stable characters, the library for the rest.
pub(crate) fn is_nfc_quick_yes(text: &str) -> bool {
    text.chars().all(is_nfc_stable) || is_nfc_quick(text.chars()) == IsNormalized::Yes
}

#[inline]
fn bmp_flags(c: char) -> Option<u8> {
    let table = TABLE.get_or_init(build);
    table.get(c as usize).copied()
}

static TABLE: OnceLock<Box<[u8]>> = OnceLock::new();

fn build() -> Box<[u8]> {
    (0..=0xFFFFu32)
        .map(|cp| match char::from_u32(cp) {
            // Surrogates never occur in a `str`.
            None => 0,
            Some(c) => compute_flags(c),
        })
        .collect()
}

fn compute_flags(c: char) -> u8 {
    let mut flags = 0;
    if compute_nfc_stable(c) {
        flags |= NFC_STABLE;
    }
    if compute_rtl_or_arabic_number(c) {
        flags |= RTL_OR_ARABIC_NUMBER;
    }
    flags
}

fn compute_nfc_stable(c: char) -> bool {
    canonical_combining_class(c) == 0 && is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes
}

fn compute_rtl_or_arabic_number(c: char) -> bool {
    matches!(bidi_class(c), BidiClass::R | BidiClass::AL | BidiClass::AN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_answers_as_the_libraries_do_for_every_code_point() {
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            assert_eq!(is_nfc_stable(c), compute_nfc_stable(c), "{c:?}");
            assert_eq!(is_rtl_or_arabic_number(c), compute_rtl_or_arabic_number(c), "{c:?}");
        }
        assert!(is_nfc_stable('a') && is_nfc_stable('日') && is_nfc_stable('ü'));
        // Combining marks, and a character that composes with what precedes it.
        assert!(!is_nfc_stable('\u{0308}') && !is_nfc_stable('\u{0B3E}'));
        // Not NFC_QC=Yes: a singleton decomposition.
        assert!(!is_nfc_stable('\u{212B}'));
        assert!(is_rtl_or_arabic_number('א') && is_rtl_or_arabic_number('ب') && is_rtl_or_arabic_number('٣'));
        assert!(!is_rtl_or_arabic_number('a') && !is_rtl_or_arabic_number('3'));
    }
}
