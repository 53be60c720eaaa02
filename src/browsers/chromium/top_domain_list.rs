//! Which lines of Chromium's `domains.list` are its top domains. build.rs
//! lists them once (`$OUT_DIR/top_domains.rs`), so a process that meets a
//! host like a top domain reads one entry, not the whole list.

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
