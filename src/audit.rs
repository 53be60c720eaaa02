//! The `lookalikes` command's output: a table for people, JSON lines or
//! CSV with stable field names ([`FIELDS`]). It only reads an
//! [`Audit`](crate::lookalikes::Audit); the audit is the analysis crate's.

use crate::browsers::Browser;
use crate::lookalikes::{Audit, Candidate, Summary};
use serde::Serialize;
use serde_json::{Value, json};
use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, Write};

/// The fields of a record, in CSV column order (JSON lines use the same names).
pub const FIELDS: [&str; 18] = [
    "unicode",
    "ascii",
    "u_label",
    "technique",
    "chromium_display",
    "chromium_rule",
    "firefox_display",
    "firefox_rule",
    "webkit_display",
    "webkit_rule",
    "risk",
    "findings",
    "lgr",
    "lgr_eligible",
    "lgr_disposition",
    "variant_of_protected",
    "registrable",
    "edits",
];

/// One candidate's record: [`FIELDS`], in that order.
#[derive(Serialize)]
struct Record<'a> {
    unicode: &'a str,
    ascii: &'a str,
    u_label: &'a str,
    technique: &'static str,
    chromium_display: &'static str,
    chromium_rule: &'static str,
    firefox_display: &'static str,
    firefox_rule: &'static str,
    webkit_display: &'static str,
    webkit_rule: &'static str,
    risk: &'static str,
    /// The finding codes, space-separated.
    findings: String,
    /// The ruleset, `SET/TAG` or a file's path.
    lgr: &'a str,
    lgr_eligible: bool,
    lgr_disposition: &'a str,
    /// The disposition as a variant of the protected label; null when it is none.
    variant_of_protected: Option<&'a str>,
    registrable: bool,
    /// Each change from the protected label, e.g. `U+0430 CYRILLIC SMALL LETTER A for a at 2`.
    edits: Vec<String>,
}

impl<'a> Record<'a> {
    fn of(candidate: &'a Candidate) -> Self {
        let [chromium, firefox, webkit] = candidate.browsers.all();
        let registry = &candidate.registry;
        Record {
            unicode: &candidate.unicode,
            ascii: &candidate.ascii,
            u_label: &candidate.u_label,
            technique: candidate.technique.name(),
            chromium_display: chromium.display().name(),
            chromium_rule: chromium.name(),
            firefox_display: firefox.display().name(),
            firefox_rule: firefox.name(),
            webkit_display: webkit.display().name(),
            webkit_rule: webkit.name(),
            risk: candidate.risk.name(),
            findings: candidate.findings.codes(),
            lgr: &registry.ruleset,
            lgr_eligible: registry.eligible,
            lgr_disposition: &registry.disposition,
            variant_of_protected: registry.variant_of_protected.as_deref(),
            registrable: candidate.registrable(),
            edits: candidate.edits.iter().map(|edit| edit.describe()).collect(),
        }
    }

    /// The CSV cells, in [`FIELDS`] order: booleans as `true`/`false`, no
    /// variant as an empty cell, the edits joined with `; `.
    fn cells(&self) -> [Cow<'_, str>; FIELDS.len()] {
        [
            self.unicode.into(),
            self.ascii.into(),
            self.u_label.into(),
            self.technique.into(),
            self.chromium_display.into(),
            self.chromium_rule.into(),
            self.firefox_display.into(),
            self.firefox_rule.into(),
            self.webkit_display.into(),
            self.webkit_rule.into(),
            self.risk.into(),
            self.findings.as_str().into(),
            self.lgr.into(),
            self.lgr_eligible.to_string().into(),
            self.lgr_disposition.into(),
            self.variant_of_protected.unwrap_or_default().into(),
            self.registrable.to_string().into(),
            self.edits.join("; ").into(),
        ]
    }
}

/// The summary line of JSON lines: `{"summary": {…}}` with the protected
/// name, the counts and, per browser, how many it shows in Unicode, as Punycode and rejects.
pub fn summary_record(audit: &Audit) -> Value {
    let s = &audit.summary;
    let mut browsers = serde_json::Map::new();
    for (browser, [unicode, punycode, rejected]) in Browser::ALL.iter().zip(s.displays) {
        browsers.insert(
            browser.key().to_string(),
            json!({ "unicode": unicode, "punycode": punycode, "rejected": rejected }),
        );
    }
    json!({ "summary": {
        "protected": audit.protected,
        "protected_ascii": audit.protected_ascii,
        "label": audit.label,
        "candidates": s.candidates,
        "browsers": browsers,
        "eligible": s.eligible,
        "blocked_variants": s.blocked_variants,
        "registrable": s.registrable,
        "registrable_and_shown_in_unicode": s.matter,
        "high_risk": s.high_risk,
        "truncated": audit.truncated,
    }})
}

/// The summary in sentences (the table's last lines, CSV's on stderr).
pub fn summary_text(audit: &Audit) -> String {
    let s: &Summary = &audit.summary;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} candidates for {} ({}){}: {} registrable and shown in Unicode by at least one browser",
        s.candidates,
        audit.protected,
        audit.protected_ascii,
        if audit.truncated { " (stopped at --max)" } else { "" },
        s.matter
    );
    for (browser, [unicode, punycode, rejected]) in Browser::ALL.iter().zip(s.displays) {
        let _ = writeln!(
            out,
            "  {:<9} Unicode {unicode}, Punycode {punycode}, rejected {rejected}",
            browser.short_name()
        );
    }
    let _ = writeln!(
        out,
        "  registry: {} eligible, {} blocked as variants of {}, {} registrable; risk high: {}",
        s.eligible, s.blocked_variants, audit.label, s.registrable, s.high_risk
    );
    out
}

/// The table: one line per candidate (U-label, A-label, each browser's
/// display, the LGR's verdict, the risk), then the summary.
pub fn write_table(out: &mut impl Write, audit: &Audit) -> io::Result<()> {
    let width = audit
        .candidates
        .iter()
        .map(|c| c.unicode.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    let ascii_width = audit.candidates.iter().map(|c| c.ascii.len()).max().unwrap_or(0).max(7);
    writeln!(
        out,
        "{:<width$}  {:<ascii_width$}  {:<8} {:<8} {:<8} {:<14} risk",
        "U-label", "A-label", "Chromium", "Firefox", "Safari", "LGR"
    )?;
    for candidate in &audit.candidates {
        let [chromium, firefox, webkit] = candidate.browsers.displays().map(|d| d.title());
        let registry = &candidate.registry;
        let lgr = match (&registry.variant_of_protected, registry.eligible) {
            (Some(disposition), _) => format!("variant:{disposition}"),
            (None, true) => registry.disposition.clone(),
            (None, false) => format!("no:{}", registry.disposition),
        };
        let pad = width - candidate.unicode.chars().count();
        writeln!(
            out,
            "{}{:pad$}  {:<ascii_width$}  {chromium:<8} {firefox:<8} {webkit:<8} {lgr:<14} {}",
            candidate.unicode,
            "",
            candidate.ascii,
            candidate.risk.name()
        )?;
    }
    writeln!(out)?;
    write!(out, "{}", summary_text(audit))
}

/// JSON lines: one record per candidate, then [`summary_record`].
pub fn write_jsonl(out: &mut impl Write, audit: &Audit) -> io::Result<()> {
    for candidate in &audit.candidates {
        serde_json::to_writer(&mut *out, &Record::of(candidate)).map_err(io::Error::other)?;
        writeln!(out)?;
    }
    writeln!(out, "{}", summary_record(audit))
}

/// CSV: a header of [`FIELDS`], one row per candidate.
pub fn write_csv(out: impl Write, audit: &Audit) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    writer.write_record(FIELDS)?;
    for candidate in &audit.candidates {
        writer.write_record(Record::of(candidate).cells().iter().map(|cell| cell.as_bytes()))?;
    }
    writer.flush()
}

#[cfg(test)]
mod tests {
    /// The browsers' and the spoof check's fields are named as the batch's
    /// columns of the same facts (`batch --spoof`), in the same order.
    #[test]
    fn the_spoof_fields_are_named_as_the_batch_columns() {
        assert_eq!(super::FIELDS[4..12], crate::batch::writer::SPOOF_HEADER);
    }
}
