//! Arbitrary bytes as an LGR file (RFC 7940 XML): the parser never panics;
//! an error names a line when it belongs to one; a file that parses evaluates
//! a few labels (fixed ones and the file's own characters) without panicking,
//! with consistent results.
#![no_main]

use idna_inspector::lgr::{DecidedBy, Lgr};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(xml) = std::str::from_utf8(data) else { return };
    let lgr = match Lgr::parse(xml) {
        Ok(lgr) => lgr,
        Err(e) => {
            assert!(!e.message.is_empty());
            return;
        }
    };
    let own: String = xml.chars().filter(|c| !c.is_ascii_punctuation() && !c.is_whitespace()).take(12).collect();
    for label in ["a", "ab-c", "-a", "a--b", "xn--a", "\u{0301}a", "l\u{00b7}l", own.as_str()] {
        let e = lgr.evaluate(label);
        if label.is_empty() {
            assert_eq!(e.decided_by, DecidedBy::Empty);
            continue;
        }
        assert_eq!(e.index_label.is_some(), e.invalid_code_points.is_empty(), "{label:?}");
        if e.eligible {
            assert!(e.invalid_code_points.is_empty() && e.disposition != "invalid", "{label:?}");
        }
        if let Some(v) = &e.variants {
            assert!(v.windows(2).all(|w| w[0].label < w[1].label), "{label:?}");
            assert!(v.iter().all(|x| x.label != label), "{label:?}");
        }
        let _ = lgr.describe_action(&e.decided_by);
    }
});
