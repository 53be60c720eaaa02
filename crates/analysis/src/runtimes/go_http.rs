//! `go-net-http`: the host Go 1.19's `net/http` dials for a GET of
//! `http://NAME/` (`http.Get`, or a `Client` with the default transport),
//! ported from `net/url/url.go` (`Parse`, `parse`, `parseAuthority`,
//! `parseHost`, `unescape`, `shouldEscape`, `validOptionalPort`,
//! `validUserinfo`, `setPath`, `setFragment`, `Hostname`, `String`),
//! `net/http/request.go` (`NewRequestWithContext`, `idnaASCII`),
//! `net/http/http.go` (`removeEmptyPort`) and `net/http/transport.go`
//! (`roundTrip`'s "no Host" check, `canonicalAddr`).
//!
//! `canonicalAddr` converts the URL's host with `idnaASCII`: an ASCII host
//! is dialled as given (no lower-casing, no check: `a_b.com`, `xn--zz`
//! pass), a non-ASCII one through `idna.Lookup.ToASCII` (the copy of
//! golang.org/x/net vendored into Go 1.19, the same idna code and Unicode
//! 13.0 tables as x/net 0.7: [`super::go_idna`]) — and when that fails,
//! the host is dialled unconverted, as raw UTF-8 (`cleanHost` does the same
//! for the Host header). Only `url.Parse`'s own refusals and an empty host
//! stop the request before it dials. The host is the URL's after
//! `url.Parse` has taken off a port, an IP literal's brackets and a user
//! name, and decoded its %-escapes (which may leave bytes that are not
//! UTF-8: the idna package reads those as U+FFFD).

use super::go_idna::{self, LOOKUP, quote};
use super::{Answer, Outcome, Runtime};

/// `url.URL`'s fields that a GET reads, as bytes (Go strings).
#[derive(Default)]
struct Url {
    /// `Userinfo`: the user name and, when there was a colon, the password.
    user: Option<(Vec<u8>, Option<Vec<u8>>)>,
    host: Vec<u8>,
    path: Vec<u8>,
    raw_path: Vec<u8>,
    force_query: bool,
    raw_query: Vec<u8>,
    fragment: Vec<u8>,
    raw_fragment: Vec<u8>,
}

/// The `encoding` modes of `url.go` that a GET meets.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Path,
    Host,
    Zone,
    UserPassword,
    Fragment,
}

/// `shouldEscape`.
fn should_escape(c: u8, mode: Mode) -> bool {
    if c.is_ascii_alphanumeric() {
        return false;
    }
    if matches!(mode, Mode::Host | Mode::Zone)
        && matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' | b':' | b'[' | b']' | b'<' | b'>' | b'"'
        )
    {
        return false;
    }
    match c {
        b'-' | b'_' | b'.' | b'~' => return false,
        b'$' | b'&' | b'+' | b',' | b'/' | b':' | b';' | b'=' | b'?' | b'@' => match mode {
            Mode::Path => return c == b'?',
            Mode::UserPassword => return matches!(c, b'@' | b'/' | b'?' | b':'),
            Mode::Fragment => return false,
            Mode::Host | Mode::Zone => {}
        },
        _ => {}
    }
    !(mode == Mode::Fragment && matches!(c, b'!' | b'(' | b')' | b'*'))
}

fn unhex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}

/// A refusal of `url.Parse`: the error's text, the rule that made it, and
/// a sentence.
struct Refusal {
    text: String,
    rule: &'static str,
    sentence: &'static str,
}

impl Refusal {
    fn new(text: impl Into<String>, rule: &'static str, sentence: &'static str) -> Refusal {
        Refusal {
            text: text.into(),
            rule,
            sentence,
        }
    }
}

/// `unescape`: percent-decoding under `mode`'s rules; refused with an
/// `EscapeError` or an `InvalidHostError`.
fn unescape(s: &[u8], mode: Mode) -> Result<Vec<u8>, Refusal> {
    let escape_error = |bytes: &[u8]| {
        let sentence = match mode {
            Mode::Host | Mode::Zone => {
                "url.Parse takes a %-escape in a host only for a byte beyond ASCII (or %25), and only as % and two hexadecimal digits."
            }
            _ => "url.Parse takes % only as the start of % and two hexadecimal digits.",
        };
        Refusal::new(
            format!("invalid URL escape {}", quote(bytes)),
            "unescape EscapeError",
            sentence,
        )
    };
    let mut i = 0;
    while i < s.len() {
        match s[i] {
            b'%' => {
                if i + 2 >= s.len() || !s[i + 1].is_ascii_hexdigit() || !s[i + 2].is_ascii_hexdigit() {
                    return Err(escape_error(&s[i..s.len().min(i + 3)]));
                }
                let escaped = &s[i..i + 3];
                // In a host, %-encoding is only for bytes beyond ASCII (and %25).
                if mode == Mode::Host && unhex(s[i + 1]) < 8 && escaped != b"%25" {
                    return Err(escape_error(escaped));
                }
                let value = (unhex(s[i + 1]) << 4) | unhex(s[i + 2]);
                if mode == Mode::Zone && escaped != b"%25" && value != b' ' && should_escape(value, Mode::Host) {
                    return Err(escape_error(escaped));
                }
                i += 3;
            }
            c => {
                if matches!(mode, Mode::Host | Mode::Zone) && c < 0x80 && should_escape(c, mode) {
                    return Err(Refusal::new(
                        format!("invalid character {} in host name", quote(&[c])),
                        "unescape InvalidHostError",
                        "url.Parse takes in a host only ASCII letters, digits, -._~!$&'()*+,;=:[]<>\" and bytes beyond ASCII.",
                    ));
                }
                i += 1;
            }
        }
    }
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            out.push((unhex(s[i + 1]) << 4) | unhex(s[i + 2]));
            i += 3;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    Ok(out)
}

/// `escape` (never in the query-component mode here).
fn escape(s: &[u8], mode: Mode) -> Vec<u8> {
    const UPPERHEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = Vec::with_capacity(s.len());
    for &c in s {
        if should_escape(c, mode) {
            out.extend([b'%', UPPERHEX[usize::from(c >> 4)], UPPERHEX[usize::from(c & 15)]]);
        } else {
            out.push(c);
        }
    }
    out
}

/// `validOptionalPort`: empty, or a colon and digits.
fn valid_optional_port(port: &[u8]) -> bool {
    match port.split_first() {
        None => true,
        Some((b':', digits)) => digits.iter().all(u8::is_ascii_digit),
        Some(_) => false,
    }
}

/// `validUserinfo`.
fn valid_userinfo(s: &[u8]) -> bool {
    s.iter().all(|&c| {
        c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'-' | b'.'
                    | b'_'
                    | b':'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b'%'
                    | b'@'
            )
    })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn rfind(haystack: &[u8], byte: u8) -> Option<usize> {
    haystack.iter().rposition(|&b| b == byte)
}

/// `parseHost`: an IP literal's brackets and zone, a port's digits, then
/// the host's escapes.
fn parse_host(host: &[u8]) -> Result<Vec<u8>, Refusal> {
    let port_error = |port: &[u8]| {
        let sentence = "What follows the host's last colon is not a port of digits.";
        Refusal::new(
            format!("invalid port {} after host", quote(port)),
            "parseHost validOptionalPort",
            sentence,
        )
    };
    if host.first() == Some(&b'[') {
        let Some(close) = rfind(host, b']') else {
            let sentence = "The host starts with [ as an IP literal does, but no ] closes it.";
            return Err(Refusal::new("missing ']' in host", "parseHost", sentence));
        };
        let colon_port = &host[close + 1..];
        if !valid_optional_port(colon_port) {
            return Err(port_error(colon_port));
        }
        if let Some(zone) = find(&host[..close], b"%25") {
            let mut out = unescape(&host[..zone], Mode::Host)?;
            out.extend(unescape(&host[zone..close], Mode::Zone)?);
            out.extend(unescape(&host[close..], Mode::Host)?);
            return Ok(out);
        }
    } else if let Some(colon) = rfind(host, b':') {
        let colon_port = &host[colon..];
        if !valid_optional_port(colon_port) {
            return Err(port_error(colon_port));
        }
    }
    unescape(host, Mode::Host)
}

/// `parseAuthority`: the host after the last `@` first, then the userinfo.
fn parse_authority(authority: &[u8], url: &mut Url) -> Result<(), Refusal> {
    let at = rfind(authority, b'@');
    url.host = parse_host(&authority[at.map_or(0, |at| at + 1)..])?;
    let Some(at) = at else { return Ok(()) };
    let userinfo = &authority[..at];
    if !valid_userinfo(userinfo) {
        let sentence = "What precedes the last @ is taken for a user name, and it holds a character a user name may not.";
        return Err(Refusal::new(
            "net/url: invalid userinfo",
            "parseAuthority validUserinfo",
            sentence,
        ));
    }
    url.user = Some(match find(userinfo, b":") {
        None => (unescape(userinfo, Mode::UserPassword)?, None),
        Some(colon) => (
            unescape(&userinfo[..colon], Mode::UserPassword)?,
            Some(unescape(&userinfo[colon + 1..], Mode::UserPassword)?),
        ),
    });
    Ok(())
}

/// `parse` of a URL that starts with `http://` (so the scheme and the
/// authority are there): `Err` with the error's text.
fn parse(raw: &[u8]) -> Result<Url, Refusal> {
    if raw.iter().any(|&b| b < b' ' || b == 0x7F) {
        let sentence = "url.Parse refuses an ASCII control character anywhere in a URL.";
        return Err(Refusal::new(
            "net/url: invalid control character in URL",
            "parse stringContainsCTLByte",
            sentence,
        ));
    }
    let mut url = Url::default();
    let mut rest = &raw[b"http:".len()..];
    if rest.last() == Some(&b'?') && rest.iter().filter(|&&b| b == b'?').count() == 1 {
        url.force_query = true;
        rest = &rest[..rest.len() - 1];
    } else if let Some(question) = rest.iter().position(|&b| b == b'?') {
        url.raw_query = rest[question + 1..].to_vec();
        rest = &rest[..question];
    }
    // rest starts with "//": the authority runs to the next slash.
    let authority = &rest[2..];
    let (authority, path) = match authority.iter().position(|&b| b == b'/') {
        Some(slash) => (&authority[..slash], &authority[slash..]),
        None => (authority, &b""[..]),
    };
    parse_authority(authority, &mut url)?;
    url.path = unescape(path, Mode::Path)?;
    if escape(&url.path, Mode::Path) != path {
        url.raw_path = path.to_vec();
    }
    Ok(url)
}

/// `url.Parse`: the fragment cut off first; the error as `*url.Error`
/// writes it (`parse "URL": …`).
fn url_parse(raw: &[u8]) -> Result<Url, Refusal> {
    let (before, fragment) = match raw.iter().position(|&b| b == b'#') {
        Some(hash) => (&raw[..hash], Some(&raw[hash + 1..])),
        None => (raw, None),
    };
    let error = |url: &[u8], refusal: Refusal| Refusal {
        text: format!("parse {}: {}", quote(url), refusal.text),
        ..refusal
    };
    let mut url = parse(before).map_err(|refusal| error(before, refusal))?;
    if let Some(fragment) = fragment.filter(|f| !f.is_empty()) {
        url.fragment = unescape(fragment, Mode::Fragment).map_err(|refusal| error(raw, refusal))?;
        if escape(&url.fragment, Mode::Fragment) != fragment {
            url.raw_fragment = fragment.to_vec();
        }
    }
    Ok(url)
}

/// `validEncoded`.
fn valid_encoded(s: &[u8], mode: Mode) -> bool {
    s.iter().all(|&c| {
        matches!(
            c,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' | b':' | b'@' | b'[' | b']' | b'%'
        ) || !should_escape(c, mode)
    })
}

/// `EscapedPath` / `EscapedFragment`: the raw form where it is a valid
/// escaping of the decoded one, else the decoded one escaped.
fn escaped(decoded: &[u8], raw: &[u8], mode: Mode) -> Vec<u8> {
    if !raw.is_empty() && valid_encoded(raw, mode) && unescape(raw, mode).is_ok_and(|p| p == decoded) {
        return raw.to_vec();
    }
    escape(decoded, mode)
}

/// `URL.String` of an http URL without a host (the only one a client's
/// error quotes before dialling), with a password shown as `***`
/// (`stripPassword`).
fn url_string(url: &Url) -> Vec<u8> {
    let mut out = b"http:".to_vec();
    if !url.path.is_empty() || url.user.is_some() {
        out.extend_from_slice(b"//");
    }
    match &url.user {
        // stripPassword puts the user name back unescaped.
        Some((user, Some(_))) => {
            out.extend_from_slice(user);
            out.extend_from_slice(b":***@");
        }
        Some((user, None)) => {
            out.extend(escape(user, Mode::UserPassword));
            out.push(b'@');
        }
        None => {}
    }
    out.extend(escaped(&url.path, &url.raw_path, Mode::Path));
    if url.force_query || !url.raw_query.is_empty() {
        out.push(b'?');
        out.extend_from_slice(&url.raw_query);
    }
    if !url.fragment.is_empty() {
        out.push(b'#');
        out.extend(escaped(&url.fragment, &url.raw_fragment, Mode::Fragment));
    }
    out
}

/// `removeEmptyPort`: a trailing colon after the host dropped.
fn remove_empty_port(host: &[u8]) -> &[u8] {
    let last_colon = rfind(host, b':');
    if last_colon.is_some() && last_colon > rfind(host, b']') {
        return host.strip_suffix(b":").unwrap_or(host);
    }
    host
}

/// `URL.Hostname`: a valid port and an IP literal's brackets removed.
fn hostname(host: &[u8]) -> &[u8] {
    let mut name = host;
    if let Some(colon) = rfind(name, b':')
        && valid_optional_port(&name[colon..])
    {
        name = &name[..colon];
    }
    if name.len() >= 2 && name[0] == b'[' && name[name.len() - 1] == b']' {
        name = &name[1..name.len() - 1];
    }
    name
}

/// Bytes as Go's `encoding/json` writes them: each byte that is not UTF-8 as U+FFFD.
fn go_json_text(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        out.extend(chunk.invalid().iter().map(|_| '\u{FFFD}'));
    }
    out
}

/// A GET of `http://{input}/`: what it dials, or its error.
pub(super) fn get(input: &str) -> Answer {
    let runtime = Runtime::GoNetHttp;
    let raw = format!("http://{input}/");
    let url = match url_parse(raw.as_bytes()) {
        Ok(url) => url,
        Err(refusal) => return Answer::error(runtime, refusal.text, refusal.rule, refusal.sentence.into()),
    };
    let host = remove_empty_port(&url.host);
    if host.is_empty() {
        let error = format!("Get {}: http: no Host in request URL", quote(&url_string(&url)));
        let sentence = "The URL has no host, and the transport refuses it before dialling.";
        return Answer::error(runtime, error, "Transport.roundTrip", sentence.into());
    }
    let name = hostname(host);
    if name.is_ascii() {
        let sentence = "net/http dials an ASCII host as given (idnaASCII: no IDNA, no lower-casing, no check).";
        let host = String::from_utf8(name.to_vec()).expect("ASCII");
        return Answer::ascii(runtime, host, "idnaASCII ascii.Is", sentence.into());
    }
    let error = match go_idna::to_ascii(LOOKUP, name) {
        Ok(converted) => {
            let sentence = "net/http converts the non-ASCII host with idna.Lookup.ToASCII (UTS #46 of Unicode 13.0).";
            return Answer::ascii(runtime, converted, "idnaASCII", sentence.into());
        }
        Err(error) => error.message(),
    };
    let sentence =
        format!("idna.Lookup.ToASCII fails ({error}), and canonicalAddr then dials the host unconverted, as raw UTF-8.");
    Answer::raw(runtime, go_json_text(name), "canonicalAddr", sentence)
}

/// What would make net/http look up an A-label where it passes the host on
/// raw: the host converted beforehand by a profile of the same package
/// that passes it, written into the URL.
pub(super) fn hint(input: &str, answer: &Answer) -> Option<String> {
    if answer.outcome != Outcome::Raw {
        return None;
    }
    let url = url_parse(format!("http://{input}/").as_bytes()).ok()?;
    let name = std::str::from_utf8(hostname(remove_empty_port(&url.host))).ok()?;
    let error = go_idna::to_ascii(LOOKUP, name.as_bytes()).err()?;
    let (expression, host) = go_idna::relaxed(name, &error)?;
    Some(format!(
        "Converting the host first with `{expression}.ToASCII(host)` and requesting `http://{host}/` looks up `{host}`."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_as_net_http_dials_them() {
        let get = |name: &str| {
            let answer = get(name);
            (answer.outcome, answer.host, answer.error)
        };
        assert_eq!(get("ABC.com"), (Outcome::Ascii, Some("ABC.com".into()), None));
        assert_eq!(get("bücher.de:8080"), (Outcome::Ascii, Some("xn--bcher-kva.de".into()), None));
        assert_eq!(get("ä_b.com"), (Outcome::Raw, Some("ä_b.com".into()), None));
        assert_eq!(get("%C3%A4.de").1.as_deref(), Some("xn--4ca.de"));
        // Bytes that are not UTF-8 become U+FFFD; a truncated last one fails.
        assert_eq!(get("a%e2%82b").1.as_deref(), Some("xn--ab-gg4n"));
        assert_eq!(get("a%e2%82").1.as_deref(), Some("a\u{FFFD}\u{FFFD}"));
        assert_eq!(
            get("a b.com").2.as_deref(),
            Some("parse \"http://a b.com/\": invalid character \" \" in host name")
        );
        assert_eq!(get("").2.as_deref(), Some("Get \"http:///\": http: no Host in request URL"));
    }
}
