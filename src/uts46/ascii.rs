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
        if self.changed {
            out.reserve(self.input.len());
            // Each byte folds to one ASCII byte (checked by valid_ascii_name): one char each.
            out.extend(
                self.input
                    .bytes()
                    .map(|byte| char::from(self.table.ascii_fold(byte).unwrap_or(byte))),
            );
        } else {
            out.push_str(self.input);
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
pub(crate) fn valid_ascii_name<'a>(input: &'a str, options: &Options, table: &'a MappingTable) -> Option<ValidAscii<'a>> {
    let bytes = input.as_bytes();
    let mut changed = false;
    let mut label = LabelShape::default();
    let mut label_start = 0;
    for (index, &byte) in bytes.iter().enumerate() {
        let target = table.ascii_fold(byte)?;
        changed |= target != byte;
        if target == b'.' {
            label.check(options)?;
            label = LabelShape::default();
            label_start = index + 1;
        } else {
            if options.use_std3_ascii_rules && !is_ldh_lowercase(target) {
                return None;
            }
            label.push(target);
        }
    }
    // An empty last label after a dot is the root: ToUnicode accepts
    // "example.com.", but ToASCII with VerifyDnsLength records A4_2 for it.
    let root_label = label.length == 0 && label_start > 0;
    if root_label && options.verify_dns_length {
        return None;
    }
    if !root_label {
        label.check(options)?;
    }
    if options.verify_dns_length && bytes.len() > 253 {
        return None;
    }
    Some(ValidAscii { input, table, changed })
}

/// What the per-label checks need of a mapped label, gathered byte by byte.
#[derive(Default)]
struct LabelShape {
    length: usize,
    /// The first four mapped bytes (for `xn--` and the hyphens in positions 3 and 4).
    start: [u8; 4],
    last: u8,
}

impl LabelShape {
    fn push(&mut self, byte: u8) {
        if self.length < 4 {
            self.start[self.length] = byte;
        }
        self.length += 1;
        self.last = byte;
    }

    /// The per-label checks left for an ASCII label: not empty (X4_2), no
    /// A-label prefix (decoding or V4), hyphens (V2, V3) and length (A4_2).
    fn check(&self, options: &Options) -> Option<()> {
        let hyphen_rule_broken = self.start[0] == b'-' || self.last == b'-' || self.start[2..4] == *b"--";
        let fails = self.length == 0
            || self.start == *b"xn--"
            || options.check_hyphens && hyphen_rule_broken
            || options.verify_dns_length && self.length > 63;
        (!fails).then_some(())
    }
}

/// The ASCII bytes STD3 allows in a label: a–z, 0–9 and `-`.
pub(super) fn is_ldh_lowercase(byte: u8) -> bool {
    byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-'
}
