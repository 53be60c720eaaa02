//! `python-requests`: the host requests 2.34 (with urllib3 2.7 and PyPI's
//! `idna` 3.20, on Python 3.11) connects to for `requests.get("http://" +
//! name + "/")`, in its order:
//! - urllib3's `parse_url`: the authority (up to `\`, `/`, `?` or `#`), the
//!   text after its last `@`, then `_HOST_PORT_RE` (a host of anything but
//!   `[`, `]`, `%`, `:`, `/`, `?`, `#` besides `%XX` escapes, or an IPv4 or
//!   bracketed IPv6 address, and a port of at most five digits, at most
//!   65535); then `_normalize_host`: each `.`-label (ASCII dots only)
//!   lower-cased by `str.lower()`, and a non-ASCII one through
//!   `idna.encode(label, strict=True)`, IDNA2008 without mapping
//!   (`urllib3_label_by_label`);
//! - requests' `prepare_url`: no host, or one starting with `*` or `.`, is
//!   refused; `prepare_auth`: credentials before an `@` that Latin-1 cannot
//!   encode fail; `requote_uri` unescapes unreserved `%XX` and escapes what
//!   it must (a space becomes `%20`);
//! - urllib3 parses the prepared URL again and connects to its host.
//!
//! So `ΒΌΛΟΣ.com` becomes `βόλος` by Python's `str.lower()` (final sigma)
//! before IDNA2008 sees it, where UTS #46 would give `βόλοσ`; requests' own
//! `idna.encode(host, uts46=True)` never runs, as urllib3 has already made
//! the host ASCII.

use super::python_idna::{Failure, encode_with, repr};
use super::{Answer, Runtime};
use regex::Regex;
use std::sync::LazyLock;

/// RFC 3986's IPv6address (§3.2.2), with the zone identifier RFC 6874
/// allows after `%25` (urllib3 takes a bare `%` too), as urllib3 matches
/// it; then its IPv4address.
fn ipv6_pattern() -> String {
    let h16 = "[0-9A-Fa-f]{1,4}";
    let ipv4 = "(?:[0-9]{1,3}\\.){3}[0-9]{1,3}";
    let ls32 = format!("(?:{h16}:{h16}|{ipv4})");
    let forms = [
        format!("(?:{h16}:){{6}}{ls32}"),
        format!("::(?:{h16}:){{5}}{ls32}"),
        format!("(?:{h16})?::(?:{h16}:){{4}}{ls32}"),
        format!("(?:(?:{h16}:)?{h16})?::(?:{h16}:){{3}}{ls32}"),
        format!("(?:(?:{h16}:){{0,2}}{h16})?::(?:{h16}:){{2}}{ls32}"),
        format!("(?:(?:{h16}:){{0,3}}{h16})?::{h16}:{ls32}"),
        format!("(?:(?:{h16}:){{0,4}}{h16})?::{ls32}"),
        format!("(?:(?:{h16}:){{0,5}}{h16})?::{h16}"),
        format!("(?:(?:{h16}:){{0,6}}{h16})?::"),
    ];
    let zone = "(?:(?:%25|%)(?:[A-Za-z0-9._~-]|%[a-fA-F0-9]{2})+)?";
    format!("\\[(?:{}){zone}\\]", forms.join("|"))
}

const IPV4: &str = "(?:[0-9]{1,3}\\.){3}[0-9]{1,3}";

/// `_HOST_PORT_RE`: the host (a reg-name, an IPv4 or a bracketed IPv6
/// address) and the port's digits.
static HOST_PORT: LazyLock<Regex> = LazyLock::new(|| {
    let reg_name = "(?:[^\\[\\]%:/?#]|%[a-fA-F0-9]{2})*";
    Regex::new(&format!(
        "^({reg_name}|{IPV4}|{})(?::0*?(|0|[1-9][0-9]{{0,4}}))?$",
        ipv6_pattern()
    ))
    .expect("the host and port pattern")
});

static IPV4_ONLY: LazyLock<Regex> = LazyLock::new(|| Regex::new(&format!("^{IPV4}$")).expect("IPv4"));
static IPV6_ONLY: LazyLock<Regex> = LazyLock::new(|| Regex::new(&format!("^{}$", ipv6_pattern())).expect("IPv6"));

/// `_HOST_PORT_RE` on `host_port`: its host and port (empty without
/// one), `None` where it does not match. Text without `[`, `]`, `%`, `:`,
/// `/`, `?` or `#` is a reg-name and no more, so the pattern is not run on
/// it (`the_shortcuts_are_the_patterns_answers`).
fn host_and_port(host_port: &str) -> Option<(&str, &str)> {
    if !host_port
        .bytes()
        .any(|b| matches!(b, b'[' | b']' | b'%' | b':' | b'/' | b'?' | b'#'))
    {
        return Some((host_port, ""));
    }
    let captures = HOST_PORT.captures(host_port)?;
    Some((
        captures.get(1).map_or("", |m| m.as_str()),
        captures.get(2).map_or("", |m| m.as_str()),
    ))
}

/// `IPV4_ONLY` matches `host`: only ASCII digits and dots can, so the
/// pattern runs on no other (`the_shortcuts_are_the_patterns_answers`).
fn is_ipv4(host: &str) -> bool {
    host.bytes().all(|b| b.is_ascii_digit() || b == b'.') && IPV4_ONLY.is_match(host)
}

/// `IPV6_ONLY` matches `host`: only text in brackets can, so the pattern
/// runs on no other (`the_shortcuts_are_the_patterns_answers`).
fn is_ipv6(host: &str) -> bool {
    host.starts_with('[') && IPV6_ONLY.is_match(host)
}

/// urllib3's `_ZONE_ID_RE`: an IPv6 address's zone identifier, up to the `]`.
static ZONE_ID: LazyLock<Regex> =
    LazyLock::new(|| Regex::new("((?:%25|%)(?:[A-Za-z0-9._~-]|%[a-fA-F0-9]{2})+)\\]$").expect("the zone pattern"));

/// An unreserved character of RFC 3986 (§2.3).
fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// `_encode_invalid_chars(component, unreserved)`: existing `%XX` escapes
/// upper-cased and, when every `%` starts one, kept; any other byte that
/// is not unreserved percent-encoded.
fn encode_invalid_chars(component: &str) -> String {
    let bytes = component.as_bytes();
    let escape_at = |i: usize| bytes[i] == b'%' && bytes.get(i + 1..i + 3).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
    let escapes = (0..bytes.len()).filter(|&i| escape_at(i)).count();
    let every_percent_escapes = escapes == bytes.iter().filter(|&&b| b == b'%').count();
    let mut out = String::with_capacity(bytes.len());
    for (i, &b) in bytes.iter().enumerate() {
        // The two hex digits after a kept `%` are letters or digits, kept upper-cased.
        let after_escape = (i >= 1 && escape_at(i - 1)) || (i >= 2 && escape_at(i - 2));
        if (every_percent_escapes && b == b'%') || unreserved(b) {
            out.push(char::from(if after_escape { b.to_ascii_uppercase() } else { b }));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `_normalize_host` for `http`: an IPv6 address lower-cased (its zone
/// identifier after a `%25` or `%` re-encoded and kept as it is), an IPv4
/// address kept, any other host label by label (`_idna_encode`).
fn normalize_host(host: &str) -> Result<String, Failure> {
    if host.is_empty() || is_ipv4(host) {
        return Ok(host.to_string());
    }
    if is_ipv6(host) {
        let Some(zone) = ZONE_ID.captures(host).and_then(|c| c.get(1)) else {
            return Ok(host.to_ascii_lowercase());
        };
        let id = zone.as_str();
        let id = if id.starts_with("%25") && id != "%25" {
            &id[3..]
        } else {
            &id[1..]
        };
        return Ok(format!(
            "{}%{}{}",
            host[..zone.start()].to_ascii_lowercase(),
            encode_invalid_chars(id),
            &host[zone.end()..]
        ));
    }
    let mut out = String::with_capacity(host.len() * 2);
    for (index, label) in host.split('.').enumerate() {
        if index > 0 {
            out.push('.');
        }
        if label.is_ascii() {
            out.push_str(&label.to_ascii_lowercase());
        } else {
            out.push_str(&encode_with(&super::python::lower(label), false, &['.'])?);
        }
    }
    Ok(out)
}

/// `requote_uri` on the host: `unquote_unreserved` (an escape of an
/// unreserved character decoded), then `quote` of what is neither
/// unreserved nor in `!#$%&'()*+,/:;=?@[]~`; when an escape's two letters
/// or digits are not hex, `quote` alone, with `%` escaped too.
fn requote(host: &str) -> String {
    let quote = |text: &str, safe: &[u8]| {
        let mut out = String::with_capacity(text.len());
        for &b in text.as_bytes() {
            if unreserved(b) || safe.contains(&b) {
                out.push(char::from(b));
            } else {
                out.push_str(&format!("%{b:02X}"));
            }
        }
        out
    };
    match unquote_unreserved(host) {
        Some(unquoted) => quote(&unquoted, b"!#$%&'()*+,/:;=?@[]~"),
        None => quote(host, b"!#$&'()*+,/:;=?@[]~"),
    }
}

/// `unquote_unreserved`; `None` where it raises `InvalidURL`.
fn unquote_unreserved(text: &str) -> Option<String> {
    let mut parts = text.split('%');
    let mut out = parts.next().unwrap_or_default().to_string();
    for part in parts {
        let h = part.get(..2).filter(|h| h.bytes().all(|b| b.is_ascii_alphanumeric()));
        match h {
            Some(h) => {
                let b = u8::from_str_radix(h, 16).ok()?;
                if unreserved(b) {
                    out.push(char::from(b));
                    out.push_str(&part[2..]);
                } else {
                    out.push('%');
                    out.push_str(part);
                }
            }
            None => {
                out.push('%');
                out.push_str(part);
            }
        }
    }
    Some(out)
}

/// The host requests connects to for `http://{input}/`.
pub(super) fn prepared_host(input: &str) -> Answer {
    let runtime = Runtime::PythonRequests;
    let url = format!("http://{input}/");
    let parse_failure = |rule: &'static str, sentence: String| {
        Answer::error(runtime, format!("InvalidURL: Failed to parse: {url}"), rule, sentence)
    };
    let no_host = || {
        Answer::error(
            runtime,
            format!("InvalidURL: Invalid URL {}: No host supplied", repr(&url)),
            "prepare_url",
            "The URL has no host.".to_string(),
        )
    };
    let rest = &url["http://".len()..];
    let authority = &rest[..rest.find(['\\', '/', '?', '#']).unwrap_or(rest.len())];
    if authority.is_empty() {
        return no_host();
    }
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, host_port)| host_port);
    let Some((host, port)) = host_and_port(host_port) else {
        return parse_failure(
            "_HOST_PORT_RE",
            "urllib3 finds no host and port in the URL: a “[”, “]”, “%” or “:” where none may be.".to_string(),
        );
    };
    if !port.is_empty() && port.parse::<u32>().is_ok_and(|p| p > 65535) {
        return parse_failure("parse_url", format!("The port {port} is past 65535."));
    }
    let host = match normalize_host(host) {
        Ok(host) => host,
        Err((message, _, sentence)) => {
            return parse_failure(
                "_idna_encode",
                format!(
                    "urllib3 passes each label, lower-cased, to idna.encode(label, strict=True), which refuses one: {message}. {sentence}"
                ),
            );
        }
    };
    if host.is_empty() {
        return no_host();
    }
    if host.starts_with(['*', '.']) {
        return Answer::error(
            runtime,
            "InvalidURL: URL has an invalid label.".to_string(),
            "prepare_url",
            "requests refuses a host that starts with “*” or “.”.".to_string(),
        );
    }
    // `prepare_cookies` reads the prepared URL with `urllib.parse.urlsplit`,
    // which since Python 3.11.4 asks `ipaddress.ip_address` for the text in
    // brackets: an IPv6 address, with a scope after a `%` that is neither
    // empty nor holds another `%`.
    let prepared = requote(&host);
    if let Some(inside) = prepared.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')) {
        let (address, scope) = match inside.split_once('%') {
            Some((address, scope)) => (address, Some(scope)),
            None => (inside, None),
        };
        let scope_ok = scope.is_none_or(|scope| !scope.is_empty() && !scope.contains('%'));
        if !scope_ok || address.parse::<std::net::Ipv6Addr>().is_err() {
            return Answer::error(
                runtime,
                format!("ValueError: '{inside}' does not appear to be an IPv4 or IPv6 address"),
                "_check_bracketed_host",
                "Python's URL parser takes the text in brackets for no IPv6 address (a zone identifier may not be empty or hold a “%”).".to_string(),
            );
        }
    }
    // `prepare_auth`: a user name and a password in the URL (`get_auth_from_url`
    // takes none without a `:`) become a Basic header, their percent-decoded
    // text encoded as Latin-1 (`_basic_auth_str`).
    if let Some((userinfo, _)) = authority.rsplit_once('@')
        && userinfo.contains(':')
    {
        let decoded = String::from_utf8_lossy(&crate::profiles::whatwg::percent_decode(userinfo)).into_owned();
        if let Some(c) = decoded.chars().find(|&c| u32::from(c) > 0xFF) {
            return Answer::error(
                runtime,
                "UnicodeEncodeError: 'latin-1' codec can't encode the credentials".to_string(),
                "prepare_auth",
                format!(
                    "The text before “@” is taken as a user name and password, and U+{:04X} in it has no Latin-1 byte for the Basic authorization header.",
                    u32::from(c)
                ),
            );
        }
    }
    let sentence = if input.is_ascii() {
        "urllib3 lower-cases an ASCII host and checks nothing else."
    } else {
        "urllib3 lower-cases each label with str.lower() and encodes it with idna.encode(label, strict=True) (IDNA2008, no mapping)."
    };
    // urllib3 parses the prepared URL again and connects to its host.
    let again = host_and_port(&prepared).map(|(host, _)| host);
    match again.map(normalize_host) {
        Some(Ok(host)) => Answer::ascii(runtime, host, "_normalize_host", sentence.to_string()),
        _ => parse_failure(
            "parse_url",
            "urllib3 cannot parse the URL requests prepared from this one.".to_string(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// IPv6 zone identifiers, as requests 2.34.2 with urllib3 2.7.0 gave them.
    #[test]
    fn a_zone_identifier_is_re_encoded_as_urllib3_does() {
        assert!(IPV6_ONLY.is_match("[fe80::1%25en0]"));
        assert_eq!(normalize_host("[fe80::1%25en0]").unwrap(), "[fe80::1%en0]");
        assert_eq!(requote("[fe80::1%en0]"), "[fe80::1%25en0]");
        assert_eq!(prepared_host("[fe80::1%25en0]:80").host.as_deref(), Some("[fe80::1%en0]"));
    }

    /// [`host_and_port`], [`is_ipv4`] and [`is_ipv6`] answer as their
    /// patterns do on every text of up to four characters of an alphabet
    /// of what the patterns read (and of what they do not), and on longer
    /// addresses, hosts and ports.
    #[test]
    fn the_shortcuts_are_the_patterns_answers() {
        let alphabet = [
            'a', 'F', '0', '9', '1', '.', ':', '[', ']', '%', '/', '?', '#', '@', '-', '_', 'ü', '\n', ' ', '2',
        ];
        let mut texts = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..4 {
            last = last
                .iter()
                .flat_map(|text| alphabet.iter().map(move |c| format!("{text}{c}")))
                .collect();
            texts.extend(last.iter().cloned());
        }
        texts.extend(
            [
                "1.2.3.4",
                "255.255.255.255",
                "1.2.3.4:80",
                "1.2.3",
                "1234.1.1.1",
                "example.com",
                "example.com:8080",
                "example.com:99999",
                "[::1]",
                "[::1]:443",
                "[fe80::1%25en0]",
                "[fe80::1%en0]:80",
                "[1:2:3:4:5:6:7:8]",
                "[::ffff:1.2.3.4]",
                "[::1",
                "a%41b.com",
                "a%4.com",
                "bücher.de",
                "xn--bcher-kva.de:0",
                "host:00080",
            ]
            .map(str::to_string),
        );
        for text in &texts {
            let pattern = HOST_PORT.captures(text).map(|captures| {
                (
                    captures.get(1).map_or("", |m| m.as_str()),
                    captures.get(2).map_or("", |m| m.as_str()),
                )
            });
            assert_eq!(host_and_port(text), pattern, "{text:?}");
            assert_eq!(is_ipv4(text), IPV4_ONLY.is_match(text), "{text:?}");
            assert_eq!(is_ipv6(text), IPV6_ONLY.is_match(text), "{text:?}");
        }
        assert!(texts.len() > 160_000);
    }
}
