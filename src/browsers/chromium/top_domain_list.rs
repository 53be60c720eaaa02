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
