//! Punycode: the Bootstring parameters of RFC 3492 §5, the encoder of §6.3 and
//! the decoder of §6.2, each able to record its arithmetic as it runs.
//!
//! The trace is filled by the same code that computes the result: passing
//! `None` as the trace skips every recording statement, so untraced runs
//! neither allocate nor compute trace data.

use serde::Serialize;
use std::fmt;

/// RFC 3492 §5: the number of digit values.
pub const BASE: u32 = 36;
/// RFC 3492 §5: the smallest threshold.
pub const TMIN: u32 = 1;
/// RFC 3492 §5: the largest threshold.
pub const TMAX: u32 = 26;
/// RFC 3492 §5: bias adaptation parameter.
pub const SKEW: u32 = 38;
/// RFC 3492 §5: damping of the first bias adaptation.
pub const DAMP: u32 = 700;
/// RFC 3492 §5: the bias before the first insertion.
pub const INITIAL_BIAS: u32 = 72;
/// RFC 3492 §5: the first non-basic code point considered (U+0080).
pub const INITIAL_N: u32 = 128;
/// RFC 3492 §5: separates the basic code points from the encoded deltas.
pub const DELIMITER: char = '-';

/// Why an encode or decode failed, with the code-point position in the input
/// where it was detected (RFC 3492 §6.2, §6.3, §6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PunycodeError {
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
    TooLong { length: usize, limit: usize },
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

/// A bias adaptation (RFC 3492 §6.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BiasAdaptation {
    /// The delta passed in.
    pub delta: u32,
    /// numpoints: the number of code points handled so far, including this one.
    pub numpoints: u32,
    /// firsttime: true for the first adaptation, which divides by `DAMP` instead of 2.
    pub first_time: bool,
    /// The new bias.
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

/// The threshold t for place k (RFC 3492 §6.2/§6.3: "t = tmin if k <= bias, tmax if k >= bias + tmax, else k − bias").
fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        TMIN
    } else if k >= bias + TMAX {
        TMAX
    } else {
        k - bias
    }
}

/// RFC 3492 §6.1, bias adaptation function.
fn adapt(delta: u32, numpoints: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / numpoints;
    let mut k = 0;
    while delta > ADAPT_LIMIT {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + u32::from(ADAPT_LAST_STEP[delta as usize])
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
    match value {
        0..=25 => (b'a' + value as u8) as char,
        _ => (b'0' + (value - 26) as u8) as char,
    }
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
    // The passes below scan the input once per distinct code point: decode the
    // UTF-8 once, on the stack for label-sized input.
    let mut stack = [0u32; 64];
    let heap: Vec<u32>;
    let code_points: &[u32] = if input.len() <= stack.len() {
        let mut count = 0;
        for (slot, c) in stack.iter_mut().zip(input.chars()) {
            *slot = c as u32;
            count += 1;
        }
        &stack[..count]
    } else {
        heap = input.chars().map(u32::from).collect();
        &heap
    };
    if let Some(trace) = trace {
        trace.basic = input.chars().filter(char::is_ascii).collect();
        trace.delimiter = !trace.basic.is_empty();
        return encode_code_points::<true>(code_points, output, Some(trace));
    }
    encode_code_points::<false>(code_points, output, None)
}

/// Encodes `code_points` (Unicode scalar values) as Punycode onto the end of
/// `output` (RFC 3492 §6.3), untraced: the engine's fast path hands over the
/// code points of a label it has just mapped, already decoded.
pub(crate) fn encode_code_points_into(code_points: &[u32], output: &mut String) -> Result<(), PunycodeError> {
    encode_code_points::<false>(code_points, output, None)
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
    let length = code_points.len() as u32;
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
    let (mut n, mut delta, mut bias, mut h) = (INITIAL_N, 0u32, INITIAL_BIAS, basic_count);
    // m: the smallest code point not yet handled (RFC 3492 §6.3). After the
    // first, each pass over the input below finds the next one as it goes.
    let mut m = code_points.iter().copied().filter(|&c| c >= n).min().unwrap_or(n);
    while h < length {
        delta = (m - n)
            .checked_mul(h + 1)
            .and_then(|d| d.checked_add(delta))
            .ok_or_else(|| overflow(0))?;
        n = m;
        let mut next_m = u32::MAX;
        let mut inserted_before: u32 = 0;
        for (position, &c) in code_points.iter().enumerate() {
            if c < n {
                delta = delta.checked_add(1).ok_or_else(|| overflow(position))?;
                if tracing {
                    inserted_before += 1;
                }
            } else if c > n {
                next_m = next_m.min(c);
            } else {
                let digits = write_integer(delta, bias, output, tracing);
                let first_time = h == basic_count;
                let new_bias = adapt(delta, h + 1, first_time);
                if let Some(trace) = trace.as_deref_mut().filter(|_| TRACED) {
                    trace.insertions.push(Insertion {
                        code_point: char::from_u32(n).unwrap_or('\u{FFFD}'),
                        i: inserted_before,
                        delta,
                        h,
                        bias,
                        digits,
                        adaptation: BiasAdaptation {
                            delta,
                            numpoints: h + 1,
                            first_time,
                            bias: new_bias,
                        },
                    });
                    inserted_before += 1;
                }
                bias = new_bias;
                delta = 0;
                h += 1;
            }
        }
        delta = delta.checked_add(1).ok_or_else(|| overflow(length as usize))?;
        n = n.checked_add(1).ok_or_else(|| overflow(length as usize))?;
        m = next_m;
    }
    Ok(())
}

/// Writes `q` as a generalized variable-length integer (RFC 3492 §6.3 inner loop);
/// returns the digit steps when `record` is set, else an empty (unallocated) list.
#[inline]
fn write_integer(mut q: u32, bias: u32, output: &mut String, record: bool) -> Vec<DigitStep> {
    let mut steps = Vec::new();
    let mut w: u32 = 1;
    let mut k = BASE;
    loop {
        let t = threshold(k, bias);
        if q < t {
            output.push(digit_char(q));
            if record {
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
        if record {
            steps.push(DigitStep {
                k,
                t,
                q: Some(q),
                value,
                digit: digit_char(value),
                w,
            });
        }
        q = quotient;
        w = w.saturating_mul(BASE - t);
        k += BASE;
    }
}

/// `(x / (base - t), x % (base - t))`. The thresholds are mostly tmin or
/// tmax, and dividing by those constants compiles to a multiplication, where
/// a division by a variable takes tens of cycles.
fn divide_by_base_minus_t(x: u32, t: u32) -> (u32, u32) {
    match t {
        TMIN => (x / (BASE - TMIN), x % (BASE - TMIN)),
        TMAX => (x / (BASE - TMAX), x % (BASE - TMAX)),
        _ => (x / (BASE - t), x % (BASE - t)),
    }
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
    if let Some(trace) = trace.as_deref_mut() {
        trace.basic = chars[..basic_len].iter().collect();
        trace.delimiter = digits_start > 0;
    }
    for (position, &c) in chars[..basic_len].iter().enumerate() {
        if !c.is_ascii() {
            return Err(PunycodeError {
                kind: PunycodeErrorKind::NonBasic(c),
                position,
            });
        }
        output.push(c);
    }
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut position = digits_start;
    while position < chars.len() {
        let old_i = i;
        let mut w: u32 = 1;
        let mut k = BASE;
        let record = trace.is_some();
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
            i = value.checked_mul(w).and_then(|vw| i.checked_add(vw)).ok_or(overflow)?;
            let t = threshold(k, bias);
            if record {
                digits.push(DigitStep {
                    k,
                    t,
                    q: None,
                    value,
                    digit: c,
                    w,
                });
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
        let new_bias = adapt(i - old_i, h + 1, first_time);
        let overflow = PunycodeError {
            kind: PunycodeErrorKind::Overflow,
            position: position - 1,
        };
        n = n.checked_add(i / (h + 1)).ok_or(overflow)?;
        let delta = i - old_i;
        i %= h + 1;
        let code_point = char::from_u32(n).filter(|c| !c.is_ascii()).ok_or(PunycodeError {
            kind: PunycodeErrorKind::CodePointOutOfRange(n),
            position: position - 1,
        })?;
        if let Some(trace) = trace.as_deref_mut() {
            trace.insertions.push(Insertion {
                code_point,
                i,
                delta,
                h,
                bias,
                digits,
                adaptation: BiasAdaptation {
                    delta,
                    numpoints: h + 1,
                    first_time,
                    bias: new_bias,
                },
            });
        }
        bias = new_bias;
        output.insert(i as usize, code_point);
        i += 1;
    }
    Ok(())
}
