//! One batch record, stored compactly: a million of them must fit in a GUI
//! well under 300 MB. The input and the distinct result strings share one
//! allocation (ToUnicode, ToASCII N and T are usually equal, often equal to
//! the input), and each result's error codes are a bit set.

use crate::spoof::SpoofSummary;
use crate::uts46::{Conversion, ConversionRef, ErrorCode, Results, ResultsRef, ValidAscii, ValidUnicode};
use std::fmt;

/// Why a record holds no conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// A blank line of a plain-text file: skipped.
    Blank,
    /// A line starting with `#` in a plain-text file: skipped.
    Comment,
    /// The bytes are not UTF-8 (shown escaped as `\xHH`): an error.
    InvalidUtf8,
    /// The line has this many bytes, over [`super::MAX_LINE_BYTES`]: an error.
    TooLong(u64),
    /// The CSV/TSV row has only this many fields, fewer than the chosen column needs: an error.
    MissingColumn(usize),
    /// The line is a URL or e-mail address without a host ([`crate::pasted::take_host`]): an error.
    NoHost(crate::pasted::NoHost),
}

impl Note {
    /// True for the skipped kinds (blank, comment), false for errors.
    pub fn is_skip(self) -> bool {
        matches!(self, Note::Blank | Note::Comment)
    }

    /// The error text recorded in each result's error list (`None` when skipped).
    pub fn error_text(self) -> Option<&'static str> {
        match self {
            Note::Blank | Note::Comment => None,
            Note::InvalidUtf8 => Some(super::INVALID_UTF8),
            Note::TooLong(_) => Some("line too long"),
            Note::MissingColumn(_) => Some("missing column"),
            Note::NoHost(_) => Some("no host"),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Blank => write!(f, "blank line, skipped"),
            Note::Comment => write!(f, "comment line, skipped"),
            Note::InvalidUtf8 => write!(f, "not UTF-8: invalid bytes shown as \\xHH, not converted"),
            Note::TooLong(bytes) => write!(
                f,
                "line too long: {bytes} bytes (limit {}), not converted; the start is shown",
                super::MAX_LINE_BYTES
            ),
            Note::MissingColumn(fields) => write!(f, "the row has only {fields} field(s), so the chosen column is missing"),
            Note::NoHost(reason) => write!(f, "{}", reason.sentence()),
        }
    }
}

/// The three results of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultKind {
    /// ToUnicode (UTS #46 §4.3).
    ToUnicode,
    /// ToASCII with Transitional_Processing=false (UTS #46 §4.2).
    ToAsciiN,
    /// ToASCII with Transitional_Processing=true (UTS #46 §4.2).
    ToAsciiT,
}

impl ResultKind {
    /// The three results: ToUnicode, ToASCII N, ToASCII T.
    pub const ALL: [ResultKind; 3] = [ResultKind::ToUnicode, ResultKind::ToAsciiN, ResultKind::ToAsciiT];
}

/// A set of UTS #46 error codes (one bit per [`ErrorCode::ALL`] entry).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CodeSet(u32);

impl CodeSet {
    /// The distinct codes of a conversion's errors.
    pub fn of(conversion: &Conversion) -> CodeSet {
        CodeSet(conversion.errors.iter().fold(0, |bits, e| bits | bit(e.code)))
    }

    /// True when `code` is in the set.
    pub fn contains(self, code: ErrorCode) -> bool {
        self.0 & bit(code) != 0
    }

    /// True when no code is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The union of two sets.
    pub fn union(self, other: CodeSet) -> CodeSet {
        CodeSet(self.0 | other.0)
    }

    /// The codes, in [`ErrorCode::ALL`] order (the sorted order `IdnaTestV2.txt` uses).
    pub fn iter(self) -> impl Iterator<Item = ErrorCode> {
        // Bit i stands for `ErrorCode::ALL[i]` (a code's discriminant is its
        // place there): only the set bits are visited, lowest first.
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let index = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            ErrorCode::ALL.get(index).copied()
        })
    }
}

impl FromIterator<ErrorCode> for CodeSet {
    fn from_iter<I: IntoIterator<Item = ErrorCode>>(codes: I) -> Self {
        CodeSet(codes.into_iter().fold(0, |bits, code| bits | bit(code)))
    }
}

fn bit(code: ErrorCode) -> u32 {
    1 << code as u32
}

/// One record: the line number, the input, and the three results with their
/// error codes (or a [`Note`] saying why there are none).
///
/// `Text` holds the strings. A stored record ([`Record`], the default) keeps
/// them in a `Box<str>` of exactly their size; a [`RecordBuf`] keeps them in a
/// `String` that a batch refills for every line, so streaming a file through
/// the summary or a writer allocates nothing per line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<Text = Box<str>> {
    /// 1-based line number in the input (for CSV/TSV: the line the row starts on).
    pub line: u64,
    /// The input, then each result string that differs from every earlier one.
    text: Text,
    /// The input is `text[..input_len]`.
    input_len: u32,
    /// Byte ranges in `text` of ToUnicode, ToASCII N and ToASCII T.
    spans: [(u32, u32); 3],
    codes: [CodeSet; 3],
    /// A note or a spoof verdict: never both, so they share the space.
    extra: Extra,
    /// The line as pasted and where its host was found, when the input is
    /// the host taken from a URL, an e-mail address, … (rare: boxed).
    pasted: Option<Box<(Box<str>, crate::pasted::TakenFrom)>>,
}

/// A record whose strings live in a reusable `String`: what the batch fills
/// line after line ([`super::convert_each`]); [`RecordBuf::to_record`] makes
/// the stored copy.
pub type RecordBuf = Record<String>;

/// Why a record holds no conversion, or (when it was) its spoof verdict if the batch ran the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extra {
    Converted(Option<SpoofSummary>),
    Noted(Note),
}

impl Default for RecordBuf {
    fn default() -> Self {
        Record {
            line: 0,
            text: String::new(),
            input_len: 0,
            spans: [(0, 0); 3],
            codes: [CodeSet::default(); 3],
            extra: Extra::Noted(Note::Blank),
            pasted: None,
        }
    }
}

impl RecordBuf {
    /// An empty buffer (a blank record until it is filled).
    pub fn new() -> RecordBuf {
        RecordBuf::default()
    }

    /// The stored form: the strings copied into one allocation of exactly their size.
    pub fn to_record(&self) -> Record {
        self.stored_with(Box::from(self.text.as_str()))
    }

    /// The stored form, reusing this buffer's allocation (shrunk to fit).
    pub fn into_record(mut self) -> Record {
        let text = std::mem::take(&mut self.text).into_boxed_str();
        self.stored_with(text)
    }

    /// This record's fields with `text`, which holds the same strings.
    fn stored_with(&self, text: Box<str>) -> Record {
        Record {
            line: self.line,
            text,
            input_len: self.input_len,
            spans: self.spans,
            codes: self.codes,
            extra: self.extra,
            pasted: self.pasted.clone(),
        }
    }

    /// Fills in a name the engine converted.
    pub(crate) fn set_converted(&mut self, line: u64, input: &str, results: &Results) {
        let results_text = [
            results.to_unicode.value.as_str(),
            &results.to_ascii_n.value,
            &results.to_ascii_t.value,
        ];
        let spans = pack(&mut self.text, input, results_text);
        let codes = [
            CodeSet::of(&results.to_unicode),
            CodeSet::of(&results.to_ascii_n),
            CodeSet::of(&results.to_ascii_t),
        ];
        self.set_fields(line, input.len(), spans, codes, Extra::Converted(None));
    }

    /// Fills in a valid ASCII name (the engine's fast path).
    #[inline]
    pub(crate) fn set_valid_ascii(&mut self, line: u64, input: &str, name: &ValidAscii<'_>) {
        self.text.clear();
        self.text.push_str(input);
        let result_span = match name.is_input() {
            true => (0, input.len() as u32),
            false => {
                name.write_to(&mut self.text);
                (input.len() as u32, self.text.len() as u32)
            }
        };
        self.set_valid(line, input.len(), [result_span; 3]);
    }

    /// Starts a record for the engine's Unicode fast path: the text holds the
    /// input, and the fast path appends its results to what this returns.
    pub(crate) fn unicode_text(&mut self, input: &str) -> &mut String {
        self.text.clear();
        self.text.push_str(input);
        &mut self.text
    }

    /// Fills in a valid name from the engine's Unicode fast path, which wrote
    /// ToUnicode (when it differs from the input), ToASCII N and ToASCII T
    /// (when it differs from N) after the input ([`RecordBuf::unicode_text`]).
    pub(crate) fn set_valid_unicode(&mut self, line: u64, input_len: usize, valid: &ValidUnicode) {
        let span = |range: &std::ops::Range<usize>| (range.start as u32, range.end as u32);
        let ascii = span(&valid.to_ascii);
        let ascii_t = valid.to_ascii_t.as_ref().map_or(ascii, span);
        let unicode = valid.to_unicode.as_ref().map_or((0, input_len as u32), span);
        self.set_valid(line, input_len, [unicode, ascii, ascii_t]);
    }

    /// Fills in a line that was not converted, with the reason.
    pub(crate) fn set_noted(&mut self, line: u64, shown_input: &str, note: Note) {
        self.text.clear();
        self.text.push_str(shown_input);
        let empty = (shown_input.len() as u32, shown_input.len() as u32);
        self.set_fields(
            line,
            shown_input.len(),
            [empty; 3],
            [CodeSet::default(); 3],
            Extra::Noted(note),
        );
    }

    /// The fields of a name a fast path found valid: no codes, no spoof verdict yet.
    fn set_valid(&mut self, line: u64, input_len: usize, spans: [(u32, u32); 3]) {
        self.set_fields(line, input_len, spans, [CodeSet::default(); 3], Extra::Converted(None));
    }

    fn set_fields(&mut self, line: u64, input_len: usize, spans: [(u32, u32); 3], codes: [CodeSet; 3], extra: Extra) {
        self.line = line;
        self.input_len = input_len as u32;
        self.spans = spans;
        self.codes = codes;
        self.extra = extra;
        self.pasted = None;
    }

    /// Marks a converted record's input as the host taken from `pasted`.
    pub(crate) fn set_pasted(&mut self, pasted: &crate::pasted::Pasted<'_>) {
        self.pasted = Some(Box::new((pasted.input.into(), pasted.taken_from)));
    }

    /// Attaches the spoof verdict to a converted record.
    pub(crate) fn set_spoof(&mut self, summary: SpoofSummary) {
        debug_assert!(matches!(self.extra, Extra::Converted(_)));
        self.extra = Extra::Converted(Some(summary));
    }
}

impl<Text: AsRef<str>> Record<Text> {
    /// The three results of a name a fast path found valid, read where
    /// they are kept (none has an error).
    pub(crate) fn valid_results(&self) -> ResultsRef<'_> {
        debug_assert!(self.note().is_none() && self.all_codes().iter().next().is_none());
        let valid = |kind| ConversionRef {
            value: self.result(kind),
            errors: &[],
        };
        ResultsRef {
            to_unicode: valid(ResultKind::ToUnicode),
            to_ascii_n: valid(ResultKind::ToAsciiN),
            to_ascii_t: valid(ResultKind::ToAsciiT),
        }
    }

    /// The line as pasted and where the host in [`Record::input`] was found
    /// in it; `None` when the line is the name itself.
    pub fn pasted(&self) -> Option<(&str, crate::pasted::TakenFrom)> {
        self.pasted.as_deref().map(|(line, from)| (&**line, *from))
    }

    /// The input line (invalid UTF-8 escaped as `\xHH`; a too-long line's start and "…").
    pub fn input(&self) -> &str {
        &self.text.as_ref()[..self.input_len as usize]
    }

    /// One result string (empty when the record was not converted).
    pub fn result(&self, kind: ResultKind) -> &str {
        let (start, end) = self.spans[kind as usize];
        &self.text.as_ref()[start as usize..end as usize]
    }

    /// One result's UTS #46 error codes.
    pub fn codes(&self, kind: ResultKind) -> CodeSet {
        self.codes[kind as usize]
    }

    /// Every code any of the three results recorded.
    pub fn all_codes(&self) -> CodeSet {
        self.codes[0].union(self.codes[1]).union(self.codes[2])
    }

    /// One result's errors as text: the codes (e.g. `["V3", "A4_2"]`), or the
    /// note's error text (e.g. `["invalid UTF-8"]`); empty when there are none.
    pub fn error_texts(&self, kind: ResultKind) -> Vec<&'static str> {
        self.texts_of(self.codes(kind))
    }

    /// [`Record::error_texts`] over all three results together.
    pub fn all_error_texts(&self) -> Vec<&'static str> {
        self.texts_of(self.all_codes())
    }

    fn texts_of(&self, codes: CodeSet) -> Vec<&'static str> {
        match self.note().and_then(Note::error_text) {
            Some(text) => vec![text],
            None => codes.iter().map(ErrorCode::as_str).collect(),
        }
    }

    /// Why the record was not converted, if it was not.
    pub fn note(&self) -> Option<Note> {
        match self.extra {
            Extra::Noted(note) => Some(note),
            Extra::Converted(_) => None,
        }
    }

    /// The spoof verdict (`None` when the batch ran without the spoof check, or the line was not converted).
    pub fn spoof(&self) -> Option<SpoofSummary> {
        match self.extra {
            Extra::Converted(spoof) => spoof,
            Extra::Noted(_) => None,
        }
    }

    /// True when the line was skipped (blank or comment).
    pub(crate) fn is_skipped(&self) -> bool {
        self.note().is_some_and(Note::is_skip)
    }

    /// True when the record failed: a UTS #46 error in any result, or an input error.
    pub fn has_errors(&self) -> bool {
        !self.all_codes().is_empty() || self.note().is_some_and(|note| !note.is_skip())
    }

    /// True when transitional and nontransitional ToASCII give different names (T≠N).
    pub fn transitional_differs(&self) -> bool {
        // One range is one string; only different ranges need comparing.
        let same_range = self.spans[ResultKind::ToAsciiN as usize] == self.spans[ResultKind::ToAsciiT as usize];
        self.note().is_none() && !same_range && self.result(ResultKind::ToAsciiN) != self.result(ResultKind::ToAsciiT)
    }
}

/// Writes the input and then each distinct result into `text` (cleared
/// first); a result equal to an earlier string reuses its range. Returns the
/// results' ranges.
fn pack(text: &mut String, input: &str, results: [&str; 3]) -> [(u32, u32); 3] {
    text.clear();
    text.push_str(input);
    let mut pieces: [(&str, (u32, u32)); 4] = [(input, (0, input.len() as u32)); 4];
    let mut count = 1;
    let mut ranges = [pieces[0].1; 3];
    for (slot, value) in results.into_iter().enumerate() {
        ranges[slot] = match pieces[..count].iter().find(|(piece, _)| *piece == value) {
            Some(&(_, range)) => range,
            None => {
                let range = (text.len() as u32, (text.len() + value.len()) as u32);
                text.push_str(value);
                pieces[count] = (value, range);
                count += 1;
                range
            }
        };
    }
    ranges
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_set_lists_its_codes_once_each_in_all_order() {
        for (index, code) in ErrorCode::ALL.into_iter().enumerate() {
            assert_eq!(code as usize, index, "{code:?}: a set's bit i is ALL[i]");
        }
        assert_eq!(CodeSet::default().iter().count(), 0);
        let every: CodeSet = ErrorCode::ALL.into_iter().rev().collect();
        assert_eq!(every.iter().collect::<Vec<_>>(), ErrorCode::ALL);
        let some = [
            ErrorCode::P1,
            ErrorCode::V3,
            ErrorCode::A4_2,
            ErrorCode::ALL[ErrorCode::ALL.len() - 1],
        ];
        let set: CodeSet = some.into_iter().rev().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), some);
        assert!(some.iter().all(|&code| set.contains(code)));
    }
}
