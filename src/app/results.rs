//! The results header: ToUnicode, ToASCII nontransitional and transitional
//! side by side with copy buttons; the deviation note; the error chips.

use super::inspection::{ErrorChip, Highlight, Inspection};
use super::widgets::{bidi_text, describe_char, error_color, ok_color};
use crate::display::{code_point_label, visible};
use crate::names::char_name;
use crate::table::Status;
use crate::uts46::{Conversion, MapAction, Preset};
use eframe::egui;
use egui::{Color32, RichText, Ui};

/// The header's own state: which result Ctrl+C copies, the pinned chip, and
/// which notes are opened out (each is one line until opened).
#[derive(Default)]
pub struct ResultsHeader {
    /// 0 ToUnicode, 1 ToASCII N, 2 ToASCII T.
    pub selected: usize,
    /// The chip clicked last (its characters stay highlighted).
    pub pinned: Option<Highlight>,
    /// The chip under the pointer this frame.
    pub hovered: Option<Highlight>,
    /// The deviation note shows its whole explanation.
    pub deviation_open: bool,
    /// The errors show their sentences and spec sections.
    pub errors_open: bool,
}

const TITLES: [(&str, &str); 3] = [
    ("ToUnicode", "UTS #46 §4.3: the name for display (nontransitional)."),
    (
        "ToASCII (nontransitional)",
        "UTS #46 §4.2 with Transitional_Processing=false: what browsers and IDNA2008 look up.",
    ),
    (
        "ToASCII (transitional)",
        "UTS #46 §4.2 with Transitional_Processing=true: the deprecated IDNA2003-compatible result.",
    ),
];

impl ResultsHeader {
    /// The highlight the stage views should show.
    pub fn highlight(&self) -> Option<Highlight> {
        self.hovered.or(self.pinned)
    }

    pub fn ui(&mut self, ui: &mut Ui, inspection: &Inspection, preset: Option<Preset>) {
        let results = &inspection.results;
        let conversions = [&results.to_unicode, &results.to_ascii_n, &results.to_ascii_t];
        ui.columns(3, |columns| {
            for (index, column) in columns.iter_mut().enumerate() {
                let not_for_registration = index == 2 && preset == Some(Preset::RegistrationStrict);
                self.result_column(column, index, conversions[index], not_for_registration);
            }
        });
        if results.transitional_differs() {
            ui.add_space(2.0);
            deviation_note(ui, inspection, &mut self.deviation_open);
        }
        self.chips(ui, inspection);
        self.copy_on_shortcut(ui, conversions.map(|c| c.value.as_str()));
    }

    fn result_column(&mut self, ui: &mut Ui, index: usize, conversion: &Conversion, not_for_registration: bool) {
        let (title, help) = TITLES[index];
        let selected = self.selected == index;
        let frame = egui::Frame::group(ui.style()).stroke(if selected {
            ui.visuals().selection.stroke
        } else {
            ui.visuals().widgets.noninteractive.bg_stroke
        });
        let response = frame
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                // The verdict shares the title's row: the stages below get the height.
                ui.horizontal(|ui| {
                    ui.strong(title).on_hover_text(help);
                    if ui
                        .small_button("Copy")
                        .on_hover_text(format!("Copy the {title} result"))
                        .clicked()
                    {
                        ui.ctx().copy_text(conversion.value.clone());
                        self.selected = index;
                    }
                    verdict(ui, conversion);
                });
                ui.horizontal_wrapped(|ui| {
                    bidi_text(ui, &conversion.value, |text| RichText::new(text).monospace().size(16.0));
                });
                if not_for_registration {
                    ui.weak("Registration-strict: only the nontransitional result counts.");
                }
            })
            .response;
        // Not `interact(click)` on the frame: that would sit on top of the Copy button and take its clicks.
        if response.contains_pointer() && ui.input(|input| input.pointer.primary_clicked()) {
            self.selected = index;
        }
    }

    /// Ctrl+C copies the selected result unless a text field has the focus
    /// (then it copies that field's selection, as usual).
    fn copy_on_shortcut(&self, ui: &Ui, values: [&str; 3]) {
        let editing = ui.ctx().memory(|memory| memory.focused()).is_some();
        let copy = ui.input(|input| input.events.iter().any(|event| matches!(event, egui::Event::Copy)));
        if copy && !editing {
            ui.ctx().copy_text(values[self.selected].to_string());
        }
    }

    /// The errors: one line of compact chips (code and place; the sentence on
    /// hover) until opened, then a chip per error with its sentence and spec section.
    fn chips(&mut self, ui: &mut Ui, inspection: &Inspection) {
        self.hovered = None;
        let chips = inspection.error_chips();
        if chips.is_empty() {
            return;
        }
        ui.add_space(2.0);
        let open = self.errors_open;
        ui.horizontal(|ui| {
            note_toggle(ui, &mut self.errors_open, "the errors' sentences and spec sections");
            ui.label(
                RichText::new(format!("Errors ({})", chips.len()))
                    .strong()
                    .color(error_color(ui)),
            );
            if !open {
                for chip in &chips {
                    self.compact_chip(ui, inspection, *chip);
                }
            }
        });
        if open {
            ui.horizontal_wrapped(|ui| {
                for chip in chips {
                    self.chip(ui, inspection, chip);
                }
            });
        }
    }

    /// A chip as one small button: the code and its place; hover for the sentence.
    fn compact_chip(&mut self, ui: &mut Ui, inspection: &Inspection, chip: ErrorChip) {
        let error = chip.error;
        let highlight = Highlight::from(error);
        let pinned = self.pinned == Some(highlight);
        let place = chip_place(inspection, &chip);
        let text = RichText::new(format!("{} {}", error.code.as_str(), place.join(" · ")))
            .monospace()
            .color(error_color(ui));
        let response = ui
            .add(egui::Button::new(text).selected(pinned).small())
            .on_hover_text(format!(
                "{}\n{}\nin {}\n\nClick to keep its characters highlighted in the stages below",
                error.code.explanation(),
                error.code.spec_reference(),
                chip.results_text()
            ));
        if response.hovered() {
            self.hovered = Some(highlight);
        }
        if response.clicked() {
            self.pinned = if pinned { None } else { Some(highlight) };
        }
    }

    fn chip(&mut self, ui: &mut Ui, inspection: &Inspection, chip: ErrorChip) {
        let error = chip.error;
        let highlight = Highlight::from(error);
        let pinned = self.pinned == Some(highlight);
        let place = chip_place(inspection, &chip);
        let stroke_color = if pinned {
            ui.visuals().selection.stroke.color
        } else {
            error_color(ui)
        };
        let response = egui::Frame::group(ui.style())
            .stroke(egui::Stroke::new(if pinned { 2.0 } else { 1.0 }, stroke_color))
            .show(ui, |ui| {
                ui.set_max_width(420.0);
                ui.vertical(|ui| {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(error.code.as_str()).strong().monospace().color(error_color(ui)));
                        ui.label(place.join(" · "));
                    });
                    ui.label(error.code.explanation());
                    ui.label(RichText::new(error.code.spec_reference()).small().weak());
                    ui.label(RichText::new(format!("in {}", chip.results_text())).small().weak());
                });
            })
            .response
            .interact(egui::Sense::click())
            .on_hover_text("Click to keep its characters highlighted in the stages below");
        if response.hovered() {
            self.hovered = Some(highlight);
        }
        if response.clicked() {
            self.pinned = if pinned { None } else { Some(highlight) };
        }
    }
}

/// Where an error is: its label and character (`label 1`, `char 2 ‘ü’ U+00FC`).
fn chip_place(inspection: &Inspection, chip: &ErrorChip) -> Vec<String> {
    let error = chip.error;
    let mut place = Vec::new();
    if let Some(label) = error.label {
        place.push(format!("label {}", label + 1));
    }
    if let (Some(label), Some(position)) = (error.label, error.position) {
        let text = inspection
            .trace
            .nontransitional
            .labels
            .get(label)
            .map(|l| l.converted.as_str())
            .unwrap_or("");
        match describe_char(text, position) {
            Some(character) => place.push(format!("char {} {character}", position + 1)),
            None => place.push("at the end of the label".to_string()),
        }
    }
    place
}

/// The ▸/▾ button that opens a note out or folds it back to one line.
pub fn note_toggle(ui: &mut Ui, open: &mut bool, what: &str) {
    let (arrow, verb) = if *open { ("▾", "Fold") } else { ("▸", "Show") };
    if ui
        .add(egui::Button::new(arrow).frame(false))
        .on_hover_text(format!("{verb} {what}"))
        .clicked()
    {
        *open = !*open;
    }
}

fn verdict(ui: &mut Ui, conversion: &Conversion) {
    if conversion.is_ok() {
        ui.label(RichText::new("✔ no errors").color(ok_color(ui)));
    } else {
        let codes: Vec<&str> = conversion.codes().iter().map(|code| code.as_str()).collect();
        ui.label(RichText::new(format!("✖ errors: {}", codes.join(" "))).color(error_color(ui)));
    }
}

/// The highlighted note when transitional and nontransitional differ: one
/// line naming the deviation characters until opened, then what each mode
/// does with them and why it matters.
fn deviation_note(ui: &mut Ui, inspection: &Inspection, open: &mut bool) {
    let trace = &inspection.trace;
    let mut seen = Vec::new();
    for label in &trace.nontransitional.labels {
        for c in &label.chars {
            if c.status == Status::Deviation && !seen.contains(&c.code_point) {
                seen.push(c.code_point);
            }
        }
    }
    let described: Vec<String> = seen
        .iter()
        .map(|&c| {
            let transitional = trace
                .transitional
                .map
                .iter()
                .find(|step| step.action == MapAction::DeviationMapped && step.code_point == c)
                .map(|step| {
                    if step.output.is_empty() {
                        "removes it".to_string()
                    } else {
                        format!("maps it to “{}”", step.output)
                    }
                })
                .unwrap_or_else(|| "maps it".to_string());
            format!(
                "{} {} {} (transitional {transitional})",
                visible(c),
                code_point_label(c),
                char_name(c)
            )
        })
        .collect();
    let fill = if ui.visuals().dark_mode {
        Color32::from_rgb(80, 60, 10)
    } else {
        Color32::from_rgb(255, 243, 205)
    };
    let cause = if described.is_empty() {
        "a deviation character".to_string()
    } else {
        described.join("; ")
    };
    egui::Frame::new().fill(fill).corner_radius(4.0).inner_margin(egui::Margin::symmetric(6, 2)).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            note_toggle(ui, open, "why the two results differ");
            ui.label(RichText::new("Transitional and nontransitional processing give different names").strong());
            if !*open {
                ui.add(egui::Label::new(format!("· {cause}")).truncate());
            }
        });
        if !*open {
            return;
        }
        ui.label(format!("Caused by the deviation character(s): {cause}. Nontransitional processing keeps them."));
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            ui.label("Why it matters (UTS #46 §1.3.2): software using transitional (IDNA2003) rules and software using nontransitional (IDNA2008) rules send the same link to two different registered names, which may have different owners. ");
            ui.label("For example ");
            ui.monospace("www.sparkasse-gießen.de");
            ui.label(" reaches ");
            ui.monospace("www.sparkasse-giessen.de");
            ui.label(" in one and ");
            ui.monospace("www.xn--sparkasse-gieen-2ib.de");
            ui.label(" in the other: a spoofer can register the name the victim's software does not expect.");
        });
    });
}
