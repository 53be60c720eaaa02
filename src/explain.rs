//! Renders a [`Trace`] as readable text (the CLI `explain` command). It only
//! reads the trace; it computes nothing of its own.

use crate::display::{code_point_labels, visible};
use crate::pasted::TakenFrom;
use crate::punycode::BootstringTrace;
use crate::uts46::{CheckOutcome, Conversion, LabelTrace, MapAction, Mode, Options, ProcessTrace, Results, Trace};
use std::fmt::Write;

/// `explain --json`: `{"options", "results", "trace"}` of one name; the
/// desktop window's and the web page's inspections serialize the same way.
pub fn json(options: &Options, results: &Results, trace: &Trace) -> serde_json::Value {
    serde_json::json!({ "options": options, "results": results, "trace": trace })
}

/// `value` with `input` (the text as pasted), `host` and `taken_from`
/// when the host inspected was taken from a longer text (a URL, an e-mail
/// address, …: [`crate::pasted::take_host`]); `value` as it is otherwise.
pub fn with_pasted(mut value: serde_json::Value, input: &str, taken: Option<(&str, TakenFrom)>) -> serde_json::Value {
    if let Some((host, from)) = taken {
        value["input"] = input.into();
        value["host"] = host.into();
        value["taken_from"] = from.name().into();
    }
    value
}

/// The whole explanation: results, then each stage, then the Bootstring arithmetic.
pub fn explain(results: &Results, trace: &Trace) -> String {
    let mut out = String::new();
    let count = trace.input.chars().count();
    let _ = writeln!(
        out,
        "Input: {:?} ({count} code points), mapping table Unicode {}",
        trace.input, trace.table_version
    );
    write_results(&mut out, results, trace);
    write_map(&mut out, &trace.nontransitional, &trace.transitional);
    write_normalize(&mut out, &trace.nontransitional);
    write_break(&mut out, &trace.nontransitional);
    write_validate(&mut out, &trace.nontransitional);
    if trace.transitional.output != trace.nontransitional.output {
        let _ = writeln!(
            out,
            "\n(Transitional processing gives {:?}; its checks:)",
            trace.transitional.output
        );
        write_validate(&mut out, &trace.transitional);
    }
    write_to_ascii(&mut out, "nontransitional", &trace.to_ascii_n);
    if trace.to_ascii_t.output != trace.to_ascii_n.output {
        write_to_ascii(&mut out, "transitional", &trace.to_ascii_t);
    }
    out
}

fn write_results(out: &mut String, results: &Results, trace: &Trace) {
    let _ = writeln!(out, "\nResults");
    for (name, conversion) in [
        ("ToUnicode", &results.to_unicode),
        ("ToASCII (nontransitional)", &results.to_ascii_n),
        ("ToASCII (transitional)", &results.to_ascii_t),
    ] {
        let _ = writeln!(out, "  {name:<27} {:<30} {}", conversion.value, error_summary(conversion));
    }
    if results.transitional_differs() {
        let deviations: Vec<String> = trace
            .nontransitional
            .map
            .iter()
            .filter(|step| step.action == MapAction::DeviationKept || step.code_point == '\u{1E9E}')
            .map(|step| format!("U+{:04X} {}", step.code_point as u32, step.name))
            .collect();
        let _ = writeln!(
            out,
            "  Note: transitional and nontransitional processing give different names because of the deviation \
             character(s) {}. A browser using transitional processing goes to a different host than one using \
             nontransitional processing (UTS #46 §1.3.2).",
            deviations.join(", ")
        );
    }
    for error in &results.to_ascii_n.errors {
        let label = error.label.map(|l| format!(" label {}", l + 1)).unwrap_or_default();
        let position = error.position.map(|p| format!(" position {p}")).unwrap_or_default();
        let _ = writeln!(
            out,
            "  [{}]{label}{position}: {} ({})",
            error.code,
            error.code.explanation(),
            error.code.spec_reference()
        );
    }
}

fn error_summary(conversion: &Conversion) -> String {
    if conversion.is_ok() {
        "ok".to_string()
    } else {
        let codes: Vec<&str> = conversion.codes().iter().map(|c| c.as_str()).collect();
        format!("errors [{}]", codes.join(", "))
    }
}

fn write_map(out: &mut String, nontransitional: &ProcessTrace, transitional: &ProcessTrace) {
    let _ = writeln!(out, "\n1. Map (UTS #46 §4 step 1; nontransitional)");
    let _ = writeln!(
        out,
        "  {:>3}  {:<4} {:<8} {:<40} {:<12} {:<11} {:<4} action",
        "#", "char", "code", "name", "table row", "status", "2008"
    );
    for step in &nontransitional.map {
        let _ = writeln!(
            out,
            "  {:>3}  {:<4} U+{:04X}   {:<40} {:<12} {:<11} {:<4} {}{}",
            step.index,
            visible(step.code_point),
            step.code_point as u32,
            truncate(&step.name.to_string(), 40),
            step.row.range,
            step.row.status.as_str(),
            step.row.idna2008.as_str(),
            step.action.describe(),
            if matches!(step.action, MapAction::Replaced | MapAction::DeviationMapped) {
                format!(" → {}", codes_of(&step.output))
            } else {
                String::new()
            }
        );
    }
    for (n, t) in nontransitional.map.iter().zip(&transitional.map) {
        if n.output != t.output {
            let _ = writeln!(
                out,
                "  transitional: U+{:04X} {} becomes {}",
                t.code_point as u32,
                t.name,
                if t.output.is_empty() {
                    "nothing (removed)".to_string()
                } else {
                    codes_of(&t.output)
                }
            );
        }
    }
    let _ = writeln!(out, "  mapped: {:?}", nontransitional.mapped);
}

fn write_normalize(out: &mut String, trace: &ProcessTrace) {
    let _ = writeln!(out, "\n2. Normalize (NFC, UTS #46 §4 step 2)");
    if trace.mapped == trace.normalized {
        let _ = writeln!(out, "  unchanged: {:?}", trace.normalized);
    } else {
        let _ = writeln!(out, "  before: {:?}  [{}]", trace.mapped, codes_of(&trace.mapped));
        let _ = writeln!(out, "  after:  {:?}  [{}]", trace.normalized, codes_of(&trace.normalized));
    }
}

fn write_break(out: &mut String, trace: &ProcessTrace) {
    let _ = writeln!(out, "\n3. Break at U+002E (UTS #46 §4 step 3)");
    for label in &trace.labels {
        let separator = match label.separator {
            Some(c) => format!("; ends at a full stop from U+{:04X} {}", c as u32, crate::names::char_name(c)),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "  label {}: {:?} (code points {}..{}){separator}",
            label.index + 1,
            label.text,
            label.span.0,
            label.span.1
        );
    }
}

fn write_validate(out: &mut String, trace: &ProcessTrace) {
    let mode = if trace.mode == Mode::Transitional {
        "transitional"
    } else {
        "nontransitional"
    };
    let _ = writeln!(out, "\n4. Convert/Validate (UTS #46 §4 step 4, §4.1; {mode})");
    let _ = writeln!(
        out,
        "  bidi domain name: {}",
        if trace.bidi_domain {
            "yes (the Bidi rule applies to every label)"
        } else {
            "no"
        }
    );
    for label in &trace.labels {
        write_label(out, label);
    }
}

fn write_label(out: &mut String, label: &LabelTrace) {
    let _ = writeln!(
        out,
        "  label {}: {:?} checked as {:?}",
        label.index + 1,
        label.converted,
        label.validated_as
    );
    if let Some(step) = &label.punycode {
        let outcome = if step.replaced { "decoded" } else { "not decoded" };
        let _ = writeln!(out, "    Punycode ({outcome}):");
        write_bootstring(out, &step.decode, "    ");
    }
    if let Some(direction) = label.direction {
        let _ = writeln!(out, "    direction: {direction:?}");
    }
    for check in &label.checks {
        let (mark, detail) = match &check.outcome {
            CheckOutcome::Pass => ("pass", String::new()),
            CheckOutcome::Fail(positions) => ("FAIL", failing_chars(label, positions)),
            CheckOutcome::NotApplicable(why) => ("n/a ", format!(" — {why}")),
            CheckOutcome::Disabled(flag) => ("off ", format!(" — {flag} is off")),
        };
        let _ = writeln!(out, "    [{mark}] {:<4} {}{detail}", check.code.as_str(), check.code.rule());
    }
}

fn failing_chars(label: &LabelTrace, positions: &[usize]) -> String {
    if positions.is_empty() {
        return " — whole label".to_string();
    }
    let chars: Vec<String> = positions
        .iter()
        .map(|&p| match label.chars.get(p) {
            Some(info) => format!(
                "{p}: U+{:04X} {} (bidi {})",
                info.code_point as u32, info.name, info.bidi_class
            ),
            None => format!("{p}"),
        })
        .collect();
    format!(" — at {}", chars.join("; "))
}

fn write_to_ascii(out: &mut String, mode: &str, trace: &crate::uts46::AsciiTrace) {
    let _ = writeln!(
        out,
        "\n5. ToASCII ({mode}, UTS #46 §4.2): {:?}, {} characters without a trailing dot",
        trace.output, trace.name_length
    );
    for label in &trace.labels {
        let _ = writeln!(out, "  {:?} → {:?} ({} characters)", label.input, label.output, label.length);
        if let Some(encode) = &label.encode {
            write_bootstring(out, encode, "    ");
        }
    }
}

/// The Bootstring table of one encode or decode (RFC 3492 §6).
fn write_bootstring(out: &mut String, trace: &BootstringTrace, indent: &str) {
    let _ = writeln!(
        out,
        "{indent}basic code points {:?}, delimiter {}",
        trace.basic,
        if trace.delimiter { "yes" } else { "no" }
    );
    for insertion in &trace.insertions {
        let _ = writeln!(
            out,
            "{indent}n=U+{:04X} {} i={} delta={} h={} bias={}",
            insertion.code_point as u32,
            visible(insertion.code_point),
            insertion.i,
            insertion.delta,
            insertion.h,
            insertion.bias
        );
        let _ = writeln!(out, "{indent}  delta {}", insertion.delta_formula());
        for digit in &insertion.digits {
            let q = digit.q.map(|q| format!(" q={q}")).unwrap_or_default();
            let _ = writeln!(
                out,
                "{indent}  k={:<3} t={:<2}{q} digit {:?}={} w={}",
                digit.k, digit.t, digit.digit, digit.value, digit.w
            );
        }
        let a = &insertion.adaptation;
        let _ = writeln!(
            out,
            "{indent}  adapt(delta={}, numpoints={}, firsttime={}) → bias {}",
            a.delta, a.numpoints, a.first_time, a.bias
        );
    }
    if let Some(error) = &trace.error {
        let _ = writeln!(out, "{indent}failed: {error}");
    }
    let _ = writeln!(out, "{indent}output {:?}", trace.output);
}

/// `U+0073 U+0073`, or `(nothing)` for the empty string.
fn codes_of(text: &str) -> String {
    if text.is_empty() {
        "(nothing)".to_string()
    } else {
        code_point_labels(text)
    }
}

fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        text.chars().take(max - 1).chain(['…']).collect()
    }
}
