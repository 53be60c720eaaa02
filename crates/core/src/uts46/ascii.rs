//! The fast path for a valid all-ASCII name without an A-label (UTS #46 §4
//! reduced to a byte pass): a word-at-a-time scan, or a byte loop over a class
//! table, with the shared criteria of `validity`. Why and how: `docs/design.md`.

use super::Options;
use super::validity::{LabelEnds, label_length_ok, name_length_ok};
use crate::table::{AsciiClass, AsciiFolding, MappingTable};
use std::borrow::Cow;

/// A valid all-ASCII name without an A-label: the result that ToUnicode,
/// ToASCII N and ToASCII T share, written on demand (no allocation until then).
#[derive(Clone, Copy, Debug)]
#[doc(hidden)]
pub struct ValidAscii<'a> {
    input: &'a str,
    table: &'a MappingTable,
    /// Mapping changed at least one byte (an uppercase letter).
    changed: bool,
    /// The word scan found only letters, digits, hyphens and dots, and no `--`.
    ldh: bool,
}

impl<'a> ValidAscii<'a> {
    /// True when the result is the input itself (it was already lowercase).
    pub fn is_input(&self) -> bool {
        !self.changed
    }

    /// True when the input is known to hold only ASCII letters, digits,
    /// hyphens and dots, and no `--` (so no `xn--` either): the word scan
    /// decided it; false when that is not known.
    pub fn is_ldh(&self) -> bool {
        self.ldh
    }

    /// Appends the result to `out`: as many bytes as the input, since ASCII
    /// maps byte for byte here.
    pub fn write_to(&self, out: &mut String) {
        let start = out.len();
        out.push_str(self.input);
        if !self.changed {
            return;
        }
        let folding = self.table.ascii_folding();
        if folding.fold_is_lowercase {
            out[start..].make_ascii_lowercase();
        } else {
            out.truncate(start);
            // Each byte folds to one ASCII byte (checked by valid_ascii_name): one char each.
            out.extend(self.input.bytes().map(|byte| char::from(folding.fold(byte))));
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
/// must run). No allocation; one pass over the bytes, or two for the rare
/// name the word scan leaves to the class scan (see [`scan_ldh_words`]).
///
/// Splitting the unmapped bytes at `.` is splitting the mapped name: the
/// table's fold sends no other byte to FULL STOP.
#[inline]
pub(crate) fn valid_ascii_name<'a>(input: &'a str, options: &Options, table: &'a MappingTable) -> Option<ValidAscii<'a>> {
    let bytes = input.as_bytes();
    if options.verify_dns_length && !name_length_ok(bytes.len()) {
        return None;
    }
    let folding = table.ascii_folding();
    let word_scan = match options.use_std3_ascii_rules && folding.std3_is_ldh {
        true => scan_ldh_words(bytes, options),
        false => LdhScan::Undecided,
    };
    let (changed, ldh) = match word_scan {
        LdhScan::Valid { changed, ldh } => (changed, ldh),
        LdhScan::Refused => return None,
        LdhScan::Undecided => (class_scan(bytes, options, folding)?, false),
    };
    Some(ValidAscii {
        input,
        table,
        changed,
        ldh,
    })
}

/// The scan for any options and table: [`scan_by_class`], then the last
/// label. `Some(changed)` for a valid name.
fn class_scan(bytes: &[u8], options: &Options, folding: &AsciiFolding) -> Option<bool> {
    let mut labels = Labels {
        bytes,
        start: 0,
        options,
        folds: &folding.folds,
    };
    let changed = scan_by_class(bytes, options, &folding.classes, &mut labels)?;
    labels.finish()?;
    Some(changed)
}

/// The labels of a name, each checked as the scan finds the dot after it.
struct Labels<'b> {
    bytes: &'b [u8],
    /// Where the label being scanned starts.
    start: usize,
    options: &'b Options,
    folds: &'b [u8; 256],
}

impl Labels<'_> {
    /// The label from `start` ends at the dot at `dot`.
    fn end_at(&mut self, dot: usize) -> Option<()> {
        check_label_shape(&self.bytes[self.start..dot], self.options, self.folds)?;
        self.start = dot + 1;
        Some(())
    }

    /// The last label. An empty one after a dot is the root: ToUnicode
    /// accepts "example.com.", but ToASCII with VerifyDnsLength records A4_2 for it.
    fn finish(&self) -> Option<()> {
        let root_label = self.start == self.bytes.len() && self.start > 0;
        if root_label && !self.options.verify_dns_length {
            return Some(());
        }
        check_label_shape(&self.bytes[self.start..], self.options, self.folds)
    }
}

/// The scan for any table and options: one class lookup per byte.
/// `Some(changed)` when every byte folds (and keeps U1 when UseSTD3ASCIIRules
/// is set) and every label has a valid shape.
fn scan_by_class(bytes: &[u8], options: &Options, classes: &[u8; 256], labels: &mut Labels<'_>) -> Option<bool> {
    // A whole-string ASCII test is cheaper than the byte loop below on a name it refuses.
    if !bytes.is_ascii() {
        return None;
    }
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
            labels.end_at(chunk_index * 16 + dots.trailing_zeros() as usize)?;
            dots &= dots - 1;
        }
    }
    Some(seen & AsciiClass::CHANGED != 0)
}

/// What [`scan_ldh_words`] found.
enum LdhScan {
    /// Valid; `changed` when folding changes a byte (an uppercase letter),
    /// `ldh` when no `--` occurs.
    Valid { changed: bool, ldh: bool },
    /// The fast path must decline the name.
    Refused,
    /// Left to [`scan_by_class`].
    Undecided,
}

/// The scan for UseSTD3ASCIIRules with a table whose STD3 folding is the
/// letter-digit-hyphen rule: eight bytes at a time, each word compared with
/// itself shifted by one and four bytes (`docs/design.md`). Left to
/// [`scan_by_class`]: with VerifyDnsLength a name over 63 bytes, and a name
/// with `--` as some label's 3rd and 4th bytes.
fn scan_ldh_words(bytes: &[u8], options: &Options) -> LdhScan {
    let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else {
        return LdhScan::Refused;
    };
    if options.verify_dns_length && bytes.len() > 63 {
        return LdhScan::Undecided;
    }
    let (words, rest) = bytes.as_chunks::<8>();
    let mut scan = WordScan::default();
    for word in words {
        scan.add(u64::from_le_bytes(*word));
        // A name with a refused byte (most often a non-ASCII one) is given up at once.
        if scan.refused != 0 {
            return LdhScan::Refused;
        }
    }
    if !rest.is_empty() {
        scan.add(last_word(bytes));
    }
    if scan.refused != 0 {
        return LdhScan::Refused;
    }
    // The first label's 3rd and 4th bytes have no dot before them to find them by.
    if scan.hyphens_at_third_and_fourth != 0 || bytes.get(2..4) == Some(b"--") {
        return LdhScan::Undecided;
    }
    let empty_label = first == b'.' || scan.adjacent_dots != 0;
    // An empty last label after a dot is the root: ToUnicode accepts
    // "example.com.", but ToASCII with VerifyDnsLength records A4_2 for it.
    let root_label = last == b'.';
    let misplaced_hyphen = first == b'-' || last == b'-' || scan.hyphen_by_dot != 0;
    let refused = empty_label || options.check_hyphens && misplaced_hyphen || options.verify_dns_length && root_label;
    match refused {
        true => LdhScan::Refused,
        false => LdhScan::Valid {
            changed: scan.uppercase != 0,
            ldh: scan.double_hyphens == 0,
        },
    }
}

/// What [`scan_ldh_words`] gathers from a name's words. Each field is a
/// mask of byte top bits; nonzero means "somewhere in the name".
#[derive(Default)]
struct WordScan {
    /// A byte that is not a letter, digit, hyphen or dot.
    refused: u64,
    /// An uppercase letter.
    uppercase: u64,
    /// A dot right after a dot.
    adjacent_dots: u64,
    /// A hyphen right after or right before a dot.
    hyphen_by_dot: u64,
    /// Two hyphens, three and four bytes after a dot.
    hyphens_at_third_and_fourth: u64,
    /// Two hyphens anywhere.
    double_hyphens: u64,
    /// The dots of the word before.
    previous_dots: u64,
    /// The hyphens of the word before.
    previous_hyphens: u64,
}

impl WordScan {
    /// Adds the next word (little-endian: its first byte is the low one).
    fn add(&mut self, word: u64) {
        // A byte from 0x80 up is refused; without its top bit, every byte
        // suits `bytes_in_range`.
        self.refused |= word & HIGH_BITS;
        let word = word & !HIGH_BITS;
        let letters = bytes_in_range(word | ASCII_CASE_BITS, b'a', b'z');
        let hyphens_or_dots = bytes_in_range(word, b'-', b'.');
        self.refused |= !(letters | hyphens_or_dots | bytes_in_range(word, b'0', b'9')) & HIGH_BITS;
        // Shifted so that each byte's 0x20 bit (clear in an uppercase letter)
        // and 0x01 bit (set in `-`, clear in `.`) stand at its top bit.
        self.uppercase |= letters & !(word << 2);
        let odd = word << 7;
        let dots = hyphens_or_dots & !odd;
        let hyphens = hyphens_or_dots & odd;
        // Each byte's neighbour one byte (four bytes) back, the first ones from the word before.
        let dot_before = dots << 8 | self.previous_dots >> 56;
        let hyphen_before = hyphens << 8 | self.previous_hyphens >> 56;
        let dot_four_before = dots << 32 | self.previous_dots >> 32;
        self.adjacent_dots |= dots & dot_before;
        self.hyphen_by_dot |= hyphens & dot_before | dots & hyphen_before;
        self.double_hyphens |= hyphens & hyphen_before;
        self.hyphens_at_third_and_fourth |= hyphens & hyphen_before & dot_four_before;
        self.previous_dots = dots;
        self.previous_hyphens = hyphens;
    }
}

/// The last `bytes.len() % 8` bytes (1–7) as a word, padded with a letter
/// that changes nothing. A name of at least 8 bytes gives them by one load
/// of its last 8 bytes, shifted past the bytes already scanned.
fn last_word(bytes: &[u8]) -> u64 {
    const PADDING: u64 = u64::from_le_bytes([b'a'; 8]);
    let rest = bytes.len() % 8;
    match bytes.last_chunk::<8>() {
        Some(last) => u64::from_le_bytes(*last) >> (8 * (8 - rest)) | PADDING << (8 * rest),
        None => {
            let mut padded = [b'a'; 8];
            padded[..rest].copy_from_slice(bytes);
            u64::from_le_bytes(padded)
        }
    }
}

/// Each byte's top bit.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// Each byte's 0x20 bit: OR-ed into a letter, it gives the lowercase letter
/// (and no other byte becomes a lowercase letter).
const ASCII_CASE_BITS: u64 = 0x2020_2020_2020_2020;
const ONE_PER_BYTE: u64 = 0x0101_0101_0101_0101;

/// The top bit of each byte of `word` that lies in `low..=high`, for a word
/// of bytes below 0x80 and `1 <= low <= high < 0x80`. Adding `0x80 - low`
/// sets a byte's top bit exactly when it is at least `low`; adding
/// `0x7F - high`, exactly when it is above `high`. No sum reaches 0x100, so
/// no byte carries into the next.
fn bytes_in_range(word: u64, low: u8, high: u8) -> u64 {
    let at_least_low = word + ONE_PER_BYTE * u64::from(0x80 - low);
    let above_high = word + ONE_PER_BYTE * u64::from(0x7F - high);
    at_least_low & !above_high & HIGH_BITS
}

/// The per-label checks left for an ASCII label whose bytes all fold: not empty (X4_2), no A-label prefix (decoding or V4),
/// hyphens (V2, V3) and length (A4_2), on the folded bytes.
fn check_label_shape(label: &[u8], options: &Options, folds: &[u8; 256]) -> Option<()> {
    let fold = |byte: &u8| char::from(folds[usize::from(*byte)]);
    let ends = LabelEnds {
        start: [0, 1, 2, 3].map(|n| label.get(n).map_or('\0', fold)),
        last: fold(label.last()?),
    };
    let hyphen_rule_broken = ends.hyphen_first_or_last() || ends.hyphens_in_third_and_fourth();
    let fails = ends.has_ace_prefix()
        || options.check_hyphens && hyphen_rule_broken
        || options.verify_dns_length && !label_length_ok(label.len());
    (!fails).then_some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Compares the word scan with the class scan on `bytes` under every
    /// setting of the flags the word scan reads; true when the word scan settled it.
    fn word_scan_agrees(bytes: &[u8], folding: &AsciiFolding) -> bool {
        let mut settled = false;
        for (check_hyphens, verify_dns_length) in [(false, false), (false, true), (true, false), (true, true)] {
            let options = Options {
                check_hyphens,
                verify_dns_length,
                ..Options::default()
            };
            let expected = class_scan(bytes, &options, folding);
            let found = match scan_ldh_words(bytes, &options) {
                LdhScan::Valid { changed, ldh } => {
                    // What ValidAscii::is_ldh says.
                    assert!(bytes.iter().all(|b| b.is_ascii_alphanumeric() || b"-.".contains(b)));
                    let double_hyphen = bytes.windows(2).any(|pair| pair == b"--");
                    assert_eq!(ldh, !double_hyphen, "{:?}", String::from_utf8_lossy(bytes));
                    Some(changed)
                }
                LdhScan::Refused => None,
                LdhScan::Undecided => continue,
            };
            settled = true;
            assert_eq!(found, expected, "{:?} with {options:?}", String::from_utf8_lossy(bytes));
        }
        settled
    }

    #[test]
    fn every_published_table_folds_ascii_by_the_ldh_rule() {
        assert!(MappingTable::bundled().ascii_folding().std3_is_ldh);
        for version in ["17.0.0", "18.0.0"] {
            let Some(path) = crate::test_needs::shared_path(&format!("unicode/{version}/idna/IdnaMappingTable.txt")) else {
                continue;
            };
            let text = std::fs::read_to_string(&path).unwrap();
            let table = MappingTable::from_text(&text, crate::table::TableSource::File(path)).unwrap();
            assert!(table.ascii_folding().std3_is_ldh, "{version}");
        }
    }

    /// Every name of up to 6 bytes over an alphabet that holds each kind of
    /// byte the word scan tells apart (letters of both cases, `x` and `n`, a
    /// digit, hyphen, dot, and `/` just past the hyphen-dot range).
    #[test]
    fn the_word_scan_agrees_with_the_class_scan_on_short_names() {
        let folding = MappingTable::bundled().ascii_folding();
        const ALPHABET: &[u8] = b"aA-.xn0/";
        let mut name = Vec::new();
        let mut settled = 0;
        for length in 0..=6u32 {
            for mut code in 0..ALPHABET.len().pow(length) {
                name.clear();
                for _ in 0..length {
                    name.push(ALPHABET[code % ALPHABET.len()]);
                    code /= ALPHABET.len();
                }
                settled += usize::from(word_scan_agrees(&name, folding));
            }
        }
        // All but names with "--" as some label's 3rd and 4th bytes.
        assert!(settled > 250_000, "{settled}");
    }

    /// Every byte at every place of names of 1–17 bytes (one, two and three
    /// words), and names around the 63-byte label and 64-byte scan limits.
    #[test]
    fn the_word_scan_agrees_with_the_class_scan_on_every_byte_and_length() {
        let folding = MappingTable::bundled().ascii_folding();
        for length in 1..=17 {
            let base: Vec<u8> = (0..length).map(|i| if i % 4 == 3 { b'.' } else { b'b' }).collect();
            for place in 0..length {
                for byte in 0..=255u8 {
                    let mut name = base.clone();
                    name[place] = byte;
                    word_scan_agrees(&name, folding);
                }
            }
        }
        for length in 60..=66 {
            let label = "Q".repeat(length);
            for name in [label.clone(), format!("{label}."), format!("a.{label}"), format!("-{label}")] {
                word_scan_agrees(name.as_bytes(), folding);
            }
        }
    }
}
