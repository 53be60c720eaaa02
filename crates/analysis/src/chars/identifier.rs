//! Identifier_Status and Identifier_Type (UTS #39 §3.1): unicode-security's
//! current data, and the Unicode 17.0 `IdentifierStatus.txt` that the
//! browsers' ICU 78 ships (`tables/browsers/`).

use super::record::{DEFAULT_IGNORABLE, ICU_ALLOWED, UTS39_ALLOWED, flag};

/// Identifier_Status=Allowed in UTS #39's current data (unicode-security):
/// what the spoof check's own analysis uses; the browsers use
/// [`identifier_allowed`], ICU's older data.
pub fn uts39_identifier_allowed(c: char) -> bool {
    flag(c, UTS39_ALLOWED)
}

/// Identifier_Status=Allowed as the browsers' ICU 78 has it: UTS #39 data
/// of Unicode 17.0 (`tables/browsers/IdentifierStatus.txt`). Firefox's
/// `GetIdentifierType` (`IDTYPE_ALLOWED`) reads it; ICU generates its
/// recommended set from it. Unicode 17 made rare CJK ideographs, Latin
/// letters such as ĕ and Bopomofo Uncommon_Use or Limited_Use, so they are
/// out; the spoof check's own analysis reads the Unicode 18 data of
/// [`uts39_identifier_allowed`].
pub fn identifier_allowed(c: char) -> bool {
    flag(c, ICU_ALLOWED)
}

/// Default_Ignorable_Code_Point, for assigned code points (UTS #39 gives
/// them Identifier_Type=Default_Ignorable); an unassigned one is also
/// unprintable, which is what every caller tests first.
pub(crate) fn is_default_ignorable(c: char) -> bool {
    flag(c, DEFAULT_IGNORABLE)
}

#[cfg(test)]
mod tests {
    use super::super::record::IDENTIFIER_STATUS;
    use super::*;
    use crate::properties::ucd::parse_ranges;

    /// The Unicode 17 Allowed set is read whole (1,649 lines, 33,791 code
    /// points, as the file's total says), and the code points Unicode 17
    /// made Uncommon_Use or Limited_Use are out.
    #[test]
    fn the_unicode_17_allowed_set_is_read_whole() {
        let allowed = parse_ranges(IDENTIFIER_STATUS);
        let size = |ranges: &[(u32, u32)]| ranges.iter().map(|(a, b)| b - a + 1).sum::<u32>();
        assert_eq!((allowed.len(), size(&allowed)), (1_649, 33_791));
        assert!(IDENTIFIER_STATUS.contains("# Total code points: 33791"));
        assert!(identifier_allowed('a') && identifier_allowed('\u{0253}') && identifier_allowed('\u{00B7}'));
        assert!(identifier_allowed('\u{4E00}'));
        // Firefox's IDTYPE_ALLOWED has no U+0375 (ICU's inclusion set has it: Chromium's).
        assert!(!identifier_allowed('\u{0375}'));
        // ĕ, ḁ, CJK Extension A, Bopomofo, Georgian U+10FD: Uncommon_Use, Technical or Limited_Use in Unicode 17.
        for c in ['\u{0115}', '\u{1E01}', '\u{3400}', '\u{3105}', '\u{10FD}'] {
            assert!(!identifier_allowed(c), "{c:?}");
        }
        assert!(!identifier_allowed('\u{200D}') && !identifier_allowed('\u{0378}') && !identifier_allowed('!'));
    }
}
