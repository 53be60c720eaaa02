//! UTS #46 processing (Unicode IDNA Compatibility Processing, §4): Map,
//! Normalize, Break, Convert/Validate, then ToASCII (§4.2) and ToUnicode (§4.3).
//!
//! One engine serves every caller. [`Uts46::process`] returns ToUnicode,
//! ToASCII nontransitional and ToASCII transitional together;
//! [`Uts46::process_traced`] runs the very same code with the recorders
//! switched on and also returns a [`Trace`] of every step.

pub(crate) mod ascii;
mod bidi_rule;
mod contextj;
#[doc(hidden)]
pub mod contexto;
#[doc(hidden)]
pub mod errors;
pub(crate) mod trace;
pub(crate) mod unicode_fast;
#[doc(hidden)]
pub mod validity;

#[doc(hidden)]
pub use ascii::ValidAscii;
pub use errors::{ErrorCode, IdnaError};
pub use trace::*;
#[doc(hidden)]
pub use unicode_fast::{ValidUnicode, Written};

use crate::names::CharName;
use crate::properties::Properties;
use crate::punycode;
use crate::table::{MappingTable, Status};
use bidi_rule::check_bidi_rule;
use contextj::check_joiners;
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;
use validity::{LabelReport, check_label};

const MAX_DECODE_BYTES: usize = Uts46::MAX_DECODE_BYTES;
const MAX_ENCODE_CODE_POINTS: usize = Uts46::MAX_ENCODE_CODE_POINTS;

/// Runs `convert` (a Punycode encode or decode into the caller's output)
/// when `length` is within `limit`; otherwise fails with `TooLong` without
/// running it, and the trace shows `input` and that error.
fn within_limit(
    input: &str,
    length: usize,
    limit: usize,
    trace: Option<&mut punycode::BootstringTrace>,
    convert: impl FnOnce(Option<&mut punycode::BootstringTrace>) -> Result<(), punycode::PunycodeError>,
) -> Result<(), punycode::PunycodeError> {
    if length <= limit {
        return convert(trace);
    }
    let error = punycode::PunycodeError {
        kind: punycode::PunycodeErrorKind::TooLong { length, limit },
        position: limit,
    };
    if let Some(trace) = trace {
        trace.input = input.to_string();
        trace.error = Some(error);
    }
    Err(error)
}

/// Engine runs so far in this process: each conversion asked of the
/// engine (a name through [`Uts46::process`], [`Uts46::process_traced`],
/// [`Uts46::to_unicode`], [`Uts46::to_ascii_n`], or the batch's
/// conversion of a line), whichever path it then takes. Counted for the
/// tests alone.
#[cfg(feature = "test-support")]
#[doc(hidden)]
pub static ENGINE_RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Counts one engine run ([`ENGINE_RUNS`]); nothing without the `test-support` feature.
#[inline(always)]
#[doc(hidden)]
pub fn count_run() {
    #[cfg(feature = "test-support")]
    ENGINE_RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

/// The UTS #46 flags (§4). `Transitional_Processing` is not among them:
/// both modes are always computed, side by side.
///
/// The default turns every check on, as `IdnaTestV2.txt` assumes:
/// UseSTD3ASCIIRules, CheckHyphens, CheckBidi, CheckJoiners and
/// VerifyDnsLength true; IgnoreInvalidPunycode false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// UseSTD3ASCIIRules: ASCII code points in a label must be a–z, 0–9 or `-` (error U1).
    pub use_std3_ascii_rules: bool,
    /// CheckHyphens: no `-` at the start, the end, or both 3rd and 4th positions (V2, V3).
    pub check_hyphens: bool,
    /// CheckBidi: apply the RFC 5893 Bidi rule to Bidi domain names (B1–B6).
    pub check_bidi: bool,
    /// CheckJoiners: apply the RFC 5892 CONTEXTJ rules to ZWNJ and ZWJ (C1, C2).
    pub check_joiners: bool,
    /// VerifyDnsLength: labels 1–63 and the name 1–253 ASCII characters long (A4_1, A4_2).
    pub verify_dns_length: bool,
    /// IgnoreInvalidPunycode: keep an undecodable `xn--` label as it is instead of recording P4.
    pub ignore_invalid_punycode: bool,
    /// CheckContextO (not a UTS #46 flag; ICU's `UIDNA_CHECK_CONTEXTO`): apply the
    /// RFC 5892 Appendix A.3–A.9 CONTEXTO rules (error `CONTEXTO`). Off by default.
    pub check_contexto: bool,
}

/// The flags by their UTS #46 names, `UseSTD3ASCIIRules=true, …` in the
/// order of UTS #46 §4 (CheckContextO last: ICU's flag, not UTS #46's).
impl std::fmt::Display for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let flags = [
            ("UseSTD3ASCIIRules", self.use_std3_ascii_rules),
            ("CheckHyphens", self.check_hyphens),
            ("CheckBidi", self.check_bidi),
            ("CheckJoiners", self.check_joiners),
            ("VerifyDnsLength", self.verify_dns_length),
            ("IgnoreInvalidPunycode", self.ignore_invalid_punycode),
            ("CheckContextO", self.check_contexto),
        ];
        for (index, (name, on)) in flags.iter().enumerate() {
            let separator = if index == 0 { "" } else { ", " };
            write!(f, "{separator}{name}={on}")?;
        }
        Ok(())
    }
}

impl Options {
    /// Every UTS #46 check on, IgnoreInvalidPunycode off: the flags of a
    /// name's one facts pass ([`Uts46::facts`]). CheckContextO stays off: it
    /// is not a UTS #46 flag, and a view asking for it needs its own run
    /// ([`Self::viewable`]).
    pub const EVERY_CHECK: Options = Options {
        use_std3_ascii_rules: true,
        check_hyphens: true,
        check_bidi: true,
        check_joiners: true,
        verify_dns_length: true,
        ignore_invalid_punycode: false,
        check_contexto: false,
    };

    /// True when the results under these flags are a view of the facts
    /// ([`Results::viewed`]): IgnoreInvalidPunycode changes what an
    /// undecodable `xn--` label converts to, and CheckContextO is not in
    /// [`Self::EVERY_CHECK`]; any other flag only decides which errors
    /// count (`tests/batch_vs_engine.rs::every_flag_set_is_a_view_of_the_facts`).
    pub fn viewable(&self) -> bool {
        !self.ignore_invalid_punycode && !self.check_contexto
    }

    /// True when `self` makes every check `other` makes (IgnoreInvalidPunycode
    /// counts as one check less). No flag changes what a name converts to,
    /// only which errors are recorded (UseSTD3ASCIIRules too: the parser
    /// reads the older tables' `disallowed_STD3_*` as valid and mapped), so
    /// a name converted without an error under `self` converts to the same
    /// text, without an error, under `other`. `tests/batch_vs_engine.rs` checks this
    /// on the differential corpus.
    pub fn checks_at_least(&self, other: &Options) -> bool {
        let at_least = |mine: bool, theirs: bool| mine || !theirs;
        at_least(self.use_std3_ascii_rules, other.use_std3_ascii_rules)
            && at_least(self.check_hyphens, other.check_hyphens)
            && at_least(self.check_bidi, other.check_bidi)
            && at_least(self.check_joiners, other.check_joiners)
            && at_least(self.verify_dns_length, other.verify_dns_length)
            && at_least(!self.ignore_invalid_punycode, !other.ignore_invalid_punycode)
            && at_least(self.check_contexto, other.check_contexto)
    }
}

impl Default for Options {
    /// [`Options::EVERY_CHECK`]: the flags `IdnaTestV2.txt` tests.
    fn default() -> Self {
        Options::EVERY_CHECK
    }
}

/// Named flag settings to compare a name under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// Every check on, IgnoreInvalidPunycode off: the settings `IdnaTestV2.txt` tests (UTS #46 §4, §8).
    Uts46Default,
    /// What the WHATWG URL Standard's host parser passes ("domain to ASCII", beStrict=false):
    /// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off; CheckBidi and CheckJoiners on.
    WhatwgUrl,
    /// Every check on, for deciding whether a name may be registered (RFC 5891 §4):
    /// the same flags as the default, and only the nontransitional result counts.
    RegistrationStrict,
}

impl Preset {
    /// Every preset, in menu order.
    pub const ALL: [Preset; 3] = [Preset::Uts46Default, Preset::WhatwgUrl, Preset::RegistrationStrict];

    /// The name shown in menus.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Uts46Default => "UTS #46 default (lookup)",
            Preset::WhatwgUrl => "WHATWG URL",
            Preset::RegistrationStrict => "Registration-strict",
        }
    }

    /// One sentence on where the settings come from.
    pub fn description(self) -> &'static str {
        match self {
            Preset::Uts46Default => "All checks on, as IdnaTestV2.txt tests them (UTS #46 §4).",
            Preset::WhatwgUrl => {
                "Browsers' URL parsing: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off; Bidi and joiner checks on (WHATWG URL §3.5 domain to ASCII)."
            }
            Preset::RegistrationStrict => {
                "All checks on and only the nontransitional result counts: what a registry should accept (RFC 5891 §4, UTS #46 §4)."
            }
        }
    }

    /// The flags of this preset.
    pub fn options(self) -> Options {
        match self {
            Preset::Uts46Default | Preset::RegistrationStrict => Options::default(),
            Preset::WhatwgUrl => Options {
                use_std3_ascii_rules: false,
                check_hyphens: false,
                verify_dns_length: false,
                ..Options::default()
            },
        }
    }
}

/// One result string and the errors recorded while producing it.
/// The string is always present, as the spec always produces one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Conversion {
    /// The result string.
    pub value: String,
    /// Sorted by label, then code, then position.
    pub errors: Vec<IdnaError>,
}

impl Conversion {
    /// A result without errors.
    pub(crate) fn valid(value: String) -> Conversion {
        Conversion {
            value,
            errors: Vec::new(),
        }
    }

    /// The distinct error codes, sorted (the form `IdnaTestV2.txt` lists them in).
    pub fn codes(&self) -> Vec<ErrorCode> {
        self.borrowed().codes()
    }

    /// True when no error was recorded.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// This result as made under `options`, when it was made under
    /// [`Options::EVERY_CHECK`]: the same string, with the errors
    /// `options` record ([`ErrorCode::recorded_under`]).
    pub fn viewed(&self, options: &Options) -> Conversion {
        self.borrowed().viewed(options)
    }

    /// The result borrowed.
    #[doc(hidden)]
    pub fn borrowed(&self) -> ConversionRef<'_> {
        ConversionRef {
            value: &self.value,
            errors: &self.errors,
        }
    }
}

/// A [`Conversion`] borrowed from wherever it is kept: a `Conversion`, or
/// a batch record's text (a fast path's result, without errors), which a
/// check of the name then reads where it is instead of a copy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[doc(hidden)]
pub struct ConversionRef<'a> {
    /// The result string.
    pub value: &'a str,
    /// Sorted by label, then code, then position.
    pub errors: &'a [IdnaError],
}

impl ConversionRef<'_> {
    /// The distinct error codes, sorted (the form `IdnaTestV2.txt` lists them in).
    pub fn codes(&self) -> Vec<ErrorCode> {
        let mut codes: Vec<ErrorCode> = self.errors.iter().map(|e| e.code).collect();
        codes.sort();
        codes.dedup();
        codes
    }

    /// True when no error was recorded.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// [`Conversion::viewed`].
    pub fn viewed(&self, options: &Options) -> Conversion {
        Conversion {
            value: self.value.to_string(),
            errors: self
                .errors
                .iter()
                .filter(|e| e.code.recorded_under(options))
                .copied()
                .collect(),
        }
    }

    /// True when no error that `options` record was recorded
    /// ([`Conversion::viewed`] without the copy).
    pub fn is_ok_under(&self, options: &Options) -> bool {
        !self.errors.iter().any(|e| e.code.recorded_under(options))
    }

    /// The result copied.
    pub fn to_owned(&self) -> Conversion {
        Conversion {
            value: self.value.to_string(),
            errors: self.errors.to_vec(),
        }
    }
}

/// The three results of one name (UTS #46 §4.2 and §4.3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Results {
    /// ToUnicode (Nontransitional Processing).
    pub to_unicode: Conversion,
    /// ToASCII with Transitional_Processing=false.
    pub to_ascii_n: Conversion,
    /// ToASCII with Transitional_Processing=true.
    pub to_ascii_t: Conversion,
}

impl Results {
    /// True when none of the three results recorded an error: the name is valid
    /// under the options it was processed with (the batch's `ok`, the CLI's exit code 0).
    pub fn is_ok(&self) -> bool {
        self.to_unicode.is_ok() && self.to_ascii_n.is_ok() && self.to_ascii_t.is_ok()
    }

    /// True when transitional and nontransitional ToASCII give different names
    /// (a deviation character is present: ß, ς, ZWJ or ZWNJ).
    pub fn transitional_differs(&self) -> bool {
        self.borrowed().transitional_differs()
    }

    /// The results as made under `options`, when these are a name's facts
    /// ([`Uts46::facts`]) and `options` are [`Options::viewable`]: each
    /// [`Conversion::viewed`].
    pub fn viewed(&self, options: &Options) -> Results {
        Results {
            to_unicode: self.to_unicode.viewed(options),
            to_ascii_n: self.to_ascii_n.viewed(options),
            to_ascii_t: self.to_ascii_t.viewed(options),
        }
    }

    /// The three results borrowed.
    #[doc(hidden)]
    pub fn borrowed(&self) -> ResultsRef<'_> {
        ResultsRef {
            to_unicode: self.to_unicode.borrowed(),
            to_ascii_n: self.to_ascii_n.borrowed(),
            to_ascii_t: self.to_ascii_t.borrowed(),
        }
    }
}

/// [`Results`] borrowed from wherever they are kept ([`ConversionRef`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[doc(hidden)]
pub struct ResultsRef<'a> {
    /// ToUnicode (Nontransitional Processing).
    pub to_unicode: ConversionRef<'a>,
    /// ToASCII with Transitional_Processing=false.
    pub to_ascii_n: ConversionRef<'a>,
    /// ToASCII with Transitional_Processing=true.
    pub to_ascii_t: ConversionRef<'a>,
}

impl ResultsRef<'_> {
    /// [`Results::transitional_differs`].
    pub fn transitional_differs(&self) -> bool {
        // A batch record keeps T as N's bytes when they are the same.
        !crate::scan::same_text(self.to_ascii_n.value, self.to_ascii_t.value)
    }
}

/// The engine: UTS #46 processing over one mapping table.
#[derive(Clone, Copy, Debug)]
pub struct Uts46<'t> {
    table: &'t MappingTable,
}

impl Default for Uts46<'static> {
    fn default() -> Self {
        Uts46::new()
    }
}

impl Uts46<'static> {
    /// The engine over the bundled Unicode 16.0.0 table.
    pub fn new() -> Self {
        Uts46 {
            table: MappingTable::bundled(),
        }
    }
}

/// What one processing run (§4 steps 1–4) produced.
struct Processed {
    output: String,
    errors: Vec<IdnaError>,
    /// A deviation character (or ẞ) took part, so the other mode may differ.
    has_deviation: bool,
}

impl<'t> Uts46<'t> {
    /// The longest Punycode (bytes after `xn--`) the engine decodes; a
    /// longer A-label gets P4 without decoding. ICU4C's limit (ICU-13727),
    /// also the idna crate's: RFC 3492 decoding takes time quadratic in the
    /// length, and a DNS label has at most 63 octets.
    pub const MAX_DECODE_BYTES: usize = 2000;

    /// The most code points the engine Punycode-encodes in one label; a
    /// longer label gets A3 without encoding (ICU4C's limit, as for
    /// decoding: RFC 3492 encoding scans the label once per distinct
    /// non-ASCII code point).
    pub const MAX_ENCODE_CODE_POINTS: usize = 1000;

    /// The engine over `table` (e.g. one loaded with [`MappingTable::from_path`]).
    pub fn with_table(table: &'t MappingTable) -> Self {
        Uts46 { table }
    }

    /// The table in use.
    pub fn table(&self) -> &'t MappingTable {
        self.table
    }

    /// The facts of `input`: [`Self::process`] under [`Options::EVERY_CHECK`],
    /// every error kept with its code. The results under any
    /// [`Options::viewable`] flags are [`Results::viewed`] of these, with no
    /// second run; other flags need [`Self::process`].
    pub fn facts(&self, input: &str) -> Results {
        self.process(input, &Options::EVERY_CHECK)
    }

    /// The results of `input` under `options`, read off `facts` (made by
    /// this engine's [`Self::facts`] of the same `input`) when `options` are
    /// [`Options::viewable`], else made anew: the one place that decides
    /// whether the engine runs again.
    pub fn view_or_process(&self, input: &str, facts: &Results, options: &Options) -> Results {
        match options.viewable() {
            true => facts.viewed(options),
            false => self.process(input, options),
        }
    }

    /// ToUnicode, ToASCII nontransitional and ToASCII transitional of `input`.
    pub fn process(&self, input: &str, options: &Options) -> Results {
        count_run();
        if let Some(conversion) = self.valid_ascii_conversion(input, options) {
            return Results {
                to_unicode: conversion.clone(),
                to_ascii_n: conversion.clone(),
                to_ascii_t: conversion,
            };
        }
        let mut written = String::with_capacity(3 * input.len() + 8);
        let valid = match self.write_or_process(input, options, &mut written) {
            Ok(valid) => valid,
            Err(results) => return *results,
        };
        let valid_conversion = |value: &str| Conversion::valid(value.to_string());
        let to_unicode = valid_conversion(valid.to_unicode.map_or(input, |range| &written[range]));
        let to_ascii_t = valid_conversion(&written[valid.to_ascii_t.unwrap_or(valid.to_ascii.clone())]);
        let to_ascii_n = valid_conversion(&written[valid.to_ascii]);
        Results {
            to_unicode,
            to_ascii_n,
            to_ascii_t,
        }
    }

    /// The Unicode fast path's results of a valid name, written to `out`
    /// (`Ok`: where they are); else the name's [`Results`]: those of a name
    /// that only the Bidi rule fails ([`Self::results_failing_bidi`]), or
    /// the full engine's (boxed: the batch keeps them so). [`Self::process`]
    /// and the batch both decide so.
    #[doc(hidden)]
    pub fn write_or_process(&self, input: &str, options: &Options, out: &mut String) -> Result<ValidUnicode, Box<Results>> {
        let results = match self.write_unicode_name(input, options, out) {
            Some(Written::Valid(valid)) => return Ok(valid),
            Some(Written::FailsBidi(failing)) => self.results_failing_bidi(input, options, out, &failing),
            None => None,
        };
        Err(Box::new(results.unwrap_or_else(|| self.process_in_full(input, options))))
    }

    /// The [`Results`] of a name that the Unicode fast path wrote to `out`
    /// as valid but for the Bidi rule ([`Written::FailsBidi`]): the strings
    /// it wrote, and the errors of the name rules (criteria 8 and 9, X4_2)
    /// over ToUnicode's, which are the only rules the name breaks; T is N
    /// (the name has no deviation). `None` when those rules find nothing
    /// after all: the full engine then decides.
    fn results_failing_bidi(&self, input: &str, options: &Options, out: &str, failing: &ValidUnicode) -> Option<Results> {
        let to_unicode = failing.to_unicode.clone().map_or(input, |range| &out[range]);
        let errors = self.name_rule_errors(to_unicode, options)?;
        let to_ascii_n = ascii_failing_bidi(&out[failing.to_ascii.clone()], &errors);
        Some(Results {
            to_unicode: Conversion {
                value: to_unicode.to_string(),
                errors: sorted(errors),
            },
            to_ascii_t: to_ascii_n.clone(),
            to_ascii_n,
        })
    }

    /// The errors of the rules over the whole processed name (criteria 8
    /// and 9, X4_2: [`check_name_rules`], the full engine's own); `None`
    /// when they find none.
    fn name_rule_errors(&self, processed: &str, options: &Options) -> Option<Vec<IdnaError>> {
        let mut errors = Vec::new();
        check_name_rules(processed, options, self.table.properties(), &mut errors, None);
        (!errors.is_empty()).then_some(errors)
    }

    /// ToUnicode alone (UTS #46 §4.3): nontransitional processing of
    /// `input` and its errors, sorted — `process(input, options).to_unicode`
    /// without the ToASCII work (no Punycode is encoded).
    pub fn to_unicode(&self, input: &str, options: &Options) -> Conversion {
        count_run();
        if let Some(conversion) = self.valid_ascii_conversion(input, options) {
            return conversion;
        }
        let mut written = String::new();
        if let Some(changed) = unicode_fast::write_valid_to_unicode(input, options, self.table, &mut written) {
            return Conversion::valid(if changed { written } else { input.to_string() });
        }
        unicode_conversion(self.run(input, Mode::Nontransitional, options, None))
    }

    /// ToASCII alone, nontransitional (UTS #46 §4.2 with
    /// Transitional_Processing=false): `process(input, options).to_ascii_n`
    /// without ToUnicode's copy or the transitional run.
    pub fn to_ascii_n(&self, input: &str, options: &Options) -> Conversion {
        count_run();
        if let Some(conversion) = self.valid_ascii_conversion(input, options) {
            return conversion;
        }
        let mut written = String::new();
        match unicode_fast::write_to_ascii_n(input, options, self.table, &mut written) {
            Some((_, range, false)) => {
                written.truncate(range.end);
                written.drain(..range.start);
                return Conversion::valid(written);
            }
            Some((to_unicode, range, true)) => {
                let processed = to_unicode.map_or(input, |unicode| &written[unicode]);
                if let Some(errors) = self.name_rule_errors(processed, options) {
                    return ascii_failing_bidi(&written[range], &errors);
                }
            }
            None => {}
        }
        let nontransitional = self.run(input, Mode::Nontransitional, options, None);
        self.to_ascii(&nontransitional, options, None)
    }

    /// The ASCII fast path's one result (ToUnicode, ToASCII N and T alike), when it takes `input`.
    fn valid_ascii_conversion(&self, input: &str, options: &Options) -> Option<Conversion> {
        let name = self.valid_ascii_name(input, options)?;
        Some(Conversion::valid(name.to_cow().into_owned()))
    }

    /// [`Uts46::process`] without its fast paths, for a caller that has
    /// tried them already (the batch).
    pub(crate) fn process_in_full(&self, input: &str, options: &Options) -> Results {
        let nontransitional = self.run(input, Mode::Nontransitional, options, None);
        let to_ascii_n = self.to_ascii(&nontransitional, options, None);
        let to_ascii_t = if nontransitional.has_deviation {
            let transitional = self.run(input, Mode::Transitional, options, None);
            self.to_ascii(&transitional, options, None)
        } else {
            // Without deviation characters both modes map, normalize and validate identically.
            to_ascii_n.clone()
        };
        let to_unicode = unicode_conversion(nontransitional);
        Results {
            to_unicode,
            to_ascii_n,
            to_ascii_t,
        }
    }

    /// The fast path of [`Uts46::process`]: when `input` is all ASCII, has no
    /// `xn--` label and processing records no error, the one string that
    /// ToUnicode, ToASCII N and ToASCII T all are; `None` when the full engine must run (UTS #46 §4,
    /// reduced for ASCII as `docs/design.md` explains). Usually one
    /// pass over the bytes; nothing is allocated until the result is written.
    #[inline]
    #[doc(hidden)]
    pub fn valid_ascii_name<'a>(&self, input: &'a str, options: &Options) -> Option<ValidAscii<'a>>
    where
        't: 'a,
    {
        ascii::valid_ascii_name(input, options, self.table)
    }

    /// The second fast path of [`Uts46::process`]: when every character of
    /// `input` is valid, a deviation, or mapped to one valid character, the
    /// mapped name is in NFC and processing records no error, appends
    /// ToUnicode (only when it differs from `input`), ToASCII N and ToASCII T
    /// (only when it differs from N) to `out` and says where. `None`, with `out` as it
    /// was, when the full engine must run (UTS #46 §4, reduced as
    /// `docs/design.md` explains).
    #[doc(hidden)]
    pub fn write_valid_unicode_name(&self, input: &str, options: &Options, out: &mut String) -> Option<ValidUnicode> {
        unicode_fast::write_valid_unicode_name(input, options, self.table, out)
    }

    /// [`Self::write_valid_unicode_name`], which also writes the results
    /// of a name valid but for the Bidi rule ([`Self::results_failing_bidi`]
    /// makes its [`Results`]).
    #[doc(hidden)]
    pub fn write_unicode_name(&self, input: &str, options: &Options, out: &mut String) -> Option<Written> {
        unicode_fast::write_unicode_name(input, options, self.table, out)
    }

    /// [`Uts46::process`] with the full step-by-step [`Trace`] (both modes are always traced).
    pub fn process_traced(&self, input: &str, options: &Options) -> (Results, Trace) {
        count_run();
        let mut n_trace = ProcessTrace::new(Mode::Nontransitional);
        let mut t_trace = ProcessTrace::new(Mode::Transitional);
        let (mut n_ascii, mut t_ascii) = (AsciiTrace::default(), AsciiTrace::default());
        let nontransitional = self.run(input, Mode::Nontransitional, options, Some(&mut n_trace));
        let transitional = self.run(input, Mode::Transitional, options, Some(&mut t_trace));
        let to_ascii_n = self.to_ascii(&nontransitional, options, Some(&mut n_ascii));
        let to_ascii_t = self.to_ascii(&transitional, options, Some(&mut t_ascii));
        let to_unicode = Conversion {
            value: nontransitional.output,
            errors: sorted(nontransitional.errors),
        };
        let trace = Trace {
            input: input.to_string(),
            table_version: self.table.version().to_string(),
            nontransitional: n_trace,
            transitional: t_trace,
            to_ascii_n: n_ascii,
            to_ascii_t: t_ascii,
        };
        (
            Results {
                to_unicode,
                to_ascii_n,
                to_ascii_t,
            },
            trace,
        )
    }

    /// Processing (§4 steps 1–4) in one mode.
    fn run(&self, input: &str, mode: Mode, options: &Options, mut trace: Option<&mut ProcessTrace>) -> Processed {
        let mut errors = Vec::new();
        let mut mapped = String::with_capacity(input.len());
        let has_deviation = self.map(
            input,
            mode,
            &mut mapped,
            &mut errors,
            trace.as_deref_mut().map(|t| &mut t.map),
        );
        let normalized = normalize(mapped);
        let mut output = String::with_capacity(normalized.len());
        self.convert_labels(&normalized, mode, options, &mut output, &mut errors, trace.as_deref_mut());
        check_name_rules(&output, options, self.table.properties(), &mut errors, trace.as_deref_mut());
        if let Some(trace) = trace {
            trace.normalized = normalized;
            trace.output = output.clone();
            trace.fill_label_details(self.table);
        }
        Processed {
            output,
            errors,
            has_deviation,
        }
    }

    /// Step 1, Map: appends the mapped input to `out`; returns whether a
    /// deviation character took part (in the input, or in a mapping's output).
    fn map(
        &self,
        input: &str,
        mode: Mode,
        out: &mut String,
        errors: &mut Vec<IdnaError>,
        mut trace: Option<&mut Vec<MapStep>>,
    ) -> bool {
        let mut has_deviation = false;
        let mut out_chars = 0;
        for (index, c) in input.chars().enumerate() {
            // An ASCII character that maps to one valid ASCII character (the
            // table's fold, read from the same rows) needs no row when untraced.
            if trace.is_none()
                && let Some(folded) = u8::try_from(c).ok().and_then(|byte| self.table.ascii_fold(byte))
            {
                out.push(char::from(folded));
                continue;
            }
            let row = self.table.lookup(c);
            let start = out.len();
            let action = match row.status {
                Status::Valid => {
                    out.push(c);
                    MapAction::Kept
                }
                Status::Ignored => MapAction::Removed,
                Status::Mapped => {
                    // Since Unicode 15.1, Transitional Processing maps ẞ straight to "ss",
                    // which keeps the mapping idempotent (ẞ → ß would be remapped to "ss").
                    let capital_sharp_s = c == '\u{1E9E}';
                    out.push_str(if capital_sharp_s && mode == Mode::Transitional {
                        "ss"
                    } else {
                        row.mapping
                    });
                    // ASCII maps only to ASCII, which has no deviation character.
                    has_deviation |= capital_sharp_s
                        || !c.is_ascii() && row.mapping.chars().any(|m| self.table.status(m) == Status::Deviation);
                    MapAction::Replaced
                }
                Status::Deviation => {
                    has_deviation = true;
                    if mode == Mode::Transitional {
                        out.push_str(row.mapping);
                        MapAction::DeviationMapped
                    } else {
                        out.push(c);
                        MapAction::DeviationKept
                    }
                }
                Status::Disallowed => {
                    if self.table.records_p1_in_map_step() {
                        errors.push(IdnaError {
                            code: ErrorCode::P1,
                            label: None,
                            position: None,
                        });
                    }
                    out.push(c);
                    MapAction::DisallowedKept
                }
            };
            if let Some(steps) = trace.as_deref_mut() {
                let produced = out[start..].to_string();
                let produced_chars = produced.chars().count();
                steps.push(MapStep {
                    index,
                    code_point: c,
                    name: CharName(c),
                    row: row.into(),
                    action,
                    output: produced,
                    output_span: (out_chars, out_chars + produced_chars),
                });
                out_chars += produced_chars;
            }
        }
        has_deviation
    }

    /// Steps 3 and 4, Break and Convert/Validate: writes the converted labels,
    /// joined by U+002E, to `output`.
    fn convert_labels(
        &self,
        normalized: &str,
        mode: Mode,
        options: &Options,
        output: &mut String,
        errors: &mut Vec<IdnaError>,
        mut trace: Option<&mut ProcessTrace>,
    ) {
        let mut span_start = 0;
        for (index, label) in labels(normalized).enumerate() {
            if index > 0 {
                output.push('.');
            }
            let mut label_trace = trace.is_some().then(|| LabelTrace::new(index, label, span_start));
            let label_start = output.len();
            let validated_as = self.convert_label(label, index, mode, options, output, errors, label_trace.as_mut());
            if let (Some(trace), Some(mut label_trace)) = (trace.as_deref_mut(), label_trace) {
                label_trace.converted = output[label_start..].to_string();
                label_trace.validated_as = validated_as;
                span_start = label_trace.span.1 + 1;
                trace.labels.push(label_trace);
            }
        }
    }

    /// Step 4 for one label: decode `xn--` labels (§4 step 4.1), then check the
    /// validity criteria (§4.1). Returns the mode the label was validated under.
    #[allow(clippy::too_many_arguments)]
    fn convert_label(
        &self,
        label: &str,
        index: usize,
        mode: Mode,
        options: &Options,
        output: &mut String,
        errors: &mut Vec<IdnaError>,
        trace: Option<&mut LabelTrace>,
    ) -> Mode {
        let start = output.len();
        let (checklist, punycode_slot) = match trace {
            Some(t) => (Some(&mut t.checks), Some(&mut t.punycode)),
            None => (None, None),
        };
        let mut report = LabelReport {
            errors,
            label: index,
            checklist,
        };
        let Some(encoded) = label.strip_prefix(validity::ACE_PREFIX) else {
            output.push_str(label);
            check_label(label, mode, false, options, self.table, &mut report);
            return mode;
        };
        if let Some(position) = label.chars().position(|c| !c.is_ascii()) {
            // An A-label must be ASCII; the label is kept and not checked further.
            report.check(ErrorCode::P4, Some(position));
            output.push_str(label);
            return Mode::Nontransitional;
        }
        let mut decode_trace = punycode_slot.is_some().then(punycode::BootstringTrace::default);
        let decoded = within_limit(encoded, encoded.len(), MAX_DECODE_BYTES, decode_trace.as_mut(), |trace| {
            punycode::decode_into(encoded, output, trace)
        });
        if let (Some(slot), Some(decode)) = (punycode_slot, decode_trace) {
            *slot = Some(PunycodeStep {
                decode,
                replaced: decoded.is_ok(),
            });
        }
        match decoded {
            Err(error) => {
                output.truncate(start);
                output.push_str(label);
                if options.ignore_invalid_punycode {
                    check_label(label, Mode::Nontransitional, false, options, self.table, &mut report);
                } else {
                    let position = error.position + validity::ACE_PREFIX.len();
                    report.check(ErrorCode::P4, Some(position));
                }
            }
            Ok(()) => {
                let decoded = &output[start..];
                if crate::scan::is_ascii(decoded) {
                    // Empty or all-ASCII: an A-label must encode something non-ASCII.
                    report.fail_whole_label(ErrorCode::P4);
                } else {
                    report.check(ErrorCode::P4, None);
                }
                check_label(decoded, Mode::Nontransitional, true, options, self.table, &mut report);
            }
        }
        Mode::Nontransitional
    }

    /// ToASCII (§4.2) of a processed name: Punycode-encode non-ASCII labels
    /// (A3), then the DNS length checks (A4_1, A4_2).
    // Named after the spec's ToASCII; `&self` because the engine is a table reference.
    #[allow(clippy::wrong_self_convention)]
    fn to_ascii(&self, processed: &Processed, options: &Options, mut trace: Option<&mut AsciiTrace>) -> Conversion {
        let mut errors = ascii_errors(&processed.errors);
        // Punycode is about as long as the UTF-8 it encodes, plus "xn--" and a delimiter per label.
        let mut out = String::with_capacity(processed.output.len() * 2 + 16);
        for (index, label) in labels(&processed.output).enumerate() {
            if index > 0 {
                out.push('.');
            }
            let start = out.len();
            let mut encode_trace = None;
            if crate::scan::is_ascii(label) {
                out.push_str(label);
            } else {
                out.push_str(validity::ACE_PREFIX);
                encode_trace = trace.is_some().then(punycode::BootstringTrace::default);
                let length = label.chars().count();
                let encoded = within_limit(label, length, MAX_ENCODE_CODE_POINTS, encode_trace.as_mut(), |trace| {
                    punycode::encode_into(label, &mut out, trace)
                });
                if encoded.is_err() {
                    out.truncate(start);
                    out.push_str(label);
                    errors.push(IdnaError {
                        code: ErrorCode::A3,
                        label: Some(index),
                        position: None,
                    });
                }
            }
            let length = char_count(&out[start..]);
            if options.verify_dns_length && !validity::label_length_ok(length) {
                errors.push(IdnaError {
                    code: ErrorCode::A4_2,
                    label: Some(index),
                    position: None,
                });
            }
            if let Some(trace) = trace.as_deref_mut() {
                let output = out[start..].to_string();
                trace.labels.push(AsciiLabel {
                    input: label.to_string(),
                    encode: encode_trace,
                    output,
                    length,
                });
            }
        }
        let name_length = char_count(&out) - usize::from(out.ends_with('.'));
        if options.verify_dns_length && !validity::name_length_ok(name_length) {
            errors.push(IdnaError {
                code: ErrorCode::A4_1,
                label: None,
                position: None,
            });
        }
        if let Some(trace) = trace {
            trace.output = out.clone();
            trace.name_length = name_length;
        }
        Conversion {
            value: out,
            errors: sorted(errors),
        }
    }
}

/// The labels of `name`, split at U+002E by a word-at-a-time byte scan
/// (labels are short: a memchr's setup costs more than it saves on them);
/// what `name.split('.')` gives.
#[doc(hidden)]
pub fn labels(name: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(name);
    std::iter::from_fn(move || {
        let text = rest?;
        let length = label_length(text);
        // Past the dot; `None` when the label ran to the end.
        rest = text.get(length + 1..);
        Some(&text[..length])
    })
}

/// The text after the last U+002E of `name` (all of it without one): what
/// `name.rsplit('.').next()` gives, by a word-at-a-time scan as [`labels`].
#[doc(hidden)]
pub fn last_label(name: &str) -> &str {
    match crate::scan::rfind_byte(name.as_bytes(), b'.') {
        Some(dot) => &name[dot + 1..],
        None => name,
    }
}

/// The length in bytes of the first label of `rest_of_name` (up to the first dot).
fn label_length(rest_of_name: &str) -> usize {
    crate::scan::find_byte(rest_of_name.as_bytes(), b'.').unwrap_or(rest_of_name.len())
}

/// The number of code points of `text`, found without decoding when it is
/// ASCII (every ToASCII label but one that failed to encode).
fn char_count(text: &str) -> usize {
    match crate::scan::is_ascii(text) {
        true => text.len(),
        false => text.chars().count(),
    }
}

/// Step 2, Normalize: NFC, skipping the work when the quick check says the text already is.
fn normalize(mapped: String) -> String {
    if crate::scan::is_ascii(&mapped) || crate::properties::is_nfc_quick_yes(&mapped) {
        mapped
    } else {
        mapped.nfc().collect()
    }
}

/// The rules that look at the whole converted name: empty labels (X4_2), and
/// for each label the Bidi rule (criterion 9, which needs to know whether any
/// label is right-to-left) and the CONTEXTJ rules (criterion 8).
fn check_name_rules(
    output: &str,
    options: &Options,
    properties: &Properties,
    errors: &mut Vec<IdnaError>,
    mut trace: Option<&mut ProcessTrace>,
) {
    // The empty root label after a trailing dot is not an empty label here.
    let body = output.strip_suffix('.').unwrap_or(output);
    let bidi_domain = options.check_bidi && has_rtl_or_arabic_number(properties, body);
    if let Some(trace) = trace.as_deref_mut() {
        trace.bidi_domain = bidi_domain;
    }
    for (index, label) in labels(body).enumerate() {
        let label_trace = trace.as_deref_mut().and_then(|t| t.labels.get_mut(index));
        let (checklist, direction) = match label_trace {
            Some(t) => (Some(&mut t.checks), Some(&mut t.direction)),
            None => (None, None),
        };
        let mut report = LabelReport {
            errors: &mut *errors,
            label: index,
            checklist,
        };
        if label.is_empty() {
            report.fail_whole_label(ErrorCode::X4_2);
            continue;
        }
        if !options.check_bidi {
            skip_all(&mut report, &BIDI_CODES, CheckOutcome::Disabled("CheckBidi"));
        } else if !bidi_domain {
            skip_all(
                &mut report,
                &BIDI_CODES,
                CheckOutcome::NotApplicable("no character of bidi class R, AL or AN in the name"),
            );
        } else {
            let label_direction = check_bidi_rule(label, properties, &mut report);
            if let Some(direction) = direction {
                *direction = Some(label_direction);
            }
        }
        if options.check_joiners {
            check_joiners(label, properties, &mut report);
        } else {
            skip_all(
                &mut report,
                &[ErrorCode::C1, ErrorCode::C2],
                CheckOutcome::Disabled("CheckJoiners"),
            );
        }
        if options.check_contexto {
            let failures = contexto::contexto_violations(label).into_iter().map(|(position, _)| position);
            report.check(ErrorCode::ContextO, failures);
        } else {
            report.skip(ErrorCode::ContextO, CheckOutcome::Disabled("CheckContextO"));
        }
    }
}

/// ToASCII N of a name valid but for the Bidi rule: `ascii`, the encoded
/// name, with the processing `errors` as [`Uts46::to_ascii`] reports them
/// (the path that wrote `ascii` checked the lengths and the encoding).
fn ascii_failing_bidi(ascii: &str, errors: &[IdnaError]) -> Conversion {
    Conversion {
        value: ascii.to_string(),
        errors: sorted(ascii_errors(errors)),
    }
}

/// ToASCII's errors from processing's: X4_2 is ToUnicode's code for an
/// empty label; ToASCII reports it as A4_2.
fn ascii_errors(processing: &[IdnaError]) -> Vec<IdnaError> {
    processing.iter().filter(|e| e.code != ErrorCode::X4_2).copied().collect()
}

/// ToUnicode's result: the processed name and its errors, sorted.
fn unicode_conversion(processed: Processed) -> Conversion {
    Conversion {
        value: processed.output,
        errors: sorted(processed.errors),
    }
}

/// True when `text` holds a character of bidi class R, AL or AN: a name with
/// one is a "Bidi domain name" (RFC 5893 §1.4), whose every label the Bidi rule checks.
#[doc(hidden)]
pub fn has_rtl_or_arabic_number(properties: &Properties, text: &str) -> bool {
    text.chars().any(|c| properties.is_rtl_or_arabic_number(c))
}

/// The RFC 5893 Bidi rule (when `bidi_domain`) and the RFC 5892 Appendix A.1/A.2
/// CONTEXTJ rules applied to one label outside the UTS #46 pipeline, for the
/// IDNA2008 profile: the same code as criterion 8 and 9, the same codes (B1–B6, C1, C2).
#[doc(hidden)]
pub fn bidi_and_joiner_rules(label: &str, index: usize, bidi_domain: bool, properties: &Properties, errors: &mut Vec<IdnaError>) {
    let mut report = LabelReport {
        errors,
        label: index,
        checklist: None,
    };
    if bidi_domain {
        check_bidi_rule(label, properties, &mut report);
    }
    check_joiners(label, properties, &mut report);
}

const BIDI_CODES: [ErrorCode; 6] = [
    ErrorCode::B1,
    ErrorCode::B2,
    ErrorCode::B3,
    ErrorCode::B4,
    ErrorCode::B5,
    ErrorCode::B6,
];

fn skip_all(report: &mut LabelReport<'_>, codes: &[ErrorCode], outcome: CheckOutcome) {
    // Skipping records nothing untraced.
    if report.checklist.is_none() {
        return;
    }
    for &code in codes {
        report.skip(code, outcome.clone());
    }
}

fn sorted(mut errors: Vec<IdnaError>) -> Vec<IdnaError> {
    errors.sort_by_key(|e| (e.label, e.code, e.position));
    errors
}

impl ProcessTrace {
    fn new(mode: Mode) -> Self {
        ProcessTrace {
            mode,
            map: Vec::new(),
            mapped: String::new(),
            normalized: String::new(),
            labels: Vec::new(),
            bidi_domain: false,
            output: String::new(),
        }
    }

    /// Fills what the trace derives from the finished run: the mapped text,
    /// each label's separator and its per-character properties.
    fn fill_label_details(&mut self, table: &MappingTable) {
        self.mapped = self.map.iter().map(|step| step.output.as_str()).collect();
        // NFC never creates, removes or moves U+002E, so the k-th full stop of the
        // normalized text comes from the k-th full stop the Map step produced.
        let separators: Vec<char> = self
            .map
            .iter()
            .flat_map(|step| step.output.chars().filter(|&c| c == '.').map(move |_| step.code_point))
            .collect();
        for label in &mut self.labels {
            label.separator = separators.get(label.index).copied();
            label.chars = label
                .converted
                .chars()
                .map(|c| LabelChar {
                    code_point: c,
                    name: CharName(c),
                    status: table.status(c),
                    bidi_class: table.properties().bidi_class_name(c),
                    joining_type: table.properties().joining_type_name(c),
                    combining_class: table.properties().combining_class(c),
                })
                .collect();
        }
    }
}

impl LabelTrace {
    fn new(index: usize, text: &str, span_start: usize) -> Self {
        LabelTrace {
            index,
            span: (span_start, span_start + text.chars().count()),
            separator: None,
            text: text.to_string(),
            punycode: None,
            converted: String::new(),
            validated_as: Mode::Nontransitional,
            chars: Vec::new(),
            direction: None,
            checks: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The labels are `split('.')`'s, for names of every length up to 90
    /// bytes (the word scan's short texts, whole words and tails), with dots
    /// anywhere: at the ends, doubled, alone, and beside multi-byte characters.
    #[test]
    fn labels_are_splits_at_the_dot() {
        let pieces = ["", ".", "a", "é", "..", "xn--", "日本", "b.c", "-", "😀"];
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            let mut name = String::new();
            let target = (state >> 33) as usize % 90;
            while name.len() < target {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                name.push_str(pieces[(state >> 40) as usize % pieces.len()]);
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            assert_eq!(
                labels(&name).collect::<Vec<_>>(),
                name.split('.').collect::<Vec<_>>(),
                "{name:?}"
            );
        }
        for name in [
            "",
            ".",
            "..",
            "a",
            "a.",
            ".a",
            &"a.".repeat(32),
            &"a.".repeat(33),
            &".".repeat(64),
            &".".repeat(65),
        ] {
            assert_eq!(
                labels(name).collect::<Vec<_>>(),
                name.split('.').collect::<Vec<_>>(),
                "{name:?}"
            );
        }
    }
}
