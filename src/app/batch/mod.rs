//! The batch view: a file of domains converted in the background, shown as
//! a filterable, sortable, virtualized table with a summary chart; a row
//! opens in the inspector, and the rows export as CSV or JSONL.

mod filter;
mod job;
mod store;
mod summary;

use crate::batch::{Column as InputColumn, Format, InputFormat, Record, RecordWriter, Summary, reader};
use crate::profiles::{Profile, ProfileColumns};
use crate::spoof::{ProtectedList, Risk};
use crate::table::MappingTable;
use crate::uts46::{Options, Uts46};
use eframe::egui;
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};
use filter::{Filter, Show, SortColumn, error_text};
use job::{Job, Message};
use std::collections::HashMap;
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
    /// Run the comparison profiles on every line, for the "profiles disagree"
    /// filter (set by the view when the user asks for profile columns).
    pub compare_profiles: bool,
}

impl BatchSettings {
    /// The engine on the loaded table, or the bundled one.
    fn engine(&self) -> Uts46<'_> {
        match &self.table {
            Some(table) => Uts46::with_table(table),
            None => Uts46::new(),
        }
    }

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
    /// What the current records were computed with (the staleness check,
    /// the profile cells and the export read it).
    run: Option<BatchSettings>,
    /// The profiles whose columns the table and the export show, in [`Profile::ALL`] order.
    profiles_shown: Vec<Profile>,
    /// Profile cells of rows drawn so far, by record index: computed when a
    /// row first shows (a screenful at a time), never for the whole file.
    profile_cells: HashMap<u32, Option<ProfileColumns>>,
    /// Records on which the profiles disagree (runs that compare profiles).
    disagree_count: usize,
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
        let settings = self.with_profiles(settings);
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
        self.profile_cells.clear();
        self.disagree_count = 0;
        self.run = Some(settings.clone());
        self.format = Some(format.clone());
        self.job = Some(Job::start(path, format, settings, ctx.clone()));
    }

    /// Takes in what the worker sent since the last frame.
    fn poll(&mut self) {
        let Some(job) = self.job.as_mut() else { return };
        let needle = self.filter.needle();
        for message in job.poll() {
            match message {
                Message::Records(chunk) => {
                    let first = self.records.len();
                    self.records.push_chunk(chunk);
                    for index in first..self.records.len() {
                        let record = &self.records[index];
                        let disagree = self.records.disagree(index);
                        self.summary.add(record);
                        self.disagree_count += usize::from(disagree == Some(true));
                        if self.filter.matches(record, disagree, &needle) {
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
            .filter(|&i| {
                let index = i as usize;
                self.filter
                    .matches(&self.records[index], self.records.disagree(index), &needle)
            })
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
                strip.cell(|ui| {
                    // Profile columns can make the table wider than its place: it scrolls sideways then.
                    egui::ScrollArea::horizontal()
                        .id_salt("batch-table-sideways")
                        .show(ui, |ui| action = self.table(ui));
                });
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

    /// The file name, the column choice (CSV/TSV), a re-run offer when the
    /// options changed, and the profile columns menu.
    fn source_bar(&mut self, ui: &mut Ui, settings: BatchSettings) {
        let Some(job) = &self.job else { return };
        let (path, total_bytes) = (job.path.clone(), job.total_bytes);
        let mut restart_with = None;
        ui.horizontal(|ui| {
            ui.strong(
                path.file_name()
                    .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned()),
            )
            .on_hover_text(path.display().to_string());
            ui.weak(format!("{:.1} MB", total_bytes as f64 / 1e6));
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
            let stale = self.run.as_ref().is_some_and(|run| run.key() != settings.key());
            if stale && ui.button("Options or protected names changed: re-run").clicked() {
                restart_with = self.format.clone();
            }
            // The first profile column needs every line compared: a re-run that does.
            if self.profiles_menu(ui) && !self.compares_profiles() {
                restart_with = self.format.clone();
            }
        });
        if let Some(format) = restart_with {
            let ctx = ui.ctx().clone();
            let settings = self.with_profiles(settings);
            self.start(path, format, settings, &ctx);
        }
    }

    /// The "Compare profiles" menu: one checkbox per profile column. Returns
    /// true when a column was added.
    fn profiles_menu(&mut self, ui: &mut Ui) -> bool {
        let mut added = false;
        let title = match self.profiles_shown.len() {
            0 => "Compare profiles…".to_string(),
            n => format!("Compare profiles ({n})…"),
        };
        // Stays open while boxes are ticked: several columns are usually wanted at once.
        let keep_open = egui::containers::menu::MenuConfig::new().close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
        egui::containers::menu::MenuButton::new(title).config(keep_open).ui(ui, |ui| {
            ui.label("Add a column per profile (ToASCII, or its error codes) and the filter \"Profiles disagree\".");
            ui.weak("When the columns outgrow the table, Shift+wheel scrolls it sideways.");
            for profile in Profile::ALL {
                let mut shown = self.profiles_shown.contains(&profile);
                if ui.checkbox(&mut shown, profile.name()).on_hover_text(profile.description()).changed() {
                    added |= shown;
                    self.profiles_shown = Profile::ALL
                        .into_iter()
                        .filter(|&p| if p == profile { shown } else { self.profiles_shown.contains(&p) })
                        .collect();
                }
            }
        })
        .0
        .on_hover_text("IDNA2003, UTS #46 T and N, IDNA2008 and WHATWG side by side; Compare profiles in the inspector says why they differ");
        added
    }

    /// `settings` with profile comparison on when profile columns are shown.
    fn with_profiles(&self, settings: BatchSettings) -> BatchSettings {
        BatchSettings {
            compare_profiles: !self.profiles_shown.is_empty(),
            ..settings
        }
    }

    /// True when the current records carry the profiles' verdicts.
    fn compares_profiles(&self) -> bool {
        self.run.as_ref().is_some_and(|run| run.compare_profiles)
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
            for show in [
                Show::All,
                Show::Errors,
                Show::Deviation,
                Show::NonAscii,
                Show::Suspicious,
                Show::BrowsersDisagree,
            ] {
                ui.selectable_value(&mut self.filter.show, show, show.label());
            }
            if self.compares_profiles() {
                let show = Show::ProfilesDisagree;
                ui.selectable_value(&mut self.filter.show, show, show.label())
                    .on_hover_text(format!(
                        "{} rows whose ToASCII outcome differs between IDNA2003, UTS #46 T/N, IDNA2008 and WHATWG",
                        thousands(self.disagree_count as u64)
                    ));
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

    /// The table's columns: the fixed ones, and with a profile run the
    /// "Profiles" verdict and one column per profile shown.
    fn columns(&self) -> Vec<TableColumn> {
        let fixed = |columns: &[SortColumn]| columns.iter().map(|&c| TableColumn::Sorted(c)).collect::<Vec<_>>();
        let mut columns = fixed(&SortColumn::ALWAYS[..6]);
        if self.compares_profiles() {
            columns.push(TableColumn::Sorted(SortColumn::ProfilesDisagree));
            columns.extend(self.profiles_shown.iter().map(|&p| TableColumn::Profile(p)));
        }
        columns.extend(fixed(&SortColumn::ALWAYS[6..]));
        columns
    }

    fn table(&mut self, ui: &mut Ui) -> Option<BatchAction> {
        let mut action = None;
        let mut sort_clicked = None;
        let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
        // Selectable labels would take the click that opens a row.
        ui.style_mut().interaction.selectable_labels = false;
        let columns = self.columns();
        let mut builder = TableBuilder::new(ui)
            .id_salt("batch-table")
            .striped(true)
            .resizable(true)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
        let narrow = !self.profiles_shown.is_empty();
        for (position, column) in columns.iter().enumerate() {
            builder = builder.column(column.width(position + 1 == columns.len(), narrow));
        }
        let run = self.run.clone();
        let engine = run.as_ref().map(BatchSettings::engine);
        let show_profiles = !self.profiles_shown.is_empty();
        builder
            .header(24.0, |mut header| {
                for column in &columns {
                    header.col(|ui| match column {
                        TableColumn::Sorted(column) => {
                            let arrow = match self.sort {
                                Some((sorted, true)) if sorted == *column => " ⏶",
                                Some((sorted, false)) if sorted == *column => " ⏷",
                                _ => "",
                            };
                            if ui
                                .add(egui::Button::new(RichText::new(format!("{}{arrow}", column.title())).strong()).frame(false))
                                .on_hover_text("Sort by this column (again: reverse)")
                                .clicked()
                            {
                                sort_clicked = Some(*column);
                            }
                        }
                        TableColumn::Profile(profile) => {
                            ui.strong(profile.name()).on_hover_text(format!(
                                "{}\n\nToASCII, or the error codes when it fails. Computed for the rows on screen, so not sortable.",
                                profile.description()
                            ));
                        }
                    });
                }
            })
            .body(|body| {
                body.rows(row_height, self.visible.len(), |mut row| {
                    let index = self.visible[row.index()];
                    let record = &self.records[index as usize];
                    let cells = match (&engine, &run) {
                        (Some(engine), Some(run)) if show_profiles => self
                            .profile_cells
                            .entry(index)
                            .or_insert_with(|| crate::batch::profile_columns_for(engine, &run.options, record, &Profile::ALL))
                            .as_ref(),
                        _ => None,
                    };
                    let row_data = RowData {
                        record,
                        disagree: self.records.disagree(index as usize),
                        profile_cells: cells,
                    };
                    for column in &columns {
                        row.col(|ui| row_data.cell(ui, *column));
                    }
                    if row.response().clicked() && record.note().is_none() {
                        action = Some(BatchAction::Inspect(record.input().to_string()));
                    }
                });
            });
        // A screenful of rows at a time: the cache stays small however far one scrolls.
        if self.profile_cells.len() > 20_000 {
            self.profile_cells.clear();
        }
        if let Some(column) = sort_clicked {
            let ascending = !matches!(self.sort, Some((sorted, true)) if sorted == column);
            self.sort = Some((column, ascending));
            self.sort_visible();
        }
        action
    }

    /// Writes all rows, or the filtered rows in display order, to `path`
    /// (JSONL for a `.jsonl`/`.json` name, TSV for `.tsv`, CSV otherwise;
    /// CSV/TSV formula-safe), with the profile columns shown, on a background thread; the outcome shows in the
    /// progress line, a failure in the dialog.
    pub fn export(&mut self, path: &Path, filtered_only: bool, ctx: &egui::Context) {
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some("jsonl" | "json") => Format::Jsonl,
            Some("tsv") => Format::Tsv,
            _ => Format::Csv,
        };
        let records = self.records.clone();
        let rows = filtered_only.then(|| self.visible.clone());
        let (run, profiles) = (self.run.clone(), self.profiles_shown.clone());
        let (sender, receiver) = mpsc::channel();
        let (target, ctx) = (path.to_path_buf(), ctx.clone());
        std::thread::spawn(move || {
            let written = write_rows(&target, format, &records, rows.as_deref(), (run.as_ref(), &profiles));
            let _ = sender.send(written);
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

/// A column of the batch table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableColumn {
    /// A column the table sorts by.
    Sorted(SortColumn),
    /// One profile's ToASCII or error codes.
    Profile(Profile),
}

impl TableColumn {
    /// Initial widths that fit beside the summary panel at the default window
    /// size; the `last` column takes the rest. `narrow`: profile columns
    /// follow, so the name columns start narrower to leave them room.
    fn width(self, last: bool, narrow: bool) -> Column {
        if last {
            return Column::remainder().at_least(80.0).clip(true);
        }
        let name = |wide: f32| Column::initial(if narrow { 130.0 } else { wide }).at_least(80.0).clip(true);
        match self {
            TableColumn::Sorted(SortColumn::Line) => Column::auto().at_least(56.0),
            TableColumn::Sorted(SortColumn::Input | SortColumn::ToAsciiN) => name(150.0),
            TableColumn::Sorted(SortColumn::ToUnicode) => name(130.0),
            TableColumn::Sorted(SortColumn::Errors) => Column::initial(90.0).at_least(50.0).clip(true),
            TableColumn::Sorted(SortColumn::Deviation) => Column::auto().at_least(40.0),
            TableColumn::Sorted(SortColumn::Browser(_)) => Column::auto().at_least(64.0),
            TableColumn::Sorted(SortColumn::Risk) => Column::auto().at_least(44.0),
            TableColumn::Sorted(SortColumn::Findings) => Column::initial(120.0).at_least(80.0).clip(true),
            TableColumn::Sorted(SortColumn::ProfilesDisagree) => Column::auto().at_least(56.0),
            TableColumn::Profile(_) => Column::initial(140.0).at_least(60.0).clip(true),
        }
    }
}

/// What one table row draws from.
struct RowData<'a> {
    record: &'a Record,
    /// Whether the profiles disagree (`None`: the run did not compare them).
    disagree: Option<bool>,
    /// Every profile's cells (`None`: no profile column shown, or not converted).
    profile_cells: Option<&'a ProfileColumns>,
}

impl RowData<'_> {
    fn cell(&self, ui: &mut Ui, column: TableColumn) {
        use crate::batch::ResultKind;
        let record = self.record;
        // Monospace for names throughout: a proportional font can draw "--" like a dash, and hyphens matter here.
        match column {
            TableColumn::Sorted(SortColumn::Line) => {
                ui.weak(record.line.to_string());
            }
            TableColumn::Sorted(SortColumn::Input) => {
                let input = record.input();
                let shown = crate::display::visual_order(input).unwrap_or_else(|| input.to_string());
                let label = ui.monospace(shown);
                if let Some(note) = record.note() {
                    label.on_hover_text(note.to_string());
                }
            }
            TableColumn::Sorted(SortColumn::ToAsciiN) => {
                ui.monospace(record.result(ResultKind::ToAsciiN));
            }
            TableColumn::Sorted(SortColumn::ToUnicode) => {
                let text = record.result(ResultKind::ToUnicode);
                ui.monospace(crate::display::visual_order(text).unwrap_or_else(|| text.to_string()));
            }
            TableColumn::Sorted(SortColumn::Errors) => match record.note() {
                Some(note) if note.is_skip() => {
                    ui.weak(note.to_string());
                }
                _ => verdict(ui, &error_text(record)),
            },
            TableColumn::Sorted(SortColumn::Deviation) => {
                if record.transitional_differs() {
                    ui.label(RichText::new("T≠N").strong())
                        .on_hover_text(format!("Transitional ToASCII: {}", record.result(ResultKind::ToAsciiT)));
                }
            }
            TableColumn::Sorted(SortColumn::Browser(browser)) => {
                if let Some(spoof) = record.spoof() {
                    let rule = spoof.browsers.all()[browser as usize];
                    let text = RichText::new(rule.display().name());
                    let text = match rule.display() {
                        crate::browsers::Display::Punycode => text.color(ui.visuals().warn_fg_color),
                        crate::browsers::Display::Unicode => text,
                    };
                    ui.label(text)
                        .on_hover_text(format!("{}: {}\n{}", browser.name(), rule.name(), rule.sentence()));
                }
            }
            TableColumn::Sorted(SortColumn::Risk) => {
                if let Some(spoof) = record.spoof() {
                    let text = RichText::new(spoof.risk.name());
                    let text = match spoof.risk {
                        Risk::High => text.color(crate::app::widgets::error_color(ui)).strong(),
                        Risk::Low => text.color(ui.visuals().warn_fg_color),
                        Risk::None => text.weak(),
                    };
                    ui.label(text);
                }
            }
            TableColumn::Sorted(SortColumn::Findings) => {
                if let Some(spoof) = record.spoof() {
                    let titles: Vec<&str> = spoof.findings.iter().map(|kind| kind.title()).collect();
                    let label = ui.label(RichText::new(spoof.findings.codes()).small());
                    if !titles.is_empty() {
                        label.on_hover_text(titles.join("\n"));
                    }
                }
            }
            TableColumn::Sorted(SortColumn::ProfilesDisagree) => {
                if self.disagree == Some(true) {
                    ui.label(RichText::new("differ").strong())
                        .on_hover_text("The profiles' ToASCII outcomes differ; open the row and see Compare profiles for why");
                }
            }
            TableColumn::Profile(profile) => {
                let cell = self
                    .profile_cells
                    .and_then(|cells| cells.results.iter().find(|cell| cell.profile == profile));
                if let Some(cell) = cell {
                    if cell.errors.is_empty() {
                        ui.monospace(&cell.to_ascii);
                    } else {
                        ui.label(RichText::new(cell.errors.join(" ")).color(crate::app::widgets::error_color(ui)))
                            .on_hover_text(format!("{} ToASCII fails; its output: {}", profile.name(), cell.to_ascii));
                    }
                }
            }
        }
    }
}

/// ✔ when `errors` is empty, else the error codes in the error colour.
fn verdict(ui: &mut Ui, errors: &str) {
    if errors.is_empty() {
        ui.label(RichText::new("✔").color(crate::app::widgets::ok_color(ui)));
    } else {
        ui.label(RichText::new(errors).color(crate::app::widgets::error_color(ui)));
    }
}

/// Writes `rows` (indices into `records`; all records when `None`) to a new
/// file at `path`, with the columns of `profiles` computed with `run`'s
/// engine and options (as the CLI's `batch --profile` does); returns how many were written.
fn write_rows(
    path: &Path,
    format: Format,
    records: &RecordStore,
    rows: Option<&[u32]>,
    (run, profiles): (Option<&BatchSettings>, &[Profile]),
) -> std::io::Result<usize> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let spoof = records.iter().any(|record| record.spoof().is_some());
    let profiles = if run.is_some() { profiles } else { &[] };
    let mut writer = RecordWriter::with_profiles(format, file, spoof, profiles)?.formula_safe(true);
    let engine = run.map(BatchSettings::engine);
    let mut written = 0;
    let mut write = |record: &Record| {
        written += 1;
        let columns = match (&engine, run) {
            (Some(engine), Some(run)) => crate::batch::profile_columns_for(engine, &run.options, record, profiles),
            _ => None,
        };
        writer.write_with_profiles(record, columns.as_ref())
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
