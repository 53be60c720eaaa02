//! The profile comparison as plain text (the CLI's `explain --profile`).

use super::table4::{self, Bucket};
use super::{Comparison, Profile};
use crate::display::{code_point_label, visible};
use crate::uts46::{Options, Uts46};
use std::fmt::Write as _;

/// The comparison of `selected` profiles: each one's results and errors
/// (with whether it differs from UTS #46 nontransitional), the causes of
/// the differences, and each distinct non-ASCII character's status per
/// profile with its UTS #46 Table 4 row.
pub fn explain(engine: &Uts46<'_>, comparison: &Comparison, selected: &[Profile], options: &Options) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Profiles for {}", comparison.input);
    for result in comparison.results.iter().filter(|r| selected.contains(&r.profile)) {
        let marker = if result.profile == Profile::Uts46Nontransitional {
            "reference"
        } else if comparison.differs_from_reference(result.profile) {
            "differs from UTS #46 N"
        } else {
            "same as UTS #46 N"
        };
        let _ = writeln!(out, "\n{} ({marker})", result.profile.name());
        let _ = writeln!(out, "  {}", result.profile.description());
        let _ = writeln!(out, "  ToASCII:   {}", result.to_ascii);
        let _ = writeln!(out, "  ToUnicode: {}", result.to_unicode);
        if result.ascii_errors.is_empty() {
            let _ = writeln!(out, "  errors:    none");
        }
        for error in &result.ascii_errors {
            let place = match (error.label, error.position) {
                (Some(label), Some(position)) => format!(" (label {label}, position {position})"),
                (Some(label), None) => format!(" (label {label})"),
                _ => String::new(),
            };
            let _ = writeln!(out, "  error {}{place}: {} [{}]", error.code, error.sentence, error.spec);
        }
        for note in &result.notes {
            let _ = writeln!(
                out,
                "  validation error {} (not a failure): {} [{}]",
                note.code, note.sentence, note.spec
            );
        }
        for note in result.unicode_errors.iter().filter(|e| !result.ascii_errors.contains(e)) {
            let _ = writeln!(out, "  ToUnicode note {}: {} [{}]", note.code, note.sentence, note.spec);
        }
    }
    if comparison.causes.is_empty() {
        let _ = writeln!(out, "\nNo character or rule here is treated differently by the profiles.");
    } else {
        let _ = writeln!(out, "\nWhy they differ:");
        for cause in &comparison.causes {
            let row = cause.bucket.map(|b| format!(" [Table 4 row {b}]")).unwrap_or_default();
            let _ = writeln!(out, "  - {}{row}", cause.sentence);
        }
    }
    let chars = crate::display::unique(comparison.input.chars().filter(|c| !c.is_ascii()));
    if !chars.is_empty() {
        let _ = writeln!(out, "\nPer character (UTS #46 §7 Table 4):");
    }
    for c in chars {
        let statuses = table4::char_statuses(engine.table(), c, options.use_std3_ascii_rules);
        let row = table4::bucket(engine.table(), c).map_or("-".to_string(), |b: Bucket| b.letter().to_string());
        let _ = writeln!(out, "  {} {}  row {row}", visible(c), code_point_label(c));
        for (profile, status) in Profile::ALL.iter().zip(&statuses) {
            if selected.contains(profile) {
                let _ = writeln!(out, "      {:<11} {status}", profile.name());
            }
        }
    }
    out
}
