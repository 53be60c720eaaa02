//! The validity criteria of UTS #46 §4.1 (V1–V7, U1), applied to one label.

use super::Options;
use super::errors::{ErrorCode, IdnaError};
use super::trace::{CheckOutcome, CheckResult, Mode};
use crate::table::{MappingTable, Status};

/// Where the checks of one label report to: always the error list, and the
/// per-criterion checklist only when a trace was requested.
pub struct LabelReport<'a> {
    pub errors: &'a mut Vec<IdnaError>,
    pub label: usize,
    pub checklist: Option<&'a mut Vec<CheckResult>>,
}

impl LabelReport<'_> {
    /// Records criterion `code` as failing at each of `positions`, or passing if there are none.
    pub fn check(&mut self, code: ErrorCode, positions: impl IntoIterator<Item = usize>) {
        let first_error = self.errors.len();
        for position in positions {
            self.errors.push(IdnaError {
                code,
                label: Some(self.label),
                position: Some(position),
            });
        }
        if let Some(checklist) = self.checklist.as_deref_mut() {
            let failed: Vec<usize> = self.errors[first_error..].iter().filter_map(|e| e.position).collect();
            let outcome = if failed.is_empty() {
                CheckOutcome::Pass
            } else {
                CheckOutcome::Fail(failed)
            };
            checklist.push(CheckResult { code, outcome });
        }
    }

    /// Records criterion `code` as passing (trace only: passing adds no error).
    pub fn pass(&mut self, code: ErrorCode) {
        if let Some(checklist) = self.checklist.as_deref_mut() {
            checklist.push(CheckResult {
                code,
                outcome: CheckOutcome::Pass,
            });
        }
    }

    /// Records `code` as failing at the positions of `label` whose character
    /// satisfies `fails`, walking the label only when `failed` says there are some.
    pub fn check_where(&mut self, code: ErrorCode, failed: bool, label: &str, fails: impl Fn(char) -> bool) {
        if failed {
            self.check(code, positions_where(label, fails));
        } else {
            self.pass(code);
        }
    }

    /// Records criterion `code` as failing for the label as a whole.
    pub fn fail_whole_label(&mut self, code: ErrorCode) {
        self.errors.push(IdnaError {
            code,
            label: Some(self.label),
            position: None,
        });
        if let Some(checklist) = self.checklist.as_deref_mut() {
            checklist.push(CheckResult {
                code,
                outcome: CheckOutcome::Fail(Vec::new()),
            });
        }
    }

    /// Records that `code` was not evaluated, and why (trace only).
    pub fn skip(&mut self, code: ErrorCode, outcome: CheckOutcome) {
        if let Some(checklist) = self.checklist.as_deref_mut() {
            checklist.push(CheckResult { code, outcome });
        }
    }
}

/// Checks criteria 1–7 of UTS #46 §4.1 (and U1 for UseSTD3ASCIIRules) on a
/// converted label, reporting every failure with its code-point position.
///
/// `from_punycode` says whether the label was decoded from an A-label: other
/// labels come out of the Normalize step and are NFC by construction.
pub fn check_label(
    label: &str,
    mode: Mode,
    from_punycode: bool,
    options: &Options,
    table: &MappingTable,
    report: &mut LabelReport<'_>,
) {
    // Criterion 1: NFC. Only a label decoded from Punycode can fail it.
    if !from_punycode || unicode_normalization::is_nfc(label) {
        report.pass(ErrorCode::V1);
    } else {
        report.fail_whole_label(ErrorCode::V1);
    }
    let scan = LabelScan::gather(label, mode, table);
    let ends = LabelEnds::of(label);
    check_hyphens(&ends, scan.length, options, report);
    // Criterion 4 (since Unicode 15.1): a label must not begin with "xn--".
    // IdnaTestV2.txt reports it whatever CheckHyphens says.
    report.check(ErrorCode::V4, ends.has_ace_prefix().then_some(0));
    // Criterion 5: no FULL STOP inside a label.
    report.check_where(ErrorCode::V5, scan.has_full_stop, label, |c| c == '.');
    // Criterion 6: must not begin with a combining mark (General_Category=Mark).
    report.check(
        ErrorCode::V6,
        begins_with_combining_mark(label, table.properties()).then_some(0),
    );
    // Criterion 7: each status must be valid (or deviation, nontransitionally).
    report.check_where(ErrorCode::V7, scan.has_status_not_allowed, label, |c| {
        !status_allowed(table.status(c), mode)
    });
    if options.use_std3_ascii_rules {
        report.check_where(ErrorCode::U1, scan.breaks_std3, label, breaks_std3);
    } else {
        report.skip(ErrorCode::U1, CheckOutcome::Disabled("UseSTD3ASCIIRules"));
    }
}

/// What one pass over a label establishes; positions are only looked for
/// when a criterion failed.
struct LabelScan {
    length: usize,
    has_full_stop: bool,
    has_status_not_allowed: bool,
    breaks_std3: bool,
}

impl LabelScan {
    fn gather(label: &str, mode: Mode, table: &MappingTable) -> LabelScan {
        let mut facts = LabelScan {
            length: 0,
            has_full_stop: false,
            has_status_not_allowed: false,
            breaks_std3: false,
        };
        for c in label.chars() {
            facts.length += 1;
            facts.has_full_stop |= c == '.';
            facts.breaks_std3 |= breaks_std3(c);
            // An ASCII character the table folds to itself is valid: no row lookup.
            let valid_ascii = c.is_ascii() && table.ascii_fold(c as u8) == Some(c as u8);
            facts.has_status_not_allowed |= !valid_ascii && !status_allowed(table.status(c), mode);
        }
        facts
    }
}

/// Criteria 2 and 3 (CheckHyphens), with the positions that break them.
fn check_hyphens(ends: &LabelEnds, length: usize, options: &Options, report: &mut LabelReport<'_>) {
    if !options.check_hyphens {
        report.skip(ErrorCode::V2, CheckOutcome::Disabled("CheckHyphens"));
        report.skip(ErrorCode::V3, CheckOutcome::Disabled("CheckHyphens"));
        return;
    }
    report.check(ErrorCode::V2, v2_positions(ends));
    report.check(ErrorCode::V3, v3_positions(ends, length));
}

/// Criterion 2: the positions that break it (the third and fourth, when
/// both are hyphens), or none.
pub fn v2_positions(ends: &LabelEnds) -> Vec<usize> {
    match ends.hyphens_in_third_and_fourth() {
        true => vec![2, 3],
        false => Vec::new(),
    }
}

/// Criterion 3: the positions that break it (a hyphen first, last or
/// both) in a label of `length` code points, or none.
pub fn v3_positions(ends: &LabelEnds, length: usize) -> Vec<usize> {
    if !ends.hyphen_first_or_last() {
        return Vec::new();
    }
    let last = length.saturating_sub(1);
    let leading = (ends.start[0] == '-').then_some(0);
    let trailing = (ends.last == '-' && last > 0).then_some(last);
    leading.into_iter().chain(trailing).collect()
}

/// Criterion 6: the label begins with a combining mark (General_Category=Mark,
/// as the loaded table's properties say).
pub fn begins_with_combining_mark(label: &str, properties: &crate::properties::Properties) -> bool {
    label.chars().next().is_some_and(|c| properties.is_combining_mark(c))
}

/// Criterion 7: the status a character of a label must have (valid, or a
/// deviation nontransitionally).
#[inline]
pub fn status_allowed(status: Status, mode: Mode) -> bool {
    match status {
        Status::Valid => true,
        Status::Deviation => mode == Mode::Nontransitional,
        _ => false,
    }
}

/// U1 (UseSTD3ASCIIRules): an ASCII character other than a–z, 0–9 and `-`.
#[inline]
pub fn breaks_std3(c: char) -> bool {
    c.is_ascii() && !crate::table::is_ldh_lowercase(c)
}

/// The ACE prefix of an A-label (UTS #46 §4 step 4, criterion 4, ToASCII step 3).
pub const ACE_PREFIX: &str = "xn--";

/// True when a label of `name` may be an A-label once processed: `name`
/// has a code point past ASCII (mapping may make `xn--` of full-width
/// letters, and 。 separates labels), or one of its labels begins with
/// `xn--` in any ASCII case. False is certain: no label of an ASCII name is
/// decoded unless it begins so, since mapping only lower-cases ASCII. The
/// one answer to "could this host hold an A-label?" for the fast paths, the
/// browsers and the spoof check; `tests::a_name_that_may_hold_no_a_label_decodes_none`
/// pins it over every short name of the bytes that matter.
#[inline]
pub fn may_hold_a_label(name: &str) -> bool {
    !crate::scan::is_ascii(name)
        || super::labels(name).any(|label| {
            label
                .as_bytes()
                .get(..ACE_PREFIX.len())
                .is_some_and(|start| start.eq_ignore_ascii_case(ACE_PREFIX.as_bytes()))
        })
}

/// [`ACE_PREFIX`] as the four characters [`LabelEnds::start`] holds.
const ACE_PREFIX_CHARS: [char; 4] = {
    let bytes = ACE_PREFIX.as_bytes();
    [bytes[0] as char, bytes[1] as char, bytes[2] as char, bytes[3] as char]
};

/// The characters of a label that criteria 2, 3 and 4 read: its first
/// four and its last (`'\0'` where the label is shorter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LabelEnds {
    pub start: [char; 4],
    pub last: char,
}

impl LabelEnds {
    /// The ends of `label`.
    pub fn of(label: &str) -> LabelEnds {
        let mut start = ['\0'; 4];
        label.chars().zip(start.iter_mut()).for_each(|(c, slot)| *slot = c);
        LabelEnds {
            start,
            last: label.chars().next_back().unwrap_or('\0'),
        }
    }

    /// Criterion 2 (CheckHyphens): hyphens in both the third and fourth positions.
    #[inline]
    pub fn hyphens_in_third_and_fourth(&self) -> bool {
        self.start[2] == '-' && self.start[3] == '-'
    }

    /// Criterion 3 (CheckHyphens): a hyphen first or last.
    #[inline]
    pub fn hyphen_first_or_last(&self) -> bool {
        self.start[0] == '-' || self.last == '-'
    }

    /// Criterion 4: the label begins with the ACE prefix `xn--`.
    #[inline]
    pub fn has_ace_prefix(&self) -> bool {
        self.start == ACE_PREFIX_CHARS
    }
}

/// ToASCII step 4 (VerifyDnsLength, A4_2): a label of 1 to 63 octets.
#[inline]
pub fn label_length_ok(octets: usize) -> bool {
    (1..=63).contains(&octets)
}

/// ToASCII step 4 (VerifyDnsLength, A4_1): a name of 1 to 253 octets, the
/// root label and its dot left out.
#[inline]
pub fn name_length_ok(octets: usize) -> bool {
    (1..=253).contains(&octets)
}

/// Code-point positions of `label` whose character satisfies `predicate`.
pub fn positions_where(label: &str, predicate: impl Fn(char) -> bool) -> impl Iterator<Item = usize> {
    label.chars().enumerate().filter(move |&(_, c)| predicate(c)).map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uts46::{Preset, Uts46};

    /// Every name of up to five bytes over the bytes that matter (the
    /// letters of `xn`, both cases, a hyphen, a dot, another letter and
    /// `%`), and every name of up to three of those and a full-width `ｘ`,
    /// `ｎ`, `－` or `。`: a name for which [`may_hold_a_label`] is false
    /// has no label that UTS #46 decodes as an A-label, under the default
    /// flags and the URL Standard's, transitionally or not; and a name
    /// that has one is said to hold one.
    #[test]
    fn a_name_that_may_hold_no_a_label_decodes_none() {
        let engine = Uts46::new();
        let ascii = ["x", "X", "n", "N", "-", ".", "a", "%"];
        let wide = ["x", "n", "-", ".", "\u{FF58}", "\u{FF4E}", "\u{FF0D}", "\u{3002}"];
        let mut checked = 0;
        for (pieces, most) in [(&ascii, 5), (&wide, 3)] {
            let mut names = vec![String::new()];
            let mut level = vec![String::new()];
            for _ in 0..most {
                level = level
                    .iter()
                    .flat_map(|name| pieces.iter().map(move |piece| format!("{name}{piece}")))
                    .collect();
                names.extend(level.iter().cloned());
            }
            for name in &names {
                for options in [Preset::Uts46Default.options(), Preset::WhatwgUrl.options()] {
                    let (_, trace) = engine.process_traced(name, &options);
                    let decodes = [&trace.nontransitional, &trace.transitional]
                        .iter()
                        .any(|run| run.labels.iter().any(|label| label.punycode.is_some()));
                    assert!(
                        !decodes || may_hold_a_label(name),
                        "{name:?} has a label decoded as an A-label, yet may_hold_a_label says none"
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 30_000, "{checked} names");
    }
}
