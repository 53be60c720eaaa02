//! Spoof analysis (UTS #39 §4–5): does a name imitate another, with which
//! characters, what each browser shows, and a risk level; read from the
//! engine's results and the input as written (the mapping hides what the
//! reader saw). The data is unicode-security's and unicode-script's.
//!
//! ```
//! use idna_inspector_analysis::spoof::{self, ProtectedList, Risk};
//! use idna_inspector_core::Uts46;
//! let engine = Uts46::new();
//! let report = spoof::analyze(&engine, "аррӏе.com", &ProtectedList::default());
//! assert_eq!(report.risk, Risk::High);
//! assert_eq!(report.to_ascii_n, "xn--80ak6aa92e.com");
//! ```

mod cache;
pub mod confusables;
mod evidence;
mod findings;
pub(crate) mod patterns;
mod protected;
pub mod scripts;
mod text;

pub use crate::browsers::{BrowserRules, Display, Verdicts};
#[doc(hidden)]
pub use cache::Lookup;
pub use cache::Summarizer;
pub use findings::{Finding, FindingKind, FindingSet, Severity};
pub use protected::{Lookalike, ProtectedList, ProtectedName};
pub use scripts::CharInfo;
pub use text::explain;

use crate::browsers::chromium::BeforeTopDomains;
use crate::browsers::chromium::uspoof::KnownChecks;
use crate::browsers::{ButChromium, KnownLabel, Verdict};
use crate::chars;
use crate::display::visual_order;
use crate::facts::Facts;
use crate::names::char_name;
use crate::uts46::{ErrorCode, Options, Results, ResultsRef, Uts46};
use confusables::skeleton;
use patterns::{Invisible, invisible_kind, is_restricted, mapping_fate};
use serde::Serialize;
use std::borrow::Borrow;
use unicode_security::RestrictionLevel;

/// The overall risk, for a non-specialist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Risk {
    /// Nothing suspicious found.
    None,
    /// Unusual (a warning finding, or Chromium shows Punycode), but no known imitation technique.
    Low,
    /// A known homograph technique: the name imitates another.
    High,
}

impl Risk {
    /// The level's name, as serialized: `none`, `low`, `high`.
    pub fn name(self) -> &'static str {
        match self {
            Risk::None => "none",
            Risk::Low => "low",
            Risk::High => "high",
        }
    }
}

/// The analysis of one label (of the nontransitional ToUnicode result).
#[derive(Clone, Debug, Serialize)]
pub struct LabelSpoof {
    /// The label after ToUnicode (nontransitional).
    pub unicode: String,
    /// The label after ToASCII (nontransitional): what Punycode display shows.
    pub ascii: String,
    /// Each character with its scripts and UTS #39 identifier properties (finding 1, 2).
    pub chars: Vec<CharInfo>,
    /// The resolved script set in words (UTS #39 §5.1).
    pub resolved_scripts: String,
    /// The restriction level's name (UTS #39 §5.2).
    pub restriction_level: &'static str,
    /// The UTS #39 §4 skeleton.
    pub skeleton: String,
    /// The findings about this label.
    pub findings: Vec<Finding>,
    /// ICU's checks this analysis answered too, for Chromium's check of the label.
    #[serde(skip)]
    pub(crate) icu: KnownChecks,
    /// Which checks a character of the label can set off.
    #[serde(skip)]
    pub(crate) gate: evidence::Gate,
}

/// The whole analysis of one name.
#[derive(Clone, Debug, Serialize)]
pub struct SpoofReport {
    /// The name as written.
    pub input: String,
    /// UTS #46 ToUnicode of the name.
    pub to_unicode: String,
    /// UTS #46 ToASCII, nontransitional processing.
    pub to_ascii_n: String,
    /// UTS #46 ToASCII, transitional processing.
    pub to_ascii_t: String,
    /// The skeleton of the ToUnicode name and of the input as written.
    pub skeleton: String,
    /// The UTS #39 §4 skeleton of the input as written.
    pub input_skeleton: String,
    /// One analysis per label of the ToUnicode name.
    pub labels: Vec<LabelSpoof>,
    /// Findings about the whole name: protected look-alikes, invisible
    /// characters of the input, deviations, right-to-left display order.
    pub findings: Vec<Finding>,
    /// The name's display order when it differs from the logical order (UAX #9).
    pub visual_order: Option<String>,
    /// A protected name this one imitates.
    pub lookalike: Option<Lookalike>,
    /// What Chromium, Firefox and WebKit (Safari) show, and why.
    pub browsers: Verdicts,
    /// The overall risk level.
    pub risk: Risk,
    /// The reasons for the risk level, most serious first, in plain words.
    pub reasons: Vec<String>,
}

impl SpoofReport {
    /// Every finding: the name's, then each label's.
    #[doc(hidden)]
    pub fn all_findings(&self) -> impl Iterator<Item = &Finding> {
        all_findings(&self.findings, &self.labels)
    }

    /// The kinds found (the batch `findings` column).
    pub fn finding_set(&self) -> FindingSet {
        Found::of(self.all_findings()).kinds
    }

    /// Every character any finding of severity warning or above points at (for highlighting).
    pub fn offending_chars(&self) -> Vec<char> {
        let flagged = self.all_findings().filter(|f| f.severity >= Severity::Warning);
        crate::display::unique(flagged.flat_map(|finding| finding.chars.iter().copied()))
    }
}

/// The compact verdict a batch record keeps: each browser's deciding rule
/// (and so its display), the risk and the finding kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpoofSummary {
    /// Each browser's deciding rule.
    pub browsers: BrowserRules,
    /// The overall risk level.
    pub risk: Risk,
    /// The kinds of finding, the name's and its labels'.
    pub findings: FindingSet,
}

impl From<&SpoofReport> for SpoofSummary {
    fn from(report: &SpoofReport) -> Self {
        SpoofSummary::of(Found::of(report.all_findings()), report.browsers.rules())
    }
}

impl SpoofSummary {
    /// The summary of a name whose findings (its own and its labels') are
    /// `found`, with the browsers' `rules`: what its report would say, made without one.
    fn of(found: Found, rules: BrowserRules) -> SpoofSummary {
        let chromium = crate::browsers::Rule::from(rules.chromium).display();
        SpoofSummary {
            browsers: rules,
            risk: risk(found.severity, chromium),
            findings: found.kinds,
        }
    }
}

/// What a summary reads of a name's findings: their kinds and the highest severity.
#[derive(Clone, Copy)]
struct Found {
    kinds: FindingSet,
    severity: Option<Severity>,
}

impl Found {
    fn of<'r>(findings: impl Iterator<Item = &'r Finding>) -> Found {
        let mut found = Found {
            kinds: FindingSet::default(),
            severity: None,
        };
        for finding in findings {
            found.kinds.insert(finding.kind);
            found.severity = found.severity.max(Some(finding.severity));
        }
        found
    }
}

/// The findings of a name: its own, then each label's.
fn all_findings<'r>(findings: &'r [Finding], labels: &'r [LabelSpoof]) -> impl Iterator<Item = &'r Finding> {
    findings.iter().chain(labels.iter().flat_map(|label| &label.findings))
}

/// Analyzes `input` with the default UTS #46 flags (what a browser checks
/// when it decides how to display a name).
pub fn analyze(engine: &Uts46<'_>, input: &str, protected: &ProtectedList) -> SpoofReport {
    let options = Options::default();
    let results = engine.process(input, &options);
    analyze_results(engine, input, &results, &options, protected)
}

/// The verdict only, with a shortcut: an all-ASCII name without an A-label
/// and no protected names has no finding to look for (every label shows
/// as itself); the browsers' verdicts are still each browser's own.
/// `results`: the engine's results for `input` under `options`, asked for
/// only when the shortcut does not apply.
pub fn summarize<R: Borrow<Results>>(
    engine: &Uts46<'_>,
    input: &str,
    options: &Options,
    results: impl FnOnce() -> R,
    protected: &ProtectedList,
) -> SpoofSummary {
    if takes_shortcut(input, protected, false) {
        return shortcut_summary(input, protected, false);
    }
    full_summary(engine, input, results().borrow().borrowed(), options, protected)
}

/// True when [`summarize`] takes its shortcut: an all-ASCII name without
/// an A-label, and no protected names. `ldh`: the caller knows that
/// `input` is ASCII without `--` (see [`shortcut_summary`]).
fn takes_shortcut(input: &str, protected: &ProtectedList, ldh: bool) -> bool {
    protected.is_empty() && (ldh || !crate::uts46::validity::may_hold_a_label(input))
}

/// The shortcut's summary: the browsers' verdicts alone. `ldh`: the
/// caller knows that `input` holds only ASCII letters, digits, hyphens and
/// dots, and no `--` (so no A-label: [`crate::browsers::rules_given`]);
/// false when it does not know.
fn shortcut_summary(input: &str, protected: &ProtectedList, ldh: bool) -> SpoofSummary {
    let ldh = ldh || crate::browsers::is_ldh_host_without_a_label(input);
    let browsers = crate::browsers::rules_given(input, protected.top_domains(), ldh);
    let punycode = browsers.chromium.display() == Display::Punycode;
    SpoofSummary {
        browsers,
        risk: if punycode { Risk::Low } else { Risk::None },
        findings: FindingSet::default(),
    }
}

/// The summary of the full analysis.
fn full_summary(
    engine: &Uts46<'_>,
    input: &str,
    results: ResultsRef<'_>,
    options: &Options,
    protected: &ProtectedList,
) -> SpoofSummary {
    let kept = &mut Kept::default();
    let report = analyze_with(engine, input, results, options, protected, false, kept);
    SpoofSummary::from(&report)
}

/// [`full_summary`] of each of `names` (a name and the engine's results
/// for it under `options`), in order onto `summaries`. Each part of the
/// analysis ([`analyze_own`], [`verdicts_but_chromium`],
/// [`chromium_before_top_domains`], then Chromium's top-domain step and
/// the summary) runs over all the names in turn: the parts' code does not
/// fit the instruction cache together, and so each serves the names in a row.
#[doc(hidden)]
pub fn full_summaries<'a>(
    engine: &'a Uts46<'a>,
    options: &'a Options,
    protected: &'a ProtectedList,
    names: &[(&'a str, ResultsRef<'a>)],
    summaries: &mut Vec<SpoofSummary>,
    kept: &mut Kept,
) {
    // Each part makes a name's `Name` again from `names`: a list of them
    // would be written once and read back by every part, from memory the
    // stage's other data has pushed out of the cache by then.
    let name_of = |&(input, results): &(&'a str, ResultsRef<'a>)| Name {
        engine,
        input,
        results,
        options,
        protected,
        detailed: false,
    };
    let names = names.iter().map(name_of);
    // What the later parts read of each name's own analysis, kept small:
    // the stage's labels' analyses (168 bytes each) would not stay in the
    // data cache until then. The label list goes back at once, warm for the next name.
    // The non-ASCII labels are decoded once, for every part that reads their characters.
    let mut decoded = Decoded::with_capacity(names.len());
    let own: Vec<(Found, std::ops::Range<usize>)> = names
        .clone()
        .map(|ref name| {
            let start = decoded.labels.len();
            let own = analyze_own(name, std::mem::take(&mut kept.labels), &mut decoded, &mut kept.tld_labels);
            let found = Found::of(all_findings(&own.findings, &own.labels));
            kept.labels = own.labels;
            kept.labels.clear();
            (found, start..decoded.labels.len())
        })
        .collect();
    let checked: Vec<KnownLabel<'_>> = decoded.known_labels().collect();
    // The batch keeps Firefox's and WebKit's rules.
    let (parsed, others): (Vec<_>, Vec<_>) = names
        .clone()
        .zip(&own)
        .map(|(ref name, (_, labels))| {
            let ButChromium { firefox, webkit, parsed } =
                verdicts_but_chromium(name, &checked[labels.clone()], &mut kept.browsers);
            (parsed, [firefox.rule, webkit.rule])
        })
        .unzip();
    let chromium: Vec<BeforeTopDomains<'_>> = names
        .clone()
        .zip(&own)
        .zip(&parsed)
        .map(|((ref name, (_, labels)), parsed)| {
            chromium_before_top_domains(name, &checked[labels.clone()], parsed.as_deref(), &mut kept.browsers)
        })
        .collect();
    for ((&(found, _), chromium), [firefox, webkit]) in own.iter().zip(chromium).zip(others) {
        let chromium = chromium.top_domain_step(protected.top_domains());
        let rules = BrowserRules::of([chromium.rule, firefox, webkit]);
        summaries.push(SpoofSummary::of(found, rules));
    }
}

/// What one worker (a batch's converting thread) keeps from name to name
/// for the spoof check, and hands down: the analyses of TLD labels (a
/// bounded memo: `crate::memo`), the list a name's labels are analyzed
/// into (a summary needs it only while the report is read), and the
/// browsers' ([`crate::browsers::Kept`]). A call on one name starts from
/// an empty one.
#[derive(Default)]
#[doc(hidden)]
pub struct Kept {
    tld_labels: crate::memo::Memo<LabelSpoof>,
    labels: Vec<LabelSpoof>,
    browsers: crate::browsers::Kept,
}

/// Analyzes `input` given the engine's `results` for it, computed with `options`.
pub fn analyze_results(
    engine: &Uts46<'_>,
    input: &str,
    results: &Results,
    options: &Options,
    protected: &ProtectedList,
) -> SpoofReport {
    analyze_with(
        engine,
        input,
        results.borrowed(),
        options,
        protected,
        true,
        &mut Kept::default(),
    )
}

/// The report on `input` (its labels, findings, the browsers' verdicts and
/// the risk), given the engine's `results`; `labels` comes empty, its room reused.
fn analyze_with(
    engine: &Uts46<'_>,
    input: &str,
    results: ResultsRef<'_>,
    options: &Options,
    protected: &ProtectedList,
    detailed: bool,
    kept: &mut Kept,
) -> SpoofReport {
    let name = Name {
        engine,
        input,
        results,
        options,
        protected,
        detailed,
    };
    let mut decoded = Decoded::with_capacity(1);
    let own = analyze_own(&name, Vec::new(), &mut decoded, &mut kept.tld_labels);
    // Chromium asks two of the same rules of the same labels: it reads their answers.
    let checked: Vec<KnownLabel<'_>> = decoded.known_labels().collect();
    let ButChromium { firefox, webkit, parsed } = verdicts_but_chromium(&name, &checked, &mut kept.browsers);
    let chromium = chromium_before_top_domains(&name, &checked, parsed.as_deref(), &mut kept.browsers);
    finish(&name, own, chromium, (firefox, webkit))
}

/// One name and what every part of its analysis is given: the engine's
/// `results` for `input` under `options`, the protected names, and whether
/// the report is `detailed` (the batch's summary is not).
struct Name<'a> {
    engine: &'a Uts46<'a>,
    input: &'a str,
    results: ResultsRef<'a>,
    options: &'a Options,
    protected: &'a ProtectedList,
    detailed: bool,
}

impl<'a> Name<'a> {
    /// The results as the browsers' ports read them.
    fn facts(&self) -> Facts<'a> {
        Facts::of_results(self.input, self.options, self.engine.table(), self.results)
    }
}

/// [`analyze_with`]'s own part: the labels' analyses and the name's
/// findings, before the browsers' verdicts; each non-ASCII label of
/// ToUnicode is decoded onto `decoded`, with ICU's checks its analysis answered.
fn analyze_own<'a>(
    name: &Name<'a>,
    mut labels: Vec<LabelSpoof>,
    decoded: &mut Decoded<'a>,
    tld_labels: &mut crate::memo::Memo<LabelSpoof>,
) -> Own {
    let &Name {
        engine,
        input,
        results,
        protected,
        detailed,
        ..
    } = name;
    // The last label that is not empty (the root's dots left out).
    let last = crate::uts46::last_label(results.to_unicode.value.trim_end_matches('.'));
    // ToUnicode maps to lowercase; a label left as it was (with an error) may not be.
    let tld = match last.chars().any(char::is_uppercase) {
        true => std::borrow::Cow::Owned(last.to_lowercase()),
        false => std::borrow::Cow::Borrowed(last),
    };
    // Label i of ToASCII N goes with label i of ToUnicode (itself where
    // there is none). Only a detailed report shows it: the batch's labels
    // are not split twice.
    let mut ascii_labels = detailed.then(|| crate::uts46::labels(results.to_ascii_n.value));
    // `labels` comes empty; its room is reused. A plain loop: `extend`
    // moved each analysis (then 256 bytes) three times on its way in.
    for label in crate::uts46::labels(results.to_unicode.value) {
        let ascii = ascii_labels.as_mut().and_then(Iterator::next).unwrap_or(label);
        let non_ascii = !crate::scan::is_ascii(label);
        let chars = match non_ascii {
            true => decoded.decode(label),
            false => 0..0,
        };
        // The TLD's analysis is a function of the label (`tld` is the label);
        // an ASCII label's is quicker to make than to look up.
        let when = !detailed && crate::scan::same_text(label, &tld) && non_ascii;
        let analysis = tld_labels.remember_when(when, &[label, ascii], || {
            analyze_label(label, &decoded.chars[chars.clone()], ascii, &tld, detailed)
        });
        if non_ascii {
            decoded.checks.push(analysis.icu);
        }
        labels.push(analysis);
    }

    let mut findings = Vec::new();
    findings.extend(deviation_finding(engine, results, detailed));
    // ToUnicode's characters are its labels': the labels' gates tell of them,
    // and of the input when it is its own ToUnicode.
    let name_gate = labels
        .iter()
        .fold(evidence::Gate::default(), |all, label| all.union(label.gate));
    if !crate::scan::same_text(input, results.to_unicode.value) || name_gate.has(evidence::Gate::INVISIBLE) {
        findings.extend(invisible_findings(engine, input, results, detailed));
    }
    // The batch's summary needs only whether there is a display order, not the order.
    let visual = match detailed {
        true => visual_order(results.to_unicode.value),
        // Without a character that may reorder, ToUnicode reads as stored.
        false if !name_gate.has(evidence::Gate::MAY_REORDER) => None,
        false => crate::display::reorders(results.to_unicode.value).then(String::new),
    };
    if let Some(visual) = &visual {
        findings.push(Finding::with_details(
            detailed,
            FindingKind::RightToLeft,
            Severity::Info,
            || {
                let message = format!(
                    "The name contains right-to-left text, so it is displayed as “{visual}” while its characters are \
                 stored (and resolved) in the order “{}”.",
                    results.to_unicode.value
                );
                ([], message)
            },
        ));
    }
    let lookalike = protected.lookalike(&[input, results.to_unicode.value], results.to_ascii_n.value);
    if let Some(found) = &lookalike {
        findings.push(lookalike_finding(found, detailed));
    }
    Own {
        labels,
        findings,
        visual,
        lookalike,
    }
}

/// What [`analyze_own`] made of a name, for [`finish`].
struct Own {
    labels: Vec<LabelSpoof>,
    findings: Vec<Finding>,
    visual: Option<String>,
    lookalike: Option<Lookalike>,
}

/// Firefox's and WebKit's verdicts on the name, the browsers' part before Chromium's.
fn verdicts_but_chromium(
    name: &Name<'_>,
    labels: &[KnownLabel<'_>],
    kept: &mut crate::browsers::Kept,
) -> crate::browsers::ButChromium {
    crate::browsers::verdicts_but_chromium(name.input, &name.facts(), labels, name.detailed, kept)
}

/// The non-ASCII labels of ToUnicode of one name or a stage's names, in
/// order, each decoded once ([`analyze_own`]) with ICU's checks its
/// analysis answered: what Chromium's check of the name reads again.
struct Decoded<'a> {
    /// Every label's characters, one after another.
    chars: Vec<char>,
    /// Each label, and where its characters are in `chars`.
    labels: Vec<(&'a str, std::ops::Range<usize>)>,
    /// Each label's ICU checks.
    checks: Vec<KnownChecks>,
}

impl<'a> Decoded<'a> {
    /// Room for about `names` names.
    fn with_capacity(names: usize) -> Self {
        Decoded {
            chars: Vec::with_capacity(16 * names),
            labels: Vec::with_capacity(2 * names),
            checks: Vec::with_capacity(2 * names),
        }
    }

    /// Decodes `label` at the end; where its characters are.
    fn decode(&mut self, label: &'a str) -> std::ops::Range<usize> {
        let start = self.chars.len();
        self.chars.extend(label.chars());
        self.labels.push((label, start..self.chars.len()));
        start..self.chars.len()
    }

    /// The labels as Chromium's port takes them.
    fn known_labels(&self) -> impl Iterator<Item = KnownLabel<'_>> {
        self.labels
            .iter()
            .zip(&self.checks)
            .map(|((text, chars), &checks)| KnownLabel {
                text,
                chars: &self.chars[chars.clone()],
                checks,
            })
    }
}

/// Chromium's verdict on the name up to its top-domain step, given its
/// [`known_labels`] (`checked`) and the URL host parser's ToASCII
/// (`parsed`, from [`verdicts_but_chromium`]).
fn chromium_before_top_domains<'p>(
    name: &Name<'p>,
    checked: &[KnownLabel<'_>],
    parsed: Option<&'p Results>,
    kept: &mut crate::browsers::Kept,
) -> BeforeTopDomains<'p> {
    let detailed = name.detailed;
    crate::browsers::chromium_before_top_domains(name.input, &name.facts(), checked, parsed, detailed, kept)
}

/// The rest of [`analyze_with`]: Chromium's top-domain step, the risk and
/// the report, for the name [`analyze_own`] had `own` of, with Chromium's
/// verdict before the step, and Firefox's and WebKit's verdicts.
fn finish(name: &Name<'_>, own: Own, chromium: BeforeTopDomains<'_>, (firefox, webkit): (Verdict, Verdict)) -> SpoofReport {
    let (input, results, detailed) = (name.input, name.results, name.detailed);
    let kept = |text: &str| kept(text, detailed);
    let Own {
        labels,
        findings,
        visual,
        lookalike,
    } = own;
    let browsers = Verdicts {
        chromium: chromium.top_domain_step(name.protected.top_domains()),
        firefox,
        webkit,
    };
    let mut report = SpoofReport {
        input: kept(input),
        to_unicode: kept(results.to_unicode.value),
        to_ascii_n: kept(results.to_ascii_n.value),
        to_ascii_t: kept(results.to_ascii_t.value),
        skeleton: if detailed {
            skeleton(results.to_unicode.value)
        } else {
            String::new()
        },
        input_skeleton: if detailed { skeleton(input) } else { String::new() },
        labels,
        findings,
        visual_order: visual,
        lookalike,
        browsers,
        risk: Risk::None,
        reasons: Vec::new(),
    };
    (report.risk, report.reasons) = risk_and_reasons(&report, detailed);
    report
}

/// `text`, for a report that is shown (`detailed`); the batch keeps only
/// the summary, and then nothing is copied.
fn kept(text: &str, detailed: bool) -> String {
    if detailed { text.to_string() } else { String::new() }
}

/// One label's analysis; without `detailed`, the per-character properties,
/// script set and skeleton are left empty (the batch needs only the verdict).
/// `chars`: the label's characters (none for an ASCII label).
fn analyze_label(label: &str, chars: &[char], ascii: &str, tld: &str, detailed: bool) -> LabelSpoof {
    let kept = |text: &str| kept(text, detailed);
    let (level, sets) = scripts::restriction_level_and_sets_of(label, chars);
    let mut evidence = evidence::LabelEvidence::of_chars(label, chars, level, sets);
    let (icu, gate) = (evidence.icu, evidence.gate);
    LabelSpoof {
        icu,
        gate,
        unicode: kept(label),
        ascii: kept(ascii),
        chars: if detailed {
            label.chars().map(CharInfo::of).collect()
        } else {
            Vec::new()
        },
        resolved_scripts: if detailed {
            scripts::resolved_scripts(label)
        } else {
            String::new()
        },
        restriction_level: scripts::restriction_level_name(level),
        skeleton: if detailed { skeleton(label) } else { String::new() },
        findings: label_findings(label, tld, level, &mut evidence, detailed),
    }
}

/// Findings 1–3 and 7 for one label (with characters and messages when `detailed`).
fn label_findings(
    label: &str,
    tld: &str,
    level: RestrictionLevel,
    facts: &mut evidence::LabelEvidence,
    detailed: bool,
) -> Vec<Finding> {
    let mut found = Vec::new();
    if crate::scan::is_ascii(label) {
        // An ASCII label shows as itself: nothing here can change how it reads.
        return found;
    }
    // Mixing is judged on the allowed characters: restricted ones (an unassigned or
    // noncharacter code point has no script) are their own finding.
    if level != RestrictionLevel::Unrestricted {
        // Every character is allowed: UTS #39 §5.2 rates a label with a restricted one Unrestricted.
        if !scripts::is_single_script(label, level) {
            found.push(mixed_script_finding(label, level, detailed));
        }
    } else if chars::scripts::resolved_script_set_of_allowed(label).is_empty() {
        let allowed: String = label
            .chars()
            .filter(|c| chars::identifier::uts39_identifier_allowed(*c))
            .collect();
        found.push(mixed_script_finding(&allowed, scripts::restriction_level(&allowed), detailed));
    }
    // Invisible characters are reported once, as such, with the name's findings.
    if facts.gate.has(evidence::Gate::RESTRICTED) {
        found.push(Finding::with_details(
            detailed,
            FindingKind::RestrictedCharacter,
            Severity::Warning,
            || {
                let restricted: Vec<CharInfo> = label.chars().filter(|&c| is_restricted(c)).map(CharInfo::of).collect();
                let list: Vec<String> = restricted
                    .iter()
                    .map(|i| format!("{} ({})", describe(i.c), i.identifier_type))
                    .collect();
                (
                    restricted.iter().map(|i| i.c).collect::<Vec<char>>(),
                    format!(
                        "Outside the characters recommended for identifiers (Identifier_Status=Restricted): {}.",
                        list.join(", ")
                    ),
                )
            },
        ));
    }
    if let Some((script, letters)) = facts.whole_script.take() {
        found.push(whole_script_finding(label, tld, script, letters, detailed));
    }
    if let Some((target, foreign)) = facts.mixed_confusable.take() {
        found.push(Finding::with_details(
            detailed,
            FindingKind::MixedScriptConfusable,
            Severity::Danger,
            || {
                let message = format!(
                    "“{label}” mixes scripts, yet it looks like a {target} word: {} in place of {target} letters \
                     (skeleton “{}”).",
                    list_chars(&foreign),
                    skeleton(label)
                );
                (foreign, message)
            },
        ));
    }
    if let Some(chars) = facts.digits.take() {
        found.push(digit_finding(chars, detailed));
    }
    found.extend(pattern_findings(facts, detailed));
    found
}

fn mixed_script_finding(label: &str, level: RestrictionLevel, detailed: bool) -> Finding {
    let (severity, judgement) = match level {
        RestrictionLevel::HighlyRestrictive => (
            Severity::Info,
            "a combination that is normal in Chinese, Japanese or Korean names (Highly Restrictive)",
        ),
        RestrictionLevel::ModeratelyRestrictive => (
            Severity::Warning,
            "Latin with one other script (Moderately Restrictive); real names rarely do this",
        ),
        _ => (
            Severity::Danger,
            "a mix real names almost never use — the usual sign of letters borrowed from another alphabet",
        ),
    };
    Finding::with_details(detailed, FindingKind::MixedScript, severity, || {
        let scripts: Vec<&str> = scripts::scripts_used(label).iter().map(|s| s.full_name()).collect();
        let message = format!(
            "The label mixes {}: {judgement}. Restriction level: {}.",
            match scripts.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => scripts.join(""),
            },
            scripts::restriction_level_name(level)
        );
        (minority_chars(label), message)
    })
}

/// The characters of the scripts other than the label's most frequent one.
fn minority_chars(label: &str) -> Vec<char> {
    let scripts = scripts::scripts_used(label);
    let count = |s| label.chars().filter(|c| chars::scripts::script(*c) == s).count();
    let Some(&main) = scripts.iter().max_by_key(|&&s| count(s)) else {
        return Vec::new();
    };
    label
        .chars()
        .filter(|c| scripts.contains(&chars::scripts::script(*c)) && chars::scripts::script(*c) != main)
        .collect()
}

fn whole_script_finding(label: &str, tld: &str, script: unicode_script::Script, letters: Vec<char>, detailed: bool) -> Finding {
    let allowed = crate::browsers::chromium::whole_script_confusable_allowed_for_tld(script, tld);
    let severity = if allowed { Severity::Info } else { Severity::Danger };
    Finding::with_details(detailed, FindingKind::WholeScriptConfusable, severity, || {
        (letters, whole_script_message(label, tld, script, allowed))
    })
}

fn whole_script_message(label: &str, tld: &str, script: unicode_script::Script, allowed: bool) -> String {
    let name = script.full_name();
    if allowed {
        format!(
            "Every {name} letter of “{label}” has a Latin lookalike (skeleton “{}”), but .{tld} is a top-level \
             domain where {name} names are expected, so browsers show it as it is.",
            skeleton(label)
        )
    } else {
        format!(
            "“{label}” is written entirely in {name} letters that look like Latin ones: it reads as “{}” \
             to anyone expecting a .{tld} address.",
            skeleton(label)
        )
    }
}

fn digit_finding(chars: Vec<char>, detailed: bool) -> Finding {
    Finding::with_details(detailed, FindingKind::DigitLookalike, Severity::Warning, || {
        let message = format!(
            "The label is only digits and characters that look like digits: {}.",
            list_chars(&chars)
        );
        (chars, message)
    })
}

/// Finding 7: numbers, combining marks, dotless i/j, middle dot, slash lookalikes.
fn pattern_findings(facts: &mut evidence::LabelEvidence, detailed: bool) -> Vec<Finding> {
    let mut found = Vec::new();
    let mixed = std::mem::take(&mut facts.mixed_numbers);
    if !mixed.is_empty() {
        found.push(Finding::with_details(
            detailed,
            FindingKind::MixedNumbers,
            Severity::Warning,
            || {
                let message = format!("Digits from different numbering systems are mixed: {}.", list_chars(&mixed));
                (mixed, message)
            },
        ));
    }
    let marks = std::mem::take(&mut facts.marks);
    if !marks.is_empty() {
        found.push(Finding::with_details(
            detailed,
            FindingKind::CombiningMarks,
            Severity::Warning,
            || {
                let message = format!(
                    "Combining marks are repeated or stacked ({}); a repeated mark draws on top of itself and is invisible.",
                    list_chars(&marks)
                );
                (marks, message)
            },
        ));
    }
    let dotless = std::mem::take(&mut facts.dotless);
    if !dotless.is_empty() {
        found.push(Finding::with_details(
            detailed,
            FindingKind::DotlessWithMark,
            Severity::Warning,
            || {
                let message = format!(
                    "A dotless i/j or an i/j/l carries a mark that can pass for its dot: {}.",
                    list_chars(&dotless)
                );
                (dotless, message)
            },
        ));
    }
    if facts.middle_dot_out_of_context {
        found.push(Finding::with_details(
            detailed,
            FindingKind::MiddleDot,
            Severity::Warning,
            || {
                (
                    [crate::uts46::contexto::MIDDLE_DOT],
                    "The middle dot · is used outside the Catalan l·l, its only legitimate place in a domain name \
                 (RFC 5892 A.3)."
                        .to_string(),
                )
            },
        ));
    }
    let slashes = std::mem::take(&mut facts.slashes);
    if !slashes.is_empty() {
        found.push(Finding::with_details(
            detailed,
            FindingKind::SlashLookalike,
            Severity::Danger,
            || {
                let message = format!(
                    "{} among non-Japanese text can pass for “/” or “-”, faking a path or a hyphenated name.",
                    list_chars(&slashes)
                );
                (slashes, message)
            },
        ));
    }
    found
}

/// Finding 6. When the name was written as an A-label both modes keep the
/// deviation, so the other host is the one its Unicode form reaches under
/// transitional processing.
fn deviation_finding(engine: &Uts46<'_>, results: ResultsRef<'_>, detailed: bool) -> Option<Finding> {
    let is_deviation = |c: &char| engine.table().is_deviation(*c);
    if !results.transitional_differs() && !engine.table().has_deviation(results.to_unicode.value) {
        return None;
    }
    Some(Finding::with_details(
        detailed,
        FindingKind::Deviation,
        Severity::Warning,
        || {
            let deviations: Vec<char> = results.to_unicode.value.chars().filter(is_deviation).collect();
            let transitional = if results.transitional_differs() {
                results.to_ascii_t.value.to_string()
            } else {
                engine.process(results.to_unicode.value, &Options::default()).to_ascii_t.value
            };
            let message = format!(
                "Deviation character(s) {}: nontransitional processing (today's browsers) goes to {}, transitional \
             processing (older software) of “{}” goes to {} — two different hosts.",
                list_chars(&deviations),
                results.to_ascii_n.value,
                results.to_unicode.value,
                transitional
            );
            (deviations, message)
        },
    ))
}

/// Finding 5: invisible characters of the input as written, with what the mapping does to them.
fn invisible_findings(engine: &Uts46<'_>, input: &str, results: ResultsRef<'_>, detailed: bool) -> Vec<Finding> {
    let mut found = Vec::new();
    // One pass for the usual name, which has none.
    if !input.chars().any(|c| invisible_kind(c).is_some()) {
        return found;
    }
    let joiner_errors = results
        .to_unicode
        .errors
        .iter()
        .any(|e| matches!(e.code, ErrorCode::C1 | ErrorCode::C2));
    for kind in [Invisible::BidiControl, Invisible::Joiner, Invisible::Ignorable] {
        let chars: Vec<char> = input.chars().filter(|&c| invisible_kind(c) == Some(kind)).collect();
        if chars.is_empty() {
            continue;
        }
        let (severity, what) = match kind {
            Invisible::BidiControl => (
                Severity::Danger,
                "bidi control character(s), which reorder how the text is displayed",
            ),
            Invisible::Joiner if joiner_errors => (
                Severity::Warning,
                "joiner(s) outside the contexts RFC 5892 A.1/A.2 allow (error C1/C2)",
            ),
            Invisible::Joiner => (
                Severity::Info,
                "joiner(s) in a context RFC 5892 A.1/A.2 allows; they still draw nothing",
            ),
            Invisible::Ignorable => (Severity::Warning, "default-ignorable character(s), which draw nothing"),
        };
        found.push(Finding::with_details(detailed, FindingKind::Invisible, severity, || {
            let fate = mapping_fate(engine.table(), chars[0]);
            let message = format!("The name as written contains {what}: {}; {fate}.", list_chars(&chars));
            (chars, message)
        }));
    }
    found
}

fn lookalike_finding(found: &Lookalike, detailed: bool) -> Finding {
    Finding::with_details(detailed, FindingKind::LooksLikeProtected, Severity::Danger, || {
        lookalike_details(found)
    })
}

fn lookalike_details(found: &Lookalike) -> (Vec<char>, String) {
    let pairs: Vec<String> = found
        .differing
        .iter()
        .map(|(mine, theirs)| match theirs {
            Some(theirs) => format!("{} instead of {}", describe(*mine), describe(*theirs)),
            None => describe(*mine),
        })
        .collect();
    let how = if found.ignoring_marks {
        " once accents are ignored"
    } else {
        ""
    };
    let message = format!(
        "Looks like {}{how}, but is a different name: {}.",
        found.protected,
        if pairs.is_empty() {
            "the characters differ only in case".to_string()
        } else {
            pairs.join("; ")
        }
    );
    (found.differing.iter().map(|(mine, _)| *mine).collect(), message)
}

/// The risk of a name whose findings (its own and its labels') reach
/// `severity` at most, and that Chromium shows as `chromium`: a danger
/// finding makes it high; a warning or Chromium's Punycode display, low.
fn risk(severity: Option<Severity>, chromium: Display) -> Risk {
    // Chromium's verdict counts: its checks target imitation. WebKit shows
    // every Greek or Cyrillic name as Punycode, which says nothing of spoofing.
    match severity {
        Some(Severity::Danger) => Risk::High,
        Some(Severity::Warning) => Risk::Low,
        _ if chromium == Display::Punycode => Risk::Low,
        _ => Risk::None,
    }
}

/// The report's [`risk`] and, for a report that is shown (`detailed`), its
/// reasons. The batch keeps only the risk.
fn risk_and_reasons(report: &SpoofReport, detailed: bool) -> (Risk, Vec<String>) {
    let chromium = &report.browsers.chromium;
    let punycode = chromium.display == Display::Punycode;
    let risk = risk(Found::of(report.all_findings()).severity, chromium.display);
    if !detailed {
        return (risk, Vec::new());
    }
    let mut findings: Vec<&Finding> = report.all_findings().collect();
    findings.sort_by_key(|f| std::cmp::Reverse(f.severity));
    let mut reasons: Vec<String> = findings
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .map(|f| f.message.clone())
        .collect();
    if punycode && reasons.is_empty() {
        reasons.push(format!(
            "Chromium shows it as Punycode ({}): {}",
            chromium.rule.name(),
            chromium.rule.sentence()
        ));
    }
    (risk, reasons)
}

/// `U+0430 CYRILLIC SMALL LETTER A (а)`.
fn describe(c: char) -> String {
    format!(
        "{} {} ({})",
        crate::display::code_point_label(c),
        char_name(c),
        crate::display::visible(c)
    )
}

fn list_chars(chars: &[char]) -> String {
    let described: Vec<String> = crate::display::unique(chars.iter().copied())
        .into_iter()
        .map(describe)
        .collect();
    described.join(", ")
}
