//! Chromium's skeletons of a host name (`skeleton_generator.cc`
//! `SkeletonGenerator::GetSkeletons`): diacritics removed from Latin,
//! Greek and Cyrillic names, every variant of the letters with two
//! skeletons, Chromium's extra confusables, then the UTS #39 skeleton.

use super::data;
use crate::chars;
use crate::chars::general::is_nonspacing_mark;
use crate::chars::skeleton::{PieceTable, SkeletonPiece, piece_table};
use crate::properties::generated::{Generated, generated};
use crate::properties::{BmpBlocks, Small, block_cached};
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::OnceLock;
use unicode_normalization::char::{canonical_combining_class, decompose_canonical};
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
use unicode_script::Script;

/// `kMaxHostnameLengthToComputeSupplementalHostnames` (UTF-16 code units):
/// a longer host gets no skeleton at all, as upstream.
pub const MAX_HOSTNAME_LENGTH: usize = 32;
/// `kMaxSupplementalHostnames`.
const MAX_SUPPLEMENTAL_HOSTNAMES: usize = 128;
/// `kMaxCharactersWithMultipleSkeletons`.
const MAX_CHARACTERS_WITH_MULTIPLE_SKELETONS: usize = 5;

/// The skeletons of `hostname` (`GetSkeletons`), sorted; empty for a host
/// longer than [`MAX_HOSTNAME_LENGTH`] or with more than five þ/œ/ł.
pub fn skeletons(hostname: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for_each_skeleton(hostname, |skeleton| {
        if !out.contains(skeleton) {
            out.insert(skeleton.to_string());
        }
    });
    out
}

/// Each of [`skeletons`]`(hostname)`, in no order and perhaps more than
/// once, without collecting them: a host with þ/œ/ł has up to 128 variants.
pub(crate) fn for_each_skeleton(hostname: &str, each: impl FnMut(&str)) {
    for_each_skeleton_within(hostname, None, each);
}

/// [`for_each_skeleton`], leaving out a host none of whose skeletons can
/// end in two labels of characters `in_keys` holds (then `each` is never
/// called): the top-domain look-up compares only suffixes of two labels and
/// more. `in_keys` answers for non-ASCII characters, with whether it holds any.
pub(crate) fn for_each_skeleton_within(
    hostname: &str,
    in_keys: Option<(&dyn Fn(char) -> bool, bool)>,
    mut each: impl FnMut(&str),
) {
    let bare = maybe_remove_diacritics(hostname);
    // ł loses its stroke to the diacritic remover; its own variants come from the input.
    let own_variants = crate::scan::has_char(hostname, 'ł');
    if let Some((in_keys, any_non_ascii)) = in_keys {
        let outside = |source: &str| ends_outside(source, in_keys, any_non_ascii);
        if outside(&bare) && (!own_variants || outside(hostname)) {
            return;
        }
    }
    add_supplemental_skeletons(&bare, &mut each);
    if own_variants {
        add_supplemental_skeletons(hostname, &mut each);
    }
}

/// Whether some skeleton of `hostname` may end in the last two labels of
/// a top domain's key, as `has_tail` answers for such an end (a
/// [`super::top_domain_list::tail_of`], in parts: [`TailOfHost`]): false
/// only when none does, so the top-domain look-up finds nothing. The tail
/// is worked out from the last characters of the host, for the host with
/// its diacritics removed and as written (each skeleton comes from one of
/// the two), each character's piece from the table [`push_char_pieces`]
/// reads: a piece that stands alone starts with a starter, so what stands
/// before it cannot change it. It answers true where it does not follow
/// the generator character by character: a piece that depends on its
/// neighbours or holds a dot, a character with variants (þ œ ł), one the
/// diacritic remover works out with its neighbours, a host of one label
/// or ending in two dots, labels too long for its buffers.
pub(crate) fn may_end_like_a_key(hostname: &str, has_tail: impl Fn(&TailOfHost) -> bool) -> bool {
    let host = hostname.strip_suffix('.').unwrap_or(hostname);
    let Some(dot) = crate::scan::rfind_byte(host.as_bytes(), b'.') else {
        return true;
    };
    let (rest, last) = (&host[..dot], &host[dot + 1..]);
    let second = crate::scan::rfind_byte(rest.as_bytes(), b'.').map_or(rest, |dot| &rest[dot + 1..]);
    if second.is_empty() || last.is_empty() {
        return true;
    }
    let mut tail = TailOfHost::default();
    // As written; then with the diacritics removed, where that may differ.
    let bare = match tail.fill(second, last, false) {
        Ok(bare) => bare,
        Err(_) => return true,
    };
    if has_tail(&tail) {
        return true;
    }
    match bare {
        BareHost::Same | BareHost::NotLgc => false,
        BareHost::Differs => match tail.fill(second, last, true) {
            Ok(_) => has_tail(&tail),
            Err(Tail::NotThisWay) => false,
            Err(Tail::Unknown) => true,
        },
    }
}

/// Why [`TailOfHost::fill`] made no tail.
enum Tail {
    /// A character it does not follow ([`may_end_like_a_key`]).
    Unknown,
    /// The diacritics are not removed from this host (not all of it is
    /// Latin, Greek or Cyrillic).
    NotThisWay,
}

/// What the diacritic remover may make of the characters [`TailOfHost::fill`] read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BareHost {
    /// They are left as they are.
    Same,
    /// Some of them change, if the host is Latin, Greek or Cyrillic.
    Differs,
    /// The host is not all Latin, Greek or Cyrillic: it is left as it is.
    NotLgc,
}

/// The tail of a host's skeletons ([`super::top_domain_list::tail_of`]) in
/// its parts, each last character first, in buffers on the stack.
pub(crate) struct TailOfHost {
    /// The end of the second-to-last label's skeleton.
    second_end: [char; TailOfHost::ROOM],
    second_len: usize,
    /// Whether that is the whole label's skeleton.
    whole: bool,
    /// The last label's skeleton.
    last: [char; TailOfHost::ROOM],
    last_len: usize,
}

impl Default for TailOfHost {
    fn default() -> Self {
        TailOfHost {
            second_end: ['\0'; TailOfHost::ROOM],
            second_len: 0,
            whole: true,
            last: ['\0'; TailOfHost::ROOM],
            last_len: 0,
        }
    }
}

impl TailOfHost {
    /// Characters a buffer holds (a TLD's skeleton, or a tail's end and one piece).
    const ROOM: usize = 24;

    /// Works out the tail of the skeletons of a host whose last two labels
    /// are `second` and `last`, as written or with the diacritics removed;
    /// says what the remover may make of the characters read.
    fn fill(&mut self, second: &str, last: &str, remove_diacritics: bool) -> Result<BareHost, Tail> {
        use super::top_domain_list::TAIL_CHARS;
        let mut bare = BareHost::Same;
        let itself = ascii_itself();
        self.second_len = 0;
        self.whole = true;
        for c in second.chars().rev() {
            push_tail_piece(
                c,
                remove_diacritics,
                itself,
                &mut bare,
                &mut self.second_end,
                &mut self.second_len,
            )?;
            if self.second_len >= TAIL_CHARS {
                self.whole = false;
                break;
            }
        }
        self.last_len = 0;
        for c in last.chars().rev() {
            push_tail_piece(c, remove_diacritics, itself, &mut bare, &mut self.last, &mut self.last_len)?;
        }
        Ok(bare)
    }

    /// The tail's parts in order: the end of the second-to-last label,
    /// whether that is all of it, and the last label.
    pub(crate) fn parts(&self) -> (impl Iterator<Item = char> + '_, bool, impl Iterator<Item = char> + '_) {
        let end = self.second_len.min(super::top_domain_list::TAIL_CHARS);
        (
            self.second_end[..end].iter().rev().copied(),
            self.whole,
            self.last[..self.last_len].iter().rev().copied(),
        )
    }

    /// The tail as text, as [`super::top_domain_list::tail_of`] writes it.
    pub(crate) fn text(&self) -> String {
        let (end, whole, last) = self.parts();
        let mut text = String::new();
        super::top_domain_list::for_each_tail_char(end, whole, last, |c| text.push(c));
        text
    }
}

/// Pushes the piece `c` adds to the skeleton, last character first, onto
/// `reversed[..*len]`: `c` as written, or as the diacritic remover leaves
/// it (`remove_diacritics`), then its piece; notes in `bare` what the
/// remover would make of `c`. `itself`: [`ascii_itself`].
#[inline(always)]
fn push_tail_piece(
    c: char,
    remove_diacritics: bool,
    itself: u128,
    bare_host: &mut BareHost,
    reversed: &mut [char],
    len: &mut usize,
) -> Result<(), Tail> {
    let mut push = |c: char| match reversed.get_mut(*len) {
        Some(slot) => {
            *slot = c;
            *len += 1;
            Ok(())
        }
        None => Err(Tail::Unknown),
    };
    if c.is_ascii() {
        if !LGC_ASCII[c as usize] {
            if remove_diacritics {
                return Err(Tail::NotThisWay);
            }
            *bare_host = BareHost::NotLgc;
        }
        // An ASCII character is its own part, and (but `.`, which no label holds) most its own piece.
        return match itself >> (c as u32) & 1 {
            1 => push(c),
            _ => match char_piece_of(c) {
                Some(SkeletonPiece::Other(piece)) => push_other_piece(piece, push),
                _ => Err(Tail::Unknown),
            },
        };
    }
    let source = match bare(c) {
        Bare::Other => return Err(Tail::Unknown),
        Bare::NotLgc if remove_diacritics => return Err(Tail::NotThisWay),
        Bare::NotLgc => {
            *bare_host = BareHost::NotLgc;
            c
        }
        Bare::Dropped if remove_diacritics => return Ok(()),
        Bare::One(part) if remove_diacritics => part,
        Bare::One(part) if part == c => c,
        Bare::Dropped | Bare::One(_) => {
            if *bare_host == BareHost::Same {
                *bare_host = BareHost::Differs;
            }
            c
        }
    };
    // þ œ ł, all below U+0200: one comparison for most characters.
    if (source as u32) < 0x200 && data::MULTIPLE_SKELETONS.iter().any(|&(from, _)| from == source) {
        return Err(Tail::Unknown);
    }
    match char_piece_of(source) {
        Some(SkeletonPiece::Itself) => push(source),
        Some(SkeletonPiece::Other(piece)) => push_other_piece(piece, push),
        _ => Err(Tail::Unknown),
    }
}

/// Pushes a character's skeleton `piece` other than itself, last character
/// first; a piece with a dot would move the labels' ends, and leaves the tail unknown.
#[inline(always)]
fn push_other_piece(piece: &str, push: impl FnMut(char) -> Result<(), Tail>) -> Result<(), Tail> {
    if crate::scan::has_byte(piece.as_bytes(), b'.') {
        return Err(Tail::Unknown);
    }
    piece.chars().rev().try_for_each(push)
}

/// True when every skeleton of every variant of `source` (the diacritic
/// remover's output, or the host for ł's own variants) has, in its last
/// two labels, a character `in_keys` does not hold. Such a character is a
/// non-ASCII one of a piece that stands alone ([`push_char_pieces`]: it
/// adds the same characters wherever it stands) of a character in the last
/// two labels of `source` other than þ, œ and ł (their variants replace
/// them); the skeleton keeps the labels of `source` when no character of
/// those two labels gives a dot (Arabic-Indic zero's prototype is `.`).
/// `in_keys` is asked about non-ASCII characters only; `any_non_ascii`:
/// whether it holds any.
fn ends_outside(source: &str, in_keys: &dyn Fn(char) -> bool, any_non_ascii: bool) -> bool {
    // The variants' trailing dot is dropped, as in [`add_variant_skeletons`].
    let source = source.strip_suffix('.').unwrap_or(source);
    let (mut dots, mut outside) = (0, false);
    for c in source.chars().rev() {
        if c.is_ascii() {
            // No ASCII character's piece holds anything but ASCII or a dot but itself.
            dots += usize::from(c == '.');
            if dots == 2 {
                break;
            }
            continue;
        }
        match top_domain_part(c) {
            TopDomainPart::GivesDot => return false,
            TopDomainPart::NonAscii if !outside => {
                let holds_outside = |piece: &str| piece.chars().any(|k| !k.is_ascii() && !in_keys(k));
                outside = !any_non_ascii
                    || match char_piece_of(c) {
                        Some(SkeletonPiece::Itself) => !in_keys(c),
                        Some(SkeletonPiece::Other(piece)) => holds_outside(piece),
                        // Beyond plane 3 the piece is made again.
                        _ => Piece::of(c.encode_utf8(&mut [0; 4])).is_some_and(|piece| holds_outside(&piece.skeleton)),
                    }
            }
            _ => {}
        }
    }
    outside
}

/// What a non-ASCII character of a host adds to its skeletons, for [`ends_outside`].
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum TopDomainPart {
    /// Some skeleton it takes part in may hold a dot.
    GivesDot = 1,
    /// A piece that stands alone and holds a non-ASCII character (and no dot); not þ, œ or ł.
    NonAscii,
    /// Anything else.
    Other,
}

/// [`TopDomainPart`] of `c`, a BMP code point's from its generated table.
fn top_domain_part(c: char) -> TopDomainPart {
    TOP_DOMAIN_PART.get(c, search_top_domain_part)
}

/// [`top_domain_part`] of the BMP, made from [`search_top_domain_part`].
static TOP_DOMAIN_PART: Generated<TopDomainPart> = generated!("chromium_top_domain_part");

impl Small for TopDomainPart {
    const BYTES: usize = 1;
    fn bits(self) -> u32 {
        self as u32
    }
    fn from_bits(bits: u32) -> Self {
        match bits {
            1 => TopDomainPart::GivesDot,
            2 => TopDomainPart::NonAscii,
            _ => TopDomainPart::Other,
        }
    }
}

/// [`TopDomainPart`] of `c`, worked out from its piece as [`char_piece`]
/// makes it (without keeping it).
fn search_top_domain_part(c: char) -> TopDomainPart {
    let single = Piece::of(c.encode_utf8(&mut [0; 4])).filter(|piece| piece.palochka_as_l.is_none());
    let Some(Piece { skeleton: piece, .. }) = single else {
        return match gives_dot(c) {
            true => TopDomainPart::GivesDot,
            false => TopDomainPart::Other,
        };
    };
    if piece.contains('.') {
        TopDomainPart::GivesDot
    } else if piece.is_ascii() || data::MULTIPLE_SKELETONS.iter().any(|(from, _)| *from == c) {
        TopDomainPart::Other
    } else {
        TopDomainPart::NonAscii
    }
}

/// Whether some skeleton `c` takes part in holds `.`: a prototype of a
/// character of its NFD after "ExtraConf" (NFD and the prototypes map
/// each character on its own, so none comes from elsewhere).
fn gives_dot(c: char) -> bool {
    let mut mapped = String::new();
    extra_confusable_mapper_into(c.encode_utf8(&mut [0; 4]), &mut mapped);
    mapped.chars().any(|m| {
        let mut gives = false;
        decompose_canonical(m, |part| {
            gives |= chars::skeleton::with_char_skeleton(part, |prototype| prototype.contains('.'))
        });
        gives
    })
}

/// U+04CF CYRILLIC SMALL LETTER PALOCHKA: a variant holding it also gets
/// the skeleton with `l` in its place.
const PALOCHKA: char = '\u{04CF}';

/// `mapped` (after "ExtraConf") with ӏ read as `l`, when it holds ӏ.
fn palochka_as_l(mapped: &str) -> Option<String> {
    mapped.contains(PALOCHKA).then(|| mapped.replace(PALOCHKA, "l"))
}

/// The skeletons of each supplemental hostname of `input`.
fn add_supplemental_skeletons(input: &str, out: &mut impl FnMut(&str)) {
    // Room for a few pieces longer than their characters (`m` is `rn`).
    let mut mapped = String::with_capacity(input.len() + 16);
    match supplemental(input) {
        Supplemental::None => {}
        Supplemental::Itself => add_variant_skeletons(input, &mut mapped, out),
        Supplemental::Variants(choices) => match PieceSkeletons::of(&choices) {
            // The variants differ only at þ/œ/ł: their skeletons are put together from pieces.
            Some(pieces) => {
                let mut starts = Vec::with_capacity(pieces.slots.len());
                for_each_pick(&choices, |picks, changed| {
                    pieces.add_variant(picks, changed, &mut mapped, &mut starts, out)
                })
            }
            None => for_each_pick(&choices, |picks, _| {
                add_variant_skeletons(&variant(&choices, picks), &mut mapped, out)
            }),
        },
    }
}

/// One variant's skeletons: a trailing dot dropped, the "ExtraConf"
/// transliterator, then the UTS #39 skeleton; for a variant with ӏ, also
/// the skeleton with `l` for it. `mapped` is a buffer.
fn add_variant_skeletons(variant: &str, mapped: &mut String, out: &mut impl FnMut(&str)) {
    let variant = variant.strip_suffix('.').unwrap_or(variant);
    mapped.clear();
    // Most variants are made of characters whose pieces stand alone: their
    // skeleton is those pieces in a row (as in [`PieceSkeletons`]).
    if push_char_pieces(variant, mapped) {
        out(mapped);
        return;
    }
    add_whole_variant_skeletons(variant, mapped, out);
}

/// [`add_variant_skeletons`] step by step, on the whole variant (without its trailing dot).
fn add_whole_variant_skeletons(variant: &str, mapped: &mut String, out: &mut impl FnMut(&str)) {
    mapped.clear();
    extra_confusable_mapper_into(variant, mapped);
    if let Some(with_l) = palochka_as_l(mapped) {
        out(&uts39_skeleton(&with_l));
    }
    out(&uts39_skeleton(mapped));
}

/// The skeletons of a host's variants as pieces: for each run of
/// characters without alternatives one piece, for each þ/œ/ł one per
/// option. Each step of [`add_variant_skeletons`] maps character by
/// character, and a skeleton of code points whose pieces do not depend on
/// their neighbours is their pieces in a row
/// ([`chars::skeleton::push_skeleton_pieces`]), so a variant's skeletons are its
/// options' pieces in a row.
struct PieceSkeletons {
    slots: Vec<Slot>,
}

/// One run of a host's characters (one option) or one þ/œ/ł (three).
struct Slot {
    /// The character's index among the choices; `None` for a run.
    choice: Option<usize>,
    options: Vec<Piece>,
}

/// One option's text after "ExtraConf", skeletonized.
struct Piece {
    skeleton: String,
    /// The skeleton with ӏ read as `l` (when the option holds ӏ).
    palochka_as_l: Option<String>,
}

impl PieceSkeletons {
    /// The pieces of the host whose characters are `choices`; `None` when
    /// some code point's skeleton depends on its neighbours.
    fn of(choices: &[Choice]) -> Option<PieceSkeletons> {
        // The variants' trailing dot is dropped (no alternative is a dot).
        let choices = match choices.split_last() {
            Some((&('.', _), rest)) => rest,
            _ => choices,
        };
        let mut slots = Vec::new();
        let mut run = String::new();
        for (index, &(c, alternatives)) in choices.iter().enumerate() {
            let Some(alternatives) = alternatives else {
                run.push(c);
                continue;
            };
            if !run.is_empty() {
                slots.push(Slot {
                    choice: None,
                    options: vec![Piece::of(&std::mem::take(&mut run))?],
                });
            }
            let mut options = vec![Piece::of(c.encode_utf8(&mut [0; 4]))?];
            for alternative in alternatives {
                options.push(Piece::of(alternative)?);
            }
            slots.push(Slot {
                choice: Some(index),
                options,
            });
        }
        if !run.is_empty() {
            slots.push(Slot {
                choice: None,
                options: vec![Piece::of(&run)?],
            });
        }
        Some(PieceSkeletons { slots })
    }

    /// The skeletons of the variant of `picks` (as [`for_each_pick`] gives
    /// them, with the first choice that `changed` since the last variant).
    /// `joined` holds the last variant's skeleton and `starts` where each of
    /// its slots begins (both empty before the first): only the slots from
    /// the first changed choice on are put together again.
    fn add_variant(
        &self,
        picks: &[usize],
        changed: usize,
        joined: &mut String,
        starts: &mut Vec<usize>,
        out: &mut impl FnMut(&str),
    ) {
        fn chosen<'s>(slot: &'s Slot, picks: &[usize]) -> &'s Piece {
            &slot.options[slot.choice.map_or(0, |choice| picks[choice])]
        }
        let option = |slot| chosen(slot, picks);
        // Slots before the first changed choice are as they were.
        let kept = match starts.is_empty() {
            true => {
                joined.clear();
                0
            }
            false => (self.slots.iter())
                .position(|slot| slot.choice.is_some_and(|choice| choice >= changed))
                .unwrap_or(self.slots.len()),
        };
        if let Some(&start) = starts.get(kept) {
            joined.truncate(start);
        }
        starts.truncate(kept);
        for slot in &self.slots[kept..] {
            starts.push(joined.len());
            joined.push_str(&option(slot).skeleton);
        }
        if self.slots.iter().any(|slot| option(slot).palochka_as_l.is_some()) {
            let with_l: String = self
                .slots
                .iter()
                .map(|slot| option(slot).palochka_as_l.as_deref().unwrap_or(&option(slot).skeleton))
                .collect();
            out(&with_l);
        }
        out(joined);
    }
}

/// One character's [`Piece`] when it has a single skeleton
/// ([`SkeletonPiece::InContext`] when it depends on the neighbours or the
/// character gets a second skeleton, ӏ read as `l`: then the variant is
/// worked out whole). The rule of [`CHAR_PIECES`].
#[cfg(test)]
fn char_piece(c: char) -> SkeletonPiece {
    let single = Piece::of(c.encode_utf8(&mut [0; 4])).filter(|piece| piece.palochka_as_l.is_none());
    SkeletonPiece::of_text(c, single.map(|piece| piece.skeleton))
}

/// Appends the one skeleton of `variant` (after "ExtraConf") to `out` when
/// each of its characters has one piece that stands alone (planes 0 to 3,
/// from the generated table of [`char_piece`]); false otherwise,
/// with `out` holding a part.
fn push_char_pieces(variant: &str, out: &mut String) -> bool {
    // Runs of ASCII characters that are their own piece are copied as they
    // are: most of a Latin host, which needs no decoding and no look-up.
    let itself = ascii_itself();
    let bytes = variant.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let run = bytes[at..].iter().take_while(|&&b| b < 0x80 && itself >> b & 1 == 1).count();
        out.push_str(&variant[at..at + run]);
        at += run;
        let Some(c) = variant[at..].chars().next() else {
            break;
        };
        if !char_piece_of(c).is_some_and(|piece| piece.push(c, out)) {
            return false;
        }
        at += c.len_utf8();
    }
    true
}

/// Bit b set: ASCII character b is its own piece ([`char_piece`]), worked
/// out once from [`char_piece_of`]'s table.
fn ascii_itself() -> u128 {
    static ITSELF: OnceLock<u128> = OnceLock::new();
    *ITSELF.get_or_init(|| {
        (0..0x80u8)
            .filter(|&b| matches!(char_piece_of(char::from(b)), Some(SkeletonPiece::Itself)))
            .fold(0, |all, b| all | 1 << b)
    })
}

/// [`char_piece`] of a code point of planes 0 to 3, from the generated
/// table; `None` beyond them.
#[inline]
fn char_piece_of(c: char) -> Option<SkeletonPiece> {
    CHAR_PIECES.get(c)
}

/// [`char_piece`] of planes 0 to 3 (`tables/generated/chromium_char_pieces.bin` and `.txt`).
static CHAR_PIECES: PieceTable = piece_table!("chromium_char_pieces");

impl Piece {
    fn of(text: &str) -> Option<Piece> {
        let mut mapped = String::new();
        extra_confusable_mapper_into(text, &mut mapped);
        let skeletonize = |text: &str| {
            let mut skeleton = String::new();
            chars::skeleton::push_skeleton_pieces(text, &mut skeleton).then_some(skeleton)
        };
        let palochka_as_l = match palochka_as_l(&mapped) {
            Some(with_l) => Some(skeletonize(&with_l)?),
            None => None,
        };
        Some(Piece {
            skeleton: skeletonize(&mapped)?,
            palochka_as_l,
        })
    }
}

/// `ShouldRemoveDiacriticsFromLabel`: every character is Latin, Greek or
/// Cyrillic (Script property), an ASCII digit, `.`, `_`, `-` or U+0300–U+0339.
pub(crate) fn is_lgc_letters_and_ascii(text: &str) -> bool {
    text.chars().all(is_lgc_letter_or_ascii)
}

/// One character of [`is_lgc_letters_and_ascii`]: an ASCII one from
/// [`LGC_ASCII`], any other by its script or as one of the exceptions.
fn is_lgc_letter_or_ascii(c: char) -> bool {
    match u8::try_from(c) {
        Ok(byte) if byte.is_ascii() => LGC_ASCII[usize::from(byte)],
        _ => {
            matches!(chars::scripts::script(c), Script::Latin | Script::Greek | Script::Cyrillic)
                || data::COMBINING_DIACRITICS_EXCEPTIONS.contains(&c)
        }
    }
}

/// What the diacritic remover does with one character, read from a table.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bare {
    /// Not a character of [`is_lgc_letters_and_ascii`]: the host is left as it is.
    NotLgc,
    /// Its decomposition is nonspacing marks only: nothing is left.
    Dropped,
    /// Its decomposition less the marks is one starter whose replacement
    /// (ł ø đ mapped) is NFC-stable: NFC leaves a row of such as it is.
    One(char),
    /// Anything else: the host is worked out character by character.
    Other,
}

impl Small for Bare {
    fn bits(self) -> u32 {
        match self {
            Bare::NotLgc => 0,
            Bare::Dropped => 1,
            Bare::Other => 2,
            Bare::One(part) => 3 + part as u32,
        }
    }
    fn from_bits(bits: u32) -> Self {
        match bits {
            0 => Bare::NotLgc,
            1 => Bare::Dropped,
            2 => Bare::Other,
            // `bits` made it of a character, which is never a surrogate.
            part => char::from_u32(part - 3).map_or(Bare::Other, Bare::One),
        }
    }
}

/// [`Bare`] of `c`, a BMP code point's from its table.
#[inline]
fn bare(c: char) -> Bare {
    BARE.get(c, compute_bare)
}

/// [`bare`] of the BMP, made from [`compute_bare`].
static BARE: Generated<Bare> = generated!("chromium_bare");

/// [`bare`] of `c`, from the rules.
fn compute_bare(c: char) -> Bare {
    if !is_lgc_letter_or_ascii(c) {
        return Bare::NotLgc;
    }
    let mut kept: Vec<(char, bool)> = Vec::new();
    without_marks(c, |part, starter| kept.push((part, starter)));
    match kept[..] {
        [] => Bare::Dropped,
        [(part, true)] if is_nfc_quick(std::iter::once(part)) == IsNormalized::Yes && canonical_combining_class(part) == 0 => {
            Bare::One(part)
        }
        _ => Bare::Other,
    }
}

/// `MaybeRemoveDiacritics`: one trailing dot dropped; a Latin/Greek/Cyrillic
/// host goes through "DropAcc" (NFD, General_Category=Mn removed, NFC, ł ø đ mapped).
fn maybe_remove_diacritics(hostname: &str) -> Cow<'_, str> {
    let hostname = hostname.strip_suffix('.').unwrap_or(hostname);
    // ASCII has no mark, is its own NFD and NFC, and holds none of ł ø đ.
    if crate::scan::is_ascii(hostname) {
        return Cow::Borrowed(hostname);
    }
    // Most hosts: each character's part read from a table; the host is
    // copied only from the first character the table changes.
    let mut bare_host: Option<String> = None;
    let mut by_table = true;
    let mut at = 0;
    while let Some(&byte) = hostname.as_bytes().get(at) {
        // An ASCII character is its own part or not an LGC character at
        // all ([`LGC_ASCII`]): no decoding, no look-up.
        if byte.is_ascii() {
            if !LGC_ASCII[usize::from(byte)] {
                return Cow::Borrowed(hostname);
            }
            if let Some(bare_host) = &mut bare_host {
                bare_host.push(char::from(byte));
            }
            at += 1;
            continue;
        }
        let c = hostname[at..]
            .chars()
            .next()
            .expect("a character starts at a non-ASCII byte here");
        let here = at;
        at += c.len_utf8();
        let part = match bare(c) {
            Bare::NotLgc => return Cow::Borrowed(hostname),
            Bare::Dropped => None,
            Bare::One(part) => Some(part),
            Bare::Other => {
                by_table = false;
                continue;
            }
        };
        match &mut bare_host {
            Some(bare_host) => bare_host.extend(part),
            None if part == Some(c) => {}
            None => {
                let mut copy = String::with_capacity(hostname.len());
                copy.push_str(&hostname[..here]);
                copy.extend(part);
                bare_host = Some(copy);
            }
        }
    }
    if by_table {
        return bare_host.map_or(Cow::Borrowed(hostname), Cow::Owned);
    }
    // Each character decomposed, marks dropped: when no mark is left, NFD's
    // reordering (of marks only) would not have changed what is left, and
    // where NFC's quick check says yes, NFC leaves it as it is.
    // ł ø đ and their replacements are starters that NFC keeps as they are,
    // so mapping them as the characters go in changes no answer below.
    let mut bare = String::with_capacity(hostname.len());
    let mut only_starters = true;
    for c in hostname.chars() {
        without_marks(c, |part, starter| {
            only_starters &= starter;
            bare.push(part);
        });
    }
    if only_starters && is_nfc_quick(bare.chars()) == IsNormalized::Yes {
        return Cow::Owned(bare);
    }
    Cow::Owned(drop_accents(hostname))
}

/// The ASCII characters of [`is_lgc_letters_and_ascii`]'s set: the Latin
/// letters (the only ASCII characters of Latin, Greek or Cyrillic script),
/// the digits, `.`, `_` and `-`. Each is its own part for the diacritic
/// remover; any other ASCII character is [`Bare::NotLgc`] (a test compares
/// it with [`compute_bare`] and with the scripts).
const LGC_ASCII: [bool; 128] = crate::ascii_table!(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'_' | b'-'));

/// `c`'s canonical decomposition less its nonspacing marks, each part with
/// ł ø đ mapped, and whether the part (before mapping) is a starter: one
/// character's share of "DropAcc" before NFC.
fn without_marks(c: char, mut each: impl FnMut(char, bool)) {
    decompose_canonical(c, |part| {
        if !is_nonspacing_mark(part) {
            each(diacritic_remover_extra(part), canonical_combining_class(part) == 0);
        }
    });
}

/// "DropAcc" as written: NFD, General_Category=Mn removed, NFC, ł ø đ mapped.
fn drop_accents(text: &str) -> String {
    text.nfd()
        .filter(|&c| !is_nonspacing_mark(c))
        .nfc()
        .map(diacritic_remover_extra)
        .collect()
}

/// The diacritic remover's own mappings (ł ø đ), which NFD does not make.
fn diacritic_remover_extra(c: char) -> char {
    data::DIACRITIC_REMOVER_EXTRA
        .iter()
        .find(|(from, _)| *from == c)
        .map_or(c, |&(_, to)| to)
}

/// A character of a host and its skeletons besides itself (þ, œ, ł).
type Choice = (char, Option<&'static [&'static str; 2]>);

/// What `GenerateSupplementalHostnames` makes of a host.
enum Supplemental {
    /// Nothing: the host is empty, longer than [`MAX_HOSTNAME_LENGTH`], or
    /// has more than five characters with two skeletons.
    None,
    /// The host alone (no þ, œ or ł: most hosts).
    Itself,
    /// The host's characters with their alternatives, for [`for_each_pick`].
    Variants(Vec<Choice>),
}

/// The first steps of `GenerateSupplementalHostnames` on `input`.
fn supplemental(input: &str) -> Supplemental {
    let alternatives = |c: char| data::MULTIPLE_SKELETONS.iter().find(|(from, _)| *from == c).map(|(_, to)| to);
    let (mut length, mut any_alternative) = (0, false);
    for c in input.chars() {
        length += c.len_utf16();
        // None of þ œ ł is ASCII.
        any_alternative |= !c.is_ascii() && alternatives(c).is_some();
    }
    if length == 0 || length > MAX_HOSTNAME_LENGTH {
        return Supplemental::None;
    }
    if !any_alternative {
        return Supplemental::Itself;
    }
    let choices: Vec<Choice> = input.chars().map(|c| (c, alternatives(c))).collect();
    let multiple = choices.iter().filter(|(_, alternatives)| alternatives.is_some()).count();
    if multiple > MAX_CHARACTERS_WITH_MULTIPLE_SKELETONS {
        return Supplemental::None;
    }
    Supplemental::Variants(choices)
}

/// `GenerateSupplementalHostnames`' variants of the host of `choices`: for
/// each, the pick per character (0 for itself, 1 + i for its alternative
/// i), in breadth-first order (the first character most significant, the
/// input's own character first), at most 128.
/// `each` also gets the first position whose pick changed since the last
/// call (0 for the first).
fn for_each_pick(choices: &[Choice], mut each: impl FnMut(&[usize], usize)) {
    let mut picks = vec![0usize; choices.len()];
    let options = |p: usize| choices[p].1.map_or(1, |alternatives| 1 + alternatives.len());
    // Distinct picks give distinct variants (`variants_are_distinct`), so the
    // set upstream collects them in needs no look-up here.
    let mut changed = 0;
    for _ in 0..MAX_SUPPLEMENTAL_HOSTNAMES {
        each(&picks, changed);
        // The next combination: the last position moves fastest.
        let Some(position) = (0..picks.len()).rev().find(|&p| picks[p] + 1 < options(p)) else {
            return;
        };
        picks[position] += 1;
        picks[position + 1..].iter_mut().for_each(|p| *p = 0);
        changed = position;
    }
}

/// The variant of `picks` (see [`for_each_pick`]).
fn variant(choices: &[Choice], picks: &[usize]) -> String {
    let mut variant = String::with_capacity(choices.len() + 8);
    for (&pick, &(c, alternatives)) in picks.iter().zip(choices) {
        match (pick, alternatives) {
            (0, _) | (_, None) => variant.push(c),
            (pick, Some(alternatives)) => variant.push_str(alternatives[pick - 1]),
        }
    }
    variant
}

/// `GenerateSupplementalHostnames`: the input and every variant with each
/// þ, œ, ł replaced by one of its skeletons, in [`for_each_pick`]'s order.
#[cfg(test)]
fn supplemental_hostnames(input: &str) -> Vec<Cow<'_, str>> {
    match supplemental(input) {
        Supplemental::None => Vec::new(),
        Supplemental::Itself => vec![Cow::Borrowed(input)],
        Supplemental::Variants(choices) => {
            let mut out = Vec::new();
            for_each_pick(&choices, |picks, _| out.push(Cow::Owned(variant(&choices, picks))));
            out
        }
    }
}

/// The "ExtraConf" transliterator: Chromium's confusables beyond UTS #39.
#[cfg(test)]
fn extra_confusable_mapper(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    extra_confusable_mapper_into(text, &mut out);
    out
}

/// The "ExtraConf" transliterator, appending to `out`.
fn extra_confusable_mapper_into(text: &str, out: &mut String) {
    out.reserve(text.len());
    for c in text.chars() {
        // No ASCII character is mapped (`extra_confusables_give_each_character_one_target`).
        if c.is_ascii() {
            out.push(c);
            continue;
        }
        match extra_confusable(c) {
            Some(to) => out.push_str(to),
            None => out.push(c),
        }
    }
}

/// What "ExtraConf" maps `c` to (`None`: itself); a BMP code point's
/// answer from its block's table, filled from [`search_extra_confusable`].
fn extra_confusable(c: char) -> Option<&'static str> {
    static BLOCKS: BmpBlocks<Option<&'static str>> = [const { OnceLock::new() }; 256];
    block_cached(&BLOCKS, c, search_extra_confusable)
}

/// What "ExtraConf" maps `c` to, searched in Chromium's rules.
fn search_extra_confusable(c: char) -> Option<&'static str> {
    // Sorted by character, for a binary search.
    static MAP: OnceLock<Vec<(char, &'static str)>> = OnceLock::new();
    let map = MAP.get_or_init(|| {
        let mut map: Vec<(char, &'static str)> = Vec::new();
        for (from, to) in data::EXTRA_CONFUSABLES {
            map.extend(from.chars().map(|c| (c, to)));
        }
        map.extend(data::EXTRA_CONFUSABLE_DASHES.chars().map(|c| (c, "-")));
        // A character has one target (a test checks), so the order among equals does not matter.
        map.sort_by_key(|&(c, _)| c);
        map
    });
    let index = map.binary_search_by_key(&c, |&(from, _)| from).ok()?;
    Some(map[index].1)
}

/// `uspoof_getSkeletonUnicodeString`: UTS #39 §4 (NFD, default-ignorables
/// removed, confusables.txt prototypes, NFD).
pub(crate) fn uts39_skeleton(text: &str) -> String {
    chars::skeleton::skeleton(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated table holds the rule's piece of each code point, planes 0 to 3.
    #[test]
    fn chromium_char_pieces_table_is_current() {
        CHAR_PIECES.check("chromium_char_pieces", char_piece);
    }

    /// The generated table holds the rules' values for the BMP.
    #[test]
    fn chromium_top_domain_part_table_is_current() {
        TOP_DOMAIN_PART.check(crate::properties::BMP_CELLS, search_top_domain_part);
    }

    /// The generated table holds the rules' values for the BMP.
    #[test]
    fn chromium_bare_table_is_current() {
        BARE.check(crate::properties::BMP_CELLS, compute_bare);
    }

    /// Hosts of the real-browser corpora (every third line), each again
    /// with þ, œ, ł, ӏ, a mark, an Arabic-Indic zero (a dot's look-alike),
    /// a trailing dot, more labels, or as one label.
    fn corpus_hosts() -> Vec<String> {
        let mut hosts: Vec<String> = Vec::new();
        for corpus in [
            include_str!("../../../../../tests/data/real_browsers/words.txt"),
            include_str!("../../../../../tests/data/real_browsers/lookalikes.txt"),
            include_str!("../../../../../tests/data/real_browsers/codepoints_chromium_sample.txt"),
        ] {
            for line in corpus.lines().filter(|l| !l.is_empty() && !l.starts_with("# ")).step_by(3) {
                let host = line.to_lowercase();
                let (first, rest) = host.split_once('.').unwrap_or((&host, "com"));
                hosts.extend([
                    host.clone(),
                    format!("{host}."),
                    format!("{first}ł.{rest}"),
                    format!("þ{first}œ.{rest}"),
                    format!("{first}ӏ.{rest}"),
                    format!("{first}\u{0301}.{rest}"),
                    format!("{first}\u{0660}x.{rest}"),
                    format!("{first}.{first}\u{0660}.{rest}"),
                    format!("www.{first}.co.{rest}"),
                    format!("{first}.google.{rest}"),
                    first.to_string(),
                ]);
            }
        }
        hosts
    }

    /// The tail [`may_end_like_a_key`] works out from a host's last
    /// characters is the tail of each of the host's skeletons, of two labels
    /// or more, when it does not give up: on the corpora's hosts and on
    /// random hosts of characters with diacritics, variants, marks and
    /// pieces of several characters. It gives up on few names of real words.
    #[test]
    fn tails_worked_out_are_the_skeletons_tails() {
        use super::super::top_domain_list::tail_of;
        let mut hosts = corpus_hosts();
        let pool: Vec<char> = "aloté.-1þœłӏроüñάёøđħŀıßǆ七م\u{0301}\u{0308}\u{1D41A}".chars().collect();
        let mut state = 11u64;
        for _ in 0..20_000 {
            let mut host = String::new();
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            for _ in 0..1 + (state >> 59) as usize {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                host.push(pool[(state >> 33) as usize % pool.len()]);
            }
            hosts.push(format!("{host}.com"));
            hosts.push(host);
        }
        let (mut worked_out, mut checked) = (0, 0);
        for host in &hosts {
            let tails = std::cell::RefCell::new(BTreeSet::new());
            let gave_up = may_end_like_a_key(host, |tail| {
                tails.borrow_mut().insert(tail.text());
                false
            });
            if gave_up {
                continue;
            }
            worked_out += 1;
            for skeleton in skeletons(host) {
                if let Some(tail) = tail_of(&skeleton) {
                    checked += 1;
                    assert!(
                        tails.borrow().contains(&tail),
                        "{host:?}: its skeleton {skeleton:?} ends in {tail:?}, not in {:?}",
                        tails.borrow()
                    );
                }
            }
        }
        assert!(
            worked_out > 20_000 && checked > 40_000,
            "{worked_out} hosts, {checked} skeletons"
        );
        // Names of real words: it works out the tail of most.
        let words = include_str!("../../../../../tests/data/real_browsers/words.txt");
        let words: Vec<String> = words
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with("# "))
            .map(str::to_lowercase)
            .collect();
        let gave_up = words.iter().filter(|host| may_end_like_a_key(host, |_| false)).count();
        assert!(gave_up * 10 < words.len(), "gave up on {gave_up} of {} names", words.len());
    }

    /// A host the top-domain step leaves out has no skeleton whose last two
    /// labels are made of the skeletons' characters: on the real-browser
    /// corpora, each host again with þ, œ, ł, ӏ, a mark, an Arabic-Indic
    /// zero (a dot's look-alike), a trailing dot or more labels, and with an
    /// alphabet that holds non-ASCII characters (protected Unicode names).
    #[test]
    fn hosts_left_out_of_the_top_domain_step_cannot_match() {
        let builtin = super::super::builtin_top_domains().alphabet.clone();
        let mut with_unicode = builtin.clone();
        for name in ["пример.рф", "bücher.de", "例え.jp", "ملحق.com"] {
            skeletons(name).iter().for_each(|key| with_unicode.add(key));
        }
        assert!(!builtin.any_non_ascii() && with_unicode.any_non_ascii());
        let mut hosts = corpus_hosts();
        // Code points beyond the BMP, which the top-domain parts' table does
        // not hold, with an alphabet that holds their skeletons' characters.
        let beyond: Vec<String> = (0x10000..0x1F000)
            .step_by(13)
            .filter_map(char::from_u32)
            .map(|c| format!("a{c}.com"))
            .collect();
        let mut with_beyond = with_unicode.clone();
        beyond
            .iter()
            .flat_map(|host| skeletons(host))
            .for_each(|key| with_beyond.add(&key));
        hosts.extend(beyond);
        let ends_in = |alphabet: &super::super::alphabet::Alphabet, skeleton: &str| {
            let last_two = skeleton.rsplitn(3, '.').take(2).collect::<Vec<_>>();
            skeleton.contains('.') && last_two.iter().all(|label| label.chars().all(|c| alphabet.contains(c)))
        };
        for (alphabet, most_left_out) in [(&builtin, true), (&with_unicode, true), (&with_beyond, false)] {
            let in_keys = |c| alphabet.contains(c);
            let mut left_out = 0;
            for host in &hosts {
                let mut asked = false;
                for_each_skeleton_within(host, Some((&in_keys, alphabet.any_non_ascii())), |_| asked = true);
                if asked {
                    continue;
                }
                left_out += 1;
                for skeleton in skeletons(host) {
                    assert!(
                        !ends_in(alphabet, &skeleton),
                        "{host:?} was left out, yet its skeleton {skeleton:?} could match"
                    );
                }
            }
            assert!(
                !most_left_out || left_out * 4 > hosts.len(),
                "only {left_out} of {} hosts were left out",
                hosts.len()
            );
        }
    }

    /// Each step on a name of our own: the extra confusables (a dash, a Han
    /// stroke, ӏ with its extra `l` variant) and the multiple skeletons of œ.
    #[test]
    fn skeletons_apply_each_step() {
        assert!(skeletons("pay—pal.com").contains("pay-pal.corn"), "— is a dash");
        assert!(skeletons("七op.net").contains("top.net"), "七 passes for t");
        assert!(skeletons("丫ahoo.jp").contains("yahoo.jp"), "丫 passes for y");
        assert!(skeletons("ӏogin.com").contains("login.corn"), "ӏ gets an l variant");
        let oeuvre = skeletons("œuvre.fr");
        assert!(oeuvre.contains("oeuvre.fr") && oeuvre.contains("ceuvre.fr"), "{oeuvre:?}");
    }

    /// The diacritic remover's shortcut gives what NFD, dropping marks and
    /// NFC give, on Latin, Greek and Cyrillic letters with and without marks.
    #[test]
    fn diacritic_remover_shortcut_equals_nfd_and_nfc() {
        let slow = |host: &str| -> String {
            let host = host.strip_suffix('.').unwrap_or(host);
            if !is_lgc_letters_and_ascii(host) {
                return host.to_string();
            }
            drop_accents(host)
        };
        let lgc: Vec<char> = (0..0x20000)
            .filter_map(char::from_u32)
            .filter(|&c| matches!(chars::scripts::script(c), Script::Latin | Script::Greek | Script::Cyrillic))
            .collect();
        for (i, &c) in lgc.iter().enumerate() {
            let next = lgc[(i * 7 + 3) % lgc.len()];
            for host in [
                format!("{c}.com"),
                format!("a{c}{next}\u{0301}\u{0323}.de"),
                format!("{c}\u{0300}\u{0339}{next}."),
            ] {
                assert_eq!(maybe_remove_diacritics(&host), slow(&host), "{host:?}");
            }
        }
    }

    /// The ASCII shortcuts of the diacritic remover and the variants rest on this.
    #[test]
    fn no_special_letter_is_ascii() {
        assert!(data::DIACRITIC_REMOVER_EXTRA.iter().all(|(from, _)| !from.is_ascii()));
        assert!(data::MULTIPLE_SKELETONS.iter().all(|(from, _)| !from.is_ascii()));
        assert_eq!(maybe_remove_diacritics("Paypal.com."), "Paypal.com");
        assert_eq!(maybe_remove_diacritics("a!b.com"), "a!b.com");
        // The remover reads ASCII characters from LGC_ASCII: each is its own part or not LGC.
        for byte in 0..0x80u8 {
            let c = char::from(byte);
            let by_script = matches!(chars::scripts::script(c), Script::Latin | Script::Greek | Script::Cyrillic)
                || c.is_ascii_digit()
                || matches!(c, '.' | '_' | '-')
                || data::COMBINING_DIACRITICS_EXCEPTIONS.contains(&c);
            assert_eq!(LGC_ASCII[usize::from(byte)], by_script, "{c:?}");
            let expected = match LGC_ASCII[usize::from(byte)] {
                true => Bare::One(c),
                false => Bare::NotLgc,
            };
            assert!(compute_bare(c) == expected && bare(c) == expected, "{c:?}");
        }
        assert_eq!(maybe_remove_diacritics("\u{00E9}a!b.com"), "\u{00E9}a!b.com");
        assert_eq!(maybe_remove_diacritics("ab\u{00E9}c_d.\u{0142}x-1.com"), "abec_d.lx-1.com");
    }

    /// The BMP table answers as the search, on every code point below U+20000.
    #[test]
    fn extra_confusable_table_equals_the_search() {
        let mut mapped = 0;
        for c in (0..0x20000).filter_map(char::from_u32) {
            assert_eq!(extra_confusable(c), search_extra_confusable(c), "{c:?}");
            mapped += usize::from(extra_confusable(c).is_some());
        }
        assert!(mapped > 100, "{mapped} characters mapped");
    }

    #[test]
    fn extra_confusables_give_each_character_one_target() {
        // Upstream lists ੨ twice in the rule for 2: a repeat, not a second target.
        let mut all: Vec<(char, &str)> = data::EXTRA_CONFUSABLES
            .iter()
            .flat_map(|&(from, to)| from.chars().map(move |c| (c, to)))
            .collect();
        all.extend(data::EXTRA_CONFUSABLE_DASHES.chars().map(|c| (c, "-")));
        all.sort_unstable();
        all.dedup();
        assert!(
            all.windows(2).all(|pair| pair[0].0 != pair[1].0),
            "a character with two targets"
        );
        assert!(
            all.iter().all(|(from, _)| !from.is_ascii()),
            "the mapper passes ASCII through"
        );
        assert_eq!(extra_confusable_mapper("æ—ħ੨.x"), "ae-h2.x");
    }

    #[test]
    fn diacritics_go_only_from_latin_greek_cyrillic_names() {
        assert!(skeletons("googlé.com").contains("google.corn"));
        assert!(skeletons("tesł.net").contains("test.net"));
        // Han with a Latin accent keeps the accent: no diacritic removal.
        assert!(!skeletons("é中.com").iter().any(|s| s.starts_with("e中")));
    }

    /// A character's options (itself and its skeletons) start with
    /// different characters, so two different picks differ at the first
    /// position where they differ, and no variant repeats.
    #[test]
    fn variants_are_distinct() {
        for (from, alternatives) in data::MULTIPLE_SKELETONS {
            let mut firsts: Vec<char> = alternatives.iter().filter_map(|a| a.chars().next()).collect();
            firsts.push(from);
            firsts.sort_unstable();
            firsts.dedup();
            assert_eq!(firsts.len(), 3, "{from}");
        }
        let variants = supplemental_hostnames("þœłaþ.is");
        let mut unique = variants.clone();
        unique.sort();
        unique.dedup();
        assert_eq!((variants.len(), unique.len()), (81, 81));
    }

    /// The skeletons put together from pieces equal those made variant by
    /// variant, on hosts mixing þ, œ, ł with ӏ, ExtraConf characters, a
    /// combining mark (whose skeleton depends on its neighbours), a letter
    /// beyond the BMP and a trailing dot.
    #[test]
    fn piece_skeletons_equal_variant_by_variant() {
        let variant_by_variant = |hostname: &str| {
            let mut out = BTreeSet::new();
            let mut mapped = String::new();
            let mut inputs = vec![maybe_remove_diacritics(hostname)];
            if hostname.contains('ł') {
                inputs.push(Cow::Borrowed(hostname));
            }
            for input in inputs {
                for variant in supplemental_hostnames(&input) {
                    add_variant_skeletons(&variant, &mut mapped, &mut |skeleton: &str| {
                        out.insert(skeleton.to_string());
                    });
                }
            }
            out
        };
        let pool = [
            'a',
            'l',
            't',
            'o',
            'b',
            '.',
            '-',
            '1',
            'þ',
            'œ',
            'ł',
            'ł',
            '\u{04CF}',
            'р',
            'ο',
            '\u{0301}',
            'é',
            '—',
            '七',
            '\u{1D41A}',
            'ß',
            'ı',
            'ǆ',
            'ӏ',
        ];
        let (mut state, mut by_pieces, mut whole) = (7u64, 0, 0);
        let mut next = |below: usize| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize % below
        };
        for _ in 0..20_000 {
            let length = 1 + next(14);
            let mut host: String = (0..length).map(|_| pool[next(pool.len())]).collect();
            host.push_str([".com", ".pl", ".", ""][next(4)]);
            assert_eq!(skeletons(&host), variant_by_variant(&host), "{host:?}");
            if let Supplemental::Variants(choices) = supplemental(&host) {
                match PieceSkeletons::of(&choices) {
                    Some(_) => by_pieces += 1,
                    None => whole += 1,
                }
            }
        }
        assert!(by_pieces > 1000 && whole > 1000, "both paths are taken: {by_pieces}, {whole}");
    }

    /// A variant's skeleton from the characters' pieces equals the steps on
    /// the whole variant, for every BMP code point after, before and
    /// between others (ASCII, ӏ, marks, ExtraConf characters); and the
    /// pieces are taken for most of them.
    #[test]
    fn char_pieces_equal_the_whole_variant() {
        let whole = |variant: &str| {
            let mut all = Vec::new();
            add_whole_variant_skeletons(variant, &mut String::new(), &mut |s: &str| all.push(s.to_string()));
            all
        };
        let mut taken = 0;
        for c in (0..0x10000).filter_map(char::from_u32) {
            for variant in [
                format!("{c}"),
                format!("a{c}m.com"),
                format!("\u{04CF}{c}\u{0301}"),
                format!("{c}\u{0308}{c}—七"),
                format!("é{c}ο1"),
            ] {
                let mut pieces = String::new();
                if push_char_pieces(&variant, &mut pieces) {
                    assert_eq!(vec![pieces], whole(&variant), "{variant:?}");
                    taken += 1;
                }
            }
        }
        assert!(taken > 100_000, "the pieces are taken {taken} times");
    }

    #[test]
    fn long_or_crowded_hosts_get_no_skeleton() {
        let long = format!("{}.com", "a".repeat(29));
        assert!(skeletons(&long).is_empty(), "33 code units");
        assert!(!skeletons(&format!("{}.com", "a".repeat(28))).is_empty(), "32 code units");
        assert!(skeletons("þþþþþþ.com").is_empty(), "six characters with two skeletons");
        assert_eq!(supplemental_hostnames("þþþþþ.is").len(), 128, "3^5 variants, capped");
    }
}
