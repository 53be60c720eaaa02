//! Stage 3, Break: the labels as chips, each with the separator that ended
//! it (UTS #46 §4 step 3; U+3002, U+FF0E, U+FF61 were mapped to '.').

use crate::app::inspection::Highlight;
use crate::app::widgets::{bidi_text, highlight_fill};
use crate::display::code_point_label;
use crate::names::char_name;
use crate::uts46::ProcessTrace;
use eframe::egui;
use egui::{RichText, Ui};

pub struct BreakView<'a> {
    pub trace: &'a ProcessTrace,
    pub highlight: Option<Highlight>,
}

impl BreakView<'_> {
    pub fn ui(self, ui: &mut Ui) {
        egui::ScrollArea::vertical().id_salt("break").show(ui, |ui| {
            ui.label(format!(
                "The normalized string splits into {} label(s) at U+002E FULL STOP.",
                self.trace.labels.len()
            ));
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                for label in &self.trace.labels {
                    let touched = self.highlight.is_some_and(|h| h.label == Some(label.index));
                    let fill = if touched {
                        highlight_fill(ui)
                    } else {
                        ui.visuals().faint_bg_color
                    };
                    egui::Frame::group(ui.style()).fill(fill).show(ui, |ui| {
                        ui.vertical(|ui| {
                            ui.label(RichText::new(format!("Label {}", label.index + 1)).strong());
                            ui.horizontal(|ui| {
                                if label.text.is_empty() {
                                    ui.weak("(empty)");
                                } else {
                                    bidi_text(ui, &label.text, |text| RichText::new(text).monospace().size(16.0));
                                }
                            });
                            ui.label(
                                RichText::new(format!("{} code point(s)", label.text.chars().count()))
                                    .small()
                                    .weak(),
                            );
                        });
                    });
                    if let Some(separator) = label.separator {
                        separator_chip(ui, separator);
                    }
                }
            });
            if self.trace.labels.last().is_some_and(|label| label.text.is_empty()) && self.trace.labels.len() > 1 {
                ui.add_space(6.0);
                ui.weak("The last label is empty: the name ends with a dot (the DNS root), which ToASCII allows.");
            }
        });
    }
}

/// The separator between two labels, naming the input character it came from.
fn separator_chip(ui: &mut Ui, separator: char) {
    let source = if separator == '.' {
        "U+002E FULL STOP".to_string()
    } else {
        format!("{} {} → '.'", code_point_label(separator), char_name(separator))
    };
    ui.vertical(|ui| {
        ui.label(RichText::new(".").monospace().size(20.0).strong());
        ui.label(RichText::new(source).small());
    });
}
