//! The Unicode properties the browsers' rules and the spoof check read,
//! each in one place: General_Category (unicode-properties), Script and
//! Script_Extensions (unicode-script), Identifier_Status and
//! Identifier_Type (unicode-security, UTS #39), Identifier_Status as ICU
//! ships it (ICU 74's hard-coded recommended and inclusion sets,
//! `tables/browsers/`), and the few properties no crate exposes
//! (Soft_Dotted, two block ranges). The BMP table: `docs/performance.md`.

use crate::properties::{BmpBlocks, bmp_block, bmp_block_value, bmp_cached};
use std::sync::OnceLock;
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::{Script, ScriptExtension, UnicodeScript};
use unicode_security::GeneralSecurityProfile;
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::mixed_script::AugmentedScriptSet;

/// One code point's values, each read from its library.
#[derive(Clone, Copy)]
struct Entry {
    script: Script,
    category: GeneralCategory,
    flags: u16,
    extension: ScriptExtension,
}

const DEFAULT_IGNORABLE: u16 = 1;
const UTS39_ALLOWED: u16 = 2;
const ICU_ALLOWED: u16 = 4;
const PRINTABLE: u16 = 8;
// The augmented parts of the Script_Extensions' augmented script set (UTS #39 §5.1).
const HANB: u16 = 16;
const JPAN: u16 = 32;
const KORE: u16 = 64;
/// Script_Extensions holds Latin: both restriction levels ask it of every character.
const LATIN: u16 = 128;
/// In ICU's recommended or inclusion set (Chromium's allowed set before its removals).
const ICU_SETS: u16 = 256;

impl Entry {
    fn of(c: char) -> Entry {
        let bit_if = |on: bool, bit: u16| if on { bit } else { 0 };
        let augmented = AugmentedScriptSet::from(c.script_extension());
        Entry {
            script: c.script(),
            category: c.general_category(),
            flags: bit_if(
                c.identifier_type() == Some(IdentifierType::Default_Ignorable),
                DEFAULT_IGNORABLE,
            ) | bit_if(c.identifier_allowed(), UTS39_ALLOWED)
                | bit_if(browsers_identifier_allowed(c), ICU_ALLOWED)
                | bit_if(browsers_identifier_allowed(c) || in_icu_inclusion_set(c), ICU_SETS)
                | bit_if(c.general_category_group() != GeneralCategoryGroup::Other, PRINTABLE)
                | bit_if(augmented.hanb, HANB)
                | bit_if(augmented.jpan, JPAN)
                | bit_if(augmented.kore, KORE)
                | bit_if(c.script_extension().contains_script(Script::Latin), LATIN),
            extension: c.script_extension(),
        }
    }
}

/// `read` of the values of `c`, without copying a BMP code point's whole
/// entry: a BMP code point's from its block, each block of 256 read from
/// the libraries when first asked for; beyond the BMP, read now.
#[inline]
fn with_entry<R>(c: char, read: impl Fn(&Entry) -> R) -> R {
    static BLOCKS: BmpBlocks<Entry> = [const { OnceLock::new() }; 256];
    let code = c as usize;
    match BLOCKS.get(code >> 8) {
        Some(block) => read(&bmp_block(block, code, Entry::of)[code & 0xFF]),
        None => read(&Entry::of(c)),
    }
}

/// Script (unicode-script's data).
pub fn script(c: char) -> Script {
    with_entry(c, |entry| entry.script)
}

/// Script_Extensions (unicode-script's data).
pub fn script_extension(c: char) -> ScriptExtension {
    with_entry(c, |entry| entry.extension)
}

/// The augmented script set of `c` (UTS #39 §5.1; unicode-security's
/// `AugmentedScriptSet::for_char`), and whether its Script_Extensions hold
/// Latin (what the restriction levels leave out for their second set).
pub fn augmented_script_set_and_latin(c: char) -> (AugmentedScriptSet, bool) {
    with_entry(c, |entry| {
        let set = AugmentedScriptSet {
            base: entry.extension,
            hanb: entry.flags & HANB != 0,
            jpan: entry.flags & JPAN != 0,
            kore: entry.flags & KORE != 0,
        };
        (set, entry.flags & LATIN != 0)
    })
}

/// General_Category (unicode-properties' data).
pub fn general_category(c: char) -> GeneralCategory {
    with_entry(c, |entry| entry.category)
}

fn flag(c: char, bit: u16) -> bool {
    with_entry(c, |entry| entry.flags & bit != 0)
}

/// Identifier_Status=Allowed in UTS #39's current data (unicode-security):
/// what the spoof check's own analysis uses; the browsers use
/// [`identifier_allowed`], ICU's older sets.
pub fn uts39_identifier_allowed(c: char) -> bool {
    flag(c, UTS39_ALLOWED)
}

/// General_Category=Nd.
pub fn is_decimal_digit(c: char) -> bool {
    general_category(c) == GeneralCategory::DecimalNumber
}

/// General_Category=Mn (ICU's `U_NON_SPACING_MARK`).
pub fn is_nonspacing_mark(c: char) -> bool {
    general_category(c) == GeneralCategory::NonspacingMark
}

/// The marks [`marks_in_nfd`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marks {
    /// General_Category=Mn ([`is_nonspacing_mark`]).
    Nonspacing,
    /// General_Category=M (unicode-normalization's `is_combining_mark`).
    Combining,
}

/// How many code points of the NFD form of `text` are `marks`, counted
/// up to `enough` (the count stops there): NFD is each character's
/// canonical decomposition, reordered, so the count needs no NFD string.
/// A check that needs two marks in NFD asks this first.
pub fn marks_in_nfd(text: &str, marks: Marks, enough: usize) -> usize {
    let mut count = 0;
    for c in text.chars().filter(|c| !c.is_ascii()) {
        count += usize::from(decomposition_marks(c, marks));
        if count >= enough {
            return enough;
        }
    }
    count
}

/// The `marks` in `c`'s canonical decomposition: a BMP code point's from
/// its block's table (both counts in a byte), filled with [`count_decomposition_marks`].
fn decomposition_marks(c: char, marks: Marks) -> u8 {
    static BLOCKS: BmpBlocks<u8> = [const { OnceLock::new() }; 256];
    let both = bmp_cached(&BLOCKS, c, count_decomposition_marks);
    match marks {
        Marks::Nonspacing => both & 0x0F,
        Marks::Combining => both >> 4,
    }
}

/// The nonspacing marks (low four bits) and the combining marks (high
/// four) in `c`'s canonical decomposition, which has at most four code points.
fn count_decomposition_marks(c: char) -> u8 {
    let (mut nonspacing, mut combining) = (0u8, 0u8);
    unicode_normalization::char::decompose_canonical(c, |part| {
        nonspacing += u8::from(is_nonspacing_mark(part));
        combining += u8::from(unicode_normalization::char::is_combining_mark(part));
    });
    nonspacing.min(15) | (combining.min(15) << 4)
}

/// The NFD form of `text` (UAX #15), equal to unicode-normalization's:
/// each character's canonical decomposition, which is NFD already unless
/// two marks stand out of canonical order (then the library's, which
/// reorders them). Most labels need no reordering, and the library's
/// iterator costs more than the decompositions.
pub fn nfd(text: &str) -> Vec<char> {
    use unicode_normalization::char::{canonical_combining_class, decompose_canonical};
    let mut out = Vec::with_capacity(text.len());
    let mut previous_class = 0;
    let mut ordered = true;
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
            previous_class = 0;
            continue;
        }
        decompose_canonical(c, |part| {
            let class = canonical_combining_class(part);
            ordered &= class == 0 || previous_class <= class;
            previous_class = class;
            out.push(part);
        });
    }
    if ordered {
        return out;
    }
    use unicode_normalization::UnicodeNormalization;
    text.nfd().collect()
}

/// ICU's `u_isprint`: any General_Category outside the C group (Cc, Cf,
/// Cs, Co, Cn).
pub fn is_printable(c: char) -> bool {
    flag(c, PRINTABLE)
}

/// The zero of a decimal digit's run (`c` minus its numeric value), or
/// `None` when `c` is not General_Category=Nd.
///
/// Unicode encodes every Nd digit in a run of ten, zero to nine, in
/// ascending order (The Unicode Standard §4.6, a stability policy), and a
/// maximal run of Nd code points is a whole number of such runs, so the
/// value is the distance from the run's start modulo 10.
#[inline]
pub fn digit_zero(c: char) -> Option<char> {
    // Asked of every character of a label; most are no digit.
    if c.is_ascii() {
        return c.is_ascii_digit().then_some('0');
    }
    if !is_decimal_digit(c) {
        return None;
    }
    run_zero(c)
}

/// The zero of the run of Nd digit `c`.
fn run_zero(c: char) -> Option<char> {
    let code = c as u32;
    let mut start = code;
    while start > 0 && char::from_u32(start - 1).is_some_and(is_decimal_digit) {
        start -= 1;
    }
    char::from_u32(code - (code - start) % 10)
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

/// In ICU 78's recommended or inclusion set: [`identifier_allowed`] and
/// ICU's hand-written inclusion set, which also holds U+0375 GREEK LOWER
/// NUMERAL SIGN (Chromium's `uspoof_getRecommendedUnicodeSet` ∪
/// `uspoof_getInclusionUnicodeSet`).
pub fn in_icu_identifier_sets(c: char) -> bool {
    flag(c, ICU_SETS)
}

fn browsers_identifier_allowed(c: char) -> bool {
    static RANGES: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    in_ranges(RANGES.get_or_init(|| merge_ranges(parse_ranges(IDENTIFIER_STATUS))), c)
}

fn in_icu_inclusion_set(c: char) -> bool {
    static RANGES: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    let ranges = RANGES.get_or_init(|| merge_ranges(parse_ranges(include_str!("../../tables/browsers/icu_inclusion_set.txt"))));
    in_ranges(ranges, c)
}

/// Whether `c` lies in one of `ranges` (sorted, disjoint).
fn in_ranges(ranges: &[(u32, u32)], c: char) -> bool {
    let code = c as u32;
    let index = ranges.partition_point(|&(_, last)| last < code);
    ranges.get(index).is_some_and(|&(first, _)| first <= code)
}

/// UTS #39 `IdentifierStatus.txt` of Unicode 17.0: every listed code point is Allowed.
const IDENTIFIER_STATUS: &str = include_str!("../../tables/browsers/IdentifierStatus.txt");

/// `ranges` sorted, with overlapping and adjacent ranges joined, so that a
/// binary search finds the one range that can hold a code point.
fn merge_ranges(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for (first, last) in ranges {
        match merged.last_mut() {
            Some(previous) if first <= previous.1.saturating_add(1) => previous.1 = previous.1.max(last),
            _ => merged.push((first, last)),
        }
    }
    merged
}

/// `START..END` or `CODE` lines of hexadecimal code points, each maybe
/// followed by `;` fields (UCD style); `#` comments skipped.
fn parse_ranges(text: &str) -> Vec<(u32, u32)> {
    text.lines()
        .map(|line| line.split(['#', ';']).next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .filter_map(|line| {
            let (first, last) = line.split_once("..").unwrap_or((line, line));
            Some((u32::from_str_radix(first, 16).ok()?, u32::from_str_radix(last, 16).ok()?))
        })
        .collect()
}

/// Default_Ignorable_Code_Point, for assigned code points (UTS #39 gives
/// them Identifier_Type=Default_Ignorable); an unassigned one is also
/// unprintable, which is what every caller tests first.
pub fn is_default_ignorable(c: char) -> bool {
    flag(c, DEFAULT_IGNORABLE)
}

/// Soft_Dotted (PropList.txt, Unicode 18.0): letters whose dot disappears
/// under an accent above, so that a U+0307 after them draws a second dot
/// on top of the first.
pub fn is_soft_dotted(c: char) -> bool {
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
pub fn in_ipa_extensions_block(c: char) -> bool {
    ('\u{0250}'..='\u{02AF}').contains(&c)
}

/// Blocks.txt: Deseret.
pub fn in_deseret_block(c: char) -> bool {
    ('\u{10400}'..='\u{1044F}').contains(&c)
}

/// A code point's part in a UTS #39 skeleton when that part is the same
/// wherever the code point stands: its decomposition starts with a starter
/// (so the first NFD reorders no mark across it) and its own skeleton is
/// empty or starts with a starter (so the last NFD does not either). Then
/// the skeleton of a text of such code points is their skeletons in a row.
#[derive(Clone, Copy)]
pub(crate) enum SkeletonPiece {
    /// The code point is its own skeleton.
    Itself,
    /// Another skeleton (kept for the process's life: at most one per BMP code point).
    Other(&'static str),
    /// The skeleton depends on the neighbours: the text goes to the library whole.
    InContext,
}

impl SkeletonPiece {
    fn of(c: char) -> SkeletonPiece {
        SkeletonPiece::of_text(c, skeleton_piece(c))
    }

    /// The piece of `c` whose text is `piece` (`None`: it depends on the neighbours).
    pub(crate) fn of_text(c: char, piece: Option<String>) -> SkeletonPiece {
        let Some(piece) = piece else {
            return SkeletonPiece::InContext;
        };
        let mut chars = piece.chars();
        if chars.next() == Some(c) && chars.next().is_none() {
            return SkeletonPiece::Itself;
        }
        SkeletonPiece::Other(piece.leak())
    }

    /// Appends the piece of `c` to `out`; false for [`SkeletonPiece::InContext`].
    #[inline]
    pub(crate) fn push(self, c: char, out: &mut String) -> bool {
        match self {
            SkeletonPiece::Itself => out.push(c),
            SkeletonPiece::Other(piece) => out.push_str(piece),
            SkeletonPiece::InContext => return false,
        }
        true
    }

    /// `c`'s piece: a BMP code point's from its block's table, `None` beyond the BMP.
    fn of_bmp(c: char) -> Option<SkeletonPiece> {
        static BLOCKS: BmpBlocks<SkeletonPiece> = [const { OnceLock::new() }; 256];
        bmp_block_value(&BLOCKS, c, SkeletonPiece::of)
    }
}

/// The skeleton `c` contributes wherever it stands (see [`SkeletonPiece`]),
/// or `None` when that depends on its neighbours.
fn skeleton_piece(c: char) -> Option<String> {
    use unicode_normalization::UnicodeNormalization;
    use unicode_normalization::char::canonical_combining_class;
    let alone: String = unicode_security::skeleton(c.encode_utf8(&mut [0; 4])).collect();
    let starts_with_starter = c.nfd().next().is_some_and(|first| canonical_combining_class(first) == 0);
    let skeleton_starts_with_starter = alone.chars().next().is_none_or(|first| canonical_combining_class(first) == 0);
    (starts_with_starter && skeleton_starts_with_starter).then_some(alone)
}

/// The UTS #39 §4 skeleton of `text` (NFD, default-ignorables removed, each
/// character replaced by its confusables.txt prototype, NFD again), equal
/// to unicode-security's `skeleton`: for a BMP text whose every code point
/// contributes the same characters wherever it stands, their skeletons in a
/// row (for the BMP from a table filled block by block); otherwise the
/// library's, whole.
pub fn skeleton(text: &str) -> String {
    // Room for a few prototypes longer than their characters (`m` is `rn`).
    let mut out = String::with_capacity(text.len() + 8);
    if push_skeleton_pieces(text, &mut out) {
        return out;
    }
    unicode_security::skeleton(text).collect()
}

/// Appends the skeleton of `text` to `out` when every code point of `text`
/// contributes the same characters wherever it stands (see [`skeleton`]);
/// false when one depends on its neighbours, with `out` holding a part.
/// Texts of such code points have the skeleton of their concatenation in
/// their skeletons' concatenation.
pub fn push_skeleton_pieces(text: &str, out: &mut String) -> bool {
    for c in text.chars() {
        match SkeletonPiece::of_bmp(c) {
            Some(piece) => {
                if !piece.push(c, out) {
                    return false;
                }
            }
            // Beyond the BMP (rare in names), the piece is worked out each time.
            None => match skeleton_piece(c) {
                Some(piece) => out.push_str(&piece),
                None => return false,
            },
        }
    }
    true
}

/// `f` of the skeleton of `c` alone ([`skeleton`] of a one-character
/// text), read from the table without a copy for most BMP code points.
pub fn with_char_skeleton<R>(c: char, f: impl FnOnce(&str) -> R) -> R {
    match SkeletonPiece::of_bmp(c) {
        Some(SkeletonPiece::Itself) => f(c.encode_utf8(&mut [0; 4])),
        Some(SkeletonPiece::Other(piece)) => f(piece),
        _ => f(&skeleton(c.encode_utf8(&mut [0; 4]))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The marks counted from each character's decomposition are the marks of NFD.
    #[test]
    fn marks_in_nfd_counts_the_marks_of_nfd() {
        use unicode_normalization::UnicodeNormalization;
        for c in (0..0x10000).filter_map(char::from_u32) {
            for text in [format!("{c}"), format!("{c}\u{0301}a{c}"), format!("ǖ{c}")] {
                let in_nfd = text.nfd().filter(|&m| is_nonspacing_mark(m)).count();
                assert_eq!(marks_in_nfd(&text, Marks::Nonspacing, 9), in_nfd.min(9), "{text:?}");
                assert_eq!(marks_in_nfd(&text, Marks::Nonspacing, 2), in_nfd.min(2), "{text:?}");
                let combining = text
                    .nfd()
                    .filter(|&m| unicode_normalization::char::is_combining_mark(m))
                    .count();
                assert_eq!(marks_in_nfd(&text, Marks::Combining, 9), combining.min(9), "{text:?}");
            }
        }
    }

    /// The BMP table answers as the libraries do, for every BMP code point.
    #[test]
    fn bmp_table_equals_the_libraries() {
        for c in (0..0x10000).filter_map(char::from_u32) {
            assert_eq!(script(c), c.script(), "{c:?}");
            assert!(script_extension(c) == c.script_extension(), "{c:?}");
            let (set, latin) = augmented_script_set_and_latin(c);
            assert!(set == AugmentedScriptSet::for_char(c), "{c:?}");
            assert_eq!(latin, c.script_extension().contains_script(Script::Latin), "{c:?}");
            assert_eq!(general_category(c), c.general_category(), "{c:?}");
            assert_eq!(uts39_identifier_allowed(c), c.identifier_allowed(), "{c:?}");
            assert_eq!(identifier_allowed(c), browsers_identifier_allowed(c), "{c:?}");
            assert_eq!(
                in_icu_identifier_sets(c),
                browsers_identifier_allowed(c) || in_icu_inclusion_set(c),
                "{c:?}"
            );
            assert_eq!(
                is_default_ignorable(c),
                c.identifier_type() == Some(IdentifierType::Default_Ignorable),
                "{c:?}"
            );
            assert_eq!(
                is_printable(c),
                c.general_category_group() != GeneralCategoryGroup::Other,
                "{c:?}"
            );
        }
        // Beyond the BMP the libraries answer directly.
        assert_eq!(script('\u{10400}'), Script::Deseret);
        assert_eq!(general_category('\u{1D7D8}'), GeneralCategory::DecimalNumber);
    }

    /// The Unicode 17 Allowed set is read whole (1,649 lines, 33,791 code
    /// points, as the file's total says), the inclusion set is added, and the
    /// code points Unicode 17 made Uncommon_Use or Limited_Use are out.
    #[test]
    fn icu_identifier_sets_are_read_whole() {
        let allowed = parse_ranges(IDENTIFIER_STATUS);
        let inclusion = parse_ranges(include_str!("../../tables/browsers/icu_inclusion_set.txt"));
        let size = |ranges: &[(u32, u32)]| ranges.iter().map(|(a, b)| b - a + 1).sum::<u32>();
        assert_eq!((allowed.len(), size(&allowed)), (1_649, 33_791));
        assert!(IDENTIFIER_STATUS.contains("# Total code points: 33791"));
        assert_eq!((inclusion.len(), size(&inclusion)), (14, 17));
        let all = merge_ranges(allowed.into_iter().chain(inclusion).collect());
        // U+0375 GREEK LOWER NUMERAL SIGN is in ICU's inclusion set only.
        assert_eq!(size(&all), 33_792);
        assert!(identifier_allowed('a') && identifier_allowed('\u{0253}') && identifier_allowed('\u{00B7}'));
        assert!(identifier_allowed('\u{4E00}') && in_icu_identifier_sets('\u{4E00}'));
        // Firefox's IDTYPE_ALLOWED has no U+0375; Chromium's sets do.
        assert!(!identifier_allowed('\u{0375}') && in_icu_identifier_sets('\u{0375}'));
        // ĕ, ḁ, CJK Extension A, Bopomofo, Georgian U+10FD: Uncommon_Use, Technical or Limited_Use in Unicode 17.
        for c in ['\u{0115}', '\u{1E01}', '\u{3400}', '\u{3105}', '\u{10FD}'] {
            assert!(!identifier_allowed(c), "{c:?}");
        }
        assert!(!identifier_allowed('\u{200D}') && !identifier_allowed('\u{0378}') && !identifier_allowed('!'));
        assert_eq!(merge_ranges(vec![(5, 9), (1, 2), (3, 4), (8, 12)]), vec![(1, 12)]);
    }

    /// `nfd` equals the library's on every BMP code point alone, after a
    /// letter, between marks of every order and after a decomposing letter.
    #[test]
    fn nfd_equals_the_library() {
        use unicode_normalization::UnicodeNormalization;
        let mut reordered = 0;
        for c in (0..=0xFFFF).filter_map(char::from_u32) {
            for text in [
                format!("{c}"),
                format!("a{c}"),
                format!("{c}\u{0301}"),
                format!("a\u{0301}{c}"),
                format!("e\u{0327}{c}\u{0301}\u{0316}"),
                format!("ǖ{c}\u{0308}"),
                format!("{c}\u{0344}\u{0323}"),
            ] {
                let expected: Vec<char> = text.nfd().collect();
                assert_eq!(nfd(&text), expected, "{text:?}");
                let decomposed: Vec<char> = text.chars().flat_map(|c| c.to_string().nfd().collect::<Vec<_>>()).collect();
                reordered += usize::from(decomposed != expected);
            }
        }
        assert!(reordered > 1000, "the texts reach reordering: {reordered}");
    }

    #[test]
    fn digit_zero_finds_the_run_start_for_adjacent_runs() {
        assert_eq!(digit_zero('7'), Some('0'));
        assert_eq!(digit_zero('\u{0669}'), Some('\u{0660}'));
        // Mathematical digits: five runs of ten, back to back.
        assert_eq!(digit_zero('\u{1D7D9}'), Some('\u{1D7D8}'));
        assert_eq!(digit_zero('\u{1D7E1}'), Some('\u{1D7D8}'));
        assert_eq!(digit_zero('\u{1D7E2}'), Some('\u{1D7E2}'));
        assert_eq!(digit_zero('a'), None);
        assert_eq!(digit_zero('\u{00B2}'), None, "superscript two is No, not Nd");
        // The ASCII shortcut gives the general answer.
        for c in (0..0x80u8).map(char::from) {
            assert_eq!(digit_zero(c), is_decimal_digit(c).then(|| run_zero(c)).flatten(), "{c:?}");
        }
    }

    #[test]
    fn every_decimal_digit_is_named_after_its_run() {
        // Cross-check with the names: <SYSTEM> DIGIT <VALUE> and its zero <SYSTEM> DIGIT ZERO.
        const WORDS: [&str; 10] = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"];
        let mut checked = 0;
        for c in (0..=0x10FFFF).filter_map(char::from_u32).filter(|&c| is_decimal_digit(c)) {
            let zero = digit_zero(c).unwrap();
            let value = c as u32 - zero as u32;
            let Some(name) = unicode_names2::name(c).map(|n| n.to_string()) else {
                continue;
            };
            if let Some((_, word)) = name.rsplit_once(" DIGIT ") {
                assert_eq!(word, WORDS[value as usize], "{c:?} {name}");
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked}");
    }
    /// The table's skeleton is the library's: every BMP code point alone,
    /// each next to a combining mark, a Hangul jamo and a default-ignorable,
    /// and texts mixing pieces that reorder.
    #[test]
    fn skeleton_equals_the_library() {
        let library = |text: &str| unicode_security::skeleton(text).collect::<String>();
        for c in (0..0x10000).filter_map(char::from_u32) {
            for text in [
                c.to_string(),
                format!("a{c}\u{0301}"),
                format!("\u{0301}{c}\u{0316}x"),
                format!("{c}\u{1161}\u{200D}{c}"),
                format!("\u{1100}{c}.{c}"),
            ] {
                assert_eq!(skeleton(&text), library(&text), "{text:?}");
            }
            with_char_skeleton(c, |alone| assert_eq!(alone, library(&c.to_string()), "{c:?}"));
        }
        for text in [
            "раураl.com",
            "e\u{0316}\u{0301}\u{0323}",
            "\u{0F73}\u{0F71}a",
            "한국어.한국",
            "😉.example",
            "a\u{1D165}\u{1D167}\u{0301}😉\u{1F1E6}",
            "\u{10400}\u{1D400}b",
            "ﷺ.x",
            "bücher.straße.de",
            "łódź.中国",
            "u\u{0308}\u{0323}é\u{0316}ǖ\u{0301}",
            "é\u{200D}\u{0316}",
            "ö\u{034F}\u{0323}",
            "",
        ] {
            assert_eq!(skeleton(text), library(text), "{text:?}");
        }
        for c in ['\u{10400}', '\u{1D400}', '😉', '\u{1D165}'] {
            with_char_skeleton(c, |alone| assert_eq!(alone, library(&c.to_string()), "{c:?}"));
        }
    }
}
