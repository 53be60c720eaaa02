//! Stage 5, Encode/Decode: the RFC 3492 Bootstring arithmetic per label —
//! a stepper through the encoder's or decoder's loop with the state machine
//! drawn, then per inserted code point n, i, h, delta, per digit k, t, q,
//! digit and weight w, the bias adaptations, and the A-label digit by digit.

use crate::app::widgets::{char_strip, code_point, error_color, glyph_or_badge, highlight_fill};
use crate::display::char_with_code_point;
use crate::punycode::{self, BootstringTrace, Insertion, PARAMETERS, Step};
use crate::uts46::{AsciiTrace, ProcessTrace};
use eframe::egui;
use egui::{Key, Modifiers, RichText, Ui};

/// Above this many insertions a table is cut short (with a notice).
const MAX_INSERTIONS: usize = 200;

/// Seconds between steps while playing.
const PLAY_INTERVAL: f64 = 0.8;

pub struct BootstringView<'a> {
    pub process: &'a ProcessTrace,
    pub ascii: &'a AsciiTrace,
    pub stepper: &'a mut Stepper,
}

/// Where the stepper stands: which label's run, which step, whether it plays.
#[derive(Default)]
pub struct Stepper {
    /// The run shown: its title (a new name or label starts again at step 1).
    run: Option<String>,
    step: usize,
    playing: bool,
    /// When the last step was taken while playing (egui time, seconds).
    last_tick: f64,
}

/// One encode or decode run of one label.
struct Run<'t> {
    title: String,
    /// The label's 0-based position (with the direction, the section's id).
    index: usize,
    trace: &'t BootstringTrace,
    direction: Direction,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Encode,
    Decode,
}

/// Every run of a trace: decodes of A-labels, then encodes for ToASCII.
fn runs<'t>(process: &'t ProcessTrace, ascii: &'t AsciiTrace) -> Vec<Run<'t>> {
    let decodes = process.labels.iter().filter_map(|label| {
        let step = label.punycode.as_ref()?;
        Some(Run {
            title: format!("Label {}: decode “{}”", label.index + 1, label.text),
            index: label.index,
            trace: &step.decode,
            direction: Direction::Decode,
        })
    });
    let encodes = ascii.labels.iter().enumerate().filter_map(|(index, label)| {
        Some(Run {
            title: format!("Label {}: encode “{}” → “{}”", index + 1, label.input, label.output),
            index,
            trace: label.encode.as_ref()?,
            direction: Direction::Encode,
        })
    });
    decodes.chain(encodes).collect()
}

impl BootstringView<'_> {
    pub fn ui(self, ui: &mut Ui) {
        let runs = runs(self.process, self.ascii);
        if !runs.is_empty() {
            stepper_ui(ui, self.stepper, &runs);
            ui.separator();
        }
        egui::ScrollArea::vertical().id_salt("bootstring").show(ui, |ui| {
            ui.label(
                RichText::new(format!(
                    "Bootstring parameters for Punycode (RFC 3492 §5): base {}, tmin {}, tmax {}, skew {}, damp {}, initial_bias {}, initial_n {} (U+{:04X}).",
                    PARAMETERS.base,
                    PARAMETERS.tmin,
                    PARAMETERS.tmax,
                    PARAMETERS.skew,
                    PARAMETERS.damp,
                    PARAMETERS.initial_bias,
                    PARAMETERS.initial_n,
                    PARAMETERS.initial_n
                ))
                .weak(),
            );
            for run in &runs {
                let (id, prefix) = match run.direction {
                    Direction::Decode => ("decode", ""),
                    Direction::Encode => ("encode", "xn--"),
                };
                section(ui, &run.title, (id, run.index), |ui| trace_ui(ui, run.trace, run.direction, prefix));
            }
            if runs.is_empty() {
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

/// The stepper: a run picker, Prev / Play / Next and a slider (← → step
/// too), the RFC line and the step's sentence, and the state machine.
fn stepper_ui(ui: &mut Ui, stepper: &mut Stepper, runs: &[Run<'_>]) {
    let mut chosen = runs
        .iter()
        .position(|run| Some(&run.title) == stepper.run.as_ref())
        .unwrap_or(0);
    if stepper.run.as_ref() != Some(&runs[chosen].title) {
        *stepper = Stepper {
            run: Some(runs[chosen].title.clone()),
            ..Stepper::default()
        };
    }
    ui.horizontal_wrapped(|ui| {
        ui.strong("Step through");
        if runs.len() > 1 {
            egui::ComboBox::from_id_salt("stepper-run")
                .selected_text(&runs[chosen].title)
                .show_ui(ui, |ui| {
                    for (index, run) in runs.iter().enumerate() {
                        ui.selectable_value(&mut chosen, index, &run.title);
                    }
                })
                .response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Label to step through"));
        } else {
            ui.label(&runs[chosen].title);
        }
    });
    if stepper.run.as_ref() != Some(&runs[chosen].title) {
        *stepper = Stepper {
            run: Some(runs[chosen].title.clone()),
            ..Stepper::default()
        };
    }
    let run = &runs[chosen];
    let steps = &run.trace.steps;
    if steps.is_empty() {
        return;
    }
    let last = steps.len() - 1;
    stepper.step = stepper.step.min(last);
    ui.horizontal(|ui| {
        if ui.button("⏮").on_hover_text("First step").clicked() {
            stepper.step = 0;
            stepper.playing = false;
        }
        if ui
            .add_enabled(stepper.step > 0, egui::Button::new("◀ Prev"))
            .on_hover_text("Previous step (←)")
            .clicked()
        {
            stepper.step -= 1;
            stepper.playing = false;
        }
        let play = if stepper.playing { "⏸ Pause" } else { "▶ Play" };
        if ui.button(play).on_hover_text("One step every 0.8 s").clicked() {
            stepper.playing = !stepper.playing;
            if stepper.step == last {
                stepper.step = 0;
            }
            stepper.last_tick = ui.input(|input| input.time);
        }
        if ui
            .add_enabled(stepper.step < last, egui::Button::new("Next ▶"))
            .on_hover_text("Next step (→)")
            .clicked()
        {
            stepper.step += 1;
            stepper.playing = false;
        }
        if ui.button("⏭").on_hover_text("Last step").clicked() {
            stepper.step = last;
            stepper.playing = false;
        }
        ui.add(egui::Slider::new(&mut stepper.step, 0..=last).show_value(false))
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Slider, true, "Step slider"));
        ui.label(format!("Step {} of {}", stepper.step + 1, steps.len()));
    });
    step_keys(ui, stepper, last);
    play_tick(ui, stepper, last);
    step_ui(ui, run.trace, &steps[stepper.step], run.direction);
}

/// ← and → step when no text field has the keyboard.
fn step_keys(ui: &Ui, stepper: &mut Stepper, last: usize) {
    if ui.ctx().text_edit_focused() {
        return;
    }
    if ui.input_mut(|input| input.consume_key(Modifiers::NONE, Key::ArrowLeft)) {
        stepper.step = stepper.step.saturating_sub(1);
        stepper.playing = false;
    }
    if ui.input_mut(|input| input.consume_key(Modifiers::NONE, Key::ArrowRight)) {
        stepper.step = (stepper.step + 1).min(last);
        stepper.playing = false;
    }
}

fn play_tick(ui: &Ui, stepper: &mut Stepper, last: usize) {
    if !stepper.playing {
        return;
    }
    let now = ui.input(|input| input.time);
    if now - stepper.last_tick >= PLAY_INTERVAL {
        stepper.step = (stepper.step + 1).min(last);
        stepper.last_tick = now;
    }
    if stepper.step == last {
        stepper.playing = false;
    } else {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(PLAY_INTERVAL / 4.0));
    }
}

/// One step: the RFC line, the sentence with its numbers, the state machine.
fn step_ui(ui: &mut Ui, trace: &BootstringTrace, step: &Step, direction: Direction) {
    ui.label(RichText::new(format!("RFC 3492 {}", step.rule())).weak().small());
    ui.label(RichText::new(trace.sentence(step)).monospace().size(14.0));
    ui.add_space(4.0);
    machine_ui(ui, trace, step, direction);
}

/// The state machine as the seed article draws it: the text with its
/// insertion slots, slot i highlighted, n and the insertions skipped.
fn machine_ui(ui: &mut Ui, trace: &BootstringTrace, step: &Step, direction: Direction) {
    let machine = &step.machine;
    let text = trace.text_at(step);
    let length = text.chars().count();
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        for (index, c) in text.chars().chain(std::iter::once('\0')).enumerate() {
            slot_marker(ui, index as u32 == machine.slot, index);
            if index < length {
                match crate::display::glyph(c) {
                    Some(glyph) => ui.label(RichText::new(glyph).size(26.0)),
                    None => glyph_or_badge(ui, c),
                };
            }
        }
    });
    let n = match char::from_u32(machine.n) {
        _ if machine.n == punycode::PARAMETERS.initial_n => "(initial_n)".to_string(),
        Some(c) => char_with_code_point(c),
        None => String::new(),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(format!(
            "n = {} {n} · slot i = {} of {} · insertions skipped (delta) = {}",
            machine.n,
            machine.slot,
            length + 1,
            machine.skipped
        ));
        let (what, written) = match direction {
            Direction::Encode => ("Punycode so far:", format!("xn--{}", trace.written_at(step))),
            Direction::Decode => ("digits read:", trace.written_at(step).to_string()),
        };
        ui.separator();
        ui.label(what);
        ui.label(RichText::new(written).monospace().strong());
    });
}

/// A thin box between characters: an insertion slot, filled when it is slot i.
fn slot_marker(ui: &mut Ui, current: bool, index: usize) {
    let size = egui::vec2(if current { 14.0 } else { 8.0 }, 32.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    let stroke = ui.visuals().widgets.noninteractive.fg_stroke;
    if current {
        ui.painter().rect_filled(rect, 2.0, highlight_fill(ui));
        ui.painter()
            .rect_stroke(rect, 2.0, egui::Stroke::new(1.5, stroke.color), egui::StrokeKind::Inside);
    } else {
        ui.painter().rect_stroke(
            rect.shrink2(egui::vec2(1.0, 4.0)),
            1.0,
            egui::Stroke::new(1.0, ui.visuals().weak_text_color()),
            egui::StrokeKind::Inside,
        );
    }
    response.on_hover_text(format!("insertion slot {index}"));
}
