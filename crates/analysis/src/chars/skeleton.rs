//! The UTS #39 §4 skeleton (unicode-security's), read for planes 0 to 3
//! from a generated table of each code point's part where that part does
//! not depend on its neighbours.

use crate::properties::generated::Generated;

/// A code point's part in a UTS #39 skeleton when that part is the same
/// wherever the code point stands: its decomposition starts with a starter
/// (so the first NFD reorders no mark across it) and its own skeleton is
/// empty or starts with a starter (so the last NFD does not either). Then
/// the skeleton of a text of such code points is their skeletons in a row.
#[derive(Clone, Copy)]
pub(crate) enum SkeletonPiece {
    /// The code point is its own skeleton.
    Itself,
    /// Another skeleton (a generated table's text).
    Other(&'static str),
    /// The skeleton depends on the neighbours: the text goes to the library whole.
    InContext,
}

impl SkeletonPiece {
    #[cfg(test)]
    fn of(c: char) -> SkeletonPiece {
        SkeletonPiece::of_text(c, skeleton_piece(c))
    }

    /// The piece of `c` whose text is `piece` (`None`: it depends on the
    /// neighbours); an `Other` piece's text is leaked (the generator's use,
    /// once per code point).
    #[cfg(test)]
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

    /// `c`'s piece from the generated table; `None` beyond planes 0 to 3.
    #[inline]
    fn of_table(c: char) -> Option<SkeletonPiece> {
        PIECES.get(c)
    }
}

/// [`SkeletonPiece::of`] of planes 0 to 3 (`tables/generated/skeleton_pieces.bin`
/// and `.txt`).
static PIECES: PieceTable = piece_table!("skeleton_pieces");

/// A generated table of [`SkeletonPiece`]s, one per code point of planes 0
/// to 3: a [`Generated`] `u32` per code point, and the texts of the `Other`
/// pieces one after another in a UTF-8 file beside it. A value is 0 for
/// `Itself`, 2 for `InContext`, and for `Other` odd: the text's length in
/// bytes in bits 1 to 7, its offset in the texts from bit 8. Being data of
/// the program, not blocks filled on first use, it costs a zone file's
/// first names neither the pieces' computation nor the page faults of
/// filling them.
pub(crate) struct PieceTable {
    pub(crate) pieces: Generated<u32>,
    pub(crate) texts: &'static str,
}

/// The [`PieceTable`] of `tables/generated/<name>.bin` and `<name>.txt`.
macro_rules! piece_table {
    ($name:literal) => {
        $crate::chars::skeleton::PieceTable {
            pieces: $crate::properties::generated::generated!($name),
            texts: include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/generated/", $name, ".txt")),
        }
    };
}
pub(crate) use piece_table;

impl PieceTable {
    /// The piece of `c`; `None` beyond the table.
    #[inline]
    pub(crate) fn get(&self, c: char) -> Option<SkeletonPiece> {
        let bits = self.pieces.lookup(c)?;
        Some(match bits {
            0 => SkeletonPiece::Itself,
            _ if bits & 1 == 0 => SkeletonPiece::InContext,
            _ => {
                let (start, len) = ((bits >> 8) as usize, (bits >> 1 & 0x7F) as usize);
                SkeletonPiece::Other(&self.texts[start..start + len])
            }
        })
    }

    /// Asserts that the table holds `compute`'s piece of each code point of
    /// planes 0 to 3; with `REGENERATE_TABLES` set, writes both files anew
    /// from `compute` first (see [`Generated::check`]).
    #[cfg(test)]
    pub(crate) fn check(&self, name: &str, compute: impl Fn(char) -> SkeletonPiece) {
        let mut texts = String::new();
        let mut starts = std::collections::HashMap::new();
        let values: Vec<u32> = (0..crate::properties::PLANE_CELLS as u32)
            .map(|code| match char::from_u32(code).map(&compute) {
                None | Some(SkeletonPiece::Itself) => 0,
                Some(SkeletonPiece::InContext) => 2,
                Some(SkeletonPiece::Other(text)) => {
                    let start = *starts.entry(text).or_insert_with(|| {
                        texts.push_str(text);
                        texts.len() - text.len()
                    });
                    assert!(text.len() < 0x80 && start < 1 << 24, "a piece fits its bits");
                    (start as u32) << 8 | (text.len() as u32) << 1 | 1
                }
            })
            .collect();
        if std::env::var_os("REGENERATE_TABLES").is_some() {
            let path = format!("{}/generated/{name}.txt", env!("IDNA_INSPECTOR_TABLES"));
            std::fs::write(&path, &texts).expect("the pieces' texts are written");
        } else {
            assert!(self.texts == texts, "{name}.txt: rerun with REGENERATE_TABLES=1");
        }
        self.pieces.check(crate::properties::PLANE_CELLS, |c| values[c as usize]);
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
/// to unicode-security's `skeleton`: for a text whose every code point
/// contributes the same characters wherever it stands, their skeletons in a
/// row (for planes 0 to 3 from a generated table); otherwise the
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
        match SkeletonPiece::of_table(c) {
            Some(piece) => {
                if !piece.push(c, out) {
                    return false;
                }
            }
            // Beyond plane 3 (rare in names), the piece is worked out each time.
            None => match skeleton_piece(c) {
                Some(piece) => out.push_str(&piece),
                None => return false,
            },
        }
    }
    true
}

/// `f` of the skeleton of `c` alone ([`skeleton`] of a one-character
/// text), read from the table without a copy for most code points of
/// planes 0 to 3.
pub(crate) fn with_char_skeleton<R>(c: char, f: impl FnOnce(&str) -> R) -> R {
    match SkeletonPiece::of_table(c) {
        Some(SkeletonPiece::Itself) => f(c.encode_utf8(&mut [0; 4])),
        Some(SkeletonPiece::Other(piece)) => f(piece),
        _ => f(&skeleton(c.encode_utf8(&mut [0; 4]))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated table holds each code point's piece, planes 0 to 3.
    #[test]
    fn skeleton_pieces_table_is_current() {
        PIECES.check("skeleton_pieces", SkeletonPiece::of);
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
