//! The UTS #39 §4 skeleton (unicode-security's), read for the BMP from a
//! table of each code point's part where that part does not depend on
//! its neighbours.

use super::{BmpBlocks, block_value};
use std::sync::OnceLock;

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
        block_value(&BLOCKS, c, SkeletonPiece::of)
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
pub(crate) fn with_char_skeleton<R>(c: char, f: impl FnOnce(&str) -> R) -> R {
    match SkeletonPiece::of_bmp(c) {
        Some(SkeletonPiece::Itself) => f(c.encode_utf8(&mut [0; 4])),
        Some(SkeletonPiece::Other(piece)) => f(piece),
        _ => f(&skeleton(c.encode_utf8(&mut [0; 4]))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
