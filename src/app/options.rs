//! The UTS #46 flags, with one-line tooltips, and the presets.

use crate::uts46::{Options, Preset};
use eframe::egui;
use egui::Ui;
use serde::{Deserialize, Serialize};

/// The flags in use and the preset they came from (if still unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionsPanel {
    pub options: Options,
    pub preset: Option<Preset>,
}

impl Default for OptionsPanel {
    fn default() -> Self {
        OptionsPanel {
            options: Options::default(),
            preset: Some(Preset::Uts46Default),
        }
    }
}

/// (label, tooltip) of each flag, in the order UTS #46 §4 lists them.
const FLAG_HELP: [(&str, &str); 7] = [
    (
        "UseSTD3ASCIIRules",
        "Labels may only use the ASCII letters, digits and hyphen (error U1).",
    ),
    (
        "CheckHyphens",
        "No hyphen at a label's start or end, nor in both the 3rd and 4th positions (V2, V3).",
    ),
    (
        "CheckBidi",
        "Apply the RFC 5893 Bidi rule when the name contains right-to-left text (B1–B6).",
    ),
    (
        "CheckJoiners",
        "ZWJ and ZWNJ only where RFC 5892 Appendix A allows them (C1, C2).",
    ),
    (
        "VerifyDnsLength",
        "Labels 1–63 and the name 1–253 characters once in ASCII (A4_1, A4_2).",
    ),
    (
        "IgnoreInvalidPunycode",
        "Keep an undecodable xn-- label as it is instead of reporting P4.",
    ),
    (
        "CheckContextO",
        "Not a UTS #46 flag (ICU's CHECK_CONTEXTO): apply IDNA2008's CONTEXTO rules to ·, ͵, ׳, ״, ・ and Arabic-Indic digits (RFC 5892 A.3–A.9).",
    ),
];

impl OptionsPanel {
    pub fn ui(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.strong("Options");
            let before = self.options;
            let flags = [
                &mut self.options.use_std3_ascii_rules,
                &mut self.options.check_hyphens,
                &mut self.options.check_bidi,
                &mut self.options.check_joiners,
                &mut self.options.verify_dns_length,
                &mut self.options.ignore_invalid_punycode,
                &mut self.options.check_contexto,
            ];
            for (flag, (name, help)) in flags.into_iter().zip(FLAG_HELP) {
                ui.checkbox(flag, name).on_hover_text(help);
            }
            if self.options != before && self.preset.is_some_and(|preset| preset.options() != self.options) {
                self.preset = None;
            }
            ui.separator();
            self.preset_menu(ui);
        });
    }

    fn preset_menu(&mut self, ui: &mut Ui) {
        let selected = self.preset.map_or("Custom", Preset::name);
        egui::ComboBox::from_label("Preset")
            .selected_text(selected)
            .show_ui(ui, |ui| {
                for preset in Preset::ALL {
                    let response = ui
                        .selectable_label(self.preset == Some(preset), preset.name())
                        .on_hover_text(preset.description());
                    if response.clicked() {
                        self.preset = Some(preset);
                        self.options = preset.options();
                    }
                }
            });
    }
}
