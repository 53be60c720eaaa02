//! `curl`: the Host that curl 7.88 (Debian 12, libidn2 2.3.3) sends for
//! `curl -g http://NAME/` under a UTF-8 locale, without a proxy. The URL is
//! parsed as `lib/urlapi.c` `parseurl` does (`junkscan`,
//! `parse_hostname_login`, `Curl_parse_port`, `ipv4_normalize`,
//! `decode_host`, `hostname_check`); then `lib/url.c` `parseurlandfillconn`
//! reads the host back (a '%' left in it as "%25") and calls
//! `Curl_idnconvert_hostname` (`lib/idn.c`): a name with a byte
//! above 0x7F (`Curl_is_ASCII_name`) goes to `idn_decode`, which calls
//! `idn2_lookup_ul` with `IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL` and, on any
//! failure, again with `IDN2_TRANSITIONAL` ([`super::libidn2`]); both
//! failing is `CURLE_URL_MALFORMAT`. `-g` turns off the command's URL
//! globbing, so the URL is what libcurl gets (as from any program).
//!
//! Through an HTTP proxy (`-x`) curl 7.88 instead puts the converted name
//! back into a copy of the URL (`lib/http.c` `Curl_http_target`,
//! `curl_url_set(CURLUPART_HOST)`), whose `hostname_check` refuses what
//! the URL parser would (`a！b.com` becomes `a!b.com`), and reports that
//! refusal as `CURLE_OUT_OF_MEMORY` ("Out of memory"); the sentences say so.

use super::libidn2::{self, NO_ALABEL_ROUNDTRIP, TRANSITIONAL};
use super::{Answer, Outcome, Runtime};

/// curl's words for `CURLE_URL_MALFORMAT`, as `-sS` prints them.
const URL_MALFORMAT: &str = "curl: (3) URL using bad/illegal format or missing URL";

/// The bytes `hostname_check` refuses in a host name.
const BAD_HOST_BYTES: &[u8] = b" \r\n\t/:#?!@{}[]\\$'\"^`*<>=;,+&()";

/// A `CURLUcode` that parsing `http://NAME/` can meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UrlError {
    BadSlashes,
    NoHost,
    BadFragment,
    BadQuery,
    BadPath,
    BadUser,
    BadPassword,
    BadPortNumber,
    BadHostname,
    BadIpv6,
}

impl UrlError {
    fn name(self) -> &'static str {
        match self {
            UrlError::BadSlashes => "CURLUE_BAD_SLASHES",
            UrlError::NoHost => "CURLUE_NO_HOST",
            UrlError::BadFragment => "CURLUE_BAD_FRAGMENT",
            UrlError::BadQuery => "CURLUE_BAD_QUERY",
            UrlError::BadPath => "CURLUE_BAD_PATH",
            UrlError::BadUser => "CURLUE_BAD_USER",
            UrlError::BadPassword => "CURLUE_BAD_PASSWORD",
            UrlError::BadPortNumber => "CURLUE_BAD_PORT_NUMBER",
            UrlError::BadHostname => "CURLUE_BAD_HOSTNAME",
            UrlError::BadIpv6 => "CURLUE_BAD_IPV6",
        }
    }

    fn sentence(self) -> &'static str {
        match self {
            UrlError::BadSlashes => "The URL has more than three slashes after http:.",
            UrlError::NoHost => "The URL has no host name.",
            UrlError::BadFragment | UrlError::BadQuery | UrlError::BadPath => {
                "The name ends the host part early, and what follows holds a space or a control character."
            }
            UrlError::BadUser | UrlError::BadPassword => "The user part before '@' holds a space or a control character.",
            UrlError::BadPortNumber => "A ':' starts a port, and what follows is not a port number.",
            UrlError::BadHostname => {
                "curl's URL parser refuses the host: it holds a space, a control character or one of  /:#?!@{}[]\\$'\"^`*<>=;,+&()."
            }
            UrlError::BadIpv6 => {
                "The host starts with '[' but is not an IPv6 address in brackets, with at most a zone id of 1 to 15 bytes after '%' (or \"%25\") before the ']'."
            }
        }
    }
}

/// The host (and port) of `http://NAME/` after `parseurl`.
struct Host {
    /// After percent-decoding: not always UTF-8.
    name: Vec<u8>,
    port: Option<u32>,
    ipv6: bool,
    /// An IPv6 literal's zone id, which `hostname_check` took off the host.
    zone: Option<Vec<u8>>,
}

/// `junkscan`: a control byte, DEL or a space.
fn junk(part: &[u8]) -> bool {
    part.iter().any(|&b| (0x01..=0x1F).contains(&b) || b == 0x7F || b == b' ')
}

/// `parseurl` of `http://NAME/`, as far as the host and port.
fn parse_url(name: &str) -> Result<Host, UrlError> {
    let url = format!("http://{name}/");
    let after_scheme = &url.as_bytes()["http:".len()..];
    let slashes = after_scheme.iter().take(4).take_while(|&&b| b == b'/').count();
    if !(1..=3).contains(&slashes) {
        return Err(UrlError::BadSlashes);
    }
    let rest = &after_scheme[slashes..];
    let end = rest
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len());
    let (authority, path) = rest.split_at(end);
    if authority.is_empty() {
        return Err(UrlError::NoHost);
    }
    // Fragment, query and path, checked in that order.
    let fragment = path.iter().position(|&b| b == b'#').unwrap_or(path.len());
    if path.len() - fragment > 1 && junk(&path[fragment + 1..]) {
        return Err(UrlError::BadFragment);
    }
    let query = path[..fragment].iter().position(|&b| b == b'?').unwrap_or(fragment);
    if fragment - query > 1 && junk(&path[query + 1..fragment]) {
        return Err(UrlError::BadQuery);
    }
    if query > 1 && junk(&path[..query]) {
        return Err(UrlError::BadPath);
    }
    let mut host = parse_hostname_login(authority)?;
    let port = parse_port(&mut host)?;
    if junk(&host) {
        return Err(UrlError::BadHostname);
    }
    if let Some(v4) = ipv4_normalize(&host) {
        return Ok(Host {
            name: v4.into_bytes(),
            port,
            ipv6: false,
            zone: None,
        });
    }
    let host = decode_host(host)?;
    Ok(match hostname_check(host)? {
        Checked::Name(name) => Host {
            name: encode_percent(&name),
            port,
            ipv6: false,
            zone: None,
        },
        Checked::Ipv6 { address, zone } => Host {
            name: address,
            port,
            ipv6: true,
            zone,
        },
    })
}

/// `parseurlandfillconn` first asks for the whole URL back
/// (`curl_url_get(CURLUPART_URL)`), which writes each '%' left in the host
/// as "%25" into the parsed URL itself ("only encode '%' in output host
/// name"): the host it then reads, converts and sends has "%25".
fn encode_percent(host: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(host.len());
    for &b in host {
        if b == b'%' {
            out.extend_from_slice(b"%25");
        } else {
            out.push(b);
        }
    }
    out
}

/// `parse_hostname_login`: what precedes the first '@' is the login
/// (user, then ':' and a password), checked by `junkscan`.
fn parse_hostname_login(authority: &[u8]) -> Result<Vec<u8>, UrlError> {
    let Some(at) = authority.iter().position(|&b| b == b'@') else {
        return Ok(authority.to_vec());
    };
    let login = &authority[..at];
    let (user, password) = match login.iter().position(|&b| b == b':') {
        Some(colon) => (&login[..colon], Some(&login[colon + 1..])),
        None => (login, None),
    };
    if junk(user) {
        return Err(UrlError::BadUser);
    }
    if password.is_some_and(junk) {
        return Err(UrlError::BadPassword);
    }
    Ok(authority[at + 1..].to_vec())
}

/// `Curl_parse_port` (the URL has a scheme): the host is cut at its port;
/// an empty port is ignored.
fn parse_port(host: &mut Vec<u8>) -> Result<Option<u32>, UrlError> {
    let colon = if host.first() == Some(&b'[') {
        let close = host.iter().position(|&b| b == b']').ok_or(UrlError::BadIpv6)?;
        match host.get(close + 1) {
            None => None,
            Some(b':') => Some(close + 1),
            Some(_) => return Err(UrlError::BadPortNumber),
        }
    } else {
        host.iter().position(|&b| b == b':')
    };
    let Some(colon) = colon else { return Ok(None) };
    let digits = host[colon + 1..].to_vec();
    host.truncate(colon);
    if digits.is_empty() {
        return Ok(None);
    }
    if !digits[0].is_ascii_digit() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(UrlError::BadPortNumber);
    }
    let text = std::str::from_utf8(&digits).map_err(|_| UrlError::BadPortNumber)?;
    match text.parse::<u64>() {
        Ok(port) if port <= 0xFFFF => Ok(Some(port as u32)),
        _ => Err(UrlError::BadPortNumber),
    }
}

/// `strtoul (text, &end, 0)` on a part that starts with a digit: the value
/// (None past 32 bits) and the bytes read.
fn strtoul(text: &[u8]) -> (Option<u64>, usize) {
    let (radix, start) = match text {
        [b'0', b'x' | b'X', d, ..] if d.is_ascii_hexdigit() => (16, 2),
        [b'0', ..] => (8, 1),
        _ => (10, 0),
    };
    let len = text[start..].iter().take_while(|&&b| (b as char).is_digit(radix)).count();
    let digits = std::str::from_utf8(&text[start..start + len]).unwrap_or("");
    let value = if digits.is_empty() {
        Some(0)
    } else {
        u64::from_str_radix(digits, radix).ok()
    };
    (value.filter(|&v| v <= u64::from(u32::MAX)), start + len)
}

/// `ipv4_normalize`: one to four numbers (decimal, octal or hexadecimal)
/// split by dots, as the dotted quad they stand for.
fn ipv4_normalize(host: &[u8]) -> Option<String> {
    let mut parts: Vec<u64> = Vec::new();
    let mut at = 0;
    loop {
        if !host.get(at).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let (value, len) = strtoul(&host[at..]);
        parts.push(value?);
        at += len;
        match host.get(at) {
            Some(b'.') if parts.len() < 4 => at += 1,
            None => break,
            _ => return None,
        }
    }
    let p = &parts;
    let quad = match p.len() {
        1 => [p[0] >> 24, (p[0] >> 16) & 0xFF, (p[0] >> 8) & 0xFF, p[0] & 0xFF],
        2 if p[0] <= 0xFF && p[1] <= 0xFF_FFFF => [p[0], (p[1] >> 16) & 0xFF, (p[1] >> 8) & 0xFF, p[1] & 0xFF],
        3 if p[0] <= 0xFF && p[1] <= 0xFF && p[2] <= 0xFFFF => [p[0], p[1], (p[2] >> 8) & 0xFF, p[2] & 0xFF],
        4 if p.iter().all(|&v| v <= 0xFF) => [p[0], p[1], p[2], p[3]],
        _ => return None,
    };
    Some(format!("{}.{}.{}.{}", quad[0], quad[1], quad[2], quad[3]))
}

/// `decode_host`: %XX decoded (not in an IPv6 literal); a decoded control
/// byte fails.
fn decode_host(host: Vec<u8>) -> Result<Vec<u8>, UrlError> {
    if host.first() == Some(&b'[') || !host.contains(&b'%') {
        return Ok(host);
    }
    let mut out = Vec::with_capacity(host.len());
    let mut i = 0;
    while i < host.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        let mut byte = host[i];
        if byte == b'%'
            && let (Some(Some(high)), Some(Some(low))) = (host.get(i + 1).map(|&b| hex(b)), host.get(i + 2).map(|&b| hex(b)))
        {
            byte = (high * 16 + low) as u8;
            i += 2;
        }
        if byte < 0x20 {
            return Err(UrlError::BadHostname);
        }
        out.push(byte);
        i += 1;
    }
    Ok(out)
}

/// A host that `hostname_check` let through.
enum Checked {
    /// Not an IPv6 literal (still percent-decoded).
    Name(Vec<u8>),
    /// An IPv6 literal: the address, without brackets, as curl keeps it
    /// (`u->host`), and its zone id, kept apart (`u->zoneid`).
    Ipv6 { address: Vec<u8>, zone: Option<Vec<u8>> },
}

/// `hostname_check`: an IPv6 literal must parse (and is written shorter
/// where it can be); any other host must not hold [`BAD_HOST_BYTES`].
fn hostname_check(host: Vec<u8>) -> Result<Checked, UrlError> {
    if host.is_empty() {
        return Err(UrlError::NoHost);
    }
    if host[0] == b'[' {
        return ipv6_check(&host);
    }
    if host.iter().any(|b| BAD_HOST_BYTES.contains(b)) {
        return Err(UrlError::BadHostname);
    }
    Ok(Checked::Name(host))
}

/// `hostname_check` on a host that starts with '[' (curl 7.88.1's
/// `lib/urlapi.c`, in its order): at least 4 bytes (`[::]`); between the
/// brackets (`Curl_parse_port` left the first ']' last) the longest run
/// of `0123456789abcdefABCDEF:.` is the address; anything after it must
/// be '%' and a zone id: a `25` right after the '%' (the '%' written
/// percent-encoded) is skipped when more follows, and the zone id is then
/// 1 to 15 bytes of anything (`zoneid[16]`). The
/// address must pass `Curl_inet_pton` (glibc's `inet_pton`) and is
/// replaced by `Curl_inet_ntop`'s form when that is shorter. The zone id
/// goes to `u->zoneid`, never into the host (`url.c` `zonefrom_url` only
/// turns it into the socket's scope id).
fn ipv6_check(host: &[u8]) -> Result<Checked, UrlError> {
    // Shorter than `[::]`: no address fits.
    if host.len() < 4 {
        return Err(UrlError::BadIpv6);
    }
    let inner = &host[1..host.len() - 1];
    // The address: hex digits, colons and dots.
    let len = inner
        .iter()
        .take_while(|&&b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
        .count();
    let zone = if len == inner.len() {
        None
    } else {
        // What follows the address can only be a zone id after '%'.
        if inner[len] != b'%' {
            return Err(UrlError::BadIpv6);
        }
        let mut zone = &inner[len + 1..];
        if zone.len() > 2 && zone.starts_with(b"25") {
            zone = &zone[2..];
        }
        if zone.is_empty() || zone.len() > 15 {
            return Err(UrlError::BadIpv6);
        }
        Some(zone.to_vec())
    };
    let written = &inner[..len];
    // Only `[0-9a-fA-F:.]` is left: Rust's parser takes what glibc 2.36's
    // `inet_pton(AF_INET6)` takes of such text, to the same address
    // (compared on 54,593 strings of these bytes, 3,269 of them taken).
    let text = std::str::from_utf8(written).map_err(|_| UrlError::BadIpv6)?;
    let address: std::net::Ipv6Addr = text.parse().map_err(|_| UrlError::BadIpv6)?;
    // curl writes the address as `inet_ntop` does when that is shorter.
    let shorter = inet_ntop6(address);
    let address = if shorter.len() < len {
        shorter.into_bytes()
    } else {
        written.to_vec()
    };
    Ok(Checked::Ipv6 { address, zone })
}

/// glibc's `inet_ntop` for `AF_INET6` (`resolv/inet_ntop.c` `inet_ntop6`,
/// which `Curl_inet_ntop` is on Debian): lower-case hex without leading
/// zeros, the first longest run of two or more zero groups as "::", and
/// the last 32 bits as a dotted quad after six zero groups (`::1.2.3.4`)
/// or after five and `ffff` (`::ffff:1.2.3.4`). Rust's `Display` writes
/// `::1.2.3.4` as `::102:304`.
fn inet_ntop6(address: std::net::Ipv6Addr) -> String {
    let words = address.segments();
    let mut best: Option<(usize, usize)> = None;
    let mut at = 0;
    while at < words.len() {
        let run = words[at..].iter().take_while(|&&w| w == 0).count();
        if run >= 2 && best.is_none_or(|(_, len)| run > len) {
            best = Some((at, run));
        }
        at += run.max(1);
    }
    let mut out = String::new();
    for (i, word) in words.iter().enumerate() {
        if let Some((base, len)) = best
            && (base..base + len).contains(&i)
        {
            if i == base {
                out.push(':');
            }
            continue;
        }
        if i != 0 {
            out.push(':');
        }
        if i == 6 && best.is_some_and(|(base, len)| base == 0 && (len == 6 || (len == 5 && words[5] == 0xFFFF))) {
            let [.., a, b, c, d] = address.octets();
            out.push_str(&format!("{a}.{b}.{c}.{d}"));
            return out;
        }
        out.push_str(&format!("{word:x}"));
    }
    if best.is_some_and(|(base, len)| base + len == words.len()) {
        out.push(':');
    }
    out
}

/// `idn_decode`: nontransitional with NFC (`IDN2_NFC_INPUT |
/// IDN2_NONTRANSITIONAL`, the lookup at hand), then transitional; which one passed.
fn idn_decode(name: &str, lookup: &libidn2::Lookup) -> Result<(String, &'static str), (libidn2::Error, libidn2::Error)> {
    match lookup.nontransitional(name) {
        Ok(host) => Ok((host, "idn2_lookup_ul")),
        Err(first) => match libidn2::lookup_ul(name, TRANSITIONAL) {
            Ok(host) => Ok((host, "idn_decode: IDN2_TRANSITIONAL retry")),
            Err(second) => Err((first, second)),
        },
    }
}

/// The part of a sentence on what an HTTP proxy would make of `host`.
fn proxy_note(host: &str) -> &'static str {
    if host.bytes().any(|b| BAD_HOST_BYTES.contains(&b)) {
        " Through an HTTP proxy curl 7.88 fails instead with \"Out of memory\": its URL check refuses the converted name, and Curl_http_target reports that as CURLE_OUT_OF_MEMORY."
    } else {
        ""
    }
}

/// The Host header's value: the name, bracketed for IPv6, with a port other than 80.
fn header(name: &str, host: &Host) -> String {
    let name = if host.ipv6 { format!("[{name}]") } else { name.to_string() };
    match host.port {
        Some(port) if port != 80 => format!("{name}:{port}"),
        _ => name,
    }
}

/// `curl -g http://NAME/`: the Host it sends, or its error.
pub(super) fn request(input: &str) -> Answer {
    answer(input, &libidn2::Lookup::new(input))
}

/// The answer, with libidn2's nontransitional lookup of `input` at hand.
pub(super) fn answer(input: &str, lookup: &libidn2::Lookup) -> Answer {
    let runtime = Runtime::Curl;
    let name = input.split('\0').next().unwrap_or("");
    let host = match parse_url(name) {
        Ok(host) => host,
        Err(error) => return Answer::error(runtime, URL_MALFORMAT.into(), error.name(), error.sentence().into()),
    };
    if let Some(zone) = &host.zone {
        let text = String::from_utf8(host.name.clone()).expect("an IPv6 address");
        let sentence = format!(
            "curl's URL parser (hostname_check) takes the zone id {:?} off the IPv6 address: the Host header has the address alone, and the zone id only sets the connection's scope id (zonefrom_url: a number as it is, else the interface of that name; an unknown name is ignored).",
            String::from_utf8_lossy(zone)
        );
        return Answer::ascii(runtime, header(&text, &host), "hostname_check", sentence);
    }
    if host.name.is_ascii() {
        let text = String::from_utf8(host.name.clone()).expect("ASCII");
        // Curl_http_target puts the host back into the URL for a proxy only
        // when Curl_idnconvert_hostname converted it: never an ASCII one.
        let sentence = "An ASCII host is sent as it is (Curl_is_ASCII_name): libidn2 is not asked.".to_string();
        return Answer::ascii(runtime, header(&text, &host), "Curl_is_ASCII_name", sentence);
    }
    // libidn2's locale conversion refuses bytes that are not UTF-8 (IDN2_ICONV_FAIL).
    let converted = match std::str::from_utf8(&host.name) {
        Ok(text) => idn_decode(text, lookup).map_err(|(first, _)| first.name()),
        Err(_) => Err("IDN2_ICONV_FAIL"),
    };
    match converted {
        Ok((ascii, rule)) => {
            let how = if rule == "idn2_lookup_ul" {
                "libidn2's nontransitional lookup (UTS #46 of Unicode 14.0, then IDNA2008 checks) converts the host."
            } else {
                "libidn2's nontransitional lookup refuses the host, and curl's retry with IDN2_TRANSITIONAL (UTS #46 transitional, no IDNA2008 checks) converts it."
            };
            let sentence = format!("{how}{}", proxy_note(&ascii));
            Answer::ascii(runtime, header(&ascii, &host), rule, sentence)
        }
        Err(first) => Answer::error(
            runtime,
            URL_MALFORMAT.into(),
            "Curl_idnconvert_hostname",
            format!("libidn2 refuses the host nontransitionally ({first}) and transitionally, so curl reports a malformed URL."),
        ),
    }
}

/// For a refusal by libidn2: the host written as libidn2 converts it
/// without the A-label roundtrip check, where curl's URL parser takes it.
pub(super) fn hint(input: &str, answer: &Answer) -> Option<String> {
    if answer.outcome != Outcome::Error || answer.rule != "Curl_idnconvert_hostname" {
        return None;
    }
    let host = parse_url(input.split('\0').next().unwrap_or("")).ok()?;
    let name = String::from_utf8(host.name).ok()?;
    let ascii = libidn2::lookup_ul(&name, TRANSITIONAL | NO_ALABEL_ROUNDTRIP).ok()?;
    parse_url(&ascii).ok()?;
    Some(format!(
        "Given as `{ascii}` (libidn2's transitional lookup without the A-label roundtrip, `idn2 --tr46t --no-alabelroundtrip`), curl sends it as it is."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curl_sends_what_was_measured() {
        let host = |name: &str| request(name).host;
        assert_eq!(host("bücher.de").as_deref(), Some("xn--bcher-kva.de"));
        assert_eq!(host("☃.com").as_deref(), Some("xn--n3h.com"));
        assert_eq!(request("☃.com").rule, "idn_decode: IDN2_TRANSITIONAL retry");
        assert_eq!(host("a！b.com").as_deref(), Some("a!b.com"));
        assert!(request("a！b.com").sentence.contains("Out of memory"));
        assert_eq!(host("a@b.com").as_deref(), Some("b.com"));
        assert_eq!(host("a/b.com").as_deref(), Some("a"));
        assert_eq!(host("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(host("1.2").as_deref(), Some("1.0.0.2"));
        assert_eq!(host("a%41.com").as_deref(), Some("aA.com"));
        assert_eq!(host("%z.de").as_deref(), Some("%25z.de"));
        assert_eq!(host("[::1]").as_deref(), Some("[::1]"));
        assert_eq!(host("a　b.com").as_deref(), Some("a b.com"));
        // The real curl sends the hint's host as it is (tried).
        let refused = request("ä~b.com");
        assert_eq!(refused.rule, "Curl_idnconvert_hostname");
        assert!(hint("ä~b.com", &refused).is_some_and(|h| h.contains("`xn--~b-uia.com`")));
        assert_eq!(hint("a b.com", &request("a b.com")), None);
        for refused in ["", "a b.com", "a:b.com", "{{{.com", "ä*b.com", "ü-.com", "xn--bücher.de"] {
            assert_eq!(request(refused).error.as_deref(), Some(URL_MALFORMAT), "{refused:?}");
        }
    }

    #[test]
    fn curl_takes_ipv6_zone_ids_off_the_host() {
        // The real curl 7.88.1's answers observed on Debian 12
        // (`tools/runtime-oracle/oracle.py curl`): the Host header sent, or
        // None for "curl: (3) URL using bad/illegal format or missing URL".
        let observed: &[(&str, Option<&str>)] = &[
            ("[fe80::1%25eth0]", Some("[fe80::1]")),
            ("[fe80::1%eth0]", Some("[fe80::1]")),
            ("[fe80::1%251]", Some("[fe80::1]")),
            ("[fe80::1%1]", Some("[fe80::1]")),
            ("[fe80::1%25]", Some("[fe80::1]")),
            ("[fe80::1%2525]", Some("[fe80::1]")),
            ("[fe80::1%]", None),
            ("[fe80::1%%]", Some("[fe80::1]")),
            ("[fe80::1%25%25]", Some("[fe80::1]")),
            ("[fe80::1%25zz]", Some("[fe80::1]")),
            ("[fe80::1%25G]", Some("[fe80::1]")),
            ("[fe80::1%41]", Some("[fe80::1]")),
            ("[fe80::1%25a-b.c_d~e]", Some("[fe80::1]")),
            ("[fe80::1%25eth0.100]", Some("[fe80::1]")),
            ("[fe80::1%25ä]", Some("[fe80::1]")),
            ("[fe80::1%25a:b]", Some("[fe80::1]")),
            ("[fe80::1%25a!b]", Some("[fe80::1]")),
            ("[fe80::1%25a[b]", Some("[fe80::1]")),
            ("[fe80::1%25abcdefghijklmno]", Some("[fe80::1]")),
            ("[fe80::1%25abcdefghijklmnop]", None),
            ("[fe80::1%abcdefghijklmno]", Some("[fe80::1]")),
            ("[fe80::1%abcdefghijklmnop]", None),
            ("[fe80::1%1234567890123456]", None),
            ("[fe80::1%25a]b]", None),
            ("[fe80::1%25a@b]", None),
            ("[fe80::1%25a b]", None),
            ("[fe80::1%25a/b]", None),
            ("[fe80::1%25eth0]:8080", Some("[fe80::1]:8080")),
            ("[fe80::1%25eth0]:80", Some("[fe80::1]")),
            ("[fe80::1%25eth0]:", Some("[fe80::1]")),
            ("[fe80::1%25eth0]:x", None),
            ("[fe80::1%25eth0].", None),
            ("[fe80::1%25eth0", None),
            ("user@[fe80::1%25eth0]:81", Some("[fe80::1]:81")),
            ("[fe80::1%25eth0]/path", Some("[fe80::1]")),
            ("[FE80::1%25eth0]", Some("[FE80::1]")),
            ("[FE80:0:0:0:0:0:0:1%25eth0]", Some("[fe80::1]")),
            ("[::1%25eth0]", Some("[::1]")),
            ("[2001:db8::1%25eth0]", Some("[2001:db8::1]")),
            ("[::%25eth0]", Some("[::]")),
            ("[%25eth0]", None),
            ("[%1]", None),
            ("[fe80::1x%25eth0]", None),
            ("[fe80::1.%25eth0]", None),
            ("[::ffff:1.2.3.4%25eth0]", Some("[::ffff:1.2.3.4]")),
            ("[::1.2.3.4%25eth0]", Some("[::1.2.3.4]")),
            ("[0:0:0:0:0:0:1.2.3.4]", Some("[::1.2.3.4]")),
            ("[0:0:0:0:0:ffff:102:304]", Some("[::ffff:1.2.3.4]")),
            ("[::102:304]", Some("[::102:304]")),
            ("[::ffff:01.2.3.4]", None),
            ("[1:2:3:4:5:6:7:8%25eth0]", Some("[1:2:3:4:5:6:7:8]")),
            ("[1:2:3:4:5:6:7:8::]", None),
            ("[0000:0000:0000:0000:0000:0000:0000:0001]", Some("[::1]")),
            ("[::1]x", None),
            ("[]", None),
        ];
        for &(input, host) in observed {
            let answer = request(input);
            assert_eq!(answer.host.as_deref(), host, "{input:?}");
            if host.is_none() {
                assert_eq!(answer.error.as_deref(), Some(URL_MALFORMAT), "{input:?}");
            }
        }
        // The rules, as lib/urlapi.c names what decided.
        assert_eq!(request("[fe80::1%25eth0]").rule, "hostname_check");
        assert!(request("[fe80::1%25eth0]").sentence.contains("\"eth0\""));
        assert_eq!(request("[::1]").rule, "Curl_is_ASCII_name");
        assert_eq!(request("[fe80::1%]").rule, "CURLUE_BAD_IPV6");
        assert_eq!(request("[fe80::1%25abcdefghijklmnop]").rule, "CURLUE_BAD_IPV6");
        assert_eq!(request("[fe80::1%25a b]").rule, "CURLUE_BAD_HOSTNAME");
        assert_eq!(request("[fe80::1%25eth0]x").rule, "CURLUE_BAD_PORT_NUMBER");
        // An ASCII host is never put back into the URL for a proxy
        // (`curl -x` sends `GET http://[::1]/`, tried).
        assert!(!request("[::1]").sentence.contains("proxy"));
    }
}
