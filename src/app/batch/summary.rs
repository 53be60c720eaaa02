//! The summary panel: counts per outcome and per error code, as a list one
//! can click to filter and as a bar chart (egui_plot), so a file's shape is
//! visible at a glance.

use super::filter::Show;
use crate::app::widgets::{error_color, ok_color};
use crate::batch::Summary;
use eframe::egui;
use egui::{Color32, Ui};
use egui_plot::{Bar, BarChart, Plot};

pub struct SummaryPanel<'a> {
    summary: &'a Summary,
}

impl<'a> SummaryPanel<'a> {
    pub fn new(summary: &'a Summary) -> Self {
        SummaryPanel { summary }
    }

    /// Shows the panel; returns a filter when a count was clicked.
    pub fn ui(self, ui: &mut Ui) -> Option<Show> {
        let mut chosen = None;
        ui.heading("Summary");
        let s = self.summary;
        let outcomes: [(&str, u64, Option<Show>); 6] = [
            ("lines", s.lines, Some(Show::All)),
            ("ok", s.ok, None),
            ("failed", s.failed, Some(Show::Errors)),
            ("skipped (blank, #)", s.skipped, None),
            ("T≠N (deviation)", s.transitional_differs, Some(Show::Deviation)),
            ("non-ASCII input", s.non_ascii, Some(Show::NonAscii)),
        ];
        egui::Grid::new("summary-outcomes").num_columns(2).striped(true).show(ui, |ui| {
            for (name, count, show) in outcomes {
                count_row(ui, name, count, show, &mut chosen);
            }
            for (name, count) in [("not UTF-8", s.invalid_utf8), ("too long", s.too_long), ("missing column", s.missing_column)] {
                if count > 0 {
                    count_row(ui, name, count, Some(Show::Errors), &mut chosen);
                }
            }
            for (code, count) in s.codes() {
                count_row(ui, code.as_str(), count, Some(Show::Code(code)), &mut chosen)
                    .on_hover_text(format!("{} ({})", code.explanation(), code.spec_reference()));
            }
        });
        ui.add_space(6.0);
        self.chart(ui);
        chosen
    }

    /// Horizontal bars: ok, failed, skipped, T≠N, then each error code.
    fn chart(&self, ui: &mut Ui) {
        let s = self.summary;
        let mut rows: Vec<(String, u64, Color32)> = vec![
            ("ok".into(), s.ok, ok_color(ui)),
            ("failed".into(), s.failed, error_color(ui)),
            ("skipped".into(), s.skipped, ui.visuals().weak_text_color()),
            ("T≠N".into(), s.transitional_differs, ui.visuals().warn_fg_color),
        ];
        rows.extend(s.codes().map(|(code, count)| (code.to_string(), count, error_color(ui).gamma_multiply(0.7))));
        let names: Vec<String> = rows.iter().map(|(name, ..)| name.clone()).collect();
        let bars: Vec<Bar> = rows
            .iter()
            .enumerate()
            .map(|(i, (name, count, color))| {
                Bar::new(-(i as f64), *count as f64)
                    .name(format!("{name}: {count}"))
                    .fill(*color)
                    .width(0.7)
            })
            .collect();
        let chart = BarChart::new("records", bars).horizontal();
        Plot::new("summary-chart")
            .height((rows.len() as f32 * 22.0).max(120.0))
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .show_grid([true, false])
            .y_axis_formatter(move |mark, _| {
                let index = -mark.value.round() as i64;
                if (mark.value.round() - mark.value).abs() < 1e-6 && index >= 0 {
                    names.get(index as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .show(ui, |plot| plot.bar_chart(chart));
    }
}

fn count_row(ui: &mut Ui, name: &str, count: u64, show: Option<Show>, chosen: &mut Option<Show>) -> egui::Response {
    let response = match show {
        Some(show) if count > 0 => {
            let link = ui.link(name).on_hover_text("Show these rows");
            if link.clicked() {
                *chosen = Some(show);
            }
            link
        }
        _ => ui.label(name),
    };
    ui.label(super::thousands(count));
    ui.end_row();
    response
}
