//! The input bar: the domain field (live, paste-friendly), Clear, and the
//! Examples menu.

use super::examples::GROUPS;
use eframe::egui;
use egui::{Id, TextEdit, Ui};

/// The domain being inspected.
#[derive(Default)]
pub struct InputBar {
    pub text: String,
    focus_requested: bool,
}

impl InputBar {
    /// The field's widget id (Ctrl+L focuses it).
    pub fn field_id() -> Id {
        Id::unique("domain-input")
    }

    /// An input bar holding `text`.
    pub fn with_text(text: String) -> Self {
        InputBar {
            text,
            focus_requested: true,
        }
    }

    /// Asks for keyboard focus on the next frame.
    pub fn request_focus(&mut self) {
        self.focus_requested = true;
    }

    pub fn ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let label = ui.strong("Domain");
            let width = (ui.available_width() - 190.0).max(120.0);
            let field = TextEdit::singleline(&mut self.text)
                .id(Self::field_id())
                .hint_text("Type or paste a domain name, e.g. bücher.de")
                .font(egui::TextStyle::Monospace)
                .desired_width(width);
            let response = ui.add(field).labelled_by(label.id);
            if std::mem::take(&mut self.focus_requested) {
                response.request_focus();
            }
            if ui.button("Clear").on_hover_text("Empty the domain field").clicked() {
                self.text.clear();
                response.request_focus();
            }
            self.examples_menu(ui);
        });
    }

    fn examples_menu(&mut self, ui: &mut Ui) {
        ui.menu_button("Examples", |ui| {
            for group in GROUPS {
                ui.menu_button(group.title, |ui| {
                    for example in group.examples {
                        if ui.button(example.label).on_hover_text(example.note).clicked() {
                            self.text = example.input.to_string();
                            ui.close();
                        }
                    }
                });
            }
        });
    }
}
