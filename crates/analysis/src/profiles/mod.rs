//! Five ways to process one domain name, side by side: IDNA2003 (RFC 3490
//! with Nameprep), UTS #46 transitional and nontransitional (the core
//! engine), IDNA2008 (RFC 5891–5893, no mapping) and the WHATWG URL host
//! parser's UTS #46 settings; plus the per-character comparison of UTS #46
//! §7 Table 4 and a sentence for each cause of a difference.
//!
//! IDNA2003 and IDNA2008 are small separate modules ([`idna2003`],
//! [`idna2008`]); the three UTS #46 profiles run the core engine.

pub(crate) mod compare;
pub mod idna2003;
pub mod idna2008;
pub mod table4;
pub(crate) mod text;
pub mod whatwg;

pub use compare::{Cause, Comparison, compare};
pub use text::explain;

use crate::uts46::errors::IdnaError;
use crate::uts46::{Options, Results, Uts46};
use serde::Serialize;

/// One processing profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Profile {
    /// RFC 3490 ToASCII/ToUnicode with Nameprep (RFC 3491, RFC 3454; Unicode 3.2), lookup (AllowUnassigned).
    Idna2003,
    /// UTS #46 §4 with Transitional_Processing (deviations mapped).
    Uts46Transitional,
    /// UTS #46 §4 nontransitional (deviations kept): the engine's main result.
    Uts46Nontransitional,
    /// IDNA2008 lookup (RFC 5891 §5), categories of RFC 5892, Bidi rule of RFC 5893; no mapping.
    Idna2008,
    /// The WHATWG URL Standard's host parser for a special URL ([`whatwg`]).
    Whatwg,
}

impl Profile {
    /// Every profile, in column order.
    pub const ALL: [Profile; 5] = [
        Profile::Idna2003,
        Profile::Uts46Transitional,
        Profile::Uts46Nontransitional,
        Profile::Idna2008,
        Profile::Whatwg,
    ];

    /// The column heading, e.g. `"UTS #46 N"`.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Idna2003 => "IDNA2003",
            Profile::Uts46Transitional => "UTS #46 T",
            Profile::Uts46Nontransitional => "UTS #46 N",
            Profile::Idna2008 => "IDNA2008",
            Profile::Whatwg => "WHATWG URL",
        }
    }

    /// The CLI spelling (`--profile idna2003|uts46-t|uts46-n|idna2008|whatwg`).
    #[doc(hidden)]
    pub fn cli_name(self) -> &'static str {
        match self {
            Profile::Idna2003 => "idna2003",
            Profile::Uts46Transitional => "uts46-t",
            Profile::Uts46Nontransitional => "uts46-n",
            Profile::Idna2008 => "idna2008",
            Profile::Whatwg => "whatwg",
        }
    }

    /// The profile spelled `text` on the command line.
    pub fn parse(text: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.cli_name() == text)
    }

    /// What the profile is and where it is specified.
    pub fn description(self) -> &'static str {
        match self {
            Profile::Idna2003 => {
                "RFC 3490 ToASCII/ToUnicode with Nameprep (RFC 3491, RFC 3454): Unicode 3.2 mapping and prohibitions; characters unassigned in 3.2 pass through (AllowUnassigned, lookup)."
            }
            Profile::Uts46Transitional => {
                "UTS #46 §4 with Transitional_Processing: the deviations ß, ς, ZWJ and ZWNJ are mapped as IDNA2003 did (deprecated)."
            }
            Profile::Uts46Nontransitional => {
                "UTS #46 §4 nontransitional: deviations are kept, as IDNA2008 and current browsers do."
            }
            Profile::Idna2008 => {
                "IDNA2008 lookup (RFC 5891 §5): no mapping; every code point must be PVALID, or CONTEXTJ/CONTEXTO in context (RFC 5892); Bidi rule (RFC 5893); hyphen and length rules."
            }
            Profile::Whatwg => {
                "The WHATWG URL Standard's host parser (special URLs): percent-decode, domain to ASCII (UTS #46 nontransitional with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off), forbidden domain code points, and the IPv4/IPv6 parsers."
            }
        }
    }
}

/// One error a profile recorded: a code (an `IdnaTestV2.txt` code where
/// the rule is the same as in UTS #46, otherwise the profile's own name such
/// as `DISALLOWED` or `PROHIBITED`), the 0-based label and code-point
/// position (in the label as the profile checked it), a sentence and the
/// spec section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProfileError {
    /// The code: an `IdnaTestV2.txt` code or the profile's own name (`DISALLOWED`, `PROHIBITED`, …).
    pub code: &'static str,
    /// 0-based label index; `None` for a whole-name error.
    pub label: Option<usize>,
    /// 0-based code-point offset in the label as the profile checked it; `None` for a whole-label error.
    pub position: Option<usize>,
    /// What the rule requires, in a sentence.
    pub sentence: String,
    /// The spec section defining the rule.
    pub spec: &'static str,
}

impl ProfileError {
    fn from_uts46(error: &IdnaError) -> ProfileError {
        ProfileError {
            code: error.code.as_str(),
            label: error.label,
            position: error.position,
            sentence: error.code.explanation().to_string(),
            spec: error.code.spec_reference(),
        }
    }
}

/// What one profile made of a name: its ToASCII and ToUnicode strings and
/// the errors of each (empty when it succeeded).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProfileResult {
    /// The profile that ran.
    pub profile: Profile,
    /// The ToASCII string.
    pub to_ascii: String,
    /// ToASCII's errors; empty when it succeeded.
    pub ascii_errors: Vec<ProfileError>,
    /// The ToUnicode string.
    pub to_unicode: String,
    /// ToUnicode's errors; empty when it succeeded.
    pub unicode_errors: Vec<ProfileError>,
    /// Errors reported that did not make the profile fail (the URL
    /// Standard's validation errors that are not failures, e.g.
    /// `IPv4-non-decimal-part`); empty for the other profiles.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<ProfileError>,
}

impl ProfileResult {
    /// True when ToASCII succeeded.
    pub fn is_ok(&self) -> bool {
        self.ascii_errors.is_empty()
    }

    /// The distinct ToASCII error codes, in the order first recorded.
    pub fn codes(&self) -> Vec<&'static str> {
        let mut codes: Vec<&'static str> = Vec::new();
        for error in &self.ascii_errors {
            if !codes.contains(&error.code) {
                codes.push(error.code);
            }
        }
        codes
    }
}

/// Runs `profile` on `input`. `options` are the user's UTS #46 flags:
/// the UTS #46 profiles use them as they are, IDNA2003 takes
/// UseSTD3ASCIIRules from them (RFC 3490 §4.1 step 3), IDNA2008 and WHATWG
/// have fixed rules.
pub fn run(profile: Profile, engine: &Uts46<'_>, input: &str, options: &Options) -> ProfileResult {
    match profile {
        Profile::Idna2003 => idna2003::process(input, idna2003::Flags::lookup(options.use_std3_ascii_rules)),
        Profile::Idna2008 => idna2008::process(engine.table(), input),
        Profile::Whatwg => from_host_parse(&whatwg::parse_host(engine, input)),
        _ => {
            let results = engine.process(input, options);
            from_uts46(profile, &results)
        }
    }
}

/// The result of a UTS #46 profile read off the engine's [`Results`].
pub(crate) fn from_uts46(profile: Profile, results: &Results) -> ProfileResult {
    let ascii = if profile == Profile::Uts46Transitional {
        &results.to_ascii_t
    } else {
        &results.to_ascii_n
    };
    ProfileResult {
        profile,
        to_ascii: ascii.value.clone(),
        ascii_errors: ascii.errors.iter().map(ProfileError::from_uts46).collect(),
        to_unicode: results.to_unicode.value.clone(),
        unicode_errors: results.to_unicode.errors.iter().map(ProfileError::from_uts46).collect(),
        notes: Vec::new(),
    }
}

/// The WHATWG profile's result read off the host parser: ToASCII is the
/// serialized host, its errors the validation error that failed; the
/// others are notes. ToUnicode is domain to Unicode of the host.
fn from_host_parse(parse: &whatwg::HostParse) -> ProfileResult {
    let error = |e: &whatwg::ValidationError| ProfileError {
        code: e.name,
        label: None,
        position: None,
        sentence: e.sentence(),
        spec: "URL Standard §3.5 (host parsing)",
    };
    let ascii_errors: Vec<ProfileError> = parse.errors.iter().filter(|e| e.failure).map(error).collect();
    let mut unicode_errors: Vec<ProfileError> = parse.to_unicode.errors.iter().map(ProfileError::from_uts46).collect();
    if parse.host.is_none() {
        unicode_errors.extend(ascii_errors.iter().cloned());
    }
    ProfileResult {
        profile: Profile::Whatwg,
        to_ascii: parse.ascii.clone(),
        ascii_errors,
        to_unicode: parse.to_unicode.value.clone(),
        unicode_errors,
        notes: parse.errors.iter().filter(|e| !e.failure).map(error).collect(),
    }
}

/// Runs every profile on `input`, in [`Profile::ALL`] order, from one
/// facts pass: both UTS #46 profiles view it through `options`, and the
/// URL host parser reads its ToASCII and domain to Unicode off it.
pub(crate) fn run_all(engine: &Uts46<'_>, input: &str, options: &Options) -> Vec<ProfileResult> {
    let facts = engine.facts(input);
    let results = engine.view_or_process(input, &facts, options);
    let read = crate::facts::Facts::of_pass(input, engine.table(), &facts);
    Profile::ALL
        .into_iter()
        .map(|profile| match profile {
            Profile::Uts46Transitional | Profile::Uts46Nontransitional => from_uts46(profile, &results),
            Profile::Whatwg => from_host_parse(&whatwg::parse_host_reading(engine, input, &read)),
            _ => run(profile, engine, input, options),
        })
        .collect()
}

/// The profile columns of one batch record: for each selected profile its
/// ToASCII string and error codes, and whether any two of all five
/// profiles disagree on ToASCII.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProfileColumns {
    /// The selected profiles' cells, in [`Profile::ALL`] order.
    pub results: Vec<ProfileCell>,
    /// Whether any two of all five profiles disagree on the ToASCII outcome, selected or not.
    pub disagree: bool,
}

/// One profile's cells in a batch record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProfileCell {
    /// The profile.
    pub profile: Profile,
    /// Its ToASCII string.
    pub to_ascii: String,
    /// Its distinct ToASCII error codes, in the order first recorded.
    pub errors: Vec<&'static str>,
}

/// Runs every profile on `input` and keeps the cells of `selected`.
pub fn profile_columns(engine: &Uts46<'_>, input: &str, options: &Options, selected: &[Profile]) -> ProfileColumns {
    let results = run_all(engine, input, options);
    let disagree = any_disagree(&results);
    let results = results
        .into_iter()
        .filter(|r| selected.contains(&r.profile))
        .map(|r| ProfileCell {
            profile: r.profile,
            errors: r.codes(),
            to_ascii: r.to_ascii,
        })
        .collect();
    ProfileColumns { results, disagree }
}

/// True when any two of the five profiles disagree on `input`'s ToASCII
/// outcome (`compare::outcome_differs`): the batch filter "profiles disagree".
pub fn disagree(engine: &Uts46<'_>, input: &str, options: &Options) -> bool {
    any_disagree(&run_all(engine, input, options))
}

/// `results` in [`Profile::ALL`] order; each is compared with UTS #46 N.
fn any_disagree(results: &[ProfileResult]) -> bool {
    let reference = &results[Profile::ALL
        .iter()
        .position(|&p| p == Profile::Uts46Nontransitional)
        .unwrap_or(2)];
    results.iter().any(|r| compare::outcome_differs(r, reference))
}
