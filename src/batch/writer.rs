//! Writing records as JSONL, CSV or TSV (the CLI's output and the GUI's export).

use super::record::{Record, ResultKind};
use crate::browsers::Rule;
use crate::lookalikes::Imitation;
use crate::profiles::{Profile, ProfileColumns};
use crate::registry::{NoRuleset, RegistryCheck, lgr_record};
use crate::runtimes::{Answers, Runtime};
use serde::Serialize;
use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

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

/// The column names of every format, in order.
pub(crate) const HEADER: [&str; 9] = [
    "line",
    "input",
    "to_unicode",
    "to_unicode_errors",
    "to_ascii_n",
    "to_ascii_n_errors",
    "to_ascii_t",
    "to_ascii_t_errors",
    "note",
];

/// The columns added when the batch ran the spoof check (`--spoof`): each
/// browser's display (`unicode` or `punycode`) and deciding rule, then our
/// own UTS #39 risk and findings.
pub const SPOOF_HEADER: [&str; 8] = [
    "chromium_display",
    "chromium_rule",
    "firefox_display",
    "firefox_rule",
    "webkit_display",
    "webkit_rule",
    "risk",
    "findings",
];

/// The columns added with protected names (`--protected`): the protected
/// name a record imitates, and the changes that make it (`U+0430 CYRILLIC
/// SMALL LETTER A for a at 2`, joined with `; `). JSONL writes them as
/// `imitates` and a list `edits` on the records that imitate one.
pub const IMITATION_HEADER: [&str; 2] = ["imitates", "edits"];

/// One record as the formats write it.
#[derive(Serialize)]
struct Row<'a> {
    line: u64,
    input: &'a str,
    /// The host taken from the line (a URL, an e-mail address, …), absent
    /// when the line is the name itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    host: Option<&'a str>,
    /// Where it was found: `url`, `email`, `host-port`, `wildcard`, `text`.
    #[serde(skip_serializing_if = "Option::is_none")]
    taken_from: Option<&'static str>,
    to_unicode: &'a str,
    to_unicode_errors: Vec<&'static str>,
    to_ascii_n: &'a str,
    to_ascii_n_errors: Vec<&'static str>,
    to_ascii_t: &'a str,
    to_ascii_t_errors: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    /// Each browser's display, `unicode` / `punycode`, and rule (spoof check only).
    #[serde(skip_serializing_if = "Option::is_none")]
    chromium_display: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chromium_rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    firefox_display: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    firefox_rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    webkit_display: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    webkit_rule: Option<&'static str>,
    /// `none` / `low` / `high` (spoof check only).
    #[serde(skip_serializing_if = "Option::is_none")]
    risk: Option<&'static str>,
    /// Finding codes (spoof check only).
    #[serde(skip_serializing_if = "Option::is_none")]
    findings: Option<Vec<&'static str>>,
    /// The protected name imitated (`--protected`, a look-alike only).
    #[serde(skip_serializing_if = "Option::is_none")]
    imitates: Option<&'a str>,
    /// The changes that make it imitate that name.
    #[serde(skip_serializing_if = "Option::is_none")]
    edits: Option<Vec<String>>,
    /// Per selected profile (`--profile`): its ToASCII and error codes, keyed by the profile's CLI name.
    #[serde(skip_serializing_if = "Option::is_none")]
    profiles: Option<serde_json::Map<String, serde_json::Value>>,
    /// Whether any two profiles disagree (`--profile` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    profiles_disagree: Option<bool>,
    /// The registry check (`--lgr`): [`RegistryCheck::record`], or null when
    /// the line has no label to check.
    #[serde(skip_serializing_if = "Option::is_none")]
    lgr: Option<serde_json::Value>,
    /// What the runtimes were asked about when a host was taken from the
    /// line (`--runtimes`): `input`, the line as written, which a program
    /// hands a runtime as it has it, while the other fields are of `host`.
    #[serde(skip_serializing_if = "Option::is_none")]
    runtimes_asked: Option<&'static str>,
    // `runtimes` (`--runtimes`) comes last, written by `write_row`:
    // [`Answers::write_json`], or null when the line was not converted.
}

/// The batch's optional additions to one record, made on the converting
/// thread that made the record.
#[derive(Clone, Copy, Debug, Default)]
pub struct Extras<'a> {
    /// `--profile`: the selected profiles' cells.
    pub columns: Option<&'a ProfileColumns>,
    /// `--lgr`: the registry check, or why no ruleset fits the name (`--lgr SET`).
    pub lgr: Option<&'a Result<RegistryCheck, NoRuleset>>,
    /// `--runtimes`: every runtime's answer.
    pub runtimes: Option<&'a Answers>,
    /// `--protected`: the protected name imitated and the changes.
    pub imitation: Option<&'a Imitation>,
}

/// Which columns (CSV, TSV) or fields (JSONL) a writer adds to each record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Columns {
    /// `--spoof`: the `SPOOF_HEADER` columns.
    pub spoof: bool,
    /// `--profile`: two columns per profile and `profiles_disagree`.
    pub profiles: Vec<Profile>,
    /// `--lgr`: the `LGR_HEADER` columns.
    pub lgr: bool,
    /// `--runtimes`: `<id>_outcome` and `<id>_host` per runtime.
    pub runtimes: bool,
    /// `--protected`: the `IMITATION_HEADER` columns, after the spoof columns.
    pub imitation: bool,
}

/// The `--runtimes` columns: `<id>_outcome` and `<id>_host` for each runtime.
pub fn runtimes_header() -> Vec<String> {
    Runtime::ALL
        .iter()
        .flat_map(|r| [format!("{}_outcome", r.id()), format!("{}_host", r.id())])
        .collect()
}

impl<'a> Row<'a> {
    fn of(record: &'a Record<impl AsRef<str>>, columns: Option<&ProfileColumns>) -> Self {
        Row {
            line: record.line,
            input: record.pasted().map_or(record.input(), |(line, _)| line),
            host: record.pasted().map(|_| record.input()),
            taken_from: record.pasted().map(|(_, from)| from.name()),
            to_unicode: record.result(ResultKind::ToUnicode),
            to_unicode_errors: record.error_texts(ResultKind::ToUnicode),
            to_ascii_n: record.result(ResultKind::ToAsciiN),
            to_ascii_n_errors: record.error_texts(ResultKind::ToAsciiN),
            to_ascii_t: record.result(ResultKind::ToAsciiT),
            to_ascii_t_errors: record.error_texts(ResultKind::ToAsciiT),
            note: record.note().map(|note| note.to_string()),
            chromium_display: record.spoof().map(|s| Rule::from(s.browsers.chromium).display().name()),
            chromium_rule: record.spoof().map(|s| s.browsers.chromium.name()),
            firefox_display: record.spoof().map(|s| Rule::from(s.browsers.firefox).display().name()),
            firefox_rule: record.spoof().map(|s| s.browsers.firefox.name()),
            webkit_display: record.spoof().map(|s| Rule::from(s.browsers.webkit).display().name()),
            webkit_rule: record.spoof().map(|s| s.browsers.webkit.name()),
            risk: record.spoof().map(|s| s.risk.name()),
            findings: record.spoof().map(|s| s.findings.iter().map(|kind| kind.code()).collect()),
            imitates: None,
            edits: None,
            profiles: columns.map(|columns| {
                columns
                    .results
                    .iter()
                    .map(|cell| {
                        let value = serde_json::json!({ "to_ascii": cell.to_ascii, "errors": cell.errors });
                        (cell.profile.cli_name().to_string(), value)
                    })
                    .collect()
            }),
            profiles_disagree: columns.map(|columns| columns.disagree),
            lgr: None,
            runtimes_asked: None,
        }
    }
}

/// The columns of the registry check (`--lgr`), for CSV and TSV.
pub const LGR_HEADER: [&str; 16] = [
    "lgr_ruleset",
    "lgr_label",
    "lgr_eligible",
    "lgr_disposition",
    "lgr_invalid_code_points",
    "lgr_rule",
    "lgr_index_label",
    "lgr_variant_count",
    "lgr_variant_estimate",
    "lgr_variants",
    "lgr_u_label",
    "lgr_u_label_eligible",
    "lgr_u_label_disposition",
    "lgr_u_label_invalid_code_points",
    "lgr_variant_of",
    "lgr_error",
];

/// The [`LGR_HEADER`] cells of `check` (empty for a line without one): the
/// ruleset (`SET/TAG` or the file), the label as submitted, variants as
/// `label:disposition` (every disposition), space-separated; the
/// `lgr_u_label*` cells empty when the U-label is the label as submitted;
/// `lgr_error` only when no tag of the set fits the name (`--lgr SET`).
fn lgr_cells(check: Option<&Result<RegistryCheck, NoRuleset>>) -> Vec<String> {
    let mut cells = vec![String::new(); LGR_HEADER.len()];
    let check = match check {
        None => return cells,
        Some(Err(none)) => {
            cells[0] = none.set.name().to_string();
            cells[1] = none.label.clone();
            cells[LGR_HEADER.len() - 1] = none.sentence();
            return cells;
        }
        Some(Ok(check)) => check,
    };
    let written = &check.submitted;
    let e = &written.evaluation;
    let variants = e.variants.as_ref().map(|variants| {
        variants
            .iter()
            .map(|v| format!("{}:{}", v.label, v.disposition))
            .collect::<Vec<_>>()
            .join(" ")
    });
    let held: Vec<String> = check
        .variant_of
        .iter()
        .map(|h| format!("{}:{}", h.name, h.disposition.as_deref().unwrap_or("?")))
        .collect();
    let u = check.u_label.as_ref();
    vec![
        check.ruleset.clone(),
        written.label.clone(),
        e.eligible.to_string(),
        e.disposition.clone(),
        written.invalid_code_points().join(" "),
        written.rule_text(),
        e.index_label.clone().unwrap_or_default(),
        written.variant_count().map(|n| n.to_string()).unwrap_or_default(),
        e.variant_estimate.to_string(),
        variants.unwrap_or_default(),
        u.map(|u| u.label.clone()).unwrap_or_default(),
        u.map(|u| u.evaluation.eligible.to_string()).unwrap_or_default(),
        u.map(|u| u.evaluation.disposition.clone()).unwrap_or_default(),
        u.map(|u| u.invalid_code_points().join(" ")).unwrap_or_default(),
        held.join(" "),
        String::new(),
    ]
}

/// The two columns of each profile and the closing `profiles_disagree` column (`--profile`).
pub fn profile_header(profiles: &[Profile]) -> Vec<String> {
    let mut header: Vec<String> = profiles
        .iter()
        .flat_map(|p| [format!("{}_ascii", p.cli_name()), format!("{}_errors", p.cli_name())])
        .collect();
    if !profiles.is_empty() {
        header.push("profiles_disagree".to_string());
    }
    header
}

/// Writes records in one [`Format`].
pub struct RecordWriter<W: Write> {
    /// `None` only while [`RecordWriter::write_formatted`] takes the CSV writer apart.
    target: Option<Target<W>>,
    rows: RowFormat,
    /// A JSONL line with runtimes, made here before it is written (kept
    /// from row to row: [`write_row`]).
    line: Vec<u8>,
}

/// How a [`RecordWriter`] lays out each row: its format and columns. A
/// converting thread formats rows with it ([`RowFormat::format`]) while
/// the thread that owns the output writes them in order
/// ([`RecordWriter::write_formatted`]).
#[derive(Clone)]
pub struct RowFormat {
    format: Format,
    formula_safe: bool,
    spoof: bool,
    profiles: Vec<Profile>,
    lgr: bool,
    runtimes: bool,
    imitation: bool,
}

enum Target<W: Write> {
    /// The output itself: JSONL's, and CSV's or TSV's once a row formatted
    /// elsewhere has been written (each row then goes straight to it).
    Raw(W),
    Delimited(Box<csv::Writer<W>>),
}

impl<W: Write> Target<W> {
    /// The target for `format` on `output`; nothing is written yet.
    /// `row_only`: the CSV writer's buffer is sized for one row.
    fn new(format: Format, output: W, row_only: bool) -> Self {
        match format {
            Format::Jsonl => Target::Raw(output),
            Format::Csv | Format::Tsv => {
                let delimiter = if format == Format::Csv { b',' } else { b'\t' };
                let mut builder = csv::WriterBuilder::new();
                builder.delimiter(delimiter);
                if row_only {
                    // Kept between rows of writers with other columns (flexible
                    // only lifts the check that every row has as many fields).
                    builder.buffer_capacity(ROW_BUFFER_BYTES).flexible(true);
                }
                Target::Delimited(Box::new(builder.from_writer(output)))
            }
        }
    }
}

impl<W: Write> RecordWriter<W> {
    /// Starts the output (writing the header row for CSV and TSV).
    pub fn new(format: Format, output: W) -> io::Result<Self> {
        Self::with_columns(format, output, false)
    }

    /// Starts the output; `spoof` adds the `SPOOF_HEADER` columns (empty
    /// cells for records without a spoof verdict). JSONL writes the spoof
    /// fields of every record that has them either way.
    pub fn with_columns(format: Format, output: W, spoof: bool) -> io::Result<Self> {
        Self::with_profiles(format, output, spoof, &[])
    }

    /// As [`RecordWriter::with_columns`], plus `profile_header` columns for
    /// `profiles` (filled by [`RecordWriter::write_with_profiles`]).
    pub fn with_profiles(format: Format, output: W, spoof: bool, profiles: &[Profile]) -> io::Result<Self> {
        let columns = Columns {
            spoof,
            profiles: profiles.to_vec(),
            ..Columns::default()
        };
        Self::with_extras(format, output, &columns)
    }

    /// Starts the output with `columns`: the spoof, profile, `LGR_HEADER`
    /// and runtime columns (JSONL: their fields), filled by
    /// [`RecordWriter::write_with_extras`].
    pub fn with_extras(format: Format, output: W, columns: &Columns) -> io::Result<Self> {
        let mut target = Target::new(format, output, false);
        if let Target::Delimited(writer) = &mut target {
            let spoof_header = if columns.spoof { &SPOOF_HEADER[..] } else { &[] };
            let imitation_header = if columns.imitation { &IMITATION_HEADER[..] } else { &[] };
            let profile_header = profile_header(&columns.profiles);
            let lgr_header = if columns.lgr { &LGR_HEADER[..] } else { &[] };
            let runtimes_header = if columns.runtimes { runtimes_header() } else { Vec::new() };
            writer
                .write_record(
                    HEADER
                        .iter()
                        .chain(spoof_header)
                        .chain(imitation_header)
                        .copied()
                        .chain(profile_header.iter().map(String::as_str))
                        .chain(lgr_header.iter().copied())
                        .chain(runtimes_header.iter().map(String::as_str)),
                )
                .map_err(io::Error::other)?;
        }
        let rows = RowFormat {
            format,
            formula_safe: false,
            spoof: columns.spoof,
            profiles: columns.profiles.clone(),
            lgr: columns.lgr,
            runtimes: columns.runtimes,
            imitation: columns.imitation,
        };
        Ok(RecordWriter {
            target: Some(target),
            rows,
            line: Vec::new(),
        })
    }

    /// Makes CSV/TSV cells safe to open in a spreadsheet: a cell starting with
    /// `=`, `+`, `-`, `@`, tab or CR gets a leading `'` (OWASP "CSV Injection").
    /// JSONL is never changed.
    pub fn formula_safe(mut self, on: bool) -> Self {
        self.rows.formula_safe = on;
        self
    }

    /// How this writer lays out a row, for [`RowFormat::format`] on other threads.
    pub fn row_format(&self) -> RowFormat {
        self.rows.clone()
    }

    /// Writes one record.
    pub fn write(&mut self, record: &Record<impl AsRef<str>>) -> io::Result<()> {
        self.write_with_profiles(record, None)
    }

    /// Writes one record with its profile columns (`None`: empty cells, as
    /// for skipped lines).
    pub fn write_with_profiles(&mut self, record: &Record<impl AsRef<str>>, columns: Option<&ProfileColumns>) -> io::Result<()> {
        let extras = Extras {
            columns,
            ..Extras::default()
        };
        self.write_with_extras(record, &extras)
    }

    /// Writes one record with its extras: the profile columns and, when the
    /// writer has them, its registry check and runtimes (`None`: empty cells,
    /// or `null` in JSONL).
    pub fn write_with_extras(&mut self, record: &Record<impl AsRef<str>>, extras: &Extras<'_>) -> io::Result<()> {
        let target = self.target.as_mut().ok_or_else(lost)?;
        write_row(&self.rows, target, record, extras, &mut self.line)
    }

    /// Writes a row that [`RowFormat::format`] made from this writer's
    /// [`RecordWriter::row_format`], after the rows written so far.
    /// Errors: the output's write error (the first such row also flushes the
    /// CSV header); after one, every later write fails.
    pub fn write_formatted(&mut self, row: &[u8]) -> io::Result<()> {
        if let Some(Target::Delimited(_)) = &self.target {
            // Once: the CSV writer hands back the output with what it holds
            // (the header, rows it wrote) written, and rows go straight to it.
            let Some(Target::Delimited(writer)) = self.target.take() else {
                unreachable!("matched above");
            };
            let output = writer
                .into_inner()
                .map_err(|e| io::Error::new(e.error().kind(), e.error().to_string()))?;
            self.target = Some(Target::Raw(output));
        }
        match self.target.as_mut().ok_or_else(lost)? {
            Target::Raw(output) => output.write_all(row),
            Target::Delimited(_) => unreachable!("replaced above"),
        }
    }

    /// Flushes the output.
    pub fn finish(self) -> io::Result<()> {
        match self.target {
            Some(Target::Raw(mut out)) => out.flush(),
            Some(Target::Delimited(mut writer)) => writer.flush(),
            None => Err(lost()),
        }
    }
}

/// The error of a write after the CSV writer failed to hand back the output.
fn lost() -> io::Error {
    io::Error::other("an earlier write to the output failed")
}

/// The room [`RowFormat::format`] makes for a row, and the CSV writer's
/// buffer there: most rows fit, so the row is not grown step by step.
const ROW_BUFFER_BYTES: usize = 512;

/// [`ROW_BUFFER_BYTES`] of a JSONL row with its `runtimes` object (about
/// a hundred bytes per runtime).
const RUNTIMES_ROW_BYTES: usize = 2560;

impl RowFormat {
    /// One record's row, with its line end, as the writer this came from
    /// would write it: JSONL's object, or the CSV/TSV row without the
    /// header. Errors: as [`RecordWriter::write_with_extras`].
    /// `writers`: the calling worker's, kept from row to row.
    pub fn format(&self, record: &Record<impl AsRef<str>>, extras: &Extras<'_>, writers: &mut RowWriters) -> io::Result<Vec<u8>> {
        if self.format == Format::Jsonl && self.runtimes {
            // The line is made in the row itself, and nothing is copied.
            let mut row = Vec::with_capacity(RUNTIMES_ROW_BYTES);
            write_row(self, &mut Target::Raw(io::sink()), record, extras, &mut row)?;
            return Ok(row);
        }
        if self.format == Format::Jsonl {
            let mut target = Target::Raw(Vec::with_capacity(ROW_BUFFER_BYTES));
            write_row(self, &mut target, record, extras, &mut Vec::new())?;
            let Target::Raw(row) = target else {
                unreachable!("JSONL writes to the output itself");
            };
            return Ok(row);
        }
        // The worker's CSV writer for this format, kept between rows: making
        // one (its buffer, its box) cost more than the row it writes.
        let RowWriters(writers) = writers;
        let at = match writers.iter().position(|writer| writer.format == self.format) {
            Some(at) => at,
            None => {
                let row = Rc::new(RefCell::new(Vec::new()));
                let target = Target::new(self.format, RowSink(Rc::clone(&row)), true);
                writers.push(RowWriter {
                    format: self.format,
                    target,
                    row,
                });
                writers.len() - 1
            }
        };
        let RowWriter { target, row, .. } = &mut writers[at];
        let written = write_row(self, target, record, extras, &mut Vec::new());
        let flushed = match target {
            Target::Delimited(writer) => writer.flush(),
            Target::Raw(_) => Ok(()),
        };
        // Taken whatever happened, so that a failed row is not left for the next.
        let bytes = row.replace(Vec::with_capacity(ROW_BUFFER_BYTES));
        written.and(flushed).map(|()| bytes)
    }
}

/// One worker's CSV and TSV writers for [`RowFormat::format`], each
/// writing into the buffer beside it: a converting thread makes one and
/// hands it to every row it formats.
#[derive(Default)]
pub struct RowWriters(Vec<RowWriter>);

/// A worker's CSV or TSV writer for [`RowFormat::format`], and the buffer it writes into.
struct RowWriter {
    format: Format,
    target: Target<RowSink>,
    row: Rc<RefCell<Vec<u8>>>,
}

/// Where a worker's CSV writer puts the row it writes ([`RowWriters`]).
struct RowSink(Rc<RefCell<Vec<u8>>>);

impl Write for RowSink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes `record`'s row laid out by `rows` to `target`.
/// `line`: where a JSONL line with runtimes is made before it goes to
/// `target` (emptied first).
fn write_row<W: Write>(
    rows: &RowFormat,
    target: &mut Target<W>,
    record: &Record<impl AsRef<str>>,
    extras: &Extras<'_>,
    line: &mut Vec<u8>,
) -> io::Result<()> {
    let Extras {
        columns,
        lgr,
        runtimes,
        imitation,
    } = *extras;
    let mut row = Row::of(record, columns);
    if let Some(imitation) = imitation.filter(|_| rows.imitation) {
        row.imitates = Some(&imitation.protected);
        row.edits = Some(imitation.edits.iter().map(|edit| edit.describe()).collect());
    }
    if rows.lgr {
        row.lgr = Some(lgr.map_or(serde_json::Value::Null, lgr_record));
    }
    if rows.runtimes && record.pasted().is_some() {
        row.runtimes_asked = Some("input");
    }
    match target {
        // The `runtimes` object, the record's last field, is written after
        // the others ([`Answers::write_json`]).
        Target::Raw(out) if rows.format == Format::Jsonl && rows.runtimes => {
            line.clear();
            line.reserve(RUNTIMES_ROW_BYTES);
            serde_json::to_writer(&mut *line, &row).map_err(io::Error::other)?;
            line.pop();
            line.extend_from_slice(b",\"runtimes\":");
            match runtimes {
                Some(answers) => answers.write_json(line),
                None => line.extend_from_slice(b"null"),
            }
            line.extend_from_slice(b"}\n");
            out.write_all(line)
        }
        Target::Raw(out) if rows.format == Format::Jsonl => {
            serde_json::to_writer(&mut *out, &row).map_err(io::Error::other)?;
            out.write_all(b"\n")
        }
        // CSV or TSV after a row formatted elsewhere (by a converting
        // thread): this one is formatted the same way, by a writer of its own.
        Target::Raw(out) => out.write_all(&rows.format(record, extras, &mut RowWriters::default())?),
        Target::Delimited(writer) => {
            let line = row.line.to_string();
            // CSV and TSV have no host columns (a plain name's row is as it
            // was): the note cell says which host the results are of.
            let note = match (row.note, row.host, row.taken_from) {
                (Some(note), ..) => note,
                (None, Some(host), Some(from)) if row.runtimes_asked == Some("input") => {
                    format!("host taken from the line ({from}): {host}; the runtimes were asked about the line as written")
                }
                (None, Some(host), Some(from)) => format!("host taken from the line ({from}): {host}"),
                _ => String::new(),
            };
            let findings = row.findings.unwrap_or_default().join(" ");
            let cells = [
                line.as_str(),
                row.input,
                row.to_unicode,
                &row.to_unicode_errors.join(" "),
                row.to_ascii_n,
                &row.to_ascii_n_errors.join(" "),
                row.to_ascii_t,
                &row.to_ascii_t_errors.join(" "),
                &note,
                row.chromium_display.unwrap_or_default(),
                row.chromium_rule.unwrap_or_default(),
                row.firefox_display.unwrap_or_default(),
                row.firefox_rule.unwrap_or_default(),
                row.webkit_display.unwrap_or_default(),
                row.webkit_rule.unwrap_or_default(),
                row.risk.unwrap_or_default(),
                &findings,
            ];
            let count = if rows.spoof { cells.len() } else { HEADER.len() };
            let mut profile_cells: Vec<String> = Vec::new();
            if rows.imitation {
                profile_cells.push(row.imitates.unwrap_or_default().to_string());
                profile_cells.push(row.edits.as_deref().unwrap_or_default().join("; "));
            }
            for profile in &rows.profiles {
                let cell = columns.and_then(|c| c.results.iter().find(|cell| cell.profile == *profile));
                profile_cells.push(cell.map(|c| c.to_ascii.clone()).unwrap_or_default());
                profile_cells.push(cell.map(|c| c.errors.join(" ")).unwrap_or_default());
            }
            if !rows.profiles.is_empty() {
                profile_cells.push(columns.map(|c| c.disagree.to_string()).unwrap_or_default());
            }
            if rows.lgr {
                profile_cells.extend(lgr_cells(lgr));
            }
            if rows.runtimes {
                for runtime in Runtime::ALL {
                    let answer = runtimes.map(|answers| answers.get(runtime));
                    profile_cells.push(answer.map(|a| a.outcome.id()).unwrap_or_default().to_string());
                    profile_cells.push(answer.and_then(|a| a.host).unwrap_or_default().to_string());
                }
            }
            let safe = rows.formula_safe;
            writer
                .write_record(
                    cells[..count]
                        .iter()
                        .copied()
                        .chain(profile_cells.iter().map(String::as_str))
                        .map(|cell| match if safe { formula_safe(cell) } else { (*cell).into() } {
                            Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
                            Cow::Owned(text) => Cow::Owned(text.into_bytes()),
                        }),
                )
                .map_err(io::Error::other)
        }
    }
}

/// `cell`, with a leading `'` when a spreadsheet would read it as a formula.
pub fn formula_safe(cell: &str) -> Cow<'_, str> {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}").into()
    } else {
        cell.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What serde_json writes for `answers` as a map of maps: per runtime
    /// id, its answer's `error` and `host` where it has them, `outcome`
    /// and `rule`.
    fn serde_jsons(answers: &[crate::runtimes::Answer]) -> String {
        let map: serde_json::Map<String, serde_json::Value> = answers
            .iter()
            .map(|answer| {
                let mut fields = serde_json::Map::new();
                if let Some(error) = &answer.error {
                    fields.insert("error".into(), error.as_str().into());
                }
                if let Some(host) = &answer.host {
                    fields.insert("host".into(), host.as_str().into());
                }
                fields.insert("outcome".into(), serde_json::to_value(answer.outcome).unwrap());
                fields.insert("rule".into(), answer.rule.into());
                (answer.runtime.id().to_string(), fields.into())
            })
            .collect();
        serde_json::to_string(&map).unwrap()
    }

    /// The runtimes object written by hand is the text serde_json gives the
    /// same answers as a map of maps, escapes and all.
    #[test]
    fn the_runtimes_object_is_serde_jsons() {
        for input in [
            "bücher.de",
            "a\"b\\c.com",
            "x\u{1}y.de",
            "ẞ🦄.com",
            "_dmarc.example.com",
            "[::1]",
            "",
        ] {
            let mut answers = crate::runtimes::run_all(input);
            answers[3].error = Some("quote \" backslash \\ tab \t".into());
            let mut written = Vec::new();
            Answers::from(answers.clone()).write_json(&mut written);
            assert_eq!(String::from_utf8(written).unwrap(), serde_jsons(&answers), "{input:?}");
        }
    }

    /// The object of answers the gate gives (a plain name's, written from
    /// the text around each host) is the one serde_json gives the models'
    /// answers on the same name.
    #[test]
    fn the_gates_runtimes_object_is_serde_jsons_of_the_models_answers() {
        let engine = crate::Uts46::new();
        for input in [
            "example.com",
            "bücher.de",
            "Bücher.DE",
            "xn--bcher-kva.de",
            "faß.de",
            "שלום.קום",
            "a-b.c",
        ] {
            let results = engine.process(input, &crate::Options::EVERY_CHECK);
            let known = crate::runtimes::Known::of(&results);
            assert!(known.is_some(), "{input:?} has no error");
            let mut gated = Vec::new();
            crate::runtimes::run_all_knowing(input, known.as_ref()).write_json(&mut gated);
            let models = crate::runtimes::run_all(input);
            assert_eq!(String::from_utf8(gated).unwrap(), serde_jsons(&models), "{input:?}");
        }
    }
}
