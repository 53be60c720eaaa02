//! `node-url` and `node-domain-to-ascii`: what Node.js 20 does with a host
//! through ada 2.9.2, the URL parser it bundles. `new URL("http://" + name
//! + "/").hostname` runs ada's URL parser (`url_aggregator`: the authority,
//! host and port states, then `parse_host`); `url.domainToASCII(name)`
//! sets the hostname of `ws://x` (`url::set_hostname`, the hostname state
//! with a state override) and returns `''` when that fails.
//!
//! Both reach ada's own IDNA code (`ada_idna.cpp`: `ada::idna::to_ascii`),
//! not ICU: its UTS #46 table of Unicode 15.0 (deviations valid, STD3 rules
//! off), its own lists for the leading combining mark, the viramas and the
//! joining types, and its own Bidi table; no hyphen or length check. Its
//! `is_label_valid` differs from UTS #46 §4.1 in ways the models keep:
//! - the first U+200C or U+200D decides the label: after a virama it is
//!   valid, and the Bidi rules are not read (`ada_idna_joiner_decides`);
//! - only a label that holds R, AL or AN is checked for Bidi, with the
//!   rules of its first character's direction, and the first character's
//!   own direction is not checked (`ada_idna_bidi_per_label`);
//! - an ASCII label is not checked, and an `xn--` label decoding to ASCII
//!   is accepted (`xn--abc-` stays as it is).
//!
//! The data is ada's (`tables/runtimes/ada-idna.txt`, by
//! `scripts/ada_idna_tables.py`); the IPv4 and IPv6 parsers are the URL
//! Standard's (`profiles::whatwg`), which ada follows.

use super::{Answer, Runtime};
use crate::profiles::whatwg::{ends_in_a_number, is_forbidden_domain_code_point, parse_host_address, percent_decode};
use std::sync::LazyLock;

/// A row of ada's mapping table.
#[derive(Clone, Debug)]
enum Row {
    Valid,
    Ignored,
    Disallowed,
    Mapped(String),
}

/// ada's direction names (`enum direction`), `None` outside its table.
type Direction = &'static str;

/// ada's IDNA data.
struct Data {
    /// `table`: each row's first code point and status, sorted.
    map: Vec<(u32, Row)>,
    combining: Vec<u32>,
    virama: Vec<u32>,
    right: Vec<u32>,
    left: Vec<u32>,
    dual: Vec<u32>,
    /// `dir_table`: first, last, direction; sorted.
    directions: Vec<(u32, u32, Direction)>,
}

static DATA: LazyLock<Data> = LazyLock::new(|| {
    let text: &'static str = include_str!(concat!(env!("IDNA_INSPECTOR_TABLES"), "/runtimes/ada-idna.txt"));
    let mut data = Data {
        map: Vec::new(),
        combining: Vec::new(),
        virama: Vec::new(),
        right: Vec::new(),
        left: Vec::new(),
        dual: Vec::new(),
        directions: Vec::new(),
    };
    let hex = |h: &str| u32::from_str_radix(h, 16).expect("ada-idna.txt: hexadecimal");
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&'static str> = line.split(';').collect();
        match fields.as_slice() {
            ["map", start, "valid"] => data.map.push((hex(start), Row::Valid)),
            ["map", start, "ignored"] => data.map.push((hex(start), Row::Ignored)),
            ["map", start, "disallowed"] => data.map.push((hex(start), Row::Disallowed)),
            ["map", start, "mapped", to] => {
                let to = to
                    .split(' ')
                    .map(|c| char::from_u32(hex(c)).expect("a scalar value"))
                    .collect();
                data.map.push((hex(start), Row::Mapped(to)));
            }
            ["combining", c] => data.combining.push(hex(c)),
            ["virama", c] => data.virama.push(hex(c)),
            ["joining", "R", c] => data.right.push(hex(c)),
            ["joining", "L", c] => data.left.push(hex(c)),
            ["joining", "D", c] => data.dual.push(hex(c)),
            ["direction", range, name] => {
                let (first, last) = range.split_once("..").expect("ada-idna.txt: a range");
                data.directions.push((hex(first), hex(last), name));
            }
            _ => panic!("ada-idna.txt: {line:?}"),
        }
    }
    data
});

impl Data {
    /// `find_range_index`: the row whose range holds `c`.
    fn row(&self, c: char) -> &Row {
        let index = self.map.partition_point(|(start, _)| *start <= c as u32);
        &self.map[index.saturating_sub(1)].1
    }

    /// `find_direction`.
    fn direction(&self, c: char) -> Direction {
        let c = c as u32;
        let index = self.directions.partition_point(|(_, last, _)| *last < c);
        match self.directions.get(index) {
            Some(&(first, _, name)) if first <= c => name,
            _ => "NONE",
        }
    }
}

/// Why ada refused: the function that returned failure, and a sentence.
struct Refusal {
    rule: &'static str,
    sentence: String,
}

fn refuse(rule: &'static str, sentence: String) -> Refusal {
    Refusal { rule, sentence }
}

/// `ada::idna::map`: ignored code points removed, mapped ones replaced;
/// the first disallowed one fails the whole input.
fn map(input: &[char]) -> Result<Vec<char>, Refusal> {
    let data = &*DATA;
    let mut out = Vec::with_capacity(input.len());
    for &c in input {
        match data.row(c) {
            Row::Ignored => {}
            Row::Valid => out.push(c),
            Row::Disallowed => {
                return Err(refuse(
                    "ada::idna::map",
                    format!("U+{:04X} is disallowed in ada's UTS #46 table (Unicode 15.0).", c as u32),
                ));
            }
            Row::Mapped(to) => out.extend(to.chars()),
        }
    }
    Ok(out)
}

/// `ada::idna::is_label_valid` of a mapped, normalized label.
fn is_label_valid(label: &[char]) -> Result<(), Refusal> {
    let data = &*DATA;
    let Some(&first) = label.first() else { return Ok(()) };
    let listed = |list: &[u32], c: char| list.binary_search(&(c as u32)).is_ok();
    if listed(&data.combining, first) {
        return Err(refuse(
            "is_label_valid",
            format!(
                "The label begins with U+{:04X}, a combining mark in ada's list.",
                first as u32
            ),
        ));
    }
    // The first joiner decides the label (ada_idna_joiner_decides).
    for (i, &c) in label.iter().enumerate() {
        if c != '\u{200C}' && c != '\u{200D}' {
            continue;
        }
        if i > 0 && listed(&data.virama, label[i - 1]) {
            return Ok(());
        }
        let joiner = if c == '\u{200C}' {
            "U+200C ZERO WIDTH NON-JOINER"
        } else {
            "U+200D ZERO WIDTH JOINER"
        };
        if c == '\u{200D}' || i == 0 || i + 1 >= label.len() {
            return Err(refuse(
                "is_label_valid",
                format!("{joiner} does not follow a virama, as ContextJ requires (CheckJoiners)."),
            ));
        }
        let left_or_dual = |&c: &char| listed(&data.left, c) || listed(&data.dual, c);
        let right_or_dual = |&c: &char| listed(&data.right, c) || listed(&data.dual, c);
        if label[..i].iter().any(left_or_dual) && label[i + 1..].iter().any(right_or_dual) {
            return Ok(());
        }
        return Err(refuse(
            "is_label_valid",
            format!("{joiner} is neither after a virama nor between joining letters (ContextJ)."),
        ));
    }
    let Some(last) = label.iter().rposition(|&c| data.direction(c) != "NSM") else {
        return Err(refuse(
            "is_label_valid",
            "Every character of the label is a nonspacing mark (NSM).".to_string(),
        ));
    };
    // Only a label holding R, AL or AN is checked (ada_idna_bidi_per_label).
    if !label.iter().any(|&c| matches!(data.direction(c), "R" | "AL" | "AN")) {
        return Ok(());
    }
    let bidi = |sentence: String| Err(refuse("is_label_valid", sentence));
    if data.direction(first) == "L" {
        // The characters before the last non-NSM one, as an LTR label.
        for &c in &label[..last] {
            let d = data.direction(c);
            if !matches!(d, "L" | "EN" | "ES" | "CS" | "ET" | "ON" | "BN" | "NSM") {
                return bidi(format!(
                    "The label starts left-to-right but holds U+{:04X} (Bidi class {d}), which RFC 5893 rule 5 forbids there.",
                    c as u32
                ));
            }
        }
        return Ok(());
    }
    let (mut has_en, mut has_an) = (false, false);
    for (i, &c) in label[..=last].iter().enumerate() {
        let d = data.direction(c);
        has_en |= d == "EN";
        has_an |= d == "AN";
        if (d == "EN" || d == "AN") && has_en && has_an {
            return bidi("The right-to-left label mixes European and Arabic-Indic digits (RFC 5893 rule 4).".to_string());
        }
        if !matches!(d, "R" | "AL" | "AN" | "EN" | "ES" | "CS" | "ET" | "ON" | "BN" | "NSM") {
            return bidi(format!(
                "The right-to-left label holds U+{:04X} (Bidi class {d}), which RFC 5893 rule 2 forbids.",
                c as u32
            ));
        }
        if i == last && !matches!(d, "R" | "AL" | "AN" | "EN") {
            return bidi(format!(
                "The right-to-left label ends with U+{:04X} (Bidi class {d}), not R, AL, EN or AN (RFC 5893 rule 3).",
                c as u32
            ));
        }
    }
    Ok(())
}

/// The checks ada makes of an `xn--` label's decoding: Punycode, then the
/// decoded text unchanged by `map` and by NFC, not empty, and valid.
fn check_a_label(label: &str) -> Result<(), Refusal> {
    // `punycode_to_utf32` takes the text before the last `-` as the basic
    // code points, also when that `-` comes first: `xn---abc` decodes as
    // `abc` would (ada_punycode_leading_delimiter), where RFC 3492 §6.2
    // reads the `-` as a digit and fails.
    let punycode = &label[4..];
    let punycode = match punycode.rfind('-') {
        Some(0) => &punycode[1..],
        _ => punycode,
    };
    let decoded = crate::punycode::decode(punycode).map_err(|_| {
        refuse(
            "punycode_to_utf32",
            format!("“{label}” is not valid Punycode after its xn-- prefix."),
        )
    })?;
    let decoded: Vec<char> = decoded.chars().collect();
    let unchanged = |sentence: &str| refuse("ada::idna::to_ascii", format!("“{label}” decodes to text that {sentence}."));
    match map(&decoded) {
        Ok(mapped) if mapped == decoded => {}
        _ => return Err(unchanged("UTS #46 mapping would change or refuse")),
    }
    if super::nfc_chars(decoded.clone()) != decoded {
        return Err(unchanged("is not in NFC"));
    }
    if decoded.is_empty() {
        return Err(unchanged("is empty"));
    }
    is_label_valid(&decoded)
}

/// `ada::idna::to_ascii` of the (percent-decoded) host bytes: `Err` where
/// ada returns the empty string.
fn to_ascii(input: &[u8]) -> Result<String, Refusal> {
    if input.is_ascii() {
        // `from_ascii_to_ascii`: lower-cased; only `xn--` labels are checked.
        let lowered = String::from_utf8_lossy(input).to_ascii_lowercase();
        for label in lowered.split('.').filter(|label| label.starts_with("xn--")) {
            check_a_label(label)?;
        }
        return Ok(lowered);
    }
    let text =
        std::str::from_utf8(input).map_err(|_| refuse("utf8_to_utf32", "The percent-decoded host is not UTF-8.".to_string()))?;
    let chars: Vec<char> = text.chars().collect();
    let normalized: Vec<char> = super::nfc_chars(map(&chars)?);
    let mut out = String::with_capacity(input.len() * 2);
    for (index, label) in normalized.split(|&c| c == '.').enumerate() {
        if index > 0 {
            out.push('.');
        }
        if label.starts_with(&['x', 'n', '-', '-']) {
            if let Some(&c) = label.iter().find(|c| !c.is_ascii()) {
                return Err(refuse(
                    "ada::idna::to_ascii",
                    format!("A label begins with xn-- but holds U+{:04X}, which is not ASCII.", c as u32),
                ));
            }
            let label: String = label.iter().collect();
            check_a_label(&label)?;
            out.push_str(&label);
        } else if label.iter().all(char::is_ascii) {
            out.extend(label.iter());
        } else {
            is_label_valid(label)?;
            let text: String = label.iter().collect();
            let encoded = crate::punycode::encode(&text)
                .map_err(|_| refuse("utf32_to_punycode", "The label cannot be Punycode-encoded.".to_string()))?;
            out.push_str("xn--");
            out.push_str(&encoded);
        }
    }
    // A trailing dot leaves no label after it: `split` gave an empty one,
    // whose dot is already written.
    Ok(out)
}

/// `parse_host` for a special URL: an IPv6 address in brackets, or a
/// domain (a fast path when nothing needs IDNA: the same answers), which
/// becomes an IPv4 address when it ends in a number.
fn parse_host(input: &str) -> Result<String, Refusal> {
    if input.is_empty() {
        return Err(refuse("parse_host", "The host is empty.".to_string()));
    }
    if input.starts_with('[') {
        return parse_host_address(input).ok_or_else(|| {
            refuse(
                "parse_ipv6",
                "The host starts with “[” but is no IPv6 address in brackets.".to_string(),
            )
        });
    }
    let ascii = to_ascii(&percent_decode(input))?;
    if ascii.is_empty() {
        return Err(refuse(
            "ada::unicode::to_ascii",
            "Nothing is left of the host after mapping.".to_string(),
        ));
    }
    if let Some(c) = ascii.chars().find(|&c| is_forbidden_domain_code_point(c)) {
        return Err(refuse(
            "is_forbidden_domain_code_point",
            format!("The host holds U+{:04X}, a forbidden domain code point.", c as u32),
        ));
    }
    if ends_in_a_number(&ascii) {
        return parse_host_address(&ascii)
            .ok_or_else(|| refuse("parse_ipv4", format!("“{ascii}” ends in a number but is no IPv4 address.")));
    }
    Ok(ascii)
}

/// The URL parser's host and port states on `authority` (the text after
/// the credentials, up to the path): a `:` outside brackets starts a port,
/// which must be digits and at most 65535.
fn host_and_port(authority: &str) -> Result<String, Refusal> {
    let mut inside_brackets = false;
    let colon = authority.char_indices().find(|&(_, c)| {
        match c {
            '[' => inside_brackets = true,
            ']' => inside_brackets = false,
            _ => {}
        }
        c == ':' && !inside_brackets
    });
    let (host, port) = match colon {
        Some((at, _)) => (&authority[..at], Some(&authority[at + 1..])),
        None => (authority, None),
    };
    if host.is_empty() {
        return Err(refuse("parse_host", "The URL has no host.".to_string()));
    }
    let hostname = parse_host(host)?;
    if let Some(port) = port {
        let valid = port.bytes().all(|b| b.is_ascii_digit()) && port.parse::<u32>().map_or(port.is_empty(), |p| p <= 65535);
        if !valid {
            return Err(refuse(
                "parse_port",
                format!("After the host's “:”, “{port}” is no port number."),
            ));
        }
    }
    Ok(hostname)
}

/// `new URL("http://" + input + "/").hostname`.
pub(super) fn url_hostname(input: &str) -> Answer {
    let runtime = Runtime::NodeUrl;
    // The URL parser removes every ASCII tab and newline first.
    let url: String = input.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    // The special authority ignore slashes state, then the authority state:
    // it ends at `/`, `\`, `?` or `#`; the last `@` ends the credentials.
    let rest = url.trim_start_matches(['/', '\\']);
    let authority = &rest[..rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len())];
    let host_part = authority.rfind('@').map_or(authority, |at| &authority[at + 1..]);
    match host_and_port(host_part) {
        Ok(hostname) => {
            let sentence = if host_part.len() != url.len() {
                "The URL parser took the host from the text and ada converted it.".to_string()
            } else if hostname.contains("xn--") && !input.contains("xn--") {
                "ada maps the name with its UTS #46 table of Unicode 15.0 and encodes each non-ASCII label.".to_string()
            } else {
                "ada accepts the host as the URL Standard's host parser would.".to_string()
            };
            Answer::ascii(runtime, hostname, "url_aggregator::parse_host", sentence)
        }
        Err(refusal) => Answer::error(
            runtime,
            "TypeError [ERR_INVALID_URL]: Invalid URL".to_string(),
            refusal.rule,
            refusal.sentence,
        ),
    }
}

/// `url.domainToASCII(input)`: the hostname setter of `ws://x`; `''` on failure.
pub(super) fn domain_to_ascii(input: &str) -> Answer {
    let runtime = Runtime::NodeDomainToAscii;
    let failed = |refusal: Refusal| Answer::error(runtime, "''".to_string(), refusal.rule, refusal.sentence);
    if input.is_empty() {
        return failed(refuse("domainToASCII", "The input is empty.".to_string()));
    }
    // The setter reads up to a `#` and drops ASCII tabs and newlines.
    let cut = &input[..input.find('#').unwrap_or(input.len())];
    let host: String = cut.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    // The hostname state: the host ends at `/`, `\`, `?` or a `:` outside
    // brackets; with a state override a `:` fails.
    let mut inside_brackets = false;
    let end = host.char_indices().find(|&(_, c)| {
        match c {
            '[' => inside_brackets = true,
            ']' => inside_brackets = false,
            _ => {}
        }
        !inside_brackets && matches!(c, ':' | '/' | '\\' | '?')
    });
    let host = match end {
        Some((_, ':')) => {
            return failed(refuse(
                "url::set_host_or_hostname",
                "The hostname setter refuses a “:” (a port) in the host.".to_string(),
            ));
        }
        Some((at, _)) => &host[..at],
        None => &host[..],
    };
    if host.is_empty() {
        return failed(refuse("url::set_host_or_hostname", "The host is empty.".to_string()));
    }
    match parse_host(host) {
        Ok(hostname) => Answer::ascii(
            runtime,
            hostname,
            "url::parse_host",
            "ada's hostname setter accepts the host and gives its ASCII form.".to_string(),
        ),
        Err(refusal) => failed(refusal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(input: &str) -> Option<String> {
        domain_to_ascii(input).host
    }

    /// ada's quirks, each as Node.js 20.20.2 answered (`tests/real_runtimes.rs` asks it again).
    #[test]
    fn ada_quirks_are_kept() {
        // ada_punycode_leading_delimiter.
        assert_eq!(host("xn---lzw.de").as_deref(), Some("xn---lzw.de"));
        // An xn-- label that decodes to ASCII, and hyphens, are not checked.
        assert_eq!(host("xn--abc-.com").as_deref(), Some("xn--abc-.com"));
        assert_eq!(host("-a.com").as_deref(), Some("-a.com"));
        // ada_idna_joiner_decides: after a virama, U+200C ends the checks (no Bidi rule is read).
        assert_eq!(
            host("\u{915}\u{94D}\u{200C}\u{5D0}a.com").as_deref(),
            Some("xn--a-zhc42wogx35h.com")
        );
        // ada_idna_bidi_per_label: a label starting with L is checked up to its
        // last character only; one starting with a digit is not refused.
        assert_eq!(host("a\u{5D0}.com").as_deref(), Some("xn--a-0hc.com"));
        assert_eq!(
            host("1\u{645}\u{62B}\u{627}\u{644}.com").as_deref(),
            Some("xn--1-zmcl5hc.com")
        );
    }

    #[test]
    fn url_syntax_decides_what_the_host_is() {
        assert_eq!(
            url_hostname("a@B\u{FC}cher.de:8080").host.as_deref(),
            Some("xn--bcher-kva.de")
        );
        assert_eq!(url_hostname("a:b.com").outcome, super::super::Outcome::Error);
        assert_eq!(host("x:80"), None);
        assert_eq!(host("a/b.com").as_deref(), Some("a"));
        assert_eq!(host("1.256").as_deref(), Some("1.0.1.0"));
    }
}
