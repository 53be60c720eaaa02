//! What a mapping table does to each ASCII byte, worked out once per table
//! for the engine's ASCII fast path (`uts46::ascii`), and the
//! letter-digit-hyphen rule UseSTD3ASCIIRules applies (UTS #46 §4.1 U1).

/// The ASCII code points STD3 allows in a label: a–z, 0–9 and U+002D (U1).
#[inline]
pub(crate) fn is_ldh_lowercase(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'
}

/// What a mapping table does to each byte, worked out once per table for
/// the ASCII fast path (the table keeps it: [`super::MappingTable::ascii_folding`]).
#[derive(Clone, Debug)]
pub(crate) struct AsciiFolding {
    /// [`super::MappingTable::ascii_fold`] of every byte, 0 where it is `None`.
    pub folds: [u8; 256],
    /// Per byte, its [`AsciiClass`] bits: what folding does to it, as one lookup.
    pub classes: [u8; 256],
    /// Every byte that folds, folds to its ASCII lowercase (true of every
    /// published table), so a whole string folds with one library call.
    pub fold_is_lowercase: bool,
    /// Under UseSTD3ASCIIRules exactly the letters, digits, `-` and `.` are
    /// kept, and they fold to their ASCII lowercase (true of every published
    /// table), so the ASCII fast path's word scan may stand in for the class lookups.
    pub std3_is_ldh: bool,
}

impl AsciiFolding {
    /// From the table's fold of every byte ([`super::MappingTable::ascii_fold`], 0 for `None`).
    pub(crate) fn new(folds: [u8; 256]) -> AsciiFolding {
        let classes = byte_classes(&folds);
        let fold_is_lowercase = (0u8..=255).all(|byte| {
            let folded = folds[usize::from(byte)];
            folded == 0 || folded == byte.to_ascii_lowercase()
        });
        let std3_is_ldh = (0u8..=255).all(|byte| {
            let ldh = byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'.';
            let kept = classes[usize::from(byte)] & AsciiClass::NOT_STD3 == 0;
            kept == ldh && (!ldh || folds[usize::from(byte)] == byte.to_ascii_lowercase())
        });
        AsciiFolding {
            folds,
            classes,
            fold_is_lowercase,
            std3_is_ldh,
        }
    }

    /// The fold of `byte`, 0 where [`super::MappingTable::ascii_fold`] is `None`.
    pub(crate) fn fold(&self, byte: u8) -> u8 {
        self.folds[usize::from(byte)]
    }
}

/// Bits of [`AsciiFolding`]'s per-byte classes.
pub(crate) struct AsciiClass;

impl AsciiClass {
    /// [`super::MappingTable::ascii_fold`] is `None`: not ASCII, or not mapped to one valid ASCII byte.
    pub(crate) const NOT_FOLDED: u8 = 1;
    /// Not folded, or folded to a byte outside a–z, 0–9 and `-` (what UseSTD3ASCIIRules allows).
    pub(crate) const NOT_STD3: u8 = 2;
    /// Folded to a different byte (an uppercase letter).
    pub(crate) const CHANGED: u8 = 4;
}

/// The [`AsciiClass`] bits of every byte, from a table's fold array.
fn byte_classes(fold: &[u8; 256]) -> [u8; 256] {
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
