//! The `lookalikes` command's output: a table for people, JSON lines or
//! CSV with stable field names ([`FIELDS`]). It only reads an
//! [`Audit`](crate::lookalikes::Audit); the audit is the analysis crate's.

use crate::browsers::Browser;
use crate::lookalikes::{Audit, Candidate, Summary};
use serde_json::{Value, json};
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

/// The cells of `candidate`, in [`FIELDS`] order, as text.
fn cells(candidate: &Candidate) -> Vec<String> {
    let mut cells = vec![
        candidate.unicode.clone(),
        candidate.ascii.clone(),
        candidate.u_label.clone(),
        candidate.technique.name().to_string(),
    ];
    for rule in candidate.browsers.all() {
        cells.push(rule.display().name().to_string());
        cells.push(rule.name().to_string());
    }
    let registry = &candidate.registry;
    cells.extend([
        candidate.risk.name().to_string(),
        candidate.findings.codes(),
        registry.ruleset.clone(),
        registry.eligible.to_string(),
        registry.disposition.clone(),
        registry.variant_of_protected.clone().unwrap_or_default(),
        candidate.registrable().to_string(),
        edits(candidate).join("; "),
    ]);
    cells
}

/// Each change from the protected label, e.g. `U+0430 CYRILLIC SMALL LETTER A for a at 2`.
fn edits(candidate: &Candidate) -> Vec<String> {
    candidate.edits.iter().map(|edit| edit.describe()).collect()
}

/// One JSON line of `candidate`: [`FIELDS`], booleans as booleans,
/// `variant_of_protected` null when it is none, `edits` a list.
pub fn record(candidate: &Candidate) -> Value {
    let mut record = serde_json::Map::new();
    for (field, cell) in FIELDS.iter().zip(cells(candidate)) {
        record.insert(field.to_string(), Value::String(cell));
    }
    record.insert("lgr_eligible".into(), candidate.registry.eligible.into());
    record.insert("registrable".into(), candidate.registrable().into());
    record.insert(
        "variant_of_protected".into(),
        candidate.registry.variant_of_protected.clone().into(),
    );
    record.insert("edits".into(), edits(candidate).into());
    Value::Object(record)
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
        writeln!(out, "{}", record(candidate))?;
    }
    writeln!(out, "{}", summary_record(audit))
}

/// CSV: a header of [`FIELDS`], one row per candidate.
pub fn write_csv(out: impl Write, audit: &Audit) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(out);
    writer.write_record(FIELDS)?;
    for candidate in &audit.candidates {
        writer.write_record(cells(candidate))?;
    }
    writer.flush()
}
