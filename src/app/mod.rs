//! The desktop window (eframe/egui, behind the `gui` feature): the UTS #46
//! pipeline and the Bootstring arithmetic for one domain, step by step.
//!
//! The app struct is thin: each part of the window is a struct with a `ui()`
//! method, and every view reads the engine's [`crate::uts46::Trace`], which is
//! recomputed only when the input, the options or the table change.

mod about;
pub mod examples;
mod fonts;
mod help;
mod input;
mod inspection;
mod options;
mod results;
mod stages;
mod tables;
mod widgets;

pub use fonts::{install_app_fonts, system_fonts_available};
pub use inspection::Inspection;

use crate::uts46::Options;
use about::AboutWindow;
use eframe::egui;
use egui::{Key, KeyboardShortcut, Modifiers, RichText, Ui};
use help::HelpWindow;
use input::InputBar;
use options::OptionsPanel;
use results::ResultsHeader;
use stages::StageTabs;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tables::Tables;

/// The window title and the persistence key.
pub const APP_NAME: &str = "idna-inspector";

/// How the window starts: from the command line.
#[derive(Clone, Debug, Default)]
pub struct Startup {
    /// The domain to show (`idna-inspector DOMAIN`).
    pub domain: Option<String>,
    /// Flags given on the command line (override the remembered ones).
    pub options: Option<Options>,
    /// `--tables DIR`.
    pub tables: Option<PathBuf>,
    /// `--batch FILE`: open the batch view with this file.
    pub batch: Option<PathBuf>,
}

/// What is remembered between runs (eframe persistence).
#[derive(serde::Serialize, serde::Deserialize, Default)]
#[serde(default)]
struct Remembered {
    input: String,
    options: OptionsPanel,
    tabs: StageTabs,
}

const FOCUS_INPUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::L);

/// The inspector window.
pub struct InspectorApp {
    input: InputBar,
    options: OptionsPanel,
    tables: Tables,
    results: ResultsHeader,
    tabs: StageTabs,
    inspection: Option<Inspection>,
    help: HelpWindow,
    about: AboutWindow,
    /// How long the last `ui()` call took (shown in the status bar).
    last_frame: Duration,
}

impl InspectorApp {
    /// Builds the app from what eframe remembered (if anything), then applies
    /// the command line. The caller installs the fonts ([`install_app_fonts`]).
    pub fn new(storage: Option<&dyn eframe::Storage>, startup: Startup) -> Self {
        let remembered: Remembered = storage
            .and_then(|storage| eframe::get_value(storage, eframe::APP_KEY))
            .unwrap_or_default();
        let mut app = InspectorApp {
            input: InputBar::with_text(startup.domain.unwrap_or(remembered.input)),
            options: remembered.options,
            tables: Tables::default(),
            results: ResultsHeader::default(),
            tabs: remembered.tabs,
            inspection: None,
            help: HelpWindow::default(),
            about: AboutWindow::default(),
            last_frame: Duration::ZERO,
        };
        if let Some(options) = startup.options {
            app.options = OptionsPanel { options, preset: None };
        }
        if let Some(dir) = &startup.tables {
            app.tables.load(dir);
        }
        app
    }

    /// The current inspection (for tests and tools).
    pub fn inspection(&self) -> Option<&Inspection> {
        self.inspection.as_ref()
    }

    /// Recomputes the trace if the input, the options or the table changed.
    fn refresh(&mut self) {
        let generation = self.tables.generation();
        let stale = self
            .inspection
            .as_ref()
            .is_none_or(|inspection| !inspection.is_for(&self.input.text, &self.options.options, generation));
        if stale {
            let engine = self.tables.engine();
            self.inspection = Some(Inspection::compute(
                &engine,
                &self.input.text,
                self.options.options,
                generation,
            ));
            self.results.pinned = None;
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui
                    .button("Load tables…")
                    .on_hover_text("A folder with IdnaMappingTable.txt (or its idna/ subfolder)")
                    .clicked()
                {
                    if let Some(dir) = rfd::FileDialog::new()
                        .set_title("Folder with IdnaMappingTable.txt")
                        .pick_folder()
                    {
                        self.tables.load(&dir);
                    } else {
                        self.tables.message = Some("No folder chosen (a file dialog needs a desktop portal or zenity).".into());
                    }
                    ui.close();
                }
                if ui.button("Use bundled table").clicked() {
                    self.tables.use_bundled();
                    ui.close();
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("View", |ui| {
                egui::global_theme_preference_buttons(ui);
            });
            ui.menu_button("Help", |ui| {
                if ui.button("Guide, glossary and error codes").clicked() {
                    self.help.open = true;
                    ui.close();
                }
                if ui.button("About idna-inspector").clicked() {
                    self.about.open = true;
                    ui.close();
                }
            });
        });
    }

    fn status_bar(&self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            ui.label(self.tables.describe());
            if let Some(message) = &self.tables.message {
                ui.separator();
                ui.label(message);
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.weak(format!("UI {:.1} ms", self.last_frame.as_secs_f64() * 1000.0))
                    .on_hover_text("Time spent building the last frame");
                if let Some(inspection) = &self.inspection {
                    ui.weak(format!("trace {:.2} ms", inspection.elapsed.as_secs_f64() * 1000.0))
                        .on_hover_text("Time the engine took for the traced run");
                }
                ui.weak("F1: help · Ctrl+L: domain field · Ctrl+C: copy selected result");
            });
        });
    }

    fn shortcuts(&mut self, ui: &Ui) {
        if ui.input_mut(|input| input.consume_key(Modifiers::NONE, Key::F1)) {
            self.help.open = true;
        }
        if ui.input_mut(|input| input.consume_shortcut(&FOCUS_INPUT)) {
            self.input.request_focus();
        }
    }
}

impl InspectorApp {
    /// Draws the whole window into `ui` (what [`eframe::App::ui`] calls;
    /// tests call it directly).
    pub fn show(&mut self, ui: &mut Ui) {
        let started = Instant::now();
        self.shortcuts(ui);
        egui::Panel::top("top").show(ui, |ui| {
            self.menu_bar(ui);
            ui.add_space(4.0);
            self.input.ui(ui);
            self.options.ui(ui);
            ui.add_space(2.0);
        });
        self.refresh();
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        let inspection = self.inspection.as_ref().expect("refresh() computed it");
        egui::Panel::top("results").show(ui, |ui| {
            ui.add_space(4.0);
            self.results.ui(ui, inspection, self.options.preset);
            ui.add_space(4.0);
        });
        let highlight = self.results.highlight();
        egui::CentralPanel::default().show(ui, |ui| {
            if inspection.input.is_empty() {
                ui.label(RichText::new("Type a domain name above, or pick one from Examples.").size(16.0));
            }
            self.tabs.ui(ui, inspection, highlight);
        });
        self.help.ui(ui.ctx());
        self.about.ui(ui.ctx(), self.tables.engine().table());
        self.last_frame = started.elapsed();
    }
}

impl eframe::App for InspectorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let remembered = Remembered {
            input: self.input.text.clone(),
            options: self.options,
            tabs: self.tabs,
        };
        eframe::set_value(storage, eframe::APP_KEY, &remembered);
    }
}

/// Opens the window and runs until it is closed.
///
/// Errors: eframe's, e.g. when no display is available.
pub fn run(startup: Startup) -> eframe::Result {
    let mut viewport = egui::ViewportBuilder::default();
    if let Ok(icon) = eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icons/idna-inspector-256.png")) {
        viewport = viewport.with_icon(icon);
    }
    let native_options = eframe::NativeOptions {
        viewport: viewport
            .with_title(APP_NAME)
            .with_app_id(APP_NAME)
            .with_inner_size([1180.0, 780.0])
            .with_min_inner_size([640.0, 420.0])
            .with_drag_and_drop(true),
        system_font_fallback: system_fonts_available(),
        ..Default::default()
    };
    eframe::run_native(
        APP_NAME,
        native_options,
        Box::new(|cc| {
            install_app_fonts(&cc.egui_ctx);
            Ok(Box::new(InspectorApp::new(cc.storage, startup)))
        }),
    )
}
