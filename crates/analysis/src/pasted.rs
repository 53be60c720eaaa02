//! Input as pasted: the host in what support staff paste — a URL, an e-mail
//! address or `mailto:` link, `host:port`, a name wrapped in `<>`, quotes or
//! brackets or followed by sentence punctuation, a `*.` wildcard — taken as
//! the URL Standard's basic URL parser takes it (§4.4: the scheme state, the
//! special authority ignore slashes state, the authority state with its last
//! `@`, the host state ending at a `:` outside brackets, the file host
//! state), so that every stage inspects the host a browser would open.
//! What is set aside is kept, before and after the host; a plain name comes
//! back as it is ([`TakenFrom::Text`]).

use serde::Serialize;
use std::borrow::Cow;

/// Where the host was found in the pasted text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TakenFrom {
    /// A URL (a scheme, or a path, query or fragment after the host), or
    /// `user@host:port`.
    Url,
    /// An e-mail address or a `mailto:` link: the part after the last `@`.
    Email,
    /// `host:port`.
    HostPort,
    /// A certificate's `*.` wildcard name.
    Wildcard,
    /// The text itself, at most unwrapped from quotes, brackets or
    /// trailing sentence punctuation.
    Text,
}

impl TakenFrom {
    /// The name JSON and CSV use: `url`, `email`, `host-port`, `wildcard`, `text`.
    pub fn name(self) -> &'static str {
        match self {
            TakenFrom::Url => "url",
            TakenFrom::Email => "email",
            TakenFrom::HostPort => "host-port",
            TakenFrom::Wildcard => "wildcard",
            TakenFrom::Text => "text",
        }
    }

    /// How a sentence names the source: "the URL", "the e-mail address", …
    pub fn noun(self) -> &'static str {
        match self {
            TakenFrom::Url => "the URL",
            TakenFrom::Email => "the e-mail address",
            TakenFrom::HostPort => "host:port",
            TakenFrom::Wildcard => "the wildcard name",
            TakenFrom::Text => "the text",
        }
    }
}

/// The host found in a pasted text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pasted<'a> {
    /// The text as pasted.
    pub input: &'a str,
    /// The host, percent-decoded where it came from a URL (as the host
    /// parser decodes it before domain to ASCII, §3.5 step 4).
    pub host: Cow<'a, str>,
    /// Where it was found.
    pub taken_from: TakenFrom,
    /// What was set aside before the host (`https://user@`), as pasted.
    pub before: &'a str,
    /// What was set aside after it (`:8080/login?x=1`), as pasted.
    pub after: &'a str,
}

impl<'a> Pasted<'a> {
    /// `input` as the host it is: nothing set aside.
    fn plain(input: &'a str) -> Pasted<'a> {
        Pasted {
            input,
            host: input.into(),
            taken_from: TakenFrom::Text,
            before: "",
            after: "",
        }
    }

    /// Whether anything was set aside or decoded: `false` for a plain name.
    pub fn changed(&self) -> bool {
        // The host of a plain name is the input itself, not a copy.
        let same = self.host.as_ptr() == self.input.as_ptr() && self.host.len() == self.input.len();
        !same && self.host != self.input
    }

    /// One sentence for the user: `Host taken from the URL: аррӏе.com (set
    /// aside: "https://", "/login?x=1").`; `None` for a plain name.
    pub fn sentence(&self) -> Option<String> {
        if !self.changed() {
            return None;
        }
        let aside: Vec<String> = [self.before, self.after]
            .into_iter()
            .filter(|part| !part.is_empty())
            .map(|part| format!("{part:?}"))
            .collect();
        let aside = if aside.is_empty() {
            String::new()
        } else {
            format!(" (set aside: {})", aside.join(", "))
        };
        Some(format!("Host taken from {}: {}{aside}.", self.taken_from.noun(), self.host))
    }
}

/// Why a pasted text holds no host to inspect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoHost {
    /// A URL whose host is empty (`https:///x`, `file:///etc`).
    UrlWithoutHost,
    /// An e-mail address or `mailto:` link with nothing after its `@`, or no `@`.
    EmailWithoutDomain,
}

impl NoHost {
    /// A sentence for the user.
    pub fn sentence(self) -> &'static str {
        match self {
            NoHost::UrlWithoutHost => "The URL has no host (nothing between its // and the path).",
            NoHost::EmailWithoutDomain => "The e-mail address has no domain after an @.",
        }
    }
}

/// The URL Standard's special schemes (§4.2), which take an authority
/// after any number of slashes and backslashes.
const SPECIAL: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// The pairs a name may be wrapped in when pasted from a sentence or a mail.
const WRAPPERS: [(char, char); 8] = [
    ('<', '>'),
    ('"', '"'),
    ('\'', '\''),
    ('(', ')'),
    ('“', '”'),
    ('‘', '’'),
    ('«', '»'),
    ('[', ']'),
];

/// Sentence punctuation after a pasted name (a final `.` is the root's
/// label separator and stays).
const TRAILING: [char; 6] = [',', ';', '!', '?', '…', ':'];

/// The host in `input` as pasted; `Err` when it holds none.
///
/// Order: ASCII tabs and newlines removed and C0 controls and spaces
/// trimmed (URL Standard §4.4, before the scheme), then wrappers and
/// trailing punctuation peeled; then `mailto:`, a URL (a scheme followed by
/// `//`, a special scheme, or a `/`, `\`, `?` or `#` after the host, as an
/// address bar completes `example.com/path` to `http://`), an e-mail address
/// (an `@` and no URL; `user@host:port` is a URL's authority, its port set
/// aside), a `*.` wildcard, `host:port` (digits after the last
/// `:` outside brackets); anything else is the text itself.
pub fn take_host(input: &str) -> Result<Pasted<'_>, NoHost> {
    if is_plain(input) {
        return Ok(Pasted::plain(input));
    }
    take_host_steps(input)
}

/// The bytes of the ASCII characters any step of [`take_host_steps`] acts on: controls
/// and the space (trimmed, removed), wrappers and sentence punctuation
/// (peeled), the URL delimiters, `@`, `*` and `%`.
static ACTED_ON: [bool; 256] = widened(&crate::ascii_table!(|b| b <= b' '
    || b == 0x7F
    || matches!(
        b,
        b'<' | b'>'
            | b'"'
            | b'\''
            | b'('
            | b')'
            | b'['
            | b']'
            | b','
            | b';'
            | b'!'
            | b'?'
            | b':'
            | b'/'
            | b'\\'
            | b'#'
            | b'@'
            | b'*'
            | b'%'
    )));

/// Whether every step of [`take_host_steps`] leaves `text` as it is: no
/// ASCII character one acts on, and no other space, wrapper or
/// punctuation at either end, where peeling looks (`plain_text_takes_no_steps`).
fn is_plain(text: &str) -> bool {
    let quiet_end = |c: char| {
        c.is_ascii()
            || !(c.is_whitespace() || TRAILING.contains(&c) || WRAPPERS.iter().any(|&(open, close)| c == open || c == close))
    };
    let bytes = text.as_bytes();
    // Only a non-ASCII character at an end needs decoding.
    let ends_quiet = |at: Option<&u8>, c: Option<char>| at.is_none_or(u8::is_ascii) || c.is_none_or(quiet_end);
    bytes.iter().all(|&b| !ACTED_ON[b as usize])
        && ends_quiet(bytes.first(), text.chars().next())
        && ends_quiet(bytes.last(), text.chars().next_back())
}

/// `ascii`'s answers, and `false` for every byte past ASCII.
const fn widened(ascii: &[bool; 128]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 128 {
        table[byte] = ascii[byte];
        byte += 1;
    }
    table
}

/// [`take_host`]'s steps, taken on any text.
fn take_host_steps(input: &str) -> Result<Pasted<'_>, NoHost> {
    let (start, end) = peel(input);
    let text = &input[start..end];
    let found = if let Some(rest) = strip_prefix_ignore_case(text, "mailto:") {
        let address = &rest[..rest.find('?').unwrap_or(rest.len())];
        let at = address.rfind('@').ok_or(NoHost::EmailWithoutDomain)?;
        let offset = text.len() - rest.len();
        Found::new(TakenFrom::Email, offset + at + 1, offset + address.len())
    } else if let Some(found) = url(text)? {
        found
    } else if let Some(at) = text.rfind('@') {
        // `user@host:port` is no e-mail address but a URL's authority, which
        // an address bar completes with `http://`: the port is set aside.
        match port_colon(&text[at + 1..]) {
            Some(colon) => Found::new(TakenFrom::Url, at + 1, at + 1 + colon),
            None => Found::new(TakenFrom::Email, at + 1, text.len()),
        }
    } else if text.starts_with("*.") {
        Found::new(TakenFrom::Wildcard, 2, text.len())
    } else if let Some(colon) = port_colon(text) {
        Found::new(TakenFrom::HostPort, 0, colon)
    } else {
        Found::new(TakenFrom::Text, 0, text.len())
    };
    let (host_start, host_end) = (start + found.start, start + found.end);
    let raw = &input[host_start..host_end];
    match found.taken_from {
        _ if !raw.is_empty() => {}
        TakenFrom::Email => return Err(NoHost::EmailWithoutDomain),
        TakenFrom::Url => return Err(NoHost::UrlWithoutHost),
        // Nothing but spaces, quotes or punctuation: the text is the name,
        // for the stages to say what is wrong with it.
        _ => {
            return Ok(Pasted::plain(input));
        }
    }
    // The URL parser removes tabs and newlines everywhere; in a name they
    // stay, for the stages to flag.
    let host: Cow<'_, str> = if found.taken_from == TakenFrom::Url && raw.contains(['\t', '\n', '\r']) {
        raw.chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect::<String>()
            .into()
    } else {
        raw.into()
    };
    let host = if found.taken_from == TakenFrom::Url {
        percent_decoded(host)
    } else {
        host
    };
    Ok(Pasted {
        input,
        host,
        taken_from: found.taken_from,
        before: &input[..host_start],
        after: &input[host_end..],
    })
}

/// The host's byte range in the peeled text, and its source.
struct Found {
    taken_from: TakenFrom,
    start: usize,
    end: usize,
}

impl Found {
    fn new(taken_from: TakenFrom, start: usize, end: usize) -> Found {
        Found { taken_from, start, end }
    }
}

/// The byte range of `input` left once C0 controls and spaces are trimmed
/// and wrappers and trailing sentence punctuation are peeled, repeatedly.
fn peel(input: &str) -> (usize, usize) {
    let is_space = |c: char| c <= ' ' || c.is_whitespace();
    let (mut start, mut end) = (0, input.len());
    loop {
        let text = &input[start..end];
        let trimmed_start = text.len() - text.trim_start_matches(is_space).len();
        let trimmed = text.trim_matches(is_space);
        let (before, after) = (start + trimmed_start, start + trimmed_start + trimmed.len());
        let text = &input[before..after];
        let wrapper = WRAPPERS.iter().find(|&&(open, close)| {
            let inner = text.strip_prefix(open).and_then(|t| t.strip_suffix(close));
            // `[…]` around an IPv6 address is the address's own.
            inner.is_some_and(|inner| !(open == '[' && inner.contains(':')))
        });
        if let Some(&(open, close)) = wrapper {
            (start, end) = (before + open.len_utf8(), after - close.len_utf8());
            continue;
        }
        if let Some(last) = text.chars().next_back().filter(|c| TRAILING.contains(c)) {
            (start, end) = (before, after - last.len_utf8());
            continue;
        }
        // An opening wrapper left alone (`<example.com` after a cut).
        if let Some(first) = text.chars().next().filter(|&c| matches!(c, '<' | '"' | '“' | '«' | '(')) {
            (start, end) = (before + first.len_utf8(), after);
            continue;
        }
        if let Some(last) = text.chars().next_back().filter(|&c| matches!(c, '>' | '"' | '”' | '»' | ')')) {
            (start, end) = (before, after - last.len_utf8());
            continue;
        }
        return (before, after);
    }
}

/// `text` without `prefix`, compared ASCII case-insensitively.
fn strip_prefix_ignore_case<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

/// The host of `text` read as a URL, `None` when it is not one; `Err` for
/// a URL with an empty host.
fn url(text: &str) -> Result<Option<Found>, NoHost> {
    // The scheme state: ASCII alpha, then alphanumerics, `+`, `-`, `.`, then `:`.
    let scheme_end = text
        .find(':')
        .filter(|&colon| {
            let scheme = &text[..colon];
            scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        })
        .map(|colon| (text[..colon].to_ascii_lowercase(), colon + 1));
    let (authority_start, special, file) = match &scheme_end {
        // The file slash state: a host only after two slashes.
        Some((scheme, after)) if scheme == "file" => {
            let two = text[*after..].chars().take(2).filter(|c| matches!(c, '/' | '\\')).count() == 2;
            if !two {
                return Err(NoHost::UrlWithoutHost);
            }
            (*after + 2, true, true)
        }
        Some((scheme, after)) if SPECIAL.contains(&scheme.as_str()) => {
            // The special authority ignore slashes state.
            let slashes = text[*after..].len() - text[*after..].trim_start_matches(['/', '\\']).len();
            (*after + slashes, true, false)
        }
        Some((_, after)) if text[*after..].starts_with("//") => (*after + 2, false, false),
        // `example.com:8080` and `localhost:3000/x` are not URLs of
        // the schemes `example.com` and `localhost` to a person pasting them.
        _ if text.contains(['/', '\\', '?', '#']) && !text.starts_with(['/', '\\', '?', '#']) => (0, true, false),
        _ => return Ok(None),
    };
    let rest = &text[authority_start..];
    let stops: &[char] = if special { &['/', '\\', '?', '#'] } else { &['/', '?', '#'] };
    let authority = &rest[..rest.find(stops).unwrap_or(rest.len())];
    // The file host state has no credentials and no port.
    let host_start = if file {
        0
    } else {
        authority.rfind('@').map_or(0, |at| at + 1)
    };
    let host_part = &authority[host_start..];
    let mut inside_brackets = false;
    let host_end = host_part
        .char_indices()
        .find(|&(_, c)| {
            match c {
                '[' => inside_brackets = true,
                ']' => inside_brackets = false,
                _ => {}
            }
            c == ':' && !inside_brackets && !file
        })
        .map_or(host_part.len(), |(at, _)| at);
    if host_end == 0 {
        return Err(NoHost::UrlWithoutHost);
    }
    let start = authority_start + host_start;
    Ok(Some(Found::new(TakenFrom::Url, start, start + host_end)))
}

/// The byte offset of `text`'s port colon: the last `:` outside brackets,
/// followed by one or more ASCII digits and nothing else.
fn port_colon(text: &str) -> Option<usize> {
    let colon = text.rfind(':')?;
    let port = &text[colon + 1..];
    let host = &text[..colon];
    let bracketed = host.starts_with('[') && host.ends_with(']');
    let plain = !host.contains(':') || bracketed;
    (!port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) && plain && !host.is_empty()).then_some(colon)
}

/// `host` percent-decoded (URL Standard §1.3) where the bytes decode as
/// UTF-8; as it is otherwise, for the host parser to refuse.
fn percent_decoded(host: Cow<'_, str>) -> Cow<'_, str> {
    if !host.contains('%') {
        return host;
    }
    let decoded = crate::profiles::whatwg::percent_decode(&host).into_owned();
    match String::from_utf8(decoded) {
        Ok(decoded) => decoded.into(),
        Err(_) => host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taken(input: &str) -> (String, &'static str, String, String) {
        let pasted = take_host(input).unwrap_or_else(|e| panic!("{input:?}: {e:?}"));
        (
            pasted.host.to_string(),
            pasted.taken_from.name(),
            pasted.before.to_string(),
            pasted.after.to_string(),
        )
    }

    #[test]
    fn a_plain_name_is_the_text_itself() {
        for name in [
            "bücher.de",
            "аррӏе.com",
            "example.com.",
            "[::1]",
            "1.2.3.4",
            "xn--80ak6aa92e.com",
            "a_b.com",
        ] {
            let pasted = take_host(name).unwrap();
            assert_eq!((pasted.host.as_ref(), pasted.taken_from), (name, TakenFrom::Text));
            assert!(!pasted.changed());
            assert_eq!(pasted.sentence(), None);
        }
    }

    #[test]
    fn plain_text_takes_no_steps() {
        // Every ASCII character and a sample of others, alone, between
        // letters, at either end, and in real names.
        let mut texts: Vec<String> = Vec::new();
        let others = [
            '\u{A0}', '\u{3000}', '“', '”', '‘', '’', '«', '»', '…', 'ä', 'а', '。', '．', '＠', '／', '：', '\u{200D}',
        ];
        for c in (0u8..128).map(char::from).chain(others) {
            texts.extend([
                c.to_string(),
                format!("a{c}b.com"),
                format!("{c}ab.com"),
                format!("ab.com{c}"),
            ]);
        }
        texts.extend(["bücher.de", "аррӏе.com", "xn--80ak6aa92e.com", "example.com.", ""].map(String::from));
        let mut plain = 0;
        for text in &texts {
            if is_plain(text) {
                plain += 1;
                let steps = take_host_steps(text).expect("a plain text has a host");
                assert_eq!(
                    (steps.host.as_ref(), steps.taken_from),
                    (text.as_str(), TakenFrom::Text),
                    "{text:?}"
                );
            }
        }
        assert!(plain > 100 && plain < texts.len(), "{plain}");
    }

    #[test]
    fn urls_give_the_host_the_url_parser_takes() {
        let cases = [
            ("https://аррӏе.com/login?x=1", "аррӏе.com", "https://", "/login?x=1"),
            (
                "HTTPS://user:pw@Bücher.de:8443/#x",
                "Bücher.de",
                "HTTPS://user:pw@",
                ":8443/#x",
            ),
            ("http:\\\\example.com\\path", "example.com", "http:\\\\", "\\path"),
            ("https:example.com", "example.com", "https:", ""),
            // The special authority ignore slashes state skips every slash.
            ("https:///path", "path", "https:///", ""),
            ("localhost:3000/x", "localhost", "", ":3000/x"),
            ("http://[::1]:80/", "[::1]", "http://", ":80/"),
            ("ftp://a@b@c.com", "c.com", "ftp://a@b@", ""),
            ("foo://host.example/x", "host.example", "foo://", "/x"),
            ("file://server/share", "server", "file://", "/share"),
            ("example.com/login", "example.com", "", "/login"),
            ("https://%D0%B0pple.com/", "аpple.com", "https://", "/"),
            ("  <https://paypal.com/>, ", "paypal.com", "  <https://", "/>, "),
        ];
        for (input, host, before, after) in cases {
            assert_eq!(taken(input), (host.into(), "url", before.into(), after.into()), "{input:?}");
        }
    }

    #[test]
    fn e_mail_wildcards_and_ports() {
        assert_eq!(
            taken("kontakt@bücher.de"),
            ("bücher.de".into(), "email", "kontakt@".into(), "".into())
        );
        assert_eq!(
            taken("mailto:Kontakt@Bücher.de?subject=Hi"),
            ("Bücher.de".into(), "email", "mailto:Kontakt@".into(), "?subject=Hi".into())
        );
        assert_eq!(
            taken("user@bücher.de:8080"),
            ("bücher.de".into(), "url", "user@".into(), ":8080".into())
        );
        assert_eq!(taken("*.пример.рф"), ("пример.рф".into(), "wildcard", "*.".into(), "".into()));
        assert_eq!(
            taken("bücher.de:8080"),
            ("bücher.de".into(), "host-port", "".into(), ":8080".into())
        );
        assert_eq!(taken("[::1]:8080"), ("[::1]".into(), "host-port", "".into(), ":8080".into()));
        assert_eq!(
            taken("\"bücher.de\","),
            ("bücher.de".into(), "text", "\"".into(), "\",".into())
        );
        assert_eq!(taken("(see аррӏе.com)").1, "text");
        assert_eq!(taken("[bücher.de]"), ("bücher.de".into(), "text", "[".into(), "]".into()));
    }

    #[test]
    fn a_url_or_address_without_host_is_an_error_with_its_reason() {
        for blank in ["", " ", " <> ", ","] {
            assert_eq!(take_host(blank).unwrap().host, blank);
        }
        assert_eq!(take_host("https://"), Err(NoHost::UrlWithoutHost));
        assert_eq!(take_host("https://user@:8080/"), Err(NoHost::UrlWithoutHost));
        assert_eq!(take_host("file:/etc/hosts"), Err(NoHost::UrlWithoutHost));
        assert_eq!(take_host("file:///etc/hosts"), Err(NoHost::UrlWithoutHost));
        assert_eq!(take_host("mailto:someone"), Err(NoHost::EmailWithoutDomain));
        assert_eq!(take_host("someone@"), Err(NoHost::EmailWithoutDomain));
    }

    #[test]
    fn the_sentence_says_what_was_set_aside() {
        let pasted = take_host("https://аррӏе.com/login?x=1").unwrap();
        assert_eq!(
            pasted.sentence().unwrap(),
            "Host taken from the URL: аррӏе.com (set aside: \"https://\", \"/login?x=1\")."
        );
    }
}
