//! Splitting batch input into items, with memory bounded by
//! [`super::MAX_LINE_BYTES`] whatever the input (a 1 GB line is counted, not held).

use std::io::{self, BufRead, Read};

/// The most bytes of whole lines [`LineReader`] takes from its source at a
/// time (a source holding a whole file in memory still costs only this much).
const BLOCK_BYTES: usize = 1 << 16;

/// How many bytes of a too-long line the record keeps to show.
pub const SHOWN_PREFIX_BYTES: usize = 256;

/// One unit of input: a line of a text file, or the chosen field of a CSV/TSV row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// A line or field (no line ending) that is UTF-8.
    Text {
        /// 1-based line number in the input (CSV/TSV: the line the row starts on).
        line: u64,
        /// The text.
        text: &'a str,
    },
    /// A line or field (no line ending) that is not UTF-8.
    NotUtf8 {
        /// 1-based line number in the input (CSV/TSV: the line the row starts on).
        line: u64,
        /// The bytes as read.
        bytes: &'a [u8],
    },
    /// A line over [`super::MAX_LINE_BYTES`], of which the reader kept only the
    /// first [`SHOWN_PREFIX_BYTES`]: those bytes and the line's full length.
    TooLong {
        /// 1-based line number in the input (CSV/TSV: the line the row starts on).
        line: u64,
        /// Its first bytes, at most [`SHOWN_PREFIX_BYTES`].
        prefix: &'a [u8],
        /// Its full length in bytes, without the line ending.
        bytes: u64,
    },
    /// A CSV/TSV row with only `fields` fields, too few for the chosen column.
    MissingColumn {
        /// 1-based line number in the input (CSV/TSV: the line the row starts on).
        line: u64,
        /// How many fields the row has.
        fields: usize,
    },
}

/// Which column of a CSV/TSV file holds the names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// 0-based position.
    Index(usize),
    /// The header cell's text (exact match, then case-insensitive).
    Name(String),
}

/// The layout of a batch input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputFormat {
    /// One name per line; blank lines and `#` comments are skipped records.
    Lines,
    /// Comma-separated with a header row.
    Csv(Column),
    /// Tab-separated with a header row.
    Tsv(Column),
}

impl InputFormat {
    /// The format a file name suggests: `.csv` → CSV, `.tsv`/`.tab` → TSV, else
    /// lines. A delimited format reads `column`.
    pub fn guess(path: &std::path::Path, column: Column) -> InputFormat {
        let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("csv") => InputFormat::Csv(column),
            Some("tsv" | "tab") => InputFormat::Tsv(column),
            _ => InputFormat::Lines,
        }
    }

    /// The same layout reading another column (plain lines stay lines).
    pub fn with_column(self, column: Column) -> InputFormat {
        match self {
            InputFormat::Lines => InputFormat::Lines,
            InputFormat::Csv(_) => InputFormat::Csv(column),
            InputFormat::Tsv(_) => InputFormat::Tsv(column),
        }
    }

    /// The field delimiter (`b','` or `b'\t'`), or `None` for plain lines.
    pub fn delimiter(&self) -> Option<u8> {
        match self {
            InputFormat::Lines => None,
            InputFormat::Csv(_) => Some(b','),
            InputFormat::Tsv(_) => Some(b'\t'),
        }
    }
}

/// A `csv` reader with a header row, rows of any length, a leading BOM
/// skipped. Only LF ends a row, as only LF ends a line of a plain list: the
/// csv crate's default would also end one at a bare CR, putting two rows on
/// one line number. The CR of a CRLF stays on the row's last field, and
/// `without_cr` takes it off.
fn csv_reader<R: Read>(input: R, delimiter: u8) -> csv::Reader<SkipBom<R>> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .terminator(csv::Terminator::Any(b'\n'))
        .flexible(true)
        .from_reader(SkipBom::new(input))
}

/// `cell` without the CR of a CRLF line ending, when it is the row's last cell.
fn without_cr(cell: &[u8], is_last: bool) -> &[u8] {
    match cell.strip_suffix(b"\r") {
        Some(stripped) if is_last => stripped,
        _ => cell,
    }
}

/// The cells of `row` with a CRLF's CR taken off the last one.
fn cells(row: &csv::ByteRecord) -> impl Iterator<Item = &[u8]> {
    let last = row.len().saturating_sub(1);
    row.iter()
        .enumerate()
        .map(move |(index, cell)| without_cr(cell, index == last))
}

/// Reads the header row of CSV/TSV text (the column choices to offer).
/// Errors: the read error, or a CSV error.
pub fn read_header<R: Read>(input: R, delimiter: u8) -> io::Result<Vec<String>> {
    let mut reader = csv_reader(input, delimiter);
    let header = reader.byte_headers().map_err(io::Error::other)?;
    Ok(cells(header).map(|cell| String::from_utf8_lossy(cell).into_owned()).collect())
}

/// Items of a batch input in order, from any reader.
pub struct ItemReader<R: BufRead> {
    source: Source<R>,
    /// The input's size in bytes, when known (a file): [`Self::with_length`].
    length: Option<u64>,
    /// Items left before the reader pauses ([`Self::pause_after`]); `None`: it does not.
    left_before_pause: Option<u64>,
}

enum Source<R: BufRead> {
    Lines(LineReader<R>),
    Delimited(DelimitedReader<R>),
}

impl<R: BufRead> ItemReader<R> {
    /// Reads `input` laid out as `format`.
    /// Errors: for CSV/TSV, reading the header, or a column name the header lacks.
    pub fn new(input: R, format: &InputFormat) -> io::Result<Self> {
        let source = match (format, format.delimiter()) {
            (InputFormat::Csv(column) | InputFormat::Tsv(column), Some(delimiter)) => {
                Source::Delimited(DelimitedReader::new(input, delimiter, column)?)
            }
            _ => Source::Lines(LineReader::new(input)),
        };
        Ok(ItemReader {
            source,
            length: None,
            left_before_pause: None,
        })
    }

    /// The same reader, told that the input holds `bytes` bytes (a file's
    /// size): the threads of a summary then take smaller blocks near the
    /// end, so that none waits long for another's last one.
    pub fn with_length(self, bytes: u64) -> Self {
        ItemReader {
            length: Some(bytes),
            ..self
        }
    }

    /// Bytes left to read, when the input's size is known.
    pub(crate) fn bytes_left(&self) -> Option<u64> {
        self.length.map(|length| length.saturating_sub(self.bytes_read()))
    }

    /// True for plain-text input, where blank lines and `#` lines are skipped records.
    pub fn skips_comments(&self) -> bool {
        matches!(self.source, Source::Lines(_))
    }

    /// Bytes consumed so far (for progress against the file size).
    pub fn bytes_read(&self) -> u64 {
        match &self.source {
            Source::Lines(lines) => lines.bytes_read,
            Source::Delimited(delimited) => delimited.reader.position().byte(),
        }
    }

    /// Whole UTF-8 lines of a plain-text input together (see
    /// [`LineReader::next_lines`]); `None` where the next item must be read
    /// by [`Self::next_item`], and always for CSV/TSV.
    pub(crate) fn next_lines(&mut self, max_bytes: usize) -> io::Result<Option<Lines<'_>>> {
        if self.left_before_pause.is_some() {
            // Counted an item at a time: [`Self::next_item`].
            return Ok(None);
        }
        match &mut self.source {
            Source::Lines(lines) => lines.next_lines(max_bytes),
            Source::Delimited(_) => Ok(None),
        }
    }

    /// Makes the reader report an end after `items` more items, so that a
    /// conversion returns there and can go on later from the same reader
    /// (the web page converts a file a slice per frame: it has no threads).
    /// [`Self::paused`] tells such a pause from the end of the input.
    pub fn pause_after(&mut self, items: u64) {
        self.left_before_pause = Some(items);
    }

    /// True when the last `None` of [`Self::next_item`] was a pause ([`Self::pause_after`]), not the end.
    pub fn paused(&self) -> bool {
        self.left_before_pause == Some(0)
    }

    /// The next item, or `None` at the end (or at a pause, [`Self::pause_after`]).
    /// Errors: the underlying read error.
    pub fn next_item(&mut self) -> io::Result<Option<Item<'_>>> {
        if self.left_before_pause == Some(0) {
            return Ok(None);
        }
        let item = match &mut self.source {
            Source::Lines(lines) => lines.next_item()?,
            Source::Delimited(delimited) => delimited.next_item()?,
        };
        // Counted only when there was one: at the end of the input the reader has not paused.
        if item.is_some()
            && let Some(left) = &mut self.left_before_pause
        {
            *left -= 1;
        }
        Ok(item)
    }
}

/// Lines of a text file: split on LF only, a CR before the LF dropped, a
/// leading UTF-8 BOM skipped. Keeps at most [`super::MAX_LINE_BYTES`] + 8
/// bytes of a line; the rest of a longer line is counted and discarded.
///
/// Whole lines are taken from the source's buffer a block at a time and
/// checked for UTF-8 in one pass: a line of a block that passes needs no
/// check of its own. Lines from the first invalid byte on are checked one at
/// a time until a block passes again.
pub struct LineReader<R> {
    reader: R,
    line: u64,
    /// A line that runs past the source's buffer, gathered here.
    buffer: Vec<u8>,
    bytes_read: u64,
    /// Bytes of the reader's buffer that the last item borrowed, consumed at the next call.
    borrowed: usize,
    /// Whole lines (each ending with LF) found UTF-8 together, handed out from `block_start` on.
    block: String,
    block_start: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Wraps a buffered reader (a file, standard input, or bytes in memory).
    pub fn new(reader: R) -> Self {
        LineReader {
            reader,
            line: 0,
            buffer: Vec::new(),
            bytes_read: 0,
            borrowed: 0,
            block: String::new(),
            block_start: 0,
        }
    }

    /// The next line, or `None` at the end. Errors: the underlying read error.
    pub fn next_item(&mut self) -> io::Result<Option<Item<'_>>> {
        match self.fill_block()? {
            Filled::Lines => return Ok(Some(self.next_block_line())),
            Filled::End => return Ok(None),
            Filled::NotWhole => {}
        }
        // The first line is not UTF-8 (handed out from the source's buffer
        // when its LF is there), or runs past the buffer (gathered). The
        // same bytes again: a buffered reader holding some reads nothing.
        if let Some(lf) = memchr::memchr(b'\n', self.reader.fill_buf()?) {
            let bytes = &self.reader.fill_buf()?[..=lf];
            self.borrowed = bytes.len();
            self.bytes_read += bytes.len() as u64;
            self.line += 1;
            let cr_before_lf = bytes.ends_with(b"\r\n");
            return Ok(Some(line_item(self.line, bytes, bytes.len() as u64, true, cr_before_lf)));
        }
        self.buffer.clear();
        let (length, ended, cr_before_lf) = self.read_line()?;
        self.line += 1;
        Ok(Some(line_item(self.line, &self.buffer, length, ended, cr_before_lf)))
    }

    /// Whole UTF-8 lines together, at most `max_bytes` of them (at least
    /// one line), for another thread to split with [`Lines::items`]: the
    /// items [`Self::next_item`] would give one by one. `None` when the next
    /// line is not UTF-8, runs past the source's buffer, or there is none:
    /// then [`Self::next_item`] reads it. Errors: the underlying read error.
    pub(crate) fn next_lines(&mut self, max_bytes: usize) -> io::Result<Option<Lines<'_>>> {
        if self.fill_block()? != Filled::Lines {
            return Ok(None);
        }
        let rest = &self.block[self.block_start..];
        let taken = match rest.len() <= max_bytes {
            true => rest.len(),
            false => memchr::memrchr(b'\n', &rest.as_bytes()[..max_bytes]).map_or(first_line(rest).len(), |lf| lf + 1),
        };
        let text = &rest[..taken];
        let lines = Lines {
            first: self.line + 1,
            bytes_before: self.bytes_read,
            text,
        };
        // Every line of the block ends with its LF.
        self.line += memchr::memchr_iter(b'\n', text.as_bytes()).count() as u64;
        self.bytes_read += taken as u64;
        self.block_start += taken;
        Ok(Some(lines))
    }

    /// Makes sure `block` has lines to hand out: what is left of it, or the
    /// whole UTF-8 lines at the start of the source's buffer (a new block).
    fn fill_block(&mut self) -> io::Result<Filled> {
        if self.block_start < self.block.len() {
            return Ok(Filled::Lines);
        }
        self.reader.consume(std::mem::take(&mut self.borrowed));
        // One fill per call: at the end of a terminal's input, a second would wait for more.
        let available = fill(&mut self.reader)?;
        if available.is_empty() {
            return Ok(Filled::End);
        }
        let Some(lines) = utf8_lines(&available[..available.len().min(BLOCK_BYTES)]) else {
            return Ok(Filled::NotWhole);
        };
        self.block.clear();
        self.block.push_str(lines);
        self.block_start = 0;
        self.reader.consume(self.block.len());
        Ok(Filled::Lines)
    }

    /// The next line of `block`, which holds one.
    fn next_block_line(&mut self) -> Item<'_> {
        let line = first_line(&self.block[self.block_start..]);
        self.block_start += line.len();
        self.bytes_read += line.len() as u64;
        self.line += 1;
        text_line_item(self.line, line)
    }

    /// Reads one line into `buffer` (capped); returns its full length in bytes,
    /// whether it ended with LF, and whether a CR came right before that LF.
    fn read_line(&mut self) -> io::Result<(u64, bool, bool)> {
        let keep = super::MAX_LINE_BYTES + 8;
        let mut length = 0u64;
        let mut previous = 0u8;
        loop {
            let available = fill(&mut self.reader)?;
            if available.is_empty() {
                return Ok((length, false, false));
            }
            let (taken, ended) = match memchr::memchr(b'\n', available) {
                Some(end) => (end + 1, true),
                None => (available.len(), false),
            };
            let before_lf = match taken {
                1 if ended => previous,
                _ if ended => available[taken - 2],
                _ => 0,
            };
            previous = available[taken - 1];
            let room = keep.saturating_sub(self.buffer.len()).min(taken);
            // A line longer than `keep` is a TooLong item, of which only the start is shown.
            self.buffer.extend_from_slice(&available[..room]);
            self.reader.consume(taken);
            self.bytes_read += taken as u64;
            length += taken as u64;
            if ended {
                return Ok((length, true, before_lf == b'\r'));
            }
        }
    }
}

/// What [`LineReader::fill_block`] found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Filled {
    /// `block` has lines to hand out.
    Lines,
    /// The source has no more bytes.
    End,
    /// The next line is not UTF-8, or runs past the source's buffer.
    NotWhole,
}

/// Whole lines that are UTF-8, read together ([`LineReader::next_lines`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lines<'a> {
    /// The number of the first line.
    pub first: u64,
    /// Bytes read before the first line.
    pub bytes_before: u64,
    /// The lines, each ending with its LF.
    pub text: &'a str,
}

impl<'a> Lines<'a> {
    /// Each line's item, as [`LineReader::next_item`] gives it, with the
    /// bytes read up to the line's end.
    pub fn items(self) -> impl Iterator<Item = (Item<'a>, u64)> {
        let (mut number, mut read, mut rest) = (self.first, self.bytes_before, self.text);
        std::iter::from_fn(move || {
            if rest.is_empty() {
                return None;
            }
            let line = first_line(rest);
            rest = &rest[line.len()..];
            read += line.len() as u64;
            number += 1;
            Some((text_line_item(number - 1, line), read))
        })
    }
}

/// The first line of `text`, with its LF (all of `text` when it has none).
fn first_line(text: &str) -> &str {
    let end = memchr::memchr(b'\n', text.as_bytes()).map_or(text.len(), |lf| lf + 1);
    &text[..end]
}

/// The source's buffered bytes, filled first when empty (retrying an interrupted read).
fn fill<R: BufRead>(reader: &mut R) -> io::Result<&[u8]> {
    loop {
        match reader.fill_buf() {
            Ok([]) => return Ok(&[]),
            Ok(_) => break,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        }
    }
    // The bytes just filled: a buffered reader holding some reads nothing.
    // (Returning them from the loop would hold the borrow across a retry.)
    reader.fill_buf()
}

/// The whole lines at the start of `bytes` (up to and with an LF) that are
/// UTF-8: all of them when they all are, else those before the line with
/// the first invalid byte; `None` when there are none. Splitting UTF-8 at
/// an LF leaves UTF-8 on both sides (an LF is never part of a longer
/// sequence), so each of these lines is UTF-8.
fn utf8_lines(bytes: &[u8]) -> Option<&str> {
    let lines = &bytes[..=memchr::memrchr(b'\n', bytes)?];
    // simdutf8: the same check as `str::from_utf8`, many bytes per step.
    match simdutf8::compat::from_utf8(lines) {
        Ok(text) => Some(text),
        Err(error) => {
            let valid = &lines[..error.valid_up_to()];
            simdutf8::compat::from_utf8(&valid[..=memchr::memrchr(b'\n', valid)?]).ok()
        }
    }
}

/// The item of line number `line`, whose `text` ends with its LF: as
/// [`line_item`], for a line known to be UTF-8.
fn text_line_item(line: u64, text: &str) -> Item<'_> {
    let mut text = text.strip_suffix('\n').unwrap_or(text);
    text = text.strip_suffix('\r').unwrap_or(text);
    if line == 1 {
        text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    }
    if text.len() > super::MAX_LINE_BYTES {
        return Item::TooLong {
            line,
            prefix: &text.as_bytes()[..SHOWN_PREFIX_BYTES],
            bytes: text.len() as u64,
        };
    }
    Item::Text { line, text }
}

/// The item of line number `line`, held in `bytes` (only its start when the
/// line is too long): `length` bytes in full, ending with LF when `ended`,
/// with a CR before that LF when `cr_before_lf`. The BOM of line 1 and the
/// line ending are dropped; a line over [`super::MAX_LINE_BYTES`] is
/// [`Item::TooLong`].
fn line_item(line: u64, bytes: &[u8], mut length: u64, ended: bool, cr_before_lf: bool) -> Item<'_> {
    let mut bytes = bytes;
    if line == 1 && bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes = &bytes[3..];
        length -= 3;
    }
    if ended {
        length -= 1 + u64::from(cr_before_lf);
        // A line cut short in the buffer no longer ends with its CR LF.
        bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        if cr_before_lf {
            bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        }
    }
    if length > super::MAX_LINE_BYTES as u64 {
        let prefix = &bytes[..SHOWN_PREFIX_BYTES.min(bytes.len())];
        return Item::TooLong {
            line,
            prefix,
            bytes: length,
        };
    }
    utf8_item(line, bytes)
}

/// A line or field held whole in memory: [`Item::TooLong`] over
/// [`super::MAX_LINE_BYTES`], else as [`utf8_item`].
pub(crate) fn whole_item(line: u64, bytes: &[u8]) -> Item<'_> {
    if bytes.len() > super::MAX_LINE_BYTES {
        return Item::TooLong {
            line,
            prefix: &bytes[..SHOWN_PREFIX_BYTES],
            bytes: bytes.len() as u64,
        };
    }
    utf8_item(line, bytes)
}

/// A line or field as [`Item::Text`] when it is UTF-8, else [`Item::NotUtf8`].
fn utf8_item(line: u64, bytes: &[u8]) -> Item<'_> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Item::Text { line, text },
        Err(_) => Item::NotUtf8 { line, bytes },
    }
}

/// One column of a CSV/TSV file with a header row.
struct DelimitedReader<R: BufRead> {
    reader: csv::Reader<SkipBom<R>>,
    column: usize,
    row: csv::ByteRecord,
}

impl<R: BufRead> DelimitedReader<R> {
    fn new(input: R, delimiter: u8, column: &Column) -> io::Result<Self> {
        let mut reader = csv_reader(input, delimiter);
        let header = reader.byte_headers().map_err(io::Error::other)?.clone();
        let column = match column {
            Column::Index(index) => *index,
            Column::Name(name) => find_column(&header, name).ok_or_else(|| {
                let names: Vec<String> = cells(&header).map(|c| String::from_utf8_lossy(c).into_owned()).collect();
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("no column named {name:?} (the header has: {})", names.join(", ")),
                )
            })?,
        };
        Ok(DelimitedReader {
            reader,
            column,
            row: csv::ByteRecord::new(),
        })
    }

    fn next_item(&mut self) -> io::Result<Option<Item<'_>>> {
        loop {
            if !self.reader.read_byte_record(&mut self.row).map_err(io::Error::other)? {
                return Ok(None);
            }
            // The csv crate skips an empty line; a CRLF one reaches us as "\r".
            if !(self.row.len() == 1 && &self.row[0] == b"\r") {
                break;
            }
        }
        let line = self.row.position().map_or(0, |p| p.line());
        // A field over the length limit is whole in memory already (the csv
        // crate holds the row); it is too long all the same.
        Ok(Some(match cells(&self.row).nth(self.column) {
            Some(field) => whole_item(line, field),
            None => Item::MissingColumn {
                line,
                fields: self.row.len(),
            },
        }))
    }
}

fn find_column(header: &csv::ByteRecord, name: &str) -> Option<usize> {
    let exact = cells(header).position(|cell| cell == name.as_bytes());
    exact.or_else(|| cells(header).position(|cell| String::from_utf8_lossy(cell).trim().eq_ignore_ascii_case(name.trim())))
}

/// A reader that drops a UTF-8 byte-order mark at the very start.
struct SkipBom<R> {
    inner: R,
    /// The first bytes read, not yet handed on (`None` before the check).
    start: Option<([u8; 3], usize, usize)>,
}

impl<R: Read> SkipBom<R> {
    fn new(inner: R) -> Self {
        SkipBom { inner, start: None }
    }
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.start.is_none() {
            let mut first = [0u8; 3];
            let mut filled = 0;
            while filled < 3 {
                match self.inner.read(&mut first[filled..])? {
                    0 => break,
                    n => filled += n,
                }
            }
            let skip = if &first[..filled] == b"\xEF\xBB\xBF" { 3 } else { 0 };
            self.start = Some((first, skip, filled));
        }
        if let Some((first, next, filled)) = self.start.as_mut()
            && *next < *filled
        {
            let n = (*filled - *next).min(out.len());
            out[..n].copy_from_slice(&first[*next..*next + n]);
            *next += n;
            return Ok(n);
        }
        self.inner.read(out)
    }
}
