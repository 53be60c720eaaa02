//! The input bar: the domain field (live, paste-friendly), Clear, and the
//! Examples menu.

use super::examples::GROUPS;
use eframe::egui;
use egui::{Event, Id, TextEdit, Ui};

/// The longest input the inspector keeps, in characters: four times the
/// longest DNS name (253 octets), and the size up to which the window still
/// draws the per-character step tables within a 16 ms frame (measured with
/// `examples/frame_time.rs`: 8 ms at 1,024 characters, 45 ms at 4,096; a
/// 1 MB trace takes seconds to build).
pub const MAX_INPUT_CHARS: usize = 1024;

/// The domain being inspected.
#[derive(Default)]
pub struct InputBar {
    pub text: String,
    focus_requested: bool,
    /// Bytes of the last input that was cut to `MAX_INPUT_CHARS`, to say so.
    truncated_from: Option<usize>,
}

impl InputBar {
    /// The field's widget id (Ctrl+L focuses it).
    pub fn field_id() -> Id {
        Id::unique("domain-input")
    }

    /// An input bar holding `text`.
    pub fn with_text(text: String) -> Self {
        let mut bar = InputBar {
            text,
            focus_requested: true,
            truncated_from: None,
        };
        bar.enforce_limit(None);
        bar
    }

    /// Cuts `text` to `MAX_INPUT_CHARS`, remembering the size it had (or the
    /// size of the paste `pasted` that egui's own limit cut).
    fn enforce_limit(&mut self, pasted: Option<usize>) {
        if let Some((cut, _)) = self.text.char_indices().nth(MAX_INPUT_CHARS) {
            self.truncated_from = Some(self.text.len());
            self.text.truncate(cut);
        } else if let Some(bytes) = pasted {
            self.truncated_from = Some(bytes);
        }
    }

    /// The notice shown under the field while the input is a cut one.
    pub fn truncation_notice(&self) -> Option<String> {
        self.truncated_from.map(|bytes| {
            format!(
                "The input was {bytes} bytes; the inspector keeps its first {MAX_INPUT_CHARS} characters \
                 (a domain name has at most 253 octets in DNS). Use the batch CLI for longer text."
            )
        })
    }

    /// Asks for keyboard focus on the next frame.
    pub fn request_focus(&mut self) {
        self.focus_requested = true;
    }

    /// The bar; `flagged` characters (from the spoof check) get a highlight in the field.
    pub fn ui(&mut self, ui: &mut Ui, flagged: &[char]) {
        let mut layouter = |ui: &Ui, text: &dyn egui::TextBuffer, wrap_width: f32| {
            let job = highlighted_job(ui, text.as_str(), flagged, wrap_width);
            ui.fonts_mut(|fonts| fonts.layout_job(job))
        };
        ui.horizontal(|ui| {
            let label = ui.strong("Domain");
            let width = (ui.available_width() - 190.0).max(120.0);
            let oversized_paste = ui.input(|input| {
                input.events.iter().find_map(|event| match event {
                    Event::Paste(text) if text.chars().count() > MAX_INPUT_CHARS => Some(text.len()),
                    _ => None,
                })
            });
            let field = TextEdit::singleline(&mut self.text)
                .id(Self::field_id())
                .char_limit(MAX_INPUT_CHARS)
                .hint_text("Type or paste a domain name, e.g. bücher.de")
                .font(egui::TextStyle::Monospace)
                .layouter(&mut layouter)
                .desired_width(width);
            let response = ui.add(field).labelled_by(label.id);
            if response.changed() {
                self.truncated_from = None;
                self.enforce_limit(oversized_paste.filter(|_| response.has_focus()));
            }
            if std::mem::take(&mut self.focus_requested) {
                response.request_focus();
            }
            if ui.button("Clear").on_hover_text("Empty the domain field").clicked() {
                self.text.clear();
                self.truncated_from = None;
                response.request_focus();
            }
            self.examples_menu(ui);
        });
        if let Some(notice) = self.truncation_notice() {
            ui.colored_label(ui.visuals().warn_fg_color, notice);
        }
    }

    fn examples_menu(&mut self, ui: &mut Ui) {
        ui.menu_button("Examples", |ui| {
            for group in GROUPS {
                ui.menu_button(group.title, |ui| {
                    for example in group.examples {
                        if ui.button(example.label).on_hover_text(example.note).clicked() {
                            self.text = example.input.to_string();
                            self.truncated_from = None;
                            ui.close();
                        }
                    }
                });
            }
        });
    }
}

/// `text` in the monospace font, with a highlight behind each flagged character.
fn highlighted_job(ui: &Ui, text: &str, flagged: &[char], wrap_width: f32) -> egui::text::LayoutJob {
    let font_id = egui::TextStyle::Monospace.resolve(ui.style());
    let plain = egui::TextFormat::simple(font_id.clone(), ui.visuals().text_color());
    let marked_format = egui::TextFormat {
        background: super::widgets::highlight_fill(ui),
        ..plain.clone()
    };
    let mut job = egui::text::LayoutJob::default();
    job.wrap.max_width = wrap_width;
    // One section per run of equally marked characters.
    let mut run_start = 0;
    let mut run_marked = false;
    for (at, c) in text.char_indices() {
        let marked = flagged.contains(&c);
        if marked != run_marked && at > run_start {
            job.append(
                &text[run_start..at],
                0.0,
                if run_marked { marked_format.clone() } else { plain.clone() },
            );
            run_start = at;
        }
        run_marked = marked;
    }
    if run_start < text.len() {
        job.append(&text[run_start..], 0.0, if run_marked { marked_format } else { plain });
    }
    job
}
