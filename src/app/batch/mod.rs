//! The batch view: a file of domains converted in the background, shown as
//! a filterable, sortable, virtualized table with a summary chart; a row
//! opens in the inspector, and the rows export as CSV, TSV or JSONL.

mod export;
mod filter;
mod glyphs;
mod job;
mod rows;
mod settings;
mod source;
mod store;
mod summary;
mod table;

pub use job::BatchFile;
pub use settings::BatchSettings;
pub use table::BatchAction;

use crate::batch::{Column as InputColumn, InputFormat, Record, Summary, reader};
use eframe::egui;
use egui::{RichText, Ui};
use export::{Export, ExportRows};
use job::Message;
use rows::Rows;
use source::Source;
use std::path::Path;
use table::{BatchTable, ShownProfiles};

/// A file's records and how they are shown.
#[derive(Default)]
pub struct BatchView {
    /// The file and its run (`None` until a file is opened).
    source: Option<Source>,
    rows: Rows,
    profiles: ShownProfiles,
    export: Export,
    /// A failure to report in a dialog (cannot open, cannot read, export failed).
    pub error: Option<String>,
}

impl BatchView {
    /// How many records arrived so far.
    pub fn record_count(&self) -> usize {
        self.rows.records.len()
    }

    /// The summary so far.
    pub fn summary(&self) -> &Summary {
        &self.rows.summary
    }

    /// The record shown in table row `row` (under the current filter and sort).
    pub fn visible_record(&self, row: usize) -> Option<&Record> {
        self.rows.visible_record(row)
    }

    /// True while the background job runs.
    pub fn is_running(&self) -> bool {
        self.source.as_ref().is_some_and(|source| source.job.is_running())
    }

    /// True while names of rows not shown are left to lay out ([`glyphs`]).
    pub fn glyphs_pending(&self) -> bool {
        self.rows.glyphs.pending()
    }

    /// How many rows the table shows under the current filter.
    pub fn visible_count(&self) -> usize {
        self.rows.visible.len()
    }

    /// Opens `file`: guesses its layout from its name, reads a CSV/TSV header
    /// (picking the column named like a domain), and starts converting. A
    /// file that cannot be read leaves the current rows as they are.
    pub fn open(&mut self, file: BatchFile, settings: BatchSettings, ctx: &egui::Context) {
        let mut format = InputFormat::guess(Path::new(&file.name()), InputColumn::Index(0));
        let mut header = Vec::new();
        if let Some(delimiter) = format.delimiter() {
            // One header line, read here so the column picker can show it at once.
            match file.open().and_then(|input| reader::read_header(input, delimiter)) {
                Ok(cells) => {
                    format = format.with_column(InputColumn::Index(likely_domain_column(&cells)));
                    header = cells;
                }
                Err(error) => {
                    self.error = Some(format!("Cannot read {}: {error}", file.full_name()));
                    return;
                }
            }
        }
        self.start(file, format, header, settings, ctx);
    }

    fn start(&mut self, file: BatchFile, format: InputFormat, header: Vec<String>, settings: BatchSettings, ctx: &egui::Context) {
        if let Some(source) = &self.source {
            source.job.cancel();
        }
        let settings = BatchSettings {
            compare_profiles: !self.profiles.shown.is_empty(),
            ..settings
        };
        self.rows.clear();
        self.profiles.clear_cells();
        self.export.message = None;
        self.source = Some(Source::start(file, format, header, settings, ctx));
    }

    /// Takes in what the worker and the export sent since the last frame.
    fn poll(&mut self) {
        if let Some(source) = self.source.as_mut() {
            for message in source.poll() {
                match message {
                    Message::Records(chunk) => self.rows.push_chunk(chunk),
                    // Rows that came in while a sort was set were appended; sort them in once, at the end.
                    Message::Finished { .. } => self.rows.sort_visible(),
                    Message::Failed(error) => {
                        self.error = Some(error);
                        self.rows.sort_visible();
                    }
                }
            }
        }
        if let Err(error) = self.export.poll() {
            self.error = Some(error);
        }
    }

    /// Shows the view; `settings` are the app's current ones (a change offers a re-run).
    pub fn ui(&mut self, ui: &mut Ui, settings: BatchSettings) -> Option<BatchAction> {
        self.poll();
        if self.is_running() {
            // Progress (rate, ETA) moves even between chunks; on the web the
            // conversion itself runs a slice per frame (job.rs).
            let wait = if cfg!(target_arch = "wasm32") { 0 } else { 100 };
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(wait));
        }
        let Some(source) = &self.source else {
            ui.add_space(40.0);
            ui.vertical_centered(|ui| {
                ui.label(RichText::new("Drop a file of domain names here").size(20.0));
                ui.label("or use File → Open domain list… (Ctrl+O).");
                ui.label("Plain text (one name per line; blank and # lines are skipped) or CSV/TSV with a header row.");
            });
            return None;
        };
        if let Some(format) = source.bar(ui, &settings, &mut self.profiles) {
            let (file, header) = (source.job.file.clone(), source.header.clone());
            self.start(file, format, header, settings, &ui.ctx().clone());
        }
        let Some(source) = &self.source else { return None };
        source.progress_bar(ui, self.rows.records.len() as u64, self.export.message.as_deref());
        ui.separator();
        self.rows.filter_bar(ui, source.run.compare_profiles);
        let mut action = None;
        let running = source.job.is_running();
        let (rows, profiles, run) = (&mut self.rows, &mut self.profiles, Some(&source.run));
        // A strip gives the table and the summary each their own clipped region.
        egui_extras::StripBuilder::new(ui)
            .size(egui_extras::Size::remainder().at_least(300.0))
            .size(egui_extras::Size::exact(290.0))
            .horizontal(|mut strip| {
                strip.cell(|ui| {
                    // Profile columns can make the table wider than its place: it scrolls sideways then.
                    egui::ScrollArea::horizontal().id_salt("batch-table-sideways").show(ui, |ui| {
                        action = BatchTable {
                            rows: &mut *rows,
                            profiles,
                            run,
                            running,
                        }
                        .ui(ui)
                    });
                });
                strip.cell(|ui| {
                    egui::ScrollArea::vertical().id_salt("batch-summary").show(ui, |ui| {
                        if let Some(show) = summary::SummaryPanel::new(&rows.summary).ui(ui) {
                            rows.show(show);
                        }
                    });
                });
            });
        action
    }

    /// The rows as a file's contents (CSV, formula-safe, or JSONL), for the
    /// web page's download; with the number of rows.
    /// Errors: writing a record failed.
    #[cfg(target_arch = "wasm32")]
    pub fn export_bytes(&self, filtered_only: bool, format: crate::batch::Format) -> std::io::Result<(Vec<u8>, usize)> {
        export::rows_bytes(
            format,
            &rows_to_export(&self.rows, &self.source, &self.profiles, filtered_only),
        )
    }

    /// Writes all rows, or the filtered rows in display order, to `path`
    /// (JSONL for a `.jsonl`/`.json` name, TSV for `.tsv`, CSV otherwise;
    /// CSV/TSV formula-safe), with the profile columns shown, on a background
    /// thread; the outcome shows in the progress line, a failure in the dialog.
    pub fn export(&mut self, path: &Path, filtered_only: bool, ctx: &egui::Context) {
        let what = rows_to_export(&self.rows, &self.source, &self.profiles, filtered_only);
        self.export.start(path, what, ctx);
    }

    /// Shows a failure as a dialog until dismissed.
    pub fn error_dialog(&mut self, ctx: &egui::Context) {
        let Some(message) = self.error.clone() else { return };
        let mut open = true;
        egui::Window::new("Batch problem")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .open(&mut open)
            .show(ctx, |ui| {
                ui.label(message);
                if ui.button("OK").clicked() {
                    self.error = None;
                }
            });
        if !open {
            self.error = None;
        }
    }
}

/// The rows an export writes: all, or those the filter shows in display
/// order, with the profile columns shown (the desktop's file and the web
/// page's download alike).
fn rows_to_export<'a>(
    rows: &'a Rows,
    source: &'a Option<Source>,
    profiles: &'a ShownProfiles,
    filtered_only: bool,
) -> ExportRows<'a> {
    ExportRows {
        records: &rows.records,
        rows: filtered_only.then_some(rows.visible.as_slice()),
        run: source.as_ref().map(|source| &source.run),
        profiles: &profiles.shown,
    }
}

/// The first header cell that names a domain or host, else the first column.
fn likely_domain_column(header: &[String]) -> usize {
    let wanted = ["domain", "host", "hostname", "fqdn", "name", "url"];
    header
        .iter()
        .position(|cell| wanted.iter().any(|w| cell.trim().to_lowercase().contains(w)))
        .unwrap_or(0)
}
