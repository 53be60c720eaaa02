//! The "Compare profiles" tab: IDNA2003, UTS #46 transitional and
//! nontransitional, IDNA2008 and WHATWG URL side by side (one column each),
//! whether each differs from UTS #46 nontransitional, a sentence for each
//! cause of a difference, and each character's status per profile with its
//! UTS #46 §7 Table 4 row. It only reads a [`Comparison`].

use crate::app::inspection::ProfileChar;
use crate::app::widgets::{bidi_text, code_point, error_color, glyph_or_badge, ok_color};
use crate::profiles::{Comparison, Profile, ProfileResult};
use eframe::egui;
use egui::{RichText, Ui};

pub struct ProfilesView<'a> {
    pub comparison: &'a Comparison,
    pub profile_chars: &'a [ProfileChar],
}

impl ProfilesView<'_> {
    pub fn ui(self, ui: &mut Ui) {
        egui::ScrollArea::vertical().id_salt("profiles").show(ui, |ui| {
            self.results_grid(ui);
            ui.add_space(8.0);
            self.causes(ui);
            ui.add_space(8.0);
            self.characters(ui);
        });
    }

    fn results_grid(&self, ui: &mut Ui) {
        let comparison = self.comparison;
        egui::Grid::new("profiles-grid")
            .striped(true)
            .num_columns(Profile::ALL.len() + 1)
            .min_col_width(120.0)
            .show(ui, |ui| {
                ui.label("");
                for profile in Profile::ALL {
                    ui.strong(profile.name()).on_hover_text(profile.description());
                }
                ui.end_row();
                ui.strong("ToASCII");
                for result in &comparison.results {
                    ui.label(RichText::new(&result.to_ascii).monospace());
                }
                ui.end_row();
                ui.strong("ToUnicode");
                for result in &comparison.results {
                    bidi_text(ui, &result.to_unicode, |text| RichText::new(text).monospace());
                }
                ui.end_row();
                ui.strong("Errors");
                for result in &comparison.results {
                    errors_cell(ui, result);
                }
                ui.end_row();
                ui.strong("vs UTS #46 N").on_hover_text(
                    "ToASCII (ASCII case aside, or success against failure) and ToUnicode, each against UTS #46 nontransitional",
                );
                for result in &comparison.results {
                    let profile = result.profile;
                    if profile == Profile::Uts46Nontransitional {
                        ui.weak("reference");
                        continue;
                    }
                    let ascii = comparison.differs_from_reference(profile);
                    let unicode = comparison.to_unicode_differs_from_reference(profile);
                    let text = match (ascii, unicode) {
                        (false, false) => "same ToASCII and ToUnicode",
                        (true, false) => "ToASCII differs; same ToUnicode",
                        (false, true) => "same ToASCII; ToUnicode differs",
                        (true, true) => "ToASCII and ToUnicode differ",
                    };
                    if ascii || unicode {
                        ui.label(RichText::new(text).color(ui.visuals().warn_fg_color).strong());
                    } else {
                        ui.label(RichText::new(text).color(ok_color(ui)));
                    }
                }
                ui.end_row();
            });
    }

    fn causes(&self, ui: &mut Ui) {
        ui.heading("Why they differ");
        if self.comparison.causes.is_empty() {
            ui.label("No character or rule of this name is treated differently by the profiles.");
        }
        for cause in &self.comparison.causes {
            ui.horizontal_wrapped(|ui| {
                ui.label("•");
                ui.label(&cause.sentence);
                if let Some(row) = cause.bucket {
                    ui.label(RichText::new(format!("Table 4 row {row}")).small().weak());
                }
            });
        }
    }

    fn characters(&self, ui: &mut Ui) {
        let chars: Vec<&ProfileChar> = self.profile_chars.iter().filter(|p| !p.c.is_ascii()).collect();
        if chars.is_empty() {
            return;
        }
        ui.heading("Per character (UTS #46 §7 Table 4)");
        egui::Grid::new("profiles-chars")
            .striped(true)
            .num_columns(Profile::ALL.len() + 3)
            .show(ui, |ui| {
                for title in ["", "Code point", "Row"] {
                    ui.strong(title);
                }
                for profile in Profile::ALL {
                    ui.strong(profile.name());
                }
                ui.end_row();
                for profile_char in chars.into_iter().take(200) {
                    glyph_or_badge(ui, profile_char.c);
                    ui.label(code_point(profile_char.c));
                    match profile_char.bucket {
                        Some(bucket) => ui.label(bucket.letter().to_string()).on_hover_text(bucket.description()),
                        None => ui
                            .weak(format!("– ({})", profile_char.left_out_because.unwrap_or("no row")))
                            .on_hover_text(
                                "Not in Table 4, which leaves out ASCII, unassigned code points, controls and private use",
                            ),
                    };
                    for status in &profile_char.statuses {
                        ui.label(status);
                    }
                    ui.end_row();
                }
            });
    }
}

fn errors_cell(ui: &mut Ui, result: &ProfileResult) {
    if result.ascii_errors.is_empty() {
        ui.vertical(|ui| {
            ui.label(RichText::new("none").color(ok_color(ui)));
            // Validation errors that are no failure (the URL Standard's), shown but not as errors.
            for note in &result.notes {
                ui.label(RichText::new(note.code).monospace().weak())
                    .on_hover_text(format!("{} [{}] (not a failure)", note.sentence, note.spec));
            }
        });
        return;
    }
    ui.vertical(|ui| {
        ui.set_max_width(220.0);
        for code in result.codes() {
            let sentences: Vec<String> = result
                .ascii_errors
                .iter()
                .filter(|e| e.code == code)
                .map(|e| format!("{} [{}]", e.sentence, e.spec))
                .collect();
            ui.label(RichText::new(code).monospace().color(error_color(ui)))
                .on_hover_text(sentences.join("\n"));
            if let Some(first) = sentences.first() {
                ui.add(egui::Label::new(RichText::new(first).small().weak()).wrap());
            }
        }
    });
}
