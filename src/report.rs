//! The whole inspection of one name as a document to paste into a ticket:
//! Markdown, or HTML rendered from that Markdown (pulldown-cmark). The GUI's
//! Copy report / Save report and `explain --format markdown|html` share it.

use crate::display::{code_point_label, code_point_labels, visible};
use crate::registry::{NoRuleset, RegistryCheck};
use crate::spoof::SpoofReport;
use crate::uts46::{CheckOutcome, Conversion, IdnaError, LabelTrace, MapAction, Options, Results, Trace};
use std::fmt::Write;

/// What a report is made of: the engine's results and trace for the name,
/// the options they were computed with, the spoof check of the same results,
/// and the registry (LGR) check when one was asked for.
pub struct Report<'a> {
    /// The UTS #46 options the results and trace were computed with.
    pub options: &'a Options,
    /// The engine's results: ToUnicode, ToASCII N and T, with their errors.
    pub results: &'a Results,
    /// The step-by-step trace of the same run.
    pub trace: &'a Trace,
    /// The spoof check of the same results.
    pub spoof: &'a SpoofReport,
    /// The registry (LGR) check, when one was asked for, or why no tag of
    /// the set asked for fits the name (`--lgr SET`).
    pub registry: Option<&'a Result<RegistryCheck, NoRuleset>>,
    /// What each runtime does with the text as written (a program hands a
    /// runtime the text it has; [`crate::runtimes::run_all`]), when asked
    /// for: the text and the answers.
    pub runtimes: Option<(&'a str, &'a [crate::runtimes::Answer])>,
    /// Where the name was taken from what was pasted
    /// ([`crate::pasted::Pasted::sentence`]), when it is not the text itself.
    pub pasted: Option<&'a str>,
}

impl Report<'_> {
    /// The report as CommonMark with GitHub tables: the input, the three
    /// results, every error with its sentence and spec section, the
    /// per-character table, the validity checklist of each label, the
    /// browser verdicts and spoof findings, the Unicode version and options.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        self.heading(&mut out);
        self.results_section(&mut out);
        self.errors_section(&mut out);
        self.characters_section(&mut out);
        self.checklist_section(&mut out);
        self.browsers_section(&mut out);
        self.spoof_section(&mut out);
        self.registry_section(&mut out);
        self.runtimes_section(&mut out);
        out
    }

    /// [`Report::markdown`] rendered as a standalone HTML document (UTF-8).
    pub fn html(&self) -> String {
        let markdown = self.markdown();
        let parser = pulldown_cmark::Parser::new_ext(&markdown, pulldown_cmark::Options::ENABLE_TABLES);
        let mut body = String::new();
        pulldown_cmark::html::push_html(&mut body, parser);
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>idna-inspector report: {}</title>\n\
             <style>body{{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}}\
             table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px;text-align:left}}\
             code{{background:#f3f3f3}}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
            html_escape(&self.trace.input)
        )
    }

    fn heading(&self, out: &mut String) {
        let _ = writeln!(out, "# idna-inspector report: {}\n", code(&self.trace.input));
        if let Some(sentence) = self.pasted {
            let _ = writeln!(out, "{}\n", text(sentence));
        }
        let _ = writeln!(
            out,
            "- Input: {} ({} code points: {})",
            code(&self.trace.input),
            self.trace.input.chars().count(),
            code_point_labels(&self.trace.input)
        );
        let _ = writeln!(out, "- Mapping table: Unicode {}", text(&self.trace.table_version));
        let _ = writeln!(out, "- Options: {}", self.options);
        let _ = writeln!(out, "- Made by idna-inspector {}\n", env!("CARGO_PKG_VERSION"));
    }

    fn results_section(&self, out: &mut String) {
        let _ = writeln!(out, "## Results\n\n| result | value | errors |\n|---|---|---|");
        for (name, conversion) in [
            ("ToUnicode (UTS #46 §4.3)", &self.results.to_unicode),
            ("ToASCII nontransitional (§4.2)", &self.results.to_ascii_n),
            ("ToASCII transitional (§4.2)", &self.results.to_ascii_t),
        ] {
            let _ = writeln!(
                out,
                "| {name} | {} | {} |",
                cell_code(&conversion.value),
                codes_text(conversion)
            );
        }
        if self.results.transitional_differs() {
            let deviations: Vec<String> = self
                .trace
                .nontransitional
                .map
                .iter()
                .filter(|step| step.action == MapAction::DeviationKept)
                .map(|step| format!("{} {}", code_point_label(step.code_point), text(&step.name.to_string())))
                .collect();
            let _ = writeln!(
                out,
                "\nTransitional and nontransitional processing give different names because of the deviation \
                 character(s) {}: software of either kind reaches a different host (UTS #46 §1.3.2).",
                deviations.join(", ")
            );
        }
        out.push('\n');
    }

    fn errors_section(&self, out: &mut String) {
        let errors = distinct_errors(self.results);
        if errors.is_empty() {
            let _ = writeln!(out, "## Errors\n\nNone.\n");
            return;
        }
        let _ = writeln!(out, "## Errors\n");
        for (error, found_in) in errors {
            let mut place = Vec::new();
            if let Some(label) = error.label {
                place.push(format!("label {}", label + 1));
            }
            if let (Some(label), Some(position)) = (error.label, error.position) {
                let converted = self.trace.nontransitional.labels.get(label).map(|l| l.converted.as_str());
                match converted.and_then(|text| text.chars().nth(position)) {
                    Some(c) => place.push(format!("character {} {}", position + 1, char_text(c))),
                    None => place.push("at the end of the label".to_string()),
                }
            }
            let place = if place.is_empty() {
                String::new()
            } else {
                format!(" ({})", place.join(", "))
            };
            let _ = writeln!(
                out,
                "- **{}**{place}: {} — {}; in {}.",
                error.code.as_str(),
                text(error.code.explanation()),
                text(error.code.spec_reference()),
                found_in.join(", ")
            );
        }
        out.push('\n');
    }

    fn characters_section(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "## Characters (Map, UTS #46 §4 step 1, nontransitional)\n\n\
             | # | character | code point | name | table row | status | IDNA2008 | what happened |\n|---|---|---|---|---|---|---|---|"
        );
        let labels = &self.trace.nontransitional.labels;
        let decoded = |index: usize| {
            labels
                .get(index)
                .filter(|label| label.punycode.as_ref().is_some_and(|step| step.replaced))
        };
        // The label each input code point falls in: the full stops the mapping produces separate them.
        let mut label_index = 0;
        for step in &self.trace.nontransitional.map {
            let mut happened = match step.action {
                MapAction::Replaced | MapAction::DeviationMapped => {
                    format!("{} → {}", step.action.describe(), code_point_labels(&step.output))
                }
                _ => step.action.describe().to_string(),
            };
            if let Some(label) = decoded(label_index).filter(|_| step.output != ".") {
                let _ = write!(happened, "; A-label letter (label {}, decoded below)", label.index + 1);
            }
            label_index += step.output.matches('.').count();
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} |",
                step.index + 1,
                cell_code(&visible(step.code_point)),
                code_point_label(step.code_point),
                text(&step.name.to_string()),
                text(&step.row.range.to_string()),
                step.row.status.as_str(),
                text(step.row.idna2008.as_str()),
                text(&happened)
            );
        }
        out.push('\n');
        for label in (0..labels.len()).filter_map(decoded) {
            let _ = writeln!(
                out,
                "Label {} {} is an A-label; it decodes (UTS #46 §4 step 4.1, RFC 3492) to {}, whose characters the \
                 validity checks see:\n\n\
                 | # | character | code point | name | status | Bidi_Class | Joining_Type |\n|---|---|---|---|---|---|---|",
                label.index + 1,
                code(&label.text),
                code(&label.converted)
            );
            for (position, c) in label.chars.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {} | {} |",
                    position + 1,
                    cell_code(&visible(c.code_point)),
                    code_point_label(c.code_point),
                    text(&c.name.to_string()),
                    c.status.as_str(),
                    c.bidi_class,
                    c.joining_type
                );
            }
            out.push('\n');
        }
    }

    fn checklist_section(&self, out: &mut String) {
        let _ = writeln!(out, "## Validity checklist (UTS #46 §4.1)\n");
        for label in &self.trace.nontransitional.labels {
            let _ = writeln!(
                out,
                "Label {}: {}{}\n",
                label.index + 1,
                code(&label.converted),
                match &label.punycode {
                    Some(step) if step.replaced => format!(", decoded from {}", code(&label.text)),
                    Some(_) => ", not decodable".to_string(),
                    None => String::new(),
                }
            );
            let _ = writeln!(out, "| code | criterion | outcome |\n|---|---|---|");
            for check in &label.checks {
                let _ = writeln!(
                    out,
                    "| {} | {} | {} |",
                    check.code.as_str(),
                    text(check.code.rule()),
                    text(&outcome_text(label, &check.outcome))
                );
            }
            out.push('\n');
        }
    }

    fn browsers_section(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "## Browsers' address bars\n\n| browser | shows | rule | why |\n|---|---|---|---|"
        );
        for verdict in self.spoof.browsers.all() {
            let context = verdict.context();
            let why = match context.is_empty() {
                true => verdict.rule.sentence().to_string(),
                false => format!("{} ({})", verdict.rule.sentence(), context.join("; ")),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                verdict.browser.name(),
                verdict.address_bar().map_or_else(|| "does not load".to_string(), cell_code),
                cell_code(verdict.rule.name()),
                text(&why)
            );
        }
        out.push('\n');
    }

    /// What each runtime does with the name: its outcome, host or error,
    /// rule and sentence, and what would make it pass; then the models' versions.
    fn runtimes_section(&self, out: &mut String) {
        use crate::runtimes::Outcome;
        let Some((asked, answers)) = self.runtimes else { return };
        let _ = writeln!(out, "## Runtimes\n");
        if asked != self.trace.input {
            let _ = writeln!(out, "Asked about the text as written, {}.\n", code(asked));
        }
        let _ = writeln!(
            out,
            "| runtime | does | host or error | rule | why | to pass |\n|---|---|---|---|---|---|"
        );
        for answer in answers {
            let does = match answer.outcome {
                Outcome::Ascii => "looks up",
                Outcome::Raw => "passes on unconverted",
                Outcome::Error => "refuses",
            };
            let what = answer.host.as_deref().or(answer.error.as_deref()).unwrap_or("");
            let hint = answer.runtime.hint(asked, answer).unwrap_or_default();
            let _ = writeln!(
                out,
                "| {} | {does} | {} | {} | {} | {} |",
                cell_code(answer.runtime.id()),
                cell_code(what),
                cell_code(answer.rule),
                text(&answer.sentence),
                text(&hint)
            );
        }
        let _ = writeln!(out, "\nModels (each checked against the running runtime):\n");
        for answer in answers {
            let runtime = answer.runtime;
            let _ = writeln!(
                out,
                "- {}: {}; {}; {}",
                code(runtime.id()),
                text(runtime.call()),
                text(runtime.version()),
                text(runtime.standard())
            );
        }
        out.push('\n');
    }

    /// The LGR check (RFC 7940): the sentence, what decided, each code point,
    /// the index label and the variants.
    fn registry_section(&self, out: &mut String) {
        let check = match self.registry {
            None => return,
            Some(Err(none)) => {
                let _ = writeln!(out, "## Registry ({})\n\n{}\n", text(none.set.name()), text(&none.sentence()));
                return;
            }
            Some(Ok(check)) => check,
        };
        let _ = writeln!(
            out,
            "## Registry ({})\n\nLabel {}: {}\n",
            text(&check.ruleset),
            code(&check.submitted.label),
            text(&check.sentence()),
        );
        match &check.u_label {
            Some(u) => {
                let _ = writeln!(out, "### As written: {}\n", code(&check.submitted.label));
                label_check_section(out, &check.submitted);
                let _ = writeln!(out, "### U-label (after UTS #46 mapping): {}\n", code(&u.label));
                label_check_section(out, u);
            }
            None => label_check_section(out, &check.submitted),
        }
    }

    fn spoof_section(&self, out: &mut String) {
        let _ = writeln!(out, "## Spoof check (UTS #39)\n\nRisk: **{}**\n", self.spoof.risk.name());
        for reason in &self.spoof.reasons {
            let _ = writeln!(out, "- {}", text(reason));
        }
        let findings: Vec<_> = self.spoof.all_findings().collect();
        if !findings.is_empty() {
            let _ = writeln!(out, "\n| finding | severity | characters | detail |\n|---|---|---|---|");
            for finding in findings {
                let chars: Vec<String> = finding
                    .chars
                    .iter()
                    .map(|&c| format!("{} {}", cell_code(&visible(c)), code_point_label(c)))
                    .collect();
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} |",
                    text(finding.kind.title()),
                    finding.severity.name(),
                    chars.join(", "),
                    text(&finding.message)
                );
            }
        }
    }
}

/// Every distinct error of the three results, with the names of the results that record it.
fn distinct_errors(results: &Results) -> Vec<(IdnaError, Vec<&'static str>)> {
    let mut errors: Vec<(IdnaError, Vec<&'static str>)> = Vec::new();
    for (name, conversion) in [
        ("ToUnicode", &results.to_unicode),
        ("ToASCII N", &results.to_ascii_n),
        ("ToASCII T", &results.to_ascii_t),
    ] {
        for error in &conversion.errors {
            match errors.iter_mut().find(|(known, _)| known == error) {
                Some((_, found_in)) => found_in.push(name),
                None => errors.push((*error, vec![name])),
            }
        }
    }
    errors
}

fn codes_text(conversion: &Conversion) -> String {
    if conversion.is_ok() {
        "none".to_string()
    } else {
        conversion
            .codes()
            .iter()
            .map(|code| code.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn outcome_text(label: &LabelTrace, outcome: &CheckOutcome) -> String {
    match outcome {
        CheckOutcome::Pass => "pass".to_string(),
        CheckOutcome::Fail(positions) if positions.is_empty() => "FAIL (the whole label)".to_string(),
        CheckOutcome::Fail(positions) => {
            let at: Vec<String> = positions
                .iter()
                .map(|&p| match label.chars.get(p) {
                    Some(info) => format!("character {} {} {}", p + 1, code_point_label(info.code_point), info.name),
                    None if p >= label.chars.len() => "the end of the label".to_string(),
                    None => format!("position {}", p + 1),
                })
                .collect();
            format!("FAIL at {}", at.join("; "))
        }
        CheckOutcome::NotApplicable(why) => format!("not applicable: {why}"),
        CheckOutcome::Disabled(flag) => format!("off ({flag} is false)"),
    }
}

/// `‘ü’ U+00FC` with the glyph in a code span.
fn char_text(c: char) -> String {
    format!("{} {}", code(&visible(c)), code_point_label(c))
}

/// `value` as a Markdown code span: fenced with more backticks than any run
/// inside it, spaced where it starts or ends with a backtick or a space.
fn code(value: &str) -> String {
    code_span(value, false)
}

/// One label of the LGR check: disposition, what decided, each code point,
/// the index label and the variants (every disposition).
fn label_check_section(out: &mut String, check: &crate::registry::LabelCheck) {
    let e = &check.evaluation;
    let _ = writeln!(
        out,
        "- Disposition: {}; eligible: {}\n- Decided by: {}",
        text(&e.disposition),
        e.eligible,
        text(&check.rule_text())
    );
    if let Some(index) = &e.index_label {
        let _ = writeln!(out, "- Index label: {}", code(index));
    }
    match &e.variants {
        Some(variants) => {
            let _ = writeln!(
                out,
                "- Variant labels: {} ({}); lgr-core's estimate: {} with the label itself\n",
                variants.len(),
                crate::registry::disposition_counts(variants),
                e.variant_estimate
            );
        }
        None => {
            let _ = writeln!(
                out,
                "- Variant labels: not listed; lgr-core's estimate: {} with the label itself\n",
                e.variant_estimate
            );
        }
    }
    let _ = writeln!(out, "| code points | in the repertoire | context rule |\n|---|---|---|");
    for fact in &e.code_points {
        let code_points: Vec<String> = fact.code_points.iter().map(|cp| format!("U+{cp:04X}")).collect();
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            code_points.join(" "),
            if fact.in_repertoire { "yes" } else { "no" },
            text(fact.context.as_deref().unwrap_or(""))
        );
    }
    if let Some(variants) = e.variants.as_ref().filter(|v| !v.is_empty()) {
        let _ = writeln!(out, "\n| variant label | disposition |\n|---|---|");
        for variant in variants {
            let _ = writeln!(out, "| {} | {} |", cell_code(&variant.label), text(&variant.disposition));
        }
    }
    out.push('\n');
}

/// [`code`] for a table cell: `|` escaped (GFM tables take `\|` inside code spans as `|`).
fn cell_code(value: &str) -> String {
    code_span(value, true)
}

fn code_span(value: &str, in_table: bool) -> String {
    if value.is_empty() {
        return "(empty)".to_string();
    }
    let longest = value.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let value = value.replace(['\n', '\r'], " ");
    let value = if in_table { value.replace('|', "\\|") } else { value };
    let pad = if value.starts_with('`') || value.ends_with('`') || value.starts_with(' ') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{value}{pad}{fence}")
}

/// `value` as Markdown text inside a line: the characters that could start
/// markup there (or raw HTML) backslash-escaped, line breaks as spaces.
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\n' | '\r' => out.push(' '),
            // What can open markup mid-line (code, emphasis, links, raw HTML, entities, table cells, strikethrough).
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

fn html_escape(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
