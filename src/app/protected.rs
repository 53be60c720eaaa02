//! The protected names (brands, banks, the organisation's own domains): an
//! editable list, remembered between runs (eframe persistence), importable
//! from a text file. The spoof check flags names that look like one of them.

use crate::spoof::ProtectedList;
use crate::uts46::Uts46;
use eframe::egui;
use egui::Ui;
#[cfg(not(target_arch = "wasm32"))]
use std::path::Path;
use std::sync::Arc;

/// The list as text (one name per line, `#` comments) and as built for the engine.
#[derive(Default)]
pub struct ProtectedPanel {
    /// What the user typed or imported; remembered.
    pub text: String,
    list: Arc<ProtectedList>,
    /// Changes whenever the list does (cached inspections and batch runs compare it).
    generation: u64,
    /// The text and table generation `list` was built from.
    built_from: Option<(String, u64)>,
    /// The outcome of the last import, shown under the editor.
    message: Option<String>,
    /// Import was pressed in the web page: the app opens the page's file picker.
    #[cfg(target_arch = "wasm32")]
    pub wants_file: bool,
}

impl ProtectedPanel {
    pub fn with_text(text: String) -> Self {
        ProtectedPanel {
            text,
            ..Default::default()
        }
    }

    /// Rebuilds the list when its text or the table changed.
    pub fn refresh(&mut self, engine: &Uts46<'_>, table_generation: u64) {
        let current = (self.text.clone(), table_generation);
        if self.built_from.as_ref() != Some(&current) {
            self.list = Arc::new(ProtectedList::parse(engine, &self.text));
            self.built_from = Some(current);
            self.generation += 1;
        }
    }

    pub fn list(&self) -> &Arc<ProtectedList> {
        &self.list
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Appends the names of a text file (one per line) to the list.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn import(&mut self, path: &Path) {
        match std::fs::read_to_string(path) {
            Ok(text) => self.import_text(&path.display().to_string(), &text),
            Err(error) => self.message = Some(format!("Cannot read {}: {error}", path.display())),
        }
    }

    /// Appends the names of `text` (one per line), read from the file `name`.
    pub fn import_text(&mut self, name: &str, text: &str) {
        let count = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .count();
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push('\n');
        }
        self.text.push_str(text);
        self.message = Some(format!("Imported {count} name(s) from {name}"));
    }

    /// The editor: a text area and Import.
    pub fn ui(&mut self, ui: &mut Ui) {
        ui.label("One name per line (# starts a comment). A name whose skeleton matches one of these is flagged.");
        ui.horizontal(|ui| {
            if ui
                .button("Import from file…")
                .on_hover_text("Add the names of a text file, one per line")
                .clicked()
            {
                #[cfg(not(target_arch = "wasm32"))]
                match rfd::FileDialog::new().set_title("Protected names (one per line)").pick_file() {
                    Some(path) => self.import(&path),
                    None => self.message = Some("No file chosen (a file dialog needs a desktop portal or zenity).".into()),
                }
                // The page's picker answers later: the app takes the file in (files.rs).
                #[cfg(target_arch = "wasm32")]
                {
                    self.wants_file = true;
                }
            }
            if ui.button("Clear list").clicked() {
                self.text.clear();
            }
            ui.weak(format!("{} name(s)", self.list.names().len()));
        });
        let label = ui.label("Protected names");
        ui.add(
            egui::TextEdit::multiline(&mut self.text)
                .hint_text("paypal.com\nexample-bank.com")
                .font(egui::TextStyle::Monospace)
                .desired_rows(4)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
        if let Some(message) = &self.message {
            ui.weak(message);
        }
    }
}
