//! The "Runtimes" tab: what the software people run does with the name
//! (`crate::runtimes`), grouped by outcome, each runtime with its host or
//! its error in its own words and the rule that decided; a runtime that
//! refuses a name the browsers open stands out. It only reads answers made
//! once per inspection.

use crate::app::widgets::{error_color, ok_color};
use crate::browsers::{Browser, Display, Verdicts};
use crate::runtimes::{Answer, Outcome, Runtime};
use eframe::egui;
use egui::{RichText, Ui};

pub struct RuntimesView<'a> {
    /// The text the runtimes were asked about, when it is not the host
    /// the other stages inspect (the text as typed, around that host).
    pub asked: Option<&'a str>,
    pub answers: &'a [Answer],
    /// What would make each answer's runtime pass, in the same order.
    pub hints: &'a [Option<String>],
    pub browsers: &'a Verdicts,
}

impl RuntimesView<'_> {
    pub fn ui(self, ui: &mut Ui) {
        let opening: Vec<&str> = Browser::ALL
            .into_iter()
            .zip(self.browsers.all().map(|verdict| verdict.display))
            .filter(|(_, display)| *display != Display::Rejected)
            .map(|(browser, _)| browser.name())
            .collect();
        egui::ScrollArea::vertical().id_salt("runtimes").show(ui, |ui| {
            if let Some(asked) = self.asked {
                // A program hands a runtime the text it has; one that
                // parses the text first hands it the host.
                ui.label(format!(
                    "Asked about the text as typed, {asked:?}; a program that parses out the host asks about it."
                ));
                ui.add_space(4.0);
            }
            for (outcome, heading) in [
                (Outcome::Ascii, "Look up"),
                (Outcome::Raw, "Pass on unconverted"),
                (Outcome::Error, "Refuse"),
            ] {
                let chosen: Vec<(&Answer, &Option<String>)> = self
                    .answers
                    .iter()
                    .zip(self.hints)
                    .filter(|(a, _)| a.outcome == outcome)
                    .collect();
                if chosen.is_empty() {
                    continue;
                }
                match outcome == Outcome::Error && !opening.is_empty() {
                    true => ui.strong(format!("{heading} — though {} open the name", opening.join(", "))),
                    false => ui.strong(heading),
                };
                for (answer, hint) in chosen {
                    let runtime = answer.runtime;
                    ui.horizontal(|ui| {
                        let id = egui::Layout::left_to_right(egui::Align::Center);
                        ui.allocate_ui_with_layout(egui::vec2(210.0, 18.0), id, |ui| {
                            ui.set_min_width(210.0);
                            ui.label(RichText::new(runtime.id()).monospace()).on_hover_text(format!(
                                "{}\n{}\n{}",
                                runtime.call(),
                                runtime.version(),
                                runtime.standard()
                            ));
                        });
                        match (&answer.host, &answer.error) {
                            (Some(host), _) => ui.label(RichText::new(host).monospace().color(ok_color(ui))),
                            (None, error) => ui.label(RichText::new(error.as_deref().unwrap_or("")).color(error_color(ui))),
                        };
                    });
                    ui.indent(("runtime", runtime.id()), |ui| {
                        ui.add(egui::Label::new(RichText::new(format!("{} ({})", answer.sentence, answer.rule)).weak()).wrap());
                        if let Some(hint) = hint {
                            ui.add(egui::Label::new(format!("To pass: {hint}")).wrap());
                        }
                    });
                }
                ui.add_space(6.0);
            }
            ui.add(
                egui::Label::new(
                    RichText::new(format!(
                        "Each runtime is a model of one call, checked against the runtime itself (tests/real_runtimes.rs): {}.",
                        Runtime::ALL.map(|r| r.call()).join("; ")
                    ))
                    .small()
                    .weak(),
                )
                .wrap(),
            );
        });
    }
}
