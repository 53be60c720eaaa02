//! Chromium's IDN display decision, ported from Chromium (2025):
//! the host canonicalizer (`url/url_canon_host.cc`, `url_idna_icu.cc`),
//! `components/url_formatter/url_formatter.cc`
//! (`IDNToUnicodeWithAdjustmentsImpl`, `IDNToUnicodeOneComponent`), the
//! spoof checker ([`spoof_checker`], with ICU's checks in `uspoof`) and
//! the top-domain similarity step ([`skeleton`], `GetSimilarTopDomain`).
//! The decision is per label; a host that looks like a top domain is shown
//! entirely as Punycode.

mod alphabet;
mod data;
pub mod skeleton;
pub mod spoof_checker;
// build.rs lists the entries with it; the crate reads the slots.
#[allow(dead_code)]
mod top_domain_list;
pub(crate) mod uspoof;

use super::{Display, KnownLabel, Verdict};
use crate::chars;
use crate::facts::{Facts, View};
use crate::profiles::whatwg;
use crate::uts46::{ErrorCode, Options, Uts46};
use serde::Serialize;
use spoof_checker::SpoofResult;
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

/// What decided Chromium's display, by its upstream name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Rule {
    /// The URL parser (`ParseServerInfo`) or the host canonicalizer rejects the host: the URL does not load.
    InvalidHost,
    /// `kNone`: no label is Punycode; the host shows as it is.
    None,
    /// `uidna_labelToUnicode` reported an error for an `xn--` label, which stays Punycode.
    IdnaError,
    /// A label starting `xn--` and ending in `-`, which
    /// `IDNToUnicodeOneComponent` does not try to decode: the address bar
    /// shows its A-label text as typed (ASCII, or nothing, is all it could decode to).
    NotIdnComponent,
    /// `kSafe`: every decoded label passed the spoof checks, and the host is like no top domain.
    Safe,
    /// A label failed `SafeToDisplayAsUnicode` (never with `Safe`: that is [`Rule::Safe`]).
    Spoof(SpoofResult),
    /// `matching_top_domain`: the host's skeleton matches a top domain
    /// (`GetSimilarTopDomain`), so the whole host is shown as Punycode.
    SimilarTopDomain,
}

impl Rule {
    /// Every rule, with `Spoof` once for each [`SpoofResult`] other than `Safe`.
    pub const ALL: [Rule; 13] = [
        Rule::InvalidHost,
        Rule::None,
        Rule::IdnaError,
        Rule::NotIdnComponent,
        Rule::Safe,
        Rule::Spoof(SpoofResult::IcuSpoofChecks),
        Rule::Spoof(SpoofResult::TldSpecificCharacters),
        Rule::Spoof(SpoofResult::UnsafeMiddleDot),
        Rule::Spoof(SpoofResult::WholeScriptConfusable),
        Rule::Spoof(SpoofResult::DigitLookalikes),
        Rule::Spoof(SpoofResult::NonAsciiLatinCharMixedWithNonLatin),
        Rule::Spoof(SpoofResult::DangerousPattern),
        Rule::SimilarTopDomain,
    ];

    /// The upstream name: the `IDNSpoofCheckerResult` value, or the step.
    pub fn name(self) -> &'static str {
        match self {
            Rule::InvalidHost => "invalid host",
            Rule::None => "kNone",
            Rule::IdnaError => "uidna_labelToUnicode error",
            Rule::NotIdnComponent => "not an IDN component",
            Rule::Safe | Rule::Spoof(SpoofResult::Safe) => "kSafe",
            Rule::Spoof(SpoofResult::IcuSpoofChecks) => "kICUSpoofChecks",
            Rule::Spoof(SpoofResult::TldSpecificCharacters) => "kTLDSpecificCharacters",
            Rule::Spoof(SpoofResult::UnsafeMiddleDot) => "kUnsafeMiddleDot",
            Rule::Spoof(SpoofResult::WholeScriptConfusable) => "kWholeScriptConfusable",
            Rule::Spoof(SpoofResult::DigitLookalikes) => "kDigitLookalikes",
            Rule::Spoof(SpoofResult::NonAsciiLatinCharMixedWithNonLatin) => "kNonAsciiLatinCharMixedWithNonLatin",
            Rule::Spoof(SpoofResult::DangerousPattern) => "kDangerousPattern",
            Rule::SimilarTopDomain => "matching_top_domain",
        }
    }

    /// The display the rule leads to: Unicode for `kNone` and `kSafe`,
    /// Rejected for an invalid host, else Punycode (an `xn--` label is
    /// shown, decoded or not).
    pub fn display(self) -> Display {
        match self {
            Rule::None | Rule::Safe | Rule::Spoof(SpoofResult::Safe) => Display::Unicode,
            Rule::InvalidHost => Display::Rejected,
            _ => Display::Punycode,
        }
    }

    /// The rule in a sentence.
    pub fn sentence(self) -> &'static str {
        match self {
            Rule::InvalidHost => {
                "Chromium's URL parser rejects this host (a port after a ':', a forbidden character, a UTS #46 error or no valid IP address), so the address does not load."
            }
            Rule::None => "No label is Punycode, so the host shows as it is.",
            Rule::IdnaError => {
                "ICU's UTS #46 ToUnicode (CheckBidi, hyphen rules) reports an error for a Punycode label, which therefore stays Punycode."
            }
            Rule::NotIdnComponent => {
                "A label that starts with xn-- and ends in - is not decoded at all: the address bar shows its A-label text as typed."
            }
            Rule::Safe | Rule::Spoof(SpoofResult::Safe) => {
                "Every label passed the spoof checks and the name looks like no top domain, so it is shown in Unicode."
            }
            Rule::Spoof(SpoofResult::IcuSpoofChecks) => {
                "ICU's spoof checker fails: scripts mixed beyond Highly Restrictive, a character outside Chromium's allowed set, digits of two numbering systems, a repeated combining mark, or a dot above a dotted letter."
            }
            Rule::Spoof(SpoofResult::TldSpecificCharacters) => "þ and ð are allowed only under .is and .fo, ə only under .az.",
            Rule::Spoof(SpoofResult::UnsafeMiddleDot) => "The middle dot · is allowed only between two l in a .cat name.",
            Rule::Spoof(SpoofResult::WholeScriptConfusable) => {
                "Every letter of the label is one of its script's Latin lookalikes, and the TLD is not one for that script."
            }
            Rule::Spoof(SpoofResult::DigitLookalikes) => "The label is only digits and characters that look like digits.",
            Rule::Spoof(SpoofResult::NonAsciiLatinCharMixedWithNonLatin) => {
                "A non-ASCII Latin letter is mixed with a script other than Latin, Greek and Cyrillic."
            }
            Rule::Spoof(SpoofResult::DangerousPattern) => {
                "A dangerous pattern: kana or CJK characters that pass for / or - next to other scripts, misplaced kana marks, a dot above i/j/l, a mark on dotless ı."
            }
            Rule::SimilarTopDomain => {
                "The name's skeleton matches a top domain's (Chromium's list, or your protected names), so the whole host is shown as Punycode."
            }
        }
    }
}

/// The TLD exception of the whole-script-confusable check for `script`
/// (`IsWholeScriptConfusableAllowedForTLD`): the TLD is written in the
/// script, or is one of the script's ASCII TLDs. A script without a row in
/// Chromium's table has only the first.
pub(crate) fn whole_script_confusable_allowed_for_tld(script: unicode_script::Script, tld: &str) -> bool {
    tld.chars().any(|c| chars::scripts::script(c) == script)
        || data::WHOLE_SCRIPT_CONFUSABLES
            .iter()
            .any(|row| row.script == script && row.allowed_tlds.contains(&tld))
}

impl From<SpoofResult> for Rule {
    fn from(result: SpoofResult) -> Rule {
        match result {
            SpoofResult::Safe => Rule::Safe,
            unsafe_result => Rule::Spoof(unsafe_result),
        }
    }
}

/// The top domains `GetSimilarTopDomain` compares with: Chromium's list
/// (built in) and names added by the user (`--protected`, the protected-names editor).
#[derive(Clone, Debug, Default)]
pub struct TopDomains {
    extra: HashMap<String, TopDomain>,
    /// The characters of `extra`'s skeletons.
    alphabet: alphabet::Alphabet,
    /// The tails of `extra`'s skeletons ([`top_domain_list::tail_of`]).
    extra_tails: std::collections::HashSet<String>,
}

/// One top domain, by the skeleton it is found under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopDomain {
    /// The domain in ASCII (A-labels), as Chromium stores it.
    pub domain: String,
    /// Its Unicode form (the same as `domain` for an ASCII name).
    pub unicode: String,
    /// In Chromium's top bucket (the first 836 names of the list).
    pub top_bucket: bool,
    /// The list it comes from.
    pub source: TopDomainSource,
}

/// Where a top domain comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum TopDomainSource {
    /// Chromium's `top_domains/domains.list` (the list Chrome ships; its
    /// unit tests' `idn_test_domains.list` is not built into Chrome, nor here).
    Chromium,
    /// The user's protected names.
    Protected,
}

impl TopDomain {
    /// The domain with where it comes from, e.g. `раураl.com (protected)`.
    pub fn describe(&self) -> String {
        match self.source {
            TopDomainSource::Chromium => self.domain.clone(),
            TopDomainSource::Protected => format!("{} (protected)", self.unicode),
        }
    }
}

impl TopDomains {
    /// Chromium's list plus `names` (any form; A-labels are decoded), each
    /// found under the skeletons of its Unicode form.
    pub fn with_protected<'a>(engine: &Uts46<'_>, names: impl IntoIterator<Item = &'a str>) -> TopDomains {
        let mut extra = HashMap::new();
        let mut alphabet = alphabet::Alphabet::default();
        let mut extra_tails = std::collections::HashSet::new();
        for name in names.into_iter().map(str::trim).filter(|n| !n.is_empty()) {
            let results = engine.process(name, &whatwg::uts46_options());
            let entry = TopDomain {
                domain: results.to_ascii_n.value.to_ascii_lowercase(),
                unicode: results.to_unicode.value.clone(),
                top_bucket: false,
                source: TopDomainSource::Protected,
            };
            for key in skeleton::skeletons(&entry.unicode)
                .into_iter()
                .chain(skeleton::skeletons(&entry.domain))
            {
                alphabet.add(&key);
                extra_tails.extend(top_domain_list::tail_of(&key));
                extra.entry(key).or_insert_with(|| entry.clone());
            }
        }
        TopDomains {
            extra,
            alphabet,
            extra_tails,
        }
    }

    /// The entry stored under `skeleton`: Chromium's list first.
    fn get(&self, skeleton: &str) -> Option<&TopDomain> {
        builtin_top_domains().get(skeleton).or_else(|| self.extra.get(skeleton))
    }

    /// `GetSimilarTopDomain(hostname)`: the first skeleton (in sorted order)
    /// whose last four labels, or a shorter suffix of at least two, is a
    /// top domain's skeleton — unless the host is that domain or under it.
    pub fn similar(&self, hostname: &str) -> Option<&TopDomain> {
        // Most hosts end unlike every key: a few characters' pieces tell.
        let has_tail = |tail: &skeleton::TailOfHost| {
            BuiltinTopDomains::has_tail(tail) || !self.extra_tails.is_empty() && self.extra_tails.contains(&tail.text())
        };
        if !skeleton::may_end_like_a_key(hostname, has_tail) {
            return None;
        }
        self.similar_by_skeletons(hostname)
    }

    /// [`TopDomains::similar`] without its filter: every skeleton looked up.
    fn similar_by_skeletons(&self, hostname: &str) -> Option<&TopDomain> {
        // The smallest skeleton that names a top domain is the one a walk in sorted order meets first.
        let mut first: Option<(String, &TopDomain)> = None;
        let builtin = &builtin_top_domains().alphabet;
        let in_keys = |c| builtin.contains(c) || self.alphabet.contains(c);
        let any_non_ascii = builtin.any_non_ascii() || self.alphabet.any_non_ascii();
        skeleton::for_each_skeleton_within(hostname, Some((&in_keys, any_non_ascii)), |skeleton| {
            if first.as_ref().is_some_and(|(smallest, _)| smallest.as_str() <= skeleton) {
                return;
            }
            if let Some(found) = self.lookup(skeleton) {
                first = Some((skeleton.to_string(), found));
            }
        });
        let (_, found) = first?;
        let under = |domain: &str| {
            hostname == domain
                || hostname
                    .to_ascii_lowercase()
                    .ends_with(&format!(".{}", domain.to_ascii_lowercase()))
        };
        // Upstream compares with the stored (ASCII) domain; a protected
        // name is also itself in its Unicode form.
        let protected_self = found.source == TopDomainSource::Protected && under(&found.unicode);
        if under(&found.domain) || protected_self {
            return None;
        }
        Some(found)
    }

    /// `LookupSkeletonInTopDomains(skeleton, kFull)`: the skeleton's last
    /// four labels, then shorter suffixes down to two labels.
    fn lookup(&self, skeleton: &str) -> Option<&TopDomain> {
        // Where each of the last labels starts, the last label's first.
        let mut starts = [0usize; NUMBER_OF_LABELS_TO_CHECK];
        let mut count = 0;
        // A byte scan: skeletons are short, and `.` is ASCII.
        for (dot, _) in skeleton
            .bytes()
            .enumerate()
            .rev()
            .filter(|&(_, b)| b == b'.')
            .take(NUMBER_OF_LABELS_TO_CHECK)
        {
            starts[count] = dot + 1;
            count += 1;
        }
        if count < NUMBER_OF_LABELS_TO_CHECK {
            // The first label starts the skeleton (its entry is already 0).
            count += 1;
        }
        // The suffixes of two labels and more, the longest first.
        starts[1..count].iter().rev().find_map(|&start| self.get(&skeleton[start..]))
    }
}

/// `kNumberOfLabelsToCheck`.
const NUMBER_OF_LABELS_TO_CHECK: usize = 4;

/// The skeleton of every built-in top domain, generated from Chromium's two
/// lists by [`top_domain_skeleton_table`] (a unit test checks that it is
/// current): `skeleton TAB entry` per line, the entry's position among
/// [`top_domain_entries`], the first domain under each skeleton. Upstream
/// likewise ships its top domains' skeletons generated
/// (`domains.skeletons`): computing them, or even reading this text, at run
/// time was a cost to every process that met a non-ASCII name, so build.rs
/// reads it (the keys and their alphabet); the tests read it again.
#[cfg(test)]
const TOP_DOMAIN_SKELETONS: &str = include_str!("../../../../../tables/browsers/chromium_top_domain_skeletons.txt");

/// One of Chromium's top domains: the list's line, and whether it is in the top bucket.
#[derive(Clone, Copy)]
struct TopDomainEntry {
    /// The domain as the list writes it (Unicode for an IDN).
    line: &'static str,
    top_bucket: bool,
}

/// The entries of Chromium's list, in order ([`top_domain_list::entries`],
/// which build.rs ran over the list).
#[cfg(test)]
fn top_domain_entries() -> impl ExactSizeIterator<Item = TopDomainEntry> {
    (0..generated::TOP_DOMAIN_ENTRIES.len()).map(BuiltinTopDomains::entry)
}

/// What [`TOP_DOMAIN_SKELETONS`] holds: each entry under every skeleton of
/// its own, the first entry keeping a skeleton two share.
#[cfg(test)]
fn top_domain_skeleton_table() -> String {
    let mut seen = std::collections::HashSet::new();
    let mut table = String::new();
    for (index, entry) in top_domain_entries().enumerate() {
        for key in skeleton::skeletons(entry.line) {
            if seen.insert(key.clone()) {
                table.push_str(&format!("{key}\t{index}\n"));
            }
        }
    }
    table
}

/// The keys build.rs reads from `tables/browsers/chromium_top_domain_skeletons.txt`,
/// their alphabet, and the list's entries as `[start, length, top bucket]`.
mod generated {
    include!(concat!(env!("OUT_DIR"), "/top_domains.rs"));
}

/// Chromium's top domains and where each skeleton leads.
struct BuiltinTopDomains {
    /// Each entry as a [`TopDomain`], made when a host first matches it
    /// (the list in [`top_domain_entries`] order; its room taken then).
    made: OnceLock<Box<[OnceLock<Box<TopDomain>>]>>,
    /// The characters of the skeletons (ASCII only, in Chromium's list of 2023).
    alphabet: alphabet::Alphabet,
}

impl BuiltinTopDomains {
    /// The top domain stored under `skeleton`.
    fn get(&self, skeleton: &str) -> Option<&TopDomain> {
        let index = Self::entry_of(skeleton)? as usize;
        let made = self.made.get_or_init(|| {
            std::iter::repeat_with(OnceLock::new)
                .take(generated::TOP_DOMAIN_ENTRIES.len())
                .collect()
        });
        Some(made[index].get_or_init(|| {
            let entry = Self::entry(index);
            Box::new(TopDomain {
                domain: Uts46::new().to_ascii_n(entry.line, &whatwg::uts46_options()).value,
                unicode: entry.line.to_string(),
                top_bucket: entry.top_bucket,
                source: TopDomainSource::Chromium,
            })
        }))
    }

    /// Whether some key may have the tail `tail` ([`top_domain_list::tail_of`]):
    /// false only when none has, by the filter build.rs made of the keys'
    /// tails ([`top_domain_list::tail_bits`] of the tail's text, fed in parts).
    fn has_tail(tail: &skeleton::TailOfHost) -> bool {
        let (end, whole, last) = tail.parts();
        let mut hash = top_domain_list::TailHash::default();
        top_domain_list::for_each_tail_char(end, whole, last, |c| hash.push(c));
        let bits = &generated::TOP_DOMAIN_TAILS;
        hash.bits().iter().all(|&bit| bits[bit / 64] >> (bit % 64) & 1 == 1)
    }

    /// The entry stored under `skeleton`, from the table build.rs made.
    fn entry_of(skeleton: &str) -> Option<u32> {
        let slots = &generated::TOP_DOMAIN_SLOTS;
        let mut slot = top_domain_list::first_slot(skeleton, slots.len());
        loop {
            let key = slots[slot].checked_sub(1)?;
            let [start, length, entry] = generated::TOP_DOMAIN_KEYS[key as usize];
            if &generated::TOP_DOMAIN_POOL[start as usize..(start + length) as usize] == skeleton {
                return Some(entry);
            }
            slot = (slot + 1) & (slots.len() - 1);
        }
    }

    /// The list's entry at `index` ([`top_domain_entries`] order).
    fn entry(index: usize) -> TopDomainEntry {
        let [start, length, top_bucket] = generated::TOP_DOMAIN_ENTRIES[index];
        TopDomainEntry {
            line: &data::TOP_DOMAINS_LIST[start as usize..(start + length) as usize],
            top_bucket: top_bucket != 0,
        }
    }
}

/// Chromium's top domains by skeleton, from the keys build.rs read.
fn builtin_top_domains() -> &'static BuiltinTopDomains {
    static BUILTIN: OnceLock<BuiltinTopDomains> = OnceLock::new();
    BUILTIN.get_or_init(|| BuiltinTopDomains {
        made: OnceLock::new(),
        alphabet: alphabet::Alphabet {
            ascii: generated::TOP_DOMAIN_ASCII,
            other: std::borrow::Cow::Borrowed(&generated::TOP_DOMAIN_OTHER),
        },
    })
}

/// Chromium's verdict on `input` (a host as typed): the canonical host,
/// then each `xn--` label decoded and checked, then the top-domain step.
pub fn verdict(input: &str, top_domains: &TopDomains) -> Verdict {
    let engine = super::Browser::Chromium.engine();
    before_top_domains(&engine, input, &Facts::NONE, &[], true, &mut TldChecks::default()).top_domain_step(top_domains)
}

/// [`verdict`] up to the top-domain step, which
/// [`BeforeTopDomains::top_domain_step`] takes: a batch runs each part over
/// many names in a row (their code does not fit the instruction cache together).
/// `facts`: what is known of `input` already ([`Facts`]).
/// Without `detailed`, a label that fails ICU's checks carries no detail
/// (the batch keeps the rule). `tld_checks`: the worker's.
pub(crate) fn before_top_domains<'a>(
    engine: &Uts46<'_>,
    input: &'a str,
    facts: &Facts<'a>,
    labels: &[KnownLabel<'_>],
    detailed: bool,
    tld_checks: &mut TldChecks,
) -> BeforeTopDomains<'a> {
    let host = match parse_server_info(input).and_then(|()| canonicalize_host_reading(engine, input, facts)) {
        Ok(host) => host,
        Err(why) => {
            let verdict = Verdict::new(Rule::InvalidHost.into(), input.to_string()).with_detail(Some(why));
            return BeforeTopDomains::Decided(verdict);
        }
    };
    match idn_to_unicode(engine, &host, facts, labels, detailed, tld_checks) {
        Some(converted) => BeforeTopDomains::Converted { host, converted },
        // No label is decoded: the host shows as it is.
        None => BeforeTopDomains::Decided(Verdict::new(Rule::None.into(), host.into_owned())),
    }
}

/// Chromium's verdict before its top-domain step ([`before_top_domains`]).
pub(crate) enum BeforeTopDomains<'a> {
    /// The verdict, which the top-domain step does not look at: the host is
    /// invalid, or none of its labels is decoded.
    Decided(Verdict),
    /// The canonical host, and the labels as `IDNToUnicodeOneComponent` left them.
    Converted { host: Cow<'a, str>, converted: Converted },
}

impl BeforeTopDomains<'_> {
    /// The rest of `IDNToUnicodeWithAdjustmentsImpl`: a host with an IDN
    /// component whose skeleton matches a top domain's shows as Punycode.
    pub(crate) fn top_domain_step(self, top_domains: &TopDomains) -> Verdict {
        let (host, converted) = match self {
            BeforeTopDomains::Decided(verdict) => return verdict,
            BeforeTopDomains::Converted { host, converted } => (host, converted),
        };
        let similar = converted
            .has_idn_component
            .then(|| top_domains.similar(&converted.shown))
            .flatten();
        let mut verdict = match converted.first_unsafe {
            Some(unsafe_label) => Verdict::new(unsafe_label.rule.into(), converted.shown)
                .with_label(Some(unsafe_label.label))
                .with_detail(unsafe_label.detail),
            None if converted.has_idn_component => Verdict::new(Rule::Safe.into(), converted.shown),
            None => Verdict::new(Rule::None.into(), converted.shown),
        };
        if let Some(top) = similar {
            if verdict.display == Display::Unicode {
                verdict = Verdict::new(Rule::SimilarTopDomain.into(), host.to_string());
            }
            verdict.shown = host.into_owned();
            verdict.top_domain = Some(top.describe());
        }
        verdict
    }
}

/// A label `IDNToUnicodeOneComponent` left as Punycode, and why.
struct UnsafeLabel {
    rule: Rule,
    label: String,
    detail: Option<String>,
}

/// `IDNToUnicodeWithAdjustmentsImpl` before the top-domain step.
pub(crate) struct Converted {
    /// The host with safe labels in Unicode, the others as they are.
    shown: String,
    has_idn_component: bool,
    first_unsafe: Option<UnsafeLabel>,
}

/// The ICU instance of `url_formatter.cc`: `uidna_openUTS46(UIDNA_CHECK_BIDI)`
/// — ICU always applies the hyphen rules; no STD3 rules, no ContextJ.
fn display_options() -> Options {
    Options {
        use_std3_ascii_rules: false,
        check_hyphens: true,
        check_bidi: true,
        check_joiners: false,
        verify_dns_length: false,
        ignore_invalid_punycode: false,
        check_contexto: false,
    }
}

/// Each label of the canonical `host` through `IDNToUnicodeOneComponent`;
/// `None` when no label is an IDN component (the host shows as it is).
/// `labels`: ICU checks known for some decoded labels, by their text;
/// `detailed`, `tld_checks`: as in [`before_top_domains`].
fn idn_to_unicode(
    engine: &Uts46<'_>,
    host: &str,
    facts: &Facts<'_>,
    labels: &[KnownLabel<'_>],
    detailed: bool,
    tld_checks: &mut TldChecks,
) -> Option<Converted> {
    // When `facts` tell ToUnicode of the whole host, its labels pair with
    // the host's: each label's ToUnicode is read off at the same place.
    let whole = facts.error_free_to_unicode(host, &display_options(), engine.table());
    let mut paired = whole.map(crate::uts46::labels);
    // Upstream's TLD is what follows the last dot: none for a host of one label.
    let dot = crate::scan::rfind_byte(host.as_bytes(), b'.');
    let (tld_start, tld) = dot.map_or((usize::MAX, ""), |dot| (dot + 1, &host[dot + 1..]));
    // The last label is decoded once: for `tld_unicode` and as a label.
    let mut tld_decoded = decode_component(engine, tld, whole.map(crate::uts46::last_label), facts);
    let tld_unicode = match &tld_decoded {
        Some(Ok(decoded)) => decoded.clone(),
        _ => Cow::Borrowed(tld),
    };
    // A decoded label is mostly longer in UTF-8 than its Punycode.
    let mut shown = String::with_capacity(host.len() * 2);
    let mut has_idn_component = false;
    // Whether some label is an IDN component, decoded or not: the host's
    // labels are walked once, and that is known at the end.
    let mut any_component = false;
    let mut first_unsafe = None;
    let mut label_start = 0;
    for (index, label) in crate::uts46::labels(host).enumerate() {
        if index > 0 {
            shown.push('.');
        }
        let unicode_label = paired.as_mut().and_then(Iterator::next);
        let decoded = match label_start == tld_start {
            true => tld_decoded.take(),
            false => decode_component(engine, label, unicode_label, facts),
        };
        label_start += label.len() + 1;
        any_component |= decoded.is_some();
        let unsafe_label = match decoded {
            None if is_undecoded_a_label(label) => {
                any_component = true;
                Some(UnsafeLabel {
                    rule: Rule::NotIdnComponent,
                    label: label.to_string(),
                    detail: None,
                })
            }
            None => None,
            Some(Err(codes)) => Some(UnsafeLabel {
                rule: Rule::IdnaError,
                label: label.to_string(),
                detail: Some(codes),
            }),
            Some(Ok(decoded)) => {
                has_idn_component = true;
                // The TLD's check is a function of the TLD.
                let when = decoded == tld_unicode;
                // Checks made without detail are remembered apart.
                let memo = if detailed {
                    &mut tld_checks.detailed
                } else {
                    &mut tld_checks.rules
                };
                let check = memo.remember_when(when, &[tld, &tld_unicode], || {
                    let found = labels.iter().find(|label| crate::scan::same_text(label.text, &decoded));
                    let (checks, chars) = (found.map(|label| label.checks), found.map(|label| label.chars));
                    spoof_checker::safe_to_display_as_unicode_given(&decoded, chars, tld, &tld_unicode, checks, detailed)
                });
                if check.result == SpoofResult::Safe {
                    shown.push_str(&decoded);
                    continue;
                }
                Some(UnsafeLabel {
                    rule: check.result.into(),
                    label: decoded.into_owned(),
                    detail: check.detail,
                })
            }
        };
        shown.push_str(label);
        if let Some(found) = unsafe_label {
            first_unsafe.get_or_insert(found);
        }
    }
    if !any_component {
        return None;
    }
    Some(Converted {
        shown,
        has_idn_component,
        first_unsafe,
    })
}

/// `SafeToDisplayAsUnicode` on TLD labels, by TLD and its Unicode form,
/// that one worker keeps from name to name ([`before_top_domains`]).
#[derive(Default)]
pub(crate) struct TldChecks {
    /// With detail.
    detailed: crate::memo::Memo<spoof_checker::Check>,
    /// Without ([`before_top_domains`]'s `detailed`).
    rules: crate::memo::Memo<spoof_checker::Check>,
}

/// `uidna_labelToUnicode` on an `xn--` label that does not end in `-`:
/// `None` for any other label, `Err` with the error codes. `paired`: the
/// label's ToUnicode read off the known ToUnicode of its whole host, else
/// `facts` are asked for the label.
fn decode_component<'k>(
    engine: &Uts46<'_>,
    label: &str,
    paired: Option<&'k str>,
    facts: &Facts<'k>,
) -> Option<Result<Cow<'k, str>, String>> {
    if !is_idn_component(label) {
        return None;
    }
    if let Some(decoded) = paired.or_else(|| facts.error_free_to_unicode(label, &display_options(), engine.table())) {
        return Some(Ok(Cow::Borrowed(decoded)));
    }
    let to_unicode = engine.to_unicode(label, &display_options());
    if to_unicode.errors.is_empty() {
        Some(Ok(Cow::Owned(to_unicode.value)))
    } else {
        let codes: Vec<&str> = to_unicode.codes().iter().map(|c| c.as_str()).collect();
        Some(Err(codes.join(" ")))
    }
}

/// The labels `IDNToUnicodeOneComponent` decodes: `xn--` and not ending in
/// `-` (a Punycode string never ends with its delimiter but when it holds
/// no deltas, and then it decodes to ASCII or to nothing).
fn is_idn_component(label: &str) -> bool {
    label.starts_with("xn--") && !label.ends_with('-')
}

/// A label of the canonical (lowercase) host that `IDNToUnicodeOneComponent`
/// leaves as typed before trying to decode it, although it reads as an
/// A-label: `xn--` and ending in `-` ([`Rule::NotIdnComponent`]).
fn is_undecoded_a_label(label: &str) -> bool {
    label.starts_with("xn--") && label.ends_with('-')
}

/// The ICU instance of `url_idna_icu.cc`: CheckBidi, nontransitional; no
/// STD3 rules; hyphen, empty-label and length errors ignored. ContextJ is
/// checked: Chromium 156 refuses `ab\u{200C}.com` and
/// `\u{200D}\u{200D}\u{200D}.com` (`tests/real_browsers.rs`), which
/// the stored `url_idna_icu.cc` would convert.
pub(crate) fn canon_options() -> Options {
    Options {
        use_std3_ascii_rules: false,
        check_hyphens: false,
        check_bidi: true,
        check_joiners: true,
        verify_dns_length: false,
        ignore_invalid_punycode: false,
        check_contexto: false,
    }
}

/// `kHostCharLookup`: ASCII a host may not contain (C0 controls, `# % / <
/// > ? @ \ ^ |`, DEL). Space and `*` are valid and written escaped.
const fn is_invalid_host_ascii(byte: u8) -> bool {
    byte < 0x20
        || matches!(
            byte,
            b'#' | b'%' | b'/' | b'<' | b'>' | b'?' | b'@' | b'\\' | b'^' | b'|' | 0x7F
        )
}

/// What `DoSimpleHost` does with each byte, as upstream's lookup table:
/// [`HOST_INVALID`] ([`is_invalid_host_ascii`]), [`HOST_ESCAPE`] (space,
/// `*`), [`HOST_UPPER`] (lowercased); 0 for the bytes of a non-ASCII character.
const HOST_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 128 {
        let b = byte as u8;
        table[byte] = match b {
            _ if is_invalid_host_ascii(b) => HOST_INVALID,
            b' ' | b'*' => HOST_ESCAPE,
            b'A'..=b'Z' => HOST_UPPER,
            _ => 0,
        };
        byte += 1;
    }
    table
};
const HOST_INVALID: u8 = 1;
const HOST_ESCAPE: u8 = 2;
const HOST_UPPER: u8 = 4;

/// The canonical host (`url_canon_host.cc` `DoHost`): `%XX` decoded; an
/// ASCII host only lowercased (no IDNA, as upstream's fast path); others
/// through ICU's ToASCII, whose output is checked again; an IPv4 or IPv6
/// address in its canonical form. `Err` says why the host is invalid.
pub fn canonicalize_host(engine: &Uts46<'_>, input: &str) -> Result<String, String> {
    canonicalize_host_reading(engine, input, &Facts::NONE).map(Cow::into_owned)
}

/// [`canonicalize_host`], reading ToASCII N off `facts` where they tell it
/// ([`Facts::to_ascii_n`]); borrowed from `input` or from `facts` where
/// the canonical host is that text as it is.
fn canonicalize_host_reading<'a>(engine: &Uts46<'_>, input: &'a str, facts: &Facts<'a>) -> Result<Cow<'a, str>, String> {
    if input.is_empty() {
        return Err("empty host".to_string());
    }
    let decoded = decode_escaped(input)?;
    let text = match &decoded {
        Cow::Borrowed(_) => input,
        Cow::Owned(bytes) => std::str::from_utf8(bytes).map_err(|_| "the escaped bytes are not UTF-8".to_string())?,
    };
    let host = if text.is_ascii() {
        match decoded {
            Cow::Borrowed(_) => simple_host(input)?,
            Cow::Owned(_) => Cow::Owned(simple_host(text)?.into_owned()),
        }
    } else {
        // Invalid ASCII was escaped before ToASCII upstream; it fails the same either way.
        let escaped = match simple_host_ascii_part(text)?.0 {
            true => Cow::Owned(text.replace(' ', "%20").replace('*', "%2A")),
            false => Cow::Borrowed(text),
        };
        let viewed = facts.to_ascii_n(engine, &escaped, &canon_options());
        let ascii = viewed.get();
        let fatal: Vec<&str> = ascii
            .errors
            .iter()
            .filter(|e| {
                !matches!(
                    e.code,
                    ErrorCode::V2 | ErrorCode::V3 | ErrorCode::X4_2 | ErrorCode::A4_1 | ErrorCode::A4_2
                )
            })
            .map(|e| e.code.as_str())
            .collect();
        if !fatal.is_empty() {
            return Err(format!("UTS #46 ToASCII: {}", fatal.join(" ")));
        }
        if ascii.value.is_empty() {
            return Err("UTS #46 ToASCII gives the empty string".to_string());
        }
        let rechecked = decode_escaped(ascii.value)?;
        if !rechecked.is_ascii() {
            return Err("a %XX escape decodes to a non-ASCII byte".to_string());
        }
        match (rechecked, &viewed) {
            // Nothing was decoded: the bytes are the string's, the caller's when `facts` told them.
            (Cow::Borrowed(_), View::Read(read)) => simple_host(read.value)?,
            (Cow::Borrowed(_), View::Made(own)) => Cow::Owned(simple_host(&own.value)?.into_owned()),
            (Cow::Owned(bytes), _) => {
                let text = std::str::from_utf8(&bytes).map_err(|_| "not UTF-8".to_string())?;
                Cow::Owned(simple_host(text)?.into_owned())
            }
        }
    };
    canonical_ip(host)
}

/// `DoSimpleHost` on ASCII: invalid characters fail; letters lowercased;
/// space and `*` escaped. Borrowed when that leaves `text` as it is.
fn simple_host(text: &str) -> Result<Cow<'_, str>, String> {
    let (escape, upper) = simple_host_ascii_part(text)?;
    if !escape && !upper {
        return Ok(Cow::Borrowed(text));
    }
    let lower = text.to_ascii_lowercase();
    if !escape {
        return Ok(Cow::Owned(lower));
    }
    Ok(Cow::Owned(lower.replace(' ', "%20").replace('*', "%2A")))
}

/// The ASCII bytes of `text` as `DoSimpleHost` reads them, in one pass:
/// the first invalid one fails; `Ok` says whether a space or `*` is to be
/// escaped (in UTF-8 these bytes are only themselves), and whether a
/// letter is to be lowercased.
fn simple_host_ascii_part(text: &str) -> Result<(bool, bool), String> {
    // Every byte's answer ORed, with no branch a byte; the invalid one is
    // looked for only when there is one.
    let all = text.bytes().fold(0, |all, b| all | HOST_BYTES[usize::from(b)]);
    if all & HOST_INVALID != 0 {
        let first = text.bytes().find(|&b| HOST_BYTES[usize::from(b)] & HOST_INVALID != 0);
        return Err(format!("invalid host character U+{:04X}", first.unwrap_or_default()));
    }
    Ok((all & HOST_ESCAPE != 0, all & HOST_UPPER != 0))
}

/// `DecodeEscaped` over the host: `%XX` becomes the byte; a `%` without
/// two hex digits makes the host invalid.
fn decode_escaped(text: &str) -> Result<Cow<'_, [u8]>, String> {
    let bytes = text.as_bytes();
    if !crate::scan::has_byte(bytes, b'%') {
        return Ok(Cow::Borrowed(bytes));
    }
    if bytes.iter().enumerate().any(|(i, &b)| {
        b == b'%' && !(bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit) && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
    }) {
        return Err("a % not followed by two hex digits".to_string());
    }
    Ok(whatwg::percent_decode(text))
}

/// `ParseServerInfo` (`url/third_party/mozilla/url_parse.cc`) on `http://INPUT/`:
/// the host ends at the last ASCII `:` that follows the IPv6 terminator
/// (the last ASCII `]`, or the end when the input starts with an ASCII
/// `[`), and the rest is a port. Such an input is not a host: `Err`.
/// Brackets that UTS #46 maps to `[` and `]` (full-width U+FF3B/U+FF3D,
/// the vertical forms U+FE47/U+FE48, `%5B`/`%5D`) do not count here,
/// though the canonicalizer later makes `[::1]` of `［::1]`.
fn parse_server_info(input: &str) -> Result<(), String> {
    let bytes = input.as_bytes();
    let mut ipv6_terminator = (bytes.first() == Some(&b'[')).then_some(bytes.len());
    let mut colon = None;
    for (at, &byte) in bytes.iter().enumerate() {
        match byte {
            b']' => ipv6_terminator = Some(at),
            b':' => colon = Some(at),
            _ => {}
        }
    }
    match colon {
        Some(colon) if ipv6_terminator.is_none_or(|end| colon > end) => Err(format!(
            "ParseServerInfo: a port follows the last ':' outside brackets (host “{}”, port “{}”)",
            &input[..colon],
            &input[colon + 1..]
        )),
        _ => Ok(()),
    }
}

/// IP detection on the canonical host (`url_canon_ip.cc`): a name whose
/// last label is a number is an IPv4 address or invalid; `[…]` is IPv6.
fn canonical_ip(host: Cow<'_, str>) -> Result<Cow<'_, str>, String> {
    if host.starts_with('[') || whatwg::ends_in_a_number(&host) {
        return whatwg::parse_host_address(&host)
            .map(Cow::Owned)
            .ok_or_else(|| "an invalid IP address".to_string());
    }
    if crate::scan::has_any_byte(host.as_bytes(), [b'[', b']', b':']) {
        return Err("[, ] or : outside an IPv6 address".to_string());
    }
    Ok(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_top_domain_list_is_read_whole() {
        let count = |list: &str| {
            list.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#') && *l != "###END_TOP_BUCKET###")
                .count()
        };
        assert_eq!(count(data::TOP_DOMAINS_LIST), 8462);
        // build.rs listed the entries of the list this crate holds: all but com.se, 835 of
        // them in the top bucket (its 836 names but com.se).
        let listed: Vec<(&str, bool)> = top_domain_entries().map(|entry| (entry.line, entry.top_bucket)).collect();
        let entries = top_domain_list::entries(data::TOP_DOMAINS_LIST);
        let read: Vec<(&str, bool)> = entries
            .iter()
            .map(|(range, top_bucket)| (&data::TOP_DOMAINS_LIST[range.clone()], *top_bucket))
            .collect();
        assert_eq!(listed, read);
        assert_eq!(listed.len(), 8461);
        assert_eq!(listed.iter().filter(|(_, top_bucket)| *top_bucket).count(), 835);
        assert_eq!(listed.first().map(|(line, _)| *line), Some("1024tera.com"));
        let builtin = builtin_top_domains();
        let domains: std::collections::HashSet<&str> = generated::TOP_DOMAIN_KEYS
            .iter()
            .map(|&[_, _, index]| BuiltinTopDomains::entry(index as usize).line)
            .collect();
        // com.se (a public suffix) and the three names over 32 characters have no skeleton upstream.
        assert!(!domains.contains("com.se") && !domains.contains("ligaciputra1387878menangbanyak.com"));
        assert!(domains.contains("google.com") && domains.contains("facebook.com"));
        // The unit tests' list (tést.net, fóó.com, o2.com) is not Chrome's.
        assert!(!domains.contains("fóó.com") && !domains.contains("tést.net") && !domains.contains("o2.com"));
        let found = builtin
            .get(&skeleton::uts39_skeleton("google.corn"))
            .expect("google.com's skeleton");
        assert_eq!((found.domain.as_str(), found.top_bucket), ("google.com", true));
        assert!(builtin.get("foo.corn").is_none(), "fóó.com is on the test list only");
    }

    /// The keys build.rs read are the table's, each with its entry, and
    /// their alphabet is the keys' characters.
    #[test]
    fn the_built_keys_are_the_tables() {
        let builtin = builtin_top_domains();
        let mut alphabet = alphabet::Alphabet::default();
        let mut keys = 0;
        for line in TOP_DOMAIN_SKELETONS.lines() {
            let (key, entry) = line.split_once('\t').unwrap();
            assert_eq!(BuiltinTopDomains::entry_of(key), Some(entry.parse::<u32>().unwrap()), "{key}");
            alphabet.add(key);
            keys += 1;
        }
        assert!(keys > 8000 && generated::TOP_DOMAIN_KEYS.len() == keys, "{keys}");
        // Every slot is empty or holds a key once, and no look-up, whatever
        // its text, probes more than the longest run of filled slots.
        let slots = &generated::TOP_DOMAIN_SLOTS;
        let mut held: Vec<u32> = slots.iter().copied().filter(|&key| key != 0).collect();
        held.sort_unstable();
        assert!(held.iter().copied().eq(1..=keys as u32));
        // A probe runs on past the last slot to the first: the table twice over holds every run.
        let twice: Vec<u32> = slots.iter().chain(slots.iter()).copied().collect();
        let longest_run = twice.split(|&key| key == 0).map(<[u32]>::len).max().unwrap_or(0);
        assert!(longest_run < 64, "{longest_run}");
        for absent in ["", "a", "goog1e.corn", "xn--e1afmkfd.xn--p1ai", &"x".repeat(300)] {
            assert_eq!(BuiltinTopDomains::entry_of(absent), None, "{absent}");
        }
        let built = &builtin.alphabet;
        assert_eq!((built.ascii, &built.other[..]), (alphabet.ascii, &alphabet.other[..]));
    }

    /// The generated table is what the skeleton generator makes of the
    /// lists now. `IDNA_INSPECTOR_BLESS=1 cargo test --lib top_domain` writes it anew.
    #[test]
    fn top_domain_skeleton_table_is_current() {
        let table = top_domain_skeleton_table();
        if std::env::var_os("IDNA_INSPECTOR_BLESS").is_some() {
            let path = concat!(env!("IDNA_INSPECTOR_TABLES"), "/browsers/chromium_top_domain_skeletons.txt");
            std::fs::write(path, &table).expect("writing the table");
            return;
        }
        assert!(
            table == TOP_DOMAIN_SKELETONS,
            "tables/browsers/chromium_top_domain_skeletons.txt is stale: run IDNA_INSPECTOR_BLESS=1 cargo test --lib top_domain"
        );
    }

    /// `kNumberOfLabelsToCheck`: a top domain is found in the last four
    /// labels of a skeleton or a shorter suffix of at least two, never in
    /// one label or five.
    #[test]
    fn lookup_reads_the_last_four_labels_down_to_two() {
        let engine = Uts46::new();
        let key = |name: &str| {
            skeleton::skeletons(name)
                .into_iter()
                .next()
                .expect("a short name has a skeleton")
        };
        let two = TopDomains::with_protected(&engine, ["qzv.test"]);
        let four = TopDomains::with_protected(&engine, ["a.qzv.b.test"]);
        let five = TopDomains::with_protected(&engine, ["c.a.qzv.b.test"]);
        let (two_key, four_key, five_key) = (key("qzv.test"), key("a.qzv.b.test"), key("c.a.qzv.b.test"));
        for host in [two_key.clone(), format!("x.{two_key}"), format!("x.y.z.w.{two_key}")] {
            assert!(two.lookup(&host).is_some(), "{host}");
        }
        assert!(two.lookup(two_key.split_once('.').unwrap().1).is_none(), "one label");
        assert!(four.lookup(&four_key).is_some() && four.lookup(&format!("x.{four_key}")).is_some());
        assert!(five.lookup(&five_key).is_none(), "five labels are beyond the window");
    }

    /// The tails' filter hides no top domain: `similar` answers as the walk
    /// over every skeleton does, on each entry of Chromium's list and its
    /// look-alikes (Cyrillic letters, a diacritic, ł, more labels, a
    /// trailing dot) and on the real-browser corpora, with the built-in
    /// list and with protected names; and it leaves most names of real
    /// words out of the walk.
    #[test]
    fn the_tails_filter_hides_no_top_domain() {
        let engine = Uts46::new();
        let mut hosts = Vec::new();
        for entry in top_domain_entries() {
            let domain = entry.line;
            let (first, rest) = domain.split_once('.').unwrap_or((domain, "com"));
            hosts.extend([
                domain.to_string(),
                format!("{domain}."),
                format!("www.{domain}"),
                format!("a.b.c.{domain}"),
                domain.replacen('o', "о", 1).replacen('a', "а", 1),
                domain.replacen('e', "é", 1),
                domain.replacen('l', "ł", 1),
                format!("{first}s.{rest}"),
                format!("{first}.{rest}.evil.example"),
            ]);
        }
        let words = include_str!("../../../../../tests/data/real_browsers/words.txt");
        let lookalikes = include_str!("../../../../../tests/data/real_browsers/lookalikes.txt");
        let words: Vec<String> = words
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with("# "))
            .map(str::to_lowercase)
            .collect();
        hosts.extend(words.iter().cloned());
        hosts.extend(
            lookalikes
                .lines()
                .filter(|l| !l.is_empty() && !l.starts_with("# "))
                .map(str::to_lowercase),
        );
        let protected = TopDomains::with_protected(&engine, ["пример.рф", "bücher.de", "példa.hu", "ﾃｽﾄ.jp"]);
        hosts.extend(
            [
                "пример.рф",
                "прuмер.рф",
                "www.bucher.de",
                "bϋcher.de",
                "pelda.hu",
                "テスト.jp",
            ]
            .map(String::from),
        );
        for domains in [&TopDomains::default(), &protected] {
            let mut found = 0;
            for host in &hosts {
                let filtered = domains.similar(host).map(|d| &d.domain);
                assert_eq!(filtered, domains.similar_by_skeletons(host).map(|d| &d.domain), "{host}");
                found += usize::from(filtered.is_some());
            }
            assert!(found > 20_000, "{found} hosts found similar to a top domain");
        }
        for host in ["www.bucher.de", "pelda.hu"] {
            assert!(
                protected.similar(host).is_some() && TopDomains::default().similar(host).is_none(),
                "{host}"
            );
        }
        let has_tail = |tail: &skeleton::TailOfHost| BuiltinTopDomains::has_tail(tail);
        let left_out = words
            .iter()
            .filter(|host| !skeleton::may_end_like_a_key(host, has_tail))
            .count();
        assert!(left_out * 10 > words.len() * 8, "{left_out} of {} left out", words.len());
    }

    /// `similar` takes the smallest skeleton that names a top domain, as a
    /// walk over the sorted skeletons does, not the first variant made.
    #[test]
    fn similar_takes_the_first_match_in_sorted_order() {
        let engine = Uts46::new();
        let walk = |domains: &TopDomains, host: &str| {
            skeleton::skeletons(host)
                .iter()
                .find_map(|skeleton| domains.lookup(skeleton))
                .map(|found| found.domain.clone())
        };
        // "bqz.test" keeps its key; "þqz.test" gets "þqz.test" and "pqz.test". The
        // variants of þ come as þ, b, p: the first made names þqz.test (and the
        // host is under it), the smallest skeleton names bqz.test.
        let domains = TopDomains::with_protected(&engine, ["bqz.test", "þqz.test"]);
        let similar = |host: &str| domains.similar(host).map(|found| found.domain.clone());
        assert_eq!(similar("a.þqz.test").as_deref(), Some("bqz.test"));
        assert_eq!(similar("a.þqz.test"), walk(&domains, "a.þqz.test"));
        // Hosts with ł, œ and þ (up to 128 variants) against the built-in list.
        for host in [
            "googłe.com",
            "łłłłł.com",
            "paypał.com",
            "œbay.com",
            "łot.test",
            "þþ.test",
            "a.pqz.test",
        ] {
            assert_eq!(similar(host), walk(&domains, host), "{host}");
        }
    }

    /// The byte table answers as `DoSimpleHost`'s rules, one byte at a
    /// time: the first invalid ASCII byte fails; space and `*` are escaped,
    /// capitals lowercased; a non-ASCII character's bytes are none of these.
    #[test]
    fn simple_host_reads_each_byte_as_its_rule() {
        let by_rule = |text: &str| -> Result<(bool, bool), String> {
            let (mut escape, mut upper) = (false, false);
            for b in text.bytes().filter(u8::is_ascii) {
                if is_invalid_host_ascii(b) {
                    return Err(format!("invalid host character U+{b:04X}"));
                }
                escape |= b == b' ' || b == b'*';
                upper |= b.is_ascii_uppercase();
            }
            Ok((escape, upper))
        };
        let chars: Vec<char> = (0..128u8)
            .map(char::from)
            .chain(['é', 'Ω', '中', '\u{1F600}', '\u{FF0E}'])
            .collect();
        let mut checked = 0;
        for &a in &chars {
            for &b in &chars {
                for text in [format!("{a}{b}"), format!("x{a}y{b}z"), format!("{b}Q{a}")] {
                    assert_eq!(simple_host_ascii_part(&text), by_rule(&text), "{text:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    #[test]
    fn canonical_hosts_as_chromium_writes_them() {
        let engine = Uts46::new();
        let canon = |s: &str| canonicalize_host(&engine, s);
        assert_eq!(canon("ExAmPle.ORG").as_deref(), Ok("example.org"), "ASCII is lowercased");
        assert_eq!(canon("a*b.net").as_deref(), Ok("a%2Ab.net"), "* is valid, written escaped");
        assert_eq!(canon("shop\u{3002}example.net").as_deref(), Ok("shop.example.net"));
        assert_eq!(canon("straße.de").as_deref(), Ok("xn--strae-oqa.de"), "nontransitional");
        assert!(canon("x\u{200D}y").is_err(), "ContextJ: a ZWJ not after a virama");
        assert!(
            canon("\u{0915}\u{094D}\u{200D}\u{0937}").is_ok_and(|h| h.starts_with("xn--")),
            "ContextJ: a ZWJ after a virama"
        );
        assert_eq!(
            canon("xn--bogus.example").as_deref(),
            Ok("xn--bogus.example"),
            "ASCII is not validated"
        );
        assert_eq!(canon("%31%30.0.0.%31").as_deref(), Ok("10.0.0.1"), "an escaped IPv4 address");
        assert!(canon("\u{05D0}abc").is_err(), "the Bidi rule");
        assert!(canon("\u{FDD1}x.org").is_err(), "a noncharacter is disallowed");
        assert!(canon("%g1.com").is_err(), "a % without two hex digits");
        assert!(canon("10.0.0.300").is_err(), "an IPv4 part over 255");
        assert!(canon("[example]").is_err());
        assert!(
            canon("\u{FF05}\u{FF13}\u{FF23}.com").is_err(),
            "full-width %3C maps to an escaped <"
        );
    }

    /// Without `detailed`, each name's verdict has the same rule, label and
    /// shown host; only the detail of a failure of ICU's checks is left out.
    #[test]
    fn the_rule_only_verdict_differs_only_in_icu_detail() {
        let engine = super::super::Browser::Chromium.engine();
        let top = TopDomains::with_protected(&engine, std::iter::empty());
        let mut icu_failures = 0;
        for input in [
            "xn--pple-43d.com",
            "аpple.com",
            "paypaӏ.com",
            "bücher.de",
            "пример.рф",
            "ab\u{30FB}cd.jp",
            "x\u{0131}\u{0307}.com",
            "例え.テスト",
            "10.0.0.1",
            "a[b.com",
            "a:b.com",
        ] {
            let kept = &mut TldChecks::default();
            let detailed = before_top_domains(&engine, input, &Facts::NONE, &[], true, kept).top_domain_step(&top);
            let plain = before_top_domains(&engine, input, &Facts::NONE, &[], false, kept).top_domain_step(&top);
            assert_eq!(
                (plain.rule, &plain.label, &plain.shown),
                (detailed.rule, &detailed.label, &detailed.shown),
                "{input}"
            );
            if detailed.rule == super::super::Rule::from(Rule::from(SpoofResult::IcuSpoofChecks)) {
                icu_failures += 1;
                assert!(detailed.detail.is_some() && plain.detail.is_none(), "{input}");
            } else {
                assert_eq!(plain.detail, detailed.detail, "{input}");
            }
        }
        assert!(icu_failures >= 2, "{icu_failures}");
    }
}
