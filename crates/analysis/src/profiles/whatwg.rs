//! The WHATWG URL Standard's host parser, for the host of a special URL
//! (URL Standard §3.5 "Host parsing", §3.3 "IDNA", as in the review draft
//! of August 2026): percent-decode, the domain parser (ASCII input
//! lowercased, other input through UTS #46 ToASCII with beStrict = false),
//! forbidden domain code points, a last label that is a number → the IPv4
//! parser; `[…]` → the IPv6 parser. Validation errors carry the Standard's
//! names (§1.3 "Validation errors").
//!
//! ```
//! use idna_inspector_analysis::profiles::whatwg::{Host, parse_host};
//! use idna_inspector_core::Uts46;
//! let engine = Uts46::new();
//! assert_eq!(parse_host(&engine, "EXAMPLE.com").host, Some(Host::Domain("example.com".into())));
//! assert_eq!(parse_host(&engine, "0x7f.1").serialized().as_deref(), Some("127.0.0.1"));
//! assert!(parse_host(&engine, "exa mple.com").host.is_none());
//! ```

use crate::facts::Facts;
use crate::uts46::{Conversion, Options, Preset, Uts46};
use serde::Serialize;
use std::borrow::Cow;

/// A parsed host (URL Standard §3.1 "Hosts"; opaque and empty hosts belong
/// to non-special URLs and are not produced here).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Host {
    /// An ASCII domain: the result of domain to ASCII.
    Domain(String),
    /// A 32-bit IPv4 address.
    Ipv4(u32),
    /// An IPv6 address: eight 16-bit pieces.
    Ipv6([u16; 8]),
}

impl Host {
    /// The host serializer (§3.6): dotted decimal, `[` compressed hex `]`, or the domain.
    pub(crate) fn serialize(&self) -> String {
        match self {
            Host::Domain(domain) => domain.clone(),
            Host::Ipv4(address) => serialize_ipv4(*address),
            Host::Ipv6(pieces) => format!("[{}]", serialize_ipv6(pieces)),
        }
    }
}

/// A validation error of the URL Standard, by its name in the Standard's
/// table (e.g. `domain-to-ASCII`, `IPv4-non-decimal-part`). `failure` says
/// whether the parser returned failure at it; the others are reported and
/// parsing goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValidationError {
    /// The error's name in the URL Standard's table of validation errors.
    pub name: &'static str,
    /// Whether the host parser returned failure at it.
    pub failure: bool,
    /// What was found, in words (for domain-to-ASCII: the UTS #46 codes).
    pub detail: String,
}

impl ValidationError {
    /// The Standard's description of the error, in a sentence.
    pub fn sentence(&self) -> String {
        let what = describe(self.name);
        if self.detail.is_empty() {
            what.to_string()
        } else {
            format!("{what} {}", self.detail)
        }
    }
}

/// What the host parser made of one input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HostParse {
    /// The host; `None` when the parser returned failure.
    pub host: Option<Host>,
    /// Every validation error in the order met; the last is the failure, if any.
    pub errors: Vec<ValidationError>,
    /// The input percent-decoded and UTF-8 decoded (what domain to ASCII was given).
    pub domain: String,
    /// The ASCII form reached before the parser stopped: the serialized host
    /// on success, else domain to ASCII's string (or the input where it did not run).
    pub ascii: String,
    /// UTS #46 ToUnicode of the domain with the URL Standard's flags ("domain to Unicode").
    pub to_unicode: Conversion,
}

impl HostParse {
    /// The serialized host, or `None` on failure.
    pub fn serialized(&self) -> Option<String> {
        self.host.as_ref().map(Host::serialize)
    }

    /// The validation error that made the parser fail, if it failed.
    pub fn failure(&self) -> Option<&ValidationError> {
        self.errors.iter().find(|e| e.failure)
    }
}

/// The UTS #46 flags of the domain parser's ToASCII with beStrict = false
/// (§3.3): CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength off;
/// CheckBidi and CheckJoiners on; nontransitional; IgnoreInvalidPunycode off.
/// With beStrict = true the first three are on: [`Options::default`].
pub fn uts46_options() -> Options {
    Preset::WhatwgUrl.options()
}

/// The host parser (§3.5) with isOpaque = false, as for `https://INPUT/`,
/// in the URL Standard's review draft of August 2026 (the domain parser:
/// ASCII input is only lowercased), with every validation error and the
/// domain to Unicode of the result. An empty input is the URL parser's
/// `host-missing` failure.
pub fn parse_host(engine: &Uts46<'_>, input: &str) -> HostParse {
    parse_host_reading(engine, input, &Facts::NONE)
}

/// [`parse_host`], reading what it can off `facts` of `input`: the
/// profile comparison hands over the facts pass it made for the UTS #46
/// profiles.
pub(crate) fn parse_host_reading(engine: &Uts46<'_>, input: &str, facts: &Facts<'_>) -> HostParse {
    let mut errors = Vec::new();
    let parsed = parse(engine, input, Some(&mut errors), facts);
    let to_unicode = match &parsed.host {
        Ok(Host::Domain(domain)) => domain_to_unicode_reading(engine, domain, facts),
        Ok(address) => Conversion {
            value: address.serialize(),
            errors: Vec::new(),
        },
        Err(_) if parsed.bracketed => Conversion {
            value: input.to_string(),
            errors: Vec::new(),
        },
        Err(_) => domain_to_unicode_reading(engine, &parsed.domain, facts),
    };
    HostParse {
        ascii: parsed.host.as_ref().map_or(parsed.ascii, Host::serialize),
        host: parsed.host.ok(),
        errors,
        domain: parsed.domain.into_owned(),
        to_unicode,
    }
}

/// The host parser's result alone: the host, or the validation error it
/// failed at ([`parse_host`] without the errors that are no failure and
/// without domain to Unicode).
pub fn host(engine: &Uts46<'_>, input: &str) -> Result<Host, ValidationError> {
    host_reading(engine, input, &Facts::NONE)
}

/// [`host`], reading ToASCII N of `input` off `facts` where they tell it
/// ([`Facts::to_ascii_n`]).
pub(crate) fn host_reading(engine: &Uts46<'_>, input: &str, facts: &Facts<'_>) -> Result<Host, ValidationError> {
    parse(engine, input, None, facts).host
}

/// [`host_reading`], with the ASCII domain the IPv4 parser was given when
/// the domain ends in a number (what a browser's own IPv4 parser reads instead).
pub(crate) fn host_and_number_reading(
    engine: &Uts46<'_>,
    input: &str,
    facts: &Facts<'_>,
) -> (Result<Host, ValidationError>, Option<String>) {
    let parsed = parse(engine, input, None, facts);
    (parsed.host, parsed.number.then_some(parsed.ascii))
}

/// What [`parse`] found.
struct Parsed<'a> {
    host: Result<Host, ValidationError>,
    /// The percent-decoded input (the bracketed input as it is).
    domain: Cow<'a, str>,
    /// The ASCII form reached before a failure (empty for a domain).
    ascii: String,
    /// The input is an IPv6 address in brackets.
    bracketed: bool,
    /// The domain ends in a number: `ascii` is what the IPv4 parser read.
    number: bool,
}

/// The host parser's steps. `report`: where the validation errors go, the
/// failing one last; `None` skips the work that only reports (the strict
/// ToASCII of the domain parser).
fn parse<'a>(engine: &Uts46<'_>, input: &'a str, mut report: Option<&mut Vec<ValidationError>>, facts: &Facts<'_>) -> Parsed<'a> {
    let reporting = report.is_some();
    let mut noted = |error: ValidationError| {
        if let Some(errors) = report.as_deref_mut() {
            errors.push(error);
        }
    };
    let failed = |error: ValidationError, domain: &str, ascii: &str, bracketed| Parsed {
        host: Err(error),
        domain: Cow::Owned(domain.to_string()),
        ascii: ascii.to_string(),
        bracketed,
        number: false,
    };
    if input.is_empty() {
        let error = fail("host-missing", "");
        noted(error.clone());
        return failed(error, "", "", false);
    }
    // Step 1: an IPv6 address in brackets.
    if let Some(inside) = input.strip_prefix('[') {
        let Some(address) = inside.strip_suffix(']') else {
            let error = fail("IPv6-unclosed", "");
            noted(error.clone());
            return failed(error, input, input, true);
        };
        let mut errors = Vec::new();
        let host = parse_ipv6(address, &mut errors).map(Host::Ipv6);
        let failure = errors.iter().find(|e| e.failure).cloned();
        errors.into_iter().for_each(&mut noted);
        return Parsed {
            host: host.map_err(|()| failure.unwrap_or_else(|| fail("IPv6-invalid-code-point", ""))),
            domain: Cow::Borrowed(input),
            ascii: input.to_string(),
            bracketed: true,
            number: false,
        };
    }
    // Steps 4–5: percent-decode, then UTF-8 decode without BOM (invalid bytes become U+FFFD).
    // Most hosts hold no `%`: one search settles both steps.
    let has_percent = crate::scan::has_byte(input.as_bytes(), b'%');
    if has_percent && has_percent_encoded_byte(input) {
        noted(report_only("domain-percent-encoded", ""));
    }
    let domain = match has_percent {
        false => Cow::Borrowed(input),
        true => match percent_decode(input) {
            Cow::Borrowed(_) => Cow::Borrowed(input),
            Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
        },
    };
    // Step 6: the domain parser.
    let mut errors = Vec::new();
    let checked = domain_parser(engine, &domain, &mut errors, reporting, facts);
    let failure = errors.iter().find(|e| e.failure).cloned();
    errors.into_iter().for_each(&mut noted);
    let ascii_domain = match checked {
        Ok(ascii) => ascii,
        Err(attempt) => {
            let error = failure.unwrap_or_else(|| fail("domain-to-ASCII", ""));
            return failed(error, &domain, &attempt, false);
        }
    };
    // Step 8: a last label that is a number makes it an IPv4 address (or a failure).
    if ends_in_a_number(&ascii_domain) {
        if !crate::scan::is_ascii(&domain) {
            noted(report_only("IPv4-non-ASCII-input", ""));
        }
        let mut errors = Vec::new();
        let host = parse_ipv4(&ascii_domain, &mut errors).map(Host::Ipv4);
        let failure = errors.iter().find(|e| e.failure).cloned();
        errors.into_iter().for_each(&mut noted);
        return Parsed {
            host: host.map_err(|()| failure.unwrap_or_else(|| fail("IPv4-non-numeric-part", ""))),
            domain,
            ascii: ascii_domain,
            bracketed: false,
            number: true,
        };
    }
    Parsed {
        host: Ok(Host::Domain(ascii_domain)),
        domain,
        ascii: String::new(),
        bracketed: false,
        number: false,
    }
}

/// The domain parser (§3.3) with beStrict = false: the strict ToASCII only
/// reports `domain-to-ASCII`; ASCII input is then lowercased, other input
/// goes through the relaxed ToASCII; an empty result or a forbidden domain
/// code point fails. `Err` holds the ASCII form reached, for display; the
/// failing `domain-to-ASCII` error is the last one pushed.
fn domain_parser(
    engine: &Uts46<'_>,
    domain: &str,
    errors: &mut Vec<ValidationError>,
    reporting: bool,
    facts: &Facts<'_>,
) -> Result<String, String> {
    // Reporting, both ToASCII runs are views of the domain's one facts
    // pass (the caller's, when it made them).
    let every_check = reporting.then(|| facts.to_ascii_n(engine, domain, &Options::EVERY_CHECK).into_owned());
    if let Some(every_check) = &every_check {
        let strict = every_check.viewed(&Options::default());
        if !strict.errors.is_empty() {
            errors.push(report_only(
                "domain-to-ASCII",
                &format!("(strict ToASCII: {})", codes_of(&strict)),
            ));
        }
    }
    let mut fails = |detail: String, attempt: String| {
        // The Standard gives these failures no name of their own: the
        // domain-to-ASCII error just reported (or this one) is the failure.
        match errors.last_mut() {
            Some(last) if last.name == "domain-to-ASCII" => {
                last.failure = true;
                last.detail = format!("{} {detail}", last.detail);
            }
            _ => errors.push(fail("domain-to-ASCII", &detail)),
        }
        Err(attempt)
    };
    let result = if crate::scan::is_ascii(domain) {
        domain.to_ascii_lowercase()
    } else {
        let relaxed = match &every_check {
            Some(every_check) => every_check.viewed(&uts46_options()),
            None => facts.to_ascii_n(engine, domain, &uts46_options()).into_owned(),
        };
        if !relaxed.errors.is_empty() {
            return fails(
                format!("(ToASCII with beStrict = false: {})", codes_of(&relaxed)),
                relaxed.value,
            );
        }
        relaxed.value
    };
    if result.is_empty() {
        return fails("(the result is the empty string)".to_string(), result);
    }
    // Every forbidden domain code point is ASCII, and none is a lowercase
    // letter, digit, hyphen or dot: a ToASCII result of those alone (most
    // hosts) is settled by comparisons the compiler does sixteen bytes at a
    // time. Any other host's bytes are looked up in a table, all of them
    // without a branch each, and only a host that has one is read again for the first.
    let forbidden = |b: u8| b.is_ascii() & FORBIDDEN_DOMAIN_ASCII[usize::from(b & 0x7F)];
    if !result.bytes().fold(true, |all, b| all & is_ldh_lowercase(b))
        && result.bytes().fold(false, |any, b| any | forbidden(b))
        && let Some(c) = result.bytes().find(|&b| forbidden(b))
    {
        let c = char::from(c);
        return fails(format!("(forbidden domain code point U+{:04X})", c as u32), result);
    }
    Ok(result)
}

/// Domain to Unicode (§3.3): UTS #46 ToUnicode with the relaxed flags; on
/// any error the input is returned unchanged (its errors kept for display).
/// Read off `facts` where they tell ToUnicode of `domain` under the
/// relaxed flags ([`Facts::to_unicode`]).
fn domain_to_unicode_reading(engine: &Uts46<'_>, domain: &str, facts: &Facts<'_>) -> Conversion {
    let to_unicode = facts.to_unicode(engine, domain, &uts46_options());
    if to_unicode.errors.is_empty() {
        to_unicode
    } else {
        Conversion {
            value: domain.to_string(),
            errors: to_unicode.errors,
        }
    }
}

fn codes_of(conversion: &Conversion) -> String {
    conversion.codes().iter().map(|c| c.as_str()).collect::<Vec<_>>().join(" ")
}

/// True when `input` holds `%` followed by two ASCII hex digits.
fn has_percent_encoded_byte(input: &str) -> bool {
    input
        .as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

/// The IPv4 address, or the IPv6 address in brackets, that `host` spells,
/// serialized (§3.6); `None` when it is no valid address.
pub(crate) fn parse_host_address(host: &str) -> Option<String> {
    let mut errors = Vec::new();
    if let Some(inside) = host.strip_prefix('[') {
        let address = parse_ipv6(inside.strip_suffix(']')?, &mut errors).ok()?;
        return Some(Host::Ipv6(address).serialize());
    }
    parse_ipv4(host, &mut errors)
        .ok()
        .map(|address| Host::Ipv4(address).serialize())
}

/// A forbidden host code point (§3.1): NUL, TAB, LF, CR, space, `#`, `/`,
/// `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`.
pub const fn is_forbidden_host_code_point(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t' | '\n' | '\r' | ' ' | '#' | '/' | ':' | '<' | '>' | '?' | '@' | '[' | '\\' | ']' | '^' | '|'
    )
}

/// A forbidden domain code point (§3.1): a forbidden host code point, a C0
/// control, `%` or DELETE.
pub const fn is_forbidden_domain_code_point(c: char) -> bool {
    is_forbidden_host_code_point(c) || c <= '\u{1F}' || c == '%' || c == '\u{7F}'
}

/// A lowercase ASCII letter, digit, hyphen or dot: the bytes of most
/// ToASCII results, none of them a forbidden domain code point (a test).
#[inline]
fn is_ldh_lowercase(b: u8) -> bool {
    b.is_ascii_lowercase() | b.is_ascii_digit() | (b == b'-') | (b == b'.')
}

/// [`is_forbidden_domain_code_point`] for every ASCII code point.
const FORBIDDEN_DOMAIN_ASCII: [bool; 128] = crate::ascii_table!(|byte| is_forbidden_domain_code_point(byte as char));

/// Percent-decode (§1.3 of the URL Standard, "percent-decode a byte
/// sequence"): `%` and two hex digits become that byte; anything else,
/// including a `%` not followed by two hex digits, stays as it is.
pub(crate) fn percent_decode(input: &str) -> Cow<'_, [u8]> {
    let bytes = input.as_bytes();
    if !crate::scan::has_byte(bytes, b'%') {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: Option<&u8>| b.and_then(|b| (*b as char).to_digit(16));
        match (bytes[i], hex(bytes.get(i + 1)), hex(bytes.get(i + 2))) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// The ends-in-a-number checker (§3.5): the last label (a trailing empty
/// label dropped, unless it is the only one) is all ASCII digits or parses
/// as an IPv4 number (e.g. `0x1F`).
pub(crate) fn ends_in_a_number(input: &str) -> bool {
    let trimmed = without_empty_last_label(input);
    // A number's last character is a digit, a hex digit or the `x` of a
    // bare `0x`: most names end in another letter, and their last label is not looked for.
    let may_end_a_number = |&b: &u8| b.is_ascii_hexdigit() || b | 0x20 == b'x';
    trimmed.as_bytes().last().is_some_and(may_end_a_number) && last_label_is_a_number(trimmed)
}

/// `input` without its trailing empty label (one final dot), unless that
/// label is the only one: the label the ends-in-a-number checker reads last.
fn without_empty_last_label(input: &str) -> &str {
    input.strip_suffix('.').filter(|rest| !rest.is_empty()).unwrap_or(input)
}

/// [`ends_in_a_number`]'s steps on `trimmed`, the input without its trailing empty label.
fn last_label_is_a_number(trimmed: &str) -> bool {
    let last = crate::scan::rfind_byte(trimmed.as_bytes(), b'.').map_or(trimmed, |dot| &trimmed[dot + 1..]);
    // Both kinds of number start with a digit (decimal, `0x…`, `0…`): most last labels are words.
    if !last.starts_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    last.bytes().all(|b| b.is_ascii_digit()) || parse_ipv4_number(last).is_some()
}

/// The IPv4 number parser (§3.5): decimal, `0x`/`0X` hexadecimal or
/// `0`-prefixed octal. Returns the value and whether the radix was not
/// decimal (an `IPv4-non-decimal-part` validation error); `None` is failure.
fn parse_ipv4_number(input: &str) -> Option<(u64, bool)> {
    if input.is_empty() {
        return None;
    }
    let (digits, radix) = if input.len() >= 2 && (input.starts_with("0x") || input.starts_with("0X")) {
        (&input[2..], 16)
    } else if input.len() >= 2 && input.starts_with('0') {
        (&input[1..], 8)
    } else {
        (input, 10)
    };
    let non_decimal = radix != 10;
    if digits.is_empty() {
        return Some((0, non_decimal));
    }
    if !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    // A value past u64 is far past every limit; saturate instead of failing.
    let value = digits
        .chars()
        .try_fold(0u64, |acc, c| {
            acc.checked_mul(u64::from(radix))?.checked_add(u64::from(c.to_digit(radix)?))
        })
        .unwrap_or(u64::MAX);
    Some((value, non_decimal))
}

/// The IPv4 parser (§3.5). Validation errors are pushed to `errors`; the
/// failing one (if any) last.
fn parse_ipv4(input: &str, errors: &mut Vec<ValidationError>) -> Result<u32, ()> {
    let mut parts: Vec<&str> = input.split('.').collect();
    if parts.last() == Some(&"") {
        errors.push(report_only("IPv4-empty-part", ""));
        if parts.len() > 1 {
            parts.pop();
        }
    }
    if parts.len() < 4 {
        errors.push(report_only("IPv4-too-few-parts", &format!("({} parts)", parts.len())));
    }
    if parts.len() > 4 {
        errors.push(fail("IPv4-too-many-parts", &format!("({} parts)", parts.len())));
        return Err(());
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for part in &parts {
        let Some((number, non_decimal)) = parse_ipv4_number(part) else {
            errors.push(fail("IPv4-non-numeric-part", &format!("(“{part}”)")));
            return Err(());
        };
        if non_decimal {
            errors.push(report_only("IPv4-non-decimal-part", &format!("(“{part}”)")));
        }
        numbers.push(number);
    }
    let (&last, rest) = numbers.split_last().ok_or(())?;
    let last_limit = 256u64.pow(5 - numbers.len() as u32);
    let out_of_range = rest.iter().any(|&n| n > 255) || last >= last_limit;
    if numbers.iter().any(|&n| n > 255) {
        errors.push(ValidationError {
            name: "IPv4-out-of-range-part",
            failure: out_of_range,
            detail: String::new(),
        });
    }
    if out_of_range {
        // The spec reports the error above and fails here; a range failure with
        // every part ≤ 255 cannot happen (the last limit is at least 256).
        return Err(());
    }
    let address = rest
        .iter()
        .enumerate()
        .fold(last, |acc, (counter, &n)| acc + n * 256u64.pow(3 - counter as u32));
    Ok(address as u32)
}

/// The IPv6 parser (§3.5) over the text between the brackets.
fn parse_ipv6(input: &str, errors: &mut Vec<ValidationError>) -> Result<[u16; 8], ()> {
    parse_ipv6_pieces(input, errors).map_err(|failure| errors.push(failure))
}

/// The IPv6 parser's steps; the failing error is returned, the others pushed.
fn parse_ipv6_pieces(input: &str, errors: &mut Vec<ValidationError>) -> Result<[u16; 8], ValidationError> {
    let chars: Vec<char> = input.chars().collect();
    let at = |pointer: usize| chars.get(pointer).copied();
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut pointer = 0usize;
    if at(pointer) == Some(':') {
        if at(pointer + 1) != Some(':') {
            return Err(fail("IPv6-invalid-compression", ""));
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    while let Some(c) = at(pointer) {
        if piece_index == 8 {
            return Err(fail("IPv6-too-many-pieces", ""));
        }
        if c == ':' {
            if compress.is_some() {
                return Err(fail("IPv6-multiple-compression", ""));
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let (mut value, mut length) = (0u32, 0usize);
        while length < 4 {
            let Some(digit) = at(pointer).and_then(|c| c.to_digit(16)) else {
                break;
            };
            value = value * 0x10 + digit;
            pointer += 1;
            length += 1;
        }
        match at(pointer) {
            Some('.') => {
                if length == 0 {
                    return Err(fail("IPv4-in-IPv6-invalid-code-point", ""));
                }
                pointer -= length;
                if piece_index > 6 {
                    return Err(fail("IPv4-in-IPv6-too-many-pieces", ""));
                }
                let mut numbers_seen = 0;
                while let Some(c) = at(pointer) {
                    if numbers_seen > 0 {
                        if c == '.' && numbers_seen < 4 {
                            pointer += 1;
                        } else {
                            return Err(fail("IPv4-in-IPv6-invalid-code-point", ""));
                        }
                    }
                    if !at(pointer).is_some_and(|c| c.is_ascii_digit()) {
                        return Err(fail("IPv4-in-IPv6-invalid-code-point", ""));
                    }
                    let mut ipv4_piece: Option<u32> = None;
                    while let Some(number) = at(pointer).and_then(|c| c.to_digit(10)) {
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            Some(0) => return Err(fail("IPv4-in-IPv6-invalid-code-point", "")),
                            Some(piece) => Some(piece * 10 + number),
                        };
                        if ipv4_piece > Some(255) {
                            return Err(fail("IPv4-in-IPv6-out-of-range-part", ""));
                        }
                        pointer += 1;
                    }
                    let piece = ipv4_piece.unwrap_or(0);
                    address[piece_index] = (u32::from(address[piece_index]) * 0x100 + piece) as u16;
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                if numbers_seen != 4 {
                    return Err(fail("IPv4-in-IPv6-too-few-parts", ""));
                }
                break;
            }
            Some(':') => {
                pointer += 1;
                if at(pointer).is_none() {
                    return Err(fail("IPv6-invalid-code-point", ""));
                }
            }
            Some(other) => return Err(fail("IPv6-invalid-code-point", &format!("(U+{:04X})", other as u32))),
            None => {}
        }
        if length > 1 && value < 16u32.pow(length as u32 - 1) {
            errors.push(report_only("IPv6-piece-leading-zero", ""));
        }
        address[piece_index] = value as u16;
        piece_index += 1;
    }
    match compress {
        Some(compress) => {
            let mut swaps = piece_index - compress;
            piece_index = 7;
            while piece_index != 0 && swaps > 0 {
                address.swap(piece_index, compress + swaps - 1);
                piece_index -= 1;
                swaps -= 1;
            }
        }
        None if piece_index != 8 => return Err(fail("IPv6-too-few-pieces", "")),
        None => {}
    }
    Ok(address)
}

/// The IPv4 serializer (§3.6): four decimal octets, most significant first.
fn serialize_ipv4(address: u32) -> String {
    let [a, b, c, d] = address.to_be_bytes();
    format!("{a}.{b}.{c}.{d}")
}

/// The IPv6 serializer (§3.6): lowercase hex pieces, the first longest run
/// of two or more zero pieces written as `::`.
fn serialize_ipv6(pieces: &[u16; 8]) -> String {
    let mut compress: Option<(usize, usize)> = None;
    let mut index = 0;
    while index < 8 {
        let run = pieces[index..].iter().take_while(|&&p| p == 0).count();
        if run >= 2 && compress.is_none_or(|(_, longest)| run > longest) {
            compress = Some((index, run));
        }
        index += run.max(1);
    }
    let mut out = String::new();
    let mut index = 0;
    while index < 8 {
        if let Some((start, run)) = compress
            && index == start
        {
            out.push_str(if index == 0 { "::" } else { ":" });
            index += run;
            continue;
        }
        out.push_str(&format!("{:x}", pieces[index]));
        if index != 7 {
            out.push(':');
        }
        index += 1;
    }
    out
}

fn fail(name: &'static str, detail: &str) -> ValidationError {
    ValidationError {
        name,
        failure: true,
        detail: detail.to_string(),
    }
}

fn report_only(name: &'static str, detail: &str) -> ValidationError {
    ValidationError {
        name,
        failure: false,
        detail: detail.to_string(),
    }
}

/// The Standard's description of each validation error the host parser reports.
fn describe(name: &str) -> &'static str {
    match name {
        "host-missing" => "A special URL has no host.",
        "domain-to-ASCII" => {
            "UTS #46 ToASCII records an error with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength on; it is a failure when the relaxed ToASCII of a non-ASCII domain fails too, or the result is empty or holds a forbidden domain code point."
        }
        "domain-percent-encoded" => "The host contains a percent-encoded byte.",
        "IPv4-too-few-parts" => "An IPv4 address has fewer than 4 parts.",
        "IPv4-non-ASCII-input" => "An IPv4 address was written with non-ASCII code points (e.g. full-width digits).",
        "IPv6-piece-leading-zero" => "An IPv6 address piece has a leading zero.",
        "IPv4-empty-part" => "An IPv4 address ends with a dot.",
        "IPv4-too-many-parts" => "An IPv4 address has more than 4 parts.",
        "IPv4-non-numeric-part" => "An IPv4 address part is not numeric.",
        "IPv4-non-decimal-part" => "The IPv4 address contains numbers expressed using hexadecimal or octal digits.",
        "IPv4-out-of-range-part" => "An IPv4 address part exceeds 255.",
        "IPv6-unclosed" => "An IPv6 address is missing the closing ].",
        "IPv6-invalid-compression" => "An IPv6 address begins with improper compression.",
        "IPv6-too-many-pieces" => "An IPv6 address contains more than 8 pieces.",
        "IPv6-multiple-compression" => "An IPv6 address is compressed in more than one spot.",
        "IPv6-invalid-code-point" => {
            "An IPv6 address contains a code point that is neither an ASCII hex digit nor a :, or it unexpectedly ends."
        }
        "IPv6-too-few-pieces" => "An uncompressed IPv6 address contains fewer than 8 pieces.",
        "IPv4-in-IPv6-too-many-pieces" => "An IPv6 address with IPv4 address syntax: the IPv6 address has more than 6 pieces.",
        "IPv4-in-IPv6-invalid-code-point" => {
            "An IPv6 address with IPv4 address syntax: an IPv4 part is empty or contains a non-ASCII digit, has a leading 0, or there are too many IPv4 parts."
        }
        "IPv4-in-IPv6-out-of-range-part" => "An IPv6 address with IPv4 address syntax: an IPv4 part exceeds 255.",
        "IPv4-in-IPv6-too-few-parts" => "An IPv6 address with IPv4 address syntax: an IPv4 address contains too few parts.",
        _ => "A validation error.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The domain parser reads forbidden domain code points from an ASCII
    /// table: no other code point is one.
    #[test]
    fn forbidden_domain_code_points_are_ascii() {
        assert!(
            (0x80..=0x10FFFF)
                .filter_map(char::from_u32)
                .all(|c| !is_forbidden_domain_code_point(c))
        );
        let forbidden: Vec<u8> = (0..128u8).filter(|&b| FORBIDDEN_DOMAIN_ASCII[b as usize]).collect();
        assert_eq!(
            forbidden.len(),
            32 + 1 + 13 + 1,
            "C0, DELETE, the 13 other forbidden host code points, %"
        );
        assert!(forbidden.contains(&b'%') && forbidden.contains(&b'[') && !forbidden.contains(&b'-'));
        // The domain parser's shortcut: a host of these bytes alone has no forbidden one.
        let ldh: Vec<u8> = (0..=255u8).filter(|&b| is_ldh_lowercase(b)).collect();
        assert_eq!(ldh.len(), 26 + 10 + 2);
        assert!(ldh.iter().all(|&b| !is_forbidden_domain_code_point(char::from(b))));
    }

    /// The last-byte filter of [`ends_in_a_number`] drops no number: its
    /// answer is the steps' for every last label of up to four characters
    /// from a set that holds each kind of number's characters and others,
    /// after a label or none, with a trailing dot and without.
    #[test]
    fn ends_in_a_number_filters_no_number_out() {
        let alphabet = ['0', '1', '7', '8', '9', 'a', 'f', 'g', 'x', 'X', 'F', 'z', '.', '-', 'é'];
        let mut labels = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = labels
                .iter()
                .flat_map(|label| alphabet.iter().map(move |&c| format!("{label}{c}")))
                .collect();
            labels.extend(longer);
        }
        let (mut numbers, mut checked) = (0, 0);
        for label in &labels {
            for input in [
                label.clone(),
                format!("{label}."),
                format!("example.{label}"),
                format!("example.{label}."),
            ] {
                let expected = last_label_is_a_number(without_empty_last_label(&input));
                assert_eq!(ends_in_a_number(&input), expected, "{input:?}");
                numbers += usize::from(expected);
                checked += 1;
            }
        }
        assert!(numbers > 1_000 && checked > 200_000, "{numbers} numbers of {checked}");
        assert!(ends_in_a_number("example.0x") && ends_in_a_number("1.2.3.0xfF.") && !ends_in_a_number("example.com"));
    }

    #[test]
    fn ipv6_serializes_the_first_longest_zero_run() {
        assert_eq!(serialize_ipv6(&[0; 8]), "::");
        assert_eq!(serialize_ipv6(&[1, 0, 0, 2, 0, 0, 0, 3]), "1:0:0:2::3");
        assert_eq!(serialize_ipv6(&[1, 0, 0, 2, 0, 0, 3, 4]), "1::2:0:0:3:4");
        assert_eq!(serialize_ipv6(&[1, 0, 2, 0, 3, 0, 4, 0]), "1:0:2:0:3:0:4:0");
        assert_eq!(serialize_ipv6(&[0, 0, 0, 0, 0, 0, 0, 1]), "::1");
        assert_eq!(serialize_ipv6(&[1, 0, 0, 0, 0, 0, 0, 0]), "1::");
    }
}
