//! The desktop window (eframe/egui, behind the `gui` feature): the UTS #46
//! pipeline and the Bootstring arithmetic for one domain, step by step.
//!
//! The app struct is thin: each part of the window is a struct with a `ui()`
//! method, and every view reads the engine's [`crate::uts46::Trace`], which is
//! recomputed only when the input, the options or the table change.

mod about;
mod batch;
pub mod examples;
#[cfg(target_arch = "wasm32")]
mod files;
mod fonts;
mod help;
mod input;
mod inspection;
mod lookalikes_view;
mod options;
mod protected;
mod registry_view;
mod results;
mod spoof_view;
mod stages;
mod tables;
mod widgets;

pub use fonts::{BundledGlyphs, app_font_definitions, install_app_fonts, system_fonts_available};
pub use input::MAX_INPUT_CHARS;
pub use inspection::Inspection;

use crate::uts46::Options;
use about::AboutWindow;
pub use batch::BatchFile;
use batch::{BatchAction, BatchSettings, BatchView};
use eframe::egui;
use egui::{Key, KeyboardShortcut, Modifiers, RichText, Ui};
use help::HelpWindow;
use input::InputBar;
use lookalikes_view::LookalikesWindow;
use options::OptionsPanel;
use protected::ProtectedPanel;
use registry_view::RegistryPanel;
use results::ResultsHeader;
use spoof_view::SpoofView;
use stages::{Stage, StageTabs, Stepper};
use std::path::PathBuf;
use tables::Tables;
use web_time::{Duration, Instant};

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
    /// The protected names, as the editor's text.
    protected: String,
}

const FOCUS_INPUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::L);
const OPEN_FILE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);

/// The two main views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// One name, step by step.
    Inspector,
    /// A file of names in a table.
    Batch,
}

/// The inspector window.
pub struct InspectorApp {
    input: InputBar,
    options: OptionsPanel,
    tables: Tables,
    results: ResultsHeader,
    tabs: StageTabs,
    /// The Encode/Decode tab's step-through position.
    stepper: Stepper,
    protected: ProtectedPanel,
    /// The Registry (LGR) tab: its ruleset choice and parsed rulesets.
    registry: RegistryPanel,
    /// The look-alike audit's window (opened from the Spoof check tab).
    lookalikes: LookalikesWindow,
    inspection: Option<Inspection>,
    help: HelpWindow,
    about: AboutWindow,
    view: View,
    batch: BatchView,
    /// `--batch FILE`, opened on the first frame (opening needs the egui context).
    pending_batch: Option<PathBuf>,
    /// The inspector shows a name picked in the batch table (offer Back).
    from_batch: bool,
    /// How long the last `ui()` call took (shown in the status bar).
    last_frame: Duration,
    /// The area the stage view got in the last frame (below the notes and the tab bar).
    stage_area: egui::Rect,
    /// The window was fitted to its monitor (done once, when the monitor's size is known).
    fitted: bool,
    /// Files the web page's picker delivered, taken in each frame.
    #[cfg(target_arch = "wasm32")]
    inbox: files::Inbox,
    /// The web page's URL fragment, kept in step with the input field.
    #[cfg(target_arch = "wasm32")]
    fragment: files::Fragment,
    /// The line naming the name's characters no bundled font draws.
    glyph_note: fonts::GlyphNote,
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
            stepper: Stepper::default(),
            protected: ProtectedPanel::with_text(remembered.protected),
            registry: RegistryPanel::default(),
            lookalikes: LookalikesWindow::default(),
            inspection: None,
            help: HelpWindow::default(),
            about: AboutWindow::default(),
            view: if startup.batch.is_some() {
                View::Batch
            } else {
                View::Inspector
            },
            batch: BatchView::default(),
            pending_batch: startup.batch,
            from_batch: false,
            last_frame: Duration::ZERO,
            stage_area: egui::Rect::NOTHING,
            fitted: false,
            #[cfg(target_arch = "wasm32")]
            inbox: files::Inbox::default(),
            #[cfg(target_arch = "wasm32")]
            fragment: files::Fragment::default(),
            glyph_note: fonts::GlyphNote::default(),
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

    /// The area the stage view got in the last frame (`Rect::NOTHING` before one).
    pub fn stage_area(&self) -> egui::Rect {
        self.stage_area
    }

    /// Opens out (or folds) the deviation note and the errors above the stages.
    pub fn open_notes(&mut self, open: bool) {
        self.results.deviation_open = open;
        self.results.errors_open = open;
    }

    /// The view on screen.
    pub fn view(&self) -> View {
        self.view
    }

    /// The protected names as the editor holds them (one per line).
    pub fn protected_names(&self) -> &str {
        &self.protected.text
    }

    /// Replaces the protected names (one per line), as the editor would.
    pub fn set_protected_names(&mut self, text: &str) {
        self.protected.text = text.to_string();
    }

    /// Shows the Spoof check tab of the inspector.
    pub fn show_spoof_check(&mut self) {
        self.view = View::Inspector;
        self.tabs.stage = Stage::Spoof;
    }

    /// How many batch records arrived so far.
    pub fn batch_record_count(&self) -> usize {
        self.batch.record_count()
    }

    /// The batch summary so far.
    pub fn batch_summary(&self) -> &crate::batch::Summary {
        self.batch.summary()
    }

    /// True while a batch job runs in the background.
    pub fn batch_running(&self) -> bool {
        self.batch.is_running()
    }

    /// True while the batch view still lays out names of rows not shown
    /// (their glyphs made ahead of scrolling; after the job, a few a frame).
    pub fn batch_glyphs_pending(&self) -> bool {
        self.batch.glyphs_pending()
    }

    /// The record in batch table row `row`, as filtered and sorted.
    pub fn batch_row(&self, row: usize) -> Option<&crate::batch::Record> {
        self.batch.visible_record(row)
    }

    /// Rows the batch table shows under its filter.
    pub fn batch_visible_rows(&self) -> usize {
        self.batch.visible_count()
    }

    /// Opens a file of names in the batch view and starts converting it.
    pub fn open_batch(&mut self, path: &std::path::Path, ctx: &egui::Context) {
        self.open_batch_file(BatchFile::Path(path.to_path_buf()), ctx);
    }

    /// Opens a file of names (a path, or the bytes of a file the web page
    /// was given) in the batch view and starts converting it.
    pub fn open_batch_file(&mut self, file: BatchFile, ctx: &egui::Context) {
        self.refresh();
        let settings = self.batch_settings();
        self.batch.open(file, settings, ctx);
        self.view = View::Batch;
    }

    /// What a batch run is computed with: the options, the table, the protected names.
    fn batch_settings(&self) -> BatchSettings {
        BatchSettings {
            options: self.options.options,
            table: self.tables.shared(),
            protected: self.protected.list().clone(),
            generation: (self.tables.generation(), self.protected.generation()),
            // The batch view turns it on when it shows profile columns.
            compare_profiles: false,
        }
    }

    #[cfg(target_arch = "wasm32")]
    fn pick_batch_file(&mut self, ctx: &egui::Context) {
        self.inbox.pick(files::Want::Batch, ctx);
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn pick_batch_file(&mut self, ctx: &egui::Context) {
        let picked = rfd::FileDialog::new()
            .set_title("Open a list of domain names")
            .add_filter("Domain lists", &["txt", "csv", "tsv", "list", "log"])
            .add_filter("All files", &["*"])
            .pick_file();
        match picked {
            Some(path) => self.open_batch(&path, ctx),
            None => {
                self.tables.message = Some(
                    "No file chosen (a file dialog needs a desktop portal or zenity; drag the file onto the window instead)."
                        .into(),
                )
            }
        }
    }

    /// The page offers the rows as a CSV download (formula-safe, as the desktop's CSV).
    #[cfg(target_arch = "wasm32")]
    fn export_batch(&mut self, filtered_only: bool, _ctx: &egui::Context) {
        let name = "idna-inspector-batch.csv";
        self.tables.message = Some(match self.batch.export_bytes(filtered_only, crate::batch::Format::Csv) {
            Ok((bytes, rows)) => match files::download(name, "text/csv", &bytes) {
                Ok(()) => format!("Exported {} rows to {name}", widgets::thousands(rows as u64)),
                Err(error) => error,
            },
            Err(error) => format!("Export failed: {error}"),
        });
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn export_batch(&mut self, filtered_only: bool, ctx: &egui::Context) {
        let picked = rfd::FileDialog::new()
            .set_title(if filtered_only {
                "Export the filtered rows"
            } else {
                "Export all rows"
            })
            .add_filter("CSV", &["csv"])
            .add_filter("JSON Lines", &["jsonl"])
            .set_file_name("idna-inspector-batch.csv")
            .save_file();
        match picked {
            Some(path) => self.export_batch_to(&path, filtered_only, ctx),
            None => self.tables.message = Some("No file chosen; nothing exported.".into()),
        }
    }

    /// Exports the batch rows (all, or those the filter shows) to `path` in the
    /// background: JSONL for `.jsonl`, TSV for `.tsv`, else formula-safe CSV.
    pub fn export_batch_to(&mut self, path: &std::path::Path, filtered_only: bool, ctx: &egui::Context) {
        self.batch.export(path, filtered_only, ctx);
    }

    /// Copies the current inspection's report (Markdown) to the clipboard.
    fn copy_report(&mut self, ctx: &egui::Context) {
        if let Some(inspection) = &self.inspection {
            ctx.copy_text(inspection.report().markdown());
            self.tables.message = Some("Report copied (Markdown).".into());
        }
    }

    /// The page offers the report as a download: Markdown, or HTML.
    #[cfg(target_arch = "wasm32")]
    fn save_report(&mut self) {
        self.download_report(false);
    }

    #[cfg(target_arch = "wasm32")]
    fn download_report(&mut self, html: bool) {
        let Some(inspection) = &self.inspection else { return };
        let report = inspection.report();
        let (name, mime, text) = if html {
            ("idna-inspector-report.html", "text/html", report.html())
        } else {
            ("idna-inspector-report.md", "text/markdown", report.markdown())
        };
        self.tables.message = Some(match files::download(name, mime, text.as_bytes()) {
            Ok(()) => format!("Report offered as {name}"),
            Err(error) => error,
        });
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn save_report(&mut self) {
        let picked = rfd::FileDialog::new()
            .set_title("Save the report")
            .add_filter("Markdown", &["md"])
            .add_filter("HTML", &["html", "htm"])
            .set_file_name("idna-inspector-report.md")
            .save_file();
        match picked {
            Some(path) => self.save_report_to(&path),
            None => self.tables.message = Some("No file chosen; no report saved.".into()),
        }
    }

    /// Writes the current inspection's report to `path`: HTML for `.html`/`.htm`,
    /// Markdown otherwise. The outcome (or the error) shows in the status bar.
    pub fn save_report_to(&mut self, path: &std::path::Path) {
        let Some(inspection) = &self.inspection else { return };
        let report = inspection.report();
        let html = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
        let text = if html { report.html() } else { report.markdown() };
        self.tables.message = Some(match std::fs::write(path, text) {
            Ok(()) => format!("Report saved to {}", path.display()),
            Err(error) => format!("Could not save the report to {}: {error}", path.display()),
        });
    }

    /// Files dropped on the window open in the batch view: by path on the
    /// desktop; in the web page, by contents once the browser has read them.
    fn take_dropped_files(&mut self, ui: &Ui) {
        let Some(dropped) = ui.input(|input| input.raw.dropped_files.first().cloned()) else {
            return;
        };
        let ctx = ui.ctx().clone();
        #[cfg(target_arch = "wasm32")]
        self.inbox.read_dropped(dropped, &ctx);
        #[cfg(not(target_arch = "wasm32"))]
        if !dropped.path().as_os_str().is_empty() {
            self.open_batch_file(BatchFile::Path(dropped.path().to_path_buf()), &ctx);
        }
    }

    /// Recomputes the trace if the input, the options, the table or the protected names changed.
    fn refresh(&mut self) {
        self.protected.refresh(&self.tables.engine(), self.tables.generation());
        let generation = (self.tables.generation(), self.protected.generation());
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
                self.protected.list(),
                generation,
            ));
            self.results.pinned = None;
        }
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui
                    .add(egui::Button::new("Open domain list…").shortcut_text(ui.ctx().format_shortcut(&OPEN_FILE)))
                    .on_hover_text("A text file (one name per line) or CSV/TSV; or drop it on the window")
                    .clicked()
                {
                    let ctx = ui.ctx().clone();
                    self.pick_batch_file(&ctx);
                    ui.close();
                }
                let has_rows = self.batch.record_count() > 0;
                if ui.add_enabled(has_rows, egui::Button::new("Export all rows…")).clicked() {
                    let ctx = ui.ctx().clone();
                    self.export_batch(false, &ctx);
                    ui.close();
                }
                if ui.add_enabled(has_rows, egui::Button::new("Export filtered rows…")).clicked() {
                    let ctx = ui.ctx().clone();
                    self.export_batch(true, &ctx);
                    ui.close();
                }
                ui.separator();
                let has_name = self.inspection.as_ref().is_some_and(|i| !i.input.is_empty());
                if ui
                    .add_enabled(has_name, egui::Button::new("Copy report"))
                    .on_hover_text("The whole inspection of this name as Markdown, to paste into a ticket")
                    .clicked()
                {
                    self.copy_report(ui.ctx());
                    ui.close();
                }
                if ui
                    .add_enabled(has_name, egui::Button::new("Save report…"))
                    .on_hover_text("Markdown (.md) or HTML (.html)")
                    .clicked()
                {
                    self.save_report();
                    ui.close();
                }
                #[cfg(target_arch = "wasm32")]
                if ui
                    .add_enabled(has_name, egui::Button::new("Save report as HTML"))
                    .on_hover_text("The whole inspection as an HTML page, downloaded")
                    .clicked()
                {
                    self.download_report(true);
                    ui.close();
                }
                #[cfg(not(target_arch = "wasm32"))]
                self.file_menu_desktop(ui);
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
            // The view switch shares the menu's row: the stages get its height.
            ui.separator();
            self.view_switch(ui);
            if self.view == View::Inspector {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let has_name = self.inspection.as_ref().is_some_and(|i| !i.input.is_empty());
                    if ui
                        .add_enabled(has_name, egui::Button::new("Save report…"))
                        .on_hover_text("The whole inspection as Markdown (.md) or HTML (.html)")
                        .clicked()
                    {
                        self.save_report();
                    }
                    if ui
                        .add_enabled(has_name, egui::Button::new("Copy report"))
                        .on_hover_text("The whole inspection of this name as Markdown, to paste into a ticket")
                        .clicked()
                    {
                        self.copy_report(ui.ctx());
                    }
                });
            }
        });
    }

    /// The File menu's entries the desktop has: a folder of mapping tables,
    /// an LGR file, Quit (the web page has no folders or files to name).
    #[cfg(not(target_arch = "wasm32"))]
    fn file_menu_desktop(&mut self, ui: &mut Ui) {
        ui.separator();
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
        if ui
            .button("Load LGR…")
            .on_hover_text("A registry's Label Generation Ruleset (RFC 7940 XML) for the Registry tab")
            .clicked()
        {
            if let Some(path) = rfd::FileDialog::new()
                .set_title("Label Generation Ruleset (RFC 7940 XML)")
                .add_filter("LGR", &["xml"])
                .pick_file()
            {
                self.registry.load_file(&path);
                self.tabs.stage = Stage::Registry;
            }
            ui.close();
        }
        ui.separator();
        if ui.button("Quit").clicked() {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
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

    fn view_switch(&mut self, ui: &mut Ui) {
        ui.selectable_value(&mut self.view, View::Inspector, RichText::new("Inspector").strong());
        ui.selectable_value(&mut self.view, View::Batch, RichText::new("Batch").strong());
        if self.view == View::Inspector && self.from_batch && ui.button("← Back to batch").clicked() {
            self.view = View::Batch;
        }
    }

    /// Shrinks the window once to fit its monitor, when it starts out larger
    /// (the default size does not fit a 1280×720 screen).
    fn fit_to_monitor(&mut self, ctx: &egui::Context) {
        if self.fitted {
            return;
        }
        let (monitor, inner) = ctx.input(|input| (input.viewport().monitor_size, input.viewport().inner_rect));
        let (Some(monitor), Some(inner)) = (monitor, inner) else {
            return;
        };
        self.fitted = true;
        // Room for the window's title bar and a panel or dock.
        let room = egui::vec2(monitor.x * 0.96, monitor.y * 0.9);
        if inner.width() > room.x || inner.height() > room.y {
            let size = inner.size().min(room);
            ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(size));
            ctx.send_viewport_cmd(egui::ViewportCommand::OuterPosition(((monitor - size) * 0.5).to_pos2()));
        }
    }

    fn shortcuts(&mut self, ui: &Ui) {
        if ui.input_mut(|input| input.consume_key(Modifiers::NONE, Key::F1)) {
            self.help.open = true;
        }
        if ui.input_mut(|input| input.consume_shortcut(&FOCUS_INPUT)) {
            self.view = View::Inspector;
            self.input.request_focus();
        }
        if ui.input_mut(|input| input.consume_shortcut(&OPEN_FILE)) {
            let ctx = ui.ctx().clone();
            self.pick_batch_file(&ctx);
        }
    }
}

impl InspectorApp {
    /// Draws the whole window into `ui` (what [`eframe::App::ui`] calls;
    /// tests call it directly).
    pub fn show(&mut self, ui: &mut Ui) {
        let started = Instant::now();
        if let Some(path) = self.pending_batch.take() {
            let ctx = ui.ctx().clone();
            self.open_batch(&path, &ctx);
        }
        self.shortcuts(ui);
        self.fit_to_monitor(ui.ctx());
        self.take_dropped_files(ui);
        egui::Panel::top("top").show(ui, |ui| {
            self.menu_bar(ui);
            if self.view == View::Inspector {
                let flagged = self
                    .inspection
                    .as_ref()
                    .map(|i| i.spoof.offending_chars())
                    .unwrap_or_default();
                self.input.ui(ui, &flagged);
            }
            self.options.ui(ui);
            ui.add_space(2.0);
        });
        self.refresh();
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        match self.view {
            View::Inspector => self.inspector_ui(ui),
            View::Batch => self.batch_ui(ui),
        }
        self.help.ui(ui.ctx());
        self.about.ui(ui.ctx(), self.tables.engine().table());
        self.lookalikes.ui(ui.ctx());
        self.batch.error_dialog(ui.ctx());
        self.last_frame = started.elapsed();
    }

    fn inspector_ui(&mut self, ui: &mut Ui) {
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
            pasted_note(ui, inspection);
            let shown = format!("{} {}", inspection.input, inspection.results.to_unicode.value);
            self.glyph_note.ui(ui, &shown);
            if inspection.spoof.risk != crate::spoof::Risk::None && self.tabs.stage != Stage::Spoof {
                spoof_banner(ui, &inspection.spoof, &mut self.tabs);
            }
            self.stage_area = self.tabs.ui(ui, inspection, highlight, &mut self.stepper);
            if self.tabs.stage == Stage::Spoof {
                SpoofView {
                    report: &inspection.spoof,
                }
                .ui(ui, &mut self.protected, &mut self.lookalikes);
            }
            if self.tabs.stage == Stage::Registry {
                self.registry.ui(
                    ui,
                    inspection.host(),
                    &inspection.results.to_unicode.value,
                    self.protected.list(),
                    self.protected.generation(),
                );
            }
        });
    }

    fn batch_ui(&mut self, ui: &mut Ui) {
        let settings = self.batch_settings();
        let action = egui::CentralPanel::default().show(ui, |ui| self.batch.ui(ui, settings)).inner;
        if let Some(BatchAction::Inspect(name)) = action {
            self.input = InputBar::with_text(name);
            self.from_batch = true;
            self.view = View::Inspector;
        }
    }
}

/// "Host taken from the URL: …" with what was set aside greyed, when the
/// text typed or pasted is more than a host; or why it holds none.
fn pasted_note(ui: &mut Ui, inspection: &Inspection) {
    if let Some(taken) = &inspection.taken {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            ui.label(format!("Host taken from {}: ", taken.from.noun()));
            // An empty label in a wrapped row is laid out from the row's
            // start, over the text before it: only what was set aside is shown.
            if !taken.before.is_empty() {
                ui.label(RichText::new(&taken.before).monospace().weak());
            }
            ui.label(RichText::new(&taken.host).monospace().strong());
            if !taken.after.is_empty() {
                ui.label(RichText::new(&taken.after).monospace().weak());
            }
        });
    } else if let Some(reason) = inspection.no_host {
        ui.label(RichText::new(reason.sentence()).color(ui.visuals().warn_fg_color));
    }
}

/// One line above the stages when the spoof check found something, with a
/// way to the details (the reason is cut to the line; hover shows it whole).
fn spoof_banner(ui: &mut Ui, report: &crate::spoof::SpoofReport, tabs: &mut StageTabs) {
    ui.horizontal(|ui| {
        let color = if report.risk == crate::spoof::Risk::High {
            widgets::error_color(ui)
        } else {
            ui.visuals().warn_fg_color
        };
        ui.label(
            RichText::new(format!("Spoof risk: {}", report.risk.name()))
                .color(color)
                .strong(),
        );
        // Right to left, so the button keeps its place and the reason takes what is left.
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("Spoof check details").clicked() {
                tabs.stage = Stage::Spoof;
            }
            if let Some(reason) = report.reasons.first() {
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.add(egui::Label::new(reason.as_str()).truncate())
                        .on_hover_text(reason.as_str());
                });
            }
        });
    });
    ui.add_space(2.0);
}

impl eframe::App for InspectorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        #[cfg(target_arch = "wasm32")]
        self.take_in_web(ui.ctx());
        self.show(ui);
    }

    /// The web page's test hook reads the app through this (`WebRunner::app_mut`).
    #[cfg(target_arch = "wasm32")]
    fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        Some(&mut *self)
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let remembered = Remembered {
            input: self.input.text.clone(),
            options: self.options,
            tabs: self.tabs,
            protected: self.protected.text.clone(),
        };
        eframe::set_value(storage, eframe::APP_KEY, &remembered);
    }
}

#[cfg(target_arch = "wasm32")]
impl InspectorApp {
    /// The web page's news since the last frame: the URL fragment (a name
    /// opened by a link), and the files its picker delivered.
    fn take_in_web(&mut self, ctx: &egui::Context) {
        if let Some(name) = self.fragment.sync(&self.input.text) {
            self.input = InputBar::with_text(name);
            self.view = View::Inspector;
        }
        if std::mem::take(&mut self.protected.wants_file) {
            self.inbox.pick(files::Want::Protected, ctx);
        }
        for opened in self.inbox.take() {
            match opened {
                files::Opened::Batch(file) => {
                    self.open_batch_file(file, ctx);
                    self.view = View::Batch;
                }
                files::Opened::Protected { name, text } => self.protected.import_text(&name, &text),
                files::Opened::Failed(reason) => self.batch.error = Some(reason),
            }
        }
    }
}

/// Opens the window and runs until it is closed.
///
/// Errors: eframe's, e.g. when no display is available.
#[cfg(not(target_arch = "wasm32"))]
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
