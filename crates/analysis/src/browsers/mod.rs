//! Will a browser's address bar show this name in Unicode or as Punycode,
//! and why? Ports of the display decisions of Chromium ([`chromium`]),
//! Firefox ([`firefox`]) and WebKit/Safari ([`webkit`]), each checking
//! what its upstream source checks, in its order, under its names. Every
//! browser first parses the host as its URL parser does: a name it rejects
//! does not load ([`Display::Rejected`]).
//!
//! Each port reads the Unicode data of the browser build it follows
//! ([`Browser::build`]), whatever table the engine of the rest of the
//! program uses: Chromium 156 and Firefox 153 bundle ICU 78 (UTS #46 and
//! UTS #39 data of Unicode 17.0), WebKitGTK 2.50 uses Debian 12's ICU 72
//! (UTS #46 of Unicode 15.0). `tests/real_browsers.rs` compares the ports
//! with those browsers, run here.
//!
//! ```
//! use idna_inspector_analysis::browsers::{self, Display};
//! let verdicts = browsers::verdicts("аррӏе.com", &browsers::chromium::TopDomains::default());
//! assert_eq!(verdicts.chromium.display, Display::Punycode);
//! assert_eq!(verdicts.chromium.rule.name(), "kWholeScriptConfusable");
//! ```

pub mod chromium;
pub mod firefox;
pub mod webkit;

use crate::facts::{Facts, View};
use crate::profiles::whatwg;
use crate::properties::generated::{Generated, generated};
use crate::table::MappingTable;
use crate::uts46::validity::may_hold_a_label;
use crate::uts46::{ErrorCode, Options, Results, ResultsRef, Uts46};
use serde::Serialize;

/// A decoded label with ICU's checks the caller found in it already, and
/// its characters, which the caller decoded: each browser's checks read
/// them there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KnownLabel<'a> {
    pub(crate) text: &'a str,
    pub(crate) chars: &'a [char],
    pub(crate) checks: chromium::uspoof::KnownChecks,
}

/// The three browsers whose display logic is ported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Browser {
    /// Chromium (Chrome, Edge): `url_formatter`'s `IDNToUnicodeWithAdjustmentsImpl` and its spoof checker.
    Chromium,
    /// Firefox: `nsIDNService::IsLabelSafe`.
    Firefox,
    /// WebKit (Safari): `mapHostName` in `URLHelpers.cpp`.
    WebKit,
}

impl Browser {
    /// The three browsers, in the order of verdicts, columns and counts.
    pub const ALL: [Browser; 3] = [Browser::Chromium, Browser::Firefox, Browser::WebKit];

    /// The name for people, e.g. `WebKit (Safari)`.
    pub fn name(self) -> &'static str {
        match self {
            Browser::Chromium => "Chromium (Chrome, Edge)",
            Browser::Firefox => "Firefox",
            Browser::WebKit => "WebKit (Safari)",
        }
    }

    /// The short name of table columns: `Chromium`, `Firefox`, `Safari`.
    pub fn short_name(self) -> &'static str {
        match self {
            Browser::Chromium => "Chromium",
            Browser::Firefox => "Firefox",
            Browser::WebKit => "Safari",
        }
    }

    /// The key of the batch columns (`chromium_display`, …).
    pub fn key(self) -> &'static str {
        match self {
            Browser::Chromium => "chromium",
            Browser::Firefox => "firefox",
            Browser::WebKit => "webkit",
        }
    }

    /// The browser build the port follows, whose answers
    /// `tests/real_browsers.rs` compares with (Debian 12's packages).
    pub fn build(self) -> &'static str {
        match self {
            Browser::Chromium => "Chromium 156",
            Browser::Firefox => "Firefox ESR 153",
            Browser::WebKit => "WebKitGTK 2.50",
        }
    }

    /// The Unicode data the build uses, in words.
    pub fn data(self) -> &'static str {
        match self {
            Browser::Chromium => "ICU 78: UTS #46 and UTS #39 data of Unicode 17.0",
            Browser::Firefox => "ICU 78 and ICU4X: UTS #46 and UTS #39 data of Unicode 17.0",
            Browser::WebKit => "the system's ICU 72: UTS #46 data of Unicode 15.0",
        }
    }

    /// The UTS #46 engine over the mapping table of the build's ICU.
    pub(crate) fn engine(self) -> Uts46<'static> {
        match self {
            Browser::Chromium | Browser::Firefox => Uts46::with_table(MappingTable::browsers()),
            Browser::WebKit => Uts46::with_table(MappingTable::webkit()),
        }
    }
}

/// True when `c` has the same row in WebKit's table as in Chromium's and
/// Firefox's: neither a code point of Unicode 15.1 or later nor one whose
/// row 15.1 changed. Asked of every character of a name: the answer
/// from its table (planes 0 to 3).
fn same_for_webkit(c: char) -> bool {
    c.is_ascii() || SAME_FOR_WEBKIT.get(c, rows_equal_for_webkit)
}

/// [`same_for_webkit`] of every character of `text`: one pass over the
/// bytes when each is in [`SAME_FOR_WEBKIT_BYTES`] (most names: no
/// character is decoded or looked up), else character by character.
fn all_same_for_webkit(text: &str) -> bool {
    let in_set = |byte: u8| SAME_FOR_WEBKIT_BYTES[usize::from(byte >> 6)] >> (byte & 63) & 1 != 0;
    text.bytes().all(in_set) || text.chars().all(same_for_webkit)
}

/// The bytes no character that [`same_for_webkit`] refuses starts with,
/// as a bit per byte: ASCII, the continuation bytes, and each lead byte all
/// of whose characters have the same row in WebKit's table. Of the leads,
/// 0xD3 (U+04C0–U+04FF, whose palochka 15.1 remapped), 0xE0–0xE3, 0xEA and
/// 0xEF hold characters of 15.1 or later or rows it changed, and four-byte
/// characters are not asked about here. A test derives it from the table.
const SAME_FOR_WEBKIT_BYTES: [u64; 4] = [u64::MAX, u64::MAX, u64::MAX, 0x0000_7BF0_FFF7_FFFC];

/// [`same_for_webkit`] of planes 0 to 3, made from [`rows_equal_for_webkit`].
static SAME_FOR_WEBKIT: Generated<bool> = generated!("same_for_webkit");

/// [`same_for_webkit`], from the two tables' rows.
fn rows_equal_for_webkit(c: char) -> bool {
    let (older, newer) = (MappingTable::webkit().lookup(c), MappingTable::browsers().lookup(c));
    (older.status, older.mapping) == (newer.status, newer.mapping)
}

/// How a browser shows a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Display {
    /// Every label as Unicode (an ASCII name shows as it is).
    Unicode,
    /// At least one label as its A-label (`xn--…`).
    Punycode,
    /// The browser's URL parser refuses the host: the URL does not load,
    /// and nothing is shown for it.
    Rejected,
}

impl Display {
    /// True when `displays` (one per browser, [`Browser::ALL`] order, as
    /// [`BrowserRules::displays`] gives them) are not all the same.
    #[doc(hidden)]
    pub fn disagree(displays: [Display; 3]) -> bool {
        let [a, b, c] = displays;
        a != b || b != c
    }

    /// `unicode`, `punycode` or `rejected` (the JSON and CSV form).
    pub fn name(self) -> &'static str {
        match self {
            Display::Unicode => "unicode",
            Display::Punycode => "punycode",
            Display::Rejected => "rejected",
        }
    }

    /// `Unicode`, `Punycode` or `Rejected`, for people.
    pub fn title(self) -> &'static str {
        match self {
            Display::Unicode => "Unicode",
            Display::Punycode => "Punycode",
            Display::Rejected => "Rejected",
        }
    }
}

/// The rule that decided a browser's display, by its upstream name (which
/// is also its JSON form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A rule of the Chromium port.
    Chromium(chromium::Rule),
    /// A rule of the Firefox port.
    Firefox(firefox::Rule),
    /// A rule of the WebKit port.
    WebKit(webkit::Rule),
}

impl Rule {
    /// The name upstream gives the outcome (e.g. `kWholeScriptConfusable`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Chromium(rule) => rule.name(),
            Rule::Firefox(rule) => rule.name(),
            Rule::WebKit(rule) => rule.name(),
        }
    }

    /// What the rule says, in a sentence.
    pub fn sentence(self) -> &'static str {
        match self {
            Rule::Chromium(rule) => rule.sentence(),
            Rule::Firefox(rule) => rule.sentence(),
            Rule::WebKit(rule) => rule.sentence(),
        }
    }

    /// The display this rule leads to.
    pub fn display(self) -> Display {
        match self {
            Rule::Chromium(rule) => rule.display(),
            Rule::Firefox(rule) => rule.display(),
            Rule::WebKit(rule) => rule.display(),
        }
    }

    /// The browser whose port has this rule.
    pub fn browser(self) -> Browser {
        match self {
            Rule::Chromium(_) => Browser::Chromium,
            Rule::Firefox(_) => Browser::Firefox,
            Rule::WebKit(_) => Browser::WebKit,
        }
    }
}

impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl From<chromium::Rule> for Rule {
    fn from(rule: chromium::Rule) -> Self {
        Rule::Chromium(rule)
    }
}

impl From<firefox::Rule> for Rule {
    fn from(rule: firefox::Rule) -> Self {
        Rule::Firefox(rule)
    }
}

impl From<webkit::Rule> for Rule {
    fn from(rule: webkit::Rule) -> Self {
        Rule::WebKit(rule)
    }
}

/// One browser's verdict on a name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The browser.
    pub browser: Browser,
    /// How its address bar shows the name (the rule's display).
    pub display: Display,
    /// The rule that decided.
    pub rule: Rule,
    /// The label the rule fired on (its Unicode form), when it is about one label.
    pub label: Option<String>,
    /// The character the rule stopped at, where one did.
    pub character: Option<char>,
    /// What else triggered the rule, e.g. the UTS #46 codes or ICU's check bits.
    pub detail: Option<String>,
    /// Chromium: the top domain the name's skeleton matched.
    pub top_domain: Option<String>,
    /// The host as the address bar shows it.
    pub shown: String,
}

impl Verdict {
    fn new(rule: Rule, shown: String) -> Verdict {
        Verdict {
            browser: rule.browser(),
            display: rule.display(),
            rule,
            label: None,
            character: None,
            detail: None,
            top_domain: None,
            shown,
        }
    }

    fn with_detail(mut self, detail: Option<String>) -> Verdict {
        self.detail = detail;
        self
    }

    fn with_label(mut self, label: Option<String>) -> Verdict {
        self.label = label;
        self
    }

    fn with_character(mut self, character: Option<char>) -> Verdict {
        self.character = character;
        self
    }

    /// The host in the address bar, or `None` when the browser refuses it
    /// ([`Display::Rejected`]: nothing loads; [`Verdict::shown`] keeps it as typed).
    pub fn address_bar(&self) -> Option<&str> {
        (self.display != Display::Rejected).then_some(self.shown.as_str())
    }

    /// Where the rule fired, in words: the label, the character (U+XXXX and
    /// its name), the detail and the top domain, as far as known.
    pub fn context(&self) -> Vec<String> {
        let mut context = Vec::new();
        if let Some(label) = &self.label {
            context.push(format!("label “{label}”"));
        }
        if let Some(c) = self.character {
            context.push(format!(
                "{} {}",
                crate::display::code_point_label(c),
                crate::names::char_name(c)
            ));
        }
        if let Some(detail) = &self.detail {
            context.push(detail.clone());
        }
        if let Some(top) = &self.top_domain {
            context.push(format!("looks like {top}"));
        }
        context
    }
}

/// The three verdicts on one name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdicts {
    /// Chromium's verdict.
    pub chromium: Verdict,
    /// Firefox's verdict.
    pub firefox: Verdict,
    /// WebKit's (Safari's) verdict.
    pub webkit: Verdict,
}

impl Verdicts {
    /// The verdicts in [`Browser::ALL`] order.
    pub fn all(&self) -> [&Verdict; 3] {
        [&self.chromium, &self.firefox, &self.webkit]
    }

    /// The compact form a batch record keeps.
    pub fn rules(&self) -> BrowserRules {
        BrowserRules::of(self.all().map(|verdict| verdict.rule))
    }
}

/// Each browser's deciding rule (its display follows from it): what a batch
/// record stores, one byte a browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BrowserRules {
    /// Chromium's deciding rule.
    pub chromium: chromium::Rule,
    /// Firefox's deciding rule.
    pub firefox: firefox::Rule,
    /// WebKit's deciding rule.
    pub webkit: webkit::Rule,
}

impl BrowserRules {
    /// The rules of the three verdicts, in [`Browser::ALL`] order (a rule
    /// of another browser than its place's is that place's InvalidHost).
    pub(crate) fn of([chromium, firefox, webkit]: [Rule; 3]) -> BrowserRules {
        BrowserRules {
            chromium: match chromium {
                Rule::Chromium(rule) => rule,
                _ => chromium::Rule::InvalidHost,
            },
            firefox: match firefox {
                Rule::Firefox(rule) => rule,
                _ => firefox::Rule::InvalidHost,
            },
            webkit: match webkit {
                Rule::WebKit(rule) => rule,
                _ => webkit::Rule::InvalidHost,
            },
        }
    }

    /// The rules in [`Browser::ALL`] order.
    pub fn all(&self) -> [Rule; 3] {
        [self.chromium.into(), self.firefox.into(), self.webkit.into()]
    }

    /// How each browser shows the name, in [`Browser::ALL`] order.
    pub fn displays(&self) -> [Display; 3] {
        self.all().map(Rule::display)
    }

    /// True when the browsers do not all show the name the same way.
    pub fn disagree(&self) -> bool {
        Display::disagree(self.displays())
    }
}

/// A host as Firefox's and WebKit's URL parsers leave it, with the
/// ToUnicode both then display it from.
pub(crate) struct UrlHost<'k> {
    /// The host, or why the URL does not load.
    pub host: Result<whatwg::Host, String>,
    /// The domain to ASCII result when it ends in a number, which the
    /// URL Standard's IPv4 parser read for `host` (Firefox's own reads it too).
    pub number: Option<String>,
    /// For a domain: UTS #46 ToUnicode with CheckBidi and CheckJoiners,
    /// nontransitional, no STD3, hyphen or length rules (Firefox's
    /// `idna_glue`, WebKit's transcoder), without the errors both tolerate:
    /// an empty label, the lengths, the hyphen rules. Borrowed from the
    /// caller's ToUnicode of the name when that tells it.
    pub display: Option<View<'k>>,
}

impl<'k> UrlHost<'k> {
    /// The URL Standard's host parser, where an ASCII host's `xn--` labels
    /// are decoded and validated too (UTS #46 ToASCII with the Standard's
    /// flags), as the Standard did before its August 2026 draft and as both
    /// browsers' parsers still do (the `idna` crate's `domain_to_ascii`;
    /// WebKit's `URLParser`).
    /// `facts`: what is known of `input` already ([`Facts`]).
    pub fn parse(engine: &Uts46<'_>, input: &str, facts: &Facts<'k>) -> UrlHost<'k> {
        let (parsed, number) = whatwg::host_and_number_reading(engine, input, facts);
        let host = match parsed {
            Ok(whatwg::Host::Domain(domain)) => {
                // Whether the input is ASCII is the quicker question, and mostly settles it.
                let errors = if whatwg::percent_decode(input).is_ascii() && may_hold_a_label(&domain) {
                    facts.to_ascii_n(engine, &domain, &whatwg::uts46_options()).get().codes()
                } else {
                    Vec::new()
                };
                if errors.is_empty() {
                    Ok(whatwg::Host::Domain(domain))
                } else {
                    let codes: Vec<&str> = errors.iter().map(|c| c.as_str()).collect();
                    Err(format!("domain-to-ASCII ({})", codes.join(" ")))
                }
            }
            Ok(address) => Ok(address),
            Err(failure) => Err(failure.name.to_string()),
        };
        let display = match &host {
            Ok(whatwg::Host::Domain(domain)) => Some(display_to_unicode(engine, domain, facts)),
            _ => None,
        };
        UrlHost { host, number, display }
    }
}

impl UrlHost<'_> {
    /// True when WebKit's table would give this same host: no code point of
    /// Unicode 15.1 or later in `input` or in the decoded host, and no
    /// failure an `xn--` label may have caused. `unicode`: the input's
    /// ToUnicode from its facts, which holds what its labels decode to, for
    /// a host that failed.
    fn same_for_webkit(&self, input: &str, unicode: Option<&str>) -> bool {
        let decoded = match (&self.display, unicode) {
            // Most names are their own ToUnicode: one pass reads both.
            (Some(display), _) if crate::scan::same_text(display.get().value, input) => true,
            (Some(display), _) => all_same_for_webkit(display.get().value),
            (None, Some(unicode)) => all_same_for_webkit(unicode),
            (None, None) => !may_hold_a_label(input),
        };
        decoded && all_same_for_webkit(input)
    }
}

/// ToUnicode of a parsed host with the Standard's flags, the tolerated
/// errors left out; borrowed when `facts` tell that host's name with its
/// ToUnicode (it has no error then).
fn display_to_unicode<'k>(engine: &Uts46<'_>, domain: &str, facts: &Facts<'k>) -> View<'k> {
    let options = whatwg::uts46_options();
    if let Some(whole) = facts.name_to_unicode(domain, &options, engine.table()) {
        return View::Read(whole);
    }
    let mut conversion = facts.to_unicode(engine, domain, &options);
    conversion.errors.retain(|e| !tolerated(e.code));
    View::Made(conversion)
}

/// The UTS #46 errors Firefox's and WebKit's display tolerates (WebKit's
/// `allowedNameToASCIIErrors`; the `idna` crate records none of them
/// there): an empty label, label and name length, the hyphen rules.
fn tolerated(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::X4_2 | ErrorCode::A4_1 | ErrorCode::A4_2 | ErrorCode::V2 | ErrorCode::V3
    )
}

/// Each browser's deciding rule on `input`: [`verdicts`]`(…).rules()`, but
/// a plain ASCII host ([`is_plain_ascii_host`]), which every browser shows
/// as it is, is decided without running the parsers.
pub fn rules(input: &str, top_domains: &chromium::TopDomains) -> BrowserRules {
    rules_given(input, top_domains, is_ldh_host_without_a_label(input))
}

/// [`rules`], where `ldh` says whether `input` holds only ASCII letters,
/// digits, hyphens and dots with no label starting `xn--` in any case (a
/// caller that knows it, such as the batch from its ASCII fast path, saves
/// the byte pass).
pub(crate) fn rules_given(input: &str, top_domains: &chromium::TopDomains, ldh: bool) -> BrowserRules {
    if ldh && no_ipv4_parser_decides(input) {
        return PLAIN_ASCII_RULES;
    }
    verdicts(input, top_domains).rules()
}

/// The rules of a plain ASCII host: no label is decoded, so Chromium shows
/// the host as it is (`kNone`), Firefox passes it through and WebKit maps nothing.
const PLAIN_ASCII_RULES: BrowserRules = BrowserRules {
    chromium: chromium::Rule::None,
    firefox: firefox::Rule::Passthrough,
    webkit: webkit::Rule::NoMapping,
};

/// A host of ASCII letters, digits, hyphens and dots, with no label that
/// starts with `xn--` (in any case), not ending in a number and without a
/// run of nine hexadecimal digits. On such a host every parser only
/// lowercases: none of its bytes is one of Chromium's invalid host
/// characters or a forbidden domain code point, no `%` is decoded, UTS #46
/// maps nothing but the case and rejects nothing with the URL Standard's
/// flags, and it is no IPv4 address (the ends-in-a-number checker ignores
/// case; WebKit's parser refuses a domain only for a part past 32 bits).
/// No label is then an A-label, so no browser decodes one.
/// `tests/browsers.rs` compares [`rules`] with [`verdicts`] on every such
/// host of up to five bytes over the bytes that matter and on the corpora.
pub fn is_plain_ascii_host(input: &str) -> bool {
    is_ldh_host_without_a_label(input) && no_ipv4_parser_decides(input)
}

/// The second half of [`is_plain_ascii_host`]: the host does not end in a
/// number, and has no run of digits WebKit's IPv4 parser could refuse.
fn no_ipv4_parser_decides(input: &str) -> bool {
    !whatwg::ends_in_a_number(input) && !webkit::url_parser::may_overflow_a_part(input)
}

/// The first half of [`is_plain_ascii_host`]: not empty, only ASCII
/// letters, digits, hyphens and dots, and no label starting `xn--` in any case.
pub(crate) fn is_ldh_host_without_a_label(input: &str) -> bool {
    let ldh = |byte: u8| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'.';
    !input.is_empty() && input.bytes().all(ldh) && !may_hold_a_label(input)
}

/// True when at least one of the three browsers loads `input`, a host as
/// typed: its display is not [`Display::Rejected`]. The answer of
/// [`verdicts`] with less work: Firefox's and WebKit's verdicts first, and
/// Chromium's only when both reject, up to its top-domain step (which
/// never rejects: `chromium::BeforeTopDomains::top_domain_step`), on
/// none of which the top domains or hosts as shown bear.
/// `opens_is_any_verdict_not_rejected` compares it with [`verdicts`].
pub fn opens(input: &str) -> bool {
    opens_with(input, &Facts::NONE)
}

/// [`opens`], reading `results`: what `engine` made of `input` under
/// `options` (a batch's conversion), as [`verdicts_reading`] reads them.
/// The same answer as [`opens`], with fewer engine runs.
pub fn opens_reading(engine: &Uts46<'_>, input: &str, options: &Options, results: ResultsRef<'_>) -> bool {
    opens_with(input, &Facts::of_results(input, options, engine.table(), results))
}

/// [`opens`] and [`opens_reading`], where `facts` is what is known of
/// `input`.
fn opens_with(input: &str, facts: &Facts<'_>) -> bool {
    if is_plain_ascii_host(input) {
        return PLAIN_ASCII_RULES.all().iter().any(|rule| rule.display() != Display::Rejected);
    }
    let mut kept = Kept::default();
    let ButChromium { firefox, webkit, parsed } = verdicts_but_chromium(input, facts, &[], false, &mut kept);
    if firefox.display != Display::Rejected || webkit.display != Display::Rejected {
        return true;
    }
    match chromium_before_top_domains(input, facts, &[], parsed.as_deref(), false, &mut kept) {
        chromium::BeforeTopDomains::Decided(verdict) => verdict.display != Display::Rejected,
        chromium::BeforeTopDomains::Converted { .. } => true,
    }
}

/// The three browsers' verdicts on `input`, a host as typed.
/// `top_domains`: Chromium's top domains and the user's protected names
/// ([`chromium::TopDomains::default`] for Chromium's alone).
pub fn verdicts(input: &str, top_domains: &chromium::TopDomains) -> Verdicts {
    verdicts_with(input, top_domains, &Facts::NONE, &[], true, &mut Kept::default())
}

/// What one worker (a batch's converting thread) keeps from name to name
/// for the browsers' verdicts, and hands down: the TLD labels' checks of
/// Chromium and Firefox (bounded memos: `crate::memo`) and Firefox's
/// characters' buffer. A call on one name starts from an empty one.
#[derive(Default)]
pub(crate) struct Kept {
    chromium: chromium::TldChecks,
    firefox: firefox::Kept,
}

/// [`verdicts`], reading `results`: what `engine` made of `input` under
/// `options` (a batch's conversion). The browsers' host parsers take
/// what those results tell of their own answers ([`Facts`]: an
/// error-free result under flags that check at least theirs, by the
/// bundled table, whose rows restrict the browsers') and convert only the
/// rest. The same verdicts as [`verdicts`], with fewer engine runs.
pub fn verdicts_reading(
    engine: &Uts46<'_>,
    input: &str,
    options: &Options,
    results: &Results,
    top_domains: &chromium::TopDomains,
) -> Verdicts {
    let facts = Facts::of_results(input, options, engine.table(), results.borrowed());
    verdicts_with(input, top_domains, &facts, &[], true, &mut Kept::default())
}

/// [`verdicts_reading`], where `labels` holds ICU checks the caller already
/// found in some Unicode labels (the spoof check's analysis, which asks
/// the same rules of the same labels); without `shown`, Firefox's and
/// WebKit's hosts as shown are left empty (the batch keeps the rules).
pub(crate) fn verdicts_with(
    input: &str,
    top_domains: &chromium::TopDomains,
    facts: &Facts<'_>,
    labels: &[KnownLabel<'_>],
    shown: bool,
    kept: &mut Kept,
) -> Verdicts {
    let ButChromium { firefox, webkit, parsed } = verdicts_but_chromium(input, facts, labels, shown, kept);
    let chromium = chromium_before_top_domains(input, facts, labels, parsed.as_deref(), shown, kept);
    Verdicts {
        chromium: chromium.top_domain_step(top_domains),
        firefox,
        webkit,
    }
}

/// Firefox's and WebKit's verdicts, and the URL host parser's ToASCII
/// when Chromium's canonicalizer takes it: [`verdicts_with`] up to
/// Chromium's verdict, which [`chromium_before_top_domains`] and then
/// [`chromium::BeforeTopDomains::top_domain_step`] make. A batch runs each
/// part over many names in a row (their code does not fit the instruction
/// cache together).
pub(crate) struct ButChromium {
    pub(crate) firefox: Verdict,
    pub(crate) webkit: Verdict,
    /// The facts of the input made here with the browsers' table, for the
    /// URL host parser and Chromium's canonicalizer and display too
    /// ([`verdicts_but_chromium`]); `None` where the caller's served.
    /// Boxed: the batch keeps one a name, mostly `None`.
    pub(crate) parsed: Option<Box<Results>>,
}

/// The URL Standard's ToASCII flags, asked of every name.
static URL_OPTIONS: std::sync::LazyLock<Options> = std::sync::LazyLock::new(whatwg::uts46_options);

/// The engine of the URL host parser that Firefox's and WebKit's verdicts
/// start from (WebKit's own where its older table differs), which makes
/// the facts pass the URL host parser and Chromium's canonicalizer and
/// display read ([`ButChromium::parsed`]).
fn url_parser_engine() -> Uts46<'static> {
    Browser::Firefox.engine()
}

/// The first part of [`verdicts_with`]: the URL host parser, Firefox and WebKit.
/// `labels`: labels whose characters the caller decoded (and whose ICU
/// checks it made, for Chromium's part).
pub(crate) fn verdicts_but_chromium(
    input: &str,
    facts: &Facts<'_>,
    labels: &[KnownLabel<'_>],
    shown: bool,
    kept: &mut Kept,
) -> ButChromium {
    let newer = url_parser_engine();
    // The parser converts the input as typed when it is not ASCII and holds
    // no `%`, as Chromium's canonicalizer does: one facts pass serves both,
    // and both displays, unless the caller's does already.
    let parsed = (!crate::scan::is_ascii(input)
        && !crate::scan::has_byte(input.as_bytes(), b'%')
        && !facts.tell_ascii_n(input, &URL_OPTIONS, newer.table()))
    .then(|| Box::new(newer.facts(input)));
    let read = facts.with_pass(input, newer.table(), parsed.as_deref());
    let url_host = UrlHost::parse(&newer, input, &read);
    // WebKit's older table gives the same host unless a code point of
    // Unicode 15.1 or later took part.
    let webkit_host;
    // The input's ToUnicode, from the facts of the browsers' table or the caller's.
    let unicode = read.unicode_of_input(input);
    let for_webkit = if url_host.same_for_webkit(input, unicode) {
        &url_host
    } else {
        webkit_host = UrlHost::parse(&Browser::WebKit.engine(), input, &Facts::NONE);
        &webkit_host
    };
    ButChromium {
        firefox: firefox::verdict_on(&url_host, input, labels, shown, &mut kept.firefox),
        webkit: webkit::verdict_on(for_webkit, input, shown),
        parsed,
    }
}

/// The second part of [`verdicts_with`]: Chromium's verdict up to its
/// top-domain step, for the same `input` and `facts`, with the first
/// part's `parsed`; without `shown`, a label that fails ICU's checks
/// carries no detail.
pub(crate) fn chromium_before_top_domains<'a>(
    input: &'a str,
    facts: &Facts<'a>,
    labels: &[KnownLabel<'_>],
    parsed: Option<&'a Results>,
    shown: bool,
    kept: &mut Kept,
) -> chromium::BeforeTopDomains<'a> {
    let read = facts.with_pass(input, url_parser_engine().table(), parsed);
    chromium::before_top_domains(&Browser::Chromium.engine(), input, &read, labels, shown, &mut kept.chromium)
}

#[cfg(test)]
mod tests {
    /// Hosts for the IPv4 parsers' tests: every string of up to six of
    /// `bytes`, then 20,000 drawn ones of `shortest` to `shortest + spread - 1`
    /// bytes (xorshift from `seed`, so the same every run).
    pub(crate) fn number_hosts(bytes: &[u8], seed: u64, shortest: u64, spread: u64) -> Vec<String> {
        let mut hosts: Vec<String> = vec![String::new()];
        let mut all = Vec::new();
        for _ in 0..6 {
            hosts = hosts
                .iter()
                .flat_map(|host| bytes.iter().map(move |&b| format!("{host}{}", b as char)))
                .collect();
            all.extend(hosts.iter().cloned());
        }
        let mut state = seed;
        for _ in 0..20_000 {
            let mut host = String::new();
            for _ in 0..shortest + state % spread {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                host.push(bytes[(state % bytes.len() as u64) as usize] as char);
            }
            all.push(host);
        }
        all
    }

    use super::*;

    /// [`opens`] answers as the three verdicts' displays do: on the
    /// browsers' syntax probes, every runtime family, the look-alike and
    /// word corpora, the Chromium code-point sample, and hosts of the IPv4
    /// parsers' bytes.
    #[test]
    fn opens_is_any_verdict_not_rejected() {
        let corpora = [
            include_str!("../../../../tests/data/real_browsers/syntax.txt"),
            include_str!("../../../../tests/data/real_browsers/lookalikes.txt"),
            include_str!("../../../../tests/data/real_browsers/words.txt"),
            include_str!("../../../../tests/data/real_browsers/codepoints_chromium_sample.txt"),
            include_str!("../../../../tests/data/real_runtimes/bidi.txt"),
            include_str!("../../../../tests/data/real_runtimes/case.txt"),
            include_str!("../../../../tests/data/real_runtimes/codepoints.txt"),
            include_str!("../../../../tests/data/real_runtimes/deviations.txt"),
            include_str!("../../../../tests/data/real_runtimes/dots.txt"),
            include_str!("../../../../tests/data/real_runtimes/emoji.txt"),
            include_str!("../../../../tests/data/real_runtimes/hyphens.txt"),
            include_str!("../../../../tests/data/real_runtimes/lengths.txt"),
            include_str!("../../../../tests/data/real_runtimes/std3.txt"),
            include_str!("../../../../tests/data/real_runtimes/symbols.txt"),
            include_str!("../../../../tests/data/real_runtimes/words.txt"),
            include_str!("../../../../tests/data/real_runtimes/xn.txt"),
        ];
        let numbers = number_hosts(b"0x19.a%", 0x0123_4567_89AB_CDEF, 1, 12);
        let hosts = corpora
            .iter()
            .flat_map(|corpus| corpus.lines())
            .chain(numbers.iter().map(String::as_str));
        let (mut asked, mut opened) = (0, 0);
        let engine = Uts46::new();
        for host in hosts {
            let verdicts = verdicts(host, &chromium::TopDomains::default());
            let any = verdicts.all().iter().any(|verdict| verdict.display != Display::Rejected);
            assert_eq!(opens(host), any, "{host:?}: {verdicts:?}");
            // Read off a batch's results, as `batch --runtimes` does.
            let results = engine.process(host, &Options::EVERY_CHECK);
            assert_eq!(
                opens_reading(&engine, host, &Options::EVERY_CHECK, results.borrowed()),
                any,
                "{host:?} read: {verdicts:?}"
            );
            asked += 1;
            opened += usize::from(any);
        }
        // Both answers are asked for, many times each.
        assert!(opened > 1_000 && asked - opened > 1_000, "{opened} of {asked} open");
    }

    /// The generated table holds the rules' values for planes 0 to 3.
    #[test]
    fn same_for_webkit_table_is_current() {
        SAME_FOR_WEBKIT.check(crate::properties::PLANE_CELLS, rows_equal_for_webkit);
    }

    /// [`SAME_FOR_WEBKIT_BYTES`] holds exactly the bytes that start only
    /// characters [`same_for_webkit`] accepts (or none: a continuation byte),
    /// of one and two bytes and of three; and [`all_same_for_webkit`]
    /// answers as the characters do, on texts with a refused character and without.
    #[test]
    fn same_for_webkit_bytes_are_current() {
        let mut bits = [0u64; 4];
        for byte in 0..=255u8 {
            let all_same = match byte {
                0x00..=0xBF => true,
                0xC2..=0xDF => (0..64u32)
                    .filter_map(|low| char::from_u32(u32::from(byte & 0x1F) << 6 | low))
                    .all(same_for_webkit),
                0xE0..=0xEF => (0..4096u32)
                    .filter_map(|low| char::from_u32(u32::from(byte & 0x0F) << 12 | low))
                    .all(same_for_webkit),
                _ => false,
            };
            bits[usize::from(byte >> 6)] |= u64::from(all_same) << (byte & 63);
        }
        assert_eq!(bits, SAME_FOR_WEBKIT_BYTES, "{:#018x?}", bits);
        let refused: Vec<char> = ['\u{04C0}', '\u{2EBF0}', '\u{10D50}']
            .into_iter()
            .chain(
                (0x80..=0xFFFFu32)
                    .filter_map(char::from_u32)
                    .filter(|&c| !same_for_webkit(c))
                    .take(40),
            )
            .collect();
        assert!(refused.iter().all(|&c| !same_for_webkit(c)));
        for text in [
            "",
            "example.com",
            "bücher.de",
            "пример.рф",
            "日本語.jp",
            "한국어.kr",
            "हिन्दी.भारत",
            "😀.com",
        ] {
            assert_eq!(all_same_for_webkit(text), text.chars().all(same_for_webkit), "{text}");
            for &c in &refused {
                let with = format!("{text}{c}a");
                assert!(!all_same_for_webkit(&with), "{with}");
            }
        }
    }
    use crate::table::Status;

    /// The browsers' Unicode 17.0 table as of 16.0 is the bundled 16.0
    /// table on every code point (16.0 to 17.0 only assigned new code
    /// points), so the bundled table restricts it: the batch's error-free
    /// conversions serve the Chromium and Firefox ports (the rule
    /// `restricts` of `crate::facts`). WebKit's 15.0 view restricts both.
    #[test]
    fn the_browsers_tables_extend_the_bundled_one() {
        let (bundled, browsers) = (MappingTable::bundled(), MappingTable::browsers());
        assert_eq!((bundled.version(), browsers.version()), ("16.0.0", "17.0.0"));
        let as_of_16 = browsers.as_of(16, 0);
        let mut differ = 0;
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            let (derived, real) = (as_of_16.lookup(c), bundled.lookup(c));
            let same = (derived.status, derived.mapping, derived.idna2008, derived.unassigned)
                == (real.status, real.mapping, real.idna2008, real.unassigned);
            assert!(same, "U+{:04X}", c as u32);
            differ += usize::from(browsers.status(c) != real.status);
        }
        // The 4,803 code points Unicode 17.0 assigned.
        assert_eq!(differ, 4_803);
        // The browsers' 17.0 Bidi_Class agrees with the bundled library's on
        // every code point the bundled table does not disallow.
        let (old, new) = (bundled.properties(), browsers.properties());
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            if bundled.status(c) != Status::Disallowed {
                assert_eq!(old.bidi_class_name(c), new.bidi_class_name(c), "U+{:04X}", c as u32);
            }
        }
        assert_eq!(
            (old.bidi_class_name('\u{FBC3}'), new.bidi_class_name('\u{FBC3}')),
            ("AL", "ON")
        );
        assert!(bundled.restricts(browsers));
        assert!(!browsers.restricts(bundled));
        // CJK Extension I (15.1) and Garay (16.0) are out for WebKit, CJK Extension H (15.0) is in.
        assert!(!same_for_webkit('\u{2EBF0}') && !same_for_webkit('\u{10D50}'));
        assert!(same_for_webkit('\u{31350}') && same_for_webkit('a') && same_for_webkit('\u{0378}'));
    }

    /// WebKit's table: the 17.0 table as of 15.0 with the 72 rows 15.1
    /// changed put back, each where the file says and nowhere else.
    #[test]
    fn webkit_table_is_unicode_15_0() {
        let (webkit, browsers) = (MappingTable::webkit(), MappingTable::browsers());
        let as_of = browsers.as_of(15, 0);
        let mut changed = 0;
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            let (mine, before) = (webkit.lookup(c), as_of.lookup(c));
            if (mine.status, mine.mapping) != (before.status, before.mapping) {
                changed += 1;
            }
        }
        assert_eq!(changed, 72);
        assert_eq!(webkit.lookup('\u{04C0}').status, Status::Disallowed);
        assert_eq!(webkit.lookup('\u{10C5}').status, Status::Disallowed);
        assert_eq!(webkit.lookup('\u{10C6}').status, as_of.lookup('\u{10C6}').status);
        assert_eq!(webkit.lookup('\u{1E9E}').mapping, "ss");
        assert_eq!(browsers.lookup('\u{1E9E}').mapping, "ß");
        assert_eq!(webkit.lookup('\u{2F9BF}').status, Status::Disallowed);
        assert!(!same_for_webkit('\u{04C0}') && !same_for_webkit('\u{1E9E}') && same_for_webkit('\u{04CF}'));
        for c in (0..0x10000u32).filter_map(char::from_u32) {
            assert_eq!(same_for_webkit(c), c.is_ascii() || rows_equal_for_webkit(c), "{c:?}");
        }
        let bad = browsers.with_rows("0042 ; valid\n0041 ; valid");
        assert!(bad.is_err_and(|e| e.line == 2));
    }

    /// build.rs's WebKit table is the one `as_of` and `with_rows` make at
    /// run time from the browsers' table: the same row (range, status,
    /// mapping, IDNA2008 field, assignment) for every code point, the same
    /// version and date.
    #[test]
    fn built_webkit_table_equals_the_one_made_at_run_time() {
        let made = MappingTable::browsers()
            .as_of(15, 0)
            .with_rows(include_str!("../../../../tables/browsers/IdnaMappingTable-15.0-rows.txt"))
            .expect("the 15.0 rows are well formed");
        let built = MappingTable::webkit();
        assert_eq!((built.version(), built.date()), (made.version(), made.date()));
        assert!(built.date().ends_with("(rows of later code points disallowed)"));
        for c in (0..=0x10_FFFFu32).filter_map(char::from_u32) {
            let (mine, theirs) = (built.lookup(c), made.lookup(c));
            assert_eq!(
                (
                    mine.first,
                    mine.last,
                    mine.status,
                    mine.mapping,
                    mine.idna2008,
                    mine.unassigned
                ),
                (
                    theirs.first,
                    theirs.last,
                    theirs.status,
                    theirs.mapping,
                    theirs.idna2008,
                    theirs.unassigned
                ),
                "U+{:04X}",
                c as u32
            );
        }
    }

    /// WebKit's verdict on a host with a code point its ICU 72 does not
    /// know is made on WebKit's own parse, not on the newer one the others share.
    #[test]
    fn webkit_parses_again_where_its_table_is_older() {
        let top = chromium::TopDomains::default();
        for host in ["\u{2EBF0}\u{2EBF0}.com", "xn--8g0na.com", "\u{16D43}\u{16D43}.com"] {
            let verdicts = verdicts(host, &top);
            assert_eq!(verdicts.webkit.display, Display::Rejected, "{host}");
            assert_ne!(verdicts.firefox.display, Display::Rejected, "{host}");
            assert_eq!(verdicts.webkit, webkit::verdict(host), "{host}");
        }
        let old = verdicts("\u{31350}x.com", &top);
        assert_eq!(old.webkit, webkit::verdict("\u{31350}x.com"));
        assert_ne!(old.webkit.display, Display::Rejected);
    }
}
