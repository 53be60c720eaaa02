//! Help: the stages in short, a glossary, and every error code with its
//! sentence and spec reference (from the same data the error chips use).

use crate::uts46::ErrorCode;
use eframe::egui;
use egui::{RichText, Ui};

/// The Help window.
#[derive(Default)]
pub struct HelpWindow {
    pub open: bool,
}

const STAGES: [(&str, &str); 5] = [
    (
        "1 Map (UTS #46 §4 step 1)",
        "Each code point is looked up in the IDNA Mapping Table: valid ones stay, ignored ones are removed, mapped ones are replaced (e.g. uppercase to lowercase, fullwidth to ASCII, 。 to .), deviations (ß, ς, ZWJ, ZWNJ) stay in nontransitional and are mapped in transitional processing, disallowed ones stay and fail validation later.",
    ),
    (
        "2 Normalize (§4 step 2)",
        "The mapped string is put into Unicode Normalization Form C: u + combining diaeresis becomes ü.",
    ),
    (
        "3 Break (§4 step 3)",
        "The string is split into labels at each U+002E FULL STOP.",
    ),
    (
        "4 Convert/Validate (§4 step 4, §4.1)",
        "A label starting with xn-- is decoded from Punycode; then every label is checked against the validity criteria, the Bidi rule (RFC 5893) and the ContextJ rules (RFC 5892).",
    ),
    (
        "5 Encode/Decode (§4.2, RFC 3492)",
        "ToASCII encodes each non-ASCII label with Punycode (the Bootstring algorithm) and adds the ACE prefix xn--; then the DNS length limits apply. Step through shows the encoder (or, for an xn-- label, the decoder) one line of its loop at a time, with the numbers filled in and the insertion slots drawn: Prev, Play, Next, the slider, or ← →.",
    ),
];

const GLOSSARY: [(&str, &str); 22] = [
    ("label", "One dot-separated part of a domain name."),
    ("U-label", "A label in Unicode form, e.g. bücher."),
    (
        "A-label",
        "The ASCII form of a U-label: the ACE prefix and its Punycode, e.g. xn--bcher-kva.",
    ),
    ("ACE prefix", "xn--, marking an A-label (ASCII Compatible Encoding)."),
    (
        "deviation",
        "ß, ς, ZWJ, ZWNJ: characters IDNA2003 mapped away and IDNA2008 keeps, so the two resolve the same link differently.",
    ),
    (
        "mapping-table status",
        "valid, ignored, mapped, deviation or disallowed: what the Map step does with a code point (UTS #46 §5).",
    ),
    (
        "transitional / nontransitional",
        "Whether deviations are mapped (transitional, deprecated) or kept (nontransitional, what browsers do).",
    ),
    ("n", "Bootstring: the code point being inserted; starts at initial_n = 128."),
    (
        "i",
        "Bootstring: the insertion position among the code points handled so far.",
    ),
    ("h", "Bootstring: how many code points are already in the output (handled)."),
    (
        "delta",
        "Bootstring: the number of steps, (n − previous n) × (h + 1) + i, encoded as a variable-length integer.",
    ),
    (
        "bias",
        "Bootstring: adapts the thresholds to the size of recent deltas; starts at initial_bias = 72.",
    ),
    ("k", "Bootstring: the place of a digit, 36, 72, 108, …"),
    (
        "t",
        "Bootstring: the threshold of a place, k − bias clamped to tmin..tmax; a digit below t ends the integer.",
    ),
    ("q", "Bootstring: the value still to be written when a digit is emitted."),
    (
        "w",
        "Bootstring: the weight (place value) of a digit: the product of (36 − t) of the earlier places.",
    ),
    ("tmin, tmax", "Punycode's threshold limits, 1 and 26."),
    (
        "skew, damp",
        "Punycode's bias-adaptation constants, 38 and 700 (damp divides the first delta).",
    ),
    ("base", "36 digits: a–z for 0–25, 0–9 for 26–35."),
    ("initial_bias, initial_n", "72 and 128 (the first non-ASCII code point)."),
    (
        "Bidi domain name",
        "A name with a right-to-left character (bidi class R, AL or AN); then every label must satisfy the Bidi rule.",
    ),
    (
        "CONTEXTJ",
        "ZWJ and ZWNJ are allowed only in the contexts of RFC 5892 Appendix A (after a virama, or between joining letters).",
    ),
];

impl HelpWindow {
    pub fn ui(&mut self, ctx: &egui::Context) {
        egui::Window::new("Help")
            .open(&mut self.open)
            .default_size([620.0, 560.0])
            .vscroll(true)
            .show(ctx, |ui| {
                ui.heading("The stages");
                for (title, text) in STAGES {
                    ui.label(RichText::new(title).strong());
                    ui.label(text);
                }
                ui.add_space(8.0);
                ui.heading("Glossary");
                for (term, meaning) in GLOSSARY {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(format!("{term}:")).strong());
                        ui.label(meaning);
                    });
                }
                ui.add_space(8.0);
                ui.heading("Error codes");
                ui.label("As IdnaTestV2.txt names them.");
                error_codes(ui);
            });
    }
}

fn error_codes(ui: &mut Ui) {
    for code in ErrorCode::ALL {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(code.as_str()).monospace().strong());
            ui.label(code.explanation());
            ui.label(RichText::new(code.spec_reference()).small().weak());
        });
    }
}
