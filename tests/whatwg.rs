//! The WHATWG profile is the URL Standard's host parser: checked against
//! the web-platform-tests data (`tests/data/wpt/`, provenance in
//! `tables/README.md`) and the Standard's own examples.

use idna_inspector::Uts46;
use idna_inspector::profiles::whatwg::{Host, parse_host};

/// WPT's `url/resources/toascii.json`: each input is the host of
/// `https://INPUT/x` (WPT percent-encodes `: / ? # \` in it, which the host
/// parser decodes again); `output` is the host, `null` a failure.
#[test]
fn wpt_toascii_is_matched_exactly() {
    let engine = Uts46::new();
    let data: serde_json::Value = serde_json::from_str(include_str!("data/wpt/toascii.json")).unwrap();
    let mut ran = 0;
    let mut wrong = Vec::new();
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let expected = case["output"].as_str();
        let parsed = parse_host(&engine, input);
        let got = parsed.serialized();
        if got.as_deref() != expected {
            wrong.push(format!("{input:?}: expected {expected:?}, got {got:?} ({:?})", parsed.errors));
        }
        ran += 1;
    }
    assert_eq!(ran, 87);
    assert!(wrong.is_empty(), "{} of {ran} differ:\n{}", wrong.len(), wrong.join("\n"));
}

/// The authority of a special URL as the URL Standard's basic URL parser
/// finds it (§4.4: leading/trailing C0 controls and spaces stripped, tabs and
/// newlines removed, `\` as `/`, the host after the last `@`, a port after
/// `:`), enough to hand the host to the host parser. `None`: not a special
/// URL written with `scheme://`; `Some(None)`: the URL parser itself fails
/// (an empty host, a bad port).
fn special_url_host(input: &str) -> Option<Option<String>> {
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let cleaned: String = trimmed.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect();
    let (scheme, rest) = cleaned.split_once(':')?;
    if !["http", "https", "ws", "wss", "ftp"].contains(&scheme.to_ascii_lowercase().as_str()) {
        return None;
    }
    // Only URLs written with `scheme://` (or `\\`) name their host themselves;
    // `http:host` and `http:/host` resolve against the base instead.
    let rest = rest.strip_prefix(['/', '\\'])?.strip_prefix(['/', '\\'])?;
    let rest = rest.trim_start_matches(['/', '\\']);
    let authority = &rest[..rest.find(['/', '\\', '?', '#']).unwrap_or(rest.len())];
    let host_and_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    // A `:` outside brackets starts the port.
    let mut inside = false;
    let split = host_and_port.char_indices().find(|&(_, c)| {
        match c {
            '[' => inside = true,
            ']' => inside = false,
            ':' if !inside => return true,
            _ => {}
        }
        false
    });
    let (host, port) = match split {
        Some((i, _)) => (&host_and_port[..i], Some(&host_and_port[i + 1..])),
        None => (host_and_port, None),
    };
    if let Some(port) = port
        && (!port.bytes().all(|b| b.is_ascii_digit()) || port.parse::<u16>().is_err() && !port.is_empty())
    {
        return Some(None);
    }
    if host.is_empty() {
        return Some(None);
    }
    Some(Some(host.to_string()))
}

/// WPT's `url/resources/urltestdata.json` as upstream has it (the whole
/// file, `tests/data/wpt/urltestdata.json`): every special URL written with
/// `scheme://` gets the expected host, or fails. The other entries test the
/// URL parser beyond the host (paths, non-special schemes, relative URLs).
#[test]
fn wpt_urltestdata_special_hosts_are_matched_exactly() {
    let engine = Uts46::new();
    let data: serde_json::Value = serde_json::from_str(include_str!("data/wpt/urltestdata.json")).unwrap();
    let (mut ran, mut wrong) = (0, Vec::new());
    for case in data.as_array().unwrap().iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().unwrap();
        let Some(host) = special_url_host(input) else { continue };
        let expected = if case["failure"].as_bool() == Some(true) {
            None
        } else {
            case["hostname"].as_str().map(str::to_string)
        };
        let got = host.and_then(|h| parse_host(&engine, &h).serialized());
        ran += 1;
        if got != expected {
            wrong.push(format!("{input:?}: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} of {ran} differ:\n{}", wrong.len(), wrong.join("\n"));
    assert_eq!(ran, 379, "special URLs written with `scheme://` in the file");
}

/// The host parser's example table in the URL Standard (§3.5, isOpaque = false).
#[test]
fn the_standards_examples() {
    let engine = Uts46::new();
    let cases = [
        ("EXAMPLE.COM", Some("example.com")),
        ("example%2Ecom", Some("example.com")),
        ("faß.example", Some("xn--fa-hia.example")),
        ("0", Some("0.0.0.0")),
        ("%30", Some("0.0.0.0")),
        ("0x", Some("0.0.0.0")),
        ("0xffffffff", Some("255.255.255.255")),
        ("[0:0::1]", Some("[::1]")),
        ("[0:0::1%5D", None),
        ("[0:0::%31]", None),
        ("09", None),
        ("example.255", None),
        ("example^example", None),
    ];
    for (input, expected) in cases {
        assert_eq!(parse_host(&engine, input).serialized().as_deref(), expected, "{input}");
    }
    assert_eq!(parse_host(&engine, "0x7f.1").host, Some(Host::Ipv4(0x7F00_0001)));
}

/// Each validation error under its name, failing or not as the Standard's table says.
#[test]
fn validation_errors_carry_the_standards_names() {
    let engine = Uts46::new();
    let names = |input: &str| -> Vec<(&'static str, bool)> {
        parse_host(&engine, input)
            .errors
            .iter()
            .map(|e| (e.name, e.failure))
            .collect()
    };
    assert_eq!(names(""), [("host-missing", true)]);
    assert_eq!(names("exam%70le.org"), [("domain-percent-encoded", false)]);
    assert_eq!(
        names("exa mple.com"),
        [("domain-to-ASCII", true)],
        "space is a forbidden domain code point"
    );
    assert_eq!(names("a<b.com"), [("domain-to-ASCII", true)]);
    assert_eq!(
        names("%C2%AD"),
        [("domain-percent-encoded", false), ("domain-to-ASCII", true)]
    );
    assert_eq!(
        names("a_b.com"),
        [("domain-to-ASCII", false)],
        "_ fails STD3 but is no forbidden domain code point"
    );
    // The strict ToASCII records A4_2 for the empty root label (IdnaTestV2.txt: `a.b.c.d.` → [A4_2]).
    assert_eq!(names("127.0.0.1."), [("domain-to-ASCII", false), ("IPv4-empty-part", false)]);
    assert_eq!(names("1.2.3"), [("IPv4-too-few-parts", false)]);
    assert_eq!(names("1.2.3.4.5"), [("IPv4-too-many-parts", true)]);
    assert_eq!(
        names("test.42"),
        [("IPv4-too-few-parts", false), ("IPv4-non-numeric-part", true)]
    );
    assert_eq!(names("127.0.0x0.1"), [("IPv4-non-decimal-part", false)]);
    assert_eq!(names("255.255.4000.1"), [("IPv4-out-of-range-part", true)]);
    assert_eq!(
        names("192.168.257"),
        [("IPv4-too-few-parts", false), ("IPv4-out-of-range-part", false)]
    );
    assert_eq!(names("①.②.③.④"), [("IPv4-non-ASCII-input", false)]);
    assert_eq!(names("[::1"), [("IPv6-unclosed", true)]);
    assert_eq!(names("[:1]"), [("IPv6-invalid-compression", true)]);
    assert_eq!(names("[1:2:3:4:5:6:7:8:9]"), [("IPv6-too-many-pieces", true)]);
    assert_eq!(names("[1::1::1]"), [("IPv6-multiple-compression", true)]);
    assert_eq!(names("[1:2:3!:4]"), [("IPv6-invalid-code-point", true)]);
    assert_eq!(names("[1:2:3:]"), [("IPv6-invalid-code-point", true)]);
    assert_eq!(names("[1:2:3]"), [("IPv6-too-few-pieces", true)]);
    assert_eq!(names("[::01]"), [("IPv6-piece-leading-zero", false)]);
    assert_eq!(names("[1:1:1:1:1:1:1:127.0.0.1]"), [("IPv4-in-IPv6-too-many-pieces", true)]);
    assert_eq!(names("[ffff::127.00.0.1]"), [("IPv4-in-IPv6-invalid-code-point", true)]);
    assert_eq!(names("[ffff::127.0.0.4000]"), [("IPv4-in-IPv6-out-of-range-part", true)]);
    assert_eq!(names("[ffff::127.0.0]"), [("IPv4-in-IPv6-too-few-parts", true)]);
}
