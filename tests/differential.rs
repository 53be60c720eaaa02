//! Differential test against rust-url's `idna` crate 1.1.0 (Unicode 16.0
//! data, as ours): 120,000 generated names through both engines' ToASCII
//! and ToUnicode under two flag sets. Every difference must fall under a
//! rule listed in `explain`; none may be unexplained.

mod common;

use common::names;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46 as Peer};
use idna_inspector::MappingTable;
use idna_inspector::punycode::{self, PunycodeErrorKind};
use idna_inspector::table::{Idna2008Status, Status};
use idna_inspector::uts46::{ErrorCode, Options, Results, Uts46};
use std::collections::BTreeMap;

const NAMES: usize = 120_000;

/// The flag sets both engines can express. The idna crate always checks
/// bidi and joiners and has no transitional processing, so we compare
/// ToASCII N and ToUnicode only.
fn flag_sets() -> [(Options, AsciiDenyList, Hyphens, DnsLength); 2] {
    let strict = Options {
        use_std3_ascii_rules: true,
        check_hyphens: true,
        verify_dns_length: true,
        ..Options::default()
    };
    let lenient = Options {
        use_std3_ascii_rules: false,
        check_hyphens: false,
        verify_dns_length: false,
        ..Options::default()
    };
    [
        (strict, AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify),
        (lenient, AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore),
    ]
}

#[derive(Debug, PartialEq)]
struct Outcome {
    to_ascii: Result<String, ()>,
    to_unicode: (String, bool),
}

#[test]
fn agrees_with_the_idna_crate_on_a_generated_corpus() {
    let corpus = names::corpus(MappingTable::bundled(), NAMES);
    let engine = Uts46::new();
    let peer = Peer::new();
    let mut differences: BTreeMap<&'static str, (usize, String)> = BTreeMap::new();
    let mut unexplained = Vec::new();
    let (mut same, mut both_ok) = (0, 0);
    for (options, deny, hyphens, dns) in flag_sets() {
        for name in &corpus {
            let results = engine.process(name, &options);
            let ours = Outcome {
                to_ascii: if results.to_ascii_n.is_ok() {
                    Ok(results.to_ascii_n.value.clone())
                } else {
                    Err(())
                },
                to_unicode: (results.to_unicode.value.clone(), results.to_unicode.is_ok()),
            };
            let (unicode, unicode_ok) = peer.to_unicode(name.as_bytes(), deny, hyphens);
            let theirs = Outcome {
                to_ascii: peer
                    .to_ascii(name.as_bytes(), deny, hyphens, dns)
                    .map(|s| s.into_owned())
                    .map_err(|_| ()),
                to_unicode: (unicode.into_owned(), unicode_ok.is_ok()),
            };
            if ours == theirs {
                same += 1;
                both_ok += usize::from(ours.to_ascii.is_ok());
                continue;
            }
            match explain(&results, &ours, &theirs) {
                Some(rule) => {
                    let entry = differences.entry(rule).or_insert_with(|| {
                        let shown = format!("{name:?}: ours {ours:?}, idna {theirs:?}");
                        (0, shorten(&shown))
                    });
                    entry.0 += 1;
                }
                None => unexplained.push(format!(
                    "{:?} {options:?}\n  ours {}\n  idna {}",
                    shorten(name),
                    shorten(&format!("{ours:?}")),
                    shorten(&format!("{theirs:?}"))
                )),
            }
        }
    }
    println!(
        "{} comparisons: {same} identical ({both_ok} with ToASCII success in both)",
        2 * corpus.len()
    );
    // A corpus where almost everything fails would prove little.
    assert!(both_ok > corpus.len() / 2, "too few successful names: {both_ok}");
    report(&differences, &unexplained);
}

/// The documented rule a difference falls under, or `None`.
fn explain(results: &Results, ours: &Outcome, theirs: &Outcome) -> Option<&'static str> {
    if ours.to_ascii != theirs.to_ascii {
        return None;
    }
    let (our_unicode, our_ok) = &ours.to_unicode;
    let (their_unicode, their_ok) = &theirs.to_unicode;
    if *our_ok
        && !their_ok
        && results.to_ascii_n.codes().contains(&ErrorCode::A3)
        && differ_only_in_marked_labels(our_unicode, their_unicode)
    {
        return Some(
            "ToUnicode of a label over 1,000 code points: the idna crate applies its Punycode encode \
             limit (ICU's, ours too for ToASCII: A3) in ToUnicode as well; UTS #46 ToUnicode encodes nothing",
        );
    }
    if our_unicode == their_unicode && !our_ok && *their_ok && results.to_unicode.codes() == [ErrorCode::X4_2] {
        return Some(
            "ToUnicode of a name with an empty label: IdnaTestV2.txt records X4_2 (its 'compatibility \
             error'), the idna crate's to_unicode records nothing",
        );
    }
    if !our_ok && !their_ok && differ_only_in_marked_labels(our_unicode, their_unicode) {
        return Some(
            "ToUnicode failed in both; idna writes U+FFFD over the failing part (its error marking), \
             UTS #46 §4 keeps the processed text and records the error (compared label by label)",
        );
    }
    None
}

/// Same number of labels, and every label that differs carries idna's U+FFFD error mark.
fn differ_only_in_marked_labels(ours: &str, theirs: &str) -> bool {
    ours.split('.').count() == theirs.split('.').count()
        && ours
            .split('.')
            .zip(theirs.split('.'))
            .all(|(a, b)| a == b || b.contains('\u{FFFD}'))
}

/// The Python oracle's answer for one name (see scripts/python_idna_oracle.py).
#[derive(serde::Deserialize)]
struct PythonAnswer {
    ascii: Option<String>,
    ascii_error: Option<String>,
    unicode: Option<String>,
    unicode_error: Option<String>,
    encode: Vec<Option<String>>,
    decode: Vec<Option<Decoded>>,
    unknown: Vec<u32>,
}

#[derive(serde::Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Decoded {
    Text(String),
    /// Python strings may hold surrogates; Rust strings (and UTS #46) may not.
    LoneSurrogate {
        lone_surrogate: bool,
    },
}

/// The oracle's answers for the shared corpus, computed once for all tests.
fn python_answers_for_corpus() -> Option<&'static (Vec<String>, Vec<PythonAnswer>)> {
    static ANSWERS: std::sync::OnceLock<Option<(Vec<String>, Vec<PythonAnswer>)>> = std::sync::OnceLock::new();
    ANSWERS
        .get_or_init(|| {
            let corpus = names::corpus(MappingTable::bundled(), NAMES);
            python_answers(&corpus).map(|answers| (corpus, answers))
        })
        .as_ref()
}

/// Runs the oracle on `names`, or `None` when Python's `idna` 3.20 is not
/// installed (CI installs it and sets IDNA_INSPECTOR_REQUIRE_PYTHON=1, which
/// turns its absence into a failure).
fn python_answers(names: &[String]) -> Option<Vec<PythonAnswer>> {
    common::python::oracle_answers("python_idna_oracle.py", names)
}

#[test]
fn punycode_agrees_with_pythons_codec() {
    let Some((corpus, answers)) = python_answers_for_corpus() else {
        return;
    };
    let (mut encoded, mut decoded, mut surrogates, mut leading_delimiter) = (0, 0, 0, 0);
    for (name, answer) in corpus.iter().zip(answers) {
        let labels: Vec<&str> = name.split('.').collect();
        for (label, theirs) in labels.iter().zip(&answer.encode) {
            assert_eq!(punycode::encode(label).ok().as_ref(), theirs.as_ref(), "encode {label:?}");
            encoded += 1;
        }
        let a_labels = labels
            .iter()
            .filter(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")));
        for (label, theirs) in a_labels.zip(&answer.decode) {
            let ours = punycode::decode(&label[4..]);
            match theirs {
                Some(Decoded::LoneSurrogate { .. }) => {
                    let error = ours.expect_err("a surrogate is not a scalar value");
                    assert!(
                        matches!(error.kind, PunycodeErrorKind::CodePointOutOfRange(0xD800..=0xDFFF)),
                        "{label:?}: {error:?}"
                    );
                    surrogates += 1;
                }
                // RFC 3492 §6.2 consumes the last delimiter only when code points
                // precede it, so a leading '-' is then read as a digit and fails.
                Some(Decoded::Text(_)) if label[4..].starts_with('-') && label[5..].find('-').is_none() => {
                    assert!(
                        matches!(ours, Err(ref e) if e.kind == PunycodeErrorKind::InvalidDigit('-')),
                        "{label:?}"
                    );
                    leading_delimiter += 1;
                }
                Some(Decoded::Text(text)) => assert_eq!(ours.as_ref(), Ok(text), "decode {label:?}"),
                None => assert!(ours.is_err(), "decode {label:?}: ours {ours:?}, Python's codec raised"),
            }
            decoded += 1;
        }
    }
    println!(
        "{encoded} labels encoded and {decoded} A-labels decoded by both, the same except where explained: {surrogates} decode to a \
         surrogate code point, which Python's codec returns and ours rejects (RFC 3492 §6.2 decodes to \
         code points; UTS #46 and Rust strings hold scalar values only); {leading_delimiter} start with \
         their only delimiter, which Python's codec skips and RFC 3492 §6.2 does not"
    );
}

#[test]
fn agrees_with_python_idna_where_idna2008_and_uts46_agree() {
    let table = MappingTable::bundled();
    let Some((corpus, answers)) = python_answers_for_corpus() else {
        return;
    };
    let engine = Uts46::new();
    let options = Options::default();
    let mut differences: BTreeMap<&'static str, (usize, String)> = BTreeMap::new();
    let mut unexplained = Vec::new();
    let mut same = 0;
    for (name, answer) in corpus.iter().zip(answers) {
        let results = engine.process(name, &options);
        let ours_ascii = results.to_ascii_n.is_ok().then(|| results.to_ascii_n.value.clone());
        let ours_unicode = results.to_unicode.is_ok().then(|| results.to_unicode.value.clone());
        if ours_ascii == answer.ascii && ours_unicode == answer.unicode {
            same += 1;
            continue;
        }
        let shown = || {
            format!(
                "{}: ours {} {} {:?}, Python {} {:?} / {} {:?}",
                shorten(name),
                shorten(&format!("{ours_ascii:?}")),
                shorten(&format!("{ours_unicode:?}")),
                results.to_unicode.codes(),
                shorten(&format!("{:?}", answer.ascii)),
                answer.ascii_error,
                shorten(&format!("{:?}", answer.unicode)),
                answer.unicode_error
            )
        };
        match explain_python(table, &results, answer) {
            Some(rule) => differences.entry(rule).or_insert((0, shown())).0 += 1,
            None => unexplained.push(shown()),
        }
    }
    println!("{} names: {same} identical", corpus.len());
    report(&differences, &unexplained);
}

/// Prints each rule with its count and an example; fails on any unexplained difference.
fn report(differences: &BTreeMap<&'static str, (usize, String)>, unexplained: &[String]) {
    for (rule, (count, example)) in differences {
        println!("{count:6}  {rule}\n        e.g. {example}");
    }
    assert!(
        unexplained.is_empty(),
        "{} unexplained differences, first ones:\n{}",
        unexplained.len(),
        unexplained.iter().take(12).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// The documented rule a difference from Python's `idna` falls under, or
/// `None`. Python's package checks IDNA2008 (RFC 5891–5893, with RFC 5892
/// CONTEXTO) after the UTS #46 mapping, with Unicode 18 tables for IDNA but
/// the interpreter's own `unicodedata` (Unicode 14 in Python 3.11).
fn explain_python(table: &MappingTable, results: &Results, answer: &PythonAnswer) -> Option<&'static str> {
    let python_error = answer.ascii_error.as_deref().or(answer.unicode_error.as_deref());
    let python_code_point = python_error
        .and_then(|e| e.rsplit_once(" U+"))
        .and_then(|(_, hex)| u32::from_str_radix(hex, 16).ok())
        .and_then(char::from_u32);
    let we_succeed = results.to_ascii_n.is_ok() || results.to_unicode.is_ok();
    if answer.ascii.is_none() && we_succeed {
        if python_code_point.is_some_and(|c| answer.unknown.contains(&u32::from(c))) {
            return Some(
                "a character assigned after Unicode 14.0, which Python 3.11's unicodedata does not know \
                 (no bidi class or category): Python rejects, our Unicode 16.0 data accepts",
            );
        }
        if let Some(c) = python_code_point {
            let row = table.lookup(c);
            if python_error.is_some_and(|e| e.starts_with("InvalidCodepoint:"))
                && row.status == Status::Valid
                && row.idna2008 != Idna2008Status::None
            {
                return Some(
                    "a character UTS #46 marks valid but NV8/XV8 (symbols, punctuation, emoji): IDNA2008 \
                     (RFC 5892) disallows it, UTS #46 §5 allows it",
                );
            }
            if python_error.is_some_and(|e| e.starts_with("InvalidCodepointContext:")) && is_contexto(c) {
                return Some(
                    "a CONTEXTO character (RFC 5892 Appendix A.3–A.9) outside its context: Python checks \
                     CONTEXTO, UTS #46 does not (IdnaTestV2.txt: 'The CONTEXTO tests are optional')",
                );
            }
        }
    }
    if results.to_unicode.is_ok()
        && answer.unicode.is_none()
        && python_error.is_some_and(|e| e.ends_with("domain_too_long"))
        && results.to_ascii_n.codes().contains(&ErrorCode::A4_1)
    {
        return Some(
            "a name longer than 253 octets: UTS #46 ToUnicode checks no length (VerifyDnsLength is \
             ToASCII's step 4), Python's idna.decode does",
        );
    }
    // Every error is a Bidi rule error of a label without R, AL or AN: a
    // left-to-right label that the rule checks only because another label of
    // the name is right-to-left.
    let labels: Vec<&str> = results.to_unicode.value.split('.').collect();
    let properties = table.properties();
    let ltr_label_bidi_errors_only = !results.to_unicode.errors.is_empty()
        && results.to_unicode.errors.iter().all(|e| {
            e.code.as_str().starts_with('B')
                && e.label
                    .and_then(|i| labels.get(i))
                    .is_some_and(|label| !label.chars().any(|c| properties.is_rtl_or_arabic_number(c)))
        });
    if ltr_label_bidi_errors_only && answer.unicode.as_deref() == Some(&results.to_unicode.value) {
        return Some(
            "an LTR label in a Bidi domain name: RFC 5893 §2 (UTS #46 §4.1 criterion 9) checks every \
             label of the name, Python's idna only labels that hold RTL characters",
        );
    }
    if python_error.is_some_and(|e| e.ends_with("input_too_long")) && results.to_unicode.is_ok() {
        return Some(
            "a name of over 1,024 characters: Python's idna refuses it before processing (its \
             defensive input limit); ours decodes A-labels of up to 2,000 bytes (ICU's limit)",
        );
    }
    let ours_ascii = &results.to_ascii_n;
    if !ours_ascii.is_ok()
        && ours_ascii.codes() == [ErrorCode::A4_2]
        && ours_ascii.value.ends_with('.')
        && answer.ascii.as_deref() == Some(&ours_ascii.value)
    {
        return Some(
            "a trailing dot (empty root label): VerifyDnsLength rejects it in ToASCII (A4_2, UTS #46 \
             §4.2 step 4 since Unicode 15.0); Python's idna accepts it",
        );
    }
    None
}

/// RFC 5892 Appendix A.3–A.9: the CONTEXTO code points.
fn is_contexto(c: char) -> bool {
    matches!(c, '\u{00B7}' | '\u{0375}' | '\u{05F3}' | '\u{05F4}' | '\u{30FB}' | '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}')
}

/// `text`, or its first and last 60 characters around a count of the rest.
fn shorten(text: &str) -> String {
    let count = text.chars().count();
    if count <= 160 {
        return text.to_string();
    }
    let head: String = text.chars().take(60).collect();
    let tail: String = text.chars().skip(count - 60).collect();
    format!("{head}…[{} more]…{tail}", count - 120)
}
