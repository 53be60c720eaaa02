//! What the software people run does with a domain name: each runtime a
//! model of one library call, ported from its source, with the versions
//! measured on the running runtime (`tools/runtime-oracle/`,
//! `tests/real_runtimes.rs`).
//!
//! ```
//! use idna_inspector_analysis::runtimes::{Outcome, Runtime};
//! let answer = Runtime::JavaIdn.run("ABC.bücher.de");
//! assert_eq!(answer.outcome, Outcome::Ascii);
//! // java.net.IDN leaves an ASCII label as it is.
//! assert_eq!(answer.host.as_deref(), Some("ABC.xn--bcher-kva.de"));
//! ```

mod icu;
mod java;
mod perl_net_idn;
mod python;
mod python_idna;
mod ranges;
mod rust_idna;

use serde::Serialize;

/// One runtime's call, by the id every output uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Runtime {
    /// `python-codec`: Python 3.11 `name.encode("idna")` (also what `socket` does).
    PythonCodec,
    /// `python-idna`: `idna.encode(name)` of PyPI's `idna` 3.20 under Python 3.11.
    PythonIdna,
    /// `python-idna-uts46`: the same with `uts46=True`.
    PythonIdnaUts46,
    /// `java-idn`: Java 17 `java.net.IDN.toASCII(name)`, flags 0.
    JavaIdn,
    /// `icu-uts46`: ICU 72 `uidna_openUTS46(UIDNA_DEFAULT)` and
    /// `uidna_nameToASCII`, failing on any error (PHP 8.2 `idn_to_ascii`).
    IcuUts46,
    /// `icu-uts46-nontransitional`: the same with NONTRANSITIONAL_TO_ASCII,
    /// CHECK_BIDI and CHECK_CONTEXTJ.
    IcuUts46Nontransitional,
    /// `perl-net-idn`: Perl 5.36 `Net::IDN::Encode::domain_to_ascii($name)`
    /// of libnet-idn-encode-perl 2.500.
    PerlNetIdn,
    /// `rust-idna`: `idna::domain_to_ascii(name)` of the idna crate 1.1.0.
    RustIdna,
}

/// What a runtime does with the name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// It converts the name and looks up (or sends) the ASCII form.
    Ascii,
    /// It passes the name on unconverted.
    Raw,
    /// It refuses the name.
    Error,
}

/// One runtime's answer on one name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Answer {
    /// The runtime.
    pub runtime: Runtime,
    /// What it does with the name.
    pub outcome: Outcome,
    /// What it looks up or sends, as that runtime writes it (not on error).
    pub host: Option<String>,
    /// Its error, in its own words (on error).
    pub error: Option<String>,
    /// The upstream rule or step that decided, as upstream names it.
    pub rule: &'static str,
    /// What happened, in one sentence.
    pub sentence: String,
}

impl Answer {
    fn ascii(runtime: Runtime, host: String, rule: &'static str, sentence: String) -> Answer {
        Answer {
            runtime,
            outcome: Outcome::Ascii,
            host: Some(host),
            error: None,
            rule,
            sentence,
        }
    }

    fn error(runtime: Runtime, error: String, rule: &'static str, sentence: String) -> Answer {
        Answer {
            runtime,
            outcome: Outcome::Error,
            host: None,
            error: Some(error),
            rule,
            sentence,
        }
    }
}

impl Runtime {
    /// Every runtime modelled, in display order.
    pub const ALL: [Runtime; 8] = [
        Runtime::PythonCodec,
        Runtime::PythonIdna,
        Runtime::PythonIdnaUts46,
        Runtime::JavaIdn,
        Runtime::IcuUts46,
        Runtime::IcuUts46Nontransitional,
        Runtime::PerlNetIdn,
        Runtime::RustIdna,
    ];

    /// The id every output uses, e.g. `"java-idn"`.
    pub fn id(self) -> &'static str {
        match self {
            Runtime::PythonCodec => "python-codec",
            Runtime::PythonIdna => "python-idna",
            Runtime::PythonIdnaUts46 => "python-idna-uts46",
            Runtime::JavaIdn => "java-idn",
            Runtime::IcuUts46 => "icu-uts46",
            Runtime::IcuUts46Nontransitional => "icu-uts46-nontransitional",
            Runtime::PerlNetIdn => "perl-net-idn",
            Runtime::RustIdna => "rust-idna",
        }
    }

    /// The runtime whose id is `id`.
    pub fn parse(id: &str) -> Option<Runtime> {
        Runtime::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The call modelled, e.g. `"Java 17 java.net.IDN.toASCII(name)"`.
    pub fn call(self) -> &'static str {
        match self {
            Runtime::PythonCodec => "Python 3.11 name.encode(\"idna\")",
            Runtime::PythonIdna => "Python 3.11 idna.encode(name), PyPI idna 3.20",
            Runtime::PythonIdnaUts46 => "Python 3.11 idna.encode(name, uts46=True), PyPI idna 3.20",
            Runtime::JavaIdn => "Java 17 java.net.IDN.toASCII(name)",
            Runtime::IcuUts46 => "ICU 72 uidna_nameToASCII, UIDNA_DEFAULT (PHP 8.2 idn_to_ascii)",
            Runtime::IcuUts46Nontransitional => {
                "ICU 72 uidna_nameToASCII, NONTRANSITIONAL_TO_ASCII | CHECK_BIDI | CHECK_CONTEXTJ"
            }
            Runtime::PerlNetIdn => "Perl 5.36 Net::IDN::Encode::domain_to_ascii($name)",
            Runtime::RustIdna => "Rust idna::domain_to_ascii(name), crate idna 1.1.0",
        }
    }

    /// The version the model follows, as measured on the running runtime.
    pub fn version(self) -> &'static str {
        match self {
            Runtime::PythonCodec => "CPython 3.11.2 (Debian 12), Unicode 14.0 for str.lower()",
            Runtime::PythonIdna | Runtime::PythonIdnaUts46 => {
                "idna 3.20 (its tables of Unicode 18.0) on CPython 3.11 (unicodedata of Unicode 14.0)"
            }
            Runtime::JavaIdn => "OpenJDK 17.0.15 and 17.0.21 (Debian 12)",
            Runtime::IcuUts46 | Runtime::IcuUts46Nontransitional => "ICU 72.1 (Debian 12)",
            Runtime::PerlNetIdn => {
                "Net::IDN::Encode 2.500 (its UTS #46 table of Unicode 10.0) on Perl 5.36.0 (Unicode 14.0), Debian 12"
            }
            Runtime::RustIdna => "idna 1.1.0 with idna_adapter 1.2.2 on ICU4X 2.4 (its data of Unicode 18.0)",
        }
    }

    /// The standard and Unicode version it implements.
    pub fn standard(self) -> &'static str {
        match self {
            Runtime::PythonCodec => "IDNA2003 (RFC 3490, Nameprep of Unicode 3.2), AllowUnassigned, no STD3 rules",
            Runtime::PythonIdna => "IDNA2008 (RFC 5891-5893) without mapping; ASCII labels checked lowercased, returned as given",
            Runtime::PythonIdnaUts46 => "UTS #46 mapping of Unicode 18.0 without STD3 rules, then IDNA2008 (RFC 5891-5893)",
            Runtime::JavaIdn => "IDNA2003 (RFC 3490, Nameprep of Unicode 3.2), no AllowUnassigned, no STD3 rules",
            Runtime::IcuUts46 => "UTS #46 of Unicode 15.0, transitional, CheckHyphens and DNS lengths, no Bidi or ContextJ",
            Runtime::IcuUts46Nontransitional => {
                "UTS #46 of Unicode 15.0, nontransitional, CheckHyphens, DNS lengths, CheckBidi, CheckJoiners"
            }
            Runtime::PerlNetIdn => {
                "UTS #46 of Unicode 10.0 per non-ASCII label, nontransitional, STD3 rules, CheckHyphens, CheckBidi per label, CheckJoiners; ASCII labels only measured"
            }
            Runtime::RustIdna => {
                "UTS #46 of Unicode 18.0, nontransitional, CheckBidi, CheckJoiners; no STD3 rules, hyphen or DNS length checks"
            }
        }
    }

    /// What this runtime does with `input`.
    pub fn run(self, input: &str) -> Answer {
        match self {
            Runtime::PythonCodec => python::codec(input),
            Runtime::PythonIdna => python_idna::encode(input, false),
            Runtime::PythonIdnaUts46 => python_idna::encode(input, true),
            Runtime::JavaIdn => java::to_ascii(input),
            Runtime::IcuUts46 => icu::name_to_ascii(input, icu::Mode::Default),
            Runtime::IcuUts46Nontransitional => icu::name_to_ascii(input, icu::Mode::Nontransitional),
            Runtime::PerlNetIdn => perl_net_idn::domain_to_ascii(input),
            Runtime::RustIdna => rust_idna::domain_to_ascii(input),
        }
    }
}

/// The label loop the Python runtimes share (`Codec.encode`, `idna.encode`):
/// `input` split at the four label separators of RFC 3490 §3.1, one empty
/// last label dropped as the root, each label through `convert`, joined
/// with U+002E and the root's dot put back. The first error ends it.
fn each_label<E>(input: &str, mut convert: impl FnMut(&str) -> Result<String, E>) -> Result<(String, bool), E> {
    let mut labels: Vec<&str> = input.split(crate::profiles::idna2003::SEPARATORS).collect();
    let trailing_dot = labels.last() == Some(&"");
    if trailing_dot {
        labels.pop();
    }
    let mut host = String::with_capacity(input.len() * 2);
    for (index, label) in labels.iter().enumerate() {
        if index > 0 {
            host.push('.');
        }
        host.push_str(&convert(label)?);
    }
    if trailing_dot {
        host.push('.');
    }
    Ok((host, trailing_dot))
}

/// Every runtime's answer on `input`, in [`Runtime::ALL`] order. The two
/// ICU calls read one facts pass of ICU 72's table.
pub fn run_all(input: &str) -> Vec<Answer> {
    let [default, nontransitional] = icu::both(input);
    vec![
        python::codec(input),
        python_idna::encode(input, false),
        python_idna::encode(input, true),
        java::to_ascii(input),
        default,
        nontransitional,
        perl_net_idn::domain_to_ascii(input),
        rust_idna::domain_to_ascii(input),
    ]
}

/// `answers` on `input` as text: the runtimes grouped by what they do,
/// each with its host or error, the rule that decided and its sentence;
/// then the versions the models follow.
pub fn explain(input: &str, answers: &[Answer]) -> String {
    use std::fmt::Write;
    let mut out = format!("What the runtimes do with {input:?}\n");
    let groups: [(Outcome, &str); 3] = [
        (Outcome::Ascii, "Look up"),
        (Outcome::Raw, "Pass on unconverted"),
        (Outcome::Error, "Refuse"),
    ];
    for (outcome, heading) in groups {
        let chosen: Vec<&Answer> = answers.iter().filter(|a| a.outcome == outcome).collect();
        if chosen.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{heading}:");
        for answer in chosen {
            let what = answer.host.as_deref().or(answer.error.as_deref()).unwrap_or("");
            let _ = writeln!(out, "  {:<26} {what}", answer.runtime.id());
            let _ = writeln!(out, "  {:<26} {} ({})", "", answer.sentence, answer.rule);
        }
    }
    let _ = writeln!(out, "\nModels:");
    for runtime in Runtime::ALL {
        let _ = writeln!(
            out,
            "  {:<26} {}; {}; {}",
            runtime.id(),
            runtime.call(),
            runtime.version(),
            runtime.standard()
        );
    }
    out.trim_end().to_string()
}
