//! General_Category (UAX #44 §5.7.1; unicode-properties' data) and the
//! few other UCD properties the browsers' rules read: Soft_Dotted
//! (PropList.txt) and two Blocks.txt ranges.

use super::record::{PRINTABLE, flag, with_entry};
use unicode_properties::GeneralCategory;

/// General_Category (unicode-properties' data).
pub(crate) fn general_category(c: char) -> GeneralCategory {
    with_entry(c, |entry| entry.category)
}

/// [`general_category`] read from the library directly, for a scan over
/// every code point (an LGR's `gc:` class): the per-code-point record would
/// compute each code point's scripts and identifier status too, 20 times the work.
pub(crate) fn general_category_uncached(c: char) -> GeneralCategory {
    use unicode_properties::UnicodeGeneralCategory;
    c.general_category()
}

/// General_Category=Nd.
pub(crate) fn is_decimal_digit(c: char) -> bool {
    general_category(c) == GeneralCategory::DecimalNumber
}

/// General_Category=Mn (ICU's `U_NON_SPACING_MARK`).
pub fn is_nonspacing_mark(c: char) -> bool {
    general_category(c) == GeneralCategory::NonspacingMark
}

/// ICU's `u_isprint`: any General_Category outside the C group (Cc, Cf,
/// Cs, Co, Cn).
pub(crate) fn is_printable(c: char) -> bool {
    flag(c, PRINTABLE)
}

/// Soft_Dotted (PropList.txt, Unicode 18.0): letters whose dot disappears
/// under an accent above, so that a U+0307 after them draws a second dot
/// on top of the first.
pub(crate) fn is_soft_dotted(c: char) -> bool {
    matches!(
        c,
        '\u{0069}'..='\u{006A}'
            | '\u{012F}'
            | '\u{0249}'
            | '\u{0268}'
            | '\u{029D}'
            | '\u{02B2}'
            | '\u{03F3}'
            | '\u{0456}'
            | '\u{0458}'
            | '\u{1D62}'
            | '\u{1D96}'
            | '\u{1DA4}'
            | '\u{1DA8}'
            | '\u{1E2D}'
            | '\u{1ECB}'
            | '\u{2071}'
            | '\u{2148}'..='\u{2149}'
            | '\u{2C7C}'
            | '\u{1D422}'..='\u{1D423}'
            | '\u{1D456}'..='\u{1D457}'
            | '\u{1D48A}'..='\u{1D48B}'
            | '\u{1D4BE}'..='\u{1D4BF}'
            | '\u{1D4F2}'..='\u{1D4F3}'
            | '\u{1D526}'..='\u{1D527}'
            | '\u{1D55A}'..='\u{1D55B}'
            | '\u{1D58E}'..='\u{1D58F}'
            | '\u{1D5C2}'..='\u{1D5C3}'
            | '\u{1D5F6}'..='\u{1D5F7}'
            | '\u{1D62A}'..='\u{1D62B}'
            | '\u{1D65E}'..='\u{1D65F}'
            | '\u{1D692}'..='\u{1D693}'
            | '\u{1DF1A}'
            | '\u{1E04C}'..='\u{1E04D}'
            | '\u{1E068}'
    )
}

/// Blocks.txt: IPA Extensions.
pub(crate) fn in_ipa_extensions_block(c: char) -> bool {
    ('\u{0250}'..='\u{02AF}').contains(&c)
}

/// Blocks.txt: Deseret.
pub(crate) fn in_deseret_block(c: char) -> bool {
    ('\u{10400}'..='\u{1044F}').contains(&c)
}
