//! Stage 2, Normalize: the string before and after NFC with the changed
//! characters highlighted (UTS #46 §4 step 2).

use crate::app::inspection::Highlight;
use crate::app::widgets::{char_strip, highlight_fill};
use crate::display::{changed_span, code_point_labels};
use crate::uts46::ProcessTrace;
use eframe::egui;
use egui::{RichText, Ui};

pub struct NormalizeView<'a> {
    pub trace: &'a ProcessTrace,
    pub highlight: Option<Highlight>,
}

impl NormalizeView<'_> {
    pub fn ui(self, ui: &mut Ui) {
        egui::ScrollArea::vertical().id_salt("normalize").show(ui, |ui| {
            let before = &self.trace.mapped;
            let after = &self.trace.normalized;
            let span = changed_span(before, after);
            match &span {
                Some((old, new)) => {
                    let old_text: String = before.chars().skip(old.start).take(old.len()).collect();
                    let new_text: String = after.chars().skip(new.start).take(new.len()).collect();
                    ui.label(format!(
                        "NFC changed {} code point(s) [{}] into {} [{}].",
                        old.len(),
                        code_point_labels(&old_text),
                        new.len(),
                        code_point_labels(&new_text)
                    ));
                }
                None => {
                    ui.label("NFC changed nothing: the mapped string is already in Normalization Form C.");
                }
            }
            ui.add_space(6.0);
            ui.label(RichText::new("Before NFC (the mapped string)").strong());
            char_strip(ui, before, |index| span.as_ref().is_some_and(|(old, _)| old.contains(&index)));
            ui.add_space(6.0);
            ui.label(RichText::new("After NFC").strong());
            let error_at = self.error_index();
            char_strip(ui, after, |index| {
                span.as_ref().is_some_and(|(_, new)| new.contains(&index)) || error_at == Some(index)
            });
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                egui::Frame::new()
                    .fill(highlight_fill(ui))
                    .inner_margin(4.0)
                    .show(ui, |ui| ui.label("highlighted"));
                ui.weak("= changed by NFC, or the character an error chip points at");
            });
        });
    }

    /// The normalized-string index an error chip points at, for labels not decoded from Punycode.
    fn error_index(&self) -> Option<usize> {
        let highlight = self.highlight?;
        let label = self.trace.labels.get(highlight.label?)?;
        if label.punycode.is_some() {
            return None;
        }
        Some(label.span.0 + highlight.position?)
    }
}
