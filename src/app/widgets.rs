//! Small shared widgets: a code point as glyph + U+XXXX, invisible-character
//! badges, status colours, strings drawn as rows of character boxes.

use crate::display::{code_point_label, glyph, invisible_badge, visible, visual_order};
use crate::table::Status;
use eframe::egui;
use egui::{Color32, RichText, Ui};

/// The highlight colour for characters an error points at.
pub fn highlight_fill(ui: &Ui) -> Color32 {
    if ui.visuals().dark_mode {
        Color32::from_rgb(110, 60, 20)
    } else {
        Color32::from_rgb(255, 221, 150)
    }
}

/// Colour for a mapping-table status (UTS #46 §5).
pub fn status_color(ui: &Ui, status: Status) -> Color32 {
    let dark = ui.visuals().dark_mode;
    let (light, dim) = match status {
        Status::Valid => (Color32::from_rgb(0, 128, 0), Color32::from_rgb(120, 210, 120)),
        Status::Ignored => (Color32::from_rgb(110, 110, 110), Color32::from_rgb(170, 170, 170)),
        Status::Mapped => (Color32::from_rgb(0, 90, 200), Color32::from_rgb(120, 170, 255)),
        Status::Deviation => (Color32::from_rgb(170, 90, 0), Color32::from_rgb(255, 180, 80)),
        Status::Disallowed => (Color32::from_rgb(190, 0, 0), Color32::from_rgb(255, 120, 120)),
    };
    if dark { dim } else { light }
}

/// Colour for errors.
pub fn error_color(ui: &Ui) -> Color32 {
    if ui.visuals().dark_mode {
        Color32::from_rgb(255, 120, 120)
    } else {
        Color32::from_rgb(180, 0, 0)
    }
}

/// Colour for passes.
pub fn ok_color(ui: &Ui) -> Color32 {
    status_color(ui, Status::Valid)
}

/// Draws `c` so it is always visible: its glyph (a combining mark on ◌), or a
/// framed badge naming an invisible character (`ZWJ`, `SHY`, `VS16`, …).
pub fn glyph_or_badge(ui: &mut Ui, c: char) -> egui::Response {
    match glyph(c) {
        Some(text) => ui.label(RichText::new(text).size(18.0)),
        None => badge(ui, &invisible_badge(c).unwrap_or_default()),
    }
}

/// A small framed label for an invisible character.
pub fn badge(ui: &mut Ui, name: &str) -> egui::Response {
    let fill = if ui.visuals().dark_mode {
        Color32::from_rgb(70, 50, 90)
    } else {
        Color32::from_rgb(230, 215, 250)
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(3.0)
        .inner_margin(egui::Margin::symmetric(3, 1))
        .show(ui, |ui| ui.label(RichText::new(name).small().strong()))
        .response
}

/// `U+00DF` in monospace.
pub fn code_point(c: char) -> RichText {
    RichText::new(code_point_label(c)).monospace()
}

/// A string drawn as a wrapped row of boxes, one per code point: glyph (or
/// badge) above, U+XXXX below. `highlighted(i)` fills box `i`.
pub fn char_strip(ui: &mut Ui, text: &str, highlighted: impl Fn(usize) -> bool) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(3.0, 3.0);
        for (index, c) in text.chars().enumerate() {
            let fill = if highlighted(index) {
                highlight_fill(ui)
            } else {
                ui.visuals().faint_bg_color
            };
            egui::Frame::new()
                .fill(fill)
                .stroke(ui.visuals().widgets.noninteractive.bg_stroke)
                .corner_radius(3.0)
                .inner_margin(egui::Margin::symmetric(4, 2))
                .show(ui, |ui| {
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.y = 0.0;
                        glyph_or_badge(ui, c);
                        ui.label(code_point(c).small());
                    });
                });
        }
        if text.is_empty() {
            ui.weak("(empty)");
        }
    });
}

/// A string for display: in visual order when it holds right-to-left text,
/// with the logical order named beside it, so a wrong visual order never
/// reaches the reader unmarked (egui does no bidi reordering itself).
pub fn bidi_text(ui: &mut Ui, text: &str, rich: impl Fn(String) -> RichText) {
    match visual_order(text) {
        Some(visual) => {
            ui.label(rich(visual))
                .on_hover_text("Display order (Unicode Bidirectional Algorithm, UAX #9)");
            ui.weak("display order; logical order:");
            ui.label(rich(text.to_string()));
        }
        None => {
            ui.label(rich(text.to_string()));
        }
    }
}

/// The character at `index` of `text` with its code, e.g. `‘ü’ U+00FC`, for sentences.
pub fn describe_char(text: &str, index: usize) -> Option<String> {
    let c = text.chars().nth(index)?;
    Some(format!("‘{}’ {}", visible(c), code_point_label(c)))
}

/// 1234567 → "1,234,567".
pub fn thousands(n: u64) -> String {
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
