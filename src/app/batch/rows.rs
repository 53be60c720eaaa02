//! The records that arrived, and the rows the table shows of them: the
//! filter, the sort and the summary follow each chunk as it comes in.

use super::filter::{Filter, Show, SortColumn};
use super::glyphs::GlyphWarmer;
use super::store::{Chunk, RecordStore};
use crate::app::widgets::thousands;
use crate::batch::{Record, Summary};
use eframe::egui;
use egui::Ui;

/// The records of one run and the rows shown of them.
#[derive(Default)]
pub struct Rows {
    pub records: RecordStore,
    pub summary: Summary,
    /// Records on which the profiles disagree (runs that compare profiles).
    pub disagree_count: usize,
    pub filter: Filter,
    /// Indices into `records` that pass the filter, in display order.
    pub visible: Vec<u32>,
    pub sort: Option<(SortColumn, bool)>,
    /// How many of the first visible rows have been laid out once, unseen,
    /// so that their glyphs are rasterized (see [`super::table`]).
    pub(super) glyphs_ready: usize,
    /// The names of all records laid out unseen, ahead of scrolling.
    pub(super) glyphs: GlyphWarmer,
}

impl Rows {
    /// Empties the records for a new run; the filter and the sort stay.
    pub fn clear(&mut self) {
        self.records = RecordStore::default();
        self.summary = Summary::default();
        self.visible.clear();
        self.disagree_count = 0;
        self.glyphs_ready = 0;
        self.glyphs.restart();
    }

    /// Appends a chunk the worker sent: counts it and shows the records that
    /// pass the filter (unsorted until [`Rows::sort_visible`]).
    pub fn push_chunk(&mut self, mut chunk: Chunk) {
        let needle = self.filter.needle();
        let first = self.records.len();
        self.glyphs.queue(&std::mem::take(&mut chunk.new_chars), first);
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

    /// The record shown in table row `row`.
    pub fn visible_record(&self, row: usize) -> Option<&Record> {
        self.visible.get(row).map(|&index| self.records.get(index as usize))
    }

    pub fn sort_visible(&mut self) {
        if let Some((column, ascending)) = self.sort {
            column.sort(&mut self.visible, &self.records, ascending);
        }
    }

    /// Sorts by `column`; a second click on the same column reverses.
    pub fn sort_by(&mut self, column: SortColumn) {
        let ascending = !matches!(self.sort, Some((sorted, true)) if sorted == column);
        self.sort = Some((column, ascending));
        self.sort_visible();
    }

    /// Shows `show` only.
    pub fn show(&mut self, show: Show) {
        self.filter.show = show;
        self.refilter();
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

    /// The filter choice and the search field; `compares_profiles` offers
    /// "Profiles disagree". Refilters when either changed.
    pub fn filter_bar(&mut self, ui: &mut Ui, compares_profiles: bool) {
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
                Show::Rejected,
            ] {
                ui.selectable_value(&mut self.filter.show, show, show.label());
            }
            if compares_profiles {
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
        if self.filter != before {
            self.refilter();
        }
    }
}
