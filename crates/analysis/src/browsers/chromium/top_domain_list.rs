//! Which lines of Chromium's `domains.list` are its top domains, and where
//! a skeleton's key sits in the hash table of their skeletons. build.rs
//! makes both once (`$OUT_DIR/top_domains.rs`), so a process that meets a
//! host like a top domain reads one entry and one table, built by nothing.

/// Entries of `domains.list` that Chromium's skeleton generator skips
/// (`make_top_domain_skeletons`): hosts whose eTLD+1 is empty under the
/// public suffix list (public suffixes themselves) — read off the generated
/// `domains.skeletons` @ f24a8e13, which has no row for them.
pub const SKIPPED_TOP_DOMAINS: [&str; 1] = ["com.se"];

/// The line after the top bucket's last entry.
const END_TOP_BUCKET: &str = "###END_TOP_BUCKET###";

/// The entries of `list` (the text of `domains.list`) in order: each one's
/// byte range in `list`, white space around it left out, and whether it is
/// in the top bucket (before [`END_TOP_BUCKET`]). Blank lines, `#`
/// comments and [`SKIPPED_TOP_DOMAINS`] are not entries.
pub fn entries(list: &str) -> Vec<(std::ops::Range<usize>, bool)> {
    let mut entries = Vec::new();
    let mut top_bucket = true;
    let mut offset = 0;
    for line in list.split_inclusive('\n') {
        let start = offset + (line.len() - line.trim_start().len());
        let entry = line.trim();
        offset += line.len();
        if entry == END_TOP_BUCKET {
            top_bucket = false;
            continue;
        }
        if entry.is_empty() || entry.starts_with('#') || SKIPPED_TOP_DOMAINS.contains(&entry) {
            continue;
        }
        entries.push((start..start + entry.len(), top_bucket));
    }
    entries
}

/// The first slot to look at for `key` in a table of `slots` slots (a
/// power of two), which build.rs fills by linear probing and the crate
/// reads the same way: the key's bytes taken eight at a time, each word
/// mixed in by a rotation and a multiplication (as FxHash), the top bits
/// taken by a Fibonacci multiplication. The table is fixed, so no input
/// can make a look-up probe further than its longest run of filled slots.
pub fn first_slot(key: &str, slots: usize) -> usize {
    let mut hash = key.len() as u64;
    let mut words = key.as_bytes().chunks_exact(8);
    let mut mix = |word: u64| hash = (hash.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    for chunk in words.by_ref() {
        mix(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
    }
    // The last bytes, little-endian as a whole word would be read.
    mix(words
        .remainder()
        .iter()
        .rev()
        .fold(0, |word, &byte| word << 8 | u64::from(byte)));
    let bits = slots.trailing_zeros();
    (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
}

/// Characters of a skeleton's second-to-last label that its [`tail_of`] keeps.
pub const TAIL_CHARS: usize = 5;

/// Bits of the filter of the keys' tails ([`tail_bits`]), a power of two:
/// 16 KB for some 7,000 tails, two bits each, about one false yes in a hundred.
pub const TAIL_FILTER_BITS: usize = 1 << 17;

/// The tail of a skeleton: the last [`TAIL_CHARS`] characters of its
/// second-to-last label (all of it behind `^` when shorter), a dot and its
/// last label; `None` for a skeleton of one label. A skeleton whose last
/// two labels are a key's has that key's tail: the top-domain look-up can
/// find a key only for a host one of whose skeletons has a key's tail.
pub fn tail_of(skeleton: &str) -> Option<String> {
    let (rest, last) = skeleton.rsplit_once('.')?;
    let second = rest.rsplit_once('.').map_or(rest, |(_, label)| label);
    let count = second.chars().count();
    let end = match count.checked_sub(TAIL_CHARS) {
        Some(skipped) => second.char_indices().nth(skipped).map_or(second.len(), |(at, _)| at),
        None => 0,
    };
    Some(tail(&second[end..], count < TAIL_CHARS, last))
}

/// A tail ([`tail_of`]) from its parts: the end of the second-to-last
/// label, whether that is the whole label, and the last label.
fn tail(second_end: &str, whole: bool, last: &str) -> String {
    let mut tail = String::with_capacity(second_end.len() + last.len() + 2);
    for_each_tail_char(second_end.chars(), whole, last.chars(), |c| tail.push(c));
    tail
}

/// Each character of the tail made of these parts ([`tail`]), in order:
/// the one place of the tail's form, for its text and for its hash.
#[inline(always)]
pub fn for_each_tail_char(
    second_end: impl IntoIterator<Item = char>,
    whole: bool,
    last: impl IntoIterator<Item = char>,
    mut each: impl FnMut(char),
) {
    if whole {
        each('^');
    }
    second_end.into_iter().for_each(&mut each);
    each('.');
    last.into_iter().for_each(each);
}

/// The two bits of the tails' filter ([`TAIL_FILTER_BITS`]) that stand
/// for `tail`: an FNV-1a hash of its characters (each a 32-bit value),
/// two slices of the hash.
pub fn tail_bits(tail: &str) -> [usize; 2] {
    let mut hash = TailHash::default();
    tail.chars().for_each(|c| hash.push(c));
    hash.bits()
}

/// [`tail_bits`] of a tail fed a character at a time, its text never made.
pub struct TailHash(u64);

impl Default for TailHash {
    fn default() -> Self {
        TailHash(0xcbf2_9ce4_8422_2325)
    }
}

impl TailHash {
    /// Feeds `c`.
    #[inline]
    pub fn push(&mut self, c: char) {
        self.0 = (self.0 ^ u64::from(c)).wrapping_mul(0x0100_0000_01b3);
    }

    /// The two bits of what was fed.
    pub fn bits(&self) -> [usize; 2] {
        let mask = TAIL_FILTER_BITS as u64 - 1;
        [(self.0 & mask) as usize, ((self.0 >> 32) & mask) as usize]
    }
}
