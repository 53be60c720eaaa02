//! The "Look-alikes" window: the look-alike audit of a protected name
//! (`crate::lookalikes`), opened from the Spoof check tab for the name
//! inspected or a protected name. The audit runs on a thread of its own
//! (in the web page, which has no threads, within the click: under a second);
//! the window shows the summary and one row per candidate, the ones that
//! matter (registrable, shown in Unicode by some browser) first.

use super::widgets::{error_color, ok_color};
use crate::browsers::{Browser, Display};
use crate::lookalikes::{self, Audit, Candidate, Settings};
use crate::spoof::Risk;
use eframe::egui;
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};
use std::thread::JoinHandle;

/// The window's state: the name audited, the audit (or its error) once
/// done, the thread while it runs, and the row filter.
#[derive(Default)]
pub struct LookalikesWindow {
    pub open: bool,
    name: String,
    running: Option<JoinHandle<Result<Audit, String>>>,
    audit: Option<Result<Audit, String>>,
    /// Show only the candidates that matter.
    only_matter: bool,
}

impl LookalikesWindow {
    /// Opens the window on `name` and starts its audit (unless it is the one shown).
    pub fn open_for(&mut self, name: &str) {
        self.open = true;
        if self.name == name && (self.audit.is_some() || self.running.is_some()) {
            return;
        }
        self.name = name.to_string();
        self.audit = None;
        let name = self.name.clone();
        // The bundled table's engine: the audit's index is built from it too.
        let audit =
            move || lookalikes::audit(&crate::Uts46::new(), &name, &Settings::default()).map_err(|error| error.to_string());
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.running = Some(std::thread::spawn(audit));
        }
        #[cfg(target_arch = "wasm32")]
        {
            self.audit = Some(audit());
        }
    }

    pub fn ui(&mut self, ctx: &egui::Context) {
        if self.running.as_ref().is_some_and(JoinHandle::is_finished)
            && let Some(running) = self.running.take()
        {
            self.audit = Some(running.join().unwrap_or_else(|_| Err("the audit stopped".to_string())));
        }
        let mut open = self.open;
        egui::Window::new(format!("Look-alikes of {}", self.name))
            .id(egui::Id::unique("lookalikes-window"))
            .open(&mut open)
            .default_size([900.0, 520.0])
            .show(ctx, |ui| self.contents(ui));
        self.open = open;
    }

    fn contents(&mut self, ui: &mut Ui) {
        if self.running.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("Generating and judging the look-alikes of {}…", self.name));
            });
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
            return;
        }
        let audit = match &self.audit {
            Some(Ok(audit)) => audit,
            Some(Err(message)) => {
                ui.colored_label(error_color(ui), message);
                return;
            }
            None => return,
        };
        summary(ui, audit);
        ui.checkbox(
            &mut self.only_matter,
            "Only those someone could register and some browser shows in Unicode",
        );
        ui.add_space(4.0);
        let rows: Vec<&Candidate> = audit.candidates.iter().filter(|c| !self.only_matter || c.matters()).collect();
        table(ui, &rows);
    }
}

fn summary(ui: &mut Ui, audit: &Audit) {
    let s = &audit.summary;
    ui.label(
        RichText::new(format!(
            "{} candidates; {} registrable and shown in Unicode by at least one browser{}",
            s.candidates,
            s.matter,
            if audit.truncated {
                " (generation stopped at the limit)"
            } else {
                ""
            }
        ))
        .strong(),
    );
    ui.horizontal_wrapped(|ui| {
        for (browser, [unicode, punycode, rejected]) in Browser::ALL.iter().zip(s.displays) {
            ui.label(format!(
                "{}: Unicode {unicode}, Punycode {punycode}, rejected {rejected}.",
                browser.short_name()
            ));
        }
    });
    ui.weak(format!(
        "Registry: {} eligible, {} blocked as variants of {}, {} registrable. Each label is checked under the \
         table the Registry tab picks for it.",
        s.eligible, s.blocked_variants, audit.label, s.registrable
    ));
}

fn table(ui: &mut Ui, rows: &[&Candidate]) {
    TableBuilder::new(ui)
        .id_salt("lookalikes-table")
        .striped(true)
        .resizable(true)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::initial(150.0).at_least(90.0).clip(true))
        .column(Column::initial(200.0).at_least(120.0).clip(true))
        .column(Column::auto().at_least(70.0))
        .column(Column::auto().at_least(70.0))
        .column(Column::auto().at_least(70.0))
        .column(Column::initial(150.0).at_least(90.0).clip(true))
        .column(Column::auto().at_least(40.0))
        .column(Column::remainder().at_least(80.0))
        .header(22.0, |mut header| {
            for title in [
                "U-label", "A-label", "Chromium", "Firefox", "Safari", "Registry", "Risk", "Made by",
            ] {
                header.col(|ui| {
                    ui.strong(title);
                });
            }
        })
        .body(|body| {
            body.rows(22.0, rows.len(), |mut row| {
                let candidate = rows[row.index()];
                row.col(|ui| {
                    ui.label(RichText::new(&candidate.unicode).monospace());
                });
                row.col(|ui| {
                    ui.label(RichText::new(&candidate.ascii).monospace().weak());
                });
                for rule in candidate.browsers.all() {
                    row.col(|ui| {
                        let text = RichText::new(rule.display().title());
                        let text = match rule.display() {
                            Display::Unicode => text.color(ui.visuals().warn_fg_color),
                            _ => text,
                        };
                        ui.label(text).on_hover_text(format!("{}: {}", rule.name(), rule.sentence()));
                    });
                }
                row.col(|ui| {
                    let registry = &candidate.registry;
                    let (text, color) = match (&registry.variant_of_protected, registry.eligible) {
                        (Some(disposition), _) => (format!("variant ({disposition})"), ok_color(ui)),
                        (None, true) => (format!("registrable ({})", registry.disposition), error_color(ui)),
                        (None, false) => (format!("not eligible ({})", registry.disposition), ok_color(ui)),
                    };
                    ui.label(RichText::new(text).color(color)).on_hover_text(&registry.ruleset);
                });
                row.col(|ui| {
                    let risk = RichText::new(candidate.risk.name());
                    ui.label(match candidate.risk {
                        Risk::High => risk.color(error_color(ui)),
                        _ => risk,
                    })
                    .on_hover_text(candidate.findings.codes());
                });
                row.col(|ui| {
                    ui.weak(candidate.technique.name());
                });
            });
        });
}
