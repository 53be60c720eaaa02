//! The "Spoof check" panel: the risk level and its reasons, one card per
//! browser (Unicode or Punycode, the rule that decided), the input with the
//! offending characters highlighted, and per label the characters' scripts
//! and UTS #39 properties and the findings. It only reads a [`SpoofReport`].

use super::lookalikes_view::LookalikesWindow;
use super::protected::ProtectedPanel;
use super::widgets::{bidi_text, char_strip, code_point, error_color, glyph_or_badge, highlight_fill, ok_color};
use crate::browsers::Verdict;
use crate::names::char_name;
use crate::spoof::{Display, Finding, LabelSpoof, Risk, Severity, SpoofReport};
use eframe::egui;
use egui::{Color32, RichText, Ui};

/// Above this many characters a label's character table is cut short.
const MAX_CHAR_ROWS: usize = 300;

pub struct SpoofView<'a> {
    pub report: &'a SpoofReport,
}

impl SpoofView<'_> {
    pub fn ui(self, ui: &mut Ui, protected: &mut ProtectedPanel, lookalikes: &mut LookalikesWindow) {
        let report = self.report;
        egui::ScrollArea::vertical().id_salt("spoof").show(ui, |ui| {
            self.verdict(ui);
            lookalike_buttons(ui, report, protected, lookalikes);
            let count = protected.list().names().len();
            let title = if count == 0 {
                "Protected names (none yet: add your brands to catch look-alikes)".to_string()
            } else {
                format!("Protected names ({count})")
            };
            egui::CollapsingHeader::new(title)
                .id_salt("protected-names")
                .default_open(false)
                .show(ui, |ui| protected.ui(ui));
            ui.add_space(6.0);
            let offending = report.offending_chars();
            ui.horizontal(|ui| {
                ui.strong("As written:");
                if offending.is_empty() {
                    ui.weak("no character flagged");
                } else {
                    ui.label(RichText::new("flagged characters highlighted").color(ui.visuals().warn_fg_color));
                }
            });
            let input: Vec<char> = report.input.chars().collect();
            char_strip(ui, &report.input, |i| input.get(i).is_some_and(|c| offending.contains(c)));
            ui.horizontal_wrapped(|ui| {
                ui.label("Skeleton (UTS #39 §4):");
                ui.monospace(&report.skeleton);
                if report.input_skeleton != report.skeleton {
                    ui.weak("as written:");
                    ui.monospace(&report.input_skeleton);
                }
            });
            if report.visual_order.is_some() {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Displayed as:");
                    bidi_text(ui, &report.to_unicode, |text| RichText::new(text).monospace().size(16.0));
                });
            }
            findings_list(ui, &report.findings);
            for (index, label) in report.labels.iter().enumerate() {
                egui::CollapsingHeader::new(label_title(index, label))
                    .id_salt(("spoof-label", index))
                    .default_open(true)
                    .show(ui, |ui| label_ui(ui, index, label, &offending));
            }
        });
    }

    fn verdict(&self, ui: &mut Ui) {
        let report = self.report;
        ui.horizontal(|ui| {
            let (text, color) = risk_badge(ui, report.risk);
            egui::Frame::new()
                .fill(color)
                .corner_radius(4.0)
                .inner_margin(egui::Margin::symmetric(8, 3))
                .show(ui, |ui| {
                    ui.label(RichText::new(text).strong().size(16.0).color(Color32::WHITE))
                });
            ui.label(RichText::new("What the address bar shows:").strong());
        });
        ui.horizontal_wrapped(|ui| {
            for verdict in report.browsers.all() {
                browser_card(ui, verdict);
            }
        });
        for reason in &report.reasons {
            ui.label(format!("• {reason}"));
        }
        if report.reasons.is_empty() {
            ui.label("• Nothing suspicious: each label is in one script and imitates no other name.");
        }
    }
}

/// "Look-alikes of …" for the name inspected and for each protected name:
/// opens the look-alike audit of that name.
fn lookalike_buttons(ui: &mut Ui, report: &SpoofReport, protected: &ProtectedPanel, window: &mut LookalikesWindow) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Which names imitating it could someone register?");
        let hover = "The look-alike audit: what each browser shows, the risk and the registry's verdict";
        if !report.to_unicode.is_empty()
            && ui
                .button(format!("Look-alikes of {}…", report.to_unicode))
                .on_hover_text(hover)
                .clicked()
        {
            window.open_for(&report.to_unicode);
        }
        for name in protected.list().names().iter().take(6) {
            if name.unicode != report.to_unicode && ui.button(format!("of {}…", name.unicode)).on_hover_text(hover).clicked() {
                window.open_for(&name.unicode);
            }
        }
    });
}

/// One browser's verdict as a card: Unicode or Punycode, the rule (its
/// upstream name) with its sentence on hover, the label and what triggered it.
fn browser_card(ui: &mut Ui, verdict: &Verdict) {
    let color = match verdict.display {
        Display::Unicode => ok_color(ui),
        Display::Punycode | Display::Rejected => error_color(ui),
    };
    let word = match verdict.display {
        Display::Rejected => "Rejected",
        display => display.title(),
    };
    egui::Frame::group(ui.style())
        .inner_margin(egui::Margin::same(6))
        .show(ui, |ui| {
            ui.set_max_width(360.0);
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    ui.strong(verdict.browser.name());
                    ui.label(RichText::new(word).strong().color(color));
                });
                ui.monospace(verdict.rule.name()).on_hover_text(verdict.rule.sentence());
                ui.add(egui::Label::new(RichText::new(verdict.rule.sentence()).small()).wrap());
                let context = verdict.context();
                if !context.is_empty() {
                    ui.add(egui::Label::new(RichText::new(context.join("; ")).small().weak()).wrap());
                }
                ui.horizontal_wrapped(|ui| match verdict.address_bar() {
                    Some(shown) => {
                        ui.small("Shows");
                        bidi_text(ui, shown, |text| RichText::new(text).monospace());
                    }
                    None => {
                        ui.small("Does not load:");
                        bidi_text(ui, &verdict.shown, |text| RichText::new(text).monospace());
                    }
                });
            });
        });
}

/// The badge text and colour of a risk level.
fn risk_badge(ui: &Ui, risk: Risk) -> (&'static str, Color32) {
    match risk {
        Risk::None => ("Risk: none", ok_color(ui)),
        Risk::Low => ("Risk: low", Color32::from_rgb(190, 120, 0)),
        Risk::High => ("Risk: HIGH", error_color(ui)),
    }
}

fn severity_color(ui: &Ui, severity: Severity) -> Color32 {
    match severity {
        Severity::Info => ui.visuals().weak_text_color(),
        Severity::Warning => ui.visuals().warn_fg_color,
        Severity::Danger => error_color(ui),
    }
}

fn label_title(index: usize, label: &LabelSpoof) -> String {
    format!(
        "Label {} “{}” · {} · {} · {}",
        index + 1,
        crate::display::visual_order(&label.unicode).unwrap_or_else(|| label.unicode.clone()),
        label.resolved_scripts,
        label.restriction_level,
        label.ascii
    )
}

fn label_ui(ui: &mut Ui, index: usize, label: &LabelSpoof, offending: &[char]) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Skeleton:");
        ui.monospace(&label.skeleton);
    });
    findings_list(ui, &label.findings);
    egui::Grid::new(("spoof-chars", index))
        .striped(true)
        .spacing([10.0, 2.0])
        // Glyphs are drawn larger than the text: rows as tall as a glyph with its highlight.
        .min_row_height(28.0)
        .show(ui, |ui| {
            for title in [
                "Glyph",
                "Code point",
                "Name",
                "Script",
                "Script_Extensions",
                "Identifier status",
            ] {
                ui.strong(title);
            }
            ui.end_row();
            for info in label.chars.iter().take(MAX_CHAR_ROWS) {
                let flagged = offending.contains(&info.c);
                if flagged {
                    egui::Frame::new()
                        .fill(highlight_fill(ui))
                        .corner_radius(3.0)
                        .inner_margin(egui::Margin::symmetric(3, 0))
                        .show(ui, |ui| glyph_or_badge(ui, info.c))
                        .response
                        .on_hover_text("Flagged by a finding above");
                } else {
                    glyph_or_badge(ui, info.c);
                }
                ui.label(code_point(info.c));
                ui.label(char_name(info.c));
                ui.label(info.script);
                ui.label(&info.extensions);
                let status = if info.allowed { "Allowed" } else { "Restricted" };
                let text = RichText::new(format!("{status} ({})", info.identifier_type));
                ui.label(if info.allowed {
                    text
                } else {
                    text.color(ui.visuals().warn_fg_color)
                });
                ui.end_row();
            }
        });
    if label.chars.len() > MAX_CHAR_ROWS {
        ui.weak(format!("… {} more characters not listed", label.chars.len() - MAX_CHAR_ROWS));
    }
}

fn findings_list(ui: &mut Ui, findings: &[Finding]) {
    for finding in findings {
        ui.horizontal_wrapped(|ui| {
            let color = severity_color(ui, finding.severity);
            ui.label(RichText::new(format!("[{}]", finding.severity.name())).color(color).strong());
            ui.label(RichText::new(finding.kind.title()).strong());
            ui.label(&finding.message);
            ui.label(RichText::new(finding.kind.spec()).small().weak());
        });
    }
}
