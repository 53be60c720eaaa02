//! The batch table: a virtualized row per record, sortable columns, and
//! the profile columns the user chose (their cells computed only for the
//! rows drawn).

use super::filter::{SortColumn, error_text};
use super::glyphs::{self, shown};
use super::rows::Rows;
use super::settings::BatchSettings;
use crate::batch::Record;
use crate::profiles::{Profile, ProfileColumns};
use crate::spoof::Risk;
use eframe::egui;
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};
use std::collections::HashMap;
use web_time::{Duration, Instant};

/// What the batch view asks of the app.
pub enum BatchAction {
    /// Open this name in the inspector.
    Inspect(String),
}

/// The profile columns chosen, and their cells for the rows drawn so far.
#[derive(Default)]
pub struct ShownProfiles {
    /// The profiles whose columns the table and the export show, in [`Profile::ALL`] order.
    pub shown: Vec<Profile>,
    /// Profile cells of rows drawn so far, by record index: computed when a
    /// row first shows (a screenful at a time), never for the whole file.
    cells: HashMap<u32, Option<ProfileColumns>>,
}

impl ShownProfiles {
    /// Forgets the cells (a new run computes them anew).
    pub fn clear_cells(&mut self) {
        self.cells.clear();
    }

    /// The "Compare profiles" menu: one checkbox per profile column. Returns
    /// true when a column was added.
    pub fn menu(&mut self, ui: &mut Ui) -> bool {
        let mut added = false;
        let title = match self.shown.len() {
            0 => "Compare profiles…".to_string(),
            n => format!("Compare profiles ({n})…"),
        };
        // Stays open while boxes are ticked: several columns are usually wanted at once.
        let keep_open = egui::containers::menu::MenuConfig::new().close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
        egui::containers::menu::MenuButton::new(title).config(keep_open).ui(ui, |ui| {
            ui.label("Add a column per profile (ToASCII, or its error codes) and the filter \"Profiles disagree\".");
            ui.weak("When the columns outgrow the table, Shift+wheel scrolls it sideways.");
            for profile in Profile::ALL {
                let mut shown = self.shown.contains(&profile);
                if ui.checkbox(&mut shown, profile.name()).on_hover_text(profile.description()).changed() {
                    added |= shown;
                    self.shown = Profile::ALL
                        .into_iter()
                        .filter(|&p| if p == profile { shown } else { self.shown.contains(&p) })
                        .collect();
                }
            }
        })
        .0
        .on_hover_text("IDNA2003, UTS #46 T and N, IDNA2008 and WHATWG side by side; Compare profiles in the inspector says why they differ");
        added
    }
}

/// The table over one run's rows.
pub struct BatchTable<'a> {
    pub rows: &'a mut Rows,
    pub profiles: &'a mut ShownProfiles,
    /// What the records were computed with (`None` before a run).
    pub run: Option<&'a BatchSettings>,
    /// The run's job is still converting.
    pub running: bool,
}

impl BatchTable<'_> {
    /// The table's columns: the fixed ones, and with a profile run the
    /// "Profiles" verdict and one column per profile shown.
    fn columns(&self) -> Vec<TableColumn> {
        let fixed = |columns: &[SortColumn]| columns.iter().map(|&c| TableColumn::Sorted(c)).collect::<Vec<_>>();
        let mut columns = fixed(&SortColumn::ALWAYS[..6]);
        if self.run.is_some_and(|run| run.compare_profiles) {
            columns.push(TableColumn::Sorted(SortColumn::ProfilesDisagree));
            columns.extend(self.profiles.shown.iter().map(|&p| TableColumn::Profile(p)));
        }
        columns.extend(fixed(&SortColumn::ALWAYS[6..]));
        columns
    }

    /// Draws the table; a click on a row asks to inspect it.
    pub fn ui(self, ui: &mut Ui) -> Option<BatchAction> {
        let mut action = None;
        let mut sort_clicked = None;
        let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
        // Selectable labels would take the click that opens a row.
        ui.style_mut().interaction.selectable_labels = false;
        let columns = self.columns();
        let (rows, profiles) = (self.rows, self.profiles);
        let shown = match self.running {
            true => warm_first_rows(ui, rows, &columns, row_height),
            false => rows.visible.len(),
        };
        // Once the first screenful is ready, the names of the other rows, for scrolling and sorting.
        if shown == rows.visible.len() && rows.glyphs.pending() && rows.glyphs.warm(ui, &rows.records, glyphs::BUDGET) {
            ui.ctx().request_repaint();
        }
        let mut builder = TableBuilder::new(ui)
            .id_salt("batch-table")
            .striped(true)
            .resizable(true)
            .sense(egui::Sense::click())
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
        let narrow = !profiles.shown.is_empty();
        for (position, column) in columns.iter().enumerate() {
            builder = builder.column(column.width(position + 1 == columns.len(), narrow));
        }
        let run = self.run;
        let engine = run.map(BatchSettings::engine);
        let show_profiles = !profiles.shown.is_empty();
        builder
            .header(24.0, |mut header| {
                for column in &columns {
                    header.col(|ui| match column {
                        TableColumn::Sorted(column) => {
                            let arrow = match rows.sort {
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
                body.rows(row_height, shown, |mut row| {
                    let index = rows.visible[row.index()];
                    let record = &rows.records[index as usize];
                    let cells = match (&engine, run) {
                        (Some(engine), Some(run)) if show_profiles => profiles
                            .cells
                            .entry(index)
                            .or_insert_with(|| crate::batch::profile_columns_for(engine, &run.options, record, &Profile::ALL))
                            .as_ref(),
                        _ => None,
                    };
                    let row_data = RowData {
                        record,
                        disagree: rows.records.disagree(index as usize),
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
        if profiles.cells.len() > 20_000 {
            profiles.cells.clear();
        }
        if let Some(column) = sort_clicked {
            rows.sort_by(column);
        }
        action
    }
}

/// How long a frame may spend laying out rows unseen.
const WARM_UP_BUDGET: Duration = Duration::from_millis(4);

/// egui rasterizes a glyph the first time text with it is laid out, and the
/// first screenful of a run may hold a dozen scripts: drawn at once, those
/// rows took one frame past 16 ms. So while the job runs, the first
/// screenful is laid out a few rows a frame into an invisible child, within
/// [`WARM_UP_BUDGET`], and the table shows the rows laid out so far (once
/// the job has ended it shows every row). Returns how many rows to show.
fn warm_first_rows(ui: &mut Ui, rows: &mut Rows, columns: &[TableColumn], row_height: f32) -> usize {
    let screenful = (ui.available_height() / row_height).ceil() as usize + 1;
    let wanted = rows.visible.len().min(screenful);
    if rows.glyphs_ready >= wanted {
        return rows.visible.len();
    }
    let started = Instant::now();
    let mut unseen = ui.new_child(egui::UiBuilder::new().max_rect(ui.max_rect()).invisible());
    'rows: while rows.glyphs_ready < wanted {
        let index = rows.visible[rows.glyphs_ready] as usize;
        let row = RowData {
            record: &rows.records[index],
            disagree: rows.records.disagree(index),
            profile_cells: None,
        };
        for &column in columns {
            // A row cut short is laid out again next frame, its glyphs so far already made.
            if started.elapsed() >= WARM_UP_BUDGET {
                break 'rows;
            }
            row.cell(&mut unseen, column);
        }
        rows.glyphs_ready += 1;
    }
    ui.ctx().request_repaint();
    rows.glyphs_ready
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
                let label = ui.monospace(shown(record.input()));
                if let Some(note) = record.note() {
                    label.on_hover_text(note.to_string());
                }
            }
            TableColumn::Sorted(SortColumn::ToAsciiN) => {
                ui.monospace(record.result(ResultKind::ToAsciiN));
            }
            TableColumn::Sorted(SortColumn::ToUnicode) => {
                ui.monospace(shown(record.result(ResultKind::ToUnicode)));
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
                        crate::browsers::Display::Rejected => text.color(ui.visuals().error_fg_color),
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
