//! Property tests: Punycode round trip, UTS #46 idempotence, traced = untraced,
//! the fast paths against the full engine, the batch's line reader against the plain rules.

mod common;

use idna_inspector::batch::reader::SHOWN_PREFIX_BYTES;
use idna_inspector::batch::{Item, LineReader, MAX_LINE_BYTES};
use idna_inspector::punycode::{PunycodeErrorKind, decode, encode, encode_traced};
use idna_inspector::testing::{ValidUnicode, valid_ascii_name, write_unicode_name, write_valid_unicode_name};
use idna_inspector::uts46::{Options, Results, Uts46};
use proptest::prelude::*;
use unicode_normalization::UnicodeNormalization;

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

    /// The untraced encoder solves each delta; the traced one runs RFC 3492
    /// §6.3's passes. Labels with repeated code points, basic ones between
    /// them, and lengths on both sides of the solved form's limit.
    #[test]
    fn the_untraced_encoder_writes_the_passes_digits(s in label_like_text()) {
        prop_assert_eq!(encode(&s), encode_traced(&s).0);
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
/// characters (among them each neighbour of the ranges a–z, A–Z, 0–9 and
/// `-`–`.`), `xn--` and the odd non-ASCII letter, to exercise every branch of
/// the ASCII fast path.
fn ascii_domain_like() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a",
        "q",
        "z",
        "A",
        "Z",
        "0",
        "9",
        "-",
        "--",
        ".",
        "_",
        " ",
        ",",
        "/",
        ":",
        "@",
        "[",
        "`",
        "{",
        "\u{7F}",
        "é",
        "xn--",
        "XN--",
        "x",
        "n",
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
        match valid_ascii_name(&engine, &s, &options).map(|name| name.to_cow()) {
            Some(name) => {
                prop_assert!(full.to_ascii_n.is_ok() && full.to_ascii_t.is_ok() && full.to_unicode.is_ok(), "{:?}", full);
                prop_assert_eq!(&full.to_unicode.value, &*name);
                prop_assert_eq!(&full.to_ascii_n.value, &*name);
                prop_assert_eq!(&full.to_ascii_t.value, &*name);
            }
            // The fast path may decline a valid name (e.g. one with NUL), but must not decline the common case.
            None => {
                let all_ok = full.to_ascii_n.is_ok() && full.to_ascii_t.is_ok() && full.to_unicode.is_ok();
                // Declined by design: NUL (the table's fold leaves it to the full path), A-labels and non-ASCII.
                let has_a_label = s.to_ascii_lowercase().split('.').any(|label| label.starts_with("xn--"));
                let by_design = s.contains('\u{0}') || has_a_label || !s.is_ascii();
                prop_assert!(!all_ok || by_design, "declined a valid name {:?}", s);
            }
        }
        prop_assert_eq!(engine.process(&s, &options), full);
    }
}

/// Names with Unicode labels: valid letters of several scripts (Hebrew and
/// Arabic-Indic digits for the Bidi rule), a combining mark, deviations,
/// a joiner, mapped forms, hyphens, dots, `xn--` and a long label.
fn unicode_domain_like() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a",
        "Q",
        "7",
        "-",
        "--",
        ".",
        "_",
        "xn--",
        "ü",
        "日本",
        "пример",
        "ελ",
        "א",
        "ש",
        "٣",
        "1",
        "\u{0308}",
        "\u{0301}",
        "ß",
        "\u{200D}",
        "Ｊ",
        "ﬁ",
        "·",
        "\u{0644}",
        "😉",
        "ａａａａａａａａａａａａａａａａａａａａ",
        "ääääääääääääääääääääääääääääää",
        // Tamil and Bengali vowel signs the NFC quick check answers Maybe
        // for: ெ + ா composes (ொ), த + ா does not.
        "த",
        "\u{0BC6}",
        "\u{0BBE}",
        "\u{0BCA}",
        "\u{09C7}",
        "\u{09BE}",
        "ক",
    ]);
    prop::collection::vec(pieces, 1..16).prop_map(|parts| parts.concat())
}

/// The three results the Unicode fast path wrote into `out` (ToUnicode only
/// when it differs from `input`) are the full engine's.
fn fast_path_wrote_the_engine_results(input: &str, full: &Results, valid: &ValidUnicode, out: &str) -> Result<(), TestCaseError> {
    let to_unicode = valid.to_unicode.clone().map_or(input, |range| &out[range]);
    prop_assert_eq!(&full.to_unicode.value, to_unicode);
    prop_assert_eq!(
        valid.to_unicode.is_some(),
        full.to_unicode.value != input,
        "written only when it differs"
    );
    prop_assert_eq!(&full.to_ascii_n.value, &out[valid.to_ascii.clone()]);
    let to_ascii_t = valid.to_ascii_t.clone().unwrap_or(valid.to_ascii.clone());
    prop_assert_eq!(&full.to_ascii_t.value, &out[to_ascii_t]);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6000))]

    /// The Unicode fast path (taken by `process`, never by `process_traced`)
    /// agrees with the full engine, and takes every name it is meant for.
    #[test]
    fn unicode_fast_path_agrees_with_the_full_engine(s in unicode_domain_like(), flags in any::<[bool; 7]>()) {
        let options = options_from(flags);
        let engine = Uts46::new();
        let (full, trace) = engine.process_traced(&s, &options);
        let all_ok = full.to_ascii_n.is_ok() && full.to_ascii_t.is_ok() && full.to_unicode.is_ok();
        let mut out = String::from("kept:");
        if let Some(valid) = write_valid_unicode_name(&engine, &s, &options, &mut out) {
            prop_assert!(all_ok, "{:?}", full);
            fast_path_wrote_the_engine_results(&s, &full, &valid, &out)?;
        } else {
            prop_assert_eq!(&out, "kept:", "a declined name leaves the buffer as it was");
            // Declined by design: mappings to more than one character or to ASCII (ﬁ, Ｊ,
            // fullwidth a), joiners, A-labels, the root label, CheckContextO,
            // ASCII-only names (the ASCII path's), labels not in NFC as written and
            // labels the Map step changed that hold a mark (their NFC is left to the
            // engine), and labels of over 63 code points once mapped in either mode
            // (valid without VerifyDnsLength; `ß` becomes `ss` transitionally).
            let marks = ['\u{0308}', '\u{0301}', '\u{0BBE}', '\u{09BE}'];
            let nfc_left_to_the_engine = s.split('.').any(|label| {
                label.nfc().ne(label.chars()) || label.chars().any(|c| c.is_uppercase() || c == 'ß') && label.contains(marks)
            });
            let by_design = s.contains(['ﬁ', 'Ｊ', 'ａ'])
                || s.contains('\u{200D}')
                || nfc_left_to_the_engine
                || s.to_ascii_lowercase().split('.').any(|label| label.starts_with("xn--"))
                || s.ends_with('.')
                || [&trace.nontransitional.output, &trace.transitional.output]
                    .iter()
                    .any(|mapped| mapped.split('.').any(|label| label.chars().count() > 63))
                || options.check_contexto
                || s.is_ascii();
            prop_assert!(!all_ok || by_design, "declined a valid name {:?}", s);
        }
        // A name valid but for the Bidi rule: the same strings, and the full engine's errors.
        let mut out = String::new();
        if let Some((failing, true)) = write_unicode_name(&engine, &s, &options, &mut out) {
            prop_assert!(!all_ok, "{:?}", full);
            fast_path_wrote_the_engine_results(&s, &full, &failing, &out)?;
        }
        prop_assert_eq!(&engine.to_ascii_n(&s, &options), &full.to_ascii_n);
        prop_assert_eq!(engine.process(&s, &options), full);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Names written with A-labels (ToASCII of a generated name, sometimes in
    /// upper case) through the Unicode fast path agree with the full engine.
    #[test]
    fn a_labels_in_the_unicode_fast_path_agree_with_the_full_engine(
        s in unicode_domain_like(),
        flags in any::<[bool; 7]>(),
        upper in any::<bool>(),
    ) {
        let options = options_from(flags);
        let engine = Uts46::new();
        let ascii = engine.process(&s, &Options::default()).to_ascii_n.value;
        let input = if upper { ascii.to_uppercase() } else { ascii };
        let full = engine.process_traced(&input, &options).0;
        let mut out = String::new();
        if let Some(valid) = write_valid_unicode_name(&engine, &input, &options, &mut out) {
            prop_assert!(full.to_ascii_n.is_ok() && full.to_ascii_t.is_ok() && full.to_unicode.is_ok(), "{:?}", full);
            fast_path_wrote_the_engine_results(&input, &full, &valid, &out)?;
        }
        prop_assert_eq!(engine.process(&input, &options), full);
    }
}

#[test]
fn the_unicode_fast_path_takes_common_valid_names_and_declines_the_rest() {
    let engine = Uts46::new();
    let options = Options::default();
    let taken = |name: &str| {
        let mut out = String::new();
        let valid = write_valid_unicode_name(&engine, name, &options, &mut out)?;
        Some(out[valid.to_ascii].to_string())
    };
    for (name, ascii) in [
        ("bücher.example", "xn--bcher-kva.example"),
        ("пример.рф", "xn--e1afmkfd.xn--p1ai"),
        ("日本語.jp", "xn--wgv71a119e.jp"),
        ("שלום.co.il", "xn--9dbne9b.co.il"),
        ("www.مثال.إختبار", "www.xn--mgbh0fb.xn--kgbechtv"),
        // ா (U+0BBE) is NFC_Quick_Check=Maybe; after ர it composes with nothing.
        ("வார்த்தை.lk", "xn--rlca8at9b9c6ab.lk"),
    ] {
        assert_eq!(taken(name).as_deref(), Some(ascii), "{name}");
        assert_eq!(engine.process(name, &options).to_ascii_n.value, ascii);
    }
    // A-labels: decoded for ToUnicode, encoded again for ToASCII; a deviation
    // inside one is valid in both modes, so T is N.
    for (name, unicode) in [
        ("xn--bcher-kva.example", "bücher.example"),
        ("www.xn--mgbh0fb.xn--kgbechtv", "www.مثال.إختبار"),
        ("xn--fa-hia.de", "faß.de"),
    ] {
        let mut out = String::new();
        let valid = write_valid_unicode_name(&engine, name, &options, &mut out).expect(name);
        assert_eq!(&out[valid.to_unicode.unwrap()], unicode);
        assert_eq!(&out[valid.to_ascii], name);
        assert_eq!(valid.to_ascii_t, None, "{name}");
    }
    // Mapped to ASCII (fullwidth), upper-case A-label, A-label of ASCII only
    // (an error), bad Punycode, Bidi rule failure (B5: a Hebrew letter in a
    // label that starts left-to-right), joiner, hyphens, combining mark
    // first, root label.
    // Upper case maps to one valid character: taken, with ToUnicode written.
    let mut out = String::new();
    let valid = write_valid_unicode_name(&engine, "BÜCHER.DE", &options, &mut out).unwrap();
    assert_eq!(&out[valid.to_unicode.unwrap()], "bücher.de");
    assert_eq!(&out[valid.to_ascii], "xn--bcher-kva.de");
    // A deviation: ToASCII T written after N.
    let mut out = String::new();
    let valid = write_valid_unicode_name(&engine, "faß.de", &options, &mut out).unwrap();
    assert_eq!(valid.to_unicode, None, "ToUnicode is the input");
    assert_eq!(&out[valid.to_ascii], "xn--fa-hia.de");
    assert_eq!(&out[valid.to_ascii_t.unwrap()], "fass.de");
    for name in [
        "Ｂücher.example",
        "XN--BCHER-KVA.example",
        "xn--abc-.example",
        "xn--zz-9999999.net",
        "aש.com",
        "a\u{200D}b.com",
        "-ü.com",
        "\u{0308}a.com",
        "bücher.example.",
    ] {
        assert_eq!(taken(name), None, "{name}");
    }
}

/// A name whose one failure is the Bidi rule takes the Unicode fast path
/// (its strings are a valid name's, its errors the Bidi rule's), unless it
/// holds a deviation: then the two modes may fail differently, and the full
/// engine runs. Either way `process` and `to_ascii_n` give the full engine's results.
#[test]
fn the_unicode_fast_path_writes_names_that_only_break_the_bidi_rule() {
    let engine = Uts46::new();
    for options in [Options::default(), idna_inspector::profiles::whatwg::uts46_options()] {
        for (name, taken) in [
            // An Arabic label that ends in a Latin letter (B2, B3) beside a valid one.
            ("إلهي.القراءx.com", true),
            // A Hebrew letter in a label that starts left-to-right (B5, B6).
            ("aש.com", true),
            // Mapped (upper case) first: ToUnicode is written.
            ("QUIZ.אבג1x.il", true),
            // A deviation: left to the full engine.
            ("faß.القراءx.com", false),
        ] {
            let full = engine.process_traced(name, &options).0;
            assert!(
                !full.to_unicode.errors.is_empty() && full.to_unicode.errors.iter().all(|e| e.code.to_string().starts_with('B')),
                "{name}: {full:?}"
            );
            let mut out = String::new();
            match write_unicode_name(&engine, name, &options, &mut out) {
                Some((failing, true)) => {
                    assert!(taken, "{name}");
                    fast_path_wrote_the_engine_results(name, &full, &failing, &out).unwrap();
                }
                other => assert!(!taken && other.is_none(), "{name}: {other:?}"),
            }
            assert_eq!(engine.process(name, &options), full, "{name}");
            assert_eq!(engine.to_ascii_n(name, &options), full.to_ascii_n, "{name}");
        }
    }
}

/// An owned [`Item`], to compare what readers hand out.
#[derive(Debug, PartialEq)]
enum OwnedItem {
    Text(u64, String),
    NotUtf8(u64, Vec<u8>),
    TooLong(u64, Vec<u8>, u64),
}

fn owned(item: Item<'_>) -> OwnedItem {
    match item {
        Item::Text { line, text } => OwnedItem::Text(line, text.to_string()),
        Item::NotUtf8 { line, bytes } => OwnedItem::NotUtf8(line, bytes.to_vec()),
        Item::TooLong { line, prefix, bytes } => OwnedItem::TooLong(line, prefix.to_vec(), bytes),
        Item::MissingColumn { .. } => unreachable!("plain lines have no columns"),
    }
}

/// The lines of `bytes` by the reader's rules, written as plainly as they
/// read: split at LF (a last line without LF counts, an empty tail does
/// not), the CR of a CR LF dropped, line 1's BOM dropped, a line over the
/// limit too long (its first 256 bytes kept), else UTF-8 or not.
fn lines_by_the_rules(bytes: &[u8]) -> Vec<OwnedItem> {
    let mut parts: Vec<(&[u8], bool)> = bytes.split(|&b| b == b'\n').map(|part| (part, true)).collect();
    let last = parts.pop().expect("split gives at least one part").0;
    if !last.is_empty() {
        parts.push((last, false));
    }
    let mut items = Vec::new();
    for (index, (mut line, ended)) in parts.into_iter().enumerate() {
        let number = index as u64 + 1;
        if number == 1 {
            line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        }
        if ended {
            line = line.strip_suffix(b"\r").unwrap_or(line);
        }
        items.push(if line.len() > MAX_LINE_BYTES {
            OwnedItem::TooLong(number, line[..SHOWN_PREFIX_BYTES].to_vec(), line.len() as u64)
        } else {
            match std::str::from_utf8(line) {
                Ok(text) => OwnedItem::Text(number, text.to_string()),
                Err(_) => OwnedItem::NotUtf8(number, line.to_vec()),
            }
        });
    }
    items
}

/// Bytes like a list of names, with line endings, BOMs, invalid and cut
/// UTF-8 sequences, and now and then a line over the length limit.
fn batch_file() -> impl Strategy<Value = Vec<u8>> {
    let text = [
        "a.com", "xn--", "é", "日", "😉", "\n", "\n", "\r\n", "\r", "\u{FEFF}", "#", " ", "\u{2028}",
    ];
    let mut pieces: Vec<Vec<u8>> = text.iter().map(|piece| piece.as_bytes().to_vec()).collect();
    pieces.extend([vec![0xFF], vec![0xC3], vec![0x80], vec![b'x'; MAX_LINE_BYTES - 2]]);
    prop::collection::vec(prop::sample::select(pieces), 0..60).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The line reader (blocks of lines checked for UTF-8 at once, lines
    /// handed out from the source's buffer or gathered past its end) gives
    /// the lines the plain rules give, through buffers of any size.
    #[test]
    fn the_line_reader_splits_as_the_rules_say(file in batch_file(), capacity in prop::sample::select(vec![1usize, 2, 5, 64, 4096, 1 << 16])) {
        let mut reader = LineReader::new(std::io::BufReader::with_capacity(capacity, &file[..]));
        let mut items = Vec::new();
        while let Some(item) = reader.next_item().unwrap() {
            items.push(owned(item));
        }
        prop_assert_eq!(items, lines_by_the_rules(&file));
    }
}

/// Text shaped like labels for the encoder: 0 to 80 code points drawn from a
/// few repeated ones, ASCII, Latin-1, one script's block and anywhere.
fn label_like_text() -> impl Strategy<Value = String> {
    let code_point = prop_oneof![
        prop::sample::select(vec!['é', 'ü', 'ß', 'я', '中', '\u{10FFFF}']),
        proptest::char::range('a', 'z'),
        proptest::char::range('\u{80}', '\u{FF}'),
        proptest::char::range('\u{0430}', '\u{044F}'),
        any::<char>(),
    ];
    prop::collection::vec(code_point, 0..80).prop_map(|chars| chars.into_iter().collect())
}
