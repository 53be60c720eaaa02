//! UTS #46 processing: the seed document's examples (Table 1 deviations,
//! Table 2 processing examples, §1.3.2 spoofing scenario), each flag, and
//! what the trace records.

use idna_inspector::uts46::{CheckOutcome, ErrorCode, MapAction, Options, Results, Uts46};

fn process(input: &str) -> Results {
    Uts46::new().process(input, &Options::default())
}

fn codes(conversion: &idna_inspector::uts46::Conversion) -> Vec<&'static str> {
    conversion.codes().iter().map(|c| c.as_str()).collect()
}

#[test]
fn table_2_examples_of_processing() {
    let bloss = process("Bloß.de");
    assert_eq!(
        (bloss.to_unicode.value.as_str(), bloss.to_ascii_t.value.as_str()),
        ("bloß.de", "bloss.de")
    );
    assert_eq!(bloss.to_ascii_n.value, "xn--blo-7ka.de");
    // Punycode is not mapped, so ß never changes, transitional or not.
    let puny = process("xn--blo-7ka.de");
    assert_eq!(puny.to_unicode.value, "bloß.de");
    assert_eq!(puny.to_ascii_t.value, "xn--blo-7ka.de");
    // Normalize changes u + U+0308 to ü.
    assert_eq!(process("u\u{0308}.com").to_ascii_n.value, "xn--tda.com");
    assert_eq!(process("xn--tda.com").to_unicode.value, "ü.com");
    // Punycode is validated: u + U+0308 is not NFC.
    let not_nfc = process("xn--u-ccb.com");
    assert_eq!(not_nfc.to_unicode.value, "u\u{0308}.com");
    assert_eq!(codes(&not_nfc.to_unicode), ["V1"]);
    // ⒈ is disallowed (it would produce a dot when mapped), in the input or decoded.
    assert_eq!(codes(&process("a⒈com").to_ascii_n), ["V7"]);
    let decoded = process("xn--a-ecp.ru");
    assert_eq!(decoded.to_unicode.value, "a⒈.ru");
    assert_eq!(codes(&decoded.to_unicode), ["V7"]);
    // xn--0 is not valid Punycode: the label is kept and P4 recorded.
    let invalid = process("xn--0.pt");
    assert_eq!(
        (invalid.to_unicode.value.as_str(), codes(&invalid.to_unicode)),
        ("xn--0.pt", vec!["P4"])
    );
    // Fullwidth characters are remapped, including the ideographic full stop.
    let japanese = process("日本語。ＪＰ");
    assert_eq!(japanese.to_unicode.value, "日本語.jp");
    assert_eq!(japanese.to_ascii_n.value, "xn--wgv71a119e.jp");
    // Post-Unicode 3.2 characters are allowed.
    assert!(process("👉.us").to_ascii_n.is_ok());
}

#[test]
fn table_1_deviations_and_the_spoofing_scenario() {
    let fass = process("faß.de");
    assert_eq!(
        (fass.to_ascii_n.value.as_str(), fass.to_ascii_t.value.as_str()),
        ("xn--fa-hia.de", "fass.de")
    );
    assert!(fass.transitional_differs());
    let bolos = process("βόλος.com");
    assert_eq!(bolos.to_ascii_n.value, "xn--nxasmm1c.com");
    assert_eq!(bolos.to_ascii_t.value, "xn--nxasmq6b.com");
    // §1.3.2: the bank's name goes to two different hosts.
    let bank = process("www.sparkasse-gießen.de");
    assert_eq!(bank.to_ascii_n.value, "www.xn--sparkasse-gieen-2ib.de");
    assert_eq!(bank.to_ascii_t.value, "www.sparkasse-giessen.de");
    // ZWJ after a virama is allowed (C2 passes); transitional processing removes it.
    let zwj = process("\u{0915}\u{094D}\u{200D}\u{0937}");
    assert!(zwj.to_ascii_n.is_ok(), "{:?}", zwj.to_ascii_n);
    assert_eq!(zwj.to_ascii_t.value, process("\u{0915}\u{094D}\u{0937}").to_ascii_n.value);
    assert!(!process("bücher.de").transitional_differs());
}

#[test]
fn capital_sharp_s_maps_to_ss_transitionally() {
    let results = process("ẞ.de");
    assert_eq!(results.to_unicode.value, "ß.de");
    assert_eq!(results.to_ascii_t.value, "ss.de");
    assert!(results.to_ascii_t.is_ok());
}

#[test]
fn errors_carry_label_and_position() {
    let results = process("à\u{05D0}");
    let errors: Vec<_> = results
        .to_unicode
        .errors
        .iter()
        .map(|e| (e.code, e.label, e.position))
        .collect();
    assert_eq!(errors, [(ErrorCode::B5, Some(0), Some(1)), (ErrorCode::B6, Some(0), Some(1))]);
    let hyphens = process("ok.-ab--c-");
    let v3: Vec<_> = hyphens
        .to_unicode
        .errors
        .iter()
        .filter(|e| e.code == ErrorCode::V3)
        .map(|e| (e.label, e.position))
        .collect();
    assert_eq!(v3, [(Some(1), Some(0)), (Some(1), Some(6))], "\"-ab--c-\" has 7 code points");
    // Every failure of a label is reported, not only the first.
    assert_eq!(codes(&process("-a_\u{0308}-").to_unicode), ["V3", "U1"]);
}

#[test]
fn each_flag_switches_its_codes_off() {
    let engine = Uts46::new();
    let off = |change: fn(&mut Options)| {
        let mut options = Options::default();
        change(&mut options);
        options
    };
    let run = |input: &str, options: Options| engine.process(input, &options);
    assert_eq!(codes(&run("a_b.com", Options::default()).to_ascii_n), ["U1"]);
    assert!(run("a_b.com", off(|o| o.use_std3_ascii_rules = false)).to_ascii_n.is_ok());
    assert_eq!(codes(&run("-ab.com", Options::default()).to_ascii_n), ["V3"]);
    assert!(run("-ab.com", off(|o| o.check_hyphens = false)).to_ascii_n.is_ok());
    assert_eq!(codes(&run("à\u{05D0}", Options::default()).to_ascii_n), ["B5", "B6"]);
    assert!(run("à\u{05D0}", off(|o| o.check_bidi = false)).to_ascii_n.is_ok());
    assert_eq!(codes(&run("a\u{200D}b", Options::default()).to_unicode), ["C2"]);
    assert!(run("a\u{200D}b", off(|o| o.check_joiners = false)).to_unicode.is_ok());
    let long_label = format!("{}.com", "a".repeat(64));
    assert_eq!(codes(&run(&long_label, Options::default()).to_ascii_n), ["A4_2"]);
    assert!(run(&long_label, off(|o| o.verify_dns_length = false)).to_ascii_n.is_ok());
    // An empty label: X4_2 in ToUnicode, A4_2 in ToASCII (VerifyDnsLength), nothing without it.
    let empty = run("a..b", Options::default());
    assert_eq!(
        (codes(&empty.to_unicode), codes(&empty.to_ascii_n)),
        (vec!["X4_2"], vec!["A4_2"])
    );
    assert!(run("a..b", off(|o| o.verify_dns_length = false)).to_ascii_n.is_ok());
    // IgnoreInvalidPunycode keeps the label without P4; it is then validated like any label.
    let ignored = run("xn--0.pt", off(|o| o.ignore_invalid_punycode = true));
    assert!(!ignored.to_unicode.codes().contains(&ErrorCode::P4));
    assert_eq!(ignored.to_unicode.value, "xn--0.pt");
}

#[test]
fn trace_records_each_step() {
    let engine = Uts46::new();
    let (results, trace) = engine.process_traced("Ｂü\u{00AD}ẞ。xn--tda", &Options::default());
    let n = &trace.nontransitional;
    let actions: Vec<MapAction> = n.map.iter().map(|s| s.action).collect();
    assert_eq!(
        actions,
        [
            MapAction::Replaced,
            MapAction::Kept,
            MapAction::Removed,
            MapAction::Replaced,
            MapAction::Replaced
        ]
        .into_iter()
        .chain([MapAction::Kept; 7])
        .collect::<Vec<_>>()
    );
    assert_eq!(n.map[0].name.to_string(), "FULLWIDTH LATIN CAPITAL LETTER B");
    assert_eq!(n.map[0].row.range.to_string(), "FF22");
    assert_eq!(n.map[2].row.status.as_str(), "ignored");
    assert_eq!(n.mapped, "büß.xn--tda");
    assert_eq!(n.labels.len(), 2);
    assert_eq!(n.labels[0].separator, Some('。'), "the dot came from U+3002");
    assert_eq!(n.labels[1].converted, "ü");
    assert!(
        n.labels[1]
            .punycode
            .as_ref()
            .is_some_and(|p| p.replaced && p.decode.output == "ü")
    );
    assert_eq!(trace.transitional.map[3].output, "ss");
    // Python: "büß".encode("punycode") == b"b-qfa0g".
    assert_eq!(trace.to_ascii_n.labels[0].output, "xn--b-qfa0g");
    assert_eq!(trace.to_ascii_n.labels[0].encode.as_ref().unwrap().insertions.len(), 2);
    assert_eq!(results.to_ascii_t.value, "xn--bss-hoa.xn--tda");

    // A normalization step that changes the text: u + U+0308 → ü.
    let (_, trace) = engine.process_traced("u\u{0308}.com", &Options::default());
    assert_eq!(
        (
            trace.nontransitional.mapped.as_str(),
            trace.nontransitional.normalized.as_str()
        ),
        ("u\u{0308}.com", "ü.com")
    );
}

#[test]
fn checklist_agrees_with_the_error_list() {
    let engine = Uts46::new();
    let (results, trace) = engine.process_traced("0à.\u{05D0}-", &Options::default());
    for error in &results.to_unicode.errors {
        let label = &trace.nontransitional.labels[error.label.unwrap()];
        let check = label
            .checks
            .iter()
            .find(|c| c.code == error.code)
            .expect("every error code has its check");
        match &check.outcome {
            CheckOutcome::Fail(positions) => assert!(error.position.is_none_or(|p| positions.contains(&p))),
            other => panic!("{:?} recorded but its check says {other:?}", error.code),
        }
    }
    assert!(trace.nontransitional.bidi_domain);
}

/// `n` distinct CJK ideographs from U+4E00.
fn distinct_cjk(n: u32) -> String {
    (0..n).map(|i| char::from_u32(0x4E00 + i).unwrap()).collect()
}

#[test]
fn punycode_length_limits_stop_quadratic_work_with_p4_and_a3() {
    use idna_inspector::punycode::{PunycodeErrorKind, encode};
    const MAX_DECODE_BYTES: usize = Uts46::MAX_DECODE_BYTES;
    const MAX_ENCODE_CODE_POINTS: usize = Uts46::MAX_ENCODE_CODE_POINTS;
    let lenient = Options {
        verify_dns_length: false,
        ..Options::default()
    };
    let engine = Uts46::new();
    let at_limit = distinct_cjk(MAX_ENCODE_CODE_POINTS as u32);
    let over = distinct_cjk(MAX_ENCODE_CODE_POINTS as u32 + 1);
    assert!(engine.process(&at_limit, &lenient).to_ascii_n.is_ok());
    let (results, trace) = engine.process_traced(&over, &lenient);
    assert_eq!(codes(&results.to_ascii_n), ["A3"]);
    assert!(results.to_unicode.is_ok(), "ToUnicode encodes nothing");
    let error = trace.to_ascii_n.labels[0].encode.as_ref().unwrap().error.unwrap();
    assert_eq!(
        error.kind,
        PunycodeErrorKind::TooLong {
            length: 1001,
            limit: 1000
        }
    );

    // A valid A-label just under the decode limit decodes; one just over does not.
    let encoded_length = |n: u32| encode(&distinct_cjk(n)).unwrap().len();
    let mut n = 256;
    while encoded_length(n) <= MAX_DECODE_BYTES {
        n += 64;
    }
    while encoded_length(n - 1) > MAX_DECODE_BYTES {
        n -= 1;
    }
    let over = format!("xn--{}", encode(&distinct_cjk(n)).unwrap());
    let text = distinct_cjk(n - 1);
    let under = format!("xn--{}", encode(&text).unwrap());
    assert!(under.len() - 4 <= MAX_DECODE_BYTES);
    assert_eq!(engine.process(&under, &lenient).to_unicode.value, text);
    let (results, trace) = engine.process_traced(&over, &lenient);
    assert_eq!(codes(&results.to_unicode), ["P4"]);
    assert_eq!(results.to_unicode.value, over, "the undecoded label is kept");
    let decode = &trace.nontransitional.labels[0].punycode.as_ref().unwrap().decode;
    assert!(matches!(
        decode.error.unwrap().kind,
        PunycodeErrorKind::TooLong { limit: 2000, .. }
    ));
}
