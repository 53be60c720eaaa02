//! Batch conversion: one record per input line, in order, for the CLI `batch`
//! command and the GUI batch view alike.
//!
//! Lines are split on LF only (a CR before the LF is dropped; U+2028/U+2029
//! are data). A UTF-8 byte-order mark at the start of the input is skipped.
//! A line that is not valid UTF-8 still yields a record, with the error
//! [`INVALID_UTF8`] and its bytes shown escaped (`\xFF`).

use crate::uts46::{Conversion, Options, Uts46};
use serde::Serialize;
use std::io::{self, BufRead, Write};

/// The error recorded for a line that is not valid UTF-8.
pub const INVALID_UTF8: &str = "invalid UTF-8";

/// One output record. Field names are the column names of every format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// 1-based line number in the input.
    pub line: u64,
    /// The line as given (invalid UTF-8 bytes escaped as `\xHH`).
    pub input: String,
    pub to_unicode: String,
    pub to_unicode_errors: Vec<String>,
    pub to_ascii_n: String,
    pub to_ascii_n_errors: Vec<String>,
    pub to_ascii_t: String,
    pub to_ascii_t_errors: Vec<String>,
}

/// Converts one input line (raw bytes, without its line ending) into its record.
pub fn record_for_line(engine: &Uts46<'_>, options: &Options, line: u64, bytes: &[u8]) -> Record {
    let Ok(text) = std::str::from_utf8(bytes) else {
        let invalid = vec![INVALID_UTF8.to_string()];
        return Record {
            line,
            input: escape_invalid_utf8(bytes),
            to_unicode: String::new(),
            to_unicode_errors: invalid.clone(),
            to_ascii_n: String::new(),
            to_ascii_n_errors: invalid.clone(),
            to_ascii_t: String::new(),
            to_ascii_t_errors: invalid,
        };
    };
    let results = engine.process(text, options);
    let codes = |conversion: &Conversion| conversion.codes().iter().map(|c| c.as_str().to_string()).collect();
    Record {
        line,
        input: text.to_string(),
        to_unicode_errors: codes(&results.to_unicode),
        to_ascii_n_errors: codes(&results.to_ascii_n),
        to_ascii_t_errors: codes(&results.to_ascii_t),
        to_unicode: results.to_unicode.value,
        to_ascii_n: results.to_ascii_n.value,
        to_ascii_t: results.to_ascii_t.value,
    }
}

/// The valid UTF-8 parts of `bytes` as they are, each invalid byte as `\xHH`.
pub fn escape_invalid_utf8(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02X}"));
        }
    }
    out
}

/// Reads lines as raw bytes: split on LF, CR before LF dropped, a leading
/// UTF-8 BOM skipped. Memory is bounded by the longest line.
pub struct LineReader<R> {
    reader: R,
    line: u64,
    buffer: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// Wraps a buffered reader (a file, standard input, or bytes in memory).
    pub fn new(reader: R) -> Self {
        LineReader {
            reader,
            line: 0,
            buffer: Vec::new(),
        }
    }

    /// The next line as `(1-based number, bytes)`, or `None` at the end.
    /// Errors: the underlying read error.
    pub fn next_line(&mut self) -> io::Result<Option<(u64, &[u8])>> {
        self.buffer.clear();
        if self.reader.read_until(b'\n', &mut self.buffer)? == 0 {
            return Ok(None);
        }
        self.line += 1;
        let mut bytes = &self.buffer[..];
        if self.line == 1 {
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        if let Some(without_lf) = bytes.strip_suffix(b"\n") {
            bytes = without_lf.strip_suffix(b"\r").unwrap_or(without_lf);
        }
        Ok(Some((self.line, bytes)))
    }
}

/// The batch output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One JSON object per line; error lists as arrays.
    Jsonl,
    /// Comma-separated with a header row; error lists space-separated in one cell.
    Csv,
    /// Tab-separated with a header row; error lists space-separated in one cell.
    Tsv,
}

/// Writes records in one [`Format`].
pub struct RecordWriter<W: Write> {
    target: Target<W>,
}

enum Target<W: Write> {
    Jsonl(W),
    Delimited(csv::Writer<W>),
}

const HEADER: [&str; 8] = [
    "line",
    "input",
    "to_unicode",
    "to_unicode_errors",
    "to_ascii_n",
    "to_ascii_n_errors",
    "to_ascii_t",
    "to_ascii_t_errors",
];

impl<W: Write> RecordWriter<W> {
    /// Starts the output (writing the header row for CSV and TSV).
    pub fn new(format: Format, output: W) -> io::Result<Self> {
        let target = match format {
            Format::Jsonl => Target::Jsonl(output),
            Format::Csv | Format::Tsv => {
                let delimiter = if format == Format::Csv { b',' } else { b'\t' };
                let mut writer = csv::WriterBuilder::new().delimiter(delimiter).from_writer(output);
                writer.write_record(HEADER).map_err(io::Error::other)?;
                Target::Delimited(writer)
            }
        };
        Ok(RecordWriter { target })
    }

    /// Writes one record.
    pub fn write(&mut self, record: &Record) -> io::Result<()> {
        match &mut self.target {
            Target::Jsonl(out) => {
                serde_json::to_writer(&mut *out, record).map_err(io::Error::other)?;
                out.write_all(b"\n")
            }
            Target::Delimited(writer) => {
                let line = record.line.to_string();
                let joined = |codes: &[String]| codes.join(" ");
                writer
                    .write_record([
                        line.as_str(),
                        &record.input,
                        &record.to_unicode,
                        &joined(&record.to_unicode_errors),
                        &record.to_ascii_n,
                        &joined(&record.to_ascii_n_errors),
                        &record.to_ascii_t,
                        &joined(&record.to_ascii_t_errors),
                    ])
                    .map_err(io::Error::other)
            }
        }
    }

    /// Flushes the output.
    pub fn finish(self) -> io::Result<()> {
        match self.target {
            Target::Jsonl(mut out) => out.flush(),
            Target::Delimited(mut writer) => writer.flush(),
        }
    }
}

/// Summary counts of a batch run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub lines: u64,
    /// Lines whose nontransitional ToASCII recorded an error.
    pub with_errors: u64,
    pub invalid_utf8: u64,
}

/// Converts every line of `input` and writes one record per line to `writer`.
/// Errors: a read or write failure (records written so far stay written).
pub fn run<R: BufRead, W: Write>(
    engine: &Uts46<'_>,
    options: &Options,
    input: R,
    writer: &mut RecordWriter<W>,
) -> io::Result<Summary> {
    let mut lines = LineReader::new(input);
    let mut summary = Summary::default();
    while let Some((line, bytes)) = lines.next_line()? {
        let record = record_for_line(engine, options, line, bytes);
        summary.lines += 1;
        summary.with_errors += u64::from(!record.to_ascii_n_errors.is_empty());
        summary.invalid_utf8 += u64::from(record.to_ascii_n_errors.iter().any(|e| e == INVALID_UTF8));
        writer.write(&record)?;
    }
    Ok(summary)
}
