//! The record of one UTS #46 run, step by step. Filled by the engine itself
//! when a trace is requested ([`super::Uts46::process_traced`]); the GUI, the
//! CLI `explain` command and the batch drill-down read it and never recompute
//! a step.

use super::errors::ErrorCode;
use crate::names::CharName;
use crate::punycode::BootstringTrace;
use crate::table::{Idna2008Status, RowRange, Status, TableRow};
use serde::{Deserialize, Serialize};

/// Transitional or Nontransitional Processing (UTS #46 §4, Transitional_Processing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Deviation characters are kept (the current default).
    Nontransitional,
    /// Deviation characters are mapped (deprecated, IDNA2003-compatible).
    Transitional,
}

/// A whole traced run: both processing modes and both ToASCII conversions.
#[derive(Clone, Debug, Serialize)]
pub struct Trace {
    /// The input as given.
    pub input: String,
    /// The version of the mapping table used (e.g. `16.0.0`).
    pub table_version: String,
    /// Processing with Transitional_Processing=false (ToUnicode and ToASCII N).
    pub nontransitional: ProcessTrace,
    /// Processing with Transitional_Processing=true (ToASCII T).
    pub transitional: ProcessTrace,
    /// ToASCII of the nontransitional result.
    pub to_ascii_n: AsciiTrace,
    /// ToASCII of the transitional result.
    pub to_ascii_t: AsciiTrace,
}

/// What the Map step did to one input code point (UTS #46 §4 step 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum MapAction {
    /// valid: left unchanged.
    Kept,
    /// ignored: removed.
    Removed,
    /// mapped: replaced by the mapping.
    Replaced,
    /// deviation under Nontransitional Processing: left unchanged.
    DeviationKept,
    /// deviation under Transitional Processing: replaced by the mapping (possibly removed).
    DeviationMapped,
    /// disallowed: left unchanged; criterion 7 reports it later (V7).
    DisallowedKept,
}

impl MapAction {
    /// A short phrase for display: "kept", "removed", "replaced", …
    pub fn describe(self) -> &'static str {
        match self {
            MapAction::Kept => "kept",
            MapAction::Removed => "removed",
            MapAction::Replaced => "replaced",
            MapAction::DeviationKept => "kept (deviation, nontransitional)",
            MapAction::DeviationMapped => "replaced (deviation, transitional)",
            MapAction::DisallowedKept => "kept (disallowed: error later)",
        }
    }
}

/// The mapping-table row of a code point, owned for the trace.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowInfo {
    /// `0041` or `0041..005A` when displayed.
    pub range: RowRange,
    /// The mapping-table status.
    pub status: Status,
    /// The mapping from the table (empty if none).
    pub mapping: String,
    /// The IDNA2008 status field (none, `NV8`, `XV8`).
    pub idna2008: Idna2008Status,
}

impl From<TableRow<'_>> for RowInfo {
    fn from(row: TableRow<'_>) -> Self {
        RowInfo {
            range: row.range(),
            status: row.status,
            mapping: row.mapping.to_string(),
            idna2008: row.idna2008,
        }
    }
}

/// One input code point through the Map step.
#[derive(Clone, Debug, Serialize)]
pub struct MapStep {
    /// 0-based code-point index in the input.
    pub index: usize,
    /// The input code point.
    pub code_point: char,
    /// The Unicode character name (or a `<control-XXXX>`-style label) when displayed.
    pub name: CharName,
    /// Its mapping-table row.
    pub row: RowInfo,
    /// What the Map step did with it under this run's mode.
    pub action: MapAction,
    /// What this code point became in the mapped string (empty if removed).
    pub output: String,
    /// Where that output lies in the mapped string, as code-point indices `[start, end)`.
    pub output_span: (usize, usize),
}

/// The trace of one processing run (UTS #46 §4 steps 1–4).
#[derive(Clone, Debug, Serialize)]
pub struct ProcessTrace {
    /// Transitional or nontransitional processing.
    pub mode: Mode,
    /// Step 1, one entry per input code point.
    pub map: Vec<MapStep>,
    /// The string after the Map step.
    pub mapped: String,
    /// The string after NFC (step 2).
    pub normalized: String,
    /// Step 3 and 4, one entry per label.
    pub labels: Vec<LabelTrace>,
    /// True when the converted name contains a character of bidi class R, AL or AN
    /// (RFC 5893 §1.4 "Bidi domain name"), so every label gets the Bidi rule.
    pub bidi_domain: bool,
    /// The result of processing (labels joined by U+002E).
    pub output: String,
}

impl ProcessTrace {
    /// The input code-point indices (into [`Trace::input`]) that produced
    /// `position` of label `label`'s converted text, for highlighting an
    /// error's character in the Map view. With `position` `None`, or for a
    /// label decoded from Punycode, the whole label's input characters.
    /// Where NFC changed the string, positions are not traceable one to one,
    /// so the whole label is returned. Empty if `label` is out of range.
    pub fn input_indices(&self, label: usize, position: Option<usize>) -> Vec<usize> {
        let Some(label_trace) = self.labels.get(label) else {
            return Vec::new();
        };
        let (start, end) = label_trace.span;
        let exact = self.mapped == self.normalized && label_trace.punycode.is_none();
        let mapped_range = match position {
            Some(position) if exact => start + position..start + position + 1,
            _ => label_span_in(&self.mapped, label).unwrap_or(start..end),
        };
        self.map
            .iter()
            .filter(|step| {
                let (from, to) = step.output_span;
                from < mapped_range.end && to > mapped_range.start
            })
            .map(|step| step.index)
            .collect()
    }
}

/// Code-point range of the `label`-th full-stop-separated label of `text`.
fn label_span_in(text: &str, label: usize) -> Option<std::ops::Range<usize>> {
    let mut start = 0;
    for (index, part) in text.split('.').enumerate() {
        let length = part.chars().count();
        if index == label {
            return Some(start..start + length);
        }
        start += length + 1;
    }
    None
}

/// How a label starting with `xn--` was converted (UTS #46 §4 step 4.1).
#[derive(Clone, Debug, Serialize)]
pub struct PunycodeStep {
    /// The Bootstring decode of the part after `xn--`.
    pub decode: BootstringTrace,
    /// Whether the decoded text replaced the label (false when decoding failed).
    pub replaced: bool,
}

/// One label through Break and Convert/Validate.
#[derive(Clone, Debug, Serialize)]
pub struct LabelTrace {
    /// 0-based label index.
    pub index: usize,
    /// Where the label lies in the normalized string, as code-point indices `[start, end)`.
    pub span: (usize, usize),
    /// The input code point whose mapping produced the full stop after this
    /// label (U+002E, U+3002, U+FF0E, U+FF61, or e.g. U+2488 ⒈ → "1."); `None` for the last label.
    pub separator: Option<char>,
    /// The label as broken out of the normalized string.
    pub text: String,
    /// Present when the label starts with `xn--`.
    pub punycode: Option<PunycodeStep>,
    /// The label after conversion (what the checks were run on).
    pub converted: String,
    /// The mode its validity was checked under (decoded labels: always Nontransitional).
    pub validated_as: Mode,
    /// Per code point of `converted`: properties the checks use.
    pub chars: Vec<LabelChar>,
    /// The label's direction for the Bidi rule, when the rule applies.
    pub direction: Option<Direction>,
    /// Every criterion, in order, with its outcome.
    pub checks: Vec<CheckResult>,
}

/// Properties of one code point of a label, as the checks see them.
#[derive(Clone, Debug, Serialize)]
pub struct LabelChar {
    /// The code point.
    pub code_point: char,
    /// The Unicode character name when displayed.
    pub name: CharName,
    /// Its mapping-table status.
    pub status: Status,
    /// Bidi_Class short name (`L`, `R`, `AL`, `EN`, `NSM`, …).
    pub bidi_class: &'static str,
    /// Joining_Type (`U`, `L`, `R`, `D`, `C`, `T`).
    pub joining_type: &'static str,
    /// Canonical_Combining_Class (9 = virama).
    pub combining_class: u8,
}

/// A label's direction under RFC 5893 §2 rule 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Direction {
    /// Starts with bidi class L.
    LeftToRight,
    /// Starts with bidi class R or AL.
    RightToLeft,
    /// Starts with neither (rule 1 fails; rules 2–6 are not evaluated).
    Undetermined,
}

/// The outcome of one criterion on one label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CheckOutcome {
    /// The criterion holds.
    Pass,
    /// Failed at these code-point positions of the converted label (empty: the whole label).
    Fail(Vec<usize>),
    /// Not evaluated, with the reason (e.g. "no right-to-left character in the name").
    NotApplicable(&'static str),
    /// Switched off by this option.
    Disabled(&'static str),
}

/// One criterion's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckResult {
    /// The criterion, by the error code it records on failure.
    pub code: ErrorCode,
    /// How it came out.
    pub outcome: CheckOutcome,
}

/// ToASCII (UTS #46 §4.2) of one processed name.
#[derive(Clone, Debug, Default, Serialize)]
pub struct AsciiTrace {
    /// One entry per label, in order.
    pub labels: Vec<AsciiLabel>,
    /// The ASCII name.
    pub output: String,
    /// Length of the name in code points, excluding a trailing dot (checked against 1..=253).
    pub name_length: usize,
}

/// One label of ToASCII.
#[derive(Clone, Debug, Serialize)]
pub struct AsciiLabel {
    /// The Unicode label.
    pub input: String,
    /// The Punycode encode, for labels with non-ASCII characters.
    pub encode: Option<BootstringTrace>,
    /// The ASCII label (`xn--` + Punycode, or the label itself).
    pub output: String,
    /// Length in code points (checked against 1..=63).
    pub length: usize,
}
