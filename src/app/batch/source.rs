//! The file being converted: its layout, the run's settings, the column
//! choice and the progress line.

use super::job::{BatchFile, Job, Message};
use super::settings::BatchSettings;
use super::table::ShownProfiles;
use crate::app::widgets::thousands;
use crate::batch::{Column as InputColumn, InputFormat};
use eframe::egui;
use egui::Ui;
use std::sync::atomic::Ordering;

/// One run over one file.
pub struct Source {
    pub job: Job,
    /// The file's layout.
    pub format: InputFormat,
    /// For CSV/TSV, the header cells to choose the column from.
    pub header: Vec<String>,
    /// What the records are computed with (the staleness check, the profile
    /// cells and the export read it).
    pub run: BatchSettings,
}

impl Source {
    /// Starts converting `file`.
    pub fn start(file: BatchFile, format: InputFormat, header: Vec<String>, run: BatchSettings, ctx: &egui::Context) -> Source {
        let job = Job::start(file, format.clone(), run.clone(), ctx.clone());
        Source {
            job,
            format,
            header,
            run,
        }
    }

    /// The messages that arrived since the last frame.
    pub fn poll(&mut self) -> Vec<Message> {
        self.job.poll()
    }

    /// The file name, the column choice (CSV/TSV), a re-run offer when
    /// `settings` (the app's current ones) differ from the run's, and the
    /// profile columns menu. Returns the layout to re-run with, if any.
    pub fn bar(&self, ui: &mut Ui, settings: &BatchSettings, profiles: &mut ShownProfiles) -> Option<InputFormat> {
        let file = &self.job.file;
        let mut restart_with = None;
        ui.horizontal(|ui| {
            ui.strong(file.name()).on_hover_text(file.full_name());
            ui.weak(format!("{:.1} MB", self.job.total_bytes as f64 / 1e6));
            match &self.format {
                InputFormat::Lines => {
                    ui.weak("plain text, one name per line");
                }
                format @ (InputFormat::Csv(column) | InputFormat::Tsv(column)) => {
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
            }
            if self.run.key() != settings.key() && ui.button("Options or protected names changed: re-run").clicked() {
                restart_with = Some(self.format.clone());
            }
            // The first profile column needs every line compared: a re-run that does.
            if profiles.menu(ui) && !self.run.compare_profiles {
                restart_with = Some(self.format.clone());
            }
        });
        restart_with
    }

    /// Progress (lines, MB, rate, ETA, Cancel) while running; the outcome after.
    /// `lines`: records arrived; `export`: the last export's outcome.
    pub fn progress_bar(&self, ui: &mut Ui, lines: u64, export: Option<&str>) {
        let job = &self.job;
        let bytes = job.bytes_read.load(Ordering::Relaxed);
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
            if let Some(message) = export {
                ui.separator();
                ui.label(message);
            }
        });
    }
}
