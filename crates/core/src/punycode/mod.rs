//! Punycode: the Bootstring parameters of RFC 3492 §5, the encoder of §6.3 and
//! the decoder of §6.2, each able to record its arithmetic as it runs.
//!
//! The trace is filled by the same code that computes the result: passing
//! `None` as the trace skips every recording statement, so untraced runs
//! neither allocate nor compute trace data. The one exception: an untraced
//! encode of a label solves each delta from the decoder's equations instead
//! of running §6.3's passes, which it reproduces digit for digit.

mod steps;

pub use steps::{Action, Machine, Step, ThresholdRule};

use serde::Serialize;
use std::fmt;

/// The Bootstring parameters, named as RFC 3492 §5 names them; Punycode's
/// values are [`PARAMETERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Parameters {
    /// base: the number of digit values.
    pub base: u32,
    /// tmin: the smallest threshold.
    pub tmin: u32,
    /// tmax: the largest threshold.
    pub tmax: u32,
    /// skew: the bias adaptation parameter.
    pub skew: u32,
    /// damp: the damping of the first bias adaptation.
    pub damp: u32,
    /// initial_bias: the bias before the first insertion.
    pub initial_bias: u32,
    /// initial_n: the first non-basic code point considered (U+0080).
    pub initial_n: u32,
}

/// Punycode's Bootstring parameters (RFC 3492 §5), which the encoder and
/// decoder here use.
pub const PARAMETERS: Parameters = Parameters {
    base: 36,
    tmin: 1,
    tmax: 26,
    skew: 38,
    damp: 700,
    initial_bias: 72,
    initial_n: 128,
};

// Under their names in the RFC's pseudocode, for the code that follows it.
pub(crate) const BASE: u32 = PARAMETERS.base;
pub(crate) const TMIN: u32 = PARAMETERS.tmin;
pub(crate) const TMAX: u32 = PARAMETERS.tmax;
pub(crate) const SKEW: u32 = PARAMETERS.skew;
pub(crate) const DAMP: u32 = PARAMETERS.damp;
pub(crate) const INITIAL_BIAS: u32 = PARAMETERS.initial_bias;
pub(crate) const INITIAL_N: u32 = PARAMETERS.initial_n;
/// RFC 3492 §5: separates the basic code points from the encoded deltas.
pub(crate) const DELIMITER: char = '-';

/// Why an encode or decode failed, with the code-point position in the input
/// where it was detected (RFC 3492 §6.2, §6.3, §6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PunycodeError {
    /// What went wrong.
    pub kind: PunycodeErrorKind,
    /// 0-based code-point index in the encoder's or decoder's input.
    pub position: usize,
}

/// The kinds of Punycode failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum PunycodeErrorKind {
    /// A delta or index exceeded 2^32 − 1 (RFC 3492 §6.4).
    Overflow,
    /// A character in the basic part (before the last delimiter) is not ASCII (RFC 3492 §6.2 step 1).
    NonBasic(char),
    /// A character after the delimiter is not a base-36 digit (a–z, A–Z, 0–9).
    InvalidDigit(char),
    /// The input ended in the middle of a variable-length integer.
    Truncated,
    /// The decoded value is a basic code point, a surrogate or above U+10FFFF (RFC 3492 §6.2).
    CodePointOutOfRange(u32),
    /// Not attempted: the input is longer than the caller's limit (code
    /// points to encode, or bytes to decode). Not an RFC 3492 rule: the UTS #46
    /// engine sets ICU4C's limits, because both algorithms take time
    /// quadratic in the length, and no label that long fits in DNS.
    TooLong {
        /// The input's length, in the limit's unit.
        length: usize,
        /// The caller's limit.
        limit: usize,
    },
}

impl fmt::Display for PunycodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.position;
        match self.kind {
            PunycodeErrorKind::Overflow => {
                write!(f, "integer overflow at position {at} (RFC 3492 §6.4)")
            }
            PunycodeErrorKind::NonBasic(c) => {
                write!(f, "non-ASCII character U+{:04X} in the basic part at position {at}", c as u32)
            }
            PunycodeErrorKind::InvalidDigit(c) => write!(f, "{c:?} at position {at} is not a Punycode digit (a-z, 0-9)"),
            PunycodeErrorKind::Truncated => write!(f, "input ends inside a variable-length integer at position {at}"),
            PunycodeErrorKind::TooLong { length, limit } => write!(
                f,
                "not attempted: {length} is over the limit of {limit} (ICU's; a DNS label has at most 63 octets)"
            ),
            PunycodeErrorKind::CodePointOutOfRange(n) => {
                write!(
                    f,
                    "decoded value {n:#X} at position {at} is not a non-basic Unicode scalar value"
                )
            }
        }
    }
}

impl std::error::Error for PunycodeError {}

/// One digit of a generalized variable-length integer (RFC 3492 §3.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DigitStep {
    /// k: a multiple of `BASE` naming the digit's place (36, 72, …).
    pub k: u32,
    /// t: the threshold for this place, clamped to `TMIN..=TMAX` from k − bias.
    pub t: u32,
    /// q: on encode, the value still to be written before this digit; `None` on decode.
    pub q: Option<u32>,
    /// The digit's value, 0..36.
    pub value: u32,
    /// The digit character (`a`–`z` for 0–25, `0`–`9` for 26–35).
    pub digit: char,
    /// w: the weight (place value) of this digit.
    pub w: u32,
}

/// A bias adaptation (RFC 3492 §6.1), with the value of delta after each of its steps.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BiasAdaptation {
    /// The delta passed in.
    pub delta: u32,
    /// numpoints: the number of code points handled so far, including this one.
    pub numpoints: u32,
    /// firsttime: true for the first adaptation, which divides by `DAMP` instead of 2.
    pub first_time: bool,
    /// delta div damp (the first time) or div 2.
    pub scaled: u32,
    /// That plus itself div numpoints.
    pub grown: u32,
    /// delta after each division by base − tmin, while it exceeds ((base − tmin) × tmax) div 2.
    pub divisions: Vec<u32>,
    /// k: base times the number of divisions.
    pub k: u32,
    /// The new bias: k + ((base − tmin + 1) × delta) div (delta + skew).
    pub bias: u32,
}

/// One non-basic code point inserted (decode) or encoded (encode).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Insertion {
    /// n: the code point.
    pub code_point: char,
    /// i: the insertion index in the string of the `h` code points handled before it.
    pub i: u32,
    /// The delta encoded for this insertion: `(n − previous n) × (h + 1) + i` counted from the previous insertion.
    pub delta: u32,
    /// h: the number of code points handled (present in the output) before this insertion.
    pub h: u32,
    /// The bias in effect while the digits were written or read.
    pub bias: u32,
    /// The digits of the variable-length integer, least significant first.
    pub digits: Vec<DigitStep>,
    /// The adaptation made after this insertion.
    pub adaptation: BiasAdaptation,
}

impl Insertion {
    /// The delta as the sum of its digits' contributions, digit value × weight w,
    /// leaving out digits of value 0 (they add nothing): for `ü` in "bücher",
    /// `"745 = 10 × 1 + 21 × 35"` (RFC 3492 §3.3, §6.3).
    pub fn delta_formula(&self) -> String {
        let terms: Vec<String> = self
            .digits
            .iter()
            .filter(|digit| digit.value != 0)
            .map(|digit| format!("{} × {}", digit.value, digit.w))
            .collect();
        let sum = if terms.is_empty() {
            "0".to_string()
        } else {
            terms.join(" + ")
        };
        format!("{} = {sum}", self.delta)
    }
}

/// The recorded run of [`encode`] or [`decode`] (RFC 3492 §6.2 / §6.3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BootstringTrace {
    /// The input string.
    pub input: String,
    /// The basic code points: copied to the output on encode, read before the last delimiter on decode.
    pub basic: String,
    /// Whether a delimiter was written (encode) or found (decode).
    pub delimiter: bool,
    /// One entry per non-basic code point, in the order of the algorithm.
    pub insertions: Vec<Insertion>,
    /// The output (complete on success, as far as it got on failure).
    pub output: String,
    /// The failure, if any.
    pub error: Option<PunycodeError>,
    /// Every line of the loop as it ran, with the state machine after it (for stepping through).
    pub steps: Vec<Step>,
}

/// Encodes a string of code points as Punycode (RFC 3492 §6.3), without any ACE prefix.
///
/// `encode("bücher") == Ok("bcher-kva")`. Errors: `Overflow` for inputs whose
/// deltas exceed 2^32 − 1 (RFC 3492 §6.4).
pub fn encode(input: &str) -> Result<String, PunycodeError> {
    let mut output = String::with_capacity(input.len() + 8);
    encode_into(input, &mut output, None).map(|()| output)
}

/// Decodes Punycode (no ACE prefix) to code points (RFC 3492 §6.2). Digits are case-insensitive.
///
/// Errors: a non-ASCII basic part, an invalid digit, a truncated integer,
/// overflow (RFC 3492 §6.4), or a result that is not a non-basic scalar value.
pub fn decode(input: &str) -> Result<String, PunycodeError> {
    let mut output = String::with_capacity(input.len() * 2);
    decode_into(input, &mut output, None).map(|()| output)
}

/// [`encode`] with its trace.
pub fn encode_traced(input: &str) -> (Result<String, PunycodeError>, BootstringTrace) {
    let mut trace = BootstringTrace::default();
    let mut output = String::new();
    let result = encode_into(input, &mut output, Some(&mut trace)).map(|()| output);
    (result, trace)
}

/// [`decode`] with its trace.
pub fn decode_traced(input: &str) -> (Result<String, PunycodeError>, BootstringTrace) {
    let mut trace = BootstringTrace::default();
    let mut output = String::new();
    let result = decode_into(input, &mut output, Some(&mut trace)).map(|()| output);
    (result, trace)
}

/// The threshold t for place k, and which case of RFC 3492 §6.2/§6.3 gives
/// it ("t = tmin if k <= bias {+ tmin}, or tmax if k >= bias + tmax, or k −
/// bias otherwise"; with or without the "+ tmin" the value is the same).
#[inline]
fn threshold(k: u32, bias: u32) -> (u32, ThresholdRule) {
    // The value without a branch (k − bias clamped to tmin..=tmax: which
    // case holds follows the text); the case, for the trace, apart.
    let t = k.saturating_sub(bias).clamp(TMIN, TMAX);
    let rule = if k <= bias + TMIN {
        ThresholdRule::Min
    } else if k >= bias + TMAX {
        ThresholdRule::Max
    } else {
        ThresholdRule::Between
    };
    (t, rule)
}

/// RFC 3492 §6.1, bias adaptation function; `record` receives delta after each step.
#[inline]
fn adapt(delta: u32, numpoints: u32, first_time: bool, mut record: Option<&mut BiasAdaptation>) -> u32 {
    let given = delta;
    // Both quotients are a multiplication or a shift: one is chosen without a branch.
    let mut delta = std::hint::select_unpredictable(first_time, delta / DAMP, delta / 2);
    let scaled = delta;
    delta += divide_small(delta, numpoints);
    let grown = delta;
    let mut k = 0;
    while delta > ADAPT_LIMIT {
        delta /= BASE - TMIN;
        k += BASE;
        if let Some(record) = record.as_deref_mut() {
            record.divisions.push(delta);
        }
    }
    let bias = k + u32::from(ADAPT_LAST_STEP[delta as usize]);
    if let Some(record) = record {
        record.delta = given;
        record.numpoints = numpoints;
        record.first_time = first_time;
        record.scaled = scaled;
        record.grown = grown;
        record.k = k;
        record.bias = bias;
    }
    bias
}

/// `delta / numpoints`, or any 32-bit value by a divisor up to 64 (base − t
/// is 10 to 35). A division by a variable takes tens of cycles, and a
/// label's numpoints are at most 64: for those, a multiplication by
/// ⌊2^64 / numpoints⌋ + 1, whose high 64 bits are the quotient for every
/// 32-bit delta (the error stays below 2^-32, under 1 / numpoints).
#[inline]
fn divide_small(delta: u32, numpoints: u32) -> u32 {
    const RECIPROCALS: [u64; 65] = {
        let mut table = [0u64; 65];
        let mut divisor = 2;
        while divisor <= 64 {
            table[divisor] = (u64::MAX / divisor as u64) + 1;
            divisor += 1;
        }
        table
    };
    match RECIPROCALS.get(numpoints as usize) {
        Some(&reciprocal) if numpoints > 1 => ((u128::from(delta) * u128::from(reciprocal)) >> 64) as u32,
        _ => delta / numpoints,
    }
}

/// The loop of [`adapt`] runs while delta exceeds ((base − tmin) × tmax) / 2.
const ADAPT_LIMIT: u32 = ((BASE - TMIN) * TMAX) / 2;

/// ((base − tmin + 1) × delta) / (delta + skew) for every delta up to
/// [`ADAPT_LIMIT`]: the last step of [`adapt`], a division by a variable,
/// read from a table computed at compile time by the same formula.
const ADAPT_LAST_STEP: [u8; ADAPT_LIMIT as usize + 1] = {
    let mut table = [0u8; ADAPT_LIMIT as usize + 1];
    let mut delta = 0;
    while delta <= ADAPT_LIMIT {
        table[delta as usize] = (((BASE - TMIN + 1) * delta) / (delta + SKEW)) as u8;
        delta += 1;
    }
    table
};

fn digit_char(value: u32) -> char {
    // The digits in value order: one load, no branch.
    const DIGITS: &[u8; BASE as usize] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    char::from(DIGITS[value as usize])
}

fn digit_value(c: char) -> Option<u32> {
    match c {
        'a'..='z' => Some(c as u32 - 'a' as u32),
        'A'..='Z' => Some(c as u32 - 'A' as u32),
        '0'..='9' => Some(c as u32 - '0' as u32 + 26),
        _ => None,
    }
}

/// Encodes `input` onto the end of `output`; records into `trace` when given.
pub(crate) fn encode_into(
    input: &str,
    output: &mut String,
    mut trace: Option<&mut BootstringTrace>,
) -> Result<(), PunycodeError> {
    let start_len = output.len();
    let result = encode_steps(input, output, trace.as_deref_mut());
    if let Some(trace) = trace {
        trace.input = input.to_string();
        trace.output = output[start_len..].to_string();
        trace.error = result.err();
    }
    result
}

fn encode_steps(input: &str, output: &mut String, trace: Option<&mut BootstringTrace>) -> Result<(), PunycodeError> {
    // The passes below scan the input once per distinct code point: its UTF-8 is decoded once.
    crate::decoded::with_code_points::<u32, 64, _>(input, |code_points| match trace {
        Some(trace) => {
            trace.basic = input.chars().filter(char::is_ascii).collect();
            trace.delimiter = !trace.basic.is_empty();
            encode_code_points::<true>(code_points, output, Some(trace))
        }
        None => encode_code_points_into(code_points, output),
    })
}

/// Encodes `code_points` (Unicode scalar values) as Punycode onto the end of
/// `output` (RFC 3492 §6.3), untraced: the engine's fast path hands over the
/// code points of a label it has just mapped, already decoded. Labels of up
/// to [`SOLVED_MAX`] code points take [`encode_solved`]; longer ones, and any
/// whose delta would overflow, the §6.3 loop, which names where it overflows.
pub(crate) fn encode_code_points_into(code_points: &[u32], output: &mut String) -> Result<(), PunycodeError> {
    let start = output.len();
    if encode_solved(code_points, output).is_some() {
        return Ok(());
    }
    output.truncate(start);
    encode_code_points::<false>(code_points, output, None)
}

/// The longest input [`encode_solved`] takes: a DNS label has at most 63.
const SOLVED_MAX: usize = 64;

/// The §6.3 encoder's output, each delta solved from the decoder's
/// equations (§6.2: i += delta; n += i div (len + 1); i = i mod (len + 1))
/// instead of counted pass by pass: the code point c at position p is
/// inserted at i = the code points before p that are at most c, after every
/// smaller code point and every equal one before p. So the deltas follow
/// from two counts per non-basic code point, without the passes' branches,
/// which follow the text. `None` (output partly written): longer than
/// [`SOLVED_MAX`], or a delta above 2^32 − 1. The §6.3 loop gives the same
/// digits; the tests compare the two.
fn encode_solved(code_points: &[u32], output: &mut String) -> Option<()> {
    let length = code_points.len();
    if length > SOLVED_MAX {
        return None;
    }
    output.reserve(3 * length + 1);
    // The insertions in order: code point, then position, ascending. A key
    // holds both; a code point takes 21 bits, a position 6.
    let mut keys = [0u32; SOLVED_MAX];
    let mut inserted = 0;
    // The basic code points in order, each byte written and kept or
    // overwritten: a label mixes both kinds in an order no branch foresees.
    let mut basic = [0u8; SOLVED_MAX];
    let mut basic_count = 0;
    // present: the positions whose code points are in the text so far.
    let mut present: u64 = 0;
    for (position, &c) in code_points.iter().enumerate() {
        let is_basic = c < INITIAL_N;
        basic[basic_count] = c as u8;
        basic_count += usize::from(is_basic);
        keys[inserted] = (c << 6) | position as u32;
        inserted += usize::from(!is_basic);
        present |= u64::from(is_basic) << position;
    }
    if basic_count > 0 {
        // Each byte kept is below 0x80: ASCII.
        output.push_str(std::str::from_utf8(&basic[..basic_count]).expect("basic code points are ASCII"));
        output.push(DELIMITER);
    }
    let basic_count = basic_count as u32;
    // Each key's place is the number of keys below it: counted without the
    // branches of a sort, which follow the text, and eight keys at a time
    // (the slots past the keys hold u32::MAX, below no key), so that the
    // count has no loop as long as the label: one fewer mispredicted exit a key.
    keys[inserted..(inserted + 8).min(SOLVED_MAX)].fill(u32::MAX);
    let padded = &keys[..8 * inserted.div_ceil(8)];
    let mut sorted = [0u32; SOLVED_MAX];
    for &key in &keys[..inserted] {
        let below = padded
            .chunks_exact(8)
            .map(|chunk| chunk.iter().map(|&other| u32::from(other < key)).sum::<u32>())
            .sum::<u32>();
        sorted[below as usize] = key;
    }
    let (mut n, mut bias, mut next_i) = (INITIAL_N, INITIAL_BIAS, 0u64);
    for (k, &key) in sorted[..inserted].iter().enumerate() {
        let (c, position) = (key >> 6, key & 63);
        // i: where c goes in the text so far, after the code points present before it.
        let i = u64::from((present & ((1 << position) - 1)).count_ones());
        present |= 1 << position;
        // h: the code points handled before this one, so the text is h long.
        let h = basic_count + k as u32;
        let delta = u64::from(c - n) * u64::from(h + 1) + i - next_i;
        let delta = u32::try_from(delta).ok()?;
        write_integer::<false>(delta, bias, output);
        bias = adapt(delta, h + 1, k == 0, None);
        (n, next_i) = (c, i + 1);
    }
    Some(())
}

/// The encoder. `TRACED` false compiles the recording out (the untraced
/// callers pass `None`), so the hot loop has no trace tests.
fn encode_code_points<const TRACED: bool>(
    code_points: &[u32],
    output: &mut String,
    mut trace: Option<&mut BootstringTrace>,
) -> Result<(), PunycodeError> {
    let tracing = TRACED && trace.is_some();
    let overflow = |position| PunycodeError {
        kind: PunycodeErrorKind::Overflow,
        position,
    };
    let start = output.len();
    let length = code_points.len() as u32;
    // Room for the basic code points, the delimiter and about two digits
    // per other code point: the pushes below rarely grow the string.
    output.reserve(3 * code_points.len() + 1);
    let mut basic_count: u32 = 0;
    for &c in code_points {
        if c < 0x80 {
            output.push(c as u8 as char);
            basic_count += 1;
        }
    }
    if basic_count > 0 {
        output.push(DELIMITER);
    }
    if let Some(trace) = trace.as_deref_mut().filter(|_| TRACED) {
        let basic = trace.basic.clone();
        let machine = Machine {
            n: INITIAL_N,
            written_len: (output.len() - start) as u32,
            ..Machine::default()
        };
        let action = Action::Basic {
            basic,
            delimiter: basic_count > 0,
            encode: true,
        };
        trace.steps.push(Step { action, machine });
    }
    let (mut n, mut delta, mut bias, mut h) = (INITIAL_N, 0u32, INITIAL_BIAS, basic_count);
    // m: the smallest code point not yet handled (RFC 3492 §6.3). After the
    // first, each pass over the input below finds the next one as it goes.
    let mut m = code_points.iter().copied().filter(|&c| c >= n).min().unwrap_or(n);
    while h < length {
        let (old_n, old_delta) = (n, delta);
        delta = (m - n)
            .checked_mul(h + 1)
            .and_then(|d| d.checked_add(delta))
            .ok_or_else(|| overflow(0))?;
        n = m;
        if let Some(trace) = trace.as_deref_mut().filter(|_| TRACED) {
            let action = Action::NextCodePoint {
                old_n,
                m,
                h,
                old_delta,
                delta,
            };
            let machine = encode_machine(n, 0, 0, delta, output.len() - start);
            trace.steps.push(Step { action, machine });
        }
        let mut next_m = u32::MAX;
        let mut inserted_before: u32 = 0;
        // Traced only: the code points below n passed over since the last step.
        let mut passed = String::new();
        for (position, &c) in code_points.iter().enumerate() {
            // Which of c < n and c > n holds follows the text, not a pattern a
            // branch predictor learns: both are counted without a branch.
            if c != n {
                let below = c < n;
                delta = delta.checked_add(u32::from(below)).ok_or_else(|| overflow(position))?;
                if tracing && below {
                    inserted_before += 1;
                    passed.extend(char::from_u32(c));
                }
                next_m = next_m.min(if below { u32::MAX } else { c });
            } else {
                let first_time = h == basic_count;
                let new_bias = match trace.as_deref_mut().filter(|_| TRACED) {
                    Some(trace) => {
                        let at = EncodeAt {
                            position,
                            slot: inserted_before,
                            n,
                            delta,
                            bias,
                            h,
                        };
                        record_skip(trace, &mut passed, &at, output.len() - start);
                        let written_before = output.len();
                        let digits = write_integer::<true>(delta, bias, output);
                        record_digits(trace, &digits, &at, written_before - start);
                        let mut adaptation = BiasAdaptation::default();
                        let new_bias = adapt(delta, h + 1, first_time, Some(&mut adaptation));
                        record_encoded(trace, digits, adaptation, &at, output.len() - start);
                        inserted_before += 1;
                        new_bias
                    }
                    None => {
                        write_integer::<false>(delta, bias, output);
                        adapt(delta, h + 1, first_time, None)
                    }
                };
                bias = new_bias;
                delta = 0;
                h += 1;
            }
        }
        delta = delta.checked_add(1).ok_or_else(|| overflow(length as usize))?;
        n = n.checked_add(1).ok_or_else(|| overflow(length as usize))?;
        if let Some(trace) = trace.as_deref_mut().filter(|_| TRACED) {
            let at = EncodeAt {
                position: code_points.len(),
                slot: inserted_before,
                n: n - 1,
                delta: delta - 1,
                bias,
                h,
            };
            record_skip(trace, &mut passed, &at, output.len() - start);
            let action = Action::EndOfPass { delta, n };
            let machine = encode_machine(n, 0, 0, delta, output.len() - start);
            trace.steps.push(Step { action, machine });
        }
        m = next_m;
    }
    Ok(())
}

/// Where the traced encoder stands when it meets a code point equal to n.
struct EncodeAt {
    /// The code point's index in the input.
    position: usize,
    /// i: the code points already handled before it.
    slot: u32,
    n: u32,
    delta: u32,
    bias: u32,
    h: u32,
}

/// The encoder's machine: `before` is the input index before which code
/// points equal to n are encoded; `written` the bytes of Punycode so far.
fn encode_machine(n: u32, before: usize, slot: u32, skipped: u32, written: usize) -> Machine {
    Machine {
        n,
        slot,
        skipped,
        progress: before as u32,
        written_len: written as u32,
    }
}

/// The Skip step for the code points below n passed over since the last step, if any.
fn record_skip(trace: &mut BootstringTrace, passed: &mut String, at: &EncodeAt, written: usize) {
    if passed.is_empty() {
        return;
    }
    let action = Action::Skip {
        chars: std::mem::take(passed),
        delta: at.delta,
        slot: at.slot,
    };
    let machine = encode_machine(at.n, at.position, at.slot, at.delta, written);
    trace.steps.push(Step { action, machine });
}

/// One WriteDigit step per digit of delta's integer; `before`: the bytes of
/// Punycode written before the integer.
fn record_digits(trace: &mut BootstringTrace, digits: &[DigitStep], at: &EncodeAt, before: usize) {
    for (index, digit) in digits.iter().enumerate() {
        let q = digit.q.unwrap_or(digit.value);
        let action = Action::WriteDigit {
            k: digit.k,
            bias: at.bias,
            t: digit.t,
            rule: threshold(digit.k, at.bias).1,
            q,
            value: digit.value,
            digit: digit.digit,
            next_q: digits.get(index + 1).and_then(|next| next.q),
        };
        let machine = encode_machine(at.n, at.position, at.slot, at.delta, before + index + 1);
        trace.steps.push(Step { action, machine });
    }
}

/// The Adapt and Encoded steps and the insertion's summary, after its integer is written.
fn record_encoded(
    trace: &mut BootstringTrace,
    digits: Vec<DigitStep>,
    adaptation: BiasAdaptation,
    at: &EncodeAt,
    written: usize,
) {
    let code_point = char::from_u32(at.n).unwrap_or('\u{FFFD}');
    let machine = encode_machine(at.n, at.position, at.slot, at.delta, written);
    trace.steps.push(Step {
        action: Action::Adapt(adaptation.clone()),
        machine,
    });
    let machine = encode_machine(at.n, at.position + 1, at.slot + 1, 0, written);
    let action = Action::Encoded { code_point, h: at.h + 1 };
    trace.steps.push(Step { action, machine });
    trace.insertions.push(Insertion {
        code_point,
        i: at.slot,
        delta: at.delta,
        h: at.h,
        bias: at.bias,
        digits,
        adaptation,
    });
}

/// Writes `q` as a generalized variable-length integer (RFC 3492 §6.3 inner loop);
/// returns the digit steps when `RECORD` is set, else an empty (unallocated)
/// list, and then nothing but the digits is computed.
#[inline]
fn write_integer<const RECORD: bool>(mut q: u32, bias: u32, output: &mut String) -> Vec<DigitStep> {
    let mut steps = Vec::new();
    let mut w: u32 = 1;
    let mut k = BASE;
    loop {
        let t = threshold(k, bias).0;
        if q < t {
            output.push(digit_char(q));
            if RECORD {
                steps.push(DigitStep {
                    k,
                    t,
                    q: Some(q),
                    value: q,
                    digit: digit_char(q),
                    w,
                });
            }
            return steps;
        }
        let (quotient, remainder) = divide_by_base_minus_t(q - t, t);
        let value = t + remainder;
        output.push(digit_char(value));
        if RECORD {
            steps.push(DigitStep {
                k,
                t,
                q: Some(q),
                value,
                digit: digit_char(value),
                w,
            });
            w = w.saturating_mul(BASE - t);
        }
        q = quotient;
        k += BASE;
    }
}

/// `(x / (base - t), x % (base - t))`, by [`divide_small`]'s reciprocal:
/// no division by a variable, and no branch on which t it is.
fn divide_by_base_minus_t(x: u32, t: u32) -> (u32, u32) {
    let divisor = BASE - t;
    let quotient = divide_small(x, divisor);
    (quotient, x - quotient * divisor)
}

/// Decodes `input` onto the end of `output`; records into `trace` when given.
pub(crate) fn decode_into(
    input: &str,
    output: &mut String,
    mut trace: Option<&mut BootstringTrace>,
) -> Result<(), PunycodeError> {
    let mut decoded: Vec<char> = Vec::with_capacity(input.len());
    let result = decode_steps(input, &mut decoded, trace.as_deref_mut());
    output.extend(decoded.iter());
    if let Some(trace) = trace {
        trace.input = input.to_string();
        trace.output = decoded.iter().collect();
        trace.error = result.err();
    }
    result
}

fn decode_steps(input: &str, output: &mut Vec<char>, mut trace: Option<&mut BootstringTrace>) -> Result<(), PunycodeError> {
    let chars: Vec<char> = input.chars().collect();
    // b: the code points before the last delimiter are basic and copied as they are.
    // The delimiter itself is consumed only if b > 0 (RFC 3492 §6.2), so a
    // leading "-" is read as a (bad) digit.
    let basic_len = chars.iter().rposition(|&c| c == DELIMITER).unwrap_or(0);
    let digits_start = if basic_len > 0 { basic_len + 1 } else { 0 };
    for (position, &c) in chars[..basic_len].iter().enumerate() {
        if !c.is_ascii() {
            return Err(PunycodeError {
                kind: PunycodeErrorKind::NonBasic(c),
                position,
            });
        }
        output.push(c);
    }
    if let Some(trace) = trace.as_deref_mut() {
        trace.basic = chars[..basic_len].iter().collect();
        trace.delimiter = digits_start > 0;
        let action = Action::Basic {
            basic: trace.basic.clone(),
            delimiter: trace.delimiter,
            encode: false,
        };
        let machine = Machine {
            n: INITIAL_N,
            ..Machine::default()
        };
        trace.steps.push(Step { action, machine });
    }
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut position = digits_start;
    // Traced only: the state machine as the digits move it.
    // Every digit recorded is ASCII, so digits read = bytes read.
    let machine = |output: &[char], n: u32, i: u32, skipped: u32, read_to: usize| {
        let slots = output.len() as u32 + 1;
        Machine {
            n: n.saturating_add(i / slots),
            slot: i % slots,
            skipped,
            progress: (output.len() - basic_len) as u32,
            written_len: (read_to - digits_start) as u32,
        }
    };
    while position < chars.len() {
        let old_i = i;
        let mut w: u32 = 1;
        let mut k = BASE;
        let mut digits = Vec::new();
        loop {
            let Some(&c) = chars.get(position) else {
                return Err(PunycodeError {
                    kind: PunycodeErrorKind::Truncated,
                    position,
                });
            };
            let value = digit_value(c).ok_or(PunycodeError {
                kind: PunycodeErrorKind::InvalidDigit(c),
                position,
            })?;
            let overflow = PunycodeError {
                kind: PunycodeErrorKind::Overflow,
                position,
            };
            let i_before = i;
            i = value.checked_mul(w).and_then(|vw| i.checked_add(vw)).ok_or(overflow)?;
            let (t, rule) = threshold(k, bias);
            if let Some(trace) = trace.as_deref_mut() {
                digits.push(DigitStep {
                    k,
                    t,
                    q: None,
                    value,
                    digit: c,
                    w,
                });
                let action = Action::ReadDigit {
                    digit: c,
                    value,
                    k,
                    bias,
                    t,
                    rule,
                    old_i: i_before,
                    w,
                    i,
                    next_w: (value >= t).then(|| w.saturating_mul(BASE - t)),
                };
                let machine = machine(output, n, i, i - old_i, position + 1);
                trace.steps.push(Step { action, machine });
            }
            position += 1;
            if value < t {
                break;
            }
            w = w.checked_mul(BASE - t).ok_or(overflow)?;
            k += BASE;
        }
        let h = output.len() as u32;
        let first_time = old_i == 0;
        let delta = i - old_i;
        // Traced only: the adaptation's steps, for the Adapt step and the insertion's summary.
        let mut adaptation = None;
        let new_bias = match trace.as_deref_mut() {
            Some(trace) => {
                let mut record = BiasAdaptation::default();
                let new_bias = adapt(delta, h + 1, first_time, Some(&mut record));
                let machine = machine(output, n, i, delta, position);
                trace.steps.push(Step {
                    action: Action::Adapt(record.clone()),
                    machine,
                });
                adaptation = Some(record);
                new_bias
            }
            None => adapt(delta, h + 1, first_time, None),
        };
        let overflow = PunycodeError {
            kind: PunycodeErrorKind::Overflow,
            position: position - 1,
        };
        let (old_n, i_total) = (n, i);
        n = n.checked_add(i / (h + 1)).ok_or(overflow)?;
        i %= h + 1;
        if let Some(trace) = trace.as_deref_mut() {
            let action = Action::Locate {
                old_n,
                old_i: i_total,
                slots: h + 1,
                n,
                i,
            };
            let machine = machine(output, n, i, delta, position);
            trace.steps.push(Step { action, machine });
        }
        let code_point = char::from_u32(n).filter(|c| !c.is_ascii()).ok_or(PunycodeError {
            kind: PunycodeErrorKind::CodePointOutOfRange(n),
            position: position - 1,
        })?;
        let digits_bias = std::mem::replace(&mut bias, new_bias);
        output.insert(i as usize, code_point);
        if let Some(trace) = trace.as_deref_mut() {
            trace.insertions.push(Insertion {
                code_point,
                i,
                delta,
                h,
                bias: digits_bias,
                digits,
                adaptation: adaptation.unwrap_or_default(),
            });
            let action = Action::Insert { code_point, at: i };
            let machine = machine(output, n, i + 1, 0, position);
            trace.steps.push(Step { action, machine });
        }
        i += 1;
    }
    Ok(())
}

/// Decodes `input` (one label's Punycode, after its `xn--`) onto the end of
/// `output` as RFC 3492 §6.2 does, untraced and on the stack: the engine's
/// fast path asks only whether an A-label decodes, and into what. `None`
/// (output untouched) wherever [`decode_into`] fails, and for a label that
/// would decode to more than [`SOLVED_MAX`] code points; the fast path then
/// leaves the label to the full engine, whose decoder names the failure.
/// The tests compare the two decoders.
pub(crate) fn decode_label_into(input: &str, output: &mut String) -> Option<()> {
    let bytes = input.as_bytes();
    // b: the code points before the last delimiter, copied; the delimiter is
    // consumed only when b > 0, as in `decode_steps`. Every basic and digit
    // byte is ASCII: a non-ASCII one fails either way.
    let basic_len = crate::scan::rfind_byte(bytes, b'-').unwrap_or(0);
    let digits_start = if basic_len > 0 { basic_len + 1 } else { 0 };
    if basic_len > SOLVED_MAX || !crate::scan::is_ascii(input) {
        return None;
    }
    let mut code_points = ['\0'; SOLVED_MAX];
    for (slot, &b) in code_points.iter_mut().zip(&bytes[..basic_len]) {
        *slot = char::from(b);
    }
    let mut length = basic_len;
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut position = digits_start;
    while position < bytes.len() {
        let old_i = i;
        let mut w: u32 = 1;
        let mut k = BASE;
        loop {
            let value = digit_value(char::from(*bytes.get(position)?))?;
            i = value.checked_mul(w).and_then(|vw| i.checked_add(vw))?;
            let t = threshold(k, bias).0;
            position += 1;
            if value < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        // h: the code points so far; the new one goes into one of h + 1 places.
        let slots = length as u32 + 1;
        bias = adapt(i - old_i, slots, old_i == 0, None);
        let steps = divide_small(i, slots);
        n = n.checked_add(steps)?;
        i -= steps * slots;
        let code_point = char::from_u32(n).filter(|c| !c.is_ascii())?;
        if length == SOLVED_MAX {
            return None;
        }
        let at = i as usize;
        code_points.copy_within(at..length, at + 1);
        code_points[at] = code_point;
        length += 1;
        i += 1;
    }
    output.extend(&code_points[..length]);
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reciprocals divide as the division does: every divisor up to 66
    /// (numpoints, and base − t), every value near a multiple of it, up to 2^32 − 1.
    #[test]
    fn numpoints_divide_by_reciprocal_as_by_division() {
        for numpoints in 1..=66u32 {
            let multiples = (0..=u32::MAX / numpoints).step_by(9_973).chain([u32::MAX / numpoints]);
            for base in multiples.map(|q| q * numpoints) {
                for delta in [
                    base,
                    base.saturating_sub(1),
                    base.saturating_add(1),
                    base.saturating_add(numpoints - 1),
                ] {
                    assert_eq!(divide_small(delta, numpoints), delta / numpoints, "{delta} / {numpoints}");
                }
            }
        }
    }

    /// The threshold's value is its case's (§6.2: tmin, tmax or k − bias),
    /// for every place k a 32-bit integer can reach and every bias adapt gives.
    #[test]
    fn threshold_values_are_their_cases() {
        for bias in 0..=adapt(u32::MAX, 2, true, None).max(adapt(u32::MAX, 64, false, None)) + BASE {
            for k in (BASE..=BASE * 8).step_by(BASE as usize) {
                let (t, rule) = threshold(k, bias);
                let want = match rule {
                    ThresholdRule::Min => TMIN,
                    ThresholdRule::Max => TMAX,
                    ThresholdRule::Between => k - bias,
                };
                assert_eq!(t, want, "k {k}, bias {bias}");
            }
        }
    }

    /// Every label up to [`SOLVED_MAX`] code points is solved (no fallback
    /// hides a wrong delta) and gets the §6.3 loop's digits. The labels mix
    /// repeated code points, basic ones, one script's block and the top of
    /// the code space, from a fixed seed.
    #[test]
    fn labels_are_solved_with_the_loops_digits() {
        const POOL: [u32; 12] = [
            0x61, 0x7A, 0x2D, 0xE9, 0xFC, 0x80, 0x430, 0x44F, 0x4E2D, 0x1F600, 0x10FFFF, 0xDF,
        ];
        let mut random = Random(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20_000 {
            let code_points = random.label(SOLVED_MAX, &POOL, 0x800);
            let (mut solved, mut passes) = (String::new(), String::new());
            assert_eq!(encode_solved(&code_points, &mut solved), Some(()), "{code_points:X?}");
            encode_code_points::<false>(&code_points, &mut passes, None).unwrap();
            assert_eq!(solved, passes, "{code_points:X?}");
        }
    }

    /// The label decoder answers as the §6.2 decoder: the same code points
    /// where it decodes, `None` where it fails; and a lowercase input that
    /// decodes is what the encoder makes of its decoded label. Inputs from a fixed seed:
    /// encodings of labels like those above, each also with one byte
    /// changed, cut short or lengthened, and strings of Punycode's own
    /// bytes (digits, both cases, `-`) and a few others.
    #[test]
    fn the_label_decoder_decodes_as_the_loop() {
        const POOL: [u32; 10] = [0x61, 0x2D, 0xE9, 0x80, 0x430, 0x4E2D, 0x1F600, 0x10FFFF, 0xDF, 0xFFFD];
        const BYTES: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789-ABZ09--\x7f.\xc3\xa9";
        let mut random = Random(0x2545_F491_4F6C_DD1D);
        let (mut decoded, mut failed, mut encoded_back) = (0, 0, 0);
        let mut compare = |input: &str| {
            let (mut fast, mut full) = (String::new(), String::new());
            let answer = decode_label_into(input, &mut fast);
            let loop_answer = decode_into(input, &mut full, None);
            match loop_answer {
                Ok(()) if full.chars().count() <= SOLVED_MAX => {
                    assert_eq!((answer, &fast), (Some(()), &full), "{input:?}");
                    decoded += 1;
                    // Each string has one encoding: a lowercase input is what
                    // its decoded label encodes to (the engine writes such an
                    // A-label back as ToASCII).
                    if !input.bytes().any(|b| b.is_ascii_uppercase()) {
                        let code_points: Vec<u32> = fast.chars().map(u32::from).collect();
                        let mut again = String::new();
                        encode_code_points_into(&code_points, &mut again).unwrap();
                        assert_eq!(again, input, "{fast:?}");
                        encoded_back += 1;
                    }
                }
                Ok(()) => assert_eq!(answer, None, "{input:?}"),
                Err(_) => {
                    assert_eq!((answer, fast.as_str()), (None, ""), "{input:?}");
                    failed += 1;
                }
            }
        };
        for _ in 0..30_000 {
            let code_points = random.label(39, &POOL, 0x3000);
            let mut encoded = String::new();
            encode_code_points::<false>(&code_points, &mut encoded, None).unwrap();
            compare(&encoded);
            let mut bytes = encoded.into_bytes();
            match random.next(3) {
                0 if !bytes.is_empty() => {
                    let at = random.next(bytes.len() as u64) as usize;
                    bytes[at] = BYTES[random.next(BYTES.len() as u64) as usize];
                }
                1 => bytes.truncate(random.next(bytes.len() as u64 + 1) as usize),
                _ => bytes.push(BYTES[random.next(BYTES.len() as u64) as usize]),
            }
            compare(&String::from_utf8_lossy(&bytes));
            let length = random.next(12);
            let garbage: Vec<u8> = (0..length).map(|_| BYTES[random.next(BYTES.len() as u64) as usize]).collect();
            compare(&String::from_utf8_lossy(&garbage));
        }
        assert!(
            decoded > 30_000 && failed > 10_000 && encoded_back > 30_000,
            "{decoded} decoded ({encoded_back} encoded back), {failed} failed"
        );
    }

    /// A fixed-seed generator (a 64-bit LCG) of numbers and labels.
    struct Random(u64);

    impl Random {
        /// A number below `bound`.
        fn next(&mut self, bound: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) % bound
        }

        /// A label of at most `longest` code points: ASCII letters, code
        /// points of `pool`, and the `spread` code points from U+0080.
        fn label(&mut self, longest: usize, pool: &[u32], spread: u64) -> Vec<u32> {
            let length = self.next(longest as u64 + 1) as usize;
            (0..length)
                .map(|_| match self.next(3) {
                    0 => pool[self.next(pool.len() as u64) as usize],
                    1 => 0x80 + self.next(spread) as u32,
                    _ => 0x61 + self.next(26) as u32,
                })
                .collect()
        }
    }
}
