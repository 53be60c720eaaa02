//! The stage views: Map, Normalize, Break, Validate, Encode/Decode. Each
//! reads the engine's trace; none recomputes a step.

mod bootstring;
mod break_view;
mod map;
mod normalize;
mod profiles_view;
mod runtimes_view;
mod validate;

use super::inspection::{Highlight, Inspection};
use crate::uts46::Mode;
use eframe::egui;
use egui::Ui;
use profiles_view::ProfilesView;
use runtimes_view::RuntimesView;
use serde::{Deserialize, Serialize};

pub use bootstring::{BootstringView, Stepper};
pub use break_view::BreakView;
pub use map::MapView;
pub use normalize::NormalizeView;
pub use validate::ValidateView;

/// The stages of UTS #46 §4 and §4.2, in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    #[default]
    Map,
    Normalize,
    Break,
    Validate,
    Encode,
    /// Not a UTS #46 step: the spoof check (UTS #39) of the name; the app draws it.
    Spoof,
    /// Not a UTS #46 step: IDNA2003, UTS #46 T/N, IDNA2008 and WHATWG side by side.
    Profiles,
    /// Not a UTS #46 step: what Python, Java and ICU (PHP) do with the name.
    Runtimes,
    /// Not a UTS #46 step: the registry's Label Generation Ruleset (RFC 7940); the app draws it.
    Registry,
}

impl Stage {
    const ALL: [Stage; 9] = [
        Stage::Map,
        Stage::Normalize,
        Stage::Break,
        Stage::Validate,
        Stage::Encode,
        Stage::Spoof,
        Stage::Profiles,
        Stage::Runtimes,
        Stage::Registry,
    ];

    fn title(self) -> &'static str {
        match self {
            Stage::Map => "1 Map",
            Stage::Normalize => "2 Normalize",
            Stage::Break => "3 Break",
            Stage::Validate => "4 Convert/Validate",
            Stage::Encode => "5 Encode/Decode",
            Stage::Spoof => "Spoof check",
            Stage::Profiles => "Compare profiles",
            Stage::Runtimes => "Runtimes",
            Stage::Registry => "Registry (LGR)",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Stage::Map => "UTS #46 §4 step 1: each code point looked up in the IDNA Mapping Table.",
            Stage::Normalize => "UTS #46 §4 step 2: Unicode Normalization Form C.",
            Stage::Break => "UTS #46 §4 step 3: split into labels at U+002E FULL STOP.",
            Stage::Validate => "UTS #46 §4 step 4: decode xn-- labels, then the validity criteria of §4.1.",
            Stage::Encode => "RFC 3492 Bootstring: Punycode encoding for ToASCII (§4.2) and decoding of xn-- labels.",
            Stage::Spoof => "UTS #39: scripts, confusables, invisible characters, and how a browser would display the name.",
            Stage::Profiles => {
                "IDNA2003, UTS #46 transitional and nontransitional, IDNA2008 and WHATWG URL side by side, with the reason for each difference (UTS #46 §7 Table 4)."
            }
            Stage::Runtimes => {
                "What the software people run does with the name: Python's codec and idna package, Java's IDN, ICU as PHP calls it; each model checked against the runtime itself."
            }
            Stage::Registry => {
                "RFC 7940 Label Generation Rulesets: would a registry accept the label, and which variant labels would it block (ICANN's LGRs or your registry's file)."
            }
        }
    }
}

/// Which stage and which processing mode are shown.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct StageTabs {
    pub stage: Stage,
    pub mode: Mode,
}

impl Default for StageTabs {
    fn default() -> Self {
        StageTabs {
            stage: Stage::Map,
            mode: Mode::Nontransitional,
        }
    }
}

impl StageTabs {
    /// The tab bar and the selected stage (`stepper`: the Encode/Decode
    /// stepper's position). The Spoof check tab draws nothing here: the app
    /// draws it (it edits the protected names).
    /// Returns the area the stage itself got (below the tab bar).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        inspection: &Inspection,
        highlight: Option<Highlight>,
        stepper: &mut Stepper,
    ) -> egui::Rect {
        ui.horizontal_wrapped(|ui| {
            for stage in Stage::ALL {
                ui.selectable_value(&mut self.stage, stage, stage.title())
                    .on_hover_text(stage.help());
            }
            ui.separator();
            ui.label("Mode:");
            ui.selectable_value(&mut self.mode, Mode::Nontransitional, "Nontransitional")
                .on_hover_text("Deviation characters kept (ToUnicode, ToASCII N)");
            ui.selectable_value(&mut self.mode, Mode::Transitional, "Transitional")
                .on_hover_text("Deviation characters mapped (ToASCII T)");
        });
        ui.separator();
        let area = ui.available_rect_before_wrap();
        if matches!(self.stage, Stage::Spoof | Stage::Registry) {
            return area;
        }
        let trace = &inspection.trace;
        let (process, ascii) = match self.mode {
            Mode::Nontransitional => (&trace.nontransitional, &trace.to_ascii_n),
            Mode::Transitional => (&trace.transitional, &trace.to_ascii_t),
        };
        // Error positions refer to the nontransitional labels; show them only there.
        let highlight = highlight.filter(|_| self.mode == Mode::Nontransitional);
        match self.stage {
            Stage::Map => MapView {
                trace: process,
                highlight,
                flagged: &inspection.spoof.offending_chars(),
                profile_chars: &inspection.profile_chars,
            }
            .ui(ui),
            Stage::Normalize => NormalizeView {
                trace: process,
                highlight,
            }
            .ui(ui),
            Stage::Break => BreakView {
                trace: process,
                highlight,
            }
            .ui(ui),
            Stage::Validate => ValidateView {
                trace: process,
                highlight,
            }
            .ui(ui),
            Stage::Encode => BootstringView { process, ascii, stepper }.ui(ui),
            Stage::Profiles => ProfilesView {
                comparison: &inspection.comparison,
                profile_chars: &inspection.profile_chars,
            }
            .ui(ui),
            Stage::Runtimes => RuntimesView {
                asked: (inspection.input != inspection.host()).then_some(inspection.input.as_str()),
                answers: &inspection.runtimes,
                hints: &inspection.runtime_hints,
                browsers: &inspection.spoof.browsers,
            }
            .ui(ui),
            Stage::Spoof | Stage::Registry => {}
        }
        area
    }
}
