//! The spoof report as plain text (the CLI's `explain --spoof`).

use super::{Finding, SpoofReport};
use crate::browsers::Verdict;
use crate::display::{code_point_label, visible};
use crate::names::char_name;
use std::fmt::Write;

/// The whole report: risk and reasons, each browser's verdict, then each
/// label's characters, scripts and findings.
pub fn explain(report: &SpoofReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Spoof check of {:?}", report.input);
    let _ = writeln!(out, "  Risk: {}", report.risk.name());
    for reason in &report.reasons {
        let _ = writeln!(out, "    - {reason}");
    }
    let _ = writeln!(out, "  Browsers:");
    for verdict in report.browsers.all() {
        write_verdict(&mut out, verdict);
    }
    let _ = writeln!(
        out,
        "  ToUnicode {}  ToASCII N {}  ToASCII T {}",
        report.to_unicode, report.to_ascii_n, report.to_ascii_t
    );
    let _ = writeln!(out, "  Skeleton {}  (as written: {})", report.skeleton, report.input_skeleton);
    if let Some(visual) = &report.visual_order {
        let _ = writeln!(out, "  Display order {visual}  (logical order {})", report.to_unicode);
    }
    write_findings(&mut out, "  ", &report.findings);
    for (index, label) in report.labels.iter().enumerate() {
        let _ = writeln!(
            out,
            "\nLabel {} {:?} ({}): scripts {}; restriction level {}; skeleton {:?}",
            index + 1,
            label.unicode,
            label.ascii,
            label.resolved_scripts,
            label.restriction_level,
            label.skeleton
        );
        for info in &label.chars {
            let _ = writeln!(
                out,
                "  {:<8} {:<4} {:<40} script {:<10} extensions {:<20} {} ({})",
                code_point_label(info.c),
                visible(info.c),
                char_name(info.c),
                info.script,
                info.extensions,
                if info.allowed { "allowed" } else { "restricted" },
                info.identifier_type
            );
        }
        write_findings(&mut out, "  ", &label.findings);
    }
    out
}

/// One browser's card: display, rule (upstream name), where, why, what it shows.
pub(crate) fn write_verdict(out: &mut String, verdict: &Verdict) {
    let _ = writeln!(
        out,
        "    {}: {} — {}",
        verdict.browser.name(),
        verdict.display.name(),
        verdict.rule.name()
    );
    let context = verdict.context();
    if !context.is_empty() {
        let _ = writeln!(out, "      {}", context.join("; "));
    }
    let _ = writeln!(out, "      {}", verdict.rule.sentence());
    match verdict.address_bar() {
        Some(shown) => {
            let _ = writeln!(out, "      shows {shown}");
        }
        None => {
            let _ = writeln!(out, "      does not load {}", verdict.shown);
        }
    }
}

fn write_findings(out: &mut String, indent: &str, findings: &[Finding]) {
    for finding in findings {
        let _ = writeln!(
            out,
            "{indent}[{}] {}: {} ({})",
            finding.severity.name(),
            finding.kind.title(),
            finding.message,
            finding.kind.spec()
        );
    }
}
