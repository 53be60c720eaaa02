//! The summary panel: counts per outcome and per error code, as a list one
//! can click to filter and as a bar chart (egui_plot), so a file's shape is
//! visible at a glance.

use super::filter::Show;
use crate::app::widgets::error_color;
use crate::batch::Summary;
use eframe::egui;
use egui::Ui;
use egui_plot::{Bar, BarChart, GridMark, Plot};

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
        egui::Grid::new("summary-outcomes")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (name, count, show) in outcomes {
                    count_row(ui, name, count, show, &mut chosen);
                }
                for (name, count) in [
                    ("not UTF-8", s.invalid_utf8),
                    ("too long", s.too_long),
                    ("missing column", s.missing_column),
                ] {
                    if count > 0 {
                        count_row(ui, name, count, Some(Show::Errors), &mut chosen);
                    }
                }
                if s.spoof_checked > 0 {
                    count_row(ui, "spoof risk high", s.risk_high, Some(Show::Suspicious), &mut chosen);
                    count_row(ui, "spoof risk low", s.risk_low, Some(Show::Suspicious), &mut chosen);
                    for (browser, count) in crate::browsers::Browser::ALL.iter().zip(s.shown_as_punycode) {
                        count_row(
                            ui,
                            &format!("{} shows Punycode", browser.short_name()),
                            count,
                            None,
                            &mut chosen,
                        )
                        .on_hover_text(browser.name());
                    }
                    for (browser, count) in crate::browsers::Browser::ALL.iter().zip(s.rejected) {
                        count_row(
                            ui,
                            &format!("{} rejects", browser.short_name()),
                            count,
                            Some(Show::Rejected),
                            &mut chosen,
                        )
                        .on_hover_text(format!(
                            "{}: the URL parser refuses the host, so it does not load",
                            browser.name()
                        ));
                    }
                    count_row(
                        ui,
                        "browsers disagree",
                        s.browsers_disagree,
                        Some(Show::BrowsersDisagree),
                        &mut chosen,
                    )
                    .on_hover_text("The browsers do not all show the name the same way (Unicode, Punycode, or not loaded)");
                }
                for (code, count) in s.codes() {
                    count_row(ui, code.as_str(), count, Some(Show::Code(code)), &mut chosen).on_hover_text(format!(
                        "{} ({})",
                        code.explanation(),
                        code.spec_reference()
                    ));
                }
            });
        ui.add_space(6.0);
        self.chart(ui);
        chosen
    }

    /// Horizontal bars, one per error code: which rules a file breaks, at a glance.
    fn chart(&self, ui: &mut Ui) {
        let rows: Vec<(String, u64)> = self.summary.codes().map(|(code, count)| (code.to_string(), count)).collect();
        if rows.is_empty() {
            return;
        }
        ui.strong("Records per error code");
        let color = error_color(ui);
        let bars: Vec<Bar> = rows
            .iter()
            .enumerate()
            .map(|(i, (name, count))| {
                Bar::new(-(i as f64), *count as f64)
                    .name(format!("{name}: {count}"))
                    .fill(color.gamma_multiply(0.8))
                    .width(0.7)
            })
            .collect();
        let names: Vec<String> = rows.iter().map(|(name, _)| name.clone()).collect();
        let count = rows.len();
        Plot::new("summary-chart")
            .height(count as f32 * 20.0 + 40.0)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .show_grid([true, false])
            .include_x(0.0)
            // One mark per bar, so every bar has its code beside it.
            .y_grid_spacer(move |_| {
                (0..count)
                    .map(|i| GridMark {
                        value: -(i as f64),
                        step_size: 1.0,
                    })
                    .collect()
            })
            .y_axis_formatter(move |mark, _| {
                let index = (-mark.value).round();
                if index >= 0.0 {
                    names.get(index as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .show(ui, |plot| plot.bar_chart(BarChart::new("records", bars).horizontal()));
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
    ui.label(crate::app::widgets::thousands(count));
    ui.end_row();
    response
}
