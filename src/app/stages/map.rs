//! Stage 1, Map: one row per input code point with its mapping-table row
//! and what the Map step did with it (UTS #46 §4 step 1, §5).

use crate::app::inspection::{Highlight, ProfileChar};
use crate::app::widgets::{char_strip, code_point, glyph_or_badge, status_color};
use crate::display::{code_point_label, visible};
use crate::profiles::Profile;
use crate::uts46::{MapAction, MapStep, ProcessTrace};
use eframe::egui;
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};

pub struct MapView<'a> {
    pub trace: &'a ProcessTrace,
    pub highlight: Option<Highlight>,
    /// Characters the spoof check flagged (marked ⚠ in the # column).
    pub flagged: &'a [char],
    /// Each input character's status per profile (the Profiles column).
    pub profile_chars: &'a [ProfileChar],
}

impl MapView<'_> {
    pub fn ui(self, ui: &mut Ui) {
        let highlighted = self.highlighted_inputs();
        ui.horizontal(|ui| {
            ui.strong("Mapped string:");
            ui.label(RichText::new(&self.trace.mapped).monospace());
        });
        char_strip(ui, &self.trace.mapped, |index| {
            self.trace
                .map
                .iter()
                .any(|step| highlighted.contains(&step.index) && (step.output_span.0..step.output_span.1).contains(&index))
        });
        ui.add_space(6.0);
        if self.trace.map.is_empty() {
            ui.weak("The input is empty.");
            return;
        }
        self.table(ui, &highlighted);
    }

    /// Input indices the current highlight points at.
    fn highlighted_inputs(&self) -> Vec<usize> {
        match self.highlight {
            Some(Highlight {
                label: Some(label),
                position,
                ..
            }) => self.trace.input_indices(label, position),
            _ => Vec::new(),
        }
    }

    fn table(&self, ui: &mut Ui, highlighted: &[usize]) {
        let row_height = 30.0;
        TableBuilder::new(ui)
            .id_salt("map-table")
            .striped(true)
            .resizable(true)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::exact(48.0))
            .column(Column::auto().at_least(44.0))
            .column(Column::auto().at_least(70.0))
            .column(Column::initial(260.0).at_least(120.0).clip(true))
            .column(Column::auto().at_least(90.0))
            .column(Column::auto().at_least(80.0))
            .column(Column::initial(200.0).at_least(120.0).clip(true))
            .column(Column::initial(120.0).at_least(80.0).clip(true))
            .column(Column::remainder().at_least(80.0))
            .header(22.0, |mut header| {
                for title in [
                    "#",
                    "Glyph",
                    "Code point",
                    "Name",
                    "Table row",
                    "Status",
                    "What happened",
                    "Result",
                    "Profiles (Table 4)",
                ] {
                    header.col(|ui| {
                        ui.strong(title);
                    });
                }
            })
            .body(|body| {
                body.rows(row_height, self.trace.map.len(), |mut row| {
                    let step = &self.trace.map[row.index()];
                    row.set_selected(highlighted.contains(&step.index));
                    map_row(&mut row, step, self.flagged.contains(&step.code_point));
                    let profiles = self.profile_chars.iter().find(|p| p.c == step.code_point);
                    row.col(|ui| profiles_cell(ui, step, profiles));
                });
            });
    }
}

fn map_row(row: &mut egui_extras::TableRow<'_, '_>, step: &MapStep, flagged: bool) {
    row.col(|ui| {
        if flagged {
            ui.label(RichText::new(format!("⚠{}", step.index + 1)).color(ui.visuals().warn_fg_color))
                .on_hover_text("Flagged by the spoof check (see the Spoof check tab)");
        } else {
            ui.weak((step.index + 1).to_string());
        }
    });
    row.col(|ui| {
        glyph_or_badge(ui, step.code_point);
    });
    row.col(|ui| {
        ui.label(code_point(step.code_point));
    });
    row.col(|ui| {
        ui.label(step.name.to_string());
    });
    row.col(|ui| {
        ui.label(RichText::new(step.row.range.to_string()).monospace().small())
            .on_hover_text(format!(
                "IdnaMappingTable.txt row {}; IDNA2008 field: {:?}",
                step.row.range, step.row.idna2008
            ));
    });
    row.col(|ui| {
        let color = status_color(ui, step.row.status);
        ui.label(RichText::new(step.row.status.as_str()).color(color).strong());
    });
    row.col(|ui| {
        ui.label(action_text(step));
    });
    row.col(|ui| {
        result_cell(ui, step);
    });
}

/// The character's UTS #46 Table 4 row (or why the table leaves it out) and
/// its IDNA2008 category, or that it separates labels; the hover lists its
/// status in every profile.
fn profiles_cell(ui: &mut Ui, step: &MapStep, profiles: Option<&ProfileChar>) {
    let Some(profiles) = profiles else {
        return;
    };
    let mut hover = match profiles.bucket {
        Some(bucket) => format!("UTS #46 Table 4 row {}: {}\n", bucket.letter(), bucket.description()),
        None => format!(
            "Not in UTS #46 Table 4: the table leaves out {}\n",
            profiles.left_out_because.unwrap_or("this combination of statuses")
        ),
    };
    for (profile, status) in Profile::ALL.iter().zip(&profiles.statuses) {
        hover.push_str(&format!("\n{}: {status}", profile.name()));
    }
    // FULL STOP (and what maps to it) splits labels before any label rule: IDNA2008's
    // DISALLOWED is about characters inside a label.
    if step.output == "." {
        let text = if step.code_point == '.' {
            "label separator"
        } else {
            "maps to the label separator"
        };
        hover.insert_str(
            0,
            "Splits the name into labels (UTS #46 §4 step 3, RFC 5890 §2.3.2.1); a label never contains it, \
             so IDNA2008's DISALLOWED for U+002E does not apply to it as a separator.\n\n",
        );
        ui.label(text).on_hover_text(hover);
        return;
    }
    let row = match profiles.bucket {
        Some(bucket) => format!("row {}", bucket.letter()),
        None => format!("{}, no row", profiles.left_out_because.unwrap_or("other")),
    };
    ui.label(format!("{row} · 2008 {}", profiles.statuses[3]))
        .on_hover_text(hover);
}

/// "kept", "removed", "replaced by U+0073 U+0073", …
fn action_text(step: &MapStep) -> String {
    match step.action {
        MapAction::Replaced | MapAction::DeviationMapped if !step.output.is_empty() => {
            let parts: Vec<String> = step
                .output
                .chars()
                .map(|c| format!("{} {}", visible(c), code_point_label(c)))
                .collect();
            format!("{} by {}", step.action.describe(), parts.join(", "))
        }
        MapAction::DeviationMapped => "removed (deviation, transitional)".to_string(),
        _ => step.action.describe().to_string(),
    }
}

fn result_cell(ui: &mut Ui, step: &MapStep) {
    if step.output.is_empty() {
        ui.weak("— (nothing)");
        return;
    }
    ui.horizontal(|ui| {
        for c in step.output.chars() {
            glyph_or_badge(ui, c);
        }
    });
}
