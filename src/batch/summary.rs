//! Totals of a batch run: what `batch --format summary` prints and what the
//! GUI's summary panel draws.

use super::record::{Note, Record};
use crate::browsers::Display;
use crate::spoof::Risk;
use crate::uts46::ErrorCode;
use std::fmt;

/// Counts over records. Every record is counted in exactly one of `ok`,
/// `failed` and `skipped`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Records (one per input line or CSV/TSV row).
    pub lines: u64,
    /// Converted with no error in any of the three results.
    pub ok: u64,
    /// A UTS #46 error in any result, or an input error (not UTF-8, too long, missing column).
    pub failed: u64,
    /// Blank and `#` comment lines.
    pub skipped: u64,
    /// Records whose line or field is not UTF-8.
    pub invalid_utf8: u64,
    /// Records whose line is over [`super::MAX_LINE_BYTES`] (not converted).
    pub too_long: u64,
    /// CSV/TSV rows too short to have the chosen column.
    pub missing_column: u64,
    /// Per [`ErrorCode::ALL`] entry: records where any result recorded that code.
    pub per_code: [u64; ErrorCode::ALL.len()],
    /// Records whose transitional and nontransitional ToASCII differ (T≠N).
    pub transitional_differs: u64,
    /// Records whose input has a non-ASCII character.
    pub non_ascii: u64,
    /// Records with a spoof verdict (the batch ran the spoof check).
    pub spoof_checked: u64,
    /// Of those: risk low.
    pub risk_low: u64,
    /// Of those: risk high.
    pub risk_high: u64,
    /// Of those: shown as Punycode by Chromium, Firefox, WebKit ([`crate::browsers::Browser::ALL`] order).
    pub shown_as_punycode: [u64; 3],
    /// Of those: refused by the browser's URL parser (not loaded), same order.
    pub rejected: [u64; 3],
    /// Of those: the browsers do not all show it the same way.
    pub browsers_disagree: u64,
}

impl Summary {
    /// Counts one record.
    pub fn add(&mut self, record: &Record<impl AsRef<str>>) {
        self.lines += 1;
        if record.is_skipped() {
            self.skipped += 1;
        } else if record.has_errors() {
            self.failed += 1;
        } else {
            self.ok += 1;
        }
        match record.note() {
            Some(Note::InvalidUtf8) => self.invalid_utf8 += 1,
            Some(Note::TooLong(_)) => self.too_long += 1,
            Some(Note::MissingColumn(_)) => self.missing_column += 1,
            _ => {}
        }
        for code in record.all_codes().iter() {
            self.per_code[code as usize] += 1;
        }
        self.transitional_differs += u64::from(record.transitional_differs());
        self.non_ascii += u64::from(!crate::scan::is_ascii(record.input()));
        if let Some(spoof) = record.spoof() {
            self.spoof_checked += 1;
            self.risk_low += u64::from(spoof.risk == Risk::Low);
            self.risk_high += u64::from(spoof.risk == Risk::High);
            // Each browser's display worked out once, for the three counts that read it.
            let displays = spoof.browsers.displays();
            for (at, display) in displays.into_iter().enumerate() {
                self.shown_as_punycode[at] += u64::from(display == Display::Punycode);
                self.rejected[at] += u64::from(display == Display::Rejected);
            }
            self.browsers_disagree += u64::from(Display::disagree(displays));
        }
    }

    /// Adds another summary's counts (of other records) to these.
    pub(crate) fn merge(&mut self, other: &Summary) {
        // Destructured, so that a new field cannot be left out here.
        let Summary {
            lines,
            ok,
            failed,
            skipped,
            invalid_utf8,
            too_long,
            missing_column,
            per_code,
            transitional_differs,
            non_ascii,
            spoof_checked,
            risk_low,
            risk_high,
            shown_as_punycode,
            rejected,
            browsers_disagree,
        } = other;
        self.lines += lines;
        self.ok += ok;
        self.failed += failed;
        self.skipped += skipped;
        self.invalid_utf8 += invalid_utf8;
        self.too_long += too_long;
        self.missing_column += missing_column;
        for (sum, count) in self.per_code.iter_mut().zip(per_code) {
            *sum += count;
        }
        self.transitional_differs += transitional_differs;
        self.non_ascii += non_ascii;
        self.spoof_checked += spoof_checked;
        self.risk_low += risk_low;
        self.risk_high += risk_high;
        for (sum, count) in self.shown_as_punycode.iter_mut().zip(shown_as_punycode) {
            *sum += count;
        }
        for (sum, count) in self.rejected.iter_mut().zip(rejected) {
            *sum += count;
        }
        self.browsers_disagree += browsers_disagree;
    }

    /// The codes that occurred, with their record counts, in [`ErrorCode::ALL`] order.
    pub fn codes(&self) -> impl Iterator<Item = (ErrorCode, u64)> + '_ {
        ErrorCode::ALL.into_iter().zip(self.per_code).filter(|&(_, count)| count > 0)
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "lines\t{}", self.lines)?;
        writeln!(f, "ok\t{}", self.ok)?;
        writeln!(f, "failed\t{}", self.failed)?;
        writeln!(f, "skipped\t{}", self.skipped)?;
        writeln!(f, "invalid UTF-8\t{}", self.invalid_utf8)?;
        writeln!(f, "too long\t{}", self.too_long)?;
        if self.missing_column > 0 {
            writeln!(f, "missing column\t{}", self.missing_column)?;
        }
        writeln!(f, "T≠N\t{}", self.transitional_differs)?;
        writeln!(f, "non-ASCII\t{}", self.non_ascii)?;
        for (code, count) in self.codes() {
            writeln!(f, "{code}\t{count}")?;
        }
        if self.spoof_checked > 0 {
            writeln!(f, "risk high\t{}", self.risk_high)?;
            writeln!(f, "risk low\t{}", self.risk_low)?;
            for (browser, count) in crate::browsers::Browser::ALL.iter().zip(self.shown_as_punycode) {
                writeln!(f, "{} shows Punycode\t{count}", browser.key())?;
            }
            for (browser, count) in crate::browsers::Browser::ALL.iter().zip(self.rejected) {
                writeln!(f, "{} rejects\t{count}", browser.key())?;
            }
            writeln!(f, "browsers disagree\t{}", self.browsers_disagree)?;
        }
        Ok(())
    }
}
