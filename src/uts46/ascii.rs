//! The fast path for the commonest input: a valid all-ASCII name without an
//! A-label. For such a name every step of UTS #46 §4 reduces to a byte pass:
//!
//! - Map (step 1): each byte is kept or mapped to one valid ASCII byte (the
//!   table's [`MappingTable::ascii_fold`]); nothing can be a deviation, so the
//!   transitional and nontransitional results are the same.
//! - Normalize (step 2): ASCII is in NFC.
//! - Convert/Validate (step 4, §4.1): no label starts with `xn--`, so nothing
//!   is decoded and V4 cannot fail; ASCII has no FULL STOP inside a label (V5),
//!   no combining mark (V6), no joiner (C1, C2) and no character of Bidi class
//!   R, AL or AN, so the name is not a Bidi domain name (B1–B6 do not apply).
//!   What is left is checked here: V2 and V3 (CheckHyphens), U1
//!   (UseSTD3ASCIIRules), empty labels (X4_2).
//! - ToASCII (§4.2): no label needs Punycode; A4_1 and A4_2 are checked here.
//!
//! Any error sends the name back to the full engine, which then reports the
//! errors with their positions; this path only ever answers "valid, and the
//! result is this string". `tests/properties.rs` compares it with the traced
//! engine, which never takes it.

use super::Options;
use super::validity::is_ldh_lowercase;
use crate::table::MappingTable;
use std::borrow::Cow;

/// A valid all-ASCII name without an A-label: the result that ToUnicode,
/// ToASCII N and ToASCII T share, written on demand (no allocation until then).
#[derive(Clone, Copy, Debug)]
pub struct ValidAscii<'a> {
    input: &'a str,
    table: &'a MappingTable,
    /// Mapping changed at least one byte (an uppercase letter).
    changed: bool,
}

impl<'a> ValidAscii<'a> {
    /// True when the result is the input itself (it was already lowercase).
    pub fn is_input(&self) -> bool {
        !self.changed
    }

    /// Appends the result to `out`: as many bytes as the input, since ASCII
    /// maps byte for byte here.
    pub fn write_to(&self, out: &mut String) {
        let start = out.len();
        out.push_str(self.input);
        if !self.changed {
            return;
        }
        if self.table.ascii_fold_is_lowercase() {
            out[start..].make_ascii_lowercase();
        } else {
            out.truncate(start);
            // Each byte folds to one ASCII byte (checked by valid_ascii_name): one char each.
            let folds = self.table.ascii_folds();
            out.extend(self.input.bytes().map(|byte| char::from(folds[usize::from(byte)])));
        }
    }

    /// The result, borrowed from the input when mapping changed nothing.
    pub fn to_cow(&self) -> Cow<'a, str> {
        if self.changed {
            let mut out = String::with_capacity(self.input.len());
            self.write_to(&mut out);
            Cow::Owned(out)
        } else {
            Cow::Borrowed(self.input)
        }
    }
}

/// `Some` when `input` is an all-ASCII name without an `xn--` label that
/// processing accepts without any error; `None` otherwise (the full engine
/// must run). One pass over the bytes, no allocation.
///
/// Splitting the unmapped bytes at `.` is splitting the mapped name: the
/// table's fold sends no other byte to FULL STOP.
pub(crate) fn valid_ascii_name<'a>(input: &'a str, options: &Options, table: &'a MappingTable) -> Option<ValidAscii<'a>> {
    let bytes = input.as_bytes();
    // A whole-string ASCII test is cheaper than the byte loop below on a name it refuses.
    if !input.is_ascii() || options.verify_dns_length && bytes.len() > 253 {
        return None;
    }
    let classes = table.ascii_classes();
    let folds = table.ascii_folds();
    let refused = match options.use_std3_ascii_rules {
        true => AsciiClass::NOT_STD3,
        false => AsciiClass::NOT_FOLDED,
    };
    // The classes of all bytes OR-ed together say whether any fails to fold
    // (or breaks U1) and whether any changes. The labels are found from a bit
    // mask of dots per 16 bytes: the byte loop stays free of branches (one
    // per dot, at unpredictable places, cost more than the rest of it), and a
    // name with a refused byte is given up at the end of its 16 bytes.
    let mut seen = 0;
    let mut label_start = 0;
    for (chunk_index, chunk) in bytes.chunks(16).enumerate() {
        // Backwards, so that each step shifts by one (a shift by a variable
        // amount costs more): bit i ends up standing for byte i.
        let mut dots = 0u16;
        for &byte in chunk.iter().rev() {
            seen |= classes[usize::from(byte)];
            dots = dots << 1 | u16::from(byte == b'.');
        }
        if seen & refused != 0 {
            return None;
        }
        while dots != 0 {
            let dot = chunk_index * 16 + dots.trailing_zeros() as usize;
            check_label_shape(&bytes[label_start..dot], options, folds)?;
            label_start = dot + 1;
            dots &= dots - 1;
        }
    }
    // An empty last label after a dot is the root: ToUnicode accepts
    // "example.com.", but ToASCII with VerifyDnsLength records A4_2 for it.
    let root_label = label_start == bytes.len() && label_start > 0;
    if !root_label || options.verify_dns_length {
        check_label_shape(&bytes[label_start..], options, folds)?;
    }
    let changed = seen & AsciiClass::CHANGED != 0;
    Some(ValidAscii { input, table, changed })
}

/// The per-label checks left for an ASCII label whose bytes all fold (see
/// the module text): not empty (X4_2), no A-label prefix (decoding or V4),
/// hyphens (V2, V3) and length (A4_2), on the folded bytes.
fn check_label_shape(label: &[u8], options: &Options, folds: &[u8; 256]) -> Option<()> {
    let fold = |byte: &u8| folds[usize::from(*byte)];
    let (first, last) = (fold(label.first()?), fold(label.last()?));
    let start = |n: usize| label.get(n).map_or(0, fold);
    let hyphen_rule_broken = first == b'-' || last == b'-' || (start(2), start(3)) == (b'-', b'-');
    let a_label = [first, start(1), start(2), start(3)] == *b"xn--";
    let fails = a_label || options.check_hyphens && hyphen_rule_broken || options.verify_dns_length && label.len() > 63;
    (!fails).then_some(())
}

/// Bits of [`MappingTable`]'s per-byte classes ([`byte_classes`]).
pub(crate) struct AsciiClass;

impl AsciiClass {
    /// [`MappingTable::ascii_fold`] is `None`: not ASCII, or not mapped to one valid ASCII byte.
    pub(crate) const NOT_FOLDED: u8 = 1;
    /// Not folded, or folded to a byte outside a–z, 0–9 and `-` (what UseSTD3ASCIIRules allows).
    pub(crate) const NOT_STD3: u8 = 2;
    /// Folded to a different byte (an uppercase letter).
    pub(crate) const CHANGED: u8 = 4;
}

/// The [`AsciiClass`] bits of every byte, from a table's fold array
/// ([`MappingTable::ascii_fold`], 0 for `None`); the table keeps them.
pub(crate) fn byte_classes(fold: &[u8; 256]) -> [u8; 256] {
    let mut classes = [0u8; 256];
    for (byte, class) in (0u8..=255).zip(classes.iter_mut()) {
        let target = fold[usize::from(byte)];
        // FULL STOP separates labels; U1 is about what is inside them.
        let std3 = target == b'.' || is_ldh_lowercase(char::from(target));
        if target == 0 {
            *class |= AsciiClass::NOT_FOLDED;
        }
        if !std3 {
            *class |= AsciiClass::NOT_STD3;
        }
        if target != 0 && target != byte {
            *class |= AsciiClass::CHANGED;
        }
    }
    classes
}
