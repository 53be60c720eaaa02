//! Byte questions about label- and host-sized text, asked of every name:
//! a memchr's setup costs more than it saves on a few dozen bytes.

/// True when `byte` occurs in `bytes`: eight bytes at a time, each word
/// asked whether it holds a zero byte once XORed with `byte` in every lane
/// (`(x - 0x01…) & !x & 0x80…` is nonzero exactly then), with no
/// data-dependent branch.
#[inline]
pub fn has_byte(bytes: &[u8], byte: u8) -> bool {
    has_any_byte(bytes, [byte])
}

/// True when any byte of `set` occurs in `bytes`: [`has_byte`]'s one pass
/// of words, each asked for every byte of the set.
#[inline]
pub fn has_any_byte<const N: usize>(bytes: &[u8], set: [u8; N]) -> bool {
    let flags = |word: u64| set.iter().fold(0, |all, &byte| all | first_flags(word, byte));
    if bytes.len() < 8 {
        return flags(short_word(bytes)) & short_lanes(bytes) != 0;
    }
    let mut words = bytes.chunks_exact(8);
    let mut found = false;
    for word in &mut words {
        found |= flags(word_at(word)) != 0;
    }
    // The last eight bytes, overlapping words already asked: no loop of a
    // length that follows the text.
    found | (!words.remainder().is_empty() && flags(word_at(&bytes[bytes.len() - 8..])) != 0)
}

/// The index of the first `byte` in `bytes`: eight bytes at a time as
/// [`has_byte`], the word's lowest flagged lane being the first match (a
/// lane can be flagged falsely only above a true match).
#[inline]
pub fn find_byte(bytes: &[u8], byte: u8) -> Option<usize> {
    let flagged = |word: u64| first_flags(word, byte);
    if bytes.len() < 8 {
        let flags = flagged(short_word(bytes)) & short_lanes(bytes);
        return (flags != 0).then(|| (flags.trailing_zeros() / 8) as usize);
    }
    let mut words = bytes.chunks_exact(8);
    for (index, word) in (&mut words).enumerate() {
        let flags = flagged(word_at(word));
        if flags != 0 {
            return Some(index * 8 + (flags.trailing_zeros() / 8) as usize);
        }
    }
    // The last eight bytes, overlapping words without `byte`: its first
    // flagged lane is the match, with no loop of a length that follows the text.
    let start = bytes.len() - 8;
    let flags = flagged(word_at(&bytes[start..]));
    (!words.remainder().is_empty() && flags != 0).then(|| start + (flags.trailing_zeros() / 8) as usize)
}

/// The index of the last `byte` in `bytes`: eight bytes at a time from
/// the end, each lane tested exactly (`!(((x & 0x7F…) + 0x7F…) | x | 0x7F…)`
/// flags the zero lanes alone, as a borrow could flag a lane above one).
#[inline]
pub fn rfind_byte(bytes: &[u8], byte: u8) -> Option<usize> {
    const SEVEN: u64 = u64::from_le_bytes([0x7F; 8]);
    let pattern = u64::from_le_bytes([byte; 8]);
    let zeros = |word: u64| {
        let x = word ^ pattern;
        !(((x & SEVEN).wrapping_add(SEVEN)) | x | SEVEN)
    };
    if bytes.len() < 8 {
        let zero = zeros(short_word(bytes)) & short_lanes(bytes);
        return (zero != 0).then(|| (63 - zero.leading_zeros()) as usize / 8);
    }
    let mut words = bytes.rchunks_exact(8);
    let mut end = bytes.len();
    for word in &mut words {
        let zero = zeros(word_at(word));
        if zero != 0 {
            return Some(end - 1 - (zero.leading_zeros() / 8) as usize);
        }
        end -= 8;
    }
    // The first eight bytes, overlapping words without `byte`: its last
    // zero lane is the match.
    let zero = zeros(word_at(&bytes[..8]));
    (!words.remainder().is_empty() && zero != 0).then(|| 7 - (zero.leading_zeros() / 8) as usize)
}

/// True when `text` is ASCII (`str::is_ascii`): eight bytes at a time,
/// ORed together with no early exit, the last word overlapping the one
/// before. The library's version branches on where the text starts in
/// memory, which differs from label to label and mispredicts.
#[inline]
pub fn is_ascii(text: &str) -> bool {
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    let bytes = text.as_bytes();
    if bytes.len() < 8 {
        return short_word(bytes) & HIGH == 0;
    }
    let mut words = bytes.chunks_exact(8);
    let mut all = word_at(&bytes[bytes.len() - 8..]);
    for word in &mut words {
        all |= word_at(word);
    }
    all & HIGH == 0
}

/// The high bit of each lane of `word` that holds `byte`, and perhaps of
/// lanes above such a lane (a borrow can flag them): `(x - 0x01…) & !x &
/// 0x80…` of the word XORed with `byte` in every lane. The lowest flag
/// is always a true match, and no flag means no match.
#[inline]
fn first_flags(word: u64, byte: u8) -> u64 {
    const LOW: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    let x = word ^ (LOW * u64::from(byte));
    x.wrapping_sub(LOW) & !x & HIGH
}

/// Eight bytes as a little-endian word: lane i is `word[i]`.
#[inline]
fn word_at(word: &[u8]) -> u64 {
    u64::from_le_bytes(word.try_into().expect("eight bytes"))
}

/// The bytes of `bytes` (fewer than eight) as a little-endian word, zero
/// past them: from two reads that overlap (the lanes both read hold the
/// same byte), so a short text takes no loop as long as itself. Labels
/// such as a TLD are mostly this short.
#[inline]
fn short_word(bytes: &[u8]) -> u64 {
    let length = bytes.len();
    debug_assert!(length < 8, "a text shorter than a word");
    let read = |at: usize, width: usize| {
        let mut lanes = [0u8; 8];
        lanes[..width].copy_from_slice(&bytes[at..at + width]);
        u64::from_le_bytes(lanes) << (8 * at)
    };
    match length {
        4.. => read(0, 4) | read(length - 4, 4),
        2.. => read(0, 2) | read(length - 2, 2),
        1 => read(0, 1),
        _ => 0,
    }
}

/// The high bit of each lane [`short_word`] filled from `bytes`: a flag
/// past them (where the word holds zeros) is not a match.
#[inline]
fn short_lanes(bytes: &[u8]) -> u64 {
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    HIGH & ((1u64 << (8 * bytes.len())) - 1)
}

/// `a == b`, answered without reading the bytes when both are the same
/// slice: the browsers' parsers are handed the very text the batch
/// converted, and compare it with the text they were given; a batch
/// record keeps a result equal to its input as the input's own bytes.
#[inline]
pub fn same_text(a: &str, b: &str) -> bool {
    a.len() == b.len() && (std::ptr::eq(a.as_ptr(), b.as_ptr()) || a == b)
}

/// True when `c` occurs in `text` (`text.contains(c)`), searched only
/// when the first byte of its UTF-8 form occurs at all: the rules ask after
/// a few Latin-range characters, whose lead bytes text of other scripts
/// never holds.
#[inline]
pub fn has_char(text: &str, c: char) -> bool {
    let mut buffer = [0; 4];
    let lead = c.encode_utf8(&mut buffer).as_bytes()[0];
    has_byte(text.as_bytes(), lead) && text.contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The answer is `contains`'s for characters of one to four bytes, in
    /// text that holds them, their lead bytes only, or neither.
    #[test]
    fn has_char_answers_as_contains() {
        for c in ['a', '\u{00B7}', '\u{0307}', 'ł', '日', '😀'] {
            for text in [
                "",
                "abc",
                "пример",
                "·ł",
                "x\u{0307}y",
                "日本",
                "😀",
                "\u{00B8}\u{0142}\u{65E5}\u{1F601}",
                "ńŀ",
            ] {
                assert_eq!(has_char(text, c), text.contains(c), "{text:?} {c:?}");
            }
        }
    }

    /// The answer is the library's `is_ascii`, at every length and with a
    /// non-ASCII character (or DEL) at every place.
    #[test]
    fn is_ascii_answers_as_the_library() {
        for length in 0..40usize {
            for at in 0..=length {
                let mut text: String = "abcdefghijklmnopqrstuvwxyz0123456789.-_!".chars().take(length).collect();
                assert!(is_ascii(&text), "{text:?}");
                if at < length {
                    text.replace_range(at..at + 1, "é");
                    assert!(!is_ascii(&text), "{text:?}");
                    text.replace_range(at..at + 2, "\u{7F}");
                    assert_eq!(is_ascii(&text), text.is_ascii(), "{text:?}");
                }
            }
        }
    }

    /// The first match is `position`'s and the last `rposition`'s: every
    /// byte value sought, with one, two or no matches at every place, among
    /// neighbours one below and one above it (whose borrows could flag a
    /// lane falsely).
    #[test]
    fn find_and_rfind_answer_as_position_and_rposition() {
        for byte in 0..=255u8 {
            for length in 0..20 {
                for first in 0..=length {
                    for second in [first + 1, first + 3, length] {
                        let neighbour = |at: usize| {
                            if at.is_multiple_of(2) {
                                byte.wrapping_sub(1)
                            } else {
                                byte.wrapping_add(1)
                            }
                        };
                        let mut bytes: Vec<u8> = (0..length).map(neighbour).collect();
                        for at in [first, second] {
                            if let Some(slot) = bytes.get_mut(at) {
                                *slot = byte;
                            }
                        }
                        let first_match = bytes.iter().position(|&b| b == byte);
                        assert_eq!(find_byte(&bytes, byte), first_match, "{byte} {bytes:?}");
                        let last_match = bytes.iter().rposition(|&b| b == byte);
                        assert_eq!(rfind_byte(&bytes, byte), last_match, "{byte} {bytes:?}");
                    }
                }
            }
        }
    }

    /// The answer is `contains`'s, wherever the byte stands and at every length.
    #[test]
    fn answers_as_contains() {
        for length in 0..80 {
            let mut bytes = vec![b'a'; length];
            assert!(!has_byte(&bytes, b'%'));
            for at in 0..length {
                bytes[at] = b'%';
                assert_eq!(has_byte(&bytes, b'%'), bytes.contains(&b'%'));
                assert!(has_byte(&bytes, b'%'), "{length} {at}");
                bytes[at] = b'a';
            }
        }
        assert!(has_byte("ü%".as_bytes(), b'%') && !has_byte("ü".as_bytes(), b'%'));
        // Every byte value, at every place of a word, among every other value.
        for byte in 0..=255u8 {
            for at in 0..16 {
                let mut bytes: Vec<u8> = (0..16u8).map(|i| byte.wrapping_add(1 + i)).collect();
                assert!(!has_byte(&bytes, byte), "{byte} absent");
                bytes[at] = byte;
                assert!(has_byte(&bytes, byte), "{byte} at {at}");
            }
        }
    }

    /// A set of bytes is found as any of them would be, at every length and
    /// place, and not found among bytes next to them in value.
    #[test]
    fn any_byte_answers_as_contains() {
        let set = [b'[', b']', b':'];
        for length in 0..40 {
            // Neighbours of the set's bytes, none of them in it.
            let filler: Vec<u8> = (0..length).map(|i| [b'Z', b'\\', b'^', b'9', b';'][i % 5]).collect();
            assert!(!has_any_byte(&filler, set), "{length}");
            for at in 0..length {
                for byte in set {
                    let mut bytes = filler.clone();
                    bytes[at] = byte;
                    assert!(has_any_byte(&bytes, set), "{length} {at} {byte}");
                }
            }
        }
    }

    /// The same slice, equal text elsewhere, and unequal text of the same
    /// length or another: as `==`.
    #[test]
    fn same_text_answers_as_equality() {
        let name = "bücher.de";
        let copy = String::from(name);
        let (label, tld) = (&name[..7], &name[8..]);
        for (a, b) in [
            (name, name),
            (name, copy.as_str()),
            (label, tld),
            (label, "bücher"),
            (tld, "da"),
            ("", ""),
        ] {
            assert_eq!(same_text(a, b), a == b, "{a:?} {b:?}");
        }
        assert!(same_text(name, &copy) && !same_text(tld, "da") && !same_text(label, name));
    }
}
