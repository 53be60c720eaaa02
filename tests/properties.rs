//! Property tests: Punycode round trip, UTS #46 idempotence, traced = untraced.

mod common;

use idna_inspector::punycode::{PunycodeErrorKind, decode, encode};
use idna_inspector::uts46::{Options, Uts46};
use proptest::prelude::*;

/// Strings built from pieces that exercise every stage: ASCII, separators,
/// deviations, joiners, RTL letters and digits, combining marks, fullwidth
/// and uppercase forms, ignorables, and xn-- prefixes.
fn domain_like() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a", "b", "z", "0", "7", "-", ".", "。", "．", "ß", "ẞ", "ς", "Σ", "\u{200C}", "\u{200D}", "\u{094D}", "क", "ष", "א",
        "ب", "٣", "\u{0308}", "u", "Ｊ", "A", "\u{00AD}", "ü", "日", "😉", "xn--", "_", "⒈", "\u{0644}",
    ]);
    prop::collection::vec(pieces, 0..12).prop_map(|parts| parts.concat())
}

/// Options with each flag from `flags`, in declaration order.
fn options_from(flags: [bool; 7]) -> Options {
    Options {
        use_std3_ascii_rules: flags[0],
        check_hyphens: flags[1],
        check_bidi: flags[2],
        check_joiners: flags[3],
        verify_dns_length: flags[4],
        ignore_invalid_punycode: flags[5],
        check_contexto: flags[6],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn punycode_round_trips(s in any::<String>()) {
        match encode(&s) {
            Ok(encoded) => prop_assert_eq!(decode(&encoded).unwrap(), s),
            Err(error) => prop_assert_eq!(error.kind, PunycodeErrorKind::Overflow),
        }
    }

    #[test]
    fn processing_is_idempotent_on_success(s in domain_like()) {
        let engine = Uts46::new();
        let options = Options::default();
        let first = engine.process(&s, &options);
        if first.to_unicode.is_ok() {
            let again = engine.process(&first.to_unicode.value, &options);
            prop_assert!(again.to_unicode.is_ok());
            prop_assert_eq!(&again.to_unicode.value, &first.to_unicode.value);
            prop_assert_eq!(&again.to_ascii_n.value, &first.to_ascii_n.value);
        }
        if first.to_ascii_n.is_ok() {
            let from_ascii = engine.process(&first.to_ascii_n.value, &options);
            prop_assert_eq!(&from_ascii.to_ascii_n.value, &first.to_ascii_n.value);
            prop_assert_eq!(&from_ascii.to_unicode.value, &first.to_unicode.value);
        }
    }

    #[test]
    fn traced_and_untraced_results_are_identical(s in domain_like(), flags in any::<[bool; 7]>()) {
        let options = options_from(flags);
        let engine = Uts46::new();
        prop_assert_eq!(engine.process(&s, &options), engine.process_traced(&s, &options).0);
    }
}

#[test]
fn traced_equals_untraced_on_every_idna_test_v2_source() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tables/IdnaTestV2.txt")).unwrap();
    let (lines, _) = common::parse(&text);
    let engine = Uts46::new();
    let options = Options::default();
    for line in &lines {
        let (traced, trace) = engine.process_traced(&line.source, &options);
        assert_eq!(engine.process(&line.source, &options), traced, "line {}", line.line_no);
        assert_eq!(trace.to_ascii_n.output, traced.to_ascii_n.value);
        assert_eq!(trace.nontransitional.output, traced.to_unicode.value);
    }
}

/// ASCII-only names: letters of both cases, digits, hyphens, dots, STD3-disallowed
/// characters and `xn--`, to exercise every branch of the ASCII fast path.
fn ascii_domain_like() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a",
        "q",
        "Z",
        "0",
        "9",
        "-",
        "--",
        ".",
        "_",
        " ",
        "xn--",
        "XN--",
        "ab",
        "\u{0}",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    ]);
    prop::collection::vec(pieces, 0..20).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// The ASCII fast path (taken by `process`, never by `process_traced`) agrees with the full engine.
    #[test]
    fn ascii_fast_path_agrees_with_the_full_engine(s in ascii_domain_like(), flags in any::<[bool; 7]>()) {
        let options = options_from(flags);
        let engine = Uts46::new();
        let full = engine.process_traced(&s, &options).0;
        match engine.valid_ascii_name(&s, &options).map(|name| name.to_cow()) {
            Some(name) => {
                prop_assert!(full.to_ascii_n.is_ok() && full.to_ascii_t.is_ok() && full.to_unicode.is_ok(), "{:?}", full);
                prop_assert_eq!(&full.to_unicode.value, &*name);
                prop_assert_eq!(&full.to_ascii_n.value, &*name);
                prop_assert_eq!(&full.to_ascii_t.value, &*name);
            }
            // The fast path may decline a valid name (e.g. one with NUL), but must not decline the common case.
            None => {
                let all_ok = full.to_ascii_n.is_ok() && full.to_ascii_t.is_ok() && full.to_unicode.is_ok();
                // Declined by design: NUL (the table's fold leaves it to the full path) and A-labels.
                let has_a_label = s.to_ascii_lowercase().split('.').any(|label| label.starts_with("xn--"));
                prop_assert!(!all_ok || s.contains('\u{0}') || has_a_label, "declined a valid name {:?}", s);
            }
        }
        prop_assert_eq!(engine.process(&s, &options), full);
    }
}
