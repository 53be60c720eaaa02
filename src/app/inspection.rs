//! One inspected name: the engine's results and trace, computed once per
//! change of input, options or table — never per frame.

use crate::profiles::table4::{self, Bucket};
use crate::profiles::{self, Comparison};
use crate::spoof::{self, ProtectedList, SpoofReport};
use crate::uts46::{ErrorCode, IdnaError, Options, Results, Trace, Uts46};
use web_time::{Duration, Instant};

/// The engine's answer for one input under one set of options and one table.
pub struct Inspection {
    /// The text as typed or pasted.
    pub input: String,
    /// Where the host inspected was found in [`Inspection::input`], when it
    /// is not the text itself: a URL, an e-mail address, `host:port`, …
    pub taken: Option<Taken>,
    /// Why the text holds no host (a URL or e-mail address without one);
    /// the text itself is inspected then.
    pub no_host: Option<crate::pasted::NoHost>,
    /// The UTS #46 options it was processed with.
    pub options: Options,
    /// Which table and protected-name list produced it (their generation numbers).
    pub generation: (u64, u64),
    /// ToUnicode, ToASCII N and T, with their errors.
    pub results: Results,
    /// The step-by-step trace of the same run.
    pub trace: Trace,
    /// The spoof check of the same results (UTS #39).
    pub spoof: SpoofReport,
    /// Wall time of the traced engine run.
    pub elapsed: Duration,
    /// The five processing profiles side by side, with the causes of their differences.
    pub comparison: Comparison,
    /// Each distinct input character's UTS #46 Table 4 row and status per profile.
    pub profile_chars: Vec<ProfileChar>,
    /// What each runtime does with the text as typed,
    /// [`Inspection::input`] (a program hands a runtime the text it has,
    /// where the other stages inspect the host taken from it).
    pub runtimes: Vec<crate::runtimes::Answer>,
    /// For each of [`Inspection::runtimes`], what would make it pass, where something would.
    pub runtime_hints: Vec<Option<String>>,
}

/// The host taken from a pasted text, and what was set aside around it.
pub struct Taken {
    /// What was set aside before the host, as pasted.
    pub before: String,
    /// The host every stage but the runtimes inspects.
    pub host: String,
    /// What was set aside after it.
    pub after: String,
    /// Where it was found.
    pub from: crate::pasted::TakenFrom,
    /// [`crate::pasted::Pasted::sentence`], for the report.
    pub sentence: String,
}

/// How the profiles treat one input character (UTS #46 §7 Table 4).
pub struct ProfileChar {
    pub c: char,
    pub bucket: Option<Bucket>,
    /// Why Table 4 leaves the character out (ASCII, a control, …), if it does.
    pub left_out_because: Option<&'static str>,
    /// In [`Profile::ALL`](crate::profiles::Profile::ALL) order.
    pub statuses: [String; 5],
}

impl Inspection {
    /// Runs the traced engine on `input`, then the spoof check against `protected`.
    /// `generation`: the table's and the protected list's generation numbers.
    pub fn compute(engine: &Uts46<'_>, typed: &str, options: Options, protected: &ProtectedList, generation: (u64, u64)) -> Self {
        let (taken, no_host) = match crate::pasted::take_host(typed) {
            Ok(pasted) if pasted.changed() => (
                Some(Taken {
                    before: pasted.before.to_string(),
                    host: pasted.host.to_string(),
                    after: pasted.after.to_string(),
                    from: pasted.taken_from,
                    sentence: pasted.sentence().unwrap_or_default(),
                }),
                None,
            ),
            Ok(_) => (None, None),
            Err(reason) => (None, Some(reason)),
        };
        let input = taken.as_ref().map_or(typed, |taken| taken.host.as_str());
        let started = Instant::now();
        let (results, trace) = engine.process_traced(input, &options);
        let elapsed = started.elapsed();
        let spoof = spoof::analyze_results(engine, input, &results, &options, protected);
        let comparison = profiles::compare(engine, input, &options);
        let profile_chars = crate::display::unique(input.chars())
            .into_iter()
            .map(|c| ProfileChar {
                c,
                bucket: table4::bucket(engine.table(), c),
                left_out_because: table4::left_out_because(engine.table(), c),
                statuses: table4::char_statuses(engine.table(), c, options.use_std3_ascii_rules),
            })
            .collect();
        let runtimes = crate::runtimes::run_all(typed);
        let runtime_hints = runtimes.iter().map(|answer| answer.runtime.hint(typed, answer)).collect();
        Inspection {
            runtimes,
            runtime_hints,
            comparison,
            profile_chars,
            input: typed.to_string(),
            taken,
            no_host,
            options,
            generation,
            results,
            trace,
            spoof,
            elapsed,
        }
    }

    /// The name every stage inspects: the host taken from what was pasted,
    /// else the text itself.
    pub fn host(&self) -> &str {
        self.taken.as_ref().map_or(&self.input, |taken| &taken.host)
    }

    /// The report of this inspection (Copy report, Save report…).
    pub fn report(&self) -> crate::report::Report<'_> {
        crate::report::Report {
            options: &self.options,
            results: &self.results,
            trace: &self.trace,
            spoof: &self.spoof,
            registry: None,
            runtimes: Some((&self.input, &self.runtimes)),
            pasted: self.taken.as_ref().map(|taken| taken.sentence.as_str()),
        }
    }

    /// This inspection as `explain --json` gives it for the same text and
    /// options ([`crate::explain::json`]); the web page's test reads it.
    pub fn explain_json(&self) -> serde_json::Value {
        let value = crate::explain::json(&self.options, &self.results, &self.trace);
        let taken = self.taken.as_ref().map(|taken| (taken.host.as_str(), taken.from));
        crate::explain::with_pasted(value, &self.input, taken)
    }

    /// The profiles' view of `c`, if it is in the input.
    pub fn profile_char(&self, c: char) -> Option<&ProfileChar> {
        self.profile_chars.iter().find(|known| known.c == c)
    }

    /// True when this inspection is still the answer for these inputs.
    pub fn is_for(&self, input: &str, options: &Options, generation: (u64, u64)) -> bool {
        self.input == input && self.options == *options && self.generation == generation
    }

    /// Every distinct error of the three results, with which results record it.
    pub fn error_chips(&self) -> Vec<ErrorChip> {
        let mut chips: Vec<ErrorChip> = Vec::new();
        let sources = [
            (&self.results.to_unicode.errors, 0),
            (&self.results.to_ascii_n.errors, 1),
            (&self.results.to_ascii_t.errors, 2),
        ];
        for (errors, which) in sources {
            for error in errors {
                let chip = match chips.iter_mut().find(|chip| chip.error == *error) {
                    Some(chip) => chip,
                    None => {
                        chips.push(ErrorChip {
                            error: *error,
                            in_results: [false; 3],
                        });
                        chips.last_mut().expect("just pushed")
                    }
                };
                chip.in_results[which] = true;
            }
        }
        chips
    }
}

/// One error shown as a chip in the results header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorChip {
    pub error: IdnaError,
    /// Recorded by ToUnicode, ToASCII N, ToASCII T.
    pub in_results: [bool; 3],
}

impl ErrorChip {
    /// "ToUnicode, N" style list of the results that record this error.
    pub fn results_text(&self) -> String {
        let names = ["ToUnicode", "ToASCII N", "ToASCII T"];
        let found: Vec<&str> = names
            .iter()
            .zip(self.in_results)
            .filter(|(_, on)| *on)
            .map(|(name, _)| *name)
            .collect();
        found.join(", ")
    }
}

/// What the stage views highlight: the characters an error points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Highlight {
    pub code: ErrorCode,
    pub label: Option<usize>,
    pub position: Option<usize>,
}

impl From<IdnaError> for Highlight {
    fn from(error: IdnaError) -> Self {
        Highlight {
            code: error.code,
            label: error.label,
            position: error.position,
        }
    }
}

impl Highlight {
    /// True when character `position` of label `label`'s converted text is highlighted.
    pub fn covers(&self, label: usize, position: usize) -> bool {
        self.label == Some(label) && self.position.is_none_or(|p| p == position)
    }
}
