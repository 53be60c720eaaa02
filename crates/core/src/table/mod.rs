//! The UTS #46 IDNA Mapping Table (UTS #46 §5): the bundled Unicode 16.0.0
//! table, compiled in by `build.rs`, or a table loaded at run time.

mod parse;

mod ascii;

use crate::properties::Properties;
use crate::properties::generated::{Generated, generated};
pub(crate) use ascii::{AsciiClass, AsciiFolding, is_ldh_lowercase};
use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use parse::RawRow;
pub use parse::{Idna2008Status, ParseError, Status};

include!(concat!(env!("OUT_DIR"), "/mapping_table.rs"));

/// An IDNA mapping table: rows sorted by code point covering U+0000..U+10FFFF.
///
/// Cheap to share by reference; the bundled table borrows static data, a
/// loaded one owns its rows.
#[derive(Clone)]
pub struct MappingTable {
    rows: Cow<'static, [RawRow]>,
    pool: Cow<'static, str>,
    version: String,
    date: String,
    source: TableSource,
    /// Row index of each BMP code point, so the common case skips the binary
    /// search (128 KiB; empty in the unlikely case of more rows than a `u16`
    /// counts). The bundled tables' are made by build.rs.
    bmp_rows: Cow<'static, [u16]>,
    /// Per byte, the ASCII byte the Map step turns it into when that is
    /// a single code point of status valid, or none (every byte from 0x80 up,
    /// which is never a whole character); and what the ASCII fast path derives from it.
    ascii: AsciiFolding,
    /// For each block of 256 code points, the index of the row holding its first
    /// code point: a lookup binary-searches only the rows of its own block.
    block_rows: Cow<'static, [u32]>,
    /// See [`MappingTable::records_p1_in_map_step`]; derived from `version` once.
    records_p1: bool,
    /// The first UTF-8 byte of each code point of status deviation, as
    /// bits: a text with none of them has no deviation ([`MappingTable::has_deviation`]).
    deviation_lead_bytes: [u64; 4],
    /// The character properties read with this table (bundled, or the same
    /// Unicode data folder's UCD files).
    properties: Properties,
}

use parse::{BLOCK_BITS, row_index};

/// Where a [`MappingTable`] came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableSource {
    /// `tables/IdnaMappingTable.txt`, compiled into the binary.
    Bundled,
    /// A file loaded at run time.
    File(PathBuf),
}

/// One row of the table as the lookup returns it (UTS #46 §5): the
/// inclusive code-point range (`first..=last`, which may include surrogates),
/// the status, the mapping (empty unless mapped or a deviation with a
/// mapping) and the IDNA2008 field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRow<'t> {
    /// The range's first code point.
    pub first: u32,
    /// The range's last code point (inclusive).
    pub last: u32,
    /// The mapping-table status (second field).
    pub status: Status,
    /// The mapping (third field) as text; empty when the row has none.
    pub mapping: &'t str,
    /// The IDNA2008 status (fourth field: none, `NV8` or `XV8`).
    pub idna2008: Idna2008Status,
    /// The code points are not assigned in the table's Unicode version (the
    /// row's comment gives the age `NA`).
    pub unassigned: bool,
}

impl TableRow<'_> {
    /// The row's code-point range.
    pub fn range(&self) -> RowRange {
        RowRange {
            first: self.first,
            last: self.last,
        }
    }

    /// The range as the table writes it: `00DF` or `0041..005A`.
    pub fn range_text(&self) -> String {
        self.range().to_string()
    }
}

/// A row's inclusive code-point range; displayed (and serialized, as a
/// string) as the table writes it: `00DF` or `0041..005A`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowRange {
    /// The first code point.
    pub first: u32,
    /// The last code point (inclusive).
    pub last: u32,
}

impl std::fmt::Display for RowRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.first == self.last {
            true => write!(f, "{:04X}", self.first),
            false => write!(f, "{:04X}..{:04X}", self.first, self.last),
        }
    }
}

impl serde::Serialize for RowRange {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Why [`MappingTable::from_path`] failed.
#[derive(Debug)]
pub enum TableError {
    /// The file could not be read.
    Io {
        /// The table file tried (after resolving a folder to the file in it).
        path: PathBuf,
        /// The read error.
        error: std::io::Error,
    },
    /// The file is not a well-formed mapping table.
    Parse {
        /// The table file read.
        path: PathBuf,
        /// The first malformed line and what is wrong with it.
        error: ParseError,
    },
    /// A UCD file beside the table cannot be read or is not well formed.
    Properties {
        /// The message naming the file and the fault.
        error: String,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io { path, error } => {
                write!(
                    f,
                    "cannot read {}: {error} (give IdnaMappingTable.txt or a folder holding it)",
                    path.display()
                )
            }
            TableError::Parse { path, error } => write!(f, "{} is not a valid IdnaMappingTable.txt: {error}", path.display()),
            TableError::Properties { error } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for TableError {}

/// The Bidi_Class of the browsers' table, and its name in sources.
const BROWSERS_BIDI: &str = include_str!("../../../../tables/browsers/DerivedBidiClass.txt");
const BROWSERS_BIDI_NAME: &str = "tables/browsers/DerivedBidiClass.txt";

/// The flags of planes 0 to 3 of the browsers' properties, made from
/// `Properties::with_bidi_classes` of [`BROWSERS_BIDI`].
static BROWSERS_FACTS: Generated<u8> = generated!("browsers_facts");

impl MappingTable {
    /// The bundled Unicode 16.0.0 table (built once, then shared).
    pub fn bundled() -> &'static MappingTable {
        static BUNDLED: OnceLock<MappingTable> = OnceLock::new();
        BUNDLED.get_or_init(|| {
            MappingTable::built(
                &BUNDLED_ROWS,
                BUNDLED_POOL,
                BUNDLED_VERSION,
                BUNDLED_DATE,
                &BUNDLED_BMP_ROWS,
                &BUNDLED_BLOCK_ROWS,
            )
        })
    }

    /// The Unicode 17.0.0 table the Chromium and Firefox ports read
    /// (`tables/browsers/IdnaMappingTable.txt`: the UTS #46 data of the ICU 78
    /// those browsers bundle; built once, then shared), with that version's
    /// Bidi_Class (`tables/browsers/DerivedBidiClass.txt`), which CheckBidi
    /// reads: the bundled unicode-bidi has Unicode 16.0's, where the Arabic
    /// symbols of 17.0 are still unassigned and default to AL.
    #[doc(hidden)]
    pub fn browsers() -> &'static MappingTable {
        static BROWSERS: OnceLock<MappingTable> = OnceLock::new();
        BROWSERS.get_or_init(|| {
            let mut table = MappingTable::built(
                &BROWSERS_ROWS,
                BROWSERS_POOL,
                BROWSERS_VERSION,
                BROWSERS_DATE,
                &BROWSERS_BMP_ROWS,
                &BROWSERS_BLOCK_ROWS,
            );
            table.properties =
                Properties::with_generated_bidi_classes(BROWSERS_VERSION, BROWSERS_BIDI_NAME, BROWSERS_BIDI, &BROWSERS_FACTS);
            table
        })
    }

    /// WebKitGTK's UTS #46 table: ICU 72's, Unicode 15.0. The Unicode 17.0
    /// table of [`MappingTable::browsers`] with the code points of 15.1,
    /// 16.0 and 17.0 disallowed, and the 15.0 rows of the 72 code points
    /// that Unicode 15.1 changed (`tables/browsers/IdnaMappingTable-15.0-rows.txt`:
    /// U+04C0 and Georgian capitals were disallowed, Hangul fillers too, ẞ
    /// mapped to "ss"), made by build.rs (`parse::webkit_table`); built
    /// once, then shared. Its properties are the bundled ones, as
    /// [`MappingTable::as_of`]'s are.
    #[doc(hidden)]
    pub fn webkit() -> &'static MappingTable {
        static WEBKIT: OnceLock<MappingTable> = OnceLock::new();
        WEBKIT.get_or_init(|| {
            MappingTable::built(
                &WEBKIT_ROWS,
                WEBKIT_POOL,
                WEBKIT_VERSION,
                WEBKIT_DATE,
                &WEBKIT_BMP_ROWS,
                &WEBKIT_BLOCK_ROWS,
            )
        })
    }

    /// This table as of Unicode `major.minor`: the rows of code points
    /// assigned later (their age, the comment's first field) become
    /// disallowed and unassigned, as that version's table has them
    /// (`parse::rows_as_of`). The tests compare [`MappingTable::webkit`],
    /// which build.rs makes with the same functions, with this table as of
    /// 15.0 and [`MappingTable::with_rows`]. Exact when no older code point
    /// changed its row in between (the 17.0 table as of 16.0 is the bundled
    /// 16.0 table on every code point: a unit test in `browsers`; 15.1
    /// changed 72 rows, which [`MappingTable::with_rows`] puts back).
    #[cfg(any(test, feature = "test-support"))]
    #[doc(hidden)]
    pub fn as_of(&self, major: u8, minor: u8) -> MappingTable {
        let (version, date) = parse::as_of_version_and_date(&self.date, major, minor);
        MappingTable::assemble(
            Cow::Owned(parse::rows_as_of(&self.rows, major, minor)),
            self.pool.clone(),
            version,
            date,
            self.source.clone(),
            None,
        )
    }

    /// This table with `rows` (lines in the table's syntax, sorted, not
    /// covering every code point) in place of its own rows for their code
    /// points: an older version's rows that a later one changed.
    ///
    /// Errors: a malformed line, or rows out of order.
    #[cfg(any(test, feature = "test-support"))]
    #[doc(hidden)]
    pub fn with_rows(&self, rows: &str) -> Result<MappingTable, ParseError> {
        let mut pool = self.pool.to_string();
        let replacements = parse::parse_rows(rows, &mut pool)?;
        let merged = parse::rows_replaced(&self.rows, &replacements);
        Ok(MappingTable::assemble(
            Cow::Owned(merged),
            Cow::Owned(pool),
            self.version.clone(),
            self.date.clone(),
            self.source.clone(),
            None,
        ))
    }

    /// True when every code point has the same row here as in `wider`
    /// unless it is disallowed here: a name converted here without an error
    /// converts to the same result under `wider` (`wider` only admits more).
    #[cfg(any(test, feature = "test-support"))]
    #[doc(hidden)]
    pub fn restricts(&self, wider: &MappingTable) -> bool {
        (0..=0x10_FFFFu32).filter_map(char::from_u32).all(|c| {
            let (mine, theirs) = (self.lookup(c), wider.lookup(c));
            mine.status == Status::Disallowed
                || (mine.status == theirs.status && mine.mapping == theirs.mapping && mine.idna2008 == theirs.idna2008)
        })
    }

    /// Loads `IdnaMappingTable.txt` from `path`, which is either that file or a
    /// folder holding it (also looked for in an `idna/` subfolder, the layout
    /// of Unicode's data folders).
    ///
    /// Errors: [`TableError::Io`] when no such file can be read,
    /// [`TableError::Parse`] when its text is not a well-formed table.
    pub fn from_path(path: impl AsRef<Path>) -> Result<MappingTable, TableError> {
        let file = locate_table_file(path.as_ref());
        let text = std::fs::read_to_string(&file).map_err(|error| TableError::Io {
            path: file.clone(),
            error,
        })?;
        let mut table = MappingTable::from_text(&text, TableSource::File(file.clone())).map_err(|error| TableError::Parse {
            path: file.clone(),
            error,
        })?;
        table.properties =
            Properties::load(&data_folder(&file), &table.version).map_err(|error| TableError::Properties { error })?;
        Ok(table)
    }

    /// The character properties read with this table: the bundled libraries',
    /// or those of the Unicode data folder the table was loaded from.
    pub fn properties(&self) -> &Properties {
        &self.properties
    }

    /// Parses the text of an `IdnaMappingTable.txt` (UTS #46 §5).
    ///
    /// Errors ([`ParseError`], with the 1-based line): a malformed line (bad
    /// hex, unknown status, a mapped row without a mapping), rows out of order
    /// or overlapping, or a gap in the coverage of U+0000..U+10FFFF.
    pub fn from_text(text: &str, source: TableSource) -> Result<MappingTable, ParseError> {
        let parsed = parse::parse_table(text)?;
        Ok(MappingTable::assemble(
            Cow::Owned(parsed.rows),
            Cow::Owned(parsed.pool),
            parsed.version,
            parsed.date,
            source,
            None,
        ))
    }

    /// A table build.rs made (`$OUT_DIR/mapping_table.rs`): its rows, pool,
    /// `Version:`, `Date:` and the rows' indexes.
    fn built(
        rows: &'static [RawRow],
        pool: &'static str,
        version: &str,
        date: &str,
        bmp_rows: &'static [u16],
        block_rows: &'static [u32],
    ) -> MappingTable {
        MappingTable::assemble(
            Cow::Borrowed(rows),
            Cow::Borrowed(pool),
            version.to_string(),
            date.to_string(),
            TableSource::Bundled,
            Some((bmp_rows, block_rows)),
        )
    }

    /// The table of `rows`; `indexes`: their [`parse::bmp_rows`] and
    /// [`parse::block_rows`], when build.rs made them.
    fn assemble(
        rows: Cow<'static, [RawRow]>,
        pool: Cow<'static, str>,
        version: String,
        date: String,
        source: TableSource,
        indexes: Option<(&'static [u16], &'static [u32])>,
    ) -> MappingTable {
        let (bmp_rows, block_rows) = match indexes {
            Some((bmp, blocks)) => (Cow::Borrowed(bmp), Cow::Borrowed(blocks)),
            None => (Cow::Owned(parse::bmp_rows(&rows)), Cow::Owned(parse::block_rows(&rows))),
        };
        let ascii_fold = ascii_fold(&rows, &pool);
        let records_p1 = version_at_most_15_0(&version);
        let mut deviation_lead_bytes = [0u64; 4];
        for row in rows.iter().filter(|row| row.status == Status::Deviation) {
            for c in (row.start..=row.end).filter_map(char::from_u32) {
                let lead = c.encode_utf8(&mut [0; 4]).as_bytes()[0];
                deviation_lead_bytes[usize::from(lead >> 6)] |= 1 << (lead & 63);
            }
        }
        MappingTable {
            records_p1,
            deviation_lead_bytes,
            properties: Properties::bundled(),
            rows,
            pool,
            version,
            date,
            source,
            bmp_rows,
            ascii: AsciiFolding::new(ascii_fold),
            block_rows,
        }
    }

    /// The byte the Map step turns ASCII byte `byte` into when that is one
    /// ASCII code point of status valid (e.g. `b'A'` → `b'a'`, `b'a'` → `b'a'`);
    /// `None` for non-ASCII bytes and for ASCII the table disallows, ignores
    /// or maps otherwise (UTS #46 §4 step 1, read from this table's rows).
    #[inline]
    pub fn ascii_fold(&self, byte: u8) -> Option<u8> {
        Some(self.ascii.fold(byte)).filter(|&folded| folded != 0)
    }

    /// [`MappingTable::ascii_fold`] of every byte, with what the ASCII fast path derives from it.
    #[inline]
    pub(crate) fn ascii_folding(&self) -> &AsciiFolding {
        &self.ascii
    }

    /// The row that holds `c`.
    #[inline]
    pub fn lookup(&self, c: char) -> TableRow<'_> {
        self.row(self.row_index_of(c))
    }

    #[inline]
    fn row_index_of(&self, c: char) -> usize {
        let cp = c as u32;
        match self.bmp_rows.get(cp as usize) {
            Some(&index) => usize::from(index),
            None => self.row_index_in_block(cp),
        }
    }

    fn row_index_in_block(&self, cp: u32) -> usize {
        let block = (cp >> BLOCK_BITS) as usize;
        let first = self.block_rows[block] as usize;
        let last = self
            .block_rows
            .get(block + 1)
            .map_or(self.rows.len() - 1, |&next| next as usize);
        first + row_index(&self.rows[first..=last], cp)
    }

    /// The status of `c` alone (the hot path of validity criterion 7).
    #[inline]
    pub fn status(&self, c: char) -> Status {
        // The row's status alone: no slicing of its mapping.
        self.rows[self.row_index_of(c)].status
    }

    /// True when `c` has status deviation (UTS #46 §2.3: ß, ς, ZWNJ and ZWJ in
    /// every published table): the one test of "is this a deviation".
    #[inline]
    #[doc(hidden)]
    pub fn is_deviation(&self, c: char) -> bool {
        self.status(c) == Status::Deviation
    }

    /// True when some character of `text` has status deviation
    /// ([`MappingTable::is_deviation`]), which is asked only of the
    /// characters whose first byte a deviation shares (a Latin name's
    /// accented letters share ß's, its other letters are not decoded).
    #[doc(hidden)]
    pub fn has_deviation(&self, text: &str) -> bool {
        let may_lead = |byte: u8| self.deviation_lead_bytes[usize::from(byte >> 6)] & (1 << (byte & 63)) != 0;
        // A lead byte starts a character: `at` is on a character's boundary.
        text.bytes()
            .enumerate()
            .any(|(at, byte)| may_lead(byte) && text[at..].chars().next().is_some_and(|c| self.is_deviation(c)))
    }

    fn row(&self, index: usize) -> TableRow<'_> {
        let raw = &self.rows[index];
        let start = raw.map_start as usize;
        TableRow {
            first: raw.start,
            last: raw.end,
            status: raw.status,
            mapping: &self.pool[start..start + raw.map_len as usize],
            idna2008: raw.idna2008,
            unassigned: raw.unassigned,
        }
    }

    /// Every row, in code-point order.
    pub fn rows(&self) -> impl Iterator<Item = TableRow<'_>> {
        (0..self.rows.len()).map(|index| self.row(index))
    }

    /// The Unicode version named in the file header, e.g. `16.0.0` (empty when the header has none).
    pub fn version(&self) -> &str {
        &self.version
    }

    /// The `Date:` value of the file header.
    pub fn date(&self) -> &str {
        &self.date
    }

    /// Where the table came from.
    pub fn source(&self) -> &TableSource {
        &self.source
    }

    /// True for tables of Unicode 15.0 and earlier, whose Map step still
    /// recorded error `P1` for disallowed code points (UTS #46 revision 31 moved
    /// that check to validity criterion 7 only).
    pub fn records_p1_in_map_step(&self) -> bool {
        self.records_p1
    }
}

impl serde::Serialize for Status {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl serde::Serialize for Idna2008Status {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl fmt::Debug for MappingTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MappingTable")
            .field("version", &self.version)
            .field("rows", &self.rows.len())
            .field("source", &self.source)
            .finish()
    }
}

/// True for a `Version:` of 15.0 or earlier (an unreadable version counts as current).
fn version_at_most_15_0(version: &str) -> bool {
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    major != 0 && (major, minor) <= (15, 0)
}

/// The Unicode data folder a table file sits in: the parent of its `idna/`
/// folder (Unicode's layout: `idna/`, `ucd/`, `security/` side by side), or
/// its own folder.
fn data_folder(file: &Path) -> PathBuf {
    let folder = file.parent().unwrap_or(Path::new("."));
    match folder.file_name() {
        Some(name) if name == "idna" => folder.parent().unwrap_or(folder).to_path_buf(),
        _ => folder.to_path_buf(),
    }
}

fn locate_table_file(path: &Path) -> PathBuf {
    if path.is_dir() {
        let direct = path.join("IdnaMappingTable.txt");
        let nested = path.join("idna").join("IdnaMappingTable.txt");
        if !direct.exists() && nested.exists() { nested } else { direct }
    } else {
        path.to_path_buf()
    }
}

/// The [`MappingTable::ascii_fold`] array: for each ASCII byte, the one valid
/// ASCII byte its row keeps or maps it to, or 0. A byte other than FULL STOP
/// that a table would map to FULL STOP gets 0 too, so that splitting the
/// unmapped bytes at `.` splits the mapped name at the same places.
fn ascii_fold(rows: &[RawRow], pool: &str) -> [u8; 256] {
    let status_of = |byte: u8| rows[row_index(rows, u32::from(byte))].status;
    let mut fold = [0u8; 256];
    for (byte, slot) in (0u8..128).zip(fold.iter_mut()) {
        let raw = &rows[row_index(rows, u32::from(byte))];
        let mapping = &pool[raw.map_start as usize..(raw.map_start + raw.map_len) as usize];
        let target = match raw.status {
            Status::Valid => Some(byte),
            Status::Mapped => match mapping.as_bytes() {
                [single] if single.is_ascii() => Some(*single),
                _ => None,
            },
            _ => None,
        };
        // The target must itself be valid, or validity criterion 7 would fail on it.
        let separator_from_elsewhere = |t: u8| t == b'.' && byte != b'.';
        if let Some(target) = target.filter(|&t| t != 0 && !separator_from_elsewhere(t) && status_of(t) == Status::Valid) {
            *slot = target;
        }
    }
    fold
}

#[cfg(test)]
mod tests {
    use super::*;

    /// build.rs's indexes of the bundled tables are those a loaded table's
    /// rows get at run time.
    #[test]
    fn built_indexes_equal_the_computed_ones() {
        for (rows, bmp, blocks) in [
            (&BUNDLED_ROWS[..], &BUNDLED_BMP_ROWS[..], &BUNDLED_BLOCK_ROWS[..]),
            (&BROWSERS_ROWS[..], &BROWSERS_BMP_ROWS[..], &BROWSERS_BLOCK_ROWS[..]),
            (&WEBKIT_ROWS[..], &WEBKIT_BMP_ROWS[..], &WEBKIT_BLOCK_ROWS[..]),
        ] {
            assert_eq!(bmp, parse::bmp_rows(rows));
            assert_eq!(blocks, parse::block_rows(rows));
        }
    }

    /// The generated flags are those of the text's properties for planes 0
    /// to 3, and beyond them the browsers' properties parse the text and
    /// answer as the text does.
    #[test]
    fn browsers_facts_table_is_current() {
        let rule = Properties::with_bidi_classes(BROWSERS_VERSION, BROWSERS_BIDI_NAME, BROWSERS_BIDI).unwrap();
        BROWSERS_FACTS.check(crate::properties::PLANE_CELLS, |c| rule.facts_byte(c));
        let browsers = MappingTable::browsers().properties();
        for c in (0..=0x10_FFFF)
            .step_by(97)
            .chain([0x4_0000, 0xE_0001, 0xF_FFFF])
            .filter_map(char::from_u32)
        {
            assert_eq!(browsers.facts_byte(c), rule.facts_byte(c), "{c:?}");
        }
        assert_eq!(browsers.sources(), rule.sources());
    }

    /// The lead-byte filter keeps every deviation: for every code point,
    /// alone, after a letter and after characters that share a deviation's
    /// first byte, the quick answer is the rows' own.
    #[test]
    fn has_deviation_answers_as_each_characters_status() {
        let table = MappingTable::bundled();
        let mut deviations = 0;
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let deviation = table.is_deviation(c);
            deviations += usize::from(deviation);
            assert_eq!(table.has_deviation(&c.to_string()), deviation, "{c:?}");
            assert_eq!(table.has_deviation(&format!("a{c}я")), deviation, "{c:?}");
            // After characters that share a deviation's first byte (ß's, ς's, the joiners').
            assert_eq!(table.has_deviation(&format!("é\u{3C3}\u{2010}{c}")), deviation, "{c:?}");
        }
        assert_eq!(deviations, 4, "ß, ς, ZWNJ and ZWJ");
        assert!(table.has_deviation("straße") && !table.has_deviation("strasse"));
    }
}
