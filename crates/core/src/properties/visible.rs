//! How one code point is written for a reader: the character itself, a
//! combining mark on a dotted circle, or a badge for one that draws
//! nothing (`ZWJ`, `SHY`, …), and its `U+` label (The Unicode Standard,
//! Appendix A). Here, below `display`, so that the engine's own sentences
//! (Punycode's steps) can name code points; the application's `display`
//! re-exports it.

use unicode_normalization::char::is_combining_mark;

/// `U+00DF` for `ß`: at least four upper-case hex digits (The Unicode Standard, Appendix A).
pub fn code_point_label(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// `ß (U+00DF)`: the character as shown (see [`visible`]) and its label, for sentences.
pub fn char_with_code_point(c: char) -> String {
    format!("{} ({})", visible(c), code_point_label(c))
}

/// A short visible name for a code point that draws nothing or only space:
/// joiners, bidi controls, variation selectors, spaces, controls and other
/// Default_Ignorable_Code_Point characters (e.g. `ZWJ`, `RLM`, `VS16`, `NBSP`).
/// `None` for characters with a visible glyph of their own.
pub fn invisible_badge(c: char) -> Option<String> {
    let cp = c as u32;
    let fixed = match cp {
        0x0020 => "SP",
        0x00A0 => "NBSP",
        0x00AD => "SHY",
        0x034F => "CGJ",
        0x061C => "ALM",
        0x115F | 0x1160 | 0x3164 | 0xFFA0 => "HANGUL FILLER",
        0x1680 => "OGHAM SP",
        0x17B4 | 0x17B5 => "KHMER INHERENT VOWEL",
        0x180E => "MVS",
        0x2000..=0x200A => "SPACE",
        0x200B => "ZWSP",
        0x200C => "ZWNJ",
        0x200D => "ZWJ",
        0x200E => "LRM",
        0x200F => "RLM",
        0x2028 => "LSEP",
        0x2029 => "PSEP",
        0x202A => "LRE",
        0x202B => "RLE",
        0x202C => "PDF",
        0x202D => "LRO",
        0x202E => "RLO",
        0x202F => "NNBSP",
        0x205F => "MMSP",
        0x2060 => "WJ",
        0x2061..=0x2064 => "INVISIBLE OP",
        0x2066 => "LRI",
        0x2067 => "RLI",
        0x2068 => "FSI",
        0x2069 => "PDI",
        0x206A..=0x206F => "DEPRECATED FORMAT",
        0x3000 => "IDEOGRAPHIC SP",
        0xFEFF => "ZWNBSP",
        0x1BCA0..=0x1BCA3 => "SHORTHAND FORMAT",
        0x1D173..=0x1D17A => "MUSICAL FORMAT",
        _ => "",
    };
    if !fixed.is_empty() {
        return Some(fixed.to_string());
    }
    let badge = match cp {
        0x180B..=0x180D | 0x180F => format!("FVS{}", if cp == 0x180F { 4 } else { cp - 0x180A }),
        0xFE00..=0xFE0F => format!("VS{}", cp - 0xFE00 + 1),
        0xE0100..=0xE01EF => format!("VS{}", cp - 0xE0100 + 17),
        0xE0000..=0xE0FFF => format!("TAG {cp:04X}"),
        0x2065 | 0xFFF0..=0xFFF8 => format!("IGNORABLE {cp:04X}"),
        _ if c.is_control() => format!("CTRL {cp:02X}"),
        _ if c.is_whitespace() => "SPACE".to_string(),
        _ => return None,
    };
    Some(badge)
}

/// The text to draw for one code point on its own: the character itself,
/// a combining mark on a dotted circle (`◌̈`), or `None` when
/// [`invisible_badge`] applies and the caller should draw the badge instead.
pub fn glyph(c: char) -> Option<String> {
    if invisible_badge(c).is_some() {
        None
    } else if is_combining_mark(c) {
        Some(format!("\u{25CC}{c}"))
    } else {
        Some(c.to_string())
    }
}

/// One code point as text a reader can see: its [`glyph`], or else its
/// [`invisible_badge`] name (`ZWJ`, `SHY`, …).
pub fn visible(c: char) -> String {
    glyph(c).or_else(|| invisible_badge(c)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn badges_name_invisible_characters() {
        assert_eq!(invisible_badge('\u{200D}').as_deref(), Some("ZWJ"));
        assert_eq!(invisible_badge('\u{FE0F}').as_deref(), Some("VS16"));
        assert_eq!(invisible_badge('\u{E0101}').as_deref(), Some("VS18"));
        assert_eq!(invisible_badge('\u{0007}').as_deref(), Some("CTRL 07"));
        assert_eq!(invisible_badge('a'), None);
        assert_eq!(glyph('\u{0308}').as_deref(), Some("\u{25CC}\u{0308}"));
        assert_eq!(visible('\u{200D}'), "ZWJ");
        assert_eq!(visible('ß'), "ß");
    }
}
