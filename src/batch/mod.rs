//! Batch conversion: one record per input line, in order, for the CLI `batch`
//! command and the GUI batch view alike.
//!
//! - [`reader`] splits the input into items: lines of a text file (LF only; a
//!   CR before it dropped; U+2028/U+2029 are data; a leading UTF-8 BOM
//!   skipped) or one column of a CSV/TSV file (the `csv` crate).
//! - [`record_for_item`] turns one item into a [`Record`] with the engine's
//!   ToUnicode, ToASCII N and ToASCII T and their error codes. Blank lines
//!   and `#` comments of a text file, lines that are not UTF-8 and lines over
//!   [`MAX_LINE_BYTES`] become records too, with a [`Note`] saying why they
//!   were not converted: nothing is dropped.
//! - [`writer`] writes records as JSONL, CSV or TSV; [`Summary`] counts them.

pub mod reader;
mod record;
mod summary;
pub mod writer;

pub use reader::{Column, InputFormat, Item, ItemReader, LineReader};
pub use record::{CodeSet, Note, Record, ResultKind};
pub use summary::Summary;
pub use writer::{Format, RecordWriter};

use crate::profiles::{self, Profile, ProfileColumns};
use crate::spoof::{self, ProtectedList};
use crate::uts46::{Conversion, Options, Results, Uts46};
use std::io::{self, BufRead};
use std::ops::ControlFlow;

thread_local! {
    /// Where the Unicode fast path writes a record's strings before the record
    /// copies them into its own exact-size allocation: one buffer per thread,
    /// reused for every line, so a line costs one allocation and no regrowth.
    /// Lines are at most [`MAX_LINE_BYTES`], which bounds its size.
    static SCRATCH: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The error text recorded for a line that is not valid UTF-8.
pub const INVALID_UTF8: &str = "invalid UTF-8";

/// The longest line (in bytes) that is converted. A domain name has at most
/// 253 ASCII characters (RFC 1035 §2.3.4); 4 KiB leaves room for long Unicode
/// forms and ignorable characters, and keeps hostile input cheap.
pub const MAX_LINE_BYTES: usize = 4096;

/// Converts one item into its record (the function the CLI and the GUI share).
///
/// `skip_comments` marks blank lines and lines starting with `#` as skipped
/// (plain-text input); CSV/TSV fields are always converted.
pub fn record_for_item(engine: &Uts46<'_>, options: &Options, item: &Item<'_>, skip_comments: bool) -> Record {
    record_for_item_checked(engine, options, item, skip_comments, None)
}

/// [`record_for_item`], with the spoof verdict ([`spoof::summarize`]) attached
/// to every converted record when `spoof` holds the protected names to compare with.
pub fn record_for_item_checked(
    engine: &Uts46<'_>,
    options: &Options,
    item: &Item<'_>,
    skip_comments: bool,
    spoof: Option<&ProtectedList>,
) -> Record {
    match item {
        Item::Text { line, bytes } => {
            if skip_comments && bytes.iter().all(|b| b.is_ascii_whitespace()) {
                return Record::noted(*line, &escape_invalid_utf8(bytes), Note::Blank);
            }
            if skip_comments && bytes.starts_with(b"#") {
                return Record::noted(*line, &escape_invalid_utf8(bytes), Note::Comment);
            }
            record_for_line_checked(engine, options, *line, bytes, spoof)
        }
        Item::TooLong { line, prefix, bytes } => too_long(*line, prefix, *bytes),
        Item::MissingColumn { line, fields } => Record::noted(*line, "", Note::MissingColumn(*fields)),
    }
}

/// Converts one input line (raw bytes, without its line ending) into its
/// record: not UTF-8 gives [`Note::InvalidUtf8`] with the bytes escaped, over
/// [`MAX_LINE_BYTES`] gives [`Note::TooLong`]; otherwise the engine's results.
pub fn record_for_line(engine: &Uts46<'_>, options: &Options, line: u64, bytes: &[u8]) -> Record {
    record_for_line_checked(engine, options, line, bytes, None)
}

/// [`record_for_line`] with the spoof verdict, as in [`record_for_item_checked`].
pub fn record_for_line_checked(
    engine: &Uts46<'_>,
    options: &Options,
    line: u64,
    bytes: &[u8],
    spoof: Option<&ProtectedList>,
) -> Record {
    if bytes.len() > MAX_LINE_BYTES {
        let prefix = &bytes[..reader::SHOWN_PREFIX_BYTES];
        return too_long(line, prefix, bytes.len() as u64);
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Record::noted(line, &escape_invalid_utf8(bytes), Note::InvalidUtf8);
    };
    if let Some(name) = engine.valid_ascii_name(text, options) {
        let mut record = Record::valid_ascii(line, text, &name);
        if let Some(protected) = spoof {
            let results = valid_results(&record);
            record.set_spoof(spoof::summarize(engine, text, &results, protected));
        }
        return record;
    }
    let fast = SCRATCH.with_borrow_mut(|buffer| {
        buffer.clear();
        buffer.push_str(text);
        let valid = engine.write_valid_unicode_name(text, options, buffer)?;
        Some(Record::valid_unicode(line, buffer, text.len(), &valid))
    });
    if let Some(mut record) = fast {
        if let Some(protected) = spoof {
            let results = valid_results(&record);
            record.set_spoof(spoof::summarize(engine, text, &results, protected));
        }
        return record;
    }
    let results = engine.process_in_full(text, options);
    let mut record = Record::converted(line, text, &results);
    if let Some(protected) = spoof {
        record.set_spoof(spoof::summarize(engine, text, &results, protected));
    }
    record
}

/// The profile columns of a converted record for the profiles in `selected`
/// ([`profiles::profile_columns`] on its input); `None` for a record that was
/// not converted (skipped, not UTF-8, too long) or when `selected` is empty.
/// The CLI's `batch --profile` and the window's export and table share it.
pub fn profile_columns_for(
    engine: &Uts46<'_>,
    options: &Options,
    record: &Record,
    selected: &[Profile],
) -> Option<ProfileColumns> {
    (!selected.is_empty() && record.note().is_none())
        .then(|| profiles::profile_columns(engine, record.input(), options, selected))
}

/// The engine's results of a record that one of its fast paths found valid.
fn valid_results(record: &Record) -> Results {
    let conversion = |kind| Conversion {
        value: record.result(kind).to_string(),
        errors: Vec::new(),
    };
    Results {
        to_unicode: conversion(ResultKind::ToUnicode),
        to_ascii_n: conversion(ResultKind::ToAsciiN),
        to_ascii_t: conversion(ResultKind::ToAsciiT),
    }
}

/// The record of a line of `bytes` bytes, over [`MAX_LINE_BYTES`]: its start and "…".
fn too_long(line: u64, prefix: &[u8], bytes: u64) -> Record {
    Record::noted(line, &format!("{}…", escape_invalid_utf8(prefix)), Note::TooLong(bytes))
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

/// Converts every item of `items` in order, handing each record and the
/// bytes read so far to `each`; stops early when `each` breaks (the summary
/// then counts the records handed on). The one conversion loop of the CLI
/// and the GUI's background job.
/// `spoof`: compare with these protected names and attach the spoof verdict (`None`: no spoof check).
/// Errors: a read error, or the first error `each` returns.
pub fn convert_each<R: BufRead>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    mut items: ItemReader<R>,
    mut each: impl FnMut(Record, u64) -> io::Result<ControlFlow<()>>,
) -> io::Result<Summary> {
    let skip_comments = items.skips_comments();
    let mut summary = Summary::default();
    while let Some(item) = items.next_item()? {
        let record = record_for_item_checked(engine, options, &item, skip_comments, spoof);
        summary.add(&record);
        if each(record, items.bytes_read())?.is_break() {
            break;
        }
    }
    Ok(summary)
}

/// Converts every item of `items` and writes one record per item to `writer`.
/// Errors: a read or write failure (records written so far stay written).
pub fn run<R: BufRead, W: io::Write>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    items: ItemReader<R>,
    writer: &mut RecordWriter<W>,
) -> io::Result<Summary> {
    convert_each(engine, options, spoof, items, |record, _| {
        writer.write(&record)?;
        Ok(ControlFlow::Continue(()))
    })
}
