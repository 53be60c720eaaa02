//! The five profiles side by side, and a sentence for each reason they differ.

use super::idna2003::{self, CharStatus as Status2003};
use super::idna2008::{self, Category};
use super::table4::{self, Bucket};
use super::{Profile, ProfileResult, run_all};
use crate::display::{char_with_code_point, visible};
use crate::table::{Idna2008Status, Status};
use crate::uts46::{Options, Uts46};
use serde::Serialize;

/// One reason the profiles treat a name differently, and the profiles it
/// sets apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cause {
    /// The reason, in a sentence.
    pub sentence: String,
    /// The Table 4 bucket behind it, for a character-level cause.
    pub bucket: Option<char>,
}

/// Every profile's result for one name, whether they agree, and why not.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// The name as given.
    pub input: String,
    /// One result per profile, in [`Profile::ALL`] order.
    pub results: Vec<ProfileResult>,
    /// Why the profiles differ: one cause per code point that has one, then upper case, then rule-level causes.
    pub causes: Vec<Cause>,
}

impl Comparison {
    /// The result of `profile`.
    pub fn result(&self, profile: Profile) -> &ProfileResult {
        let index = Profile::ALL.iter().position(|&p| p == profile).unwrap_or(0);
        &self.results[index]
    }

    /// True when `profile`'s ToASCII outcome differs from UTS #46
    /// nontransitional's: a different string (ASCII case aside) or success
    /// against failure.
    pub fn differs_from_reference(&self, profile: Profile) -> bool {
        outcome_differs(self.result(profile), self.result(Profile::Uts46Nontransitional))
    }

    /// True when `profile`'s ToUnicode differs from UTS #46 nontransitional's:
    /// another string, or errors against none.
    pub fn to_unicode_differs_from_reference(&self, profile: Profile) -> bool {
        let (a, b) = (self.result(profile), self.result(Profile::Uts46Nontransitional));
        a.to_unicode != b.to_unicode || a.unicode_errors.is_empty() != b.unicode_errors.is_empty()
    }

    /// True when any two profiles disagree on ToASCII.
    pub fn profiles_disagree(&self) -> bool {
        Profile::ALL.into_iter().any(|p| self.differs_from_reference(p))
    }
}

/// Two ToASCII outcomes differ when one failed and the other did not, or
/// both succeeded with strings other than in ASCII case (IDNA2003 and
/// IDNA2008 keep or fold ASCII case, which DNS ignores).
pub fn outcome_differs(a: &ProfileResult, b: &ProfileResult) -> bool {
    a.is_ok() != b.is_ok() || (a.is_ok() && !a.to_ascii.eq_ignore_ascii_case(&b.to_ascii))
}

/// Runs every profile on `input` and explains the differences.
pub fn compare(engine: &Uts46<'_>, input: &str, options: &Options) -> Comparison {
    let results = run_all(engine, input, options);
    let mut comparison = Comparison {
        input: input.to_string(),
        results,
        causes: Vec::new(),
    };
    comparison.causes = causes(engine, &comparison, options);
    comparison
}

fn causes(engine: &Uts46<'_>, comparison: &Comparison, options: &Options) -> Vec<Cause> {
    let table = engine.table();
    let mut causes = Vec::new();
    let seen = crate::display::unique(comparison.input.chars());
    for &c in &seen {
        if let Some(sentence) = character_cause(engine, c, options) {
            causes.push(Cause {
                sentence,
                bucket: table4::bucket(table, c).map(Bucket::letter),
            });
        }
    }
    let upper: Vec<String> = seen
        .iter()
        .filter(|c| c.is_ascii_uppercase())
        .map(|c| c.to_string())
        .collect();
    let has_non_ascii_label = comparison.input.split('.').any(|label| !label.is_ascii());
    if !upper.is_empty() && has_non_ascii_label {
        causes.push(Cause {
            sentence: format!(
                "Upper case {}: UTS #46 and IDNA2003 fold case; IDNA2008 compares all-ASCII labels case-insensitively, but in a label with non-ASCII characters upper case is DISALLOWED (IDNA2008 has no mapping).",
                upper.join(", ")
            ),
            bucket: None,
        });
    }
    causes.extend(
        rule_causes(comparison)
            .into_iter()
            .map(|sentence| Cause { sentence, bucket: None }),
    );
    causes
}

fn shown_text(text: &str) -> String {
    text.chars().map(visible).collect()
}

/// Why the profiles treat `c` differently, if they do.
fn character_cause(engine: &Uts46<'_>, c: char, options: &Options) -> Option<String> {
    let table = engine.table();
    let row = table.lookup(c);
    let who = char_with_code_point(c);
    if row.status == Status::Deviation {
        let mapped = if row.mapping.is_empty() {
            "remove it".to_string()
        } else {
            format!("map it to {}", shown_text(row.mapping))
        };
        return Some(format!(
            "{who} is a deviation: IDNA2003 and UTS #46 transitional processing {mapped}; nontransitional processing, WHATWG and IDNA2008 keep it, so the same link can reach two different hosts (UTS #46 §2.3)."
        ));
    }
    if idna2008::category(table, c) == Category::ContextO {
        let rule = crate::uts46::contexto::ContextORule::of(c)?;
        return Some(format!(
            "{who} is CONTEXTO in IDNA2008: {} ({}). UTS #46 and IDNA2003 do not check it (UTS #46 only with CheckContextO).",
            rule.requirement(),
            rule.section()
        ));
    }
    if idna2003::SEPARATORS[1..].contains(&c) {
        return Some(format!(
            "{who} is a label separator for IDNA2003 and UTS #46 (which map it to a full stop); IDNA2008 has no mapping, so it is DISALLOWED inside a label."
        ));
    }
    if c.is_ascii() {
        return None;
    }
    let status_2003 = idna2003::char_status(c, options.use_std3_ascii_rules);
    if status_2003 == Status2003::LookupValid {
        let status = uts46_phrase(row.status, row.mapping);
        return Some(format!(
            "{who} was encoded after Unicode 3.2: IDNA2003 passes it through unchanged (AllowUnassigned, lookup only; registration would reject it); UTS #46 {status}; IDNA2008 says {}.",
            idna2008::category(table, c).as_str()
        ));
    }
    let bucket = table4::bucket(table, c);
    if matches!(bucket, Some(Bucket::C | Bucket::D)) {
        let old = match &status_2003 {
            Status2003::Mapped(to) => format!("maps it to {}", shown_text(to)),
            _ => "keeps it".to_string(),
        };
        return Some(format!(
            "{who}'s case or compatibility mapping changed after Unicode 3.2: IDNA2003 {old} (Unicode 3.2 data); UTS #46 {} (today's data); IDNA2008 disallows it.",
            uts46_phrase(row.status, row.mapping),
        ));
    }
    match (row.status, row.idna2008) {
        (Status::Valid, Idna2008Status::Nv8 | Idna2008Status::Xv8) => Some(format!(
            "{who} is valid in UTS #46{} but DISALLOWED in IDNA2008: {}.",
            if status_2003 == Status2003::Valid {
                " and IDNA2003"
            } else {
                ""
            },
            if row.idna2008 == Idna2008Status::Nv8 {
                "IDNA2008 excludes symbols and punctuation (NV8)"
            } else {
                "IDNA2008 excludes it for stability reasons (XV8)"
            },
        )),
        (Status::Mapped | Status::Ignored, _) => {
            let status = uts46_phrase(row.status, row.mapping);
            let agree_2003 = match &status_2003 {
                Status2003::Mapped(to) if to == row.mapping => " as IDNA2003 does",
                Status2003::Ignored if row.status == Status::Ignored => " as IDNA2003 does",
                _ => "",
            };
            Some(format!(
                "UTS #46 {status}{agree_2003}; IDNA2008 has no mapping step, so {who} is DISALLOWED there."
            ))
        }
        _ => None,
    }
}

fn uts46_phrase(status: Status, mapping: &str) -> String {
    match status {
        Status::Mapped => format!("maps it to {}", shown_text(mapping)),
        Status::Ignored => "removes it".to_string(),
        Status::Valid => "keeps it".to_string(),
        Status::Deviation => "keeps it (nontransitional)".to_string(),
        Status::Disallowed => "disallows it".to_string(),
    }
}

/// Label-level reasons: a rule one profile applies and another does not.
fn rule_causes(comparison: &Comparison) -> Vec<String> {
    let has = |profile: Profile, codes: &[&str]| comparison.result(profile).codes().iter().any(|c| codes.contains(c));
    let mut out = Vec::new();
    if has(Profile::Uts46Nontransitional, &["V2", "V3"]) && !has(Profile::Whatwg, &["V2", "V3"]) {
        out.push(
            "Hyphen rules: UTS #46 with CheckHyphens and IDNA2008 (RFC 5891 §4.2.3.1) reject -- in positions 3–4 and a hyphen at a label's start or end; WHATWG turns CheckHyphens off; IDNA2003 only rejects leading and trailing hyphens under UseSTD3ASCIIRules.".to_string(),
        );
    }
    if has(Profile::Uts46Nontransitional, &["U1"]) && !has(Profile::Whatwg, &["U1"]) {
        out.push(
            "ASCII other than letters, digits and hyphens (e.g. _ or a space) fails UseSTD3ASCIIRules (U1); WHATWG turns that flag off and instead rejects only the forbidden domain code points (space, < > % # / : ? @ [ \\ ] ^ |, controls) after domain to ASCII, so _ passes there; IDNA2008 disallows such characters outright.".to_string(),
        );
    }
    let length_codes = ["A4_1", "A4_2", "LENGTH"];
    if Profile::ALL.into_iter().any(|p| has(p, &length_codes)) && !Profile::ALL.into_iter().all(|p| has(p, &length_codes)) {
        out.push(
            "Length is measured on the A-label: UTS #46 (VerifyDnsLength) and IDNA2008 allow 63 octets per label and 253 per name; IDNA2003 checks only the 63-octet label limit; WHATWG checks neither.".to_string(),
        );
    }
    let input = &comparison.input;
    let ace_label = input
        .split(idna2003::SEPARATORS)
        .any(|label| label.is_ascii() && label.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")));
    if ace_label {
        out.push(
            "IDNA2003's ToASCII passes ASCII labels through untouched, so an xn-- label is not decoded or validated there (only its ToUnicode checks the round trip); UTS #46 and IDNA2008 decode and validate it.".to_string(),
        );
    }
    out
}
