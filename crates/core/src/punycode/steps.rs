//! The Bootstring loop one line at a time (RFC 3492 §6.2 decode, §6.3 encode,
//! §6.1 adapt): what the traced encoder and decoder record, and a sentence
//! with the numbers filled in for each step.

use super::{BASE, BiasAdaptation, BootstringTrace, DAMP, SKEW, TMAX, TMIN};
use crate::properties::visible::char_with_code_point;
use serde::Serialize;

/// One line of the encoder's or decoder's loop, with the state machine after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// What this line of the loop did, with its numbers.
    pub action: Action,
    /// The state machine after the line.
    pub machine: Machine,
}

/// The Bootstring state machine as the decoder walks it: a code point n is
/// considered for each insertion slot of the text in turn, and each slot
/// passed over is one skipped insertion (the deltas count them).
///
/// The text and the Punycode so far are not copied into each step (that would
/// make a trace quadratic in the input's length): [`BootstringTrace::text_at`]
/// and [`BootstringTrace::written_at`] derive them from the trace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Machine {
    /// n: the code point under consideration.
    pub n: u32,
    /// i: the insertion slot, 0 (before the first character) to the text's length.
    pub slot: u32,
    /// delta: insertion possibilities skipped since the last insertion.
    pub skipped: u32,
    /// How far the text has grown. Encode: the input index before which the
    /// code points equal to n are already encoded. Decode: the insertions made.
    pub progress: u32,
    /// Bytes of the Punycode written (encode) or of the digits read (decode), all ASCII.
    pub written_len: u32,
}

impl BootstringTrace {
    /// The text insertions go into at `step` of this trace. Encode: the input's
    /// code points below n, and those equal to n already encoded, in input
    /// order. Decode: the output so far.
    pub fn text_at(&self, step: &Step) -> String {
        let machine = &step.machine;
        if self.encoding() {
            let before = machine.progress as usize;
            return self
                .input
                .chars()
                .enumerate()
                .filter(|&(position, c)| (c as u32) < machine.n || (c as u32 == machine.n && position < before))
                .map(|(_, c)| c)
                .collect();
        }
        let mut text: Vec<char> = self.basic.chars().collect();
        for insertion in self.insertions.iter().take(machine.progress as usize) {
            text.insert((insertion.i as usize).min(text.len()), insertion.code_point);
        }
        text.into_iter().collect()
    }

    /// Encode: the Punycode written at `step`. Decode: the digits read by then.
    pub fn written_at(&self, step: &Step) -> &str {
        let length = step.machine.written_len as usize;
        let (source, start) = match self.encoding() {
            true => (&self.output, 0),
            false => (&self.input, self.basic.len() + usize::from(self.delimiter)),
        };
        source.get(start..start + length).unwrap_or_default()
    }

    /// The sentence of `step` (one line of the RFC 3492 loop with its numbers), which belongs to this trace.
    pub fn sentence(&self, step: &Step) -> String {
        step.sentence_with(|| self.text_at(step))
    }

    /// Whether this is the trace of an encode (its first step says so).
    fn encoding(&self) -> bool {
        matches!(
            self.steps.first(),
            Some(Step {
                action: Action::Basic { encode: true, .. },
                ..
            })
        )
    }
}

/// Why a threshold t has its value (RFC 3492 §6.2/§6.3: "t = tmin if
/// k <= bias {+ tmin}, or tmax if k >= bias + tmax, or k − bias otherwise").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ThresholdRule {
    /// k ≤ bias + tmin: t = tmin.
    Min,
    /// k ≥ bias + tmax: t = tmax.
    Max,
    /// Otherwise t = k − bias.
    Between,
}

/// What one step did, with the numbers it used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Action {
    /// Encode: the basic code points copied, then the delimiter if there
    /// were any. Decode: the basic code points before the last delimiter.
    Basic {
        /// The basic (ASCII) code points, in order.
        basic: String,
        /// Encode: a delimiter was written (there were basic code points). Decode: one was found and consumed.
        delimiter: bool,
        /// True for the encoder's trace, false for the decoder's.
        encode: bool,
    },
    /// Encode: m, the smallest code point ≥ n in the input; delta += (m − n) × (h + 1); n = m.
    NextCodePoint {
        /// n before the step.
        old_n: u32,
        /// m: the smallest code point ≥ n in the input, the new n.
        m: u32,
        /// h: the code points handled so far (basic ones included).
        h: u32,
        /// delta before the step.
        old_delta: u32,
        /// delta after `delta += (m − n) × (h + 1)`.
        delta: u32,
    },
    /// Encode: code points below n passed over, one delta each.
    Skip {
        /// The code points below n passed over, in input order.
        chars: String,
        /// delta after counting them.
        delta: u32,
        /// i: the insertion slot reached, the input's code points so far that are below n or already encoded.
        slot: u32,
    },
    /// Encode: one digit of delta's variable-length integer written.
    /// `next_q`: (q − t) div (base − t), `None` for the last digit (q < t).
    WriteDigit {
        /// k: the digit's place, a multiple of base (36, 72, …).
        k: u32,
        /// The bias in effect for this integer.
        bias: u32,
        /// t: the threshold at k.
        t: u32,
        /// Which clause of the threshold formula gave t.
        rule: ThresholdRule,
        /// q: the value still to be written before this digit.
        q: u32,
        /// The digit's value: t + (q − t) mod (base − t), or q for the last digit.
        value: u32,
        /// The digit character (`a`–`z` for 0–25, `0`–`9` for 26–35).
        digit: char,
        /// The q of the next digit; `None` for the last digit.
        next_q: Option<u32>,
    },
    /// Decode: one digit read. `next_w`: w × (base − t), `None` for the last digit (digit < t).
    ReadDigit {
        /// The digit character read.
        digit: char,
        /// Its value, 0..36.
        value: u32,
        /// k: the digit's place, a multiple of base (36, 72, …).
        k: u32,
        /// The bias in effect for this integer.
        bias: u32,
        /// t: the threshold at k.
        t: u32,
        /// Which clause of the threshold formula gave t.
        rule: ThresholdRule,
        /// i before this digit.
        old_i: u32,
        /// w: the weight of this digit.
        w: u32,
        /// i after `i += digit × w`.
        i: u32,
        /// The weight of the next digit; `None` for the last digit.
        next_w: Option<u32>,
    },
    /// The bias adapted after an insertion (§6.1).
    Adapt(BiasAdaptation),
    /// Encode: a code point's delta written; delta = 0, h + 1.
    Encoded {
        /// The code point whose delta was written (n).
        code_point: char,
        /// h after the increment: the code points handled, this one included.
        h: u32,
    },
    /// Encode: the end of a pass over the input; delta + 1, n + 1.
    EndOfPass {
        /// delta after the increment.
        delta: u32,
        /// n after the increment.
        n: u32,
    },
    /// Decode: n += i div (length + 1); i = i mod (length + 1).
    Locate {
        /// n before the step.
        old_n: u32,
        /// i before the step, as the integer's digits left it.
        old_i: u32,
        /// The output's length + 1, the number of insertion slots (h + 1).
        slots: u32,
        /// n after `n += i div slots`.
        n: u32,
        /// i after `i = i mod slots`.
        i: u32,
    },
    /// Decode: n inserted at slot `at` (the text after it is the machine's); i + 1.
    Insert {
        /// n, the code point inserted.
        code_point: char,
        /// i: the 0-based slot it was inserted at.
        at: u32,
    },
}

impl Step {
    /// The step as one line with its numbers, e.g. for `ü` in "bücher":
    /// `delta += (n − old n) × (h + 1) = (252 − 128) × 6 = 744`. An insertion
    /// names the text it makes: use [`BootstringTrace::sentence`].
    fn sentence_with(&self, text: impl FnOnce() -> String) -> String {
        match &self.action {
            Action::Basic {
                basic,
                delimiter,
                encode,
            } => basic_sentence(basic, *delimiter, *encode),
            Action::NextCodePoint {
                old_n,
                m,
                h,
                old_delta,
                delta,
            } => {
                let added = format!("({m} − {old_n}) × {} = {}", h + 1, delta - old_delta);
                let sum = match old_delta {
                    0 => added,
                    _ => format!("{added} → delta = {old_delta} + {} = {delta}", delta - old_delta),
                };
                format!(
                    "n = {m}: {} is the smallest code point ≥ n not yet handled; delta += (n − old n) × (h + 1) = {sum}",
                    char_or_number(*m)
                )
            }
            Action::Skip { chars, delta, slot } => {
                let count = chars.chars().count();
                let shown = if count <= 6 {
                    chars.chars().map(|c| format!("‘{c}’")).collect::<Vec<_>>().join(" ")
                } else {
                    format!("{count} code points")
                };
                format!("{shown} < n: delta = {delta} at i = {slot}")
            }
            Action::WriteDigit {
                k,
                bias,
                t,
                rule,
                q,
                value,
                digit,
                next_q,
            } => {
                let head = format!("k = {k}: t = {t} ({})", rule_text(*rule, *k, *bias));
                match next_q {
                    Some(next) => format!(
                        "{head}; digit = t + (q − t) mod ({BASE} − t) = {t} + {} mod {} = {value} → ‘{digit}’; q = {} div {} = {next}",
                        q - t,
                        BASE - t,
                        q - t,
                        BASE - t
                    ),
                    None => format!("{head}; q = {q} < t: the last digit, q itself = {value} → ‘{digit}’"),
                }
            }
            Action::ReadDigit {
                digit,
                value,
                k,
                bias,
                t,
                rule,
                old_i,
                w,
                i,
                next_w,
            } => {
                let head = format!(
                    "‘{digit}’ = {value}: i = i + digit × w = {old_i} + {value} × {w} = {i}; k = {k}: t = {t} ({})",
                    rule_text(*rule, *k, *bias)
                );
                match next_w {
                    Some(next) => format!("{head}; {value} ≥ t, more digits follow: w = {w} × ({BASE} − {t}) = {next}"),
                    None => format!("{head}; {value} < t: the number ends"),
                }
            }
            Action::Adapt(adaptation) => adapt_sentence(adaptation),
            Action::Encoded { code_point, h } => {
                format!("{} is written: delta = 0, h = {h}", char_with_code_point(*code_point))
            }
            Action::EndOfPass { delta, n } => {
                format!("End of the pass over the input: delta + 1 = {delta}, n + 1 = {n}")
            }
            Action::Locate {
                old_n,
                old_i,
                slots,
                n,
                i,
            } => format!(
                "n = n + i div (length + 1) = {old_n} + {old_i} div {slots} = {n} ({}); i = i mod {slots} = {i}",
                char_or_number(*n)
            ),
            Action::Insert { code_point, at } => format!(
                "Insert {} at i = {at} → “{}”; i = {}",
                char_with_code_point(*code_point),
                text(),
                at + 1
            ),
        }
    }

    /// The line of the RFC 3492 pseudocode this step carries out, in its notation.
    pub fn rule(&self) -> &'static str {
        match &self.action {
            Action::Basic { .. } => "§6.3/§6.2: copy the basic code points; the delimiter follows them",
            Action::NextCodePoint { .. } => "§6.3: let m = the minimum code point ≥ n; delta = delta + (m − n) × (h + 1); n = m",
            Action::Skip { .. } => "§6.3: for each code point c: if c < n then increment delta",
            Action::WriteDigit { next_q: Some(_), .. } => {
                "§6.3: output digit t + ((q − t) mod (base − t)); q = (q − t) div (base − t)"
            }
            Action::WriteDigit { next_q: None, .. } => "§6.3: if q < t then break; output the digit for q",
            Action::ReadDigit { .. } => "§6.2: i = i + digit × w; if digit < t then break; w = w × (base − t)",
            Action::Adapt(_) => "§6.1: bias = adapt(delta, numpoints, firsttime)",
            Action::Encoded { .. } => "§6.3: let delta = 0, increment h",
            Action::EndOfPass { .. } => "§6.3: increment delta and n",
            Action::Locate { .. } => "§6.2: n = n + i div (length(output) + 1); i = i mod (length(output) + 1)",
            Action::Insert { .. } => "§6.2: insert n into output at position i; increment i",
        }
    }
}

fn basic_sentence(basic: &str, delimiter: bool, encode: bool) -> String {
    let count = basic.chars().count();
    match (encode, count) {
        (true, 0) => "No basic code points (b = h = 0), so no delimiter; n = 128, delta = 0, bias = 72".to_string(),
        (true, _) => format!(
            "Copy the basic code points “{basic}” (b = h = {count}), then the delimiter ‘-’; n = 128, delta = 0, bias = 72"
        ),
        (false, 0) if !delimiter => "No delimiter: every character is a digit; n = 128, i = 0, bias = 72".to_string(),
        (false, _) => format!(
            "The basic code points before the last delimiter: “{basic}” ({count}), copied to the output; n = 128, i = 0, bias = 72"
        ),
    }
}

fn rule_text(rule: ThresholdRule, k: u32, bias: u32) -> String {
    match rule {
        ThresholdRule::Min => "k ≤ bias + tmin".to_string(),
        ThresholdRule::Max => "k ≥ bias + tmax".to_string(),
        ThresholdRule::Between => format!("k − bias = {k} − {bias}"),
    }
}

fn adapt_sentence(a: &BiasAdaptation) -> String {
    let first = if a.first_time {
        format!("delta = {} div damp = {} div {DAMP} = {}", a.delta, a.delta, a.scaled)
    } else {
        format!("delta = {} div 2 = {}", a.delta, a.scaled)
    };
    let grow = format!(
        "delta += delta div numpoints = {} div {} → {}",
        a.scaled, a.numpoints, a.grown
    );
    let limit = ((BASE - TMIN) * TMAX) / 2;
    let mut loop_text = Vec::new();
    let mut before = a.grown;
    for (count, &after) in a.divisions.iter().enumerate() {
        loop_text.push(format!(
            "{before} > {limit}: delta = {before} div {} = {after}, k = {}",
            BASE - TMIN,
            BASE * (count as u32 + 1)
        ));
        before = after;
    }
    if loop_text.is_empty() {
        loop_text.push(format!("{before} ≤ {limit}: no division, k = 0"));
    }
    format!(
        "adapt(delta = {}, numpoints = {}, firsttime = {}): {first}; {grow}; {}; bias = k + ({} × delta) div (delta + skew) = {} + ({} × {before}) div ({before} + {SKEW}) = {}",
        a.delta,
        a.numpoints,
        if a.first_time { "yes" } else { "no" },
        loop_text.join("; "),
        BASE - TMIN + 1,
        a.k,
        BASE - TMIN + 1,
        a.bias
    )
}

/// `ü (U+00FC)` for a scalar value, else the number.
fn char_or_number(n: u32) -> String {
    char::from_u32(n).map_or_else(|| n.to_string(), char_with_code_point)
}
