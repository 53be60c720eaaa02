//! Writing records as JSONL, CSV or TSV (the CLI's output and the GUI's export).

use super::record::{Record, ResultKind};
use crate::browsers::Rule;
use crate::profiles::{Profile, ProfileColumns};
use crate::registry::RegistryCheck;
use serde::Serialize;
use std::borrow::Cow;
use std::io::{self, Write};

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

/// One record as the formats write it.
#[derive(Serialize)]
struct Row<'a> {
    line: u64,
    input: &'a str,
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
}

impl<'a> Row<'a> {
    fn of(record: &'a Record<impl AsRef<str>>, columns: Option<&ProfileColumns>) -> Self {
        Row {
            line: record.line,
            input: record.input(),
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
        }
    }
}

/// The columns of the registry check (`--lgr`), for CSV and TSV.
pub const LGR_HEADER: [&str; 9] = [
    "lgr_label",
    "lgr_eligible",
    "lgr_disposition",
    "lgr_invalid_code_points",
    "lgr_rule",
    "lgr_index_label",
    "lgr_variant_count",
    "lgr_variants",
    "lgr_variant_of",
];

/// The [`LGR_HEADER`] cells of `check` (empty for a line without one):
/// variants as `label:disposition`, space-separated.
fn lgr_cells(check: Option<&RegistryCheck>) -> Vec<String> {
    let Some(check) = check else {
        return vec![String::new(); LGR_HEADER.len()];
    };
    let e = &check.evaluation;
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
    vec![
        check.label.clone(),
        e.eligible.to_string(),
        e.disposition.clone(),
        check.invalid_code_points().join(" "),
        check.rule_text(),
        e.index_label.clone().unwrap_or_default(),
        e.variant_count.to_string(),
        variants.unwrap_or_default(),
        held.join(" "),
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
    target: Target<W>,
    formula_safe: bool,
    spoof: bool,
    profiles: Vec<Profile>,
    lgr: bool,
}

enum Target<W: Write> {
    Jsonl(W),
    Delimited(Box<csv::Writer<W>>),
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
        Self::with_extras(format, output, spoof, profiles, false)
    }

    /// As [`RecordWriter::with_profiles`], plus the `LGR_HEADER` columns
    /// (JSONL: an `lgr` field) when `lgr`, filled by [`RecordWriter::write_with_extras`].
    pub fn with_extras(format: Format, output: W, spoof: bool, profiles: &[Profile], lgr: bool) -> io::Result<Self> {
        let target = match format {
            Format::Jsonl => Target::Jsonl(output),
            Format::Csv | Format::Tsv => {
                let delimiter = if format == Format::Csv { b',' } else { b'\t' };
                let mut writer = csv::WriterBuilder::new().delimiter(delimiter).from_writer(output);
                let spoof_header = if spoof { &SPOOF_HEADER[..] } else { &[] };
                let profile_header = profile_header(profiles);
                let lgr_header = if lgr { &LGR_HEADER[..] } else { &[] };
                writer
                    .write_record(
                        HEADER
                            .iter()
                            .chain(spoof_header)
                            .copied()
                            .chain(profile_header.iter().map(String::as_str))
                            .chain(lgr_header.iter().copied()),
                    )
                    .map_err(io::Error::other)?;
                Target::Delimited(Box::new(writer))
            }
        };
        Ok(RecordWriter {
            target,
            formula_safe: false,
            spoof,
            profiles: profiles.to_vec(),
            lgr,
        })
    }

    /// Makes CSV/TSV cells safe to open in a spreadsheet: a cell starting with
    /// `=`, `+`, `-`, `@`, tab or CR gets a leading `'` (OWASP "CSV Injection").
    /// JSONL is never changed.
    pub fn formula_safe(mut self, on: bool) -> Self {
        self.formula_safe = on;
        self
    }

    /// Writes one record.
    pub fn write(&mut self, record: &Record<impl AsRef<str>>) -> io::Result<()> {
        self.write_with_profiles(record, None)
    }

    /// Writes one record with its profile columns (`None`: empty cells, as
    /// for skipped lines).
    pub fn write_with_profiles(&mut self, record: &Record<impl AsRef<str>>, columns: Option<&ProfileColumns>) -> io::Result<()> {
        self.write_with_extras(record, columns, None)
    }

    /// Writes one record with its profile columns and, when the writer has
    /// them, its registry check (`None`: empty cells, or `null` in JSONL).
    pub fn write_with_extras(
        &mut self,
        record: &Record<impl AsRef<str>>,
        columns: Option<&ProfileColumns>,
        lgr: Option<&RegistryCheck>,
    ) -> io::Result<()> {
        let mut row = Row::of(record, columns);
        if self.lgr {
            row.lgr = Some(lgr.map_or(serde_json::Value::Null, RegistryCheck::record));
        }
        match &mut self.target {
            Target::Jsonl(out) => {
                serde_json::to_writer(&mut *out, &row).map_err(io::Error::other)?;
                out.write_all(b"\n")
            }
            Target::Delimited(writer) => {
                let line = row.line.to_string();
                let note = row.note.unwrap_or_default();
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
                let count = if self.spoof { cells.len() } else { HEADER.len() };
                let mut profile_cells: Vec<String> = Vec::new();
                for profile in &self.profiles {
                    let cell = columns.and_then(|c| c.results.iter().find(|cell| cell.profile == *profile));
                    profile_cells.push(cell.map(|c| c.to_ascii.clone()).unwrap_or_default());
                    profile_cells.push(cell.map(|c| c.errors.join(" ")).unwrap_or_default());
                }
                if !self.profiles.is_empty() {
                    profile_cells.push(columns.map(|c| c.disagree.to_string()).unwrap_or_default());
                }
                if self.lgr {
                    profile_cells.extend(lgr_cells(lgr));
                }
                let safe = self.formula_safe;
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

    /// Flushes the output.
    pub fn finish(self) -> io::Result<()> {
        match self.target {
            Target::Jsonl(mut out) => out.flush(),
            Target::Delimited(mut writer) => writer.flush(),
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
