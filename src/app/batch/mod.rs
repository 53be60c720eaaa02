//! The batch view: a file of domains converted in the background, shown as
//! a filterable, sortable, virtualized table with a summary chart; a row
//! opens in the inspector, and the rows export as CSV or JSONL.

mod filter;
mod job;
mod store;
mod summary;

use crate::batch::{Column as InputColumn, Format, InputFormat, Record, RecordWriter, Summary, reader};
use crate::spoof::{ProtectedList, Risk};
use crate::table::MappingTable;
use crate::uts46::Options;
use eframe::egui;
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};
use filter::{Filter, Show, SortColumn, error_text};
use job::{Job, Message};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};
use store::RecordStore;

/// What the batch view asks of the app.
pub enum BatchAction {
    /// Open this name in the inspector.
    Inspect(String),
}

/// What a batch run is computed with.
#[derive(Clone)]
pub struct BatchSettings {
    pub options: Options,
    /// The loaded table (`None`: the bundled one).
    pub table: Option<Arc<MappingTable>>,
    /// The names the spoof check compares with.
    pub protected: Arc<ProtectedList>,
    /// The table's and the protected list's generation numbers.
    pub generation: (u64, u64),
}

impl BatchSettings {
    /// What decides whether records are stale.
    fn key(&self) -> (Options, (u64, u64)) {
        (self.options, self.generation)
    }
}

/// A file's records and how they are shown.
#[derive(Default)]
pub struct BatchView {
    job: Option<Job>,
    /// The file's layout; for CSV/TSV, the header cells to choose the column from.
    format: Option<InputFormat>,
    header: Vec<String>,
    records: RecordStore,
    summary: Summary,
    /// The options and table/protected-list generations the records were computed with.
    computed_with: Option<(Options, (u64, u64))>,
    filter: Filter,
    /// Indices into `records` that pass the filter, in display order.
    visible: Vec<u32>,
    sort: Option<(SortColumn, bool)>,
    /// A failure to report in a dialog (cannot open, cannot read, export failed).
    pub error: Option<String>,
    /// The last export's outcome, for the status line.
    export_message: Option<String>,
    /// An export writing in the background: its file and where its outcome arrives.
    export: Option<(PathBuf, mpsc::Receiver<std::io::Result<usize>>)>,
}

impl BatchView {
    /// True once a file was opened.
    pub fn has_file(&self) -> bool {
        self.job.is_some()
    }

    /// How many records arrived so far.
    pub fn record_count(&self) -> usize {
        self.records.len()
    }

    /// The summary so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The record shown in table row `row` (under the current filter and sort).
    pub fn visible_record(&self, row: usize) -> Option<&Record> {
        self.visible.get(row).map(|&index| self.records.get(index as usize))
    }

    /// True while the background job runs.
    pub fn is_running(&self) -> bool {
        self.job.as_ref().is_some_and(Job::is_running)
    }

    /// How many rows the table shows under the current filter.
    pub fn visible_count(&self) -> usize {
        self.visible.len()
    }

    /// Opens `path`: guesses its layout, reads a CSV/TSV header (picking the
    /// column named like a domain), and starts converting.
    pub fn open(&mut self, path: &Path, settings: BatchSettings, ctx: &egui::Context) {
        let mut format = InputFormat::guess(path, InputColumn::Index(0));
        self.header.clear();
        if let Some(delimiter) = format.delimiter() {
            // One header line, read here so the column picker can show it at once.
            match std::fs::File::open(path).and_then(|file| reader::read_header(file, delimiter)) {
                Ok(header) => {
                    format = format.with_column(InputColumn::Index(likely_domain_column(&header)));
                    self.header = header;
                }
                Err(error) => {
                    self.error = Some(format!("Cannot read {}: {error}", path.display()));
                    return;
                }
            }
        }
        self.start(path.to_path_buf(), format, settings, ctx);
    }

    fn start(&mut self, path: PathBuf, format: InputFormat, settings: BatchSettings, ctx: &egui::Context) {
        if let Some(job) = &self.job {
            job.cancel();
        }
        self.records = RecordStore::default();
        self.summary = Summary::default();
        self.visible.clear();
        self.export_message = None;
        self.computed_with = Some(settings.key());
        self.format = Some(format.clone());
        self.job = Some(Job::start(path, format, settings, ctx.clone()));
    }

    /// Takes in what the worker sent since the last frame.
    fn poll(&mut self) {
        let Some(job) = self.job.as_mut() else { return };
        let needle = self.filter.needle();
        for message in job.poll() {
            match message {
                Message::Records(records) => {
                    let first = self.records.len();
                    self.records.push_chunk(records);
                    for index in first..self.records.len() {
                        let record = &self.records[index];
                        self.summary.add(record);
                        if self.filter.matches(record, &needle) {
                            self.visible.push(index as u32);
                        }
                    }
                }
                // Rows that came in while a sort was set were appended; sort them in once, at the end.
                Message::Finished { .. } => self.sort_visible(),
                Message::Failed(error) => {
                    self.error = Some(error);
                    self.sort_visible();
                }
            }
        }
    }

    fn sort_visible(&mut self) {
        if let Some((column, ascending)) = self.sort {
            column.sort(&mut self.visible, &self.records, ascending);
        }
    }

    fn refilter(&mut self) {
        let needle = self.filter.needle();
        self.visible = (0..self.records.len() as u32)
            .filter(|&i| self.filter.matches(&self.records[i as usize], &needle))
            .collect();
        self.sort_visible();
    }

    /// Shows the view; `settings` are the app's current ones (a change offers a re-run).
    pub fn ui(&mut self, ui: &mut Ui, settings: BatchSettings) -> Option<BatchAction> {
        self.poll();
        self.poll_export();
        if self.is_running() {
            // Progress (rate, ETA) moves even between chunks.
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
        }
        if !self.has_file() {
            ui.add_space(40.0);
            ui.vertical_centered(|ui| {
                ui.label(RichText::new("Drop a file of domain names here").size(20.0));
                ui.label("or use File → Open domain list… (Ctrl+O).");
                ui.label("Plain text (one name per line; blank and # lines are skipped) or CSV/TSV with a header row.");
            });
            return None;
        }
        self.source_bar(ui, settings);
        self.progress_bar(ui);
        ui.separator();
        if self.filter_bar(ui) {
            self.refilter();
        }
        let mut action = None;
        // A strip gives the table and the summary each their own clipped region.
        egui_extras::StripBuilder::new(ui)
            .size(egui_extras::Size::remainder().at_least(300.0))
            .size(egui_extras::Size::exact(290.0))
            .horizontal(|mut strip| {
                strip.cell(|ui| action = self.table(ui));
                strip.cell(|ui| {
                    egui::ScrollArea::vertical().id_salt("batch-summary").show(ui, |ui| {
                        if let Some(show) = summary::SummaryPanel::new(&self.summary).ui(ui) {
                            self.filter.show = show;
                            self.refilter();
                        }
                    });
                });
            });
        action
    }

    /// The file name, the column choice (CSV/TSV), and a re-run offer when the options changed.
    fn source_bar(&mut self, ui: &mut Ui, settings: BatchSettings) {
        let Some(job) = &self.job else { return };
        let path = job.path.clone();
        let mut restart_with = None;
        ui.horizontal(|ui| {
            ui.strong(
                path.file_name()
                    .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned()),
            )
            .on_hover_text(path.display().to_string());
            ui.weak(format!("{:.1} MB", job.total_bytes as f64 / 1e6));
            match &self.format {
                Some(InputFormat::Lines) => {
                    ui.weak("plain text, one name per line");
                }
                Some(format @ (InputFormat::Csv(column) | InputFormat::Tsv(column))) => {
                    let current = match column {
                        InputColumn::Index(index) => *index,
                        InputColumn::Name(_) => 0,
                    };
                    let mut chosen = current;
                    let name = |i: usize| self.header.get(i).cloned().unwrap_or_else(|| format!("column {}", i + 1));
                    egui::ComboBox::from_label("Column with the names")
                        .selected_text(name(current))
                        .show_ui(ui, |ui| {
                            for index in 0..self.header.len().max(1) {
                                ui.selectable_value(&mut chosen, index, name(index));
                            }
                        });
                    if chosen != current {
                        restart_with = Some(format.clone().with_column(InputColumn::Index(chosen)));
                    }
                }
                None => {}
            }
            let stale = self.computed_with.is_some_and(|computed| computed != settings.key());
            if stale && ui.button("Options or protected names changed: re-run").clicked() {
                restart_with = self.format.clone();
            }
        });
        if let Some(format) = restart_with {
            let ctx = ui.ctx().clone();
            self.start(path, format, settings, &ctx);
        }
    }

    fn progress_bar(&mut self, ui: &mut Ui) {
        let Some(job) = &self.job else { return };
        let bytes = job.bytes_read.load(Ordering::Relaxed);
        let lines = self.records.len() as u64;
        let elapsed = job.finished_after.unwrap_or_else(|| job.started.elapsed()).as_secs_f64();
        let rate = lines as f64 / elapsed.max(1e-3);
        ui.horizontal(|ui| {
            if job.is_running() {
                let fraction = if job.total_bytes > 0 {
                    bytes as f32 / job.total_bytes as f32
                } else {
                    0.0
                };
                let byte_rate = bytes as f64 / elapsed.max(1e-3);
                let eta = job.total_bytes.saturating_sub(bytes) as f64 / byte_rate.max(1.0);
                let text = format!(
                    "{} lines · {:.1} of {:.1} MB · {} lines/s · ETA {:.0} s",
                    thousands(lines),
                    bytes as f64 / 1e6,
                    job.total_bytes as f64 / 1e6,
                    thousands(rate as u64),
                    eta
                );
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .text(text)
                        .desired_width(ui.available_width() - 90.0),
                );
                if ui.button("Cancel").clicked() {
                    job.cancel();
                }
            } else {
                let how = if job.cancelled { "cancelled after" } else { "done in" };
                ui.label(format!(
                    "{} lines, {how} {elapsed:.2} s ({} lines/s)",
                    thousands(lines),
                    thousands(rate as u64)
                ));
                if job.cancelled {
                    ui.weak("· the rows so far are kept");
                }
            }
            if let Some(message) = &self.export_message {
                ui.separator();
                ui.label(message);
            }
        });
    }

    /// The filter choice and the search field; returns true when either changed.
    fn filter_bar(&mut self, ui: &mut Ui) -> bool {
        let before = self.filter.clone();
        ui.horizontal(|ui| {
            ui.label("Show:");
            for show in [Show::All, Show::Errors, Show::Deviation, Show::NonAscii, Show::Suspicious] {
                ui.selectable_value(&mut self.filter.show, show, show.label());
            }
            let code_text = match self.filter.show {
                Show::Code(code) => code.to_string(),
                _ => "any".to_string(),
            };
            egui::ComboBox::from_label("Error code")
                .selected_text(code_text)
                .show_ui(ui, |ui| {
                    for (code, count) in self.summary.codes() {
                        ui.selectable_value(&mut self.filter.show, Show::Code(code), format!("{code} ({count})"));
                    }
                });
            ui.add(
                egui::TextEdit::singleline(&mut self.filter.search)
                    .hint_text("search")
                    .desired_width(160.0),
            )
            .on_hover_text("Text to look for in the input, ToASCII and ToUnicode (ignores case)");
            ui.weak(format!(
                "{} of {} rows",
                thousands(self.visible.len() as u64),
                thousands(self.records.len() as u64)
            ));
        });
        self.filter != before
    }

    fn table(&mut self, ui: &mut Ui) -> Option<BatchAction> {
        let mut action = None;
        let mut sort_clicked = None;
        let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
        // Selectable labels would take the click that opens a row.
        ui.style_mut().interaction.selectable_labels = false;
        TableBuilder::new(ui)
            .id_salt("batch-table")
            .striped(true)
            .resizable(true)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            // Initial widths that fit beside the summary panel at the default window size.
            .column(Column::auto().at_least(56.0))
            .column(Column::initial(200.0).at_least(80.0).clip(true))
            .column(Column::initial(200.0).at_least(80.0).clip(true))
            .column(Column::initial(170.0).at_least(80.0).clip(true))
            .column(Column::initial(90.0).at_least(50.0).clip(true))
            .column(Column::auto().at_least(40.0))
            .column(Column::auto().at_least(64.0))
            .column(Column::auto().at_least(44.0))
            .column(Column::remainder().at_least(80.0).clip(true))
            .header(24.0, |mut header| {
                for column in SortColumn::ALL {
                    header.col(|ui| {
                        let arrow = match self.sort {
                            Some((sorted, true)) if sorted == column => " ⏶",
                            Some((sorted, false)) if sorted == column => " ⏷",
                            _ => "",
                        };
                        if ui
                            .add(egui::Button::new(RichText::new(format!("{}{arrow}", column.title())).strong()).frame(false))
                            .on_hover_text("Sort by this column (again: reverse)")
                            .clicked()
                        {
                            sort_clicked = Some(column);
                        }
                    });
                }
            })
            .body(|body| {
                body.rows(row_height, self.visible.len(), |mut row| {
                    let record = &self.records[self.visible[row.index()] as usize];
                    batch_row(&mut row, record);
                    if row.response().clicked() && record.note().is_none() {
                        action = Some(BatchAction::Inspect(record.input().to_string()));
                    }
                });
            });
        if let Some(column) = sort_clicked {
            let ascending = !matches!(self.sort, Some((sorted, true)) if sorted == column);
            self.sort = Some((column, ascending));
            self.sort_visible();
        }
        action
    }

    /// Writes all rows, or the filtered rows in display order, to `path`
    /// (JSONL for a `.jsonl`/`.json` name, TSV for `.tsv`, CSV otherwise;
    /// CSV/TSV formula-safe) on a background thread; the outcome shows in the
    /// progress line, a failure in the dialog.
    pub fn export(&mut self, path: &Path, filtered_only: bool, ctx: &egui::Context) {
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some("jsonl" | "json") => Format::Jsonl,
            Some("tsv") => Format::Tsv,
            _ => Format::Csv,
        };
        let records = self.records.clone();
        let rows = filtered_only.then(|| self.visible.clone());
        let (sender, receiver) = mpsc::channel();
        let (target, ctx) = (path.to_path_buf(), ctx.clone());
        std::thread::spawn(move || {
            let _ = sender.send(write_rows(&target, format, &records, rows.as_deref()));
            ctx.request_repaint();
        });
        self.export_message = Some(format!("Exporting to {}…", path.display()));
        self.export = Some((path.to_path_buf(), receiver));
    }

    /// Takes in the outcome of a finished export.
    fn poll_export(&mut self) {
        let Some((path, receiver)) = &self.export else { return };
        let Ok(result) = receiver.try_recv() else { return };
        match result {
            Ok(rows) => self.export_message = Some(format!("Exported {} rows to {}", thousands(rows as u64), path.display())),
            Err(error) => {
                self.export_message = None;
                self.error = Some(format!("Export to {} failed: {error}", path.display()));
            }
        }
        self.export = None;
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

fn batch_row(row: &mut egui_extras::TableRow<'_, '_>, record: &Record) {
    use crate::batch::ResultKind;
    row.col(|ui| {
        ui.weak(record.line.to_string());
    });
    // Monospace throughout: a proportional font can draw "--" like a dash, and hyphens matter here.
    row.col(|ui| {
        let input = record.input();
        let shown = crate::display::visual_order(input).unwrap_or_else(|| input.to_string());
        let label = ui.monospace(shown);
        if let Some(note) = record.note() {
            label.on_hover_text(note.to_string());
        }
    });
    row.col(|ui| {
        ui.monospace(record.result(ResultKind::ToAsciiN));
    });
    row.col(|ui| {
        let text = record.result(ResultKind::ToUnicode);
        ui.monospace(crate::display::visual_order(text).unwrap_or_else(|| text.to_string()));
    });
    row.col(|ui| {
        match record.note() {
            Some(note) if note.is_skip() => ui.weak(note.to_string()),
            _ => {
                let text = error_text(record);
                if text.is_empty() {
                    ui.label(RichText::new("✔").color(crate::app::widgets::ok_color(ui)))
                } else {
                    ui.label(RichText::new(text).color(crate::app::widgets::error_color(ui)))
                }
            }
        };
    });
    row.col(|ui| {
        if record.transitional_differs() {
            ui.label(RichText::new("T≠N").strong())
                .on_hover_text(format!("Transitional ToASCII: {}", record.result(ResultKind::ToAsciiT)));
        }
    });
    let spoof = record.spoof();
    row.col(|ui| {
        if let Some(spoof) = spoof {
            ui.label(spoof.display.name())
                .on_hover_text("How a browser following Chromium's published IDN policy would show it");
        }
    });
    row.col(|ui| {
        if let Some(spoof) = spoof {
            let text = RichText::new(spoof.risk.name());
            let text = match spoof.risk {
                Risk::High => text.color(crate::app::widgets::error_color(ui)).strong(),
                Risk::Low => text.color(ui.visuals().warn_fg_color),
                Risk::None => text.weak(),
            };
            ui.label(text);
        }
    });
    row.col(|ui| {
        if let Some(spoof) = spoof {
            let titles: Vec<&str> = spoof.findings.iter().map(|kind| kind.title()).collect();
            let label = ui.label(RichText::new(spoof.findings.codes()).small());
            if !titles.is_empty() {
                label.on_hover_text(titles.join("\n"));
            }
        }
    });
}

/// Writes `rows` (indices into `records`; all records when `None`) to a new
/// file at `path`; returns how many were written.
fn write_rows(path: &Path, format: Format, records: &RecordStore, rows: Option<&[u32]>) -> std::io::Result<usize> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let spoof = records.iter().any(|record| record.spoof().is_some());
    let mut writer = RecordWriter::with_columns(format, file, spoof)?.formula_safe(true);
    let mut written = 0;
    let mut write = |record: &Record| {
        written += 1;
        writer.write(record)
    };
    match rows {
        Some(rows) => rows.iter().try_for_each(|&index| write(&records[index as usize]))?,
        None => records.iter().try_for_each(write)?,
    }
    writer.finish()?;
    Ok(written)
}

/// The first header cell that names a domain or host, else the first column.
fn likely_domain_column(header: &[String]) -> usize {
    let wanted = ["domain", "host", "hostname", "fqdn", "name", "url"];
    header
        .iter()
        .position(|cell| wanted.iter().any(|w| cell.trim().to_lowercase().contains(w)))
        .unwrap_or(0)
}

/// 1234567 → "1,234,567".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
