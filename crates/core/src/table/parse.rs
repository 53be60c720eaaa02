//! Parser for `IdnaMappingTable.txt` (UTS #46 §5, "IDNA Mapping Table").
//!
//! This file has no dependencies outside `std` because it is compiled twice:
//! by `build.rs`, which turns the bundled table into static arrays, and as part
//! of the library, which parses a user-supplied table at run time. One parser
//! for both means the bundled and the loaded tables cannot disagree.

use std::fmt;

/// Mapping-table status of a code point (UTS #46 §5, field 2).
///
/// Tables before Unicode 15.1 also had `disallowed_STD3_valid` and
/// `disallowed_STD3_mapped`; the parser reads those as `Valid` and `Mapped`,
/// because since 15.1 UseSTD3ASCIIRules is a rule on ASCII code points
/// (error `U1`), not a table status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The code point stays as it is.
    Valid,
    /// Removed by the Map step.
    Ignored,
    /// Replaced by its mapping in the Map step.
    Mapped,
    /// Valid in Nontransitional Processing, mapped in Transitional Processing
    /// (ß, ς, ZWJ, ZWNJ; UTS #46 §2.2).
    Deviation,
    /// Never valid in a label (validity criterion 7, error `V7`).
    Disallowed,
}

impl Status {
    /// The status as the table spells it (`valid`, `ignored`, `mapped`, `deviation`, `disallowed`).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Valid => "valid",
            Status::Ignored => "ignored",
            Status::Mapped => "mapped",
            Status::Deviation => "deviation",
            Status::Disallowed => "disallowed",
        }
    }

    fn parse(field: &str) -> Option<Status> {
        Some(match field {
            "valid" | "disallowed_STD3_valid" => Status::Valid,
            "ignored" => Status::Ignored,
            "mapped" | "disallowed_STD3_mapped" => Status::Mapped,
            "deviation" => Status::Deviation,
            "disallowed" => Status::Disallowed,
            _ => return None,
        })
    }
}

/// The IDNA2008 Status field of a row (UTS #46 §5, field 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Idna2008Status {
    /// Field absent: valid rows without it are allowed by IDNA2008.
    None,
    /// `NV8`: valid in UTS #46 but not allowed by IDNA2008 (mostly symbols and punctuation).
    Nv8,
    /// `XV8`: valid in UTS #46, excluded by IDNA2008 for stability reasons.
    Xv8,
}

impl Idna2008Status {
    /// The field as the table spells it (`""`, `NV8`, `XV8`).
    pub fn as_str(self) -> &'static str {
        match self {
            Idna2008Status::None => "",
            Idna2008Status::Nv8 => "NV8",
            Idna2008Status::Xv8 => "XV8",
        }
    }
}

/// One row of the table in compact form: an inclusive code-point range, its
/// status, its IDNA2008 field, and where its mapping lies in the string pool
/// (`pool[map_start..map_start + map_len]`, byte offsets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawRow {
    /// The range's first code point.
    pub start: u32,
    /// The range's last code point (inclusive).
    pub end: u32,
    /// The mapping-table status.
    pub status: Status,
    /// The IDNA2008 status field.
    pub idna2008: Idna2008Status,
    /// Byte offset of the mapping in the string pool.
    pub map_start: u32,
    /// Byte length of the mapping in the string pool; 0 when the row has none.
    pub map_len: u32,
    /// The row's comment starts with `NA`: its code points are not assigned
    /// in the table's Unicode version (the comment's first field is the age).
    pub unassigned: bool,
    /// The age of the row's code points (the comment's first field, e.g.
    /// `16.0` as `[16, 0]`); `[0, 0]` when unassigned or not given.
    pub age: [u8; 2],
}

/// The whole table parsed: rows sorted by code point and covering
/// U+0000..U+10FFFF without gap, the mappings concatenated into one pool, and
/// the `Version:` and `Date:` header values.
#[derive(Clone, Debug, Default)]
pub(crate) struct ParsedTable {
    pub rows: Vec<RawRow>,
    pub pool: String,
    pub version: String,
    pub date: String,
}

/// Why a table text could not be parsed; `line` is 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number of the fault.
    pub line: usize,
    /// What is wrong with the line.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// log2 of the code points per entry of [`block_rows`].
pub(crate) const BLOCK_BITS: u32 = 8;

/// The row index of each BMP code point, from the rows' ranges; empty when
/// there are more rows than a `u16` counts.
pub(crate) fn bmp_rows(rows: &[RawRow]) -> Vec<u16> {
    if rows.len() > usize::from(u16::MAX) {
        return Vec::new();
    }
    let mut indices = vec![0u16; 0x1_0000];
    for (index, row) in rows.iter().enumerate().take_while(|(_, row)| row.start <= 0xFFFF) {
        let last = row.end.min(0xFFFF) as usize;
        indices[row.start as usize..=last].fill(index as u16);
    }
    indices
}

/// For each block of 2^[`BLOCK_BITS`] code points, the index of the row
/// holding its first code point.
pub(crate) fn block_rows(rows: &[RawRow]) -> Vec<u32> {
    (0..=(0x10_FFFF >> BLOCK_BITS))
        .map(|block| row_index(rows, block << BLOCK_BITS) as u32)
        .collect()
}

/// The index of the row holding `cp`.
pub(crate) fn row_index(rows: &[RawRow], cp: u32) -> usize {
    // Rows are contiguous, so the row is the last one starting at or before cp.
    rows.partition_point(|row| row.start <= cp) - 1
}

/// Parses the text of an `IdnaMappingTable.txt`.
///
/// Errors: a malformed line (bad hex, unknown status, a mapped row without a
/// mapping), rows out of order or overlapping, or a gap in the coverage of
/// U+0000..U+10FFFF.
pub(crate) fn parse_table(text: &str) -> Result<ParsedTable, ParseError> {
    let mut table = ParsedTable::default();
    let mut next_expected: u32 = 0;
    for (index, line) in text.lines().enumerate() {
        if let Some(comment) = line.strip_prefix('#') {
            read_header(comment, &mut table);
            continue;
        }
        let Some(row) = parse_row(index + 1, line, &mut table.pool)? else {
            continue;
        };
        if row.start != next_expected {
            return Err(ParseError {
                line: index + 1,
                message: format!(
                    "row starts at {:04X}, expected {next_expected:04X} (rows must be sorted, without gaps)",
                    row.start
                ),
            });
        }
        next_expected = row.end + 1;
        table.rows.push(row);
    }
    if next_expected != 0x11_0000 {
        return Err(ParseError {
            line: text.lines().count(),
            message: format!(
                "table ends at {:04X}, it must cover up to 10FFFF",
                next_expected.wrapping_sub(1)
            ),
        });
    }
    Ok(table)
}

/// Parses rows in the table's syntax that need not cover every code point
/// (sorted, not overlapping), their mappings appended to `pool`.
///
/// Errors: a malformed line, or rows out of order or overlapping.
pub(crate) fn parse_rows(text: &str, pool: &mut String) -> Result<Vec<RawRow>, ParseError> {
    let mut rows: Vec<RawRow> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let Some(row) = parse_row(index + 1, line, pool)? else {
            continue;
        };
        if rows.last().is_some_and(|last| last.end >= row.start) {
            return Err(ParseError {
                line: index + 1,
                message: format!("row at {:04X} is out of order or overlaps the one before", row.start),
            });
        }
        rows.push(row);
    }
    Ok(rows)
}

/// `rows` as of Unicode `major.minor`: the rows of code points assigned
/// later (their age) become disallowed and unassigned, as that version's
/// table has them (see `MappingTable::as_of`).
pub(crate) fn rows_as_of(rows: &[RawRow], major: u8, minor: u8) -> Vec<RawRow> {
    rows.iter()
        .map(|row| {
            if row.age > [major, minor] {
                RawRow {
                    status: Status::Disallowed,
                    idna2008: Idna2008Status::None,
                    map_start: 0,
                    map_len: 0,
                    unassigned: true,
                    age: [0, 0],
                    ..*row
                }
            } else {
                *row
            }
        })
        .collect()
}

/// The `Version:` and `Date:` of a table dated `date` as of Unicode `major.minor`.
pub(crate) fn as_of_version_and_date(date: &str, major: u8, minor: u8) -> (String, String) {
    (
        format!("{major}.{minor}.0"),
        format!("{date} (rows of later code points disallowed)"),
    )
}

/// `rows` (covering every code point) with `replacements` (sorted, not
/// overlapping, covering some) in place of their own rows for their code
/// points; a row a replacement cuts keeps its age on each side.
pub(crate) fn rows_replaced(rows: &[RawRow], replacements: &[RawRow]) -> Vec<RawRow> {
    let mut merged = Vec::with_capacity(rows.len() + 2 * replacements.len());
    let mut next = 0;
    for row in rows {
        let mut start = row.start;
        while start <= row.end {
            while replacements.get(next).is_some_and(|r| r.end < start) {
                next += 1;
            }
            let end = match replacements.get(next) {
                Some(replacement) if replacement.start <= start => {
                    let end = replacement.end.min(row.end);
                    merged.push(RawRow {
                        start,
                        end,
                        age: row.age,
                        ..*replacement
                    });
                    end
                }
                Some(replacement) if replacement.start <= row.end => {
                    merged.push(RawRow {
                        start,
                        end: replacement.start - 1,
                        ..*row
                    });
                    replacement.start - 1
                }
                _ => {
                    merged.push(RawRow { start, ..*row });
                    row.end
                }
            };
            start = end + 1;
        }
    }
    merged
}

/// WebKitGTK's table (its ICU 72's, Unicode 15.0) made from the Chromium
/// and Firefox ports' `browsers` (Unicode 17.0): as of 15.0, with
/// `rows_15_0`, the 15.0 rows of the code points that 15.1 changed, in
/// their place. build.rs makes it ahead of the run; a test compares it with
/// `MappingTable::as_of` and `MappingTable::with_rows`.
///
/// Errors: a malformed line of `rows_15_0`, or rows out of order.
#[allow(dead_code)] // build.rs's: the crate reads the table it made.
pub(crate) fn webkit_table(browsers: &ParsedTable, rows_15_0: &str) -> Result<ParsedTable, ParseError> {
    let (version, date) = as_of_version_and_date(&browsers.date, 15, 0);
    let mut pool = browsers.pool.clone();
    let replacements = parse_rows(rows_15_0, &mut pool)?;
    Ok(ParsedTable {
        rows: rows_replaced(&rows_as_of(&browsers.rows, 15, 0), &replacements),
        pool,
        version,
        date,
    })
}

/// One line: `None` for a blank or comment line, else its row (the mapping appended to `pool`).
fn parse_row(line_no: usize, line: &str, pool: &mut String) -> Result<Option<RawRow>, ParseError> {
    let fail = |message: String| ParseError { line: line_no, message };
    let (data, comment) = line.split_once('#').unwrap_or((line, ""));
    let data = data.trim();
    if data.is_empty() {
        return Ok(None);
    }
    let fields: Vec<&str> = data.split(';').map(str::trim).collect();
    let (start, end) = parse_range(fields[0]).ok_or_else(|| fail(format!("bad code point range {:?}", fields[0])))?;
    let status_field = fields.get(1).copied().unwrap_or("");
    let status = Status::parse(status_field).ok_or_else(|| fail(format!("unknown status {status_field:?}")))?;
    let mapping_field = fields.get(2).copied().unwrap_or("");
    let map_start = pool.len() as u32;
    for hex in mapping_field.split_whitespace() {
        let c = u32::from_str_radix(hex, 16)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| fail(format!("bad mapping code point {hex:?}")))?;
        pool.push(c);
    }
    let map_len = pool.len() as u32 - map_start;
    if status == Status::Mapped && map_len == 0 {
        return Err(fail("mapped row without a mapping".to_string()));
    }
    let idna2008 = match fields.get(3).copied().unwrap_or("") {
        "" => Idna2008Status::None,
        "NV8" => Idna2008Status::Nv8,
        "XV8" => Idna2008Status::Xv8,
        other => return Err(fail(format!("unknown IDNA2008 status {other:?}"))),
    };
    let age_field = comment.split_whitespace().next().unwrap_or("");
    Ok(Some(RawRow {
        start,
        end,
        status,
        idna2008,
        map_start,
        map_len,
        unassigned: age_field == "NA",
        age: parse_age(age_field),
    }))
}

/// Reads `Version: 16.0.0` and `Date: 2024-07-03, ...` from header comments.
fn read_header(comment: &str, table: &mut ParsedTable) {
    let comment = comment.trim();
    if table.version.is_empty()
        && let Some(version) = comment.strip_prefix("Version:")
    {
        table.version = version.trim().to_string();
    }
    if table.date.is_empty()
        && let Some(date) = comment.strip_prefix("Date:")
    {
        table.date = date.trim().to_string();
    }
    // Newer files name the version in the first line instead:
    // "# IdnaMappingTable.txt; Version: 18.0.0; Date: ...".
    if table.version.is_empty() {
        for part in comment.split(';') {
            if let Some(version) = part.trim().strip_prefix("Version:") {
                table.version = version.trim().to_string();
            }
            if let Some(date) = part.trim().strip_prefix("Date:") {
                table.date = date.trim().to_string();
            }
        }
    }
}

/// `16.0` → `[16, 0]`; anything else (`NA`, nothing) → `[0, 0]`.
fn parse_age(field: &str) -> [u8; 2] {
    let parse = || {
        let (major, minor) = field.split_once('.')?;
        Some([major.parse().ok()?, minor.parse().ok()?])
    };
    parse().unwrap_or([0, 0])
}

fn parse_range(field: &str) -> Option<(u32, u32)> {
    let (first, last) = match field.split_once("..") {
        Some((first, last)) => (first, last),
        None => (field, field),
    };
    let start = u32::from_str_radix(first.trim(), 16).ok()?;
    let end = u32::from_str_radix(last.trim(), 16).ok()?;
    (start <= end && end <= 0x10_FFFF).then_some((start, end))
}
