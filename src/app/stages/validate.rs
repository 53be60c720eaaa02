//! Stage 4, Convert/Validate: per label, the Punycode conversion, the
//! characters with the properties the checks use, and the checklist of every
//! criterion of UTS #46 §4.1, the Bidi rule (RFC 5893) and ContextJ (RFC 5892).

use crate::app::inspection::Highlight;
use crate::app::widgets::{
    bidi_text, code_point, describe_char, error_color, glyph_or_badge, highlight_fill, ok_color, status_color,
};
use crate::uts46::{CheckOutcome, CheckResult, Direction, LabelTrace, ProcessTrace};
use eframe::egui;
use egui::{RichText, Ui};

/// Above this many characters a label's character table is cut short (with a notice).
const MAX_CHAR_ROWS: usize = 300;

pub struct ValidateView<'a> {
    pub trace: &'a ProcessTrace,
    pub highlight: Option<Highlight>,
}

impl ValidateView<'_> {
    pub fn ui(self, ui: &mut Ui) {
        egui::ScrollArea::vertical().id_salt("validate").show(ui, |ui| {
            if self.trace.bidi_domain {
                ui.label("The name contains right-to-left text (bidi class R, AL or AN): it is a Bidi domain name, so every label gets the Bidi rule (RFC 5893 §1.4).");
            } else {
                ui.label("No character of bidi class R, AL or AN in the name: the Bidi rule does not apply.");
            }
            for label in &self.trace.labels {
                egui::CollapsingHeader::new(label_title(label))
                    .id_salt(("validate-label", label.index))
                    .default_open(true)
                    .show(ui, |ui| self.label_ui(ui, label));
            }
        });
    }

    fn label_ui(&self, ui: &mut Ui, label: &LabelTrace) {
        if let Some(step) = &label.punycode {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("Starts with xn--: Punycode “{}” decoded", step.decode.input));
                match &step.decode.error {
                    Some(error) => {
                        ui.label(RichText::new(format!("— failed: {error}; the label is kept as it is")).color(error_color(ui)))
                    }
                    None => ui.label(format!("to “{}” (see Encode/Decode)", step.decode.output)),
                };
            });
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("Checked text:");
            bidi_text(ui, &label.converted, |text| RichText::new(text).monospace().size(16.0));
            ui.weak(format!("validated as {:?}", label.validated_as));
        });
        if let Some(direction) = label.direction {
            ui.label(match direction {
                Direction::LeftToRight => "Direction: left-to-right (starts with bidi class L)",
                Direction::RightToLeft => "Direction: right-to-left (starts with bidi class R or AL)",
                Direction::Undetermined => "Direction: undetermined (starts with neither L nor R/AL — rule 1 fails)",
            });
        }
        self.chars_grid(ui, label);
        ui.add_space(4.0);
        self.checklist(ui, label);
        ui.add_space(8.0);
    }

    fn chars_grid(&self, ui: &mut Ui, label: &LabelTrace) {
        let failing = failing_positions(label);
        egui::Grid::new(("label-chars", label.index))
            .striped(true)
            .spacing([10.0, 2.0])
            .show(ui, |ui| {
                for title in ["#", "Glyph", "Code point", "Name", "Status", "Bidi", "Joining", "ccc"] {
                    ui.strong(title);
                }
                ui.end_row();
                for (position, c) in label.chars.iter().enumerate().take(MAX_CHAR_ROWS) {
                    let marked = self.highlight.is_some_and(|h| h.covers(label.index, position)) || failing.contains(&position);
                    let number = RichText::new((position + 1).to_string());
                    if marked {
                        ui.label(number.background_color(highlight_fill(ui)).strong());
                    } else {
                        ui.label(number.weak());
                    }
                    glyph_or_badge(ui, c.code_point);
                    ui.label(code_point(c.code_point));
                    ui.label(c.name.to_string());
                    ui.label(RichText::new(c.status.as_str()).color(status_color(ui, c.status)));
                    ui.label(RichText::new(c.bidi_class).monospace());
                    ui.label(RichText::new(c.joining_type).monospace());
                    ui.label(RichText::new(c.combining_class.to_string()).monospace());
                    ui.end_row();
                }
            });
        if label.chars.len() > MAX_CHAR_ROWS {
            ui.weak(format!("… {} more characters not shown.", label.chars.len() - MAX_CHAR_ROWS));
        }
    }

    fn checklist(&self, ui: &mut Ui, label: &LabelTrace) {
        ui.strong("Checklist");
        egui::Grid::new(("checklist", label.index))
            .striped(true)
            .spacing([10.0, 3.0])
            .show(ui, |ui| {
                for check in &label.checks {
                    check_row(ui, label, check);
                    ui.end_row();
                }
            });
    }
}

fn label_title(label: &LabelTrace) -> String {
    let failed = label
        .checks
        .iter()
        .filter(|check| matches!(check.outcome, CheckOutcome::Fail(_)))
        .count();
    let verdict = if failed == 0 {
        "all checks pass".to_string()
    } else {
        format!("{failed} check(s) fail")
    };
    let text = if label.converted.is_empty() {
        "(empty)"
    } else {
        label.converted.as_str()
    };
    format!("Label {}: {text} — {verdict}", label.index + 1)
}

fn failing_positions(label: &LabelTrace) -> Vec<usize> {
    label
        .checks
        .iter()
        .filter_map(|check| match &check.outcome {
            CheckOutcome::Fail(positions) => Some(positions.iter().copied()),
            _ => None,
        })
        .flatten()
        .collect()
}

fn check_row(ui: &mut Ui, label: &LabelTrace, check: &CheckResult) {
    let code = check.code;
    let (mark, color) = match &check.outcome {
        CheckOutcome::Pass => ("✔ pass", ok_color(ui)),
        CheckOutcome::Fail(_) => ("✖ fail", error_color(ui)),
        CheckOutcome::NotApplicable(_) => ("– n/a", ui.visuals().weak_text_color()),
        CheckOutcome::Disabled(_) => ("○ off", ui.visuals().weak_text_color()),
    };
    ui.label(RichText::new(mark).color(color).strong());
    ui.label(RichText::new(code.as_str()).monospace().strong());
    ui.label(code.rule()).on_hover_text(code.spec_reference());
    match &check.outcome {
        CheckOutcome::Pass => ui.weak(code.spec_reference()),
        CheckOutcome::Fail(positions) => {
            let at = if positions.is_empty() {
                "the whole label".to_string()
            } else {
                let chars: Vec<String> = positions
                    .iter()
                    .map(|&p| format!("char {} {}", p + 1, describe_char(&label.converted, p).unwrap_or_default()))
                    .collect();
                chars.join(", ")
            };
            let text =
                RichText::new(format!("at {at}. {} ({})", code.explanation(), code.spec_reference())).color(error_color(ui));
            ui.add(egui::Label::new(text).wrap())
        }
        CheckOutcome::NotApplicable(reason) => ui.weak(format!("not applicable: {reason}")),
        CheckOutcome::Disabled(flag) => ui.weak(format!("switched off by {flag}")),
    };
}
