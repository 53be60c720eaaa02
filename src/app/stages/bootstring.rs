//! Stage 5, Encode/Decode: the RFC 3492 Bootstring arithmetic per label —
//! basic code points, delimiter, and per inserted code point n, i, h, delta,
//! per digit k, t, q, digit and weight w, the bias adaptations, and the
//! A-label assembled digit by digit.

use crate::app::widgets::{char_strip, code_point, error_color, glyph_or_badge};
use crate::punycode::{self, BootstringTrace, Insertion};
use crate::uts46::{AsciiTrace, ProcessTrace};
use eframe::egui;
use egui::{RichText, Ui};

/// Above this many insertions a table is cut short (with a notice).
const MAX_INSERTIONS: usize = 200;

pub struct BootstringView<'a> {
    pub process: &'a ProcessTrace,
    pub ascii: &'a AsciiTrace,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Encode,
    Decode,
}

impl BootstringView<'_> {
    pub fn ui(self, ui: &mut Ui) {
        egui::ScrollArea::vertical().id_salt("bootstring").show(ui, |ui| {
            ui.label(
                RichText::new(format!(
                    "Bootstring parameters for Punycode (RFC 3492 §5): base {}, tmin {}, tmax {}, skew {}, damp {}, initial_bias {}, initial_n {} (U+{:04X}).",
                    punycode::BASE,
                    punycode::TMIN,
                    punycode::TMAX,
                    punycode::SKEW,
                    punycode::DAMP,
                    punycode::INITIAL_BIAS,
                    punycode::INITIAL_N,
                    punycode::INITIAL_N
                ))
                .weak(),
            );
            let mut shown = false;
            for label in &self.process.labels {
                if let Some(step) = &label.punycode {
                    shown = true;
                    let title = format!("Label {}: decode “{}”", label.index + 1, label.text);
                    section(ui, &title, ("decode", label.index), |ui| trace_ui(ui, &step.decode, Direction::Decode, ""));
                }
            }
            for (index, label) in self.ascii.labels.iter().enumerate() {
                if let Some(encode) = &label.encode {
                    shown = true;
                    let title = format!("Label {}: encode “{}” → “{}”", index + 1, label.input, label.output);
                    section(ui, &title, ("encode", index), |ui| trace_ui(ui, encode, Direction::Encode, "xn--"));
                }
            }
            if !shown {
                ui.label("No label needs Punycode: every label is ASCII and none starts with xn--.");
            }
            ui.add_space(6.0);
            ui.label(format!(
                "ToASCII result “{}”: {} characters without a trailing dot (VerifyDnsLength allows 1–253; each label 1–63).",
                self.ascii.output, self.ascii.name_length
            ));
        });
    }
}

fn section(ui: &mut Ui, title: &str, id: (&str, usize), body: impl FnOnce(&mut Ui)) {
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt(id)
        .default_open(true)
        .show(ui, body);
}

fn trace_ui(ui: &mut Ui, trace: &BootstringTrace, direction: Direction, prefix: &str) {
    let basic_count = trace.basic.chars().count();
    match direction {
        Direction::Encode => ui.label(format!(
            "Copy the {basic_count} basic (ASCII) code point(s) “{}”{}.",
            trace.basic,
            if trace.delimiter {
                ", then the delimiter ‘-’"
            } else {
                "; no delimiter (no basic code points)"
            }
        )),
        Direction::Decode => ui.label(format!(
            "Basic code points before the last delimiter: “{}” ({basic_count}); the rest are digits of the deltas.",
            trace.basic
        )),
    };
    let mut assembled = format!(
        "{prefix}{}{}",
        trace.basic,
        if trace.delimiter && direction == Direction::Encode {
            "-"
        } else {
            ""
        }
    );
    for (number, insertion) in trace.insertions.iter().enumerate().take(MAX_INSERTIONS) {
        insertion_ui(ui, number, insertion, direction, &mut assembled);
    }
    if trace.insertions.len() > MAX_INSERTIONS {
        ui.weak(format!(
            "… {} more insertions not shown.",
            trace.insertions.len() - MAX_INSERTIONS
        ));
    }
    if let Some(error) = &trace.error {
        ui.label(RichText::new(format!("Failed: {error}")).color(error_color(ui)).strong());
        if error.position >= trace.input.chars().count() {
            ui.label("The failure point is the end of the input (highlighted: the last character read).");
        }
        let last = trace.input.chars().count().saturating_sub(1);
        char_strip(ui, &trace.input, |index| index == error.position.min(last));
        ui.horizontal(|ui| {
            ui.label("Result:");
            let outcome = match direction {
                Direction::Decode => "none — decoding failed, so the label is kept as it is (P4)",
                Direction::Encode => "none — encoding failed, so ToASCII keeps the label and records A3",
            };
            ui.label(RichText::new(outcome).color(error_color(ui)));
        });
        return;
    }
    ui.horizontal(|ui| {
        ui.label("Result:");
        let result = if direction == Direction::Encode {
            format!("{prefix}{}", trace.output)
        } else {
            trace.output.clone()
        };
        ui.label(RichText::new(result).monospace().strong());
    });
}

fn insertion_ui(ui: &mut Ui, number: usize, insertion: &Insertion, direction: Direction, assembled: &mut String) {
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("Insertion {}:", number + 1)).strong());
        glyph_or_badge(ui, insertion.code_point);
        ui.label(code_point(insertion.code_point));
        ui.label(format!(
            "n = {}, h = {} code point(s) handled, i = {}, delta = {}, bias = {}",
            insertion.code_point as u32, insertion.h, insertion.i, insertion.delta, insertion.bias
        ));
    });
    ui.label(RichText::new(format!("delta {}", insertion.delta_formula())).monospace())
        .on_hover_text("The delta is the sum of digit value × weight w (RFC 3492 §3.3); digits of value 0 add nothing.");
    // One monospace line per digit (not a grid of cells): long names have
    // hundreds of digits, and one label per row keeps a frame well under 16 ms.
    let so_far = if direction == Direction::Encode {
        "A-label so far"
    } else {
        "digits read"
    };
    ui.label(
        RichText::new(format!(
            "{:>6} {:>3} {:>11} {:>5} {:>5} {:>11}  {so_far}",
            "k", "t", "q", "digit", "value", "w"
        ))
        .monospace()
        .strong(),
    );
    let mut read = String::new();
    for digit in &insertion.digits {
        assembled.push(digit.digit);
        read.push(digit.digit);
        let q = digit.q.map_or("—".to_string(), |q| q.to_string());
        let shown = if direction == Direction::Encode {
            assembled.as_str()
        } else {
            read.as_str()
        };
        ui.label(
            RichText::new(format!(
                "{:>6} {:>3} {q:>11} {:>5} {:>5} {:>11}  {shown}",
                digit.k, digit.t, digit.digit, digit.value, digit.w
            ))
            .monospace(),
        );
    }
    let adaptation = &insertion.adaptation;
    ui.label(
        RichText::new(format!(
            "bias adaptation: adapt(delta = {}, numpoints = {}, firsttime = {}) → bias = {}",
            adaptation.delta,
            adaptation.numpoints,
            if adaptation.first_time { "yes" } else { "no" },
            adaptation.bias
        ))
        .weak(),
    )
    .on_hover_text("RFC 3492 §6.1: delta is divided by damp the first time, by 2 afterwards, then scaled into the new bias.");
}
