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

mod curl;
mod gate;
pub use gate::{Known, Waived};
mod glibc;
mod go_http;
mod go_idna;
mod icu;
mod idn2;
mod java;
mod libidn2;
mod node;
mod perl_net_idn;
mod python;
mod python_idna;
mod ranges;
mod requests;
mod rust_idna;

use serde::Serialize;
use std::borrow::Cow;
use std::sync::OnceLock;

/// One runtime's call, by the id every output uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Runtime {
    /// `python-codec`: Python 3.11 `name.encode("idna")` (also what `socket` does).
    PythonCodec,
    /// `python-idna`: `idna.encode(name)` of PyPI's `idna` 3.20 under Python 3.11.
    PythonIdna,
    /// `python-idna-uts46`: the same with `uts46=True`.
    PythonIdnaUts46,
    /// `python-requests`: the host requests 2.34 (urllib3 2.7, idna 3.20)
    /// connects to for `requests.get("http://" + name + "/")`.
    PythonRequests,
    /// `java-idn`: Java 17 `java.net.IDN.toASCII(name)`, flags 0.
    JavaIdn,
    /// `icu-uts46`: ICU 72 `uidna_openUTS46(UIDNA_DEFAULT)` and
    /// `uidna_nameToASCII`, failing on any error (PHP 8.2 `idn_to_ascii`).
    IcuUts46,
    /// `icu-uts46-nontransitional`: the same with NONTRANSITIONAL_TO_ASCII,
    /// CHECK_BIDI and CHECK_CONTEXTJ.
    IcuUts46Nontransitional,
    /// `node-url`: Node.js 20 `new URL("http://" + name + "/").hostname` (ada 2.9.2).
    NodeUrl,
    /// `node-domain-to-ascii`: Node.js 20 `url.domainToASCII(name)` (ada 2.9.2), `''` on failure.
    NodeDomainToAscii,
    /// `go-lookup`: Go 1.19 `idna.Lookup.ToASCII(name)` of golang.org/x/net/idna 0.7.
    GoLookup,
    /// `go-net-http`: the host Go 1.19's `net/http` dials for `http://NAME/`:
    /// converted by `idna.Lookup.ToASCII`, or raw when that fails.
    GoNetHttp,
    /// `idn2`: the `idn2` command of GNU libidn2 2.3.3 on one name, by default.
    Idn2,
    /// `curl`: the Host curl 7.88 sends for `http://NAME/` (libidn2,
    /// nontransitional, then transitional on failure).
    Curl,
    /// `glibc-ai-idn`: glibc 2.36 `getaddrinfo` with `AI_IDN` under a UTF-8 locale.
    GlibcAiIdn,
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

impl Outcome {
    /// The outcome as every output writes it: `ascii`, `raw` or `error`
    /// (serde's name for it too; `the_runtimes_object_is_serde_jsons`).
    pub fn id(self) -> &'static str {
        match self {
            Outcome::Ascii => "ascii",
            Outcome::Raw => "raw",
            Outcome::Error => "error",
        }
    }
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
    /// What happened, in one sentence (the same text for every plain name:
    /// borrowed then).
    pub sentence: Cow<'static, str>,
}

impl Answer {
    fn ascii(runtime: Runtime, host: String, rule: &'static str, sentence: String) -> Answer {
        Answer {
            runtime,
            outcome: Outcome::Ascii,
            host: Some(host),
            error: None,
            rule,
            sentence: sentence.into(),
        }
    }

    fn raw(runtime: Runtime, host: String, rule: &'static str, sentence: String) -> Answer {
        Answer {
            runtime,
            outcome: Outcome::Raw,
            host: Some(host),
            error: None,
            rule,
            sentence: sentence.into(),
        }
    }

    fn error(runtime: Runtime, error: String, rule: &'static str, sentence: String) -> Answer {
        Answer {
            runtime,
            outcome: Outcome::Error,
            host: None,
            error: Some(error),
            rule,
            sentence: sentence.into(),
        }
    }
}

impl Runtime {
    /// Every runtime modelled, in display order.
    pub const ALL: [Runtime; 16] = [
        Runtime::PythonCodec,
        Runtime::PythonIdna,
        Runtime::PythonIdnaUts46,
        Runtime::PythonRequests,
        Runtime::JavaIdn,
        Runtime::IcuUts46,
        Runtime::IcuUts46Nontransitional,
        Runtime::NodeUrl,
        Runtime::NodeDomainToAscii,
        Runtime::GoLookup,
        Runtime::GoNetHttp,
        Runtime::Idn2,
        Runtime::Curl,
        Runtime::GlibcAiIdn,
        Runtime::PerlNetIdn,
        Runtime::RustIdna,
    ];

    /// The id every output uses, e.g. `"java-idn"`: lower-case ASCII
    /// letters and hyphens (a JSON key without an escape).
    pub fn id(self) -> &'static str {
        match self {
            Runtime::PythonCodec => "python-codec",
            Runtime::PythonIdna => "python-idna",
            Runtime::PythonIdnaUts46 => "python-idna-uts46",
            Runtime::PythonRequests => "python-requests",
            Runtime::JavaIdn => "java-idn",
            Runtime::IcuUts46 => "icu-uts46",
            Runtime::IcuUts46Nontransitional => "icu-uts46-nontransitional",
            Runtime::NodeUrl => "node-url",
            Runtime::NodeDomainToAscii => "node-domain-to-ascii",
            Runtime::GoLookup => "go-lookup",
            Runtime::GoNetHttp => "go-net-http",
            Runtime::Idn2 => "idn2",
            Runtime::Curl => "curl",
            Runtime::GlibcAiIdn => "glibc-ai-idn",
            Runtime::PerlNetIdn => "perl-net-idn",
            Runtime::RustIdna => "rust-idna",
        }
    }

    /// The runtime's place in [`Runtime::ALL`].
    fn index(self) -> usize {
        self as usize
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
            Runtime::PythonRequests => "Python 3.11 requests.get(\"http://\" + name + \"/\"): the host it connects to",
            Runtime::JavaIdn => "Java 17 java.net.IDN.toASCII(name)",
            Runtime::IcuUts46 => "ICU 72 uidna_nameToASCII, UIDNA_DEFAULT (PHP 8.2 idn_to_ascii)",
            Runtime::IcuUts46Nontransitional => {
                "ICU 72 uidna_nameToASCII, NONTRANSITIONAL_TO_ASCII | CHECK_BIDI | CHECK_CONTEXTJ"
            }
            Runtime::NodeUrl => "Node.js 20 new URL(\"http://\" + name + \"/\").hostname",
            Runtime::NodeDomainToAscii => "Node.js 20 url.domainToASCII(name)",
            Runtime::GoLookup => "Go 1.19 idna.Lookup.ToASCII(name), golang.org/x/net/idna 0.7",
            Runtime::GoNetHttp => "Go 1.19 net/http GET http://NAME/: the host it dials",
            Runtime::Idn2 => "idn2 NAME (GNU libidn2 idn2_lookup_ul, IDN2_NONTRANSITIONAL), UTF-8 locale",
            Runtime::Curl => "curl -g http://NAME/ (Host sent, no proxy), UTF-8 locale",
            Runtime::GlibcAiIdn => "glibc getaddrinfo(name, AI_IDN), UTF-8 locale",
            Runtime::PerlNetIdn => "Perl 5.36 Net::IDN::Encode::domain_to_ascii($name)",
            Runtime::RustIdna => "Rust idna::domain_to_ascii(name), crate idna 1.1.0",
        }
    }

    /// The version the model follows, as measured on the running runtime.
    pub fn version(self) -> &'static str {
        match self {
            Runtime::PythonCodec => "CPython 3.11.2 (Debian 12), Unicode 14.0 for str.lower()",
            Runtime::PythonRequests => "requests 2.34.2 with urllib3 2.7.0 and idna 3.20 on CPython 3.11 (Unicode 14.0)",
            Runtime::PythonIdna | Runtime::PythonIdnaUts46 => {
                "idna 3.20 (its tables of Unicode 18.0) on CPython 3.11 (unicodedata of Unicode 14.0)"
            }
            Runtime::JavaIdn => "OpenJDK 17.0.15 and 17.0.21 (Debian 12)",
            Runtime::IcuUts46 | Runtime::IcuUts46Nontransitional => "ICU 72.1 (Debian 12)",
            Runtime::NodeUrl | Runtime::NodeDomainToAscii => "Node.js 20.20.2 with ada 2.9.2",
            Runtime::GoLookup => {
                "go1.19.8 (Debian 12) with golang.org/x/net 0.7.0 (golang-golang-x-net-dev), idna.UnicodeVersion 13.0.0"
            }
            Runtime::GoNetHttp => {
                "go1.19.8 (Debian 12), net/http with its vendored golang.org/x/net v0.0.0-20230214200805 (the idna code and Unicode 13.0.0 tables of x/net 0.7)"
            }
            Runtime::Idn2 => "idn2 and libidn2 2.3.3 (Debian 12), libunistring 1.0",
            Runtime::Curl => "curl 7.88.1 (Debian 12) with libidn2 2.3.3, libunistring 1.0",
            Runtime::GlibcAiIdn => "glibc 2.36 (Debian 12) with libidn2 2.3.3, libunistring 1.0",
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
            Runtime::PythonRequests => {
                "urllib3's URL parsing, then per label: str.lower(), IDNA2008 (RFC 5891-5893) without mapping; ASCII labels only lower-cased"
            }
            Runtime::JavaIdn => "IDNA2003 (RFC 3490, Nameprep of Unicode 3.2), no AllowUnassigned, no STD3 rules",
            Runtime::IcuUts46 => "UTS #46 of Unicode 15.0, transitional, CheckHyphens and DNS lengths, no Bidi or ContextJ",
            Runtime::IcuUts46Nontransitional => {
                "UTS #46 of Unicode 15.0, nontransitional, CheckHyphens, DNS lengths, CheckBidi, CheckJoiners"
            }
            Runtime::NodeUrl | Runtime::NodeDomainToAscii => {
                "URL Standard host parser with ada's own UTS #46 (Unicode 15.0, nontransitional, no hyphen or length checks; its own ContextJ and Bidi checks)"
            }
            Runtime::GoLookup => {
                "UTS #46 of Unicode 13.0, nontransitional, UseSTD3ASCIIRules, CheckHyphens (on UTF-8 bytes), CheckJoiners, CheckBidi, no VerifyDnsLength"
            }
            Runtime::GoNetHttp => {
                "An ASCII host as given; otherwise idna.Lookup.ToASCII (UTS #46 of Unicode 13.0), the host unconverted when that fails"
            }
            Runtime::Idn2 => LIBIDN2_STANDARD,
            Runtime::Curl => {
                "libidn2 as idn2 for a non-ASCII host, then UTS #46 transitional (no IDNA2008 checks) where that fails; ASCII hosts sent as written"
            }
            Runtime::GlibcAiIdn => "libidn2 as idn2 for a non-ASCII name; ASCII names looked up as written",
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
            Runtime::PythonRequests => requests::prepared_host(input),
            Runtime::JavaIdn => java::to_ascii(input),
            Runtime::IcuUts46 => icu::name_to_ascii(input, icu::Mode::Default),
            Runtime::IcuUts46Nontransitional => icu::name_to_ascii(input, icu::Mode::Nontransitional),
            Runtime::NodeUrl => node::url_hostname(input),
            Runtime::NodeDomainToAscii => node::domain_to_ascii(input),
            Runtime::GoLookup => go_idna::lookup(input),
            Runtime::GoNetHttp => go_http::get(input),
            Runtime::Idn2 => idn2::to_ascii(input),
            Runtime::Curl => curl::request(input),
            Runtime::GlibcAiIdn => glibc::getaddrinfo(input),
            Runtime::PerlNetIdn => perl_net_idn::domain_to_ascii(input),
            Runtime::RustIdna => rust_idna::domain_to_ascii(input),
        }
    }
}

impl Runtime {
    /// Other calls of the same library that the models cover, as a user
    /// would write them, in the order a hint tries them.
    fn alternatives(self) -> &'static [(&'static str, Runtime)] {
        match self {
            Runtime::PythonCodec => &[("the idna package's idna.encode(name, uts46=True)", Runtime::PythonIdnaUts46)],
            Runtime::PythonIdna => &[(
                "idna.encode(name, uts46=True), which maps the name first,",
                Runtime::PythonIdnaUts46,
            )],
            Runtime::IcuUts46Nontransitional => &[("uidna_openUTS46(UIDNA_DEFAULT)", Runtime::IcuUts46)],
            _ => &[],
        }
    }

    /// What would make this runtime accept `input` where it refuses it or
    /// passes it on unconverted (`answer` is its answer): for a refused text
    /// that holds a host to take (a URL, an e-mail address, `host:port`:
    /// [`crate::pasted::take_host`]), the host alone; else another call of
    /// the same library, else the name written as its UTS #46 U-labels or
    /// A-labels (nontransitional, every check on, the bundled table); each
    /// tried on the models. `None` when nothing tried helps.
    pub fn hint(self, input: &str, answer: &Answer) -> Option<String> {
        if answer.outcome == Outcome::Error
            && let Ok(pasted) = crate::pasted::take_host(input)
            && pasted.changed()
            && let Some(host) = self.run(&pasted.host).host
        {
            return Some(format!(
                "Handed the host alone, {}, as a program that parses {} does, it gives {host}.",
                pasted.host,
                pasted.taken_from.noun()
            ));
        }
        // A module that models its library's other calls itself says first.
        let own = match self {
            Runtime::GoLookup => go_idna::hint(input, answer),
            Runtime::GoNetHttp => go_http::hint(input, answer),
            Runtime::Idn2 => idn2::hint(input, answer),
            Runtime::Curl => curl::hint(input, answer),
            Runtime::GlibcAiIdn => glibc::hint(input, answer),
            Runtime::PerlNetIdn => perl_net_idn::hint(input, answer),
            _ => None,
        };
        if own.is_some() || answer.outcome != Outcome::Error {
            return own;
        }
        for &(call, other) in self.alternatives() {
            if let Some(host) = other.run(input).host {
                return Some(format!("{call} gives {host}."));
            }
        }
        let engine = crate::uts46::Uts46::new();
        let results = engine.process(input, &crate::uts46::Options::default());
        let written = [
            (&results.to_unicode, "its UTS #46 U-labels"),
            (&results.to_ascii_n, "its A-labels"),
        ];
        written.into_iter().find_map(|(form, what)| {
            let usable = form.errors.is_empty() && form.value != input;
            let host = usable.then(|| self.run(&form.value).host).flatten()?;
            Some(format!("Written as {what}, {}, it gives {host}.", form.value))
        })
    }
}
/// What libidn2 2.3.3's default lookup implements (`idn2`, and `curl` and
/// `glibc-ai-idn` for non-ASCII names).
const LIBIDN2_STANDARD: &str = "UTS #46 nontransitional of Unicode 14.0 without STD3 rules, then IDNA2008 (RFC 5891) checks of each non-ASCII label on libidn2's table of Unicode 12 (its Bidi rule per label, CONTEXTO rules not applied)";

/// `text` in NFC by the unicode-normalization crate (Unicode 16.0), as the
/// models that normalize with it compute it: the crate's quick check first,
/// whose `Yes` means the text is its own NFC (UAX #15 §9), so it is kept.
fn nfc_of(text: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
    match is_nfc_quick(text.chars()) {
        IsNormalized::Yes => std::borrow::Cow::Borrowed(text),
        _ => text.nfc().collect::<String>().into(),
    }
}

/// [`nfc_of`] of code points held as `char`s.
fn nfc_chars(chars: Vec<char>) -> Vec<char> {
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
    match is_nfc_quick(chars.iter().copied()) {
        IsNormalized::Yes => chars,
        _ => chars.into_iter().nfc().collect(),
    }
}

/// The label loop the Python runtimes share (`Codec.encode`, `idna.encode`):
/// `input` split at `separators` (the four label separators of RFC 3490
/// §3.1, or U+002E alone for `idna.encode(…, strict=True)`), one empty last
/// label dropped as the root, each label through `convert`, joined with
/// U+002E and the root's dot put back. The first error ends it.
fn each_label<E>(
    input: &str,
    separators: &[char],
    mut convert: impl FnMut(&str) -> Result<String, E>,
) -> Result<(String, bool), E> {
    let mut labels: Vec<&str> = input.split(separators).collect();
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

/// Every runtime's answer on `input`, in [`Runtime::ALL`] order, each
/// from its model. The two ICU calls read one facts pass of ICU 72's
/// table; `idn2`, `curl` and `glibc-ai-idn` share libidn2's
/// nontransitional lookup of the name.
pub fn run_all(input: &str) -> Vec<Answer> {
    run_all_knowing(input, None).into_vec()
}

/// [`run_all`], where `known` is what the engine made of `input` under
/// every check with the bundled table (a batch's results, when its
/// nontransitional ToASCII has no error): the runtimes whose answer that
/// tells (a plain name: `gate`) are answered from it, the others by their
/// models. The answers are [`run_all`]'s (`tests/runtime_gate.rs`).
pub fn run_all_knowing(input: &str, known: Option<&Known<'_>>) -> Answers {
    let mut answers = match known {
        Some(known) => gate::plain_runtimes(input, known).answers(input, known),
        None => Answers::untold(gate::Shape::default()),
    };
    // Room for every model's answer at once: growing it answer by answer
    // moved the answers made so far, on every name with an error.
    let untold = answers.slots.iter().filter(|&&slot| slot == Slot::Untold).count();
    answers.models.reserve_exact(untold);
    let mut icu: Option<[Option<Answer>; 2]> = None;
    let mut lookup: Option<libidn2::Lookup> = None;
    for runtime in Runtime::ALL {
        if answers.slots[runtime.index()] != Slot::Untold {
            continue;
        }
        let answer = match runtime {
            Runtime::IcuUts46 | Runtime::IcuUts46Nontransitional => {
                // Both calls are made once; each answer is taken by its runtime.
                let both = icu.get_or_insert_with(|| icu::both(input).map(Some));
                let at = usize::from(runtime == Runtime::IcuUts46Nontransitional);
                both[at].take().expect("each ICU runtime is asked once")
            }
            Runtime::Idn2 => idn2::answer(input, lookup.get_or_insert_with(|| libidn2::Lookup::new(input))),
            Runtime::Curl => curl::answer(input, lookup.get_or_insert_with(|| libidn2::Lookup::new(input))),
            Runtime::GlibcAiIdn => glibc::answer(input, lookup.get_or_insert_with(|| libidn2::Lookup::new(input))),
            other => other.run(input),
        };
        answers.put(answer);
    }
    answers
}

/// Every runtime's answer on one name ([`run_all_knowing`]): each the
/// gate's, which holds only which of the name's hosts the runtime looks
/// up, or its model's. [`Answers::get`] views one in place;
/// [`Answers::into_vec`] makes them [`Answer`]s.
#[derive(Clone, Debug)]
pub struct Answers {
    /// The hosts the gate's answers look up, back to back (each once).
    hosts: String,
    /// The name's shape, which picks the gate's rule and sentence.
    shape: gate::Shape,
    /// Per runtime, in [`Runtime::ALL`] order, where its answer is.
    slots: [Slot; Runtime::ALL.len()],
    /// The models' answers.
    models: Vec<Answer>,
}

/// Where [`Answers`] holds one runtime's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// Not answered yet.
    Untold,
    /// The gate's: it looks up `hosts[start..end]`.
    Gated(u32, u32),
    /// Its model's: `models[index]`.
    Model(u32),
}

/// One runtime's answer in [`Answers`]: [`Answer`]'s fields, borrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerRef<'a> {
    /// The runtime.
    pub runtime: Runtime,
    /// What it does with the name.
    pub outcome: Outcome,
    /// What it looks up or sends, as that runtime writes it (not on error).
    pub host: Option<&'a str>,
    /// Its error, in its own words (on error).
    pub error: Option<&'a str>,
    /// The upstream rule or step that decided, as upstream names it.
    pub rule: &'static str,
    /// What happened, in one sentence.
    pub sentence: &'a str,
}

impl Answers {
    /// No runtime answered yet, on a name of `shape`.
    fn untold(shape: gate::Shape) -> Answers {
        Answers {
            hosts: String::new(),
            shape,
            slots: [Slot::Untold; Runtime::ALL.len()],
            models: Vec::new(),
        }
    }

    /// Keeps `host` for the gate's answers: where it is in the hosts.
    fn keep_host(&mut self, host: &str) -> (u32, u32) {
        let start = self.hosts.len();
        self.hosts.push_str(host);
        // A told name is at most 253 bytes, and so is each of its hosts.
        (start as u32, self.hosts.len() as u32)
    }

    /// The gate's answer for each of `runtimes` (a bit per runtime, in
    /// [`Runtime::ALL`] order): it looks up the kept host at `at`.
    fn tell(&mut self, runtimes: gate::Runtimes, at: (u32, u32)) {
        let mut rest = runtimes;
        while rest != 0 {
            self.slots[rest.trailing_zeros() as usize] = Slot::Gated(at.0, at.1);
            rest &= rest - 1;
        }
    }

    /// A model's answer, for its runtime.
    fn put(&mut self, answer: Answer) {
        self.slots[answer.runtime.index()] = Slot::Model(self.models.len() as u32);
        self.models.push(answer);
    }

    /// The answer of `runtime`, when there is one yet.
    fn told(&self, runtime: Runtime) -> Option<AnswerRef<'_>> {
        match self.slots[runtime.index()] {
            Slot::Untold => None,
            Slot::Gated(start, end) => {
                let (rule, sentence) = gate::template(runtime, self.shape);
                Some(AnswerRef {
                    runtime,
                    outcome: Outcome::Ascii,
                    host: Some(&self.hosts[start as usize..end as usize]),
                    error: None,
                    rule,
                    sentence,
                })
            }
            Slot::Model(index) => Some(self.models[index as usize].view()),
        }
    }

    /// The answer of `runtime`.
    pub fn get(&self, runtime: Runtime) -> AnswerRef<'_> {
        self.told(runtime).expect("every runtime answers (run_all_knowing)")
    }

    /// What `runtime` does with the name ([`Answers::get`]'s outcome).
    pub fn outcome(&self, runtime: Runtime) -> Outcome {
        match self.slots[runtime.index()] {
            Slot::Gated(..) => Outcome::Ascii,
            _ => self.get(runtime).outcome,
        }
    }

    /// Every runtime's answer, in [`Runtime::ALL`] order, as [`Answer`]s.
    pub fn into_vec(mut self) -> Vec<Answer> {
        let mut models: Vec<Option<Answer>> = std::mem::take(&mut self.models).into_iter().map(Some).collect();
        Runtime::ALL
            .into_iter()
            .map(|runtime| match self.slots[runtime.index()] {
                Slot::Model(index) => models[index as usize].take().expect("one runtime per model's answer"),
                _ => self.get(runtime).to_answer(),
            })
            .collect()
    }

    /// Appends the answers to `out` as the JSON object of `batch
    /// --runtimes`: each runtime's id, in the byte order of the ids, with
    /// its answer's `error` and `host` (where it has them), `outcome` and
    /// `rule`; the text serde_json gives them as a map of maps, escapes
    /// and all (`the_runtimes_object_is_serde_jsons`; a gated answer's:
    /// `the_gates_runtimes_object_is_serde_jsons_of_the_models_answers`).
    pub fn write_json(&self, out: &mut Vec<u8>) {
        // A gated host is written without an escape where none of the
        // hosts needs one: each is between quotes as it is.
        let plain = json_plain(&self.hosts);
        let parts = json_parts();
        let gated = |at: usize| plain && matches!(self.slots[parts[at].0.index()], Slot::Gated(..));
        out.push(b'{');
        for (at, (runtime, key, gate)) in parts.iter().enumerate() {
            let comma = usize::from(at == 0);
            match self.slots[runtime.index()] {
                Slot::Gated(start, end) if plain => {
                    // The text before the host, unless the runtime before
                    // wrote it with its own text after its host.
                    if at == 0 || !gated(at - 1) {
                        gate.before[comma].put(out);
                    }
                    out.extend_from_slice(&self.hosts.as_bytes()[start as usize..end as usize]);
                    let shape = self.shape as usize;
                    match at + 1 < parts.len() && gated(at + 1) {
                        true => gate.between[shape].put(out),
                        false => gate.after[shape].put(out),
                    }
                }
                _ => {
                    let answer = self.get(*runtime);
                    out.extend_from_slice(&key[comma..]);
                    if let Some(error) = answer.error {
                        out.extend_from_slice(b"\"error\":");
                        json_string(out, error);
                        out.push(b',');
                    }
                    if let Some(host) = answer.host {
                        out.extend_from_slice(b"\"host\":");
                        json_string(out, host);
                        out.push(b',');
                    }
                    // An outcome's id needs no escape (`Outcome::id`).
                    out.extend_from_slice(b"\"outcome\":\"");
                    out.extend_from_slice(answer.outcome.id().as_bytes());
                    out.extend_from_slice(b"\",\"rule\":");
                    json_string(out, answer.rule);
                    out.push(b'}');
                }
            }
        }
        out.push(b'}');
    }
}

/// A piece of [`Answers::write_json`]'s text, held in a block of a fixed
/// size so that it is copied without a call that reads its length.
struct Piece {
    bytes: [u8; Piece::ROOM],
    len: usize,
}

impl Piece {
    /// The bytes a piece holds at most (the longest is about a hundred).
    const ROOM: usize = 128;

    fn of(text: &[u8]) -> Piece {
        assert!(text.len() <= Piece::ROOM, "a piece of the runtimes object fits its block");
        let mut bytes = [0; Piece::ROOM];
        bytes[..text.len()].copy_from_slice(text);
        Piece { bytes, len: text.len() }
    }

    /// Appends the piece to `out`: the whole block, cut back to the piece.
    fn put(&self, out: &mut Vec<u8>) {
        let at = out.len();
        out.extend_from_slice(&self.bytes);
        out.truncate(at + self.len);
    }
}

/// A gated answer's text around its host, per runtime.
struct GateParts {
    /// Before the host (`,"<id>":{"host":"`), after another runtime's
    /// answer ([0]) and first ([1]).
    before: [Piece; 2],
    /// After the host, per [`gate::Shape`]: `","outcome":"ascii","rule":…}`.
    after: [Piece; 3],
    /// After the host, and then before the next runtime's host, per shape:
    /// where both are gated, one piece.
    between: [Piece; 3],
}

/// Per runtime, in the byte order of the ids: its key as the object writes it after
/// another (`,"<id>":{`), and the text of its gated answer
/// ([`Answers::write_json`]).
fn json_parts() -> &'static [(Runtime, Vec<u8>, GateParts); Runtime::ALL.len()] {
    static PARTS: OnceLock<[(Runtime, Vec<u8>, GateParts); Runtime::ALL.len()]> = OnceLock::new();
    PARTS.get_or_init(|| {
        let shapes = [gate::Shape::Ascii, gate::Shape::NonAscii, gate::Shape::ALabel];
        // An id needs no escape (`Runtime::id`).
        let key = |runtime: Runtime| format!(",\"{}\":{{", runtime.id()).into_bytes();
        let before = |runtime: Runtime| [key(runtime).as_slice(), b"\"host\":\""].concat();
        let after = |runtime: Runtime, shape: gate::Shape| {
            let mut after = format!("\",\"outcome\":\"{}\",\"rule\":", Outcome::Ascii.id()).into_bytes();
            json_string(&mut after, gate::template(runtime, shape).0);
            after.push(b'}');
            after
        };
        let mut order = Runtime::ALL;
        order.sort_by_key(|runtime| runtime.id());
        std::array::from_fn(|at| {
            let runtime = order[at];
            let next = order.get(at + 1).copied();
            let gate = GateParts {
                before: [Piece::of(&before(runtime)), Piece::of(&before(runtime)[1..])],
                after: shapes.map(|shape| Piece::of(&after(runtime, shape))),
                between: shapes.map(|shape| {
                    let next = next.map(before).unwrap_or_default();
                    Piece::of(&[after(runtime, shape), next].concat())
                }),
            };
            (runtime, key(runtime), gate)
        })
    })
}

/// True when `text` needs no escape in a JSON string: no control
/// character, `"` or `\\`.
fn json_plain(text: &str) -> bool {
    // Every byte looked at (no early exit): the loop runs on vectors.
    text.bytes()
        .fold(true, |all, byte| all & (byte >= 0x20) & (byte != b'"') & (byte != b'\\'))
}

/// Appends `text` as a JSON string, as serde_json writes it.
fn json_string(out: &mut Vec<u8>, text: &str) {
    if json_plain(text) {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    } else {
        serde_json::to_writer(out, text).expect("a string is written to memory");
    }
}

impl From<Vec<Answer>> for Answers {
    /// `answers`, one per runtime (a later one of the same runtime replaces
    /// an earlier). Panics on [`Answers::get`] of a runtime without one.
    fn from(answers: Vec<Answer>) -> Answers {
        let mut all = Answers::untold(gate::Shape::default());
        for answer in answers {
            all.put(answer);
        }
        all
    }
}

impl Answer {
    /// This answer's fields, borrowed.
    fn view(&self) -> AnswerRef<'_> {
        AnswerRef {
            runtime: self.runtime,
            outcome: self.outcome,
            host: self.host.as_deref(),
            error: self.error.as_deref(),
            rule: self.rule,
            sentence: &self.sentence,
        }
    }
}

impl AnswerRef<'_> {
    /// The answer, owned.
    fn to_answer(self) -> Answer {
        Answer {
            runtime: self.runtime,
            outcome: self.outcome,
            host: self.host.map(str::to_string),
            error: self.error.map(str::to_string),
            rule: self.rule,
            sentence: self.sentence.to_string().into(),
        }
    }
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
            if let Some(hint) = answer.runtime.hint(input, answer) {
                let _ = writeln!(out, "  {:<26} To pass: {hint}", "");
            }
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
