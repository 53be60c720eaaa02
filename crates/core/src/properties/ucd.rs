//! Readers of the UCD files a loaded Unicode version brings (UAX #44 §4.2
//! file format: `RANGE ; VALUE # comment`, defaults in `# @missing:` lines),
//! each into one value per code point.

use std::path::Path;

/// Code points U+0000..U+10FFFF.
pub const CODE_POINTS: usize = 0x11_0000;

/// A file read into one byte per code point, or why it could not be.
pub type PerCodePoint = Result<Box<[u8]>, String>;

/// Reads a `RANGE ; VALUE` file (DerivedBidiClass.txt, DerivedJoiningType.txt,
/// DerivedGeneralCategory.txt): first the `# @missing:` defaults in file
/// order, then every data line; `value` turns a value name (short or long,
/// as the file writes it) into its byte, `None` for an unknown one (an error).
pub fn read_ranges(path: &Path, value: impl Fn(&str) -> Option<u8>) -> PerCodePoint {
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    read_ranges_text(&text, path, value)
}

/// [`read_ranges`] of a file's text; `path` names it in errors.
pub fn read_ranges_text(text: &str, path: &Path, value: impl Fn(&str) -> Option<u8>) -> PerCodePoint {
    let mut values = vec![0u8; CODE_POINTS].into_boxed_slice();
    let mut data_lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let (fields, missing) = match line.strip_prefix("# @missing:") {
            Some(rest) => (rest, true),
            None => (line.split('#').next().unwrap_or(""), false),
        };
        if fields.trim().is_empty() {
            continue;
        }
        let entry = parse_entry(fields, &value).map_err(|why| format!("{} line {line_no}: {why}", path.display()))?;
        if missing {
            fill(&mut values, entry);
        } else {
            data_lines.push(entry);
        }
    }
    for entry in data_lines {
        fill(&mut values, entry);
    }
    Ok(values)
}

/// Reads Canonical_Combining_Class (field 3) from UnicodeData.txt; code
/// points it does not list (and `<…, First>`/`<…, Last>` ranges) are 0.
pub fn read_combining_classes(path: &Path) -> PerCodePoint {
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let mut classes = vec![0u8; CODE_POINTS].into_boxed_slice();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(';').collect();
        let bad = |why: &str| format!("{} line {}: {why}", path.display(), index + 1);
        if fields.len() < 4 {
            return Err(bad("fewer than 4 fields"));
        }
        let code = u32::from_str_radix(fields[0], 16).map_err(|_| bad("bad code point"))?;
        let class: u8 = fields[3].parse().map_err(|_| bad("bad combining class"))?;
        *classes.get_mut(code as usize).ok_or_else(|| bad("code point out of range"))? = class;
    }
    Ok(classes)
}

/// `START..END ; VALUE` or `CODE ; VALUE`.
fn parse_entry(fields: &str, value: impl Fn(&str) -> Option<u8>) -> Result<(u32, u32, u8), String> {
    let mut parts = fields.split(';').map(str::trim);
    let range = parts.next().unwrap_or("");
    let name = parts.next().ok_or("no value")?;
    let (first, last) = range.split_once("..").unwrap_or((range, range));
    let hex = |s: &str| u32::from_str_radix(s, 16).map_err(|_| format!("bad code point {s:?}"));
    let (first, last) = (hex(first)?, hex(last)?);
    if first > last || last as usize >= CODE_POINTS {
        return Err(format!("bad range {range}"));
    }
    let byte = value(name).ok_or_else(|| format!("unknown value {name:?}"))?;
    Ok((first, last, byte))
}

fn fill(values: &mut [u8], (first, last, byte): (u32, u32, u8)) {
    values[first as usize..=last as usize].fill(byte);
}

/// `START..END` or `CODE` lines of hexadecimal code points, each maybe
/// followed by `;` fields (UCD style); `#` comments skipped.
pub fn parse_ranges(text: &str) -> Vec<(u32, u32)> {
    text.lines()
        .map(|line| line.split(['#', ';']).next().unwrap_or("").trim())
        .filter(|line| !line.is_empty())
        .filter_map(|line| {
            let (first, last) = line.split_once("..").unwrap_or((line, line));
            Some((u32::from_str_radix(first, 16).ok()?, u32::from_str_radix(last, 16).ok()?))
        })
        .collect()
}

/// `ranges` sorted, with overlapping and adjacent ranges joined, so that a
/// binary search finds the one range that can hold a code point.
pub fn merge_ranges(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
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

/// Whether `c` lies in one of `ranges` (sorted, disjoint).
pub fn in_ranges(ranges: &[(u32, u32)], c: char) -> bool {
    let code = c as u32;
    let index = ranges.partition_point(|&(_, last)| last < code);
    ranges.get(index).is_some_and(|&(first, _)| first <= code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_merge_and_answer_membership() {
        assert_eq!(merge_ranges(vec![(5, 9), (1, 2), (3, 4), (8, 12)]), vec![(1, 12)]);
        let ranges = merge_ranges(parse_ranges("0041..0043 ; Allowed # A..C\n# comment\n\n0061\n"));
        assert_eq!(ranges, [(0x41, 0x43), (0x61, 0x61)]);
        assert!(in_ranges(&ranges, 'B') && in_ranges(&ranges, 'a') && !in_ranges(&ranges, 'D') && !in_ranges(&ranges, 'b'));
    }

    #[test]
    fn missing_lines_give_defaults_that_data_lines_override() {
        let dir = std::env::temp_dir().join(format!("idna-inspector-ucd-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("Derived.txt");
        std::fs::write(
            &path,
            "# @missing: 0000..10FFFF; Left\n# @missing: 0590..05FF; Right\n05D0..05D1 ; X # comment\n\n0041 ; Right\n",
        )
        .unwrap();
        let value = |name: &str| match name {
            "Left" => Some(1),
            "Right" => Some(2),
            "X" => Some(3),
            _ => None,
        };
        let values = read_ranges(&path, value).unwrap();
        assert_eq!(
            (values[0x40], values[0x41], values[0x590], values[0x5D0], values[0x5D2]),
            (1, 2, 2, 3, 2)
        );
        std::fs::write(&path, "0041 ; Nope\n").unwrap();
        let error = read_ranges(&path, value).unwrap_err();
        assert!(error.contains("line 1") && error.contains("Nope"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
