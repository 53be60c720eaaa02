//! About: the app version, the Unicode version of every data source in use,
//! and the licences of what is shipped.

use crate::about::data_sources;
use crate::table::MappingTable;
use eframe::egui;
use egui::RichText;

/// The About window.
#[derive(Default)]
pub struct AboutWindow {
    pub open: bool,
}

impl AboutWindow {
    pub fn ui(&mut self, ctx: &egui::Context, table: &MappingTable) {
        egui::Window::new("About idna-inspector").open(&mut self.open).default_width(560.0).show(ctx, |ui| {
            ui.heading(format!("idna-inspector {}", env!("CARGO_PKG_VERSION")));
            ui.label(env!("CARGO_PKG_DESCRIPTION"));
            ui.add_space(6.0);
            ui.strong("Unicode data in use");
            egui::Grid::new("data-sources").striped(true).show(ui, |ui| {
                for source in data_sources(table) {
                    ui.label(source.what);
                    ui.label(RichText::new(&source.version).monospace());
                    ui.label(RichText::new(&source.source).small());
                    ui.end_row();
                }
            });
            ui.label(format!(
                "Browser verdicts follow {}, checked against those builds running (tests/real_browsers.rs).",
                crate::browsers::Browser::ALL.map(|b| b.build()).join(", ")
            ));
            ui.add_space(6.0);
            ui.strong("Runtimes modelled (checked against each running, tests/real_runtimes.rs)");
            egui::Grid::new("runtimes").striped(true).show(ui, |ui| {
                for runtime in crate::runtimes::Runtime::ALL {
                    ui.label(RichText::new(runtime.id()).monospace());
                    ui.label(runtime.version());
                    ui.label(RichText::new(runtime.standard()).small());
                    ui.end_row();
                }
            });
            ui.add_space(6.0);
            ui.strong("Licences");
            ui.label(format!("idna-inspector: {}.", env!("CARGO_PKG_LICENSE")));
            ui.label("Unicode data files (IdnaMappingTable.txt, IdnaTestV2.txt): Unicode License v3 (Unicode-3.0), see tables/README.md.");
            ui.label("Fonts: Noto Sans, Noto Sans Hebrew, Arabic, Thai, Devanagari, Sinhala, subsets of the Noto Sans fonts of the LGRs' other scripts and of Noto Sans CJK: SIL Open Font License 1.1 (assets/fonts/OFL.txt); egui's built-in fonts (Ubuntu, Hack, Noto Emoji, emoji-icon-font) under their own licences (OFL, Ubuntu Font Licence, MIT).");
            ui.label("The program never opens a network connection.");
        });
    }
}
