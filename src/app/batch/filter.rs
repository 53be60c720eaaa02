//! Which records the batch table shows, and in what order.

use super::store::RecordStore;
use crate::batch::{Record, ResultKind};
use crate::browsers::Browser;
use crate::spoof::Risk;
use crate::uts46::ErrorCode;

/// The record filter (one choice plus an optional text search).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    All,
    /// A UTS #46 error in any result, or an input error.
    Errors,
    /// Any result recorded this code.
    Code(ErrorCode),
    /// Transitional and nontransitional ToASCII differ.
    Deviation,
    /// The input has a non-ASCII character.
    NonAscii,
    /// The spoof check found a risk (low or high).
    Suspicious,
    /// The browsers do not all show the name the same way (Unicode, Punycode or rejected).
    BrowsersDisagree,
    /// Some browser's URL parser refuses the host: it does not load there.
    Rejected,
    /// The comparison profiles disagree on ToASCII (runs that compare profiles).
    ProfilesDisagree,
}

impl Show {
    pub fn label(self) -> String {
        match self {
            Show::All => "All".into(),
            Show::Errors => "Errors only".into(),
            Show::Code(code) => format!("Error {code}"),
            Show::Deviation => "T≠N (deviation)".into(),
            Show::NonAscii => "Non-ASCII only".into(),
            Show::Suspicious => "Suspicious only".into(),
            Show::BrowsersDisagree => "Browsers disagree".into(),
            Show::Rejected => "Rejected by a browser".into(),
            Show::ProfilesDisagree => "Profiles disagree".into(),
        }
    }
}

/// The filter as the user set it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter {
    pub show: Show,
    /// Case-insensitive text looked for in the input and the results.
    pub search: String,
}

impl Default for Filter {
    fn default() -> Self {
        Filter {
            show: Show::All,
            search: String::new(),
        }
    }
}

impl Filter {
    /// True when `record` passes. `disagree`: whether the profiles disagree
    /// on it (`None`: not compared). `needle` is `search` lowercased (computed once per pass).
    pub fn matches(&self, record: &Record, disagree: Option<bool>, needle: &str) -> bool {
        let shown = match self.show {
            Show::All => true,
            Show::Errors => record.has_errors(),
            Show::Code(code) => record.all_codes().contains(code),
            Show::Deviation => record.transitional_differs(),
            Show::NonAscii => !record.input().is_ascii(),
            Show::Suspicious => record.spoof().is_some_and(|s| s.risk > Risk::None),
            Show::BrowsersDisagree => record.spoof().is_some_and(|s| s.browsers.disagree()),
            Show::Rejected => record.spoof().is_some_and(|s| {
                s.browsers
                    .all()
                    .iter()
                    .any(|rule| rule.display() == crate::browsers::Display::Rejected)
            }),
            Show::ProfilesDisagree => disagree == Some(true),
        };
        shown && (needle.is_empty() || contains_text(record, needle))
    }

    pub fn needle(&self) -> String {
        self.search.trim().to_lowercase()
    }
}

fn contains_text(record: &Record, needle: &str) -> bool {
    let texts = [
        record.input(),
        record.result(ResultKind::ToAsciiN),
        record.result(ResultKind::ToUnicode),
    ];
    texts.iter().any(|text| text.to_lowercase().contains(needle))
}

/// The table's columns, for sorting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortColumn {
    Line,
    Input,
    ToAsciiN,
    ToUnicode,
    Errors,
    Deviation,
    /// One browser's display (Unicode or Punycode).
    Browser(Browser),
    Risk,
    Findings,
    /// Whether the comparison profiles disagree (shown when the run compares profiles).
    ProfilesDisagree,
}

impl SortColumn {
    /// The columns every run shows.
    pub const ALWAYS: [SortColumn; 11] = [
        SortColumn::Line,
        SortColumn::Input,
        SortColumn::ToAsciiN,
        SortColumn::ToUnicode,
        SortColumn::Errors,
        SortColumn::Deviation,
        SortColumn::Browser(Browser::Chromium),
        SortColumn::Browser(Browser::Firefox),
        SortColumn::Browser(Browser::WebKit),
        SortColumn::Risk,
        SortColumn::Findings,
    ];

    pub fn title(self) -> &'static str {
        match self {
            SortColumn::Line => "Line",
            SortColumn::Input => "Input",
            SortColumn::ToAsciiN => "ToASCII (N)",
            SortColumn::ToUnicode => "ToUnicode",
            SortColumn::Errors => "Errors",
            SortColumn::Deviation => "T≠N",
            SortColumn::Browser(browser) => browser.short_name(),
            SortColumn::Risk => "Risk",
            SortColumn::Findings => "Findings",
            SortColumn::ProfilesDisagree => "Profiles",
        }
    }

    /// Sorts record indices by this column (stable: ties keep line order).
    pub fn sort(self, indices: &mut [u32], records: &RecordStore, ascending: bool) {
        let record = |i: &u32| records.get(*i as usize);
        match self {
            SortColumn::Line => indices.sort_by_key(|i| record(i).line),
            SortColumn::Input => indices.sort_by(|a, b| record(a).input().cmp(record(b).input())),
            SortColumn::ToAsciiN => indices.sort_by(|a, b| {
                record(a)
                    .result(ResultKind::ToAsciiN)
                    .cmp(record(b).result(ResultKind::ToAsciiN))
            }),
            SortColumn::ToUnicode => indices.sort_by(|a, b| {
                record(a)
                    .result(ResultKind::ToUnicode)
                    .cmp(record(b).result(ResultKind::ToUnicode))
            }),
            SortColumn::Errors => indices.sort_by_key(|i| error_text(record(i))),
            SortColumn::Deviation => indices.sort_by_key(|i| !record(i).transitional_differs()),
            SortColumn::Browser(browser) => {
                indices.sort_by_key(|i| record(i).spoof().map(|s| s.browsers.all()[browser as usize].display().name()))
            }
            // Highest risk first when ascending: what a reader sorts by risk for.
            SortColumn::Risk => indices.sort_by_key(|i| std::cmp::Reverse(record(i).spoof().map(|s| s.risk))),
            SortColumn::Findings => indices.sort_by_key(|i| record(i).spoof().map(|s| s.findings.codes())),
            SortColumn::ProfilesDisagree => indices.sort_by_key(|i| records.disagree(*i as usize) != Some(true)),
        }
        if !ascending {
            indices.reverse();
        }
    }
}

/// The errors cell: the codes of all results, or the note's error text.
pub fn error_text(record: &Record) -> String {
    record.all_error_texts().join(" ")
}
